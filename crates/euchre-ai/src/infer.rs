//! Inference from the bidding: how likely a sampled world is to have produced the bids the
//! seat saw, under a model of how the others bid.
//!
//! PIMC samples every deal that agrees with the seat's cards and the public play as equally
//! likely, so a world in which the eldest hand passed holding both bowers and the ace of the
//! upcard's suit counts as much as one where it held nothing. Players bid on their hands, and
//! a bid (or a pass) says a lot about them: this module weighs each world by the chance that the
//! other seats, holding the cards they hold in it, would have bid as they did.
//!
//! The model is a logit on `basic`'s estimate of the makers' tricks (the one it bids on): each
//! way of making trump has the utility `slope × (estimate − at)`, passing 0, and a bid is drawn
//! with probability proportional to the exponential of its utility. Going alone, once trump is
//! made, is a second logit on the same estimate. The parameters are fitted to what `pimc-50`
//! bids in self-play (`cargo run --release -p euchre-ai --example fit_bid_model`), so the
//! others are modelled as the reference player decides, not as `basic` does. A model may
//! also weigh features of the hand beside the estimate ([`BidModel::hand`]); the fitted
//! [`BidModel::PIMC_HAND`] reads `pimc-50`'s bids far better than the estimate alone, yet
//! reading the others by it plays no better (`docs/players.md`).

use crate::basic::{call_estimate, order_estimate, taken_up};
use crate::follow_model::FollowModel;
use crate::lead_model::LeadModel;
use crate::solver::TrickSolver;
use euchre::observation::Observation;
use euchre::{Action, Card, CardSet, Deal, Phase, Rank, Seat, Trump};
use foldhash::fast::FixedState;
use rand::Rng;
use std::collections::HashMap;

/// How a seat bids, as a function of its estimate of the makers' tricks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidModel {
    /// The estimate at which making trump and passing are equally likely.
    pub make_at: f64,
    /// How sharply the chance to make trump rises with the estimate (per trick).
    pub make_slope: f64,
    /// The estimate at which a maker is as likely to go alone as not.
    pub alone_at: f64,
    /// How sharply the chance to go alone rises with the estimate.
    pub alone_slope: f64,
    /// Added to `make_at` by the bidder's round and place at the table: round 1's places 1
    /// (the dealer's left) to 4 (the dealer), then round 2's.
    pub at_by_place: [f64; 8],
    /// Weights of the hand's features ([`HAND_FEATURES`]) in the utility of making trump, on
    /// top of the estimate's: where the bidder weighs its cards otherwise than `basic`.
    pub hand: [f64; HAND_FEATURES],
}

/// How many features of the hand a bid's utility may weigh beside the estimate.
pub const HAND_FEATURES: usize = 4;

/// What each hand feature is, in the order of [`BidModel::hand`].
pub const HAND_FEATURE_NAMES: [&str; HAND_FEATURES] = [
    "trumps held",
    "the right bower",
    "off-suit aces",
    "off-suit voids",
];

/// The features of making `trump` with the cards the seat seeing `o` would hold then (the
/// dealer ordered up in round 1 takes the upcard and throws its worst card, as in `basic`'s
/// estimate).
pub fn hand_features(o: &Observation, trump: Trump) -> [f64; HAND_FEATURES] {
    let table = trump.table();
    let takes_up = o.phase == Phase::Bidding1 && o.seat == o.dealer;
    let hand = if takes_up {
        taken_up(o.hand, o.upcard, table)
    } else {
        o.hand
    };
    let trumps = hand.iter().filter(|&c| table.is_trump(c)).count();
    // The highest trump of the deck (a joker, in a deck with one, is not a bower).
    let right = (table.trumps.intersect(o.rules.deck()))
        .iter()
        .max_by_key(|&c| table.power(c))
        .is_some_and(|c| hand.contains(c) && c.rank() == Some(Rank::Jack));
    let off_aces = hand
        .iter()
        .filter(|&c| !table.is_trump(c) && c.rank() == Some(Rank::Ace))
        .count();
    // The off suits held, one bit each.
    let held = (hand.iter().filter(|&c| !table.is_trump(c)))
        .fold(0u32, |bits, c| bits | 1 << table.effective_suit(c));
    let off_suits = if trump.suit().is_some() { 3 } else { 4 };
    let voids = off_suits - held.count_ones().min(off_suits);
    [
        trumps as f64,
        f64::from(u8::from(right)),
        off_aces as f64,
        voids as f64,
    ]
}

impl BidModel {
    /// Fitted to `pimc-50`'s bids in 3,000 self-played deals of the `north-american` preset
    /// (`cargo run --release -p euchre-ai --example fit_bid_model -- 3000`).
    pub const PIMC: BidModel = BidModel {
        make_at: 3.16,
        make_slope: 2.84,
        alone_at: 4.2,
        alone_slope: 3.84,
        at_by_place: [0.0; 8],
        hand: [0.0; HAND_FEATURES],
    };

