//! One deal of an individual game: the bidding (the upcard's two rounds, or Bid Euchre's
//! auction), staying in or throwing up the hand, the tricks, and each player's score change.

use super::rules::{Family, SoloRules};
use crate::action::{Action, ActionList, BidTrump};
use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use crate::error::IllegalAction;
use crate::outcome::DealOutcome;
use crate::seat::Seat;
use crate::shuffle::shuffled_deck;
use crate::trump::{Trump, TrumpTable};
use rand::RngCore;
use serde::Serialize;

/// Where a deal of an individual game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloPhase {
    /// Round 1: accept the upcard's suit or pass.
    Bidding1,
    /// Round 2: name another suit or pass.
    Bidding2,
    /// The dealer discards after taking up the upcard.
    Discard,
    /// Bid Euchre's auction: each player once, a higher number of tricks or pass.
    Auction,
    /// Bid Euchre: the winning bidder names trump (a suit, no trump high or low).
    NameTrump,
    /// Set-Back with `declare`: the maker may declare a march.
    Declare,
    /// Each other player stays in or throws the hand up.
    StayFold,
    /// Trick play.
    Play,
    /// Scored, or thrown in.
    Done,
}

impl SoloPhase {
    /// The phase in words, as a refusal names it: "the auction".
    pub fn words(self) -> &'static str {
        match self {
            SoloPhase::Bidding1 => "round 1 of the bidding",
            SoloPhase::Bidding2 => "round 2 of the bidding",
            SoloPhase::Discard => "the dealer's discard",
            SoloPhase::Auction => "the auction",
            SoloPhase::NameTrump => "the naming of trump by the highest bidder",
            SoloPhase::Declare => "the maker's choice of declaring a march",
            SoloPhase::StayFold => "the others' choice of staying in or folding",
            SoloPhase::Play => "the play",
            SoloPhase::Done => "a deal that is over",
        }
    }

    /// A short lower-case name, used by the engine protocol.
    pub fn name(self) -> &'static str {
        match self {
            SoloPhase::Bidding1 => "bidding1",
            SoloPhase::Bidding2 => "bidding2",
            SoloPhase::Discard => "discard",
            SoloPhase::Auction => "auction",
            SoloPhase::NameTrump => "name_trump",
            SoloPhase::Declare => "declare",
            SoloPhase::StayFold => "stay_fold",
            SoloPhase::Play => "play",
            SoloPhase::Done => "done",
        }
    }
}

impl Serialize for SoloPhase {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// How tricks are won: the standard trump tables for a suit or no trump with the ace high, and
/// every suit's order reversed (nine high) for Bid Euchre's no trump low.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ranking(pub(crate) BidTrump);

impl Ranking {
    fn table(self) -> Option<&'static TrumpTable> {
        match self.0 {
            BidTrump::Suit(s) => Some(Trump::Suit(s).table()),
            BidTrump::High => Some(Trump::NoTrump.table()),
            BidTrump::Low => None,
        }
    }

    /// The suit a card follows as (left bower to trump).
    pub(crate) fn led(self, c: Card) -> usize {
        match self.table() {
            Some(t) => t.effective_suit(c),
            None => c.suit().map_or(4, Suit::index),
        }
    }

    /// The cards of `hand` that follow a lead of `led`.
    fn following(self, hand: CardSet, led: usize) -> CardSet {
        let mask = match self.table() {
            Some(t) => t.follow(led),
            None if led < 4 => CardSet::suit(Suit::from_index(led), Rank::Seven),
            None => CardSet::EMPTY,
        };
        hand.intersect(mask)
    }

    /// A card's effective suit and its power within it (the higher wins).
    fn order(self, c: Card) -> (usize, u8) {
        match self.table() {
            Some(t) => (t.effective_suit(c), t.power(c)),
            None => (self.led(c), 20 - c.rank().map_or(0, |r| r as u8)),
        }
    }

    /// The seat whose card wins `trick` (so far, while it is in progress): the highest of the
    /// suit led, or the highest trump.
    pub(crate) fn winner(self, trick: &[(Seat, Card)]) -> Option<Seat> {
        let led = self.led(trick.first()?.1);
        trick
            .iter()
            .max_by_key(|(_, c)| self.strength(*c, led))
            .map(|&(s, _)| s)
    }

    /// A card's power in a trick led in `led` (0: it can't win).
    fn strength(self, c: Card, led: usize) -> u8 {
        match self.table() {
            Some(t) => t.strength(c, led),
            None if self.led(c) == led => 20 - c.rank().map_or(0, |r| r as u8),
            None => 0,
        }
    }
}

