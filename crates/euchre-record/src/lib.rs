//! The project's own game record (`docs/record-format.md`): the full ruleset and every decision
//! of every deal in canonical text, so a game under rules EGN has no words for (jambone, robson,
//! laps, reneging claims, ...) is written and read back exactly.
//!
//! Reading replays every decision through the engine: a record is accepted only if each decision
//! was legal for the seat that took it and every score it states is the score the play makes.

use euchre::game::{match_over, Game, Match};
use euchre::solo::{SoloDeal, SoloGame, SoloRules};
use euchre::table::{settings_clash, AnyGame, SettingsClash, Table};
use euchre::{Action, Card, CardSet, Deal, IllegalAction, Rules, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

use euchre_egn::repeated_key;

/// The `format` every record carries.
pub const FORMAT: &str = "euchre-record";
/// The version this crate writes and reads.
pub const VERSION: u32 = 1;
/// The four-handed partnership game.
pub const FOUR_HANDED: &str = "four-handed";
/// The individual games (`RULES.md` §10).
pub const SOLO_FAMILIES: [&str; 3] = ["three-handed", "bid-euchre", "set-back"];

/// A record as written: one game, or the games of a match.
///
/// [`parse`] reads one, and only from a JSON object (serde's derived reader, this type's
/// `Deserialize`, would also take an array of the fields in order at the top).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    #[serde(deserialize_with = "fields::version")]
    pub version: u32,
    /// `four-handed`, `three-handed`, `bid-euchre` or `set-back`.
    pub family: String,
    /// Every rule option by name, values as `euchre rules` prints them.
    pub rules: serde_json::Map<String, serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
    #[serde(deserialize_with = "objects::list")]
    pub games: Vec<GameRecord>,
}

/// The score per team (partnership) or per player (the individual games).
pub type Scores = Vec<i32>;

/// One game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The score the game started from (points carried in by `laps`): per team, or per player.
    #[serde(deserialize_with = "fields::initial_score")]
    pub initial_score: Scores,
    /// The seed the game's deals after those recorded follow from, so that a game read back
    /// (to be resumed) deals on as it would have. Absent in older records: 0 is used.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "fields::seed"
    )]
    pub seed: Option<u64>,
    #[serde(deserialize_with = "objects::list")]
    pub deals: Vec<DealRecord>,
    /// The score at the end, when the game is over.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "fields::final_score"
    )]
    pub final_score: Option<Scores>,
}

/// One deal: the cards as dealt and the decisions in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRecord {
    #[serde(deserialize_with = "fields::dealer")]
    pub dealer: u8,
    /// The hands as dealt, seat 0 first.
    pub hands: Vec<Vec<String>>,
    /// The turned card (none in Bid Euchre, where every card is dealt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upcard: Option<String>,
    /// `[seat, decision]` pairs in the order taken, decisions in canonical text (`RULES.md` §12).
    #[serde(deserialize_with = "fields::decisions")]
    pub decisions: Vec<(u8, String)>,
    /// The points the deal scored per team, or each player's score change in the individual
    /// games (checked on reading when present).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "fields::points"
    )]
    pub points: Option<Vec<i32>>,
    /// Points the deal took off each team (robson, a renege penalty under `deduct`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "fields::deductions"
    )]
    pub deductions: Option<[u8; 2]>,
}

/// A record, its games and its deals are read only from JSON objects: serde's derived readers
/// also take an array of the fields in order (`["euchre-record", 1, "four-handed", ...]`, a deal
/// as `[dealer, hands, upcard, decisions]`), which the format does not allow, and whose errors
/// spoke of serde's structs ("invalid length 0, expected struct Record with 6 elements").
mod objects {
    use serde::de::{MapAccess, SeqAccess, Visitor};
    use serde::{Deserialize, Deserializer};
    use std::fmt;
    use std::marker::PhantomData;

    /// What a part of a record is, for messages: "a deal is a JSON object (dealer, ...)".
    pub(super) trait Part {
        const IS: &'static str;
    }

    impl Part for super::Record {
        const IS: &'static str =
            "a record is one JSON object (format, version, family, rules, players, games)";
    }

    impl Part for super::GameRecord {
        const IS: &'static str = "a game is a JSON object (initial_score, seed, deals, final_score)";
    }

    impl Part for super::DealRecord {
        const IS: &'static str =
            "a deal is a JSON object (dealer, hands, upcard, decisions, points, deductions)";
    }

    /// `T`, read from a JSON object and nothing else.
    pub(super) struct Object<T>(pub(super) T);

    struct OnlyObject<T>(PhantomData<T>);