    /// [`BidModel::PIMC`] with the make threshold fitted by the bidder's round and place too
    /// (`fit_bid_model -- 3000 pimc-50 --by-place`: the log-likelihood of the same 10,436
    /// decisions rises from −4,480 to −3,689). `pimc-50` orders up least readily from the
    /// dealer's left and most readily as the dealer, and in round 2 its dealer calls almost
    /// any hand rather than let the deal be thrown in (the threshold 10 tricks lower: solving
    /// the deal, a call nearly always beats the nothing of a redeal).
    pub const PIMC_BY_PLACE: BidModel = BidModel {
        make_at: 3.2,
        make_slope: 2.76,
        alone_at: 4.2,
        alone_slope: 3.84,
        at_by_place: [0.78, 0.0, 0.44, -0.58, -0.6, -0.22, -1.76, -10.0],
        hand: [0.0; HAND_FEATURES],
    };

    /// [`BidModel::PIMC_BY_PLACE`] with the hand's features weighed too, refitted to
    /// `pimc-50`'s bids on the even deals of 3,000 (`fit_bid_model -- 3000 pimc-50 --hand`):
    /// on the 5,240 decisions of the odd deals its log-likelihood is −1,442, against −1,848
    /// for [`BidModel::PIMC_BY_PLACE`]. Beside `basic`'s estimate, `pimc-50` makes trump
    /// more readily with more trumps and the right bower, and less with off-suit aces, which
    /// the estimate counts higher than its solver finds them worth.
    #[allow(clippy::approx_constant)] // `make_at` is a fitted threshold, not π
    pub const PIMC_HAND: BidModel = BidModel {
        make_at: 3.14,
        make_slope: 3.94,
        alone_at: 4.22,
        alone_slope: 3.8,
        at_by_place: [0.74, -0.1, 0.36, -0.44, -0.5, -0.02, -1.1, -10.0],
        hand: [0.66, 1.36, -1.9, -0.44],
    };

    /// `expert`'s own bids fitted the same way (`fit_bid_model -- 2000 expert --by-place`:
    /// −2,847 to −2,281 over 7,021 decisions). Like `pimc-50` but in round 2, where its dealer
    /// calls no more readily than the others.
    pub const EXPERT_BY_PLACE: BidModel = BidModel {
        make_at: 3.16,
        make_slope: 3.4,
        alone_at: 4.2,
        alone_slope: 3.8,
        at_by_place: [0.74, -0.02, 0.54, -0.38, -0.66, -0.4, -0.96, 0.12],
        hand: [0.0; HAND_FEATURES],
    };

    /// Today's `expert` (since 2026-11-27, `expert-leads20`) fitted the same way
    /// (`fit_bid_model -- 2000 expert --by-place`: −2,903 for [`BidModel::PIMC`] to −2,350
    /// over 7,126 decisions). Nearer `pimc-50`'s than the older `expert`'s: its dealer too
    /// calls almost any hand in round 2; as the dealer in round 1 it takes up less readily
    /// than `pimc-50`.
    pub const EXPERT_LEADS20_BY_PLACE: BidModel = BidModel {
        make_at: 3.26,
        make_slope: 3.4,
        alone_at: 4.2,
        alone_slope: 3.92,
        at_by_place: [0.64, -0.06, 0.36, -0.34, -0.88, -0.78, -1.34, -10.0],
        hand: [0.0; HAND_FEATURES],
    };

