//! PPTX written by hand: no well-kept crate writes presentations, and a minimal valid
//! PresentationML package is small. One slide master with one "Title and Content" layout, a
//! theme, and one slide per part of the document (title + bullets), zipped with `zip`.

use std::io::Write;

use zip::ZipWriter;
use zip::write::SimpleFileOptions;

use crate::error::DocumentError;
use crate::markdown::{Block, Run, markdown_to_blocks, plain};
use crate::request::{Body, DocumentSpec};
use crate::xml::escape_xml;

const NS: &str = r#"xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main""#;
const DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
const REL: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const CT: &str = "application/vnd.openxmlformats-officedocument";
const MONO: &str = "DejaVu Sans Mono";

/// One paragraph on a slide.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Para {
    /// 0 for a top-level bullet.
    level: u8,
    /// Bulleted (list items) or plain (paragraphs, code).
    bullet: bool,
    runs: Vec<Run>,
}

/// One slide: a title and paragraphs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct SlideContent {
    title: String,
    paras: Vec<Para>,
}

/// The runs of one line of inline Markdown (bold, italic, code), blocks joined by spaces.
pub(crate) fn inline_runs(text: &str) -> Vec<Run> {
    let mut runs = Vec::new();
    for block in markdown_to_blocks(text) {
        let block_runs = match block {
            Block::Heading { runs, .. } | Block::Paragraph(runs) | Block::ListItem { runs, .. } => {
                runs
            }
            Block::Code(code) => vec![Run {
                text: code,
                code: true,
                ..Run::default()
            }],
            Block::Rule => continue,
        };
        if !runs.is_empty() {
            runs.push(Run {
                text: " ".to_owned(),
                ..Run::default()
            });
        }
        runs.extend(block_runs);
    }
    if runs.is_empty() && !text.trim().is_empty() {
        runs.push(Run {
            text: text.trim().to_owned(),
            ..Run::default()
        });
    }
    runs
}

fn paras_of(blocks: Vec<Block>) -> Vec<Para> {
    let mut paras = Vec::new();
    for block in blocks {
        match block {
            Block::Heading { runs, .. } => paras.push(Para {
                level: 0,
                bullet: false,
                runs: runs.into_iter().map(|r| Run { bold: true, ..r }).collect(),
            }),
            Block::Paragraph(runs) => paras.push(Para {
                level: 0,
                bullet: false,
                runs,
            }),
            Block::ListItem { depth, runs, .. } => paras.push(Para {
                level: depth.min(4),
                bullet: true,
                runs,
            }),
            Block::Code(code) => paras.extend(code.lines().map(|line| Para {
                level: 0,
                bullet: false,
                runs: vec![Run {
                    text: line.to_owned(),
                    code: true,
                    ..Run::default()
                }],
            })),
            Block::Rule => {}
        }
    }
    paras
}

fn slides_of(spec: &DocumentSpec) -> Vec<SlideContent> {
    let subtitle = spec
        .branding
        .as_ref()
        .and_then(|b| b.name.clone())
        .map(|name| {
            vec![Para {
                level: 0,
                bullet: false,
                runs: vec![Run {
                    text: name,
                    ..Run::default()
                }],
            }]
        })
        .unwrap_or_default();
    let mut title_slide = SlideContent {
        title: spec.title.clone(),
        paras: subtitle,
    };
    let mut slides = Vec::new();
    match &spec.body {
        Body::Slides(given) => {
            let repeats_title = given.first().is_some_and(|s| s.title == spec.title);
            if !repeats_title {
                slides.push(title_slide);
            }
            for slide in given {
                slides.push(SlideContent {
                    title: slide.title.clone(),
                    paras: slide
                        .bullets
                        .iter()
                        .map(|b| Para {
                            level: 0,
                            bullet: true,
                            runs: inline_runs(b),
                        })
                        .collect(),
                });
            }
        }
        Body::Pages(pages) => {
            slides.push(title_slide);
            for page in pages {
                slides.push(SlideContent {
                    title: page.title.clone().unwrap_or_else(|| spec.title.clone()),
                    paras: paras_of(markdown_to_blocks(&page.content)),
                });
            }
        }
        Body::Markdown(markdown) => {
            // Each level-1 or level-2 heading starts a slide; what precedes the first one goes
            // on the title slide.
            let mut current: Option<SlideContent> = None;
            let mut intro = Vec::new();
            for block in markdown_to_blocks(markdown) {
                match block {
                    Block::Heading { level, runs } if level <= 2 => {
                        if let Some(done) = current.take() {
                            slides.push(done);
                        }
                        current = Some(SlideContent {
                            title: plain(&runs),
                            paras: Vec::new(),
                        });
                    }
                    other => match current.as_mut() {
                        Some(slide) => slide.paras.extend(paras_of(vec![other])),
                        None => intro.push(other),
                    },
                }
            }
            if let Some(done) = current.take() {
                slides.push(done);
            }
            title_slide.paras.extend(paras_of(intro));
            slides.insert(0, title_slide);
        }
    }
    slides
}

