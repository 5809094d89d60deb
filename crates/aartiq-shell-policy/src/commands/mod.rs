//! Per-command judgement: wrappers, shells, per-tool argument grammars, write targets, secrets.

use crate::assess::Span;
use crate::paths::{self, Loc, SecretClass, WriteClass};
use crate::rules::RuleId;
use crate::walk::{Ctx, Flow, Redir, Word};

mod code;
mod endless;
mod files;
mod options;
mod system;

use code::*;
pub(crate) use files::write_target;
use files::*;
use system::*;

/// The original's table (spec b.2): tier per binary.
pub(crate) const TABLE_LOW: &[&str] = &[
    "ls", "ll", "dir", "pwd", "cat", "bat", "head", "tail", "less", "more", "file", "stat", "wc",
    "du", "df", "tree", "grep", "egrep", "fgrep", "rg", "find", "which", "type", "whoami",
    "hostname", "uname", "date", "echo", "printf", "true", "sleep",
];
pub(crate) const TABLE_MEDIUM: &[&str] = &[
    "cp",
    "mv",
    "mkdir",
    "touch",
    "ln",
    "rsync",
    "scp",
    "sftp",
    "curl",
    "wget",
    "ping",
    "dig",
    "nslookup",
    "host",
    "node",
    "npx",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "python",
    "python3",
    "pip",
    "pip3",
    "ruby",
    "perl",
    "php",
    "java",
    "osascript",
    "open",
    "sh",
    "bash",
    "zsh",
    "fish",
    "git",
];
pub(crate) const TABLE_HIGH: &[&str] = &[
    "chmod", "chown", "kill", "killall", "pkill", "shutdown", "reboot", "halt", "poweroff",
    "mount", "umount", "dd", "shred", "truncate",
];

/// Read-only tools beyond the original table (our additions, each argument-checked below).
const READ_ONLY: &[&str] = &[
    "false",
    ":",
    "test",
    "[",
    "[[",
    "jq",
    "yq",
    "sort",
    "uniq",
    "cut",
    "tr",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "sed",
    "diff",
    "cmp",
    "comm",
    "nl",
    "column",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "id",
    "groups",
    "ps",
    "free",
    "uptime",
    "seq",
    "expr",
    "base64",
    "xxd",
    "od",
    "hexdump",
    "strings",
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "shasum",
    "cksum",
    "b2sum",
    "tac",
    "rev",
    "fold",
    "fmt",
    "paste",
    "join",
    "look",
    "lsof",
    "netstat",
    "ss",
    "cd",
    "pushd",
    "popd",
    "read",
    "wait",
    "exit",
    "return",
    "break",
    "continue",
    "shift",
    "clear",
    "tput",
    "locale",
    "whereis",
    "tty",
    "nproc",
    "lscpu",
    "lsblk",
    "lsb_release",
    "arch",
    "getconf",
    "cal",
    "numfmt",
    "yes",
    "tee",
    "exa",
    "eza",
    "ag",
    "ack",
    "tokei",
    "cloc",
    "w",
    "who",
    "users",
    "info",
    "whatis",
    "apropos",
    "help",
    "colordiff",
    "zcat",
    "gunzip",
    "gzip",
    "bzcat",
    "xzcat",
    "unxz",
    "zgrep",
    "set",
    "shopt",
    "alias",
    "unalias",
    "trap",
    "umask",
    "hash",
    "jobs",
    "fg",
    "bg",
    "disown",
    "dirs",
    "let",
    "local",
    "declare",
    "typeset",
    "export",
    "readonly",
    "unset",
    "times",
    "ulimit",
    "man",
    "crontab",
    "systemctl",
    "journalctl",
    "fd",
    "fdfind",
    "history",
    "printenv",
    "env",
    "command",
    "builtin",
    "xargs",
    "tar",
    "zip",
    "unzip",
    "sqlite3",
    "openssl",
    "uuencode",
    "uudecode",
    "iconv",
    "dos2unix",
    "unix2dos",
    "envsubst",
    "mktemp",
    "ldd",
    "nm",
    "objdump",
    "readelf",
    "size",
    "pgrep",
    "pidof",
    "top",
    "htop",
    "vmstat",
    "iostat",
    "mpstat",
    "dmesg",
    "lsmod",
    "lspci",
    "lsusb",
    "printf",
    "sum",
    "shuf",
    "split",
    "csplit",
    "truncate",
    "watch",
    "timeout",
    "nice",
    "nohup",
    "time",
    "stdbuf",
    "ionice",
    "unbuffer",
];

/// Shells whose `-c` string is parsed recursively.
const SHELLS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "ash",
    "fish",
    "tcsh",
    "csh",
    "rbash",
    "yash",
    "busybox-sh",
];
/// Interpreters that run inline code or read a program from standard input.
const INTERPRETERS: &[&str] = &[
    "python",
    "python2",
    "python3",
    "pypy",
    "pypy3",
    "node",
    "nodejs",
    "deno",
    "bun",
    "ruby",
    "perl",
    "php",
    "lua",
    "luajit",
    "tclsh",
    "wish",
    "rscript",
    "r",
    "julia",
    "osascript",
    "jshell",
    "groovy",
    "irb",
    "ts-node",
    "tsx",
    "swift",
    "guile",
    "racket",
    "sbcl",
    "clojure",
    "elixir",
    "erl",
    "ghci",
    "runghc",
    "scala",
    "kotlin",
    "pwsh",
    "powershell",
];
/// Programs that fetch from or send to the network.
/// Commands that only look at metadata of their path arguments, never print their content.
const METADATA_ONLY: &[&str] = &[
    "ls",
    "ll",
    "dir",
    "stat",
    "file",
    "du",
    "wc",
    "test",
    "[",
    "[[",
    "chmod",
    "chown",
    "ssh",
    "ssh-add",
    "ssh-keygen",
    "touch",
    "mkdir",
    "realpath",
    "readlink",
    "basename",
    "dirname",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "shasum",
    "cksum",
    "b2sum",
    "tree",
    "find",
    "fd",
    "exa",
    "eza",
    "cd",
    "pushd",
    "which",
    "type",
    "command",
    "lsof",
    "git",
    "rm",
    "shred",
    "unlink",
];
/// Privilege escalation wrappers.
const PRIVILEGE: &[&str] = &[
    "sudo", "doas", "su", "pkexec", "runuser", "run0", "sudoedit", "gosu", "su-exec", "chroot",
    "setpriv", "capsh",
];
/// Commands the original blocks outright (spec b.5).
pub(crate) const BLOCKED: &[&str] = &["sudo", "su", "passwd", "chgrp", "rm"];
/// Toolchain binaries for which a bare version or help query is read-only.
const VERSION_QUERY: &[&str] = &[
    "python",
    "python2",
    "python3",
    "node",
    "nodejs",
    "npm",
    "npx",
    "pnpm",
    "yarn",
    "bun",
    "deno",
    "ruby",
    "perl",
    "php",
    "java",
    "javac",
    "go",
    "rustc",
    "cargo",
    "rustup",
    "gcc",
    "g++",
    "cc",
    "clang",
    "clang++",
    "make",
    "cmake",
    "docker",
    "kubectl",
    "git",
    "pip",
    "pip3",
    "tsc",
    "terraform",
    "brew",
    "gradle",
    "mvn",
    "dotnet",
    "swift",
    "lua",
    "helm",
    "uv",
    "poetry",
    "pipx",
    "conda",
    "ruff",
    "black",
    "eslint",
    "prettier",
    "jest",
    "pytest",
    "mypy",
    "bash",
    "zsh",
    "sh",
    "ssh",
    "curl",
    "wget",
    "openssl",
    "psql",
    "mysql",
    "sqlite3",
    "redis-cli",
    "ffmpeg",
    "gh",
    "aws",
    "gcloud",
    "az",
    "kubectx",
    "minikube",
    "vim",
    "nvim",
    "emacs",
    "code",
    "tmux",
    "jq",
    "rg",
    "fd",
    "cmake",
    "ninja",
    "meson",
    "zig",
    "gem",
    "bundle",
    "composer",
    "pod",
    "flutter",
    "dart",
    "elixir",
    "mix",
    "erl",
    "ghc",
    "cabal",
    "stack",
    "scala",
    "sbt",
    "kotlin",
    "R",
];