    /// The chance that a seat seeing `o` takes `a` (one of `o.legal`), or `None` where the
    /// model says nothing (every decision but the bidding and going alone).
    pub fn probability(&self, o: &Observation, a: Action) -> Option<f64> {
        match o.phase {
            Phase::Bidding1 | Phase::Bidding2 => {
                let options = self.options(o);
                let total: f64 = options.iter().map(|(_, w)| w).sum();
                let of = |t: Option<Trump>| {
                    options
                        .iter()
                        .find(|(x, _)| *x == t)
                        .map_or(0.0, |(_, w)| w / total)
                };
                match a {
                    Action::Pass => Some(of(None)),
                    Action::Order { alone } => {
                        let t = o.upcard.suit().map(Trump::Suit);
                        Some(of(t) * self.alone_part(o, alone, order_estimate(o)))
                    }
                    Action::Call { trump, alone } => {
                        Some(of(Some(trump)) * self.alone_part(o, alone, call_estimate(o, trump)))
                    }
                    _ => None,
                }
            }
            Phase::MakerAlone => {
                let trump = o.trump?;
                let est = if o
                    .history
                    .iter()
                    .any(|(_, s)| matches!(s, euchre::observation::Seen::Known(Action::Order { .. })))
                {
                    order_estimate(o)
                } else {
                    call_estimate(o, trump)
                };
                let p = self.alone_chance(est);
                match a {
                    Action::Alone => Some(p),
                    Action::Pass | Action::Partner => Some(1.0 - p),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A bid drawn from the model for the seat seeing `o`, in proportion to its chance; `None`
    /// where the model says nothing (every decision but the bidding and going alone).
    pub fn draw(&self, o: &Observation, rng: &mut impl Rng) -> Option<Action> {
        let chances: Vec<(Action, f64)> = o
            .legal
            .iter()
            .map(|&a| Some((a, self.probability(o, a)?)))
            .collect::<Option<_>>()?;
        let total: f64 = chances.iter().map(|(_, p)| p).sum();
        if chances.is_empty() || total.is_nan() || total <= 0.0 {
            return None;
        }
        let mut x = rng.gen::<f64>() * total;
        for &(a, p) in &chances {
            if x < p {
                return Some(a);
            }
            x -= p;
        }
        chances.last().map(|(a, _)| *a)
    }

    /// The model's likeliest bid for the seat seeing `o` (the first of equals); `None` where
    /// the model says nothing.
    pub fn likeliest(&self, o: &Observation) -> Option<Action> {
        let mut best: Option<(Action, f64)> = None;
        for &a in o.legal.iter() {
            let p = self.probability(o, a)?;
            if best.is_none_or(|(_, q)| p > q) {
                best = Some((a, p));
            }
        }
        best.map(|(a, _)| a)
    }

    /// Each legal way to bid (`None` for passing) with its unnormalised weight.
    fn options(&self, o: &Observation) -> Vec<(Option<Trump>, f64)> {
        let mut out = Vec::with_capacity(5);
        for &a in o.legal.iter() {
            let t = match a {
                Action::Pass => None,
                Action::Order { alone: false } => o.upcard.suit().map(Trump::Suit),
                Action::Call { trump, alone: false } => Some(trump),
                _ => continue,
            };
            if out.iter().any(|(x, _)| *x == t) {
                continue;
            }
            let w = match (a, t) {
                (Action::Order { .. }, Some(t)) => self.make_weight(o, t, order_estimate(o)),
                (Action::Call { trump, .. }, _) => self.make_weight(o, trump, call_estimate(o, trump)),
                _ => 1.0,
            };
            out.push((t, w));
        }
        out
    }

    fn make_weight(&self, o: &Observation, trump: Trump, est: f64) -> f64 {
        let round = usize::from(o.phase == Phase::Bidding2);
        let place = (o.seat.index() + 3 - o.dealer.index()) % 4;
        let at = self.make_at + self.at_by_place[round * 4 + place];
        let hand: f64 = if self.hand == [0.0; HAND_FEATURES] {
            0.0
        } else {
            let f = hand_features(o, trump);
            f.iter().zip(&self.hand).map(|(x, w)| x * w).sum()
        };
        // Bounded so the sum of a decision's weights stays finite (five of e^600 do), and
        // wide enough never to bind where it would tie two bids.
        (self.make_slope * (est - at) + hand).clamp(-600.0, 600.0).exp()
    }

    fn alone_chance(&self, est: f64) -> f64 {
        1.0 / (1.0
            + (-self.alone_slope * (est - self.alone_at))
                .clamp(-30.0, 30.0)
                .exp())
    }

    /// The share of a bid's chance that goes to its lone or partnered form, when both are
    /// legal.
    fn alone_part(&self, o: &Observation, alone: bool, est: f64) -> f64 {
        let both = o.legal.iter().any(|x| {
            matches!(
                x,
                Action::Order { alone: true } | Action::Call { alone: true, .. }
            )
        });
        if !both {
            return 1.0;
        }
        let p = self.alone_chance(est);
        if alone {
            p
        } else {
            1.0 - p
        }
    }
}

/// How the partner and the opponents are taken to bid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bidders {
    pub partner: BidModel,
    pub opponents: BidModel,
}

impl Bidders {
    /// Every other seat bids by `model`.
    pub const fn all(model: BidModel) -> Bidders {
        Bidders {
            partner: model,
            opponents: model,
        }
    }

    fn of(&self, seat: Seat, me: Seat) -> &BidModel {
        if seat.team() == me.team() {
            &self.partner
        } else {
            &self.opponents
        }
    }
}

/// How a seat plays its cards, for weighing worlds by the cards the others played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayModel {
    /// As `basic` would, but for a stray share of its plays (`lead` when it leads a trick,
    /// `follow` otherwise), spread evenly over the other legal cards. A card that `basic`
    /// would not have played then says something about the hand: a seat that did not take a
    /// trick it could have taken cheaply probably could not. Search players lead unlike
    /// `basic` far more often than they follow unlike it (`examples/fit_play_model.rs`).
    Basic { lead: f64, follow: f64 },
    /// Leads by a fitted logit over the legal cards ([`LeadModel`]); follows as `basic` would
    /// but for a `follow` share of strays.
    Fitted { lead: LeadModel, follow: f64 },
    /// Leads and follows both by fitted logits over the legal cards ([`LeadModel`],
    /// [`FollowModel`]).
    Logits { lead: LeadModel, follow: FollowModel },
    /// As a player who plays the card that is best in the world it is in, most of the time:
    /// each legal card is drawn with a weight of `exp(-sharpness × tricks)`, where `tricks`
    /// are those the card gives up for its side against the best card there, solved seeing
    /// every hand. Search players (`pimc-50`, `expert`) choose the card that is best over the
    /// worlds they imagine, which is the best in the real world more often than not, so a card
    /// that would throw a trick away in a world makes that world less likely. Tricks, not
    /// points: the points seldom turn on one card (in 2 of the 35 positions of this module's
    /// test), the tricks often.
    Solved { sharpness: f64 },
}

impl PlayModel {
    /// The chance that the seat seeing `o` plays `a` (a card) in the deal `d`, or `None`
    /// where the model says nothing (not a card, or no choice). `tricks` solves the position
    /// for [`PlayModel::Solved`].
    pub fn probability(&self, d: &Deal, o: &Observation, a: Action, tricks: &mut TrickSolver) -> Option<f64> {
        if o.phase != Phase::Play || o.legal.len() < 2 {
            return None;
        }
        match *self {
            PlayModel::Fitted { lead, follow } => {
                if leads(o) {
                    let (options, card) = cards_of(o, a)?;
                    lead.probability(o, options, card)
                } else {
                    PlayModel::Basic { lead: follow, follow }.probability(d, o, a, tricks)
                }
            }
            PlayModel::Logits { lead, follow } => {
                let (options, card) = cards_of(o, a)?;
                if leads(o) {
                    lead.probability(o, options, card)
                } else {
                    follow.probability(o, options, card)
                }
            }
            PlayModel::Basic { lead, follow } => basic_or_stray(o, a, if leads(o) { lead } else { follow }),
            PlayModel::Solved { sharpness } => {
                let Action::Play(card) = a else { return None };
                let tp = d.trick_play()?;
                let side = if o.seat.team() == tp.makers() { 1.0 } else { -1.0 };
                let values: Vec<(Card, f64)> = tricks
                    .exact_values(&tp)
                    .into_iter()
                    .map(|(c, t)| (c, side * f64::from(t)))
                    .collect();
                let best = values.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
                let weight = |v: f64| (-sharpness * (best - v)).exp();
                let played = values.iter().find(|(c, _)| *c == card)?.1;
                let all: f64 = values.iter().map(|(_, v)| weight(*v)).sum();
                Some(weight(played) / all)
            }
        }
    }
}

/// The chance that the seat seeing `o` chooses `a` if it makes `basic`'s choice but for a
/// `stray` share of its decisions, spread evenly over the other legal actions; `None` where it
/// has no choice.
fn basic_or_stray(o: &Observation, a: Action, stray: f64) -> Option<f64> {
    if o.legal.len() < 2 {
        return None;
    }
    let expected = crate::basic::partnership_action(o)?;
    let others = (o.legal.len() - 1) as f64;
    Some(if a == expected {
        1.0 - stray
    } else {
        stray / others
    })
}

/// The cards the seat seeing `o` may play, and the card `a` plays (`None` if it plays none).
fn cards_of(o: &Observation, a: Action) -> Option<(CardSet, Card)> {
    let Action::Play(card) = a else { return None };
    let options = o.legal.iter().filter_map(|x| match x {
        Action::Play(c) => Some(*c),
        _ => None,
    });
    Some((options.collect(), card))
}

/// True when the seat seeing `o` leads the trick (no trick is under way).
pub(crate) fn leads(o: &Observation) -> bool {
    o.tricks.last().is_none_or(|t| t.winner.is_some())
}

/// The chance, under `model`, that the seats other than `me` would have bid as they did in
/// `world` holding the cards they hold there: the product over their bidding decisions. A
/// world whose deal cannot be rebuilt gets weight 1 (nothing is inferred).
pub fn bidding_likelihood(world: &Deal, me: Seat, model: &BidModel) -> f64 {
    likelihood(world, me, Readers::bids(&Bidders::all(*model)))
}

/// How [`likelihood`] reads the seats other than the one deciding: their bids always, the rest
/// where a model is given.
pub struct Readers<'a> {
    /// Their bids.
    pub bids: &'a Bidders,
    /// The cards they played, with the solver that solves positions for
    /// [`PlayModel::Solved`].
    pub plays: Option<(&'a PlayModel, &'a mut TrickSolver)>,
    /// With `plays`, the partner's cards by this model instead.
    pub partner_plays: Option<&'a PlayModel>,
    /// The dealer's discard (hidden from the seat), as `basic`'s card but for this share of
    /// strays spread evenly over the dealer's other cards.
    pub discard: Option<f64>,
    /// The chances already read in this decision's other worlds.
    pub memo: Option<&'a mut StepMemo>,
}

/// The chances [`likelihood`] has read in one decision's worlds, by what the reading seat saw.
/// Every world of a decision shares the public history, so a seat's decision at the same step,
/// with the same hand (and for the dealer the same discard), was seen and read the same way in
/// each: it is read once. Most worlds then cost a few look-ups (where a play is read, each of
/// them replayed a dozen decisions, each one an observation built). Clear it for each decision.
///
/// A fast hash with a fixed seed: the keys are the engine's own values, not an attacker's.
#[derive(Default)]
pub struct StepMemo(HashMap<StepKey, Option<f64>, FixedState>);

impl StepMemo {
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// What a seat saw of a world at one step that other worlds of the same decision may not share.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepKey {
    step: u16,
    seat: Seat,
    hand: CardSet,
    discard: Option<Card>,
    action: Action,
}

impl<'a> Readers<'a> {
    /// The bids alone.
    pub fn bids(bids: &'a Bidders) -> Readers<'a> {
        Readers {
            bids,
            plays: None,
            partner_plays: None,
            discard: None,
            memo: None,
        }
    }
}

/// The chance that the seats other than `me` would have decided as they did in `world`, each
/// decision read as `readers` say (a decision they do not read counts 1; a world whose deal
/// cannot be rebuilt, 1 in all).
pub fn likelihood(world: &Deal, me: Seat, readers: Readers) -> f64 {
    let Readers {
        bids,
        mut plays,
        partner_plays,
        discard,
        mut memo,
    } = readers;
    let Ok(mut d) = Deal::new(
        *world.rules(),
        world.dealer(),
        world.dealt_hands(),
        world.upcard(),
        CardSet::EMPTY,
    ) else {
        return 1.0;
    };
    let history = world.history();
    // A seat's chance is its own only while the model reads nothing but what the seat saw
    // (a solved model reads every hand), and what it saw is its hand, its discard and the
    // public history: partners' face-down exchanges are seen by two.
    let solved = |m: Option<&PlayModel>| matches!(m, Some(PlayModel::Solved { .. }));
    let exchanged = history
        .iter()
        .any(|(_, a)| matches!(a, Action::Exchange(_) | Action::Give(_)));
    if exchanged || solved(plays.as_ref().map(|(m, _)| &**m)) || solved(partner_plays) {
        memo = None;
    }
    let mut p = 1.0;
    for (step, (seat, a)) in history.into_iter().enumerate() {
        let phase = d.phase();
        let bidding = matches!(phase, Phase::Bidding1 | Phase::Bidding2 | Phase::MakerAlone);
        let discarding = phase == Phase::Discard;
        // Past the bidding, only what is read (the discard, the plays) needs replaying.
        let read = bidding || (discarding && discard.is_some()) || plays.is_some();
        if !read {
            break;
        }
        if seat != me {
            // Only where there is a memo to look in (not for the next-card search's worlds).
            let key = memo.is_some().then(|| StepKey {
                step: step as u16,
                seat,
                hand: d.hands()[seat.index()],
                discard: d.discard().filter(|_| seat == d.dealer()),
                action: a,
            });
            let known = key.and_then(|k| memo.as_ref()?.0.get(&k).copied());
            let q = if let Some(q) = known {
                q
            } else if bidding {
                bids.of(seat, me).probability(&d.observation(seat), a)
            } else if discarding {
                discard.and_then(|stray| basic_or_stray(&d.observation(seat), a, stray))
            } else {
                plays.as_mut().and_then(|(m, tricks)| {
                    let m = partner_plays.filter(|_| seat == me.partner()).unwrap_or(m);
                    m.probability(&d, &d.observation(seat), a, tricks)
                })
            };
            if let (None, Some(k), Some(m)) = (known, key, memo.as_mut()) {
                m.0.insert(k, q);
            }
            if let Some(q) = q {
                p *= q;
            }
        }
        if d.apply(a).is_err() {
            break;
        }
    }
    p
}

/// The deals this module's tests build, shared with the other models' tests.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use euchre::rules::Rules;
    use euchre::{Card, Suit};

