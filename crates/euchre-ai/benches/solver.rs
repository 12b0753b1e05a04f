//! The exact solver on full five-trick deals of the four-handed game: every legal card of the
//! opening lead valued, one deal per iteration, cycling over a fixed set of deals.
//!
//! The deals are seeded and bid by the engine's first legal order-up or call (passes only when
//! nothing else is legal), so the set never changes; the mean number of positions searched per
//! deal is printed before the timing.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use euchre::TrickPlay;
use euchre_ai::solver::TrickSolver;

#[path = "common/fixed_deals.rs"]
mod fixed_deals;
use fixed_deals::{opening, DEALS};

fn bench(c: &mut Criterion) {
    let deals: Vec<TrickPlay> = (0..DEALS).filter_map(opening).collect();
    assert_eq!(deals.len() as u64, DEALS, "every fixed deal reaches the play");
    let mut solver = TrickSolver::new();
    let before = solver.nodes;
    let mut cards = 0;
    for d in &deals {
        cards += solver.values(d).cards.len();
    }
    assert!(cards >= deals.len(), "every opening lead has a value");
    println!(
        "solver: {} deals, {:.0} positions searched per deal (every root card valued)",
        deals.len(),
        (solver.nodes - before) as f64 / deals.len() as f64
    );
    let mut i = 0;
    c.bench_function("solve_full_deal_all_root_actions", |b| {
        b.iter(|| {
            let d = &deals[i % deals.len()];
            i += 1;
            black_box(solver.values(black_box(d)))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
