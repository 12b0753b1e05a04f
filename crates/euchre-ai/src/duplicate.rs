//! Duplicate matches between two players: each board (a deal, or a whole game) is played twice
//! from the same seed, the second time with the two players' seats swapped, so each holds the
//! cards the other held and the luck of the deal cancels.
//!
//! Side 0 is the first player named, side 1 the second. In the first play of a board side 0
//! holds the even seats (North and South in the four-handed game); in the second, the odd ones.
//! Board `i` is first dealt by seat `i` modulo the players, so dealers rotate across boards. In the
//! individual games a side is every seat of that parity: in the three-handed game the side
//! holding seats 0 and 2 scores for both, and the swap hands that pair of seats to the other.
//!
//! Nothing here is parallel or prints: a caller plays boards in any order and on any thread
//! ([`play_board`] depends only on the contest and the board's number) and sums them up with
//! [`Summary::of`].

use crate::player::{player, Budget, Player, UnknownPlayer};
use crate::seeds::mix_seed;
use crate::view::GameView;
use euchre::game::deal_seed;
use euchre::solo::{SoloDeal, SoloGame};
use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Action, Deal, DealOutcome, Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::time::Instant;

/// A game that has not ended after this many deals is cut off there, unfinished ([`Board::cut_off`]).
/// Between players that bid with sense no preset's game comes near it (a race to 10 points scores
/// at least one point a deal but for thrown-in hands), but `random` bidders in Bid Euchre drift
/// away from the target and may never reach it: such a game is not allowed to run for ever, nor
/// to throw away the rest of the match.
pub const MAX_DEALS_PER_GAME: u32 = 2_000;

/// Fewer boards than this give no interval and no verdict. Student's t widens an interval for
/// the few boards it is given, but only their spread: boards of a card game often agree exactly
/// (three boards of +2 each made "[+2.000, +2.000]"), and a spread of 0 from a handful of boards
/// is no evidence of none. From ten boards on a chance agreement is rare enough to let stand
/// what t says; the plot's band is drawn from the tenth board on for the same reason. A match's
/// figures apply it ([`Estimate::of_match`]); [`Estimate::ratio`] itself is a plain statistic,
/// for any units (the examples' deals).
pub const MIN_BOARDS: usize = 10;

/// What to play.
#[derive(Clone, Debug)]
pub struct Contest {
    pub rules: AnyRules,
    /// The two players' names (see [`crate::PLAYERS`]).
    pub players: [String; 2],
    /// Whole games to the rules' target, or single deals.
    pub whole_games: bool,
    pub seed: u64,
    /// Each decision's budget.
    pub budget: Budget,
}

/// Why a board could not be played.
#[derive(Clone, Debug, PartialEq)]
pub enum ContestError {
    UnknownPlayer(UnknownPlayer),
    /// A player chose an action the engine refused: a bug in that player.
    Illegal {
        player: String,
        /// The board's index, from 0.
        board: u64,
        action: Action,
        reason: String,
    },
    /// The game stalled with nobody to act.
    Stalled {
        /// The board's index, from 0.
        board: u64,
        why: String,
    },
}

impl fmt::Display for ContestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Boards are numbered from 0, as a board file (`euchre sim --save-boards`) numbers them,
        // so that the board named is the row of that number (research tester s54, 4).
        match self {
            ContestError::UnknownPlayer(e) => e.fmt(f),
            ContestError::Illegal {
                player,
                board,
                action,
                reason,
            } => write!(
                f,
                "board {board} (numbered from 0): {player} chose the illegal action '{action}': {reason}"
            ),
            ContestError::Stalled { board, why } => write!(f, "board {board} (numbered from 0): {why}"),
        }
    }
}

impl std::error::Error for ContestError {}

/// What one side did over one board (both plays).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideTally {
    /// Points gained (in the games that count down to 0, points taken off).
    pub points: i64,
    /// Deals in which the side made trump.
    pub made: u32,
    /// ... and took fewer tricks than it needed.
    pub euchred: u32,
    /// ... and took every trick.
    pub marched: u32,
    /// Deals the side's maker played alone.
    pub alone: u32,
    /// ... and took the tricks needed.
    pub alone_made: u32,
    /// Games won (whole games only).
    pub games_won: u32,
    /// Microseconds per decision with more than one legal action, in the bidding (everything
    /// before the first card) and in the play.
    pub bid_micros: Vec<u32>,
    pub play_micros: Vec<u32>,
}

/// One board's result: both plays.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    pub index: u64,
    /// Deals played in both plays together.
    pub deals: u32,
    /// Games played (2 for whole games, 0 otherwise), the ones cut off included.
    pub games: u32,
    /// Of those, games cut off unfinished after [`MAX_DEALS_PER_GAME`] deals: their deals count
    /// in the points, and nobody won them, so they count in nobody's games won.
    pub cut_off: u32,
    pub sides: [SideTally; 2],
}

impl Board {
    /// Side 0's points less side 1's.
    pub fn difference(&self) -> i64 {
        self.sides[0].points - self.sides[1].points
    }

    /// Games that ended, with a winner: the games played less those cut off.
    pub fn games_finished(&self) -> u32 {
        self.games - self.cut_off
    }
}

