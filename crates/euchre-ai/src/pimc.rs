//! `pimc-N`: Perfect Information Monte Carlo, the research baseline. N complete deals are
//! sampled from what the seat knows; in each, every legal action is valued exactly by the
//! solver (in the bidding, by letting the `basic` player finish the auction in that world and
//! solving the play that follows); the action with the best mean wins.
//!
//! The individual games deal up to 24 cards into play. `pimc-N` values one of their worlds
//! exactly once at most [`SOLO_EXACT_CARDS`] cards are left in play, and before that by letting
//! `basic` play it out for every seat: set when their exact search took seconds from the first
//! card. It takes milliseconds since their solver got its table (2026-11-29), and `expert`
//! solves Bid Euchre's worlds from the first card ([`SoloExact`]); `pimc-N` keeps the 12 cards
//! so that the baseline stays the one measured against. Its worlds' auctions in Bid Euchre did
//! change on 2026-12-01, with `basic`'s (which weighs no trump since): a baseline as strong as
//! our rules of thumb allow, rather than one that never names no trump.

use crate::basic::{BasicPlayer, SuitsOnlyBasic};
use crate::infer::BidModel;
use crate::lead_model::LeadModel;
use crate::own_choice::{own_lead, OwnChoice, Spot};
use crate::paired::{close_to, WorldValues};
use crate::player::{play_deal_out, Budget, Choice, Player};
use crate::real_outcomes::Expectations;
use crate::solver::{scale, scaled_outcome, Solver};
use crate::view::GameView;
use crate::win_prob::WinTable;
use euchre::table::{AnyDeal, View};
use euchre::{Action, ActionList, Decisions, Phase, Seat};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// The most worlds a `pimc-N` player may sample.
pub const MAX_WORLDS: u32 = 10_000;

/// In the individual games, the most cards left in play at which a world is solved exactly.
pub const SOLO_EXACT_CARDS: u32 = 12;

/// In the individual games, the most cards left in play at which a world is solved exactly
/// rather than played out by `basic`, in Bid Euchre and in the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloExact {
    pub bid_euchre: u32,
    pub others: u32,
}

impl SoloExact {
    /// `pimc-N`'s: [`SOLO_EXACT_CARDS`] everywhere (set when the exact search took seconds
    /// from the first card).
    pub const PIMC: SoloExact = SoloExact {
        bid_euchre: SOLO_EXACT_CARDS,
        others: SOLO_EXACT_CARDS,
    };

    /// Whether a world of `deal` is solved exactly now (always in the partnership game).
    fn exact(self, deal: &AnyDeal) -> bool {
        let most = match deal {
            AnyDeal::Solo(d) if d.rules().family == euchre::solo::Family::BidEuchre => self.bid_euchre,
            _ => self.others,
        };
        solo_cards_left(deal).is_none_or(|n| n <= most)
    }
}

pub struct Pimc {
    worlds: u32,
    solver: Solver,
    /// Value outcomes by the chance of winning the game they leave (the table of the last
    /// target seen), not by the deal's points.
    score_aware: bool,
    table: Option<WinTable>,
    /// Value the bidding by letting `basic` play the deal out, not by solving it.
    pub(crate) bidding_playouts: bool,
    /// How the rest of the auction goes in each world.
    pub(crate) continuation: Continuation,
    /// Correct the solved value of a bid's world to what such an outcome really brings
    /// ([`crate::real_outcomes`]).
    pub(crate) real: Option<Expectations>,
    /// Decisions `basic` has taken for this player, finishing auctions and playing deals out.
    steps: u64,
    /// The most engine-level positions searched in one world (`None`: no limit); a search that
    /// would need more is replaced by play-outs (see [`Work`]).
    pub(crate) world_nodes: Option<u64>,
    /// In the individual games, from how many cards left in play a world is solved exactly.
    pub(crate) solo_exact: SoloExact,
    /// Points taken off the makers' solved outcome in the bidding: solving sees through the
    /// cards and overrates the makers (`examples/calibration.rs`).
    pub(crate) maker_bias: MakerBias,
    /// In the bidding, who makes each world's opening lead: the solver, or a player that
    /// does not see the others' cards.
    pub(crate) opening_lead: OpeningLead,
    /// In the bidding, where the seat itself makes the opening lead, every card it could lead
    /// is valued, for a lead chosen over the worlds ([`crate::own_choice`]).
    pub(crate) own_lead: bool,
    /// In the bidding of the individual games, where the seat itself names trump after
    /// winning the auction, every trump it could name is valued, for a trump chosen over the
    /// worlds ([`crate::own_choice`]); otherwise `basic` names it in each world.
    pub(crate) own_trump: bool,
    /// In the four-handed game's first round of bidding, where the seat bids again in the
    /// second round of a world, its choice there is the best on average over the worlds where
    /// it knows the same things ([`crate::own_choice`]); otherwise `basic` takes it.
    pub(crate) own_round2: bool,
}

