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
    // A post-renderer is a program given the rendered manifests.
    ProgramOption {
        programs: &["helm", "helmfile"],
        short: &[],
        long: &["post-renderer"],
        strip: "",
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
        programs: &["split", "gsplit"],
        short: &[],
        long: &["filter"],
        strip: "",
    },
    ProgramOption {
        programs: &["mysql", "mariadb"],
        short: &[],
        long: &["pager"],
        strip: "",
    },
    ProgramOption {
        programs: &["aria2c"],
        short: &[],
        long: &[
            "on-download-complete",
            "on-download-error",
            "on-download-start",
            "on-download-pause",
            "on-download-stop",
            "on-bt-download-complete",
        ],
        strip: "",
    },
    ProgramOption {
        programs: &["start-stop-daemon"],
        short: &["-x", "-a"],
        long: &["exec", "startas"],
        strip: "",
    },
    // Compiler drivers run every subprogram through the wrapper (`-wrapper PROG,ARG,...`).
    ProgramOption {
        programs: &["gcc", "g++", "cc", "c++", "clang", "clang++"],
        short: &["-wrapper"],
        long: &[],
        strip: "",
    },
    // Package tools' hooks: commands run around each dpkg call, and rpm's output piped
    // through a command.
    // `gem open -e EDITOR`: the gem's directory opened with the program given.
    ProgramOption {
        programs: &["gem"],
        short: &["-e"],
        long: &["editor"],
        strip: "",
    },
    ProgramOption {
        programs: &["dpkg"],
        short: &[],
        long: &["pre-invoke", "post-invoke"],
        strip: "",
    },
    ProgramOption {
        programs: &["rpm"],
        short: &[],
        long: &["pipe"],
        strip: "",
    },
    ProgramOption {
        programs: &["man"],
        short: &["-H"],
        long: &["html"],
        strip: "",
    },
    ProgramOption {
        programs: &["rlwrap"],
        short: &["-z"],
        long: &["filter"],
        strip: "",
    },
    ProgramOption {
        programs: &["ansible"],
        short: &["-a"],
        long: &["args"],
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

/// Programs whose option names a configuration file that can name commands to run
/// (`ssh -F` with `ProxyCommand`, `LocalCommand`, `KnownHostsCommand`).
const CONFIG_FILE_OPTIONS: &[(&[&str], &str)] =
    &[(&["ssh", "scp", "sftp", "sshfs", "autossh", "mosh"], "-F")];

/// Whether the key of a `-o key=value` option names a program or command line, by its shape
/// (`ProxyCommand`, `ssh_command`, `KnownHostsCommand`, `*_cmd`, `*program`).
fn command_key(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    !k.starts_with("permit")
        && (k.ends_with("command")
            || k.ends_with("_cmd")
            || k.ends_with("program")
            || matches!(
                k.as_str(),
                "sendmail" | "mta" | "editor" | "visual" | "pager" | "shell"
            ))
}

/// Mail clients of the `mailx` family, whose `-S name=value` sets a variable.
const MAIL_CLIENTS: &[&str] = &[
    "mail",
    "mailx",
    "s-nail",
    "nail",
    "bsd-mailx",
    "heirloom-mailx",
];

/// `-o key=value` options of any program (`ssh`, `sshfs`, `mount`, fuse file systems), comma
/// lists of them (`-o reconnect,ssh_command=X`), and configuration-file options: a key that
/// names a command runs its value, judged as a command line, or as a program that may be in a
/// world-writable directory.
fn key_value_options(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    for (programs, short) in CONFIG_FILE_OPTIONS {
        if !programs.contains(&n) {
            continue;
        }
        for v in opt_values(c.args, &[short], &[]) {
            let t = opt_text(v, &[short], &[]);
            if !v.dynamic && shared_dir(&paths::resolve(t, &ctx.cwd)) {
                ctx.emit(
                    RuleId::SharedDirExecutable,
                    v.span,
                    format!(
                        "`{n} {short}` reads configuration from `{}`, a world-writable directory: it can name commands to run",
                        printable(t)
                    ),
                );
            }
        }
    }
    // Mail clients set their variables with `-S name=value` (`sendmail`, `mta`, `editor`).
    let set_option: &str = if MAIL_CLIENTS.contains(&n) {
        "-S"
    } else {
        "-o"
    };
    for v in opt_values(c.args, &[set_option], &[]) {
        let t = opt_text(v, &[set_option], &[]).to_string();
        let whole_key = t.split_once('=').map(|(k, _)| k).unwrap_or("");
        // A comma list of options unless the first key names a command (whose value may
        // hold commas of its own).
        let pairs: Vec<&str> = if command_key(whole_key) && !whole_key.contains(',') {
            vec![t.as_str()]
        } else {
            t.split(',').collect()
        };
        for pair in pairs {
            let Some((key, value)) = pair.split_once('=') else {
                continue;
            };
            if !command_key(key) || matches!(n, "ssh" | "scp" | "sftp") {
                continue;
            }
            ctx.emit(
                RuleId::ExecOption,
                v.span,
                format!("`{n} -o {}` names a program to run", printable(key)),
            );
            let value = value.trim();
            if v.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    v.span,
                    format!("`{n}` runs a program only known when the line runs"),
                );
            } else if value.contains(char::is_whitespace)
                || super::is_shell_name(value.rsplit('/').next().unwrap_or(value))
            {
                // A command line, or a shell named alone (`Pre-Invoke::=/bin/sh`), which reads
                // commands unseen.
                ctx.nested(value, v.span);
            } else if shared_dir(&paths::resolve(value, &ctx.cwd)) {
                ctx.emit(
                    RuleId::SharedDirExecutable,
                    v.span,
                    format!(
                        "`{n}` runs `{}`, a program in a world-writable directory",
                        printable(value)
                    ),
                );
            }
        }
    }
}

/// Judge every option of `c` that runs a program.
pub(super) fn program_options(ctx: &mut Ctx, c: &Call<'_>) {
    library_options(ctx, c);
    shared_code_file_options(ctx, c);
    key_value_options(ctx, c);
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
            let cmd = if opt.short.contains(&"-wrapper") {
                cmd.replace(',', " ")
            } else {
                cmd
            };
            if n == "gdb" || n == "lldb" {
                escape(ctx, &cmd, v.span);
            } else if !cmd.trim().is_empty() {
                ctx.nested(&cmd, v.span);
            }
        }
    }
}

