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
        "[2147483647,-2147483648]",
        "[2147483647,2147483647]",
        "[-2147483648,2147483647]",
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
