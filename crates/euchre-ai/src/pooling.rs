//! Several duplicate matches between the same two players, on different seeds, pooled as one
//! match from their reports (`euchre sim --json`): a figure too small to show in one run's
//! boards can be shown in several runs' without playing any of them again.
//!
//! Each run's boards are independent of every other's (different seeds deal different cards),
//! so each pooled mean is the runs' means weighted by their deals (games, for the games won),
//! and its standard error is the square root of the weighted runs' squared errors: the
//! interval is what one run of all the boards would have given, up to the delta method's
//! per-run denominators.
//!
//! Text in: the caller reads the files and names them.

use crate::board_file::canonical_set;
use crate::duplicate::{Estimate, MIN_BOARDS};
use serde::Deserialize;

/// A mean with its 95% interval, as a report gives it. A bound a report could not give (too
/// few boards: `null` in JSON) is read as NaN, refused by [`Report::parse`] in words.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub struct Interval {
    #[serde(deserialize_with = "number_or_nan")]
    pub mean: f64,
    #[serde(deserialize_with = "number_or_nan")]
    pub low: f64,
    #[serde(deserialize_with = "number_or_nan")]
    pub high: f64,
}

fn number_or_nan<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

impl Interval {
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// A decision time's figures in a report: only the count pools (medians and percentiles of
/// runs do not add up to the pooled runs').
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub struct Decisions {
    pub decisions: u64,
}

/// One side of a report.
#[derive(Clone, Debug, Deserialize)]
pub struct Side {
    pub player: String,
    pub points_per_deal: Interval,
    pub game_wins: Option<Interval>,
    /// The side's counts, absent from reports written by hand or by a version that kept none.
    #[serde(default)]
    pub made: Option<u64>,
    #[serde(default)]
    pub euchred: Option<u64>,
    #[serde(default)]
    pub marched: Option<u64>,
    #[serde(default)]
    pub alone: Option<u64>,
    #[serde(default)]
    pub alone_made: Option<u64>,
    #[serde(default)]
    pub decision_bidding: Option<Decisions>,
    #[serde(default)]
    pub decision_play: Option<Decisions>,
}

/// One side's counts over the runs: how often it made trump, and of those, was euchred,
/// marched, went alone and made it; its decisions with a choice, in the bidding and the play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideCounts {
    pub made: u64,
    pub euchred: u64,
    pub marched: u64,
    pub alone: u64,
    pub alone_made: u64,
    pub bidding_decisions: u64,
    pub play_decisions: u64,
}