/// Options whose value is code of a language the program evaluates: Perl for `exiftool -if`
/// and `latexmk -e`, makefile text for `make --eval`. The value is judged as inline code of
/// that language (for make, its recipes and `$(shell ...)` as commands).
/// Programs, short options, long options, and the language of the value.
type CodeOption = (
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
);

const CODE_OPTIONS: &[CodeOption] = &[
    (&["exiftool"], &["-if"], &[], "perl"),
    (&["latexmk"], &["-e"], &[], "perl"),
    (&["make", "gmake", "remake"], &[], &["eval"], "make"),
    (&["rpm", "rpmbuild", "rpmspec"], &["-E"], &["eval"], "rpm"),
    (&["kak"], &["-e"], &[], "kakoune"),
    // MongoDB's shells evaluate JavaScript with node's APIs.
    (&["mongosh", "mongo"], &[], &["eval"], "node"),
    // Rake evaluates Ruby given to `-e`, `-p` and `-E` before its tasks.
    (
        &["rake"],
        &["-e", "-p", "-E"],
        &["execute", "execute-print", "execute-continue"],
        "ruby",
    ),
    // Puppet applies a manifest given inline; its `exec` resources run commands.
    (&["puppet"], &["-e"], &["execute"], "puppet"),
];

/// Options whose value is a file of code the program runs, where `-` or `/dev/stdin` means
/// standard input (`make -f -`, `sed -f -`, `awk -f -`), and the language of that code.
const SCRIPT_FILE_OPTIONS: &[CodeOption] = &[
    (
        &["make", "gmake", "remake"],
        &["-f"],
        &["file", "makefile"],
        "make",
    ),
    (&["sed", "gsed"], &["-f"], &["file"], "sed"),
    (&["awk", "gawk", "mawk", "nawk"], &["-f"], &["file"], "awk"),
    (
        &["pwsh", "powershell"],
        &["-File", "-file", "-f"],
        &[],
        "pwsh",
    ),
    (&["gdb"], &["-x"], &["command"], "gdb"),
    (&["psql"], &["-f"], &["file"], "sql"),
];

/// Options of task runners and package managers that name the project whose scripts, recipes
/// or build files they run (`composer --working-dir`, `make -C`, `npm --prefix`, `cargo
/// --manifest-path`), and programs whose operands are such files (`ansible-playbook PLAY`).
const PROJECT_OPTIONS: &[(&[&str], &[&str], &[&str])] = &[
    (&["composer"], &["-d"], &["working-dir"]),
    (&["npm", "npx"], &["-C"], &["prefix"]),
    (&["pnpm"], &["-C"], &["dir"]),
    (&["yarn"], &[], &["cwd"]),
    (
        &["make", "gmake", "remake"],
        &["-C", "-f"],
        &["directory", "file", "makefile"],
    ),
    (&["just"], &["-d", "-f"], &["working-directory", "justfile"]),
    (&["cargo"], &[], &["manifest-path"]),
    (&["rake"], &["-f", "-C"], &["rakefile", "directory"]),
    (
        &["gradle", "gradlew"],
        &["-p", "-b", "-I", "-c"],
        &["project-dir", "build-file", "init-script", "settings-file"],
    ),
    (&["mvn"], &["-f"], &["file"]),
    (&["bundle"], &[], &["gemfile"]),
    (&["cmake"], &["-S", "-C", "-P"], &[]),
    (&["ninja", "samu"], &["-C", "-f"], &[]),
    (&["meson", "muon"], &["-C"], &["native-file", "cross-file"]),
    (
        &["scons"],
        &["-C", "-f"],
        &["directory", "file", "sconstruct"],
    ),
    (
        &["docker-compose", "podman-compose"],
        &["-f"],
        &["file", "project-directory"],
    ),
    (&["task"], &["-d", "-t"], &["dir", "taskfile"]),
    (&["tox"], &["-c"], &[]),
    (&["nox"], &["-f"], &["noxfile"]),
];
const PROJECT_OPERANDS: &[&str] = &["ansible-playbook", "bats", "robot", "behave"];

/// Subcommands whose operands are a repository or project whose hooks, recipes or scripts
/// they run (`pre-commit try-repo REPO`, `just --justfile`-like runners by subcommand).
const PROJECT_SUBCOMMAND_OPERANDS: &[(&str, &str)] = &[
    ("pre-commit", "try-repo"),
    ("prek", "try-repo"),
    ("lefthook", "run"),
    ("copier", "copy"),
    ("cookiecutter", ""),
];

/// Package managers' subcommands that run the current project's own scripts (install hooks,
/// `run` scripts, build scripts): (programs, subcommands; empty for the bare program).
const PROJECT_SCRIPT_SUBCOMMANDS: &[(&[&str], &[&str])] = &[
    (
        &["npm", "pnpm", "yarn", "bun"],
        &[
            "",
            "install",
            "i",
            "ci",
            "run",
            "run-script",
            "test",
            "start",
            "build",
        ],
    ),
    (&["composer"], &["install", "update", "run-script", "run"]),
    (&["poetry", "pipenv", "uv"], &["install", "sync", "run"]),
    (&["go"], &["run", "build", "generate", "test", "install"]),
    (
        &["cargo"],
        &[
            "build", "b", "run", "r", "test", "t", "check", "c", "bench", "doc", "clippy",
            "install",
        ],
    ),
];

/// Whether `c` runs the scripts of the project in the current directory: a package manager's
/// subcommand of [`PROJECT_SCRIPT_SUBCOMMANDS`], or pip installing `.`.
fn runs_project_scripts(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    let sub = c
        .args
        .iter()
        .find(|a| !a.text.starts_with('-'))
        .map_or("", |a| a.text.as_str());
    PROJECT_SCRIPT_SUBCOMMANDS
        .iter()
        .any(|(programs, subs)| programs.contains(&n) && subs.contains(&sub))
        || (matches!(n, "pip" | "pip3")
            && sub == "install"
            && c.args.iter().any(|a| a.text == "." || a.text == "./"))
}

