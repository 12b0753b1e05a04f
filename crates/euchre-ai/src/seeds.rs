//! Seeds derived from a seed and an index.
//!
//! - [`mix_seed`]: SplitMix64's finaliser over the seed mixed with the index times the golden
//!   ratio, so neighbouring indices give unrelated seeds. Duplicate boards, their seats and an
//!   offline table's bot decisions draw theirs from it. It is invertible: a seed it gives
//!   says what it was given, so it is for seeds that are no secret.
//! - [`keyed_seed`]: a keyed pseudo-random function, for seeds drawn from a secret (a server
//!   table's hints and computer players): what it gives says nothing of the key.

use rand_chacha::rand_core::{RngCore, SeedableRng};

/// The seed for `index` under `seed`.
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// [`keyed_seed`]'s domain for advice (hints and reviews).
pub const ADVICE_SEEDS: u64 = 0;
/// [`keyed_seed`]'s domain for computer players' decisions: one key serves both, and the
/// domains keep their seeds apart.
pub const BOT_SEEDS: u64 = 1;

/// The seed for `index` in `domain` under the secret `key`: the first number of ChaCha8 keyed
/// by the three. Unlike [`mix_seed`], the seeds it gives cannot be turned back into the key,
/// nor tell anything of one another.
pub fn keyed_seed(key: u64, domain: u64, index: u64) -> u64 {
    let mut chacha_key = [0u8; 32];
    chacha_key[..8].copy_from_slice(&key.to_le_bytes());
    chacha_key[8..16].copy_from_slice(&index.to_le_bytes());
    chacha_key[16..24].copy_from_slice(&domain.to_le_bytes());
    rand_chacha::ChaCha8Rng::from_seed(chacha_key).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_seeds_differ_by_key_domain_and_index_and_repeat() {
        let seeds = [
            keyed_seed(7, BOT_SEEDS, 3),
            keyed_seed(8, BOT_SEEDS, 3),
            keyed_seed(7, ADVICE_SEEDS, 3),
            keyed_seed(7, BOT_SEEDS, 4),
        ];
        for (i, a) in seeds.iter().enumerate() {
            assert!(seeds[i + 1..].iter().all(|b| b != a), "{seeds:?}");
        }
        assert_eq!(keyed_seed(7, BOT_SEEDS, 3), seeds[0]);
    }
}
