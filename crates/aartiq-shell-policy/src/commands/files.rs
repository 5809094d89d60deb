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
        WriteClass::Sink => {}
        WriteClass::Inside => ctx.writes_inside += 1,
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
        WriteClass::AutoRun => ctx.emit(
            RuleId::WriteWorkspaceAutorun,
            w.span,
            format!("{what} writes `{t}`, which a tool runs or loads by itself later"),
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
        WriteClass::Unknown => {
            ctx.emit(
                RuleId::WriteDynamicTarget,
                w.span,
                format!("{what} writes a path only known when the line runs"),
            );
            if autoloaded_name(&w.text) {
                ctx.emit(
                    RuleId::Persistence,
                    w.span,
                    format!(
                        "{what} writes `{}` to a computed directory: a file of that name is loaded by every later interpreter start in its site directory",
                        printable(&w.text)
                    ),
                );
            }
        }
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
/// Programs that print what they read to standard output (viewers, dumps, encoders,
/// searches, filters): credentials they read go to the transcript, unless written to a file.
const PRINTERS: &[&str] = &[
    "cat", "tac", "head", "tail", "less", "more", "most", "bat", "batcat", "xxd", "od", "hexdump",
    "hd", "strings", "base64", "base32", "basenc", "grep", "egrep", "fgrep", "rg", "ag", "awk",
    "gawk", "mawk", "nawk", "sed", "cut", "sort", "uniq", "nl", "jq", "yq", "column", "fold",
    "fmt", "pr", "rev", "diff", "cmp", "view", "zcat", "bzcat", "xzcat",
];

/// Programs that read the directories they are given whole (archivers, syncers, backup
/// tools), and for `cp`/`scp` the flags that make them do so.
const RECURSIVE_READERS: &[&str] = &[
    "tar",
    "gtar",
    "bsdtar",
    "zip",
    "7z",
    "7za",
    "rsync",
    "rclone",
    "restic",
    "borg",
    "duplicity",
    "kopia",
    "rdiff-backup",
    "croc",
    "wormhole",
    "magic-wormhole",
    "gsutil",
    "s3cmd",
    "azcopy",
    "cpio",
    "pax",
    "ncat",
    "zstd",
    "gzip",
    "xz",
];

/// A directory holding credentials, read whole: what the program writes carries them
/// (`tar czf - ~ | nc ...`), and a remote destination among its operands sends them.
fn directory_of_secrets(ctx: &mut Ctx, c: &Call<'_>, flow: &mut Flow) {
    let n = c.name.as_str();
    let recursive_flag = c.args.iter().any(|a| {
        let t = a.text.as_str();
        matches!(t, "--recursive" | "--archive")
            || (t.starts_with('-') && !t.starts_with("--") && t[1..].contains(['r', 'R', 'a']))
    });
    // A search through a directory holding credentials prints what it finds there.
    let searches = matches!(n, "rg" | "ag" | "ack" | "ugrep")
        || (matches!(n, "grep" | "egrep" | "fgrep" | "zgrep") && recursive_flag);
    if searches
        && let Some(dir) = c
            .args
            .iter()
            .skip(1)
            .filter(|a| !a.text.starts_with('-') && !a.dynamic)
            .find(|a| paths::holds_credentials(&ctx.loc(a)))
    {
        flow.secrets = true;
        ctx.emit(
            RuleId::CredentialPrint,
            dir.span,
            format!(
                "`{n}` searches `{}`, a directory holding credentials, into the transcript",
                printable(&dir.text)
            ),
        );
        return;
    }
    let whole = RECURSIVE_READERS.contains(&n)
        || (matches!(n, "cp" | "scp" | "sftp" | "aws" | "az") && recursive_flag);
    if !whole {
        return;
    }
    let held = c
        .args
        .iter()
        .filter(|a| !a.text.starts_with('-') && !a.dynamic)
        .find(|a| paths::holds_credentials(&ctx.loc(a)));
    let Some(dir) = held else {
        return;
    };
    flow.secrets = true;
    if c.args
        .iter()
        .any(|a| !a.text.starts_with('-') && shapes::remote(&a.text))
    {
        ctx.emit(
            RuleId::Exfiltration,
            dir.span,
            format!(
                "`{n}` sends `{}`, a directory holding credentials, off the machine",
                printable(&dir.text)
            ),
        );
    }
}

/// OpenSSL subcommands that read certificates, certificate requests and revocation lists.
const OPENSSL_CERTIFICATE_COMMANDS: &[&str] = &["x509", "crl", "verify", "crl2pkcs7"];

/// OpenSSL subcommands that read keys and requests, which print nothing of the key with
/// `-noout` unless `-text` asks for its components (`openssl rsa -in k.pem -check -noout`).
const OPENSSL_KEY_COMMANDS: &[&str] = &["rsa", "pkey", "ec", "dsa", "req"];

pub(super) fn secret_args(ctx: &mut Ctx, c: &Call<'_>, mut flow: Flow) -> Flow {
    directory_of_secrets(ctx, c, &mut flow);
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
            // Address words `KIND:path` (`FILE:~/.ssh/id_rsa`, `file:~/.netrc`) name the path.
            if let Some((kind, path)) = t.split_once(':') {
                let address = kind.len() >= 2
                    && (kind.chars().all(|ch| ch.is_ascii_uppercase())
                        || kind.eq_ignore_ascii_case("file"));
                if address && !path.starts_with("//") {
                    checks.push((
                        value_word(a, path.split(',').next().unwrap_or(path)),
                        a.span,
                    ));
                }
            }
        }
    }
    for r in c.redirs {
        if r.kind == crate::walk::RedirKind::Read {
            checks.push((r.target.clone(), r.target.span));
        }
    }
    // OpenSSL's certificate commands read certificates, which are public: a `.pem` or `.crt`
    // in the workspace given to them is not a secret shown.
    let has = |o: &str| c.args.iter().any(|a| a.text == o);
    let certificates = OPENSSL_CERTIFICATE_COMMANDS.contains(&c.name.as_str())
        || (c.name == "openssl"
            && c.args
                .first()
                .is_some_and(|a| OPENSSL_CERTIFICATE_COMMANDS.contains(&a.text.as_str())))
        || (c.name == "openssl"
            && c.args
                .first()
                .is_some_and(|a| OPENSSL_KEY_COMMANDS.contains(&a.text.as_str()))
            && has("-noout")
            && !has("-text")
            && !has("-out"));
    let mut worst = SecretClass::None;
    let mut worst_span = c.span;
    let mut worst_text = String::new();
    for (w, span) in checks {
        let loc = ctx.loc(&w);
        let class = match paths::secret_class(&loc) {
            SecretClass::Workspace if certificates => SecretClass::None,
            class => class,
        };
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
            let written = c.redirs.iter().any(|r| {
                matches!(
                    r.kind,
                    crate::walk::RedirKind::Write | crate::walk::RedirKind::Append
                ) && paths::write_class(&ctx.loc(&r.target)) != WriteClass::Sink
            });
            // A spelling that hides what runs (`cat${IFS}~/.ssh/id_rsa`) is no person's look at
            // their own file.
            let hidden = ctx
                .findings
                .iter()
                .any(|f| f.class == Some("evasive-spelling"));
            let rule = if PRINTERS.contains(&c.name.as_str()) && !written && !hidden {
                RuleId::CredentialPrint
            } else {
                RuleId::CredentialRead
            };
            ctx.emit(
                rule,
                worst_span,
                format!(
                    "`{}` reads credentials `{}`",
                    c.name,
                    printable(&worst_text)
                ),
            );
        }
        // A workspace secret copied, moved or linked inside this machine (`cp -n .env.example
        // .env`, `cp .env .env.bak`) is shown to no one; sent by `rsync` to a host, it is read.
        SecretClass::Workspace
            if LOCAL_FILE_WRITERS.contains(&c.name.as_str())
                && !c.args.iter().any(|a| shapes::remote(&a.text)) => {}
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
    let pos = positionals(c.args, &["--reference"]);
    // `chmod +x scripts/build.sh`: a mode that grants no one else write and sets no id bit, on
    // literal paths inside the working directory, is a change to the workspace (`low`).
    let workspace = n == "chmod"
        && pos.len() > 1
        && plain_mode(pos[0].text.as_str())
        && pos[1..].iter().all(|w| workspace_file(ctx, w, &ctx.loc(w)));
    if workspace {
        ctx.writes_inside += 1;
    }
    if TABLE_HIGH.contains(&n) {
        if !workspace {
            table_tier(ctx, c);
        }
    } else if n != "chgrp" {
        ctx.emit(
            RuleId::DestructiveCommand,
            c.span,
            format!("`{n}` changes permissions or ownership"),
        );
    }
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
            | WriteClass::AutoRun
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

