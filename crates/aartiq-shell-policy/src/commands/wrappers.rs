//! Wrappers: programs that run another command. Pure wrappers are data ([`WRAPPERS`]: their
//! options and where the wrapped command starts); builtins and wrappers with behaviour of their
//! own (`env`, `command`, `exec`, `watch`, `script`, `xargs`, `busybox`, `sudo` and kin) are judges.

use super::*;

/// A pure wrapper: it runs the command after its options (and its own operands) unchanged.
pub(super) struct Wrapper {
    /// Program names.
    pub(super) names: &'static [&'static str],
    /// Options that take the next word as their value.
    pub(super) with_value: &'static [&'static str],
    /// Operands of the wrapper itself before the wrapped command (`timeout DURATION`).
    pub(super) operands: usize,
    /// The first operand is a duration that bounds the wrapped command (`timeout 5`).
    pub(super) bounds: bool,
    /// Options whose value is the command instead (`flock -c CMD`), judged by the option table.
    pub(super) script_options: &'static [&'static str],
    /// The wrapped command is given as shell text (`sg GROUP 'CMD'`, `hyperfine 'CMD' ...`):
    /// each operand is a command line, not a word of one argument vector.
    pub(super) text: bool,
    /// The command runs in a queue or server of its own and outlives the line (`tsp`, `nq`).
    pub(super) detached: bool,
    /// Without a command the program only reports (`nice`, `time`); otherwise it does things of
    /// its own (`ssh-agent -k`) and is judged as an unknown program.
    pub(super) alone_reports: bool,
}

/// The dynamic loader run as a program: it runs the program given as its argument.
pub(super) const LOADERS: &[&str] = &[
    "ld.so",
    "ld-linux.so.2",
    "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
    "ld-linux-armhf.so.3",
    "ld64.so.2",
];

/// A wrapper row whose command is one argument vector after its options and operands.
const fn plain(
    names: &'static [&'static str],
    with_value: &'static [&'static str],
    operands: usize,
) -> Wrapper {
    Wrapper {
        names,
        with_value,
        operands,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: false,
    }
}

