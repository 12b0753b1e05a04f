//! `winning_so_far` (the seat taking the trick in progress, for the terminal game's "wins so
//! far") agrees with the deal's own play: for every trick of random deals in every preset, the
//! trick's cards read as still in progress are won by the seat that did take them.

use euchre::shuffle::{below, deal_rng};
use euchre::solo::{SoloDeal, SoloRules};
use euchre::{all_presets, Deal, Rules, Seat};

const DEALS: u64 = 300;

#[test]
fn the_winner_so_far_of_each_whole_trick_is_its_taker_four_handed() {
    let mut checked = 0;
    let mut not_the_leader = 0;
    for (name, _) in all_presets() {
        let Ok(rules) = Rules::preset(name) else { continue };
        for seed in 0..DEALS {
            let mut rng = deal_rng(seed);
            let mut deal = Deal::random(rules, Seat::new((seed % 4) as u8), &mut rng);
            while let Some(seat) = deal.to_act() {
                let o = deal.observation(seat);
                assert_eq!(
                    o.winning_so_far().is_some(),
                    o.tricks
                        .last()
                        .is_some_and(|t| t.winner.is_none() && !t.cards.is_empty())
                );
                for t in o.tricks.iter().filter(|t| t.winner.is_some()) {
                    let mut open = o.clone();
                    open.tricks = vec![euchre::observation::TrickView {
                        winner: None,
                        ..t.clone()
                    }];
                    assert_eq!(open.winning_so_far(), t.winner, "{name}, seed {seed}: {t:?}");
                    checked += 1;
                    not_the_leader += usize::from(t.winner != Some(t.leader));
                }
                let legal = deal.legal_actions();
                deal.apply(legal[below(&mut rng, legal.len() as u32) as usize])
                    .unwrap();
            }
        }
    }
    assert!(
        checked > 10_000 && not_the_leader > 1_000,
        "{checked} tricks, {not_the_leader} not the leader's"
    );
}

#[test]
fn the_winner_so_far_of_each_whole_trick_is_its_taker_in_the_individual_games() {
    let mut checked = 0;
    let mut not_the_leader = 0;
    for (name, _) in all_presets() {
        let Ok(rules) = SoloRules::preset(name) else {
            continue;
        };
        for seed in 0..DEALS {
            let mut rng = deal_rng(seed);
            let mut deal = SoloDeal::random(
                rules,
                Seat::new((seed % u64::from(rules.players)) as u8),
                &mut rng,
            );
            while let Some(seat) = deal.to_act() {
                let o = deal.observation(seat);
                for (leader, cards, winner) in o.tricks.iter().filter(|t| t.2.is_some()) {
                    let mut open = o.clone();
                    open.tricks = vec![(*leader, cards.clone(), None)];
                    assert_eq!(open.winning_so_far(), *winner, "{name}, seed {seed}: {cards:?}");
                    checked += 1;
                    not_the_leader += usize::from(*winner != Some(*leader));
                }
                let legal = deal.legal_actions();
                deal.apply(legal[below(&mut rng, legal.len() as u32) as usize])
                    .unwrap();
            }
        }
    }
    assert!(
        checked > 1_000 && not_the_leader > 100,
        "{checked} tricks, {not_the_leader} not the leader's"
    );
}
