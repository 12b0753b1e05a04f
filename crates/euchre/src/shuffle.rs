//! Seeded shuffling. The algorithm is fixed here (not borrowed from `rand`'s distributions, which
//! may change between versions) so that a seed names the same deal forever.

use crate::card::{Card, Rank};
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
        // `used` past the limit forces a fresh word on the first draw.
        Batched {
            rng,
            word: 0,
            used: 1 << 33,
        }
    }

    /// An integer in `0..n` (`0 < n <= 64`).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        let n = u64::from(n);
        // `used` stays at most 2^33 and `n` at most 64, so this can't overflow.
        if self.used * n > 1 << 32 {
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
    shuffled_prefix(deck, rng, 33)
}

/// The first `k` cards of [`shuffled_deck`] (the rest unshuffled): drawing front to back, the
/// first `k` places are final after `k` steps, so dealing needs only the cards it deals.
///
/// Always inlined: with `k` a constant at the call the draw loop unrolls, which is worth a tenth of
/// a random deal (with two callers the compiler stops inlining it on its own).
#[inline(always)]
pub fn shuffled_prefix<R: RngCore>(deck: CardSet, rng: &mut R, k: usize) -> ([Card; 33], usize) {
    let mut cards = [Card::JOKER; 33];
    let n = deck.len() as usize;
    match standard_deck(deck) {
        Some(list) => cards[..n].copy_from_slice(list),
        None => {
            for (slot, c) in cards.iter_mut().zip(deck) {
                *slot = c;
            }
        }
    }
    // Six draws from ranges of at most 33 use under 31 bits of a word (33^6 < 2^31), so a fresh
    // word every six steps keeps each draw's bias below 2^-33 without tracking what was used.
    let steps = k.min(n.saturating_sub(1)).min(32);
    let mut i = 0;
    let mut step = |i: usize, word: &mut u64| {
        let m = u128::from(*word) * (n - i) as u128;
        *word = m as u64;
        // `min` cannot bind (the draw is below n - i) but lets the compiler drop bounds checks.
        cards.swap(i.min(32), (i + (m >> 64) as usize).min(32));
    };
    while i + 6 <= steps {
        let mut word = rng.next_u64();
        for k in 0..6 {
            step(i + k, &mut word);
        }
        i += 6;
    }
    if i < steps {
        let mut word = rng.next_u64();
        while i < steps {
            step(i, &mut word);
            i += 1;
        }
    }
    (cards, n)
}

/// The six decks of the rules (9, 8 or 7 up, with or without the Joker) as card lists, so a
/// shuffle starts from a copy rather than a walk over the set.
fn standard_deck(deck: CardSet) -> Option<&'static [Card]> {
    const fn list(min_rank: Rank, joker: bool) -> (u64, [Card; 33], usize) {
        let set = CardSet::deck(min_rank, joker);
        let mut out = [Card::JOKER; 33];
        let mut n = 0;
        let mut i = 0;
        while i < 33 {
            if set.0 & (1 << i) != 0 {
                out[n] = match Card::from_index(i as u8) {
                    Some(c) => c,
                    None => Card::JOKER,
                };
                n += 1;
            }
            i += 1;
        }
        (set.0, out, n)
    }
    static DECKS: [(u64, [Card; 33], usize); 6] = [
        list(Rank::Nine, false),
        list(Rank::Nine, true),
        list(Rank::Eight, false),
        list(Rank::Eight, true),
        list(Rank::Seven, false),
        list(Rank::Seven, true),
    ];
    DECKS
        .iter()
        .find(|(mask, _, _)| *mask == deck.0)
        .map(|(_, cards, n)| &cards[..*n])
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
    fn every_deck_shuffles_to_a_permutation_of_itself() {
        for min_rank in [Rank::Nine, Rank::Eight, Rank::Seven] {
            for joker in [false, true] {
                let deck = CardSet::deck(min_rank, joker);
                for seed in 0..50 {
                    let (cards, n) = shuffled_deck(deck, &mut deal_rng(seed));
                    assert_eq!(n as u32, deck.len());
                    assert_eq!(
                        cards[..n].iter().copied().collect::<CardSet>(),
                        deck,
                        "seed {seed}"
                    );
                    for k in [0, 5, 21, 40] {
                        let (prefix, _) = shuffled_prefix(deck, &mut deal_rng(seed), k);
                        let k = k.min(n);
                        assert_eq!(prefix[..k], cards[..k], "seed {seed}, prefix {k}");
                        assert_eq!(prefix[..n].iter().copied().collect::<CardSet>(), deck);
                    }
                }
            }
        }
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
