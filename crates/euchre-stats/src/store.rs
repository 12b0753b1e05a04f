//! The database: opening it (checked, and brought to the current schema by versioned
//! migrations), recording games and reading the statistics back. The schema is described in
//! `docs/stats.md`.
//!
//! Panic policy: none. Every database result is handled; a file this program cannot read is
//! refused with an error naming it, and never changed, reset or deleted.

use crate::stats::PlayerStats;
use crate::summary::{GameSummary, SeatKind};
use rusqlite::{params, Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The environment variable naming the folder of the default database (tests and CI set it).
pub const DATA_DIR_VAR: &str = "EUCHRE_DATA_DIR";

/// The database's file name in the data folder.
pub const FILE_NAME: &str = "stats.sqlite3";

/// `PRAGMA application_id` of a euchre statistics database ("Euch"), telling it from the
/// databases of other programs.
pub const APPLICATION_ID: i32 = 0x4575_6368;

/// The schema, one migration per version: `MIGRATIONS[i]` takes a database from version `i` to
/// `i + 1`. Append only: a released step is never edited.
const MIGRATIONS: &[&str] = &[
    // 1: games, their seats, their deals and the points of each deal.
    "CREATE TABLE games (
        id       TEXT PRIMARY KEY NOT NULL,
        family   TEXT NOT NULL,
        preset   TEXT,
        rules    TEXT NOT NULL,
        players  INTEGER NOT NULL,
        started  TEXT,
        finished TEXT,
        over     INTEGER NOT NULL,
        winner   INTEGER,
        scores   TEXT NOT NULL,
        recorded TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    ) STRICT;
    CREATE TABLE seats (
        game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        side         INTEGER NOT NULL,
        player       TEXT NOT NULL,
        kind         TEXT NOT NULL CHECK (kind IN ('person', 'bot')),
        mistake_cost REAL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE INDEX seats_by_player ON seats (player);
    CREATE TABLE deals (
        game_id      TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        deal         INTEGER NOT NULL,
        dealer       INTEGER NOT NULL,
        maker        INTEGER,
        maker_side   INTEGER,
        alone        INTEGER NOT NULL,
        bid          INTEGER,
        maker_tricks INTEGER,
        euchred      INTEGER NOT NULL,
        marched      INTEGER NOT NULL,
        PRIMARY KEY (game_id, deal)
    ) STRICT;
    CREATE TABLE deal_points (
        game_id TEXT NOT NULL,
        deal    INTEGER NOT NULL,
        side    INTEGER NOT NULL,
        points  INTEGER NOT NULL,
        PRIMARY KEY (game_id, deal, side),
        FOREIGN KEY (game_id, deal) REFERENCES deals (game_id, deal) ON DELETE CASCADE
    ) STRICT;",
    // 2: who played alone for the makers, which is not always the maker (a Keller jambone by
    // the maker's partner). Deals recorded before it knew no other than the maker.
    "ALTER TABLE deals ADD COLUMN loner INTEGER;
     UPDATE deals SET loner = maker WHERE alone;",
];

/// The schema version this program writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Why the store could not be opened, read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The file's schema is newer than this program's.
    #[error(
        "{} was written by a newer euchre (schema {found}; this one knows {known}): update euchre to use it",
        path.display()
    )]
    TooNew { path: PathBuf, found: i64, known: i64 },
    /// The file is not a SQLite database, or fails its integrity check.
    #[error(
        "{} is damaged or is not a database ({reason}); it was left as it is: move it aside to start a new one",
        path.display()
    )]
    Damaged { path: PathBuf, reason: String },
    /// A SQLite database of another program.
    #[error(
        "{} is a database of another program, not euchre's statistics; it was left as it is",
        path.display()
    )]
    Foreign { path: PathBuf },
    /// No folder for the default database.
    #[error("no data folder for the statistics database: set {DATA_DIR_VAR}")]
    NoDataDir,
    /// The folder of the database could not be created. (The cause is in the message, not a
    /// `source`: an error chain printed whole would say it twice.)
    #[error("creating {}: {error}", path.display())]
    Io { path: PathBuf, error: std::io::Error },
    /// A summary the store does not take (one built by hand).
    #[error("game {id}: {why}")]
    InvalidGame { id: String, why: String },
    /// SQLite failed (the disk, a lock held too long, ...).
    #[error("{}: {error}", path.display())]
    Sqlite { path: PathBuf, error: rusqlite::Error },
}