    impl<T: Part> OnlyObject<T> {
        fn not<E: serde::de::Error>(what: &str) -> Result<T, E> {
            Err(E::custom(format!("{}, not {what}", T::IS)))
        }
    }

    impl<'de, T: Deserialize<'de> + Part> Visitor<'de> for OnlyObject<T> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(T::IS)
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
            T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<T, A::Error> {
            Self::not("an array")
        }

        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<T, E> {
            Self::not("true or false")
        }

        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<T, E> {
            Self::not("a number")
        }

        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<T, E> {
            Self::not("a number")
        }

        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<T, E> {
            Self::not("a number")
        }

        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<T, E> {
            Self::not("a string")
        }

        fn visit_unit<E: serde::de::Error>(self) -> Result<T, E> {
            Self::not("null")
        }
    }

    impl<'de, T: Deserialize<'de> + Part> Deserialize<'de> for Object<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(OnlyObject(PhantomData)).map(Object)
        }
    }

    /// A list of objects (the games, a game's deals).
    pub(super) fn list<'de, D: Deserializer<'de>, T: Deserialize<'de> + Part>(
        d: D,
    ) -> Result<Vec<T>, D::Error> {
        let items = Vec::<Object<T>>::deserialize(d)?;
        Ok(items.into_iter().map(|Object(t)| t).collect())
    }
}

/// The fields that are numbers, each read with a message that names it and what it must be:
/// serde's own says "invalid type: floating point `1e30`, expected u8", naming neither (and a
/// decision of three items read as "not JSON: trailing characters").
mod fields {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    /// A value as the record wrote it, cut short: for messages. A number is shown as near as can
    /// be to its digits ([`euchre_egn::number_shown`]).
    fn shown(v: &Value) -> String {
        if let Value::Number(n) = v {
            return euchre_egn::number_shown(n);
        }
        euchre::text::shown(&v.to_string())
    }

    /// A whole number that fits `T`, or "`what`, not X".
    fn whole<T: TryFrom<i64> + TryFrom<u64>>(v: &Value, what: &str) -> Result<T, String> {
        let n = match v {
            Value::Number(n) => n
                .as_i64()
                .and_then(|x| T::try_from(x).ok())
                .or_else(|| n.as_u64().and_then(|x| T::try_from(x).ok())),
            _ => None,
        };
        n.ok_or_else(|| format!("{what}, not {}", shown(v)))
    }

    /// A list of whole numbers that fit `T`, or "`what`, not X" (naming the list).
    fn whole_list<T: TryFrom<i64> + TryFrom<u64>>(v: &Value, what: &str) -> Result<Vec<T>, String> {
        let wrong = || format!("{what}, not {}", shown(v));
        let items = v.as_array().ok_or_else(wrong)?;
        items
            .iter()
            .map(|x| whole(x, what).map_err(|_| wrong()))
            .collect()
    }

    /// An absent or `null` field is none.
    fn optional<T>(v: Value, read: impl Fn(&Value) -> Result<T, String>) -> Result<Option<T>, String> {
        match v {
            Value::Null => Ok(None),
            v => read(&v).map(Some),
        }
    }

    const SCORES: &str = "must be a list of whole numbers within ±2,147,483,647, one per team (or player)";
    /// A final score is what the engine's play made of the starting one: its arithmetic
    /// saturates at the ends of an `i32`, the least included.
    const FINAL_SCORES: &str =
        "must be a list of whole numbers from -2,147,483,648 to 2,147,483,647, one per team (or player)";

