//! Records of games where cards change hands before the play: the partners' exchanges of
//! `partners_best` and the farmers' swaps with the kitty (`farmers`, `go_under`), written as
//! `cardExchanges` by the convention of `docs/egn-exchanges.md`. A game written with
//! `game_to_egn` reads back as the same game, with the dealt hands and without them; an entry the
//! record leaves out is rebuilt; a hand-written record replays to its final score; a malformed
//! exchange is refused with a message that names it.

use euchre::rules::DefendAlone;
use euchre::shuffle::{below, deal_rng};
use euchre::{Action, Card, CardSet, Deal, Game, Rules, Seat};
use euchre_egn::{
    check_text, game_to_egn, parse_egn, replay, rules_from_ruleset, ruleset_of, unexpressed_options,
};
use serde_json::{json, Value};

/// One whole game of random legal decisions; a farmer's hand is always shown (they are rare).
fn random_game(rules: Rules, seed: u64) -> Game {
    random_game_from(Game::new(rules, seed), seed)
}

fn random_game_from(mut game: Game, seed: u64) -> Game {
    let mut rng = deal_rng(seed ^ 0x0e8c_4a9e);
    loop {
        while !game.deal().is_done() {
            let legal = game.deal().legal_actions();
            let a = if legal.contains(&Action::Farmers) {
                Action::Farmers
            } else {
                legal.as_slice()[below(&mut rng, legal.len() as u32) as usize]
            };
            game.apply(a).expect("a legal action applies");
        }
        if !game.next_deal() {
            return game;
        }
    }
}

/// What moved before the play, over some games.
#[derive(Debug, Default)]
struct Counts {
    deals: usize,
    /// Loners' exchanges with the partner.
    exchanges: usize,
    /// Of which by a defender playing alone.
    defender_exchanges: usize,
    /// Of which by a dealer who took the upcard up alone (the double exchange).
    double_exchanges: usize,
    /// Farmers' swaps with the kitty.
    swaps: usize,
    /// Deals with two swaps.
    two_farmers: usize,
    /// Deals with the Joker turned.
    joker_turned: usize,
}

impl Counts {
    fn add(&mut self, d: &Deal) {
        self.deals += 1;
        let mut swaps = 0;
        let auction = d.auction();
        for (i, &(seat, a)) in auction.iter().enumerate() {
            match a {
                Action::Swap(_) => swaps += 1,
                Action::Exchange(_) => {
                    self.exchanges += 1;
                    if Some(seat) == d.lone_defender() {
                        self.defender_exchanges += 1;
                    }
                    // The dealer's exchange comes before the discard.
                    let discard_later = auction[i..].iter().any(|(_, b)| matches!(b, Action::Discard(_)));
                    if seat == d.dealer() && discard_later {
                        self.double_exchanges += 1;
                    }
                }
                _ => {}
            }
        }
        self.swaps += swaps;
        self.two_farmers += usize::from(swaps >= 2);
        self.joker_turned += usize::from(d.upcard().is_joker());
    }
}

/// Removes `playerCards` from every deal.
fn strip_hands(v: &mut Value) {
    for deal in v["deals"].as_array_mut().unwrap() {
        deal["initialState"]
            .as_object_mut()
            .unwrap()
            .remove("playerCards");
    }
}

/// Keeps only the `cardExchanges` entries for which `keep` holds (and drops an emptied array).
fn filter_exchanges(v: &mut Value, keep: impl Fn(&Value) -> bool) {
    for deal in v["deals"].as_array_mut().unwrap() {
        let bidding = deal["phases"][0].as_object_mut().unwrap();
        if let Some(Value::Array(entries)) = bidding.get_mut("cardExchanges") {
            entries.retain(&keep);
            if entries.is_empty() {
                bidding.remove("cardExchanges");
            }
        }
    }
}

/// The number of moves (swaps, exchanges, gives) in a deal.
fn moves_in(d: &Deal) -> usize {
    d.auction()
        .iter()
        .filter(|(_, a)| matches!(a, Action::Swap(_) | Action::Exchange(_) | Action::Give(_)))
        .count()
}

