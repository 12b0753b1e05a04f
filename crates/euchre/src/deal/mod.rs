//! One deal of four-handed Euchre: bidding, the discard, going alone, five tricks, and the score.
//!
//! [`Deal`] is a plain value (no heap): cloning it is a copy, so search can branch freely.
//!
//! This file holds the state, the dealing and the two entry points that every decision passes
//! through ([`Deal::legal_actions`] and [`Deal::apply`]); each phase's rules live in their own
//! module: `bidding` (the rounds, the discard, going alone), `exchanges` (farmers' hands and
//! `partners_best`), `jambone` (jambone and jamboree), `play` (tricks), `rollout` (random play to
//! the end, for search), `claims` (table-mode reneging), `score`, `tricks` (the trick play as a
//! small value, for exact search), and `refusal` (why an action is refused). `accessors` is what
//! a deal shows.

use crate::action::{Action, ActionList};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::{DealError, IllegalAction};
use crate::rules::{Packets, Rules};
use crate::scoring::JAMBOREE_POINTS;
use crate::seat::Seat;
use crate::shuffle::shuffled_prefix;
use crate::trick::Trick;
use crate::trump::{table_at, Trump, TrumpTable};
use rand::RngCore;

mod accessors;
mod bidding;
mod claims;
mod exchanges;
mod jambone;
mod play;
mod refusal;
mod rollout;
mod score;
mod tricks;

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Under `robson`, when a jack is turned: the dealer may go alone before seeing the hand.
    BlindLoner,
    /// Under `farmers` / `go_under`, before the bidding: each player in turn from the eldest may
    /// show a farmer's hand (the others can only pass, so the question tells nobody anything).
    Farmers,
    /// The farmer who showed the hand gives three cards for the kitty.
    FarmersSwap,
    /// Round 1: accept the upcard's suit or pass.
    Bidding1,
    /// Round 2: name another suit (or no-trump) or pass.
    Bidding2,
    /// The Joker was turned and the dealer names trump blind.
    BlindShout,
    /// The dealer discards after taking up the upcard.
    Discard,
    /// The maker decides to play alone (when `alone_timing = after_discard`).
    MakerAlone,
    /// The maker's partner may take the hand alone (`defend_alone = any`) or as jambone
    /// (`jambone_jamboree_by = makers_side`) while the maker sits out.
    PartnerAlone,
    /// A defender decides to defend alone.
    DefendAlone,
    /// Under `partners_best`, a loner passes a card face down to the partner.
    Exchange,
    /// The loner's partner gives a card back.
    Give,
    /// Before the first lead, under `jamboree`, each player of the makers' side in turn may claim
    /// a jamboree (only one holding the five highest trumps can; the others can only pass, so
    /// the question itself tells nobody anything).
    Jamboree,
    /// Trick play.
    Play,
    /// An opponent of the jambone player names the card the jambone player leads or plays.
    Name,
    /// Under `reneging = penalised`, after the last trick: a seat whose opponent failed to follow
    /// suit may claim the renege.
    RenegeClaim,
    /// Under `robson`, after a march: the makers may take points off the opponents instead.
    Robson,
    /// Scored (or thrown in).
    Done,
}

impl Phase {
    /// True from the first lead on: who plays is settled and a jambone hand is face up.
    pub fn in_or_after_play(self) -> bool {
        matches!(
            self,
            Phase::Play | Phase::Name | Phase::RenegeClaim | Phase::Robson | Phase::Done
        )
    }

