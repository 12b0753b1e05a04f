//! Errors a player, a file or a program can cause, each with a message a player would understand.

use crate::action::Action;
use crate::card::{Card, Suit};
use crate::rules::RulesError;
use crate::seat::Seat;
use std::fmt;

/// Why a decision was refused. The state it was offered to is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum IllegalAction {
    /// The deal (or game) is over.
    DealOver,
    /// The card is not in the deck these rules play with (`7C` in the 24-card deck, the Joker
    /// without `joker`): said so, not that the seat does not hold it.
    NotInDeck { card: Card },
    /// The seat does not hold the card.
    NotHeld { seat: Seat, card: Card },
    /// The card does not follow the led suit although the seat could.
    MustFollow {
        seat: Seat,
        card: Card,
        led: &'static str,
        holding: Card,
    },
    /// The dealer may not discard the upcard under these rules.
    UpcardDiscard { card: Card },
    /// Stick the dealer: the dealer (with `dealer_shouts_first`, the last to bid: `last`) must
    /// name trump.
    DealerStuck { seat: Seat, last: bool },
    /// The turned-down suit can't be named in round 2.
    TurnedDownSuit { suit: Suit },
    /// No-trump is not allowed.
    NoTrumpNotAllowed,
    /// Canadian rule: the dealer's partner may order up only alone.
    CanadianAlone { seat: Seat },
    /// `trump_requirement`: a lone jack is not enough trump.
    TrumpRequirement { seat: Seat },
    /// `reneging = penalised`: a claim when nobody failed to follow suit.
    NoRenege,
    /// A jambone call must never force a revoke.
    NameForcesRevoke { card: Card, led: &'static str },
    /// Bid Euchre with the dealer stuck: nobody has bid, so the dealer must bid.
    DealerMustBid { seat: Seat },
    /// Keller: the maker's partner passed the trump and may not play jambone with it.
    JambonePassed { seat: Seat },
    /// `partners_best`: the partner gives one of their own cards, not the one just passed.
    GiveBack { card: Card },
    /// The action belongs to a rule these rules do not play (or to another family of games).
    NotInRules { action: Action, needs: &'static str },
    /// The action is not one of this phase's.
    NotNow {
        action: Action,
        /// The phase's short name, as the engine protocol's `state` gives it.
        phase: &'static str,
        /// In words: the phase, and what the seat to act may do in it (its legal actions).
        expected: String,
    },
    /// Bid Euchre: a bid of more tricks than there are (`most`, the cards in a hand).
    BidTooHigh { bid: u8, most: u8 },
}

impl IllegalAction {
    /// A refusal of `action` in a phase (`phase`, its name; `when`, the phase in words) where
    /// `seat` may do only `legal`, after `note` when there is one. Built only when an action is
    /// refused, so the text costs nothing to a legal decision.
    pub(crate) fn not_now(
        action: Action,
        phase: &'static str,
        when: &'static str,
        seat: Seat,
        legal: &[Action],
        note: Option<&str>,
    ) -> IllegalAction {
        let offered = if legal.is_empty() {
            "nothing".to_string()
        } else {
            offered(legal)
        };
        let note = note.map_or(String::new(), |n| format!("{n}; "));
        IllegalAction::NotNow {
            action,
            phase,
            expected: format!("{note}in {when}, seat {seat}'s choices are {offered}"),
        }
    }
}

/// The legal actions in words, those that differ only in a card, suit or number gathered:
/// `pass, order or order alone`; `pass, call C/D/H or call C/D/H alone`; `9C, TD or AS`;
/// `swap three of TD 9H TH 9S AS`.
fn offered(legal: &[Action]) -> String {
    // (the form with `{}` where the argument goes, the arguments in order of appearance)
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    let mut swap = false;
    for &a in legal {
        let alone = |a: bool| if a { " alone" } else { "" };
        let (form, args): (String, Vec<String>) = match a {
            Action::Play(c) => ("{}".into(), vec![c.to_string()]),
            Action::Discard(c) => ("discard {}".into(), vec![c.to_string()]),
            Action::Exchange(c) => ("exchange {}".into(), vec![c.to_string()]),
            Action::Give(c) => ("give {}".into(), vec![c.to_string()]),
            Action::Name(c) => ("name {}".into(), vec![c.to_string()]),
            Action::Call { trump, alone: a } => (format!("call {{}}{}", alone(a)), vec![trump.to_string()]),
            Action::CallJambone(t) => ("call {} jambone".into(), vec![t.to_string()]),
            Action::Bid(n) => ("bid {}".into(), vec![n.to_string()]),
            Action::NameTrump(t) => ("trump {}".into(), vec![t.to_string()]),
            Action::Swap(cards) => {
                swap = true;
                (
                    "swap three of {}".into(),
                    cards.iter().map(|c| c.to_string()).collect(),
                )
            }
            other => (other.to_string(), Vec::new()),
        };
        match groups.iter_mut().find(|(f, _)| *f == form) {
            Some((_, have)) => {
                for arg in args {
                    if !have.contains(&arg) {
                        have.push(arg);
                    }
                }
            }
            None => groups.push((form, args)),
        }
    }
    let single = groups.len() == 1;
    let shown: Vec<String> = groups
        .into_iter()
        .map(|(form, args)| {
            if args.is_empty() {
                return form;
            }
            let args = if swap && form.starts_with("swap") {
                args.join(" ")
            } else if single {
                either(&args)
            } else {
                args.join("/")
            };
            form.replace("{}", &args)
        })
        .collect();
    either(&shown)
}

/// `a`, `a or b`, `a, b or c`.
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::DealOver => write!(f, "the deal is over"),
            IllegalAction::NotInDeck { card } => write!(f, "{card} is not in the deck under these rules"),
            IllegalAction::NotHeld { seat, card } => write!(f, "seat {seat} does not hold {card}"),
            IllegalAction::MustFollow {
                seat,
                card,
                led,
                holding,
            } => {
                write!(
                    f,
                    "{card} does not follow suit: {led} were led and seat {seat} holds {holding}"
                )
            }
            IllegalAction::UpcardDiscard { card } => {
                write!(
                    f,
                    "the dealer may not discard the upcard {card} under these rules"
                )
            }
            IllegalAction::DealerStuck { seat, last: true } => {
                write!(
                    f,
                    "seat {seat} bids last in round 2 (the dealer shouts first) and is stuck: stick the dealer makes the last to bid name trump"
                )
            }
            IllegalAction::DealerMustBid { seat } => {
                write!(
                    f,
                    "seat {seat} is the dealer and is stuck: nobody has bid, so the dealer must bid"
                )
            }
            IllegalAction::JambonePassed { seat } => {
                write!(
                    f,
                    "seat {seat} passed this trump and can't play jambone with it (only a trump it has not passed): partner, or play with the maker"
                )
            }
            IllegalAction::DealerStuck { seat, last: false } => {
                write!(
                    f,
                    "seat {seat} is the dealer and is stuck: the dealer must name trump"
                )
            }
            IllegalAction::TurnedDownSuit { suit } => {
                write!(
                    f,
                    "{} were turned down and can't be named in round 2",
                    suit.name()
                )
            }
            IllegalAction::NoTrumpNotAllowed => write!(f, "no-trump is not allowed under these rules"),
            IllegalAction::CanadianAlone { seat } => {
                write!(
                    f,
                    "seat {seat} is the dealer's partner and may order up only alone (canadian rule)"
                )
            }
            IllegalAction::TrumpRequirement { seat } => {
                write!(
                    f,
                    "seat {seat} holds only a jack of that trump and may not make it (trump_requirement)"
                )
            }
            IllegalAction::NoRenege => {
                write!(f, "false claim: every player followed suit when able this deal")
            }
            IllegalAction::NameForcesRevoke { card, led } => {
                write!(
                    f,
                    "naming {card} would force a revoke: {led} were led and the jambone hand can follow"
                )
            }
            IllegalAction::GiveBack { card } => {
                write!(
                    f,
                    "{card} is the card the loner just passed: give one of your own cards"
                )
            }
            IllegalAction::NotInRules { action, needs } => {
                write!(
                    f,
                    "'{action}' is never a decision under these rules: it needs {needs}"
                )
            }
            IllegalAction::NotNow { action, expected, .. } => {
                write!(f, "'{action}' is not legal now: {expected}")
            }
            IllegalAction::BidTooHigh { bid, most } => {
                write!(
                    f,
                    "'bid {bid}' is more tricks than there are: a bid is at most {most}, the cards in a hand"
                )
            }
        }
    }
}

impl std::error::Error for IllegalAction {}

/// A deal that can't be set up as given.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DealError {
    HandSize { seat: Seat, cards: u32 },
    Duplicate(Card),
    NotInDeck(Card),
    KittyIncomplete { expected: u32, got: u32 },
    Rules(RulesError),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::HandSize { seat, cards } => {
                write!(
                    f,
                    "seat {seat} has {}, not 5",
                    crate::text::count(*cards as usize, "card", "cards")
                )
            }
            DealError::Duplicate(c) => write!(f, "{c} is dealt twice"),
            DealError::NotInDeck(c) => write!(f, "{c} is not in the deck under these rules"),
            DealError::KittyIncomplete { expected, got } => {
                write!(
                    f,
                    "the kitty has {} but the undealt cards are {expected}",
                    crate::text::count(*got as usize, "card", "cards")
                )
            }
            DealError::Rules(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DealError {}
