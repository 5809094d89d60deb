//! Concepts: what a phrase is about, in any language. Lexicons (`lexicons/<lang>.tsv`, one file
//! per language) map words to concepts; [`Concept`]s that occur together in a window are the
//! combiner's main signal.

use serde::Serialize;

/// Something a text talks about. An injection is a combination ("ignore" + "previous" +
/// "instructions", or an address to the AI + "send" + "password" + an address), never one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Concept {
    /// "Ignore", "disregard", "forget", "override".
    Override,
    /// "Previous", "prior", "earlier", "above".
    Prior,
    /// "Instructions", "rules", "system prompt".
    Instruction,
    /// An address to the AI: "AI assistant", "language model", "agent", "bot".
    AiAddress,
    /// Authority claims: "administrator", "operator", "security team", "priority".
    Authority,
    /// User-intent overrides: "the user actually wants", "instead of what was asked".
    UserIntent,
    /// Credentials and secrets: "password", "API key", "token", "card number".
    Secret,
    /// Actions that move data: "send", "forward", "upload", "enter", "paste".
    Action,
    /// Destructive or money-moving actions: "delete", "wipe", "transfer", "buy".
    Destructive,
    /// Conversation-data placeholders: `[DATA]`, "summary of this conversation".
    Placeholder,
    /// Decode-and-follow: "decode", "base64", "backwards", "do what it says".
    Decode,
    /// Conditional triggers: "if you are an AI".
    Conditional,
    /// Task switches: "new task", "before you continue", "from now on".
    TaskSwitch,
    /// The user as a party: "the user", "the user's", "the customer".
    User,
    /// Pressure: "immediately", "do not tell", "without asking".
    Urgency,
    /// Talk *about* attacks: "prompt injection", "researchers", "for example".
    Discussion,
    /// Instructions to humans: "step", "feedback", "customer service", "click".
    HumanContext,
    /// An action made to wait for the user: "ask the user first", "after confirmation",
    /// "with the user's consent" (what documentation and policies say; injections ask for the
    /// opposite).
    Safeguard,
    /// A destination: a mail address or a URL (found in the text, not in a lexicon).
    Destination,
    /// A markdown image or link whose URL carries parameters (found in the text).
    MarkdownUrl,
}

/// Every concept, in feature order.
pub(crate) const ALL: [Concept; 20] = [
    Concept::Override,
    Concept::Prior,
    Concept::Instruction,
    Concept::AiAddress,
    Concept::Authority,
    Concept::UserIntent,
    Concept::Secret,
    Concept::Action,
    Concept::Destructive,
    Concept::Placeholder,
    Concept::Decode,
    Concept::Conditional,
    Concept::TaskSwitch,
    Concept::User,
    Concept::Urgency,
    Concept::Discussion,
    Concept::HumanContext,
    Concept::Safeguard,
    Concept::Destination,
    Concept::MarkdownUrl,
];

impl Concept {
    /// The concept's name as written in lexicons and verdicts, e.g. `ai-address`.
    pub fn as_str(self) -> &'static str {
        match self {
            Concept::Override => "override",
            Concept::Prior => "prior",
            Concept::Instruction => "instruction",
            Concept::AiAddress => "ai-address",
            Concept::Authority => "authority",
            Concept::UserIntent => "user-intent",
            Concept::Secret => "secret",
            Concept::Action => "action",
            Concept::Destructive => "destructive",
            Concept::Placeholder => "placeholder",
            Concept::Decode => "decode",
            Concept::Conditional => "conditional",
            Concept::TaskSwitch => "task-switch",
            Concept::User => "user",
            Concept::Urgency => "urgency",
            Concept::Discussion => "discussion",
            Concept::HumanContext => "human-context",
            Concept::Safeguard => "safeguard",
            Concept::Destination => "destination",
            Concept::MarkdownUrl => "markdown-url",
        }
    }

    /// The concept's position in [`ALL`] (its bit in a concept set).
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The concept a lexicon names with `name` (the short lexicon spellings).
    pub(crate) fn from_lexicon(name: &str) -> Option<Concept> {
        Some(match name {
            "override" => Concept::Override,
            "prior" => Concept::Prior,
            "instruction" => Concept::Instruction,
            "ai" => Concept::AiAddress,
            "authority" => Concept::Authority,
            "intent" => Concept::UserIntent,
            "secret" => Concept::Secret,
            "action" => Concept::Action,
            "destructive" => Concept::Destructive,
            "placeholder" => Concept::Placeholder,
            "decode" => Concept::Decode,
            "conditional" => Concept::Conditional,
            "task" => Concept::TaskSwitch,
            "user" => Concept::User,
            "urgency" => Concept::Urgency,
            "discussion" => Concept::Discussion,
            "human" => Concept::HumanContext,
            "safeguard" => Concept::Safeguard,
            _ => return None,
        })
    }
}

