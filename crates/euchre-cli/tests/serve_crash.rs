//! `euchre serve` killed (SIGKILL) again and again while 52 tables play, and restarted on the
//! same database and port: no acknowledged decision is lost or applied twice.
//!
//! A decision is acknowledged when the client that sent it receives the state it made
//! (`seq + 1`). Every client reconnects with its token after each kill and goes on from the
//! state it is sent, whose number must not be below any state the table had been sent before.
//! Once every game is over, each table's game record is replayed through the engine from its
//! seed, numbering the changes as the server does (each decision and each new deal one more),
//! and every acknowledged decision must sit exactly at its number.

use euchre::table::{AnyRules, Table, View};
use euchre::{Action, Card, Seat};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::{self, Message};

/// Tables with two clients and two `easy` computer players, and tables of four clients.
const TWO_CLIENT_TABLES: usize = 40;
const FOUR_CLIENT_TABLES: usize = 12;
/// The whole test stops (failing) after this long.
const DEADLINE: Duration = Duration::from_secs(100);
/// The server is killed after a pause drawn from this range, again until every game is over.
const KILL_EVERY_MS: std::ops::Range<u64> = 1000..2500;
/// A client pauses before each decision for a time drawn from this range (so that the games
/// last long enough for several kills; the server closes a connection that sends more than 20
/// messages a second).
const PAUSE_MS: std::ops::Range<u64> = 30..150;

/// The server under test: its process, restarted on the same port and database.
struct Server {
    binary: PathBuf,
    port: u16,
    db: PathBuf,
    log: PathBuf,
    child: Option<Child>,
}

impl Server {
    fn addr(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Starts the server and waits until it listens (it prints its address then). A port still
    /// held for a moment after a kill is tried again.
    fn start(&mut self) {
        for _ in 0..50 {
            let log = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.log)
                .unwrap();
            let mut child = Command::new(&self.binary)
                .args(["serve", "--allow-seeds", "--addr", &self.addr(), "--db"])
                .arg(&self.db)
                .env("RUST_LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(log)
                .spawn()
                .expect("the euchre binary starts");
            let stdout = child.stdout.take().unwrap();
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                assert!(line.contains(&self.addr()), "{line}");
                // Drain the rest so the server never blocks on a full pipe.
                std::thread::spawn(move || for _ in lines {});
                self.child = Some(child);
                return;
            }
            // It stopped without listening (the port not yet free): once more.
            let _ = child.wait();
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("the server did not start; its log:\n{}", self.log_tail());
    }

    /// SIGKILL: no chance to finish anything.
    fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            c.kill().unwrap();
            c.wait().unwrap();
        }
    }

    fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One table as the test follows it.
struct Tracked {
    code: String,
    seed: u64,
    /// The highest state number any of its clients has received.
    max_seen: AtomicU64,
    /// `(seq, seat, action)` of every acknowledged decision.
    acked: Mutex<Vec<(u64, u8, String)>>,
    /// The number of the final state (game over), once a client has seen it.
    last_seq: AtomicU64,
}

/// What the clients found wrong, and what they counted.
#[derive(Default)]
struct Findings {
    problems: Mutex<Vec<String>>,
    reconnects: AtomicUsize,
    acts: AtomicUsize,
}

impl Findings {
    fn problem(&self, p: String) {
        self.problems.lock().unwrap().push(p);
    }
}

async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    (
        status,
        out.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string(),
    )
}

