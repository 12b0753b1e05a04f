//! The individual games' trick play, searched faster through the engine's `apply`:
//!
//! - a table of bounds on a position's value at trick boundaries, where the rest of the deal
//!   depends only on the cards still held, who leads and the tricks each player has taken (so
//!   positions reached through tricks played in another order share an entry);
//! - cards of one player that win the same tricks (one suit, no card still to be played ranked
//!   between them) are searched once.
//!
//! The solver's plain minimax tests cover both: every legal action's value must equal a search
//! with neither, from every seat's side.

use euchre::solo::{SoloDeal, SoloPhase, SoloRules};
use euchre::{BidTrump, Card, CardSet, Seat};

/// Bits of the table's index: 65,536 slots (about 5 MB, made at the first individual game's
/// trick play a solver searches). A slot keeps the last position stored there.
const TABLE_BITS: u32 = 16;

/// A trick-play position at a trick boundary with everything its outcome depends on but the
/// rules (the table is emptied when they change) and the seat whose side it is valued for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    hands: [u64; 4],
    tricks_won: [u8; 4],
    leader: u8,
    me: u8,
    maker: Option<Seat>,
    bid: Option<u8>,
    active: u8,
    declared: bool,
    trump: Option<BidTrump>,
}

impl Key {
    /// The slot's index: the hands and the small fields mixed (multiply and shift).
    fn index(&self) -> usize {
        let small = u64::from(self.leader)
            | u64::from(self.me) << 8
            | u64::from(self.maker.map_or(0xff, |s| s.index() as u8)) << 16
            | u64::from(self.bid.unwrap_or(0)) << 24
            | u64::from(self.active) << 32
            | u64::from(self.declared) << 40
            | u64::from(u32::from_le_bytes(self.tricks_won)) << 48;
        let mut h = small.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for hand in self.hands {
            h = (h ^ hand).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 29;
        }
        (h >> (64 - TABLE_BITS)) as usize
    }
}

#[derive(Clone, Copy)]
struct Slot {
    key: Key,
    generation: u32,
    /// The position's value lies in `lo..=hi`.
    lo: i32,
    hi: i32,
}

/// Bounds on positions' values for a seat's side (scaled, as the solver's search returns them).
#[derive(Default)]
pub(super) struct SoloMemo {
    slots: Vec<Slot>,
    /// Slots of an older generation are empty: a new ruleset empties the table at once.
    generation: u32,
    rules: Option<SoloRules>,
    /// The orders of the last trump searched.
    pub(super) orders: Option<Orders>,
}

impl SoloMemo {
    /// The position's key, when it is one the table keeps: trick play at a trick boundary. The
    /// table is emptied first if it holds another ruleset's positions.
    pub(super) fn key(&mut self, deal: &SoloDeal, me: Seat) -> Option<Key> {
        if deal.phase() != SoloPhase::Play || !deal.current_trick().is_empty() {
            return None;
        }
        if self.rules.as_ref() != Some(deal.rules()) {
            self.generation = self.generation.wrapping_add(1);
            self.rules = Some(*deal.rules());
        }
        let mut hands = [0; 4];
        let mut tricks_won = [0; 4];
        let mut active = 0;
        for (i, h) in deal.hands().iter().enumerate() {
            hands[i] = h.0;
            tricks_won[i] = deal.tricks_won()[i];
            if deal.is_active(Seat::new(i as u8)) {
                active |= 1 << i;
            }
        }
        Some(Key {
            hands,
            tricks_won,
            leader: deal.to_act()?.index() as u8,
            me: me.index() as u8,
            maker: deal.maker(),
            bid: deal.bid(),
            active,
            declared: deal.declared(),
            trump: deal.trump(),
        })
    }

    /// The bounds known for a position: its value lies in `lo..=hi`.
    pub(super) fn get(&self, key: &Key) -> Option<(i32, i32)> {
        let s = self.slots.get(key.index())?;
        (s.generation == self.generation && s.key == *key).then_some((s.lo, s.hi))
    }

