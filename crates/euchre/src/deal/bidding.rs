//! The bidding: the two rounds, the blind shout, the dealer's discard, and who goes alone
//! (`RULES.md` §3 and §4).

use super::{Deal, Phase};
use crate::action::{Action, ActionList};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::IllegalAction;
use crate::rules::{AloneTiming, DefendAlone, JamBy, JokerUpcard, Rules, TrumpRequirement};
use crate::seat::Seat;
use crate::trump::Trump;

impl Deal {
    /// The bidding begins (after the farmers' question, when asked).
    #[inline]
    pub(super) fn begin_bidding(&mut self) {
        let joker_blind = self.upcard.is_joker() && self.rules.joker_upcard == JokerUpcard::BlindShout;
        self.passes = 0;
        self.phase = if joker_blind {
            Phase::BlindShout
        } else {
            Phase::Bidding1
        };
        self.to_act = if joker_blind {
            self.dealer
        } else {
            self.first_bidder()
        };
    }

    /// The first bidder of each round.
    pub(super) fn first_bidder(&self) -> Seat {
        if self.rules.dealer_shouts_first {
            self.dealer
        } else {
            self.dealer.left()
        }
    }

    /// The suit the upcard offers in round 1 (the agreed suit when the Joker is turned).
    #[inline]
    pub fn upcard_suit(&self) -> Suit {
        self.rules.upcard_suit(self.upcard)
    }

    /// True when making `trump` is barred for `seat` by `trump_requirement`.
    pub(super) fn fails_trump_requirement(&self, seat: Seat, trump: Suit, with_upcard: bool) -> bool {
        let applies = match self.rules.trump_requirement {
            TrumpRequirement::None => false,
            TrumpRequirement::TwoTrumps => true,
            TrumpRequirement::TwoTrumpsDealerOnly => seat == self.dealer,
        };
        if !applies {
            return false;
        }
        let mut hand = self.hands[seat.index()];
        if with_upcard {
            hand.insert(self.upcard);
        }
        let trumps = hand.intersect(Trump::Suit(trump).table().trumps);
        trumps.len() == 1 && trumps.first().and_then(Card::rank) == Some(Rank::Jack)
    }

    pub(super) fn push_calls(&self, out: &mut ActionList, trump: Trump) {
        match self.rules.alone_timing {
            AloneTiming::WithCall => {
                out.push(Action::Call { trump, alone: false });
                out.push(Action::Call { trump, alone: true });
                if self.rules.jambone {
                    out.push(Action::CallJambone(trump));
                }
            }
            AloneTiming::AfterDiscard => out.push(Action::Call { trump, alone: false }),
        }
    }

    #[inline]
    pub(super) fn pass(&mut self) {
        self.passes += 1;
        if self.passes < 4 {
            self.to_act = self.to_act.left();
            return;
        }
        self.passes = 0;
        if self.phase == Phase::Bidding1 {
            self.phase = Phase::Bidding2;
            self.to_act = self.first_bidder();
        } else {
            self.phase = Phase::Done;
        }
    }

    #[inline]
    pub(super) fn make(&mut self, seat: Seat, trump: Trump, alone: bool) {
        self.trump = Some(trump);
        self.table_index = trump.index() as u8;
        self.maker = Some(seat);
        self.maker_alone = alone;
    }

    /// Round 1's acceptance (an order, or the blind loner): the partner's question when asked,
    /// then the upcard.
    #[inline]
    pub(super) fn accept_upcard(&mut self, seat: Seat, alone: bool, jambone: bool) {
        let forced_alone = self.rules.canadian && seat == self.dealer.partner();
        self.make(
            seat,
            Trump::Suit(self.upcard_suit()),
            alone || forced_alone || jambone,
        );
        self.jambone = jambone;
        if !self.ask_partner() {
            self.place_upcard();
        }
    }

    /// A round-2 call (or the dealer's blind shout).
    #[inline]
    pub(super) fn call(&mut self, seat: Seat, trump: Trump, alone: bool, jambone: bool) {
        let blind_shout = self.phase == Phase::BlindShout;
        self.make(seat, trump, alone || jambone);
        self.jambone = jambone;
        if self.ask_partner() {
            return;
        }
        if blind_shout {
            self.place_upcard();
        } else {
            self.after_call();
        }
    }

    /// The maker's partner is asked, right after a call without going alone, whether to play the
    /// hand alone (`defend_alone = any`, British: "before the first trick any player may announce
    /// they are going alone") or jambone (`jambone_jamboree_by = makers_side`, Keller) in the
    /// maker's place. Under `alone_timing = after_discard` (OpenSpiel's flow, whose
    /// `allow_lone_defender` is `defend_alone = any`) only the defenders are asked. Returns true
    /// when the question is asked.
    #[inline]
    fn ask_partner(&mut self) -> bool {
        let Some(maker) = self.maker else { return false };
        let any_alone = self.rules.defend_alone == DefendAlone::Any;
        let asked = !self.maker_alone
            && self.rules.alone_timing == AloneTiming::WithCall
            && (any_alone || self.partner_may_jambone());
        if asked {
            self.phase = Phase::PartnerAlone;
            self.to_act = maker.partner();
        }
        asked
    }

