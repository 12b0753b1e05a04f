//! `euchre pool`: the reports of `euchre sim --json` on different seeds pool into one match;
//! reports of different matches, or of the same boards twice, are refused by name.

mod common;

use common::{scratch, sim_report, EUCHRE};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `euchre sim --json` with `args` and saves its report as `name` in `dir`.
fn report(dir: &Path, name: &str, args: &[&str]) -> (PathBuf, Value) {
    let out = sim_report(args).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join(name);
    std::fs::write(&path, &out).unwrap();
    (path, serde_json::from_slice(&out).unwrap())
}

fn pool(args: &[&Path]) -> Result<String, String> {
    let out = Command::new(EUCHRE)
        .arg("pool")
        .args(args)
        .output()
        .expect("run euchre pool");
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

#[test]
fn runs_on_different_seeds_pool_to_their_weighted_means_with_a_narrower_interval() {
    let dir = scratch("pool-pooled");
    let args = |seed: &'static str| ["basic", "random", "--boards", "30", "--games", "--seed", seed];
    let (a, ra) = report(&dir, "a.json", &args("1"));
    let (b, rb) = report(&dir, "b.json", &args("2"));
    let out = Command::new(EUCHRE)
        .args(["pool", "--json"])
        .args([&a, &b])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let p: Value = serde_json::from_slice(&out.stdout).unwrap();

    let (da, db) = (f(&ra["deals"]), f(&rb["deals"]));
    assert_eq!(f(&p["deals"]), da + db);
    assert_eq!(p["games"], 120, "two runs of 30 boards, two games each");
    assert_eq!(p["seeds"], serde_json::json!([1, 2]));
    let d = |r: &Value, k: &str| f(&r["difference_per_deal"][k]);
    let weighted = (da * d(&ra, "mean") + db * d(&rb, "mean")) / (da + db);
    assert!(
        (d(&p, "mean") - weighted).abs() < 1e-9,
        "{} vs {weighted}",
        d(&p, "mean")
    );
    let width = |r: &Value| d(r, "high") - d(r, "low");
    assert!(width(&p) < width(&ra) && width(&p) < width(&rb), "{p}");
    assert!(width(&p) > 0.0);

    let wins = |r: &Value| f(&r["sides"][0]["game_wins"]["mean"]);
    let both = (wins(&ra) + wins(&rb)) / 2.0;
    assert!((wins(&p) - both).abs() < 1e-9, "equal games: the plain mean");
    let second = f(&p["sides"][1]["game_wins"]["mean"]);
    assert!((wins(&p) + second - 1.0).abs() < 1e-9);

    let text = pool(&[&a, &b]).unwrap();
    assert!(
        text.contains("2 runs pooled, north-american: seeds 1, 2; 60 boards"),
        "{text}"
    );
    assert!(text.contains("basic − random:"), "{text}");
    assert!(text.contains("basic's games won:"), "{text}");

    // Each report names the program that measured it, as `--version` does; the pool names
    // the commits, and warns where two programs measured the runs.
    let version = Command::new(EUCHRE).arg("--version").output().unwrap();
    let version = String::from_utf8_lossy(&version.stdout).into_owned();
    let commit = ra["commit"]
        .as_str()
        .unwrap_or_else(|| panic!("no commit in {ra}"));
    assert!(
        !commit.is_empty() && version.contains(&format!("(commit {commit})")),
        "{version}"
    );
    assert_eq!(p["commits"], serde_json::json!([commit]));
    // A build of a changed tree (or outside git) is said to be one, without a warning it cannot
    // give: the runs of it may be any program.
    let said = if commit == "unknown" || commit.ends_with("-modified") {
        format!("measured by {commit}: a build outside git or of a changed tree")
    } else {
        format!("measured by commit {commit}\n")
    };
    assert!(text.contains(&said), "{text}");
    let other = dir.join("other.json");
    let edited = std::fs::read_to_string(&b)
        .unwrap()
        .replace(commit, "0123456789ab");
    std::fs::write(&other, edited).unwrap();
    let text = pool(&[&a, &other]).unwrap();
    assert!(
        text.contains(&format!(
            "measured by commits {commit}, 0123456789ab: not one program"
        )),
        "{text}"
    );
}

#[test]
fn reports_of_other_matches_or_the_same_boards_are_refused_by_name() {
    let dir = scratch("pool-refused");
    let base = ["basic", "random", "--boards", "10", "--seed"];
    let run = |name: &str, seed: &str, more: &[&str]| {
        let mut args = base.to_vec();
        args.push(seed);
        args.extend_from_slice(more);
        report(&dir, name, &args).0
    };
    let a = run("a.json", "1", &[]);
    let not_json = dir.join("notes.txt");
    std::fs::write(&not_json, "expert won, I think").unwrap();
    let mut players = base.to_vec();
    players.swap(0, 1);
    players.push("2");

    let cases: [(PathBuf, &[&str]); 7] = [
        (
            run("same.json", "1", &[]),
            &["same.json", "a.json", "both seed 1"],
        ),
        (
            report(&dir, "players.json", &players).0,
            &["players.json", "players random against basic"],
        ),
        (
            run("games.json", "3", &["--games"]),
            &["games.json", "mode whole games"],
        ),
        (
            run("rules.json", "4", &["--set", "stick_the_dealer=true"]),
            &[
                "rules.json has rules `north-american` with stick_the_dealer=true,",
                "a.json has `north-american`: only runs",
            ],
        ),
        (
            run("time.json", "5", &["--time-ms", "40"]),
            &["time.json", "the time limit 40 ms", "has none"],
        ),
        (not_json, &["notes.txt: not the report of `euchre sim --json`"]),
        (dir.join("missing.json"), &["missing.json"]),
    ];
    for (other, words) in &cases {
        let err = pool(&[&a, other]).expect_err("refused");
        for w in *words {
            assert!(err.contains(w), "{other:?}: `{w}` not in {err}");
        }
    }
}

/// A report edited to 0 boards and 0 deals was pooled beside another as nothing, its figures
/// dropped without a word, and alone as "+0.000 ± inf" (analysis tester s52, 5).
#[test]
fn a_report_of_no_boards_is_refused() {
    let dir = scratch("pool-zero");
    let (_, mut v) = report(
        &dir,
        "a.json",
        &["basic", "random", "--boards", "10", "--seed", "12"],
    );
    v["boards"] = 0.into();
    v["deals"] = 0.into();
    let zero = dir.join("zero.json");
    std::fs::write(&zero, v.to_string()).unwrap();
    let (other, _) = report(
        &dir,
        "b.json",
        &["basic", "random", "--boards", "10", "--seed", "11"],
    );
    for args in [&[other.as_path(), zero.as_path()][..], &[zero.as_path()]] {
        let err = pool(args).expect_err("refused");
        assert!(
            err.contains(&format!(
                "{}: its 0 boards are too few to pool (a match gives an interval from 10 boards on)",
                zero.display()
            )),
            "{err}"
        );
    }
}

/// A pooled report dropped the runs' time limit, so a pool of 5 ms runs read as one of
/// unlimited runs, and the sides' counts, which add up (research tester s54, 3).
#[test]
fn the_time_limit_is_kept_and_the_sides_counts_are_summed() {
    let dir = scratch("pool-counts");
    let (a, ra) = report(
        &dir,
        "a.json",
        &["pimc-5", "basic", "--boards", "10", "--time-ms", "50"],
    );
    let (b, rb) = report(
        &dir,
        "b.json",
        &[
            "pimc-5",
            "basic",
            "--boards",
            "10",
            "--seed",
            "2",
            "--time-ms",
            "50",
        ],
    );
    let out = Command::new(EUCHRE)
        .args(["pool", "--json"])
        .args([&a, &b])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let p: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(p["time_ms"], 50, "{p}");
    for side in 0..2 {
        for count in ["made", "euchred", "marched", "alone", "alone_made"] {
            let sum = ra["sides"][side][count].as_u64().unwrap() + rb["sides"][side][count].as_u64().unwrap();
            assert_eq!(p["sides"][side][count], sum, "{side} {count}: {p}");
        }
        for d in ["decision_bidding", "decision_play"] {
            let sum = ra["sides"][side][d]["decisions"].as_u64().unwrap()
                + rb["sides"][side][d]["decisions"].as_u64().unwrap();
            assert_eq!(p["sides"][side][d]["decisions"], sum, "{side} {d}: {p}");
        }
    }
    let text = pool(&[&a, &b]).unwrap();
    let title = text.lines().next().unwrap();
    assert!(title.contains("time-limited to 50 ms a decision"), "{title}");
    assert!(text.contains("made trump, of deals"), "{text}");
    // A report without the counts (written by an older version) still pools, without them.
    let mut old = ra.clone();
    for side in 0..2 {
        let s = old["sides"][side].as_object_mut().unwrap();
        for count in [
            "made",
            "euchred",
            "marched",
            "alone",
            "alone_made",
            "decision_bidding",
            "decision_play",
        ] {
            s.remove(count);
        }
    }
    let old_path = dir.join("old.json");
    std::fs::write(&old_path, old.to_string()).unwrap();
    let text = pool(&[&old_path, &b]).unwrap();
    assert!(!text.contains("made trump"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