fn runs_xml(runs: &[Run], size: Option<u32>) -> String {
    let mut out = String::new();
    for run in runs.iter().filter(|r| !r.text.is_empty()) {
        out.push_str("<a:r><a:rPr lang=\"en-US\"");
        if let Some(size) = size {
            out.push_str(&format!(" sz=\"{size}\""));
        }
        if run.bold {
            out.push_str(" b=\"1\"");
        }
        if run.italic {
            out.push_str(" i=\"1\"");
        }
        out.push_str(" dirty=\"0\"");
        if run.code {
            out.push_str(&format!("><a:latin typeface=\"{MONO}\"/></a:rPr>"));
        } else {
            out.push_str("/>");
        }
        out.push_str(&format!("<a:t>{}</a:t></a:r>", escape_xml(&run.text)));
    }
    out
}

fn placeholder(id: u32, name: &str, ph: &str, body: &str) -> String {
    format!(
        "<p:sp><p:nvSpPr><p:cNvPr id=\"{id}\" name=\"{name}\"/><p:cNvSpPr><a:spLocks noGrp=\"1\"/></p:cNvSpPr>\
<p:nvPr>{ph}</p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr><a:normAutofit/></a:bodyPr><a:lstStyle/>{body}</p:txBody></p:sp>"
    )
}

const GROUP: &str = "<p:nvGrpSpPr><p:cNvPr id=\"1\" name=\"\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>\
<p:grpSpPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"0\" cy=\"0\"/><a:chOff x=\"0\" y=\"0\"/><a:chExt cx=\"0\" cy=\"0\"/></a:xfrm></p:grpSpPr>";

fn slide_xml(slide: &SlideContent) -> String {
    let title = runs_xml(
        &[Run {
            text: slide.title.clone(),
            ..Run::default()
        }],
        None,
    );
    let mut shapes = placeholder(
        2,
        "Title 1",
        "<p:ph type=\"title\"/>",
        &format!("<a:p>{title}<a:endParaRPr lang=\"en-US\" dirty=\"0\"/></a:p>"),
    );
    if !slide.paras.is_empty() {
        let mut body = String::new();
        for para in &slide.paras {
            body.push_str("<a:p>");
            if para.bullet {
                if para.level > 0 {
                    body.push_str(&format!("<a:pPr lvl=\"{}\"/>", para.level));
                }
            } else {
                body.push_str("<a:pPr marL=\"0\" indent=\"0\"><a:buNone/></a:pPr>");
            }
            body.push_str(&runs_xml(&para.runs, None));
            body.push_str("<a:endParaRPr lang=\"en-US\" dirty=\"0\"/></a:p>");
        }
        shapes.push_str(&placeholder(3, "Content 2", "<p:ph idx=\"1\"/>", &body));
    }
    format!(
        "{DECL}<p:sld {NS}><p:cSld><p:spTree>{GROUP}{shapes}</p:spTree></p:cSld>\
<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>"
    )
}