impl Pimc {
    pub fn new(worlds: u32) -> Pimc {
        Pimc {
            worlds: worlds.clamp(1, MAX_WORLDS),
            solver: Solver::new(),
            score_aware: false,
            table: None,
            bidding_playouts: false,
            continuation: Continuation::Basic,
            real: None,
            steps: 0,
            world_nodes: None,
            solo_exact: SoloExact::PIMC,
            maker_bias: MakerBias::NONE,
            opening_lead: OpeningLead::Solved,
            own_lead: false,
            own_trump: false,
            own_round2: false,
        }
    }

    /// A player that values each world's outcome by the chance of winning the game from the
    /// score it leaves ([`WinTable`]), in the four-handed game; by points elsewhere.
    pub fn score_aware(worlds: u32) -> Pimc {
        Pimc {
            score_aware: true,
            ..Pimc::new(worlds)
        }
    }

    /// How a world's outcome (points for `view`'s side, less than 0 for the other side's) is
    /// valued: the points themselves, or the chance of winning from the score they leave.
    pub(crate) fn valuer(&mut self, view: &GameView) -> Option<GamePosition> {
        if !self.score_aware {
            return None;
        }
        GamePosition::of(view, &mut self.table)
    }

    /// Positions the solver has visited for this player.
    pub fn nodes(&self) -> u64 {
        self.solver.total_nodes()
    }

    /// The trick solver and the count of `basic`'s decisions (a draw of a world in the
    /// next-card search counts as one), for searches that value worlds their own way
    /// ([`crate::next_card`]) within the same counted work.
    pub(crate) fn tricks_and_steps(&mut self) -> (&mut crate::solver::TrickSolver, &mut u64) {
        (self.solver.tricks(), &mut self.steps)
    }

    /// The work this player has done so far, in [`Work`] units: what its searches cost,
    /// counted rather than timed, so a bound on it keeps choices reproducible.
    pub fn work(&self) -> u64 {
        self.solver.nodes * Work::ENGINE_NODE
            + self.solver.trick_nodes() * Work::TRICK_NODE
            + self.steps * Work::BASIC_STEP
    }
}

/// What a search's steps cost, in nanoseconds on the machine where it was measured, so a bound
/// on counted work behaves like a time limit that does not depend on the machine's load. Fitted
/// by least squares to 494 `expert` decisions of five presets (north-american, british,
/// railroad, three-handed and bid-euchre), whose times the weighted counts predict within a few
/// per cent for the slow decisions.
pub struct Work;

impl Work {
    /// A position of the engine-level search (through `apply`: the individual games, jambone,
    /// a loner's exchange).
    pub const ENGINE_NODE: u64 = 67;
    /// A position of the trick solver.
    pub const TRICK_NODE: u64 = 51;
    /// A decision taken by `basic` (finishing an auction, playing a deal out).
    pub const BASIC_STEP: u64 = 750;
    /// A world searched: drawn, weighed by the inference, its outcomes tallied.
    pub const WORLD: u64 = 11_000;
    /// One millisecond.
    pub const MS: u64 = 1_000_000;
}

/// Where a four-handed game stands, to value a deal's outcome by the chance of winning the
/// game it leaves.
#[derive(Clone, Debug)]
pub(crate) struct GamePosition {
    table: WinTable,
    ours: i32,
    theirs: i32,
    we_dealt: bool,
}

impl GamePosition {
    /// `view`'s game, with `cache` holding the table of the last target seen; `None` outside
    /// the four-handed game.
    pub(crate) fn of(view: &GameView, cache: &mut Option<WinTable>) -> Option<GamePosition> {
        let View::Partnership(o) = &view.view else {
            return None;
        };
        if cache.as_ref().is_none_or(|t| t.target() != view.target) {
            *cache = Some(WinTable::partnership(view.target));
        }
        let team = view.seat.index() % 2;
        Some(GamePosition {
            table: cache.clone()?,
            ours: *view.scores.get(team)?,
            theirs: *view.scores.get(1 - team)?,
            we_dealt: o.dealer.index() % 2 == team,
        })
    }

    /// The chance of winning the game now, before the deal is scored.
    pub(crate) fn win_now(&self) -> f64 {
        self.table.win(self.ours, self.theirs, self.we_dealt)
    }

