//! Play over a WebSocket per connection: the connection's checks, its rate, and the messages
//! it sends (decisions, hints, reviews).

use super::refusal::{error, gone_table, refused};
use super::state::AppState;
use crate::live::{Advice, Live, LiveError, Outgoing, SEAT_GIVEN_UP, SEAT_OPEN_ELSEWHERE, TOO_MANY_WATCHERS};
use crate::message::{ClientMessage, ServerMessage};
use crate::room::{hint, review};
use crate::token::SeatToken;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use euchre::table::Table;
use euchre::Seat;
use euchre_ai::analysis::decision_seed;
use serde::Deserialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest message a client may send; a longer one is refused with an error.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// A frame this long closes the connection unread.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Messages a connection may send per second, sustained, and in a burst.
pub const RATE_PER_SEC: f64 = 20.0;
pub const BURST: f64 = 40.0;
/// Messages a `past_deals` request counts as: its answer holds up to 100 deals' views, tens of
/// KiB, where other answers are a few KiB; asked over and over by many connections, it would
/// take the server's upload (review s48, finding 3).
pub const PAST_DEALS_COST: f64 = 10.0;
/// Connections one seat may have open at once (tabs, devices).
const CONNECTIONS_PER_SEAT: u32 = 8;

/// The reason a seat's connection past [`CONNECTIONS_PER_SEAT`] is closed with
/// ([`SEAT_OPEN_ELSEWHERE`]).
const SEAT_FULL_REASON: &str =
    "this seat is open in as many places (tabs or devices) as a seat may be: close one, then try again";

#[derive(Deserialize)]
pub(super) struct Connect {
    #[serde(default)]
    token: Option<String>,
}

/// The subprotocol a browser asks for, and the server answers with: the page's own messages.
pub const PROTOCOL: &str = "euchre";
/// The prefix of the subprotocol that carries a seat's token (`euchre-token.` and the token):
/// a page sends its token so, beside [`PROTOCOL`], rather than in the address, which proxies
/// and their logs keep (security s48, 15). Only [`PROTOCOL`] is answered.
pub const TOKEN_PROTOCOL: &str = "euchre-token.";

/// The token among the subprotocols the client asked for, if any (the text after
/// [`TOKEN_PROTOCOL`], checked by the caller); `Err` when two differ.
fn token_protocol(headers: &HeaderMap) -> Result<Option<&str>, ()> {
    let mut found = None;
    for offered in headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        if let Some(token) = offered.trim().strip_prefix(TOKEN_PROTOCOL) {
            if found.is_some_and(|f| f != token) {
                return Err(());
            }
            found = Some(token);
        }
    }
    Ok(found)
}

/// True when the page that opened the WebSocket is this server's own (or the client is not a
/// browser and sends no Origin): from the host the request names, or from one of the server's
/// public names (a proxy in front may name the server otherwise).
fn same_origin(headers: &HeaderMap, public: &super::host::PublicHosts) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    match (origin_host, host) {
        (Some(o), h) if !public.any() && public.allows_origin(o, h) => true,
        (Some(o), Some(h)) => o.eq_ignore_ascii_case(h),
        _ => false,
    }
}