/// Writes each game, reads it back with and without the dealt hands, and compares everything
/// the record holds: score, winner, and every deal's decisions, play and points (and the dealt
/// hands when recorded).
fn round_trip(name: &str, rules: Rules, seeds: std::ops::Range<u64>) -> Counts {
    let mut counts = Counts::default();
    for seed in seeds {
        let game = random_game(rules, seed);
        assert!(game.is_over(), "{name} seed {seed}: the random game did not end");
        let deals: Vec<&Deal> = game.all_deals().collect();
        deals.iter().for_each(|d| counts.add(d));
        for with_hands in [true, false] {
            let mut v = game_to_egn(&game, None);
            if !with_hands {
                strip_hands(&mut v);
            }
            let text = serde_json::to_string_pretty(&v).unwrap();
            let at = |what: &str| format!("{name} seed {seed} (hands recorded: {with_hands}): {what}");
            let file = parse_egn(&text).unwrap_or_else(|e| panic!("{}\n{text}", at(&e.to_string())));
            let back = replay(&file).unwrap_or_else(|e| panic!("{}\n{text}", at(&format!("replay: {e}"))));
            assert_eq!(back.deals.len(), deals.len(), "{}", at("number of deals"));
            assert_eq!(back.score, game.score(), "{}", at("score"));
            assert!(back.over, "{}", at("the game read back is not over"));
            assert_eq!(back.winner, game.winner(), "{}", at("winner"));
            for (i, (d, r)) in deals.iter().zip(&back.deals).enumerate() {
                let here = |what: &str| at(&format!("deal {i}: {what}"));
                let written = v["deals"][i]["phases"][0]["cardExchanges"]
                    .as_array()
                    .map_or(0, Vec::len);
                let swaps = d
                    .auction()
                    .iter()
                    .filter(|(_, a)| matches!(a, Action::Swap(_)))
                    .count();
                // Every move is written (a swap as two entries) when EGN's four entries suffice.
                let all_written = written == moves_in(d) + swaps;
                assert!(r.complete, "{}", here("incomplete"));
                assert_eq!(r.hands_recorded, with_hands, "{}", here("hands recorded"));
                assert_eq!(r.deal.plays(), d.plays(), "{}", here("play"));
                assert_eq!(r.deal.points(), d.points(), "{}", here("points"));
                if all_written {
                    assert_eq!(r.deal.history(), d.history(), "{}", here("decisions"));
                }
                if with_hands {
                    assert_eq!(r.deal.dealt_hands(), d.dealt_hands(), "{}", here("dealt hands"));
                    assert_eq!(r.deal.history(), d.history(), "{}", here("decisions"));
                }
            }
        }
    }
    counts
}

fn rules_with(preset: &str, options: &[(&str, &str)]) -> Rules {
    let mut rules = Rules::preset(preset).unwrap();
    for (k, v) in options {
        rules.set(k, v).unwrap();
    }
    rules
}

/// The rules EGN can say are read back as they are (apart from the reader's allowance for the
/// dealer discarding the upcard).
fn assert_expressible(rules: &Rules) {
    let lost: Vec<&str> = unexpressed_options(rules)
        .into_iter()
        .filter(|o| *o != "dealer_may_discard_upcard")
        .collect();
    assert!(lost.is_empty(), "EGN can't say {lost:?}");
}

#[test]
fn partners_best_games_read_back_the_same() {
    let rules = rules_with(
        "tournament",
        &[("partners_best", "true"), ("defend_alone", "against_loner")],
    );
    assert_expressible(&rules);
    let c = round_trip("partners_best", rules, 0..30);
    assert!(c.exchanges > 20, "{c:?}");
    assert!(c.defender_exchanges > 0, "{c:?}");
    assert!(c.double_exchanges > 0, "{c:?}");
}

