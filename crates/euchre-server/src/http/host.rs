//! The names the server answers to (`euchre serve --public-host`): with them given, a request
//! that names another host is refused, which stops DNS rebinding (a page at evil.example whose
//! name is made to point at a club's server on its network would otherwise reach it as
//! "evil.example", pass the WebSocket's same-origin check, and use the API: security s48, 14).

use super::refusal::error;
use super::state::AppState;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// The host names (each with a port, or any port) the server answers to; none: any.
#[derive(Clone, Debug, Default)]
pub struct PublicHosts(std::sync::Arc<[String]>);

/// Why a `--public-host` was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{given}' is not a host name: {why} (give a name such as cards.example.org, or with its port, cards.example.org:8080)")]
pub struct BadHost {
    given: String,
    why: &'static str,
}

impl PublicHosts {
    /// The names given, each a host name, an IPv4 address or a bracketed IPv6 address, with a
    /// port or not; kept in lower case.
    ///
    /// # Errors
    /// The first that is none of these (a URL, a path, blank).
    pub fn new<S: AsRef<str>>(names: &[S]) -> Result<PublicHosts, BadHost> {
        let hosts = names
            .iter()
            .map(|n| checked(n.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PublicHosts(hosts.into()))
    }

    /// Whether any name is allowed (none given).
    pub fn any(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `host` (a `Host` header, or the host of an `Origin`: a name with a port or not)
    /// is one of them: the same name and port, or the same name where no port was given.
    pub fn allows(&self, host: &str) -> bool {
        let host = normal(host);
        let name = without_port(&host);
        self.0.iter().any(|h| *h == host || *h == name)
    }

    /// Whether a page at `origin` (an `Origin`'s host, with a port or not) may open a WebSocket
    /// on a request naming `host`: one of the names, and where a name was listed without a port
    /// and the origin gives one, the port the request names too, so that another server on
    /// another port of the same machine gets no socket (review s50, N2).
    pub fn allows_origin(&self, origin: &str, host: Option<&str>) -> bool {
        let origin = normal(origin);
        if self.0.contains(&origin) {
            return true;
        }
        let name = without_port(&origin);
        let port = &origin[name.len()..];
        let host_port = host.map(normal).map(|h| h[without_port(&h).len()..].to_string());
        self.0.iter().any(|h| *h == name) && (port.is_empty() || host_port.as_deref() == Some(port))
    }

    /// The names, as given (lower case, a default port left out), for people to read.
    pub fn names(&self) -> &[String] {
        &self.0
    }
}

/// A host as compared: lower case, without a trailing dot on its name, an IPv6 address in its
/// short form (as browsers send it).
fn normal(host: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    let name = without_port(&host);
    let port = &host[name.len()..];
    let name = name.trim_end_matches('.');
    let name = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(v6) => v6
            .parse::<std::net::Ipv6Addr>()
            .map_or_else(|_| name.to_string(), |a| format!("[{a}]")),
        None => name.to_string(),
    };
    format!("{name}{port}")
}

fn checked(given: &str) -> Result<String, BadHost> {
    let bad = |why| BadHost {
        given: given.to_string(),
        why,
    };
    let host = normal(given);
    if host.is_empty() {
        return Err(bad("it is blank"));
    }
    if host.contains("://") || host.contains('/') {
        return Err(bad("a name only, without http:// or a path"));
    }
    if !host.is_ascii() {
        return Err(bad(
            "letters beyond ASCII: give the name's punycode form (xn--...), as browsers send it",
        ));
    }
    let name = without_port(&host);
    let port = &host[name.len()..];
    let digits = port.get(1..).unwrap_or("");
    let a_port =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && digits.parse::<u16>().is_ok();
    if !port.is_empty() && !a_port {
        return Err(bad("its port is not a number up to 65535"));
    }
    let fine = if let Some(v6) = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        v6.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        !name.is_empty()
            && name
                .split('.')
                .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
    };
    if !fine {
        return Err(bad(
            "letters, digits, hyphens and dots only (or an [IPv6] address)",
        ));
    }
    // Browsers leave a scheme's default port out of `Host`: the name alone stands for it.
    if matches!(digits, "80" | "443") {
        return Ok(name.to_string());
    }
    Ok(host)
}

/// `host` without its `:port`, if it has one (an IPv6 address is bracketed: `[::1]:8080`).
fn without_port(host: &str) -> &str {
    match host.rfind(':') {
        Some(i) if !host[i..].contains(']') && (host.starts_with('[') || !host[..i].contains(':')) => {
            &host[..i]
        }
        _ => host,
    }
}

