//! Documents an exploratory test of `euchre egn check` found read wrongly: each is refused (or
//! read) as it should be, with a message that names what is wrong in EGN's own terms.
//!
//! They are edits of the specification's example `Custom Scenario.egn`: one deal, dealer seat 0,
//! upcard Jc turned down, seat 1 (call 5) names spades.

use euchre_egn::{check_text, parse_egn};

const SCENARIO: &str = include_str!("data/egn-examples/Custom Scenario.egn");

fn refused(text: &str) -> String {
    check_text(text)
        .expect_err("the document was accepted")
        .to_string()
}

#[test]
fn the_example_reads() {
    check_text(SCENARIO).unwrap();
}

/// A byte-order mark before the JSON (some Windows editors write one) is skipped, not taken for
/// text that is not JSON.
#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let text = format!("\u{feff}{SCENARIO}");
    assert_eq!(check_text(&text).unwrap(), check_text(SCENARIO).unwrap());
    parse_egn(&text).unwrap();
    // Only at the start: elsewhere it is no JSON.
    assert!(refused(&format!("{SCENARIO}\u{feff}")).starts_with("not JSON"));
}