    fn cards(text: &str) -> CardSet {
        text.split_whitespace()
            .map(|c| c.parse::<Card>().unwrap())
            .collect()
    }

    /// Seat 0 deals, `seat1` holds seat 1's cards, the upcard is the queen of hearts, and the
    /// rest go round in deck order; then `bids` are made.
    pub(crate) fn deal(seat1: &str, bids: &[&str]) -> Deal {
        deal_holding(1, seat1, bids)
    }

    /// The same with `hand` held by seat `holder`.
    fn deal_holding(holder: usize, hand: &str, bids: &[&str]) -> Deal {
        let rules = Rules::preset("north-american").unwrap();
        let upcard: Card = "QH".parse().unwrap();
        let mine = cards(hand);
        let mut rest = rules.deck().minus(mine).without(upcard).iter();
        let hands = std::array::from_fn(|i| {
            if i == holder {
                return mine;
            }
            (0..5).map(|_| rest.next().unwrap()).collect()
        });
        let mut d = Deal::new(rules, Seat::new(0), hands, upcard, CardSet::EMPTY).unwrap();
        for b in bids {
            d.apply(b.parse().unwrap()).unwrap();
        }
        d
    }

    #[test]
    fn a_pass_makes_a_strong_hand_unlikely_and_an_order_a_weak_one() {
        let model = BidModel::PIMC;
        let me = Seat::new(2);
        let strong = "JH JD AH KH AS";
        let weak = "9C 10C 9S 10S 9D";
        let pass = |h| bidding_likelihood(&deal(h, &["pass"]), me, &model);
        let order = |h| bidding_likelihood(&deal(h, &["order"]), me, &model);
        assert!(
            pass(strong) < 0.05 * pass(weak),
            "{} {}",
            pass(strong),
            pass(weak)
        );
        assert!(
            order(weak) < 0.05 * order(strong),
            "{} {}",
            order(weak),
            order(strong)
        );
        // The seat's own decisions say nothing it does not know.
        assert_eq!(
            bidding_likelihood(&deal(weak, &["pass"]), Seat::new(1), &model),
            1.0
        );
    }

