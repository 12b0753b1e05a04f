//! A table being played: its room, the connections watching it, and the task that lets its
//! computer players decide. Every change goes the same way: checked by the room, stored in the
//! database, applied, then sent to each connection as its seat (or a spectator) sees it.

use crate::message::{SeatChangeKind, SeatHolder};
use crate::room::{Change, Next, Room, RoomError, Seated};
use crate::store::{FinishedGame, Store};
use crate::token::{SeatToken, TokenHash};
use euchre::table::{AnyGame, Table};
use euchre::{Action, Seat};
use euchre_stats::{GameSummary, SeatKind};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime};
use tokio::sync::{mpsc, Notify};

/// Messages queued for one connection before it counts as too slow and is dropped.
pub const QUEUE: usize = 256;

/// A connection watching a table: a seat's (with the token it showed) or a spectator's.
struct Subscriber {
    id: u64,
    seat: Option<Seat>,
    /// The address a spectator is counted by (`serve::limit_key`), if it is held to limits.
    from: Option<std::net::IpAddr>,
    tx: mpsc::Sender<Outgoing>,
}

/// What the table sends one connection.
#[derive(Debug)]
pub enum Outgoing {
    /// A message, and whether it announces a change of the table (a program may answer each of
    /// those at once without counting as a flood).
    Message(Arc<str>, bool),
    /// The connection is closed by the table, with a WebSocket close code and the reason.
    Close(u16, &'static str),
}

/// The close code of a connection whose seat its token no longer holds (the host freed it):
/// the page says so and offers the table's seats rather than reconnecting. (4000 to 4999 are
/// the codes RFC 6455 leaves to applications.)
pub const SEAT_GIVEN_UP: u16 = 4001;

/// The close code of a spectator's connection refused because as many watch the table as it
/// takes ([`RoomError::Watched`]): the page says so and tries again later, not at once.
pub const TOO_MANY_WATCHERS: u16 = 4002;

/// The close code of a connection whose seat its account took back from another browser or
/// device (`POST /api/tables/{code}/seats/{n}` signed in as the account that holds it): the
/// page says so and offers to take it back there, rather than reconnecting.
pub const SEAT_TAKEN_BACK: u16 = 4003;

/// The reason sent with [`SEAT_TAKEN_BACK`].
pub const TAKEN_BACK_REASON: &str = "your account took this seat back in another browser or device";

/// The close code of a seat's connection refused because the seat is open in as many places
/// as it may be (`socket::CONNECTIONS_PER_SEAT`): a browser cannot read a refused
/// handshake's status, so the page would say "reconnecting" for ever (server tester s53, 4).
pub const SEAT_OPEN_ELSEWHERE: u16 = 4004;

/// One table in play.
pub struct Live {
    pub code: String,
    room: Mutex<Room>,
    pub host: TokenHash,
    pub grace: Duration,
    store: Arc<Store>,
    subscribers: Mutex<Vec<Subscriber>>,
    /// Connections of a seat's last holder, closed when the host freed it, whose tasks have
    /// not ended yet: their end is no departure of the seat's next holder.
    stale: Mutex<std::collections::HashSet<u64>>,
    next_id: Mutex<u64>,
    /// Departures per seat: a grace timer acts only if no one left (or came) since it started.
    departures: Mutex<Vec<u64>>,
    /// Rings when the computer players may have something to do.
    wake: Notify,
    /// The room's state number, readable without the room's lock (for error messages, which
    /// may be sent while the room is locked).
    seq: AtomicU64,
    /// A secret of this table's, for the random numbers of its hints and reviews (and, in
    /// their own domain, of its computer players: [`Room::new`]): drawn at random when the
    /// table is made and stored with it (so advice repeats after a restart), never sent, and
    /// not the deal's seed, so the advice says nothing of hidden cards.
    advice_key: u64,
    /// Advice given, by what was asked (hints by state and seat, reviews by deal and seat):
    /// the same question gets the same answer, so it is searched once, however many
    /// connections ask it.
    advice: Mutex<HashMap<Advice, Arc<str>>>,
    /// One search for advice at a time at a table; the others wait their turn (and mostly find
    /// their answer kept by then).
    pub advising: tokio::sync::Semaphore,
    /// When its last connection left (or it was made or read back): a table in play nobody
    /// has watched for long is put away ([`Live::put_away_if_idle`]). Changed under the room's
    /// lock.
    unwatched_since: Mutex<SystemTime>,
}

/// What advice was asked for: a hint at a state, or the review of a deal, for a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Advice {
    Hint { seq: u64, seat: u8 },
    Review { deal: u32, seat: u8 },
}

/// How long a table whose change the database refused waits before trying again, at first
/// and at most (doubling while it keeps refusing).
const RETRY_FIRST: Duration = Duration::from_secs(5);
const RETRY_MOST: Duration = Duration::from_secs(60);

