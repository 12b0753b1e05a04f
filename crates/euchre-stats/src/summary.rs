//! What the store keeps of one game: who sat where, and for every finished deal who dealt, who
//! made trump, how it went and the points each side gained. Built from the engine's game, with
//! the definitions of made, euchred, marched and alone of the duplicate matches
//! (`euchre_ai::duplicate`), so the figures of `euchre stats` and `euchre sim` mean the same.
//!
//! Panic policy: none; a summary built by hand is checked when it is recorded.

use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{DealOutcome, Game, Seat};
use serde::Serialize;
use std::time::{SystemTime, UNIX_EPOCH};

/// Who played a seat: a person at the table, or a computer player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    #[default]
    Person,
    Bot,
}

impl SeatKind {
    /// `person` or `bot`, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Bot => "bot",
        }
    }

    /// The kind stored as `text`, if it is one.
    pub fn parse(text: &str) -> Option<SeatKind> {
        match text {
            "person" => Some(SeatKind::Person),
            "bot" => Some(SeatKind::Bot),
            _ => None,
        }
    }
}

/// One seat of a recorded game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The seat, from 0 (the engine's numbering).
    pub seat: usize,
    /// The side the seat scores for: its team (seat parity) in the four-handed game, the seat
    /// itself in the individual games.
    pub side: usize,
    /// The player's name: statistics are gathered per name.
    pub name: String,
    pub kind: SeatKind,
    /// The points this seat's decisions lost in the game, as judged by the mistake analysis,
    /// when the game was analysed.
    pub mistake_cost: Option<f64>,
}

/// One finished deal of a recorded game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealSummary {
    /// The deal's number in the game, from 1.
    pub number: u32,
    /// The dealer's seat.
    pub dealer: usize,
    /// The seat that made trump (`None` when nobody did: a deal passed out or thrown in).
    pub maker: Option<usize>,
    /// The maker's side.
    pub maker_side: Option<usize>,
    /// True when the makers played alone (the four-handed game's loners).
    pub alone: bool,
    /// The seat that played alone for the makers: the maker, or the maker's partner who took
    /// the hand over (a jambone under Keller's rules); `None` when nobody did.
    pub loner: Option<usize>,
    /// The maker's bid in tricks (Bid Euchre).
    pub bid: Option<u8>,
    /// Tricks taken by the making side.
    pub maker_tricks: Option<u8>,
    /// The makers took fewer tricks than they needed (3; 4 of 7 three-handed; the bid; every
    /// one for Set-Back's declared march).
    pub euchred: bool,
    /// The makers took every trick.
    pub marched: bool,
    /// Points each side gained toward winning in this deal, indexed by side. In the games raced
    /// down to 0 (Bid Euchre, Set-Back) that is the points taken off the side's score, so that
    /// more is better in every family.
    pub points: Vec<i32>,
}

/// What the store keeps of one game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// The caller's identifier: recording a game with the same id again replaces it.
    pub id: String,
    /// `four-handed`, `three-handed`, `bid-euchre` or `set-back`.
    pub family: String,
    /// The preset the rules are, when they are exactly one.
    pub preset: Option<String>,
    /// Every option of the rules with its value, as `euchre rules --json` prints them.
    pub rules: serde_json::Value,
    /// When the game began, as text (RFC 3339 from [`timestamp`], or whatever the caller keeps).
    pub started: Option<String>,
    /// When the game ended, as text.
    pub finished: Option<String>,
    /// True when the game was decided (an unfinished game can be recorded too).
    pub over: bool,
    /// The winning side, once the game is over.
    pub winner: Option<usize>,
    /// The score of each side when recorded.
    pub scores: Vec<i32>,
    /// One per seat, in seat order.
    pub seats: Vec<SeatSummary>,
    /// The finished deals in order (a deal still being played is left out).
    pub deals: Vec<DealSummary>,
}

