//! The network layer (axum on tokio): the browser client, tables and seats over HTTP, and play
//! over a WebSocket per connection. docs/server-protocol.md is the contract.
//!
//! - this module: the routes and the HTTP requests' handlers;
//! - `state`: the server's state, its tables in memory and their lives;
//! - `socket`: play over a WebSocket;
//! - `refusal`: how a request is refused (a status and a JSON error).

use crate::accounts;
use crate::assets;
use crate::live::Live;
use crate::message::{SeatChangeKind, SeatHolder};
use crate::room::{Room, SeatPlan, Seated};
use crate::store::{SeatRow, TableRow};
use crate::token::{SeatToken, TokenHash};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use euchre::table::{settings_clash, AnyRules, SettingsClash, Table};
use euchre::Seat;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub mod host;
pub(crate) mod refusal;
mod socket;
pub(crate) mod sparingly;
pub(crate) mod state;

use refusal::{body_refused, database_refused, error, gone_table, no_table, refused, Refusal};
pub use socket::{BURST, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, RATE_PER_SEC};
use state::rules_of;
pub use state::{AppState, StartError};

/// The grace period a table gets unless it asks for another.
pub const DEFAULT_GRACE_SECS: u64 = 60;

/// The routes. Also starts the closing of tables left waiting for their players
/// ([`AppState::close_waiting`]) and the putting away of those nobody is at
/// ([`AppState::put_away_idle`]), once per server however many routers are made over it, and
/// the making of the logins' stand-in hash, so it is called inside the tokio runtime.
pub fn router(state: AppState) -> Router {
    state.start_tidying();
    crate::accounts::prepare_stand_in();
    // Every route that finds a table by its code counts the codes tried that name none.
    let by_code = Router::new()
        .route("/api/tables/{code}", get(table_info))
        .route("/api/tables/{code}/seats/{seat}", post(claim_seat))
        .route("/api/tables/{code}/seats/{seat}/free", post(free_seat))
        .route("/api/tables/{code}/seats/{seat}/away", post(play_for_gone))
        .route("/api/tables/{code}/seats/{seat}/bot", post(seat_to_bot))
        .route("/api/tables/{code}/again", post(play_again))
        .route("/api/tables/{code}/game.json", get(download_record))
        .route("/api/tables/{code}/game.egn", get(download_egn))
        .route("/ws/{code}", get(socket::connect))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), count_misses));
    Router::new()
        .route("/", get(assets::index))
        .route("/t/{code}", get(assets::index))
        .route("/assets/app.js", get(assets::script))
        .route("/assets/style.css", get(assets::style))
        .route("/healthz", get(healthz))
        .route("/api/presets", get(presets))
        .route("/api/tables", post(create_table))
        .merge(by_code)
        .route("/api/players/{name}", get(player_page))
        .route("/api/accounts", post(accounts::register))
        .route("/api/login", post(accounts::login))
        .route("/api/logout", post(accounts::logout))
        .route("/api/password", post(accounts::change_password))
        .route("/api/me", get(accounts::me))
        .fallback(no_route)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            host::check_host,
        ))
        .with_state(state)
}

/// `ok` while the database takes changes; else 503 with why, logged (at most once every 10 s)
/// for the operator: a monitor or a load balancer learns of a full disk or a database deleted
/// under the server, which until now answered `ok` through both (operator tester s50, 3, 4).
async fn healthz(State(state): State<AppState>) -> Response {
    let store = state.store.clone();
    let health = tokio::task::spawn_blocking(move || store.health())
        .await
        .unwrap_or_else(|_| Err("the health probe failed".to_string()));
    match health {
        Ok(()) => "ok".into_response(),
        Err(why) => {
            static TOLD: sparingly::Sparingly = sparingly::Sparingly::new();
            if let Some(skipped) = TOLD.due() {
                tracing::error!(like_it_since = skipped, "unhealthy: {why}");
            }
            error(StatusCode::SERVICE_UNAVAILABLE, why)
        }
    }
}