/// A project, build file or playbook in a world-writable directory is code anyone could have
/// put there: running it runs code the line does not show.
fn project_in_shared_dir(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    let mut targets: Vec<Word> = Vec::new();
    for (programs, short, long) in PROJECT_OPTIONS {
        if programs.contains(&n) {
            targets.extend(values(c, short, long));
        }
    }
    // `docker compose -f FILE`: the compose file names what runs and what the host gives it.
    if matches!(n, "docker" | "podman" | "nerdctl")
        && c.args
            .iter()
            .find(|a| !a.text.starts_with('-'))
            .is_some_and(|a| a.text == "compose")
    {
        targets.extend(values(c, &["-f"], &["file", "project-directory"]));
    }
    if PROJECT_OPERANDS.contains(&n) {
        targets.extend(c.args.iter().filter(|a| !a.text.starts_with('-')).cloned());
    }
    let operands: Vec<&Word> = c.args.iter().filter(|a| !a.text.starts_with('-')).collect();
    for (program, sub) in PROJECT_SUBCOMMAND_OPERANDS {
        if *program != n {
            continue;
        }
        let rest: Vec<&Word> = if sub.is_empty() {
            operands.clone()
        } else if operands.first().is_some_and(|w| w.text == *sub) {
            operands[1..].to_vec()
        } else {
            continue;
        };
        for w in rest {
            // A repository fetched from a URL is code from wherever the line says.
            if !w.dynamic && (w.text.contains("://") || w.text.starts_with("git@")) {
                ctx.emit(
                    RuleId::RemoteCodeExecution,
                    w.span,
                    format!(
                        "`{n}` fetches `{}` and runs its hooks or scripts",
                        printable(&w.text)
                    ),
                );
            }
            targets.push(w.clone());
        }
    }
    // A build tool or task runner named no project runs the one in the directory it runs in
    // (`cd /tmp/build && make install`).
    let builder = PROJECT_OPTIONS.iter().any(|(p, _, _)| p.contains(&n));
    let here = paths::resolve(".", &ctx.cwd);
    if builder && targets.is_empty() && shared_dir(&here) {
        ctx.emit(
            RuleId::SharedDirExecutable,
            c.span,
            format!("`{n}` runs the project in the current directory, a world-writable one"),
        );
    }
    // The same in a directory the line cloned or unpacked (`git clone URL && cd x && make`,
    // or a subdirectory after files of unknown names were unpacked): the project's recipes,
    // build scripts or package scripts are unseen code. Package managers run them only in some
    // subcommands.
    let scripts_by_subcommand = PROJECT_SCRIPT_SUBCOMMANDS
        .iter()
        .any(|(programs, _)| programs.contains(&n))
        || matches!(n, "pip" | "pip3");
    let runs_here = if scripts_by_subcommand {
        runs_project_scripts(c)
    } else {
        builder
    };
    let fetched_here = ctx.is_tainted_place(&here)
        || ctx.taint_unknown && matches!(&here, Loc::Ws(p) if !p.is_empty());
    if runs_here && targets.is_empty() && fetched_here {
        ctx.emit(
            RuleId::TaintedExecutable,
            c.span,
            format!("`{n}` runs the project in the current directory, fetched earlier in the line"),
        );
    }
    for t in targets {
        if t.dynamic || t.text == "-" {
            continue;
        }
        let loc = ctx.loc(&t);
        if ctx.is_tainted_place(&loc) {
            ctx.emit(
                RuleId::TaintedExecutable,
                t.span,
                format!(
                    "`{n}` runs the project or script `{}`, fetched earlier in the line",
                    printable(&t.text)
                ),
            );
        }
        if shared_dir(&loc) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                t.span,
                format!(
                    "`{n}` runs the project or script `{}` in a world-writable directory",
                    printable(&t.text)
                ),
            );
        }
    }
}

/// Options whose value is a file of code or configuration the program loads and runs at
/// start-up, in the program's own spelling (`vim -u VIMRC`, `emacs -l FILE`, `awk -f PROG`,
/// `mutt -F MUTTRC`, `tmux -f CONF`, `bash --rcfile`, `sftp -D SERVER`, `curl --engine`): one in
/// a world-writable directory is code anyone could have written.
const CODE_FILE_OPTIONS: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["vim", "vi", "view", "gvim", "ex", "rvim", "vimdiff"],
        &["-u", "-U", "-S"],
        &[],
    ),
    (&["nvim"], &["-u", "-S", "-l"], &[]),
    (
        &["emacs", "emacsclient"],
        &["-l", "-u", "-scriptload"],
        &["load", "script", "init-directory"],
    ),
    (
        &["awk", "gawk", "mawk", "nawk"],
        &["-f", "-i", "-l"],
        &["file", "include", "load"],
    ),
    (&["sed", "gsed"], &["-f"], &["file"]),
    (&["mutt", "neomutt"], &["-F"], &[]),
    (&["tmux"], &["-f"], &[]),
    (&["screen"], &["-c"], &[]),
    (
        &["bash", "sh", "zsh", "ksh", "dash"],
        &[],
        &["rcfile", "init-file"],
    ),
    (&["lldb"], &["-s", "-S"], &["source", "source-before-file"]),
    (&["gdb"], &["-x", "-ix"], &["command", "init-command"]),
    (&["psql"], &["-f"], &["file"]),
    (&["sqlite3", "duckdb"], &["-init"], &[]),
    (
        &["mysql", "mariadb"],
        &[],
        &["defaults-file", "defaults-extra-file"],
    ),
    (&["php"], &["-c"], &["php-ini"]),
    (&["sftp"], &["-D"], &[]),
    (&["curl"], &[], &["engine"]),
    (&["helm"], &[], &["post-renderer"]),
    // Class and module paths: the JVM loads the classes it runs from there.
    (
        &[
            "java",
            "javaw",
            "javac",
            "jshell",
            "kotlin",
            "scala",
            "groovy",
            "jrunscript",
        ],
        &["-cp", "-classpath", "-p"],
        &["class-path", "classpath", "module-path"],
    ),
];

/// Long option names, in any program, whose value is a configuration file that can name
/// programs to run or code to load (`--config`, `--rcfile`, `--native-file`).
fn config_option(name: &str) -> bool {
    let k = name.to_ascii_lowercase().replace(['-', '_'], "");
    matches!(
        k.as_str(),
        "config"
            | "conf"
            | "configfile"
            | "rcfile"
            | "initfile"
            | "nativefile"
            | "crossfile"
            | "settings"
            | "settingsfile"
    )
}

