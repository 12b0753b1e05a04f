//! `expert`: the strongest player, PIMC improved where PIMC is weak (issue 12).
//!
//! - **Inference**: worlds are drawn in proportion to how likely the others were to bid as they
//!   did holding the cards they hold in them ([`crate::infer`]): several candidate worlds are
//!   sampled per world searched, weighed, and resampled.
//! - **Score-aware**: a world's outcome is valued by the chance of winning the game from the
//!   score it leaves ([`crate::win_prob`]), not by the deal's points.
//! - **More worlds**, within the time budget.
//!
//! Each can be turned off, for the measurements of what each is worth (`docs/players.md`).

use crate::basic::BasicPlayer;
use crate::infer::{bidding_likelihood, BidModel};
use crate::pimc::{GamePosition, Pimc, WorldOutcome};
use crate::player::{Budget, Choice, Outlook, Player};
use crate::view::GameView;
use crate::win_prob::WinTable;
use euchre::table::{AnyDeal, View};
use euchre::{Decisions, Seat};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// What an `expert` does; [`ExpertConfig::DEFAULT`] is the player `expert`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertConfig {
    /// Worlds searched per decision (without a time budget).
    pub worlds: u32,
    /// Candidate worlds sampled per world searched, for the inference (1: none).
    pub candidates: u32,
    /// Value outcomes by the chance of winning the game.
    pub score_aware: bool,
}

impl ExpertConfig {
    /// Reads a player name: `expert`, then optionally `-N` (worlds), `-points` (outcomes valued
    /// in points, not game-win chance) and `-uniform` (no inference), in any order.
    pub fn parse(name: &str) -> Option<ExpertConfig> {
        let rest = name.strip_prefix("expert")?;
        let mut config = ExpertConfig::DEFAULT;
        for part in rest.split('-').skip(1) {
            match part {
                "points" => config.score_aware = false,
                "uniform" => config.candidates = 1,
                n => {
                    config.worlds = n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=crate::pimc::MAX_WORLDS).contains(n))?
                }
            }
        }
        (rest.is_empty() || rest.starts_with('-')).then_some(config)
    }

    pub const DEFAULT: ExpertConfig = ExpertConfig {
        worlds: 200,
        candidates: 4,
        score_aware: true,
    };
}

pub struct Expert {
    config: ExpertConfig,
    name: String,
    pimc: Pimc,
    model: BidModel,
    /// The win-probability table of the last target seen.
    table: Option<WinTable>,
}

impl Expert {
    pub fn new(name: &str, config: ExpertConfig) -> Expert {
        Expert {
            config,
            name: name.to_string(),
            pimc: Pimc::new(config.worlds),
            model: BidModel::PIMC,
            table: None,
        }
    }

    /// Candidate worlds with their weights (the likelihood of the others' bids in them).
    fn draw(&self, view: &GameView, rng: &mut ChaCha8Rng) -> Vec<(AnyDeal, f64)> {
        let me = view.seat;
        let infer = self.config.candidates > 1 && others_have_bid(view);
        let want = if infer {
            self.config.worlds.saturating_mul(self.config.candidates)
        } else {
            self.config.worlds
        };
        let mut out = Vec::with_capacity(want as usize);
        for _ in 0..want.saturating_mul(4) {
            if out.len() >= want as usize {
                break;
            }
            let Ok(world) = view.view.sample_world(rng) else {
                continue;
            };
            if world.to_act() != Some(me) {
                continue;
            }
            let w = match (&world, infer) {
                (AnyDeal::Partnership(d), true) => bidding_likelihood(d, me, &self.model),
                _ => 1.0,
            };
            out.push((world, w));
        }
        if infer {
            resample(out, self.config.worlds as usize, rng)
        } else {
            out
        }
    }
}

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
        let me: Seat = view.seat;
        let game = GamePosition::of(view, &mut self.table);
        let worlds = self.draw(view, rng);
        let mut tallies = vec![Tally::default(); legal.len()];
        let mut searched = 0.0;
        for (world, times) in &worlds {
            if let Some(limit) = budget.time {
                if searched > 0.0 && started.elapsed() >= limit {
                    break;
                }
            }
            for (tally, o) in tallies
                .iter_mut()
                .zip(self.pimc.world_values(world, &legal, me, rng))
            {
                if let Some(o) = o {
                    tally.add(*times, o, game.as_ref().map(|g| g.win_after(o.points)));
                }
            }
            searched += times;
        }
        if searched == 0.0 {
            return BasicPlayer.choose(view, budget, rng);
        }
        let outlooks: Vec<Outlook> = tallies.iter().map(|t| t.outlook(game.as_ref())).collect();
        // What the player maximises: the chance of winning the game, or the deal's points.
        let key = |o: &Outlook| match o.win {
            Some(w) if self.config.score_aware => w,
            _ => o.points,
        };
        let mut best = 0;
        for (i, o) in outlooks.iter().enumerate() {
            if key(o) > key(&outlooks[best]) + 1e-12 {
                best = i;
            }
        }
        Choice {
            action: legal[best],
            values: legal.iter().zip(&outlooks).map(|(&a, o)| (a, o.points)).collect(),
            outlooks,
        }
    }
}
