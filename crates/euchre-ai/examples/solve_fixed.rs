//! Solves the benchmark's fixed deals once each: a fixed workload for instruction counts
//! (`valgrind --tool=callgrind`), which unlike timings do not move with the machine's load.

use euchre::{Action, Deal, Phase, Rules, Seat, TrickPlay};
use euchre_ai::solver::TrickSolver;

fn opening(seed: u64) -> Option<TrickPlay> {
    let rules = Rules::preset("north-american").ok()?;
    let mut d = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
    while d.phase() != Phase::Play {
        let legal = d.legal_actions();
        let pick = legal
            .iter()
            .copied()
            .find(|a| {
                matches!(
                    a,
                    Action::Order { alone: false } | Action::Call { alone: false, .. } | Action::Partner
                )
            })
            .or_else(|| legal.first().copied())?;
        d.apply(pick).ok()?;
    }
    d.trick_play()
}

fn main() {
    let deals: Vec<TrickPlay> = (0..200).filter_map(opening).collect();
    let mut solver = TrickSolver::new();
    let mut sum = 0u64;
    for d in &deals {
        for (_, t, _) in solver.values(d).cards {
            sum += u64::from(t);
        }
    }
    println!(
        "{} deals, {} positions, checksum {sum}",
        deals.len(),
        solver.nodes
    );
}
