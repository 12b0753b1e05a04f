//! Times every decision of `pimc-50` (or the player named by the first argument) over seeded
//! games (of the preset named by the third argument, `north-american` by default) where it holds
//! every seat, and prints the median and 99th percentile per phase, and the play's trick by
//! trick. One thread:
//! `cargo run --release -p euchre-ai --example pimc_timing [PLAYER] [DEALS] [PRESET] [TIME_MS]`.
//! Each decision gets the default budget ([`Budget::DEFAULT`], where a person waits) unless
//! `TIME_MS` names another limit in milliseconds, or `none` for none (the reproducible search
//! of `euchre sim`). Each phase's line counts the decisions that ran to the limit.
//! With `PIMC_TIMING_ONLY` set to a phase (`bidding`, `play`, `trick 1`, ...), only that
//! phase's decisions are the player's (the rest `basic`'s), so a profiler sees that phase alone.

#[path = "shared/quantile.rs"]
mod quantile;

use euchre::table::{AnyRules, Table, View};
use euchre_ai::basic::BasicPlayer;
use euchre_ai::{player, Budget, GameView, Player};
use quantile::quantile;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::time::Instant;

/// The play's times by trick, each a phase of its own ("trick 1" the opening lead's trick).
const TRICKS: [&str; 6] = ["", "trick 1", "trick 2", "trick 3", "trick 4", "trick 5"];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("pimc-50", String::as_str);
    let deals: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(200);
    let mut p = player(name).expect("a known player");
    let preset = args.get(3).map_or("north-american", String::as_str);
    let rules = AnyRules::preset(preset).expect("a known preset");
    let budget = match args.get(4).map(String::as_str) {
        None => Budget::DEFAULT,
        Some("none") => Budget::UNLIMITED,
        Some(ms) => Budget::millis(ms.parse().expect("TIME_MS: milliseconds, or none")),
    };
    let mut times: BTreeMap<&'static str, Vec<f64>> = BTreeMap::new();
    for seed in 0..deals {
        let mut game = rules.new_game(seed);
        let mut k = 0u64;
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let phase = if view.in_trick_play() { "play" } else { "bidding" };
            // The trick a play is in (1 to 5), for the play's times trick by trick.
            let trick = match &view.view {
                View::Partnership(o) if view.in_trick_play() => {
                    o.tricks.iter().filter(|t| t.winner.is_some()).count() + 1
                }
                _ => 0,
            };
            let only = std::env::var("PIMC_TIMING_ONLY").ok();
            if only.is_some_and(|o| o != phase && o != TRICKS[trick]) {
                // Profiling one phase (`perf record`, `valgrind --tool=callgrind`): the other
                // decisions are left to `basic`, which takes no time to speak of.
                let choice =
                    BasicPlayer.choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(seed));
                game.apply(choice.action).expect("a legal choice");
                continue;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            k += 1;
            let start = Instant::now();
            let choice = p.choose(&view, &budget, &mut rng);
            let took = start.elapsed().as_secs_f64() * 1e3;
            if view.legal().len() > 1 {
                times.entry(phase).or_default().push(took);
                if trick > 0 {
                    times.entry(TRICKS[trick]).or_default().push(took);
                }
            }
            game.apply(choice.action).expect("a legal choice");
        }
    }
    let limit = budget.time.map(|t| t.as_secs_f64() * 1e3);
    println!(
        "{name} {preset}, time limit {}",
        limit.map_or("none".into(), |l| format!("{l} ms"))
    );
    for (phase, mut t) in times {
        t.sort_by(f64::total_cmp);
        let q = |f: f64| quantile(&t, f);
        let at_limit = limit.map_or(0, |l| t.iter().filter(|&&x| x >= l).count());
        println!(
            "{name} {preset} {phase}: {} decisions, median {:.3} ms, p99 {:.3} ms, max {:.3} ms, {at_limit} at the limit",
            t.len(),
            q(0.5),
            q(0.99),
            t.last().copied().unwrap_or(0.0)
        );
    }
}
