//! The original's own examples from spec section b: tiers, reject messages, grant keys, TTLs,
//! eligibility reasons, the permission gate.

use crate::{auto, rules_of};
use aartiq_shell_policy::{
    ALWAYS_GRANT_TTL_MS, Decision, Error, FixedClock, Grants, Level, SESSION_GRANT_TTL_MS,
    Settings, Tier, always_approval_eligibility, assess, category_keys, check_shell_permission,
    extract_binary, is_shell_auto_executable, iso8601, min_score_for_risk,
    normalize_command_pattern, shell_command_key,
};

const DAY: u64 = 86_400_000;
const T0: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00.000Z

#[test]
fn tier_names_and_ranks_follow_the_original() {
    let all = [Tier::Low, Tier::Medium, Tier::High, Tier::Critical];
    assert_eq!(all.map(Tier::rank), [0, 1, 2, 3]);
    assert_eq!(all.map(Tier::as_str), ["low", "medium", "high", "critical"]);
    assert!(Tier::Low < Tier::Medium && Tier::Medium < Tier::High && Tier::High < Tier::Critical);
    assert_eq!(Tier::parse("HIGH"), Some(Tier::High));
    assert_eq!(Tier::parse("bogus"), None);
    assert!(Decision::Allow < Decision::Ask && Decision::Ask < Decision::Deny);
}

#[test]
fn table_tiers_are_the_floor() {
    // b.2 low entries stay low (read-only).
    for line in [
        "ls",
        "pwd",
        "cat a.txt",
        "head a",
        "tail a",
        "wc -l a",
        "du -sh .",
        "df -h",
        "tree",
        "grep x a",
        "rg x",
        "find . -name x",
        "which ls",
        "whoami",
        "uname -a",
        "date",
        "echo hi",
        "printf x",
        "true",
        "sleep 1",
        "stat a",
        "file a",
    ] {
        assert_eq!(auto(line).tier, Tier::Low, "{line}");
    }
    // b.2 medium entries are at least medium; the file writers where they reach outside the
    // working directory.
    for line in [
        "cp a /tmp/b",
        "mv a ../b",
        "mkdir ~/d",
        "touch ~/f",
        "ln -s a ~/b",
        "rsync -a a /tmp/b",
        "curl https://e.example",
        "wget https://e.example",
        "ping h",
        "dig h",
        "nslookup h",
        "host h",
        "node app.js",
        "npx x",
        "npm install",
        "pnpm i",
        "yarn",
        "bun x.ts",
        "python x.py",
        "python3 x.py",
        "pip install x",
        "pip3 install x",
        "ruby x.rb",
        "perl x.pl",
        "php x.php",
        "java -jar x.jar",
        "open x",
        "sh",
        "bash",
        "zsh",
        "fish",
        "git commit -m x",
    ] {
        assert!(auto(line).tier >= Tier::Medium, "{line}");
    }
    // Where a file writer, `chmod` or `dd` only changes the working directory (literal paths
    // inside it, none of git's, hooks' or auto-run places, no world-writable or set-id mode), it
    // is `low`, as a redirect into it is: the table tier is for writes that reach further.
    for line in [
        "cp a b",
        "mv a b",
        "mkdir d",
        "touch f",
        "ln -s a b",
        "rsync -a a b",
        "install -m 755 a b",
        "chmod +x f",
        "dd if=/dev/zero of=x bs=1M count=1",
    ] {
        assert_eq!(auto(line).tier, Tier::Low, "{line}");
    }
    for line in [
        "cp a .git/hooks/pre-commit",
        "cp a .vscode/tasks.json",
        "chmod 777 f",
        "chmod u+s f",
        "chmod o+w f",
        "install -m 4755 a b",
        "cp \"$X\" b",
        "dd if=/dev/sda of=x",
    ] {
        assert!(auto(line).tier >= Tier::Medium, "{line}");
    }
    // b.2 high entries are at least high.
    for line in [
        "chmod +x ~/f",
        "chown me f",
        "kill 1234",
        "killall node",
        "pkill node",
        "mount /dev/sdb1 /mnt",
        "umount /mnt",
        "shred f",
        "truncate -s 0 f",
    ] {
        assert!(auto(line).tier >= Tier::High, "{line}");
    }
}

