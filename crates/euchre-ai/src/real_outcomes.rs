//! How deals really end, given how they end with every card seen: the correction of the
//! solver's values in the bidding.
//!
//! PIMC values a bid by solving each sampled world double-dummy: every seat plays as if it saw
//! every card. Real players do not, and the makers lose more of what the solver grants them than
//! the defenders do: in `expert` self-play the solver expects the makers to march 23% of the
//! time and they march 19% (`docs/players.md`). This table holds, for deals played out by a
//! real player, how often each real outcome (the makers' points less the defenders') followed
//! each solved one (the makers' tricks with every card seen), with whether either side went
//! alone, so a bid can be valued by the points a solved outcome really brings rather than by
//! the solved points themselves.
//!
//! Tried as `expert-real` and dropped (`docs/players.md`): the deals in the table were bid on by
//! a player who judged them worth it, so a solved euchre in it is often a hand that was good but
//! unlucky, and really costs the makers less than 2. Applied to any hand the table makes a bad
//! bid look cheap, and `expert-real` bid too much. Kept for the measurement, and for what the
//! table says of how far the solver is from real play.
//!
//! The table kept in the repository (`data/real_outcomes.json`) comes from
//! `cargo run --release -p euchre-ai --example real_outcomes -- expert-100 6000 1`.

use crate::player::{play_deal_out, Player};
use crate::solver::Solver;
use euchre::table::AnyDeal;
use euchre::{Deal, Rules, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One solved outcome and one real outcome of the same deals, with how often they met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub lone_maker: bool,
    pub lone_defender: bool,
    /// The makers' tricks with best play by all from the first lead.
    pub solved: i32,
    /// The makers' points less the defenders', as the deal was played.
    pub real: i32,
    pub count: u64,
}

/// How often each real outcome followed each solved one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RealOutcomes {
    /// Who played the deals, for the record.
    pub player: String,
    pub deals: u64,
    pub pairs: Vec<Pair>,
}

/// The table for the four-handed game, kept in the repository.
pub const PARTNERSHIP_REAL_OUTCOMES: &str = include_str!("../data/real_outcomes.json");

/// A solved outcome's expected real points are used only when it was seen at least this often.
const MIN_SEEN: u64 = 30;

impl RealOutcomes {
    /// The table measured for the four-handed game (empty if it could not be read: a test
    /// reads it).
    pub fn partnership() -> RealOutcomes {
        serde_json::from_str(PARTNERSHIP_REAL_OUTCOMES).unwrap_or_default()
    }

    /// Counts one deal.
    pub fn add(&mut self, lone_maker: bool, lone_defender: bool, solved: i32, real: i32) {
        self.count(Pair {
            lone_maker,
            lone_defender,
            solved,
            real,
            count: 1,
        });
    }

    /// Adds another measurement's counts to this one.
    pub fn merge(&mut self, other: &RealOutcomes) {
        for &p in &other.pairs {
            self.count(p);
        }
    }

    /// Adds `p.count` deals of `p`'s outcomes.
    fn count(&mut self, p: Pair) {
        self.deals += p.count;
        let key = |q: &Pair| (q.lone_maker, q.lone_defender, q.solved, q.real);
        match self.pairs.iter_mut().find(|q| key(q) == key(&p)) {
            Some(q) => q.count += p.count,
            None => self.pairs.push(p),
        }
    }

    /// Sorted, for a file that diffs well.
    pub fn sorted(mut self) -> RealOutcomes {
        self.pairs
            .sort_unstable_by_key(|p| (p.lone_maker, p.lone_defender, p.solved, p.real));
        self
    }

