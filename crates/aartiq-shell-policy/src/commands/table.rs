//! The table from program names to judges. Rows are tried in order: the first row that names
//! the program (or whose condition holds) and whose condition passes judges it; a program no row
//! claims is judged by [`unknown`]. Judges live in one file per program family.

use super::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A judge: looks at one resolved command and reports findings; returns its output flow.
pub(super) type Judge = fn(&mut Ctx, &Call<'_>) -> Flow;

/// One row: the programs it names, an optional condition, and the judge.
pub(super) struct Arm {
    /// Program names (lower case, without `.exe`); empty for a row chosen by `when` alone.
    pub(super) names: &'static [&'static str],
    /// A condition the call must meet (for rows without names, the whole selector).
    pub(super) when: Option<fn(&Call<'_>) -> bool>,
    /// The judge.
    pub(super) judge: Judge,
}

fn is_interpreter(c: &Call<'_>) -> bool {
    let n = c.name.as_str();
    INTERPRETERS.contains(&n)
        || ["python", "pypy", "ruby", "perl", "php", "node"]
            .iter()
            .any(|p| n.starts_with(p))
}

/// Every row, in precedence order.
static ARMS: &[Arm] = &[
    Arm {
        names: &["env"],
        when: None,
        judge: env_cmd,
    },
    Arm {
        names: &[
            "op",
            "doppler",
            "aws-vault",
            "chamber",
            "infisical",
            "berglas",
            "teller",
            "dotenvx",
            "vals",
            "envchain",
            "envconsul",
            "summon",
        ],
        when: Some(injects_secrets),
        judge: secret_injector,
    },
    Arm {
        names: &["command", "builtin"],
        when: None,
        judge: command_builtin,
    },
    Arm {
        names: &["exec"],
        when: None,
        judge: exec_builtin,
    },
    // Pure wrappers: which programs they are, their options and where the wrapped command
    // starts are one table, `wrappers::WRAPPERS`.
    Arm {
        names: &[],
        when: Some(super::wrappers::is_wrapper),
        judge: wrapper,
    },
    Arm {
        names: &["tmux"],
        when: None,
        judge: tmux,
    },
    Arm {
        names: &["screen"],
        when: None,
        judge: screen,
    },
    Arm {
        names: &["watch"],
        when: None,
        judge: watch,
    },
    Arm {
        names: &["script"],
        when: None,
        judge: script,
    },
    Arm {
        names: &["xargs"],
        when: None,
        judge: xargs,
    },
    Arm {
        names: &["ssh-keygen", "ssh-add"],
        when: None,
        judge: ssh_keys,
    },
    Arm {
        names: &["parallel"],
        when: None,
        judge: parallel,
    },
    Arm {
        names: &["busybox", "toybox"],
        when: None,
        judge: busybox,
    },
    Arm {
        names: &[],
        when: Some(|c| PRIVILEGE.contains(&c.name.as_str())),
        judge: privilege,
    },
    Arm {
        names: &[],
        when: Some(|c| SHELLS.contains(&c.name.as_str())),
        judge: shell,
    },
    Arm {
        names: &["eval"],
        when: None,
        judge: eval,
    },
    Arm {
        names: &["source", "."],
        when: None,
        judge: source,
    },
    Arm {
        names: &["alias"],
        when: None,
        judge: alias,
    },
    Arm {
        names: &["read", "mapfile", "readarray"],
        when: None,
        judge: read_builtin,
    },
    Arm {
        names: &["hash"],
        when: Some(|c| c.args.iter().any(|a| a.text == "-p")),
        judge: hash,
    },
    Arm {
        names: &["shopt"],
        when: None,
        judge: shopt,
    },
    Arm {
        names: &["set"],
        when: None,
        judge: set,
    },
    Arm {
        names: &["trap"],
        when: None,
        judge: trap,
    },
    Arm {
        names: &["printenv", "export", "declare", "typeset", "compgen"],
        when: Some(|c| c.args.is_empty() || c.name == "printenv"),
        judge: env_printers,
    },
    Arm {
        names: &["history", "fc"],
        when: None,
        judge: history,
    },
    Arm {
        names: &["cd", "pushd"],
        when: None,
        judge: cd,
    },
    Arm {
        names: &["popd"],
        when: None,
        judge: popd,
    },
    Arm {
        names: &["echo", "printf"],
        when: None,
        judge: echo,
    },
    Arm {
        names: &["bc"],
        when: None,
        judge: bc,
    },
    Arm {
        names: &["dc"],
        when: None,
        judge: dc,
    },
    Arm {
        names: &["run-parts"],
        when: None,
        judge: run_parts,
    },
    Arm {
        names: &[],
        when: Some(|c| is_viewer(&c.name)),
        judge: viewer,
    },
    Arm {
        names: LISTERS,
        when: Some(is_listing),
        judge: lister,
    },
    Arm {
        names: &["ssh-copy-id"],
        when: None,
        judge: ssh_copy_id,
    },
    Arm {
        names: &["ip", "ifconfig", "route", "arp", "iwconfig", "nmcli"],
        when: None,
        judge: network_config,
    },
    Arm {
        names: &["which", "whence", "where"],
        when: None,
        judge: which,
    },
    Arm {
        names: &["gpg", "gpg2"],
        when: None,
        judge: gpg,
    },
    Arm {
        names: &["security"],
        when: None,
        judge: keychain,
    },
    Arm {
        names: &["date"],
        when: None,
        judge: date,
    },
    Arm {
        names: &["hostname"],
        when: None,
        judge: hostname,
    },
    Arm {
        names: &[
            "hwclock",
            "timedatectl",
            "hostnamectl",
            "sysctl",
            "modprobe",
            "insmod",
            "rmmod",
            "useradd",
            "userdel",
            "usermod",
            "groupadd",
            "groupdel",
            "adduser",
            "deluser",
            "chpasswd",
            "passwd",
            "visudo",
            "setenforce",
            "swapoff",
            "swapon",
            "update-alternatives",
            // Terminal login programs: they start a login (`-l PROG`, `-a root`) on a terminal.
            "agetty",
            "getty",
            "mingetty",
            "openvt",
            "update-grub",
            "grub-install",
            "efibootmgr",
            "ldconfig",
            "sysctl.d",
            "chattr",
            "setcap",
            "auditctl",
            "nvram",
            "scutil",
            "networksetup",
            "csrutil",
            "spctl",
            "defaults",
            "dscl",
            "bcdedit",
            "reg",
            "sc",
            "netsh",
            "diskutil",
            "tmutil",
            "kextload",
        ],
        when: None,
        judge: system_admin,
    },
    Arm {
        names: &[
            "mkfs",
            "fdisk",
            "sfdisk",
            "cfdisk",
            "gdisk",
            "sgdisk",
            "parted",
            "wipefs",
            "format",
            "mkswap",
            "blkdiscard",
            "badblocks",
            "cryptsetup",
            "zpool",
            "lvremove",
            "vgremove",
            "pvremove",
            "mdadm",
            "diskpart",
            "wipe",
            "srm",
        ],
        when: None,
        judge: disks,
    },
    Arm {
        names: &[],
        when: Some(|c| c.name.starts_with("mkfs.") || c.name.starts_with("mke2fs")),
        judge: mkfs_variants,
    },
    Arm {
        names: &["shutdown", "reboot", "halt", "poweroff", "init", "telinit"],
        when: None,
        judge: power,
    },
    Arm {
        names: &[
            "iptables",
            "ip6tables",
            "ufw",
            "firewall-cmd",
            "nft",
            "pfctl",
            "iptables-restore",
            "ip6tables-restore",
            "ebtables",
            "arptables",
        ],
        when: None,
        judge: firewall,
    },
    Arm {
        names: &[
            "systemctl",
            "service",
            "launchctl",
            "rc-service",
            "rc-update",
            "update-rc.d",
            "chkconfig",
        ],
        when: None,
        judge: services,
    },
    Arm {
        names: &[
            "crontab",
            "at",
            "batch",
            "atq",
            "atrm",
            "anacron",
            "incrontab",
            "fcrontab",
        ],
        when: None,
        judge: schedulers,
    },
    Arm {
        names: &["systemd-run"],
        when: None,
        judge: systemd_run,
    },
    Arm {
        names: &["schtasks"],
        when: None,
        judge: schtasks,
    },
    Arm {
        names: &["loginctl"],
        when: None,
        judge: loginctl,
    },
    Arm {
        names: &["kill", "killall", "pkill", "xkill", "skill", "killall5"],
        when: None,
        judge: kill,
    },
    Arm {
        names: &["mount", "umount", "eject", "losetup", "swapctl"],
        when: None,
        judge: mounts,
    },
    Arm {
        names: &[
            "chmod", "chown", "chgrp", "chflags", "setfacl", "icacls", "takeown", "attrib",
        ],
        when: None,
        judge: permissions,
    },
    Arm {
        names: &["dd"],
        when: None,
        judge: dd,
    },
    Arm {
        names: &[
            "shred",
            "truncate",
            "rmdir",
            "unlink",
            "del",
            "erase",
            "rd",
            "trash",
            "trash-put",
            "gio",
            "srm-file",
        ],
        when: None,
        judge: removers,
    },
    Arm {
        names: &["rm"],
        when: None,
        judge: rm,
    },
    Arm {
        names: &["find"],
        when: None,
        judge: find,
    },
    Arm {
        names: &["fd", "fdfind"],
        when: None,
        judge: fd,
    },
    Arm {
        names: &["rg", "ripgrep"],
        when: None,
        judge: rg,
    },
    Arm {
        names: &[
            "grep",
            "egrep",
            "fgrep",
            "zgrep",
            "ag",
            "ack",
            "cat",
            "bat",
            "batcat",
            "head",
            "tail",
            "less",
            "more",
            "wc",
            "shellcheck",
            "hadolint",
            "du",
            "df",
            "tree",
            "ls",
            "ll",
            "dir",
            "stat",
            "file",
            "type",
            "whoami",
            "uname",
            "true",
            "false",
            "sleep",
            "pwd",
            ":",
            "test",
            "[",
            "[[",
            "cut",
            "column",
            "nl",
            "cmp",
            "comm",
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
            "fold",
            "fmt",
            // Text filters that read files and print a transformed copy, with no option that
            // runs or loads anything: tabs, underlining, hex dumps, permuted indexes, pages,
            // topological sorts, context splits into prefixed files (their prefix judged as a
            // write target).
            "expand",
            "unexpand",
            "ul",
            "hd",
            "ptx",
            "pr",
            "tsort",
            "csplit",
            "paste",
            "join",
            "look",
            "lsof",
            "getfacl",
            "lsattr",
            "getcap",
            "namei",
            "netstat",
            "ss",
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
            "findmnt",
            "lsns",
            "lslocks",
            "lsipc",
            "lsmem",
            "lsirq",
            "dpkg-query",
            "lsb_release",
            "arch",
            "getconf",
            "cal",
            "numfmt",
            "yes",
            "exa",
            "eza",
            "tokei",
            "cloc",
            "hexyl",
            "csvlook",
            "csvstat",
            "dust",
            "duf",
            "last",
            "lastlog",
            "w",
            "who",
            "users",
            "info",
            "whatis",
            "apropos",
            "help",
            "colordiff",
            "unset",
            "umask",
            "hash",
            "getent",
            "jobs",
            "fg",
            "bg",
            "disown",
            "dirs",
            "let",
            "local",
            "readonly",
            "times",
            "ulimit",
            "journalctl",
            "unalias",
            "jq",
            "yq",
            "iconv",
            "envsubst",
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
            "lsmod",
            "lspci",
            "lsusb",
            "sum",
            "shuf",
            "dmesg",
            "mktemp",
            "diff",
            "tr",
            "declare",
            "typeset",
            "export",
            "compgen",
            "printenv",
        ],
        when: None,
        judge: read_only,
    },
    Arm {
        names: &["tee"],
        when: None,
        judge: tee,
    },
    Arm {
        // `kustomize build DIR` and `cfg` print manifests; exec and alpha plugins and helm
        // charts it inflates run programs.
        names: &["kustomize"],
        when: Some(|c| {
            c.args
                .iter()
                .find(|a| !a.text.starts_with('-'))
                .is_some_and(|a| matches!(a.text.as_str(), "build" | "cfg"))
                && !c.args.iter().any(|a| {
                    a.text.starts_with("--enable-exec")
                        || a.text.starts_with("--enable-alpha-plugins")
                        || a.text.starts_with("--enable-helm")
                        || a.text.starts_with("--helm-command")
                        || a.text == "-o"
                        || a.text.starts_with("--output")
                })
        }),
        judge: read_only,
    },
    Arm {
        // `apt-config dump`/`shell` print apt's settings.
        names: &["apt-config"],
        when: Some(|c| {
            c.args
                .iter()
                .find(|a| !a.text.starts_with('-'))
                .is_some_and(|a| matches!(a.text.as_str(), "dump" | "shell"))
                && !c
                    .args
                    .iter()
                    .any(|a| a.text.starts_with("-o") || a.text == "-c")
        }),
        judge: read_only,
    },
    Arm {
        // GPU and accelerator status printers: one report, unless looping (judged as never
        // ending) or given a setting (`-pm`, `-pl`, `-r`, `-c`): only query options here.
        names: &["nvidia-smi", "rocm-smi", "intel_gpu_top"],
        when: Some(|c| {
            c.args.iter().all(|a| {
                matches!(
                    a.text.split('=').next().unwrap_or(""),
                    "-q" | "--query"
                        | "-L"
                        | "--list-gpus"
                        | "-l"
                        | "--loop"
                        | "-lms"
                        | "--loop-ms"
                        | "--query-gpu"
                        | "--format"
                        | "-d"
                        | "--display"
                        | "--showuse"
                        | "--showtemp"
                        | "--showmeminfo"
                ) || !a.text.starts_with('-')
                    && a.text
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == ',')
            })
        }),
        judge: read_only,
    },
    Arm {
        names: &[
            "dos2unix", "unix2dos", "mac2unix", "unix2mac", "enscript", "a2ps",
        ],
        when: None,
        judge: text_converters,
    },
    Arm {
        names: &["sort"],
        when: None,
        judge: sort,
    },
    Arm {
        names: &["uniq"],
        when: None,
        judge: uniq,
    },
    Arm {
        names: &["sed", "gsed"],
        when: None,
        judge: sed,
    },
    Arm {
        names: &["awk", "gawk", "mawk", "nawk"],
        when: None,
        judge: awk,
    },
    Arm {
        names: &[
            "base64", "base32", "basenc", "xxd", "uudecode", "uuencode", "od", "hexdump", "rev",
            "gunzip", "zcat", "gzip", "bzcat", "bzip2", "bunzip2", "xzcat", "unxz", "xz", "zstd",
            "unzstd",
        ],
        when: None,
        judge: codecs,
    },
    Arm {
        names: &["openssl"],
        when: None,
        judge: openssl,
    },
    Arm {
        names: &["man"],
        when: None,
        judge: man,
    },
    Arm {
        names: &[
            "cp", "mv", "ln", "install", "rsync", "scp", "sftp", "mkdir", "touch", "rcp", "ditto",
            "link",
        ],
        when: None,
        judge: copy_like,
    },
    Arm {
        names: &["curl", "wget", "aria2c", "http", "https", "xh", "httpie"],
        when: None,
        judge: http,
    },
    Arm {
        names: &[
            "ping",
            "ping6",
            "dig",
            "nslookup",
            "host",
            "drill",
            "whois",
            "traceroute",
            "tracepath",
            "mtr",
            "arping",
            "nmap",
        ],
        when: None,
        judge: lookups,
    },
    Arm {
        names: &["ssh", "mosh", "autossh"],
        when: None,
        judge: ssh,
    },
    Arm {
        names: &[
            "nc",
            "ncat",
            "netcat",
            "socat",
            "telnet",
            "ftp",
            "tftp",
            "lftp",
            "smbclient",
            "ldapsearch",
            "websocat",
        ],
        when: None,
        judge: raw_sockets,
    },
    Arm {
        names: &["git"],
        when: None,
        judge: git,
    },
    Arm {
        names: &[
            "npm",
            "pnpm",
            "yarn",
            "bun",
            "npx",
            "pnpx",
            "bunx",
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
            "aptitude",
            "yum",
            "dnf",
            "pacman",
            "apk",
            "zypper",
            "snap",
            "flatpak",
            "port",
            "choco",
            "winget",
            "scoop",
            "conda",
            "mamba",
            "composer",
            "dpkg",
            "dpkg-deb",
            "rpm",
            "nix-env",
            "emerge",
            "pkg",
            "rustup",
            "nvm",
            "sdk",
            "asdf",
            "deno",
        ],
        when: None,
        judge: packages,
    },
    Arm {
        names: &[
            "docker",
            "podman",
            "nerdctl",
            "kubectl",
            "helm",
            "docker-compose",
            "minikube",
            "kind",
        ],
        when: None,
        judge: containers,
    },
    Arm {
        names: &["systemd-nspawn"],
        when: None,
        judge: nspawn,
    },
    Arm {
        names: &[
            "psql",
            "mysql",
            "mariadb",
            "sqlite3",
            "mongo",
            "mongosh",
            "redis-cli",
            "sqlcmd",
            "clickhouse-client",
            "duckdb",
            "cqlsh",
        ],
        when: None,
        judge: database,
    },
    Arm {
        names: &[
            "vim", "vi", "nvim", "ex", "view", "gvim", "emacs", "nano", "pico", "ed", "micro",
            "helix", "hx", "code", "subl", "kak", "joe",
        ],
        when: None,
        judge: editor,
    },
    Arm {
        names: &["tar", "bsdtar", "gtar"],
        when: None,
        judge: tar,
    },
    Arm {
        names: &["zip", "unzip", "7z", "7za", "unrar", "rar", "cpio", "ar"],
        when: None,
        judge: archive,
    },
    Arm {
        names: &["powershell", "pwsh", "cmd"],
        when: None,
        judge: windows_shell,
    },
    Arm {
        names: &["open", "xdg-open", "start"],
        when: None,
        judge: openers,
    },
    Arm {
        names: &[],
        when: Some(is_interpreter),
        judge: interpreter,
    },
    Arm {
        names: &[
            "make",
            "gmake",
            "cmake",
            "ninja",
            "just",
            "task",
            "rake",
            "gradle",
            "gradlew",
            "mvn",
            "ant",
            "meson",
            "bazel",
            "scons",
            "tox",
            "nox",
            "pytest",
            "jest",
            "vitest",
            "mocha",
            "tsc",
            "eslint",
            "prettier",
            "black",
            "ruff",
            "mypy",
            "gcc",
            "g++",
            "cc",
            "clang",
            "clang++",
            "rustc",
            "javac",
            "dotnet",
            "swift",
            "zig",
            "ffmpeg",
            "convert",
            "magick",
            "terraform",
            "ansible",
            "ansible-playbook",
            "vagrant",
            "gh",
            "aws",
            "gcloud",
            "az",
            "heroku",
            "vercel",
            "netlify",
            "firebase",
            "flyctl",
            "wrangler",
        ],
        when: None,
        judge: build_tools,
    },
];