    /// A deal's `points` for our side (less than 0: for theirs) counted only as far as they
    /// take either side toward the target: past it they change nothing.
    pub(crate) fn points_toward_target(&self, points: f64) -> f64 {
        let room = |score: i32| f64::from((self.table.target() - score).max(0));
        if points >= 0.0 {
            points.min(room(self.ours))
        } else {
            -(-points).min(room(self.theirs))
        }
    }

    /// The chance of winning after the deal leaves `points` for our side (less than 0: for
    /// theirs). Between whole points (a corrected or averaged value), the chance is
    /// interpolated.
    pub(crate) fn win_after(&self, points: f64) -> f64 {
        let at = |p: i32| self.table.after_deal(self.ours, self.theirs, self.we_dealt, p);
        let low = points.floor();
        let frac = points - low;
        if frac < 1e-9 {
            return at(low as i32);
        }
        (1.0 - frac) * at(low as i32) + frac * at(low as i32 + 1)
    }
}

/// True from the first card on: the solver values every action directly.
pub(crate) fn in_trick_play(deal: &AnyDeal) -> bool {
    match deal {
        AnyDeal::Partnership(d) => d.phase().in_or_after_play() || d.phase() == Phase::Jamboree,
        AnyDeal::Solo(d) => d.phase() == euchre::solo::SoloPhase::Play,
    }
}

/// The cards still in play in an individual game's deal (`None` for the partnership game).
pub fn solo_cards_left(deal: &AnyDeal) -> Option<u32> {
    match deal {
        AnyDeal::Partnership(_) => None,
        AnyDeal::Solo(d) => Some(
            (0..d.players())
                .map(Seat::new)
                .filter(|&s| d.is_active(s))
                .map(|s| d.hands()[s.index()].len())
                .sum(),
        ),
    }
}

/// Lets `basic` play the deal out for every seat; the outcome for `me`'s side, in points.
/// `steps` counts the decisions taken.
fn play_out(mut deal: AnyDeal, me: Seat, rng: &mut ChaCha8Rng, steps: &mut u64) -> f64 {
    play_deal_out(&mut deal, &mut BasicPlayer, rng, |_| *steps += 1);
    f64::from(scaled_outcome(&deal, me)) / f64::from(scale(&deal))
}

/// Lets `basic` take every decision until the trick play begins (or the deal ends), each seat
/// seeing only its own view of the world; with a [`Continuation`] other than `Basic`, the bids
/// (making trump, going alone) of the four-handed game come from the bidding model instead, so
/// the auction goes on as the others are likely to bid, not as `basic` would (for `me`'s
/// opponents only, with the `Opponents` kinds). It stops at `me`'s own choices that `stops`
/// names. `steps` counts the decisions taken.
pub(crate) fn finish_auction(
    deal: &mut AnyDeal,
    me: Seat,
    stops: OwnStops,
    continuation: Continuation,
    rng: &mut ChaCha8Rng,
    steps: &mut u64,
) {
    let mut basic = BasicPlayer;
    // A deal's auction is short; the bound only guards against a policy that never ends it.
    for _ in 0..64 {
        *steps += 1;
        if in_trick_play(deal) {
            return;
        }
        let Some(seat) = deal.to_act() else { return };
        if stops.stops_at(deal) {
            return;
        }
        let view = GameView::of_deal(deal, seat);
        if view.legal().is_empty() {
            return;
        }
        let opponent = seat.team() != me.team();
        let drawn = match (continuation, &view.view) {
            (Continuation::Drawn, View::Partnership(o)) => BidModel::PIMC.draw(o, rng),
            (Continuation::Likeliest, View::Partnership(o)) => BidModel::PIMC.likeliest(o),
            (Continuation::OpponentsDrawn, View::Partnership(o)) if opponent => {
                BidModel::PIMC_BY_PLACE.draw(o, rng)
            }
            (Continuation::OpponentsLikeliest, View::Partnership(o)) if opponent => {
                BidModel::PIMC_BY_PLACE.likeliest(o)
            }
            _ => None,
        };
        let a = drawn.unwrap_or_else(|| match continuation {
            Continuation::BasicSuits => SuitsOnlyBasic.choose(&view, &Budget::UNLIMITED, rng).action,
            _ => basic.choose(&view, &Budget::UNLIMITED, rng).action,
        });
        if deal.apply(a).is_err() {
            return;
        }
    }
}

/// The seat's own later choices at which a finished auction stops, so that the seat takes
/// each the same way in every world where it knows the same things ([`crate::own_choice`]),
/// not as `basic` would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OwnStops {
    pub me: Seat,
    /// Naming trump after winning an individual game's auction.
    pub trump: bool,
    /// The four-handed game's second round of bidding.
    pub round2: bool,
}

