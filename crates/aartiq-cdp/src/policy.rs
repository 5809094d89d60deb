//! The origin policy: which URLs the browser may load at all. Enforced on every request of
//! every target (pages, iframes, popups, workers, redirects) with `Fetch` interception, and
//! checked up front on `navigate` so the agent gets a clear answer.

use std::net::IpAddr;

/// Which URLs may load. The default allows every `http`, `https`, `about`, `data` and `blob` URL
/// and intercepts nothing; anything stricter turns on request interception.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OriginPolicy {
    /// When not empty, only these hosts (and their subdomains) may load. `example.com` allows
    /// `example.com` and `www.example.com`; `*` allows every host.
    pub allow_hosts: Vec<String>,
    /// These hosts (and their subdomains) never load; checked before `allow_hosts`.
    pub block_hosts: Vec<String>,
    /// Block private, loopback, link-local and unspecified addresses, whether written as an IP
    /// or reached through a name that resolves to one. A name is judged by its most private
    /// answer; `localhost` and `*.localhost` are loopback; a name that does not resolve is
    /// blocked. What request interception cannot pause (WebSocket handshakes) is refused by the
    /// fence a launched browser connects through (see [`CdpBrowser::refused_connections`](crate::CdpBrowser::refused_connections)).
    pub block_private: bool,
}

/// Why a URL may not load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    /// The URL.
    pub url: String,
    /// Why, in a sentence.
    pub reason: String,
}

impl OriginPolicy {
    /// Whether this policy needs request interception (anything but the default).
    pub fn intercepts(&self) -> bool {
        !self.allow_hosts.is_empty() || !self.block_hosts.is_empty() || self.block_private
    }

    /// Checks one URL. Names are resolved only when `block_private` is on.
    ///
    /// # Errors
    /// A [`Blocked`] saying why the URL may not load.
    pub async fn check(&self, url: &str) -> Result<(), Blocked> {
        let blocked = |reason: String| Blocked {
            url: url.to_owned(),
            reason,
        };
        let parsed = Target::parse(url).map_err(blocked)?;
        match parsed.scheme.as_str() {
            "http" | "https" | "ws" | "wss" => {}
            "about" | "data" | "blob" => return Ok(()),
            other => {
                return Err(blocked(format!(
                    "the {other}: scheme is not allowed for agents"
                )));
            }
        }
        if parsed.host.is_empty() {
            return Err(blocked("the URL has no host".to_owned()));
        }
        self.admit(&parsed.host, parsed.port)
            .await
            .map(drop)
            .map_err(blocked)
    }

    /// Judges one connection to `host:port` (what the fence, `fence.rs`, is asked for): the
    /// host lists, then, with `block_private`, every address the name stands for. Returns the
    /// addresses judged (empty when nothing needed resolving), so a caller connects to exactly
    /// what was checked and a second lookup cannot answer differently.
    ///
    /// # Errors
    /// Why the connection may not be made, in a sentence.
    pub(crate) async fn admit(&self, host: &str, port: u16) -> Result<Vec<IpAddr>, String> {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let host = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(&host);
        if host.is_empty() {
            return Err("the connection names no host".to_owned());
        }
        if self.block_hosts.iter().any(|h| host_matches(host, h)) {
            return Err(format!("{host} is on the block list"));
        }
        if !self.allow_hosts.is_empty() && !self.allow_hosts.iter().any(|h| host_matches(host, h)) {
            return Err(format!("{host} is not on the allow list"));
        }
        if !self.block_private {
            return Ok(Vec::new());
        }
        // Judged by the most private answer, and closed when there is none: a name that does
        // not resolve here may still reach somewhere private for the browser (its own
        // resolver, `*.localhost`), so it does not load.
        let addresses = addresses_of(host, port).await?;
        if let Some(ip) = addresses.iter().find(|ip| is_private(ip)) {
            return Err(format!(
                "{host} is a private or loopback address ({ip}) and private addresses are blocked"
            ));
        }
        Ok(addresses)
    }
}

