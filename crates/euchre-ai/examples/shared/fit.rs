//! What the examples that fit a correction to counterfactual rows share: reading the files, a
//! small linear solve, and two-fold cross-validation over the deals.

use std::collections::{BTreeMap, BTreeSet};

/// The rows of every file by `read`, in order; exits with the first file's error.
pub fn read_all<T>(paths: &[String], read: impl Fn(&str) -> Result<Vec<T>, String>) -> Vec<T> {
    let mut rows = Vec::new();
    for p in paths {
        match read(p) {
            Ok(r) => rows.extend(r),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
    rows
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (`None` if `a` is singular).
pub fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> Option<[f64; N]> {
    for col in 0..N {
        let pivot = (col..N).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..N {
            let f = a[row][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let rest: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    Some(x)
}

/// Per deal (by seed), the points the choices by a model really brought less the choices
/// made's, and the decisions whose choice it changed: what [`cross_validate`]'s `gains` gives.
#[derive(Default)]
pub struct Gains {
    pub per_deal: BTreeMap<u64, f64>,
    pub changed: usize,
}

impl Gains {
    /// One decision of deal `seed`: the model takes, among `options`, the first with the
    /// highest `score` (starting from `start`) instead of `made`, which brings `real` of it.
    pub fn add<T>(
        &mut self,
        seed: u64,
        options: &[T],
        start: &T,
        made: &T,
        score: impl Fn(&T) -> f64,
        real: impl Fn(&T) -> f64,
    ) {
        let best = options.iter().fold(
            start,
            |best, o| {
                if score(o) > score(best) + 1e-12 {
                    o
                } else {
                    best
                }
            },
        );
        if !std::ptr::eq(best, made) {
            self.changed += 1;
        }
        *self.per_deal.entry(seed).or_insert(0.0) += real(best) - real(made);
    }
}

/// What choosing by a fitted model gained on the deals it was not fitted to.
pub struct CrossValidated {
    /// Points a deal, over every deal (those where no choice changed count 0).
    pub mean: f64,
    /// The half-width of its 95% interval.
    pub half_width: f64,
    /// Decisions whose choice changed.
    pub changed: usize,
    /// The deals the decisions came from.
    pub deals: usize,
}

/// Two-fold cross-validation over the deals: the decisions are split by `first_half` of their
/// deal's seed, a model fitted (`fit`) on each half is tried (`gains`) on the other.
pub fn cross_validate<D, M>(
    decisions: &[D],
    seed: impl Fn(&D) -> u64,
    first_half: impl Fn(u64) -> bool,
    fit: impl Fn(&[&D]) -> M,
    gains: impl Fn(&[&D], &M) -> Gains,
) -> CrossValidated {
    let deals: BTreeSet<u64> = decisions.iter().map(&seed).collect();
    let half = |first: bool| -> Vec<&D> {
        decisions
            .iter()
            .filter(|d| first_half(seed(d)) == first)
            .collect()
    };
    let mut all = BTreeMap::new();
    let mut changed = 0;
    for (fit_on, test_on) in [(half(true), half(false)), (half(false), half(true))] {
        let g = gains(&test_on, &fit(&fit_on));
        all.extend(g.per_deal);
        changed += g.changed;
    }
    let n = deals.len() as f64;
    let values: Vec<f64> = deals.iter().map(|s| all.get(s).copied().unwrap_or(0.0)).collect();
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    CrossValidated {
        mean,
        half_width: 1.96 * (var / n).sqrt(),
        changed,
        deals: deals.len(),
    }
}
