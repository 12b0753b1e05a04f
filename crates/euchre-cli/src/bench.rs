//! `euchre bench`: random complete deals per second on one core, and random games.

use euchre::shuffle::{deal_rng, Batched};
use euchre::{Action, Deal, Game, Phase, Rules, Seat};
use std::time::Instant;

/// What a bench run measured.
pub struct Report {
    deals: u64,
    decisions: u64,
    seconds: f64,
    points: u64,
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
            "rules": preset,
        })
        .to_string()
    }

    pub fn human(&self, preset: &str) -> String {
        format!(
            "{:.0} random complete deals/s ({:.0} decisions/s) on one core: {} deals in {:.2} s, rules {preset}",
            self.per_sec(),
            self.decisions as f64 / self.seconds,
            self.deals,
            self.seconds
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

/// Plays random deals (shuffle, deal, uniformly random legal bidding and play, scoring) until the
/// budget is spent.
pub fn run(rules: Rules, budget: Budget, seed: u64) -> Report {
    let mut rng = deal_rng(seed);
    let mut dealer = Seat::new(0);
    let (mut deals, mut decisions, mut points) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let batch = match budget {
        Budget::Seconds(_) => 4096,
        Budget::Deals(n) => n,
    };
    loop {
        // Check the clock once per batch so timing costs nothing per deal.
        for _ in 0..batch {
            let mut deal = Deal::random(rules, dealer, &mut rng);
            decisions += u64::from(deal.play_out_randomly(&mut Batched::new(&mut rng)));
            points += u64::from(deal.points()[0] + deal.points()[1]);
            dealer = dealer.left();
            deals += 1;
        }
        let t = start.elapsed().as_secs_f64();
        if matches!(budget, Budget::Deals(_)) || matches!(budget, Budget::Seconds(s) if t >= s) {
            return Report {
                deals,
                decisions,
                seconds: t,
                points,
            };
        }
    }
}

/// A uniformly random legal decision (plays straight from the legal-card mask).
#[inline]
fn random_action<R: rand::RngCore>(deal: &Deal, draw: &mut Batched<R>) -> Action {
    if deal.phase() == Phase::Play {
        let plays = deal.legal_plays();
        if let Some(c) = plays.nth(draw.below(plays.len())) {
            return Action::Play(c);
        }
    }
    let legal = deal.legal_actions();
    legal[draw.below(legal.len() as u32) as usize]
}

/// One whole game with uniformly random legal decisions.
pub fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = deal_rng(seed ^ 0xdec1_5105);
    let mut draw = Batched::new(&mut rng);
    let mut game = Game::new(rules, seed);
    loop {
        while !game.deal().is_done() {
            let a = random_action(game.deal(), &mut draw);
            game.apply_unchecked(a);
        }
        if !game.next_deal() {
            return game;
        }
    }
}
