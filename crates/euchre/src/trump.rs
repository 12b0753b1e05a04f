//! Trump and the per-trump tables that make following suit and winning tricks table look-ups.
//!
//! Each of the five trump choices (four suits and no-trump) has a precomputed [`TrumpTable`]: the
//! effective suit of every card (the left bower and the Joker belong to trump), the mask of cards
//! that follow each effective suit, and each card's trick-taking power. At play time "must follow"
//! is `hand & follow(led)`, with no special case for the bowers.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use std::fmt;
use std::str::FromStr;

/// What was made trump: a suit, or no trump (`allow_no_trump`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Trump {
    Suit(Suit),
    NoTrump,
}

impl Trump {
    /// Index into the trump tables: suits 0..3, no-trump 4.
    pub const fn index(self) -> usize {
        match self {
            Trump::Suit(s) => s as usize,
            Trump::NoTrump => 4,
        }
    }

    /// The trump suit, if it is a suit.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Trump::Suit(s) => Some(s),
            Trump::NoTrump => None,
        }
    }

    /// This trump's table.
    pub fn table(self) -> &'static TrumpTable {
        &TABLES[self.index()]
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Trump::Suit(s) => write!(f, "{s}"),
            Trump::NoTrump => write!(f, "NT"),
        }
    }
}

impl FromStr for Trump {
    type Err = String;
    fn from_str(s: &str) -> Result<Trump, String> {
        if s.eq_ignore_ascii_case("NT") {
            return Ok(Trump::NoTrump);
        }
        s.parse::<Suit>()
            .map(Trump::Suit)
            .map_err(|_| format!("'{s}' is not a trump (C D H S or NT)"))
    }
}

impl serde::Serialize for Trump {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The effective suit index used for the Joker under no-trump: it follows nothing and nothing
/// follows it.
pub const JOKER_SUIT: usize = 4;

/// Precomputed facts about every card under one trump.
#[derive(Debug)]
pub struct TrumpTable {
    /// Every trump card (bowers and Joker included); empty but for the Joker under no-trump.
    pub trumps: CardSet,
    follow: [CardSet; 5],
    eff: [u8; Card::COUNT],
    power: [u8; Card::COUNT],
    /// `by_led[led][card]`: the card's power in a trick led in `led`, 0 when it can't win.
    by_led: [[u8; Card::COUNT]; 5],
}

impl TrumpTable {
    /// The cards that follow a lead of effective suit `led` (0..=4).
    #[inline]
    pub fn follow(&self, led: usize) -> CardSet {
        self.follow[led]
    }

    /// The effective suit index of a card (0..=3, or [`JOKER_SUIT`]).
    #[inline]
    pub fn effective_suit(&self, c: Card) -> usize {
        self.eff[c.index()] as usize
    }

    /// A card's power in a trick whose led effective suit is `led`: 0 when it can't win, trumps
    /// above every card of the led suit.
    #[inline]
    pub fn strength(&self, c: Card, led: usize) -> u8 {
        self.by_led[led][c.index()]
    }

    /// A card's power within its effective suit (trumps above everything).
    #[inline]
    pub fn power(&self, c: Card) -> u8 {
        self.power[c.index()]
    }