/// A list of at most `N` items in place, so a deal is a plain value: cloning it for search
/// copies it and allocates nothing.
#[derive(Clone, Copy, Debug)]
struct Inline<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> Inline<T, N> {
    fn new(fill: T) -> Self {
        Inline {
            items: [fill; N],
            len: 0,
        }
    }

    /// Appends. The capacities bound every deal; were one wrong, debug builds (the tests) stop
    /// here and release builds drop the item rather than panic.
    fn push(&mut self, x: T) {
        debug_assert!(usize::from(self.len) < N, "capacity {N} exceeded");
        if usize::from(self.len) < N {
            self.items[usize::from(self.len)] = x;
            self.len += 1;
        }
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Inline<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// Most cards played in a deal (Bid Euchre deals all 24), most tricks, and most decisions
/// (Set-Back with four players: 8 bids, a discard, a declaration, 3 answers, 20 cards).
const MAX_PLAYS: usize = 24;
const MAX_TRICKS: usize = 8;
const MAX_DECISIONS: usize = 40;

/// One deal of an individual game.
#[derive(Clone, Debug)]
pub struct SoloDeal {
    rules: SoloRules,
    dealer: Seat,
    dealt: [CardSet; 4],
    hands: [CardSet; 4],
    upcard: Option<Card>,
    kitty: CardSet,
    phase: SoloPhase,
    to_act: Seat,
    passes: u8,
    trump: Option<BidTrump>,
    maker: Option<Seat>,
    bid: u8,
    discard: Option<Card>,
    upcard_taken: bool,
    declared: bool,
    /// Players in the play (a bit each): the maker and those who stayed in.
    active: u8,
    plays: Inline<(Seat, Card), MAX_PLAYS>,
    trick_leaders: Inline<Seat, MAX_TRICKS>,
    trick_winners: Inline<Seat, MAX_TRICKS>,
    tricks_won: [u8; 4],
    history: Inline<(Seat, Action), MAX_DECISIONS>,
    /// Each player's score change (added to the score; the races down count tricks negative).
    delta: [i32; 4],
    /// Set-Back: a declared march made wins the game outright.
    won_outright: Option<Seat>,
    /// Set-Back stakes: chips the deal moves into the pool.
    paid_in: [u32; 4],
}

/// What a seat may know about a deal of an individual game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SoloObservation {
    pub seat: Seat,
    #[serde(skip)]
    pub rules: SoloRules,
    pub players: u8,
    pub dealer: Seat,
    pub upcard: Option<Card>,
    pub phase: SoloPhase,
    pub to_act: Option<Seat>,
    pub hand: CardSet,
    pub hand_sizes: Vec<u8>,
    /// The dealer's own discard (only in the dealer's observation).
    pub discard: Option<Card>,
    /// Decisions in order; another player's discard shows as `"discard"` without the card.
    pub history: Vec<(Seat, String)>,
    /// Sent as its text (`"H"`, `"high"`, `"low"`), as actions name it.
    #[serde(serialize_with = "trump_text")]
    pub trump: Option<BidTrump>,
    pub maker: Option<Seat>,
    pub bid: Option<u8>,
    pub declared: bool,
    /// Who takes part in the play (those who threw up the hand do not).
    pub active: Vec<bool>,
    pub tricks: Vec<(Seat, Vec<Card>, Option<Seat>)>,
    pub tricks_won: Vec<u8>,
    pub delta: Vec<i32>,
    #[serde(serialize_with = "action_list")]
    pub legal: ActionList,
}

fn trump_text<S: serde::Serializer>(t: &Option<BidTrump>, s: S) -> Result<S::Ok, S::Error> {
    match t {
        Some(t) => s.collect_str(t),
        None => s.serialize_none(),
    }
}

fn action_list<S: serde::Serializer>(l: &ActionList, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(l.iter())
}

impl SoloDeal {
    /// Deals at random from `rng`: each player in turn from the dealer's left gets a hand, then
    /// (but in Bid Euchre, where every card is dealt) the next card is turned up on the kitty.
    pub fn random<R: RngCore>(rules: SoloRules, dealer: Seat, rng: &mut R) -> SoloDeal {
        let deck = CardSet::deck(Rank::Nine, false);
        let (cards, n) = shuffled_deck(deck, rng);
        let h = usize::from(rules.hand_size());
        let p = usize::from(rules.players);
        let mut hands = [CardSet::EMPTY; 4];
        for i in 0..p {
            let seat = (dealer.index() + 1 + i) % p;
            hands[seat] = cards[i * h..(i + 1) * h].iter().copied().collect();
        }
        let upcard = (rules.family != Family::BidEuchre).then_some(cards[p * h]);
        let rest = p * h + usize::from(upcard.is_some());
        SoloDeal::from_parts(
            rules,
            dealer,
            hands,
            upcard,
            cards[rest..n].iter().copied().collect(),
        )
    }

