//! `euchre sim`: a duplicate match between two players on every core, with a progress bar, a
//! report (text or JSON) and a plot of the running point difference.

use crate::bounded_read::{read_text, MAX_BOARD_FILE_BYTES};
use anyhow::{Context, Result};
use euchre_ai::board_file::{self, BoardsKey, SavedBoards};
use euchre_ai::duplicate::{
    paired_difference, paired_games, play_board, Board, BoardResult, Contest, Estimate, SideSummary, Summary,
    Timing, MAX_DEALS_PER_GAME, MIN_BOARDS,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Plays `boards` boards of the contest in parallel and sums them up (boards in index order).
///
/// # Errors
/// The first board that could not be played (an unknown player, an illegal choice).
pub fn run(contest: &Contest, boards: u64, progress: bool) -> Result<(Summary, Vec<Board>)> {
    let bar = if progress {
        ProgressBar::new(boards)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} boards ({eta} left)")
            .context("progress bar template")?
            .progress_chars("=> "),
    );
    let log = (!progress).then(|| LogProgress::new(boards));
    let results: Vec<Board> = (0..boards)
        .into_par_iter()
        .map(|i| {
            let b = play_board(contest, i);
            bar.inc(1);
            if let Some(l) = &log {
                l.board_done();
            }
            b
        })
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    Ok((Summary::of(contest, &results), results))
}

/// Progress for a log rather than a terminal (a match run in the background takes hours): a
/// line at each tenth of the boards, once the match has run long enough to want one.
struct LogProgress {
    boards: u64,
    done: AtomicU64,
    start: Instant,
}

impl LogProgress {
    /// A match shorter than this says nothing.
    const QUIET: Duration = Duration::from_secs(10);

    fn new(boards: u64) -> LogProgress {
        LogProgress {
            boards,
            done: AtomicU64::new(0),
            start: Instant::now(),
        }
    }

    fn board_done(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let tenth = |n: u64| n * 10 / self.boards;
        let elapsed = self.start.elapsed();
        if tenth(done) > tenth(done - 1) && done < self.boards && elapsed >= Self::QUIET {
            let left = elapsed.mul_f64((self.boards - done) as f64 / done as f64);
            eprintln!(
                "euchre sim: {done} of {} boards after {}, about {} left",
                self.boards,
                minutes(elapsed),
                minutes(left)
            );
        }
    }
}

fn minutes(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}m{:02}s", s / 60, s % 60)
}

/// Writes each board's result (its deals and the first side's points less the second's) to a
/// board file, for `--compare` in a later match.
///
/// # Errors
/// The file cannot be written.
pub fn write_boards(path: &Path, key: &BoardsKey, contest: &Contest, boards: &[Board]) -> Result<()> {
    let results: Vec<BoardResult> = boards.iter().map(Board::result).collect();
    let players = [contest.players[0].as_str(), contest.players[1].as_str()];
    std::fs::write(path, board_file::write(key, players, &results))
        .with_context(|| format!("writing {}", path.display()))
}

/// Reads a board file written by [`write_boards`], refusing one whose boards are not `key`'s.
///
/// # Errors
/// The file cannot be read, is not a board file (the line and what is wrong named), or its
/// boards were other deals.
pub fn read_boards(path: &Path, key: &BoardsKey) -> Result<SavedBoards> {
    let name = path.display();
    let text = read_text(path, MAX_BOARD_FILE_BYTES).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    board_file::read(&text, key).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// The files a match writes (`--plot`, `--save-boards`) and reads (`--compare`), checked before
/// it is played.
pub struct Outputs<'a> {
    pub plot: Option<&'a Path>,
    pub save_boards: Option<&'a Path>,
    pub compare: Option<&'a Path>,
    /// `--overwrite`: an existing file of its kind may be replaced.
    pub overwrite: bool,
}

/// Whether a file starts as `euchre sim --save-boards` writes one.
fn is_board_file(head: &[u8]) -> bool {
    head.starts_with(board_file::TITLE.as_bytes())
}

/// Whether a file starts as an SVG drawing (`--plot`'s own, or any other's).
fn is_svg(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    text.starts_with("<svg") || (text.starts_with("<?xml") && text.contains("<svg"))
}

