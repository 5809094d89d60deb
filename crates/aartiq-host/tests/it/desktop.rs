//! The desktop: volume, brightness and applications, on this host (no audio server, no
//! backlight, no display) and on temporary sysfs and XDG trees.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use aartiq_host::{Applied, Attempt, Desktop, ExecConfig, HostError};

use crate::{appears, script};

/// A desktop whose search path is `dir` only.
fn desktop_with_path(dir: &Path) -> Desktop {
    Desktop::new(ExecConfig::default().with_search_path(dir))
        .with_sysfs_root(dir.join("no-sysfs"))
        .with_data_dirs(vec![dir.join("no-data")])
}

#[tokio::test]
async fn volume_without_pactl_or_amixer_names_both() {
    let empty = tempfile::tempdir().unwrap();
    let error = desktop_with_path(empty.path())
        .set_volume(40)
        .await
        .unwrap_err();
    assert_eq!(
        error,
        HostError::Unavailable {
            capability: "set the volume",
            tried: vec![
                Attempt::new("pactl", "not installed"),
                Attempt::new("amixer", "not installed"),
            ],
        }
    );
    assert_eq!(
        error.to_string(),
        "cannot set the volume on this host (pactl: not installed; amixer: not installed)"
    );
}

#[tokio::test]
async fn volume_on_this_host_tries_pactl_then_amixer() {
    // Whatever this host has, both are tried in order and each failure is named.
    match Desktop::new(ExecConfig::default()).set_volume(40).await {
        Err(HostError::Unavailable { capability, tried }) => {
            assert_eq!(capability, "set the volume");
            let via: Vec<&str> = tried.iter().map(|a| a.via.as_str()).collect();
            assert_eq!(via, ["pactl", "amixer"]);
        }
        Ok(applied) => assert_eq!(applied.level, 40),
        Err(other) => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn volume_command_lines_and_fallback() {
    // Stand-ins that record their arguments show the exact command lines; the first fails
    // like pactl without a server, so amixer is used.
    let bin = tempfile::tempdir().unwrap();
    let log = bin.path().join("log");
    script(
        bin.path(),
        "pactl",
        &format!(
            "echo \"pactl $*\" >> {0}; echo 'Connection failure: Connection refused' >&2; exit 1",
            log.display()
        ),
    );
    script(
        bin.path(),
        "amixer",
        &format!("echo \"amixer $*\" >> {}", log.display()),
    );
    let desktop = desktop_with_path(bin.path());
    assert_eq!(
        desktop.set_volume(35).await.unwrap(),
        Applied {
            level: 35,
            via: "amixer".to_owned()
        }
    );
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "pactl set-sink-volume @DEFAULT_SINK@ 35%\namixer -q sset Master 35%\n"
    );
    std::fs::remove_file(bin.path().join("amixer")).unwrap();
    assert_eq!(
        desktop.set_volume(35).await.unwrap_err(),
        HostError::Unavailable {
            capability: "set the volume",
            tried: vec![
                Attempt::new("pactl", "Connection failure: Connection refused"),
                Attempt::new("amixer", "not installed"),
            ],
        }
    );
    assert_eq!(
        desktop.set_volume(101).await.unwrap_err(),
        HostError::InvalidLevel(101)
    );
}

#[tokio::test]
async fn brightness_without_brightnessctl_or_a_backlight_names_both() {
    let empty = tempfile::tempdir().unwrap();
    let error = desktop_with_path(empty.path())
        .set_brightness(50)
        .await
        .unwrap_err();
    let class = empty.path().join("no-sysfs/class/backlight");
    assert_eq!(
        error,
        HostError::Unavailable {
            capability: "set the brightness",
            tried: vec![
                Attempt::new("brightnessctl", "not installed"),
                Attempt::new(
                    class.display().to_string(),
                    "no backlight device (the folder does not exist)"
                ),
            ],
        }
    );
}

#[tokio::test]
async fn brightness_on_this_host_has_no_backlight() {
    // This host (a container) has neither brightnessctl nor /sys/class/backlight.
    let error = Desktop::new(ExecConfig::default())
        .set_brightness(50)
        .await
        .unwrap_err();
    assert_eq!(
        error,
        HostError::Unavailable {
            capability: "set the brightness",
            tried: vec![
                Attempt::new("brightnessctl", "not installed"),
                Attempt::new(
                    "/sys/class/backlight",
                    "no backlight device (the folder does not exist)"
                ),
            ],
        }
    );
}

#[tokio::test]
async fn brightness_through_sysfs_scales_to_the_device_maximum() {
    let root = tempfile::tempdir().unwrap();
    let class = root.path().join("class/backlight");
    let device = |name: &str, kind: &str, max: &str| {
        let dir = class.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("type"), format!("{kind}\n")).unwrap();
        std::fs::write(dir.join("max_brightness"), format!("{max}\n")).unwrap();
        std::fs::write(dir.join("brightness"), "0\n").unwrap();
        dir
    };
    let raw = device("acpi_video0", "raw", "15");
    let firmware = device("intel_backlight", "firmware", "937");
    let desktop = Desktop::new(ExecConfig::default().with_search_path(root.path()))
        .with_sysfs_root(root.path());
    let applied = desktop.set_brightness(40).await.unwrap();
    assert_eq!(
        applied,
        Applied {
            level: 40,
            via: firmware.display().to_string()
        }
    );
    assert_eq!(
        std::fs::read_to_string(firmware.join("brightness")).unwrap(),
        "375\n"
    );
    assert_eq!(
        std::fs::read_to_string(raw.join("brightness")).unwrap(),
        "0\n"
    );
    desktop.set_brightness(100).await.unwrap();
    assert_eq!(
        std::fs::read_to_string(firmware.join("brightness")).unwrap(),
        "937\n"
    );

    // A device that cannot be written is named with the reason; the next one is used.
    std::fs::remove_file(firmware.join("brightness")).unwrap();
    let applied = desktop.set_brightness(60).await.unwrap();
    assert_eq!(applied.via, raw.display().to_string());
    assert_eq!(
        std::fs::read_to_string(raw.join("brightness")).unwrap(),
        "9\n"
    );
    std::fs::remove_file(raw.join("max_brightness")).unwrap();
    match desktop.set_brightness(60).await.unwrap_err() {
        HostError::Unavailable { tried, .. } => {
            assert_eq!(
                tried[1].why,
                format!(
                    "cannot write {}: No such file or directory (os error 2); {}: no readable max_brightness",
                    firmware.join("brightness").display(),
                    raw.display()
                )
            );
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn open_app_runs_the_desktop_entry_detached() {
    let data = tempfile::tempdir().unwrap();
    let opened_file = data.path().join("opened by the app");
    let apps = data.path().join("applications");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::write(
        apps.join("org.example.Notes.desktop"),
        format!(
            "[Desktop Entry]\nType=Application\nName=Notes\nExec=/bin/sh -c \"touch '{}'\" %U\n",
            opened_file.display()
        ),
    )
    .unwrap();
    let desktop = Desktop::new(ExecConfig::default()).with_data_dirs(vec![data.path().to_owned()]);
    let opened = desktop.open_app("notes").await.unwrap();
    assert_eq!(opened.what, "Notes");
    assert_eq!(
        opened.via,
        apps.join("org.example.Notes.desktop").display().to_string()
    );
    assert_eq!(
        opened.argv,
        vec![
            "/bin/sh".to_owned(),
            "-c".to_owned(),
            format!("touch '{}'", opened_file.display())
        ]
    );
    assert!(appears(&opened_file).await, "the application ran");
}

#[tokio::test]
async fn open_app_errors_name_what_was_searched_and_tried() {
    let data = tempfile::tempdir().unwrap();
    let apps = data.path().join("applications");
    std::fs::create_dir_all(&apps).unwrap();
    std::fs::write(
        apps.join("ghost.desktop"),
        "[Desktop Entry]\nType=Application\nName=Ghost\nExec=ghost-app-not-installed --x\n",
    )
    .unwrap();
    std::fs::write(
        apps.join("top.desktop"),
        "[Desktop Entry]\nType=Application\nName=Top\nExec=top\nTerminal=true\n",
    )
    .unwrap();
    std::fs::write(apps.join("fails.desktop"), "[Desktop Entry]\nType=Application\nName=Fails\nExec=sh -c \"echo 'cannot open display' >&2; exit 1\"\n").unwrap();
    let desktop = Desktop::new(ExecConfig::default()).with_data_dirs(vec![data.path().to_owned()]);
    assert_eq!(
        desktop.open_app("Calculator").await.unwrap_err(),
        HostError::AppNotFound {
            name: "Calculator".to_owned(),
            searched: vec![apps.clone()]
        }
    );
    assert_eq!(
        desktop.open_app("ghost").await.unwrap_err(),
        HostError::NotInstalled {
            program: "ghost-app-not-installed".to_owned()
        }
    );
    assert_eq!(
        desktop.open_app("top").await.unwrap_err(),
        HostError::BadDesktopEntry {
            path: apps.join("top.desktop"),
            reason: "it runs in a terminal (Terminal=true), which aartiq does not open".to_owned()
        }
    );
    assert_eq!(
        desktop.open_app("fails").await.unwrap_err(),
        HostError::Failed {
            program: "sh".to_owned(),
            code: Some(1),
            stderr: "cannot open display".to_owned()
        }
    );
}

#[tokio::test]
async fn a_url_goes_to_xdg_open_which_has_no_way_to_open_it_here() {
    // No display and no browser for xdg-open on this host (xdg-utils is installed): it says
    // so with exit code 3. Only PATH and HOME are passed, so a developer's display is not used.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/");
    let config = ExecConfig::default()
        .with_env_allowlist(&["PATH", "HOME"])
        .with_search_path(OsString::from("/usr/bin:/bin"))
        .with_detach_grace(Duration::from_secs(10));
    let desktop = Desktop::new(config);
    match desktop.open_app(&url).await.unwrap_err() {
        HostError::Failed {
            program,
            code,
            stderr,
        } => {
            assert_eq!((program.as_str(), code), ("xdg-open", Some(3)));
            assert!(
                stderr.ends_with(&format!(
                    "xdg-open: no method available for opening '{url}'"
                )),
                "{stderr}"
            );
        }
        other => panic!("{other:?}"),
    }
    let empty = tempfile::tempdir().unwrap();
    assert_eq!(
        desktop_with_path(empty.path())
            .open_target("/etc/hostname")
            .await
            .unwrap_err(),
        HostError::NotInstalled {
            program: "xdg-open".to_owned()
        }
    );
}
