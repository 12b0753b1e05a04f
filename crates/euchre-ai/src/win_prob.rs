//! The chance of winning the game from a score: what a deal's points are worth near the end of a
//! game (a loner at 9-8, an order-up to save the game at 8-9), not only in the deal.
//!
//! A deal's outcome is drawn from a distribution measured by self-play: the points the dealing
//! side and the other side score, each with its frequency ([`DealOutcomes`]). The game is then a
//! Markov chain over (our score, their score, who deals), the deal passing to the other side
//! each time, and [`WinTable::solve`] finds every state's chance of winning exactly, in one
//! pass from the largest scores down (a thrown-in deal scores nothing and only passes the deal:
//! the chain's one loop, solved as two equations).
//!
//! The outcomes of the partnership game kept in the repository (`data/deal_outcomes.json`) come
//! from `euchre winprob --player pimc-50 --deals 4000 --seed 1 --save`, which also prints the
//! table for a target.

use crate::player::{play_deal_out, Player};
use euchre::table::AnyDeal;
use euchre::{Deal, Rules, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// How often each outcome of a deal came up: points to the dealing side and to the other side.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DealOutcomes {
    /// Who played the deals, for the record.
    pub player: String,
    pub deals: u64,
    /// `[dealer's side, other side, count]`.
    pub counts: Vec<[u64; 3]>,
}

/// The outcomes measured for the four-handed game, kept in the repository.
pub const PARTNERSHIP_OUTCOMES: &str = include_str!("../data/deal_outcomes.json");

impl DealOutcomes {
    /// Adds one deal's points.
    pub fn add(&mut self, dealer_side: u8, other_side: u8) {
        self.deals += 1;
        let key = [u64::from(dealer_side), u64::from(other_side)];
        match self.counts.iter_mut().find(|c| c[..2] == key) {
            Some(c) => c[2] += 1,
            None => self.counts.push([key[0], key[1], 1]),
        }
        self.counts.sort_unstable();
    }

    /// The measured outcomes of the partnership game.
    ///
    /// # Panics
    /// Never for the file in the repository (a test reads it).
    pub fn partnership() -> DealOutcomes {
        serde_json::from_str(PARTNERSHIP_OUTCOMES).unwrap_or_default()
    }

    /// Plays `deals` single deals of `rules` with `player` in every seat (the dealer turning
    /// round), from `seed`, and counts their outcomes.
    pub fn measure(rules: Rules, player: &mut dyn Player, deals: u64, seed: u64) -> DealOutcomes {
        let mut out = DealOutcomes {
            player: player.name(),
            ..DealOutcomes::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in 0..deals {
            let dealer = Seat::new((i % 4) as u8);
            let mut deal =
                AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, crate::mix_seed(seed, i))));
            play_deal_out(&mut deal, player, &mut rng, |_| {});
            if let AnyDeal::Partnership(d) = &deal {
                let p = d.points();
                let side = dealer.index() % 2;
                out.add(p[side], p[1 - side]);
            }
        }
        out
    }

    /// The outcomes with their probabilities.
    fn probabilities(&self) -> Vec<(i32, i32, f64)> {
        let n = self.deals.max(1) as f64;
        self.counts
            .iter()
            .map(|c| (c[0] as i32, c[1] as i32, c[2] as f64 / n))
            .collect()
    }
}

/// The chance of winning from every score of a game to `target`.
#[derive(Clone, Debug, PartialEq)]
pub struct WinTable {
    target: i32,
    /// `[ours][theirs][we deal next]`, scores below the target.
    p: Vec<f64>,
}

impl WinTable {
    fn index(&self, ours: i32, theirs: i32, we_deal: bool) -> usize {
        ((ours * self.target + theirs) * 2 + i32::from(we_deal)) as usize
    }

