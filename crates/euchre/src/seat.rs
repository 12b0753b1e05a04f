//! Seats 0..3 clockwise and the two teams (seat `s` is on team `s % 2`).

use std::fmt;

/// A seat at a four-handed table, 0..3 clockwise. Partners sit opposite.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Seat(u8);

impl Seat {
    /// All four seats in order.
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat with this number.
    ///
    /// # Panics
    /// When `n >= 4`.
    pub const fn new(n: u8) -> Seat {
        assert!(n < 4, "seat out of range");
        Seat(n)
    }

    /// The seat with this number, if it is one.
    pub const fn try_new(n: u64) -> Option<Seat> {
        if n < 4 {
            Some(Seat(n as u8))
        } else {
            None
        }
    }

    /// The seat number.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise ("left of").
    pub const fn left(self) -> Seat {
        Seat((self.0 + 1) & 3)
    }

    /// The seat `n` places clockwise.
    pub const fn plus(self, n: u8) -> Seat {
        Seat((self.0 + n) & 3)
    }

    /// The previous seat ("right of").
    pub const fn right(self) -> Seat {
        Seat((self.0 + 3) & 3)
    }

    /// The seat opposite.
    pub const fn partner(self) -> Seat {
        Seat((self.0 + 2) & 3)
    }

    /// This seat's team.
    pub const fn team(self) -> Team {
        Team(self.0 & 1)
    }

    /// One bit per seat, for seat masks.
    pub const fn bit(self) -> u8 {
        1 << self.0
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(n: u8) -> Result<Seat, String> {
        Seat::try_new(n as u64).ok_or_else(|| format!("seat {n} is not 0..3"))
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

/// A partnership: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub struct Team(u8);

impl Team {
    /// Both teams.
    pub const ALL: [Team; 2] = [Team(0), Team(1)];

    /// The team with this number (0 or 1).
    ///
    /// # Panics
    /// When `n >= 2`.
    pub const fn new(n: u8) -> Team {
        assert!(n < 2, "team out of range");
        Team(n)
    }

    /// The team number.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other team.
    pub const fn other(self) -> Team {
        Team(self.0 ^ 1)
    }
}

impl From<Team> for u8 {
    fn from(t: Team) -> u8 {
        t.0
    }
}

impl TryFrom<u8> for Team {
    type Error = String;
    fn try_from(n: u8) -> Result<Team, String> {
        if n < 2 {
            Ok(Team(n))
        } else {
            Err(format!("team {n} is not 0 or 1"))
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
