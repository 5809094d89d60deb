//! Risk tiers and decisions: two ordered values where combining takes the strictest.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How risky a shell line is, with the original's names and order.
///
/// `Low` is read-only; `Critical` is always denied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// Read-only inspection (rank 0).
    Low,
    /// Writes in the working directory through table binaries, network, running code (rank 1).
    Medium,
    /// Process control, permissions, anything the classifier cannot see through (rank 2).
    High,
    /// Destruction outside the working directory, privilege escalation, persistence,
    /// exfiltration, remote or decoded code execution; always denied (rank 3).
    Critical,
}

impl Tier {
    /// The original's rank: 0 to 3.
    pub fn rank(self) -> u8 {
        match self {
            Tier::Low => 0,
            Tier::Medium => 1,
            Tier::High => 2,
            Tier::Critical => 3,
        }
    }

    /// The lower-case name (`low`, `medium`, `high`, `critical`).
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Low => "low",
            Tier::Medium => "medium",
            Tier::High => "high",
            Tier::Critical => "critical",
        }
    }

    /// Parse a tier name case-insensitively, as the original's gate does; `None` when unknown.
    pub fn parse(name: &str) -> Option<Tier> {
        match name.trim().to_ascii_lowercase().as_str() {
            "low" => Some(Tier::Low),
            "medium" => Some(Tier::Medium),
            "high" => Some(Tier::High),
            "critical" => Some(Tier::Critical),
            _ => None,
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What happens to a line: ordered so that the strictest of several decisions is the maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// Runs without asking.
    Allow,
    /// Runs only after the user approves it.
    Ask,
    /// Never runs.
    Deny,
}

impl Decision {
    /// The lower-case name (`allow`, `ask`, `deny`).
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
