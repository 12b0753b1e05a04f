//! The server's state: its tables in memory and their lives (read back from the database at the
//! start or when asked for, run, closed when left waiting for their players too long, put away
//! when nobody is at them), and what every request shares (the database, the limits).

use super::refusal::{no_table, Refusal};
use crate::live::Live;
use crate::room::{Room, SeatPlan, Seated};
use crate::store::{SeatRow, Store, DATABASE_UNAVAILABLE};
use crate::token::TokenHash;
use axum::http::StatusCode;
use euchre::table::{AnyRules, Table};
use euchre::Seat;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server: its tables and its database.
#[derive(Clone)]
pub struct AppState {
    pub(super) tables: Arc<Mutex<HashMap<String, Arc<Live>>>>,
    /// Stored tables found not to replay when asked for: not read again (and logged again)
    /// at every request for them until the server starts again.
    pub(super) unreplayable: Arc<Mutex<HashSet<String>>>,
    pub(super) store: Arc<Store>,
    pub(super) throttle: Arc<crate::throttle::LoginThrottle>,
    /// Held while a next game is opened, so that two "play again" requests at once (two hosts'
    /// tabs) open one table between them, not two.
    pub(super) opening_next: Arc<Mutex<()>>,
    /// Password hashes at once (each takes 19 MiB and a core for a moment).
    pub(super) hashing: Arc<tokio::sync::Semaphore>,
    /// Set when the server is stopping: every connection is told, and closed.
    pub(super) stopping: Arc<tokio::sync::watch::Sender<bool>>,
    /// The limits per client address, and its new tables so far.
    pub(super) limits: crate::serve::Limits,
    pub(super) table_rate: Arc<crate::serve::TableRate>,
    /// New accounts so far by address (limited as new tables are).
    pub(super) account_rate: Arc<crate::serve::TableRate>,
    /// Unknown table codes tried, by address.
    pub(super) miss_rate: Arc<crate::serve::TableRate>,
    /// Whether a new table may name its seed. Whoever knows a table's seed knows every hand,
    /// so on a server for people the deals come from the server's own random numbers.
    pub(super) seeds_allowed: bool,
    /// The names the server answers to (`--public-host`); none: any.
    pub(super) public_hosts: super::host::PublicHosts,
    /// When the server read its tables back (see [`COMING_BACK`]).
    pub(super) opened_at: std::time::SystemTime,
    /// Set once the tidying task ([`AppState::tidy_now_and_then`]) runs: one per server, however
    /// many routers are made over it.
    pub(super) tidying: Arc<std::sync::atomic::AtomicBool>,
}

/// Password hashes computed at once.
const HASHES_AT_ONCE: usize = 2;

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StartError(String);

impl AppState {
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn throttle(&self) -> &crate::throttle::LoginThrottle {
        &self.throttle
    }

    /// The same server with other limits per client address (the accept loop is given them
    /// too).
    #[must_use]
    pub fn with_limits(mut self, limits: crate::serve::Limits) -> AppState {
        self.limits = limits;
        self
    }

    /// The same server letting a new table name its seed (tests and demonstrations).
    #[must_use]
    pub fn with_seeds_allowed(mut self, allowed: bool) -> AppState {
        self.seeds_allowed = allowed;
        self
    }

    /// The same server answering only to these names (and refusing a request for any other:
    /// [`super::host`]).
    #[must_use]
    pub fn with_public_hosts(mut self, hosts: super::host::PublicHosts) -> AppState {
        self.public_hosts = hosts;
        self
    }

    /// Takes one new account for `ip` now, by the limits per address.
    pub(crate) fn take_account(&self, ip: std::net::IpAddr) -> Result<(), Duration> {
        self.account_rate.take_account(&self.limits, ip, Instant::now())
    }

    pub(crate) fn hashing(&self) -> &tokio::sync::Semaphore {
        &self.hashing
    }