impl OwnStops {
    /// No stops: `basic` takes every choice.
    pub const NONE: OwnStops = OwnStops {
        me: Seat::new(0),
        trump: false,
        round2: false,
    };

    /// Whether `deal` waits on one of `me`'s choices these stops name.
    pub fn stops_at(self, deal: &AnyDeal) -> bool {
        if deal.to_act() != Some(self.me) {
            return false;
        }
        match deal {
            AnyDeal::Solo(d) => self.trump && d.phase() == euchre::solo::SoloPhase::NameTrump,
            AnyDeal::Partnership(d) => self.round2 && d.phase() == Phase::Bidding2,
        }
    }
}

/// Who finishes the auction in each world a bid is valued in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Continuation {
    /// `basic`.
    Basic,
    /// Bids drawn from the bidding model fitted to `pimc-50` (how the others are likely to
    /// bid), `basic` where it says nothing.
    Drawn,
    /// The same model's likeliest bid.
    Likeliest,
    /// The opponents' bids drawn from the model fitted to `pimc-50` by round and place
    /// ([`BidModel::PIMC_BY_PLACE`]: its dealer calls almost any hand in round 2); the
    /// partner's and the seat's own by `basic`.
    OpponentsDrawn,
    /// The same model's likeliest bid for the opponents.
    OpponentsLikeliest,
    /// `basic` as it was until 2026-12-01 (`basic-suits`), never naming no trump in Bid
    /// Euchre: how `expert-classic` and the `basicsuits` token finish the worlds' auctions, so
    /// that the players measured before then (`expert-basictrump-basicsuits`, ...) still can be.
    BasicSuits,
}

/// Points taken off the makers' solved outcome when valuing a bid (four-handed game).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MakerBias {
    /// Off every maker.
    pub all: f64,
    /// More off the dealer's opponents playing with a partner (their side leads the first
    /// trick, which solving plays seeing every card).
    pub leading: f64,
    /// More off a lone maker (less than 0: added).
    pub alone: f64,
    /// Off a march by makers with a partner, on top: solving sees the makers march in 23% of
    /// their calls where real play sees 19% (`docs/players.md`), so about a fifth of solved
    /// marches are really single points. Unlike `all`, it leaves a side that needs one point
    /// as sure of it as before.
    pub march: f64,
}

impl MakerBias {
    pub const NONE: MakerBias = MakerBias {
        all: 0.0,
        leading: 0.0,
        alone: 0.0,
        march: 0.0,
    };

    /// The points off the makers in a world whose auction is over, for `me`'s side: less
    /// where its side made trump (`we_made`), more where the other side did.
    fn signed_off(&self, w: &AnyDeal, we_made: Option<bool>) -> f64 {
        match we_made {
            Some(true) => -self.off(w),
            Some(false) => self.off(w),
            None => 0.0,
        }
    }

    /// The points off the makers in a world whose auction is over.
    fn off(&self, w: &AnyDeal) -> f64 {
        let AnyDeal::Partnership(d) = w else {
            return 0.0;
        };
        let Some(maker) = d.maker() else {
            return 0.0;
        };
        let more = if d.lone_maker().is_some() {
            self.alone
        } else if (maker.index() + 4 - d.dealer().index()) % 2 == 1 {
            self.leading
        } else {
            0.0
        };
        self.all + more
    }

    /// The points off the makers for the solved outcome `points` (for the seat's side, whose
    /// making is `we_made`) of a world whose auction is over.
    fn off_march(&self, w: &AnyDeal, points: f64, we_made: Option<bool>) -> f64 {
        let AnyDeal::Partnership(d) = w else {
            return 0.0;
        };
        let makers_points = match we_made {
            Some(true) => points,
            Some(false) => -points,
            None => return 0.0,
        };
        if self.march != 0.0 && d.lone_maker().is_none() && makers_points >= 2.0 {
            self.march
        } else {
            0.0
        }
    }
}

/// Who makes the opening lead of each world a bid is valued in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OpeningLead {
    /// The solver, seeing every hand.
    Solved,
    /// `basic`.
    Basic,
    /// The card a fitted lead model finds likeliest from the leader's own view.
    Likeliest(LeadModel),
}

/// Makes the opening lead of a four-handed deal whose auction is over as `how` says (with
/// [`OpeningLead::Solved`], leaves it to the solver).
fn lead_blind(deal: &mut AnyDeal, how: OpeningLead, rng: &mut ChaCha8Rng, steps: &mut u64) {
    let AnyDeal::Partnership(d) = &*deal else {
        return;
    };
    if how == OpeningLead::Solved
        || d.phase() != Phase::Play
        || d.tricks_done() > 0
        || !d.current_trick().is_empty()
    {
        return;
    }
    let Some(seat) = deal.to_act() else { return };
    // One decision of `basic`'s cost, in the work count.
    *steps += 1;
    let card = match how {
        OpeningLead::Likeliest(model) => {
            let o = d.observation(seat);
            model.likeliest(&o, o.hand).map(Action::Play)
        }
        _ => None,
    };
    let a = card.unwrap_or_else(|| {
        let view = GameView::of_deal(deal, seat);
        BasicPlayer.choose(&view, &Budget::UNLIMITED, rng).action
    });
    let _ = deal.apply(a);
}

