//! The EGN 1.4 document as typed serde structures (field names as in the schema).

use serde::{Deserialize, Serialize};
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
    pub initial_score: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_score: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<Ruleset>,
}

/// A player: a plain name or an object with external ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub phase_number: i64,
    pub calls: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_alone: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sender: Option<i64>,
    pub receiver: i64,
    pub cards: Vec<String>,
}

/// The tricks, each in the order the cards were played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TrickPlay {
    pub phase_number: i64,
    pub tricks: Vec<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_alone: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_annotations: Option<BTreeMap<String, Vec<String>>>,
}

/// An analysis branch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AlternativeLine {
    pub branch_index: i64,
    pub phases: Vec<Phase>,
}

impl<'de> Deserialize<'de> for DealEntry {
    // By hand rather than `untagged`, so a malformed deal reports its own error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<DealEntry, D::Error> {
        let v = Value::deserialize(d)?;
        match v {
            Value::String(s) => {
                if s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+/_-=".contains(&b))
                {
                    Ok(DealEntry::Condensed(s))
                } else {
                    Err(serde::de::Error::custom(
                        "a condensed deal must be Base64URL text",
                    ))
                }
            }
            other => {
                let n = other.get("dealNumber").and_then(Value::as_i64);
                EgnDeal::deserialize(other)
                    .map(|d| DealEntry::Full(Box::new(d)))
                    .map_err(|e| serde::de::Error::custom(format!("deal (dealNumber {n:?}): {e}")))
            }
        }
    }
}