    /// Plays `deals` single deals of `rules` with `player` in every seat (the dealer turning
    /// round), from `seed`, and pairs each deal's solved outcome at the first lead with its
    /// real one. Deals nobody made trump in are not counted.
    pub fn measure(rules: Rules, player: &mut dyn Player, deals: u64, seed: u64) -> RealOutcomes {
        let mut out = RealOutcomes {
            player: player.name(),
            ..RealOutcomes::default()
        };
        let mut solver = Solver::new();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..deals {
            let dealer = Seat::new((i % 4) as u8);
            let mut deal =
                AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, crate::mix_seed(seed, i))));
            let mut solved = None;
            play_deal_out(&mut deal, player, &mut rng, |now| {
                if solved.is_some() || !crate::pimc::in_trick_play(now) {
                    return;
                }
                if let AnyDeal::Partnership(d) = now {
                    solved = d
                        .trick_play()
                        .map(|tp| i32::from(solver.tricks().exact_tricks(&tp)));
                }
            });
            if let (AnyDeal::Partnership(d), Some(solved)) = (&deal, solved) {
                let Some(team) = d.maker_team() else { continue };
                let p = d.points();
                let t = team.index();
                let real = i32::from(p[t]) - i32::from(p[1 - t]);
                out.add(
                    d.lone_maker().is_some(),
                    d.lone_defender().is_some(),
                    solved,
                    real,
                );
            }
        }
        out.sorted()
    }

    /// The mean real outcome for each solved one seen often enough.
    pub fn expectations(&self) -> Expectations {
        // (lone maker, lone defender, solved tricks) -> (sum of real points, deals).
        let mut sums: BTreeMap<(bool, bool, i32), (f64, u64)> = BTreeMap::new();
        for p in &self.pairs {
            let s = sums.entry((p.lone_maker, p.lone_defender, p.solved)).or_default();
            s.0 += p.real as f64 * p.count as f64;
            s.1 += p.count;
        }
        Expectations {
            means: sums
                .into_iter()
                .filter(|(_, (_, n))| *n >= MIN_SEEN)
                .map(|(k, (sum, n))| (k, sum / n as f64))
                .collect(),
        }
    }
}

/// The expected real points of each solved outcome, ready to look up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expectations {
    means: Vec<((bool, bool, i32), f64)>,
}

impl Expectations {
    /// What the makers can expect to score, really, from a deal in which the solver gives them
    /// `solved` tricks; `None` when that outcome was too seldom seen to say.
    pub fn real(&self, lone_maker: bool, lone_defender: bool, solved: i32) -> Option<f64> {
        self.means
            .iter()
            .find(|(k, _)| *k == (lone_maker, lone_defender, solved))
            .map(|(_, m)| *m)
    }

    /// What a world at the first lead is really worth to `me`'s side: the expected real points
    /// of the makers' solved trick count; `None` where the table says nothing (no trick play
    /// to solve, or an outcome seen too seldom).
    pub fn real_value(&self, deal: &AnyDeal, me: Seat, solver: &mut Solver) -> Option<f64> {
        let AnyDeal::Partnership(d) = deal else {
            return None;
        };
        let tp = d.trick_play()?;
        let tricks = solver.tricks().exact_tricks(&tp);
        if tricks < 3 {
            return None;
        }
        let real = self.real(
            d.lone_maker().is_some(),
            d.lone_defender().is_some(),
            i32::from(tricks),
        )?;
        Some(if tp.makers() == me.team() { real } else { -real })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_table_reads_and_says_makers_march_less_than_solved() {
        let t = RealOutcomes::partnership();
        assert!(t.deals >= 1000, "{}", t.deals);
        let e = t.expectations();
        let march = e.real(false, false, 5).expect("partnered marches are common");
        assert!((1.0..2.0).contains(&march), "{march}");
        let euchred = e.real(false, false, 2).expect("two tricks are common");
        assert!((-2.0..1.0).contains(&euchred), "{euchred}");
        // More tricks solved, more points really.
        let means: Vec<f64> = (1..=5).filter_map(|t| e.real(false, false, t)).collect();
        assert!(means.windows(2).all(|w| w[0] < w[1]), "{means:?}");
    }

    #[test]
    fn expectations_are_the_mean_real_outcome_of_outcomes_seen_often_enough() {
        let mut t = RealOutcomes::default();
        for _ in 0..30 {
            t.add(false, false, 5, 2);
        }
        for _ in 0..10 {
            t.add(false, false, 5, 1);
        }
        for _ in 0..5 {
            t.add(true, false, 5, 4);
        }
        let e = t.expectations();
        assert_eq!(e.real(false, false, 5), Some(1.75));
        assert_eq!(e.real(true, false, 5), None, "seen 5 times only");
        assert_eq!(e.real(false, false, 4), None);
    }
}
