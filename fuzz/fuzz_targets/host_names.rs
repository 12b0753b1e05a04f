//! The server's public host names (`euchre serve --public-host`) and the `Host` headers and
//! `Origin` hosts checked against them.
//!
//! The input as text, and split at its first newline into a name given and a host asked for:
//! neither reading panics; a name taken allows itself as a browser would send it (the reading
//! is the same for the name given and for the host asked for); the host asked for is answered
//! either way without a panic.
#![no_main]

use euchre_server::http::host::PublicHosts;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (given, asked) = text.split_once('\n').unwrap_or((text, text));
    if let Ok(hosts) = PublicHosts::new(&[given]) {
        assert!(!hosts.any());
        assert!(hosts.allows(given), "{given:?} does not allow itself");
        let _ = hosts.allows(asked);
    }
    let _ = PublicHosts::default().allows(asked);
});
