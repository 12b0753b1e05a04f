//! The network layer (axum on tokio): the browser client, tables and seats over HTTP, and play
//! over a WebSocket per connection. docs/server-protocol.md is the contract.

use crate::accounts;
use crate::assets;
use crate::live::{Advice, Live, LiveError};
use crate::message::{ClientMessage, ServerMessage};
use crate::room::{hint, review, Room, SeatPlan, Seated};
use crate::store::{SeatRow, Store, TableRow};
use crate::token::{SeatToken, TokenHash};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use euchre::table::{settings_clash, AnyRules, SettingsClash, Table};
use euchre::Seat;
use euchre_ai::analysis::decision_seed;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use serde::Deserialize;
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest message a client may send; a longer one is refused with an error.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// A frame this long closes the connection unread.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// Messages a connection may send per second, sustained, and in a burst.
pub const RATE_PER_SEC: f64 = 20.0;
pub const BURST: f64 = 40.0;
/// How long a finished table stays in memory (for its players to look at the end).
const FINISHED_KEPT: Duration = Duration::from_secs(3600);
/// After a start, how long no table is closed for want of players (or the shortest limit, if
/// shorter): the pages open before the stop come back first (they try every 10 s at most).
const COMING_BACK: Duration = Duration::from_secs(300);
/// The grace period a table gets unless it asks for another.
pub const DEFAULT_GRACE_SECS: u64 = 60;

/// The server: its tables and its database.
#[derive(Clone)]
pub struct AppState {
    tables: Arc<Mutex<HashMap<String, Arc<Live>>>>,
    /// Finished tables found not to replay when asked for: not read again (and logged again)
    /// at every request for them until the server starts again.
    unreplayable: Arc<Mutex<HashSet<String>>>,
    store: Arc<Store>,
    throttle: Arc<crate::throttle::LoginThrottle>,
    /// Held while a next game is opened, so that two "play again" requests at once (two hosts'
    /// tabs) open one table between them, not two.
    opening_next: Arc<Mutex<()>>,
    /// Password hashes at once (each takes 19 MiB and a core for a moment).
    hashing: Arc<tokio::sync::Semaphore>,
    /// Set when the server is stopping: every connection is told, and closed.
    stopping: Arc<tokio::sync::watch::Sender<bool>>,
    /// The limits per client address, and its new tables so far.
    limits: crate::serve::Limits,
    table_rate: Arc<crate::serve::TableRate>,
    /// Whether a new table may name its seed. Whoever knows a table's seed knows every hand,
    /// so on a server for people the deals come from the server's own random numbers.
    seeds_allowed: bool,
    /// When the server read its tables back (see [`COMING_BACK`]).
    opened_at: std::time::SystemTime,
}

/// Connections one seat may have open at once (tabs, devices).
const CONNECTIONS_PER_SEAT: u32 = 8;

/// Password hashes computed at once.
const HASHES_AT_ONCE: usize = 2;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StartError(String);

impl AppState {
    /// The server over `store`, with every stored table read back and replayed to where it
    /// was. Must be called inside the tokio runtime (each table's computer players get a task).
    ///
    /// # Errors
    /// The database cannot be read. A table that does not replay is left out (and logged),
    /// its data kept.
    pub fn open(store: Store) -> Result<AppState, StartError> {
        let store = Arc::new(store);
        let loaded = store.load(FINISHED_KEPT).map_err(|e| StartError(e.to_string()))?;
        let mut tables = HashMap::new();
        for t in loaded {
            let code = t.table.code.clone();
            match restore(&t, &store) {
                Ok(live) => {
                    tables.insert(code, live);
                }
                Err(e) => {
                    tracing::error!(table = %code, error = %e, "a stored table does not replay; left out")
                }
            }
        }
        tracing::info!(tables = tables.len(), "tables read back");
        let state = AppState {
            tables: Arc::new(Mutex::new(tables)),
            unreplayable: Arc::default(),
            store,
            throttle: Arc::default(),
            opening_next: Arc::default(),
            hashing: Arc::new(tokio::sync::Semaphore::new(HASHES_AT_ONCE)),
            stopping: Arc::new(tokio::sync::watch::channel(false).0),
            limits: crate::serve::Limits::default(),
            table_rate: Arc::default(),
            seeds_allowed: false,
            opened_at: std::time::SystemTime::now(),
        };
        for live in state.all_tables() {
            resume(&live, &state.store, true);
            state.run(live);
        }
        Ok(state)
    }

    /// Lets a table's computer players play; an hour after its game ends the table leaves
    /// memory (its record stays in the database for the downloads and the players' pages).
    /// A table whose play stopped before the end (a computer player failed) leaves an hour
    /// later too, to be read back, and tried again, by the next request for it. Either way it
    /// is put away first: a copy read back is then the only one that takes a change.
    fn run(&self, live: Arc<Live>) {
        let state = self.clone();
        tokio::spawn(async move {
            live.clone().drive().await;
            // A table closed for want of players, or put away for want of anyone at it, has
            // left (a closed one once the database has forgotten it).
            if live.is_gone() {
                return;
            }
            tokio::time::sleep(FINISHED_KEPT).await;
            live.put_away();
            state.forget_from_memory(std::slice::from_ref(&live));
        });
    }

    /// Every so often until the server stops, closes the tables left waiting for their players
    /// ([`AppState::close_waiting`]) and puts away those in play that nobody is at
    /// ([`AppState::put_away_idle`]).
    async fn tidy_now_and_then(self) {
        let limits = self.limits;
        let shortest = [
            limits.waiting_unseated,
            limits.waiting_seated,
            limits.put_away_after,
        ]
        .into_iter()
        .flatten()
        .min();
        let Some(shortest) = shortest else {
            return;
        };
        let every = (shortest / 4).clamp(Duration::from_millis(20), Duration::from_secs(60));
        while !*self.stopping.borrow() {
            tokio::time::sleep(every).await;
            let now = std::time::SystemTime::now();
            self.close_waiting(now).await;
            self.put_away_idle(now);
        }
    }

