//! Arbitrary bytes into the EGN/EMN reader: `check_text` must answer Ok or Err, never panic.
//!
//! The input is expanded by `expand.rs` first, so a few bytes can stand for a document of any
//! size; one over `MAX_DOCUMENT_BYTES` must be refused for its size. Run with
//! `-malloc_limit_mb=512`: the limits keep what a document costs to read within it.
#![no_main]

#[path = "expand.rs"]
mod expand;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let bytes = expand::expand(data);
    if let Ok(text) = std::str::from_utf8(&bytes) {
        let result = euchre_egn::check_text(text);
        if text.len() > euchre_egn::MAX_DOCUMENT_BYTES {
            let e = result.expect_err("an oversized document was read");
            assert!(e.to_string().contains("over the limit"), "{e}");
        }
    }
});
