//! A match written with `match_to_emn` reads back (`replay_emn`) as the same games and result.

use euchre::shuffle::{below, deal_rng};
use euchre::{Match, Rules};
use euchre_egn::{check_text, match_to_emn, replay_emn};

fn random_match(rules: Rules, seed: u64) -> Match {
    let mut rng = deal_rng(seed);
    let mut m = Match::new(rules, seed);
    loop {
        let game = m.game();
        while !game.is_over() {
            while !game.deal().is_done() {
                let legal = game.deal().legal_actions();
                game.apply(legal[below(&mut rng, legal.len() as u32) as usize])
                    .unwrap();
            }
            game.next_deal();
        }
        if !m.next_game() {
            return m;
        }
    }
}

/// `emn` changed by `change` is refused with `words` in the reason.
fn refused_with(emn: &serde_json::Value, change: &dyn Fn(&mut serde_json::Value), words: &str) {
    let mut v = emn.clone();
    change(&mut v);
    let e = replay_emn(&v).expect_err(words).to_string();
    assert!(e.contains(words), "expected '{words}' in: {e}");
}

#[test]
fn a_best_of_three_match_reads_back_the_same() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("match_wins", "2").unwrap();
    rules.set("match_games", "0").unwrap();
    for seed in 0..5 {
        let m = random_match(rules, seed);
        assert!(m.is_over());
        assert!(m.wins().contains(&2), "seed {seed}: {:?}", m.wins());
        let emn = match_to_emn(&m, None);
        let back = replay_emn(&emn).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.games.len(), m.games().len(), "seed {seed}");
        for ((_, r), g) in back.games.iter().zip(m.games()) {
            assert_eq!(r.score, g.score(), "seed {seed}");
            assert_eq!(r.winner, g.winner(), "seed {seed}");
        }
        // Each player's games won is their team's.
        for (seat, id) in ["p-01", "p-02", "p-03", "p-04"].iter().enumerate() {
            assert_eq!(back.wins[*id], m.wins()[seat % 2], "seed {seed}: {id}");
        }
        let summary = check_text(&emn.to_string()).unwrap();
        assert_eq!(summary.games, Some(m.games().len()));
    }
}

/// `match_to_faithful_emn` gives the plain document where every game reads back, and refuses a
/// match with a game that does not, naming that game.
#[test]
fn faithful_emn_checks_every_game() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("match_wins", "2").unwrap();
    let m = random_match(rules, 1);
    assert_eq!(
        euchre_egn::match_to_faithful_emn(&m, None).unwrap(),
        match_to_emn(&m, None)
    );
    let mut rules = Rules::preset("british").unwrap();
    rules.set("match_games", "3").unwrap();
    let e = (0..10)
        .find_map(|seed| euchre_egn::match_to_faithful_emn(&random_match(rules, seed), None).err())
        .expect("some british match has a game EGN can't record")
        .to_string();
    assert!(e.contains("defend_alone") && e.contains(": game "), "{e}");
}

