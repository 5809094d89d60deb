//! Read-only modes of programs that can also change or run things. Subcommand programs share
//! a vocabulary: query verbs (`list`, `show`, `status`, `describe`, ...), dry-run and simulate
//! switches, and `--help` after the subcommand words. A line in one of these modes reads and
//! prints; the program's options that run code are still judged (`options`, `shapes`).

use super::*;

/// Programs whose command line is `PROGRAM SUBCOMMAND... [OPTIONS]`: for these, `SUB... --help`
/// and `help SUB...` print help and do nothing else.
const SUBCOMMAND_PROGRAMS: &[&str] = &[
    "docker",
    "podman",
    "nerdctl",
    "kubectl",
    "helm",
    "docker-compose",
    "minikube",
    "kind",
    "git",
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "pip",
    "pip3",
    "pipx",
    "uv",
    "poetry",
    "cargo",
    "go",
    "gem",
    "bundle",
    "brew",
    "apt",
    "apt-get",
    "apt-cache",
    "dnf",
    "yum",
    "zypper",
    "apk",
    "snap",
    "flatpak",
    "conda",
    "mamba",
    "composer",
    "rustup",
    "systemctl",
    "gh",
    "glab",
    "aws",
    "gcloud",
    "az",
    "terraform",
    "puppet",
    "deno",
    "loginctl",
    "timedatectl",
    "hostnamectl",
    "networkctl",
    "resolvectl",
    "journalctl",
    "crontab",
    "ssh-keygen",
];

/// Verbs that ask a subcommand program what it has, without changing it.
pub(super) const QUERY_VERBS: &[&str] = &[
    "list",
    "ls",
    "show",
    "info",
    "status",
    "describe",
    "inspect",
    "view",
    "search",
    "outdated",
    "lint",
    "validate",
    "history",
    "why",
    "explain",
    "tree",
    "graph",
    "version",
    "help",
    "repoquery",
    "provides",
    "whatprovides",
    "deplist",
    "repolist",
    "check-update",
    "policy",
    "madison",
    "depends",
    "rdepends",
    "contents",
    "which",
    "specification",
    "query",
    "index",
    "audit",
    "can-i",
    "whoami",
    "api-versions",
    "remote-ls",
    "remotes",
    "lr",
    "lu",
    "se",
    "list-updates",
    "repos",
    "leaves",
    "deps",
    "uses",
    "env",
    "doctor",
    "diff",
];

/// Words after a query verb that make it change something (`npm audit fix`, `dnf history
/// undo`, `pip index ... install`).
const CHANGING_WORDS: &[&str] = &[
    "fix",
    "install",
    "add",
    "remove",
    "rm",
    "delete",
    "set",
    "unset",
    "update",
    "upgrade",
    "apply",
    "create",
    "edit",
    "exec",
    "run",
    "prune",
    "clean",
    "reset",
    "push",
    "publish",
    "uninstall",
    "enable",
    "disable",
    "start",
    "stop",
    "restart",
    "kill",
    "undo",
    "redo",
    "rollback",
    "replay",
    "sync",
    "import",
    "export",
    "token",
];

/// Subcommands that run a script, a package or a task by name (`npm run lint`, `yarn dlx`,
/// `cargo run`): whatever word follows names what runs.
const RUNNING_WORDS: &[&str] = &[
    "run",
    "run-script",
    "exec",
    "x",
    "dlx",
    "test",
    "start",
    "restart",
    "eval",
    "task",
    "script",
];

/// Switches that make a subcommand program only report what it would do.
fn dry_run_switch(w: &Word) -> bool {
    let t = w.text.as_str();
    match t.strip_prefix("--dry-run=") {
        Some(mode) => matches!(mode, "client" | "server"),
        None => matches!(
            t,
            "--dry-run" | "--simulate" | "--just-print" | "--no-act" | "--recon" | "--assumeno"
        ),
    }
}

fn plain(w: &Word) -> bool {
    !w.dynamic
        && !w.subst
        && !w.param
        && w.procsub.is_none()
        && w.text
            .chars()
            .next()
            .is_some_and(|ch| ch.is_ascii_lowercase())
        && w.text
            .chars()
            .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_' | ':'))
}

