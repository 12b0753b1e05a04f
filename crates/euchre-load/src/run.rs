//! One measured run: `tables` tables of four WebSocket players each, all in this process,
//! playing whole games (a finished table is replaced by a new one), with every decision's
//! broadcast timed.
//!
//! Two latencies are taken for each decision sent while measuring: from sending the `act` to
//! the same connection receiving the state it makes (`seq + 1`), and to the last of the
//! table's four connections receiving it (the broadcast's fan-out).

use crate::http;
use crate::stats::{Samples, Summary};
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// How long after the measured window the players go on, so that the broadcasts of the last
/// decisions sent in it are received and counted.
pub const DRAIN: Duration = Duration::from_secs(2);
/// A connection that hears nothing for this long while it waits for its turn is stuck.
pub const SILENCE: Duration = Duration::from_secs(30);
/// The shortest time between two messages of one connection: the server closes a connection
/// that sends more than 20 a second, sustained.
pub const MIN_GAP: Duration = Duration::from_millis(55);
/// Different error texts kept (each with its count).
const ERROR_KINDS: usize = 20;

/// What to run.
#[derive(Clone, Debug)]
pub struct Step {
    /// The server, `host:port`.
    pub addr: String,
    pub tables: usize,
    /// The mean pause before a decision (each one drawn from 50% to 150% of it); zero: at once.
    pub think: Duration,
    /// The tables are started evenly over this time, before measuring.
    pub ramp: Duration,
    /// The measured window.
    pub measure: Duration,
}

/// What a run measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub tables: usize,
    pub clients: usize,
    pub think_ms: u64,
    pub seconds: f64,
    /// From sending an `act` to the same connection receiving its state.
    pub action_to_broadcast: Summary,
    /// From sending an `act` to the last of the table's connections receiving its state.
    pub fan_out: Summary,
    /// Decisions sent in the window, per second.
    pub actions_per_sec: f64,
    /// Messages received by all the players in the window, per second.
    pub messages_per_sec: f64,
    /// Games played to the end during the whole run (ramp and drain included).
    pub games_finished: u64,
    /// Tables created during the whole run.
    pub tables_created: u64,
    /// Every `error` message, unexpected close, failed request, missed or repeated state.
    pub errors: u64,
    /// The kinds of errors with their counts.
    pub error_kinds: BTreeMap<String, u64>,
    /// Decisions sent while measuring whose state had not come back by the end of the drain.
    pub unanswered: u64,
    /// Processor time used during the window, as a percentage of one core.
    pub generator_cpu_pct: Option<f64>,
    pub server_cpu_pct: Option<f64>,
    /// The server's resident memory at the end of the window.
    pub server_rss_mib: Option<f64>,
    /// This process's resident memory at the end of the window.
    pub generator_rss_mib: Option<f64>,
}

impl Report {
    /// True when the run had no error and the broadcasts' 99th percentile is under `p99_ms`.
    pub fn held(&self, p99_ms: f64) -> bool {
        self.errors == 0 && self.action_to_broadcast.count > 0 && self.action_to_broadcast.p99_ms < p99_ms
    }
}

/// A decision sent and waiting for its state to reach every connection of the table.
struct Pending {
    sent: Instant,
    actor: usize,
    /// Connections yet to receive the state.
    remaining: u8,
    measured: bool,
}

/// The decisions of one table in flight, by the number of the state each makes.
#[derive(Default)]
struct Flight {
    pending: HashMap<u64, Pending>,
}

/// What every player shares.
struct Shared {
    addr: String,
    think: Duration,
    measuring: AtomicBool,
    stopping: AtomicBool,
    stop: watch::Receiver<bool>,
    action: Mutex<Samples>,
    fan_out: Mutex<Samples>,
    actions: AtomicU64,
    received: AtomicU64,
    games: AtomicU64,
    tables_created: AtomicU64,
    live_tables: AtomicUsize,
    errors: AtomicU64,
    error_kinds: Mutex<BTreeMap<String, u64>>,
    unanswered: AtomicU64,
}

impl Shared {
    fn error(&self, what: impl Into<String>) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let what = what.into();
        if let Ok(mut kinds) = self.error_kinds.lock() {
            if kinds.len() < ERROR_KINDS || kinds.contains_key(&what) {
                *kinds.entry(what).or_insert(0) += 1;
            } else {
                *kinds.entry("(other kinds)".into()).or_insert(0) += 1;
            }
        }
    }

    fn stopping(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }
}

