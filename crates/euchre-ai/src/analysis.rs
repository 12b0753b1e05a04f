//! Mistake analysis: every decision of a recorded deal judged by a reference player from the
//! deciding seat's view at the time, so nobody is blamed for cards they could not see.
//!
//! For each decision with a choice, the reference player (a search player, `pimc-50` by default)
//! values every legal action over worlds sampled from what that seat knew; the decision's loss
//! is the best action's value less the value of the action taken, in the ruleset's points for
//! the deal. A decision is judged only when the record gives what the seat knew: the seat's own
//! cards (a hand the reader had to complete by guessing is not a fact) and its discard.

use crate::player::{player, Budget, Outlook, UnknownPlayer};
use crate::view::GameView;
use euchre::game::Tally;
use euchre::solo::{SoloDeal, SoloGame};
use euchre::table::{AnyDeal, AnyGame};
use euchre::{Action, CardSet, Deal, Decisions, Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// One recorded deal: how it was dealt, every decision in order, and the game around it.
#[derive(Clone, Debug)]
pub struct RecordedDeal {
    /// The deal's number in its game, from 1.
    pub number: u32,
    /// The deal as dealt, before any decision.
    pub start: AnyDeal,
    /// Every decision the record gives, in order.
    pub history: Vec<(Seat, Action)>,
    /// The game's scores before the deal.
    pub scores: Vec<i32>,
    pub tokens: [u8; 2],
    /// Cards the reader placed itself because the record never shows them.
    pub guessed: CardSet,
}

impl RecordedDeal {
    /// A four-handed deal (finished or not) with the decisions it holds, and the game's tally
    /// before it.
    ///
    /// # Errors
    /// The deal's own hands do not make a deal (it did not come from the engine).
    pub fn of_deal(deal: &Deal, number: u32, before: Tally) -> Result<Self, String> {
        let start = Deal::new(
            *deal.rules(),
            deal.dealer(),
            deal.dealt_hands(),
            deal.upcard(),
            // The kitty as dealt is what the hands and the upcard leave: the deal's own kitty
            // may have changed since (the upcard stays in it when the dealer sits out of a
            // loner; a farmer swaps with it).
            CardSet::EMPTY,
        )
        .map_err(|e| e.to_string())?;
        Ok(RecordedDeal {
            number,
            start: AnyDeal::Partnership(Box::new(start)),
            history: deal.history(),
            scores: before.score.to_vec(),
            tokens: before.tokens,
            guessed: CardSet::EMPTY,
        })
    }

    /// A deal of the individual games with the decisions it holds.
    ///
    /// # Errors
    /// The deal's own hands do not make a deal.
    pub fn of_solo_deal(deal: &SoloDeal, number: u32, scores: Vec<i32>) -> Result<Self, String> {
        let start = SoloDeal::with_kitty(
            *deal.rules(),
            deal.dealer(),
            deal.dealt_hands(),
            deal.upcard(),
            // As dealt: what the hands and the upcard leave.
            CardSet::EMPTY,
        )?;
        Ok(RecordedDeal {
            number,
            start: AnyDeal::Solo(Box::new(start)),
            history: deal.history().to_vec(),
            scores,
            tokens: [0, 0],
            guessed: CardSet::EMPTY,
        })
    }

    /// Every deal of a four-handed game (the one in progress too), numbered from `first`,
    /// each with the scores and tokens before it.
    ///
    /// # Errors
    /// A deal's own hands do not make a deal.
    pub fn all_of_game(game: &Game, first: u32) -> Result<Vec<Self>, String> {
        game.deals_with_tally()
            .enumerate()
            .map(|(i, (d, before))| RecordedDeal::of_deal(d, first + i as u32, before))
            .collect()
    }

    /// Every deal of an individual game, numbered from `first`, each with the scores before it.
    ///
    /// # Errors
    /// A deal's own hands do not make a deal.
    pub fn all_of_solo_game(game: &SoloGame, first: u32) -> Result<Vec<Self>, String> {
        game.deals_with_scores()
            .enumerate()
            .map(|(i, (d, before))| RecordedDeal::of_solo_deal(d, first + i as u32, before))
            .collect()
    }

    /// Every deal of a game of any family, numbered from 1.
    ///
    /// # Errors
    /// A deal's own hands do not make a deal.
    pub fn all_of(game: &AnyGame) -> Result<Vec<Self>, String> {
        match game {
            AnyGame::Partnership(g) => Self::all_of_game(g, 1),
            AnyGame::Solo(g) => Self::all_of_solo_game(g, 1),
        }
    }

    /// The seat's view before decision `state` is taken, with the game's scores.
    fn view(&self, state: &AnyDeal, seat: Seat) -> GameView {
        let mut v = GameView::of_deal(state, seat);
        if v.scores.len() == self.scores.len() {
            v.scores.clone_from(&self.scores);
        }
        v.tokens = self.tokens;
        v.deal_number = self.number;
        v
    }
}

/// A judged decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The deal's number, from 1.
    pub deal: u32,
    /// The decision's place in the deal's history, from 1.
    pub index: usize,
    pub seat: Seat,
    /// True from the first card on.
    pub in_play: bool,
    pub taken: Action,
    /// The reference player's choice.
    pub best: Action,
    /// Expected points lost by the action taken rather than the reference player's choice,
    /// from the seat's view (0 when it is that choice, never below 0).
    pub loss: f64,
    /// The chance of winning the game that the action taken leaves, less the chance the
    /// reference's choice leaves, by the reference's own estimate: where it weighs the game
    /// (`expert` in the four-handed game), an action that costs points can cost nothing of the
    /// game, or gain (judge s55, d2). `None` where the reference gives no such chance.
    pub win_difference: Option<f64>,
    /// For each action in `values` (same order), whether the reference's search could not
    /// tell it from its choice ([`crate::Choice::close`]); empty where the reference does not
    /// say. [`Judgement::close`] reads it for the action taken.
    pub close_actions: Vec<bool>,
    /// The reference player's value of every legal action.
    pub values: Vec<(Action, f64)>,
    /// What the reference player expects of each action in `values` (same order), where it
    /// explains itself (`expert`); empty otherwise.
    pub outlooks: Vec<Outlook>,
}

