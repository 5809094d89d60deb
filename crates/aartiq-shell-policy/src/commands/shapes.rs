//! Programs no judge claims, judged by the shapes of their arguments. A program the policy has
//! no table for still says what it does through the conventions every tool shares:
//!
//! - an operand that names a shell, an interpreter or another known program, after the
//!   program's own options (`firejail --quiet sh -c ...`, `chroot / sh -c ...`, `-- cmd`), is the
//!   command it runs: judged in its place ([`RuleId::UnknownRunner`]);
//! - an inline option (`-c`, `-e`, `-x`, `--eval`, `--exec`, `--command`, `--run`, `--sh-exec`)
//!   or an `EXEC:`/`SYSTEM:` address carries a command line (judged as one), a shell with no
//!   script (which runs whatever the program feeds it: unseen code), or code of a language we
//!   have no table for (judged by the language-neutral code judge, [`RuleId::UnknownInlineCode`]);
//! - an argument spelling an environment assignment (`--env=LD_PRELOAD=...`, `--setenv NAME
//!   VALUE`) is judged as that assignment;
//! - an argument naming a native library outside the working directory loads it;
//! - a credential location given together with a remote destination (a URL, `user@host:`,
//!   `remote:path`, `TCP:host:port`) or a `send`/`upload`/`share` operand leaves the machine, and so do secrets piped into any
//!   program given a remote destination.

use super::code::{inline_code, string_literals};
use super::{
    Call, INTERPRETERS, SHELLS, env_assignment, exec, foreign_library, is_known_command, printable,
    shared_dir, value_word,
};
use crate::paths::{self, Loc, SecretClass};
use crate::rules::RuleId;
use crate::walk::{Ctx, Flow, Word};

/// Options whose value, by the convention most tools share, is code or a command line.
const INLINE_OPTIONS: &[&str] = &[
    "-c",
    "-e",
    "-x",
    "-eval",
    "--eval",
    "--exec",
    "--execute",
    "-command",
    "--command",
    "--run",
    "--sh-exec",
    "--shell-command",
];

/// Options whose value, by convention, is a file the program writes (`of=` as dd spells it).
const WRITE_OPTIONS: &[&str] = &[
    "-o",
    "--output",
    "--out",
    "--outfile",
    "--output-file",
    "--dest",
    "--destination",
    "--target",
    "-a",
    "--append",
    "-w",
    "--write",
    "of",
];

/// Operands that say a program sends what it is given to someone else.
const SEND_VERBS: &[&str] = &[
    "send", "upload", "share", "publish", "put", "post", "gist", "paste", "snippet", "transfer",
    "submit",
];

/// Judge an unknown program's arguments by their shapes; returns the flow of a command it runs
/// in its place, if an operand names one.
pub(super) fn argument_shapes(ctx: &mut Ctx, c: &Call<'_>) -> Option<Flow> {
    let args = c.args;
    let runner = runner_start(args, c.stdin.is_some());
    let own = &args[..runner.unwrap_or(args.len())];
    // A command word right after an option may be that option's value (`-p jq --run LINE`):
    // then the inline options of every argument are the program's own.
    let after_option = runner
        .is_some_and(|k| k > 0 && args[k - 1].text.starts_with('-') && args[k - 1].text != "--");
    own_shapes(ctx, c, own, if after_option { args } else { own });
    install_sources(ctx, c);
    unattended_agent(ctx, c);
    remote_copies(ctx, c);
    let start = runner?;
    Some(run_as_runner(ctx, c, &args[start..]))
}

/// `c` runs `command` (its first word a program) with the arguments after it: the finding
/// `unknown-runner`, and the command judged as a command. `command` is never empty.
pub(super) fn run_as_runner(ctx: &mut Ctx, c: &Call<'_>, command: &[Word]) -> Flow {
    let first = command.first().map_or("", |w| w.text.as_str());
    ctx.emit(
        RuleId::UnknownRunner,
        c.span,
        format!(
            "`{}` runs `{}` with the arguments after it",
            printable(&c.name),
            printable(first)
        ),
    );
    exec(ctx, command, c.stdin, c.span, c.redirs)
}

/// Options set by a variable for programs of some kind (`ERL_AFLAGS`), judged like the options
/// of an unknown program.
pub(super) fn option_shapes(ctx: &mut Ctx, name: &str, words: &[Word], span: crate::assess::Span) {
    let c = Call {
        name: name.to_string(),
        args: words,
        stdin: None,
        span,
        redirs: &[],
    };
    own_shapes(ctx, &c, words, words);
    program_valued_options(ctx, &c);
}

/// Split a value into words as a shell would, honouring quotes and backslashes.
pub(super) fn split_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut any = false;
    let mut chars = s.chars();
    let mut quote: Option<char> = None;
    while let Some(ch) = chars.next() {
        match (quote, ch) {
            (None, ' ' | '\t' | '\n') => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, '\'' | '"') => {
                quote = Some(ch);
                any = true;
            }
            (Some(q), _) if ch == q => quote = None,
            (None | Some('"'), '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                any = true;
            }
            _ => {
                cur.push(ch);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// The shapes of a program's own arguments (those before a command it runs); `scan` are the
/// arguments whose inline options are the program's.
fn own_shapes(ctx: &mut Ctx, c: &Call<'_>, own: &[Word], scan: &[Word]) {
    environment_arguments(ctx, own);
    shared_code_files(ctx, c, own);
    // Commands inside arguments are read in every argument: a word taken for the start of a
    // command the program runs (`knife exec -E 'system(...)'`) may be a subcommand instead.
    command_arguments(ctx, c, c.args);
    downloaded_scripts(ctx, c, own);
    written_files(ctx, c, own);
    libraries(ctx, c, own);
    secrets_sent(ctx, c, own);
    let names_shell = scan
        .iter()
        .any(|a| option_value(a).is_some_and(|v| is_shell(first_word(v))));
    let mut i = 0;
    while i < scan.len() {
        let a = &scan[i];
        let t = a.text.as_str();
        if let Some(addr) = exec_address(t) {
            ctx.emit(
                RuleId::UnknownInlineCode,
                a.span,
                format!(
                    "`{}` runs the command of an exec address",
                    printable(&c.name)
                ),
            );
            command_value(ctx, c, &value_word(a, addr), true);
        } else if let Some((opt, v)) = t.split_once('=').filter(|(o, _)| o.starts_with('-')) {
            if INLINE_OPTIONS.contains(&opt) {
                inline_value(ctx, c, &value_word(a, v), false);
            }
        } else if INLINE_OPTIONS.contains(&t)
            && let Some(v) = scan.get(i + 1)
        {
            inline_value(ctx, c, v, names_shell && t == "-c");
            i += 1;
        }
        i += 1;
    }
}

/// Where the command an unknown program runs starts: after `--`, or the first operand that is a
/// shell, an interpreter or a known program, with its arguments after it (a shell or an
/// interpreter also when it is the last operand and input is piped in).
fn runner_start(args: &[Word], piped: bool) -> Option<usize> {
    for (i, a) in args.iter().enumerate() {
        if a.dynamic {
            continue;
        }
        let t = a.text.as_str();
        if t == "--" {
            return (i + 1 < args.len()).then_some(i + 1);
        }
        let inline_value = i > 0 && INLINE_OPTIONS.contains(&args[i - 1].text.as_str());
        if t.starts_with('-') || t.contains('=') || inline_value {
            continue;
        }
        let base = basename(t);
        let language = is_shell(base) || INTERPRETERS.contains(&base);
        let program = language || is_known_command(base);
        // A shell or interpreter given last, with input piped in, runs that input
        // (`... | rlwrap sh`); a shell given last with nothing piped runs what the terminal
        // types (`rlwrap /bin/sh`, `setarch -3 /bin/sh`): as unseen as a bare `sh`.
        let last = i + 1 == args.len();
        if program && (!last || is_shell(base) || language && piped) {
            return Some(i);
        }
    }
    None
}

fn basename(t: &str) -> &str {
    t.rsplit('/').next().unwrap_or(t)
}

fn first_word(v: &str) -> &str {
    basename(v.split_whitespace().next().unwrap_or(""))
}

fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name) || name == "busybox"
}

