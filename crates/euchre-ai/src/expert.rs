//! `expert`: the strongest player, PIMC improved where PIMC is weak (issue 12).
//!
//! - **Inference**: worlds are drawn in proportion to how likely the others were to bid and
//!   play as they did holding the cards they hold in them ([`crate::infer`]: bids by a model
//!   fitted by round and place, leads by a fitted logit ([`crate::lead_model`]), follows by
//!   `basic`'s choice but for 20% strays): several candidate worlds are sampled per world
//!   searched, weighed, and resampled.
//! - **Score-aware**: a world's outcome is valued by the chance of winning the game from the
//!   score it leaves ([`crate::win_prob`]), not by the deal's points; the points break
//!   exact ties (a game won or lost in every world still scores them).
//! - **More worlds where the choice is close**: worlds are searched in batches until the best
//!   action is clearly ahead (a paired test over the worlds) or the most worlds are searched.
//! - **Bounded work**: a decision stops after the world that takes its counted work (solver
//!   positions, `basic`'s decisions, worlds, at their measured costs: [`Work`]) past its bound,
//!   so it stays near 30 ms (20 in the individual games) and its choice stays reproducible.
//!
//! Tried and dropped (measured in `docs/players.md`): more candidate worlds per world searched;
//! valuing the bidding by `basic` playing the deal out (`-playouts`: half the exact value, half a
//! playout) instead of by the solver alone; finishing each world's auction with bids drawn from the
//! bidding model rather than `basic`'s (`-auction`; the opponents' only, by round and place,
//! `-oppauction`); correcting solved outcomes by how such deals really end (`-real`,
//! [`crate::real_outcomes`]); reading the others' cards by other models
//! ([`crate::infer::PlayModel`]): `basic`'s with other strays, apart for leads and follows
//! (`-playsN`, `-playsNfM`; `-plays10` was the default until 2026-11-27), the leads' logit with
//! other follows' strays (`-leadsN`), fitted logits for leads and follows (`-logits`,
//! [`crate::follow_model`]), or as a solver would (`-solvedplaysN`); taking a fixed amount off the
//! makers' solved outcome in the bidding (`-biasN`), or off their solved marches only (`-marchN`);
//! correcting each bid's searched difference from passing by lines fitted to counterfactual
//! play-outs (`-cf`, [`crate::bid_correction`]); choosing the seat's next card (and the partner's,
//! or everyone's) from its own view rather than seeing each world, against strategy fusion
//! (`-nextN`, `-bothN`, `-allN`, [`crate::next_card`]); in the bidding, leading the same card at
//! the seat's own opening lead in every world where it knows the same things (`-ownlead`,
//! [`crate::own_choice`]); making each world's opening lead as `basic` would, or as the lead model
//! finds likeliest, not as the solver would (`-olead`, `-oleadfit`); reading the partner's bids by
//! a model fitted to `expert`'s own (`-place2`, [`crate::infer::BidModel::EXPERT_BY_PLACE`];
//! today's `expert`'s, `-place3`); reading the bids by a model that weighs the hand's features too
//! (`-bidhand`, [`crate::infer::BidModel::PIMC_HAND`]: it reads them far better, and plays no
//! better); reading the dealer's hidden discard as `basic`'s (`-discN`); reading everything more
//! softly or more sharply than the models say (`-tempN`).
//!
//! Each can be turned off, for the measurements of what each is worth (`docs/players.md`);
//! [`config`] reads the names that choose them.

pub mod config;

use crate::basic::BasicPlayer;
use crate::bid_correction::{self, BidCorrection};
use crate::infer::{likelihood, PlayModel, Readers, StepMemo};
use crate::next_card::{Memo, NextCard};
use crate::own_choice::{choose, value_chosen, OwnChoice, Spot};
use crate::paired::{close_to, difference, WorldValues};
use crate::pimc::{best_index, GamePosition, Pimc, Work, WorldOutcome};
use crate::player::{Budget, Choice, Outlook, Player};
use crate::real_outcomes::RealOutcomes;
use crate::solver::TrickSolver;
use crate::view::GameView;
use crate::win_prob::WinTable;
pub use config::ExpertConfig;
use euchre::observation::Observation;
use euchre::table::{AnyDeal, View};
use euchre::{Action, ActionList, Decisions, Phase, Seat};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