impl Judgement {
    /// The reference's search could not tell the action taken from its own choice: within
    /// the noise of the worlds it searched, so another seed of it could well have taken the
    /// same, and a loss shown is no clear mistake (judge s55, c3 and d3). True when the action
    /// taken is the reference's choice.
    pub fn close(&self) -> bool {
        self.taken == self.best
            || self
                .values
                .iter()
                .zip(&self.close_actions)
                .any(|(&(a, _), &c)| c && a == self.taken)
    }
}

/// A decision with a choice that could not be judged, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unjudged {
    pub deal: u32,
    pub index: usize,
    pub seat: Seat,
    pub taken: Action,
    pub why: String,
}

/// What the analysis of one deal found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealAnalysis {
    pub judged: Vec<Judgement>,
    pub unjudged: Vec<Unjudged>,
    /// Decisions with a single legal action (nothing to judge).
    pub forced: usize,
}

/// Why a deal could not be analysed.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisError {
    UnknownPlayer(UnknownPlayer),
    /// The reference player gives no values (`random`, `basic`).
    NoValues(String),
    /// The record's decision does not fit the deal (the record was not replayed first).
    Record {
        deal: u32,
        index: usize,
        why: String,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::UnknownPlayer(e) => e.fmt(f),
            AnalysisError::NoValues(p) => write!(
                f,
                "{p} does not value actions, so it cannot judge them: use a search player (expert, the default, or pimc-N)"
            ),
            AnalysisError::Record { deal, index, why } => {
                write!(f, "deal {deal}, decision {index}: {why}")
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The seed an analysis is run under unless asked for another (`euchre analyze --seed`): the
/// terminal game's reviews use it too, so that they and `euchre analyze` judge a game alike.
pub const ANALYSIS_SEED: u64 = 1;

/// The random numbers' seed for decision `index` (from 1) of deal `deal` in an analysis under
/// `seed`, so that each is judged the same in any order; advice asked at that decision and
/// seeded this way (`ChaCha8Rng::seed_from_u64`) gets the same values as the analysis.
pub fn decision_seed(seed: u64, deal: u32, index: usize) -> u64 {
    seed ^ (u64::from(deal) << 32 | index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// What `seat` holds now and has discarded: the cards its view is built on.
fn cards_known_to(state: &AnyDeal, seat: Seat) -> CardSet {
    match state {
        AnyDeal::Partnership(d) => {
            let mut own = d.hands()[seat.index()];
            if seat == d.dealer() {
                if let Some(c) = d.discard() {
                    own.insert(c);
                }
            }
            own
        }
        AnyDeal::Solo(d) => {
            let mut own = d.hands().get(seat.index()).copied().unwrap_or_default();
            if let Some(c) = d.discard().filter(|_| seat == d.dealer()) {
                own.insert(c);
            }
            own
        }
    }
}

/// Judges every decision of `deal` that had a choice, with the reference player named.
///
/// # Errors
/// An unknown reference player, one that gives no values, or a record that does not replay.
pub fn analyze_deal(deal: &RecordedDeal, reference: &str, seed: u64) -> Result<DealAnalysis, AnalysisError> {
    analyze(deal, reference, seed, None)
}

/// Judges the decisions of one seat in `deal` (a review of a person's own play), as
/// [`analyze_deal`] judges them: the other seats' decisions are replayed, not judged, nor
/// counted as forced or unjudged.
///
/// # Errors
/// As [`analyze_deal`].
pub fn analyze_seat(
    deal: &RecordedDeal,
    reference: &str,
    seed: u64,
    seat: Seat,
) -> Result<DealAnalysis, AnalysisError> {
    analyze(deal, reference, seed, Some(seat))
}

fn analyze(
    deal: &RecordedDeal,
    reference: &str,
    seed: u64,
    only: Option<Seat>,
) -> Result<DealAnalysis, AnalysisError> {
    let mut judge = player(reference).map_err(AnalysisError::UnknownPlayer)?;
    let mut out = DealAnalysis::default();
    let mut state = deal.start.clone();
    for (k, &(seat, taken)) in deal.history.iter().enumerate() {
        let index = k + 1;
        let fail = |why: String| AnalysisError::Record {
            deal: deal.number,
            index,
            why,
        };
        if state.to_act() != Some(seat) {
            return Err(fail(format!(
                "the record has seat {seat} deciding, but the deal has {} to act",
                state.to_act().map_or("nobody".into(), |s| s.to_string())
            )));
        }
        let legal = state.legal_actions();
        if only.is_some_and(|s| s != seat) {
            // Another seat's decision: replayed only.
        } else if legal.len() > 1 {
            let guessed = cards_known_to(&state, seat).intersect(deal.guessed);
            if guessed.is_empty() {
                let view = deal.view(&state, seat);
                let mut rng = ChaCha8Rng::seed_from_u64(decision_seed(seed, deal.number, index));
                let choice = judge.choose(&view, &Budget::UNLIMITED, &mut rng);
                if choice.values.is_empty() {
                    return Err(AnalysisError::NoValues(judge.name()));
                }
                let value_of =
                    |action: Action| choice.values.iter().find(|(a, _)| *a == action).map(|&(_, v)| v);
                let Some(mine) = value_of(taken) else {
                    return Err(fail(format!("'{taken}' is not a legal decision here")));
                };
                // Measured from the reference's own choice: a player that weighs the game
                // (expert) may choose an action worth fewer points in the deal than another,
                // and taking its choice costs nothing. For a player that maximises the
                // points, its choice has the highest value.
                let best = value_of(choice.action).unwrap_or(mine);
                let win_of = |action: Action| {
                    let i = choice.values.iter().position(|(a, _)| *a == action)?;
                    choice.outlooks.get(i)?.win
                };
                let win_difference = win_of(taken).zip(win_of(choice.action)).map(|(t, b)| t - b);
                out.judged.push(Judgement {
                    deal: deal.number,
                    index,
                    seat,
                    in_play: view.in_trick_play(),
                    taken,
                    best: choice.action,
                    loss: (best - mine).max(0.0),
                    win_difference,
                    close_actions: choice.close,
                    values: choice.values,
                    outlooks: choice.outlooks,
                });
            } else {
                let cards: Vec<String> = guessed.iter().map(|c| c.to_string()).collect();
                out.unjudged.push(Unjudged {
                    deal: deal.number,
                    index,
                    seat,
                    taken,
                    why: format!(
                        "the record does not show all of the seat's cards ({} placed by the reader)",
                        cards.join(" ")
                    ),
                });
            }
        } else {
            out.forced += 1;
        }
        state
            .apply(taken)
            .map_err(|e| fail(format!("'{taken}' is refused: {e}")))?;
    }
    Ok(out)
}

/// Every judged decision, the biggest loss first (ties in the record's order).
pub fn ranked(analyses: &[DealAnalysis]) -> Vec<&Judgement> {
    let mut all: Vec<&Judgement> = analyses.iter().flat_map(|a| &a.judged).collect();
    all.sort_by(|a, b| {
        b.loss
            .total_cmp(&a.loss)
            .then(a.deal.cmp(&b.deal))
            .then(a.index.cmp(&b.index))
    });
    all
}

/// Where a deal stands: before the first decision (`trick` 0), or in trick `trick` (from 1)
/// after `card` cards of it have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    pub trick: u8,
    pub card: u8,
}

/// True when `deal` has reached `at`.
fn reached(deal: &AnyDeal, at: Point) -> bool {
    if at.trick == 0 {
        return true;
    }
    let (done, in_trick, playing) = match deal {
        AnyDeal::Partnership(d) => (
            d.tricks_done(),
            d.current_trick().len(),
            matches!(d.phase(), euchre::Phase::Play | euchre::Phase::Name),
        ),
        AnyDeal::Solo(d) => {
            let per = (0..d.players())
                .filter(|&s| d.is_active(Seat::new(s)))
                .count()
                .max(1);
            (
                (d.plays().len() / per) as u8,
                d.current_trick().len(),
                d.phase() == euchre::solo::SoloPhase::Play,
            )
        }
    };
    playing && done + 1 == at.trick && in_trick == usize::from(at.card)
}

/// The recorded deal as it stood at `at`, replaying its decisions up to there.
///
/// # Errors
/// The record ends before that point, or a decision does not replay.
pub fn position(deal: &RecordedDeal, at: Point) -> Result<AnyDeal, String> {
    let mut state = deal.start.clone();
    for (k, &(_, a)) in deal.history.iter().enumerate() {
        if reached(&state, at) {
            return Ok(state);
        }
        state
            .apply(a)
            .map_err(|e| format!("decision {} ('{a}') is refused: {e}", k + 1))?;
    }
    if reached(&state, at) && state.to_act().is_some() {
        return Ok(state);
    }
    let n = deal.history.len();
    Err(format!(
        "deal {} never reaches trick {} with {} card(s) played to it (the record has {n} decision{})",
        deal.number,
        at.trick,
        at.card,
        if n == 1 { "" } else { "s" }
    ))
}
