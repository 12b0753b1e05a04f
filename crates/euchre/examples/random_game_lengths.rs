//! How many deals a game of each individual preset lasts when every decision is uniformly random
//! (300 games each, cut off at 100,000 deals):
//!
//!     cargo run --release -p euchre --example random_game_lengths
//!
//! Random Bid Euchre drifts away from 0 (a bid it cannot make, or staying in without a trick,
//! adds 5), so some random games never end; the other games always do.

use euchre::shuffle::{deal_rng, Batched};
use euchre::solo::{SoloGame, SoloRules, SOLO_PRESETS};

const GAMES: u64 = 300;
const CUT_OFF: u32 = 100_000;

fn main() {
    for (preset, _) in SOLO_PRESETS {
        let rules = SoloRules::preset(preset).expect("a preset");
        let mut lengths = Vec::new();
        for seed in 0..GAMES {
            let mut game = SoloGame::new(rules, seed);
            let mut rng = deal_rng(seed + 7);
            let mut draw = Batched::new(&mut rng);
            let mut deals = 1;
            loop {
                game.play_deal_randomly(&mut draw);
                if !game.next_deal() || deals == CUT_OFF {
                    break;
                }
                deals += 1;
            }
            lengths.push(deals);
        }
        lengths.sort_unstable();
        let at = |q: f64| lengths[((lengths.len() - 1) as f64 * q) as usize];
        let cut = lengths.iter().filter(|&&n| n == CUT_OFF).count();
        println!(
            "{preset:<13} deals per game: median {}, 90th percentile {}, max {}; {cut} of {GAMES} cut off at {CUT_OFF}",
            at(0.5),
            at(0.9),
            lengths[lengths.len() - 1]
        );
    }
}
