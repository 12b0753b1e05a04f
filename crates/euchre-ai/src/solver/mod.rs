//! The exact (double-dummy) solver: the value of a fully known deal from any point, for every
//! legal action, in the ruleset's points for the deal.
//!
//! Values are from one seat's side: in the partnership game, its team's points less the other
//! team's (a euchre of the other side is +2, being euchred −2); in the individual games, its own
//! points against the mean of the others' ("points" counted in the direction that wins: a
//! race down to 0 counts points taken off as gains). The others are assumed to play against that
//! seat together (the usual "paranoid" reading of a many-sided game).
//!
//! Trick play whose points follow from the makers' trick count goes to [`TrickSolver`]; every
//! other decision (a discard, going alone, a jambone hand's named cards, renege claims, the
//! individual games) is searched through the engine's own `apply` with alpha-beta, handing
//! over to [`TrickSolver`] as soon as the rest is plain trick play.

mod solo_play;
mod tricks;

pub use tricks::{TrickSolver, TrickValues};

use euchre::solo::{SoloDeal, SoloPhase};
use euchre::table::AnyDeal;
use euchre::{Action, Decisions, Seat};
use solo_play::{Orders, SoloMemo};

/// The outcome of a finished deal for `seat`'s side, times [`scale`] (an integer, so search
/// compares exactly).
pub fn scaled_outcome(deal: &AnyDeal, seat: Seat) -> i32 {
    match deal {
        AnyDeal::Partnership(d) => {
            let net = |t: usize| i32::from(d.points()[t]) - i32::from(d.deductions()[t]);
            let t = seat.team().index();
            net(t) - net(1 - t)
        }
        AnyDeal::Solo(d) => solo_outcome(d, seat),
    }
}

/// [`scaled_outcome`] of an individual game's deal.
fn solo_outcome(d: &SoloDeal, seat: Seat) -> i32 {
    let down = d.rules().races_down();
    let n = usize::from(d.players());
    let gain = |i: usize| if down { -d.delta()[i] } else { d.delta()[i] };
    let others: i32 = (0..n).filter(|&i| i != seat.index()).map(gain).sum();
    (n as i32 - 1) * gain(seat.index()) - others
}

/// What [`scaled_outcome`] is multiplied by: 1 in the partnership game, one less than the
/// players in the individual games.
pub fn scale(deal: &AnyDeal) -> i32 {
    match deal {
        AnyDeal::Partnership(_) => 1,
        AnyDeal::Solo(d) => i32::from(d.players()).max(2) - 1,
    }
}

/// Whether a search from here takes seconds to minutes: Bid Euchre's auction, where each
/// player may bid any number of tricks before trump is named and the others stay or fold (from
/// the first bid a median of 9 s in 20 deals, up to a minute). Everywhere else in the
/// individual games the solver answers in at most about 150 ms, from the first decision of
/// `three-handed` and `set-back` and from the naming of trump in `bid-euchre`
/// (`cargo run --release -p euchre-ai --example solve_timing -- PRESET DEALS PHASE`).
pub fn in_slow_auction(deal: &AnyDeal) -> bool {
    matches!(deal, AnyDeal::Solo(d) if d.phase() == SoloPhase::Auction)
}

/// Where the exact search of a deal is too slow to answer at once, so that every front end
/// (the engine protocol's `solve`, `euchre solve`) refuses the same positions for the same
/// reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SlowSearch {
    /// Bid Euchre's auction ([`in_slow_auction`]): answered once trump is to be named.
    BidEuchreAuction,
    /// Before the first lead under `reneging = penalised`, where any card may be played: round 1
    /// took up to 2.7 s. Answered from the first lead; `phase` is where the deal stands, in a
    /// person's words ("round 1 of the bidding").
    PenalisedBeforePlay { phase: &'static str },
}

impl SlowSearch {
    /// Where a search is answered again, as "ask again ..." finishes it.
    pub fn answered(self) -> &'static str {
        match self {
            SlowSearch::BidEuchreAuction => "when trump is to be named",
            SlowSearch::PenalisedBeforePlay { .. } => "at the first lead",
        }
    }
}

impl std::fmt::Display for SlowSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SlowSearch::BidEuchreAuction => f.write_str(
                "solve is exact in bid-euchre once the auction is over: searching the auction can take a minute",
            ),
            SlowSearch::PenalisedBeforePlay { phase } => write!(
                f,
                "solve is exact only once trump is made and the play has begun under reneging = penalised: searching from {phase} can take seconds"
            ),
        }
    }
}