impl Pimc {
    /// Each legal action's value in one fully known world, in points for `me`'s side (`None`
    /// where the action could not be applied): exactly from the first card on (in the
    /// individual games once few enough cards are left); in the bidding, by letting `basic`
    /// finish the auction and solving (or playing out) the rest.
    pub(crate) fn world_values(
        &mut self,
        world: &AnyDeal,
        legal: &ActionList,
        me: Seat,
        rng: &mut ChaCha8Rng,
    ) -> Vec<Option<WorldOutcome>> {
        self.world_values_and_leads(world, legal, me, rng).0
    }

    /// The action this player would take if it knew the deal: the best in the one real world,
    /// valued as in every sampled world (in the bidding, `basic` finishing the auction and the
    /// play solved). A measuring aid for what perfect inference could be worth (the `oracle`
    /// example); no player calls it, as no player sees the deal. `None` once the deal is over.
    pub fn choose_knowing(&mut self, deal: &AnyDeal, rng: &mut ChaCha8Rng) -> Option<Action> {
        let me = deal.to_act()?;
        let legal = deal.legal_actions();
        let values = self.world_values(deal, &legal, me, rng);
        let best = best_index(values.iter().map(|v| v.map_or(f64::NEG_INFINITY, |v| v.points)));
        legal.get(best).copied()
    }

