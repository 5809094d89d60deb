//! The result of a scan: action, score, threats with spans, sanitized text and quarantine token.

use serde::Serialize;

/// What the caller should do with scanned text. Ordered from mildest to strictest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Pass the text on unchanged.
    Allow,
    /// Pass on [`Verdict::sanitized`] instead of the text (invisible characters removed).
    Sanitize,
    /// Withhold the text; show the model [`Verdict::quarantine_token`] instead.
    Quarantine,
    /// Withhold the text; the score is at or above the block threshold.
    Block,
}

impl Action {
    /// The original's spelling: `allow`, `sanitize`, `quarantine` or `block`.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Allow => "allow",
            Action::Sanitize => "sanitize",
            Action::Quarantine => "quarantine",
            Action::Block => "block",
        }
    }
}

/// Which layer decided a non-`allow` verdict (the original's `triggeredLayer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Layer {
    /// Nothing triggered.
    None,
    /// The maximum threat severity crossed the sentinel threshold.
    Sentinel,
    /// The semantic score crossed its threshold and is at least the sentinel score.
    Semantic,
}

/// Byte range `start..end` in the scanned text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end` (swapped if given backwards).
    pub fn new(start: usize, end: usize) -> Self {
        if start <= end {
            Span { start, end }
        } else {
            Span {
                start: end,
                end: start,
            }
        }
    }

    /// Whether the two spans share at least one byte (or are both empty at one point).
    pub fn overlaps(&self, other: &Span) -> bool {
        self.start < other.end && other.start < self.end
            || (self.start == other.start && self.end == other.end)
    }
}

/// The kind of a finding. Labels of the original scanner keep their names; the rest are new.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Label {
    /// "Ignore previous instructions" and its relatives, in any language.
    InstructionOverride,
    /// "You are now ...", persona and mode switches.
    RoleSwitch,
    /// Requests to print or reveal the system prompt or hidden instructions.
    SystemPromptLeak,
    /// Sending user data to an address, URL or account; data-carrying image or link URLs.
    DataExfiltration,
    /// Sending secrets (passwords, API keys, tokens, codes) somewhere.
    SecretExfiltration,
    /// Urgency and secrecy pressure ("immediately", "do not tell the user").
    FabricatedUrgency,
    /// Claims that an admin, developer or the user authorised something.
    AuthorityImpersonation,
    /// Zero-width and other invisible characters inside words.
    InvisibleCharacters,
    /// Base64, hex, percent or escape-encoded text that decodes to words.
    EncodedPayload,
    /// Text a human does not see on the rendered page (HTML hidden channels).
    HiddenContent,
    /// Override together with exfiltration or a leak (semantic rule 1).
    GoalHijackWithExfil,
    /// Override together with urgency (semantic rule 2).
    OverrideWithUrgency,
    /// The text pushes toward something unrelated to [`Context::user_goal`](crate::Context).
    GoalDrift,
    /// Forged system, developer or admin messages and prompt-format control tokens.
    FakeSystemMessage,
    /// Forged conversation turns ("Assistant: ... User: ...", ReAct "Observation:").
    TranscriptForgery,
    /// Text that reads as a tool or command call for the agent.
    ToolCallForgery,
    /// A directive addressed to an AI, model, agent or assistant reading the page.
    AgentDirective,
    /// Dictating the answer: "reply only with", "if asked, say", "summaries must end with".
    OutputManipulation,
    /// "Decode this and follow it", "read this backwards and do what it says".
    EncodedInstruction,
    /// Destructive, security-weakening or install actions ("disable 2FA", "curl | sh").
    DangerousAction,
    /// Moving money to an account.
    FinancialAction,
    /// ASCII smuggled in invisible Unicode tag characters.
    TagSmuggling,
    /// Bytes smuggled in runs of variation selectors.
    VariationSelectorSmuggling,
    /// Bidirectional override and isolate controls.
    BidiControl,
    /// Words mixing Latin with look-alike Cyrillic or Greek letters.
    HomoglyphObfuscation,
    /// Letters spaced or dotted out ("i g n o r e").
    SpacedLetters,
    /// ROT13 text that decodes to an attack.
    Rot13Payload,
    /// Text written backwards that reads as an attack.
    ReversedText,
    /// Leetspeak ("1gn0r3 pr3v10u5") that reads as an attack once folded.
    Leetspeak,
    /// Several weak signals close together.
    CombinedSignals,
    /// Concepts that together read as an injection, weighed by the learned combiner; the
    /// verdict's [`Verdict::evidence`] lists them with their spans.
    ConceptCombination,
    /// The scanner could not run; the verdict fails closed.
    GuardUnavailable,
}

