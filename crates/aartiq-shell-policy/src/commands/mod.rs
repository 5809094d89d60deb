//! Per-command judgement: wrappers, shells, per-tool argument grammars, write targets, secrets.

use crate::assess::Span;
use crate::paths::{self, Loc, SecretClass, WriteClass};
use crate::rules::RuleId;
use crate::walk::{Ctx, Flow, Redir, Word};

mod code;
mod containers;
mod editors;
mod endless;
mod files;
mod network;
mod options;
mod packages;
mod queries;
mod shapes;
mod system;
mod table;
mod vcs;
mod wrappers;

use code::*;
use containers::*;
use editors::*;
pub(crate) use files::write_target;
use files::*;
use network::*;
use packages::*;
use system::*;
use table::unknown;
use vcs::*;
use wrappers::*;

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
    "elvish",
    "oksh",
    "loksh",
    "posh",
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
    "expect",
    "jimsh",
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
    "clisp",
    "ecl",
    "clojure",
    "bb",
    "jrunscript",
    "jjs",
    "escript",
    "elixir",
    "erl",
    "ghci",
    "runghc",
    "scala",
    "kotlin",
    "pwsh",
    "powershell",
    // Languages with a REPL or a script runner of their own: each runs a program named as its
    // first operand, code given by an option, or what is piped into it.
    "octave",
    "octave-cli",
    "matlab",
    "ocaml",
    "utop",
    "ghc",
    "runhaskell",
    "swipl",
    "gprolog",
    "maxima",
    "gnuplot",
    "crystal",
    "csi",
    "gosh",
    "chibi-scheme",
    "mit-scheme",
    "scheme",
    "chez",
    "gsi",
    "janet",
    "qjs",
    "d8",
    "rhino",
    "hy",
    "coffee",
    "elvish",
    "xonsh",
    "pike",
    "gforth",
    "wolframscript",
    "sage",
    "newlisp",
    "picolisp",
    "lfe",
    "clj",
    "amm",
    "scala-cli",
    "kotlinc",
];
/// Programs that fetch from or send to the network.
/// Commands that only look at metadata of their path arguments, never print their content
/// (`echo` and `printf` print the argument itself: a path, not what is stored there).
const METADATA_ONLY: &[&str] = &[
    "echo",
    "printf",
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
    "getfacl",
    "getcap",
    "lsattr",
    "namei",
    "git",
    "rm",
    "shred",
    "unlink",
];
/// Privilege escalation wrappers.
const PRIVILEGE: &[&str] = &[
    "sudo", "doas", "su", "pkexec", "runuser", "run0", "sudoedit", "gosu", "su-exec", "chroot",
    "setpriv", "capsh", "nsenter", "ksu", "sudo-rs", "please", "calife",
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

/// Whether a program name (a basename, lower case) is a shell that runs command lines.
pub(crate) fn is_shell_name(name: &str) -> bool {
    SHELLS.contains(&name) || name == "busybox"
}

/// Whether a name is a command we know (for "function shadows a command"): the original's table,
/// the blocked words, or a program some row of the judge table claims.
pub(crate) fn is_known_command(name: &str) -> bool {
    TABLE_LOW.contains(&name)
        || TABLE_MEDIUM.contains(&name)
        || TABLE_HIGH.contains(&name)
        || BLOCKED.contains(&name)
        || table::claims(name)
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
        if w.subst && !(i > 0 && w.subst_quiet && shows_only_names_or_text(argv)) {
            ctx.emit(
                RuleId::CommandSubstitution,
                w.span,
                "command substitution: the argument is computed when the line runs",
            );
        } else if (w.dynamic && w.param && !prints_arguments(argv)
            || w.param_env && !prints_variable(argv, w))
            && i > 0
            && !(w.positional && !w.named_param && !ctx.fn_stack.is_empty())
        {
            // Inside a function body the positional parameters are the call's arguments, judged
            // at each call.
            ctx.emit(
                RuleId::ParameterExpansion,
                w.span,
                "variable expansion: the argument is only known when the line runs",
            );
        }
        if w.procsub.is_some() && !reads_operands_as_data(argv) {
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
    if let Some(options) = options_variable_for(assigns, first) {
        // `TAR_OPTIONS='--to-command=sh' tar xf a.tar`: the program reads the variable as
        // options written before its own, and is judged with them.
        let mut with_options = Vec::with_capacity(argv.len() + 4);
        with_options.push(first.clone());
        with_options.extend(
            shapes::split_words(options.lit().unwrap_or(""))
                .iter()
                .map(|t| value_word(options, t)),
        );
        with_options.extend(argv[1..].iter().cloned());
        return exec(ctx, &with_options, stdin, span, redirs);
    }
    // `CDPATH=DIR cd NAME`: the directory change reads the variable given to it.
    if let Some((_, v)) = assigns.iter().rev().find(|(n, _)| n == "CDPATH")
        && matches!(first.text.as_str(), "cd" | "pushd")
    {
        let saved = ctx
            .vars
            .insert("CDPATH".to_string(), v.lit().map(str::to_string));
        let flow = exec(ctx, argv, stdin, span, redirs);
        match saved {
            Some(old) => ctx.vars.insert("CDPATH".to_string(), old),
            None => ctx.vars.remove("CDPATH"),
        };
        return flow;
    }
    exec(ctx, argv, stdin, span, redirs)
}

/// Variables a program reads as options given before its own (`TAR_OPTIONS` for tar, `GZIP`
/// for gzip, `LESS` for less), besides every `<PROGRAM>_OPTIONS` and `<PROGRAM>_OPTS`.
const PROGRAM_OPTION_VARIABLES: &[(&str, &str)] = &[
    ("GZIP", "gzip"),
    ("XZ_OPT", "xz"),
    ("XZ_DEFAULTS", "xz"),
    ("ZIPOPT", "zip"),
    ("UNZIP", "unzip"),
    ("LESS", "less"),
    ("MORE", "more"),
    ("GREP_OPTIONS", "grep"),
    ("BZIP2", "bzip2"),
];

/// The assignment among `assigns` that the program `first` reads as its options, with a value
/// known when the line is read.
fn options_variable_for<'a>(assigns: &'a [(String, Word)], first: &Word) -> Option<&'a Word> {
    if first.dynamic || assigns.is_empty() {
        return None;
    }
    let program = first
        .text
        .rsplit('/')
        .next()
        .unwrap_or(&first.text)
        .to_ascii_lowercase();
    let upper = program.to_ascii_uppercase().replace('-', "_");
    assigns
        .iter()
        .find(|(name, value)| {
            value.lit().is_some()
                && (PROGRAM_OPTION_VARIABLES
                    .iter()
                    .any(|(v, p)| v == name && *p == program)
                    || name
                        .strip_prefix(upper.as_str())
                        .is_some_and(|rest| matches!(rest, "_OPTIONS" | "_OPTS")))
        })
        .map(|(_, value)| value)
}

