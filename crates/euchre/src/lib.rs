//! A rules engine for Euchre.
//!
//! The engine has no I/O and no global random state: deals are seeded (ChaCha) and every decision
//! goes through [`Deal::legal_actions`] and [`Deal::apply`], which refuses an illegal action and
//! leaves the deal unchanged. Each seat sees only its [`Observation`], and [`sample_world`] draws a
//! full deal consistent with one, for search over hidden cards.
//!
//! ```
//! use euchre::{Action, Deal, Rules, Seat};
//!
//! let mut deal = Deal::from_seed(Rules::preset("tournament").unwrap(), Seat::new(3), 42);
//! while let Some(seat) = deal.to_act() {
//!     // Every seat takes its first legal decision.
//!     let action = deal.legal_actions()[0];
//!     let before = deal.observation(seat);
//!     assert!(before.legal.contains(&action));
//!     deal.apply(action).unwrap();
//! }
//! assert!(deal.is_done());
//! assert!(deal.points().iter().sum::<u8>() > 0);
//! // An illegal action is refused with a reason.
//! assert!(deal.apply(Action::Pass).is_err());
//! ```

pub mod action;
pub mod card;
pub mod cardset;
pub mod deal;
pub mod error;
pub mod game;
pub mod lead;
pub mod observation;
pub mod option_info;
pub mod outcome;
pub mod presets;
pub mod rules;
pub mod sample;
pub mod scoring;
pub mod seat;
pub mod shuffle;
pub mod solo;
pub mod table;
pub mod text;
mod trick;
pub mod trick_play;
pub mod trump;

pub use action::{Action, ActionList, BidTrump};
pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deal::{Deal, Phase};
pub use error::{DealError, IllegalAction};
pub use game::{Decisions, Game, Match};
pub use observation::{Observation, Seen};
pub use option_info::{OptionInfo, OptionKind};
pub use outcome::DealOutcome;
pub use presets::{all_presets, preset_name, typed_name, PRESETS};
pub use rules::{Rules, RulesError};
pub use sample::{sample_world, SampleError, Sampler};
pub use seat::{Seat, Team};
pub use table::{AnyGame, Table};
pub use trick_play::TrickPlay;
pub use trump::Trump;