/// Live figures for a progress display.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub tables: usize,
    pub actions: u64,
    pub errors: u64,
    pub measuring: bool,
}

/// Runs one step against the server at `step.addr`; `server_pid` (when known) is used to
/// report the server's processor time. `tick` is called about four times a second.
pub async fn run(step: &Step, server_pid: Option<u32>, mut tick: impl FnMut(Progress)) -> Report {
    let (stop_tx, stop_rx) = watch::channel(false);
    let shared = Arc::new(Shared {
        addr: step.addr.clone(),
        think: step.think,
        measuring: AtomicBool::new(false),
        stopping: AtomicBool::new(false),
        stop: stop_rx,
        action: Mutex::new(Samples::default()),
        fan_out: Mutex::new(Samples::default()),
        actions: AtomicU64::new(0),
        received: AtomicU64::new(0),
        games: AtomicU64::new(0),
        tables_created: AtomicU64::new(0),
        live_tables: AtomicUsize::new(0),
        errors: AtomicU64::new(0),
        error_kinds: Mutex::new(BTreeMap::new()),
        unanswered: AtomicU64::new(0),
    });
    let start = Instant::now();
    let mut slots = Vec::with_capacity(step.tables);
    for i in 0..step.tables {
        let delay = step.ramp.mul_f64(i as f64 / step.tables.max(1) as f64);
        slots.push(tokio::spawn(table_slot(shared.clone(), start + delay)));
    }
    let progress = |shared: &Shared| Progress {
        tables: shared.live_tables.load(Ordering::Relaxed),
        actions: shared.actions.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        measuring: shared.measuring.load(Ordering::Relaxed),
    };
    let mut wait_until = async |at: Instant| {
        while Instant::now() < at {
            tokio::time::sleep(Duration::from_millis(250).min(at - Instant::now())).await;
            tick(progress(&shared));
        }
    };
    wait_until(start + step.ramp).await;

    // The window: only what happens in it is counted.
    let counts = |s: &Shared| {
        (
            s.actions.load(Ordering::Relaxed),
            s.received.load(Ordering::Relaxed),
        )
    };
    let before = counts(&shared);
    let (gen_before, server_before) = (
        crate::server::cpu_time(None),
        server_pid.and_then(|p| crate::server::cpu_time(Some(p))),
    );
    let window_start = Instant::now();
    shared.measuring.store(true, Ordering::SeqCst);
    wait_until(window_start + step.measure).await;
    shared.measuring.store(false, Ordering::SeqCst);
    let elapsed = window_start.elapsed();
    let after = counts(&shared);
    let cpu_pct = |a: Option<Duration>, b: Option<Duration>| {
        Some((b?.saturating_sub(a?)).as_secs_f64() / elapsed.as_secs_f64() * 100.0)
    };
    let generator_cpu_pct = cpu_pct(gen_before, crate::server::cpu_time(None));
    let server_cpu_pct = cpu_pct(
        server_before,
        server_pid.and_then(|p| crate::server::cpu_time(Some(p))),
    );
    let server_rss_mib = server_pid.and_then(crate::server::resident_mib);
    let generator_rss_mib = crate::server::resident_mib(std::process::id());

    // Let the last broadcasts arrive, then stop every player.
    tokio::time::sleep(DRAIN).await;
    shared.stopping.store(true, Ordering::SeqCst);
    let _ = stop_tx.send(true);
    for s in slots {
        let _ = s.await;
    }

    let secs = elapsed.as_secs_f64();
    let per_sec = |a: u64, b: u64| (b - a) as f64 / secs;
    let action = shared.action.lock().map(|s| s.summary()).unwrap_or_default();
    let fan_out = shared.fan_out.lock().map(|s| s.summary()).unwrap_or_default();
    let unanswered = shared.unanswered.load(Ordering::Relaxed);
    if unanswered > 0 {
        shared.error(format!(
            "a decision's state not received within {} s",
            DRAIN.as_secs()
        ));
    }
    Report {
        tables: step.tables,
        clients: step.tables * 4,
        think_ms: step.think.as_millis() as u64,
        seconds: secs,
        action_to_broadcast: action,
        fan_out,
        actions_per_sec: per_sec(before.0, after.0),
        messages_per_sec: per_sec(before.1, after.1),
        games_finished: shared.games.load(Ordering::Relaxed),
        tables_created: shared.tables_created.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        error_kinds: shared.error_kinds.lock().map(|k| k.clone()).unwrap_or_default(),
        unanswered,
        generator_cpu_pct,
        server_cpu_pct,
        server_rss_mib,
        generator_rss_mib,
    }
}