    /// Takes out of memory the tables in play (begun, not over) that nobody has watched for
    /// [`crate::serve::Limits::put_away_after`]: the database keeps them, and the next request
    /// for one reads it back. A table its players left for good would otherwise be kept in
    /// memory for ever.
    pub fn put_away_idle(&self, now: std::time::SystemTime) {
        let Some(after) = self.limits.put_away_after else {
            return;
        };
        // A table whose lock a panic poisoned takes nothing any more: it goes too, its
        // connections closed (read back, it is whole again).
        let away: Vec<Arc<Live>> = self
            .all_tables()
            .into_iter()
            .filter(|live| {
                let poisoned = live.room().is_err();
                if poisoned {
                    live.put_away();
                }
                poisoned || live.put_away_if_idle(now, after)
            })
            .collect();
        if away.is_empty() {
            return;
        }
        self.forget_from_memory(&away);
        tracing::info!(
            tables = away.len(),
            "tables nobody is at put away (read back when asked for)"
        );
    }

    /// Takes `gone` out of the map of tables in memory (each only if it is still the one there).
    fn forget_from_memory(&self, gone: &[Arc<Live>]) {
        if let Ok(mut tables) = self.tables.lock() {
            for live in gone {
                if tables.get(&live.code).is_some_and(|l| Arc::ptr_eq(l, live)) {
                    tables.remove(&live.code);
                }
            }
        }
    }

    /// Closes the tables whose game has not begun, that nobody watches, and that have waited
    /// for their players longer than [`crate::serve::Limits`] allows (counted from a seat last
    /// changing hands, or the last watcher leaving): out of memory, out of the database, and
    /// out of any "next game" pointer to them, whose pages are told. Tables asked for and never
    /// played would otherwise be kept for ever.
    pub async fn close_waiting(&self, now: std::time::SystemTime) {
        let limits = self.limits;
        let limit = |seated: bool| {
            if seated {
                limits.waiting_seated
            } else {
                limits.waiting_unseated
            }
        };
        // Just after a start the clocks read back may be stale: a table watched until a crash
        // was last stored unwatched, and the time the server was down counts. Pages open before
        // come back within seconds; until then nothing is closed.
        let shortest = [limits.waiting_unseated, limits.waiting_seated]
            .into_iter()
            .flatten()
            .min();
        let since_open = now.duration_since(self.opened_at).unwrap_or_default();
        if shortest.is_none_or(|shortest| since_open < COMING_BACK.min(shortest)) {
            return;
        }
        // Each table is decided under its own room's lock alone (not the map's, which every
        // request takes): its closed flag decides, and the map loses only the tables closed.
        let closed: Vec<Arc<Live>> = self
            .all_tables()
            .into_iter()
            .filter(|live| live.close_if_waiting(now, limit))
            .collect();
        if closed.is_empty() {
            return;
        }
        let codes: Vec<String> = closed.iter().map(|l| l.code.clone()).collect();
        for code in &codes {
            tracing::info!(table = %code, "closed: it waited too long for its players");
        }
        // The database first, so that a table read back from it from then on (one asked for
        // that is not in memory) is not one of these, and has no pointer to them; off the event
        // loop: a long list is one transaction, but a transaction all the same. Until then the
        // closed tables stay in memory, refusing every request.
        let store = self.store.clone();
        let forget = codes.clone();
        match tokio::task::spawn_blocking(move || store.forget_waiting(&forget)).await {
            Ok(Ok(_)) => self.forget_from_memory(&closed),
            // Kept in memory, closed: their codes stay unknown, and not given to new tables,
            // until the next start reads them back and closes them again.
            Ok(Err(e)) => {
                tracing::error!(error = %e, "tables closed for want of players could not be forgotten by the database (they are read back, and closed again, at the next start)")
            }
            Err(e) => tracing::error!(error = %e, "forgetting closed tables failed"),
        }
        // Then the pages showing a finished game whose next game was one of these lose the
        // link (its host may open another).
        for live in self.all_tables() {
            let forgot = live
                .room()
                .is_ok_and(|mut room| codes.iter().any(|code| room.forget_next_table(code)));
            if forgot {
                live.seats_changed();
            }
        }
    }

    /// How many tables are in memory now (in play, waiting, or finished within the hour).
    pub fn tables_in_memory(&self) -> usize {
        self.tables.lock().map_or(0, |t| t.len())
    }