    pub(super) fn version<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        whole(
            &Value::deserialize(d)?,
            "'version' must be a whole number such as 1",
        )
        .map_err(D::Error::custom)
    }

    pub(super) fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
        let what = format!("'seed' must be a whole number 0 to {}", u64::MAX);
        optional(Value::deserialize(d)?, |v| whole(v, &what)).map_err(D::Error::custom)
    }

    pub(super) fn dealer<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        whole(&Value::deserialize(d)?, "'dealer' must be a seat number 0 to 3").map_err(D::Error::custom)
    }

    /// The same bound as EGN's `initialScore` and the engine protocol's `score`
    /// ([`euchre_egn::starting_score`]).
    pub(super) fn initial_score<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i32>, D::Error> {
        let v = Value::deserialize(d)?;
        let wrong = || format!("'initial_score' {SCORES}, not {}", shown(&v));
        let items = v.as_array().ok_or_else(wrong).map_err(D::Error::custom)?;
        items
            .iter()
            .map(|x| x.as_i64().and_then(euchre_egn::starting_score).ok_or_else(wrong))
            .collect::<Result<_, _>>()
            .map_err(D::Error::custom)
    }

    pub(super) fn final_score<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i32>>, D::Error> {
        let what = format!("'final_score' {FINAL_SCORES}");
        optional(Value::deserialize(d)?, |v| whole_list(v, &what)).map_err(D::Error::custom)
    }

    pub(super) fn points<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i32>>, D::Error> {
        let what = format!("'points' {SCORES}");
        optional(Value::deserialize(d)?, |v| whole_list(v, &what)).map_err(D::Error::custom)
    }

    pub(super) fn deductions<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[u8; 2]>, D::Error> {
        let what = "'deductions' must be two whole numbers 0 to 255, [team 0, team 1]";
        let two = |v: &Value| {
            let list: Vec<u8> = whole_list(v, what)?;
            <[u8; 2]>::try_from(list).map_err(|_| format!("{what}, not {}", shown(v)))
        };
        optional(Value::deserialize(d)?, two).map_err(D::Error::custom)
    }

    const DECISION: &str = "a decision must be [seat, text] such as [1, \"order\"]";

    /// One `[seat, text]` pair, its seat 0 to 3 (a seat 4 was told it was not its turn, while
    /// -1 was told it was no seat: records tester s53, 6).
    pub(super) fn decision(v: &Value) -> Result<(u8, String), String> {
        match v.as_array().map(Vec::as_slice) {
            Some([seat, Value::String(text)]) => {
                let what = "a decision's seat must be a seat number 0 to 3";
                let seat: u8 = whole(seat, what)?;
                if seat > 3 {
                    return Err(format!("{what}, not {seat}"));
                }
                Ok((seat, text.clone()))
            }
            _ => Err(format!("{DECISION}, not {}", shown(v))),
        }
    }

    /// `[seat, text]` pairs.
    pub(super) fn decisions<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(u8, String)>, D::Error> {
        let v = Value::deserialize(d)?;
        let items = v
            .as_array()
            .ok_or_else(|| D::Error::custom(format!("'decisions' must be a list: {DECISION}")))?;
        items
            .iter()
            .map(decision)
            .collect::<Result<_, _>>()
            .map_err(D::Error::custom)
    }

    /// The first decision of `record` (JSON that did not read as a record) that is not a
    /// `[seat, text]` pair, with its place: serde names only the end of the list it lies in
    /// (records tester s53, 4).
    pub(super) fn first_bad_decision(record: &Value) -> Option<super::RecordError> {
        let list = |v: &Value, key: &str| v.get(key).and_then(Value::as_array).cloned();
        for (g, game) in list(record, "games")?.iter().enumerate() {
            for (d, deal) in list(game, "deals").into_iter().flatten().enumerate() {
                for (k, x) in list(&deal, "decisions").into_iter().flatten().enumerate() {
                    if let Err(m) = decision(&x) {
                        return Some(
                            super::RecordError::new(m)
                                .in_game(g + 1)
                                .in_deal(d + 1)
                                .at_decision(k + 1),
                        );
                    }
                }
            }
        }
        None
    }
}

/// What is wrong with a record, and where: shown as "game 1, deal 2, decision 3: ...", and with
/// the place in fields of its own, so that a tool (or `check --json`) need not read it out of
/// the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// What is wrong, without the place.
    pub message: String,
    pub place: Place,
}

/// Where in a record a fault lies: its game, the deal in that game and the decision in that
/// deal, each counted from 1, as far down as the fault is known to lie (a bad option lies in
/// no game; a card dealt twice in a deal but no decision).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The game of the record (its `games`), from 1.
    pub game: Option<usize>,
    /// The deal of that game (its `deals`), from 1.
    pub deal: Option<usize>,
    /// The decision of that deal (its `decisions`), from 1.
    pub decision: Option<usize>,
}

impl RecordError {
    fn new(message: impl Into<String>) -> RecordError {
        RecordError {
            message: message.into(),
            place: Place::default(),
        }
    }

    fn in_game(mut self, game: usize) -> RecordError {
        self.place.game = Some(game);
        self
    }

    fn in_deal(mut self, deal: usize) -> RecordError {
        self.place.deal = Some(deal);
        self
    }

    fn at_decision(mut self, decision: usize) -> RecordError {
        self.place.decision = Some(decision);
        self
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Place { game, deal, decision } = self.place;
        let parts: Vec<String> = [("game", game), ("deal", deal), ("decision", decision)]
            .into_iter()
            .filter_map(|(what, n)| n.map(|n| format!("{what} {n}")))
            .collect();
        if parts.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", parts.join(", "), self.message)
        }
    }
}

impl std::error::Error for RecordError {}

fn err<T>(msg: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError::new(msg))
}