/// Row numbers by program name, and the rows selected by a condition alone.
struct Index {
    by_name: HashMap<&'static str, Vec<usize>>,
    conditional: Vec<usize>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_name: HashMap<&'static str, Vec<usize>> = HashMap::new();
        let mut conditional = Vec::new();
        for (i, arm) in ARMS.iter().enumerate() {
            if arm.names.is_empty() {
                conditional.push(i);
            }
            for n in arm.names {
                by_name.entry(n).or_default().push(i);
            }
        }
        Index {
            by_name,
            conditional,
        }
    })
}

/// Whether some row claims a program called with no arguments.
pub(super) fn claims(name: &str) -> bool {
    let c = Call {
        name: name.to_string(),
        args: &[],
        stdin: None,
        span: Span::default(),
        redirs: &[],
    };
    first_arm(&c).is_some()
}

/// The judge for a call: the first row, in table order, that claims it.
pub(super) fn judge_for(c: &Call<'_>) -> Judge {
    first_arm(c).map_or(unknown as Judge, |a| a.judge)
}

/// The first row, in table order, that claims a call.
fn first_arm(c: &Call<'_>) -> Option<&'static Arm> {
    let idx = index();
    let named = idx
        .by_name
        .get(c.name.as_str())
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    let mut a = named.iter().peekable();
    let mut b = idx.conditional.iter().peekable();
    // Merge the two ascending lists of candidate rows.
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x < y => a.next(),
            (Some(_), Some(_)) => b.next(),
            (Some(_), None) => a.next(),
            (None, Some(_)) => b.next(),
            (None, None) => return None,
        };
        let arm = ARMS.get(*next?)?;
        if arm.when.is_none_or(|w| w(c)) {
            return Some(arm);
        }
    }
}

/// Programs no other judge claims: the tier table, else an unknown program.
pub(super) fn unknown(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    table_tier(ctx, c);
    let listed = TABLE_LOW.contains(&n) || TABLE_MEDIUM.contains(&n) || TABLE_HIGH.contains(&n);
    if !listed && !queries::unknown_query(c) && !queries::text_tool(c) {
        ctx.emit(
            RuleId::UnknownCommand,
            c.span,
            format!("unknown-binary: `{}`", printable(n)),
        );
    }
    // What it does is judged by the shapes of its arguments: a program with no table at all,
    // and one whose tier alone is listed (it already asks), whose arguments no judge reads.
    if (!listed || !TABLE_LOW.contains(&n))
        && let Some(flow) = super::shapes::argument_shapes(ctx, c)
    {
        return flow;
    }
    // A URL given to a program prints what it fetches (`lwp-request URL > s.sh`).
    let fetches = c.args.iter().any(|a| {
        !a.dynamic
            && ["http://", "https://", "ftp://"]
                .iter()
                .any(|p| a.text.starts_with(p))
    });
    Flow {
        other: true,
        network: fetches,
        ..Flow::default()
    }
}
