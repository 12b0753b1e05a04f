//! `cardExchanges`: the cards moved between hands before the play, as this project reads and
//! writes them. EGN says only that such moves are recorded in the bidding phase's
//! `cardExchanges` array (at most four entries, each `{"sender"?, "receiver", "cards"}`); the
//! reading below is ours, and `docs/egn-exchanges.md` states it for other tools.
//!
//! - `partners_best` (a player going alone passes a card face down to the partner, who gives one
//!   back): `{"sender": loner, "receiver": partner, "cards": [x]}` for the card passed, and
//!   `{"sender": partner, "receiver": loner, "cards": [y]}` for the card given back. The loners
//!   are the maker playing alone and the defender playing alone (`aloneDefender`), so two
//!   exchanges at most; which entry is which follows from who plays alone.
//! - `farmers` / `go_under` (a farmer's hand, or ace-no-face, exchanged with the kitty before
//!   the bidding): `{"sender": farmer, "receiver": farmer, "cards": [g1, g2, g3]}` for the three
//!   cards the farmer gives to the kitty (sender and receiver are the same seat: the cards leave
//!   the farmer's hand face down for the kitty), and `{"receiver": farmer, "cards": [t1, t2, t3]}`
//!   (no sender: from the kitty) for the three kitty cards the farmer takes. The kitty is the three
//!   undealt cards other than the upcard; a second farmer takes what the first gave.
//!
//! The reader accepts the entries in any order, and any of them may be missing: an unrecorded
//! card is placed by the replay like any other card the record never shows (and reported as
//! guessed). A farmer is known to have swapped only from an entry naming them, so a record of a
//! swap needs at least one of the farmer's two entries.
//!
//! The writer writes every swap and exchange in the order they happened: for a farmer the cards
//! given, then the cards taken; for a loner the card passed, then the card given back. EGN allows
//! four entries: when a deal has more (farmers and loners in the same deal), the cards taken from
//! the kitty are left out first (the dealt hands, which the writer always records, show the
//! kitty), then the last entries.

use crate::cards::{egn_card, parse_egn_card};
use crate::model::CardExchange;
use euchre::{Action, Card, CardSet, Deal, Rules, Seat, Trump};

/// The moves a record states (or a replay has settled on), seat by seat.
#[derive(Clone, Debug, Default)]
pub(crate) struct Moves {
    /// The dealer's discard.
    pub discard: Option<Card>,
    /// By loner: the card passed to the partner.
    pub passed: [Option<Card>; 4],
    /// By loner: the card the partner gave back.
    pub returned: [Option<Card>; 4],
    /// By farmer: the three cards given to the kitty.
    pub given: [Option<CardSet>; 4],
    /// By farmer: the three kitty cards taken.
    pub taken: [Option<CardSet>; 4],
    /// Seats that showed a farmer's hand and swapped with the kitty.
    pub farmers: [bool; 4],
}

impl Moves {
    /// Every card these moves name.
    pub fn cards(&self) -> CardSet {
        let mut all = CardSet::EMPTY;
        for c in self
            .passed
            .iter()
            .chain(&self.returned)
            .chain(std::iter::once(&self.discard))
            .flatten()
        {
            all.insert(*c);
        }
        for s in self.given.iter().chain(&self.taken).flatten() {
            all = all.union(*s);
        }
        all
    }
}