/// Code and configuration files of [`CODE_FILE_OPTIONS`] and of configuration-named options
/// of any program, in a world-writable directory.
fn shared_code_file_options(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    let mut files: Vec<Word> = Vec::new();
    for (programs, short, long) in CODE_FILE_OPTIONS {
        if programs.contains(&n) {
            files.extend(values(c, short, long));
        }
    }
    let mut i = 0;
    while i < c.args.len() {
        let t = c.args[i].text.as_str();
        if t == "--" {
            break;
        }
        if let Some(l) = t.strip_prefix("--") {
            match l.split_once('=') {
                Some((name, v)) if config_option(name) => files.push(value_word(&c.args[i], v)),
                None if config_option(l) => {
                    if let Some(v) = c.args.get(i + 1) {
                        files.push(v.clone());
                    }
                    i += 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    // php's `-d auto_prepend_file=FILE`: a file run before every script.
    if n == "php" {
        for v in values(c, &["-d"], &["define"]) {
            if let Some((k, f)) = v.text.split_once('=')
                && matches!(k.trim(), "auto_prepend_file" | "auto_append_file")
            {
                files.push(value_word(&v, f));
            }
        }
    }
    for f in files {
        if f.dynamic || matches!(f.text.as_str(), "-" | "") {
            continue;
        }
        if shared_dir(&ctx.loc(&f)) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                f.span,
                format!(
                    "`{n}` loads `{}`, code or configuration in a world-writable directory",
                    printable(&f.text)
                ),
            );
        }
    }
}

/// Mercurial's `--config SECTION.KEY=VALUE`: keys whose value is a command hg runs (a `!`
/// alias is a shell line; hooks, editors, pagers, merge tools and ssh commands are programs).
fn hg_config(ctx: &mut Ctx, c: &Call<'_>) {
    if !matches!(c.name.as_str(), "hg" | "chg") {
        return;
    }
    for v in values(c, &[], &["config"]) {
        let Some((key, value)) = v.text.split_once('=') else {
            continue;
        };
        let key = key.trim().to_ascii_lowercase();
        let script = if key.starts_with("alias.") {
            value.strip_prefix('!')
        } else if key.starts_with("hooks.")
            || matches!(
                key.as_str(),
                "ui.editor" | "ui.ssh" | "pager.pager" | "ui.merge"
            )
            || (key.starts_with("merge-tools.") && key.ends_with(".executable"))
            || key.starts_with("extensions.")
        {
            Some(value)
        } else {
            None
        };
        let Some(script) = script else {
            continue;
        };
        ctx.emit(
            RuleId::ExecOption,
            v.span,
            format!("hg config `{key}` names a command hg runs"),
        );
        if key.starts_with("extensions.") {
            // An extension is Python loaded into hg: a path outside the workspace is unseen code.
            let path = value.trim();
            if !path.is_empty()
                && !matches!(paths::resolve(path, &ctx.cwd), Loc::Ws(_))
                && path.contains('/')
            {
                ctx.emit(
                    RuleId::LoadsLibrary,
                    v.span,
                    format!("hg loads the extension `{}`", printable(path)),
                );
            }
            continue;
        }
        if v.dynamic {
            ctx.emit(
                RuleId::DynamicScript,
                v.span,
                "hg runs a command only known when the line runs",
            );
        } else if !script.trim().is_empty() {
            let script = script.to_string();
            ctx.nested(&script, v.span);
        }
    }
}

/// Subcommands whose next operand is a command line the program runs through a shell
/// (`csvtool call CMD FILE`), and flags that turn the first operand into one (`entr -s CMD`).
const OPERAND_COMMANDS: &[(&str, &str)] = &[("csvtool", "call")];
const FLAG_SCRIPT_OPERAND: &[(&str, char)] = &[("entr", 's')];

/// TeX engines: `\write18{CMD}` runs CMD when shell escape is on; `\directlua{...}` is Lua.
const TEX_ENGINES: &[&str] = &[
    "tex", "etex", "latex", "pdflatex", "xelatex", "lualatex", "luatex", "pdftex", "xetex",
];

/// Makefile text: the commands of its recipes (tab-indented lines and the part after `;` on a
/// rule line) and of its `$(shell ...)` calls, with make's `$$` as `$`.
fn makefile_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let recipe = if let Some(r) = line.strip_prefix('\t') {
            Some(r)
        } else {
            line.split_once(':')
                .and_then(|(_, rest)| rest.split_once(';'))
                .map(|(_, r)| r)
        };
        if let Some(r) = recipe {
            let r = r.trim().trim_start_matches(['@', '-', '+']).trim();
            if !r.is_empty() {
                out.push(make_references(r));
            }
        }
    }
    let mut from = 0;
    while let Some(k) = text[from..].find("$(shell ") {
        let start = from + k + "$(shell ".len();
        let mut depth = 1usize;
        let mut end = text.len();
        for (j, ch) in text[start..].char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = start + j;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push(make_references(&text[start..end]));
        from = end.min(text.len());
        if from == start {
            break;
        }
    }
    out
}

