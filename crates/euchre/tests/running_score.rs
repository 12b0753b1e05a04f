//! The running score that readers replay deal by deal (`Game::deals_with_tally`,
//! `SoloGame::deals_with_scores`) agrees with the score the game itself kept, deal after deal,
//! over seeded random games of every preset; and `Tally` adds a deal as RULES.md §6 and the
//! four-trick tokens say, recomputed here from the deal's own points.

use euchre::game::Tally;
use euchre::shuffle::{deal_rng, Batched};
use euchre::solo::SoloGame;
use euchre::table::AnyRules;
use euchre::{all_presets, Game, Rules};
use proptest::prelude::*;

/// Deals played at most in one game (random play can go on long in a game raced down to 0).
const MAX_DEALS_TESTED: usize = 80;

/// Plays `game` with random decisions, a deal at a time, to its end (or `MAX_DEALS_TESTED`
/// deals), checking after each deal that replaying the deals so far gives the game's score;
/// counts in `traded` the fourth tokens traded for a point.
fn check_partnership(rules: Rules, seed: u64, initial: [i32; 2], traded: &mut u32) {
    let mut game = Game::with_score(rules, seed, initial);
    let mut rng = deal_rng(seed);
    let mut draw = Batched::new(&mut rng);
    for _ in 0..MAX_DEALS_TESTED {
        game.play_deal_randomly(&mut draw);
        let replayed: Vec<(euchre::Deal, Tally)> =
            game.deals_with_tally().map(|(d, t)| (d.clone(), t)).collect();
        assert_eq!(
            replayed[0].1,
            Tally::starting_at(initial),
            "seed {seed}: the first deal starts the game"
        );
        for w in replayed.windows(2) {
            assert_eq!(
                w[0].1.after(&w[0].0),
                w[1].1,
                "seed {seed}: one deal's after is the next's before"
            );
        }
        let (last, before) = replayed.last().unwrap();
        let after = before.after(last);
        assert_eq!(
            (after.score, after.tokens),
            (game.score(), game.tokens()),
            "seed {seed}"
        );
        // The same addition, written out from the start: points less points taken off, and a
        // fourth token traded for a point.
        let (mut want, mut tokens) = (initial, [0u8; 2]);
        for (d, _) in &replayed {
            let (p, off) = (d.points(), d.deductions());
            for t in 0..2 {
                want[t] += i32::from(p[t]) - i32::from(off[t]);
            }
            if let Some(t) = d.four_trick_token() {
                tokens[t.index()] += 1;
                if tokens[t.index()] == 4 {
                    tokens[t.index()] = 0;
                    want[t.index()] += 1;
                    *traded += 1;
                }
            }
        }
        assert_eq!((after.score, after.tokens), (want, tokens), "seed {seed}");
        if !game.next_deal() {
            break;
        }
    }
}

/// As [`check_partnership`], for the individual games.
fn check_solo(game: &mut SoloGame, seed: u64) {
    let mut rng = deal_rng(seed);
    let mut draw = Batched::new(&mut rng);
    for _ in 0..MAX_DEALS_TESTED {
        game.play_deal_randomly(&mut draw);
        let replayed: Vec<(euchre::solo::SoloDeal, Vec<i32>)> =
            game.deals_with_scores().map(|(d, s)| (d.clone(), s)).collect();
        assert_eq!(replayed[0].1, game.initial_scores(), "seed {seed}");
        let mut running = game.initial_scores().to_vec();
        for (d, before) in &replayed {
            assert_eq!(&running, before, "seed {seed}");
            for (s, change) in running.iter_mut().zip(d.delta()) {
                *s += change;
            }
        }
        assert_eq!(running, game.scores(), "seed {seed}");
        if !game.next_deal() {
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_replayed_score_is_the_games_score(seed in any::<u64>(), preset in 0..all_presets().len(), start in -3..3i32) {
        let (name, _) = all_presets()[preset];
        match AnyRules::preset(name).unwrap() {
            AnyRules::Partnership(mut rules) => {
                check_partnership(rules, seed, [start, 0], &mut 0);
                // The option that changes how a deal adds to the score.
                rules.set("four_trick_tokens", "true").unwrap();
                check_partnership(rules, seed, [0, start], &mut 0);
            }
            AnyRules::Solo(rules) => {
                let mut game = SoloGame::new(rules, seed);
                check_solo(&mut game, seed);
            }
        }
    }
}

/// The games above do trade four tokens for a point (so the check of the trade is not empty).
#[test]
fn four_tokens_are_traded_for_a_point_in_random_games() {
    let mut rules = Rules::preset("north-american").unwrap();
    rules.set("four_trick_tokens", "true").unwrap();
    let mut traded = 0;
    for seed in 0..200 {
        // Long games (from far below 0), so that tokens pile up: random makers seldom take
        // exactly four tricks.
        check_partnership(rules, seed, [-30, -30], &mut traded);
    }
    assert!(traded > 0, "no game traded four tokens");
}
