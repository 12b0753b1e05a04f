//! `euchre sim`: every player plays every preset (and the variants that change how a deal is
//! played) to the end of whole games without an illegal action; the report's figures add up;
//! bad arguments are named.

mod common;

use common::{scratch, sim_report};
use serde_json::Value;

fn sim(args: &[&str]) -> Result<Value, String> {
    serde_json::from_slice(&sim_report(args)?).map_err(|e| e.to_string())
}

/// The rule sets: every preset, and variants with decisions of their own.
const RULES: [&[&str]; 16] = [
    &["--rules", "north-american"],
    &["--rules", "tournament"],
    &["--rules", "canadian"],
    &["--rules", "british"],
    &["--rules", "railroad"],
    &["--rules", "keller-1887"],
    &["--rules", "mathews-1844"],
    &["--rules", "openspiel"],
    &["--rules", "three-handed"],
    &["--rules", "bid-euchre"],
    &["--rules", "set-back"],
    &["--set", "reneging=penalised"],
    &["--set", "robson=true"],
    &["--set", "farmers=true", "--set", "fast_break=true"],
    &[
        "--set",
        "four_trick_tokens=true",
        "--set",
        "point_on_partner=true",
    ],
    &["--set", "defend_alone=any", "--set", "alone_timing=after_discard"],
];

#[test]
fn every_player_plays_every_preset_to_the_end_without_an_illegal_action() {
    // `sim` fails, naming the player, the board and the action, on any illegal choice.
    for rules in RULES {
        for pair in [["random", "basic"], ["pimc-3", "easy"]] {
            let mut args = vec![pair[0], pair[1], "--boards", "2", "--games", "--seed", "7"];
            args.extend_from_slice(rules);
            let report = sim(&args).unwrap_or_else(|e| panic!("{rules:?} {pair:?}: {e}"));
            assert_eq!(report["games"], 4, "{rules:?} {pair:?}: two boards of two games");
            assert!(report["deals"].as_u64().unwrap() >= 4, "{rules:?}");
            let wins: f64 = (0..2)
                .map(|i| report["sides"][i]["game_wins"]["mean"].as_f64().unwrap())
                .sum();
            // A game has at most one winner, so the two sides' win rates add to at most 1.
            assert!(
                wins > 0.0 && wins <= 1.0 + 1e-9,
                "{rules:?}: win rates add to {wins}"
            );
        }
    }
}

#[test]
fn the_levels_play_single_deals() {
    for rules in [&["--rules", "north-american"][..], &["--rules", "three-handed"]] {
        let mut args = vec!["medium", "hard", "--boards", "2"];
        args.extend_from_slice(rules);
        let report = sim(&args).unwrap();
        assert_eq!(report["deals"], 4);
        assert_eq!(report["games"], 0);
    }
}

#[test]
fn the_same_seed_gives_the_same_match() {
    let a = sim(&["basic", "pimc-4", "--boards", "6", "--seed", "11"]).unwrap();
    let b = sim(&["basic", "pimc-4", "--boards", "6", "--seed", "11"]).unwrap();
    let points = |r: &Value| r["difference_per_deal"]["mean"].as_f64().unwrap();
    assert_eq!(points(&a), points(&b));
    assert_eq!(a["sides"][0]["made"], b["sides"][0]["made"]);
}

#[test]
fn a_side_against_itself_without_search_ties_every_board() {
    let r = sim(&["basic", "basic", "--boards", "20"]).unwrap();
    assert_eq!(r["difference_per_deal"]["mean"], 0.0);
    assert_eq!(r["sides"][0]["points_per_deal"], r["sides"][1]["points_per_deal"]);
}

