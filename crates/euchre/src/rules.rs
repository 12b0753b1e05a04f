//! The typed ruleset: every table option of `RULES.md` as a field, and the named presets.
//!
//! Option names are those of `RULES.md` (and so of EGN's ruleset keys where EGN has one). Text
//! `name=value` settings are parsed here, once, at the edge; the engine reads typed fields only.

use crate::card::{Rank, Suit};
use crate::cardset::CardSet;
use crate::presets::all_presets;
pub use crate::presets::PRESETS;
use crate::text::shown;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What happens when the Joker is turned up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JokerUpcard {
    /// Trump is the suit agreed before play (Railroad): the Joker stands for that suit.
    AgreedSuit(Suit),
    /// The dealer names trump blind and the dealer's side are the makers (British).
    BlindShout,
}

/// How partnerships are formed at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Partners {
    /// Players sit in the order given.
    Fixed,
    /// Each player cuts; the two highest play the two lowest (aces low).
    CutHighLow,
}

/// How the first dealer is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstDealer {
    Random,
    /// Cards dealt face up one at a time from seat 0; the first jack deals.
    FirstJack,
}

/// Dealing packets: 2 then 3, or 3 then 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Packets {
    TwoThree,
    ThreeTwo,
}

/// Who may make trump with a single bower as their only trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrumpRequirement {
    None,
    /// Nobody may make trump when a lone jack is their only trump.
    TwoTrumps,
    /// Only the dealer is held to that.
    TwoTrumpsDealerOnly,
}

/// When the maker says whether they play alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AloneTiming {
    /// With the call itself (`order alone`, `call H alone`).
    WithCall,
    /// After the call and the dealer's discard, as a separate decision (OpenSpiel).
    AfterDiscard,
}

/// Who may defend alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefendAlone {
    Never,
    /// Only against a lone maker.
    AgainstLoner,
    /// Against any maker (British).
    Any,
}

/// What a shown farmer's hand (or ace-no-face) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FarmersPolicy {
    /// The player gives three cards of the hand for the three kitty cards.
    Exchange,
    /// The deal is thrown in and the same dealer deals again.
    Redeal,
}

/// Which tricks the opponents of a jambone player call cards to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JamboneCalls {
    /// Keller 1887: the first trick only. The opponent on the jambone player's left names the
    /// lead; when an opponent leads, that leader names the card the jambone player plays.
    FirstTrick,
    /// Railroad: every trick. The opponent on the left names the lead, the opponent on the right
    /// the card to follow.
    EveryTrick,
}

/// Who may play jambone or claim a jamboree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JamBy {
    /// Only the player who made trump (Railroad: "only the Maker of the trump can go alone, call
    /// Jambone or Jamboree"), as only the maker may go alone in the standard game.
    Maker,
    /// Either player of the side that made trump (Keller 1887: "when he orders up, takes up, or
    /// makes the trump; or when his partner assists, orders up, or makes the trump").
    MakersSide,
}

/// Whether a player may fail to follow suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reneging {
    /// Illegal plays are refused.
    Prevented,
    /// Table mode: any card may be played; the opponents may claim a renege after the last trick.
    Penalised,
}

/// What a proven renege costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RenegePenaltyMode {
    /// The innocent side adds 2 (4 when it was playing a lone hand).
    Add,
    /// The guilty side loses 2 (4 when the innocent side was playing a lone hand).
    Deduct,
}

/// Who leads the first trick when someone plays alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LonerLead {
    /// The eldest, skipping a seat that sits out.
    LeftOfDealer,
    /// The seat left of the loner.
    LeftOfLoner,
}

