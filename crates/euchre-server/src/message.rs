//! The messages between a client and a room, as JSON.

use serde::{Deserialize, Serialize};

/// The version of these messages; a client of another version is told so.
pub const PROTOCOL_VERSION: u32 = 1;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A decision, answering the state numbered `seq`, in the engine protocol's text.
    Act { seq: u64, action: String },
    /// Send my view again (after missed messages).
    Sync {},
}

/// What a room sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The state after change number `seq`, as `seat` sees it.
    State {
        protocol: u32,
        seq: u64,
        seat: u8,
        /// The seat's view of the deal (the engine's observation: its own cards and
        /// everything public).
        view: serde_json::Value,
        scores: Vec<i32>,
        to_act: Option<u8>,
        /// Who holds each seat: a person's name, a computer player's, or `null` when open.
        holders: Vec<Option<String>>,
        game_over: bool,
    },
    /// A request refused; nothing changed.
    Error { error: String },
}
