//! Seat tokens: 128 random bits from the operating system, written as 32 hex digits.

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
        if text.len() != 32 || !text.is_ascii() {
            return None;
        }
        let mut b = [0u8; 16];
        for (i, byte) in b.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(SeatToken(b))
    }

    /// Compares with `other` in time that does not depend on where they differ.
    pub fn matches(&self, other: &SeatToken) -> bool {
        self.0.iter().zip(&other.0).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl fmt::Display for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
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
        assert!(SeatToken::parse(&text).unwrap().matches(&t));
        assert_ne!(SeatToken::random(), t);
        assert_eq!(format!("{t:?}"), "SeatToken(..)");
        assert!(SeatToken::parse("xyz").is_none());
        assert!(SeatToken::parse(&"g".repeat(32)).is_none());
        assert!(SeatToken::parse(&"é".repeat(16)).is_none());
    }
}