/// Refuses, before a board is played, files a match would lose: two of its files that are one
/// file however they are spelled (`./x.csv`, a link: research tester s54, 1), and an existing
/// file written over (6): one of another kind always (a board file named as the plot), one of
/// its kind unless `--overwrite` is given. Then checks that each can be written.
///
/// # Errors
/// Which files, and why.
pub fn check_outputs(o: &Outputs) -> Result<()> {
    use crate::out_path::{check_writable, existing, same_file, Existing};
    let named = |a: &Path, b: &Path| {
        if a == b {
            a.display().to_string()
        } else {
            format!("{} and {}", a.display(), b.display())
        }
    };
    if let (Some(c), Some(s)) = (o.compare, o.save_boards) {
        if same_file(c, s) {
            anyhow::bail!(
                "--compare and --save-boards name the same file, {}: this match's boards would replace the ones compared with (save them to another file)",
                named(c, s)
            );
        }
    }
    if let (Some(c), Some(p)) = (o.compare, o.plot) {
        if same_file(c, p) {
            anyhow::bail!(
                "--compare and --plot name the same file, {}: the plot would replace the boards compared with (draw it to another file)",
                named(c, p)
            );
        }
    }
    if let (Some(p), Some(s)) = (o.plot, o.save_boards) {
        if same_file(p, s) {
            anyhow::bail!(
                "--plot and --save-boards name the same file, {}: one would overwrite the other",
                named(p, s)
            );
        }
    }
    let outputs = [
        (o.plot, "--plot", "an SVG drawing", is_svg as fn(&[u8]) -> bool),
        (
            o.save_boards,
            "--save-boards",
            "a board file of `euchre sim`",
            is_board_file,
        ),
    ];
    for (path, flag, kind, is_kind) in outputs {
        let Some(path) = path else { continue };
        match existing(path, is_kind) {
            Existing::Nothing => {}
            Existing::OfItsKind if o.overwrite => {}
            Existing::OfItsKind => anyhow::bail!(
                "{flag} {} already exists ({kind}): give --overwrite to replace it, or choose another file",
                path.display()
            ),
            Existing::Other => anyhow::bail!(
                "{flag} {} already exists and is not {kind}: choose another file (--overwrite replaces only {kind})",
                path.display()
            ),
        }
        check_writable(path, flag)?;
    }
    Ok(())
}

/// This match against an earlier one on the same boards: the difference per deal of this one
/// less the earlier one's, board by board.
///
/// # Errors
/// The boards are not the same (fewer or other boards).
pub fn compare(boards: &[Board], saved: &SavedBoards) -> Result<Compared> {
    let mine: Vec<BoardResult> = boards.iter().map(Board::result).collect();
    Ok(Compared {
        points: paired_difference(&mine, &saved.results).map_err(anyhow::Error::msg)?,
        games_won: paired_games(&mine, &saved.results),
    })
}

/// This match less an earlier one on the same boards, board by board.
pub struct Compared {
    /// The first side's points per deal less the second's.
    pub points: Estimate,
    /// The share of the games finished that the first side won, where both matches kept it
    /// (whole games), or why it cannot be compared (a board file that cannot tell a game cut
    /// off from a game lost, a match with no game finished).
    pub games_won: Option<std::result::Result<Estimate, String>>,
}

/// Which match's first side does better, by an interval of this match less the earlier.
fn compared_verdict(d: &Estimate) -> String {
    let sides = ["this match's first side", "the earlier match's first side"];
    verdict(d, 0.0, sides, "does better")
}

/// The comparison's line for people.
pub fn compared_line(contest: &Contest, path: &Path, saved: &SavedBoards, c: &Compared) -> String {
    let d = &c.points;
    let mut text = format!(
        "\nboard by board against {} ({} − {}): {:+.3} points per deal, {}: {}",
        path.display(),
        saved.players[0],
        saved.players[1],
        d.mean,
        ci(d, false, |x| format!("{x:+.3}")),
        compared_verdict(d)
    ) + &format!(" (this match: {} − {})", contest.players[0], contest.players[1]);
    match &c.games_won {
        Some(Ok(g)) => {
            text += &format!(
                "\ngames won, board by board: {:+.2}% of the games, {}: {}",
                100.0 * g.mean,
                ci(g, false, |x| format!("{:+.2}%", 100.0 * x)),
                compared_verdict(g)
            );
        }
        Some(Err(why)) => text += &format!("\ngames won, board by board: no comparison, {why}"),
        None => {}
    }
    text
}

