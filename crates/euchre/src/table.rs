//! The one interface every game of the family shares: who decides, what is legal, apply, the
//! deals and the scores. A bot, the terminal game, the server and the engine protocol drive any
//! game through [`Table`] alone; the rules of each family stay behind it.

use crate::action::{Action, ActionList};
use crate::deal::Deal;
use crate::error::IllegalAction;
use crate::game::{Decisions, Game};
use crate::observation::Observation;
use crate::outcome::DealOutcome;
use crate::rules::{Rules, RulesError};
use crate::sample::{SampleError, Sampler};
use crate::seat::Seat;
use crate::solo::{sample_solo_world, SoloDeal, SoloGame, SoloObservation, SoloRules};
use rand::RngCore;
use serde::Serialize;

/// A game in progress, of any family.
pub trait Table {
    /// `four-handed`, `three-handed`, `bid-euchre` or `set-back`.
    fn family(&self) -> &'static str;
    /// Players at the table (seats `0..players`).
    fn players(&self) -> usize;
    /// The seat to decide, or `None` between deals and when the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// The legal decisions now (empty when nobody is to act).
    fn legal_actions(&self) -> ActionList;
    /// Applies a decision of the seat to act.
    ///
    /// # Errors
    /// The reason it is illegal; nothing changes.
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction>;
    /// True when the current deal is over (scored or thrown in).
    fn deal_over(&self) -> bool;
    /// Starts the next deal when the current one is over and the game is not.
    fn next_deal(&mut self) -> bool;
    /// True when the game is decided.
    fn is_over(&self) -> bool;
    /// The scores: per team in the partnership game, per player in the others.
    fn scores(&self) -> Vec<i32>;
    /// The winner once the game is over: a team (partnership) or a seat.
    fn winner(&self) -> Option<usize>;
    /// What `seat` may know now.
    fn view(&self, seat: Seat) -> View;
    /// What everyone may know now (a spectator's view): no hand, nothing face down.
    fn public_view(&self) -> View;
    /// How the current deal went for its makers, once it is done (`None` before then, and
    /// for a deal nobody made trump in).
    fn deal_outcome(&self) -> Option<DealOutcome>;
    /// `seat`'s partner in the partnership game; `None` in the individual games.
    fn partner(&self, seat: Seat) -> Option<Seat>;
    /// The last `last` deals finished before the current one, each as `viewer` saw it at its
    /// end (`None`: a spectator, public only), so that a page opened late can show the game's
    /// earlier deals. Each holds only what that viewer was shown when the deal ended.
    fn past_deals(&self, viewer: Option<Seat>, last: usize) -> Vec<PastDeal>;
}

/// A deal finished before the current one, as one viewer saw it at its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PastDeal {
    /// The deal's number in the game, from 1.
    pub number: u32,
    /// The viewer's view of the deal as it ended.
    pub view: View,
    /// How the deal went for its makers (`None` for a deal nobody made trump in).
    pub outcome: Option<DealOutcome>,
    /// The scores after it: per team in the partnership game, per player in the others.
    pub scores: Vec<i32>,
}

/// One seat's view of any game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum View {
    Partnership(Box<Observation>),
    Solo(Box<SoloObservation>),
}

impl View {
    /// The legal decisions in this view (empty unless it is this seat's turn).
    pub fn legal(&self) -> &ActionList {
        match self {
            View::Partnership(o) => &o.legal,
            View::Solo(o) => &o.legal,
        }
    }

    /// A complete deal this seat could not tell from the real one (for search over the hidden
    /// cards), of whichever family the view is.
    ///
    /// # Errors
    /// When the view is self-contradictory (it did not come from a real deal).
    pub fn sample_world<R: RngCore>(&self, rng: &mut R) -> Result<AnyDeal, SampleError> {
        self.sampler()?.draw(rng)
    }

    /// Draws many worlds of this view, each as [`View::sample_world`] would from the same
    /// random numbers, working out once what the view fixes about them.
    ///
    /// # Errors
    /// When the view is self-contradictory (it did not come from a real deal).
    pub fn sampler(&self) -> Result<ViewSampler<'_>, SampleError> {
        Ok(match self {
            View::Partnership(o) => ViewSampler::Partnership(Sampler::new(o)?),
            View::Solo(o) => ViewSampler::Solo(o),
        })
    }
}

