//! The individual games of the family (`RULES.md` §10): three-handed cutthroat, Bid Euchre and
//! Set-Back Euchre. They share the cards, the ranking and trick play with Euchre but not its
//! deal, bidding or scoring, so they are their own state machine ([`SoloDeal`], [`SoloGame`])
//! behind the same decision interface (the `Table` trait) as the partnership game.

pub mod deal;
pub mod game;
pub mod rules;
pub mod sample;

pub use deal::{SoloDeal, SoloObservation, SoloPhase};
pub use game::SoloGame;
pub use rules::{Family, SoloRules, SOLO_PRESETS};
pub use sample::sample_solo_world;