impl SideCounts {
    /// The counts as `(name, value)`, in the report's order and with its names.
    pub fn named(&self) -> [(&'static str, u64); 7] {
        [
            ("made", self.made),
            ("euchred", self.euchred),
            ("marched", self.marched),
            ("alone", self.alone),
            ("alone_made", self.alone_made),
            ("bidding_decisions", self.bidding_decisions),
            ("play_decisions", self.play_decisions),
        ]
    }
}

impl Side {
    /// Every count the side gives, or none where any is missing.
    fn counts(&self) -> Option<SideCounts> {
        Some(SideCounts {
            made: self.made?,
            euchred: self.euchred?,
            marched: self.marched?,
            alone: self.alone?,
            alone_made: self.alone_made?,
            bidding_decisions: self.decision_bidding?.decisions,
            play_decisions: self.decision_play?.decisions,
        })
    }
}

/// The fields of a `euchre sim --json` report that pooling reads.
#[derive(Clone, Debug, Deserialize)]
pub struct Report {
    pub rules: String,
    /// Absent from reports written before the field was added: no overrides then.
    #[serde(default)]
    pub set: Vec<String>,
    #[serde(default)]
    pub time_ms: Option<u64>,
    /// The commit of the program that measured it (`euchre --version`); absent from reports
    /// written before it was kept.
    #[serde(default)]
    pub commit: Option<String>,
    pub seed: u64,
    pub whole_games: bool,
    pub boards: u64,
    pub deals: u64,
    pub games: u64,
    /// Of the games, those cut off unfinished (absent where none was, and from reports
    /// written before games were cut off rather than the match refused).
    #[serde(default)]
    pub games_cut_off: u64,
    pub difference_per_deal: Interval,
    pub sides: [Side; 2],
}

/// Where a report holds a JSON object (a JSON pointer), and what that part is called.
const OBJECTS: [(&str, &str); 8] = [
    ("", "a report"),
    ("/difference_per_deal", "its difference_per_deal"),
    ("/sides/0", "its first side"),
    ("/sides/1", "its second side"),
    ("/sides/0/points_per_deal", "its first side's points_per_deal"),
    ("/sides/1/points_per_deal", "its second side's points_per_deal"),
    ("/sides/0/game_wins", "its first side's game_wins"),
    ("/sides/1/game_wins", "its second side's game_wins"),
];

/// What kind of JSON value `v` is, for a message.
fn kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "true or false",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// Runs' `(weight, interval)` pooled: the weighted mean, and the weighted errors added in
/// quadrature (the runs are independent).
fn pooled(parts: &[(f64, Interval)]) -> Estimate {
    // A run of no weight (no game finished) adds nothing, and its interval may be none.
    let parts: Vec<(f64, Interval)> = parts.iter().copied().filter(|(w, _)| *w > 0.0).collect();
    let parts = &parts[..];
    let total: f64 = parts.iter().map(|(w, _)| w).sum();
    if total == 0.0 {
        return Estimate {
            mean: 0.0,
            half_width: f64::INFINITY,
        };
    }
    let mean = parts.iter().map(|(w, i)| w * i.mean).sum::<f64>() / total;
    let squares: f64 = parts.iter().map(|(w, i)| (w * i.half_width()).powi(2)).sum();
    Estimate {
        mean,
        half_width: squares.sqrt() / total,
    }
}

/// The runs pooled.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    pub rules: String,
    pub set: Vec<String>,
    pub whole_games: bool,
    pub players: [String; 2],
    pub seeds: Vec<u64>,
    /// The time limit per decision in milliseconds that every run had, or none.
    pub time_ms: Option<u64>,
    /// The commits of the programs that measured the runs, each once, in the order of the
    /// runs (`None` for a report that kept none). Runs of different programs pool: a change
    /// that did not touch the players changes no result, and only the person pooling knows.
    pub commits: Vec<Option<String>>,
    pub boards: u64,
    pub deals: u64,
    pub games: u64,
    /// Of the games, those cut off unfinished (won by neither side).
    pub games_cut_off: u64,
    pub difference: Estimate,
    pub points_per_deal: [Estimate; 2],
    /// Each side's counts summed over the runs, where every report gives them.
    pub counts: Option<[SideCounts; 2]>,
    /// The first side's share of all points (none where a side's came to less than nothing).
    pub share: Option<f64>,
    /// The first side's share of the games (the second's is the rest).
    pub game_wins: Option<Estimate>,
}

impl Report {
    /// Reads a report of `euchre sim --json`.
    ///
    /// # Errors
    /// The text is not such a report, an interval it gives is not finite (too few boards to
    /// pool), or a mean is not finite or lies outside its interval (not as `euchre sim` writes).
    pub fn parse(text: &str) -> Result<Report, String> {
        let not_a_report = |e: &dyn std::fmt::Display| format!("not the report of `euchre sim --json`: {e}");
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| not_a_report(&e))?;
        // serde's derived readers also take an array of the fields in order, and refuse anything
        // else naming their own structs ("expected struct Report"): each part that is an object
        // is checked to be one first.
        for (at, part) in OBJECTS {
            match value.pointer(at) {
                None | Some(serde_json::Value::Object(_)) => {}
                Some(serde_json::Value::Null) if at.ends_with("game_wins") => {}
                Some(other) => {
                    return Err(not_a_report(&format!(
                        "{part} is a JSON object of named fields, not {}",
                        kind(other)
                    )))
                }
            }
        }
        let mut report = Report::deserialize(value).map_err(|e| not_a_report(&e))?;
        // Each side as the player it is, however the report names it: reports written before
        // `sim` named players so give a level (`easy` for `basic`), and pool with today's.
        // A name no player has stays as written.
        for side in &mut report.sides {
            if let Ok(name) = crate::canonical_name(&side.player) {
                side.player = name;
            }
        }
        // `euchre sim` gives no interval from so few boards; a report of none (edited to 0
        // boards) was pooled as nothing, its figures kept, or alone as "+0.000 ± inf".
        if report.boards < MIN_BOARDS as u64 {
            return Err(format!(
                "its {} too few to pool (a match gives an interval from {MIN_BOARDS} boards on)",
                match report.boards {
                    1 => "1 board is".to_string(),
                    n => format!("{n} boards are"),
                }
            ));
        }
        let intervals = [
            ("difference_per_deal", Some(report.difference_per_deal)),
            (
                "first side's points per deal",
                Some(report.sides[0].points_per_deal),
            ),
            (
                "second side's points per deal",
                Some(report.sides[1].points_per_deal),
            ),
            // Where no game finished (all cut off) the share has no interval, and no weight
            // in the pool.
            (
                "game_wins",
                report.sides[0]
                    .game_wins
                    .filter(|_| !report.whole_games || report.games_cut_off < report.games),
            ),
        ];
        for (what, i) in intervals {
            let Some(i) = i else { continue };
            if !i.mean.is_finite() {
                return Err(format!("its {what} has no finite mean ({})", i.mean));
            }
            if !(i.low.is_finite() && i.high.is_finite()) {
                return Err(format!(
                    "its {what} has no finite interval (too few boards to pool)"
                ));
            }
            if !(i.low <= i.mean && i.mean <= i.high) {
                return Err(format!(
                    "its {what} has its mean {} outside its interval [{}, {}]: not a report as \
                     `euchre sim --json` writes it",
                    i.mean, i.low, i.high
                ));
            }
        }
        if report.whole_games && report.sides[0].game_wins.is_none() {
            return Err("a match of whole games without `game_wins`".into());
        }
        check_counts(&report)?;
        check_side_counts(&report)?;
        Ok(report)
    }

    fn players(&self) -> [String; 2] {
        [self.sides[0].player.clone(), self.sides[1].player.clone()]
    }
}

