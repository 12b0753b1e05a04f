//! One deal of four-handed Euchre: bidding, the discard, going alone, five tricks, and the score.
//!
//! [`Deal`] is a plain value (no heap): cloning it is a copy, so search can branch freely.

use crate::action::{Action, ActionList};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::{DealError, IllegalAction};
use crate::rules::{
    AloneTiming, DefendAlone, FarmersPolicy, JokerUpcard, LonerLead, Packets, Rules, TrumpRequirement,
};
use crate::scoring::{deal_points, DealResult};
use crate::seat::{Seat, Team};
use crate::shuffle::{shuffled_prefix, Batched};
use crate::trump::{table_at, Trump, TrumpTable};
use rand::RngCore;

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
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
    /// Before the first lead, under `jamboree`, each player of the makers' side in turn may claim
    /// a jamboree (only one holding the five highest trumps can; the others can only pass, so
    /// the question itself tells nobody anything).
    Jamboree,
    /// Trick play.
    Play,
    /// Scored (or thrown in).
    Done,
}

impl Phase {
    /// A short lower-case name, used by the engine protocol.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Farmers => "farmers",
            Phase::FarmersSwap => "farmers_swap",
            Phase::Bidding1 => "bidding1",
            Phase::Bidding2 => "bidding2",
            Phase::BlindShout => "blind_shout",
            Phase::Discard => "discard",
            Phase::MakerAlone => "maker_alone",
            Phase::DefendAlone => "defend_alone",
            Phase::Jamboree => "jamboree",
            Phase::Play => "play",
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

/// Most decisions before the play one deal can hold: 8 bids, a discard and 3 alone decisions.
pub const MAX_AUCTION: usize = 22;

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
            plays: [upcard; 20],
            play_count: 0,
            auction: [(first, Action::Pass); MAX_AUCTION],
            auction_len: 0,
            points: [0; 2],
            shown: [CardSet::EMPTY; 4],
            redeal: false,
        };
        if !(rules.farmers || rules.go_under) {
            deal.begin_bidding();
        }
        deal
    }

    /// The bidding begins (after the farmers' question, when asked).
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
    /// True when all passed twice and the hand was thrown in.
    pub fn passed_out(&self) -> bool {
        self.phase == Phase::Done && self.maker.is_none() && !self.redeal
    }
    /// Every decision so far with the seat that took it, the discard included.
    pub fn history(&self) -> Vec<(Seat, Action)> {
        let mut out = self.auction().to_vec();
        out.extend(
            self.play_seats()
                .zip(self.plays().iter().map(|&c| Action::Play(c))),
        );
        out
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

    /// The cards the seat to act may play (empty outside trick play).
    #[inline]
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let hand = self.hands[self.to_act.index()];
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

    /// The cards the dealer may discard (in the discard phase).
    #[inline]
    pub fn discard_options(&self) -> CardSet {
        let cards = self.hands[self.dealer.index()];
        if self.rules.dealer_may_discard_upcard {
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
            Phase::Play => {
                for c in self.legal_plays() {
                    out.push(Action::Play(c));
                }
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
        if let Action::Play(c) = a {
            self.play(seat, c);
            return;
        }
        self.record(seat, a);
        match a {
            Action::Play(_) => {}
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
                    self.to_act = self.leader;
                }
            }
            Action::Pass => self.pass(),
            Action::Jamboree => {
                // Shown and scored without play.
                self.points[seat.team().index()] = JAMBOREE_POINTS;
                self.phase = Phase::Done;
            }
            Action::Order { alone } => {
                let forced_alone = self.rules.canadian && seat == self.dealer.partner();
                self.make(seat, Trump::Suit(self.upcard_suit()), alone || forced_alone);
                self.upcard_taken = true;
                let dealer_sits_out = self.maker_alone && seat == self.dealer.partner();
                if dealer_sits_out && self.rules.alone_timing == AloneTiming::WithCall {
                    // The dealer's hand is out of play: the upcard stays with the kitty.
                    self.upcard_taken = false;
                    self.kitty.insert(self.upcard);
                    self.after_call();
                } else {
                    self.hands[self.dealer.index()].insert(self.upcard);
                    self.phase = Phase::Discard;
                    self.to_act = self.dealer;
                }
            }
            Action::Call { trump, alone } => {
                self.make(seat, trump, alone);
                if self.phase == Phase::BlindShout {
                    self.upcard_taken = true;
                    self.hands[self.dealer.index()].insert(self.upcard);
                    self.phase = Phase::Discard;
                    self.to_act = self.dealer;
                } else {
                    self.after_call();
                }
            }
            Action::Discard(c) => {
                self.hands[seat.index()].remove(c);
                self.discard = Some(c);
                self.after_call();
            }
            Action::Alone | Action::Partner => {
                let alone = a == Action::Alone;
                if self.phase == Phase::MakerAlone {
                    self.maker_alone = alone;
                    self.ask_defenders();
                } else if alone {
                    self.lone_defender = Some(seat);
                    self.start_play();
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
        while self.phase != Phase::Play && self.phase != Phase::Done {
            // The discard straight from its card mask: the same choices as `legal_actions`.
            if self.phase == Phase::Discard {
                let options = self.discard_options();
                if let Some(c) = options.nth(draw.below(options.len())) {
                    self.apply_unchecked(Action::Discard(c));
                    decisions += 1;
                    continue;
                }
            }
            let legal = self.legal_actions();
            if legal.is_empty() {
                return decisions;
            }
            self.apply_unchecked(legal[draw.below(legal.len() as u32) as usize]);
            decisions += 1;
        }
        decisions + self.play_out_tricks(draw)
    }

    /// The rest of the trick play with uniformly random legal cards; returns the cards played.
    ///
    /// This is [`Deal::apply`] of random legal plays to the end, with the changing fields held in
    /// locals: rollouts are the hot loop of search. A property test checks it against stepping
    /// through `apply` with the same draws.
    pub fn play_out_tricks<R: RngCore>(&mut self, draw: &mut Batched<R>) -> u32 {
        if self.phase != Phase::Play {
            return 0;
        }
        let table = self.table();
        let next = self.next_seat;
        let per = self.per_trick;
        let mut hands = self.hands;
        let mut seat = self.to_act;
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
            let follow_mask = table.follow(led);
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
        if (self.auction_len as usize) < MAX_AUCTION {
            self.auction[self.auction_len as usize] = (seat, a);
            self.auction_len += 1;
        }
    }

    /// After `seat` answered the farmers' question: the next seat, or the bidding.
    fn next_farmer(&mut self, seat: Seat) {
        if seat == self.dealer {
            self.begin_bidding();
        } else {
            self.to_act = seat.left();
        }
    }

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

    fn make(&mut self, seat: Seat, trump: Trump, alone: bool) {
        self.trump = Some(trump);
        self.table_index = trump.index() as u8;
        self.maker = Some(seat);
        self.maker_alone = alone;
    }

    /// After the call (and the discard, if any): the alone decisions, then play.
    fn after_call(&mut self) {
        let forced = self.rules.canadian && self.upcard_taken && self.maker == Some(self.dealer.partner());
        if self.rules.alone_timing == AloneTiming::AfterDiscard && !forced {
            self.phase = Phase::MakerAlone;
            self.to_act = self.maker.unwrap_or(self.dealer);
        } else {
            self.ask_defenders();
        }
    }

    fn ask_defenders(&mut self) {
        let ask = match self.rules.defend_alone {
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
        self.to_act = leader;
        self.trick_leaders[0] = leader;
        if self.rules.jamboree && matches!(self.trump, Some(Trump::Suit(_))) {
            // The maker is asked first, then the partner if in play.
            self.phase = Phase::Jamboree;
            self.to_act = maker;
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
            self.to_act = self.next_seat[seat.index()];
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
            self.to_act = winner;
            self.trick_leaders[self.tricks_done as usize] = winner;
        }
    }

    fn score(&mut self) {
        let maker_team = self.maker.unwrap_or(self.dealer).team();
        let result = DealResult {
            maker_tricks: self.tricks_won[maker_team.index()],
            maker_alone: self.maker_alone,
            lone_defender: self.lone_defender.is_some(),
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
            Phase::Farmers => "pass, or farmers when holding only 9s and 10s",
            Phase::FarmersSwap => "swap <three cards of the hand>",
            Phase::Bidding1 => "round 1 of bidding: pass or order",
            Phase::Bidding2 => "round 2 of bidding: pass or call a suit",
            Phase::BlindShout => "the dealer names trump blind: call a suit",
            Phase::Discard => "the dealer discards: discard <card>",
            Phase::MakerAlone | Phase::DefendAlone => "alone or partner",
            Phase::Jamboree => "pass, or jamboree when holding the five highest trumps",
            Phase::Play => "play a card",
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