    fn all_tables(&self) -> Vec<Arc<Live>> {
        self.tables
            .lock()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The table, in memory or, when it has left memory, read back from the database: a game
    /// finished long enough ago (its players coming back to see the end, or its host to open
    /// the next game; it leaves memory again after [`FINISHED_KEPT`]), or one put away while
    /// nobody was at it ([`AppState::put_away_idle`]), its players coming back.
    fn table(&self, code: &str) -> Option<Arc<Live>> {
        let code = code.to_ascii_uppercase();
        if let Some(live) = self.tables.lock().ok()?.get(&code) {
            return Some(live.clone());
        }
        if self.unreplayable.lock().ok()?.contains(&code) {
            return None;
        }
        let loaded = match self.store.load_one(&code) {
            Ok(loaded) => loaded?,
            Err(e) => {
                tracing::error!(table = %code, error = %e, "a stored table could not be read back");
                return None;
            }
        };
        let live = match restore(&loaded, &self.store) {
            Ok(live) => live,
            Err(e) => {
                tracing::error!(table = %code, error = %e, "a stored table does not replay; not read again until a restart");
                if let Ok(mut bad) = self.unreplayable.lock() {
                    bad.insert(code);
                }
                return None;
            }
        };
        let mut tables = self.tables.lock().ok()?;
        if let Some(other) = tables.get(&code) {
            // Read back by another request meanwhile.
            return Some(other.clone());
        }
        tables.insert(code, live.clone());
        drop(tables);
        resume(&live, &self.store, false);
        self.run(live.clone());
        Some(live)
    }
}

/// A table read back from the database, before its computer players start: a game stored
/// over but not yet kept as finished (the server stopped between the two) is kept now (at the
/// server's start, `at_start`, kept again whatever the database says, its statistics too, in
/// case the stop came between the two; read back later, only if it never was), and, nobody
/// being connected yet, every person's grace period starts, as after a restart.
fn resume(live: &Arc<Live>, store: &Store, at_start: bool) {
    let Ok(room) = live.room() else { return };
    if room.game().is_over() && (at_start || matches!(store.finished(&live.code), Ok(None))) {
        live.keep_finished(&room);
    }
    let people: Vec<Seat> = (0..room.seats().len())
        .filter(|&i| matches!(room.seats()[i], Seated::Person { .. }))
        .map(|i| Seat::new(i as u8))
        .collect();
    drop(room);
    for seat in people {
        live.start_grace(seat);
    }
}

/// A stored table rebuilt: its rules, its seats as they are now, its changes replayed.
fn restore(t: &crate::store::LoadedTable, store: &Arc<Store>) -> Result<Arc<Live>, String> {
    let rules = rules_of(&t.table.preset, &t.table.options)?;
    let plan = vec![SeatPlan::Open; t.seats.len()];
    let mut room = Room::new(rules, &t.table.preset, t.table.seed, plan, &t.table.stand_in)
        .map_err(|e| e.to_string())?;
    for (i, s) in t.seats.iter().enumerate() {
        let seated = match s {
            SeatRow::Open => Seated::Open,
            SeatRow::Bot(n) => Seated::Bot(n.clone()),
            SeatRow::Person { name, token, account } => Seated::Person {
                name: name.clone(),
                token: TokenHash::parse(token).ok_or("a stored seat's token hash is damaged")?,
                account: account.clone(),
                away: false,
            },
        };
        room.restore_seat(i, seated)
            .map_err(|e| format!("seat {i}: {e}"))?;
    }
    for (seq, row) in &t.events {
        room.replay(*seq, row.as_ref().map(|(s, a)| (*s, a.as_str())))
            .map_err(|e| format!("change {seq} of {}: {e}", t.events.len()))?;
    }
    if let Some(next) = &t.next_table {
        room.set_next_table(next.clone());
    }
    room.restart_waiting_clock(t.waiting_since);
    let host = TokenHash::parse(&t.table.host).ok_or("the stored host's token hash is damaged")?;
    Ok(Live::new(
        t.table.code.clone(),
        room,
        host,
        Duration::from_secs(t.table.grace_secs),
        store.clone(),
        t.table.advice_key,
    ))
}

fn rules_of(preset: &str, options: &[(String, String)]) -> Result<AnyRules, String> {
    let mut rules = AnyRules::preset(preset).map_err(|e| e.to_string())?;
    for (name, value) in options {
        rules.set(name, value).map_err(|e| e.to_string())?;
    }
    rules.validate().map_err(|e| e.to_string())?;
    Ok(rules)
}

/// The routes. Also starts the closing of tables left waiting for their players
/// ([`AppState::close_waiting`]) and the putting away of those nobody is at
/// ([`AppState::put_away_idle`]), so it is called inside the tokio runtime.
pub fn router(state: AppState) -> Router {
    tokio::spawn(state.clone().tidy_now_and_then());
    Router::new()
        .route("/", get(assets::index))
        .route("/t/{code}", get(assets::index))
        .route("/assets/app.js", get(assets::script))
        .route("/assets/style.css", get(assets::style))
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/presets", get(presets))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{code}", get(table_info))
        .route("/api/tables/{code}/seats/{seat}", post(claim_seat))
        .route("/api/tables/{code}/seats/{seat}/free", post(free_seat))
        .route("/api/tables/{code}/seats/{seat}/bot", post(seat_to_bot))
        .route("/api/tables/{code}/again", post(play_again))
        .route("/api/tables/{code}/game.json", get(download_record))
        .route("/api/tables/{code}/game.egn", get(download_egn))
        .route("/api/players/{name}", get(player_page))
        .route("/api/accounts", post(accounts::register))
        .route("/api/login", post(accounts::login))
        .route("/api/logout", post(accounts::logout))
        .route("/api/me", get(accounts::me))
        .route("/ws/{code}", get(connect))
        .fallback(no_route)
        .method_not_allowed_fallback(wrong_method)
        .with_state(state)
}

/// The refusal of a request to a table that went while it was asked: closed for want of
/// players (unknown from then on, as any other code), or put away (read back when asked
/// again).
fn gone_table(code: &str, why: &crate::RoomError) -> Refusal {
    match why {
        crate::RoomError::PutAway => (StatusCode::SERVICE_UNAVAILABLE, why.to_string()),
        _ => (StatusCode::NOT_FOUND, format!("no table {code}: {why}")),
    }
}

/// Logs the database's refusal `e` for the operator; the client's words for it.
pub(crate) fn database_refused(e: &crate::store::StoreError) -> String {
    tracing::error!(error = %e, "the database refused");
    crate::store::DATABASE_UNAVAILABLE.to_string()
}

pub(crate) fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({"error": message.into()}))).into_response()
}