/// Every address `host` stands for: itself when it is an IP, loopback for `localhost` and
/// `*.localhost` (browsers send those to loopback whatever a resolver says), else what the
/// system resolver answers.
///
/// # Errors
/// Why there is no answer to judge: the name does not resolve, or resolves to nothing.
async fn addresses_of(host: &str, port: u16) -> Result<Vec<IpAddr>, String> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Ok(vec![ip]);
    }
    if is_localhost_name(host) {
        return Ok(vec![IpAddr::V4(std::net::Ipv4Addr::LOCALHOST)]);
    }
    match tokio::net::lookup_host((host, port)).await {
        Ok(found) => {
            let addresses: Vec<IpAddr> = found.map(|a| a.ip()).collect();
            if addresses.is_empty() {
                Err(format!(
                    "{host} resolves to no address, and with private addresses blocked a name \
                     that cannot be checked does not load"
                ))
            } else {
                Ok(addresses)
            }
        }
        Err(error) => Err(format!(
            "{host} could not be resolved ({error}), and with private addresses blocked a name \
             that cannot be checked does not load"
        )),
    }
}

/// `localhost` and its subdomains, which Chromium resolves to loopback itself (RFC 6761).
pub(crate) fn is_localhost_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    host.eq_ignore_ascii_case("localhost")
        || host
            .len()
            .checked_sub(".localhost".len())
            .and_then(|at| host.get(at..))
            .is_some_and(|tail| tail.eq_ignore_ascii_case(".localhost"))
}

/// The parts of a URL the policy reads: scheme, host (lower case, IPv6 without brackets) and
/// port (the scheme's default when absent). Hosts are compared as written in ASCII; Chromium
/// sends international names as punycode, so write patterns that way.
struct Target {
    scheme: String,
    host: String,
    port: u16,
}

impl Target {
    fn parse(url: &str) -> Result<Target, String> {
        let url = url.trim();
        let (scheme, rest) = url
            .split_once(':')
            .filter(|(s, _)| {
                !s.is_empty()
                    && s.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
            })
            .ok_or_else(|| "not a valid URL (no scheme)".to_owned())?;
        let scheme = scheme.to_ascii_lowercase();
        let Some(rest) = rest.strip_prefix("//") else {
            return Ok(Target {
                scheme,
                host: String::new(),
                port: 0,
            });
        };
        let authority = rest.split(['/', '?', '#', '\\']).next().unwrap_or_default();
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let (host, port) = if let Some(inner) = host_port.strip_prefix('[') {
            let (host, after) = inner
                .split_once(']')
                .ok_or_else(|| "not a valid URL (unclosed IPv6 address)".to_owned())?;
            (host, after.strip_prefix(':'))
        } else {
            match host_port.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (host_port, None),
            }
        };
        let default = match scheme.as_str() {
            "https" | "wss" => 443,
            _ => 80,
        };
        let port = match port.filter(|p| !p.is_empty()) {
            Some(text) => text
                .parse::<u16>()
                .map_err(|_| format!("not a valid URL (bad port {text:?})"))?,
            None => default,
        };
        Ok(Target {
            scheme,
            host: host.trim_end_matches('.').to_ascii_lowercase(),
            port,
        })
    }
}

/// The host of `url` as the policy compares it (lower case, no trailing dot), when it has one.
pub(crate) fn url_host(url: &str) -> Option<String> {
    Target::parse(url)
        .ok()
        .map(|t| t.host)
        .filter(|h| !h.is_empty())
}

/// Whether `host` is `pattern` or one of its subdomains (`*` matches every host).
pub(crate) fn host_matches(host: &str, pattern: &str) -> bool {
    let pattern = pattern.trim().trim_start_matches("*.").to_ascii_lowercase();
    pattern == "*"
        || host == pattern
        || host
            .strip_suffix(pattern.as_str())
            .is_some_and(|rest| rest.ends_with('.'))
}

