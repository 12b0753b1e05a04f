//! `euchre winprob`: the kept table, and its flags checked before any measuring.

use std::process::Command;

const EUCHRE: &str = env!("CARGO_BIN_EXE_euchre");

fn winprob(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(EUCHRE).arg("winprob").args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_kept_outcomes_make_a_table() {
    let (ok, out, err) = winprob(&["--target", "5"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("deal outcomes: 4000 deals by pimc-50"), "{out}");
}

/// `--player` and `--seed` choose the self-play of `--deals`; without it they would be ignored
/// (the kept outcomes are pimc-50's), so they are refused.
#[test]
fn player_and_seed_without_deals_are_refused() {
    for args in [&["--player", "basic"][..], &["--seed", "9"][..]] {
        let (ok, out, err) = winprob(args);
        assert!(!ok && out.is_empty(), "{args:?}: {out}");
        assert!(
            err.contains("--player and --seed choose the self-play measured with --deals N"),
            "{err}"
        );
    }
}

/// `--save` writes what `--deals` measures; without it nothing is measured, and it is refused
/// (it wrote the repository's own outcomes without a word), leaving no file.
#[test]
fn save_without_deals_is_refused() {
    let path = std::env::temp_dir().join(format!("euchre-winprob-save-{}.json", std::process::id()));
    let (ok, out, err) = winprob(&["--save", path.to_str().unwrap()]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(
        err.contains("--save writes the outcomes measured with --deals N"),
        "{err}"
    );
    assert!(!path.exists(), "a file was written");
}

/// A path `--save` can't write is named before the deals are measured (a million deals of
/// `pimc-50` would take hours).
#[test]
fn an_unwritable_save_path_is_named_before_measuring() {
    let path = std::env::temp_dir()
        .join("euchre-no-such-folder")
        .join("outcomes.json");
    let (ok, _, err) = winprob(&["--deals", "1000000", "--save", path.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("--save") && err.contains("can't be written"),
        "{err}"
    );
}

/// A count of deals too large to measure is refused by the flag's range, not by running out of
/// memory for its chunks.
#[test]
fn too_many_deals_are_refused() {
    let (ok, out, err) = winprob(&["--deals", "99999999999999"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("--deals") && err.contains("0..=100000000"), "{err}");
}

/// "1 deals" read wrong, and the one thrown-in deal of 4,000 showed as "0:0 0.0%", as if it
/// never happened (analysis tester s52, 12).
#[test]
fn rows_give_their_counts_and_one_deal_is_one_deal() {
    let (ok, out, err) = winprob(&["--target", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("\n  0:0    0.0%  (1 deal, thrown in)\n"), "{out}");
    let (ok, out, err) = winprob(&["--deals", "1", "--target", "2", "--player", "basic"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("deal outcomes: 1 deal by basic"), "{out}");
}

/// The target went up to 100 only, where a game may be played to 1,000 (analysis tester s52,
/// 12); the help says the range.
#[test]
fn a_target_up_to_1000_is_taken() {
    let (ok, _, err) = winprob(&["--target", "1000", "--json"]);
    assert!(ok, "{err}");
    let (ok, _, err) = winprob(&["--target", "1001"]);
    assert!(!ok && err.contains("1..=1000"), "{err}");
    let (_, help, _) = winprob(&["--help"]);
    assert!(help.contains("1 to 1000"), "{help}");
}
