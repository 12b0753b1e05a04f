//! Correcting the search's view of a bid by what bids really bring.
//!
//! The search values a bid by solving sampled worlds: every seat plays seeing every card. That
//! misjudges bids unevenly by seat: the makers who lead first gain most from seeing through
//! the cards, and the opponents' defence against a loner is better than real defenders'. A
//! bid is chosen by its difference from passing, so that difference is what is corrected.
//!
//! `examples/counterfactual.rs` takes every bid at every decision of self-played deals in the
//! real deal and has an imperfect-information player finish it, so each bid's real difference
//! from passing can be set beside the search's. `examples/fit_bid_correction.rs` fits, per kind
//! of bid (round, the bidder's place at the table, alone or not), a line predicting the real
//! difference from the searched one and `basic`'s estimate of the makers' tricks. The lines'
//! slopes are below 1 (the search's differences are overconfident), and their levels move the
//! threshold of a call by seat: the dealer and the dealer's partner order up too readily.
//!
//! How far the search is off depends on how well the deal is then played: finished by
//! `pimc-50` rather than `pimc-20`, the lines lie much nearer the search's view, and in matches
//! the correction gains about 0.007 points a deal, not shown (`docs/players.md`). It is the
//! variant `expert-cf`, not the default.

use crate::basic::{call_estimate, order_estimate};
use euchre::observation::Observation;
use euchre::rules::Rules;
use euchre::{Action, Phase, Seat};

/// Kinds of bid: round 1 places 1 to 4, round 2 places 1 to 3 (the dealer's partner and the
/// dealer together: they seldom get to bid), each with a partner or alone.
pub const KINDS: usize = 14;

/// A bid's kind, or `None` for a pass and anything that is not a bid.
pub fn kind(o: &Observation, a: Action) -> Option<usize> {
    let (round, alone) = match (o.phase, a) {
        (Phase::Bidding1, Action::Order { alone }) => (1, alone),
        (Phase::Bidding2, Action::Call { alone, .. }) => (2, alone),
        _ => return None,
    };
    kind_of(round, place(o.seat, o.dealer), alone)
}

/// `seat`'s place at the table in bidding order: 1 for the dealer's left, ..., 4 for the dealer.
pub fn place(seat: Seat, dealer: Seat) -> usize {
    (seat.index() + 3 - dealer.index()) % 4 + 1
}

/// The kind of a bid in `round` (1 or 2) by the seat in `place` (1: the dealer's left, ...,
/// 4: the dealer), alone or not; `None` for a round or place that does not exist.
pub fn kind_of(round: usize, place: usize, alone: bool) -> Option<usize> {
    let place = place.checked_sub(1).filter(|p| *p < 4)?;
    let index = match round {
        1 => place,
        2 => 4 + place.min(2),
        _ => return None,
    };
    Some(index * 2 + usize::from(alone))
}

/// `basic`'s estimate of the makers' tricks for bid `a` (0 for anything but a bid).
pub fn estimate(o: &Observation, a: Action) -> f64 {
    match a {
        Action::Order { .. } => order_estimate(o),
        Action::Call { trump, .. } => call_estimate(o, trump),
        _ => 0.0,
    }
}

/// Per kind, the real difference from passing as `level + slope × searched + per_trick ×
/// estimate`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidCorrection {
    pub lines: [[f64; 3]; KINDS],
}

