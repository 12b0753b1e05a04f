//! Typed decisions and their canonical text forms (`RULES.md` §12).

use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::text::shown;
use crate::trump::Trump;
use std::fmt;
use std::str::FromStr;

/// One decision of the four-handed game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Pass in either bidding round.
    Pass,
    /// Accept the upcard's suit in round 1 (order up, assist, take up).
    Order { alone: bool },
    /// Accept the upcard's suit in round 1 and play jambone (alone, the hand face up).
    OrderJambone,
    /// Name trump in round 2 (or blind, when the Joker is turned and the dealer shouts).
    Call { trump: Trump, alone: bool },
    /// Name trump in round 2 and play jambone.
    CallJambone(Trump),
    /// The dealer's discard after taking up the upcard.
    Discard(Card),
    /// Play alone (a maker's decision after the call, or a defender's).
    Alone,
    /// Play with the partner (declining to go alone).
    Partner,
    /// The maker's partner plays jambone in the maker's place (Keller: "when his partner
    /// assists, orders up, or makes the trump"); the maker sits out.
    Jambone,
    /// Claim a jamboree: show the five highest trumps and score without play.
    Jamboree,
    /// Show a farmer's hand (or ace-no-face) before the bidding.
    Farmers,
    /// The three cards a farmer gives for the kitty, in card order.
    Swap([Card; 3]),
    /// `partners_best`: the card a loner passes face down to the partner.
    Exchange(Card),
    /// `partners_best`: the card the partner gives the loner back.
    Give(Card),
    /// An opponent of a jambone player names the card the jambone player leads or plays.
    Name(Card),
    /// `robson`: the dealer, having turned a jack, goes alone before seeing the hand.
    BlindAlone,
    /// `reneging = penalised`: claim that an opponent failed to follow suit.
    ClaimRenege,
    /// `robson`: after a march, take 2 (4 alone) off the opponents instead of scoring.
    Subtract,
    /// Bid Euchre: bid this many tricks.
    Bid(u8),
    /// Bid Euchre: the winning bidder names the trump.
    NameTrump(BidTrump),
    /// Bid Euchre and Set-Back: play the hand against the maker.
    Stay,
    /// Bid Euchre and Set-Back: throw the hand up (sit this deal out).
    Fold,
    /// Set-Back: the maker bids to take every trick ("I declare").
    Declare,
    /// Play a card.
    Play(Card),
}

impl Action {
    /// The decision as a verb for a sentence ("seat 1 may not play JC"): a card is "play JC",
    /// any other decision reads as written ("discard 9C", "pass").
    pub fn as_verb(self) -> String {
        match self {
            Action::Play(c) => format!("play {c}"),
            other => other.to_string(),
        }
    }

    /// The cards the decision names: the card played, discarded, passed, given or named, or a
    /// farmer's three; none for the others.
    pub fn cards(self) -> CardSet {
        match self {
            Action::Discard(c)
            | Action::Exchange(c)
            | Action::Give(c)
            | Action::Name(c)
            | Action::Play(c) => CardSet::single(c),
            Action::Swap(cs) => cs.into_iter().fold(CardSet::EMPTY, CardSet::with),
            _ => CardSet::EMPTY,
        }
    }
}

/// What the winner of a Bid Euchre auction names: a trump suit, or no trump with the ace high or
/// with the nine high (every suit's order reversed).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BidTrump {
    Suit(Suit),
    High,
    Low,
}

impl BidTrump {
    /// The trump suit named, if one was (no trump, high or low, names none).
    pub fn suit(self) -> Option<Suit> {
        match self {
            BidTrump::Suit(s) => Some(s),
            BidTrump::High | BidTrump::Low => None,
        }
    }
}

impl fmt::Display for BidTrump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BidTrump::Suit(s) => write!(f, "{s}"),
            BidTrump::High => write!(f, "high"),
            BidTrump::Low => write!(f, "low"),
        }
    }
}

