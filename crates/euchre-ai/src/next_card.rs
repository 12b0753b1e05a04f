//! The seat's own next card chosen without seeing through the cards (`expert-nextN`): a
//! remedy for PIMC's strategy fusion in the four-handed game's card play.
//!
//! PIMC values a card in each sampled world by solving that world, as if the seat would know
//! every hidden card for the rest of the deal. It then overrates cards that leave a guess for
//! later (it always guesses right) and underrates cards that avoid one. Here, in each world,
//! the others answer the card as the solver would (each seeing the world), up to the seat's
//! next turn; there the seat chooses its card as PIMC would from what it could see at that
//! point: by the mean over a few fresh worlds drawn from its own view then, weighed by the
//! others' bids. The world's value of the first card is the solved value of the world after
//! that second card, not after the best second card for that world.
//!
//! With [`Blind::Own`] only the seat's next card is chosen blind; the partner's cards
//! ([`Blind::OurSide`]) or every seat's ([`Blind::Everyone`]) before it can be too. Everything
//! after is still solved seeing the world: this removes the fusion nearest the decision at
//! the price of a handful of small solves per (world, card).
//!
//! Measured against `expert`, and against `pimc-50` (whose choices blind opponents model),
//! no form plays better (`docs/players.md`, "Strategy fusion"): in Euchre the play reveals
//! the hidden cards quickly, and PIMC's fusion costs little.

use crate::pimc::{best_index, WorldOutcome};
use crate::solver::TrickSolver;
use euchre::{Action, ActionList, Card, CardSet, Deal, Seat, TrickPlay};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::HashMap;

/// What drawing a world and weighing it by the bids costs, in decisions of `basic` (the unit
/// the caller counts work in: about 0.75 µs; a draw took 3.2 µs on the machine where the
/// costs were measured, its solve counted apart).
const DRAW_STEPS: u64 = 4;

/// How the next-card search values a world and counts its work.
pub(crate) struct NextCard<'a> {
    /// Fresh worlds drawn at the seat's next turn to choose its card there.
    pub worlds: u32,
    /// A world's outcome in points for the seat's side, as the search values it (points, or
    /// the chance of winning the game they leave).
    pub worth: &'a dyn Fn(f64) -> f64,
    /// A drawn world's weight for the seat that drew it: how likely the others were to bid
    /// as they did in it.
    pub weigh: &'a dyn Fn(&Deal, Seat) -> f64,
    /// Whose cards, up to the seat's next turn, are chosen blind.
    pub blind: Blind,
    /// The blind choices made so far in this decision, by the chooser, its hand and the cards
    /// played before it: the same point reached in another world is the same choice, as the
    /// chooser cannot tell the worlds apart there (and it is not drawn for again). The hand
    /// is the seat's own in every world, but the partner's and the opponents' differ.
    pub memo: &'a RefCell<Memo>,
}

/// Blind choices already made in a decision ([`NextCard::memo`]).
pub(crate) type Memo = HashMap<(Seat, CardSet, Vec<Card>), Card>;

/// Whose cards the next-card search chooses from their own view (the rest are the solver's,
/// seeing the world).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blind {
    /// The seat's own next card.
    Own,
    /// The partner's cards before it too.
    OurSide,
    /// Every seat's card before it: the opponents do not see through the cards either.
    Everyone,
}

/// The points for `me`'s side, less the other side's, of each card of a trick play: the
/// solver's values, signed for `me`.
fn signed_values(tricks: &mut TrickSolver, tp: &TrickPlay, me: Seat) -> Vec<(Card, f64)> {
    tricks
        .values(tp)
        .cards
        .into_iter()
        .map(|(c, _, points)| (c, for_side(tp, me, points)))
        .collect()
}

/// Points to (makers, defenders) as `me`'s side's less the other side's.
fn for_side(tp: &TrickPlay, me: Seat, [m, d]: [u8; 2]) -> f64 {
    let sign = if me.team() == tp.makers() { 1.0 } else { -1.0 };
    sign * (f64::from(m) - f64::from(d))
}

/// The cards the seat to act may play.
fn cards(tp: &TrickPlay) -> Vec<Card> {
    tp.legal().into_iter().collect()
}

/// The card the seat to act plays seeing the whole deal: the best for its side, and of cards
/// that do as well the least powerful (a card that wins nothing more is not wasted, so the
/// history the seat reads later is one a sensible player would leave).
fn solver_card(tricks: &mut TrickSolver, tp: &TrickPlay) -> Option<Card> {
    let actor = tp.to_act();
    let values = signed_values(tricks, tp, actor);
    let best = values.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
    values
        .into_iter()
        .filter(|(_, v)| *v >= best - 1e-9)
        .min_by_key(|(c, _)| (tp.table().power(*c), c.index()))
        .map(|(c, _)| c)
}

