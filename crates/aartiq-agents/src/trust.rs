//! Verbs and trust levels (spec d.1).

use serde::{Deserialize, Serialize};

/// What a tool call does, from the point of view of policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Verb {
    /// Reads only.
    ReadOnly,
    /// Moves a tab to another page.
    Navigate,
    /// Types, clicks, fills: changes page state, not the world.
    Input,
    /// Changes something outside the page: submits, installs, revokes.
    SideEffecting,
    /// Destroys something.
    Destructive,
}

impl Verb {
    /// Every verb, least to most powerful.
    pub const ALL: [Verb; 5] = [
        Verb::ReadOnly,
        Verb::Navigate,
        Verb::Input,
        Verb::SideEffecting,
        Verb::Destructive,
    ];

    /// The original's name (`readOnly`, `sideEffecting`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::ReadOnly => "readOnly",
            Verb::Navigate => "navigate",
            Verb::Input => "input",
            Verb::SideEffecting => "sideEffecting",
            Verb::Destructive => "destructive",
        }
    }
}

impl std::fmt::Display for Verb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How far an agent is trusted; ordered from least to most.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum TrustLevel {
    /// Reads only, one tab, cannot ask for approval.
    Untrusted,
    /// The default for a new agent: reads, navigates, types; two tabs.
    #[default]
    Limited,
    /// Also side effects (each behind approval); four tabs.
    Standard,
    /// Also destructive verbs; eight tabs.
    Privileged,
}

impl TrustLevel {
    /// The verbs this level allows (spec d.1). Derived from the level every time, so changing
    /// the level changes the verbs (the original kept the old caps, spec d.1 "Bug").
    pub fn verbs(self) -> &'static [Verb] {
        match self {
            TrustLevel::Untrusted => &Verb::ALL[..1],
            TrustLevel::Limited => &Verb::ALL[..3],
            TrustLevel::Standard => &Verb::ALL[..4],
            TrustLevel::Privileged => &Verb::ALL,
        }
    }

    /// Whether this level allows `verb`.
    pub fn allows(self, verb: Verb) -> bool {
        self.verbs().contains(&verb)
    }

    /// How many tabs an agent at this level may hold.
    pub fn max_tabs(self) -> usize {
        match self {
            TrustLevel::Untrusted => 1,
            TrustLevel::Limited => 2,
            TrustLevel::Standard => 4,
            TrustLevel::Privileged => 8,
        }
    }

    /// Whether an agent at this level may ask a person for approval.
    pub fn can_request_approval(self) -> bool {
        self != TrustLevel::Untrusted
    }

    /// The score a new agent at this level starts with.
    pub fn baseline_score(self) -> u8 {
        match self {
            TrustLevel::Untrusted => 10,
            TrustLevel::Limited => 35,
            TrustLevel::Standard => 60,
            TrustLevel::Privileged => 85,
        }
    }

    /// The level a score earns: >=80 privileged, >=55 standard, >=30 limited, else untrusted.
    pub fn for_score(score: u8) -> TrustLevel {
        match score {
            80.. => TrustLevel::Privileged,
            55.. => TrustLevel::Standard,
            30.. => TrustLevel::Limited,
            _ => TrustLevel::Untrusted,
        }
    }

    /// The lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            TrustLevel::Untrusted => "untrusted",
            TrustLevel::Limited => "limited",
            TrustLevel::Standard => "standard",
            TrustLevel::Privileged => "privileged",
        }
    }
}

impl std::fmt::Display for TrustLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
