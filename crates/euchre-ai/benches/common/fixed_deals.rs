//! The fixed deals of the solver's benchmark and of `examples/solve_fixed.rs`: seeded and bid by
//! the engine's first legal order-up or call (passes only when nothing else is legal), so the
//! set never changes.

use euchre::{Action, Deal, Phase, Rules, Seat, TrickPlay};

/// Deals in the fixed set.
pub const DEALS: u64 = 200;

/// The first trick play of the deal seeded `seed`: the first bidder with a call makes it, the
/// dealer discards the lowest legal card, nobody goes alone.
pub fn opening(seed: u64) -> Option<TrickPlay> {
    let rules = Rules::preset("north-american").ok()?;
    let mut d = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
    while d.phase() != Phase::Play {
        let legal = d.legal_actions();
        let pick = legal
            .iter()
            .copied()
            .find(|a| {
                matches!(
                    a,
                    Action::Order { alone: false } | Action::Call { alone: false, .. } | Action::Partner
                )
            })
            .or_else(|| legal.first().copied())?;
        d.apply(pick).ok()?;
    }
    d.trick_play()
}
