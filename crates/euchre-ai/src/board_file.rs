//! The board file of a duplicate match (`euchre sim --save-boards`): each board's result, headed
//! by what the boards were, so that a later match on the same boards can be compared with it
//! board by board ([`crate::duplicate::paired_difference`]).
//!
//! ```text
//! # euchre sim boards
//! # rules=north-american; set=; seed=182; games=false; first=expert; second=pimc-50
//! board,deals,difference
//! 0,2,-1
//! ```
//!
//! In whole games a fourth column, `won`, gives the games the first side won of the board's
//! two (files written before it was kept have three columns, and still read). Where a board
//! is long enough to have held a game cut off unfinished after
//! [`MAX_DEALS_PER_GAME`](crate::duplicate::MAX_DEALS_PER_GAME) deals (more deals than that),
//! a fifth, `finished`, gives the games of the two that finished: a board of four columns and
//! more deals than that, written before it was kept, cannot tell a game cut off from one lost,
//! and compares in games won with nothing.
//!
//! Text in, text out: the caller reads and writes the file.

use crate::duplicate::{BoardResult, MAX_DEALS_PER_GAME};
use euchre::table::AnyRules;

/// The first line of every board file: what a file is known by.
pub const TITLE: &str = "# euchre sim boards";
const COLUMNS: &str = "board,deals,difference";
const GAME_COLUMNS: &str = "board,deals,difference,won";
const FINISHED_COLUMNS: &str = "board,deals,difference,won,finished";

/// More than one deal can move the scores apart under any options' ranges, so a board's
/// difference beyond it per deal was not written by `euchre sim`. A board's difference is one
/// of scores (stakes are chips, counted apart): the most a deal moves them is Set-Back's, a
/// declared march set back twice `set_penalty` (at most 100) and three defenders set back a
/// `stayer_penalty` (at most 100) each, 500 in all; the four-handed game's deal scores at
/// most 16 (`loner_*_score`, `jambone_*_score`), and a target (`winning_score`, at most 1,000)
/// only ends a game.
const MAX_POINTS_PER_DEAL: i64 = 1_000;

/// What makes two matches' boards the same deals: a board file names it, and a match pairs with
/// a board file only when it is the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardsKey {
    pub rules: String,
    /// The rule options overridden (`--set`), as [`canonical_set`] writes them: two matches
    /// whose settings differ only in their order, an option's alias, or an option set to the
    /// preset's own value play the same deals.
    pub set: Vec<String>,
    pub seed: u64,
    pub games: bool,
}

impl BoardsKey {
    fn fields(&self) -> [(&'static str, String); 4] {
        [
            ("rules", self.rules.clone()),
            ("set", self.set.join(",")),
            ("seed", self.seed.to_string()),
            ("games", self.games.to_string()),
        ]
    }
}

/// The options of preset `rules` with `set` applied that differ from the preset's, as
/// `option=value` in the order the rules list them: one text for each set of rules, however
/// the settings were spelled.
///
/// # Errors
/// An unknown preset, option or value, or a combination the rules refuse.
pub fn canonical_set(rules: &str, set: &[String]) -> Result<Vec<String>, String> {
    let preset = AnyRules::preset(rules).map_err(|e| e.to_string())?;
    let mut changed = preset;
    for s in set {
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: expected OPTION=VALUE"))?;
        changed.set(k, v).map_err(|e| e.to_string())?;
    }
    changed.validate().map_err(|e| e.to_string())?;
    Ok(changed
        .options()
        .into_iter()
        .zip(preset.options())
        .filter(|(mine, theirs)| mine != theirs)
        .map(|((k, v), _)| format!("{k}={v}"))
        .collect())
}

/// An earlier match's boards read back: its players and results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedBoards {
    pub players: [String; 2],
    pub results: Vec<BoardResult>,
}

/// The board file of a match on `key`'s boards between `players`.
pub fn write(key: &BoardsKey, players: [&str; 2], results: &[BoardResult]) -> String {
    let mut text = format!("{TITLE}\n#");
    for (k, v) in key.fields() {
        text += &format!(" {k}={v};");
    }
    let games = results.iter().all(|r| r.won.is_some()) && !results.is_empty();
    // Only where a board could have held a game cut off, so that a file of games that all
    // ended reads as before.
    let finished = games
        && results.iter().all(|r| r.finished.is_some())
        && results.iter().any(|r| may_hold_a_cut_off(r.deals));
    let columns = match (games, finished) {
        (false, _) => COLUMNS,
        (true, false) => GAME_COLUMNS,
        (true, true) => FINISHED_COLUMNS,
    };
    text += &format!(" first={}; second={}\n{columns}\n", players[0], players[1]);
    for r in results {
        let won = r.won.filter(|_| games).map_or(String::new(), |w| format!(",{w}"));
        let done = r
            .finished
            .filter(|_| finished)
            .map_or(String::new(), |f| format!(",{f}"));
        text += &format!("{},{},{}{won}{done}\n", r.index, r.deals, r.difference);
    }
    text
}