/// Whether a name is a command we know (for "function shadows a command").
pub(crate) fn is_known_command(name: &str) -> bool {
    TABLE_LOW.contains(&name)
        || TABLE_MEDIUM.contains(&name)
        || TABLE_HIGH.contains(&name)
        || READ_ONLY.contains(&name)
        || SHELLS.contains(&name)
        || BLOCKED.contains(&name)
}

/// One command invocation after wrappers are peeled.
struct Call<'a> {
    name: String,
    args: &'a [Word],
    stdin: Option<&'a Flow>,
    span: Span,
    redirs: &'a [Redir],
}

fn is_opt(w: &Word) -> bool {
    w.text.len() > 1 && w.text.starts_with('-')
}

fn has_flag(args: &[Word], short: char, long: &[&str]) -> bool {
    for a in args {
        let t = a.text.as_str();
        if t == "--" {
            break;
        }
        if let Some(l) = t.strip_prefix("--") {
            let l = l.split('=').next().unwrap_or(l);
            if long.contains(&l) {
                return true;
            }
        } else if let Some(s) = t.strip_prefix('-')
            && short != '\0'
            && !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric())
            && s.contains(short)
        {
            return true;
        }
    }
    false
}

/// Value of an option given as `-o V`, `-oV`, `--opt V` or `--opt=V`.
fn opt_values<'a>(args: &'a [Word], short: &[&str], long: &[&str]) -> Vec<&'a Word> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            break;
        }
        if let Some(l) = t.strip_prefix("--") {
            let (name, has_eq) = match l.find('=') {
                Some(p) => (&l[..p], true),
                None => (l, false),
            };
            if long.contains(&name) {
                if has_eq {
                    out.push(&args[i]);
                } else if let Some(v) = args.get(i + 1) {
                    out.push(v);
                    i += 1;
                }
            }
        } else if t.starts_with('-') {
            for s in short {
                if t == *s {
                    if let Some(v) = args.get(i + 1) {
                        out.push(v);
                        i += 1;
                    }
                    break;
                } else if t.starts_with(s) && t.len() > s.len() {
                    out.push(&args[i]);
                    break;
                }
            }
        }
        i += 1;
    }
    out
}

/// The value text of a word returned by [`opt_values`] (strips `--opt=` or `-o`).
fn opt_text<'a>(w: &'a Word, short: &[&str], long: &[&str]) -> &'a str {
    let t = w.text.as_str();
    if let Some(l) = t.strip_prefix("--")
        && let Some(p) = l.find('=')
        && long.contains(&&l[..p])
    {
        return &l[p + 1..];
    }
    for s in short {
        if t.starts_with(s) && t.len() > s.len() && t.starts_with('-') {
            return &t[s.len()..];
        }
    }
    t
}

fn value_word(w: &Word, text: &str) -> Word {
    Word {
        text: text.to_string(),
        ..w.clone()
    }
}

/// The value of a short option that may be clustered (`-qc VALUE`, `-cVALUE`, `--long=VALUE`).
fn clustered_value(args: &[Word], short: char, long: &str) -> Option<Word> {
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            return None;
        }
        if let Some(l) = t.strip_prefix("--") {
            if l == long {
                return args.get(i + 1).cloned();
            }
            if let Some(v) = l.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                return Some(value_word(&args[i], v));
            }
        } else if let Some(cl) = t.strip_prefix('-')
            && let Some(p) = cl.find(short)
            && cl[..p].chars().all(|ch| ch.is_ascii_alphabetic())
        {
            let rest = &cl[p + short.len_utf8()..];
            if rest.is_empty() {
                return args.get(i + 1).cloned();
            }
            return Some(value_word(&args[i], rest));
        }
        i += 1;
    }
    None
}

/// Positional arguments: words that are not options, skipping values of the given options.
fn positionals<'a>(args: &'a [Word], with_value: &[&str]) -> Vec<&'a Word> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut rest = false;
    while i < args.len() {
        let w = &args[i];
        if rest || !is_opt(w) {
            out.push(w);
        } else if w.text == "--" {
            rest = true;
        } else if with_value.contains(&w.text.as_str()) {
            i += 1;
        }
        i += 1;
    }
    out
}

/// Entry point from the walker: a simple command with prefix assignments and redirects.
pub(crate) fn run(
    ctx: &mut Ctx,
    assigns: &[(String, Word)],
    argv: &[Word],
    stdin: Option<&Flow>,
    span: Span,
    redirs: &[Redir],
) -> Flow {
    for (name, value) in assigns {
        env_assignment(ctx, name, value);
    }
    for (i, w) in argv.iter().enumerate() {
        if w.subst {
            ctx.emit(
                RuleId::CommandSubstitution,
                w.span,
                "command substitution: the argument is computed when the line runs",
            );
        } else if (w.dynamic && w.param || w.param_env) && i > 0 {
            ctx.emit(
                RuleId::ParameterExpansion,
                w.span,
                "variable expansion: the argument is only known when the line runs",
            );
        }
        if w.procsub.is_some() {
            ctx.emit(
                RuleId::ProcessSubstitution,
                w.span,
                "process substitution feeds another command's output as a file",
            );
        }
        if w.ifs_split && i == 0 {
            ctx.emit(
                RuleId::ObfuscatedWord,
                w.span,
                "words split with $IFS to hide spaces",
            );
        }
    }
    let Some(first) = argv.first() else {
        for (name, value) in assigns {
            let known = value.lit().map(str::to_string);
            ctx.vars.insert(name.clone(), known);
        }
        return Flow::default();
    };
    // Assignments that precede a command are visible to it but not to later commands.
    let _ = first;
    exec(ctx, argv, stdin, span, redirs)
}

/// A script or command name computed by substitutions: downloaded or decoded code runs.
fn computed_code(ctx: &mut Ctx, w: &Word) {
    if let Some(f) = &w.subst_flow {
        if f.network {
            ctx.emit(
                RuleId::RemoteCodeExecution,
                w.span,
                "runs code produced by a download",
            );
        } else if f.decoder {
            ctx.emit(
                RuleId::DecodeAndExecute,
                w.span,
                "runs code produced by a decoder",
            );
        } else if f.tainted {
            ctx.emit(
                RuleId::TaintedExecutable,
                w.span,
                "runs code read from downloaded or decoded data",
            );
        }
    }
}

