//! A room: one table, its seats and their tokens, and the number of changes so far. No I/O: the
//! network layer stores each [`Change`] before it [`Room::commit`]s it, so a room never holds
//! a change the database does not. (It reads the clock for how long it has waited for its
//! players, and draws its tokens from the system's random source.)

use crate::message::{
    Explained, Judged, PastDeal, SeatChange, SeatChangeKind, SeatHolder, SeatInfo, ServerMessage, Valued,
    PAST_DEALS_SENT, PROTOCOL_VERSION,
};
use crate::names::{check_name, same_name};
use crate::token::{SeatToken, TokenHash};
use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Action, Seat};
use euchre_ai::analysis::{analyze_seat, RecordedDeal};
use euchre_ai::{player, Budget, GameView, Outlook, DEFAULT_PLAYER};
use euchre_table::{BotJob, Holder, Session, Turn};
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// How a seat starts: open for a person to claim, or held by a computer player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    Open,
    Bot(String),
}

/// The seats' plans for the log: `open`, or the computer player's level, one word a seat.
pub fn plan_words(plan: &[SeatPlan]) -> String {
    let words: Vec<&str> = plan
        .iter()
        .map(|p| match p {
            SeatPlan::Open => "open",
            SeatPlan::Bot(level) => level,
        })
        .collect();
    words.join(" ")
}

/// A game's scores for the log, in seat or side order: `10, 7`, `5, -2, 0` (a dash between them
/// would read as a minus in the races down: review s51, 8).
pub fn scores_words(scores: &[i32]) -> String {
    let words: Vec<String> = scores.iter().map(i32::to_string).collect();
    words.join(", ")
}

/// Who holds a seat now.
#[derive(Clone, Debug)]
pub enum Seated {
    Open,
    Person {
        name: String,
        /// The hash of the token that holds the seat (the token itself is the player's only).
        token: TokenHash,
        /// The named account the seat was taken under.
        account: Option<String>,
        /// Gone longer than the grace period: the stand-in decides until they are back.
        away: bool,
    },
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
    /// A spectator may not decide.
    Spectator,
    /// The table waits for its open seats to be taken.
    NotStarted,
    /// The request answers an older state than the current one.
    Stale { sent: u64, current: u64 },
    /// The action text is not an action, or the engine refused it.
    Refused(String),
    /// A name that cannot sit.
    BadName(String),
    /// Someone else at the table has this name (in any case): the players could not tell
    /// the two apart.
    NameTaken(String),
    /// The table could not be set up.
    Setup(String),
    /// The table waited too long for its players and was closed.
    Closed,
    /// The table was put away (out of memory, kept in the database) while nobody was at it:
    /// asked again, it is read back.
    PutAway,
    /// As many spectators watch the table as it takes (`Limits::watchers_per_table`).
    Watched(usize),
    /// As many of its spectators come from the address as one address may have.
    WatchedFromThere(usize),
    /// A computer player's seat, once the game has begun, is not freed: whoever sat there
    /// next would see the hand it holds (server tester s53, 1).
    ComputerSeatInPlay,
    /// The seats have been handed over (taken, freed, given to a computer player) as many
    /// times in this deal as a deal records ([`SEAT_CHANGES_PER_DEAL`]): each is recorded and
    /// sent to every page, so their number is bounded, and one that could not be recorded is
    /// not made.
    TooManySeatChanges(usize),
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::UnknownToken => f.write_str("no seat at this table has that token"),
            // Not numbered: the page counts seats from 1 and the address from 0, and whoever
            // asked knows which seat it was.
            RoomError::Taken(_) => f.write_str("that seat is taken: choose another, or watch"),
            RoomError::NoSuchSeat(s) => write!(f, "there is no seat {s} at this table"),
            RoomError::NotYourTurn { .. } => f.write_str("it is not your turn"),
            RoomError::Spectator => f.write_str("a spectator cannot decide"),
            RoomError::NotStarted => f.write_str("the table waits for its open seats to be taken"),
            RoomError::NameTaken(n) => write!(
                f,
                "'{n}' already sits at this table (a name differing only in letter case or look-alike letters is the same name): choose another"
            ),
            RoomError::Stale { sent, current } => write!(
                f,
                "that answers state {sent}, but the table is at state {current}: sync and decide again"
            ),
            RoomError::Refused(m) | RoomError::BadName(m) | RoomError::Setup(m) => f.write_str(m),
            RoomError::Closed => f.write_str("the table waited too long for its players and was closed"),
            RoomError::PutAway => f.write_str("the table was put away while nobody was at it: ask again"),
            RoomError::Watched(n) => write!(
                f,
                "{n} people watch this table already, as many as it takes: try again later"
            ),
            RoomError::WatchedFromThere(n) => write!(
                f,
                "{n} people watch this table from your address already, as many as one address may: try again later"
            ),
            RoomError::ComputerSeatInPlay => f.write_str(
                "a computer player's seat can be freed only before the game starts: whoever took it now would see the hand it holds",
            ),
            RoomError::TooManySeatChanges(n) => write!(
                f,
                "the seats have been handed over (taken, freed or given to a computer player) {n} times in this deal, as many as a deal may: play on, and try again in the next deal"
            ),
        }
    }
}

impl std::error::Error for RoomError {}

/// One change of a table: a seat's decision or a new deal, numbered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The state this change makes (one more than the room's before it).
    pub seq: u64,
    /// The seat and its decision, or `None` for a new deal.
    pub act: Option<(Seat, Action)>,
}

impl Change {
    /// As the database keeps it.
    pub fn row(&self) -> Option<(u8, String)> {
        self.act.map(|(s, a)| (s.index() as u8, a.to_string()))
    }
}

/// What the table waits for, when nobody at it is a person to act.
pub enum Next {
    /// A computer player (or a stand-in) to decide: run the job off the event loop.
    Bot(BotJob),
    /// The next deal to be dealt.
    Deal(Change),
}

