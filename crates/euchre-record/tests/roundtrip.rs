//! Every preset's games written as records and read back: the same rules, decisions and scores.
//! Tampered records are refused with the place and the reason.

use euchre::game::{Game, Match};
use euchre::shuffle::{deal_rng, Batched};
use euchre::{Rules, PRESETS};
use euchre_record::{read, write_game, write_match, Record};

fn random_match(rules: Rules, seed: u64) -> Match {
    let mut rng = deal_rng(seed);
    let mut draw = Batched::new(&mut rng);
    let mut m = Match::new(rules, seed);
    loop {
        let g = m.game();
        loop {
            g.play_deal_randomly(&mut draw);
            if !g.next_deal() {
                break;
            }
        }
        if !m.next_game() {
            return m;
        }
    }
}

fn histories(g: &Game) -> Vec<Vec<(euchre::Seat, euchre::Action)>> {
    g.all_deals().map(|d| d.history()).collect()
}

#[test]
fn every_preset_round_trips_through_a_record() {
    for (name, _) in PRESETS {
        let mut rules = Rules::preset(name).unwrap();
        // Several games, so laps carry and slams count where the preset has them.
        rules.set("match_games", "3").unwrap();
        for seed in 0..4 {
            let m = random_match(rules, seed);
            let text = serde_json::to_string_pretty(&write_match(&m, None)).unwrap();
            let back = read(&text).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_eq!(back.rules, rules, "{name}");
            assert_eq!(back.wins, m.wins(), "{name} seed {seed}");
            assert_eq!(back.games.len(), m.games().len());
            for (a, b) in back.games.iter().zip(m.games()) {
                assert_eq!(a.score(), b.score(), "{name} seed {seed}");
                assert_eq!(a.initial_score(), b.initial_score());
                assert_eq!(histories(a), histories(b), "{name} seed {seed}");
            }
        }
    }
}

