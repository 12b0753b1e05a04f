//! The statistics store: opening (migrations, refusing what it cannot read without touching it),
//! recording, and player statistics checked against counts taken independently while playing.

use euchre::solo::Family;
use euchre::table::{AnyGame, AnyRules, Table};
use euchre_stats::{GameSummary, PlayerStats, SeatKind, Store, StoreError, SCHEMA_VERSION};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A fresh folder for one test's files, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("euchre-stats-{}-{test}", std::process::id()));
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

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("the file is there")
}

/// A game played to its end with deterministic pseudo-random legal decisions, and each side's
/// score after every finished deal (the first entry: the start).
fn play(preset: &str, seed: u64) -> (AnyGame, Vec<Vec<i32>>) {
    let mut game = AnyRules::preset(preset).expect("a preset").new_game(seed);
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut scores = vec![game.scores()];
    loop {
        while !game.deal_over() {
            let legal = game.legal_actions();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let k = (state >> 33) as usize % legal.len();
            game.apply(legal[k]).expect("a legal action");
        }
        scores.push(game.scores());
        if game.is_over() || !game.next_deal() {
            break;
        }
        assert!(scores.len() < 1000, "{preset} seed {seed} does not end");
    }
    (game, scores)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// The figures a player should have, counted from the game itself.
#[derive(Debug, Default, PartialEq)]
struct Expected {
    games: u64,
    wins: u64,
    deals: u64,
    points: i64,
    made: u64,
    euchred: u64,
    marched: u64,
    loners: u64,
    loners_made: u64,
}

impl Expected {
    fn of(p: &PlayerStats) -> Expected {
        Expected {
            games: p.games,
            wins: p.wins,
            deals: p.deals,
            points: p.points,
            made: p.made,
            euchred: p.euchred,
            marched: p.marched,
            loners: p.loners,
            loners_made: p.loners_made,
        }
    }
}

/// Adds one game to the expected figures: a name sitting on both sides counts each side's deals.
fn tally(expected: &mut BTreeMap<String, Expected>, game: &AnyGame, scores: &[Vec<i32>], seated: &[String]) {
    let partnership = matches!(game, AnyGame::Partnership(_));
    let side = |seat: usize| if partnership { seat % 2 } else { seat };
    let sides: BTreeSet<(String, usize)> = seated
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), side(i)))
        .collect();
    for name in seated.iter().collect::<BTreeSet<_>>() {
        let e = expected.entry(name.clone()).or_default();
        e.games += 1;
        // A name on both sides of the game neither wins nor loses it.
        let its_sides = sides.iter().filter(|(n, _)| n == name).count();
        if let (Some(w), 1) = (game.winner(), its_sides) {
            e.wins += u64::from(sides.contains(&(name.clone(), w)));
        }
    }
    let down = match game {
        AnyGame::Solo(g) => g.rules().races_down(),
        AnyGame::Partnership(_) => false,
    };
    // (maker seat, the seat alone for the makers, euchred, marched) of each finished deal.
    let deals: Vec<(Option<usize>, Option<usize>, bool, bool)> = match game {
        AnyGame::Partnership(g) => g
            .all_deals()
            .filter(|d| d.is_done())
            .map(|d| {
                let taken = d.maker().map_or(0, |m| d.tricks_won()[m.index() % 2]);
                // Alone: the one of the making side still playing when the other sits out.
                let active = d.observation(euchre::Seat::new(0)).active;
                let loner = d.maker().and_then(|m| {
                    let pair = [m.index(), m.partner().index()];
                    match pair.map(|s| active[s]) {
                        [true, false] => Some(pair[0]),
                        [false, true] => Some(pair[1]),
                        _ => None,
                    }
                });
                (d.maker().map(|m| m.index()), loner, taken < 3, taken == 5)
            })
            .collect(),
        AnyGame::Solo(g) => g
            .all_deals()
            .filter(|d| d.is_done())
            .map(|d| {
                let taken = d.maker().map_or(0, |m| d.tricks_won()[m.index()]);
                let all: u8 = d.tricks_won().iter().sum();
                // RULES.md: four of the seven tricks three-handed, the bid in Bid Euchre,
                // three in Set-Back or every one once a march is declared.
                let needed = match g.rules().family {
                    Family::Cutthroat => 4,
                    Family::BidEuchre => d.bid().unwrap_or(0),
                    Family::SetBack if d.declared() => all,
                    Family::SetBack => 3,
                };
                (d.maker().map(|m| m.index()), None, taken < needed, taken == all)
            })
            .collect(),
    };
    assert_eq!(deals.len() + 1, scores.len());
    for (i, &(maker, loner, euchred, marched)) in deals.iter().enumerate() {
        for (name, s) in &sides {
            let e = expected.entry(name.clone()).or_default();
            e.deals += 1;
            let gained = i64::from(scores[i + 1][*s] - scores[i][*s]);
            e.points += if down { -gained } else { gained };
            if maker.map(side) == Some(*s) {
                e.made += 1;
                e.euchred += u64::from(euchred);
                e.marched += u64::from(marched);
            }
        }
        if let Some(l) = loner {
            let e = expected.entry(seated[l].clone()).or_default();
            e.loners += 1;
            e.loners_made += u64::from(!euchred);
        }
    }
}

