//! Trick play: who leads, following suit, and taking tricks.

use super::{Deal, Phase};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::lead::{first_leader, NEXT_IN_PLAY};
use crate::rules::Reneging;
use crate::seat::Seat;
use crate::trump::Trump;

impl Deal {
    /// The cards the seat to act may play (empty outside trick play). Under
    /// `reneging = penalised` that is any card held.
    #[inline]
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        if self.rules.reneging == Reneging::Penalised {
            return self.hands[self.to_act.index()];
        }
        self.following(self.to_act)
    }

    /// The cards `seat` may play to the current trick when following suit is enforced.
    #[inline]
    pub(super) fn following(&self, seat: Seat) -> CardSet {
        self.trick.playable(self.hands[seat.index()], self.table())
    }

    #[inline]
    pub(super) fn start_play(&mut self) {
        // The seat that plays for the makers: the one alone, if either is.
        let maker = self.making_loner().or(self.maker).unwrap_or(self.dealer);
        let (leader, active) = first_leader(
            &self.rules,
            self.dealer,
            maker,
            self.maker_alone,
            self.lone_defender,
        );
        self.active = active;
        self.per_trick = active.count_ones() as u8;
        self.next_seat = NEXT_IN_PLAY[active as usize & 15];
        self.phase = Phase::Play;
        self.leader = leader;
        self.trick_leaders[0] = leader;
        // A jambone player has chosen to play the hand (a jamboree so played scores as jambone).
        if self.rules.jamboree && !self.jambone && matches!(self.trump, Some(Trump::Suit(_))) {
            // The makers' player in play is asked first (the maker, unless the partner plays
            // alone), then the partner when in play.
            self.phase = Phase::Jamboree;
            self.to_act = maker;
        } else {
            self.turn_to(leader);
        }
    }

    /// Gives the turn to `seat` in trick play, or to the opponent who names the jambone player's
    /// card when a call applies.
    #[inline]
    pub(super) fn turn_to(&mut self, seat: Seat) {
        self.to_act = seat;
        if self.jambone && Some(seat) == self.making_loner() {
            let trick = self.tricks_done as usize;
            if let Some(n) = self.namer_at(trick, self.trick.len == 0) {
                self.phase = Phase::Name;
                self.to_act = n;
            }
        }
    }

    #[inline]
    pub(super) fn play(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        self.plays[self.play_count as usize] = c;
        self.play_count += 1;
        self.trick.add(self.table(), seat, c);
        if !self.trick.is_complete(self.per_trick) {
            self.turn_to(self.next_seat[seat.index()]);
            return;
        }
        let winner = self.trick.best_seat;
        self.trick_winners[self.tricks_done as usize] = winner;
        self.tricks_won[winner.team().index()] += 1;
        self.tricks_done += 1;
        self.trick.len = 0;
        if self.tricks_done == 5 {
            self.score();
        } else {
            self.leader = winner;
            self.trick_leaders[self.tricks_done as usize] = winner;
            self.turn_to(winner);
        }
    }
}
