//! A game of an individual Euchre: deals until someone wins, each player scoring alone.

use super::deal::SoloDeal;
use super::rules::SoloRules;
use crate::action::{Action, ActionList};
use crate::error::IllegalAction;
use crate::game::deal_seed;
use crate::seat::Seat;
use crate::shuffle::{below, deal_rng, Batched};
use rand::RngCore;

/// A game of three-handed (cutthroat), Bid Euchre or Set-Back.
#[derive(Clone, Debug)]
pub struct SoloGame {
    rules: SoloRules,
    seed: u64,
    deal: SoloDeal,
    finished: Vec<SoloDeal>,
    deal_index: u32,
    /// The scores the game started from.
    initial: [i32; 4],
    scores: [i32; 4],
    scored: bool,
    /// Set-Back stakes: each player's chips won (+) or paid (-).
    chips: [i64; 4],
    pool: u64,
    winner: Option<Seat>,
}

impl SoloGame {
    /// A new game whose deals follow from `seed`; the first dealer is drawn from it.
    pub fn new(rules: SoloRules, seed: u64) -> SoloGame {
        let dealer = Seat::new(below(&mut deal_rng(seed ^ 0x5eed), u32::from(rules.players)) as u8);
        let deal = SoloDeal::from_seed(rules, dealer, deal_seed(seed, 0));
        SoloGame::starting_with(deal, seed)
    }

    /// A game whose first deal is given (later deals follow from `seed`).
    pub fn starting_with(deal: SoloDeal, seed: u64) -> SoloGame {
        let rules = *deal.rules();
        let p = usize::from(rules.players);
        let start = if rules.races_down() {
            i32::from(rules.start_score)
        } else {
            0
        };
        let mut scores = [0; 4];
        let mut chips = [0; 4];
        for i in 0..p {
            scores[i] = start;
            chips[i] = -i64::from(rules.ante);
        }
        SoloGame {
            rules,
            seed,
            deal,
            finished: Vec::new(),
            deal_index: 0,
            initial: scores,
            scores,
            scored: false,
            chips,
            pool: u64::from(rules.ante) * p as u64,
            winner: None,
        }
    }

    /// A game whose first deal is given, from scores other than the usual start (a position set
    /// up part way through a game): one score per player.
    ///
    /// # Errors
    /// Not one score per player, or scores that have already ended the game.
    pub fn starting_from(deal: SoloDeal, seed: u64, scores: &[i32]) -> Result<SoloGame, String> {
        let mut game = SoloGame::starting_with(deal, seed);
        let p = usize::from(game.rules.players);
        if scores.len() != p {
            return Err(format!(
                "{} scores for {p} players: give one per player",
                scores.len()
            ));
        }
        // A game already won cannot begin (the four-handed game refuses the same). Scores tied
        // at the top past the target are a game that plays on, as after a deal made by none
        // of them.
        if winner_by_score(&game.rules, scores, None).is_some() {
            let won = if game.rules.races_down() {
                "is already down to 0".to_string()
            } else {
                format!(
                    "has already reached the game's target of {}",
                    game.rules.winning_score
                )
            };
            return Err(format!("a player {won}: the game would be over before it began"));
        }
        game.initial[..p].copy_from_slice(scores);
        game.scores = game.initial;
        Ok(game)
    }

    /// The scores the game started from, one per player.
    pub fn initial_scores(&self) -> &[i32] {
        &self.initial[..usize::from(self.rules.players)]
    }