/// Loopback, private (RFC 1918, unique local), link-local, carrier-grade NAT, unspecified and
/// IPv4-mapped versions of those.
pub(crate) fn is_private(ip: &IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || (a == 100 && (64..128).contains(&b))
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_private(&IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_match_themselves_and_subdomains_only() {
        assert!(host_matches("example.com", "example.com"));
        assert!(host_matches("www.example.com", "example.com"));
        assert!(host_matches("www.example.com", "*.example.com"));
        assert!(!host_matches("badexample.com", "example.com"));
        assert!(host_matches("anything.test", "*"));
    }

    #[test]
    fn private_addresses_are_recognised() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.1",
            "172.16.5.4",
            "169.254.1.1",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(is_private(&ip.parse().unwrap()), "{ip}");
        }
        for ip in ["93.184.216.34", "2606:4700::1111", "100.128.0.1"] {
            assert!(!is_private(&ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn urls_are_split_like_a_browser_would() {
        let t = Target::parse("HTTPS://user:pw@WWW.Example.COM.:8443/a?b#c").unwrap();
        assert_eq!(
            (t.scheme.as_str(), t.host.as_str(), t.port),
            ("https", "www.example.com", 8443)
        );
        let t = Target::parse("http://[::1]/x").unwrap();
        assert_eq!((t.host.as_str(), t.port), ("::1", 80));
        let t = Target::parse("http://evil.test\\@good.test/").unwrap();
        assert_eq!(
            t.host, "evil.test",
            "a backslash ends the authority, as in browsers"
        );
        assert!(Target::parse("no scheme here").is_err());
        assert!(Target::parse("http://host:99999/").is_err());
    }

    #[tokio::test]
    async fn schemes_and_lists_are_enforced() {
        let open = OriginPolicy::default();
        assert!(open.check("https://example.com/").await.is_ok());
        assert!(open.check("about:blank").await.is_ok());
        assert!(open.check("file:///etc/passwd").await.is_err());
        assert!(open.check("chrome://settings").await.is_err());
        let strict = OriginPolicy {
            allow_hosts: vec!["example.com".into()],
            block_hosts: vec!["ads.example.com".into()],
            // Private blocking would resolve the names, and nothing resolves here.
            block_private: false,
        };
        assert!(strict.check("https://www.example.com/a").await.is_ok());
        assert!(strict.check("https://ads.example.com/").await.is_err());
        assert!(strict.check("https://other.test/").await.is_err());
        let private = OriginPolicy {
            block_private: true,
            ..OriginPolicy::default()
        };
        let err = private.check("http://127.0.0.1:8080/").await.unwrap_err();
        assert!(err.reason.contains("private"), "{err:?}");
        assert!(private.check("http://localhost:8080/").await.is_err());
        assert!(private.check("http://[::1]/").await.is_err());
    }

    #[tokio::test]
    async fn private_blocking_fails_closed_on_names() {
        let private = OriginPolicy {
            block_private: true,
            ..OriginPolicy::default()
        };
        // Browsers send these to loopback without asking a resolver.
        for url in [
            "http://anything.localhost:8080/",
            "http://a.b.LOCALHOST./x",
            "ws://localhost/socket",
            "http://localhost./",
        ] {
            let err = private.check(url).await.unwrap_err();
            assert!(err.reason.contains("127.0.0.1"), "{url}: {err:?}");
        }
        // A name that does not resolve is not let through.
        let err = private
            .check("http://no-such-name.invalid/")
            .await
            .unwrap_err();
        assert!(err.reason.contains("could not be resolved"), "{err:?}");
        // Without block-private nothing is resolved and such names load.
        assert!(
            OriginPolicy::default()
                .check("http://anything.localhost/")
                .await
                .is_ok()
        );
        assert!(!is_localhost_name("localhost.example.com"));
        assert!(!is_localhost_name("notlocalhost"));
        assert!(is_localhost_name("x.localhost"));
    }
}
