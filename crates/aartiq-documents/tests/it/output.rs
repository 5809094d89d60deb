//! The output folder: names from titles, no traversal, no overwrite, no symbolic links.

use aartiq_documents::{OutputDir, OutputError, file_stem};

#[test]
fn stems_are_sanitised() {
    assert_eq!(file_stem("Quarterly Report 2026"), "quarterly-report-2026");
    assert_eq!(file_stem("../../etc/passwd"), "etc-passwd");
    assert_eq!(file_stem("..\\..\\windows\\system32"), "windows-system32");
    assert_eq!(file_stem("a\0b\nc\u{7}d"), "a-b-c-d");
    assert_eq!(file_stem("Ünïcödé Straße"), "ünïcödé-straße");
    assert_eq!(file_stem("..."), "document");
    assert_eq!(file_stem(""), "document");
    assert_eq!(file_stem("/"), "document");
    assert_eq!(file_stem(&"long ".repeat(100)).chars().count(), 79);
    assert!(file_stem(&"x".repeat(500)).chars().count() <= 80);
}

#[test]
fn writes_stay_inside_and_never_overwrite() {
    let root = tempfile::tempdir().unwrap();
    let dir = OutputDir::new(root.path().join("out")).unwrap();
    let canonical = root.path().canonicalize().unwrap().join("out");
    assert_eq!(dir.path(), canonical);
    let first = dir.write("../../escape", "pdf", b"one").unwrap();
    assert_eq!(first, canonical.join("escape.pdf"));
    let second = dir.write("../../escape", "pdf", b"two").unwrap();
    assert_eq!(second, canonical.join("escape-2.pdf"));
    let third = dir.write("Escape", "pdf", b"three").unwrap();
    assert_eq!(third, canonical.join("escape-3.pdf"));
    assert_eq!(std::fs::read(&first).unwrap(), b"one");
    assert_eq!(std::fs::read(&second).unwrap(), b"two");
    // An odd extension cannot smuggle a separator either.
    let odd = dir.write("x", "../p/df", b"x").unwrap();
    assert_eq!(odd, canonical.join("x.pdf"));
    // No temporary files are left behind.
    let mut names: Vec<String> = std::fs::read_dir(&canonical)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["escape-2.pdf", "escape-3.pdf", "escape.pdf", "x.pdf"]
    );
    assert!(!root.path().join("escape.pdf").exists());
}

#[test]
fn a_link_with_the_chosen_name_is_never_written_through() {
    let root = tempfile::tempdir().unwrap();
    let outside = root.path().join("outside.txt");
    let dir = OutputDir::new(root.path().join("out")).unwrap();
    // A dangling link named like the next file, pointing outside the folder.
    std::os::unix::fs::symlink(&outside, dir.path().join("report.pdf")).unwrap();
    let written = dir.write("Report", "pdf", b"data").unwrap();
    assert_eq!(written, dir.path().join("report-2.pdf"));
    assert!(!outside.exists(), "the write followed the link");
}

#[test]
fn a_folder_that_is_or_becomes_a_symlink_is_refused() {
    let root = tempfile::tempdir().unwrap();
    let elsewhere = root.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let link = root.path().join("link");
    std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
    assert!(matches!(
        OutputDir::new(&link),
        Err(OutputError::Symlink { .. })
    ));

    // Opened as a real folder, then swapped for a link to somewhere else.
    let real = root.path().join("real");
    let dir = OutputDir::new(&real).unwrap();
    std::fs::remove_dir(&real).unwrap();
    std::os::unix::fs::symlink(&elsewhere, &real).unwrap();
    let err = dir.write("Report", "pdf", b"data").unwrap_err();
    assert!(matches!(err, OutputError::Symlink { .. }), "{err:?}");
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);

    // A file where the folder should be.
    let file = root.path().join("file");
    std::fs::write(&file, b"x").unwrap();
    assert!(matches!(
        OutputDir::new(&file),
        Err(OutputError::Changed { .. })
    ));
}