/// Refuses (421) a request whose `Host` is not one of the server's public names, when it has
/// any; `/healthz` always answers, for a monitor on the machine itself.
pub(super) async fn check_host(
    State(state): State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let hosts = &state.public_hosts;
    if hosts.any() || request.uri().path() == "/healthz" {
        return next.run(request).await;
    }
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()));
    if host.is_some_and(|h| hosts.allows(h)) {
        return next.run(request).await;
    }
    static TOLD: super::sparingly::Sparingly = super::sparingly::Sparingly::new();
    if let Some(skipped) = TOLD.due() {
        tracing::warn!(
            host = host.map(crate::names::logged).unwrap_or_default(),
            public_hosts = hosts.0.join(" "),
            like_it_since = skipped,
            "a request naming a host that is not one of --public-host refused (421): DNS rebinding, a name missing from --public-host, or a proxy that does not pass the name people use (nginx: proxy_set_header Host $host;)"
        );
    }
    if wants_a_page(&request) {
        return misdirected_page(hosts);
    }
    error(
        StatusCode::MISDIRECTED_REQUEST,
        "this server answers to its own names only (the operator lists them with --public-host)",
    )
}

/// Whether the request is a browser's for a page (it accepts HTML), not a script's.
fn wants_a_page(request: &axum::extract::Request) -> bool {
    request
        .headers()
        .get(header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("text/html"))
}

/// The 421 as a page a person reads (operator tester s50, 9): the names to use instead, each a
/// link in the scheme of the page asked (`//name/`). The names are safe in HTML as they are:
/// `checked` let in letters, digits, `-`, `.`, `:`, `[` and `]` only.
fn misdirected_page(hosts: &PublicHosts) -> Response {
    use std::fmt::Write;
    let mut links = String::new();
    for name in hosts.names() {
        let _ = write!(links, "<li><a href=\"//{name}/\">{name}</a></li>");
    }
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>Euchre: another address</title></head><body><h1>This Euchre server is at another address</h1><p>The address you used is not one this server answers to. Its address:</p><ul>{links}</ul></body></html>"
    );
    (
        StatusCode::MISDIRECTED_REQUEST,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'none'"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_allowed_by_its_name_with_any_port_or_by_name_and_port() {
        let names = [
            "Cards.Example.org",
            "club.lan:8080",
            "[0:0::1]",
            "play.example.net:443",
            "192.0.2.7:8000",
        ];
        let hosts = PublicHosts::new(&names).unwrap();
        for ok in [
            "cards.example.org",
            "CARDS.example.org:443",
            "cards.example.org.",
            "cards.example.org.:8443",
            "club.lan:8080",
            "[::1]:8080",
            "[::1]",
            "[0::1]",
            // Browsers leave out the default port: a name given with it is the name alone.
            "play.example.net",
            "play.example.net:443",
            "192.0.2.7:8000",
        ] {
            assert!(hosts.allows(ok), "{ok}");
        }
        for no in [
            "evil.example",
            "club.lan",
            "club.lan:8081",
            "cards.example.org.evil.example",
            "192.0.2.7",
            "192.0.2.7:8080",
            "",
            "[::2]",
        ] {
            assert!(!hosts.allows(no), "{no}");
        }
        assert!(PublicHosts::new::<&str>(&[]).unwrap().any());
    }

    #[test]
    fn an_origin_with_a_port_a_name_left_out_must_be_the_port_the_request_names() {
        let hosts = PublicHosts::new(&["cards.example.org", "club.lan:8080"]).unwrap();
        let on_8080 = Some("cards.example.org:8080");
        assert!(hosts.allows_origin("cards.example.org", on_8080));
        assert!(hosts.allows_origin("cards.example.org:8080", on_8080));
        assert!(!hosts.allows_origin("cards.example.org:9999", on_8080));
        assert!(!hosts.allows_origin("cards.example.org:9999", Some("cards.example.org")));
        assert!(!hosts.allows_origin("cards.example.org:9999", None));
        // A proxy that names the server by its own address: the port it names counts.
        assert!(hosts.allows_origin("cards.example.org:8443", Some("127.0.0.1:8443")));
        // A name listed with its port: that port, whatever the request names.
        assert!(hosts.allows_origin("club.lan:8080", Some("127.0.0.1:9000")));
        assert!(!hosts.allows_origin("club.lan:8081", Some("club.lan:8081")));
        assert!(!hosts.allows_origin("evil.example", on_8080));
    }

    #[test]
    fn a_public_host_that_is_not_a_name_is_refused_with_why() {
        for (bad, why) in [
            ("", "blank"),
            ("https://cards.example.org", "without http://"),
            ("cards.example.org/play", "without http://"),
            ("cards.example.org:http", "port"),
            ("cards.example.org:99999", "port"),
            ("cards.example.org:+80", "port"),
            ("cards.example.org:", "port"),
            ("cartes.exemple.café", "punycode"),
            ("cards example.org", "letters, digits"),
            ("cards..org", "letters, digits"),
            ("[not:v6]", "letters, digits"),
            ("bad_name.org:443", "letters, digits"),
        ] {
            let e = PublicHosts::new(&[bad]).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
}
