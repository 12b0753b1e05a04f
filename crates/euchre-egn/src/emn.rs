//! Euchre Match Notation: several EGN games played by a registry of players.

use crate::model::shown;
use crate::model::EgnFile;
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
    /// Each id's name in the registry.
    pub names: BTreeMap<String, String>,
    /// Each game with the master ids of seats 0..3.
    pub games: Vec<(Vec<String>, GameReplay)>,
    /// Each game as read, its seats named by the registry.
    pub files: Vec<EgnFile>,
    /// Games won by each player, one a game (EGN cannot say whether a slam counted two).
    pub wins: BTreeMap<String, u32>,
    /// Who won the match, or that it is drawn or unfinished, as far as the replay (or, where
    /// the replay cannot tell, the document's `result`) says.
    pub outcome: MatchOutcome,
}

/// How a match stands at the end of its document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchOutcome {
    /// Over, won by these players (master ids, in registry order).
    Won(Vec<String>),
    /// Over, and nobody won more games than the others.
    Drawn,
    /// Not over: games are still to be played.
    Unfinished,
    /// Neither the replay nor the document says (a format not decided by games won, no
    /// `result`).
    Unknown,
}

/// How a match is decided, as far as its `metadata.matchFormat` says it is decided by games won
/// out of a known number of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// `BEST_OF_N`: the first player to win a majority of `n` games.
    BestOf(u64),
    /// `FIXED_GAMES`: `n` games, whoever wins them.
    Fixed(u64),
    /// `SINGLE_GAME`: one game.
    Single,
    /// Another format, or none, or one without its `target`: the replay cannot hold the games
    /// to a count.
    Other,
}

impl Plan {
    fn of(format: Option<&Value>) -> Plan {
        let kind = format.and_then(|f| f.get("type")).and_then(Value::as_str);
        let target = format.and_then(|f| f.get("target")).and_then(Value::as_u64);
        match (kind, target) {
            (Some("BEST_OF_N"), Some(n)) => Plan::BestOf(n),
            (Some("FIXED_GAMES"), Some(n)) => Plan::Fixed(n),
            (Some("SINGLE_GAME"), _) => Plan::Single,
            _ => Plan::Other,
        }
    }

    /// The games a player must win to win a best-of match.
    fn majority(n: u64) -> u64 {
        n / 2 + 1
    }

    /// The number of games of a match played to a fixed count.
    fn games(self) -> Option<u64> {
        match self {
            Plan::Fixed(n) => Some(n),
            Plan::Single => Some(1),
            _ => None,
        }
    }

    /// The format in words, for messages: "best of 3 (metadata.matchFormat BEST_OF_N)".
    fn words(self) -> String {
        let (what, kind) = match self {
            Plan::BestOf(n) => (format!("best of {n}"), "BEST_OF_N"),
            Plan::Fixed(n) => (games_said(n), "FIXED_GAMES"),
            Plan::Single => (games_said(1), "SINGLE_GAME"),
            Plan::Other => (String::new(), "of another type"),
        };
        format!("{what} (metadata.matchFormat {kind})")
    }
}

/// Whether the partnerships differ between the games (seats 0 and 2 against 1 and 3, read
/// from each game's `players` where it lists four ids; the games are checked one by one
/// later).
fn partners_change(games: &[Value]) -> bool {
    let pairs = |g: &Value| {
        let ids: Vec<&str> = g
            .get("players")?
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let [a, b, c, d] = ids[..] else { return None };
        let pair = |x: &str, y: &str| {
            if x <= y {
                (x.to_string(), y.to_string())
            } else {
                (y.to_string(), x.to_string())
            }
        };
        let (p, q) = (pair(a, c), pair(b, d));
        Some(if p <= q { (p, q) } else { (q, p) })
    };
    let mut seen = games.iter().filter_map(pairs);
    let Some(first) = seen.next() else { return false };
    seen.any(|p| p != first)
}

/// "1 game", "3 games".
fn games_said(n: u64) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

/// The players who won at least `least` games, in registry order.
fn winning(players: &[String], wins: &BTreeMap<String, u32>, least: u64) -> Vec<String> {
    players
        .iter()
        .filter(|p| u64::from(wins.get(*p).copied().unwrap_or(0)) >= least)
        .cloned()
        .collect()
}

