//! Commands that never end on their own: follow modes, repeaters, long sleeps, servers and
//! listeners. They are judged by [`RuleId::NeverEnds`] unless a `timeout` wrapper bounds them.

use super::*;

/// The runner's timeout in seconds; a `sleep` beyond it never finishes in time.
const RUNNER_TIMEOUT_SECS: f64 = 30.0;

/// Programs that never end when given one of these options (`""` means always).
const FOLLOW: &[(&str, &[&str])] = &[
    ("tail", &["-f", "-F", "--follow", "--retry"]),
    ("journalctl", &["-f", "--follow"]),
    ("dmesg", &["-w", "--follow", "-W", "--follow-new"]),
    ("watch", &[""]),
    ("yes", &[""]),
    ("top", &[""]),
    ("htop", &[""]),
    ("btop", &[""]),
    ("atop", &[""]),
    ("iotop", &[""]),
    ("nethogs", &[""]),
    ("tcpdump", &[""]),
    ("inotifywait", &["-m", "--monitor"]),
    ("fswatch", &[""]),
    ("entr", &[""]),
    ("less", &["+F"]),
    // Full-screen monitors: they redraw until a key is pressed.
    ("nload", &[""]),
    ("bmon", &[""]),
    ("glances", &[""]),
    ("iftop", &[""]),
    ("dstat", &[""]),
    ("nvtop", &[""]),
    ("powertop", &[""]),
    ("bpytop", &[""]),
    ("btm", &[""]),
    ("nmon", &[""]),
    ("ctop", &[""]),
    ("k9s", &[""]),
    ("lazydocker", &[""]),
    ("stern", &[""]),
    ("nvidia-smi", &["-l", "--loop", "-lms", "--loop-ms"]),
    ("gpustat", &["-i", "--interval", "--watch"]),
];

/// Options that, by the convention programs share, keep a program running to report changes:
/// `gh pr checks --watch`, `tsc --watch`, `kubectl rollout status --watch`, `--follow`. `git log
/// --follow` follows renames and ends.
fn follows_by_convention(c: &Call<'_>) -> bool {
    // The program's own options: a command it runs (`timeout 5 dmesg --follow`) is judged as
    // that command, with its own bounds.
    let own = c
        .args
        .iter()
        .position(|a| {
            !a.text.starts_with('-')
                && (is_known_command(&a.text)
                    || SHELLS.contains(&a.text.as_str())
                    || INTERPRETERS.contains(&a.text.as_str()))
        })
        .unwrap_or(c.args.len());
    c.name != "git"
        && c.args[..own].iter().any(|a| {
            let t = a.text.as_str();
            let (opt, value) = t.split_once('=').unwrap_or((t, ""));
            matches!(opt, "--follow" | "--watch" | "--monitor")
                && !matches!(value, "false" | "0" | "no" | "never")
        })
}

/// Subcommands of container and cluster tools that follow output.
const FOLLOW_SUB: &[(&str, &str, &[&str])] = &[
    ("kubectl", "logs", &["-f", "--follow"]),
    ("docker", "logs", &["-f", "--follow"]),
    ("podman", "logs", &["-f", "--follow"]),
    ("docker", "events", &[""]),
    ("kubectl", "port-forward", &[""]),
    ("kubectl", "get", &["-w", "--watch"]),
    ("docker", "stats", &[""]),
    ("podman", "stats", &[""]),
    ("nerdctl", "stats", &[""]),
    ("podman", "events", &[""]),
    ("nerdctl", "events", &[""]),
    ("gh", "run", &["watch"]),
];

/// Interpreter modules that start servers (`python3 -m http.server`).
const SERVER_MODULES: &[&str] = &["http.server", "SimpleHTTPServer", "smtpd", "pydoc"];

/// Whether any of the options is present (`""` matches always).
fn has_any(args: &[Word], opts: &[&str]) -> bool {
    opts.iter().any(|o| {
        o.is_empty()
            || args.iter().any(|a| {
                let t = a.text.as_str();
                t == *o
                    || (o.starts_with("--") && t.starts_with(&format!("{o}=")))
                    || (o.len() == 2
                        && o.starts_with('-')
                        && !t.starts_with("--")
                        && t.starts_with('-')
                        && t.len() > 2
                        && t[1..].contains(&o[1..]))
            })
    })
}

/// Seconds of a `sleep` operand (`10`, `1.5m`, `2h`, `1d`, `infinity`); `None` when not a number.
fn sleep_secs(t: &str) -> Option<f64> {
    if t.eq_ignore_ascii_case("infinity") || t.eq_ignore_ascii_case("inf") {
        return Some(f64::INFINITY);
    }
    let (num, mult) = match t.chars().last() {
        Some('s') => (&t[..t.len() - 1], 1.0),
        Some('m') => (&t[..t.len() - 1], 60.0),
        Some('h') => (&t[..t.len() - 1], 3600.0),
        Some('d') => (&t[..t.len() - 1], 86400.0),
        _ => (t, 1.0),
    };
    num.parse::<f64>().ok().map(|n| n * mult)
}