    /// The phase in words, as a refusal names it: "round 1 of the bidding".
    pub fn words(self) -> &'static str {
        match self {
            Phase::BlindLoner => "the dealer's blind loner question (before anyone looks at a hand)",
            Phase::Farmers => "the farmer's hand calls before the bidding",
            Phase::FarmersSwap => "the farmer's swap with the kitty",
            Phase::Bidding1 => "round 1 of the bidding",
            Phase::Bidding2 => "round 2 of the bidding",
            Phase::BlindShout => "the dealer's blind call of trump (the Joker was turned)",
            Phase::Discard => "the dealer's discard",
            Phase::MakerAlone => "the maker's choice of going alone",
            Phase::PartnerAlone => "the maker's partner's choice after the call",
            Phase::DefendAlone => "a defender's choice of defending alone",
            Phase::Exchange => "the loner's exchange with the partner",
            Phase::Give => "the partner's card back to the loner",
            Phase::Jamboree => "the jamboree question before the first lead",
            Phase::Play => "the play",
            Phase::Name => "the naming of the jambone hand's card",
            Phase::RenegeClaim => "the renege claims after the last trick",
            Phase::Robson => "the maker's choice after a march (robson)",
            Phase::Done => "a deal that is over",
        }
    }

    /// A short lower-case name, used by the engine protocol.
    pub fn name(self) -> &'static str {
        match self {
            Phase::BlindLoner => "blind_loner",
            Phase::Farmers => "farmers",
            Phase::FarmersSwap => "farmers_swap",
            Phase::Bidding1 => "bidding1",
            Phase::Bidding2 => "bidding2",
            Phase::BlindShout => "blind_shout",
            Phase::Discard => "discard",
            Phase::MakerAlone => "maker_alone",
            Phase::PartnerAlone => "partner_alone",
            Phase::DefendAlone => "defend_alone",
            Phase::Exchange => "exchange",
            Phase::Give => "give",
            Phase::Jamboree => "jamboree",
            Phase::Play => "play",
            Phase::Name => "name",
            Phase::RenegeClaim => "renege_claim",
            Phase::Robson => "robson",
            Phase::Done => "done",
        }
    }
}

/// Who receives each of the first 20 cards, as seats left of the dealer: two rounds of packets
/// from the eldest, 2 then 3 cards (or 3 then 2).
const PACKETS_2_3: [u8; 20] = [1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0];
const PACKETS_3_2: [u8; 20] = [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0];

/// The hands of the seats 0..3 places left of the dealer, from the shuffled cards and a packet
/// order. Inlined with a constant order, the loop unrolls into four register accumulators.
#[inline(always)]
fn packet_hands(deck: &[Card; 33], order: &[u8; 20]) -> [CardSet; 4] {
    let mut acc = [0u64; 4];
    for i in 0..20 {
        acc[order[i] as usize] |= 1 << deck[i].index();
    }
    acc.map(CardSet)
}

/// Most decisions before the play one deal can hold: 4 farmers' answers and 4 swaps, the blind
/// loner's, 8 bids, a discard, 3 alone decisions, 2 exchanges of 2 cards, 2 jamboree answers.
pub const MAX_AUCTION: usize = 32;

/// Most decisions after the play: 4 renege answers and the robson choice.
const MAX_POST: usize = 6;

/// Fills the unused places of the card and decision arrays (never read): card index 0, so a new
/// deal's arrays start as zeroed memory, which the compiler writes in a few wide stores.
const PLACEHOLDER_CARD: Card = match Card::from_index(0) {
    Some(c) => c,
    None => Card::JOKER,
};