/// Programs that show their arguments, or names and metadata of the files they name, never a
/// file's content: a read-only substitution given to them (`echo "$(< VERSION)"`, `ls
/// "$(python3 -m site --user-site)"`) shows what the substitution could show by itself.
fn shows_only_names_or_text(argv: &[Word]) -> bool {
    const SHOWERS: &[&str] = &[
        "echo", "printf", "ls", "du", "stat", "file", "wc", "basename", "dirname", "realpath",
        "readlink", "test", "[", "[[", "tree",
    ];
    argv.first()
        .is_some_and(|w| !w.dynamic && !w.subst && SHOWERS.contains(&w.text.as_str()))
}

/// `echo` and `printf` print their arguments and open nothing: a variable of the line given to
/// them is text in the transcript, whatever it holds (the environment's variables are still
/// judged, they may hold secrets).
/// `echo "$MAGICK_CONFIGURE_PATH"`: a variable from the environment printed by `echo` or
/// `printf` is only shown, when its name does not speak of a secret and the word is nothing but
/// that variable (no substitution, no text that could make it a path or an option).
fn prints_variable(argv: &[Word], w: &Word) -> bool {
    prints_arguments(argv) && !w.secret_env && !w.subst && w.procsub.is_none() && w.text.is_empty()
}

fn prints_arguments(argv: &[Word]) -> bool {
    argv.first()
        .is_some_and(|w| !w.dynamic && !w.subst && matches!(w.text.as_str(), "echo" | "printf"))
}

/// Programs whose file operands are only ever read as text to compare, count or print: a
/// process substitution given to them is data (its commands are judged where they stand), never
/// code run by the program.
fn reads_operands_as_data(argv: &[Word]) -> bool {
    const DATA_READERS: &[&str] = &[
        "diff",
        "cmp",
        "comm",
        "paste",
        "join",
        "sort",
        "uniq",
        "cat",
        "head",
        "tail",
        "wc",
        "grep",
        "egrep",
        "fgrep",
        "rg",
        "cut",
        "nl",
        "md5sum",
        "sha1sum",
        "sha256sum",
        "sha512sum",
        "b2sum",
        "cksum",
        "xxd",
        "od",
        "hexdump",
        "column",
        "fold",
        "fmt",
        "expand",
        "unexpand",
        "tac",
        "rev",
        "strings",
    ];
    argv.first()
        .is_some_and(|w| !w.dynamic && !w.subst && DATA_READERS.contains(&w.text.as_str()))
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
        } else if ctx
            .commands
            .iter()
            .any(|c| VARIABLE_WRITERS.contains(&c.as_str()))
        {
            // A builtin earlier in the line may have set the variable in ways not folded.
            ctx.emit(
                RuleId::VariableCommandWord,
                w0.span,
                format!(
                    "the command name comes from a variable (it runs `{}`, unless a command before changed it)",
                    printable(&name)
                ),
            );
        }
        // Otherwise the variable's value is known from its assignments in the line, and the
        // command it names is judged below in its place: the two steps are judged together.
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
    // A command word that is a brace expansion runs its first expansion with the others as
    // its first arguments.
    if name.contains('{') && name.contains(',') && !w0.dynamic {
        let words = brace_expand(&name);
        if words
            .first()
            .is_some_and(|w| *w != name && !w.contains('{'))
        {
            ctx.emit(
                RuleId::DynamicCommandWord,
                w0.span,
                format!(
                    "the command name is a brace expansion (it runs `{}`)",
                    printable(&words[0])
                ),
            );
            let mut expanded: Vec<Word> = words
                .iter()
                .map(|t| Word {
                    text: t.clone(),
                    ..w0.clone()
                })
                .collect();
            expanded.extend(argv[1..].iter().cloned());
            return exec(ctx, &expanded, stdin, span, redirs);
        }
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
        if !w0.dynamic {
            code::written_script(ctx, &loc, None, w0.span);
        }
        if ctx.is_tainted(&loc) {
            ctx.emit(
                RuleId::TaintedExecutable,
                w0.span,
                format!(
                    "runs `{name}`, written from downloaded or decoded data earlier in the line"
                ),
            );
        }
        if shared_dir(&loc) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                w0.span,
                format!("runs `{name}`, a program in a world-writable directory"),
            );
        } else if !trusted_dir(dir) {
            ctx.emit(
                RuleId::UntrustedExecutable,
                w0.span,
                format!("runs `{name}`, not a system program"),
            );
        }
        name = base;
    }
    let lower = versionless(strip_exe(&name.to_ascii_lowercase()));
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
        let mut out = ctx.nested_flow(&script, span, stdin);
        out.other = true;
        return out;
    }
    // Shell functions defined in this line: the body was judged at the definition; a call
    // judges it again with the call's arguments as its positional parameters.
    if ctx.functions.contains(&w0.text) {
        for entry in ctx.fn_stack.iter_mut() {
            if entry.0 == w0.text {
                entry.1 = true;
            }
        }
        let body = ctx
            .fn_bodies
            .iter()
            .rev()
            .find(|(n, _)| *n == w0.text)
            .map(|(_, b)| b.clone());
        if let Some(body) = body.filter(|_| !ctx.expanding.contains(&w0.text)) {
            if argv[1..].iter().any(|a| a.dynamic) {
                ctx.emit(
                    RuleId::ParameterExpansion,
                    span,
                    format!(
                        "function `{}` is called with arguments only known when the line runs",
                        printable(&w0.text)
                    ),
                );
            }
            let script = with_positional(&body, &argv[1..]);
            ctx.expanding.push(w0.text.clone());
            let mut out = ctx.nested_flow(&script, span, stdin);
            ctx.expanding.pop();
            out.other = true;
            return out;
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
    // `cat` given no file prints its input: a here-document or literal piped in stays known
    // text (`cat > run.sh <<'EOF'`).
    if call.name == "cat"
        && call.args.iter().all(|a| a.text == "-" && !a.dynamic)
        && let Some(text) = stdin.and_then(|f| f.literal.clone())
    {
        flow.literal = Some(text);
    }
    if !prints_arguments(argv) {
        shapes::program_valued_options(ctx, &call);
    }
    shapes::piped_secrets_sent(ctx, &call);
    secrets_written(ctx, &call);
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

/// A brace group in a word: where it opens and closes, and the byte ranges of its alternatives.
struct BraceGroup {
    open: usize,
    close: usize,
    parts: Vec<(usize, usize)>,
}

/// Bash's brace expansion of one word (`{r,}m` gives `rm m`, `r{m,x}` gives `rm rx`), nested
/// groups expanded in turn; a word without a group of alternatives is itself.
pub(crate) fn brace_expand(word: &str) -> Vec<String> {
    fn group(w: &str) -> Option<BraceGroup> {
        let b = w.as_bytes();
        for open in (0..b.len()).filter(|&k| b[k] == b'{') {
            let mut depth = 0usize;
            let mut parts = Vec::new();
            let mut start = open + 1;
            for (k, &ch) in b.iter().enumerate().skip(open) {
                match ch {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            if parts.is_empty() {
                                break;
                            }
                            parts.push((start, k));
                            return Some(BraceGroup {
                                open,
                                close: k,
                                parts,
                            });
                        }
                    }
                    b',' if depth == 1 => {
                        parts.push((start, k));
                        start = k + 1;
                    }
                    _ => {}
                }
            }
        }
        None
    }
    let mut out = vec![word.to_string()];
    for _ in 0..4 {
        let mut next = Vec::new();
        let mut changed = false;
        for w in &out {
            match group(w) {
                Some(g) => {
                    changed = true;
                    for (a, b) in g.parts {
                        next.push(format!("{}{}{}", &w[..g.open], &w[a..b], &w[g.close + 1..]));
                    }
                }
                None => next.push(w.clone()),
            }
        }
        out = next;
        if !changed || out.len() > 64 {
            break;
        }
    }
    out.retain(|w| !w.is_empty());
    out
}