#[test]
fn farmers_and_go_under_games_read_back_the_same() {
    let rules = rules_with("tournament", &[("farmers", "true"), ("go_under", "true")]);
    assert_expressible(&rules);
    let c = round_trip("farmers + go_under", rules, 0..60);
    assert!(c.swaps > 5, "{c:?}");
}

#[test]
fn railroads_egn_subset_reads_back_the_same() {
    // Railroad as EGN can say it: the Joker (turned, the dealer names trump blind), game to 5,
    // partners' best, a defender alone against a loner, the lone hands' scores. Jambone,
    // jamboree, laps, slams and the lone small score have no EGN key.
    let railroad = Rules::preset("railroad").unwrap();
    let rules = rules_from_ruleset(Some(&ruleset_of(&railroad))).unwrap();
    assert!(rules.partners_best && rules.joker);
    assert_eq!(rules.defend_alone, DefendAlone::AgainstLoner);
    assert_eq!(
        (
            rules.winning_score,
            rules.loner_march_score,
            rules.loner_euchred_score
        ),
        (5, 4, 4)
    );
    assert!(!rules.jambone && !rules.jamboree && !rules.laps && !rules.slams);
    assert!(unexpressed_options(&rules).is_empty());
    let c = round_trip("railroad (EGN subset)", rules, 0..40);
    assert!(c.exchanges > 10, "{c:?}");
    assert!(c.defender_exchanges > 0, "{c:?}");
    assert!(c.joker_turned > 0, "{c:?}");
}

#[test]
fn farmers_and_partners_best_together_read_back() {
    // A deal can then hold more moves than EGN's four entries: the writer leaves out the cards
    // taken from the kitty first, and the replay rebuilds what is missing.
    let rules = rules_with(
        "tournament",
        &[
            ("farmers", "true"),
            ("go_under", "true"),
            ("partners_best", "true"),
            ("defend_alone", "against_loner"),
        ],
    );
    let c = round_trip("farmers + partners_best", rules, 0..40);
    assert!(c.swaps > 0 && c.exchanges > 0, "{c:?}");
}

/// A deal with two farmers' hands (ace-no-face both): the second farmer takes what the first gave.
fn two_farmers_game(seed: u64) -> Game {
    let rules = rules_with("tournament", &[("farmers", "true"), ("go_under", "true")]);
    let hand = |s: &str| -> CardSet { s.split(' ').map(|c| c.parse::<Card>().unwrap()).collect() };
    let hands = [
        hand("JS QS KS JH QH"),
        hand("AS 9S TS 9H TH"),
        hand("AH 9D TD 9C TC"),
        hand("KH JD QD KD AD"),
    ];
    let upcard = "JC".parse().unwrap();
    let deal = Deal::new(rules, Seat::new(0), hands, upcard, CardSet::EMPTY).unwrap();
    random_game_from(Game::starting_with(deal, seed, [0, 0]), seed)
}

#[test]
fn two_farmers_in_one_deal_read_back_the_same() {
    for seed in 0..10 {
        let game = two_farmers_game(seed);
        let first = game.all_deals().next().unwrap();
        let mut c = Counts::default();
        c.add(first);
        assert_eq!(c.two_farmers, 1, "{:?}", first.auction());
        for with_hands in [true, false] {
            let mut v = game_to_egn(&game, None);
            if !with_hands {
                strip_hands(&mut v);
            }
            let back = replay(&parse_egn(&v.to_string()).unwrap())
                .unwrap_or_else(|e| panic!("seed {seed} (hands: {with_hands}): {e}"));
            assert_eq!(back.score, game.score(), "seed {seed}");
            for (r, d) in back.deals.iter().zip(game.all_deals()) {
                assert_eq!(r.deal.history(), d.history(), "seed {seed} (hands: {with_hands})");
            }
        }
    }
}

