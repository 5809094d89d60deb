//! The desktop (spec a.8 rows 12-14): `SET_VOLUME` through PipeWire/PulseAudio's `pactl` or
//! ALSA's `amixer`, `SET_BRIGHTNESS` through `brightnessctl` or `/sys/class/backlight`,
//! `OPEN_APP` through XDG desktop entries or `xdg-open`. Each tries its methods in order and,
//! when none works, says what it tried and why each failed. Policy and approval stay in the
//! runtime: this module only does what it is told.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::exec::{ExecConfig, run, spawn_detached};
use crate::xdg::{desktop_entries, find_entry, split_exec};
use crate::{Attempt, HostError};

/// A level that was applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    /// The level asked for, 0-100.
    pub level: u32,
    /// What applied it: a program name or a backlight device's folder.
    pub via: String,
}

/// An application or file that was opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opened {
    /// What was opened: the application's name, or the URL or path.
    pub what: String,
    /// How: the desktop file that was launched, or `xdg-open`.
    pub via: String,
    /// The argument vector that was started.
    pub argv: Vec<String>,
    /// The process id when it started.
    pub pid: Option<u32>,
}

/// The desktop of this host. Everything it reads from the system is injectable, so tests run
/// it against temporary folders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Desktop {
    exec: ExecConfig,
    sysfs_root: PathBuf,
    data_dirs: Vec<PathBuf>,
}

