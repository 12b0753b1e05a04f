//! The server's database (SQLite, embedded): tables, their seats, every accepted change of
//! every table in order, finished games, and named accounts. A change is written here before
//! anyone is told of it, so that after a crash the tables replay to exactly where they were.

use crate::message::{SeatChange, SeatChangeKind, SeatHolder};
use crate::token::{SeatToken, TokenHash};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Marks the file as this server's database (`PRAGMA application_id`), "EuSv".
const APPLICATION_ID: i32 = 0x4575_5376;

/// One migration: SQL, or a function for what SQL cannot compute. Each runs in the transaction
/// that counts it applied.
enum Migration {
    Sql(&'static str),
    Code(fn(&rusqlite::Transaction) -> rusqlite::Result<()>),
}
use Migration::{Code, Sql};

/// The migrations, in order; the database's `user_version` counts those applied. Append only.
const MIGRATIONS: [Migration; 11] = [
    Sql("CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        preset TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        grace_secs INTEGER NOT NULL,
        stand_in TEXT NOT NULL,
        host TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables (code),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('open', 'person', 'bot')),
        name TEXT,
        token TEXT,
        account TEXT,
        PRIMARY KEY (code, seat)
    );
    CREATE TABLE events (
        code TEXT NOT NULL REFERENCES tables (code),
        seq INTEGER NOT NULL,
        seat INTEGER,
        action TEXT,
        PRIMARY KEY (code, seq)
    ) WITHOUT ROWID;
    CREATE TABLE games (
        code TEXT PRIMARY KEY REFERENCES tables (code),
        finished INTEGER NOT NULL,
        family TEXT NOT NULL,
        rules TEXT NOT NULL,
        players TEXT NOT NULL,
        scores TEXT NOT NULL,
        winner INTEGER,
        record TEXT NOT NULL,
        egn TEXT
    );
    CREATE TABLE game_players (
        code TEXT NOT NULL REFERENCES games (code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (code, seat)
    );
    CREATE INDEX game_players_by_name ON game_players (name);
    CREATE TABLE accounts (
        name TEXT PRIMARY KEY COLLATE NOCASE,
        hash TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE TABLE logins (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL REFERENCES accounts (name),
        created INTEGER NOT NULL
    );"),
    // Each table's secret for its advice (hints and reviews), so that a question asked again
    // after a restart gets the answer it got before; tables older than this get one now.
    Sql(
        "ALTER TABLE tables ADD COLUMN advice_key INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET advice_key = random();",
    ),
    // Each account's name in the two forms names are compared in (`names::name_keys`: letter
    // case and look-alike letters aside), so that "Chrіs" with a Cyrillic і is not a way round
    // the account "Chris". Filled in by `Store::open` for accounts made before it (SQL cannot
    // compute them).
    Sql("ALTER TABLE accounts ADD COLUMN name_key TEXT;
    ALTER TABLE accounts ADD COLUMN name_key2 TEXT;
    CREATE INDEX accounts_by_key ON accounts (name_key);
    CREATE INDEX accounts_by_key2 ON accounts (name_key2);"),
    // Where the company at a finished table plays its next game (the host's "play again"), so
    // that the old table's page still points there after a restart.
    Sql("ALTER TABLE tables ADD COLUMN next_table TEXT;"),
    // Logins are kept by the hash of their id ([`login_key`]), so that a copy of the file holds
    // no key that signs anyone in; the logins kept by their ids until now are forgotten (each
    // signs in once more).
    Sql("DELETE FROM logins;"),
    // Seat and host tokens are kept by their hashes ([`TokenHash`]) for the same reason; the
    // tokens kept until now are replaced by theirs, so their holders keep their seats. Then
    // the file is compacted once ([`VACUUM_PENDING`]).
    Code(hash_kept_tokens),
    // When each table's game began: its last open seat taken (for the statistics' start
    // times). 0 for a game begun before it: unknown. Set (not NULL), it is also what keeps a
    // table begun after a seat is freed before anyone has decided ([`LoadedTable::begun`]):
    // the hands were sent once no seat was open. So a table with every seat taken and no
    // change stored counts as begun here, as one with a change does: its people were sent
    // their hands as they connected, and a seat freed there is freed mid-game. (No column of
    // its own for that: a `begun` flag would be written at the same moment, in the same
    // transaction, and say what `started IS NOT NULL` says, with two answers to keep alike.)
    Sql("ALTER TABLE tables ADD COLUMN started INTEGER;
    UPDATE tables SET started = 0
     WHERE EXISTS (SELECT 1 FROM events e WHERE e.code = tables.code)
        OR NOT EXISTS (SELECT 1 FROM seats s WHERE s.code = tables.code AND s.kind = 'open');"),
    // Since when each table has waited for its players unwatched, in milliseconds since 1970
    // (a seat changing hands, or its last watcher leaving, starts the clock again): a table
    // whose game has not begun is closed after a while ([`Store::forget_waiting`]). Tables
    // made before this start their clock at the upgrade.
    Sql("ALTER TABLE tables ADD COLUMN waiting_since INTEGER;
    UPDATE tables SET waiting_since = CAST(strftime('%s', 'now') AS INTEGER) * 1000;"),
    // The deal (counted from 0) in which each seat's holder took it: the seat's view of the
    // deals before it is not theirs to see (`past_deals`, reviews). 0 for seats taken before
    // this: held from the start, as they were treated.
    Sql("ALTER TABLE seats ADD COLUMN held_from INTEGER NOT NULL DEFAULT 0;"),
    // The name keys now count a run of blanks as one space (`names::name_keys`): made again
    // by `Store::open` for every account.
    Sql("UPDATE accounts SET name_key = NULL, name_key2 = NULL;"),
    // Every seat change once a table's game has begun (a person sits, the host frees a seat or
    // gives it to a computer player, an account takes its seat back, the stand-in plays for a
    // person gone, who comes back): when (`seq`, the table's state number then; the deal, from
    // 1; the decisions of it taken), which seat, what, and who held it before and after (the
    // kind as a state's `seats[i].kind`, and the person's name or the computer player's level).
    // Sent to every page, so that a seat handed to an alias and back is told to those who were
    // not looking too (review s53, 3). `n` orders a table's changes; `at`, milliseconds since
    // 1970, is the operator's. A seat's change is written in the transaction that writes the
    // seat. Names and levels only: never a card.
    Sql("CREATE TABLE seat_changes (
        code TEXT NOT NULL REFERENCES tables (code),
        n INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        deal INTEGER NOT NULL,
        decisions INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        change TEXT NOT NULL CHECK (change IN ('sat', 'freed', 'computer', 'taken_back', 'away', 'away_by_host', 'back')),
        from_kind TEXT NOT NULL CHECK (from_kind IN ('open', 'person', 'bot', 'away')),
        from_name TEXT,
        to_kind TEXT NOT NULL CHECK (to_kind IN ('open', 'person', 'bot', 'away')),
        to_name TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (code, n)
    ) WITHOUT ROWID;"),
];

/// The row of `upkeep` that asks for the file to be compacted (`VACUUM`): what earlier versions
/// deleted or replaced without `secure_delete` (logins kept by their ids, tokens) may still lie
/// in its free space. Asked by migration 6, and kept until a compaction succeeds, so that one
/// stopped or refused (a full disk, a reader holding the file) is tried again at the next start.
const VACUUM_PENDING: &str = "vacuum";

/// Compacts the file if [`VACUUM_PENDING`] asks, then empties the write-ahead log of the
/// pages from before. A compaction that fails is logged and tried again at the next start:
/// the server runs as well without it.
fn compact_if_asked(conn: &Connection) {
    let asked = conn
        .query_row("SELECT 1 FROM upkeep WHERE task = ?1", [VACUUM_PENDING], |_| {
            Ok(())
        })
        .optional();
    if !matches!(asked, Ok(Some(()))) {
        return;
    }
    let done = conn
        .execute_batch("VACUUM")
        .and_then(|()| conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())))
        .and_then(|()| conn.execute("DELETE FROM upkeep WHERE task = ?1", [VACUUM_PENDING]));
    if let Err(e) = done {
        tracing::warn!(error = %sqlite_words(&e), "the database could not be compacted (old logins or tokens may lie in its free space); tried again at the next start");
    }
}

/// Replaces every seat and host token kept as given (32 hex digits) by its hash (64). One
/// that does not read as a token is left as it is: restoring its table then names it damaged.
fn hash_kept_tokens(tx: &rusqlite::Transaction) -> rusqlite::Result<()> {
    tx.execute_batch("CREATE TABLE upkeep (task TEXT PRIMARY KEY);")?;
    tx.execute("INSERT INTO upkeep (task) VALUES (?1)", [VACUUM_PENDING])?;
    let hashed = |text: &str| SeatToken::parse(text).map(|t| TokenHash::of(&t).to_string());
    let seats: Vec<(String, i64, String)> = tx
        .prepare("SELECT code, seat, token FROM seats WHERE length(token) = 32")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (code, seat, token) in seats {
        if let Some(hash) = hashed(&token) {
            tx.execute(
                "UPDATE seats SET token = ?1 WHERE code = ?2 AND seat = ?3",
                params![hash, code, seat],
            )?;
        }
    }
    let hosts: Vec<(String, String)> = tx
        .prepare("SELECT code, host FROM tables WHERE length(host) = 32")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (code, host) in hosts {
        if let Some(hash) = hashed(&host) {
            tx.execute("UPDATE tables SET host = ?1 WHERE code = ?2", params![hash, code])?;
        }
    }
    Ok(())
}

/// What the database keeps of a login's id (the cookie's value): its BLAKE2s hash in hex. The
/// id is 128 random bits, so a fast hash is enough: nothing short of the id itself matches.
/// (It hashes the id's text, where [`TokenHash`] hashes a token's bytes: changing it would
/// forget every login kept.)
fn login_key(id: &str) -> String {
    use blake2::{Blake2s256, Digest};
    crate::token::to_hex(&Blake2s256::digest(id.as_bytes()))
}

/// How long a login lasts, from when it was made: as long as its cookie (a year). A cookie
/// copied off a machine is not a key for ever.
pub const LOGIN_LASTS_SECONDS: i64 = 365 * 24 * 60 * 60;

/// What a client is told when the database refuses: the cause (a file's path, a disk full) is
/// the operator's to read in the log, not the client's.
pub const DATABASE_UNAVAILABLE: &str =
    "the server's database is unavailable just now: nothing was changed; try again in a moment";

/// Why the database refused.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    // Said once, in words for the operator (not as the chain of SQLite's repeated messages).
    #[error("{}: {}", path.display(), sqlite_words(cause))]
    Sqlite { path: PathBuf, cause: rusqlite::Error },
    #[error("{}: not a euchre server database (another program's file?)", path.display())]
    Foreign { path: PathBuf },
    #[error(
        "{}: written by a newer euchre (schema {found}, this one knows {known}): update euchre to use it (this one will not change it)",
        path.display()
    )]
    TooNew { path: PathBuf, found: i64, known: i64 },
    #[error("{0}")]
    Invalid(String),
}