/// What a board's result keeps for a comparison with another match on the same boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardResult {
    pub index: u64,
    /// Deals played in both plays together.
    pub deals: u32,
    /// Side 0's points less side 1's.
    pub difference: i64,
    /// In whole games, the games side 0 won of the board's two; `None` for single deals (and
    /// in board files written before it was kept).
    pub won: Option<u32>,
    /// In whole games, the games of the two that finished, not cut off after
    /// [`MAX_DEALS_PER_GAME`] deals; `None` for single deals, and where a board file cannot tell
    /// (one written before it was kept, of a board long enough to have held a cut-off game).
    pub finished: Option<u32>,
}

impl Board {
    pub fn result(&self) -> BoardResult {
        BoardResult {
            index: self.index,
            deals: self.deals,
            difference: self.difference(),
            won: (self.games > 0).then_some(self.sides[0].games_won),
            finished: (self.games > 0).then_some(self.games_finished()),
        }
    }
}

/// Two matches on the same boards (the same rules and seed) compared board by board: the
/// difference per deal of `this` less that of `other`, with the delta method's 95% interval
/// over the boards. Pairing the boards takes the cards' luck out of the comparison, so two
/// players measured against a common opponent can be told apart where their own intervals
/// overlap.
///
/// # Errors
/// The two lists are not the same boards (named), or no deal was played.
///
/// Fewer than [`MIN_BOARDS`] boards give no interval.
pub fn paired_difference(this: &[BoardResult], other: &[BoardResult]) -> Result<Estimate, String> {
    if this.len() != other.len() {
        return Err(format!(
            "the matches played {} and {} boards, not the same boards",
            this.len(),
            other.len()
        ));
    }
    if let Some((a, b)) = this.iter().zip(other).find(|(a, b)| a.index != b.index) {
        return Err(format!("board {} is paired with board {}", a.index, b.index));
    }
    let per_deal = |rs: &[BoardResult]| {
        rs.iter()
            .map(|r| (f64::from(r.deals), r.difference as f64))
            .collect::<Vec<_>>()
    };
    paired_ratios(&per_deal(this), &per_deal(other)).ok_or_else(|| "no deal was played".into())
}

/// Two ratios Σy / Σx over the same boards, `(x, y)` a board, compared board by board: the
/// first less the second, with the delta method's 95% interval over the boards (none from
/// fewer than [`MIN_BOARDS`]). `None` where either Σx is 0.
fn paired_ratios(this: &[(f64, f64)], other: &[(f64, f64)]) -> Option<Estimate> {
    let rate = |rs: &[(f64, f64)]| {
        let x: f64 = rs.iter().map(|r| r.0).sum();
        let y: f64 = rs.iter().map(|r| r.1).sum();
        (x > 0.0).then(|| (y / x, x / rs.len() as f64))
    };
    let (Some((r1, mean1)), Some((r2, mean2))) = (rate(this), rate(other)) else {
        return None;
    };
    let n = this.len() as f64;
    // Each board's share of the difference of the two ratios, linearised (delta method).
    let z: Vec<f64> = this
        .iter()
        .zip(other)
        .map(|(a, b)| (a.1 - r1 * a.0) / mean1 - (b.1 - r2 * b.0) / mean2)
        .collect();
    let half_width = if n < 2.0 {
        f64::INFINITY
    } else {
        let var = z.iter().map(|v| v * v).sum::<f64>() / (n - 1.0);
        t_975(n - 1.0) * (var / n).sqrt()
    };
    Some(
        Estimate {
            mean: r1 - r2,
            half_width,
        }
        .of_match(this.len()),
    )
}

/// Two matches of whole games on the same boards compared board by board in games won: the
/// share of its games finished that `this`'s first side won less `other`'s, with its 95%
/// interval over the boards. A game cut off unfinished has no winner, and counts in neither
/// match's share. The boards are taken to be the same ([`paired_difference`] checks them).
/// Fewer than [`MIN_BOARDS`] boards give no interval.
///
/// `None` where a board of either has no games won kept (single deals, an older file).
///
/// # Errors
/// Why no comparison can be made: a board file that cannot tell a game cut off from a game
/// lost, or a match with no game finished.
pub fn paired_games(this: &[BoardResult], other: &[BoardResult]) -> Option<Result<Estimate, String>> {
    if this.is_empty() || this.iter().chain(other).any(|r| r.won.is_none()) {
        return None;
    }
    if let Some(r) = this.iter().chain(other).find(|r| r.finished.is_none()) {
        return Some(Err(format!(
            "the board file, written before games cut off were kept, cannot tell a game cut off unfinished after {MAX_DEALS_PER_GAME} deals from a game lost, and its board {} ({} deals) may have held one",
            r.index, r.deals
        )));
    }
    let finished = |r: &BoardResult| r.finished.unwrap_or(0);
    let won = |r: &BoardResult| r.won.unwrap_or(0);
    if this.iter().chain(other).all(|r| finished(r) == 2) {
        // Every game finished: the difference a board of two games, as it always was.
        let per_board: Vec<(f64, f64)> = this
            .iter()
            .zip(other)
            .map(|(a, b)| (2.0, f64::from(won(a)) - f64::from(won(b))))
            .collect();
        return Some(Ok(Estimate::ratio(&per_board).of_match(per_board.len())));
    }
    let per_board = |rs: &[BoardResult]| {
        rs.iter()
            .map(|r| (f64::from(finished(r)), f64::from(won(r))))
            .collect::<Vec<_>>()
    };
    Some(paired_ratios(&per_board(this), &per_board(other)).ok_or_else(|| {
        let which = if this.iter().all(|r| finished(r) == 0) {
            "this match"
        } else {
            "the earlier match"
        };
        format!("no game of {which} finished: every one was cut off after {MAX_DEALS_PER_GAME} deals")
    }))
}

