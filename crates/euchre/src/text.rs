//! Text a person gave, as the engine's messages (and those of the programs around it) echo it.
//!
//! A leaf module: the errors, the rules and the parsers of cards and actions all use it.

/// The most characters of a person's text that a message echoes.
pub const SHOWN_CHARS: usize = 40;

/// `n` things, in the singular for one: `count(1, "card", "cards")` is "1 card".
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Text a person gave, as a message echoes it: at most [`SHOWN_CHARS`] characters, and "…" after
/// a cut, so that a name of megabytes is not echoed back whole and a cut one does not read as
/// all that was given; [`printable`], so that an error message printed on a terminal cannot
/// drive it (review s51, 1).
pub fn shown(text: &str) -> String {
    printable(&cut(text, SHOWN_CHARS))
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

/// Text from a file, made safe to print on a terminal: control characters (an escape sequence
/// that recolours the terminal or retitles its window, a line break inside a name), line and
/// paragraph separators and the marks that reverse the direction of the text after them are
/// written as escapes (`\u{1b}`); everything else is kept. The names and titles of games
/// exchanged with other people are shown through it.
pub fn printable(text: &str) -> String {
    if !text.chars().any(unprintable) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unprintable(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A character [`printable`] escapes.
fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{061c}' | '\u{200e}' | '\u{200f}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_text_keeps_letters_and_escapes_what_drives_a_terminal() {
        assert_eq!(printable("Zoë 🂡 Ann-Marie"), "Zoë 🂡 Ann-Marie");
        assert_eq!(printable("Evil\u{1b}[31mRED"), "Evil\\u{1b}[31mRED");
        assert_eq!(printable("A\u{1b}]0;pwned\u{7}B"), "A\\u{1b}]0;pwned\\u{7}B");
        assert_eq!(printable("two\nlines"), "two\\u{a}lines");
        assert_eq!(printable("\u{202e}RTL"), "\\u{202e}RTL");
        assert_eq!(printable("a\u{2066}b\u{85}c"), "a\\u{2066}b\\u{85}c");
    }

    #[test]
    fn a_cut_is_shown_and_a_text_that_fits_is_whole() {
        assert_eq!(shown("JX"), "JX");
        assert_eq!(shown(&"é".repeat(40)), "é".repeat(40));
        assert_eq!(shown(&"é".repeat(41)), format!("{}…", "é".repeat(40)));
        assert_eq!(shown("A\u{1b}[31mB"), "A\\u{1b}[31mB");
    }
}
