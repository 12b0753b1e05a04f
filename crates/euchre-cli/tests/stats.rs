//! `euchre stats`: an empty or missing database prints a friendly line (or no players), a
//! damaged one is refused naming the file and left as it was, a recorded game is counted.

use euchre::table::{AnyRules, Table};
use euchre_stats::{GameSummary, SeatKind, Store};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EUCHRE: &str = env!("CARGO_BIN_EXE_euchre");

/// A fresh folder for one test's files, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("euchre-cli-stats-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn stats(db: &Path, json: bool) -> Output {
    let mut cmd = Command::new(EUCHRE);
    cmd.arg("stats").arg("--db").arg(db);
    if json {
        cmd.arg("--json");
    }
    cmd.output().expect("run euchre")
}

fn json_of(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn an_empty_or_missing_database_has_no_players() {
    let dir = Scratch::new("empty");
    let missing = dir.join("none.sqlite3");
    let doc = json_of(&stats(&missing, true));
    assert_eq!(doc["games"], 0);
    assert_eq!(doc["players"], Value::Array(vec![]));
    assert!(!missing.exists(), "reading statistics creates no database");
    // Nor does it make one of an empty file.
    let zero = dir.join("zero.sqlite3");
    std::fs::write(&zero, b"").unwrap();
    let doc = json_of(&stats(&zero, true));
    assert_eq!(doc["games"], 0);
    assert_eq!(
        std::fs::metadata(&zero).unwrap().len(),
        0,
        "the empty file was written to"
    );

    let empty = dir.join("stats.sqlite3");
    drop(Store::open(&empty).expect("a new store"));
    let doc = json_of(&stats(&empty, true));
    assert_eq!(doc["games"], 0);
    assert_eq!(doc["players"], Value::Array(vec![]));

    let out = stats(&empty, false);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("No games recorded yet in "), "{text}");
    // A path with no database says so, and an empty file is named as one (it said "there is no
    // database at" a file that was there); a folder is refused, named once.
    let text = String::from_utf8_lossy(&stats(&missing, false).stdout).to_string();
    assert!(text.contains("there is no database at"), "{text}");
    let text = String::from_utf8_lossy(&stats(&zero, false).stdout).to_string();
    assert!(
        text.contains(&format!("{} is an empty file, no database yet", zero.display())),
        "{text}"
    );
    let out = stats(&dir.join("."), false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("is a folder"), "{err}");
}

#[test]
fn a_damaged_database_is_refused_naming_the_file() {
    let dir = Scratch::new("damaged");
    let path = dir.join("stats.sqlite3");
    let content = b"this is not a database, just some text\n".repeat(40);
    std::fs::write(&path, &content).expect("written");
    let out = stats(&path, true);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&path.display().to_string()), "{err}");
    assert!(err.contains("damaged or is not a database"), "{err}");
    assert_eq!(std::fs::read(&path).expect("still there"), content);
}

/// A file marked as euchre's statistics database, of a schema this program knows, that lacks a
/// table of it is refused saying so (SQLite's "no such table: seats" came alone), and is left as
/// it was.
#[test]
fn a_database_lacking_its_tables_is_refused_saying_so() {
    let dir = Scratch::new("lacking");
    let path = dir.join("stats.sqlite3");
    drop(Store::open(&path).expect("a new store"));
    let conn = rusqlite::Connection::open(&path).expect("open");
    conn.execute_batch("DROP TABLE deal_points; DROP TABLE deals; DROP TABLE seats;")
        .expect("tables dropped");
    drop(conn);
    let before = std::fs::read(&path).expect("there");
    let out = stats(&path, false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "{} is damaged or is not a database (marked as euchre's statistics, schema {}, but its table '",
            path.display(),
            euchre_stats::SCHEMA_VERSION
        )) && err.contains("' is missing)")
            && err.contains("move it aside"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).expect("still there"), before);
}

#[test]
fn a_recorded_game_is_counted() {
    let dir = Scratch::new("recorded");
    let path = dir.join("stats.sqlite3");
    let mut game = AnyRules::preset("three-handed").expect("a preset").new_game(4);
    let mut k = 0usize;
    while !game.is_over() {
        while !game.deal_over() {
            let legal = game.legal_actions();
            k += 1;
            game.apply(legal[k * 5 % legal.len()]).expect("legal");
        }
        game.next_deal();
    }
    let names = ["Ann", "easy", "hard"].map(String::from);
    let kinds = [SeatKind::Person, SeatKind::Bot, SeatKind::Bot];
    let summary = GameSummary::of_game(&game, "cli-1", &names, &kinds, Some(&[0.5, 0.25, 0.0]));
    Store::open(&path)
        .and_then(|mut s| s.record_game(&summary))
        .expect("recorded");

    let doc = json_of(&stats(&path, true));
    assert_eq!(doc["games"], 1);
    let players = doc["players"].as_array().expect("players");
    assert_eq!(players.len(), 3);
    let ann = &players[0];
    assert_eq!(ann["name"], "Ann");
    assert_eq!(ann["kind"], "person");
    assert_eq!(ann["games"], 1);
    assert_eq!(ann["deals"], summary.deals.len());
    assert_eq!(ann["mistake_cost"], 0.5);

    let out = stats(&path, false);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("1 game recorded in "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("easy (bot)")), "{text}");
}