    /// The table of a game to `target` (at least 1) whose deals go as `outcomes` says.
    ///
    /// Solved exactly in one pass: a deal that scores moves the game to a larger sum of the
    /// scores, so the states are valued from the largest sums down; a thrown-in deal (no
    /// points) only passes the deal, which ties each score's two states (either side dealing)
    /// in two equations solved directly. Value iteration, which this replaced, took about 20 s
    /// for a game to 1,000 (a server table could ask that at every decision); this takes
    /// milliseconds, and a test checks it against that iteration.
    pub fn solve(outcomes: &DealOutcomes, target: i32) -> WinTable {
        let target = target.max(1);
        // The deals that score, and the chance of one that does not (it only passes the deal).
        let (scoring, thrown_in): (Vec<_>, Vec<_>) = outcomes
            .probabilities()
            .into_iter()
            .partition(|&(d, o, _)| d != 0 || o != 0);
        let stay: f64 = thrown_in.iter().map(|&(_, _, p)| p).sum();
        let mut t = WinTable {
            target,
            p: vec![0.5; (target * target * 2) as usize],
        };
        for total in (0..=2 * (target - 1)).rev() {
            for ours in (total - (target - 1)).max(0)..=total.min(target - 1) {
                let theirs = total - ours;
                // The chance over the deals that score, whose states are valued already.
                let scored = |we_deal: bool| -> f64 {
                    scoring
                        .iter()
                        .map(|&(d, o, p)| {
                            let (gain, loss) = if we_deal { (d, o) } else { (o, d) };
                            p * t.win(ours + gain, theirs + loss, !we_deal)
                        })
                        .sum()
                };
                let (dealing, not) = (scored(true), scored(false));
                // v(deal) = dealing + stay × v(not); v(not) = not + stay × v(deal). A game in
                // which no deal ever scores stays at even chances.
                let denominator = 1.0 - stay * stay;
                if denominator > 0.0 {
                    let i = t.index(ours, theirs, true);
                    t.p[i] = (dealing + stay * not) / denominator;
                    let i = t.index(ours, theirs, false);
                    t.p[i] = (not + stay * dealing) / denominator;
                }
            }
        }
        t
    }

    /// The table of the four-handed game to `target`, from the outcomes in the repository.
    pub fn partnership(target: i32) -> WinTable {
        WinTable::solve(&DealOutcomes::partnership(), target)
    }

    pub fn target(&self) -> i32 {
        self.target
    }

    /// Our chance of winning at `ours` to `theirs` with the next deal dealt by our side
    /// (`we_deal`) or theirs. A side at the target has won.
    pub fn win(&self, ours: i32, theirs: i32, we_deal: bool) -> f64 {
        if ours >= self.target {
            return 1.0;
        }
        if theirs >= self.target {
            return 0.0;
        }
        self.p[self.index(ours.max(0), theirs.max(0), we_deal)]
    }

    /// The chance of winning after a deal in which our side scored `net` points (less than 0:
    /// the other side scored `-net`), from `ours` to `theirs`, the deal just played dealt by our
    /// side (`we_dealt`) or theirs.
    pub fn after_deal(&self, ours: i32, theirs: i32, we_dealt: bool, net: i32) -> f64 {
        self.win(ours + net.max(0), theirs + (-net).max(0), !we_dealt)
    }
}