/// A board is played twice, the cards swapped: in deals, two deals a board; in whole games,
/// two games a board, each of one deal or more. Counts that do not fit were not written by
/// `euchre sim` (an edited report pooled as "10000000000000000020 games").
fn check_counts(r: &Report) -> Result<(), String> {
    let plays = r.boards.checked_mul(2);
    let fits = if r.whole_games {
        plays == Some(r.games) && r.deals >= r.games && r.games_cut_off <= r.games
    } else {
        plays == Some(r.deals) && r.games == 0
    };
    if fits {
        return Ok(());
    }
    let (kind, expected) = if r.whole_games {
        ("whole games", "two games a board, each of one deal or more")
    } else {
        ("single deals", "two deals a board and no games")
    };
    Err(format!(
        "its counts do not add up for a match of {kind} ({expected}): {} boards, {} games{}, {} deals",
        r.boards,
        r.games,
        if r.games_cut_off > 0 {
            format!(" ({} cut off)", r.games_cut_off)
        } else {
            String::new()
        },
        r.deals
    ))
}

/// A side's counts as `euchre sim` writes them: at most one maker a deal, and each subset no
/// larger than what it is a subset of.
fn check_side_counts(r: &Report) -> Result<(), String> {
    let counts = [r.sides[0].counts(), r.sides[1].counts()];
    let made: u64 = counts
        .iter()
        .flatten()
        .map(|c| c.made)
        .fold(0, u64::saturating_add);
    if made > r.deals {
        return Err(format!(
            "its sides made trump {made} times in {} deals: a deal has one maker at most",
            r.deals
        ));
    }
    for (which, c) in ["first", "second"].iter().zip(counts) {
        let Some(c) = c else { continue };
        for (part, of, whole, whole_name) in [
            ("euchred", c.euchred, c.made, "made"),
            ("marched", c.marched, c.made, "made"),
            ("alone", c.alone, c.made, "made"),
            ("alone_made", c.alone_made, c.alone, "alone"),
        ] {
            if of > whole {
                return Err(format!(
                    "its {which} side's {part} ({of}) is more than its {whole_name} ({whole})"
                ));
            }
        }
    }
    Ok(())
}

/// The sum of one count over the reports.
fn total<N>(reports: &[(N, Report)], what: &str, count: impl Fn(&Report) -> u64) -> Result<u64, String> {
    reports
        .iter()
        .try_fold(0u64, |sum, (_, r)| sum.checked_add(count(r)))
        .ok_or_else(|| format!("the reports' {what} add up past the largest count"))
}

