//! The exact solver of a deal's trick play when its points follow from the makers' trick count
//! ([`TrickPlay`]).
//!
//! The points never fall as the makers take more tricks, so the best play for the points is
//! the best play for the tricks, and only a few trick counts change the points (usually 3, the
//! point, and 5, the march). Each action's value is therefore found by at most a couple of
//! yes-or-no searches ("can the makers take `t` tricks from here?"), which prune far more than
//! a search for the exact count. The searches share:
//!
//! - a transposition table of bounds on the makers' future tricks at trick boundaries (the
//!   past tricks do not change what the rest of the deal can yield);
//! - equivalent-card grouping: cards of one seat adjacent in rank among the cards still out
//!   play alike, so one of them is searched;
//! - move ordering: cheap winners first when a trick can be taken, the lowest card otherwise;
//! - a cheap bound: the makers cannot take more tricks than remain, nor fewer than none.

use euchre::{Card, CardSet, TrickPlay};

/// Bits of the transposition table's index.
const TT_BITS: u32 = 12;

#[derive(Clone, Copy, Default)]
struct Slot {
    hands: [u64; 4],
    generation: u32,
    leader: u8,
    /// Bounds on the makers' tricks from this position on.
    lo: u8,
    hi: u8,
}

/// Every card of each effective suit in falling order, per trump table (built once).
struct Orders {
    by_table: [[[u8; 12]; 5]; 5],
    len: [[u8; 5]; 5],
}

fn orders() -> &'static Orders {
    use std::sync::OnceLock;
    static ORDERS: OnceLock<Orders> = OnceLock::new();
    ORDERS.get_or_init(|| {
        let mut o = Orders {
            by_table: [[[0; 12]; 5]; 5],
            len: [[0; 5]; 5],
        };
        for (t, trump) in [
            euchre::Trump::Suit(euchre::Suit::Clubs),
            euchre::Trump::Suit(euchre::Suit::Diamonds),
            euchre::Trump::Suit(euchre::Suit::Hearts),
            euchre::Trump::Suit(euchre::Suit::Spades),
            euchre::Trump::NoTrump,
        ]
        .into_iter()
        .enumerate()
        {
            let table = trump.table();
            for e in 0..5 {
                let mut cards: Vec<Card> = (0..Card::COUNT as u8)
                    .filter_map(Card::from_index)
                    .filter(|&c| table.effective_suit(c) == e)
                    .collect();
                cards.sort_by_key(|&c| std::cmp::Reverse(table.power(c)));
                for (i, c) in cards.iter().enumerate() {
                    o.by_table[t][e][i] = c.index() as u8;
                }
                o.len[t][e] = cards.len() as u8;
            }
        }
        o
    })
}

/// One searched move: a representative card and the cards that play alike.
#[derive(Clone, Copy)]
struct Group {
    card: Card,
    alike: CardSet,
}

/// An exact solver for [`TrickPlay`] positions. Keep one per thread and reuse it: its table is
/// reset by a generation count, not cleared.
pub struct TrickSolver {
    slots: Vec<Slot>,
    generation: u32,
    table: usize,
    /// Positions visited since the solver was made.
    pub nodes: u64,
}

impl Default for TrickSolver {
    fn default() -> Self {
        TrickSolver::new()
    }
}

/// The exact outcome of each legal card at the root of a trick play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickValues {
    /// Each legal card with the tricks the makers end with (a count that gives the points
    /// exactly: the highest count with the same points is reported) and the points to
    /// (makers, defenders).
    pub cards: Vec<(Card, u8, [u8; 2])>,
}

impl TrickSolver {
    pub fn new() -> TrickSolver {
        TrickSolver {
            slots: vec![Slot::default(); 1 << TT_BITS],
            generation: 0,
            table: 4,
            nodes: 0,
        }
    }

