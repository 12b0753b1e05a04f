//! The figures of one player, gathered over every game recorded under their name.

use crate::summary::SeatKind;
use serde::Serialize;

/// One player's statistics. A deal counts for the side a player sat on; made, euchred and
/// marched count the deals their side made trump, for each player of the making side (as the
/// duplicate matches count them for a side); loners count for the lone player only.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The name the games were recorded under.
    pub name: String,
    /// `person` when the name sat as a person in any game, else `bot`.
    pub kind: SeatKind,
    /// Games recorded, finished or not.
    pub games: u64,
    /// Games recorded finished (decided) in which they sat on one side only (a name on both
    /// sides of a game, three bots of one kind, neither wins nor loses it).
    pub games_over: u64,
    /// Of those, games their side won.
    pub wins: u64,
    /// Finished deals they sat in (once per side, for a name seated on both sides of a game).
    pub deals: u64,
    /// Points their side gained toward winning over those deals (in the games raced down to 0,
    /// the points taken off).
    pub points: i64,
    /// `points / deals` (`None` before any deal).
    pub points_per_deal: Option<f64>,
    /// Deals their side made trump.
    pub made: u64,
    /// ... and took fewer tricks than needed (3, or the bid).
    pub euchred: u64,
    /// ... and took every trick.
    pub marched: u64,
    /// Deals they played alone for the makers (the maker, or a partner who took the hand over).
    pub loners: u64,
    /// ... and took at least 3 tricks.
    pub loners_made: u64,
    /// Games with a mistake cost recorded for them.
    pub mistake_games: u64,
    /// The mean points their decisions lost per game, over those games (`None` when none).
    pub mistake_cost: Option<f64>,
}

impl PlayerStats {
    /// Games won per finished game (`None` before any finished game).
    pub fn win_rate(&self) -> Option<f64> {
        (self.games_over > 0).then(|| self.wins as f64 / self.games_over as f64)
    }
}
