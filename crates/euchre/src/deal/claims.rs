//! Table-mode reneging (`reneging = penalised`): who reneged, who may claim it, and the
//! voided hand.

use super::{Deal, Phase};
use crate::rules::RenegePenaltyMode;
use crate::seat::{Seat, Team};

impl Deal {
    /// Seats (a bit each) that failed to follow suit although they held the suit led. Every
    /// card in play is played by the end, so after the last trick this follows from the tricks
    /// alone: a seat that did not follow and later played the suit led.
    pub fn reneged_seats(&self) -> u8 {
        let Some(trump) = self.trump else { return 0 };
        let table = trump.table();
        let seats: Vec<Seat> = self.play_seats().collect();
        let plays = self.plays();
        let per = usize::from(self.per_trick.max(1));
        let mut guilty = 0u8;
        for (i, (&s, &c)) in seats.iter().zip(plays).enumerate() {
            let led = table.effective_suit(plays[i - i % per]);
            if table.effective_suit(c) == led {
                continue;
            }
            let later = (i - i % per + per..plays.len())
                .any(|k| seats[k] == s && table.effective_suit(plays[k]) == led);
            if later {
                guilty |= s.bit();
            }
        }
        guilty
    }

    /// The next seat, clockwise from the eldest to the dealer and after `after` when given,
    /// whose opponents reneged.
    pub(super) fn next_claimant(&self, after: Option<Seat>) -> Option<Seat> {
        let guilty = self.reneged_seats();
        // Offsets from the dealer: the eldest is 1, the dealer 4.
        let offset = |s: Seat| (s.index() + 3 - self.dealer.index()) % 4 + 1;
        let start = after.map_or(1, |s| offset(s) + 1);
        (start..=4).map(|k| self.dealer.plus(k as u8)).find(|s| {
            let opponents = s.left().bit() | s.plus(3).bit();
            guilty & opponents != 0
        })
    }

    /// A proven renege voids the hand: the innocent side scores (or the guilty side loses) 2,
    /// or 4 when the innocent side was playing a lone hand.
    pub(super) fn void_for_renege(&mut self, innocent: Team) {
        let lone = (self.maker_alone && self.maker.map(Seat::team) == Some(innocent))
            || self.lone_defender.map(Seat::team) == Some(innocent);
        let penalty = if lone { 4 } else { 2 };
        self.points = [0; 2];
        match self.rules.renege_penalty_mode {
            RenegePenaltyMode::Add => self.points[innocent.index()] = penalty,
            RenegePenaltyMode::Deduct => self.deductions[innocent.other().index()] = penalty,
        }
        self.voided = true;
        self.phase = Phase::Done;
    }

    /// `seat` lets a renege go: the next seat that may claim is asked, or the deal is scored.
    pub(super) fn decline_claim(&mut self, seat: Seat) {
        match self.next_claimant(Some(seat)) {
            Some(s) => self.to_act = s,
            None => self.score_play(),
        }
    }
}
