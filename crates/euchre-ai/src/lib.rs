//! Computer players for Euchre, on the engine's family-blind interface.
//!
//! - [`solver`]: the exact (double-dummy) solver, from any point of a fully known deal.
//! - [`Player`]: the one interface of every computer player, given one seat's [`GameView`]
//!   and nothing else; [`player`] makes one by name (`random`, `basic`, `pimc-N`, and the levels
//!   `easy`, `medium`, `hard`).
//!
//! No I/O. Every choice is reproducible from the random generator it is given.

pub mod basic;
pub mod pimc;
pub mod player;
pub mod random;
pub mod solver;
pub mod view;

pub use player::{player, Budget, Choice, Player, UnknownPlayer, DEFAULT_PLAYER, PLAYERS};
pub use view::GameView;