/// Replays `v` and checks its score and every deal's play against `game`.
fn same_play(game: &Game, v: &Value, what: &str) {
    let back = replay(&parse_egn(&v.to_string()).unwrap()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.score, game.score(), "{what}");
    for (r, d) in back.deals.iter().zip(game.all_deals()) {
        assert_eq!(r.deal.plays(), d.plays(), "{what}");
        assert_eq!(r.deal.points(), d.points(), "{what}");
    }
}

#[test]
fn unrecorded_exchanges_are_rebuilt() {
    let rules = rules_with(
        "tournament",
        &[("partners_best", "true"), ("defend_alone", "against_loner")],
    );
    for seed in 0..20 {
        let game = random_game(rules, seed);
        // Without any exchange, with only the cards passed, with only the cards given back
        // (written in pairs: the card passed, then the card given back).
        for keep in ["none", "passed", "given back"] {
            for with_hands in [true, false] {
                let mut v = game_to_egn(&game, None);
                if !with_hands {
                    strip_hands(&mut v);
                }
                for deal in v["deals"].as_array_mut().unwrap() {
                    let bidding = deal["phases"][0].as_object_mut().unwrap();
                    if let Some(Value::Array(entries)) = bidding.get_mut("cardExchanges") {
                        let mut k = 0;
                        entries.retain(|_| {
                            k += 1;
                            (keep == "passed" && k % 2 == 1) || (keep == "given back" && k % 2 == 0)
                        });
                    }
                }
                same_play(
                    &game,
                    &v,
                    &format!("seed {seed}, keeping {keep}, hands {with_hands}"),
                );
            }
        }
    }
}

#[test]
fn unrecorded_farmers_cards_are_rebuilt() {
    let rules = rules_with("tournament", &[("farmers", "true"), ("go_under", "true")]);
    let mut swaps = 0;
    for seed in 0..60 {
        let game = random_game(rules, seed);
        swaps += game
            .all_deals()
            .flat_map(|d| d.auction())
            .filter(|(_, a)| matches!(a, Action::Swap(_)))
            .count();
        // Only the cards given to the kitty, or only the cards taken from it.
        for keep_given in [true, false] {
            for with_hands in [true, false] {
                let mut v = game_to_egn(&game, None);
                if !with_hands {
                    strip_hands(&mut v);
                }
                filter_exchanges(&mut v, |e| e.get("sender").is_some() == keep_given);
                same_play(
                    &game,
                    &v,
                    &format!("seed {seed}, given kept {keep_given}, hands {with_hands}"),
                );
            }
        }
    }
    assert!(swaps > 5);
}

