//! Rebuilding dealt hands a record does not list.
//!
//! Most recorded games (live-stream transcriptions) do not list the dealt hands. Each seat's hand
//! at the first lead holds the cards it played (the trick order and winners fix who played what).
//! The moves before the play are then undone, last first, to reach the hands as dealt: the
//! partners' exchanges (`partners_best`), the dealer's discard and taking up the upcard, the
//! farmers' swaps with the kitty. A move the record states is undone as stated; one it leaves out
//! is settled on the simplest story the play allows (a card passed, discarded or given to the
//! kitty is one never seen; a card received is one the receiver played), and reported as
//! guessed. The cards never seen are finally placed so as to agree with every void the play
//! showed (a seat that showed out of a suit can't have kept a card of it) and with the farmers'
//! hands (only 9s and 10s, or one ace under `go_under`).
//!
//! Recorded hands are kept as they are; the engine then checks every move and every card.

use crate::cards::egn_card;
use crate::exchanges::Moves;
use crate::replay::{Auction, PlayMap};
use euchre::{Card, CardSet, Rank, Rules, Seat};

/// A move that changes hands before the play, in the order the engine makes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// A farmer gives three cards to the kitty and takes the kitty's three.
    Swap(Seat),
    /// The dealer takes the upcard into the hand.
    TakeUp,
    /// The dealer discards.
    Discard,
    /// A loner (the seat) passes a card to the partner.
    Exchange(Seat),
    /// The loner's (the seat's) partner gives a card back.
    Give(Seat),
}

/// The seats that play alone and exchange with their partner (`partners_best`): the maker playing
/// alone and the defender playing alone against them.
pub(crate) fn exchanging_loners(rules: &Rules, auction: &Auction) -> [bool; 4] {
    let mut out = [false; 4];
    let Some(maker) = auction.maker.filter(|_| rules.partners_best && auction.alone) else {
        return out;
    };
    out[maker.index()] = true;
    if let Some(d) = auction.lone_defender.filter(|d| d.team() != maker.team()) {
        out[d.index()] = true;
    }
    out
}

/// The moves before the play, in the engine's order: the farmers from the eldest to the dealer;
/// the dealer's taking up and discard; the maker's exchange (first of all for a dealer who took
/// up alone: the double exchange); the lone defender's exchange.
pub(crate) fn steps(
    rules: &Rules,
    dealer: Seat,
    auction: &Auction,
    farmers: [bool; 4],
    upcard_taken: bool,
) -> Vec<Step> {
    let mut out: Vec<Step> = (1..=4)
        .map(|k| dealer.plus(k))
        .filter(|s| farmers[s.index()])
        .map(Step::Swap)
        .collect();
    let Some(maker) = auction.maker else {
        return out;
    };
    let loners = exchanging_loners(rules, auction);
    if loners[maker.index()] && maker == dealer && upcard_taken {
        out.extend([
            Step::Exchange(maker),
            Step::Give(maker),
            Step::TakeUp,
            Step::Discard,
        ]);
    } else {
        if upcard_taken {
            out.extend([Step::TakeUp, Step::Discard]);
        }
        if loners[maker.index()] {
            out.extend([Step::Exchange(maker), Step::Give(maker)]);
        }
    }
    if let Some(d) = auction.lone_defender.filter(|d| loners[d.index()]) {
        out.extend([Step::Exchange(d), Step::Give(d)]);
    }
    out
}

/// The cards a farmer's hand may hold: 9s and 10s, and aces under `go_under`.
pub(crate) fn farmers_cards(rules: &Rules) -> CardSet {
    rules
        .deck()
        .iter()
        .filter(|c| match c.rank() {
            Some(Rank::Nine | Rank::Ten) => true,
            Some(Rank::Ace) => rules.go_under,
            _ => false,
        })
        .collect()
}

/// What the rebuild knows.
pub(crate) struct Facts<'a> {
    pub rules: &'a Rules,
    pub dealer: Seat,
    pub upcard: Card,
    pub upcard_taken: bool,
    pub auction: &'a Auction,
    /// The moves the record states (the discard included).
    pub moves: &'a Moves,
    pub recorded: &'a [Option<CardSet>; 4],
    pub map: &'a PlayMap,
}