#[test]
fn a_railroad_record_holds_the_variant_decisions() {
    let rules = Rules::preset("railroad").unwrap();
    let mut words = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let m = random_match(rules, seed);
        let rec = write_match(&m, Some(["N", "E", "S", "W"].map(String::from)));
        for g in &rec.games {
            for d in &g.deals {
                for (_, t) in &d.decisions {
                    words.insert(t.split(' ').next().unwrap().to_string());
                }
            }
        }
        let text = serde_json::to_string(&rec).unwrap();
        read(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    for w in ["exchange", "give", "name", "alone"] {
        assert!(
            words.contains(w),
            "no '{w}' in 40 random railroad matches: {words:?}"
        );
    }
}

/// A small finished game to tamper with.
fn sample() -> Record {
    let rules = Rules::preset("keller-1887").unwrap();
    let mut g = Game::new(rules, 5);
    let mut rng = deal_rng(5);
    let mut draw = Batched::new(&mut rng);
    loop {
        g.play_deal_randomly(&mut draw);
        if !g.next_deal() {
            break;
        }
    }
    write_game(&g, None)
}

fn refused(r: &Record, fragment: &str) {
    let text = serde_json::to_string(r).unwrap();
    let e = read(&text).expect_err("a tampered record was accepted");
    assert!(e.to_string().contains(fragment), "'{e}' lacks '{fragment}'");
}

#[test]
fn tampered_records_are_refused_with_the_place_and_reason() {
    let good = sample();
    read(&serde_json::to_string(&good).unwrap()).unwrap();

    // A decision by the wrong seat.
    let mut r = good.clone();
    r.games[0].deals[0].decisions[0].0 = (r.games[0].deals[0].decisions[0].0 + 1) % 4;
    refused(&r, "game 1, deal 1, decision 1:");

    // A card the seat does not hold.
    let mut r = good.clone();
    let d = &mut r.games[0].deals[0];
    let last = d.decisions.len() - 1;
    d.decisions[last].1 = "name 7C".into();
    refused(&r, &format!("game 1, deal 1, decision {}", last + 1));

    // Text that is no decision.
    let mut r = good.clone();
    r.games[0].deals[0].decisions[0].1 = "fly".into();
    refused(&r, "'fly' is not an action");

    // Points that the play does not make.
    let mut r = good.clone();
    r.games[0].deals[0].points = Some(vec![9, 9]);
    refused(&r, "points [9, 9] but the play scores");

    // A wrong final score.
    let mut r = good.clone();
    r.games[0].final_score = Some(vec![0, 0]);
    refused(&r, "final_score [0, 0]");

    // The deal does not pass left.
    let mut r = good.clone();
    if r.games[0].deals.len() > 1 {
        let right = r.games[0].deals[1].dealer;
        r.games[0].deals[1].dealer = (right + 2) % 4;
        // In EGN's words (records tester s53, 7).
        refused(
            &r,
            &format!(
                "deal 2: dealer is seat {} but the deal passes left to seat {right}",
                (right + 2) % 4
            ),
        );
    }

    // A card dealt twice, an unknown option, another format.
    let mut r = good.clone();
    r.games[0].deals[0].hands[1][0] = r.games[0].deals[0].hands[0][0].clone();
    refused(&r, "deal 1:");
    let mut r = good.clone();
    r.rules.insert("bogus".into(), "1".into());
    refused(&r, "unknown rule option 'bogus'");
    let mut r = good.clone();
    r.format = "egn".into();
    refused(&r, "format is 'egn'");
    assert!(read("{").unwrap_err().to_string().starts_with("not JSON"));
    assert!(read("[]").unwrap_err().to_string().starts_with("not a record"));

    // A card listed twice in one hand says so (it once read as "seat 0 has 4 cards").
    let mut r = good.clone();
    r.games[0].deals[0].hands[0][1] = r.games[0].deals[0].hands[0][0].clone();
    let card = r.games[0].deals[0].hands[0][0].clone();
    refused(&r, &format!("deal 1: {card} is dealt twice, both to seat 0"));
    // The upcard dealt to a hand as well.
    let mut r = good.clone();
    r.games[0].deals[0].upcard = Some(card.clone());
    refused(&r, &format!("deal 1: {card} is dealt twice"));
}

/// A record has one spelling of each decision and card, the canonical text of `RULES.md` section
/// 12 (`docs/record-format.md`): other spellings the parser would understand are refused, naming
/// the canonical one.
#[test]
fn decisions_and_cards_must_be_canonical_text() {
    let good = sample();
    let d = &good.games[0].deals[0];
    let (seat, text) = d.decisions[0].clone();
    for variant in [text.to_uppercase(), format!(" {text}"), format!("{text}  ")] {
        let mut r = good.clone();
        r.games[0].deals[0].decisions[0] = (seat, variant.clone());
        refused(
            &r,
            &format!("decision 1: '{variant}' is not canonical text: write '{text}'"),
        );
    }
    // A card played in lower case.
    let k = d
        .decisions
        .iter()
        .position(|(_, t)| t.parse::<euchre::Card>().is_ok())
        .expect("a card is played");
    let mut r = good.clone();
    let played = r.games[0].deals[0].decisions[k].1.clone();
    r.games[0].deals[0].decisions[k].1 = played.to_lowercase();
    refused(
        &r,
        &format!("decision {}: '{}' is not canonical", k + 1, played.to_lowercase()),
    );
    // A card of a hand, and the upcard.
    let mut r = good.clone();
    let c = r.games[0].deals[0].hands[2][3].clone();
    r.games[0].deals[0].hands[2][3] = c.to_lowercase();
    refused(
        &r,
        &format!("'{}' is not canonical card text: write '{c}'", c.to_lowercase()),
    );
}

/// A record past the size limits is refused before it is parsed.
#[test]
fn oversized_records_are_refused_before_parsing() {
    use euchre_record::{MAX_RECORD_BYTES, MAX_RECORD_VALUES};
    let e = read(&" ".repeat(MAX_RECORD_BYTES + 1)).unwrap_err();
    // In the docs' words, and not "unread" of what was read (records tester s53, 8).
    assert!(e.to_string().contains("over the limit of 32 MiB"), "{e}");
    let packed = format!("[{}0]", "0,".repeat(MAX_RECORD_VALUES));
    let e = read(&packed).unwrap_err();
    assert!(e.to_string().contains("over 2,000,000 values"), "{e}");
    assert!(e.to_string().contains("refused before parsing"), "{e}");
    let nested = format!("[{}]", vec!["[[[[]]]]"; MAX_RECORD_VALUES / 4].join(","));
    let e = read(&nested).unwrap_err();
    assert!(e.to_string().contains("values"), "{e}");
    // More games than a match holds, refused before any is replayed.
    let mut r = sample();
    let game = r.games[0].clone();
    r.games = vec![game; euchre_record::MAX_GAMES + 1];
    refused(&r, "2001 games");
}

#[test]
fn the_individual_games_round_trip_through_a_record() {
    use euchre::solo::{SoloGame, SoloRules};
    use euchre_record::{read_any, write_solo_game, AnyReplay};
    let cases: [(&str, &[(&str, &str)]); 5] = [
        ("three-handed", &[]),
        ("bid-euchre", &[]),
        ("bid-euchre", &[("players", "3")]),
        (
            "set-back",
            &[("declare", "true"), ("ante", "2"), ("euchre_stake", "1")],
        ),
        ("set-back", &[("players", "2")]),
    ];
    for (preset, opts) in cases {
        let mut rules = SoloRules::preset(preset).unwrap();
        for (k, v) in opts {
            rules.set(k, v).unwrap();
        }
        for seed in 0..6 {
            let mut g = SoloGame::new(rules, seed);
            let mut rng = deal_rng(seed);
            let mut draw = Batched::new(&mut rng);
            for _ in 0..60 {
                g.play_deal_randomly(&mut draw);
                if !g.next_deal() {
                    break;
                }
            }
            let text = serde_json::to_string(&write_solo_game(&g, None)).unwrap();
            let AnyReplay::Solo(back) = read_any(&text).unwrap_or_else(|e| panic!("{preset} {seed}: {e}"))
            else {
                panic!("{preset}: read as another family")
            };
            assert_eq!(back.rules(), g.rules());
            assert_eq!(back.scores(), g.scores(), "{preset} seed {seed}");
            assert_eq!(back.winner(), g.winner());
            assert_eq!(back.chips(), g.chips());
            let h = |x: &SoloGame| x.all_deals().map(|d| d.history().to_vec()).collect::<Vec<_>>();
            assert_eq!(h(&back), h(&g), "{preset} seed {seed}");
            // A decision changed to another seat's is refused with its place.
            let mut r: Record = serde_json::from_str(&text).unwrap();
            r.games[0].deals[0].decisions[0].0 ^= 1;
            let e = read_any(&serde_json::to_string(&r).unwrap()).unwrap_err();
            assert!(e.to_string().starts_with("game 1, deal 1, decision 1"), "{e}");
        }
    }
}

/// A key given twice is refused, naming it and where it is: in `rules` serde kept the last
/// without a word (`"joker": "false", "joker": "true"` played the Joker).
#[test]
fn a_key_given_twice_is_refused_naming_it_and_its_place() {
    let text = serde_json::to_string(&sample()).unwrap();
    let twice = text.replacen(r#""joker":"#, r#""joker":"true","joker":"#, 1);
    let e = read(&twice).unwrap_err().to_string();
    assert!(
        e.starts_with("'joker' is given twice in rules, at line 1 column"),
        "{e}"
    );
    let twice = text.replacen(r#""dealer":"#, r#""dealer":1,"dealer":"#, 1);
    let e = read(&twice).unwrap_err().to_string();
    assert!(
        e.starts_with("'dealer' is given twice in games.deals, at line 1 column"),
        "{e}"
    );
}

/// One option by both its names is refused as `--set` and the engine protocol refuse it (which
/// was meant is not known), and so are a target and a number of deals both above 0.
#[test]
fn one_option_by_both_its_names_is_refused() {
    let mut r = sample();
    r.rules.insert("std".into(), "false".into());
    refused(
        &r,
        "rules: options stick_the_dealer and std are one option, stick_the_dealer: give it once",
    );
    let mut r = sample();
    r.rules.insert("num_deals".into(), "3".into());
    refused(
        &r,
        "rules: options winning_score and num_deals exclude each other: give one",
    );
}

/// A byte-order mark before the JSON (some Windows editors write one) is skipped, not taken for
/// text that is not JSON.
#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let text = serde_json::to_string(&sample()).unwrap();
    let back = read(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(back.games[0].score(), read(&text).unwrap().games[0].score());
    assert!(read(&format!("{text}\u{feff}"))
        .unwrap_err()
        .to_string()
        .starts_with("not JSON"));
}

/// A game whose initial score has reached its target would be over before it began: it is
/// refused at the start, as the engine protocol's `new` refuses it (it was refused only at deal
/// 2, "the game was already over"). A score below 0 is one the engine keeps.
#[test]
fn an_initial_score_at_the_target_is_refused() {
    let target = Rules::preset("keller-1887").unwrap().winning_score;
    let t = i32::from(target);
    let mut r = sample();
    r.games[0].initial_score = vec![0, t];
    refused(
        &r,
        &format!(
            "game 1: initial_score [0, {t}] has already reached the game's target of {target}: the game would be over before it began"
        ),
    );
    let mut r = sample();
    r.games[0].initial_score = vec![-5, t - 1];
    r.games[0].deals.truncate(1);
    r.games[0].final_score = None;
    read(&serde_json::to_string(&r).unwrap()).unwrap();
}

/// The individual games too: a three-handed game from 11 against a target of 10, or a Bid
/// Euchre game with a player already down to 0 (both were read, and a deal played after the
/// game had been won).
#[test]
fn an_individual_games_initial_score_that_has_ended_it_is_refused() {
    use euchre::solo::{SoloGame, SoloRules};
    use euchre_record::{read_any, write_solo_game};
    for (preset, scores, fragment) in [
        (
            "three-handed",
            vec![11, 0, 0],
            "game 1: initial_score [11, 0, 0]: a player has already reached the game's target of 10: the game would be over before it began",
        ),
        (
            "bid-euchre",
            vec![0, 5, 5, 5],
            "game 1: initial_score [0, 5, 5, 5]: a player is already down to 0",
        ),
    ] {
        let g = SoloGame::new(SoloRules::preset(preset).unwrap(), 3);
        let mut r: Record = serde_json::to_value(write_solo_game(&g, None))
            .and_then(serde_json::from_value)
            .unwrap();
        r.games[0].initial_score = scores.clone();
        let e = read_any(&serde_json::to_string(&r).unwrap()).unwrap_err().to_string();
        assert!(e.contains(fragment), "{preset}: {e}");
        // One short of it is a game to play.
        r.games[0].initial_score = scores.iter().map(|s| if *s == 0 { 1 } else { (*s).min(9) }).collect();
        read_any(&serde_json::to_string(&r).unwrap()).unwrap_or_else(|e| panic!("{preset}: {e}"));
    }
    // Tied at the top past the target, the game plays on (as after a deal made by none of
    // them): a position the game itself reaches, and so one to start from.
    for (preset, scores) in [
        ("three-handed", vec![10, 10, 7]),
        ("bid-euchre", vec![0, 0, 5, 5]),
    ] {
        let g = SoloGame::new(SoloRules::preset(preset).unwrap(), 3);
        let mut r: Record = serde_json::to_value(write_solo_game(&g, None))
            .and_then(serde_json::from_value)
            .unwrap();
        r.games[0].initial_score = scores;
        read_any(&serde_json::to_string(&r).unwrap()).unwrap_or_else(|e| panic!("{preset}: {e}"));
    }
}

/// A player name is at most as long as EGN takes (a record took a name of a million characters
/// that an EGN file of the same game would refuse).
#[test]
fn a_player_name_over_the_limit_is_refused() {
    use euchre_record::MAX_PLAYER_NAME_CHARS;
    let named = |long: usize| {
        let mut r = sample();
        let mut names = vec!["N".to_string(), "E".into(), "S".into(), "W".into()];
        names[2] = "é".repeat(long);
        r.players = Some(names);
        r
    };
    read(&serde_json::to_string(&named(MAX_PLAYER_NAME_CHARS)).unwrap()).unwrap();
    refused(
        &named(MAX_PLAYER_NAME_CHARS + 1),
        &format!("players: a name has 65 characters (at most {MAX_PLAYER_NAME_CHARS})"),
    );
}

/// A value of the wrong kind is named by its field and what the field must be (they read
/// "invalid type: floating point `1e30`, expected u8", and a decision of three items "not JSON:
/// trailing characters").
#[test]
fn a_value_of_the_wrong_kind_is_named_by_its_field() {
    use serde_json::{json, Value};
    let cases = [
        ("/games/0/deals/0/dealer", json!(-1), "'dealer' must be a seat number 0 to 3, not -1"),
        (
            "/games/0/deals/0/dealer",
            json!(1e30),
            "'dealer' must be a seat number 0 to 3, not a number of about 1e30",
        ),
        (
            "/games/0/deals/0/dealer",
            json!(-0.0),
            "'dealer' must be a seat number 0 to 3, not -0",
        ),
        // Past 64 bits: the number is not shown as the float serde_json keeps ("1.8446744073709552e+19").
        (
            "/games/0/seed",
            json!(18_446_744_073_709_551_616.0),
            "'seed' must be a whole number 0 to 18446744073709551615, not a number of about 1.8446744073709552e19",
        ),
        (
            "/games/0/deals/0/decisions/0",
            json!([1, "order", "x"]),
            "a decision must be [seat, text] such as [1, \"order\"], not [1,\"order\",\"x\"]",
        ),
        (
            "/games/0/deals/0/decisions/0/0",
            json!("1"),
            "a decision's seat must be a seat number 0 to 3, not \"1\"",
        ),
        ("/version", json!("1"), "'version' must be a whole number such as 1, not \"1\""),
        ("/games/0/seed", json!(-1), "'seed' must be a whole number 0 to 18446744073709551615, not -1"),
        (
            "/games/0/initial_score",
            json!([0.5, 0]),
            "'initial_score' must be a list of whole numbers within ±2,147,483,647, one per team (or player), not [0.5,0]",
        ),
        // The same bound both ways, as EGN's and the engine protocol's.
        (
            "/games/0/initial_score",
            json!([-2_147_483_648_i64, 0]),
            "'initial_score' must be a list of whole numbers within ±2,147,483,647, one per team (or player), not [-2147483648,0]",
        ),
        (
            "/games/0/final_score",
            json!([0, 2_147_483_648_i64]),
            "'final_score' must be a list of whole numbers from -2,147,483,648 to 2,147,483,647, one per team (or player), not [0,2147483648]",
        ),
        (
            "/games/0/deals/0/deductions",
            json!([1]),
            "'deductions' must be two whole numbers 0 to 255, [team 0, team 1], not [1]",
        ),
        // A long value is echoed cut, and said to be cut, as every reader and the engine
        // protocol echo one (`euchre::text::shown`: 40 characters and "…").
        (
            "/version",
            json!("x".repeat(100)),
            &format!("'version' must be a whole number such as 1, not \"{}…", "x".repeat(39)),
        ),
    ];
    let good: Value = serde_json::to_value(sample()).unwrap();
    for (pointer, value, message) in cases {
        let mut v = good.clone();
        // Set where the field is, or add it where it is left out.
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        match v.pointer_mut(parent) {
            Some(Value::Array(items)) => items[key.parse::<usize>().unwrap()] = value,
            Some(Value::Object(fields)) => {
                fields.insert(key.to_string(), value);
            }
            _ => panic!("{pointer}"),
        }
        let e = read(&v.to_string()).unwrap_err().to_string();
        // A decision is named by its place (records tester s53, 4), the rest by the parser's.
        let expected = if pointer.contains("/decisions/") {
            format!("game 1, deal 1, decision 1: {message}")
        } else {
            format!("not a record: {message} at line 1 column ")
        };
        assert!(e.starts_with(&expected), "{pointer}: {e}");
    }
    // A rule option's whole number written with an exponent is that number ("'1000000000.0' is
    // not a score" named no range), and 5.0 is 5.
    let mut r = sample();
    r.rules.insert("winning_score".into(), json!(1e9));
    refused(
        &r,
        "rules: option winning_score: '1000000000' is not a score 0..1000",
    );
    r.rules.insert("winning_score".into(), json!(5.0));
    read(&serde_json::to_string(&r).unwrap()).expect("winning_score 5.0 is 5");
    // A dealer that is a number but no seat, in the same words.
    let mut r = sample();
    r.games[0].deals[0].dealer = 7;
    refused(&r, "game 1, deal 1: 'dealer' must be a seat number 0 to 3, not 7");
}

/// A record, a game and a deal are JSON objects: the same values as an array, in the order of
/// the fields, are refused (they were read field by field, and `[]` was "invalid length 0,
/// expected struct Record with 6 elements").
#[test]
fn a_record_its_games_and_its_deals_are_objects_not_arrays() {
    use serde_json::Value;
    let good: Value = serde_json::to_value(sample()).unwrap();
    // The fields in the order of the format, as serde's derived readers took them.
    let as_array = |v: &Value, fields: &[&str]| Value::Array(fields.iter().map(|f| v[f].clone()).collect());
    let record = as_array(
        &good,
        &["format", "version", "family", "rules", "players", "games"],
    );
    let mut game = good.clone();
    game["games"][0] = as_array(
        &good["games"][0],
        &["initial_score", "seed", "deals", "final_score"],
    );
    let mut deal = good.clone();
    deal["games"][0]["deals"][0] = as_array(
        &good["games"][0]["deals"][0],
        &["dealer", "hands", "upcard", "decisions", "points", "deductions"],
    );
    let mut number = good.clone();
    number["games"][0]["deals"][0] = Value::from(5);
    for (text, message) in [
        (
            record.to_string(),
            "a record is one JSON object (format, version, family, rules, players, games), not an array",
        ),
        (
            "[]".to_string(),
            "a record is one JSON object (format, version, family, rules, players, games), not an array",
        ),
        (
            "\"euchre-record\"".to_string(),
            "a record is one JSON object (format, version, family, rules, players, games), not a string",
        ),
        (
            game.to_string(),
            "a game is a JSON object (initial_score, seed, deals, final_score), not an array",
        ),
        (
            deal.to_string(),
            "a deal is a JSON object (dealer, hands, upcard, decisions, points, deductions), not an array",
        ),
        (
            number.to_string(),
            "a deal is a JSON object (dealer, hands, upcard, decisions, points, deductions), not a number",
        ),
    ] {
        let e = read(&text).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("not a record: {message} at line 1 column ")),
            "{e}"
        );
    }
}

/// The example in `docs/record-format.md` is a record that reads and replays (it was a sketch
/// with "..." among its rules: EGN tester s51, 21).
#[test]
fn the_documented_example_reads() {
    let doc = include_str!("../../../docs/record-format.md");
    let start = doc.find("```json\n").expect("the example") + "```json\n".len();
    let len = doc[start..].find("```").unwrap();
    let example = &doc[start..start + len];
    let r = euchre_record::read(example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.games.len(), 1);
    assert_eq!(r.games[0].score(), [0, 1]);
}

/// A deal cut short in the middle still carrying the finished deal's `points` or `deductions`
/// claims what the play has not made: refused, naming the deal (records tester s53, 1).
#[test]
fn points_or_deductions_on_an_unfinished_deal_are_refused() {
    let mut cut = sample();
    let g = &mut cut.games[0];
    g.deals.truncate(1);
    g.final_score = None;
    g.deals[0].decisions.truncate(9);
    let points = g.deals[0].points.clone().expect("the finished deal's points");
    g.deals[0].points = None;
    g.deals[0].deductions = None;
    read(&serde_json::to_string(&cut).unwrap()).expect("a game in progress reads");

    let mut r = cut.clone();
    r.games[0].deals[0].points = Some(points.clone());
    refused(
        &r,
        &format!("game 1, deal 1: points {points:?} but the deal is unfinished"),
    );
    let mut r = cut.clone();
    r.games[0].deals[0].deductions = Some([3, 3]);
    refused(
        &r,
        "game 1, deal 1: deductions [3, 3] but the play takes off [0, 0] so far (the deal is unfinished)",
    );
}

/// The same of an individual game's deal (records tester s53, 1).
#[test]
fn points_on_an_unfinished_deal_of_an_individual_game_are_refused() {
    use euchre::solo::{SoloGame, SoloRules};
    use euchre_record::{read_any, write_solo_game};
    let mut g = SoloGame::new(SoloRules::preset("three-handed").unwrap(), 3);
    let mut rng = deal_rng(3);
    g.play_deal_randomly(&mut Batched::new(&mut rng));
    let mut r = write_solo_game(&g, None);
    let deal = &mut r.games[0].deals[0];
    assert!(deal.points.is_some(), "the finished deal's points");
    deal.decisions.truncate(5);
    r.games[0].final_score = None;
    let e = read_any(&serde_json::to_string(&r).unwrap()).unwrap_err();
    assert!(
        e.to_string().starts_with("game 1, deal 1: points [")
            && e.to_string().contains("but the deal is unfinished"),
        "{e}"
    );
}

/// A decision that is no `[seat, text]` pair with a seat 0 to 3 is named by its game, deal and
/// decision: serde stopped at the end of the deal's list, naming none of them (records tester
/// s53, 4); seat 4 is no seat either, as -1 is not (6).
#[test]
fn a_decision_that_is_no_seat_and_text_is_named_by_its_place() {
    let good = serde_json::to_value(sample()).unwrap();
    let cases = [
        (
            serde_json::json!([-1, "order"]),
            "a decision's seat must be a seat number 0 to 3, not -1",
        ),
        (
            serde_json::json!([4, "pass"]),
            "a decision's seat must be a seat number 0 to 3, not 4",
        ),
        (
            serde_json::json!(["1", "pass"]),
            "a decision's seat must be a seat number 0 to 3, not \"1\"",
        ),
        (
            serde_json::json!([1, "pass", 1]),
            "a decision must be [seat, text] such as [1, \"order\"], not [1,\"pass\",1]",
        ),
    ];
    for (bad, said) in cases {
        let mut v = good.clone();
        v["games"][0]["deals"][0]["decisions"][2] = bad;
        let e = read(&serde_json::to_string_pretty(&v).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), format!("game 1, deal 1, decision 3: {said}"));
        assert_eq!(e.place.decision, Some(3));
    }
}