    /// [`Pimc::world_values`], and with [`Pimc::own_lead`], for each bid after which the seat
    /// makes the opening lead, the value of every card it could lead (the outcome's points
    /// are then the best card's).
    pub(crate) fn world_values_and_leads(
        &mut self,
        world: &AnyDeal,
        legal: &ActionList,
        me: Seat,
        rng: &mut ChaCha8Rng,
    ) -> (Vec<Option<WorldOutcome>>, Vec<Option<OwnChoice>>) {
        let exact = self.solo_exact.exact(world);
        if in_trick_play(world) && exact {
            self.solver.limit_nodes(self.world_nodes);
            let mut values = self.solver.action_values(world);
            let gave_up = self.solver.gave_up();
            self.solver.limit_nodes(None);
            if gave_up {
                // Too big a search for the budget: each card valued by a play-out instead.
                values = legal
                    .iter()
                    .filter_map(|&a| {
                        let mut w = world.clone();
                        w.apply(a).ok()?;
                        Some((a, play_out(w, me, rng, &mut self.steps)))
                    })
                    .collect();
            }
            let we_made = we_made(world, me);
            let outcomes = legal
                .iter()
                .map(|a| {
                    let (_, points) = values.iter().find(|(b, _)| b == a)?;
                    Some(WorldOutcome {
                        points: *points,
                        we_made,
                    })
                })
                .collect();
            return (outcomes, vec![None; legal.len()]);
        }
        // The world's search budget is shared among its actions; an action whose search would
        // need more than its share (a `railroad` jambone, solved through the engine) is valued
        // by a play-out instead.
        let share = self
            .world_nodes
            .map(|n| n / u64::try_from(legal.len()).unwrap_or(1).max(1));
        let mut leads = vec![None; legal.len()];
        let outcomes = legal
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let mut w = world.clone();
                w.apply(a).ok()?;
                let stops = self.own_stops(me);
                finish_auction(&mut w, me, stops, self.continuation, rng, &mut self.steps);
                self.solver.limit_nodes(share);
                if let Some(own) = self.own_bid_values(&w, me, i, share, rng) {
                    let outcome = own.best();
                    leads[i] = Some(own);
                    return Some(outcome);
                }
                lead_blind(&mut w, self.opening_lead, rng, &mut self.steps);
                if self.own_lead {
                    let made = we_made(&w, me);
                    if let Some(mut lead) = own_lead(&w, me, i, made, &mut self.solver) {
                        let bias = self.maker_bias.signed_off(&w, made);
                        lead.options.iter_mut().for_each(|(_, o)| o.points += bias);
                        let best = lead.best();
                        leads[i] = Some(lead);
                        return Some(best);
                    }
                }
                Some(self.led_value(w, me, rng))
            })
            .collect();
        self.solver.limit_nodes(None);
        (outcomes, leads)
    }

    /// Where [`Pimc::own_trump`] or [`Pimc::own_round2`] asks for them, the auction's stops
    /// at `me`'s own later choices ([`OwnStops`]).
    fn own_stops(&self, me: Seat) -> OwnStops {
        OwnStops {
            me,
            trump: self.own_trump,
            round2: self.own_round2,
        }
    }

    /// Where `w`'s auction has stopped at a choice of `me`'s own ([`OwnStops`]) after the
    /// action at index `action`: how each of its options ends, the auction finished after it
    /// and the deal solved; `None` elsewhere. The action's search budget `share` is shared
    /// among the options, so a world costs no more than without them.
    fn own_bid_values(
        &mut self,
        w: &AnyDeal,
        me: Seat,
        action: usize,
        share: Option<u64>,
        rng: &mut ChaCha8Rng,
    ) -> Option<OwnChoice> {
        if !self.own_stops(me).stops_at(w) {
            return None;
        }
        let (hand, auction) = match w {
            AnyDeal::Solo(d) => (d.hands()[me.index()], d.history()),
            AnyDeal::Partnership(d) => (d.hands()[me.index()], d.auction()),
        };
        let spot = Spot::new(action, hand, auction, me);
        let legal = w.legal_actions();
        let per_option = u64::try_from(legal.len()).unwrap_or(1).max(1);
        self.solver.limit_nodes(share.map(|n| (n / per_option).max(1)));
        let options = legal
            .iter()
            .filter_map(|&a| {
                let mut after = w.clone();
                after.apply(a).ok()?;
                finish_auction(
                    &mut after,
                    me,
                    OwnStops::NONE,
                    self.continuation,
                    rng,
                    &mut self.steps,
                );
                Some((a, self.auction_over_value(after, me, rng)))
            })
            .collect::<Vec<_>>();
        (!options.is_empty()).then_some(OwnChoice { spot, options })
    }

    /// How a world whose auction is over ends for `me`'s side: the opening lead made as
    /// [`Pimc::opening_lead`] says, the deal solved (or played out where the search would be
    /// too big), less the makers' bias.
    fn auction_over_value(&mut self, mut w: AnyDeal, me: Seat, rng: &mut ChaCha8Rng) -> WorldOutcome {
        lead_blind(&mut w, self.opening_lead, rng, &mut self.steps);
        self.led_value(w, me, rng)
    }

    /// [`Pimc::auction_over_value`] once the opening lead (where it is not solved) is made.
    fn led_value(&mut self, w: AnyDeal, me: Seat, rng: &mut ChaCha8Rng) -> WorldOutcome {
        let we_made = we_made(&w, me);
        let mut points = self.deal_value(&w, me, rng);
        if self.solver.gave_up() {
            points = play_out(w.clone(), me, rng, &mut self.steps);
        }
        let march = self.maker_bias.off_march(&w, points, we_made);
        let march = if we_made == Some(true) { -march } else { march };
        WorldOutcome {
            points: points + self.maker_bias.signed_off(&w, we_made) + march,
            we_made,
        }
    }

    /// The value for `me`'s side of a deal whose auction is over: solved, or (in an individual
    /// game with many cards left) played out by `basic`.
    fn deal_value(&mut self, w: &AnyDeal, me: Seat, rng: &mut ChaCha8Rng) -> f64 {
        let exact = self.solo_exact.exact(w);
        if !exact {
            play_out(w.clone(), me, rng, &mut self.steps)
        } else if self.bidding_playouts {
            // Half the exact value, half a playout without seeing through the cards.
            0.5 * self.solver.value(w, me) + 0.5 * play_out(w.clone(), me, rng, &mut self.steps)
        } else {
            let real = self
                .real
                .as_ref()
                .and_then(|r| r.real_value(w, me, &mut self.solver));
            real.unwrap_or_else(|| self.solver.value(w, me))
        }
    }
}

/// The index of the highest value: the first of any that tie (within rounding), so a choice
/// does not turn on the last bits of a sum.
pub(crate) fn best_index(values: impl IntoIterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, v) in values.into_iter().enumerate() {
        if i == 0 || v > best.1 + 1e-12 {
            best = (i, v);
        }
    }
    best.0
}

/// How one action ends in one world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WorldOutcome {
    /// Points for the deciding seat's side, less the other side's.
    pub points: f64,
    /// Whether the deciding seat's side made trump (four-handed game, once trump is made).
    pub we_made: Option<bool>,
}

fn we_made(deal: &AnyDeal, me: Seat) -> Option<bool> {
    match deal {
        AnyDeal::Partnership(d) => d.maker().map(|m| m.team() == me.team()),
        AnyDeal::Solo(_) => None,
    }
}

