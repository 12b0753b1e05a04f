//! Sampling a full deal of an individual game consistent with one player's observation, for
//! search over the hidden cards: the unseen cards go to the other hands, the dealer's face-down
//! discard and the kitty, respecting every void shown in play and the upcard the dealer took; the
//! public history is then replayed, so a sampled world is consistent by construction.

use super::deal::{Ranking, SoloDeal, SoloObservation};
use crate::action::Action;
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::sample::{draw_placement, SampleError, DISCARD, KITTY};
use crate::seat::Seat;
use rand::RngCore;

/// Draws a complete deal, in the same state, that `obs.seat` could not tell from the real one.
///
/// # Errors
/// When the observation is self-contradictory (it did not come from a real deal).
pub fn sample_solo_world<R: RngCore>(obs: &SoloObservation, rng: &mut R) -> Result<SoloDeal, SampleError> {
    let me = obs.seat;
    let p = usize::from(obs.players);
    let history: Vec<(Seat, Option<Action>)> = obs
        .history
        .iter()
        .map(|(s, t)| (*s, t.parse::<Action>().ok()))
        .collect();
    // Another player's discard shows as "discard", which is no decision text: `None`.
    let discarded = history.iter().any(|(_, a)| a.is_none_or(|a| is_discard(&a)));
    let upcard_taken = obs.upcard.is_some()
        && history
            .iter()
            .any(|(_, a)| *a == Some(Action::Order { alone: false }));
    // Who played what, and who showed out of which suit.
    let ranking = obs.trump.map(Ranking);
    let mut played_by = [CardSet::EMPTY; 4];
    let mut voids = [0u8; 4];
    for (leader, cards, _) in &obs.tricks {
        let mut s = *leader;
        let led = ranking.map(|r| r.led(cards[0]));
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 {
                s = obs.next_active(s);
            }
            played_by[s.index()].insert(c);
            if let (Some(r), Some(led)) = (ranking, led) {
                if r.led(c) != led && led < 4 {
                    voids[s.index()] |= 1 << led;
                }
            }
        }
    }
    let played: CardSet = played_by.iter().fold(CardSet::EMPTY, |a, b| a.union(*b));
    let deck = CardSet::deck(Rank::Nine, false);
    let mut pool = deck.minus(obs.hand).minus(played);
    if let Some(d) = obs.discard {
        pool.remove(d);
    }
    let dealer = obs.dealer;
    if let Some(u) = obs.upcard {
        pool.remove(u);
    }
    // The taken upcard is the dealer's until played (it can't be discarded).
    let upcard_unplaced = upcard_taken && me != dealer && !played.contains(obs.upcard.unwrap_or(Card::JOKER));
    let mut capacity = [0u32; 6];
    for (s, (room, &size)) in capacity.iter_mut().zip(&obs.hand_sizes).enumerate().take(p) {
        if s != me.index() {
            *room = u32::from(size);
        }
    }
    if upcard_unplaced {
        capacity[dealer.index()] = capacity[dealer.index()].saturating_sub(1);
    }
    let hidden_discard = discarded && me != dealer;
    if hidden_discard {
        capacity[DISCARD] = 1;
    }
    let assigned: u32 = capacity.iter().sum();
    if assigned > pool.len() {
        return Err(SampleError(format!(
            "{assigned} hidden cards but {} unseen",
            pool.len()
        )));
    }
    capacity[KITTY] = pool.len() - assigned;
    let allowed = |c: Card| -> u8 {
        let mut mask = 1 << DISCARD | 1 << KITTY;
        for (s, void_suits) in voids.iter().enumerate().take(p) {
            let void = ranking.is_some_and(|r| {
                let e = r.led(c);
                e < 4 && void_suits & (1 << e) != 0
            });
            if s != me.index() && !void {
                mask |= 1 << s;
            }
        }
        mask
    };
    let mut cards: Vec<(Card, u8)> = pool.iter().map(|c| (c, allowed(c))).collect();
    for _attempt in 0..64 {
        let Some(mut placed) = draw_placement(&mut cards, capacity, rng) else {
            continue;
        };
        if upcard_unplaced {
            if let Some(u) = obs.upcard {
                placed[dealer.index()].insert(u);
            }
        }
        if let Some(deal) = rebuild(obs, &history, &placed, &played_by, upcard_taken) {
            return Ok(deal);
        }
    }
    Err(SampleError("every draw contradicted a recorded decision".into()))
}

fn is_discard(a: &Action) -> bool {
    matches!(a, Action::Discard(_))
}

/// Turns a placement into the dealt hands and replays the public history.
fn rebuild(
    obs: &SoloObservation,
    history: &[(Seat, Option<Action>)],
    placed: &[CardSet; 6],
    played_by: &[CardSet; 4],
    upcard_taken: bool,
) -> Option<SoloDeal> {
    let me = obs.seat;
    let dealer = obs.dealer;
    let discard = if me == dealer {
        obs.discard
    } else {
        placed[DISCARD].first()
    };
    let mut dealt = Vec::new();
    for s in 0..usize::from(obs.players) {
        let now = if s == me.index() { obs.hand } else { placed[s] };
        let mut h = now.union(played_by[s]);
        if s == dealer.index() && upcard_taken {
            if let Some(d) = discard {
                h.insert(d);
            }
            if let Some(u) = obs.upcard {
                h.remove(u);
            }
        }
        dealt.push(h);
    }
    let mut deal = SoloDeal::new(obs.rules, dealer, &dealt, obs.upcard).ok()?;
    for (_, a) in history {
        let a = match a {
            Some(a) => *a,
            // Another player's discard, face down.
            None => Action::Discard(discard?),
        };
        deal.apply(a).ok()?;
    }
    Some(deal)
}