async fn post(addr: &str, path: &str, body: Value) -> Value {
    let (status, text) = http(addr, "POST", path, Some(&body)).await;
    assert_eq!(status, 200, "POST {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// A random number (std's randomly keyed hasher, fresh each call).
fn random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

fn pause() -> Duration {
    Duration::from_millis(PAUSE_MS.start + random() % (PAUSE_MS.end - PAUSE_MS.start))
}

/// One seat's client: plays the game to its end, reconnecting after every kill.
async fn client(
    addr: String,
    table: Arc<Tracked>,
    seat: u8,
    token: String,
    found: Arc<Findings>,
    start: Instant,
) {
    let url = format!("ws://{addr}/ws/{}?token={token}", table.code);
    let who = format!("table {} seat {seat}", table.code);
    // The highest state this client has received, on any connection.
    let mut seen: Option<u64> = None;
    let mut connections = 0;
    loop {
        // Whatever the table was sent before this connection was stored before it was sent.
        let floor = table.max_seen.load(Ordering::SeqCst);
        let mut ws = loop {
            if start.elapsed() > DEADLINE {
                found.problem(format!("{who}: still not reconnected at the deadline"));
                return;
            }
            match tokio_tungstenite::connect_async(url.as_str()).await {
                Ok((ws, _)) => break ws,
                Err(tungstenite::Error::Http(r)) => {
                    found.problem(format!(
                        "{who}: the server refused the token: HTTP {}",
                        r.status()
                    ));
                    return;
                }
                // The server is down or starting: again shortly.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        };
        connections += 1;
        if connections > 1 {
            found.reconnects.fetch_add(1, Ordering::Relaxed);
        }
        let mut first = true;
        let mut last: Option<u64> = None;
        let mut in_flight: Option<(u64, String)> = None;
        let mut acted_on: Option<u64> = None;
        loop {
            let msg = match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
                Ok(m) => m,
                Err(_) => {
                    found.problem(format!("{who}: no message for 20 s"));
                    return;
                }
            };
            let text = match msg {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Close(frame))) => {
                    // The server closes a connection itself only for a flood or a freed seat.
                    found.problem(format!("{who}: closed by the server: {frame:?}"));
                    return;
                }
                Some(Ok(_)) => continue,
                // Killed: connect again.
                Some(Err(_)) | None => break,
            };
            let m: Value = serde_json::from_str(&text).unwrap();
            if m["type"] == "error" {
                found.problem(format!("{who}: error {m}"));
                continue;
            }
            if m["type"] != "state" {
                continue;
            }
            let seq = m["seq"].as_u64().unwrap();
            if first {
                first = false;
                if seq < floor || seen.is_some_and(|s| seq < s) {
                    found.problem(format!(
                        "{who}: state {seq} after a restart, but the table had been sent {floor} and this client {seen:?}"
                    ));
                }
            } else if last.is_some_and(|l| seq < l) {
                found.problem(format!("{who}: state {seq} after {last:?}"));
            }
            last = Some(seq);
            seen = seen.max(Some(seq));
            table.max_seen.fetch_max(seq, Ordering::SeqCst);
            if let Some((sent, action)) = in_flight.take() {
                if seq == sent + 1 {
                    table.acked.lock().unwrap().push((seq, seat, action));
                } else if seq == sent {
                    // The same state again (a seat connected): still waiting.
                    in_flight = Some((sent, action));
                } else {
                    found.problem(format!("{who}: sent a decision on {sent}, then received {seq}"));
                }
            }
            if m["game_over"] == true {
                table.last_seq.store(seq, Ordering::SeqCst);
                return;
            }
            let legal: Vec<String> = m["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect();
            if m["to_act"] == seat && !legal.is_empty() && acted_on != Some(seq) {
                acted_on = Some(seq);
                tokio::time::sleep(pause()).await;
                let action = legal[random() as usize % legal.len()].clone();
                let act = json!({"type": "act", "seq": seq, "action": action}).to_string();
                if ws.send(Message::Text(act.into())).await.is_err() {
                    break;
                }
                found.acts.fetch_add(1, Ordering::Relaxed);
                in_flight = Some((seq, action));
            }
        }
    }
}

/// A game record replayed from scratch through the engine: the changes numbered as the server
/// numbers them, `(seq, seat, action)`, with `None` for a new deal.
fn replay_record(record: &Value, seed: u64) -> Vec<(u64, Option<(u8, Action)>)> {
    let mut game = AnyRules::preset("north-american").unwrap().new_game(seed);
    let deals = record["games"][0]["deals"]
        .as_array()
        .expect("the record's deals");
    let mut changes = Vec::new();
    let mut seq = 0;
    for (d, deal) in deals.iter().enumerate() {
        if d > 0 {
            assert!(game.next_deal(), "deal {d}: no next deal");
            seq += 1;
            changes.push((seq, None));
        }
        // The deal is the one the seed deals.
        for (s, hand) in deal["hands"].as_array().unwrap().iter().enumerate() {
            let View::Partnership(o) = game.view(Seat::new(s as u8)) else {
                panic!("a four-handed game")
            };
            let cards: Vec<Card> = hand
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().parse().unwrap())
                .collect();
            assert_eq!(o.hand.len() as usize, cards.len(), "deal {d}, seat {s}");
            assert!(
                cards.iter().all(|&c| o.hand.contains(c)),
                "deal {d}, seat {s}: {cards:?}"
            );
            assert_eq!(o.dealer.index(), deal["dealer"].as_u64().unwrap() as usize);
        }
        for decision in deal["decisions"].as_array().unwrap() {
            let seat = decision[0].as_u64().unwrap() as u8;
            let action: Action = decision[1].as_str().unwrap().parse().unwrap();
            assert_eq!(game.to_act(), Some(Seat::new(seat)), "deal {d}: {decision}");
            game.apply(action)
                .unwrap_or_else(|e| panic!("deal {d}: {decision} is refused: {e}"));
            seq += 1;
            changes.push((seq, Some((seat, action))));
        }
    }
    assert!(game.is_over(), "the recorded game is over");
    changes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_again_and_again_the_server_loses_no_acknowledged_decision() {
    let start = Instant::now();
    let dir = std::env::temp_dir().join(format!("euchre-serve-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = Server {
        binary: PathBuf::from(env!("CARGO_BIN_EXE_euchre")),
        port,
        db: dir.join("server.sqlite3"),
        log: dir.join("server.log"),
        child: None,
    };
    server.start();
    let addr = server.addr();

    // The tables, their seats taken.
    let mut tables = Vec::new();
    let mut seats = Vec::new();
    for i in 0..TWO_CLIENT_TABLES + FOUR_CLIENT_TABLES {
        let plan = if i >= TWO_CLIENT_TABLES {
            ["open", "open", "open", "open"]
        } else if i % 2 == 0 {
            ["open", "open", "easy", "easy"]
        } else {
            ["easy", "open", "easy", "open"]
        };
        let seed = i as u64;
        let t = post(
            &addr,
            "/api/tables",
            json!({"rules": "north-american", "seats": plan, "seed": seed, "grace_secs": 3600}),
        )
        .await;
        let code = t["code"].as_str().unwrap().to_string();
        let table = Arc::new(Tracked {
            code: code.clone(),
            seed,
            max_seen: AtomicU64::new(0),
            acked: Mutex::new(Vec::new()),
            last_seq: AtomicU64::new(0),
        });
        for (s, kind) in plan.iter().enumerate() {
            if *kind == "open" {
                let c = post(
                    &addr,
                    &format!("/api/tables/{code}/seats/{s}"),
                    json!({"name": format!("p{i}s{s}")}),
                )
                .await;
                seats.push((table.clone(), s as u8, c["token"].as_str().unwrap().to_string()));
            }
        }
        tables.push(table);
    }

    // Every client plays; the server is killed and restarted until every game is over.
    let found = Arc::new(Findings::default());
    let clients: Vec<_> = seats
        .into_iter()
        .map(|(t, s, token)| tokio::spawn(client(addr.clone(), t, s, token, found.clone(), start)))
        .collect();
    let done = Arc::new(AtomicBool::new(false));
    let kills = Arc::new(AtomicUsize::new(0));
    let killer = {
        let (done, kills) = (done.clone(), kills.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) && start.elapsed() < DEADLINE {
                let wait = KILL_EVERY_MS.start + random() % (KILL_EVERY_MS.end - KILL_EVERY_MS.start);
                let until = Instant::now() + Duration::from_millis(wait);
                while Instant::now() < until && !done.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(20));
                }
                if done.load(Ordering::SeqCst) {
                    break;
                }
                server.kill();
                kills.fetch_add(1, Ordering::SeqCst);
                server.start();
            }
            server
        })
    };
    for c in clients {
        c.await.unwrap();
    }
    done.store(true, Ordering::SeqCst);
    let server = tokio::task::spawn_blocking(move || killer.join().unwrap())
        .await
        .unwrap();
    let problems = found.problems.lock().unwrap().clone();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}\nthe server's log:\n{}",
        problems.len(),
        problems.join("\n"),
        server.log_tail()
    );
    let kills = kills.load(Ordering::SeqCst);
    assert!(kills >= 5, "only {kills} kills before every game was over");

    // Every game's record replays, and holds every acknowledged decision at its number.
    let mut checked = 0;
    for t in &tables {
        let (status, text) = http(&addr, "GET", &format!("/api/tables/{}/game.json", t.code), None).await;
        assert_eq!(
            status,
            200,
            "table {}: the game is over (state {} said so) but its record is not kept: {text} \
             (was the server killed between storing the last change and keeping the finished game?)",
            t.code,
            t.last_seq.load(Ordering::SeqCst)
        );
        let record: Value = serde_json::from_str(&text).unwrap();
        let changes = replay_record(&record, t.seed);
        let last = t.last_seq.load(Ordering::SeqCst);
        assert_eq!(
            changes.len() as u64,
            last,
            "table {}: the record's changes against the final state's number",
            t.code
        );
        for (seq, seat, action) in t.acked.lock().unwrap().iter() {
            let sent: Action = action.parse().unwrap();
            assert_eq!(
                changes[*seq as usize - 1],
                (*seq, Some((*seat, sent))),
                "table {}: the acknowledged decision {seq} ({seat}: {action})",
                t.code
            );
            checked += 1;
        }
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{kills} kills, {} games, {} decisions sent, {checked} acknowledged decisions checked, {} reconnections, {:.1} s",
        tables.len(),
        found.acts.load(Ordering::Relaxed),
        found.reconnects.load(Ordering::Relaxed),
        start.elapsed().as_secs_f64()
    );
    assert!(checked > 1000, "only {checked} acknowledged decisions");
}