impl NextCard<'_> {
    /// The outcome for `me` of each legal action in `world` (the four-handed game, in trick
    /// play; `me` to act), with `me`'s next card chosen from its own view. `None` when the
    /// world's play is not plain trick play (the caller then values it as PIMC does); an
    /// action that cannot be applied is `None` in the list. `draws` counts the worlds drawn,
    /// in `basic`'s decisions ([`DRAW_STEPS`] each).
    pub(crate) fn values(
        &self,
        tricks: &mut TrickSolver,
        world: &Deal,
        legal: &ActionList,
        me: Seat,
        rng: &mut ChaCha8Rng,
        draws: &mut u64,
    ) -> Option<Vec<Option<WorldOutcome>>> {
        world.trick_play()?;
        let we_made = world.maker().map(|m| m.team() == me.team());
        let mut out = Vec::with_capacity(legal.len());
        for &a in legal.iter() {
            let mut d = world.clone();
            if d.apply(a).is_err() {
                out.push(None);
                continue;
            }
            let points = self.after(tricks, d, me, rng, draws)?;
            out.push(Some(WorldOutcome { points, we_made }));
        }
        Some(out)
    }

    /// The points for `me`'s side of a world after `me`'s card: the others answer as the
    /// solver would, `me`'s next card is chosen from its view, and the rest is solved.
    fn after(
        &self,
        tricks: &mut TrickSolver,
        mut d: Deal,
        me: Seat,
        rng: &mut ChaCha8Rng,
        draws: &mut u64,
    ) -> Option<f64> {
        loop {
            let tp = d.trick_play()?;
            let actor = tp.to_act();
            if tp.is_over() || actor == me {
                break;
            }
            let blind = match self.blind {
                Blind::Own => false,
                Blind::OurSide => actor == me.partner(),
                Blind::Everyone => true,
            };
            let c = if blind && tp.legal().len() > 1 {
                self.blind_choice(tricks, &d, &cards(&tp), actor, me, rng, draws)
            } else {
                solver_card(tricks, &tp)?
            };
            d.apply(Action::Play(c)).ok()?;
        }
        let tp = d.trick_play()?;
        if tp.is_over() || tp.legal().len() == 1 {
            let t = tricks.value(&tp);
            return Some(for_side(&tp, me, tp.points_by_maker_tricks()[usize::from(t)]));
        }
        let chosen = self.blind_choice(tricks, &d, &cards(&tp), me, me, rng, draws);
        let here = signed_values(tricks, &tp, me);
        here.iter().find(|(c, _)| *c == chosen).map(|(_, v)| *v)
    }

    /// `chooser`'s card (one of `legal`) at this point of `d`, chosen from `chooser`'s view
    /// alone: the best mean value for its side over fresh worlds drawn from that view, weighed
    /// by the others' bids. Values are `worth` for `me`'s side, so an opponent of `me`
    /// minimises them.
    #[allow(clippy::too_many_arguments)]
    fn blind_choice(
        &self,
        tricks: &mut TrickSolver,
        d: &Deal,
        legal: &[Card],
        chooser: Seat,
        me: Seat,
        rng: &mut ChaCha8Rng,
        draws: &mut u64,
    ) -> Card {
        let key = (chooser, d.hands()[chooser.index()], d.plays().to_vec());
        if let Some(&c) = self.memo.borrow().get(&key) {
            return c;
        }
        let obs = d.observation(chooser);
        let ours = chooser.team() == me.team();
        let mut totals = vec![0.0; legal.len()];
        let mut taken = 0;
        // A view no world agrees with (never one of a real deal) draws none.
        let mut sampler = euchre::Sampler::new(&obs).ok();
        for _ in 0..self.worlds.saturating_mul(4) {
            if taken >= self.worlds {
                break;
            }
            let Some(Ok(w)) = sampler.as_mut().map(|s| s.draw(rng)) else {
                continue;
            };
            *draws += DRAW_STEPS;
            let Some(tp) = w.trick_play() else { continue };
            let p = (self.weigh)(&w, chooser);
            if p <= 0.0 {
                continue;
            }
            taken += 1;
            let values = signed_values(tricks, &tp, me);
            for (c, total) in legal.iter().zip(totals.iter_mut()) {
                if let Some((_, v)) = values.iter().find(|(x, _)| x == c) {
                    let worth = (self.worth)(*v);
                    *total += p * if ours { worth } else { -worth };
                }
            }
        }
        let chosen = legal[best_index(totals)];
        self.memo.borrow_mut().insert(key, chosen);
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basic::BasicPlayer;
    use crate::player::{Budget, Player};
    use crate::solver::Solver;
    use crate::view::GameView;
    use euchre::table::AnyDeal;
    use euchre::Decisions;
    use rand::SeedableRng;

    /// A north-american deal played by `basic` until `cards` cards of the trick play are down
    /// (`None` if the deal ends first).
    fn into_play(seed: u64, cards: usize) -> Option<Deal> {
        let rules = euchre::rules::Rules::preset("north-american").unwrap();
        let mut deal =
            AnyDeal::Partnership(Box::new(Deal::from_seed(rules, Seat::new(seed as u8 % 4), seed)));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut played = 0;
        loop {
            let AnyDeal::Partnership(d) = &deal else {
                return None;
            };
            if d.trick_play().is_some() {
                if played == cards {
                    return Some((**d).clone());
                }
                played += 1;
            }
            let seat = deal.to_act()?;
            let a = BasicPlayer
                .choose(&GameView::of_deal(&deal, seat), &Budget::UNLIMITED, &mut rng)
                .action;
            deal.apply(a).ok()?;
        }
    }

    /// Each (world, action) of 150 deals at four points of the trick play, valued with
    /// `blind` choices and by the solver: how many were compared, fell short of the solver's
    /// value, beat it; the worlds drawn (in steps).
    fn against_the_solver(blind: Blind) -> (usize, usize, usize, u64) {
        let worth = |p: f64| p;
        let weigh = |_: &Deal, _: Seat| 1.0;
        let mut solver = Solver::new();
        let mut tricks = TrickSolver::new();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut compared, mut short, mut above, mut drawn) = (0, 0, 0, 0);
        for seed in 0..150 {
            for cards in [0, 5, 9, 13] {
                let Some(d) = into_play(seed, cards) else { continue };
                let me = d.to_act().unwrap();
                let legal = d.legal_actions();
                let mut draws = 0;
                // One decision: its own memo.
                let search = NextCard {
                    worlds: 6,
                    worth: &worth,
                    weigh: &weigh,
                    blind,
                    memo: &RefCell::new(Memo::new()),
                };
                let values = search
                    .values(&mut tricks, &d, &legal, me, &mut rng, &mut draws)
                    .unwrap();
                let solved = solver.action_values(&AnyDeal::Partnership(Box::new(d.clone())));
                for ((a, exact), b) in solved.iter().zip(&values) {
                    let b = b.unwrap().points;
                    compared += 1;
                    short += usize::from(b < exact - 1e-9);
                    above += usize::from(b > exact + 1e-9);
                    // From `me`'s last two cards the next one is forced: with only `me`'s
                    // card blind, nothing is left to choose blind.
                    if blind == Blind::Own && d.hands()[me.index()].len() <= 2 {
                        assert_eq!(b, *exact, "seed {seed}, {cards} down, {a}");
                    }
                }
                drawn += draws;
            }
        }
        (compared, short, above, drawn)
    }

    #[test]
    fn a_blind_next_card_never_beats_the_solver_and_sometimes_falls_short() {
        // Blind choices of our side's are choices the solver could have made for it: never
        // better than its best, sometimes worse; the more seats blind, the more often worse.
        let (compared, short, above, drawn) = against_the_solver(Blind::Own);
        assert!(compared > 500, "{compared}");
        assert_eq!(above, 0);
        assert!(short > 0 && short < compared / 4, "{short} of {compared}");
        assert!(drawn >= 500 * DRAW_STEPS, "worlds were drawn: {drawn}");
        let (c, short_both, above, _) = against_the_solver(Blind::OurSide);
        assert_eq!((c, above), (compared, 0));
        assert!(short_both > short, "{short_both} against {short}");
    }

    #[test]
    fn blind_opponents_sometimes_give_away_what_the_solver_would_not() {
        let (compared, _, above, _) = against_the_solver(Blind::Everyone);
        assert!(above > 0 && above < compared / 4, "{above} of {compared}");
    }

    #[test]
    fn a_decision_shares_its_memo_over_worlds_without_mixing_hands() {
        // Many worlds of one decision, one memo: a blind choice remembered for a seat must be
        // one that seat can play in the world at hand, whose hidden hands differ.
        let worth = |p: f64| p;
        let weigh = |_: &Deal, _: Seat| 1.0;
        let mut tricks = TrickSolver::new();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut shared = 0;
        for seed in 0..40 {
            let Some(d) = into_play(seed, 1) else { continue };
            let me = d.to_act().unwrap();
            let obs = d.observation(me);
            let memo = RefCell::new(Memo::new());
            let search = NextCard {
                worlds: 4,
                worth: &worth,
                weigh: &weigh,
                blind: Blind::Everyone,
                memo: &memo,
            };
            for _ in 0..30 {
                let w = euchre::sample::sample_world(&obs, &mut rng).unwrap();
                let legal = w.legal_actions();
                let mut draws = 0;
                let values = search.values(&mut tricks, &w, &legal, me, &mut rng, &mut draws);
                let values = values.expect("plain trick play");
                assert!(values.iter().all(Option::is_some), "seed {seed}");
            }
            shared += memo.borrow().len();
        }
        assert!(shared > 0);
    }
}
