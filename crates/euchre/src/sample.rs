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
use crate::deal::{Deal, Phase};
use crate::lead::next_in_play;
use crate::observation::{Observation, Seen};
use crate::seat::Seat;
use crate::shuffle::below;
use crate::trump::{top_five_trumps, Trump};
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
pub(crate) const DISCARD: usize = 4;
pub(crate) const KITTY: usize = 5;

/// Draws a complete deal, in the same state, that `obs.seat` could not tell from the real one.
///
/// # Errors
/// When the observation is self-contradictory (it did not come from a real deal).
pub fn sample_world<R: RngCore>(obs: &Observation, rng: &mut R) -> Result<Deal, SampleError> {
    Sampler::new(obs)?.draw(rng)
}

/// Draws worlds for one observation: what the observation fixes (where each unseen card may
/// go, how many cards each holder takes, who played what) is worked out once, not for every
/// world. Each draw is the one [`sample_world`] makes from the same random numbers.
#[derive(Clone, Debug)]
pub struct Sampler<'a> {
    obs: &'a Observation,
    /// Each unseen card with the holders it may go to, in the pool's order.
    cards: Vec<(Card, u8)>,
    /// The same, shuffled and sorted by each draw (every draw starts from `cards`).
    scratch: Vec<(Card, u8)>,
    capacity: [u32; 6],
    played_by: [CardSet; 4],
    upcard_taken: bool,
}

