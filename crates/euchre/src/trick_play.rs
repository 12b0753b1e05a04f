//! The rest of a deal's trick play as a small copyable value, for exact search.
//!
//! A [`crate::Deal`] carries its whole history, which search does not need: an exact solver
//! visits thousands of positions per deal and copies the state at each. [`TrickPlay`] holds only
//! what the remaining tricks depend on (the hands, the trick in progress, the tricks taken) and
//! plays a card with the same follow-suit and trick-taking tables as the deal. The deal's points
//! follow from the makers' trick count alone in the cases it covers, so the caller gets them as a
//! table by that count ([`TrickPlay::points_by_maker_tricks`]). `Deal::trick_play` (in
//! `deal::tricks`) builds one; this module is a leaf, so the deal imports it and not the reverse.

use crate::card::Card;
use crate::cardset::CardSet;
use crate::seat::{Seat, Team};
use crate::trick::Trick;
use crate::trump::{table_at, TrumpTable};

/// The trick play left in a deal, with follow-suit enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickPlay {
    pub(crate) hands: [CardSet; 4],
    /// Seats taking part, one bit each.
    pub(crate) active: u8,
    pub(crate) next: [Seat; 4],
    pub(crate) table_index: u8,
    pub(crate) per_trick: u8,
    pub(crate) to_act: Seat,
    /// The trick in progress.
    pub(crate) trick: Trick,
    pub(crate) done: u8,
    pub(crate) won: [u8; 2],
    pub(crate) makers: Team,
    /// Points to (makers, defenders) when the makers take 0..=5 tricks.
    pub(crate) outcome: [[u8; 2]; 6],
}

impl TrickPlay {
    /// The seat to play.
    #[inline]
    pub fn to_act(&self) -> Seat {
        self.to_act
    }

    /// True when all five tricks are played.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.done == 5
    }

    /// The cards the seat to act may play.
    #[inline]
    pub fn legal(&self) -> CardSet {
        self.trick.playable(self.hands[self.to_act.index()], self.table())
    }

    /// Plays `c` for the seat to act; `c` must be one of [`TrickPlay::legal`].
    #[inline]
    pub fn play(&mut self, c: Card) {
        let seat = self.to_act;
        self.hands[seat.index()].remove(c);
        self.trick.add(self.table(), seat, c);
        if !self.trick.is_complete(self.per_trick) {
            self.to_act = self.next[seat.index()];
            return;
        }
        let winner = self.trick.best_seat;
        self.won[winner.team().index()] += 1;
        self.done += 1;
        self.trick.len = 0;
        self.to_act = winner;
    }

    /// The trump table the tricks are played under.
    #[inline]
    pub fn table(&self) -> &'static TrumpTable {
        table_at(self.table_index as usize)
    }

    /// The index of that table ([`crate::Trump::index`]: suits 0..=3, no-trump 4).
    #[inline]
    pub fn trump_index(&self) -> usize {
        self.table_index as usize
    }

    /// True when `seat` takes part in the play (not the partner of a lone hand).
    #[inline]
    pub fn is_active(&self, seat: Seat) -> bool {
        self.active & seat.bit() != 0
    }

    /// The cards still to be played: the hands of the seats taking part.
    #[inline]
    pub fn cards_in_play(&self) -> CardSet {
        let mut all = 0u64;
        for (s, h) in self.hands.iter().enumerate() {
            // All ones for a seat in play, zero for one sitting out: no branch.
            let in_play = u64::from((self.active >> s) & 1).wrapping_neg();
            all |= h.0 & in_play;
        }
        CardSet(all)
    }

    /// Each seat's cards now (a seat sitting out keeps its hand).
    #[inline]
    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// Cards played to the trick in progress (0 when a trick is to be led).
    #[inline]
    pub fn trick_len(&self) -> u8 {
        self.trick.len
    }

    /// Cards in a full trick (fewer than four when someone sits out).
    #[inline]
    pub fn per_trick(&self) -> u8 {
        self.per_trick
    }

    /// The effective suit led to the trick in progress.
    #[inline]
    pub fn led(&self) -> usize {
        self.trick.led as usize
    }

    /// The seat winning the trick in progress so far, and the power of its card.
    #[inline]
    pub fn winning(&self) -> (Seat, u8) {
        (self.trick.best_seat, self.trick.best_power)
    }

    /// The next seat in play after `seat`.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        self.next[seat.index()]
    }

    /// Tricks completed.
    #[inline]
    pub fn tricks_done(&self) -> u8 {
        self.done
    }

    /// Tricks taken by each team.
    #[inline]
    pub fn tricks_won(&self) -> [u8; 2] {
        self.won
    }

    /// The makers' team.
    #[inline]
    pub fn makers(&self) -> Team {
        self.makers
    }

    /// Tricks the makers have taken.
    #[inline]
    pub fn maker_tricks(&self) -> u8 {
        self.won[self.makers.index()]
    }

    /// Points to (makers, defenders) for each number of tricks the makers may end with (0..=5).
    /// They never fall as the makers take more tricks, so the best play for the points is the
    /// best play for the makers' tricks.
    #[inline]
    pub fn points_by_maker_tricks(&self) -> [[u8; 2]; 6] {
        self.outcome
    }
}