impl GameSummary {
    /// The summary of `game` (finished or not): `names[i]` and `kinds[i]` are seat `i`'s, and
    /// `mistakes`, when given, the points each seat's decisions lost. A seat with no name is
    /// called `Seat N` (from 1), one with no kind a person, one with no (or a non-finite) mistake
    /// cost has none recorded. The times are left empty for the caller to fill in.
    pub fn of_game(
        game: &AnyGame,
        id: &str,
        names: &[String],
        kinds: &[SeatKind],
        mistakes: Option<&[f64]>,
    ) -> GameSummary {
        let (rules, deals) = match game {
            AnyGame::Partnership(g) => (AnyRules::Partnership(*g.rules()), partnership_deals(g)),
            AnyGame::Solo(g) => {
                let down = g.rules().races_down();
                let deals = g
                    .all_deals()
                    .enumerate()
                    .filter(|(_, d)| d.is_done())
                    .map(|(i, d)| {
                        let taken = d.maker().map(|m| d.tricks_won()[m.index()]);
                        // The engine's word for it (four of seven three-handed, the bid, a
                        // declared march), as the duplicate matches count it.
                        let outcome = d.outcome();
                        DealSummary {
                            number: deal_number(i),
                            dealer: d.dealer().index(),
                            maker: d.maker().map(Seat::index),
                            maker_side: d.maker().map(Seat::index),
                            alone: false,
                            loner: None,
                            bid: d.bid(),
                            maker_tricks: taken,
                            euchred: outcome.is_some_and(|o| !o.made()),
                            marched: outcome == Some(DealOutcome::Marched),
                            points: d
                                .delta()
                                .iter()
                                .map(|&p| if down { p.saturating_neg() } else { p })
                                .collect(),
                        }
                    })
                    .collect();
                (AnyRules::Solo(*g.rules()), deals)
            }
        };
        let partnership = matches!(game, AnyGame::Partnership(_));
        let seats = (0..game.players())
            .map(|i| SeatSummary {
                seat: i,
                side: if partnership {
                    Seat::new(i as u8).team().index()
                } else {
                    i
                },
                name: names.get(i).cloned().unwrap_or_else(|| format!("Seat {}", i + 1)),
                kind: kinds.get(i).copied().unwrap_or_default(),
                mistake_cost: mistakes.and_then(|m| m.get(i)).copied().filter(|c| c.is_finite()),
            })
            .collect();
        let options: serde_json::Map<String, serde_json::Value> = rules
            .options()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.into()))
            .collect();
        GameSummary {
            id: id.to_string(),
            family: game.family().to_string(),
            preset: preset_of(&rules),
            rules: serde_json::Value::Object(options),
            started: None,
            finished: None,
            over: game.is_over(),
            winner: game.winner(),
            scores: game.scores(),
            seats,
            deals,
        }
    }
}

/// The four-handed game's deals: the points are each team's change of score (deductions and
/// four-trick tokens included), as the game added them up.
fn partnership_deals(g: &Game) -> Vec<DealSummary> {
    g.deals_with_tally()
        .enumerate()
        .filter(|(_, (d, _))| d.is_done())
        .map(|(i, (d, before))| {
            let (before, after) = (before.score, before.after(d).score);
            let taken = d.maker().map(|m| d.tricks_won()[m.team().index()]);
            DealSummary {
                number: deal_number(i),
                dealer: d.dealer().index(),
                maker: d.maker().map(Seat::index),
                maker_side: d.maker().map(|m| m.team().index()),
                alone: d.maker().is_some() && d.lone_maker().is_some(),
                loner: d.maker().and(d.lone_maker()).map(Seat::index),
                bid: None,
                maker_tricks: taken,
                euchred: taken.is_some_and(|t| t < 3),
                marched: taken.is_some_and(|t| t == 5),
                points: vec![
                    after[0].saturating_sub(before[0]),
                    after[1].saturating_sub(before[1]),
                ],
            }
        })
        .collect()
}

fn deal_number(index: usize) -> u32 {
    u32::try_from(index).map_or(u32::MAX, |i| i.saturating_add(1))
}

/// The first preset (`euchre rules` lists them) whose rules are exactly `rules`.
fn preset_of(rules: &AnyRules) -> Option<String> {
    euchre::all_presets()
        .into_iter()
        .find(|(name, _)| AnyRules::preset(name).ok().as_ref() == Some(rules))
        .map(|(name, _)| name.to_string())
}

/// `time` as RFC 3339 text in UTC to the second (`2026-05-01T18:04:09Z`): the form the store
/// keeps times in, which sorts as text in time order.
pub fn timestamp(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Year, month and day of the day `days` after 1970-01-01 (Howard Hinnant's algorithm, for the
/// proleptic Gregorian calendar).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days.saturating_add(719_468);
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400 + 3_661);
        assert_eq!(timestamp(t), "2000-02-29T01:01:01Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_767_225_599);
        assert_eq!(timestamp(t), "2025-12-31T23:59:59Z");
    }

    #[test]
    fn a_new_game_has_no_deals_and_names_every_seat() {
        let game = AnyRules::preset("north-american").map(|r| r.new_game(3));
        let Ok(game) = game else {
            panic!("the preset exists")
        };
        let s = GameSummary::of_game(&game, "g", &["Ann".to_string()], &[], None);
        assert_eq!(s.preset.as_deref(), Some("north-american"));
        assert_eq!(s.family, "four-handed");
        assert!(s.deals.is_empty());
        assert!(!s.over);
        let names: Vec<_> = s.seats.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["Ann", "Seat 2", "Seat 3", "Seat 4"]);
        let sides: Vec<_> = s.seats.iter().map(|x| x.side).collect();
        assert_eq!(sides, [0, 1, 0, 1]);
    }

    #[test]
    fn changed_rules_are_no_preset() {
        let Ok(mut rules) = AnyRules::preset("north-american") else {
            panic!("the preset exists")
        };
        let Ok(()) = rules.set("stick_the_dealer", "true") else {
            panic!("a known option")
        };
        let s = GameSummary::of_game(&rules.new_game(1), "g", &[], &[], None);
        assert_eq!(s.preset, None);
        assert_eq!(s.rules["stick_the_dealer"], "true");
    }
}