/// A decision of another phase is refused in words: the phase as a player says it, what the seat
/// could do instead, and no internal phase name (`bidding1`) or "may not farmers" (records tester
/// s53, 6).
#[test]
fn a_decision_out_of_its_phase_is_refused_in_words() {
    let good = sample();
    let mut r = good.clone();
    let seat = r.games[0].deals[0].decisions[0].0;
    r.games[0].deals[0].decisions[0].1 = "alone".into();
    let text = serde_json::to_string(&r).unwrap();
    let e = read(&text).unwrap_err().to_string();
    assert!(
        e.contains(&format!(
            "seat {seat}: 'alone' is not legal now: in round 1 of the bidding, seat {seat}'s choices are pass, order"
        )),
        "{e}"
    );
    assert!(!e.contains("bidding1") && !e.contains("may not alone"), "{e}");
}

/// Text that is no JSON is told why in the words of the mistake, as EGN's reader tells it: an
/// empty file, one cut short, UTF-16 without a byte-order mark (ASCII in UTF-16 reads as UTF-8
/// with a NUL after each character), a NUL byte after the record (records tester s53, 8).
#[test]
fn text_that_is_no_json_is_told_the_likely_mistake() {
    let said = |text: &str| read(text).unwrap_err().to_string();
    assert!(said("").ends_with("(the file is empty)"), "{}", said(""));
    let good = serde_json::to_string_pretty(&sample()).unwrap();
    let cut = &good[..good.len() / 2];
    assert!(said(cut).contains("is it cut short?"), "{}", said(cut));
    let utf16: String = good.chars().flat_map(|c| [c, '\0']).collect();
    assert!(
        said(&utf16).ends_with("(it looks like UTF-16: save it as UTF-8)"),
        "{}",
        said(&utf16)
    );
    let nul = format!("{good}\0");
    assert!(said(&nul).contains("NUL byte"), "{}", said(&nul));
}
