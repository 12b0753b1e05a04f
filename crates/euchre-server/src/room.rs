//! A room: one table, its seats and their tokens, and the state's sequence number.

use crate::message::{ClientMessage, ServerMessage, PROTOCOL_VERSION};
use crate::token::SeatToken;
use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Action, Seat};
use euchre_ai::Budget;
use euchre_table::{Holder, Session, Turn};
use std::fmt;

/// How a seat starts: open for a person to claim, or held by a computer player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    Open,
    Bot(String),
}

#[derive(Clone, Debug)]
enum Seated {
    Open,
    Person { name: String, token: SeatToken },
    Bot(String),
}

/// Why a room refused a request. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// No seat has this token.
    UnknownToken,
    /// The seat is not open.
    Taken(Seat),
    /// The seat is not one of the table's.
    NoSuchSeat(usize),
    /// Not this seat's turn.
    NotYourTurn { seat: Seat },
    /// The request answers an older state than the current one.
    Stale { sent: u64, current: u64 },
    /// The action text is not an action, or the engine refused it.
    Refused(String),
    /// The table could not be set up.
    Setup(String),
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::UnknownToken => f.write_str("no seat at this table has that token"),
            RoomError::Taken(s) => write!(f, "seat {s} is taken"),
            RoomError::NoSuchSeat(s) => write!(f, "there is no seat {s} at this table"),
            RoomError::NotYourTurn { seat } => write!(f, "it is not seat {seat}'s turn"),
            RoomError::Stale { sent, current } => write!(
                f,
                "that answers state {sent}, but the table is at state {current}: sync and decide again"
            ),
            RoomError::Refused(m) | RoomError::Setup(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for RoomError {}

/// One table with its seats.
pub struct Room {
    session: Session,
    seats: Vec<Seated>,
    /// Changes so far: each accepted decision, and each new deal.
    seq: u64,
}

impl Room {
    /// A new table of `rules` from `seed`, one plan per seat.
    ///
    /// # Errors
    /// The wrong number of seats, or a computer player's name unknown.
    pub fn new(rules: AnyRules, seed: u64, plan: Vec<SeatPlan>) -> Result<Room, RoomError> {
        // The session needs a holder per seat; an open seat is a person until claimed.
        let holders = plan
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                SeatPlan::Open => Holder::Person(format!("seat {i}")),
                SeatPlan::Bot(name) => Holder::Bot(name.clone()),
            })
            .collect();
        let session = Session::new(rules, seed, holders, Budget::UNLIMITED, None)
            .map_err(|e| RoomError::Setup(e.to_string()))?;
        let seats = plan
            .into_iter()
            .map(|p| match p {
                SeatPlan::Open => Seated::Open,
                SeatPlan::Bot(n) => Seated::Bot(n),
            })
            .collect();
        Ok(Room {
            session,
            seats,
            seq: 0,
        })
    }

    /// The current state's number.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The game, for the server itself (never sent as it is).
    pub fn game(&self) -> &AnyGame {
        self.session.game()
    }

    /// Takes an open seat for a person; returns the token that holds it.
    ///
    /// # Errors
    /// The seat is taken or does not exist.
    pub fn claim(&mut self, seat: usize, name: &str) -> Result<SeatToken, RoomError> {
        let slot = self.seats.get_mut(seat).ok_or(RoomError::NoSuchSeat(seat))?;
        if !matches!(slot, Seated::Open) {
            return Err(RoomError::Taken(Seat::new(seat as u8)));
        }
        let token = SeatToken::random();
        *slot = Seated::Person {
            name: name.chars().take(40).collect(),
            token: token.clone(),
        };
        Ok(token)
    }

    /// The seat a token holds.
    pub fn seat_of(&self, token: &SeatToken) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| match s {
                Seated::Person { token: t, .. } => t.matches(token),
                _ => false,
            })
            .map(|i| Seat::new(i as u8))
    }

    fn holders(&self) -> Vec<Option<String>> {
        self.seats
            .iter()
            .map(|s| match s {
                Seated::Open => None,
                Seated::Person { name, .. } => Some(name.clone()),
                Seated::Bot(n) => Some(n.clone()),
            })
            .collect()
    }

    /// The state as `seat` may see it: its own view of the deal and the public rest.
    pub fn state_for(&self, seat: Seat) -> ServerMessage {
        let view = self.session.view(seat);
        ServerMessage::State {
            protocol: PROTOCOL_VERSION,
            seq: self.seq,
            seat: seat.index() as u8,
            view: serde_json::to_value(&view.view).unwrap_or_default(),
            scores: view.scores.clone(),
            to_act: self.game().to_act().map(|s| s.index() as u8),
            holders: self.holders(),
            game_over: self.game().is_over(),
        }
    }

    /// Every seat's state.
    fn broadcast(&self) -> Vec<(Seat, ServerMessage)> {
        (0..self.seats.len())
            .map(|i| {
                let s = Seat::new(i as u8);
                (s, self.state_for(s))
            })
            .collect()
    }

    /// Deals the next hand when a deal is over and the game is not (the network layer does so
    /// after letting the players see the last trick). Returns the states to send, or nothing.
    pub fn deal_on(&mut self) -> Option<Vec<(Seat, ServerMessage)>> {
        if self.session.turn() != Turn::DealOver || !self.session.next_deal().unwrap_or(false) {
            return None;
        }
        self.seq += 1;
        Some(self.broadcast())
    }

    /// A client's message, from the holder of `token`. Returns what to send to whom.
    ///
    /// # Errors
    /// An unknown token, a stale state, not the seat's turn, or an action that is not legal; the
    /// room is unchanged.
    pub fn handle(
        &mut self,
        token: &SeatToken,
        msg: ClientMessage,
    ) -> Result<Vec<(Seat, ServerMessage)>, RoomError> {
        let seat = self.seat_of(token).ok_or(RoomError::UnknownToken)?;
        match msg {
            ClientMessage::Sync {} => Ok(vec![(seat, self.state_for(seat))]),
            ClientMessage::Act { seq, action } => {
                if seq != self.seq {
                    return Err(RoomError::Stale {
                        sent: seq,
                        current: self.seq,
                    });
                }
                if self.game().to_act() != Some(seat) {
                    return Err(RoomError::NotYourTurn { seat });
                }
                let a: Action = action.parse().map_err(|e| {
                    RoomError::Refused(format!(
                        "'{}' is not an action: {e}",
                        action.chars().take(40).collect::<String>()
                    ))
                })?;
                self.session
                    .act(seat, a)
                    .map_err(|e| RoomError::Refused(e.to_string()))?;
                self.seq += 1;
                Ok(self.broadcast())
            }
        }
    }

    /// One computer player's decision, when one is to act. Returns the states to send.
    pub fn step_bot(&mut self) -> Option<Vec<(Seat, ServerMessage)>> {
        let job = self.session.bot_job()?;
        let choice = job.run().ok()?;
        self.session.act(job.seat, choice.action).ok()?;
        self.seq += 1;
        Some(self.broadcast())
    }

    /// Lets the computer players decide, dealing on between deals, until a person is to act or
    /// the game ends. Returns every state to send, in order.
    pub fn run_bots(&mut self) -> Vec<(Seat, ServerMessage)> {
        let mut out = Vec::new();
        while let Some(sent) = self.step_bot().or_else(|| self.deal_on()) {
            out.extend(sent);
        }
        out
    }
}
