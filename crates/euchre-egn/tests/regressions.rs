//! Regressions found by fuzzing (`fuzz/`).

/// One complete deal (a lone hand making 4 points), scored from the largest initial scores an EGN
/// record can carry: the replay must not overflow (it panicked in debug builds, wrapped in release).
/// A game of one deal, since a game to a target can't start at or past it. (−2,147,483,648, the
/// least `i32`, is refused as a starting score: the bound is ±2,147,483,647.)
#[test]
fn replay_score_does_not_overflow_at_extreme_initial_scores() {
    let deal = r#"{"dealNumber":0,"initialState":{"dealer":0,"upCard":"Ks"},"phases":[{"phaseNumber":0,"type":"EUCHRE_BIDDING","calls":["Pass","Pass","Pass","Pass","Pass","h"],"isAlone":true},{"phaseNumber":1,"type":"TRICK_PLAY","tricks":[["9s","As","Js"],["Jh","Ah","9h"],["Jd","Kh","Qh"],["Th","9d","Ts"],["Qs","Tc","Jc"]]}]}"#;
    for initial in [
        [2147483647i64, 2147483647],
        [-2147483647, 2147483647],
        [2147483647, -2147483647],
    ] {
        let text = format!(
            r#"{{"fileType":"Euchre Game Notation","version":"1.4","metadata":{{"players":["A","B","C","D"],"initialScore":[{},{}],"ruleset":{{"std":true,"num_deals":1}}}},"deals":[{deal}]}}"#,
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

/// A document past the limits is refused before it is parsed (a 200 MB file once took 16 s and
/// 4.5 GB to refuse): past the byte limit, and packed with more values than any real match.
#[test]
fn oversized_documents_are_refused_before_parsing() {
    use euchre_egn::{check_text, parse_egn, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_VALUES};
    let big = " ".repeat(MAX_DOCUMENT_BYTES + 1);
    for e in [check_text(&big).unwrap_err(), parse_egn(&big).unwrap_err()] {
        assert!(e.to_string().contains("over the limit"), "{e}");
    }
    let packed = format!(
        r#"{{"fileType":"Euchre Match Notation","x":[{}0]}}"#,
        "0,".repeat(MAX_DOCUMENT_VALUES)
    );
    assert!(packed.len() < MAX_DOCUMENT_BYTES);
    let e = check_text(&packed).unwrap_err();
    assert!(e.to_string().contains("values"), "{e}");
    // Nested empty arrays hold a value per bracket and few commas: 33 MB of them took 5 GB
    // (EGN tester s51, 1).
    let nested = format!(
        r#"{{"fileType":"Euchre Game Notation","x":[{}]}}"#,
        vec!["[[[[]]]]"; MAX_DOCUMENT_VALUES / 4].join(",")
    );
    assert!(nested.len() < MAX_DOCUMENT_BYTES);
    let e = check_text(&nested).unwrap_err();
    assert!(e.to_string().contains("values"), "{e}");
}

/// An EMN document listing more games or players than a match holds is refused by count, before
/// any game is replayed (and before the quadratic duplicate-player check could run long).
#[test]
fn a_match_of_too_many_games_or_players_is_refused_by_count() {
    let emn = |players: usize, games: usize| {
        let ps: Vec<String> = (0..players)
            .map(|i| format!(r#"{{"id":"p{i}","name":"P{i}"}}"#))
            .collect();
        format!(
            r#"{{"fileType":"Euchre Match Notation","version":"1.0","metadata":{{"players":[{}]}},"games":[{}]}}"#,
            ps.join(","),
            vec!["{}"; games].join(",")
        )
    };
    let e = euchre_egn::check_text(&emn(101, 1)).unwrap_err();
    assert!(e.to_string().contains("101 players"), "{e}");
    let e = euchre_egn::check_text(&emn(4, 2001)).unwrap_err();
    assert!(e.to_string().contains("2001 games"), "{e}");
}