fn data(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/exchanges")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The record with `edit` applied to its JSON.
fn edited(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(&data("partners-best.egn")).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn a_hand_written_partners_best_record_replays_to_its_final_score() {
    // Three deals to 5: a maker alone exchanging (the entries in reverse order); a maker and a
    // defender both alone, the hands not listed and the defender's card given back not
    // recorded; a deal with partners.
    let text = data("partners-best.egn");
    let summary = check_text(&text).unwrap();
    assert_eq!((summary.deals, summary.score), (3, Some([5, 4])));
    let back = replay(&parse_egn(&text).unwrap()).unwrap();
    let first = &back.deals[0].deal;
    let card = |s: &str| s.parse::<Card>().unwrap();
    assert!(first
        .auction()
        .contains(&(Seat::new(0), Action::Exchange(card("9C")))));
    assert!(first
        .auction()
        .contains(&(Seat::new(2), Action::Give(card("QH")))));
    let second = &back.deals[1];
    assert!(!second.hands_recorded);
    assert_eq!(second.deal.lone_defender(), Some(Seat::new(2)));
    // The defender's card given back is one the defender played (As or Th; the record does not
    // say): a guess, reported as one.
    let given = second.deal.auction().iter().find_map(|&(s, a)| match a {
        Action::Give(c) if s == Seat::new(0) => Some(c),
        _ => None,
    });
    let given = given.expect("the defender's partner gave a card back");
    assert!(second.guessed.contains(given));
    assert!(["AS", "TH", "KH", "QH", "AH"].map(card).contains(&given));
}

#[test]
fn an_exchanged_card_the_sender_does_not_hold_is_refused() {
    // Seat 0's hand is listed: Ks is seat 2's.
    let text = edited(|v| v["deals"][0]["phases"][0]["cardExchanges"][1]["cards"] = json!(["Ks"]));
    let e = check_text(&text).unwrap_err().to_string();
    assert_eq!(
        e,
        "deal 1: cardExchanges: seat 0 passes Ks to seat 2 but does not hold it"
    );
    // The card given back must be the partner's own.
    let text = edited(|v| v["deals"][0]["phases"][0]["cardExchanges"][0]["cards"] = json!(["9c"]));
    let e = check_text(&text).unwrap_err().to_string();
    assert_eq!(
        e,
        "deal 1: cardExchanges: seat 2 gives 9c back to seat 0, but that is the card it was just passed"
    );
    // Hands not listed: the maker passes a card it plays later.
    let text = edited(|v| v["deals"][1]["phases"][0]["cardExchanges"][0]["cards"] = json!(["Ad"]));
    let e = check_text(&text).unwrap_err().to_string();
    assert_eq!(
        e,
        "deal 2: cardExchanges: seat 1 passes Ad to seat 3, but seat 1 plays it"
    );
}

#[test]
fn an_exchange_of_the_wrong_number_of_cards_is_refused() {
    let text = edited(|v| {
        v["deals"][0]["phases"][0]["cardExchanges"][1]["cards"] = json!(["9c", "Kh"]);
    });
    let e = check_text(&text).unwrap_err().to_string();
    assert_eq!(
        e,
        "deal 1: cardExchanges entry 2: seat 0 sends cards to seat 2: a partners' exchange moves 1 card, not 2"
    );
    // A farmer's swap moves three.
    let mut v = game_to_egn(
        &random_game(rules_with("tournament", &[("farmers", "true")]), 0),
        None,
    );
    v["deals"][0]["phases"][0]["cardExchanges"] =
        json!([{"sender": 1, "receiver": 1, "cards": ["9c", "Tc"]}]);
    let e = check_text(&v.to_string()).unwrap_err().to_string();
    assert_eq!(
        e,
        "deal 1: cardExchanges entry 1: seat 1 gives cards to the kitty (sender = receiver): a farmer's swap moves 3 cards, not 2"
    );
}

#[test]
fn exchanges_the_rules_or_the_bidding_do_not_allow_are_refused() {
    let cases: [(&str, Value, &str); 4] = [
        (
            "/metadata/ruleset/partners_best",
            json!(false),
            "deal 1: cardExchanges entry 1: seat 2 sends cards to seat 0, but the ruleset has no partners_best",
        ),
        (
            "/deals/0/phases/0/cardExchanges/0",
            json!({"sender": 1, "receiver": 3, "cards": ["Ac"]}),
            "deal 1: cardExchanges entry 1: seat 1 sends cards to seat 3, but neither of them plays alone and exchanges",
        ),
        (
            "/deals/0/phases/0/cardExchanges/0",
            json!({"sender": 2, "receiver": 1, "cards": ["Qh"]}),
            "deal 1: cardExchanges entry 1: seat 2 sends cards to seat 1, but only partners exchange cards (partners_best)",
        ),
        (
            "/deals/0/phases/0/cardExchanges/0",
            json!({"receiver": 2, "cards": ["Js", "Ts", "9s"]}),
            "deal 1: cardExchanges entry 1: seat 2 takes cards from the kitty (no sender), but the ruleset has neither farmers nor go_under",
        ),
    ];
    for (at, value, want) in cases {
        let text = edited(|v| *v.pointer_mut(at).unwrap() = value);
        assert_eq!(check_text(&text).unwrap_err().to_string(), want);
    }
}

#[test]
fn a_swap_by_a_seat_without_a_farmers_hand_is_refused() {
    let rules = rules_with("tournament", &[("farmers", "true")]);
    let game = random_game(rules, 1);
    let mut v = game_to_egn(&game, None);
    let d = game.all_deals().next().unwrap();
    let seat = Seat::ALL.into_iter().find(|&s| !d.holds_farmers(s)).unwrap();
    let hand: Vec<String> = d.dealt_hands()[seat.index()]
        .iter()
        .map(euchre_egn::egn_card)
        .collect();
    v["deals"][0]["phases"][0]["cardExchanges"] =
        json!([{"sender": seat.index(), "receiver": seat.index(), "cards": hand[..3]}]);
    let e = check_text(&v.to_string()).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "deal 1: cardExchanges: seat {seat} swaps with the kitty, but {} is not a farmer's hand under these rules",
            hand.join(" ")
        )
    );
}