/// The rebuilt deal.
pub(crate) struct Rebuilt {
    pub dealt: [CardSet; 4],
    /// The moves the rebuild settled on that the record leaves out.
    pub hints: Moves,
    /// Cards placed by the rebuild, not by the record.
    pub guessed: CardSet,
}

/// A card of a dealt hand the rebuild leaves open until the end, placed with the cards never seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wild {
    /// The dealer's unrecorded discard.
    Discard,
    /// The unrecorded card a loner passed.
    Passed(Seat),
    /// A farmer's unrecorded card given to the kitty.
    Given(Seat),
}

/// One seat's hand at some moment, as far as known.
#[derive(Clone, Debug, Default)]
struct Held {
    /// Cards known to be in the hand.
    known: CardSet,
    /// Unknown cards the hand keeps to the first lead without playing them.
    open: u32,
    /// Unknown cards that leave the hand before the play.
    wild: Vec<Wild>,
}

struct Back<'a> {
    f: &'a Facts<'a>,
    held: [Held; 4],
    /// Every card the record or the rebuild has placed (fresh cards come from the others).
    used: CardSet,
    /// The kitty as dealt, once a farmer's swap fixes it.
    kitty: Option<CardSet>,
    eligible: CardSet,
    hints: Moves,
    guessed: CardSet,
}

/// Rebuilds the dealt hands of the seats the record does not list.
///
/// # Errors
/// The record's moves and play contradict each other, or no placement of the unseen cards agrees
/// with the play.
pub(crate) fn rebuild(f: &Facts) -> Result<Rebuilt, String> {
    let mut used = CardSet::single(f.upcard).union(f.moves.cards());
    let held: [Held; 4] = f.map.played_by.map(|played| Held {
        known: played,
        open: 5u32.saturating_sub(played.len()),
        wild: Vec::new(),
    });
    for (played, rec) in f.map.played_by.iter().zip(f.recorded) {
        used = used.union(*played).union(rec.unwrap_or(CardSet::EMPTY));
    }
    let mut b = Back {
        f,
        held,
        used,
        kitty: None,
        eligible: farmers_cards(f.rules),
        hints: Moves::default(),
        guessed: CardSet::EMPTY,
    };
    let steps = steps(f.rules, f.dealer, f.auction, f.moves.farmers, f.upcard_taken);
    // The cards the farmer after (in the engine's order) took: what this farmer gave.
    let mut later_taken: Option<CardSet> = None;
    for (i, step) in steps.iter().enumerate().rev() {
        match *step {
            Step::TakeUp => b.undo_take_up()?,
            Step::Discard => b.undo_discard()?,
            Step::Exchange(l) => b.undo_exchange(l)?,
            Step::Give(l) => b.undo_give(l)?,
            Step::Swap(s) => {
                let earlier = steps[..i].iter().rev().find_map(|st| match st {
                    Step::Swap(e) => Some(*e),
                    _ => None,
                });
                later_taken = Some(b.undo_swap(s, earlier, later_taken)?);
            }
        }
    }
    b.place_the_rest()
}