pub(super) async fn connect(
    State(state): State<AppState>,
    Path(code): Path<String>,
    q: Result<Query<Connect>, axum::extract::rejection::QueryRejection>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    // Refusals in the same JSON as every other error.
    let (Query(q), ws) = match (q, ws) {
        (Err(e), _) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("{e}: expected ?token=SEAT_TOKEN or none"),
            )
        }
        (_, Err(e)) => {
            static TOLD: super::sparingly::Sparingly = super::sparingly::Sparingly::new();
            if let Some(skipped) = TOLD.due() {
                tracing::warn!(table = crate::names::logged(&code).as_str(), why = %e, like_it_since = skipped, "a WebSocket request refused: it came without what a WebSocket needs (behind a proxy, pass the Upgrade and Connection headers on: nginx: proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection \"upgrade\";)");
            }
            return error(e.status(), format!("{e}: this address takes a WebSocket"));
        }
        (Ok(q), Ok(ws)) => (q, ws),
    };
    if !same_origin(&headers, &state.public_hosts) {
        static TOLD: super::sparingly::Sparingly = super::sparingly::Sparingly::new();
        if let Some(skipped) = TOLD.due() {
            let said = |name| {
                headers
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(crate::names::logged)
                    .unwrap_or_default()
            };
            tracing::warn!(origin = said(header::ORIGIN), host = said(header::HOST), like_it_since = skipped, "a WebSocket refused (403): its page's Origin is not the host the request names nor one of --public-host; another site's page, or a proxy that does not pass the name people use (nginx: proxy_set_header Host $host;)");
        }
        return error(
            StatusCode::FORBIDDEN,
            "a WebSocket from another site's page is refused",
        );
    }
    // The token in a subprotocol (a page's way) or in the address (a program's); both, the
    // same one.
    let token = match (token_protocol(&headers), q.token.as_deref()) {
        (Err(()), _) => {
            return error(
                StatusCode::BAD_REQUEST,
                "two different seat tokens offered as subprotocols",
            )
        }
        (Ok(Some(a)), Some(b)) if a != b => {
            return error(
                StatusCode::BAD_REQUEST,
                "one seat token in the address, another as a subprotocol",
            )
        }
        (Ok(offered), given) => offered.or(given).map(str::to_string),
    };
    let live = match state.table(&code) {
        Ok(live) => live,
        Err(e) => return refused(e),
    };
    // Messages in either direction are a few KiB: a small read buffer keeps thousands of
    // connections cheap (the default is 128 KiB each). Set before any upgrade, even one only
    // to say why the connection closes.
    let ws = ws
        .protocols([PROTOCOL])
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(8 * 1024);
    let (seat, token) = match &token {
        None => (None, None),
        Some(text) => {
            let Some(token) = SeatToken::parse(text) else {
                return error(StatusCode::FORBIDDEN, "not a seat token");
            };
            // A fault of the server's is no news about the seat: the page tries again.
            let Ok(room) = live.room() else {
                return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
            };
            let seat = room.seat_of(&token).map(|s| (s, room.connections(s)));
            drop(room);
            let Some((seat, open)) = seat else {
                // A page cannot read a refused handshake's status, so it would retry for ever:
                // it is let in and told, with a close code it acts on.
                return ws.on_upgrade(|socket| {
                    close_with(
                        socket,
                        SEAT_GIVEN_UP,
                        "no seat at this table has that token: the host may have freed it",
                    )
                });
            };
            // A person has a tab or two open, not a hundred (each may ask for advice). Let in
            // and told with a close code, as a token given up is: a page cannot read a
            // refused handshake's status, and said "reconnecting" for ever (server tester
            // s53, 4).
            if open >= CONNECTIONS_PER_SEAT {
                return ws.on_upgrade(|socket| close_with(socket, SEAT_OPEN_ELSEWHERE, SEAT_FULL_REASON));
            }
            (Some(seat), Some(token))
        }
    };
    let limits = state.limits;
    // A spectator is counted by its address too: one address may not fill a table's places.
    let from = peer
        .map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip())
        .filter(|ip| limits.applies_to(*ip))
        .map(crate::serve::limit_key);
    let stopping = state.stopping.subscribe();
    ws.on_upgrade(move |socket| play(socket, live, (seat, token), from, stopping, limits))
}

/// A token bucket: `RATE_PER_SEC` messages a second, bursts of `BURST`, and one more for each
/// message the server sends (a program answering every state as fast as it comes is not a
/// flood; messages nobody asked for are).
struct Rate {
    tokens: f64,
    at: Instant,
}

impl Rate {
    fn new() -> Rate {
        Rate {
            tokens: BURST,
            at: Instant::now(),
        }
    }
    fn grant(&mut self) {
        self.tokens = (self.tokens + 1.0).min(BURST);
    }
    fn allow(&mut self) -> bool {
        self.allow_costing(1.0)
    }
    /// Whether a request counted as `cost` messages is allowed (and then counted).
    fn allow_costing(&mut self, cost: f64) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE_PER_SEC).min(BURST);
        self.at = now;
        if self.tokens >= cost {
            self.tokens -= cost;
            true
        } else {
            false
        }
    }
}