/// `docker run --help`, `kubectl exec --help`, `cargo help build`: help, nothing run.
pub(super) fn help_only(c: &Call<'_>) -> bool {
    if !SUBCOMMAND_PROGRAMS.contains(&c.name.as_str()) {
        return false;
    }
    let Some((last, rest)) = c.args.split_last() else {
        return false;
    };
    (last.text == "--help" && !rest.is_empty() && rest.len() <= 3 && rest.iter().all(plain))
        || (c.args.first().is_some_and(|a| a.text == "help")
            && c.args.len() <= 4
            && c.args.iter().all(plain))
}

/// The subcommand words of `c` (its positionals, in order).
fn verbs<'a>(c: &'a Call<'_>) -> Vec<&'a str> {
    c.args
        .iter()
        .filter(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .collect()
}

/// A query verb in the first two subcommand words (`npm outdated`, `helm lint`, `gem list`,
/// `kubectl auth can-i`, `dnf repoquery`), and no later word that changes something.
pub(super) fn query_verb(c: &Call<'_>) -> bool {
    let v = verbs(c);
    if !v.iter().take(2).any(|w| QUERY_VERBS.contains(w)) {
        return false;
    }
    // `kubectl diff` runs the external diff program it is given by the environment, judged
    // there; `go ... env -w` writes settings.
    !v.iter()
        .any(|w| CHANGING_WORDS.contains(w) || RUNNING_WORDS.contains(w))
        && !c.args.iter().any(|a| {
            matches!(a.text.as_str(), "-w" | "--write" | "-u" | "--unset" | "-t")
                || (a.text.starts_with("--")
                    && [
                        "token", "secret", "password", "decrypt", "reveal", "raw", "exec",
                    ]
                    .iter()
                    .any(|k| a.text.contains(k)))
        })
}

/// Forge CLIs' read-only subcommands whose noun is also a running or changing word elsewhere
/// (`gh run list` lists workflow runs; `npm run list` would run a script), by program, as the
/// manuals give them: each entry is the two subcommand words.
const FORGE_READS: &[(&str, &[[&str; 2]])] = &[
    (
        "gh",
        &[
            ["run", "list"],
            ["run", "view"],
            ["pr", "checks"],
            ["cache", "list"],
        ],
    ),
    ("glab", &[["mr", "diff"], ["ci", "list"]]),
];

/// A forge CLI's read-only subcommand (see [`FORGE_READS`]): the two subcommand words first,
/// then only plain words, numbers and options without a path or a value that names a secret.
pub(super) fn forge_read(c: &Call<'_>) -> bool {
    let Some((_, reads)) = FORGE_READS.iter().find(|(n, _)| *n == c.name) else {
        return false;
    };
    let v = verbs(c);
    let [Some(noun), Some(verb)] = [v.first(), v.get(1)] else {
        return false;
    };
    reads.iter().any(|[a, b]| a == noun && b == verb)
        && c.args.iter().all(|a| {
            !a.dynamic
                && !a.subst
                && !a.param
                && a.procsub.is_none()
                && !a.text.contains('/')
                && !a.text.starts_with("--web")
        })
}

/// A dry run or simulation: `kubectl apply --dry-run=client`, `apt-get -s install`, `npm
/// install --dry-run`, `dnf install --assumeno`. Not for programs whose dry run still builds
/// or runs the project (`pip install --dry-run` builds source distributions, `make -n`
/// expands `$(shell ...)`, `cargo publish --dry-run` builds).
pub(super) fn dry_run(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    if matches!(
        n,
        "pip" | "pip3" | "uv" | "poetry" | "cargo" | "make" | "gmake"
    ) {
        return false;
    }
    c.args.iter().any(dry_run_switch)
        || (matches!(n, "apt-get" | "apt") && c.args.iter().any(|a| a.text == "-s"))
}

/// pacman's query operations: `-Q...` (installed), `-S` with only search, info, list and group
/// letters, `-F` without a refresh, `-T` (dependency test).
pub(super) fn pacman_query(c: &Call<'_>) -> bool {
    let Some(op) = c.args.first().map(|a| a.text.as_str()) else {
        return false;
    };
    let letters = |p: &str| op.strip_prefix(p).map(|r| r.chars().collect::<Vec<_>>());
    if letters("-Q").is_some() {
        return true;
    }
    if let Some(r) = letters("-S") {
        return !r.is_empty() && r.iter().all(|ch| matches!(ch, 's' | 'i' | 'l' | 'g' | 'q'));
    }
    if let Some(r) = letters("-F") {
        return !r.contains(&'y');
    }
    op == "-T"
}

/// A subcommand word that changes something (`dnf history undo`, `npm audit fix`).
pub(super) fn changes(c: &Call<'_>) -> bool {
    verbs(c).iter().any(|w| CHANGING_WORDS.contains(w))
}

/// A program with no table asked, in the vocabulary subcommand programs share, what it has:
/// its first word a query verb or a `list-*` verb (`virsh list --all`, `opkg list-installed`),
/// every argument a plain word or option, and nothing that names a secret. What its options
/// run is still judged by their shapes.
pub(super) fn unknown_query(c: &Call<'_>) -> bool {
    let Some(first) = c.args.first() else {
        return false;
    };
    let verb = first.text.as_str();
    // `ctr images ls`, `lxc image list`: a noun, then the query verb.
    let noun_then_query = c.args.get(1).is_some_and(|second| {
        plain(first)
            && !CHANGING_WORDS.contains(&verb)
            && !RUNNING_WORDS.contains(&verb)
            && matches!(
                second.text.as_str(),
                "ls" | "list" | "show" | "info" | "status" | "inspect" | "describe"
            )
    });
    let asks = (QUERY_VERBS.contains(&verb)
        && !matches!(verb, "diff" | "env" | "history" | "audit"))
        || verb.strip_prefix("list-").is_some_and(|k| !k.is_empty())
        || noun_then_query;
    asks && c
        .args
        .iter()
        .all(|a| plain(a) || (is_opt(a) && !a.text.contains(['=', '/'])))
        && !c.args.iter().any(|a| {
            [
                "secret",
                "password",
                "passwd",
                "token",
                "credential",
                "key",
                "item",
                "vault",
            ]
            .iter()
            .any(|k| a.text.to_ascii_lowercase().contains(k))
        })
        && (query_verb(c)
            || (verb.starts_with("list-")
                && !verbs(c)
                    .iter()
                    .any(|w| CHANGING_WORDS.contains(w) || RUNNING_WORDS.contains(w))))
}

/// Programs whose work is to read text or documents and print them, or write a converted copy
/// to an output they are named: roff preprocessors and formatters (safe mode), gettext's
/// catalog tools, spell checkers, PDF inspectors and converters, syntax highlighters. They have
/// no table, but they are not unknown: what they read and write is judged by the shapes of
/// their arguments (output options as write targets, plug-in and configuration options, secret
/// operands), and the modes that run or load code are not this family (`troff -U`, `groff
/// --unsafe`, `pygmentize -x`).
const TEXT_TOOLS: &[&str] = &[
    "groff",
    "troff",
    "nroff",
    "tbl",
    "eqn",
    "neqn",
    "soelim",
    "zsoelim",
    "grap",
    "refer",
    "msgcat",
    "msgconv",
    "msgattrib",
    "msguniq",
    "msgmerge",
    "msgcomm",
    "msggrep",
    "msgen",
    "msgfmt",
    "msgunfmt",
    "msgcmp",
    "msginit",
    "xgettext",
    "hunspell",
    "aspell",
    "qpdf",
    "pdftotext",
    "pdfinfo",
    "pdffonts",
    "highlight",
    "pygmentize",
];

/// Macro names with which `m4` input runs a command or reads or writes a file.
const M4_EFFECTS: &[&str] = &[
    "syscmd", "include", "undivert", "maketemp", "mkstemp", "divert",
];

/// A program of [`TEXT_TOOLS`] in a mode that only reads and prints, or `m4` expanding a literal
/// text given on its input that uses no macro that runs a command or touches a file.
pub(super) fn text_tool(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    if n == "m4" {
        return c
            .args
            .iter()
            .all(|a| is_opt(a) && !a.text.contains(['=', '/']))
            && c.stdin
                .filter(|f| !f.other && !f.network && !f.decoder && !f.tainted)
                .and_then(|f| f.literal.as_deref())
                .is_some_and(|t| !M4_EFFECTS.iter().any(|m| t.contains(m)));
    }
    TEXT_TOOLS.contains(&n)
        && !c.args.iter().any(|a| {
            let t = a.text.as_str();
            t == "--unsafe"
                || (n.ends_with("roff")
                    && t.starts_with('-')
                    && !t.starts_with("--")
                    && t.contains('U'))
                || (n == "pygmentize" && (t == "-x" || t.starts_with("-P")))
        })
}

/// One family's read-only mode: the programs, the switches of which at least one must be given
/// (empty: the program's plain use is already read-only or cwd-local), the other switches that
/// change nothing, switches that take a value (the value is then judged as an operand), and the
/// subcommand words the line may start with (empty: none).
struct ReadOnlyMode {
    programs: &'static [&'static str],
    subcommands: &'static [&'static str],
    mode: &'static [&'static str],
    also: &'static [&'static str],
    valued: &'static [&'static str],
    /// Operands are counts and intervals only, and there must be two (`pidstat 1 2`).
    counts: bool,
}

