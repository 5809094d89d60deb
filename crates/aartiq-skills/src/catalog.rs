//! The catalog of the 17 built-in skills: id, label, description, icon, trigger pattern and the
//! extra names a load request may use.
//!
//! The first 13 entries are the original `SkillRegistry.ts` in its order (spec c.1); the four
//! file-format skills (`xlsx`, `pptx`, `pdf`, `docx`), which the original only loaded by format
//! name, follow with patterns of their own.

/// One built-in skill as the catalog describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkillInfo {
    /// Stable id, also the file stem in `skills/` (`research`, `tab-intelligence`, ...).
    pub id: &'static str,
    /// Human label (`Research & Web Search`).
    pub label: &'static str,
    /// One-line description; the skill file's frontmatter repeats it.
    pub description: &'static str,
    /// Icon shown in listings.
    pub icon: &'static str,
    /// Trigger pattern, matched case-insensitively. Written in the original's JavaScript regex
    /// dialect: `\b`, `\d` and `\w` are ASCII-only, as in a JavaScript regex without the `u`
    /// flag.
    pub pattern: &'static str,
    /// Extra names a load request ("load excel") resolves to this skill.
    pub aliases: &'static [&'static str],
}

/// The 17 built-in skills, in matching order.
pub static SKILLS: [SkillInfo; 17] = [
    SkillInfo {
        id: "research",
        label: "Research & Web Search",
        description: "Deep research, news gathering, fact-checking, web search workflows",
        icon: "🔍",
        pattern: r"\b(news|research|search|find|what is|who is|latest|today|prices?|scores?|weather|forecasts?|current|updates?|announces?|announcements?)\b",
        aliases: &[
            "web search",
            "search",
            "deep research",
            "news",
            "fact-checking",
            "fact checking",
        ],
    },
    SkillInfo {
        id: "analysis",
        label: "Deep Analysis & Evaluation",
        description: "Analyze, compare, break down, assess, SWOT, evaluate data, documents, or code",
        icon: "📊",
        pattern: r"\b(analyze|analysis|compare|comparison|evaluate|evaluation|break\s*down|swot|pros?.*cons?|assessment|review|verdict|criteria)\b",
        aliases: &["analyse", "analyze", "deep analysis", "evaluation", "swot"],
    },
    SkillInfo {
        id: "finance",
        label: "Stock & Financial Analysis",
        description: "Stock quotes, market research, crypto, forex, company financials, investment analysis",
        icon: "💰",
        pattern: r"\b(stock|stocks|market|investing|trading|crypto|bitcoin|ethereum|forex|symbol|pe\s*ratio|market\s*cap|revenue|earnings|dividend|ipo|shares?|nasdaq|nyse|nse|bse|sensex|nifty)\b",
        aliases: &[
            "stock",
            "stocks",
            "financial",
            "financials",
            "markets",
            "crypto",
            "investing",
        ],
    },
    SkillInfo {
        id: "documents",
        label: "Document Processing",
        description: "PDF, DOCX, PPTX, XLSX generation and processing",
        icon: "📄",
        pattern: r"\b(pdf|docx?|pptx?|xlsx?|documents?|reports?|exports?)\b",
        aliases: &["document", "document processing", "reports", "files"],
    },
    SkillInfo {
        id: "browsing",
        label: "Web Browsing",
        description: "Navigate websites, read pages, interact with web content",
        icon: "🌐",
        pattern: r"\b(navigate|visit|go to|open website|read pages?|browse|urls?)\b",
        aliases: &["browser", "browse", "web browsing", "navigation"],
    },
    SkillInfo {
        id: "automation",
        label: "System Automation",
        description: "Shell commands, app launching, cross-app control, OCR",
        icon: "⚙️",
        pattern: r"\b(ocr|click|automation|cross.app|shell|terminal|open apps?|organize|desktops?|robots?)\b",
        aliases: &["system automation", "shell", "terminal", "ocr", "workflows"],
    },
    SkillInfo {
        id: "mcp",
        label: "MCP Integration",
        description: "Model Context Protocol servers and external tool connections",
        icon: "🔗",
        pattern: r"\b(github|google drive|dropbox|slack|mcp|connect|integrations?)\b",
        aliases: &[
            "model context protocol",
            "mcp integration",
            "integrations",
            "mcp servers",
        ],
    },
    SkillInfo {
        id: "apple-intelligence",
        label: "Apple Intelligence",
        description: "On-device AI, summarization, Image Playground, Genmoji",
        icon: "🍎",
        pattern: r"\b(apple.intelligence|summarize|summaries?|image playground|genmoji|on.device)\b",
        aliases: &["apple", "image playground", "genmoji", "on-device ai"],
    },
    SkillInfo {
        id: "tab-intelligence",
        label: "Tab Intelligence",
        description: "Tab analysis, summarization, grouping, comparison, cross-tab search, and research context",
        icon: "📑",
        pattern: r"\b(tabs?|analyse? tabs?|analyze? tabs?|open tabs?|my tabs?|tab group|organize tabs?|summarize? tabs?|tab content|tab research|find in tabs?)\b",
        aliases: &["tabs", "tab", "tab analysis"],
    },
    SkillInfo {
        id: "image-generation",
        label: "Image Generation",
        description: "AI image creation with DALL-E, Stable Diffusion, and more",
        icon: "🎨",
        // Fixes spec j.2: the original `generat.(image|picture)s?` needed exactly one character
        // between "generat" and "image", so "generate image" never matched.
        pattern: r"\b(generat\w*\s+(an?\s+|the\s+|some\s+|me\s+)?(ai\s+)?(images?|pictures?|illustrations?|artwork|art|logos?|icons?|wallpapers?)|image\s+generation|dall.e|stable diffusion|midjourney|create\s+(an?\s+)?(ai\s+)?(images?|illustrations?|art|pictures?)|draw\s+(me\s+)?(an?\s+)?(picture|image))\b",
        aliases: &["image", "images", "image gen", "dall-e", "dalle"],
    },
    SkillInfo {
        id: "scheduling",
        label: "Task Scheduling",
        description: "Cron-like scheduling, reminders, recurring automation",
        icon: "📅",
        pattern: r"\b(schedules?|reminds?|reminders?|cron|recurring|every (day|hour|week|minute)|at \d|alarms?)\b",
        aliases: &["schedule", "scheduler", "reminders", "cron"],
    },
    SkillInfo {
        id: "security",
        label: "Security & Permissions",
        description: "Permission management, risk assessment, biometric auth",
        icon: "🛡️",
        pattern: r"\b(security|permissions?|auth|safe|risks?|dangerous|unlock)\b",
        aliases: &["permissions", "permission", "safety"],
    },
    SkillInfo {
        id: "settings",
        label: "Settings Management",
        description: "Configure Aartiq preferences, search behavior, AI settings",
        icon: "⚙️",
        pattern: r"\b(settings?|configure|configs?|preferences?|customize|update settings?|change settings?|max.?pages?|budgets?|search.?engines?|depths?|extractions?)\b",
        aliases: &["preferences", "config", "configuration", "setting"],
    },
    SkillInfo {
        id: "xlsx",
        label: "Excel Spreadsheets",
        description: "Create XLSX workbooks: sheets, tables, formulas, chart-ready data and CSV exports",
        icon: "📗",
        pattern: r"\b(xlsx|xls|excel|spreadsheets?|workbooks?|worksheets?|csv)\b",
        aliases: &["excel", "spreadsheet", "spreadsheets", "xls", "workbook"],
    },
    SkillInfo {
        id: "pptx",
        label: "PowerPoint Presentations",
        description: "Build PPTX slide decks with a clear storyline, one idea per slide and speaker notes",
        icon: "📙",
        pattern: r"\b(pptx?|powerpoint|slides?|slide\s*decks?|pitch\s*decks?|presentations?|keynote)\b",
        aliases: &[
            "powerpoint",
            "ppt",
            "slides",
            "presentation",
            "presentations",
            "slide deck",
        ],
    },
    SkillInfo {
        id: "pdf",
        label: "PDF Documents",
        description: "Generate PDF reports, briefs and handouts from structured content",
        icon: "📕",
        pattern: r"\b(pdfs?)\b",
        aliases: &["pdfs", "pdf generation"],
    },
    SkillInfo {
        id: "docx",
        label: "Word Documents",
        description: "Create DOCX documents: letters, memos, reports and proposals with headings and tables",
        icon: "📘",
        pattern: r"\b(docx?|word\s+(documents?|docs?|files?)|ms\s*word|microsoft\s+word)\b",
        aliases: &["word", "word document", "word documents", "doc", "ms word"],
    },
];

