//! XDG desktop entries (the freedesktop.org Desktop Entry Specification 1.5): finding an
//! application by name and turning its `Exec` key into an argument vector.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One application's desktop entry, as far as launching it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesktopEntry {
    /// Its desktop file id (`org.gnome.Calculator`, `kde-konsole` for `kde/konsole.desktop`),
    /// without `.desktop`.
    pub id: String,
    /// The `.desktop` file.
    pub path: PathBuf,
    /// `Name`.
    pub name: String,
    /// `GenericName`, if any.
    pub generic_name: Option<String>,
    /// `Exec`, unescaped as a string value, field codes still in it.
    pub exec: String,
    /// `Icon`, if any.
    pub icon: Option<String>,
    /// `TryExec`, if any.
    pub try_exec: Option<String>,
    /// `Terminal=true`.
    pub terminal: bool,
    /// `NoDisplay=true` or `Hidden=true`: not to be offered.
    pub hidden: bool,
    /// `Type`, `Application` unless said otherwise.
    pub kind: String,
}

/// Unescapes a string value: `\s`, `\n`, `\t`, `\r`, `\\` (spec "Possible value types").
fn unescape_value(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('s') => out.push(' '),
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            // Other escapes belong to the Exec quoting layer: keep them for it.
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Reads the `[Desktop Entry]` group of a desktop file; `None` when it has none or no `Exec`
/// and `Name`.
#[must_use]
pub fn parse_desktop_entry(id: &str, path: &Path, text: &str) -> Option<DesktopEntry> {
    let mut in_group = false;
    let mut seen_group = false;
    let (mut name, mut generic, mut exec, mut icon, mut try_exec) = (None, None, None, None, None);
    let (mut terminal, mut hidden) = (false, false);
    let mut kind = "Application".to_owned();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            in_group = line == "[Desktop Entry]";
            seen_group |= in_group;
            continue;
        }
        if !in_group {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = unescape_value(value.trim());
        match key.trim() {
            "Name" => name = Some(value),
            "GenericName" => generic = Some(value),
            "Exec" => exec = Some(value),
            "Icon" => icon = Some(value),
            "TryExec" => try_exec = Some(value),
            "Terminal" => terminal = value == "true",
            "NoDisplay" | "Hidden" => hidden |= value == "true",
            "Type" => kind = value,
            _ => {}
        }
    }
    if !seen_group {
        return None;
    }
    Some(DesktopEntry {
        id: id.to_owned(),
        path: path.to_owned(),
        name: name?,
        generic_name: generic,
        exec: exec.unwrap_or_default(),
        icon,
        try_exec,
        terminal,
        hidden,
        kind,
    })
}