/// A written match changed in one place: refused, the message naming what is wrong (EGN tester
/// s51, 2, 3, 5, 10), or read with the seat names the registry gives (6).
#[test]
fn a_match_is_held_to_its_schema_its_registry_and_its_result() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("match_games", "3").unwrap();
    let m = random_match(rules, 4);
    let emn = match_to_emn(&m, None);
    assert!(replay_emn(&emn).is_ok());
    let refused = |change: &dyn Fn(&mut serde_json::Value), words: &str| refused_with(&emn, change, words);
    refused(
        &|v| v["games"][0]["players"] = serde_json::json!(["p-01", "p-01", "p-03", "p-04"]),
        "game 1: player 'p-01' is seated twice",
    );
    // The winners named are those who won fewest.
    let back = replay_emn(&emn).unwrap();
    let loser = back.players.iter().min_by_key(|p| back.wins[*p]).unwrap().clone();
    assert!(back.wins[&loser] < *back.wins.values().max().unwrap());
    refused(
        &|v| v["metadata"]["result"]["winner"] = serde_json::json!([loser.clone()]),
        "names",
    );
    refused(
        &|v| v["games"][1]["gameData"]["metadata"]["players"] = serde_json::json!(["Zed", "Yan", "Xi", "Wu"]),
        "game 2: seat 0 is 'Zed' in the game's metadata but 'Seat 0' in the match's registry",
    );
    // Names given as player objects are compared too (review s51, 6).
    refused(
        &|v| {
            v["games"][1]["gameData"]["metadata"]["players"] =
                serde_json::json!([{"name": "Zed"}, "Seat 1", "Seat 2", "Seat 3"])
        },
        "game 2: seat 0 is 'Zed' in the game's metadata",
    );
    refused(
        &|v| v["metadata"]["matchFormat"] = serde_json::json!({"type": "BOGUS", "target": 3}),
        "matchFormat: type \"BOGUS\" is not one of",
    );
    refused(
        &|v| v["metadata"]["matchFormat"]["target"] = serde_json::json!(-5),
        "target -5 is not a whole number of at least 1",
    );
    refused(
        &|v| v["metadata"]["result"]["status"] = serde_json::json!("WHATEVER"),
        "result: status \"WHATEVER\" is not one of COMPLETED",
    );
    refused(
        &|v| v["metadata"]["players"][0]["nickname"] = serde_json::json!("Al"),
        "metadata.players[0]: unknown field 'nickname'",
    );
    refused(
        &|v| v["games"][2]["gameIndex"] = serde_json::json!(0),
        "game 3: gameIndex 0 is game 1's too",
    );
    // A game's metadata without names (as the EMN specification's example writes it) takes
    // the registry's for its seats.
    let mut v = emn.clone();
    for g in v["games"].as_array_mut().unwrap() {
        g["gameData"]["metadata"]
            .as_object_mut()
            .unwrap()
            .remove("players");
    }
    v["metadata"]["players"][0]["name"] = serde_json::json!("Ann");
    let back = replay_emn(&v).unwrap();
    assert_eq!(back.names["p-01"], "Ann");
    assert_eq!(back.games.len(), 3);
}

/// A match won by slams names its winner by the match's count, which EGN cannot check (it has
/// no words for `slams`): such a match is not refused as naming the wrong side, though its
/// winner won fewer games than the other side (found in review of the winner check).
#[test]
fn a_match_won_by_slams_is_read() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("slams", "true").unwrap();
    rules.set("winning_score", "2").unwrap();
    rules.set("match_games", "5").unwrap();
    let mut fewer = 0;
    for seed in 0..400 {
        let m = random_match(rules, seed);
        let emn = match_to_emn(&m, None);
        let back = replay_emn(&emn).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // Each game once: the side that won more games is not always the match's winner.
        let games = |team: usize| back.wins[["p-01", "p-02"][team]];
        let w = m.wins();
        fewer += usize::from(w[0] != w[1] && (w[0] > w[1]) != (games(0) > games(1)));
    }
    assert!(
        fewer > 0,
        "no match in 400 where slams decided against the count of games"
    );
}