impl Desktop {
    /// The real desktop: `/sys`, and the data folders of `XDG_DATA_HOME` (else
    /// `~/.local/share`) and `XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`).
    #[must_use]
    pub fn new(exec: ExecConfig) -> Desktop {
        let home = std::env::var_os("XDG_DATA_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
        let dirs = std::env::var_os("XDG_DATA_DIRS")
            .filter(|v| !v.is_empty())
            .unwrap_or_else(|| "/usr/local/share:/usr/share".into());
        let mut data_dirs: Vec<PathBuf> = home.into_iter().collect();
        data_dirs.extend(std::env::split_paths(&dirs).filter(|p| p.is_absolute()));
        Desktop {
            exec,
            sysfs_root: PathBuf::from("/sys"),
            data_dirs,
        }
    }

    /// With another sysfs root (`<root>/class/backlight/*`).
    #[must_use]
    pub fn with_sysfs_root(mut self, root: impl Into<PathBuf>) -> Desktop {
        self.sysfs_root = root.into();
        self
    }

    /// With other data folders, most important first (their `applications` subfolders hold
    /// the desktop entries).
    #[must_use]
    pub fn with_data_dirs(mut self, dirs: Vec<PathBuf>) -> Desktop {
        self.data_dirs = dirs;
        self
    }

    /// The program runner's configuration.
    #[must_use]
    pub fn exec(&self) -> &ExecConfig {
        &self.exec
    }

    /// Sets the output volume of the default sink: `pactl set-sink-volume @DEFAULT_SINK@ N%`,
    /// else `amixer -q sset Master N%`.
    ///
    /// # Errors
    /// [`HostError::InvalidLevel`] above 100; [`HostError::Unavailable`] naming each program
    /// tried and why it failed (not installed, no audio server, ...).
    pub async fn set_volume(&self, level: u32) -> Result<Applied, HostError> {
        check_level(level)?;
        let percent = format!("{level}%");
        let methods: [(&str, Vec<&str>); 2] = [
            ("pactl", vec!["set-sink-volume", "@DEFAULT_SINK@", &percent]),
            ("amixer", vec!["-q", "sset", "Master", &percent]),
        ];
        let mut tried = Vec::new();
        for (program, args) in methods {
            match self.run_quiet(program, &args).await {
                Ok(()) => {
                    return Ok(Applied {
                        level,
                        via: program.to_owned(),
                    });
                }
                Err(why) => tried.push(Attempt::new(program, why)),
            }
        }
        Err(HostError::Unavailable {
            capability: "set the volume",
            tried,
        })
    }

    /// Sets the screen brightness: `brightnessctl set N%`, else the first backlight device of
    /// `/sys/class/backlight` (firmware before platform before raw interfaces), writing
    /// `brightness` scaled from its `max_brightness`.
    ///
    /// # Errors
    /// [`HostError::InvalidLevel`] above 100; [`HostError::Unavailable`] naming each method
    /// tried and why it failed (not installed, no backlight device, no permission).
    pub async fn set_brightness(&self, level: u32) -> Result<Applied, HostError> {
        check_level(level)?;
        let percent = format!("{level}%");
        let mut tried = Vec::new();
        match self.run_quiet("brightnessctl", &["set", &percent]).await {
            Ok(()) => {
                return Ok(Applied {
                    level,
                    via: "brightnessctl".to_owned(),
                });
            }
            Err(why) => tried.push(Attempt::new("brightnessctl", why)),
        }
        let class = self.sysfs_root.join("class/backlight");
        match write_backlight(&class, level) {
            Ok(device) => Ok(Applied {
                level,
                via: device.display().to_string(),
            }),
            Err(why) => {
                tried.push(Attempt::new(class.display().to_string(), why));
                Err(HostError::Unavailable {
                    capability: "set the brightness",
                    tried,
                })
            }
        }
    }

    /// Opens an application by name (its desktop entry's `Name`, file id or `GenericName`),
    /// or a URL or existing file with `xdg-open`. The application is started detached with
    /// its `Exec` line (field codes removed), never through a shell.
    ///
    /// # Errors
    /// [`HostError::AppNotFound`] naming the folders searched, [`HostError::BadDesktopEntry`]
    /// for an `Exec` that cannot be run (or a terminal application), and the runner's errors
    /// ([`HostError::NotInstalled`] for a missing program, [`HostError::Failed`] when it
    /// exits unsuccessfully at once).
    pub async fn open_app(&self, name: &str) -> Result<Opened, HostError> {
        let name = name.trim();
        if looks_like_target(name) {
            return self.open_target(name).await;
        }
        let entries = desktop_entries(&self.data_dirs);
        let Some(entry) = find_entry(&entries, name) else {
            return Err(HostError::AppNotFound {
                name: name.to_owned(),
                searched: self
                    .data_dirs
                    .iter()
                    .map(|d| d.join("applications"))
                    .collect(),
            });
        };
        let bad = |reason: String| HostError::BadDesktopEntry {
            path: entry.path.clone(),
            reason,
        };
        if entry.terminal {
            return Err(bad(
                "it runs in a terminal (Terminal=true), which aartiq does not open".to_owned(),
            ));
        }
        if let Some(try_exec) = &entry.try_exec
            && self.exec.find(try_exec).is_none()
        {
            return Err(HostError::NotInstalled {
                program: try_exec.clone(),
            });
        }
        let argv = split_exec(entry).map_err(bad)?;
        let (program, args) = argv.split_first().ok_or_else(|| bad("empty".to_owned()))?;
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        let started = spawn_detached(&self.exec, program, &args).await?;
        Ok(Opened {
            what: entry.name.clone(),
            via: entry.path.display().to_string(),
            argv,
            pid: started.pid,
        })
    }

    /// Opens a URL or a file with the person's default application (`xdg-open`).
    ///
    /// # Errors
    /// [`HostError::NotInstalled`] without `xdg-utils`; [`HostError::Failed`] when `xdg-open`
    /// finds no way to open it (exit code 3 on a host without a desktop).
    pub async fn open_target(&self, target: &str) -> Result<Opened, HostError> {
        let started = spawn_detached(&self.exec, "xdg-open", &[OsStr::new(target)]).await?;
        Ok(Opened {
            what: target.to_owned(),
            via: "xdg-open".to_owned(),
            argv: vec!["xdg-open".to_owned(), target.to_owned()],
            pid: started.pid,
        })
    }

    /// Runs a short program; `Err` is why it did not work, in a few words.
    async fn run_quiet(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        match run(&self.exec, program, &args, None).await {
            Ok(_) => Ok(()),
            Err(HostError::NotInstalled { .. }) => Err("not installed".to_owned()),
            Err(HostError::Failed { code, stderr, .. }) if stderr.is_empty() => Err(format!(
                "exit code {}",
                code.map_or_else(|| "none".to_owned(), |c| c.to_string())
            )),
            Err(HostError::Failed { stderr, .. }) => Err(stderr),
            Err(HostError::TimedOut { after, .. }) => Err(format!("timed out after {after:?}")),
            Err(other) => Err(other.to_string()),
        }
    }
}

fn check_level(level: u32) -> Result<(), HostError> {
    if level > 100 {
        return Err(HostError::InvalidLevel(level));
    }
    Ok(())
}

/// A URL with a scheme, or a path that exists.
fn looks_like_target(name: &str) -> bool {
    if let Some((scheme, rest)) = name.split_once(':')
        && !scheme.is_empty()
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && (rest.starts_with("//") || matches!(scheme, "mailto" | "tel"))
    {
        return true;
    }
    (name.starts_with('/') || name.starts_with("~/") || name.starts_with("./"))
        && Path::new(name).exists()
}

/// How much a backlight interface is preferred (the order systemd-backlight uses).
fn interface_rank(device: &Path) -> u8 {
    match std::fs::read_to_string(device.join("type"))
        .unwrap_or_default()
        .trim()
    {
        "firmware" => 0,
        "platform" => 1,
        "raw" => 2,
        _ => 3,
    }
}

/// Writes the level to the best backlight device under `class`; `Ok` is the device's folder.
fn write_backlight(class: &Path, level: u32) -> Result<PathBuf, String> {
    let Ok(listing) = std::fs::read_dir(class) else {
        return Err("no backlight device (the folder does not exist)".to_owned());
    };
    let mut devices: Vec<PathBuf> = listing.flatten().map(|e| e.path()).collect();
    devices.sort_by(|a, b| interface_rank(a).cmp(&interface_rank(b)).then(a.cmp(b)));
    if devices.is_empty() {
        return Err("no backlight device".to_owned());
    }
    let mut problems = Vec::new();
    for device in devices {
        let max = std::fs::read_to_string(device.join("max_brightness"))
            .ok()
            .and_then(|m| m.trim().parse::<u64>().ok())
            .filter(|m| *m > 0);
        let Some(max) = max else {
            problems.push(format!("{}: no readable max_brightness", device.display()));
            continue;
        };
        let value = (u64::from(level) * max + 50) / 100;
        let target = device.join("brightness");
        // Never created: a device without a `brightness` file is not a backlight.
        let written = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&target)
            .and_then(|mut file| {
                std::io::Write::write_all(&mut file, format!("{value}\n").as_bytes())
            });
        match written {
            Ok(()) => return Ok(device),
            Err(e) => problems.push(format!("cannot write {}: {e}", target.display())),
        }
    }
    Err(problems.join("; "))
}