/// A recipe line as the shell sees it: make's own references (`$(VAR)`, `${VAR}`, `$@`, `$*`)
/// expanded by make stand for a word, `$$` is a shell `$`.
fn make_references(recipe: &str) -> String {
    let mut out = String::new();
    let mut chars = recipe.chars().peekable();
    while let Some(ch) = chars.next() {
        if ch != '$' {
            out.push(ch);
            continue;
        }
        match chars.peek().copied() {
            Some('$') => {
                chars.next();
                out.push('$');
            }
            Some(open @ ('(' | '{')) => {
                let close = if open == '(' { ')' } else { '}' };
                chars.next();
                let mut depth = 1usize;
                let mut inner = String::new();
                for c in chars.by_ref() {
                    if c == open {
                        depth += 1;
                    } else if c == close {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    inner.push(c);
                }
                // `$(shell ...)` is judged on its own; other functions and variables are text.
                if !inner.starts_with("shell ") {
                    out.push_str("makevar");
                }
            }
            Some(_) => {
                chars.next();
                out.push_str("makevar");
            }
            None => out.push('$'),
        }
    }
    out
}

/// Judge code of `language` given to `program` in `w`.
fn judge_code(ctx: &mut Ctx, program: &str, language: &str, text: &str, w: &Word) {
    match language {
        "make" => {
            for cmd in makefile_commands(text) {
                ctx.nested(&cmd, w.span);
            }
        }
        "sed" => super::code::sed_script(ctx, text, w),
        "awk" => super::code::awk_program(ctx, text, w),
        "gdb" => {
            for line in text.lines() {
                escape(ctx, line, w.span);
            }
        }
        "sql" => {}
        "puppet" => {
            // `exec { 'x': command => 'CMD', unless => 'CMD' }`: each command attribute runs.
            for attr in ["command", "onlyif", "unless", "refresh"] {
                for (k, _) in text.match_indices(attr) {
                    let rest = text[k + attr.len()..].trim_start();
                    let Some(value) = rest.strip_prefix("=>").map(str::trim_start) else {
                        continue;
                    };
                    let Some(q) = value.chars().next().filter(|q| matches!(q, '\'' | '"')) else {
                        continue;
                    };
                    if let Some(cmd) = value[1..].split(q).next() {
                        ctx.emit(
                            RuleId::ExecOption,
                            w.span,
                            format!("`{program}` runs the command of an `exec` resource"),
                        );
                        ctx.nested(cmd, w.span);
                    }
                }
            }
        }
        lang => {
            // Rake's Ruby has `sh "CMD"` (FileUtils' shell call) besides Ruby's own.
            if program == "rake" {
                for (k, _) in text.match_indices("sh") {
                    let before = text[..k].chars().next_back();
                    if before.is_some_and(|ch| ch.is_ascii_alphanumeric() || ch == '_') {
                        continue;
                    }
                    let rest = text[k + 2..].trim_start_matches(['(', ' ']);
                    let Some(q) = rest.chars().next().filter(|q| matches!(q, '\'' | '"')) else {
                        continue;
                    };
                    if let Some(cmd) = rest[1..].split(q).next() {
                        ctx.nested(cmd, w.span);
                    }
                }
            }
            // Calls and expansions that run a command line, in whatever language.
            for cmd in super::shapes::embedded_commands(text) {
                ctx.nested(&cmd, w.span);
            }
            let call = Call {
                name: if lang == "pwsh" {
                    program.to_string()
                } else {
                    lang.to_string()
                },
                args: &[],
                stdin: None,
                span: w.span,
                redirs: &[],
            };
            super::code::inline_code(ctx, &call, text);
        }
    }
}

/// Judge the code-valued options, script files read from standard input, command operands and
/// TeX shell escapes of `c`.
pub(super) fn code_options(ctx: &mut Ctx, c: &Call<'_>) {
    hg_config(ctx, c);
    project_in_shared_dir(ctx, c);
    let n = c.name.as_str();
    // make's `NAME=value` operands set variables its recipes see, `SHELL` and `CC` among them.
    if matches!(n, "make" | "gmake" | "remake") {
        super::shapes::environment_arguments(ctx, c.args);
    }
    for (programs, short, long, language) in CODE_OPTIONS {
        if !programs.contains(&n) {
            continue;
        }
        for v in values(c, short, long) {
            ctx.emit(
                RuleId::InlineCode,
                v.span,
                format!("`{n}` evaluates the code given to one of its options"),
            );
            if v.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    v.span,
                    format!("`{n}` evaluates code only known when the line runs"),
                );
            }
            let text = v.text.clone();
            judge_code(ctx, n, language, &text, &v);
        }
    }
    for (programs, short, long, language) in SCRIPT_FILE_OPTIONS {
        if !programs.contains(&n) {
            continue;
        }
        for v in values(c, short, long) {
            let from_stdin = matches!(v.text.as_str(), "-" | "/dev/stdin" | "/dev/fd/0");
            let flow = if let Some(f) = &v.procsub {
                Some(f)
            } else if from_stdin {
                c.stdin
            } else {
                continue;
            };
            let Some(f) = flow else {
                continue;
            };
            if let (Some(text), false) = (&f.literal, f.other) {
                let text = text.clone();
                judge_code(ctx, n, language, &text, &v);
                continue;
            }
            let call = Call {
                name: c.name.clone(),
                args: &[],
                stdin: Some(f),
                span: v.span,
                redirs: &[],
            };
            super::code::stdin_script(ctx, &call, false);
        }
    }
    let positional: Vec<&Word> = c.args.iter().filter(|a| !a.text.starts_with('-')).collect();
    for (program, verb) in OPERAND_COMMANDS {
        if *program != n {
            continue;
        }
        if let [v, cmd, ..] = positional.as_slice()
            && v.text == *verb
        {
            operand_command(ctx, n, cmd);
        }
    }
    for (program, flag) in FLAG_SCRIPT_OPERAND {
        let flagged = c.args.iter().any(|a| {
            a.text.starts_with('-') && !a.text.starts_with("--") && a.text[1..].contains(*flag)
        });
        if *program == n
            && flagged
            && let Some(cmd) = positional.first()
        {
            operand_command(ctx, n, cmd);
        }
    }
    if TEX_ENGINES.contains(&n) {
        for a in c.args {
            tex_escapes(ctx, a);
        }
    }
}

fn operand_command(ctx: &mut Ctx, n: &str, cmd: &Word) {
    ctx.emit(
        RuleId::ExecOption,
        cmd.span,
        format!("`{n}` runs the command line it is given"),
    );
    if cmd.dynamic {
        ctx.emit(
            RuleId::DynamicScript,
            cmd.span,
            format!("`{n}` runs a command only known when the line runs"),
        );
    } else {
        let t = cmd.text.clone();
        ctx.nested(&t, cmd.span);
    }
}

/// The text inside the braces that follow `at` in `text`, balanced.
fn braced(text: &str, at: usize) -> Option<&str> {
    let rest = text.get(at..)?.trim_start();
    let body = rest.strip_prefix('{')?;
    let mut depth = 1usize;
    for (j, ch) in body.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return body.get(..j);
                }
            }
            _ => {}
        }
    }
    Some(body)
}

