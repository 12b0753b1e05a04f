//! Request lines of any length through the engine's stream reader (`euchre_protocol::serve`).
//!
//! The input, expanded by `expand.rs` (so a few bytes can stand for a line of megabytes) and cut
//! at 3 MiB, is served as a byte stream through a small buffer, as `euchre engine` reads stdin.
//!
//! Checked: no panic; the responses are, line for line, what each input line calls for: a line
//! over `MAX_LINE_BYTES` gets one "over the limit" refusal, a line that is not UTF-8 one "not
//! UTF-8" refusal, a blank line nothing (the first line after a byte-order mark it starts with,
//! which is skipped), and any other line one JSON object with a boolean "ok".
//! Run with `-malloc_limit_mb=64`: no line, however long, may make the reader allocate more.
#![no_main]

#[path = "expand.rs"]
mod expand;

use euchre_protocol::{serve, MAX_LINE_BYTES};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::io::BufReader;

/// Past the line limit three times over, which is all this target needs.
const EXPANDED: usize = 3 * MAX_LINE_BYTES;

/// What a line of input calls for.
#[derive(Debug, PartialEq)]
enum Expected {
    TooLong,
    NotUtf8,
    Answer,
}

/// The expected response of each input line, worked out byte by byte apart from the reader.
fn expected(data: &[u8]) -> Vec<Expected> {
    let mut out = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    let mut length = 0usize;
    let mut last = None;
    let mut any = false;
    let mut first = true;
    // A line's last byte '\r' is its ending's (of "\r\n"): not counted against the limit,
    // and not part of the text. A byte-order mark starting the input is no part of its text.
    let mut finish = |line: &mut Vec<u8>, length: usize, last: Option<u8>| {
        let ending = usize::from(last == Some(b'\r'));
        if length - ending > MAX_LINE_BYTES {
            out.push(Expected::TooLong);
        } else {
            line.truncate(length - ending);
            match std::str::from_utf8(line) {
                Err(_) => out.push(Expected::NotUtf8),
                Ok(t) if first && t.strip_prefix('\u{feff}').is_some_and(|t| t.trim().is_empty()) => {}
                Ok(t) if t.trim().is_empty() => {}
                Ok(_) => out.push(Expected::Answer),
            }
        }
        first = false;
        line.clear();
    };
    for b in expand::Expand::with_limit(data, EXPANDED) {
        any = true;
        if b == b'\n' {
            finish(&mut line, length, last);
            length = 0;
            last = None;
            any = false;
        } else {
            length += 1;
            last = Some(b);
            if length <= MAX_LINE_BYTES + 1 {
                line.push(b);
            }
        }
    }
    if any {
        finish(&mut line, length, last);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let mut output = Vec::new();
    let input = BufReader::with_capacity(4096, expand::Expand::with_limit(data, EXPANDED));
    serve(input, &mut output).expect("serving from memory cannot fail");
    let text = String::from_utf8(output).expect("responses are UTF-8");
    let got: Vec<Expected> = text
        .lines()
        .map(|r| {
            let v: Value = serde_json::from_str(r).unwrap_or_else(|e| panic!("not JSON ({e}): {r}"));
            assert!(v.get("ok").is_some_and(Value::is_boolean), "no boolean ok: {r}");
            let error = v.get("error").and_then(Value::as_str).unwrap_or("");
            if error.contains("over the limit") && v["id"].is_null() {
                Expected::TooLong
            } else if error == "input is not UTF-8" {
                Expected::NotUtf8
            } else {
                Expected::Answer
            }
        })
        .collect();
    assert_eq!(got, expected(data));
});
