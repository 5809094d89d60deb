//! Embeds the built-in skills: writes `$OUT_DIR/embedded.rs`, one `include_str!` per
//! `skills/*.md` file at the repository root, sorted by file name.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let skills_dir = manifest.join("../../skills");
    println!("cargo:rerun-if-changed={}", skills_dir.display());

    let mut files: Vec<(String, PathBuf)> = Vec::new();
    if let Ok(entries) = fs::read_dir(&skills_dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("md") || !path.is_file() {
                continue;
            }
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let abs = fs::canonicalize(&path).unwrap_or(path.clone());
            println!("cargo:rerun-if-changed={}", abs.display());
            files.push((stem.to_ascii_lowercase(), abs));
        }
    }
    files.sort();

    let mut out = String::from(
        "/// Every `skills/*.md` file at build time: (file stem, contents), sorted by stem.\n\
         pub(crate) static EMBEDDED: &[(&str, &str)] = &[\n",
    );
    for (stem, path) in &files {
        let _ = writeln!(out, "    ({stem:?}, include_str!({:?})),", path_str(path));
    }
    out.push_str("];\n");

    let out_dir = PathBuf::from(env::var_os("OUT_DIR").unwrap_or_default());
    if let Err(err) = fs::write(out_dir.join("embedded.rs"), out) {
        panic!("cannot write embedded.rs: {err}");
    }
}

fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
