//! Key chords for `press_key`: DOM `KeyboardEvent.key` names (`Enter`, `Tab`, `ArrowDown`, a
//! single character) with optional modifiers (`Control+a`, `Shift+Tab`), and what a real key
//! event needs to carry for each (its `code`, legacy key code and the text it types).

use std::fmt;

/// A modifier key held during a chord.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Modifiers {
    /// Alt (Option).
    pub alt: bool,
    /// Control.
    pub control: bool,
    /// Meta (Command, Windows).
    pub meta: bool,
    /// Shift.
    pub shift: bool,
}

impl Modifiers {
    /// The DevTools `modifiers` bit field: Alt 1, Ctrl 2, Meta 4, Shift 8.
    pub fn bits(self) -> u8 {
        u8::from(self.alt)
            | u8::from(self.control) << 1
            | u8::from(self.meta) << 2
            | u8::from(self.shift) << 3
    }

    /// Whether none is held.
    pub fn is_empty(self) -> bool {
        self.bits() == 0
    }
}

/// One key with the modifiers held while it is pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyChord {
    /// The modifiers.
    pub modifiers: Modifiers,
    /// The key's DOM name: `Enter`, `a`, `ArrowDown`, ...
    pub key: String,
    /// The physical key's DOM `code`: `Enter`, `KeyA`, `ArrowDown`, ... (empty when the key has
    /// none, as for characters off the US layout).
    pub code: String,
    /// The legacy `keyCode` (Windows virtual key code); 0 when there is none.
    pub key_code: u16,
    /// What the key types (`\r` for Enter, the character itself), when it types anything and
    /// no modifier but Shift is held.
    pub text: Option<String>,
}

/// Why a key name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown key {0:?}: use a DOM key name (Enter, Tab, Escape, ArrowDown, Backspace, F5, ...), one character, or a chord like Control+a"
)]
pub struct KeyError(pub String);

/// Named keys: DOM name, `code`, key code, typed text.
const NAMED: &[(&str, &str, u16, Option<&str>)] = &[
    ("Enter", "Enter", 13, Some("\r")),
    ("Tab", "Tab", 9, None),
    ("Escape", "Escape", 27, None),
    ("Backspace", "Backspace", 8, None),
    ("Delete", "Delete", 46, None),
    ("Insert", "Insert", 45, None),
    ("ArrowDown", "ArrowDown", 40, None),
    ("ArrowUp", "ArrowUp", 38, None),
    ("ArrowLeft", "ArrowLeft", 37, None),
    ("ArrowRight", "ArrowRight", 39, None),
    ("Home", "Home", 36, None),
    ("End", "End", 35, None),
    ("PageUp", "PageUp", 33, None),
    ("PageDown", "PageDown", 34, None),
    ("Space", "Space", 32, Some(" ")),
    ("ContextMenu", "ContextMenu", 93, None),
    ("F1", "F1", 112, None),
    ("F2", "F2", 113, None),
    ("F3", "F3", 114, None),
    ("F4", "F4", 115, None),
    ("F5", "F5", 116, None),
    ("F6", "F6", 117, None),
    ("F7", "F7", 118, None),
    ("F8", "F8", 119, None),
    ("F9", "F9", 120, None),
    ("F10", "F10", 121, None),
    ("F11", "F11", 122, None),
    ("F12", "F12", 123, None),
];

/// US-layout punctuation: character, `code`, key code.
const PUNCTUATION: &[(char, &str, u16)] = &[
    (' ', "Space", 32),
    ('-', "Minus", 189),
    ('=', "Equal", 187),
    ('[', "BracketLeft", 219),
    (']', "BracketRight", 221),
    ('\\', "Backslash", 220),
    (';', "Semicolon", 186),
    ('\'', "Quote", 222),
    (',', "Comma", 188),
    ('.', "Period", 190),
    ('/', "Slash", 191),
    ('`', "Backquote", 192),
];

fn modifier(name: &str) -> Option<fn(&mut Modifiers)> {
    Some(match name.to_ascii_lowercase().as_str() {
        "control" | "ctrl" => |m| m.control = true,
        "shift" => |m| m.shift = true,
        "alt" | "option" => |m| m.alt = true,
        "meta" | "cmd" | "command" | "super" => |m| m.meta = true,
        _ => return None,
    })
}

