//! `euchre egn check` and `euchre record check`.

use euchre_egn::CheckSummary;
use serde_json::json;
use std::path::PathBuf;

/// An EGN/EMN document, replayed.
pub fn check_egn(text: &str) -> Result<CheckSummary, String> {
    euchre_egn::check_text(text).map_err(|e| e.to_string())
}

/// A game record (`docs/record-format.md`), replayed.
pub fn check_record(text: &str) -> Result<CheckSummary, String> {
    let r = euchre_record::read(text).map_err(|e| e.to_string())?;
    let last = r.games.last().expect("a replayed record has a game");
    let single = r.games.len() == 1;
    Ok(CheckSummary {
        deals: r.games.iter().map(|g| g.all_deals().count()).sum(),
        score: single.then(|| last.score()),
        winner: if single { last.winner() } else { None },
        games: (!single).then_some(r.games.len()),
    })
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
                        "winner": s.winner.map(|t| t.index())});
                    if let Some(g) = s.games {
                        v["games"] = g.into();
                    }
                    crate::emit(&v.to_string());
                } else {
                    let score = s
                        .score
                        .map(|sc| format!(", score {}-{}", sc[0], sc[1]))
                        .unwrap_or_default();
                    let games = s.games.map(|g| format!("{g} games, ")).unwrap_or_default();
                    let winner = s.winner.map(|t| format!(", won by team {t}")).unwrap_or_default();
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