/// SQLite's refusal in words, with what to do where there is something to do.
fn sqlite_words(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode;
    match e.sqlite_error_code() {
        Some(ErrorCode::CannotOpen) => {
            "cannot be opened: is it a folder, or is its folder missing or not writable?".into()
        }
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => {
            "is damaged or not a database: move it aside to start a new one (this server will not change it)"
                .into()
        }
        Some(ErrorCode::DiskFull) => "the disk is full".into(),
        Some(ErrorCode::ReadOnly | ErrorCode::PermissionDenied) => "cannot be written (permissions?)".into(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => {
            "is in use by another program just now".into()
        }
        _ => e.to_string(),
    }
}

/// A table as created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub code: String,
    pub preset: String,
    /// Options set on top of the preset, as name and value.
    pub options: Vec<(String, String)>,
    pub seed: u64,
    pub grace_secs: u64,
    /// The computer player that decides for an open or abandoned seat.
    pub stand_in: String,
    /// The hash of the host's token ([`TokenHash`]), as hex: never the token.
    pub host: String,
    /// The secret behind the random numbers of the table's hints and reviews, and of its
    /// computer players (never sent; each use in its own domain, `euchre_ai::seeds`).
    pub advice_key: u64,
}

/// A seat as stored: `open`, a person (with the hash of the token that holds it, as hex:
/// never the token) or a computer player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatRow {
    Open,
    Person {
        name: String,
        token: String,
        account: Option<String>,
    },
    Bot(String),
    /// Open, freed by the host from the computer player named (before the start): given to a
    /// computer player again, it is given to this one. Kept as an open seat with that name.
    Freed(String),
}

/// One change of a table: a decision of a seat, or (`None`) a new deal.
pub type EventRow = (u64, Option<(u8, String)>);

/// A table read back: as created, its seats now, its changes in order, and the table of its
/// company's next game if the host opened one.
pub struct LoadedTable {
    pub table: TableRow,
    pub seats: Vec<SeatRow>,
    /// Per seat, the deal (from 0) its holder took it in (migration 9).
    pub held_from: Vec<u32>,
    pub events: Vec<EventRow>,
    pub next_table: Option<String>,
    /// Since when it has waited for its players unwatched (see migration 8).
    pub waiting_since: SystemTime,
    /// Its game has begun: no seat was left open at some time (`started` set, migration 7),
    /// so its hands were sent. It stays begun whatever seat is freed since, before anyone
    /// decided too.
    pub begun: bool,
    /// Its seat changes since its game began, in order (migration 11).
    pub seat_changes: Vec<SeatChange>,
}

/// A finished game as kept for downloads and the players' pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    pub code: String,
    pub family: String,
    pub rules: String,
    pub players: Vec<String>,
    /// `person` or `bot`, per seat.
    pub kinds: Vec<String>,
    pub scores: Vec<i32>,
    pub winner: Option<usize>,
    pub record: String,
    pub egn: Option<String>,
}

/// A row of a player's history.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HistoryRow {
    pub code: String,
    pub rules: String,
    pub seat: u8,
    pub finished: i64,
    pub scores: Vec<i32>,
    pub won: bool,
}

/// How hard each write is pushed to the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// `synchronous = NORMAL` in WAL mode: a committed change survives the process being
    /// killed (the default; what the crash test checks); the last changes may be lost if the
    /// machine itself loses power.
    Process,
    /// `synchronous = FULL`: every commit is on the disk before it is acknowledged.
    Machine,
}

/// The open database. One connection, kept behind a lock: SQLite writes one at a time anyway.
/// Beside it, the statistics database `euchre stats` reads (`NAME.stats.sqlite3` for a server
/// database `NAME.sqlite3`), fed with every finished game.
pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
    /// The file opened, as the system knows it (device and inode), to tell it from another
    /// put at `path` while the server runs ([`Store::health`]).
    file: Option<(u64, u64)>,
    stats: Mutex<euchre_stats::Store>,
}

