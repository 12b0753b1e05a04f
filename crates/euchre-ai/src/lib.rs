//! Computer players for Euchre, on the engine's family-blind interface.
//!
//! - [`solver`]: the exact (double-dummy) solver, from any point of a fully known deal.
//! - [`Player`]: the one interface of every computer player, given one seat's [`GameView`]
//!   and nothing else; [`player()`] makes one by name (`random`, `basic`, `pimc-N`, `expert`, and
//!   the levels `easy`, `medium`, `hard`).
//! - [`analysis`]: every decision of a recorded deal judged from the deciding seat's view.
//! - [`duplicate`]: duplicate matches between two players, and their figures; [`board_file`]
//!   keeps a match's boards for a later comparison, [`pooling`] sums up several matches'
//!   reports.
//! - [`win_prob`]: the chance of winning the game from a score, from deal outcomes measured by
//!   self-play.
//! - [`expert`]: the strongest player: PIMC with worlds weighed by the others' bids
//!   ([`infer`]), valued by the chance of winning the game, searching more worlds where the
//!   choice is close; it explains each action ([`Outlook`]).
//! - [`next_card`]: a measured remedy for strategy fusion in `expert`'s card play (the next
//!   cards chosen from each seat's own view, not by seeing the world).
//! - [`own_choice`]: the same in the bidding, for the seat's own opening lead and the trump it
//!   names after winning a Bid Euchre auction.
//!
//! No I/O. Every choice is reproducible from the random generator it is given.

pub mod analysis;
pub mod basic;
pub mod bid_correction;
pub mod board_file;
pub mod duplicate;
pub mod expert;
pub mod follow_model;
pub mod infer;
pub mod lead_model;
pub mod next_card;
pub mod own_choice;
pub mod paired;
pub mod pimc;
pub mod player;
pub mod pooling;
pub mod random;
pub mod real_outcomes;
pub mod seeds;
pub mod solver;
pub mod view;
pub mod win_prob;

pub use player::{
    canonical_name, player, Budget, Choice, Outlook, Player, UnknownPlayer, DEFAULT_PLAYER, PLAYERS,
};
pub use seeds::{keyed_seed, mix_seed};
pub use view::GameView;