/// One table with its seats.
pub struct Room {
    preset: String,
    session: Session,
    seats: Vec<Seated>,
    /// Connections open per seat (kept by the network layer, shown to all).
    connected: Vec<u32>,
    /// Per seat, when the grace period of a person gone ends (the network layer's, set as it
    /// starts): the others are told how long they wait before a computer plays for them.
    grace_ends: Vec<Option<Instant>>,
    stand_in: String,
    seq: u64,
    /// Where the same company plays its next game (the host's "play again").
    next_table: Option<String>,
    /// The next table's game has begun (every seat taken): its code is no longer the
    /// company's alone, and the spectators here are told it too, to watch on.
    next_begun: bool,
    /// Set once the table is closed for want of players, or put away: every later request is
    /// refused.
    gone: Option<RoomError>,
    /// Since when the table has waited for its players unwatched: a seat changing hands starts
    /// the clock again, and so does (the network layer's word) its last watcher leaving.
    waiting_since: SystemTime,
    /// Per seat, the deal (counted from 0) in which its holder took it, or the next one when
    /// taken at the end of a deal or of the game: the seat's view of the deals before is not
    /// theirs (a person who takes over a seat was not shown its earlier
    /// hands), so [`Room::past_deals`] gives them the public view of those, and no review.
    held_from: Vec<u32>,
    /// Per seat, how many times it has changed hands (in this copy of the table): part of the
    /// key of a seat's `past_deals` answer kept, so that no holder is sent another's.
    hands_changed: Vec<u32>,
    /// `past_deals` answers already written, by whom they were for: the deals finished never
    /// change, so the same question asked again is answered with the same bytes, not up to
    /// [`PAST_DEALS_SENT`] views made and written again under the room's lock (review s48,
    /// finding 3). Only answers for the current number of finished deals are kept.
    past_written: Vec<(PastKey, Arc<str>)>,
    /// Per seat left open by the host freeing a computer player (before the start), that
    /// player: given back to a computer ([`Room::give_to_bot`]), the seat gets its level
    /// again, not the stand-in (server tester s53, 1).
    freed_bot: Vec<Option<String>>,
    /// The game has begun: no seat was left open at some time (or a change is stored), so
    /// the seats' hands have been sent. Never unset: a seat freed after that, even before
    /// anyone has decided, is freed mid-game (the stand-in plays it, everyone's log says who
    /// left and who sat), not opened at a table waiting again, where whoever had seen its hand
    /// would be gone unseen and a friend would play it (server tester s53, 1 and 2). Kept by
    /// the database (`tables.started`, set with the seat that filled the table).
    begun: bool,
    /// Every seat change since the game began, in order, as stored (`seat_changes`, schema
    /// 11): each page's log says them from here, whenever it was opened (review s53, 3).
    seat_changes: Vec<SeatChange>,
}

/// Everything a `past_deals` answer depends on: the viewer (a seat, or a spectator), the
/// number of deals finished, and for a seat, which holder it is (the deal its holder took it
/// in changes only with the holder). Two requests with the same key get the same answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PastKey {
    viewer: Option<Seat>,
    finished: u32,
    holder: u32,
}

/// The most hand-overs ([`SeatChangeKind::hands_over`]: a seat taken, freed or given to a
/// computer player) one deal records ([`RoomError::TooManySeatChanges`]): a table's changes are
/// sent in every state of the deal, and kept. Far more than people sitting down and leaving
/// need. Past it a hand-over is refused, never made unrecorded: whoever is handed a seat sees
/// its hand, and everyone's log says so (review s53, 3). Only hand-overs count: going away and
/// coming back, or an account taking its own seat back, cannot fill it and lock the host, or a
/// person, out of a seat (review s54, 1).
pub const SEAT_CHANGES_PER_DEAL: usize = 48;

/// The most lines of each other kind one deal records: going away (`away`, `away_by_host`) and
/// coming back (`back`), which hand nobody the seat, and an account taking its own seat back
/// (`taken_back`), which hands it to the same person. Past it the change is made without a
/// line, never refused (a person is not kept out of their own seat), so that a connection
/// dropping again and again cannot make a deal's record grow without end. A deal records at
/// most [`SEAT_CHANGES_PER_DEAL`] and twice this.
pub const OTHER_SEAT_LINES_PER_DEAL: usize = 48;

/// Which of a deal's bounds a seat change counts toward ([`SEAT_CHANGES_PER_DEAL`],
/// [`OTHER_SEAT_LINES_PER_DEAL`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SeatLineKind {
    HandOver,
    AwayOrBack,
    TakenBack,
}

impl SeatLineKind {
    fn of(change: SeatChangeKind) -> SeatLineKind {
        match change {
            SeatChangeKind::TakenBack => SeatLineKind::TakenBack,
            c if c.hands_over() => SeatLineKind::HandOver,
            _ => SeatLineKind::AwayOrBack,
        }
    }
}

/// The most `past_deals` answers kept per table: one per viewer, and a few more for seats that
/// changed hands within a deal.
const PAST_ANSWERS_KEPT: usize = 16;

/// The most worlds a `pimc-N` at a server table may search: `pimc-10000` would keep a core
/// busy for seconds a decision, a cost a shared server does not take on for anyone who asks.
pub const MAX_SERVER_WORLDS: u32 = 200;

/// A computer player a server table may seat: the levels, `expert`, `default` (which is
/// `expert`), `basic`, `random`, and
/// `pimc-N` / `pimc-win-N` up to [`MAX_SERVER_WORLDS`] worlds (not the measuring variants of
/// `expert`, which search far longer).
///
/// # Errors
/// An unknown player, or one too slow for a shared server, named.
pub fn check_server_player(name: &str) -> Result<(), String> {
    let shown = euchre::text::shown(name);
    if player(name).is_err() {
        return Err(format!(
            "unknown player '{shown}': choose easy, medium, hard, expert, default, basic, random, or pimc-N or pimc-win-N with N up to {MAX_SERVER_WORLDS}"
        ));
    }
    let lower = name.to_ascii_lowercase();
    let worlds = lower
        .strip_prefix("pimc-win-")
        .or_else(|| lower.strip_prefix("pimc-"))
        .and_then(|n| n.parse::<u32>().ok());
    let fine = match worlds {
        Some(n) => n <= MAX_SERVER_WORLDS,
        None => ["random", "basic", "easy", "medium", "hard", "expert", "default"].contains(&lower.as_str()),
    };
    if fine {
        Ok(())
    } else {
        Err(format!(
            "'{shown}' is too slow for a shared server: choose easy, medium, hard, expert, default, basic, random, or pimc-N or pimc-win-N with N up to {MAX_SERVER_WORLDS}"
        ))
    }
}