/// Every player's statistics by name; each also checked against the one player's statistics
/// counted alone (`player_stats_of`, which `/api/players/{name}` asks).
fn stats_by_name(store: &Store) -> BTreeMap<String, PlayerStats> {
    let all: BTreeMap<String, PlayerStats> = store
        .player_stats()
        .expect("statistics")
        .into_iter()
        .map(|p| (p.name.clone(), p))
        .collect();
    for (name, p) in &all {
        assert_eq!(store.player_stats_of(name).expect("statistics").as_ref(), Some(p));
    }
    assert_eq!(store.player_stats_of("nobody at all").expect("statistics"), None);
    all
}

#[test]
fn a_fresh_database_is_migrated_to_the_current_schema() {
    let dir = Scratch::new("fresh");
    let path = dir.join("deeper").join("stats.sqlite3");
    let store = Store::open(&path).expect("a new store");
    assert_eq!(store.schema_version().expect("a version"), SCHEMA_VERSION);
    assert_eq!(store.game_count().expect("a count"), 0);
    assert!(store.player_stats().expect("statistics").is_empty());
    drop(store);
    let conn = rusqlite::Connection::open(&path).expect("sqlite opens it");
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .expect("the tables");
    assert_eq!(tables, ["deal_points", "deals", "games", "seats"]);
    let app: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .expect("an application id");
    assert_eq!(app, euchre_stats::APPLICATION_ID);
}

