//! Jambone and jamboree (`RULES.md` §8): the exposed hand, the opponents' calls, the claim of
//! the five highest trumps.

use super::{Deal, Phase};
use crate::card::Card;
use crate::cardset::CardSet;
use crate::rules::{JamBy, JamboneCalls};
use crate::seat::Seat;
use crate::trump::{top_five_trumps, Trump};

impl Deal {
    /// Who names the jambone player's card in `trick` (leading or following), if anyone.
    pub(super) fn namer_at(&self, trick: usize, leading: bool) -> Option<Seat> {
        let j = self.making_loner()?;
        match self.rules.jambone_calls {
            JamboneCalls::FirstTrick if trick > 0 => None,
            _ if leading => Some(j.left()),
            JamboneCalls::FirstTrick => Some(self.trick_leaders[0]),
            JamboneCalls::EveryTrick => Some(j.plus(3)),
        }
    }

    /// The jambone player's cards an opponent may name now: never one that would force a revoke.
    pub fn name_options(&self) -> CardSet {
        match (self.phase, self.making_loner()) {
            (Phase::Name, Some(j)) => self.following(j),
            _ => CardSet::EMPTY,
        }
    }

    /// True when `seat` may claim a jamboree: the maker, or under `jambone_jamboree_by =
    /// makers_side` either player of the makers' side, in play and holding the five highest
    /// trumps. Only the dealer who made trump may count the upcard among them.
    pub fn holds_jamboree(&self, seat: Seat) -> bool {
        let (Some(maker), Some(Trump::Suit(suit))) = (self.maker, self.trump) else {
            return false;
        };
        let side_may = self.rules.jambone_jamboree_by == JamBy::MakersSide && seat.team() == maker.team();
        if !self.rules.jamboree || !(seat == maker || side_may) || !self.is_active(seat) {
            return false;
        }
        let mut hand = self.hands[seat.index()];
        if seat == self.dealer && maker != self.dealer && self.upcard_taken {
            hand.remove(self.upcard);
        }
        let top = top_five_trumps(suit, self.rules.joker);
        hand.intersect(top) == top
    }

    /// An opponent names `c`: the jambone player plays it (`history` shows who named it).
    #[inline]
    pub(super) fn play_named(&mut self, seat: Seat, c: Card) {
        self.phase = Phase::Play;
        let j = self.making_loner().unwrap_or(seat);
        self.play(j, c);
    }

    /// `seat` claims no jamboree: the maker's partner is asked next when in play and allowed to
    /// claim, otherwise the play begins.
    pub(super) fn decline_jamboree(&mut self, seat: Seat) {
        let partner = seat.partner();
        let partner_may = self.rules.jambone_jamboree_by == JamBy::MakersSide;
        if self.maker == Some(seat) && partner_may && self.is_active(partner) {
            self.to_act = partner;
        } else {
            self.phase = Phase::Play;
            self.turn_to(self.leader);
        }
    }
}
