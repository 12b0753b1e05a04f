//! The messages between a client and a room, as JSON (docs/server-protocol.md).

use serde::{Deserialize, Serialize};

/// The version of these messages, sent in every state.
pub const PROTOCOL_VERSION: u32 = 2;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// A decision, answering the state numbered `seq`, in the engine protocol's text.
    Act { seq: u64, action: String },
    /// Send my view again (after missed messages).
    Sync {},
    /// The best decision now, with every legal one valued.
    Hint {},
    /// The analysis of my decisions in a finished deal.
    Review { deal: u32 },
}

/// Who holds a seat, as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    pub seat: u8,
    /// `open`, `person`, `bot` or `away`.
    pub kind: &'static str,
    pub name: Option<String>,
    pub connected: bool,
}

/// A legal choice with its value.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Valued {
    pub action: String,
    pub value: f64,
}

/// One of the seat's decisions in a finished deal, judged.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judged {
    /// The decision's place in the deal, from 1.
    pub index: usize,
    pub action: String,
    pub best: String,
    /// Expected points lost by the action taken (0 when it was the best).
    pub loss: f64,
    pub choices: Vec<Valued>,
}

/// What a room sends.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The state after change number `seq`, as `seat` (or a spectator, `None`) sees it.
    State {
        protocol: u32,
        seq: u64,
        seat: Option<u8>,
        family: &'static str,
        rules: String,
        /// The seat's view of the deal (the engine's observation: its own cards and everything
        /// public; a spectator's has no cards).
        view: serde_json::Value,
        scores: Vec<i32>,
        target: i32,
        deal_number: u32,
        to_act: Option<u8>,
        /// The seat's legal decisions when it is to act.
        legal: Vec<String>,
        seats: Vec<SeatInfo>,
        started: bool,
        game_over: bool,
        winner: Option<usize>,
    },
    /// A request refused; nothing changed.
    Error { error: String, seq: u64 },
    Hint {
        seq: u64,
        best: String,
        choices: Vec<Valued>,
    },
    Review {
        deal: u32,
        decisions: Vec<Judged>,
        /// Decisions the analysis could not judge.
        unjudged: usize,
    },
}