/// A complete four-handed ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub min_rank: u8,
    pub joker: bool,
    pub joker_upcard: JokerUpcard,
    pub partners: Partners,
    pub first_dealer: FirstDealer,
    pub packets: Packets,
    pub dealer_may_discard_upcard: bool,
    pub stick_the_dealer: bool,
    pub canadian: bool,
    pub trump_requirement: TrumpRequirement,
    pub allow_no_trump: bool,
    pub dealer_shouts_first: bool,
    pub alone_timing: AloneTiming,
    pub defend_alone: DefendAlone,
    pub loner_lead: LonerLead,
    /// When both a maker and a defender play alone, the defender leads (`RULES.md` §4). OpenSpiel
    /// instead keeps the left-of-dealer lead, so its preset turns this off.
    pub defender_leads_both_alone: bool,
    /// Defenders are asked whether to defend alone clockwise from the maker's left (`RULES.md`
    /// §4); OpenSpiel asks clockwise from the dealer's left, so its preset sets this.
    pub defenders_asked_from_dealer: bool,
    pub loner_small_score: u8,
    pub loner_march_score: u8,
    pub loner_euchred_score: u8,
    pub lone_defender_score: u8,
    /// Defenders who take the first two tricks and then lose the last three hold the hand to 0-0.
    pub fast_break: bool,
    /// A partnered maker taking exactly 4 tricks earns a token; 4 tokens are traded for a point.
    pub four_trick_tokens: bool,
    /// The dealer's partner making trump and succeeding scores 1 more, and the dealer deals again.
    pub point_on_partner: bool,
    /// Railroad: a loner passes a card face down to the partner, who gives back their best; a
    /// dealer who takes up the upcard exchanges with the partner first.
    pub partners_best: bool,
    /// The maker may play jambone: alone with the hand face up, the opponents calling cards.
    pub jambone: bool,
    pub jambone_calls: JamboneCalls,
    /// Who may play jambone or claim a jamboree: the maker only, or the maker's partner too.
    pub jambone_jamboree_by: JamBy,
    /// What the defenders score for euchring a jambone (Keller 8, Railroad 2).
    pub jambone_euchred_score: u8,
    /// A march may instead take 2 (4 alone) off the opponents; a dealer who turns a jack may go
    /// alone blind.
    pub robson: bool,
    pub reneging: Reneging,
    pub renege_penalty_mode: RenegePenaltyMode,
    /// Points beyond the target carry into the next game of the match.
    pub laps: bool,
    /// A game won while the losers have 0 counts as two games.
    pub slams: bool,
    /// The makers' side holding the five highest trumps may claim 16 points without play.
    pub jamboree: bool,
    /// A hand of only 9s and 10s (a farmer's hand) may be shown before the bidding.
    pub farmers: bool,
    /// A hand of one ace and otherwise 9s and 10s (ace-no-face) may be shown too.
    pub go_under: bool,
    /// What showing such a hand does: exchange three cards for the kitty, or throw the deal in.
    pub farmers_policy: FarmersPolicy,
    /// Target score; 0 means the game is a fixed number of deals.
    pub winning_score: u16,
    /// Fixed number of deals; 0 means play to `winning_score`.
    pub num_deals: u16,
    /// A match is this many games (0: see `match_wins`).
    pub match_games: u16,
    /// A match ends when a team has won this many games (0: see `match_games`). Setting it
    /// lifts a `match_games` cap smaller than it (to 0, no cap).
    pub match_wins: u16,
}

/// A ruleset or option that can't be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    UnknownPreset(String),
    UnknownOption(String),
    /// An option of the other family of games (`ante` for the four-handed game, `num_deals`
    /// for the individual games): known, but not one these rules have.
    OtherFamily {
        option: String,
        four_handed: bool,
    },
    /// A player count other than 4 for the partnership game (`players=3`, as given).
    NotFourPlayers(String),
    BadValue {
        option: String,
        value: String,
        expected: &'static str,
    },
    Inconsistent(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset(p) => {
                let names: Vec<&str> = all_presets().iter().map(|p| p.0).collect();
                write!(f, "unknown preset '{}' (presets: {})", shown(p), names.join(", "))
            }
            RulesError::UnknownOption(o) => write!(f, "unknown rule option '{}'", shown(o)),
            RulesError::OtherFamily { option, four_handed } => {
                let (whose, not) = if *four_handed {
                    ("the four-handed game", "the individual games (three-handed, bid-euchre, set-back)")
                } else {
                    ("the individual games (three-handed, bid-euchre, set-back)", "the four-handed game")
                };
                write!(f, "rule option '{}' belongs to {whose}, not to {not}", shown(option))
            }
            RulesError::NotFourPlayers(o) => write!(
                f,
                "rule option '{}': the partnership game is for 4 players (three-handed, bid-euchre and set-back are the presets for fewer)",
                shown(o)
            ),
            RulesError::BadValue {
                option,
                value,
                expected,
            } => {
                write!(f, "option {option}: '{}' is not {expected}", shown(value))
            }
            RulesError::Inconsistent(m) => write!(f, "inconsistent rules: {m}"),
        }
    }
}

