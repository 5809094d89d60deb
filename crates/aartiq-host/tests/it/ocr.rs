//! OCR: Tesseract's TSV read properly, and the real `tesseract` on a rendered page.

use aartiq_host::{
    ExecConfig, HostError, OcrResult, OcrWord, Rect, find_text, ocr_png, parse_tsv, png_size,
};

const REPORT_PNG: &[u8] = include_bytes!("../data/report.png");
const REPORT_TSV: &str = include_str!("../data/report.tsv");

fn word(text: &str, confidence: f32, rect: Rect, line: u32) -> OcrWord {
    OcrWord {
        text: text.to_owned(),
        confidence,
        rect,
        line,
    }
}

#[test]
fn tsv_rows_of_levels_one_to_four_and_blank_words_are_layout_only() {
    let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
               1\t1\t0\t0\t0\t0\t0\t0\t800\t300\t-1\t\n\
               2\t1\t1\t0\t0\t0\t42\t48\t455\t47\t-1\t\n\
               4\t1\t1\t1\t1\t0\t42\t48\t455\t47\t-1\t\n\
               5\t1\t1\t1\t1\t1\t42\t48\t255\t47\t96.5\tQuarterly\n\
               5\t1\t1\t1\t1\t2\t319\t50\t178\t45\t95.25\tReport\n\
               5\t1\t1\t1\t1\t3\t500\t50\t10\t45\t12\t \n\
               5\t1\t1\t1\t2\t1\t42\t100\t50\t20\t90\tsecond\n\
               2\t1\t2\t0\t0\t0\t42\t142\t344\t24\t-1\t\n\
               5\t1\t2\t1\t1\t1\t42\t142\t111\t24\t-1\tghost\n\
               5\t1\t2\t1\t1\t2\t165\t142\t49\t24\t96\tthe\n\
               5\t1\t2\t1\t1\t3\t228\t142\tbroken";
    let result = parse_tsv(tsv).unwrap();
    assert_eq!(
        result,
        OcrResult {
            text: "Quarterly Report\nsecond\n\nthe".to_owned(),
            words: vec![
                word("Quarterly", 96.5, Rect::new(42, 48, 255, 47), 0),
                word("Report", 95.25, Rect::new(319, 50, 178, 45), 0),
                word("second", 90.0, Rect::new(42, 100, 50, 20), 1),
                word("the", 96.0, Rect::new(165, 142, 49, 24), 2),
            ],
        }
    );
}

#[test]
fn a_header_that_is_not_tesseracts_is_an_error() {
    assert_eq!(
        parse_tsv("hello\tworld\n1\t2").unwrap_err(),
        HostError::Ocr("no `level` column in the TSV header".to_owned())
    );
    assert_eq!(
        parse_tsv("").unwrap_err(),
        HostError::Ocr("no `level` column in the TSV header".to_owned())
    );
}

#[test]
fn find_text_matches_phrases_on_one_line_case_and_punctuation_insensitively() {
    let ocr = parse_tsv(REPORT_TSV).unwrap();
    assert_eq!(find_text(&ocr, "report"), Some(Rect::new(319, 50, 178, 45)));
    // Three words, one box around them; the last word sits lower than the others.
    let phrase = find_text(&ocr, "the ORDER now!").unwrap();
    assert_eq!(phrase, Rect::new(165, 142, 221, 24));
    assert_eq!(phrase.center(), (275.5, 154.0));
    // Words on different lines are not a phrase; words out of order neither.
    assert_eq!(find_text(&ocr, "Report Submit"), None);
    assert_eq!(find_text(&ocr, "order the"), None);
    assert_eq!(find_text(&ocr, "   "), None);
    assert_eq!(find_text(&ocr, "invoice"), None);
}

#[test]
fn rect_helpers() {
    assert!(Rect::new(0, 0, 0, 5).validate().is_err());
    assert!(Rect::new(1, 2, 3, 4).validate().is_ok());
    assert_eq!(
        Rect::new(10, 10, 5, 5).union(&Rect::new(0, 12, 2, 10)),
        Rect::new(0, 10, 15, 12)
    );
    let ocr = parse_tsv(REPORT_TSV).unwrap().offset(100, 7);
    assert_eq!(ocr.words[0].rect, Rect::new(142, 55, 255, 47));
}

#[test]
fn png_size_reads_the_header() {
    assert_eq!(png_size(REPORT_PNG), Some((800, 300)));
    assert_eq!(png_size(b"GIF89a..........................."), None);
    assert_eq!(png_size(&REPORT_PNG[..20]), None);
}

#[tokio::test]
async fn tesseract_reads_a_rendered_page() {
    let ocr = ocr_png(&ExecConfig::default(), REPORT_PNG).await.unwrap();
    assert_eq!(ocr.text, "Quarterly Report\n\nSubmit the order now");
    assert!(ocr.mean_confidence() > 80.0, "{ocr:?}");
    let submit = find_text(&ocr, "submit the order").unwrap();
    // The words are where the page drew them (42 px margin, 32 px text at y = 142).
    assert!(
        submit.x.abs_diff(42) <= 3 && submit.y.abs_diff(142) <= 6,
        "{submit:?}"
    );
}

#[tokio::test]
async fn tesseract_refuses_what_is_not_an_image() {
    match ocr_png(&ExecConfig::default(), b"not an image")
        .await
        .unwrap_err()
    {
        HostError::Failed { program, code, .. } => {
            assert_eq!((program.as_str(), code.is_some()), ("tesseract", true));
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn without_tesseract_the_error_says_so() {
    let empty = tempfile::tempdir().unwrap();
    let config = ExecConfig::default().with_search_path(empty.path());
    assert_eq!(
        ocr_png(&config, REPORT_PNG).await.unwrap_err(),
        HostError::NotInstalled {
            program: "tesseract".to_owned()
        }
    );
}