/// What weighing worlds by the others' past plays ([`ExpertConfig::plays`]) needs and has
/// cost: made at first use, as most configurations never weigh plays.
#[derive(Default)]
struct PlayInference {
    /// Solves the positions of the plays, for [`PlayModel::Solved`].
    tricks: Option<TrickSolver>,
    /// The plays read with `basic`'s choice, for [`PlayModel::Basic`].
    basic_steps: u64,
    /// The chances read in the worlds of the decision being made.
    memo: StepMemo,
}

impl PlayInference {
    fn work(&self) -> u64 {
        let nodes = self.tricks.as_ref().map_or(0, |t| t.nodes);
        nodes * Work::TRICK_NODE + self.basic_steps * Work::BASIC_STEP
    }
}

/// [`Expert::likelihood`], on the fields it needs (so a search may hold it while it borrows
/// the rest of the player). `now` says the world is one of the decision being made, whose
/// public history every such world shares (its chances may then be kept for the others).
fn world_likelihood(
    config: &ExpertConfig,
    inference: &RefCell<PlayInference>,
    world: &euchre::Deal,
    seat: Seat,
    now: bool,
) -> f64 {
    let inference = &mut *inference.borrow_mut();
    if let Some(PlayModel::Basic { .. } | PlayModel::Fitted { .. } | PlayModel::Logits { .. }) = config.plays
    {
        // Each of the others' plays is one decision of `basic` (an upper bound: a play
        // without a choice is not asked).
        let plays = world
            .history()
            .into_iter()
            .filter(|(s, a)| *s != seat && matches!(a, Action::Play(_)));
        inference.basic_steps += plays.count() as u64;
    }
    if config.discard.is_some() {
        // The discard read is one decision of `basic`.
        inference.basic_steps += 1;
    }
    let readers = Readers {
        bids: &config.bidders,
        plays: (config.plays.as_ref()).map(|m| (m, inference.tricks.get_or_insert_with(TrickSolver::new))),
        partner_plays: config.partner_plays.as_ref(),
        discard: config.discard,
        memo: now.then_some(&mut inference.memo),
    };
    likelihood(world, seat, readers)
}

pub struct Expert {
    config: ExpertConfig,
    name: String,
    pimc: Pimc,
    /// The win-probability table of the last target seen.
    table: Option<WinTable>,
    /// The next-card search's blind choices in the decision being made.
    memo: RefCell<Memo>,
    /// For weighing worlds by the others' past plays.
    inference: RefCell<PlayInference>,
}

impl Expert {
    pub fn new(name: &str, config: ExpertConfig) -> Expert {
        Expert {
            config,
            name: name.to_string(),
            pimc: {
                let mut p = Pimc::new(config.worlds);
                p.bidding_playouts = config.playouts;
                p.continuation = config.continuation;
                p.real = config.real.then(|| RealOutcomes::partnership().expectations());
                // A tenth of the decision's work for one world's search.
                p.world_nodes = Some((config.work / 10 / Work::ENGINE_NODE).max(1));
                p.maker_bias = config.maker_bias;
                p.opening_lead = config.opening_lead;
                p.own_lead = config.own_lead;
                p.own_trump = config.own_trump;
                p.own_round2 = config.own_round2;
                p.solo_exact = config.solo_exact;
                p
            },
            table: None,
            memo: RefCell::new(Memo::new()),
            inference: RefCell::default(),
        }
    }

    /// The work its searches have done so far, in [`Work`] units (the worlds themselves not
    /// counted).
    pub fn work(&self) -> u64 {
        self.pimc.work() + self.inference.borrow().work()
    }

    /// How likely the others' bids (and, with a play model, their cards) in `world` are, seen
    /// from `seat`: the weight of a candidate world.
    fn likelihood(&self, world: &euchre::Deal, seat: Seat) -> f64 {
        world_likelihood(&self.config, &self.inference, world, seat, true)
    }

    /// What the search maximises for an outcome (one world's or a mean): the points, or the
    /// chance of winning the game with the points (toward the target, or all of them) as
    /// small tie-breaks.
    fn key(&self, game: Option<&GamePosition>, win: Option<f64>, points: f64) -> f64 {
        match (game, win) {
            (Some(g), Some(w)) if self.config.score_aware => {
                w + self.config.points_weight * g.points_toward_target(points)
                    + self.config.tie_points * points
            }
            _ => points,
        }
    }

