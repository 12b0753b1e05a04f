//! Euchre Game Notation (EGN 1.4) and Euchre Match Notation (EMN 1.0): read, validate against the
//! schema and the rules, replay through the engine, and write.
//!
//! Cards that change hands before the play (`partners_best` exchanges, `farmers` / `go_under`
//! swaps with the kitty) are read from and written to `cardExchanges` by this project's convention,
//! `docs/egn-exchanges.md`.
//!
//! ```
//! let text = r#"{"fileType":"Euchre Game Notation","version":"1.4",
//!   "metadata":{"players":["A","B","C","D"],"initialScore":[0,0]},
//!   "deals":[{"dealNumber":0,"initialState":{"dealer":3,"upCard":"Jd"},
//!     "phases":[{"phaseNumber":0,"type":"EUCHRE_BIDDING","calls":["Pass","Pass","Pass","Order"],"discard":"9s"},
//!               {"phaseNumber":1,"type":"TRICK_PLAY","tricks":[["Ac","Tc","9c","Kc"]]}]}]}"#;
//! let summary = euchre_egn::check_text(text).unwrap();
//! assert_eq!(summary.deals, 1);
//! assert_eq!(summary.score, Some([0, 0])); // the deal is unfinished
//! ```

mod alternative;
mod cards;
mod emn;
mod exchanges;
mod faithful;
mod model;
mod read;
mod rebuild;
pub mod repeated_key;
mod replay;
mod write;

pub use cards::{egn_card, parse_egn_card};
pub use emn::{replay_emn, MatchOutcome, MatchReplay};
pub use faithful::{game_to_faithful_egn, match_to_faithful_emn};
pub use model::*;
pub use read::{egn_from_value, parse_egn};
pub use replay::{replay, rules_from_ruleset, GameReplay, ReplayedDeal};
pub use write::{deal_to_egn, game_to_egn, match_to_emn, ruleset_of, unexpressed_options};

use euchre::Team;
use std::fmt;

/// What is wrong with a document: the first schema violation or broken rule, located in
/// words ("game 2: deal 3: ...") and, for a tool, by [`EgnError::place`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EgnError {
    message: String,
    place: Place,
}

/// The game of a match and the deal of a game (each counted from 1) a fault lies in, as far
/// as it lies in one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The game of a match (its `games`), from 1.
    pub game: Option<usize>,
    /// The deal of a game (its `deals`), from 1.
    pub deal: Option<usize>,
    /// The part of the deal, where the fault lies in one.
    pub within: Option<Within>,
}

/// The part of a deal a fault lies in: the call, the trick or the field it names, so that a
/// tool can point at its line rather than the deal's first. `phase` is the index (from 0) in
/// the deal's `phases`; calls, tricks, entries and lines are counted from 1, as the messages
/// count them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Within {
    /// `initialState.dealer`.
    Dealer,
    /// `initialState.upCard`.
    UpCard,
    /// `initialState.playerCards`.
    PlayerCards,
    /// A call of the bidding phase.
    Call { phase: usize, call: usize },
    /// The bidding phase's `discard`.
    Discard { phase: usize },
    /// The bidding phase's `cardExchanges` (an entry of it, where one is named).
    CardExchanges { phase: usize, entry: Option<usize> },
    /// A trick of the trick-play phase.
    Trick { phase: usize, trick: usize },
    /// One of the deal's `alternativeLines`.
    AlternativeLine(usize),
}

