//! A load generator for `euchre serve` (issue 11's acceptance): many tables of four WebSocket
//! players, all in one process, playing whole games against one server on loopback, each
//! decision's broadcast timed.
//!
//! The binary `euchre-load` parses its arguments and prints; the run is [`run::run`]:
//!
//! ```no_run
//! # async fn f() {
//! use euchre_load::run::{run, Step};
//! use std::time::Duration;
//! let step = Step {
//!     addr: "127.0.0.1:8080".into(),
//!     tables: 10,
//!     think: Duration::from_millis(500),
//!     ramp: Duration::from_secs(2),
//!     measure: Duration::from_secs(10),
//! };
//! let report = run(&step, None, |_| {}).await;
//! println!("p99 {} ms, {} errors", report.action_to_broadcast.p99_ms, report.errors);
//! # }
//! ```

pub mod http;
pub mod run;
pub mod server;
pub mod stats;