/// Limits the table codes one address may try that name no table ([`crate::serve::Limits`]'s
/// `misses_burst`): with its tries used up, every lookup by code waits (429), found or not, so
/// that a client guessing codes learns nothing more; a code found costs no try.
async fn count_misses(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let ip = peer.map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip());
    if let Some(ip) = ip {
        if let Err(wait) = state.miss_rate.miss_left(&state.limits, ip, Instant::now()) {
            static TOLD: sparingly::Sparingly = sparingly::Sparingly::new();
            if let Some(skipped) = TOLD.due() {
                tracing::warn!(%ip, like_it_since = skipped, "too many unknown table codes from one address");
            }
            return refusal::try_again("too many unknown table codes from your address", wait);
        }
    }
    let response = next.run(request).await;
    if let (Some(ip), StatusCode::NOT_FOUND) = (ip, response.status()) {
        state.miss_rate.take_miss(&state.limits, ip, Instant::now());
    }
    response
}

/// Options the start page is not offered: the options of a match of several games, which a
/// table does not play (it plays one game, and "Next game" opens another table with no points
/// or games carried; a table asking for a match is refused), partners cut from the pack (at
/// a table people choose their seats, and so their partners; a table asking for the cut is
/// refused), and the individual games' `family`, which the preset chosen is.
const NOT_OFFERED: [&str; 6] = ["match_games", "match_wins", "laps", "slams", "partners", "family"];

async fn presets() -> Response {
    let presets: Vec<_> = euchre::all_presets()
        .iter()
        .filter_map(|(name, about)| {
            let rules = AnyRules::preset(name).ok()?;
            let game = rules.new_game(0);
            let partners: Vec<_> = (0..game.players())
                .map(|i| game.partner(Seat::new(i as u8)).map(Seat::index))
                .collect();
            let option_set = match rules {
                AnyRules::Partnership(_) => "partnership",
                AnyRules::Solo(_) => "solo",
            };
            let options: Vec<_> = rules
                .options()
                .into_iter()
                .filter(|(name, _)| !NOT_OFFERED.contains(name))
                .collect();
            Some(json!({
                "name": name,
                "about": about,
                "players": game.players(),
                "partners": partners,
                "options": options,
                "option_set": option_set,
            }))
        })
        .collect();
    let players: Vec<_> = euchre_ai::PLAYERS
        .iter()
        .map(|(n, about)| json!({"name": n, "about": about}))
        .collect();
    // What each option means and the values it takes, once per family of presets: the page
    // offers choices and a line of help rather than engine names in free-text boxes.
    let offered = |set: &'static [euchre::OptionInfo]| -> Vec<&euchre::OptionInfo> {
        set.iter().filter(|o| !NOT_OFFERED.contains(&o.name)).collect()
    };
    let option_sets = json!({
        "partnership": offered(euchre::option_info::PARTNERSHIP_OPTIONS),
        "solo": offered(euchre::option_info::SOLO_OPTIONS),
    });
    // The headings the options are shown under, in order, each with its options' names.
    let option_groups: Vec<_> = euchre::option_info::OPTION_GROUPS
        .iter()
        .map(|(group, names)| json!({"group": group, "options": names}))
        .collect();
    Json(json!({
        "presets": presets,
        "players": players,
        "option_sets": option_sets,
        "option_groups": option_groups,
    }))
    .into_response()
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
    body_with(b, expected, &[])
}

/// [`body`], with words for what each field takes (`fields`), said when one is wrong.
fn body_with<T>(b: JsonBody<T>, expected: &str, fields: &[(&str, &str)]) -> Result<T, Refusal> {
    b.map(|Json(v)| v).map_err(|e| body_refused(&e, expected, fields))
}

/// What each field of a new table takes, in words (said when one is wrong).
const NEW_TABLE_FIELDS: [(&str, &str); 6] = [
    (
        "rules",
        "rules is the name of a preset, such as \"north-american\" (GET /api/presets lists them)",
    ),
    (
        "options",
        "options is an object of option names to values, such as {\"winning_score\":\"11\"}",
    ),
    (
        "seats",
        "seats is a list of \"open\" or a computer player's name (\"easy\", \"hard\", ...), one a seat",
    ),
    (
        "grace_secs",
        "grace_secs is a whole number of seconds, 0 to 86400",
    ),
    (
        "stand_in",
        "stand_in is a computer player's name, such as \"hard\"",
    ),
    ("seed", "seed is a whole number, 0 to 18446744073709551615"),
];