#[test]
fn the_default_database_is_in_the_data_dir() {
    let dir = Scratch::new("default");
    let out = Command::new(EUCHRE)
        .args(["stats", "--json"])
        .env("EUCHRE_DATA_DIR", &*dir)
        .output()
        .expect("run euchre");
    let doc = json_of(&out);
    assert_eq!(doc["database"], dir.join("stats.sqlite3").display().to_string());
}

/// Given a server's database, `stats` says where that server keeps its statistics.
#[test]
fn a_servers_database_points_to_its_statistics_beside_it() {
    let dir = Scratch::new("server-db");
    let db = dir.join("club.sqlite3");
    drop(euchre_server::Store::open(&db, euchre_server::Durability::Process).expect("a server database"));
    let out = stats(&db, false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("euchre stats --db") && err.contains("club.stats.sqlite3"),
        "{err}"
    );
    json_of(&stats(&dir.join("club.stats.sqlite3"), true));
}

/// With no database of its own in the data folder, the default `stats` points to the server's
/// statistics there (`euchre serve` keeps them in `server.stats.sqlite3`).
#[test]
fn the_default_points_to_the_servers_statistics_in_the_same_folder() {
    let dir = Scratch::new("default-of-serve");
    let default = || {
        let out = Command::new(EUCHRE)
            .arg("stats")
            .env("EUCHRE_DATA_DIR", &*dir)
            .output()
            .expect("run euchre");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(!default().contains("server.stats"), "{}", default());
    drop(
        euchre_server::Store::open(&dir.join("server.sqlite3"), euchre_server::Durability::Process)
            .expect("a server database"),
    );
    let text = default();
    assert!(text.starts_with("No games recorded yet"), "{text}");
    assert!(
        text.contains("euchre stats --db ") && text.contains("server.stats.sqlite3"),
        "{text}"
    );
}

/// A database of the first schema that this user may only read (another user's, a read-only
/// backup) is read as it is, its loners the makers as then: migrating it would need to write
/// it ("attempt to write a readonly database"). Run as another user where the tests run as
/// root (as on CI); skipped elsewhere.
#[test]
fn a_first_schema_database_that_may_only_be_read_is_read_as_it_is() {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let setpriv = Path::new("/usr/bin/setpriv");
    if !root || !setpriv.exists() {
        eprintln!("not root with setpriv: skipped");
        return;
    }
    let dir = Scratch::new("read-only");
    let path = dir.join("stats.sqlite3");
    let mut store = Store::open(&path).expect("a new store");
    let names = ["Ann", "Bo", "Cy", "Di"].map(String::from);
    // Random play makes loners now and then.
    for seed in 0..12 {
        let mut game = AnyRules::preset("north-american")
            .expect("a preset")
            .new_game(seed);
        let mut k = seed as usize;
        while !game.is_over() {
            while !game.deal_over() {
                let legal = game.legal_actions();
                k += 7;
                game.apply(legal[k % legal.len()]).expect("legal");
            }
            game.next_deal();
        }
        let summary = GameSummary::of_game(&game, &format!("old-{seed}"), &names, &[], None);
        store.record_game(&summary).expect("recorded");
    }
    drop(store);
    let now = json_of(&stats(&path, true));
    let loners: u64 = now["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["loners"].as_u64().unwrap())
        .sum();
    assert!(loners > 0, "no loner to count: {now}");
    let conn = rusqlite::Connection::open(&path).expect("open");
    conn.execute_batch(
        "PRAGMA journal_mode = DELETE; ALTER TABLE deals DROP COLUMN loner; PRAGMA user_version = 1;",
    )
    .expect("made a first-schema database");
    drop(conn);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let out = Command::new(setpriv)
        .args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            EUCHRE,
            "stats",
            "--json",
            "--db",
        ])
        .arg(&path)
        .output()
        .expect("run euchre as another user");
    assert_eq!(json_of(&out)["players"], now["players"]);
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file was written");
}
