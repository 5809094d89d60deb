//! Desktop entries: parsing, `Exec` splitting per the specification, lookup by name.

use std::path::{Path, PathBuf};

use aartiq_host::{DesktopEntry, desktop_entries, find_entry, parse_desktop_entry, split_exec};

fn entry(exec: &str) -> DesktopEntry {
    let text =
        format!("[Desktop Entry]\nType=Application\nName=Text Editor\nIcon=editor\nExec={exec}\n");
    parse_desktop_entry(
        "org.example.Editor",
        Path::new("/apps/org.example.Editor.desktop"),
        &text,
    )
    .unwrap()
}

fn argv(exec: &str) -> Result<Vec<String>, String> {
    split_exec(&entry(exec))
}

fn owned(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn field_codes_are_removed_or_expanded() {
    assert_eq!(argv("gedit %U").unwrap(), owned(&["gedit"]));
    assert_eq!(
        argv("app %f --new-window %F %u %d %D %n %N %v %m").unwrap(),
        owned(&["app", "--new-window"])
    );
    assert_eq!(argv("app %i").unwrap(), owned(&["app", "--icon", "editor"]));
    assert_eq!(
        argv("app --class=%c %k").unwrap(),
        owned(&[
            "app",
            "--class=Text Editor",
            "/apps/org.example.Editor.desktop"
        ])
    );
    assert_eq!(
        argv("app 100%% --file=%f").unwrap(),
        owned(&["app", "100%", "--file="])
    );
}

#[test]
fn quoting_follows_the_specification() {
    // Double quotes hold spaces; \" \` \$ \\ inside them are the characters. In the file a
    // backslash is itself escaped first (the string rule), so `\\\\` is one backslash.
    assert_eq!(
        argv(r#"/bin/sh -c "echo \\"hi\\" \\$HOME \\\\ done" %u"#).unwrap(),
        owned(&["/bin/sh", "-c", r#"echo "hi" $HOME \ done"#])
    );
    // Field codes inside quotes are literal.
    assert_eq!(argv(r#"app "%f""#).unwrap(), owned(&["app", "%f"]));
    // Single quotes, as GLib accepts them.
    assert_eq!(
        argv("sh -c 'touch /tmp/a b'").unwrap(),
        owned(&["sh", "-c", "touch /tmp/a b"])
    );
    // \s is a space in a string value, unescaped before the quoting rule: quoted it stays
    // in one argument, unquoted it separates two.
    assert_eq!(argv(r#""my\sapp" --x"#).unwrap(), owned(&["my app", "--x"]));
    assert_eq!(argv(r"my\sapp").unwrap(), owned(&["my", "app"]));
    assert_eq!(
        argv(r#"app "open"#).unwrap_err(),
        "unterminated double quote"
    );
    assert_eq!(argv("%f %U").unwrap_err(), "the Exec key names no program");
}

#[test]
fn other_groups_localised_keys_and_comments_are_ignored() {
    let text = "# comment\n[Desktop Action new]\nName=Wrong\nExec=wrong\n[Desktop Entry]\nName[de]=Rechner\nName=Calculator\nGenericName=Calculator App\nExec=calc\nNoDisplay=false\n";
    let parsed = parse_desktop_entry("calc", Path::new("/x/calc.desktop"), text).unwrap();
    assert_eq!(parsed.name, "Calculator");
    assert_eq!(parsed.exec, "calc");
    assert_eq!(parsed.generic_name.as_deref(), Some("Calculator App"));
    assert!(!parsed.hidden);
    assert!(parse_desktop_entry("x", Path::new("/x"), "Name=No group\nExec=x").is_none());
}

fn write(dir: &Path, relative: &str, body: &str) -> PathBuf {
    let path = dir.join("applications").join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(
        &path,
        format!("[Desktop Entry]\nType=Application\n{body}\n"),
    )
    .unwrap();
    path
}

#[test]
fn lookup_by_name_id_and_generic_name_with_precedence_and_hiding() {
    let home = tempfile::tempdir().unwrap();
    let system = tempfile::tempdir().unwrap();
    write(
        system.path(),
        "org.gnome.Calculator.desktop",
        "Name=Calculator\nGenericName=Calculator\nExec=gnome-calculator",
    );
    write(
        system.path(),
        "kde/konsole.desktop",
        "Name=Konsole\nGenericName=Terminal\nExec=konsole",
    );
    write(
        system.path(),
        "secret.desktop",
        "Name=Secret\nExec=secret\nNoDisplay=true",
    );
    write(
        system.path(),
        "link.desktop",
        "Type=Link\nName=Homepage\nExec=x",
    );
    // The user's own copy of an id hides the system one, here by deleting it.
    write(system.path(), "gone.desktop", "Name=Gone\nExec=gone");
    write(
        home.path(),
        "gone.desktop",
        "Name=Gone\nExec=gone\nHidden=true",
    );
    let entries = desktop_entries(&[home.path().to_owned(), system.path().to_owned()]);
    let found = |name: &str| find_entry(&entries, name).map(|e| e.id.clone());
    assert_eq!(found("calculator").as_deref(), Some("org.gnome.Calculator"));
    assert_eq!(
        found("ORG.GNOME.CALCULATOR").as_deref(),
        Some("org.gnome.Calculator")
    );
    assert_eq!(found("kde-konsole").as_deref(), Some("kde-konsole"));
    assert_eq!(found("terminal").as_deref(), Some("kde-konsole"));
    assert_eq!(found("secret"), None);
    assert_eq!(found("homepage"), None);
    assert_eq!(found("gone"), None);
    assert_eq!(found(""), None);
}
