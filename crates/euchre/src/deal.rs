//! One deal of four-handed Euchre: bidding, the discard, going alone, five tricks, and the score.
//!
//! [`Deal`] is a plain value (no heap): cloning it is a copy, so search can branch freely.

use crate::action::{Action, ActionList};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::{DealError, IllegalAction};
use crate::rules::{
    AloneTiming, DefendAlone, FarmersPolicy, JamboneCalls, JokerUpcard, LonerLead, Packets,
    RenegePenaltyMode, Reneging, Rules, TrumpRequirement,
};
use crate::scoring::{deal_points, DealResult};
use crate::seat::{Seat, Team};
use crate::shuffle::{shuffled_prefix, Batched};
use crate::trump::{table_at, Trump, TrumpTable};
use rand::RngCore;

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

/// `NEXT_IN_PLAY[active][seat]`: the next seat clockwise whose bit is in `active` (a seat mask),
/// or simply the next seat when none is.
static NEXT_IN_PLAY: [[Seat; 4]; 16] = {
    let mut t = [[Seat::new(0); 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut s = 0;
        while s < 4 {
            let mut n = (s + 1) % 4;
            let mut k = 0;
            while k < 3 && mask & (1 << n) == 0 {
                n = (n + 1) % 4;
                k += 1;
            }
            if mask & (1 << n) == 0 {
                n = (s + 1) % 4;
            }
            t[mask][s] = Seat::new(n as u8);
            s += 1;
        }
        mask += 1;
    }
    t
};

/// The next seat clockwise after `seat` whose bit is set in the seat mask `active`.
#[inline]
pub fn next_in_play(active: u8, seat: Seat) -> Seat {
    NEXT_IN_PLAY[active as usize & 15][seat.index()]
}

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

/// What a jamboree scores (Keller 1887, Railroad).
pub const JAMBOREE_POINTS: u8 = 16;

/// The five highest trumps of a suit: both bowers, A, K, Q; with the Joker: Joker, both bowers,
/// A, K (`RULES.md` §8).
pub fn top_five_trumps(suit: Suit, joker: bool) -> CardSet {
    let top = CardSet::EMPTY
        .with(Card::new(Rank::Jack, suit))
        .with(Card::new(Rank::Jack, suit.same_colour()))
        .with(Card::new(Rank::Ace, suit))
        .with(Card::new(Rank::King, suit));
    top.with(if joker {
        Card::JOKER
    } else {
        Card::new(Rank::Queen, suit)
    })
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
    pub(crate) maker_alone: bool,
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
    pub(crate) led: u8,
    pub(crate) trick_len: u8,
    pub(crate) best_seat: Seat,
    pub(crate) best_power: u8,
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
    fn from_parts(rules: Rules, dealer: Seat, hands: [CardSet; 4], upcard: Card, kitty: CardSet) -> Deal {
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
            lone_defender: None,
            discard: None,
            upcard_taken: false,
            active: 0b1111,
            per_trick: 4,
            next_seat: [Seat::new(1), Seat::new(2), Seat::new(3), Seat::new(0)],
            table_index: Trump::NoTrump.index() as u8,
            leader: first,
            led: 0,
            trick_len: 0,
            best_seat: first,
            best_power: 0,
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

    /// The farmers' question, when asked; otherwise the bidding.
    #[inline]
    fn ask_farmers(&mut self) {
        if self.rules.farmers || self.rules.go_under {
            self.phase = Phase::Farmers;
            self.to_act = self.dealer.left();
        } else {
            self.begin_bidding();
        }
    }

    /// The bidding begins (after the farmers' question, when asked).
    #[inline]
    fn begin_bidding(&mut self) {
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

    /// True when `seat` may show its hand as a farmer's hand (only 9s and 10s) or, under
    /// `go_under`, as ace-no-face (one ace, otherwise 9s and 10s).
    pub fn holds_farmers(&self, seat: Seat) -> bool {
        let hand = self.hands[seat.index()];
        let low = |c: Card| matches!(c.rank(), Some(Rank::Nine | Rank::Ten));
        let aces = hand.iter().filter(|c| c.rank() == Some(Rank::Ace)).count();
        let rest_low = hand.iter().filter(|&c| c.rank() != Some(Rank::Ace)).all(low);
        rest_low && ((self.rules.farmers && aces == 0) || (self.rules.go_under && aces == 1))
    }

    /// The hands shown by farmers (empty for the others).
    pub fn shown_hands(&self) -> [CardSet; 4] {
        self.shown
    }

    /// True when the deal was thrown in by a farmer's hand (`farmers_policy = redeal`): the same
    /// dealer deals again.
    pub fn thrown_in_for_farmers(&self) -> bool {
        self.redeal
    }

    // ----- accessors -----

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// True once the deal is scored or thrown in.
    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }
    /// The seat to decide, or `None` when the deal is over.
    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Done).then_some(self.to_act)
    }
    /// The turned card.
    pub fn upcard(&self) -> Card {
        self.upcard
    }
    /// The hands as dealt.
    pub fn dealt_hands(&self) -> [CardSet; 4] {
        self.dealt
    }
    /// The cards each seat holds now.
    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }
    /// The undealt cards (the upcard not included).
    pub fn kitty(&self) -> CardSet {
        self.kitty
    }
    /// Trump, once made.
    pub fn trump(&self) -> Option<Trump> {
        self.trump
    }
    /// The seat that made trump.
    pub fn maker(&self) -> Option<Seat> {
        self.maker
    }
    /// The maker, if playing alone.
    pub fn lone_maker(&self) -> Option<Seat> {
        self.maker.filter(|_| self.maker_alone)
    }
    /// The defender playing alone, if any.
    pub fn lone_defender(&self) -> Option<Seat> {
        self.lone_defender
    }
    /// The dealer's discard.
    pub fn discard(&self) -> Option<Card> {
        self.discard
    }
    /// True when the dealer took the upcard into the hand.
    pub fn upcard_taken(&self) -> bool {
        self.upcard_taken
    }
    /// True when `seat` takes part in the play (not sitting out for a loner).
    pub fn is_active(&self, seat: Seat) -> bool {
        self.active & seat.bit() != 0
    }
    /// Tricks taken by each team so far.
    pub fn tricks_won(&self) -> [u8; 2] {
        self.tricks_won
    }
    /// Points each team scored in this deal (zero until it is done).
    pub fn points(&self) -> [u8; 2] {
        self.points
    }
    /// True when the maker plays jambone.
    pub fn jambone(&self) -> bool {
        self.jambone
    }
    /// True when the dealer went alone blind (`robson`).
    pub fn blind_loner(&self) -> bool {
        self.blind
    }
    /// Points taken off each team's score by this deal (a robson march; a renege penalty under
    /// `renege_penalty_mode = deduct`).
    pub fn deductions(&self) -> [u8; 2] {
        self.deductions
    }
    /// True when a proven renege voided the hand.
    pub fn voided_by_renege(&self) -> bool {
        self.voided
    }
    /// The jambone player's hand, face up for all once the play begins.
    pub fn exposed(&self) -> Option<(Seat, CardSet)> {
        let j = self
            .maker
            .filter(|_| self.jambone && self.phase.in_or_after_play())?;
        Some((j, self.hands[j.index()]))
    }
    /// True when all passed twice and the hand was thrown in.
    pub fn passed_out(&self) -> bool {
        self.phase == Phase::Done && self.maker.is_none() && !self.redeal
    }
    /// Every decision so far with the seat that took it, the discard included. A card an
    /// opponent named from a jambone hand appears as that opponent's `name` decision.
    pub fn history(&self) -> Vec<(Seat, Action)> {
        let mut out = self.auction().to_vec();
        let per = usize::from(self.per_trick.max(1));
        for (i, (seat, &c)) in self.play_seats().zip(self.plays()).enumerate() {
            let named = if self.jambone && Some(seat) == self.maker {
                self.namer_at(i / per, i % per == 0)
            } else {
                None
            };
            out.push(match named {
                Some(n) => (n, Action::Name(c)),
                None => (seat, Action::Play(c)),
            });
        }
        out.extend_from_slice(&self.post[..self.post_len as usize]);
        out
    }

    /// Who names the jambone player's card in `trick` (leading or following), if anyone.
    fn namer_at(&self, trick: usize, leading: bool) -> Option<Seat> {
        let j = self.maker?;
        match self.rules.jambone_calls {
            JamboneCalls::FirstTrick if trick > 0 => None,
            _ if leading => Some(j.left()),
            JamboneCalls::FirstTrick => Some(self.trick_leaders[0]),
            JamboneCalls::EveryTrick => Some(j.plus(3)),
        }
    }

    /// The decisions before the play: bids, the discard, the alone decisions.
    pub fn auction(&self) -> &[(Seat, Action)] {
        &self.auction[..self.auction_len as usize]
    }

    /// The seat of each card played so far, in play order.
    pub fn play_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let per = usize::from(self.per_trick.max(1));
        let mut seat = self.leader;
        (0..self.play_count as usize).map(move |i| {
            if i % per == 0 {
                seat = self.trick_leaders[i / per];
            } else {
                seat = self.next_seat[seat.index()];
            }
            seat
        })
    }

    /// Cards played so far, in order.
    pub fn plays(&self) -> &[Card] {
        &self.plays[..self.play_count as usize]
    }
    /// Number of completed tricks.
    pub fn tricks_done(&self) -> u8 {
        self.tricks_done
    }
    /// The seats that led each trick so far (the current one included).
    pub fn trick_leaders(&self) -> &[Seat] {
        let n = (self.tricks_done as usize + usize::from(self.trick_len > 0)).min(5);
        &self.trick_leaders[..n]
    }
    /// The winners of the completed tricks.
    pub fn trick_winners(&self) -> &[Seat] {
        &self.trick_winners[..self.tricks_done as usize]
    }
    /// Number of seats taking part in the play.
    pub fn active_count(&self) -> u8 {
        self.active.count_ones() as u8
    }
    /// The completed and current tricks: leader and the cards in play order.
    pub fn tricks(&self) -> Vec<(Seat, Vec<Card>)> {
        let per = self.active_count() as usize;
        self.plays()
            .chunks(per)
            .enumerate()
            .map(|(i, cards)| (self.trick_leaders[i], cards.to_vec()))
            .collect()
    }

    /// The suit the upcard offers in round 1 (the agreed suit when the Joker is turned).
    pub fn upcard_suit(&self) -> Suit {
        match (self.upcard.suit(), self.rules.joker_upcard) {
            (Some(s), _) => s,
            (None, JokerUpcard::AgreedSuit(s)) => s,
            // Blind shout never bids on the upcard's suit; clubs is only a placeholder.
            (None, JokerUpcard::BlindShout) => Suit::Clubs,
        }
    }

    #[inline]
    fn table(&self) -> &'static TrumpTable {
        table_at(self.table_index as usize)
    }

    /// The first bidder of each round.
    fn first_bidder(&self) -> Seat {
        if self.rules.dealer_shouts_first {
            self.dealer
        } else {
            self.dealer.left()
        }
    }

    /// The cards the seat to act may play (empty outside trick play). Under
    /// `reneging = penalised` that is any card held.
    #[inline]
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        if self.rules.reneging == Reneging::Penalised {
            return self.hands[self.to_act.index()];
        }
        self.following(self.to_act)
    }

    /// The cards `seat` may play to the current trick when following suit is enforced.
    #[inline]
    fn following(&self, seat: Seat) -> CardSet {
        let hand = self.hands[seat.index()];
        if self.trick_len == 0 {
            return hand;
        }
        let follow = hand.intersect(self.table().follow(self.led as usize));
        if follow.is_empty() {
            hand
        } else {
            follow
        }
    }

    /// The cards the dealer may discard (in the discard phase). A dealer playing jambone may
    /// decline the upcard, which is discarding it.
    #[inline]
    pub fn discard_options(&self) -> CardSet {
        let cards = self.hands[self.dealer.index()];
        let jambone_dealer = self.jambone && self.maker == Some(self.dealer);
        if self.rules.dealer_may_discard_upcard || jambone_dealer {
            cards
        } else {
            cards.without(self.upcard)
        }
    }

    /// True when making `trump` is barred for `seat` by `trump_requirement`.
    fn fails_trump_requirement(&self, seat: Seat, trump: Suit, with_upcard: bool) -> bool {
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

    fn push_calls(&self, out: &mut ActionList, trump: Trump) {
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
            Phase::Farmers => {
                out.push(Action::Pass);
                if self.holds_farmers(seat) {
                    out.push(Action::Farmers);
                }
            }
            Phase::FarmersSwap => {
                let hand = self.hands[seat.index()];
                for a in hand {
                    for b in hand.iter().filter(|&b| b > a) {
                        for c in hand.iter().filter(|&c| c > b) {
                            out.push(Action::Swap([a, b, c]));
                        }
                    }
                }
            }
            Phase::Bidding1 => {
                let forced = self.rules.dealer_shouts_first && seat == self.dealer && self.upcard.is_joker();
                if !forced {
                    out.push(Action::Pass);
                }
                let suit = self.upcard_suit();
                if !self.fails_trump_requirement(seat, suit, seat == self.dealer) {
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
            }
            Phase::Bidding2 => {
                let stuck = self.rules.stick_the_dealer && self.passes == 3;
                if !stuck {
                    out.push(Action::Pass);
                }
                let turned = self.upcard_suit();
                let mut relax = false;
                loop {
                    for s in Suit::ALL {
                        if s != turned && (relax || !self.fails_trump_requirement(seat, s, false)) {
                            self.push_calls(&mut out, Trump::Suit(s));
                        }
                    }
                    if self.rules.allow_no_trump {
                        self.push_calls(&mut out, Trump::NoTrump);
                    }
                    // A stuck dealer barred from every suit may call any: the deal must be played.
                    if out.is_empty() && !relax {
                        relax = true;
                        continue;
                    }
                    break;
                }
            }
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
    fn just_passed(&self) -> Option<Card> {
        match self.auction().last() {
            Some(&(_, Action::Exchange(c))) if self.phase == Phase::Give => Some(c),
            _ => None,
        }
    }

    /// The jambone player's cards an opponent may name now: never one that would force a revoke.
    pub fn name_options(&self) -> CardSet {
        match (self.phase, self.maker) {
            (Phase::Name, Some(j)) => self.following(j),
            _ => CardSet::EMPTY,
        }
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
            Action::Name(c) => {
                // The named card is the jambone player's play; `history` shows who named it.
                self.phase = Phase::Play;
                let j = self.maker.unwrap_or(seat);
                return self.play(j, c);
            }
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
            Action::Pass if self.phase == Phase::RenegeClaim => match self.next_claimant(Some(seat)) {
                Some(s) => self.to_act = s,
                None => self.score_play(),
            },
            Action::ClaimRenege => self.void_for_renege(seat.team()),
            Action::Pass if self.phase == Phase::Robson => self.phase = Phase::Done,
            Action::Subtract => {
                let makers = seat.team();
                self.deductions[makers.other().index()] = if self.maker_alone { 4 } else { 2 };
                self.points[makers.index()] = 0;
                self.phase = Phase::Done;
            }
            Action::Exchange(c) => {
                self.hands[seat.index()].remove(c);
                self.hands[seat.partner().index()].insert(c);
                self.phase = Phase::Give;
                self.to_act = seat.partner();
            }
            Action::Give(c) => {
                let loner = seat.partner();
                self.hands[seat.index()].remove(c);
                self.hands[loner.index()].insert(c);
                self.exchanged |= 1 << loner.team().index();
                if Some(loner) != self.maker {
                    // The lone defender's exchange is the last thing before the play.
                    self.start_play();
                } else if self.upcard_pending {
                    self.upcard_pending = false;
                    self.dealer_takes_upcard();
                } else {
                    self.ask_defenders();
                }
            }
            Action::Pass if self.phase == Phase::Farmers => self.next_farmer(seat),
            Action::Farmers => {
                self.shown[seat.index()] = self.hands[seat.index()];
                if self.rules.farmers_policy == FarmersPolicy::Redeal {
                    self.redeal = true;
                    self.phase = Phase::Done;
                } else {
                    self.phase = Phase::FarmersSwap;
                }
            }
            Action::Swap(given) => {
                let given: CardSet = given.into_iter().collect();
                let hand = self.hands[seat.index()];
                self.hands[seat.index()] = hand.minus(given).union(self.kitty);
                self.kitty = given;
                self.phase = Phase::Farmers;
                self.next_farmer(seat);
            }
            Action::Pass if self.phase == Phase::Jamboree => {
                let partner = seat.partner();
                if self.maker == Some(seat) && self.is_active(partner) {
                    self.to_act = partner;
                } else {
                    self.phase = Phase::Play;
                    self.turn_to(self.leader);
                }
            }
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
            Action::Alone | Action::Partner => {
                let alone = a == Action::Alone;
                if self.phase == Phase::MakerAlone {
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
    }

    /// Plays uniformly random legal decisions to the end of the deal (a Monte Carlo rollout) and
    /// returns how many were taken. Bidding goes through [`Deal::legal_actions`] and
    /// [`Deal::apply_unchecked`]; the tricks through [`Deal::play_out_tricks`].
    pub fn play_out_randomly<R: RngCore>(&mut self, draw: &mut Batched<R>) -> u32 {
        let mut decisions = 0;
        // Under table-mode reneging a jambone hand still follows suit when named, which the
        // fast trick loop does not model: that rare combination steps through `apply`.
        let penalised = self.rules.reneging == Reneging::Penalised;
        loop {
            match self.phase {
                Phase::Done => return decisions,
                Phase::Play | Phase::Name if !(penalised && self.jambone) => {
                    let n = self.play_out_tricks(draw);
                    if n == 0 {
                        return decisions;
                    }
                    decisions += n;
                    continue;
                }
                // The discard straight from its card mask: the same choices as `legal_actions`.
                Phase::Discard => {
                    let options = self.discard_options();
                    if let Some(c) = options.nth(draw.below(options.len())) {
                        self.apply_unchecked(Action::Discard(c));
                        decisions += 1;
                        continue;
                    }
                }
                _ => {}
            }
            let legal = self.legal_actions();
            if legal.is_empty() {
                return decisions;
            }
            self.apply_unchecked(legal[draw.below(legal.len() as u32) as usize]);
            decisions += 1;
        }
    }

    /// The rest of the trick play with uniformly random legal cards; returns the cards played.
    ///
    /// This is [`Deal::apply`] of random legal plays to the end, with the changing fields held in
    /// locals: rollouts are the hot loop of search. A property test checks it against stepping
    /// through `apply` with the same draws.
    pub fn play_out_tricks<R: RngCore>(&mut self, draw: &mut Batched<R>) -> u32 {
        // A named jambone card is a uniform pick from the cards the jambone hand may play, the
        // same draw as the jambone player's own pick: the loop plays it as the jambone seat's.
        let mut seat = match self.phase {
            Phase::Play => self.to_act,
            Phase::Name => self.maker.unwrap_or(self.to_act),
            _ => return 0,
        };
        let table = self.table();
        let next = self.next_seat;
        let per = self.per_trick;
        let mut hands = self.hands;
        // Table-mode reneging: any card may be played.
        let loose = if self.rules.reneging == Reneging::Penalised {
            CardSet(!0)
        } else {
            CardSet::EMPTY
        };
        let mut led = self.led as usize;
        let mut trick_len = self.trick_len;
        let (mut best_seat, mut best_power) = (self.best_seat, self.best_power);
        let mut n = self.play_count as usize;
        let mut done = self.tricks_done as usize;
        let mut won = self.tricks_won;
        let start = n;
        'tricks: while done < 5 {
            if trick_len == 0 {
                // The lead: any card.
                let hand = hands[seat.index()];
                let Some(c) = hand.nth_of_five(draw.below(hand.len())) else {
                    break;
                };
                hands[seat.index()].remove(c);
                self.plays[n] = c;
                n += 1;
                led = table.effective_suit(c);
                best_seat = seat;
                best_power = table.strength(c, led);
                trick_len = 1;
                seat = next[seat.index()];
            }
            let follow_mask = table.follow(led).union(loose);
            // The others, in turn: follow suit when able.
            while trick_len < per {
                let hand = hands[seat.index()];
                let follow = hand.intersect(follow_mask);
                let legal = std::hint::select_unpredictable(follow.is_empty(), hand, follow);
                let Some(c) = legal.nth_of_five(draw.below(legal.len())) else {
                    break 'tricks;
                };
                hands[seat.index()].remove(c);
                self.plays[n] = c;
                n += 1;
                let p = table.strength(c, led);
                let better = p > best_power;
                best_power = std::hint::select_unpredictable(better, p, best_power);
                best_seat = std::hint::select_unpredictable(better, seat, best_seat);
                trick_len += 1;
                if trick_len < per {
                    seat = next[seat.index()];
                }
            }
            self.trick_winners[done] = best_seat;
            won[best_seat.team().index()] += 1;
            done += 1;
            trick_len = 0;
            if done < 5 {
                seat = best_seat;
                self.trick_leaders[done] = best_seat;
                self.leader = best_seat;
            }
        }
        self.hands = hands;
        self.to_act = seat;
        self.led = led as u8;
        self.trick_len = trick_len;
        self.best_seat = best_seat;
        self.best_power = best_power;
        self.play_count = n as u8;
        self.tricks_done = done as u8;
        self.tricks_won = won;
        if done == 5 {
            self.score();
        }
        (n - start) as u32
    }

    #[inline]
    fn record(&mut self, seat: Seat, a: Action) {
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

    /// After `seat` answered the farmers' question: the next seat, or the bidding.
    #[inline]
    fn next_farmer(&mut self, seat: Seat) {
        if seat == self.dealer {
            self.begin_bidding();
        } else {
            self.to_act = seat.left();
        }
    }

    #[inline]
    fn pass(&mut self) {
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
    fn make(&mut self, seat: Seat, trump: Trump, alone: bool) {
        self.trump = Some(trump);
        self.table_index = trump.index() as u8;
        self.maker = Some(seat);
        self.maker_alone = alone;
    }

    /// Round 1's acceptance (an order, or the blind loner): the dealer takes the upcard, unless
    /// sitting out.
    #[inline]
    fn accept_upcard(&mut self, seat: Seat, alone: bool, jambone: bool) {
        let forced_alone = self.rules.canadian && seat == self.dealer.partner();
        self.make(
            seat,
            Trump::Suit(self.upcard_suit()),
            alone || forced_alone || jambone,
        );
        self.jambone = jambone;
        let dealer_sits_out = self.maker_alone && seat == self.dealer.partner();
        if dealer_sits_out && self.rules.alone_timing == AloneTiming::WithCall {
            // The dealer's hand is out of play: the upcard stays with the kitty.
            self.kitty.insert(self.upcard);
            self.after_call();
        } else {
            self.dealer_takes_upcard();
        }
    }

    /// A round-2 call (or the dealer's blind shout).
    #[inline]
    fn call(&mut self, seat: Seat, trump: Trump, alone: bool, jambone: bool) {
        self.make(seat, trump, alone || jambone);
        self.jambone = jambone;
        if self.phase == Phase::BlindShout {
            self.dealer_takes_upcard();
        } else {
            self.after_call();
        }
    }

    /// The dealer adds the upcard and discards; a dealer playing alone under `partners_best`
    /// first exchanges with the partner (the double exchange).
    #[inline]
    fn dealer_takes_upcard(&mut self) {
        let dealer = self.dealer;
        let exchange_first = self.rules.partners_best
            && self.maker_alone
            && self.maker == Some(dealer)
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

    /// After the call (and the discard, if any): the alone decisions, then play.
    #[inline]
    fn after_call(&mut self) {
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
    fn maker_ready(&mut self) {
        match self.maker {
            Some(m)
                if self.rules.partners_best
                    && self.maker_alone
                    && self.exchanged & (1 << m.team().index()) == 0 =>
            {
                self.begin_exchange(m)
            }
            _ => self.ask_defenders(),
        }
    }

    fn begin_exchange(&mut self, loner: Seat) {
        self.phase = Phase::Exchange;
        self.to_act = loner;
    }

    #[inline]
    fn ask_defenders(&mut self) {
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
    fn first_defender_asked(&self, maker: Seat) -> Seat {
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

    #[inline]
    fn start_play(&mut self) {
        let maker = self.maker.unwrap_or(self.dealer);
        let (leader, active) = first_leader(
            &self.rules,
            self.dealer,
            maker,
            self.maker_alone,
            self.lone_defender,
        );
        self.active = active;
        self.per_trick = active.count_ones() as u8;
        self.next_seat = NEXT_IN_PLAY[active as usize & 15];
        self.phase = Phase::Play;
        self.leader = leader;
        self.trick_leaders[0] = leader;
        // A jambone player has chosen to play the hand (a jamboree so played scores as jambone).
        if self.rules.jamboree && !self.jambone && matches!(self.trump, Some(Trump::Suit(_))) {
            // The maker is asked first, then the partner if in play.
            self.phase = Phase::Jamboree;
            self.to_act = maker;
        } else {
            self.turn_to(leader);
        }
    }

    /// Gives the turn to `seat` in trick play, or to the opponent who names the jambone player's
    /// card when a call applies.
    #[inline]
    fn turn_to(&mut self, seat: Seat) {
        self.to_act = seat;
        if self.jambone && Some(seat) == self.maker {
            let trick = self.tricks_done as usize;
            if let Some(n) = self.namer_at(trick, self.trick_len == 0) {
                self.phase = Phase::Name;
                self.to_act = n;
            }
        }
    }

    /// True when `seat` may claim a jamboree: on the makers' side, in play, holding the five
    /// highest trumps. Only the dealer who made trump may count the upcard among them.
    pub fn holds_jamboree(&self, seat: Seat) -> bool {
        let (Some(maker), Some(Trump::Suit(suit))) = (self.maker, self.trump) else {
            return false;
        };
        if !self.rules.jamboree || seat.team() != maker.team() || !self.is_active(seat) {
            return false;
        }
        let mut hand = self.hands[seat.index()];
        if seat == self.dealer && maker != self.dealer && self.upcard_taken {
            hand.remove(self.upcard);
        }
        let top = top_five_trumps(suit, self.rules.joker);
        hand.intersect(top) == top
    }

    #[inline]
    fn play(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        self.plays[self.play_count as usize] = c;
        self.play_count += 1;
        let table = self.table();
        if self.trick_len == 0 {
            self.led = table.effective_suit(c) as u8;
            self.best_seat = seat;
            self.best_power = table.strength(c, self.led as usize);
        } else {
            let p = table.strength(c, self.led as usize);
            if p > self.best_power {
                self.best_power = p;
                self.best_seat = seat;
            }
        }
        self.trick_len += 1;
        if self.trick_len < self.per_trick {
            self.turn_to(self.next_seat[seat.index()]);
            return;
        }
        let winner = self.best_seat;
        self.trick_winners[self.tricks_done as usize] = winner;
        self.tricks_won[winner.team().index()] += 1;
        self.tricks_done += 1;
        self.trick_len = 0;
        if self.tricks_done == 5 {
            self.score();
        } else {
            self.leader = winner;
            self.trick_leaders[self.tricks_done as usize] = winner;
            self.turn_to(winner);
        }
    }

    /// After the last trick: renege claims (when one can be proved), then the score.
    #[inline]
    fn score(&mut self) {
        // One final state however the last card came (played, named, or by the rollout).
        self.to_act = self.dealer;
        if self.rules.reneging == Reneging::Penalised {
            if let Some(s) = self.next_claimant(None) {
                self.phase = Phase::RenegeClaim;
                self.to_act = s;
                return;
            }
        }
        self.score_play();
    }

    /// Scores the tricks; under `robson` a march then offers the makers the subtraction.
    #[inline]
    fn score_play(&mut self) {
        let maker_team = self.maker.unwrap_or(self.dealer).team();
        let result = DealResult {
            maker_tricks: self.tricks_won[maker_team.index()],
            maker_alone: self.maker_alone,
            lone_defender: self.lone_defender.is_some(),
            jambone: self.jambone,
            blind: self.blind,
        };
        let (mut m, mut d) = deal_points(&self.rules, result);
        if self.rules.fast_break && self.fast_break() {
            // The hand scores nothing for either side, a partner's point included.
            (m, d) = (0, 0);
        } else if self.partner_of_dealer_made_it() {
            m += 1;
        }
        self.points[maker_team.index()] = m;
        self.points[maker_team.other().index()] = d;
        self.phase = Phase::Done;
        if self.rules.robson && self.tricks_won[maker_team.index()] == 5 && m > 0 {
            self.phase = Phase::Robson;
            self.to_act = self.maker.unwrap_or(self.dealer);
        }
    }

    /// Seats (a bit each) that failed to follow suit although they held the suit led. Every
    /// card in play is played by the end, so after the last trick this follows from the tricks
    /// alone: a seat that did not follow and later played the suit led.
    pub fn reneged_seats(&self) -> u8 {
        let Some(trump) = self.trump else { return 0 };
        let table = trump.table();
        let seats: Vec<Seat> = self.play_seats().collect();
        let plays = self.plays();
        let per = usize::from(self.per_trick.max(1));
        let mut guilty = 0u8;
        for (i, (&s, &c)) in seats.iter().zip(plays).enumerate() {
            let led = table.effective_suit(plays[i - i % per]);
            if table.effective_suit(c) == led {
                continue;
            }
            let later = (i - i % per + per..plays.len())
                .any(|k| seats[k] == s && table.effective_suit(plays[k]) == led);
            if later {
                guilty |= s.bit();
            }
        }
        guilty
    }

    /// The next seat, clockwise from the eldest to the dealer and after `after` when given,
    /// whose opponents reneged.
    fn next_claimant(&self, after: Option<Seat>) -> Option<Seat> {
        let guilty = self.reneged_seats();
        // Offsets from the dealer: the eldest is 1, the dealer 4.
        let offset = |s: Seat| (s.index() + 3 - self.dealer.index()) % 4 + 1;
        let start = after.map_or(1, |s| offset(s) + 1);
        (start..=4).map(|k| self.dealer.plus(k as u8)).find(|s| {
            let opponents = s.left().bit() | s.plus(3).bit();
            guilty & opponents != 0
        })
    }

    /// A proven renege voids the hand: the innocent side scores (or the guilty side loses) 2,
    /// or 4 when the innocent side was playing a lone hand.
    fn void_for_renege(&mut self, innocent: Team) {
        let lone = (self.maker_alone && self.maker.map(Seat::team) == Some(innocent))
            || self.lone_defender.map(Seat::team) == Some(innocent);
        let penalty = if lone { 4 } else { 2 };
        self.points = [0; 2];
        match self.rules.renege_penalty_mode {
            RenegePenaltyMode::Add => self.points[innocent.index()] = penalty,
            RenegePenaltyMode::Deduct => self.deductions[innocent.other().index()] = penalty,
        }
        self.voided = true;
        self.phase = Phase::Done;
    }

    /// The defenders took the first two tricks and the makers the last three (`fast_break`).
    fn fast_break(&self) -> bool {
        let Some(maker) = self.maker else { return false };
        let t = maker.team();
        self.tricks_done == 5
            && self.trick_winners[..2].iter().all(|w| w.team() != t)
            && self.trick_winners[2..].iter().all(|w| w.team() == t)
    }

    /// `point_on_partner`: the dealer's partner made trump and the makers took 3 or more tricks.
    fn partner_of_dealer_made_it(&self) -> bool {
        self.rules.point_on_partner
            && !self.voided
            && self.maker == Some(self.dealer.partner())
            && self.tricks_won[self.dealer.team().index()] >= 3
    }

    /// True when the same dealer deals the next hand (`point_on_partner`).
    pub fn dealer_deals_again(&self) -> bool {
        self.phase == Phase::Done && self.partner_of_dealer_made_it()
    }

    /// The team that earns a four-trick token (`four_trick_tokens`): partnered makers who took
    /// exactly four tricks.
    pub fn four_trick_token(&self) -> Option<Team> {
        let maker = self.maker?;
        (self.rules.four_trick_tokens
            && self.phase == Phase::Done
            && !self.voided
            && !self.maker_alone
            && self.tricks_won[maker.team().index()] == 4)
            .then_some(maker.team())
    }

    /// The team that made trump.
    pub fn maker_team(&self) -> Option<Team> {
        self.maker.map(Seat::team)
    }

    /// Explains why `a` is not legal now (call only for an illegal action).
    fn why_illegal(&self, a: Action) -> IllegalAction {
        let seat = self.to_act;
        let hand = self.hands[seat.index()];
        let phase = self.phase;
        let after_play = matches!(phase, Phase::Done | Phase::Robson);
        if a == Action::ClaimRenege && after_play && self.reneged_seats() == 0 {
            return IllegalAction::NoRenege;
        }
        if phase == Phase::Done {
            return IllegalAction::DealOver;
        }
        match (phase, a) {
            (Phase::Play, Action::Play(c)) if !hand.contains(c) => IllegalAction::NotHeld { seat, card: c },
            (Phase::Play, Action::Play(c)) => {
                let follow = hand.intersect(self.table().follow(self.led as usize));
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
            (Phase::Name, Action::Name(c)) => match self.maker {
                Some(j) if self.hands[j.index()].contains(c) => IllegalAction::NameForcesRevoke {
                    card: c,
                    led: self.led_name(),
                },
                _ => IllegalAction::NotHeld {
                    seat: self.maker.unwrap_or(seat),
                    card: c,
                },
            },
            (Phase::Give, Action::Give(c)) if self.just_passed() == Some(c) => {
                IllegalAction::GiveBack { card: c }
            }
            (Phase::Give, Action::Give(c)) | (Phase::Exchange, Action::Exchange(c)) => {
                IllegalAction::NotHeld { seat, card: c }
            }
            (Phase::Bidding2, Action::Pass) => IllegalAction::DealerStuck { seat },
            (
                Phase::Bidding2,
                Action::Call {
                    trump: Trump::Suit(s),
                    ..
                },
            ) if s == self.upcard_suit() => IllegalAction::TurnedDownSuit { suit: s },
            (
                Phase::Bidding2,
                Action::Call {
                    trump: Trump::NoTrump,
                    ..
                },
            ) if !self.rules.allow_no_trump => IllegalAction::NoTrumpNotAllowed,
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

    fn expected(&self) -> &'static str {
        match self.phase {
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
    fn led_name(&self) -> &'static str {
        match self.led as usize {
            s @ 0..=3 => Suit::from_index(s).name(),
            _ => "the Joker",
        }
    }

    /// Cards played to the trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        let start = self.play_count as usize - self.trick_len as usize;
        &self.plays[start..self.play_count as usize]
    }
}

/// The seats taking part (a bit each) and the first leader, once the alone decisions are made.
pub fn first_leader(
    rules: &Rules,
    dealer: Seat,
    maker: Seat,
    maker_alone: bool,
    lone_defender: Option<Seat>,
) -> (Seat, u8) {
    let mut active = 0b1111u8;
    if maker_alone {
        active &= !maker.partner().bit();
    }
    if let Some(d) = lone_defender {
        active &= !d.partner().bit();
    }
    let next_active = |s: Seat| next_in_play(active, s);
    let loner = if maker_alone { Some(maker) } else { lone_defender };
    let leader = match (maker_alone, lone_defender) {
        (true, Some(d)) if rules.defender_leads_both_alone => d,
        _ => match (rules.loner_lead, loner) {
            (LonerLead::LeftOfLoner, Some(l)) => next_active(l),
            _ => next_active(dealer),
        },
    };
    (leader, active)
}