/// Advice kept per table, at most (older answers are dropped first when it fills).
const ADVICE_KEPT: usize = 64;

/// Why a change was refused.
#[derive(Debug)]
pub enum LiveError {
    Room(RoomError),
    /// The database refused: nothing changed.
    Store(String),
    /// A lock was poisoned by a panic elsewhere.
    Unavailable,
}

impl std::fmt::Display for LiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LiveError::Room(e) => e.fmt(f),
            // The database's own words (a path, a disk full) are logged where this is met.
            LiveError::Store(_) => f.write_str(crate::store::DATABASE_UNAVAILABLE),
            LiveError::Unavailable => f.write_str("the table is unavailable"),
        }
    }
}

impl LiveError {
    /// For the log: the database's own words where it refused (a path, a disk full), which
    /// the clients are not told.
    pub fn logged(&self) -> String {
        match self {
            LiveError::Store(cause) => cause.clone(),
            e => e.to_string(),
        }
    }
}

impl From<RoomError> for LiveError {
    fn from(e: RoomError) -> Self {
        LiveError::Room(e)
    }
}

fn json(msg: &crate::ServerMessage) -> Arc<str> {
    serde_json::to_string(msg).unwrap_or_default().into()
}

impl Live {
    /// A table in play; `advice_key` is its secret for advice (`advice_seed`), as stored.
    pub fn new(
        code: String,
        room: Room,
        host: TokenHash,
        grace: Duration,
        store: Arc<Store>,
        advice_key: u64,
    ) -> Arc<Live> {
        let seats = room.seats().len();
        let seq = AtomicU64::new(room.seq());
        Arc::new(Live {
            seq,
            code,
            room: Mutex::new(room),
            host,
            grace,
            store,
            subscribers: Mutex::new(Vec::new()),
            stale: Mutex::default(),
            next_id: Mutex::new(0),
            departures: Mutex::new(vec![0; seats]),
            wake: Notify::new(),
            advice_key,
            advice: Mutex::new(HashMap::new()),
            advising: tokio::sync::Semaphore::new(1),
            unwatched_since: Mutex::new(SystemTime::now()),
        })
    }

    /// The advice given for `key`, if it was.
    pub fn advice_given(&self, key: Advice) -> Option<Arc<str>> {
        self.advice.lock().ok()?.get(&key).cloned()
    }

    /// Keeps `reply` as the advice for `key`, and sends it to connection `id`.
    pub fn give_advice(&self, id: u64, key: Advice, reply: &crate::ServerMessage) {
        let text = json(reply);
        if let Ok(mut kept) = self.advice.lock() {
            if kept.len() >= ADVICE_KEPT {
                // Hints of states gone by are of no more use; reviews are few.
                kept.retain(|k, _| matches!(k, Advice::Review { .. }));
                if kept.len() >= ADVICE_KEPT {
                    kept.clear();
                }
            }
            kept.insert(key, text.clone());
        }
        self.send_text(id, text);
    }

    /// Sends a message already written to connection `id`.
    pub fn send_text(&self, id: u64, text: Arc<str>) {
        if let Ok(subs) = self.subscribers.lock() {
            if let Some(s) = subs.iter().find(|s| s.id == id) {
                let _ = s.tx.try_send(Outgoing::Message(text, false));
            }
        }
    }

    /// The random numbers' seed for advice on `what` (one seat's deal: its review, and the
    /// hints in it, each by its decision's place): the same question asked again gets the same
    /// answer, as a person who asks twice expects; other questions and other tables get
    /// unrelated numbers.
    pub fn advice_seed(&self, what: u64) -> u64 {
        euchre_ai::keyed_seed(self.advice_key, euchre_ai::seeds::ADVICE_SEEDS, what)
    }

    /// The current state's number.
    pub fn seq(&self) -> u64 {
        self.seq.load(Ordering::SeqCst)
    }