/// Whether a board of whole games of `deals` deals may have held a game cut off: one is cut off
/// at [`MAX_DEALS_PER_GAME`] deals, and the board's other game has one deal or more.
fn may_hold_a_cut_off(deals: u32) -> bool {
    deals > MAX_DEALS_PER_GAME
}

/// Reads a board file written by [`write()`], refusing one whose boards are not `key`'s.
///
/// # Errors
/// The text is not a board file (the line and what is wrong named, to follow the file's name
/// and a colon), or its boards were other deals.
pub fn read(text: &str, key: &BoardsKey) -> Result<SavedBoards, String> {
    let mut lines = text.lines();
    if lines.next() != Some(TITLE) {
        return Err(format!(
            "not a board file of `euchre sim --save-boards` (its first line is not `{TITLE}`)"
        ));
    }
    let header = lines
        .next()
        .and_then(|l| l.strip_prefix('#'))
        .ok_or("line 2 should say what the boards were")?;
    let field = |k: &str| {
        header
            .split(';')
            .filter_map(|f| f.trim().split_once('='))
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.to_string())
            .ok_or_else(|| format!("line 2 does not give `{k}`"))
    };
    for (k, mine) in key.fields() {
        let mut theirs = field(k)?;
        // A file of an older version kept the settings as given: read them as the rules they
        // make (settings this version refuses stay as written, and so differ).
        if k == "set" {
            let given: Vec<String> = theirs
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if let Ok(set) = canonical_set(&key.rules, &given) {
                theirs = set.join(",");
            }
        }
        if theirs != mine {
            return Err(format!(
                "played with {k} `{theirs}`, this match with `{mine}`: boards pair only when they are the same deals"
            ));
        }
    }
    let players = [field("first")?, field("second")?];
    // The columns after the difference: none, `won`, or `won` and `finished`.
    let extra = match lines.next() {
        Some(COLUMNS) => 0,
        Some(GAME_COLUMNS) if key.games => 1,
        Some(FINISHED_COLUMNS) if key.games => 2,
        _ if key.games => {
            return Err(format!(
                "line 3 should be `{COLUMNS}`, `{GAME_COLUMNS}` or `{FINISHED_COLUMNS}`"
            ));
        }
        _ => return Err(format!("line 3 should be `{COLUMNS}`")),
    };
    let mut results = Vec::new();
    for (i, line) in lines.enumerate() {
        let at = i + 4;
        let cells: Vec<&str> = line.split(',').map(str::trim).collect();
        let (index, deals, difference, won, finished) = match (extra, &cells[..]) {
            (0, &[index, deals, difference]) => (index, deals, difference, None, None),
            (1, &[index, deals, difference, won]) => (index, deals, difference, Some(won), None),
            (2, &[index, deals, difference, won, finished]) => {
                (index, deals, difference, Some(won), Some(finished))
            }
            (0, _) => {
                return Err(format!(
                    "line {at}: three numbers expected (board, deals, difference), found `{line}`"
                ))
            }
            (1, _) => {
                return Err(format!(
                    "line {at}: four numbers expected (board, deals, difference, won), found `{line}`"
                ))
            }
            _ => {
                return Err(format!(
                "line {at}: five numbers expected (board, deals, difference, won, finished), found `{line}`"
            ))
            }
        };
        let bad = |what: &str, v: &str| format!("line {at}: `{v}` is not a {what}");
        // A board's count of its two games: 0, 1 or 2.
        let count = |v: &str, what: &str| {
            v.parse::<u32>()
                .ok()
                .filter(|n| *n <= 2)
                .ok_or_else(|| bad(what, v))
        };
        let won = won.map(|w| count(w, "count of games won (0 to 2)")).transpose()?;
        let finished = finished
            .map(|f| count(f, "count of games finished (0 to 2)"))
            .transpose()?;
        if let (Some(w), Some(f)) = (won, finished) {
            if w > f {
                return Err(format!(
                    "line {at}: {w} games won of {f} finished: a game cut off is won by nobody"
                ));
            }
        }
        let index = index.parse().map_err(|_| bad("board number", index))?;
        let deals_n: u32 = deals.parse().map_err(|_| bad("count of deals", deals))?;
        let r = BoardResult {
            index,
            deals: deals_n,
            difference: difference
                .parse()
                .map_err(|_| bad("point difference", difference))?,
            won,
            // A file of four columns says nothing of games cut off: a board too short to have
            // held one finished both games, a longer one cannot tell (its games won compare
            // with nothing).
            finished: finished.or_else(|| won.and(Some(2)).filter(|_| !may_hold_a_cut_off(deals_n))),
        };
        // The boards are written in order from 0: one out of place was copied or edited, and
        // pairing it with this match's board of its place would compare other deals.
        let expected = results.len() as u64;
        if r.index != expected {
            let how = if r.index < expected {
                "again"
            } else {
                "out of order"
            };
            return Err(format!(
                "line {at}: board {} {how} (expected board {expected})",
                r.index
            ));
        }
        // What `euchre sim` cannot have written is refused here, before the match is played,
        // rather than ending it with "no deal was played" or a difference of millions a deal.
        // A board is played twice: two deals, or two games of one deal or more.
        let deals = |n: u32| {
            if n == 1 {
                "1 deal".to_string()
            } else {
                format!("{n} deals")
            }
        };
        if key.games && r.deals < 2 {
            return Err(format!(
                "line {at}: {}, but a board is two games of one deal or more",
                deals(r.deals)
            ));
        }
        if !key.games && r.deals != 2 {
            return Err(format!(
                "line {at}: {}, but a board of single deals is two deals",
                deals(r.deals)
            ));
        }
        if r.difference.unsigned_abs() > u64::from(r.deals) * MAX_POINTS_PER_DEAL as u64 {
            return Err(format!(
                "line {at}: a difference of {} points in {} is more than any rules score (at most {MAX_POINTS_PER_DEAL} a deal)",
                r.difference,
                deals(r.deals)
            ));
        }
        results.push(r);
    }
    Ok(SavedBoards { players, results })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn key() -> BoardsKey {
        BoardsKey {
            rules: "north-american".into(),
            set: vec!["stick_the_dealer=true".into()],
            seed: 182,
            games: false,
        }
    }

    proptest! {
        #[test]
        fn a_written_file_reads_back_as_it_was(
            rows in proptest::collection::vec(-2_000..=2_000i64, 0..40),
            first in "[a-z0-9-]{1,20}",
            second in "[a-z0-9-]{1,20}",
        ) {
            let results: Vec<BoardResult> = rows
                .iter()
                .enumerate()
                .map(|(index, &difference)| BoardResult { index: index as u64, deals: 2, difference, won: None, finished: None })
                .collect();
            let text = write(&key(), [&first, &second], &results);
            let saved = read(&text, &key()).unwrap();
            prop_assert_eq!(saved.players, [first, second]);
            prop_assert_eq!(saved.results, results);
        }

        #[test]
        fn a_file_of_games_reads_back_with_the_games_won(
            rows in proptest::collection::vec((2..=4_000u32, -2_000..=2_000i64, 0..=2u32, 0..=2u32), 1..40),
        ) {
            // A board of no more deals than a game is cut off at finished both its games.
            let results: Vec<BoardResult> = rows
                .iter()
                .enumerate()
                .map(|(index, &(deals, difference, won, finished))| BoardResult {
                    index: index as u64,
                    deals,
                    difference,
                    won: Some(won),
                    finished: Some(if deals <= MAX_DEALS_PER_GAME { 2 } else { finished.max(won) }),
                })
                .collect();
            let games = BoardsKey { games: true, ..key() };
            let saved = read(&write(&games, ["a", "b"], &results), &games).unwrap();
            prop_assert_eq!(saved.results, results);
        }
    }

    #[test]
    fn a_file_of_games_without_the_games_won_still_reads() {
        let games = BoardsKey { games: true, ..key() };
        let text = write(&games, ["a", "b"], &[]) + "0,20,4\n";
        assert!(text.contains("board,deals,difference\n"), "{text}");
        let saved = read(&text, &games).unwrap();
        assert_eq!(saved.results[0].won, None);
        let four = text.replace("difference\n", "difference,won\n");
        let e = read(&four, &games).unwrap_err();
        assert!(e.contains("line 4: four numbers expected"), "{e}");
        let e = read(&four.replace("0,20,4", "0,20,4,3"), &games).unwrap_err();
        assert!(e.contains("`3` is not a count of games won"), "{e}");
        // Single deals keep no games won: the fourth column is refused there.
        let single = write(&key(), ["a", "b"], &[]).replace("difference\n", "difference,won\n");
        let e = read(&single, &key()).unwrap_err();
        assert!(e.contains("line 3 should be `board,deals,difference`"), "{e}");
    }

    /// A board file could not tell a game cut off unfinished from a game lost: `--compare`
    /// counted it as one lost (review s54, 2). Games finished are written where a board could
    /// have held one cut off, and a file of four columns is read as finishing its short
    /// boards' games and not knowing of its long ones.
    #[test]
    fn games_finished_are_kept_where_a_board_could_have_held_a_cut_off_game() {
        let games = BoardsKey { games: true, ..key() };
        let board = |index: u64, deals: u32, won: u32, finished: u32| BoardResult {
            index,
            deals,
            difference: 0,
            won: Some(won),
            finished: Some(finished),
        };
        let cap = MAX_DEALS_PER_GAME;
        // Every game ended, and no board was long: the file is as before.
        let short = [board(0, 20, 1, 2), board(1, cap, 2, 2)];
        let text = write(&games, ["a", "b"], &short);
        assert!(
            text.ends_with("board,deals,difference,won\n0,20,0,1\n1,2000,0,2\n"),
            "{text}"
        );
        assert_eq!(read(&text, &games).unwrap().results, short);
        // A board long enough to have held a cut-off game: a fifth column.
        let long = [
            board(0, 20, 1, 2),
            board(1, cap + 7, 0, 1),
            board(2, 2 * cap, 0, 0),
        ];
        let text = write(&games, ["a", "b"], &long);
        assert!(
            text.ends_with("board,deals,difference,won,finished\n0,20,0,1,2\n1,2007,0,0,1\n2,4000,0,0,0\n"),
            "{text}"
        );
        assert_eq!(read(&text, &games).unwrap().results, long);
        // An older file of four columns: its long board cannot tell, its short ones can.
        let old = write(&games, ["a", "b"], &short) + "2,2001,0,0\n";
        let read_old = read(&old, &games).unwrap().results;
        assert_eq!(read_old[..2], short);
        assert_eq!(read_old[2].finished, None);
        // What `euchre sim` cannot have written.
        let five = write(&games, ["a", "b"], &[board(0, cap + 7, 0, 1)]);
        for (row, want) in [
            ("1,2001,0,2,1", "line 5: 2 games won of 1 finished"),
            ("1,2001,0,0,3", "`3` is not a count of games finished (0 to 2)"),
            ("1,2001,0,0", "line 5: five numbers expected"),
        ] {
            let e = read(&format!("{five}{row}\n"), &games).unwrap_err();
            assert!(e.contains(want), "{row}: `{want}` not in {e}");
        }
        // Single deals keep neither.
        let single = write(&key(), ["a", "b"], &[]).replace("difference\n", "difference,won,finished\n");
        let e = read(&single, &key()).unwrap_err();
        assert!(e.contains("line 3 should be `board,deals,difference`"), "{e}");
    }

    #[test]
    fn a_file_of_other_boards_is_refused_naming_what_differs() {
        let text = write(&key(), ["a", "b"], &[]);
        let other = BoardsKey { seed: 183, ..key() };
        let e = read(&text, &other).unwrap_err();
        assert!(e.contains("seed `182`, this match with `183`"), "{e}");
        let other = BoardsKey { games: true, ..key() };
        assert!(read(&text, &other).unwrap_err().contains("games `false`"));
    }

    #[test]
    fn settings_pair_as_the_rules_they_make_not_as_typed() {
        let set = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let canon = |s: &[&str]| canonical_set("north-american", &set(s)).unwrap();
        let both = canon(&["stick_the_dealer=true", "farmers=true"]);
        assert_eq!(both, set(&["stick_the_dealer=true", "farmers=true"]));
        // Order, an alias, and an option set to the preset's value make the same rules.
        assert_eq!(canon(&["farmers=true", "std=true"]), both);
        assert_eq!(canon(&["farmers=true", "winning_score=10", "std=true"]), both);
        assert_eq!(canon(&["stick_the_dealer=false"]), set(&[]));
        let e = canonical_set("north-american", &set(&["no_such=1"])).unwrap_err();
        assert!(e.contains("no_such"), "{e}");
        assert!(canonical_set("north-american", &set(&["std"])).is_err());
        // A file of an older version, its settings as typed, pairs with the same rules.
        let key = BoardsKey { set: both, ..key() };
        let old = write(
            &BoardsKey {
                set: set(&["farmers=true", "std=true"]),
                ..key.clone()
            },
            ["a", "b"],
            &[],
        );
        read(&old, &key).unwrap();
        let other = write(
            &BoardsKey {
                set: set(&["farmers=true"]),
                ..key.clone()
            },
            ["a", "b"],
            &[],
        );
        let e = read(&other, &key).unwrap_err();
        assert!(e.contains("played with set `farmers=true`"), "{e}");
    }

    #[test]
    fn each_malformed_line_is_named() {
        let good = write(&key(), ["a", "b"], &[]);
        let cases = [
            ("", "not a board file"),
            ("board,deals,difference\n", "not a board file"),
            ("# euchre sim boards\n", "line 2 should say"),
            (
                "# euchre sim boards\n# rules=north-american;\n",
                "does not give `set`",
            ),
            (&format!("{good}1,2\n"), "line 4: three numbers expected"),
            (
                &format!("{good}0,2,3\nx,2,3\n"),
                "line 5: `x` is not a board number",
            ),
            (&format!("{good}0,-2,3\n"), "`-2` is not a count of deals"),
            (&format!("{good}0,2,1.5\n"), "`1.5` is not a point difference"),
            (
                &good.replace("board,deals,difference", "a,b,c"),
                "line 3 should be",
            ),
        ];
        for (text, want) in cases {
            let e = read(text, &key()).unwrap_err();
            assert!(e.contains(want), "{text:?}: `{want}` not in {e}");
        }
    }

    /// A board played no deals made the match end, after it was played, with "no deal was
    /// played"; a board of one deal and a difference of 9,999,999,999 was read as
    /// −370,370,370.59 points a deal (analysis tester s52, 3).
    #[test]
    fn counts_sim_cannot_have_written_are_refused_by_line() {
        let good = write(&key(), ["a", "b"], &[]);
        let games = BoardsKey { games: true, ..key() };
        let good_games = write(&games, ["a", "b"], &[]).replace("difference\n", "difference,won\n");
        let cases = [
            (
                &key(),
                format!("{good}0,2,1\n1,0,0\n"),
                "line 5: 0 deals, but a board of single deals is two deals",
            ),
            (
                &key(),
                format!("{good}0,3,1\n"),
                "line 4: 3 deals, but a board of single deals is two deals",
            ),
            (
                &games,
                format!("{good_games}0,1,9999999999,2\n"),
                "line 4: 1 deal, but a board is two games of one deal or more",
            ),
            (
                &games,
                format!("{good_games}0,0,0,0\n"),
                "line 4: 0 deals, but a board is two games",
            ),
            (
                &games,
                format!("{good_games}0,2,9999999999,2\n"),
                "line 4: a difference of 9999999999 points in 2 deals is more than any rules score",
            ),
            (
                &key(),
                format!("{good}0,2,-2001\n"),
                "is more than any rules score",
            ),
        ];
        for (key, text, want) in &cases {
            let e = read(text, key).unwrap_err();
            assert!(e.contains(want), "{text:?}: `{want}` not in {e}");
        }
        read(&format!("{good}0,2,-2000\n"), &key()).expect("two deals at the bound");
        read(&format!("{good_games}0,2,-3,2\n1,41,12,0\n"), &games).expect("games of many deals");
    }

    /// A board given twice was refused only as the match ended, as "board 2 is paired with
    /// board 1", naming neither the file nor the line (analysis tester s52, 4).
    #[test]
    fn a_board_out_of_its_place_is_named_by_line() {
        let good = write(&key(), ["a", "b"], &[]);
        let e = read(&format!("{good}0,2,1\n1,2,0\n1,2,0\n"), &key()).unwrap_err();
        assert_eq!(e, "line 6: board 1 again (expected board 2)");
        let e = read(&format!("{good}0,2,1\n2,2,0\n"), &key()).unwrap_err();
        assert_eq!(e, "line 5: board 2 out of order (expected board 1)");
        let e = read(&format!("{good}1,2,1\n"), &key()).unwrap_err();
        assert_eq!(e, "line 4: board 1 out of order (expected board 0)");
    }
}
