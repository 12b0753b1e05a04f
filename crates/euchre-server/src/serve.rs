//! The accept loop: HTTP/1.1 (and WebSockets) over TCP, with the limits a server open to the
//! internet needs and `axum::serve` does not set:
//!
//! - a request's head must arrive within [`Limits::header_timeout`] (a client that opens a connection
//!   and sends a byte now and then would otherwise hold it for ever: thousands of those, and the
//!   server runs out of open files), and its body within the same time again (408 otherwise);
//! - at most [`Limits::connections_per_address`] connections from one address at once,
//!   WebSockets included;
//! - each request knows its peer's address (`ConnectInfo<SocketAddr>`), for the limits on new
//!   tables.
//!
//! Loopback addresses are not limited unless asked (`Limits::limit_loopback`): a reverse proxy on
//! the same machine shows every client as one of them, and limits its clients itself.

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt;

/// How long a stop waits for the connections still open to finish.
const STOP_PATIENCE: Duration = Duration::from_secs(5);

/// The limits per client address, how long a table may wait for its players, and how long one
/// nobody is at stays in memory.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections open at once from one address (a household behind one router plays a few
    /// tables at most: four connections each, and a page or two).
    pub connections_per_address: usize,
    /// Spectators watching one table at once (seats' connections aside): each costs the table
    /// a message per change, and a crowd asking for past deals would take the server's upload
    /// (security s48, 3). A club's final watched by everyone in the room fits. One address
    /// takes a quarter of them at most.
    pub watchers_per_table: usize,
    /// New tables one address may open: this many at once, and one more every
    /// `table_every`.
    pub tables_burst: u32,
    pub table_every: Duration,
    /// New accounts one address may register: this many at once, and one more every
    /// `account_every` (each holds a name for good: unlimited, one script could take every
    /// common first name from the guests).
    pub accounts_burst: u32,
    pub account_every: Duration,
    /// Unknown table codes one address may try: this many at once, and one more every
    /// `miss_every`. A code is six letters read aloud (30 bits), and a table's code is all it
    /// takes to watch it or sit at it: tried by the thousand a second, live tables would be
    /// found. With the tries used up every lookup by code waits, found or not, so that the
    /// answers say nothing.
    pub misses_burst: u32,
    pub miss_every: Duration,
    /// The longest a request's head may take to arrive, and then its body.
    pub header_timeout: Duration,
    /// Whether loopback addresses are limited too (for tests; a proxy on the machine makes
    /// every client one of them).
    pub limit_loopback: bool,
    /// Behind a reverse proxy on this machine (`euchre serve --trust-proxy`): a request from a
    /// loopback address is counted by the client address its proxy gives, the last entry of
    /// `X-Forwarded-For` (the one the proxy added), so the limits hold for the proxy's
    /// clients. Only for a proxy that sets the header: a client reaching the server directly
    /// on loopback could name any address. Connections are still counted by the proxy's.
    pub trust_proxy: bool,
    /// A table whose game has not begun, that nobody watches, is closed (and forgotten by the
    /// database) once it has waited this long for its players since a seat last changed hands
    /// or its last watcher left: `waiting_unseated` where no person sits, `waiting_seated`
    /// where one does (`None`: kept for ever). Tables asked for and never played would
    /// otherwise be kept for ever, in memory and on disk.
    pub waiting_unseated: Option<Duration>,
    /// The same where a person sits (a company gathering).
    pub waiting_seated: Option<Duration>,
    /// A table in play (begun, not over) that nobody has watched this long is put away: out
    /// of memory, kept in the database, read back when asked for (`None`: kept in memory).
    pub put_away_after: Option<Duration>,
    /// How often a WebSocket is pinged ([`PING_EVERY`]).
    pub ping_every: Duration,
    /// A WebSocket nothing was heard from this long is closed ([`SILENT_FOR`]).
    pub silent_for: Duration,
    /// A message to a WebSocket not written within this is the connection's end
    /// ([`SEND_WITHIN`]).
    pub send_within: Duration,
}

