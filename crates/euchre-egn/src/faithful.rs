//! Writing checked by reading back: EGN has no key for some options (jambone, Railroad's
//! three-point loner, a defender alone against a partnered maker), so a game under them can be
//! written as a document that reads back as another game, or not at all. These writers read
//! what they wrote and refuse it unless it is the same game.

use crate::emn::replay_emn;
use crate::read::egn_from_value;
use crate::replay::{replay, GameReplay};
use crate::write::{game_to_egn, match_to_emn, unexpressed_options};
use crate::EgnError;
use euchre::{Game, Match, Rules};
use serde_json::Value;

/// [`game_to_egn`], read back: the same deals, each scoring the same, to the same score.
///
/// # Errors
/// The document does not read back as `game`; the message says how it differs and names the
/// options EGN cannot say.
pub fn game_to_faithful_egn(game: &Game, players: Option<[String; 4]>) -> Result<Value, EgnError> {
    let doc = game_to_egn(game, players);
    let back = egn_from_value(doc.clone()).and_then(|f| replay(&f));
    same_game(game, back).map_err(|why| unfaithful(game.rules(), &why))?;
    Ok(doc)
}

/// [`match_to_emn`], read back: every game the same, as [`game_to_faithful_egn`] checks one.
///
/// # Errors
/// As [`game_to_faithful_egn`], naming the game (from 1) that differs.
pub fn match_to_faithful_emn(m: &Match, players: Option<[String; 4]>) -> Result<Value, EgnError> {
    let doc = match_to_emn(m, players);
    let back = replay_emn(&doc).map_err(|e| unfaithful(m.rules(), &not_read_back(&e)))?;
    if back.games.len() != m.games().len() {
        let why = format!(
            "it reads back as {} games, not {}",
            back.games.len(),
            m.games().len()
        );
        return Err(unfaithful(m.rules(), &why));
    }
    for (i, (game, (_, replayed))) in m.games().iter().zip(back.games).enumerate() {
        same_game(game, Ok(replayed))
            .map_err(|why| unfaithful(m.rules(), &format!("game {}: {why}", i + 1)))?;
    }
    Ok(doc)
}

/// Why `back` is not `game`, if it is not.
fn same_game(game: &Game, back: Result<GameReplay, EgnError>) -> Result<(), String> {
    let back = back.map_err(|e| not_read_back(&e))?;
    let deals: Vec<_> = game.all_deals().collect();
    if back.deals.len() != deals.len() {
        return Err(format!(
            "it reads back as {} deals, not {}",
            back.deals.len(),
            deals.len()
        ));
    }
    for (i, (d, rd)) in deals.iter().zip(&back.deals).enumerate() {
        if d.points() != rd.deal.points() {
            let (p, q) = (d.points(), rd.deal.points());
            return Err(format!(
                "dealNumber {i} scores {} read back, not {}",
                crate::score_pair(q[0], q[1]),
                crate::score_pair(p[0], p[1])
            ));
        }
    }
    if back.score != game.score() {
        let (s, t) = (back.score, game.score());
        return Err(format!(
            "it scores {} read back, not {}",
            crate::score_pair(s[0], s[1]),
            crate::score_pair(t[0], t[1])
        ));
    }
    Ok(())
}

/// Why a document written for the game does not read back: the reader's words are about the
/// document, which lacks what EGN cannot say, not about the game (Railroad's jambone read
/// back as "isAlone is set but nobody made trump", which reads as if said of the game:
/// analysis tester s52, 10).
fn not_read_back(e: &EgnError) -> String {
    format!("written so, it would not read back (an EGN reader would say of it: {e})")
}

fn unfaithful(rules: &Rules, why: &str) -> EgnError {
    let lost = unexpressed_options(rules);
    let options = if lost.is_empty() {
        String::new()
    } else {
        format!(" (it has no key for this game's {})", lost.join(", "))
    };
    EgnError::new(format!("EGN can't record this game faithfully{options}: {why}"))
}