impl BidCorrection {
    /// Fitted to 26,000 self-played `expert` deals (`north-american`, 0-0), each bid played
    /// out by `pimc-20` in every seat:
    /// `cargo run --release -p euchre-ai --example counterfactual -- expert pimc-20 300000
    /// 13000 > a.csv`, the same from 400000 into `b.csv` (about 25 minutes each on one core),
    /// then `cargo run --release -p euchre-ai --example fit_bid_correction -- a.csv b.csv`.
    pub const FITTED: BidCorrection = BidCorrection {
        lines: [
            [0.136, 0.859, -0.083],  // round 1, place 1, partner: 26000 bids
            [-0.076, 0.806, 0.038],  // round 1, place 1, alone: 26000 bids
            [-0.146, 0.803, -0.009], // round 1, place 2, partner: 25325 bids
            [-0.642, 0.925, 0.162],  // round 1, place 2, alone: 25325 bids
            [0.113, 0.643, -0.066],  // round 1, place 3, partner: 17259 bids
            [-0.404, 0.804, 0.271],  // round 1, place 3, alone: 17259 bids
            [-0.449, 1.000, 0.053],  // round 1, place 4, partner: 16249 bids
            [-0.351, 0.993, 0.072],  // round 1, place 4, alone: 16249 bids
            [0.127, 1.034, -0.112],  // round 2, place 1, partner: 15735 bids
            [0.406, 0.978, -0.076],  // round 2, place 1, alone: 15735 bids
            [0.092, 0.781, -0.019],  // round 2, place 2, partner: 3117 bids
            [-0.482, 0.981, 0.149],  // round 2, place 2, alone: 3117 bids
            [-0.008, 0.917, -0.037], // round 2, places 3-4, partner: 885 bids
            [0.181, 0.943, 0.078],   // round 2, places 3-4, alone: 885 bids
        ],
    };

    /// The rules the correction was fitted in.
    pub const FITTED_RULES: Rules = Rules::NORTH_AMERICAN;

    /// The correction taken `weight` of the way (0: none, 1: all of it).
    pub fn scaled(&self, weight: f64) -> BidCorrection {
        BidCorrection {
            lines: self.lines.map(|[level, slope, per_trick]| {
                [weight * level, 1.0 + weight * (slope - 1.0), weight * per_trick]
            }),
        }
    }

    /// The bid's real difference from passing in points, predicted from the search's
    /// `searched` difference and `basic`'s `estimate`.
    pub fn predict(&self, kind: usize, searched: f64, estimate: f64) -> f64 {
        self.lines
            .get(kind)
            .map_or(searched, |[level, slope, per_trick]| {
                level + slope * searched + per_trick * estimate
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use euchre::{Deal, Trump};

    #[test]
    fn kinds_are_told_apart_by_round_place_and_alone() {
        let rules = euchre::rules::Rules::preset("north-american").unwrap();
        let deal = Deal::from_seed(rules, Seat::new(3), 5);
        // Seat 0 is the dealer's left, first to bid.
        let o = deal.observation(Seat::new(0));
        assert_eq!(o.phase, Phase::Bidding1);
        assert_eq!(kind(&o, Action::Order { alone: false }), Some(0));
        assert_eq!(kind(&o, Action::Order { alone: true }), Some(1));
        assert_eq!(kind(&o, Action::Pass), None);
        let mut o2 = o.clone();
        o2.phase = Phase::Bidding2;
        let call = |alone| Action::Call {
            trump: Trump::Suit(euchre::Suit::Spades),
            alone,
        };
        assert_eq!(kind(&o2, call(false)), Some(8));
        o2.seat = Seat::new(3);
        assert_eq!(kind(&o2, call(true)), Some(13), "the dealer, alone, round 2");
        o2.seat = Seat::new(2);
        assert_eq!(
            kind(&o2, call(true)),
            Some(13),
            "the dealer's partner shares the kind"
        );
        let mut o4 = o.clone();
        o4.seat = Seat::new(3);
        assert_eq!(
            kind(&o4, Action::Order { alone: false }),
            Some(6),
            "the dealer, round 1"
        );
    }

    #[test]
    fn a_line_predicts_from_the_searched_difference_and_the_estimate() {
        let mut lines = [[0.0, 1.0, 0.0]; KINDS];
        lines[6] = [-0.5, 0.8, 0.1];
        let c = BidCorrection { lines };
        assert!((c.predict(6, 1.0, 3.0) - (-0.5 + 0.8 + 0.3)).abs() < 1e-12);
        assert_eq!(c.predict(0, 0.7, 3.0), 0.7);
        assert_eq!(
            c.predict(KINDS, 0.7, 3.0),
            0.7,
            "an unknown kind is not corrected"
        );
    }
}