/// An interval for people, each bound as `bound` writes it: "95% CI [+0.120, +0.480]", or
/// where too few boards give none, that said. A share's bounds are cut to 0..1
/// ([`Estimate::in_unit`]).
fn ci(e: &Estimate, share: bool, bound: impl Fn(f64) -> String) -> String {
    if !e.has_interval() {
        return format!("no 95% CI from fewer than {MIN_BOARDS} boards");
    }
    let (low, high) = if share { e.in_unit() } else { (e.low(), e.high()) };
    format!("95% CI [{}, {}]", bound(low), bound(high))
}

/// A count as a share of what it is a part of, for people: "50.0% (2264)".
pub fn pct(part: impl Into<u64>, whole: u64) -> String {
    let part = part.into();
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}% ({part})", 100.0 * part as f64 / whole as f64)
    }
}

pub fn est(e: &Estimate) -> String {
    if e.has_interval() {
        format!("{:+.3} ± {:.3}", e.mean, e.half_width)
    } else {
        format!("{:+.3}, no CI", e.mean)
    }
}

fn timing(t: &Timing) -> String {
    if t.decisions == 0 {
        "-".into()
    } else {
        format!("{:.3} / {:.3} ms", t.median_ms, t.p99_ms)
    }
}

/// A share with its interval for people: "56.5% ± 1.4", or where the interval reaches past
/// 0 or 100%, its bounds cut there: "100.0% [61.0, 100.0]".
pub fn share_interval(e: &Estimate, decimals: usize) -> String {
    let (low, high) = e.in_unit();
    if !e.has_interval() {
        format!("{:.decimals$}%, no CI", 100.0 * e.mean)
    } else if low > e.low() || high < e.high() {
        format!(
            "{:.decimals$}% [{:.decimals$}, {:.decimals$}]",
            100.0 * e.mean,
            100.0 * low,
            100.0 * high
        )
    } else {
        format!(
            "{:.decimals$}% ± {:.decimals$}",
            100.0 * e.mean,
            100.0 * e.half_width
        )
    }
}

/// A share of the points for people: "n/a" where a side's points came to less than nothing.
pub fn share_text(share: Option<f64>) -> String {
    share.map_or_else(|| "n/a (below 0)".to_string(), |x| format!("{:.1}%", 100.0 * x))
}

/// The rules as a report's title names them: the preset and the options set apart from it
/// (`--set`, as [`board_file::canonical_set`] writes them).
pub fn rules_title(rules: &str, set: &[String]) -> String {
    if set.is_empty() {
        rules.to_string()
    } else {
        format!("{rules} with {}", set.join(", "))
    }
}

/// A time limit per decision as a report's title names it, or nothing without one: with it the
/// players' choices depend on the machine's speed, so the seed alone does not reproduce the
/// result.
pub fn time_limit_title(time_ms: Option<u64>) -> String {
    time_ms.map_or_else(String::new, |ms| {
        format!("; time-limited to {ms} ms a decision, so not reproducible from the seed alone")
    })
}

/// Games cut off unfinished after [`MAX_DEALS_PER_GAME`] deals, for people: nothing where
/// none was.
pub fn cut_off_line(cut_off: u64, games: u64, boards: &[u64]) -> String {
    if cut_off == 0 {
        return String::new();
    }
    let mut on = String::new();
    if !boards.is_empty() {
        const NAMED: usize = 10;
        let named: Vec<String> = boards.iter().take(NAMED).map(u64::to_string).collect();
        let more = match boards.len().saturating_sub(NAMED) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        on = format!(
            " (on {} {}{more}, numbered from 0 as --save-boards numbers them)",
            if boards.len() == 1 { "board" } else { "boards" },
            named.join(", ")
        );
    }
    let (their, them) = if cut_off == 1 {
        ("its", "it")
    } else {
        ("their", "them")
    };
    format!(
        "{cut_off} of {} cut off unfinished after {MAX_DEALS_PER_GAME} deals{on}: {their} deals count in the points; nobody won {them}, so the games won are shares of the games finished\n",
        crate::counted(games, "game")
    )
}

/// How a side's contracts ended, counted over a match: the rows `sim`'s report and `pool`'s
/// share.
pub struct Outcomes {
    pub made: u64,
    pub euchred: u64,
    pub marched: u64,
    pub alone: u64,
    pub alone_made: u64,
}

impl Outcomes {
    fn of_side(x: &SideSummary) -> Outcomes {
        Outcomes {
            made: x.made.into(),
            euchred: x.euchred.into(),
            marched: x.marched.into(),
            alone: x.alone.into(),
            alone_made: x.alone_made.into(),
        }
    }
}