/// Splits an `Exec` value into arguments (spec "The Exec key"): arguments are separated by
/// spaces; a double-quoted argument may hold spaces, and `\"`, `` \` ``, `\$`, `\\` inside it
/// stand for the character. Single quotes are also honoured (literal text), as GLib does for
/// the many entries in the wild that use them. Field codes are then expanded: `%f %F %u %U`
/// (and the deprecated `%d %D %n %N %v %m`) are dropped since no file is passed, `%i` becomes
/// `--icon <Icon>`, `%c` the name, `%k` the file's path, `%%` a `%`. Quoted arguments are
/// taken literally.
///
/// # Errors
/// A message for an unterminated quote or an empty command.
pub fn split_exec(entry: &DesktopEntry) -> Result<Vec<String>, String> {
    let mut tokens: Vec<(String, bool)> = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    let mut chars = entry.exec.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if started {
                    tokens.push((std::mem::take(&mut current), quoted));
                    started = false;
                    quoted = false;
                }
            }
            '"' => {
                started = true;
                quoted = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '`' | '$' | '\\')) => current.push(e),
                            Some(other) => {
                                current.push('\\');
                                current.push(other);
                            }
                            None => return Err("unterminated double quote".to_owned()),
                        },
                        Some(other) => current.push(other),
                        None => return Err("unterminated double quote".to_owned()),
                    }
                }
            }
            '\'' => {
                started = true;
                quoted = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(other) => current.push(other),
                        None => return Err("unterminated single quote".to_owned()),
                    }
                }
            }
            '\\' => {
                started = true;
                if let Some(next) = chars.next() {
                    current.push(next);
                }
            }
            other => {
                started = true;
                current.push(other);
            }
        }
    }
    if started {
        tokens.push((current, quoted));
    }
    let mut argv = Vec::new();
    for (token, quoted) in tokens {
        if quoted {
            argv.push(token);
            continue;
        }
        match token.as_str() {
            "%f" | "%F" | "%u" | "%U" | "%d" | "%D" | "%n" | "%N" | "%v" | "%m" => {}
            "%i" => {
                if let Some(icon) = &entry.icon {
                    argv.push("--icon".to_owned());
                    argv.push(icon.clone());
                }
            }
            _ => {
                let expanded = expand_codes(&token, entry);
                if !expanded.is_empty() || token.is_empty() {
                    argv.push(expanded);
                }
            }
        }
    }
    if argv.first().is_none_or(String::is_empty) {
        return Err("the Exec key names no program".to_owned());
    }
    Ok(argv)
}

/// Field codes inside an unquoted argument (`--name=%c`): expanded or removed.
fn expand_codes(token: &str, entry: &DesktopEntry) -> String {
    let mut out = String::with_capacity(token.len());
    let mut chars = token.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('c') => out.push_str(&entry.name),
            Some('k') => out.push_str(&entry.path.to_string_lossy()),
            Some('i') => {
                if let Some(icon) = &entry.icon {
                    out.push_str(icon);
                }
            }
            // %f %u ... and unknown codes: nothing is passed.
            Some(_) | None => {}
        }
    }
    out
}

/// Every `.desktop` file under `applications` folders of `data_dirs` (most important first),
/// each id once: the first folder that has an id decides it, even when that entry is hidden.
#[must_use]
pub fn desktop_entries(data_dirs: &[PathBuf]) -> Vec<DesktopEntry> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for dir in data_dirs {
        let root = dir.join("applications");
        let mut files = Vec::new();
        collect(&root, &root, &mut files, 0);
        files.sort();
        for (id, path) in files {
            if !seen.insert(id.clone()) {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            if let Some(entry) = parse_desktop_entry(&id, &path, &text) {
                out.push(entry);
            }
        }
    }
    out
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>, depth: usize) {
    if depth > 8 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(root, &path, out, depth + 1);
        } else if path.extension().is_some_and(|e| e == "desktop")
            && let Ok(relative) = path.strip_prefix(root)
        {
            let id = relative
                .with_extension("")
                .to_string_lossy()
                .replace('/', "-");
            out.push((id, path));
        }
    }
}

/// The entry for `name`: its `Name` first, then its file id (also the last dotted part, so
/// `calculator` finds `org.gnome.Calculator`), then `GenericName`, all case-insensitively.
/// Hidden and `NoDisplay` entries and those that are not applications never match.
#[must_use]
pub fn find_entry<'a>(entries: &'a [DesktopEntry], name: &str) -> Option<&'a DesktopEntry> {
    let wanted = name.trim().to_lowercase();
    if wanted.is_empty() {
        return None;
    }
    let usable = || {
        entries
            .iter()
            .filter(|e| !e.hidden && e.kind == "Application")
    };
    usable()
        .find(|e| e.name.to_lowercase() == wanted)
        .or_else(|| {
            usable().find(|e| {
                let id = e.id.to_lowercase();
                id == wanted || id.rsplit('.').next() == Some(wanted.as_str())
            })
        })
        .or_else(|| {
            usable().find(|e| {
                e.generic_name
                    .as_ref()
                    .is_some_and(|g| g.to_lowercase() == wanted)
            })
        })
}