/// The device and inode of the file at `path`.
#[cfg(unix)]
fn file_id(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn file_id(path: &Path) -> Option<(u64, u64)> {
    path.exists().then_some((0, 0))
}

/// The `upkeep` row the health probe writes and deletes.
const HEALTH_PROBE: &str = "health probe";

/// The statistics database beside the server's.
pub fn stats_path(server: &Path) -> PathBuf {
    server.with_extension("stats.sqlite3")
}

/// The statistics database's refusal, as the store's.
fn stats_error(e: euchre_stats::StoreError) -> StoreError {
    StoreError::Invalid(e.to_string())
}

#[cfg(unix)]
fn restrict_to_owner(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
}

#[cfg(not(unix))]
fn restrict_to_owner(_: &Path) -> std::io::Result<()> {
    Ok(())
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// `at` in milliseconds since 1970, as `tables.waiting_since` keeps it.
fn millis(at: SystemTime) -> i64 {
    at.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (creating when missing) the database at `path` and brings it to the current
    /// schema.
    ///
    /// # Errors
    /// Another program's file, a newer euchre's, or SQLite's failure; the file is then left
    /// as it was.
    pub fn open(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        let err = |cause| StoreError::Sqlite {
            path: path.to_path_buf(),
            cause,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Invalid(format!("{}: cannot create the folder: {e}", dir.display()))
            })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let new_file = !path.exists();
        let mut conn = Connection::open_with_flags(path, flags).map_err(err)?;
        if new_file {
            // It holds the players' accounts and games (and the hashes of their keys): for the
            // server's user only (SQLite makes its journal files with the same permissions).
            restrict_to_owner(path).map_err(|e| {
                StoreError::Invalid(format!("{}: cannot set its permissions: {e}", path.display()))
            })?;
        }
        // SQLite opens a file it may not write read-only, without a word: every change would
        // then fail while the server seemed to run.
        if conn.is_readonly(rusqlite::MAIN_DB).map_err(err)? {
            return Err(StoreError::Invalid(format!(
                "{}: cannot be written (permissions?): the server keeps every table in it",
                path.display()
            )));
        }
        conn.busy_timeout(Duration::from_secs(5)).map_err(err)?;
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(err)?;
        let objects: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .map_err(err)?;
        if (app != 0 && app != APPLICATION_ID) || (app == 0 && objects > 0) {
            return Err(StoreError::Foreign {
                path: path.to_path_buf(),
            });
        }
        // A damaged file is refused before anything is written to it (SQLite would otherwise
        // find the damage only where a request reads it, and say only that it failed).
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(err)?;
        if check != "ok" {
            return Err(StoreError::Invalid(format!(
                "{}: is damaged (SQLite's check: {check}): move it aside to start a new one (this server will not change it)",
                path.display()
            )));
        }
        // The statistics database is checked before this one is changed (migrated), so that
        // a start refused for it leaves this one as it was.
        let stats_new = !stats_path(path).exists();
        let stats = euchre_stats::Store::open(&stats_path(path)).map_err(stats_error)?;
        // The players' names and games: the server's user's alone too (operator tester s50,
        // 10).
        if stats_new {
            restrict_to_owner(&stats_path(path)).map_err(|e| {
                StoreError::Invalid(format!(
                    "{}: cannot set its permissions: {e}",
                    stats_path(path).display()
                ))
            })?;
        }
        if stats.read_only() {
            return Err(StoreError::Invalid(format!(
                "{}: cannot be written (permissions?): the server adds every finished game to it",
                stats.path().display()
            )));
        }
        conn.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        let sync = match durability {
            Durability::Process => "NORMAL",
            Durability::Machine => "FULL",
        };
        conn.pragma_update(None, "synchronous", sync).map_err(err)?;
        conn.pragma_update(None, "foreign_keys", true).map_err(err)?;
        // What is deleted or overwritten (a login, a replaced token) is overwritten with zeros,
        // not left in the file's free space for a copy of it to show.
        conn.pragma_update(None, "secure_delete", true).map_err(err)?;
        loop {
            let tx = conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(err)?;
            let version: i64 = tx
                .pragma_query_value(None, "user_version", |r| r.get(0))
                .map_err(err)?;
            if version < 0 {
                return Err(StoreError::Invalid(format!(
                    "{}: is damaged (its schema version is {version}): move it aside to start a new one (this server will not change it)",
                    path.display()
                )));
            }
            if version > MIGRATIONS.len() as i64 {
                return Err(StoreError::TooNew {
                    path: path.to_path_buf(),
                    found: version,
                    known: MIGRATIONS.len() as i64,
                });
            }
            let Some(step) = usize::try_from(version).ok().and_then(|v| MIGRATIONS.get(v)) else {
                break;
            };
            match step {
                Sql(sql) => tx.execute_batch(sql),
                Code(f) => f(&tx),
            }
            .map_err(err)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(err)?;
            tx.pragma_update(None, "user_version", version + 1).map_err(err)?;
            tx.commit().map_err(err)?;
            // Said, for an older `euchre` refuses the file from now on (operator tester s50,
            // 11); a new file's first schema is no news.
            if !new_file {
                tracing::info!(database = %path.display(), from = version, to = version + 1, "database schema upgraded (an older euchre will refuse it: keep a backup from before to go back)");
            }
        }
        compact_if_asked(&conn);
        fill_name_keys(&mut conn).map_err(err)?;
        Ok(Store {
            conn: Mutex::new(conn),
            path: path.to_path_buf(),
            file: file_id(path),
            stats: Mutex::new(stats),
        })
    }

    /// Whether the database takes changes now (`/healthz`): the file at its path is still the
    /// one opened (not deleted, moved or replaced while the server runs: every change since
    /// would be lost at the next start, which would make a new, empty database), and a small
    /// write commits (not a full disk, nor a file made read-only). The error says which
    /// (operator tester s50, 3 and 4).
    pub fn health(&self) -> Result<(), String> {
        match file_id(&self.path) {
            None => {
                return Err(format!(
                    "the database file {} is gone (deleted or moved while the server runs): what is played now is lost at the next start; copy it from this process (sqlite3 /proc/{}/fd/N '.backup FILE', N the number `ls -l /proc/{}/fd` shows it by) before stopping the server",
                    self.path.display(),
                    std::process::id(),
                    std::process::id()
                ))
            }
            Some(id) if Some(id) != self.file => {
                return Err(format!(
                    "the file at {} is no longer the database this server opened (replaced while it runs): stop the server and see which is which",
                    self.path.display()
                ))
            }
            Some(_) => {}
        }
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute("INSERT OR REPLACE INTO upkeep (task) VALUES (?1)", [HEALTH_PROBE])?;
            tx.execute("DELETE FROM upkeep WHERE task = ?1", [HEALTH_PROBE])?;
            tx.commit()
        })
        .map_err(|e| format!("the database takes no change: {e}"))
    }

    /// Whether a finished game is kept in full: its row (record, EGN) here and its summary in
    /// the statistics database. A server stopped between the two has one without the other.
    pub fn fully_kept(&self, code: &str) -> Result<bool, StoreError> {
        if self.finished(code)?.is_none() {
            return Ok(false);
        }
        self.stats()?.has_game(code).map_err(stats_error)
    }

    /// The statistics database, for one call.
    fn stats(&self) -> Result<std::sync::MutexGuard<'_, euchre_stats::Store>, StoreError> {
        self.stats
            .lock()
            .map_err(|_| StoreError::Invalid("the statistics database was poisoned".into()))
    }

    /// Records a finished game's summary in the statistics database.
    pub fn record_stats(&self, summary: &euchre_stats::GameSummary) -> Result<(), StoreError> {
        self.stats()?.record_game(summary).map_err(stats_error)
    }

    /// The statistics of one player (by the name the games were recorded under), counted
    /// from that player's games alone: not everyone's figures to keep one (review s48,
    /// finding 4). A blocking SQLite read: call it off the event loop.
    pub fn player_stats(&self, name: &str) -> Result<Option<euchre_stats::PlayerStats>, StoreError> {
        self.stats()?.player_stats_of(name).map_err(stats_error)
    }

    /// The schema version (the number of migrations applied).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.with(|c| c.pragma_query_value(None, "user_version", |r| r.get(0)))
    }

    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        let mut conn = self
            .conn
            .lock()
            .map_err(|_| StoreError::Invalid("the database connection was poisoned".into()))?;
        f(&mut conn).map_err(|cause| StoreError::Sqlite {
            path: self.path.clone(),
            cause,
        })
    }

    /// Whether the database keeps a table with this code (tables finished or put away leave
    /// the server's memory, not the database; closed ones leave both).
    pub fn table_exists(&self, code: &str) -> Result<bool, StoreError> {
        self.with(|c| {
            c.query_row("SELECT count(*) FROM tables WHERE code = ?1", [code], |r| {
                r.get::<_, i64>(0)
            })
        })
        .map(|n| n > 0)
    }

    /// Stores a new table with its seats, in one transaction.
    pub fn create_table(&self, t: &TableRow, seats: &[SeatRow]) -> Result<(), StoreError> {
        let options = serde_json::to_string(&t.options).unwrap_or_else(|_| "[]".into());
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute(
                "INSERT INTO tables
                 (code, preset, options, seed, grace_secs, stand_in, host, created, advice_key, waiting_since)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    t.code,
                    t.preset,
                    options,
                    t.seed as i64,
                    t.grace_secs as i64,
                    t.stand_in,
                    t.host,
                    now(),
                    t.advice_key as i64,
                    millis(SystemTime::now())
                ],
            )?;
            for (i, s) in seats.iter().enumerate() {
                put_seat(&tx, &t.code, i, s, 0)?;
            }
            // A table made with no seat open (none is, through the server) begins at once.
            if !seats
                .iter()
                .any(|s| matches!(s, SeatRow::Open | SeatRow::Freed(_)))
            {
                tx.execute(
                    "UPDATE tables SET started = ?2 WHERE code = ?1",
                    params![t.code, now()],
                )?;
            }
            tx.commit()
        })
    }

    /// Stores a seat's new holder, with the record of the change (`change`: once the game has
    /// begun), and starts the table's waiting clock again.
    ///
    /// The first time no seat is left open, notes that the table's game began then, in the
    /// same transaction: a table whose hands may have been sent is read back begun
    /// ([`LoadedTable::begun`]), whatever seat is freed later. The seat and its change are
    /// stored together or not at all: no seat changes hands unrecorded.
    pub fn set_seat(
        &self,
        code: &str,
        seat: usize,
        s: &SeatRow,
        held_from: u32,
        change: Option<&SeatChange>,
    ) -> Result<(), StoreError> {
        self.with(|c| {
            let tx = c.transaction()?;
            put_seat(&tx, code, seat, s, held_from)?;
            if let Some(change) = change {
                put_seat_change(&tx, code, change)?;
            }
            tx.execute(
                "UPDATE tables SET started = ?2 WHERE code = ?1 AND started IS NULL
                 AND NOT EXISTS (SELECT 1 FROM seats WHERE code = ?1 AND kind = 'open')",
                params![code, now()],
            )?;
            tx.execute(
                "UPDATE tables SET waiting_since = ?2 WHERE code = ?1",
                params![code, millis(SystemTime::now())],
            )?;
            tx.commit()
        })
    }

    /// Stores a seat change that changes no stored seat: the stand-in playing for a person gone,
    /// and their coming back.
    pub fn add_seat_change(&self, code: &str, change: &SeatChange) -> Result<(), StoreError> {
        self.with(|c| put_seat_change(c, code, change))
    }

    /// Starts a table's waiting clock again at `at` (its last watcher left).
    pub fn set_waiting_since(&self, code: &str, at: SystemTime) -> Result<(), StoreError> {
        self.with(|c| {
            c.prepare_cached("UPDATE tables SET waiting_since = ?2 WHERE code = ?1")?
                .execute(params![code, millis(at)])
                .map(|_| ())
        })
    }

    /// Forgets tables closed before their game began (they waited too long for their players):
    /// their seats, their rows, and the pointers of other tables to them as their next game,
    /// in one transaction. A table with a change or a finished game stored is kept whatever is
    /// asked. Returns how many went.
    pub fn forget_waiting(&self, codes: &[String]) -> Result<usize, StoreError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let mut gone = 0;
            for code in codes {
                let begun: bool = tx.query_row(
                    "SELECT EXISTS (SELECT 1 FROM events WHERE code = ?1)
                         OR EXISTS (SELECT 1 FROM games WHERE code = ?1)",
                    [code],
                    |r| r.get(0),
                )?;
                if begun {
                    continue;
                }
                tx.execute("DELETE FROM seats WHERE code = ?1", [code])?;
                tx.execute("DELETE FROM seat_changes WHERE code = ?1", [code])?;
                gone += tx.execute("DELETE FROM tables WHERE code = ?1", [code])?;
                tx.execute(
                    "UPDATE tables SET next_table = NULL WHERE next_table = ?1",
                    [code],
                )?;
            }
            tx.commit()?;
            Ok(gone)
        })
    }

    /// Notes the table of the company's next game.
    pub fn set_next_table(&self, code: &str, next: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "UPDATE tables SET next_table = ?2 WHERE code = ?1",
                params![code, next],
            )
            .map(|_| ())
        })
    }

    /// Appends change `seq` of a table. A change already stored under that number is refused,
    /// so no change can be applied twice.
    pub fn append(&self, code: &str, seq: u64, event: Option<(u8, &str)>) -> Result<(), StoreError> {
        self.with(|c| {
            c.prepare_cached("INSERT INTO events (code, seq, seat, action) VALUES (?1, ?2, ?3, ?4)")?
                .execute(params![code, seq as i64, event.map(|e| e.0), event.map(|e| e.1)])
                .map(|_| ())
        })
    }

    /// The tables the server starts with, each with its seats and changes: every table
    /// waiting for its players (no change stored: each is closed in time, or played), and those
    /// finished within `finished_within` (for their players to see the end). A game in play is
    /// read back when asked for ([`Store::load_one`]): one abandoned long ago costs nothing at
    /// the start.
    pub fn load(&self, finished_within: Duration) -> Result<Vec<LoadedTable>, StoreError> {
        self.load_where(None, finished_within)
    }

    /// One table (`None`: no such table), to be read back once it has left the server's
    /// memory: its game finished, however long ago, or put away while nobody was at it.
    pub fn load_one(&self, code: &str) -> Result<Option<LoadedTable>, StoreError> {
        Ok(self.load_where(Some(code), Duration::ZERO)?.pop())
    }

    /// The tables of [`Store::load`], or (`code` given) that table alone.
    fn load_where(
        &self,
        code: Option<&str>,
        finished_within: Duration,
    ) -> Result<Vec<LoadedTable>, StoreError> {
        self.with(|c| {
            let mut tables = Vec::new();
            const COLUMNS: &str = "SELECT code, preset, options, seed, grace_secs, stand_in, host, advice_key, next_table, waiting_since, started IS NOT NULL FROM tables";
            // One code by its key (asked for each code not in memory: an unknown one must cost
            // little), or every table in play and those finished lately.
            use rusqlite::types::Value;
            let (mut st, arg) = match code {
                Some(code) => (
                    c.prepare_cached(&format!("{COLUMNS} WHERE code = ?1"))?,
                    Value::Text(code.to_string()),
                ),
                None => (
                    c.prepare_cached(&format!(
                        "{COLUMNS} WHERE code IN (SELECT code FROM games WHERE finished >= ?1)
                           OR NOT EXISTS (SELECT 1 FROM events e WHERE e.code = tables.code)
                         ORDER BY created, code"
                    ))?,
                    Value::Integer(now() - finished_within.as_secs() as i64),
                ),
            };
            let rows = st.query_map([arg], |r| {
                let options: String = r.get(2)?;
                let row = TableRow {
                    code: r.get(0)?,
                    preset: r.get(1)?,
                    options: serde_json::from_str(&options).unwrap_or_default(),
                    seed: r.get::<_, i64>(3)? as u64,
                    grace_secs: r.get::<_, i64>(4)? as u64,
                    stand_in: r.get(5)?,
                    host: r.get(6)?,
                    advice_key: r.get::<_, i64>(7)? as u64,
                };
                let waiting_since = r
                    .get::<_, Option<i64>>(9)?
                    .map_or_else(SystemTime::now, |ms| UNIX_EPOCH + Duration::from_millis(ms.max(0) as u64));
                Ok((row, r.get::<_, Option<String>>(8)?, waiting_since, r.get::<_, bool>(10)?))
            })?;
            for t in rows {
                tables.push(t?);
            }
            let mut out = Vec::new();
            let mut seat_st = c.prepare_cached(
                "SELECT kind, name, token, account, held_from FROM seats WHERE code = ?1 ORDER BY seat",
            )?;
            let mut event_st =
                c.prepare_cached("SELECT seq, seat, action FROM events WHERE code = ?1 ORDER BY seq")?;
            let mut change_st = c.prepare_cached(
                "SELECT seq, deal, decisions, seat, change, from_kind, from_name, to_kind, to_name
                 FROM seat_changes WHERE code = ?1 ORDER BY n",
            )?;
            for (table, next_table, waiting_since, begun) in tables {
                let (seats, held_from) = seat_st
                    .query_map([&table.code], |r| {
                        let kind: String = r.get(0)?;
                        let name: Option<String> = r.get(1)?;
                        let row = match kind.as_str() {
                            "person" => SeatRow::Person {
                                name: name.unwrap_or_default(),
                                token: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
                                account: r.get(3)?,
                            },
                            "bot" => SeatRow::Bot(name.unwrap_or_default()),
                            // An open seat keeps the name of the computer player freed from
                            // it, to give back; the schema's CHECK allows no other kind.
                            "open" => name.map_or(SeatRow::Open, SeatRow::Freed),
                            _ => SeatRow::Open,
                        };
                        Ok((row, r.get::<_, i64>(4)?.clamp(0, i64::from(u32::MAX)) as u32))
                    })?
                    .collect::<rusqlite::Result<(Vec<_>, Vec<_>)>>()?;
                let events = event_st
                    .query_map([&table.code], |r| {
                        let seat: Option<u8> = r.get(1)?;
                        let action: Option<String> = r.get(2)?;
                        Ok((r.get::<_, i64>(0)? as u64, seat.zip(action)))
                    })?
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                // The schema's CHECKs allow no other words: a row that had one would be left out.
                let seat_changes = change_st
                    .query_map([&table.code], |r| {
                        let holder = |kind: String, name: Option<String>| SeatHolder::parse(&kind, name);
                        let Some(change) = SeatChangeKind::parse(&r.get::<_, String>(4)?) else {
                            return Ok(None);
                        };
                        let (Some(from), Some(to)) = (holder(r.get(5)?, r.get(6)?), holder(r.get(7)?, r.get(8)?))
                        else {
                            return Ok(None);
                        };
                        Ok(Some(SeatChange {
                            seq: r.get::<_, i64>(0)?.max(0) as u64,
                            deal: r.get::<_, i64>(1)?.clamp(0, i64::from(u32::MAX)) as u32,
                            decisions: r.get::<_, i64>(2)?.clamp(0, i64::from(u32::MAX)) as u32,
                            seat: r.get::<_, i64>(3)?.clamp(0, i64::from(u8::MAX)) as u8,
                            change,
                            from,
                            to,
                        }))
                    })?
                    .filter_map(Result::transpose)
                    .collect::<rusqlite::Result<Vec<_>>>()?;
                out.push(LoadedTable {
                    table,
                    seats,
                    held_from,
                    events,
                    next_table,
                    waiting_since,
                    begun,
                    seat_changes,
                });
            }
            Ok(out)
        })
    }

    /// When a kept game began (`None` for one begun before schema 7, which noted no start)
    /// and finished, in seconds since 1970; `None` if it is not kept.
    pub fn game_times(&self, code: &str) -> Result<Option<(Option<i64>, i64)>, StoreError> {
        self.with(|c| {
            c.query_row(
                "SELECT t.started, g.finished FROM games g JOIN tables t ON t.code = g.code WHERE g.code = ?1",
                [code],
                |r| Ok((r.get::<_, Option<i64>>(0)?.filter(|&s| s > 0), r.get(1)?)),
            )
            .optional()
        })
    }

    /// Keeps a finished game (once: a game finished again after a restart is not stored twice).
    pub fn finish(&self, g: &FinishedGame) -> Result<bool, StoreError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let inserted = tx.execute(
                "INSERT OR IGNORE INTO games (code, finished, family, rules, players, scores, winner, record, egn)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    g.code,
                    now(),
                    g.family,
                    g.rules,
                    to_json(&g.players),
                    to_json(&g.scores),
                    g.winner.map(|w| w as i64),
                    g.record,
                    g.egn
                ],
            )?;
            if inserted > 0 {
                for (i, (name, kind)) in g.players.iter().zip(&g.kinds).enumerate() {
                    tx.execute(
                        "INSERT INTO game_players (code, seat, name, kind) VALUES (?1, ?2, ?3, ?4)",
                        params![g.code, i as i64, name, kind],
                    )?;
                }
            }
            tx.commit()?;
            Ok(inserted > 0)
        })
    }

    /// A finished game's record and EGN.
    pub fn finished(&self, code: &str) -> Result<Option<(String, Option<String>)>, StoreError> {
        self.with(|c| {
            c.query_row("SELECT record, egn FROM games WHERE code = ?1", [code], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()
        })
    }

    /// The finished games a name sat in, newest first (at most `limit`).
    pub fn history(&self, name: &str, limit: usize) -> Result<Vec<HistoryRow>, StoreError> {
        self.with(|c| {
            let mut st = c.prepare_cached(
                "SELECT g.code, g.rules, p.seat, g.finished, g.scores, g.winner, g.family
                 FROM game_players p JOIN games g ON g.code = p.code
                 WHERE p.name = ?1 ORDER BY g.finished DESC, g.code LIMIT ?2",
            )?;
            let rows = st.query_map(params![name, limit as i64], |r| {
                let scores: String = r.get(4)?;
                let seat: u8 = r.get(2)?;
                let winner: Option<i64> = r.get(5)?;
                let family: String = r.get(6)?;
                // The partnership game's winner is a team (seats 0 and 2 are team 0).
                let side = if family == "four-handed" {
                    i64::from(seat % 2)
                } else {
                    i64::from(seat)
                };
                Ok(HistoryRow {
                    code: r.get(0)?,
                    rules: r.get(1)?,
                    seat,
                    finished: r.get(3)?,
                    scores: serde_json::from_str(&scores).unwrap_or_default(),
                    won: winner == Some(side),
                })
            })?;
            rows.collect()
        })
    }

    /// Creates a named account. Returns false when the name is taken: in any letter case, or
    /// with look-alike letters (the same name by [`crate::names::name_keys`]).
    pub fn create_account(&self, name: &str, hash: &str) -> Result<bool, StoreError> {
        let [key, key2] = crate::names::name_keys(name);
        self.with(|c| {
            c.execute(
                "INSERT OR IGNORE INTO accounts (name, hash, created, name_key, name_key2)
                 SELECT ?1, ?2, ?3, ?4, ?5
                 WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE name_key = ?4 OR name_key2 = ?5)",
                params![name, hash, now(), key, key2],
            )
            .map(|n| n > 0)
        })
    }

    /// An account's stored name (as registered) and password hash.
    ///
    /// The name as registered first (letter case aside, as SQLite folds it: A to Z), else the
    /// account that is the same name by [`crate::names::name_keys`]: "ZOË" signs in as "Zoë",
    /// whose name it could not have been registered beside (browser tester s49, 3).
    pub fn account(&self, name: &str) -> Result<Option<(String, String)>, StoreError> {
        let [key, _] = crate::names::name_keys(name);
        self.with(|c| {
            c.query_row(
                "SELECT name, hash FROM accounts WHERE name = ?1 OR name_key = ?2
                 ORDER BY name = ?1 DESC, created, rowid LIMIT 1",
                [name, key.as_str()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        })
    }

    /// The registered name of the account `name` is the same name as (letter case and
    /// look-alike letters aside), if there is one.
    pub fn account_like(&self, name: &str) -> Result<Option<String>, StoreError> {
        let [key, key2] = crate::names::name_keys(name);
        self.with(|c| {
            c.query_row(
                "SELECT name FROM accounts WHERE name_key = ?1 OR name_key2 = ?2
                 ORDER BY created, rowid LIMIT 1",
                [key, key2],
                |r| r.get(0),
            )
            .optional()
        })
    }

    /// Records a login under its random id, kept as [`login_key`] (and forgets the logins that
    /// have run out).
    pub fn add_login(&self, id: &str, name: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute(
                "DELETE FROM logins WHERE created <= ?1",
                [now() - LOGIN_LASTS_SECONDS],
            )?;
            c.execute(
                "INSERT INTO logins (id, name, created) VALUES (?1, ?2, ?3)",
                params![login_key(id), name, now()],
            )
            .map(|_| ())
        })
    }

    /// The account a login id is for, while the login lasts.
    pub fn login(&self, id: &str) -> Result<Option<String>, StoreError> {
        self.with(|c| {
            c.query_row(
                "SELECT name FROM logins WHERE id = ?1 AND created > ?2",
                params![login_key(id), now() - LOGIN_LASTS_SECONDS],
                |r| r.get(0),
            )
            .optional()
        })
    }

    /// Gives the account `name` (as registered) the password hash `new` and forgets every login
    /// it has, in one transaction: a password changed because it was known to someone else
    /// must not leave that someone signed in. With `old`, the hash its current password was
    /// checked against (a change by its holder), only if it still has it: false, nothing
    /// changed, when it was changed meanwhile elsewhere. Without (the operator's reset,
    /// `euchre accounts reset-password`), whatever it had. False too when there is no such
    /// account.
    pub fn set_password(&self, name: &str, old: Option<&str>, new: &str) -> Result<bool, StoreError> {
        self.with(|c| {
            let tx = c.transaction()?;
            let changed = tx.execute(
                "UPDATE accounts SET hash = ?3 WHERE name = ?1 AND (?2 IS NULL OR hash = ?2)",
                params![name, old, new],
            )?;
            if changed == 0 {
                return Ok(false);
            }
            tx.execute("DELETE FROM logins WHERE name = ?1", [name])?;
            tx.commit()?;
            Ok(true)
        })
    }

    /// Every account's name and when it was made (seconds since 1970), in the order made: for
    /// the operator (`euchre accounts list`).
    pub fn accounts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        self.with(|c| {
            let mut q = c.prepare("SELECT name, created FROM accounts ORDER BY created, rowid")?;
            let rows = q.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            rows.collect()
        })
    }

    /// The operator's removal of an account (`euchre accounts delete`): its logins end with it,
    /// and its name is free to register again. The games it played keep the name they were
    /// played under. Returns false when there is no such account.
    pub fn delete_account(&self, name: &str) -> Result<bool, StoreError> {
        self.with(|c| {
            let tx = c.transaction()?;
            tx.execute("DELETE FROM logins WHERE name = ?1", [name])?;
            // The seats it holds are no longer its to take back: whoever registers the name
            // next is not the person who sat there (review s53, 5).
            tx.execute("UPDATE seats SET account = NULL WHERE account = ?1", [name])?;
            let gone = tx.execute("DELETE FROM accounts WHERE name = ?1", [name])?;
            tx.commit()?;
            Ok(gone > 0)
        })
    }

    /// The account a seat was taken under, as stored (`None`: a guest's seat, not a
    /// person's, or its account since deleted).
    pub fn seat_account(&self, code: &str, seat: usize) -> Result<Option<String>, StoreError> {
        self.with(|c| {
            let account = c.query_row(
                "SELECT account FROM seats WHERE code = ?1 AND seat = ?2 AND kind = 'person'",
                rusqlite::params![code, seat as i64],
                |r| r.get::<_, Option<String>>(0),
            );
            match account {
                Ok(a) => Ok(a),
                Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
                Err(e) => Err(e),
            }
        })
    }

    pub fn remove_login(&self, id: &str) -> Result<(), StoreError> {
        self.with(|c| {
            c.execute("DELETE FROM logins WHERE id = ?1", [login_key(id)])
                .map(|_| ())
        })
    }
}