/// The value of `--opt=value`, or `None`.
pub(super) fn option_value(a: &Word) -> Option<&str> {
    let t = a.text.as_str();
    t.starts_with('-')
        .then(|| t.split_once('=').map(|(_, v)| v))
        .flatten()
}

/// The command of a socat-style `EXEC:`/`SYSTEM:` address, without its `,options`.
fn exec_address(t: &str) -> Option<&str> {
    // Given as an option's value (`--address=unixexec:path=PROG`).
    let t = match t.split_once('=') {
        Some((o, v)) if o.starts_with('-') => v,
        _ => t,
    };
    let (kind, rest) = t.split_once(':')?;
    // D-Bus's `unixexec:path=PROG,argv1=...` starts PROG as the bus.
    if kind.eq_ignore_ascii_case("unixexec") {
        return rest.split(',').find_map(|kv| kv.strip_prefix("path="));
    }
    if !(kind.eq_ignore_ascii_case("exec") || kind.eq_ignore_ascii_case("system")) {
        return None;
    }
    // Options follow the last comma outside quotes; a command with commas keeps them.
    Some(match rest.rfind(',') {
        Some(k) if !rest[k..].contains(' ') && !rest[..k].contains(['\'', '"']) => &rest[..k],
        _ => rest,
    })
}

/// The value of an inline option: a command line, a bare shell, or code in some language.
fn inline_value(ctx: &mut Ctx, c: &Call<'_>, v: &Word, shell_line: bool) {
    if v.dynamic || v.subst {
        ctx.emit(
            RuleId::DynamicScript,
            v.span,
            format!(
                "`{}` runs inline code only known when the line runs",
                printable(&c.name)
            ),
        );
        super::computed_code(ctx, v);
        return;
    }
    let text = v.text.trim();
    // `!CMD`: the shell escape of vi-like command languages (`vifm -c '!CMD'`).
    if let Some(line) = text.strip_prefix('!').map(str::trim_start)
        && !line.is_empty()
    {
        command_value(ctx, c, &value_word(v, line), false);
        return;
    }
    let head = first_word(text);
    if shell_line || is_shell(head) || INTERPRETERS.contains(&head) || is_known_command(head) {
        command_value(ctx, c, v, false);
    } else if text.contains(['(', '"', ':', '{', '[']) {
        ctx.emit(
            RuleId::UnknownInlineCode,
            v.span,
            format!("`{}` is given inline code", printable(&c.name)),
        );
        inline_code(ctx, c, text);
        code_sinks(ctx, c, text);
    }
}

/// A command line an unknown program runs. A shell or interpreter with no script and no inline
/// code runs whatever the program feeds it, which the line does not show.
fn command_value(ctx: &mut Ctx, c: &Call<'_>, v: &Word, address: bool) {
    let text = v.text.trim();
    let words: Vec<&str> = text.split_whitespace().collect();
    let head = first_word(text);
    let bare = (is_shell(head) || INTERPRETERS.contains(&head))
        && words
            .iter()
            .skip(1)
            .all(|w| w.starts_with('-') && !matches!(*w, "-c" | "-e"));
    if bare {
        ctx.emit(
            RuleId::ReverseShell,
            v.span,
            format!(
                "`{}` feeds `{}` input the line does not show{}",
                printable(&c.name),
                printable(head),
                if address { " (an exec address)" } else { "" }
            ),
        );
        return;
    }
    ctx.emit(
        RuleId::UnknownInlineCode,
        v.span,
        format!("`{}` runs a command line", printable(&c.name)),
    );
    ctx.nested(text, v.span);
}

/// Code of a language with no table: a call whose name says it runs programs (`system`,
/// `shell`, `exec`, `cmd`, `spawn`, `popen`, `launch`) runs its string literals as command
/// lines, and runs data when the code also reads a file, input, the environment or the network.
pub(super) fn code_sinks(ctx: &mut Ctx, c: &Call<'_>, code: &str) {
    for cmd in embedded_commands(code) {
        ctx.nested(&cmd, c.span);
    }
    let lower = code.to_ascii_lowercase();
    const SINKS: &[&str] = &["system", "shell", "exec", "cmd", "spawn", "popen", "launch"];
    const SOURCES: &[&str] = &[
        "read", "input", "stdin", "file", "fetch", "url", "http", "getenv", "environ", "argv",
        "slurp", "contents",
    ];
    if !SINKS.iter().any(|s| lower.contains(s)) {
        return;
    }
    ctx.emit(
        RuleId::ShellOutInCode,
        c.span,
        format!("`{}` code starts other programs", printable(&c.name)),
    );
    for lit in string_literals(code) {
        if lit.contains(' ') || is_known_command(first_word(&lit)) {
            ctx.nested(&lit, c.span);
        }
    }
    if SOURCES.iter().any(|s| lower.contains(s)) {
        ctx.emit(
            RuleId::CodeFromData,
            c.span,
            format!(
                "`{}` code runs programs named by data it reads",
                printable(&c.name)
            ),
        );
    }
}

/// Arguments that spell environment assignments for what the program runs.
pub(super) fn environment_arguments(ctx: &mut Ctx, args: &[Word]) {
    let is_name = |n: &str| {
        !n.is_empty()
            && n.chars()
                .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_')
            && !n.starts_with(|ch: char| ch.is_ascii_digit())
    };
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let t = a.text.as_str();
        let lower = t.to_ascii_lowercase();
        if matches!(lower.trim_start_matches('-'), "setenv" | "set-env")
            && let (Some(n), Some(v)) = (args.get(i + 1), args.get(i + 2))
            && is_name(&n.text)
        {
            env_assignment(ctx, &n.text, v);
            i += 3;
            continue;
        }
        let body = if t.starts_with('-') {
            t.split_once('=').map_or("", |(_, v)| v)
        } else {
            t
        };
        if let Some((n, v)) = body.split_once('=')
            && is_name(n)
        {
            env_assignment(ctx, n, &value_word(a, v));
        }
        i += 1;
    }
}

/// A downloaded or decoded stream given as a file (`<(curl ...)`) after a word that says the
/// program runs it (`-script`, `--script`, `run`, `exec`, `eval`, `load`, `source`) is run.
fn downloaded_scripts(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
    const RUNS: &[&str] = &[
        "script",
        "script-file",
        "run",
        "exec",
        "eval",
        "load",
        "source",
    ];
    for w in args.windows(2) {
        let says_runs = RUNS.contains(&w[0].text.trim_start_matches('-'));
        let unseen = w[1]
            .procsub
            .as_ref()
            .is_some_and(|f| f.network || f.decoder || f.tainted);
        if says_runs && unseen {
            ctx.emit(
                RuleId::RemoteCodeExecution,
                w[1].span,
                format!(
                    "`{}` is told to run a downloaded or decoded stream",
                    printable(&c.name)
                ),
            );
        }
    }
}