    /// The server is stopping: each connection is sent a close ("going away", 1001) with the
    /// reason, rather than dropped. Returns once every connection has closed, or after
    /// `patience` (a client that does not answer its close is not waited for).
    pub async fn stop(&self, patience: Duration) {
        self.stopping.send_replace(true);
        // Each connection holds a receiver until it has sent its close.
        let start = Instant::now();
        while self.stopping.receiver_count() > 0 && start.elapsed() < patience {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}

/// How long a finished table stays in memory (for its players to look at the end).
const FINISHED_KEPT: Duration = Duration::from_secs(3600);
/// After a start, how long no table is closed for want of players (or the shortest limit, if
/// shorter): the pages open before the stop come back first (they try every 10 s at most).
const COMING_BACK: Duration = Duration::from_secs(300);

impl AppState {
    /// The server over `store`, with every stored table read back and replayed to where it
    /// was. Must be called inside the tokio runtime (each table's computer players get a task).
    ///
    /// # Errors
    /// The database cannot be read. A table that does not replay is left out (and logged),
    /// its data kept.
    pub fn open(store: Store) -> Result<AppState, StartError> {
        let store = Arc::new(store);
        let loaded = store.load(FINISHED_KEPT).map_err(|e| StartError(e.to_string()))?;
        let mut tables = HashMap::new();
        for t in loaded {
            let code = t.table.code.clone();
            match restore(&t, &store) {
                Ok(live) => {
                    tables.insert(code, live);
                }
                Err(e) => {
                    tracing::error!(table = %code, error = %e, "a stored table does not replay; left out")
                }
            }
        }
        tracing::info!(tables = tables.len(), "tables read back");
        let state = AppState {
            tables: Arc::new(Mutex::new(tables)),
            unreplayable: Arc::default(),
            store,
            throttle: Arc::default(),
            opening_next: Arc::default(),
            hashing: Arc::new(tokio::sync::Semaphore::new(HASHES_AT_ONCE)),
            stopping: Arc::new(tokio::sync::watch::channel(false).0),
            limits: crate::serve::Limits::default(),
            table_rate: Arc::default(),
            account_rate: Arc::default(),
            miss_rate: Arc::default(),
            seeds_allowed: false,
            public_hosts: super::host::PublicHosts::default(),
            opened_at: std::time::SystemTime::now(),
            tidying: Arc::default(),
        };
        for live in state.all_tables() {
            resume(&live, &state.store, true);
            state.run(live);
        }
        Ok(state)
    }

    /// Lets a table's computer players play; an hour after its game ends the table leaves
    /// memory (its record stays in the database for the downloads and the players' pages).
    /// A table whose play stopped before the end (a computer player failed) leaves an hour
    /// later too, to be read back, and tried again, by the next request for it. Either way it
    /// is put away first: a copy read back is then the only one that takes a change.
    pub(super) fn run(&self, live: Arc<Live>) {
        let state = self.clone();
        tokio::spawn(async move {
            live.clone().drive().await;
            // A table closed for want of players, or put away for want of anyone at it, has
            // left (a closed one once the database has forgotten it).
            if live.is_gone() {
                return;
            }
            tokio::time::sleep(FINISHED_KEPT).await;
            live.put_away();
            state.forget_from_memory(std::slice::from_ref(&live));
        });
    }

    /// Starts [`AppState::tidy_now_and_then`] unless it runs already.
    pub(super) fn start_tidying(&self) {
        if !self.tidying.swap(true, std::sync::atomic::Ordering::SeqCst) {
            tokio::spawn(self.clone().tidy_now_and_then());
        }
    }

    /// Every so often until the server stops, closes the tables left waiting for their players
    /// ([`AppState::close_waiting`]) and puts away those in play that nobody is at
    /// ([`AppState::put_away_idle`]).
    async fn tidy_now_and_then(self) {
        let limits = self.limits;
        let shortest = [
            limits.waiting_unseated,
            limits.waiting_seated,
            limits.put_away_after,
        ]
        .into_iter()
        .flatten()
        .min();
        let Some(shortest) = shortest else {
            return;
        };
        let every = (shortest / 4).clamp(Duration::from_millis(20), Duration::from_secs(60));
        while !*self.stopping.borrow() {
            tokio::time::sleep(every).await;
            let now = std::time::SystemTime::now();
            self.close_waiting(now).await;
            self.put_away_idle(now);
        }
    }

    /// Takes out of memory the tables in play (begun, not over) that nobody has watched for
    /// [`crate::serve::Limits::put_away_after`]: the database keeps them, and the next request
    /// for one reads it back. A table its players left for good would otherwise be kept in
    /// memory for ever.
    pub fn put_away_idle(&self, now: std::time::SystemTime) {
        let Some(after) = self.limits.put_away_after else {
            return;
        };
        // A table whose lock a panic poisoned takes nothing any more: it goes too, its
        // connections closed (read back, it is whole again).
        let away: Vec<Arc<Live>> = self
            .all_tables()
            .into_iter()
            .filter(|live| {
                let poisoned = live.room().is_err();
                if poisoned {
                    live.put_away();
                }
                poisoned || live.put_away_if_idle(now, after)
            })
            .collect();
        if away.is_empty() {
            return;
        }
        self.forget_from_memory(&away);
        tracing::info!(
            tables = away.len(),
            "tables nobody is at put away (read back when asked for)"
        );
    }

    /// Takes `gone` out of the map of tables in memory (each only if it is still the one there).
    pub(super) fn forget_from_memory(&self, gone: &[Arc<Live>]) {
        if let Ok(mut tables) = self.tables.lock() {
            for live in gone {
                if tables.get(&live.code).is_some_and(|l| Arc::ptr_eq(l, live)) {
                    tables.remove(&live.code);
                }
            }
        }
    }

    /// Closes the tables whose game has not begun, that nobody watches, and that have waited
    /// for their players longer than [`crate::serve::Limits`] allows (counted from a seat last
    /// changing hands, or the last watcher leaving): out of memory, out of the database, and
    /// out of any "next game" pointer to them, whose pages are told. Tables asked for and never
    /// played would otherwise be kept for ever.
    pub async fn close_waiting(&self, now: std::time::SystemTime) {
        let limits = self.limits;
        // Just after a start the clocks read back may be stale: a table watched until a crash
        // was last stored unwatched, and the time the server was down counts. Pages open before
        // come back within seconds; until then nothing is closed.
        let shortest = [limits.waiting_unseated, limits.waiting_seated]
            .into_iter()
            .flatten()
            .min();
        let since_open = now.duration_since(self.opened_at).unwrap_or_default();
        if shortest.is_none_or(|shortest| since_open < COMING_BACK.min(shortest)) {
            return;
        }
        // Each table is decided under its own room's lock alone (not the map's, which every
        // request takes): its closed flag decides, and the map loses only the tables closed.
        let closed: Vec<Arc<Live>> = self
            .all_tables()
            .into_iter()
            .filter(|live| live.close_if_waiting(now, |seated| limits.waiting(seated)))
            .collect();
        if closed.is_empty() {
            return;
        }
        let codes: Vec<String> = closed.iter().map(|l| l.code.clone()).collect();
        for code in &codes {
            tracing::info!(table = %code, "closed: it waited too long for its players");
        }
        // The database first, so that a table read back from it from then on (one asked for
        // that is not in memory) is not one of these, and has no pointer to them; off the event
        // loop: a long list is one transaction, but a transaction all the same. Until then the
        // closed tables stay in memory, refusing every request.
        let store = self.store.clone();
        let forget = codes.clone();
        match tokio::task::spawn_blocking(move || store.forget_waiting(&forget)).await {
            Ok(Ok(_)) => self.forget_from_memory(&closed),
            // Kept in memory, closed: their codes stay unknown, and not given to new tables,
            // until the next start reads them back and closes them again.
            Ok(Err(e)) => {
                tracing::error!(error = %e, "tables closed for want of players could not be forgotten by the database (they are read back, and closed again, at the next start)")
            }
            Err(e) => tracing::error!(error = %e, "forgetting closed tables failed"),
        }
        // Then the pages showing a finished game whose next game was one of these lose the
        // link (its host may open another).
        for live in self.all_tables() {
            let forgot = live
                .room()
                .is_ok_and(|mut room| codes.iter().any(|code| room.forget_next_table(code)));
            if forgot {
                live.seats_changed();
            }
        }
    }

    /// How many tables are in memory now (in play, waiting, or finished within the hour).
    pub fn tables_in_memory(&self) -> usize {
        self.tables.lock().map_or(0, |t| t.len())
    }

    pub(super) fn all_tables(&self) -> Vec<Arc<Live>> {
        self.tables
            .lock()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The table, in memory or, when it has left memory, read back from the database: a game
    /// finished long enough ago (its players coming back to see the end, or its host to open
    /// the next game; it leaves memory again after [`FINISHED_KEPT`]), or one put away while
    /// nobody was at it ([`AppState::put_away_idle`]), its players coming back.
    ///
    /// # Errors
    /// No table has the code (404); the database could not be read (503); the stored table
    /// does not replay (500: the server's fault, not the code's, and logged).
    /// The table `code` has begun its game: the table it is the company's next game of (in
    /// memory) tells its spectators, who may now follow the company to it.
    pub(super) fn next_game_begun(&self, code: &str) {
        let earlier: Vec<Arc<Live>> = self
            .tables
            .lock()
            .map(|t| t.values().cloned().collect())
            .unwrap_or_default();
        for live in earlier {
            let news = live.room().is_ok_and(|mut room| room.next_table_begun(code));
            if news {
                live.seats_changed();
            }
        }
    }

    pub(super) fn table(&self, code: &str) -> Result<Arc<Live>, Refusal> {
        // Text no table could have is not looked for.
        if !super::refusal::could_be_code(code) {
            return Err(no_table(code));
        }
        let code = code.to_ascii_uppercase();
        if let Some(live) = self.tables.lock().map_err(|_| tables_unavailable())?.get(&code) {
            return Ok(live.clone());
        }
        let unreplayable = || {
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                format!(
                    "table {code} is stored but its game could not be read back; the server's log says why"
                ),
            )
        };
        if self
            .unreplayable
            .lock()
            .map_err(|_| tables_unavailable())?
            .contains(&code)
        {
            return Err(unreplayable());
        }
        let loaded = match self.store.load_one(&code) {
            Ok(Some(loaded)) => loaded,
            Ok(None) => return Err(no_table(&code)),
            Err(e) => {
                tracing::error!(table = crate::names::logged(&code).as_str(), error = %e, "a stored table could not be read back");
                return Err((StatusCode::SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE.to_string()));
            }
        };
        let live = match restore(&loaded, &self.store) {
            Ok(live) => live,
            Err(e) => {
                tracing::error!(table = %code, error = %e, "a stored table does not replay; not read again until a restart");
                if let Ok(mut bad) = self.unreplayable.lock() {
                    bad.insert(code.clone());
                }
                return Err(unreplayable());
            }
        };
        let mut tables = self.tables.lock().map_err(|_| tables_unavailable())?;
        if let Some(other) = tables.get(&code) {
            // Read back by another request meanwhile.
            return Ok(other.clone());
        }
        tables.insert(code, live.clone());
        drop(tables);
        resume(&live, &self.store, false);
        self.run(live.clone());
        Ok(live)
    }
}

/// The map of tables is unusable: a panic poisoned its lock (a bug, logged where it
/// happened).
fn tables_unavailable() -> Refusal {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server's tables are unavailable".to_string(),
    )
}

/// A table read back from the database, before its computer players start: a game stored
/// over but not yet kept as finished (the server stopped between the two) is kept now (at the
/// server's start, `at_start`, kept again unless both its row and its statistics are there,
/// in case the stop came between the two; read back later, only if it never was), and,
/// nobody being connected yet, every person's grace period starts, as after a restart.
///
/// Only the games not fully kept are kept again: keeping one (its record, its EGN, its
/// statistics) takes some milliseconds, and a busy hour's hundreds delayed the start by
/// seconds while the port, already bound, held the requests (operator tester s50, 12).
pub(super) fn resume(live: &Arc<Live>, store: &Store, at_start: bool) {
    let Ok(mut room) = live.room() else { return };
    if room.game().is_over() {
        let kept = if at_start {
            store.fully_kept(&live.code)
        } else {
            store.finished(&live.code).map(|f| f.is_some())
        };
        if matches!(kept, Ok(false)) {
            live.keep_finished(&room);
        }
    }
    let people: Vec<Seat> = (0..room.seats().len())
        .filter(|&i| matches!(room.seats()[i], Seated::Person { .. }))
        .map(|i| Seat::new(i as u8))
        .collect();
    let ends = std::time::Instant::now() + live.grace;
    for &seat in &people {
        room.grace_until(seat, ends);
    }
    drop(room);
    for seat in people {
        live.start_grace(seat);
    }
}

/// A stored table rebuilt: its rules, its seats as they are now, its changes replayed.
pub(super) fn restore(t: &crate::store::LoadedTable, store: &Arc<Store>) -> Result<Arc<Live>, String> {
    let rules = rules_of(&t.table.preset, &t.table.options)?;
    let plan = vec![SeatPlan::Open; t.seats.len()];
    // The table's stored secret, as when it was made: its computer players draw the same
    // numbers after a restart as they would have without one.
    let mut room = Room::new(
        rules,
        &t.table.preset,
        t.table.seed,
        t.table.advice_key,
        plan,
        &t.table.stand_in,
    )
    .map_err(|e| e.to_string())?;
    for (i, s) in t.seats.iter().enumerate() {
        let seated = match s {
            SeatRow::Open => Seated::Open,
            SeatRow::Freed(n) => {
                room.restore_freed_bot(i, n.clone());
                Seated::Open
            }
            SeatRow::Bot(n) => Seated::Bot(n.clone()),
            SeatRow::Person { name, token, account } => Seated::Person {
                name: name.clone(),
                token: TokenHash::parse(token).ok_or("a stored seat's token hash is damaged")?,
                account: account.clone(),
                away: false,
            },
        };
        room.restore_seat(i, seated)
            .map_err(|e| format!("seat {i}: {e}"))?;
    }
    room.restore_held_from(&t.held_from);
    room.restore_seat_changes(t.seat_changes.clone());
    // Begun once, begun for good: a seat freed before anyone decided, then the server
    // restarted, is still a seat freed mid-game (its hand was sent).
    if t.begun {
        room.restore_begun();
    }
    for (seq, row) in &t.events {
        room.replay(*seq, row.as_ref().map(|(s, a)| (*s, a.as_str())))
            .map_err(|e| format!("change {seq} of {}: {e}", t.events.len()))?;
    }
    if let Some(next) = &t.next_table {
        room.set_next_table(next.clone());
    }
    room.restart_waiting_clock(t.waiting_since);
    let host = TokenHash::parse(&t.table.host).ok_or("the stored host's token hash is damaged")?;
    Ok(Live::new(
        t.table.code.clone(),
        room,
        host,
        Duration::from_secs(t.table.grace_secs),
        store.clone(),
        t.table.advice_key,
    ))
}

pub(super) fn rules_of(preset: &str, options: &[(String, String)]) -> Result<AnyRules, String> {
    let mut rules = AnyRules::preset(preset).map_err(|e| e.to_string())?;
    for (name, value) in options {
        rules.set(name, value).map_err(|e| e.to_string())?;
    }
    rules.validate().map_err(|e| e.to_string())?;
    Ok(rules)
}