    /// `worlds` worlds to search, each with the times it was drawn: resampled from candidates
    /// weighed by the likelihood of the others' bids in them, or drawn uniformly (once each)
    /// when there is nothing to infer from.
    fn draw(&self, view: &GameView, worlds: u32, rng: &mut ChaCha8Rng) -> Vec<(AnyDeal, f64)> {
        let me = view.seat;
        let infer = self.config.candidates > 1 && others_have_bid(view);
        let want = if infer {
            worlds.saturating_mul(self.config.candidates)
        } else {
            worlds
        };
        let mut out = Vec::with_capacity(want as usize);
        // A view no world agrees with (never one of a real deal) draws none.
        let Ok(mut sampler) = view.view.sampler() else {
            return out;
        };
        for _ in 0..want.saturating_mul(4) {
            if out.len() >= want as usize {
                break;
            }
            let Ok(world) = sampler.draw(rng) else {
                continue;
            };
            if world.to_act() != Some(me) {
                continue;
            }
            let w = match (&world, infer) {
                (AnyDeal::Partnership(d), true) => match self.likelihood(d, me) {
                    w if self.config.temper == 1.0 => w,
                    w => w.powf(self.config.temper),
                },
                _ => 1.0,
            };
            out.push((world, w));
        }
        if infer {
            resample(out, worlds as usize, rng)
        } else {
            out
        }
    }

    /// How each action ends in world `r`, with the game-win chance it leaves, and its key
    /// value per action (for the stopping rule). Where the seat makes the opening lead after
    /// an action ([`ExpertConfig::own_lead`]), the outcome is that of the card `chosen` for
    /// the lead's spot (the best card's where none is chosen yet).
    fn resolve(
        &self,
        r: &Searched,
        chosen: &HashMap<&Spot, Action>,
        game: Option<&GamePosition>,
    ) -> (Vec<Option<WorldEnd>>, Vec<f64>) {
        let mut ends = Vec::with_capacity(r.outcomes.len());
        let mut keys = Vec::with_capacity(r.outcomes.len());
        for (o, lead) in r.outcomes.iter().zip(&r.leads) {
            let Some(o) = o else {
                ends.push(None);
                keys.push(f64::NEG_INFINITY);
                continue;
            };
            let o = match lead {
                Some(l) => value_chosen(l, chosen),
                None => *o,
            };
            let win = game.map(|g| g.win_after(o.points));
            ends.push(Some((o, win)));
            keys.push(self.key(game, win, o.points));
        }
        (ends, keys)
    }

    /// Chooses the seat's own opening leads over every world searched so far, and resolves
    /// again the worlds with a blind lead, to the card now chosen for its spot; the other
    /// worlds' ends and keys do not change. Nothing to do without blind leads (the default).
    fn rechoose_leads(
        &self,
        records: &[Searched],
        game: Option<&GamePosition>,
        ends: &mut [Vec<Option<WorldEnd>>],
        seen: &mut [WorldValues],
    ) {
        let chosen = self.choose_leads(records, game);
        if chosen.is_empty() {
            return;
        }
        for ((r, e), (_, keys)) in records.iter().zip(ends).zip(seen) {
            if r.leads.iter().any(Option::is_some) {
                (*e, *keys) = self.resolve(r, &chosen, game);
            }
        }
    }

    /// The card led at each of the seat's own opening-lead spots, over every world searched.
    fn choose_leads<'a>(
        &self,
        records: &'a [Searched],
        game: Option<&GamePosition>,
    ) -> HashMap<&'a Spot, Action> {
        let worth = |p: f64| self.key(game, game.map(|g| g.win_after(p)), p);
        let leads = records
            .iter()
            .flat_map(|r| r.leads.iter().flatten().map(move |l| (r.times, l)));
        choose(leads, worth)
    }

    /// With [`ExpertConfig::next_card`], each action's outcome in `world` with the seat's own
    /// next card chosen from its view ([`crate::next_card`]); `None` otherwise, or where the
    /// world's play is not plain four-handed trick play.
    fn next_card_values(
        &mut self,
        view: &GameView,
        world: &AnyDeal,
        legal: &ActionList,
        game: Option<&GamePosition>,
        rng: &mut ChaCha8Rng,
    ) -> Option<Vec<Option<WorldOutcome>>> {
        let worlds = self.config.next_card?;
        let AnyDeal::Partnership(d) = world else {
            return None;
        };
        if !view.in_trick_play() {
            return None;
        }
        let me = view.seat;
        let score_aware = self.config.score_aware;
        let worth = |p: f64| match game {
            Some(g) if score_aware => g.win_after(p),
            _ => p,
        };
        let infer = self.config.candidates > 1;
        let (config, inference) = (&self.config, &self.inference);
        let weigh = |w: &euchre::Deal, seat: Seat| {
            if infer {
                // A world of a later turn: its public history is not the decision's.
                world_likelihood(config, inference, w, seat, false)
            } else {
                1.0
            }
        };
        let search = NextCard {
            worlds,
            worth: &worth,
            weigh: &weigh,
            blind: self.config.blind,
            memo: &self.memo,
        };
        let (tricks, draws) = self.pimc.tricks_and_steps();
        search.values(tricks, d, legal, me, rng, draws)
    }
}

