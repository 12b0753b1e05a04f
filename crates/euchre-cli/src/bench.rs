//! `euchre bench`: random complete deals per second on one core, and random games.

use euchre::game::Decisions;
use euchre::shuffle::{deal_rng, Batched, DealRng};
use euchre::solo::{SoloDeal, SoloGame, SoloRules};
use euchre::{Deal, Game, Match, Rules, Seat};
use std::time::Instant;

/// What a bench run measured: the rollout path, and the step-by-step checked path as the
/// baseline measured in the same run.
pub struct Report {
    deals: u64,
    decisions: u64,
    seconds: f64,
    points: u64,
    /// Deals per second playing the same kind of random deals through `legal_actions` and the
    /// checked `apply`, one decision at a time, as a bot using only the generic API would (measured
    /// for a quarter of the time).
    checked_per_sec: f64,
    /// For rules other than the standard game: the standard (north-american) rollout measured in
    /// the same run, for a quarter of the time.
    standard_per_sec: Option<f64>,
    /// The individual games: the generic path is the only one, so no separate baseline.
    generic_only: bool,
}

impl Report {
    fn per_sec(&self) -> f64 {
        self.deals as f64 / self.seconds
    }

    pub fn to_json(&self, preset: &str) -> String {
        serde_json::json!({
            "random_deals_per_sec": self.per_sec().round() as u64,
            "decisions_per_sec": (self.decisions as f64 / self.seconds).round() as u64,
            "deals": self.deals,
            "decisions": self.decisions,
            "points": self.points,
            "seconds": self.seconds,
            "checked_apply_deals_per_sec": self.checked_per_sec.round() as u64,
            "rollout_vs_checked_apply": (self.per_sec() / self.checked_per_sec * 100.0).round() / 100.0,
            "standard_deals_per_sec": self.standard_per_sec.map(|s| s.round() as u64),
            "vs_standard": self.standard_per_sec.map(|s| (self.per_sec() / s * 100.0).round() / 100.0),
            "rules": preset,
        })
        .to_string()
    }

    pub fn human(&self, preset: &str) -> String {
        let standard = self.standard_per_sec.map_or(String::new(), |s| {
            format!(
                "\nstandard game, same run: {s:.0} deals/s (these rules run at {:.2}x of it)",
                self.per_sec() / s
            )
        });
        if self.generic_only {
            return format!(
                "{:.0} random complete deals/s ({:.0} decisions/s) on one core: {} in {:.2} s, rules {preset}, \
                 each decision through legal_actions and the checked apply{standard}",
                self.per_sec(),
                self.decisions as f64 / self.seconds,
                crate::counted(self.deals, "deal"),
                self.seconds,
            );
        }
        format!(
            "{:.0} random complete deals/s ({:.0} decisions/s) on one core: {} in {:.2} s, rules {preset}\n\
             baseline, same run: {:.0} deals/s one checked apply at a time (the rollout runs at {:.2}x of it){standard}",
            self.per_sec(),
            self.decisions as f64 / self.seconds,
            crate::counted(self.deals, "deal"),
            self.seconds,
            self.checked_per_sec,
            self.per_sec() / self.checked_per_sec
        )
    }
}

/// How long a bench runs.
#[derive(Clone, Copy)]
pub enum Budget {
    /// About this many seconds (checked every 4096 deals).
    Seconds(f64),
    /// Exactly this many deals: the same work every run, for instruction counts
    /// (`valgrind --tool=callgrind`) that do not depend on the clock.
    Deals(u64),
}

impl Budget {
    /// A quarter of the budget, for the baselines measured in the same run.
    fn quarter(self) -> Budget {
        match self {
            Budget::Seconds(s) => Budget::Seconds(s / 4.0),
            Budget::Deals(n) => Budget::Deals(n.div_ceil(4)),
        }
    }
}

/// Plays random deals (shuffle, deal, uniformly random legal bidding and play, scoring) until the
/// budget is spent, then the checked baseline for a quarter as long (and, for rules other than
/// the standard game, the standard game's rollout for a quarter as long).
pub fn run(rules: Rules, budget: Budget, seed: u64) -> Report {
    let (deals, decisions, points, seconds) = measure(rules, budget, seed, true);
    let quarter = budget.quarter();
    let (base_deals, _, _, base_seconds) = measure(rules, quarter, seed, false);
    let standard = Rules::NORTH_AMERICAN;
    let standard_per_sec = (rules != standard).then(|| {
        let (d, _, _, s) = measure(standard, quarter, seed, true);
        d as f64 / s
    });
    Report {
        deals,
        decisions,
        seconds,
        points,
        checked_per_sec: base_deals as f64 / base_seconds,
        standard_per_sec,
        generic_only: false,
    }
}

/// Random deals through the rollout (`rollout`) or one checked `apply` at a time: deals,
/// decisions, points scored and seconds.
fn measure(rules: Rules, budget: Budget, seed: u64, rollout: bool) -> (u64, u64, u64, f64) {
    let mut dealer = Seat::new(0);
    timed(budget, 4096, seed, |rng| {
        let mut deal = Deal::random(rules, dealer, rng);
        dealer = dealer.left();
        let mut draw = Batched::new(rng);
        let decisions = if rollout {
            deal.play_out_randomly(&mut draw)
        } else {
            step_randomly(&mut deal, &mut draw)
        };
        (decisions, u64::from(deal.points()[0] + deal.points()[1]))
    })
}