/// One four-handed deal.
#[derive(Clone, Debug)]
pub struct Deal {
    pub(crate) rules: Rules,
    pub(crate) dealer: Seat,
    pub(crate) dealt: [CardSet; 4],
    pub(crate) hands: [CardSet; 4],
    pub(crate) upcard: Card,
    /// The cards nobody was dealt, the upcard not included.
    pub(crate) kitty: CardSet,
    pub(crate) phase: Phase,
    pub(crate) to_act: Seat,
    pub(crate) passes: u8,
    pub(crate) trump: Option<Trump>,
    pub(crate) maker: Option<Seat>,
    /// The makers play alone: the maker, or the partner when `partner_plays`.
    pub(crate) maker_alone: bool,
    /// The maker's partner took the hand alone (or as jambone) and the maker sits out.
    pub(crate) partner_plays: bool,
    pub(crate) lone_defender: Option<Seat>,
    pub(crate) discard: Option<Card>,
    pub(crate) upcard_taken: bool,
    /// Seats taking part in the play, one bit each.
    pub(crate) active: u8,
    /// Cards in a trick: the number of active seats, fixed when play starts.
    pub(crate) per_trick: u8,
    /// The next seat in play after each seat, fixed when play starts.
    pub(crate) next_seat: [Seat; 4],
    /// Index of the trump table (no-trump's until trump is made).
    pub(crate) table_index: u8,
    pub(crate) leader: Seat,
    /// The trick in progress.
    pub(crate) trick: Trick,
    pub(crate) tricks_done: u8,
    pub(crate) tricks_won: [u8; 2],
    pub(crate) trick_winners: [Seat; 5],
    pub(crate) trick_leaders: [Seat; 5],
    pub(crate) plays: [Card; 20],
    pub(crate) play_count: u8,
    /// The decisions before the play (the plays are `plays`, their seats follow from the tricks).
    pub(crate) auction: [(Seat, Action); MAX_AUCTION],
    pub(crate) auction_len: u8,
    pub(crate) points: [u8; 2],
    /// Hands shown by farmers, as dealt.
    pub(crate) shown: [CardSet; 4],
    /// Thrown in for a farmer's hand (`farmers_policy = redeal`).
    pub(crate) redeal: bool,
    /// The maker plays jambone (alone, the hand face up).
    pub(crate) jambone: bool,
    /// The dealer went alone blind (`robson`).
    pub(crate) blind: bool,
    /// `partners_best`: teams (a bit each) whose loner has exchanged.
    pub(crate) exchanged: u8,
    /// The dealer, a loner, exchanges with the partner before taking up the upcard.
    pub(crate) upcard_pending: bool,
    /// Decisions after the play: renege claims and the robson choice.
    pub(crate) post: [(Seat, Action); MAX_POST],
    pub(crate) post_len: u8,
    /// Points taken off each team (a robson march, a renege under `renege_penalty_mode = deduct`).
    pub(crate) deductions: [u8; 2],
    /// The hand was voided by a proven renege.
    pub(crate) voided: bool,
}

impl Deal {
    /// Starts a deal from given hands.
    ///
    /// `kitty` may be empty, in which case the undealt cards form it.
    ///
    /// # Errors
    /// A hand without 5 cards, a card twice, or a card not in the rules' deck.
    pub fn new(
        rules: Rules,
        dealer: Seat,
        hands: [CardSet; 4],
        upcard: Card,
        kitty: CardSet,
    ) -> Result<Deal, DealError> {
        rules.validate().map_err(DealError::Rules)?;
        let deck = rules.deck();
        let mut seen = CardSet::EMPTY;
        for (i, h) in hands.iter().enumerate() {
            if h.len() != 5 {
                return Err(DealError::HandSize {
                    seat: Seat::new(i as u8),
                    cards: h.len(),
                });
            }
            if let Some(c) = h.minus(deck).first() {
                return Err(DealError::NotInDeck(c));
            }
            if let Some(c) = h.intersect(seen).first() {
                return Err(DealError::Duplicate(c));
            }
            seen = seen.union(*h);
        }
        if !deck.contains(upcard) {
            return Err(DealError::NotInDeck(upcard));
        }
        if seen.contains(upcard) {
            return Err(DealError::Duplicate(upcard));
        }
        seen.insert(upcard);
        let rest = deck.minus(seen);
        let kitty = if kitty.is_empty() {
            rest
        } else if let Some(c) = kitty.minus(deck).first() {
            return Err(DealError::NotInDeck(c));
        } else if let Some(c) = kitty.intersect(seen).first() {
            return Err(DealError::Duplicate(c));
        } else if kitty != rest {
            return Err(DealError::KittyIncomplete {
                expected: rest.len(),
                got: kitty.len(),
            });
        } else {
            kitty
        };
        Ok(Deal::from_parts(rules, dealer, hands, upcard, kitty))
    }

    /// Deals at random from `rng`, in packets as the rules say.
    pub fn random<R: RngCore>(rules: Rules, dealer: Seat, rng: &mut R) -> Deal {
        // Only the 20 dealt cards and the upcard need shuffling into place.
        let (deck, n) = shuffled_prefix(rules.deck(), rng, 21);
        let by_offset = match rules.packets {
            Packets::TwoThree => packet_hands(&deck, &PACKETS_2_3),
            Packets::ThreeTwo => packet_hands(&deck, &PACKETS_3_2),
        };
        let mut hands = [CardSet::EMPTY; 4];
        for (offset, cards) in (0u8..).zip(by_offset) {
            hands[dealer.plus(offset).index()] = cards;
        }
        let upcard = deck[20];
        let mut kitty = CardSet::EMPTY;
        for &c in &deck[21..n] {
            kitty.insert(c);
        }
        Deal::from_parts(rules, dealer, hands, upcard, kitty)
    }