/// Files named by a write option (`-o PATH`, `--output=PATH`, `of=PATH`) are written: judged
/// as write targets (start-up files, units and hooks persist; home and system paths are outside).
fn written_files(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
    let path_like = |t: &str| t.contains('/') || t.starts_with(['~', '.']);
    let what = format!("written by `{}`", printable(&c.name));
    for (i, a) in args.iter().enumerate() {
        let t = a.text.as_str();
        let value = match t.split_once('=') {
            Some((o, v)) if WRITE_OPTIONS.contains(&o) => Some(value_word(a, v)),
            _ if WRITE_OPTIONS.contains(&t) => args.get(i + 1).cloned(),
            _ => None,
        };
        if let Some(v) = value.filter(|v| !v.dynamic && path_like(&v.text)) {
            super::write_target(ctx, &v, &what);
        }
    }
}

/// A native library named by a path outside the working directory is loaded.
pub(super) fn libraries(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
    for a in args {
        let t = a.text.as_str();
        let path = t.rsplit(['=', ':']).next().unwrap_or(t);
        let lower = path.to_ascii_lowercase();
        let native = [".so", ".dylib", ".dll"]
            .iter()
            .any(|e| lower.ends_with(e) || lower.contains(&format!("{e}.")));
        if native
            && !matches!(paths::resolve(path, &ctx.cwd), Loc::Ws(_))
            && (foreign_library(path) || path.starts_with('~'))
        {
            ctx.emit(
                RuleId::LoadsLibrary,
                a.span,
                format!(
                    "`{}` is given the native library `{}` from outside the working directory",
                    printable(&c.name),
                    printable(path)
                ),
            );
        }
    }
}

/// Whether an argument names a place off the machine.
pub(super) fn remote(t: &str) -> bool {
    if t.contains("://") {
        return true;
    }
    let Some((head, _)) = t.split_once(':') else {
        return false;
    };
    let upper = head.to_ascii_uppercase();
    if matches!(
        upper.as_str(),
        "TCP" | "TCP4" | "TCP6" | "UDP" | "SSL" | "OPENSSL" | "SFTP" | "SSH" | "S3" | "GS"
    ) {
        return true;
    }
    // `user@host:path` and rclone-style `remote:path`: a name, not a drive letter or a path.
    head.len() >= 2
        && head.chars().any(|ch| ch.is_ascii_alphabetic())
        && !head.contains('/')
        && !head.starts_with(['-', '~', '.', '$'])
        && head
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || "@._-".contains(ch))
}

/// A credential location or a workspace secret and a remote destination (or a sending verb)
/// together: the program sends the secret off the machine.
/// [`secrets_sent`] over all of a program's arguments, for judges of programs that send files
/// (cloud and forge clients).
pub(super) fn arguments_sent(ctx: &mut Ctx, c: &Call<'_>) {
    secrets_sent(ctx, c, c.args);
}

fn secrets_sent(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
    let secret = args.iter().find(|a| {
        if a.dynamic && !a.param_env {
            return false;
        }
        let t = a.text.as_str();
        let path = t.rsplit(['=', ':']).next().unwrap_or(t);
        let loc = paths::resolve(path, &ctx.cwd);
        // Workspace secrets (`.env`, `*.pem`) too: printed they ask, sent they leave.
        paths::secret_class(&loc) != SecretClass::None
            || paths::holds_credentials(&loc)
            || matches!(&loc, Loc::Home(c) if c.is_empty())
    });
    let Some(secret) = secret else {
        return;
    };
    if sends(args) {
        ctx.emit(
            RuleId::Exfiltration,
            secret.span,
            format!(
                "`{}` sends `{}` to a remote destination",
                printable(&c.name),
                printable(&secret.text)
            ),
        );
    }
}

fn sends(args: &[Word]) -> bool {
    args.iter().any(|a| {
        !a.dynamic
            && (remote(&a.text) || SEND_VERBS.contains(&a.text.as_str()) || mail_address(&a.text))
    })
}

/// `user@host.domain`: a mail recipient, somewhere off the machine.
fn mail_address(t: &str) -> bool {
    let Some((user, host)) = t.split_once('@') else {
        return false;
    };
    !user.is_empty()
        && !user.starts_with('-')
        && host.contains('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || ".-".contains(ch))
        && user
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || "._+-".contains(ch))
}

/// Secrets piped into any program, known or not, that is given a remote destination leave
/// the machine.
pub(super) fn piped_secrets_sent(ctx: &mut Ctx, c: &Call<'_>) {
    if c.stdin.is_some_and(|f| f.secrets) && sends(c.args) {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            format!(
                "`{}` is piped secrets and given a remote destination",
                printable(&c.name)
            ),
        );
    }
}

/// Parts of option names (lower case, without `-`, `_` and `.`) that say, by the convention
/// tools share, the option's value is a program or a command line the tool runs:
/// `--sendmail-cmd`, `--use-askpass`, `-toolexec`, `--run_under`, `-Dexec.executable=`,
/// `-DCMAKE_C_COMPILER_LAUNCHER=`, `--config target.x.runner=`.
const PROGRAM_OPTION_PARTS: &[&str] = &[
    "exec",
    "program",
    "cmd",
    "command",
    "launcher",
    "wrapper",
    "runner",
    "rununder",
    "askpass",
    "pager",
    "editor",
    "shell",
    "hook",
    "filter",
    "speller",
    "helper",
    "interpreter",
    "compiler",
    "linker",
    "sendmail",
    "rsh",
    "entrypoint",
    "script",
    "init",
    "rcfile",
    "startup",
    "textconv",
    "smudge",
    "plugin",
    "extension",
    "require",
    "preload",
    "load",
    // `APT::Update::Pre-Invoke`, `DPkg::Post-Invoke-Success`: run before or after the tool.
    "invoke",
    // `mosh --server=PROG`, `git send-email --smtp-server=PROG`: a value that is a path names
    // the program started as the server (a host name runs nothing and is not judged).
    "server",
];

/// Parts of option names that, with a place part (`dir`, `path`), name a directory of code the
/// tool loads or runs: `--hookdir`, `-plugin-dir`, `--extensions-dir`, `--addon-path`.
const CODE_DIR_PARTS: &[&str] = &[
    "hook",
    "plugin",
    "extension",
    "addon",
    "module",
    "script",
    // `--exec-path=DIR`: where a tool finds the programs it runs.
    "exec",
];

/// Option keys (see [`option_key`]) that move where a program works or finds its own home:
/// its project, configuration, start-up scripts and custom code are read from there
/// (`--cwd DIR`, `-C DIR`, `--home=DIR`, `--project DIR`, `--custom-dir DIR`).
const PROJECT_DIR_KEYS: &[&str] = &[
    "c",
    "cwd",
    "chdir",
    "workdir",
    "workingdir",
    "workingdirectory",
    "directory",
    "dir",
    "home",
    "homedir",
    "project",
    "projectdir",
    "projectpath",
    "customdir",
    "configdir",
    "confdir",
];

/// Search programs, whose option values and operands are patterns to look for, not files they
/// open.
const SEARCHERS: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "zegrep",
    "zfgrep",
    "xzgrep",
    "bzgrep",
    "rg",
    "ripgrep",
    "ag",
    "ack",
    "ack-grep",
    "ugrep",
    "ug",
    "pt",
    "sift",
    "pcregrep",
    "pcre2grep",
    "git-grep",
];

/// Parts of option names that say the value is a place, not a program (`--exec-prefix`,
/// `--hooks-dir`, `--exec-path`).
const PLACE_OPTION_PARTS: &[&str] = &["prefix", "dir", "path", "root"];

