//! How `euchre sim` names its players: a level as the player it stands for, so that matches
//! typed either way pool and compare; and a name that is no player said so in the words of
//! what is wrong with it.

mod common;

use common::{scratch, sim_report, EUCHRE};
use serde_json::Value;
use std::process::Command;

fn sim(args: &[&str]) -> Result<Value, String> {
    sim_report(args).map(|out| serde_json::from_slice(&out).unwrap())
}

/// A level is reported as the player it stands for (`easy` was reported as `easy`, and `pool`
/// refused it with a report of `basic` as another match), so runs typed with levels pool with
/// runs typed with the players' names, and a board file compares with either, an older file
/// naming the level too (research tester s54, 7).
#[test]
fn a_level_is_reported_as_the_player_it_stands_for() {
    let dir = scratch("player-names-levels");
    let easy = sim(&["easy", "random", "--boards", "10", "--seed", "10"]).unwrap();
    assert_eq!(easy["sides"][0]["player"], "basic", "{easy}");
    let split = sim(&["Easy/Random", "random", "--boards", "2"]).unwrap();
    assert_eq!(split["sides"][0]["player"], "basic/random", "{split}");

    let levelled = dir.join("levelled.json");
    std::fs::write(&levelled, easy.to_string()).unwrap();
    let named = dir.join("named.json");
    let basic = sim(&["basic", "random", "--boards", "10", "--seed", "11"]).unwrap();
    std::fs::write(&named, basic.to_string()).unwrap();
    let pooled = Command::new(EUCHRE)
        .arg("pool")
        .args([&levelled, &named])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&pooled.stdout);
    assert!(
        pooled.status.success(),
        "{}",
        String::from_utf8_lossy(&pooled.stderr)
    );
    assert!(text.starts_with("2 runs pooled"), "{text}");
    // A report written before levels were reported as players names the level, as `easy`
    // (and a split's half, `easy/hard`): it pools with today's too (review s54, 4).
    let older = dir.join("older.json");
    let mut old = easy.clone();
    old["sides"][0]["player"] = "easy".into();
    std::fs::write(&older, old.to_string()).unwrap();
    let pooled = Command::new(EUCHRE)
        .args(["pool", "--json"])
        .args([&older, &named])
        .output()
        .unwrap();
    assert!(
        pooled.status.success(),
        "{}",
        String::from_utf8_lossy(&pooled.stderr)
    );
    let v: Value = serde_json::from_slice(&pooled.stdout).unwrap();
    assert_eq!(v["sides"][0]["player"], "basic", "{v}");

    // Boards saved against a level compare with the same opponent named as its player, and
    // the other way round; a file from before names the level, and pairs too.
    let boards = dir.join("boards.csv");
    let on_the_boards = |first: &str, second: &str, flag: &str, file: &std::path::Path| {
        sim(&[
            first,
            second,
            "--boards",
            "10",
            "--seed",
            "5",
            flag,
            file.to_str().unwrap(),
        ])
    };
    on_the_boards("random", "easy", "--save-boards", &boards).unwrap();
    let text = std::fs::read_to_string(&boards).unwrap();
    assert!(text.contains(" first=random; second=basic\n"), "{text}");
    let paired = on_the_boards("random", "basic", "--compare", &boards).unwrap();
    assert_eq!(paired["compared"]["difference_per_deal"]["mean"], 0.0, "{paired}");
    let older = dir.join("older.csv");
    std::fs::write(&older, text.replacen("second=basic", "second=easy", 1)).unwrap();
    for second in ["basic", "easy", "EASY"] {
        let paired = on_the_boards("random", second, "--compare", &older).unwrap();
        assert_eq!(paired["compared"]["difference_per_deal"]["mean"], 0.0, "{paired}");
    }
    let err = on_the_boards("random", "medium", "--compare", &older).unwrap_err();
    assert!(err.contains("only against the same opponent"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A `BIDDER/PLAYER` of three players is said to take two, not answered with a list that
/// leaves the form out; an unknown name's list names the form (research tester s54, 9).
#[test]
fn a_split_of_three_players_is_said_to_take_two() {
    let err = sim(&["basic/random/basic", "random", "--boards", "2"]).unwrap_err();
    assert!(
        err.contains("unknown player 'basic/random/basic': BIDDER/PLAYER takes exactly two players"),
        "{err}"
    );
    let err = sim(&["wizard", "random", "--boards", "2"]).unwrap_err();
    assert!(
        err.contains("unknown player 'wizard'") && err.contains("or BIDDER/PLAYER, two of these"),
        "{err}"
    );
}