impl std::error::Error for RulesError {}

impl Default for Rules {
    fn default() -> Rules {
        Rules::NORTH_AMERICAN
    }
}

impl Rules {
    /// The default North American ruleset.
    pub const NORTH_AMERICAN: Rules = Rules {
        min_rank: 9,
        joker: false,
        joker_upcard: JokerUpcard::BlindShout,
        partners: Partners::Fixed,
        first_dealer: FirstDealer::Random,
        packets: Packets::TwoThree,
        dealer_may_discard_upcard: false,
        stick_the_dealer: false,
        canadian: false,
        trump_requirement: TrumpRequirement::None,
        allow_no_trump: false,
        dealer_shouts_first: false,
        alone_timing: AloneTiming::WithCall,
        defend_alone: DefendAlone::Never,
        loner_lead: LonerLead::LeftOfDealer,
        defender_leads_both_alone: true,
        defenders_asked_from_dealer: false,
        loner_small_score: 1,
        loner_march_score: 4,
        loner_euchred_score: 2,
        lone_defender_score: 4,
        fast_break: false,
        four_trick_tokens: false,
        point_on_partner: false,
        partners_best: false,
        jambone: false,
        jambone_calls: JamboneCalls::FirstTrick,
        jambone_jamboree_by: JamBy::Maker,
        jambone_euchred_score: 8,
        robson: false,
        reneging: Reneging::Prevented,
        renege_penalty_mode: RenegePenaltyMode::Add,
        laps: false,
        slams: false,
        jamboree: false,
        farmers: false,
        go_under: false,
        farmers_policy: FarmersPolicy::Exchange,
        winning_score: 10,
        num_deals: 0,
        match_games: 1,
        match_wins: 0,
    };

