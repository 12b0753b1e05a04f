//! `euchre pool`: the reports of several `euchre sim --json` matches between the same two
//! players, on different seeds, summed up as one match ([`euchre_ai::pooling`] says how).

use crate::bounded_read::{read_text, MAX_REPORT_BYTES};
use crate::sim::{est, est_json, outcome_rows, verdict, Outcomes};
use anyhow::Result;
use euchre_ai::duplicate::Estimate;
use euchre_ai::pooling::{self, Pool, Report};
use serde_json::{json, Value};
use std::path::PathBuf;

/// Reads the reports and pools them ([`euchre_ai::pooling`]).
///
/// # Errors
/// A file that cannot be read or is not a `euchre sim --json` report, or reports that do not
/// pool; each error names the file.
pub fn pool(paths: &[PathBuf]) -> Result<Pool> {
    let mut reports = Vec::with_capacity(paths.len());
    for path in paths {
        let name = path.display().to_string();
        let text = read_text(path, MAX_REPORT_BYTES).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let report = Report::parse(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        reports.push((name, report));
    }
    pooling::pool(&reports).map_err(anyhow::Error::msg)
}

/// The pooled figures for people.
pub fn human(p: &Pool) -> String {
    let [a, b] = &p.players;
    let seeds: Vec<String> = p.seeds.iter().map(u64::to_string).collect();
    let rules = crate::sim::rules_title(&p.rules, &p.set);
    let mode = if p.whole_games {
        format!(
            "{} ({})",
            crate::counted(p.games, "game"),
            crate::counted(p.deals, "deal")
        )
    } else {
        crate::counted(p.deals, "deal")
    };
    let runs = match p.seeds.len() {
        1 => "1 run".to_string(),
        n => format!("{n} runs pooled"),
    };
    let seeds = match &seeds[..] {
        [one] => format!("seed {one}"),
        _ => format!("seeds {}", seeds.join(", ")),
    };
    // The time limit is named as `euchre sim`'s title names it: a pooled report of runs at 50 ms
    // is not one of unlimited runs (research tester s54, 3).
    let mut out = format!(
        "{runs}, {rules}: {seeds}; {}, {mode}{}\n",
        crate::counted(p.boards, "board"),
        crate::sim::time_limit_title(p.time_ms)
    );
    out += &crate::sim::cut_off_line(p.games_cut_off, p.games, &[]);
    out += &programs(&p.commits);
    out += "\n";
    let row = |label: &str, x: String, y: String| format!("{label:<25} {x:>20} {y:>20}\n");
    out += &row("", a.clone(), b.clone());
    out += &row(
        "points per deal (95% CI)",
        est(&p.points_per_deal[0]),
        est(&p.points_per_deal[1]),
    );
    out += &row(
        "share of all points",
        crate::sim::share_text(p.share),
        crate::sim::share_text(p.share.map(|x| 1.0 - x)),
    );
    if let Some(g) = &p.game_wins {
        let theirs = Estimate {
            mean: 1.0 - g.mean,
            half_width: g.half_width,
        };
        out += &row(
            "games won (95% CI)",
            crate::sim::games_won_cell(g, p.games - p.games_cut_off, 2),
            crate::sim::games_won_cell(&theirs, p.games - p.games_cut_off, 2),
        );
    }
    if let Some(c) = &p.counts {
        // The sides' counts add up across runs; their decision times do not, and are left out.
        let partnership = matches!(
            euchre::table::AnyRules::preset(&p.rules),
            Ok(euchre::table::AnyRules::Partnership(_))
        );
        let outcomes = |x: &pooling::SideCounts| Outcomes {
            made: x.made,
            euchred: x.euchred,
            marched: x.marched,
            alone: x.alone,
            alone_made: x.alone_made,
        };
        out += &outcome_rows(
            p.deals,
            partnership,
            [&c[0], &c[1]].map(outcomes),
            &|label, [x, y]| row(label, x, y),
        );
        out += &row(
            "decisions, bidding",
            c[0].bidding_decisions.to_string(),
            c[1].bidding_decisions.to_string(),
        );
        out += &row(
            "decisions, play",
            c[0].play_decisions.to_string(),
            c[1].play_decisions.to_string(),
        );
    }
    let d = &p.difference;
    out += &format!(
        "\n{a} − {b}: {:+.3} points per deal, 95% CI [{:+.3}, {:+.3}]: {}",
        d.mean,
        d.low(),
        d.high(),
        verdict(d, 0.0, [a, b], "scores more points")
    );
    if let Some(g) = &p.game_wins {
        out += &crate::sim::games_won_line([a, b], g, p.games - p.games_cut_off);
    }
    out
}

/// Which programs measured the runs: a line saying so, with a warning where they differ.
fn programs(commits: &[Option<String>]) -> String {
    let name = |c: &Option<String>| c.clone().unwrap_or_else(|| "one not recorded".into());
    // A build outside git, or of a changed tree, may be any program: two runs of it are not
    // known to be one.
    let unsure = |c: &Option<String>| {
        c.as_deref()
            .is_some_and(|c| c == "unknown" || c.ends_with("-modified"))
    };
    match commits {
        [Some(one)] if unsure(&commits[0]) => format!(
            "measured by {one}: a build outside git or of a changed tree, so the runs are one program only if nothing changed between them\n"
        ),
        [Some(one)] => format!("measured by commit {one}\n"),
        // Reports written before the commit was kept.
        [None] => "measured by a program the reports do not name\n".into(),
        many => format!(
            "measured by commits {}: not one program. The runs pool as one match only if \
             neither player changed between them\n",
            many.iter().map(name).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The pooled figures for programs, in the shape of a `euchre sim --json` report where they
/// are the same figures: the sides' counts summed (where every report gives them), of their
/// decision times only the count.
pub fn to_json(p: &Pool) -> Value {
    let side = |i: usize| {
        let mut v = json!({
            "player": p.players[i],
            "points_per_deal": est_json(&p.points_per_deal[i]),
            "share_of_points": if i == 0 { p.share } else { p.share.map(|x| 1.0 - x) },
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
            v["game_wins"] = crate::sim::share_json(&mine);
        }
        if let Some(c) = &p.counts {
            let c = &c[i];
            for (name, n) in &c.named()[..5] {
                v[*name] = json!(n);
            }
            v["decision_bidding"] = json!({"decisions": c.bidding_decisions});
            v["decision_play"] = json!({"decisions": c.play_decisions});
        }
        v
    };
    let mut v = json!({
        "rules": p.rules,
        "set": p.set,
        "time_ms": p.time_ms,
        "seeds": p.seeds,
        "commits": p.commits,
        "whole_games": p.whole_games,
        "boards": p.boards,
        "deals": p.deals,
        "games": p.games,
        "difference_per_deal": est_json(&p.difference),
        "sides": [side(0), side(1)],
    });
    if p.games_cut_off > 0 {
        v["games_cut_off"] = json!(p.games_cut_off);
    }
    v
}
