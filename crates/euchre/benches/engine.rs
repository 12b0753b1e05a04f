//! Benchmarks of legal-action generation and apply, and of whole random deals.
//!
//! The deals are dealt here from a fixed generator (splitmix64 and Fisher-Yates) through
//! `Deal::new`, and the random policy picks among the legal actions in their text order, so the
//! counts asserted below depend only on the rules engine: a change to what is legal, or to how a
//! deal proceeds, changes them, and a benchmark that silently measures nothing fails.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use euchre::{Action, Card, CardSet, Deal, Phase, Rules, Seat};
use std::time::Duration;

/// Deals in the fixed set.
const DEALS: u64 = 200;
/// Decisions taken over the fixed set of deals by the fixed policy (north-american rules).
const EXPECTED_DECISIONS: usize = 3_958;
/// Legal actions summed over the mid-play states.
const EXPECTED_MID_PLAY_LEGAL: usize = 473;

/// splitmix64: a tiny generator that no library change can move.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Deal number `seed` of the fixed set: a shuffled deck, five cards each, the next card turned.
fn fixed_deal(rules: Rules, seed: u64) -> Deal {
    let mut rng = Mix(seed);
    let mut deck: Vec<Card> = rules.deck().iter().collect();
    for i in (1..deck.len()).rev() {
        let j = rng.below(i + 1);
        deck.swap(i, j);
    }
    let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 5..s * 5 + 5].iter().copied().collect());
    let dealer = Seat::new((seed % 4) as u8);
    Deal::new(rules, dealer, hands, deck[20], CardSet::EMPTY).expect("a well-formed deal")
}

/// A legal action chosen by `rng`, independent of the order the engine lists them in.
fn policy(deal: &Deal, rng: &mut Mix) -> Action {
    let mut legal: Vec<Action> = deal.legal_actions().to_vec();
    legal.sort_by_cached_key(|a| a.to_string());
    legal[rng.below(legal.len())]
}

/// Plays deal `seed` to the end; returns it and the number of decisions.
fn random_deal(rules: Rules, seed: u64) -> (Deal, usize) {
    let mut deal = fixed_deal(rules, seed);
    let mut rng = Mix(seed ^ 0xDEA1);
    let mut n = 0;
    while deal.to_act().is_some() {
        let a = policy(&deal, &mut rng);
        deal.apply(a).expect("a legal action");
        n += 1;
    }
    (deal, n)
}

/// States in trick play, a few cards into each deal (deals thrown in are skipped).
fn mid_play_states(rules: Rules) -> Vec<Deal> {
    let mut out = Vec::new();
    for seed in 0..DEALS {
        let mut deal = fixed_deal(rules, seed);
        let mut rng = Mix(seed ^ 0xDEA1);
        let target = (seed % 15) as usize;
        while deal.to_act().is_some() && !(deal.phase() == Phase::Play && deal.plays().len() == target) {
            let a = policy(&deal, &mut rng);
            deal.apply(a).expect("a legal action");
        }
        if deal.phase() == Phase::Play {
            out.push(deal);
        }
    }
    out
}

fn engine(c: &mut Criterion) {
    let rules = Rules::default();
    let decisions: usize = (0..DEALS).map(|s| random_deal(rules, s).1).sum();
    assert_eq!(
        decisions, EXPECTED_DECISIONS,
        "decisions over the fixed deals changed"
    );
    let states = mid_play_states(rules);
    let legal: usize = states.iter().map(|d| d.legal_actions().len()).sum();
    assert_eq!(
        legal, EXPECTED_MID_PLAY_LEGAL,
        "legal actions over the mid-play states changed"
    );

    let mut g = c.benchmark_group("engine");
    g.bench_function("legal_actions/mid_play_states", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|d| black_box(d).legal_actions().len())
                .sum::<usize>()
        })
    });
    g.bench_function("clone_apply/mid_play_states", |b| {
        b.iter(|| {
            let mut n = 0;
            for d in &states {
                for &a in d.legal_actions().iter() {
                    let mut next = d.clone();
                    next.apply(a).expect("a legal action");
                    n += usize::from(black_box(&next).plays().len() > d.plays().len());
                }
            }
            n
        })
    });
    g.bench_function("clone_apply_unchecked/mid_play_states", |b| {
        b.iter(|| {
            for d in &states {
                for &a in d.legal_actions().iter() {
                    let mut next = d.clone();
                    next.apply_unchecked(a);
                    black_box(&next);
                }
            }
        })
    });
    g.bench_function("random_deal/fixed_set", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed = (seed + 1) % DEALS;
            random_deal(rules, seed).1
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(20);
    targets = engine
}
criterion_main!(benches);
