//! [`Deal::trick_play`]: the rest of a deal's trick play as a [`TrickPlay`], for exact search.

use super::{Deal, Phase};
use crate::rules::Reneging;
use crate::scoring::{deal_points, DealResult};
use crate::trick_play::TrickPlay;

impl Deal {
    /// The trick play from here, when the deal is in trick play and its points depend only on
    /// the number of tricks the makers take. `None` otherwise: before the play, a jambone hand
    /// whose cards an opponent names, table-mode reneging (any card may be played, and claims
    /// follow), `fast_break` (the order of the tricks counts) and `robson` (a march offers a
    /// choice). Search then plays through [`Deal::apply`].
    pub fn trick_play(&self) -> Option<TrickPlay> {
        let r = &self.rules;
        if self.phase != Phase::Play
            || self.jambone
            || r.reneging == Reneging::Penalised
            || r.fast_break
            || r.robson
        {
            return None;
        }
        let makers = self.maker?.team();
        let mut outcome = [[0u8; 2]; 6];
        for (tricks, o) in (0u8..).zip(outcome.iter_mut()) {
            let result = DealResult {
                maker_tricks: tricks,
                maker_alone: self.maker_alone,
                lone_defender: self.lone_defender.is_some(),
                jambone: false,
                blind: self.blind,
            };
            let (mut m, d) = deal_points(r, result);
            // `point_on_partner`, as `Deal::score_play` scores it.
            if r.point_on_partner && self.maker == Some(self.dealer.partner()) && tricks >= 3 {
                m += 1;
            }
            *o = [m, d];
        }
        Some(TrickPlay {
            hands: self.hands,
            active: self.active,
            next: self.next_seat,
            table_index: self.table_index,
            per_trick: self.per_trick,
            to_act: self.to_act,
            trick: self.trick,
            done: self.tricks_done,
            won: self.tricks_won,
            makers,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::rules::Rules;
    use crate::seat::Seat;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays random decisions until the trick play begins, or returns `None` if it never does.
    fn to_play(rules: Rules, seed: u64) -> Option<Deal> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut d = Deal::random(rules, Seat::new((seed % 4) as u8), &mut rng);
        while d.phase() != Phase::Play {
            let legal = d.legal_actions();
            if legal.is_empty() {
                return None;
            }
            d.apply(legal[rng.next_u32() as usize % legal.len()]).ok()?;
        }
        Some(d)
    }

    /// `TrickPlay` plays exactly as the deal does, card for card, to the same points.
    #[test]
    fn agrees_with_the_deal() {
        let mut compared = 0;
        for (preset, _) in crate::presets::PRESETS {
            let Ok(rules) = Rules::preset(preset) else {
                continue;
            };
            for seed in 0..300 {
                let Some(mut deal) = to_play(rules, seed) else {
                    continue;
                };
                let Some(mut tp) = deal.trick_play() else {
                    continue;
                };
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 77);
                while deal.phase() == Phase::Play {
                    assert_eq!(Some(tp.to_act()), deal.to_act());
                    assert_eq!(tp.legal(), deal.legal_plays());
                    assert_eq!(tp.hands(), deal.hands());
                    let legal = tp.legal();
                    let c = legal.nth(rng.next_u32() % legal.len()).unwrap();
                    deal.apply(Action::Play(c)).unwrap();
                    tp.play(c);
                    assert_eq!(tp.tricks_won(), deal.tricks_won());
                }
                assert!(tp.is_over());
                let [m, d] = tp.points_by_maker_tricks()[tp.maker_tricks() as usize];
                let makers = tp.makers().index();
                assert_eq!([m, d], [deal.points()[makers], deal.points()[1 - makers]]);
                compared += 1;
            }
        }
        assert!(compared > 500, "only {compared} deals compared");
    }
}
