//! Action and card text, and legality on seeded deals.
//!
//! 1. The input as text is parsed as an `Action`, a `Card`, a `Trump` and a `Suit`; whatever
//!    parses must print to text that parses back to the same value.
//! 2. The input as bytes drives a seeded deal: byte 0 picks the preset, byte 1 a set of extra
//!    options, byte 2 a set of variants, byte 3 the dealer, bytes 4..6 the seed; each later byte
//!    picks an action, a legal one (`legal_actions()[b % len]`) when its top bit is set, else any
//!    of the actions in `universe()` (every action but the farmers' swaps, which are too many to
//!    list). At every step `is_legal(a) == legal_actions().contains(&a)` for all of them, a legal
//!    action applies, and an illegal one is refused with the deal left unchanged.
#![no_main]

use euchre::{Action, Card, Deal, Rules, Seat, Suit, Trump, PRESETS};
use libfuzzer_sys::fuzz_target;

/// Extra options, one per bit of byte 1.
const OPTIONS: [(&str, &str); 8] = [
    ("allow_no_trump", "true"),
    ("defend_alone", "any"),
    ("dealer_may_discard_upcard", "true"),
    ("alone_timing", "after_discard"),
    ("stick_the_dealer", "true"),
    ("trump_requirement", "two_trumps"),
    ("dealer_shouts_first", "true"),
    ("joker", "true"),
];

/// The variants (issue 3), one per bit of byte 2.
const VARIANTS: [(&str, &str); 8] = [
    ("partners_best", "true"),
    ("jambone", "true"),
    ("jambone_calls", "every_trick"),
    ("robson", "true"),
    ("reneging", "penalised"),
    ("jamboree", "true"),
    ("farmers", "true"),
    ("go_under", "true"),
];

/// Every action there is, legal or not, anywhere.
fn universe() -> Vec<Action> {
    let mut all = vec![
        Action::Pass,
        Action::Alone,
        Action::Partner,
        Action::Jambone,
        Action::Jamboree,
        Action::Farmers,
        Action::OrderJambone,
        Action::BlindAlone,
        Action::ClaimRenege,
        Action::Subtract,
    ];
    for trump in Suit::ALL.map(Trump::Suit).into_iter().chain([Trump::NoTrump]) {
        all.push(Action::CallJambone(trump));
    }
    for alone in [false, true] {
        all.push(Action::Order { alone });
        for trump in Suit::ALL.map(Trump::Suit).into_iter().chain([Trump::NoTrump]) {
            all.push(Action::Call { trump, alone });
        }
    }
    for i in 0..Card::COUNT as u8 {
        let c = Card::from_index(i).unwrap();
        all.extend([
            Action::Discard(c),
            Action::Play(c),
            Action::Exchange(c),
            Action::Give(c),
            Action::Name(c),
        ]);
    }
    all
}

fn round_trips(text: &str) {
    if let Ok(a) = text.parse::<Action>() {
        let shown = a.to_string();
        assert_eq!(
            shown.parse::<Action>(),
            Ok(a),
            "action {text:?} printed as {shown:?}"
        );
    }
    if let Ok(c) = text.parse::<Card>() {
        let shown = c.to_string();
        assert_eq!(shown.parse::<Card>(), Ok(c), "card {text:?} printed as {shown:?}");
        assert_eq!(Card::from_index(c.index() as u8), Some(c));
    }
    if let Ok(t) = text.parse::<Trump>() {
        let shown = t.to_string();
        assert_eq!(
            shown.parse::<Trump>(),
            Ok(t),
            "trump {text:?} printed as {shown:?}"
        );
    }
    if let Ok(s) = text.parse::<Suit>() {
        let shown = s.to_string();
        assert_eq!(
            shown.parse::<Suit>().ok(),
            Some(s),
            "suit {text:?} printed as {shown:?}"
        );
    }
}

fn check_legality(deal: &Deal, all: &[Action]) {
    let legal = deal.legal_actions();
    for &a in all {
        assert_eq!(
            deal.is_legal(a),
            legal.contains(&a),
            "is_legal({a}) disagrees with legal_actions {legal:?}"
        );
    }
    for &a in legal.iter() {
        let swap = matches!(a, Action::Swap(_));
        assert!(swap || all.contains(&a), "legal action {a:?} outside the universe");
    }
    assert_eq!(
        deal.to_act().is_some(),
        !legal.is_empty(),
        "to_act vs legal actions: {legal:?}"
    );
    if let Some(seat) = deal.to_act() {
        assert_eq!(
            deal.observation(seat).legal,
            legal,
            "observation's legal actions differ"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        round_trips(text);
    }

    let [preset, opts, variants, dealer, s0, s1, s2, steps @ ..] = data else {
        return;
    };
    let mut rules = Rules::preset(PRESETS[usize::from(*preset) % PRESETS.len()].0).unwrap();
    for (bit, (name, value)) in OPTIONS.iter().enumerate() {
        if opts & (1 << bit) != 0 {
            rules.set(name, value).unwrap();
        }
    }
    for (bit, (name, value)) in VARIANTS.iter().enumerate() {
        if variants & (1 << bit) != 0 {
            rules.set(name, value).unwrap();
        }
    }
    // Some combinations are refused by design (jambone with alone after the discard, a
    // farmer's exchange without the 24-card deck): nothing to play.
    if rules.validate().is_err() {
        return;
    }
    let seed = u64::from_le_bytes([*s0, *s1, *s2, 0, 0, 0, 0, 0]);
    let mut deal = Deal::from_seed(rules, Seat::new(dealer % 4), seed);
    let all = universe();
    for &b in steps {
        check_legality(&deal, &all);
        let legal = deal.legal_actions();
        let a = if b & 0x80 != 0 && !legal.is_empty() {
            legal[usize::from(b & 0x7f) % legal.len()]
        } else {
            all[usize::from(b) % all.len()]
        };
        if deal.is_legal(a) {
            deal.apply(a).unwrap_or_else(|e| panic!("legal {a} refused: {e}"));
        } else {
            let before = format!("{deal:?}");
            let err = deal.apply(a).expect_err("an illegal action was applied");
            let _ = err.to_string();
            assert_eq!(before, format!("{deal:?}"), "refused {a} changed the deal");
        }
    }
    check_legality(&deal, &all);
});