/// Whether the exact search from here is refused as slow, and why: Bid Euchre's auction, and
/// every decision before the first lead under `reneging = penalised`.
pub fn slow_search(deal: &AnyDeal) -> Option<SlowSearch> {
    match deal {
        AnyDeal::Solo(_) if in_slow_auction(deal) => Some(SlowSearch::BidEuchreAuction),
        AnyDeal::Solo(_) => None,
        AnyDeal::Partnership(d) => (d.rules().reneging == euchre::rules::Reneging::Penalised
            && !d.phase().in_or_after_play())
        .then(|| SlowSearch::PenalisedBeforePlay {
            phase: d.phase().words(),
        }),
    }
}

/// True when `a` and `b` play on the same side.
fn same_side(deal: &AnyDeal, a: Seat, b: Seat) -> bool {
    match deal {
        AnyDeal::Partnership(_) => a.team() == b.team(),
        AnyDeal::Solo(_) => a == b,
    }
}

/// The exact solver. Keep one per thread and reuse it.
pub struct Solver {
    tricks: TrickSolver,
    /// Bounds on the individual games' trick-play positions.
    solo: SoloMemo,
    /// Positions visited through the engine's `apply` (the trick solver counts its own).
    pub nodes: u64,
    /// The engine-level search gives up once `nodes` passes this (see [`Solver::limit_nodes`]).
    stop_at: u64,
    /// Whether a search gave up at `stop_at` since the limit was set: its values mean nothing.
    gave_up: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver {
            tricks: TrickSolver::new(),
            solo: SoloMemo::default(),
            nodes: 0,
            stop_at: u64::MAX,
            gave_up: false,
        }
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::default()
    }

    /// From now on, the engine-level search gives up after `most` more positions (`None`: never);
    /// [`Solver::gave_up`] then tells whether any search since did. The trick solver's searches
    /// are small and never give up.
    pub fn limit_nodes(&mut self, most: Option<u64>) {
        self.stop_at = most.map_or(u64::MAX, |m| self.nodes.saturating_add(m));
        self.gave_up = false;
    }

    /// Whether a search gave up since [`Solver::limit_nodes`]: the values it returned since are
    /// meaningless.
    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// Positions visited in all, both searches.
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.tricks.nodes
    }

    /// Positions the trick solver has visited.
    pub fn trick_nodes(&self) -> u64 {
        self.tricks.nodes
    }

    /// The trick solver, for callers that hold a [`euchre::TrickPlay`].
    pub fn tricks(&mut self) -> &mut TrickSolver {
        &mut self.tricks
    }

    /// The value of the deal for `seat`'s side with best play by all from here (points; see
    /// the module documentation).
    pub fn value(&mut self, deal: &AnyDeal, seat: Seat) -> f64 {
        f64::from(self.search(deal, seat, i32::MIN + 1, i32::MAX)) / f64::from(scale(deal))
    }

    /// The exact value of every legal action for the seat to act, from its side, in the order
    /// of the legal actions. Empty when the deal is over.
    pub fn action_values(&mut self, deal: &AnyDeal) -> Vec<(Action, f64)> {
        let Some(me) = deal.to_act() else {
            return Vec::new();
        };
        if let AnyDeal::Partnership(d) = deal {
            if let Some(tp) = d.trick_play() {
                let sign = if me.team() == tp.makers() { 1.0 } else { -1.0 };
                return self
                    .tricks
                    .values(&tp)
                    .cards
                    .into_iter()
                    .map(|(c, _, [m, d])| (Action::Play(c), sign * (f64::from(m) - f64::from(d))))
                    .collect();
            }
        }
        let s = f64::from(scale(deal));
        let legal = deal.legal_actions();
        let mut values: Vec<(Action, f64)> = Vec::with_capacity(legal.len());
        for &a in legal.iter() {
            // A card that plays as one valued already has its value.
            if let Some(v) = self.alike_value(deal, a, &values) {
                values.push((a, v));
                continue;
            }
            let mut next = deal.clone();
            // Legal by construction; were it refused, the deal is unchanged and still valued.
            let _ = next.apply(a);
            values.push((a, f64::from(self.search(&next, me, i32::MIN + 1, i32::MAX)) / s));
        }
        values
    }

    /// In an individual game's trick play, the value of a card that wins the same tricks as
    /// one already valued.
    fn alike_value(&mut self, deal: &AnyDeal, a: Action, valued: &[(Action, f64)]) -> Option<f64> {
        let (AnyDeal::Solo(d), Action::Play(c)) = (deal, a) else {
            return None;
        };
        let seat = d.to_act()?;
        let orders = Orders::of_deal(&mut self.solo.orders, d);
        valued.iter().find_map(|&(b, v)| match b {
            Action::Play(o) if orders.play_alike(d, seat, c, o) => Some(v),
            _ => None,
        })
    }

    /// Alpha-beta over the engine's decisions; the value for `me`'s side, scaled.
    fn search(&mut self, deal: &AnyDeal, me: Seat, alpha: i32, beta: i32) -> i32 {
        if !self.count_node() {
            return 0;
        }
        self.search_counted(deal, me, alpha, beta)
    }

    /// Counts a position visited: false once the search is to give up.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.stop_at {
            self.gave_up = true;
            return false;
        }
        true
    }

    /// [`Solver::search`] of a position already counted.
    fn search_counted(&mut self, deal: &AnyDeal, me: Seat, alpha: i32, beta: i32) -> i32 {
        if let AnyDeal::Partnership(d) = deal {
            if let Some(tp) = d.trick_play() {
                let t = self.tricks.value(&tp);
                let [m, dp] = tp.points_by_maker_tricks()[t as usize];
                let net = i32::from(m) - i32::from(dp);
                return if me.team() == tp.makers() { net } else { -net };
            }
        }
        let Some(actor) = deal.to_act() else {
            return scaled_outcome(deal, me);
        };
        if let AnyDeal::Solo(d) = deal {
            if d.phase() == SoloPhase::Play {
                return self.solo_play(d, actor, me, alpha, beta);
            }
        }
        let maximize = same_side(deal, actor, me);
        let actions = deal.legal_actions();
        alpha_beta(maximize, actions.iter().copied(), alpha, beta, |a, from, to| {
            let mut next = deal.clone();
            next.apply(a).ok()?;
            Some(self.search(&next, me, from, to))
        })
        // No decision could be applied: value the position as it stands.
        .unwrap_or_else(|| scaled_outcome(deal, me))
    }

    /// [`Solver::search`] in an individual game's trick play: one card of each set that plays
    /// alike, and bounds kept at trick boundaries. The deals searched from here are copied on
    /// the stack, not boxed as an [`AnyDeal`]: a box a position was a fifth of the time of
    /// Bid Euchre's bidding.
    fn solo_play(&mut self, d: &SoloDeal, actor: Seat, me: Seat, mut alpha: i32, mut beta: i32) -> i32 {
        let key = self.solo.key(d, me);
        if let Some((lo, hi)) = key.as_ref().and_then(|k| self.solo.get(k)) {
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let orders = Orders::of_deal(&mut self.solo.orders, d);
        let cards = orders.representatives(d, actor, d.legal_plays());
        // The memo's bounds are recorded against the window the search began with (after
        // the memo's own bounds narrowed it): `alpha_beta` narrows its own copy.
        let best = alpha_beta(actor == me, cards.into_iter(), alpha, beta, |c, from, to| {
            let mut next = d.clone();
            next.apply(Action::Play(c)).ok()?;
            Some(self.solo_search(&next, me, from, to))
        })
        .unwrap_or_else(|| solo_outcome(d, me));
        // A search that gave up returned nothing worth keeping.
        if let (Some(k), false) = (key, self.gave_up) {
            self.solo.put(k, alpha, beta, best);
        }
        best
    }

    /// [`Solver::search`] of an individual game's deal after a card played.
    fn solo_search(&mut self, d: &SoloDeal, me: Seat, alpha: i32, beta: i32) -> i32 {
        if !self.count_node() {
            return 0;
        }
        match d.to_act() {
            None => solo_outcome(d, me),
            Some(actor) if d.phase() == SoloPhase::Play => self.solo_play(d, actor, me, alpha, beta),
            Some(_) => self.search_counted(&AnyDeal::Solo(Box::new(d.clone())), me, alpha, beta),
        }
    }
}

/// Alpha-beta over `moves` for the side that chooses (the maximizing side when `maximize`), within the
/// window `alpha`..`beta`: `value` gives a move's value searched within the window as it has
/// narrowed, or `None` for a move that cannot be made. `None` when no move could be made.
fn alpha_beta<M>(
    maximize: bool,
    moves: impl Iterator<Item = M>,
    mut alpha: i32,
    mut beta: i32,
    mut value: impl FnMut(M, i32, i32) -> Option<i32>,
) -> Option<i32> {
    let mut best = None;
    for m in moves {
        let Some(v) = value(m, alpha, beta) else {
            continue;
        };
        if maximize {
            best = Some(best.map_or(v, |b: i32| b.max(v)));
            alpha = alpha.max(v);
        } else {
            best = Some(best.map_or(v, |b: i32| b.min(v)));
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}
