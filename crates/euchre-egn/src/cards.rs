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

/// An engine message with its cards in EGN's text (`9C` becomes `9c`), so that one checker's
/// messages spell a card one way, the way the file does (records tester s53, 7).
pub fn egn_spelling(message: &str) -> String {
    let b = message.as_bytes();
    let mut out = String::with_capacity(message.len());
    let word = |i: usize| b.get(i).is_some_and(|c| c.is_ascii_alphanumeric());
    let mut i = 0;
    while i < b.len() {
        let card = i + 1 < b.len()
            && b"789TJQKA".contains(&b[i])
            && b"CDHS".contains(&b[i + 1])
            && !(i > 0 && word(i - 1))
            && !word(i + 2);
        if card {
            out.push(b[i] as char);
            out.push(b[i + 1].to_ascii_lowercase() as char);
            i += 2;
        } else {
            // Copy one whole character (messages may hold any text a file gave).
            let ch = message[i..].chars().next().expect("in bounds");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
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
    fn engine_messages_spell_cards_as_egn_does() {
        assert_eq!(
            egn_spelling("9S does not follow suit: hearts were led and seat 2 holds KH"),
            "9s does not follow suit: hearts were led and seat 2 holds Kh"
        );
        assert_eq!(egn_spelling("seat 0 does not hold 9C"), "seat 0 does not hold 9c");
        assert_eq!(
            egn_spelling("'discard TD' (AS, QSX, B, é 7C)"),
            "'discard Td' (As, QSX, B, é 7c)"
        );
    }

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
