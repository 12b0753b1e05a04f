//! `CardSet`: a set of cards as a 64-bit mask, with `const fn` set operations.

use crate::card::{Card, Rank, Suit};
use std::fmt;

/// A set of cards. Bit `i` is the card with index `i` (see [`Card`]).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set holding one card.
    pub const fn single(c: Card) -> CardSet {
        CardSet(1 << c.index())
    }

    /// Every card of one printed suit from `min_rank` up.
    pub const fn suit(s: Suit, min_rank: Rank) -> CardSet {
        let all_ranks = 0xffu64 << (s as u64 * 8);
        let low = (1u64 << (s as u64 * 8 + min_rank as u64)) - 1;
        CardSet(all_ranks & !low)
    }

    /// The deck: every suit from `min_rank` up, and the Joker when `joker`.
    pub const fn deck(min_rank: Rank, joker: bool) -> CardSet {
        let mut bits = 0;
        let mut s = 0;
        while s < 4 {
            bits |= CardSet::suit(Suit::from_index(s), min_rank).0;
            s += 1;
        }
        if joker {
            bits |= 1 << 32;
        }
        CardSet(bits)
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set has no card.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `c` is in the set.
    pub const fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    /// Union.
    pub const fn union(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    /// Intersection.
    pub const fn intersect(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    /// The cards of `self` not in `o`.
    pub const fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    /// The set with `c` added.
    pub const fn with(self, c: Card) -> CardSet {
        CardSet(self.0 | (1 << c.index()))
    }

    /// The set with `c` removed.
    pub const fn without(self, c: Card) -> CardSet {
        CardSet(self.0 & !(1 << c.index()))
    }

    /// Adds a card.
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }

    /// Removes a card.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }

    /// The lowest-indexed card, if any.
    pub fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The `n`th card in index order (0-based), if there are that many.
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        CardSet(bits).first()
    }

    /// The `n`th card (0-based) of a set of at most five cards (a hand in play), without a loop
    /// whose length depends on `n`: random play picks cards this way millions of times a second,
    /// and such a loop costs a mispredicted branch at nearly every pick.
    #[inline]
    pub fn nth_of_five(self, n: u32) -> Option<Card> {
        let mut bits = self.0;
        for i in 0..4 {
            let cleared = bits & bits.wrapping_sub(1);
            bits = std::hint::select_unpredictable(i < n, cleared, bits);
        }
        if n >= 5 {
            return None;
        }
        CardSet(bits).first()
    }

    /// The cards in index order.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterator over a [`CardSet`] in index order.
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Card::from_index(i as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(it: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in it {
            s.insert(c);
        }
        s
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let v = Vec::<Card>::deserialize(d)?;
        Ok(v.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        assert_eq!(CardSet::deck(Rank::Nine, false).len(), 24);
        assert_eq!(CardSet::deck(Rank::Nine, true).len(), 25);
        assert_eq!(CardSet::deck(Rank::Eight, false).len(), 28);
        assert_eq!(CardSet::deck(Rank::Seven, false).len(), 32);
        assert_eq!(CardSet::deck(Rank::Seven, true).len(), 33);
    }

    #[test]
    fn nth_of_five_agrees_with_nth() {
        let d = CardSet::deck(Rank::Nine, true);
        for start in 0..25 {
            for step in 1..6 {
                let few: CardSet = d.iter().skip(start).step_by(step).take(5).collect();
                for n in 0..few.len() {
                    assert_eq!(few.nth_of_five(n), few.nth(n), "{few} {n}");
                }
            }
        }
        assert_eq!(d.nth_of_five(5), None);
    }

    #[test]
    fn nth_and_iter_agree() {
        let d = CardSet::deck(Rank::Nine, true);
        for (i, c) in d.iter().enumerate() {
            assert_eq!(d.nth(i as u32), Some(c));
        }
        assert_eq!(d.nth(25), None);
    }
}