    /// The seed the game's later deals follow from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn rules(&self) -> &SoloRules {
        &self.rules
    }
    /// The deal in progress (or the last).
    pub fn deal(&self) -> &SoloDeal {
        &self.deal
    }
    /// Every deal so far, the current one last.
    pub fn all_deals(&self) -> impl Iterator<Item = &SoloDeal> {
        self.finished.iter().chain(std::iter::once(&self.deal))
    }
    /// Every deal so far, the current one last, each with the players' scores before it (the
    /// game's own arithmetic: each finished deal's change added, saturating).
    pub fn deals_with_scores(&self) -> impl Iterator<Item = (&SoloDeal, Vec<i32>)> {
        let mut scores = self.initial_scores().to_vec();
        self.all_deals().map(move |d| {
            let before = scores.clone();
            add_change(&mut scores, d);
            (d, before)
        })
    }

    /// Each player's score.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..usize::from(self.rules.players)]
    }
    /// Set-Back stakes: each player's chips won or paid so far (the ante included).
    pub fn chips(&self) -> &[i64] {
        &self.chips[..usize::from(self.rules.players)]
    }
    /// Set-Back stakes: the chips in the pool.
    pub fn pool(&self) -> u64 {
        self.pool
    }
    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }
    /// True when someone has won.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Applies a decision; scores the deal when it ends.
    ///
    /// # Errors
    /// The reason the decision is illegal; nothing changes.
    pub fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::DealOver);
        }
        self.deal.apply(a)?;
        if self.deal.is_done() && !self.scored {
            self.score_deal();
        }
        Ok(())
    }

    /// Plays the current deal to its end with uniformly random legal decisions.
    pub fn play_deal_randomly<R: RngCore>(&mut self, draw: &mut Batched<R>) -> u32 {
        let mut n = 0;
        while self.deal.to_act().is_some() {
            let legal = self.deal.legal_actions();
            let a = legal[draw.below(legal.len() as u32) as usize];
            if self.apply(a).is_err() {
                break;
            }
            n += 1;
        }
        n
    }

    fn score_deal(&mut self) {
        self.scored = true;
        let p = usize::from(self.rules.players);
        add_change(&mut self.scores, &self.deal);
        for (i, paid) in self.deal.paid_in().iter().enumerate() {
            self.chips[i] -= i64::from(*paid);
            self.pool += u64::from(*paid);
        }
        let maker = self.deal.maker();
        self.winner = self
            .deal
            .won_outright()
            .or_else(|| winner_by_score(&self.rules, &self.scores[..p], maker));
        if let Some(w) = self.winner {
            self.chips[w.index()] += self.pool as i64;
            self.pool = 0;
        }
    }

    /// Starts the next deal (the deal passes left), when the current one is over and the game is
    /// not. Returns false otherwise.
    pub fn next_deal(&mut self) -> bool {
        if !self.deal.is_done() || self.is_over() {
            return false;
        }
        self.deal_index += 1;
        let p = usize::from(self.rules.players);
        let dealer = Seat::new(((self.deal.dealer().index() + 1) % p) as u8);
        let next = SoloDeal::from_seed(self.rules, dealer, deal_seed(self.seed, self.deal_index));
        self.push_deal(next);
        true
    }

    /// Starts the next deal from given cards (replaying a record); false (nothing changed) when
    /// the current deal is not over, the game is, or the dealer is not the next one.
    pub fn next_deal_given(&mut self, deal: SoloDeal) -> bool {
        let p = usize::from(self.rules.players);
        let next = (self.deal.dealer().index() + 1) % p;
        if !self.deal.is_done()
            || self.is_over()
            || deal.rules() != &self.rules
            || deal.dealer().index() != next
        {
            return false;
        }
        self.deal_index += 1;
        self.push_deal(deal);
        true
    }

    fn push_deal(&mut self, deal: SoloDeal) {
        let old = std::mem::replace(&mut self.deal, deal);
        self.finished.push(old);
        self.scored = false;
    }

    /// The seat to decide.
    pub fn to_act(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.deal.to_act()
        }
    }

    /// The legal decisions now.
    pub fn legal_actions(&self) -> ActionList {
        if self.is_over() {
            ActionList::new()
        } else {
            self.deal.legal_actions()
        }
    }
}

/// Adds a finished deal's change to the players' scores, saturating rather than overflowing
/// on absurd starting scores. A deal not finished adds nothing (as `game::Tally::add`).
pub fn add_change(scores: &mut [i32], deal: &SoloDeal) {
    if !deal.is_done() {
        return;
    }
    for (s, d) in scores.iter_mut().zip(deal.delta()) {
        *s = s.saturating_add(*d);
    }
}

/// The winner by the scores after a deal, if the game is decided: the one player at the top once
/// someone has reached the target (0 in the games raced down); tied at the top, the deal's
/// maker if among them, else nobody (the game plays on).
fn winner_by_score(rules: &SoloRules, scores: &[i32], maker: Option<Seat>) -> Option<Seat> {
    let (best, reached) = if rules.races_down() {
        let best = *scores.iter().min().unwrap_or(&0);
        (best, best <= 0)
    } else {
        let best = *scores.iter().max().unwrap_or(&0);
        (best, best >= i32::from(rules.winning_score))
    };
    if !reached {
        return None;
    }
    let top: Vec<Seat> = (0..scores.len())
        .filter(|&i| scores[i] == best)
        .map(|i| Seat::new(i as u8))
        .collect();
    match top.as_slice() {
        [one] => Some(*one),
        _ => maker.filter(|m| top.contains(m)),
    }
}
