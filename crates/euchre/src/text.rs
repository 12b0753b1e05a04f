//! Text a person gave, as the engine's messages (and those of the programs around it) echo it.
//!
//! A leaf module: the errors, the rules and the parsers of cards and actions all use it.

/// The most characters of a person's text that a message echoes.
pub const SHOWN_CHARS: usize = 40;

/// Text a person gave, as a message echoes it: at most [`SHOWN_CHARS`] characters, and "…" after
/// a cut, so that a name of megabytes is not echoed back whole and a cut one does not read as
/// all that was given.
pub fn shown(text: &str) -> String {
    cut(text, SHOWN_CHARS)
}

/// `text`'s first `most` characters, and "…" after them when that cut it.
pub fn cut(text: &str, most: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(most).collect();
    if chars.next().is_some() {
        head + "…"
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_is_shown_and_a_text_that_fits_is_whole() {
        assert_eq!(shown("JX"), "JX");
        assert_eq!(shown(&"é".repeat(40)), "é".repeat(40));
        assert_eq!(shown(&"é".repeat(41)), format!("{}…", "é".repeat(40)));
    }
}