/// An open statistics database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    path: PathBuf,
    /// The schema the file is read in: [`SCHEMA_VERSION`] once migrated; an older one for a
    /// file this program may only read (its permissions), which is read as it is.
    schema: i64,
}

impl Store {
    /// The default database: `stats.sqlite3` in `$EUCHRE_DATA_DIR` when set, else in the
    /// platform's data folder for euchre (`~/.local/share/euchre` on Linux).
    ///
    /// # Errors
    /// [`StoreError::NoDataDir`] when neither is known (no home folder).
    pub fn default_path() -> Result<PathBuf, StoreError> {
        if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
            return Ok(PathBuf::from(dir).join(FILE_NAME));
        }
        directories::ProjectDirs::from("", "", "euchre")
            .map(|d| d.data_dir().join(FILE_NAME))
            .ok_or(StoreError::NoDataDir)
    }

    /// Opens the database at `path`, creating it (and its folder) when there is none, and brings
    /// it to the current schema: each missing migration in a transaction of its own.
    ///
    /// # Errors
    /// A file that is not a database or fails `PRAGMA integrity_check`
    /// ([`StoreError::Damaged`]), one of another program ([`StoreError::Foreign`]), one written
    /// by a newer euchre ([`StoreError::TooNew`]), or SQLite's own failure. The file is left
    /// untouched in all of these cases.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|error| StoreError::Io {
                path: dir.to_path_buf(),
                error,
            })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(|e| sqlite(path, e))?;
        let mut store = Store {
            conn,
            path: path.to_path_buf(),
            schema: SCHEMA_VERSION,
        };
        // Another euchre (the table recording a game) may hold the write lock for a moment.
        store
            .conn
            .busy_timeout(Duration::from_secs(5))
            .map_err(|e| store.err(e))?;
        store.check()?;
        store
            .conn
            .pragma_update(None, "foreign_keys", true)
            .map_err(|e| store.err(e))?;
        // A file of an older schema that this program may only read (another user's, a
        // read-only backup) cannot be migrated: it is read in its own schema.
        let version = store.user_version()?;
        if store.read_only() && (1..SCHEMA_VERSION).contains(&version) {
            store.schema = version;
        } else {
            store.migrate()?;
        }
        store.check_tables()?;
        Ok(store)
    }

    /// Refuses a database marked as euchre's, of a schema this program knows, that lacks a
    /// table its migrations made (dropped by another program, or a damaged copy): it would
    /// otherwise fail later with SQLite's "no such table" alone. The tables to expect are those
    /// [`MIGRATIONS`] leave in an empty database in memory, so that no list is kept beside them.
    fn check_tables(&self) -> Result<(), StoreError> {
        let tables = |c: &Connection| -> rusqlite::Result<Vec<String>> {
            c.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")?
                .query_map([], |r| r.get(0))?
                .collect()
        };
        let expected = Connection::open_in_memory()
            .and_then(|c| {
                for step in MIGRATIONS {
                    c.execute_batch(step)?;
                }
                tables(&c)
            })
            .map_err(|e| self.err(e))?;
        let there = tables(&self.conn).map_err(|e| self.err(e))?;
        match expected.iter().find(|t| !there.contains(t)) {
            None => Ok(()),
            Some(table) => Err(StoreError::Damaged {
                path: self.path.clone(),
                reason: format!(
                    "marked as euchre's statistics, schema {}, but its table '{table}' is missing",
                    self.user_version()?
                ),
            }),
        }
    }

    /// True when SQLite opened the file read-only (its permissions): a reader may use it, a
    /// server must not start on it.
    pub fn read_only(&self) -> bool {
        self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true)
    }

    /// The file this store is kept in.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open database.
    ///
    /// # Errors
    /// SQLite's failure.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.user_version()
    }

    /// Reads what tells a euchre database from anything else, before anything is written.
    fn check(&self) -> Result<(), StoreError> {
        // The first read of the header: a file that is not a database fails here.
        let version = self.user_version()?;
        let rows: Vec<String> = self
            .conn
            .prepare("PRAGMA integrity_check(5)")
            .and_then(|mut st| st.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| self.err(e))?;
        if rows.iter().any(|r| r != "ok") {
            return Err(StoreError::Damaged {
                path: self.path.clone(),
                reason: format!("integrity check: {}", rows.join("; ")),
            });
        }
        let app: i32 = self
            .conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|e| self.err(e))?;
        let objects: i64 = self
            .conn
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .map_err(|e| self.err(e))?;
        if (app != 0 && app != APPLICATION_ID) || (app == 0 && objects > 0) {
            return Err(StoreError::Foreign {
                path: self.path.clone(),
            });
        }
        if version < 0 {
            return Err(StoreError::Damaged {
                path: self.path.clone(),
                reason: format!("schema version {version}"),
            });
        }
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: self.path.clone(),
                found: version,
                known: SCHEMA_VERSION,
            });
        }
        Ok(())
    }

    /// Applies the missing migrations, each in an immediate transaction that first reads the
    /// version again (another euchre may have migrated meanwhile).
    fn migrate(&mut self) -> Result<(), StoreError> {
        loop {
            let path = self.path.clone();
            let err = |e| sqlite(&path, e);
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .map_err(err)?;
            let version: i64 = tx
                .pragma_query_value(None, "user_version", |r| r.get(0))
                .map_err(err)?;
            if version > SCHEMA_VERSION {
                return Err(StoreError::TooNew {
                    path,
                    found: version,
                    known: SCHEMA_VERSION,
                });
            }
            let Some(step) = usize::try_from(version).ok().and_then(|v| MIGRATIONS.get(v)) else {
                return Ok(());
            };
            tx.execute_batch(step).map_err(err)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)
                .map_err(err)?;
            tx.pragma_update(None, "user_version", version + 1).map_err(err)?;
            tx.commit().map_err(err)?;
        }
    }

    fn user_version(&self) -> Result<i64, StoreError> {
        self.conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(|e| self.err(e))
    }

    fn err(&self, e: rusqlite::Error) -> StoreError {
        sqlite(&self.path, e)
    }

    /// Records a game, replacing the one recorded with the same id, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::InvalidGame`] for a summary that does not hold together (seats not
    /// numbered `0..n`, an empty name, a side or a deal's points out of range, a non-finite
    /// mistake cost); SQLite's failure otherwise (nothing is then changed).
    pub fn record_game(&mut self, game: &GameSummary) -> Result<(), StoreError> {
        validate(game)?;
        let path = self.path.clone();
        let err = |e| sqlite(&path, e);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(err)?;
        for table in ["deal_points", "deals", "seats", "games"] {
            let column = if table == "games" { "id" } else { "game_id" };
            tx.execute(&format!("DELETE FROM {table} WHERE {column} = ?1"), [&game.id])
                .map_err(err)?;
        }
        tx.execute(
            "INSERT INTO games (id, family, preset, rules, players, started, finished, over,
                                winner, scores)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                game.id,
                game.family,
                game.preset,
                game.rules.to_string(),
                game.seats.len() as i64,
                game.started,
                game.finished,
                game.over,
                game.winner.map(|w| w as i64),
                serde_json::Value::from(game.scores.clone()).to_string(),
            ],
        )
        .map_err(err)?;
        {
            let mut seat = tx
                .prepare(
                    "INSERT INTO seats (game_id, seat, side, player, kind, mistake_cost)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )
                .map_err(err)?;
            for s in &game.seats {
                seat.execute(params![
                    game.id,
                    s.seat as i64,
                    s.side as i64,
                    s.name,
                    s.kind.as_str(),
                    s.mistake_cost
                ])
                .map_err(err)?;
            }
            let mut deal = tx
                .prepare(
                    "INSERT INTO deals (game_id, deal, dealer, maker, maker_side, alone, bid,
                                        maker_tricks, euchred, marched, loner)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                )
                .map_err(err)?;
            let mut points = tx
                .prepare("INSERT INTO deal_points (game_id, deal, side, points) VALUES (?1, ?2, ?3, ?4)")
                .map_err(err)?;
            for d in &game.deals {
                deal.execute(params![
                    game.id,
                    d.number,
                    d.dealer as i64,
                    d.maker.map(|m| m as i64),
                    d.maker_side.map(|m| m as i64),
                    d.alone,
                    d.bid,
                    d.maker_tricks,
                    d.euchred,
                    d.marched,
                    d.loner.map(|l| l as i64)
                ])
                .map_err(err)?;
                for (side, p) in d.points.iter().enumerate() {
                    points
                        .execute(params![game.id, d.number, side as i64, p])
                        .map_err(err)?;
                }
            }
        }
        tx.commit().map_err(err)
    }

    /// The number of games recorded.
    ///
    /// # Errors
    /// SQLite's failure.
    pub fn game_count(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row("SELECT count(*) FROM games", [], |r| r.get::<_, i64>(0))
            .map(|n| u64::try_from(n).unwrap_or(0))
            .map_err(|e| self.err(e))
    }

    /// True when a game with this id is recorded.
    ///
    /// # Errors
    /// SQLite's failure.
    pub fn has_game(&self, id: &str) -> Result<bool, StoreError> {
        self.conn
            .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(()))
            .optional()
            .map(|found| found.is_some())
            .map_err(|e| self.err(e))
    }

    /// The statistics of every player name, sorted by name (`PlayerStats` says what each
    /// figure counts).
    ///
    /// # Errors
    /// SQLite's failure.
    pub fn player_stats(&self) -> Result<Vec<PlayerStats>, StoreError> {
        self.stats_of(None)
    }

    /// The statistics of the player `name` alone (`None` for a name no game seats), as
    /// [`Store::player_stats`] counts them: every query kept to that name's seats (by the
    /// index on `seats (player)`), so the cost grows with that player's games, not everyone's.
    ///
    /// # Errors
    /// SQLite's failure.
    pub fn player_stats_of(&self, name: &str) -> Result<Option<PlayerStats>, StoreError> {
        Ok(self.stats_of(Some(name))?.into_iter().find(|p| p.name == name))
    }

    /// Every player's statistics, or (`only`) one player's.
    fn stats_of(&self, only: Option<&str>) -> Result<Vec<PlayerStats>, StoreError> {
        // The same queries either way; for one player each is kept to its seats (`?1`).
        let (where_s, where_plain, and_plain) = match only {
            Some(_) => (" WHERE s.player = ?1", " WHERE player = ?1", " AND player = ?1"),
            None => ("", "", ""),
        };
        let params: Vec<&str> = only.into_iter().collect();
        let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
        fn entry(map: &mut BTreeMap<String, PlayerStats>, name: String) -> &mut PlayerStats {
            map.entry(name.clone()).or_insert_with(|| PlayerStats {
                name,
                kind: SeatKind::Bot,
                ..PlayerStats::default()
            })
        }
        // A name seated more than once in a game (two bots of one kind) counts the game once,
        // and the deals once for each side it sat on. A game it sat on both sides of is neither
        // won nor lost by it: counted, it would win every such game.
        let sides = format!("WITH sides AS (SELECT DISTINCT player, game_id, side FROM seats{where_plain})");
        for (name, games, over, wins, person) in self.rows(
            &format!(
                "WITH per_game AS (
                SELECT s.player, g.over, count(DISTINCT s.side) = 1 AS one_side,
                       coalesce(max(s.side = g.winner), 0) AS won, max(s.kind = 'person') AS person
                FROM seats s JOIN games g ON g.id = s.game_id{where_s}
                GROUP BY s.player, s.game_id)
             SELECT player, count(*), sum(over AND one_side), sum(over AND one_side AND won), max(person)
             FROM per_game
             GROUP BY player"
            ),
            &params,
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, bool>(4)?)),
        )? {
            let p = entry(&mut by_name, name);
            p.games = count(games);
            p.games_over = count(over);
            p.wins = count(wins);
            p.kind = if person { SeatKind::Person } else { SeatKind::Bot };
        }
        for (name, deals, points) in self.rows(
            &format!(
                "{sides} SELECT sides.player, count(*), coalesce(sum(dp.points), 0)
                 FROM sides JOIN deal_points dp
                   ON dp.game_id = sides.game_id AND dp.side = sides.side
                 GROUP BY sides.player"
            ),
            &params,
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )? {
            let p = entry(&mut by_name, name);
            p.deals = count(deals);
            p.points = points;
        }
        for (name, made, euchred, marched) in self.rows(
            &format!(
                "{sides} SELECT sides.player, count(*), sum(d.euchred), sum(d.marched)
                 FROM sides JOIN deals d
                   ON d.game_id = sides.game_id AND d.maker_side = sides.side
                 GROUP BY sides.player"
            ),
            &params,
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )? {
            let p = entry(&mut by_name, name);
            p.made = count(made);
            p.euchred = count(euchred);
            p.marched = count(marched);
        }
        // The lone player: `loner` since schema 2 (the maker in the rows it was added to, and
        // in any row a running older writer adds without it); the maker before.
        let lone_player = if self.schema >= 2 {
            "coalesce(d.loner, CASE WHEN d.alone THEN d.maker END)"
        } else {
            "CASE WHEN d.alone THEN d.maker END"
        };
        for (name, loners, made) in self.rows(
            &format!(
                "SELECT s.player, count(*), sum(NOT d.euchred)
                 FROM seats s JOIN deals d ON d.game_id = s.game_id AND {lone_player} = s.seat{where_s}
                 GROUP BY s.player"
            ),
            &params,
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )? {
            let p = entry(&mut by_name, name);
            p.loners = count(loners);
            p.loners_made = count(made);
        }
        for (name, games, mean) in self.rows(
            &format!(
                "SELECT player, count(*), avg(mistake_cost) FROM seats
             WHERE mistake_cost IS NOT NULL{and_plain} GROUP BY player"
            ),
            &params,
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )? {
            let p = entry(&mut by_name, name);
            p.mistake_games = count(games);
            p.mistake_cost = Some(mean);
        }
        Ok(by_name
            .into_values()
            .map(|mut p| {
                p.points_per_deal = (p.deals > 0).then(|| p.points as f64 / p.deals as f64);
                p
            })
            .collect())
    }

    /// Every row of a query, its parameters `params` (`?1`, ...).
    fn rows<T>(
        &self,
        sql: &str,
        params: &[&str],
        row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        self.conn
            .prepare(sql)
            .and_then(|mut st| st.query_map(rusqlite::params_from_iter(params), row)?.collect())
            .map_err(|e| self.err(e))
    }
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// SQLite's error about `path`: a file that is not a database, or a corrupt one, is
/// [`StoreError::Damaged`].
fn sqlite(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
            path: path.to_path_buf(),
            reason: e.to_string(),
        },
        _ => StoreError::Sqlite {
            path: path.to_path_buf(),
            error: e,
        },
    }
}

