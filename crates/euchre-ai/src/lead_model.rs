//! Which card a seat leads, for weighing worlds by the leads the others made.
//!
//! `basic`'s lead (trump to a partner who made it, else an off-suit ace, else the lowest card)
//! is the card a search player leads only about two times in five
//! (`examples/fit_play_model.rs`), so reading leads as "`basic`'s card or a stray" says little.
//! This model is a logit over the legal cards instead: each card's utility is a weighted sum
//! of what a player weighs when it leads (is it trump, can a trump out beat it, did our side
//! make trump, is it an ace, how long is its suit, was the suit led before), and the weights
//! are fitted by maximum likelihood to a search player's leads in self-play. A world where
//! the leader holds the cards that make its lead natural weighs more than one where the lead
//! would have been odd.

use euchre::observation::Observation;
use euchre::trump::TrumpTable;
use euchre::{Card, CardSet, Rank};

/// How many features describe a lead.
pub const FEATURES: usize = 12;

/// The weights of a lead's features in its utility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeadModel {
    pub weights: [f64; FEATURES],
}

/// What each feature is, in the order of [`LeadModel::weights`] (for the fit's report).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "trump",
    "trump, our side made it",
    "trump, the partner made it",
    "trump, above every trump out",
    "trump, per other trump held",
    "off-suit ace",
    "off-suit king",
    "off-suit singleton",
    "off-suit, per card of its suit held",
    "lowest held of its suit",
    "power in its suit (0 to 1)",
    "off-suit, its suit led before",
];

impl LeadModel {
    /// Fitted to `pimc-50`'s leads in the even deals of 3,000 self-played deals of the
    /// `north-american` preset (`cargo run --release -p euchre-ai --example fit_play_model --
    /// 3000`). On the 6,000 leads of the odd deals its log-likelihood is −6,109, against
    /// −7,163 for `basic`'s card with its fitted stray (0.57) and −7,181 for a lead drawn
    /// evenly. `pimc-50` leads trumps that no trump out beats, off-suit aces and kings, and the lowest
    /// of a suit, more trumps when its side made trump, and seldom an off-suit singleton.
    pub const PIMC: LeadModel = LeadModel {
        weights: [
            -0.84, 0.68, -0.46, 2.13, 0.62, 1.29, 0.61, -0.38, 0.09, 1.08, 0.55, 0.41,
        ],
    };

    /// The features of leading `card` for the seat seeing `o` (its hand holds `card`).
    pub fn features(o: &Observation, card: Card) -> Option<[f64; FEATURES]> {
        let trump = o.trump?;
        let table = trump.table();
        let hand = o.hand;
        let played: CardSet = o.tricks.iter().flat_map(|t| t.cards.iter().copied()).collect();
        let suit = table.effective_suit(card);
        let same_suit = |c: Card| table.effective_suit(c) == suit;
        let held_of_suit = hand.iter().filter(|&c| same_suit(c)).count();
        let lowest = hand
            .iter()
            .filter(|&c| same_suit(c))
            .all(|c| table.power(c) >= table.power(card));
        let our_call = o.maker.map(|m| m.team()) == Some(o.seat.team());
        let partner_call = o.maker == Some(o.seat.partner());
        let mut f = [0.0; FEATURES];
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        f[9] = flag(lowest);
        f[10] = power_share(table, o.rules.deck(), card);
        if table.is_trump(card) {
            // The trumps of this deck still out (the table's trumps may include cards the
            // deck lacks, such as a joker).
            let out = table.trumps.minus(played).minus(hand).intersect(o.rules.deck());
            let best_out = out.iter().map(|c| table.power(c)).max();
            f[0] = 1.0;
            f[1] = flag(our_call);
            f[2] = flag(partner_call);
            f[3] = flag(best_out.is_none_or(|b| table.power(card) > b));
            f[4] = (held_of_suit - 1) as f64;
        } else {
            f[5] = flag(card.rank() == Some(Rank::Ace));
            f[6] = flag(card.rank() == Some(Rank::King));
            f[7] = flag(held_of_suit == 1);
            f[8] = held_of_suit as f64;
            f[11] = flag(
                o.tricks
                    .iter()
                    .any(|t| t.cards.first().is_some_and(|&c| table.effective_suit(c) == suit)),
            );
        }
        Some(f)
    }

    /// The chance that the seat seeing `o` leads `card` of the cards it may lead (`options`),
    /// or `None` where the model says nothing (no trump yet, or `card` not among them).
    pub fn probability(&self, o: &Observation, options: CardSet, card: Card) -> Option<f64> {
        if !options.contains(card) {
            return None;
        }
        logit_chance(options, card, |c| self.utility(o, c))
    }

    /// The card the seat seeing `o` most likely leads of `options` (the first of any that
    /// tie), or `None` where the model says nothing.
    pub fn likeliest(&self, o: &Observation, options: CardSet) -> Option<Card> {
        let mut best: Option<(Card, f64)> = None;
        for card in options.iter() {
            let u = self.utility(o, card)?;
            if best.is_none_or(|(_, b)| u > b) {
                best = Some((card, u));
            }
        }
        best.map(|(c, _)| c)
    }