    /// The deal named by `seed`.
    pub fn from_seed(rules: SoloRules, dealer: Seat, seed: u64) -> SoloDeal {
        SoloDeal::random(rules, dealer, &mut crate::shuffle::deal_rng(seed))
    }

    /// A deal from given hands and the kitty as given: the kitty must be exactly the cards left
    /// undealt (an empty `kitty` means not given, as in [`SoloDeal::new`]).
    ///
    /// # Errors
    /// As [`SoloDeal::new`], and a kitty that holds a card dealt or not in the deck, or misses an
    /// undealt one.
    pub fn with_kitty(
        rules: SoloRules,
        dealer: Seat,
        hands: &[CardSet],
        upcard: Option<Card>,
        kitty: CardSet,
    ) -> Result<SoloDeal, String> {
        let deal = SoloDeal::new(rules, dealer, hands, upcard)?;
        if kitty.is_empty() || kitty == deal.kitty {
            return Ok(deal);
        }
        let deck = CardSet::deck(Rank::Nine, false);
        Err(if let Some(c) = kitty.minus(deck).first() {
            format!("the kitty's {c} is not in the 24-card deck")
        } else if let Some(c) = kitty.minus(deal.kitty).first() {
            format!("{c} is dealt twice (in the kitty too)")
        } else {
            format!(
                "the kitty has {} but the undealt cards are {}",
                crate::text::count(kitty.len() as usize, "card", "cards"),
                deal.kitty.len()
            )
        })
    }

    /// A deal from given hands (seats `0..players`); the kitty is the rest of the 24 cards.
    ///
    /// # Errors
    /// The wrong number of hands or cards, a card twice, an upcard in Bid Euchre or none in the
    /// others.
    pub fn new(
        rules: SoloRules,
        dealer: Seat,
        hands: &[CardSet],
        upcard: Option<Card>,
    ) -> Result<SoloDeal, String> {
        rules.validate().map_err(|e| e.to_string())?;
        let p = usize::from(rules.players);
        if hands.len() != p {
            return Err(format!(
                "deal 'hands' must have {p} hands (one per player), not {}",
                hands.len()
            ));
        }
        if dealer.index() >= p {
            return Err(format!("dealer {dealer} is not one of the {p} players"));
        }
        let deck = CardSet::deck(Rank::Nine, false);
        let mut seen = CardSet::EMPTY;
        let mut all = [CardSet::EMPTY; 4];
        for (i, h) in hands.iter().enumerate() {
            if h.len() != u32::from(rules.hand_size()) {
                return Err(format!(
                    "seat {i} has {} cards, not {}",
                    h.len(),
                    rules.hand_size()
                ));
            }
            if let Some(c) = h.minus(deck).first() {
                return Err(format!("{c} is not in the 24-card deck"));
            }
            if let Some(c) = h.intersect(seen).first() {
                return Err(format!("{c} is dealt twice"));
            }
            seen = seen.union(*h);
            all[i] = *h;
        }
        match (rules.family, upcard) {
            (Family::BidEuchre, Some(_)) => return Err("Bid Euchre turns no upcard".into()),
            (Family::BidEuchre, None) => {}
            (_, None) => return Err("an upcard is needed".into()),
            (_, Some(u)) if seen.contains(u) || !deck.contains(u) => {
                return Err(format!("the upcard {u} is dealt twice or not in the deck"))
            }
            (_, Some(_)) => {}
        }
        // The kitty: the undealt cards, the upcard not included.
        let kitty = deck
            .minus(seen)
            .minus(upcard.map_or(CardSet::EMPTY, CardSet::single));
        Ok(SoloDeal::from_parts(rules, dealer, all, upcard, kitty))
    }

    fn from_parts(
        rules: SoloRules,
        dealer: Seat,
        hands: [CardSet; 4],
        upcard: Option<Card>,
        kitty: CardSet,
    ) -> SoloDeal {
        let p = rules.players;
        let mut d = SoloDeal {
            rules,
            dealer,
            dealt: hands,
            hands,
            upcard,
            kitty,
            phase: SoloPhase::Bidding1,
            to_act: dealer,
            passes: 0,
            trump: None,
            maker: None,
            bid: 0,
            discard: None,
            upcard_taken: false,
            declared: false,
            active: (1u8 << p) - 1,
            plays: Inline::new((dealer, Card::JOKER)),
            trick_leaders: Inline::new(dealer),
            trick_winners: Inline::new(dealer),
            tricks_won: [0; 4],
            history: Inline::new((dealer, Action::Pass)),
            delta: [0; 4],
            won_outright: None,
            paid_in: [0; 4],
        };
        d.to_act = d.next(dealer);
        if rules.family == Family::BidEuchre {
            d.phase = SoloPhase::Auction;
        }
        d
    }

