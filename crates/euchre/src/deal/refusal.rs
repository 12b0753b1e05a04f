//! Why an action is refused: the reason [`Deal::apply`](super::Deal::apply) gives.

use super::{Deal, Phase};
use crate::action::Action;
use crate::card::Suit;
use crate::error::IllegalAction;
use crate::rules::{AloneTiming, JamBy, Reneging, TrumpRequirement};

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
                self.not_now(
                    a,
                    Some("going alone is decided after the call (alone or partner)"),
                )
            }
            _ => self.not_now(a, None),
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

    /// `a` refused in this phase, with what the seat to act may do in it instead.
    fn not_now(&self, a: Action, note: Option<&str>) -> IllegalAction {
        IllegalAction::not_now(
            a,
            self.phase.name(),
            self.phase.words(),
            self.to_act,
            &self.legal_actions(),
            note,
        )
    }

    /// The name of the suit led to the current trick.
    pub(super) fn led_name(&self) -> &'static str {
        match self.trick.led as usize {
            s @ 0..=3 => Suit::from_index(s).name(),
            _ => "the Joker",
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Game, Rules};

    fn refusal(preset: &str, opts: &[(&str, &str)], script: &[&str], a: &str) -> String {
        let mut rules = Rules::preset(preset).unwrap();
        for (k, v) in opts {
            rules.set(k, v).unwrap();
        }
        let mut g = Game::new(rules, 1);
        for s in script {
            g.apply(s.parse::<Action>().unwrap()).unwrap();
        }
        g.apply(a.parse().unwrap()).unwrap_err().to_string()
    }

    /// A refusal names the phase in words, not by the protocol's name, and offers what `legal`
    /// does: round 1 includes `order alone` (records tester s53, 6).
    #[test]
    fn refusal_says_the_phase_in_words_and_lists_the_legal_actions() {
        let e = refusal("north-american", &[], &[], "call NT");
        assert_eq!(
            e,
            "'call NT' is not legal now: in round 1 of the bidding, seat 3's choices are pass, order or order alone"
        );
        let e = refusal("openspiel", &[], &[], "order alone");
        assert_eq!(
            e,
            "'order alone' is not legal now: going alone is decided after the call (alone or partner); in round 1 of the bidding, seat 3's choices are pass or order"
        );
        let e = refusal("north-american", &[("farmers", "true")], &[], "order");
        assert!(
            e.contains("in the farmer's hand calls before the bidding, seat 3's choices are pass"),
            "{e}"
        );
        assert!(!e.contains("farmers;") && !e.contains("bidding1"), "{e}");
        let e = refusal("north-american", &[], &["pass", "pass", "pass", "pass"], "order");
        assert!(
            e.contains("in round 2 of the bidding, seat 3's choices are pass, call "),
            "{e}"
        );
        assert!(e.contains(" or call ") && e.contains("/"), "{e}");
    }
}