impl Player for Pimc {
    fn name(&self) -> String {
        if self.score_aware {
            format!("pimc-win-{}", self.worlds)
        } else {
            format!("pimc-{}", self.worlds)
        }
    }

    fn choose(&mut self, view: &GameView, budget: &Budget, rng: &mut ChaCha8Rng) -> Choice {
        let legal = *view.legal();
        if legal.len() == 1 {
            return Choice::plain(legal[0]);
        }
        let started = Instant::now();
        let me: Seat = view.seat;
        let valuer = self.valuer(view);
        // A world's outcome as this player values it.
        let worth = |points: f64| valuer.as_ref().map_or(points, |g| g.win_after(points));
        // Each world's values (an action not valued there: -inf), for the means and the
        // choice's close actions.
        let mut seen: Vec<WorldValues> = Vec::new();
        let mut worlds = 0u32;
        // A view no world agrees with (never one of a real deal) draws none.
        let mut sampler = view.view.sampler().ok();
        for _ in 0..self.worlds.saturating_mul(4) {
            if worlds >= self.worlds {
                break;
            }
            if let Some(limit) = budget.time {
                if worlds > 0 && started.elapsed() >= limit {
                    break;
                }
            }
            let Some(Ok(world)) = sampler.as_mut().map(|s| s.draw(rng)) else {
                continue;
            };
            if world.to_act() != Some(me) {
                continue;
            }
            let values: Vec<f64> = self
                .world_values(&world, &legal, me, rng)
                .iter()
                .map(|v| v.map_or(f64::NEG_INFINITY, |v| worth(v.points)))
                .collect();
            seen.push((1.0, values));
            worlds += 1;
        }
        if worlds == 0 {
            // No world could be drawn (it cannot happen for a view of a real deal): fall back
            // on the rules of thumb rather than fail.
            return BasicPlayer.choose(view, budget, rng);
        }
        let n = f64::from(worlds);
        let total = |i: usize| {
            seen.iter()
                .map(|(_, v)| v[i])
                .filter(|v| v.is_finite())
                .sum::<f64>()
        };
        let values: Vec<_> = legal
            .iter()
            .enumerate()
            .map(|(i, &a)| (a, total(i) / n))
            .collect();
        // A renege is valued (a person's may be judged) but never chosen.
        let best = best_index(
            values
                .iter()
                .map(|&(a, v)| if view.reneges(a) { f64::NEG_INFINITY } else { v }),
        );
        let choosable: Vec<bool> = legal.iter().map(|&a| !view.reneges(a)).collect();
        Choice {
            action: values[best].0,
            values,
            outlooks: Vec::new(),
            close: close_to(&seen, best, &choosable),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_after_a_fraction_of_a_point_lies_between_the_whole_points() {
        let g = GamePosition {
            table: WinTable::partnership(10),
            ours: 6,
            theirs: 7,
            we_dealt: false,
        };
        for p in -2..3 {
            let (a, b) = (g.win_after(f64::from(p)), g.win_after(f64::from(p) + 1.0));
            assert_ne!(a, b, "{p} and {} points leave different chances", p + 1);
            let quarter = g.win_after(f64::from(p) + 0.25);
            assert!((quarter - (0.75 * a + 0.25 * b)).abs() < 1e-12, "{p}.25 points");
        }
    }

    #[test]
    fn the_opponents_model_has_a_weak_dealer_call_where_basic_lets_the_deal_go() {
        use euchre::rules::Rules;
        use euchre::{Action, Card, CardSet, Deal};
        use rand::SeedableRng;
        let cards =
            |t: &str| -> CardSet { t.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect() };
        let rules = Rules::preset("north-american").unwrap();
        // Seat 3 deals a hand with no trick in it; everyone passes both times round to it.
        let hands = [
            cards("JS JC AS KS QS"),
            cards("AH KH QH JH TH"),
            cards("AD KD QD JD TD"),
            cards("9C TC 9H 9D TS"),
        ];
        let mut deal = Deal::new(rules, Seat::new(3), hands, "AC".parse().unwrap(), CardSet::EMPTY).unwrap();
        for _ in 0..7 {
            deal.apply(Action::Pass).unwrap();
        }
        let after = |me: u8, c: Continuation| {
            let mut w = AnyDeal::Partnership(Box::new(deal.clone()));
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            finish_auction(&mut w, Seat::new(me), OwnStops::NONE, c, &mut rng, &mut 0);
            let AnyDeal::Partnership(d) = w else {
                unreachable!()
            };
            d.maker()
        };
        // `basic` passes such a hand; `pimc-50`, read by place, calls.
        assert_eq!(after(0, Continuation::Basic), None);
        assert_eq!(after(0, Continuation::OpponentsLikeliest), Some(Seat::new(3)));
        assert_eq!(after(2, Continuation::OpponentsLikeliest), Some(Seat::new(3)));
        // The dealer's partner reads it as `basic`.
        assert_eq!(after(1, Continuation::OpponentsLikeliest), None);
    }

    #[test]
    fn knowing_the_deal_it_plays_the_solved_best_card_and_goes_alone_with_a_sure_march() {
        use euchre::rules::Rules;
        use euchre::{Card, CardSet, Deal};
        use rand::SeedableRng;
        let rules = Rules::preset("north-american").unwrap();
        let mut solver = Solver::new();
        let mut oracle = Pimc::new(1);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for seed in 0..6 {
            let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, Seat::new(0), seed)));
            while deal.to_act().is_some() {
                let a = oracle.choose_knowing(&deal, &mut rng).unwrap();
                assert!(deal.legal_actions().contains(&a), "seed {seed}: {a:?} is legal");
                if in_trick_play(&deal) {
                    let values = solver.action_values(&deal);
                    let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
                    let chosen = values.iter().find(|v| v.0 == a).unwrap().1;
                    assert_eq!(chosen, best, "seed {seed}: {a:?} is worth the best card's value");
                }
                deal.apply(a).unwrap();
            }
            assert_eq!(oracle.choose_knowing(&deal, &mut rng), None, "the deal is over");
        }
        // The dealer's left holds the five highest hearts with a heart turned up: alone, the
        // march is sure (4 points, against 2 with the partner).
        let cards =
            |t: &str| -> CardSet { t.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect() };
        let hands = [
            cards("JH JD AH KH QH"),
            cards("AS KS QS JS TS"),
            cards("AC KC QC JC TC"),
            cards("AD KD QD TD 9D"),
        ];
        let deal = Deal::new(rules, Seat::new(3), hands, "9H".parse().unwrap(), CardSet::EMPTY).unwrap();
        let a = oracle.choose_knowing(&AnyDeal::Partnership(Box::new(deal)), &mut rng);
        assert_eq!(a, Some(Action::Order { alone: true }));
    }

    #[test]
    fn the_march_correction_takes_off_only_a_partnered_march() {
        use euchre::rules::Rules;
        use euchre::{Card, CardSet, Deal};
        let rules = Rules::preset("north-american").unwrap();
        let cards =
            |t: &str| -> CardSet { t.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect() };
        let hands = [
            cards("JH JD AH KH QH"),
            cards("AS KS QS JS TS"),
            cards("AC KC QC JC TC"),
            cards("AD KD QD TD 9D"),
        ];
        let ordered = |alone: bool| {
            let mut d = Deal::new(rules, Seat::new(3), hands, "9H".parse().unwrap(), CardSet::EMPTY).unwrap();
            d.apply(Action::Order { alone }).unwrap();
            AnyDeal::Partnership(Box::new(d))
        };
        let bias = MakerBias {
            march: 0.2,
            ..MakerBias::NONE
        };
        let with_partner = ordered(false);
        // The makers' march, from either side; a single point is left alone.
        assert_eq!(bias.off_march(&with_partner, 2.0, Some(true)), 0.2);
        assert_eq!(bias.off_march(&with_partner, -2.0, Some(false)), 0.2);
        assert_eq!(bias.off_march(&with_partner, 1.0, Some(true)), 0.0);
        assert_eq!(bias.off_march(&with_partner, -1.0, Some(false)), 0.0);
        // A loner's march (solving underrates loners), and no bias at all, take nothing off.
        assert_eq!(bias.off_march(&ordered(true), 4.0, Some(true)), 0.0);
        assert_eq!(MakerBias::NONE.off_march(&with_partner, 2.0, Some(true)), 0.0);
    }

    #[test]
    fn points_past_the_target_count_for_nothing() {
        let at = |ours, theirs| GamePosition {
            table: WinTable::partnership(10),
            ours,
            theirs,
            we_dealt: true,
        };
        // At 9-6 a point wins: a march alone adds nothing; a euchre against us counts whole.
        let g = at(9, 6);
        assert_eq!(g.points_toward_target(4.0), 1.0);
        assert_eq!(g.points_toward_target(1.0), 1.0);
        assert_eq!(g.points_toward_target(-2.0), -2.0);
        // At 3-9 their euchre of us is worth one point to them.
        assert_eq!(at(3, 9).points_toward_target(-2.0), -1.0);
        assert_eq!(at(3, 9).points_toward_target(2.0), 2.0);
        assert_eq!(at(0, 0).points_toward_target(-0.5), -0.5);
    }
}