    /// The deal named by `seed`: the same rules, dealer and seed give the same deal forever.
    pub fn from_seed(rules: Rules, dealer: Seat, seed: u64) -> Deal {
        let mut rng = crate::shuffle::deal_rng(seed);
        Deal::random(rules, dealer, &mut rng)
    }

    #[inline]
    pub(super) fn from_parts(
        rules: Rules,
        dealer: Seat,
        hands: [CardSet; 4],
        upcard: Card,
        kitty: CardSet,
    ) -> Deal {
        // The farmers' question comes first when asked; otherwise the bidding begins at once.
        let first = dealer.left();
        let mut deal = Deal {
            rules,
            dealer,
            dealt: hands,
            hands,
            upcard,
            kitty,
            phase: Phase::Farmers,
            to_act: first,
            passes: 0,
            trump: None,
            maker: None,
            maker_alone: false,
            partner_plays: false,
            lone_defender: None,
            discard: None,
            upcard_taken: false,
            active: 0b1111,
            per_trick: 4,
            next_seat: [Seat::new(1), Seat::new(2), Seat::new(3), Seat::new(0)],
            table_index: Trump::NoTrump.index() as u8,
            leader: first,
            trick: Trick::new(first),
            tricks_done: 0,
            tricks_won: [0; 2],
            trick_winners: [first; 5],
            trick_leaders: [first; 5],
            plays: [PLACEHOLDER_CARD; 20],
            play_count: 0,
            auction: [(Seat::new(0), Action::Pass); MAX_AUCTION],
            auction_len: 0,
            points: [0; 2],
            shown: [CardSet::EMPTY; 4],
            redeal: false,
            jambone: false,
            blind: false,
            exchanged: 0,
            upcard_pending: false,
            post: [(Seat::new(0), Action::Pass); MAX_POST],
            post_len: 0,
            deductions: [0; 2],
            voided: false,
        };
        if rules.robson && upcard.rank() == Some(Rank::Jack) {
            // The dealer decides before looking at the hand, so before anyone else is asked.
            deal.phase = Phase::BlindLoner;
            deal.to_act = dealer;
        } else {
            deal.ask_farmers();
        }
        deal
    }