/// The side holding `seat` in play `play` (0 or 1) of a board.
pub fn side_of(seat: Seat, play: usize) -> usize {
    (seat.index() % 2) ^ play
}

/// Plays board `index` of the contest twice, the seats swapped the second time.
///
/// # Errors
/// An unknown player, an illegal choice (a player's bug, named), or a game that never ends.
pub fn play_board(contest: &Contest, index: u64) -> Result<Board, ContestError> {
    let game_seed = mix_seed(contest.seed, index);
    let mut board = Board {
        index,
        ..Board::default()
    };
    for play in 0..2 {
        play_once(contest, index, game_seed, play, &mut board)?;
    }
    Ok(board)
}

/// A new game of `rules` whose first deal, dealt by `dealer`, and later deals follow from `seed`.
fn new_game(rules: AnyRules, seed: u64, dealer: Seat) -> AnyGame {
    let first = deal_seed(seed, 0);
    match rules {
        AnyRules::Partnership(r) => AnyGame::Partnership(Box::new(Game::starting_with(
            Deal::from_seed(r, dealer, first),
            seed,
            [0, 0],
        ))),
        AnyRules::Solo(r) => AnyGame::Solo(Box::new(SoloGame::starting_with(
            SoloDeal::from_seed(r, dealer, first),
            seed,
        ))),
    }
}

/// Players at the table under `rules`.
fn players_of(rules: &AnyRules) -> usize {
    match rules {
        AnyRules::Partnership(_) => 4,
        AnyRules::Solo(r) => usize::from(r.players),
    }
}

fn play_once(
    contest: &Contest,
    index: u64,
    game_seed: u64,
    play: usize,
    board: &mut Board,
) -> Result<(), ContestError> {
    let seats = players_of(&contest.rules);
    let dealer = Seat::new((index % seats as u64) as u8);
    let mut game = new_game(contest.rules, game_seed, dealer);
    let mut players: Vec<Box<dyn Player>> = (0..seats)
        .map(|s| player(&contest.players[side_of(Seat::new(s as u8), play)]))
        .collect::<Result<_, _>>()
        .map_err(ContestError::UnknownPlayer)?;
    let mut deals = 0u32;
    loop {
        let before = game.scores();
        // Common random numbers: a seat's generator depends on the board, the seat and the
        // deal, not on the play, so in the second play each player draws what the other drew
        // in its place. Where the two players would decide alike, both plays of a board then
        // mirror each other and their difference is exactly 0: the match measures where they
        // differ, not the luck of the worlds each happened to sample.
        let mut rngs: Vec<ChaCha8Rng> = (0..seats)
            .map(|s| ChaCha8Rng::seed_from_u64(mix_seed(mix_seed(game_seed, 1 + s as u64), u64::from(deals))))
            .collect();
        while !game.deal_over() {
            let Some(seat) = game.to_act() else {
                return Err(ContestError::Stalled {
                    board: index,
                    why: "the deal is not over and nobody is to act".into(),
                });
            };
            let s = seat.index();
            let view = GameView::of_game(&game, seat);
            let started = Instant::now();
            let choice = players[s].choose(&view, &contest.budget, &mut rngs[s]);
            let micros = u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX);
            if view.legal().len() > 1 {
                let tally = &mut board.sides[side_of(seat, play)];
                if view.in_trick_play() {
                    tally.play_micros.push(micros);
                } else {
                    tally.bid_micros.push(micros);
                }
            }
            game.apply(choice.action).map_err(|e| ContestError::Illegal {
                player: players[s].name(),
                board: index,
                action: choice.action,
                reason: e.to_string(),
            })?;
        }
        deals += 1;
        tally_deal(&game, &before, play, &mut board.sides);
        if !contest.whole_games || game.is_over() {
            break;
        }
        if deals >= MAX_DEALS_PER_GAME {
            board.cut_off += 1;
            break;
        }
        if !game.next_deal() {
            return Err(ContestError::Stalled {
                board: index,
                why: format!("the game is not over after {deals} deals, and no next deal can be dealt"),
            });
        }
    }
    board.deals += deals;
    if contest.whole_games {
        board.games += 1;
        if let Some(w) = game.winner() {
            // The winner is a team (seat parity) in the partnership game, a seat otherwise.
            board.sides[(w % 2) ^ play].games_won += 1;
        }
    }
    Ok(())
}