#[test]
fn unknown_binaries_are_never_low() {
    // Invariant I3.
    for line in [
        "ssh host",
        "frobnicate",
        "make",
        "./run.sh",
        "C:\\tools\\x.exe /y",
    ] {
        assert!(auto(line).tier >= Tier::Medium, "{line}");
    }
}

#[test]
fn the_originals_known_gaps_are_closed() {
    assert!(auto("ls | sh").tier >= Tier::High);
    assert!(auto("echo $(whoami)").tier >= Tier::High);
    assert_eq!(auto("cat a > out.txt").tier, Tier::Low);
    assert!(auto("cat a > /etc/x").tier == Tier::Critical);
    assert!(auto("ssh host").tier >= Tier::Medium);
}

#[test]
fn reject_layer_keeps_the_original_messages() {
    let a = auto("rm -rf build");
    assert_eq!(a.decision, Decision::Deny);
    assert!(
        a.findings
            .iter()
            .any(|f| f.message == "Command \"rm\" is blocked for security reasons")
    );
    for word in ["sudo", "su", "passwd", "chgrp"] {
        let a = auto(&format!("{word} x"));
        assert_eq!(a.decision, Decision::Deny, "{word}");
        assert!(a.findings.iter().any(|f| f.message == format!("Command \"{word}\" is blocked for security reasons")), "{word}");
    }
    for line in [
        "mkfs.ext4 /dev/sdb1",
        "dd if=/dev/zero of=/tmp/x",
        "chmod 777 x",
        "chown root x",
        "shutdown -h now",
        "reboot",
        "halt",
        "poweroff",
        "init 0",
        "iptables -L",
        "ufw allow 22",
        "firewall-cmd --reload",
    ] {
        let a = auto(line);
        assert_eq!(a.decision, Decision::Deny, "{line}");
    }
    let a = auto("iptables -L");
    assert!(
        a.findings
            .iter()
            .any(|f| f.message == "Command contains dangerous patterns")
    );
    let a = auto(&"a".repeat(10_001));
    assert_eq!(a.decision, Decision::Deny);
    assert_eq!(
        a.findings[0].message,
        "Command exceeds maximum length of 10000 characters"
    );
    let a = auto("   ");
    assert_eq!(a.decision, Decision::Deny);
    assert_eq!(a.findings[0].message, "Command must be a non-empty string");
    // Exactly 10,000 characters is still judged normally.
    let ok = format!("echo {}", "a".repeat(9_995));
    assert_eq!(auto(&ok).decision, Decision::Allow);
}

#[test]
fn the_dangerous_pattern_false_positive_is_fixed() {
    // j.3: `:\s*\|` matched harmless text; `$(` inside quotes is text.
    assert_eq!(auto("echo a: | cat").decision, Decision::Allow);
    assert_eq!(auto("echo 'shutdown now'").decision, Decision::Allow);
}

