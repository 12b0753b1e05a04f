//! Seeded shuffling. The algorithm is fixed here (not borrowed from `rand`'s distributions, which
//! may change between versions) so that a seed names the same deal forever.

use crate::card::Card;
use crate::cardset::CardSet;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator behind every seeded deal and game: ChaCha with 8 rounds.
pub type DealRng = ChaCha8Rng;

/// The generator for a seed.
pub fn deal_rng(seed: u64) -> DealRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (`n > 0`), by Lemire's multiply-and-reject method.
#[inline]
pub fn below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// Small random integers drawn several at a time from one 64-bit word.
///
/// Each draw multiplies the word by the range and keeps the high part as the result and the low
/// part as the word for the next draw (the batched form of Lemire's method). A new word is taken
/// once the ranges drawn would leave fewer than 32 random bits, so each result's bias is below
/// `n / 2^32`. It cuts the generator calls of a 24-card shuffle from 23 to 4.
pub struct Batched<'a, R: RngCore> {
    rng: &'a mut R,
    word: u64,
    used: u64,
}

impl<'a, R: RngCore> Batched<'a, R> {
    /// Draws from `rng`.
    pub fn new(rng: &'a mut R) -> Batched<'a, R> {
        Batched {
            rng,
            word: 0,
            used: u64::MAX,
        }
    }

    /// An integer in `0..n` (`0 < n <= 64`).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        let n = u64::from(n);
        // `used` starts at u64::MAX to force a first draw: saturate rather than overflow.
        if self.used.saturating_mul(n) > 1 << 32 {
            self.word = self.rng.next_u64();
            self.used = 1;
        }
        self.used *= n;
        let m = u128::from(self.word) * u128::from(n);
        self.word = m as u64;
        (m >> 64) as u32
    }
}

/// The cards of `deck` in a random order (Fisher-Yates), with the count.
pub fn shuffled_deck<R: RngCore>(deck: CardSet, rng: &mut R) -> ([Card; 33], usize) {
    let mut cards = [Card::JOKER; 33];
    let mut n = 0;
    for c in deck {
        cards[n] = c;
        n += 1;
    }
    let mut draw = Batched::new(rng);
    for i in (1..n).rev() {
        let j = draw.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    (cards, n)
}

/// A uniformly chosen card of a set (`None` when empty).
#[inline]
pub fn pick<R: RngCore>(set: CardSet, rng: &mut R) -> Option<Card> {
    let n = set.len();
    if n == 0 {
        return None;
    }
    set.nth(below(rng, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = deal_rng(7);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[below(&mut rng, 6) as usize] += 1;
        }
        assert!(seen.iter().all(|&k| k > 800), "{seen:?}");
    }

    #[test]
    fn batched_draws_cover_their_range_evenly() {
        let mut rng = deal_rng(3);
        let mut draw = Batched::new(&mut rng);
        let mut seen = [0u32; 24];
        for _ in 0..24_000 {
            seen[draw.below(24) as usize] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
    }

    #[test]
    fn shuffle_is_a_permutation_and_seeded() {
        let deck = CardSet::deck(Rank::Nine, true);
        let (a, n) = shuffled_deck(deck, &mut deal_rng(1));
        let (b, _) = shuffled_deck(deck, &mut deal_rng(1));
        assert_eq!(n, 25);
        assert_eq!(a, b);
        assert_eq!(a[..n].iter().copied().collect::<CardSet>(), deck);
    }
}