async fn create_table(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    b: JsonBody<NewTable>,
) -> Response {
    // New tables are cheap to ask for and kept until played: a few at once from one address,
    // then one every few seconds.
    if let Some(axum::Extension(axum::extract::ConnectInfo(peer))) = peer {
        if let Err(wait) = state.table_rate.take(&state.limits, peer.ip(), Instant::now()) {
            static TOLD: sparingly::Sparingly = sparingly::Sparingly::new();
            if let Some(skipped) = TOLD.due() {
                tracing::warn!(ip = %peer.ip(), like_it_since = skipped, "too many new tables from one address");
            }
            return refusal::try_again("too many new tables from your address", wait);
        }
    }
    let req = match body_with(
        b,
        "{\"rules\":PRESET,\"seats\":[\"open\" or a computer player, ...]}",
        &NEW_TABLE_FIELDS,
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
    let mut asked = AnyRules::preset(&req.rules);
    if let Ok(rules) = asked.as_mut() {
        // Another bad option is named by the table's own checks below.
        for (k, v) in &pairs {
            let _ = rules.set(k, v);
        }
    }
    if let Ok(AnyRules::Partnership(r)) = asked {
        if r.match_games != 1 || r.match_wins != 0 {
            return error(
                StatusCode::BAD_REQUEST,
                "a table plays one game, not a match (match_games 1, match_wins 0): the host opens the next game when it ends",
            );
        }
        // The cut would seat the people by cards drawn, where they chose their seats (rules
        // tester s55, 1).
        if r.partners != euchre::rules::Partners::Fixed {
            return error(
                StatusCode::BAD_REQUEST,
                "partners cut_high_low: at a table the partners are who sit opposite each other (seats 1 and 3, 2 and 4), as each chose; the cut is for `euchre play` and `watch`, and for `euchre engine`, whose client seats its players by it",
            );
        }
    }
    let grace = req.grace_secs.unwrap_or(DEFAULT_GRACE_SECS);
    if grace > 24 * 3600 {
        return error(
            StatusCode::BAD_REQUEST,
            "grace_secs is a whole number of seconds, 0 to 86400 (a day)",
        );
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
        // Stored and shown as the preset is listed, however it was typed (the page looks the
        // listed name up for its words and downloads).
        preset: euchre::preset_name(&req.rules).map_or(req.rules, str::to_string),
        options,
        seed: req.seed.unwrap_or_else(|| OsRng.next_u64()),
        grace_secs: grace,
        stand_in: req.stand_in.unwrap_or_else(|| "hard".into()),
        plan,
        host: TokenHash::of(&host),
    };
    // Who asked, for the operator looking into a flood of tables (operator tester s50, 7).
    let from = peer.map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip());
    match open_table(&state, table, from) {
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
fn open_table(state: &AppState, t: TableSpec, from: Option<std::net::IpAddr>) -> Result<String, Refusal> {
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
    // The table's secret, for its advice and its computer players: drawn apart from the
    // seed, so that neither can tell the deal.
    let secret = OsRng.next_u64();
    let room = Room::new(rules, &t.preset, t.seed, secret, t.plan.clone(), &t.stand_in)
        .map_err(|e| bad(e.to_string()))?;
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
        advice_key: secret,
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
    let ip = from.map(|ip| ip.to_string()).unwrap_or_default();
    tracing::info!(table = %code, rules = crate::names::logged(&t.preset).as_str(), seats = %crate::room::plan_words(&t.plan), %ip, "table created");
    state.run(live);
    Ok(code)
}

async fn table_info(State(state): State<AppState>, Path(code): Path<String>, headers: HeaderMap) -> Response {
    let live = match state.table(&code) {
        Ok(live) => live,
        Err(e) => return refused(e),
    };
    // The seats the account signed in holds: its page offers to take them back (from another
    // browser or device). Told only to that account's own requests.
    let account = accounts::logged_in(&state, &headers);
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
        "family": room.game().family(),
        "options": options,
        "seats": room.seat_infos(),
        "started": room.started(),
        "game_over": room.game().is_over(),
        "grace_secs": live.grace.as_secs(),
        "yours": (0..room.seats().len())
            .filter(|&i| account.is_some() && room.account_of(i) == account.as_deref())
            .collect::<Vec<_>>(),
        // No `next_table`: the next game is told to the seats' holders only, in their states,
        // and to the host, in the answer to "again" (review s48, finding 8).
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
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
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
    let live = match state.table(&code) {
        Ok(live) => live,
        Err(e) => return refused(e),
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
    // Signed in, a name that is the account's own (in any case, look-alike letters or runs of
    // blanks) sits as the account's name exactly, so that its games and statistics are under
    // one name; and a legacy account whose name another shares since the keys counted blanks
    // so (review s49, 4) is not refused its own name.
    let name = match &account {
        Some(a) if crate::names::same_name(a, &name) => a.clone(),
        _ => name,
    };
    // A registered name is its account's alone, and so is any name that looks the same.
    match state.store.account_like(&name) {
        Ok(Some(registered))
            if account.as_deref() != Some(registered.as_str())
                && account.as_deref() != Some(name.as_str()) =>
        {
            return error(
                StatusCode::FORBIDDEN,
                format!("'{name}' is, or looks like, the named account '{registered}': sign in as '{registered}' to sit under it"),
            );
        }
        Ok(_) => {}
        Err(e) => return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)),
    }
    let signed_in = account.is_some();
    let mut taken_back = false;
    let result = {
        let Ok(mut room) = live.room() else {
            return error(StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable");
        };
        let was_freed_from = room.freed_from_bot(seat).map(str::to_string);
        let begun_before = room.started();
        // The seat the account signed in holds already: taken back from another browser or
        // device (server tester s53, 3).
        if let Some(held) = account.as_deref().filter(|a| room.account_of(seat) == Some(*a)) {
            taken_back = true;
            take_back(&state, &live, &mut room, seat, held)
        } else {
            let before = room.holder(seat);
            match room.claim(seat, &name, account.clone()) {
                Ok(token) => {
                    let row = SeatRow::Person {
                        name: name.clone(),
                        token: TokenHash::of(&token).to_string(),
                        account,
                    };
                    // Sat in a game begun: recorded with the seat, for every page's log
                    // (review s53, 3). The seat that begins the game is no change: the first
                    // state shows who sits where.
                    let change = begun_before
                        .then(|| room.seat_change(seat, SeatChangeKind::Sat, before, room.holder(seat)))
                        .transpose()
                        .map(Option::flatten);
                    let stored = change
                        .map_err(|e| (StatusCode::CONFLICT, e.to_string()))
                        .and_then(|change| {
                            state
                                .store
                                .set_seat(&live.code, seat, &row, room.held_from(seat), change.as_ref())
                                .map(|()| change)
                                .map_err(|e| (StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)))
                        });
                    match stored {
                        Ok(change) => {
                            if let Some(change) = change {
                                room.note_seat_change(change);
                            }
                            Ok(token)
                        }
                        Err(refusal) => {
                            // Not saved: not taken, and the table not begun by it.
                            room.undo_claim(seat, was_freed_from, begun_before);
                            Err(refusal)
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
        }
    };
    match result {
        Ok(token) => {
            let ip = peer.map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip().to_string());
            if taken_back {
                tracing::info!(table = %live.code, seat, player = crate::names::logged(&name).as_str(), ip = %ip.unwrap_or_default(), "seat taken back by its account");
                live.start_grace_if_gone(Seat::new(seat as u8));
            } else {
                tracing::info!(table = %live.code, seat, player = crate::names::logged(&name).as_str(), signed_in, ip = %ip.unwrap_or_default(), "seat taken");
            }
            live.seats_changed();
            begun_now(&state, &live);
            Json(json!({"seat": seat, "token": token.to_string()})).into_response()
        }
        Err((status, e)) => error(status, e),
    }
}

/// The seat `account` holds, taken back by it with a new token: stored, then the old token's
/// connections closed ([`crate::live::SEAT_TAKEN_BACK`]). `room` is the table's, locked.
fn take_back(
    state: &AppState,
    live: &Live,
    room: &mut Room,
    seat: usize,
    account: &str,
) -> Result<SeatToken, Refusal> {
    // The stored seat decides, not the room's memory: an account deleted while the server
    // runs (`euchre accounts delete`) gives its seats up there, and a new account of the
    // same name is not the person who sat (review s53, 5).
    match state.store.seat_account(&live.code, seat) {
        Ok(Some(held)) if held == account => {}
        Ok(_) => {
            return Err((
                StatusCode::CONFLICT,
                crate::RoomError::Taken(Seat::new(seat as u8)).to_string(),
            ))
        }
        Err(e) => return Err((StatusCode::SERVICE_UNAVAILABLE, database_refused(&e))),
    }
    let before = room.seats()[seat].clone();
    let held = room.holder(seat);
    let token = room.take_back(seat, account).map_err(|e| match e {
        e @ (crate::RoomError::Closed | crate::RoomError::PutAway) => gone_table(&live.code, &e),
        e => (StatusCode::CONFLICT, e.to_string()),
    })?;
    // Recorded once the game has begun: the seat's cards go to another browser or device, and
    // everyone's log says so (review s53, 3). Never refused for the deal's bound: the same
    // account, nobody new, sees the hand; past it, the line alone is dropped (review s54, 1).
    let change = match room
        .started()
        .then(|| room.seat_change(seat, SeatChangeKind::TakenBack, held, room.holder(seat)))
        .transpose()
        .map(Option::flatten)
    {
        Ok(change) => change,
        Err(e) => {
            let _ = room.restore_seat(seat, before);
            return Err((StatusCode::CONFLICT, e.to_string()));
        }
    };
    let Seated::Person { name, .. } = &before else {
        return Err((
            StatusCode::CONFLICT,
            crate::RoomError::Taken(Seat::new(seat as u8)).to_string(),
        ));
    };
    let row = SeatRow::Person {
        name: name.clone(),
        token: TokenHash::of(&token).to_string(),
        account: Some(account.to_string()),
    };
    if let Err(e) = state
        .store
        .set_seat(&live.code, seat, &row, room.held_from(seat), change.as_ref())
    {
        // Not saved: the old token holds the seat still.
        let _ = room.restore_seat(seat, before);
        return Err((StatusCode::SERVICE_UNAVAILABLE, database_refused(&e)));
    }
    if let Some(change) = change {
        room.note_seat_change(change);
    }
    // Under the room's lock, as a freed seat's are: the old token's connections are told and
    // closed, and none of them counts any more.
    room.forget_connections(Seat::new(seat as u8));
    live.disconnect_seat_why(
        Seat::new(seat as u8),
        crate::live::SEAT_TAKEN_BACK,
        crate::live::TAKEN_BACK_REASON,
    );
    Ok(token)
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
    let live = state.table(&code)?;
    if !SeatToken::parse(&req.host).is_some_and(|t| live.host.matches(&t)) {
        return Err((StatusCode::FORBIDDEN, format!("only the table's host may {what}")));
    }
    Ok((live, seat))
}

/// The room of a host's request about `seat`, locked: refused if the table is unavailable,
/// closed or put away, or has no such seat.
fn seat_room(live: &Live, seat: usize) -> Result<std::sync::MutexGuard<'_, Room>, Refusal> {
    let Ok(room) = live.room() else {
        return Err((StatusCode::SERVICE_UNAVAILABLE, "the table is unavailable".into()));
    };
    room.check_open().map_err(|e| gone_table(&live.code, &e))?;
    if seat >= room.seats().len() {
        return Err((
            StatusCode::NOT_FOUND,
            format!("there is no seat {seat} at this table"),
        ));
    }
    Ok(room)
}

async fn free_seat(State(state): State<AppState>, p: SeatPath, b: JsonBody<Free>) -> Response {
    let (live, seat) = match host_request(&state, p, b, "free a seat") {
        Ok(x) => x,
        Err(e) => return refused(e),
    };
    {
        let mut room = match seat_room(&live, seat) {
            Ok(room) => room,
            Err(e) => return refused(e),
        };
        if let Err(e) = room.check_free(seat) {
            return error(StatusCode::CONFLICT, e.to_string());
        }
        // A computer player freed (before the start) is kept with the open seat, to be given
        // it back by "Start now" rather than the stand-in.
        let row = match &room.seats()[seat] {
            Seated::Bot(player) => SeatRow::Freed(player.clone()),
            Seated::Open => room
                .freed_from_bot(seat)
                .map_or(SeatRow::Open, |p| SeatRow::Freed(p.to_string())),
            Seated::Person { .. } => SeatRow::Open,
        };
        // Freed in a game begun: recorded with the seat, for every page's log, whenever it is
        // opened (review s53, 3). (An open seat freed again changes nobody.)
        let open = SeatHolder {
            kind: "open",
            name: None,
        };
        let change = match (room.started() && !matches!(room.seats()[seat], Seated::Open))
            .then(|| room.seat_change(seat, SeatChangeKind::Freed, room.holder(seat), open))
            .transpose()
            .map(Option::flatten)
        {
            Ok(change) => change,
            Err(e) => return error(StatusCode::CONFLICT, e.to_string()),
        };
        if let Err(e) = state.store.set_seat(&live.code, seat, &row, 0, change.as_ref()) {
            return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e));
        }
        if room.free(seat).is_ok() {
            if let Some(change) = change {
                room.note_seat_change(change);
            }
        }
        // Its old holder's connections close, under the room's lock as a connection is
        // counted: they would otherwise see the next holder's cards.
        live.disconnect_seat(Seat::new(seat as u8));
    }
    tracing::info!(table = %live.code, seat, "seat freed by the host");
    live.seats_changed();
    Json(json!({"ok": true})).into_response()
}

/// The host lets the stand-in play now for a person gone, rather than have everyone wait out
/// their grace period (browser tester s49, 5); coming back, they take the seat again, as
/// after the grace.
async fn play_for_gone(State(state): State<AppState>, p: SeatPath, b: JsonBody<Free>) -> Response {
    let (live, seat) = match host_request(&state, p, b, "let a computer play for a seat") {
        Ok(x) => x,
        Err(e) => return refused(e),
    };
    let changed = {
        let mut room = match seat_room(&live, seat) {
            Ok(room) => room,
            Err(e) => return refused(e),
        };
        let conflict = |why: &str| error(StatusCode::CONFLICT, format!("seat {seat} {why}"));
        if !matches!(room.seats()[seat], Seated::Person { .. }) {
            return conflict("holds no person");
        }
        if room.connections(Seat::new(seat as u8)) > 0 {
            return conflict("is played by its person, who is here");
        }
        if !room.started() || room.game().is_over() {
            return conflict("has no game in play");
        }
        let before = room.holder(seat);
        let changed = room.set_away(Seat::new(seat as u8), true);
        if changed {
            live.note_players_change(
                &mut room,
                Seat::new(seat as u8),
                SeatChangeKind::AwayByHost,
                before,
            );
        }
        changed
    };
    if changed {
        tracing::info!(table = %live.code, seat, "a computer plays for a person gone, by the host");
        live.seats_changed();
    }
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
        let mut room = match seat_room(&live, seat) {
            Ok(room) => room,
            Err(e) => return refused(e),
        };
        if !matches!(room.seats()[seat], Seated::Open) {
            return error(StatusCode::CONFLICT, "that seat is not open");
        }
        // As at a new table: computer players alone would play for nobody.
        if !room.seats().iter().any(|s| matches!(s, Seated::Person { .. })) {
            return error(
                StatusCode::CONFLICT,
                "someone must sit at the table before computer players take its other seats",
            );
        }
        // Stored first: a seat given but not saved would come back open after a restart.
        let name = room.bot_for(seat);
        // Given in a game begun: recorded with the seat (review s53, 3).
        let bot = SeatHolder {
            kind: "bot",
            name: Some(name.clone()),
        };
        let change = match room
            .started()
            .then(|| room.seat_change(seat, SeatChangeKind::Computer, room.holder(seat), bot))
            .transpose()
            .map(Option::flatten)
        {
            Ok(change) => change,
            Err(e) => return error(StatusCode::CONFLICT, e.to_string()),
        };
        if let Err(e) = state
            .store
            .set_seat(&live.code, seat, &SeatRow::Bot(name), 0, change.as_ref())
        {
            return error(StatusCode::SERVICE_UNAVAILABLE, database_refused(&e));
        }
        let given = room.give_to_bot(seat);
        if let (Ok(_), Some(change)) = (&given, change) {
            room.note_seat_change(change);
        }
        given
    };
    match given {
        Ok(name) => {
            tracing::info!(table = %live.code, seat, player = crate::names::logged(&name).as_str(), "seat given to a computer player by the host");
            live.seats_changed();
            begun_now(&state, &live);
            Json(json!({"seat": seat, "player": name})).into_response()
        }
        Err(e) => error(StatusCode::CONFLICT, e.to_string()),
    }
}

