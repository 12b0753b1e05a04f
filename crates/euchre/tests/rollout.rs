//! The random rollout (`Deal::play_out_randomly`, the hot loop of search and of `euchre bench`)
//! must be exactly `apply` of the same random legal decisions, one at a time.

use euchre::shuffle::{deal_rng, Batched};
use euchre::{Action, Deal, Phase, Rules, Seat};

/// The stepping reference: the same draws, through the public `legal_*` and `apply`.
fn step_randomly(deal: &mut Deal, draw: &mut Batched<euchre::shuffle::DealRng>) -> u32 {
    let mut n = 0;
    while !deal.is_done() {
        let a = if deal.phase() == Phase::Play {
            let legal = deal.legal_plays();
            Action::Play(legal.nth(draw.below(legal.len())).expect("a legal card"))
        } else {
            let legal = deal.legal_actions();
            legal[draw.below(legal.len() as u32) as usize]
        };
        deal.apply(a).expect("a legal action applies");
        n += 1;
    }
    n
}

#[test]
fn rollout_equals_stepping_through_apply() {
    let mut lone_hands = 0;
    let mut configs: Vec<(String, Rules)> = Vec::new();
    for (name, _) in euchre::PRESETS {
        let mut rules = Rules::preset(name).unwrap();
        if name == "north-american" {
            rules.set("defend_alone", "any").unwrap();
        }
        configs.push((name.to_string(), rules));
    }
    // The variants that change the trick play: table-mode reneging (any card), jambone calls,
    // the claims and the robson choice after the last trick.
    let variants: [&[(&str, &str)]; 4] = [
        &[("reneging", "penalised"), ("robson", "true")],
        &[("jambone", "true"), ("jambone_calls", "first_trick")],
        &[("reneging", "penalised"), ("jambone", "true")],
        &[
            ("robson", "true"),
            ("partners_best", "true"),
            ("defend_alone", "against_loner"),
        ],
    ];
    for opts in variants {
        let mut rules = Rules::default();
        for (k, v) in opts {
            rules.set(k, v).unwrap();
        }
        configs.push((format!("{opts:?}"), rules));
    }
    for (name, rules) in configs {
        for seed in 0..400u64 {
            let dealt = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
            let (mut fast, mut slow) = (dealt.clone(), dealt);
            let mut rng_fast = deal_rng(seed ^ 0xabcd);
            let mut rng_slow = deal_rng(seed ^ 0xabcd);
            let n_fast = fast.play_out_randomly(&mut Batched::new(&mut rng_fast));
            let n_slow = step_randomly(&mut slow, &mut Batched::new(&mut rng_slow));
            assert_eq!(n_fast, n_slow, "{name} seed {seed}: decisions");
            assert_eq!(fast.history(), slow.history(), "{name} seed {seed}: history");
            assert_eq!(
                format!("{fast:?}"),
                format!("{slow:?}"),
                "{name} seed {seed}: state"
            );
            assert!(fast.is_done());
            lone_hands += usize::from(fast.lone_maker().is_some() || fast.lone_defender().is_some());
        }
    }
    // The comparison covered short tricks too (a seat sitting out).
    assert!(lone_hands > 100, "only {lone_hands} lone hands");
}

#[test]
fn rollout_from_the_middle_of_play_finishes_the_same_deal() {
    let rules = Rules::preset("tournament").unwrap();
    for seed in 0..200u64 {
        let mut deal = Deal::from_seed(rules, Seat::new(0), seed);
        // Take the first legal action until a few cards are down.
        while !deal.is_done() && deal.plays().len() < (seed % 12) as usize {
            let a = deal.legal_actions()[0];
            deal.apply(a).unwrap();
        }
        let (mut fast, mut slow) = (deal.clone(), deal);
        let mut r1 = deal_rng(seed);
        let mut r2 = deal_rng(seed);
        fast.play_out_randomly(&mut Batched::new(&mut r1));
        step_randomly(&mut slow, &mut Batched::new(&mut r2));
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
    }
}