    /// Whether the maker's partner may play jambone in the maker's place (`jambone_jamboree_by =
    /// makers_side`, Keller): only with a trump whose making it has not passed. "He cannot play
    /// jambone with a trump he has passed, or with a trump whose making he has passed": the
    /// partner of the eldest who ordered up, or the dealer whose partner assisted, may; the
    /// partner who passed before the dealer took up, or before the call in round 2, may not.
    /// The bidding goes round clockwise, the partner two seats before the maker, so the partner
    /// passed in this round when two passes came before the call (rules audit s51, 1).
    #[inline]
    pub(super) fn partner_may_jambone(&self) -> bool {
        self.rules.jambone && self.rules.jambone_jamboree_by == JamBy::MakersSide && self.passes < 2
    }

    /// The maker's partner decides: play with the maker, or take the hand alone or as jambone
    /// while the maker sits out. Then the upcard, or the rest of the call.
    pub(super) fn partner_decides(&mut self, alone: bool, jambone: bool) {
        if alone || jambone {
            self.maker_alone = true;
            self.partner_plays = true;
            self.jambone = jambone;
        }
        let round1 = self
            .auction()
            .iter()
            .rev()
            .find(|(s, _)| Some(*s) == self.maker)
            .is_some_and(|(_, a)| matches!(a, Action::Order { .. } | Action::OrderJambone));
        let blind_shout = self.upcard.is_joker() && self.rules.joker_upcard == JokerUpcard::BlindShout;
        if round1 || blind_shout {
            self.place_upcard();
        } else {
            self.after_call();
        }
    }

    /// The upcard goes to the dealer, or stays with the kitty when the dealer's hand sits out of
    /// a lone hand declared with the call.
    #[inline]
    fn place_upcard(&mut self) {
        let dealer_sits_out = self.making_loner() == Some(self.dealer.partner());
        if dealer_sits_out && self.rules.alone_timing == AloneTiming::WithCall {
            self.kitty.insert(self.upcard);
            self.after_call();
        } else {
            self.dealer_takes_upcard();
        }
    }

    /// The seat playing alone for the makers: the maker, or the partner who took the hand over.
    #[inline]
    pub fn making_loner(&self) -> Option<Seat> {
        let m = self.maker.filter(|_| self.maker_alone)?;
        Some(if self.partner_plays { m.partner() } else { m })
    }

    /// The dealer adds the upcard and discards; a dealer playing alone under `partners_best`
    /// first exchanges with the partner (the double exchange).
    #[inline]
    pub(super) fn dealer_takes_upcard(&mut self) {
        let dealer = self.dealer;
        let exchange_first = self.rules.partners_best
            && self.making_loner() == Some(dealer)
            && self.exchanged & (1 << dealer.team().index()) == 0;
        if exchange_first {
            self.upcard_pending = true;
            self.begin_exchange(dealer);
        } else {
            self.upcard_taken = true;
            self.hands[dealer.index()].insert(self.upcard);
            self.phase = Phase::Discard;
            self.to_act = dealer;
        }
    }

    /// The cards the dealer may discard (in the discard phase). A dealer playing jambone may
    /// decline the upcard, which is discarding it.
    #[inline]
    pub fn discard_options(&self) -> CardSet {
        let cards = self.hands[self.dealer.index()];
        let jambone_dealer = self.jambone && self.making_loner() == Some(self.dealer);
        if self.rules.dealer_may_discard_upcard || jambone_dealer {
            cards
        } else {
            cards.without(self.upcard)
        }
    }

    /// After the call (and the discard, if any): the alone decisions, then play.
    #[inline]
    pub(super) fn after_call(&mut self) {
        let forced = self.rules.canadian && self.upcard_taken && self.maker == Some(self.dealer.partner());
        if self.rules.alone_timing == AloneTiming::AfterDiscard && !forced && !self.blind {
            self.phase = Phase::MakerAlone;
            self.to_act = self.maker.unwrap_or(self.dealer);
        } else {
            self.maker_ready();
        }
    }

    /// The maker's alone decision is known: a loner's exchange, then the defenders.
    #[inline]
    pub(super) fn maker_ready(&mut self) {
        match self.making_loner() {
            Some(m) if self.rules.partners_best && self.exchanged & (1 << m.team().index()) == 0 => {
                self.begin_exchange(m)
            }
            _ => self.ask_defenders(),
        }
    }

