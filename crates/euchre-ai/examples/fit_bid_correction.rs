//! Fits [`euchre_ai::bid_correction::BidCorrection`] to the rows of `examples/counterfactual.rs`
//! and prints it as Rust, with what it would have gained on the deals it was not fitted to.
//!
//! `cargo run --release -p euchre-ai --example fit_bid_correction -- FILE.csv...`
//!
//! Per kind of bid, a ridge regression (pulled toward "the search is right": level 0, slope 1,
//! nothing per trick) of each bid's real difference from passing on the search's difference and
//! `basic`'s estimate. The gain is measured by two-fold cross-validation over the deals: fitted
//! on the odd deals, the corrected choice at each decision of the even ones is set against the
//! choice made, by the points each really brought, and the other way about. It is the gain of
//! changing one decision with the rest of the deal played by the counterfactual's player.

#[path = "shared/fit.rs"]
mod fit;

use euchre_ai::bid_correction::{kind_of, BidCorrection, KINDS};
use std::collections::BTreeMap;

/// How hard the fit is pulled toward the uncorrected search, in rows' worth.
const RIDGE: f64 = 100.0;

/// One bid at one decision.
struct Bid {
    /// Its kind, `None` for passing.
    kind: Option<usize>,
    chosen: bool,
    estimate: f64,
    expected: f64,
    real: f64,
}

/// A decision's bids, passing among them, and its deal's seed.
struct Decision {
    seed: u64,
    bids: Vec<Bid>,
}

impl Decision {
    fn pass(&self) -> Option<&Bid> {
        self.bids.iter().find(|b| b.kind.is_none())
    }
}

fn read(path: &str) -> Result<Vec<Decision>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut decisions: BTreeMap<(u64, u64), Decision> = BTreeMap::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let bad = || format!("{path}:{}: not a counterfactual row: {line}", n + 1);
        let f: Vec<&str> = line.split(',').collect();
        let [seed, decision, place, round, bid, alone, chosen, estimate, expected, real] = f[..] else {
            return Err(bad());
        };
        let num = |s: &str| s.parse::<f64>().map_err(|_| bad());
        let int = |s: &str| s.parse::<u64>().map_err(|_| bad());
        let (seed, decision) = (int(seed)?, int(decision)?);
        let kind = if bid == "pass" {
            None
        } else {
            let (place, round) = (int(place)? as usize, int(round)? as usize);
            Some(kind_of(round, place, alone == "1").ok_or_else(bad)?)
        };
        decisions
            .entry((seed, decision))
            .or_insert(Decision {
                seed,
                bids: Vec::new(),
            })
            .bids
            .push(Bid {
                kind,
                chosen: chosen == "1",
                estimate: num(estimate)?,
                expected: num(expected)?,
                real: num(real)?,
            });
    }
    Ok(decisions.into_values().collect())
}

fn fit_lines<'a>(decisions: impl Iterator<Item = &'a Decision>) -> (BidCorrection, [usize; KINDS]) {
    let prior = [0.0, 1.0, 0.0];
    let mut xtx = [[[0.0; 3]; 3]; KINDS];
    let mut xty = [[0.0; 3]; KINDS];
    let mut counts = [0; KINDS];
    for d in decisions {
        let Some(pass) = d.pass() else { continue };
        for b in &d.bids {
            let Some(k) = b.kind else { continue };
            let x = [1.0, b.expected - pass.expected, b.estimate];
            let y = b.real - pass.real;
            for i in 0..3 {
                for j in 0..3 {
                    xtx[k][i][j] += x[i] * x[j];
                }
                xty[k][i] += x[i] * y;
            }
            counts[k] += 1;
        }
    }
    let mut lines = [prior; KINDS];
    for k in 0..KINDS {
        let mut a = xtx[k];
        let mut b = xty[k];
        for i in 0..3 {
            a[i][i] += RIDGE;
            b[i] += RIDGE * prior[i];
        }
        if let Some(x) = fit::solve(a, b) {
            lines[k] = x;
        }
    }
    (BidCorrection { lines }, counts)
}

/// What choosing by the corrected values gains, deal by deal.
fn gains<'a>(decisions: impl Iterator<Item = &'a Decision>, c: &BidCorrection) -> fit::Gains {
    let mut gains = fit::Gains::default();
    for d in decisions {
        let (Some(pass), Some(made)) = (d.pass(), d.bids.iter().find(|b| b.chosen)) else {
            continue;
        };
        let score = |b: &Bid| match b.kind {
            None => 0.0,
            Some(k) => c.predict(k, b.expected - pass.expected, b.estimate),
        };
        gains.add(d.seed, &d.bids, pass, made, score, |b| b.real);
    }
    gains
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: fit_bid_correction FILE.csv... (rows of examples/counterfactual.rs)");
        std::process::exit(2);
    }
    let decisions = fit::read_all(&paths, read);
    let cv = fit::cross_validate(
        &decisions,
        |d| d.seed,
        |seed| seed % 2 == 0,
        |half| fit_lines(half.iter().copied()).0,
        |half, c| gains(half.iter().copied(), c),
    );
    let (c, counts) = fit_lines(decisions.iter());
    println!(
        "// {} decisions in {} deals; cross-validated gain {:+.4} points a deal (95% CI ±{:.4}), \
         {} choices changed",
        decisions.len(),
        cv.deals,
        cv.mean,
        cv.half_width,
        cv.changed
    );
    println!("pub const FITTED: BidCorrection = BidCorrection {{");
    println!("    lines: [");
    for (k, [level, slope, per_trick]) in c.lines.iter().enumerate() {
        let (round, place, alone) = if k < 8 {
            (1, format!("place {}", k / 2 + 1), k % 2 == 1)
        } else if k < 12 {
            (2, format!("place {}", (k - 8) / 2 + 1), k % 2 == 1)
        } else {
            (2, "places 3-4".to_string(), k % 2 == 1)
        };
        let with = if alone { "alone" } else { "partner" };
        println!(
            "        [{level:.3}, {slope:.3}, {per_trick:.3}], // round {round}, {place}, {with}: {} bids",
            counts[k]
        );
    }
    println!("    ],");
    println!("}};");
}