/// Adds the deal just finished to the sides' tallies: the points each side gained, and who made
/// trump and how it went.
fn tally_deal(game: &AnyGame, before: &[i32], play: usize, sides: &mut [SideTally; 2]) {
    let after = game.scores();
    let down = match game {
        AnyGame::Solo(g) => g.rules().races_down(),
        AnyGame::Partnership(_) => false,
    };
    for (i, (a, b)) in after.iter().zip(before).enumerate() {
        let gain = i64::from(a - b);
        sides[(i % 2) ^ play].points += if down { -gain } else { gain };
    }
    match game {
        AnyGame::Partnership(g) => {
            let d = g.deal();
            let Some(maker) = d.maker() else { return };
            let t = sides.get_mut(side_of(maker, play)).expect("two sides");
            let taken = d.tricks_won()[maker.team().index()];
            t.made += 1;
            t.euchred += u32::from(taken < 3);
            t.marched += u32::from(taken == 5);
            if d.lone_maker().is_some() {
                t.alone += 1;
                t.alone_made += u32::from(taken >= 3);
            }
        }
        AnyGame::Solo(g) => {
            let d = g.deal();
            let Some(maker) = d.maker() else { return };
            // The engine's word for it: the tricks needed are four of seven three-handed, the
            // bid in Bid Euchre, every one for a declared march.
            let outcome = d.outcome();
            let t = sides.get_mut(side_of(maker, play)).expect("two sides");
            t.made += 1;
            t.euchred += u32::from(outcome.is_some_and(|o| !o.made()));
            t.marched += u32::from(outcome == Some(DealOutcome::Marched));
        }
    }
}

/// The Wilson score interval (95%) of a share `p` of `n` independent trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// One side's share of the points both gained: 0.5 when neither gained any, and none when
/// either side's points came to less than nothing (a share of a negative total means nothing).
pub fn share_of_points(mine: f64, theirs: f64) -> Option<f64> {
    if mine < 0.0 || theirs < 0.0 {
        None
    } else if mine + theirs == 0.0 {
        Some(0.5)
    } else {
        Some(mine / (mine + theirs))
    }
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom: exact to three decimals up
/// to 30, then its expansion about the normal's 1.96 (within 0.001 there, and nearer beyond).
/// Few boards make a wide interval: three boards' is more than twice the normal's.
pub fn t_975(df: f64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042,
    ];
    if df < 1.0 {
        return f64::INFINITY;
    }
    if df <= 30.0 {
        return TABLE[df as usize - 1];
    }
    1.96 + 2.372 / df + 2.822 / (df * df)
}

/// A mean with its 95% confidence interval's half-width.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    pub half_width: f64,
}

impl Estimate {
    /// The ratio Σy / Σx over boards, with the delta method's interval (boards are the
    /// independent units; a board's deals are not), or none (an infinite half-width) from a
    /// single board, or where Σx is 0 (mean 0). A match's figures want [`MIN_BOARDS`] too ([`Estimate::of_match`]).
    pub fn ratio(pairs: &[(f64, f64)]) -> Estimate {
        let n = pairs.len() as f64;
        let sx: f64 = pairs.iter().map(|p| p.0).sum();
        let sy: f64 = pairs.iter().map(|p| p.1).sum();
        if n < 1.0 || sx == 0.0 {
            // Nothing to measure (no game finished, in games won): no interval.
            return Estimate {
                mean: 0.0,
                half_width: f64::INFINITY,
            };
        }
        let r = sy / sx;
        if n < 2.0 {
            return Estimate {
                mean: r,
                half_width: f64::INFINITY,
            };
        }
        let xbar = sx / n;
        let var: f64 = pairs.iter().map(|(x, y)| (y - r * x).powi(2)).sum::<f64>() / (n - 1.0);
        Estimate {
            mean: r,
            half_width: t_975(n - 1.0) * (var / n).sqrt() / xbar,
        }
    }

    /// A share of trials (games won of games played, Σy / Σx over boards), as [`Estimate::ratio`]
    /// but never narrower than the Wilson score interval of Σx independent trials: where every
    /// game went one way the boards' spread is 0, and "100% ± 0" from 24 games says more than
    /// 24 games can. A board's two games are not independent, but they lean against each other
    /// (each side holds in one the cards the other held in the other), so the variance of a
    /// board's games is at most that of two independent games and Wilson's interval over the
    /// games stays a floor that errs wide. Counting boards instead would make the floor a single
    /// trial's variance a board, wider than the boards' own spread always, and throw away what
    /// playing each board twice gains. The interval stays symmetric about the share (reports are pooled by it), wide enough to
    /// hold Wilson's, which is not: shown, it is cut to 0..1 ([`Estimate::in_unit`]).
    pub fn proportion(pairs: &[(f64, f64)]) -> Estimate {
        let e = Estimate::ratio(pairs);
        let trials: f64 = pairs.iter().map(|p| p.0).sum();
        if trials <= 0.0 {
            return e;
        }
        let (low, high) = wilson(e.mean.clamp(0.0, 1.0), trials);
        Estimate {
            mean: e.mean,
            half_width: e.half_width.max(e.mean - low).max(high - e.mean),
        }
    }

    /// This estimate as a match of `boards` boards reports it: with no interval (an infinite
    /// half-width) from fewer than [`MIN_BOARDS`].
    pub fn of_match(self, boards: usize) -> Estimate {
        if boards < MIN_BOARDS {
            Estimate {
                half_width: f64::INFINITY,
                ..self
            }
        } else {
            self
        }
    }

    /// The interval cut to 0..1, as a share's is shown.
    pub fn in_unit(&self) -> (f64, f64) {
        (self.low().max(0.0), self.high().min(1.0))
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }

    /// False where too few boards gave no interval.
    pub fn has_interval(&self) -> bool {
        self.half_width.is_finite()
    }

    /// True when the interval lies wholly above 0.
    pub fn above_zero(&self) -> bool {
        self.low() > 0.0
    }
}

/// Decision times of one side, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Timing {
    pub decisions: usize,
    pub median_ms: f64,
    pub p99_ms: f64,
}

