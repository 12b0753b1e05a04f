//! A game written with `game_to_egn` reads back (`parse_egn` + `replay`) as the same game: the same
//! deals, dealt hands, decisions, points, score and winner.

use euchre::shuffle::{below, deal_rng};
use euchre::{Game, Rules};
use euchre_egn::{game_to_egn, parse_egn, replay};

/// One whole game with uniformly random legal decisions, as `euchre random` plays it.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = deal_rng(seed ^ 0xdec1_5105);
    let mut game = Game::new(rules, seed);
    loop {
        while !game.deal().is_done() {
            let legal = game.deal().legal_actions();
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            game.apply(a).expect("a legal action applies");
        }
        if !game.next_deal() {
            return game;
        }
    }
}

/// Plays seeded random games under `preset`, writes each as EGN, reads it back and compares.
fn round_trip(preset: &str, seeds: std::ops::Range<u64>) {
    round_trip_rules(preset, Rules::preset(preset).unwrap(), seeds);
}

fn round_trip_rules(preset: &str, rules: Rules, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let game = random_game(rules, seed);
        assert!(
            game.is_over(),
            "{preset} seed {seed}: the random game did not end"
        );
        let text = serde_json::to_string_pretty(&game_to_egn(&game, None)).unwrap();
        let file = parse_egn(&text).unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}\n{text}"));
        let back = replay(&file).unwrap_or_else(|e| panic!("{preset} seed {seed}: replay: {e}\n{text}"));

        let deals: Vec<_> = game.all_deals().collect();
        let at = |what: &str| format!("{preset} seed {seed}: {what}");
        assert_eq!(back.deals.len(), deals.len(), "{}", at("number of deals"));
        assert_eq!(back.score, game.score(), "{}", at("score"));
        assert!(back.over, "{}", at("the game read back is not over"));
        assert_eq!(back.winner, game.winner(), "{}", at("winner"));
        for (i, (d, r)) in deals.iter().zip(&back.deals).enumerate() {
            let here = |what: &str| at(&format!("deal {i}: {what}"));
            assert!(r.complete, "{}", here("incomplete"));
            assert!(r.hands_recorded, "{}", here("hands not recorded"));
            assert_eq!(r.deal.dealer(), d.dealer(), "{}", here("dealer"));
            assert_eq!(r.deal.upcard(), d.upcard(), "{}", here("upcard"));
            assert_eq!(r.deal.dealt_hands(), d.dealt_hands(), "{}", here("dealt hands"));
            assert_eq!(r.deal.history(), d.history(), "{}", here("decisions"));
            assert_eq!(r.deal.points(), d.points(), "{}", here("points"));
        }
    }
}

#[test]
fn north_american_games_read_back_the_same() {
    round_trip("north-american", 0..20);
}

#[test]
fn tournament_games_read_back_the_same() {
    round_trip("tournament", 0..20);
}

#[test]
fn egn_house_rules_read_back_the_same() {
    // EGN has keys for these two: a record of a game under them replays to the same score.
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("fast_break", "true").unwrap();
    rules.set("four_trick_tokens", "true").unwrap();
    rules.set("winning_score", "21").unwrap();
    round_trip_rules("fast_break + four_trick_tokens", rules, 0..10);
}

#[test]
fn canadian_games_read_back_the_same() {
    round_trip("canadian", 0..20);
}

#[test]
fn mathews_1844_games_read_back_the_same() {
    round_trip("mathews-1844", 0..20);
}

// `british` is not round-tripped: it plays `defend_alone = any` (a defender may go alone against a
// maker who plays with a partner), but EGN's `defend_alone: true` only means a defender may go alone
// against a lone maker, so a record of such a deal is read back under rules that refuse it
// ("aloneDefender .. can't defend alone under these rules"). EGN also has no key for `packets`
// (harmless here: the dealt hands are recorded). This test pins that reason, so that if EGN or the
// reader learns to say `any`, it fails and the round trip above can be turned on for `british`.
#[test]
fn british_does_not_read_back_because_egn_cannot_say_defend_alone_any() {
    let rules = Rules::preset("british").unwrap();
    assert!(euchre_egn::unexpressed_options(&rules).contains(&"defend_alone"));
    let refused = (0..20).find_map(|seed| {
        let text = serde_json::to_string(&game_to_egn(&random_game(rules, seed), None)).unwrap();
        replay(&parse_egn(&text).unwrap()).err()
    });
    let e = refused.expect("some random british game has a defender alone against a partnered maker");
    assert!(
        e.to_string().contains("can't defend alone under these rules"),
        "{e}"
    );
}

/// `jamboree` has no EGN key: its pre-lead question is left out of `calls`, so such a record
/// still reads back (as long as nobody claimed one, which needs the five highest trumps).
#[test]
fn a_game_with_the_jamboree_question_still_writes_valid_egn() {
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("jamboree", "true").unwrap();
    for seed in 0..10 {
        let game = random_game(rules, seed);
        let claimed = game
            .all_deals()
            .any(|d| d.history().iter().any(|(_, a)| *a == euchre::Action::Jamboree));
        if claimed {
            continue;
        }
        let text = game_to_egn(&game, None).to_string();
        let back = replay(&parse_egn(&text).unwrap()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.score, game.score(), "seed {seed}");
    }
}

