//! Regressions found by fuzzing (`fuzz/`).

use euchre_protocol::Session;
use serde_json::Value;

fn send(session: &mut Session, line: &str) -> Value {
    serde_json::from_str(&session.handle_line(line)).unwrap()
}

/// `new` accepts any two `i32` scores in a game of a number of deals (a game to a target refuses
/// a score that has reached it); playing the deal out from the largest must not overflow the
/// score (fuzzing found the panic in `Game::apply` through `apply`).
#[test]
fn apply_does_not_overflow_the_score_from_an_extreme_new_score() {
    let mut s = Session::new();
    let r = send(
        &mut s,
        r#"{"cmd":"new","rules":"tournament","seed":99,"score":[2147483647,0]}"#,
    );
    assert_eq!(r["ok"], false, "a score past the target: {r}");
    for score in [
        "[2147483647,-2147483647]",
        "[2147483647,2147483647]",
        "[-2147483647,2147483647]",
    ] {
        let mut s = Session::new();
        let options = r#"{"winning_score":0,"num_deals":3}"#;
        let r = send(
            &mut s,
            &format!(
                r#"{{"cmd":"new","rules":"tournament","options":{options},"seed":99,"dealer":2,"score":{score}}}"#
            ),
        );
        assert_eq!(r["ok"], true, "{r}");
        for _ in 0..40 {
            let legal = send(&mut s, r#"{"cmd":"legal"}"#);
            let Some(a) = legal["actions"].as_array().and_then(|a| a.first()).cloned() else {
                break;
            };
            let r = send(&mut s, &format!(r#"{{"cmd":"apply","action":{a}}}"#));
            assert_eq!(r["ok"], true, "{r}");
        }
        let state = send(&mut s, r#"{"cmd":"state"}"#);
        assert_eq!(state["state"]["phase"], "done", "{state}");
        assert_eq!(send(&mut s, r#"{"cmd":"egn"}"#)["ok"], true);
    }
}

/// A deal that takes points off a side (`robson`'s subtract) says so in `points`, so that the
/// score is always the score before plus `points`; and nothing is scored before the deal is
/// done (robson's choice comes after the last trick). Found by a bot author's client.
#[test]
fn points_say_what_the_deal_did_to_the_score_points_taken_off_too() {
    let mut s = Session::new();
    let deal = r#"{"dealer":3,"hands":[["JC","JS","AC","KC","QC"],["9D","TD","JD","QD","KD"],["AD","9H","TH","JH","QH"],["KH","AH","9S","TS","QS"]],"upcard":"9C"}"#;
    let r = send(
        &mut s,
        &format!(r#"{{"cmd":"new","options":{{"robson":true}},"score":[4,6],"deal":{deal}}}"#),
    );
    assert_eq!(r["ok"], true, "{r}");
    // Seat 0, the dealer's left, orders clubs up and with the top clubs takes every trick.
    let plays = "order,discard 9S,JC,9D,AD,9C,QC,TD,9H,KH,KC,JD,TH,AH,AC,QD,JH,TS,JS,KD,QH,QS";
    for a in plays.split(',') {
        let r = send(&mut s, &format!(r#"{{"cmd":"apply","action":"{a}"}}"#));
        assert_eq!(r["ok"], true, "{a}: {r}");
    }
    let state = &send(&mut s, r#"{"cmd":"state"}"#)["state"];
    assert_eq!(state["phase"], "robson", "{state}");
    assert_eq!(
        state["points"],
        serde_json::json!([0, 0]),
        "not yet done: {state}"
    );
    let r = send(&mut s, r#"{"cmd":"apply","action":"subtract"}"#);
    assert_eq!(r["ok"], true, "{r}");
    let state = &send(&mut s, r#"{"cmd":"state"}"#)["state"];
    assert_eq!(state["phase"], "done", "{state}");
    assert_eq!(state["score"], serde_json::json!([4, 4]), "{state}");
    assert_eq!(state["points"], serde_json::json!([0, -2]), "{state}");
    let seen = &send(&mut s, r#"{"cmd":"observe","seat":1}"#)["observation"];
    assert_eq!(seen["points"], serde_json::json!([0, -2]), "{seen}");
}

/// Under `four_trick_tokens` the state's `points` hold the point a fourth token traded in, so
/// that `score` is still the score before plus `points`, and `tokens` shows what each team holds
/// (rules audit s51, 3: the traded point was in `score` alone, the tokens nowhere).
#[test]
fn points_hold_a_traded_four_trick_token_and_the_tokens_are_shown() {
    let mut traded = 0;
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for seed in 0..40 {
        let mut s = Session::new();
        let new = format!(
            r#"{{"cmd":"new","options":{{"four_trick_tokens":true,"winning_score":30}},"seed":{seed}}}"#
        );
        let r = send(&mut s, &new);
        assert_eq!(r["ok"], true, "{r}");
        assert_eq!(r["state"]["tokens"], serde_json::json!([0, 0]), "{r}");
        let mut before = [0_i64, 0];
        let mut held = [0_i64, 0];
        loop {
            let legal = send(&mut s, r#"{"cmd":"legal"}"#);
            let actions = legal["actions"].as_array().cloned().unwrap_or_default();
            if actions.is_empty() {
                let state = send(&mut s, r#"{"cmd":"state"}"#)["state"].clone();
                let points = &state["points"];
                for t in 0..2 {
                    let (p, score) = (points[t].as_i64().unwrap(), state["score"][t].as_i64().unwrap());
                    assert_eq!(score, before[t] + p, "seed {seed}: {state}");
                    let now = state["tokens"][t].as_i64().unwrap();
                    if now < held[t] {
                        traded += 1;
                    }
                    held[t] = now;
                    before[t] = score;
                }
                if state["game_over"] == true {
                    break;
                }
                assert_eq!(send(&mut s, r#"{"cmd":"next"}"#)["ok"], true);
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let a = &actions[(rng % actions.len() as u64) as usize];
            let r = send(&mut s, &format!(r#"{{"cmd":"apply","action":{a}}}"#));
            assert_eq!(r["ok"], true, "{a}: {r}");
        }
    }
    assert!(traded > 0, "no team traded four tokens in 40 games");
}

/// `partners = cut_high_low` was drawn but told to no one (rules tester s55, 1): the state
/// says who the cut seated where, the same with a dealer or score given as with neither, and
/// a game of fixed partners says nothing of seating.
#[test]
fn the_cut_for_partners_is_in_the_state() {
    let seating = |request: &str| {
        let r = send(&mut Session::new(), request);
        assert_eq!(r["ok"], true, "{r}");
        r["state"]["seating"].clone()
    };
    let cut = r#""options":{"partners":"cut_high_low"}"#;
    let mut moved = false;
    for seed in 0..20 {
        let drawn = seating(&format!(
            r#"{{"cmd":"new","rules":"north-american",{cut},"seed":{seed}}}"#
        ));
        let mut players: Vec<u64> = drawn
            .as_array()
            .unwrap_or_else(|| panic!("seed {seed}: no seating: {drawn}"))
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        moved |= players != [0, 1, 2, 3];
        for given in [r#""dealer":2"#, r#""score":[3,4]"#] {
            let again = seating(&format!(
                r#"{{"cmd":"new","rules":"north-american",{cut},"seed":{seed},{given}}}"#
            ));
            assert_eq!(again, drawn, "seed {seed}, {given}");
        }
        players.sort_unstable();
        assert_eq!(players, [0, 1, 2, 3], "seed {seed}");
    }
    assert!(moved, "the cut never moved anyone");
    assert!(seating(r#"{"cmd":"new","rules":"north-american","seed":3}"#).is_null());
}