/// Draws worlds for one [`View`] ([`View::sampler`]).
#[derive(Clone, Debug)]
pub enum ViewSampler<'a> {
    Partnership(Sampler<'a>),
    Solo(&'a SoloObservation),
}

impl ViewSampler<'_> {
    /// A complete deal the view's seat could not tell from the real one.
    ///
    /// # Errors
    /// When no deal agrees with the view.
    pub fn draw<R: RngCore>(&mut self, rng: &mut R) -> Result<AnyDeal, SampleError> {
        match self {
            ViewSampler::Partnership(s) => s.draw(rng).map(|d| AnyDeal::Partnership(Box::new(d))),
            ViewSampler::Solo(o) => sample_solo_world(o, rng).map(|d| AnyDeal::Solo(Box::new(d))),
        }
    }
}

/// One deal of any family: what search plays out through [`Decisions`].
#[derive(Clone, Debug)]
pub enum AnyDeal {
    Partnership(Box<Deal>),
    Solo(Box<SoloDeal>),
}

impl AnyDeal {
    /// The deal's dealer.
    pub fn dealer(&self) -> Seat {
        match self {
            AnyDeal::Partnership(d) => d.dealer(),
            AnyDeal::Solo(d) => d.dealer(),
        }
    }
}

impl Decisions for AnyDeal {
    fn to_act(&self) -> Option<Seat> {
        match self {
            AnyDeal::Partnership(d) => d.to_act(),
            AnyDeal::Solo(d) => d.to_act(),
        }
    }
    fn legal_actions(&self) -> ActionList {
        match self {
            AnyDeal::Partnership(d) => d.legal_actions(),
            AnyDeal::Solo(d) => d.legal_actions(),
        }
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        match self {
            AnyDeal::Partnership(d) => d.apply(a),
            AnyDeal::Solo(d) => d.apply(a),
        }
    }
}

impl Decisions for SoloDeal {
    fn to_act(&self) -> Option<Seat> {
        SoloDeal::to_act(self)
    }
    fn legal_actions(&self) -> ActionList {
        SoloDeal::legal_actions(self)
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        SoloDeal::apply(self, a)
    }
}

impl Table for Game {
    fn family(&self) -> &'static str {
        "four-handed"
    }
    fn players(&self) -> usize {
        4
    }
    fn to_act(&self) -> Option<Seat> {
        self.deal().to_act()
    }
    fn legal_actions(&self) -> ActionList {
        self.deal().legal_actions()
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        Game::apply(self, a)
    }
    fn deal_over(&self) -> bool {
        self.deal().is_done()
    }
    fn next_deal(&mut self) -> bool {
        Game::next_deal(self)
    }
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    fn scores(&self) -> Vec<i32> {
        self.score().to_vec()
    }
    fn winner(&self) -> Option<usize> {
        Game::winner(self).map(|t| t.index())
    }
    fn view(&self, seat: Seat) -> View {
        View::Partnership(Box::new(self.with_game_points(self.deal().observation(seat))))
    }
    fn public_view(&self) -> View {
        View::Partnership(Box::new(self.with_game_points(self.deal().public_observation())))
    }
    fn deal_outcome(&self) -> Option<DealOutcome> {
        self.deal().outcome()
    }
    fn partner(&self, seat: Seat) -> Option<Seat> {
        Some(seat.partner())
    }
    fn past_deals(&self, viewer: Option<Seat>, last: usize) -> Vec<PastDeal> {
        let finished = self.finished_deals().len();
        // The scores run over every deal; views are made for the last ones only.
        self.deals_with_tally()
            .enumerate()
            .take(finished)
            .skip(finished.saturating_sub(last))
            .map(|(i, (deal, before))| {
                let after = before.after(deal);
                let mut view = match viewer {
                    Some(seat) => deal.observation(seat),
                    None => deal.public_observation(),
                };
                // What the deal did to the score, a traded four-trick token's point included
                // (review s51, 5), as the live view says it.
                view.points =
                    [0, 1].map(|t| after.score[t].saturating_sub(before.score[t]).clamp(-128, 127) as i8);
                PastDeal {
                    number: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    view: View::Partnership(Box::new(view)),
                    outcome: deal.outcome(),
                    scores: after.score.to_vec(),
                }
            })
            .collect()
    }
}