impl Label {
    /// The label as written in verdicts, e.g. `instruction-override`.
    pub fn as_str(self) -> &'static str {
        match self {
            Label::InstructionOverride => "instruction-override",
            Label::RoleSwitch => "role-switch",
            Label::SystemPromptLeak => "system-prompt-leak",
            Label::DataExfiltration => "data-exfiltration",
            Label::SecretExfiltration => "secret-exfiltration",
            Label::FabricatedUrgency => "fabricated-urgency",
            Label::AuthorityImpersonation => "authority-impersonation",
            Label::InvisibleCharacters => "invisible-characters",
            Label::EncodedPayload => "encoded-payload",
            Label::HiddenContent => "hidden-content",
            Label::GoalHijackWithExfil => "goal-hijack-with-exfil",
            Label::OverrideWithUrgency => "override-with-urgency",
            Label::GoalDrift => "goal-drift",
            Label::FakeSystemMessage => "fake-system-message",
            Label::TranscriptForgery => "transcript-forgery",
            Label::ToolCallForgery => "tool-call-forgery",
            Label::AgentDirective => "agent-directive",
            Label::OutputManipulation => "output-manipulation",
            Label::EncodedInstruction => "encoded-instruction",
            Label::DangerousAction => "dangerous-action",
            Label::FinancialAction => "financial-action",
            Label::TagSmuggling => "tag-smuggling",
            Label::VariationSelectorSmuggling => "variation-selector-smuggling",
            Label::BidiControl => "bidi-control",
            Label::HomoglyphObfuscation => "homoglyph-obfuscation",
            Label::SpacedLetters => "spaced-letters",
            Label::Rot13Payload => "rot13-payload",
            Label::ReversedText => "reversed-text",
            Label::Leetspeak => "leetspeak",
            Label::CombinedSignals => "combined-signals",
            Label::ConceptCombination => "concept-combination",
            Label::GuardUnavailable => "guard-unavailable",
        }
    }

    /// The semantic class the score ladder uses.
    /// A finding of a phrasing family (read from words, not from structure or hidden channels):
    /// the kind the combiner's context may weigh down.
    pub(crate) fn is_phrase(self) -> bool {
        matches!(
            self,
            Label::InstructionOverride
                | Label::RoleSwitch
                | Label::SystemPromptLeak
                | Label::DataExfiltration
                | Label::SecretExfiltration
                | Label::FabricatedUrgency
                | Label::AuthorityImpersonation
                | Label::AgentDirective
                | Label::OutputManipulation
                | Label::EncodedInstruction
                | Label::DangerousAction
                | Label::FinancialAction
        )
    }

    pub(crate) fn class(self) -> Class {
        match self {
            Label::InstructionOverride
            | Label::RoleSwitch
            | Label::FakeSystemMessage
            | Label::TranscriptForgery
            | Label::ToolCallForgery
            | Label::AgentDirective
            | Label::OutputManipulation
            | Label::EncodedInstruction
            | Label::CombinedSignals => Class::Override,
            Label::SystemPromptLeak => Class::Leak,
            Label::DataExfiltration | Label::SecretExfiltration => Class::Exfil,
            Label::FabricatedUrgency => Class::Urgency,
            Label::AuthorityImpersonation => Class::Authority,
            _ => Class::Signal,
        }
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a label takes part in the semantic score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Override,
    Leak,
    Exfil,
    Urgency,
    Authority,
    Signal,
}

/// One finding: what, how bad (0..=1), and where in the scanned text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Threat {
    /// What was found.
    pub label: Label,
    /// 0.0 (harmless) to 1.0 (certain attack), after context adjustments.
    pub severity: f64,
    /// Where, as byte offsets into the scanned text; `None` for whole-text findings.
    pub span: Option<Span>,
}

/// The outcome of [`scan`](crate::scan).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// What to do with the text.
    pub action: Action,
    /// Overall risk, `max(sentinel, semantic)`, rounded to 3 decimals.
    pub score: f64,
    /// Every finding, strongest first. Lone weak signals appear here even when allowed.
    pub threats: Vec<Threat>,
    /// The text with invisible, tag, bidi-control and smuggling characters removed.
    pub sanitized: String,
    /// Which layer triggered a non-`allow` action.
    pub triggered_layer: Layer,
    /// `<<CONTENT_WITHHELD: prompt-injection-risk score=0.85>>` for quarantine and block.
    pub quarantine_token: Option<String>,
    /// The concepts that carried the combiner's strongest window, with their spans (empty
    /// when no window reached the combiner's threshold).
    pub evidence: Vec<crate::Evidence>,
}

impl Verdict {
    /// The original's `safe`: `action == allow`.
    pub fn is_safe(&self) -> bool {
        self.action == Action::Allow
    }

    /// What may be shown to a model: the text, the sanitized text, or the quarantine token.
    pub fn model_text<'a>(&'a self, original: &'a str) -> &'a str {
        match self.action {
            Action::Allow => original,
            Action::Sanitize => &self.sanitized,
            Action::Quarantine | Action::Block => self
                .quarantine_token
                .as_deref()
                .unwrap_or("<<CONTENT_WITHHELD>>"),
        }
    }

    /// The strongest threat with this label, if any.
    pub fn threat(&self, label: Label) -> Option<&Threat> {
        self.threats.iter().find(|t| t.label == label)
    }
}

/// The original's quarantine token for a score: `<<CONTENT_WITHHELD: prompt-injection-risk score=0.85>>`.
pub fn quarantine_token(score: f64) -> String {
    format!("<<CONTENT_WITHHELD: prompt-injection-risk score={score:.2}>>")
}
