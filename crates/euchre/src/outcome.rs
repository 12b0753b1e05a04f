//! How a finished deal went for the side that made trump, in the words the games use.

use serde::Serialize;

/// How a finished deal went for its makers: the one word a table says of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DealOutcome {
    /// The makers took the tricks they needed (a bid, a declaration), not every one.
    Made,
    /// The makers took every trick.
    Marched,
    /// The makers fell short (the four-handed and three-handed games): the others score.
    Euchred,
    /// The maker fell short of the bid or the declaration (Bid Euchre, Set-Back): set back.
    Set,
}

impl DealOutcome {
    /// The word: `made`, `marched`, `euchred` or `set`.
    pub fn name(self) -> &'static str {
        match self {
            DealOutcome::Made => "made",
            DealOutcome::Marched => "marched",
            DealOutcome::Euchred => "euchred",
            DealOutcome::Set => "set",
        }
    }

    /// True when the makers took the tricks they needed (made or marched).
    pub fn made(self) -> bool {
        matches!(self, DealOutcome::Made | DealOutcome::Marched)
    }
}

impl std::fmt::Display for DealOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
