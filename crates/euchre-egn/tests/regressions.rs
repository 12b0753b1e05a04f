//! Regressions found by fuzzing (`fuzz/`).

/// One complete deal (a lone hand making 4 points), scored from the largest initial scores an EGN
/// record can carry: the replay must not overflow (it panicked in debug builds, wrapped in release).
#[test]
fn replay_score_does_not_overflow_at_extreme_initial_scores() {
    let deal = r#"{"dealNumber":0,"initialState":{"dealer":0,"upCard":"Ks"},"phases":[{"phaseNumber":0,"type":"EUCHRE_BIDDING","calls":["Pass","Pass","Pass","Pass","Pass","h"],"isAlone":true},{"phaseNumber":1,"type":"TRICK_PLAY","tricks":[["9s","As","Js"],["Jh","Ah","9h"],["Jd","Kh","Qh"],["Th","9d","Ts"],["Qs","Tc","Jc"]]}]}"#;
    for initial in [
        [2147483647i64, 2147483647],
        [-2147483648, 2147483647],
        [2147483647, -2147483648],
    ] {
        let text = format!(
            r#"{{"fileType":"Euchre Game Notation","version":"1.4","metadata":{{"players":["A","B","C","D"],"initialScore":[{},{}],"ruleset":{{"std":true}}}},"deals":[{deal}]}}"#,
            initial[0], initial[1]
        );
        let summary = euchre_egn::check_text(&text).expect("a valid record");
        assert_eq!(summary.deals, 1);
        let score = summary.score.unwrap();
        for t in 0..2 {
            assert!(i64::from(score[t]) >= initial[t], "{initial:?} -> {score:?}");
        }
    }
}