impl AppState {
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn throttle(&self) -> &crate::throttle::LoginThrottle {
        &self.throttle
    }

    /// The same server with other limits per client address (the accept loop is given them
    /// too).
    #[must_use]
    pub fn with_limits(mut self, limits: crate::serve::Limits) -> AppState {
        self.limits = limits;
        self
    }

    /// The same server letting a new table name its seed (tests and demonstrations).
    #[must_use]
    pub fn with_seeds_allowed(mut self, allowed: bool) -> AppState {
        self.seeds_allowed = allowed;
        self
    }

    pub(crate) fn hashing(&self) -> &tokio::sync::Semaphore {
        &self.hashing
    }

    /// The server is stopping: each connection is sent a close ("going away", 1001) with the
    /// reason, rather than dropped. Returns once every connection has closed, or after
    /// `patience` (a client that does not answer its close is not waited for).
    pub async fn stop(&self, patience: Duration) {
        self.stopping.send_replace(true);
        // Each connection holds a receiver until it has sent its close.
        let start = Instant::now();
        while self.stopping.receiver_count() > 0 && start.elapsed() < patience {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

async fn presets() -> Response {
    let presets: Vec<_> = euchre::all_presets()
        .iter()
        .filter_map(|(name, about)| {
            let rules = AnyRules::preset(name).ok()?;
            let game = rules.new_game(0);
            Some(json!({
                "name": name,
                "about": about,
                "players": game.players(),
                "options": rules.options(),
            }))
        })
        .collect();
    let players: Vec<_> = euchre_ai::PLAYERS
        .iter()
        .map(|(n, about)| json!({"name": n, "about": about}))
        .collect();
    Json(json!({"presets": presets, "players": players})).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTable {
    rules: String,
    #[serde(default, deserialize_with = "distinct_options")]
    options: Vec<(String, serde_json::Value)>,
    seats: Vec<String>,
    #[serde(default)]
    grace_secs: Option<u64>,
    #[serde(default)]
    stand_in: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// A new table's options, in the order given; a name written twice is refused (a JSON reader
/// would keep the last without a word).
fn distinct_options<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, serde_json::Value)>, D::Error> {
    struct Options;
    impl<'de> serde::de::Visitor<'de> for Options {
        type Value = Vec<(String, serde_json::Value)>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of option names to values")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out: Self::Value = Vec::new();
            while let Some((k, v)) = map.next_entry::<String, serde_json::Value>()? {
                if out.iter().any(|(o, _)| *o == k) {
                    return Err(serde::de::Error::custom(format!(
                        "option '{k}' is given twice: each option once"
                    )));
                }
                out.push((k, v));
            }
            Ok(out)
        }
    }
    d.deserialize_map(Options)
}

/// A table code: six letters and digits, easy to read out (32 symbols: no 0/O or 1/I).
fn new_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    (0..6)
        .map(|_| ALPHABET[OsRng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

type JsonBody<T> = Result<Json<T>, axum::extract::rejection::JsonRejection>;

/// A refusal: its status and what is wrong.
pub(crate) type Refusal = (StatusCode, String);

pub(crate) fn refused((status, message): Refusal) -> Response {
    error(status, message)
}

/// A table's code and a seat's number from the address, or a JSON refusal (axum's own is plain
/// text) naming what is wrong.
type SeatPath = Result<Path<(String, usize)>, axum::extract::rejection::PathRejection>;

fn seat_path(p: SeatPath) -> Result<(String, usize), Refusal> {
    p.map(|Path(v)| v).map_err(|e| {
        let why = match &e {
            axum::extract::rejection::PathRejection::FailedToDeserializePathParams(_) => {
                "the seat in the address is not a seat number (0, 1, ...)".to_string()
            }
            other => other.to_string(),
        };
        (StatusCode::BAD_REQUEST, why)
    })
}

/// Any address no route takes: a JSON 404 (or 405 for a known address asked with the wrong
/// method), as every other error is.
async fn no_route(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!("nothing at {method} {}", uri.path()),
    )
}

async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method}", uri.path()),
    )
}

fn body<T>(b: JsonBody<T>, expected: &str) -> Result<T, Refusal> {
    b.map(|Json(v)| v)
        .map_err(|e| (rejection_status(&e), format!("{e}; expected {expected}")))
}

/// A body refused: too large (413) or not JSON by its content type (415) as such; anything
/// else wrong in it is a bad request.
pub(crate) fn rejection_status(e: &axum::extract::rejection::JsonRejection) -> StatusCode {
    match e.status() {
        s @ (StatusCode::PAYLOAD_TOO_LARGE | StatusCode::UNSUPPORTED_MEDIA_TYPE) => s,
        _ => StatusCode::BAD_REQUEST,
    }
}

async fn create_table(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    b: JsonBody<NewTable>,
) -> Response {
    // New tables are cheap to ask for and kept until played: a few at once from one address,
    // then one every few seconds.
    if let Some(axum::Extension(axum::extract::ConnectInfo(peer))) = peer {
        if let Err(wait) = state.table_rate.take(&state.limits, peer.ip(), Instant::now()) {
            let secs = wait.as_secs() + 1;
            tracing::warn!(ip = %peer.ip(), "too many new tables from one address");
            return (
                StatusCode::TOO_MANY_REQUESTS,
                [(axum::http::header::RETRY_AFTER, secs.to_string())],
                Json(
                    json!({"error": format!("too many new tables from your address: try again in {secs} s")}),
                ),
            )
                .into_response();
        }
    }
    let req = match body(
        b,
        "{\"rules\":PRESET,\"seats\":[\"open\" or a computer player, ...]}",
    ) {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    if req.seed.is_some() && !state.seeds_allowed {
        return error(
            StatusCode::BAD_REQUEST,
            "this server deals from its own random numbers: a seed the host chose would tell whoever knows it every hand (`euchre serve --allow-seeds` is for tests and demonstrations)",
        );
    }
    let mut options: Vec<(String, String)> = Vec::new();
    for (k, v) in &req.options {
        let value = match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        options.push((k.clone(), value));
    }
    // Settings that would keep one of themselves silently: which was meant is not known.
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    match settings_clash(&pairs) {
        Some(SettingsClash::Twice {
            first,
            second,
            option,
        }) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!(
                    "options {} and {} are one option, {option}: give it once",
                    pairs[first].0, pairs[second].0
                ),
            )
        }
        Some(SettingsClash::TargetAndDeals) => {
            return error(
                StatusCode::BAD_REQUEST,
                "options winning_score and num_deals exclude each other: give one",
            )
        }
        None => {}
    }
    let grace = req.grace_secs.unwrap_or(DEFAULT_GRACE_SECS);
    if grace > 24 * 3600 {
        return error(StatusCode::BAD_REQUEST, "grace_secs is at most a day (86400)");
    }
    let plan: Vec<SeatPlan> = req
        .seats
        .iter()
        .map(|s| {
            if s == "open" {
                SeatPlan::Open
            } else {
                SeatPlan::Bot(s.clone())
            }
        })
        .collect();
    // The host is given its token once; the server keeps only its hash.
    let host = SeatToken::random();
    let table = TableSpec {
        preset: req.rules,
        options,
        seed: req.seed.unwrap_or_else(|| OsRng.next_u64()),
        grace_secs: grace,
        stand_in: req.stand_in.unwrap_or_else(|| "hard".into()),
        plan,
        host: TokenHash::of(&host),
    };
    match open_table(&state, table) {
        Ok(code) => {
            Json(json!({"code": code, "seats": req.seats.len(), "host": host.to_string()})).into_response()
        }
        Err(e) => refused(e),
    }
}