/// A shell or interpreter named with its version (`lua5.4`, `tclsh8.6`, `guile-3.0`) is that
/// shell or interpreter.
fn versionless(name: String) -> String {
    if SHELLS.contains(&name.as_str()) || INTERPRETERS.contains(&name.as_str()) {
        return name;
    }
    let base = name.trim_end_matches(|ch: char| ch.is_ascii_digit() || ch == '.' || ch == '-');
    if base.len() < name.len()
        && base.len() >= 2
        && (SHELLS.contains(&base) || INTERPRETERS.contains(&base))
    {
        return base.to_string();
    }
    name
}

fn strip_exe(name: &str) -> String {
    for ext in [".exe", ".bat", ".cmd", ".ps1", ".com"] {
        if let Some(s) = name.strip_suffix(ext) {
            return s.to_string();
        }
    }
    name.to_string()
}

/// World-writable directories: a program there was put by anyone and is seen by no one.
/// Text shown in a finding: control characters escaped.
pub(crate) fn printable_text(s: &str) -> String {
    printable(s)
}

/// Whether an absolute path (or the first word of a command line) is in a world-writable
/// directory.
pub(crate) fn in_shared_dir(path: &str) -> bool {
    let first = path.split_whitespace().next().unwrap_or("");
    first.starts_with('/') && shared_dir(&paths::resolve(first, &paths::Cwd::Unknown))
}