/// Every pure wrapper.
pub(super) const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        names: &["nice"],
        with_value: &["-n", "--adjustment"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["stdbuf"],
        with_value: &["-i", "-o", "-e"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["ionice"],
        with_value: &["-c", "-n", "-p", "-t"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["strace", "ltrace"],
        with_value: &["-e", "-o", "-p", "-s", "-u"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["cpulimit"],
        with_value: &["-l", "-p", "--limit"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["numactl"],
        with_value: &["-C", "-N", "-m"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["faketime", "taskset"],
        with_value: &[],
        operands: 1,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["flock"],
        with_value: &[],
        operands: 1,
        bounds: false,
        script_options: &["-c", "--command"],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &["timeout"],
        with_value: &["-s", "-k", "--signal", "--kill-after"],
        operands: 1,
        bounds: true,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    Wrapper {
        names: &[
            "nohup",
            "time",
            "unbuffer",
            "setsid",
            "caffeinate",
            "torsocks",
            "proxychains",
            "proxychains4",
            "chronic",
            "dbus-run-session",
            "firejail",
            "catchsegv",
            "trickle",
            "coproc",
        ],
        with_value: &[],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: true,
    },
    plain(
        &["unshare"],
        &[
            "-S",
            "--setuid",
            "-G",
            "--setgid",
            "-R",
            "--root",
            "-w",
            "--wd",
            "--map-user",
            "--map-group",
            "--propagation",
            "--setgroups",
        ],
        0,
    ),
    plain(
        &["chrt"],
        &[
            "-T",
            "-P",
            "-D",
            "--sched-runtime",
            "--sched-period",
            "--sched-deadline",
        ],
        1,
    ),
    plain(&["prlimit"], &["-p", "--pid", "-o", "--output"], 0),
    plain(
        &["systemd-inhibit"],
        &["--what", "--who", "--why", "--mode"],
        0,
    ),
    plain(
        &["xvfb-run"],
        &[
            "-n",
            "--server-num",
            "-s",
            "--server-args",
            "-f",
            "--auth-file",
            "-e",
            "--error-file",
            "-p",
            "--xauth-protocol",
            "-w",
            "--wait",
        ],
        0,
    ),
    plain(&["ssh-agent"], &["-a", "-E", "-P", "-t", "-O"], 0),
    plain(&["dbus-launch"], &["--config-file"], 0),
    plain(
        &["fakeroot"],
        &["-l", "--lib", "--faked", "-s", "-i", "-b"],
        0,
    ),
    plain(
        &[
            "eatmydata",
            "nocache",
            "run-one",
            "ifne",
            "valgrind",
            "linux32",
            "linux64",
        ],
        &[],
        0,
    ),
    plain(&["setarch"], &[], 1),
    // `perf stat|record|trace [OPTIONS] CMD`: the subcommand, then the command it measures.
    plain(
        &["perf"],
        &[
            "-e",
            "--event",
            "-r",
            "--repeat",
            "-o",
            "--output",
            "-i",
            "--input",
            "-p",
            "--pid",
            "-t",
            "--tid",
            "-C",
            "--cpu",
            "-x",
            "--field-separator",
            "-I",
            "--interval-print",
            "-G",
            "--cgroup",
            "-F",
            "--freq",
            "-c",
            "--count",
            "--call-graph",
            "-m",
            "--mmap-pages",
            "-u",
            "--uid",
        ],
        1,
    ),
    plain(&["choom"], &["-n", "--adjust", "-p", "--pid"], 0),
    plain(&["multitime"], &["-n", "-s", "-f"], 0),
    plain(
        LOADERS,
        &[
            "--preload",
            "--audit",
            "--library-path",
            "--argv0",
            "--inhibit-cache",
        ],
        0,
    ),
    plain(&["cgexec"], &["-g"], 0),
    plain(
        &["mpirun", "mpiexec"],
        &[
            "-np",
            "-n",
            "-H",
            "--host",
            "--hostfile",
            "-hostfile",
            "-x",
            "--map-by",
        ],
        0,
    ),
    plain(&["sem"], &["-j", "--jobs", "--id", "--timeout", "-P"], 0),
    Wrapper {
        names: &["tsp", "nq"],
        with_value: &["-L", "-D", "-N", "-W"],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: true,
        alone_reports: false,
    },
    // `logsave FILE CMD`: runs CMD, saving its output in FILE.
    Wrapper {
        names: &["logsave"],
        with_value: &[],
        operands: 1,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: false,
    },
    // Daemonisers (GTFOBins' `daemonize`, `start-stop-daemon`'s kin): the program keeps
    // running after the line.
    Wrapper {
        names: &["daemon", "daemonize"],
        with_value: &[
            "-c",
            "-p",
            "-l",
            "-u",
            "-e",
            "-o",
            "-a",
            "-E",
            "-n",
            "--name",
            "--chdir",
            "--pidfile",
            "--user",
            "--output",
            "--stdout",
            "--stderr",
        ],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: true,
        alone_reports: false,
    },
    // Runners that start their operand with a changed environment, limits, sound, proxy or a
    // password on the terminal (GTFOBins: each runs what it is given).
    Wrapper {
        names: &[
            "pexec",
            "softlimit",
            "chpst",
            "aoss",
            "padsp",
            "torify",
            "grc",
            "aa-exec",
            "distcc",
            "sshpass",
            "setuidgid",
            "envuidgid",
            "pgrphack",
            "fghack",
            "nsjail",
            "minijail0",
        ],
        with_value: &[
            "-a",
            "-c",
            "-d",
            "-f",
            "-l",
            "-m",
            "-o",
            "-p",
            "-r",
            "-s",
            "-t",
            "-u",
            "-U",
            "-b",
            "-e",
            "-n",
            "-L",
            "-P",
            "-i",
            "--profile",
            "--namespace",
            "--config",
        ],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: false,
        detached: false,
        alone_reports: false,
    },
    Wrapper {
        names: &["sg"],
        with_value: &[],
        operands: 1,
        bounds: false,
        script_options: &[],
        text: true,
        detached: false,
        alone_reports: false,
    },
    Wrapper {
        names: &["hyperfine"],
        with_value: &[
            "-w",
            "--warmup",
            "-r",
            "--runs",
            "-m",
            "--min-runs",
            "-M",
            "--max-runs",
            "-S",
            "--shell",
            "-n",
            "--command-name",
            "-p",
            "--prepare",
            "-c",
            "--cleanup",
            "-s",
            "--setup",
            "-u",
            "--time-unit",
            "--style",
            "--export-json",
            "--export-csv",
            "--export-markdown",
            "--export-asciidoc",
            "--export-orgmode",
        ],
        operands: 0,
        bounds: false,
        script_options: &[],
        text: true,
        detached: false,
        alone_reports: false,
    },
];

/// Judge a pure wrapper from its [`WRAPPERS`] row: the wrapped command is judged in its place.
/// Whether a program is one of [`WRAPPERS`] (the table's row for them).
pub(super) fn is_wrapper(c: &Call<'_>) -> bool {
    static NAMES: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    NAMES
        .get_or_init(|| {
            WRAPPERS
                .iter()
                .flat_map(|w| w.names.iter().copied())
                .collect()
        })
        .contains(c.name.as_str())
}

pub(super) fn wrapper(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let Some(w) = WRAPPERS.iter().find(|w| w.names.contains(&n)) else {
        return unknown(ctx, c);
    };
    if c.args
        .iter()
        .any(|a| w.script_options.contains(&a.text.as_str()))
    {
        // The command is an option's value, judged by the option table.
        return Flow::default();
    }
    let rest = skip_opts(c.args, w.with_value);
    // A finite duration bounds whatever runs inside.
    let bound = w.bounds
        && rest.first().is_some_and(|d| {
            !d.dynamic
                && d.text.chars().next().is_some_and(|ch| ch.is_ascii_digit())
                && d.text != "0"
        });
    // Options may follow the operands too (`setarch x86_64 -R CMD`); no command starts with `-`.
    let command = skip_opts(rest.get(w.operands..).unwrap_or(&[]), w.with_value);
    // The wrapper's own words may set the environment of what it runs
    // (`firejail --env=LD_PRELOAD=...`): judged as assignments, whichever wrapper it is.
    let own = &c.args[..c.args.len() - command.len()];
    super::shapes::environment_arguments(ctx, own);
    if command.is_empty() && !w.alone_reports {
        return unknown(ctx, c);
    }
    if w.detached && !command.is_empty() {
        detached(ctx, c);
    }
    ctx.bounded += u32::from(bound);
    let f = if w.text {
        command_texts(ctx, command);
        Flow {
            other: true,
            ..Flow::default()
        }
    } else {
        exec(ctx, command, c.stdin, c.span, c.redirs)
    };
    ctx.bounded -= u32::from(bound);
    f
}

/// A command that runs in a server or queue of its own outlives the line and its sandbox.
fn detached(ctx: &mut Ctx, c: &Call<'_>) {
    ctx.emit(
        RuleId::ServiceControl,
        c.span,
        format!(
            "`{}` runs the command in a server or queue of its own, outside the runner's process tree",
            c.name
        ),
    );
}

/// Each word is a command line of its own (`hyperfine 'make' 'make -j8'`).
fn command_texts(ctx: &mut Ctx, words: &[Word]) {
    for w in words {
        if w.dynamic {
            ctx.emit(
                RuleId::DynamicScript,
                w.span,
                "a command line only known when the line runs",
            );
        }
        let t = w.text.clone();
        ctx.nested(&t, w.span);
    }
}

/// `tmux`: the subcommands that start a shell command in a pane or the server
/// (`new-session`, `new-window`, `split-window`, `respawn-*`, `run-shell`, `pipe-pane`,
/// `display-popup`) and `send-keys`, which types into a running shell, run what they are given
/// outside the runner's process tree; other subcommands are judged as an unknown program.
pub(super) fn tmux(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let rest = skip_opts(c.args, &["-L", "-S", "-f", "-c", "-T"]);
    let Some(sub) = rest.first() else {
        return unknown(ctx, c);
    };
    let with_value = [
        "-s", "-n", "-c", "-t", "-x", "-y", "-e", "-F", "-f", "-l", "-p", "-w", "-h", "-N", "-X",
        "-T", "-S", "-b",
    ];
    let args = skip_opts(&rest[1..], &with_value);
    match sub.text.as_str() {
        "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw"
        | "respawn-pane" | "respawnp" | "respawn-window" | "respawnw" | "run-shell" | "run"
        | "pipe-pane" | "pipep" | "display-popup" | "popup" => {
            if !args.is_empty() {
                detached(ctx, c);
                let words: Vec<String> = args.iter().map(|w| w.text.clone()).collect();
                if args.iter().any(|w| w.dynamic) {
                    ctx.emit(
                        RuleId::DynamicScript,
                        c.span,
                        "a `tmux` command line only known when the line runs",
                    );
                }
                ctx.nested(&words.join(" "), c.span);
            }
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        "send-keys" | "send" => {
            detached(ctx, c);
            let mut typed = String::new();
            for w in args {
                match w.text.as_str() {
                    "Enter" | "C-m" | "KPEnter" | "C-j" => typed.push('\n'),
                    t => {
                        if w.dynamic {
                            ctx.emit(
                                RuleId::DynamicScript,
                                w.span,
                                "keys typed into a shell only known when the line runs",
                            );
                        }
                        typed.push_str(t);
                    }
                }
            }
            ctx.nested(&typed, c.span);
            Flow {
                other: true,
                ..Flow::default()
            }
        }
        _ => unknown(ctx, c),
    }
}

/// `screen`: `-dm`/`-dmS NAME` start the command after the options detached; `-X stuff TEXT`
/// types TEXT into a running session and `-X exec CMD...` runs CMD there. Without a command it
/// opens an interactive session, judged as an unknown program.
pub(super) fn screen(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let with_value = [
        "-S", "-c", "-p", "-t", "-T", "-e", "-h", "-s", "-Logfile", "-X",
    ];
    // `-Logfile FILE`: the session's output is written there.
    if let Some(w) = c.args.windows(2).find(|w| w[0].text == "-Logfile") {
        write_target(ctx, &w[1], "`screen -Logfile`");
    }
    let x = c.args.iter().position(|a| a.text == "-X");
    if let Some(k) = x {
        let cmd = &c.args[k + 1..];
        detached(ctx, c);
        match cmd.first().map(|w| w.text.as_str()) {
            Some("stuff") => command_texts(ctx, &cmd[1..]),
            Some("exec" | "screen") => {
                exec(ctx, skip_opts(&cmd[1..], &[]), None, c.span, c.redirs);
            }
            _ => {}
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    let rest = skip_opts(c.args, &with_value);
    if rest.is_empty() {
        return unknown(ctx, c);
    }
    let attached = !c.args.iter().any(|a| {
        let t = a.text.as_str();
        t.starts_with("-d") || t.starts_with("-D")
    });
    if !attached {
        detached(ctx, c);
    }
    exec(ctx, rest, c.stdin, c.span, c.redirs)
}

/// `command`, `builtin`.
pub(super) fn command_builtin(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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

/// `exec`.
pub(super) fn exec_builtin(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let rest = skip_opts(c.args, &["-a"]);
    exec(ctx, rest, c.stdin, c.span, c.redirs)
}

/// `watch`.
pub(super) fn watch(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let rest = skip_opts(c.args, &["-n", "-d", "--interval", "--differences"]);
    let script: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
    if !rest.is_empty() {
        ctx.nested(&script.join(" "), c.span);
    }
    Flow::default()
}

/// `script`.
pub(super) fn script(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    // `script [FILE]` records the session into FILE (`typescript` by default).
    if let Some(file) = positionals(
        c.args,
        &[
            "-c",
            "--command",
            "-E",
            "--echo",
            "-I",
            "-O",
            "-B",
            "-T",
            "--log-in",
            "--log-out",
            "--log-io",
            "--log-timing",
            "-m",
            "--logging-format",
        ],
    )
    .first()
    {
        write_target(ctx, file, "`script`");
    }
    if let Some(v) = clustered_value(c.args, 'c', "command") {
        let t = v.text.clone();
        ctx.nested(&t, v.span);
    } else {
        ctx.emit(
            RuleId::UnknownCommand,
            c.span,
            "`script` starts an interactive shell",
        );
        // The user's shell, reading commands the line does not show: a bare shell.
        ctx.nested("sh", c.span);
    }
    Flow::default()
}

/// `busybox`, `toybox`.
pub(super) fn busybox(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    // The multi-call binary's own listings (`busybox --list`, `toybox --long`, `busybox
    // --help`) run no applet.
    if let [only] = c.args
        && !only.dynamic
        && matches!(
            only.text.as_str(),
            "--list" | "--list-full" | "--long" | "--help"
        )
    {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
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

pub(super) fn env_cmd(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let mut i = 0;
    let mut chdir: Option<paths::Cwd> = None;
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
        if matches!(t, "-C" | "--chdir") || t.starts_with("--chdir=") {
            // The command runs in that directory: a relative program name is found there.
            let dir = match t.split_once('=') {
                Some((_, d)) => Some(value_word(&args[i], d)),
                None => args.get(i + 1).cloned(),
            };
            chdir = Some(match dir {
                Some(d) if !d.dynamic => paths::chdir(Some(&d.text), &ctx.cwd),
                _ => paths::Cwd::Unknown,
            });
            i += if t.contains('=') { 1 } else { 2 };
            continue;
        }
        if matches!(t, "-u" | "--unset") {
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
    match chdir {
        Some(dir) => {
            let saved = std::mem::replace(&mut ctx.cwd, dir);
            let flow = exec(ctx, &args[i..], c.stdin, c.span, c.redirs);
            ctx.cwd = saved;
            flow
        }
        None => exec(ctx, &args[i..], c.stdin, c.span, c.redirs),
    }
}

pub(super) fn privilege(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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
        "nsenter" => &["-t", "--target", "-S", "--setuid", "-G", "--setgid"],
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

pub(super) fn xargs(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        if !t.starts_with('-') {
            break;
        }
        if with_value.contains(&t) {
            i += 1;
        }
        i += 1;
    }
    // `xargs -a FILE` reads its argument list from FILE as `xargs < FILE` reads it from stdin:
    // the command is judged on what it runs, and FILE as a path read. The paths in the list are
    // unseen, which only matters to a program that reads, sends or changes what they name.
    let arg_file = args[..i.min(args.len())].iter().any(|a| {
        let t = a.text.as_str();
        t == "-a" || t.starts_with("--arg-file") || (t.starts_with("-a") && t.len() > 2)
    }) || (c.stdin.is_none_or(|f| f.names.is_none())
        && c.redirs
            .iter()
            .any(|r| r.kind == crate::walk::RedirKind::Read));
    if arg_file
        && args
            .get(i)
            .is_some_and(|w| !METADATA_ONLY.contains(&w.text.as_str()))
    {
        ctx.emit(
            RuleId::XargsArgFile,
            c.span,
            "`xargs` takes the arguments from a file, not shown here, for a program that reads, sends or changes them",
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
    // File names piped in (`find ... | xargs cat`) are the arguments: judge the command with the
    // most sensitive of them, as `find -exec` is judged.
    let names = c.stdin.and_then(|f| f.names.as_deref());
    let owned: Vec<Word>;
    let rest = match (replace.filter(|r| !r.is_empty()), names) {
        (Some(r), _) => {
            owned = rest
                .iter()
                .map(|w| {
                    if w.text.contains(&r) {
                        Word {
                            dynamic: names.is_none_or(|n| n.dynamic),
                            text: w.text.replace(&r, names.map_or("", |n| n.text.as_str())),
                            ..w.clone()
                        }
                    } else {
                        w.clone()
                    }
                })
                .collect();
            &owned[..]
        }
        (None, Some(n)) => {
            owned = rest
                .iter()
                .cloned()
                .chain(std::iter::once(Word {
                    span: c.span,
                    ..n.clone()
                }))
                .collect();
            &owned[..]
        }
        (None, None) => rest,
    };
    if !arg_file {
        waits_on_terminal(ctx, c);
    }
    // The wrapped command gets arguments from input; its own stdin is not the pipe.
    let flow = repeated(ctx, &c.name, rest, c.span, c.redirs);
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

/// `ssh-keygen` and `ssh-add`: provider libraries (`-D`, `-s`) are judged by the library
/// option table; fingerprints, public keys and listings (`-l`, `-y`, `-F`, `-L`) only read;
/// anything else (generating, adding, changing keys) is judged as an unknown program.
pub(super) fn ssh_keys(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let reads: &[char] = if n == "ssh-add" {
        &['l', 'L']
    } else {
        &['l', 'y', 'F', 'L']
    };
    let read_only = c.args.iter().any(|a| {
        let t = a.text.as_str();
        t.starts_with('-') && !t.starts_with("--") && t[1..].starts_with(reads)
    });
    if read_only {
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    unknown(ctx, c)
}

/// GNU `parallel CMD ::: ARGS`: runs CMD once per argument, `{}` replaced by it; without a
/// CMD each argument is itself a command line. `::::` takes the arguments from files and stdin
/// gives them when no list follows: those are judged as `xargs` judges its input. `-S` runs
/// the jobs on other hosts.
pub(super) fn parallel(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let with_value = [
        "-j",
        "-P",
        "-S",
        "-a",
        "-d",
        "-I",
        "-n",
        "-N",
        "-E",
        "-L",
        "--jobs",
        "--sshlogin",
        "--arg-file",
        "--colsep",
        "--delimiter",
        "--delay",
        "--timeout",
        "--results",
        "--joblog",
        "--tmpdir",
        "--workdir",
        "--wd",
        "--env",
        "--basefile",
        "--transferfile",
    ];
    let args = c.args;
    let mut i = 0;
    while i < args.len() {
        let t = args[i].text.as_str();
        if !t.starts_with('-') || t.starts_with(":::") {
            break;
        }
        if with_value.contains(&t) {
            i += 1;
        }
        i += 1;
    }
    let opts = &args[..i.min(args.len())];
    if opts.iter().any(|a| {
        let t = a.text.as_str();
        t == "-S" || t.starts_with("--sshlogin") || t.starts_with("--sshloginfile")
    }) {
        ctx.emit(
            RuleId::Network,
            c.span,
            "`parallel -S` runs the jobs on other hosts",
        );
    }
    let rest = &args[i.min(args.len())..];
    let sep = rest
        .iter()
        .position(|w| w.text.starts_with(":::"))
        .unwrap_or(rest.len());
    let (cmd, lists) = rest.split_at(sep);
    let values: Vec<&Word> = lists
        .iter()
        .filter(|w| !w.text.starts_with(":::"))
        .collect();
    let from_files = lists.iter().any(|w| w.text.starts_with("::::"));
    if cmd.is_empty() {
        if lists.is_empty() || from_files {
            ctx.emit(
                RuleId::PipeToShellUnknown,
                c.span,
                "`parallel` runs command lines read from its input or a file",
            );
        }
        for v in values {
            if v.dynamic {
                ctx.emit(
                    RuleId::DynamicScript,
                    v.span,
                    "a `parallel` command line only known when the line runs",
                );
            }
            let t = v.text.clone();
            ctx.nested(&t, v.span);
        }
        return Flow {
            other: true,
            ..Flow::default()
        };
    }
    if from_files {
        return xargs(
            ctx,
            &Call {
                name: c.name.clone(),
                args: cmd,
                stdin: c.stdin,
                span: c.span,
                redirs: c.redirs,
            },
        );
    }
    // Each argument in place of `{}` (or appended): the strictest run is the judgement.
    let mut flow = Flow::default();
    // `-a FILE` gives the inputs as `xargs -a FILE` does.
    let arg_file: Vec<Word> = opts
        .iter()
        .enumerate()
        .filter_map(|(k, a)| {
            let t = a.text.as_str();
            if t == "-a" || t == "--arg-file" {
                opts.get(k + 1)
            } else if t.starts_with("--arg-file=") || (t.starts_with("-a") && t.len() > 2) {
                Some(a)
            } else {
                None
            }
        })
        .take(1)
        .flat_map(|v| {
            let text = v.text.trim_start_matches("--arg-file=");
            let text = if text == v.text && text.starts_with("-a") {
                &text[2..]
            } else {
                text
            };
            [value_word(v, "-a"), value_word(v, text)]
        })
        .collect();
    let runs: Vec<Vec<Word>> = if values.is_empty() {
        vec![arg_file.iter().chain(cmd).cloned().collect()]
    } else {
        values
            .iter()
            .map(|v| {
                let mut words: Vec<Word> = Vec::with_capacity(cmd.len() + 1);
                let mut placed = false;
                for w in cmd {
                    if w.text.contains("{}") {
                        placed = true;
                        words.push(Word {
                            dynamic: w.dynamic || v.dynamic,
                            text: w.text.replace("{}", &v.text),
                            ..w.clone()
                        });
                    } else {
                        words.push(w.clone());
                    }
                }
                if !placed {
                    words.push((*v).clone());
                }
                words
            })
            .collect()
    };
    for run in runs {
        let f = if values.is_empty() {
            xargs(
                ctx,
                &Call {
                    name: c.name.clone(),
                    args: &run,
                    stdin: c.stdin,
                    span: c.span,
                    redirs: c.redirs,
                },
            )
        } else {
            repeated(ctx, &c.name, &run, c.span, c.redirs)
        };
        flow.merge(&f);
    }
    flow
}

/// Run a command once per input for a runner (`xargs`, `parallel`): judged as the command, and
/// asked when the command changes files in the working directory, since the runner repeats the
/// change over every input.
fn repeated(ctx: &mut Ctx, runner: &str, argv: &[Word], span: Span, redirs: &[Redir]) -> Flow {
    let before = ctx.writes_inside;
    let flow = exec(ctx, argv, None, span, redirs);
    if ctx.writes_inside > before {
        ctx.emit(
            RuleId::RunnerChangesFiles,
            span,
            format!("`{runner}` repeats a command that changes files, once per input"),
        );
    }
    flow
}

/// A runner that reads its inputs from standard input the line does not give waits on the
/// terminal: it does not end on its own.
fn waits_on_terminal(ctx: &mut Ctx, c: &Call<'_>) {
    let reads_file = c
        .redirs
        .iter()
        .any(|r| r.kind == crate::walk::RedirKind::Read);
    if c.stdin.is_none() && !reads_file && ctx.bounded == 0 {
        ctx.emit(
            RuleId::NeverEnds,
            c.span,
            format!(
                "`{}` reads its inputs from a terminal the line does not give: it does not end on its own",
                c.name
            ),
        );
    }
}

/// Skip leading options (and the values of those listed) and return the command that follows.
pub(super) fn skip_opts<'a>(args: &'a [Word], with_value: &[&str]) -> &'a [Word] {
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

/// A program whose subcommand runs the command after it in the program's environment
/// (`poetry run CMD`, `bundle exec CMD`, `conda run -n ENV CMD`, `direnv exec DIR CMD`).
pub(super) struct SubcommandRunner {
    /// Program names.
    pub(super) names: &'static [&'static str],
    /// The subcommands that run a command.
    pub(super) subcommands: &'static [&'static str],
    /// Options (after the subcommand) that take the next word as their value.
    pub(super) with_value: &'static [&'static str],
    /// Operands of the subcommand before the command (`direnv exec DIR`).
    pub(super) operands: usize,
}

/// Every subcommand runner.
pub(super) const SUBCOMMAND_RUNNERS: &[SubcommandRunner] = &[
    SubcommandRunner {
        names: &[
            "poetry", "pdm", "hatch", "pipenv", "uv", "rye", "pixi", "tox",
        ],
        subcommands: &["run"],
        with_value: &[
            "-e",
            "--env",
            "--with",
            "-p",
            "--project",
            "--directory",
            "--python",
            "--package",
        ],
        operands: 0,
    },
    SubcommandRunner {
        names: &["conda", "mamba", "micromamba"],
        subcommands: &["run"],
        with_value: &["-n", "--name", "-p", "--prefix", "--cwd"],
        operands: 0,
    },
    SubcommandRunner {
        names: &[
            "bundle", "rbenv", "pyenv", "nodenv", "goenv", "jenv", "asdf", "mise", "rtx", "opam",
            "stack", "cabal", "volta", "fnm", "sdk", "dune",
        ],
        subcommands: &["exec", "x", "run"],
        with_value: &["--switch", "--package", "--env", "-C", "--cd"],
        operands: 0,
    },
    SubcommandRunner {
        names: &["direnv"],
        subcommands: &["exec"],
        with_value: &[],
        operands: 1,
    },
    SubcommandRunner {
        names: &["distrobox", "toolbox"],
        subcommands: &["enter", "run"],
        with_value: &["-n", "--name", "-c", "--container", "-d", "--distro"],
        operands: 0,
    },
    // A command run in a container or pod is still judged: a download piped to a shell there
    // runs unseen code with the container's network, mounts and credentials.
    SubcommandRunner {
        names: &["docker", "podman", "nerdctl"],
        subcommands: &["exec"],
        with_value: &[
            "-e",
            "--env",
            "--env-file",
            "-u",
            "--user",
            "-w",
            "--workdir",
            "--detach-keys",
        ],
        operands: 1,
    },
    SubcommandRunner {
        names: &["kubectl"],
        subcommands: &["exec"],
        with_value: &[
            "-c",
            "--container",
            "-n",
            "--namespace",
            "-f",
            "--filename",
            "--pod-running-timeout",
        ],
        operands: 1,
    },
    SubcommandRunner {
        names: &["nix"],
        subcommands: &["develop", "shell"],
        with_value: &["-c", "--command"],
        operands: 0,
    },
];

/// The command a subcommand runner runs, if `c` is one (see [`SUBCOMMAND_RUNNERS`]).
pub(super) fn subcommand_command<'a>(c: &Call<'a>) -> Option<&'a [Word]> {
    let row = SUBCOMMAND_RUNNERS
        .iter()
        .find(|r| r.names.contains(&c.name.as_str()))?;
    let args = c.args;
    let sub = args.iter().position(|a| !a.text.starts_with('-'))?;
    if !row.subcommands.contains(&args[sub].text.as_str()) {
        return None;
    }
    let mut i = sub + 1;
    let mut operands = row.operands;
    while i < args.len() {
        let t = args[i].text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        // nix's `-c CMD ARGS`/`--command CMD ARGS` introduce the command itself.
        if c.name == "nix" && matches!(t, "-c" | "--command") {
            i += 1;
            break;
        }
        if row.with_value.contains(&t) {
            i += 2;
            continue;
        }
        if t.starts_with('-') {
            i += 1;
            continue;
        }
        if operands > 0 {
            operands -= 1;
            i += 1;
            continue;
        }
        break;
    }
    if c.name == "nix"
        && !args[..i.min(args.len())]
            .iter()
            .any(|a| matches!(a.text.as_str(), "-c" | "--command"))
    {
        return None;
    }
    (i < args.len()).then(|| &args[i..])
}

/// Secret managers' runners and the subcommand with which each runs a command with secrets
/// put in its environment (empty: the program is only a runner).
const SECRET_INJECTORS: &[(&str, &str)] = &[
    ("op", "run"),
    ("doppler", "run"),
    ("aws-vault", "exec"),
    ("chamber", "exec"),
    ("infisical", "run"),
    ("berglas", "exec"),
    ("teller", "run"),
    ("dotenvx", "run"),
    ("vals", "exec"),
    ("envchain", ""),
    ("envconsul", ""),
    ("summon", ""),
];

/// Whether a call is a secret manager running a command with secrets injected.
pub(super) fn injects_secrets(c: &Call<'_>) -> bool {
    SECRET_INJECTORS.iter().any(|(p, sub)| {
        *p == c.name
            && (sub.is_empty()
                || c.args
                    .iter()
                    .find(|a| !a.text.starts_with('-'))
                    .is_some_and(|a| a.text == *sub))
    })
}

/// A secret manager running a command with secrets in its environment (`op run -- CMD`,
/// `aws-vault exec PROFILE -- CMD`, `envchain NAMESPACE CMD`): the command is judged as a
/// command, and it holds credentials, so what it prints or writes of its environment is
/// credentials (`env > /tmp/e` copies them; `env | nc` sends them).
pub(super) fn secret_injector(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let start = match c.args.iter().position(|a| a.text == "--") {
        Some(k) => Some(k + 1),
        // No `--`: the command starts at the first operand that is a program, after the
        // subcommand and, for `envchain`, its namespaces.
        None => {
            let skip = usize::from(n != "envconsul" && n != "summon");
            c.args
                .iter()
                .enumerate()
                .filter(|(_, a)| !a.text.starts_with('-'))
                .skip(skip)
                .find(|(_, a)| !a.dynamic && is_known_command(&a.text))
                .map(|(k, _)| k)
        }
    };
    ctx.emit(
        RuleId::CredentialPrint,
        c.span,
        format!(
            "`{}` runs a command with secrets in its environment",
            printable(n)
        ),
    );
    match start.filter(|&k| k < c.args.len()) {
        Some(k) => {
            let mut flow = exec(ctx, &c.args[k..], c.stdin, c.span, c.redirs);
            flow.secrets |= ctx.findings.iter().any(|f| f.rule == "env-dump");
            flow
        }
        None => {
            ctx.emit(
                RuleId::UnknownRunner,
                c.span,
                format!("`{}` runs a command this line does not show", printable(n)),
            );
            Flow {
                other: true,
                ..Flow::default()
            }
        }
    }
}