/// What a new table is made of.
struct TableSpec {
    preset: String,
    options: Vec<(String, String)>,
    seed: u64,
    grace_secs: u64,
    stand_in: String,
    plan: Vec<SeatPlan>,
    /// The hash of the host's token: a new one, or (the next game of a company) the one it
    /// already holds.
    host: TokenHash,
}

/// Checks, stores and starts a new table; its code.
fn open_table(state: &AppState, t: TableSpec) -> Result<String, Refusal> {
    let bad = |e: String| (StatusCode::BAD_REQUEST, e);
    let rules = rules_of(&t.preset, &t.options).map_err(bad)?;
    // Computer players alone would play on by themselves at the server's cost, with nobody
    // to play for: a table has a seat for a person.
    if !t.plan.iter().any(|p| matches!(p, SeatPlan::Open)) {
        return Err(bad(
            "a table needs a seat for a person (\"open\"): to watch computer players play, run `euchre watch`".into(),
        ));
    }
    let bots = t.plan.iter().filter_map(|p| match p {
        SeatPlan::Bot(n) => Some(n),
        SeatPlan::Open => None,
    });
    for name in bots.chain([&t.stand_in]) {
        crate::room::check_server_player(name).map_err(bad)?;
    }
    let room =
        Room::new(rules, &t.preset, t.seed, t.plan.clone(), &t.stand_in).map_err(|e| bad(e.to_string()))?;
    let host = t.host;
    let Ok(mut tables) = state.tables.lock() else {
        return Err((
            StatusCode::SERVICE_UNAVAILABLE,
            "the server's tables are unavailable".into(),
        ));
    };
    // A code already in use is drawn again, never overwritten: one in memory, or one of a
    // table kept in the database (finished, or put away: read back when asked for). A
    // database that cannot say refuses the new table below.
    let code = std::iter::repeat_with(new_code)
        .find(|c| !tables.contains_key(c) && !state.store.table_exists(c).unwrap_or(false))
        .unwrap_or_default();
    let row = TableRow {
        code: code.clone(),
        preset: t.preset.clone(),
        options: t.options,
        seed: t.seed,
        grace_secs: t.grace_secs,
        stand_in: t.stand_in,
        host: host.to_string(),
        advice_key: OsRng.next_u64(),
    };
    let seats: Vec<SeatRow> = t
        .plan
        .iter()
        .map(|p| match p {
            SeatPlan::Open => SeatRow::Open,
            SeatPlan::Bot(n) => SeatRow::Bot(n.clone()),
        })
        .collect();
    state
        .store
        .create_table(&row, &seats)
        .map_err(|e| (StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)))?;
    let live = Live::new(
        code.clone(),
        room,
        host.clone(),
        Duration::from_secs(t.grace_secs),
        state.store.clone(),
        row.advice_key,
    );
    tables.insert(code.clone(), live.clone());
    drop(tables);
    tracing::info!(table = %code, rules = %t.preset, seats = ?t.plan, "table created");
    state.run(live);
    Ok(code)
}