/// EGN cannot say the farmers' question either: the four answers are left out of `calls`, so
/// the calls are exactly the bids.
#[test]
fn a_game_with_the_farmers_question_writes_only_the_bids_as_calls() {
    use euchre::Action;
    let mut rules = Rules::preset("tournament").unwrap();
    rules.set("go_under", "true").unwrap();
    rules.set("farmers_policy", "redeal").unwrap();
    for seed in 0..10 {
        let game = random_game(rules, seed);
        let egn = game_to_egn(&game, None);
        for (deal, d) in egn["deals"].as_array().unwrap().iter().zip(game.all_deals()) {
            let calls = deal["phases"][0]["calls"].as_array().unwrap().len();
            let shown = d.auction().iter().any(|(_, a)| *a == Action::Farmers);
            let answers = if shown { d.auction().len() } else { 4 };
            let bids = d.auction().len() - answers - usize::from(d.discard().is_some());
            assert_eq!(calls, bids, "seed {seed}: {:?}", d.auction());
        }
    }
}

/// `railroad` and `keller-1887` play rules EGN has no keys for (jambone and its named cards,
/// jamboree, laps and slams, Railroad's 3-point loner). Their games are written as the project's
/// game record instead, which `crates/euchre-record/tests/roundtrip.rs` reads back for every
/// preset. This pins why they are not round-tripped here.
#[test]
fn railroad_and_keller_need_the_game_record_because_egn_cannot_say_jambone() {
    for preset in ["railroad", "keller-1887"] {
        let rules = Rules::preset(preset).unwrap();
        let lost = euchre_egn::unexpressed_options(&rules);
        for option in ["jambone", "jamboree", "laps", "slams"] {
            assert!(lost.contains(&option), "{preset}: EGN says {option}? {lost:?}");
        }
        // The EGN it writes is still valid EGN (the reader replays it under EGN's own rules).
        let game = random_game(rules, 1);
        parse_egn(&game_to_egn(&game, None).to_string()).unwrap();
    }
    assert!(
        euchre_egn::unexpressed_options(&Rules::preset("railroad").unwrap()).contains(&"loner_small_score")
    );
}

/// `game_to_faithful_egn` gives `game_to_egn`'s document where it reads back as the same game.
#[test]
fn faithful_egn_is_the_plain_document_where_it_reads_back() {
    for preset in ["north-american", "tournament", "canadian", "mathews-1844"] {
        for seed in 0..5 {
            let game = random_game(Rules::preset(preset).unwrap(), seed);
            let doc = euchre_egn::game_to_faithful_egn(&game, None)
                .unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
            assert_eq!(doc, game_to_egn(&game, None));
        }
    }
}

/// Where EGN's words read back as another game, or not at all, the faithful writer refuses and
/// names the options EGN has no key for: `british` (a defender alone against a partnered
/// maker), `keller-1887` (jambone written as a loner nobody called).
#[test]
fn faithful_egn_refuses_games_that_read_back_otherwise() {
    let mut unreadable = 0;
    for (preset, option) in [("british", "defend_alone"), ("keller-1887", "jambone")] {
        let refused = (0..20)
            .find_map(|seed| {
                euchre_egn::game_to_faithful_egn(&random_game(Rules::preset(preset).unwrap(), seed), None)
                    .err()
            })
            .unwrap_or_else(|| panic!("{preset}: every game read back"));
        let e = refused.to_string();
        assert!(e.starts_with("EGN can't record this game faithfully"), "{e}");
        assert!(e.contains(option), "{preset}: {e}");
        // The reader's words are said of the document, not of the game (analysis tester s52, 10).
        if e.contains("read back (") {
            assert!(
                e.contains("would not read back (an EGN reader would say of it: "),
                "{e}"
            );
            unreadable += 1;
        }
    }
    assert!(
        unreadable > 0,
        "no refusal was of a document that does not read back"
    );
}

/// A Railroad game still in progress has no `finalScore`, so its EGN replays, but a lone
/// maker's small win (three points in Railroad, one in EGN) reads back as another score: the
/// comparison deal by deal catches it. (Jambone and the rest of Railroad's additions are turned
/// off: a jambone is refused earlier, as a loner nobody called.)
#[test]
fn faithful_egn_compares_each_deals_points() {
    let mut rules = Rules::preset("railroad").unwrap();
    for option in ["jambone", "laps", "slams", "jamboree"] {
        rules.set(option, "false").unwrap();
    }
    let mut rng = deal_rng(5);
    let refused = (0..40).find_map(|seed| {
        let mut game = Game::new(rules, seed);
        loop {
            while !game.deal().is_done() {
                let legal = game.deal().legal_actions();
                let a = legal[below(&mut rng, legal.len() as u32) as usize];
                game.apply(a).unwrap();
            }
            if game.is_over() {
                return None;
            }
            if let Err(e) = euchre_egn::game_to_faithful_egn(&game, None) {
                return Some(e.to_string());
            }
            game.next_deal();
        }
    });
    let refused = refused.expect("some game in progress reads back otherwise");
    assert!(refused.contains("read back, not"), "{refused}");
    assert!(refused.contains("loner_small_score"), "{refused}");
}