    fn begin(&mut self, tp: &TrickPlay) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: old slots could now look current.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
        self.table = tp.trump_index();
    }

    /// The trick counts at which the points change, in rising order.
    fn breakpoints(tp: &TrickPlay) -> Vec<u8> {
        let o = tp.points_by_maker_tricks();
        (1..=5u8)
            .filter(|&t| o[t as usize] != o[t as usize - 1])
            .collect()
    }

    /// The makers' final trick count (rounded down to the last count where the points change)
    /// when both sides play perfectly from `tp`.
    pub fn value(&mut self, tp: &TrickPlay) -> u8 {
        self.begin(tp);
        self.class_of(tp, &Self::breakpoints(tp))
    }

    /// The value of every legal card for the seat to act.
    pub fn values(&mut self, tp: &TrickPlay) -> TrickValues {
        self.begin(tp);
        let bps = Self::breakpoints(tp);
        let outcome = tp.points_by_maker_tricks();
        let mut cards = Vec::with_capacity(8);
        for g in self.groups(tp) {
            let mut next = *tp;
            next.play(g.card);
            let t = self.class_of(&next, &bps);
            for c in g.alike {
                cards.push((c, t, outcome[t as usize]));
            }
        }
        cards.sort_by_key(|&(c, _, _)| c.index());
        TrickValues { cards }
    }

    /// The highest breakpoint (or 0) the makers reach with best play.
    fn class_of(&mut self, tp: &TrickPlay, bps: &[u8]) -> u8 {
        let have = tp.maker_tricks();
        let mut class = 0;
        for &b in bps {
            if b <= have || self.reach(tp, b - have) {
                class = b;
            } else {
                break;
            }
        }
        class
    }

    /// True when the makers can take `need` more tricks from `tp` against best defence.
    fn reach(&mut self, tp: &TrickPlay, need: u8) -> bool {
        self.nodes += 1;
        if need == 0 {
            return true;
        }
        let left = 5 - tp.tricks_done();
        if need > left {
            return false;
        }
        let boundary = tp.trick_len() == 0;
        let mut slot_index = 0;
        if boundary {
            let hands = tp.hands().map(|h| h.0);
            slot_index = slot_of(&hands, tp.to_act().index() as u8);
            let s = &self.slots[slot_index];
            if s.generation == self.generation && s.hands == hands && s.leader == tp.to_act().index() as u8 {
                if s.lo >= need {
                    return true;
                }
                if s.hi < need {
                    return false;
                }
            }
        }
        let makers_move = tp.to_act().team() == tp.makers();
        let mut result = !makers_move;
        let have = tp.maker_tricks();
        for g in self.groups(tp) {
            let mut next = *tp;
            next.play(g.card);
            let got = next.maker_tricks() - have;
            let r = self.reach(&next, need - got.min(need));
            if r == makers_move {
                result = r;
                break;
            }
        }
        if boundary {
            let hands = tp.hands().map(|h| h.0);
            let leader = tp.to_act().index() as u8;
            let generation = self.generation;
            let s = &mut self.slots[slot_index];
            if !(s.generation == generation && s.hands == hands && s.leader == leader) {
                *s = Slot {
                    hands,
                    generation,
                    leader,
                    lo: 0,
                    hi: left,
                };
            }
            if result {
                s.lo = s.lo.max(need);
            } else {
                s.hi = s.hi.min(need - 1);
            }
        }
        result
    }

    /// The legal cards of the seat to act, one per group of cards that play alike, in the
    /// order to search them.
    fn groups(&self, tp: &TrickPlay) -> Vec<Group> {
        let legal = tp.legal();
        let hands = tp.hands();
        let out_cards = hands[0].union(hands[1]).union(hands[2]).union(hands[3]);
        let table = tp.table();
        let following = tp.trick_len() > 0;
        let led = tp.led();
        let (best_seat, best_power) = tp.winning();
        let o = orders();
        let mut groups: Vec<(i32, Group)> = Vec::with_capacity(6);
        for e in 0..5 {
            let order = &o.by_table[self.table][e][..o.len[self.table][e] as usize];
            let mut current: Option<Group> = None;
            let mut current_beats = false;
            for &i in order {
                let Some(c) = Card::from_index(i) else {
                    continue;
                };
                if !out_cards.contains(c) {
                    continue;
                }
                if !legal.contains(c) {
                    // Another seat's card (or one this seat may not play) splits the run.
                    if let Some(g) = current.take() {
                        groups.push((0, g));
                    }
                    continue;
                }
                let beats = following && table.strength(c, led) > best_power;
                match current.as_mut() {
                    Some(g) if beats == current_beats => {
                        // Falling order: keep the lower card as the one to play.
                        g.card = c;
                        g.alike.insert(c);
                    }
                    _ => {
                        if let Some(g) = current.take() {
                            groups.push((0, g));
                        }
                        current = Some(Group {
                            card: c,
                            alike: CardSet::single(c),
                        });
                        current_beats = beats;
                    }
                }
            }
            if let Some(g) = current.take() {
                groups.push((0, g));
            }
        }
        // Order: on the lead, strong cards first; following, the cheapest winner when the
        // partner is not already winning, then the cheapest card.
        let seat = tp.to_act();
        let partner_winning = following && best_seat.team() == seat.team();
        for (key, g) in groups.iter_mut() {
            let c = g.card;
            *key = if !following {
                -(i32::from(table.strength(c, table.effective_suit(c))))
            } else {
                let p = i32::from(table.strength(c, led));
                let wins = p > i32::from(best_power);
                let low = i32::from(table.power(c));
                if wins && !partner_winning {
                    p - 100
                } else {
                    low
                }
            };
        }
        groups.sort_by_key(|(k, _)| *k);
        groups.into_iter().map(|(_, g)| g).collect()
    }
}

#[inline]
fn slot_of(hands: &[u64; 4], leader: u8) -> usize {
    let h = hands[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ hands[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(17)
        ^ hands[2].wrapping_mul(0x1656_67B1_9E37_79F9).rotate_left(31)
        ^ hands[3].wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(47)
        ^ u64::from(leader);
    (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TT_BITS)) as usize
}
