//! `euchre winprob`: the chance of winning a game from each score, from deal outcomes measured
//! by self-play (kept in the repository as `crates/euchre-ai/data/deal_outcomes.json`).

use anyhow::{Context, Result};
use euchre::Rules;
use euchre_ai::win_prob::{DealOutcomes, WinTable};
use rayon::prelude::*;
use std::path::Path;

/// Measures `deals` deals with `player` in every seat on every core (or reads the outcomes
/// kept in the repository when `deals` is 0), optionally saves them to `save`, and prints the
/// table for `target`.
pub fn run(player: &str, deals: u64, seed: u64, target: i32, save: Option<&Path>, json: bool) -> Result<i32> {
    let outcomes = if deals == 0 {
        DealOutcomes::partnership()
    } else {
        euchre_ai::player(player)?;
        let rules = Rules::preset("north-american")?;
        // Chunks of 100 deals, each from its own seed, merged in order: the same for any
        // number of threads.
        let chunks: Vec<u64> = (0..deals.div_ceil(100)).collect();
        let parts: Vec<DealOutcomes> = chunks
            .par_iter()
            .map(|&c| {
                let n = (deals - c * 100).min(100);
                let mut p = euchre_ai::player(player).expect("checked above");
                DealOutcomes::measure(rules, p.as_mut(), n, euchre_ai::mix_seed(seed, c))
            })
            .collect();
        let mut all = DealOutcomes {
            player: player.to_string(),
            ..DealOutcomes::default()
        };
        for part in parts {
            for c in part.counts {
                for _ in 0..c[2] {
                    all.add(c[0] as u8, c[1] as u8);
                }
            }
        }
        all
    };
    if let Some(path) = save {
        let text = serde_json::to_string_pretty(&outcomes)? + "\n";
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    let table = WinTable::solve(&outcomes, target);
    if json {
        let rows = |we_deal: bool| -> Vec<Vec<f64>> {
            (0..target)
                .map(|a| (0..target).map(|b| table.win(a, b, we_deal)).collect())
                .collect()
        };
        let doc = serde_json::json!({
            "outcomes": outcomes,
            "target": target,
            "win_when_we_deal_next": rows(true),
            "win_when_they_deal_next": rows(false),
        });
        crate::emit(&doc.to_string());
        return Ok(0);
    }
    crate::emit(&format!(
        "deal outcomes: {} by {} (points to the dealer's side : the other side)",
        crate::counted(outcomes.deals, "deal"),
        outcomes.player
    ));
    for c in &outcomes.counts {
        // Each row with its count: a rare outcome (one thrown-in deal in 4,000) read "0.0%",
        // as if it never happened.
        let thrown_in = if c[0] == 0 && c[1] == 0 { ", thrown in" } else { "" };
        crate::emit(&format!(
            "  {}:{}  {:5.1}%  ({}{thrown_in})",
            c[0],
            c[1],
            100.0 * c[2] as f64 / outcomes.deals.max(1) as f64,
            crate::counted(c[2], "deal")
        ));
    }
    for we_deal in [true, false] {
        crate::emit(&format!(
            "\nour chance of winning a game to {target}, {} deal next (rows: our score, columns: theirs)",
            if we_deal { "we" } else { "they" }
        ));
        let mut head = String::from("     ");
        for b in 0..target {
            head.push_str(&format!("{b:>5}"));
        }
        crate::emit(&head);
        for a in 0..target {
            let mut line = format!("{a:>3}  ");
            for b in 0..target {
                line.push_str(&format!("{:>5.0}", 100.0 * table.win(a, b, we_deal)));
            }
            crate::emit(&line);
        }
    }
    Ok(0)
}
