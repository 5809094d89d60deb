//! System and network: services, package managers, containers, databases, HTTP clients, ssh.

use super::*;

pub(super) fn services(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let words: Vec<&str> = c
        .args
        .iter()
        .filter(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .collect();
    // `service NAME` runs `/etc/init.d/NAME`: a name with a `/` runs the program it reaches
    // (`service ../../bin/sh`), judged as a command.
    if n == "service"
        && let Some(name) = c.args.iter().find(|a| !is_opt(a))
        && name.text.contains('/')
    {
        ctx.emit(
            RuleId::ExecOption,
            name.span,
            format!(
                "`service {}` runs a program outside the init scripts",
                printable(&name.text)
            ),
        );
        let target = format!("/etc/init.d/{}", name.text);
        ctx.nested(&shell_quote(&target), name.span);
    }
    let verb = if n == "service" {
        words.get(1).copied().unwrap_or("")
    } else {
        words.first().copied().unwrap_or("")
    };
    let read_only = matches!(
        verb,
        "" | "status"
            | "show"
            | "cat"
            | "list-units"
            | "show-environment"
            | "list-jobs"
            | "list-machines"
            | "list-paths"
            | "list-unit-files"
            | "list-timers"
            | "list-sockets"
            | "list-dependencies"
            | "is-active"
            | "is-enabled"
            | "is-failed"
            | "list"
            | "print"
            | "help"
            | "--status-all"
    );
    if read_only {
        return Flow::default();
    }
    if matches!(
        verb,
        "enable"
            | "disable"
            | "mask"
            | "unmask"
            | "edit"
            | "set-property"
            | "daemon-reload"
            | "load"
            | "bootstrap"
            | "link"
            | "preset"
            | "set-default"
            | "add"
            | "submit"
    ) || n == "update-rc.d"
        || n == "rc-update"
        || n == "chkconfig"
    {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            format!("`{n} {verb}` changes what runs at start-up"),
        );
    } else if matches!(
        verb,
        "poweroff"
            | "reboot"
            | "halt"
            | "kexec"
            | "suspend"
            | "hibernate"
            | "rescue"
            | "emergency"
            | "isolate"
    ) {
        ctx.emit(
            RuleId::DangerousPattern,
            c.span,
            "Command contains dangerous patterns",
        );
    } else {
        ctx.emit(
            RuleId::ServiceControl,
            c.span,
            format!("`{n} {verb}` starts, stops or changes services"),
        );
    }
    Flow::default()
}

