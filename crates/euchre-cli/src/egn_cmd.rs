//! `euchre egn check`.

use serde_json::json;
use std::path::PathBuf;

/// Checks each file; prints a line per file; returns the exit status.
pub fn check(files: &[PathBuf], as_json: bool) -> i32 {
    let mut failed = 0;
    for f in files {
        let name = f.display().to_string();
        let result = std::fs::read(f)
            .map_err(|e| format!("can't read: {e}"))
            .and_then(|b| String::from_utf8(b).map_err(|_| "file is not UTF-8 text".to_string()))
            .and_then(|t| euchre_egn::check_text(&t).map_err(|e| e.to_string()));
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
