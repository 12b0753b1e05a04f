//! Cards that change hands before the play: a farmer's hand for the kitty (`farmers`, `go_under`)
//! and a loner's exchange with the partner (`partners_best`).

use super::{Deal, Phase};
use crate::action::{Action, ActionList};
use crate::card::{Card, Rank};
use crate::cardset::CardSet;
use crate::rules::FarmersPolicy;
use crate::seat::Seat;

impl Deal {
    /// True when `seat` may show its hand as a farmer's hand (only 9s and 10s) or, under
    /// `go_under`, as ace-no-face (one ace, otherwise 9s and 10s).
    pub fn holds_farmers(&self, seat: Seat) -> bool {
        let hand = self.hands[seat.index()];
        let low = |c: Card| matches!(c.rank(), Some(Rank::Nine | Rank::Ten));
        let aces = hand.iter().filter(|c| c.rank() == Some(Rank::Ace)).count();
        let rest_low = hand.iter().filter(|&c| c.rank() != Some(Rank::Ace)).all(low);
        rest_low && ((self.rules.farmers && aces == 0) || (self.rules.go_under && aces == 1))
    }

    /// The farmers' question, when asked; otherwise the bidding.
    #[inline]
    pub(super) fn ask_farmers(&mut self) {
        if self.rules.farmers || self.rules.go_under {
            self.phase = Phase::Farmers;
            self.to_act = self.dealer.left();
        } else {
            self.begin_bidding();
        }
    }

    /// After `seat` answered the farmers' question: the next seat, or the bidding.
    #[inline]
    pub(super) fn next_farmer(&mut self, seat: Seat) {
        if seat == self.dealer {
            self.begin_bidding();
        } else {
            self.to_act = seat.left();
        }
    }

    pub(super) fn begin_exchange(&mut self, loner: Seat) {
        self.phase = Phase::Exchange;
        self.to_act = loner;
    }

    /// The cards the loner's partner may give back: any of their own (`RULES.md` leaves "best" to
    /// the partner's judgement), not the one just passed.
    pub fn give_options(&self) -> CardSet {
        let partner = self.to_act;
        let mut cards = self.hands[partner.index()];
        if let Some(c) = self.just_passed() {
            cards.remove(c);
        }
        cards
    }

    /// The card the loner has just passed (the last decision, while the partner is to give).
    pub(super) fn just_passed(&self) -> Option<Card> {
        match self.auction().last() {
            Some(&(_, Action::Exchange(c))) if self.phase == Phase::Give => Some(c),
            _ => None,
        }
    }

    /// The farmers' question: anyone may pass; only a farmer's hand may be shown.
    #[inline]
    pub(super) fn push_farmers_answers(&self, out: &mut ActionList, seat: Seat) {
        out.push(Action::Pass);
        if self.holds_farmers(seat) {
            out.push(Action::Farmers);
        }
    }

    /// Every choice of three cards of the farmer's hand for the kitty.
    pub(super) fn push_swaps(&self, out: &mut ActionList, seat: Seat) {
        let hand = self.hands[seat.index()];
        for a in hand {
            for b in hand.iter().filter(|&b| b > a) {
                for c in hand.iter().filter(|&c| c > b) {
                    out.push(Action::Swap([a, b, c]));
                }
            }
        }
    }

    /// `seat` shows a farmer's hand: the deal is thrown in, or the farmer swaps with the kitty.
    pub(super) fn show_farmers(&mut self, seat: Seat) {
        self.shown[seat.index()] = self.hands[seat.index()];
        if self.rules.farmers_policy == FarmersPolicy::Redeal {
            self.redeal = true;
            self.phase = Phase::Done;
        } else {
            self.phase = Phase::FarmersSwap;
        }
    }

    /// The farmer gives three cards for the three kitty cards.
    pub(super) fn swap(&mut self, seat: Seat, given: [Card; 3]) {
        let given: CardSet = given.into_iter().collect();
        let hand = self.hands[seat.index()];
        self.hands[seat.index()] = hand.minus(given).union(self.kitty);
        self.kitty = given;
        self.phase = Phase::Farmers;
        self.next_farmer(seat);
    }

    /// The loner passes `c` face down to the partner, who gives one back next.
    pub(super) fn exchange(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        self.hands[seat.partner().index()].insert(c);
        self.phase = Phase::Give;
        self.to_act = seat.partner();
    }

    /// The loner's partner gives `c` back; then the upcard (a dealer's double exchange), the
    /// defenders' question, or the play.
    pub(super) fn give(&mut self, seat: Seat, c: Card) {
        let loner = seat.partner();
        self.hands[seat.index()].remove(c);
        self.hands[loner.index()].insert(c);
        self.exchanged |= 1 << loner.team().index();
        if Some(loner) != self.making_loner() {
            // The lone defender's exchange is the last thing before the play.
            self.start_play();
        } else if self.upcard_pending {
            self.upcard_pending = false;
            self.dealer_takes_upcard();
        } else {
            self.ask_defenders();
        }
    }
}
