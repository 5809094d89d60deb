//! The diagram SVG, cleaned so that opening it loads nothing: Mermaid's output is parsed as the
//! browser serialised it (HTML with SVG inside, by html5ever through `scraper`), and written
//! back as well-formed SVG that keeps only drawing elements and attributes. No `<img>`,
//! `<image>`, `<script>`, event handler, link out of the document, `url(...)` other than a
//! `#fragment`, CSS import or escape survives; `<foreignObject>` labels (HTML) become plain SVG
//! `<text>` with the same words.

use scraper::{Html, Node};

use crate::RenderError;

/// SVG elements written back as they are (with their allowed attributes).
const KEPT: [&str; 39] = [
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "title",
    "desc",
    "marker",
    "linearGradient",
    "radialGradient",
    "stop",
    "clipPath",
    "mask",
    "pattern",
    "filter",
    "feGaussianBlur",
    "feOffset",
    "feFlood",
    "feComposite",
    "feMerge",
    "feMergeNode",
    "feBlend",
    "feColorMatrix",
    "feDropShadow",
    "feMorphology",
    "feComponentTransfer",
    "feFuncA",
    "switch",
    "style",
];

/// Elements dropped with everything inside them: they load, run, animate attributes or embed
/// documents.
const DROPPED: [&str; 29] = [
    "script",
    "image",
    "feImage",
    "animate",
    "animateMotion",
    "animateTransform",
    "set",
    "mpath",
    "discard",
    "iframe",
    "frame",
    "object",
    "embed",
    "img",
    "picture",
    "source",
    "video",
    "audio",
    "track",
    "canvas",
    "link",
    "meta",
    "base",
    "template",
    "noscript",
    "cursor",
    "font-face",
    "input",
    "math",
];

/// Attributes written back (`href` only to a `#fragment`, `data-*` always).
const ATTRIBUTES: [&str; 96] = [
    "id",
    "class",
    "style",
    "transform",
    "d",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "width",
    "height",
    "viewBox",
    "points",
    "pathLength",
    "fill",
    "fill-opacity",
    "fill-rule",
    "clip-rule",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "stroke-miterlimit",
    "opacity",
    "color",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "text-decoration",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "startOffset",
    "marker-start",
    "marker-mid",
    "marker-end",
    "markerUnits",
    "markerWidth",
    "markerHeight",
    "refX",
    "refY",
    "orient",
    "preserveAspectRatio",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "offset",
    "stop-color",
    "stop-opacity",
    "clip-path",
    "clipPathUnits",
    "mask",
    "maskUnits",
    "filter",
    "filterUnits",
    "primitiveUnits",
    "stdDeviation",
    "flood-color",
    "flood-opacity",
    "in",
    "in2",
    "result",
    "operator",
    "values",
    "type",
    "role",
    "aria-roledescription",
    "aria-label",
    "aria-labelledby",
    "aria-describedby",
    "visibility",
    "display",
];

/// How deep the cleaned tree may go; anything deeper is left out.
const MAX_DEPTH: usize = 200;

/// Mermaid's SVG with everything that could load, run or link out removed, as well-formed SVG.
///
/// # Errors
/// [`RenderError::Output`] when the text holds no `<svg>` element.
pub fn sanitize_svg(svg: &str) -> Result<String, RenderError> {
    let parsed = Html::parse_fragment(svg);
    let root = parsed
        .tree
        .root()
        .descendants()
        .find(|node| {
            node.value()
                .as_element()
                .is_some_and(|e| is_svg(e) && e.name() == "svg")
        })
        .ok_or_else(|| RenderError::Output("the diagram is not SVG".to_owned()))?;
    let mut out = String::with_capacity(svg.len());
    write_node(root, &mut out, 0, true);
    Ok(out)
}

type NodeRef<'a> = ego_tree::NodeRef<'a, Node>;

fn is_svg(element: &scraper::node::Element) -> bool {
    &*element.name.ns == "http://www.w3.org/2000/svg"
}