/// Read-only modes by family. Conventions differ, so a switch is listed only for the programs
/// whose manual gives it that meaning: `-l` lists for `gofmt` and `fcrontab`, `-n` is a count
/// for `iotop`, `-v` verifies for `setcap`; a switch that writes, runs a command or names a
/// configuration (`gofmt -w`, `split --filter`, `pax -r`, `setcap` without `-v`, `heroku logs
/// --tail`) is not listed, so the line is not this class and is judged as before.
const READ_ONLY_MODES: &[ReadOnlyMode] = &[
    // Formatters and linters told only to report.
    ReadOnlyMode {
        programs: &["gofmt"],
        subcommands: &[],
        mode: &["-l", "-d"],
        also: &["-s", "-e", "-l", "-d"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["isort"],
        subcommands: &[],
        mode: &["--check-only", "-c", "--diff", "--check"],
        also: &["-q", "--quiet"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["black", "autopep8", "rustfmt", "stylua", "shfmt"],
        subcommands: &[],
        mode: &["--check", "--diff", "--check-only", "-d"],
        also: &[
            "-q",
            "--quiet",
            "--diff",
            "--check",
            "--check-only",
            "--color",
            "--no-color",
            "-l",
        ],
        valued: &["--edition", "--line-length"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["ruff", "taplo"],
        subcommands: &["format", "fmt"],
        mode: &["--check", "--diff"],
        also: &["--check", "--diff", "-q", "--quiet"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["clang-format"],
        subcommands: &[],
        mode: &["--dry-run", "-n"],
        also: &["--dry-run", "-n", "-Werror", "--Werror"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["dart"],
        subcommands: &["format"],
        mode: &["--output=none", "--output=show"],
        also: &["--output=none", "--output=show", "--set-exit-if-changed"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["patch"],
        subcommands: &[],
        mode: &["--dry-run"],
        also: &[
            "--dry-run",
            "-p0",
            "-p1",
            "-p2",
            "-N",
            "-R",
            "--verbose",
            "-s",
            "--silent",
        ],
        valued: &["-i"],
        counts: false,
    },
    // Converters that print to standard output or write the output file they are named.
    ReadOnlyMode {
        programs: &["pygmentize"],
        subcommands: &[],
        mode: &[],
        also: &["-g", "-s"],
        valued: &["-l", "-f", "-o", "-O", "-S", "-a"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["gron"],
        subcommands: &[],
        mode: &[],
        also: &[
            "-u",
            "--ungron",
            "-s",
            "--stream",
            "-m",
            "--monochrome",
            "-c",
            "--colorize",
            "-v",
            "--values",
        ],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["cmark", "cmark-gfm"],
        subcommands: &[],
        mode: &[],
        also: &[
            "--smart",
            "--hardbreaks",
            "--sourcepos",
            "--validate-utf8",
            "--safe",
            "--unsafe",
            "--nobreaks",
        ],
        valued: &["-t", "--to", "--width"],
        counts: false,
    },
    // Archive listings, and a splitter that writes its pieces in the working directory.
    ReadOnlyMode {
        programs: &["pax"],
        subcommands: &[],
        mode: &["-f"],
        also: &["-v", "-z", "-j"],
        valued: &["-f"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["split", "gsplit"],
        subcommands: &[],
        mode: &[],
        also: &["-d", "--numeric-suffixes", "-x", "--verbose"],
        valued: &["-l", "-b", "-n", "-a", "-C", "--lines", "--bytes"],
        counts: false,
    },
    // Package databases asked what they hold.
    ReadOnlyMode {
        programs: &["xbps-query"],
        subcommands: &[],
        mode: &[],
        also: &[
            "-l", "-L", "-m", "-s", "-R", "-Rs", "-f", "-x", "-X", "-O", "-v", "-S", "-H",
        ],
        valued: &["-p"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["nix-env"],
        subcommands: &[],
        mode: &[
            "-q", "--query", "-qa", "-qaP", "-qs", "-qc", "-qu", "-qaPs", "-qP",
        ],
        also: &[
            "-a",
            "--available",
            "-P",
            "--attr-path",
            "--installed",
            "--description",
            "-s",
        ],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["emerge"],
        subcommands: &[],
        mode: &[
            "-p",
            "--pretend",
            "-pv",
            "-puDN",
            "-pvuDN",
            "-s",
            "--search",
            "-S",
            "--searchdesc",
        ],
        also: &[
            "-u",
            "--update",
            "-D",
            "--deep",
            "-N",
            "--newuse",
            "-v",
            "--verbose",
            "-t",
            "--tree",
        ],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["equery"],
        subcommands: &[
            "list", "l", "files", "f", "belongs", "b", "depends", "d", "uses", "u", "which", "w",
            "size", "s", "meta", "m", "has", "h", "hasuse", "keywords", "y", "depgraph", "g",
            "check", "k",
        ],
        mode: &[],
        also: &["-q", "--quiet", "-C", "--no-color", "-N", "--no-pipe"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["zypper"],
        subcommands: &[
            "lr",
            "repos",
            "se",
            "search",
            "if",
            "info",
            "pa",
            "packages",
            "lu",
            "list-updates",
            "ll",
            "locks",
            "pd",
            "products",
            "patches",
            "lp",
        ],
        mode: &[],
        also: &[
            "-u",
            "--uri",
            "-d",
            "--details",
            "-i",
            "--installed-only",
            "-s",
            "-x",
            "--xmlout",
        ],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["apt-mark"],
        subcommands: &[
            "showhold",
            "showmanual",
            "showauto",
            "showinstall",
            "showremove",
        ],
        mode: &[],
        also: &[],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["fcrontab"],
        subcommands: &[],
        mode: &["-l"],
        also: &[],
        valued: &[],
        counts: false,
    },
    // Capability and security tools told only to verify or report.
    ReadOnlyMode {
        programs: &["setcap"],
        subcommands: &[],
        mode: &["-v"],
        also: &["-q"],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["auditctl"],
        subcommands: &[],
        mode: &["-l", "-s"],
        also: &[],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["sestatus", "aa-status", "apparmor_status"],
        subcommands: &[],
        mode: &[],
        also: &[
            "-v",
            "-b",
            "--enabled",
            "--profiled",
            "--enforced",
            "--complaining",
            "--pretty-json",
        ],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["rkhunter"],
        subcommands: &[],
        mode: &["--list", "--version", "-V"],
        also: &[],
        valued: &[],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["clamscan"],
        subcommands: &[],
        mode: &[],
        also: &[
            "-r",
            "-ri",
            "-ir",
            "--recursive",
            "-i",
            "--infected",
            "--no-summary",
            "-o",
            "--suppress-ok-results",
        ],
        valued: &[],
        counts: false,
    },
    // Monitors told how many reports to print.
    ReadOnlyMode {
        programs: &[
            "pidstat", "dool", "dstat", "mpstat", "iostat", "vmstat", "sar", "ifstat",
        ],
        subcommands: &[],
        mode: &[],
        also: &[
            "-u", "-d", "-r", "-x", "-h", "-t", "-w", "-P", "-A", "--cpu", "--disk", "--mem",
            "--net",
        ],
        valued: &[],
        counts: true,
    },
    ReadOnlyMode {
        programs: &["iotop"],
        subcommands: &[],
        mode: &["-n"],
        also: &[
            "-b",
            "--batch",
            "-o",
            "--only",
            "-P",
            "--processes",
            "-a",
            "--accumulated",
        ],
        valued: &["-n", "-d"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["slabtop"],
        subcommands: &[],
        mode: &["-o", "--once"],
        also: &[],
        valued: &["-s"],
        counts: false,
    },
    ReadOnlyMode {
        programs: &["heroku"],
        subcommands: &["logs"],
        mode: &["-n", "--num"],
        also: &[],
        valued: &[
            "-n", "--num", "-a", "--app", "-d", "--dyno", "-s", "--source",
        ],
        counts: false,
    },
    // History of version-control programs with no table, read.
    ReadOnlyMode {
        programs: &["hg", "chg", "bzr", "brz", "jj", "fossil", "svn"],
        subcommands: &[
            "log", "status", "st", "summary", "sum", "heads", "branches", "tags", "timeline",
            "info", "diff", "annotate", "blame", "show",
        ],
        mode: &[],
        also: &["-v", "--verbose", "-p", "--patch", "--stat", "--git", "-q"],
        valued: &["-l", "--limit", "-n", "-r", "--rev", "--revision"],
        counts: false,
    },
];

/// An operand or option value that names something in the working directory, a count, or a
/// plain name: no absolute, home or parent path, no expansion, no URL, nothing that names a
/// secret.
fn local_operand(w: &Word) -> bool {
    let t = w.text.as_str();
    !w.dynamic
        && !w.subst
        && !w.param
        && w.procsub.is_none()
        && !t.is_empty()
        && !t.starts_with(['/', '~', '-', '!', '|', ':'])
        && !t.contains("://")
        && !t.split('/').any(|p| p == "..")
        && t.chars().all(|ch| {
            ch.is_ascii_alphanumeric()
                || matches!(
                    ch,
                    '.' | '_' | '-' | '/' | '@' | '+' | ',' | '*' | ':' | '='
                )
        })
        && ![
            "secret",
            "password",
            "passwd",
            "token",
            "credential",
            "id_rsa",
            "id_ed25519",
            ".env",
            ".pem",
            ".key",
            "netrc",
            "shadow",
        ]
        .iter()
        .any(|k| t.to_ascii_lowercase().contains(k))
}

/// A line in a family's read-only mode ([`READ_ONLY_MODES`]): only the family's read-only
/// switches, operands and values that name the working directory or plain names, and the mode
/// switch the family needs. It reads and prints, or writes only in the working directory.
pub(super) fn read_only_mode(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    READ_ONLY_MODES
        .iter()
        .filter(|m| m.programs.contains(&n))
        .any(|m| {
            let mut args = c.args.iter().peekable();
            if !m.subcommands.is_empty() {
                match args.next() {
                    Some(w) if !w.dynamic && m.subcommands.contains(&w.text.as_str()) => {}
                    _ => return false,
                }
            }
            let mut moded = m.mode.is_empty();
            let mut operands = 0usize;
            while let Some(w) = args.next() {
                let t = w.text.as_str();
                if w.dynamic {
                    return false;
                }
                if m.valued.contains(&t) {
                    moded |= m.mode.contains(&t);
                    match args.next() {
                        Some(v) if local_operand(v) => continue,
                        _ => return false,
                    }
                }
                if t.len() > 1 && t.starts_with('-') {
                    if !(m.mode.contains(&t) || m.also.contains(&t)) {
                        return false;
                    }
                    moded |= m.mode.contains(&t);
                    continue;
                }
                if m.counts && !t.chars().all(|ch| ch.is_ascii_digit()) {
                    return false;
                }
                if !local_operand(w) {
                    return false;
                }
                operands += 1;
            }
            moded && (!m.counts || operands == 2)
        })
}