    #[test]
    fn the_hand_features_count_what_the_bidder_holds() {
        // Seat 1 (the dealer's left), round 1, hearts up: the left bower is a trump, and
        // spades and clubs are void.
        let d = deal("JH JD AD 10H 9H", &[]);
        let o = d.observation(Seat::new(1));
        let hearts = Trump::Suit(Suit::Hearts);
        assert_eq!(hand_features(&o, hearts), [4.0, 1.0, 1.0, 2.0]);
        // The same hand calling diamonds in round 2: its bower is right, hearts' jack left.
        let d = deal("JH JD AD 10H 9H", &["pass"; 4]);
        let o = d.observation(Seat::new(1));
        let diamonds = Trump::Suit(Suit::Diamonds);
        assert_eq!(hand_features(&o, diamonds), [3.0, 1.0, 0.0, 2.0]);
        // The dealer ordered up in round 1 counts the upcard taken and its worst card thrown.
        let d = deal_holding(0, "9C 9S AS KS 10D", &[]);
        let f = hand_features(&d.observation(Seat::new(0)), hearts);
        assert_eq!(f[0], 1.0, "the queen of hearts taken up");
        // A weight of 1 on the trumps held multiplies the odds of ordering up against
        // passing by e to the power of the trumps (four here).
        let o = deal("JH JD AD 10H 9H", &[]).observation(Seat::new(1));
        let odds = |m: &BidModel| {
            let p = |a: &str| m.probability(&o, a.parse().unwrap()).unwrap();
            p("order") / p("pass")
        };
        let plain = BidModel::PIMC_BY_PLACE;
        let by_trumps = BidModel {
            hand: [1.0, 0.0, 0.0, 0.0],
            ..plain
        };
        let ratio = odds(&by_trumps) / odds(&plain);
        assert!((ratio - 4f64.exp()).abs() < 1e-9 * ratio, "{ratio}");
    }

