//! The original's first-word classifier pieces (spec b.3, b.4, b.8), kept where the spec
//! defines behaviour in their terms: grant keys, legacy migration and "Allow Always" eligibility.

use crate::commands::{TABLE_HIGH, TABLE_LOW, TABLE_MEDIUM};
use regex::{Regex, RegexSet};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The original's `DESTRUCTIVE_COMMAND_PATTERNS` (spec b.4), case-insensitive.
const DESTRUCTIVE: &[&str] = &[
    r"\brm\s",
    r"\bdel\s",
    r"\bdel/",
    r"\brmdir",
    r"\brd\s/[sfq]",
    r"\bformat\s",
    r"\bfdisk",
    r"\bmkfs",
    r"\bdd\s+if=",
    r"\bshred",
    r"\bwipe",
    r"\bfind\s.*-delete",
    r"\bfind\s.*-exec\s+rm",
    r"\bxargs\s+rm",
    r"\bxargs\s+del",
    r"\bunlk\b",
    r"\bunlink\s",
    r"\bsudo\s",
    r"\bsu\s",
    r"\bkill\s",
    r"\bkillall",
    r"\bpkill",
    r">\s*/dev/",
    r"\bshutdown",
    r"\breboot",
    r"\bhalt\b",
    r"\bpoweroff",
    r"\binit\s",
    r"\bchmod\s",
    r"\bchown\s",
    r"\bchgrp\s",
    r"\bmount\s",
    r"\bumount",
    r"\beject",
    r"\biptables",
    r"\bufw\b",
    r"\bfirewall",
];

/// Binaries never offered "Allow Always" (spec b.8).
pub(crate) const NEVER_ALWAYS_ELIGIBLE: &[&str] = &[
    "curl",
    "wget",
    "osascript",
    "chmod",
    "chown",
    "npm",
    "npx",
    "pnpm",
    "yarn",
    "bun",
    "node",
    "python",
    "python3",
    "pip",
    "pip3",
    "ruby",
    "perl",
    "php",
    "java",
    "git",
    "scp",
    "sftp",
    "ssh",
    "rsync",
    "open",
    "kill",
    "killall",
    "pkill",
    "sh",
    "bash",
    "zsh",
    "fish",
    "dd",
    "shred",
    "truncate",
    "mount",
    "umount",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "xargs",
    "env",
    "eval",
    "exec",
    "command",
    "sudo",
    "su",
    "doas",
];

fn destructive() -> Option<&'static RegexSet> {
    static SET: OnceLock<Option<RegexSet>> = OnceLock::new();
    SET.get_or_init(|| RegexSet::new(DESTRUCTIVE.iter().map(|p| format!("(?i){p}"))).ok())
        .as_ref()
}

fn url() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(?i)[a-z][a-z0-9+.-]*://").ok())
        .as_ref()
}

/// The original's binary extraction (spec b.3): first whitespace token, `''` for an empty line
/// or an assignment, else the basename lower-cased without `.bat/.cmd/.exe/.ps1`.
pub fn extract_binary(cmd: &str) -> String {
    let Some(first) = cmd.split_whitespace().next() else {
        return String::new();
    };
    if first.contains('=') {
        return String::new();
    }
    let base = first
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(first)
        .to_lowercase();
    for ext in [".bat", ".cmd", ".exe", ".ps1"] {
        if let Some(s) = base.strip_suffix(ext) {
            return s.to_string();
        }
    }
    base
}

/// Whether the line matches one of the original's destructive patterns (spec b.4).
pub fn matches_destructive_pattern(cmd: &str) -> bool {
    destructive().is_none_or(|s| s.is_match(cmd))
}

/// Whether the line contains a URL (`scheme://`).
pub fn has_url(cmd: &str) -> bool {
    url().is_none_or(|r| r.is_match(cmd))
}

/// Whether a binary is in the original's tier table (spec b.2).
pub fn in_tier_table(bin: &str) -> bool {
    TABLE_LOW.contains(&bin) || TABLE_MEDIUM.contains(&bin) || TABLE_HIGH.contains(&bin)
}

/// Result of [`always_approval_eligibility`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eligibility {
    /// Whether the dialog may offer "Always Allow".
    pub eligible: bool,
    /// The first failing check (`unparseable-command`, `network-or-script-capable:<bin>`,
    /// `url-argument`, `destructive-pattern`, `unrecognised-binary:<bin>`, or ours:
    /// `policy-tier:<tier>` and `bypass-class:<class>`), `None` when eligible.
    pub reason: Option<String>,
}

/// "Allow Always" eligibility (spec b.8), made stronger: the original's checks on the first word,
/// then the same checks on every command the line runs, then the line's tier must be below high,
/// and no finding may belong to a bypass class ([`crate::RuleId::CLASSES`]).
pub fn always_approval_eligibility(cmd: &str) -> Eligibility {
    let no = |r: String| Eligibility {
        eligible: false,
        reason: Some(r),
    };
    let bin = extract_binary(cmd);
    if bin.is_empty() {
        return no("unparseable-command".into());
    }
    if NEVER_ALWAYS_ELIGIBLE.contains(&bin.as_str()) {
        return no(format!("network-or-script-capable:{bin}"));
    }
    if has_url(cmd) {
        return no("url-argument".into());
    }
    if matches_destructive_pattern(cmd) {
        return no("destructive-pattern".into());
    }
    if !in_tier_table(&bin) {
        return no(format!("unrecognised-binary:{bin}"));
    }
    let (findings, commands) = crate::assess::analyze_with_commands(cmd);
    for c in &commands {
        if NEVER_ALWAYS_ELIGIBLE.contains(&c.as_str()) {
            return no(format!("network-or-script-capable:{c}"));
        }
        if !in_tier_table(c) {
            return no(format!("unrecognised-binary:{c}"));
        }
    }
    if let Some(t) = findings
        .iter()
        .map(|f| f.tier)
        .max()
        .filter(|t| *t >= crate::Tier::High)
    {
        return no(format!("policy-tier:{t}"));
    }
    // No line of a bypass class is ever eligible, whatever its tier.
    if let Some(class) = findings.iter().find_map(|f| f.class) {
        return no(format!("bypass-class:{class}"));
    }
    Eligibility {
        eligible: true,
        reason: None,
    }
}