fn shared_dir(loc: &Loc) -> bool {
    match loc {
        Loc::Abs(c) => match c.first().map(String::as_str) {
            Some("tmp") => true,
            Some("var") => c.get(1).is_some_and(|s| s == "tmp"),
            Some("dev") => c.get(1).is_some_and(|s| s == "shm"),
            _ => false,
        },
        // What a browser or a chat client saved: fetched from the network, reviewed by no one.
        // A program or script there is unseen code, as one in `/tmp` is.
        Loc::Home(c) => c.first().is_some_and(|s| s == "Downloads"),
        _ => false,
    }
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

/// Programs that only copy their input to their output, or do nothing: named by a variable
/// that says which program to run (`PAGER=cat`, `GIT_EDITOR=true`), they run no code.
const RUNS_NOTHING: &[&str] = &["cat", "head", "tail", "tac", "true", ":"];

/// Interactive editors: one named by an editor variable (`EDITOR=vim`, `VISUAL='code --wait'`)
/// only does what the person at the keyboard types, and a command that opens it is judged on
/// its own (`git commit` runs hooks, `crontab -e` installs what is saved).
const INTERACTIVE_EDITORS: &[&str] = &[
    "vi",
    "vim",
    "nvim",
    "gvim",
    "nano",
    "pico",
    "emacs",
    "emacsclient",
    "micro",
    "hx",
    "helix",
    "kak",
    "code",
    "codium",
    "subl",
    "gedit",
    "kate",
    "mate",
    "joe",
    "ne",
    "mg",
    "jed",
    "ed",
];

/// Options of those editors that only say how the window opens or when the editor returns.
const EDITOR_WINDOW_OPTIONS: &[&str] = &["-w", "--wait", "-nw", "-f", "-n", "--new-window"];

/// Whether the value of a variable naming a program (`PAGER`, `EDITOR`, ...) names a program
/// that runs no code of its own: a plain printer for any such variable, an interactive editor
/// for an editor variable; by name, without a directory, with plain switches only.
fn names_no_hidden_program(name: &str, value: &str) -> bool {
    let mut words = value.split_whitespace();
    let Some(program) = words.next() else {
        return false;
    };
    let rest: Vec<&str> = words.collect();
    let editor_variable = name.ends_with("EDITOR") || name == "VISUAL";
    if RUNS_NOTHING.contains(&program) {
        rest.iter().all(|w| {
            w.len() > 1
                && w.starts_with('-')
                && w[1..]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
    } else {
        editor_variable
            && INTERACTIVE_EDITORS.contains(&program)
            && rest.iter().all(|w| EDITOR_WINDOW_OPTIONS.contains(w))
    }
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
        "DEBIAN_FRONTEND",
        "DEBIAN_PRIORITY",
        // Identities, regions, prompts and switched-off telemetry or update checks: they name
        // no program, file, directory or source of trust.
        "GIT_TERMINAL_PROMPT",
        "GIT_OPTIONAL_LOCKS",
        "GIT_AUTHOR_NAME",
        "GIT_AUTHOR_EMAIL",
        "GIT_AUTHOR_DATE",
        "GIT_COMMITTER_NAME",
        "GIT_COMMITTER_EMAIL",
        "GIT_COMMITTER_DATE",
        "AWS_REGION",
        "AWS_DEFAULT_REGION",
        "AWS_DEFAULT_OUTPUT",
        "PIP_NO_INPUT",
        "PIP_DISABLE_PIP_VERSION_CHECK",
        "NPM_CONFIG_FUND",
        "NPM_CONFIG_AUDIT",
        "NPM_CONFIG_UPDATE_NOTIFIER",
        "HOMEBREW_NO_AUTO_UPDATE",
        "HOMEBREW_NO_ANALYTICS",
        "DOCKER_BUILDKIT",
        "BUILDKIT_PROGRESS",
        "DOCKER_DEFAULT_PLATFORM",
        "NODE_NO_WARNINGS",
        "NEXT_TELEMETRY_DISABLED",
        "DOTNET_CLI_TELEMETRY_OPTOUT",
        "GH_PROMPT_DISABLED",
        "GH_NO_UPDATE_NOTIFIER",
        "PYTHONHASHSEED",
        "PYTHONUTF8",
        "PYTHONFAULTHANDLER",
        "SOURCE_DATE_EPOCH",
        "TF_IN_AUTOMATION",
    ];
    // Tracing switched on prints to the terminal; a path as the value would write a file.
    let trace = [
        "GIT_TRACE",
        "GIT_CURL_VERBOSE",
        "RUST_LOG",
        "RUST_BACKTRACE",
    ]
    .iter()
    .any(|p| name.starts_with(p));
    // npm reads its `npm_config_*` settings whatever their case.
    let npm_upper = name
        .strip_prefix("npm_config_")
        .map(|_| name.to_ascii_uppercase());
    if name.starts_with("LC_")
        || HARMLESS.contains(&name)
        || npm_upper.is_some_and(|n| HARMLESS.contains(&n.as_str()))
        || trace && plain_switch(value)
    {
        return;
    }
    // A program's options variable (`LESS` for the pager git runs, `GZIP` for the compressor
    // tar runs) reaches that program wherever it is started: judged as its options, word by
    // word (`LESS=-R` is `less -R`, `LESS='+!sh'` a shell escape).
    if let Some((_, program)) = PROGRAM_OPTION_VARIABLES.iter().find(|(v, _)| *v == name)
        && let Some(v) = value.lit()
    {
        let words: Vec<String> = v.split_whitespace().map(shell_quote).collect();
        if !words.is_empty() {
            ctx.nested(&format!("{program} {}", words.join(" ")), value.span);
        }
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
    // vi's start-up commands: a line of ex commands, whose `!` escapes run shell commands.
    if matches!(name, "VIMINIT" | "EXINIT" | "GVIMINIT") {
        let v = value.lit().unwrap_or("");
        let escapes = value.dynamic
            || v.split('|')
                .any(|cmd| options::escape(ctx, cmd.trim().trim_start_matches(':'), value.span));
        ctx.emit(
            if escapes {
                RuleId::EnvLoader
            } else {
                RuleId::EnvRedirect
            },
            value.span,
            format!("`{name}` is a line of editor commands run at start-up"),
        );
        return;
    }
    let kind = match env_kind(name) {
        EnvKind::CodePathByShape => {
            let v = value.lit().unwrap_or("");
            if value.dynamic || v.contains('/') || v.starts_with(['~', '.']) {
                EnvKind::SearchPath
            } else {
                EnvKind::Other
            }
        }
        k => k,
    };
    match kind {
        // Set empty (`AWS_PAGER=`), the variable names no program: the tool runs none.
        EnvKind::RunsValue
            if value
                .lit()
                .is_some_and(|v| v.trim().is_empty() || names_no_hidden_program(name, v)) => {}
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
        EnvKind::ConfigHome => {
            let entries: Vec<&str> = value.text.split(':').filter(|e| !e.is_empty()).collect();
            if !value.dynamic
                && entries
                    .iter()
                    .any(|e| shared_dir(&paths::resolve(e, &ctx.cwd)))
            {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!(
                        "`{name}` moves where programs read their start-up files, configuration and plugins to a world-writable directory: anyone's code runs"
                    ),
                );
            } else {
                ctx.emit(
                    RuleId::EnvRedirect,
                    value.span,
                    format!("`{name}` changes where programs look for configuration or data"),
                );
            }
        }
        EnvKind::PackageSource => {
            let v = value.lit().unwrap_or("");
            let foreign = value.dynamic
                || v.split([' ', ',']).filter(|e| !e.is_empty()).any(|e| {
                    let host = e
                        .split_once("://")
                        .map_or(e, |(_, r)| r)
                        .split(['/', ':'])
                        .next()
                        .unwrap_or("");
                    e.contains("://") && !KNOWN_PACKAGE_HOSTS.contains(&host)
                        || shared_dir(&paths::resolve(e, &ctx.cwd))
                });
            if foreign {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!(
                        "`{name}` installs packages from a source no registry vouches for: their build and install scripts run"
                    ),
                );
            } else {
                ctx.emit(
                    RuleId::EnvRedirect,
                    value.span,
                    format!("`{name}` changes where packages come from"),
                );
            }
        }
        EnvKind::Redirect => ctx.emit(
            RuleId::EnvRedirect,
            value.span,
            format!("`{name}` changes where programs look for configuration or data"),
        ),
        EnvKind::ConfigFile => {
            let v = value.lit().unwrap_or("");
            let outside = value.dynamic
                || v.split(':').filter(|e| !e.is_empty()).any(|e| {
                    !matches!(paths::resolve(e, &ctx.cwd), Loc::Ws(_))
                        && !trusted_dir(e.trim_end_matches('/'))
                        && !e.starts_with("/etc/")
                });
            if outside {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!(
                        "`{name}` reads configuration from outside the working directory, which can make the program load or run code"
                    ),
                );
            } else {
                ctx.emit(
                    RuleId::EnvRedirect,
                    value.span,
                    format!("`{name}` changes where programs look for configuration"),
                );
            }
        }
        EnvKind::Path => {
            // Where command names resolve: a world-writable directory there runs whatever anyone
            // put in it under the names of ordinary programs; the system directories change
            // nothing a command name means.
            let entries: Vec<&str> = value.text.split(':').filter(|e| !e.is_empty()).collect();
            if entries
                .iter()
                .any(|e| shared_dir(&paths::resolve(e, &ctx.cwd)))
            {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    "`PATH` looks up command names in a world-writable directory",
                );
            } else if value.dynamic || !entries.iter().all(|e| trusted_dir(e.trim_end_matches('/')))
            {
                ctx.emit(
                    RuleId::EnvPath,
                    value.span,
                    "changes `PATH`, so command names may resolve elsewhere",
                );
            }
        }
        EnvKind::ProgramOptions => {
            // JVM options of any tool (`MAVEN_OPTS`, `GRADLE_OPTS`, `SBT_OPTS`) load agents.
            let v = value.lit().unwrap_or("");
            if v.split_whitespace().any(|o| {
                [
                    "-javaagent:",
                    "-agentpath:",
                    "-agentlib:",
                    "-Xbootclasspath",
                ]
                .iter()
                .any(|p| o.starts_with(p))
            }) {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!("`{name}` passes options that load an agent into the JVM"),
                );
            }
            ctx.emit(
                RuleId::EnvAssignment,
                value.span,
                format!("sets `{name}`, options for programs of its kind"),
            );
            let words: Vec<Word> = shapes::split_words(value.lit().unwrap_or(""))
                .into_iter()
                .map(|t| value_word(value, &t))
                .collect();
            shapes::option_shapes(ctx, name, &words, value.span);
        }
        EnvKind::ConfigByShape => {
            let v = value.lit().unwrap_or("");
            if !value.dynamic
                && v.split(':')
                    .any(|e| !e.is_empty() && shared_dir(&paths::resolve(e, &ctx.cwd)))
            {
                ctx.emit(
                    RuleId::EnvLoader,
                    value.span,
                    format!(
                        "`{name}` reads configuration from a world-writable directory, which can make the program run code"
                    ),
                );
            }
            ctx.emit(
                RuleId::EnvAssignment,
                value.span,
                format!("sets `{name}` for the command"),
            );
        }
        EnvKind::ProgramPath => {
            // The program a tool runs in place of its default (`CC`, `*_LAUNCHER`, `*_RUNNER`):
            // an ordinary program name is a choice of toolchain; one in a world-writable
            // directory is anyone's program; a command line is judged as one.
            let v = value.lit().unwrap_or("").trim();
            if !value.dynamic && v.contains(char::is_whitespace) {
                ctx.nested(v, value.span);
            } else if !value.dynamic && shared_dir(&paths::resolve(v, &ctx.cwd)) {
                ctx.emit(
                    RuleId::SharedDirExecutable,
                    value.span,
                    format!(
                        "`{name}` names `{}`, a program in a world-writable directory",
                        printable(v)
                    ),
                );
            }
            ctx.emit(
                RuleId::EnvAssignment,
                value.span,
                format!("sets `{name}`, a program the command runs"),
            );
        }
        EnvKind::CodePathByShape | EnvKind::Other => ctx.emit(
            RuleId::EnvAssignment,
            value.span,
            format!("sets `{name}` for the command"),
        ),
    }
}