/// The rows of the sides' contracts made, euchred and marched of `deals`, and in the
/// partnership game their loners, each through `row` (a label and the two sides' cells).
pub fn outcome_rows(
    deals: u64,
    partnership: bool,
    sides: [Outcomes; 2],
    row: &dyn Fn(&str, [String; 2]) -> String,
) -> String {
    let line = |label: &str, f: &dyn Fn(&Outcomes) -> String| row(label, [f(&sides[0]), f(&sides[1])]);
    // Each side sits at half the seats of every deal, so "per deal" is per deal played.
    let mut out = line("made trump, of deals", &|x| pct(x.made, deals));
    out += &line("  euchred, of those", &|x| pct(x.euchred, x.made));
    out += &line("  marched, of those", &|x| pct(x.marched, x.made));
    // In the individual games every maker plays alone: there is no choice to count.
    if partnership {
        out += &line("went alone, of deals", &|x| pct(x.alone, deals));
        out += &line("  made it, of those", &|x| pct(x.alone_made, x.alone));
    }
    out
}

/// The report for people.
pub fn human(contest: &Contest, key: &BoardsKey, s: &Summary) -> String {
    let [a, b] = &s.sides;
    let mode = if contest.whole_games {
        format!(
            "{} ({})",
            crate::counted(s.games, "game"),
            crate::counted(s.deals, "deal")
        )
    } else {
        crate::counted(s.deals, "deal")
    };
    // The title names what makes the match this one: the options set apart from the preset
    // and a time limit too (research tester s54, 2), as `euchre pool`'s does.
    let mut out = format!(
        "duplicate match, {}: {}, {mode}, seed {}{}\n",
        rules_title(&key.rules, &key.set),
        crate::counted(s.boards as u64, "board"),
        contest.seed,
        time_limit_title(contest.budget.time.map(|t| t.as_millis() as u64))
    );
    out += &cut_off_line(s.games_cut_off, s.games, &s.boards_cut_off);
    out += "\n";
    let cells = |label: &str, [x, y]: [String; 2]| format!("{label:<33} {x:>20} {y:>20}\n");
    let row = |label: &str, f: &dyn Fn(&SideSummary) -> String| cells(label, [f(a), f(b)]);
    out += &row("", &|x| x.player.clone());
    out += &row("points per deal (95% CI)", &|x| est(&x.points_per_deal));
    out += &row("share of all points", &|x| share_text(x.share));
    if contest.whole_games {
        let finished = s.games - s.games_cut_off;
        out += &row("games won (95% CI)", &|x| {
            games_won_cell(&x.game_wins, finished, 1)
        });
    }
    out += &outcome_rows(
        s.deals,
        matches!(contest.rules, euchre::table::AnyRules::Partnership(_)),
        [a, b].map(Outcomes::of_side),
        &cells,
    );
    out += &row("decision, bidding (median / p99)", &|x| timing(&x.bidding));
    out += &row("decision, play (median / p99)", &|x| timing(&x.play));
    let d = &s.difference;
    out += &format!(
        "\n{} − {}: {:+.3} points per deal, {}: {}",
        a.player,
        b.player,
        d.mean,
        ci(d, false, |x| format!("{x:+.3}")),
        verdict(d, 0.0, [&a.player, &b.player], "scores more points")
    );
    if contest.whole_games {
        out += &games_won_line([&a.player, &b.player], &a.game_wins, s.games - s.games_cut_off);
    }
    out
}

/// A side's share of the games for people ([`share_interval`]), or "-" where no game of the
/// `finished` finished.
pub fn games_won_cell(e: &Estimate, finished: u64, decimals: usize) -> String {
    if finished == 0 {
        "-".into()
    } else {
        share_interval(e, decimals)
    }
}

/// In whole games, the first side's share of the `finished` games and what it says: the
/// measure that counts for a player that plays for the game, beside the points.
pub fn games_won_line(players: [&str; 2], won: &Estimate, finished: u64) -> String {
    if finished == 0 {
        return format!(
            "\n{}'s games won: none, as no game finished (every one cut off): no verdict",
            players[0]
        );
    }
    format!(
        "\n{}'s games won: {:.2}%, {}: {}",
        players[0],
        100.0 * won.mean,
        ci(won, true, |x| format!("{:.2}", 100.0 * x)),
        verdict(won, 0.5, players, "wins more games")
    )
}

