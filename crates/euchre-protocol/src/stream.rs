//! The request stream: lines read with a length cap, each answered on its own line.
//!
//! `BufRead::lines` keeps reading until it finds a newline, so a client that sends a 50 MB line
//! (or never sends a newline) makes the engine hold all of it. Here a line longer than
//! [`MAX_LINE_BYTES`] is skipped as it arrives, never held, and refused with one error line.

use crate::Session;
use serde_json::json;
use std::io::{self, BufRead, Write};

/// The longest request line accepted, newline excluded. The largest real request, a `new` with a
/// whole deal and every option, is a few kilobytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of UTF-8 text, without its line ending.
    Text(String),
    /// A line of this many bytes (newline excluded), over [`MAX_LINE_BYTES`]: skipped unread.
    TooLong(u64),
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Reads one line of at most `max` bytes, or `None` at the end of the input.
///
/// Memory stays within `max` bytes plus the reader's buffer however long the line is.
///
/// # Errors
/// Only the reader's own errors.
pub fn read_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<Line>> {
    let mut kept: Vec<u8> = Vec::new();
    let mut length: u64 = 0;
    let mut any = false;
    // The line's last byte, kept or not: a '\r' there is the line ending's.
    let mut last = None;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, found_newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], true),
            None => (chunk, false),
        };
        length += part.len() as u64;
        if let Some(&b) = part.last() {
            last = Some(b);
        }
        // One byte over the cap is kept: it may be the '\r' of a "\r\n" ending, which the
        // limit does not count.
        if length <= max as u64 + 1 {
            kept.extend_from_slice(part);
        } else if !kept.is_empty() {
            // Over the cap: what was kept is no use any more.
            kept = Vec::new();
        }
        let used = part.len() + usize::from(found_newline);
        input.consume(used);
        if found_newline {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if last == Some(b'\r') {
        kept.pop();
        length -= 1;
    }
    if length > max as u64 {
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(s) => Line::Text(s),
        Err(_) => Line::NotUtf8,
    }))
}

/// Answers every request line of `input` on `output` until the input ends: one response line
/// per non-empty request line, flushed at once so a client can wait for each answer.
///
/// # Errors
/// Only reading or writing errors (a closed pipe, for one).
pub fn serve<R: BufRead, W: Write>(mut input: R, mut output: W) -> io::Result<()> {
    let mut session = Session::new();
    let mut first = true;
    while let Some(mut line) = read_line(&mut input, MAX_LINE_BYTES)? {
        // A byte-order mark at the start of the input (some Windows tools write one) is no part
        // of the first request, as the record reader skips one at the start of a file.
        if first {
            first = false;
            if let Line::Text(text) = &mut line {
                if let Some(rest) = text.strip_prefix('\u{feff}') {
                    *text = rest.to_string();
                }
            }
        }
        let response = match line {
            // Blank is JSON's white space only: a line of other white space (U+00A0, U+2028, a
            // form feed) would be a request a client waits on, so it is answered as not JSON.
            Line::Text(text) if text.trim_matches([' ', '\t', '\r', '\n']).is_empty() => continue,
            // Invisible, so named: "expected value at line 1 column 1" left a client guessing.
            Line::Text(text) if text.trim().is_empty() => {
                let first = text
                    .trim_matches([' ', '\t', '\r', '\n'])
                    .chars()
                    .next()
                    .unwrap_or(' ');
                json!({"id": null, "ok": false, "error": format!(
                    "request is only white space JSON does not allow (U+{:04X}): send a JSON object, or a blank line",
                    u32::from(first)
                )})
                .to_string()
            }
            Line::Text(text) => session.handle_line(&text),
            Line::TooLong(n) => json!({"id": null, "ok": false, "error": format!(
                "request line of {n} bytes is over the limit of {MAX_LINE_BYTES}: refused unread"
            )})
            .to_string(),
            Line::NotUtf8 => json!({"id": null, "ok": false, "error": "input is not UTF-8"}).to_string(),
        };
        writeln!(output, "{response}")?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut r = io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, max).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn lines_over_the_cap_are_measured_not_kept() {
        let mut input = b"short\r\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 100));
        input.extend(b"\nexactly10!\n\xff\xfe\nlast");
        assert_eq!(
            lines(&input, 10),
            vec![
                Line::Text("short".into()),
                Line::TooLong(100),
                Line::Text("exactly10!".into()),
                Line::NotUtf8,
                Line::Text("last".into()),
            ]
        );
    }

    #[test]
    fn a_crlf_ending_is_not_counted_against_the_cap() {
        // Ten bytes and "\r\n" fit a cap of ten; eleven do not, however they end.
        assert_eq!(
            lines(b"exactly10!\r\n", 10),
            vec![Line::Text("exactly10!".into())]
        );
        assert_eq!(lines(b"exactly10!\r", 10), vec![Line::Text("exactly10!".into())]);
        assert_eq!(lines(b"eleven1234!\r\n", 10), vec![Line::TooLong(11)]);
        assert_eq!(lines(b"eleven1234!\n", 10), vec![Line::TooLong(11)]);
        assert_eq!(lines(b"exactly10!x\r\n", 10), vec![Line::TooLong(11)]);
    }

    #[test]
    fn an_endless_line_ends_with_the_input_as_too_long() {
        let input = vec![b'['; 5000];
        assert_eq!(lines(&input, 64), vec![Line::TooLong(5000)]);
        assert!(lines(b"", 64).is_empty());
    }

    /// A line of a no-break space, of U+2028 or a form feed was dropped unanswered, and a
    /// client waiting for its answer hung (protocol tester s52, 1): only JSON's white space
    /// makes a blank line, and the others are named.
    #[test]
    fn only_json_white_space_is_a_blank_line() {
        let input = " \t \r\n\n\u{a0}\n\u{2028}\n\u{c}\n{\"id\":4,\"cmd\":\"state\"}\n";
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text.lines().collect();
        assert_eq!(answers.len(), 4, "{text}");
        assert!(
            answers[0].contains("only white space JSON does not allow (U+00A0)"),
            "{text}"
        );
        assert!(answers[1].contains("(U+2028)"), "{text}");
        assert!(answers[2].contains("(U+000C)"), "{text}");
        assert!(answers[3].starts_with(r#"{"id":4,"#), "{text}");
    }

    /// A byte-order mark at the start of the input is skipped; one starting a later line is
    /// named (both were "request is not JSON: expected value at line 1 column 1").
    #[test]
    fn a_byte_order_mark_is_skipped_at_the_start_and_named_later() {
        let input = "\u{feff}{\"id\":1,\"cmd\":\"state\"}\n\u{feff}{\"id\":2,\"cmd\":\"state\"}\n";
        let mut out = Vec::new();
        serve(input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text.lines().collect();
        assert_eq!(
            answers,
            [
                r#"{"id":1,"ok":false,"error":"no game: send {\"cmd\":\"new\"} first"}"#,
                r#"{"id":null,"ok":false,"error":"request begins with a byte-order mark (U+FEFF): send the JSON object alone"}"#,
            ]
        );
    }

    #[test]
    fn serve_answers_each_line_and_goes_on_after_a_refusal() {
        let mut input = Vec::new();
        input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES + 1));
        input.extend(b"\n\n{\"id\":3,\"cmd\":\"state\"}\n");
        let mut out = Vec::new();
        serve(&input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text.lines().collect();
        assert_eq!(answers.len(), 2, "{text}");
        assert!(answers[0].contains("over the limit"), "{}", answers[0]);
        assert!(answers[1].starts_with("{\"id\":3,\"ok\":false"), "{}", answers[1]);
    }
}