/// One connection: its state first, then every change; its messages handled in order.
async fn play(
    mut socket: WebSocket,
    live: Arc<Live>,
    (seat, token): (Option<Seat>, Option<SeatToken>),
    from: Option<std::net::IpAddr>,
    mut stopping: tokio::sync::watch::Receiver<bool>,
    limits: crate::serve::Limits,
) {
    let holder = seat.zip(token.as_ref());
    let (id, mut rx) = match live.subscribe(holder, limits.watchers_per_table, from) {
        Ok(x) => x,
        // The seat was freed between the handshake and now.
        Err(crate::RoomError::UnknownToken) => {
            let close = CloseFrame {
                code: SEAT_GIVEN_UP,
                reason: "the host freed this seat".into(),
            };
            send_within(&mut socket, Message::Close(Some(close)), limits.send_within).await;
            return;
        }
        Err(e @ (crate::RoomError::Watched(_) | crate::RoomError::WatchedFromThere(_))) => {
            let close = CloseFrame {
                code: TOO_MANY_WATCHERS,
                reason: e.to_string().into(),
            };
            send_within(&mut socket, Message::Close(Some(close)), limits.send_within).await;
            await_close(&mut socket).await;
            return;
        }
        Err(e) => {
            // Closed: said, and the page finds the table unknown when it tries again. Put
            // away: "try again later" (1013), and the page's next try reads it back.
            let (status, why) = gone_table(&live.code, &e);
            let code = if status == StatusCode::SERVICE_UNAVAILABLE {
                1013
            } else {
                1000
            };
            let close = CloseFrame {
                code,
                reason: why.into(),
            };
            send_within(&mut socket, Message::Close(Some(close)), limits.send_within).await;
            return;
        }
    };
    serve_connection(&mut socket, &live, id, &mut rx, holder, &mut stopping, &limits).await;
    live.unsubscribe(id, seat);
    tracing::debug!(table = %live.code, seat = seat.map(Seat::index), id, "disconnected");
}

/// Closes `socket` with `code` and `reason`, then waits (a second at most) for the client's
/// answering close, so that the connection ends with the handshake, not reset.
async fn close_with(mut socket: WebSocket, code: u16, reason: &'static str) {
    let close = CloseFrame {
        code,
        reason: reason.into(),
    };
    send_within(
        &mut socket,
        Message::Close(Some(close)),
        crate::serve::SEND_WITHIN,
    )
    .await;
    await_close(&mut socket).await;
}

/// Sends `msg` to the client, or gives up after `within`: true when it was written. A client
/// that stops reading would otherwise hold the connection's task in the write for ever; on
/// false the connection ends (and a seat's is unsubscribed like any other).
async fn send_within(socket: &mut WebSocket, msg: Message, within: Duration) -> bool {
    matches!(tokio::time::timeout(within, socket.send(msg)).await, Ok(Ok(())))
}

