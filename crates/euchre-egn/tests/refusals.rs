//! Documents an exploratory test of `euchre egn check` found read wrongly: each is refused (or
//! read) as it should be, with a message that names what is wrong in EGN's own terms.
//!
//! They are edits of the specification's example `Custom Scenario.egn`: one deal, dealer seat 0,
//! upcard Jc turned down, seat 1 (call 5) names spades.

use euchre_egn::{check_text, parse_egn};
use serde_json::{json, Value};

const SCENARIO: &str = include_str!("data/egn-examples/Custom Scenario.egn");

/// The example, edited by `edit`, as text.
fn edited(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(SCENARIO).unwrap();
    edit(&mut v);
    v.to_string()
}

/// The example with `from` (which it holds once) replaced by `to` in its text.
fn replaced(from: &str, to: &str) -> String {
    assert_eq!(SCENARIO.matches(from).count(), 1, "{from}");
    SCENARIO.replacen(from, to, 1)
}

fn refused(text: &str) -> String {
    check_text(text)
        .expect_err("the document was accepted")
        .to_string()
}

#[test]
fn the_example_reads() {
    check_text(SCENARIO).unwrap();
}

/// A long value is echoed cut, and said to be cut, as the record reader and the engine protocol
/// echo one (`euchre::text::shown`: 40 characters and "…"); a value that fits is echoed whole.
#[test]
fn a_long_value_is_echoed_cut_and_marked() {
    let long = "x".repeat(100);
    let e = refused(&replaced(
        r#""fileType": "Euchre Game Notation""#,
        &format!(r#""fileType": "{long}""#),
    ));
    assert!(
        e.contains(&format!("fileType is '{}…', not", "x".repeat(40))),
        "{e}"
    );
    let e = refused(&replaced(
        r#""fileType": "Euchre Game Notation""#,
        r#""fileType": "Euchre""#,
    ));
    assert!(e.contains("fileType is 'Euchre', not"), "{e}");
}

/// A key written twice is refused, naming it and where it is; serde_json would keep the last
/// without a word (the dealer's second value failed later as a card seat 2 "was not dealt").
#[test]
fn a_key_given_twice_is_refused_naming_it_and_its_place() {
    let e = refused(&replaced(
        r#""version": "1.4","#,
        r#""version": "1.4", "version": "1.4","#,
    ));
    assert!(
        e.starts_with("'version' is given twice at the top level, at line 3 column 29: each key once"),
        "{e}"
    );
    let e = refused(&replaced(r#""dealer": 0,"#, r#""dealer": 0, "dealer": 1,"#));
    assert!(
        e.starts_with("'dealer' is given twice in deals.initialState, at line"),
        "{e}"
    );
    // Inside a match, and by the schema-only reader too.
    let emn = json!({"fileType": "Euchre Match Notation", "version": "1.0"}).to_string();
    let emn = emn.replacen('}', r#","version":"1.0"}"#, 1);
    assert!(refused(&emn).starts_with("'version' is given twice"), "{emn}");
    let e = parse_egn(&replaced(r#""std": true,"#, r#""std": true, "std": false,"#)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("'std' is given twice in metadata.ruleset"),
        "{e}"
    );
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

/// A game whose initial score has reached its target would be over before it began: it is
/// refused at the start, naming the score and the target, as the engine protocol's `new` refuses
/// it (the first deal was replayed and the game said won). A score below 0 is one the engine
/// keeps, and the protocol takes.
#[test]
fn an_initial_score_at_the_target_is_refused() {
    let e = refused(&edited(|v| v["metadata"]["initialScore"] = json!([10, 0])));
    assert_eq!(
        e,
        "initialScore [10, 0] has already reached the game's target of 10: the game would be over before it began"
    );
    let from = |score: Value| {
        let text = edited(|v| v["metadata"]["initialScore"] = score);
        check_text(&text).unwrap().score
    };
    assert_eq!(from(json!([9, 9])), Some([9, 10]));
    assert_eq!(from(json!([-5, 0])), Some([-5, 1]));
    // A game of a number of deals has no target.
    let text = edited(|v| {
        v["metadata"]["initialScore"] = json!([10, 0]);
        v["metadata"]["ruleset"]["num_deals"] = json!(1);
    });
    assert_eq!(check_text(&text).unwrap().score, Some([10, 1]));
}

/// Calls are named from 1, as deals and tricks are: the sixth call is call 6 (it was "call 5").
#[test]
fn calls_are_named_from_1() {
    let calls = |calls: Value, edit: fn(&mut Value)| {
        refused(&edited(|v| {
            v["deals"][0]["phases"][0]["calls"] = calls;
            edit(v);
        }))
    };
    let e = calls(json!(["Pass", "Pass", "Pass", "Pass", "s", "Pass"]), |_| {});
    assert_eq!(e, "deal 1, call 6: 'Pass' comes after trump was made");
    let e = calls(json!(["Order", "Order"]), |_| {});
    assert_eq!(e, "deal 1, call 2: 'Order' comes after trump was made");
    // Refused by the engine: the stuck dealer's pass (the record stops in the bidding).
    let e = calls(json!(vec!["Pass"; 8]), |v| {
        v["deals"][0]["phases"].as_array_mut().unwrap().pop();
    });
    assert_eq!(
        e,
        "deal 1, call 8: seat 0 may not pass: seat 0 is the dealer and is stuck: the dealer must name trump"
    );
}

/// A round-2 call the rules refuse whatever the hands is reported as the call: it was reported as
/// a card not following suit, the tricks having been read with the illegal trump first.
#[test]
fn a_call_of_the_suit_turned_down_is_refused_as_the_call() {
    let call = |c: &str| {
        refused(&edited(|v| {
            v["deals"][0]["phases"][0]["calls"] = json!(["Pass", "Pass", "Pass", "Pass", c]);
        }))
    };
    assert_eq!(
        call("c"),
        "deal 1, call 5: clubs were turned down and can't be named in round 2"
    );
    assert_eq!(
        call("n"),
        "deal 1, call 5: no-trump is not allowed under these rules"
    );
}

/// A value of the wrong kind is named by its field and what the field must be, in EGN's words
/// (they read "deal (dealNumber Some(0)): invalid type: floating point `1e30`, expected i64",
/// "data did not match any variant of untagged enum PlayerEntry", "version '' is not an EGN
/// version"); a dealer who is no seat is refused in the same words whether -1 or 4.
#[test]
fn a_value_of_the_wrong_kind_is_named_by_its_field() {
    let cases = [
        ("/deals/0/initialState/dealer", json!(1e30), "deal 1: 'dealer' must be a seat number 0 to 3, not 1e+30"),
        ("/deals/0/initialState/dealer", json!("0"), "deal 1: 'dealer' must be a seat number 0 to 3, not \"0\""),
        ("/deals/0/initialState/dealer", json!(-1), "deal 1: 'dealer' must be a seat number 0 to 3, not -1"),
        ("/deals/0/initialState/dealer", json!(4), "deal 1: 'dealer' must be a seat number 0 to 3, not 4"),
        ("/deals/0/dealNumber", json!(-1), "deal 1: 'dealNumber' must be a whole number 0 or more, not -1"),
        ("/deals/0/dealNumber", json!(0.5), "deal 1: 'dealNumber' must be a whole number 0 or more, not 0.5"),
        ("/deals/0/phases/0/isAlone", json!("yes"), "deal 1: 'isAlone' must be true or false, not \"yes\""),
        ("/deals/0", json!(7), "deal 1: a deal is an object (or a condensed deal's text), not 7"),
        ("/deals", json!({}), "'deals' must be a list of deals, not {}"),
        (
            "/metadata/players/0",
            json!(5),
            "does not follow the EGN schema: a player is a name or an object with a 'name', not 5",
        ),
        (
            "/metadata/initialScore",
            json!([1e20, 0]),
            "does not follow the EGN schema: 'initialScore' must be a list of whole numbers, [team 0, team 1], not [1e+20,0]",
        ),
        (
            "/metadata/initialScore",
            json!([3_000_000_000_i64, 0]),
            "'initialScore' must hold scores within ±2,147,483,647, not 3000000000",
        ),
        // The bound is the same both ways: an i32's least value has no opposite.
        (
            "/metadata/initialScore",
            json!([0, -2_147_483_648_i64]),
            "'initialScore' must hold scores within ±2,147,483,647, not -2147483648",
        ),
        (
            "/metadata/ruleset/std",
            json!("maybe"),
            "ruleset: 'std' must be true or false, not \"maybe\"",
        ),
        (
            "/metadata/ruleset/canadian",
            json!(1),
            "ruleset: 'canadian' must be true or false, not 1",
        ),
        (
            "/metadata/ruleset/winning_score",
            json!("ten"),
            "ruleset: 'winning_score' must be a whole number, not \"ten\"",
        ),
        (
            "/metadata/ruleset/num_players",
            json!(4.5),
            "ruleset: 'num_players' must be a whole number, not 4.5",
        ),
        (
            "/metadata/ruleset/loner_lead",
            json!(3),
            "ruleset: 'loner_lead' must be text, not 3",
        ),
        ("/version", json!(1.4), "'version' must be text such as \"1.4\", not 1.4"),
    ];
    for (pointer, value, message) in cases {
        let text = edited(|v| match pointer.strip_prefix("/metadata/ruleset/") {
            // A ruleset key the fixture does not give is added.
            Some(key) => v["metadata"]["ruleset"][key] = value,
            None => *v.pointer_mut(pointer).unwrap() = value,
        });
        assert_eq!(refused(&text), message, "{pointer}");
    }
    // A card exchange's seat past the four (the schema takes up to 9) or past 9: the same words.
    for seat in [7, 12] {
        let text = edited(|v| {
            let exchange = json!([{"sender": seat, "receiver": 0, "cards": ["9c"]}]);
            v["deals"][0]["phases"][0]["cardExchanges"] = exchange;
        });
        assert_eq!(
            refused(&text),
            format!("deal 1: cardExchanges entry 1: 'sender' and 'receiver' must be seat numbers 0 to 3, not {seat}")
        );
    }
    // A match's version in the same words.
    let emn = json!({"fileType": "Euchre Match Notation", "version": 1}).to_string();
    assert_eq!(refused(&emn), "'version' must be text such as \"1.0\", not 1");
    // The ruleset's numbers, in range or not, in the same words.
    let text = edited(|v| v["metadata"]["ruleset"]["winning_score"] = json!(1e3 + 0.5));
    assert_eq!(
        refused(&text),
        "ruleset: 'winning_score' must be a whole number, not 1000.5"
    );
    let text = edited(|v| v["metadata"]["ruleset"]["winning_score"] = json!(1001));
    assert_eq!(
        refused(&text),
        "ruleset: 'winning_score' must be a whole number 0 to 1000, not 1001"
    );
}

/// One deal written by `euchre random`: dealer seat 0, every hand recorded, Qd turned and
/// ordered up; the dealer plays it in trick 4.
const ORDERED: &str = include_str!("data/one-deal-ordered.egn");

/// `ORDERED` with the cards at `a` and `b` (trick, place in the trick, from 0) swapped, and with
/// the hands left out when `hands` is false (rebuilt from the play).
fn swapped(a: (usize, usize), b: (usize, usize), hands: bool) -> String {
    let mut v: Value = serde_json::from_str(ORDERED).unwrap();
    let tricks = &mut v["deals"][0]["phases"][1]["tricks"];
    let (x, y) = (tricks[a.0][a.1].clone(), tricks[b.0][b.1].clone());
    tricks[a.0][a.1] = y;
    tricks[b.0][b.1] = x;
    if !hands {
        v["deals"][0]["initialState"]["playerCards"] = json!([[], [], [], []]);
    }
    v.to_string()
}

/// The first card a seat plays that it does not hold is the one blamed (the engine tester's
/// swap between tricks 1 and 5 was blamed on trick 4, where the upcard checked first lay);
/// the upcard played by another seat than the dealer is named as such, hands recorded or not.
#[test]
fn the_first_card_not_held_is_blamed() {
    check_text(ORDERED).unwrap();
    let e = refused(&swapped((0, 1), (4, 3), true));
    assert!(
        e.contains("trick 1: seat 2 played 9c but was not dealt it"),
        "{e}"
    );
    for hands in [true, false] {
        let e = refused(&swapped((0, 1), (3, 1), hands));
        assert!(
            e.contains("trick 1: seat 2 played Qd, the upcard the dealer (seat 0) took up"),
            "hands recorded {hands}: {e}"
        );
        // The dealer discards the upcard (EGN's rules allow it) and plays it all the same.
        let mut v: Value = serde_json::from_str(&swapped((0, 0), (0, 0), hands)).unwrap();
        v["deals"][0]["phases"][0]["discard"] = json!("Qd");
        let e = refused(&v.to_string());
        assert!(
            e.contains("the dealer discarded Qd but played it"),
            "hands recorded {hands}: {e}"
        );
    }
}

/// A discard where the dealer never took the upcard up (here trump is named in round 2) was
/// passed over in silence: the record says two things and one is wrong (EGN tester s51, 4).
#[test]
fn a_discard_without_the_upcard_taken_is_refused() {
    let e = refused(&edited(|v| {
        v["deals"][0]["phases"][0]["discard"] = json!("Kh");
    }));
    assert_eq!(
        e,
        "deal 1: discard Kh is recorded, but the dealer (seat 0) did not take up the upcard"
    );
}

/// A game of a number of deals written as the alternate rules' prose has it, `winning_score` 0
/// beside `num_deals`, is read; its first refusal pointed to the second, whose message said
/// both could not be given (EGN tester s51, 7). Two limits above 0 are still two endings.
#[test]
fn a_zero_winning_score_beside_num_deals_is_read() {
    let with = |ruleset: Value| {
        edited(|v| {
            v["metadata"]["ruleset"] = ruleset;
            v["metadata"].as_object_mut().unwrap().remove("finalScore");
        })
    };
    check_text(&with(json!({"winning_score": 0, "num_deals": 3}))).unwrap();
    check_text(&with(json!({"winning_score": 10, "num_deals": 0}))).unwrap();
    let e = refused(&with(json!({"winning_score": 0})));
    assert!(e.contains("winning_score 0 needs num_deals"), "{e}");
    let e = refused(&with(json!({"winning_score": 10, "num_deals": 3})));
    assert!(e.contains("can't both be above 0"), "{e}");
}

/// Faults in the bidding named as the rule they break, not as what they upset later (EGN
/// tester s51, 9): they read "4 cards played but 3 seats are in play", "'Order' is not a
/// call" and "tricks are recorded but nobody made trump".
#[test]
fn bidding_faults_are_named_as_the_rule_they_break() {
    let e = refused(&edited(|v| {
        v["metadata"]["ruleset"] = json!({"canadian": true});
        v["deals"][0]["phases"][0]["calls"] = json!(["Pass", "Order"]);
    }));
    assert_eq!(
        e,
        "deal 1, call 2: under canadian the dealer's partner (seat 2) who orders up plays alone, but isAlone is false"
    );
    // A file that leaves isAlone out is read as the rule has it, a loner (review s51, 3): here
    // its tricks of four cards are then what is wrong.
    let e = refused(&edited(|v| {
        v["metadata"]["ruleset"] = json!({"canadian": true});
        v["deals"][0]["phases"][0]["calls"] = json!(["Pass", "Order"]);
        v["deals"][0]["phases"][0]
            .as_object_mut()
            .unwrap()
            .remove("isAlone");
    }));
    assert!(e.contains("4 cards played but 3 seats are in play"), "{e}");
    let e = refused(&edited(|v| {
        v["deals"][0]["phases"][0]["calls"] = json!(["Pass", "Pass", "Pass", "Pass", "Order"]);
    }));
    assert!(
        e.starts_with("deal 1, call 5: 'Order' in round 2 (only Pass"),
        "{e}"
    );
    let e = refused(&edited(|v| {
        v["deals"][0]["initialState"]["upCard"] = json!("B");
    }));
    assert_eq!(
        e,
        "deal 1: upCard B is not in the deck under these rules (no joker)"
    );
}

/// A `finalScore` of one entry was taken unchecked (EGN tester s51, 13).
#[test]
fn a_final_score_names_both_sides() {
    for (given, n) in [(json!([3]), "1 entry"), (json!([]), "0 entries")] {
        let e = refused(&edited(|v| v["metadata"]["finalScore"] = given));
        assert_eq!(e, format!("finalScore has {n} (one for each side: 2)"));
    }
}

/// `isAlone` in the trick-play phase (the schema allows it there) was ignored: one that differs
/// from the bidding's is refused, and where the bidding gives none it counts (EGN tester s51, 14).
#[test]
fn is_alone_in_the_trick_play_phase_is_read() {
    let e = refused(&edited(|v| v["deals"][0]["phases"][1]["isAlone"] = json!(true)));
    assert_eq!(
        e,
        "deal 1: the bidding phase says isAlone false but the trick-play phase says true"
    );
    check_text(&edited(|v| {
        v["deals"][0]["phases"][0]
            .as_object_mut()
            .unwrap()
            .remove("isAlone");
        v["deals"][0]["phases"][1]["isAlone"] = json!(false);
    }))
    .unwrap();
    let e = refused(&edited(|v| {
        v["deals"][0]["phases"][0]
            .as_object_mut()
            .unwrap()
            .remove("isAlone");
        v["deals"][0]["phases"][1]["isAlone"] = json!(true);
    }));
    assert!(e.contains("seats are in play"), "read as a loner's deal: {e}");
}

/// `date` is held to the schema's forms (it was not checked: EGN tester s51, 15).
#[test]
fn a_date_is_a_date_and_time() {
    for fine in [
        "2026-07-21T03:47",
        "2026-07-21 03:47:33",
        "2026-07-21T03:47:33.103",
        "2026-07-21T03:47:33.103Z",
        "2026-07-21T03:47:33+02:00",
    ] {
        check_text(&edited(|v| v["metadata"]["date"] = json!(fine)))
            .unwrap_or_else(|e| panic!("{fine}: {e}"));
    }
    for bad in [
        "yesterday evening",
        "2026-07-21",
        "2026-07-21T3:47",
        "2026-07-21T03:47Z",
        "2026-07-21T03:47:33.",
        "2026-07-21T03:47:33+0200",
        "2026-07-21T03:47:33 UTC",
        // A date-time with a zone holds its fields in their ranges (review s51, 10).
        "2026-13-21T03:47:33Z",
        "2026-07-21T24:47:33Z",
        "2026-07-21T03:47:33+25:00",
        "2026-07-21T03:47:33+02:60",
    ] {
        let e = refused(&edited(|v| v["metadata"]["date"] = json!(bad)));
        assert!(
            e.starts_with(&format!("date '{bad}' is not a date and time")),
            "{bad}: {e}"
        );
    }
}

/// Messages that name what is wrong, and where (EGN tester s51, 17): a long annotation and its
/// key, the player whose name is too long, an empty file, two games in one file.
#[test]
fn faults_are_worded_for_the_person_who_made_them() {
    let e = refused(&edited(|v| {
        v["deals"][0]["phases"][1]["playAnnotations"] = json!({"3": ["x".repeat(1025)]});
    }));
    assert!(
        e.ends_with("an annotation of 3 has 1025 characters (at most 1024)"),
        "{e}"
    );
    let long = "N".repeat(65);
    let e = refused(&edited(|v| v["metadata"]["players"][1] = json!(long)));
    assert!(
        e.starts_with("player name 'NNNN") && e.ends_with("has 65 characters (at most 64)"),
        "{e}"
    );
    assert!(refused("").ends_with("(the file is empty)"));
    let twice = format!("{SCENARIO}\n{SCENARIO}");
    assert!(
        refused(&twice).contains("one game to an .egn file"),
        "{}",
        refused(&twice)
    );
}

/// Alternative lines are replayed as the main line is, from the same cards: they were only
/// schema-checked (EGN tester s51, 11). A line that branches in the bidding gives its calls;
/// one that branches in the play its cards from the branch on (here card 5, after four calls).
#[test]
fn alternative_lines_are_replayed() {
    let alt = |line: Value| edited(|v| v["deals"][0]["alternativeLines"] = json!([line]));
    let bidding = |calls: Value| {
        json!({"branchIndex": 0, "phases": [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": false}]})
    };
    check_text(&alt(bidding(json!(["Pass", "Pass", "Pass", "Pass", "s"])))).unwrap();
    let e = refused(&alt(bidding(json!(["Order", "Order", "Order"]))));
    assert_eq!(
        e,
        "deal 1, alternative line 1, call 2: 'Order' comes after trump was made"
    );
    // In the play: the annotated finals' first line, then the same with a card of trick 1
    // played again.
    let finals = include_str!("data/egn-examples/VWEC Finals Annotated.egn");
    check_text(finals).unwrap();
    let mut v: Value = serde_json::from_str(finals).unwrap();
    assert_eq!(v["deals"][0]["alternativeLines"][0]["branchIndex"], 8);
    v["deals"][0]["alternativeLines"][0]["phases"][0]["tricks"][0][0] = json!("Qd");
    let e = refused(&v.to_string());
    assert!(e.starts_with("deal 1, alternative line 1, trick 2: "), "{e}");
    let mut v: Value = serde_json::from_str(finals).unwrap();
    v["deals"][0]["alternativeLines"][0]["branchIndex"] = json!(40);
    let e = refused(&v.to_string());
    assert!(
        e.contains("alternative line 1: branchIndex 40 is past the main line's 4 calls and 20 cards"),
        "{e}"
    );
}

/// A revoke in a deal whose hands are all recorded: seat 1 plays A♥ to trick 3's spade lead
/// though it holds J♠, and leads J♠ to trick 4. The cards' own proof of a revoke, which seats
/// the later tricks' cards by the winners before them, blamed seat 1 in trick 1 for a club it
/// never held (analysis tester s52, 8); the replay against the recorded hands names the revoke.
#[test]
fn a_revoke_with_the_hands_recorded_is_named_where_it_happened() {
    let text = include_str!("data/revoke-with-hands.egn");
    assert_eq!(
        refused(text),
        "deal 3, trick 3: seat 1 may not play Ah: Ah does not follow suit: spades were led and seat 1 holds Js"
    );
    // Without the hands, the cards alone still prove a revoke.
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["deals"][2]["initialState"]
        .as_object_mut()
        .unwrap()
        .remove("playerCards");
    let said = refused(&v.to_string());
    assert!(said.contains("does not follow suit"), "{said}");
}

/// One checker spells a card one way, EGN's (`9c`, as the file does), also where the engine's
/// refusal is passed on, and a revoke and a wrong dealer read as a record's check says them
/// (records tester s53, 7).
#[test]
fn egn_refusals_spell_cards_as_egn_and_word_faults_as_a_record_does() {
    let text = include_str!("data/revoke-with-hands.egn");
    // Deal 3's dealer, seat 2, discards Kd, which seat 1 holds: the engine's refusal, in EGN's
    // cards although the file wrote the card upper-case.
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["deals"][2]["phases"][0]["discard"] = Value::from("KD");
    assert_eq!(
        refused(&v.to_string()),
        "deal 3, discard: seat 2 does not hold Kd"
    );
    // A dealer out of turn: the words of a record's check.
    let mut v: Value = serde_json::from_str(text).unwrap();
    v["deals"][2]["initialState"]["dealer"] = Value::from(0);
    assert_eq!(
        refused(&v.to_string()),
        "deal 3: dealer is seat 0 but the deal passes left to seat 2"
    );
}

/// The same hints as a record's reader: UTF-16 without a byte-order mark, and a NUL byte after a
/// valid document is no second game (records tester s53, 8).
#[test]
fn utf16_without_a_mark_and_a_nul_after_the_document_are_told_so() {
    let text = include_str!("data/revoke-with-hands.egn");
    let utf16: String = text.chars().flat_map(|c| [c, '\0']).collect();
    let said = refused(&utf16);
    assert!(
        said.ends_with("(it looks like UTF-16: save it as UTF-8)"),
        "{said}"
    );
    let said = refused(&format!("{text}\0"));
    assert!(said.contains("NUL byte"), "{said}");
    assert!(!said.contains("one game to an .egn file"), "{said}");
    let said = refused(&text[..text.len() / 2]);
    assert!(said.contains("is it cut short?"), "{said}");
}