impl<'a> Sampler<'a> {
    /// Works out what `obs` fixes about every world.
    ///
    /// # Errors
    /// When the observation has more hidden cards to place than cards unseen.
    pub fn new(obs: &'a Observation) -> Result<Sampler<'a>, SampleError> {
        let (cards, capacity, played_by, upcard_taken) = placement_rules(obs)?;
        Ok(Sampler {
            obs,
            scratch: cards.clone(),
            cards,
            capacity,
            played_by,
            upcard_taken,
        })
    }

    /// A complete deal `obs.seat` could not tell from the real one.
    ///
    /// # Errors
    /// When every one of 64 draws contradicted a recorded decision.
    pub fn draw<R: RngCore>(&mut self, rng: &mut R) -> Result<Deal, SampleError> {
        // Each attempt shuffles on from the last one's order, as a fresh draw always has.
        self.scratch.copy_from_slice(&self.cards);
        for _attempt in 0..64 {
            let Some(placed) = draw_placement(&mut self.scratch, self.capacity, rng) else {
                continue;
            };
            if let Some(deal) = rebuild(self.obs, &placed, &self.played_by, self.upcard_taken, rng) {
                return Ok(deal);
            }
        }
        Err(SampleError("every draw contradicted a recorded decision".into()))
    }
}

/// The unseen cards each with the holders it may go to, each holder's room, the cards each
/// seat has played, and whether the dealer took the upcard.
type Placement = (Vec<(Card, u8)>, [u32; 6], [CardSet; 4], bool);

/// What [`Sampler::new`] works out.
fn placement_rules(obs: &Observation) -> Result<Placement, SampleError> {
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
    // A dealer deciding on a blind loner or shouting trump blind has not seen the hand: it is
    // drawn like the others.
    let blind = obs.dealer_hand_unseen();
    let mut capacity = [0u32; 6];
    for s in Seat::ALL {
        if s != me || blind {
            capacity[s.index()] = u32::from(obs.hand_sizes[s.index()]);
        }
    }
    let hidden_discard = discarded && me != dealer;
    if hidden_discard {
        capacity[DISCARD] = 1;
    }
    // The upcard is unseen in place only when the dealer took it and has not played it.
    // (The dealer knows where it is, unless the dealer passed it on in an exchange.)
    let mine = obs.hand.contains(obs.upcard) || (me == dealer && obs.discard == Some(obs.upcard));
    let upcard_unplaced = upcard_taken && !upcard_played && !mine;
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
    // A jambone hand is face up; a jambone dealer may have discarded the upcard.
    let (exposed_seat, exposed) = obs.exposed.unwrap_or((me, CardSet::EMPTY));
    let jambone_dealer = obs.history.iter().any(|&(s, a)| {
        s == dealer
            && matches!(
                a,
                Seen::Known(Action::OrderJambone | Action::CallJambone(_) | Action::Jambone)
            )
    });
    // The dealer may have passed the taken upcard face down to the partner: an exchange after
    // the discard (a dealer loner's double exchange comes before taking the upcard).
    let dealer_exchanged = obs
        .history
        .iter()
        .skip_while(|(_, a)| !matches!(a, Seen::HiddenDiscard | Seen::Known(Action::Discard(_))))
        .any(|&(s, a)| s == dealer && matches!(a, Seen::HiddenExchange | Seen::HiddenGive));
    let moved_to = |c: Card| {
        obs.history.iter().find_map(|&(s, a)| match a {
            Seen::Known(Action::Exchange(x) | Action::Give(x)) if x == c => Some(s.partner()),
            _ => None,
        })
    };
    let allowed = |c: Card| -> u8 {
        if let Some(claimer) = shown.filter(|_| shown_cards.contains(c)) {
            return 1 << claimer.index();
        }
        if exposed.contains(c) {
            return 1 << exposed_seat.index();
        }
        // A card seen passed between partners stays with the receiver until played (or, given
        // to a dealer before the discard, may be the discard).
        if let Some(receiver) = moved_to(c) {
            let discarded = receiver == dealer && hidden_discard;
            return 1 << receiver.index() | if discarded { 1 << DISCARD } else { 0 };
        }
        if farmers_gave.contains(c) {
            return 1 << KITTY;
        }
        if let Some(s) = Seat::ALL
            .into_iter()
            .find(|s| farmers_kept[s.index()].contains(c))
        {
            // Kept by a farmer who showed it, unless since played (then it is not unseen), or
            // discarded face down by a farmer who then dealt and took up the upcard.
            let discarded = s == dealer && hidden_discard;
            return 1 << s.index() | if discarded { 1 << DISCARD } else { 0 };
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
            let hidden_exposed = obs.exposed.is_some() && s == exposed_seat;
            if (s != me || blind) && !void && !hidden_exposed {
                mask |= 1 << s.index();
            }
        }
        if c == obs.upcard {
            // The taken upcard is in the dealer's hand, or (when allowed) is the discard, or
            // went face down to the dealer's partner.
            let full = mask;
            mask &= 1 << dealer.index();
            if obs.rules.dealer_may_discard_upcard || jambone_dealer {
                mask |= 1 << DISCARD;
            }
            if dealer_exchanged {
                mask |= full & (1 << dealer.partner().index());
            }
            return mask;
        }
        mask | 1 << DISCARD | 1 << KITTY
    };

    let cards: Vec<(Card, u8)> = pool.iter().map(|c| (c, allowed(c))).collect();
    Ok((cards, capacity, played_by, upcard_taken))
}

/// One random placement of `cards` (each with a mask of the holders it may go to) that fills
/// every holder's room exactly: most constrained cards first, ties in random order.
pub(crate) fn draw_placement<R: RngCore>(
    cards: &mut [(Card, u8)],
    capacity: [u32; 6],
    rng: &mut R,
) -> Option<[CardSet; 6]> {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    cards.sort_by_key(|&(_, m)| m.count_ones());
    let mut placed = [CardSet::EMPTY; 6];
    let mut cap = capacity;
    let mut budget = 20_000u32;
    place(cards, 0, &mut cap, &mut placed, rng, &mut budget).then_some(placed)
}

/// Depth-first placement of `cards[i..]` (each with a mask of the holders it may go to) with
/// random holder order, filling each holder's room exactly.
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
fn rebuild<R: RngCore>(
    obs: &Observation,
    placed: &[CardSet; 6],
    played_by: &[CardSet; 4],
    upcard_taken: bool,
    rng: &mut R,
) -> Option<Deal> {
    let me = obs.seat;
    let dealer = obs.dealer;
    let discard = if me == dealer {
        obs.discard
    } else {
        placed[DISCARD].first()
    };
    // The kitty is whatever no hand holds: `Deal::new` recomputes it from the hands.
    let blind = obs.dealer_hand_unseen();
    let mut dealt = [CardSet::EMPTY; 4];
    for s in Seat::ALL {
        let now = if s == me && !blind {
            obs.hand
        } else {
            placed[s.index()]
        };
        dealt[s.index()] = now.union(played_by[s.index()]);
    }
    // The upcard comes out of the dealer's cards last, after the exchanges are undone: the
    // dealer may have passed it on.
    if upcard_taken {
        if let Some(c) = discard {
            dealt[dealer.index()].insert(c);
        }
    }
    // Undo the partners' exchanges, drawing the face-down cards this seat did not see: the
    // card passed is one the partner holds now, the card given back one the loner has held.
    let mut exchanges: Vec<Action> = Vec::new();
    let mut loner: Option<Seat> = None;
    for &(s, seen) in &obs.history {
        let a = match seen {
            Seen::Known(a @ Action::Exchange(_)) => a,
            Seen::HiddenExchange => {
                let receiver = s.partner();
                let up = (receiver != dealer).then_some(obs.upcard);
                Action::Exchange(pick_face_down(dealt[receiver.index()], up, rng)?)
            }
            Seen::Known(a @ Action::Give(_)) => a,
            Seen::HiddenGive => {
                // The loner's cards as dealt so far (a dealer's discard included), less the one
                // just passed.
                let l = loner?;
                let held = dealt[l.index()];
                let passed = exchanges.last().and_then(|a| match a {
                    Action::Exchange(c) => Some(*c),
                    _ => None,
                });
                let held = held.minus(passed.map_or(CardSet::EMPTY, CardSet::single));
                let up = (l != dealer).then_some(obs.upcard);
                Action::Give(pick_face_down(held, up, rng)?)
            }
            _ => continue,
        };
        match a {
            Action::Exchange(x) => {
                loner = Some(s);
                dealt[s.partner().index()].remove(x);
                dealt[s.index()].insert(x);
            }
            Action::Give(y) => {
                dealt[s.partner().index()].remove(y);
                dealt[s.index()].insert(y);
            }
            _ => {}
        }
        exchanges.push(a);
    }
    if upcard_taken {
        dealt[dealer.index()].remove(obs.upcard);
    }
    // A farmer's dealt hand was shown to all.
    for s in Seat::ALL {
        if !obs.shown[s.index()].is_empty() {
            dealt[s.index()] = obs.shown[s.index()];
        }
    }
    let mut deal = Deal::new(obs.rules, dealer, dealt, obs.upcard, CardSet::EMPTY).ok()?;
    let mut exchanges = exchanges.into_iter();
    for &(_, seen) in &obs.history {
        let a = match seen {
            Seen::Known(Action::Exchange(_) | Action::Give(_)) | Seen::HiddenExchange | Seen::HiddenGive => {
                exchanges.next()?
            }
            Seen::Known(a) => a,
            Seen::HiddenDiscard => Action::Discard(discard?),
        };
        deal.apply(a).ok()?;
    }
    Some(deal)
}

/// The card that went face down from one partner to the other, drawn from the cards the receiver
/// holds that could have come from the sender. `upcard` is given when the receiver is not the
/// dealer: then the upcard, when there, must be it (nobody else was dealt it); a dealer's
/// upcard came from the kitty, never from the partner.
fn pick_face_down<R: RngCore>(cards: CardSet, upcard: Option<Card>, rng: &mut R) -> Option<Card> {
    match upcard {
        Some(u) if cards.contains(u) => Some(u),
        Some(u) => cards.without(u).nth(below(rng, cards.len().max(1))),
        None => cards.nth(below(rng, cards.len().max(1))),
    }
}
