//! Sampling a full deal consistent with one seat's observation, for search over hidden cards.
//!
//! The unseen cards are dealt to the other hands, the dealer's face-down discard and the kitty,
//! respecting every void shown in play and the upcard the dealer took; the public history is then
//! replayed through the engine, so a sampled world is consistent by construction (a world in which
//! some recorded decision would be illegal, such as a bid barred by `trump_requirement`, is
//! rejected and drawn again).

use crate::action::Action;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::deal::{next_in_play, top_five_trumps, Deal, Phase};
use crate::observation::{Observation, Seen};
use crate::seat::Seat;
use crate::shuffle::below;
use crate::trump::Trump;
use rand::RngCore;
use std::fmt;

/// No deal could be found that agrees with the observation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleError(pub String);

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no deal agrees with the observation: {}", self.0)
    }
}

impl std::error::Error for SampleError {}

/// Where an unseen card may go: seats 0..3, then the discard slot, then the kitty.
const DISCARD: usize = 4;
const KITTY: usize = 5;

/// Draws a complete deal, in the same state, that `obs.seat` could not tell from the real one.
///
/// # Errors
/// When the observation is self-contradictory (it did not come from a real deal).
pub fn sample_world<R: RngCore>(obs: &Observation, rng: &mut R) -> Result<Deal, SampleError> {
    let me = obs.seat;
    let dealer = obs.dealer;
    let trump_table = obs.trump.map(|t| t.table());
    let discarded = obs
        .history
        .iter()
        .any(|(_, a)| matches!(a, Seen::HiddenDiscard | Seen::Known(Action::Discard(_))));
    // While the dealer decides the discard, the upcard is in the dealer's hand (six cards).
    let upcard_taken = discarded || obs.phase == Phase::Discard;
    let active = Seat::ALL
        .iter()
        .filter(|s| obs.active[s.index()])
        .fold(0u8, |m, s| m | s.bit());
    let mut played_by = [CardSet::EMPTY; 4];
    for t in &obs.tricks {
        let mut s = t.leader;
        for (i, &c) in t.cards.iter().enumerate() {
            if i > 0 {
                s = next_in_play(active, s);
            }
            played_by[s.index()].insert(c);
        }
    }
    let upcard_played = played_by.iter().any(|p| p.contains(obs.upcard));
    let mut pool = obs.unseen();
    let mut capacity = [0u32; 6];
    for s in Seat::ALL {
        if s != me {
            capacity[s.index()] = u32::from(obs.hand_sizes[s.index()]);
        }
    }
    let hidden_discard = discarded && me != dealer;
    if hidden_discard {
        capacity[DISCARD] = 1;
    }
    // The upcard is unseen in place only when the dealer took it and has not played it.
    let upcard_unplaced = upcard_taken && !upcard_played && me != dealer;
    if upcard_unplaced {
        pool.insert(obs.upcard);
    }
    let assigned: u32 = capacity.iter().sum();
    if assigned > pool.len() {
        return Err(SampleError(format!(
            "{} hidden cards to place but only {} unseen",
            assigned,
            pool.len()
        )));
    }
    capacity[KITTY] = pool.len() - assigned;

    // A claimed jamboree showed the claimer's hand: the five highest trumps.
    let shown = obs
        .history
        .iter()
        .find_map(|&(s, a)| (a == Seen::Known(Action::Jamboree)).then_some(s));
    let shown_cards = match (shown, obs.trump) {
        (Some(_), Some(Trump::Suit(t))) => top_five_trumps(t, obs.rules.joker),
        _ => CardSet::EMPTY,
    };
    let (farmers_kept, farmers_gave) = obs.farmers_known();
    let allowed = |c: Card| -> u8 {
        if let Some(claimer) = shown.filter(|_| shown_cards.contains(c)) {
            return 1 << claimer.index();
        }
        if farmers_gave.contains(c) {
            return 1 << KITTY;
        }
        if let Some(s) = Seat::ALL
            .into_iter()
            .find(|s| farmers_kept[s.index()].contains(c))
        {
            // Kept by a farmer who showed it, unless since played (then it is not unseen).
            return 1 << s.index();
        }
        let mut mask = 0u8;
        for s in Seat::ALL {
            let void = match trump_table {
                Some(t) => {
                    let e = t.effective_suit(c);
                    e < 4 && obs.voids[s.index()] & (1 << e) != 0
                }
                None => false,
            };
            if s != me && !void {
                mask |= 1 << s.index();
            }
        }
        if c == obs.upcard {
            // The taken upcard is in the dealer's hand, or (when allowed) is the discard.
            mask &= 1 << dealer.index();
            if obs.rules.dealer_may_discard_upcard {
                mask |= 1 << DISCARD;
            }
            return mask;
        }
        mask | 1 << DISCARD | 1 << KITTY
    };

    let mut cards: Vec<(Card, u8)> = pool.iter().map(|c| (c, allowed(c))).collect();
    for _attempt in 0..64 {
        // Most constrained cards first; ties in random order.
        for i in (1..cards.len()).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        cards.sort_by_key(|&(_, m)| m.count_ones());
        let mut placed = [CardSet::EMPTY; 6];
        let mut cap = capacity;
        let mut budget = 20_000u32;
        if !place(&cards, 0, &mut cap, &mut placed, rng, &mut budget) {
            continue;
        }
        if let Some(deal) = rebuild(obs, &placed, &played_by, upcard_taken) {
            return Ok(deal);
        }
    }
    Err(SampleError("every draw contradicted a recorded decision".into()))
}

