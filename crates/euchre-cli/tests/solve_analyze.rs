//! `euchre solve` and `euchre analyze` on recorded games and given deals.

use serde_json::Value;
use std::process::Command;

const EUCHRE: &str = env!("CARGO_BIN_EXE_euchre");
const VWEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../euchre-egn/tests/data/egn-examples/VWEC Finals.egn"
);
const DEAL: &str = r#"{"dealer":3,"hands":[["9C","TC","JC","QC","KC"],["AC","9D","TD","JD","QD"],["KD","AD","9S","TS","JS"],["QS","KS","AS","TH","JH"]],"upcard":"9H"}"#;

fn euchre(args: &[&str]) -> Result<String, String> {
    let out = Command::new(EUCHRE).args(args).output().expect("run euchre");
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&euchre(args).unwrap()).unwrap()
}

#[test]
fn solve_values_every_legal_card_of_a_recorded_trick() {
    let v = json(&["solve", VWEC, "--deal", "2", "--trick", "1", "--json"]);
    assert_eq!(v["trump"], "C");
    let values = v["values"].as_array().unwrap();
    // Seat 0 leads with five cards, all legal; best first.
    assert_eq!(values.len(), 5);
    let nums: Vec<f64> = values.iter().map(|x| x["value"].as_f64().unwrap()).collect();
    assert!(nums.windows(2).all(|w| w[0] >= w[1]), "{nums:?}");
    // Deeper in the same deal: fewer cards, the same reading.
    let late = json(&[
        "solve", VWEC, "--deal", "2", "--trick", "4", "--card", "2", "--json",
    ]);
    assert!(late["hands"][0].as_array().unwrap().len() <= 2);
    // The position says what was played before it: three tricks taken, two cards of the
    // fourth on the table, by the seats that played them.
    let won: Vec<u64> = late["tricks_won"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    assert_eq!(won.iter().sum::<u64>(), 3, "{won:?}");
    let trick = late["trick"].as_array().unwrap();
    assert_eq!(trick.len(), 2, "{trick:?}");
    assert_eq!(
        (&trick[0]["seat"], &trick[1]["seat"]),
        (&Value::from(0), &Value::from(1))
    );
    assert_eq!(late["seat"], 2);
    let text = euchre(&["solve", VWEC, "--deal", "2", "--trick", "4", "--card", "2"]).unwrap();
    assert!(text.contains("tricks taken: 2-1"), "{text}");
    assert!(text.contains("this trick so far: seat 0 TS, seat 1 9H"), "{text}");
    assert_eq!(v["trick"], Value::Array(Vec::new()));
    // Before trump is made JSON says so with null, not with words a program would have to
    // know (the engine tester's `"trump":"not made"`).
    let bidding = json(&["solve", VWEC, "--deal", "2", "--trick", "0", "--json"]);
    assert_eq!(bidding["trump"], Value::Null, "{bidding}");
}

/// A loner's partner sits out: the card after seat 1's is seat 3's.
#[test]
fn solve_names_the_seats_of_a_loners_trick() {
    let v = json(&[
        "solve",
        "--rules",
        "openspiel",
        "--given",
        DEAL,
        "--then",
        "pass,pass,pass,pass,call C,alone,KC,AC,TH,9D,JH",
        "--json",
    ]);
    assert_eq!(v["seat"], 0);
    assert_eq!(v["tricks_won"], serde_json::json!([0, 1]));
    let seats: Vec<&Value> = v["trick"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| &c["seat"])
        .collect();
    assert_eq!(seats, [&Value::from(1), &Value::from(3)]);
}

#[test]
fn solve_a_given_deal_after_given_decisions() {
    let v = json(&[
        "solve",
        "--rules",
        "openspiel",
        "--given",
        DEAL,
        "--then",
        "pass,pass,pass,pass,call C",
        "--json",
    ]);
    // Seat 0 holds five clubs with the right bower and leads: alone, it takes every trick.
    assert_eq!(v["seat"], 0);
    assert_eq!(v["values"][0]["action"], "alone");
    assert_eq!(v["values"][0]["value"], 4.0);
}

#[test]
fn solve_names_what_is_wrong() {
    let e = euchre(&["solve", "--given", DEAL, "--then", "pass,call X"]).unwrap_err();
    assert!(e.contains("--then, decision 2"), "{e}");
    let e = euchre(&["solve", "--given", r#"{"dealer":3}"#]).unwrap_err();
    assert!(e.contains("hands"), "{e}");
    let e = euchre(&["solve", VWEC, "--deal", "99"]).unwrap_err();
    assert!(e.contains("13 deals, not 99"), "{e}");
    let e = euchre(&["solve", VWEC, "--deal", "2", "--trick", "9"]).unwrap_err();
    assert!(e.contains("never reaches trick 9"), "{e}");
}

/// Options that would be ignored are refused: a file is played by its own rules and has no
/// decisions to add; a given deal has no deal, trick or card to pick.
#[test]
fn solve_refuses_options_it_would_ignore() {
    for args in [
        &["solve", VWEC, "--rules", "british"][..],
        &["solve", VWEC, "--set", "stick_the_dealer=true"],
    ] {
        let e = euchre(args).unwrap_err();
        assert!(e.contains("--rules and --set are for --given"), "{args:?}: {e}");
    }
    let e = euchre(&["solve", VWEC, "--then", "pass"]).unwrap_err();
    assert!(e.contains("cannot be used with '--then"), "{e}");
    let e = euchre(&["solve", "--given", DEAL, "--trick", "3"]).unwrap_err();
    assert!(e.contains("cannot be used with '--trick"), "{e}");
    // With nothing to solve, the help says both ways to name it.
    let e = euchre(&["solve"]).unwrap_err();
    assert!(e.contains("--given"), "{e}");
}

/// The protocol's `solve` answers one line.
fn protocol_solve(new: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(EUCHRE)
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run euchre engine");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{new}\n{{\"cmd\":\"solve\"}}").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().nth(1).expect("two answers").to_string()
}

/// `solve` refuses where the engine protocol's `solve` refuses, in the same words (it answered
/// the bidding under `reneging = penalised`, which the protocol refuses as slow), and names
/// what gets past it: with `--given` only `--then`, as `--trick` is refused beside it (Bid
/// Euchre's refusal named `--trick`).
#[test]
fn solve_refuses_where_the_protocol_refuses_naming_what_works() {
    let penalised = protocol_solve(&format!(
        r#"{{"cmd":"new","options":{{"reneging":"penalised"}},"deal":{DEAL}}}"#
    ));
    let e = euchre(&["solve", "--given", DEAL, "--set", "reneging=penalised"]).unwrap_err();
    let words = |phase: &str| {
        format!("solve is exact only once trump is made and the play has begun under reneging = penalised: searching from {phase} can take seconds")
    };
    // Both name the phase in a person's words, not the protocol's `bidding1` (research tester
    // s54, 9).
    assert!(
        penalised.contains(&words("round 1 of the bidding")),
        "{penalised}"
    );
    assert!(
        e.contains(&format!(
            "{}; give the decisions up to the first lead with --then",
            words("round 1 of the bidding")
        )),
        "{e}"
    );
    // From the first lead both answer.
    let v = json(&[
        "solve",
        "--given",
        DEAL,
        "--set",
        "reneging=penalised",
        "--then",
        "pass,pass,pass,pass,call C",
        "--json",
    ]);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(5), "{v}");
    let bid = r#"{"dealer":0,"hands":[["9C","TC","JC","QC","KC","AC"],["9D","TD","JD","QD","KD","AD"],["9H","TH","JH","QH","KH","AH"],["9S","TS","JS","QS","KS","AS"]]}"#;
    let auction = protocol_solve(&format!(r#"{{"cmd":"new","rules":"bid-euchre","deal":{bid}}}"#));
    let words =
        "solve is exact in bid-euchre once the auction is over: searching the auction can take a minute";
    assert!(auction.contains(words), "{auction}");
    let e = euchre(&["solve", "--given", bid, "--rules", "bid-euchre"]).unwrap_err();
    assert!(
        e.contains(&format!("{words}; give the auction's bids with --then")) && !e.contains("--trick"),
        "{e}"
    );
}

/// A file that is not JSON (empty, cut short) is said to be so, not blamed on the record reader.
#[test]
fn analyze_and_solve_say_a_file_is_not_json() {
    let path = std::env::temp_dir().join(format!("euchre-empty-{}.egn", std::process::id()));
    std::fs::write(&path, "").unwrap();
    for cmd in ["analyze", "solve"] {
        let e = euchre(&[cmd, path.to_str().unwrap()]).unwrap_err();
        assert!(e.contains("not JSON: EOF"), "{cmd}: {e}");
    }
    let _ = std::fs::remove_file(&path);
}

/// `--given` is the command line's text, not a file: its faults are said of it ("--given: not
/// JSON: ... (the file is empty)" for `--given ''`; research tester s54, 9).
#[test]
fn a_given_deal_that_is_not_json_is_said_of_the_argument() {
    for (given, expected) in [
        (
            "",
            "--given is empty: give the deal as the engine protocol's `new` takes it",
        ),
        ("  ", "--given is empty"),
        (
            r#"{"dealer":3"#,
            "(the text ends before the JSON does: a closing bracket or quote left out?)",
        ),
        ("{} {}", "(--given takes one deal: one JSON object)"),
    ] {
        let e = euchre(&["solve", "--given", given]).unwrap_err();
        assert!(e.contains(expected), "{given:?}: {e}");
        assert!(!e.contains("file"), "{given:?}: {e}");
    }
}

#[test]
fn analyze_ranks_the_decisions_and_names_those_it_cannot_judge() {
    let v = json(&["analyze", VWEC, "--player", "pimc-10", "--json"]);
    let decisions = v["decisions"].as_array().unwrap();
    assert!(decisions.len() > 100, "{} judged", decisions.len());
    let losses: Vec<f64> = decisions.iter().map(|d| d["loss"].as_f64().unwrap()).collect();
    assert!(losses.windows(2).all(|w| w[0] >= w[1]), "biggest first");
    for d in decisions {
        let taken = d["taken"].as_str().unwrap();
        let values = d["values"].as_object().unwrap();
        assert!(values.contains_key(taken), "{d}");
    }
    // The tournament's hands were rebuilt from the play: the dealer's unrecorded discard is
    // the reader's guess, so those decisions are named, not judged.
    let unjudged = v["unjudged"].as_array().unwrap();
    assert!(!unjudged.is_empty());
    assert!(unjudged[0]["why"]
        .as_str()
        .unwrap()
        .contains("placed by the reader"));
    let total: u64 = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["judged"].as_u64().unwrap())
        .sum();
    assert_eq!(total as usize, decisions.len());
}

#[test]
fn analyze_refuses_a_player_that_gives_no_values() {
    let e = euchre(&["analyze", VWEC, "--player", "basic"]).unwrap_err();
    assert!(e.contains("does not value actions"), "{e}");
    let e = euchre(&["analyze", VWEC, "--player", "sage"]).unwrap_err();
    assert!(e.contains("unknown player 'sage'"), "{e}");
}

#[test]
fn analyze_and_solve_read_game_records_of_the_individual_games() {
    let dir = std::env::temp_dir().join(format!("euchre-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A random game of `preset` written as a record in the scratch folder.
    let record_of = |preset: &str| {
        let path = dir.join(format!("{preset}.json"));
        let record = euchre(&["random", "--rules", preset, "--seed", "3", "--format", "record"]).unwrap();
        std::fs::write(&path, record).unwrap();
        path.to_str().unwrap().to_string()
    };
    let file = &record_of("three-handed");
    let v = json(&["analyze", file, "--player", "pimc-5", "--json"]);
    assert_eq!(v["players"].as_array().unwrap().len(), 3);
    // The report says its losses are in the solver's measure, not the score's points
    // (analysis tester s52, 9).
    let text = euchre(&["analyze", file, "--player", "pimc-5"]).unwrap();
    assert!(
        text.contains("as the seat's gain against the others' mean"),
        "{text}"
    );
    assert!(!v["decisions"].as_array().unwrap().is_empty());
    // Solved from the first decision (the bidding) and from the first lead.
    let first_lead = json(&["solve", file, "--deal", "1", "--trick", "1", "--json"]);
    assert_eq!(first_lead["hands"][0].as_array().unwrap().len(), 7);
    let bidding = json(&["solve", file, "--deal", "1", "--trick", "0", "--json"]);
    assert!(!bidding["values"].as_array().unwrap().is_empty(), "{bidding}");
    // Bid Euchre's auction is refused: its search takes up to a minute.
    let file = &record_of("bid-euchre");
    let e = euchre(&["solve", file, "--deal", "1", "--trick", "0"]).unwrap_err();
    assert!(
        e.contains("solve is exact in bid-euchre once the auction is over")
            && e.contains("with --trick 0 (the decision after the auction), or --trick 1 or later"),
        "{e}"
    );
    let first_lead = json(&["solve", file, "--deal", "1", "--trick", "1", "--json"]);
    assert!(
        !first_lead["values"].as_array().unwrap().is_empty(),
        "{first_lead}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A deal in which the dealer's partner ordered up alone: the dealer never took the upcard, so it
/// stayed in the kitty. The analysis rebuilds the deal as dealt (it once took the kitty as it
/// ended and refused the deal: "9H is dealt twice"; the server's reviews failed with it).
#[test]
fn analyze_reads_a_deal_where_the_dealer_sat_out_of_a_loner() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/alone-partner.json");
    euchre(&["record", "check", file]).unwrap();
    let v = json(&["analyze", file, "--player", "pimc-5", "--json"]);
    assert!(!v["decisions"].as_array().unwrap().is_empty(), "{v}");
}

/// The default reference player is the one behind hints (`expert`): it explains each judged
/// decision with the chances of every action, and its own choice costs nothing.
#[test]
fn analyze_by_the_default_player_explains_each_decision() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/alone-partner.json");
    let v = json(&["analyze", file, "--json"]);
    assert_eq!(v["reference"], "expert", "{v}");
    let decisions = v["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "{v}");
    for d in decisions {
        let values: Vec<&String> = d["values"].as_object().unwrap().keys().collect();
        let outlooks: Vec<&String> = d["outlooks"].as_object().expect("outlooks").keys().collect();
        assert_eq!(outlooks, values, "{d}");
        for o in d["outlooks"].as_object().unwrap().values() {
            let make = o["make"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&make), "{o}");
            assert!(o["win"].is_f64(), "{o}");
        }
        if d["taken"] == d["best"] {
            assert_eq!(d["loss"], 0.0, "{d}");
        }
    }
    // A player that does not explain itself gives no outlooks.
    let v = json(&["analyze", file, "--player", "pimc-5", "--json"]);
    assert!(v["decisions"][0].get("outlooks").is_none(), "{v}");
}

/// `egn show`, `solve --deal` and `analyze` count deals alike (from 1), so a deal named by one
/// is the deal the others show. The second deal of the file is dealt by seat 3 with the 9s up,
/// and seat 0 leads it holding Tc Td Kd Ts As.
#[test]
fn egn_show_and_solve_number_deals_alike() {
    let shown = euchre(&["egn", "show", VWEC]).unwrap();
    assert!(
        shown.contains("\nDeal 2 (dealNumber 1): dealer seat 3 (LeftyKnavey), upcard 9s"),
        "{shown}"
    );
    assert!(
        shown.contains("  trick 1: seat 0 leads Tc Kc Jc Ac -> seat 2"),
        "{shown}"
    );
    let v = json(&["solve", VWEC, "--deal", "2", "--trick", "1", "--json"]);
    let hand: Vec<&str> = v["hands"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(hand, ["TC", "TD", "KD", "TS", "AS"]);
}

/// A deal rebuilt from the play has cards the record never shows, placed by the reader; `solve`
/// names them, as the values hold for that placement only. In "Epic Comeback" the first deal's
/// seat 0 holds a 9D nobody saw.
#[test]
fn solve_names_the_cards_the_reader_placed() {
    let epic = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../euchre-egn/tests/data/egn-examples/Epic Comeback.egn"
    );
    let v = json(&["solve", epic, "--deal", "1", "--trick", "0", "--json"]);
    let placed = v["placed_by_reader"].as_array().unwrap();
    assert!(
        placed.contains(&serde_json::json!({"seat": 0, "card": "9D"})),
        "{placed:?}"
    );
    let text = euchre(&["solve", epic, "--deal", "1", "--trick", "0"]).unwrap();
    assert!(
        text.contains("note: the record never shows seat 0's 9D"),
        "{text}"
    );
    // Where every card in play was seen, nothing is named.
    let v = json(&["solve", VWEC, "--deal", "2", "--trick", "1", "--json"]);
    assert_eq!(v["placed_by_reader"], serde_json::json!([]));
}

/// In an EMN match players change seats between games: each decision is put on the player who
/// sat there in that game, and each player's total gathers their decisions from every seat
/// (before, every seat was named as in the first game, and totalled by seat).
#[test]
fn an_emn_matchs_decisions_are_put_on_the_player_in_the_seat_that_game() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../euchre-egn/tests/data/egn-examples/combination examples"
    );
    let v = json(&[
        "analyze",
        &format!("{dir}/MotE W5 Match.emn"),
        "--player",
        "pimc-1",
        "--json",
    ]);
    // Each game's seats, as its own EGN file names them; the match numbers deals on through
    // the games.
    let mut seats_by_deal: Vec<Vec<String>> = Vec::new();
    for g in 1..=6 {
        let text = std::fs::read_to_string(format!("{dir}/MotE W5 G{g}.egn")).unwrap();
        let game: Value = serde_json::from_str(&text).unwrap();
        let names: Vec<String> = game["metadata"]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_str().unwrap().to_string())
            .collect();
        for _ in game["deals"].as_array().unwrap() {
            seats_by_deal.push(names.clone());
        }
    }
    assert_eq!(v["deals"], seats_by_deal.len() as u64);
    assert_ne!(
        seats_by_deal[0],
        seats_by_deal[seats_by_deal.len() - 1],
        "the players move"
    );
    let decisions = v["decisions"].as_array().unwrap();
    for d in decisions.iter().chain(v["unjudged"].as_array().unwrap()) {
        let deal = d["deal"].as_u64().unwrap() as usize;
        let seat = d["seat"].as_u64().unwrap() as usize;
        assert_eq!(d["player"], seats_by_deal[deal - 1][seat].as_str(), "{d}");
    }
    // A total per player, with the seats they sat in, adding up to every judged decision.
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 4, "{players:?}");
    for p in players {
        let name = p["name"].as_str().unwrap();
        let mine = decisions.iter().filter(|d| d["player"] == name);
        assert_eq!(p["judged"], mine.clone().count() as u64, "{name}");
        let lost: f64 = mine.map(|d| d["loss"].as_f64().unwrap()).sum();
        // Each decision's loss is rounded to 0.001 in the report.
        assert!(
            (p["points_lost"].as_f64().unwrap() - lost).abs() < 0.001 * decisions.len() as f64,
            "{name}"
        );
        let mut sat: Vec<u64> = seats_by_deal
            .iter()
            .flat_map(|names| (0..4u64).filter(move |&s| names[s as usize] == name))
            .collect();
        sat.sort_unstable();
        sat.dedup();
        let mut seats: Vec<u64> = p["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap())
            .collect();
        seats.sort_unstable();
        assert_eq!(seats, sat, "{name}");
    }
}

/// A game against three computer players of one level names three seats alike (the terminal
/// and the server keep a computer player by its level): they are three players, totalled by
/// seat, not one "medium (seats 1, 2, 3)" adding the partner's mistakes to the opponents'.
#[test]
fn seats_of_one_name_in_a_game_are_totalled_apart() {
    let out = Command::new(EUCHRE)
        .args(["random", "--seed", "3", "--format", "record"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut record: Value = serde_json::from_slice(&out.stdout).unwrap();
    record["players"] = serde_json::json!(["Ann", "medium", "medium", "medium"]);
    let path = std::env::temp_dir().join(format!("euchre-three-medium-{}.json", std::process::id()));
    std::fs::write(&path, record.to_string()).unwrap();
    let v = json(&["analyze", path.to_str().unwrap(), "--player", "pimc-1", "--json"]);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 4, "{players:?}");
    for (i, p) in players.iter().enumerate() {
        assert_eq!(p["seat"], i as u64, "{p}");
        assert_eq!(p["seats"], serde_json::json!([i]), "{p}");
    }
    let text = euchre(&["analyze", path.to_str().unwrap(), "--player", "pimc-1"]).unwrap();
    assert!(
        text.contains("seat 2 (medium)") && !text.contains("seats 1"),
        "{text}"
    );
    std::fs::remove_file(&path).ok();
}

/// An EMN match is shown, analysed and solved as one document, its deals numbered on through
/// the match by all three (before, `show` refused it and `analyze` and `solve` read it as a
/// broken game record).
#[test]
fn an_emn_match_is_shown_analysed_and_solved_with_one_numbering() {
    let out = std::process::Command::new(EUCHRE)
        .args(["random", "--set", "match_games=2", "--seed", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let path = std::env::temp_dir().join(format!("euchre-match-{}.emn", std::process::id()));
    std::fs::write(&path, &out.stdout).unwrap();
    let file = path.to_str().unwrap();
    let shown = euchre(&["egn", "show", file]).unwrap();
    assert!(shown.starts_with("Euchre Match Notation: 2 games"), "{shown}");
    assert!(shown.contains("=== Game 2 ==="), "{shown}");
    assert!(shown.contains("\nMatch: games won by player: Seat 0 "), "{shown}");
    // The games' seats are named by the match's registry: where a game's own metadata names
    // nobody (as the EMN specification's example writes it), the registry's names are shown.
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["metadata"]["players"][0]["name"] = "Ann".into();
    for g in v["games"].as_array_mut().unwrap() {
        g["gameData"]["metadata"]
            .as_object_mut()
            .unwrap()
            .remove("players");
    }
    let renamed = std::env::temp_dir().join(format!("euchre-match-names-{}.emn", std::process::id()));
    std::fs::write(&renamed, v.to_string()).unwrap();
    let named = euchre(&["egn", "show", renamed.to_str().unwrap()]).unwrap();
    assert!(named.contains("\nMatch: games won by player: Ann "), "{named}");
    assert!(euchre(&["egn", "check", renamed.to_str().unwrap()]).is_ok());
    std::fs::remove_file(&renamed).ok();
    let deals = shown.matches("\nDeal ").count();
    // The second game's first deal carries on the numbering (its dealNumber starts again), and
    // says which deal of which game it is, as `egn check`'s messages name it.
    let second = shown.split("=== Game 2 ===").nth(1).unwrap();
    let first_of_second: usize = second
        .split("\nDeal ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        second.contains(&format!("Deal {first_of_second} (game 2, deal 1; dealNumber 0)")),
        "{second}"
    );
    let analysis = json(&["analyze", file, "--player", "pimc-2", "--json"]);
    assert_eq!(analysis["deals"], deals as u64, "{analysis}");
    // The second game's first deal solved from its first decision: the seat to act is the
    // dealer's left, the dealer being the one `show` names for that deal.
    let dealer: usize = second
        .split("dealer seat ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let v = json(&[
        "solve",
        file,
        "--deal",
        &first_of_second.to_string(),
        "--trick",
        "0",
        "--json",
    ]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(v["seat"], ((dealer + 1) % 4) as u64, "{v}");
    // And seat 0 holds the hand `show` gives it there.
    let shown_hand: Vec<String> = second
        .split("    seat 0: ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .split(' ')
        .map(str::to_uppercase)
        .collect();
    let solved_hand: Vec<String> = v["hands"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    assert_eq!(shown_hand, solved_hand);
}

/// The list of mistakes holds only choices that cost something (it was padded with 0.00 losses
/// up to `--top`), and `--top 0` leaves the list out.
#[test]
fn analyze_lists_only_choices_that_cost_points() {
    let text = euchre(&["analyze", VWEC, "--player", "pimc-5", "--top", "1000"]).unwrap();
    let list = text
        .split("biggest mistakes")
        .nth(1)
        .unwrap()
        .split("per player")
        .next()
        .unwrap();
    let losses: Vec<f64> = list
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().last()?.parse().ok())
        .collect();
    assert!(!losses.is_empty(), "{list}");
    assert!(losses.iter().all(|&l| l >= 0.01), "{list}");
    let judged: usize = text
        .split(" decisions with a choice")
        .next()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(losses.len() < judged, "every judged decision listed: {list}");
    let none = euchre(&["analyze", VWEC, "--player", "pimc-5", "--top", "0"]).unwrap();
    assert!(
        !none.contains("biggest mistakes") && none.contains("per player"),
        "{none}"
    );
}

/// A random game to 3 points (seed 4, three deals) as a record in a file of its own, named by
/// `tag`: a short game whose mistakes analyze can judge by the game.
fn game_to_3(tag: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("euchre-analyze-{tag}-{}.json", std::process::id()));
    let args = [
        "random",
        "--format",
        "record",
        "--seed",
        "4",
        "--set",
        "winning_score=3",
    ];
    std::fs::write(&path, euchre(&args).unwrap()).unwrap();
    path
}

/// Where the reference weighs the game (`expert`), each mistake says what it cost of the
/// chance of winning the game too, by the reference's own estimate (judge s55, d2: a choice
/// that costs points at the game's end can cost none of the game); a reference that does not
/// weigh it (`pimc-N`) says nothing of the game.
#[test]
fn analyze_gives_each_mistakes_cost_in_the_game_where_the_reference_weighs_it() {
    let path = game_to_3("game");
    let file = path.to_str().unwrap();
    let v = json(&["analyze", file, "--player", "expert-20", "--json"]);
    let decisions = v["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    for d in decisions {
        let win = |a: &str| d["outlooks"][a]["win"].as_f64().unwrap();
        let (taken, best) = (d["taken"].as_str().unwrap(), d["best"].as_str().unwrap());
        let difference = d["win_difference"].as_f64().unwrap();
        assert!((difference - (win(taken) - win(best))).abs() < 0.002, "{d}");
    }
    let text = euchre(&["analyze", file, "--player", "expert-20"]).unwrap();
    let header = text
        .lines()
        .find(|l| l.contains("taken") && l.contains("best"))
        .unwrap();
    assert!(header.trim_end().ends_with("loss    game"), "{text}");
    assert!(text.contains("(game: the chance of winning the game"), "{text}");
    let first = text.lines().skip_while(|l| *l != header).nth(1).unwrap();
    assert!(
        first
            .trim_end()
            .trim_end_matches("close")
            .trim_end()
            .ends_with('%'),
        "{text}"
    );
    let plain = euchre(&["analyze", file, "--player", "pimc-5"]).unwrap();
    assert!(!plain.contains("game:") && !plain.contains("    game"), "{plain}");
    let plain = json(&["analyze", file, "--player", "pimc-5", "--json"]);
    assert!(plain["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d.get("win_difference").is_none()));
    std::fs::remove_file(&path).unwrap();
}

/// A mistake the reference's own search could not tell from its choice (within the noise of
/// its worlds) is marked `close`, in the text and the JSON, so that a reader does not take the
/// search's noise for a clear error (judge s55, c3 and d3); the reference's own choice is
/// always close to itself. The game below has both kinds among its mistakes.
#[test]
fn analyze_marks_the_mistakes_within_the_references_noise() {
    let path = game_to_3("close");
    let file = path.to_str().unwrap();
    let v = json(&["analyze", file, "--player", "expert-20", "--json"]);
    let decisions = v["decisions"].as_array().unwrap();
    let close = |d: &Value| d["close"].as_bool().unwrap_or_else(|| panic!("no close: {d}"));
    for d in decisions {
        if d["taken"] == d["best"] {
            assert!(close(d), "{d}");
        }
    }
    let mistakes: Vec<&Value> = decisions
        .iter()
        .filter(|d| d["loss"].as_f64().unwrap() >= 0.005)
        .collect();
    assert!(mistakes.iter().any(|d| close(d)), "{v}");
    assert!(mistakes.iter().any(|d| !close(d)), "{v}");
    let text = euchre(&["analyze", file, "--player", "expert-20"]).unwrap();
    let header = text
        .lines()
        .find(|l| l.contains("taken") && l.contains("best"))
        .unwrap();
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != header)
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('('))
        .collect();
    // The rows are the JSON's mistakes in the same order (both ranked by the loss).
    assert_eq!(rows.len(), mistakes.len(), "{text}");
    for (row, d) in rows.iter().zip(&mistakes) {
        assert_eq!(row.trim_end().ends_with("close"), close(d), "{row} / {d}");
    }
    assert!(
        text.contains("(close: within the noise of the reference's own search"),
        "{text}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// Every command that reads an EGN document reads it as `egn check` does: a byte-order mark
/// before the JSON is skipped, and a key given twice is refused, naming it (serde would keep
/// the last without a word). `solve --given` refuses a repeated key as the engine protocol does.
#[test]
fn every_reader_skips_a_byte_order_mark_and_refuses_a_repeated_key() {
    let text = std::fs::read_to_string(VWEC).unwrap();
    let dir = std::env::temp_dir().join(format!("euchre-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bom = dir.join("bom.egn");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    let twice = dir.join("twice.egn");
    let repeated = text.replacen('{', "{\"fileType\": \"Euchre Game Notation\", ", 1);
    std::fs::write(&twice, repeated).unwrap();
    for cmd in [&["egn", "show"][..], &["analyze", "--player", "pimc-1"][..]] {
        let (bom, twice) = (bom.to_str().unwrap(), twice.to_str().unwrap());
        euchre(&[cmd, &[bom]].concat()).unwrap_or_else(|e| panic!("{cmd:?} refused a byte-order mark: {e}"));
        let e = euchre(&[cmd, &[twice]].concat()).unwrap_err();
        assert!(e.contains("'fileType' is given twice"), "{cmd:?}: {e}");
    }
    let given = DEAL.replacen('{', "{\"dealer\": 0, ", 1);
    let e = euchre(&["solve", "--given", &given]).unwrap_err();
    assert!(e.contains("'dealer' is given twice"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--given` with the wrong number of hands is refused in the engine protocol's words, whatever
/// the number (none was "must have 2 to 4 hands", one "the four-handed game needs 4 hands").
#[test]
fn solve_given_with_the_wrong_number_of_hands_says_how_many_it_needs() {
    for (hands, n) in [("[]", 0), (r#"[["9C","TC","JC","QC","KC"]]"#, 1)] {
        let given = format!(r#"{{"dealer":3,"hands":{hands},"upcard":"9H"}}"#);
        let e = euchre(&["solve", "--given", &given]).unwrap_err();
        assert!(
            e.contains(&format!(
                "--given: deal 'hands' must have 4 hands (one per player), not {n}"
            )),
            "{e}"
        );
    }
}

/// An empty decision in `--then` is refused by its place, not skipped ("pass,,pass" was two
/// passes).
#[test]
fn solve_then_refuses_an_empty_decision() {
    for (then, place) in [("pass,,pass", 2), ("pass,", 2), (",pass", 1), ("pass, ,pass", 2)] {
        let e = euchre(&["solve", "--given", DEAL, "--then", then]).unwrap_err();
        assert!(
            e.contains(&format!(
                "--then, decision {place}: empty (decisions are separated by one comma each)"
            )),
            "{then}: {e}"
        );
    }
    assert!(euchre(&["solve", "--given", DEAL, "--then", " "]).is_ok());
    assert!(euchre(&["solve", "--given", DEAL, "--then", "pass, pass"]).is_ok());
}

/// A random game of `preset` written as a game record in `dir`, its path returned.
fn record_in(dir: &std::path::Path, preset: &str) -> String {
    let path = dir.join(format!("{preset}.json"));
    let record = euchre(&["random", "--rules", preset, "--seed", "3", "--format", "record"]).unwrap();
    std::fs::write(&path, record).unwrap();
    path.to_str().unwrap().to_string()
}

/// `--card` was ignored at `--trick 0`: only a deal's first bid could be solved from a file, and
/// Bid Euchre's naming of trump not at all (analysis tester s52, 1). It steps through the
/// decisions before the first lead now.
#[test]
fn solve_steps_through_the_bidding_with_card_at_trick_0() {
    let at = |k: &str| {
        json(&[
            "solve", VWEC, "--deal", "2", "--trick", "0", "--card", k, "--json",
        ])
    };
    let (first, second) = (at("0"), at("1"));
    assert_eq!(first["bidding"].as_array().map(Vec::len), Some(0), "{first}");
    assert_eq!(second["bidding"].as_array().map(Vec::len), Some(1), "{second}");
    assert_eq!(second["bidding"][0]["seat"], first["seat"], "{second}");
    assert_ne!(first["seat"], second["seat"], "{second}");
    // Past the bidding: the range is named.
    let e = euchre(&["solve", VWEC, "--deal", "2", "--trick", "0", "--card", "99"]).unwrap_err();
    assert!(
        e.contains("deal 2 has")
            && e.contains("decisions before its first lead, so --card at --trick 0 is 0 to"),
        "{e}"
    );
    let e = euchre(&["solve", VWEC, "--deal", "2", "--trick", "1", "--card", "4"]).unwrap_err();
    assert!(e.contains("at most 3 cards are played to a trick"), "{e}");
    // Bid Euchre: the auction is refused, naming the decision where trump is named, which is
    // solved.
    let dir = std::env::temp_dir().join(format!("euchre-solve-bidding-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = &record_in(&dir, "bid-euchre");
    let e = euchre(&["solve", file, "--deal", "1", "--trick", "0"]).unwrap_err();
    let k = e
        .split("give --card ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_else(|| panic!("no --card named: {e}"));
    assert!(
        e.contains("with --trick 0 (the decision after the auction)"),
        "{e}"
    );
    let naming = json(&[
        "solve", file, "--deal", "1", "--trick", "0", "--card", k, "--json",
    ]);
    let values = naming["values"].as_array().unwrap();
    assert!(values.len() >= 4, "a suit or no trump to name: {naming}");
    assert_eq!(naming["trump"], Value::Null, "{naming}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A bid's values were shown without the card it would order up, the dealer or the bids
/// before it (analysis tester s52, 2).
#[test]
fn solve_shows_the_upcard_the_dealer_and_the_bidding() {
    let args = ["solve", "--given", DEAL, "--then", "pass,pass,pass,pass"];
    let text = euchre(&args).unwrap();
    // Passed by all four: round 2, where the upcard's suit cannot be named (review s52, 12).
    assert!(
        text.contains("dealer: seat 3, upcard: 9H (turned down)\n"),
        "{text}"
    );
    assert!(
        text.contains("bidding: seat 0 pass, seat 1 pass, seat 2 pass, seat 3 pass\n"),
        "{text}"
    );
    let v = json(&[&args[..], &["--json"]].concat());
    assert_eq!(v["dealer"], 3, "{v}");
    assert_eq!(v["upcard"], "9H", "{v}");
    assert_eq!(v["upcard_turned_down"], true, "{v}");
    assert_eq!(v["bidding"].as_array().map(Vec::len), Some(4), "{v}");
    assert_eq!(v["bidding"][3], serde_json::json!({"seat": 3, "action": "pass"}));
    let first = euchre(&["solve", "--given", DEAL]).unwrap();
    assert!(first.contains("bidding: none yet\n"), "{first}");
    assert!(first.contains("dealer: seat 3, upcard: 9H\n"), "{first}");
}