/// Gives every account without them its [`crate::names::name_keys`] (accounts made before
/// migration 3).
fn fill_name_keys(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    let names: Vec<String> = {
        let mut q = tx.prepare("SELECT name FROM accounts WHERE name_key IS NULL")?;
        let rows = q.query_map([], |r| r.get(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for name in &names {
        let [key, key2] = crate::names::name_keys(name);
        tx.execute(
            "UPDATE accounts SET name_key = ?1, name_key2 = ?2 WHERE name = ?3",
            params![key, key2, name],
        )?;
    }
    tx.commit()
}

/// JSON text of plain values (lists of numbers and strings always serialise).
fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// Appends a seat change to a table's, after the last (in the caller's transaction, if any).
fn put_seat_change(c: &Connection, code: &str, ch: &SeatChange) -> rusqlite::Result<()> {
    c.prepare_cached(
        "INSERT INTO seat_changes
         (code, n, seq, deal, decisions, seat, change, from_kind, from_name, to_kind, to_name, at)
         VALUES (?1, (SELECT coalesce(max(n), -1) + 1 FROM seat_changes WHERE code = ?1),
                 ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?
    .execute(params![
        code,
        ch.seq as i64,
        ch.deal,
        ch.decisions,
        ch.seat,
        ch.change.as_str(),
        ch.from.kind,
        ch.from.name,
        ch.to.kind,
        ch.to.name,
        millis(SystemTime::now())
    ])
    .map(|_| ())
}

fn put_seat(c: &Connection, code: &str, seat: usize, s: &SeatRow, held_from: u32) -> rusqlite::Result<()> {
    let (kind, name, token, account) = match s {
        SeatRow::Open => ("open", None, None, None),
        SeatRow::Person { name, token, account } => (
            "person",
            Some(name.as_str()),
            Some(token.as_str()),
            account.as_deref(),
        ),
        SeatRow::Bot(n) => ("bot", Some(n.as_str()), None, None),
        SeatRow::Freed(n) => ("open", Some(n.as_str()), None, None),
    };
    c.execute(
        "INSERT OR REPLACE INTO seats (code, seat, kind, name, token, account, held_from)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![code, seat as i64, kind, name, token, account, held_from],
    )
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table's row as the first schema had it (older schemas' tests), held by `host`.
    fn old_table(c: &Connection, code: &str, host: &str) {
        c.execute(
            "INSERT INTO tables (code, preset, options, seed, grace_secs, stand_in, host, created)
             VALUES (?1, 'north-american', '[]', 7, 60, 'hard', ?2, 1)",
            params![code, host],
        )
        .unwrap();
    }

    /// A four-handed game finished 10 to 6 at table `code`, won by the side of seat 0.
    fn finished_game(code: &str, players: &[&str], kinds: &[&str]) -> FinishedGame {
        FinishedGame {
            code: code.into(),
            family: "four-handed".into(),
            rules: "north-american".into(),
            players: players.iter().map(|p| p.to_string()).collect(),
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            scores: vec![10, 6],
            winner: Some(0),
            record: "{}".into(),
            egn: None,
        }
    }

    /// A database at schema `version`, as an older euchre left it.
    fn at_schema(path: &Path, version: usize) -> Connection {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut c = Connection::open(path).unwrap();
        let tx = c.transaction().unwrap();
        for step in &MIGRATIONS[..version] {
            match step {
                Sql(sql) => tx.execute_batch(sql).unwrap(),
                Code(f) => f(&tx).unwrap(),
            }
        }
        tx.pragma_update(None, "application_id", APPLICATION_ID).unwrap();
        tx.pragma_update(None, "user_version", version as i64).unwrap();
        tx.commit().unwrap();
        c
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("euchre-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("server.db")
    }

    fn table(code: &str) -> TableRow {
        TableRow {
            code: code.into(),
            preset: "north-american".into(),
            options: vec![("winning_score".into(), "5".into())],
            seed: 7,
            grace_secs: 60,
            stand_in: "hard".into(),
            host: "ab".repeat(32),
            advice_key: 0x0123_4567_89ab_cdef,
        }
    }

    #[test]
    fn tables_seats_and_changes_read_back_in_order() {
        let path = temp("roundtrip");
        {
            let s = Store::open(&path, Durability::Process).unwrap();
            assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
            let seats = vec![
                SeatRow::Open,
                SeatRow::Bot("hard".into()),
                SeatRow::Open,
                SeatRow::Bot("easy".into()),
            ];
            assert!(!s.table_exists("AAAAAA").unwrap());
            s.create_table(&table("AAAAAA"), &seats).unwrap();
            assert!(s.table_exists("AAAAAA").unwrap());
            let ann = SeatRow::Person {
                name: "Ann".into(),
                token: "cd".repeat(32),
                account: None,
            };
            s.set_seat("AAAAAA", 0, &ann, 0, None).unwrap();
            s.append("AAAAAA", 1, Some((1, "pass"))).unwrap();
            s.append("AAAAAA", 2, Some((2, "order"))).unwrap();
            s.append("AAAAAA", 3, None).unwrap();
            // A change cannot be stored twice.
            assert!(s.append("AAAAAA", 2, Some((2, "pass"))).is_err());
            s.create_table(&table("BBBBBB"), &seats).unwrap();
            s.set_next_table("BBBBBB", "CCCCCC").unwrap();
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        // At the start: the table waiting for its players; the game in play when asked for.
        let loaded = s.load(Duration::from_secs(3600)).unwrap();
        assert_eq!(loaded.len(), 1);
        assert_eq!(loaded[0].table, table("BBBBBB"));
        assert_eq!(loaded[0].next_table.as_deref(), Some("CCCCCC"));
        let in_play = s.load_one("AAAAAA").unwrap().unwrap();
        assert!(s.load_one("ZZZZZZ").unwrap().is_none());
        assert_eq!(in_play.table, table("AAAAAA"));
        assert_eq!(in_play.next_table, None);
        assert!(matches!(&in_play.seats[0], SeatRow::Person { name, .. } if name == "Ann"));
        assert_eq!(in_play.seats[1], SeatRow::Bot("hard".into()));
        assert_eq!(
            in_play.events,
            vec![
                (1, Some((1, "pass".to_string()))),
                (2, Some((2, "order".to_string()))),
                (3, None)
            ]
        );
    }

    /// A database from before the advice secrets (schema 1) is migrated: its tables get a
    /// secret each, drawn once and then kept.
    #[test]
    fn tables_from_schema_1_get_an_advice_secret_that_stays() {
        let path = temp("schema1");
        {
            let c = at_schema(&path, 1);
            for code in ["AAAAAA", "BBBBBB"] {
                old_table(&c, code, &"ab".repeat(16));
            }
        }
        let keys = || {
            let s = Store::open(&path, Durability::Process).unwrap();
            assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
            let loaded = s.load(Duration::from_secs(3600)).unwrap();
            loaded.iter().map(|t| t.table.advice_key).collect::<Vec<_>>()
        };
        let first = keys();
        assert_eq!(first.len(), 2);
        assert!(first.iter().all(|&k| k != 0), "{first:?}");
        assert_ne!(first[0], first[1], "each table its own secret");
        assert_eq!(keys(), first, "drawn once, then kept");
    }

    #[test]
    fn another_programs_database_is_refused_untouched() {
        let path = temp("foreign");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        {
            let c = Connection::open(&path).unwrap();
            c.execute_batch("CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('mine');")
                .unwrap();
        }
        let before = std::fs::read(&path).unwrap();
        let e = Store::open(&path, Durability::Process).err().unwrap();
        assert!(e.to_string().contains("not a euchre server database"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }

    #[test]
    fn a_login_is_kept_by_its_ids_hash_only() {
        let path = temp("login-hash");
        let store = Store::open(&path, Durability::Process).unwrap();
        assert!(store.create_account("Ann", "$argon2id$hash").unwrap());
        let id = "0123456789abcdef0123456789abcdef";
        store.add_login(id, "Ann").unwrap();
        assert_eq!(store.login(id).unwrap().as_deref(), Some("Ann"));
        assert_eq!(store.login("0123456789abcdef0123456789abcdee").unwrap(), None);
        let kept: String = store
            .with(|c| c.query_row("SELECT id FROM logins", [], |r| r.get(0)))
            .unwrap();
        assert_ne!(kept, id);
        assert_eq!(kept, login_key(id));
        assert_eq!(kept.len(), 64);
        drop(store);
        assert!(!String::from_utf8_lossy(&std::fs::read(&path).unwrap()).contains(id));
        let store = Store::open(&path, Durability::Process).unwrap();
        store.remove_login(id).unwrap();
        assert_eq!(store.login(id).unwrap(), None);
    }

    #[test]
    fn a_schema_newer_or_below_0_is_refused_untouched() {
        for (version, said) in [(99, "update euchre to use it"), (-1, "schema version is -1")] {
            let path = temp(&format!("schema{version}"));
            drop(Store::open(&path, Durability::Process).unwrap());
            Connection::open(&path)
                .unwrap()
                .pragma_update(None, "user_version", version)
                .unwrap();
            let before = std::fs::read(&path).unwrap();
            let e = Store::open(&path, Durability::Process).err().unwrap();
            assert!(e.to_string().contains(said), "{e}");
            assert_eq!(std::fs::read(&path).unwrap(), before);
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_new_database_is_for_its_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let path = temp("mode");
        let store = Store::open(&path, Durability::Process).unwrap();
        for file in [path.clone(), stats_path(&path)] {
            let mode = std::fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{}: {mode:o}", file.display());
        }
        drop(store);
    }

    #[test]
    fn a_damaged_database_is_refused_untouched() {
        let path = temp("damaged");
        drop(Store::open(&path, Durability::Process).unwrap());
        let mut bytes = std::fs::read(&path).unwrap();
        let pages = bytes.len() / 4096;
        assert!(pages > 3, "{pages} pages");
        // The last table's page says it holds 65,535 cells.
        let last = (pages - 1) * 4096;
        bytes[last..last + 8].copy_from_slice(&[0x0d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
        std::fs::write(&path, &bytes).unwrap();
        let e = Store::open(&path, Durability::Process).err().unwrap();
        assert!(e.to_string().contains("is damaged (SQLite's check:"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }

    #[test]
    fn finished_games_feed_a_players_history_once() {
        let path = temp("history");
        let s = Store::open(&path, Durability::Process).unwrap();
        s.create_table(&table("BBBBBB"), &[]).unwrap();
        let g = finished_game(
            "BBBBBB",
            &["Ann", "hard", "Bob", "easy"],
            &["person", "bot", "person", "bot"],
        );
        assert!(s.finish(&g).unwrap(), "kept");
        assert!(!s.finish(&g).unwrap(), "kept once");
        let h = s.history("Bob", 10).unwrap();
        assert_eq!(h.len(), 1);
        assert!(h[0].won);
        assert!(!s.history("easy", 10).unwrap()[0].won);
        assert_eq!(s.finished("BBBBBB").unwrap().unwrap().0, "{}");
        assert!(s.history("Nobody", 10).unwrap().is_empty());
    }

    #[test]
    fn health_says_when_the_file_is_gone_or_replaced() {
        let path = temp("health");
        let s = Store::open(&path, Durability::Process).unwrap();
        assert_eq!(s.health(), Ok(()));
        let aside = path.with_extension("aside");
        std::fs::rename(&path, &aside).unwrap();
        let e = s.health().unwrap_err();
        assert!(e.contains("is gone"), "{e}");
        // Another file put in its place.
        std::fs::copy(&aside, &path).unwrap();
        let e = s.health().unwrap_err();
        assert!(e.contains("no longer the database this server opened"), "{e}");
        std::fs::remove_file(&path).unwrap();
        std::fs::rename(&aside, &path).unwrap();
        assert_eq!(s.health(), Ok(()));
    }

    #[test]
    fn the_operator_lists_resets_and_deletes_accounts_and_their_logins_end() {
        let s = Store::open(&temp("operator"), Durability::Process).unwrap();
        assert!(s.create_account("Ann", "h1").unwrap());
        assert!(s.create_account("Bo", "h2").unwrap());
        s.add_login("ann's", "Ann").unwrap();
        s.add_login("bo's", "Bo").unwrap();
        let names: Vec<String> = s.accounts().unwrap().into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["Ann", "Bo"]);
        assert!(s.set_password("Ann", None, "h3").unwrap());
        assert_eq!(s.account("ann").unwrap(), Some(("Ann".into(), "h3".into())));
        assert_eq!(s.login("ann's").unwrap(), None);
        assert!(s.delete_account("Bo").unwrap());
        assert_eq!(s.login("bo's").unwrap(), None, "a deleted account's login ends");
        assert_eq!(s.account_like("BO").unwrap(), None);
        assert!(s.create_account("bo", "h4").unwrap(), "its name is free again");
        assert!(!s.set_password("Nobody", None, "h").unwrap());
        assert!(!s.delete_account("Nobody").unwrap());
    }

    #[test]
    fn a_password_is_replaced_only_if_it_is_the_one_checked_and_every_login_ends() {
        let s = Store::open(&temp("password"), Durability::Process).unwrap();
        assert!(s.create_account("Ann", "h1").unwrap());
        s.add_login("one", "Ann").unwrap();
        // Checked against a hash changed meanwhile (another browser's change): nothing changes.
        assert!(!s.set_password("Ann", Some("h0"), "h2").unwrap());
        assert_eq!(s.account("Ann").unwrap(), Some(("Ann".into(), "h1".into())));
        assert_eq!(s.login("one").unwrap().as_deref(), Some("Ann"));
        assert!(s.set_password("Ann", Some("h1"), "h2").unwrap());
        assert_eq!(s.account("Ann").unwrap(), Some(("Ann".into(), "h2".into())));
        assert_eq!(s.login("one").unwrap(), None);
        assert!(!s.set_password("Nobody", Some("h1"), "h2").unwrap());
    }

    #[test]
    fn account_names_are_unique_in_any_case_and_logins_run_out() {
        let s = Store::open(&temp("accounts"), Durability::Process).unwrap();
        assert!(s.create_account("Ann", "h1").unwrap());
        assert!(!s.create_account("ann", "h2").unwrap());
        assert_eq!(s.account("ANN").unwrap(), Some(("Ann".into(), "h1".into())));
        // Letter case beyond A to Z, and spaces as typed, find the account too (browser tester
        // s49, 3): SQLite's NOCASE folds only A to Z.
        assert!(s.create_account("Zoë Ñandú", "h3").unwrap());
        for typed in ["ZOË ÑANDÚ", "zoë  ñandú"] {
            assert_eq!(
                s.account(typed).unwrap(),
                Some(("Zoë Ñandú".into(), "h3".into())),
                "{typed}"
            );
        }
        assert_eq!(s.account("Zoe Nandu").unwrap(), None, "accents count");
        s.add_login("id1", "Ann").unwrap();
        assert_eq!(s.login("id1").unwrap().as_deref(), Some("Ann"));
        // A login made over a year ago has run out, and the next login forgets it.
        let old = now() - LOGIN_LASTS_SECONDS;
        s.with(|c| {
            c.execute(
                "INSERT INTO logins (id, name, created) VALUES ('old', 'Ann', ?1)",
                [old],
            )
        })
        .unwrap();
        assert_eq!(s.login("old").unwrap(), None);
        s.add_login("id2", "Ann").unwrap();
        let left: i64 = s
            .with(|c| c.query_row("SELECT count(*) FROM logins WHERE id = 'old'", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(left, 0);
        s.remove_login("id1").unwrap();
        assert_eq!(s.login("id1").unwrap(), None);
        // A look-alike (Cyrillic "А") is the same name.
        assert!(!s.create_account("\u{0410}nn", "h3").unwrap());
        assert_eq!(s.account_like("\u{0410}NN").unwrap().as_deref(), Some("Ann"));
        assert_eq!(s.account_like("Anne").unwrap(), None);
        // A capital I written for a small l.
        assert!(s.create_account("Paul", "h4").unwrap());
        assert_eq!(s.account_like("PauI").unwrap().as_deref(), Some("Paul"));
    }

    /// Accounts from before the names' keys (schema 2) get theirs when the file is opened, so a
    /// look-alike of an old account is refused too.
    #[test]
    fn accounts_from_schema_2_get_their_name_keys() {
        let path = temp("schema2");
        {
            let c = at_schema(&path, 2);
            c.execute(
                "INSERT INTO accounts (name, hash, created) VALUES ('Chris', 'h', 1)",
                [],
            )
            .unwrap();
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
        assert_eq!(s.account_like("Chr\u{0456}s").unwrap().as_deref(), Some("Chris"));
        assert!(!s.create_account("CHRIS", "h2").unwrap());
    }

    /// Tokens kept as given (schema 5) are replaced by their hashes when the file is opened:
    /// their holders keep their seats and the host its table, and the file holds no token.
    #[test]
    fn tokens_from_schema_5_are_kept_by_their_hashes() {
        let path = temp("schema5");
        let seat = SeatToken::random();
        let host = SeatToken::random();
        {
            let c = at_schema(&path, 5);
            old_table(&c, "AAAAAA", &host.to_string());
            c.execute(
                "INSERT INTO seats (code, seat, kind, name, token) VALUES ('AAAAAA', 0, 'person', 'Ann', ?1),
                 ('AAAAAA', 1, 'person', 'Bob', 'not a token'), ('AAAAAA', 2, 'open', NULL, NULL)",
                [seat.to_string()],
            )
            .unwrap();
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let loaded = s.load(Duration::from_secs(3600)).unwrap();
        let kept = |row: &SeatRow| match row {
            SeatRow::Person { token, .. } => token.clone(),
            other => panic!("{other:?}"),
        };
        assert!(TokenHash::parse(&loaded[0].table.host).unwrap().matches(&host));
        assert!(TokenHash::parse(&kept(&loaded[0].seats[0]))
            .unwrap()
            .matches(&seat));
        assert_eq!(
            kept(&loaded[0].seats[1]),
            "not a token",
            "left for the restore to name"
        );
        assert_eq!(loaded[0].seats[2], SeatRow::Open);
        drop(s);
        let bytes = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        assert!(!bytes.contains(&seat.to_string()) && !bytes.contains(&host.to_string()));
        // Opened again, nothing is hashed twice.
        let s = Store::open(&path, Durability::Process).unwrap();
        let again = s.load(Duration::from_secs(3600)).unwrap();
        assert_eq!(kept(&again[0].seats[0]), kept(&loaded[0].seats[0]));
        assert_eq!(again[0].table.host, loaded[0].table.host);
    }

    /// The move to schema 6 compacts the file once: a login that an older version deleted
    /// without `secure_delete` is gone from it. A compaction still asked for is done at the
    /// next start.
    #[test]
    fn the_move_to_schema_6_leaves_no_deleted_login_in_the_file() {
        let path = temp("vacuum");
        let id = "0123456789abcdef0123456789abcdef";
        {
            let c = at_schema(&path, 5);
            c.execute_batch("PRAGMA secure_delete = OFF").unwrap();
            c.execute(
                "INSERT INTO accounts (name, hash, created) VALUES ('Ann', 'h', 1)",
                [],
            )
            .unwrap();
            c.execute(
                "INSERT INTO logins (id, name, created) VALUES (?1, 'Ann', 1)",
                [id],
            )
            .unwrap();
            c.execute("DELETE FROM logins", []).unwrap();
        }
        let in_file = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).contains(id);
        assert!(in_file(&path), "the deleted login is still in the old file");
        let s = Store::open(&path, Durability::Process).unwrap();
        let asked: i64 = s
            .with(|c| c.query_row("SELECT count(*) FROM upkeep", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(asked, 0, "done, so no longer asked");
        drop(s);
        assert!(!in_file(&path), "the deleted login is gone");
        // Asked again (as after a compaction that failed), the next start does it.
        Connection::open(&path)
            .unwrap()
            .execute("INSERT INTO upkeep (task) VALUES (?1)", [VACUUM_PENDING])
            .unwrap();
        let s = Store::open(&path, Durability::Process).unwrap();
        let asked: i64 = s
            .with(|c| c.query_row("SELECT count(*) FROM upkeep", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(asked, 0);
    }

    /// A game begun before schema 7 has no start time, even when a seat is taken again after
    /// the move; a table still waiting at the move gets one when its last seat is taken.
    #[test]
    fn games_begun_before_schema_7_have_no_start_time() {
        let path = temp("schema6");
        {
            let c = at_schema(&path, 6);
            for code in ["BEGUN1", "WAITNG"] {
                old_table(&c, code, "h");
                c.execute(
                    "INSERT INTO seats (code, seat, kind, name) VALUES (?1, 0, 'open', NULL), (?1, 1, 'bot', 'basic')",
                    [code],
                )
                .unwrap();
            }
            // The first has begun (a change stored; its seat 0 was freed by the host since).
            c.execute(
                "INSERT INTO events (code, seq, seat, action) VALUES ('BEGUN1', 1, 1, 'pass')",
                [],
            )
            .unwrap();
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        let ann = SeatRow::Person {
            name: "Ann".into(),
            token: "ab".repeat(32),
            account: None,
        };
        for code in ["BEGUN1", "WAITNG"] {
            s.set_seat(code, 0, &ann, 0, None).unwrap();
            s.finish(&finished_game(code, &["Ann", "basic"], &["person", "bot"]))
                .unwrap();
        }
        let (started, finished) = s.game_times("BEGUN1").unwrap().unwrap();
        assert_eq!(started, None, "begun before the move: unknown");
        assert!(finished > 0);
        let (started, finished) = s.game_times("WAITNG").unwrap().unwrap();
        assert!(
            started.is_some_and(|t| t > 0 && t <= finished),
            "{started:?} {finished}"
        );
    }

    /// A table's waiting clock is read back as stored (to the millisecond); a table from before
    /// schema 8 starts its clock at the upgrade. Only a table that never began is forgotten,
    /// with the pointer of the table whose next game it was.
    #[test]
    fn waiting_tables_keep_their_clock_and_only_unbegun_ones_are_forgotten() {
        let path = temp("schema7");
        {
            let c = at_schema(&path, 7);
            old_table(&c, "OLDONE", "h");
        }
        let before = SystemTime::now() - Duration::from_secs(1);
        let s = Store::open(&path, Durability::Process).unwrap();
        for code in ["NEXTUP", "BEGUN1", "FINISH"] {
            s.create_table(&table(code), &[SeatRow::Open, SeatRow::Bot("basic".into())])
                .unwrap();
        }
        let at = UNIX_EPOCH + Duration::from_millis(1_700_000_000_123);
        s.set_waiting_since("NEXTUP", at).unwrap();
        s.set_next_table("OLDONE", "NEXTUP").unwrap();
        s.append("BEGUN1", 1, None).unwrap();
        s.finish(&finished_game("FINISH", &["Ann", "basic"], &["person", "bot"]))
            .unwrap();
        // A seat changing hands starts the clock again.
        s.set_waiting_since("FINISH", at).unwrap();
        let ann = SeatRow::Person {
            name: "Ann".into(),
            token: "ab".repeat(32),
            account: None,
        };
        s.set_seat("FINISH", 0, &ann, 0, None).unwrap();
        let loaded = s.load(Duration::from_secs(3600)).unwrap();
        let since = |code: &str| {
            loaded
                .iter()
                .find(|t| t.table.code == code)
                .unwrap()
                .waiting_since
        };
        assert_eq!(since("NEXTUP"), at);
        assert!(since("FINISH") >= before, "the seat taken restarted it");
        assert!(since("OLDONE") >= before, "upgraded: the clock starts then");
        let asked = ["NEXTUP", "BEGUN1", "FINISH", "NOSUCH"].map(String::from);
        assert_eq!(s.forget_waiting(&asked).unwrap(), 1, "only NEXTUP never began");
        let loaded = s.load(Duration::from_secs(3600)).unwrap();
        let codes: Vec<&str> = loaded.iter().map(|t| t.table.code.as_str()).collect();
        assert_eq!(
            codes,
            ["OLDONE", "FINISH"],
            "BEGUN1, in play, is read back when asked for"
        );
        assert!(s.load_one("BEGUN1").unwrap().is_some());
        assert_eq!(loaded[0].next_table, None, "the pointer to it is forgotten too");
        assert!(!s.table_exists("NEXTUP").unwrap());
        let seats: i64 = s
            .with(|c| {
                c.query_row("SELECT count(*) FROM seats WHERE code = 'NEXTUP'", [], |r| {
                    r.get(0)
                })
            })
            .unwrap();
        assert_eq!(seats, 0);
    }

    /// Server tester s53, 1 and 2: a table whose seats were all taken once (its hands sent)
    /// is read back begun, though a seat was freed since and nobody has decided; one never
    /// full is not. From before schema 7, a table with every seat taken and no change stored
    /// is begun too (its people were sent their hands as they connected), one with a seat
    /// still open is not.
    #[test]
    fn a_table_once_full_is_read_back_begun() {
        let path = temp("begun");
        {
            let c = at_schema(&path, 6);
            for (code, seat0) in [("FULLAT", "'bot', 'basic'"), ("OPENAT", "'open', NULL")] {
                old_table(&c, code, "h");
                c.execute(
                    &format!("INSERT INTO seats (code, seat, kind, name) VALUES (?1, 0, {seat0}), (?1, 1, 'bot', 'basic')"),
                    [code],
                )
                .unwrap();
            }
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        let ann = SeatRow::Person {
            name: "Ann".into(),
            token: "ab".repeat(32),
            account: None,
        };
        for code in ["FILLED", "NEVER1"] {
            s.create_table(&table(code), &[SeatRow::Open, SeatRow::Bot("basic".into())])
                .unwrap();
        }
        s.set_seat("FILLED", 0, &ann, 0, None).unwrap();
        s.set_seat("FILLED", 0, &SeatRow::Open, 0, None).unwrap();
        // Its computer player freed first: Ann sitting leaves a seat open.
        s.set_seat("NEVER1", 1, &SeatRow::Freed("basic".into()), 0, None)
            .unwrap();
        s.set_seat("NEVER1", 0, &ann, 0, None).unwrap();
        s.set_seat("NEVER1", 0, &SeatRow::Open, 0, None).unwrap();
        let loaded = s.load(Duration::ZERO).unwrap();
        let begun = |code: &str| loaded.iter().find(|t| t.table.code == code).unwrap().begun;
        assert!(begun("FILLED"), "filled once, freed since");
        assert!(begun("FULLAT"), "full at the move");
        assert!(!begun("OPENAT"));
        assert!(!begun("NEVER1"), "never full");
    }

    /// Ann's seat 0 changing hands in deal 2, after 3 decisions: freed by the host.
    fn ann_freed() -> SeatChange {
        SeatChange {
            seq: 40,
            deal: 2,
            decisions: 3,
            seat: 0,
            change: SeatChangeKind::Freed,
            from: SeatHolder {
                kind: "person",
                name: Some("Ann".into()),
            },
            to: SeatHolder {
                kind: "open",
                name: None,
            },
        }
    }

    /// Review s53, 3: a seat's change is stored with the seat, in one transaction, and read
    /// back with the table in the order made; a change of who plays (the stand-in for a person
    /// gone) is stored alone; a table forgotten takes its changes with it.
    #[test]
    fn seat_changes_are_stored_with_the_seat_and_read_back_in_order() {
        let path = temp("seat-changes");
        let s = Store::open(&path, Durability::Process).unwrap();
        s.create_table(&table("CHANGE"), &[SeatRow::Bot("basic".into()), SeatRow::Open])
            .unwrap();
        let spy = SeatRow::Person {
            name: "Spy".into(),
            token: "cd".repeat(32),
            account: None,
        };
        let sat = SeatChange {
            seq: 41,
            decisions: 4,
            change: SeatChangeKind::Sat,
            from: ann_freed().to,
            to: SeatHolder {
                kind: "person",
                name: Some("Spy".into()),
            },
            ..ann_freed()
        };
        let away = SeatChange {
            seq: 45,
            deal: 3,
            decisions: 0,
            seat: 1,
            change: SeatChangeKind::AwayByHost,
            from: SeatHolder {
                kind: "person",
                name: Some("Bo".into()),
            },
            to: SeatHolder {
                kind: "away",
                name: Some("Bo".into()),
            },
        };
        s.set_seat("CHANGE", 0, &SeatRow::Open, 0, Some(&ann_freed()))
            .unwrap();
        s.set_seat("CHANGE", 0, &spy, 1, Some(&sat)).unwrap();
        s.add_seat_change("CHANGE", &away).unwrap();
        // A seat written without a change (before the start) adds none.
        s.set_seat("CHANGE", 1, &SeatRow::Open, 0, None).unwrap();
        drop(s);
        let s = Store::open(&path, Durability::Process).unwrap();
        let t = s.load_one("CHANGE").unwrap().unwrap();
        assert_eq!(t.seat_changes, vec![ann_freed(), sat, away]);
        assert_eq!(t.seats[0], spy);
        s.forget_waiting(&["CHANGE".to_string()]).unwrap();
        let left: i64 = s
            .with(|c| c.query_row("SELECT count(*) FROM seat_changes", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(left, 0, "forgotten with its table");
    }

    /// A database at schema 10 moves to 11 with its tables as they were and no seat change
    /// (none was recorded then); the new table takes them at once, and refuses a word it does
    /// not know.
    #[test]
    fn tables_from_schema_10_get_seat_changes() {
        let path = temp("schema10");
        {
            let c = at_schema(&path, 10);
            old_table(&c, "OLDTEN", "h");
            c.execute(
                "INSERT INTO seats (code, seat, kind, name) VALUES ('OLDTEN', 0, 'open', NULL), ('OLDTEN', 1, 'bot', 'basic')",
                [],
            )
            .unwrap();
        }
        let s = Store::open(&path, Durability::Process).unwrap();
        assert_eq!(s.schema_version().unwrap(), 11);
        assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
        let t = s.load_one("OLDTEN").unwrap().unwrap();
        assert!(t.seat_changes.is_empty());
        assert_eq!(t.seats, vec![SeatRow::Open, SeatRow::Bot("basic".into())]);
        s.set_seat("OLDTEN", 0, &SeatRow::Bot("easy".into()), 0, Some(&ann_freed()))
            .unwrap();
        assert_eq!(
            s.load_one("OLDTEN").unwrap().unwrap().seat_changes,
            vec![ann_freed()]
        );
        let odd = s.with(|c| {
            c.execute(
                "INSERT INTO seat_changes (code, n, seq, deal, decisions, seat, change, from_kind, to_kind, at)
                 VALUES ('OLDTEN', 9, 0, 1, 0, 0, 'peeked', 'open', 'open', 0)",
                [],
            )
        });
        assert!(odd.is_err(), "the schema checks the words");
    }
}