/// What an interval says about its distance from `even`: which of `players` is `more`
/// (above it: the first; below: the second), or that no difference is shown.
pub fn verdict(e: &Estimate, even: f64, players: [&str; 2], more: &str) -> String {
    if !e.has_interval() {
        "no verdict".into()
    } else if e.low() > even {
        format!("{} {more}", players[0])
    } else if e.high() < even {
        format!("{} {more}", players[1])
    } else {
        "no difference shown at 95%".into()
    }
}

/// An interval for programs; bounds too few boards could not give are `null`.
pub fn est_json(e: &Estimate) -> Value {
    json!({"mean": e.mean, "low": e.low(), "high": e.high()})
}

/// A share's interval for programs: `low` and `high` as [`est_json`] gives them, symmetric
/// about the mean and not cut at 0 or 1 (`euchre pool` pools reports by them), and beside them
/// the bounds cut to 0..1, as the text shows them.
pub fn share_json(e: &Estimate) -> Value {
    let (low, high) = e.in_unit();
    let mut v = est_json(e);
    if e.has_interval() {
        v["low_clipped"] = json!(low);
        v["high_clipped"] = json!(high);
    } else {
        v["low_clipped"] = Value::Null;
        v["high_clipped"] = Value::Null;
    }
    v
}

fn timing_json(t: &Timing) -> Value {
    json!({"decisions": t.decisions, "median_ms": t.median_ms, "p99_ms": t.p99_ms})
}

/// The report for programs. It names everything that makes two reports the same match (the
/// rules with their `--set` options, the time limit, the mode), for `euchre pool`.
pub fn to_json(contest: &Contest, key: &BoardsKey, s: &Summary) -> Value {
    let side = |x: &SideSummary| {
        let mut v = json!({
            "player": x.player,
            "points_per_deal": est_json(&x.points_per_deal),
            "share_of_points": x.share,
            "made": x.made,
            "euchred": x.euchred,
            "marched": x.marched,
            "alone": x.alone,
            "alone_made": x.alone_made,
            "decision_bidding": timing_json(&x.bidding),
            "decision_play": timing_json(&x.play),
        });
        if contest.whole_games {
            v["game_wins"] = share_json(&x.game_wins);
        }
        v
    };
    let time_ms = contest.budget.time.map(|t| t.as_millis() as u64);
    let mut v = json!({
        "rules": key.rules,
        "set": key.set,
        "commit": env!("EUCHRE_COMMIT"),
        "time_ms": time_ms,
        "seed": contest.seed,
        "whole_games": contest.whole_games,
        "boards": s.boards,
        "deals": s.deals,
        "games": s.games,
        "difference_per_deal": est_json(&s.difference),
        "sides": [side(&s.sides[0]), side(&s.sides[1])],
    });
    // Only where a game was cut off, so that a report of games that all ended reads as before.
    if s.games_cut_off > 0 {
        v["games_cut_off"] = json!(s.games_cut_off);
        v["boards_cut_off"] = json!(s.boards_cut_off);
    }
    v
}

/// The running point difference per deal (side 0 less side 1) after each board, with its 95%
/// confidence band, from the boards in order.
pub fn running_difference(boards: &[Board]) -> Vec<(f64, f64, f64)> {
    // Running sums for the ratio estimate Σy/Σx and its delta-method variance.
    let (mut sx, mut sy, mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    let mut out = Vec::with_capacity(boards.len());
    for (k, b) in boards.iter().enumerate() {
        let (x, y) = (f64::from(b.deals), b.difference() as f64);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
        let n = (k + 1) as f64;
        let r = if sx > 0.0 { sy / sx } else { 0.0 };
        let half = if n < 2.0 || sx == 0.0 {
            0.0
        } else {
            let resid = (syy - 2.0 * r * sxy + r * r * sxx).max(0.0) / (n - 1.0);
            euchre_ai::duplicate::t_975(n - 1.0) * (resid / n).sqrt() / (sx / n)
        };
        out.push((r, r - half, r + half));
    }
    out
}

/// Where the boards' axis of a plot of `boards` boards has its ticks: at whole boards, from the
/// first to the last, at most about ten of them (every board up to ten, then every 2nd, 5th,
/// 10th, 20th, ...).
pub fn board_ticks(boards: usize) -> Vec<f64> {
    let boards = boards.max(1) as u64;
    let (mut step, mut scale) = (1u64, 1u64);
    while boards / step > 10 {
        step = match step / scale {
            1 => 2 * scale,
            2 => 5 * scale,
            _ => {
                scale *= 10;
                scale
            }
        };
    }
    let first = if step == 1 { 1 } else { step };
    (first..=boards)
        .step_by(step as usize)
        .map(|b| b as f64)
        .collect()
}

/// A plot's boards axis: linear, with its ticks where [`board_ticks`] puts them (plotters'
/// `with_key_points` gives an axis of `f64` no label formatting).
struct BoardAxis {
    inner: plotters::coord::types::RangedCoordf64,
    ticks: Vec<f64>,
}

impl plotters::coord::ranged1d::Ranged for BoardAxis {
    type FormatOption = plotters::coord::ranged1d::DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: plotters::coord::ranged1d::KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // Bold lines and labels at the ticks; no light lines between whole boards.
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }
}