/// Resolves once the run stops.
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// One table's place: a table created, its four seats taken and played to the end of the
/// game, then the next table, until the run stops.
async fn table_slot(shared: Arc<Shared>, start_at: Instant) {
    let mut stop = shared.stop.clone();
    tokio::select! {
        _ = tokio::time::sleep_until(start_at.into()) => {}
        _ = stopped(&mut stop) => return,
    }
    while !shared.stopping() {
        let (code, tokens) = match open_table(&shared).await {
            Ok(t) => t,
            Err(e) => {
                if !shared.stopping() {
                    shared.error(e);
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                continue;
            }
        };
        shared.tables_created.fetch_add(1, Ordering::Relaxed);
        shared.live_tables.fetch_add(1, Ordering::Relaxed);
        let flight = Arc::new(Mutex::new(Flight::default()));
        let mut players = tokio::task::JoinSet::new();
        for (seat, token) in tokens.into_iter().enumerate() {
            players.spawn(player(shared.clone(), flight.clone(), code.clone(), seat, token));
        }
        let mut finished = 0;
        while let Some(done) = players.join_next().await {
            if let Ok(true) = done {
                finished += 1;
            } else {
                // A player failed (already counted): the others would wait for it forever.
                players.abort_all();
            }
        }
        shared.live_tables.fetch_sub(1, Ordering::Relaxed);
        if finished == 4 {
            shared.games.fetch_add(1, Ordering::Relaxed);
        } else if !shared.stopping() {
            // Something went wrong (already counted): a new table keeps the load up.
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

/// A new table of four open seats, and a token for each.
async fn open_table(shared: &Shared) -> Result<(String, Vec<String>), String> {
    let table = http::post(
        &shared.addr,
        "/api/tables",
        &json!({
            "rules": "north-american",
            "seats": ["open", "open", "open", "open"],
            // Nobody is replaced by a computer player, even at a table left when the run stops.
            "grace_secs": 86_400,
        }),
    )
    .await?;
    let code = table["code"]
        .as_str()
        .ok_or_else(|| format!("no table code in {table}"))?
        .to_string();
    let mut tokens = Vec::with_capacity(4);
    for seat in 0..4 {
        let s = http::post(
            &shared.addr,
            &format!("/api/tables/{code}/seats/{seat}"),
            &json!({"name": format!("load{seat}")}),
        )
        .await?;
        tokens.push(
            s["token"]
                .as_str()
                .ok_or_else(|| format!("no token in {s}"))?
                .to_string(),
        );
    }
    Ok((code, tokens))
}

/// A player's connection: small buffers (the states are a few KiB; tungstenite's default
/// read buffer of 128 KiB per connection would take 1 GiB for 8,000 players).
fn client_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
}

/// One person at a table: answers each state in which it is to act with a random legal
/// decision after a pause. Returns true when the game was played to its end.
async fn player(
    shared: Arc<Shared>,
    flight: Arc<Mutex<Flight>>,
    code: String,
    seat: usize,
    token: String,
) -> bool {
    let url = format!("ws://{}/ws/{code}?token={token}", shared.addr);
    let mut ws = match tokio::time::timeout(
        http::TIMEOUT,
        tokio_tungstenite::connect_async_with_config(url, Some(client_config()), true),
    )
    .await
    {
        Ok(Ok((ws, _))) => ws,
        Ok(Err(e)) => {
            if !shared.stopping() {
                shared.error(format!("WebSocket connect: {e}"));
            }
            return false;
        }
        Err(_) => {
            if !shared.stopping() {
                shared.error("WebSocket connect: no answer within 15 s");
            }
            return false;
        }
    };
    let mut stop = shared.stop.clone();
    let mut last_seq: Option<u64> = None;
    // The decision to send: when, answering which state, what.
    let mut due: Option<(Instant, u64, String)> = None;
    let mut acted_on: Option<u64> = None;
    let mut my_pending: Option<(u64, bool)> = None;
    let mut last_send = Instant::now() - MIN_GAP;
    let mut rng = StdRng::from_rng(rand::thread_rng()).unwrap_or_else(|_| StdRng::seed_from_u64(seat as u64));
    let outcome = loop {
        let deadline = due.as_ref().map(|d| d.0);
        tokio::select! {
            biased;
            _ = stopped(&mut stop) => break false,
            _ = async { tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now).into()).await }, if deadline.is_some() => {
                let Some((_, seq, action)) = due.take() else { continue };
                let text = json!({"type": "act", "seq": seq, "action": action}).to_string();
                let measured = shared.measuring.load(Ordering::Relaxed);
                let sent = Instant::now();
                last_send = sent;
                if let Ok(mut f) = flight.lock() {
                    f.pending.insert(seq + 1, Pending { sent, actor: seat, remaining: 4, measured });
                }
                my_pending = Some((seq + 1, measured));
                if measured {
                    shared.actions.fetch_add(1, Ordering::Relaxed);
                }
                if let Err(e) = ws.send(Message::Text(text.into())).await {
                    if !shared.stopping() {
                        shared.error(format!("WebSocket send: {e}"));
                    }
                    break false;
                }
            }
            msg = tokio::time::timeout(SILENCE, ws.next()) => {
                let at = Instant::now();
                let msg = match msg {
                    Err(_) => {
                        shared.error(format!("no message for {} s", SILENCE.as_secs()));
                        break false;
                    }
                    Ok(None) => {
                        if !shared.stopping() {
                            shared.error("connection closed by the server");
                        }
                        break false;
                    }
                    Ok(Some(Err(e))) => {
                        if !shared.stopping() {
                            shared.error(format!("connection failed: {e}"));
                        }
                        break false;
                    }
                    Ok(Some(Ok(m))) => m,
                };
                let text = match msg {
                    Message::Text(t) => t,
                    Message::Close(frame) => {
                        if !shared.stopping() {
                            shared.error(format!("closed by the server: {}", frame.map_or(String::new(), |f| f.reason.to_string())));
                        }
                        break false;
                    }
                    _ => continue,
                };
                if shared.measuring.load(Ordering::Relaxed) {
                    shared.received.fetch_add(1, Ordering::Relaxed);
                }
                let m: Value = match serde_json::from_str(&text) {
                    Ok(v) => v,
                    Err(e) => {
                        shared.error(format!("not JSON: {e}"));
                        continue;
                    }
                };
                match m["type"].as_str() {
                    Some("state") => {}
                    Some("error") => {
                        shared.error(format!("error: {}", m["error"].as_str().unwrap_or("?")));
                        continue;
                    }
                    _ => continue,
                }
                let Some(seq) = m["seq"].as_u64() else {
                    shared.error("a state without seq");
                    continue;
                };
                match last_seq {
                    Some(l) if seq < l => shared.error("a state older than one received before"),
                    Some(l) if seq > l + 1 => shared.error("a state missed (seq jumped)"),
                    _ => {}
                }
                if last_seq.is_none_or(|l| seq > l) {
                    last_seq = Some(seq);
                    // A new state: the broadcast of a decision in flight reached this connection.
                    if let Ok(mut f) = flight.lock() {
                        if let Some(p) = f.pending.get_mut(&seq) {
                            let took = at.duration_since(p.sent);
                            if p.actor == seat && p.measured {
                                if let Ok(mut s) = shared.action.lock() {
                                    s.push(took);
                                }
                            }
                            p.remaining -= 1;
                            if p.remaining == 0 {
                                if p.measured {
                                    if let Ok(mut s) = shared.fan_out.lock() {
                                        s.push(took);
                                    }
                                }
                                f.pending.remove(&seq);
                            }
                        }
                    }
                    if my_pending.is_some_and(|(s, _)| s <= seq) {
                        my_pending = None;
                    }
                    // A decision waiting for an older state is void.
                    if due.as_ref().is_some_and(|d| d.1 != seq) {
                        due = None;
                    }
                }
                if m["game_over"] == true {
                    break true;
                }
                let legal: Vec<&str> = m["legal"]
                    .as_array()
                    .map(|l| l.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                // At most one decision per state (a state repeats its seq when only the seats
                // changed).
                if m["to_act"].as_u64() == Some(seat as u64) && !legal.is_empty() && acted_on != Some(seq) {
                    acted_on = Some(seq);
                    let action = legal.choose(&mut rng).map(|a| a.to_string()).unwrap_or_default();
                    let pause = if shared.think.is_zero() {
                        Duration::ZERO
                    } else {
                        shared.think.mul_f64(rng.gen_range(0.5..1.5))
                    };
                    // Never faster than the server allows a connection to send.
                    let at = (Instant::now() + pause).max(last_send + MIN_GAP);
                    due = Some((at, seq, action));
                }
            }
        }
    };
    if let Some((_, true)) = my_pending {
        shared.unanswered.fetch_add(1, Ordering::Relaxed);
    }
    let _ = ws.close(None).await;
    outcome
}
