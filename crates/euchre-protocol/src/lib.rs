//! The engine protocol: newline-delimited JSON requests on stdin, one response line each.
//!
//! [`Session::handle_line`] takes one request line and returns one response line; it never
//! panics and never changes anything on a bad request. See `docs/protocol.md`.

mod request;
mod session;
mod stream;

pub use request::{parse_given_deal, parse_request, GivenDeal, Request, RequestError};
pub use session::Session;
pub use stream::{read_line, serve, Line, MAX_LINE_BYTES};