    /// The room, locked.
    pub fn room(&self) -> Result<MutexGuard<'_, Room>, LiveError> {
        self.room.lock().map_err(|_| LiveError::Unavailable)
    }

    /// Sends every connection the room's state as its seat sees it.
    fn deliver(&self, room: &Room) {
        let Ok(mut subs) = self.subscribers.lock() else {
            return;
        };
        let mut cache: Vec<(Option<Seat>, Arc<str>)> = Vec::new();
        subs.retain(|s| {
            let text = match cache.iter().find(|(seat, _)| *seat == s.seat) {
                Some((_, t)) => t.clone(),
                None => {
                    let t = json(&room.state_for(s.seat));
                    cache.push((s.seat, t.clone()));
                    t
                }
            };
            // A connection too slow to take its messages (or gone) is dropped; it
            // resynchronises from a snapshot when it connects again.
            s.tx.try_send(Outgoing::Message(text, true)).is_ok()
        });
    }

    /// Stores, applies and announces a change. The room stays locked throughout, so changes
    /// are stored in the order they are applied.
    fn apply(&self, mut room: MutexGuard<'_, Room>, change: &Change) -> Result<(), LiveError> {
        // A computer player's decision searched while the table closed is not stored.
        room.check_open()?;
        if change.seq != room.seq() + 1 {
            return Err(RoomError::Stale {
                sent: change.seq,
                current: room.seq(),
            }
            .into());
        }
        let row = change.row();
        self.store
            .append(
                &self.code,
                change.seq,
                row.as_ref().map(|(s, a)| (*s, a.as_str())),
            )
            .map_err(|e| LiveError::Store(e.to_string()))?;
        room.commit(change)?;
        self.seq.store(room.seq(), Ordering::SeqCst);
        if room.game().is_over() {
            self.keep_finished(&room);
        }
        self.deliver(&room);
        Ok(())
    }

    /// Keeps a finished game for its downloads and the players' pages (again harmlessly: a game
    /// kept already is not stored twice).
    pub(crate) fn keep_finished(&self, room: &Room) {
        let names = room.names();
        let game = room.game();
        let kinds = room
            .seats()
            .iter()
            .map(|s| match s {
                Seated::Person { .. } => "person",
                _ => "bot",
            })
            .map(String::from)
            .collect();
        let egn = match game {
            AnyGame::Partnership(g) => {
                let players: Option<[String; 4]> = names.clone().try_into().ok();
                // Only a document that reads back as this game (EGN has no words for some options).
                euchre_egn::game_to_faithful_egn(g, players)
                    .ok()
                    .and_then(|egn| serde_json::to_string_pretty(&egn).ok())
            }
            AnyGame::Solo(_) => None,
        };
        let finished = FinishedGame {
            code: self.code.clone(),
            family: game.family().to_string(),
            rules: room.preset().to_string(),
            players: names.clone(),
            kinds,
            scores: game.scores(),
            winner: game.winner(),
            record: euchre_table::record_text(game, &names),
            egn,
        };
        match self.store.finish(&finished) {
            Ok(true) => {
                tracing::info!(table = %self.code, scores = %crate::room::scores_words(&finished.scores), winner = finished.winner, "game over")
            }
            // Kept already (read back after a restart); its statistics are written again
            // (the same row), in case the server stopped between the two.
            Ok(false) => {}
            Err(e) => tracing::error!(table = %self.code, error = %e, "could not keep the finished game"),
        }
        let kinds: Vec<SeatKind> = finished
            .kinds
            .iter()
            .map(|k| SeatKind::parse(k).unwrap_or_default())
            .collect();
        let mut summary = GameSummary::of_game(game, &self.code, &names, &kinds, None);
        // When it began (its last open seat taken) and was kept: the same times however often
        // a restart records it again.
        let at = |secs: i64| std::time::UNIX_EPOCH + std::time::Duration::from_secs(secs.max(0) as u64);
        let (started, finished) = match self.store.game_times(&self.code) {
            Ok(Some((started, finished))) => (started.map(at), at(finished)),
            _ => (None, std::time::SystemTime::now()),
        };
        summary.started = started.map(euchre_stats::timestamp);
        summary.finished = Some(euchre_stats::timestamp(finished));
        if let Err(e) = self.store.record_stats(&summary) {
            tracing::error!(table = %self.code, error = %e, "could not record the game's statistics");
        }
    }

    /// A person's decision, answering state `seq`, from the holder of `token`.
    pub fn act(&self, token: &SeatToken, seq: u64, action: &str) -> Result<(), LiveError> {
        let room = self.room()?;
        let seat = room.seat_of(token).ok_or(RoomError::UnknownToken)?;
        let change = room.decide(seat, seq, action)?;
        self.apply(room, &change)?;
        self.wake.notify_one();
        Ok(())
    }

    /// Announces a change of seats (taken, freed, away or back) and lets play go on.
    pub fn seats_changed(&self) {
        if let Ok(room) = self.room() {
            self.deliver(&room);
        }
        self.wake.notify_one();
    }

    /// Closes the connections of `seat` (its token no longer holds it), telling each why
    /// ([`SEAT_GIVEN_UP`]).
    pub fn disconnect_seat(&self, seat: Seat) {
        self.disconnect_seat_why(seat, SEAT_GIVEN_UP, "the host freed this seat");
    }

    /// Closes the connections of `seat` with close `code` and `reason`: their token no longer
    /// holds the seat, and their ends are not a departure of its next token's connections.
    pub fn disconnect_seat_why(&self, seat: Seat, code: u16, reason: &'static str) {
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.retain(|s| {
                if s.seat != Some(seat) {
                    return true;
                }
                if let Ok(mut stale) = self.stale.lock() {
                    stale.insert(s.id);
                }
                // A queue too full to take it drops the connection all the same.
                let _ = s.tx.try_send(Outgoing::Close(code, reason));
                false
            });
        }
    }

    /// Registers a connection, a seat's (`holder`: the seat and the token it showed) or a
    /// spectator's; returns its id and its queue. A person coming back is no longer away.
    ///
    /// # Errors
    /// The table is closed or put away ([`Room::check_open`]); a lock poisoned counts as
    /// put away (asked again, the table is read back). The token no longer holds the seat
    /// ([`RoomError::UnknownToken`]): checked here, under the room's lock, because the seat may
    /// have been freed since the connection's handshake, and its next holder's cards must not
    /// reach the old one. A spectator when `watchers` spectators watch already, or a quarter
    /// of them from its address `from` ([`RoomError::Watched`]): each costs the table a
    /// message per change, and a crowd of them asking for past deals would take the server's
    /// upload (security s48, 3); one address alone could keep everyone else out (review s50,
    /// 4).
    pub fn subscribe(
        &self,
        holder: Option<(Seat, &SeatToken)>,
        watchers: usize,
        from: Option<std::net::IpAddr>,
    ) -> Result<(u64, mpsc::Receiver<Outgoing>), RoomError> {
        let seat = holder.map(|(s, _)| s);
        let (tx, rx) = mpsc::channel(QUEUE);
        let id = self.next_id.lock().map_or(0, |mut n| {
            *n += 1;
            *n
        });
        {
            // Under the room's lock, as the closing of a table left waiting is decided: a
            // connection is either counted before it, or told the table is closed.
            let mut room = self.room().map_err(|_| RoomError::PutAway)?;
            room.check_open()?;
            if holder.is_some_and(|(s, t)| room.seat_of(t) != Some(s)) {
                return Err(RoomError::UnknownToken);
            }
            if seat.is_none() {
                // Counted under the room's lock, which every subscription takes: two
                // spectators cannot both take the last place.
                // A lock poisoned counts as full: the cap fails closed.
                let (watching, from_there) = self.subscribers.lock().map_or((watchers, watchers), |subs| {
                    let spectators = subs.iter().filter(|s| s.seat.is_none());
                    let there = spectators
                        .clone()
                        .filter(|s| from.is_some() && s.from == from)
                        .count();
                    (spectators.count(), there)
                });
                if watching >= watchers {
                    return Err(RoomError::Watched(watching));
                }
                if from_there >= watchers.div_ceil(4) {
                    return Err(RoomError::WatchedFromThere(from_there));
                }
            }
            if let Some(s) = seat {
                room.connection(s, true);
                let before = room.holder(s.index());
                if room.set_away(s, false) {
                    self.note_players_change(&mut room, s, SeatChangeKind::Back, before);
                }
                if let Ok(mut d) = self.departures.lock() {
                    d[s.index()] += 1;
                }
            }
            // The others hear of the connection; the new one gets its first state straight
            // into its queue, before any later change.
            self.deliver(&room);
            let _ = tx.try_send(Outgoing::Message(json(&room.state_for(seat)), false));
            if let Ok(mut subs) = self.subscribers.lock() {
                subs.push(Subscriber { id, seat, from, tx });
            }
        }
        self.wake.notify_one();
        Ok((id, rx))
    }

    /// Removes a connection; a seat left with none starts its grace period. The last watcher
    /// of a table waiting for its players starts its waiting clock again: a table is not
    /// closed for the time it was watched.
    pub fn unsubscribe(self: &Arc<Self>, id: u64, seat: Option<Seat>) {
        let Ok(mut room) = self.room() else {
            if let Ok(mut subs) = self.subscribers.lock() {
                subs.retain(|s| s.id != id);
            }
            return;
        };
        let watched = self.subscribers.lock().map_or(true, |mut subs| {
            subs.retain(|s| s.id != id);
            !subs.is_empty()
        });
        let now = SystemTime::now();
        if !watched {
            if let Ok(mut since) = self.unwatched_since.lock() {
                *since = now;
            }
        }
        if !watched && room.waiting(now).is_some() {
            room.restart_waiting_clock(now);
            if let Err(e) = self.store.set_waiting_since(&self.code, now) {
                tracing::warn!(table = %self.code, error = %e, "the table's waiting clock could not be stored (a restart would close it sooner)");
            }
        }
        // The end of a connection the host's freeing of its seat closed is not the seat's next
        // holder leaving: no grace for them (a stale end started one, and a person who had
        // not connected yet was played for).
        let stale = self.stale.lock().is_ok_and(|mut s| s.remove(&id));
        let Some(seat) = seat.filter(|_| !stale) else {
            return;
        };
        room.connection(seat, false);
        let empty = room.connections(seat) == 0;
        if empty {
            // Said with the departure, so that the others know how long they wait.
            room.grace_until(seat, std::time::Instant::now() + self.grace);
        }
        self.deliver(&room);
        drop(room);
        if empty {
            self.start_grace(seat);
        }
    }

    /// Closes the table if its game has not begun, nobody watches it, and it has waited for
    /// its players at least as long as `limit` says (given whether a person sits at it;
    /// `None`: for ever). Decided and done under the room's lock, which every request takes:
    /// a seat claimed or a connection made either comes first (and the table is not idle) or
    /// finds the table closed. Returns whether it closed.
    pub fn close_if_waiting(&self, now: SystemTime, limit: impl Fn(bool) -> Option<Duration>) -> bool {
        let Ok(mut room) = self.room() else {
            return false;
        };
        let Some(waited) = room.waiting(now) else {
            return false;
        };
        if self.watched(&room) || limit(room.someone_seated()).is_none_or(|most| waited < most) {
            return false;
        }
        room.close();
        drop(room);
        // Its computer players' task ends.
        self.wake.notify_one();
        true
    }

    /// Whether a connection watches the table (`room` is its room, locked). A seat's
    /// connection counts until it has unsubscribed: one dropped as too slow is still closing.
    fn watched(&self, room: &Room) -> bool {
        room.someone_here() || self.subscribers.lock().map_or(true, |s| !s.is_empty())
    }

    /// Puts the table away (out of memory; the database keeps it, and it is read back when
    /// asked for) if its game has begun and is not over, and nobody has watched it for `after`:
    /// a table everyone has left waits for them at no cost but its rows. Decided under the
    /// room's lock as [`Live::close_if_waiting`] is. Returns whether it was put away.
    pub fn put_away_if_idle(&self, now: SystemTime, after: Duration) -> bool {
        let Ok(mut room) = self.room() else {
            return false;
        };
        // A table waiting for its players is closed or kept by its own clock; a finished one
        // leaves memory an hour after its end.
        if room.check_open().is_err() || room.seq() == 0 || room.game().is_over() {
            return false;
        }
        let unwatched_since = self.unwatched_since.lock().map_or(now, |since| *since);
        if self.watched(&room) || now.duration_since(unwatched_since).unwrap_or_default() < after {
            return false;
        }
        room.put_away();
        drop(room);
        self.wake.notify_one();
        true
    }

    /// Puts the table away whatever its state (its hour after the end is over, or its play
    /// stopped), and closes its connections: the pages connect again, to the copy read back.
    pub fn put_away(&self) {
        if let Ok(mut room) = self.room() {
            room.put_away();
        }
        if let Ok(mut subs) = self.subscribers.lock() {
            subs.clear();
        }
        self.wake.notify_one();
    }

    /// Whether the table was closed for want of players, or put away.
    pub fn is_gone(&self) -> bool {
        self.room().map_or(true, |r| r.check_open().is_err())
    }

    /// Starts `seat`'s grace period if its person has no connection now (their account took
    /// the seat back elsewhere, and may never connect there): the others do not wait for ever.
    pub fn start_grace_if_gone(self: &Arc<Self>, seat: Seat) {
        let gone = self.room().is_ok_and(|mut room| {
            let gone = room.connections(seat) == 0 && room.started() && !room.game().is_over();
            if gone {
                room.grace_until(seat, std::time::Instant::now() + self.grace);
            }
            gone
        });
        if gone {
            self.start_grace(seat);
        }
    }

    /// After the grace period, a seat still without a connection is played by the stand-in.
    pub fn start_grace(self: &Arc<Self>, seat: Seat) {
        let epoch = match self.departures.lock() {
            Ok(mut d) => {
                d[seat.index()] += 1;
                d[seat.index()]
            }
            Err(_) => return,
        };
        let live = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(live.grace).await;
            let still = live.departures.lock().is_ok_and(|d| d[seat.index()] == epoch);
            if !still {
                return;
            }
            // A game over needs no stand-in (nor a line in the log saying it plays).
            // A seat that changed hands meanwhile (the host freed it, someone took it) is no
            // longer in this grace (review s49, 3).
            let changed = live.room().is_ok_and(|mut r| {
                let before = r.holder(seat.index());
                let away = r.in_grace(seat)
                    && r.connections(seat) == 0
                    && !r.game().is_over()
                    && r.check_open().is_ok()
                    && r.set_away(seat, true);
                if away {
                    live.note_players_change(&mut r, seat, SeatChangeKind::Away, before);
                }
                away
            });
            if changed {
                tracing::info!(table = %live.code, %seat, "away past the grace period: the stand-in plays");
                live.seats_changed();
            }
        });
    }

    /// Records a change of who plays `seat` that hands nobody the seat (`change`: the stand-in
    /// playing for its person gone, who comes back; `before`, its holder before), once the game
    /// has begun: stored, then noted in `room` (this table's, locked), for every page's log
    /// (review s53, 3). The change is made whatever the database says: a person coming back is
    /// not refused their seat for it, and the line, if it could not be stored, is told until a
    /// restart. Past the deal's [`crate::room::OTHER_SEAT_LINES_PER_DEAL`], no line.
    pub(crate) fn note_players_change(
        &self,
        room: &mut Room,
        seat: Seat,
        change: SeatChangeKind,
        before: SeatHolder,
    ) {
        if !room.started() {
            return;
        }
        let Ok(Some(record)) = room.seat_change(seat.index(), change, before, room.holder(seat.index()))
        else {
            return;
        };
        if let Err(e) = self.store.add_seat_change(&self.code, &record) {
            tracing::error!(table = %self.code, %seat, error = %e, "could not store a seat change");
        }
        room.note_seat_change(record);
    }

    /// Sends one connection's own message (an error, a hint, a review).
    pub fn send_to(&self, id: u64, msg: &crate::ServerMessage) {
        self.send_text(id, json(msg));
    }

    /// Lets the computer players decide and deals on, whenever woken, until the game is over.
    /// A decision is searched off the event loop, with the room unlocked; it is dropped if the
    /// table moved on meanwhile.
    pub async fn drive(self: Arc<Self>) {
        // After the database refuses a change: how long to wait before trying again (doubling
        // while it keeps refusing), and the computer player's choice already made, kept so
        // that a retry does not search again.
        let mut retry = RETRY_FIRST;
        let mut chosen: Option<(u64, Seat, Action)> = None;
        loop {
            loop {
                let next = match self.room() {
                    // Nobody at the table: wait for someone to come back (connecting wakes us).
                    Ok(room) if !room.someone_here() => None,
                    Ok(room) => room.next().map(|n| (n, room.seq())),
                    Err(_) => return,
                };
                let Some((next, at)) = next else { break };
                let result = match next {
                    Next::Deal(change) => match self.room() {
                        Ok(room) => self.apply(room, &change),
                        Err(e) => Err(e),
                    },
                    Next::Bot(job) => {
                        let action = match chosen {
                            Some((when, seat, action)) if when == at && seat == job.seat => action,
                            _ => {
                                let run = job.clone();
                                let Ok(Ok(choice)) = tokio::task::spawn_blocking(move || run.run()).await
                                else {
                                    tracing::error!(table = %self.code, player = %job.player, "a computer player failed");
                                    return;
                                };
                                chosen = Some((at, job.seat, choice.action));
                                choice.action
                            }
                        };
                        match self.room() {
                            Ok(room) => match room.bot_change(&job, action, at) {
                                Some(change) => self.apply(room, &change),
                                None => Ok(()),
                            },
                            Err(e) => Err(e),
                        }
                    }
                };
                match result {
                    Ok(()) => retry = RETRY_FIRST,
                    Err(e @ LiveError::Store(_)) => {
                        tracing::error!(table = %self.code, error = %e.logged(), "the database refused the table's change; trying again in {} s", retry.as_secs());
                        // The database may come back (a disk freed): try again then, or when woken.
                        let _ = tokio::time::timeout(retry, self.wake.notified()).await;
                        retry = (retry * 2).min(RETRY_MOST);
                    }
                    Err(e) => {
                        tracing::error!(table = %self.code, error = %e.logged(), "the table stopped");
                        break;
                    }
                }
            }
            if self
                .room()
                .map_or(true, |r| r.game().is_over() || r.check_open().is_err())
            {
                return;
            }
            self.wake.notified().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::SeatPlan;
    use crate::store::{Durability, SeatRow, TableRow};
    use euchre::table::AnyRules;

    /// A table of two open seats and two `basic` players, stored, waiting for its players.
    fn waiting_table(name: &str) -> Arc<Live> {
        table_with(name, |_| {})
    }

    /// The same, `setup` done to its room first.
    fn table_with(name: &str, setup: impl FnOnce(&mut Room)) -> Arc<Live> {
        let dir = std::env::temp_dir().join(format!("euchre-live-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Arc::new(Store::open(&dir.join("server.db"), Durability::Process).unwrap());
        let plan = vec![
            SeatPlan::Open,
            SeatPlan::Open,
            SeatPlan::Bot("basic".into()),
            SeatPlan::Bot("basic".into()),
        ];
        let mut room = Room::new(
            AnyRules::preset("north-american").unwrap(),
            "north-american",
            1,
            1,
            plan,
            "basic",
        )
        .unwrap();
        setup(&mut room);
        let row = TableRow {
            code: "WAITS1".into(),
            preset: "north-american".into(),
            options: Vec::new(),
            seed: 1,
            grace_secs: 60,
            stand_in: "basic".into(),
            host: "00".repeat(32),
            advice_key: 1,
        };
        let seats = [
            SeatRow::Open,
            SeatRow::Open,
            SeatRow::Bot("basic".into()),
            SeatRow::Bot("basic".into()),
        ];
        store.create_table(&row, &seats).unwrap();
        let host = TokenHash::of(&SeatToken::random());
        Live::new(row.code, room, host, Duration::from_secs(60), store, 1)
    }

    /// Advice drawn through `euchre_ai::keyed_seed` draws what it drew before it (ChaCha8
    /// keyed by the secret and the question, as it was written out here): a hint asked
    /// before an upgrade is the same after it.
    #[test]
    fn advice_seeds_are_those_drawn_before() {
        use rand::{RngCore, SeedableRng};
        let live = waiting_table("advice-seeds");
        for what in [0, 1, 5 << 8 | 3] {
            let mut seed = [0u8; 32];
            seed[..8].copy_from_slice(&1u64.to_le_bytes());
            seed[8..16].copy_from_slice(&u64::to_le_bytes(what));
            let before = rand_chacha::ChaCha8Rng::from_seed(seed).next_u64();
            assert_eq!(live.advice_seed(what), before);
        }
    }

    /// Watched, a table is never closed; its last watcher leaving starts its clock again;
    /// once closed, a connection is refused and nothing it would do is stored.
    #[test]
    fn a_watched_table_stays_and_a_closed_one_takes_no_one() {
        let live = waiting_table("watched");
        let hour = |_seated: bool| Some(Duration::from_secs(3600));
        let (id, _rx) = live.subscribe(None, usize::MAX, None).unwrap();
        let now = SystemTime::now();
        assert!(
            !live.close_if_waiting(now + Duration::from_secs(7200), hour),
            "watched"
        );
        live.unsubscribe(id, None);
        let left = SystemTime::now();
        assert!(
            !live.close_if_waiting(left + Duration::from_secs(1800), hour),
            "the clock started again"
        );
        assert!(
            !live.put_away_if_idle(left + Duration::from_secs(7200), Duration::from_secs(3600)),
            "a table waiting for its players goes by its own clock, not put away"
        );
        assert!(live.close_if_waiting(left + Duration::from_secs(3601), hour));
        assert!(live.is_gone());
        assert_eq!(
            live.subscribe(None, usize::MAX, None).unwrap_err(),
            RoomError::Closed,
            "no connection to a closed table"
        );
        assert!(live
            .subscribe(Some((Seat::new(0), &SeatToken::random())), usize::MAX, None)
            .is_err());
        assert!(
            !live.close_if_waiting(left + Duration::from_secs(7200), hour),
            "closed once"
        );
        // A change that was on its way (a computer player's decision, a deal) is not stored.
        let change = Change { seq: 1, act: None };
        assert!(matches!(
            live.apply(live.room().unwrap(), &change),
            Err(LiveError::Room(RoomError::Closed))
        ));
        assert!(live.store.load(Duration::ZERO).unwrap()[0].events.is_empty());
    }

    /// Spectators are taken up to the table's limit, then refused with how many watch; a
    /// seat's own connection never is; a spectator leaving makes a place.
    #[tokio::test]
    async fn spectators_are_taken_up_to_the_limit_and_seats_always() {
        let mut ann = None;
        let live = table_with("watchers", |room| {
            ann = Some(room.claim(0, "Ann", None).unwrap());
        });
        let ann = ann.unwrap();
        let (first, _a) = live.subscribe(None, 2, None).unwrap();
        let _b = live.subscribe(None, 2, None).unwrap();
        assert_eq!(live.subscribe(None, 2, None).unwrap_err(), RoomError::Watched(2));
        let _seat = live.subscribe(Some((Seat::new(0), &ann)), 2, None).unwrap();
        assert_eq!(live.subscribe(None, 2, None).unwrap_err(), RoomError::Watched(2));
        live.unsubscribe(first, None);
        assert!(live.subscribe(None, 2, None).is_ok());
        // One address takes a quarter of the places at most (review s50, 4).
        let live = waiting_table("watchers-from");
        let (a, b) = (Some([192, 0, 2, 1].into()), Some([192, 0, 2, 2].into()));
        let _a1 = live.subscribe(None, 8, a).unwrap();
        let _a2 = live.subscribe(None, 8, a).unwrap();
        assert_eq!(
            live.subscribe(None, 8, a).unwrap_err(),
            RoomError::WatchedFromThere(2)
        );
        assert!(live.subscribe(None, 8, b).is_ok());
        assert!(
            live.subscribe(None, 8, None).is_ok(),
            "an address not held to limits"
        );
    }

    /// The end of a connection of a seat's last holder, closed when the host freed the seat,
    /// coming after the next holder took it, is no departure of theirs: no grace starts, and
    /// their own connection's count is theirs.
    #[tokio::test]
    async fn a_freed_holders_connection_ending_late_is_not_the_next_holders_leaving() {
        let mut bo = None;
        let live = table_with("stale-end", |room| {
            bo = Some(room.claim(1, "Bo", None).unwrap());
        });
        let (old, _rx) = live
            .subscribe(Some((Seat::new(1), &bo.unwrap())), usize::MAX, None)
            .unwrap();
        live.room().unwrap().free(1).unwrap();
        live.disconnect_seat(Seat::new(1));
        let cy = live.room().unwrap().claim(1, "Cy", None).unwrap();
        live.unsubscribe(old, Some(Seat::new(1)));
        assert!(
            !live.room().unwrap().in_grace(Seat::new(1)),
            "a grace for Cy, who never left"
        );
        let (new, _rx) = live
            .subscribe(Some((Seat::new(1), &cy)), usize::MAX, None)
            .unwrap();
        assert_eq!(live.room().unwrap().connections(Seat::new(1)), 1);
        live.unsubscribe(new, Some(Seat::new(1)));
        assert!(
            live.room().unwrap().in_grace(Seat::new(1)),
            "Cy leaving starts one"
        );
    }

    /// A connection whose token no longer holds its seat (freed between the handshake and
    /// the subscription) is refused, so the seat's next holder's cards never reach it.
    #[tokio::test]
    async fn a_token_that_no_longer_holds_its_seat_is_not_subscribed() {
        let mut ann = None;
        let live = table_with("freed", |room| {
            ann = Some(room.claim(0, "Ann", None).unwrap());
        });
        let ann = ann.unwrap();
        let (id, _rx) = live
            .subscribe(Some((Seat::new(0), &ann)), usize::MAX, None)
            .unwrap();
        live.unsubscribe(id, Some(Seat::new(0)));
        live.room().unwrap().free(0).unwrap();
        assert_eq!(
            live.subscribe(Some((Seat::new(0), &ann)), usize::MAX, None)
                .unwrap_err(),
            RoomError::UnknownToken
        );
        let other = live.room().unwrap().claim(0, "Bo", None).unwrap();
        assert_eq!(
            live.subscribe(Some((Seat::new(1), &other)), usize::MAX, None)
                .unwrap_err(),
            RoomError::UnknownToken,
            "a token holds its own seat only"
        );
    }

    /// A table in play nobody watches is put away after its hour, and the copy put away takes
    /// nothing more: no connection, no decision, no computer player's change.
    #[tokio::test]
    async fn a_table_put_away_takes_nothing_more() {
        let mut ann = None;
        let live = table_with("put-away", |room| {
            ann = Some(room.claim(0, "Ann", None).unwrap());
            room.claim(1, "Bo", None).unwrap();
            // Played on until a person is to act with a change stored.
            loop {
                match room.next() {
                    Some(Next::Bot(job)) => {
                        let action = job.run().unwrap().action;
                        let change = room.bot_change(&job, action, room.seq()).unwrap();
                        room.commit(&change).unwrap();
                    }
                    Some(Next::Deal(change)) => room.commit(&change).unwrap(),
                    None if room.seq() > 0 => break,
                    None => {
                        let who = room.game().to_act().unwrap();
                        let first = room.game().legal_actions()[0].to_string();
                        let change = room.decide(who, 0, &first).unwrap();
                        room.commit(&change).unwrap();
                    }
                }
            }
        });
        let ann = ann.unwrap();
        let hour = Duration::from_secs(3600);
        let now = SystemTime::now();
        let (id, _rx) = live
            .subscribe(Some((Seat::new(0), &ann)), usize::MAX, None)
            .unwrap();
        assert!(!live.put_away_if_idle(now + 2 * hour, hour), "watched");
        live.unsubscribe(id, Some(Seat::new(0)));
        let left = SystemTime::now();
        assert!(
            !live.close_if_waiting(left + 2 * hour, |_| Some(hour)),
            "begun: not closed"
        );
        assert!(!live.put_away_if_idle(left + hour / 2, hour));
        assert!(live.put_away_if_idle(left + hour + Duration::from_secs(1), hour));
        assert!(live.is_gone());
        assert_eq!(
            live.subscribe(None, usize::MAX, None).unwrap_err(),
            RoomError::PutAway
        );
        let (seq, who) = {
            let room = live.room().unwrap();
            (room.seq(), room.game().to_act().unwrap())
        };
        let stored = live.store.load(Duration::ZERO).unwrap()[0].events.len();
        let e = live.act(&ann, seq, "pass").unwrap_err();
        assert!(
            matches!(e, LiveError::Room(RoomError::PutAway)),
            "{e} (seat {who})"
        );
        let change = Change {
            seq: seq + 1,
            act: None,
        };
        assert!(matches!(
            live.apply(live.room().unwrap(), &change),
            Err(LiveError::Room(RoomError::PutAway))
        ));
        assert_eq!(
            live.store.load(Duration::ZERO).unwrap()[0].events.len(),
            stored,
            "nothing stored"
        );
    }
}