/// Draws the running difference with its band as SVG.
///
/// # Errors
/// The file cannot be written.
pub fn plot(path: &Path, contest: &Contest, boards: &[Board]) -> Result<()> {
    use plotters::prelude::*;
    let series = running_difference(boards);
    // Fewer than MIN_BOARDS boards give no interval, so the band (and the line, which the
    // axis follows with it) starts at the MIN_BOARDS-th board; a match of fewer has no band,
    // and its line is drawn from the first board.
    let banded = series.len() >= MIN_BOARDS;
    let skip = if banded { MIN_BOARDS - 1 } else { 0 };
    let (lo, hi) = series[skip..]
        .iter()
        .fold((0.0f64, 0.0f64), |(lo, hi), &(m, l, h)| {
            if banded {
                (lo.min(l), hi.max(h))
            } else {
                (lo.min(m), hi.max(m))
            }
        });
    let pad = ((hi - lo) * 0.1).max(0.05);
    let n = series.len() as f64;
    // The boards' axis: ticks at whole boards and none past the last (a 1-board plot labelled
    // "1 1 1 1 1 2 2 2 2 2 2": research tester s54, 8). A single board sits in the middle.
    let x_range = if series.len() < 2 { 0.5..1.5 } else { 1.0..n };
    let draw = || -> std::result::Result<(), Box<dyn std::error::Error>> {
        let root = SVGBackend::new(path, (900, 500)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "{} − {}: running points per deal, {}",
                    contest.players[0],
                    contest.players[1],
                    if banded {
                        "95% band".to_string()
                    } else {
                        format!("no 95% band from fewer than {MIN_BOARDS} boards")
                    }
                ),
                ("sans-serif", 20),
            )
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(
                BoardAxis {
                    inner: x_range.clone().into(),
                    ticks: board_ticks(series.len()),
                },
                (lo - pad)..(hi + pad),
            )?;
        chart
            .configure_mesh()
            .x_desc("boards (each deal played twice, seats swapped)")
            .y_desc("points per deal")
            .x_label_formatter(&|x| format!("{x:.0}"))
            // Rounding can print a tiny negative as "-0.0".
            .y_label_formatter(&|y| format!("{:.1}", if y.abs() < 0.05 { 0.0 } else { *y }))
            .draw()?;
        let x = |i: usize| (i + 1) as f64;
        let mut band: Vec<(f64, f64)> = series
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, s)| (x(i), s.2.min(hi + pad)))
            .collect();
        band.extend(
            series
                .iter()
                .enumerate()
                .skip(skip)
                .rev()
                .map(|(i, s)| (x(i), s.1.max(lo - pad))),
        );
        if banded {
            chart.draw_series(std::iter::once(Polygon::new(band, BLUE.mix(0.2).filled())))?;
        }
        chart.draw_series(LineSeries::new(
            vec![(x_range.start, 0.0), (x_range.end, 0.0)],
            &BLACK,
        ))?;
        if series.len() == 1 {
            // A line of one point is not drawn.
            chart.draw_series(std::iter::once(Circle::new((1.0, series[0].0), 4, BLUE.filled())))?;
        }
        chart
            .draw_series(LineSeries::new(
                series.iter().enumerate().skip(skip).map(|(i, s)| (x(i), s.0)),
                BLUE.stroke_width(2),
            ))?
            .label("difference per deal")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE.stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    };
    draw()
        .map_err(|e| anyhow::anyhow!("{e}"))
        .with_context(|| format!("drawing {}", path.display()))
}