    /// True when `c` is a trump.
    #[inline]
    pub fn is_trump(&self, c: Card) -> bool {
        self.trumps.contains(c)
    }
}

const fn build(trump: usize) -> TrumpTable {
    let mut eff = [0u8; Card::COUNT];
    let mut power = [0u8; Card::COUNT];
    let mut follow = [0u64; 5];
    let mut trumps = 0u64;
    let mut i = 0;
    while i < 32 {
        let suit = i / 8;
        let rank = i % 8;
        let mut e = suit;
        let mut p = rank as u8 + 1;
        if trump < 4 {
            let left_suit = Suit::from_index(trump).same_colour() as usize;
            if rank == Rank::Jack as usize && suit == trump {
                p = 32 + 9; // right bower
            } else if rank == Rank::Jack as usize && suit == left_suit {
                e = trump;
                p = 32 + 8; // left bower
            } else if suit == trump {
                // 7 8 9 T then Q K A: the jack has left for the top.
                p = 32
                    + if rank < Rank::Jack as usize {
                        rank as u8
                    } else {
                        rank as u8 - 1
                    };
            }
            if e == trump {
                trumps |= 1 << i;
            }
        }
        eff[i] = e as u8;
        power[i] = p;
        follow[e] |= 1 << i;
        i += 1;
    }
    // The Joker: the highest trump, or under no-trump a suit of its own that beats everything.
    let j = 32;
    power[j] = 32 + 10;
    trumps |= 1 << j;
    if trump < 4 {
        eff[j] = trump as u8;
        follow[trump] |= 1 << j;
    } else {
        eff[j] = JOKER_SUIT as u8;
        follow[JOKER_SUIT] |= 1 << j;
    }
    let mut by_led = [[0u8; Card::COUNT]; 5];
    let mut led = 0;
    while led < 5 {
        let mut c = 0;
        while c < Card::COUNT {
            if eff[c] as usize == led || trumps & (1 << c) != 0 {
                by_led[led][c] = power[c];
            }
            c += 1;
        }
        led += 1;
    }
    TrumpTable {
        by_led,
        trumps: CardSet(trumps),
        follow: [
            CardSet(follow[0]),
            CardSet(follow[1]),
            CardSet(follow[2]),
            CardSet(follow[3]),
            CardSet(follow[4]),
        ],
        eff,
        power,
    }
}

static TABLES: [TrumpTable; 5] = [build(0), build(1), build(2), build(3), build(4)];

/// The table with this index (see [`Trump::index`]).
///
/// # Panics
/// When `i >= 5`.
#[inline]
pub fn table_at(i: usize) -> &'static TrumpTable {
    &TABLES[i]
}

/// The five highest trumps of a suit: both bowers, A, K, Q; with the Joker: Joker, both bowers,
/// A, K (`RULES.md` §8).
pub fn top_five_trumps(suit: Suit, joker: bool) -> CardSet {
    let top = CardSet::EMPTY
        .with(Card::new(Rank::Jack, suit))
        .with(Card::new(Rank::Jack, suit.same_colour()))
        .with(Card::new(Rank::Ace, suit))
        .with(Card::new(Rank::King, suit));
    top.with(if joker {
        Card::JOKER
    } else {
        Card::new(Rank::Queen, suit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn trump_order_hearts() {
        let t = Trump::Suit(Suit::Hearts).table();
        let order = ["B", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"];
        for w in order.windows(2) {
            assert!(
                t.strength(c(w[0]), 2) > t.strength(c(w[1]), 2),
                "{} > {}",
                w[0],
                w[1]
            );
        }
        assert_eq!(t.effective_suit(c("JD")), Suit::Hearts as usize);
        assert!(!t.follow(Suit::Diamonds as usize).contains(c("JD")));
        assert!(t.follow(Suit::Hearts as usize).contains(c("JD")));
        // Any trump beats the ace of the led suit; an off-suit card can't win.
        assert!(t.strength(c("7H"), 0) > t.strength(c("AC"), 0));
        assert_eq!(t.strength(c("AS"), 0), 0);
        assert_eq!(t.trumps.len(), 10);
    }

    #[test]
    fn no_trump_keeps_jacks_in_their_suits() {
        let t = Trump::NoTrump.table();
        assert_eq!(t.effective_suit(c("JD")), Suit::Diamonds as usize);
        assert!(t.strength(c("AD"), 1) > t.strength(c("JD"), 1));
        assert!(t.strength(c("B"), 1) > t.strength(c("AD"), 1));
        assert_eq!(t.follow(JOKER_SUIT), CardSet::single(Card::JOKER));
    }
}
