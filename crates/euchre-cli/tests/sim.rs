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

/// The files a match writes were told apart from the `--compare` file by their spelling only:
/// `--save-boards ./d.csv` and a link to `d.csv` replaced the boards compared with, and
/// `--plot d.csv` made them an SVG (research tester s54, 1). One file however it is named is
/// refused, before the match, and the file is left as it was.
#[test]
fn the_compare_file_is_not_replaced_under_another_name() {
    let dir = scratch("sim-same-file");
    let base = dir.join("d.csv");
    let boards = |extra: &[&str]| {
        let mut args = vec!["basic", "random", "--boards", "10", "--seed", "3"];
        args.extend_from_slice(extra);
        sim(&args)
    };
    boards(&["--save-boards", base.to_str().unwrap()]).unwrap();
    let before = std::fs::read(&base).unwrap();
    let dotted = dir.join(".").join("d.csv");
    let link = dir.join("e.csv");
    std::os::unix::fs::symlink(&base, &link).unwrap();
    let hard = dir.join("hard.csv");
    std::fs::hard_link(&base, &hard).unwrap();
    let compare = base.to_str().unwrap();
    for other in [&dotted, &link, &hard] {
        let other = other.to_str().unwrap();
        for (flag, said) in [
            ("--save-boards", "--compare and --save-boards name the same file"),
            ("--plot", "--compare and --plot name the same file"),
        ] {
            let e = boards(&["--compare", compare, flag, other, "--overwrite"]).unwrap_err();
            assert!(e.contains(said), "{flag} {other}: {e}");
        }
    }
    assert_eq!(std::fs::read(&base).unwrap(), before);
    // Two names for a file not yet written are one file too.
    let e = boards(&[
        "--plot",
        dir.join("new.svg").to_str().unwrap(),
        "--save-boards",
        dir.join(".").join("new.svg").to_str().unwrap(),
    ])
    .unwrap_err();
    assert!(e.contains("--plot and --save-boards name the same file"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--save-boards` and `--plot` wrote over any file: a note, or a board file given as the plot
/// (research tester s54, 6). A file of another kind is refused, one of its own kind unless
/// `--overwrite` is given.
#[test]
fn an_existing_file_is_replaced_only_when_it_is_of_its_kind_and_overwrite_is_given() {
    let dir = scratch("sim-overwrite");
    let note = dir.join("keep.txt");
    std::fs::write(&note, "precious\n").unwrap();
    let boards = dir.join("b.csv");
    let plot = dir.join("p.svg");
    let run = |extra: &[&str]| {
        let mut args = vec!["basic", "random", "--boards", "10"];
        args.extend_from_slice(extra);
        sim(&args)
    };
    let (b, p, n) = (
        boards.to_str().unwrap(),
        plot.to_str().unwrap(),
        note.to_str().unwrap(),
    );
    run(&["--save-boards", b, "--plot", p]).unwrap();
    for (flag, path, kind) in [
        ("--save-boards", n, "a board file"),
        ("--plot", n, "an SVG drawing"),
        ("--plot", b, "an SVG drawing"),
        ("--save-boards", p, "a board file"),
    ] {
        for overwrite in [&[][..], &["--overwrite"]] {
            let mut args = vec![flag, path];
            args.extend_from_slice(overwrite);
            let e = run(&args).unwrap_err();
            assert!(
                e.contains(&format!("{flag} {path} already exists and is not {kind}")),
                "{args:?}: {e}"
            );
        }
    }
    assert_eq!(std::fs::read_to_string(&note).unwrap(), "precious\n");
    assert!(std::fs::read_to_string(&boards)
        .unwrap()
        .starts_with("# euchre sim boards"));
    for (flag, path) in [("--save-boards", b), ("--plot", p)] {
        let e = run(&[flag, path]).unwrap_err();
        assert!(
            e.contains("already exists") && e.contains("give --overwrite"),
            "{e}"
        );
        run(&[flag, path, "--overwrite"]).unwrap();
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The text report named a match with `--set` options, or a time limit, as the plain preset
/// (research tester s54, 2): its title names both, as `euchre pool`'s does.
#[test]
fn the_title_names_the_options_set_and_a_time_limit() {
    let (ok, out, err) = sim_text(&[
        "basic",
        "random",
        "--boards",
        "2",
        "--set",
        "winning_score=5",
        "--set",
        "stick_the_dealer=true",
        "--time-ms",
        "3",
    ]);
    assert!(ok, "{err}");
    let title = out.lines().next().unwrap();
    assert!(
        title.starts_with(
            "duplicate match, north-american with stick_the_dealer=true, winning_score=5: 2 boards"
        ),
        "{title}"
    );
    assert!(
        title.ends_with("; time-limited to 3 ms a decision, so not reproducible from the seed alone"),
        "{title}"
    );
    let (ok, out, err) = sim_text(&["basic", "random", "--boards", "2", "--rules", "railroad"]);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().next().unwrap(),
        "duplicate match, railroad: 2 boards, 4 deals, seed 1"
    );
}

/// One game of random bidders in Bid Euchre that never reached its target threw the whole
/// match away at its end, "board 10" named where the board file numbers it 9, and nothing
/// saved (research tester s54, 4). The game is cut off and said to be, and the match stands.
#[test]
fn a_game_cut_off_at_the_deal_cap_is_reported_and_the_match_stands() {
    let dir = scratch("sim-cut-off");
    let file = dir.join("be.csv");
    let args = [
        "random",
        "random",
        "--rules",
        "bid-euchre",
        "--games",
        "--boards",
        "10",
        "--seed",
        "1",
    ];
    let mut with_file = args.to_vec();
    with_file.extend_from_slice(&["--save-boards", file.to_str().unwrap()]);
    let v = sim(&with_file).unwrap();
    assert_eq!(v["games"], 20, "{v}");
    assert_eq!(v["games_cut_off"], 2, "{v}");
    assert_eq!(v["boards_cut_off"], serde_json::json!([9]), "{v}");
    // The board named is the board file's row of that number.
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.lines().last().unwrap().starts_with("9,4000,"), "{saved}");
    let wins: f64 = (0..2)
        .map(|i| v["sides"][i]["game_wins"]["mean"].as_f64().unwrap())
        .sum();
    assert!((wins - 1.0).abs() < 1e-12, "shares of the games finished: {wins}");
    let (ok, out, err) = sim_text(&args);
    assert!(ok, "{err}");
    assert!(
        out.contains("2 of 20 games cut off unfinished after 2000 deals (on board 9, numbered from 0"),
        "{out}"
    );
    // A match whose games all end says nothing of it.
    let v = sim(&["basic", "random", "--games", "--boards", "2"]).unwrap();
    assert!(v.get("games_cut_off").is_none(), "{v}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--compare` counted a game cut off unfinished as a game the first side lost, and the board
/// file could not tell one from a loss; where every game was cut off the games won were
/// "0.00%" for both sides (review s54, 2). The file keeps the games finished where a board
/// could have held a cut-off game, a file that cannot tell gives no comparison in games won,
/// and a match with no game finished says so.
#[test]
fn games_cut_off_are_told_from_games_lost_in_a_comparison() {
    let dir = scratch("sim-cut-off-compare");
    let file = dir.join("be.csv");
    let path = file.to_str().unwrap();
    fn with<'a>(extra: &[&'a str], seed: &'a str, boards: &'a str) -> Vec<&'a str> {
        let mut a = vec!["random", "random", "--rules", "bid-euchre", "--games"];
        a.extend_from_slice(&["--boards", boards, "--seed", seed]);
        a.extend_from_slice(extra);
        a
    }
    sim(&with(&["--save-boards", path], "1", "10")).unwrap();
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("\nboard,deals,difference,won,finished\n"),
        "{saved}"
    );
    assert!(saved.ends_with("\n9,4000,0,0,0\n"), "{saved}");
    // The same match: no difference, with an interval, over the games finished.
    let v = sim(&with(&["--compare", path], "1", "10")).unwrap();
    let g = &v["compared"]["games_won_difference"];
    assert_eq!(g["mean"], 0.0, "{v}");
    assert!(g["low"].is_number() && g["high"].is_number(), "{v}");
    // A file written before the games finished were kept: no comparison in games won.
    let old: String = saved
        .lines()
        .map(|l| match l.rsplit_once(',') {
            Some((kept, _)) if !l.starts_with('#') => format!("{kept}\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    assert!(
        old.contains("\nboard,deals,difference,won\n") && old.ends_with("\n9,4000,0,0\n"),
        "{old}"
    );
    std::fs::write(&file, &old).unwrap();
    let v = sim(&with(&["--compare", path], "1", "10")).unwrap();
    assert!(v["compared"]["games_won_difference"].is_null(), "{v}");
    let why = v["compared"]["games_won_not_compared"].as_str().unwrap();
    assert!(why.contains("board 9 (4000 deals) may have held one"), "{why}");
    assert!(v["compared"]["difference_per_deal"]["mean"].is_number(), "{v}");
    let (ok, out, err) = sim_text(&with(&["--compare", path], "1", "10"));
    assert!(ok, "{err}");
    assert!(
        out.contains("games won, board by board: no comparison, the board file, written before games cut off were kept"),
        "{out}"
    );
    // Seed 10's one board cut both games off: no share, no interval, no comparison.
    let (ok, out, err) = sim_text(&with(&["--save-boards", path, "--overwrite"], "10", "1"));
    assert!(ok, "{err}");
    assert!(out.contains("2 of 2 games cut off"), "{out}");
    assert!(
        out.contains("random's games won: none, as no game finished (every one cut off): no verdict"),
        "{out}"
    );
    let v = sim(&with(&["--compare", path], "10", "1")).unwrap();
    assert!(v["sides"][0]["game_wins"]["low"].is_null(), "{v}");
    let why = v["compared"]["games_won_not_compared"].as_str().unwrap();
    assert!(why.starts_with("no game of this match finished"), "{why}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The x tick labels of a plot (its y labels have a decimal point).
fn x_ticks(svg: &str) -> Vec<String> {
    svg.split("</text>")
        .filter_map(|t| t.rsplit('>').next())
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// A small match's plot labelled its boards "1 1 1 1 1 2 2 2 2 2 2" (one board) and
/// "1 2 2 2 3 4 4 4 5" (five): rounded fractional ticks, and a board never played (research
/// tester s54, 8). Each tick is a whole board, once, and none is past the last.
#[test]
fn the_plot_ticks_whole_boards_up_to_the_last() {
    let dir = scratch("sim-plot-ticks");
    for (boards, want) in [
        (1, vec!["1"]),
        (2, vec!["1", "2"]),
        (5, vec!["1", "2", "3", "4", "5"]),
        (7, vec!["1", "2", "3", "4", "5", "6", "7"]),
        (12, vec!["2", "4", "6", "8", "10", "12"]),
    ] {
        let path = dir.join(format!("p{boards}.svg"));
        sim(&[
            "basic",
            "random",
            "--boards",
            &boards.to_string(),
            "--plot",
            path.to_str().unwrap(),
        ])
        .unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert_eq!(x_ticks(&svg), want, "{boards} boards");
    }
    std::fs::remove_dir_all(&dir).ok();
}