/// Plays `one_deal` (which returns its decisions and points) in batches until the budget is
/// spent, checking the clock once per batch so timing costs nothing per deal: deals, decisions,
/// points and seconds.
fn timed(
    budget: Budget,
    batch: u64,
    seed: u64,
    mut one_deal: impl FnMut(&mut DealRng) -> (u32, u64),
) -> (u64, u64, u64, f64) {
    let mut rng = deal_rng(seed);
    let (mut deals, mut decisions, mut points) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let batch = match budget {
        Budget::Seconds(_) => batch,
        Budget::Deals(n) => n,
    };
    loop {
        for _ in 0..batch {
            let (d, p) = one_deal(&mut rng);
            decisions += u64::from(d);
            points += p;
            deals += 1;
        }
        let t = start.elapsed().as_secs_f64();
        if matches!(budget, Budget::Deals(_)) || matches!(budget, Budget::Seconds(s) if t >= s) {
            return (deals, decisions, points, t);
        }
    }
}

/// Uniformly random legal decisions, one checked `apply` at a time, to the end of the deal (the
/// path a bot using only the generic interface takes); returns the decisions taken.
fn step_randomly<R: rand::RngCore>(deal: &mut impl Decisions, draw: &mut Batched<R>) -> u32 {
    let mut decisions = 0;
    while deal.to_act().is_some() {
        let legal = deal.legal_actions();
        if deal
            .apply(legal[draw.below(legal.len() as u32) as usize])
            .is_err()
        {
            break;
        }
        decisions += 1;
    }
    decisions
}

/// One whole game with uniformly random legal decisions, and whether it ended (cut off after
/// [`RANDOM_DEALS_AT_MOST`] deals, as [`random_solo_game`] is).
pub fn random_game(rules: Rules, seed: u64) -> (Game, bool) {
    let mut rng = deal_rng(seed ^ 0xdec1_5105);
    let mut game = Game::new(rules, seed);
    let mut deals_left = RANDOM_DEALS_AT_MOST;
    let over = play_game(&mut game, &mut Batched::new(&mut rng), &mut deals_left);
    (game, over)
}

/// A whole match (as many games as the rules' `match_games` / `match_wins` say), at random,
/// and whether it ended: [`RANDOM_DEALS_AT_MOST`] deals in all, so that a match of a thousand
/// games to a thousand points is cut off, not built in memory whole (about 17 MB a game).
pub fn random_match(rules: Rules, seed: u64) -> (Match, bool) {
    let mut rng = deal_rng(seed ^ 0xdec1_5105);
    let mut draw = Batched::new(&mut rng);
    let mut m = Match::new(rules, seed);
    let mut deals_left = RANDOM_DEALS_AT_MOST;
    loop {
        if !play_game(m.game(), &mut draw, &mut deals_left) {
            return (m, false);
        }
        if deals_left == 0 {
            // The last deal allowed ended a game: the match is over if that game decided it;
            // no next game is begun (it would be written with a deal nobody played).
            let (won, _) = m.games().last().map_or(([0, 0], [0, 0]), Game::match_result);
            let wins = m.wins();
            let over =
                euchre::game::match_over(&rules, [wins[0] + won[0], wins[1] + won[1]], m.games().len());
            if over {
                // Records the result; the match being over, it starts nothing.
                m.next_game();
            }
            return (m, over);
        }
        if !m.next_game() {
            return (m, true);
        }
    }
}

/// Plays `game` out at random, `deals_left` deals at most (less the deals played); whether it
/// ended.
fn play_game<R: rand::RngCore>(game: &mut Game, draw: &mut Batched<R>, deals_left: &mut usize) -> bool {
    while *deals_left > 0 {
        game.play_deal_randomly(draw);
        *deals_left -= 1;
        if *deals_left == 0 || !game.next_deal() {
            break;
        }
    }
    game.is_over()
}

/// Random deals of an individual game through the generic `legal_actions` and checked `apply`
/// (these games have no rollout fast path), with the standard game's rollout, measured in the
/// same run for a quarter of the time, as the baseline.
pub fn run_solo(rules: SoloRules, budget: Budget, seed: u64) -> Report {
    let mut dealer = 0u8;
    let (deals, decisions, points, seconds) = timed(budget, 1024, seed, |rng| {
        let mut deal = SoloDeal::random(rules, Seat::new(dealer), rng);
        dealer = (dealer + 1) % rules.players;
        let decisions = step_randomly(&mut deal, &mut Batched::new(rng));
        let points = deal.delta().iter().map(|d| u64::from(d.unsigned_abs())).sum();
        (decisions, points)
    });
    let (d, _, _, s) = measure(Rules::NORTH_AMERICAN, budget.quarter(), seed, true);
    Report {
        deals,
        decisions,
        seconds,
        points,
        // The generic path is the only path: it is its own checked baseline.
        checked_per_sec: deals as f64 / seconds,
        standard_per_sec: Some(d as f64 / s),
        generic_only: true,
    }
}

/// The most deals a random game plays: random play can drift away from the target for ever
/// (Bid Euchre's failed bids; points deducted for reneges under `renege_penalty_mode=deduct`).
pub const RANDOM_DEALS_AT_MOST: usize = 10_000;

/// One whole game of an individual game with uniformly random legal decisions, and whether it
/// ended: a game still going after [`RANDOM_DEALS_AT_MOST`] deals is cut off there, its last
/// deal played out (no empty deal after it).
pub fn random_solo_game(rules: SoloRules, seed: u64) -> (SoloGame, bool) {
    let mut rng = deal_rng(seed ^ 0xdec1_5105);
    let mut draw = Batched::new(&mut rng);
    let mut game = SoloGame::new(rules, seed);
    for played in 1..=RANDOM_DEALS_AT_MOST {
        game.play_deal_randomly(&mut draw);
        if played == RANDOM_DEALS_AT_MOST || !game.next_deal() {
            break;
        }
    }
    let over = game.is_over();
    (game, over)
}
