//! Files: write and delete targets, secrets among arguments, and the tools that copy, move,
//! archive, change permissions or search the tree.

use super::*;

/// Judge a path a command writes to.
pub(crate) fn write_target(ctx: &mut Ctx, w: &Word, what: &str) {
    let loc = ctx.loc(w);
    let class = paths::write_class(&loc);
    redirected(ctx, w, &loc, class, what);
    let t = printable(&w.text);
    match class {
        WriteClass::Sink | WriteClass::Inside => {}
        WriteClass::GitHooks => ctx.emit(
            RuleId::WritePersistence,
            w.span,
            format!("{what} writes git hooks `{t}` (code that runs later)"),
        ),
        WriteClass::GitInternals => ctx.emit(
            RuleId::WriteGitInternals,
            w.span,
            format!("{what} writes git internals `{t}`"),
        ),
        WriteClass::Outside => ctx.emit(
            RuleId::WriteOutsideCwd,
            w.span,
            format!("{what} writes `{t}`, outside the working directory"),
        ),
        WriteClass::Root => ctx.emit(
            RuleId::WriteSystemPath,
            w.span,
            format!("{what} writes over `{t}`"),
        ),
        WriteClass::Persistence => ctx.emit(
            RuleId::WritePersistence,
            w.span,
            format!("{what} writes `{t}` (shell start-up, ssh, cron or autostart: persistence)"),
        ),
        WriteClass::System => ctx.emit(
            RuleId::WriteSystemPath,
            w.span,
            format!("{what} writes system path `{t}`"),
        ),
        WriteClass::Device => {
            if is_disk_device(&w.text) {
                ctx.emit(
                    RuleId::WriteDevice,
                    w.span,
                    format!("{what} writes raw device `{t}`"),
                )
            } else {
                ctx.emit(
                    RuleId::WriteOutsideCwd,
                    w.span,
                    format!("{what} writes device `{t}`"),
                )
            }
        }
        WriteClass::Socket => ctx.emit(
            RuleId::ReverseShell,
            w.span,
            format!("{what} connects to network socket `{t}`"),
        ),
        WriteClass::Unknown => ctx.emit(
            RuleId::WriteDynamicTarget,
            w.span,
            format!("{what} writes a path only known when the line runs"),
        ),
    }
}

/// A write or deletion whose target an earlier step moved: through a link made earlier in the
/// line, or relative to a directory that `cd` left the working directory for.
fn redirected(ctx: &mut Ctx, w: &Word, loc: &Loc, class: WriteClass, what: &str) {
    if matches!(class, WriteClass::Sink | WriteClass::Inside) || w.dynamic {
        return;
    }
    let t = printable(&w.text);
    let relative = !w.text.starts_with('/') && !w.text.starts_with('~');
    let raw = w.lit().map(|x| paths::resolve(x, &ctx.cwd));
    if raw.as_ref().is_some_and(|r| r != loc) {
        ctx.emit(
            RuleId::RedirectedPath,
            w.span,
            format!("{what} reaches `{t}` through a link made earlier in the line"),
        );
    } else if relative && !matches!(ctx.cwd, paths::Cwd::Ws(_)) {
        ctx.emit(
            RuleId::RedirectedPath,
            w.span,
            format!("{what} writes `{t}` after `cd` left the working directory"),
        );
    }
}

pub(super) fn is_disk_device(p: &str) -> bool {
    let d = p.trim_start_matches("/dev/");
    [
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "mapper", "mem", "kmem",
        "port", "md", "dm-", "loop", "sr", "nbd",
    ]
    .iter()
    .any(|x| d.starts_with(x))
}

/// Judge a path a command deletes.
pub(super) fn delete_target(ctx: &mut Ctx, w: &Word, what: &str) {
    let loc = ctx.loc(w);
    redirected(ctx, w, &loc, paths::write_class(&loc), what);
    let t = printable(&w.text);
    match (&loc, paths::write_class(&loc)) {
        (_, WriteClass::Sink) => {}
        (Loc::Unknown, _) => ctx.emit(
            RuleId::DeleteDynamic,
            w.span,
            format!("{what} deletes a path only known when the line runs"),
        ),
        (Loc::Ws(c), _) if !c.is_empty() && c.first().is_none_or(|f| f != ".git") => ctx.emit(
            RuleId::DeleteInCwd,
            w.span,
            format!("{what} deletes `{t}` in the working directory"),
        ),
        _ => ctx.emit(
            RuleId::DeleteOutsideCwd,
            w.span,
            format!("{what} deletes `{t}`, outside the working directory or the workspace itself"),
        ),
    }
}