/// The normalised name of an option's key: the last dotted part of `-Dkey=`/`--config key=`
/// values, else the option name itself.
fn option_key(opt: &str) -> String {
    // `APT::Update::Pre-Invoke::` ends with its separator.
    let key = opt.trim_start_matches('-').trim_end_matches([':', '.']);
    let key = key
        .strip_prefix('D')
        .filter(|k| opt.starts_with("-D") && !k.is_empty())
        .unwrap_or(key);
    let last = key.rsplit(['.', ':']).next().unwrap_or(key);
    last.to_ascii_lowercase().replace(['-', '_'], "")
}

fn names_a_program(key: &str) -> bool {
    // Short parts that are programs only at the end of a key, where `--progress` and
    // `--single-transaction` do not reach: `ui.ssh`, `--prog`, `--on-done-callback`.
    const ENDINGS: &[&str] = &[
        "ssh",
        "prog",
        "callback",
        "handler",
        "trigger",
        "runbefore",
        "runafter",
    ];
    (PROGRAM_OPTION_PARTS.iter().any(|p| key.contains(p))
        || ENDINGS.iter().any(|e| key.ends_with(e))
        || matches!(key, "pre" | "action" | "post"))
        && !PLACE_OPTION_PARTS.iter().any(|p| key.contains(p))
}

/// An option key naming a directory of code (see [`CODE_DIR_PARTS`]); install places
/// (`--install-dir`, `--prefix`) are not.
fn names_a_code_dir(key: &str) -> bool {
    CODE_DIR_PARTS.iter().any(|p| key.contains(p))
        && ["dir", "path"].iter().any(|p| key.contains(p))
        && !key.contains("install")
        && !key.contains("output")
}

/// A directory of hooks, plugins or extensions given to a program: one in a world-writable
/// directory is anyone's code, one elsewhere outside the working directory is code the line
/// does not show (both deny); one in the workspace is the workspace's own code (asks).
fn code_directory(ctx: &mut Ctx, c: &Call<'_>, opt: &str, value: &Word) {
    let text = value.text.trim().trim_matches(['"', '\'']);
    // A path, not a switch's word (`--scripts-prepend-node-path=true`).
    if value.dynamic || !(text.contains('/') || text == "." || text.starts_with('~')) {
        return;
    }
    let loc = paths::resolve(text, &ctx.cwd);
    if shared_dir(&loc) {
        ctx.emit(
            RuleId::SharedDirExecutable,
            value.span,
            format!(
                "`{}` loads the code in `{}` (`{}`), a world-writable directory",
                printable(&c.name),
                printable(text),
                printable(opt)
            ),
        );
    } else if matches!(loc, paths::Loc::Ws(_)) {
        ctx.emit(
            RuleId::UntrustedExecutable,
            value.span,
            format!(
                "`{}` loads the workspace's code in `{}`",
                printable(&c.name),
                printable(text)
            ),
        );
    } else if !matches!(&loc, paths::Loc::Abs(p)
        if p.first().is_some_and(|f| matches!(f.as_str(), "usr" | "lib" | "lib64" | "opt")))
    {
        ctx.emit(
            RuleId::LoadsLibrary,
            value.span,
            format!(
                "`{}` loads the code in `{}` (`{}`), outside the working directory",
                printable(&c.name),
                printable(text),
                printable(opt)
            ),
        );
    }
}

/// `--on-download-complete`, `--on-error`: an event handler, a program run when it happens.
/// The JVM spells them `-XX:OnError=`, `-XX:OnOutOfMemoryError=`: a last part `On<Event>`.
fn event_handler(opt: &str) -> bool {
    let last = opt.rsplit([':', '.']).next().unwrap_or(opt);
    opt.starts_with("--on-")
        || opt.starts_with("--on_")
        || last
            .strip_prefix("On")
            .is_some_and(|rest| rest.starts_with(|ch: char| ch.is_ascii_uppercase()))
}

/// Whether the program's own judge already ran the word as a program or command setting
/// (`git -c core.pager=...`).
fn judged_as_program(ctx: &Ctx, w: &Word) -> bool {
    ctx.findings.iter().any(|f| {
        f.span == w.span
            && matches!(
                f.rule,
                "git-config-program" | "exec-option" | "env-executes-program"
            )
    })
}

/// A configuration key as programs spell them in `-o key=value`, `-C key=value`, `-e
/// key=value`: a letter, then letters, digits, `_`, `-`, `.`.
fn plain_key(k: &str) -> bool {
    // apt's and svn's keys use `::` and `:` (`APT::Update::Pre-Invoke::`, `config:tunnels:ssh`).
    k.starts_with(|ch: char| ch.is_ascii_alphabetic())
        && k.chars()
            .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '-' | '.' | ':'))
}

/// Options of any program whose name says their value is a program or a command line it runs
/// (see [`PROGRAM_OPTION_PARTS`]), and option values that open a pipe to a command (`strace -o
/// '|prog'`): a program in a world-writable directory is anyone's program, and a command line
/// is judged as one.
pub(super) fn program_valued_options(ctx: &mut Ctx, c: &Call<'_>) {
    let args = c.args;
    // A search program's option values and operands are patterns: `grep -F '| sh'` looks for
    // the text, it opens no pipe.
    let patterns = SEARCHERS.contains(&c.name.as_str())
        || (c.name == "git"
            && args
                .iter()
                .find(|a| !a.text.starts_with('-'))
                .is_some_and(|a| a.text == "grep"));
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a.dynamic || !a.text.starts_with('-') || a.text == "--" {
            continue;
        }
        let t = a.text.as_str();
        let (opt, value) = match t.split_once('=') {
            // `--config key=value` and `-c key=value` carry a key of their own.
            Some(("--config" | "--conf", v)) => match v.split_once('=') {
                Some((k, v)) => (k.to_string(), value_word(a, v)),
                None => continue,
            },
            Some((o, v)) => (o.to_string(), value_word(a, v)),
            None => {
                let Some(next) = args.get(i) else { continue };
                if next.dynamic {
                    continue;
                }
                if matches!(t, "--config" | "--conf" | "--define")
                    && let Some((k, v)) = next.text.split_once('=')
                {
                    i += 1;
                    (k.to_string(), value_word(next, v))
                } else if let Some((k, v)) = next
                    .text
                    .split_once('=')
                    .filter(|(k, _)| !patterns && plain_key(k) && names_a_program(&option_key(k)))
                    .filter(|_| !judged_as_program(ctx, next))
                {
                    // `rustc -C linker=PROG`, `wget -e use_askpass=PROG`, `git -c
                    // trailer.x.command=CMD`: a setting given as the option's value, read by
                    // its key.
                    i += 1;
                    (k.to_string(), value_word(next, v))
                } else if !patterns
                    && (next.text.starts_with('|')
                        || next.text.starts_with('!') && matches!(t, "-o" | "--output"))
                {
                    // A pipe-open value of any option (`-o '|prog'`), and an output spelled
                    // `!prog` as dvips and other TeX tools spell a pipe.
                    (String::new(), next.clone())
                } else if t.len() > 2 && !next.text.starts_with('-') {
                    (t.to_string(), next.clone())
                } else {
                    continue;
                }
            }
        };
        // A value quoted for a configuration language (`runner="/tmp/r"`) names the same; a
        // leading `!` is a shell escape (`mail --exec='!CMD'`).
        let text = value.text.trim().trim_matches(['"', '\'']).trim();
        let text = if names_a_program(&option_key(&opt)) {
            text.strip_prefix('!').map_or(text, str::trim_start)
        } else {
            text
        };
        let piped = text
            .strip_prefix('|')
            .or_else(|| {
                text.strip_prefix('!')
                    .filter(|_| opt.is_empty() || matches!(opt.as_str(), "-o" | "--output"))
            })
            .filter(|_| !patterns)
            .map(str::trim_start);
        if piped.is_none()
            && !patterns
            && PROJECT_DIR_KEYS.contains(&option_key(&opt).as_str())
            && !value.dynamic
            && shared_dir(&paths::resolve(text, &ctx.cwd))
        {
            ctx.emit(
                RuleId::SharedDirExecutable,
                value.span,
                format!(
                    "`{}` works in `{}` (`{}`), a world-writable directory: the project, configuration and start-up code it finds there are anyone's",
                    printable(&c.name),
                    printable(text),
                    printable(&opt)
                ),
            );
            continue;
        }
        if piped.is_none() && names_a_code_dir(&option_key(&opt)) && !patterns {
            code_directory(ctx, c, &opt, &value);
            continue;
        }
        if piped.is_none() && !names_a_program(&option_key(&opt)) && !event_handler(&opt) {
            continue;
        }
        let line = piped.unwrap_or(text);
        // `--filter=pdf,ps:CMD`: a command chosen by file type, after the types and a colon.
        let line = match line.split_once(':') {
            Some((types, rest))
                if !types.is_empty()
                    && types.chars().all(|ch| {
                        ch.is_ascii_alphanumeric() || matches!(ch, ',' | '*' | '.' | '-')
                    })
                    && !rest.starts_with('/') =>
            {
                rest.trim_start()
            }
            _ => line,
        };
        let head = line.split_whitespace().next().unwrap_or("");
        if head.is_empty() {
            continue;
        }
        // A shell named alone by a long option or by the key of a setting option
        // (`--rsh-command /bin/sh`, `-o APT::Update::Pre-Invoke::=/bin/sh`) is run too: it
        // reads commands unseen. (Another short option's next word may be the first of several,
        // as after `find -exec`, or a pattern, as after `git log -S`.)
        let setting = t.starts_with("--") || matches!(t, "-o" | "-c" | "-e" | "-O" | "-C");
        let runs_line = line.contains(char::is_whitespace)
            && (is_shell(basename(head))
                || INTERPRETERS.contains(&basename(head))
                || is_known_command(basename(head))
                || head.contains('/'))
            || setting && is_shell(basename(head));
        if runs_line || (piped.is_some() && (head.contains('/') || is_known_command(head))) {
            ctx.emit(
                RuleId::ExecOption,
                value.span,
                format!(
                    "`{}` runs the command line given to `{}`",
                    printable(&c.name),
                    printable(if opt.is_empty() { "a pipe" } else { &opt })
                ),
            );
            ctx.nested(line, value.span);
        } else if shared_dir(&paths::resolve(head, &ctx.cwd)) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                value.span,
                format!(
                    "`{}` is told to run `{}`, a program in a world-writable directory",
                    printable(&c.name),
                    printable(head)
                ),
            );
        }
    }
}

