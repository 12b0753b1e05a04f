//! Cards, suits and ranks, and their text forms (`JH`, `9c`, `B` for the Joker).

use std::fmt;
use std::str::FromStr;

/// One of the four suits. The discriminant is the suit's index (clubs 0 .. spades 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// All four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with this index (0..4).
    ///
    /// # Panics
    /// When `i >= 4`.
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The suit's index (0..4).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other suit of the same colour (its jack is the left bower when this suit is trump).
    pub const fn same_colour(self) -> Suit {
        match self {
            Suit::Clubs => Suit::Spades,
            Suit::Spades => Suit::Clubs,
            Suit::Diamonds => Suit::Hearts,
            Suit::Hearts => Suit::Diamonds,
        }
    }

    /// The upper-case letter: `C D H S`.
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// Parses one suit letter, either case.
    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The plural name a player reads: "clubs".
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Suit, ParseCardError> {
        let mut chars = s.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| ParseCardError::new(s)),
            _ => Err(ParseCardError::new(s)),
        }
    }
}

/// A rank from 7 to ace. The discriminant is the rank's index (seven 0 .. ace 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    Seven = 0,
    Eight = 1,
    Nine = 2,
    Ten = 3,
    Jack = 4,
    Queen = 5,
    King = 6,
    Ace = 7,
}

impl Rank {
    /// All ranks, low to high in plain (non-trump) order.
    pub const ALL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's character: `7 8 9 T J Q K A`.
    pub const fn letter(self) -> char {
        ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][self as usize]
    }

    /// Parses a rank character, either case; `N` (EGN's alternative for nine) and `10` are not
    /// accepted here (see [`Card::from_str`] for `10`).
    pub fn from_letter(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }

    /// The rank whose number (7 to 14, ace 14) is given.
    pub const fn from_number(n: u8) -> Option<Rank> {
        if n >= 7 && n <= 14 {
            Some(Rank::ALL[(n - 7) as usize])
        } else {
            None
        }
    }
}

/// A card: a suited card or the Joker.
///
/// Encoded as `suit * 8 + rank` (0..32), the Joker as 32, so sets of cards fit one `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The Joker ("Benny", "Best Bower").
    pub const JOKER: Card = Card(32);
    /// One more than the largest card index.
    pub const COUNT: usize = 33;

    /// The suited card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 8 + rank as u8)
    }

    /// The card with this index, if it is one (0..=32).
    pub const fn from_index(i: u8) -> Option<Card> {
        if i <= 32 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The card's index (0..=32).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// True for the Joker.
    pub const fn is_joker(self) -> bool {
        self.0 == 32
    }

    /// The printed suit, or `None` for the Joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.0 == 32 {
            None
        } else {
            Some(Suit::from_index((self.0 / 8) as usize))
        }
    }

    /// The printed rank, or `None` for the Joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.0 == 32 {
            None
        } else {
            Some(Rank::ALL[(self.0 % 8) as usize])
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.letter(), s.letter()),
            _ => write!(f, "B"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card text that is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError(pub String);

impl ParseCardError {
    fn new(s: &str) -> ParseCardError {
        ParseCardError(crate::text::shown(s))
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a card (expected rank 7 8 9 T J Q K A then suit C D H S, e.g. JH, or B for the Joker)",
            self.0
        )
    }
}

impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses `JH`, `jh`, `10H`, or `B` for the Joker.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("B") {
            return Ok(Card::JOKER);
        }
        let (rank, suit) = if t.len() == 3 && t.starts_with("10") {
            (Some(Rank::Ten), t[2..].chars().next())
        } else {
            let mut chars = t.chars();
            let r = chars.next().and_then(Rank::from_letter);
            let s = chars.next();
            if chars.next().is_some() {
                return Err(ParseCardError::new(t));
            }
            (r, s)
        };
        match (rank, suit.and_then(Suit::from_letter)) {
            (Some(r), Some(su)) => Ok(Card::new(r, su)),
            _ => Err(ParseCardError::new(t)),
        }
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse()
            .map_err(|_| serde::de::Error::custom(format!("'{s}' is not a suit (C D H S)")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for i in 0..=32u8 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(c.to_string().to_lowercase().parse::<Card>(), Ok(c));
        }
    }

    #[test]
    fn card_text_forms() {
        assert_eq!("jh".parse::<Card>().unwrap(), Card::new(Rank::Jack, Suit::Hearts));
        assert_eq!("10s".parse::<Card>().unwrap(), Card::new(Rank::Ten, Suit::Spades));
        assert_eq!("b".parse::<Card>().unwrap(), Card::JOKER);
        for bad in ["", "J", "JX", "1H", "JHH", "BB", "10", "ZZ", "é"] {
            assert!(bad.parse::<Card>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn same_colour_pairs() {
        for s in Suit::ALL {
            assert_eq!(s.same_colour().same_colour(), s);
            assert_ne!(s.same_colour(), s);
        }
    }
}