#[test]
fn reopening_changes_nothing() {
    let dir = Scratch::new("reopen");
    let path = dir.join("stats.sqlite3");
    let (game, _) = play("north-american", 1);
    let summary = GameSummary::of_game(&game, "g1", &names(&["A", "B", "C", "D"]), &[], None);
    Store::open(&path)
        .expect("a new store")
        .record_game(&summary)
        .expect("recorded");
    let before = bytes(&path);
    let store = Store::open(&path).expect("reopened");
    assert_eq!(store.schema_version().expect("a version"), SCHEMA_VERSION);
    assert_eq!(store.game_count().expect("a count"), 1);
    drop(store);
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_newer_schema_is_refused_and_left_untouched() {
    let dir = Scratch::new("newer");
    let path = dir.join("stats.sqlite3");
    drop(Store::open(&path).expect("a new store"));
    rusqlite::Connection::open(&path)
        .and_then(|c| c.pragma_update(None, "user_version", SCHEMA_VERSION + 1))
        .expect("the version set");
    let before = bytes(&path);
    let err = Store::open(&path).expect_err("refused");
    assert!(
        matches!(
            err,
            StoreError::TooNew {
                found,
                known: SCHEMA_VERSION,
                ..
            } if found == SCHEMA_VERSION + 1
        ),
        "{err:?}"
    );
    let message = err.to_string();
    assert!(
        message.contains(&format!(
            "{} was written by a newer euchre (schema {}; this one knows {SCHEMA_VERSION})",
            path.display(),
            SCHEMA_VERSION + 1
        )),
        "{message}"
    );
    assert_eq!(bytes(&path), before);
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_untouched() {
    let dir = Scratch::new("garbage");
    for (name, content) in [
        ("short.sqlite3", b"not a database\n".to_vec()),
        (
            "long.sqlite3",
            (0..8192u32).map(|i| (i * 7 % 251) as u8).collect(),
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &content).expect("written");
        refused_as_damaged(&path, &content);
    }
}

#[test]
fn a_database_failing_its_integrity_check_is_refused_and_left_untouched() {
    let dir = Scratch::new("corrupt");
    let path = dir.join("stats.sqlite3");
    let mut store = Store::open(&path).expect("a new store");
    for seed in 0..6 {
        let (game, _) = play("north-american", seed);
        let summary = GameSummary::of_game(&game, &format!("g{seed}"), &[], &[], None);
        store.record_game(&summary).expect("recorded");
    }
    drop(store);
    // Scribble over the middle of the last page (a b-tree page holding rows).
    let mut content = bytes(&path);
    let page = 4096;
    assert!(content.len() >= 3 * page, "{} bytes", content.len());
    let at = content.len() - page + 200;
    for b in &mut content[at..at + 1500] {
        *b = 0x5a;
    }
    std::fs::write(&path, &content).expect("written");
    refused_as_damaged(&path, &content);
}

/// Opening `path` is refused as damaged, naming the file, and leaves its bytes as `content`.
fn refused_as_damaged(path: &Path, content: &[u8]) {
    let err = Store::open(path).expect_err("refused");
    assert!(matches!(err, StoreError::Damaged { .. }), "{err:?}");
    assert!(err.to_string().contains(&path.display().to_string()), "{err}");
    assert_eq!(bytes(path), content);
}

#[test]
fn another_programs_database_is_refused_and_left_untouched() {
    let dir = Scratch::new("foreign");
    let path = dir.join("other.db");
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hi');"))
        .expect("another database");
    let before = bytes(&path);
    let err = Store::open(&path).expect_err("refused");
    assert!(matches!(err, StoreError::Foreign { .. }), "{err:?}");
    assert_eq!(bytes(&path), before);
}

#[test]
fn recording_the_same_game_twice_keeps_one() {
    let dir = Scratch::new("twice");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let (game, _) = play("north-american", 2);
    let seated = names(&["Ann", "Bot", "Bo", "Cy"]);
    let summary = GameSummary::of_game(&game, "same", &seated, &[], None);
    store.record_game(&summary).expect("recorded");
    let once = store.player_stats().expect("statistics");
    store.record_game(&summary).expect("recorded again");
    assert_eq!(store.game_count().expect("a count"), 1);
    assert_eq!(store.player_stats().expect("statistics"), once);
    // Recorded again with another name at seat 0: replaced, and Ann is gone.
    let renamed = GameSummary::of_game(&game, "same", &names(&["Al", "Bot", "Bo", "Cy"]), &[], None);
    store.record_game(&renamed).expect("replaced");
    assert!(store.has_game("same").expect("looked up"));
    let stats = stats_by_name(&store);
    assert!(!stats.contains_key("Ann"));
    assert_eq!(stats["Al"].deals, summary.deals.len() as u64);
}

#[test]
fn player_stats_match_counts_taken_while_playing() {
    let dir = Scratch::new("four-handed");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let tables = [
        (24, ["Ann", "basic", "Bo", "random"]),
        (12, ["Bo", "Ann", "Cy", "basic"]),
        // One name on both sides (three bots of one kind): its deals count once per side.
        (13, ["basic", "basic", "Ann", "basic"]),
    ];
    let mut expected = BTreeMap::new();
    for (seed, seated) in tables {
        let (game, scores) = play("north-american", seed);
        assert!(game.is_over());
        let seated = names(&seated);
        let kinds: Vec<SeatKind> = seated
            .iter()
            .map(|n| {
                if n.chars().next().is_some_and(char::is_uppercase) {
                    SeatKind::Person
                } else {
                    SeatKind::Bot
                }
            })
            .collect();
        let mistakes = (seed == 24).then_some([0.5, 1.0, 0.25, 2.0]);
        let summary = GameSummary::of_game(
            &game,
            &format!("g{seed}"),
            &seated,
            &kinds,
            mistakes.as_ref().map(|m| &m[..]),
        );
        assert_eq!(summary.preset.as_deref(), Some("north-american"));
        assert_eq!(summary.scores, game.scores());
        let last: i32 = summary.deals.iter().map(|d| d.points[0] - d.points[1]).sum();
        assert_eq!(last, game.scores()[0] - game.scores()[1]);
        store.record_game(&summary).expect("recorded");
        tally(&mut expected, &game, &scores, &seated);
    }
    let stats = stats_by_name(&store);
    let got: BTreeMap<String, Expected> = stats.iter().map(|(n, p)| (n.clone(), Expected::of(p))).collect();
    assert_eq!(got, expected);
    // The seeds are chosen so that every count is exercised.
    let sum = |f: fn(&Expected) -> u64| expected.values().map(f).sum::<u64>();
    assert!(sum(|e| e.euchred) > 0 && sum(|e| e.marched) > 0, "{expected:?}");
    assert!(
        sum(|e| e.loners) > 0 && sum(|e| e.loners_made) > 0,
        "{expected:?}"
    );
    assert_eq!(stats["Ann"].kind, SeatKind::Person);
    assert_eq!(stats["basic"].kind, SeatKind::Bot);
    assert_eq!(stats["Ann"].mistake_games, 1);
    assert_eq!(stats["Ann"].mistake_cost, Some(0.5));
    assert_eq!(stats["Cy"].mistake_cost, None);
    let ann = &stats["Ann"];
    assert_eq!(ann.points_per_deal, Some(ann.points as f64 / ann.deals as f64));
    assert_eq!(ann.games_over, 3);
}

#[test]
fn a_three_handed_game_counts_each_player_as_a_side() {
    let dir = Scratch::new("three-handed");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let mut expected = BTreeMap::new();
    for seed in [21, 22] {
        let (game, scores) = play("three-handed", seed);
        assert!(game.is_over());
        let seated = names(&["Ann", "Bo", "Cy"]);
        let summary = GameSummary::of_game(&game, &format!("t{seed}"), &seated, &[], None);
        assert_eq!(summary.family, "three-handed");
        assert_eq!(
            summary.seats.iter().map(|s| s.side).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        assert!(summary.deals.iter().all(|d| !d.alone && d.maker == d.maker_side));
        store.record_game(&summary).expect("recorded");
        tally(&mut expected, &game, &scores, &seated);
    }
    let got: BTreeMap<String, Expected> = stats_by_name(&store)
        .iter()
        .map(|(n, p)| (n.clone(), Expected::of(p)))
        .collect();
    assert_eq!(got, expected);
    assert_eq!(got.values().map(|e| e.wins).sum::<u64>(), 2);
}

#[test]
fn a_game_raced_down_counts_points_taken_off() {
    let dir = Scratch::new("set-back");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let (game, scores) = play("set-back", 31);
    let seated = names(&["Ann", "Bo", "Cy", "Dee"]);
    store
        .record_game(&GameSummary::of_game(&game, "s", &seated, &[], None))
        .expect("recorded");
    let mut expected = BTreeMap::new();
    tally(&mut expected, &game, &scores, &seated);
    let got: BTreeMap<String, Expected> = stats_by_name(&store)
        .iter()
        .map(|(n, p)| (n.clone(), Expected::of(p)))
        .collect();
    assert_eq!(got, expected);
    if let Some(w) = game.winner() {
        // The winner raced from 5 down to 0 or below: at least 5 points gained.
        assert!(got[&seated[w]].points >= 5, "{got:?}");
    }
}

#[test]
fn an_unfinished_game_keeps_its_finished_deals_only() {
    let dir = Scratch::new("unfinished");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let mut game = AnyRules::preset("north-american").expect("a preset").new_game(5);
    for _ in 0..2 {
        while !game.deal_over() {
            let first = game.legal_actions()[0];
            game.apply(first).expect("legal");
        }
        assert!(game.next_deal());
    }
    // Part way through the third deal.
    let first = game.legal_actions()[0];
    game.apply(first).expect("legal");
    let summary = GameSummary::of_game(&game, "u", &names(&["A", "B", "C", "D"]), &[], None);
    assert!(!summary.over && summary.winner.is_none());
    assert_eq!(summary.deals.len(), 2);
    store.record_game(&summary).expect("recorded");
    let stats = stats_by_name(&store);
    assert_eq!(
        (stats["A"].games, stats["A"].games_over, stats["A"].wins),
        (1, 0, 0)
    );
    assert_eq!(stats["A"].deals, 2);
    assert_eq!(stats["A"].win_rate(), None);
}

#[test]
fn a_summary_that_does_not_hold_together_is_refused() {
    let dir = Scratch::new("invalid");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let (game, _) = play("north-american", 3);
    let good = GameSummary::of_game(&game, "g", &names(&["A", "B", "C", "D"]), &[], None);
    let mut cases = Vec::new();
    let mut s = good.clone();
    s.seats[1].mistake_cost = Some(f64::NAN);
    cases.push(s);
    let mut s = good.clone();
    s.seats[2].name = " ".into();
    cases.push(s);
    let mut s = good.clone();
    s.seats.swap(0, 1);
    cases.push(s);
    let mut s = good.clone();
    s.deals[0].points.pop();
    cases.push(s);
    let mut s = good.clone();
    s.id.clear();
    cases.push(s);
    for bad in cases {
        let err = store.record_game(&bad).expect_err("refused");
        assert!(matches!(err, StoreError::InvalidGame { .. }), "{err:?}");
    }
    assert_eq!(store.game_count().expect("a count"), 0);
    // A deal numbered twice fails in SQLite: nothing of the game is kept.
    let mut s = good.clone();
    s.deals[1].number = s.deals[0].number;
    assert!(store.record_game(&s).is_err());
    assert_eq!(store.game_count().expect("a count"), 0);
    store.record_game(&good).expect("recorded");
}

#[test]
fn the_default_path_honours_the_data_dir_variable() {
    let dir = Scratch::new("default");
    std::env::set_var(euchre_stats::DATA_DIR_VAR, &*dir);
    let path = Store::default_path().expect("a path");
    std::env::remove_var(euchre_stats::DATA_DIR_VAR);
    assert_eq!(path, dir.join("stats.sqlite3"));
}

/// A Keller jambone played by the maker's partner counts as a lone hand for the partner who
/// played it, not for the maker who sat out (the terminal tester's lone march was credited to
/// the bot across the table).
#[test]
fn a_lone_hand_counts_for_whoever_played_it() {
    let dir = Scratch::new("jambone");
    let mut store = Store::open(&dir.join("stats.sqlite3")).expect("a new store");
    let seated = names(&["Ann", "Bo", "Cy", "Di"]);
    let mut expected = BTreeMap::new();
    let mut by_partner = 0;
    for seed in 0..400 {
        let (game, scores) = play("keller-1887", seed);
        let AnyGame::Partnership(g) = &game else {
            unreachable!()
        };
        let taken_over = g
            .all_deals()
            .filter(|d| d.maker().is_some() && d.lone_maker().is_some_and(|l| Some(l) != d.maker()))
            .count();
        if taken_over == 0 {
            continue;
        }
        by_partner += taken_over;
        let summary = GameSummary::of_game(&game, &format!("k{seed}"), &seated, &[], None);
        store.record_game(&summary).expect("recorded");
        tally(&mut expected, &game, &scores, &seated);
        if by_partner >= 3 {
            break;
        }
    }
    assert!(
        by_partner >= 3,
        "random Keller games hardly ever hand a jambone to the partner"
    );
    let got: BTreeMap<String, Expected> = stats_by_name(&store)
        .iter()
        .map(|(n, p)| (n.clone(), Expected::of(p)))
        .collect();
    assert_eq!(got, expected);
}

/// A database of the first schema (every loner the maker) is taken to the current one: its
/// loners are credited to the makers as before.
#[test]
fn a_first_schema_database_keeps_its_loners() {
    let dir = Scratch::new("schema1");
    let path = dir.join("stats.sqlite3");
    let mut store = Store::open(&path).expect("a new store");
    let (game, _) = play("north-american", 24);
    let seated = names(&["Ann", "Bo", "Cy", "Di"]);
    store
        .record_game(&GameSummary::of_game(&game, "old", &seated, &[], None))
        .expect("recorded");
    let now = stats_by_name(&store);
    assert!(now.values().any(|p| p.loners > 0), "the game has a loner");
    drop(store);
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute_batch("ALTER TABLE deals DROP COLUMN loner; PRAGMA user_version = 1;"))
        .expect("made a first-schema database");
    let store = Store::open(&path).expect("migrated");
    assert_eq!(store.schema_version().expect("a version"), SCHEMA_VERSION);
    assert_eq!(stats_by_name(&store), now);
}