/// What `dd` may read without the copy being a hazard: the kernel's zero and random streams.
const DD_STREAMS: &[&str] = &["/dev/zero", "/dev/urandom", "/dev/random"];

pub(super) fn dd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    // `dd if=/dev/zero of=test.img bs=1M count=10`: a file of the working directory written from
    // a zero or random stream or from another workspace file is a change to the workspace; the
    // dangerous pattern is `dd` reading or writing a device or a path outside it.
    let literal_value = |key: &str| -> Vec<Word> {
        c.args
            .iter()
            .filter_map(|a| a.text.strip_prefix(key).map(|v| value_word(a, v)))
            .collect()
    };
    let outputs = literal_value("of=");
    let inputs = literal_value("if=");
    let workspace = outputs.len() == 1
        && inputs.len() <= 1
        && outputs.iter().all(|w| workspace_file(ctx, w, &ctx.loc(w)))
        && inputs.iter().all(|w| {
            let loc = ctx.loc(w);
            !w.dynamic
                && !w.subst
                && (DD_STREAMS.contains(&w.text.as_str())
                    || (paths::inside(&loc) && paths::secret_class(&loc) == SecretClass::None))
        });
    if !workspace {
        table_tier(ctx, c);
    }
    for w in &outputs {
        write_target(ctx, w, "`dd`");
    }
    if !workspace && !inputs.is_empty() {
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

/// How bad a path is as the stand-in for what a search may match: its secret class first, then
/// where a write to it would land.
fn path_rank(ctx: &Ctx, w: &Word) -> u8 {
    let loc = ctx.loc(w);
    let secret = match paths::secret_class(&loc) {
        SecretClass::None => 0,
        SecretClass::Workspace => 1,
        SecretClass::Credential => 2,
    };
    let write = match paths::write_class(&loc) {
        WriteClass::Sink => 0,
        WriteClass::Inside => 1,
        WriteClass::GitInternals | WriteClass::AutoRun => 2,
        WriteClass::Outside => 3,
        WriteClass::Unknown => 4,
        WriteClass::GitHooks => 5,
        WriteClass::Persistence => 6,
        WriteClass::System => 7,
        WriteClass::Root => 8,
        WriteClass::Device | WriteClass::Socket => 9,
    };
    secret * 16 + write
}

/// The most sensitive of the candidate paths (the first on ties).
pub(super) fn worst_path(ctx: &Ctx, candidates: Vec<Word>) -> Option<Word> {
    let mut best: Option<(u8, Word)> = None;
    for w in candidates {
        let r = path_rank(ctx, &w);
        if best.as_ref().is_none_or(|(b, _)| r > *b) {
            best = Some((r, w));
        }
    }
    best.map(|(_, w)| w)
}

/// `root/tail`, keeping what is known about the root word.
fn join_path(root: &Word, tail: &str) -> Word {
    let base = root.text.trim_end_matches('/');
    Word {
        text: if root.text.is_empty() {
            tail.to_string()
        } else {
            format!("{base}/{tail}")
        },
        ..root.clone()
    }
}

/// What a search under `roots` selects by these name patterns: each pattern directly below a
/// root and one level deeper (so `find /home -name .netrc` is seen as `/home/*/.netrc`); with
/// no pattern, the roots themselves (they match too). Returns the most sensitive candidate.
fn search_matches(ctx: &Ctx, roots: &[Word], names: &[String], full_paths: &[String]) -> Word {
    let mut cands = Vec::new();
    for r in roots {
        if names.is_empty() && full_paths.is_empty() {
            cands.push(r.clone());
        }
        for n in names {
            cands.push(join_path(r, n));
            cands.push(join_path(r, &format!("*/{n}")));
        }
        for p in full_paths {
            let root = r.text.trim_end_matches('/');
            if !root.is_empty() && p.starts_with(root) {
                cands.push(value_word(r, p));
            } else {
                cands.push(join_path(
                    r,
                    p.trim_start_matches('*').trim_start_matches('/'),
                ));
            }
        }
    }
    worst_path(ctx, cands).unwrap_or_default()
}

/// The command an option of a search runs per match (`find -exec`, `fd -x`), with each
/// placeholder replaced by what the search selects, judged as its own command. Returns what
/// it prints.
fn exec_per_match(
    ctx: &mut Ctx,
    words: &[Word],
    placeholders: &[&str],
    matched: &Word,
    append: bool,
    span: Span,
) -> Flow {
    let mut inner: Vec<Word> = words
        .iter()
        .map(
            |w| match placeholders.iter().find(|p| w.text.contains(**p)) {
                Some(_) => {
                    let mut text = w.text.clone();
                    for p in placeholders {
                        text = text.replace(p, &matched.text);
                    }
                    Word {
                        text,
                        dynamic: w.dynamic || matched.dynamic,
                        ..w.clone()
                    }
                }
                None => w.clone(),
            },
        )
        .collect();
    if append
        && !words
            .iter()
            .any(|w| placeholders.iter().any(|p| w.text.contains(p)))
    {
        inner.push(Word {
            span,
            ..matched.clone()
        });
    }
    exec(ctx, &inner, None, span, &[])
}

pub(super) fn find(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let args = c.args;
    let mut roots: Vec<Word> = Vec::new();
    let mut i = 0;
    while i < args.len()
        && !args[i].text.starts_with('-')
        && args[i].text != "("
        && args[i].text != "!"
    {
        roots.push(args[i].clone());
        i += 1;
    }
    if roots.is_empty() {
        roots.push(Word {
            text: ".".into(),
            span: c.span,
            ..Word::default()
        });
    }
    let first_test = i;
    // The name tests that select matches (negated ones exclude, they select nothing).
    let mut names = Vec::new();
    let mut full_paths = Vec::new();
    let mut negated = false;
    let mut j = first_test;
    while j < args.len() {
        let t = args[j].text.as_str();
        match t {
            "!" | "-not" => {
                negated = true;
                j += 1;
                continue;
            }
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                while j < args.len() && args[j].text != ";" && args[j].text != "+" {
                    j += 1;
                }
            }
            "-name" | "-iname" | "-lname" | "-ilname" => {
                if let Some(v) = args.get(j + 1).filter(|_| !negated) {
                    names.push(v.text.clone());
                }
                j += 1;
            }
            "-path" | "-ipath" | "-wholename" | "-iwholename" => {
                if let Some(v) = args.get(j + 1).filter(|_| !negated) {
                    full_paths.push(v.text.clone());
                }
                j += 1;
            }
            _ => {}
        }
        negated = false;
        j += 1;
    }
    let matched = search_matches(ctx, &roots, &names, &full_paths);
    let mut out = Flow::default();
    let mut prints = true;
    i = first_test;
    while i < args.len() {
        let t = args[i].text.as_str();
        match t {
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                prints = false;
                if t.starts_with("-ok") && ctx.bounded == 0 {
                    ctx.emit(
                        RuleId::NeverEnds,
                        args[i].span,
                        "`find -ok` waits for an answer on a terminal the runner does not have",
                    );
                }
                let start = i + 1;
                let mut end = start;
                while end < args.len() && args[end].text != ";" && args[end].text != "+" {
                    end += 1;
                }
                let words = &args[start..end.min(args.len())];
                if words
                    .first()
                    .is_some_and(|w| w.text == "rm" || w.text.ends_with("/rm"))
                {
                    ctx.emit(
                        RuleId::DestructiveCommand,
                        args[i].span,
                        "`find -exec rm` deletes every match",
                    );
                }
                // `-execdir` runs the command in the directory of each match.
                let saved = ctx.cwd.clone();
                if t.ends_with("dir") {
                    let dir = matched.lit().map(|m| match m.rsplit_once('/') {
                        Some(("", _)) => "/",
                        Some((d, _)) => d,
                        None => m,
                    });
                    ctx.cwd = paths::chdir(dir, &ctx.cwd);
                }
                let before = ctx.writes_inside;
                let f = exec_per_match(ctx, words, &["{}"], &matched, false, c.span);
                ctx.cwd = saved;
                // Repeated over every match, a change to one workspace file is a change to the
                // tree (`find . -exec chmod 644 {} \;`).
                if ctx.writes_inside > before {
                    ctx.emit(
                        RuleId::RunnerChangesFiles,
                        args[i].span,
                        format!("`find {t}` repeats a command that changes files, once per match"),
                    );
                }
                out.merge(&f);
                i = end + 1;
            }
            "-delete" => {
                prints = false;
                ctx.emit(
                    RuleId::DestructiveCommand,
                    args[i].span,
                    "`find -delete` deletes every match",
                );
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
            "-print" | "-print0" | "-printf" | "-ls" => {
                prints = true;
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
    out.other = true;
    if prints {
        out.names = Some(Box::new(matched));
    }
    out
}

pub(super) fn copy_like(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    // `cp -s` / `--symbolic-link` makes links instead of copies: judged as `ln -s`, so a later
    // write through the link lands where it points.
    if n == "cp"
        && c.args.iter().any(|a| {
            a.text == "--symbolic-link"
                || (a.text.starts_with('-')
                    && !a.text.starts_with("--")
                    && a.text[1..].contains('s'))
        })
    {
        let args: Vec<Word> = c
            .args
            .iter()
            .map(|a| {
                if a.text == "--symbolic-link" {
                    Word {
                        text: "-s".to_string(),
                        ..a.clone()
                    }
                } else {
                    a.clone()
                }
            })
            .collect();
        let ln = Call {
            name: "ln".to_string(),
            args: &args,
            stdin: c.stdin,
            span: c.span,
            redirs: c.redirs,
        };
        return copy_like(ctx, &ln);
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
    if !workspace_change(ctx, c, &pos) {
        table_tier(ctx, c);
        if !TABLE_MEDIUM.contains(&n) {
            ctx.emit(
                RuleId::UnknownCommand,
                c.span,
                format!("`{n}` copies or links files"),
            );
        }
    }
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
            // A key file, or a folder that holds credentials (`~/.kube/`, `~/.aws`).
            if !remote(s)
                && (paths::secret_class(&loc) == SecretClass::Credential
                    || paths::holds_credentials(&loc))
            {
                ctx.emit(
                    RuleId::Exfiltration,
                    s.span,
                    format!("sends credentials `{}` to another host", printable(&s.text)),
                );
            }
        }
    }
    // A copy of a file anyone could have written, or of one written from downloaded or decoded
    // data, is that file: running the copy later in the line runs it. So is a link to it: the
    // link runs what is stored where it points.
    let unseen_source = sources.iter().any(|s| {
        let loc = ctx.loc(s);
        !s.dynamic && !remote(s) && (shared_dir(&loc) || ctx.is_tainted(&loc))
    });
    for t in targets.iter().copied() {
        if remote(t) {
            continue;
        }
        if unseen_source {
            let loc = ctx.loc(t);
            ctx.taint(loc);
        }
        if n == "mkdir" {
            directory_target(ctx, t);
        } else if let Some(name) = new_program_on_path(ctx, t, &sources) {
            ctx.emit(
                RuleId::WriteOutsideCwd,
                t.span,
                format!(
                    "`{n}` installs `{}` from the working directory into a `PATH` directory",
                    printable(&name)
                ),
            );
        } else {
            write_target(ctx, t, &format!("`{n}`"));
        }
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
        // A symbolic link's relative target is found from the link's own directory (`ln -s
        // ../README.md docs/README.md` points at `README.md`).
        let symbolic = has_flag(c.args, 's', &["symbolic"]);
        let target_of = |ctx: &Ctx, s: &Word| -> paths::Loc {
            match &link {
                Some(l) if symbolic && !l.dynamic => symlink_target(ctx, &l.text, s),
                _ => ctx.loc(s),
            }
        };
        if let (Some(link), Some(source)) = (link.clone(), source) {
            let target = target_of(ctx, source);
            if let paths::Loc::Ws(comps) = paths::resolve(&link.text, &ctx.cwd)
                && !link.dynamic
                && !comps.is_empty()
                && ctx.links.len() < 64
            {
                ctx.links.push((comps, target));
            }
        }
        for s in &sources {
            let loc = target_of(ctx, s);
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

/// Programs that copy, move, link or create files on this machine only (`scp` and its kin are
/// judged as network copies).
const LOCAL_FILE_WRITERS: &[&str] = &[
    "cp", "mv", "ln", "install", "mkdir", "touch", "rsync", "ditto", "link",
];

/// A copy, move, link or new file or directory whose every operand is a literal path inside
/// the working directory, none of them a git, hook or auto-run location, a file written from
/// downloaded or decoded data, or a world-writable or set-id mode (`mkdir -p build/out`,
/// `cp -n .env.example .env`, `mv build/out.txt dist/`): a change to the workspace the agent
/// works in, `low` like a redirect into it, where the program's table tier (a file write,
/// `medium`) is for writes that reach further.
fn workspace_change(ctx: &Ctx, c: &Call<'_>, pos: &[&Word]) -> bool {
    if !LOCAL_FILE_WRITERS.contains(&c.name.as_str()) || pos.is_empty() {
        return false;
    }
    // A symbolic link's targets are where the link points, not where the line stands.
    let link = (c.name == "ln" && has_flag(c.args, 's', &["symbolic"]) && pos.len() > 1)
        .then(|| pos[pos.len() - 1])
        .filter(|l| !l.dynamic);
    let inside = |w: &Word| {
        let loc = match link {
            Some(l) if w.span != l.span => symlink_target(ctx, &l.text, w),
            _ => ctx.loc(w),
        };
        !shapes::remote(&w.text) && workspace_file(ctx, w, &loc)
    };
    let targets = opt_values(c.args, &["-t"], &["target-directory"]);
    let modes = opt_values(c.args, &["-m"], &["mode"]);
    pos.iter().all(|w| inside(w))
        && targets
            .iter()
            .all(|w| inside(&value_word(w, opt_text(w, &["-t"], &["target-directory"]))))
        && modes
            .iter()
            .all(|w| plain_mode(opt_text(w, &["-m"], &["mode"])))
}

/// Where the target `s` of a symbolic link named `link` points: a relative target is found
/// from the link's own directory (`ln -s ../README.md docs/README.md` points at `README.md`).
fn symlink_target(ctx: &Ctx, link: &str, s: &Word) -> paths::Loc {
    let dir = if link.ends_with('/') {
        Some(link)
    } else {
        link.rsplit_once('/').map(|(d, _)| d)
    };
    match dir {
        Some(d) if !s.text.starts_with(['/', '~']) && !s.dynamic => {
            paths::resolve(&s.text, &paths::chdir(Some(d), &ctx.cwd))
        }
        _ => ctx.loc(s),
    }
}

/// A literal path at `loc` that a change to the workspace may touch: inside the working
/// directory, none of git's, hooks' or auto-run places, not written earlier in the line from
/// downloaded or decoded data.
fn workspace_file(ctx: &Ctx, w: &Word, loc: &paths::Loc) -> bool {
    !w.dynamic && !w.subst && paths::write_class(loc) == WriteClass::Inside && !ctx.is_tainted(loc)
}

/// A file mode that grants neither others' write nor set-id or sticky bits: `755`, `0644`,
/// `u+x`, `+x`, `go-w`.
pub(super) fn plain_mode(mode: &str) -> bool {
    if !mode.is_empty() && mode.chars().all(|ch| ch.is_ascii_digit()) {
        let digits = mode.as_bytes();
        let others = digits[digits.len() - 1] - b'0';
        let special = digits.len() == 4 && digits[0] != b'0';
        return digits.len() <= 4 && others & 2 == 0 && !special && others <= 7;
    }
    mode.split(',').all(|clause| {
        let Some(k) = clause.find(['+', '-', '=']) else {
            return false;
        };
        let (who, rest) = clause.split_at(k);
        let granted = rest.starts_with(['+', '=']);
        who.chars().all(|ch| matches!(ch, 'u' | 'g' | 'o' | 'a'))
            && rest[1..]
                .chars()
                .all(|ch| matches!(ch, 'r' | 'w' | 'x' | 'X'))
            && !(granted && rest.contains('w') && (who.contains('o') || who.contains('a')))
    })
}

/// `mkdir` only makes a directory: no code lands in it, so a start-up or `PATH` directory made
/// outside the working directory is a write outside it (ask), and git's or a tool's directory
/// made inside it is a change to the workspace. System paths and unknown ones are judged as
/// any write.
fn directory_target(ctx: &mut Ctx, t: &Word) {
    match paths::write_class(&ctx.loc(t)) {
        WriteClass::Inside
        | WriteClass::GitHooks
        | WriteClass::GitInternals
        | WriteClass::AutoRun => ctx.writes_inside += 1,
        WriteClass::Persistence | WriteClass::Outside => ctx.emit(
            RuleId::WriteOutsideCwd,
            t.span,
            format!(
                "`mkdir` makes `{}`, outside the working directory",
                printable(&t.text)
            ),
        ),
        _ => write_target(ctx, t, "`mkdir`"),
    }
}

/// A program built in the working directory installed into the home directory's `PATH` under a
/// name no known program has (`cp target/release/mytool ~/.local/bin/`): a new command the user
/// chooses to run, so a write outside the working directory (ask). Under the name of a known
/// program (`~/.local/bin/git`), from a world-writable directory or from downloaded data, it
/// stays persistence: every later use of that name runs it.
fn new_program_on_path(ctx: &Ctx, target: &Word, sources: &[&Word]) -> Option<String> {
    if target.dynamic || sources.is_empty() {
        return None;
    }
    let loc = ctx.loc(target);
    let entry = paths::home_path_entry(&loc)?;
    let mut names = Vec::new();
    for s in sources {
        let from = ctx.loc(s);
        if s.dynamic || !paths::inside(&from) || ctx.is_tainted(&from) {
            return None;
        }
        let name = if entry.is_empty() || target.text.ends_with('/') {
            s.text
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or("")
        } else {
            entry
        };
        if name.is_empty() || name.starts_with('.') || is_known_command(name) {
            return None;
        }
        names.push(name.to_string());
    }
    Some(names.join(", "))
}

/// An archive anyone could have written (in a world-writable directory) or one written from
/// downloaded or decoded data, unpacked into `dir` (the current directory when `None`): what
/// lands there is unseen, and running it later in the line runs it.
fn unseen_files_land(ctx: &mut Ctx, archive: &Word, dir: Option<&Word>) {
    if archive.dynamic {
        return;
    }
    let loc = ctx.loc(archive);
    if !(shared_dir(&loc) || ctx.is_tainted(&loc)) {
        return;
    }
    let into = match dir {
        Some(d) if !d.dynamic => ctx.loc(d),
        _ => paths::Loc::Unknown,
    };
    // The working directory itself: anything run from the workspace may have come from it.
    let into = match into {
        paths::Loc::Ws(p) if p.is_empty() => paths::Loc::Unknown,
        other => other,
    };
    ctx.taint(into);
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
        if let Some(d) = &dir {
            write_target(ctx, d, "`tar -x`");
        }
        if let Some(f) = file.as_ref().filter(|f| f.text != "-") {
            unseen_files_land(ctx, f, dir.as_ref());
        } else if c.stdin.is_some_and(|s| s.network || s.decoder || s.tainted) {
            let into = dir.as_ref().map_or(paths::Loc::Unknown, |d| ctx.loc(d));
            ctx.taint(into);
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
            || (n == "unzip" && c.args.first().is_some_and(|a| a.text.starts_with("-Z")))
            // `unzip -p`/`-c` write members to standard output, `-t` tests, `-z` shows the
            // comment: nothing is written.
            || (n == "unzip"
                && ['p', 'c', 't', 'z']
                    .iter()
                    .any(|f| has_flag(c.args, *f, &[])))
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
        let dir = opt_values(c.args, &["-d"], &[]).first().copied();
        if let Some(d) = dir {
            write_target(ctx, d, &format!("`{n} -d`"));
        }
        let with_value = ["-d", "-x", "-P"];
        if let Some(f) = positionals(c.args, &with_value)
            .into_iter()
            .find(|w| w.text != "x" && w.text != "e")
        {
            unseen_files_land(ctx, f, dir);
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

/// `fd`, `fdfind`: `fd [PATTERN] [PATH...]`; `-x`/`-X` run a command per match (the rest of
/// the line, up to `;`), with the match appended when the command has no placeholder.
pub(super) fn fd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    const WITH_VALUE: &[&str] = &[
        "-e",
        "--extension",
        "-t",
        "--type",
        "-E",
        "--exclude",
        "-d",
        "--max-depth",
        "--min-depth",
        "--exact-depth",
        "-S",
        "--size",
        "--changed-within",
        "--changed-before",
        "-o",
        "--owner",
        "-j",
        "--threads",
        "-c",
        "--color",
        "--base-directory",
        "--search-path",
        "--path-separator",
        "--max-results",
        "--ignore-file",
        "--format",
    ];
    let exec_at = c
        .args
        .iter()
        .position(|a| matches!(a.text.as_str(), "-x" | "-X" | "--exec" | "--exec-batch"));
    let own = &c.args[..exec_at.unwrap_or(c.args.len())];
    let pos = positionals(own, WITH_VALUE);
    let mut roots: Vec<Word> = pos.iter().skip(1).map(|w| (*w).clone()).collect();
    roots.extend(
        opt_values(own, &[], &["search-path"])
            .into_iter()
            .map(|w| value_word(w, opt_text(w, &[], &["search-path"]))),
    );
    if roots.is_empty() {
        roots.push(Word {
            text: ".".into(),
            span: c.span,
            ..Word::default()
        });
    }
    let glob = has_flag(own, 'g', &["glob"]);
    let mut names: Vec<String> = opt_values(own, &["-e"], &["extension"])
        .into_iter()
        .map(|w| {
            let e = opt_text(w, &["-e"], &["extension"]);
            format!("*.{}", e.trim_start_matches('.'))
        })
        .collect();
    if let Some(p) = pos.first().map(|w| w.text.as_str()) {
        let plain = p
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || "_-.".contains(ch))
            && p.chars().any(|ch| ch.is_ascii_alphanumeric());
        if glob || plain {
            names.push(p.to_string());
        }
    }
    let matched = search_matches(ctx, &roots, &names, &[]);
    let Some(at) = exec_at else {
        return Flow {
            other: true,
            names: Some(Box::new(matched)),
            ..Flow::default()
        };
    };
    // As with `find -exec`, the command is judged as its own command, with the matches.
    let words: Vec<Word> = c.args[at + 1..]
        .iter()
        .take_while(|a| a.text != ";")
        .cloned()
        .collect();
    let mut out = exec_per_match(
        ctx,
        &words,
        &["{//}", "{/.}", "{/}", "{.}", "{}"],
        &matched,
        true,
        c.span,
    );
    out.other = true;
    out
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
    // `rg --files` and `rg -l` print the names of the files they searched.
    let files = has_flag(c.args, '\0', &["files"]);
    let mut out = Flow::default();
    if files || has_flag(c.args, 'l', &["files-with-matches", "files-without-match"]) {
        let with_value = [
            "-e",
            "-f",
            "-g",
            "--glob",
            "-t",
            "--type",
            "-T",
            "--type-not",
            "-m",
            "-A",
            "-B",
            "-C",
            "--pre",
            "--pre-glob",
            "-r",
            "--replace",
            "-j",
            "--threads",
        ];
        let explicit = !opt_values(c.args, &["-e", "-f"], &["regexp", "file"]).is_empty();
        let skip = usize::from(!files && !explicit);
        let paths: Vec<Word> = positionals(c.args, &with_value)
            .into_iter()
            .skip(skip)
            .cloned()
            .collect();
        out.names = worst_path(ctx, paths).map(Box::new);
    }
    out
}

/// `grep`, `egrep`, `fgrep`, `zgrep`, `ag`, `ack` and the rest of its table row.
/// Text converters that read their operands and write the result: `dos2unix FILE...` rewrites
/// its operands in place, `dos2unix -n IN OUT` writes OUT, `enscript -p OUT`/`-o OUT` and
/// `a2ps -o OUT` write OUT. Their option values that run programs (`enscript -I FILTER`) are
/// judged by their names.
pub(super) fn text_converters(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    if n.contains('2') {
        let pairs = has_flag(c.args, 'n', &["newfile"]);
        let operands = positionals(c.args, &["-c", "--convmode", "-f", "--from-code"]);
        for (k, w) in operands.iter().enumerate() {
            // With `-n`, operands come in pairs: the second of each is written.
            if !pairs || k % 2 == 1 {
                write_target(ctx, w, &format!("`{n}`"));
            }
        }
    } else {
        for v in opt_values(c.args, &["-p", "-o"], &["output"]) {
            let w = value_word(v, opt_text(v, &["-p", "-o"], &["output"]));
            if w.text != "-" {
                write_target(ctx, &w, &format!("`{n}`"));
            }
        }
        // `enscript -I FILTER`, `a2ps --prologue`: a filter runs every input through a command.
        for v in opt_values(c.args, &["-I"], &["filter"]) {
            let t = opt_text(v, &["-I"], &["filter"]).to_string();
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                format!(
                    "`{n}` runs its input through the command `{}`",
                    printable(&t)
                ),
            );
            ctx.nested(&t, v.span);
        }
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// JSON processors with a table whose filter language reads the environment (`env`, `$ENV`).
const JSON_FILTERS_WITH_ENV: &[&str] = &["jq"];

/// The filter of a jq-like call: its first operand, skipping the values of the options that
/// take them (`--arg NAME VALUE`, `--indent N`); `None` when it comes from a file (`-f`).
fn json_filter(args: &[Word]) -> Option<&Word> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let t = a.text.as_str();
        match t {
            "-f" | "--from-file" => return None,
            "--arg" | "--argjson" | "--slurpfile" | "--rawfile" => i += 3,
            "--indent" | "-L" => i += 2,
            _ if t.starts_with('-') && t.len() > 1 => i += 1,
            _ => return Some(a),
        }
    }
    None
}

/// Whether a jq filter names the environment: `$ENV` anywhere, or `env` as a word of its own
/// (not a field such as `.env` or a name such as `$env` or `myenv`).
fn filter_reads_env(w: &Word) -> bool {
    if w.dynamic {
        return false;
    }
    let t = w.text.as_str();
    if t.contains("$ENV") {
        return true;
    }
    let word = |ch: char| ch.is_ascii_alphanumeric() || ch == '_';
    t.match_indices("env").any(|(k, _)| {
        let before = t[..k].chars().next_back();
        let after = t[k + 3..].chars().next();
        !before.is_some_and(|ch| word(ch) || ch == '.' || ch == '$') && !after.is_some_and(word)
    })
}

/// Options of read-only programs that name a file they write their output to.
const READER_OUTPUT_OPTIONS: &[(&[&str], &[&str], &[&str])] = &[
    (&["iconv", "shuf"], &["-o"], &["output"]),
    (&["tree"], &["-o"], &[]),
    (&["csplit"], &["-f"], &["prefix"]),
    (
        &["strings", "nm", "objdump", "readelf", "size"],
        &[],
        &["output"],
    ),
];

pub(super) fn read_only(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    let _ = ctx;
    if n == "less" || n == "more" {
        for a in c.args {
            // `+!cmd` runs at start-up; an operand spelled as the pager's own escape (`!sh`) is
            // read as that command, not as a file nobody names so.
            let cmd = a.text.strip_prefix('+').unwrap_or(&a.text);
            if cmd.starts_with('!') && !a.dynamic {
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
    // Readers that can also write their result to a file named by an option (GTFOBins'
    // file-write: `iconv -o FILE`, `shuf -e DATA -o FILE`, `tree -o FILE`).
    for (programs, short, long) in READER_OUTPUT_OPTIONS {
        if programs.contains(&n) {
            for v in opt_values(c.args, short, long) {
                let w = value_word(v, opt_text(v, short, long));
                write_target(ctx, &w, &format!("`{n}` writes its output to"));
            }
        }
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
    if JSON_FILTERS_WITH_ENV.contains(&n) && json_filter(c.args).is_some_and(filter_reads_env) {
        // `jq -n env`, `jq -n '$ENV'`: the whole environment as JSON, as `printenv` prints it.
        ctx.emit(
            RuleId::EnvDump,
            c.span,
            format!("`{n}` prints environment variables (secrets) into the transcript"),
        );
        f.secrets = true;
    }
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
    let lists_files = has_flag(c.args, 'l', &["files-with-matches", "files-without-match"])
        || has_flag(c.args, 'L', &[]);
    if matches!(n, "grep" | "egrep" | "fgrep" | "zgrep" | "ag" | "ack") && lists_files {
        // `grep -rl` prints the names of the files it searched.
        let pos = positionals(
            c.args,
            &["-e", "-f", "-m", "-A", "-B", "-C", "--include", "--exclude"],
        );
        let pattern_first = opt_values(c.args, &["-e", "-f"], &["regexp", "file"]).is_empty();
        let paths: Vec<Word> = pos
            .into_iter()
            .skip(usize::from(pattern_first))
            .cloned()
            .collect();
        f.names = worst_path(ctx, paths).map(Box::new);
    }
    if matches!(n, "ls" | "ll" | "dir") {
        // `ls` of a glob (or `ls -d`) prints the matching paths themselves.
        let listed = has_flag(c.args, 'd', &["directory"]);
        let cands: Vec<Word> = positionals(c.args, &[])
            .into_iter()
            .filter(|w| listed || w.glob)
            .cloned()
            .collect();
        f.names = worst_path(ctx, cands).map(Box::new);
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
    // `xxd [IN [OUT]]`, `xxd -r IN OUT`: the second operand is written.
    if n == "xxd"
        && let Some(out) = positionals(c.args, &["-c", "-g", "-l", "-o", "-s", "-n", "-C"]).get(1)
    {
        write_target(ctx, out, "`xxd`");
    }
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

/// `run-parts DIR`: runs every program in the directory. A directory in a world-writable place
/// holds anyone's programs; `--test` and `--list` only print their names.
pub(super) fn run_parts(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let flow = Flow {
        other: true,
        ..Flow::default()
    };
    if c.args
        .iter()
        .any(|a| matches!(a.text.as_str(), "--test" | "--list"))
    {
        return flow;
    }
    let dirs = positionals(c.args, &["-a", "--arg", "-u", "--umask"]);
    for d in dirs {
        let loc = ctx.loc(d);
        if d.dynamic || shared_dir(&loc) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                d.span,
                format!(
                    "`run-parts` runs every program in `{}`, a world-writable directory",
                    d.text
                ),
            );
        } else {
            ctx.emit(
                RuleId::RunsCode,
                d.span,
                format!("`run-parts` runs every program in `{}`", d.text),
            );
        }
    }
    flow
}

/// Viewers and converters of documents and media: they read their file operands and print
/// what they find, or write the files their output options name. Options that run programs or
/// load code are listed with them.
struct Viewer {
    names: &'static [&'static str],
    /// Options whose value is a file the program writes.
    writes: &'static [&'static str],
    /// Options that run a program or load code (a filter, an engine, a config of code).
    runs: &'static [&'static str],
    /// Operands after the first that are output files (`pdftotext in.pdf out.txt`).
    output_operands: bool,
}

const VIEWERS: &[Viewer] = &[
    Viewer {
        names: &["zipinfo", "lsar", "zipdetails", "lsarchive"],
        writes: &[],
        runs: &[],
        output_operands: false,
    },
    Viewer {
        names: &["mediainfo", "ffprobe", "pdfinfo", "pdffonts", "exiv2"],
        writes: &["--logfile", "--output", "-o"],
        runs: &[],
        output_operands: false,
    },
    Viewer {
        names: &["identify"],
        writes: &[],
        runs: &[],
        output_operands: false,
    },
    Viewer {
        names: &["pdftotext", "pdftohtml", "pdftoppm", "pdftocairo"],
        writes: &[],
        runs: &[],
        output_operands: true,
    },
    Viewer {
        names: &["exiftool"],
        writes: &["-o", "-w", "-W", "-csv", "-j", "-json", "-srcfile"],
        runs: &["-if", "-p", "-config", "-api", "-userparam", "-execute"],
        output_operands: false,
    },
    Viewer {
        names: &["pandoc"],
        writes: &["-o", "--output", "--extract-media"],
        runs: &[
            "-F",
            "--filter",
            "-L",
            "--lua-filter",
            "--pdf-engine",
            "--pdf-engine-opt",
        ],
        output_operands: false,
    },
];

pub(super) fn is_viewer(name: &str) -> bool {
    VIEWERS.iter().any(|v| v.names.contains(&name))
}

pub(super) fn viewer(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let Some(row) = VIEWERS.iter().find(|v| v.names.contains(&n)) else {
        return Flow::default();
    };
    let mut operands = 0usize;
    let mut i = 0;
    while i < c.args.len() {
        let a = &c.args[i];
        let t = a.text.as_str();
        let (opt, attached) = match t.split_once('=') {
            Some((o, v)) if o.starts_with('-') => (o, Some(value_word(a, v))),
            _ => (t, None),
        };
        if row.runs.contains(&opt) {
            ctx.emit(
                RuleId::ExecOption,
                a.span,
                format!("`{n} {opt}` runs a program or loads code"),
            );
        } else if row.writes.contains(&opt) {
            let target = attached.or_else(|| {
                i += 1;
                c.args.get(i).cloned()
            });
            if let Some(w) = target.filter(|w| w.text != "-") {
                write_target(ctx, &w, &format!("`{n} {opt}`"));
            }
        } else if !t.starts_with('-') || t == "-" {
            // ImageMagick reads `|cmd` as the output of a command.
            if let Some(cmd) = t.strip_prefix('|') {
                ctx.emit(
                    RuleId::ExecOption,
                    a.span,
                    format!("`{n}` runs `{}` to read its input", printable(cmd)),
                );
                ctx.nested(cmd, a.span);
            } else if row.output_operands && operands > 0 && t != "-" {
                write_target(ctx, a, &format!("`{n}`"));
            }
            operands += 1;
        }
        i += 1;
    }
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// Archive, image and class-file tools that only list or describe what a file holds in the
/// modes [`is_listing`] recognises (`jar tf`, `cabextract -l`, `unsquashfs -l`, `javap`).
pub(super) const LISTERS: &[&str] = &[
    "jar",
    "cabextract",
    "unsquashfs",
    "javap",
    "lsinitramfs",
    "rustc",
    "terraform",
    "tofu",
    "puppet",
];

/// Whether a [`LISTERS`] program is in a mode that only lists: `jar`'s `t` (or `--list`),
/// `cabextract -l`, `unsquashfs -l`/`-ll`/`-s`, and `javap`/`lsinitramfs` in every mode but
/// with an output file.
pub(super) fn is_listing(c: &Call<'_>) -> bool {
    let args = c.args;
    if args.iter().any(|a| a.dynamic) {
        return false;
    }
    let has = |opts: &[&str]| args.iter().any(|a| opts.contains(&a.text.as_str()));
    match c.name.as_str() {
        "jar" => args.first().is_some_and(|a| {
            let t = a.text.trim_start_matches('-');
            a.text == "--list"
                || t.starts_with('t') && t.chars().all(|ch| matches!(ch, 't' | 'v' | 'f'))
        }),
        "cabextract" => has(&["-l", "--list"]) && !has(&["-d", "--directory"]),
        "unsquashfs" => {
            has(&[
                "-l", "-ll", "-lls", "-lln", "-lc", "-llc", "-s", "-stat", "-cat",
            ]) && !has(&["-d", "-dest"])
        }
        "javap" | "lsinitramfs" => true,
        // `rustc --print cfg`: what the compiler would target, nothing compiled.
        "rustc" => {
            args.first()
                .is_some_and(|a| a.text == "--print" || a.text.starts_with("--print="))
                && args.len() <= 2
        }
        // Infrastructure tools in a query mode (`validate`, `show`, `version`, `providers`) or
        // a formatter's check (`fmt -check`), which rewrites nothing.
        "terraform" | "tofu" => {
            let verbs: Vec<&str> = args
                .iter()
                .filter(|a| !a.text.starts_with('-'))
                .map(|a| a.text.as_str())
                .collect();
            match verbs.first().copied() {
                Some("fmt") => {
                    has(&["-check", "--check"]) && !has(&["-write=true", "--write=true"])
                }
                Some("validate" | "version" | "providers" | "graph") => verbs.len() == 1,
                Some("show") => verbs.len() <= 2,
                _ => false,
            }
        }
        // `puppet parser validate FILE...` only parses manifests.
        "puppet" => {
            args.len() >= 2
                && args[0].text == "parser"
                && args[1].text == "validate"
                && !args.iter().any(|a| a.text == "-e" || a.text == "--execute")
        }
        _ => false,
    }
}

pub(super) fn lister(_ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    Flow::through(
        Flow {
            other: true,
            ..Flow::default()
        },
        c.stdin,
    )
}

/// `ssh-copy-id`: installs a key in the `authorized_keys` of an account, here or on another
/// host, so that whoever holds the key logs in later.
pub(super) fn ssh_copy_id(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    ctx.emit(
        RuleId::Persistence,
        c.span,
        "`ssh-copy-id` adds a key to an account's authorized_keys",
    );
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// File names an interpreter loads by themselves from whichever site directory holds them:
/// Python's `.pth` files and `sitecustomize`/`usercustomize` modules.
fn autoloaded_name(target: &str) -> bool {
    let name = target.rsplit('/').next().unwrap_or(target);
    name.ends_with(".pth") || matches!(name, "sitecustomize.py" | "usercustomize.py")
}