/// Report `c` when it never ends on its own.
pub(super) fn never_ends(ctx: &mut Ctx, c: &Call<'_>) {
    // A server bounded by `timeout` still publishes its directory while it runs.
    served_directory(ctx, c);
    if ctx.bounded > 0 {
        return;
    }
    // `python3 -m http.server --help`: help printed, nothing started.
    if c.args.iter().any(|a| a.text == "--help") {
        return;
    }
    let n = c.name.as_str();
    let endless = match n {
        "sleep" => {
            let total: f64 = c.args.iter().filter_map(|a| sleep_secs(&a.text)).sum();
            total > RUNNER_TIMEOUT_SECS || c.args.iter().any(|a| a.dynamic)
        }
        "ping" | "ping6" => !has_flag(c.args, 'c', &["count"]) && !has_flag(c.args, 'w', &[]),
        // `free -s N` repeats until `-c COUNT` stops it.
        "free" => has_flag(c.args, 's', &["seconds"]) && !has_flag(c.args, 'c', &["count"]),
        "vmstat" | "iostat" | "mpstat" | "pidstat" | "sar" => {
            // `vmstat DELAY` repeats forever; `vmstat DELAY COUNT` ends.
            positionals(c.args, &[]).len() == 1
        }
        "cat" | "head" | "od" | "xxd" | "hexdump" => {
            n == "cat"
                && c.args.iter().any(|a| {
                    matches!(
                        a.text.as_str(),
                        "/dev/zero" | "/dev/urandom" | "/dev/random"
                    )
                })
        }
        "nc" | "ncat" | "netcat" | "socat" => {
            has_flag(c.args, 'l', &["listen"])
                || c.args
                    .iter()
                    .any(|a| a.text.to_ascii_lowercase().contains("listen"))
        }
        _ if n.starts_with("python") => c
            .args
            .windows(2)
            .any(|w| w[0].text == "-m" && SERVER_MODULES.contains(&w[1].text.as_str())),
        _ if file_server(c).is_some() => true,
        _ => {
            FOLLOW
                .iter()
                .any(|(p, opts)| *p == n && has_any(c.args, opts))
                || FOLLOW_SUB.iter().any(|(p, sub, opts)| {
                    *p == n && c.args.iter().any(|a| a.text == *sub) && has_any(c.args, opts)
                })
                || follows_by_convention(c)
        }
    };
    // `docker stats --no-stream` prints one sample.
    let endless = endless && !c.args.iter().any(|a| a.text == "--no-stream");
    if endless && !(n == "top" && has_flag(c.args, 'n', &[]) && has_flag(c.args, 'b', &[])) {
        ctx.emit(
            RuleId::NeverEnds,
            c.span,
            format!("`{n}` does not end on its own and ties up the runner"),
        );
    }
}

/// Programs that serve a directory to the network, and where the directory is named: an option
/// (short, long), or the first operand after the server's marker; without one they serve the
/// working directory.
struct FileServer {
    programs: &'static [&'static str],
    /// Arguments that must all be present for the program to be serving files (`-m
    /// http.server`, `-S`, `file-server`, ruby's `-run` then `httpd`); the directory operand is
    /// looked for after the last of them.
    marker: &'static [&'static str],
    root_short: &'static [&'static str],
    root_long: &'static [&'static str],
    /// Whether the directory is an operand (`http-server DIR`, `ruby -run -e httpd DIR`).
    operand: bool,
    /// Options taking a value, skipped when looking for the operand.
    with_value: &'static [&'static str],
}

