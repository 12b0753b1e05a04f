//! The messages between a client and a room, as JSON (docs/server-protocol.md).

use euchre::DealOutcome;
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
    /// The game's deals finished before the current one, as my seat (or a spectator) saw
    /// them: for a page opened after they were played.
    PastDeals {},
    /// Are you there? Answered by `pong`. A page cannot see the WebSocket's own pings, so it
    /// asks now and then, to learn that a connection gone silent without closing (a phone's
    /// network lost) is dead, rather than wait minutes for its system to say so.
    Ping {},
}

impl ClientMessage {
    /// Reads a message, or says what is wrong with it in the protocol's terms.
    ///
    /// # Errors
    /// Not JSON, not an object with a known `type`, or a field missing, unknown or mistyped.
    pub fn parse(text: &str) -> Result<Self, String> {
        const SHAPE: &str =
            "a message is a JSON object with a \"type\": act, sync, hint, review, past_deals or ping";
        serde_json::from_str(text).map_err(|e| {
            // serde's words for these two are about its own types ("missing field `type`",
            // "invalid type: sequence"), not the protocol's.
            let object = text.trim_start().starts_with('{');
            if e.is_data() && (!object || e.to_string().starts_with("missing field `type`")) {
                format!("not a message: {SHAPE}")
            } else {
                format!("not a message: {e}")
            }
        })
    }
}

/// Who holds a seat, as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    pub seat: u8,
    /// `open`, `person`, `bot` or `away`.
    pub kind: &'static str,
    pub name: Option<String>,
    pub connected: bool,
    /// The seat's partner in the partnership game; `None` in the individual games.
    pub partner: Option<u8>,
    /// The deals numbered up to this one were played before the seat's holder took it (0: held
    /// from the start): not theirs to review.
    pub held_from: u32,
    /// A person gone (`person`, not `connected`) once the game has begun: the seconds, from
    /// when this was sent, before a computer player decides for them unless they come back.
    /// Not sent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_in_in: Option<u64>,
}

/// A seat changing hands, or players, once the game has begun, as the server recorded it (kept
/// in the database with the table's changes): every page's game log says it where it happened,
/// whenever the page was opened (review s53, 3). Names and computer players' levels only:
/// never a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatChange {
    /// The table's state number when it happened (after the change numbered so: a state's
    /// `seq`).
    pub seq: u64,
    /// The deal it happened in, counted as a state's `deal_number` (from 1).
    pub deal: u32,
    /// How many decisions of that deal had been taken (the length of its `view.history` then).
    pub decisions: u32,
    pub seat: u8,
    pub change: SeatChangeKind,
    /// Who held the seat before.
    pub from: SeatHolder,
    /// Who holds it after.
    pub to: SeatHolder,
}

/// What happened to a seat ([`SeatChange`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChangeKind {
    /// A person took the open seat.
    Sat,
    /// The host freed the seat: the stand-in plays it until someone takes it.
    Freed,
    /// The host gave the open seat to a computer player for good.
    Computer,
    /// The person's named account took the seat back from another browser or device (a new
    /// token; the old one's connections closed).
    TakenBack,
    /// The person was gone longer than the grace period: the stand-in plays for them.
    Away,
    /// The host let the stand-in play for the person gone, before their grace period ended.
    AwayByHost,
    /// The person came back to the seat the stand-in played for them.
    Back,
}

impl SeatChangeKind {
    const ALL: [SeatChangeKind; 7] = [
        SeatChangeKind::Sat,
        SeatChangeKind::Freed,
        SeatChangeKind::Computer,
        SeatChangeKind::TakenBack,
        SeatChangeKind::Away,
        SeatChangeKind::AwayByHost,
        SeatChangeKind::Back,
    ];

    /// The word sent and stored.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatChangeKind::Sat => "sat",
            SeatChangeKind::Freed => "freed",
            SeatChangeKind::Computer => "computer",
            SeatChangeKind::TakenBack => "taken_back",
            SeatChangeKind::Away => "away",
            SeatChangeKind::AwayByHost => "away_by_host",
            SeatChangeKind::Back => "back",
        }
    }

    /// The kind a stored word names.
    pub fn parse(word: &str) -> Option<SeatChangeKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == word)
    }

    /// Whether the change gives the seat (its hand) to someone else, or takes it from its
    /// holder: the changes a host could use to look at a hand, each recorded or refused
    /// ([`crate::room::SEAT_CHANGES_PER_DEAL`]). Going away and coming back give nobody a
    /// hand, and an account taking its own seat back gives it to the same person.
    pub fn hands_over(self) -> bool {
        matches!(
            self,
            SeatChangeKind::Sat | SeatChangeKind::Freed | SeatChangeKind::Computer
        )
    }
}