    /// Deal `seed` (seat 0 dealing) where seat 1 orders up, the dealer discards (the first legal
    /// card), and `cards` cards are played, each the first legal one.
    fn ordered_and_played(rules: Rules, seed: u64, cards: usize) -> Deal {
        let mut d = Deal::from_seed(rules, Seat::new(0), seed);
        d.apply(Action::Order { alone: false }).unwrap();
        while d.phase() != Phase::Play {
            let first = d.legal_actions()[0];
            d.apply(first).unwrap();
        }
        for _ in 0..cards {
            let first = d.legal_actions()[0];
            d.apply(first).unwrap();
        }
        d
    }

    #[test]
    fn a_solved_play_model_draws_the_best_card_most_and_mistakes_least() {
        let rules = Rules::preset("north-american").unwrap();
        let model = PlayModel::Solved { sharpness: 1.0 };
        let mut tricks = TrickSolver::new();
        let (mut checked, mut uneven) = (0, 0);
        for seed in 0..60u64 {
            // Positions in every trick.
            let d = ordered_and_played(rules, seed, (seed % 12) as usize);
            let seat = d.to_act().unwrap();
            let o = d.observation(seat);
            if o.legal.len() < 2 {
                continue;
            }
            let tp = d.trick_play().unwrap();
            let side = if seat.team() == tp.makers() { 1 } else { -1 };
            let values = tricks.exact_values(&tp);
            let value = |a: Action| {
                let (_, t) = values.iter().find(|(c, _)| Action::Play(*c) == a).unwrap();
                side * i32::from(*t)
            };
            let chances: Vec<(Action, f64)> = o
                .legal
                .iter()
                .map(|&a| (a, model.probability(&d, &o, a, &mut tricks).unwrap()))
                .collect();
            let total: f64 = chances.iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "seed {seed}: {total}");
            // A better card is always the likelier; a card a trick worse is e times less likely.
            for &(a, p) in &chances {
                for &(b, q) in &chances {
                    let gap = value(a) - value(b);
                    let ratio = (f64::from(gap)).exp();
                    assert!(
                        (p / q - ratio).abs() < 1e-9 * ratio,
                        "seed {seed}: {a} {p}, {b} {q}"
                    );
                }
            }
            checked += 1;
            uneven += usize::from(o.legal.iter().any(|&a| value(a) != value(o.legal[0])));
        }
        assert!(checked > 30, "only {checked} positions with a choice");
        assert!(
            uneven > 5,
            "only {uneven} positions where a card is worse than another"
        );
        // A decision that is not a play says nothing.
        let d = Deal::from_seed(rules, Seat::new(0), 1);
        let o = d.observation(Seat::new(1));
        assert_eq!(model.probability(&d, &o, Action::Pass, &mut tricks), None);
    }

