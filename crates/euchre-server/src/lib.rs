//! The multiplayer server behind `euchre serve`.
//!
//! - [`room`]: one table apart from the network: seats held by people (each known by a secret
//!   token) or computer players; a decision is checked (the token's seat, its turn, a current
//!   sequence number, a legal action) before it becomes a [`Change`]; each seat sees only its
//!   own view, a spectator only the public one.
//! - [`store`]: the SQLite database. Every change is stored before it is applied and sent.
//! - `live`: a table in play: its connections and the task that runs its computer players.
//! - [`http`]: axum on tokio: the browser client, tables and seats over HTTP, play over
//!   WebSockets (docs/server-protocol.md).
//! - [`serve`]: the accept loop, with the limits per client address.

mod accounts;
mod assets;
pub mod http;
mod live;
mod message;
pub mod names;
mod passwords;
pub mod room;
pub mod serve;
pub mod store;
mod throttle;
mod token;

pub use accounts::hash as hash_password;
pub use http::{router, AppState};
pub use message::{
    ClientMessage, Judged, SeatChange, SeatChangeKind, SeatHolder, SeatInfo, ServerMessage, Valued,
    PROTOCOL_VERSION,
};
pub use room::{Change, Next, Room, RoomError, SeatPlan};
pub use serve::{serve, Limits};
pub use store::{Durability, Store};
pub use token::SeatToken;
