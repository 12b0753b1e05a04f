//! A local SQLite store of the games played and the statistics per player drawn from it: games
//! and wins, points per deal, how often a player's side made trump and was euchred or marched,
//! loners, and the mistake cost of analysed games. The schema is in `docs/stats.md`.
//!
//! The store is opened with [`Store::open`], which creates the file, brings an older one up to
//! date through versioned migrations, and refuses (leaving it untouched) a file it cannot read:
//! one damaged, of another program, or written by a newer euchre.
//!
//! ```
//! use euchre::table::{AnyRules, Table};
//! use euchre_stats::{GameSummary, SeatKind, Store};
//!
//! // A game played with arbitrary (but varied: always passing would never end) decisions.
//! let mut game = AnyRules::preset("north-american")?.new_game(7);
//! let mut k = 0;
//! while !game.is_over() {
//!     while !game.deal_over() {
//!         let legal = game.legal_actions();
//!         k += 1;
//!         game.apply(legal[k * 7 % legal.len()])?;
//!     }
//!     game.next_deal();
//! }
//! let names = ["Ann", "East", "Bo", "West"].map(String::from);
//! let kinds = [SeatKind::Person, SeatKind::Bot, SeatKind::Person, SeatKind::Bot];
//! let summary = GameSummary::of_game(&game, "game-7", &names, &kinds, None);
//!
//! let dir = std::env::temp_dir().join(format!("euchre-stats-doc-{}", std::process::id()));
//! let mut store = Store::open(&dir.join("stats.sqlite3"))?;
//! store.record_game(&summary)?;
//! store.record_game(&summary)?; // the same id: replaced, not added
//! let stats = store.player_stats()?;
//! assert_eq!(stats.len(), 4);
//! assert!(stats.iter().all(|p| p.games == 1 && p.deals == summary.deals.len() as u64));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod stats;
mod store;
mod summary;

pub use stats::PlayerStats;
pub use store::{Store, StoreError, APPLICATION_ID, DATA_DIR_VAR, FILE_NAME, SCHEMA_VERSION};
pub use summary::{timestamp, DealSummary, GameSummary, SeatKind, SeatSummary};