impl Room {
    /// A new table of `rules` (called `preset`) from `seed`, one plan per seat; `stand_in`
    /// decides for open seats once the game is on and for people who left. `secret` is the
    /// table's own secret, never sent and drawn apart from `seed`: its computer players'
    /// random numbers come from it, so that nothing they do can tell the seed, which tells
    /// every hand (review s48, finding 16).
    ///
    /// # Errors
    /// The wrong number of seats, or a computer player's name unknown.
    pub fn new(
        rules: AnyRules,
        preset: &str,
        seed: u64,
        secret: u64,
        plan: Vec<SeatPlan>,
        stand_in: &str,
    ) -> Result<Room, RoomError> {
        player(stand_in).map_err(|e| RoomError::Setup(e.to_string()))?;
        let holders = plan
            .iter()
            .map(|p| match p {
                SeatPlan::Open => Holder::Bot(stand_in.to_string()),
                SeatPlan::Bot(name) => Holder::Bot(name.clone()),
            })
            .collect();
        let session = Session::new(rules, seed, holders, Budget::DEFAULT, None)
            .map_err(|e| RoomError::Setup(e.to_string()))?
            .with_bot_key(secret);
        let seats: Vec<Seated> = plan
            .into_iter()
            .map(|p| match p {
                SeatPlan::Open => Seated::Open,
                SeatPlan::Bot(n) => Seated::Bot(n),
            })
            .collect();
        let begun = !seats.iter().any(|s| matches!(s, Seated::Open));
        Ok(Room {
            begun,
            preset: preset.to_string(),
            session,
            connected: vec![0; seats.len()],
            grace_ends: vec![None; seats.len()],
            held_from: vec![0; seats.len()],
            hands_changed: vec![0; seats.len()],
            past_written: Vec::new(),
            freed_bot: vec![None; seats.len()],
            seat_changes: Vec::new(),
            seats,
            stand_in: stand_in.to_string(),
            seq: 0,
            next_table: None,
            next_begun: false,
            gone: None,
            waiting_since: SystemTime::now(),
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

    /// The preset the rules were made from.
    pub fn preset(&self) -> &str {
        &self.preset
    }

    pub fn seats(&self) -> &[Seated] {
        &self.seats
    }

    /// True once the game has begun: no seat was left open at some time, or a change is
    /// stored. It stays true whatever seat is freed after (see `begun`).
    pub fn started(&self) -> bool {
        self.begun || self.seq > 0
    }

    /// Notes that the game has begun if no seat is open now.
    fn begin_if_full(&mut self) {
        self.begun |= !self.seats.iter().any(|s| matches!(s, Seated::Open));
    }

    /// Notes, as the database kept it, that the table's game has begun (its seats were all
    /// taken once, and may have been freed since).
    pub fn restore_begun(&mut self) {
        self.begun = true;
    }

    /// The session's holder for a seat: the stand-in for an open seat or a person away.
    fn sync_holder(&mut self, i: usize) {
        let holder = match &self.seats[i] {
            Seated::Open | Seated::Person { away: true, .. } => Holder::Bot(self.stand_in.clone()),
            Seated::Person { name, .. } => Holder::Person(name.clone()),
            Seated::Bot(n) => Holder::Bot(n.clone()),
        };
        // The names were checked when the seat was taken; a refusal keeps the old holder.
        let _ = self.session.set_holder(Seat::new(i as u8), holder);
    }

    /// Puts a seat's holder back as stored (when the server restarts).
    pub fn restore_seat(&mut self, seat: usize, seated: Seated) -> Result<(), RoomError> {
        if seat >= self.seats.len() {
            return Err(RoomError::NoSuchSeat(seat));
        }
        if let Seated::Person { name, .. } = &seated {
            check_name(name).map_err(RoomError::BadName)?;
        }
        self.seats[seat] = seated;
        self.sync_holder(seat);
        self.begin_if_full();
        Ok(())
    }

    /// Takes an open seat for a person; returns the token that holds it.
    ///
    /// # Errors
    /// The seat is taken or does not exist, or the name cannot sit.
    pub fn claim(
        &mut self,
        seat: usize,
        name: &str,
        account: Option<String>,
    ) -> Result<SeatToken, RoomError> {
        self.check_open()?;
        let name = check_name(name).map_err(RoomError::BadName)?;
        // Under an account, its own name sits as registered: an account made before runs of
        // blanks were kept as one ("Ann  Lee") keeps its games and statistics under its name,
        // not under the look-alike another account has (review s50, 1).
        let name = match &account {
            Some(a) if same_name(a, &name) => a.clone(),
            _ => name,
        };
        let slot = self.seats.get(seat).ok_or(RoomError::NoSuchSeat(seat))?;
        if !matches!(slot, Seated::Open) {
            return Err(RoomError::Taken(Seat::new(seat as u8)));
        }
        for s in &self.seats {
            if let Seated::Person { name: n, .. } = s {
                if same_name(n, &name) {
                    return Err(RoomError::NameTaken(n.clone()));
                }
            }
        }
        let token = SeatToken::random();
        self.freed_bot[seat] = None;
        self.seats[seat] = Seated::Person {
            name,
            token: TokenHash::of(&token),
            account,
            away: false,
        };
        // Taken between deals (the deal just finished, the next not dealt) or after the game,
        // the finished deal was its last holder's: counted as played before the takeover, so
        // its new holder is shown it as a spectator is (review s48, finding 18).
        let boundary = self.game().deal_over() || self.game().is_over();
        self.held_from[seat] = self.current_deal_index().saturating_add(u32::from(boundary));
        self.changed_hands(seat);
        Ok(token)
    }

    /// Undoes a [`Room::claim`] the database did not store: the seat open again, freed from
    /// the computer player `freed_from` as it was, and the game not begun if it had not
    /// (`begun_before`, [`Room::started`] before the claim): the claim filled the table in
    /// memory only, and nothing was sent in between (the caller holds the room from the claim
    /// to here).
    pub fn undo_claim(&mut self, seat: usize, freed_from: Option<String>, begun_before: bool) {
        if seat >= self.seats.len() {
            return;
        }
        self.seats[seat] = Seated::Open;
        self.freed_bot[seat] = freed_from;
        self.changed_hands(seat);
        self.begun = begun_before || self.seq > 0;
    }

    /// The current deal, counted from 0.
    fn current_deal_index(&self) -> u32 {
        let deals = match self.game() {
            AnyGame::Partnership(g) => g.all_deals().count(),
            AnyGame::Solo(g) => g.all_deals().count(),
        };
        u32::try_from(deals.saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// The deal (counted from 0) in which `seat`'s holder took it, the next one when taken
    /// at a deal's end (0 for a seat held from the start, or not held by a person): the deals
    /// numbered (from 1) up to it were played before.
    pub fn held_from(&self, seat: usize) -> u32 {
        self.held_from.get(seat).copied().unwrap_or(0)
    }

    /// Sets, as the database kept them, the deal in which each seat's holder took it.
    pub fn restore_held_from(&mut self, held_from: &[u32]) {
        for (mine, kept) in self.held_from.iter_mut().zip(held_from) {
            *mine = *kept;
        }
    }

    /// Gives an open seat to the table's stand-in computer player for good (the host's
    /// decision: a friend who did not come); returns the player's name.
    ///
    /// # Errors
    /// No such seat, or the seat is not open.
    pub fn give_to_bot(&mut self, seat: usize) -> Result<String, RoomError> {
        self.check_open()?;
        let slot = self.seats.get(seat).ok_or(RoomError::NoSuchSeat(seat))?;
        if !matches!(slot, Seated::Open) {
            return Err(RoomError::Taken(Seat::new(seat as u8)));
        }
        let player = self.bot_for(seat);
        self.seats[seat] = Seated::Bot(player.clone());
        self.freed_bot[seat] = None;
        self.changed_hands(seat);
        Ok(player)
    }

    /// The computer player an open seat is given to ([`Room::give_to_bot`]): the one the host
    /// freed from it, or else the table's stand-in.
    pub fn bot_for(&self, seat: usize) -> String {
        self.freed_bot
            .get(seat)
            .cloned()
            .flatten()
            .unwrap_or_else(|| self.stand_in.clone())
    }

    /// The computer player the host freed open `seat` from, if it was one (to be kept).
    pub fn freed_from_bot(&self, seat: usize) -> Option<&str> {
        self.freed_bot.get(seat).and_then(|b| b.as_deref())
    }

    /// Notes, as the database kept it, that open `seat` was freed from computer player `player`.
    pub fn restore_freed_bot(&mut self, seat: usize, player: String) {
        if let Some(b) = self.freed_bot.get_mut(seat) {
            *b = Some(player);
        }
    }

    /// The computer player that decides for open seats and people away.
    pub fn stand_in(&self) -> &str {
        &self.stand_in
    }

    /// Whether the host may free `seat` now ([`Room::free`]).
    ///
    /// # Errors
    /// No such seat; or a computer player's once the game has begun: whoever took the seat
    /// would be shown the hand it holds, and could give it back, having looked (server tester
    /// s53, 1). A person's seat may be freed at any time (they left, or will not come): its
    /// connections are closed, so they know, and everyone sees the seat change hands.
    pub fn check_free(&self, seat: usize) -> Result<(), RoomError> {
        self.check_open()?;
        match self.seats.get(seat) {
            None => Err(RoomError::NoSuchSeat(seat)),
            Some(Seated::Bot(_)) if self.started() => Err(RoomError::ComputerSeatInPlay),
            Some(_) => Ok(()),
        }
    }

    /// Opens a seat again (the host's decision): its token stops working, and the stand-in
    /// decides for it until someone takes it. A computer player's seat freed (before the
    /// start) keeps its player's name, to be given back to it. A table that has begun stays
    /// begun, though nobody has decided yet: its hands were sent.
    ///
    /// # Errors
    /// As [`Room::check_free`].
    pub fn free(&mut self, seat: usize) -> Result<(), RoomError> {
        self.check_free(seat)?;
        self.freed_bot[seat] = match &self.seats[seat] {
            Seated::Bot(player) => Some(player.clone()),
            Seated::Open => self.freed_bot[seat].take(),
            Seated::Person { .. } => None,
        };
        self.seats[seat] = Seated::Open;
        self.changed_hands(seat);
        Ok(())
    }

    /// The person signed in as `account` takes back the seat that account holds (from another
    /// browser or device: a phone gone flat, a cleared browser): a new token holds it, the
    /// old one no longer does, and the seat is still theirs from the deal they took it in, so
    /// their reviews of the deals before stay theirs (server tester s53, 3). The network
    /// layer closes the old token's connections.
    ///
    /// # Errors
    /// No such seat, or the seat is not held under that account.
    pub fn take_back(&mut self, seat: usize, account: &str) -> Result<SeatToken, RoomError> {
        self.check_open()?;
        let slot = self.seats.get_mut(seat).ok_or(RoomError::NoSuchSeat(seat))?;
        let Seated::Person {
            token,
            account: Some(held_by),
            ..
        } = slot
        else {
            return Err(RoomError::Taken(Seat::new(seat as u8)));
        };
        if held_by != account {
            return Err(RoomError::Taken(Seat::new(seat as u8)));
        }
        let fresh = SeatToken::random();
        *token = TokenHash::of(&fresh);
        // The past deals' answers kept are the same holder's: `hands_changed` stays.
        Ok(fresh)
    }

    /// Counts none of `seat`'s connections any more (closed by the network layer, their ends
    /// not counted: `Live::disconnect_seat_why`).
    pub fn forget_connections(&mut self, seat: Seat) {
        if let Some(n) = self.connected.get_mut(seat.index()) {
            *n = 0;
        }
    }

    /// The account a person's seat is held under, if any.
    pub fn account_of(&self, seat: usize) -> Option<&str> {
        match self.seats.get(seat) {
            Some(Seated::Person { account, .. }) => account.as_deref(),
            _ => None,
        }
    }

    /// A seat changed hands (taken, freed, given to a computer player): its holder in the
    /// session follows, and the table's waiting clock starts again. (Going away and coming
    /// back are not a change of hands: [`Room::set_away`] syncs the holder alone.)
    fn changed_hands(&mut self, seat: usize) {
        if let Some(n) = self.hands_changed.get_mut(seat) {
            *n = n.wrapping_add(1);
        }
        // The last holder's grace is not the next one's (review s49, 3), nor are its
        // connections (closed as the seat is freed: `Live::disconnect_seat`).
        if let Some(ends) = self.grace_ends.get_mut(seat) {
            *ends = None;
        }
        if let Some(n) = self.connected.get_mut(seat) {
            *n = 0;
        }
        self.sync_holder(seat);
        self.begin_if_full();
        self.waiting_since = SystemTime::now();
    }

    /// Who holds `seat` now, as a [`SeatChange`] names them (an open seat for a seat there is
    /// not).
    pub fn holder(&self, seat: usize) -> SeatHolder {
        let (kind, name) = match self.seats.get(seat) {
            None | Some(Seated::Open) => ("open", None),
            Some(Seated::Person { name, away, .. }) => {
                (if *away { "away" } else { "person" }, Some(name.clone()))
            }
            Some(Seated::Bot(n)) => ("bot", Some(n.clone())),
        };
        SeatHolder { kind, name }
    }

    /// The record of `seat` changing from `from` to `to` now (`change`), to be stored and then
    /// noted ([`Room::note_seat_change`]): the deal being played and how many of its decisions
    /// have been taken. Whether to record it at all (the game has begun) is the caller's.
    /// `None` for a change that hands nobody new the seat once the deal has as many lines of
    /// its kind as it keeps ([`OTHER_SEAT_LINES_PER_DEAL`]): made, without a line.
    ///
    /// # Errors
    /// [`RoomError::TooManySeatChanges`] for a hand-over ([`SeatChangeKind::hands_over`]) once
    /// the deal has as many as it keeps ([`SEAT_CHANGES_PER_DEAL`]): refused, not made
    /// unrecorded.
    pub fn seat_change(
        &self,
        seat: usize,
        change: SeatChangeKind,
        from: SeatHolder,
        to: SeatHolder,
    ) -> Result<Option<SeatChange>, RoomError> {
        let deal = self.current_deal_index().saturating_add(1);
        let kind = SeatLineKind::of(change);
        let like = self
            .seat_changes
            .iter()
            .filter(|c| c.deal == deal && SeatLineKind::of(c.change) == kind)
            .count();
        match kind {
            SeatLineKind::HandOver if like >= SEAT_CHANGES_PER_DEAL => {
                return Err(RoomError::TooManySeatChanges(like));
            }
            SeatLineKind::AwayOrBack | SeatLineKind::TakenBack if like >= OTHER_SEAT_LINES_PER_DEAL => {
                return Ok(None);
            }
            _ => {}
        }
        let decisions = match self.game() {
            AnyGame::Partnership(g) => g.all_deals().last().map_or(0, |d| d.history().len()),
            AnyGame::Solo(g) => g.all_deals().last().map_or(0, |d| d.history().len()),
        };
        Ok(Some(SeatChange {
            seq: self.seq,
            deal,
            decisions: u32::try_from(decisions).unwrap_or(u32::MAX),
            seat: u8::try_from(seat).unwrap_or(u8::MAX),
            change,
            from,
            to,
        }))
    }

    /// Notes a seat change made (and stored): every state of its deal, and its deal's
    /// `past_deals` entry after, carry it.
    pub fn note_seat_change(&mut self, change: SeatChange) {
        self.seat_changes.push(change);
    }

    /// Puts back the seat changes the database kept, in order (when the server restarts).
    pub fn restore_seat_changes(&mut self, changes: Vec<SeatChange>) {
        self.seat_changes = changes;
    }

    /// The seat changes made in deal `deal` (from 1), in order.
    pub fn seat_changes_in(&self, deal: u32) -> Vec<SeatChange> {
        self.seat_changes
            .iter()
            .filter(|c| c.deal == deal)
            .cloned()
            .collect()
    }

    /// Refuses every request once the table is closed or put away.
    ///
    /// # Errors
    /// [`RoomError::Closed`] or [`RoomError::PutAway`].
    pub fn check_open(&self) -> Result<(), RoomError> {
        match &self.gone {
            Some(why) => Err(why.clone()),
            None => Ok(()),
        }
    }

    /// Closes the table for good (it waited too long for its players): every later request is
    /// refused, and its computer players have nothing more to do.
    pub fn close(&mut self) {
        self.gone = Some(RoomError::Closed);
    }

    /// Puts this copy of the table away for good (the game goes on in a copy read back from the
    /// database when asked for again): every later request to this copy is refused, and its
    /// computer players stop.
    pub fn put_away(&mut self) {
        self.gone = Some(RoomError::PutAway);
    }

    /// How long the table has waited for its players at `now`; `None` once a change is stored
    /// (a table whose seats are all taken but where nobody has decided yet still counts) or it
    /// is gone (closed or put away).
    pub fn waiting(&self, now: SystemTime) -> Option<Duration> {
        (self.seq == 0 && self.gone.is_none())
            .then(|| now.duration_since(self.waiting_since).unwrap_or_default())
    }

    /// Since when the table has waited for its players.
    pub fn waiting_since(&self) -> SystemTime {
        self.waiting_since
    }

    /// Starts the waiting clock again at `at` (its last watcher left; or as stored, after a
    /// restart).
    pub fn restart_waiting_clock(&mut self, at: SystemTime) {
        self.waiting_since = at;
    }

    /// Whether a person holds a seat.
    pub fn someone_seated(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seated::Person { .. }))
    }

    /// Marks a person away (the stand-in decides) or back. Returns true when it changed.
    pub fn set_away(&mut self, seat: Seat, now_away: bool) -> bool {
        let Some(Seated::Person { away, .. }) = self.seats.get_mut(seat.index()) else {
            return false;
        };
        if *away == now_away {
            return false;
        }
        *away = now_away;
        // Away, the stand-in plays; back, nobody waits: either way no grace is counting.
        self.grace_ends[seat.index()] = None;
        self.sync_holder(seat.index());
        true
    }

    /// Counts a connection of `seat` opened (`+1`) or closed (`-1`).
    pub fn connection(&mut self, seat: Seat, opened: bool) {
        if let Some(n) = self.connected.get_mut(seat.index()) {
            *n = if opened { *n + 1 } else { n.saturating_sub(1) };
        }
        if opened {
            if let Some(ends) = self.grace_ends.get_mut(seat.index()) {
                *ends = None;
            }
        }
    }

    /// The grace period of `seat`'s person, gone, ends at `ends` (the network layer's timer);
    /// nothing for a seat no person holds (one the host just freed).
    pub fn grace_until(&mut self, seat: Seat, ends: Instant) {
        if !matches!(self.seats.get(seat.index()), Some(Seated::Person { .. })) {
            return;
        }
        if let Some(e) = self.grace_ends.get_mut(seat.index()) {
            *e = Some(ends);
        }
    }

    /// Whether `seat`'s person is in a grace period: gone, not back, and the seat not changed
    /// hands since.
    pub fn in_grace(&self, seat: Seat) -> bool {
        self.grace_ends.get(seat.index()).is_some_and(Option::is_some)
    }

    pub fn connections(&self, seat: Seat) -> u32 {
        self.connected.get(seat.index()).copied().unwrap_or(0)
    }

    /// Whether a person seated here is connected: the computer players play only then. A table
    /// everyone has left waits for them, rather than playing on at the server's cost for nobody
    /// (a spectator is not at the table).
    pub fn someone_here(&self) -> bool {
        self.connected.iter().any(|&n| n > 0)
    }

    /// The seat a token holds.
    pub fn seat_of(&self, token: &SeatToken) -> Option<Seat> {
        let hash = TokenHash::of(token);
        self.seats
            .iter()
            .position(|s| match s {
                Seated::Person { token: t, .. } => t.same(&hash),
                _ => false,
            })
            .map(|i| Seat::new(i as u8))
    }

    /// Who holds each seat, as everyone may see it.
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let (kind, name) = match s {
                    Seated::Open => ("open", None),
                    Seated::Person { name, away, .. } => {
                        (if *away { "away" } else { "person" }, Some(name.clone()))
                    }
                    Seated::Bot(n) => ("bot", Some(n.clone())),
                };
                let connected = self.connected[i] > 0;
                let waited_for = kind == "person" && !connected && self.started() && !self.game().is_over();
                let stand_in_in = self.grace_ends[i].filter(|_| waited_for).map(|ends| {
                    // Whole seconds, rounded up: "0 s" only once the stand-in may play.
                    let left = ends.saturating_duration_since(Instant::now());
                    left.as_secs() + u64::from(left.subsec_nanos() > 0)
                });
                SeatInfo {
                    seat: i as u8,
                    kind,
                    name,
                    connected,
                    stand_in_in,
                    partner: self.game().partner(Seat::new(i as u8)).map(|p| p.index() as u8),
                    held_from: self.held_from(i),
                }
            })
            .collect()
    }