fn tex_escapes(ctx: &mut Ctx, a: &Word) {
    let t = a.text.as_str();
    for (k, _) in t.match_indices("\\write18") {
        if let Some(cmd) = braced(t, k + "\\write18".len()) {
            ctx.emit(
                RuleId::ExecOption,
                a.span,
                "TeX's `\\write18` runs a shell command",
            );
            let cmd = cmd.to_string();
            ctx.nested(&cmd, a.span);
        }
    }
    for (k, _) in t.match_indices("\\directlua") {
        if let Some(code) = braced(t, k + "\\directlua".len()) {
            let code = code.to_string();
            judge_code(ctx, "luatex", "lua", &code, a);
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
    /// For options that take `KEY=VALUE` settings (`ssh -o`, `php -d`, `openssl -pre
    /// SO_PATH:LIB`), the keys (lower case) whose value is a library; empty when the whole value
    /// is the library.
    keys: &'static [&'static str],
    /// What the value names, and so which places are code the line does not show.
    loads: Loads,
}

/// What a library option loads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Loads {
    /// A native library (or a directory of them): any path outside the system library
    /// directories, in the working directory too, since a binary there is not readable code.
    Native,
    /// A script, module or command file of the program's own language (or a directory of them):
    /// one outside the working directory and the system directories; one inside it is a script
    /// of the workspace, like `perl script.pl`.
    Script,
}