/// File endings of code: scripts, build scripts, modules and native libraries.
const CODE_FILE_ENDINGS: &[&str] = &[
    ".pp",
    ".rake",
    ".sh",
    ".bash",
    ".zsh",
    ".fish",
    ".py",
    ".rb",
    ".pl",
    ".pm",
    ".lua",
    ".js",
    ".mjs",
    ".cjs",
    ".ts",
    ".php",
    ".tcl",
    ".gradle",
    ".kts",
    ".groovy",
    ".scala",
    ".clj",
    ".el",
    ".vim",
    ".r",
    ".jl",
    ".awk",
    ".sed",
    ".jar",
    ".so",
    ".dll",
    ".dylib",
    ".wasm",
    ".nse",
    ".ps1",
    ".lisp",
    ".scm",
    ".exs",
    ".ex",
    ".hs",
    ".ml",
    ".nims",
    ".tex",
    ".mk",
    ".exe",
    ".appimage",
    ".bin",
    ".run",
    ".elf",
    // MSBuild projects run the tasks they name.
    ".proj",
    ".csproj",
    ".vbproj",
    ".fsproj",
    ".targets",
    ".apk",
    ".deb",
    ".rpm",
    ".whl",
    ".gem",
    ".tgz",
];

/// File endings of configuration, notebooks and macro files: tools read commands, hooks and
/// programs to start from their configuration (`PostUp =`, `postrotate`, `exec-once`).
const CONFIG_FILE_ENDINGS: &[&str] = &[
    ".conf", ".cfg", ".ini", ".rc", ".jsonc", ".toml", ".yaml", ".yml", ".ipynb", ".m4", ".jsh",
    ".cob", ".cbl", ".cmake", ".vars", ".lst", ".script", ".cmd", ".bat",
];

/// Option keys (see [`option_key`]) that name a configuration, batch or script file the
/// program reads and acts on (`-c FILE`, `--vars=FILE`, `-batch FILE`, `-S SCRIPT`).
const CONFIG_OPTIONS: &[&str] = &[
    "c",
    "f",
    "m",
    "s",
    "x",
    "b",
    "config",
    "conf",
    "configfile",
    "cfg",
    "rc",
    "rcfile",
    "vars",
    "batch",
    "script",
    "source",
    "init",
    "initfile",
    "settings",
    "profile",
    "commands",
    "cmdfile",
    "specs",
];

/// An option value or the first operand of a program with no table that is a code file or a
/// program in a world-writable directory (`-r /tmp/ext.rb`, `-I /tmp/init.gradle`, `wine
/// /tmp/x.exe`): the program is given code anyone could have written.
fn shared_code_files(ctx: &mut Ctx, c: &Call<'_>, own: &[Word]) {
    let first_operand = own.iter().position(|a| !a.text.starts_with('-'));
    // A program told to run or execute what it is given (`jupyter nbconvert --execute NB`,
    // `tool run SCRIPT`): every operand may be what it runs.
    let runs = own.iter().any(|a| {
        matches!(
            a.text.as_str(),
            "--execute" | "--exec" | "--run" | "run" | "exec" | "execute" | "eval" | "source"
        )
    });
    for (k, a) in own.iter().enumerate() {
        if a.dynamic {
            continue;
        }
        let t = a.text.as_str();
        let value = match t.split_once('=') {
            Some((o, v)) if o.starts_with('-') => v,
            _ if k > 0 && own[k - 1].text.starts_with('-') && !t.starts_with('-') => t,
            // The first operand of a runner of programs (`wine X.exe`, `mono X.exe`), and any
            // later operand (`wg-quick down FILE`, `pppd connect SCRIPT`): judged by its ending.
            _ if Some(k) == first_operand || !t.starts_with('-') => t,
            _ if runs && !t.starts_with('-') => t,
            _ => continue,
        };
        // A path inside a list of settings (`-af ladspa=file=/tmp/l.so`, `a=1,lib=/tmp/x.so`).
        let value = if value.starts_with(['/', '~', '.']) {
            value
        } else {
            value.rsplit(['=', ',']).next().unwrap_or(value)
        };
        let lower = value.to_ascii_lowercase();
        let option = match t.split_once('=') {
            Some((o, _)) if o.starts_with('-') => o,
            _ if k > 0 => own[k - 1].text.as_str(),
            _ => "",
        };
        let base = lower.rsplit('/').next().unwrap_or("");
        let config = CONFIG_FILE_ENDINGS.iter().any(|e| lower.ends_with(e))
            || base.ends_with("rc")
            || base.contains("conf")
            || (option.starts_with('-') && CONFIG_OPTIONS.contains(&option_key(option).as_str()));
        if (config || CODE_FILE_ENDINGS.iter().any(|e| lower.ends_with(e)))
            && shared_dir(&paths::resolve(value, &ctx.cwd))
        {
            ctx.emit(
                RuleId::SharedDirExecutable,
                a.span,
                format!(
                    "`{}` is given `{}`, code or configuration in a world-writable directory",
                    printable(&c.name),
                    printable(value)
                ),
            );
        }
    }
}