impl Within {
    /// The part of `deal` that `fault` (what follows "deal N" in a message: ", trick 3: ...",
    /// ": call 2: ...") names first; `None` where it names none, or a phase the deal lacks.
    /// Read from the message, so the place said in words and the place given to tools are
    /// one and cannot disagree.
    fn named_in(fault: &str, deal: &EgnDeal) -> Option<Within> {
        let words = fault.trim_start_matches([',', ':', ' ']);
        let number = |rest: &str| -> Option<usize> {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok().filter(|&n| n >= 1)
        };
        let phase_of = |bidding: bool| {
            deal.phases
                .iter()
                .position(|p| matches!(p, Phase::Bidding(_)) == bidding)
        };
        if let Some(rest) = words.strip_prefix("alternative line ") {
            return number(rest).map(Within::AlternativeLine);
        }
        if let Some(rest) = words.strip_prefix("call ") {
            let call = number(rest)?;
            return Some(Within::Call {
                phase: phase_of(true)?,
                call,
            });
        }
        if let Some(rest) = words.strip_prefix("trick ") {
            let trick = number(rest)?;
            return Some(Within::Trick {
                phase: phase_of(false)?,
                trick,
            });
        }
        if words.starts_with("discard") {
            return Some(Within::Discard {
                phase: phase_of(true)?,
            });
        }
        if let Some(rest) = words.strip_prefix("cardExchanges") {
            let entry = rest.strip_prefix(" entry ").and_then(number);
            return Some(Within::CardExchanges {
                phase: phase_of(true)?,
                entry,
            });
        }
        if words.starts_with("dealer ") || words.starts_with("'dealer'") {
            return Some(Within::Dealer);
        }
        if words.starts_with("upCard") {
            return Some(Within::UpCard);
        }
        if words.starts_with("playerCards") {
            return Some(Within::PlayerCards);
        }
        None
    }
}

impl EgnError {
    pub(crate) fn new(m: impl Into<String>) -> EgnError {
        EgnError {
            message: m.into(),
            place: Place::default(),
        }
    }

    /// The fault `m` of deal `n` (from 1) of a game.
    pub(crate) fn in_deal(n: usize, m: impl fmt::Display) -> EgnError {
        EgnError::deal_then(n, format!(": {m}"))
    }

    /// A fault of deal `n` (from 1) of a game, `rest` naming the rest of its place and what is
    /// wrong (", trick 2: ...").
    pub(crate) fn deal_then(n: usize, rest: String) -> EgnError {
        EgnError {
            message: format!("deal {n}{rest}"),
            place: Place {
                game: None,
                deal: Some(n),
                within: None,
            },
        }
    }

    /// This fault of a deal (made by [`EgnError::in_deal`] or [`EgnError::deal_then`]), placed
    /// too within `deal`, the deal it lies in, as far as its message names a part of it.
    pub(crate) fn within(mut self, deal: &EgnDeal) -> EgnError {
        if let Some(n) = self.place.deal {
            let fault = self.message.strip_prefix(&format!("deal {n}")).unwrap_or("");
            self.place.within = Within::named_in(fault, deal);
        }
        self
    }

    /// This fault of a game, as game `n` (from 1) of a match.
    pub(crate) fn in_game(self, n: usize) -> EgnError {
        EgnError {
            message: format!("game {n}: {}", self.message),
            place: Place {
                game: Some(n),
                ..self.place
            },
        }
    }

    /// Where the fault lies.
    pub fn place(&self) -> Place {
        self.place
    }
}

impl fmt::Display for EgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EgnError {}

/// The outcome of checking one document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckSummary {
    /// Deals replayed (over all games of a match).
    pub deals: usize,
    /// The final score of a game; `None` for a match.
    pub score: Option<[i32; 2]>,
    /// The winning team of a finished game.
    pub winner: Option<Team>,
    /// The game reached its end (for a match, see `outcome`).
    pub over: bool,
    /// How a match stands: won (by whom), drawn, unfinished; `None` for a game.
    pub outcome: Option<MatchOutcome>,
    /// Games in a match (`None` for a game).
    pub games: Option<usize>,
    /// Games won by each player of a match, in the order its registry lists them (players may
    /// change seats and partners between games, so the wins are a player's, not a team's);
    /// empty for a game.
    pub wins: Vec<PlayerWins>,
}

/// A match's player and the games they won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerWins {
    /// The player's id in the match's registry.
    pub id: String,
    /// Their name there, if it gives one.
    pub name: Option<String>,
    pub games_won: u32,
}