impl Timing {
    fn of(micros: &mut [u32]) -> Timing {
        micros.sort_unstable();
        let at = |q: f64| {
            micros
                .get(((micros.len().saturating_sub(1)) as f64 * q).round() as usize)
                .map_or(0.0, |&m| f64::from(m) / 1000.0)
        };
        Timing {
            decisions: micros.len(),
            median_ms: at(0.5),
            p99_ms: at(0.99),
        }
    }
}

/// One side's figures over the whole contest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    pub player: String,
    pub points_per_deal: Estimate,
    /// This side's share of all points gained (0.5 when nobody gained any; none where a side's
    /// points came to less than nothing, as in Bid Euchre's race down from its target).
    pub share: Option<f64>,
    /// Games won per game finished, with its interval (whole games only; a game cut off
    /// unfinished has no winner, and counts in neither side's, so the two sides' shares make
    /// the whole).
    pub game_wins: Estimate,
    pub made: u32,
    pub euchred: u32,
    pub marched: u32,
    pub alone: u32,
    pub alone_made: u32,
    pub bidding: Timing,
    pub play: Timing,
}

/// A contest's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub boards: usize,
    pub deals: u64,
    pub games: u64,
    /// Of the games, those cut off unfinished after [`MAX_DEALS_PER_GAME`] deals.
    pub games_cut_off: u64,
    /// The boards (by index, from 0) with a game cut off.
    pub boards_cut_off: Vec<u64>,
    /// Side 0's points per deal less side 1's.
    pub difference: Estimate,
    pub sides: [SideSummary; 2],
}