/// After a command is judged: secrets among its path arguments.
pub(super) fn secret_args(ctx: &mut Ctx, c: &Call<'_>, mut flow: Flow) -> Flow {
    if METADATA_ONLY.contains(&c.name.as_str()) {
        return flow;
    }
    let mut checks: Vec<(Word, Span)> = Vec::new();
    for a in c.args {
        if a.dynamic {
            continue;
        }
        let t = a.text.as_str();
        if let Some(p) = t.find('=').filter(|_| t.starts_with('-')) {
            checks.push((value_word(a, &t[p + 1..]), a.span));
        } else if let Some(v) = t.strip_prefix('@') {
            checks.push((value_word(a, v), a.span));
        } else if !t.starts_with('-') {
            // `user@host:path` copies: the local part is before any colon-less token.
            checks.push((a.clone(), a.span));
        }
    }
    for r in c.redirs {
        if r.kind == crate::walk::RedirKind::Read {
            checks.push((r.target.clone(), r.target.span));
        }
    }
    let mut worst = SecretClass::None;
    let mut worst_span = c.span;
    let mut worst_text = String::new();
    for (w, span) in checks {
        let loc = ctx.loc(&w);
        let class = paths::secret_class(&loc);
        if class == SecretClass::Credential
            || (class == SecretClass::Workspace && worst == SecretClass::None)
        {
            worst = class;
            worst_span = span;
            worst_text = w.text.clone();
        }
    }
    match worst {
        SecretClass::Credential => {
            flow.secrets = true;
            ctx.emit(
                RuleId::CredentialRead,
                worst_span,
                format!(
                    "`{}` reads credentials `{}`",
                    c.name,
                    printable(&worst_text)
                ),
            );
        }
        SecretClass::Workspace => {
            flow.secrets = true;
            ctx.emit(
                RuleId::WorkspaceSecretRead,
                worst_span,
                format!(
                    "`{}` reads secrets file `{}` into the transcript",
                    c.name,
                    printable(&worst_text)
                ),
            );
        }
        SecretClass::None => {}
    }
    flow
}

pub(super) fn permissions(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    if TABLE_HIGH.contains(&n) {
        table_tier(ctx, c);
    } else if n != "chgrp" {
        ctx.emit(
            RuleId::DestructiveCommand,
            c.span,
            format!("`{n}` changes permissions or ownership"),
        );
    }
    let pos = positionals(c.args, &["--reference"]);
    let mode = pos.first().map(|w| w.text.as_str()).unwrap_or("");
    if n == "chmod"
        && (mode == "777"
            || mode == "0777"
            || mode.ends_with("a+rwx")
            || mode == "ugo+rwx"
            || mode == "666" && pos.len() > 1)
    {
        ctx.emit(
            RuleId::DangerousPattern,
            c.span,
            "Command contains dangerous patterns",
        );
    }
    if n == "chmod"
        && (mode.contains('s') && (mode.contains('+') || mode.contains('='))
            || (mode.len() == 4
                && mode.chars().all(|ch| ch.is_ascii_digit())
                && matches!(mode.as_bytes()[0], b'2' | b'4' | b'6' | b'7')))
    {
        ctx.emit(
            RuleId::PrivilegeEscalation,
            c.span,
            "sets the setuid or setgid bit",
        );
    }
    if n == "chown" && (mode.starts_with("root") || mode.starts_with("0:") || mode == "0") {
        ctx.emit(
            RuleId::DangerousPattern,
            c.span,
            "Command contains dangerous patterns",
        );
    }
    let recursive = has_flag(c.args, 'R', &["recursive"]);
    for p in pos.iter().skip(1) {
        let loc = ctx.loc(p);
        match paths::write_class(&loc) {
            WriteClass::Inside | WriteClass::Sink => {}
            WriteClass::Root | WriteClass::System | WriteClass::Device => ctx.emit(
                RuleId::WriteSystemPath,
                p.span,
                format!(
                    "`{n}` changes permissions of system path `{}`",
                    printable(&p.text)
                ),
            ),
            WriteClass::Outside
            | WriteClass::Persistence
            | WriteClass::GitHooks
            | WriteClass::GitInternals
            | WriteClass::Socket
                if recursive =>
            {
                ctx.emit(
                    RuleId::WriteOutsideCwd,
                    p.span,
                    format!("`{n} -R` outside the working directory"),
                )
            }
            WriteClass::Unknown => ctx.emit(
                RuleId::WriteDynamicTarget,
                p.span,
                format!("`{n}` on a path only known when the line runs"),
            ),
            _ => {}
        }
        if ctx.is_tainted(&loc) && n == "chmod" {
            ctx.emit(
                RuleId::TaintedExecutable,
                p.span,
                "makes downloaded or decoded data executable",
            );
        }
    }
    Flow::default()
}