    /// The names to keep in the game record: people's names, computer players' names, and the
    /// stand-in's for a seat still open.
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| match s {
                Seated::Open => self.stand_in.clone(),
                Seated::Person { name, .. } => name.clone(),
                Seated::Bot(n) => n.clone(),
            })
            .collect()
    }

    /// The state as `viewer` may see it: a seat's own view of the deal and the public rest, or
    /// (`None`) a spectator's, public only.
    pub fn state_for(&self, viewer: Option<Seat>) -> ServerMessage {
        let game = self.game();
        // A deal played before the seat's holder took it (taken at its end) is shown them as
        // a spectator sees it.
        //
        // Before the game starts nobody is shown a card of the first deal, their own hand
        // included, nor its upcard: the deal is made when the table is (from the server's
        // random numbers, stored with it, so a restart deals the same), and is kept whoever
        // sits later, so a hand shown to someone who sat and left again (a host's alias, say)
        // would be played by a friend who took the seat after (server tester s53, 2). Dealing
        // afresh at the start instead would have to store the new deal with the seat that
        // starts the game, in one transaction, or a restart would bring back the deal already
        // shown; a deal never shown cannot leak, whatever the database keeps.
        let shown = viewer.filter(|s| self.held_from(s.index()) <= self.current_deal_index());
        let (view, scores, target, deal_number) = match shown {
            Some(seat) if self.started() => {
                let v = self.session.view(seat);
                (v.view, v.scores, v.target, v.deal_number)
            }
            _ => {
                // The scores and the deal number are public; only the deal's view differs.
                let v = GameView::of_game(game, Seat::new(0));
                (game.public_view(), v.scores, v.target, v.deal_number)
            }
        };
        let legal = if self.started() {
            view.legal().iter().map(|a| a.to_string()).collect()
        } else {
            Vec::new()
        };
        let mut view = serde_json::to_value(&view).unwrap_or_default();
        if !self.started() {
            if let Some(upcard) = view.get_mut("upcard") {
                *upcard = serde_json::Value::Null;
            }
        }
        ServerMessage::State {
            protocol: PROTOCOL_VERSION,
            seq: self.seq,
            seat: viewer.map(|s| s.index() as u8),
            family: game.family(),
            rules: self.preset.clone(),
            view: Box::new(view),
            scores,
            target,
            deals: match game {
                AnyGame::Partnership(g) => g.rules().num_deals,
                AnyGame::Solo(_) => 0,
            },
            deal_number,
            result: game.deal_outcome(),
            to_act: game.to_act().map(|s| s.index() as u8),
            legal,
            seats: self.seat_infos(),
            started: self.started(),
            game_over: game.is_over(),
            winner: game.winner(),
            // Only to the seats' holders until its game has begun: the company's next game is
            // theirs to take first, and a spectator (anyone with the code, which the players'
            // pages list) told of it could sit in their seats before them (review s48,
            // finding 8). Begun, it has no seat left to take, and the spectators may follow.
            next_table: (viewer.is_some() || self.next_begun)
                .then(|| self.next_table.clone())
                .flatten(),
            seat_changes: self.seat_changes_in(self.current_deal_index().saturating_add(1)),
        }
    }

    /// The deals finished before the current one as `viewer` (or a spectator, `None`) saw
    /// them, the last [`PAST_DEALS_SENT`] at most.
    pub fn past_deals(&self, viewer: Option<Seat>) -> ServerMessage {
        let public = self.game().past_deals(None, PAST_DEALS_SENT);
        // The seat's own view of the deals since its holder took it; before, the public one.
        // Both lists hold the same deals in the same order.
        let held_from = viewer.map_or(u32::MAX, |s| self.held_from(s.index()));
        let mine = match viewer {
            Some(seat) if held_from < self.current_deal_index() => {
                self.game().past_deals(Some(seat), PAST_DEALS_SENT)
            }
            _ => Vec::new(),
        };
        let mut mine = mine.into_iter();
        let deals = public
            .into_iter()
            .map(|p| {
                let own = mine.next().filter(|_| p.number > held_from);
                let d = own.unwrap_or(p);
                PastDeal {
                    deal_number: d.number,
                    view: serde_json::to_value(&d.view).unwrap_or_default(),
                    result: d.outcome,
                    scores: d.scores,
                    seat_changes: self.seat_changes_in(d.number),
                }
            })
            .collect();
        ServerMessage::PastDeals { deals }
    }

    /// [`Room::past_deals`] written as sent: kept, and the same bytes again when the same
    /// viewer (the same holder of the same seat, or a spectator) asks again before another
    /// deal is finished.
    pub fn past_deals_text(&mut self, viewer: Option<Seat>) -> Arc<str> {
        let key = PastKey {
            viewer,
            finished: self.current_deal_index(),
            holder: viewer.map_or(0, |s| self.hands_changed.get(s.index()).copied().unwrap_or(0)),
        };
        if let Some((_, text)) = self.past_written.iter().find(|(k, _)| *k == key) {
            return text.clone();
        }
        let text: Arc<str> = serde_json::to_string(&self.past_deals(viewer))
            .unwrap_or_default()
            .into();
        self.past_written.retain(|(k, _)| k.finished == key.finished);
        if self.past_written.len() >= PAST_ANSWERS_KEPT {
            self.past_written.clear();
        }
        self.past_written.push((key, text.clone()));
        text
    }

    /// The table the next game is played at, once the host has opened it.
    pub fn next_table(&self) -> Option<&str> {
        self.next_table.as_deref()
    }

    /// The next table's game has begun: its spectators are told its code too. Returns whether
    /// that is news.
    pub fn next_table_begun(&mut self, code: &str) -> bool {
        let news = self.next_table.as_deref() == Some(code) && !self.next_begun;
        self.next_begun |= news;
        news
    }

    /// Points everyone here to the table of the next game.
    pub fn set_next_table(&mut self, code: String) {
        self.next_begun = false;
        self.next_table = Some(code);
    }

    /// Forgets the next game's table if it is `code` (closed unplayed: the host may open
    /// another). Returns whether it was.
    pub fn forget_next_table(&mut self, code: &str) -> bool {
        let was = self.next_table.as_deref() == Some(code);
        if was {
            self.next_table = None;
        }
        was
    }

    /// The options in force, every one, as text (what a table of the same rules is made with).
    pub fn options(&self) -> Vec<(String, String)> {
        let options = match self.game() {
            AnyGame::Partnership(g) => euchre::table::AnyRules::Partnership(*g.rules()).options(),
            AnyGame::Solo(g) => euchre::table::AnyRules::Solo(*g.rules()).options(),
        };
        options.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// Checks a person's decision without applying it: the change to store, then commit.
    ///
    /// # Errors
    /// Not started, a stale state, not the seat's turn, or an action that is not legal.
    pub fn decide(&self, seat: Seat, seq: u64, text: &str) -> Result<Change, RoomError> {
        self.check_open()?;
        if seq != self.seq {
            return Err(RoomError::Stale {
                sent: seq,
                current: self.seq,
            });
        }
        if !self.started() {
            return Err(RoomError::NotStarted);
        }
        if self.session.turn() != Turn::Person(seat) {
            return Err(RoomError::NotYourTurn { seat });
        }
        // The parser's error names the text (cut to 40 characters) and the actions there are.
        let action: Action = text
            .parse()
            .map_err(|e: euchre::action::ParseActionError| RoomError::Refused(e.to_string()))?;
        if !self.game().legal_actions().contains(&action) {
            // The engine names why (a card not held, a suit to follow, ...).
            let mut trial = self.game().clone();
            let why = trial
                .apply(action)
                .err()
                .map_or_else(|| "not legal now".to_string(), |e| e.to_string());
            return Err(RoomError::Refused(why));
        }
        Ok(Change {
            seq: self.seq + 1,
            act: Some((seat, action)),
        })
    }

    /// What the table waits for when no person is to act: a computer player's decision or the
    /// next deal (`None` when a person is to act, the table has not started, is gone, or is
    /// over).
    pub fn next(&self) -> Option<Next> {
        if !self.started() || self.gone.is_some() {
            return None;
        }
        match self.session.turn() {
            Turn::Bot(_) => self.session.bot_job().map(Next::Bot),
            Turn::DealOver => Some(Next::Deal(Change {
                seq: self.seq + 1,
                act: None,
            })),
            Turn::Person(_) | Turn::GameOver => None,
        }
    }

    /// The change a computer player's decision makes, if the table is still where the job was
    /// taken (`None` when something happened meanwhile: take the next job instead).
    pub fn bot_change(&self, job: &BotJob, action: Action, taken_at: u64) -> Option<Change> {
        (taken_at == self.seq && self.session.turn() == Turn::Bot(job.seat)).then_some(Change {
            seq: self.seq + 1,
            act: Some((job.seat, action)),
        })
    }

    /// Applies a change (after it is stored).
    ///
    /// # Errors
    /// A change out of sequence, or one the engine refuses; nothing changes.
    pub fn commit(&mut self, c: &Change) -> Result<(), RoomError> {
        if c.seq != self.seq + 1 {
            return Err(RoomError::Stale {
                sent: c.seq,
                current: self.seq,
            });
        }
        match c.act {
            Some((seat, action)) => self
                .session
                .act(seat, action)
                .map_err(|e| RoomError::Refused(e.to_string()))?,
            None => {
                if !self.session.next_deal().unwrap_or(false) {
                    return Err(RoomError::Refused("no deal to deal now".into()));
                }
            }
        }
        self.seq = c.seq;
        Ok(())
    }

    /// Replays a stored change (the server's start), checked as a commit is.
    ///
    /// # Errors
    /// The stored change does not fit the game.
    pub fn replay(&mut self, seq: u64, row: Option<(u8, &str)>) -> Result<(), RoomError> {
        let act = match row {
            Some((seat, text)) => {
                let a: Action = text
                    .parse()
                    .map_err(|e| RoomError::Refused(format!("stored action '{text}': {e}")))?;
                Some((Seat::new(seat), a))
            }
            None => None,
        };
        // A stored decision is applied whoever holds the seat now: the session takes a
        // decision from the seat to act, person or computer player.
        self.commit(&Change { seq, act })
    }

    /// `seat`'s view, for a hint.
    pub fn view(&self, seat: Seat) -> GameView {
        self.session.view(seat)
    }

    /// The deal being played (its number, from 1) and the place in it of the decision to take
    /// (from 1, as a review numbers decisions).
    pub fn next_decision(&self) -> Option<(u32, usize)> {
        let deals = RecordedDeal::all_of(self.game()).ok()?;
        deals.last().map(|d| (d.number, d.history.len() + 1))
    }

    /// The finished deal `deal` (from 1) for `seat`'s review: a deal its holder played.
    ///
    /// # Errors
    /// A deal played before the holder took the seat (its decisions were another's, on cards
    /// the holder was not shown), or one not finished.
    pub fn deal_to_review(&self, seat: Seat, deal: u32) -> Result<RecordedDeal, String> {
        if deal >= 1 && deal <= self.held_from(seat.index()) {
            return Err(format!("deal {deal} was played before you took this seat"));
        }
        self.finished_deal(deal)
            .ok_or_else(|| format!("deal {deal} is not a finished deal of this game"))
    }

    /// The finished deal `deal` (from 1), for a review; `None` while it is being played.
    pub fn finished_deal(&self, deal: u32) -> Option<RecordedDeal> {
        let deals = RecordedDeal::all_of(self.game()).ok()?;
        let over = self.game().is_over() || (deal as usize) < deals.len();
        if !over {
            return None;
        }
        deals.into_iter().find(|d| d.number == deal)
    }
}

