//! The multiplayer server's authoritative core, apart from the network: a [`Room`] is one table
//! (a table session from `euchre-table`) whose seats are held by people, each known by a secret
//! seat token, or by computer players. A person's decision arrives with the sequence number of
//! the state it answers, is checked (the token's seat, its turn, a current sequence number, a
//! legal action) and applied through the engine; every seat is then sent its own view, never
//! the deal.
//!
//! [`http`] carries rooms over HTTP and WebSockets (axum on tokio). The browser client,
//! persistence and spectators are still to come (issue 11); the messages are serde types so
//! that any transport can carry them.

pub mod http;
mod message;
mod room;
mod token;

pub use message::{ClientMessage, ServerMessage, PROTOCOL_VERSION};
pub use room::{Room, RoomError, SeatPlan};
pub use token::SeatToken;