/// Worlds searched before the stopping rule is first asked, and between askings.
const FIRST_BATCH: u32 = 100;
const BATCH: u32 = 50;

/// The stopping rule: true when the best action so far is ahead of every other by more than
/// [`CLEAR`] standard errors of the mean difference over the worlds (paired: the same worlds
/// value every action), or exactly tied with it in every world. Close decisions get every
/// world the budget allows; clear ones stop early.
fn settled(seen: &[WorldValues], choosable: &[bool]) -> bool {
    let Some((_, first)) = seen.first() else {
        return false;
    };
    let actions = first.len();
    let n: f64 = seen.iter().map(|(t, _)| t).sum();
    if n < 2.0 {
        return false;
    }
    // Only the actions the player may choose compete (a renege is valued, never chosen).
    let may = |a: usize| choosable.get(a).copied().unwrap_or(true);
    let mean = |a: usize| seen.iter().map(|(t, k)| t * k[a]).sum::<f64>() / n;
    let means: Vec<f64> = (0..actions).map(mean).collect();
    let Some(best) = (0..actions)
        .filter(|&a| may(a))
        .reduce(|b, a| if means[a] > means[b] { a } else { b })
    else {
        return true;
    };
    (0..actions).filter(|&a| a != best && may(a)).all(|a| {
        if !means[a].is_finite() {
            return true;
        }
        difference(seen, best, a).is_none_or(|(gap, se)| se < 1e-12 || gap > CLEAR * se)
    })
}

/// How many standard errors ahead the best action must be to stop searching.
const CLEAR: f64 = 3.0;

/// Systematic resampling: `n` draws in proportion to the weights, as (world, times drawn),
/// each world once. Uniform when every weight is 0.
fn resample(worlds: Vec<(AnyDeal, f64)>, n: usize, rng: &mut ChaCha8Rng) -> Vec<(AnyDeal, f64)> {
    let total: f64 = worlds.iter().map(|(_, w)| w).sum();
    if worlds.is_empty() || n == 0 {
        return Vec::new();
    }
    if total <= 0.0 || !total.is_finite() {
        return worlds.into_iter().take(n).map(|(d, _)| (d, 1.0)).collect();
    }
    let step = total / n as f64;
    let mut next = rng.gen::<f64>() * step;
    let mut acc = 0.0;
    let mut out = Vec::new();
    for (d, w) in worlds {
        acc += w;
        let mut times = 0u32;
        while next < acc {
            times += 1;
            next += step;
        }
        if times > 0 {
            out.push((d, f64::from(times)));
        }
    }
    out
}

/// True when, in the four-handed game, a seat other than the viewer's has decided something in
/// this deal (the bids the inference reads).
fn others_have_bid(view: &GameView) -> bool {
    match &view.view {
        View::Partnership(o) => o.history.iter().any(|(s, _)| *s != view.seat),
        View::Solo(_) => false,
    }
}

/// Moves each bid's expected points by the correction of its searched difference from passing,
/// and its chance of winning the game by what moving the points that much changes it (the
/// chances to make, march and be euchred stay the search's).
fn correct_bids(
    c: &BidCorrection,
    o: &Observation,
    legal: &ActionList,
    outlooks: &mut [Outlook],
    game: Option<&GamePosition>,
) {
    let Some(pass) = legal.iter().position(|a| *a == Action::Pass) else {
        return;
    };
    let passing = outlooks[pass].points;
    for (&a, outlook) in legal.iter().zip(outlooks.iter_mut()) {
        let Some(kind) = bid_correction::kind(o, a) else {
            continue;
        };
        let searched = outlook.points - passing;
        let shift = c.predict(kind, searched, bid_correction::estimate(o, a)) - searched;
        if let Some(g) = game {
            let change = g.win_after(outlook.points + shift) - g.win_after(outlook.points);
            outlook.win = outlook.win.map(|w| w + change);
            outlook.win_change = outlook.win_change.map(|w| w + change);
        }
        outlook.points += shift;
    }
}