/// Resolve argv[0] and judge the command.
fn exec(ctx: &mut Ctx, argv: &[Word], stdin: Option<&Flow>, span: Span, redirs: &[Redir]) -> Flow {
    let Some(w0) = argv.first() else {
        return Flow::default();
    };
    let mut name = w0.text.clone();
    if w0.dynamic || w0.glob || w0.subst || w0.param {
        // After `IFS=...` a variable splits into other words than we fold it to.
        let ifs_changed = w0.param && ctx.vars.contains_key("IFS");
        if w0.dynamic || w0.glob || name.is_empty() || ifs_changed {
            ctx.emit(
                RuleId::DynamicCommandWord,
                w0.span,
                "the command name is computed when the line runs",
            );
        } else if w0.subst {
            ctx.emit(
                RuleId::BuiltCommandWord,
                w0.span,
                format!(
                    "the command name is built by a substitution (it runs `{}`)",
                    printable(&name)
                ),
            );
        } else {
            ctx.emit(
                RuleId::VariableCommandWord,
                w0.span,
                format!(
                    "the command name comes from a variable (it runs `{}`)",
                    printable(&name)
                ),
            );
        }
        computed_code(ctx, w0);
        if name.is_empty() || name.contains("/dev/fd/") {
            return Flow {
                other: true,
                ..Flow::default()
            };
        }
    }
    if w0.escaped {
        ctx.emit(
            RuleId::EscapedCommandWord,
            w0.span,
            format!(
                "the command name is spelled with escapes (it runs `{}`)",
                printable(&name)
            ),
        );
    }
    if !name.is_ascii() {
        let folded = fold_confusables(&name);
        ctx.emit(
            RuleId::NonAsciiCommandWord,
            w0.span,
            format!(
                "non-ASCII characters in the command name (reads as `{}`)",
                printable(&folded)
            ),
        );
        name = folded.split_whitespace().next().unwrap_or("").to_string();
    }
    if name.contains(['*', '?', '[']) && !w0.dynamic {
        ctx.emit(
            RuleId::DynamicCommandWord,
            w0.span,
            "the command name is a glob pattern",
        );
    }
    if name.contains('/') || name.contains('\\') {
        let cut = name.rfind(['/', '\\']).unwrap_or(0);
        let dir = &name[..cut];
        let base = name[cut + 1..].to_string();
        let loc = paths::resolve(&name, &ctx.cwd);
        if ctx.is_tainted(&loc) {
            ctx.emit(
                RuleId::TaintedExecutable,
                w0.span,
                format!(
                    "runs `{name}`, written from downloaded or decoded data earlier in the line"
                ),
            );
        }
        if !trusted_dir(dir) {
            ctx.emit(
                RuleId::UntrustedExecutable,
                w0.span,
                format!("runs `{name}`, not a system program"),
            );
        }
        name = base;
    }
    let lower = strip_exe(&name.to_ascii_lowercase());
    // An alias defined earlier in the line: judge what it expands to, with these arguments.
    if let Some((_, value)) = ctx.aliases.iter().rev().find(|(a, _)| *a == w0.text) {
        let mut script = value.clone();
        for a in &argv[1..] {
            script.push(' ');
            script.push_str(&if a.dynamic {
                "\"$X\"".to_string()
            } else {
                shell_quote(&a.text)
            });
        }
        ctx.nested(&script, span);
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    // Shell functions defined in this line: the body was judged at the definition.
    if ctx.functions.contains(&w0.text) {
        for entry in ctx.fn_stack.iter_mut() {
            if entry.0 == w0.text {
                entry.1 = true;
            }
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    if ctx.commands.len() < 256 {
        ctx.commands.push(lower.clone());
    }
    let call = Call {
        name: lower,
        args: &argv[1..],
        stdin,
        span,
        redirs,
    };
    let mut flow = dispatch(ctx, &call);
    for a in call.args {
        if let Some(sf) = &a.subst_flow {
            flow.secrets |= sf.secrets;
            flow.network |= sf.network;
            flow.decoder |= sf.decoder;
            flow.tainted |= sf.tainted;
        }
    }
    secret_args(ctx, &call, flow)
}

fn printable(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

fn strip_exe(name: &str) -> String {
    for ext in [".exe", ".bat", ".cmd", ".ps1", ".com"] {
        if let Some(s) = name.strip_suffix(ext) {
            return s.to_string();
        }
    }
    name.to_string()
}

fn trusted_dir(dir: &str) -> bool {
    matches!(
        dir,
        "/bin"
            | "/usr/bin"
            | "/sbin"
            | "/usr/sbin"
            | "/usr/local/bin"
            | "/usr/local/sbin"
            | "/opt/homebrew/bin"
            | "/usr/libexec"
            | "~/.cargo/bin"
            | "~/.local/bin"
            | "/snap/bin"
            | "/opt/local/bin"
    )
}

/// Map look-alike characters to ASCII to see what a non-ASCII command name imitates. Used only to
/// judge intent, never to produce the argv that runs.
pub(crate) fn fold_confusables(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let u = c as u32;
        let m = match u {
            0xFF01..=0xFF5E => char::from_u32(u - 0xFF01 + 0x21),
            0x200B..=0x200F | 0x2060..=0x2064 | 0xFEFF | 0x00AD | 0x180E => None,
            0xE0000..=0xE007F => None,
            0x00A0 | 0x2000..=0x200A | 0x3000 => Some(' '),
            _ => Some(match c {
                'а' => 'a',
                'е' => 'e',
                'о' => 'o',
                'р' => 'p',
                'с' => 'c',
                'х' => 'x',
                'у' => 'y',
                'і' => 'i',
                'ј' => 'j',
                'ѕ' => 's',
                'ԁ' => 'd',
                'һ' => 'h',
                'ӏ' => 'l',
                'ⅼ' => 'l',
                'ⅰ' => 'i',
                'ⅽ' => 'c',
                'ⅾ' => 'd',
                'ⅿ' => 'm',
                'ο' => 'o',
                'α' => 'a',
                'ρ' => 'p',
                'ν' => 'v',
                'τ' => 't',
                'κ' => 'k',
                'ı' => 'i',
                'ɡ' => 'g',
                'ℓ' => 'l',
                'ｍ' => 'm',
                'М' => 'M',
                'Т' => 'T',
                'А' => 'A',
                'В' => 'B',
                'Е' => 'E',
                'К' => 'K',
                'Н' => 'H',
                'О' => 'O',
                'Р' => 'P',
                'С' => 'C',
                'Х' => 'X',
                other => other,
            }),
        };
        if let Some(m) = m {
            out.push(m);
        }
    }
    out
}

/// Judge a `NAME=value` that reaches a command's environment.
pub(crate) fn env_assignment(ctx: &mut Ctx, name: &str, value: &Word) {
    const HARMLESS: &[&str] = &[
        "LANG",
        "LANGUAGE",
        "TZ",
        "NO_COLOR",
        "FORCE_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "TERM",
        "COLUMNS",
        "LINES",
        "RUST_LOG",
        "RUST_BACKTRACE",
        "CARGO_TERM_COLOR",
        "NODE_ENV",
        "DEBUG",
        "PYTHONUNBUFFERED",
        "PYTHONDONTWRITEBYTECODE",
        "CI",
        "GIT_PAGER_IN_USE",
        "COLORTERM",
        "TMPDIR",
        "CARGO_INCREMENTAL",
        "RUSTFLAGS",
        "GOFLAGS",
        "CGO_ENABLED",
        "GOOS",
        "GOARCH",
        "VERBOSE",
        "LOG_LEVEL",
        "PORT",
        "HOST",
        "NPM_CONFIG_LOGLEVEL",
        "PYTHONWARNINGS",
        "PYTHONIOENCODING",
    ];
    if name.starts_with("LC_") || HARMLESS.contains(&name) {
        return;
    }
    if let Some(config) = git_config_value(name, value) {
        ctx.emit(
            RuleId::EnvExecutesProgram,
            value.span,
            format!("`{name}` sets git config; a value can name a program git runs"),
        );
        ctx.nested(&config, value.span);
        return;
    }
    match env_kind(name) {
        EnvKind::RunsValue => {
            ctx.emit(
                RuleId::EnvExecutesProgram,
                value.span,
                format!("`{name}` names a program that will be run"),
            );
            if let Some(v) = value.lit() {
                let script = v.trim_start_matches('|');
                ctx.nested(script, value.span);
            }
        }
        EnvKind::LoadsCode => ctx.emit(
            RuleId::EnvLoader,
            value.span,
            format!("`{name}` makes programs load or run other code"),
        ),
        EnvKind::Options(code_opts) => {
            let v = value.lit().unwrap_or("");
            let loads = value.dynamic
                || v.split([' ', '=']).any(|o| {
                    // Java agents are spelled `-javaagent:PATH`: those match as prefixes.
                    code_opts
                        .iter()
                        .any(|c| o == *c || (c.ends_with(':') && o.starts_with(c)))
                });
            if loads {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!("`{name}` passes options that load or run other code"),
                );
            } else {
                ctx.emit(
                    RuleId::EnvRedirect,
                    value.span,
                    format!("`{name}` passes options to every program of its kind"),
                );
            }
        }
        EnvKind::SearchPath => {
            // Each entry of a search path is where code is loaded from.
            let v = value.lit().unwrap_or("");
            let outside = value.dynamic
                || v.split(':')
                    .filter(|e| !e.is_empty())
                    .any(|e| !matches!(paths::resolve(e, &ctx.cwd), Loc::Ws(_)));
            if outside {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!("`{name}` loads code from outside the working directory"),
                );
            } else {
                ctx.emit(
                    RuleId::EnvRedirect,
                    value.span,
                    format!("`{name}` loads code from the working directory"),
                );
            }
        }
        EnvKind::Redirect => ctx.emit(
            RuleId::EnvRedirect,
            value.span,
            format!("`{name}` changes where programs look for configuration or data"),
        ),
        EnvKind::Path => ctx.emit(
            RuleId::EnvPath,
            value.span,
            "changes `PATH`, so command names may resolve elsewhere",
        ),
        EnvKind::Other => ctx.emit(
            RuleId::EnvAssignment,
            value.span,
            format!("sets `{name}` for the command"),
        ),
    }
}

/// What a variable set for a command does to it.
enum EnvKind {
    /// The value is a program or script that will be run (`PAGER`, `GIT_SSH_COMMAND`).
    RunsValue,
    /// The variable loads code into programs by design (`LD_PRELOAD`, `BASH_ENV`).
    LoadsCode,
    /// Options for every program of a kind; these options load code (`NODE_OPTIONS`).
    Options(&'static [&'static str]),
    /// A search path for code (`LD_LIBRARY_PATH`, `PYTHONPATH`).
    SearchPath,
    /// Moves configuration or parsing (`HOME`, `IFS`, `GIT_DIR`).
    Redirect,
    /// `PATH`.
    Path,
    /// Anything else.
    Other,
}

