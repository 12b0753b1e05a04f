//! Times the exact solver (`euchre solve`, the engine protocol's `solve`) over seeded deals of a
//! preset, `basic` making every decision: every legal action valued by a fresh solver at the
//! first lead (`lead`, the default), at the deal's first decision (`bid`), or at the first
//! decision of the phase named as the engine protocol names it (`name_trump`, `discard`, ...).
//! Prints the median, the 99th percentile and the slowest, in time and positions. One thread:
//! `cargo run --release -p euchre-ai --example solve_timing -- PRESET DEALS [lead|bid|PHASE]`.

#[path = "shared/quantile.rs"]
mod quantile;

use euchre::table::{AnyDeal, AnyGame, AnyRules, Table};
use euchre_ai::solver::Solver;
use euchre_ai::{player, Budget, GameView};
use quantile::quantile;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn deal_of(game: &AnyGame) -> AnyDeal {
    match game {
        AnyGame::Partnership(g) => AnyDeal::Partnership(Box::new(g.deal().clone())),
        AnyGame::Solo(g) => AnyDeal::Solo(Box::new(g.deal().clone())),
    }
}

fn phase_of(game: &AnyGame) -> &'static str {
    match game {
        AnyGame::Partnership(g) => g.deal().phase().name(),
        AnyGame::Solo(g) => g.deal().phase().name(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args.get(1).map_or("three-handed", String::as_str);
    let deals: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(100);
    let at = args.get(3).map_or("lead", String::as_str);
    let rules = AnyRules::preset(preset).expect("a known preset");
    let mut basic = player("basic").expect("basic");
    let (mut times, mut positions) = (Vec::new(), Vec::new());
    for seed in 0..deals {
        let mut game = rules.new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let here = match at {
                "bid" => true,
                "lead" => view.in_trick_play(),
                phase => phase_of(&game) == phase,
            };
            if here {
                break;
            }
            let choice = basic.choose(&view, &Budget::UNLIMITED, &mut rng);
            game.apply(choice.action).expect("a legal choice");
        }
        if game.to_act().is_none() {
            continue; // thrown in before the play (or the phase never came)
        }
        let deal = deal_of(&game);
        let mut solver = Solver::new();
        let start = Instant::now();
        let values = solver.action_values(&deal);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        positions.push(solver.total_nodes() as f64);
        assert!(!values.is_empty(), "seed {seed}: no value");
    }
    times.sort_by(f64::total_cmp);
    positions.sort_by(f64::total_cmp);
    let q = |v: &[f64], f| quantile(v, f);
    println!(
        "{preset}, {} deals solved at the {}: median {:.2} ms, p99 {:.2} ms, slowest {:.2} ms; positions median {:.0}, p99 {:.0}, most {:.0}",
        times.len(),
        match at {
            "lead" => "first lead".to_string(),
            "bid" => "first decision".to_string(),
            phase => format!("first decision of {phase}"),
        },
        q(&times, 0.5),
        q(&times, 0.99),
        q(&times, 1.0),
        q(&positions, 0.5),
        q(&positions, 0.99),
        q(&positions, 1.0),
    );
}
