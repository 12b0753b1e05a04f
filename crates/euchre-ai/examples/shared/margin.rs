//! What the counterfactual examples share: one action's real outcome.

use euchre::table::AnyDeal;
use euchre::{Action, Decisions, Seat};
use euchre_ai::player::play_deal_out;
use euchre_ai::Player;
use rand_chacha::ChaCha8Rng;

/// `a` made in `deal` and the deal played out by `player` in every seat (each seeing only its
/// own cards): the points `seat`'s side took less the other side's. `None` where `a` cannot be
/// made or the deal is not four-handed.
pub fn margin_after(
    deal: &AnyDeal,
    a: Action,
    player: &mut dyn Player,
    rng: &mut ChaCha8Rng,
    seat: Seat,
) -> Option<i32> {
    let mut w = deal.clone();
    w.apply(a).ok()?;
    play_deal_out(&mut w, player, rng, |_| {});
    let AnyDeal::Partnership(f) = &w else { return None };
    let pts = f.points();
    let team = seat.team().index();
    Some(i32::from(pts[team]) - i32::from(pts[1 - team]))
}
