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
    value_word,
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
const SEND_VERBS: &[&str] = &["send", "upload", "share", "publish"];

/// Judge an unknown program's arguments by their shapes; returns the flow of a command it runs
/// in its place, if an operand names one.
pub(super) fn argument_shapes(ctx: &mut Ctx, c: &Call<'_>) -> Option<Flow> {
    let args = c.args;
    let runner = runner_start(args);
    let own = &args[..runner.unwrap_or(args.len())];
    // A command word right after an option may be that option's value (`-p jq --run LINE`):
    // then the inline options of every argument are the program's own.
    let after_option = runner
        .is_some_and(|k| k > 0 && args[k - 1].text.starts_with('-') && args[k - 1].text != "--");
    own_shapes(ctx, c, own, if after_option { args } else { own });
    let start = runner?;
    let command = &args[start..];
    ctx.emit(
        RuleId::UnknownRunner,
        c.span,
        format!(
            "`{}` runs `{}` with the arguments after it",
            printable(&c.name),
            printable(&command[0].text)
        ),
    );
    Some(exec(ctx, command, c.stdin, c.span, c.redirs))
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
/// shell, an interpreter or a known program, with its arguments after it.
fn runner_start(args: &[Word]) -> Option<usize> {
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
        let program = is_shell(base) || INTERPRETERS.contains(&base) || is_known_command(base);
        if program && i + 1 < args.len() {
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
fn option_value(a: &Word) -> Option<&str> {
    let t = a.text.as_str();
    t.starts_with('-')
        .then(|| t.split_once('=').map(|(_, v)| v))
        .flatten()
}

/// The command of a socat-style `EXEC:`/`SYSTEM:` address, without its `,options`.
fn exec_address(t: &str) -> Option<&str> {
    let (kind, rest) = t.split_once(':')?;
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
fn code_sinks(ctx: &mut Ctx, c: &Call<'_>, code: &str) {
    let lower = code.to_ascii_lowercase();
    const SINKS: &[&str] = &["system", "shell", "exec", "cmd", "spawn", "popen", "launch"];
    const SOURCES: &[&str] = &[
        "read", "input", "stdin", "file", "fetch", "url", "http", "getenv", "environ", "argv",
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
fn libraries(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
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

/// A credential location and a remote destination (or a sending verb) together: the program
/// sends the credential off the machine.
fn secrets_sent(ctx: &mut Ctx, c: &Call<'_>, args: &[Word]) {
    let secret = args.iter().find(|a| {
        if a.dynamic && !a.param_env {
            return false;
        }
        let t = a.text.as_str();
        let path = t.rsplit(['=', ':']).next().unwrap_or(t);
        let loc = paths::resolve(path, &ctx.cwd);
        paths::secret_class(&loc) == SecretClass::Credential
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
    args.iter()
        .any(|a| !a.dynamic && (remote(&a.text) || SEND_VERBS.contains(&a.text.as_str())))
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
