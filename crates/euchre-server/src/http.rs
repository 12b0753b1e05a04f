//! The network layer (axum on tokio): tables created and seats claimed over HTTP, play over a
//! WebSocket per seat. Every state a room produces goes to the connections of its seat only.
//!
//! Routes:
//! - `GET /healthz`: `ok`.
//! - `POST /api/tables` `{"rules":"north-american","seats":["open","hard","hard","hard"],"seed":7}`
//!   → `{"code":"...","seats":4}`.
//! - `POST /api/tables/{code}/seats/{n}` `{"name":"Ann"}` → `{"token":"..."}`.
//! - `GET /ws/{code}?token=...`: the seat's WebSocket: its state at once, then a state after every
//!   change; it sends `{"type":"act","seq":N,"action":"..."}` or `{"type":"sync"}`.

use crate::message::{ClientMessage, ServerMessage};
use crate::room::{Room, SeatPlan};
use crate::token::SeatToken;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use euchre::table::AnyRules;
use euchre::Seat;
use rand::rngs::OsRng;
use rand::{Rng, RngCore};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// The largest message a client may send; a longer one is refused unread.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// One table and the connections watching it.
struct Live {
    room: Mutex<Room>,
    subscribers: Mutex<Vec<(Seat, mpsc::UnboundedSender<String>)>>,
}

impl Live {
    /// Sends each state to the connections of its seat.
    fn deliver(&self, sent: Vec<(Seat, ServerMessage)>) {
        let Ok(mut subs) = self.subscribers.lock() else {
            return;
        };
        for (seat, msg) in sent {
            let Ok(text) = serde_json::to_string(&msg) else {
                continue;
            };
            // A closed connection is dropped from the list.
            subs.retain(|(s, tx)| *s != seat || tx.send(text.clone()).is_ok());
        }
    }

    /// Lets the computer players move (on a blocking thread, off the event loop), one change at
    /// a time, delivering each.
    async fn run_bots(self: Arc<Self>) {
        let live = self;
        let _ = tokio::task::spawn_blocking(move || loop {
            let sent = {
                let Ok(mut room) = live.room.lock() else { return };
                match room.step_bot().or_else(|| room.deal_on()) {
                    Some(sent) => sent,
                    None => return,
                }
            };
            live.deliver(sent);
        })
        .await;
    }
}

/// The server's tables.
#[derive(Clone, Default)]
pub struct AppState {
    tables: Arc<Mutex<HashMap<String, Arc<Live>>>>,
}

/// The routes.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{code}/seats/{seat}", post(claim_seat))
        .route("/ws/{code}", get(connect))
        .with_state(state)
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({"error": message.into()}))).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTable {
    rules: String,
    seats: Vec<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// A table code: six letters and digits, easy to read out (32 symbols: no 0/O or 1/I).
fn new_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    (0..6)
        .map(|_| ALPHABET[OsRng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

async fn create_table(
    State(state): State<AppState>,
    body: Result<Json<NewTable>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Ok(Json(req)) = body else {
        return error(
            StatusCode::BAD_REQUEST,
            "expected {\"rules\":PRESET,\"seats\":[\"open\" or a computer player, ...]}",
        );
    };
    let rules = match AnyRules::preset(&req.rules) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    let plan = req
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
    let seed = req.seed.unwrap_or_else(|| OsRng.next_u64());
    let room = match Room::new(rules, seed, plan) {
        Ok(r) => r,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    let live = Arc::new(Live {
        room: Mutex::new(room),
        subscribers: Mutex::new(Vec::new()),
    });
    let Ok(mut tables) = state.tables.lock() else {
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server's tables are unavailable",
        );
    };
    // A code already in use is drawn again, never overwritten.
    let code = std::iter::repeat_with(new_code)
        .find(|c| !tables.contains_key(c))
        .unwrap_or_default();
    tables.insert(code.clone(), live.clone());
    drop(tables);
    // Computer players who open the bidding move at once.
    tokio::spawn(live.run_bots());
    Json(json!({"code": code, "seats": req.seats.len()})).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    name: String,
}

fn table(state: &AppState, code: &str) -> Option<Arc<Live>> {
    state.tables.lock().ok()?.get(code).cloned()
}

async fn claim_seat(
    State(state): State<AppState>,
    Path((code, seat)): Path<(String, usize)>,
    body: Result<Json<Claim>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Ok(Json(claim)) = body else {
        return error(StatusCode::BAD_REQUEST, "expected {\"name\":...}");
    };
    let Some(live) = table(&state, &code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    let result = live
        .room
        .lock()
        .map_err(|_| "the table is unavailable".to_string())
        .and_then(|mut r| r.claim(seat, &claim.name).map_err(|e| e.to_string()));
    match result {
        Ok(token) => Json(json!({"token": token.to_string()})).into_response(),
        Err(e) => error(StatusCode::CONFLICT, e),
    }
}

#[derive(Deserialize)]
struct Connect {
    token: String,
}

async fn connect(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(q): Query<Connect>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(live) = table(&state, &code) else {
        return error(StatusCode::NOT_FOUND, format!("no table {code}"));
    };
    let Some(token) = SeatToken::parse(&q.token) else {
        return error(StatusCode::FORBIDDEN, "not a seat token");
    };
    let seat = live.room.lock().ok().and_then(|r| r.seat_of(&token));
    let Some(seat) = seat else {
        return error(StatusCode::FORBIDDEN, "no seat at this table has that token");
    };
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| play(socket, live, seat, token))
}

/// One seat's connection: its state first, then every change; its messages handled in order.
async fn play(mut socket: WebSocket, live: Arc<Live>, seat: Seat, token: SeatToken) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    if let Ok(mut subs) = live.subscribers.lock() {
        subs.push((seat, tx.clone()));
    }
    let first = live.room.lock().ok().map(|r| r.state_for(seat));
    if let Some(first) = first {
        live.deliver(vec![(seat, first)]);
    }
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else { break };
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { break };
                let text = match msg {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => break,
                    _ => continue,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Err(format!("not a message: {e}")),
                    Ok(m) => live.room.lock().map_err(|_| "the table is unavailable".to_string()).and_then(|mut r| r.handle(&token, m).map_err(|e| e.to_string())),
                };
                match reply {
                    Ok(sent) => {
                        live.deliver(sent);
                        live.clone().run_bots().await;
                    }
                    Err(e) => {
                        let msg = ServerMessage::Error { error: e };
                        let _ = tx.send(serde_json::to_string(&msg).unwrap_or_default());
                    }
                }
            }
        }
    }
}
