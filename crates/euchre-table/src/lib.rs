//! A table: one game of any preset with each seat held by a person or a computer player.
//!
//! The table says whose turn it is, takes a person's decision, hands out a bot's decision as a
//! [`BotJob`] that the front end runs on a thread of its own (so a search never blocks the
//! screen or the network), and saves the game as a game record after every decision (written
//! to a temporary file and renamed over the old one, so a crash never leaves a broken file).
//! It holds no rules: what is legal and what scores comes from the engine.
//!
//! Bots are seeded from the game's seed and the number of decisions taken so far, so a game is
//! reproducible from its seed and the people's decisions, and a game resumed from its file goes
//! on exactly as it would have.

mod holder;
mod save;
mod session;

pub use holder::Holder;
pub use save::{from_text, load, record_text, save_atomically, Saved};
pub use session::{BotJob, Session, TableError, Turn};