/// How an action ends in one world, with the game-win chance it leaves (four-handed game).
type WorldEnd = (WorldOutcome, Option<f64>);

/// One world searched: the times it was drawn, how each action ends in it and, where the seat
/// makes the opening lead after it, the value of each card it could lead.
struct Searched {
    times: f64,
    outcomes: Vec<Option<WorldOutcome>>,
    leads: Vec<Option<OwnChoice>>,
}

/// Sums over the worlds of how one action ends, for its [`Outlook`].
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    weight: f64,
    points: f64,
    win: f64,
    make: f64,
    march: f64,
    euchred: f64,
    they_make: f64,
    they_march: f64,
    they_euchred: f64,
}

impl Tally {
    fn add(&mut self, times: f64, o: WorldOutcome, win: Option<f64>) {
        self.weight += times;
        self.points += times * o.points;
        self.win += times * win.unwrap_or(0.0);
        let p = o.points;
        match o.we_made {
            Some(true) => {
                self.make += times * f64::from(u8::from(p > 0.0));
                self.march += times * f64::from(u8::from(p >= 2.0));
                self.euchred += times * f64::from(u8::from(p < 0.0));
            }
            Some(false) => {
                self.they_make += times * f64::from(u8::from(p < 0.0));
                self.they_march += times * f64::from(u8::from(p <= -2.0));
                self.they_euchred += times * f64::from(u8::from(p > 0.0));
            }
            None => {}
        }
    }

    fn outlook(&self, game: Option<&GamePosition>) -> Outlook {
        let n = self.weight.max(f64::MIN_POSITIVE);
        let win = game.map(|_| self.win / n);
        Outlook {
            points: self.points / n,
            make: self.make / n,
            march: self.march / n,
            euchred: self.euchred / n,
            they_make: self.they_make / n,
            they_march: self.they_march / n,
            they_euchred: self.they_euchred / n,
            win,
            win_change: game.zip(win).map(|(g, w)| w - g.win_now()),
        }
    }
}

