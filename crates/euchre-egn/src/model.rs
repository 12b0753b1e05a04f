//! The EGN 1.4 document as typed serde structures (field names as in the schema).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// A whole `.egn` document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EgnFile {
    pub file_type: String,
    pub version: String,
    pub metadata: Metadata,
    pub deals: Vec<DealEntry>,
}

/// Game metadata.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Metadata {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    pub players: Vec<PlayerEntry>,
    #[serde(deserialize_with = "initial_score")]
    pub initial_score: Vec<i64>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "final_score"
    )]
    pub final_score: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<Ruleset>,
}

/// A player: a plain name or an object with external ids.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PlayerEntry {
    Name(String),
    Player(Player),
}

impl PlayerEntry {
    /// The display name.
    pub fn name(&self) -> &str {
        match self {
            PlayerEntry::Name(n) => n,
            PlayerEntry::Player(p) => &p.name,
        }
    }
}

/// A player object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Player {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_ids: Option<Vec<PlayerId>>,
}

/// An external id of a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerId {
    pub id: String,
    pub source: String,
}

/// EGN's ruleset keys (snake_case, as in the schema).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub std: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_rank: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winning_score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub num_deals: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canadian: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loner_lead: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loner_march_score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loner_euchred_score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub defend_alone: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub farmers: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partners_best: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub go_under: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joker: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub num_players: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allow_no_trump: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fast_break: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub four_trick_tokens: Option<bool>,
}

/// A deal: in full, or a condensed (bitpacked Base64URL) string.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum DealEntry {
    Full(Box<EgnDeal>),
    Condensed(String),
}

/// One deal in full.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EgnDeal {
    #[serde(deserialize_with = "deal_number")]
    pub deal_number: i64,
    pub initial_state: InitialState,
    pub phases: Vec<Phase>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_lines: Option<Vec<AlternativeLine>>,
}

/// The dealer, the upcard and (when known) the dealt hands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InitialState {
    #[serde(deserialize_with = "dealer")]
    pub dealer: i64,
    pub up_card: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_cards: Option<Vec<Vec<String>>>,
}

/// A bidding or a trick-play phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Phase {
    #[serde(rename = "EUCHRE_BIDDING")]
    Bidding(Bidding),
    #[serde(rename = "TRICK_PLAY")]
    TrickPlay(TrickPlay),
}

/// The bidding: calls clockwise from the dealer's left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Bidding {
    #[serde(deserialize_with = "phase_number")]
    pub phase_number: i64,
    pub calls: Vec<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "is_alone"
    )]
    pub is_alone: Option<bool>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "alone_defender"
    )]
    pub alone_defender: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard: Option<String>,
    /// Cards moved between hands before the play: partners' exchanges (`partners_best`) and
    /// farmers' swaps with the kitty (`farmers`, `go_under`). How they are read is the project's
    /// convention, `docs/egn-exchanges.md` (and the `exchanges` module).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_exchanges: Option<Vec<CardExchange>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_annotations: Option<BTreeMap<String, Vec<String>>>,
}

/// One entry of a bidding phase's `cardExchanges`: cards moved from `sender` (absent: from the
/// kitty) to `receiver`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardExchange {
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "sender")]
    pub sender: Option<i64>,
    #[serde(deserialize_with = "receiver")]
    pub receiver: i64,
    pub cards: Vec<String>,
}

/// The tricks, each in the order the cards were played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrickPlay {
    #[serde(deserialize_with = "phase_number")]
    pub phase_number: i64,
    pub tricks: Vec<Vec<String>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "is_alone"
    )]
    pub is_alone: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_annotations: Option<BTreeMap<String, Vec<String>>>,
}

/// An analysis branch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AlternativeLine {
    #[serde(deserialize_with = "branch_index")]
    pub branch_index: i64,
    pub phases: Vec<Phase>,
}

