//! Options that run programs, as data (the GTFOBins view of ordinary tools), and the escapes of
//! tools' own command languages (`vim -c ':!cmd'`, `psql -c '\! cmd'`, `gdb -ex '!cmd'`).
//!
//! Each entry names the programs, the options whose value is a command line, and a prefix the
//! tool puts before the command (`exec=` for `tar --checkpoint-action`). The value is judged as
//! a script, so the line is as dangerous as the program it starts.

use super::*;

/// Options whose value is a command line the program runs.
struct ProgramOption {
    programs: &'static [&'static str],
    /// Short options taking the command as their value (`-I CMD`, `-ICMD`).
    short: &'static [&'static str],
    /// Long options (`--to-command=CMD`, `--to-command CMD`).
    long: &'static [&'static str],
    /// Text before the command inside the value (`exec=`), removed before judging.
    strip: &'static str,
}

const PROGRAM_OPTIONS: &[ProgramOption] = &[
    ProgramOption {
        programs: &["tar", "gtar", "bsdtar"],
        short: &["-I", "-F"],
        long: &[
            "use-compress-program",
            "to-command",
            "info-script",
            "new-volume-script",
            "rsh-command",
        ],
        strip: "",
    },
    ProgramOption {
        programs: &["tar", "gtar", "bsdtar"],
        short: &[],
        long: &["checkpoint-action"],
        strip: "exec=",
    },
    ProgramOption {
        programs: &["sort", "gsort"],
        short: &[],
        long: &["compress-program"],
        strip: "",
    },
    ProgramOption {
        programs: &["zip"],
        short: &["-TT"],
        long: &["unzip-command"],
        strip: "",
    },
    ProgramOption {
        programs: &["rg"],
        short: &[],
        long: &["pre"],
        strip: "",
    },
    ProgramOption {
        programs: &["scp", "sftp"],
        short: &["-S"],
        long: &[],
        strip: "",
    },
    ProgramOption {
        programs: &["git"],
        short: &[],
        long: &["upload-pack", "receive-pack", "exec"],
        strip: "",
    },
    ProgramOption {
        programs: &["flock"],
        short: &["-c"],
        long: &["command"],
        strip: "",
    },
    ProgramOption {
        programs: &["hyperfine"],
        short: &["-p", "-c", "-s"],
        long: &["prepare", "cleanup", "setup"],
        strip: "",
    },
    ProgramOption {
        programs: &["tcpdump"],
        short: &["-z"],
        long: &[],
        strip: "",
    },
    ProgramOption {
        programs: &["gdb", "lldb"],
        short: &["-ex", "-iex", "-o", "-O"],
        long: &[
            "eval-command",
            "init-eval-command",
            "one-line",
            "one-line-before-file",
        ],
        strip: "",
    },
];

/// The command values of a program's options from the table above.
fn values(c: &Call<'_>, short: &[&str], long: &[&str]) -> Vec<Word> {
    let mut out = Vec::new();
    let args = c.args;
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            break;
        }
        let mut take = |v: Option<&Word>, text: Option<&str>| {
            if let Some(v) = v {
                out.push(match text {
                    Some(t) => value_word(v, t),
                    None => v.clone(),
                });
            }
        };
        if let Some(l) = t.strip_prefix("--") {
            match l.split_once('=') {
                Some((name, val)) if long.contains(&name) => take(Some(&args[i]), Some(val)),
                None if long.contains(&l) => {
                    take(args.get(i + 1), None);
                    i += 1;
                }
                _ => {}
            }
        } else if let Some(s) = short.iter().find(|s| t.starts_with(**s)) {
            if t.len() == s.len() {
                take(args.get(i + 1), None);
                i += 1;
            } else {
                take(Some(&args[i]), Some(&t[s.len()..]));
            }
        }
        i += 1;
    }
    out
}

/// Judge every option of `c` that runs a program.
pub(super) fn program_options(ctx: &mut Ctx, c: &Call<'_>) {
    library_options(ctx, c);
    if matches!(c.name.as_str(), "scp" | "sftp") {
        ssh_options(ctx, c);
    }
    let n = c.name.as_str();
    for opt in PROGRAM_OPTIONS.iter().filter(|o| o.programs.contains(&n)) {
        for v in values(c, opt.short, opt.long) {
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                format!("`{n}` runs the program given to one of its options"),
            );
            if v.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    v.span,
                    format!("`{n}` runs a program only known when the line runs"),
                );
                continue;
            }
            let cmd = v
                .text
                .strip_prefix(opt.strip)
                .unwrap_or(&v.text)
                .to_string();
            if n == "gdb" || n == "lldb" {
                escape(ctx, &cmd, v.span);
            } else if !cmd.trim().is_empty() {
                ctx.nested(&cmd, v.span);
            }
        }
    }
}

/// Options whose value is a native library (or a module of one) the program loads into itself:
/// its initialisers run inside the program, as with `LD_PRELOAD`.
struct LibraryOption {
    programs: &'static [&'static str],
    /// Options taking the library as their value (`-I LIB`, `-ILIB`, `-agentpath:LIB`).
    short: &'static [&'static str],
    /// Long options (`--engine=LIB`, `--engine LIB`).
    long: &'static [&'static str],
    /// For options that take `KEY=VALUE` settings (`ssh -o`, `php -d`), the keys (lower case)
    /// whose value is a library; empty when the whole value is the library.
    keys: &'static [&'static str],
}