const LIBRARY_OPTIONS: &[LibraryOption] = &[
    LibraryOption {
        programs: &["ssh", "scp", "sftp", "autossh"],
        short: &["-I"],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["ssh", "scp", "sftp", "autossh", "ssh-keygen", "ssh-add"],
        short: &["-o"],
        long: &[],
        keys: &["pkcs11provider", "securitykeyprovider"],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["ssh-keygen"],
        short: &["-D", "-w"],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["ssh-add"],
        short: &["-s", "-S"],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: LOADERS,
        short: &[],
        long: &["preload", "audit"],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["fakeroot"],
        short: &["-l"],
        long: &["lib"],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["java", "javaw"],
        short: &["-agentpath:", "-javaagent:"],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    // Compiler plugins run inside the compiler (`-fplugin=`, clang's `-fpass-plugin=` and the
    // `-load` its front end reads after `-Xclang`).
    LibraryOption {
        programs: &["gcc", "g++", "cc", "c++", "clang", "clang++"],
        short: &["-fplugin=", "-fpass-plugin=", "-load"],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: &["pkcs11-tool", "p11tool"],
        short: &[],
        long: &["module", "provider"],
        keys: &[],
        loads: Loads::Native,
    },
    // OpenSSL's engines and providers (single-dash long options, `-provider-path` before
    // `-provider` so the longer name is matched first), and the dynamic engine's `SO_PATH`.
    LibraryOption {
        programs: OPENSSL,
        short: &[
            "-engine",
            "-keyform_engine",
            "-provider-path",
            "-ssl_client_engine",
        ],
        long: &[],
        keys: &[],
        loads: Loads::Native,
    },
    LibraryOption {
        programs: OPENSSL,
        short: &["-pre", "-post"],
        long: &[],
        keys: &["so_path", "dir_load", "list_add"],
        loads: Loads::Native,
    },
    // PHP's ini settings that load extensions.
    LibraryOption {
        programs: &["php", "php-cgi", "php-fpm"],
        short: &["-d"],
        long: &["define"],
        keys: &["extension", "zend_extension", "extension_dir"],
        loads: Loads::Native,
    },
    // MySQL and MariaDB clients load authentication plugins from a plugin directory.
    LibraryOption {
        programs: &[
            "mysql",
            "mariadb",
            "mysqldump",
            "mysqladmin",
            "mysqlsh",
            "mariadb-dump",
            "mariadb-admin",
        ],
        short: &[],
        long: &["plugin-dir", "plugin_dir"],
        keys: &[],
        loads: Loads::Native,
    },
    // Interpreters' module search paths and preloaded modules.
    LibraryOption {
        programs: &["perl"],
        short: &["-I"],
        long: &[],
        keys: &[],
        loads: Loads::Script,
    },
    LibraryOption {
        programs: &["perl"],
        short: &["-M", "-m"],
        long: &[],
        keys: &["lib"],
        loads: Loads::Script,
    },
    LibraryOption {
        programs: &["ruby", "irb", "jruby"],
        short: &["-I", "-r"],
        long: &["require"],
        keys: &[],
        loads: Loads::Script,
    },
    LibraryOption {
        programs: &["node", "nodejs", "bun", "tsx", "ts-node"],
        short: &["-r"],
        long: &[
            "require",
            "import",
            "loader",
            "experimental-loader",
            "preload",
        ],
        keys: &[],
        loads: Loads::Script,
    },
    // Scripts of programs' own languages: nmap's NSE scripts, tshark's Lua plugins, CMake
    // scripts and initial caches.
    LibraryOption {
        programs: &["nmap"],
        short: &[],
        long: &["script"],
        keys: &[],
        loads: Loads::Script,
    },
    LibraryOption {
        programs: &["tshark", "wireshark"],
        short: &["-X"],
        long: &[],
        keys: &["lua_script"],
        loads: Loads::Script,
    },
    LibraryOption {
        programs: &["cmake"],
        short: &["-P", "-C"],
        long: &[],
        keys: &[],
        loads: Loads::Script,
    },
    // Debuggers' command files run debugger commands, shell escapes and library loads.
    LibraryOption {
        programs: &["gdb", "lldb", "cgdb"],
        short: &["-x", "-ix"],
        long: &["command", "init-command"],
        keys: &[],
        loads: Loads::Script,
    },
];

/// OpenSSL and its forks.
const OPENSSL: &[&str] = &["openssl", "libressl"];

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
    // clang passes the word after each `-Xclang` to its front end: read without them,
    // `-Xclang -load -Xclang LIB` is `-load LIB`.
    let front_end: Vec<Word>;
    let unwrapped;
    let c = if c.args.iter().any(|a| a.text == "-Xclang") {
        front_end = c
            .args
            .iter()
            .filter(|a| a.text != "-Xclang")
            .cloned()
            .collect();
        unwrapped = Call {
            name: c.name.clone(),
            args: &front_end,
            stdin: c.stdin,
            span: c.span,
            redirs: c.redirs,
        };
        &unwrapped
    } else {
        c
    };
    for opt in LIBRARY_OPTIONS.iter().filter(|o| o.programs.contains(&n)) {
        for v in values(c, opt.short, opt.long) {
            let text = v.text.trim();
            let lib = if opt.keys.is_empty() {
                Some(text)
            } else {
                text.split_once(['=', ' ', ':'])
                    .filter(|(k, _)| opt.keys.contains(&k.trim().to_ascii_lowercase().as_str()))
                    .map(|(_, lib)| lib.trim())
            };
            let Some(lib) = lib.filter(|l| !l.is_empty()) else {
                continue;
            };
            let loads = match opt.loads {
                Loads::Native => foreign_library(lib) || (!lib.contains('/') && library_file(lib)),
                Loads::Script => {
                    foreign_library(lib) && !matches!(ctx.loc(&value_word(&v, lib)), Loc::Ws(_))
                }
            };
            if v.dynamic || loads {
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
    "platform shell ",
    ".shell ",
    ".system ",
    "terminal ",
    "term ",
    "(shell-command ",
    "(async-shell-command ",
    "(call-process-shell-command ",
    // troff's requests that run a command (honoured in groff's unsafe mode, `-U`).
    ".sy ",
    ".pi ",
    // bconsole's `@exec`, m4's `esyscmd(...)`/`syscmd(...)`, rpm's `%(...)`.
    "@exec ",
    "esyscmd(",
    "syscmd(",
    "%(",
];

/// Programs that read a command language with shell escapes on standard input (`ed`'s and
/// `sftp`'s `!cmd`, gdb's `shell cmd`); database shells' input is judged by their own judge.
const STDIN_COMMAND_LANGUAGES: &[&str] = &[
    "ed",
    "red",
    "ex",
    "vi",
    "vim",
    "nvim",
    "sftp",
    "ftp",
    "lftp",
    "gdb",
    "lldb",
    "groff",
    "troff",
    "nroff",
    "pic",
    "m4",
    "debugfs",
    "jtag",
    "scanmem",
    "bconsole",
    "ginsh",
    "tdbtool",
    "asterisk",
    "ncftp",
    "psftp",
    "tasksh",
    "ispell",
    "more",
    "pg",
    "joe",
    "minicom",
    "runscript",
    "hping3",
    "iftop",
    "opencode",
    "zathura",
    "ranger",
    "cpan",
    "smbclient",
    "nmap",
];

/// Programs of [`STDIN_COMMAND_LANGUAGES`] whose escape runs code of a language rather than a
/// shell command: the program, the escape and the language (`cpan`'s `! CODE` is Perl).
const STDIN_CODE_ESCAPES: &[(&str, &str, &str)] = &[("cpan", "!", "perl")];

/// Judge the lines a program of [`STDIN_COMMAND_LANGUAGES`] reads from a literal on its input:
/// each line that escapes to a shell or an interpreter is judged as that command.
pub(super) fn stdin_commands(ctx: &mut Ctx, c: &Call<'_>) {
    // A program with no table may be any tool's command language: its input is read by the
    // same escapes (`!cmd`, `shell cmd`, `esyscmd(cmd)`).
    if !STDIN_COMMAND_LANGUAGES.contains(&c.name.as_str()) && is_known_command(&c.name) {
        return;
    }
    // troff and pic run `.sy`, `.pi` and `sh` only in unsafe mode.
    if matches!(c.name.as_str(), "groff" | "troff" | "nroff" | "pic")
        && !has_flag(c.args, 'U', &["unsafe"])
    {
        return;
    }
    let Some(text) = c.stdin.filter(|f| !f.other).and_then(|f| f.literal.clone()) else {
        return;
    };
    let code_escape = STDIN_CODE_ESCAPES
        .iter()
        .find(|(program, _, _)| *program == c.name)
        .map(|&(_, prefix, language)| (prefix, language));
    for line in text.lines() {
        if let Some((prefix, language)) = code_escape
            && let Some(code) = line.trim_start().strip_prefix(prefix)
        {
            ctx.emit(
                RuleId::ExecOption,
                c.span,
                format!("a tool's command runs `{language}` code"),
            );
            let call = Call {
                name: language.to_string(),
                args: &[],
                stdin: None,
                span: c.span,
                redirs: &[],
            };
            super::code::inline_code(ctx, &call, code.trim());
            continue;
        }
        if !escape(ctx, line, c.span) {
            delimited_shell(ctx, line, c.span);
        }
        file_transfer_put(ctx, c, line);
    }
}

/// pic's `sh X command X`: the command between a delimiter character of the line's choosing.
fn delimited_shell(ctx: &mut Ctx, line: &str, span: Span) {
    let Some(rest) = line.trim_start().strip_prefix("sh ") else {
        return;
    };
    let rest = rest.trim_start();
    let Some(d) = rest.chars().next() else {
        return;
    };
    let body = &rest[d.len_utf8()..];
    let body = body.rfind(d).map_or(body, |k| &body[..k]);
    if body.trim().is_empty() {
        return;
    }
    ctx.emit(
        RuleId::ExecOption,
        span,
        "a tool's command escapes to a shell",
    );
    ctx.nested(body.trim(), span);
}

/// Programs that read a program or a script of their own command language on standard input
/// when none is named: database shells (their dot-commands and `\!` run programs), debuggers,
/// line editors, file-transfer shells and `dc`. Interpreters and shells are judged by theirs.
const STDIN_PROGRAM_READERS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "duckdb",
    "mongo",
    "mongosh",
    "sqlcmd",
    "clickhouse-client",
    "cqlsh",
    "redis-cli",
    "dc",
    "ed",
    "red",
    "ex",
    "gdb",
    "lldb",
    "sftp",
    "ftp",
    "lftp",
];

/// Macro processors, tools' command shells and script runners (GTFOBins: each escapes to a
/// shell): they read their program on standard input, or from a file named as an operand or an
/// option's value.
const SCRIPT_READERS: &[&str] = &[
    "m4",
    "pic",
    "debugfs",
    "bconsole",
    "jtag",
    "scanmem",
    "ginsh",
    "tdbtool",
    "ncftp",
    "psftp",
    "tasksh",
    "runscript",
    "minicom",
    "procmail",
];

/// A program of [`STDIN_PROGRAM_READERS`] given its input from a file in a world-writable
/// directory (`duckdb app.db < /tmp/q.sql`) runs code anyone could have written there, and one
/// given a download or decoded text runs code the line does not show.
pub(super) fn stdin_program_file(ctx: &mut Ctx, c: &Call<'_>) {
    let n = c.name.as_str();
    if !STDIN_PROGRAM_READERS.contains(&n) && !SCRIPT_READERS.contains(&n) {
        return;
    }
    for r in c.redirs {
        if r.kind != crate::walk::RedirKind::Read || r.target.dynamic {
            continue;
        }
        if shared_dir(&ctx.loc(&r.target)) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                r.target.span,
                format!(
                    "`{n}` runs the commands in `{}`, a file in a world-writable directory",
                    printable(&r.target.text)
                ),
            );
        }
    }
    // A script or macro file named as an operand or an option's value (`runscript /tmp/s`,
    // `minicom -S /tmp/s`, `procmail -m /tmp/rc`); not what it writes (`-o FILE`). Database
    // shells' operands are databases and hosts, judged by their own judge.
    let scripts = SCRIPT_READERS.contains(&n);
    for (k, a) in c.args.iter().enumerate().filter(|_| scripts) {
        if a.dynamic || a.text.starts_with('-') {
            continue;
        }
        if k > 0 && matches!(c.args[k - 1].text.as_str(), "-o" | "--output" | "-O") {
            continue;
        }
        if shared_dir(&ctx.loc(a)) {
            ctx.emit(
                RuleId::SharedDirExecutable,
                a.span,
                format!(
                    "`{n}` runs the commands in `{}`, a file in a world-writable directory",
                    printable(&a.text)
                ),
            );
        }
    }
    if let Some(f) = c.stdin {
        if f.network {
            ctx.emit(
                RuleId::RemoteCodeExecution,
                c.span,
                format!("`{n}` runs commands downloaded from the network"),
            );
        } else if f.decoder {
            ctx.emit(
                RuleId::DecodeAndExecute,
                c.span,
                format!("`{n}` runs decoded commands"),
            );
        }
    }
}