impl Summary {
    /// Sums up boards played for `contest`: fewer than [`MIN_BOARDS`] give no interval.
    pub fn of(contest: &Contest, boards: &[Board]) -> Summary {
        let deals_of = |b: &Board| f64::from(b.deals);
        let total_points: i64 = boards.iter().flat_map(|b| &b.sides).map(|s| s.points).sum();
        let sides = [0, 1].map(|i| {
            let tally = |f: fn(&SideTally) -> u32| boards.iter().map(|b| f(&b.sides[i])).sum();
            let mine: i64 = boards.iter().map(|b| b.sides[i].points).sum();
            let mut bid: Vec<u32> = boards
                .iter()
                .flat_map(|b| b.sides[i].bid_micros.clone())
                .collect();
            let mut play: Vec<u32> = boards
                .iter()
                .flat_map(|b| b.sides[i].play_micros.clone())
                .collect();
            SideSummary {
                player: contest.players[i].clone(),
                points_per_deal: Estimate::ratio(
                    &boards
                        .iter()
                        .map(|b| (deals_of(b), b.sides[i].points as f64))
                        .collect::<Vec<_>>(),
                )
                .of_match(boards.len()),
                share: share_of_points(mine as f64, (total_points - mine) as f64),
                game_wins: Estimate::proportion(
                    &boards
                        .iter()
                        .map(|b| (f64::from(b.games_finished()), f64::from(b.sides[i].games_won)))
                        .collect::<Vec<_>>(),
                )
                .of_match(boards.len()),
                made: tally(|s| s.made),
                euchred: tally(|s| s.euchred),
                marched: tally(|s| s.marched),
                alone: tally(|s| s.alone),
                alone_made: tally(|s| s.alone_made),
                bidding: Timing::of(&mut bid),
                play: Timing::of(&mut play),
            }
        });
        Summary {
            boards: boards.len(),
            deals: boards.iter().map(|b| u64::from(b.deals)).sum(),
            games: boards.iter().map(|b| u64::from(b.games)).sum(),
            games_cut_off: boards.iter().map(|b| u64::from(b.cut_off)).sum(),
            boards_cut_off: boards.iter().filter(|b| b.cut_off > 0).map(|b| b.index).collect(),
            difference: Estimate::ratio(
                &boards
                    .iter()
                    .map(|b| (deals_of(b), b.difference() as f64))
                    .collect::<Vec<_>>(),
            )
            .of_match(boards.len()),
            sides,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A contest of the `north-american` preset with no time limit.
    fn north_american(players: [&str; 2], whole_games: bool, seed: u64) -> Contest {
        Contest {
            rules: AnyRules::preset("north-american").unwrap(),
            players: players.map(String::from),
            whole_games,
            seed,
            budget: Budget::UNLIMITED,
        }
    }

    #[test]
    fn the_ratio_interval_matches_the_mean_interval_when_every_board_has_one_deal() {
        let ys = [1.0, -2.0, 4.0, 0.0, 3.0, 1.0, -2.0, 4.0, 0.0, 3.0, 2.0, 1.0];
        let e = Estimate::ratio(&ys.iter().map(|&y| (1.0, y)).collect::<Vec<_>>());
        let mean = 15.0 / 12.0;
        let var = ys.iter().map(|y| (y - mean) * (y - mean)).sum::<f64>() / 11.0;
        assert!((e.mean - mean).abs() < 1e-12);
        assert!((e.half_width - 2.201 * (var / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn t_quantiles_widen_few_boards_and_meet_the_normal() {
        assert_eq!(t_975(2.0), 4.303);
        assert_eq!(t_975(30.0), 2.042);
        // Past the table the expansion goes on smoothly (Student's t at 31, 60 and 120 df:
        // 2.040, 2.000, 1.980) and tends to 1.96.
        for (df, t) in [(31.0, 2.040), (60.0, 2.000), (120.0, 1.980)] {
            assert!((t_975(df) - t).abs() < 0.0015, "{df}: {}", t_975(df));
        }
        assert!((t_975(1e6) - 1.96).abs() < 1e-5);
    }

    /// Small matches made claims their boards could not carry: three boards that agree gave
    /// "+2.000 points per deal, 95% CI [+2.000, +2.000]" and a verdict, two boards of games
    /// all won "[51.01, 100.00]: expert wins more games" (analysis tester s52, 6).
    #[test]
    fn a_match_of_fewer_than_ten_boards_gives_no_interval() {
        for n in [1, 2, 3, MIN_BOARDS - 1] {
            let e = Estimate::ratio(&vec![(2.0, 4.0); n]).of_match(n);
            assert_eq!(e.mean, 2.0);
            assert!(!e.has_interval() && !e.above_zero(), "{n}: {e:?}");
            let r = results(&vec![(2, 4); n]);
            let other = results(&vec![(2, 0); n]);
            assert!(!paired_difference(&r, &other).unwrap().has_interval(), "{n}");
            let won = |w| {
                let mut r = results(&vec![(2, 0); n]);
                r.iter_mut()
                    .for_each(|b| (b.won, b.finished) = (Some(w), Some(2)));
                r
            };
            assert!(
                !paired_games(&won(2), &won(1)).unwrap().unwrap().has_interval(),
                "{n}"
            );
        }
        let contest = north_american(["basic", "random"], true, 5);
        let boards: Vec<Board> = (0..3).map(|i| play_board(&contest, i).unwrap()).collect();
        let s = Summary::of(&contest, &boards);
        assert!(!s.difference.has_interval(), "{:?}", s.difference);
        for side in &s.sides {
            assert!(
                !side.points_per_deal.has_interval() && !side.game_wins.has_interval(),
                "{side:?}"
            );
        }
        let e = Estimate::ratio(&[(2.0, 4.0), (2.0, 2.0)].repeat(MIN_BOARDS / 2)).of_match(MIN_BOARDS);
        assert!(e.has_interval() && e.half_width > 0.0, "{e:?}");
    }

    /// The board minimum was put inside `Estimate::ratio`, and the examples that call it over
    /// deals (`branch`, `oracle`) printed "[-inf, +inf]" for a few deals (review s52, 3).
    #[test]
    fn the_ratio_is_a_plain_statistic_from_two_units_on() {
        assert!(!Estimate::ratio(&[(1.0, 3.0)]).has_interval());
        let e = Estimate::ratio(&[(1.0, 1.0), (1.0, 3.0), (1.0, 2.0)]);
        // Three deals of mean 2 and standard deviation 1: t with 2 df is 4.303.
        assert_eq!(e.mean, 2.0);
        assert!((e.half_width - 4.303 / 3f64.sqrt()).abs() < 1e-12, "{e:?}");
        let won = Estimate::proportion(&[(2.0, 2.0); 3]);
        assert!(won.has_interval(), "{won:?}");
    }

    #[test]
    fn a_share_of_games_is_never_narrower_than_wilsons_interval() {
        // Twelve boards of two games, every game won: the boards' spread is 0.
        let e = Estimate::proportion(&[(2.0, 2.0); 12]);
        assert_eq!(e.mean, 1.0);
        // Wilson's interval for 24 of 24 at 95% is [0.862, 1]: shown cut to 0..1, it is that.
        let (low, high) = wilson(1.0, 24.0);
        assert!(
            (low - 0.862).abs() < 0.001 && (high - 1.0).abs() < 1e-12,
            "{low} {high}"
        );
        let (shown_low, shown_high) = e.in_unit();
        assert!((shown_low - low).abs() < 1e-12 && shown_high == 1.0, "{e:?}");
        // With many boards that part, the boards' own interval is the wider and stands.
        let pairs: Vec<(f64, f64)> = (0..400).map(|i| (2.0, f64::from(i % 3))).collect();
        assert_eq!(Estimate::proportion(&pairs), Estimate::ratio(&pairs));
    }

    #[test]
    fn sides_alternate_by_seat_and_swap_between_plays() {
        let sides: Vec<_> = (0..4).map(|s| side_of(Seat::new(s), 0)).collect();
        assert_eq!(sides, [0, 1, 0, 1]);
        let swapped: Vec<_> = (0..4).map(|s| side_of(Seat::new(s), 1)).collect();
        assert_eq!(swapped, [1, 0, 1, 0]);
    }

    #[test]
    fn a_player_against_itself_scores_the_same_on_both_plays_of_a_board_with_no_search() {
        // `basic` decides from the view alone, with no randomness of its own: with the seats
        // swapped, each side holds exactly the cards the other held, so the board is a tie.
        let contest = north_american(["basic", "basic"], false, 3);
        for i in 0..50 {
            let b = play_board(&contest, i).unwrap();
            assert_eq!(b.difference(), 0, "board {i}");
            assert_eq!(b.deals, 2);
        }
    }

    #[test]
    fn a_search_player_against_itself_ties_every_board_with_common_random_numbers() {
        // Each seat draws the same random numbers on both plays of a board, so a sampling
        // player against itself plays the second game as the first, seats swapped: whole
        // games tie on points and on games won.
        let contest = north_american(["pimc-5", "pimc-5"], true, 8);
        for i in 0..3 {
            let b = play_board(&contest, i).unwrap();
            assert_eq!(b.difference(), 0, "board {i}");
            assert_eq!(b.sides[0].games_won, b.sides[1].games_won, "board {i}");
            assert!(b.deals >= 4, "board {i}: whole games");
        }
    }

    #[test]
    fn dealers_rotate_across_boards() {
        let rules = AnyRules::preset("three-handed").unwrap();
        for i in 0..6u64 {
            let dealer = Seat::new((i % 3) as u8);
            let AnyGame::Solo(g) = new_game(rules, i, dealer) else {
                unreachable!()
            };
            assert_eq!(g.deal().dealer(), dealer);
            assert_eq!(g.players(), 3);
        }
    }

    fn results(diffs: &[(u32, i64)]) -> Vec<BoardResult> {
        diffs
            .iter()
            .enumerate()
            .map(|(i, &(deals, difference))| BoardResult {
                index: i as u64,
                deals,
                difference,
                won: None,
                finished: None,
            })
            .collect()
    }

    #[test]
    fn games_won_are_compared_board_by_board_where_both_kept_them() {
        // Four boards of two games: this match's first side won one game more on board 1 and
        // one fewer on board 3, and two more on board 2.
        let with = |won: [u32; 4]| {
            let mut r = results(&[(20, 0); 4]);
            for (r, w) in r.iter_mut().zip(won) {
                (r.won, r.finished) = (Some(w), Some(2));
            }
            r
        };
        let (this, other) = (with([1, 2, 2, 0]), with([1, 1, 0, 1]));
        // Three times over, for boards enough to give an interval.
        let (this, other) = (this.repeat(3), other.repeat(3));
        let d = paired_games(&this, &other).unwrap().unwrap();
        assert!((d.mean - 2.0 / 8.0).abs() < 1e-12, "{d:?}");
        assert!(d.half_width > 0.0 && d.half_width.is_finite(), "{d:?}");
        assert_eq!(paired_games(&this, &this).map(|d| d.unwrap().mean), Some(0.0));
        // Weighed by games finished, every board's two, it is the same estimate.
        let by = |rs: &[BoardResult]| {
            rs.iter()
                .map(|r| (f64::from(r.finished.unwrap()), f64::from(r.won.unwrap())))
                .collect::<Vec<_>>()
        };
        let general = paired_ratios(&by(&this), &by(&other)).unwrap();
        assert!((general.mean - d.mean).abs() < 1e-12, "{general:?}");
        assert!((general.half_width - d.half_width).abs() < 1e-12, "{general:?}");
        // A file without games won (single deals, or written before they were kept).
        assert_eq!(paired_games(&this, &results(&[(20, 0); 12])), None);
        assert_eq!(paired_games(&[], &[]), None);
    }

    /// A game cut off unfinished counted as a game the first side lost in the board-by-board
    /// comparison (every board weighed as two games), against the report's own shares of the
    /// games finished; a board file could not tell it from a loss (review s54, 2).
    #[test]
    fn games_won_are_compared_as_shares_of_the_games_finished() {
        let boards = |rows: &[(u32, u32, u32)]| {
            rows.iter()
                .enumerate()
                .map(|(i, &(deals, won, finished))| BoardResult {
                    index: i as u64,
                    deals,
                    difference: 0,
                    won: Some(won),
                    finished: Some(finished),
                })
                .collect::<Vec<_>>()
        };
        let cap = MAX_DEALS_PER_GAME;
        // This match's first side won half its games finished; on a third of the boards one
        // game or both were cut off. The earlier match's won half of its, all finished.
        let this = boards(
            &[
                (20, 1, 2),
                (cap + 10, 1, 1),
                (2 * cap, 0, 0),
                (20, 0, 2),
                (cap + 5, 0, 1),
                (20, 2, 2),
            ]
            .repeat(3),
        );
        let other = boards(&[(20, 1, 2), (20, 0, 2), (20, 2, 2)].repeat(6));
        // 12 of 24 finished against 18 of 36: no difference, where counting two games a board
        // made it 12/36 − 18/36, −16.7%.
        let d = paired_games(&this, &other).unwrap().unwrap();
        assert!(d.mean.abs() < 1e-12, "{d:?}");
        assert!(d.has_interval() && d.half_width > 0.0, "{d:?}");
        let d = paired_games(&other, &this).unwrap().unwrap();
        assert!(d.mean.abs() < 1e-12, "{d:?}");
        // A board file that cannot tell a cut-off game from a lost one gives no comparison.
        let mut unknown = other.clone();
        unknown[4].finished = None;
        let e = paired_games(&this, &unknown).unwrap().unwrap_err();
        assert!(e.contains("board 4 (20 deals) may have held one"), "{e}");
        // Nor does a match with no game finished.
        let none = boards(&[(2 * cap, 0, 0)].repeat(18));
        let e = paired_games(&none, &other).unwrap().unwrap_err();
        assert!(e.starts_with("no game of this match finished"), "{e}");
        let e = paired_games(&other, &none).unwrap().unwrap_err();
        assert!(e.starts_with("no game of the earlier match finished"), "{e}");
    }

    /// Where every game was cut off, the shares of games won were "0.0%" for both sides with
    /// an interval of no width, a claim of certainty from nothing (review s54, 2).
    #[test]
    fn with_no_game_finished_the_games_won_have_no_interval() {
        let contest = north_american(["random", "random"], true, 1);
        let boards: Vec<Board> = (0..MIN_BOARDS as u64)
            .map(|index| Board {
                index,
                deals: 2 * MAX_DEALS_PER_GAME,
                games: 2,
                cut_off: 2,
                ..Board::default()
            })
            .collect();
        let s = Summary::of(&contest, &boards);
        for side in &s.sides {
            assert!(!side.game_wins.has_interval(), "{:?}", side.game_wins);
        }
        assert!(!Estimate::proportion(&[(0.0, 0.0); 12]).has_interval());
    }

    #[test]
    fn pairing_boards_takes_out_their_luck() {
        // Two matches whose boards swing wildly alike, one always a point ahead on a board.
        let swings = [6, -8, 4, 0, -2, 8, -6, 2, 6, -8, 4, 0, -2, 8, -6, 2];
        let other = results(&swings.map(|d| (2, d)));
        let this = results(&swings.map(|d| (2, d + 1)));
        let paired = paired_difference(&this, &other).unwrap();
        assert!((paired.mean - 0.5).abs() < 1e-12, "{paired:?}");
        assert!(paired.half_width < 1e-9, "{paired:?}");
        // Unpaired, each match's own interval is wide.
        let alone = Estimate::ratio(
            &this
                .iter()
                .map(|r| (2.0, r.difference as f64))
                .collect::<Vec<_>>(),
        );
        assert!(alone.half_width > 1.0, "{alone:?}");
        // With noise of its own, the interval widens but stays centred on the mean difference.
        let noisy = results(&[(2, 8), (2, -8), (2, 5), (2, 1), (2, -2), (2, 10), (2, -5), (2, 3)].repeat(2));
        let paired = paired_difference(&noisy, &other).unwrap();
        assert!((paired.mean - 0.5).abs() < 1e-12);
        assert!(paired.half_width > 0.1 && paired.half_width < 1.0, "{paired:?}");
    }

    #[test]
    fn whole_games_of_different_lengths_are_compared_per_deal() {
        // A board's two games last different numbers of deals in the two matches.
        let other = results(&[(10, 4), (14, -2), (12, 0)].repeat(4));
        let this = results(&[(12, 6), (10, 0), (16, 4)].repeat(4));
        let paired = paired_difference(&this, &other).unwrap();
        let expected = 10.0 / 38.0 - 2.0 / 36.0;
        assert!((paired.mean - expected).abs() < 1e-12, "{paired:?}");
        assert!(paired.half_width.is_finite());
    }

    #[test]
    fn boards_that_do_not_match_are_refused_by_name() {
        let a = results(&[(2, 1), (2, 0)]);
        let err = paired_difference(&a, &a[..1]).unwrap_err();
        assert!(err.contains("2 and 1 boards"), "{err}");
        let mut b = a.clone();
        b[1].index = 7;
        let err = paired_difference(&a, &b).unwrap_err();
        assert!(err.contains("board 1 is paired with board 7"), "{err}");
        assert!(paired_difference(&[], &[]).is_err());
    }

    /// `random` bidders in Bid Euchre drift away from the target: a game past the deal cap
    /// threw the whole match away, every other board played, with "board 10: the game has not
    /// ended after 2000 deals" (research tester s54, 4). It is cut off there, its deals counted
    /// in the points, and won by nobody.
    #[test]
    fn a_game_past_the_deal_cap_is_cut_off_not_the_match() {
        let contest = Contest {
            rules: AnyRules::preset("bid-euchre").unwrap(),
            players: ["random", "random"].map(String::from),
            whole_games: true,
            seed: 1,
            budget: Budget::UNLIMITED,
        };
        let b = play_board(&contest, 9).unwrap();
        assert_eq!(b.games, 2);
        assert!(b.cut_off >= 1, "{b:?}");
        assert!(
            b.deals >= MAX_DEALS_PER_GAME,
            "the cut-off game's deals count: {}",
            b.deals
        );
        let won = b.sides[0].games_won + b.sides[1].games_won;
        assert_eq!(won, b.games_finished(), "a game cut off is won by nobody");
        assert_eq!(b.result().finished, Some(b.games_finished()));
        let other = play_board(&contest, 0).unwrap();
        let s = Summary::of(&contest, &[other, b.clone()]);
        assert_eq!(s.games_cut_off, u64::from(b.cut_off));
        assert_eq!(s.boards_cut_off, [9]);
        // The shares are of the games finished, so the two sides' make the whole.
        let shares = s.sides[0].game_wins.mean + s.sides[1].game_wins.mean;
        assert!((shares - 1.0).abs() < 1e-12, "{shares}");
    }

    /// A board is named by the number a board file gives it (from 0), not one more (research
    /// tester s54, 4: "board 10" of a file whose rows run 0 to 9).
    #[test]
    fn a_board_is_named_by_its_number_in_a_board_file() {
        let e = ContestError::Stalled {
            board: 9,
            why: "stuck".into(),
        };
        assert_eq!(e.to_string(), "board 9 (numbered from 0): stuck");
    }

    #[test]
    fn an_unknown_player_is_named() {
        let contest = north_american(["basic", "grandmaster"], false, 3);
        let e = play_board(&contest, 0).unwrap_err();
        assert!(e.to_string().contains("grandmaster"), "{e}");
    }
}