impl Table for SoloGame {
    fn family(&self) -> &'static str {
        self.rules().family.name()
    }
    fn players(&self) -> usize {
        usize::from(self.rules().players)
    }
    fn to_act(&self) -> Option<Seat> {
        SoloGame::to_act(self)
    }
    fn legal_actions(&self) -> ActionList {
        SoloGame::legal_actions(self)
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        SoloGame::apply(self, a)
    }
    fn deal_over(&self) -> bool {
        self.deal().is_done()
    }
    fn next_deal(&mut self) -> bool {
        SoloGame::next_deal(self)
    }
    fn is_over(&self) -> bool {
        SoloGame::is_over(self)
    }
    fn scores(&self) -> Vec<i32> {
        SoloGame::scores(self).to_vec()
    }
    fn winner(&self) -> Option<usize> {
        SoloGame::winner(self).map(Seat::index)
    }
    fn view(&self, seat: Seat) -> View {
        View::Solo(Box::new(self.deal().observation(seat)))
    }
    fn public_view(&self) -> View {
        View::Solo(Box::new(self.deal().public_observation()))
    }
    fn deal_outcome(&self) -> Option<DealOutcome> {
        self.deal().outcome()
    }
    fn partner(&self, _seat: Seat) -> Option<Seat> {
        None
    }
    fn past_deals(&self, viewer: Option<Seat>, last: usize) -> Vec<PastDeal> {
        let finished = self.all_deals().count() - 1;
        // The scores run over every deal; views are made for the last ones only.
        self.deals_with_scores()
            .enumerate()
            .take(finished)
            .skip(finished.saturating_sub(last))
            .map(|(i, (deal, mut scores))| {
                crate::solo::game::add_change(&mut scores, deal);
                PastDeal {
                    number: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    view: View::Solo(Box::new(match viewer {
                        Some(seat) => deal.observation(seat),
                        None => deal.public_observation(),
                    })),
                    outcome: deal.outcome(),
                    scores,
                }
            })
            .collect()
    }
}

/// The rules of any family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyRules {
    Partnership(Rules),
    Solo(SoloRules),
}

pub use crate::rules::OPTION_ALIASES;

/// Why a list of option settings is refused: applied in order, it would keep one of them
/// silently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsClash {
    /// The settings at `first` and `second` (places in the list) set one option, `option`
    /// (by one name or both).
    Twice {
        first: usize,
        second: usize,
        option: String,
    },
    /// `winning_score` and `num_deals` both above 0: setting either clears the other.
    TargetAndDeals,
}

/// The first reason to refuse `settings` (option name and value, in the order they would be
/// applied), if any.
pub fn settings_clash(settings: &[(&str, &str)]) -> Option<SettingsClash> {
    let names: Vec<&str> = settings.iter().map(|(k, _)| AnyRules::option_name(k)).collect();
    for (second, name) in names.iter().enumerate() {
        if let Some(first) = names[..second].iter().position(|n| n == name) {
            return Some(SettingsClash::Twice {
                first,
                second,
                option: name.to_string(),
            });
        }
    }
    let above_0 = |option: &str| {
        names
            .iter()
            .zip(settings)
            .any(|(n, (_, v))| *n == option && v.trim().parse::<u64>() != Ok(0))
    };
    (above_0("winning_score") && above_0("num_deals")).then_some(SettingsClash::TargetAndDeals)
}

impl AnyRules {
    /// A preset of any family (`euchre rules` lists them).
    ///
    /// # Errors
    /// An unknown preset, naming all of them.
    pub fn preset(name: &str) -> Result<AnyRules, RulesError> {
        match SoloRules::preset(name) {
            Ok(r) => Ok(AnyRules::Solo(r)),
            Err(_) => Rules::preset(name).map(AnyRules::Partnership),
        }
    }

    /// An option's name as the rules list it, for any name [`AnyRules::set`] takes (`std` is
    /// `stick_the_dealer`, `num_players` is `players`); other names as given, trimmed.
    pub fn option_name(name: &str) -> &str {
        crate::rules::option_name(name)
    }