/// Who holds a seat, as a [`SeatChange`] names them: `kind` as in [`SeatInfo`] (`open`,
/// `person`, `bot` or `away`), and the person's name or the computer player's level (`None`
/// for an open seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatHolder {
    pub kind: &'static str,
    pub name: Option<String>,
}

impl SeatHolder {
    /// The holder a stored kind and name give; `None` for a kind that is not one.
    pub fn parse(kind: &str, name: Option<String>) -> Option<SeatHolder> {
        let kind = ["open", "person", "bot", "away"]
            .into_iter()
            .find(|k| *k == kind)?;
        Some(SeatHolder {
            kind,
            name: name.filter(|_| kind != "open"),
        })
    }
}

/// A legal choice with its value, and what the player expects of it where it explains itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Valued {
    pub action: String,
    pub value: f64,
    /// Sent as fields of the choice itself, and only when there is one.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub outlook: Option<Explained>,
    /// In a hint, from a player that searches worlds: whether its search could not tell this
    /// choice from its own (within the noise of its worlds: about as good).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub close: Option<bool>,
}

/// What a player expects of a choice: the chances (0 to 1) that the seat's side makes trump and
/// takes the tricks it needs, takes all of them, or is euchred, the same for the other side,
/// and in the four-handed game the chance of winning the game after it and its change over the
/// deal.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Explained {
    pub make: f64,
    pub march: f64,
    pub euchred: f64,
    pub they_make: f64,
    pub they_march: f64,
    pub they_euchred: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_change: Option<f64>,
}

impl From<&euchre_ai::Outlook> for Explained {
    fn from(o: &euchre_ai::Outlook) -> Explained {
        Explained {
            make: o.make,
            march: o.march,
            euchred: o.euchred,
            they_make: o.they_make,
            they_march: o.they_march,
            they_euchred: o.they_euchred,
            win: o.win,
            win_change: o.win_change,
        }
    }
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
    /// The search could not tell the action taken from `best` (within the noise of its
    /// worlds): a loss then is no clear mistake.
    pub close: bool,
    /// The chance of winning the game the action taken left, less `best`'s, where the
    /// player weighs the game (the four-handed game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_difference: Option<f64>,
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
        /// `four-handed` (the partnership game), `three-handed`, `bid-euchre` or `set-back`.
        family: &'static str,
        rules: String,
        /// The seat's view of the deal (the engine's observation: its own cards and everything
        /// public; a spectator's has no cards). Boxed: the message's other variants are small.
        view: Box<serde_json::Value>,
        scores: Vec<i32>,
        target: i32,
        /// The number of deals a game of a fixed length lasts (`num_deals`: OpenSpiel's one
        /// deal); 0 for a game played to `target`.
        deals: u16,
        deal_number: u32,
        /// Once the deal is done, how it went for its makers (the engine's word: `made`,
        /// `marched`, `euchred` or `set`); `None` before then, and for a deal not played out to
        /// its tricks (thrown in, a jamboree shown, a renege proven).
        result: Option<DealOutcome>,
        to_act: Option<u8>,
        /// The seat's legal decisions when it is to act.
        legal: Vec<String>,
        seats: Vec<SeatInfo>,
        started: bool,
        game_over: bool,
        winner: Option<usize>,
        /// Once the game is over and the host has opened the next one: its table's code.
        next_table: Option<String>,
        /// The seats that changed hands (or players) in this deal, in order.
        seat_changes: Vec<SeatChange>,
    },
    /// A request refused; nothing changed.
    Error { error: String, seq: u64 },
    /// The answer to a `ping`.
    Pong {},
    Hint {
        seq: u64,
        best: String,
        choices: Vec<Valued>,
    },
    /// The deals finished before the current one (the last [`PAST_DEALS_SENT`] at most), each
    /// as the asking seat (or a spectator) was shown it as it ended.
    PastDeals { deals: Vec<PastDeal> },
    Review {
        deal: u32,
        /// That deal's dealer (the words for a bid depend on it: "pick it up", "order up").
        dealer: usize,
        decisions: Vec<Judged>,
        /// Decisions the analysis could not judge.
        unjudged: usize,
    },
}

/// The most finished deals a `past_deals` answer holds: the last ones (a game of a thousand
/// deals would otherwise send megabytes to every page that asks).
pub const PAST_DEALS_SENT: usize = 100;

/// A deal finished before the current one, as one viewer was shown it as it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PastDeal {
    /// Counted as a state's `deal_number` counts (from 1).
    pub deal_number: u32,
    /// The viewer's view of the deal at its end (as a state's `view` then).
    pub view: serde_json::Value,
    /// How it went for its makers, as a state's `result`.
    pub result: Option<DealOutcome>,
    /// The scores after it.
    pub scores: Vec<i32>,
    /// The seats that changed hands (or players) in it, in order.
    pub seat_changes: Vec<SeatChange>,
}
