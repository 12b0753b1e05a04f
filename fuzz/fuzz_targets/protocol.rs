//! Request lines into one protocol session.
//!
//! Input layout: the first byte picks whether a seeded `new` request is sent first (three times in
//! four), and then the preset, a set of extra options and the seed, so most runs start inside a
//! game. The rest is split into lines, each sent to the same `Session::handle_line`, except that a
//! line `#<n>` is shorthand for applying legal action number `n` (mod the number of legal
//! actions) of the deal in progress, so the fuzzer can walk deep into a game and past its end
//! without having to spell out every action.
//!
//! Checked: no panic; every response is one line of JSON (no CR or LF inside), an object with a
//! boolean "ok", and an "error" string when "ok" is false; and a refused request leaves the game
//! unchanged.
#![no_main]

use euchre::table::{AnyGame, Table};
use euchre_protocol::Session;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

const PRESETS: [&str; 11] = [
    "north-american",
    "tournament",
    "canadian",
    "british",
    "mathews-1844",
    "openspiel",
    "railroad",
    "keller-1887",
    "three-handed",
    "bid-euchre",
    "set-back",
];
/// The individual games take none of the partnership game's options.
const SOLO: [&str; 3] = ["three-handed", "bid-euchre", "set-back"];
/// Jambone is declared with the call, so these presets refuse `alone_timing = after_discard`.
const WITH_CALL_ONLY: [&str; 2] = ["railroad", "keller-1887"];
const OPTIONS: [&str; 4] = [
    "",
    r#","options":{"allow_no_trump":true,"defend_alone":"any"}"#,
    r#","options":{"alone_timing":"after_discard","dealer_shouts_first":true,"stick_the_dealer":true}"#,
    r#","options":{"trump_requirement":"two_trumps","dealer_may_discard_upcard":true,"loner_lead":"left_of_loner","joker":true}"#,
];
const MAX_LINES: usize = 400;

/// What a refused request must leave alone: the whole game, deals and tally.
fn snapshot(game: Option<&AnyGame>) -> String {
    match game {
        None => "no game".into(),
        Some(g) => format!("{g:?}"),
    }
}

/// Sends one line, checks the response, and returns its "ok".
fn send(session: &mut Session, line: &str) -> bool {
    let before = session.game().cloned();
    let response = session.handle_line(line);
    assert!(
        !response.contains(['\n', '\r']),
        "response spans lines: {response:?}"
    );
    let v: Value = serde_json::from_str(&response)
        .unwrap_or_else(|e| panic!("response is not JSON ({e}): {response:?} to {line:?}"));
    let ok = match v.get("ok") {
        Some(Value::Bool(ok)) => *ok,
        _ => panic!("response without a boolean 'ok': {response} to {line:?}"),
    };
    if !ok {
        assert!(
            v.get("error").is_some_and(Value::is_string),
            "refusal without an error: {response}"
        );
        let (before, after) = (snapshot(before.as_ref()), snapshot(session.game()));
        assert_eq!(before, after, "refused request {line:?} changed the game");
    }
    ok
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut session = Session::new();
    if first & 3 != 0 {
        let config = usize::from(first >> 2);
        let preset = PRESETS[config % PRESETS.len()];
        let options = match OPTIONS[(config / PRESETS.len()) % OPTIONS.len()] {
            _ if SOLO.contains(&preset) => "",
            o if o.contains("after_discard") && WITH_CALL_ONLY.contains(&preset) => "",
            o => o,
        };
        let seed = u64::from(first).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 3;
        let new = format!(r#"{{"id":0,"cmd":"new","rules":"{preset}","seed":{seed}{options}}}"#);
        assert!(send(&mut session, &new), "a seeded new was refused: {new}");
    }
    for raw in rest.split(|&b| b == b'\n').take(MAX_LINES) {
        let Ok(line) = std::str::from_utf8(raw) else {
            continue;
        };
        if let Some(n) = line
            .strip_prefix('#')
            .and_then(|n| n.trim().parse::<usize>().ok())
        {
            let action = session.game().and_then(|g| {
                let legal = g.legal_actions();
                (!legal.is_empty()).then(|| legal[n % legal.len()])
            });
            match action {
                Some(a) => {
                    let line = format!(r#"{{"id":{n},"cmd":"apply","action":"{a}"}}"#);
                    assert!(send(&mut session, &line), "a legal action was refused: {line}");
                }
                None => {
                    send(&mut session, r#"{"cmd":"next"}"#);
                }
            }
        } else {
            send(&mut session, line);
        }
    }
});
