//! Arbitrary bytes into the game-record reader: `read` must answer Ok or Err, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = euchre_record::read(text);
    }
});