/// Checks what the schema cannot: seats numbered from 0, sides and points in range.
fn validate(g: &GameSummary) -> Result<(), StoreError> {
    let bad = |why: String| {
        Err(StoreError::InvalidGame {
            id: g.id.clone(),
            why,
        })
    };
    if g.id.is_empty() {
        return bad("an empty id".into());
    }
    let players = g.seats.len();
    if !(2..=4).contains(&players) {
        return bad(format!("{players} seats: a game has 2 to 4"));
    }
    let sides = g.scores.len();
    for (i, s) in g.seats.iter().enumerate() {
        if s.seat != i {
            return bad(format!(
                "seat {} listed {}th: list the seats in order",
                s.seat,
                i + 1
            ));
        }
        if s.name.trim().is_empty() {
            return bad(format!("seat {i} has no name"));
        }
        if s.side >= sides {
            return bad(format!("seat {i} on side {} of {sides}", s.side));
        }
        if s.mistake_cost.is_some_and(|c| !c.is_finite()) {
            return bad(format!("seat {i}'s mistake cost is not a number"));
        }
    }
    if g.winner.is_some_and(|w| w >= sides) {
        return bad(format!("the winner is side {:?} of {sides}", g.winner));
    }
    for d in &g.deals {
        if d.points.len() != sides {
            return bad(format!(
                "deal {}: points for {} sides of {sides}",
                d.number,
                d.points.len()
            ));
        }
        if d.dealer >= players
            || d.maker.is_some_and(|m| m >= players)
            || d.loner.is_some_and(|l| l >= players)
        {
            return bad(format!("deal {}: a seat out of range", d.number));
        }
        if d.maker_side.is_some_and(|m| m >= sides) || d.maker.is_some() != d.maker_side.is_some() {
            return bad(format!("deal {}: the maker's side does not fit", d.number));
        }
        // Loners are counted by `loner` alone: one on the making side, exactly when `alone`.
        let loner_side = d.loner.and_then(|l| g.seats.get(l)).map(|s| s.side);
        if d.alone != d.loner.is_some() || (d.loner.is_some() && loner_side != d.maker_side) {
            return bad(format!(
                "deal {}: the lone player does not fit (alone {}, loner {:?}, making side {:?})",
                d.number, d.alone, d.loner, d.maker_side
            ));
        }
    }
    Ok(())
}