    /// Sets one option.
    ///
    /// # Errors
    /// Unknown option or bad value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let (set, four_handed) = match self {
            AnyRules::Partnership(r) => (r.set(name, value), true),
            AnyRules::Solo(r) => (r.set(name, value), false),
        };
        // An option of the other family is known, only not here: said so, not "unknown" as a
        // misspelt name is (protocol tester s52, 4).
        set.map_err(|e| match e {
            RulesError::UnknownOption(option)
                if (four_handed && SoloRules::has_option(&option))
                    || (!four_handed && Rules::has_option(&option)) =>
            {
                RulesError::OtherFamily {
                    option,
                    four_handed: !four_handed,
                }
            }
            e => e,
        })
    }

    /// Checks the combination.
    ///
    /// # Errors
    /// The clash.
    pub fn validate(&self) -> Result<(), RulesError> {
        match self {
            AnyRules::Partnership(r) => r.validate(),
            AnyRules::Solo(r) => r.validate(),
        }
    }

    /// What each of this family's options means and which values it takes, in the order
    /// [`AnyRules::options`] lists them.
    pub fn option_catalogue(&self) -> &'static [crate::option_info::OptionInfo] {
        match self {
            AnyRules::Partnership(_) => crate::option_info::PARTNERSHIP_OPTIONS,
            AnyRules::Solo(_) => crate::option_info::SOLO_OPTIONS,
        }
    }

    /// Every option with its value as text.
    pub fn options(&self) -> Vec<(&'static str, String)> {
        match self {
            AnyRules::Partnership(r) => r.options(),
            AnyRules::Solo(r) => r.options(),
        }
    }

    /// A new game of these rules.
    pub fn new_game(&self, seed: u64) -> AnyGame {
        match *self {
            AnyRules::Partnership(r) => AnyGame::Partnership(Box::new(Game::new(r, seed))),
            AnyRules::Solo(r) => AnyGame::Solo(Box::new(SoloGame::new(r, seed))),
        }
    }
}

/// A game of any family.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Partnership(Box<Game>),
    Solo(Box<SoloGame>),
}

impl AnyGame {
    fn table(&self) -> &dyn Table {
        match self {
            AnyGame::Partnership(g) => g.as_ref(),
            AnyGame::Solo(g) => g.as_ref(),
        }
    }
    fn table_mut(&mut self) -> &mut dyn Table {
        match self {
            AnyGame::Partnership(g) => g.as_mut(),
            AnyGame::Solo(g) => g.as_mut(),
        }
    }
}

