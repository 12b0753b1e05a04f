//! Computer players for Euchre, on the engine's family-blind interface.
//!
//! - [`solver`]: the exact (double-dummy) solver, from any point of a fully known deal.
//!
//! No I/O: players see a [`euchre::table::View`] of one seat and nothing else.

pub mod solver;