fn master_xml(title_color: &str) -> String {
    let level = |n: u32, mar: u32, size: u32, bullet: &str| {
        format!(
            "<a:lvl{n}pPr marL=\"{mar}\" indent=\"-285750\"><a:spcBef><a:spcPts val=\"600\"/></a:spcBef>\
<a:buFont typeface=\"Arial\"/><a:buChar char=\"{bullet}\"/><a:defRPr sz=\"{size}\">\
<a:solidFill><a:schemeClr val=\"tx1\"/></a:solidFill><a:latin typeface=\"+mn-lt\"/></a:defRPr></a:lvl{n}pPr>"
        )
    };
    let body_levels: String = [
        level(1, 285750, 2400, "•"),
        level(2, 742950, 2000, "–"),
        level(3, 1200150, 1800, "•"),
        level(4, 1657350, 1600, "–"),
        level(5, 2114550, 1600, "•"),
    ]
    .concat();
    let title = placeholder(
        2,
        "Title Placeholder 1",
        "<p:ph type=\"title\"/>",
        "<a:p><a:endParaRPr lang=\"en-US\"/></a:p>",
    )
    .replace(
        "<p:spPr/>",
        "<p:spPr><a:xfrm><a:off x=\"838200\" y=\"365125\"/><a:ext cx=\"10515600\" cy=\"1325563\"/></a:xfrm>\
<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></p:spPr>",
    );
    let body = placeholder(
        3,
        "Text Placeholder 2",
        "<p:ph type=\"body\" idx=\"1\"/>",
        "<a:p><a:endParaRPr lang=\"en-US\"/></a:p>",
    )
    .replace(
        "<p:spPr/>",
        "<p:spPr><a:xfrm><a:off x=\"838200\" y=\"1825625\"/><a:ext cx=\"10515600\" cy=\"4351338\"/></a:xfrm>\
<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></p:spPr>",
    );
    format!(
        "{DECL}<p:sldMaster {NS}><p:cSld><p:bg><p:bgRef idx=\"1001\"><a:schemeClr val=\"bg1\"/></p:bgRef></p:bg>\
<p:spTree>{GROUP}{title}{body}</p:spTree></p:cSld>\
<p:clrMap bg1=\"lt1\" tx1=\"dk1\" bg2=\"lt2\" tx2=\"dk2\" accent1=\"accent1\" accent2=\"accent2\" accent3=\"accent3\" \
accent4=\"accent4\" accent5=\"accent5\" accent6=\"accent6\" hlink=\"hlink\" folHlink=\"folHlink\"/>\
<p:sldLayoutIdLst><p:sldLayoutId id=\"2147483649\" r:id=\"rId1\"/></p:sldLayoutIdLst>\
<p:txStyles><p:titleStyle><a:lvl1pPr algn=\"l\"><a:defRPr sz=\"4000\" b=\"1\"><a:solidFill><a:srgbClr val=\"{title_color}\"/></a:solidFill>\
<a:latin typeface=\"+mj-lt\"/></a:defRPr></a:lvl1pPr></p:titleStyle>\
<p:bodyStyle>{body_levels}</p:bodyStyle>\
<p:otherStyle><a:lvl1pPr><a:defRPr sz=\"1800\"><a:solidFill><a:schemeClr val=\"tx1\"/></a:solidFill></a:defRPr></a:lvl1pPr></p:otherStyle>\
</p:txStyles></p:sldMaster>"
    )
}

fn layout_xml() -> String {
    let title = placeholder(
        2,
        "Title 1",
        "<p:ph type=\"title\"/>",
        "<a:p><a:endParaRPr lang=\"en-US\"/></a:p>",
    );
    let body = placeholder(
        3,
        "Content Placeholder 2",
        "<p:ph idx=\"1\"/>",
        "<a:p><a:endParaRPr lang=\"en-US\"/></a:p>",
    );
    format!(
        "{DECL}<p:sldLayout {NS} type=\"obj\" preserve=\"1\"><p:cSld name=\"Title and Content\"><p:spTree>{GROUP}{title}{body}</p:spTree></p:cSld>\
<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>"
    )
}

fn theme_xml(accent: &str) -> String {
    let fills = "<a:solidFill><a:schemeClr val=\"phClr\"/></a:solidFill>".repeat(3);
    let lines =
        "<a:ln w=\"6350\"><a:solidFill><a:schemeClr val=\"phClr\"/></a:solidFill></a:ln>".repeat(3);
    let effects = "<a:effectStyle><a:effectLst/></a:effectStyle>".repeat(3);
    let font = "<a:latin typeface=\"DejaVu Sans\"/><a:ea typeface=\"\"/><a:cs typeface=\"\"/>";
    format!(
        "{DECL}<a:theme xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" name=\"aartiq\"><a:themeElements>\
<a:clrScheme name=\"aartiq\"><a:dk1><a:srgbClr val=\"1F2328\"/></a:dk1><a:lt1><a:srgbClr val=\"FFFFFF\"/></a:lt1>\
<a:dk2><a:srgbClr val=\"44546A\"/></a:dk2><a:lt2><a:srgbClr val=\"E7E6E6\"/></a:lt2>\
<a:accent1><a:srgbClr val=\"{accent}\"/></a:accent1><a:accent2><a:srgbClr val=\"ED7D31\"/></a:accent2>\
<a:accent3><a:srgbClr val=\"A5A5A5\"/></a:accent3><a:accent4><a:srgbClr val=\"FFC000\"/></a:accent4>\
<a:accent5><a:srgbClr val=\"5B9BD5\"/></a:accent5><a:accent6><a:srgbClr val=\"70AD47\"/></a:accent6>\
<a:hlink><a:srgbClr val=\"0563C1\"/></a:hlink><a:folHlink><a:srgbClr val=\"954F72\"/></a:folHlink></a:clrScheme>\
<a:fontScheme name=\"aartiq\"><a:majorFont>{font}</a:majorFont><a:minorFont>{font}</a:minorFont></a:fontScheme>\
<a:fmtScheme name=\"aartiq\"><a:fillStyleLst>{fills}</a:fillStyleLst><a:lnStyleLst>{lines}</a:lnStyleLst>\
<a:effectStyleLst>{effects}</a:effectStyleLst><a:bgFillStyleLst>{fills}</a:bgFillStyleLst></a:fmtScheme>\
</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>"
    )
}