impl Back<'_> {
    /// The seat known to hold `c` now.
    fn holder(&self, c: Card) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.held[s.index()].known.contains(c))
    }

    fn why_not(&self, s: Seat, c: Card) -> String {
        match self.holder(c) {
            Some(o) if self.f.map.played_by[o.index()].contains(c) => {
                format!("seat {o} plays it")
            }
            Some(o) => format!("seat {o} holds it then"),
            None if self.held[s.index()].open == 0 => {
                format!("seat {s} has no room for it beside the cards it plays")
            }
            None => format!("seat {s} would have kept it unplayed after showing out of its suit"),
        }
    }

    /// Undoes `c` coming into `s`'s hand: before, `s` did not hold it.
    fn take(&mut self, s: Seat, c: Card, what: &str) -> Result<(), String> {
        if self.held[s.index()].known.contains(c) {
            self.held[s.index()].known.remove(c);
            return Ok(());
        }
        // Not played: kept to the first lead, so bound by the voids.
        let open = self.held[s.index()].open;
        if self.holder(c).is_none() && open > 0 && !self.f.map.voids[s.index()].contains(c) {
            self.held[s.index()].open -= 1;
            self.used.insert(c);
            return Ok(());
        }
        Err(format!(": {what}, but {}", self.why_not(s, c)))
    }

    /// Undoes `c` leaving `s`'s hand: before, `s` held it.
    fn give(&mut self, s: Seat, c: Card, what: &str) -> Result<(), String> {
        if let Some(o) = self.holder(c) {
            let why = if o == s && self.f.map.played_by[s.index()].contains(c) {
                format!("seat {s} plays it later")
            } else {
                self.why_not(s, c)
            };
            return Err(format!(": {what}, but {why}"));
        }
        self.held[s.index()].known.insert(c);
        self.used.insert(c);
        Ok(())
    }

    /// A card no one is known to hold and the record never names, outside `avoid`.
    fn fresh(&mut self, avoid: CardSet) -> Option<Card> {
        let mut taken = self.used.union(avoid);
        for h in &self.held {
            taken = taken.union(h.known);
        }
        let c = self.f.rules.deck().minus(taken).first()?;
        self.used.insert(c);
        Some(c)
    }

    fn undo_take_up(&mut self) -> Result<(), String> {
        let (d, u) = (self.f.dealer, self.f.upcard);
        self.take(
            d,
            u,
            &format!("the dealer (seat {d}) took up the upcard {}", egn_card(u)),
        )
    }

    fn undo_discard(&mut self) -> Result<(), String> {
        let (dealer, u) = (self.f.dealer, self.f.upcard);
        let h = &self.held[dealer.index()];
        if let Some(x) = self.f.moves.discard {
            if h.known.contains(x) && self.f.map.played_by[dealer.index()].contains(x) {
                return Err(format!(": the dealer discarded {} but played it", egn_card(x)));
            }
            return self.give(dealer, x, &format!("the dealer discarded {}", egn_card(x)));
        }
        // Not recorded: the upcard itself when the dealer kept no room for it (or showed out of
        // its suit while holding it); otherwise a card never seen.
        let recorded = self.f.recorded[dealer.index()].is_some();
        let upcard_out =
            !h.known.contains(u) && (h.open == 0 || self.f.map.voids[dealer.index()].contains(u));
        if upcard_out && !recorded {
            if !self.f.rules.dealer_may_discard_upcard {
                return Err(format!(
                    ": the dealer played five cards without the upcard {}, so discarded it, which these rules forbid",
                    egn_card(u)
                ));
            }
            self.hints.discard = Some(u);
            return self.give(dealer, u, "the dealer discarded the upcard");
        }
        self.held[dealer.index()].wild.push(Wild::Discard);
        Ok(())
    }

    fn undo_exchange(&mut self, l: Seat) -> Result<(), String> {
        let q = l.partner();
        if let Some(x) = self.f.moves.passed[l.index()] {
            let what = format!("cardExchanges: seat {l} passes {} to seat {q}", egn_card(x));
            // The partner sits out: the card stays in their hand, unplayed.
            self.take(q, x, &what)?;
            return self.give(l, x, &what);
        }
        // A dealer defending alone who took up the upcard, did not play it, discarded another
        // card and kept no room for it: passed it.
        let (dealer, u) = (self.f.dealer, self.f.upcard);
        let h = &self.held[l.index()];
        let upcard_passed = l == dealer
            && self.f.upcard_taken
            && self.f.auction.maker != Some(dealer)
            && !h.known.contains(u)
            && self.f.moves.discard.is_some_and(|d| d != u)
            && (h.open == 0 || self.f.map.voids[l.index()].contains(u));
        if upcard_passed {
            self.hints.passed[l.index()] = Some(u);
            let what = format!("seat {l} passes the upcard {} to seat {q}", egn_card(u));
            self.take(q, u, &what)?;
            return self.give(l, u, &what);
        }
        let h = &mut self.held[q.index()];
        if h.open == 0 {
            return Err(format!(
                ": seat {q} sits out for seat {l} but no card of its hand is left for the one passed"
            ));
        }
        h.open -= 1;
        self.held[l.index()].wild.push(Wild::Passed(l));
        Ok(())
    }

    fn undo_give(&mut self, l: Seat) -> Result<(), String> {
        let q = l.partner();
        let y = match self.f.moves.returned[l.index()] {
            Some(y) => y,
            None => self.choose_returned(l)?,
        };
        let what = format!("cardExchanges: seat {q} gives {} to seat {l}", egn_card(y));
        self.take(l, y, &what)?;
        self.give(q, y, &what)
    }

    /// The card the partner gave back, when not recorded: the upcard when the loner played it and
    /// only the dealer partner could have handed it over; otherwise a card the loner played (the
    /// partner's hand is never seen); otherwise a card never seen.
    fn choose_returned(&mut self, l: Seat) -> Result<Card, String> {
        let q = l.partner();
        let (u, dealer) = (self.f.upcard, self.f.dealer);
        let known = self.held[l.index()].known;
        let y = if self.f.upcard_taken && q == dealer && known.contains(u) {
            Some(u)
        } else {
            let mut cands = known.without(u);
            if let Some(t) = self.f.moves.taken[l.index()] {
                cands = cands.minus(t);
            }
            let score = |c: Card| {
                let rq = self.f.recorded[q.index()].is_some_and(|h| !h.contains(c));
                let rl = self.f.recorded[l.index()].is_some_and(|h| h.contains(c));
                let farm = self.f.moves.farmers[q.index()] && !self.eligible.contains(c);
                2 * u8::from(rq) + 2 * u8::from(rl) + u8::from(farm)
            };
            cands.iter().min_by_key(|&c| (score(c), c))
        };
        let y = match y {
            Some(y) => y,
            None => self
                .fresh(self.f.map.voids[l.index()])
                .ok_or_else(|| ": no card is left for the card given back to the loner".to_string())?,
        };
        self.hints.returned[l.index()] = Some(y);
        self.guessed.insert(y);
        Ok(y)
    }

    /// Undoes a farmer's swap; returns the cards the farmer took (the kitty before the swap).
    fn undo_swap(
        &mut self,
        s: Seat,
        earlier: Option<Seat>,
        later_taken: Option<CardSet>,
    ) -> Result<CardSet, String> {
        let m = self.f.moves;
        let taken = match (m.taken[s.index()], earlier.and_then(|e| m.given[e.index()])) {
            (Some(t), Some(g)) if t != g => {
                return Err(format!(
                    ": cardExchanges: seat {s} takes {} from the kitty, but seat {} gave {} to it",
                    cards_text(t),
                    earlier.map_or(0, |e| e.index()),
                    cards_text(g)
                ))
            }
            (Some(t), _) | (None, Some(t)) => t,
            (None, None) => {
                let given = m.given[s.index()].or(later_taken);
                self.choose_taken(s, given)?
            }
        };
        for c in taken {
            let what = format!("cardExchanges: seat {s} takes {} from the kitty", egn_card(c));
            self.take(s, c, &what)?;
        }
        let given = match (m.given[s.index()], later_taken) {
            (Some(g), _) => Some(g),
            (None, Some(t)) => {
                self.hints.given[s.index()] = Some(t);
                Some(t)
            }
            (None, None) => None,
        };
        match given {
            Some(g) => {
                for c in g {
                    let what = format!("cardExchanges: seat {s} gives {} to the kitty", egn_card(c));
                    self.give(s, c, &what)?;
                }
            }
            None => self.held[s.index()].wild.extend([Wild::Given(s); 3]),
        }
        self.kitty = Some(taken);
        Ok(taken)
    }

    /// The kitty cards a farmer took, when not recorded: cards of the farmer's hand (the ones a
    /// farmer's hand can't hold first) such that what is left can be a farmer's hand with the
    /// cards `given` to the kitty; cards never seen when it played fewer than three.
    fn choose_taken(&mut self, s: Seat, given: Option<CardSet>) -> Result<CardSet, String> {
        let h = &self.held[s.index()];
        let known = h.known;
        let rec = self.f.recorded[s.index()];
        let score = |c: Card| {
            let dealt = rec.is_some_and(|h| h.contains(c));
            let kind = if !self.eligible.contains(c) {
                0
            } else if c.rank() == Some(Rank::Ace) {
                1
            } else {
                2
            };
            4 * u32::from(dealt) + kind
        };
        let mut cands: Vec<Card> = known.iter().collect();
        cands.sort_by_key(|&c| (score(c), c));
        let n = cands.len().min(3);
        // Every way to pick n of the candidates, in order of total score.
        let mut picks: Vec<(u32, CardSet)> = subsets(&cands, n)
            .into_iter()
            .map(|t| (t.iter().map(score).sum(), t))
            .collect();
        picks.sort_by_key(|&(sc, _)| sc);
        let unknown = h.open + h.wild.len() as u32 + if given.is_none() { 3 } else { 0 };
        let fits = |t: CardSet| {
            let kept = known.minus(t).union(given.unwrap_or(CardSet::EMPTY));
            farmers_hand_possible(self.f.rules, kept, unknown + (3 - n as u32))
        };
        let mut taken = picks
            .iter()
            .find(|&&(_, t)| fits(t))
            .or(picks.first())
            .map_or(CardSet::EMPTY, |&(_, t)| t);
        while taken.len() < 3 {
            // Cards a farmer's hand can't hold, to leave the others for the hand.
            let voids = self.f.map.voids[s.index()];
            let c = self
                .fresh(voids.union(self.eligible))
                .or_else(|| self.fresh(voids))
                .ok_or_else(|| ": no card is left for the farmer's kitty".to_string())?;
            taken.insert(c);
        }
        self.guessed = self.guessed.union(taken);
        Ok(taken)
    }

    /// The open places of the rebuilt hands: each seat's unplayed cards (bound by its voids) and
    /// the cards that leave a hand before the play. A farmer's are 9s and 10s, with at most one
    /// ace under `go_under`: with `ace`, one place may (or, when the rules want one, must) be an
    /// ace; without, one must only when the rules want one.
    fn slots(&self, ace: bool) -> Vec<(Option<Wild>, Seat, Slot)> {
        let f = self.f;
        let deck = f.rules.deck();
        let aces: CardSet = deck.iter().filter(|c| c.rank() == Some(Rank::Ace)).collect();
        let not_farmers = deck.minus(self.eligible);
        let mut slots = Vec::new();
        for s in Seat::ALL {
            let h = &self.held[s.index()];
            if f.recorded[s.index()].is_some() {
                continue;
            }
            let voids = f.map.voids[s.index()];
            let mut seat: Vec<(Option<Wild>, Slot)> = vec![(None, Slot::new(h.open, voids))];
            seat.extend(h.wild.iter().map(|&w| (Some(w), Slot::new(1, CardSet::EMPTY))));
            if f.moves.farmers[s.index()] {
                let no_ace = h.known.intersect(aces).is_empty();
                let must = no_ace && f.rules.go_under && !f.rules.farmers;
                let may = no_ace && f.rules.go_under && ace;
                for x in &mut seat {
                    x.1.avoid = x.1.avoid.union(not_farmers).union(aces);
                }
                if must || may {
                    // One place for the ace: a card leaving the hand, or one unplayed card.
                    let only = if must { deck.minus(aces) } else { not_farmers };
                    if seat.len() > 1 {
                        seat[1].1.avoid = only;
                    } else if seat[0].1.need > 0 {
                        seat[0].1.need -= 1;
                        seat.push((None, Slot::new(1, only.union(voids))));
                    }
                }
            }
            slots.extend(seat.into_iter().map(|(w, slot)| (w, s, slot)));
        }
        slots
    }

    /// Places the cards never seen in the open places of the rebuilt hands.
    fn place_the_rest(self) -> Result<Rebuilt, String> {
        let f = self.f;
        let mut pool = f
            .rules
            .deck()
            .without(f.upcard)
            .minus(self.kitty.unwrap_or(CardSet::EMPTY));
        for (s, h) in self.held.iter().enumerate() {
            pool = pool.minus(f.recorded[s].unwrap_or(h.known));
        }
        for s in Seat::ALL {
            let h = &self.held[s.index()];
            if f.recorded[s.index()].is_none() && h.known.len() + h.open + h.wild.len() as u32 != 5 {
                return Err(format!(
                    ": the moves before the play leave seat {s} without five cards as dealt"
                ));
            }
        }
        // A farmer's hand holds at most one ace: first try placing none where the rules allow
        // a hand without one, then one.
        let slots = [false, true]
            .into_iter()
            .find_map(|ace| {
                let mut slots = self.slots(ace);
                let mut fill: Vec<Slot> = slots.iter().map(|x| x.2).collect();
                fill_slots(&mut fill, pool).then(|| {
                    for (x, got) in slots.iter_mut().zip(fill) {
                        x.2 = got;
                    }
                    slots
                })
            })
            .ok_or_else(|| ": no way to place the unrecorded cards agrees with the play".to_string())?;
        let mut dealt = [CardSet::EMPTY; 4];
        for ((d, rec), h) in dealt.iter_mut().zip(f.recorded).zip(&self.held) {
            *d = rec.unwrap_or(h.known);
        }
        let mut hints = self.hints;
        let mut guessed = self.guessed;
        for (wild, s, slot) in &slots {
            dealt[s.index()] = dealt[s.index()].union(slot.got);
            guessed = guessed.union(slot.got);
            let Some(c) = slot.got.first() else { continue };
            match wild {
                Some(Wild::Discard) => hints.discard = Some(c),
                Some(Wild::Passed(l)) => hints.passed[l.index()] = Some(c),
                Some(Wild::Given(g)) => {
                    let so_far = hints.given[g.index()].unwrap_or(CardSet::EMPTY);
                    hints.given[g.index()] = Some(so_far.with(c));
                }
                None => {}
            }
        }
        Ok(Rebuilt {
            dealt,
            hints,
            guessed,
        })
    }
}

