//! What a new account's password may be: long enough, and not one of those a guesser tries
//! first (review s48, finding 17). Argon2 makes each guess dear and the login throttle makes
//! guesses slow, but neither saves a password found in a guesser's first hundred tries.
//!
//! The checks look at the password lower-cased with its blanks taken out ("I Love You" is
//! "iloveyou"), and again with the digits and marks at its end cut off and the usual letter
//! swaps undone ("P@ssw0rd1!" is "password"): the forms in which people dress a weak password.

/// Why a password is refused, in the words the person choosing it is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeakPassword {
    #[error("a password is 8 to 1024 characters")]
    Length,
    #[error("a password can't be only blanks")]
    Blank,
    #[error("a password can't be the account's name, with or without a number after it")]
    Name,
    #[error("a password can't be one character over and over")]
    OneCharacter,
    #[error("a password can't be a few characters over and over")]
    Repeated,
    #[error(
        "a password can't be a plain run of letters, digits or keys, like 12345678, abcdefgh or qwertyui"
    )]
    Run,
    #[error("that password is one of the first any guesser tries: choose another")]
    Common,
}

/// The fewest characters in a password.
const SHORTEST: usize = 8;
/// The most characters in a password, as the message and the page's field count them (Argon2
/// takes any length; a body of megabytes need not be hashed).
const LONGEST: usize = 1024;

/// Runs that take no thought to type: the alphabet, the digits (0 after 9, as on the keys),
/// and the keyboard's letter rows in the common layouts, each row leading into the next as
/// the rows are swept. Read either way.
const RUNS: [&str; 6] = [
    "abcdefghijklmnopqrstuvwxyz",
    "01234567890",
    "qwertyuiopasdfghjklzxcvbnm",
    "qwertzuiopasdfghjklyxcvbnm",
    "azertyuiopqsdfghjklmwxcvbn",
    "!@#$%^&*()",
];

/// Passwords so common that a guesser tries them first, in the form the checks compare (see
/// the module's summary: "letmein1" and "L3tm3in!" are both "letmein"), and a few that only
/// their own form catches ("1qaz2wsx"). Written for this server (a card game's: its own
/// words are the first a guesser of its players would try), not copied from a leaked list.
const COMMON: &[&str] = &[
    // The classics.
    "password",
    "passwort",
    "passw0rd",
    "letmein",
    "letmein1",
    "iloveyou",
    "welcome",
    "changeme",
    "secret",
    "admin",
    "administrator",
    "login",
    "whatever",
    "nothing",
    "default",
    "abc",
    "1qaz2wsx",
    "1q2w3e4r",
    "qazwsx",
    "zaq12wsx",
    // Sports, heroes, pets, sweets and names people reach for.
    "football",
    "baseball",
    "basketball",
    "soccer",
    "hockey",
    "sunshine",
    "princess",
    "dragon",
    "monkey",
    "shadow",
    "master",
    "superman",
    "batman",
    "starwars",
    "pokemon",
    "freedom",
    "chocolate",
    "cookie",
    "cheese",
    "flower",
    "summer",
    "michael",
    "jennifer",
    "charlie",
    "jordan",
    "hunter",
    "computer",
    "internet",
    // This server's own words.
    "euchre",
    "euchred",
    "euchreclub",
    "leftbower",
    "rightbower",
    "bower",
    "bowers",
    "loner",
    "goalone",
    "goingalone",
    "trump",
    "trumps",
    "orderup",
    "pickitup",
    "stickthedealer",
    "farmershand",
    "cards",
    "cardgame",
];

/// Refuses a password too short or too long, or one a guesser tries first: `name` itself,
/// one character over and over, a few over and over, a plain run, or a common one.
///
/// # Errors
/// Why the password is refused.
pub fn check(name: &str, password: &str) -> Result<(), WeakPassword> {
    // Counted no further than one past the longest.
    let chars = password.chars().take(LONGEST + 1).count();
    if !(SHORTEST..=LONGEST).contains(&chars) {
        return Err(WeakPassword::Length);
    }
    let plain = plain(password);
    if plain.is_empty() {
        return Err(WeakPassword::Blank);
    }
    let base = undressed(&plain);
    // A name of emoji alone has no plain form, which a password of digits would match.
    let name = letters_and_digits(&name.to_lowercase());
    if !name.is_empty() && (letters_and_digits(&plain) == name || letters_and_digits(&base) == name) {
        return Err(WeakPassword::Name);
    }
    // A short base ("ab" of "ab123456") is too little to call a run or a repeat.
    let bases = std::iter::once(plain.as_str()).chain((base.chars().count() >= 4).then_some(base.as_str()));
    for form in bases {
        match repeats(form) {
            Some(1) => return Err(WeakPassword::OneCharacter),
            Some(_) => return Err(WeakPassword::Repeated),
            None => {}
        }
        if is_run(form) {
            return Err(WeakPassword::Run);
        }
    }
    if COMMON.contains(&plain.as_str()) || COMMON.contains(&base.as_str()) {
        return Err(WeakPassword::Common);
    }
    Ok(())
}