// ----- writing -----

fn deal_record(deal: &Deal) -> DealRecord {
    let text = |s: CardSet| s.iter().map(|c| c.to_string()).collect();
    DealRecord {
        dealer: deal.dealer().index() as u8,
        hands: deal.dealt_hands().iter().map(|h| text(*h)).collect(),
        upcard: Some(deal.upcard().to_string()),
        decisions: deal
            .history()
            .into_iter()
            .map(|(s, a)| (s.index() as u8, a.to_string()))
            .collect(),
        points: deal.is_done().then(|| deal.points().map(i32::from).to_vec()),
        deductions: (deal.deductions() != [0, 0]).then(|| deal.deductions()),
    }
}

fn game_record(game: &Game) -> GameRecord {
    GameRecord {
        initial_score: game.initial_score().to_vec(),
        seed: Some(game.seed()),
        deals: game.all_deals().map(deal_record).collect(),
        final_score: game.is_over().then(|| game.score().to_vec()),
    }
}

fn solo_deal_record(deal: &SoloDeal) -> DealRecord {
    let text = |s: &CardSet| s.iter().map(|c| c.to_string()).collect();
    DealRecord {
        dealer: deal.dealer().index() as u8,
        hands: deal.dealt_hands().iter().map(text).collect(),
        upcard: deal.upcard().map(|c| c.to_string()),
        decisions: deal
            .history()
            .iter()
            .map(|(s, a)| (s.index() as u8, a.to_string()))
            .collect(),
        points: deal.is_done().then(|| deal.delta().to_vec()),
        deductions: None,
    }
}

fn record(
    family: &str,
    options: Vec<(&str, String)>,
    players: Option<Vec<String>>,
    games: Vec<GameRecord>,
) -> Record {
    Record {
        format: FORMAT.into(),
        version: VERSION,
        family: family.into(),
        rules: options
            .into_iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
            .collect(),
        players,
        games,
    }
}

/// A game as a record.
pub fn write_game(game: &Game, players: Option<[String; 4]>) -> Record {
    let g = vec![game_record(game)];
    record(FOUR_HANDED, game.rules().options(), players.map(Vec::from), g)
}

/// A match as a record: its games in order.
pub fn write_match(m: &Match, players: Option<[String; 4]>) -> Record {
    let g = m.games().iter().map(game_record).collect();
    record(FOUR_HANDED, m.rules().options(), players.map(Vec::from), g)
}

/// A game of one of the individual games (three-handed, Bid Euchre, Set-Back) as a record.
pub fn write_solo_game(game: &SoloGame, players: Option<Vec<String>>) -> Record {
    let r = game.rules();
    let g = GameRecord {
        initial_score: game.initial_scores().to_vec(),
        seed: Some(game.seed()),
        deals: game.all_deals().map(solo_deal_record).collect(),
        final_score: game.is_over().then(|| game.scores().to_vec()),
    };
    record(r.family.name(), r.options(), players, vec![g])
}

/// A game of any family as a record.
pub fn write_any(game: &AnyGame) -> Record {
    match game {
        AnyGame::Partnership(g) => write_game(g, None),
        AnyGame::Solo(g) => write_solo_game(g, None),
    }
}

// ----- reading -----

/// A record of the partnership game, read and replayed.
#[derive(Clone, Debug)]
pub struct Replay {
    pub rules: Rules,
    pub games: Vec<Game>,
    /// Games won per team, counted as a match counts them (`laps`, `slams`).
    pub wins: [u32; 2],
}

impl Replay {
    /// True when the record is of a match: its rules make one, or it holds several games.
    pub fn is_match(&self) -> bool {
        euchre::game::is_a_match(&self.rules) || self.games.len() > 1
    }

    /// True when the record's game is over, or, for a match, its last game is over and the
    /// match was decided by it.
    pub fn is_over(&self) -> bool {
        let last_over = self.games.last().is_some_and(Game::is_over);
        if !self.is_match() {
            return last_over;
        }
        last_over && match_over(&self.rules, self.wins, self.games.len())
    }