/// True when `cards` and `unknown` more cards can make a farmer's hand under `rules`: only 9s and
/// 10s (`farmers`), or one ace and otherwise 9s and 10s (`go_under`).
fn farmers_hand_possible(rules: &Rules, cards: CardSet, unknown: u32) -> bool {
    let low = cards
        .iter()
        .all(|c| matches!(c.rank(), Some(Rank::Nine | Rank::Ten | Rank::Ace)));
    let aces = cards.iter().filter(|c| c.rank() == Some(Rank::Ace)).count();
    low && ((rules.farmers && aces == 0) || (rules.go_under && (aces == 1 || (aces == 0 && unknown > 0))))
}

/// Every `n`-card subset of `cards`.
fn subsets(cards: &[Card], n: usize) -> Vec<CardSet> {
    if n == 0 {
        return vec![CardSet::EMPTY];
    }
    let mut out = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        for rest in subsets(&cards[i + 1..], n - 1) {
            out.push(rest.with(c));
        }
    }
    out
}

pub(crate) fn cards_text(s: CardSet) -> String {
    s.iter().map(egn_card).collect::<Vec<_>>().join(" ")
}

/// Open places to fill: how many cards, which cards they can't take.
#[derive(Clone, Copy, Debug)]
struct Slot {
    need: u32,
    avoid: CardSet,
    got: CardSet,
}

