//! Seat tokens: 128 random bits from the operating system, written as 32 hex digits; and what
//! the server keeps of one, its hash, so that a copy of the database holds no key to any seat.

use rand::RngCore;
use std::fmt;

/// The secret that holds a seat: whoever shows it acts for that seat.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SeatToken([u8; 16]);

impl SeatToken {
    /// A new token from the operating system's random source.
    pub fn random() -> SeatToken {
        let mut b = [0u8; 16];
        rand::rngs::OsRng.fill_bytes(&mut b);
        SeatToken(b)
    }

    /// A token from its 32 hex digits.
    pub fn parse(text: &str) -> Option<SeatToken> {
        from_hex(text).map(SeatToken)
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

/// What the server keeps of a token: its BLAKE2s hash. The token is 128 random bits, so a fast
/// hash is enough: nothing short of the token itself matches.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &SeatToken) -> TokenHash {
        use blake2::{Blake2s256, Digest};
        TokenHash(Blake2s256::digest(token.0).into())
    }

    /// A hash from its 64 hex digits, as [`fmt::Display`] writes it.
    pub fn parse(text: &str) -> Option<TokenHash> {
        from_hex(text).map(TokenHash)
    }

    /// Whether `token` is the one this is the hash of, in time that does not depend on where
    /// the hashes differ.
    pub fn matches(&self, token: &SeatToken) -> bool {
        self.same(&TokenHash::of(token))
    }

    /// Compares with `other` in time that does not depend on where they differ.
    pub fn same(&self, other: &TokenHash) -> bool {
        self.0.iter().zip(&other.0).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl fmt::Display for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_hex(&self.0))
    }
}

/// `N` bytes from exactly `2 × N` hex digits.
fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut b = [0u8; N];
    for (i, byte) in b.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(b)
}

/// `bytes` as lower-case hex digits, two a byte.
pub(crate) fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenHash({self})")
    }
}

/// Never printed by `{:?}`: a token in a log would hand the seat to whoever reads it.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_read_back() {
        let t = SeatToken::random();
        let text = t.to_string();
        assert_eq!(text.len(), 32);
        assert_eq!(SeatToken::parse(&text), Some(t.clone()));
        assert_ne!(SeatToken::random(), t);
        assert_eq!(format!("{t:?}"), "SeatToken(..)");
        assert!(SeatToken::parse("xyz").is_none());
        assert!(SeatToken::parse(&"g".repeat(32)).is_none());
        assert!(SeatToken::parse(&"é".repeat(16)).is_none());
    }

    #[test]
    fn a_hash_matches_its_token_only_and_reads_back() {
        let t = SeatToken::random();
        let h = TokenHash::of(&t);
        assert!(h.matches(&t));
        assert!(!h.matches(&SeatToken::random()));
        let text = h.to_string();
        assert_eq!(text.len(), 64);
        assert!(!text.contains(&t.to_string()));
        assert_eq!(TokenHash::parse(&text), Some(h.clone()));
        assert!(
            TokenHash::parse(&t.to_string()).is_none(),
            "a token is not a hash"
        );
        assert!(TokenHash::parse(&"g".repeat(64)).is_none());
        assert!(TokenHash::parse(&"é".repeat(32)).is_none());
        // BLAKE2s-256 of the sixteen bytes 00 to 0f, as Python's hashlib computes it: stored
        // hashes must stay readable, so the hash may not change unnoticed.
        let fixed = SeatToken::parse("000102030405060708090a0b0c0d0e0f").unwrap();
        assert_eq!(
            TokenHash::of(&fixed).to_string(),
            "efc04cdc391c7e9119bd38668a534e65fe31036d6a62112e44ebeb11f9c57080"
        );
    }
}