const LIBRARY_OPTIONS: &[LibraryOption] = &[
    LibraryOption {
        programs: &["ssh", "scp", "sftp", "autossh"],
        short: &["-I"],
        long: &[],
        keys: &[],
    },
    LibraryOption {
        programs: &["ssh", "scp", "sftp", "autossh", "ssh-keygen", "ssh-add"],
        short: &["-o"],
        long: &[],
        keys: &["pkcs11provider", "securitykeyprovider"],
    },
    LibraryOption {
        programs: &["ssh-keygen"],
        short: &["-D", "-w"],
        long: &[],
        keys: &[],
    },
    LibraryOption {
        programs: &["ssh-add"],
        short: &["-s", "-S"],
        long: &[],
        keys: &[],
    },
    LibraryOption {
        programs: LOADERS,
        short: &[],
        long: &["preload", "audit"],
        keys: &[],
    },
    LibraryOption {
        programs: &["fakeroot"],
        short: &["-l"],
        long: &["lib"],
        keys: &[],
    },
    LibraryOption {
        programs: &["java", "javaw"],
        short: &["-agentpath:", "-javaagent:"],
        long: &[],
        keys: &[],
    },
    LibraryOption {
        programs: &["pkcs11-tool", "p11tool"],
        short: &[],
        long: &["module", "provider"],
        keys: &[],
    },
];

/// Is this the name of a library file (`x.so`, `x.so.1`, `x.dylib`, `x.dll`, `x.node`, `x.jar`)?
pub(super) fn library_file(name: &str) -> bool {
    let t = name.to_ascii_lowercase();
    let base = t.rsplit('/').next().unwrap_or(&t);
    base.contains(".so")
        || [".dylib", ".dll", ".node", ".jar", ".bundle"]
            .iter()
            .any(|e| base.ends_with(e))
}

/// Judge every option of `c` that loads a library: one named by a path outside the system
/// library directories, or a library file in the working directory, is code the line does not
/// show.
pub(super) fn library_options(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    for opt in LIBRARY_OPTIONS.iter().filter(|o| o.programs.contains(&n)) {
        for v in values(c, opt.short, opt.long) {
            let text = v.text.trim();
            let lib = if opt.keys.is_empty() {
                Some(text)
            } else {
                text.split_once(['=', ' '])
                    .filter(|(k, _)| opt.keys.contains(&k.trim().to_ascii_lowercase().as_str()))
                    .map(|(_, lib)| lib.trim())
            };
            let Some(lib) = lib.filter(|l| !l.is_empty()) else {
                continue;
            };
            if v.dynamic || foreign_library(lib) || (!lib.contains('/') && library_file(lib)) {
                ctx.emit(
                    RuleId::LoadsLibrary,
                    v.span,
                    format!("`{n}` loads the library `{}`", printable(lib)),
                );
            }
        }
    }
}

/// Shell escapes of tools' command languages: the text after the prefix is a shell command.
const SHELL_ESCAPES: &[&str] = &[
    "!",
    "sil !",
    "silent !",
    "silent!",
    "call system(",
    "r !",
    "w !",
    "\\!",
    "system ",
    "shell ",
    ".shell ",
    ".system ",
    "terminal ",
    "term ",
    "(shell-command ",
    "(async-shell-command ",
    "(call-process-shell-command ",
];

/// Programs that read a command language with shell escapes on standard input (`ed`'s and
/// `sftp`'s `!cmd`, gdb's `shell cmd`); database shells' input is judged by their own judge.
const STDIN_COMMAND_LANGUAGES: &[&str] = &[
    "ed", "red", "ex", "vi", "vim", "nvim", "sftp", "ftp", "lftp", "gdb", "lldb",
];

/// Judge the lines a program of [`STDIN_COMMAND_LANGUAGES`] reads from a literal on its input:
/// each line that escapes to a shell or an interpreter is judged as that command.
pub(super) fn stdin_commands(ctx: &mut Ctx, c: &Call<'_>) {
    if !STDIN_COMMAND_LANGUAGES.contains(&c.name.as_str()) {
        return;
    }
    let Some(text) = c.stdin.filter(|f| !f.other).and_then(|f| f.literal.clone()) else {
        return;
    };
    for line in text.lines() {
        escape(ctx, line, c.span);
    }
}

/// Interpreter escapes: the text after the prefix is code for that interpreter.
const CODE_ESCAPES: &[(&str, &str)] = &[
    ("py3 ", "python3"),
    ("python3 ", "python3"),
    ("py ", "python3"),
    ("python ", "python3"),
    ("pyx ", "python3"),
    ("pythonx ", "python3"),
    ("py3do ", "python3"),
    ("lua ", "lua"),
    ("luado ", "lua"),
    ("perl ", "perl"),
    ("perldo ", "perl"),
    ("ruby ", "ruby"),
    ("rubydo ", "ruby"),
];

/// Judge one command of a tool's command language; returns whether it escaped to a shell or an
/// interpreter.
pub(super) fn escape(ctx: &mut Ctx, cmd: &str, span: Span) -> bool {
    let trimmed = cmd.trim_start_matches(':').trim_start();
    if let Some(sh) = SHELL_ESCAPES.iter().find_map(|p| trimmed.strip_prefix(p)) {
        let sh = sh
            .trim_end_matches(')')
            .trim_matches(|ch| ch == '"' || ch == '\'')
            .to_string();
        ctx.emit(
            RuleId::ExecOption,
            span,
            "a tool's command escapes to a shell",
        );
        ctx.nested(&sh, span);
        return true;
    }
    if let Some((code, interp)) = CODE_ESCAPES
        .iter()
        .find_map(|(p, i)| trimmed.strip_prefix(p).map(|c| (c, *i)))
    {
        ctx.emit(
            RuleId::ExecOption,
            span,
            format!("a tool's command runs `{interp}` code"),
        );
        let flag = if interp == "python3" { "-c" } else { "-e" };
        ctx.nested(&format!("{interp} {flag} {}", shell_quote(code)), span);
        return true;
    }
    false
}