/// How often the server pings each WebSocket. A browser answers a ping by itself, whatever
/// its page is doing (a tab in the background included), so a connection that is there is
/// never silent for long, even while its player only watches.
pub const PING_EVERY: Duration = Duration::from_secs(10);
/// A WebSocket nothing has been heard from this long (not a message, not the answer to a
/// ping: two pings unanswered) is closed. A client gone without a word (its network
/// dropped, its machine asleep) would otherwise hold the connection, its address's place and,
/// for a seat, "connected": the others told to wait for a player who is not there, and the
/// grace before a computer plays for the seat not begun (at 150 s a phone that lost its
/// network stalled its table for two and a half minutes: browser tester s49, 1).
pub const SILENT_FOR: Duration = Duration::from_secs(25);
/// The longest a message to a WebSocket may take to be written before the connection is
/// dropped: a client that stops reading would otherwise hold its connection's task in the
/// write for ever (its queue is dropped by the table, but not the connection, nor its seat's
/// "connected"). Thirty seconds is far longer than any working network takes.
pub const SEND_WITHIN: Duration = Duration::from_secs(30);

/// Spectators one table takes at once, by default.
pub const WATCHERS_PER_TABLE: usize = 100;

/// How long a table in play nobody watches stays in memory, by default.
pub const PUT_AWAY_AFTER: Duration = Duration::from_secs(3600);

/// How long a table may wait for its players with no person seated, by default.
pub const WAITING_UNSEATED: Duration = Duration::from_secs(3600);
/// The same with a person seated (a company gathering over an evening).
pub const WAITING_SEATED: Duration = Duration::from_secs(24 * 3600);

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections_per_address: 256,
            watchers_per_table: WATCHERS_PER_TABLE,
            tables_burst: 20,
            table_every: Duration::from_secs(3),
            accounts_burst: 5,
            account_every: Duration::from_secs(60),
            misses_burst: 60,
            miss_every: Duration::from_secs(1),
            header_timeout: Duration::from_secs(20),
            limit_loopback: false,
            trust_proxy: false,
            waiting_unseated: Some(WAITING_UNSEATED),
            waiting_seated: Some(WAITING_SEATED),
            put_away_after: Some(PUT_AWAY_AFTER),
            ping_every: PING_EVERY,
            silent_for: SILENT_FOR,
            send_within: SEND_WITHIN,
        }
    }
}

impl Limits {
    /// How long a table whose game has not begun may wait for its players, unwatched, with a
    /// person seated or not (`None`: for ever).
    pub fn waiting(&self, seated: bool) -> Option<Duration> {
        if seated {
            self.waiting_seated
        } else {
            self.waiting_unseated
        }
    }

    /// Whether `ip` is held to the limits.
    pub fn applies_to(&self, ip: IpAddr) -> bool {
        self.limit_loopback || !ip.is_loopback()
    }
}

/// The address a client's limits are counted by: an IPv4 address itself (also when it comes
/// mapped into IPv6), an IPv6 address by its /64 network. One household or server is given a
/// whole /64, so counting each of its 2^64 addresses apart would give it no limit at all.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

/// Open connections by address.
type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// One connection's place in its address's count, given back when the connection's stream is
/// dropped (after a WebSocket's end, since the stream goes with the upgrade).
struct Slot {
    counts: Counts,
    ip: IpAddr,
}

impl Slot {
    fn take(counts: &Counts, ip: IpAddr, most: usize) -> Option<Slot> {
        let ip = limit_key(ip);
        let mut c = counts.lock().unwrap_or_else(|p| p.into_inner());
        let n = c.entry(ip).or_insert(0);
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Slot {
            counts: counts.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = c.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.remove(&self.ip);
            }
        }
    }
}

/// A TCP stream that holds its address's slot for as long as it lives.
struct Counted {
    stream: TcpStream,
    _slot: Option<Slot>,
}

impl AsyncRead for Counted {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }
    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `app` on `listener` until `stop` completes; then stops accepting, lets the requests