    // ----- accessors -----

    pub fn rules(&self) -> &SoloRules {
        &self.rules
    }
    pub fn players(&self) -> u8 {
        self.rules.players
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn phase(&self) -> SoloPhase {
        self.phase
    }
    pub fn is_done(&self) -> bool {
        self.phase == SoloPhase::Done
    }
    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != SoloPhase::Done).then_some(self.to_act)
    }
    pub fn upcard(&self) -> Option<Card> {
        self.upcard
    }
    pub fn dealt_hands(&self) -> &[CardSet] {
        &self.dealt[..usize::from(self.rules.players)]
    }
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..usize::from(self.rules.players)]
    }
    /// The undealt cards, the upcard not included.
    pub fn kitty(&self) -> CardSet {
        self.kitty
    }
    pub fn discard(&self) -> Option<Card> {
        self.discard
    }
    pub fn upcard_taken(&self) -> bool {
        self.upcard_taken
    }
    pub fn trump(&self) -> Option<BidTrump> {
        self.trump
    }
    pub fn maker(&self) -> Option<Seat> {
        self.maker
    }
    /// The winning bid (Bid Euchre).
    pub fn bid(&self) -> Option<u8> {
        (self.bid > 0).then_some(self.bid)
    }
    pub fn declared(&self) -> bool {
        self.declared
    }
    pub fn is_active(&self, s: Seat) -> bool {
        self.active & s.bit() != 0
    }
    pub fn tricks_won(&self) -> &[u8] {
        &self.tricks_won[..usize::from(self.rules.players)]
    }
    pub fn plays(&self) -> &[(Seat, Card)] {
        &self.plays
    }
    pub fn trick_leaders(&self) -> &[Seat] {
        &self.trick_leaders
    }
    pub fn trick_winners(&self) -> &[Seat] {
        &self.trick_winners
    }
    pub fn history(&self) -> &[(Seat, Action)] {
        &self.history
    }
    /// Each player's score change from this deal (zero until it is done).
    pub fn delta(&self) -> &[i32] {
        &self.delta[..usize::from(self.rules.players)]
    }
    /// How the deal went for its maker, once it is done: marched (every trick), made (the
    /// tricks needed: four of seven three-handed, the bid, three in Set-Back or every one
    /// declared), or else euchred (three-handed) or set (Bid Euchre, Set-Back). `None` while it
    /// is played, or when nobody made trump.
    pub fn outcome(&self) -> Option<DealOutcome> {
        let maker = self.maker.filter(|_| self.phase == SoloPhase::Done)?;
        let taken = self.tricks_won[maker.index()];
        Some(if taken == self.rules.tricks() {
            DealOutcome::Marched
        } else if taken >= self.needed() {
            DealOutcome::Made
        } else if self.rules.family == Family::Cutthroat {
            DealOutcome::Euchred
        } else {
            DealOutcome::Set
        })
    }
    /// Set-Back: the declarer who made the march, winning the game outright.
    pub fn won_outright(&self) -> Option<Seat> {
        self.won_outright
    }
    /// Set-Back stakes: chips each player paid into the pool during this deal.
    pub fn paid_in(&self) -> &[u32] {
        &self.paid_in[..usize::from(self.rules.players)]
    }
    /// True when everyone passed and the hand was thrown in.
    pub fn passed_out(&self) -> bool {
        self.phase == SoloPhase::Done && self.maker.is_none()
    }
    /// The cards of the trick in progress.
    pub fn current_trick(&self) -> &[(Seat, Card)] {
        let per = usize::from(self.in_play());
        let n = self.plays.len() % per.max(1);
        &self.plays[self.plays.len() - n..]
    }

    /// A card's effective suit (0..=3, or 4 for the Joker under no trump) and its power within
    /// that suit under the trump named (the higher wins). Two cards of one suit with no card
    /// still to be played ranked between them win the same tricks: a search tries one.
    pub fn card_order(&self, c: Card) -> (usize, u8) {
        self.ranking().order(c)
    }

    fn in_play(&self) -> u8 {
        self.active.count_ones() as u8
    }

    /// The next seat clockwise among the players.
    fn next(&self, s: Seat) -> Seat {
        Seat::new(((s.index() + 1) % usize::from(self.rules.players)) as u8)
    }

    /// The next player in the play after `s`.
    fn next_active(&self, s: Seat) -> Seat {
        let mut n = self.next(s);
        while self.active & n.bit() == 0 && n != s {
            n = self.next(n);
        }
        n
    }

    fn ranking(&self) -> Ranking {
        Ranking(self.trump.unwrap_or(BidTrump::High))
    }

    /// The upcard's suit (round 1's offer).
    fn turned(&self) -> Option<Suit> {
        self.upcard.and_then(Card::suit)
    }

    // ----- decisions -----

    /// The cards the seat to act may play (empty outside the play).
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != SoloPhase::Play {
            return CardSet::EMPTY;
        }
        let hand = self.hands[self.to_act.index()];
        let trick = self.current_trick();
        let Some(&(_, lead)) = trick.first() else {
            return hand;
        };
        let r = self.ranking();
        let follow = r.following(hand, r.led(lead));
        if follow.is_empty() {
            hand
        } else {
            follow
        }
    }

    /// Every legal decision for the seat to act.
    pub fn legal_actions(&self) -> ActionList {
        let mut out = ActionList::new();
        let seat = self.to_act;
        let last = self.passes + 1 == self.rules.players;
        let stuck = self.rules.stick_the_dealer && last;
        match self.phase {
            SoloPhase::Bidding1 => {
                out.push(Action::Pass);
                out.push(Action::Order { alone: false });
            }
            SoloPhase::Bidding2 => {
                if !stuck {
                    out.push(Action::Pass);
                }
                for s in Suit::ALL {
                    if Some(s) != self.turned() {
                        out.push(Action::Call {
                            trump: Trump::Suit(s),
                            alone: false,
                        });
                    }
                }
            }
            SoloPhase::Discard => {
                for c in self.hands[seat.index()] {
                    if Some(c) != self.upcard {
                        out.push(Action::Discard(c));
                    }
                }
            }
            SoloPhase::Auction => {
                let no_bid = self.maker.is_none();
                if !(stuck && no_bid) {
                    out.push(Action::Pass);
                }
                let lowest = (self.bid + 1).max(self.rules.min_bid);
                for n in lowest..=self.rules.hand_size() {
                    out.push(Action::Bid(n));
                }
            }
            SoloPhase::NameTrump => {
                for s in Suit::ALL {
                    out.push(Action::NameTrump(BidTrump::Suit(s)));
                }
                out.push(Action::NameTrump(BidTrump::High));
                out.push(Action::NameTrump(BidTrump::Low));
            }
            SoloPhase::Declare => {
                out.push(Action::Pass);
                out.push(Action::Declare);
            }
            SoloPhase::StayFold => {
                out.push(Action::Stay);
                out.push(Action::Fold);
            }
            SoloPhase::Play => {
                for c in self.legal_plays() {
                    out.push(Action::Play(c));
                }
            }
            SoloPhase::Done => {}
        }
        out
    }

    /// Applies a decision of the seat to act.
    ///
    /// # Errors
    /// An illegal decision is refused with the reason, and the deal is left unchanged.
    pub fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        // A card is checked against the cards playable alone: searches apply millions.
        let legal = match (self.phase, a) {
            (SoloPhase::Play, Action::Play(c)) => self.legal_plays().contains(c),
            _ => self.legal_actions().contains(&a),
        };
        if !legal {
            return Err(self.why_illegal(a));
        }
        let seat = self.to_act;
        self.history.push((seat, a));
        match a {
            Action::Pass => match self.phase {
                SoloPhase::Declare => self.ask_stay(),
                SoloPhase::Auction => self.pass_turn(),
                _ => self.pass(),
            },
            Action::Order { .. } => {
                let suit = self.turned().unwrap_or(Suit::Clubs);
                self.make(seat, BidTrump::Suit(suit));
                self.upcard_taken = true;
                if let Some(u) = self.upcard {
                    self.hands[self.dealer.index()].insert(u);
                }
                self.phase = SoloPhase::Discard;
                self.to_act = self.dealer;
            }
            Action::Call {
                trump: Trump::Suit(s),
                ..
            } => {
                self.make(seat, BidTrump::Suit(s));
                self.after_make();
            }
            Action::Discard(c) => {
                self.hands[seat.index()].remove(c);
                self.discard = Some(c);
                self.after_make();
            }
            Action::Bid(n) => {
                self.bid = n;
                self.maker = Some(seat);
                self.pass_turn();
            }
            Action::NameTrump(t) => {
                self.trump = Some(t);
                self.ask_stay_from(seat);
            }
            Action::Declare => {
                self.declared = true;
                self.ask_stay();
            }
            Action::Stay | Action::Fold => {
                if a == Action::Fold {
                    self.active &= !seat.bit();
                }
                let next = self.next(seat);
                if Some(next) == self.maker {
                    self.start_play();
                } else {
                    self.to_act = next;
                }
            }
            Action::Play(c) => self.play(seat, c),
            _ => unreachable!("listed as legal"),
        }
        Ok(())
    }

    fn make(&mut self, seat: Seat, t: BidTrump) {
        self.trump = Some(t);
        self.maker = Some(seat);
    }

    /// A pass in the upcard rounds.
    fn pass(&mut self) {
        self.passes += 1;
        if self.passes < self.rules.players {
            self.to_act = self.next(self.to_act);
            return;
        }
        self.passes = 0;
        if self.phase == SoloPhase::Bidding1 {
            self.phase = SoloPhase::Bidding2;
            self.to_act = self.next(self.dealer);
        } else {
            self.phase = SoloPhase::Done;
        }
    }

    /// After a bid or a pass in the auction: the next bidder, or the auction is over.
    fn pass_turn(&mut self) {
        self.passes += 1;
        if self.passes < self.rules.players {
            self.to_act = self.next(self.to_act);
            return;
        }
        match self.maker {
            Some(m) => {
                self.phase = SoloPhase::NameTrump;
                self.to_act = m;
            }
            None => self.phase = SoloPhase::Done,
        }
    }

    /// Trump made (and discarded): Set-Back asks the declaration and who stays; cutthroat plays.
    fn after_make(&mut self) {
        match self.rules.family {
            Family::SetBack if self.rules.declare => {
                self.phase = SoloPhase::Declare;
                self.to_act = self.maker.unwrap_or(self.dealer);
            }
            Family::SetBack => self.ask_stay(),
            _ => self.start_play(),
        }
    }

    fn ask_stay(&mut self) {
        let m = self.maker.unwrap_or(self.dealer);
        self.ask_stay_from(m);
    }

    /// Each other player in turn from the maker's left stays in or throws up the hand.
    fn ask_stay_from(&mut self, maker: Seat) {
        self.phase = SoloPhase::StayFold;
        self.to_act = self.next(maker);
        if self.to_act == maker {
            self.start_play();
        }
    }

    fn start_play(&mut self) {
        let maker = self.maker.unwrap_or(self.dealer);
        // Bid Euchre's maker and Set-Back's declarer lead; otherwise the first in play from the
        // dealer's left.
        let leader = if self.rules.family == Family::BidEuchre || self.declared {
            maker
        } else {
            self.next_active(self.dealer)
        };
        self.phase = SoloPhase::Play;
        self.to_act = leader;
        self.trick_leaders.push(leader);
    }

    fn play(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        self.plays.push((seat, c));
        let per = usize::from(self.in_play());
        if !self.plays.len().is_multiple_of(per) {
            self.to_act = self.next_active(seat);
            return;
        }
        let trick = &self.plays[self.plays.len() - per..];
        let winner = self.ranking().winner(trick).unwrap_or(seat);
        self.trick_winners.push(winner);
        self.tricks_won[winner.index()] += 1;
        if self.trick_winners.len() == usize::from(self.rules.tricks()) {
            self.score();
        } else {
            self.trick_leaders.push(winner);
            self.to_act = winner;
        }
    }

    fn score(&mut self) {
        self.phase = SoloPhase::Done;
        let Some(m) = self.maker else { return };
        let p = usize::from(self.rules.players);
        let t = self.tricks_won;
        let mut delta = [0i32; 4];
        match self.rules.family {
            Family::Cutthroat => {
                match t[m.index()] {
                    7 => delta[m.index()] = 4,
                    6 => delta[m.index()] = 2,
                    n if n >= self.needed() => delta[m.index()] = 1,
                    _ => {
                        // Euchred: 2 to the defender with the most tricks, 1 each when tied.
                        let defenders: Vec<usize> = (0..p).filter(|&i| i != m.index()).collect();
                        let best = defenders.iter().map(|&i| t[i]).max().unwrap_or(0);
                        let top: Vec<usize> = defenders.into_iter().filter(|&i| t[i] == best).collect();
                        let each = if top.len() == 1 { 2 } else { 1 };
                        for i in top {
                            delta[i] = each;
                        }
                    }
                }
            }
            Family::BidEuchre => {
                let r = self.rules;
                for i in (0..p).filter(|&i| self.active & (1 << i) != 0) {
                    delta[i] = if i == m.index() && t[i] < self.needed() {
                        i32::from(r.set_penalty)
                    } else if i != m.index() && t[i] == 0 {
                        i32::from(r.stayer_penalty)
                    } else {
                        -i32::from(t[i])
                    };
                }
            }
            Family::SetBack => {
                let r = self.rules;
                let made = t[m.index()] >= self.needed();
                for i in (0..p).filter(|&i| self.active & (1 << i) != 0) {
                    delta[i] = if i == m.index() && !made {
                        // Set back; a failed declaration doubles it.
                        i32::from(r.set_penalty) * if self.declared { 2 } else { 1 }
                    } else if i != m.index() && t[i] == 0 {
                        i32::from(r.stayer_penalty)
                    } else {
                        -i32::from(t[i])
                    };
                    if i != m.index() && !made && r.defenders_gain {
                        delta[i] -= 2;
                    }
                }
                if !made {
                    self.paid_in[m.index()] = u32::from(r.euchre_stake);
                }
                if self.declared && made {
                    self.won_outright = Some(m);
                }
            }
        }
        self.delta = delta;
    }

    /// The tricks the maker needs to make it: four of seven in the three-handed game, the bid
    /// in Bid Euchre, three in Set-Back (every one once a march is declared).
    fn needed(&self) -> u8 {
        match self.rules.family {
            Family::Cutthroat => 4,
            Family::BidEuchre => self.bid,
            Family::SetBack if self.declared => self.rules.tricks(),
            Family::SetBack => 3,
        }
    }

    /// What `a` needs where these rules never make it a decision (a Bid Euchre discard, a
    /// four-handed game's loner or renege claim), as the four-handed game names the rule an
    /// action needs; `None` where it may be one.
    fn rule_needed(&self, a: Action) -> Option<&'static str> {
        let family = self.rules.family;
        let (on, needs) = match a {
            Action::Pass | Action::Play(_) => (true, ""),
            // Said of Bid Euchre only, so the way it names trump is named with it.
            Action::Order { alone: false } | Action::Call { alone: false, .. } => (
                family != Family::BidEuchre,
                "a game with an upcard (three-handed, set-back); Bid Euchre bids tricks (bid <n>) and names trump with trump <suit|high|low>",
            ),
            Action::Discard(_) => (
                family != Family::BidEuchre,
                "a game with an upcard (three-handed, set-back)",
            ),
            Action::Bid(_) | Action::NameTrump(_) => (family == Family::BidEuchre, "bid-euchre"),
            Action::Stay | Action::Fold => (family != Family::Cutthroat, "bid-euchre or set-back"),
            Action::Declare => (
                family == Family::SetBack && self.rules.declare,
                "set-back with declare = true",
            ),
            _ => (false, "the four-handed game"),
        };
        (!on).then_some(needs)
    }

    fn why_illegal(&self, a: Action) -> IllegalAction {
        let seat = self.to_act;
        let hand = self.hands[seat.index()];
        if let Some(needs) = self.rule_needed(a) {
            return IllegalAction::NotInRules { action: a, needs };
        }
        if let Some(card) = (self.phase != SoloPhase::Done)
            .then(|| a.cards().minus(CardSet::deck(Rank::Nine, false)).first())
            .flatten()
        {
            return IllegalAction::NotInDeck { card };
        }
        match (self.phase, a) {
            (SoloPhase::Done, _) => IllegalAction::DealOver,
            (SoloPhase::Play | SoloPhase::Discard, Action::Play(c) | Action::Discard(c))
                if !hand.contains(c) =>
            {
                IllegalAction::NotHeld { seat, card: c }
            }
            (SoloPhase::Play, Action::Play(c)) => IllegalAction::MustFollow {
                seat,
                card: c,
                led: self
                    .current_trick()
                    .first()
                    .map_or("", |&(_, l)| match self.ranking().led(l) {
                        i @ 0..=3 => Suit::from_index(i).name(),
                        _ => "the Joker",
                    }),
                holding: self.legal_plays().first().unwrap_or(c),
            },
            (SoloPhase::Discard, Action::Discard(c)) => IllegalAction::UpcardDiscard { card: c },
            (
                SoloPhase::Bidding2,
                Action::Call {
                    trump: Trump::Suit(s),
                    ..
                },
            ) if Some(s) == self.turned() => IllegalAction::TurnedDownSuit { suit: s },
            (SoloPhase::Bidding2, Action::Pass) => IllegalAction::DealerStuck { seat, last: false },
            (SoloPhase::Auction, Action::Pass) => IllegalAction::DealerMustBid { seat },
            (SoloPhase::Auction, Action::Bid(n)) if n > self.rules.hand_size() => IllegalAction::BidTooHigh {
                bid: n,
                most: self.rules.hand_size(),
            },
            _ => IllegalAction::not_now(
                a,
                self.phase.name(),
                self.phase.words(),
                seat,
                &self.legal_actions(),
                None,
            ),
        }
    }

    /// What `seat` may know now.
    pub fn observation(&self, seat: Seat) -> SoloObservation {
        self.observe(Some(seat))
    }

    /// What everyone may know now: a spectator's view, with no hand and the discard hidden.
    /// Its `seat` is the dealer's, for want of one; it holds nothing of that seat's.
    pub fn public_observation(&self) -> SoloObservation {
        self.observe(None)
    }

    /// The view of `viewer`, or of nobody at the table.
    fn observe(&self, viewer: Option<Seat>) -> SoloObservation {
        let is = |s: Seat| viewer == Some(s);
        let seat = viewer.unwrap_or(self.dealer);
        let p = usize::from(self.rules.players);
        let per = usize::from(self.in_play()).max(1);
        let tricks = self
            .plays
            .chunks(per)
            .enumerate()
            .map(|(i, t)| {
                (
                    self.trick_leaders[i],
                    t.iter().map(|&(_, c)| c).collect(),
                    self.trick_winners.get(i).copied(),
                )
            })
            .collect();
        let to_act = self.to_act();
        SoloObservation {
            seat,
            rules: self.rules,
            players: self.rules.players,
            dealer: self.dealer,
            upcard: self.upcard,
            phase: self.phase,
            to_act,
            hand: viewer.map_or(CardSet::EMPTY, |s| self.hands[s.index()]),
            hand_sizes: (0..p).map(|i| self.hands[i].len() as u8).collect(),
            discard: if is(self.dealer) { self.discard } else { None },
            history: self
                .history
                .iter()
                .map(|&(s, a)| match a {
                    Action::Discard(_) if !is(s) => (s, "discard".to_string()),
                    _ => (s, a.to_string()),
                })
                .collect(),
            trump: self.trump,
            maker: self.maker,
            bid: self.bid(),
            declared: self.declared,
            active: (0..p).map(|i| self.active & (1 << i) != 0).collect(),
            tricks,
            tricks_won: self.tricks_won().to_vec(),
            delta: self.delta().to_vec(),
            legal: if to_act.is_some() && to_act == viewer {
                self.legal_actions()
            } else {
                ActionList::new()
            },
        }
    }
}