/// Reads what the client still sends (for a second at most) until it answers a close: closing
/// with its messages unread would reset the connection and could lose what was sent last.
async fn await_close(socket: &mut WebSocket) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// The connection's messages both ways until it closes.
async fn serve_connection(
    socket: &mut WebSocket,
    live: &Arc<Live>,
    id: u64,
    rx: &mut tokio::sync::mpsc::Receiver<Outgoing>,
    holder: Option<(Seat, &SeatToken)>,
    stopping: &mut tokio::sync::watch::Receiver<bool>,
    limits: &crate::serve::Limits,
) {
    let (seat, token) = (holder.map(|(s, _)| s), holder.map(|(_, t)| t));
    tracing::debug!(table = %live.code, seat = seat.map(Seat::index), id, "connected");
    let mut rate = Rate::new();
    let busy = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let within = limits.send_within;
    // When a frame last came from the client; pinged now and then, a client that is there
    // answers, and one silent too long is closed (see `crate::serve::SILENT_FOR`).
    let mut heard = tokio::time::Instant::now();
    let mut pings = tokio::time::interval_at(heard + limits.ping_every, limits.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if heard.elapsed() >= limits.silent_for {
                    tracing::debug!(table = %live.code, seat = seat.map(Seat::index), id, "silent too long: connection closed");
                    let close = CloseFrame { code: 1000, reason: "nothing heard from this connection for too long: connect again".into() };
                    send_within(socket, Message::Close(Some(close)), within).await;
                    break;
                }
                if !send_within(socket, Message::Ping(Default::default()), within).await {
                    break;
                }
            }
            // The server is stopping: said as a close frame the page can show.
            Ok(()) = stopping.changed() => {
                let close = CloseFrame { code: 1001, reason: "the server is stopping: reconnect in a moment".into() };
                send_within(socket, Message::Close(Some(close)), within).await;
                break;
            }
            out = rx.recv() => match out {
                Some(Outgoing::Message(text, announces)) => {
                    if announces {
                        rate.grant();
                    }
                    if !send_within(socket, Message::Text(text.as_ref().into()), within).await {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    send_within(socket, Message::Close(Some(CloseFrame { code, reason: reason.into() })), within).await;
                    await_close(socket).await;
                    break;
                }
                // Dropped by the table (too slow to take its messages, or the table put
                // away): "try again later", and the page's next connection is whole again.
                None => {
                    let close = CloseFrame { code: 1013, reason: "connect again for the table's state".into() };
                    send_within(socket, Message::Close(Some(close)), within).await;
                    break;
                }
            },
            incoming = socket.recv() => {
                let msg = match incoming {
                    Some(Ok(m)) => {
                        heard = tokio::time::Instant::now();
                        m
                    }
                    // Over the size limit: said, and closed as "message too big" (1009), not
                    // dropped unexplained.
                    Some(Err(e)) if e.to_string().contains("too long") => {
                        tracing::warn!(table = %live.code, seat = seat.map(Seat::index), "message over {MAX_FRAME_BYTES} bytes: connection closed");
                        let text = error_text(&format!("a message is at most {} KiB: closing the connection", MAX_FRAME_BYTES / 1024), seq_of(live));
                        send_within(socket, Message::Text(text.into()), within).await;
                        send_within(socket, Message::Close(Some(CloseFrame { code: 1009, reason: "message too big".into() })), within).await;
                        // The rest of the big message is still unread, and closing with bytes
                        // unread resets the connection, which can lose the error on its way:
                        // the client is given a moment to read it first.
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        break;
                    }
                    _ => break,
                };
                // Answered (the reply is queued when the close is read, and sent by the next
                // read), so the client sees a clean close, not 1006.
                if let Message::Close(_) = msg {
                    await_close(socket).await;
                    break;
                }
                // Every frame counts against the rate, not only text: a binary frame is
                // answered with an error and a ping with a pong, each the server's work
                // (review s48, finding 12).
                if !rate.allow() {
                    close_flooded(socket, live, seat, within).await;
                    break;
                }
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Binary(_) => {
                        live.send_to(id, &ServerMessage::Error { error: "messages are JSON text".into(), seq: seq_of(live) });
                        continue;
                    }
                    _ => continue,
                };
                if text.len() > MAX_MESSAGE_BYTES {
                    live.send_to(id, &ServerMessage::Error {
                        error: format!("a message of {} bytes; the most is {MAX_MESSAGE_BYTES}", text.len()),
                        seq: seq_of(live),
                    });
                    continue;
                }
                let msg = match ClientMessage::parse(text.as_str()) {
                    Ok(m) => m,
                    Err(e) => {
                        live.send_to(id, &ServerMessage::Error { error: e, seq: seq_of(live) });
                        continue;
                    }
                };
                // The earlier deals are an answer of up to 100 deals' views (tens of KiB): it
                // costs more of the rate than other messages (review s48, finding 3). A page
                // asks once a connection.
                if matches!(msg, ClientMessage::PastDeals {}) && !rate.allow_costing(PAST_DEALS_COST - 1.0) {
                    close_flooded(socket, live, seat, within).await;
                    break;
                }
                handle(live, id, seat, token, msg, &busy);
            }
        }
    }
}

/// Closes a connection that sent more than its rate allows, after an error that says so.
async fn close_flooded(socket: &mut WebSocket, live: &Live, seat: Option<Seat>, within: Duration) {
    tracing::warn!(table = %live.code, seat = seat.map(Seat::index), "flood: connection closed");
    let said = error_text("too many messages: closing the connection", seq_of(live));
    send_within(socket, Message::Text(said.into()), within).await;
    let close = CloseFrame {
        code: 1008,
        reason: "too many messages".into(),
    };
    send_within(socket, Message::Close(Some(close)), within).await;
    await_close(socket).await;
}

fn seq_of(live: &Live) -> u64 {
    live.seq()
}

fn error_text(e: &str, seq: u64) -> String {
    serde_json::to_string(&ServerMessage::Error { error: e.into(), seq }).unwrap_or_default()
}

