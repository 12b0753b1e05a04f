//! EGN's card text: rank upper-case, suit lower-case (`Jh`), `N` for nine, `R`/`L` for the bowers,
//! `B` for the Joker, and `X`/`x` and generic suits for cards not known.

use euchre::{Card, Rank, Suit, Trump};

/// The EGN text of a card: `Jh`, `Tc`, `B`.
pub fn egn_card(c: Card) -> String {
    match (c.rank(), c.suit()) {
        (Some(r), Some(s)) => format!("{}{}", r.letter(), s.letter().to_ascii_lowercase()),
        _ => "B".into(),
    }
}

/// Parses an EGN card. `R` and `L` need the trump suit.
///
/// # Errors
/// Unknown or generic cards (`Xx`, `Jx`, `9t`), which a replay can't place, and bad text.
pub fn parse_egn_card(text: &str, trump: Option<Trump>) -> Result<Card, String> {
    let shown = euchre::text::shown(text);
    match text {
        "B" => return Ok(Card::JOKER),
        "R" | "L" => {
            let Some(Trump::Suit(t)) = trump else {
                return Err(format!("'{shown}' names a bower but no trump suit is made"));
            };
            let suit = if text == "R" { t } else { t.same_colour() };
            return Ok(Card::new(Rank::Jack, suit));
        }
        _ => {}
    }
    let b = text.as_bytes();
    let [r, s] = b else {
        return Err(format!("'{shown}' is not an EGN card"));
    };
    if *r == b'X' || matches!(s, b'x' | b't' | b'n' | b'g') {
        return Err(format!(
            "'{shown}' is an unknown or generic card; a replay needs the actual card"
        ));
    }
    let rank = if *r == b'N' {
        Some(Rank::Nine)
    } else {
        Rank::from_letter(*r as char)
    };
    let suit = Suit::from_letter(*s as char);
    match (rank, suit) {
        (Some(r), Some(s)) => Ok(Card::new(r, s)),
        _ => Err(format!("'{shown}' is not an EGN card")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn egn_cards() {
        let jh = Card::new(Rank::Jack, Suit::Hearts);
        assert_eq!(egn_card(jh), "Jh");
        assert_eq!(parse_egn_card("Jh", None), Ok(jh));
        assert_eq!(parse_egn_card("JH", None), Ok(jh));
        assert_eq!(parse_egn_card("Nc", None), Ok(Card::new(Rank::Nine, Suit::Clubs)));
        assert_eq!(parse_egn_card("L", Some(Trump::Suit(Suit::Diamonds))), Ok(jh));
        assert_eq!(parse_egn_card("R", Some(Trump::Suit(Suit::Hearts))), Ok(jh));
        assert!(parse_egn_card("Xx", None).is_err());
        assert!(parse_egn_card("Jx", None).is_err());
        // Lower-case h is hearts (the schema lists h both as hearts and as a generic suit).
        assert_eq!(
            parse_egn_card("9h", None),
            Ok(Card::new(Rank::Nine, Suit::Hearts))
        );
        assert!(parse_egn_card("R", None).is_err());
        assert_eq!(parse_egn_card("B", None), Ok(Card::JOKER));
    }
}
