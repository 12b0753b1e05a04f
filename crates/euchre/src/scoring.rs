//! Points for one deal (`RULES.md` §6).

use crate::rules::Rules;

/// What a jamboree scores (Keller 1887, Railroad).
pub const JAMBOREE_POINTS: u8 = 16;

/// How a played deal ended, as far as scoring cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// Tricks the makers took (0..=5).
    pub maker_tricks: u8,
    /// The maker played alone.
    pub maker_alone: bool,
    /// A defender played alone.
    pub lone_defender: bool,
    /// The maker played jambone (`RULES.md` §8).
    pub jambone: bool,
    /// The dealer went alone blind (`robson`).
    pub blind: bool,
}

/// Points to the makers and to the defenders, in that order. Exactly one side scores.
pub fn deal_points(rules: &Rules, r: DealResult) -> (u8, u8) {
    if r.blind {
        // Robson's blind loner: all five tricks score 5, anything less gives the defenders 1.
        return if r.maker_tricks == 5 { (5, 0) } else { (0, 1) };
    }
    if r.jambone {
        return match r.maker_tricks {
            5 => (8, 0),
            3 | 4 => (1, 0),
            _ => (0, rules.jambone_euchred_score),
        };
    }
    match (r.maker_tricks, r.maker_alone) {
        (5, true) => (rules.loner_march_score, 0),
        (5, false) => (2, 0),
        (3 | 4, true) => (rules.loner_small_score, 0),
        (3 | 4, false) => (1, 0),
        _ if r.lone_defender => (0, rules.lone_defender_score),
        (_, true) => (0, rules.loner_euchred_score),
        (_, false) => (0, 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(rules: &Rules, tricks: u8, alone: bool, lone_def: bool) -> (u8, u8) {
        deal_points(
            rules,
            DealResult {
                maker_tricks: tricks,
                maker_alone: alone,
                lone_defender: lone_def,
                jambone: false,
                blind: false,
            },
        )
    }

    // One test per row of the table in RULES.md §6.
    #[test]
    fn makers_take_three_or_four_score_one() {
        let r = Rules::default();
        assert_eq!(pts(&r, 3, false, false), (1, 0));
        assert_eq!(pts(&r, 4, false, false), (1, 0));
    }

    #[test]
    fn makers_march_score_two() {
        assert_eq!(pts(&Rules::default(), 5, false, false), (2, 0));
    }

    #[test]
    fn lone_maker_three_or_four_scores_loner_small_score() {
        let mut r = Rules::default();
        assert_eq!(pts(&r, 3, true, false), (1, 0));
        r.loner_small_score = 3;
        assert_eq!(pts(&r, 4, true, false), (3, 0));
    }

    #[test]
    fn lone_march_scores_loner_march_score() {
        let mut r = Rules::default();
        assert_eq!(pts(&r, 5, true, false), (4, 0));
        r.loner_march_score = 5;
        assert_eq!(pts(&r, 5, true, false), (5, 0));
    }

    #[test]
    fn euchred_makers_give_two() {
        let r = Rules::default();
        for t in 0..3 {
            assert_eq!(pts(&r, t, false, false), (0, 2));
        }
    }

    #[test]
    fn euchred_loner_gives_loner_euchred_score() {
        let mut r = Rules::default();
        assert_eq!(pts(&r, 2, true, false), (0, 2));
        r.loner_euchred_score = 4;
        assert_eq!(pts(&r, 0, true, false), (0, 4));
    }

    #[test]
    fn lone_defender_taking_three_scores_four() {
        let r = Rules::default();
        assert_eq!(pts(&r, 2, true, true), (0, 4));
        assert_eq!(pts(&r, 0, false, true), (0, 4));
        // The makers still score normally when the lone defender fails.
        assert_eq!(pts(&r, 3, false, true), (1, 0));
        assert_eq!(pts(&r, 5, true, true), (4, 0));
    }
}