pub(super) fn dd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    table_tier(ctx, c);
    for a in c.args {
        if let Some(v) = a.text.strip_prefix("of=") {
            write_target(ctx, &value_word(a, v), "`dd`");
        }
    }
    if c.args.iter().any(|a| a.text.starts_with("if=")) {
        ctx.emit(
            RuleId::DangerousPattern,
            c.span,
            "Command contains dangerous patterns",
        );
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn find(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let args = c.args;
    let mut roots = Vec::new();
    let mut i = 0;
    while i < args.len()
        && !args[i].text.starts_with('-')
        && args[i].text != "("
        && args[i].text != "!"
    {
        roots.push(&args[i]);
        i += 1;
    }
    while i < args.len() {
        let t = args[i].text.as_str();
        match t {
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let start = i + 1;
                let mut end = start;
                while end < args.len() && args[end].text != ";" && args[end].text != "+" {
                    end += 1;
                }
                let root = roots
                    .first()
                    .map(|r| r.text.trim_end_matches('/').to_string())
                    .unwrap_or_else(|| ".".to_string());
                let root_dynamic = roots.first().is_some_and(|r| r.dynamic);
                let inner: Vec<Word> = args[start..end.min(args.len())]
                    .iter()
                    .map(|w| {
                        if w.text.contains("{}") {
                            Word {
                                text: w.text.replace("{}", &format!("{root}/found")),
                                dynamic: w.dynamic || root_dynamic,
                                ..w.clone()
                            }
                        } else {
                            w.clone()
                        }
                    })
                    .collect();
                if inner
                    .first()
                    .is_some_and(|w| w.text == "rm" || w.text.ends_with("/rm"))
                {
                    ctx.emit(
                        RuleId::DestructiveCommand,
                        args[i].span,
                        "`find -exec rm` deletes every match",
                    );
                    for r in &roots {
                        delete_target(ctx, r, "`find -exec rm`");
                    }
                }
                exec(ctx, &inner, None, c.span, &[]);
                i = end + 1;
            }
            "-delete" => {
                ctx.emit(
                    RuleId::DestructiveCommand,
                    args[i].span,
                    "`find -delete` deletes every match",
                );
                if roots.is_empty() {
                    delete_target(
                        ctx,
                        &Word {
                            text: ".".into(),
                            span: args[i].span,
                            ..Word::default()
                        },
                        "`find -delete`",
                    );
                }
                for r in &roots {
                    let loc = ctx.loc(r);
                    if matches!(loc, Loc::Ws(_)) {
                        ctx.emit(
                            RuleId::DeleteInCwd,
                            r.span,
                            "`find -delete` in the working directory",
                        );
                    } else {
                        delete_target(ctx, r, "`find -delete`");
                    }
                }
                i += 1;
            }
            "-fprint" | "-fprint0" | "-fprintf" | "-fls" => {
                if let Some(f) = args.get(i + 1) {
                    write_target(ctx, f, &format!("`find {t}`"));
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn copy_like(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    table_tier(ctx, c);
    if !TABLE_MEDIUM.contains(&n) {
        ctx.emit(
            RuleId::UnknownCommand,
            c.span,
            format!("`{n}` copies or links files"),
        );
    }
    let with_value: &[&str] = match n {
        "rsync" => &[
            "-e",
            "--rsh",
            "-f",
            "--filter",
            "--exclude",
            "--include",
            "--exclude-from",
            "--include-from",
            "--files-from",
            "-B",
            "--block-size",
            "--backup-dir",
            "--suffix",
            "--port",
            "--chmod",
            "--rsync-path",
            "--log-file",
            "--password-file",
            "-T",
            "--temp-dir",
            "--timeout",
            "--bwlimit",
            "-M",
            "--remote-option",
        ],
        "scp" => &["-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J", "-D"],
        "sftp" => &[
            "-P", "-i", "-o", "-F", "-b", "-c", "-l", "-S", "-J", "-D", "-B", "-R", "-s",
        ],
        "cp" | "mv" | "install" | "ln" => &[
            "-t",
            "--target-directory",
            "-S",
            "--suffix",
            "-m",
            "--mode",
            "-o",
            "--owner",
            "-g",
            "--group",
        ],
        "mkdir" => &["-m", "--mode"],
        "touch" => &["-d", "-t", "-r", "--date", "--reference"],
        _ => &[],
    };
    if matches!(n, "rsync") {
        for v in opt_values(c.args, &["-e"], &["rsh", "rsync-path"]) {
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                "`rsync -e` names a remote shell program",
            );
            let t = opt_text(v, &["-e"], &["rsh", "rsync-path"]).to_string();
            ctx.nested(&t, v.span);
        }
    }
    if matches!(n, "scp" | "sftp") {
        for v in opt_values(c.args, &["-o", "-S"], &[]) {
            let t = opt_text(v, &["-o", "-S"], &[]);
            if t.to_ascii_lowercase().starts_with("proxycommand")
                || t.to_ascii_lowercase().starts_with("localcommand")
                || v.text == "-S"
            {
                ctx.emit(
                    RuleId::ExecOption,
                    v.span,
                    "ssh option runs a local program",
                );
            }
        }
    }
    let pos = positionals(c.args, with_value);
    let remote = |w: &Word| -> bool {
        let t = w.text.as_str();
        if t.starts_with('/') || t.starts_with('.') || t.starts_with('~') {
            return false;
        }
        t.contains(':') && !t.contains("://")
            || t.starts_with("rsync://")
            || t.starts_with("scp://")
            || t.starts_with("sftp://")
    };
    let targets: Vec<&Word> = match n {
        "mkdir" | "touch" => pos.clone(),
        _ => {
            let t_dir: Vec<&Word> = opt_values(c.args, &["-t"], &["target-directory"]);
            if !t_dir.is_empty() {
                t_dir
            } else if n == "ln" && pos.len() == 1 {
                vec![]
            } else {
                pos.last().copied().into_iter().collect()
            }
        }
    };
    let sources: Vec<&Word> = match n {
        "mkdir" | "touch" => vec![],
        _ => {
            if pos.len() > 1 {
                pos[..pos.len() - 1].to_vec()
            } else {
                vec![]
            }
        }
    };
    let any_remote = pos.iter().any(|w| remote(w));
    if any_remote {
        if !TABLE_MEDIUM.contains(&n) {
            ctx.emit(
                RuleId::Network,
                c.span,
                format!("`{n}` copies over the network"),
            );
        }
        for s in &sources {
            let loc = ctx.loc(s);
            if !remote(s) && paths::secret_class(&loc) == SecretClass::Credential {
                ctx.emit(
                    RuleId::Exfiltration,
                    s.span,
                    format!("sends credentials `{}` to another host", printable(&s.text)),
                );
            }
        }
    }
    for t in targets.iter().copied() {
        if remote(t) {
            continue;
        }
        write_target(ctx, t, &format!("`{n}`"));
        if n == "rsync"
            && has_flag(
                c.args,
                '\0',
                &[
                    "delete",
                    "delete-before",
                    "delete-after",
                    "delete-during",
                    "delete-delay",
                    "delete-excluded",
                    "remove-source-files",
                ],
            )
        {
            delete_target(ctx, t, "`rsync --delete`");
        }
    }
    let dest_sink = pos.last().is_some_and(|d| {
        matches!(
            paths::write_class(&ctx.loc(d)),
            WriteClass::Sink | WriteClass::Device
        )
    });
    if n == "mv" && dest_sink {
        for s in &sources {
            delete_target(ctx, s, "`mv` to a device");
        }
    } else if n == "mv" {
        for s in &sources {
            let loc = ctx.loc(s);
            if !paths::inside(&loc) {
                match paths::write_class(&loc) {
                    WriteClass::System
                    | WriteClass::Root
                    | WriteClass::Persistence
                    | WriteClass::Device => ctx.emit(
                        RuleId::WriteSystemPath,
                        s.span,
                        format!("`mv` moves away `{}`", printable(&s.text)),
                    ),
                    WriteClass::Unknown => ctx.emit(
                        RuleId::WriteDynamicTarget,
                        s.span,
                        "`mv` moves a path only known when the line runs",
                    ),
                    _ => ctx.emit(
                        RuleId::WriteOutsideCwd,
                        s.span,
                        format!(
                            "`mv` moves `{}` from outside the working directory",
                            printable(&s.text)
                        ),
                    ),
                }
            }
        }
    }
    if n == "ln" {
        // Remember the link so later writes through it are judged where they land.
        let link = match (pos.len(), targets.first()) {
            (1, _) => pos.first().map(|s| {
                let base = s
                    .text
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or("");
                Word {
                    text: base.to_string(),
                    ..(*s).clone()
                }
            }),
            (_, Some(t)) => Some((*t).clone()),
            _ => None,
        };
        let source = if pos.len() == 1 {
            pos.first()
        } else {
            sources.first()
        };
        if let (Some(link), Some(source)) = (link, source) {
            let target = ctx.loc(source);
            if let paths::Loc::Ws(comps) = paths::resolve(&link.text, &ctx.cwd)
                && !link.dynamic
                && !comps.is_empty()
                && ctx.links.len() < 64
            {
                ctx.links.push((comps, target));
            }
        }
        for s in &sources {
            let loc = ctx.loc(s);
            if !paths::inside(&loc) {
                ctx.emit(
                    RuleId::SymlinkOutside,
                    s.span,
                    format!(
                        "links to `{}`, outside the working directory",
                        printable(&s.text)
                    ),
                );
            }
        }
    }
    Flow::default()
}

pub(super) fn tar(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let first = c.args.first().map(|a| a.text.as_str()).unwrap_or("");
    let bundled = !first.starts_with('-') && !first.is_empty();
    let flag = |ch: char, long: &[&str]| -> bool {
        has_flag(c.args, ch, long) || (bundled && first.contains(ch))
    };
    for a in c.args {
        let t = a.text.as_str();
        if t.starts_with("--to-command")
            || t.starts_with("--checkpoint-action")
            || t.starts_with("--use-compress-program")
            || t.starts_with("--rsh-command")
            || t.starts_with("--info-script")
            || t.starts_with("--new-volume-script")
            || t == "-I"
            || t == "-F"
        {
            ctx.emit(RuleId::ExecOption, a.span, "tar option runs a program");
            if let Some((_, v)) = t.split_once('=') {
                let v = v.trim_start_matches("exec=").to_string();
                ctx.nested(&v, a.span);
            }
        }
    }
    let create = flag('c', &["create"]) || flag('r', &["append"]) || flag('u', &["update"]);
    let extract = flag('x', &["extract", "get"]);
    let file = opt_values(c.args, &["-f"], &["file"])
        .first()
        .map(|w| value_word(w, opt_text(w, &["-f"], &["file"])));
    let file = file.or_else(|| {
        if bundled && first.contains('f') {
            c.args.get(1).cloned()
        } else {
            // `-czf out.tgz`: value after a cluster ending in f.
            c.args
                .iter()
                .position(|a| {
                    a.text.starts_with('-') && !a.text.starts_with("--") && a.text.ends_with('f')
                })
                .and_then(|p| c.args.get(p + 1).cloned())
        }
    });
    if create
        && let Some(f) = &file
        && f.text != "-"
    {
        write_target(ctx, f, "`tar`");
    }
    if extract {
        ctx.emit(
            RuleId::ExtractsArchive,
            c.span,
            "extracting an archive may overwrite files",
        );
        let dir = opt_values(c.args, &["-C"], &["directory"])
            .first()
            .map(|w| value_word(w, opt_text(w, &["-C"], &["directory"])));
        if let Some(d) = dir {
            write_target(ctx, &d, "`tar -x`");
        }
        if flag('P', &["absolute-names"]) {
            ctx.emit(
                RuleId::WriteOutsideCwd,
                c.span,
                "`tar -P` extracts absolute paths",
            );
        }
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

pub(super) fn archive(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    for (k, a) in c.args.iter().enumerate() {
        if a.text == "-TT" || a.text.starts_with("--unzip-command") || a.text.starts_with("-TT=") {
            ctx.emit(RuleId::ExecOption, a.span, "archive option runs a program");
            let v = match a.text.split_once('=') {
                Some((_, v)) => Some(v.to_string()),
                None => c.args.get(k + 1).map(|w| w.text.clone()),
            };
            if let Some(v) = v {
                ctx.nested(&v, a.span);
            }
        }
    }
    if matches!(n, "unzip" | "unrar" | "7z" | "7za" | "cpio")
        && !(has_flag(c.args, 'l', &[])
            || has_flag(c.args, 'v', &[])
            || c.args
                .first()
                .is_some_and(|a| a.text == "l" || a.text == "t"))
    {
        ctx.emit(
            RuleId::ExtractsArchive,
            c.span,
            "extracting an archive may overwrite files",
        );
        if let Some(d) = opt_values(c.args, &["-d"], &[]).first() {
            write_target(ctx, d, &format!("`{n} -d`"));
        }
    } else if n == "zip"
        && let Some(out) =
            positionals(c.args, &["-b", "-n", "-t", "-tt", "-x", "-i", "-P", "-TT"]).first()
    {
        write_target(ctx, out, "`zip`");
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// `shred`, `truncate`, `rmdir`, `unlink`, `del`, `erase` and the rest of its table row.
pub(super) fn removers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    if TABLE_HIGH.contains(&n) {
        table_tier(ctx, c);
    } else if n != "gio"
        || c.args
            .first()
            .is_some_and(|a| a.text == "trash" || a.text == "remove")
    {
        ctx.emit(
            RuleId::DestructiveCommand,
            c.span,
            format!("`{n}` deletes or destroys files"),
        );
    }
    let skip: &[&str] = if n == "truncate" {
        &["-s", "--size", "-r", "--reference"]
    } else {
        &["-n", "--iterations", "-s", "--size"]
    };
    for p in positionals(c.args, skip) {
        if n == "gio" && (p.text == "trash" || p.text == "remove") {
            continue;
        }
        if (n == "rd" || n == "del" || n == "erase") && p.text.starts_with('/') && p.text.len() == 2
        {
            continue;
        }
        delete_target(ctx, p, &format!("`{n}`"));
    }
    Flow::default()
}

/// `rm`.
pub(super) fn rm(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    for p in positionals(c.args, &[]) {
        delete_target(ctx, p, "`rm`");
    }
    Flow::default()
}

/// `fd`, `fdfind`.
pub(super) fn fd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if let Some(v) = opt_values(c.args, &["-x", "-X"], &["exec", "exec-batch"]).first() {
        let idx = c.args.iter().position(|a| std::ptr::eq(a, *v)).unwrap_or(0);
        let inner: Vec<Word> = c.args[idx..]
            .iter()
            .take_while(|a| a.text != ";")
            .cloned()
            .collect();
        ctx.emit(
            RuleId::ExecOption,
            v.span,
            "`fd --exec` runs a command per result",
        );
        exec(ctx, &inner, None, c.span, &[]);
    }
    Flow::default()
}

/// `rg`, `ripgrep`.
pub(super) fn rg(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if let Some(v) = opt_values(c.args, &[], &["pre"]).first() {
        ctx.emit(
            RuleId::ExecOption,
            v.span,
            "`rg --pre` runs a program on every file",
        );
        let prog = value_word(v, opt_text(v, &[], &["pre"]));
        exec(ctx, std::slice::from_ref(&prog), None, c.span, &[]);
    }
    if has_flag(c.args, 'z', &["search-zip"]) {
        ctx.emit(
            RuleId::SpawnsHelpers,
            c.span,
            "`rg -z` runs decompression programs",
        );
    }
    Flow::default()
}

/// `grep`, `egrep`, `fgrep`, `zgrep`, `ag`, `ack` and the rest of its table row.
pub(super) fn read_only(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    let _ = ctx;
    if n == "less" || n == "more" {
        for a in c.args {
            if let Some(cmd) = a.text.strip_prefix('+').filter(|t| t.starts_with('!')) {
                ctx.emit(RuleId::ExecOption, a.span, "pager start-up command");
                options::escape(ctx, cmd, a.span);
            } else if a.text.starts_with("-+") {
                ctx.emit(RuleId::ExecOption, a.span, "pager start-up command");
            }
        }
    }
    if n == "tail" || n == "less" || n == "journalctl" {
        // follow mode is fine: read-only
    }
    if n == "diff"
        && let Some(v) = opt_values(c.args, &[], &["output"]).first()
    {
        let w = value_word(v, opt_text(v, &[], &["output"]));
        write_target(ctx, &w, "`diff --output`");
    }
    if n == "dmesg" && has_flag(c.args, 'C', &["clear", "console-off"]) {
        ctx.emit(RuleId::SystemState, c.span, "clears the kernel log");
    }
    if n == "top" && c.args.is_empty() {
        return Flow::default();
    }
    if n == "jq" && (has_flag(c.args, '\0', &["rawfile", "slurpfile"])) {
        // reads named files: judged by the secret check of the arguments
    }
    let mut f = Flow {
        other: true,
        ..Flow::default()
    };
    if n == "tr" {
        f = Flow::through(
            Flow {
                decoder: true,
                ..Flow::default()
            },
            c.stdin,
        );
        return f;
    }
    f = Flow::through(f, c.stdin);
    f
}

/// `tee`.
pub(super) fn tee(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    for p in positionals(c.args, &[]) {
        write_target(ctx, p, "`tee`");
        if c.stdin.is_some_and(|s| s.network || s.decoder || s.tainted) {
            let loc = ctx.loc(p);
            ctx.taint(loc);
        }
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `sort`.
pub(super) fn sort(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    for v in opt_values(c.args, &["-o"], &["output"]) {
        let w = value_word(v, opt_text(v, &["-o"], &["output"]));
        write_target(ctx, &w, "`sort -o`");
    }
    if !opt_values(c.args, &[], &["compress-program"]).is_empty() {
        ctx.emit(
            RuleId::ExecOption,
            c.span,
            "`sort --compress-program` runs a program",
        );
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `uniq`.
pub(super) fn uniq(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let pos = positionals(
        c.args,
        &[
            "-f",
            "-s",
            "-w",
            "--skip-fields",
            "--skip-chars",
            "--check-chars",
        ],
    );
    if let Some(out) = pos.get(1) {
        write_target(ctx, out, "`uniq` output file");
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `base64`, `base32`, `basenc`, `xxd`, `uudecode`, `uuencode` and the rest of its table row.
pub(super) fn codecs(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    let decoding = match n {
        "base64" | "base32" | "basenc" => {
            has_flag(c.args, 'd', &["decode"]) || has_flag(c.args, 'D', &[])
        }
        "xxd" => has_flag(c.args, 'r', &["revert"]),
        "uudecode" | "rev" | "gunzip" | "zcat" | "bzcat" | "bunzip2" | "xzcat" | "unxz"
        | "unzstd" => true,
        "gzip" | "bzip2" | "xz" | "zstd" => has_flag(c.args, 'd', &["decompress"]),
        _ => false,
    };
    if matches!(
        n,
        "gzip" | "gunzip" | "bzip2" | "bunzip2" | "xz" | "unxz" | "zstd" | "unzstd"
    ) && !has_flag(c.args, 'c', &["stdout", "to-stdout"])
        && c.args.iter().any(|a| !is_opt(a))
    {
        // In-place (de)compression replaces files.
        for p in positionals(c.args, &["-S", "--suffix"]) {
            write_target(ctx, p, &format!("`{n}`"));
        }
    }
    Flow::through(
        Flow {
            decoder: decoding,
            other: !decoding,
            ..Flow::default()
        },
        c.stdin,
    )
}
