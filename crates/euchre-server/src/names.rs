//! People's names at a table: what may be one (nothing that hides, not a computer player's),
//! and when two are the same name (letter case and look-alike letters aside).

use euchre_ai::player;

/// The most characters a name may have (after blanks at either end are trimmed).
pub const LONGEST_NAME: usize = 40;

/// The most characters of a text from a client written to the log: enough to recognise a
/// name or a code, too few for a flood of long texts to fill the disk.
const LOGGED_CHARS: usize = 64;

/// A person's name: 1 to 40 characters, not only spaces, not a computer player's, and nothing
/// that hides: no invisible characters (a zero-width space, a direction override that shows
/// the name backwards) and at least one character that shows. Returned as kept: trimmed, and
/// each run of blanks inside made one space.
pub fn check_name(name: &str) -> Result<String, String> {
    // Control characters (a line break, a tab) are refused, not made spaces.
    let control = trimmed(name).chars().any(char::is_control);
    let name = &one_space(name);
    if name.chars().count() > LONGEST_NAME || control {
        return Err(format!(
            "a name is 1 to {LONGEST_NAME} characters, without control characters"
        ));
    }
    if hides(name) {
        return Err(
            "a name can't hold invisible characters (zero-width spaces, direction marks and the like)".into(),
        );
    }
    if !name
        .chars()
        .any(|c| !c.is_whitespace() && !combining(c) && !blank(c))
    {
        return Err("a name needs a character that shows".into());
    }
    if stacked_marks(name) > MARKS_ON_ONE {
        return Err(format!(
            "a name can't stack more than {MARKS_ON_ONE} accents on one character (they spill over the names around it)"
        ));
    }
    if player(name).is_ok() || name.to_ascii_lowercase().starts_with("seat ") {
        return Err(format!(
            "'{name}' is kept for the computer players and open seats"
        ));
    }
    Ok(name.to_string())
}

/// `name` trimmed, with each run of blanks inside (white space of any kind, and characters drawn
/// as nothing) made one space: a page shows "Zoë   🃏" as "Zoë 🃏", so two names that differ
/// only so would look the same at the table (browser tester s49, 2).
fn one_space(name: &str) -> String {
    let mut kept = String::with_capacity(name.len());
    for word in trimmed(name).split(|c: char| c.is_whitespace() || blank(c)) {
        if word.is_empty() {
            continue;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    kept
}

/// `name` without the blanks at either end (white space, and characters drawn as nothing).
fn trimmed(name: &str) -> &str {
    // Blanks at either end pad a name without showing: "Ann" and "Ann" with two Braille
    // blanks after it would look the same at the table.
    name.trim_matches(|c: char| c.is_whitespace() || blank(c))
}

/// Refuses, cheaply, a name no account can hold: longer than [`LONGEST_NAME`], empty, or with
/// control characters ([`check_name`] refuses each at registration). A login is checked so
/// before its name is counted by the throttle or written to the log: a name of megabytes
/// would otherwise be kept in memory for an hour and written whole to the log at every try.
///
/// # Errors
/// What is wrong with the name, in the words of [`check_name`].
pub fn could_be_account(name: &str) -> Result<(), String> {
    let name = trimmed(name);
    // Counted no further than one past the longest: the name may be megabytes.
    let long = name.chars().take(LONGEST_NAME + 1).count() > LONGEST_NAME;
    if name.is_empty() || long || name.chars().any(char::is_control) {
        return Err(format!(
            "no account has that name: a name is 1 to {LONGEST_NAME} characters, without control characters"
        ));
    }
    Ok(())
}

/// A text a client sent, made fit for the log: cut to its first [`LOGGED_CHARS`] characters
/// (with "…" when cut), and its control characters, line separators and direction marks
/// written as escapes (`\u{a}`: [`euchre::text::printable`]), so that no text can write a line
/// of its own into the log, or turn the rest of one around, however it is logged. Log it as a
/// plain `&str` (`name = logged(n).as_str()`): the text log then quotes it, the JSON log
/// (`--log-json`) makes it a JSON string with nothing of Rust's `Debug` in it.
pub fn logged(text: &str) -> String {
    euchre::text::printable(&euchre::text::cut(text, LOGGED_CHARS))
}

/// A character that Unicode says to show as nothing (its confusable skeleton is empty):
/// format characters, zero-width spaces and joiners, direction controls, variation selectors
/// and the like.
fn invisible(c: char) -> bool {
    let mut one = [0u8; 4];
    let nothing = unicode_security::skeleton(c.encode_utf8(&mut one))
        .next()
        .is_none();
    nothing
}

/// True when `name` holds an invisible character other than those emoji are written with: a
/// variation selector (❤️), or a zero-width joiner between two characters that are not letters
/// or digits (👩‍💻). Between letters a joiner only hides.
fn hides(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    chars.iter().enumerate().any(|(i, &c)| {
        if !invisible(c) {
            return false;
        }
        let pictograph = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|&n| !n.is_alphanumeric() && !n.is_whitespace() && !invisible(n))
        };
        // A variation selector shows a pictograph as an emoji; after a letter it only hides.
        if matches!(u32::from(c), 0xFE00..=0xFE0F | 0xE0100..=0xE01EF) {
            return !pictograph(i.checked_sub(1));
        }
        // Before the joiner, past any variation selector (❤️‍🔥 is a heart, a selector, a joiner
        // and a fire).
        let before = chars[..i]
            .iter()
            .rposition(|&p| !matches!(u32::from(p), 0xFE00..=0xFE0F));
        let emoji_joiner = c == '\u{200D}' && pictograph(before) && pictograph(Some(i + 1));
        !emoji_joiner
    })
}

