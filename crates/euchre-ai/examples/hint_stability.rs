//! How steady a player's advice is: at every decision with a choice in `DEALS` seeded deals of
//! `expert` self-play (north-american), asks `PLAYER` twice, with different random numbers,
//! and counts how often the two answers differ, by phase, with the time each answer took. A
//! hint that changes when asked again is noise to the person reading it.
//!
//! `cargo run --release -p euchre-ai --example hint_stability -- [PLAYER] [DEALS]` (`expert`,
//! 100 deals by default), on every core.

#[path = "shared/quantile.rs"]
mod quantile;
mod shared;

use euchre::table::{AnyRules, Table};
use euchre_ai::{mix_seed, player, Budget, GameView};
use quantile::quantile;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// One decision asked twice: in the bidding or not, whether the answers differed, and the
/// milliseconds each took.
struct Asked {
    bidding: bool,
    differed: bool,
    took: [f64; 2],
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert", String::as_str).to_string();
    let deals: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100);
    if let Err(e) = player(&name) {
        eprintln!("hint_stability: {e}");
        std::process::exit(2);
    }
    let rules = AnyRules::preset("north-american").expect("preset");
    let asked: Vec<Asked> = shared::on_every_core(deals, |seed| {
        let mut driver = player("expert").expect("expert");
        let mut adviser = player(&name).expect("a known player");
        let mut game = rules.new_game(seed);
        let mut out = Vec::new();
        let mut k = 0u64;
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            k += 1;
            if view.legal().len() > 1 {
                let mut answer = |stream: u64| {
                    let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(seed, k * 2 + stream));
                    let start = Instant::now();
                    let a = adviser.choose(&view, &Budget::UNLIMITED, &mut rng).action;
                    (a, start.elapsed().as_secs_f64() * 1e3)
                };
                let (a, t0) = answer(0);
                let (b, t1) = answer(1);
                out.push(Asked {
                    bidding: !view.in_trick_play(),
                    differed: a != b,
                    took: [t0, t1],
                });
            }
            let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(seed, 1_000_000 + k));
            let a = driver.choose(&view, &Budget::UNLIMITED, &mut rng).action;
            game.apply(a).expect("a legal choice");
        }
        out
    })
    .into_iter()
    .flatten()
    .collect();
    println!("{name}, asked twice at each decision of {deals} deals of expert self-play");
    for (phase, bidding) in [("bidding", true), ("play", false)] {
        let these: Vec<&Asked> = asked.iter().filter(|a| a.bidding == bidding).collect();
        let n = these.len();
        let differed = these.iter().filter(|a| a.differed).count();
        let share = differed as f64 / n.max(1) as f64;
        // A 95% interval for a share (normal approximation).
        let half = 1.96 * (share * (1.0 - share) / n.max(1) as f64).sqrt();
        let mut t: Vec<f64> = these.iter().flat_map(|a| a.took).collect();
        t.sort_by(f64::total_cmp);
        let q = |f: f64| quantile(&t, f);
        println!(
            "{phase}: {n} decisions, the two answers differ in {differed} ({:.1}% ± {:.1}); median {:.1} ms, p99 {:.1} ms",
            100.0 * share,
            100.0 * half,
            q(0.5),
            q(0.99)
        );
    }
}