async fn table_info(State(state): State<AppState>, Path(code): Path<String>) -> Response {
    let Some(live) = state.table(&code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    let Ok(room) = live.room() else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
    };
    let options: Vec<_> = match AnyRules::preset(room.preset()) {
        Ok(_) => room.options(),
        Err(_) => Vec::new(),
    };
    Json(json!({
        "code": live.code,
        "rules": room.preset(),
        "options": options,
        "seats": room.seat_infos(),
        "started": room.started(),
        "game_over": room.game().is_over(),
        "grace_secs": live.grace.as_secs(),
        "next_table": room.next_table(),
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    #[serde(default)]
    name: Option<String>,
}

async fn claim_seat(
    State(state): State<AppState>,
    p: SeatPath,
    headers: HeaderMap,
    b: JsonBody<Claim>,
) -> Response {
    let (code, seat) = match seat_path(p) {
        Ok(p) => p,
        Err(e) => return refused(e),
    };
    let claim = match body(b, "{\"name\":...}") {
        Ok(c) => c,
        Err(e) => return refused(e),
    };
    let Some(live) = state.table(&code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    let account = accounts::logged_in(&state, &headers);
    let name = match (&claim.name, &account) {
        (Some(n), _) => n.trim().to_string(),
        (None, Some(a)) => a.clone(),
        (None, None) => return error(StatusCode::BAD_REQUEST, "a seat needs a name"),
    };
    // A name that hides is refused as such, before it is compared with the accounts'.
    let name = match crate::names::check_name(&name) {
        Ok(n) => n,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    // A registered name is its account's alone, and so is any name that looks the same.
    match state.store.account_like(&name) {
        Ok(Some(registered)) if account.as_deref() != Some(registered.as_str()) => {
            return error(
                StatusCode::FORBIDDEN,
                format!("'{name}' is, or looks like, the named account '{registered}': log in to sit as it"),
            );
        }
        Ok(_) => {}
        Err(e) => return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)),
    }
    let result = {
        let Ok(mut room) = live.room() else {
            return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
        };
        match room.claim(seat, &name, account.clone()) {
            Ok(token) => {
                let row = SeatRow::Person {
                    name: name.clone(),
                    token: TokenHash::of(&token).to_string(),
                    account,
                };
                match state.store.set_seat(&live.code, seat, &row) {
                    Ok(()) => Ok(token),
                    Err(e) => {
                        // Not saved: not taken.
                        let _ = room.free(seat);
                        Err((StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)))
                    }
                }
            }
            Err(e @ crate::RoomError::BadName(_)) => Err((StatusCode::BAD_REQUEST, e.to_string())),
            Err(e @ crate::RoomError::NoSuchSeat(_)) => Err((StatusCode::NOT_FOUND, e.to_string())),
            Err(e @ (crate::RoomError::Closed | crate::RoomError::PutAway)) => {
                Err(gone_table(&live.code, &e))
            }
            Err(e) => Err((StatusCode::CONFLICT, e.to_string())),
        }
    };
    match result {
        Ok(token) => {
            tracing::info!(table = %live.code, seat, player = %name, "seat taken");
            live.seats_changed();
            Json(json!({"seat": seat, "token": token.to_string()})).into_response()
        }
        Err((status, e)) => error(status, e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Free {
    host: String,
}

/// The table and seat a host's request names, once its host token is checked; `what` names the
/// request in the refusal of anyone else.
fn host_request(
    state: &AppState,
    p: SeatPath,
    b: JsonBody<Free>,
    what: &str,
) -> Result<(Arc<Live>, usize), Refusal> {
    let (code, seat) = seat_path(p)?;
    let req = body(b, "{\"host\":HOST_TOKEN}")?;
    let live = state
        .table(&code)
        .ok_or_else(|| (StatusCode::NOT_FOUND, format!("no table {code}")))?;
    if !SeatToken::parse(&req.host).is_some_and(|t| live.host.matches(&t)) {
        return Err((StatusCode::FORBIDDEN, format!("only the table's host may {what}")));
    }
    Ok((live, seat))
}

async fn free_seat(State(state): State<AppState>, p: SeatPath, b: JsonBody<Free>) -> Response {
    let (live, seat) = match host_request(&state, p, b, "free a seat") {
        Ok(x) => x,
        Err(e) => return refused(e),
    };
    {
        let Ok(mut room) = live.room() else {
            return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
        };
        if let Err(e) = room.check_open() {
            return refused(gone_table(&live.code, &e));
        }
        if seat >= room.seats().len() {
            return error(
                StatusCode::NOT_FOUND,
                format!("there is no seat {seat} at this table"),
            );
        }
        if let Err(e) = state.store.set_seat(&live.code, seat, &SeatRow::Open) {
            return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e));
        }
        let _ = room.free(seat);
    }
    // Its old holder's connections close: they would otherwise see the next holder's cards.
    live.disconnect_seat(Seat::new(seat as u8));
    tracing::info!(table = %live.code, seat, "seat freed by the host");
    live.seats_changed();
    Json(json!({"ok": true})).into_response()
}

/// The host gives an open seat to the table's stand-in computer player (a friend did not come):
/// once no seat is open, the game starts.
async fn seat_to_bot(State(state): State<AppState>, p: SeatPath, b: JsonBody<Free>) -> Response {
    let (live, seat) = match host_request(&state, p, b, "give a seat to a computer player") {
        Ok(x) => x,
        Err(e) => return refused(e),
    };
    let given = {
        let Ok(mut room) = live.room() else {
            return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
        };
        if let Err(e) = room.check_open() {
            return refused(gone_table(&live.code, &e));
        }
        match room.seats().get(seat) {
            None => {
                return error(
                    StatusCode::NOT_FOUND,
                    format!("there is no seat {seat} at this table"),
                )
            }
            Some(Seated::Open) => {}
            Some(_) => return error(StatusCode::CONFLICT, "that seat is not open"),
        }
        // As at a new table: computer players alone would play for nobody.
        if !room.seats().iter().any(|s| matches!(s, Seated::Person { .. })) {
            return error(
                StatusCode::CONFLICT,
                "someone must sit at the table before computer players take its other seats",
            );
        }
        // Stored first: a seat given but not saved would come back open after a restart.
        let name = room.stand_in().to_string();
        if let Err(e) = state.store.set_seat(&live.code, seat, &SeatRow::Bot(name)) {
            return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e));
        }
        room.give_to_bot(seat)
    };
    match given {
        Ok(name) => {
            tracing::info!(table = %live.code, seat, player = %name, "seat given to a computer player by the host");
            live.seats_changed();
            Json(json!({"seat": seat, "player": name})).into_response()
        }
        Err(e) => error(StatusCode::CONFLICT, e.to_string()),
    }
}

/// The host opens the company's next game once this one is over: a new table of the same
/// rules, grace period and stand-in, its computer players where they were and the people's
/// seats open, held by the same host token. Everyone here is pointed to it (`next_table` in
/// the state). Asked again, it names the same table.
async fn play_again(State(state): State<AppState>, Path(code): Path<String>, b: JsonBody<Free>) -> Response {
    let req = match body(b, "{\"host\":HOST_TOKEN}") {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    let Some(live) = state.table(&code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    if !SeatToken::parse(&req.host).is_some_and(|t| live.host.matches(&t)) {
        return error(
            StatusCode::FORBIDDEN,
            "only the table's host may open the next game",
        );
    }
    // From here to the pointer being set, one request at a time: a second one waits and then
    // finds the pointer.
    let Ok(opening) = state.opening_next.lock() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server's tables are unavailable",
        );
    };
    let spec = {
        let Ok(room) = live.room() else {
            return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
        };
        // A copy put away (its hour over) opens nothing: the copy read back may have.
        if let Err(e) = room.check_open() {
            return refused(gone_table(&live.code, &e));
        }
        if !room.game().is_over() {
            return error(StatusCode::CONFLICT, "the game is not over");
        }
        if let Some(next) = room.next_table() {
            return Json(json!({"code": next})).into_response();
        }
        TableSpec {
            preset: room.preset().to_string(),
            options: room.options(),
            seed: OsRng.next_u64(),
            grace_secs: live.grace.as_secs(),
            stand_in: room.stand_in().to_string(),
            plan: room
                .seats()
                .iter()
                .map(|s| match s {
                    Seated::Bot(n) => SeatPlan::Bot(n.clone()),
                    Seated::Open | Seated::Person { .. } => SeatPlan::Open,
                })
                .collect(),
            host: live.host.clone(),
        }
    };
    let next = match open_table(&state, spec) {
        Ok(next) => next,
        Err(e) => return refused(e),
    };
    // The new table is stored either way; without the pointer stored, the old table's page
    // forgets it only at a restart.
    if let Err(e) = state.store.set_next_table(&live.code, &next) {
        tracing::warn!(table = %live.code, next = %next, error = %e, "the next game's table could not be noted");
    }
    if let Ok(mut room) = live.room() {
        room.set_next_table(next.clone());
    }
    drop(opening);
    tracing::info!(table = %live.code, next = %next, "next game opened by the host");
    live.seats_changed();
    Json(json!({"code": next})).into_response()
}

fn finished_game(state: &AppState, code: &str) -> Result<(String, Option<String>), Refusal> {
    // A finished game is kept in the database, in play or not.
    match state.store.finished(&code.to_ascii_uppercase()) {
        Ok(Some(g)) => Ok(g),
        // Asked without reading the table back (a game in play would be replayed for nothing).
        Ok(None) => match state.store.table_exists(&code.to_ascii_uppercase()) {
            Ok(false) => Err((StatusCode::NOT_FOUND, format!("no table {code}"))),
            Ok(true) => Err((
                StatusCode::CONFLICT,
                "the game is not over: its hands stay hidden until it is".into(),
            )),
            Err(e) => Err((StatusCode::SERVICE_UNAVAILABLE, database_refused(&e))),
        },
        Err(e) => Err((StatusCode::SERVICE_UNAVAILABLE, database_refused(&e))),
    }
}

fn download(text: String, name: String, mime: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

async fn download_record(State(state): State<AppState>, Path(code): Path<String>) -> Response {
    match finished_game(&state, &code) {
        Ok((record, _)) => download(record, format!("euchre-{code}.json"), "application/json"),
        Err(e) => refused(e),
    }
}

async fn download_egn(State(state): State<AppState>, Path(code): Path<String>) -> Response {
    match finished_game(&state, &code) {
        Ok((_, Some(egn))) => download(egn, format!("euchre-{code}.egn"), "application/json"),
        Ok((_, None)) => error(
            StatusCode::NOT_FOUND,
            "this game has no EGN (EGN has no words for the individual games, nor for some rules of this one, such as jambone, Railroad's loner scores or a defender alone): download the game record (game.json), which keeps every rule",
        ),
        Err(e) => refused(e),
    }
}

async fn player_page(State(state): State<AppState>, Path(name): Path<String>) -> Response {
    let found = state
        .store
        .history(&name, 200)
        .and_then(|games| Ok((games, state.store.player_stats(&name)?)));
    match found {
        Ok((games, stats)) => {
            let finished = games.len();
            let won = games.iter().filter(|g| g.won).count();
            Json(json!({
                "name": name,
                "games": games,
                "stats": {
                    "games": finished,
                    "won": won,
                    "win_rate": (finished > 0).then(|| won as f64 / finished as f64),
                },
                // Deals made, euchred, marched, loners: as `euchre stats` counts them.
                "deals": stats,
            }))
            .into_response()
        }
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)),
    }
}

