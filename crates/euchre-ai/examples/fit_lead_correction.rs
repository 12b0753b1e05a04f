//! Does the search misjudge some kind of lead against real play? Reads the rows of
//! `examples/counterfactual_leads.rs` and fits, over every lead decision, each card's real
//! points (less its decision's mean) to the search's expected points (less theirs) and an offset
//! per kind of lead: the top trump out, another trump, an off-suit ace, another card; by the
//! makers or the defenders; at the opening lead or later. Then it asks what choosing by the
//! corrected values would have gained, by two-fold cross-validation over the deals (fitted on
//! one half, the corrected choice at each decision of the other set against the choice made,
//! by the points each really brought).
//!
//! `cargo run --release -p euchre-ai --example fit_lead_correction -- FILE.csv...`

#[path = "shared/fit.rs"]
mod fit;

use std::collections::BTreeMap;

const TOPS: [&str; 4] = [
    "the top trump out",
    "another trump",
    "an off-suit ace",
    "another card",
];
const KINDS: usize = 16;
/// The slope and one offset per kind.
const N: usize = KINDS + 1;
/// How hard the offsets are pulled toward 0, in rows' worth.
const RIDGE: f64 = 10.0;

/// One card led at one decision.
struct Lead {
    kind: usize,
    chosen: bool,
    expected: f64,
    real: f64,
}

struct Decision {
    seed: u64,
    leads: Vec<Lead>,
}

fn kind_name(k: usize) -> String {
    let side = if (k / 2).is_multiple_of(2) {
        "defenders"
    } else {
        "makers"
    };
    let when = if k.is_multiple_of(2) {
        "opening lead"
    } else {
        "later"
    };
    format!("{}, {side}, {when}", TOPS[k / 4])
}

fn read(path: &str) -> Result<Vec<Decision>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().ok_or(format!("{path}: empty"))?.split(',').collect();
    let col = |name: &str| {
        head.iter()
            .position(|h| *h == name)
            .ok_or(format!("{path}: no column {name}"))
    };
    let (seed_c, dec_c, trick_c, makers_c) = (col("seed")?, col("decision")?, col("trick")?, col("makers")?);
    let (chosen_c, exp_c, real_c) = (col("chosen")?, col("expected")?, col("real")?);
    let (trump_c, top_c, ace_c) = (
        col("trump")?,
        col("trump; above every trump out")?,
        col("off-suit ace")?,
    );
    let mut decisions: BTreeMap<(u64, u64), Decision> = BTreeMap::new();
    for (n, line) in lines.enumerate() {
        let bad = || format!("{path}:{}: not a counterfactual_leads row: {line}", n + 2);
        let f: Vec<&str> = line.split(',').collect();
        if f.len() != head.len() {
            return Err(bad());
        }
        let num = |i: usize| f[i].parse::<f64>().map_err(|_| bad());
        let int = |i: usize| f[i].parse::<u64>().map_err(|_| bad());
        let top = if num(trump_c)? > 0.0 {
            if num(top_c)? > 0.0 {
                0
            } else {
                1
            }
        } else if num(ace_c)? > 0.0 {
            2
        } else {
            3
        };
        let kind = top * 4 + 2 * usize::from(int(makers_c)? == 1) + usize::from(int(trick_c)? > 1);
        let seed = int(seed_c)?;
        decisions
            .entry((seed, int(dec_c)?))
            .or_insert(Decision {
                seed,
                leads: Vec::new(),
            })
            .leads
            .push(Lead {
                kind,
                chosen: int(chosen_c)? == 1,
                expected: num(exp_c)?,
                real: num(real_c)?,
            });
    }
    Ok(decisions.into_values().collect())
}

/// A decision's rows, each less the decision's mean: the search's points, then the kind's
/// indicators; and the real points less theirs.
fn centred(d: &Decision) -> Vec<([f64; N], f64)> {
    let n = d.leads.len() as f64;
    let mut mean = [0.0; N];
    let mut real = 0.0;
    let rows: Vec<([f64; N], f64)> = d
        .leads
        .iter()
        .map(|l| {
            let mut x = [0.0; N];
            x[0] = l.expected;
            x[1 + l.kind] = 1.0;
            (x, l.real)
        })
        .collect();
    for (x, y) in &rows {
        mean.iter_mut().zip(x).for_each(|(m, v)| *m += v / n);
        real += y / n;
    }
    rows.into_iter()
        .map(|(mut x, y)| {
            x.iter_mut().zip(&mean).for_each(|(v, m)| *v -= m);
            (x, y - real)
        })
        .collect()
}

/// The slope and the offsets, and the rows of each kind.
fn fit_offsets<'a>(decisions: impl Iterator<Item = &'a Decision>) -> ([f64; N], [usize; KINDS]) {
    let mut xtx = [[0.0; N]; N];
    let mut xty = [0.0; N];
    let mut counts = [0; KINDS];
    for d in decisions {
        d.leads.iter().for_each(|l| counts[l.kind] += 1);
        for (x, y) in centred(d) {
            for i in 0..N {
                for j in 0..N {
                    xtx[i][j] += x[i] * x[j];
                }
                xty[i] += x[i] * y;
            }
        }
    }
    for (i, row) in xtx.iter_mut().enumerate().skip(1) {
        row[i] += RIDGE;
    }
    let mut unfitted = [0.0; N];
    unfitted[0] = 1.0;
    (fit::solve(xtx, xty).unwrap_or(unfitted), counts)
}

/// What choosing by the corrected values gains, deal by deal.
fn gains<'a>(decisions: impl Iterator<Item = &'a Decision>, w: &[f64; N]) -> fit::Gains {
    let mut gains = fit::Gains::default();
    for d in decisions {
        let Some(made) = d.leads.iter().find(|l| l.chosen) else {
            continue;
        };
        // The offsets in the search's units (the slope only scales a decision's values).
        let score = |l: &Lead| l.expected + w[1 + l.kind] / w[0].max(1e-9);
        gains.add(d.seed, &d.leads, made, made, score, |l| l.real);
    }
    gains
}

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: fit_lead_correction FILE.csv... (rows of examples/counterfactual_leads.rs)");
        std::process::exit(2);
    }
    let decisions = fit::read_all(&paths, read);
    // Halves by `seed / 4`, so each holds deals of every dealer (the seed's last two bits
    // place the dealer, and with it which side leads first).
    let cv = fit::cross_validate(
        &decisions,
        |d| d.seed,
        |seed| (seed / 4) % 2 == 0,
        |half| fit_offsets(half.iter().copied()).0,
        |half, w| gains(half.iter().copied(), w),
    );
    let (w, counts) = fit_offsets(decisions.iter());
    println!(
        "{} lead decisions in {} deals; real points on the search's, within a decision: slope {:.3}",
        decisions.len(),
        cv.deals,
        w[0]
    );
    for k in 0..KINDS {
        println!("  {:+.3}  {} ({} cards)", w[1 + k], kind_name(k), counts[k]);
    }
    println!(
        "choosing by the corrected values, cross-validated: {:+.4} points a deal (95% CI ±{:.4}), {} of {} choices changed",
        cv.mean,
        cv.half_width,
        cv.changed,
        decisions.len()
    );
}
