//! `euchre egn check` and `euchre record check`.

use serde_json::json;
use std::path::PathBuf;

/// What a file's replay found: deals, the final score (of a single game), the winner (a team,
/// or a player in the individual games) and the games of a match.
pub struct CheckSummary {
    deals: usize,
    score: Option<Vec<i32>>,
    winner: Option<usize>,
    /// The winner is a team (the partnership game), not a seat.
    team: bool,
    games: Option<usize>,
}

/// An EGN/EMN document, replayed.
pub fn check_egn(text: &str) -> Result<CheckSummary, String> {
    let s = euchre_egn::check_text(text).map_err(|e| e.to_string())?;
    Ok(CheckSummary {
        deals: s.deals,
        score: s.score.map(|x| x.to_vec()),
        winner: s.winner.map(|t| t.index()),
        team: true,
        games: s.games,
    })
}

/// A game record (`docs/record-format.md`) of any family, replayed.
pub fn check_record(text: &str) -> Result<CheckSummary, String> {
    match euchre_record::read_any(text).map_err(|e| e.to_string())? {
        euchre_record::AnyReplay::Partnership(r) => {
            let last = r.games.last().expect("a replayed record has a game");
            let single = r.games.len() == 1;
            Ok(CheckSummary {
                deals: r.games.iter().map(|g| g.all_deals().count()).sum(),
                score: single.then(|| last.score().to_vec()),
                winner: if single {
                    last.winner().map(|t| t.index())
                } else {
                    None
                },
                team: true,
                games: (!single).then_some(r.games.len()),
            })
        }
        euchre_record::AnyReplay::Solo(g) => Ok(CheckSummary {
            deals: g.all_deals().count(),
            score: Some(g.scores().to_vec()),
            winner: g.winner().map(|s| s.index()),
            team: false,
            games: None,
        }),
    }
}

/// Checks each file with `checker`; prints a line per file; returns the exit status.
pub fn check(
    files: &[PathBuf],
    as_json: bool,
    checker: impl Fn(&str) -> Result<CheckSummary, String>,
) -> i32 {
    let mut failed = 0;
    for f in files {
        let name = f.display().to_string();
        let result = std::fs::read(f)
            .map_err(|e| format!("can't read: {e}"))
            .and_then(|b| String::from_utf8(b).map_err(|_| "file is not UTF-8 text".to_string()))
            .and_then(|t| checker(&t));
        match result {
            Ok(s) => {
                if as_json {
                    let mut v = json!({"file": name, "ok": true, "deals": s.deals, "score": s.score,
                        "winner": s.winner});
                    if let Some(g) = s.games {
                        v["games"] = g.into();
                    }
                    crate::emit(&v.to_string());
                } else {
                    let score = s
                        .score
                        .map(|sc| {
                            let each: Vec<String> = sc.iter().map(i32::to_string).collect();
                            format!(", score {}", each.join("-"))
                        })
                        .unwrap_or_default();
                    let games = s.games.map(|g| format!("{g} games, ")).unwrap_or_default();
                    let who = if s.team { "team" } else { "seat" };
                    let winner = s
                        .winner
                        .map(|t| format!(", won by {who} {t}"))
                        .unwrap_or_default();
                    crate::emit(&format!("ok   {name}: {games}{} deals{score}{winner}", s.deals));
                }
            }
            Err(e) => {
                failed += 1;
                if as_json {
                    crate::emit(&json!({"file": name, "ok": false, "error": e}).to_string());
                } else {
                    crate::emit(&format!("FAIL {name}: {e}"));
                }
            }
        }
    }
    i32::from(failed > 0)
}