    #[test]
    fn the_chances_of_the_legal_bids_add_up_to_1() {
        let rules = Rules::preset("north-american").unwrap();
        for (model, seed) in [BidModel::PIMC, BidModel::PIMC_BY_PLACE]
            .into_iter()
            .flat_map(|m| (0..300u64).map(move |s| (m, s)))
        {
            let mut d = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
            // Pass a few times to reach later seats and the second round.
            for _ in 0..(seed % 7) {
                if d.apply(Action::Pass).is_err() {
                    break;
                }
            }
            let Some(seat) = d.to_act() else { continue };
            let o = d.observation(seat);
            if !matches!(o.phase, Phase::Bidding1 | Phase::Bidding2) {
                continue;
            }
            let total: f64 = o.legal.iter().filter_map(|&a| model.probability(&o, a)).sum();
            assert!(
                (total - 1.0).abs() < 1e-9,
                "seed {seed}: {total} over {:?}",
                o.legal
            );
        }
    }
    #[test]
    fn by_place_a_dealer_calling_in_round_2_says_little_of_its_hand() {
        let strong = "JS JC AS KS QS";
        let weak = "9S 10S 9D 10D 9C";
        // The chance that seat 0, dealing and holding `hand`, calls spades (with its partner or
        // alone) once all have passed in both rounds but it.
        let chance = |m: &BidModel, hand: &str| {
            let d = deal_holding(0, hand, &["pass"; 7]);
            let o = d.observation(Seat::new(0));
            ["call S", "call S alone"]
                .iter()
                .map(|a| m.probability(&o, a.parse().unwrap()).unwrap())
                .sum::<f64>()
        };
        let ratio = |m: &BidModel| chance(m, weak) / chance(m, strong);
        // The plain model takes the call for a strong hand; fitted by place, the dealer calls
        // nearly anything rather than let the deal be thrown in, and still mostly its best suit.
        assert!(ratio(&BidModel::PIMC) < 0.1, "{}", ratio(&BidModel::PIMC));
        assert!(
            ratio(&BidModel::PIMC_BY_PLACE) > 0.5,
            "{}",
            ratio(&BidModel::PIMC_BY_PLACE)
        );
        let c = chance(&BidModel::PIMC_BY_PLACE, strong);
        assert!(c > 0.8, "{c}");
    }

