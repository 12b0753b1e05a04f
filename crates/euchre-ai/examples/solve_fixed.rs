//! Solves the benchmark's fixed deals once each: a fixed workload for instruction counts
//! (`valgrind --tool=callgrind`), which unlike timings do not move with the machine's load.

use euchre::TrickPlay;
use euchre_ai::solver::TrickSolver;

#[path = "../benches/common/fixed_deals.rs"]
mod fixed_deals;
use fixed_deals::{opening, DEALS};

fn main() {
    let deals: Vec<TrickPlay> = (0..DEALS).filter_map(opening).collect();
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