    /// Records that a search of the position within the window `alpha..beta` returned `best`:
    /// below the window it is an upper bound, above it a lower bound, inside it the value.
    pub(super) fn put(&mut self, key: Key, alpha: i32, beta: i32, best: i32) {
        let (mut lo, mut hi) = self.get(&key).unwrap_or((i32::MIN, i32::MAX));
        if best <= alpha {
            hi = hi.min(best);
        } else if best >= beta {
            lo = lo.max(best);
        } else {
            (lo, hi) = (best, best);
        }
        if self.slots.is_empty() {
            let empty = Slot {
                key,
                generation: self.generation.wrapping_sub(1),
                lo: 0,
                hi: 0,
            };
            self.slots = vec![empty; 1 << TABLE_BITS];
        }
        self.slots[key.index()] = Slot {
            key,
            generation: self.generation,
            lo,
            hi,
        };
    }
}

/// Every card's suit and power ([`SoloDeal::card_order`]) under one trump, by card index.
#[derive(Clone, Copy)]
pub(super) struct Orders {
    trump: Option<BidTrump>,
    of: [(u8, u8); Card::COUNT],
}

impl Orders {
    /// The orders of `deal`'s trump, from `cached` when it holds them.
    pub(super) fn of_deal(cached: &mut Option<Orders>, deal: &SoloDeal) -> Orders {
        match cached {
            Some(o) if o.trump == deal.trump() => *o,
            _ => {
                let mut of = [(0, 0); Card::COUNT];
                for (i, slot) in of.iter_mut().enumerate() {
                    if let Some(c) = Card::from_index(i as u8) {
                        let (suit, power) = deal.card_order(c);
                        *slot = (suit as u8, power);
                    }
                }
                let o = Orders {
                    trump: deal.trump(),
                    of,
                };
                *cached = Some(o);
                o
            }
        }
    }

    fn get(&self, c: Card) -> (u8, u8) {
        self.of[c.index()]
    }

    /// The cards that can part two of `seat`'s: those still to be played by another seat and
    /// those already played to the trick.
    fn parting(deal: &SoloDeal, seat: Seat) -> CardSet {
        let mut out = CardSet::EMPTY;
        for (i, h) in deal.hands().iter().enumerate() {
            if i != seat.index() {
                out = out.union(*h);
            }
        }
        for &(_, c) in deal.current_trick() {
            out.insert(c);
        }
        out
    }

    /// The legal cards to search: of cards that win the same tricks, the lowest.
    pub(super) fn representatives(&self, deal: &SoloDeal, seat: Seat, legal: CardSet) -> CardSet {
        let parting = Orders::parting(deal, seat);
        let mut reps = CardSet::EMPTY;
        for c in legal {
            let (suit, power) = self.get(c);
            // The nearest card below it of its suit: the seat's own, or another that parts them.
            let below = |cards: CardSet| {
                let mut best = None;
                for d in cards {
                    let (s, p) = self.get(d);
                    if s == suit && p < power {
                        best = best.max(Some(p));
                    }
                }
                best
            };
            let own_below = below(legal);
            if own_below.is_none() || below(parting) > own_below {
                reps.insert(c);
            }
        }
        reps
    }

    /// Whether `a` and `b`, both the seat's, win the same tricks: one suit, no card still to
    /// be played by another seat (or played to the trick) ranked between them.
    pub(super) fn play_alike(&self, deal: &SoloDeal, seat: Seat, a: Card, b: Card) -> bool {
        let ((sa, pa), (sb, pb)) = (self.get(a), self.get(b));
        let (lo, hi) = (pa.min(pb), pa.max(pb));
        sa == sb
            && !Orders::parting(deal, seat).into_iter().any(|d| {
                let (s, p) = self.get(d);
                s == sa && p > lo && p < hi
            })
    }
}
