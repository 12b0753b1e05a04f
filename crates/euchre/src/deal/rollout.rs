//! Random play to the end of a deal, the hot loop of Monte Carlo search.

use super::{Deal, Phase};
use crate::action::Action;
use crate::cardset::CardSet;
use crate::rules::Reneging;
use crate::shuffle::Batched;
use crate::trick::Trick;
use rand::RngCore;

impl Deal {
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
            Phase::Name => self.making_loner().unwrap_or(self.to_act),
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
        let mut led = self.trick.led as usize;
        let mut trick_len = self.trick.len;
        let (mut best_seat, mut best_power) = (self.trick.best_seat, self.trick.best_power);
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
        self.trick = Trick {
            led: led as u8,
            len: trick_len,
            best_seat,
            best_power,
        };
        self.play_count = n as u8;
        self.tricks_done = done as u8;
        self.tricks_won = won;
        if done == 5 {
            self.score();
        }
        (n - start) as u32
    }
}