/// A match's games are held to its `matchFormat` and `result` as a game record's match is held
/// to its rules (records tester s53, 2): no game past a fixed count or after a best-of match was
/// decided, no COMPLETED match short of its games, no IN_PROGRESS one played out, and
/// `result.scores` by player id are the games each won.
#[test]
fn a_match_is_held_to_its_format_status_and_scores() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("match_games", "3").unwrap();
    let m = random_match(rules, 4);
    let emn = match_to_emn(&m, None);
    assert_eq!(emn["metadata"]["matchFormat"]["type"], "FIXED_GAMES");
    let back = replay_emn(&emn).unwrap();
    let refused = |change: &dyn Fn(&mut serde_json::Value), words: &str| refused_with(&emn, change, words);
    refused(
        &|v| {
            v["games"].as_array_mut().unwrap().pop();
        },
        "metadata.result: status COMPLETED, but the match holds 2 of its 3 games (metadata.matchFormat FIXED_GAMES)",
    );
    refused(
        &|v| {
            let mut extra = v["games"][2].clone();
            extra["gameIndex"] = 3.into();
            v["games"].as_array_mut().unwrap().push(extra);
        },
        "game 4: the match is 3 games (metadata.matchFormat FIXED_GAMES): it has no game 4",
    );
    refused(
        &|v| v["metadata"]["matchFormat"] = serde_json::json!({"type": "SINGLE_GAME"}),
        "game 2: the match is 1 game (metadata.matchFormat SINGLE_GAME): it has no game 2",
    );
    refused(
        &|v| v["metadata"]["result"]["status"] = "IN_PROGRESS".into(),
        "status IN_PROGRESS, but all its 3 games (metadata.matchFormat FIXED_GAMES) were played to their end",
    );
    let loser = back.players.iter().min_by_key(|p| back.wins[*p]).unwrap().clone();
    refused(
        &|v| v["metadata"]["result"]["scores"][&loser] = 9.into(),
        &format!(
            "metadata.result.scores gives '{loser}' 9, but the games replayed give it {} won",
            back.wins[&loser]
        ),
    );
    // Won 2 : 0 after two games, a best of 3 has no third.
    let two_first = (0..40)
        .map(|seed| random_match(rules, seed))
        .find(|m| m.games()[0].winner() == m.games()[1].winner())
        .expect("a match whose first two games one side won");
    let mut v = match_to_emn(&two_first, None);
    v["metadata"]["matchFormat"] = serde_json::json!({"type": "BEST_OF_N", "target": 3});
    let e = replay_emn(&v).unwrap_err().to_string();
    assert!(
        e.starts_with("game 3: the match was already decided: ")
            && e.ends_with("had won 2 games, a majority of the best of 3 (metadata.matchFormat BEST_OF_N)"),
        "{e}"
    );
    v["games"].as_array_mut().unwrap().pop();
    v["metadata"]["result"]["scores"] = serde_json::json!({});
    let back = replay_emn(&v).unwrap();
    assert!(matches!(back.outcome, euchre_egn::MatchOutcome::Won(ref w) if w.len() == 2));
}

/// The EMN specification's own example (`docs/emn/match-specification.md`) gives its games no
/// deals: the replay decides nothing, so its COMPLETED status and its scores stand as written.
#[test]
fn the_specifications_example_match_reads() {
    let game = |i: u32, seats: [&str; 4]| {
        serde_json::json!({"gameIndex": i, "players": seats, "gameData": {
            "fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"initialScore": [0, 0]}, "deals": []}})
    };
    let player = |id: &str, name: &str| {
        serde_json::json!({"id": id, "name": name,
            "playerIds": [{"id": id, "source": "league-registry"}]})
    };
    let v = serde_json::json!({
        "fileType": "Euchre Match Notation", "version": "1.0",
        "metadata": {
            "matchId": "match-2026-07-15-final", "title": "Summer Championship Finals",
            "players": [player("p-01", "Alice"), player("p-02", "Bob"), player("p-03", "Charlie"),
                        player("p-04", "David"), player("p-05", "Eve")],
            "matchFormat": {"type": "BEST_OF_N", "target": 3},
            "result": {"status": "COMPLETED", "winner": ["p-01", "p-04"],
                       "scores": {"p-01": 2, "p-04": 2, "p-02": 1, "p-03": 1}}},
        "games": [game(0, ["p-01", "p-02", "p-03", "p-04"]), game(1, ["p-01", "p-03", "p-02", "p-04"]),
                  game(2, ["p-01", "p-02", "p-05", "p-04"])]
    });
    let back = replay_emn(&v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        back.outcome,
        euchre_egn::MatchOutcome::Won(vec!["p-01".into(), "p-04".into()])
    );
}

/// Two legal matches the format checks once refused (review s53, 1 and 2): a best of 3 whose
/// partners rotate, where one player won two games with two partners and no pair won two, so
/// the third game was still to play; and a match with no format whose `result.scores` are
/// points, not games won.
#[test]
fn a_best_of_three_with_rotating_partners_and_scores_in_points_read() {
    for name in ["rotating-best-of-3", "no-format-points"] {
        let path = format!("{}/tests/data/{name}.emn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        replay_emn(&v).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