type Rel = (String, String, String);

/// A relationship: id, type (a suffix of the officeDocument relationship namespace, or a full
/// URI) and target.
fn rel(id: &str, kind: &str, target: &str) -> Rel {
    let kind = if kind.starts_with("http") {
        kind.to_owned()
    } else {
        format!("{REL}/{kind}")
    };
    (id.to_owned(), kind, target.to_owned())
}

fn rels(entries: &[Rel]) -> String {
    let mut out = format!(
        "{DECL}<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    );
    for (id, kind, target) in entries {
        out.push_str(&format!(
            "<Relationship Id=\"{id}\" Type=\"{kind}\" Target=\"{target}\"/>"
        ));
    }
    out.push_str("</Relationships>");
    out
}

/// Writes a document as PPTX bytes: a title slide, then one slide per slide, page, or level-1
/// or level-2 heading of the Markdown.
///
/// # Errors
/// [`DocumentError::Package`] when the archive cannot be written.
pub fn build_pptx(spec: &DocumentSpec) -> Result<Vec<u8>, DocumentError> {
    let slides = slides_of(spec);
    let accent = spec
        .branding
        .as_ref()
        .and_then(|b| b.color.as_ref())
        .and_then(crate::html::CssColor::hex6);
    let title_color = accent.clone().unwrap_or_else(|| "1F2328".to_owned());
    let accent = accent.unwrap_or_else(|| "1A73E8".to_owned());

    let mut parts: Vec<(String, String)> = Vec::new();
    let mut types = format!(
        "{DECL}<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
<Default Extension=\"xml\" ContentType=\"application/xml\"/>\
<Override PartName=\"/ppt/presentation.xml\" ContentType=\"{CT}.presentationml.presentation.main+xml\"/>\
<Override PartName=\"/ppt/slideMasters/slideMaster1.xml\" ContentType=\"{CT}.presentationml.slideMaster+xml\"/>\
<Override PartName=\"/ppt/slideLayouts/slideLayout1.xml\" ContentType=\"{CT}.presentationml.slideLayout+xml\"/>\
<Override PartName=\"/ppt/theme/theme1.xml\" ContentType=\"{CT}.theme+xml\"/>\
<Override PartName=\"/ppt/presProps.xml\" ContentType=\"{CT}.presentationml.presProps+xml\"/>\
<Override PartName=\"/ppt/viewProps.xml\" ContentType=\"{CT}.presentationml.viewProps+xml\"/>\
<Override PartName=\"/ppt/tableStyles.xml\" ContentType=\"{CT}.presentationml.tableStyles+xml\"/>\
<Override PartName=\"/docProps/core.xml\" ContentType=\"application/vnd.openxmlformats-package.core-properties+xml\"/>\
<Override PartName=\"/docProps/app.xml\" ContentType=\"{CT}.extended-properties+xml\"/>"
    );
    let mut slide_ids = String::new();
    let mut presentation_rels = vec![
        rel("rId1", "slideMaster", "slideMasters/slideMaster1.xml"),
        rel("rId2", "theme", "theme/theme1.xml"),
        rel("rId3", "presProps", "presProps.xml"),
        rel("rId4", "viewProps", "viewProps.xml"),
        rel("rId5", "tableStyles", "tableStyles.xml"),
    ];
    for (i, slide) in slides.iter().enumerate() {
        let n = i + 1;
        types.push_str(&format!(
            "<Override PartName=\"/ppt/slides/slide{n}.xml\" ContentType=\"{CT}.presentationml.slide+xml\"/>"
        ));
        slide_ids.push_str(&format!(
            "<p:sldId id=\"{}\" r:id=\"rId{}\"/>",
            255 + n,
            10 + i
        ));
        presentation_rels.push(rel(
            &format!("rId{}", 10 + i),
            "slide",
            &format!("slides/slide{n}.xml"),
        ));
        parts.push((format!("ppt/slides/slide{n}.xml"), slide_xml(slide)));
        parts.push((
            format!("ppt/slides/_rels/slide{n}.xml.rels"),
            rels(&[rel(
                "rId1",
                "slideLayout",
                "../slideLayouts/slideLayout1.xml",
            )]),
        ));
    }
    types.push_str("</Types>");
    parts.push((
        "ppt/_rels/presentation.xml.rels".to_owned(),
        rels(&presentation_rels),
    ));
    parts.push((
        "ppt/presentation.xml".to_owned(),
        format!(
            "{DECL}<p:presentation {NS} saveSubsetFonts=\"1\">\
<p:sldMasterIdLst><p:sldMasterId id=\"2147483648\" r:id=\"rId1\"/></p:sldMasterIdLst>\
<p:sldIdLst>{slide_ids}</p:sldIdLst><p:sldSz cx=\"12192000\" cy=\"6858000\"/><p:notesSz cx=\"6858000\" cy=\"9144000\"/>\
</p:presentation>"
        ),
    ));
    parts.push((
        "ppt/slideMasters/slideMaster1.xml".to_owned(),
        master_xml(&title_color),
    ));
    parts.push((
        "ppt/slideMasters/_rels/slideMaster1.xml.rels".to_owned(),
        rels(&[
            rel("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"),
            rel("rId2", "theme", "../theme/theme1.xml"),
        ]),
    ));
    parts.push(("ppt/slideLayouts/slideLayout1.xml".to_owned(), layout_xml()));
    parts.push((
        "ppt/slideLayouts/_rels/slideLayout1.xml.rels".to_owned(),
        rels(&[rel(
            "rId1",
            "slideMaster",
            "../slideMasters/slideMaster1.xml",
        )]),
    ));
    parts.push(("ppt/theme/theme1.xml".to_owned(), theme_xml(&accent)));
    parts.push((
        "ppt/presProps.xml".to_owned(),
        format!("{DECL}<p:presentationPr {NS}/>"),
    ));
    parts.push((
        "ppt/viewProps.xml".to_owned(),
        format!("{DECL}<p:viewPr {NS}/>"),
    ));
    parts.push((
        "ppt/tableStyles.xml".to_owned(),
        format!(
            "{DECL}<a:tblStyleLst xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" def=\"{{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}}\"/>"
        ),
    ));
    parts.push((
        "docProps/core.xml".to_owned(),
        format!(
            "{DECL}<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" \
xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\" \
xmlns:dcmitype=\"http://purl.org/dc/dcmitype/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\
<dc:title>{}</dc:title><dc:creator>aartiq</dc:creator></cp:coreProperties>",
            escape_xml(&spec.title)
        ),
    ));
    parts.push((
        "docProps/app.xml".to_owned(),
        format!(
            "{DECL}<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\">\
<Application>aartiq</Application><Slides>{}</Slides></Properties>",
            slides.len()
        ),
    ));
    let package = |e: zip::result::ZipError| DocumentError::Package {
        format: "pptx",
        reason: e.to_string(),
    };
    let io = |e: std::io::Error| DocumentError::Package {
        format: "pptx",
        reason: e.to_string(),
    };
    let mut zip = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    // Content types and the package relationships first, as Office writes them.
    zip.start_file("[Content_Types].xml", options)
        .map_err(package)?;
    zip.write_all(types.as_bytes()).map_err(io)?;
    zip.start_file("_rels/.rels", options).map_err(package)?;
    zip.write_all(
        rels(&[
            rel("rId1", "officeDocument", "ppt/presentation.xml"),
            rel(
                "rId2",
                "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties",
                "docProps/core.xml",
            ),
            rel("rId3", "extended-properties", "docProps/app.xml"),
        ])
        .as_bytes(),
    )
    .map_err(io)?;
    for (name, text) in &parts {
        zip.start_file(name.as_str(), options).map_err(package)?;
        zip.write_all(text.as_bytes()).map_err(io)?;
    }
    let cursor = zip.finish().map_err(package)?;
    Ok(cursor.into_inner())
}

/// The number of slides [`build_pptx`] writes for a document.
pub fn slide_count(spec: &DocumentSpec) -> usize {
    slides_of(spec).len()
}
