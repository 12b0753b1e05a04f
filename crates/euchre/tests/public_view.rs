//! A spectator's view holds exactly what every seat knows: nothing from a hand, no face-down
//! card, and the public rest the same as each seat sees it.

use euchre::shuffle::{below, deal_rng};
use euchre::table::{AnyRules, Table};
use euchre::{all_presets, Seat};
use serde_json::Value;

/// Fields that differ by seat; every other field of the public view must equal each seat's.
const PRIVATE: [&str; 6] = [
    "seat",
    "hand",
    "discard",
    "legal",
    "history",
    "upcard_with_dealer",
];

fn check(game: &dyn Table, hidden_seen: &mut usize) {
    let public = serde_json::to_value(game.public_view()).unwrap();
    let seats: Vec<Value> = (0..game.players())
        .map(|i| serde_json::to_value(game.view(Seat::new(i as u8))).unwrap())
        .collect();
    assert_eq!(public["hand"], Value::Array(vec![]), "a spectator holds no cards");
    assert_eq!(public["legal"], Value::Array(vec![]));
    assert!(public["discard"].is_null(), "the discard is face down");
    for (key, value) in public.as_object().unwrap() {
        if PRIVATE.contains(&key.as_str()) {
            continue;
        }
        for s in &seats {
            assert_eq!(&s[key], value, "public field {key} differs from a seat's");
        }
    }
    if public["upcard_with_dealer"] == Value::Bool(true) {
        assert!(seats.iter().all(|s| s["upcard_with_dealer"] == Value::Bool(true)));
    }
    let history = public["history"].as_array().unwrap();
    for (i, entry) in history.iter().enumerate() {
        let all_agree = seats.iter().all(|s| &s["history"][i] == entry);
        if !all_agree {
            // Shown only as what it was, never which card.
            let text = entry[1].as_str().unwrap_or_default();
            assert!(
                ["discard", "exchange", "give"].contains(&text),
                "public history entry {entry} is not what every seat saw"
            );
            *hidden_seen += 1;
        }
    }
}

#[test]
fn the_public_view_is_what_every_seat_knows() {
    let mut variants: Vec<AnyRules> = all_presets()
        .iter()
        .map(|(name, _)| AnyRules::preset(name).unwrap())
        .collect();
    let mut dealer_discards_upcard = AnyRules::preset("north-american").unwrap();
    dealer_discards_upcard
        .set("dealer_may_discard_upcard", "true")
        .unwrap();
    variants.push(dealer_discards_upcard);
    let mut hidden_seen = 0;
    let mut checked = 0;
    for (i, rules) in variants.iter().enumerate() {
        for g in 0..15u64 {
            let mut rng = deal_rng(1000 * i as u64 + g);
            let mut game = rules.new_game(g);
            let mut steps = 0;
            while !game.is_over() && steps < 2000 {
                check(&game, &mut hidden_seen);
                checked += 1;
                steps += 1;
                if game.to_act().is_none() {
                    game.next_deal();
                    continue;
                }
                let legal = game.legal_actions();
                let a = legal.as_slice()[below(&mut rng, legal.len() as u32) as usize];
                game.apply(a).unwrap();
            }
        }
    }
    assert!(checked > 10_000, "{checked} positions checked");
    // Discards and the railroad exchanges must have come up, hidden.
    assert!(hidden_seen > 100, "{hidden_seen} hidden entries");
}