    /// The team that won the game, or the match by games won (as the match counts them); `None`
    /// while it is unfinished, or drawn.
    pub fn winner(&self) -> Option<euchre::Team> {
        if !self.is_over() {
            return None;
        }
        if !self.is_match() {
            return self.games.last().and_then(Game::winner);
        }
        let [a, b] = self.wins;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(euchre::Team::new(0)),
            std::cmp::Ordering::Less => Some(euchre::Team::new(1)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A record of any family, read and replayed.
#[derive(Clone, Debug)]
pub enum AnyReplay {
    Partnership(Replay),
    Solo(Box<SoloGame>),
}

/// The largest record read: a match of 1,000 Railroad games as `euchre random` writes it is 6 MB.
pub const MAX_RECORD_BYTES: usize = 32 << 20;
/// The most JSON values (counted by [`euchre_egn::json_values_bound`]) a record may hold, so
/// that memory stays bounded whatever the text packs into its bytes.
pub const MAX_RECORD_VALUES: usize = 2_000_000;
/// The most games a record holds: a match of `match_games` (at most 1,000) or one to
/// `match_wins` (at most 1,000, so fewer than 2,000 games).
pub const MAX_GAMES: usize = 2_000;

/// The longest player name, in characters: EGN's limit, so that a record's names fit an EGN
/// file and neither reader takes a name the other refuses.
pub const MAX_PLAYER_NAME_CHARS: usize = euchre_egn::MAX_PLAYER_NAME_CHARS;

/// Parses a record (JSON) without replaying it.
///
/// # Errors
/// Text over [`MAX_RECORD_BYTES`] or [`MAX_RECORD_VALUES`] (refused before parsing), text that is
/// not JSON, a key given twice in one object, or not a record of this version, with serde's
/// position; a player name over [`MAX_PLAYER_NAME_CHARS`].
pub fn parse(text: &str) -> Result<Record, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return err(format!(
            "record of {} bytes is over the limit of {}",
            text.len(),
            euchre_egn::size_text(MAX_RECORD_BYTES as u64)
        ));
    }
    let values = euchre_egn::json_values_bound(text);
    if values > MAX_RECORD_VALUES {
        return err(format!(
            "record holds over {} values ({values}): refused before parsing",
            euchre_egn::grouped(MAX_RECORD_VALUES)
        ));
    }
    // A byte-order mark (some Windows editors write one) is no part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // serde keeps the last of a key given twice in `rules` without a word (and words a field
    // given twice its own way): which was meant is not known.
    if let Some(k) = repeated_key::repeated_key(text) {
        return err(k.to_string());
    }
    let objects::Object(r): objects::Object<Record> = serde_json::from_str(text).map_err(|e| {
        // Text that is not JSON at all (empty, cut short) is said to be so, as the other
        // readers say it; JSON of another shape is not a record.
        if e.is_syntax() || e.is_eof() {
            return RecordError::new(format!("not JSON: {e}{}", euchre_egn::not_json_hint(text, &e)));
        }
        // A decision that is no [seat, text] pair is named by its place, not by the end of
        // its list where serde stopped.
        if e.to_string().starts_with("a decision") {
            let placed = serde_json::from_str(text)
                .ok()
                .and_then(|v| fields::first_bad_decision(&v));
            if let Some(placed) = placed {
                return placed;
            }
        }
        RecordError::new(format!("not a record: {e}"))
    })?;
    if r.format != FORMAT {
        return err(format!("format is '{}', not '{FORMAT}'", r.format));
    }
    if r.version != VERSION {
        return err(format!(
            "version {} is not supported (this build reads {VERSION})",
            r.version
        ));
    }
    if r.family != FOUR_HANDED && !SOLO_FAMILIES.contains(&r.family.as_str()) {
        return err(format!(
            "family '{}' is not one this build plays (four-handed, three-handed, bid-euchre, set-back)",
            r.family
        ));
    }
    for name in r.players.iter().flatten() {
        let n = name.chars().count();
        if n > MAX_PLAYER_NAME_CHARS {
            return err(format!(
                "players: a name has {n} characters (at most {MAX_PLAYER_NAME_CHARS})"
            ));
        }
    }
    Ok(r)
}

/// Parses and replays a record of the partnership game.
///
/// # Errors
/// The first thing that is wrong, named by game, deal and decision.
pub fn read(text: &str) -> Result<Replay, RecordError> {
    replay(&parse(text)?)
}

/// Parses and replays a record of any family.
///
/// # Errors
/// The first thing that is wrong, named by game, deal and decision.
pub fn read_any(text: &str) -> Result<AnyReplay, RecordError> {
    let r = parse(text)?;
    if r.family == FOUR_HANDED {
        replay(&r).map(AnyReplay::Partnership)
    } else {
        replay_solo(&r).map(|g| AnyReplay::Solo(Box::new(g)))
    }
}

/// The rules of a record of an individual game: its family's preset with every option set.
///
/// # Errors
/// An unknown option, a bad value, options that clash, or rules of another family.
pub fn solo_rules_of(r: &Record) -> Result<SoloRules, RecordError> {
    let mut rules = SoloRules::preset(&r.family).map_err(|e| RecordError::new(format!("rules: {e}")))?;
    for (k, v) in rule_settings(r)? {
        rules
            .set(k, &v)
            .map_err(|e| RecordError::new(format!("rules: {e}")))?;
    }
    if rules.family.name() != r.family {
        return err(format!(
            "rules: family {} but the record says {}",
            rules.family.name(),
            r.family
        ));
    }
    rules
        .validate()
        .map_err(|e| RecordError::new(format!("rules: {e}")))?;
    Ok(rules)
}

/// Replays a record of an individual game (one game).
///
/// # Errors
/// The first thing that is wrong, named by deal and decision.
pub fn replay_solo(r: &Record) -> Result<SoloGame, RecordError> {
    let rules = solo_rules_of(r)?;
    let p = usize::from(rules.players);
    if let Some(names) = &r.players {
        if names.len() != p {
            return err(format!("players: {} names for {p} players", names.len()));
        }
    }
    let [gr] = r.games.as_slice() else {
        return err(format!(
            "{} games: a record of {} holds one",
            r.games.len(),
            r.family
        ));
    };
    let at = |m: String| RecordError::new(m).in_game(1);
    if gr.initial_score.len() != p {
        return Err(at(format!(
            "initial_score has {} scores, not one per player ({p})",
            gr.initial_score.len()
        )));
    }
    let mut game: Option<SoloGame> = None;
    for (i, dr) in gr.deals.iter().enumerate() {
        let at = |m: String| RecordError::new(m).in_game(1).in_deal(i + 1);
        let deal = solo_deal_of(&rules, dr).map_err(at)?;
        match game.as_mut() {
            None => {
                let from = SoloGame::starting_from(deal, gr.seed.unwrap_or(0), &gr.initial_score);
                game = Some(from.map_err(|e| {
                    RecordError::new(format!("initial_score {:?}: {e}", gr.initial_score)).in_game(1)
                })?)
            }
            Some(g) => {
                if g.is_over() {
                    return Err(at("the game was already over".into()));
                }
                if !g.deal().is_done() {
                    return Err(at("the deal before is unfinished".into()));
                }
                let dealer = deal.dealer();
                let left = (g.deal().dealer().index() + 1) % p;
                if !g.next_deal_given(deal) {
                    return Err(at(format!(
                        "dealer is seat {dealer} but the deal passes left to seat {left}"
                    )));
                }
            }
        }
        let g = game.as_mut().expect("a game once a deal is read");
        apply_decisions(g, &dr.decisions).map_err(|e| e.in_game(1).in_deal(i + 1))?;
        if let Some(p) = &dr.points {
            let d = g.deal();
            if !d.is_done() {
                return Err(at(unfinished_points(p)));
            }
            if p.as_slice() != d.delta() {
                return Err(at(format!("points {p:?} but the play scores {:?}", d.delta())));
            }
        }
    }
    let game = game.ok_or_else(|| RecordError::new("no deals").in_game(1))?;
    if let Some(fs) = &gr.final_score {
        if !game.is_over() || fs.as_slice() != game.scores() {
            return Err(RecordError::new(format!(
                "final_score {fs:?} but the play scores {:?}{}",
                game.scores(),
                if game.is_over() {
                    ""
                } else {
                    " and the game is not over"
                }
            ))
            .in_game(1));
        }
    }
    Ok(game)
}

fn solo_deal_of(rules: &SoloRules, dr: &DealRecord) -> Result<SoloDeal, String> {
    let dealer = Seat::try_new(u64::from(dr.dealer)).ok_or_else(|| dealer_is_no_seat(dr.dealer))?;
    let mut hands = Vec::new();
    for cards in &dr.hands {
        let mut h = CardSet::EMPTY;
        for t in cards {
            let c = card_of(t)?;
            if h.contains(c) {
                return Err(format!("{c} is dealt twice, both to seat {}", hands.len()));
            }
            h.insert(c);
        }
        hands.push(h);
    }
    let upcard = match &dr.upcard {
        Some(t) => Some(card_of(t).map_err(|e| format!("upcard: {e}"))?),
        None => None,
    };
    SoloDeal::new(*rules, dealer, &hands, upcard).map_err(|e| e.to_string())
}

/// A record's options as name and value text, in the record's order.
///
/// # Errors
/// A value that is not a string, number or boolean, or settings that would keep one of
/// themselves silently, as `--set` and the engine protocol refuse them: one option by both its
/// names (`std` and `stick_the_dealer`), or `winning_score` and `num_deals` both above 0.
fn rule_settings(r: &Record) -> Result<Vec<(&str, String)>, RecordError> {
    let settings: Vec<(&str, String)> = r
        .rules
        .iter()
        .map(|(k, v)| match v {
            serde_json::Value::String(s) => Ok((k.as_str(), s.clone())),
            serde_json::Value::Bool(b) => Ok((k.as_str(), b.to_string())),
            serde_json::Value::Number(n) => Ok((k.as_str(), euchre_egn::option_number_text(n))),
            _ => err(format!("rules: {k} must be a string, number or boolean")),
        })
        .collect::<Result<_, _>>()?;
    let pairs: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
    match settings_clash(&pairs) {
        Some(SettingsClash::Twice {
            first,
            second,
            option,
        }) => err(format!(
            "rules: options {} and {} are one option, {option}: give it once",
            pairs[first].0, pairs[second].0
        )),
        Some(SettingsClash::TargetAndDeals) => {
            err("rules: options winning_score and num_deals exclude each other: give one")
        }
        None => Ok(settings),
    }
}

/// The rules a record names: every option set on top of the defaults.
///
/// # Errors
/// An unknown option, a bad value, or options that clash.
pub fn rules_of(r: &Record) -> Result<Rules, RecordError> {
    let mut rules = Rules::default();
    // `winning_score` and `num_deals` exclude each other: set the non-zero one last.
    let mut opts = rule_settings(r)?;
    opts.sort_by_key(|(k, v)| (*k == "winning_score" || *k == "num_deals") && v != "0");
    for (k, v) in opts {
        rules
            .set(k, &v)
            .map_err(|e| RecordError::new(format!("rules: {e}")))?;
    }
    rules
        .validate()
        .map_err(|e| RecordError::new(format!("rules: {e}")))?;
    Ok(rules)
}

/// Replays a parsed record.
///
/// # Errors
/// The first thing that is wrong, named by game, deal and decision.
pub fn replay(r: &Record) -> Result<Replay, RecordError> {
    if r.family != FOUR_HANDED {
        return err(format!("a record of {}, not of the four-handed game", r.family));
    }
    let rules = rules_of(r)?;
    if let Some(p) = &r.players {
        if p.len() != 4 {
            return err(format!("players: {} names, not 4", p.len()));
        }
    }
    if r.games.is_empty() {
        return err("no games");
    }
    if r.games.len() > MAX_GAMES {
        return err(format!(
            "{} games: a match has at most {MAX_GAMES}",
            r.games.len()
        ));
    }
    let mut games = Vec::new();
    let mut wins = [0u32; 2];
    let mut carry = [0i32; 2];
    for (g, gr) in r.games.iter().enumerate() {
        let at = |m: String| RecordError::new(m).in_game(g + 1);
        if gr.initial_score.len() != 2 {
            return Err(at(format!(
                "initial_score has {} scores, not one per team",
                gr.initial_score.len()
            )));
        }
        if g > 0 {
            if match_over(&rules, wins, g) {
                return Err(at("the match was already decided".into()));
            }
            if rules.laps && gr.initial_score != carry.to_vec() {
                return Err(at(format!(
                    "initial_score {:?} but laps carry {:?} from the game before",
                    gr.initial_score, carry
                )));
            }
        }
        let game = replay_game(&rules, gr).map_err(|e| e.in_game(g + 1))?;
        if game.winner().is_some() {
            let (won, carried) = game.match_result();
            wins = [wins[0] + won[0], wins[1] + won[1]];
            carry = carried;
        }
        games.push(game);
    }
    Ok(Replay { rules, games, wins })
}

fn replay_game(rules: &Rules, gr: &GameRecord) -> Result<Game, RecordError> {
    let initial = [gr.initial_score[0], gr.initial_score[1]];
    euchre::game::check_starting_score(rules, initial)
        .map_err(|e| RecordError::new(format!("initial_score {e}")))?;
    let mut game: Option<Game> = None;
    for (i, dr) in gr.deals.iter().enumerate() {
        let at = |m: String| RecordError::new(m).in_deal(i + 1);
        let deal = deal_of(rules, dr).map_err(at)?;
        match game.as_mut() {
            None => game = Some(Game::starting_with(deal, gr.seed.unwrap_or(0), initial)),
            Some(g) => {
                if g.is_over() {
                    return Err(at("the game was already over".into()));
                }
                if !g.deal().is_done() {
                    return Err(at("the deal before is unfinished".into()));
                }
                let expected = euchre::game::next_dealer(g.deal());
                if deal.dealer() != expected {
                    return Err(at(format!(
                        "dealer is seat {} but the deal passes left to seat {expected}",
                        deal.dealer()
                    )));
                }
                g.next_deal_given(deal);
            }
        }
        let g = game.as_mut().expect("a game once a deal is read");
        apply_decisions(g, &dr.decisions).map_err(|e| e.in_deal(i + 1))?;
        let d = g.deal();
        if let Some(p) = &dr.points {
            if !d.is_done() {
                return Err(at(unfinished_points(p)));
            }
            if p.as_slice() != d.points().map(i32::from) {
                return Err(at(format!("points {p:?} but the play scores {:?}", d.points())));
            }
        }
        // The writer gives the deductions taken so far, on an unfinished deal too: they are
        // held to the play as far as it goes (records tester s53, 1).
        if let Some(off) = dr.deductions {
            if off != d.deductions() {
                let so_far = if d.is_done() {
                    ""
                } else {
                    " so far (the deal is unfinished)"
                };
                return Err(at(format!(
                    "deductions {off:?} but the play takes off {:?}{so_far}",
                    d.deductions()
                )));
            }
        }
    }
    let game = game.ok_or_else(|| RecordError::new("no deals"))?;
    if let Some(fs) = &gr.final_score {
        if !game.is_over() {
            return Err(RecordError::new(format!(
                "final_score {fs:?} but the game is not over"
            )));
        }
        if fs.as_slice() != game.score() {
            return Err(RecordError::new(format!(
                "final_score {fs:?} but the play scores {:?}",
                game.score()
            )));
        }
    }
    Ok(game)
}

/// What is wrong with points given for a deal whose play has not ended: the writer gives none
/// there, and a file cut short that still holds the finished deal's points claims what the play
/// has not made (records tester s53, 1).
fn unfinished_points(p: &[i32]) -> String {
    format!("points {p:?} but the deal is unfinished: it has scored nothing yet")
}

/// Applies a deal's recorded decisions to a game of any family, each by the seat whose turn it
/// is; the error names the decision.
fn apply_decisions(g: &mut dyn Table, decisions: &[(u8, String)]) -> Result<(), RecordError> {
    for (k, (seat, text)) in decisions.iter().enumerate() {
        let at = |m: String| RecordError::new(m).at_decision(k + 1);
        let a: Action = text
            .parse()
            .map_err(|e: euchre::action::ParseActionError| at(e.to_string()))?;
        // One spelling per decision, so records compare and search as text.
        if a.to_string() != *text {
            return Err(at(format!("'{text}' is not canonical text: write '{a}'")));
        }
        let to_act = g.to_act();
        if to_act.map(|s| s.index() as u8) != Some(*seat) {
            return Err(at(match to_act {
                Some(s) => format!("'{a}' by seat {seat}, but it is seat {s}'s turn"),
                None => format!("'{a}' by seat {seat}, but the deal is over"),
            }));
        }
        g.apply(a).map_err(|e| {
            at(match e {
                // It names the action itself ("seat 1 may not farmers" did not read).
                IllegalAction::NotNow { .. } => format!("seat {seat}: {e}"),
                _ => format!("seat {seat} may not {}: {e}", a.as_verb()),
            })
        })?;
    }
    Ok(())
}

/// A card in the canonical text of `RULES.md` section 1 (`JD`, `TC`, `B`), the only spelling a
/// record uses.
fn card_of(text: &str) -> Result<Card, String> {
    let c: Card = text
        .parse()
        .map_err(|e: euchre::card::ParseCardError| e.to_string())?;
    if c.to_string() != text {
        return Err(format!("'{text}' is not canonical card text: write '{c}'"));
    }
    Ok(c)
}

/// What is wrong with a dealer who is not a seat: the same words as a dealer that is not a number.
fn dealer_is_no_seat(dealer: u8) -> String {
    format!("'dealer' must be a seat number 0 to 3, not {dealer}")
}

fn deal_of(rules: &Rules, dr: &DealRecord) -> Result<Deal, String> {
    let dealer = Seat::try_new(u64::from(dr.dealer)).ok_or_else(|| dealer_is_no_seat(dr.dealer))?;
    if dr.hands.len() != 4 {
        return Err(format!("{} hands, not 4", dr.hands.len()));
    }
    let mut hands = [CardSet::EMPTY; 4];
    for (seat, (h, cards)) in hands.iter_mut().zip(&dr.hands).enumerate() {
        for t in cards {
            let c = card_of(t)?;
            if h.contains(c) {
                return Err(format!("{c} is dealt twice, both to seat {seat}"));
            }
            h.insert(c);
        }
    }
    let upcard = card_of(
        dr.upcard
            .as_deref()
            .ok_or("the four-handed game needs an upcard")?,
    )?;
    Deal::new(*rules, dealer, hands, upcard, CardSet::EMPTY).map_err(|e| e.to_string())
}