/// Player ids as a message lists them: "'p-02' and 'p-04'".
fn ids_said(ids: &[String]) -> String {
    let quoted: Vec<String> = ids
        .iter()
        .map(|id| format!("'{}'", euchre::text::shown(id)))
        .collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "nobody".into(),
    }
}

/// Why a match has no game `next` (from 1) after `played`: a match of a fixed count holds that
/// many, and a best-of match ends when a player has won a majority, as a game record's match
/// does (records tester s53, 2). `None` when the game may be played.
fn no_game_after(
    plan: Plan,
    next: usize,
    played: &[(Vec<String>, GameReplay)],
    players: &[String],
    wins: &BTreeMap<String, u32>,
) -> Option<String> {
    if let Some(n) = plan.games() {
        return (next as u64 > n).then(|| format!("the match is {}: it has no game {next}", plan.words()));
    }
    let Plan::BestOf(n) = plan else { return None };
    let m = Plan::majority(n);
    let ahead = winning(players, wins, m);
    if !ahead.is_empty() {
        return Some(format!(
            "the match was already decided: {} had won {m} games, a majority of the {}",
            ids_said(&ahead),
            plan.words()
        ));
    }
    let decided_games = played.iter().filter(|(_, r)| r.winner.is_some()).count();
    (decided_games as u64 >= n).then(|| {
        format!(
            "the match was already played out: {decided_games} games won of the {}",
            plan.words()
        )
    })
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
            "matchFormat" => match_format(val)?,
            "result" => result(val)?,
            "players" => {}
            other => {
                return Err(EgnError::new(format!(
                    "unknown metadata field '{}'",
                    euchre::text::shown(other)
                )))
            }
        }
    }
    let registry = md
        .get("players")
        .and_then(Value::as_array)
        .ok_or_else(|| EgnError::new("metadata.players must be a list"))?;
    if registry.len() > MAX_PLAYERS {
        return Err(EgnError::new(format!(
            "{} players: a match lists at most {MAX_PLAYERS}",
            registry.len()
        )));
    }
    let mut players = Vec::with_capacity(registry.len());
    let mut names = BTreeMap::new();
    for (i, p) in registry.iter().enumerate() {
        let (id, name) =
            registry_player(p).map_err(|m| EgnError::new(format!("metadata.players[{i}]: {m}")))?;
        names.insert(id.clone(), name);
        players.push(id);
    }
    if players.is_empty() {
        return Err(EgnError::new("metadata.players is empty"));
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
    let mut files = Vec::new();
    let mut indexes = Vec::with_capacity(games_v.len());
    let mut wins: BTreeMap<String, u32> = players.iter().map(|p| (p.clone(), 0)).collect();
    let mut counted_surely = true;
    // A best-of match is won by the first team to a majority; where partners change between
    // games, a player's wins are not a team's, so the replay cannot say when it was decided
    // (review s53, 1: the spec's own example rotates seats).
    let plan = match Plan::of(md.get("matchFormat")) {
        Plan::BestOf(_) if partners_change(games_v) => Plan::Other,
        plan => plan,
    };
    for (i, g) in games_v.iter().enumerate() {
        let at = |m: String| EgnError::new(m).in_game(i + 1);
        if let Some(why) = no_game_after(plan, i + 1, &games, &players, &wins) {
            return Err(at(why));
        }
        let go = g.as_object().ok_or_else(|| at("must be an object".into()))?;
        for k in go.keys() {
            if !["gameIndex", "players", "gameData"].contains(&k.as_str()) {
                return Err(at(format!("unknown field '{}'", euchre::text::shown(k))));
            }
        }
        let Some(index) = go.get("gameIndex").and_then(Value::as_u64) else {
            return Err(at("gameIndex must be a non-negative integer".into()));
        };
        if let Some(earlier) = indexes.iter().position(|&x| x == index) {
            return Err(at(format!("gameIndex {index} is game {}'s too", earlier + 1)));
        }
        indexes.push(index);
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
        for (seat, p) in seats.iter().enumerate() {
            if !players.contains(p) {
                return Err(at(format!(
                    "player '{}' is not in the match's registry",
                    euchre::text::shown(p)
                )));
            }
            if seats[..seat].contains(p) {
                return Err(at(format!(
                    "player '{}' is seated twice (a player has one seat in a game)",
                    euchre::text::shown(p)
                )));
            }
        }
        let mut data = go
            .get("gameData")
            .cloned()
            .ok_or_else(|| at("missing gameData".into()))?;
        let seated: Vec<&str> = seats.iter().map(|id| names[id].as_str()).collect();
        seat_names(&mut data, &seated).map_err(at)?;
        let file = egn_from_value(data).map_err(|e| e.in_game(i + 1))?;
        let r = replay(&file).map_err(|e| e.in_game(i + 1))?;
        files.push(file);
        if let Some(t) = r.winner {
            for seat in [t.index(), t.index() + 2] {
                *wins.entry(seats[seat].clone()).or_default() += 1;
            }
            // EGN has no words for `slams` and `laps`, under which this game may have counted
            // two or more: the count is sure only where neither could apply.
            let (won, lost) = (r.score[t.index()], r.score[t.other().index()]);
            let target = i32::from(r.rules.winning_score);
            counted_surely &= lost > 0 && (target == 0 || won < 2 * target);
        }
        games.push((seats, r));
    }
    let outcome = outcome(plan, md.get("result"), &games, &players, &wins, counted_surely)?;
    if let Some(r) = md.get("result") {
        check_winner(r, md.get("matchFormat"), &wins, counted_surely)?;
        check_scores(r, md.get("matchFormat"), &games, &wins, counted_surely)?;
    }
    Ok(MatchReplay {
        players,
        names,
        games,
        files,
        wins,
        outcome,
    })
}

