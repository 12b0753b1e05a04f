//! Arbitrary bytes into the game-record reader: `read` must answer Ok or Err, never panic.
//!
//! The input is expanded by `expand.rs` first, so a few bytes can stand for a record of any size;
//! one over `MAX_RECORD_BYTES` must be refused for its size. Run with `-malloc_limit_mb=512`.
#![no_main]

#[path = "expand.rs"]
mod expand;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bytes = expand::expand(data);
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let result = euchre_record::read_any(text);
        if text.len() > euchre_record::MAX_RECORD_BYTES {
            let e = result.expect_err("an oversized record was read");
            assert!(e.to_string().contains("over the limit"), "{e}");
        }
    }
});
