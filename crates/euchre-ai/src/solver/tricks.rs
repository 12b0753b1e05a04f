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
    /// The position's key ([`TrickSolver::key`]).
    key: u64,
    generation: u32,
    /// Bounds on the makers' tricks from this position on.
    lo: u8,
    hi: u8,
}

/// Every card of each effective suit in falling order, per trump table (built once).
struct Orders {
    by_table: [[[u8; 12]; 5]; 5],
    len: [[u8; 5]; 5],
    /// `between[table][a][b]`: the cards of a's effective suit ranked strictly between `a` and
    /// `b` (empty when they are of different suits; then they never play alike).
    between: Vec<[[u64; Card::COUNT]; Card::COUNT]>,
    /// `same[table][c]`: the cards of c's effective suit.
    same: [[u64; Card::COUNT]; 5],
    /// `higher[table][c]`: the cards of c's effective suit that beat it.
    higher: [[u64; Card::COUNT]; 5],
    /// `suit[table][c]`: c's effective suit.
    suit: [[u8; Card::COUNT]; 5],
}

fn orders() -> &'static Orders {
    use std::sync::OnceLock;
    static ORDERS: OnceLock<Orders> = OnceLock::new();
    ORDERS.get_or_init(|| {
        let mut o = Orders {
            by_table: [[[0; 12]; 5]; 5],
            len: [[0; 5]; 5],
            between: vec![[[0; Card::COUNT]; Card::COUNT]; 5],
            same: [[0; Card::COUNT]; 5],
            higher: [[0; Card::COUNT]; 5],
            suit: [[0; Card::COUNT]; 5],
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
                let suit_mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
                for (i, a) in cards.iter().enumerate() {
                    o.same[t][a.index()] = suit_mask;
                    o.higher[t][a.index()] = cards[..i].iter().fold(0u64, |m, c| m | 1 << c.index());
                    o.suit[t][a.index()] = e as u8;
                    for (j, b) in cards.iter().enumerate() {
                        let (hi, lo) = (i.min(j), i.max(j));
                        let mask = cards[(hi + 1).min(lo)..lo]
                            .iter()
                            .fold(0u64, |m, c| m | 1 << c.index());
                        o.between[t][a.index()][b.index()] = mask;
                    }
                }
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

    /// The makers' final trick count, exactly (not rounded to where the points change), when
    /// both sides play perfectly from `tp`.
    pub fn exact_tricks(&mut self, tp: &TrickPlay) -> u8 {
        self.begin(tp);
        self.class_of(tp, &[1, 2, 3, 4, 5])
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

    /// The makers' final trick count, exactly, after each legal card for the seat to act,
    /// with best play by all after it.
    pub fn exact_values(&mut self, tp: &TrickPlay) -> Vec<(Card, u8)> {
        self.begin(tp);
        let mut cards = Vec::with_capacity(8);
        for g in self.groups(tp) {
            let mut next = *tp;
            next.play(g.card);
            let t = self.class_of(&next, &[1, 2, 3, 4, 5]);
            cards.extend(g.alike.iter().map(|c| (c, t)));
        }
        cards
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
        if left == 1 && tp.trick_len() == 0 {
            // The last trick: every seat in play has one card, so it plays itself: the highest
            // card by the suit the leader's card leads takes it.
            return last_trick_to_makers(tp);
        }
        // The table pays from two tricks left; the last trick plays itself.
        let boundary = tp.trick_len() == 0 && left >= 2;
        let mut slot_index = 0;
        let mut key = 0;
        if boundary {
            key = self.key(tp);
            slot_index = slot_of(key);
            let s = &self.slots[slot_index];
            if s.generation == self.generation && s.key == key {
                if s.lo >= need {
                    return true;
                }
                if s.hi < need {
                    return false;
                }
            }
        }
        if tp.trick_len() == 0 {
            // Sure tricks from a run of top trumps in one hand: each wins the trick it falls on.
            let (makers_sure, defenders_sure) = self.top_trump_runs(tp);
            if makers_sure >= need {
                return true;
            }
            if left - defenders_sure.min(left) < need {
                return false;
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
            let generation = self.generation;
            let s = &mut self.slots[slot_index];
            if !(s.generation == generation && s.key == key) {
                *s = Slot {
                    key,
                    generation,
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

    /// A position at a trick boundary up to what the rest of the deal depends on: in each
    /// effective suit, which seat holds its first, second, ... highest card still in play
    /// (2 bits each), the number of such cards per suit (4 bits each) and the leader. Two
    /// positions with the same key play out alike, card for card, whatever lower cards were
    /// played before: the table then also serves positions reached through different tricks.
    /// At most 20 cards are in play, so the key fits: 40 + 20 + 2 bits.
    #[inline]
    fn key(&self, tp: &TrickPlay) -> u64 {
        let o = orders();
        let hands = tp.hands();
        let all = tp.cards_in_play().0;
        let higher = &o.higher[self.table];
        let suit = &o.suit[self.table];
        // Per effective suit: the holders by falling rank, and how many cards.
        let mut holders = [0u64; 5];
        let mut counts = [0u32; 5];
        for (s, h) in hands.iter().enumerate() {
            let mut m = h.0 & all;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let e = usize::from(suit[i]);
                let rank = (all & higher[i]).count_ones();
                holders[e] |= (s as u64) << (2 * rank);
                counts[e] += 1;
            }
        }
        let mut key = 0u64;
        let mut count_bits = 0u64;
        for e in 0..5 {
            key = key << (2 * counts[e]) | holders[e];
            count_bits = count_bits << 4 | u64::from(counts[e]);
        }
        key << 22 | count_bits << 2 | tp.to_act().index() as u64
    }

    /// The tricks each side is sure of (makers, defenders): the longest run of the highest
    /// trumps still out held by one seat of that side. Only the side holding the top trump has
    /// a run; the other gets 0.
    #[inline]
    fn top_trump_runs(&self, tp: &TrickPlay) -> (u8, u8) {
        let o = orders();
        let trump_suit = match tp.trump_index() {
            t @ 0..=3 => t,
            _ => 4,
        };
        let hands = tp.hands();
        let order = &o.by_table[self.table][trump_suit][..o.len[self.table][trump_suit] as usize];
        let trumps = tp.table().trumps;
        let mut holder: Option<usize> = None;
        let mut run = 0u8;
        for &i in order {
            let Some(c) = Card::from_index(i) else {
                continue;
            };
            if !trumps.contains(c) {
                continue;
            }
            let Some(h) = (0..4).find(|&s| hands[s].contains(c)) else {
                continue;
            };
            if !tp.is_active(euchre::Seat::new(h as u8)) {
                // A card that will never be played.
                continue;
            }
            match holder {
                None => {
                    holder = Some(h);
                    run = 1;
                }
                Some(x) if x == h => run += 1,
                Some(_) => break,
            }
        }
        match holder {
            Some(h) if euchre::Seat::new(h as u8).team() == tp.makers() => (run, 0),
            Some(_) => (0, run),
            None => (0, 0),
        }
    }

    /// The legal cards of the seat to act, one per group of cards that play alike, in the
    /// order to search them. Two cards play alike when no card still in play of another seat
    /// ranks between them and both (or neither) beat the trick so far.
    #[inline]
    fn groups(&self, tp: &TrickPlay) -> Groups {
        let legal = tp.legal();
        let mut groups = Groups::default();
        if legal.len() == 1 {
            if let Some(c) = legal.first() {
                groups.push(c, legal, 0);
            }
            return groups;
        }
        let others = tp.cards_in_play().minus(legal).0;
        let table = tp.table();
        let following = tp.trick_len() > 0;
        let led = tp.led();
        let (best_seat, best_power) = tp.winning();
        let partner_winning = following && best_seat.team() == tp.to_act().team();
        let o = orders();
        let between = &o.between[self.table];
        let same = &o.same[self.table];
        let beats = |c: Card| following && table.strength(c, led) > best_power;
        let mut left = legal.0;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let Some(c) = Card::from_index(i as u8) else {
                continue;
            };
            let b = beats(c);
            let mut alike = 1u64 << i;
            let mut low = c;
            let mut rest = left & same[i];
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let Some(d) = Card::from_index(j as u8) else {
                    continue;
                };
                if between[i][j] & others == 0 && beats(d) == b {
                    alike |= 1 << j;
                    if table.power(d) < table.power(low) {
                        low = d;
                    }
                }
            }
            left &= !alike;
            groups.push(low, CardSet(alike), order_key(tp, low, partner_winning));
        }
        groups
    }
}

/// The search order of a card (lowest first): on the lead, strong cards first; following, the
/// cheapest winner when the partner is not already winning, then the cheapest card.
#[inline]
fn order_key(tp: &TrickPlay, c: Card, partner_winning: bool) -> i16 {
    let table = tp.table();
    if tp.trick_len() == 0 {
        // Makers lead their top trumps first; defenders their side-suit winners first.
        let p = i16::from(table.strength(c, table.effective_suit(c)));
        let trump = table.is_trump(c);
        return if tp.to_act().team() == tp.makers() || !trump {
            -p
        } else {
            100 - p
        };
    }
    let p = i16::from(table.strength(c, tp.led()));
    if p > i16::from(tp.winning().1) && !partner_winning {
        p - 100
    } else {
        i16::from(table.power(c))
    }
}

/// The moves of one position, kept sorted by their search order (no allocation: a seat holds
/// at most eight cards).
#[derive(Default)]
struct Groups {
    keys: [i16; 8],
    cards: [u8; 8],
    alike: [u64; 8],
    len: usize,
}

impl Groups {
    #[inline]
    fn push(&mut self, card: Card, alike: CardSet, key: i16) {
        if self.len == self.keys.len() {
            return;
        }
        // Insertion into sorted place.
        let mut i = self.len;
        while i > 0 && self.keys[i - 1] > key {
            self.keys[i] = self.keys[i - 1];
            self.cards[i] = self.cards[i - 1];
            self.alike[i] = self.alike[i - 1];
            i -= 1;
        }
        self.keys[i] = key;
        self.cards[i] = card.index() as u8;
        self.alike[i] = alike.0;
        self.len += 1;
    }

    #[inline]
    fn get(&self, i: usize) -> Group {
        Group {
            card: Card::from_index(self.cards[i]).unwrap_or(Card::JOKER),
            alike: CardSet(self.alike[i]),
        }
    }
}

impl IntoIterator for Groups {
    type Item = Group;
    type IntoIter = GroupIter;
    fn into_iter(self) -> GroupIter {
        GroupIter { g: self, i: 0 }
    }
}

struct GroupIter {
    g: Groups,
    i: usize,
}

impl Iterator for GroupIter {
    type Item = Group;
    #[inline]
    fn next(&mut self) -> Option<Group> {
        (self.i < self.g.len).then(|| {
            self.i += 1;
            self.g.get(self.i - 1)
        })
    }
}

/// Whether the makers take the last trick, led by the seat to act, each seat in play holding
/// one card.
#[inline]
fn last_trick_to_makers(tp: &TrickPlay) -> bool {
    let table = tp.table();
    let hands = tp.hands();
    let leader = tp.to_act();
    let Some(lead) = hands[leader.index()].first() else {
        return false;
    };
    let led = table.effective_suit(lead);
    let mut best = (table.strength(lead, led), leader);
    for s in 0..4u8 {
        let seat = euchre::Seat::new(s);
        if seat == leader || !tp.is_active(seat) {
            continue;
        }
        if let Some(c) = hands[usize::from(s)].first() {
            let strength = table.strength(c, led);
            if strength > best.0 {
                best = (strength, seat);
            }
        }
    }
    best.1.team() == tp.makers()
}

#[inline]
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TT_BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use euchre::{Deal, Rules, Seat};

    /// The last trick worked out at once is the trick played out card by card, in every
    /// preset of the four-handed game (the Joker, no trump, lone hands with a seat out).
    #[test]
    fn the_last_trick_worked_out_is_the_trick_played_out() {
        let mut checked = 0;
        for (preset, _) in euchre::all_presets() {
            let Ok(rules) = Rules::preset(preset) else {
                continue;
            };
            for seed in 0..300u64 {
                let mut deal = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
                let mut pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let mut at_last = None;
                while deal.to_act().is_some() {
                    if let Some(tp) = deal.trick_play() {
                        if tp.tricks_done() == 4 && tp.trick_len() == 0 {
                            at_last = Some(tp);
                            break;
                        }
                    }
                    let legal = deal.legal_actions();
                    pick ^= pick << 13;
                    pick ^= pick >> 7;
                    pick ^= pick << 17;
                    deal.apply(legal[(pick % legal.len() as u64) as usize]).unwrap();
                }
                let Some(tp) = at_last else { continue };
                let mut played = tp;
                while !played.is_over() {
                    let c = played.legal().first().unwrap();
                    played.play(c);
                }
                let expected = played.maker_tricks() > tp.maker_tricks();
                assert_eq!(last_trick_to_makers(&tp), expected, "{preset}, seed {seed}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
