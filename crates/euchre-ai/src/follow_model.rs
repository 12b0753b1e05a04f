//! Which card a seat plays to a trick someone else led, for weighing worlds by the others'
//! plays: the counterpart of [`crate::lead_model`] for the rest of the trick.
//!
//! `basic` follows by a rule (win the trick as cheaply as it can unless the partner has it,
//! else throw its least useful card), and a search player plays its card about four times in
//! five. Where it does not, the card is seldom one of the same kind: mostly a different suit
//! thrown or a trump played where `basic` would not. This model is a logit over the legal
//! cards on what a player weighs when it follows (does the card take the trick, and as
//! cheaply as it can; is the partner winning; is it trump; is it the lowest card it holds of
//! its suit, or its last), fitted by maximum likelihood to a search player's plays in
//! self-play.

use crate::basic::winning;
use crate::lead_model::{logit_chance, power_share};
use euchre::observation::Observation;
use euchre::{Card, CardSet, Rank};

/// How many features describe a card played to a trick under way.
pub const FEATURES: usize = 10;

/// The weights of a follow's features in its utility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FollowModel {
    pub weights: [f64; FEATURES],
}

/// What each feature is, in the order of [`FollowModel::weights`] (for the fit's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "takes the trick so far",
    "takes it, the partner winning",
    "takes it as cheaply as any card that takes it",
    "takes it, the last to play",
    "trump (of the suit led or not: a seat holding the suit led plays no other)",
    "the lowest of the cards that may be played",
    "the last of its suit held",
    "an off-suit ace",
    "power in its suit (0 to 1)",
    "basic's card",
];

impl FollowModel {
    /// Fitted to `pimc-50`'s follows in the even deals of 3,000 self-played deals of the
    /// `north-american` preset (`cargo run --release -p euchre-ai --example fit_play_model --
    /// 3000`). On the 10,962 follows of the odd deals its log-likelihood is −6,274, against
    /// −6,699 for `basic`'s card with its fitted stray (0.20) and −10,814 for a card drawn
    /// evenly. `basic`'s card weighs most, then taking the trick (less when the partner has
    /// it); `pimc-50` spares its trumps and high cards, and throws its last card of a suit.
    pub const PIMC: FollowModel = FollowModel {
        weights: [2.80, -0.69, -0.28, -0.01, -1.32, 0.15, 0.82, -0.24, -1.25, 1.35],
    };

    /// The features of playing `card` of `options` for the seat seeing `o`, where `basic`
    /// would play `basics` (its choice is made once for all the cards), or `None` where no
    /// trick is under way.
    pub fn features(
        o: &Observation,
        options: CardSet,
        basics: Option<Card>,
        card: Card,
    ) -> Option<[f64; FEATURES]> {
        let table = o.trump?.table();
        let trick = o.tricks.last().filter(|t| t.winner.is_none())?;
        let led = table.effective_suit(*trick.cards.first()?);
        let best = winning(o, trick, table, led);
        let takes = |c: Card| table.strength(c, led) > best.1;
        let strength = table.strength(card, led);
        let cheapest = options
            .iter()
            .filter(|&c| takes(c))
            .all(|c| table.strength(c, led) >= strength);
        let suit = table.effective_suit(card);
        let active = o.active.iter().filter(|a| **a).count();
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        let mut f = [0.0; FEATURES];
        f[0] = flag(takes(card));
        f[1] = flag(takes(card) && best.0 == o.seat.partner());
        f[2] = flag(takes(card) && cheapest);
        f[3] = flag(takes(card) && trick.cards.len() + 1 == active);
        f[4] = flag(table.is_trump(card));
        // Lowest as `basic` ranks its cards to throw: any plain card below any trump.
        let rank = |c: Card| (table.is_trump(c), table.power(c));
        f[5] = flag(options.iter().all(|c| rank(c) >= rank(card)));
        f[6] = flag(o.hand.iter().filter(|&c| table.effective_suit(c) == suit).count() == 1);
        f[7] = flag(!table.is_trump(card) && card.rank() == Some(Rank::Ace));
        f[8] = power_share(table, o.rules.deck(), card);
        f[9] = flag(basics == Some(card));
        Some(f)
    }

    /// The chance that the seat seeing `o` plays `card` of the cards it may play (`options`),
    /// or `None` where the model says nothing (no trick under way, or `card` not among them).
    pub fn probability(&self, o: &Observation, options: CardSet, card: Card) -> Option<f64> {
        if !options.contains(card) {
            return None;
        }
        let basics = match crate::basic::partnership_action(o) {
            Some(euchre::Action::Play(c)) => Some(c),
            _ => None,
        };
        let utility = |c: Card| -> Option<f64> {
            let f = FollowModel::features(o, options, basics, c)?;
            Some(f.iter().zip(&self.weights).map(|(x, w)| x * w).sum())
        };
        logit_chance(options, card, utility)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use euchre::rules::Rules;
    use euchre::{Action, Deal, Phase, Seat};

    /// Positions in the middle of tricks: seat 1 orders up, then the first legal card is
    /// played `seed % 16` times and the play goes on until a trick is under way.
    fn positions() -> Vec<Observation> {
        let rules = Rules::preset("north-american").unwrap();
        let mut out = Vec::new();
        for seed in 0..200u64 {
            let mut d = Deal::from_seed(rules, Seat::new(0), seed);
            d.apply(Action::Order { alone: false }).unwrap();
            let mut steps = seed % 16;
            while d.phase() != Phase::Play || steps > 0 || d.legal_actions().len() < 2 {
                if d.phase() == Phase::Play {
                    steps = steps.saturating_sub(1);
                }
                let first = d.legal_actions()[0];
                if d.apply(first).is_err() || d.to_act().is_none() {
                    break;
                }
            }
            let Some(seat) = d.to_act() else { continue };
            let o = d.observation(seat);
            if o.tricks.last().is_some_and(|t| t.winner.is_none()) && o.legal.len() > 1 {
                out.push(o);
            }
        }
        out
    }

    fn options(o: &Observation) -> CardSet {
        o.legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_chances_add_up_to_one_and_basics_card_is_most_often_the_likeliest() {
        let positions = positions();
        assert!(positions.len() > 50, "{} positions", positions.len());
        let mut likeliest = 0;
        for o in &positions {
            let set = options(o);
            let chance = |c| FollowModel::PIMC.probability(o, set, c).unwrap();
            let total: f64 = set.iter().map(chance).sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
            let Some(Action::Play(b)) = crate::basic::partnership_action(o) else {
                panic!("basic plays a card");
            };
            if set.iter().all(|c| chance(c) <= chance(b)) {
                likeliest += 1;
            }
            assert_eq!(FollowModel::PIMC.probability(o, set, Card::JOKER), None);
        }
        // `pimc-50` plays `basic`'s card four times in five; the model agrees most of the time.
        assert!(
            likeliest * 10 >= positions.len() * 6,
            "{likeliest} of {}",
            positions.len()
        );
    }
}