    #[inline]
    pub(super) fn ask_defenders(&mut self) {
        let ask = match self.rules.defend_alone {
            // Nobody may go alone against jambone.
            _ if self.jambone => false,
            DefendAlone::Never => false,
            DefendAlone::AgainstLoner => self.maker_alone,
            DefendAlone::Any => true,
        };
        match self.maker {
            Some(m) if ask => {
                self.phase = Phase::DefendAlone;
                self.to_act = self.first_defender_asked(m);
            }
            _ => self.start_play(),
        }
    }

    /// The defender asked first, clockwise from the maker's or (OpenSpiel) the dealer's left.
    pub(super) fn first_defender_asked(&self, maker: Seat) -> Seat {
        let from = if self.rules.defenders_asked_from_dealer {
            self.dealer
        } else {
            maker
        };
        let mut s = from.left();
        while s.team() == maker.team() {
            s = s.left();
        }
        s
    }

    /// The maker's partner: play with the maker, or take the hand as the rules allow.
    pub(super) fn push_partner_answers(&self, out: &mut ActionList) {
        out.push(Action::Partner);
        if self.rules.defend_alone == DefendAlone::Any {
            out.push(Action::Alone);
        }
        if self.partner_may_jambone() {
            out.push(Action::Jambone);
        }
    }

    /// Round 1: pass (unless forced), or accept the upcard's suit as the rules allow.
    #[inline]
    pub(super) fn push_round1_bids(&self, out: &mut ActionList, seat: Seat) {
        let forced = self.rules.dealer_shouts_first && seat == self.dealer && self.upcard.is_joker();
        if !forced {
            out.push(Action::Pass);
        }
        let suit = self.upcard_suit();
        if self.fails_trump_requirement(seat, suit, seat == self.dealer) {
            return;
        }
        let canadian = self.rules.canadian && seat == self.dealer.partner();
        match self.rules.alone_timing {
            AloneTiming::WithCall => {
                if !canadian {
                    out.push(Action::Order { alone: false });
                }
                out.push(Action::Order { alone: true });
                if self.rules.jambone {
                    out.push(Action::OrderJambone);
                }
            }
            AloneTiming::AfterDiscard => out.push(Action::Order { alone: false }),
        }
    }

    /// Round 2: pass (unless the dealer is stuck), or name another suit (or no-trump).
    #[inline]
    pub(super) fn push_round2_bids(&self, out: &mut ActionList, seat: Seat) {
        let stuck = self.rules.stick_the_dealer && self.passes == 3;
        if !stuck {
            out.push(Action::Pass);
        }
        let turned = self.upcard_suit();
        let mut relax = false;
        loop {
            for s in Suit::ALL {
                if s != turned && (relax || !self.fails_trump_requirement(seat, s, false)) {
                    self.push_calls(out, Trump::Suit(s));
                }
            }
            if self.rules.allow_no_trump {
                self.push_calls(out, Trump::NoTrump);
            }
            // A stuck dealer barred from every suit may call any: the deal must be played.
            if out.is_empty() && !relax {
                relax = true;
                continue;
            }
            break;
        }
    }

    /// The answer to an alone question: the maker's (after the discard), the maker's partner's,
    /// or a defender's.
    #[inline]
    pub(super) fn decide_alone(&mut self, seat: Seat, alone: bool) {
        if self.phase == Phase::PartnerAlone {
            self.partner_decides(alone, false);
        } else if self.phase == Phase::MakerAlone {
            self.maker_alone = alone;
            self.maker_ready();
        } else if alone {
            self.lone_defender = Some(seat);
            if self.rules.partners_best {
                self.begin_exchange(seat);
            } else {
                self.start_play();
            }
        } else if self.maker.is_some_and(|m| seat == self.first_defender_asked(m)) {
            self.to_act = seat.partner();
        } else {
            self.start_play();
        }
    }
}

impl Rules {
    /// The suit `upcard` offers in round 1 (the agreed suit when the Joker is turned), and so
    /// the suit that can't be named in round 2.
    #[inline]
    pub fn upcard_suit(&self, upcard: Card) -> Suit {
        match (upcard.suit(), self.joker_upcard) {
            (Some(s), _) => s,
            (None, JokerUpcard::AgreedSuit(s)) => s,
            // Blind shout never bids on the upcard's suit; clubs is only a placeholder.
            (None, JokerUpcard::BlindShout) => Suit::Clubs,
        }
    }

    /// Why naming `trump` in round 2 is refused whatever the hands, if it is: the suit turned
    /// down, or no-trump where these rules have none. (A record's reader asks this before it
    /// reads the play with that trump.)
    pub fn round_two_refusal(&self, upcard: Card, trump: Trump) -> Option<IllegalAction> {
        match trump {
            Trump::Suit(suit) if suit == self.upcard_suit(upcard) => {
                Some(IllegalAction::TurnedDownSuit { suit })
            }
            Trump::NoTrump if !self.allow_no_trump => Some(IllegalAction::NoTrumpNotAllowed),
            _ => None,
        }
    }
}