/// Pools the reports, each with the name it is known by (its file), refusing any that are not
/// the same match on other boards.
///
/// # Errors
/// No reports, reports of different players, rules, overrides, time limits or modes, two
/// reports of the same seed (the same boards counted twice), or counts too large to add up;
/// each error names the reports.
pub fn pool<N: AsRef<str>>(reports: &[(N, Report)]) -> Result<Pool, String> {
    let Some((first_name, first)) = reports.first() else {
        return Err("no reports to pool".into());
    };
    for (name, r) in &reports[1..] {
        let differ = |what: &str, theirs: String, mine: String| {
            format!(
                "{} has {what} {theirs}, {} has {mine}: only runs of the same match pool",
                name.as_ref(),
                first_name.as_ref()
            )
        };
        if r.players() != first.players() {
            return Err(differ(
                "players",
                r.players().join(" against "),
                first.players().join(" against "),
            ));
        }
        // The same rules however their settings were spelled (reports of older versions kept
        // them as typed).
        let set = |r: &Report| canonical_set(&r.rules, &r.set).unwrap_or_else(|_| r.set.clone());
        if r.rules != first.rules || set(r) != set(first) {
            let rules = |r: &Report| {
                if r.set.is_empty() {
                    format!("`{}`", r.rules)
                } else {
                    format!("`{}` with {}", r.rules, r.set.join(","))
                }
            };
            return Err(differ("rules", rules(r), rules(first)));
        }
        if r.time_ms != first.time_ms {
            let limit = |r: &Report| r.time_ms.map_or("none".into(), |t| format!("{t} ms"));
            return Err(differ("the time limit", limit(r), limit(first)));
        }
        if r.whole_games != first.whole_games {
            let mode = |r: &Report| {
                if r.whole_games {
                    "whole games"
                } else {
                    "single deals"
                }
            };
            return Err(differ("mode", mode(r).into(), mode(first).into()));
        }
    }
    for (i, (name, r)) in reports.iter().enumerate() {
        if let Some((other, _)) = reports[..i].iter().find(|(_, o)| o.seed == r.seed) {
            return Err(format!(
                "{} and {} are both seed {}: the same boards would count twice",
                other.as_ref(),
                name.as_ref(),
                r.seed
            ));
        }
    }
    let by_deals = |f: &dyn Fn(&Report) -> Interval| {
        let parts: Vec<(f64, Interval)> = reports.iter().map(|(_, r)| (r.deals as f64, f(r))).collect();
        pooled(&parts)
    };
    let points_per_deal = [
        by_deals(&|r| r.sides[0].points_per_deal),
        by_deals(&|r| r.sides[1].points_per_deal),
    ];
    // A game cut off has no winner: the shares are of the games finished.
    let game_wins = first.whole_games.then(|| {
        let parts: Vec<(f64, Interval)> = reports
            .iter()
            .filter_map(|(_, r)| Some(((r.games - r.games_cut_off) as f64, r.sides[0].game_wins?)))
            .collect();
        pooled(&parts)
    });
    let counts = [0, 1].map(|i| {
        reports.iter().try_fold(SideCounts::default(), |sum, (_, r)| {
            let c = r.sides[i].counts()?;
            Some(SideCounts {
                made: sum.made.checked_add(c.made)?,
                euchred: sum.euchred.checked_add(c.euchred)?,
                marched: sum.marched.checked_add(c.marched)?,
                alone: sum.alone.checked_add(c.alone)?,
                alone_made: sum.alone_made.checked_add(c.alone_made)?,
                bidding_decisions: sum.bidding_decisions.checked_add(c.bidding_decisions)?,
                play_decisions: sum.play_decisions.checked_add(c.play_decisions)?,
            })
        })
    });
    Ok(Pool {
        rules: first.rules.clone(),
        set: first.set.clone(),
        whole_games: first.whole_games,
        players: first.players(),
        seeds: reports.iter().map(|(_, r)| r.seed).collect(),
        time_ms: first.time_ms,
        commits: reports.iter().fold(Vec::new(), |mut seen, (_, r)| {
            if !seen.contains(&r.commit) {
                seen.push(r.commit.clone());
            }
            seen
        }),
        boards: total(reports, "boards", |r| r.boards)?,
        deals: total(reports, "deals", |r| r.deals)?,
        games: total(reports, "games", |r| r.games)?,
        games_cut_off: total(reports, "games cut off", |r| r.games_cut_off)?,
        difference: by_deals(&|r| r.difference_per_deal),
        points_per_deal,
        counts: match counts {
            [Some(a), Some(b)] => Some([a, b]),
            _ => None,
        },
        share: crate::duplicate::share_of_points(points_per_deal[0].mean, points_per_deal[1].mean),
        game_wins,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interval(mean: f64, half: f64) -> Interval {
        Interval {
            mean,
            low: mean - half,
            high: mean + half,
        }
    }

    #[test]
    fn equal_runs_pool_to_their_mean_with_the_interval_narrowed_by_root_n() {
        let p = pooled(&[(100.0, interval(0.1, 0.2)); 4]);
        assert!((p.mean - 0.1).abs() < 1e-12);
        assert!((p.half_width - 0.1).abs() < 1e-12, "{}", p.half_width);
    }

    /// The text of a report of whole games at `seed`: `boards` boards, `games` games and
    /// `deals` deals.
    fn report_text(seed: u64, boards: u64, games: u64, deals: u64) -> String {
        let i = r#"{"mean": 0.1, "low": 0.0, "high": 0.2}"#;
        let side = |p: &str| format!(r#"{{"player": "{p}", "points_per_deal": {i}, "game_wins": {i}}}"#);
        format!(
            r#"{{"rules": "north-american", "seed": {seed}, "whole_games": true, "boards": {boards},
                "deals": {deals}, "games": {games}, "difference_per_deal": {i},
                "sides": [{}, {}]}}"#,
            side("expert"),
            side("expert-points")
        )
    }

    /// A report of whole games at `seed`, of `boards` boards (two games each, of ten deals).
    fn report(seed: u64, boards: u64) -> Report {
        Report::parse(&report_text(seed, boards, 2 * boards, 20 * boards)).unwrap()
    }

    #[test]
    fn counts_add_up_and_counts_too_large_to_add_are_refused() {
        let p = pool(&[("a", report(1, 10)), ("b", report(2, 30))]).unwrap();
        assert_eq!((p.boards, p.deals, p.games, p.seeds), (40, 800, 80, vec![1, 2]));
        let huge = u64::MAX / 2;
        let big = |seed| Report::parse(&report_text(seed, huge, 2 * huge, 2 * huge)).unwrap();
        let e = pool(&[("a", big(1)), ("b", big(2)), ("c", report(3, 10))]).unwrap_err();
        assert!(e.contains("add up past the largest count"), "{e}");
    }

    #[test]
    fn the_programs_that_measured_the_runs_are_named_once_each() {
        let by = |seed, commit: Option<&str>| Report {
            commit: commit.map(str::to_string),
            ..report(seed, 10)
        };
        let p = pool(&[
            ("a", by(1, Some("abc"))),
            ("b", by(2, None)),
            ("c", by(3, Some("abc"))),
            ("d", by(4, Some("def"))),
        ])
        .unwrap();
        assert_eq!(
            p.commits,
            [Some("abc".to_string()), None, Some("def".to_string())]
        );
        let text = report_text(5, 10, 20, 200).replacen('{', r#"{"commit": "0123456789ab", "#, 1);
        assert_eq!(
            Report::parse(&text).unwrap().commit.as_deref(),
            Some("0123456789ab")
        );
    }

    #[test]
    fn runs_pool_when_their_settings_make_the_same_rules() {
        let with = |seed, set: &[&str]| Report {
            set: set.iter().map(|s| s.to_string()).collect(),
            ..report(seed, 10)
        };
        let a = with(1, &["stick_the_dealer=true", "farmers=true"]);
        pool(&[("a", a.clone()), ("b", with(2, &["farmers=true", "std=true"]))]).unwrap();
        let e = pool(&[("a", a), ("b", with(2, &["farmers=true"]))]).unwrap_err();
        assert!(e.contains("rules `north-american` with farmers=true"), "{e}");
    }

    /// Counts `euchre sim` cannot have written are refused by name: two games a board in whole
    /// games (each of a deal or more), two deals a board and no games deal by deal (an edited
    /// report was pooled as "10000000000000000020 games").
    #[test]
    fn counts_that_do_not_add_up_are_refused() {
        for (games, deals) in [(10_000_000_000_000_000_000, 40), (20, 0), (19, 40), (20, 19)] {
            let e = Report::parse(&report_text(1, 10, games, deals)).unwrap_err();
            assert!(
                e.contains("its counts do not add up for a match of whole games (two games a board"),
                "{games} {deals}: {e}"
            );
        }
        Report::parse(&report_text(1, 10, 20, 20)).expect("one deal a game");
        let single = report_text(1, 10, 0, 20).replace(r#""whole_games": true"#, r#""whole_games": false"#);
        Report::parse(&single).expect("two deals a board");
        for bad in [
            single.replace(r#""deals": 20"#, r#""deals": 21"#),
            single.replace(r#""games": 0"#, r#""games": 2"#),
        ] {
            let e = Report::parse(&bad).unwrap_err();
            assert!(
                e.contains("for a match of single deals (two deals a board and no games)"),
                "{e}"
            );
        }
        let e = Report::parse(&report_text(1, u64::MAX, 2, 4)).unwrap_err();
        assert!(e.contains("do not add up"), "{e}");
    }

    #[test]
    fn a_report_without_finite_intervals_is_refused() {
        let text = r#"{"rules": "r", "seed": 1, "whole_games": false, "boards": 10, "deals": 20,
            "games": 0, "difference_per_deal": {"mean": 0.5, "low": null, "high": 1.0},
            "sides": [{"player": "a", "points_per_deal": {"mean": 0, "low": 0, "high": 0}},
                      {"player": "b", "points_per_deal": {"mean": 0, "low": 0, "high": 0}}]}"#;
        let e = Report::parse(text).unwrap_err();
        assert!(
            e.contains("difference_per_deal has no finite interval (too few boards"),
            "{e}"
        );
        let e = Report::parse(&text.replace("null", "2.0")).unwrap_err();
        assert!(
            e.contains("difference_per_deal has its mean 0.5 outside its interval [2, 1]"),
            "{e}"
        );
        let e = Report::parse(
            &text
                .replace("\"low\": null", "\"low\": 0.0")
                .replace("0.5", "1e999"),
        )
        .unwrap_err();
        assert!(e.contains("not the report"), "a number JSON cannot hold: {e}");
        let e = Report::parse(&text.replace("\"mean\": 0.5, \"low\": null", "\"mean\": null, \"low\": 0.0"))
            .unwrap_err();
        assert!(e.contains("difference_per_deal has no finite mean"), "{e}");
        let e = Report::parse(
            &text
                .replace("\"low\": null", "\"low\": 0.0")
                .replace("0.5", "1e308"),
        )
        .unwrap_err();
        assert!(e.contains("outside its interval"), "{e}");
        Report::parse(&text.replace("\"low\": null", "\"low\": 0.0")).expect("a whole report");
    }

    /// A report and its parts that are objects are read only from objects: the same values as
    /// an array, in the order of the fields, were read (and `[]` was refused as "invalid length
    /// 0, expected struct Report with 10 elements").
    #[test]
    fn a_report_written_as_arrays_is_refused() {
        let i = "[0.1, 0.0, 0.2]";
        let side = |p: &str| format!(r#"["{p}", {i}, {i}]"#);
        let array = format!(
            r#"["north-american", [], null, 1, true, 10, 20, 2, {i}, [{}, {}]]"#,
            side("a"),
            side("b")
        );
        for (text, message) in [
            (
                array.as_str(),
                "a report is a JSON object of named fields, not an array",
            ),
            ("[]", "a report is a JSON object of named fields, not an array"),
            ("5", "a report is a JSON object of named fields, not a number"),
        ] {
            assert_eq!(
                Report::parse(text).unwrap_err(),
                format!("not the report of `euchre sim --json`: {message}")
            );
        }
        let good = r#"{"rules": "r", "seed": 1, "whole_games": false, "boards": 10, "deals": 20,
            "games": 0, "difference_per_deal": {"mean": 0.5, "low": 0, "high": 1.0},
            "sides": [{"player": "a", "points_per_deal": {"mean": 0, "low": 0, "high": 0}, "game_wins": null},
                      {"player": "b", "points_per_deal": {"mean": 0, "low": 0, "high": 0}}]}"#;
        Report::parse(good).expect("a report of objects");
        for (from, to, message) in [
            (
                r#"{"mean": 0.5, "low": 0, "high": 1.0}"#,
                "[0.5, 0, 1.0]",
                "its difference_per_deal is a JSON object of named fields, not an array",
            ),
            (
                r#"{"player": "b", "points_per_deal": {"mean": 0, "low": 0, "high": 0}}"#,
                r#"["b", [0, 0, 0]]"#,
                "its second side is a JSON object of named fields, not an array",
            ),
            (
                r#""game_wins": null"#,
                r#""game_wins": [0, 0, 0]"#,
                "its first side's game_wins is a JSON object of named fields, not an array",
            ),
        ] {
            assert_eq!(
                Report::parse(&good.replace(from, to)).unwrap_err(),
                format!("not the report of `euchre sim --json`: {message}")
            );
        }
    }

    /// A report edited to 0 boards and 0 deals was pooled as nothing beside another (its
    /// figures dropped without a word) and alone as "+0.000 ± inf" (analysis tester s52, 5).
    #[test]
    fn a_report_of_too_few_boards_is_refused() {
        for (boards, said) in [
            (0, "its 0 boards are"),
            (1, "its 1 board is"),
            (9, "its 9 boards are"),
        ] {
            let e = Report::parse(&report_text(1, boards, 2 * boards, 20 * boards)).unwrap_err();
            assert_eq!(
                e,
                format!("{said} too few to pool (a match gives an interval from 10 boards on)")
            );
        }
        report(1, 10);
    }

    /// A report of whole games at `seed` (10 boards, 20 games, 200 deals) with the time limit
    /// `time_ms`, each side's counts `counts` (made, euchred, marched, alone, alone_made,
    /// bidding and play decisions) and `cut_off` games cut off.
    fn report_with_counts(seed: u64, time_ms: Option<u64>, counts: [[u64; 7]; 2], cut_off: u64) -> Report {
        let mut v: serde_json::Value = serde_json::from_str(&report_text(seed, 10, 20, 200)).unwrap();
        v["time_ms"] = serde_json::json!(time_ms);
        v["games_cut_off"] = serde_json::json!(cut_off);
        for (side, c) in counts.iter().enumerate() {
            let s = &mut v["sides"][side];
            for (name, n) in ["made", "euchred", "marched", "alone", "alone_made"]
                .iter()
                .zip(c)
            {
                s[*name] = serde_json::json!(n);
            }
            s["decision_bidding"] = serde_json::json!({"decisions": c[5], "median_ms": 1.0, "p99_ms": 2.0});
            s["decision_play"] = serde_json::json!({"decisions": c[6], "median_ms": 1.0, "p99_ms": 2.0});
        }
        Report::parse(&v.to_string()).unwrap()
    }

    /// The pooled report dropped the time limit, so a pooled report of 50 ms runs could not be
    /// told from one of unlimited runs, and the sides' counts, which add up across runs
    /// (research tester s54, 3).
    #[test]
    fn the_time_limit_is_kept_and_the_sides_counts_are_summed() {
        let a = report_with_counts(
            1,
            Some(5),
            [[90, 20, 10, 8, 6, 300, 900], [80, 15, 9, 5, 4, 280, 880]],
            0,
        );
        let b = report_with_counts(
            2,
            Some(5),
            [[70, 10, 5, 4, 3, 250, 850], [60, 12, 8, 6, 5, 260, 860]],
            1,
        );
        let p = pool(&[("a", a.clone()), ("b", b)]).unwrap();
        assert_eq!(p.time_ms, Some(5));
        assert_eq!(p.games_cut_off, 1);
        let counts = p.counts.expect("every report gives its counts");
        assert_eq!(
            counts[0],
            SideCounts {
                made: 160,
                euchred: 30,
                marched: 15,
                alone: 12,
                alone_made: 9,
                bidding_decisions: 550,
                play_decisions: 1750
            }
        );
        assert_eq!(counts[1].made, 140);
        assert_eq!(counts[1].play_decisions, 1740);
        // A report without counts (older, or written by hand) still pools, without them.
        let without = Report {
            time_ms: Some(5),
            ..report(3, 10)
        };
        let p = pool(&[("a", a), ("c", without)]).unwrap();
        assert_eq!((p.counts, p.time_ms), (None, Some(5)));
        assert_eq!(pool(&[("c", report(3, 10))]).unwrap().time_ms, None);
    }

    #[test]
    fn counts_a_run_cannot_have_made_are_refused() {
        let text = |made: u64, euchred: u64| {
            let mut v: serde_json::Value = serde_json::from_str(&report_text(1, 10, 20, 200)).unwrap();
            v["sides"][0]["made"] = serde_json::json!(made);
            v["sides"][0]["euchred"] = serde_json::json!(euchred);
            v.to_string()
        };
        // Partial counts are read as none.
        Report::parse(&text(150, 20)).unwrap();
        let full = |made: u64, euchred: u64| {
            let mut v: serde_json::Value = serde_json::from_str(&text(made, euchred)).unwrap();
            let s = &mut v["sides"][0];
            for k in ["marched", "alone", "alone_made"] {
                s[k] = serde_json::json!(0);
            }
            s["decision_bidding"] = serde_json::json!({"decisions": 1});
            s["decision_play"] = serde_json::json!({"decisions": 1});
            v.to_string()
        };
        Report::parse(&full(150, 20)).unwrap();
        let e = Report::parse(&full(201, 20)).unwrap_err();
        assert!(e.contains("made trump 201 times in 200 deals"), "{e}");
        let e = Report::parse(&full(10, 20)).unwrap_err();
        assert_eq!(e, "its first side's euchred (20) is more than its made (10)");
    }

    /// A report written before `sim` named players as the players they are names a level
    /// (`easy`, `medium`, `hard`, `default`), and was refused beside today's report of the same
    /// match as "players differ" (review s54, 4).
    #[test]
    fn a_report_naming_a_level_pools_with_one_naming_its_player() {
        let named = |seed: u64, first: &str, second: &str| {
            let mut v: serde_json::Value = serde_json::from_str(&report_text(seed, 10, 20, 200)).unwrap();
            v["sides"][0]["player"] = serde_json::json!(first);
            v["sides"][1]["player"] = serde_json::json!(second);
            Report::parse(&v.to_string()).unwrap()
        };
        // The older report's names, and today's; the last pair each half of a split alike.
        for (old, new) in [
            (["easy", "random"], ["basic", "random"]),
            (["hard", "medium"], ["expert", "pimc-10"]),
            (["default", "PIMC-5"], ["expert", "pimc-5"]),
            (["easy/hard", "random"], ["basic/expert", "random"]),
        ] {
            let p = pool(&[
                ("old", named(1, old[0], old[1])),
                ("new", named(2, new[0], new[1])),
            ])
            .unwrap();
            assert_eq!(p.players, new, "{old:?}");
        }
        // A name no player has stays as written, and still differs from another.
        let e = pool(&[
            ("old", named(1, "nobody", "random")),
            ("new", named(2, "basic", "random")),
        ])
        .unwrap_err();
        assert!(e.contains("has nobody against random"), "{e}");
        // A level is not another player.
        let e = pool(&[
            ("old", named(1, "medium", "random")),
            ("new", named(2, "basic", "random")),
        ])
        .unwrap_err();
        assert!(e.contains("has pimc-10 against random"), "{e}");
    }

    /// Where every game of a run was cut off its share of the games has no interval (`null`
    /// bounds): the run still pools, and weighs nothing in the games won (review s54, 2).
    #[test]
    fn a_run_with_no_game_finished_pools_weighing_nothing_in_the_games_won() {
        let mut v: serde_json::Value = serde_json::from_str(&report_text(1, 10, 20, 40_000)).unwrap();
        v["games_cut_off"] = serde_json::json!(20);
        for side in 0..2 {
            v["sides"][side]["game_wins"] = serde_json::json!({"mean": 0.0, "low": null, "high": null});
        }
        let none = Report::parse(&v.to_string()).unwrap();
        let p = pool(&[("none", none.clone()), ("some", report(2, 10))]).unwrap();
        let g = p.game_wins.unwrap();
        assert!((g.mean - 0.1).abs() < 1e-12 && g.has_interval(), "{g:?}");
        let p = pool(&[("none", none)]).unwrap();
        assert!(!p.game_wins.unwrap().has_interval());
        // A run with games finished still needs its interval.
        v["games_cut_off"] = serde_json::json!(19);
        let e = Report::parse(&v.to_string()).unwrap_err();
        assert!(e.contains("game_wins has no finite interval"), "{e}");
    }

    #[test]
    fn a_bigger_run_weighs_more() {
        let p = pooled(&[(300.0, interval(1.0, 0.1)), (100.0, interval(0.0, 0.1))]);
        assert!((p.mean - 0.75).abs() < 1e-12);
        // sqrt(30² + 10²) / 400
        assert!((p.half_width - 1000f64.sqrt() / 400.0).abs() < 1e-12);
    }
}