/// The name a match's registry gives the player `id`, if any.
fn player_name(emn: &serde_json::Value, id: &str) -> Option<String> {
    emn["metadata"]["players"]
        .as_array()?
        .iter()
        .find(|p| p["id"] == id)?
        .get("name")?
        .as_str()
        .map(String::from)
}

/// The longest player name, in characters: the EGN schema's `maxLength` (the game-record reader
/// keeps the same limit, so a record's names fit an EGN file).
pub const MAX_PLAYER_NAME_CHARS: usize = 64;

/// The largest EGN or EMN document read: far above any real one (an EGN game holds at most 100
/// deals, a few hundred kilobytes; a match of 1,000 games as `euchre random` prints it is 19 MB).
pub const MAX_DOCUMENT_BYTES: usize = 32 << 20;

/// The most JSON values (counted by [`json_values_bound`]) a document may hold: a real match of
/// 1,000 games has about 650,000, one of 2,000 short games 1,330,000. Parsed JSON takes tens of
/// bytes per value, so this bounds memory where the byte limit alone would not: 32 MB of
/// `0,0,0,...` parse to over a gigabyte, and as much of `[[[]]],[[[]]],...` to 5 GB.
pub const MAX_DOCUMENT_VALUES: usize = 2_000_000;

/// At least the number of JSON values in `text`, counted without parsing it: each value but the
/// first in an array or object follows a comma, and each first one follows the `[` or `{` that
/// opens it. Commas and brackets inside strings count too, which only overcounts. Counting the
/// commas alone let nested empty arrays through (EGN tester s51, 1).
pub fn json_values_bound(text: &str) -> usize {
    text.bytes().filter(|&b| matches!(b, b',' | b'[' | b'{')).count() + 1
}

/// A starting score as the readers take one (EGN's `initialScore`, a game record's
/// `initial_score`, the engine protocol's `score`): a whole number within ±2,147,483,647, the same
/// bound both ways (the engine's score is an `i32`, whose least value has no opposite).
pub fn starting_score(given: i64) -> Option<i32> {
    i32::try_from(given).ok().filter(|&s| s != i32::MIN)
}

/// The largest whole number a 64-bit float holds exactly (2^53): past it, a float's digits are
/// not the ones written.
const EXACT_IN_F64: f64 = 9_007_199_254_740_992.0;

/// A JSON number as the readers' messages show it (the engine protocol's fields, a game
/// record's), as near as can be to what was written. serde_json keeps a whole number too large
/// for 64 bits only as a float, whose digits are not the ones written
/// (`99999999999999999999999` is kept as 1e23), so such a number is shown as "a number of about
/// 1e23"; and `-0`, kept as the float -0.0, is shown as `-0`.
pub fn number_shown(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(f) if n.is_f64() && f == 0.0 && f.is_sign_negative() => "-0".into(),
        Some(f) if n.is_f64() && f.abs() >= EXACT_IN_F64 => format!("a number of about {f:e}"),
        _ => n.to_string(),
    }
}

/// A JSON number given as a rule option's value (the engine protocol's `options`, a game
/// record's `rules`), as the option's text: a whole number written with a decimal point or an
/// exponent (`7.0`, `1e9`) is that whole number, not the float's text ("1000000000.0", which
/// the option then refused as no number at all, rather than as out of its range).
pub fn option_number_text(n: &serde_json::Number) -> String {
    match n.as_f64() {
        // Exact within 2^53, so the cast keeps every digit (and -0.0 is 0).
        Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < EXACT_IN_F64 => (f as i64).to_string(),
        _ => n.to_string(),
    }
}

/// Two team scores (or trick or point counts) as the readers' messages and `euchre egn show` /
/// `check` write them: "10 : 6", "0 : -4", with a separator that cannot be read as a sign ("0--4"
/// could).
pub fn score_pair(a: impl fmt::Display, b: impl fmt::Display) -> String {
    format!("{a} : {b}")
}

/// A size as the docs give limits: `32 MiB` for a whole number of mebibytes, else in bytes.
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        euchre::text::count(bytes as usize, "byte", "bytes")
    }
}