/// Variables whose value is run as a program.
const ENV_RUNS_VALUE: &[&str] = &[
    "PAGER",
    "GIT_PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "BAT_PAGER",
    "DELTA_PAGER",
    "PSQL_PAGER",
    "MYSQL_PAGER",
    "EDITOR",
    "VISUAL",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "SVN_EDITOR",
    "KUBE_EDITOR",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "BROWSER",
    "PROMPT_COMMAND",
    "LESSOPEN",
    "LESSCLOSE",
    "GIT_PROXY_COMMAND",
    "RSYNC_RSH",
    "CVS_RSH",
    "FCEDIT",
    "PS4",
    "PS1",
    "PS0",
    "PS2",
    "TAR_COMPRESS_PROGRAM",
    "COMPRESS_PROGRAM",
];

/// Variables that load code by design.
const ENV_LOADS_CODE: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "SHELLOPTS",
    "BASHOPTS",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "PYTHONINSPECT",
    "PERL5OPT",
    "PERL5DB",
    "RUBYOPT",
    "ZDOTDIR",
    "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR",
    "GCONV_PATH",
    "HOSTALIASES",
    "LUA_INIT",
    "R_PROFILE_USER",
    "NODE_REPL_EXTERNAL_MODULE",
    "MAKEFLAGS",
    "CARGO_BUILD_RUSTC_WRAPPER",
    "RUSTC_WRAPPER",
];

/// Option variables, with the options that load code.
const ENV_OPTIONS: &[(&str, &[&str])] = &[
    (
        "NODE_OPTIONS",
        &[
            "-r",
            "--require",
            "--import",
            "--loader",
            "--experimental-loader",
            "-e",
            "--eval",
            "-p",
            "--print",
            "--inspect",
            "--inspect-brk",
        ],
    ),
    (
        "JAVA_TOOL_OPTIONS",
        &["-javaagent:", "-agentlib:", "-agentpath:"],
    ),
    (
        "_JAVA_OPTIONS",
        &["-javaagent:", "-agentlib:", "-agentpath:"],
    ),
    (
        "JDK_JAVA_OPTIONS",
        &["-javaagent:", "-agentlib:", "-agentpath:"],
    ),
];

/// Search paths for code.
const ENV_SEARCH_PATH: &[&str] = &[
    "LD_LIBRARY_PATH",
    "DYLD_LIBRARY_PATH",
    "DYLD_FALLBACK_LIBRARY_PATH",
    "PYTHONPATH",
    "NODE_PATH",
    "PERL5LIB",
    "PERLLIB",
    "RUBYLIB",
    "GEM_PATH",
    "GEM_HOME",
    "CLASSPATH",
    "LUA_PATH",
    "LUA_CPATH",
];

/// Variables that move configuration or parsing.
const ENV_REDIRECT: &[&str] = &[
    "HOME",
    "XDG_CONFIG_HOME",
    "IFS",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "CDPATH",
    "MALLOC_CHECK_",
];

fn env_kind(name: &str) -> EnvKind {
    if ENV_RUNS_VALUE.contains(&name) {
        EnvKind::RunsValue
    } else if ENV_SEARCH_PATH.contains(&name) {
        EnvKind::SearchPath
    } else if let Some((_, opts)) = ENV_OPTIONS.iter().find(|(n, _)| *n == name) {
        EnvKind::Options(opts)
    } else if ENV_LOADS_CODE.contains(&name)
        || name.starts_with("LD_")
        || name.starts_with("DYLD_")
        || name.starts_with("BASH_FUNC_")
    {
        EnvKind::LoadsCode
    } else if ENV_REDIRECT.contains(&name) {
        EnvKind::Redirect
    } else if name == "PATH" {
        EnvKind::Path
    } else {
        EnvKind::Other
    }
}

/// `GIT_CONFIG_PARAMETERS` and `GIT_CONFIG_VALUE_<n>` carry git config: the values, which can
/// name programs git runs (`core.pager`, `alias.*`), as one script to judge.
fn git_config_value(name: &str, value: &Word) -> Option<String> {
    if name.starts_with("GIT_CONFIG_VALUE") {
        return Some(value.lit().unwrap_or("").to_string());
    }
    if name != "GIT_CONFIG_PARAMETERS" {
        return None;
    }
    let v = value.lit().unwrap_or("");
    let scripts: Vec<&str> = v
        .split("' '")
        .filter_map(|kv| kv.trim_matches('\'').split_once('=').map(|(_, v)| v))
        .collect();
    Some(scripts.join("\n"))
}

fn table_tier(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    if TABLE_MEDIUM.contains(&n) {
        ctx.emit(RuleId::TableMedium, c.span, format!("table:{n}"));
    } else if TABLE_HIGH.contains(&n) {
        ctx.emit(RuleId::TableHigh, c.span, format!("table:{n}"));
    }
}

fn is_version_query(c: &Call<'_>) -> bool {
    VERSION_QUERY.contains(&c.name.as_str())
        && c.args.len() == 1
        && matches!(
            c.args[0].text.as_str(),
            "--version" | "-V" | "-v" | "version" | "--help" | "-h" | "help" | "-version"
        )
}