impl Slot {
    fn new(need: u32, avoid: CardSet) -> Slot {
        Slot {
            need,
            avoid,
            got: CardSet::EMPTY,
        }
    }
}

/// Deals `pool` cards into the slots (each card to a slot that does not avoid it, or left in the
/// kitty) until every slot is full; false when no way is found within the search budget.
fn fill_slots(slots: &mut [Slot], pool: CardSet) -> bool {
    fn go(i: usize, cards: &[Card], slots: &mut [Slot], budget: &mut u32) -> bool {
        if slots.iter().all(|s| s.need == 0) {
            return true;
        }
        let left: u32 = slots.iter().map(|s| s.need).sum();
        if i == cards.len() || *budget == 0 || ((cards.len() - i) as u32) < left {
            return false;
        }
        *budget -= 1;
        let c = cards[i];
        for k in 0..slots.len() {
            if slots[k].need > 0 && !slots[k].avoid.contains(c) {
                slots[k].need -= 1;
                slots[k].got.insert(c);
                if go(i + 1, cards, slots, budget) {
                    return true;
                }
                slots[k].got.remove(c);
                slots[k].need += 1;
            }
        }
        // Or the card stays in the kitty.
        go(i + 1, cards, slots, budget)
    }
    let cards: Vec<Card> = pool.iter().collect();
    let mut budget = 200_000;
    go(0, &cards, slots, &mut budget)
}