/// A seat taken may begin the table's game: the table it is the next game of tells its
/// spectators then.
fn begun_now(state: &AppState, live: &Live) {
    if live.room().is_ok_and(|room| room.started()) {
        state.next_game_begun(&live.code);
    }
}

/// The host opens the company's next game once this one is over: a new table of the same
/// rules, grace period and stand-in, its computer players where they were and the people's
/// seats open, held by the same host token. Everyone here is pointed to it (`next_table` in
/// the state). Asked again, it names the same table.
/// Who asks for the company's next game: the host, or a person seated at the finished table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Again {
    host: Option<String>,
    seat_token: Option<String>,
}

async fn play_again(State(state): State<AppState>, Path(code): Path<String>, b: JsonBody<Again>) -> Response {
    let req = match body(b, "{\"host\":HOST_TOKEN} or {\"seat_token\":SEAT_TOKEN}") {
        Ok(r) => r,
        Err(e) => return refused(e),
    };
    let live = match state.table(&code) {
        Ok(live) => live,
        Err(e) => return refused(e),
    };
    // The host opens it as its host. So may a person seated at the end (the host may have
    // left for good, and the friends would have no way to play on together: browser tester
    // s49, 4); they host the next table, with a host token of their own.
    let host_asks = req
        .host
        .as_deref()
        .and_then(SeatToken::parse)
        .is_some_and(|t| live.host.matches(&t));
    let seated_asks = !host_asks
        && req
            .seat_token
            .as_deref()
            .and_then(SeatToken::parse)
            .is_some_and(|t| live.room().is_ok_and(|r| r.seat_of(&t).is_some()));
    if !host_asks && !seated_asks {
        return error(
            StatusCode::FORBIDDEN,
            "only the table's host or a person seated at it may open the next game",
        );
    }
    let new_host = seated_asks.then(SeatToken::random);
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
            host: new_host.as_ref().map_or_else(|| live.host.clone(), TokenHash::of),
        }
    };
    let next = match open_table(&state, spec, None) {
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
    let by = if new_host.is_some() {
        "a seated person"
    } else {
        "the host"
    };
    tracing::info!(table = %live.code, next = %next, "next game opened by {by}");
    live.seats_changed();
    match new_host {
        Some(host) => Json(json!({"code": next, "host": host.to_string()})).into_response(),
        None => Json(json!({"code": next})).into_response(),
    }
}

fn finished_game(state: &AppState, code: &str) -> Result<(String, Option<String>), Refusal> {
    // A finished game is kept in the database, in play or not.
    match state.store.finished(&code.to_ascii_uppercase()) {
        Ok(Some(g)) => Ok(g),
        // Asked without reading the table back (a game in play would be replayed for nothing).
        Ok(None) => match state.store.table_exists(&code.to_ascii_uppercase()) {
            Ok(false) => Err(no_table(code)),
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
    // Two SQLite reads that grow with the player's games: on the blocking pool, not on the
    // event loop, where they would hold up every other request meanwhile (review s48, 4).
    let store = state.store.clone();
    let asked = name.clone();
    let found = tokio::task::spawn_blocking(move || {
        store
            .history(&asked, 200)
            .and_then(|games| Ok((games, store.player_stats(&asked)?)))
    })
    .await;
    let Ok(found) = found else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the player's page could not be made; the server's log says why",
        );
    };
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