    /// The named preset.
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for a name not in [`PRESETS`].
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let na = Rules::NORTH_AMERICAN;
        Ok(match crate::presets::preset_name(name).unwrap_or_default() {
            "north-american" => na,
            "tournament" => Rules {
                stick_the_dealer: true,
                loner_lead: LonerLead::LeftOfLoner,
                ..na
            },
            "canadian" => Rules { canadian: true, ..na },
            "british" => Rules {
                joker: true,
                joker_upcard: JokerUpcard::BlindShout,
                winning_score: 11,
                canadian: true,
                packets: Packets::ThreeTwo,
                defend_alone: DefendAlone::Any,
                loner_lead: LonerLead::LeftOfLoner,
                lone_defender_score: 4,
                ..na
            },
            "railroad" => Rules {
                joker: true,
                joker_upcard: JokerUpcard::AgreedSuit(Suit::Hearts),
                winning_score: 5,
                partners_best: true,
                defend_alone: DefendAlone::AgainstLoner,
                loner_small_score: 3,
                loner_march_score: 4,
                loner_euchred_score: 4,
                lone_defender_score: 4,
                laps: true,
                slams: true,
                jambone: true,
                jambone_calls: JamboneCalls::EveryTrick,
                jambone_euchred_score: 2,
                jamboree: true,
                ..na
            },
            "keller-1887" => Rules {
                winning_score: 5,
                laps: true,
                slams: true,
                jambone: true,
                jambone_calls: JamboneCalls::FirstTrick,
                jambone_jamboree_by: JamBy::MakersSide,
                jambone_euchred_score: 8,
                jamboree: true,
                ..na
            },
            "mathews-1844" => Rules {
                min_rank: 7,
                winning_score: 5,
                ..na
            },
            "openspiel" => Rules {
                stick_the_dealer: true,
                alone_timing: AloneTiming::AfterDiscard,
                defend_alone: DefendAlone::Never,
                defender_leads_both_alone: false,
                defenders_asked_from_dealer: true,
                winning_score: 0,
                num_deals: 1,
                ..na
            },
            _ => return Err(RulesError::UnknownPreset(name.to_string())),
        })
    }

    /// The lowest rank in each suit.
    pub fn min_rank(&self) -> Rank {
        Rank::from_number(self.min_rank).unwrap_or(Rank::Nine)
    }

    /// Every card in play under these rules.
    pub fn deck(&self) -> CardSet {
        CardSet::deck(self.min_rank(), self.joker)
    }

    /// Checks the combination of options.
    ///
    /// # Errors
    /// [`RulesError::Inconsistent`] naming the clash.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(7..=9).contains(&self.min_rank) {
            return Err(RulesError::Inconsistent(format!(
                "min_rank {} is not 7, 8 or 9",
                self.min_rank
            )));
        }
        if self.winning_score == 0 && self.num_deals == 0 {
            return Err(RulesError::Inconsistent(
                "one of winning_score and num_deals must be set (above 0): a game ends at a target score or after a number of deals".into(),
            ));
        }
        if self.winning_score != 0 && self.num_deals != 0 {
            return Err(RulesError::Inconsistent(
                "winning_score and num_deals are exclusive: set the other to 0".into(),
            ));
        }
        let exchanging = (self.farmers || self.go_under) && self.farmers_policy == FarmersPolicy::Exchange;
        if exchanging && self.deck().len() != 24 {
            return Err(RulesError::Inconsistent(
                "a farmer's exchange takes the three kitty cards, so it needs the 24-card deck".into(),
            ));
        }
        if self.jambone && self.alone_timing == AloneTiming::AfterDiscard {
            return Err(RulesError::Inconsistent(
                "jambone is declared with the call (order jambone, call H jambone), so it needs alone_timing = with_call".into(),
            ));
        }
        if self.match_games == 0 && self.match_wins == 0 {
            return Err(RulesError::Inconsistent(
                "one of match_games and match_wins must be set".into(),
            ));
        }
        if self.match_wins > 0 && self.match_games > 0 && self.match_games < self.match_wins {
            return Err(RulesError::Inconsistent(format!(
                "a match of at most {} games can't be won by winning {}: set match_games to 0 (no cap) or to at least match_wins",
                self.match_games, self.match_wins
            )));
        }
        Ok(())
    }

    /// Sets one option from its text value.
    ///
    /// # Errors
    /// Unknown option, a value of the wrong kind, or an option of a later variant.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let val = OptionValue::new(name, value);
        let v = val.text;
        let bad = |expected| val.bad(expected);
        let boolean = || val.boolean();
        let number = |lo, hi, expected| val.number(lo, hi, expected);
        let lower = v.to_ascii_lowercase().replace('-', "_");
        match option_name(name) {
            "min_rank" => self.min_rank = number(7, 9, "7, 8 or 9")? as u8,
            "joker" => self.joker = boolean()?,
            "joker_upcard" => {
                self.joker_upcard = if lower == "blind_shout" {
                    JokerUpcard::BlindShout
                } else if let Some(s) = lower.strip_prefix("agreed_suit:") {
                    JokerUpcard::AgreedSuit(
                        s.parse()
                            .map_err(|_| bad("agreed_suit:<C|D|H|S> or blind_shout"))?,
                    )
                } else {
                    return Err(bad("agreed_suit:<C|D|H|S> or blind_shout"));
                }
            }
            "partners" => {
                self.partners = match lower.as_str() {
                    "fixed" => Partners::Fixed,
                    "cut_high_low" => Partners::CutHighLow,
                    _ => return Err(bad("fixed or cut_high_low")),
                }
            }
            "first_dealer" => {
                self.first_dealer = match lower.as_str() {
                    "random" => FirstDealer::Random,
                    "first_jack" => FirstDealer::FirstJack,
                    _ => return Err(bad("random or first_jack")),
                }
            }
            "packets" => {
                self.packets = match lower.as_str() {
                    "2_3" => Packets::TwoThree,
                    "3_2" => Packets::ThreeTwo,
                    _ => return Err(bad("2-3 or 3-2")),
                }
            }
            "dealer_may_discard_upcard" => self.dealer_may_discard_upcard = boolean()?,
            "stick_the_dealer" => self.stick_the_dealer = boolean()?,
            "canadian" => self.canadian = boolean()?,
            "trump_requirement" => {
                self.trump_requirement = match lower.as_str() {
                    "none" => TrumpRequirement::None,
                    "two_trumps" => TrumpRequirement::TwoTrumps,
                    "two_trumps_dealer_only" => TrumpRequirement::TwoTrumpsDealerOnly,
                    _ => return Err(bad("none, two_trumps or two_trumps_dealer_only")),
                }
            }
            "allow_no_trump" => self.allow_no_trump = boolean()?,
            "dealer_shouts_first" => self.dealer_shouts_first = boolean()?,
            "alone_timing" => {
                self.alone_timing = match lower.as_str() {
                    "with_call" => AloneTiming::WithCall,
                    "after_discard" => AloneTiming::AfterDiscard,
                    _ => return Err(bad("with_call or after_discard")),
                }
            }
            "defend_alone" => {
                self.defend_alone = match lower.as_str() {
                    "never" | "false" => DefendAlone::Never,
                    "against_loner" | "true" => DefendAlone::AgainstLoner,
                    "any" => DefendAlone::Any,
                    _ => return Err(bad("never, against_loner or any")),
                }
            }
            "loner_lead" => {
                self.loner_lead = match lower.as_str() {
                    "left_of_dealer" => LonerLead::LeftOfDealer,
                    "left_of_loner" => LonerLead::LeftOfLoner,
                    _ => return Err(bad("LEFT_OF_DEALER or LEFT_OF_LONER")),
                }
            }
            "defender_leads_both_alone" => self.defender_leads_both_alone = boolean()?,
            "defenders_asked_from_dealer" => self.defenders_asked_from_dealer = boolean()?,
            "loner_small_score" => self.loner_small_score = number(0, 16, "a score 0..16")? as u8,
            "loner_march_score" => self.loner_march_score = number(0, 16, "a score 0..16")? as u8,
            "loner_euchred_score" => self.loner_euchred_score = number(0, 16, "a score 0..16")? as u8,
            "lone_defender_score" => self.lone_defender_score = number(0, 16, "a score 0..16")? as u8,
            "fast_break" => self.fast_break = boolean()?,
            "four_trick_tokens" => self.four_trick_tokens = boolean()?,
            "point_on_partner" => self.point_on_partner = boolean()?,
            "partners_best" => self.partners_best = boolean()?,
            "jambone" => self.jambone = boolean()?,
            "jambone_calls" => {
                self.jambone_calls = match lower.as_str() {
                    "first_trick" => JamboneCalls::FirstTrick,
                    "every_trick" => JamboneCalls::EveryTrick,
                    _ => return Err(bad("first_trick or every_trick")),
                }
            }
            "jambone_jamboree_by" => {
                self.jambone_jamboree_by = match lower.as_str() {
                    "maker" => JamBy::Maker,
                    "makers_side" => JamBy::MakersSide,
                    _ => return Err(bad("maker or makers_side")),
                }
            }
            "jambone_euchred_score" => self.jambone_euchred_score = number(0, 16, "a score 0..16")? as u8,
            "robson" => self.robson = boolean()?,
            "reneging" => {
                self.reneging = match lower.as_str() {
                    "prevented" => Reneging::Prevented,
                    "penalised" | "penalized" => Reneging::Penalised,
                    _ => return Err(bad("prevented or penalised")),
                }
            }
            "renege_penalty_mode" => {
                self.renege_penalty_mode = match lower.as_str() {
                    "add" => RenegePenaltyMode::Add,
                    "deduct" => RenegePenaltyMode::Deduct,
                    _ => return Err(bad("add or deduct")),
                }
            }
            "laps" => self.laps = boolean()?,
            "slams" => self.slams = boolean()?,
            "jamboree" => self.jamboree = boolean()?,
            "farmers" => self.farmers = boolean()?,
            "go_under" => self.go_under = boolean()?,
            "farmers_policy" => {
                self.farmers_policy = match lower.as_str() {
                    "exchange" => FarmersPolicy::Exchange,
                    "redeal" => FarmersPolicy::Redeal,
                    _ => return Err(bad("exchange or redeal")),
                }
            }
            "winning_score" => {
                self.winning_score = number(0, 1000, "a score 0..1000")? as u16;
                if self.winning_score > 0 {
                    self.num_deals = 0;
                }
            }
            "num_deals" => {
                self.num_deals = number(0, 1000, "a number of deals 0..1000")? as u16;
                if self.num_deals > 0 {
                    self.winning_score = 0;
                }
            }
            "match_games" => self.match_games = number(0, 1000, "a number of games 0..1000")? as u16,
            "match_wins" => {
                self.match_wins = number(0, 1000, "a number of games 0..1000")? as u16;
                // A cap of fewer games than the wins asked for (the default cap is one game)
                // would end the match before anyone could win it: first to N has no cap unless
                // one of at least N games is set.
                if self.match_wins > 0 && self.match_games < self.match_wins {
                    self.match_games = 0;
                }
            }
            "players" => {
                if v != "4" {
                    return Err(RulesError::NotFourPlayers(format!("{}={v}", name.trim())));
                }
            }
            _ => return Err(RulesError::UnknownOption(name.trim().to_string())),
        }
        Ok(())
    }

    /// Whether `name` (or its alias) is one of the four-handed game's options.
    pub fn has_option(name: &str) -> bool {
        let name = option_name(name);
        name == "players" || Rules::default().options().iter().any(|(o, _)| *o == name)
    }

    /// Every option with its value as text, in `RULES.md` order (the form `set` accepts).
    pub fn options(&self) -> Vec<(&'static str, String)> {
        fn e<T: fmt::Debug>(t: T) -> String {
            snake(&format!("{t:?}"))
        }
        vec![
            ("min_rank", self.min_rank.to_string()),
            ("joker", self.joker.to_string()),
            (
                "joker_upcard",
                match self.joker_upcard {
                    JokerUpcard::AgreedSuit(s) => format!("agreed_suit:{s}"),
                    JokerUpcard::BlindShout => "blind_shout".into(),
                },
            ),
            ("partners", e(self.partners)),
            ("first_dealer", e(self.first_dealer)),
            (
                "packets",
                if self.packets == Packets::TwoThree {
                    "2-3"
                } else {
                    "3-2"
                }
                .into(),
            ),
            (
                "dealer_may_discard_upcard",
                self.dealer_may_discard_upcard.to_string(),
            ),
            ("stick_the_dealer", self.stick_the_dealer.to_string()),
            ("canadian", self.canadian.to_string()),
            ("trump_requirement", e(self.trump_requirement)),
            ("allow_no_trump", self.allow_no_trump.to_string()),
            ("dealer_shouts_first", self.dealer_shouts_first.to_string()),
            ("alone_timing", e(self.alone_timing)),
            ("defend_alone", e(self.defend_alone)),
            ("loner_lead", e(self.loner_lead).to_ascii_uppercase()),
            (
                "defender_leads_both_alone",
                self.defender_leads_both_alone.to_string(),
            ),
            (
                "defenders_asked_from_dealer",
                self.defenders_asked_from_dealer.to_string(),
            ),
            ("loner_small_score", self.loner_small_score.to_string()),
            ("loner_march_score", self.loner_march_score.to_string()),
            ("loner_euchred_score", self.loner_euchred_score.to_string()),
            ("lone_defender_score", self.lone_defender_score.to_string()),
            ("fast_break", self.fast_break.to_string()),
            ("four_trick_tokens", self.four_trick_tokens.to_string()),
            ("point_on_partner", self.point_on_partner.to_string()),
            ("partners_best", self.partners_best.to_string()),
            ("jambone", self.jambone.to_string()),
            ("jambone_calls", e(self.jambone_calls)),
            ("jambone_jamboree_by", e(self.jambone_jamboree_by)),
            ("jambone_euchred_score", self.jambone_euchred_score.to_string()),
            ("robson", self.robson.to_string()),
            ("reneging", e(self.reneging)),
            ("renege_penalty_mode", e(self.renege_penalty_mode)),
            ("laps", self.laps.to_string()),
            ("slams", self.slams.to_string()),
            ("jamboree", self.jamboree.to_string()),
            ("farmers", self.farmers.to_string()),
            ("go_under", self.go_under.to_string()),
            ("farmers_policy", e(self.farmers_policy)),
            ("winning_score", self.winning_score.to_string()),
            ("num_deals", self.num_deals.to_string()),
            ("match_games", self.match_games.to_string()),
            ("match_wins", self.match_wins.to_string()),
        ]
    }
}