    #[inline]
    pub(super) fn table(&self) -> &'static TrumpTable {
        table_at(self.table_index as usize)
    }

    /// Every legal decision for the seat to act (empty when the deal is over).
    #[inline]
    pub fn legal_actions(&self) -> ActionList {
        let mut out = ActionList::new();
        let seat = self.to_act;
        match self.phase {
            Phase::BlindLoner => {
                out.push(Action::Pass);
                out.push(Action::BlindAlone);
            }
            Phase::Farmers => self.push_farmers_answers(&mut out, seat),
            Phase::FarmersSwap => self.push_swaps(&mut out, seat),
            Phase::Bidding1 => self.push_round1_bids(&mut out, seat),
            Phase::Bidding2 => self.push_round2_bids(&mut out, seat),
            Phase::BlindShout => {
                for s in Suit::ALL {
                    self.push_calls(&mut out, Trump::Suit(s));
                }
            }
            Phase::Discard => {
                for c in self.discard_options() {
                    out.push(Action::Discard(c));
                }
            }
            Phase::Jamboree => {
                out.push(Action::Pass);
                if self.holds_jamboree(seat) {
                    out.push(Action::Jamboree);
                }
            }
            Phase::MakerAlone | Phase::DefendAlone => {
                out.push(Action::Alone);
                out.push(Action::Partner);
            }
            Phase::PartnerAlone => self.push_partner_answers(&mut out),
            Phase::Exchange => {
                for c in self.hands[seat.index()] {
                    out.push(Action::Exchange(c));
                }
            }
            Phase::Give => {
                for c in self.give_options() {
                    out.push(Action::Give(c));
                }
            }
            Phase::Play => {
                for c in self.legal_plays() {
                    out.push(Action::Play(c));
                }
            }
            Phase::Name => {
                for c in self.name_options() {
                    out.push(Action::Name(c));
                }
            }
            Phase::RenegeClaim => {
                out.push(Action::Pass);
                out.push(Action::ClaimRenege);
            }
            Phase::Robson => {
                out.push(Action::Pass);
                out.push(Action::Subtract);
            }
            Phase::Done => {}
        }
        out
    }

    /// True when `a` is legal now.
    pub fn is_legal(&self, a: Action) -> bool {
        match (self.phase, a) {
            (Phase::Play, Action::Play(c)) => self.legal_plays().contains(c),
            (Phase::Play, _) | (Phase::Done, _) => false,
            _ => self.legal_actions().contains(&a),
        }
    }

    /// Applies a decision of the seat to act.
    ///
    /// # Errors
    /// An illegal action is refused with the reason, and the deal is left unchanged.
    pub fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(self.why_illegal(a));
        }
        self.apply_unchecked(a);
        Ok(())
    }

    /// Applies a decision already known to be legal (from [`Deal::legal_actions`]).
    ///
    /// Applying an illegal action this way leaves the deal in a meaningless (but memory-safe) state.
    #[inline]
    pub fn apply_unchecked(&mut self, a: Action) {
        let seat = self.to_act;
        match a {
            Action::Play(c) => return self.play(seat, c),
            Action::Name(c) => return self.play_named(seat, c),
            _ => {}
        }
        self.record(seat, a);
        match a {
            // Plays are handled above; the individual games' decisions are never legal here.
            Action::Play(_)
            | Action::Name(_)
            | Action::Bid(_)
            | Action::NameTrump(_)
            | Action::Stay
            | Action::Fold
            | Action::Declare => {}
            // The bidding's pass first: it is the most common decision of a rollout.
            Action::Pass if matches!(self.phase, Phase::Bidding1 | Phase::Bidding2) => self.pass(),
            Action::Pass if self.phase == Phase::BlindLoner => self.ask_farmers(),
            Action::BlindAlone => {
                self.blind = true;
                self.accept_upcard(seat, true, false);
            }
            Action::Pass if self.phase == Phase::RenegeClaim => self.decline_claim(seat),
            Action::ClaimRenege => self.void_for_renege(seat.team()),
            Action::Pass if self.phase == Phase::Robson => self.phase = Phase::Done,
            Action::Subtract => self.subtract(seat),
            Action::Exchange(c) => self.exchange(seat, c),
            Action::Give(c) => self.give(seat, c),
            Action::Pass if self.phase == Phase::Farmers => self.next_farmer(seat),
            Action::Farmers => self.show_farmers(seat),
            Action::Swap(given) => self.swap(seat, given),
            Action::Pass if self.phase == Phase::Jamboree => self.decline_jamboree(seat),
            // Every other phase with a pass is matched above.
            Action::Pass => {}
            Action::Jamboree => {
                // Shown and scored without play.
                self.points[seat.team().index()] = JAMBOREE_POINTS;
                self.phase = Phase::Done;
            }
            Action::Order { alone } => self.accept_upcard(seat, alone, false),
            Action::OrderJambone => self.accept_upcard(seat, true, true),
            Action::Call { trump, alone } => self.call(seat, trump, alone, false),
            Action::CallJambone(trump) => self.call(seat, trump, true, true),
            Action::Discard(c) => {
                self.hands[seat.index()].remove(c);
                self.discard = Some(c);
                self.after_call();
            }
            Action::Alone | Action::Partner => self.decide_alone(seat, a == Action::Alone),
            Action::Jambone => self.partner_decides(true, true),
        }
    }

    #[inline]
    pub(super) fn record(&mut self, seat: Seat, a: Action) {
        if matches!(self.phase, Phase::RenegeClaim | Phase::Robson) {
            if (self.post_len as usize) < MAX_POST {
                self.post[self.post_len as usize] = (seat, a);
                self.post_len += 1;
            }
        } else if (self.auction_len as usize) < MAX_AUCTION {
            self.auction[self.auction_len as usize] = (seat, a);
            self.auction_len += 1;
        }
    }
}