/// `ip`, `ifconfig`, `route`, `arp`, `iwconfig`, `nmcli`.
pub(super) fn network_config(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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
    // `ip -batch FILE` runs the commands in FILE (any of them may change or `netns exec`);
    // `ip netns exec NS CMD` runs CMD as root in a namespace.
    // `-b FILE`, `-batch FILE` exactly: `-br` is `-brief`.
    let batch: Option<Word> = if n == "ip" {
        c.args
            .windows(2)
            .find(|w| matches!(w[0].text.as_str(), "-b" | "-batch" | "--batch"))
            .map(|w| w[1].clone())
    } else {
        None
    };
    if let Some(file) = &batch
        && !file.dynamic
        && shared_dir(&ctx.loc(file))
    {
        ctx.emit(
            RuleId::SharedDirExecutable,
            file.span,
            format!(
                "`ip` runs the commands in `{}`, a file in a world-writable directory",
                printable(&file.text)
            ),
        );
    }
    let runs = n == "ip" && words.windows(2).any(|w| w == ["netns", "exec"]);
    if changes || runs || batch.is_some() {
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

/// `gpg`, `gpg2`.
pub(super) fn gpg(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if c.args
        .iter()
        .any(|a| a.text.starts_with("--export-secret") || a.text == "--export-ownertrust")
    {
        ctx.emit(RuleId::CredentialRead, c.span, "exports private keys");
    } else if gpg_listing(c.args) {
        // Listing and verifying show key ids, fingerprints and signatures, no key material.
    } else {
        ctx.emit(RuleId::UnknownCommand, c.span, "`gpg` uses the user's keys");
    }
    Flow {
        other: true,
        ..Flow::default()
    }
}

/// `security`.
pub(super) fn keychain(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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

/// `date`.
pub(super) fn date(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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

/// `hostname`.
pub(super) fn hostname(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    if c.args.iter().any(|a| !is_opt(a)) || has_flag(c.args, 'F', &["file"]) {
        ctx.emit(RuleId::SystemState, c.span, "changes the host name");
    }
    Flow::default()
}

/// `hwclock`, `timedatectl`, `hostnamectl`, `sysctl`, `modprobe`, `insmod` and the rest of its table row.
pub(super) fn system_admin(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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
        // `--display`, `--list`, `--query`, `--get-selections` show the alternatives.
        "update-alternatives" => {
            c.args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "--display" | "--list" | "--query" | "--get-selections"
                )
            }) && !c.args.iter().any(|a| {
                matches!(
                    a.text.as_str(),
                    "--install"
                        | "--set"
                        | "--remove"
                        | "--remove-all"
                        | "--auto"
                        | "--config"
                        | "--set-selections"
                        | "--all"
                )
            })
        }
        // `ldconfig -p` prints the cache.
        "ldconfig" => {
            c.args.len() == 1 && matches!(c.args[0].text.as_str(), "-p" | "--print-cache")
        }
        "defaults" => c
            .args
            .first()
            .is_some_and(|a| matches!(a.text.as_str(), "read" | "domains" | "read-type" | "find")),
        "diskutil" => c
            .args
            .first()
            .is_some_and(|a| matches!(a.text.as_str(), "list" | "info" | "activity")),
        "tmutil" => c
            .args
            .first()
            .is_some_and(|a| a.text.starts_with("list") || a.text == "status"),
        "scutil" | "networksetup" | "reg" | "sc" | "netsh" => c.args.first().is_some_and(|a| {
            let t = a.text.to_ascii_lowercase();
            t.starts_with("-get")
                || t.starts_with("--get")
                || t == "query"
                || t == "show"
                || t == "-list"
                || t.starts_with("-list")
        }),
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

/// `mkfs`, `fdisk`, `sfdisk`, `cfdisk`, `gdisk`, `sgdisk` and the rest of its table row.
pub(super) fn disks(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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

/// `mkfs.*` and `mke2fs*`.
pub(super) fn mkfs_variants(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

    ctx.emit(
        RuleId::DiskDestruction,
        c.span,
        format!("`{n}` formats a file system"),
    );
    Flow::default()
}

/// `shutdown`, `reboot`, `halt`, `poweroff`, `init`, `telinit`.
pub(super) fn power(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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

/// `iptables`, `ip6tables`, `ufw`, `firewall-cmd`, `nft`, `pfctl` and the rest of its table row.
pub(super) fn firewall(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    ctx.emit(
        RuleId::DangerousPattern,
        c.span,
        "Command contains dangerous patterns",
    );
    Flow::default()
}

/// `crontab`, `at`, `batch`, `atq`, `atrm`, `anacron`.
/// Schedulers' modes as data: the options that only list or print queued jobs, and those that
/// only remove them (`at -l` is `atq`, `at -r` is `atrm`); `None` when every use is that mode.
/// Any other use schedules a command.
const SCHEDULER_MODES: &[(&str, Mode, Mode)] = &[
    ("atq", None, Some(&[])),
    ("atrm", Some(&[]), None),
    ("at", Some(&['l', 'c']), Some(&['r', 'd'])),
    ("crontab", Some(&['l']), Some(&[])),
];

/// The options of a scheduler's mode; `None` when every use is in it.
type Mode = Option<&'static [char]>;

pub(super) fn schedulers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();
    let mode = |flags: Option<&[char]>| match flags {
        None => true,
        Some(f) => f.iter().any(|ch| has_flag(c.args, *ch, &[])),
    };
    let modes = SCHEDULER_MODES.iter().find(|(p, _, _)| *p == n);
    let read_only = modes.is_some_and(|(_, list, _)| mode(*list))
        || (n == "crontab" && has_flag(c.args, 'l', &["list"]));
    let removes = !read_only && modes.is_some_and(|(_, _, remove)| mode(*remove));
    if removes {
        ctx.emit(
            RuleId::ServiceControl,
            c.span,
            format!("`{n}` removes queued jobs"),
        );
    } else if !read_only {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            format!("`{n}` schedules commands to run later (persistence)"),
        );
    }
    Flow::default()
}

/// `systemd-run` options, as data: which take a value, which start the command later or on an
/// event (a transient timer, path or socket unit), which keep it attached to the line.
struct LauncherOptions {
    /// Long options that take a value (`--unit NAME`, `--unit=NAME`).
    long_value: &'static [&'static str],
    /// Short options that take a value (`-u NAME`, `-uNAME`).
    short_value: &'static [char],
    /// Long options that make the command run later or on an event.
    triggers: &'static [&'static str],
    /// Long and short options after which the command runs attached to the line and ends with it.
    foreground_long: &'static [&'static str],
    foreground_short: &'static [char],
}