/// in flight finish (at most a few seconds) and returns.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits, stop: impl Future<Output = ()>) {
    let counts: Counts = Arc::default();
    // Each connection's task holds a receiver: `stopping` tells them, their count says when
    // they are all done.
    let (stopping, stop_rx) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    let within = limits.header_timeout;
    let app = app.layer(axum::middleware::from_fn(move |req, next| {
        body_in_time(req, next, within)
    }));
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of open files, most likely: wait for some to close.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let ip = peer.ip();
        let slot = if limits.applies_to(ip) {
            match Slot::take(&counts, ip, limits.connections_per_address) {
                Some(s) => Some(s),
                None => {
                    tracing::warn!(%ip, "too many connections from one address: refused");
                    continue;
                }
            }
        } else {
            None
        };
        // A state goes out at once, not held back for the client's delayed ACK (the last card
        // of a deal and the next deal are two messages in a row).
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(Counted { stream, _slot: slot });
        let trust_proxy = limits.trust_proxy;
        let service = app.clone().map_request(move |mut req: hyper::Request<Incoming>| {
            let client = if trust_proxy && peer.ip().is_loopback() {
                forwarded_for(req.headers()).map_or(peer, |ip| SocketAddr::new(ip, peer.port()))
            } else {
                peer
            };
            req.extensions_mut().insert(ConnectInfo(client));
            req.map(axum::body::Body::new)
        });
        let service = TowerToHyperService::new(service);
        let mut told = stop_rx.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let conn = builder.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = told.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
            drop(told);
        });
    }
    drop(listener);
    stopping.send_replace(true);
    drop(stop_rx);
    let _ = tokio::time::timeout(STOP_PATIENCE, stopping.closed()).await;
}

/// The client address a proxy gives in `X-Forwarded-For`: the last entry of the last such
/// header, the one the proxy in front added (a client's own entries come before it). `None`
/// when there is none, or it is not an address.
pub fn forwarded_for(headers: &axum::http::HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    last.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

/// The most a request's body may hold: axum's own limit for a JSON body.
const BODY_LIMIT: usize = 2 << 20;

/// Reads the request's body whole within `within` before the request is handled: a body sent
/// a byte now and then would otherwise hold its connection, as a slow head would. Every body
/// the server takes is a small JSON document.
async fn body_in_time(
    req: axum::extract::Request,
    next: axum::middleware::Next,
    within: Duration,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let (parts, body) = req.into_parts();
    let refuse = |status: hyper::StatusCode, why: &str| {
        (status, axum::Json(serde_json::json!({ "error": why }))).into_response()
    };
    match tokio::time::timeout(within, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(bytes)) => {
            next.run(axum::extract::Request::from_parts(
                parts,
                axum::body::Body::from(bytes),
            ))
            .await
        }
        Ok(Err(_)) => refuse(
            hyper::StatusCode::PAYLOAD_TOO_LARGE,
            "the request's body is over 2 MiB, or broke off",
        ),
        Err(_) => refuse(
            hyper::StatusCode::REQUEST_TIMEOUT,
            &format!(
                "the request's body did not arrive within {} s",
                within.as_secs_f64()
            ),
        ),
    }
}

/// New tables (or accounts) by address: a token bucket each.
#[derive(Debug, Default)]
pub struct TableRate {
    buckets: Mutex<HashMap<IpAddr, (f64, std::time::Instant)>>,
}

impl TableRate {
    /// Takes one new table for `ip` at `now`: refused with the time to wait when its bucket is
    /// empty.
    pub fn take(&self, limits: &Limits, ip: IpAddr, now: std::time::Instant) -> Result<(), Duration> {
        self.take_or_look(limits.tables_burst, limits.table_every, limits, ip, now, true)
    }

    /// Takes one new account for `ip` at `now`, as [`TableRate::take`] a table, by the
    /// accounts' limits.
    pub fn take_account(&self, limits: &Limits, ip: IpAddr, now: std::time::Instant) -> Result<(), Duration> {
        self.take_or_look(limits.accounts_burst, limits.account_every, limits, ip, now, true)
    }

