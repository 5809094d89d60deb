//! `ENABLE_CLI`: the shim is written, run for real, replaced idempotently, and never
//! overwrites someone else's file.

use std::os::unix::fs::PermissionsExt;
use std::process::Command;

use aartiq_host::{HostError, SHIM_MARKER, install_cli_shim, remove_cli_shim};

use crate::script;

#[test]
fn the_shim_runs_the_target_with_its_arguments() {
    let dir = tempfile::tempdir().unwrap();
    // A target whose path needs quoting.
    let target_dir = dir.path().join("it's here");
    std::fs::create_dir(&target_dir).unwrap();
    let target = script(&target_dir, "aartiq-browser", r#"printf '%s|' "$@""#);
    let bin = dir.path().join("bin");
    let shim = install_cli_shim(&bin, &target).unwrap();
    assert_eq!(shim, bin.join("aartiq"));
    let mode = std::fs::metadata(&shim).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o755);
    assert!(
        std::fs::read_to_string(&shim)
            .unwrap()
            .contains(SHIM_MARKER)
    );
    let out = Command::new(&shim)
        .args(["--goal", "two words", "$HOME", "*"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "--goal|two words|$HOME|*|"
    );

    // Idempotent, and it follows a new target.
    let other = script(&target_dir, "other", "echo other");
    assert_eq!(install_cli_shim(&bin, &other).unwrap(), shim);
    let out = Command::new(&shim).output().unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "other\n");
    let leftovers: Vec<_> = std::fs::read_dir(&bin)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("aartiq")]);

    assert!(remove_cli_shim(&bin).unwrap());
    assert!(!shim.exists());
    assert!(!remove_cli_shim(&bin).unwrap());
}

#[test]
fn a_file_it_did_not_write_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let target = script(dir.path(), "target", "true");
    let theirs = script(dir.path(), "aartiq", "echo someone else's");
    let before = std::fs::read(&theirs).unwrap();
    assert_eq!(
        install_cli_shim(dir.path(), &target).unwrap_err(),
        HostError::NotOurs {
            path: theirs.clone()
        }
    );
    assert_eq!(
        remove_cli_shim(dir.path()).unwrap_err(),
        HostError::NotOurs {
            path: theirs.clone()
        }
    );
    assert_eq!(std::fs::read(&theirs).unwrap(), before);
}

#[test]
fn the_target_must_be_an_absolute_executable() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "not executable").unwrap();
    for target in [
        plain.clone(),
        "relative/aartiq".into(),
        dir.path().join("missing"),
    ] {
        assert_eq!(
            install_cli_shim(dir.path(), &target).unwrap_err(),
            HostError::NotExecutable {
                path: target.clone()
            }
        );
    }
    assert!(!dir.path().join("aartiq").exists());
}