#[test]
fn the_writer_follows_the_convention() {
    // A dealer alone exchanges first (the double exchange); the entries are the card passed,
    // then the card given back; the farmers' swap is the cards given, then the cards taken.
    let rules = rules_with(
        "tournament",
        &[("partners_best", "true"), ("defend_alone", "against_loner")],
    );
    let mut checked = 0;
    for seed in 0..10 {
        let game = random_game(rules, seed);
        let v = game_to_egn(&game, None);
        assert_eq!(v["metadata"]["ruleset"]["partners_best"], json!(true));
        for (i, d) in game.all_deals().enumerate() {
            let written = &v["deals"][i]["phases"][0]["cardExchanges"];
            let moves: Vec<Value> = d
                .auction()
                .iter()
                .filter_map(|&(s, a)| match a {
                    Action::Exchange(c) | Action::Give(c) => Some(json!({
                        "sender": s.index(), "receiver": s.partner().index(), "cards": [euchre_egn::egn_card(c)]
                    })),
                    _ => None,
                })
                .collect();
            if moves.is_empty() {
                assert!(written.is_null(), "seed {seed} deal {i}");
            } else {
                assert_eq!(written, &json!(moves), "seed {seed} deal {i}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    let game = two_farmers_game(0);
    let v = game_to_egn(&game, None);
    assert_eq!(v["metadata"]["ruleset"]["farmers"], json!(true));
    assert_eq!(v["metadata"]["ruleset"]["go_under"], json!(true));
    let d = game.all_deals().next().unwrap();
    let kitty: CardSet = ["QC", "KC", "AC"]
        .iter()
        .map(|c| c.parse::<Card>().unwrap())
        .collect();
    let text = |s: CardSet| -> Vec<String> { s.iter().map(euchre_egn::egn_card).collect() };
    let mut want = Vec::new();
    let mut taken = kitty;
    for &(s, a) in d.auction() {
        if let Action::Swap(g) = a {
            let given: CardSet = g.into_iter().collect();
            want.push(json!({"sender": s.index(), "receiver": s.index(), "cards": text(given)}));
            want.push(json!({"receiver": s.index(), "cards": text(taken)}));
            taken = given;
        }
    }
    assert_eq!(v["deals"][0]["phases"][0]["cardExchanges"], json!(want));
}

#[test]
fn the_ruleset_keys_set_the_engine_rules() {
    let ruleset = |extra: Value| {
        let mut r = json!({"std": true});
        r.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        serde_json::from_value::<euchre_egn::Ruleset>(r).unwrap()
    };
    let r = rules_from_ruleset(Some(&ruleset(
        json!({"partners_best": true, "farmers": true, "go_under": true}),
    )))
    .unwrap();
    assert!(r.partners_best && r.farmers && r.go_under);
    assert_eq!(r.farmers_policy, euchre::rules::FarmersPolicy::Exchange);
    // A farmer takes the three kitty cards: only the 24-card deck has exactly three.
    let e = rules_from_ruleset(Some(&ruleset(json!({"farmers": true, "joker": true})))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "ruleset: inconsistent rules: a farmer's exchange takes the three kitty cards, so it needs the 24-card deck"
    );
}