impl KeyChord {
    /// Reads `Enter`, `a`, `Control+a`, `Shift+Tab`, `Control++` (the `+` key).
    ///
    /// # Errors
    /// [`KeyError`] for an empty name, an unknown modifier or an unknown multi-character key.
    pub fn parse(text: &str) -> Result<KeyChord, KeyError> {
        let bad = || KeyError(text.to_owned());
        // The last part is the key; a trailing "++" means the key is "+".
        let (head, key) = match text.strip_suffix("++") {
            Some(head) => (head, "+"),
            None if text == "+" => ("", "+"),
            None => match text.rsplit_once('+') {
                Some((head, key)) if !key.is_empty() => (head, key),
                Some(_) => return Err(bad()),
                None => ("", text),
            },
        };
        let mut modifiers = Modifiers::default();
        for part in head.split('+').filter(|p| !p.is_empty()) {
            let set = modifier(part).ok_or_else(bad)?;
            set(&mut modifiers);
        }
        let mut chord = KeyChord::key(key).ok_or_else(bad)?;
        chord.modifiers = modifiers;
        // Control, Alt and Meta chords are commands, not typing.
        if modifiers.control || modifiers.alt || modifiers.meta {
            chord.text = None;
        }
        Ok(chord)
    }

    fn key(key: &str) -> Option<KeyChord> {
        if let Some((name, code, key_code, text)) = NAMED
            .iter()
            .find(|(name, ..)| name.eq_ignore_ascii_case(key))
        {
            // "Space" is a name for the key whose DOM key is " ".
            let key = if *name == "Space" { " " } else { name };
            return Some(KeyChord {
                modifiers: Modifiers::default(),
                key: key.to_owned(),
                code: (*code).to_owned(),
                key_code: *key_code,
                text: text.map(str::to_owned),
            });
        }
        let mut chars = key.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        if c.is_control() {
            return None;
        }
        let (code, key_code) = if c.is_ascii_alphabetic() {
            (
                format!("Key{}", c.to_ascii_uppercase()),
                u16::from(c.to_ascii_uppercase() as u8),
            )
        } else if c.is_ascii_digit() {
            (format!("Digit{c}"), u16::from(c as u8))
        } else if let Some((_, code, key_code)) = PUNCTUATION.iter().find(|(p, ..)| *p == c) {
            ((*code).to_owned(), *key_code)
        } else {
            (String::new(), 0)
        };
        Some(KeyChord {
            modifiers: Modifiers::default(),
            key: c.to_string(),
            code,
            key_code,
            text: Some(c.to_string()),
        })
    }

    /// Whether this chord is a plain Enter (or Space, which activates a focused button).
    pub fn activates(&self) -> bool {
        self.modifiers.is_empty() && matches!(self.key.as_str(), "Enter" | " ")
    }
}

impl fmt::Display for KeyChord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (held, name) in [
            (self.modifiers.control, "Control"),
            (self.modifiers.alt, "Alt"),
            (self.modifiers.meta, "Meta"),
            (self.modifiers.shift, "Shift"),
        ] {
            if held {
                write!(f, "{name}+")?;
            }
        }
        f.write_str(if self.key == " " { "Space" } else { &self.key })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_keys_and_characters_carry_what_a_real_event_needs() {
        let enter = KeyChord::parse("Enter").unwrap();
        assert_eq!((enter.code.as_str(), enter.key_code), ("Enter", 13));
        assert_eq!(enter.text.as_deref(), Some("\r"));
        assert!(enter.activates());
        let a = KeyChord::parse("a").unwrap();
        assert_eq!((a.code.as_str(), a.key_code), ("KeyA", 65));
        assert_eq!(a.text.as_deref(), Some("a"));
        let tab = KeyChord::parse("tab").unwrap();
        assert_eq!((tab.key.as_str(), tab.key_code, tab.text), ("Tab", 9, None));
        let e = KeyChord::parse("é").unwrap();
        assert_eq!((e.code.as_str(), e.key_code), ("", 0));
        assert_eq!(e.text.as_deref(), Some("é"));
        let space = KeyChord::parse("Space").unwrap();
        assert_eq!(space.key, " ");
        assert!(space.activates());
    }

    #[test]
    fn chords_set_modifiers_and_type_nothing() {
        let select_all = KeyChord::parse("Control+a").unwrap();
        assert_eq!(select_all.modifiers.bits(), 2);
        assert_eq!(select_all.text, None);
        assert!(!select_all.activates());
        let back = KeyChord::parse("Shift+Tab").unwrap();
        assert_eq!(back.modifiers.bits(), 8);
        assert_eq!(back.to_string(), "Shift+Tab");
        let plus = KeyChord::parse("Control++").unwrap();
        assert_eq!((plus.key.as_str(), plus.modifiers.bits()), ("+", 2));
        assert_eq!(KeyChord::parse("+").unwrap().key, "+");
        let shifted = KeyChord::parse("Shift+A").unwrap();
        assert_eq!(shifted.text.as_deref(), Some("A"));
        assert!(!KeyChord::parse("Control+Enter").unwrap().activates());
    }

    #[test]
    fn unknown_names_are_refused_with_the_name() {
        for bad in ["", "Entr", "Hyper+a", "Control+", "\u{7}", "ab"] {
            let error = KeyChord::parse(bad).unwrap_err();
            assert_eq!(error.0, bad);
        }
    }
}