/// Depth-first placement of `cards[i..]` with random holder order.
fn place<R: RngCore>(
    cards: &[(Card, u8)],
    i: usize,
    cap: &mut [u32; 6],
    placed: &mut [CardSet; 6],
    rng: &mut R,
    budget: &mut u32,
) -> bool {
    let Some(&(c, mask)) = cards.get(i) else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut holders = [0usize; 6];
    let mut n = 0;
    for (h, &room) in cap.iter().enumerate() {
        if mask & (1 << h) != 0 && room > 0 {
            holders[n] = h;
            n += 1;
        }
    }
    // Weighting the first choice by free room keeps draws close to uniform.
    let total: u32 = holders[..n].iter().map(|&h| cap[h]).sum();
    if total == 0 {
        return false;
    }
    let mut r = below(rng, total);
    let mut first = 0;
    for (k, &h) in holders[..n].iter().enumerate() {
        if r < cap[h] {
            first = k;
            break;
        }
        r -= cap[h];
    }
    holders[..n].swap(0, first);
    for &h in &holders[..n] {
        cap[h] -= 1;
        placed[h].insert(c);
        if place(cards, i + 1, cap, placed, rng, budget) {
            return true;
        }
        placed[h].remove(c);
        cap[h] += 1;
    }
    false
}

/// Turns a placement into the dealt hands and replays the public history.
fn rebuild(
    obs: &Observation,
    placed: &[CardSet; 6],
    played_by: &[CardSet; 4],
    upcard_taken: bool,
) -> Option<Deal> {
    let me = obs.seat;
    let dealer = obs.dealer;
    let discard = if me == dealer {
        obs.discard
    } else {
        placed[DISCARD].first()
    };
    // The kitty is whatever no hand holds: `Deal::new` recomputes it from the hands.
    let mut dealt = [CardSet::EMPTY; 4];
    for s in Seat::ALL {
        let now = if s == me { obs.hand } else { placed[s.index()] };
        dealt[s.index()] = now.union(played_by[s.index()]);
    }
    if upcard_taken {
        let d = &mut dealt[dealer.index()];
        if let Some(c) = discard {
            d.insert(c);
        }
        d.remove(obs.upcard);
    }
    // A farmer's dealt hand was shown to all.
    for s in Seat::ALL {
        if !obs.shown[s.index()].is_empty() {
            dealt[s.index()] = obs.shown[s.index()];
        }
    }
    let mut deal = Deal::new(obs.rules, dealer, dealt, obs.upcard, CardSet::EMPTY).ok()?;
    for &(_, seen) in &obs.history {
        let a = match seen {
            Seen::Known(a) => a,
            Seen::HiddenDiscard => Action::Discard(discard?),
        };
        deal.apply(a).ok()?;
    }
    Some(deal)
}