    /// Whether `ip` has an unknown table code left to try at `now` (nothing taken): refused with
    /// the time to wait when not.
    pub fn miss_left(&self, limits: &Limits, ip: IpAddr, now: std::time::Instant) -> Result<(), Duration> {
        self.take_or_look(limits.misses_burst, limits.miss_every, limits, ip, now, false)
    }

    /// Counts one unknown table code tried by `ip` at `now`.
    pub fn take_miss(&self, limits: &Limits, ip: IpAddr, now: std::time::Instant) {
        let _ = self.take_or_look(limits.misses_burst, limits.miss_every, limits, ip, now, true);
    }

    /// Takes one of `burst` at once, one more every `every`, for `ip` (when `limits` apply to
    /// it) at `now`; with `take` false, only says whether one is left.
    fn take_or_look(
        &self,
        burst: u32,
        every: Duration,
        limits: &Limits,
        ip: IpAddr,
        now: std::time::Instant,
        take: bool,
    ) -> Result<(), Duration> {
        if !limits.applies_to(ip) {
            return Ok(());
        }
        let burst = f64::from(burst);
        let every = every.as_secs_f64().max(1e-3);
        let mut b = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        // Forget full buckets now and then, so the map stays small.
        if b.len() > 10_000 {
            b.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() / every < burst);
        }
        let (tokens, at) = b.entry(limit_key(ip)).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() / every).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            if take {
                *tokens -= 1.0;
            }
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) * every))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The security review's finding 5: over IPv6 a client holds a /64, 2^64 addresses.
    #[test]
    fn an_ipv6_network_of_64_bits_counts_as_one_address() {
        let ip = |t: &str| t.parse::<IpAddr>().unwrap();
        assert_eq!(
            limit_key(ip("2001:db8:1:2:aaaa::1")),
            limit_key(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(limit_key(ip("2001:db8:1:2::1")), limit_key(ip("2001:db8:1:3::1")));
        assert_eq!(limit_key(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(limit_key(ip("192.0.2.7")), ip("192.0.2.7"));
        let limits = Limits {
            tables_burst: 2,
            limit_loopback: true,
            ..Limits::default()
        };
        let (rate, now) = (TableRate::default(), std::time::Instant::now());
        for host in 1..=2 {
            assert!(rate.take(&limits, ip(&format!("2001:db8::{host}")), now).is_ok());
        }
        assert!(rate.take(&limits, ip("2001:db8::ffff:1"), now).is_err());
        let counts = Counts::default();
        let _a = Slot::take(&counts, ip("2001:db8::1"), 1).unwrap();
        assert!(Slot::take(&counts, ip("2001:db8::2"), 1).is_none());
    }

    #[test]
    fn an_address_gets_its_burst_then_one_table_at_a_time() {
        let limits = Limits {
            tables_burst: 3,
            table_every: Duration::from_secs(2),
            limit_loopback: true,
            ..Limits::default()
        };
        let rate = TableRate::default();
        let now = std::time::Instant::now();
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        for _ in 0..3 {
            assert!(rate.take(&limits, ip, now).is_ok());
        }
        let wait = rate.take(&limits, ip, now).unwrap_err();
        assert!(
            wait > Duration::from_millis(1900) && wait <= Duration::from_secs(2),
            "{wait:?}"
        );
        // Another address is not held back; two seconds later one more.
        assert!(rate.take(&limits, "192.0.2.8".parse().unwrap(), now).is_ok());
        assert!(rate.take(&limits, ip, now + Duration::from_secs(2)).is_ok());
        // Loopback is free unless limited.
        let free = Limits::default();
        for _ in 0..100 {
            assert!(rate.take(&free, "127.0.0.1".parse().unwrap(), now).is_ok());
        }
    }

    #[test]
    fn slots_are_counted_and_given_back() {
        let counts: Counts = Arc::default();
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        let a = Slot::take(&counts, ip, 2).unwrap();
        let b = Slot::take(&counts, ip, 2).unwrap();
        assert!(Slot::take(&counts, ip, 2).is_none());
        drop(a);
        let c = Slot::take(&counts, ip, 2);
        assert!(c.is_some());
        drop((b, c));
        assert!(counts.lock().unwrap().is_empty());
    }
}