/// A value that is a number or an on/off word, known when the line is read.
fn plain_switch(value: &Word) -> bool {
    value.lit().is_some_and(|v| {
        !v.is_empty() && v.len() <= 8 && v.chars().all(|ch| ch.is_ascii_digit())
            || matches!(
                v.to_ascii_lowercase().as_str(),
                "true" | "false" | "yes" | "no" | "on" | "off"
            )
    }) && !value.dynamic
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
    /// Where a package manager fetches packages (`PIP_INDEX_URL`, `NPM_CONFIG_REGISTRY`,
    /// `GOPROXY`): a host other than the public registries, or a world-writable directory, is
    /// code (build and install scripts) from anyone.
    PackageSource,
    /// Moves configuration or parsing (`IFS`, `GIT_DIR`).
    Redirect,
    /// Where every program finds its start-up files, configuration and plugins (`HOME`,
    /// `XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_CONFIG_DIRS`): one in a world-writable directory
    /// makes git, editors, shells and multiplexers run whatever anyone put there.
    ConfigHome,
    /// `PATH`.
    Path,
    /// A configuration file or directory that can make the program load or run code
    /// (`OPENSSL_CONF` loads engines, `PHPRC` extensions, git config names pagers and hooks):
    /// one outside the working directory and the system directories is code the line does not
    /// show.
    ConfigFile,
    /// A path of code, by the shape of the name (`*_LOAD_PATH`, `*PROFILE*`): judged as a
    /// search path when the value is a path (`AWS_PROFILE=dev` names a profile, not a file).
    CodePathByShape,
    /// Options for programs of some kind, by the shape of the name (`*FLAGS`, `*_OPTS`): judged
    /// by the shapes of their arguments.
    ProgramOptions,
    /// A configuration file or folder, by the shape of the name (`KUBECONFIG`, `*_CONFIG_FILE`,
    /// `HGRCPATH`): configuration can name programs to run (credential plugins, hooks), so one
    /// in a world-writable directory is anyone's code.
    ConfigByShape,
    /// A program run in place of a tool's default (`CC`, `RUSTC`, `SHELL`, `*_LAUNCHER`,
    /// `*_LINKER`, `*_RUNNER`): judged by where the program is, or as a command line.
    ProgramPath,
    /// Anything else.
    Other,
}

/// Variables naming a program a tool runs in place of its default.
const ENV_PROGRAM_PATH: &[&str] = &[
    "CC",
    "CXX",
    "CPP",
    "LD",
    "AR",
    "AS",
    "FC",
    "F77",
    "NM",
    "RANLIB",
    "STRIP",
    "OBJCOPY",
    "OBJDUMP",
    "RUSTC",
    "RUSTDOC",
    "CARGO",
    "MAKE",
    "SHELL",
    "CONFIG_SHELL",
    "TERMINAL",
    "DIFF",
    "DIFFPROG",
    "MERGE",
    "JAVA",
    "JAVAC",
    "PYTHON",
    "NODE",
    "GO",
    // A toolchain named by a path is the programs in that directory.
    "RUSTUP_TOOLCHAIN",
];

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
    "GTK_MODULES",
    "GTK3_MODULES",
    "GTK_PATH",
    "GIO_MODULE_DIR",
    "GST_PLUGIN_PATH",
    "QT_PLUGIN_PATH",
    "NPM_CONFIG_SCRIPT_SHELL",
    "NPM_CONFIG_NODE_OPTIONS",
    "NPM_CONFIG_ONLOAD_SCRIPT",
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
    // man's own options: a pager or browser is a program it runs.
    ("MANOPT", &["-P", "--pager", "-H", "--html"]),
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
    "PYTHONUSERBASE",
    "PYTHONPYCACHEPREFIX",
    "R_LIBS",
    "R_LIBS_USER",
    "R_LIBS_SITE",
    "JULIA_DEPOT_PATH",
    "GUILE_LOAD_COMPILED_PATH",
    "OCAMLPATH",
    "BUNDLE_PATH",
    "PERL_LOCAL_LIB_ROOT",
];

/// Configuration files and directories that can name code for the program to load or run.
const ENV_CONFIG_FILES: &[&str] = &[
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "OPENSSL_CONF",
    "OPENSSL_ENGINES",
    "OPENSSL_MODULES",
    "PHPRC",
    "PHP_INI_SCAN_DIR",
    "NPM_CONFIG_USERCONFIG",
    "NPM_CONFIG_GLOBALCONFIG",
    "NPM_CONFIG_PREFIX",
    "PIP_CONFIG_FILE",
    "BUNDLE_GEMFILE",
    "GEMRC",
    "IRBRC",
    "MYVIMRC",
    "GIT_TEMPLATE_DIR",
    "CARGO_HOME",
    "RUSTUP_HOME",
    "SCREENRC",
    "WGETRC",
    "CURL_HOME",
    "GNUPGHOME",
    "JUPYTER_CONFIG_DIR",
    "IPYTHONDIR",
    "MPLCONFIGDIR",
];

/// Variables naming the directories programs read configuration, start-up code and plugins from.
const ENV_CONFIG_HOMES: &[&str] = &[
    "HOME",
    "XDG_CONFIG_HOME",
    "XDG_DATA_HOME",
    "XDG_CONFIG_DIRS",
    "XDG_DATA_DIRS",
    "XDG_STATE_HOME",
];

/// Variables naming where packages are fetched from.
const ENV_PACKAGE_SOURCES: &[&str] = &[
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "PIP_FIND_LINKS",
    "UV_INDEX_URL",
    "UV_EXTRA_INDEX_URL",
    "UV_INDEX",
    "UV_DEFAULT_INDEX",
    "UV_FIND_LINKS",
    "POETRY_REPOSITORIES_URL",
    "NPM_CONFIG_REGISTRY",
    "YARN_NPM_REGISTRY_SERVER",
    "YARN_REGISTRY",
    "BUN_CONFIG_REGISTRY",
    "GOPROXY",
    "GOPRIVATE_PROXY",
    "CARGO_REGISTRIES_CRATES_IO_PROTOCOL",
    "GEM_SOURCE",
];

/// Hosts of the public package registries.
const KNOWN_PACKAGE_HOSTS: &[&str] = &[
    "pypi.org",
    "files.pythonhosted.org",
    "test.pypi.org",
    "registry.npmjs.org",
    "registry.yarnpkg.com",
    "proxy.golang.org",
    "rubygems.org",
    "index.crates.io",
];

/// Variables that move configuration or parsing.
const ENV_REDIRECT: &[&str] = &["IFS", "GIT_DIR", "GIT_WORK_TREE", "CDPATH", "MALLOC_CHECK_"];

/// Whether a variable of this name changes what a program runs or loads (under `set -a` a
/// plain assignment of one is exported to every later command; other names only set a value).
pub(crate) fn env_name_matters(name: &str) -> bool {
    !matches!(env_kind(name), EnvKind::Other)
}

fn env_kind(name: &str) -> EnvKind {
    // npm reads its `npm_config_*` settings whatever their case.
    let upper;
    let name = if name.starts_with("npm_config_") {
        upper = name.to_ascii_uppercase();
        upper.as_str()
    } else {
        name
    };
    if ENV_CONFIG_FILES.contains(&name) {
        return EnvKind::ConfigFile;
    }
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
    } else if ENV_PACKAGE_SOURCES.contains(&name) {
        EnvKind::PackageSource
    } else if ENV_CONFIG_HOMES.contains(&name) {
        EnvKind::ConfigHome
    } else if ENV_REDIRECT.contains(&name) {
        EnvKind::Redirect
    } else if name == "PATH" {
        EnvKind::Path
    } else if ENV_PROGRAM_PATH.contains(&name) {
        EnvKind::ProgramPath
    } else {
        env_kind_by_shape(name)
    }
}

