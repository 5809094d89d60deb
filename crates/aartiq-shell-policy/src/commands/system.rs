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

/// `gpg`, `gpg2`.
pub(super) fn gpg(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
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
pub(super) fn schedulers(ctx: &mut Ctx, c: &Call<'_>) -> Flow {
    let n = c.name.as_str();

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