impl FromStr for BidTrump {
    type Err = String;
    fn from_str(s: &str) -> Result<BidTrump, String> {
        match s.to_ascii_lowercase().as_str() {
            "high" => Ok(BidTrump::High),
            "low" => Ok(BidTrump::Low),
            _ => s
                .parse::<Suit>()
                .map(BidTrump::Suit)
                .map_err(|_| format!("'{s}' is not a trump (C D H S, high or low)")),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alone = |a: bool| if a { " alone" } else { "" };
        match *self {
            Action::Pass => write!(f, "pass"),
            Action::Order { alone: a } => write!(f, "order{}", alone(a)),
            Action::OrderJambone => write!(f, "order jambone"),
            Action::Call { trump, alone: a } => write!(f, "call {trump}{}", alone(a)),
            Action::CallJambone(trump) => write!(f, "call {trump} jambone"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Alone => write!(f, "alone"),
            Action::Partner => write!(f, "partner"),
            Action::Jambone => write!(f, "jambone"),
            Action::Jamboree => write!(f, "jamboree"),
            Action::Farmers => write!(f, "farmers"),
            Action::Swap([a, b, c]) => write!(f, "swap {a} {b} {c}"),
            Action::Exchange(c) => write!(f, "exchange {c}"),
            Action::Give(c) => write!(f, "give {c}"),
            Action::Name(c) => write!(f, "name {c}"),
            Action::BlindAlone => write!(f, "blind alone"),
            Action::ClaimRenege => write!(f, "claim renege"),
            Action::Subtract => write!(f, "subtract"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::NameTrump(t) => write!(f, "trump {t}"),
            Action::Stay => write!(f, "stay"),
            Action::Fold => write!(f, "fold"),
            Action::Declare => write!(f, "declare"),
            Action::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Text that is not a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseActionError(pub String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for ParseActionError {}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Parses the canonical forms (`RULES.md` §12), any case and spacing: `pass`, `order`,
    /// `order alone`, `call H`, `call NT alone`, `discard 9C`, `alone`, `partner`, or a card such
    /// as `JD`, and the variants' decisions.
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let lower = s.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let err = || {
            ParseActionError(format!(
                "'{}' is not an action (pass, order [alone|jambone], call <suit|NT> [alone|jambone], discard <card>, alone, partner, exchange <card>, give <card>, name <card>, jamboree, farmers, swap <3 cards>, blind alone, claim renege, subtract, bid <n>, trump <suit|high|low>, stay, fold, declare, or a card such as JD)",
                // Trimmed, unless nothing would be left to show of what was sent.
                shown(if s.trim().is_empty() { s } else { s.trim() })
            ))
        };
        let alone_flag = |rest: &[&str]| match rest {
            [] => Ok(false),
            ["alone"] => Ok(true),
            _ => Err(err()),
        };
        let card = |c: &str| c.parse::<Card>().map_err(|_| err());
        match words.as_slice() {
            ["pass"] => Ok(Action::Pass),
            ["order", "jambone"] => Ok(Action::OrderJambone),
            ["order", rest @ ..] => Ok(Action::Order {
                alone: alone_flag(rest)?,
            }),
            ["call", t, "jambone"] => t.parse().map(Action::CallJambone).map_err(|_| err()),
            ["call", t, rest @ ..] => {
                let trump: Trump = t.parse().map_err(|_| err())?;
                Ok(Action::Call {
                    trump,
                    alone: alone_flag(rest)?,
                })
            }
            ["discard", c] => card(c).map(Action::Discard),
            ["exchange", c] => card(c).map(Action::Exchange),
            ["give", c] => card(c).map(Action::Give),
            ["name", c] => card(c).map(Action::Name),
            ["blind", "alone"] => Ok(Action::BlindAlone),
            ["claim", "renege"] => Ok(Action::ClaimRenege),
            ["subtract"] => Ok(Action::Subtract),
            ["bid", n] => match n.parse::<u8>() {
                Ok(n @ 1..=12) => Ok(Action::Bid(n)),
                _ => Err(err()),
            },
            ["trump", t] => t.parse().map(Action::NameTrump).map_err(|_| err()),
            ["stay"] => Ok(Action::Stay),
            ["fold"] => Ok(Action::Fold),
            ["declare"] => Ok(Action::Declare),
            ["alone"] => Ok(Action::Alone),
            ["partner"] => Ok(Action::Partner),
            ["jambone"] => Ok(Action::Jambone),
            ["jamboree"] => Ok(Action::Jamboree),
            ["farmers"] => Ok(Action::Farmers),
            ["swap", a, b, c] => {
                // The canonical form lists the three cards in card order.
                let mut list = [Card::JOKER; 3];
                for (slot, t) in list.iter_mut().zip([a, b, c]) {
                    *slot = t.parse().map_err(|_| err())?;
                }
                list.sort();
                if list[0] == list[1] || list[1] == list[2] {
                    return Err(err());
                }
                Ok(Action::Swap(list))
            }
            [c] => c.parse().map(Action::Play).map_err(|_| err()),
            _ => Err(err()),
        }
    }
}

impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A small fixed-capacity list of actions, so listing legal actions never allocates.
#[derive(Clone, Copy)]
pub struct ActionList {
    items: [Action; ActionList::CAPACITY],
    len: u8,
}

impl ActionList {
    /// More than any decision offers (a hand of at most 6 cards, or 2 + 4 suits x 2 + no-trump x 2).
    pub const CAPACITY: usize = 16;

    /// An empty list.
    pub const fn new() -> ActionList {
        ActionList {
            items: [Action::Pass; ActionList::CAPACITY],
            len: 0,
        }
    }

    /// Appends an action.
    #[inline]
    pub fn push(&mut self, a: Action) {
        self.items[self.len as usize] = a;
        self.len += 1;
    }

    /// The actions as a slice.
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len as usize]
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when `a` is in the list.
    pub fn contains(&self, a: &Action) -> bool {
        self.as_slice().contains(a)
    }
}

impl PartialEq for ActionList {
    fn eq(&self, o: &ActionList) -> bool {
        self.as_slice() == o.as_slice()
    }
}

impl Eq for ActionList {}

impl Default for ActionList {
    fn default() -> Self {
        ActionList::new()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Suit;

    /// The replayers' "seat 1 may not play JC" (the engine tester read "may not JC").
    #[test]
    fn a_card_reads_as_a_verb_and_other_decisions_as_written() {
        let jc: Card = "JC".parse().unwrap();
        assert_eq!(Action::Play(jc).as_verb(), "play JC");
        assert_eq!(Action::Discard(jc).as_verb(), "discard JC");
        assert_eq!(Action::Pass.as_verb(), "pass");
    }

    /// Text of white space alone was shown as '' (protocol tester s52, 9).
    #[test]
    fn text_that_is_not_an_action_is_shown_as_sent() {
        let said = |t: &str| t.parse::<Action>().unwrap_err().0;
        assert!(
            said("   ").starts_with("'   ' is not an action"),
            "{}",
            said("   ")
        );
        assert!(
            said("\u{2028}").starts_with("'\\u{2028}' is not an action"),
            "{}",
            said("\u{2028}")
        );
        assert!(
            said("  zap ").starts_with("'zap' is not an action"),
            "{}",
            said("  zap ")
        );
    }

    #[test]
    fn text_forms_round_trip() {
        let samples = [
            Action::Pass,
            Action::Order { alone: false },
            Action::Order { alone: true },
            Action::Call {
                trump: Trump::Suit(Suit::Hearts),
                alone: false,
            },
            Action::Call {
                trump: Trump::NoTrump,
                alone: true,
            },
            Action::Discard("9C".parse().unwrap()),
            Action::Alone,
            Action::Partner,
            Action::Jambone,
            Action::Jamboree,
            Action::Farmers,
            Action::Swap([
                "9C".parse().unwrap(),
                "TD".parse().unwrap(),
                "9S".parse().unwrap(),
            ]),
            Action::OrderJambone,
            Action::CallJambone(Trump::Suit(Suit::Spades)),
            Action::CallJambone(Trump::NoTrump),
            Action::Exchange("9C".parse().unwrap()),
            Action::Give(Card::JOKER),
            Action::Name("TH".parse().unwrap()),
            Action::BlindAlone,
            Action::ClaimRenege,
            Action::Subtract,
            Action::Bid(4),
            Action::NameTrump(BidTrump::Suit(Suit::Hearts)),
            Action::NameTrump(BidTrump::High),
            Action::NameTrump(BidTrump::Low),
            Action::Stay,
            Action::Fold,
            Action::Declare,
            Action::Play("JD".parse().unwrap()),
            Action::Play(Card::JOKER),
        ];
        for a in samples {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
            assert_eq!(a.to_string().to_lowercase().parse::<Action>(), Ok(a));
        }
        assert_eq!(
            "  CALL   h  ALONE ".parse::<Action>(),
            Ok(Action::Call {
                trump: Trump::Suit(Suit::Hearts),
                alone: true
            })
        );
        for bad in [
            "",
            "order alone now",
            "call",
            "call X",
            "discard",
            "discard 9",
            "play",
            "J",
            "order jambone alone",
            "name",
            "give 9C TD",
            "blind",
            "claim",
            "bid 0",
            "bid x",
            "trump NT",
            "trump",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
