//! Why an action is refused: the reason [`Deal::apply`](super::Deal::apply) gives.

use super::{Deal, Phase};
use crate::action::Action;
use crate::card::Suit;
use crate::error::IllegalAction;
use crate::rules::{AloneTiming, DefendAlone, JamBy, Reneging, TrumpRequirement};

impl Deal {
    /// Explains why `a` is not legal now (call only for an illegal action).
    pub(super) fn why_illegal(&self, a: Action) -> IllegalAction {
        let seat = self.to_act;
        let hand = self.hands[seat.index()];
        let phase = self.phase;
        if let Some(needs) = self.rule_needed(a) {
            return IllegalAction::NotInRules { action: a, needs };
        }
        let after_play = matches!(phase, Phase::Done | Phase::Robson);
        if a == Action::ClaimRenege && after_play && self.reneged_seats() == 0 {
            return IllegalAction::NoRenege;
        }
        if phase == Phase::Done {
            return IllegalAction::DealOver;
        }
        if let Some(card) = a.cards().minus(self.rules.deck()).first() {
            return IllegalAction::NotInDeck { card };
        }
        if let (Phase::Bidding2, Action::Call { trump, .. }) = (phase, a) {
            if let Some(why) = self.rules.round_two_refusal(self.upcard, trump) {
                return why;
            }
        }
        match (phase, a) {
            (Phase::Play, Action::Play(c)) if !hand.contains(c) => IllegalAction::NotHeld { seat, card: c },
            (Phase::Play, Action::Play(c)) => {
                let follow = self.trick.playable(hand, self.table());
                IllegalAction::MustFollow {
                    seat,
                    card: c,
                    led: self.led_name(),
                    holding: follow.first().unwrap_or(c),
                }
            }
            (Phase::Discard, Action::Discard(c)) if !hand.contains(c) => {
                IllegalAction::NotHeld { seat, card: c }
            }
            (Phase::Discard, Action::Discard(c)) => IllegalAction::UpcardDiscard { card: c },
            (Phase::Name, Action::Name(c)) => match self.making_loner() {
                Some(j) if self.hands[j.index()].contains(c) => IllegalAction::NameForcesRevoke {
                    card: c,
                    led: self.led_name(),
                },
                _ => IllegalAction::NotHeld {
                    seat: self.making_loner().unwrap_or(seat),
                    card: c,
                },
            },
            (Phase::Give, Action::Give(c)) if self.just_passed() == Some(c) => {
                IllegalAction::GiveBack { card: c }
            }
            (Phase::Give, Action::Give(c)) | (Phase::Exchange, Action::Exchange(c)) => {
                IllegalAction::NotHeld { seat, card: c }
            }
            (Phase::Bidding2, Action::Pass) => IllegalAction::DealerStuck {
                seat,
                last: seat != self.dealer,
            },
            (Phase::PartnerAlone, Action::Jambone) => IllegalAction::JambonePassed { seat },
            (Phase::Bidding1, Action::Order { alone: false })
                if self.rules.canadian && seat == self.dealer.partner() =>
            {
                IllegalAction::CanadianAlone { seat }
            }
            (Phase::Bidding1, Action::Order { .. }) | (Phase::Bidding2, Action::Call { .. })
                if self.rules.trump_requirement != TrumpRequirement::None =>
            {
                IllegalAction::TrumpRequirement { seat }
            }
            (_, Action::Order { alone: true } | Action::Call { alone: true, .. })
                if self.rules.alone_timing == AloneTiming::AfterDiscard =>
            {
                IllegalAction::NotNow {
                    action: a,
                    phase: phase.name(),
                    hint: "going alone is decided after the call (alone / partner)",
                }
            }
            _ => IllegalAction::NotNow {
                action: a,
                phase: phase.name(),
                hint: self.expected(),
            },
        }
    }

    /// The rule an action belongs to, when these rules do not play it.
    fn rule_needed(&self, a: Action) -> Option<&'static str> {
        let r = &self.rules;
        let (on, needs) = match a {
            Action::ClaimRenege => (r.reneging == Reneging::Penalised, "reneging = penalised"),
            Action::OrderJambone | Action::CallJambone(_) | Action::Name(_) => (r.jambone, "jambone"),
            Action::Jambone => (
                r.jambone && r.jambone_jamboree_by == JamBy::MakersSide,
                "jambone with jambone_jamboree_by = makers_side",
            ),
            Action::Jamboree => (r.jamboree, "jamboree"),
            Action::Farmers | Action::Swap(_) => (r.farmers || r.go_under, "farmers or go_under"),
            Action::Exchange(_) | Action::Give(_) => (r.partners_best, "partners_best"),
            Action::BlindAlone | Action::Subtract => (r.robson, "robson"),
            Action::Bid(_) | Action::NameTrump(_) | Action::Stay | Action::Fold | Action::Declare => (
                false,
                "one of the individual games (three-handed, bid-euchre, set-back)",
            ),
            _ => (true, ""),
        };
        (!on).then_some(needs)
    }

    fn expected(&self) -> &'static str {
        match self.phase {
            Phase::PartnerAlone => match (
                self.rules.defend_alone == DefendAlone::Any,
                self.partner_may_jambone(),
            ) {
                (true, true) => "partner, or take the hand alone (alone) or as jambone (jambone)",
                (true, false) => "partner, or take the hand alone (alone)",
                (false, true) => "partner, or play the hand as jambone (jambone)",
                (false, false) => "partner",
            },
            Phase::BlindLoner => "pass, or blind alone (before seeing the hand)",
            Phase::Farmers => "pass, or farmers when holding only 9s and 10s",
            Phase::FarmersSwap => "swap <three cards of the hand>",
            Phase::Bidding1 => "round 1 of bidding: pass or order",
            Phase::Bidding2 => "round 2 of bidding: pass or call a suit",
            Phase::BlindShout => "the dealer names trump blind: call a suit",
            Phase::Discard => "the dealer discards: discard <card>",
            Phase::MakerAlone | Phase::DefendAlone => "alone or partner",
            Phase::Jamboree => "pass, or jamboree when holding the five highest trumps",
            Phase::Exchange => "exchange <a card of the hand>, passed face down to the partner",
            Phase::Give => "give <a card of the hand> back to the loner",
            Phase::Play => "play a card",
            Phase::Name => "name <a card of the jambone hand>",
            Phase::RenegeClaim => "pass, or claim renege",
            Phase::Robson => "pass to score the march, or subtract",
            Phase::Done => "the deal is over",
        }
    }

    /// The name of the suit led to the current trick.
    pub(super) fn led_name(&self) -> &'static str {
        match self.trick.led as usize {
            s @ 0..=3 => Suit::from_index(s).name(),
            _ => "the Joker",
        }
    }
}