/// Calls and expansions, in any argument's text, that run a command line by the conventions of
/// many languages and configuration formats: `system("...")`, `shell("...")`, `execute(...)`,
/// `(sys-system "...")`, kakoune's `%sh{...}`, rpm's `%(...)`.
pub(super) fn embedded_commands(text: &str) -> Vec<String> {
    const CALLS: &[&str] = &[
        "system",
        "shell",
        "exec",
        "execute",
        "popen",
        "spawn",
        "sys-system",
        "callcommand",
        "os.execute",
        "shell-command",
        "run-shell",
    ];
    let lower = text.to_ascii_lowercase();
    let b = lower.as_bytes();
    let mut out = Vec::new();
    let mut push_body = |body: &str| {
        let lits = string_literals(body);
        if lits.is_empty() {
            out.push(body.trim().to_string());
        } else {
            out.extend(lits);
        }
    };
    for (k, _) in lower.match_indices(['(', '{']) {
        // `%sh{...}` and `%(...)`.
        let before = &lower[..k];
        let expansion = before.ends_with("%sh") || before.ends_with('%');
        // `name(` with `name` not the tail of a longer word, or `(name ` in a Lisp form.
        let called = CALLS.iter().any(|n| {
            before.ends_with(n)
                && before[..before.len() - n.len()]
                    .bytes()
                    .last()
                    .is_none_or(|p| !(p.is_ascii_alphanumeric() || p == b'_'))
        });
        if !(expansion || called && b[k] != b'{') {
            continue;
        }
        if let Some(body) = enclosed(&text[k..]) {
            push_body(body);
        }
    }
    for n in CALLS {
        for (k, _) in lower.match_indices(&format!("({n} ")) {
            if let Some(body) = enclosed(&text[k..]) {
                push_body(&body[n.len() + 1..]);
            }
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// The text inside the bracket `s` starts with, up to its matching close.
fn enclosed(s: &str) -> Option<&str> {
    let open = s.chars().next()?;
    let close = match open {
        '(' => ')',
        '{' => '}',
        _ => return None,
    };
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    for (k, ch) in s.char_indices() {
        match (quote, ch) {
            (Some(q), _) if ch == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(ch),
            (None, _) if ch == open => depth += 1,
            (None, _) if ch == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(&s[1..k]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Programs that show or speak the text they are given, never run it.
const TEXT_SHOWERS: &[&str] = &[
    "cowsay",
    "cowthink",
    "figlet",
    "toilet",
    "banner",
    "lolcat",
    "notify-send",
    "say",
    "espeak",
    "spd-say",
    "logger",
    "wall",
    "zenity",
    "kdialog",
    "terminal-notifier",
    "osd_cat",
    "gum",
];

/// Options whose value is text for people, never a command (`-m`, `--message`, `--title`).
const MESSAGE_OPTIONS: &[&str] = &[
    "-m",
    "--message",
    "-t",
    "--title",
    "--body",
    "--description",
    "--comment",
    "--subject",
    "--summary",
    "--text",
    "--label",
    "--name",
    "--note",
];

/// Settings given in a tool's command language (`neomutt -e 'set editor="CMD"'`, `lftp -c
/// 'set sftp:connect-program CMD'`, vim's `set shell=CMD`): a key that names a program (see
/// [`names_a_program`]) has its value judged as a command line.
fn setting_statements(ctx: &mut Ctx, c: &Call<'_>, a: &Word, t: &str) {
    for stmt in t.split([';', '\n']) {
        let Some(rest) = stmt.trim().strip_prefix("set ") else {
            continue;
        };
        let rest = rest.trim();
        let (key, value) = match rest.split_once('=') {
            Some((k, v)) if !k.contains(char::is_whitespace) => (k, v),
            _ => match rest.split_once(char::is_whitespace) {
                Some((k, v)) => (k, v),
                None => continue,
            },
        };
        let value = value.trim().trim_matches(['"', '\'']).trim();
        if value.is_empty() || !names_a_program(&option_key(key)) {
            continue;
        }
        ctx.emit(
            RuleId::ExecOption,
            a.span,
            format!(
                "`{}` is told to run `{}` as its `{}`",
                printable(&c.name),
                printable(value),
                printable(key)
            ),
        );
        ctx.nested(value, a.span);
    }
}

/// An argument that closes what it is pasted into and starts a command of its own (`'}; curl
/// ... | sh #'`, `"x && rm -rf ~"`): a program that builds a shell line from its arguments runs
/// it. The part after the first command separator is judged as a command when it starts with
/// a program (the argument as a whole is judged below when it does).
fn injected_command(ctx: &mut Ctx, c: &Call<'_>, a: &Word, t: &str) {
    let head = first_word(t);
    if is_shell(head) || INTERPRETERS.contains(&head) || is_known_command(head) {
        return;
    }
    let Some(k) = ["; ", "&& ", "|| ", "| ", "$(", "`"]
        .iter()
        .filter_map(|sep| t.find(sep).map(|k| k + sep.len()))
        .min()
    else {
        return;
    };
    let rest = t[k..].trim_start();
    let next = first_word(rest);
    let path = rest.starts_with(['/', '~', '.']);
    if is_shell(next) || INTERPRETERS.contains(&next) || is_known_command(next) || path {
        ctx.emit(
            RuleId::UnknownInlineCode,
            a.span,
            format!(
                "`{}` is given an argument that starts a command of its own (`{}`)",
                printable(&c.name),
                printable(rest)
            ),
        );
        ctx.nested(rest.trim_end_matches([')', '`']), a.span);
    }
}

/// Arguments of a program with no table that hold a command: a whole command line given as one
/// word (`byobu new-session -d 'rm -rf ~'`, `-a 'curl ... | sh'`), or a call that runs one
/// inside its text (see [`embedded_commands`]). Each is judged as a command it may run.
fn command_arguments(ctx: &mut Ctx, c: &Call<'_>, own: &[Word]) {
    if TEXT_SHOWERS.contains(&c.name.as_str()) {
        return;
    }
    for (k, a) in own.iter().enumerate() {
        if a.dynamic || a.subst {
            continue;
        }
        if k > 0 && MESSAGE_OPTIONS.contains(&own[k - 1].text.as_str()) {
            continue;
        }
        let t = a.text.as_str();
        let t = match t.split_once('=') {
            Some((o, v)) if o.starts_with('-') => v,
            _ => t,
        };
        for cmd in embedded_commands(t) {
            ctx.emit(
                RuleId::UnknownInlineCode,
                a.span,
                format!("`{}` is given code that runs a command", printable(&c.name)),
            );
            ctx.nested(&cmd, a.span);
        }
        let t = t.trim();
        if t.starts_with('-') || !t.contains(char::is_whitespace) {
            continue;
        }
        injected_command(ctx, c, a, t);
        setting_statements(ctx, c, a, t);
        let head = first_word(t);
        let head_word = t.split_whitespace().next().unwrap_or("");
        let path = ["/", "~/", "./", "../"]
            .iter()
            .any(|p| head_word.starts_with(p) && head_word.len() > p.len());
        if is_shell(head) || INTERPRETERS.contains(&head) || is_known_command(head) || path {
            ctx.emit(
                RuleId::UnknownRunner,
                a.span,
                format!(
                    "`{}` is given the command line `{}`",
                    printable(&c.name),
                    printable(t)
                ),
            );
            ctx.nested(t, a.span);
        }
    }
}

/// Verbs with which package, plugin and tool managers install what follows them.
const INSTALL_VERBS: &[&str] = &["install", "add", "in", "merge", "i"];

/// Programs that install the packages their operands name, with no verb (`cpanm URL`).
const INSTALLERS: &[&str] = &["cpanm", "cpan", "easy_install", "ebuild", "pkg_add"];

/// A package manager with no table, installing (an install verb among its first words,
/// `--install`, or an installer by name) from a source no public registry vouches for: an
/// operand or option value that is a URL of another host, a git URL, or a path in a
/// world-writable directory (`cpanm https://...`, `luarocks install --server=URL`,
/// `dotnet tool install --add-source URL`, `mise plugins install x URL`, `ebuild /tmp/x.ebuild
/// merge`). The package's build and install scripts run: unseen code.
fn install_sources(ctx: &mut Ctx, c: &Call<'_>) {
    let installs = INSTALLERS.contains(&c.name.as_str())
        || c.args
            .iter()
            .filter(|a| !a.text.starts_with('-'))
            .take(3)
            .any(|a| INSTALL_VERBS.contains(&a.text.as_str()))
        || c.args.iter().any(|a| a.text == "--install");
    if !installs {
        return;
    }
    for a in c.args.iter().filter(|a| !a.dynamic) {
        let value = option_value(a).unwrap_or(&a.text);
        // A URL is the whole value, its scheme a plain word (`https://`, `git+ssh://`), not a
        // pattern or text that contains one.
        let url = value.split_once("://").is_none_or(|(scheme, _)| {
            !scheme.is_empty()
                && scheme
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '+' | '-' | '.'))
        });
        let world_writable = shared_dir(&ctx.loc(&value_word(a, value)));
        if (url && super::packages::remote_package_source(value)) || world_writable {
            ctx.emit(
                RuleId::RemotePackage,
                a.span,
                format!(
                    "`{}` installs `{}`, a package from outside any registry: its build and install scripts run",
                    printable(&c.name),
                    printable(value)
                ),
            );
        }
    }
}

/// A program told to act without asking and outside its sandbox (`--dangerously-*`, `--yolo`,
/// `--bypass-approvals`, `--skip-permissions`, `--full-auto`): coding agents spelled so run the
/// commands a model chooses, which no one sees before they run.
fn unattended_agent(ctx: &mut Ctx, c: &Call<'_>) {
    for a in c.args.iter().filter(|a| a.text.starts_with('-')) {
        let key = option_key(a.text.split('=').next().unwrap_or(""));
        let unattended = key.contains("dangerously")
            || key == "yolo"
            || key == "fullauto"
            || (["bypass", "skip"].iter().any(|w| key.contains(w))
                && ["approvals", "permissions", "sandbox"]
                    .iter()
                    .any(|w| key.contains(w)));
        if unattended {
            ctx.emit(
                RuleId::RemoteCodeExecution,
                a.span,
                format!(
                    "`{}` runs commands it chooses itself, without asking or a sandbox (`{}`)",
                    printable(&c.name),
                    printable(&a.text)
                ),
            );
        }
    }
}

/// Verbs with which storage, sync and release clients copy files.
const COPY_VERBS: &[&str] = &[
    "cp", "copy", "copyto", "sync", "download", "get", "pull", "fetch", "mirror",
];

/// A client with no table copying from a remote location (`gsutil cp gs://B/x.sh .`, `rclone
/// copy r:x/y.sh .`) writes what it fetched where it is told: the destination holds downloaded
/// files, and running one later in the line runs unseen code.
fn remote_copies(ctx: &mut Ctx, c: &Call<'_>) {
    let operands: Vec<&Word> = c.args.iter().filter(|a| !a.text.starts_with('-')).collect();
    let Some(verb) = operands
        .iter()
        .position(|a| COPY_VERBS.contains(&a.text.as_str()))
    else {
        return;
    };
    if verb > 1 {
        return;
    }
    taint_copy_destination(ctx, &operands[verb + 1..]);
}

/// Programs with a table of their own that copy from another machine or a container with no
/// verb (`scp host:x.sh .`, `rsync host:bin/x ./x`, `sftp host:x.sh`) or with a copy verb
/// (`aws s3 cp s3://b/x.sh .`, `docker cp c1:/x.sh .`, `kubectl cp pod:/x .`): their table
/// judges the copy; what it fetched is downloaded code all the same, and running it later in the
/// line runs unseen code (the same class as [`remote_copies`]).
pub(super) fn tabled_remote_copies(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    // Options of these programs that take a value, so the value is not read as an operand.
    const VALUED: &[&str] = &[
        "-P",
        "-i",
        "-o",
        "-F",
        "-e",
        "-J",
        "-l",
        "-c",
        "-n",
        "--profile",
        "--region",
    ];
    let mut operands: Vec<&Word> = Vec::new();
    let mut skip = false;
    for a in c.args {
        if skip {
            skip = false;
        } else if a.text.starts_with('-') {
            skip = VALUED.contains(&a.text.as_str());
        } else {
            operands.push(a);
        }
    }
    match n {
        "scp" | "rsync" => taint_copy_destination(ctx, &operands),
        // `sftp host:path` fetches into the working directory.
        "sftp" if operands.len() == 1 && operands.first().is_some_and(|o| o.text.contains(':')) => {
            let here = Word {
                text: ".".to_string(),
                ..Word::default()
            };
            taint_copy_destination(ctx, &[operands[0], &here]);
        }
        "aws"
            if operands.len() >= 2
                && operands[0].text == "s3"
                && matches!(operands[1].text.as_str(), "cp" | "sync" | "mv") =>
        {
            taint_copy_destination(ctx, &operands[2..]);
        }
        "docker" | "podman" | "kubectl" | "lxc" | "incus"
            if operands
                .first()
                .is_some_and(|v| matches!(v.text.as_str(), "cp" | "file")) =>
        {
            // A container's path is `NAME:PATH`, and kubectl's `NAMESPACE/POD:PATH`.
            let inside = |t: &str| {
                t.split_once(':').is_some_and(|(h, _)| {
                    !h.is_empty() && !h.starts_with(['/', '.', '~', '-', '$'])
                })
            };
            let rest: Vec<&Word> = operands[1..]
                .iter()
                .copied()
                .filter(|o| o.text != "pull")
                .collect();
            if let Some((dest, sources)) = rest.split_last()
                && !dest.dynamic
                && !inside(&dest.text)
                && sources.iter().any(|s| inside(&s.text))
            {
                let loc = ctx.loc(dest);
                if matches!(&loc, Loc::Ws(p) if p.is_empty()) || dest.text.ends_with('/') {
                    ctx.taint_unknown = true;
                }
                ctx.taint(loc);
            }
        }
        _ => {}
    }
}

/// The last of `rest` is a destination that is not remote, and some earlier one is remote: the
/// destination holds fetched files.
fn taint_copy_destination(ctx: &mut Ctx, rest: &[&Word]) {
    let Some((dest, sources)) = rest.split_last() else {
        return;
    };
    if dest.dynamic || remote(&dest.text) || !sources.iter().any(|s| remote(&s.text)) {
        return;
    }
    let loc = ctx.loc(dest);
    if matches!(&loc, Loc::Ws(p) if p.is_empty()) || dest.text.ends_with('/') {
        ctx.taint_unknown = true;
    }
    ctx.taint(loc);
}

/// Options of programs with a table of their own whose value is a program prefix, a toolchain,
/// or a configuration, build or settings file the program acts on (`cc -B/tmp/tools`, `clang
/// --gcc-toolchain=/tmp/tc`, `mvn -s /tmp/settings.xml`, `pytest -c /tmp/pytest.ini`, `make -f
/// /tmp/Makefile`): listed per program, because a letter means other things elsewhere (`tar -f`,
/// `grep -f`, `du -s`).
const TABLED_CONFIG_OPTIONS: &[(&[&str], &[&str])] = &[
    (
        &[
            "gcc", "g++", "cc", "c++", "clang", "clang++", "c89", "c99", "cpp", "gfortran",
        ],
        &[
            "-B",
            "--gcc-toolchain",
            "-fuse-ld",
            "--ld-path",
            "-specs",
            "--specs",
        ],
    ),
    (
        &["mvn", "mvnw"],
        &[
            "-s",
            "--settings",
            "-gs",
            "--global-settings",
            "-t",
            "--toolchains",
        ],
    ),
    (&["pytest", "py.test"], &["-c", "--config-file"]),
    (&["jest", "vitest"], &["-c", "--config"]),
    (
        &["eslint", "prettier", "black", "ruff", "mypy"],
        &["-c", "--config", "--config-file", "--rcfile"],
    ),
    (&["npm", "pnpm", "npx"], &["--userconfig", "--globalconfig"]),
    (&["cargo"], &["--config"]),
    (&["bazel", "bazelisk"], &["--bazelrc"]),
    (
        &["make", "gmake"],
        &["-f", "--file", "--makefile", "-I", "--include-dir"],
    ),
    (&["cmake"], &["-C", "-P", "--toolchain"]),
    (&["meson"], &["--cross-file", "--native-file"]),
    (&["tox"], &["-c"]),
    (&["nox"], &["-f", "--noxfile"]),
];

/// A program with a table given, as the value of one of its [`TABLED_CONFIG_OPTIONS`], a path
/// in a world-writable directory: it runs programs or acts on configuration anyone could have
/// written.
pub(super) fn tabled_shared_config(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    let Some((_, options)) = TABLED_CONFIG_OPTIONS.iter().find(|(p, _)| p.contains(&n)) else {
        return;
    };
    for (k, a) in c.args.iter().enumerate() {
        if a.dynamic || !a.text.starts_with('-') {
            continue;
        }
        let t = a.text.as_str();
        let value = if options.contains(&t) {
            match c.args.get(k + 1) {
                Some(v) if !v.dynamic => v.text.as_str(),
                _ => continue,
            }
        } else if let Some((_, v)) = t.split_once('=').filter(|(o, _)| options.contains(o)) {
            v
        } else if let Some(o) = options
            .iter()
            .find(|o| o.len() == 2 && t.len() > 2 && t.starts_with(**o))
        {
            &t[o.len()..]
        } else {
            continue;
        };
        if shared_dir(&paths::resolve(value, &ctx.cwd)) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                a.span,
                format!(
                    "`{}` is given `{}` as `{}`: a program, toolchain or configuration in a world-writable directory",
                    printable(n),
                    printable(value),
                    printable(t.split('=').next().unwrap_or(t))
                ),
            );
        }
    }
}

/// Package managers, with a table of their own or not, whose subcommands add a package source or
/// install from one.
const PACKAGE_MANAGERS: &[&str] = &[
    "apt",
    "apt-get",
    "add-apt-repository",
    "apt-add-repository",
    "dnf",
    "yum",
    "yum-config-manager",
    "zypper",
    "xbps-install",
    "pacman",
    "yay",
    "paru",
    "apk",
    "brew",
    "flatpak",
    "snap",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "pdm",
    "pipx",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "gem",
    "bundle",
    "cargo",
    "conda",
    "mamba",
    "micromamba",
    "kubectl",
    "asdf",
    "mise",
    "opkg",
    "pkg",
    "eselect",
    "nix-env",
    "guix",
    "port",
    "dotnet",
];

/// Words and options that add a package source (`zypper ar`, `brew tap`, `flatpak remote-add`,
/// `dnf config-manager --add-repo`, `xbps-install -R`, `krew install --manifest-url`).
const SOURCE_WORDS: &[&str] = &[
    "ar",
    "addrepo",
    "tap",
    "remote-add",
    "add-repo",
    "--add-repo",
    "--repository",
    "-R",
    "--manifest-url",
    "--manifest",
    "-U",
    "--upgrade",
    "source",
    "plugin",
    "plugins",
    "repository",
];

/// A package manager, table or no table, that installs or adds a source (an install or
/// source word among its first words, or a program that only adds sources) where some argument
/// is a URL no public registry vouches for (`zypper ar URL`, `xbps-install -R URL`,
/// `add-apt-repository 'deb URL ...'`, `uv pip install --index-url URL`): the packages it then
/// installs run their scripts, unseen code.
pub(super) fn tabled_install_sources(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    if !PACKAGE_MANAGERS.contains(&n) {
        return;
    }
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !a.dynamic)
        .map(|a| a.text.as_str())
        .collect();
    let adds = matches!(
        n,
        "add-apt-repository" | "apt-add-repository" | "yum-config-manager"
    ) || words
        .iter()
        .filter(|w| !w.starts_with('-'))
        .take(3)
        .any(|w| INSTALL_VERBS.contains(w) || SOURCE_WORDS.contains(w))
        || words.iter().any(|w| {
            SOURCE_WORDS.contains(&w.split('=').next().unwrap_or(w)) && w.starts_with('-')
        });
    if !adds {
        return;
    }
    for a in c.args.iter().filter(|a| !a.dynamic) {
        let value = option_value(a).unwrap_or(&a.text);
        // `'deb https://host/apt stable main'`: a source line names its URL among words.
        if let Some(url) = value
            .split_whitespace()
            .find(|w| super::packages::remote_package_source(w))
        {
            ctx.emit(
                RuleId::RemotePackage,
                a.span,
                format!(
                    "`{}` installs from or adds `{}`, a package source outside any registry: its packages' scripts run",
                    printable(n),
                    printable(url)
                ),
            );
        }
    }
}

/// Words with which configuration text and server commands load a native module
/// (`LoadModule NAME PATH`, `load_module PATH;`, `LoadFile PATH`, `MODULE LOAD PATH`).
const LOAD_WORDS: &[&str] = &["loadmodule", "load_module", "loadfile", "load"];

/// Configuration text or a server command given inline, to any program, that loads a native
/// library from a world-writable directory (`apache2ctl -c 'LoadModule m /tmp/m.so'`, `httpd
/// -C ...`, `nginx -g 'load_module /tmp/x.so;'`, `redis-cli MODULE LOAD /tmp/x.so`): the
/// program runs anyone's code. A library path alone is data (`sha256sum /tmp/x.so`).
pub(super) fn inline_module_loads(ctx: &mut Ctx, c: &Call<'_>) {
    let mut tokens: Vec<(&str, &Word)> = Vec::new();
    for a in c.args.iter().filter(|a| !a.dynamic) {
        for t in a.text.split(|ch: char| ch.is_whitespace() || ch == ';') {
            let t = t.trim_matches(|ch: char| matches!(ch, '\'' | '"' | '(' | ')' | ','));
            if !t.is_empty() {
                tokens.push((t, a));
            }
        }
    }
    for (k, (t, _)) in tokens.iter().enumerate() {
        if !LOAD_WORDS.contains(&t.to_ascii_lowercase().as_str()) {
            continue;
        }
        for (lib, w) in tokens.iter().skip(k + 1).take(3) {
            let native = lib.ends_with(".so")
                || lib.contains(".so.")
                || lib.ends_with(".dylib")
                || lib.ends_with(".dll");
            if native && shared_dir(&paths::resolve(lib, &ctx.cwd)) {
                ctx.emit(
                    RuleId::SharedDirExecutable,
                    w.span,
                    format!(
                        "`{}` is told to load `{}`, a library in a world-writable directory",
                        printable(&c.name),
                        printable(lib)
                    ),
                );
                return;
            }
        }
    }
}