/// A character drawn as an empty space that Unicode does not count as white space (nor as
/// invisible): the Braille blank and the Hangul and Khmer fillers.
fn blank(c: char) -> bool {
    matches!(
        u32::from(c),
        0x2800 | 0x115F | 0x1160 | 0x3164 | 0xFFA0 | 0x17B4 | 0x17B5
    )
}

/// The most combining marks a name may stack on one character: enough for any language's
/// letters (Vietnamese stacks two), not for the "Zalgo" text that draws over the lines above
/// and below.
const MARKS_ON_ONE: usize = 3;

/// The longest run of combining marks in `name`.
fn stacked_marks(name: &str) -> usize {
    name.chars()
        .scan(0, |run, c| {
            *run = if combining(c) { *run + 1 } else { 0 };
            Some(*run)
        })
        .max()
        .unwrap_or(0)
}

/// A combining mark (Unicode's marks, of every script), which shows only on another character.
fn combining(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
}

/// The two forms in which names are compared: Unicode's confusable skeleton of the name
/// lower-cased, and of the name as written, each lower-cased again. Two names are the same name
/// when either form agrees: the first makes letter case and look-alike letters (Latin "i" and
/// Cyrillic "і", "0" and "O") no difference; the second catches a capital "I" written for a
/// small "l", which case-folding alone would turn into an "i".
///
/// Blanks count as they are kept ([`check_name`]'s one space for a run), so that a name typed
/// with two spaces is the account's of one.
pub fn name_keys(name: &str) -> [String; 2] {
    let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>().to_lowercase();
    let name = one_space(name);
    [skeleton(&name.to_lowercase()), skeleton(&name)]
}