#[derive(Deserialize)]
struct Connect {
    #[serde(default)]
    token: Option<String>,
}

/// True when the page that opened the WebSocket is this server's own (or the client is not a
/// browser and sends no Origin).
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

async fn connect(
    State(state): State<AppState>,
    Path(code): Path<String>,
    q: Result<Query<Connect>, axum::extract::rejection::QueryRejection>,
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
        (_, Err(e)) => return error(e.status(), format!("{e}: this address takes a WebSocket")),
        (Ok(q), Ok(ws)) => (q, ws),
    };
    if !same_origin(&headers) {
        return error(
            StatusCode::FORBIDDEN,
            "a WebSocket from another site's page is refused",
        );
    }
    let Some(live) = state.table(&code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    let (seat, token) = match &q.token {
        None => (None, None),
        Some(text) => {
            let Some(token) = SeatToken::parse(text) else {
                return error(StatusCode::FORBIDDEN, "not a seat token");
            };
            let seat = live
                .room()
                .ok()
                .and_then(|r| r.seat_of(&token).map(|s| (s, r.connections(s))));
            let Some((seat, open)) = seat else {
                return error(StatusCode::FORBIDDEN, "no seat at this table has that token");
            };
            // A person has a tab or two open, not a hundred (each may ask for advice).
            if open >= CONNECTIONS_PER_SEAT {
                return error(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("this seat is open in {open} places already: close one first"),
                );
            }
            (Some(seat), Some(token))
        }
    };
    // Messages in either direction are a few KiB: a small read buffer keeps thousands of
    // connections cheap (the default is 128 KiB each).
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| play(socket, live, seat, token, state.stopping.subscribe()))
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
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE_PER_SEC).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
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
    seat: Option<Seat>,
    token: Option<SeatToken>,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    let (id, mut rx) = match live.subscribe(seat) {
        Ok(x) => x,
        Err(e) => {
            // Closed: said, and the page finds the table unknown when it tries again. Put
            // away: "try again later" (1013), and the page's next try reads it back.
            let (status, why) = gone_table(&live.code, &e);
            let code = if status == StatusCode::SERVICE_UNAVAILABLE {
                1013
            } else {
                1000
            };
            let _ = socket
                .send(Message::Close(Some(CloseFrame {
                    code,
                    reason: why.into(),
                })))
                .await;
            return;
        }
    };
    tracing::debug!(table = %live.code, ?seat, id, "connected");
    let mut rate = Rate::new();
    let busy = Arc::new(std::sync::atomic::AtomicBool::new(false));
    loop {
        tokio::select! {
            // The server is stopping: said as a close frame the page can show.
            Ok(()) = stopping.changed() => {
                let close = CloseFrame { code: 1001, reason: "the server is stopping: reconnect in a moment".into() };
                let _ = socket.send(Message::Close(Some(close))).await;
                break;
            }
            out = rx.recv() => {
                let Some((text, announces)) = out else { break };
                if announces {
                    rate.grant();
                }
                if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let msg = match incoming {
                    Some(Ok(m)) => m,
                    // Over the size limit: said, and closed as "message too big" (1009), not
                    // dropped unexplained.
                    Some(Err(e)) if e.to_string().contains("too long") => {
                        tracing::warn!(table = %live.code, ?seat, "message over {MAX_FRAME_BYTES} bytes: connection closed");
                        let text = error_text(&format!("a message is at most {} KiB: closing the connection", MAX_FRAME_BYTES / 1024), seq_of(&live));
                        let _ = socket.send(Message::Text(text.into())).await;
                        let _ = socket.send(Message::Close(Some(CloseFrame { code: 1009, reason: "message too big".into() }))).await;
                        // The rest of the big message is still unread, and closing with bytes
                        // unread resets the connection, which can lose the error on its way:
                        // the client is given a moment to read it first.
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        break;
                    }
                    _ => break,
                };
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Binary(_) => {
                        live.send_to(id, &ServerMessage::Error { error: "messages are JSON text".into(), seq: seq_of(&live) });
                        continue;
                    }
                    Message::Close(_) => break,
                    _ => continue,
                };
                if !rate.allow() {
                    tracing::warn!(table = %live.code, ?seat, "flood: connection closed");
                    let _ = socket.send(Message::Text(error_text("too many messages: closing the connection", seq_of(&live)).into())).await;
                    let _ = socket.send(Message::Close(Some(CloseFrame { code: 1008, reason: "too many messages".into() }))).await;
                    // Read what the client still sends (for a second at most) until it answers
                    // the close: closing with its messages unread would reset the connection
                    // and could lose the error above before the client reads it.
                    let _ = tokio::time::timeout(Duration::from_secs(1), async {
                        while let Some(Ok(m)) = socket.recv().await {
                            if matches!(m, Message::Close(_)) {
                                break;
                            }
                        }
                    })
                    .await;
                    break;
                }
                if text.len() > MAX_MESSAGE_BYTES {
                    live.send_to(id, &ServerMessage::Error {
                        error: format!("a message of {} bytes; the most is {MAX_MESSAGE_BYTES}", text.len()),
                        seq: seq_of(&live),
                    });
                    continue;
                }
                handle(&live, id, seat, token.as_ref(), text.as_str(), &busy);
            }
        }
    }
    live.unsubscribe(id, seat);
    tracing::debug!(table = %live.code, ?seat, id, "disconnected");
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
    text: &str,
    busy: &Arc<std::sync::atomic::AtomicBool>,
) {
    use std::sync::atomic::Ordering;
    let refuse = |e: String| {
        live.send_to(
            id,
            &ServerMessage::Error {
                error: e,
                seq: seq_of(live),
            },
        )
    };
    let msg = match serde_json::from_str::<ClientMessage>(text) {
        Ok(m) => m,
        Err(e) => return refuse(format!("not a message: {e}")),
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
        ClientMessage::Sync {} => {
            if let Ok(room) = live.room() {
                let state = room.state_for(seat);
                drop(room);
                live.send_to(id, &state);
            }
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
                    ClientMessage::Review { deal } => match room.finished_deal(deal) {
                        Some(d) => Ok(Job::Review(Box::new(d), s)),
                        None => Err(format!("deal {deal} is not a finished deal of this game")),
                    },
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