const SYSTEMD_RUN: LauncherOptions = LauncherOptions {
    long_value: &[
        "unit",
        "property",
        "description",
        "slice",
        "setenv",
        "uid",
        "gid",
        "nice",
        "working-directory",
        "machine",
        "host",
        "capsule",
        "service-type",
        "on-active",
        "on-boot",
        "on-startup",
        "on-unit-active",
        "on-unit-inactive",
        "on-calendar",
        "timer-property",
        "path-property",
        "socket-property",
        "json",
        "background",
    ],
    short_value: &['u', 'p', 'E', 'H', 'M', 'C'],
    triggers: &[
        "on-active",
        "on-boot",
        "on-startup",
        "on-unit-active",
        "on-unit-inactive",
        "on-calendar",
        "on-clock-change",
        "on-timezone-change",
        "timer-property",
        "path-property",
        "socket-property",
    ],
    foreground_long: &["scope", "wait", "pty", "pipe", "shell"],
    foreground_short: &['t', 'P', 'S'],
};

/// `systemd-run`: runs a command as a transient unit. On a timer, path or socket trigger it runs
/// later; as a service (neither `--scope` nor waiting for it) it runs detached and outlives the
/// line and the runner's timeout: both are persistence. A system service (no `--user`) or an
/// explicit user runs it as someone else. The command itself is judged as its own command.
pub(super) fn systemd_run(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let o = &SYSTEMD_RUN;
    let args = c.args;
    let mut triggers: Vec<&str> = Vec::new();
    let (mut foreground, mut user, mut scope, mut shell) = (false, false, false, false);
    let mut as_other = false;
    let mut restarts = false;
    let mut host = false;
    let mut machine = false;
    let mut i = 0;
    let mut value = |name: &str, v: &Word, ctx: &mut Ctx| match name {
        "property" | "p" => {
            let (k, val) = v.text.split_once('=').unwrap_or((v.text.as_str(), ""));
            match k {
                "User" | "Group" | "DynamicUser" | "SupplementaryGroups" => as_other = true,
                "Restart" if val != "no" => restarts = true,
                _ => {}
            }
        }
        "setenv" | "E" => {
            if let Some((k, val)) = v.text.split_once('=') {
                let w = value_word(v, val);
                env_assignment(ctx, k, &w);
            }
        }
        "uid" | "gid" => as_other = true,
        "host" | "H" => host = true,
        "machine" | "M" | "capsule" | "C" => machine = true,
        _ => {}
    };
    while i < args.len() {
        let a = &args[i];
        let t = a.text.as_str();
        if t == "--" {
            i += 1;
            break;
        }
        if let Some(l) = t.strip_prefix("--") {
            let (name, inline) = match l.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (l, None),
            };
            if let Some(trigger) = o.triggers.iter().find(|x| **x == name) {
                triggers.push(trigger);
            }
            foreground |= o.foreground_long.contains(&name);
            user |= name == "user";
            scope |= name == "scope";
            shell |= name == "shell";
            if o.long_value.contains(&name) {
                match inline {
                    Some(v) => value(name, &value_word(a, v), ctx),
                    None => {
                        if let Some(v) = args.get(i + 1) {
                            value(name, v, ctx);
                        }
                        i += 1;
                    }
                }
            }
            i += 1;
            continue;
        }
        if let Some(cl) = t.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (k, ch) in cl.char_indices() {
                foreground |= o.foreground_short.contains(&ch);
                shell |= ch == 'S';
                if o.short_value.contains(&ch) {
                    let name = ch.to_string();
                    let rest = &cl[k + ch.len_utf8()..];
                    if rest.is_empty() {
                        if let Some(v) = args.get(i + 1) {
                            value(&name, v, ctx);
                        }
                        i += 1;
                    } else {
                        value(&name, &value_word(a, rest), ctx);
                    }
                    break;
                }
            }
            i += 1;
            continue;
        }
        break;
    }
    let rest = &args[i.min(args.len())..];
    if let Some(first) = triggers.first() {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            format!(
                "`systemd-run --{first}` runs a command later from a transient unit (persistence)"
            ),
        );
    } else if !foreground || restarts {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            "`systemd-run` starts a background service that outlives this line and its time limit (persistence)",
        );
    } else {
        // Even attached, the unit is started by the service manager, outside this process tree
        // and its cgroup (and any sandbox the runner put around the line).
        ctx.emit(
            RuleId::ServiceControl,
            c.span,
            "`systemd-run` runs the command as a transient unit of the service manager",
        );
    }
    if as_other || (!user && !scope) {
        ctx.emit(
            RuleId::PrivilegeEscalation,
            c.span,
            if as_other {
                "`systemd-run` runs the command as another user (privilege escalation)"
            } else {
                "`systemd-run` without `--user` asks the system manager to run a service as root (privilege escalation)"
            },
        );
    }
    if host {
        ctx.emit(
            RuleId::Network,
            c.span,
            "`systemd-run -H` runs the command on another host",
        );
    }
    if machine {
        ctx.emit(
            RuleId::Containers,
            c.span,
            "`systemd-run -M` runs the command in another machine or container",
        );
    }
    let detached = !triggers.is_empty() || !foreground;
    // A detached unit is not bounded by a `timeout` around this line.
    let bounded = ctx.bounded;
    if detached {
        ctx.bounded = 0;
    }
    let shell_word = [Word {
        text: "sh".into(),
        span: c.span,
        ..Word::default()
    }];
    let command: &[Word] = if rest.is_empty() && shell {
        &shell_word
    } else {
        rest
    };
    let f = if detached {
        exec(ctx, command, None, c.span, &[])
    } else {
        exec(ctx, command, c.stdin, c.span, c.redirs)
    };
    ctx.bounded = bounded;
    if detached { Flow::default() } else { f }
}

