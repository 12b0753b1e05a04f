//! What the server's socket tests share: a server on loopback over a fresh database, HTTP by
//! hand, and WebSocket helpers.
#![allow(dead_code)]

use euchre_server::{router, AppState, Durability, Limits, Store};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A fresh database file for one test.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("euchre-server-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("server.sqlite3")
}

/// A server on a free loopback port over the database at `db` (seeds allowed, loopback not
/// limited); returns its address.
pub async fn start(db: &std::path::Path) -> String {
    start_limited(db, Limits::default()).await
}

/// A server like [`start`]'s held to `limits` (loopback included when they say so).
pub async fn start_limited(db: &std::path::Path, limits: Limits) -> String {
    start_state(db, limits).await.0
}

/// The same, with the server's state (to call on it as its own tasks do).
pub async fn start_state(db: &std::path::Path, limits: Limits) -> (String, AppState) {
    let store = Store::open(db, Durability::Process).unwrap();
    let state = AppState::open(store)
        .unwrap()
        .with_seeds_allowed(true)
        .with_limits(limits);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    tokio::spawn(euchre_server::serve(
        listener,
        router(state.clone()),
        limits,
        std::future::pending(),
    ));
    (addr, state)
}

/// One HTTP/1.1 request by hand (the connection closed after): status and body.
pub async fn request(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    let body = body.map(Value::to_string).unwrap_or_default();
    request_text(addr, method, path, &body).await
}

/// The same with the body's text as given (JSON a serializer would not write, say).
pub async fn request_text(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    request_naming(addr, addr, method, path, body).await
}

/// The same sent to `addr` naming `host` in its `Host` header (the server's public names).
pub async fn request_naming(addr: &str, host: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    request_naming_accepting(addr, host, "application/json", method, path, body).await
}

/// The same, saying what the client `accept`s (a browser's page asks `text/html`).
pub async fn request_naming_accepting(
    addr: &str,
    host: &str,
    accept: &str,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nAccept: {accept}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status: u16 = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    (status, body)
}

pub async fn post(addr: &str, path: &str, body: &Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, Some(body)).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

pub async fn get(addr: &str, path: &str) -> (u16, String) {
    request(addr, "GET", path, None).await
}

/// A table created, its code.
pub async fn create(addr: &str, body: &Value) -> String {
    let (status, t) = post(addr, "/api/tables", body).await;
    assert_eq!(status, 200, "{t}");
    t["code"].as_str().unwrap().to_string()
}

/// A seat taken, its token.
pub async fn claim(addr: &str, code: &str, seat: usize, name: &str) -> String {
    let (status, s) = post(
        addr,
        &format!("/api/tables/{code}/seats/{seat}"),
        &serde_json::json!({"name": name}),
    )
    .await;
    assert_eq!(status, 200, "{s}");
    s["token"].as_str().unwrap().to_string()
}

pub async fn connect(addr: &str, code: &str, token: Option<&str>) -> Ws {
    let url = match token {
        Some(t) => format!("ws://{addr}/ws/{code}?token={t}"),
        None => format!("ws://{addr}/ws/{code}"),
    };
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

/// The next JSON message (within 30 s), or `None` when the connection closed.
pub async fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message within 30 s")?;
        match msg {
            Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => continue,
        }
    }
}

/// The next message that is not a state (states may come at any time: seats connecting).
pub async fn reply(ws: &mut Ws) -> Value {
    loop {
        let m = next(ws).await.expect("a reply");
        if m["type"] != "state" {
            return m;
        }
    }
}

/// A table of `seats` (seat 0 open) north-american from `seed`, with Ann in seat 0 connected:
/// its code, Ann's token and her connection.
pub async fn ann_at(addr: &str, seats: &[&str], seed: u64) -> (String, String, Ws) {
    let body = serde_json::json!({"rules": "north-american", "seats": seats, "seed": seed});
    let code = create(addr, &body).await;
    let token = claim(addr, &code, 0, "Ann").await;
    let ws = connect(addr, &code, Some(&token)).await;
    (code, token, ws)
}

pub async fn send(ws: &mut Ws, v: &Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// Plays `ws`'s seat (the first legal decision each time) until the state's deal number
/// reaches `deal` or the game is over; that state.
pub async fn play_to_deal(ws: &mut Ws, deal: u64) -> Value {
    let mut acted = None;
    loop {
        let m = next(ws).await.expect("a state");
        if m["type"] != "state" {
            continue;
        }
        if m["deal_number"].as_u64().unwrap() >= deal || m["game_over"] == true {
            return m;
        }
        let seq = m["seq"].as_u64().unwrap();
        let legal = m["legal"].as_array().unwrap();
        if m["to_act"] == m["seat"] && !legal.is_empty() && acted != Some(seq) {
            acted = Some(seq);
            let act = serde_json::json!({"type": "act", "seq": seq, "action": legal[0]});
            send(ws, &act).await;
        }
    }
}