#[cfg(test)]
impl WinTable {
    /// The table by value iteration, sweeping every state to its expectation over the next
    /// deal until nothing moves (the method [`WinTable::solve`] replaced): the test's oracle.
    fn solve_by_iteration(outcomes: &DealOutcomes, target: i32) -> WinTable {
        let target = target.max(1);
        let probs = outcomes.probabilities();
        let mut t = WinTable {
            target,
            p: vec![0.5; (target * target * 2) as usize],
        };
        // Value iteration: each sweep moves every state to its expectation over the next deal.
        // Deals that score nothing make loops, so sweep until nothing moves.
        for _ in 0..10_000 {
            let mut moved = 0.0f64;
            for ours in 0..target {
                for theirs in 0..target {
                    for we_deal in [false, true] {
                        let mut v = 0.0;
                        for &(dealer_pts, other_pts, p) in &probs {
                            let (gain, loss) = if we_deal {
                                (dealer_pts, other_pts)
                            } else {
                                (other_pts, dealer_pts)
                            };
                            v += p * t.win(ours + gain, theirs + loss, !we_deal);
                        }
                        let i = t.index(ours, theirs, we_deal);
                        moved = moved.max((t.p[i] - v).abs());
                        t.p[i] = v;
                    }
                }
            }
            if moved < 1e-12 {
                break;
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> WinTable {
        WinTable::partnership(10)
    }

    #[test]
    fn the_outcomes_in_the_repository_are_a_real_measurement() {
        let o = DealOutcomes::partnership();
        assert!(o.deals >= 1000, "{} deals", o.deals);
        assert_eq!(o.counts.iter().map(|c| c[2]).sum::<u64>(), o.deals);
        // In a deal only one side scores, 0 to 4 points.
        for c in &o.counts {
            assert!(c[0] == 0 || c[1] == 0, "{c:?}");
            assert!(c[0] <= 4 && c[1] <= 4, "{c:?}");
        }
    }

    #[test]
    fn the_one_pass_solution_is_the_value_iterations() {
        let outcomes = DealOutcomes::partnership();
        // A game with many thrown-in deals besides (the two dealers' states tied closely).
        let mut loose = outcomes.clone();
        for _ in 0..loose.deals {
            loose.add(0, 0);
        }
        for o in [&outcomes, &loose] {
            for target in [1, 2, 3, 5, 10, 11, 15, 21] {
                let (exact, iterated) = (
                    WinTable::solve(o, target),
                    WinTable::solve_by_iteration(o, target),
                );
                let most = exact
                    .p
                    .iter()
                    .zip(&iterated.p)
                    .map(|(a, b)| (a - b).abs())
                    .fold(0.0, f64::max);
                assert!(most < 1e-10, "to {target}: differs by {most}");
            }
        }
        // No deal ever scores: even chances, as the iteration leaves them.
        let mut never = DealOutcomes::default();
        never.add(0, 0);
        assert!(WinTable::solve(&never, 5).p.iter().all(|&p| p == 0.5));
        // A game to 1,000 (the largest target a table may set) takes milliseconds, not seconds.
        let t = WinTable::solve(&outcomes, 1000);
        assert!(t.win(999, 0, false) > 0.99 && t.win(0, 999, true) < 0.01);
    }

    #[test]
    fn one_side_or_the_other_wins() {
        let t = table();
        for a in 0..10 {
            for b in 0..10 {
                for we in [false, true] {
                    let sum = t.win(a, b, we) + t.win(b, a, !we);
                    assert!((sum - 1.0).abs() < 1e-9, "{a}-{b} {we}: {sum}");
                }
            }
        }
    }

    #[test]
    fn more_points_are_better_and_the_ends_are_near_certain() {
        let t = table();
        for a in 0..9 {
            for b in 0..10 {
                for we in [false, true] {
                    assert!(t.win(a + 1, b, we) >= t.win(a, b, we) - 1e-12);
                    assert!(t.win(a, b + 1, we) <= t.win(a, b, we) + 1e-12);
                }
            }
        }
        assert!(t.win(9, 0, false) > 0.9);
        assert!(t.win(0, 9, true) < 0.1);
        // Level at the start: the dealer's side is a little ahead or behind, not far.
        assert!((t.win(0, 0, true) - 0.5).abs() < 0.1);
    }

    #[test]
    fn a_table_solves_a_game_it_can_check_by_hand() {
        // A game to 1 where each deal, the dealer's side scores with chance 0.6: the side
        // dealing first wins at once with 0.6, else the other side is the dealer with 0.6 ...
        let mut o = DealOutcomes::default();
        for _ in 0..6 {
            o.add(1, 0);
        }
        for _ in 0..4 {
            o.add(0, 1);
        }
        let t = WinTable::solve(&o, 1);
        assert!((t.win(0, 0, true) - 0.6).abs() < 1e-12);
        assert!((t.win(0, 0, false) - 0.4).abs() < 1e-12);
        // With thrown-in deals the chain loops. Now W = 6/12 + 2/12 V (a thrown-in deal passes
        // the deal on) and V = 4/12 + 2/12 W, so W = 20/35.
        o.add(0, 0);
        o.add(0, 0);
        let t = WinTable::solve(&o, 1);
        let p = 20.0 / 35.0;
        assert!((t.win(0, 0, true) - p).abs() < 1e-9, "{}", t.win(0, 0, true));
    }
}