/// One message from a connection. Hints and reviews search on a blocking thread, one at a time
/// per connection.
fn handle(
    live: &Arc<Live>,
    id: u64,
    seat: Option<Seat>,
    token: Option<&SeatToken>,
    msg: ClientMessage,
    busy: &Arc<std::sync::atomic::AtomicBool>,
) {
    use std::sync::atomic::Ordering;
    // Answered before anything is checked: a ping asks only whether the connection carries
    // messages (review s49, 5).
    if matches!(msg, ClientMessage::Ping {}) {
        live.send_to(id, &ServerMessage::Pong {});
        return;
    }
    let refuse = |e: String| {
        live.send_to(
            id,
            &ServerMessage::Error {
                error: e,
                seq: seq_of(live),
            },
        )
    };
    // A freed seat's old token no longer holds it.
    let holder = match (seat, token) {
        (Some(s), Some(t)) => {
            if live.room().ok().and_then(|r| r.seat_of(t)) != Some(s) {
                return refuse("this seat's token no longer holds it".into());
            }
            Some((s, t))
        }
        _ => None,
    };
    match msg {
        // Answered above.
        ClientMessage::Ping {} => {}
        ClientMessage::Sync {} | ClientMessage::PastDeals {} => {
            let Ok(mut room) = live.room() else { return };
            // The token checked again under the lock the answer is made under: the seat may
            // have been freed and taken by someone else since the check above, and its next
            // holder's cards must not reach this connection (as `Live::subscribe` checks).
            if let Some((s, t)) = holder {
                if room.seat_of(t) != Some(s) {
                    drop(room);
                    return refuse("this seat's token no longer holds it".into());
                }
            }
            let answer = match msg {
                ClientMessage::Sync {} => serde_json::to_string(&room.state_for(seat))
                    .unwrap_or_default()
                    .into(),
                // A seat's own view only with its token; without one, a spectator's.
                _ => room.past_deals_text(holder.map(|(s, _)| s)),
            };
            drop(room);
            live.send_text(id, answer);
        }
        ClientMessage::Act { seq, action } => {
            let Some((_, t)) = holder else {
                return refuse(crate::RoomError::Spectator.to_string());
            };
            if let Err(e) = live.act(t, seq, &action) {
                if let LiveError::Store(inner) = &e {
                    tracing::error!(table = %live.code, error = %inner, "a decision could not be saved");
                }
                refuse(e.to_string());
            }
        }
        ClientMessage::Hint {} | ClientMessage::Review { .. } => {
            let Some((s, _)) = holder else {
                return refuse("a spectator has no hand to advise on".into());
            };
            // The room stays locked only inside this block: `refuse` locks it again.
            let job = {
                let Ok(room) = live.room() else { return };
                match msg {
                    ClientMessage::Hint {} => match room.next_decision() {
                        Some((deal, index)) if room.game().to_act() == Some(s) && room.started() => {
                            Ok(Job::Hint(Box::new(room.view(s)), room.seq(), deal, index, s))
                        }
                        _ => Err("a hint is for the seat to act".to_string()),
                    },
                    ClientMessage::Review { deal } => {
                        room.deal_to_review(s, deal).map(|d| Job::Review(Box::new(d), s))
                    }
                    _ => return,
                }
            };
            let job = match job {
                Ok(j) => j,
                Err(e) => return refuse(e),
            };
            if busy.swap(true, Ordering::SeqCst) {
                return refuse("one hint or review at a time".into());
            }
            let (live, busy) = (live.clone(), busy.clone());
            tokio::spawn(async move {
                let key = match &job {
                    Job::Hint(_, seq, _, _, seat) => Advice::Hint {
                        seq: *seq,
                        seat: seat.index() as u8,
                    },
                    Job::Review(deal, seat) => Advice::Review {
                        deal: deal.number,
                        seat: seat.index() as u8,
                    },
                };
                // One search at a table at a time; asked already (another tab, a second
                // click), the answer kept is sent again.
                let turn = live.advising.acquire().await;
                if let Some(text) = live.advice_given(key) {
                    busy.store(false, Ordering::SeqCst);
                    live.send_text(id, text);
                    return;
                }
                // Advice is keyed by the deal and the seat; a hint then by its decision's
                // place in the deal, as the review of the deal seeds that decision, so the
                // review values each decision as the hint asked there did.
                let of_deal =
                    |deal: u32, seat: Seat| live.advice_seed(u64::from(deal) << 8 | seat.index() as u64);
                let seed = match &job {
                    Job::Hint(_, _, deal, index, seat) => decision_seed(of_deal(*deal, *seat), *deal, *index),
                    Job::Review(deal, seat) => of_deal(deal.number, *seat),
                };
                let reply = tokio::task::spawn_blocking(move || match job {
                    Job::Hint(view, seq, ..) => hint(&view, seq, seed),
                    Job::Review(deal, seat) => review(&deal, seat, seed),
                })
                .await;
                drop(turn);
                busy.store(false, Ordering::SeqCst);
                if let Ok(reply) = reply {
                    live.give_advice(id, key, &reply);
                }
            });
        }
    }
}

enum Job {
    /// The seat's view, the state's number, the deal's number, the decision's place in the
    /// deal, and the seat.
    Hint(Box<euchre_ai::GameView>, u64, u32, usize, Seat),
    Review(Box<euchre_ai::analysis::RecordedDeal>, Seat),
}