/// `text` lower-cased, its blanks taken out.
fn plain(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// `text`'s letters and digits alone: a name and a password made of it are compared without
/// their marks ("Mary-Jo" and "maryjo", "mary-jo!").
fn letters_and_digits(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).collect()
}

/// `plain` with the digits and marks at its end cut off, and the digits and marks that stand
/// for letters read as those letters: the weak word under "P@ssw0rd1!".
fn undressed(plain: &str) -> String {
    plain
        .trim_end_matches(|c: char| !c.is_alphabetic())
        .chars()
        .map(|c| match c {
            '0' => 'o',
            '1' | '!' => 'i',
            '3' => 'e',
            '4' | '@' => 'a',
            '5' | '$' => 's',
            '7' => 't',
            other => other,
        })
        .collect()
}

/// The length of the group of at most four characters that `text` repeats from end to end
/// (its last time perhaps cut short), if it is one.
fn repeats(text: &str) -> Option<usize> {
    let chars: Vec<char> = text.chars().collect();
    (1..=4).find(|&n| chars.len() >= 2 * n && (n..chars.len()).all(|i| chars[i] == chars[i % n]))
}

/// True when `text` is a stretch of one of the [`RUNS`], read either way.
fn is_run(text: &str) -> bool {
    let backwards: String = text.chars().rev().collect();
    !text.is_empty()
        && RUNS
            .iter()
            .any(|run| run.contains(text) || run.contains(&backwards))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hard_to_guess_are_taken() {
        for (name, password) in [
            ("Ann", "correct horse"),
            ("Ann", "a long enough password"),
            ("Ann", "Tr0ub4dor&3x"),
            ("Bob Smith", "bob smith plays on fridays"),
            ("Ann", "football season at the club"),
            ("Ann", "zebra12345"),
            ("Ann", "пароль-для-юкра"),
            // A name with no letters or digits is matched by nothing.
            ("\u{1F0A1}\u{1F0A1}", "31415926"),
        ] {
            assert_eq!(check(name, password), Ok(()), "{password}");
        }
        // The limit counts characters, as its message and the page's field do (review s49,
        // 12): 1,024 letters of two bytes each are a password.
        let mut x = 7u32;
        let accented: String = (0..1024)
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                ['é', 'ü', 'ö', 'à', 'ç', 'ñ', 'ß', 'ø'][(x >> 16) as usize % 8]
            })
            .collect();
        assert_eq!(check("Ann", &accented), Ok(()));
    }

    #[test]
    fn each_weak_password_is_refused_with_its_reason() {
        use WeakPassword::*;
        let long = "x1".repeat(513);
        let cases = [
            ("Ann", "short", Length),
            ("Ann", "seven77", Length),
            ("Ann", long.as_str(), Length),
            ("Bob Smith", "bobsmith", Name),
            ("Bob Smith", "BOB SMITH", Name),
            ("Alexandra", "alexandra", Name),
            ("Alexandra", "Alexandra2024!", Name),
            ("Mary-Jo", "maryjo99", Name),
            ("Mary-Jo", "mary-jo!2024", Name),
            ("Ann", "        ", Blank),
            ("Ann", " \t \t \t \t", Blank),
            ("Ann", "aaaaaaaa", OneCharacter),
            ("Ann", "11111111", OneCharacter),
            ("Ann", "abababab", Repeated),
            ("Ann", "12121212", Repeated),
            ("Ann", "abcabcab", Repeated),
            ("Ann", "passpass", Repeated),
            ("Ann", "12345678", Run),
            ("Ann", "87654321", Run),
            ("Ann", "1234567890", Run),
            ("Ann", "abcdefgh", Run),
            ("Ann", "ZYXWVUTS", Run),
            ("Ann", "qwertyui", Run),
            ("Ann", "asdfghjkl", Run),
            ("Ann", "azertyuiop", Run),
            ("Ann", "qwerty123", Run),
            ("Ann", "password", Common),
            ("Ann", "Passw0rd", Common),
            ("Ann", "P@ssword1!", Common),
            ("Ann", "i love you", Common),
            ("Ann", "letmein1", Common),
            ("Ann", "L3tm3in!", Common),
            ("Ann", "football99", Common),
            ("Ann", "sunshine", Common),
            ("Ann", "princess", Common),
            ("Ann", "1qaz2wsx", Common),
            ("Ann", "euchre123", Common),
            ("Ann", "LeftBower", Common),
            ("Ann", "stick the dealer", Common),
        ];
        for (name, password, why) in cases {
            assert_eq!(check(name, password), Err(why), "{name}: {password}");
        }
    }

    #[test]
    fn each_reason_names_what_is_wrong() {
        assert!(WeakPassword::Name.to_string().contains("the account's name"));
        assert!(WeakPassword::Run.to_string().contains("12345678"));
        assert!(WeakPassword::Common.to_string().contains("choose another"));
    }
}