impl Table for AnyGame {
    fn family(&self) -> &'static str {
        self.table().family()
    }
    fn players(&self) -> usize {
        self.table().players()
    }
    fn to_act(&self) -> Option<Seat> {
        self.table().to_act()
    }
    fn legal_actions(&self) -> ActionList {
        self.table().legal_actions()
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        self.table_mut().apply(a)
    }
    fn deal_over(&self) -> bool {
        self.table().deal_over()
    }
    fn next_deal(&mut self) -> bool {
        self.table_mut().next_deal()
    }
    fn is_over(&self) -> bool {
        self.table().is_over()
    }
    fn scores(&self) -> Vec<i32> {
        self.table().scores()
    }
    fn winner(&self) -> Option<usize> {
        self.table().winner()
    }
    fn view(&self, seat: Seat) -> View {
        self.table().view(seat)
    }
    fn public_view(&self) -> View {
        self.table().public_view()
    }
    fn deal_outcome(&self) -> Option<DealOutcome> {
        self.table().deal_outcome()
    }
    fn partner(&self, seat: Seat) -> Option<Seat> {
        self.table().partner(seat)
    }
    fn past_deals(&self, viewer: Option<Seat>, last: usize) -> Vec<PastDeal> {
        self.table().past_deals(viewer, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An option of the other family was called unknown, as a misspelt one is (protocol
    /// tester s52, 4; analysis tester s52, 11).
    #[test]
    fn an_option_of_the_other_family_is_named_so() {
        let mut r = AnyRules::Partnership(Rules::default());
        let said = r.set("ante", "3").unwrap_err().to_string();
        assert_eq!(
            said,
            "rule option 'ante' belongs to the individual games (three-handed, bid-euchre, set-back), not to the four-handed game"
        );
        let mut solo = AnyRules::Solo(SoloRules::preset("bid-euchre").unwrap());
        for name in ["num_deals", "joker", "min_rank", "alone_timing", "jambone"] {
            let said = solo.set(name, "1").unwrap_err().to_string();
            let end =
                "belongs to the four-handed game, not to the individual games (three-handed, bid-euchre, set-back)";
            assert!(said.ends_with(end), "{said}");
        }
        assert_eq!(
            solo.set("bogus", "1"),
            Err(RulesError::UnknownOption("bogus".into()))
        );
        assert_eq!(
            r.set("bogus", "1"),
            Err(RulesError::UnknownOption("bogus".into()))
        );
    }

    /// Every preset's game played at random: each deal's past form (a seat's, a spectator's)
    /// is exactly what that viewer was shown as the deal ended, with the scores then.
    #[test]
    fn past_deals_are_the_views_and_scores_shown_as_each_deal_ended() {
        for (preset, _) in crate::all_presets() {
            let rules = AnyRules::preset(preset).unwrap();
            let mut game = rules.new_game(7);
            let seat = Seat::new(1);
            let mut shown = Vec::new();
            let mut pick = 12345u64;
            loop {
                while game.to_act().is_some() {
                    let legal = game.legal_actions();
                    pick = pick
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    game.apply(legal[(pick >> 33) as usize % legal.len()]).unwrap();
                }
                shown.push((
                    game.view(seat),
                    game.public_view(),
                    game.deal_outcome(),
                    game.scores(),
                ));
                if !game.next_deal() {
                    break;
                }
                assert!(shown.len() < 500, "{preset}: the game does not end");
            }
            assert!(game.is_over(), "{preset}");
            shown.pop();
            let mine = game.past_deals(Some(seat), usize::MAX);
            let public = game.past_deals(None, usize::MAX);
            assert_eq!(mine.len(), shown.len(), "{preset}");
            // The last few alone are the same, numbered as in the game.
            let tail = game.past_deals(Some(seat), 2);
            assert_eq!(tail[..], mine[mine.len().saturating_sub(2)..], "{preset}");
            for (i, (view, public_view, outcome, scores)) in shown.into_iter().enumerate() {
                assert_eq!(mine[i].number as usize, i + 1, "{preset} deal {i}");
                assert_eq!(mine[i].view, view, "{preset} deal {i}");
                assert_eq!(public[i].view, public_view, "{preset} deal {i}");
                assert_eq!(
                    (mine[i].outcome, &mine[i].scores),
                    (outcome, &scores),
                    "{preset} deal {i}"
                );
                assert_eq!(public[i].scores, scores, "{preset} deal {i}");
            }
        }
    }

    /// In every preset, an option's second name sets exactly what its first does (or is
    /// refused as it is), and the first is the one the rules list.
    #[test]
    fn an_options_second_name_sets_the_same() {
        let mut listed = [false; OPTION_ALIASES.len()];
        for (preset, _) in crate::all_presets() {
            let rules = AnyRules::preset(preset).unwrap();
            for (i, (option, alias)) in OPTION_ALIASES.iter().enumerate() {
                assert_eq!(AnyRules::option_name(alias), *option);
                assert_eq!(AnyRules::option_name(&format!(" {option} ")), *option);
                listed[i] |= rules.options().iter().any(|(name, _)| name == option);
                for value in ["true", "no", "2", "3", "4", "x"] {
                    let (mut by_name, mut by_alias) = (rules, rules);
                    let named = by_name.set(option, value).map_err(|e| e.to_string());
                    let aliased = by_alias.set(alias, value).map_err(|e| e.to_string());
                    assert_eq!(
                        named.is_ok(),
                        aliased.is_ok(),
                        "{preset} {option}/{alias}={value}: {named:?} {aliased:?}"
                    );
                    assert_eq!(by_name, by_alias, "{preset} {option}/{alias}={value}");
                }
            }
        }
        assert_eq!(
            listed,
            [true; OPTION_ALIASES.len()],
            "each first name is listed by some rules"
        );
    }

    #[test]
    fn settings_that_would_keep_one_silently_are_named() {
        assert_eq!(settings_clash(&[("robson", "true"), ("std", "true")]), None);
        assert_eq!(
            settings_clash(&[("robson", "true"), ("std", "yes"), (" stick_the_dealer", "no")]),
            Some(SettingsClash::Twice {
                first: 1,
                second: 2,
                option: "stick_the_dealer".into()
            })
        );
        assert_eq!(
            settings_clash(&[("players", "3"), ("num_players", "4")]),
            Some(SettingsClash::Twice {
                first: 0,
                second: 1,
                option: "players".into()
            })
        );
        assert_eq!(
            settings_clash(&[("winning_score ", "11"), ("num_deals", "3")]),
            Some(SettingsClash::TargetAndDeals)
        );
        // A 0 clears the other on purpose.
        assert_eq!(
            settings_clash(&[("winning_score", "0"), ("num_deals", "3")]),
            None
        );
        assert_eq!(
            settings_clash(&[("winning_score", "11"), ("num_deals", " 0")]),
            None
        );
        assert_eq!(AnyRules::option_name(" std "), "stick_the_dealer");
        assert_eq!(AnyRules::option_name("robson"), "robson");
    }
}
