//! Seeds derived from a seed and an index: SplitMix64's finaliser over the seed mixed with the
//! index times the golden ratio, so neighbouring indices give unrelated seeds. Duplicate boards,
//! their seats and a table's bot decisions all draw theirs from it.

/// The seed for `index` under `seed`.
pub fn mix_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