/// Credential terms: a message that mentions one always gets `security` (spec c.2).
pub(crate) const SECURITY_EXTRA: &str =
    r"\b(password|token|credential|login|auth|cookie|session|key)\b";

/// Shell terms: a message that mentions one always gets `automation` (spec c.2). The original's
/// `rm ` and `mv ` alternatives needed a word character after the space (`\b` after a space), so
/// `rm -rf` never counted; here the space alone is enough.
pub(crate) const AUTOMATION_EXTRA: &str =
    r"\b(shell|terminal|command|mkdir|organize)\b|\b(rm|mv)\s";

/// The catalog entry for `id`, if it is a built-in skill (`getSkillSummary`).
pub fn skill_info(id: &str) -> Option<&'static SkillInfo> {
    SKILLS.iter().find(|s| s.id == id)
}

/// Position of `id` in the catalog.
pub(crate) fn catalog_position(id: &str) -> Option<usize> {
    SKILLS.iter().position(|s| s.id == id)
}

/// Every built-in skill as the original's `listAllSkills()` prints it: one item per skill,
/// ``<icon> **<label>** (`<id>`)``, a newline, two spaces and the description, items separated
/// by a blank line.
pub fn list_all_skills() -> String {
    let mut out = String::new();
    for (i, s) in SKILLS.iter().enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        out.push_str(s.icon);
        out.push_str(" **");
        out.push_str(s.label);
        out.push_str("** (`");
        out.push_str(s.id);
        out.push_str("`)\n  ");
        out.push_str(s.description);
    }
    out
}
