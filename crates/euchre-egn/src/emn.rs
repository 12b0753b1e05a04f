//! Euchre Match Notation: several EGN games played by a registry of players.

use crate::model::shown;
use crate::read::egn_from_value;
use crate::replay::{replay, GameReplay};
use crate::EgnError;
use serde_json::Value;
use std::collections::BTreeMap;

/// A replayed match.
#[derive(Clone, Debug)]
pub struct MatchReplay {
    /// Master player ids, in registry order.
    pub players: Vec<String>,
    /// Each game with the master ids of seats 0..3.
    pub games: Vec<(Vec<String>, GameReplay)>,
    /// Games won by each player.
    pub wins: BTreeMap<String, u32>,
}

/// The most players a match lists (players may rotate between games).
const MAX_PLAYERS: usize = 100;
/// The most games a match holds.
const MAX_GAMES: usize = 2_000;

fn s(v: &Value, what: &str, max: usize) -> Result<(), EgnError> {
    match v {
        Value::String(t) if t.chars().count() <= max => Ok(()),
        Value::String(_) => Err(EgnError::new(format!("{what} is longer than {max} characters"))),
        _ => Err(EgnError::new(format!("{what} must be a string"))),
    }
}

/// Reads, schema-checks and replays an EMN document.
///
/// # Errors
/// The first schema violation or rule broken, naming the game.
pub fn replay_emn(v: &Value) -> Result<MatchReplay, EgnError> {
    let Some(obj) = v.as_object() else {
        return Err(EgnError::new("an EMN document is a JSON object"));
    };
    for k in obj.keys() {
        if !["fileType", "version", "metadata", "games"].contains(&k.as_str()) {
            return Err(EgnError::new(format!(
                "unknown top-level field '{}'",
                euchre::text::shown(k)
            )));
        }
    }
    if obj.get("fileType").and_then(Value::as_str) != Some("Euchre Match Notation") {
        return Err(EgnError::new("fileType is not 'Euchre Match Notation'"));
    }
    let version = match obj.get("version") {
        Some(Value::String(v)) => v.as_str(),
        Some(other) => {
            return Err(EgnError::new(format!(
                "'version' must be text such as \"1.0\", not {}",
                shown(other)
            )))
        }
        None => "",
    };
    let mut parts = version.split('.');
    if parts.next() != Some("1") || parts.next() != Some("0") || !parts.all(|p| p.parse::<u32>().is_ok()) {
        return Err(EgnError::new(format!("EMN version '{version}' is not 1.0")));
    }
    let md = obj
        .get("metadata")
        .and_then(Value::as_object)
        .ok_or_else(|| EgnError::new("missing metadata"))?;
    for (k, val) in md {
        match k.as_str() {
            "matchId" | "title" | "date" => s(val, k, if k == "title" { 128 } else { 64 })?,
            "description" => s(val, k, 1024)?,
            "players" | "matchFormat" | "result" => {}
            other => {
                return Err(EgnError::new(format!(
                    "unknown metadata field '{}'",
                    euchre::text::shown(other)
                )))
            }
        }
    }
    let players: Vec<String> = md
        .get("players")
        .and_then(Value::as_array)
        .ok_or_else(|| EgnError::new("metadata.players must be a list"))?
        .iter()
        .map(|p| p.get("id").and_then(Value::as_str).map(String::from))
        .collect::<Option<_>>()
        .ok_or_else(|| EgnError::new("every EMN player needs an 'id'"))?;
    if players.is_empty() {
        return Err(EgnError::new("metadata.players is empty"));
    }
    if players.len() > MAX_PLAYERS {
        return Err(EgnError::new(format!(
            "{} players: a match lists at most {MAX_PLAYERS}",
            players.len()
        )));
    }
    for (i, p) in players.iter().enumerate() {
        if players[..i].contains(p) {
            return Err(EgnError::new(format!("player id '{p}' is listed twice")));
        }
    }
    let games_v = obj
        .get("games")
        .and_then(Value::as_array)
        .ok_or_else(|| EgnError::new("games must be a list"))?;
    if games_v.len() > MAX_GAMES {
        return Err(EgnError::new(format!(
            "{} games: a match holds at most {MAX_GAMES}",
            games_v.len()
        )));
    }
    let mut games = Vec::new();
    let mut wins: BTreeMap<String, u32> = players.iter().map(|p| (p.clone(), 0)).collect();
    for (i, g) in games_v.iter().enumerate() {
        let at = |m: String| EgnError::new(m).in_game(i + 1);
        let go = g.as_object().ok_or_else(|| at("must be an object".into()))?;
        for k in go.keys() {
            if !["gameIndex", "players", "gameData"].contains(&k.as_str()) {
                return Err(at(format!("unknown field '{}'", euchre::text::shown(k))));
            }
        }
        if go.get("gameIndex").and_then(Value::as_u64).is_none() {
            return Err(at("gameIndex must be a non-negative integer".into()));
        }
        let seats: Vec<String> = go
            .get("players")
            .and_then(Value::as_array)
            .and_then(|a| {
                a.iter()
                    .map(|p| p.as_str().map(String::from))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| at("players must be four player ids".into()))?;
        if seats.len() != 4 {
            return Err(at(format!("{} players seated (a game seats 4)", seats.len())));
        }
        for p in &seats {
            if !players.contains(p) {
                return Err(at(format!("player '{p}' is not in the match's registry")));
            }
        }
        let data = go
            .get("gameData")
            .cloned()
            .ok_or_else(|| at("missing gameData".into()))?;
        let file = egn_from_value(data).map_err(|e| e.in_game(i + 1))?;
        let r = replay(&file).map_err(|e| e.in_game(i + 1))?;
        if let Some(t) = r.winner {
            for seat in [t.index(), t.index() + 2] {
                *wins.entry(seats[seat].clone()).or_default() += 1;
            }
        }
        games.push((seats, r));
    }
    Ok(MatchReplay { players, games, wins })
}