impl Player for Expert {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, view: &GameView, budget: &Budget, rng: &mut ChaCha8Rng) -> Choice {
        let legal = *view.legal();
        if legal.len() == 1 {
            return Choice::plain(legal[0]);
        }
        let started = Instant::now();
        self.memo.borrow_mut().clear();
        self.inference.borrow_mut().memo.clear();
        let work_at_start = self.work();
        let me: Seat = view.seat;
        let game = GamePosition::of(view, &mut self.table);
        // Each world searched, with how each action ends in it (resolved once as it comes in;
        // again only where the seat's own blind lead is chosen anew), and (for the stopping
        // rule) its key value per action with the times it was drawn.
        let mut records: Vec<Searched> = Vec::new();
        let mut ends: Vec<Vec<Option<WorldEnd>>> = Vec::new();
        let mut seen: Vec<WorldValues> = Vec::new();
        let no_choice = HashMap::new();
        let mut searched = 0u32;
        // The individual games' costs are the least predictable from the counts (their
        // play-outs and engine searches vary most: decisions took up to 2.7 times their counted
        // work there, against 1.4 to 2 in the four-handed game), so they get two thirds of it.
        let bound = match &view.view {
            View::Solo(_) => self.config.work / 3 * 2,
            View::Partnership(_) => self.config.work,
        };
        let most = if view.in_trick_play() {
            self.config.worlds
        } else {
            let per_world = u32::try_from(legal.len()).unwrap_or(u32::MAX).max(1);
            self.config
                .worlds
                .min((self.config.bid_evaluations / per_world).max(FIRST_BATCH))
        };
        let choosable: Vec<bool> = legal.iter().map(|&a| !view.reneges(a)).collect();
        'search: while searched < most {
            let batch = if searched == 0 { FIRST_BATCH } else { BATCH }.min(most - searched);
            let worlds = self.draw(view, batch, rng);
            if worlds.is_empty() {
                break;
            }
            for (world, times) in &worlds {
                if let Some(limit) = budget.time {
                    if searched > 0 && started.elapsed() >= limit {
                        break 'search;
                    }
                }
                let (outcomes, leads) = match self.next_card_values(view, world, &legal, game.as_ref(), rng) {
                    Some(outcomes) => (outcomes, vec![None; legal.len()]),
                    None => self.pimc.world_values_and_leads(world, &legal, me, rng),
                };
                let r = Searched {
                    times: *times,
                    outcomes,
                    leads,
                };
                let (e, keys) = self.resolve(&r, &no_choice, game.as_ref());
                ends.push(e);
                seen.push((r.times, keys));
                records.push(r);
                searched += *times as u32;
                let work = self.work() - work_at_start + u64::from(searched) * Work::WORLD;
                if work >= bound {
                    break 'search;
                }
            }
            self.rechoose_leads(&records, game.as_ref(), &mut ends, &mut seen);
            if settled(&seen, &choosable) {
                break;
            }
        }
        if searched == 0 {
            return BasicPlayer.choose(view, budget, rng);
        }
        // Worlds searched since the last batch's choice (the work bound can end a batch early)
        // take the leads chosen over all of them.
        self.rechoose_leads(&records, game.as_ref(), &mut ends, &mut seen);
        let mut tallies = vec![Tally::default(); legal.len()];
        for (r, e) in records.iter().zip(&ends) {
            for (tally, end) in tallies.iter_mut().zip(e) {
                if let Some((o, win)) = end {
                    tally.add(r.times, *o, *win);
                }
            }
        }
        let mut outlooks: Vec<Outlook> = tallies.iter().map(|t| t.outlook(game.as_ref())).collect();
        if let (Some(c), View::Partnership(o)) = (&self.config.bid_correction, &view.view) {
            if o.rules == BidCorrection::FITTED_RULES {
                correct_bids(c, o, &legal, &mut outlooks, game.as_ref());
            }
        }
        if matches!(&view.view, View::Partnership(o) if o.phase == Phase::BlindShout) {
            pool_blind_calls(&legal, &mut outlooks);
        }
        // A renege is valued (a person's may be judged) but never chosen.
        let keys: Vec<f64> = outlooks
            .iter()
            .zip(legal.iter())
            .map(|(o, &a)| {
                if view.reneges(a) {
                    f64::NEG_INFINITY
                } else {
                    self.key(game.as_ref(), o.win, o.points)
                }
            })
            .collect();
        let mut best = best_index(keys.iter().copied());
        if self.config.near_points {
            let near = close_to(&seen, best, &choosable);
            if !near.is_empty() {
                let points = outlooks.iter().zip(&near);
                best = best_index(points.map(|(o, &c)| if c { o.points } else { f64::NEG_INFINITY }));
            }
        }
        let follows =
            || matches!(&view.view, View::Partnership(o) if view.in_trick_play() && !crate::infer::leads(o));
        let play_ties = self.config.play_ties.filter(|_| follows());
        if let Some(tol) = self.config.tie_break.or(play_ties) {
            let plain = BasicPlayer.choose(view, budget, rng).action;
            if let Some(b) = legal.iter().position(|&a| a == plain) {
                if keys[b] >= keys[best] - tol {
                    best = b;
                }
            }
        }
        let values = legal.iter().zip(&outlooks).map(|(&a, o)| (a, o.points)).collect();
        // The chances to make, march and be euchred are counted by side in the four-handed
        // game; an individual game's worlds are not classified so, and it has no game-win
        // table, so there its outlooks would say nothing beyond the points, and are left out.
        if !matches!(&view.view, View::Partnership(_)) {
            outlooks.clear();
        }
        Choice {
            action: legal[best],
            values,
            outlooks,
            close: close_to(&seen, best, &choosable),
        }
    }
}