fn write_node(node: NodeRef<'_>, out: &mut String, depth: usize, root: bool) {
    if depth > MAX_DEPTH {
        return;
    }
    match node.value() {
        Node::Text(text) => out.push_str(&escape(text)),
        Node::Element(element) => {
            let name = element.name();
            if DROPPED.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                return;
            }
            if !is_svg(element) {
                // HTML (outside a label it can only be there by breaking out of the SVG):
                // its words stay, the element does not.
                write_children(node, out, depth);
                return;
            }
            if name == "foreignObject" {
                write_label(node, element, out);
                return;
            }
            if name == "style" {
                let css: String = node
                    .children()
                    .filter_map(|c| c.value().as_text().map(|t| t.to_string()))
                    .collect();
                if css_is_inert(&css) {
                    out.push_str("<style>");
                    out.push_str(&escape(&css));
                    out.push_str("</style>");
                }
                return;
            }
            if !KEPT.contains(&name) {
                write_children(node, out, depth);
                return;
            }
            out.push('<');
            out.push_str(name);
            if root {
                out.push_str(" xmlns=\"http://www.w3.org/2000/svg\"");
            }
            for (attribute, value) in element.attrs() {
                if attribute_is_inert(attribute, value) {
                    out.push(' ');
                    out.push_str(attribute);
                    out.push_str("=\"");
                    out.push_str(&escape(value));
                    out.push('"');
                }
            }
            out.push('>');
            write_children(node, out, depth);
            out.push_str("</");
            out.push_str(name);
            out.push('>');
        }
        _ => {}
    }
}

fn write_children(node: NodeRef<'_>, out: &mut String, depth: usize) {
    for child in node.children() {
        write_node(child, out, depth + 1, false);
    }
}

/// A `<foreignObject>` label as SVG text centred in the box it had.
fn write_label(node: NodeRef<'_>, element: &scraper::node::Element, out: &mut String) {
    let number = |name: &str| {
        element
            .attr(name)
            .and_then(|v| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
            .unwrap_or(0.0)
    };
    let mut words = String::new();
    collect_text(node, &mut words, 0);
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    if words.is_empty() {
        return;
    }
    let x = number("x") + number("width") / 2.0;
    let y = number("y") + number("height") / 2.0;
    out.push_str(&format!(
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" dominant-baseline=\"central\" class=\"label\">{}</text>",
        escape(&words)
    ));
}

fn collect_text(node: NodeRef<'_>, words: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    for child in node.children() {
        match child.value() {
            Node::Text(text) => words.push_str(text),
            Node::Element(element) => {
                let name = element.name();
                if DROPPED.iter().any(|d| d.eq_ignore_ascii_case(name)) || name == "style" {
                    continue;
                }
                if name == "br" {
                    words.push(' ');
                }
                collect_text(child, words, depth + 1);
                words.push(' ');
            }
            _ => {}
        }
    }
}