/// Each action with its value and, where the player explains itself (`outlooks` parallel to
/// `values`), what it expects of the action, and whether its search could not tell it from its
/// choice (`close`, parallel too, where the player says), as sent.
fn valued(values: &[(Action, f64)], outlooks: &[Outlook], close: &[bool]) -> Vec<Valued> {
    values
        .iter()
        .enumerate()
        .map(|(i, (a, v))| Valued {
            action: a.to_string(),
            value: *v,
            outlook: outlooks.get(i).map(Explained::from),
            close: close.get(i).copied(),
        })
        .collect()
}

/// The best choice now for a seat, from its view only, by the player behind hints.
pub fn hint(view: &GameView, seq: u64, seed: u64) -> ServerMessage {
    use rand::SeedableRng;
    let choice = player(DEFAULT_PLAYER).map(|mut p| {
        p.choose(
            view,
            &Budget::millis(2_000),
            &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed),
        )
    });
    match choice {
        Ok(c) => ServerMessage::Hint {
            seq,
            best: c.action.to_string(),
            choices: valued(&c.values, &c.outlooks, &c.close),
        },
        Err(e) => ServerMessage::Error {
            error: e.to_string(),
            seq,
        },
    }
}

/// `seat`'s decisions in a finished deal, judged by the analysis engine from its own view.
pub fn review(deal: &RecordedDeal, seat: Seat, seed: u64) -> ServerMessage {
    match analyze_seat(deal, DEFAULT_PLAYER, seed, seat) {
        Ok(a) => ServerMessage::Review {
            deal: deal.number,
            dealer: deal.start.dealer().index(),
            decisions: a
                .judged
                .iter()
                .map(|j| Judged {
                    index: j.index,
                    action: j.taken.to_string(),
                    best: j.best.to_string(),
                    loss: j.loss,
                    close: j.close(),
                    win_difference: j.win_difference,
                    choices: valued(&j.values, &j.outlooks, &j.close_actions),
                })
                .collect(),
            unjudged: a.unjudged.len(),
        },
        Err(e) => ServerMessage::Error {
            error: e.to_string(),
            seq: 0,
        },
    }
}