/// A count with its thousands grouped, as the docs write limits: `2,000,000`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// What a reader adds to serde's "not JSON" message, in the words of the mistake people make
/// (EGN tester s51, 17; records tester s53, 8): an empty file, a file cut short, UTF-16 (with or
/// without a byte-order mark: ASCII in UTF-16 is NUL bytes between the characters, which is valid
/// UTF-8), a NUL byte no JSON text holds.
pub fn not_json_hint(text: &str, e: &serde_json::Error) -> &'static str {
    let nuls = text.bytes().filter(|&b| b == 0).count();
    if text.trim().is_empty() {
        " (the file is empty)"
    } else if nuls * 3 >= text.len() {
        " (it looks like UTF-16: save it as UTF-8)"
    } else if nuls > 0 {
        " (the file holds a NUL byte, which JSON text never does)"
    } else if e.is_eof() {
        " (the file ends before the JSON does: is it cut short?)"
    } else {
        ""
    }
}

/// Refuses a document too large to read, before parsing it.
///
/// # Errors
/// The size or count over its limit.
pub fn check_document_size(text: &str) -> Result<(), EgnError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(EgnError::new(format!(
            "document of {} bytes is over the limit of {}",
            text.len(),
            size_text(MAX_DOCUMENT_BYTES as u64)
        )));
    }
    let values = json_values_bound(text);
    if values > MAX_DOCUMENT_VALUES {
        return Err(EgnError::new(format!(
            "document holds over {} values ({values}): refused before parsing",
            grouped(MAX_DOCUMENT_VALUES)
        )));
    }
    Ok(())
}

/// The JSON of a document's text, refused over the size limits (before it is parsed), when it is
/// not JSON, or when an object gives a key twice. A leading byte-order mark (some Windows editors
/// write one) is skipped: it is no part of the JSON.
pub fn document_json(text: &str) -> Result<serde_json::Value, EgnError> {
    check_document_size(text)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(k) = repeated_key::repeated_key(text) {
        return Err(EgnError::new(k.to_string()));
    }
    serde_json::from_str(text).map_err(|e| {
        // Said in the words of the mistake people make (EGN tester s51, 17).
        let hint = match not_json_hint(text, &e) {
            "" if e.to_string().starts_with("trailing characters") => {
                " (one game to an .egn file: the games of a match go in one EMN document)"
            }
            hint => hint,
        };
        EgnError::new(format!("not JSON: {e}{hint}"))
    })
}

/// Checks an EGN or EMN document: schema, then a full replay.
///
/// # Errors
/// What is wrong (a document over [`MAX_DOCUMENT_BYTES`] or [`MAX_DOCUMENT_VALUES`] before it is
/// parsed, a key given twice in one object), with the deal, trick and seat where the rules are
/// broken.
pub fn check_text(text: &str) -> Result<CheckSummary, EgnError> {
    let v = document_json(text)?;
    if v.get("fileType").and_then(|t| t.as_str()) == Some("Euchre Match Notation") {
        let m = replay_emn(&v)?;
        return Ok(CheckSummary {
            deals: m.games.iter().map(|(_, g)| g.deals.len()).sum(),
            score: None,
            winner: None,
            over: !matches!(m.outcome, MatchOutcome::Unfinished | MatchOutcome::Unknown),
            outcome: Some(m.outcome.clone()),
            games: Some(m.games.len()),
            wins: m
                .players
                .iter()
                .map(|id| PlayerWins {
                    id: id.clone(),
                    name: player_name(&v, id),
                    games_won: m.wins.get(id).copied().unwrap_or(0),
                })
                .collect(),
        });
    }
    let file = egn_from_value(v)?;
    let r = replay(&file)?;
    Ok(CheckSummary {
        deals: r.deals.len(),
        score: Some(r.score),
        winner: r.winner,
        over: r.over,
        outcome: None,
        games: None,
        wins: Vec::new(),
    })
}