    /// The utility of leading `card`: its features' weighted sum.
    fn utility(&self, o: &Observation, card: Card) -> Option<f64> {
        let f = LeadModel::features(o, card)?;
        Some(f.iter().zip(&self.weights).map(|(x, w)| x * w).sum())
    }
}

/// The chance of `card` among `options` under a logit with each card's `utility` (`None` if
/// a card has none).
pub(crate) fn logit_chance(
    options: CardSet,
    card: Card,
    utility: impl Fn(Card) -> Option<f64>,
) -> Option<f64> {
    let utilities: Vec<(Card, f64)> = options
        .iter()
        .map(|c| Some((c, utility(c)?)))
        .collect::<Option<_>>()?;
    let top = utilities
        .iter()
        .map(|(_, u)| *u)
        .fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = utilities.iter().map(|(_, u)| (u - top).exp()).sum();
    let own = utilities.iter().find(|(c, _)| *c == card)?.1;
    Some((own - top).exp() / total)
}

/// A card's power within its effective suit in `deck`, from 0 (the lowest of the suit) to 1
/// (its highest).
pub(crate) fn power_share(table: &TrumpTable, deck: CardSet, card: Card) -> f64 {
    let suit = table.effective_suit(card);
    let powers = deck
        .iter()
        .filter(|&c| table.effective_suit(c) == suit)
        .map(|c| table.power(c));
    let (low, high) = powers.fold((u8::MAX, 0), |(l, h), p| (l.min(p), h.max(p)));
    if high <= low {
        return 1.0;
    }
    f64::from(table.power(card) - low) / f64::from(high - low)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infer::tests::deal;
    use euchre::{Phase, Seat};

    /// Seat 0 deals with the queen of hearts up, seat 1 holds `hand` (the others the rest in
    /// deck order), `orderer` orders hearts up, the dealer discards its first card: the
    /// observation of seat 1, about to lead the first trick.
    fn first_lead(hand: &str, orderer: usize) -> euchre::Observation {
        let mut bids = vec!["pass"; orderer - 1];
        bids.push("order");
        let mut d = deal(hand, &bids);
        while d.phase() != Phase::Play {
            let first = d.legal_actions()[0];
            d.apply(first).unwrap();
        }
        assert_eq!(d.to_act(), Some(Seat::new(1)));
        d.observation(Seat::new(1))
    }

    fn chance(o: &euchre::Observation, card: &str) -> f64 {
        LeadModel::PIMC
            .probability(o, o.hand, card.parse().unwrap())
            .unwrap()
    }

    #[test]
    fn the_chances_of_the_leads_add_up_to_one() {
        for (hand, orderer) in [("JH JD AH AS 9C", 1), ("AS 9H 10C 9C 10D", 3)] {
            let o = first_lead(hand, orderer);
            let total: f64 = o.hand.iter().map(|c| chance(&o, &c.to_string())).sum();
            assert!((total - 1.0).abs() < 1e-9, "{hand}: {total}");
            assert_eq!(
                LeadModel::PIMC.probability(&o, o.hand, "KD".parse().unwrap()),
                None
            );
        }
    }

    #[test]
    fn a_maker_leads_the_best_trump_and_a_defender_an_ace_rather_than_a_low_card() {
        // Seat 1 ordered hearts up holding both bowers.
        let o = first_lead("JH JD AH AS 9C", 1);
        let f = LeadModel::features(&o, "JH".parse().unwrap()).unwrap();
        assert_eq!((f[0], f[1], f[2], f[3]), (1.0, 1.0, 0.0, 1.0));
        for trump in ["JD", "AH"] {
            let f = LeadModel::features(&o, trump.parse().unwrap()).unwrap();
            assert_eq!(f[3], 1.0, "{trump}: no trump the others may hold beats it");
        }
        let without_the_right = first_lead("JD AH AS 9C 10S", 1);
        let f = LeadModel::features(&without_the_right, "JD".parse().unwrap()).unwrap();
        assert_eq!(f[3], 0.0, "the right bower is out");
        assert!(chance(&o, "JH") > 3.0 * chance(&o, "9C"));
        // Seat 3 ordered hearts up; seat 1 defends with an ace and low cards.
        let o = first_lead("AS 9H 10C 9C 10D", 3);
        assert!(chance(&o, "AS") > chance(&o, "9H"));
        assert!(chance(&o, "AS") > chance(&o, "10D"));
    }

    #[test]
    fn the_likeliest_lead_is_the_card_of_the_highest_chance() {
        for (hand, orderer, expected) in [("JH JD AH AS 9C", 1, "AH"), ("AS 9H 10C 9C 10D", 3, "AS")] {
            let o = first_lead(hand, orderer);
            let likeliest = LeadModel::PIMC.likeliest(&o, o.hand).unwrap();
            // The maker: of its three trumps that no trump out beats (they win alike), the
            // lowest, as the model favours the lowest of a suit. The defender: its ace.
            assert_eq!(likeliest.to_string(), expected, "{hand}");
            for c in o.hand.iter() {
                assert!(chance(&o, &likeliest.to_string()) >= chance(&o, &c.to_string()));
            }
        }
    }
}