/// True when `a` and `b` are the same name by [`name_keys`].
pub fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (name_keys(a), name_keys(b));
    a[0] == b[0] || a[1] == b[1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_hide_are_refused_and_emoji_are_not() {
        for hiding in [
            "Ann\u{200B}",
            "\u{200B}",
            "Zo\u{202E}e",
            "Ann\u{FE0F}",
            "A\u{200D}nn",
            "\u{0301}",
        ] {
            assert!(check_name(hiding).is_err(), "{hiding:?}");
        }
        // Blanks: white space, and characters drawn as nothing that Unicode does not call so.
        for filler in ["\u{3164}", "\u{FFA0}", "\u{115F}"] {
            assert!(check_name(filler).is_err(), "{filler:?}");
        }
        for blank in ["   ", "\u{3000}", "\u{2800}", "\u{2800} \u{2800}"] {
            assert_eq!(
                check_name(blank),
                Err("a name needs a character that shows".to_string()),
                "{blank:?}"
            );
        }
        assert_eq!(check_name("\u{2800}Ann\u{2800}\u{2800}").as_deref(), Ok("Ann"));
        // Marks of any script count: Devanagari's, and the combining grave.
        let stacked = format!("क{}", "\u{0901}".repeat(5));
        assert!(check_name(&stacked).unwrap_err().contains("more than 3 accents"));
        let zalgo = format!("a{}", "\u{0300}".repeat(38));
        assert!(check_name(&zalgo).unwrap_err().contains("more than 3 accents"));
        assert_eq!(
            check_name("Tu\u{031B}\u{0301}").as_deref(),
            Ok("Tu\u{031B}\u{0301}")
        );
        for fine in [
            "Ann",
            "Zoë",
            "Аня",
            "\u{2764}\u{FE0F} Ann",
            "\u{1F469}\u{200D}\u{1F4BB}",
            "\u{2764}\u{FE0F}\u{200D}\u{1F525}",
        ] {
            assert_eq!(check_name(fine).as_deref(), Ok(fine), "{fine:?}");
        }
        assert!(check_name("expert").is_err() && check_name("Seat 2").is_err());
    }

    #[test]
    fn a_login_name_no_account_can_hold_is_refused_cheaply() {
        assert_eq!(could_be_account("Ann"), Ok(()));
        assert_eq!(could_be_account(&"a".repeat(LONGEST_NAME)), Ok(()));
        assert!(check_name(&"a".repeat(LONGEST_NAME)).is_ok());
        for never in [
            "a".repeat(LONGEST_NAME + 1),
            "x".repeat(2 << 20),
            "Ann\nINFO logged in account=Alice".to_string(),
            String::new(),
            "  ".to_string(),
        ] {
            assert!(check_name(&never).is_err());
            let e = could_be_account(&never).unwrap_err();
            assert!(e.contains("1 to 40 characters"), "{e}");
        }
    }

    /// Review s48, finding 7: a text sent by a client is bounded in the log, and its line
    /// breaks are escaped, so it cannot pass for a line of the log, written with `Display` too.
    #[test]
    fn a_logged_text_is_cut_and_escaped() {
        let forged = format!(
            "nobody\n2026-11-30T11:40:00Z INFO logged in account=Alice{}",
            "x".repeat(1 << 20)
        );
        let logged = logged(&forged);
        assert_eq!(
            logged.chars().count(),
            LOGGED_CHARS + 5,
            "the cut's mark, and the escape's five characters for one"
        );
        assert!(logged.ends_with('…'));
        assert!(logged.starts_with("nobody\\u{a}2026"), "{logged}");
        for breaking in ["a\rb", "a\u{2028}b", "a\u{1b}[2Jb", "a\u{85}b", "a\u{202e}b"] {
            let written = super::logged(breaking);
            assert!(
                !written
                    .chars()
                    .any(|c| c.is_control() || ('\u{2028}'..='\u{202e}').contains(&c)),
                "{written:?}"
            );
            assert!(
                written.starts_with("a\\") && written.ends_with('b'),
                "{written:?}"
            );
        }
        assert_eq!(super::logged("Ann Smith"), "Ann Smith");
        assert_eq!(super::logged("Zoë 🂡"), "Zoë 🂡");
    }

    #[test]
    fn look_alike_names_are_the_same_name() {
        for (a, b) in [
            ("Chris", "CHRIS"),
            ("Chris", "Chr\u{0456}s"),
            ("Paul", "PauI"),
            ("Bob", "B0b"),
        ] {
            assert!(same_name(a, b), "{a} {b}");
        }
        for (a, b) in [("Ann", "Anne"), ("Bo", "Bob"), ("Ann", "Аня")] {
            assert!(!same_name(a, b), "{a} {b}");
        }
    }

    /// Browser tester s49, 2: "Zoë   🃏" was a second account beside "Zoë 🃏", shown alike.
    #[test]
    fn a_run_of_blanks_is_kept_as_one_space_and_names_that_differ_so_are_the_same() {
        assert_eq!(check_name("  Zoë   🃏 ").unwrap(), "Zoë 🃏");
        assert_eq!(check_name("Ann\u{a0}\u{2800} Lee").unwrap(), "Ann Lee");
        for spaced in ["Zoë  🃏", "Zoë\u{3000}🃏", " zoë \u{2800} 🃏"] {
            assert!(same_name("Zoë 🃏", spaced), "{spaced:?}");
        }
        assert!(!same_name("Zoë 🃏", "Zoë🃏"), "no space is not a space");
    }
}
