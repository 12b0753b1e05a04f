//! What a player sees: one seat's view of the deal, and the game around it that a person at
//! the table knows (the score, the target, the tokens, which deal this is).

use euchre::solo::SoloPhase;
use euchre::table::{AnyDeal, AnyGame, Table, View};
use euchre::{Action, ActionList, Phase, Seat};

/// One seat's view of a game, the only thing a [`crate::Player`] is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// The seat deciding.
    pub seat: Seat,
    /// The deal as this seat sees it (its own cards and everything public).
    pub view: View,
    /// The game's scores before this deal is scored: per team in the partnership game, per
    /// player in the individual games.
    pub scores: Vec<i32>,
    /// The score that wins (in a race down, the score to reach 0 from).
    pub target: i32,
    /// The individual games that count down to 0 (Bid Euchre, Set-Back).
    pub races_down: bool,
    /// Four-trick tokens held by each team (`four_trick_tokens`).
    pub tokens: [u8; 2],
    /// The number of this deal in the game, from 1.
    pub deal_number: u32,
}

impl GameView {
    /// `seat`'s view of a game in progress.
    pub fn of_game(game: &AnyGame, seat: Seat) -> GameView {
        let view = game.view(seat);
        match game {
            AnyGame::Partnership(g) => GameView {
                seat,
                view,
                scores: g.score().to_vec(),
                target: i32::from(g.rules().winning_score),
                races_down: false,
                tokens: g.tokens(),
                deal_number: g.deals_started(),
            },
            AnyGame::Solo(g) => GameView {
                seat,
                view,
                scores: g.scores().to_vec(),
                target: i32::from(if g.rules().races_down() {
                    g.rules().start_score
                } else {
                    g.rules().winning_score
                }),
                races_down: g.rules().races_down(),
                tokens: [0, 0],
                deal_number: u32::try_from(g.all_deals().count()).unwrap_or(u32::MAX),
            },
        }
    }

    /// `seat`'s view of a lone deal, with no game around it (the scores at the start).
    pub fn of_deal(deal: &AnyDeal, seat: Seat) -> GameView {
        match deal {
            AnyDeal::Partnership(d) => GameView {
                seat,
                view: View::Partnership(Box::new(d.observation(seat))),
                scores: vec![0, 0],
                target: i32::from(d.rules().winning_score),
                races_down: false,
                tokens: [0, 0],
                deal_number: 1,
            },
            AnyDeal::Solo(d) => {
                let r = d.rules();
                let start = if r.races_down() {
                    i32::from(r.start_score)
                } else {
                    0
                };
                GameView {
                    seat,
                    view: View::Solo(Box::new(d.observation(seat))),
                    scores: vec![start; usize::from(r.players)],
                    target: i32::from(if r.races_down() {
                        r.start_score
                    } else {
                        r.winning_score
                    }),
                    races_down: r.races_down(),
                    tokens: [0, 0],
                    deal_number: 1,
                }
            }
        }
    }

    /// The legal decisions (empty unless it is this seat's turn).
    pub fn legal(&self) -> &ActionList {
        self.view.legal()
    }

    /// True when `a` is a renege the rules allow (`reneging = penalised`): a computer player
    /// values it, so that a person's renege can be judged, but never chooses it, as it is
    /// claimed and costs the deal.
    pub fn reneges(&self, a: Action) -> bool {
        match (&self.view, a) {
            (View::Partnership(o), Action::Play(c)) => o.would_renege(c),
            _ => false,
        }
    }

    /// True from the jamboree question (just before the first lead) on: the bidding, the
    /// discard and going alone are over.
    pub fn in_trick_play(&self) -> bool {
        match &self.view {
            View::Partnership(o) => o.phase.in_or_after_play() || o.phase == Phase::Jamboree,
            View::Solo(o) => o.phase == SoloPhase::Play,
        }
    }
}