fn attribute_is_inert(name: &str, value: &str) -> bool {
    let known = ATTRIBUTES.contains(&name)
        || name == "href"
        || (name.starts_with("data-")
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    if !known {
        return false;
    }
    if name == "href" {
        return value.trim_start().starts_with('#');
    }
    css_is_inert(value)
}

/// Whether CSS text (a style sheet, a `style` attribute or any attribute value, which SVG
/// reads as CSS for presentation attributes) can load nothing: no escapes (which could spell
/// anything), no imports, no image functions, and every `url(` to a `#fragment`.
fn css_is_inert(css: &str) -> bool {
    let lower = css.to_ascii_lowercase();
    let mut plain = String::with_capacity(lower.len());
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("/*") {
        plain.push_str(&rest[..start]);
        plain.push(' ');
        rest = match rest[start + 2..].find("*/") {
            Some(end) => &rest[start + 2 + end + 2..],
            // An unterminated comment: not worth reading further.
            None => return false,
        };
    }
    plain.push_str(rest);
    const LOADERS: [&str; 10] = [
        "\\",
        "@import",
        "@font-face",
        "image-set(",
        "image(",
        "src(",
        "element(",
        "cross-fade(",
        "expression(",
        "-moz-binding",
    ];
    if LOADERS.iter().any(|l| plain.contains(l)) {
        return false;
    }
    // Every `url(` (also spelled with spaces before the parenthesis) names a fragment.
    let compact: String = plain.chars().filter(|c| !c.is_whitespace()).collect();
    compact.match_indices("url(").all(|(at, _)| {
        let target = compact[at + 4..].trim_start_matches(['"', '\'']);
        target.starts_with('#')
    })
}

/// Text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() && !matches!(c, '\n' | '\t' | '\r') => {}
            '\u{fffe}' | '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "a panic in a test is a failing test")]

    use super::*;

    const LABEL: &str = r#"<svg id="d" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g class="node" transform="translate(78, 31)"><rect x="-70" y="-23" width="140" height="46" style="fill: red"></rect><foreignObject width="80" height="16"><div xmlns="http://www.w3.org/1999/xhtml"><span class="nodeLabel"><p>Hello<br>there<img src="http://127.0.0.1:9/x" onerror="alert(1)"></p></span></div></foreignObject></g><path d="M0,0" marker-end="url(#d_pointEnd)"></path></svg>"#;

    #[test]
    fn a_remote_image_in_a_label_is_gone_and_the_words_stay() {
        let clean = sanitize_svg(LABEL).unwrap();
        for gone in [
            "<img",
            "127.0.0.1",
            "onerror",
            "foreignObject",
            "<div",
            "<p>",
        ] {
            assert!(!clean.contains(gone), "{gone} in {clean}");
        }
        assert!(clean.contains(">Hello there</text>"), "{clean}");
        assert!(clean.contains("x=\"40\" y=\"8\""), "centred: {clean}");
        assert!(clean.contains("marker-end=\"url(#d_pointEnd)\""), "{clean}");
        assert!(clean.contains("viewBox=\"0 0 10 10\""), "{clean}");
        assert!(
            clean.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{clean}"
        );
    }

    #[test]
    fn everything_that_loads_runs_or_links_out_is_removed() {
        let hostile = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="x()">
<image href="http://a.test/i.png"></image><image xlink:href="http://a.test/j.png"></image>
<script>fetch('http://a.test/s')</script><a href="http://a.test/link"><text>link text</text></a>
<use href="http://a.test/u.svg#x"></use><use xlink:href="#local"></use>
<rect fill="url(http://a.test/f)" style="background:url('http://a.test/g')" filter="url( #ok )"></rect>
<rect style="background: u\72l(http://a.test/e)"></rect><rect style="fill:url( 'https://a.test/q' )"></rect>
<style>@import url(http://a.test/css); g{fill:red}</style><style>g { fill: blue }</style>
<animate attributeName="href" to="http://a.test/anim"></animate><set attributeName="onclick" to="x()"></set>
<feImage href="http://a.test/fe"></feImage><iframe src="http://a.test/frame"></iframe>
<!-- <img src="http://a.test/comment"> --><text onclick="x()">kept &lt;img src=x&gt;</text></svg>"##;
        let clean = sanitize_svg(hostile).unwrap();
        assert!(!clean.contains("a.test"), "{clean}");
        for gone in [
            "onload", "onclick", "<script", "<image", "<animate", "<set", "<iframe", "@import",
            "<a ",
        ] {
            assert!(!clean.contains(gone), "{gone} in {clean}");
        }
        assert!(clean.contains("link text"), "a link's words stay: {clean}");
        assert!(clean.contains("href=\"#local\""), "{clean}");
        assert!(clean.contains("filter=\"url( #ok )\""), "{clean}");
        assert!(clean.contains("<style>g { fill: blue }</style>"), "{clean}");
        assert!(
            clean.contains("kept &lt;img src=x&gt;"),
            "text stays text: {clean}"
        );
    }

    #[test]
    fn html_breaking_out_of_the_svg_keeps_no_element() {
        // `<img>` inside SVG content ends the SVG for an HTML parser.
        let clean =
            sanitize_svg("<svg><g><img src=http://a.test/x><text>after</text></g></svg>").unwrap();
        assert!(
            !clean.contains("a.test") && !clean.contains("<img"),
            "{clean}"
        );
        assert!(sanitize_svg("<p>no diagram</p>").is_err());
        assert!(sanitize_svg("").is_err());
    }

    #[test]
    fn css_checks() {
        assert!(css_is_inert("fill: url(#a); stroke: url('#b')"));
        assert!(!css_is_inert("fill: URL(http://x)"));
        assert!(!css_is_inert("fill: url /**/(http://x)"));
        assert!(!css_is_inert("background-image: image-set('http://x' 1x)"));
        assert!(!css_is_inert("@IMPORT 'http://x'"));
        assert!(!css_is_inert("a{b:c} /* unterminated url(http://x)"));
        assert!(css_is_inert("/* url(http://x) */ fill: red"));
    }
}