/// Reads a bidding phase's `cardExchanges`. `loners` marks the seats that play alone and
/// exchange with their partner (under `partners_best`); `trump` (when made) reads `R` and `L`.
///
/// # Errors
/// An entry that is not a swap or an exchange these rules and this bidding allow, with the wrong
/// number of cards, a card not in the deck, or a move recorded twice; the message starts with
/// ": cardExchanges entry k" (k from 1) to follow "deal N".
pub(crate) fn read_exchanges(
    rules: &Rules,
    loners: [bool; 4],
    trump: Option<Trump>,
    entries: &[CardExchange],
) -> Result<Moves, String> {
    let mut m = Moves::default();
    let deck = rules.deck();
    let farmers_on = rules.farmers || rules.go_under;
    for (k, x) in entries.iter().enumerate() {
        // Named from 1, as calls, deals and tricks are.
        let at = |what: String| format!(": cardExchanges entry {}: {what}", k + 1);
        let seat = |n: i64| {
            Seat::try_new(n as u64).filter(|_| n >= 0).ok_or_else(|| {
                at(format!(
                    "'sender' and 'receiver' must be seat numbers 0 to 3, not {n}"
                ))
            })
        };
        let receiver = seat(x.receiver)?;
        let sender = x.sender.map(seat).transpose()?;
        let mut cards = CardSet::EMPTY;
        for text in &x.cards {
            let c = parse_egn_card(text, trump).map_err(at)?;
            if !deck.contains(c) {
                return Err(at(format!(
                    "{} is not in the deck under these rules",
                    egn_card(c)
                )));
            }
            if cards.contains(c) {
                return Err(at(format!("{} is listed twice", egn_card(c))));
            }
            cards.insert(c);
        }
        let r = receiver.index();
        // No sender (from the kitty) or the farmer as both (to the kitty): a farmer's swap.
        let swap = match sender {
            None => Some(false),
            Some(s) => (s == receiver).then_some(true),
        };
        if let Some(given) = swap {
            let what = if given {
                format!("seat {receiver} gives cards to the kitty (sender = receiver)")
            } else {
                format!("seat {receiver} takes cards from the kitty (no sender)")
            };
            if !farmers_on {
                return Err(at(format!(
                    "{what}, but the ruleset has neither farmers nor go_under"
                )));
            }
            if cards.len() != 3 {
                return Err(at(format!(
                    "{what}: a farmer's swap moves 3 cards, not {}",
                    cards.len()
                )));
            }
            let slot = if given { &mut m.given[r] } else { &mut m.taken[r] };
            if slot.is_some() {
                return Err(at(format!("{what} a second time")));
            }
            *slot = Some(cards);
            m.farmers[r] = true;
            continue;
        }
        let s = sender.unwrap_or(receiver);
        let what = format!("seat {s} sends cards to seat {receiver}");
        if receiver != s.partner() {
            return Err(at(format!(
                "{what}, but only partners exchange cards (partners_best)"
            )));
        }
        if !rules.partners_best {
            return Err(at(format!("{what}, but the ruleset has no partners_best")));
        }
        let (Some(c), 1) = (cards.first(), cards.len()) else {
            return Err(at(format!(
                "{what}: a partners' exchange moves 1 card, not {}",
                cards.len()
            )));
        };
        let slot = if loners[s.index()] {
            &mut m.passed[s.index()]
        } else if loners[r] {
            &mut m.returned[r]
        } else {
            return Err(at(format!(
                "{what}, but neither of them plays alone and exchanges"
            )));
        };
        if slot.is_some() {
            return Err(at(format!("{what} a second time")));
        }
        *slot = Some(c);
    }
    Ok(m)
}

fn entry(sender: Option<Seat>, receiver: Seat, cards: CardSet) -> CardExchange {
    CardExchange {
        sender: sender.map(|s| s.index() as i64),
        receiver: receiver.index() as i64,
        cards: cards.iter().map(egn_card).collect(),
    }
}

/// The `cardExchanges` of a deal (empty when nothing moved), by the convention above.
pub(crate) fn exchanges_of(deal: &Deal) -> Vec<CardExchange> {
    let mut out: Vec<(bool, CardExchange)> = Vec::new();
    // The kitty before any swap: the undealt cards other than the upcard.
    let mut kitty = deal.rules().deck().without(deal.upcard());
    for h in deal.dealt_hands() {
        kitty = kitty.minus(h);
    }
    for &(seat, a) in deal.auction() {
        match a {
            Action::Swap(cards) => {
                let given: CardSet = cards.into_iter().collect();
                out.push((false, entry(Some(seat), seat, given)));
                out.push((true, entry(None, seat, kitty)));
                kitty = given;
            }
            Action::Exchange(c) | Action::Give(c) => {
                out.push((false, entry(Some(seat), seat.partner(), CardSet::single(c))));
            }
            _ => {}
        }
    }
    if out.len() > 4 {
        out.retain(|(taken, _)| !taken);
    }
    out.truncate(4);
    out.into_iter().map(|(_, e)| e).collect()
}