fn dispatch(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    if BLOCKED.contains(&n) {
        ctx.emit(
            RuleId::BlockedCommand,
            c.span,
            format!("Command \"{n}\" is blocked for security reasons"),
        );
    }
    if is_version_query(c) {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    endless::never_ends(ctx, c);
    options::program_options(ctx, c);
    match n {
        // ---- wrappers: judge the wrapped command ----
        "env" => env_cmd(ctx, c),
        "command" | "builtin" => {
            if has_flag(c.args, 'v', &[]) || has_flag(c.args, 'V', &[]) {
                return match positionals(c.args, &[]).first() {
                    Some(w) if !w.dynamic => Flow {
                        literal: Some(w.text.clone()),
                        ..Flow::default()
                    },
                    _ => Flow {
                        other: true,
                        ..Flow::default()
                    },
                };
            }
            let rest = skip_opts(c.args, &[]);
            exec(ctx, rest, c.stdin, c.span, c.redirs)
        }
        "exec" => {
            let rest = skip_opts(c.args, &["-a"]);
            exec(ctx, rest, c.stdin, c.span, c.redirs)
        }
        "nice" | "nohup" | "time" | "stdbuf" | "ionice" | "unbuffer" | "setsid" | "caffeinate"
        | "torsocks" | "proxychains" | "proxychains4" | "strace" | "ltrace" | "chronic"
        | "taskset" | "numactl" | "cpulimit" | "dbus-run-session" | "flock" | "firejail"
        | "catchsegv" | "faketime" | "trickle" | "coproc" => {
            let with_value: &[&str] = match n {
                "nice" => &["-n", "--adjustment"],
                "stdbuf" => &["-i", "-o", "-e"],
                "ionice" => &["-c", "-n", "-p", "-t"],
                "strace" | "ltrace" => &["-e", "-o", "-p", "-s", "-u"],
                "cpulimit" => &["-l", "-p", "--limit"],
                "numactl" => &["-C", "-N", "-m"],
                _ => &[],
            };
            if n == "faketime" || n == "flock" || n == "taskset" {
                let rest = skip_opts(c.args, with_value);
                if rest.len() > 1
                    && n == "flock"
                    && (rest[0].text == "-c" || rest.iter().any(|w| w.text == "-c"))
                {
                    if let Some(s) = opt_values(c.args, &["-c"], &["command"]).first() {
                        ctx.nested(&s.text, s.span);
                    }
                    return Flow::default();
                }
                return exec(ctx, rest.get(1..).unwrap_or(&[]), c.stdin, c.span, c.redirs);
            }
            let rest = skip_opts(c.args, with_value);
            exec(ctx, rest, c.stdin, c.span, c.redirs)
        }
        "timeout" => {
            let rest = skip_opts(c.args, &["-s", "-k", "--signal", "--kill-after"]);
            // A finite duration bounds whatever runs inside.
            let bound = rest.first().is_some_and(|d| {
                !d.dynamic
                    && d.text.chars().next().is_some_and(|ch| ch.is_ascii_digit())
                    && d.text != "0"
            });
            ctx.bounded += u32::from(bound);
            let f = exec(ctx, rest.get(1..).unwrap_or(&[]), c.stdin, c.span, c.redirs);
            ctx.bounded -= u32::from(bound);
            f
        }
        "watch" => {
            let rest = skip_opts(c.args, &["-n", "-d", "--interval", "--differences"]);
            let script: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
            if !rest.is_empty() {
                ctx.nested(&script.join(" "), c.span);
            }
            Flow::default()
        }
        "script" => {
            if let Some(v) = clustered_value(c.args, 'c', "command") {
                let t = v.text.clone();
                ctx.nested(&t, v.span);
            } else {
                ctx.emit(
                    RuleId::UnknownCommand,
                    c.span,
                    "`script` starts an interactive shell",
                );
            }
            Flow::default()
        }
        "xargs" => xargs(ctx, c),
        "busybox" | "toybox" => {
            if c.args
                .first()
                .is_some_and(|a| SHELLS.contains(&a.text.as_str()) || a.text == "sh")
            {
                let mut renamed = c.args.to_vec();
                if let Some(f) = renamed.first_mut() {
                    f.text = "sh".to_string();
                }
                return exec(ctx, &renamed, c.stdin, c.span, c.redirs);
            }
            exec(ctx, c.args, c.stdin, c.span, c.redirs)
        }
        _ if PRIVILEGE.contains(&n) => privilege(ctx, c),
        // ---- shells and interpreters ----
        _ if SHELLS.contains(&n) => shell(ctx, c),
        "eval" => {
            ctx.emit(RuleId::Eval, c.span, "`eval` runs text as commands");
            for a in c.args {
                computed_code(ctx, a);
            }
            if let Some(a) = c.args.iter().find(|w| w.dynamic) {
                ctx.emit(
                    RuleId::DynamicScript,
                    a.span,
                    "`eval` runs text only known when the line runs",
                );
            }
            let text: Vec<&str> = c.args.iter().map(|w| w.text.as_str()).collect();
            if c.args.iter().all(|w| !w.dynamic) {
                ctx.nested(&text.join(" "), c.span);
            }
            Flow::default()
        }
        "source" | "." => {
            ctx.emit(
                RuleId::Source,
                c.span,
                format!("`{n}` runs a script file in the current shell"),
            );
            if let Some(p) = c.args.first() {
                let loc = ctx.loc(p);
                if ctx.is_tainted(&loc) {
                    ctx.emit(
                        RuleId::TaintedExecutable,
                        p.span,
                        "sources a file written from downloaded or decoded data",
                    );
                }
                if let Some(f) = &p.procsub {
                    let call = Call {
                        name: n.to_string(),
                        args: &[],
                        stdin: Some(f),
                        span: c.span,
                        redirs: c.redirs,
                    };
                    stdin_script(ctx, &call, true);
                }
                if p.text == "/dev/stdin" || p.text == "-" {
                    stdin_script(ctx, c, true);
                }
            }
            Flow::default()
        }
        "alias" => {
            for a in c.args {
                if let Some((name, v)) = a.text.split_once('=') {
                    ctx.emit(
                        RuleId::FunctionDefinition,
                        a.span,
                        "defines an alias that replaces a command",
                    );
                    let v = v.to_string();
                    ctx.nested(&v, a.span);
                    if ctx.aliases.len() < 64 && !a.dynamic {
                        ctx.aliases.push((name.to_string(), v));
                    }
                }
            }
            Flow::default()
        }
        "shopt" => {
            if c.args.iter().any(|a| a.text == "expand_aliases") && has_flag(c.args, 's', &[]) {
                ctx.emit(
                    RuleId::FunctionDefinition,
                    c.span,
                    "turns on alias expansion",
                );
            }
            Flow::default()
        }
        "set" => {
            if c.args.is_empty() {
                ctx.emit(
                    RuleId::EnvDump,
                    c.span,
                    "`set` prints every variable (secrets) into the transcript",
                );
                return Flow {
                    secrets: true,
                    ..Flow::default()
                };
            }
            Flow::default()
        }
        "trap" => {
            if let Some(a) = c.args.iter().find(|a| !is_opt(a)) {
                ctx.emit(RuleId::Eval, a.span, "`trap` runs text as commands later");
                if let Some(t) = a.lit() {
                    let t = t.to_string();
                    ctx.nested(&t, a.span);
                }
            }
            Flow::default()
        }
        "printenv" | "export" | "declare" | "typeset" | "compgen"
            if c.args.is_empty() || n == "printenv" =>
        {
            ctx.emit(
                RuleId::EnvDump,
                c.span,
                format!("`{n}` prints environment variables (secrets) into the transcript"),
            );
            Flow {
                secrets: true,
                ..Flow::default()
            }
        }
        "history" | "fc" => {
            ctx.emit(RuleId::EnvDump, c.span, "shell history may hold secrets");
            Flow {
                secrets: true,
                ..Flow::default()
            }
        }
        "cd" | "pushd" => {
            let target = c.args.iter().find(|a| !is_opt(a));
            ctx.cwd = match target {
                None => paths::chdir(None, &ctx.cwd),
                Some(t) if t.dynamic || t.text == "-" => paths::Cwd::Unknown,
                Some(t) => paths::chdir(Some(&t.text), &ctx.cwd),
            };
            Flow::default()
        }
        "popd" => {
            ctx.cwd = paths::Cwd::Unknown;
            Flow::default()
        }
        "echo" | "printf" => echo(ctx, c),
        "bc" => Flow::through(
            Flow {
                other: true,
                ..Flow::default()
            },
            c.stdin,
        ),
        "ip" | "ifconfig" | "route" | "arp" | "iwconfig" | "nmcli" => {
            let words: Vec<&str> = c
                .args
                .iter()
                .filter(|a| !is_opt(a))
                .map(|a| a.text.as_str())
                .collect();
            let changes = match n {
                "ip" => words.iter().skip(1).any(|w| {
                    matches!(
                        *w,
                        "add"
                            | "del"
                            | "delete"
                            | "set"
                            | "flush"
                            | "change"
                            | "replace"
                            | "append"
                            | "up"
                            | "down"
                    )
                }),
                "ifconfig" | "iwconfig" => words.len() > 1,
                "route" | "arp" => {
                    words
                        .iter()
                        .any(|w| matches!(*w, "add" | "del" | "delete" | "flush"))
                        || has_flag(c.args, 's', &["set"])
                        || has_flag(c.args, 'd', &["delete"])
                }
                _ => words.iter().any(|w| {
                    matches!(
                        *w,
                        "modify"
                            | "add"
                            | "delete"
                            | "up"
                            | "down"
                            | "connect"
                            | "disconnect"
                            | "on"
                            | "off"
                    )
                }),
            };
            if changes {
                ctx.emit(
                    RuleId::SystemState,
                    c.span,
                    format!("`{n}` changes network configuration"),
                );
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        "which" | "whence" | "where" => {
            // `$(which rm)` names rm: fold it so the outer command is judged as rm.
            match positionals(c.args, &[]).first() {
                Some(w) if !w.dynamic && c.args.len() == 1 => Flow {
                    literal: Some(w.text.clone()),
                    ..Flow::default()
                },
                _ => Flow {
                    other: true,
                    ..Flow::default()
                },
            }
        }
        "gpg" | "gpg2" => {
            if c.args
                .iter()
                .any(|a| a.text.starts_with("--export-secret") || a.text == "--export-ownertrust")
            {
                ctx.emit(RuleId::CredentialRead, c.span, "exports private keys");
            } else {
                ctx.emit(RuleId::UnknownCommand, c.span, "`gpg` uses the user's keys");
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        "security" => {
            if c.args.iter().any(|a| {
                a.text.starts_with("find-") && a.text.ends_with("password")
                    || a.text == "dump-keychain"
                    || a.text == "export"
            }) {
                ctx.emit(RuleId::CredentialRead, c.span, "reads the macOS keychain");
            } else {
                ctx.emit(
                    RuleId::UnknownCommand,
                    c.span,
                    "`security` manages the keychain",
                );
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        "date" => {
            if has_flag(c.args, 's', &["set"])
                || c.args.iter().any(|a| {
                    !a.text.starts_with('+')
                        && !is_opt(a)
                        && a.text.chars().all(|ch| ch.is_ascii_digit() || ch == '.')
                        && a.text.len() >= 8
                })
            {
                ctx.emit(RuleId::SystemState, c.span, "changes the system clock");
            }
            Flow::default()
        }
        "hostname" => {
            if c.args.iter().any(|a| !is_opt(a)) || has_flag(c.args, 'F', &["file"]) {
                ctx.emit(RuleId::SystemState, c.span, "changes the host name");
            }
            Flow::default()
        }
        "hwclock"
        | "timedatectl"
        | "hostnamectl"
        | "sysctl"
        | "modprobe"
        | "insmod"
        | "rmmod"
        | "useradd"
        | "userdel"
        | "usermod"
        | "groupadd"
        | "groupdel"
        | "adduser"
        | "deluser"
        | "chpasswd"
        | "passwd"
        | "visudo"
        | "setenforce"
        | "swapoff"
        | "swapon"
        | "update-alternatives"
        | "update-grub"
        | "grub-install"
        | "efibootmgr"
        | "ldconfig"
        | "sysctl.d"
        | "chattr"
        | "setcap"
        | "auditctl"
        | "nvram"
        | "scutil"
        | "networksetup"
        | "csrutil"
        | "spctl"
        | "defaults"
        | "dscl"
        | "bcdedit"
        | "reg"
        | "sc"
        | "netsh"
        | "diskutil"
        | "tmutil"
        | "kextload" => {
            let read_only = match n {
                "hwclock" => c.args.is_empty() || has_flag(c.args, 'r', &["show", "get"]),
                "timedatectl" | "hostnamectl" => {
                    c.args.is_empty()
                        || c.args.iter().all(|a| {
                            matches!(
                                a.text.as_str(),
                                "status" | "show" | "list-timezones" | "timesync-status"
                            )
                        })
                }
                "sysctl" => !c.args.iter().any(|a| {
                    a.text.contains('=')
                        || a.text == "-w"
                        || a.text == "-p"
                        || a.text == "--system"
                        || a.text == "--write"
                }),
                "defaults" => c.args.first().is_some_and(|a| {
                    matches!(a.text.as_str(), "read" | "domains" | "read-type" | "find")
                }),
                "diskutil" => c
                    .args
                    .first()
                    .is_some_and(|a| matches!(a.text.as_str(), "list" | "info" | "activity")),
                "tmutil" => c
                    .args
                    .first()
                    .is_some_and(|a| a.text.starts_with("list") || a.text == "status"),
                "scutil" | "networksetup" | "reg" | "sc" | "netsh" => {
                    c.args.first().is_some_and(|a| {
                        let t = a.text.to_ascii_lowercase();
                        t.starts_with("-get")
                            || t.starts_with("--get")
                            || t == "query"
                            || t == "show"
                            || t == "-list"
                            || t.starts_with("-list")
                    })
                }
                _ => false,
            };
            if !read_only {
                ctx.emit(
                    RuleId::SystemState,
                    c.span,
                    format!("`{n}` changes system configuration"),
                );
            }
            Flow::default()
        }
        "mkfs" | "fdisk" | "sfdisk" | "cfdisk" | "gdisk" | "sgdisk" | "parted" | "wipefs"
        | "format" | "mkswap" | "blkdiscard" | "badblocks" | "cryptsetup" | "zpool"
        | "lvremove" | "vgremove" | "pvremove" | "mdadm" | "diskpart" | "wipe" | "srm" => {
            let listing = matches!(n, "fdisk" | "parted") && has_flag(c.args, 'l', &["list"]);
            if !listing {
                ctx.emit(
                    RuleId::DiskDestruction,
                    c.span,
                    format!("`{n}` formats, partitions or wipes disks"),
                );
            }
            Flow::default()
        }
        _ if n.starts_with("mkfs.") || n.starts_with("mke2fs") => {
            ctx.emit(
                RuleId::DiskDestruction,
                c.span,
                format!("`{n}` formats a file system"),
            );
            Flow::default()
        }
        "shutdown" | "reboot" | "halt" | "poweroff" | "init" | "telinit" => {
            if matches!(n, "init" | "telinit")
                && !c
                    .args
                    .iter()
                    .any(|a| matches!(a.text.as_str(), "0" | "6" | "1" | "s" | "S"))
            {
                ctx.emit(
                    RuleId::SystemState,
                    c.span,
                    format!("`{n}` changes the run level"),
                );
                return Flow::default();
            }
            ctx.emit(
                RuleId::DangerousPattern,
                c.span,
                "Command contains dangerous patterns",
            );
            Flow::default()
        }
        "iptables" | "ip6tables" | "ufw" | "firewall-cmd" | "nft" | "pfctl"
        | "iptables-restore" | "ip6tables-restore" | "ebtables" | "arptables" => {
            ctx.emit(
                RuleId::DangerousPattern,
                c.span,
                "Command contains dangerous patterns",
            );
            Flow::default()
        }
        "systemctl" | "service" | "launchctl" | "rc-service" | "rc-update" | "update-rc.d"
        | "chkconfig" => services(ctx, c),
        "crontab" | "at" | "batch" | "atq" | "atrm" | "anacron" => {
            let read_only = n == "atq" || (n == "crontab" && has_flag(c.args, 'l', &["list"]));
            if !read_only {
                ctx.emit(
                    RuleId::Persistence,
                    c.span,
                    format!("`{n}` schedules commands to run later (persistence)"),
                );
            }
            Flow::default()
        }
        "kill" | "killall" | "pkill" | "xkill" | "skill" | "killall5" => {
            table_tier(ctx, c);
            let pos: Vec<&Word> = c
                .args
                .iter()
                .filter(|a| !is_opt(a) || a.text == "-1")
                .collect();
            if n == "killall5"
                || (n == "kill" && pos.iter().any(|a| a.text == "-1" || a.text == "1"))
                || (matches!(n, "killall" | "pkill")
                    && c.args.iter().any(|a| {
                        matches!(
                            a.text.as_str(),
                            "init" | "systemd" | "sshd" | "launchd" | "-u"
                        )
                    }))
            {
                ctx.emit(
                    RuleId::KillEverything,
                    c.span,
                    "kills every process or a system process",
                );
            }
            Flow::default()
        }
        "mount" | "umount" | "eject" | "losetup" | "swapctl" => {
            if n == "mount" && c.args.is_empty() {
                return Flow::default();
            }
            if TABLE_HIGH.contains(&n) {
                table_tier(ctx, c);
            } else {
                ctx.emit(
                    RuleId::DestructiveCommand,
                    c.span,
                    format!("`{n}` changes mounted devices"),
                );
            }
            Flow::default()
        }
        "chmod" | "chown" | "chgrp" | "chflags" | "setfacl" | "icacls" | "takeown" | "attrib" => {
            permissions(ctx, c)
        }
        "dd" => dd(ctx, c),
        "shred" | "truncate" | "rmdir" | "unlink" | "del" | "erase" | "rd" | "trash"
        | "trash-put" | "gio" | "srm-file" => {
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
                if (n == "rd" || n == "del" || n == "erase")
                    && p.text.starts_with('/')
                    && p.text.len() == 2
                {
                    continue;
                }
                delete_target(ctx, p, &format!("`{n}`"));
            }
            Flow::default()
        }
        "rm" => {
            for p in positionals(c.args, &[]) {
                delete_target(ctx, p, "`rm`");
            }
            Flow::default()
        }
        "find" => find(ctx, c),
        "fd" | "fdfind" => {
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
        "rg" | "ripgrep" => {
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
        "grep" | "egrep" | "fgrep" | "zgrep" | "ag" | "ack" | "cat" | "bat" | "batcat" | "head"
        | "tail" | "less" | "more" | "wc" | "du" | "df" | "tree" | "ls" | "ll" | "dir" | "stat"
        | "file" | "type" | "whoami" | "uname" | "true" | "false" | "sleep" | "pwd" | ":"
        | "test" | "[" | "[[" | "cut" | "column" | "nl" | "cmp" | "comm" | "basename"
        | "dirname" | "realpath" | "readlink" | "id" | "groups" | "ps" | "free" | "uptime"
        | "seq" | "expr" | "strings" | "md5sum" | "sha1sum" | "sha224sum" | "sha256sum"
        | "sha384sum" | "sha512sum" | "shasum" | "cksum" | "b2sum" | "tac" | "fold" | "fmt"
        | "paste" | "join" | "look" | "lsof" | "netstat" | "ss" | "read" | "wait" | "exit"
        | "return" | "break" | "continue" | "shift" | "clear" | "tput" | "locale" | "whereis"
        | "tty" | "nproc" | "lscpu" | "lsblk" | "lsb_release" | "arch" | "getconf" | "cal"
        | "numfmt" | "yes" | "exa" | "eza" | "tokei" | "cloc" | "w" | "who" | "users" | "info"
        | "whatis" | "apropos" | "help" | "colordiff" | "unset" | "umask" | "hash" | "jobs"
        | "fg" | "bg" | "disown" | "dirs" | "let" | "local" | "readonly" | "times" | "ulimit"
        | "journalctl" | "unalias" | "jq" | "yq" | "iconv" | "envsubst" | "ldd" | "nm"
        | "objdump" | "readelf" | "size" | "pgrep" | "pidof" | "top" | "htop" | "vmstat"
        | "iostat" | "mpstat" | "lsmod" | "lspci" | "lsusb" | "sum" | "shuf" | "dmesg"
        | "mktemp" | "diff" | "tr" | "declare" | "typeset" | "export" | "compgen" | "printenv" => {
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
        "tee" => {
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
        "sort" => {
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
        "uniq" => {
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
        "sed" | "gsed" => sed(ctx, c),
        "awk" | "gawk" | "mawk" | "nawk" => awk(ctx, c),
        "base64" | "base32" | "basenc" | "xxd" | "uudecode" | "uuencode" | "od" | "hexdump"
        | "rev" | "gunzip" | "zcat" | "gzip" | "bzcat" | "bzip2" | "bunzip2" | "xzcat" | "unxz"
        | "xz" | "zstd" | "unzstd" => {
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
        "openssl" => {
            let sub = c.args.first().map(|a| a.text.as_str()).unwrap_or("");
            let decoding =
                has_flag(c.args, 'd', &[]) || sub == "base64" && has_flag(c.args, 'd', &[]);
            if matches!(sub, "s_client" | "s_server") {
                ctx.emit(
                    RuleId::Network,
                    c.span,
                    "`openssl` opens a network connection",
                );
            }
            for v in opt_values(c.args, &["-out"], &[]) {
                write_target(ctx, v, "`openssl -out`");
            }
            let network = matches!(sub, "s_client" | "s_server");
            Flow::through(
                Flow {
                    decoder: decoding,
                    network,
                    raw_net: network,
                    other: true,
                    ..Flow::default()
                },
                c.stdin,
            )
        }
        "man" => {
            if let Some(v) = opt_values(c.args, &["-P", "-H"], &["pager", "html"]).first() {
                ctx.emit(RuleId::ExecOption, v.span, "`man -P` names a pager program");
                let t = opt_text(v, &["-P", "-H"], &["pager", "html"]).to_string();
                ctx.nested(&t, v.span);
            }
            Flow::default()
        }
        "cp" | "mv" | "ln" | "install" | "rsync" | "scp" | "sftp" | "mkdir" | "touch" | "rcp"
        | "ditto" | "link" => copy_like(ctx, c),
        "curl" | "wget" | "aria2c" | "http" | "https" | "xh" | "httpie" => http(ctx, c),
        "ping" | "ping6" | "dig" | "nslookup" | "host" | "drill" | "whois" | "traceroute"
        | "tracepath" | "mtr" | "arping" | "nmap" => {
            table_tier(ctx, c);
            if !TABLE_MEDIUM.contains(&n) {
                ctx.emit(
                    RuleId::Network,
                    c.span,
                    format!("`{n}` contacts other hosts"),
                );
            }
            if c.args.iter().any(|a| a.subst || (a.dynamic && a.param)) {
                ctx.emit(RuleId::Exfiltration, c.span, format!("`{n}` sends data computed at run time to the network (DNS or ping exfiltration)"));
            }
            Flow {
                network: true,
                ..Flow::default()
            }
        }
        "ssh" | "mosh" | "autossh" => ssh(ctx, c),
        "nc" | "ncat" | "netcat" | "socat" | "telnet" | "ftp" | "tftp" | "lftp" | "smbclient"
        | "ldapsearch" | "websocat" => {
            let lower: Vec<String> = c.args.iter().map(|a| a.text.to_ascii_lowercase()).collect();
            if lower.iter().any(|a| {
                a == "-e"
                    || a == "-c"
                    || a.starts_with("--exec")
                    || a.starts_with("--sh-exec")
                    || a.starts_with("--lua-exec")
                    || a.starts_with("exec:")
                    || a.starts_with("system:")
                    || a.contains(",exec")
            }) {
                ctx.emit(
                    RuleId::ReverseShell,
                    c.span,
                    format!("`{n}` connects a shell or program to the network"),
                );
            } else {
                ctx.emit(
                    RuleId::RawSocket,
                    c.span,
                    format!("`{n}` opens raw network connections"),
                );
            }
            if let Some(f) = c.stdin
                && f.shell_exec
            {
                ctx.emit(
                    RuleId::ReverseShell,
                    c.span,
                    format!("a shell's output goes to the network through `{n}`"),
                );
            }
            if let Some(f) = c.stdin
                && f.secrets
            {
                ctx.emit(
                    RuleId::Exfiltration,
                    c.span,
                    format!("sends secrets to the network with `{n}`"),
                );
            }
            Flow {
                network: true,
                raw_net: true,
                ..Flow::default()
            }
        }
        "git" => crate::git::git(ctx, c.args, c.span, c.stdin),
        "npm" | "pnpm" | "yarn" | "bun" | "npx" | "pnpx" | "bunx" | "pip" | "pip3" | "pipx"
        | "uv" | "poetry" | "cargo" | "go" | "gem" | "bundle" | "brew" | "apt" | "apt-get"
        | "aptitude" | "yum" | "dnf" | "pacman" | "apk" | "zypper" | "snap" | "flatpak"
        | "port" | "choco" | "winget" | "scoop" | "conda" | "mamba" | "composer" | "dpkg"
        | "rpm" | "nix-env" | "emerge" | "pkg" | "rustup" | "nvm" | "sdk" | "asdf" | "deno" => {
            packages(ctx, c)
        }
        "docker" | "podman" | "nerdctl" | "kubectl" | "helm" | "docker-compose" | "minikube"
        | "kind" => containers(ctx, c),
        "psql" | "mysql" | "mariadb" | "sqlite3" | "mongo" | "mongosh" | "redis-cli" | "sqlcmd"
        | "clickhouse-client" | "duckdb" | "cqlsh" => database(ctx, c),
        "vim" | "vi" | "nvim" | "ex" | "view" | "gvim" | "emacs" | "nano" | "pico" | "ed"
        | "micro" | "helix" | "hx" | "code" | "subl" | "kak" | "joe" => editor(ctx, c),
        "tar" | "bsdtar" | "gtar" => tar(ctx, c),
        "zip" | "unzip" | "7z" | "7za" | "unrar" | "rar" | "cpio" | "ar" => archive(ctx, c),
        "powershell" | "pwsh" | "cmd" => windows_shell(ctx, c),
        "open" | "xdg-open" | "start" | "osascript" if n != "osascript" => {
            table_tier(ctx, c);
            if !TABLE_MEDIUM.contains(&n) {
                ctx.emit(
                    RuleId::UnknownCommand,
                    c.span,
                    format!("`{n}` opens files or URLs in other programs"),
                );
            }
            Flow::default()
        }
        _ if INTERPRETERS.contains(&n)
            || n.starts_with("python")
            || n.starts_with("pypy")
            || n.starts_with("ruby")
            || n.starts_with("perl")
            || n.starts_with("php")
            || n.starts_with("node") =>
        {
            interpreter(ctx, c)
        }
        "make" | "gmake" | "cmake" | "ninja" | "just" | "task" | "rake" | "gradle" | "gradlew"
        | "mvn" | "ant" | "meson" | "bazel" | "scons" | "tox" | "nox" | "pytest" | "jest"
        | "vitest" | "mocha" | "tsc" | "eslint" | "prettier" | "black" | "ruff" | "mypy"
        | "gcc" | "g++" | "cc" | "clang" | "clang++" | "rustc" | "javac" | "dotnet" | "swift"
        | "zig" | "ffmpeg" | "convert" | "magick" | "terraform" | "ansible"
        | "ansible-playbook" | "vagrant" | "gh" | "aws" | "gcloud" | "az" | "heroku" | "vercel"
        | "netlify" | "firebase" | "flyctl" | "wrangler" => {
            ctx.emit(
                RuleId::UnknownCommand,
                c.span,
                format!("`{n}` runs project code or tools with side effects"),
            );
            if matches!(
                n,
                "aws"
                    | "gcloud"
                    | "az"
                    | "terraform"
                    | "heroku"
                    | "gh"
                    | "vercel"
                    | "netlify"
                    | "firebase"
                    | "flyctl"
                    | "wrangler"
            ) && c.args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "delete"
                        | "destroy"
                        | "rm"
                        | "remove"
                        | "rb"
                        | "terminate-instances"
                        | "delete-bucket"
                )
            }) {
                ctx.emit(
                    RuleId::CloudDestruction,
                    c.span,
                    format!("`{n}` deletes cloud resources"),
                );
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        _ => {
            table_tier(ctx, c);
            if !(TABLE_LOW.contains(&n) || TABLE_MEDIUM.contains(&n) || TABLE_HIGH.contains(&n)) {
                ctx.emit(
                    RuleId::UnknownCommand,
                    c.span,
                    format!("unknown-binary: `{}`", printable(n)),
                );
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
    }
}

/// Skip leading options (and the values of those listed) and return the command that follows.
fn skip_opts<'a>(args: &'a [Word], with_value: &[&str]) -> &'a [Word] {
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            return &args[i + 1..];
        }
        if !t.starts_with('-') || t == "-" {
            return &args[i..];
        }
        if with_value.contains(&t) {
            i += 1;
        }
        i += 1;
    }
    &args[args.len()..]
}

fn env_cmd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut i = 0;
    let args = c.args;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        if t == "-S" || t.starts_with("--split-string") || (t.starts_with("-S") && t.len() > 2) {
            let s = if t == "-S" {
                args.get(i + 1).map(|w| w.text.clone()).unwrap_or_default()
            } else if let Some(p) = t.find('=') {
                t[p + 1..].to_string()
            } else {
                t[2..].to_string()
            };
            let mut rest: Vec<String> = vec![s];
            for w in args.iter().skip(if t == "-S" { i + 2 } else { i + 1 }) {
                rest.push(shell_quote(&w.text));
            }
            ctx.nested(&rest.join(" "), c.span);
            return Flow::default();
        }
        if matches!(t, "-u" | "--unset" | "-C" | "--chdir") {
            i += 2;
            continue;
        }
        if t.starts_with('-') && t != "-" {
            i += 1;
            continue;
        }
        if let Some((name, value)) = t.split_once('=') {
            let v = value_word(&args[i], value);
            env_assignment(ctx, name, &v);
            i += 1;
            continue;
        }
        break;
    }
    if i >= args.len() {
        ctx.emit(
            RuleId::EnvDump,
            c.span,
            "`env` prints environment variables (secrets) into the transcript",
        );
        return Flow {
            secrets: true,
            ..Flow::default()
        };
    }
    exec(ctx, &args[i..], c.stdin, c.span, c.redirs)
}

fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=:,@%+".contains(c))
        && !s.is_empty()
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn privilege(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    ctx.emit(
        RuleId::PrivilegeEscalation,
        c.span,
        format!("`{n}` runs commands as another user (privilege escalation)"),
    );
    let with_value: &[&str] = match n {
        "sudo" | "sudoedit" => &[
            "-u", "-g", "-p", "-C", "-D", "-h", "-r", "-t", "-U", "--user", "--group", "--prompt",
            "--chdir",
        ],
        "doas" => &["-u", "-C"],
        "su" | "runuser" => &["-c", "-s", "-g", "-G", "--command", "--shell", "--group"],
        "pkexec" => &["--user"],
        _ => &[],
    };
    if matches!(n, "su" | "runuser") {
        if let Some(v) = clustered_value(c.args, 'c', "command") {
            let t = v.text.clone();
            ctx.nested(&t, v.span);
        }
        return Flow::default();
    }
    if n == "chroot" {
        let rest = skip_opts(c.args, &["--userspec", "--groups"]);
        return exec(ctx, rest.get(1..).unwrap_or(&[]), c.stdin, c.span, c.redirs);
    }
    let rest = skip_opts(c.args, with_value);
    if rest.is_empty() {
        return Flow::default();
    }
    exec(ctx, rest, c.stdin, c.span, c.redirs)
}

fn xargs(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let with_value = [
        "-a",
        "-d",
        "-E",
        "-e",
        "-I",
        "-i",
        "-L",
        "-l",
        "-n",
        "-P",
        "-s",
        "--arg-file",
        "--delimiter",
        "--eof",
        "--max-args",
        "--max-procs",
        "--max-chars",
        "--max-lines",
        "--replace",
    ];
    let mut i = 0;
    let args = c.args;
    let mut arg_file = false;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        if !t.starts_with('-') {
            break;
        }
        if t == "-a" || t.starts_with("--arg-file") || (t.starts_with("-a") && t.len() > 2) {
            arg_file = true;
        }
        if with_value.contains(&t) {
            i += 1;
        }
        i += 1;
    }
    if arg_file {
        ctx.emit(
            RuleId::XargsArgFile,
            c.span,
            "`xargs -a` takes the arguments from a file, not shown here",
        );
    }
    let rest = &args[i.min(args.len())..];
    if rest.is_empty() {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    // `-I R` / `-i` / `--replace[=R]`: R in the command is replaced by input, so those words
    // are only known at run time.
    let mut replace: Option<String> = None;
    for (k, a) in args[..i.min(args.len())].iter().enumerate() {
        let t = a.text.as_str();
        if t == "-I" {
            replace = args.get(k + 1).map(|w| w.text.clone());
        } else if let Some(r) = t.strip_prefix("-I") {
            replace = Some(r.to_string());
        } else if t == "-i" || t == "--replace" {
            replace = Some("{}".to_string());
        } else if let Some(r) = t
            .strip_prefix("-i")
            .or_else(|| t.strip_prefix("--replace="))
        {
            replace = Some(r.to_string());
        }
    }
    let owned: Vec<Word>;
    let rest = match replace.filter(|r| !r.is_empty()) {
        Some(r) => {
            owned = rest
                .iter()
                .map(|w| {
                    if w.text.contains(&r) {
                        Word {
                            dynamic: true,
                            text: w.text.replace(&r, ""),
                            ..w.clone()
                        }
                    } else {
                        w.clone()
                    }
                })
                .collect();
            &owned[..]
        }
        None => rest,
    };
    // The wrapped command gets arguments from input; its own stdin is not the pipe.
    let flow = exec(ctx, rest, None, c.span, c.redirs);
    if c.stdin.is_some_and(|f| f.network || f.decoder)
        && rest.first().is_some_and(|w| {
            SHELLS.contains(&w.text.as_str()) || INTERPRETERS.contains(&w.text.as_str())
        })
    {
        ctx.emit(
            RuleId::RemoteCodeExecution,
            c.span,
            "feeds downloaded or decoded data to a shell as arguments",
        );
    }
    flow
}