/// A variable no list names, judged by the shape of its name: tools spell the variables that
/// name a program to run, a file of start-up code or a search path for code alike
/// (`*_PAGER`, `*_EDITOR`, `*_COMMAND`; `*_PROFILE*`, `*_STARTUP_HOOKS`, `*RC`; `*_LOAD_PATH`,
/// `*LIBPATH`, `*LOADPATH`; `*CONFIG`, `*_CONFIG_FILE`, `*RCPATH`), `*_LAUNCHER`/`*_LINKER`/`*_RUNNER`/`*_COMPILER` name a program run in place of
/// a default, and `*FLAGS`/`*_OPTS`/`*_OPTIONS` pass options that may load code.
fn env_kind_by_shape(name: &str) -> EnvKind {
    const RUNS: &[&str] = &[
        "PAGER", "EDITOR", "BROWSER", "_COMMAND", "_CMD", "_ASKPASS", "_RSH", "_PROGRAM", "_PROG",
        "_WRAPPER", "_SHELL", "_DIFF", "MERGE",
    ];
    // Where a tool's own programs and start-up code live (`GOROOT`, `VIMRUNTIME`,
    // `COMPILER_PATH`, `GIT_EXEC_PATH`): read as configuration, anyone's code when the
    // directory is world-writable.
    const TOOL_HOMES: &[&str] = &["ROOT", "RUNTIME", "COMPILER_PATH", "EXEC_PATH"];
    const CODE_FILES: &[&str] = &[
        "_LOAD_PATH",
        "LIBPATH",
        "_LIB_PATH",
        "_LIBS",
        "_MODULE_PATH",
        "_PLUGIN_PATH",
        "_HOOK",
        "_HOOKS",
        // `HELM_PLUGINS`, `VAGRANT_CWD`: the plugins or the project a tool runs.
        "_PLUGINS",
        "_CWD",
        "_PRELOAD",
        "_INIT",
        "_RC",
    ];
    const PROGRAMS: &[&str] = &[
        "_LAUNCHER",
        "_LINKER",
        "_RUNNER",
        "_COMPILER",
        "_EXECUTABLE",
        "_EXE",
        "_INTERPRETER",
        "_DEBUGGER",
        "_EMULATOR",
    ];
    const OPTIONS: &[&str] = &["FLAGS", "_OPTS", "_OPTIONS", "_ARGS"];
    // `CCACHE_PREFIX`, `DISTCC_PREFIX`: a program put in front of the one a tool runs; install
    // and path prefixes (`CMAKE_INSTALL_PREFIX`, `NPM_CONFIG_PREFIX`) name directories.
    let program_prefix = name.ends_with("_PREFIX")
        && !name.contains("INSTALL")
        && !name.contains("PATH")
        && !name.contains("DIR");
    const CONFIGS: &[&str] = &[
        "CONFIG",
        "_CONF",
        "_CONFIG_FILE",
        "_CONFIG_PATH",
        "_CONFIG_DIR",
        "RCPATH",
        "_INI",
        "_SETTINGS",
    ];
    const CODE_PLACES: &[&str] = &[
        "LIB",
        "MODULE",
        "PLUGIN",
        "LOAD",
        "INC",
        "EXTENSION",
        "ADDON",
    ];
    let code_path = name.ends_with("PATH") && CODE_PLACES.iter().any(|p| name.contains(p));
    if RUNS.iter().any(|s| name.ends_with(s)) {
        EnvKind::RunsValue
    } else if program_prefix || PROGRAMS.iter().any(|s| name.ends_with(s)) {
        EnvKind::ProgramPath
    } else if CONFIGS.iter().any(|s| name.ends_with(s))
        || TOOL_HOMES.iter().any(|s| name.ends_with(s))
    {
        EnvKind::ConfigByShape
    } else if code_path
        || CODE_FILES.iter().any(|s| name.ends_with(s))
        || name.contains("PROFILE")
        || name.contains("STARTUP")
        // Start-up files spelled `*RC` (`PSQLRC`, `INPUTRC`), not source folders (`SRC`).
        || (name.len() > 2 && name.ends_with("RC") && !name.ends_with("SRC"))
    {
        EnvKind::CodePathByShape
    } else if names_a_code_location(name) {
        EnvKind::ConfigByShape
    } else if OPTIONS.iter().any(|s| name.ends_with(s)) {
        EnvKind::ProgramOptions
    } else if spelled_as_a_program(name) {
        EnvKind::ProgramPath
    } else {
        EnvKind::Other
    }
}

/// A variable whose name says it holds where a tool finds code or the configuration that names
/// code, in the spellings the names above miss: a word for code or configuration (`LIB`,
/// `LIBRARY`, `MODULE`, `PLUGIN`, `LAYER`, `DRIVER`, `EXTENSION`, `ICD`, `LOADER`, `HOOK`,
/// `CONFIGURE`...) together with a location word (`PATH`, `DIR`, `HOME`, `FILENAMES`), in one
/// part or two (`GDK_PIXBUF_MODULEDIR`, `GIO_EXTRA_MODULES`, `VK_LAYER_PATH`,
/// `GST_PLUGIN_SYSTEM_PATH_1_0`, `MAGICK_CONFIGURE_PATH`, `VK_ICD_FILENAMES`,
/// `ANSIBLE_LIBRARY`), a tool's home (`JAVA_HOME`, `GRADLE_USER_HOME`), where its programs
/// and start-up scripts live, and function search paths (`FPATH`, `*_FUNCTION_PATH`). Judged
/// as configuration: anyone's code when the location is world-writable.
fn names_a_code_location(name: &str) -> bool {
    const CODE: &[&str] = &[
        "LIB",
        "LIBRARY",
        "LIBRARIES",
        "MODULE",
        "PLUGIN",
        "LAYER",
        "DRIVER",
        "EXTENSION",
        "ADDON",
        "ICD",
        "LOADER",
        "BACKEND",
        "HOOK",
        "CODER",
        "DELEGATE",
        "SCRIPT",
        "CONFIG",
        "CONFIGURE",
        "FUNCTION",
        "FUNCTIONS",
        "AUTOLOAD",
    ];
    const PLACE: &[&str] = &[
        "PATH",
        "PATHS",
        "DIR",
        "DIRS",
        "HOME",
        "ROOT",
        "FILENAMES",
        "FILES",
    ];
    if name != "HOME" && name.ends_with("HOME") {
        return true;
    }
    // The function search path of zsh and ksh: autoloaded functions are code.
    if name == "FPATH" || name.ends_with("_FPATH") {
        return true;
    }
    let parts: Vec<&str> = name.split('_').collect();
    let mut code = false;
    let mut place = false;
    for p in &parts {
        place |= PLACE.contains(p);
        for w in CODE {
            if let Some(rest) = p.strip_prefix(w) {
                if rest.is_empty() {
                    code = true;
                } else if matches!(rest, "S" | "DIR" | "DIRS" | "PATH" | "PATHS") {
                    code = true;
                    place = true;
                }
            }
        }
        place |= *p == "LIBRARY" || *p == "LIBRARIES";
    }
    code && place
}

