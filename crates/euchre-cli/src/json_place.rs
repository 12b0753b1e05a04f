//! Where a value lies in a JSON document's text, by its path (`games[0].deals[2]`), so that a
//! fault the replay finds in a record can be named by its line: serde gives a line only for
//! text that does not parse, and a record is over a thousand lines once pretty-printed.
//!
//! The text has already parsed as JSON when a replay finds a fault, so the walk needs no
//! validation of its own; on anything it does not expect it gives no place rather than a
//! wrong one.

/// One step down a JSON path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object's member by its key (as written: keys with escapes are not matched).
    Key(&'static str),
    /// An array's element, counted from 0.
    Index(usize),
}

/// The byte offset in `text` where the value at `path` starts; `None` where the path leads
/// nowhere (a missing key, an array too short) or the text is not what a walk expects.
pub fn locate(text: &str, path: &[Step]) -> Option<usize> {
    let b = text.as_bytes();
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut i = skip_space(b, start);
    for step in path {
        i = match (step, b.get(i)?) {
            (Step::Key(key), b'{') => member(b, i, key)?,
            (Step::Index(n), b'[') => element(b, i, *n)?,
            _ => return None,
        };
    }
    Some(i)
}

/// The line and column (both from 1, the column in characters) of byte `offset` of `text`; a
/// byte-order mark is no column of the first line, as an editor shows it.
pub fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let line = before.matches('\n').count() + 1;
    let in_line = &before[line_start..];
    let in_line = in_line.strip_prefix('\u{feff}').unwrap_or(in_line);
    (line, in_line.chars().count() + 1)
}

/// The start of the value under `key` in the object starting at `open`.
fn member(b: &[u8], open: usize, key: &str) -> Option<usize> {
    let mut i = skip_space(b, open + 1);
    loop {
        if *b.get(i)? != b'"' {
            return None;
        }
        let end = string_end(b, i)?;
        let name = &b[i + 1..end - 1];
        i = skip_space(b, end);
        if *b.get(i)? != b':' {
            return None;
        }
        i = skip_space(b, i + 1);
        if name == key.as_bytes() {
            return Some(i);
        }
        i = skip_space(b, value_end(b, i)?);
        match b.get(i)? {
            b',' => i = skip_space(b, i + 1),
            _ => return None,
        }
    }
}

/// The start of element `n` of the array starting at `open`.
fn element(b: &[u8], open: usize, n: usize) -> Option<usize> {
    let mut i = skip_space(b, open + 1);
    for _ in 0..n {
        if *b.get(i)? == b']' {
            return None;
        }
        i = skip_space(b, value_end(b, i)?);
        if *b.get(i)? != b',' {
            return None;
        }
        i = skip_space(b, i + 1);
    }
    (*b.get(i)? != b']').then_some(i)
}

/// Just past the value starting at `i`.
fn value_end(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i)? {
        b'"' => string_end(b, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match b.get(j)? {
                    b'"' => {
                        j = string_end(b, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            // A number, true, false or null: up to the next delimiter.
            let len = b[i..]
                .iter()
                .position(|c| matches!(c, b',' | b']' | b'}') || c.is_ascii_whitespace())
                .unwrap_or(b.len() - i);
            Some(i + len)
        }
    }
}

/// Just past the string whose opening quote is at `i`.
fn string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    loop {
        match b.get(j)? {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use Step::{Index, Key};

    const DOC: &str = "{\n  \"a\": \"x\\\"]}\",\n  \"games\": [\n    {\"deals\": [1, [2, {\"k\": 3}], \"Zoë\"]},\n    {\"deals\": [true, null]}\n  ]\n}";

    fn at(path: &[Step]) -> Option<(usize, usize)> {
        locate(DOC, path).map(|o| line_and_column(DOC, o))
    }

    #[test]
    fn paths_lead_to_their_values_past_strings_with_brackets_and_escapes() {
        assert_eq!(at(&[Key("games"), Index(0)]), Some((4, 5)));
        assert_eq!(
            at(&[Key("games"), Index(0), Key("deals"), Index(2)]),
            Some((4, 34))
        );
        assert_eq!(
            at(&[Key("games"), Index(1), Key("deals"), Index(1)]),
            Some((5, 22))
        );
        let nested = [Key("games"), Index(0), Key("deals"), Index(1), Index(1), Key("k")];
        assert_eq!(locate(DOC, &nested).map(|o| &DOC[o..o + 1]), Some("3"));
        assert_eq!(at(&[]), Some((1, 1)));
        let marked = format!("\u{feff}{DOC}");
        let a = locate(&marked, &[Key("a")]).unwrap();
        assert_eq!(line_and_column(&marked, a), (2, 8), "a mark is no column");
        let start = locate(&marked, &[]).unwrap();
        assert_eq!(line_and_column(&marked, start), (1, 1));
    }

    #[test]
    fn a_path_that_leads_nowhere_gives_no_place() {
        assert_eq!(at(&[Key("games"), Index(2)]), None);
        assert_eq!(at(&[Key("deals")]), None);
        assert_eq!(at(&[Key("a"), Index(0)]), None);
        assert_eq!(at(&[Index(0)]), None);
        for cut in 0..DOC.len() {
            if let Some(text) = DOC.get(..cut) {
                // Cut short anywhere, the walk ends without a panic.
                let _ = locate(text, &[Key("games"), Index(1), Key("deals"), Index(1)]);
            }
        }
    }
}