/// Where a concept was seen: the evidence behind a combiner score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Evidence {
    /// The concept.
    pub concept: Concept,
    /// Where in the scanned text (for a decoded or hidden view: the view's span).
    pub span: crate::Span,
}

/// The lexicon files, by language code, compiled in.
pub(crate) const LEXICONS: &[(&str, &str)] = &[
    ("am", include_str!("../lexicons/am.tsv")),
    ("ar", include_str!("../lexicons/ar.tsv")),
    ("bg", include_str!("../lexicons/bg.tsv")),
    ("bn", include_str!("../lexicons/bn.tsv")),
    ("ca", include_str!("../lexicons/ca.tsv")),
    ("cs", include_str!("../lexicons/cs.tsv")),
    ("da", include_str!("../lexicons/da.tsv")),
    ("de", include_str!("../lexicons/de.tsv")),
    ("el", include_str!("../lexicons/el.tsv")),
    ("en", include_str!("../lexicons/en.tsv")),
    ("es", include_str!("../lexicons/es.tsv")),
    ("et", include_str!("../lexicons/et.tsv")),
    ("fa", include_str!("../lexicons/fa.tsv")),
    ("fi", include_str!("../lexicons/fi.tsv")),
    ("fr", include_str!("../lexicons/fr.tsv")),
    ("ga", include_str!("../lexicons/ga.tsv")),
    ("he", include_str!("../lexicons/he.tsv")),
    ("hi", include_str!("../lexicons/hi.tsv")),
    ("hr", include_str!("../lexicons/hr.tsv")),
    ("hu", include_str!("../lexicons/hu.tsv")),
    ("id", include_str!("../lexicons/id.tsv")),
    ("is", include_str!("../lexicons/is.tsv")),
    ("it", include_str!("../lexicons/it.tsv")),
    ("ja", include_str!("../lexicons/ja.tsv")),
    ("ko", include_str!("../lexicons/ko.tsv")),
    ("lt", include_str!("../lexicons/lt.tsv")),
    ("lv", include_str!("../lexicons/lv.tsv")),
    ("ms", include_str!("../lexicons/ms.tsv")),
    ("mt", include_str!("../lexicons/mt.tsv")),
    ("nb", include_str!("../lexicons/nb.tsv")),
    ("nl", include_str!("../lexicons/nl.tsv")),
    ("pl", include_str!("../lexicons/pl.tsv")),
    ("pt", include_str!("../lexicons/pt.tsv")),
    ("ro", include_str!("../lexicons/ro.tsv")),
    ("ru", include_str!("../lexicons/ru.tsv")),
    ("sk", include_str!("../lexicons/sk.tsv")),
    ("sl", include_str!("../lexicons/sl.tsv")),
    ("sq", include_str!("../lexicons/sq.tsv")),
    ("sr", include_str!("../lexicons/sr.tsv")),
    ("sv", include_str!("../lexicons/sv.tsv")),
    ("sw", include_str!("../lexicons/sw.tsv")),
    ("ta", include_str!("../lexicons/ta.tsv")),
    ("th", include_str!("../lexicons/th.tsv")),
    ("tl", include_str!("../lexicons/tl.tsv")),
    ("tr", include_str!("../lexicons/tr.tsv")),
    ("uk", include_str!("../lexicons/uk.tsv")),
    ("ur", include_str!("../lexicons/ur.tsv")),
    ("vi", include_str!("../lexicons/vi.tsv")),
    ("yo", include_str!("../lexicons/yo.tsv")),
    ("zh", include_str!("../lexicons/zh.tsv")),
];
