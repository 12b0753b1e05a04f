//! `euchre pool`: the reports of several `euchre sim --json` matches between the same two
//! players, on different seeds, summed up as one match: a figure too small to show in one
//! run's boards can be shown in several runs' without playing any of them again.
//!
//! Each run's boards are independent of every other's (different seeds deal different cards),
//! so each pooled mean is the runs' means weighted by their deals (games, for the games won),
//! and its standard error is the square root of the weighted runs' squared errors: the
//! interval is what one run of all the boards would have given, up to the delta method's
//! per-run denominators.

use crate::sim::{est, est_json, verdict};
use anyhow::{Context, Result};
use euchre_ai::duplicate::Estimate;
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// A mean with its 95% interval, as a report gives it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
struct Interval {
    mean: f64,
    low: f64,
    high: f64,
}

impl Interval {
    fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

#[derive(Debug, Deserialize)]
struct Side {
    player: String,
    points_per_deal: Interval,
    game_wins: Option<Interval>,
}

/// The fields of a `euchre sim --json` report that pooling reads.
#[derive(Debug, Deserialize)]
struct Report {
    rules: String,
    /// Absent from reports written before the field was added: no overrides then.
    #[serde(default)]
    set: Vec<String>,
    #[serde(default)]
    time_ms: Option<u64>,
    seed: u64,
    whole_games: bool,
    boards: u64,
    deals: u64,
    games: u64,
    difference_per_deal: Interval,
    sides: [Side; 2],
}

/// Runs' `(weight, interval)` pooled: the weighted mean, and the weighted errors added in
/// quadrature (the runs are independent).
fn pooled(parts: &[(f64, Interval)]) -> Estimate {
    let total: f64 = parts.iter().map(|(w, _)| w).sum();
    if total == 0.0 {
        return Estimate {
            mean: 0.0,
            half_width: f64::INFINITY,
        };
    }
    let mean = parts.iter().map(|(w, i)| w * i.mean).sum::<f64>() / total;
    let squares: f64 = parts.iter().map(|(w, i)| (w * i.half_width()).powi(2)).sum();
    Estimate {
        mean,
        half_width: squares.sqrt() / total,
    }
}

/// The runs pooled.
pub struct Pool {
    rules: String,
    set: Vec<String>,
    whole_games: bool,
    players: [String; 2],
    seeds: Vec<u64>,
    boards: u64,
    deals: u64,
    games: u64,
    difference: Estimate,
    points_per_deal: [Estimate; 2],
    share: f64,
    /// The first side's share of the games (the second's is the rest).
    game_wins: Option<Estimate>,
}

fn read(path: &Path) -> Result<Report> {
    let name = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {name}"))?;
    let report: Report = serde_json::from_str(&text)
        .with_context(|| format!("{name} is not the report of `euchre sim --json`"))?;
    let intervals = [
        ("difference_per_deal", Some(report.difference_per_deal)),
        (
            "first side's points per deal",
            Some(report.sides[0].points_per_deal),
        ),
        (
            "second side's points per deal",
            Some(report.sides[1].points_per_deal),
        ),
        ("game_wins", report.sides[0].game_wins),
    ];
    for (what, i) in intervals {
        if i.is_some_and(|i| !(i.low.is_finite() && i.high.is_finite() && i.low <= i.high)) {
            anyhow::bail!("{name}: its {what} has no finite interval (too few boards to pool)");
        }
    }
    if report.whole_games && report.sides[0].game_wins.is_none() {
        anyhow::bail!("{name}: a match of whole games without `game_wins`");
    }
    Ok(report)
}

/// Reads and pools the reports, refusing any that are not the same match on other boards.
///
/// # Errors
/// A file that cannot be read or is not a `euchre sim --json` report, reports of different
/// players, rules, overrides, time limits or modes, or two reports of the same seed (the same
/// boards counted twice); each error names the file.
pub fn pool(paths: &[PathBuf]) -> Result<Pool> {
    let mut reports = Vec::with_capacity(paths.len());
    for path in paths {
        reports.push((path, read(path)?));
    }
    let Some((first_path, first)) = reports.first() else {
        anyhow::bail!("no reports to pool");
    };
    let players = |r: &Report| [r.sides[0].player.clone(), r.sides[1].player.clone()];
    for (path, r) in &reports[1..] {
        let differ = |what: &str, theirs: String, mine: String| {
            anyhow::anyhow!(
                "{} has {what} {theirs}, {} has {mine}: only runs of the same match pool",
                path.display(),
                first_path.display()
            )
        };
        if players(r) != players(first) {
            return Err(differ(
                "players",
                players(r).join(" against "),
                players(first).join(" against "),
            ));
        }
        if r.rules != first.rules || r.set != first.set {
            let rules = |r: &Report| format!("`{}` {}", r.rules, r.set.join(","));
            return Err(differ("rules", rules(r), rules(first)));
        }
        if r.time_ms != first.time_ms {
            let limit = |r: &Report| r.time_ms.map_or("none".into(), |t| format!("{t} ms"));
            return Err(differ("the time limit", limit(r), limit(first)));
        }
        if r.whole_games != first.whole_games {
            let mode = |r: &Report| {
                if r.whole_games {
                    "whole games"
                } else {
                    "single deals"
                }
            };
            return Err(differ("mode", mode(r).into(), mode(first).into()));
        }
    }
    for (i, (path, r)) in reports.iter().enumerate() {
        if let Some((other, _)) = reports[..i].iter().find(|(_, o)| o.seed == r.seed) {
            anyhow::bail!(
                "{} and {} are both seed {}: the same boards would count twice",
                other.display(),
                path.display(),
                r.seed
            );
        }
    }
    let by_deals = |f: &dyn Fn(&Report) -> Interval| {
        let parts: Vec<(f64, Interval)> = reports.iter().map(|(_, r)| (r.deals as f64, f(r))).collect();
        pooled(&parts)
    };
    let points_per_deal = [
        by_deals(&|r| r.sides[0].points_per_deal),
        by_deals(&|r| r.sides[1].points_per_deal),
    ];
    let total = points_per_deal[0].mean + points_per_deal[1].mean;
    let game_wins = first.whole_games.then(|| {
        let parts: Vec<(f64, Interval)> = reports
            .iter()
            .filter_map(|(_, r)| Some((r.games as f64, r.sides[0].game_wins?)))
            .collect();
        pooled(&parts)
    });
    Ok(Pool {
        rules: first.rules.clone(),
        set: first.set.clone(),
        whole_games: first.whole_games,
        players: players(first),
        seeds: reports.iter().map(|(_, r)| r.seed).collect(),
        boards: reports.iter().map(|(_, r)| r.boards).sum(),
        deals: reports.iter().map(|(_, r)| r.deals).sum(),
        games: reports.iter().map(|(_, r)| r.games).sum(),
        difference: by_deals(&|r| r.difference_per_deal),
        points_per_deal,
        share: if total > 0.0 {
            points_per_deal[0].mean / total
        } else {
            0.5
        },
        game_wins,
    })
}

/// The pooled figures for people.
pub fn human(p: &Pool) -> String {
    let [a, b] = &p.players;
    let seeds: Vec<String> = p.seeds.iter().map(u64::to_string).collect();
    let rules = if p.set.is_empty() {
        p.rules.clone()
    } else {
        format!("{} with {}", p.rules, p.set.join(", "))
    };
    let mode = if p.whole_games {
        format!("{} games ({} deals)", p.games, p.deals)
    } else {
        format!("{} deals", p.deals)
    };
    let runs = match p.seeds.len() {
        1 => "1 run".to_string(),
        n => format!("{n} runs pooled"),
    };
    let seeds = match &seeds[..] {
        [one] => format!("seed {one}"),
        _ => format!("seeds {}", seeds.join(", ")),
    };
    let mut out = format!("{runs}, {rules}: {seeds}; {} boards, {mode}\n\n", p.boards);
    let row = |label: &str, x: String, y: String| format!("{label:<25} {x:>20} {y:>20}\n");
    out += &row("", a.clone(), b.clone());
    out += &row(
        "points per deal (95% CI)",
        est(&p.points_per_deal[0]),
        est(&p.points_per_deal[1]),
    );
    out += &row(
        "share of all points",
        format!("{:.1}%", 100.0 * p.share),
        format!("{:.1}%", 100.0 * (1.0 - p.share)),
    );
    if let Some(g) = &p.game_wins {
        let pct = |m: f64| format!("{:.1}% ± {:.2}", 100.0 * m, 100.0 * g.half_width);
        out += &row("games won (95% CI)", pct(g.mean), pct(1.0 - g.mean));
    }
    let d = &p.difference;
    out += &format!(
        "\n{a} − {b}: {:+.3} points per deal, 95% CI [{:+.3}, {:+.3}]: {}",
        d.mean,
        d.low(),
        d.high(),
        verdict(d, 0.0, [a, b], "is stronger")
    );
    if let Some(g) = &p.game_wins {
        out += &format!(
            "\n{a}'s games won: {:.2}%, 95% CI [{:.2}, {:.2}]: {}",
            100.0 * g.mean,
            100.0 * g.low(),
            100.0 * g.high(),
            verdict(g, 0.5, [a, b], "wins more games")
        );
    }
    out
}

/// The pooled figures for programs, in the shape of a `euchre sim --json` report where they
/// are the same figures.
pub fn to_json(p: &Pool) -> Value {
    let side = |i: usize| {
        let mut v = json!({
            "player": p.players[i],
            "points_per_deal": est_json(&p.points_per_deal[i]),
            "share_of_points": if i == 0 { p.share } else { 1.0 - p.share },
        });
        if let Some(g) = &p.game_wins {
            let mine = if i == 0 {
                *g
            } else {
                Estimate {
                    mean: 1.0 - g.mean,
                    half_width: g.half_width,
                }
            };
            v["game_wins"] = est_json(&mine);
        }
        v
    };
    json!({
        "rules": p.rules,
        "set": p.set,
        "seeds": p.seeds,
        "whole_games": p.whole_games,
        "boards": p.boards,
        "deals": p.deals,
        "games": p.games,
        "difference_per_deal": est_json(&p.difference),
        "sides": [side(0), side(1)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(mean: f64, half: f64) -> Interval {
        Interval {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    #[test]
    fn equal_runs_pool_to_their_mean_with_the_interval_narrowed_by_root_n() {
        let p = pooled(&[(100.0, interval(0.1, 0.2)); 4]);
        assert!((p.mean - 0.1).abs() < 1e-12);
        assert!((p.half_width - 0.1).abs() < 1e-12, "{}", p.half_width);
    }

    #[test]
    fn a_bigger_run_weighs_more() {
        let p = pooled(&[(300.0, interval(1.0, 0.1)), (100.0, interval(0.0, 0.1))]);
        assert!((p.mean - 0.75).abs() < 1e-12);
        // sqrt(30² + 10²) / 400
        assert!((p.half_width - 1000f64.sqrt() / 400.0).abs() < 1e-12);
    }
}
