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
        phase: &'static str,
        hint: &'static str,
    },
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
            IllegalAction::NotNow { action, phase, hint } => {
                write!(f, "'{action}' is not legal now ({phase}; expected {hint})")
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
