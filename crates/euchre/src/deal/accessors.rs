//! What a deal shows: read-only accessors, the history of decisions and the tricks.

use super::{Deal, Phase};
use crate::action::Action;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::rules::Rules;
use crate::seat::{Seat, Team};
use crate::trump::Trump;

impl Deal {
    /// The hands shown by farmers (empty for the others).
    pub fn shown_hands(&self) -> [CardSet; 4] {
        self.shown
    }

    /// True when the deal was thrown in by a farmer's hand (`farmers_policy = redeal`): the same
    /// dealer deals again.
    pub fn thrown_in_for_farmers(&self) -> bool {
        self.redeal
    }

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

    /// The seat playing alone for the makers: the maker, or the maker's partner who took the
    /// hand over (`defend_alone = any`, or jambone under `jambone_jamboree_by = makers_side`).
    pub fn lone_maker(&self) -> Option<Seat> {
        self.making_loner()
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

    /// True when the makers play jambone (see [`Deal::lone_maker`] for who).
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

    /// What the deal did to each team's score once it is done: its points less the points it
    /// took off ([`Deal::deductions`]); 0 before then.
    pub fn score_change(&self) -> [i8; 2] {
        if !self.is_done() {
            return [0, 0];
        }
        // Both are small (at most a few points a deal), so the difference fits.
        [0, 1].map(|t| self.points[t] as i8 - self.deductions[t] as i8)
    }

    /// True when a proven renege voided the hand.
    pub fn voided_by_renege(&self) -> bool {
        self.voided
    }

    /// The jambone player's hand, face up for all once the play begins.
    pub fn exposed(&self) -> Option<(Seat, CardSet)> {
        let j = self
            .making_loner()
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
        let mut out =
            Vec::with_capacity(self.auction().len() + self.plays().len() + usize::from(self.post_len));
        out.extend_from_slice(self.auction());
        let per = usize::from(self.per_trick.max(1));
        for (i, (seat, &c)) in self.play_seats().zip(self.plays()).enumerate() {
            let named = if self.jambone && Some(seat) == self.making_loner() {
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
        let n = (self.tricks_done as usize + usize::from(self.trick.len > 0)).min(5);
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

    /// Cards played to the trick in progress.
    pub fn current_trick(&self) -> &[Card] {
        let start = self.play_count as usize - self.trick.len as usize;
        &self.plays[start..self.play_count as usize]
    }

    /// The team that made trump.
    pub fn maker_team(&self) -> Option<Team> {
        self.maker.map(Seat::team)
    }
}
