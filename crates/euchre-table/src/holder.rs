//! Who holds a seat.

use std::fmt;

/// A seat's holder: a person (by name) or a computer player (by its player name, such as
/// `pimc-50` or `hard`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    Person(String),
    Bot(String),
}

impl Holder {
    /// The name the game record keeps for the seat. A bot is known by its player name, so a
    /// saved game knows on reading which seats were bots.
    pub fn name(&self) -> &str {
        match self {
            Holder::Person(n) | Holder::Bot(n) => n,
        }
    }

    pub fn is_bot(&self) -> bool {
        matches!(self, Holder::Bot(_))
    }

    /// The holder a record's seat name stands for: a known player's name is that bot, any
    /// other name a person.
    pub fn from_name(name: &str) -> Holder {
        if euchre_ai::player(name).is_ok() {
            Holder::Bot(name.to_string())
        } else {
            Holder::Person(name.to_string())
        }
    }
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