/// Build helpers that configure scripts and build tools find through a variable spelled as the
/// program's name in capitals (`M4`, `AUTOM4TE`, `BISON`, `INSTALL`).
const BUILD_HELPERS: &[&str] = &[
    "m4",
    "autom4te",
    "autoconf",
    "autoheader",
    "automake",
    "aclocal",
    "autoreconf",
    "libtool",
    "libtoolize",
    "yacc",
    "bison",
    "lex",
    "flex",
    "sed",
    "awk",
    "gawk",
    "grep",
    "egrep",
    "install",
    "mkdir",
    "tar",
    "patch",
    "makeinfo",
    "gperf",
    "swig",
    "protoc",
    "cmake",
    "ninja",
    "meson",
    "ccache",
    "distcc",
    "ssh",
    "gpg",
    "openssl",
    "curl",
    "wget",
    "strip",
    "windres",
    "dlltool",
    "valgrind",
    "gdb",
    "lldb",
    "qemu",
];

/// A variable named, in capitals and as one word, after a build helper, a shell or an
/// interpreter (`M4`, `AUTOM4TE`, `PERL`, `BASH`): tools run the program it names in place of
/// their default.
fn spelled_as_a_program(name: &str) -> bool {
    name.len() >= 2
        && name
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit())
        && {
            let lower = name.to_ascii_lowercase();
            BUILD_HELPERS.contains(&lower.as_str())
                || SHELLS.contains(&lower.as_str())
                || INTERPRETERS.contains(&lower.as_str())
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

/// A program asked only what it is: its version, its help, or a `--list-*` of what it has
/// installed. Every program spells these alike, so a program no table names is read-only when
/// this is its only argument; `-v` and `-h` mean other things to some programs (`python3 -v` is
/// a verbose interpreter, `shutdown -h` halts) and count only for the toolchains listed.
fn is_version_query(c: &Call<'_>) -> bool {
    let [arg] = c.args else {
        return false;
    };
    if arg.dynamic || arg.subst || arg.procsub.is_some() {
        return false;
    }
    let t = arg.text.as_str();
    let listed = VERSION_QUERY.contains(&c.name.as_str());
    let any = matches!(
        t,
        "--version" | "-V" | "version" | "--help" | "help" | "-version"
    ) || t
        .strip_prefix("--list-")
        .is_some_and(|k| !k.is_empty() && k.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'));
    (any || listed && matches!(t, "-v" | "-h"))
        && !TABLE_HIGH.contains(&c.name.as_str())
        && !PRIVILEGE.contains(&c.name.as_str())
}

/// Credentials read by a command substitution and given as an argument to a program that does
/// more than print its arguments (`gh secret set K --body "$(cat ~/.aws/credentials)"`, `fly
/// secrets set K="$(cat key)"`): the program receives them, and what it does with them (most
/// such clients upload what they are given) is not shown. Printed, they only ask.
fn secret_arguments(ctx: &mut Ctx, c: &Call<'_>) {
    const PRINTERS: &[&str] = &["echo", "printf", "print", "test", "[", "[[", "true", ":"];
    let n = c.name.as_str();
    if PRINTERS.contains(&n) || TABLE_LOW.contains(&n) {
        return;
    }
    for a in c.args {
        if a.subst_flow.as_ref().is_some_and(|f| f.secrets) {
            ctx.emit(
                RuleId::SecretsLeave,
                a.span,
                format!(
                    "credentials are given to `{}` as an argument; what it does with them is not shown",
                    printable(n)
                ),
            );
            return;
        }
    }
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
    if is_version_query(c)
        || queries::help_only(c)
        || queries::read_only_mode(c)
        || queries::forge_read(c)
    {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    endless::never_ends(ctx, c);
    shapes::tabled_remote_copies(ctx, c);
    shapes::tabled_shared_config(ctx, c);
    shapes::tabled_install_sources(ctx, c);
    shapes::inline_module_loads(ctx, c);
    options::program_options(ctx, c);
    options::stdin_commands(ctx, c);
    options::stdin_program_file(ctx, c);
    options::stdin_as_program_file(ctx, c);
    secret_arguments(ctx, c);
    options::code_options(ctx, c);
    let mut flow = table::judge_for(c)(ctx, c);
    if prints_stored_secret(c) {
        ctx.emit(
            RuleId::CredentialPrint,
            c.span,
            format!(
                "`{}` prints a stored secret or an access token",
                printable(n)
            ),
        );
        flow.secrets = true;
        flow.other = true;
    }
    packages::forge_api_rewrites(ctx, c);
    other_vcs_rewrites(ctx, c);
    session_environment(ctx, c);
    pipe_device_arguments(ctx, c);
    packages::forge_deletions(ctx, c);
    packages::package_runner_sources(ctx, c);
    if let Some(command) = wrappers::subcommand_command(c) {
        flow.merge(&shapes::run_as_runner(ctx, c, command));
    }
    flow
}

/// Ghostscript's and its kin's `%pipe%CMD` file names (`-sOutputFile=%pipe%lpr`, PostScript's
/// `(%pipe%cmd) (w) file`) run CMD with the output on its input.
fn pipe_device_arguments(ctx: &mut Ctx, c: &Call<'_>) {
    for a in c.args {
        let Some(k) = a.text.find("%pipe%") else {
            continue;
        };
        let rest = &a.text[k + "%pipe%".len()..];
        let cmd = rest.split(')').next().unwrap_or(rest).trim();
        if cmd.is_empty() {
            continue;
        }
        ctx.emit(
            RuleId::ExecOption,
            a.span,
            format!("`{}` opens a pipe to a command", printable(&c.name)),
        );
        ctx.nested(cmd, a.span);
    }
}

/// Programs that set variables in the environment of everything the user's session starts
/// later: `launchctl setenv NAME VALUE`, `systemctl [--user] set-environment NAME=VALUE...`,
/// `dbus-update-activation-environment NAME=VALUE...`. Each variable is judged as an
/// assignment; one that loads or runs code persists.
fn session_environment(ctx: &mut Ctx, c: &Call<'_>) {
    if !matches!(
        c.name.as_str(),
        "launchctl" | "systemctl" | "dbus-update-activation-environment"
    ) {
        return;
    }
    let words: Vec<&Word> = c.args.iter().filter(|a| !a.text.starts_with('-')).collect();
    let pairs: Vec<(String, Word)> = match c.name.as_str() {
        "launchctl" if words.first().is_some_and(|w| w.text == "setenv") => words[1..]
            .chunks(2)
            .filter_map(|p| match p {
                [name, value] => Some((name.text.clone(), (*value).clone())),
                _ => None,
            })
            .collect(),
        "systemctl" | "dbus-update-activation-environment" => {
            let skip = usize::from(c.name == "systemctl");
            if c.name == "systemctl" && words.first().is_none_or(|w| w.text != "set-environment") {
                return;
            }
            words
                .iter()
                .skip(skip)
                .filter_map(|w| {
                    w.text
                        .split_once('=')
                        .map(|(n, v)| (n.to_string(), value_word(w, v)))
                })
                .collect()
        }
        _ => return,
    };
    for (name, value) in pairs {
        let before = ctx.findings.len();
        env_assignment(ctx, &name, &value);
        let runs_code = ctx.findings[before..].iter().any(|f| {
            matches!(
                f.rule,
                "env-loader" | "env-executes-program" | "shared-dir-executable" | "loads-library"
            )
        });
        if runs_code {
            ctx.emit(
                RuleId::Persistence,
                value.span,
                format!(
                    "sets `{}` for every program the session starts later",
                    printable(&name)
                ),
            );
        }
    }
}

/// Password managers, keyrings and cloud and forge clients, with the subcommand words that make
/// them print a stored secret or a fresh access token (`secret-tool lookup`, `pass show`, `bw
/// get`, `op read`, `gcloud auth print-access-token`, `gh auth token`): printed, the secret is in
/// the transcript (ask); piped or sent on, it leaves (deny).
const SECRET_PRINTERS: &[(&str, &[&[&str]])] = &[
    ("secret-tool", &[&["lookup"]]),
    ("pass", &[&["show"]]),
    ("gopass", &[&["show"], &["cat"]]),
    ("passage", &[&["show"]]),
    ("lpass", &[&["show"]]),
    ("bw", &[&["get"]]),
    ("rbw", &[&["get"]]),
    ("op", &[&["read"], &["item", "get"]]),
    ("keyring", &[&["get"]]),
    ("kwallet-query", &[&["-r"], &["--read-password"]]),
    (
        "gcloud",
        &[
            &["auth", "print-access-token"],
            &["auth", "print-identity-token"],
            &["auth", "application-default", "print-access-token"],
        ],
    ),
    ("gh", &[&["auth", "token"]]),
    ("az", &[&["account", "get-access-token"]]),
    (
        "aws",
        &[
            &["ecr", "get-login-password"],
            &["sts", "get-session-token"],
            &["configure", "export-credentials"],
        ],
    ),
    ("vault", &[&["read"], &["kv", "get"], &["print", "token"]]),
    ("kubectl", &[&["create", "token"]]),
    ("heroku", &[&["auth:token"]]),
    // git's credential helpers answer `fill` and `get` with the stored password.
    ("git", &[&["credential", "fill"]]),
    ("git-credential-store", &[&["get"]]),
    ("git-credential-cache", &[&["get"]]),
    ("git-credential-osxkeychain", &[&["get"]]),
    ("git-credential-libsecret", &[&["get"]]),
    ("git-credential-manager", &[&["get"]]),
    ("glab", &[&["auth", "token"]]),
    ("doctl", &[&["auth", "token"]]),
    ("fly", &[&["auth", "token"]]),
    ("flyctl", &[&["auth", "token"]]),
    ("npm", &[&["token", "get"]]),
];

/// Whether `c` is one of [`SECRET_PRINTERS`] in a mode that prints a secret: its words (options
/// that take no value skipped; `kwallet-query`'s reading switches count as words) start with one
/// of the listed sequences. `pass NAME` with one operand that is no subcommand shows the entry.
fn prints_stored_secret(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    let Some((_, modes)) = SECRET_PRINTERS.iter().find(|(p, _)| *p == n) else {
        return false;
    };
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !a.text.starts_with("--") || n == "kwallet-query")
        .filter(|a| !a.text.starts_with('-') || n == "kwallet-query")
        .map(|a| a.text.as_str())
        .collect();
    if modes.iter().any(|m| {
        if n == "kwallet-query" {
            m.iter().all(|w| words.contains(w))
        } else {
            words.len() >= m.len() && words[..m.len()] == **m
        }
    }) {
        return true;
    }
    const PASS_SUBCOMMANDS: &[&str] = &[
        "ls", "list", "find", "search", "grep", "insert", "add", "edit", "generate", "rm",
        "remove", "delete", "mv", "rename", "cp", "copy", "git", "init", "help", "version", "otp",
    ];
    matches!(n, "pass" | "gopass" | "passage")
        && words.len() == 1
        && !PASS_SUBCOMMANDS.contains(&words[0])
}

/// Credentials arriving on standard input and written to a file (`cat ~/.ssh/id_rsa | tee
/// /tmp/k`, `... | base64 > k.txt`) are copied, not only shown: `credential-read`.
fn secrets_written(ctx: &mut Ctx, c: &Call<'_>) {
    let credentials = ctx
        .findings
        .iter()
        .any(|f| matches!(f.rule, "credential-print" | "credential-read"));
    if !c.stdin.is_some_and(|f| f.secrets) || !credentials {
        return;
    }
    let to_file =
        |w: &Word, ctx: &Ctx| w.dynamic || paths::write_class(&ctx.loc(w)) != WriteClass::Sink;
    let redirected = c.redirs.iter().any(|r| {
        matches!(
            r.kind,
            crate::walk::RedirKind::Write | crate::walk::RedirKind::Append
        ) && to_file(&r.target, ctx)
    });
    let copier = matches!(c.name.as_str(), "tee" | "sponge")
        && c.args
            .iter()
            .any(|a| !a.text.starts_with('-') && to_file(a, ctx))
        || c.name == "dd" && c.args.iter().any(|a| a.text.starts_with("of="));
    if redirected || copier {
        ctx.emit(
            RuleId::CredentialRead,
            c.span,
            format!(
                "`{}` writes credentials it reads on its input to a file",
                c.name
            ),
        );
    }
}

/// Builtins that set variables in ways the walker does not fold (`read x`, `printf -v x`,
/// `mapfile`, `eval 'x=...'`, `declare`): after one of them, a variable's folded value may not
/// be what it holds.
const VARIABLE_WRITERS: &[&str] = &[
    "read",
    "printf",
    "mapfile",
    "readarray",
    "eval",
    "getopts",
    "declare",
    "typeset",
    "local",
    "export",
    "let",
    "source",
    ".",
    "set",
];

/// A function body with a call's arguments in place of its positional parameters (`"$@"`,
/// `$*`, `$1`..`$9`, `${N}`, `$#`); an argument only known at run time stays a variable.
fn with_positional(body: &str, args: &[Word]) -> String {
    let quote = |a: &Word| {
        if a.dynamic {
            "\"$X\"".to_string()
        } else {
            shell_quote(&a.text)
        }
    };
    let all: Vec<String> = args.iter().map(quote).collect();
    let all = all.join(" ");
    let mut out = body
        .replace("\"$@\"", &all)
        .replace("\"${@}\"", &all)
        .replace("\"$*\"", &all)
        .replace("$@", &all)
        .replace("$*", &all)
        .replace("$#", &args.len().to_string());
    for n in (1..=9).rev() {
        let v = args.get(n - 1).map_or_else(|| "''".to_string(), quote);
        for pat in [
            format!("\"${n}\""),
            format!("\"${{{n}}}\""),
            format!("${{{n}}}"),
            format!("${n}"),
        ] {
            out = out.replace(&pat, &v);
        }
    }
    out
}

pub(crate) fn shell_quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=:,@%+".contains(c))
        && !s.is_empty()
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}