const FILE_SERVERS: &[FileServer] = &[
    FileServer {
        programs: PYTHONS,
        marker: &["http.server"],
        root_short: &["-d"],
        root_long: &["directory"],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: PYTHONS,
        marker: &["SimpleHTTPServer"],
        root_short: &[],
        root_long: &[],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: &["php", "php-cgi"],
        marker: &["-S"],
        root_short: &["-t"],
        root_long: &["docroot"],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: &["ruby", "jruby"],
        marker: &["-run", "httpd"],
        root_short: &[],
        root_long: &["document-root"],
        operand: true,
        with_value: &["-p", "--port", "-b", "--bind-address", "-e"],
    },
    FileServer {
        programs: &["httpd", "busybox-httpd", "thttpd", "webfsd"],
        marker: &[],
        root_short: &["-h", "-d", "-r"],
        root_long: &[],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: &["caddy"],
        marker: &["file-server"],
        root_short: &["-r"],
        root_long: &["root"],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: &["twistd"],
        marker: &["web"],
        root_short: &[],
        root_long: &["path"],
        operand: false,
        with_value: &[],
    },
    FileServer {
        programs: &[
            "http-server",
            "serve",
            "live-server",
            "miniserve",
            "darkhttpd",
            "simple-http-server",
            "static-web-server",
            "servor",
            "sirv",
        ],
        marker: &[],
        root_short: &[],
        root_long: &["root"],
        operand: true,
        with_value: &[
            "-p",
            "--port",
            "-a",
            "--address",
            "-l",
            "--listen",
            "-c",
            "-e",
            "--ext",
            "-i",
            "-t",
            "--timeout",
            "-C",
            "--cert",
            "-K",
            "--key",
            "-P",
            "--proxy",
            "-u",
            "--username",
            "--password",
            "--host",
            "-b",
            "--bind",
            "--addr",
            "--config",
            "--index",
            "--maxconn",
            "--ipv6",
        ],
    },
];

const PYTHONS: &[&str] = &["python", "python2", "python3", "pypy", "pypy3"];

/// The server of [`FILE_SERVERS`] that `c` runs, and the argument after its marker.
fn file_server(c: &Call<'_>) -> Option<(&'static FileServer, usize)> {
    let n = c.name.as_str();
    let base = if n.starts_with("python") { "python" } else { n };
    FILE_SERVERS.iter().find_map(|s| {
        if !(s.programs.contains(&n) || s.programs.contains(&base)) {
            return None;
        }
        let mut from = 0;
        for m in s.marker {
            from += c.args[from..].iter().position(|a| a.text == *m)? + 1;
        }
        Some((s, from))
    })
}

/// Is the location a home directory/// Is the location a home directory or a directory above one (`~`, `/`, `/home`, `/home/u`,
/// `/Users/u`, `/root`): serving it serves every key and credential below.
fn holds_a_home(loc: &Loc) -> bool {
    match loc {
        Loc::Home(c) => c.is_empty(),
        Loc::Abs(c) => {
            let lower: Vec<String> = c.iter().map(|s| s.to_ascii_lowercase()).collect();
            match lower.as_slice() {
                [] => true,
                [top] => matches!(top.as_str(), "home" | "users" | "root"),
                [top, _] => matches!(top.as_str(), "home" | "users"),
                _ => false,
            }
        }
        _ => false,
    }
}

/// A file server publishes a directory: home, `/` or a secrets directory means secrets leave the
/// machine.
fn served_directory(ctx: &mut Ctx, c: &Call<'_>) {
    let Some((server, after)) = file_server(c) else {
        return;
    };
    let (short, long) = (server.root_short, server.root_long);
    let dir = opt_values(c.args, short, long)
        .first()
        .map(|v| value_word(v, opt_text(v, short, long)))
        .or_else(|| {
            server
                .operand
                .then(|| {
                    positionals(&c.args[after..], server.with_value)
                        .first()
                        .copied()
                })
                .flatten()
                .cloned()
        });
    let loc = match &dir {
        Some(d) => ctx.loc(d),
        None => paths::resolve(".", &ctx.cwd),
    };
    let exposed = holds_a_home(&loc)
        || matches!(loc, Loc::Unknown | Loc::OtherHome(_))
        || paths::secret_class(&loc) != SecretClass::None
        || paths::holds_credentials(&loc);
    if exposed {
        ctx.emit(
            RuleId::Exfiltration,
            c.span,
            "serves the home directory, `/` or secrets to the network",
        );
    }
}

/// Whether inline code of any language loops without a condition that can end it:
/// `while (1)`, `while (true)`, `for (;;)`, `while True:`, `while 1:`, `while true do`,
/// `loop {`, `loop do`. Spacing and case do not matter.
pub(super) fn endless_code(code: &str) -> bool {
    let squeezed: String = code
        .chars()
        .filter(|ch| !ch.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    const LOOPS: &[&str] = &[
        "while(1)",
        "while(true)",
        "while(!0)",
        "for(;;)",
        "whiletrue:",
        "while1:",
        "whiletruedo",
        "whiletrue;do",
        "loop{",
        "loopdo",
    ];
    LOOPS.iter().any(|l| squeezed.contains(l))
}

/// Inline code that never ends ties up the runner like a server does, unless a `timeout`
/// wrapper bounds it.
pub(super) fn endless_inline_code(ctx: &mut Ctx, span: Span, name: &str, code: &str) {
    if ctx.bounded == 0 && endless_code(code) {
        ctx.emit(
            RuleId::NeverEnds,
            span,
            format!("`{name}` code loops without end and ties up the runner"),
        );
    }
}