#[test]
fn the_plot_is_an_svg_with_the_band() {
    let dir = scratch("sim-plot");
    let path = dir.join("diff.svg");
    sim(&[
        "basic",
        "random",
        "--boards",
        "30",
        "--plot",
        path.to_str().unwrap(),
    ])
    .unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..60.min(svg.len())]);
    assert!(svg.contains("<polygon"), "the confidence band is drawn");
    assert!(svg.contains("basic − random"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A match of fewer than ten boards still had a t band drawn at its last board, although it
/// gives no interval (review s52, 7).
#[test]
fn the_plot_of_fewer_than_ten_boards_has_no_band() {
    let dir = scratch("sim-plot-few");
    let path = dir.join("diff.svg");
    sim(&[
        "basic",
        "random",
        "--boards",
        "9",
        "--plot",
        path.to_str().unwrap(),
    ])
    .unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(!svg.contains("<polygon"), "no band is drawn");
    assert!(svg.contains("no 95% band from fewer than 10 boards"));
    assert!(svg.contains("<polyline"), "the line is drawn");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Output paths are checked before the first board: a match is not played to be thrown away
/// for a path that can't be written. Boards of `pimc-50` against itself would take minutes; the
/// refusal comes at once.
#[test]
fn output_paths_that_cannot_be_written_are_named_before_playing() {
    let dir = scratch("sim-paths");
    let missing = dir.join("no-such-folder").join("x.svg");
    let started = std::time::Instant::now();
    for flag in ["--plot", "--save-boards"] {
        let e = sim(&[
            "pimc-50",
            "pimc-50",
            "--boards",
            "5000",
            flag,
            missing.to_str().unwrap(),
        ])
        .unwrap_err();
        assert!(
            e.contains(&format!("{flag} {} can't be written", missing.display())),
            "{e}"
        );
        let e = sim(&[
            "pimc-50",
            "pimc-50",
            "--boards",
            "5000",
            flag,
            dir.to_str().unwrap(),
        ])
        .unwrap_err();
        assert!(e.contains("is a folder, not a file"), "{e}");
    }
    assert!(started.elapsed().as_secs() < 60, "the match was played first");
    // One file for both would hold whichever was written last.
    let both = dir.join("both.svg");
    let e = sim(&[
        "basic",
        "random",
        "--boards",
        "2",
        "--plot",
        both.to_str().unwrap(),
        "--save-boards",
        both.to_str().unwrap(),
    ])
    .unwrap_err();
    assert!(e.contains("name the same file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A share of the points is a share of what both sides gained: where a side's points come to
/// less than nothing (Bid Euchre's failed bids), there is none to report, rather than shares
/// such as −211% and 311%. Elsewhere the two shares make the whole.
#[test]
fn shares_of_points_are_reported_only_where_they_mean_something() {
    let r = sim(&[
        "basic",
        "random",
        "--boards",
        "2",
        "--rules",
        "bid-euchre",
        "--games",
    ])
    .unwrap();
    let ppd = |i: usize| r["sides"][i]["points_per_deal"]["mean"].as_f64().unwrap();
    assert!(ppd(1) < 0.0, "random's bids lose points here: {r}");
    for i in 0..2 {
        assert!(r["sides"][i]["share_of_points"].is_null(), "{r}");
    }
    let r = sim(&["basic", "random", "--boards", "3"]).unwrap();
    let share = |i: usize| r["sides"][i]["share_of_points"].as_f64().unwrap();
    assert!((share(0) + share(1) - 1.0).abs() < 1e-9 && share(0) > 0.5, "{r}");
}

#[test]
fn bad_arguments_are_named() {
    let e = sim(&["basic", "wizard"]).unwrap_err();
    assert!(e.contains("unknown player 'wizard'"), "{e}");
    let e = sim(&["basic", "random", "--boards", "0"]).unwrap_err();
    assert!(e.contains("--boards"), "{e}");
    let e = sim(&["basic", "random", "--time-ms", "0"]).unwrap_err();
    assert!(e.contains("--time-ms"), "{e}");
    let e = sim(&["basic", "random", "--rules", "bogus"]).unwrap_err();
    assert!(e.contains("bogus"), "{e}");
    // One option set twice, or by both its names: which was meant is not known.
    let e = sim(&[
        "basic",
        "random",
        "--set",
        "std=true",
        "--set",
        "stick_the_dealer=false",
    ])
    .unwrap_err();
    assert!(
        e.contains("--set std=true and --set stick_the_dealer=false set one option, stick_the_dealer"),
        "{e}"
    );
    let e = sim(&["basic", "random", "--set", "robson=true", "--set", "robson=true"]).unwrap_err();
    assert!(e.contains("set one option, robson"), "{e}");
    let e = sim(&[
        "basic",
        "random",
        "--rules",
        "bid-euchre",
        "--set",
        "players=4",
        "--set",
        "num_players=4",
    ])
    .unwrap_err();
    assert!(e.contains("set one option, players"), "{e}");
    let e = sim(&[
        "basic",
        "random",
        "--set",
        "winning_score =11",
        "--set",
        "num_deals=3",
    ])
    .unwrap_err();
    assert!(e.contains("exclude each other"), "{e}");
    // A board is one game or one deal: a match's options were kept in the report and ignored.
    for set in ["match_games=3", "match_wins=2"] {
        let e = sim(&["basic", "random", "--games", "--boards", "2", "--set", set]).unwrap_err();
        assert!(e.contains("leave out match_games and match_wins"), "{set}: {e}");
    }
}

/// The report for people says which side scores more points and, in whole games, which wins
/// more games: the two can differ, and the games are what a player that plays for the game
/// is measured by (only `pool` said the second).
#[test]
fn the_report_for_people_gives_a_verdict_on_points_and_on_games() {
    let out = std::process::Command::new(common::EUCHRE)
        .args([
            "sim",
            "basic",
            "random",
            "--games",
            "--boards",
            "12",
            "--threads",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(": basic scores more points"), "{text}");
    assert!(text.contains("\nbasic's games won: "), "{text}");
    assert!(text.trim_end().ends_with(": basic wins more games"), "{text}");
}

/// A player is named in the report as listed, however it was typed, so that reports of one
/// match pool (`BASIC` and `basic` were two players to `pool`).
#[test]
fn the_report_names_a_player_as_listed() {
    let v = sim(&["BASIC", " PIMC-1 ", "--boards", "2"]).unwrap();
    assert_eq!(v["sides"][0]["player"], "basic", "{v}");
    assert_eq!(v["sides"][1]["player"], "pimc-1", "{v}");
}

#[test]
fn a_match_compares_board_by_board_with_an_earlier_one_on_the_same_boards() {
    let dir = scratch("sim-boards");
    let file = dir.join("basic-random.csv");
    let path = file.to_str().unwrap();
    // 30 boards at seed 5 between `first` and `random`, with `flag` naming the board file.
    let on_the_boards = |first: &str, flag: &str, file: &str| {
        sim(&[first, "random", "--boards", "30", "--seed", "5", flag, file])
    };
    let first = on_the_boards("basic", "--save-boards", path).unwrap();
    // The same match again: the same boards, so no difference, and no doubt about it.
    let again = on_the_boards("basic", "--compare", path).unwrap();
    let d = &again["compared"]["difference_per_deal"];
    assert_eq!(d["mean"], 0.0, "{again}");
    assert_eq!(d["low"], 0.0);
    assert_eq!(
        again["compared"]["players"],
        serde_json::json!(["basic", "random"])
    );
    // Another first player against the same opponent: the paired difference is the difference
    // of the two matches' own figures.
    let other = on_the_boards("random", "--compare", path).unwrap();
    let own = |v: &Value| v["difference_per_deal"]["mean"].as_f64().unwrap();
    let paired = other["compared"]["difference_per_deal"]["mean"].as_f64().unwrap();
    assert!((paired - (own(&other) - own(&first))).abs() < 1e-9, "{other}");
    assert!(other["compared"]["difference_per_deal"]["high"].as_f64().unwrap() < 0.0);
    // A file saved before names were made canonical may spell the opponent otherwise: the
    // same player still pairs.
    let typed = dir.join("typed.csv");
    std::fs::write(
        &typed,
        std::fs::read_to_string(&file)
            .unwrap()
            .replace("second=random", "second=Random"),
    )
    .unwrap();
    let paired = on_the_boards("basic", "--compare", typed.to_str().unwrap()).unwrap();
    assert_eq!(paired["compared"]["difference_per_deal"]["mean"], 0.0, "{paired}");
    // Against another opponent the difference of differences says nothing: refused.
    let err = sim(&[
        "basic",
        "basic",
        "--boards",
        "30",
        "--seed",
        "5",
        "--compare",
        path,
    ])
    .unwrap_err();
    assert!(
        err.contains("measured basic against random, this match basic against basic")
            && err.contains("only against the same opponent"),
        "{err}"
    );
    // Other deals do not pair, and the file says why.
    for args in [
        &["--seed", "6", "--boards", "30"][..],
        &["--seed", "5", "--boards", "20"],
        &["--seed", "5", "--boards", "30", "--games"],
        &["--seed", "5", "--boards", "30", "--rules", "british"],
    ] {
        let mut all = vec!["basic", "random", "--compare", path];
        all.extend_from_slice(args);
        let err = sim(&all).unwrap_err();
        assert!(err.contains("boards pair only when"), "{args:?}: {err}");
    }
    // The boards compared with are not replaced by the match compared.
    let before = std::fs::read_to_string(&file).unwrap();
    let err = sim(&[
        "random",
        "random",
        "--boards",
        "30",
        "--seed",
        "5",
        "--compare",
        path,
        "--save-boards",
        path,
    ])
    .unwrap_err();
    assert!(
        err.contains("--compare and --save-boards name the same file"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // In whole games the file keeps each board's games won too, and the comparison pairs them.
    let games = dir.join("games.csv");
    let in_games = |first: &str, flag: &str| {
        let g = games.to_str().unwrap();
        sim(&[
            first, "random", "--boards", "8", "--seed", "5", "--games", flag, g,
        ])
    };
    let first = in_games("basic", "--save-boards").unwrap();
    let text = std::fs::read_to_string(&games).unwrap();
    assert!(text.contains("\nboard,deals,difference,won\n"), "{text}");
    let again = in_games("basic", "--compare").unwrap();
    assert_eq!(again["compared"]["games_won_difference"]["mean"], 0.0, "{again}");
    let other = in_games("random", "--compare").unwrap();
    let won = |v: &Value| v["sides"][0]["game_wins"]["mean"].as_f64().unwrap();
    let paired = other["compared"]["games_won_difference"]["mean"]
        .as_f64()
        .unwrap();
    assert!((paired - (won(&other) - won(&first))).abs() < 1e-9, "{other}");
    assert!(
        paired < 0.0,
        "random wins fewer games against random than basic: {other}"
    );
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "# euchre sim boards\nnothing\n").unwrap();
    let err = on_the_boards("basic", "--compare", bad.to_str().unwrap()).unwrap_err();
    assert!(err.contains("line 2"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The report for people counts loners where going alone is a choice: in the partnership
/// game, not in the individual games, where every maker plays alone.
#[test]
fn loners_are_counted_where_going_alone_is_a_choice() {
    for (rules, counted) in [("north-american", true), ("three-handed", false)] {
        let out = std::process::Command::new(common::EUCHRE)
            .args(["sim", "basic", "random", "--boards", "2", "--rules", rules])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.contains("went alone, of deals"), counted, "{rules}: {text}");
    }
}

/// Runs `euchre sim` with `args`, returning whether it succeeded, its output and its errors.
fn sim_text(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(common::EUCHRE)
        .arg("sim")
        .args(args)
        .args(["--threads", "2"])
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A board file of 0 deals on a board was played through, then failed with "no deal was
/// played"; an impossible difference was read as millions of points a deal (analysis tester
/// s52, 3). A board given twice was refused as the match ended, naming neither the file nor
/// the line (4). Each is refused as the file is read, before the match, by file and line.
#[test]
fn a_board_file_sim_cannot_have_written_is_refused_before_the_match() {
    let dir = scratch("sim-bad-boards");
    let file = dir.join("boards.csv");
    let path = file.to_str().unwrap();
    sim(&[
        "basic",
        "random",
        "--boards",
        "10",
        "--seed",
        "4",
        "--save-boards",
        path,
    ])
    .unwrap();
    let good = std::fs::read_to_string(&file).unwrap();
    let line = |n: usize| good.lines().nth(n - 1).unwrap().to_string();
    let cases = [
        (
            line(6),
            "2,0,0".to_string(),
            "line 6: 0 deals, but a board of single deals is two deals",
        ),
        (
            line(6),
            "2,2,9999999999".to_string(),
            "line 6: a difference of 9999999999 points in 2 deals is more than any rules score",
        ),
        (line(6), line(5), "line 6: board 1 again (expected board 2)"),
    ];
    for (from, to, want) in cases {
        let edited = dir.join("edited.csv");
        std::fs::write(
            &edited,
            good.replacen(&format!("\n{from}\n"), &format!("\n{to}\n"), 1),
        )
        .unwrap();
        // Ten million boards of pimc-50 take days: refused within seconds, the file was read
        // before any board was played. (The file is read before its boards are counted
        // against `--boards`, so the count does not refuse it first.)
        let started = std::time::Instant::now();
        let (ok, out, err) = sim_text(&[
            "pimc-50",
            "random",
            "--boards",
            "10000000",
            "--seed",
            "4",
            "--compare",
            edited.to_str().unwrap(),
        ]);
        assert!(!ok && out.is_empty(), "{out}");
        assert!(err.contains(&format!("{}: {want}", edited.display())), "{err}");
        assert!(started.elapsed().as_secs() < 5, "the match was played first");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Three boards that agreed gave "+2.000 points per deal, 95% CI [+2.000, +2.000]" and a
/// verdict; two boards of games "[51.01, 100.00]: expert wins more games" (analysis tester
/// s52, 6). Fewer than ten boards give neither.
#[test]
fn too_few_boards_give_no_interval_and_no_verdict() {
    let (ok, out, err) = sim_text(&["basic", "random", "--boards", "3", "--games", "--seed", "4"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("points per deal, no 95% CI from fewer than 10 boards: no verdict"),
        "{out}"
    );
    assert!(
        out.contains("basic's games won: ")
            && out
                .trim_end()
                .ends_with("no 95% CI from fewer than 10 boards: no verdict"),
        "{out}"
    );
    assert!(
        !out.contains("scores more") && !out.contains("wins more"),
        "{out}"
    );
    let v = sim(&["basic", "random", "--boards", "3", "--games", "--seed", "4"]).unwrap();
    assert!(v["difference_per_deal"]["low"].is_null(), "{v}");
    assert!(v["sides"][0]["game_wins"]["high_clipped"].is_null(), "{v}");
}

/// `game_wins` keeps its interval symmetric, for `pool`, so its bounds may pass 0 and 1 (a
/// share of 139%); the bounds cut to 0..1, as the text shows them, stand beside them (analysis
/// tester s52, 7).
#[test]
fn a_share_of_games_gives_its_bounds_cut_to_0_and_1_beside_them() {
    let v = sim(&["basic", "random", "--boards", "12", "--games", "--seed", "4"]).unwrap();
    let g = &v["sides"][0]["game_wins"];
    let f = |k: &str| g[k].as_f64().unwrap_or_else(|| panic!("{k}: {v}"));
    assert!(f("high") > 1.0, "basic wins nearly every game: {v}");
    assert_eq!(f("high_clipped"), 1.0, "{v}");
    assert_eq!(f("low_clipped"), f("low").max(0.0), "{v}");
}

/// "1 boards", "2 deals" read wrong for one board (analysis tester s52, 12).
#[test]
fn one_board_is_one_board() {
    let (ok, out, err) = sim_text(&["basic", "random", "--boards", "1"]);
    assert!(ok, "{err}");
    assert!(out.contains(": 1 board, 2 deals, seed 1"), "{out}");
}
