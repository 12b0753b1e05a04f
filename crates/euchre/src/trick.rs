//! The trick in progress: the suit led, how many cards lie on it, and which card is winning.
//!
//! A deal's play ([`crate::Deal`]) and the search's copy of it ([`crate::TrickPlay`]) each keep
//! one, so both follow suit and take tricks by this code. A leaf module: it knows cards and the
//! trump tables, nothing of deals. (`Deal::rollout` keeps the same steps in local variables, its
//! inner loop being the engine's hottest code.)

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::Seat;
use crate::trump::TrumpTable;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Trick {
    /// The effective suit led (meaningless while no card is on the trick).
    pub(crate) led: u8,
    /// Cards on the trick.
    pub(crate) len: u8,
    /// The seat whose card is winning, and that card's power in the suit led.
    pub(crate) best_seat: Seat,
    pub(crate) best_power: u8,
}

impl Trick {
    /// No card yet; `seat` stands in as the winner until one is played.
    pub(crate) const fn new(seat: Seat) -> Trick {
        Trick {
            led: 0,
            len: 0,
            best_seat: seat,
            best_power: 0,
        }
    }

    /// The cards of `hand` that may be played to the trick when following suit is enforced:
    /// those of the suit led, or any card when leading or void in it.
    #[inline]
    pub(crate) fn playable(&self, hand: CardSet, table: &TrumpTable) -> CardSet {
        if self.len == 0 {
            return hand;
        }
        let follow = hand.intersect(table.follow(self.led as usize));
        if follow.is_empty() {
            hand
        } else {
            follow
        }
    }

    /// Puts `seat`'s card `c` on the trick.
    #[inline]
    pub(crate) fn add(&mut self, table: &TrumpTable, seat: Seat, c: Card) {
        if self.len == 0 {
            self.led = table.effective_suit(c) as u8;
            self.best_seat = seat;
            self.best_power = table.strength(c, self.led as usize);
        } else {
            let p = table.strength(c, self.led as usize);
            if p > self.best_power {
                self.best_power = p;
                self.best_seat = seat;
            }
        }
        self.len += 1;
    }

    /// Whether the cards on it are `per_trick`: the trick is complete and `best_seat` takes
    /// it. The next trick starts empty.
    #[inline]
    pub(crate) fn is_complete(&self, per_trick: u8) -> bool {
        self.len >= per_trick
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trump::{table_at, Trump};
    use crate::Suit;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn the_left_bower_follows_trump_and_the_highest_of_the_suit_led_wins() {
        let table = table_at(Trump::Suit(Suit::Hearts).index());
        let mut t = Trick::new(Seat::new(0));
        let hand = CardSet::from_iter([card("JD"), card("AD"), card("9S")]);
        assert_eq!(t.playable(hand, table), hand, "any card leads");
        t.add(table, Seat::new(0), card("9H"));
        // The jack of diamonds is a heart here: it must follow, and it wins.
        assert_eq!(t.playable(hand, table), CardSet::from_iter([card("JD")]));
        t.add(table, Seat::new(1), card("JD"));
        t.add(table, Seat::new(2), card("AS"));
        assert!(!t.is_complete(4));
        t.add(table, Seat::new(3), card("AH"));
        assert!(t.is_complete(4));
        assert_eq!(t.best_seat, Seat::new(1));
        // Void in the suit led: any card.
        let void = CardSet::from_iter([card("AD"), card("9S")]);
        assert_eq!(t.playable(void, table), void);
    }
}