/// Options with a second name: (the name the rules list, the other). Given both ways at once,
/// which was meant is not known. The one list of them: [`option_name`] reads it for `set`
/// and for the checks of a list of settings.
pub const OPTION_ALIASES: [(&str, &str); 2] = [("stick_the_dealer", "std"), ("players", "num_players")];

/// An option's name as the rules list it, for any name `set` takes (`std` is
/// `stick_the_dealer`, `num_players` is `players`); other names as given, trimmed.
pub fn option_name(name: &str) -> &str {
    let name = name.trim();
    OPTION_ALIASES
        .iter()
        .find(|(_, alias)| *alias == name)
        .map_or(name, |(option, _)| option)
}

/// One `name=value` setting being parsed, with the errors that name it.
pub(crate) struct OptionValue<'a> {
    name: &'a str,
    pub(crate) text: &'a str,
}

impl<'a> OptionValue<'a> {
    pub(crate) fn new(name: &'a str, value: &'a str) -> OptionValue<'a> {
        OptionValue {
            name: name.trim(),
            text: value.trim(),
        }
    }

    pub(crate) fn bad(&self, expected: &'static str) -> RulesError {
        RulesError::BadValue {
            option: self.name.to_string(),
            value: self.text.to_string(),
            expected,
        }
    }

    /// `true`/`yes`/`on`/`1` or `false`/`no`/`off`/`0`, any case.
    pub(crate) fn boolean(&self) -> Result<bool, RulesError> {
        match self.text.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(self.bad("true or false")),
        }
    }

    /// A whole number in `lo..=hi`.
    pub(crate) fn number(&self, lo: u32, hi: u32, expected: &'static str) -> Result<u32, RulesError> {
        match self.text.parse::<u32>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(self.bad(expected)),
        }
    }
}