    /// The bids and the cards played read by `plays` (the partner's by `partner_plays` where
    /// given).
    fn reading<'a>(
        bids: &'a Bidders,
        plays: &'a PlayModel,
        tricks: &'a mut TrickSolver,
        partner_plays: Option<&'a PlayModel>,
    ) -> Readers<'a> {
        Readers {
            plays: Some((plays, tricks)),
            partner_plays,
            ..Readers::bids(bids)
        }
    }

    #[test]
    fn a_decisions_worlds_read_with_a_shared_memo_read_as_each_alone() {
        let rules = Rules::preset("north-american").unwrap();
        let bids = Bidders::all(BidModel::PIMC_BY_PLACE);
        let plays = PlayModel::Fitted {
            lead: LeadModel::PIMC,
            follow: 0.2,
        };
        let me = Seat::new(1);
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
        let (mut reads, mut kept) = (0, 0);
        for seed in 0..12u64 {
            // Two passes and an order-up by the dealer's partner (the dealer's discard is hidden
            // from seat 1), or every seat passing and then a call after one more pass (each
            // seat to pass twice with the same hand has two decisions to read); then 5, 9 or
            // 13 cards played.
            let mut d = Deal::from_seed(rules, Seat::new(0), seed);
            let bids_made: &[&str] = if seed % 2 == 0 {
                &["pass", "pass", "order"]
            } else {
                &["pass", "pass", "pass", "pass", "pass", "pass"]
            };
            for bid in bids_made {
                d.apply(bid.parse().unwrap()).unwrap();
            }
            if let Some(&call) = d
                .legal_actions()
                .iter()
                .find(|a| matches!(a, Action::Call { alone: false, .. }))
            {
                d.apply(call).unwrap();
            }
            while d.phase() != Phase::Play {
                let first = d.legal_actions()[0];
                d.apply(first).unwrap();
            }
            for _ in 0..(seed % 3) * 4 + 5 {
                let first = d.legal_actions()[0];
                d.apply(first).unwrap();
            }
            let view = d.observation(me);
            let mut sampler = euchre::Sampler::new(&view).unwrap();
            let mut tricks = TrickSolver::new();
            let mut memo = StepMemo::default();
            for _ in 0..150 {
                let w = sampler.draw(&mut rng).unwrap();
                let readers = |memo| Readers {
                    bids: &bids,
                    plays: None,
                    partner_plays: None,
                    discard: Some(0.2),
                    memo,
                };
                let alone = likelihood(
                    &w,
                    me,
                    Readers {
                        plays: Some((&plays, &mut tricks)),
                        ..readers(None)
                    },
                );
                let shared = likelihood(
                    &w,
                    me,
                    Readers {
                        plays: Some((&plays, &mut tricks)),
                        ..readers(Some(&mut memo))
                    },
                );
                assert_eq!(alone.to_bits(), shared.to_bits(), "seed {seed}: {alone} {shared}");
                reads += w.history().iter().filter(|(s, _)| *s != me).count();
            }
            kept += memo.0.len();
        }
        // Worth keeping: a third of the reads or more come back in another world (about half
        // here, far more where the reading narrows the worlds).
        assert!(kept * 3 < reads * 2, "{kept} chances kept of {reads} read");
    }

    #[test]
    fn the_partners_cards_are_read_by_its_own_play_model_where_given() {
        let rules = Rules::preset("north-american").unwrap();
        let others = PlayModel::Basic {
            lead: 0.5,
            follow: 0.2,
        };
        let partners = PlayModel::Basic {
            lead: 0.5,
            follow: 0.05,
        };
        let bids = Bidders::all(BidModel::PIMC_BY_PLACE);
        let mut tricks = TrickSolver::new();
        let mut differed = 0;
        for seed in 0..40u64 {
            // Two tricks played.
            let d = ordered_and_played(rules, seed, 8);
            let me = Seat::new(1);
            let plain = likelihood(&d, me, reading(&bids, &others, &mut tricks, None));
            let same = likelihood(&d, me, reading(&bids, &others, &mut tricks, Some(&others)));
            assert!((plain - same).abs() <= 1e-12 * plain, "seed {seed}");
            // The partner's plays, each read by both models: the likelihoods differ by their
            // ratio and by nothing else.
            let mut ratio = 1.0;
            let mut replay =
                Deal::new(rules, Seat::new(0), d.dealt_hands(), d.upcard(), CardSet::EMPTY).unwrap();
            for (seat, a) in d.history() {
                if seat == me.partner() {
                    let o = replay.observation(seat);
                    if let (Some(p), Some(q)) = (
                        partners.probability(&replay, &o, a, &mut tricks),
                        others.probability(&replay, &o, a, &mut tricks),
                    ) {
                        ratio *= p / q;
                    }
                }
                replay.apply(a).unwrap();
            }
            let read = likelihood(&d, me, reading(&bids, &others, &mut tricks, Some(&partners)));
            assert!(
                (read - plain * ratio).abs() <= 1e-9 * read,
                "seed {seed}: {read} {plain} {ratio}"
            );
            differed += usize::from((ratio - 1.0).abs() > 1e-9);
        }
        assert!(
            differed > 10,
            "the partner's plays changed only {differed} likelihoods"
        );
    }

    #[test]
    fn the_dealers_hidden_discard_is_read_as_basics_card_with_strays() {
        let rules = Rules::preset("north-american").unwrap();
        let bids = Bidders::all(BidModel::PIMC_BY_PLACE);
        let stray = 0.2;
        for seed in 0..20u64 {
            // Seat 1 orders up; the dealer (seat 0) discards `basic`'s card in one world and
            // another card in the other, the same deal otherwise.
            let mut d = Deal::from_seed(rules, Seat::new(0), seed);
            d.apply(Action::Order { alone: false }).unwrap();
            while d.phase() != Phase::Discard {
                let first = d.legal_actions()[0];
                d.apply(first).unwrap();
            }
            let o = d.observation(Seat::new(0));
            let plain = crate::basic::partnership_action(&o).unwrap();
            let other = *o.legal.iter().find(|&&a| a != plain).unwrap();
            let worlds = [plain, other].map(|a| {
                let mut w = d.clone();
                w.apply(a).unwrap();
                w
            });
            let read = |w: &Deal, me: u8, discard| {
                let readers = Readers {
                    discard,
                    ..Readers::bids(&bids)
                };
                likelihood(w, Seat::new(me), readers)
            };
            // Seen from the dealer's left: the discard weighs the worlds by the model's ratio
            // (the strays spread over the other cards the dealer may discard: not the upcard,
            // in these rules), and without the reading not at all.
            assert_eq!(o.legal.len(), 5);
            let ratio = read(&worlds[0], 1, Some(stray)) / read(&worlds[1], 1, Some(stray));
            let expected = (1.0 - stray) / (stray / 4.0);
            assert!((ratio - expected).abs() < 1e-9 * expected, "seed {seed}: {ratio}");
            assert_eq!(read(&worlds[0], 1, None), read(&worlds[1], 1, None));
            // The dealer knows its own discard: nothing to read.
            assert_eq!(read(&worlds[0], 0, Some(stray)), read(&worlds[1], 0, Some(stray)));
        }
    }

    #[test]
    fn the_partner_and_the_opponents_are_read_by_their_own_models() {
        let bids = Bidders {
            partner: BidModel::EXPERT_BY_PLACE,
            opponents: BidModel::PIMC_BY_PLACE,
        };
        let me = Seat::new(1);
        assert_eq!(bids.of(Seat::new(3), me), &BidModel::EXPERT_BY_PLACE);
        assert_eq!(bids.of(Seat::new(0), me), &BidModel::PIMC_BY_PLACE);
        assert_eq!(bids.of(Seat::new(2), me), &BidModel::PIMC_BY_PLACE);
    }
}