/// How the match stands, held to its `result.status` where the replay decides it (records
/// tester s53, 2 and 3): a match said COMPLETED that the replay shows short of its games, or
/// IN_PROGRESS when it was decided, is refused.
fn outcome(
    plan: Plan,
    result: Option<&Value>,
    games: &[(Vec<String>, GameReplay)],
    players: &[String],
    wins: &BTreeMap<String, u32>,
    surely: bool,
) -> Result<MatchOutcome, EgnError> {
    let status = result.and_then(|r| r.get("status")).and_then(Value::as_str);
    let said: Vec<String> = result
        .and_then(|r| r.get("winner"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|w| w.as_str().map(String::from))
        .collect();
    // What the document says, where the replay cannot tell.
    let as_said = || match status {
        Some("COMPLETED") if !said.is_empty() => MatchOutcome::Won(said.clone()),
        Some("DRAW") => MatchOutcome::Drawn,
        Some("IN_PROGRESS") => MatchOutcome::Unfinished,
        _ => MatchOutcome::Unknown,
    };
    let all_over = games.iter().all(|(_, r)| r.over);
    let bad = |m: String| Err(EgnError::new(format!("metadata.result: {m}")));
    let most = u64::from(wins.values().copied().max().unwrap_or(0));
    match plan {
        Plan::BestOf(n) => {
            let m = Plan::majority(n);
            let ahead = winning(players, wins, m);
            if !ahead.is_empty() {
                if status == Some("IN_PROGRESS") {
                    return bad(format!(
                        "status IN_PROGRESS, but {} won {m} games, a majority of the {}",
                        ids_said(&ahead),
                        plan.words()
                    ));
                }
                return Ok(MatchOutcome::Won(ahead));
            }
            if !all_over || !surely {
                return Ok(as_said());
            }
            if status == Some("COMPLETED") {
                return bad(format!(
                    "status COMPLETED, but nobody won {m} games of the {} in the replay (the most is {most})",
                    plan.words()
                ));
            }
            Ok(MatchOutcome::Unfinished)
        }
        Plan::Fixed(_) | Plan::Single => {
            let n = plan.games().unwrap_or(1);
            let played = games.len() as u64;
            if played < n {
                if status == Some("COMPLETED") {
                    return bad(format!(
                        "status COMPLETED, but the match holds {played} of its {}",
                        plan.words()
                    ));
                }
                return Ok(MatchOutcome::Unfinished);
            }
            if !all_over {
                return Ok(as_said());
            }
            if status == Some("IN_PROGRESS") {
                return bad(format!(
                    "status IN_PROGRESS, but all its {} were played to their end",
                    plan.words()
                ));
            }
            if !surely {
                return Ok(as_said());
            }
            let best = winning(players, wins, most);
            let seated = players
                .iter()
                .filter(|p| games.iter().any(|(seats, _)| seats.contains(p)))
                .count();
            Ok(if best.len() >= seated {
                MatchOutcome::Drawn
            } else {
                MatchOutcome::Won(best)
            })
        }
        Plan::Other => Ok(as_said()),
    }
}

/// A completed or running match decided by games won: each of `result.scores` keyed by a
/// player id of the registry must be the games that player won in the replay, where the games
/// before the last were played to their end and each counted once (records tester s53, 2).
/// Scores keyed by a team, and those of other formats or none (cumulative points), are left
/// unchecked.
fn check_scores(
    result: &Value,
    format: Option<&Value>,
    games: &[(Vec<String>, GameReplay)],
    wins: &BTreeMap<String, u32>,
    surely: bool,
) -> Result<(), EgnError> {
    let kind = format.and_then(|f| f.get("type")).and_then(Value::as_str);
    // Without a format the scores may be anything (the schema calls them a score metric):
    // only a format decided by games won says they count games (review s53, 2).
    let by_games = matches!(kind, Some("BEST_OF_N" | "FIXED_GAMES" | "SINGLE_GAME"));
    let status = result.get("status").and_then(Value::as_str);
    let played_out = games.iter().rev().skip(1).all(|(_, r)| r.over);
    if !by_games || !surely || !played_out || !matches!(status, None | Some("COMPLETED" | "IN_PROGRESS")) {
        return Ok(());
    }
    let Some(scores) = result.get("scores").and_then(Value::as_object) else {
        return Ok(());
    };
    for (id, given) in scores {
        let Some(&won) = wins.get(id) else { continue };
        if given.as_f64() != Some(f64::from(won)) {
            return Err(EgnError::new(format!(
                "metadata.result.scores gives '{}' {}, but the games replayed give it {won} won",
                euchre::text::shown(id),
                shown(given)
            )));
        }
    }
    Ok(())
}

/// A registry entry (`{"id", "name", "playerIds"}`, EGN's player with an id): its id and name.
fn registry_player(p: &Value) -> Result<(String, String), String> {
    let o = p.as_object().ok_or("a player is an object")?;
    for (k, v) in o {
        match k.as_str() {
            "id" | "name" => s(v, k, 64).map_err(|e| e.to_string())?,
            "playerIds" => {
                let ids = v.as_array().ok_or("playerIds must be a list")?;
                if ids.len() > 10 {
                    return Err(format!("{} playerIds (at most 10)", ids.len()));
                }
                for (j, e) in ids.iter().enumerate() {
                    let e = e
                        .as_object()
                        .ok_or_else(|| format!("playerIds[{j}] must be an object"))?;
                    for key in ["id", "source"] {
                        let v = e
                            .get(key)
                            .ok_or_else(|| format!("playerIds[{j}] needs '{key}'"))?;
                        s(v, key, 64).map_err(|e| format!("playerIds[{j}]: {e}"))?;
                    }
                    if let Some(k) = e.keys().find(|k| !["id", "source"].contains(&k.as_str())) {
                        return Err(format!(
                            "playerIds[{j}]: unknown field '{}'",
                            euchre::text::shown(k)
                        ));
                    }
                }
            }
            other => return Err(format!("unknown field '{}'", euchre::text::shown(other))),
        }
    }
    let text = |k: &str| o.get(k).and_then(Value::as_str).map(String::from);
    let id = text("id").ok_or("every EMN player needs an 'id'")?;
    let name = text("name").ok_or_else(|| format!("player '{}' needs a 'name'", euchre::text::shown(&id)))?;
    Ok((id, name))
}

/// The formats EMN names (`metadata.matchFormat.type`).
const FORMATS: [&str; 10] = [
    "BEST_OF_N",
    "PROGRESSIVE",
    "ROUND_ROBIN",
    "CUSTOM",
    "FIXED_GAMES",
    "TARGET_SCORE",
    "ELIMINATION",
    "SWISS",
    "TIMED",
    "SINGLE_GAME",
];

fn match_format(v: &Value) -> Result<(), EgnError> {
    let bad = |m: String| EgnError::new(format!("metadata.matchFormat: {m}"));
    let o = v.as_object().ok_or_else(|| bad("must be an object".into()))?;
    for (k, v) in o {
        match k.as_str() {
            "type" => match v.as_str() {
                Some(t) if FORMATS.contains(&t) => {}
                _ => {
                    return Err(bad(format!(
                        "type {} is not one of {}",
                        shown(v),
                        FORMATS.join(", ")
                    )))
                }
            },
            "target" => {
                if v.as_u64().is_none_or(|t| t < 1) {
                    return Err(bad(format!(
                        "target {} is not a whole number of at least 1",
                        shown(v)
                    )));
                }
            }
            other => return Err(bad(format!("unknown field '{}'", euchre::text::shown(other)))),
        }
    }
    if !o.contains_key("type") {
        return Err(bad("needs a 'type'".into()));
    }
    Ok(())
}

/// The statuses EMN names (`metadata.result.status`).
const STATUSES: [&str; 4] = ["COMPLETED", "IN_PROGRESS", "FORFEIT", "DRAW"];

fn result(v: &Value) -> Result<(), EgnError> {
    let bad = |m: String| EgnError::new(format!("metadata.result: {m}"));
    let o = v.as_object().ok_or_else(|| bad("must be an object".into()))?;
    for (k, v) in o {
        let fine = match k.as_str() {
            "status" => v.as_str().is_some_and(|t| STATUSES.contains(&t)),
            "winner" => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            "scores" => v.as_object().is_some_and(|m| m.values().all(Value::is_number)),
            other => return Err(bad(format!("unknown field '{}'", euchre::text::shown(other)))),
        };
        if !fine {
            let wanted = match k.as_str() {
                "status" => format!("one of {}", STATUSES.join(", ")),
                "winner" => "a list of player ids".into(),
                _ => "an object of numbers".into(),
            };
            return Err(bad(format!("{k} {} is not {wanted}", shown(v))));
        }
    }
    Ok(())
}

/// A completed match decided by games won (`BEST_OF_N`, `FIXED_GAMES`, `SINGLE_GAME`, or no
/// format given): each winner it names by player id must be among those who won the most games
/// in the replay, as an EGN game's `finalScore` must be its replay's (EGN tester s51, 3). Where
/// a game may have counted more than one (`surely` false: won with the losers at 0, a slam, or
/// by twice the target, laps; EGN cannot say whether those rules were played), a winner need
/// only have won a game. Other formats (cumulative points, brackets) and a winner named by a
/// team key are left unchecked: the replay alone does not decide them.
fn check_winner(
    result: &Value,
    format: Option<&Value>,
    wins: &BTreeMap<String, u32>,
    surely: bool,
) -> Result<(), EgnError> {
    let status = result.get("status").and_then(Value::as_str);
    let kind = format.and_then(|f| f.get("type")).and_then(Value::as_str);
    let by_games = matches!(kind, None | Some("BEST_OF_N" | "FIXED_GAMES" | "SINGLE_GAME"));
    if !by_games || !matches!(status, None | Some("COMPLETED")) {
        return Ok(());
    }
    let most = wins.values().copied().max().unwrap_or(0);
    let least_a_winner_has = if surely { most } else { most.min(1) };
    for w in result
        .get("winner")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(id) = w.as_str() else { continue };
        if let Some(&won) = wins.get(id) {
            if won < least_a_winner_has {
                return Err(EgnError::new(format!(
                    "metadata.result names '{}' a winner, but the games replayed give it {won} won against {most} for the best",
                    euchre::text::shown(id)
                )));
            }
        }
    }
    Ok(())
}

/// A game's seat names, from the match's registry (`SeatPlayerNames[i] =
/// MasterPlayerMap[game.players[i]]`): put in where the game's own metadata gives none (the
/// EMN specification's own example leaves them out), refused where they differ.
fn seat_names(data: &mut Value, registry: &[&str]) -> Result<(), String> {
    let Some(md) = data.get_mut("metadata").and_then(Value::as_object_mut) else {
        return Ok(());
    };
    match md.get("players") {
        None => {
            md.insert("players".into(), Value::from(registry.to_vec()));
        }
        Some(Value::Array(given)) => {
            for (seat, (g, r)) in given.iter().zip(registry).enumerate() {
                // A name, or a player object with one (review s51, 6).
                let name = g.as_str().or_else(|| g.get("name").and_then(Value::as_str));
                if let Some(name) = name.filter(|n| n != r) {
                    return Err(format!(
                        "seat {seat} is '{}' in the game's metadata but '{}' in the match's registry",
                        euchre::text::shown(name),
                        euchre::text::shown(r)
                    ));
                }
            }
        }
        // Anything else is the EGN reader's to refuse.
        Some(_) => {}
    }
    Ok(())
}
