//! Browser password exports: Chrome's `name,url,username,password,note` and Firefox's
//! `url,username,password,httpRealm,formActionOrigin,guid,...` CSV files (RFC 4180 quoting).
//! A small parser of our own, so that every buffer holding a password is wiped.

use serde::Serialize;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::data::normalize_domain;
use crate::error::VaultError;

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct ImportReport {
    /// New logins stored.
    pub added: usize,
    /// Stored logins whose password the export replaced.
    pub updated: usize,
    /// Rows identical to what was stored.
    pub unchanged: usize,
    /// Rows left out, and why.
    pub skipped: Vec<SkippedRow>,
}

/// A row an import left out. Names the line, never the row's content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedRow {
    /// The 1-based line where the row starts.
    pub line: usize,
    /// Why it was left out.
    pub reason: String,
}

#[derive(Zeroize, ZeroizeOnDrop)]
pub(crate) struct ImportRow {
    pub(crate) domain: String,
    pub(crate) username: String,
    pub(crate) password: String,
}

pub(crate) struct ParsedExport {
    pub(crate) rows: Vec<ImportRow>,
    pub(crate) skipped: Vec<SkippedRow>,
}

type Record = (usize, Vec<Zeroizing<String>>);

/// Splits CSV text into records of fields, each with the line it starts on.
fn records(text: &str) -> Result<Vec<Record>, VaultError> {
    let mut out = Vec::new();
    let mut fields: Vec<Zeroizing<String>> = Vec::new();
    let mut field = Zeroizing::new(String::new());
    let mut line = 1;
    let mut record_line = 1;
    let mut in_quotes = false;
    let mut quote_line = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => {
                in_quotes = true;
                quote_line = line;
            }
            ',' => fields.push(std::mem::replace(&mut field, Zeroizing::new(String::new()))),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                fields.push(std::mem::replace(&mut field, Zeroizing::new(String::new())));
                let done = std::mem::take(&mut fields);
                if !(done.len() == 1 && done[0].is_empty()) {
                    out.push((record_line, done));
                }
                line += 1;
                record_line = line;
            }
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err(VaultError::Import {
            line: quote_line,
            reason: "a quoted field is never closed".to_owned(),
        });
    }
    if !field.is_empty() || !fields.is_empty() {
        fields.push(field);
        out.push((record_line, fields));
    }
    Ok(out)
}

/// Reads an export into rows to store and rows skipped.
pub(crate) fn parse_export(bytes: &[u8]) -> Result<ParsedExport, VaultError> {
    let text = std::str::from_utf8(bytes).map_err(|e| VaultError::Import {
        line: 1 + bytes[..e.valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count(),
        reason: "not UTF-8 text".to_owned(),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = records(text)?.into_iter();
    let Some((header_line, header)) = records.next() else {
        return Err(VaultError::Import {
            line: 1,
            reason: "the file is empty".to_owned(),
        });
    };
    let column = |names: &[&str]| {
        header
            .iter()
            .position(|h| names.contains(&h.trim().to_ascii_lowercase().as_str()))
    };
    let (Some(url_col), Some(password_col)) = (
        column(&["url", "origin", "origin_url", "login_uri"]),
        column(&["password", "password_value", "login_password"]),
    ) else {
        return Err(VaultError::Import {
            line: header_line,
            reason: "no url and password columns: not a Chrome or Firefox password export"
                .to_owned(),
        });
    };
    let username_col = column(&["username", "username_value", "login", "login_username"]);
    let mut parsed = ParsedExport {
        rows: Vec::new(),
        skipped: Vec::new(),
    };
    for (line, fields) in records {
        let get = |col: usize| fields.get(col).map_or("", |f| f.as_str());
        let skip = |reason: &str| SkippedRow {
            line,
            reason: reason.to_owned(),
        };
        let password = get(password_col);
        if password.is_empty() {
            parsed.skipped.push(skip("no password"));
            continue;
        }
        let domain = match normalize_domain(get(url_col)) {
            Ok(domain) if get(url_col).contains("://") => domain,
            // An Android app entry (`android://...`) or a bare word is not a web site.
            _ => {
                parsed.skipped.push(skip("not a web site URL"));
                continue;
            }
        };
        parsed.rows.push(ImportRow {
            domain,
            username: username_col.map_or("", get).trim().to_owned(),
            password: password.to_owned(),
        });
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_commas_quotes_and_newlines() {
        let text = "a,b\r\n\"x,1\",\"say \"\"hi\"\"\"\n\"multi\nline\",z\n";
        let recs = records(text).unwrap_or_default();
        let plain: Vec<(usize, Vec<String>)> = recs
            .into_iter()
            .map(|(l, f)| (l, f.iter().map(|s| s.to_string()).collect()))
            .collect();
        assert_eq!(
            plain,
            vec![
                (1, vec!["a".to_owned(), "b".to_owned()]),
                (2, vec!["x,1".to_owned(), "say \"hi\"".to_owned()]),
                (3, vec!["multi\nline".to_owned(), "z".to_owned()]),
            ]
        );
    }

    #[test]
    fn an_unclosed_quote_names_its_line() {
        assert!(matches!(
            records("a,b\n1,\"oops\n"),
            Err(VaultError::Import { line: 2, .. })
        ));
    }
}