/// `CutHighLow` -> `cut_high_low`.
fn snake(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_and_its_options_round_trip() {
        for (name, _) in PRESETS {
            let r = Rules::preset(name).unwrap();
            r.validate().unwrap();
            let mut back = Rules::NORTH_AMERICAN;
            // num_deals and winning_score exclude each other: set the non-zero one last.
            let mut opts = r.options();
            opts.sort_by_key(|(k, v)| (*k == "winning_score" || *k == "num_deals") && v != "0");
            for (k, v) in opts {
                back.set(k, &v).unwrap_or_else(|e| panic!("{name}: {k}={v}: {e}"));
            }
            assert_eq!(back, r, "{name}");
        }
    }

    #[test]
    fn bad_settings_name_what_is_wrong() {
        let mut r = Rules::default();
        assert_eq!(r.set("nope", "1"), Err(RulesError::UnknownOption("nope".into())));
        assert!(r
            .set("stick_the_dealer", "maybe")
            .unwrap_err()
            .to_string()
            .contains("true or false"));
        assert_eq!(
            r.set("num_players", "3"),
            Err(RulesError::NotFourPlayers("num_players=3".into()))
        );
        // A second name is named as given.
        assert_eq!(
            r.set(" players ", "3"),
            Err(RulesError::NotFourPlayers("players=3".into()))
        );
        assert!(r
            .set("players", "3")
            .unwrap_err()
            .to_string()
            .contains("three-handed, bid-euchre and set-back are the presets for fewer"));
        // A name of any length is echoed 40 characters long at most.
        let long = "x".repeat(500_000);
        let e = r.set(&long, "1").unwrap_err().to_string();
        assert_eq!(e, format!("unknown rule option '{}…'", "x".repeat(40)));
        let e = Rules::preset(&long).unwrap_err().to_string();
        assert!(e.len() < 300, "{} bytes", e.len());
        let e = r.set("std", "maybe").unwrap_err().to_string();
        assert!(e.contains("std") && !e.contains("stick_the_dealer"), "{e}");
        assert!(r
            .set("jambone_calls", "sometimes")
            .unwrap_err()
            .to_string()
            .contains("first_trick or every_trick"));
        assert!(Rules::preset("bogus").is_err());
    }
}