#[test]
fn defaults_ask_for_everything() {
    let a = assess("ls", &Settings::default());
    assert_eq!((a.tier, a.decision), (Tier::Low, Decision::Ask));
    let legacy = Settings {
        auto_approve_low_risk: true,
        ..Settings::default()
    };
    assert_eq!(assess("ls", &legacy).decision, Decision::Allow);
    let a = auto("chmod +x ~/bin/run.sh");
    assert_eq!(a.decision, Decision::Ask);
    assert!(a.needs_strong_confirmation());
    assert!(a.needs_device_unlock(&Settings::default()));
    assert!(!auto("ls").needs_device_unlock(&Settings::default()));
    assert_eq!(auto("sudo ls").decision, Decision::Deny);
    let s: Settings = serde_json::from_str(r#"{"autoApproveLowRiskShell": true}"#).unwrap();
    assert!(s.auto_approve_low_risk_shell && s.require_device_unlock_for_manual_approval);
}

#[test]
fn binary_extraction_follows_b3() {
    assert_eq!(extract_binary("  /usr/bin/LS -la"), "ls");
    assert_eq!(extract_binary("C:\\tools\\Build.BAT x"), "build");
    assert_eq!(extract_binary("script.ps1"), "script");
    assert_eq!(extract_binary("FOO=1 ls"), "");
    assert_eq!(extract_binary(""), "");
}

#[test]
fn grant_keys_and_normalisation() {
    assert_eq!(
        normalize_command_pattern("  LS   -la\t/etc "),
        "ls -la /etc"
    );
    assert_eq!(shell_command_key("  LS   -la "), "SHELL_CMD:ls -la");
    assert_eq!(shell_command_key("   "), "");
    assert_ne!(shell_command_key("ls"), shell_command_key("ls -la /etc"));
}

#[test]
fn levels_scores_and_category_keys() {
    assert_eq!(
        [
            Level::Read,
            Level::Interact,
            Level::Write,
            Level::Execute,
            Level::Send
        ]
        .map(Level::score),
        [1, 2, 3, 4, 5]
    );
    assert_eq!(
        (
            min_score_for_risk("low"),
            min_score_for_risk("medium"),
            min_score_for_risk("high"),
            min_score_for_risk("weird")
        ),
        (1, 2, 3, 2)
    );
    assert_eq!(
        category_keys("low"),
        ["SHELL_LOW", "SHELL_MEDIUM", "SHELL_HIGH", "SHELL_ALL"]
    );
    assert_eq!(
        category_keys("medium"),
        ["SHELL_MEDIUM", "SHELL_HIGH", "SHELL_ALL"]
    );
    assert_eq!(category_keys("high"), ["SHELL_HIGH", "SHELL_ALL"]);
    assert!(category_keys("weird").is_empty());
    let mut g = Grants::default();
    let err = g
        .grant("k", "admin", "x", true, &FixedClock(T0))
        .unwrap_err();
    assert_eq!(err, Error::InvalidLevel("admin".into()));
    assert_eq!(err.to_string(), "Invalid permission level: admin");
}

#[test]
fn lifetimes() {
    assert_eq!(SESSION_GRANT_TTL_MS, 8 * 60 * 60 * 1000);
    assert_eq!(ALWAYS_GRANT_TTL_MS, 2_592_000_000);
    assert_eq!(ALWAYS_GRANT_TTL_MS, 30 * DAY);
    let mut g = Grants::default();
    g.grant("SHELL_LOW", "read", "session", true, &FixedClock(T0))
        .unwrap();
    g.grant("SHELL_ALL", "send", "forever", false, &FixedClock(T0))
        .unwrap();
    assert!(g.is_granted("SHELL_LOW", &FixedClock(T0 + SESSION_GRANT_TTL_MS - 1)));
    assert!(!g.is_granted("SHELL_LOW", &FixedClock(T0 + SESSION_GRANT_TTL_MS)));
    assert!(
        !g.grants.contains_key("SHELL_LOW"),
        "expired rows are purged"
    );
    assert_eq!(
        g.level("SHELL_ALL", &FixedClock(T0 + 1000 * DAY)),
        Some(Level::Send)
    );
    assert_eq!(iso8601(T0), "2026-01-01T00:00:00.000Z");
    assert_eq!(
        iso8601(T0 + ALWAYS_GRANT_TTL_MS),
        "2026-01-31T00:00:00.000Z"
    );
}

#[test]
fn permission_gate_follows_b6() {
    let s = Settings::default();
    let c = FixedClock(T0);
    let mut audit = Vec::new();
    assert!(
        !check_shell_permission(None, "ls", "low", &s, &c, &mut audit),
        "no store: fail closed"
    );
    let mut g = Grants::default();
    g.grant(&shell_command_key("git push"), "write", "user", false, &c)
        .unwrap();
    assert!(check_shell_permission(
        Some(&mut g),
        "git  PUSH",
        "high",
        &s,
        &c,
        &mut audit
    ));
    assert!(
        !check_shell_permission(Some(&mut g), "git push", "critical", &s, &c, &mut audit),
        "critical never"
    );
    g.grant(&shell_command_key("make"), "interact", "user", false, &c)
        .unwrap();
    assert!(check_shell_permission(
        Some(&mut g),
        "make",
        "medium",
        &s,
        &c,
        &mut audit
    ));
    assert!(
        !check_shell_permission(Some(&mut g), "make", "high", &s, &c, &mut audit),
        "interact < write"
    );
    let mut g = Grants::default();
    g.grant("SHELL_MEDIUM", "read", "user", false, &c).unwrap();
    assert!(check_shell_permission(
        Some(&mut g),
        "x",
        "low",
        &s,
        &c,
        &mut audit
    ));
    assert!(check_shell_permission(
        Some(&mut g),
        "x",
        "MEDIUM",
        &s,
        &c,
        &mut audit
    ));
    assert!(!check_shell_permission(
        Some(&mut g),
        "x",
        "high",
        &s,
        &c,
        &mut audit
    ));
    assert!(
        !check_shell_permission(Some(&mut g), "x", "weird", &s, &c, &mut audit),
        "unknown risk: no category"
    );
    assert!(
        check_shell_permission(Some(&mut g), "x", "", &s, &c, &mut audit),
        "risk defaults to medium"
    );
    let mut empty = Grants::default();
    let on = Settings::default().with_auto_approve_low_risk_shell(true);
    assert!(check_shell_permission(
        Some(&mut empty),
        "ls",
        "low",
        &on,
        &c,
        &mut audit
    ));
    assert!(!check_shell_permission(
        Some(&mut empty),
        "ls",
        "low",
        &s,
        &c,
        &mut audit
    ));
    assert!(is_shell_auto_executable("LOW", &on));
    assert!(!is_shell_auto_executable("medium", &on));
    assert!(audit.is_empty());
}

#[test]
fn allow_always_runs_whatever_the_tier_until_it_expires() {
    let s = Settings::default();
    let mut g = Grants::default();
    let key = g.allow_always("ls -la   src", &FixedClock(T0)).unwrap();
    assert_eq!(key, "ls -la src");
    assert_eq!(
        g.auto_approved_command_grants[&key].expires_at,
        T0 + ALWAYS_GRANT_TTL_MS
    );
    let mut audit = Vec::new();
    assert!(g.can_auto_execute("LS -la src", "high", &s, &FixedClock(T0 + DAY), &mut audit));
    assert!(
        !g.can_auto_execute("ls", "low", &s, &FixedClock(T0 + DAY), &mut audit),
        "other keys differ"
    );
    let later = FixedClock(T0 + ALWAYS_GRANT_TTL_MS);
    assert!(!g.can_auto_execute("ls -la src", "high", &s, &later, &mut audit));
    assert_eq!(
        audit,
        ["settings.expireAutoApprovedCommand: ls -la src (expired 2026-01-31T00:00:00.000Z)"]
    );
    assert!(g.auto_approved_commands.is_empty());
    // A granted key without a record gets a fresh lifetime on first check.
    let mut g = Grants {
        auto_approved_commands: vec!["cat readme.md".into()],
        ..Grants::default()
    };
    assert!(g.can_auto_execute("cat README.md", "low", &s, &FixedClock(T0), &mut audit));
    assert_eq!(
        g.auto_approved_command_grants["cat readme.md"].expires_at,
        T0 + ALWAYS_GRANT_TTL_MS
    );
}

#[test]
fn allow_always_refuses_ineligible_lines() {
    let mut g = Grants::default();
    let err = g
        .allow_always("curl https://e.example", &FixedClock(T0))
        .unwrap_err();
    assert_eq!(
        err,
        Error::NotEligible {
            reason: "network-or-script-capable:curl".into()
        }
    );
}

#[test]
fn eligibility_reasons_follow_b8() {
    let r = |c: &str| always_approval_eligibility(c).reason;
    assert_eq!(r(""), Some("unparseable-command".into()));
    assert_eq!(r("FOO=1 ls"), Some("unparseable-command".into()));
    for bin in [
        "curl", "git", "npm", "python3", "ssh", "xargs", "env", "sudo", "doas", "eval", "exec",
        "command", "bash",
    ] {
        assert_eq!(
            r(&format!("{bin} x")),
            Some(format!("network-or-script-capable:{bin}")),
            "{bin}"
        );
    }
    assert_eq!(r("cat https://e.example/x"), Some("url-argument".into()));
    assert_eq!(r("ls; rm -rf x"), Some("destructive-pattern".into()));
    assert_eq!(
        r("frobnicate"),
        Some("unrecognised-binary:frobnicate".into())
    );
    for ok in [
        "cp a b",
        "mv a b",
        "mkdir d",
        "touch f",
        "ln -s a b",
        "ping -c 1 host",
        "ls -la",
        "cat README.md",
    ] {
        assert_eq!(always_approval_eligibility(ok).reason, None, "{ok}");
        assert!(always_approval_eligibility(ok).eligible);
    }
    // Issue 23: no line of a bypass class is eligible, whatever its tier (`ping` without a
    // count never ends).
    assert_eq!(r("ping host"), Some("bypass-class:never-ends".into()));
    assert_eq!(r("cat .env"), Some("bypass-class:secrets-leave".into()));
    // Ours: every command of the line counts, and high lines are never eligible.
    assert_eq!(
        r("ls && git push"),
        Some("network-or-script-capable:git".into())
    );
    assert_eq!(r("ls | sh"), Some("network-or-script-capable:sh".into()));
    assert_eq!(r("cat a > /tmp/x"), Some("policy-tier:high".into()));
}

#[test]
fn load_migrates_backfills_expires_and_is_idempotent() {
    let c = FixedClock(T0);
    let mut g: Grants = serde_json::from_value(serde_json::json!({
        "autoApprovedCommands": ["ls", "curl", "  Git   Status ", "cat a", "old cmd"],
        "autoApprovedCommandGrants": {
            "cat a": {"granted_at": T0 - 40 * DAY, "expires_at": T0 - 10 * DAY},
            "orphan": {"granted_at": T0, "expires_at": T0 + DAY},
            "old cmd": {"granted_at": T0 - DAY, "expires_at": T0 + DAY}
        }
    }))
    .unwrap();
    let audit = g.load(&c);
    assert_eq!(
        audit,
        [
            "settings.dropLegacyAutoApprovedCommand: curl (network-or-script-capable:curl)",
            "settings.autoApprovedCommandGrantBackfilled: ls (expires 2026-01-31T00:00:00.000Z)",
            "settings.autoApprovedCommandGrantBackfilled: git status (expires 2026-01-31T00:00:00.000Z)",
            "settings.expireAutoApprovedCommand: cat a (expired 2025-12-22T00:00:00.000Z)",
        ]
    );
    assert_eq!(g.auto_approved_commands, ["ls", "git status", "old cmd"]);
    assert!(!g.auto_approved_command_grants.contains_key("orphan"));
    let snapshot = g.clone();
    assert!(g.load(&c).is_empty(), "a second load changes nothing");
    assert_eq!(g, snapshot);
}

#[test]
fn only_legacy_default_grants_are_revoked() {
    let c = FixedClock(T0);
    let mut g = Grants::default();
    g.grant(
        "SHELL_LOW",
        "read",
        "Default session grant for low-risk shell",
        true,
        &c,
    )
    .unwrap();
    g.grant(
        "SHELL_MEDIUM",
        "interact",
        "Default session grant for medium-risk shell",
        true,
        &c,
    )
    .unwrap();
    g.grant(
        "SHELL_HIGH",
        "write",
        "Granted in Settings → Permissions",
        false,
        &c,
    )
    .unwrap();
    let audit = g.revoke_legacy_default_grants();
    assert_eq!(audit.len(), 2);
    assert_eq!(g.grants.keys().collect::<Vec<_>>(), ["SHELL_HIGH"]);
    assert!(rules_of(&auto("ls")).is_empty());
}
