//! The EGN specification's example files (`tests/data/egn-examples`, copied from the EGN project
//! under the Apache License 2.0; see `NOTICE` there), each pinned to what the replay makes of it.
//!
//! Every file in the folder must be pinned: adding a file without deciding what it should give
//! fails the test, and so does a pinned file that has gone missing.

use euchre::Team;
use euchre_egn::{check_text, CheckSummary};
use std::path::{Path, PathBuf};

/// What checking one file must give.
enum Expect {
    /// A game: deals replayed, final score, winner (`None` while the game is unfinished).
    Game {
        deals: usize,
        score: [i32; 2],
        winner: Option<u8>,
    },
    /// A match: games and deals over all games.
    Match { games: usize, deals: usize },
    /// Rejected, with an error that contains this fragment.
    Rejected(&'static str),
}

use Expect::{Game, Match, Rejected};

/// The licence and provenance files that travel with the examples; not EGN.
const NOT_EXAMPLES: [&str; 2] = ["LICENSE", "NOTICE"];

fn pins() -> Vec<(&'static str, Expect)> {
    vec![
        (
            "Custom Scenario.egn",
            Game {
                deals: 1,
                score: [0, 1],
                winner: None,
            },
        ),
        (
            "Epic Comeback.egn",
            Game {
                deals: 9,
                score: [11, 9],
                winner: Some(0),
            },
        ),
        (
            "Me and Bears.egn",
            Game {
                deals: 12,
                score: [10, 9],
                winner: Some(0),
            },
        ),
        (
            "Quite the Hustle Annotated.egn",
            Game {
                deals: 11,
                score: [10, 7],
                winner: Some(0),
            },
        ),
        (
            "Six Points in Two Hands.egn",
            Game {
                deals: 2,
                score: [10, 9],
                winner: Some(0),
            },
        ),
        (
            "VWEC Finals Annotated.egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "VWEC Finals.egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "combination examples/MotE W5 G1.egn",
            Game {
                deals: 11,
                score: [10, 3],
                winner: Some(0),
            },
        ),
        (
            "combination examples/MotE W5 G2.egn",
            Game {
                deals: 12,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "combination examples/MotE W5 G3.egn",
            Game {
                deals: 11,
                score: [10, 6],
                winner: Some(0),
            },
        ),
        (
            "combination examples/MotE W5 G4.egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "combination examples/MotE W5 G5.egn",
            Game {
                deals: 10,
                score: [11, 7],
                winner: Some(0),
            },
        ),
        (
            "combination examples/MotE W5 G6.egn",
            Game {
                deals: 16,
                score: [10, 9],
                winner: Some(0),
            },
        ),
        (
            "combination examples/MotE W5 Match.emn",
            Match { games: 6, deals: 73 },
        ),
        // A revoke: seat 2 shows out of clubs, then plays a club later.
        (
            "conversion examples/test.egn",
            Rejected("deal 1, trick 1: seat 2 may not play Qd: Qd does not follow suit: clubs were led and seat 2 holds 9c"),
        ),
        (
            "conversion examples/test_annotated.egn",
            Rejected("deal 1, trick 1: seat 2 may not play Qd: Qd does not follow suit: clubs were led and seat 2 holds 9c"),
        ),
        (
            "conversion examples/test_timingsLayouts.egn",
            Game {
                deals: 1,
                score: [0, 2],
                winner: None,
            },
        ),
        (
            "validation examples/Another fun euchre!.egn",
            Game {
                deals: 1,
                score: [0, 2],
                winner: None,
            },
        ),
        (
            "validation examples/Custom Scenario.egn",
            Game {
                deals: 1,
                score: [0, 1],
                winner: None,
            },
        ),
        (
            "validation examples/Euchre_com July 5th Pairs Finals Annotated 1.egn",
            Game {
                deals: 11,
                score: [9, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn",
            Game {
                deals: 11,
                score: [9, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/July 4th Pairs Finals (3).egn",
            Game {
                deals: 11,
                score: [9, 10],
                winner: Some(1),
            },
        ),
        // The record goes on for two more deals after team 1 reached 10.
        (
            "validation examples/July 4th Pairs Finals.egn",
            Rejected("deal 10: play goes on after the game was won (6 : 10 after deal 9)"),
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 (16).egn",
            Game {
                deals: 8,
                score: [7, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 1.egn",
            Game {
                deals: 9,
                score: [3, 11],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 2 Render (2).egn",
            Game {
                deals: 8,
                score: [7, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 2 Render.egn",
            Game {
                deals: 8,
                score: [7, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 2.egn",
            Game {
                deals: 8,
                score: [7, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 3.egn",
            Game {
                deals: 9,
                score: [10, 5],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 5.egn",
            Game {
                deals: 10,
                score: [5, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1 Game 6.egn",
            Game {
                deals: 13,
                score: [11, 6],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Masters of the Euchreverse Week 1.egn",
            Game {
                deals: 9,
                score: [3, 11],
                winner: Some(1),
            },
        ),
        (
            "validation examples/Me and Bears (1).egn",
            Game {
                deals: 12,
                score: [10, 9],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Me and Bears.egn",
            Game {
                deals: 12,
                score: [10, 9],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Me and Mike Mike Mike.egn",
            Game {
                deals: 9,
                score: [11, 2],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Quite the Hustle Annotated.egn",
            Game {
                deals: 11,
                score: [10, 7],
                winner: Some(0),
            },
        ),
        (
            "validation examples/Quite the Hustle.egn",
            Game {
                deals: 11,
                score: [10, 7],
                winner: Some(0),
            },
        ),
        (
            "validation examples/VWEC Finals (7).egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/VWEC Finals.egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/annotated (1).egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        (
            "validation examples/annotated.egn",
            Game {
                deals: 13,
                score: [8, 10],
                winner: Some(1),
            },
        ),
        // Two deals numbered 0.
        (
            "validation examples/egn_m_20260529_01 (5).egn",
            Rejected("deal 2: dealNumber 0 repeats that of deal 1"),
        ),
        (
            "validation examples/egn_m_20260529_01.egn",
            Game {
                deals: 1,
                score: [0, 0],
                winner: None,
            },
        ),
        (
            "validation examples/invalid1.json",
            Rejected("fileType is 'Euchre Layout Template'"),
        ),
        (
            "validation examples/invalid2.json",
            Rejected("an EGN document is a JSON object"),
        ),
    ]
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/egn-examples")
}

/// Every file under `dir`, as a path relative to `root` with `/` separators.
fn files_under(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files_under(root, &path, out);
        } else {
            let rel = path.strip_prefix(root).expect("under the root");
            let parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(parts.join("/"));
        }
    }
}

fn describe(s: &CheckSummary) -> String {
    format!("{s:?}")
}

#[test]
fn every_example_file_is_pinned_and_gives_its_pinned_result() {
    let root = corpus_dir();
    let mut found = Vec::new();
    files_under(&root, &root, &mut found);
    found.retain(|f| !NOT_EXAMPLES.contains(&f.as_str()));
    found.sort();
    let pins = pins();

    let unpinned: Vec<&String> = found
        .iter()
        .filter(|f| !pins.iter().any(|(p, _)| p == f))
        .collect();
    assert!(
        unpinned.is_empty(),
        "files in {} with no pinned result: {unpinned:?}",
        root.display()
    );
    let missing: Vec<&str> = pins
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| !found.iter().any(|f| f == p))
        .collect();
    assert!(
        missing.is_empty(),
        "pinned files that are not in {}: {missing:?}",
        root.display()
    );

    let mut failures = Vec::new();
    for (name, expect) in &pins {
        let bytes = std::fs::read(root.join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"));
        let text = String::from_utf8(bytes).unwrap_or_else(|_| panic!("{name} is not UTF-8"));
        let got = check_text(&text);
        let ok = match (expect, &got) {
            (Game { deals, score, winner }, Ok(s)) => {
                s.games.is_none()
                    && s.deals == *deals
                    && s.score == Some(*score)
                    && s.winner == winner.map(Team::new)
            }
            (Match { games, deals }, Ok(s)) => {
                s.games == Some(*games) && s.deals == *deals && s.score.is_none()
            }
            (Rejected(fragment), Err(e)) => e.to_string().contains(fragment),
            _ => false,
        };
        if !ok {
            let got = match &got {
                Ok(s) => format!("accepted: {}", describe(s)),
                Err(e) => format!("rejected: {e}"),
            };
            let want = match expect {
                Game { deals, score, winner } => {
                    format!(
                        "a game of {deals} deals, score {}-{}, winner {winner:?}",
                        score[0], score[1]
                    )
                }
                Match { games, deals } => format!("a match of {games} games and {deals} deals"),
                Rejected(f) => format!("rejected with an error containing {f:?}"),
            };
            failures.push(format!("{name}: expected {want}, but {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files differ:\n{}",
        failures.len(),
        pins.len(),
        failures.join("\n")
    );
}

#[test]
fn exactly_six_example_files_are_rejected() {
    // The reviewed verdict: two revokes, play after the game was won, a repeated deal and two files
    // that are not EGN games at all.
    let rejected: Vec<&str> = pins()
        .iter()
        .filter(|(_, e)| matches!(e, Rejected(_)))
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(rejected.len(), 6, "{rejected:?}");
}

/// A fault in a match's game names the game and the deal both in words and in
/// [`euchre_egn::EgnError::place`], for tools that locate it in the file.
#[test]
fn a_fault_in_a_match_is_placed_by_game_and_deal() {
    let path = corpus_dir().join("combination examples/MotE W5 Match.emn");
    let mut m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dealer = &mut m["games"][2]["gameData"]["deals"][3]["initialState"]["dealer"];
    *dealer = ((dealer.as_u64().unwrap() + 1) % 4).into();
    let e = check_text(&m.to_string()).unwrap_err();
    assert!(e.to_string().starts_with("game 3: deal 4: dealer is seat"), "{e}");
    assert_eq!(
        e.place(),
        euchre_egn::Place {
            game: Some(3),
            deal: Some(4),
            within: Some(euchre_egn::Within::Dealer),
        }
    );
}

/// A fault is placed within its deal too: the call, the trick, the field its message names,
/// so that a tool can point at that line (left alone at stop 48, 12).
#[test]
fn a_fault_is_placed_within_its_deal() {
    use euchre_egn::Within;
    let path = corpus_dir().join("combination examples/MotE W5 Match.emn");
    let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let game = m["games"][0]["gameData"].clone();
    let broken = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut g = game.clone();
        edit(&mut g["deals"][1]);
        let e = check_text(&g.to_string()).unwrap_err();
        (e.place().within, e.to_string())
    };
    type Edit<'a> = &'a dyn Fn(&mut serde_json::Value);
    let cases: [(Edit, Option<Within>); 6] = [
        (
            &|d| d["phases"][0]["calls"][0] = "Zap".into(),
            Some(Within::Call { phase: 0, call: 1 }),
        ),
        (
            &|d| d["phases"][1]["tricks"][3][0] = "Zz".into(),
            Some(Within::Trick { phase: 1, trick: 4 }),
        ),
        (
            &|d| d["phases"][1]["tricks"][1] = d["phases"][1]["tricks"][0].clone(),
            Some(Within::Trick { phase: 1, trick: 2 }),
        ),
        (
            &|d| d["initialState"]["upCard"] = "Zz".into(),
            Some(Within::UpCard),
        ),
        (
            &|d| d["phases"][0]["discard"] = "Zz".into(),
            Some(Within::Discard { phase: 0 }),
        ),
        (
            &|d| d["phases"] = serde_json::json!([d["phases"][1], d["phases"][0]]),
            None,
        ),
    ];
    for (k, (edit, within)) in cases.iter().enumerate() {
        let (got, message) = broken(*edit);
        assert_eq!(got, *within, "case {k}: {message}");
    }
}
