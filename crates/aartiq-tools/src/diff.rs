//! Snapshot diffs: what changed between two outlines of one tab, so a multi-step task pays
//! for the changes instead of the whole page each time.

use std::collections::HashMap;

use serde::Serialize;

/// What changed from one outline to the next. A line with a ref is matched by its ref
/// (changed when its line differs); a line without one by its text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct OutlineDiff {
    /// Lines only in the new outline.
    pub added: Vec<String>,
    /// Lines only in the old outline.
    pub removed: Vec<String>,
    /// Lines of the same ref that differ: (old, new).
    pub changed: Vec<(String, String)>,
}

impl OutlineDiff {
    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }

    /// The diff as lines for a model: `+ line`, `- line`, `~ line` (the new one).
    pub fn render(&self) -> String {
        let mut out =
            Vec::with_capacity(self.added.len() + self.removed.len() + self.changed.len());
        out.extend(
            self.changed
                .iter()
                .map(|(_, new)| format!("~ {}", new.trim_start())),
        );
        out.extend(self.added.iter().map(|l| format!("+ {}", l.trim_start())));
        out.extend(self.removed.iter().map(|l| format!("- {}", l.trim_start())));
        out.join("\n")
    }
}

/// The ref a line shows (`e12` of `[ref=e12]`).
fn ref_of(line: &str) -> Option<&str> {
    let start = line.find("[ref=")? + 5;
    let end = line[start..].find(']')? + start;
    Some(&line[start..end])
}

/// The changes from `old` to `new`, each an outline of lines (the first, the header, is
/// skipped: it names the snapshot).
pub fn diff_outlines(old: &str, new: &str) -> OutlineDiff {
    let body = |text: &str| -> Vec<String> { text.lines().skip(1).map(str::to_owned).collect() };
    let (old, new) = (body(old), body(new));
    let mut old_refs: HashMap<&str, &String> = HashMap::new();
    let mut old_plain: HashMap<&str, usize> = HashMap::new();
    for line in &old {
        match ref_of(line) {
            Some(r) => {
                old_refs.insert(r, line);
            }
            None => *old_plain.entry(line.as_str()).or_default() += 1,
        }
    }
    let mut diff = OutlineDiff::default();
    let mut seen_refs = std::collections::HashSet::new();
    for line in &new {
        match ref_of(line) {
            Some(r) => {
                seen_refs.insert(r);
                match old_refs.get(r) {
                    Some(before) if *before == line => {}
                    Some(before) => diff.changed.push(((*before).clone(), line.clone())),
                    None => diff.added.push(line.clone()),
                }
            }
            None => match old_plain.get_mut(line.as_str()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => diff.added.push(line.clone()),
            },
        }
    }
    for line in &old {
        match ref_of(line) {
            Some(r) if !seen_refs.contains(r) => diff.removed.push(line.clone()),
            Some(_) => {}
            None => {
                if let Some(n) = old_plain.get_mut(line.as_str())
                    && *n > 0
                {
                    *n -= 1;
                    diff.removed.push(line.clone());
                }
            }
        }
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "page t1 \"Shop\" https://x  snapshot s1
- main
  - row \"Lamp 19.90\" [ref=e1]
  - row \"Chair 49.00\" [ref=e2]
  - text \"2 items\"
  - button \"Buy\" [ref=e3]";

    #[test]
    fn changes_are_matched_by_ref_and_text() {
        let new = "page t1 \"Shop\" https://x  snapshot s2
- main
  - row \"Lamp 17.90\" [ref=e1]
  - text \"3 items\"
  - button \"Buy\" [ref=e3]
  - row \"Desk 99.00\" [ref=e4]";
        let diff = diff_outlines(OLD, new);
        assert_eq!(diff.changed.len(), 1);
        assert!(diff.changed[0].1.contains("17.90"));
        assert_eq!(
            diff.added,
            vec![
                "  - text \"3 items\"".to_owned(),
                "  - row \"Desk 99.00\" [ref=e4]".to_owned()
            ]
        );
        assert_eq!(
            diff.removed,
            vec![
                "  - row \"Chair 49.00\" [ref=e2]".to_owned(),
                "  - text \"2 items\"".to_owned()
            ]
        );
        let text = diff.render();
        assert!(
            text.starts_with("~ - row \"Lamp 17.90\" [ref=e1]"),
            "{text}"
        );
    }

    #[test]
    fn the_same_outline_has_no_changes_whatever_its_header() {
        let again = OLD.replace("snapshot s1", "snapshot s9");
        assert!(diff_outlines(OLD, &again).is_empty());
        assert_eq!(ref_of("- a [ref=e77] [url=/]"), Some("e77"));
        assert_eq!(ref_of("- text \"[ref=\""), None);
    }
}
