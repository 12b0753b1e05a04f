//! `euchre egn show`: a readable replay.

use anyhow::Result;
use euchre::{Action, Card, Seat};
use euchre_egn::{egn_card, egn_from_value, replay, replay_emn, DealEntry, EgnFile};
use std::fmt::Write;

/// The replay of an EGN game, or of every game of an EMN match, as text.
pub fn show(text: &str) -> Result<String> {
    // Read once, as EGN's reader reads it: bounded before it is parsed, a byte-order mark
    // skipped, a key given twice refused.
    let v = euchre_egn::document_json(text)?;
    if v.get("fileType").and_then(|t| t.as_str()) != Some("Euchre Match Notation") {
        let mut out = String::new();
        show_game(&mut out, &egn_from_value(v)?, 1, None)?;
        return Ok(out);
    }
    // The whole match is checked first, so a match that does not replay shows nothing.
    let m = replay_emn(&v)?;
    let mut out = format!("Euchre Match Notation: {} games\n", m.games.len());
    let mut first = 1;
    for (i, g) in v["games"].as_array().into_iter().flatten().enumerate() {
        writeln!(out, "\n=== Game {} ===", i + 1)?;
        let file = egn_from_value(g["gameData"].clone())?;
        first += show_game(&mut out, &file, first, Some(i + 1))?;
    }
    let wins: Vec<String> = m
        .players
        .iter()
        .map(|p| format!("{p} {}", m.wins.get(p).copied().unwrap_or(0)))
        .collect();
    writeln!(out, "\nMatch: games won by player: {}", wins.join(", "))?;
    Ok(out)
}

/// One game's replay, its deals numbered from `first` (on through a match, as `analyze` and
/// `solve --deal` count them; in a match, `game`, each deal's number in its game beside it, as
/// `egn check`'s messages name it); the number of deals shown.
fn show_game(out: &mut String, file: &EgnFile, first: usize, game: Option<usize>) -> Result<usize> {
    let r = replay(file)?;
    let names: Vec<String> = (0..4)
        .map(|i| {
            file.metadata
                .players
                .get(i)
                .map(|p| p.name().to_string())
                .unwrap_or_else(|| format!("Seat {i}"))
        })
        .collect();
    let title = file.metadata.title.clone().unwrap_or_else(|| "EGN game".into());
    writeln!(out, "{title}")?;
    for (i, n) in names.iter().enumerate() {
        writeln!(out, "  seat {i} (team {}): {n}", i % 2)?;
    }
    let mut score = r.initial_score;
    writeln!(out, "  starting score {}-{}", score[0], score[1])?;
    // Deals and tricks count from 1, as `analyze` and `solve --deal` count them; the file's own
    // `dealNumber` (from 0 in EGN, and what `egn check`'s messages name) is shown beside it.
    for (i, rd) in r.deals.iter().enumerate() {
        let d = &rd.deal;
        let in_game = game.map(|g| format!("game {g}, deal {}", i + 1));
        let number = match (in_game, file.deals.get(i)) {
            (Some(g), Some(DealEntry::Full(e))) => format!(" ({g}; dealNumber {})", e.deal_number),
            (Some(g), _) => format!(" ({g})"),
            (None, Some(DealEntry::Full(e))) => format!(" (dealNumber {})", e.deal_number),
            (None, _) => String::new(),
        };
        writeln!(
            out,
            "\nDeal {}{number}: dealer seat {} ({}), upcard {}",
            first + i,
            d.dealer(),
            names[d.dealer().index()],
            egn_card(d.upcard())
        )?;
        let label = if rd.hands_recorded {
            "hands"
        } else {
            "hands (rebuilt from the play)"
        };
        writeln!(out, "  {label}:")?;
        // Cards the record never shows are printed as "??": the replay placed them only so the
        // play could be checked.
        let shown = |c: Card| {
            if rd.guessed.contains(c) {
                "??".to_string()
            } else {
                egn_card(c)
            }
        };
        for s in Seat::ALL {
            let h: Vec<String> = d.dealt_hands()[s.index()].iter().map(shown).collect();
            writeln!(out, "    seat {s}: {}", h.join(" "))?;
        }
        let mut bids = Vec::new();
        for &(s, a) in d.auction() {
            // Cards the record leaves out (a discard, an exchange, a farmer's swap) stay "??".
            match a {
                Action::Discard(c) => bids.push(format!("{s}:discard {}", shown(c))),
                Action::Exchange(c) => bids.push(format!("{s}:exchange {}", shown(c))),
                Action::Give(c) => bids.push(format!("{s}:give {}", shown(c))),
                Action::Swap(cs) => {
                    let cs: Vec<String> = cs.iter().map(|&c| shown(c)).collect();
                    bids.push(format!("{s}:swap {}", cs.join(" ")));
                }
                _ => bids.push(format!("{s}:{a}")),
            }
        }
        writeln!(out, "  bidding: {}", bids.join(", "))?;
        if let (Some(t), Some(m)) = (d.trump(), d.maker()) {
            let alone = if d.lone_maker().is_some() { " alone" } else { "" };
            writeln!(out, "  trump {t}, made by seat {m}{alone}")?;
        }
        let winners = d.trick_winners();
        for (t, (leader, cards)) in d.tricks().into_iter().enumerate() {
            let cs: Vec<String> = cards.iter().map(|&c| egn_card(c)).collect();
            let won = winners
                .get(t)
                .map(|w| format!(" -> seat {w}"))
                .unwrap_or_default();
            writeln!(
                out,
                "  trick {}: seat {leader} leads {}{won}",
                t + 1,
                cs.join(" ")
            )?;
        }
        if rd.complete {
            let p = d.points();
            score[0] = score[0].saturating_add(i32::from(p[0]));
            score[1] = score[1].saturating_add(i32::from(p[1]));
            if d.passed_out() {
                writeln!(out, "  all passed: thrown in")?;
            } else {
                let tw = d.tricks_won();
                writeln!(
                    out,
                    "  tricks {}-{}, points {}-{}, score {}-{}",
                    tw[0], tw[1], p[0], p[1], score[0], score[1]
                )?;
            }
        } else {
            writeln!(out, "  (the record ends here)")?;
        }
    }
    let result = match (r.over, r.winner) {
        (true, Some(t)) => format!("team {t} wins {}-{}", r.score[0], r.score[1]),
        (true, None) => format!("drawn {}-{}", r.score[0], r.score[1]),
        _ => format!("unfinished at {}-{}", r.score[0], r.score[1]),
    };
    writeln!(out, "\nResult: {result}")?;
    Ok(r.deals.len())
}