impl<'de> Deserialize<'de> for DealEntry {
    // By hand rather than `untagged`, so a malformed deal reports its own error (the reader
    // says which deal: `egn_from_value` reads them one by one).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DealEntry, D::Error> {
        let v = Value::deserialize(d)?;
        match v {
            Value::String(s) => {
                if s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+/_-=".contains(&b))
                {
                    Ok(DealEntry::Condensed(s))
                } else {
                    Err(D::Error::custom("a condensed deal must be Base64URL text"))
                }
            }
            other @ Value::Object(_) => EgnDeal::deserialize(other)
                .map(|d| DealEntry::Full(Box::new(d)))
                .map_err(D::Error::custom),
            other => Err(D::Error::custom(format!(
                "a deal is an object (or a condensed deal's text), not {}",
                shown(&other)
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for PlayerEntry {
    // By hand rather than `untagged`, whose error names only the Rust type.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerEntry, D::Error> {
        match Value::deserialize(d)? {
            Value::String(name) => Ok(PlayerEntry::Name(name)),
            v @ Value::Object(_) => Player::deserialize(v)
                .map(PlayerEntry::Player)
                .map_err(|e| D::Error::custom(format!("a player: {e}"))),
            other => Err(D::Error::custom(format!(
                "a player is a name or an object with a 'name', not {}",
                shown(&other)
            ))),
        }
    }
}

/// A value as the document wrote it, cut short: for messages.
pub(crate) fn shown(v: &Value) -> String {
    euchre::text::shown(&v.to_string())
}

// The fields that are numbers or true/false, each read with a message that names it and what it
// must be: serde's own says "invalid type: string "0", expected i64", naming neither.

/// A whole number, or "`what`, not X".
fn whole<'de, D: Deserializer<'de>>(d: D, what: &str) -> Result<i64, D::Error> {
    let v = Value::deserialize(d)?;
    v.as_i64()
        .ok_or_else(|| D::Error::custom(format!("{what}, not {}", shown(&v))))
}

/// An optional whole number (`null` is none), or "`what`, not X".
fn optional_whole<'de, D: Deserializer<'de>>(d: D, what: &str) -> Result<Option<i64>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => v
            .as_i64()
            .map(Some)
            .ok_or_else(|| D::Error::custom(format!("{what}, not {}", shown(&v)))),
    }
}

/// An optional `true` or `false` (`null` is none), or "`what`, not X".
fn optional_flag<'de, D: Deserializer<'de>>(d: D, what: &str) -> Result<Option<bool>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        Value::Bool(b) => Ok(Some(b)),
        v => Err(D::Error::custom(format!("{what}, not {}", shown(&v)))),
    }
}

/// A list of whole numbers (the scores), or "`what`, not X".
fn whole_list(v: &Value, what: &str) -> Result<Vec<i64>, String> {
    let list = v
        .as_array()
        .and_then(|items| items.iter().map(Value::as_i64).collect());
    list.ok_or_else(|| format!("{what}, not {}", shown(v)))
}

/// Declares a field's deserializer: `whole`, `optional` (whole) or `flag` with its message.
macro_rules! field {
    (whole $f:ident: $what:literal) => {
        fn $f<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
            whole(d, $what)
        }
    };
    (optional $f:ident: $what:literal) => {
        fn $f<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
            optional_whole(d, $what)
        }
    };
    (flag $f:ident: $what:literal) => {
        fn $f<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
            optional_flag(d, $what)
        }
    };
}

field!(whole deal_number: "'dealNumber' must be a whole number 0 or more");
field!(whole dealer: "'dealer' must be a seat number 0 to 3");
field!(whole phase_number: "'phaseNumber' must be a whole number");
field!(whole receiver: "'sender' and 'receiver' must be seat numbers 0 to 3");
field!(whole branch_index: "'branchIndex' must be a whole number 0 or more");
field!(optional sender: "'sender' and 'receiver' must be seat numbers 0 to 3");
field!(optional alone_defender: "'aloneDefender' must be a seat number 0 to 3");
field!(flag is_alone: "'isAlone' must be true or false");

fn initial_score<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    let what = "'initialScore' must be a list of whole numbers, [team 0, team 1]";
    whole_list(&Value::deserialize(d)?, what).map_err(D::Error::custom)
}

fn final_score<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    let what = "'finalScore' must be a list of whole numbers, [team 0, team 1]";
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => whole_list(&v, what).map(Some).map_err(D::Error::custom),
    }
}