/// `schtasks` (Windows): `/create` and `/change` schedule programs (persistence); `/query`
/// only lists; the rest run, stop or delete existing tasks.
pub(super) fn schtasks(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let verb = c
        .args
        .iter()
        .find_map(|a| a.text.strip_prefix(['/', '-']))
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match verb.as_str() {
        "" | "query" | "?" => {}
        "create" | "change" => ctx.emit(
            RuleId::Persistence,
            c.span,
            format!("`schtasks /{verb}` schedules a program to run later (persistence)"),
        ),
        _ => ctx.emit(
            RuleId::ServiceControl,
            c.span,
            format!("`schtasks /{verb}` runs, stops or deletes scheduled tasks"),
        ),
    }
    Flow::default()
}

/// `loginctl`: `enable-linger` keeps a user's services running after logout (persistence);
/// session and user control stops other sessions; the rest only lists.
pub(super) fn loginctl(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let verb = c
        .args
        .iter()
        .find(|a| !is_opt(a))
        .map(|a| a.text.as_str())
        .unwrap_or("");
    if verb == "enable-linger" {
        ctx.emit(
            RuleId::Persistence,
            c.span,
            "`loginctl enable-linger` keeps the user's services running after logout (persistence)",
        );
    } else if verb.starts_with("terminate-")
        || verb.starts_with("kill-")
        || verb.starts_with("lock-")
        || matches!(
            verb,
            "disable-linger" | "activate" | "attach" | "flush-devices"
        )
    {
        ctx.emit(
            RuleId::ServiceControl,
            c.span,
            format!("`loginctl {verb}` changes sessions or users"),
        );
    }
    Flow::default()
}

/// `kill`, `killall`, `pkill`, `xkill`, `skill`, `killall5`.
pub(super) fn kill(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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

/// `mount`, `umount`, `eject`, `losetup`, `swapctl`.
pub(super) fn mounts(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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

/// `open`, `xdg-open`, `start`, `osascript`.
pub(super) fn openers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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

/// gpg's listing and verifying commands (`--list-keys`, `-K`, `--fingerprint`, `--verify`,
/// ...), with no command that changes the keyring, signs, decrypts or writes.
fn gpg_listing(args: &[Word]) -> bool {
    const LISTING: &[&str] = &[
        "--list-keys",
        "-k",
        "--list-public-keys",
        "--list-secret-keys",
        "-K",
        "--fingerprint",
        "--list-sigs",
        "--check-sigs",
        "--list-signatures",
        "--check-signatures",
        "--verify",
        "--show-keys",
        "--list-config",
        "--list-packets",
    ];
    const MODIFIERS: &[&str] = &[
        "--with-colons",
        "--with-fingerprint",
        "--with-subkey-fingerprints",
        "--with-keygrip",
        "--keyid-format",
        "--batch",
        "--no-tty",
        "-q",
        "--quiet",
        "-v",
    ];
    let mut listed = false;
    for a in args {
        let t = a.text.as_str();
        if a.dynamic || a.subst {
            return false;
        }
        if LISTING.contains(&t) {
            listed = true;
        } else if t.starts_with('-') && !MODIFIERS.contains(&t.split('=').next().unwrap_or(t)) {
            return false;
        }
    }
    listed
}