/// Commands of file-transfer shells that send a local file (`put FILE`, `mput`, `reput`,
/// `append`): a credential sent is exfiltration.
fn file_transfer_put(ctx: &mut Ctx, c: &Call<'_>, line: &str) {
    if !matches!(
        c.name.as_str(),
        "sftp" | "ftp" | "lftp" | "tftp" | "smbclient"
    ) {
        return;
    }
    let mut words = line.split_whitespace();
    let Some(verb) = words.next() else {
        return;
    };
    if !matches!(verb, "put" | "mput" | "reput" | "append" | "send") {
        return;
    }
    for path in words.filter(|w| !w.starts_with('-')) {
        let loc = paths::resolve(path, &ctx.cwd);
        if paths::secret_class(&loc) == paths::SecretClass::Credential {
            ctx.emit(
                RuleId::Exfiltration,
                c.span,
                format!("`{}` sends credentials `{}`", c.name, printable(path)),
            );
            return;
        }
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
    if let Some(lib) = super::code::loaded_library(trimmed, &trimmed.to_ascii_lowercase()) {
        ctx.emit(
            RuleId::LoadsLibrary,
            span,
            format!("a tool's command loads the library `{}`", printable(&lib)),
        );
        return true;
    }
    if let Some(sh) = SHELL_ESCAPES.iter().find_map(|p| trimmed.strip_prefix(p)) {
        let sh = sh.trim_end_matches(')').trim();
        // A command quoted whole (`system("id")`) loses its quotes; one that only ends with a
        // quoted word (`! exec "/bin/sh"`) keeps them.
        let sh = match (sh.chars().next(), sh.chars().last()) {
            (Some(a @ ('"' | '\'')), Some(b)) if a == b && sh.len() >= 2 => &sh[1..sh.len() - 1],
            _ => sh,
        }
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

/// Options that name a file a program reads as its program, script, configuration or manifest
/// (`-f FILE`, `-l FILE`, `--values FILE`); given `-` or `/dev/stdin`, the file is the input.
const PROGRAM_FILE_OPTIONS: &[&str] = &[
    "-f",
    "--file",
    "--filename",
    "-l",
    "--load",
    "-s",
    "--source",
    "-S",
    "-x",
    "--script",
    "-c",
    "--config",
    "--values",
    "-i",
    "--init-file",
    "--rcfile",
    "-P",
    "--playbook",
];

/// Downloaded or decoded input given to any program as the file it runs or applies (`curl ... |
/// kubectl apply -f -`, `| emacs --batch -l /dev/stdin`, `| vim -s /dev/stdin`, `| docker
/// compose -f - up`): what the line does is decided by text it does not show.
pub(super) fn stdin_as_program_file(ctx: &mut Ctx, c: &Call<'_>) {
    // Pattern and data options of searchers and text tools (`grep -f -`, `sort -S`) read data.
    const DATA_TOOLS: &[&str] = &[
        "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "ugrep", "ug", "sort", "uniq",
        "comm", "join", "paste", "cut", "tr", "jq", "yq", "gojq", "jaq", "xargs", "split",
        "csplit", "look", "diff", "cmp", "tee", "gzip", "zcat", "base64", "xxd", "iconv",
    ];
    if DATA_TOOLS.contains(&c.name.as_str()) || TABLE_LOW.contains(&c.name.as_str()) {
        return;
    }
    let Some(f) = c.stdin.filter(|f| f.network || f.decoder || f.tainted) else {
        return;
    };
    let named = c.args.iter().enumerate().any(|(k, a)| {
        let t = a.text.as_str();
        let value_of_option = |v: &str| v == "-" || STDIN_PATHS.contains(&v);
        match t.split_once('=') {
            Some((o, v)) if PROGRAM_FILE_OPTIONS.contains(&o) => value_of_option(v),
            _ => {
                k > 0
                    && PROGRAM_FILE_OPTIONS.contains(&c.args[k - 1].text.as_str())
                    && value_of_option(t)
            }
        }
    });
    if named {
        ctx.emit(
            if f.network {
                RuleId::RemoteCodeExecution
            } else {
                RuleId::DecodeAndExecute
            },
            c.span,
            format!(
                "`{}` runs or applies the file it reads from its input: downloaded or decoded text",
                printable(&c.name)
            ),
        );
    }
}