impl SoloObservation {
    /// The seat winning the trick in progress so far, by the deal's ranking of the cards (nine
    /// high under Bid Euchre's no trump low); `None` when no trick is in progress.
    pub fn winning_so_far(&self) -> Option<Seat> {
        let (leader, cards, None) = self.tricks.last()? else {
            return None;
        };
        let ranking = Ranking(self.trump?);
        let mut seat = *leader;
        let mut trick = Vec::with_capacity(cards.len());
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 {
                seat = self.next_active(seat);
            }
            trick.push((seat, c));
        }
        ranking.winner(&trick)
    }

    /// A card's effective suit and its power within it under the trump named (the higher
    /// wins), as [`SoloDeal::card_order`] has it: public once trump is named (before then, as
    /// under no trump with the ace high).
    pub fn card_order(&self, c: Card) -> (usize, u8) {
        Ranking(self.trump.unwrap_or(BidTrump::High)).order(c)
    }

    /// The next player in the play after `seat` (those who threw up the hand sit out).
    pub(crate) fn next_active(&self, seat: Seat) -> Seat {
        let n = usize::from(self.players).max(1);
        let next = |s: Seat| Seat::new(((s.index() + 1) % n) as u8);
        let mut s = next(seat);
        while !self.active.get(s.index()).copied().unwrap_or(true) && s != seat {
            s = next(s);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::solo::{SoloGame, SoloRules};
    use crate::Action;

    /// A bid of more tricks than a hand holds is told the real limit, and a refusal in the
    /// auction names it in words (records tester s53, 6).
    #[test]
    fn bid_euchre_bid_over_the_hand_is_told_the_limit() {
        let mut g = SoloGame::new(SoloRules::preset("bid-euchre").unwrap(), 1);
        let e = g.apply(Action::Bid(7)).unwrap_err().to_string();
        assert_eq!(
            e,
            "'bid 7' is more tricks than there are: a bid is at most 6, the cards in a hand"
        );
        let e = g.apply(Action::Stay).unwrap_err().to_string();
        assert_eq!(
            e,
            "'stay' is not legal now: in the auction, seat 2's choices are pass or bid 1/2/3/4/5/6"
        );
    }
}