/// The British blind shout: the dealer names trump before seeing a card of its own, the Joker
/// turned, so every suit is the same to it and the searched values differ only by the worlds
/// drawn. Each call is given the mean of the calls made the same way (alone or not), so that a
/// hint does not rank suits that cannot be told apart, nor a review charge for the suit chosen
/// (terminal tester s52, 3). The first listed is then taken.
fn pool_blind_calls(legal: &ActionList, outlooks: &mut [Outlook]) {
    for alone in [false, true] {
        let same: Vec<usize> = (0..legal.len())
            .filter(|&i| matches!(legal[i], Action::Call { alone: a, .. } if a == alone))
            .collect();
        let Some(pooled) = Outlook::mean(&same.iter().map(|&i| outlooks[i]).collect::<Vec<_>>()) else {
            continue;
        };
        for i in same {
            outlooks[i] = pooled;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_bid_is_corrected_by_its_kind_and_passing_is_not() {
        let rules = euchre::rules::Rules::preset("north-american").unwrap();
        let mut deal = euchre::Deal::from_seed(rules, Seat::new(3), 8);
        for _ in 0..3 {
            deal.apply(euchre::Action::Pass).unwrap();
        }
        // The dealer (seat 3) decides whether to take the upcard up.
        let o = deal.observation(Seat::new(3));
        let legal = o.legal;
        assert_eq!(legal[0], euchre::Action::Pass);
        let outlook = |points| Outlook {
            points,
            ..Outlook::default()
        };
        let searched: Vec<Outlook> = [0.1, 0.3, -1.0].map(outlook).into();
        let mut outlooks = searched.clone();
        let c = BidCorrection::FITTED;
        correct_bids(&c, &o, &legal, &mut outlooks, None);
        assert_eq!(outlooks[0], searched[0], "passing is the reference");
        for (i, &a) in legal.iter().enumerate().skip(1) {
            let kind = bid_correction::kind(&o, a).unwrap();
            let difference = searched[i].points - 0.1;
            let predicted = c.predict(kind, difference, bid_correction::estimate(&o, a));
            assert!((outlooks[i].points - (0.1 + predicted)).abs() < 1e-12, "{a}");
            assert_eq!(outlooks[i].make, searched[i].make);
        }
        // The dealer takes it up too readily by the search's view: here the correction
        // turns a searched 0.2 over passing into less than passing.
        assert!(outlooks[1].points < outlooks[0].points, "{outlooks:?}");
        // Valued by the game: the chance of winning moves as the points do.
        let view = GameView::of_deal(&AnyDeal::Partnership(Box::new(deal)), Seat::new(3));
        let game = GamePosition::of(&view, &mut None).unwrap();
        let with_win = |points| Outlook {
            win: Some(game.win_after(points)),
            win_change: Some(game.win_after(points) - game.win_now()),
            ..outlook(points)
        };
        let searched: Vec<Outlook> = [0.1, 0.3, -1.0].map(with_win).into();
        let mut outlooks = searched.clone();
        correct_bids(&c, &o, &legal, &mut outlooks, Some(&game));
        for o in &outlooks {
            assert!((o.win.unwrap() - game.win_after(o.points)).abs() < 1e-9, "{o:?}");
        }
    }

    #[test]
    fn the_follow_convention_takes_basics_card_when_following_and_only_then() {
        // A window wider than any difference in game-win chance: every follow is `basic`'s
        // card, and the leads are still the search's own.
        let r = euchre::rules::Rules::preset("north-american").unwrap();
        let mut player = Expert::new(
            "expert-50-pties10000",
            ExpertConfig::parse("expert-50-pties10000").unwrap(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut follows, mut leads_unlike_basic) = (0, 0);
        for seed in 0..12u64 {
            let mut deal = AnyDeal::Partnership(Box::new(euchre::Deal::from_seed(r, Seat::new(0), seed)));
            while let Some(seat) = deal.to_act() {
                let view = GameView::of_deal(&deal, seat);
                let a = player.choose(&view, &Budget::UNLIMITED, &mut rng).action;
                if let (true, View::Partnership(o)) = (view.in_trick_play(), &view.view) {
                    let plain = crate::basic::partnership_action(o).unwrap();
                    if o.legal.len() > 1 && !crate::infer::leads(o) {
                        assert_eq!(a, plain, "seed {seed}: a follow not basic's");
                        follows += 1;
                    } else if o.legal.len() > 1 && a != plain {
                        leads_unlike_basic += 1;
                    }
                }
                deal.apply(a).unwrap();
            }
        }
        assert!(follows > 40, "only {follows} follows with a choice");
        assert!(leads_unlike_basic > 0, "every lead was basic's");
    }

    #[test]
    fn a_time_limit_already_up_stops_the_search_after_its_first_world() {
        // With no time left the search takes one world (it always takes one), so each
        // action's chances of making and being euchred are that world's: 0 or 1. Without a
        // limit the same decisions weigh many worlds, and some chance lies between.
        let r = euchre::rules::Rules::preset("north-american").unwrap();
        let up = Budget {
            time: Some(std::time::Duration::ZERO),
        };
        let mut player = Expert::new("expert", ExpertConfig::parse("expert").unwrap());
        let (mut decided, mut unlimited_between) = (0, 0);
        for seed in 0..4u64 {
            let mut deal = AnyDeal::Partnership(Box::new(euchre::Deal::from_seed(r, Seat::new(0), seed)));
            while let Some(seat) = deal.to_act() {
                let view = GameView::of_deal(&deal, seat);
                let chances = |c: &Choice| -> Vec<f64> {
                    c.outlooks
                        .iter()
                        .flat_map(|o| [o.make, o.euchred, o.they_make])
                        .collect()
                };
                let seeded = || ChaCha8Rng::seed_from_u64(seed);
                let limited = player.choose(&view, &up, &mut seeded());
                if view.legal().len() > 1 {
                    decided += 1;
                    let c = chances(&limited);
                    assert!(!c.is_empty(), "seed {seed}: no outlooks");
                    assert!(c.iter().all(|&p| p == 0.0 || p == 1.0), "seed {seed}: {c:?}");
                    let full = player.choose(&view, &Budget::UNLIMITED, &mut seeded());
                    if chances(&full).iter().any(|&p| p > 0.0 && p < 1.0) {
                        unlimited_between += 1;
                    }
                }
                deal.apply(limited.action).unwrap();
            }
        }
        assert!(decided > 20, "only {decided} decisions with a choice");
        assert!(
            unlimited_between > decided / 2,
            "{unlimited_between} of {decided}"
        );
    }

    fn worlds(n: u64) -> Vec<AnyDeal> {
        let rules = euchre::rules::Rules::preset("north-american").unwrap();
        (0..n)
            .map(|seed| AnyDeal::Partnership(Box::new(euchre::Deal::from_seed(rules, Seat::new(0), seed))))
            .collect()
    }

    #[test]
    fn resampling_draws_in_proportion_and_never_a_world_of_weight_0() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let ws = worlds(3);
        let weighed: Vec<_> = ws.iter().cloned().zip([1.0, 0.0, 3.0]).collect();
        let out = resample(weighed, 400, &mut rng);
        let hands = |d: &AnyDeal| match d {
            AnyDeal::Partnership(d) => d.dealt_hands(),
            AnyDeal::Solo(_) => unreachable!("four-handed worlds"),
        };
        let times = |w: &AnyDeal| {
            out.iter()
                .find(|(d, _)| hands(d) == hands(w))
                .map_or(0.0, |(_, t)| *t)
        };
        assert_eq!(times(&ws[1]), 0.0);
        assert_eq!(times(&ws[0]) + times(&ws[2]), 400.0);
        assert!((times(&ws[2]) - 300.0).abs() <= 1.0, "{}", times(&ws[2]));
    }

    #[test]
    fn the_search_stops_when_the_best_is_clear_and_not_before() {
        // One action ahead by 1 point in every world, give or take a little: clear.
        let clear: Vec<_> = (0..100)
            .map(|i| (1.0, vec![1.0 + f64::from(i % 3) * 0.1, 0.0]))
            .collect();
        assert!(settled(&clear, &[]));
        // Tied in every world (two cards that play alike): nothing more to learn.
        let tied: Vec<_> = (0..100)
            .map(|i| (1.0, vec![f64::from(i % 5), f64::from(i % 5)]))
            .collect();
        assert!(settled(&tied, &[]));
        // Ahead on average by a hair, with worlds going both ways: keep searching.
        let close: Vec<_> = (0..100)
            .map(|i| (1.0, vec![if i % 2 == 0 { 2.0 } else { -1.9 }, 0.0]))
            .collect();
        assert!(!settled(&close, &[]));
        // A renege close to the best counts for nothing: it is never chosen.
        let renege_close: Vec<_> = (0..100)
            .map(|i| (1.0, vec![if i % 2 == 0 { 2.0 } else { -1.9 }, 0.0, -3.0]))
            .map(|(t, k)| (t, vec![k[1], k[0], k[2]]))
            .collect();
        assert!(!settled(&renege_close, &[]));
        assert!(settled(&renege_close, &[false, true, true]));
    }
}
