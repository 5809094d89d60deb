//! Registrable domains (eTLD+1) from the embedded public suffix list.

use std::net::IpAddr;
use std::sync::LazyLock;

use publicsuffix::{List, Psl};

/// The Mozilla Public Suffix List, ICANN and private sections (MPL-2.0, see `data/README.md`).
const PSL_TEXT: &str = include_str!("../data/public_suffix_list.dat");

static LIST: LazyLock<Option<List>> = LazyLock::new(|| PSL_TEXT.parse::<List>().ok());

/// True when the embedded public suffix list parsed (it always should; the tests check it).
#[must_use]
pub fn suffix_list_loaded() -> bool {
    LIST.as_ref().is_some_and(|l| !l.is_empty())
}

/// The registrable domain of `url`: the source identity used for corroboration.
///
/// - The host is lower-cased (international names in their punycode form) and a trailing dot
///   dropped.
/// - An IP address is its own source: the whole address (IPv6 without brackets).
/// - Otherwise the public suffix plus one label, from the ICANN *and* private sections, so
///   `news.reuters.com` and `uk.reuters.com` are both `reuters.com`, `bbc.co.uk` and
///   `guardian.co.uk` stay apart, and `a.github.io` and `b.github.io` are two sources.
/// - A host that is itself a public suffix (`github.io`, `co.uk`) or a single label
///   (`localhost`) is returned as it is.
/// - A URL that does not parse, or has no host, gives `""`.
///
/// ```
/// use aartiq_research::domain_of;
/// assert_eq!(domain_of("https://news.reuters.com/a"), "reuters.com");
/// assert_eq!(domain_of("https://a.github.io/"), "a.github.io");
/// assert_eq!(domain_of("not a url"), "");
/// ```
#[must_use]
pub fn domain_of(url: &str) -> String {
    let Ok(parsed) = url::Url::parse(url.trim()) else {
        return String::new();
    };
    match parsed.host() {
        None => String::new(),
        Some(url::Host::Ipv4(ip)) => ip.to_string(),
        Some(url::Host::Ipv6(ip)) => ip.to_string(),
        Some(url::Host::Domain(host)) => registrable_domain(host),
    }
}

/// The registrable domain of a bare host name (see [`domain_of`]); an IP address is returned
/// whole; an empty host gives `""`.
#[must_use]
pub fn registrable_domain(host: &str) -> String {
    let host = host.trim().trim_end_matches('.').to_ascii_lowercase();
    if host.is_empty() {
        return String::new();
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return ip.to_string();
    }
    let Some(list) = LIST.as_ref() else {
        return host;
    };
    match list.domain(host.as_bytes()) {
        Some(d) => String::from_utf8_lossy(d.as_bytes()).into_owned(),
        None => host,
    }
}

/// The original's heuristic (spec h.2), kept for comparison only: strip `www.`, keep three
/// labels after `co|com|net|org|gov|edu|ac`, else two. It merges `a.github.io` with
/// `b.github.io` and reduces an IPv4 address to its last two octets.
#[must_use]
pub fn legacy_domain_of(url: &str) -> String {
    let Ok(parsed) = url::Url::parse(url.trim()) else {
        return String::new();
    };
    let Some(host) = parsed.host_str() else {
        return String::new();
    };
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() <= 2 {
        return host.to_owned();
    }
    let keep =
        if ["co", "com", "net", "org", "gov", "edu", "ac"].contains(&labels[labels.len() - 2]) {
            3
        } else {
            2
        };
    labels[labels.len() - keep..].join(".")
}
