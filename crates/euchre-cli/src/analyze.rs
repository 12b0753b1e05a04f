//! `euchre analyze FILE`: every decision of a recorded game judged by a reference player, the
//! biggest mistakes first, and a total per player.

use anyhow::{anyhow, Context, Result};
use euchre_ai::analysis::{analyze_deal, ranked, DealAnalysis, Judgement, RecordedDeal};
use euchre_ai::Outlook;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::path::Path;

/// A recorded game's deals, ready to analyse, and who sat where in each.
pub struct Loaded {
    pub deals: Vec<RecordedDeal>,
    /// The players' names by seat in each deal (parallel to `deals`): in an EMN match they may
    /// change seats between games. Empty where the record names nobody.
    pub names: Vec<Vec<String>>,
    pub seats: usize,
    /// Deals whose hands were rebuilt from the play rather than recorded.
    pub rebuilt: usize,
}

/// The deals of an EGN file, with the running score before each.
fn from_egn(doc: Value) -> Result<Loaded> {
    let file = euchre_egn::egn_from_value(doc)?;
    let mut loaded = Loaded {
        deals: Vec::new(),
        names: Vec::new(),
        seats: 4,
        rebuilt: 0,
    };
    add_game(&mut loaded, &file)?;
    Ok(loaded)
}

/// The deals of every game of an EMN match, numbered on through the match, each with the
/// seats its own game names (players change seats between a match's games).
fn from_emn(v: &Value) -> Result<Loaded> {
    let m = euchre_egn::replay_emn(v)?;
    let mut loaded = Loaded {
        deals: Vec::new(),
        names: Vec::new(),
        seats: 4,
        rebuilt: 0,
    };
    // As the match reads them: the seats named by its registry.
    for file in &m.files {
        add_game(&mut loaded, file)?;
    }
    Ok(loaded)
}

/// One EGN game's deals, with the running score before each and the game's seats, after those
/// already loaded.
fn add_game(loaded: &mut Loaded, file: &euchre_egn::EgnFile) -> Result<()> {
    let names: Vec<String> = file
        .metadata
        .players
        .iter()
        .map(|p| p.name().to_string())
        .collect();
    let game = euchre_egn::replay(file)?;
    for (rd, before) in game.deals_with_tally() {
        let number = loaded.deals.len() as u32 + 1;
        let mut d = RecordedDeal::of_deal(&rd.deal, number, before).map_err(|e| anyhow!(e))?;
        d.guessed = rd.guessed;
        loaded.rebuilt += usize::from(!rd.hands_recorded);
        loaded.deals.push(d);
        loaded.names.push(names.clone());
    }
    Ok(())
}

/// The deals of a game record of any family (every game of a match, numbered on).
fn from_record(text: &str) -> Result<Loaded> {
    let names = euchre_record::parse(text)?.players.unwrap_or_default();
    let mut deals = Vec::new();
    let seats = match euchre_record::read_any(text)? {
        euchre_record::AnyReplay::Partnership(r) => {
            for g in &r.games {
                let first = deals.len() as u32 + 1;
                deals.extend(RecordedDeal::all_of_game(g, first).map_err(|e| anyhow!(e))?);
            }
            4
        }
        euchre_record::AnyReplay::Solo(g) => {
            deals.extend(RecordedDeal::all_of_solo_game(&g, 1).map_err(|e| anyhow!(e))?);
            usize::from(g.rules().players)
        }
    };
    Ok(Loaded {
        names: vec![names; deals.len()],
        deals,
        seats,
        rebuilt: 0,
    })
}

/// Reads an EGN game, an EMN match or a game record, told apart by what the document says it
/// is (EGN's and EMN's `fileType`), not by the file's name.
///
/// # Errors
/// The file cannot be read, or does not replay.
pub fn load(path: &Path) -> Result<Loaded> {
    let text = crate::egn_cmd::read_document(path)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("reading {}", path.display()))?;
    // Read once, as EGN's reader reads it (bounded before it is parsed, a byte-order mark
    // skipped, a key given twice refused), and the document itself told which reader takes it.
    // Not JSON at all is said so, not blamed on one of the readers.
    let doc = euchre_egn::document_json(&text).with_context(|| format!("reading {}", path.display()))?;
    let loaded = match doc.get("fileType").and_then(Value::as_str).map(str::to_string) {
        Some(kind) if kind == "Euchre Match Notation" => from_emn(&doc),
        Some(_) => from_egn(doc),
        None => from_record(&text),
    };
    loaded.with_context(|| format!("replaying {}", path.display()))
}

/// Analyses every deal, in parallel.
///
/// # Errors
/// An unknown reference player, or one that gives no values.
pub fn run(loaded: &Loaded, reference: &str, seed: u64) -> Result<Vec<DealAnalysis>> {
    loaded
        .deals
        .par_iter()
        .map(|d| analyze_deal(d, reference, seed))
        .collect::<Result<_, _>>()
        .map_err(|e| anyhow!(e))
}

/// The name of the player in `seat` in deal `deal` (from 1), if the record names one.
fn name_in(loaded: &Loaded, deal: u32, seat: usize) -> Option<&str> {
    let names = loaded.names.get((deal as usize).checked_sub(1)?)?;
    names.get(seat).map(String::as_str).filter(|n| !n.is_empty())
}

/// The name of the player in `seat` in deal `deal`, if it names that one seat there: a record
/// of a game against three `medium` players names three seats alike, and they are three players.
fn sole_name_in(loaded: &Loaded, deal: u32, seat: usize) -> Option<&str> {
    let name = name_in(loaded, deal, seat)?;
    let names = loaded.names.get((deal as usize).checked_sub(1)?)?;
    (names.iter().filter(|n| n.as_str() == name).count() == 1).then_some(name)
}

/// A seat in a deal, with its player's name: "2 (Jen-Eye)".
fn who(loaded: &Loaded, deal: u32, seat: usize) -> String {
    match name_in(loaded, deal, seat) {
        Some(n) => format!("{seat} ({})", euchre::text::printable(n)),
        None => seat.to_string(),
    }
}

/// Whom a total is for: a player named for one seat in its game, wherever they sat (in an EMN
/// match players change seats between games), or else a seat, with the name it may share with
/// other seats (three `medium` computer players are three players).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Player<'a> {
    Named(&'a str),
    Seat(usize, Option<&'a str>),
}

/// The player in `seat` in deal `deal`.
fn player_in(loaded: &Loaded, deal: u32, seat: usize) -> Player<'_> {
    match sole_name_in(loaded, deal, seat) {
        Some(name) => Player::Named(name),
        None => Player::Seat(seat, name_in(loaded, deal, seat)),
    }
}

/// One player's judged decisions.
struct PlayerTotal<'a> {
    player: Player<'a>,
    /// The seats the player sat in, in the order first seen.
    seats: Vec<usize>,
    judged: usize,
    lost: f64,
    unjudged: usize,
}

impl PlayerTotal<'_> {
    /// The player's name, if the record gives one.
    fn name(&self) -> Option<&str> {
        match self.player {
            Player::Named(n) | Player::Seat(_, Some(n)) => Some(n),
            Player::Seat(_, None) => None,
        }
    }

    /// "seat 2 (Jen-Eye)", or "Jen-Eye (seats 1, 3)" for a player who changed seats.
    fn label(&self) -> String {
        let mut seats = self.seats.clone();
        seats.sort_unstable();
        let seats: Vec<String> = seats.iter().map(usize::to_string).collect();
        // Printed on a terminal: a name from a file is made safe there (EGN tester s51, 8).
        match (self.name().map(euchre::text::printable), seats.as_slice()) {
            (Some(n), [one]) => format!("seat {one} ({n})"),
            (Some(n), _) => format!("{n} (seats {})", seats.join(", ")),
            (None, _) => format!("seat {}", seats.join(", ")),
        }
    }
}

/// Where `seat`'s player in deal `deal` is in `out`, added if not there yet.
fn player_index<'a>(out: &mut Vec<PlayerTotal<'a>>, loaded: &'a Loaded, deal: u32, seat: usize) -> usize {
    let player = player_in(loaded, deal, seat);
    let i = out.iter().position(|p| p.player == player).unwrap_or_else(|| {
        out.push(PlayerTotal {
            player,
            seats: Vec::new(),
            judged: 0,
            lost: 0.0,
            unjudged: 0,
        });
        out.len() - 1
    });
    if !out[i].seats.contains(&seat) {
        out[i].seats.push(seat);
    }
    i
}

/// Each player's totals, in the order they are first seen (the first deal's seats first).
fn player_totals<'a>(loaded: &'a Loaded, analyses: &[DealAnalysis]) -> Vec<PlayerTotal<'a>> {
    let mut out = Vec::new();
    for deal in &loaded.deals {
        for seat in 0..loaded.seats {
            player_index(&mut out, loaded, deal.number, seat);
        }
    }
    for j in analyses.iter().flat_map(|a| &a.judged) {
        let i = player_index(&mut out, loaded, j.deal, j.seat.index());
        out[i].judged += 1;
        out[i].lost += j.loss;
    }
    for u in analyses.iter().flat_map(|a| &a.unjudged) {
        let i = player_index(&mut out, loaded, u.deal, u.seat.index());
        out[i].unjudged += 1;
    }
    out
}

fn when(j: &Judgement) -> &'static str {
    if j.in_play {
        "play"
    } else {
        "bidding"
    }
}

/// The report for people: the `top` biggest mistakes, each player's total, and what could not
/// be judged.
pub fn human(loaded: &Loaded, analyses: &[DealAnalysis], reference: &str, top: usize) -> String {
    let judged: usize = analyses.iter().map(|a| a.judged.len()).sum();
    let unjudged: usize = analyses.iter().map(|a| a.unjudged.len()).sum();
    let forced: usize = analyses.iter().map(|a| a.forced).sum();
    let deals = loaded.deals.len();
    let mut out = format!(
        "{}; {} with a choice judged by {reference}, {unjudged} not judged, {forced} forced\n",
        crate::counted(deals as u64, "deal"),
        crate::counted(judged as u64, "decision"),
    );
    if loaded.rebuilt > 0 {
        out += &format!(
            "{} deals' hands were rebuilt from the play: a decision is judged only when the record shows every card of the deciding seat\n",
            loaded.rebuilt
        );
    }
    // Only choices that cost something (0.005 of a point rounds to 0.01) are mistakes; the
    // seat column is as wide as the longest name.
    let mistakes: Vec<&Judgement> = ranked(analyses)
        .into_iter()
        .filter(|j| j.loss >= 0.005)
        .take(top)
        .collect();
    let players = player_totals(loaded, analyses);
    let seat_width = mistakes
        .iter()
        .map(|j| who(loaded, j.deal, j.seat.index()).chars().count())
        .max()
        .unwrap_or(0)
        .max(14);
    let player_width = players
        .iter()
        .map(|p| p.label().chars().count())
        .max()
        .unwrap_or(0);
    if top > 0 {
        // An individual game's values are the seat's gain against the others' mean (the
        // solver's measure), not the points of its score (analysis tester s52, 9).
        let solo = loaded
            .deals
            .first()
            .is_some_and(|d| matches!(d.start, euchre::table::AnyDeal::Solo(_)));
        out += if solo {
            "\nbiggest mistakes (expected points lost, as the seat's gain against the others' mean, from what the seat knew then):\n"
        } else {
            "\nbiggest mistakes (expected points lost, from what the seat knew then):\n"
        };
        // Where the reference weighs the game, each mistake's cost in the chance of winning
        // it too: a choice that costs points near the game's end can cost none of the game.
        let game = mistakes.iter().any(|j| j.win_difference.is_some());
        if mistakes.is_empty() {
            out +=
                "  none: every judged choice was the reference player's, or within 0.005 of a point of it\n";
        } else {
            out += &format!(
                "  {:>4} {:>4}  {:<seat_width$} {:<8} {:<14} {:<14} {:>6}{}\n",
                "deal",
                "dec",
                "seat",
                "when",
                "taken",
                "best",
                "loss",
                if game { "    game" } else { "" }
            );
        }
        for j in &mistakes {
            let game_column = match j.win_difference {
                Some(d) if game => format!("  {:>6}", crate::percent_change(d)),
                _ => String::new(),
            };
            let close = if j.close() { "  close" } else { "" };
            out += &format!(
                "  {:>4} {:>4}  {:<seat_width$} {:<8} {:<14} {:<14} {:>6.2}{game_column}{close}\n",
                j.deal,
                j.index,
                who(loaded, j.deal, j.seat.index()),
                when(j),
                j.taken.to_string(),
                j.best.to_string(),
                j.loss
            );
        }
        if game {
            out += "  (game: the chance of winning the game the choice taken left, less the best's, by the reference's estimate)\n";
        }
        if mistakes.iter().any(|j| j.close()) {
            out += "  (close: within the noise of the reference's own search, which another seed of it could well have chosen: no clear mistake)\n";
        }
    }
    out += "\nper player:\n";
    for p in &players {
        let (n, loss) = (p.judged, p.lost);
        let per = if n == 0 { 0.0 } else { loss / n as f64 };
        out += &format!(
            "  {:<player_width$} {n:>4} decisions judged, {loss:>6.2} points lost ({per:.3} a decision)\n",
            p.label()
        );
    }
    if unjudged > 0 {
        // The list is in the JSON; here, how many per player and why.
        out += &format!(
            "\nnot judged: {unjudged} decisions by a seat holding (or having discarded) a card the record does not show, placed by the reader ({}); --json lists them\n",
            players
                .iter()
                .filter(|p| p.unjudged > 0)
                .map(|p| format!("{}: {}", p.label(), p.unjudged))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    out.trim_end().to_string()
}

fn values_json(values: &[(euchre::Action, f64)]) -> Value {
    Value::Object(
        values
            .iter()
            .map(|(a, v)| (a.to_string(), json!((v * 1000.0).round() / 1000.0)))
            .collect(),
    )
}

fn rounded(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// Each valued action to what the reference player expects of it (as the engine protocol's
/// `outlooks`); the game-win fields only where it knows them.
fn outlooks_json(values: &[(euchre::Action, f64)], outlooks: &[Outlook]) -> Value {
    Value::Object(
        values
            .iter()
            .zip(outlooks)
            .map(|((a, _), o)| {
                let mut fields = json!({
                    "points": rounded(o.points),
                    "make": rounded(o.make),
                    "march": rounded(o.march),
                    "euchred": rounded(o.euchred),
                    "they_make": rounded(o.they_make),
                    "they_march": rounded(o.they_march),
                    "they_euchred": rounded(o.they_euchred),
                });
                if let (Some(win), Some(change)) = (o.win, o.win_change) {
                    fields["win"] = json!(rounded(win));
                    fields["win_change"] = json!(rounded(change));
                }
                (a.to_string(), fields)
            })
            .collect(),
    )
}

/// The report for programs: every judged decision, biggest loss first.
pub fn to_json(loaded: &Loaded, analyses: &[DealAnalysis], reference: &str, seed: u64) -> Value {
    let decisions: Vec<Value> = ranked(analyses)
        .into_iter()
        .map(|j| {
            let mut d = json!({
                "deal": j.deal,
                "decision": j.index,
                "seat": j.seat.index(),
                "player": name_in(loaded, j.deal, j.seat.index()),
                "phase": when(j),
                "taken": j.taken.to_string(),
                "best": j.best.to_string(),
                "loss": (j.loss * 1000.0).round() / 1000.0,
                "close": j.close(),
                "values": values_json(&j.values),
            });
            if !j.outlooks.is_empty() {
                d["outlooks"] = outlooks_json(&j.values, &j.outlooks);
            }
            if let Some(w) = j.win_difference {
                d["win_difference"] = json!(rounded(w));
            }
            d
        })
        .collect();
    let unjudged: Vec<Value> = analyses
        .iter()
        .flat_map(|a| &a.unjudged)
        .map(|u| json!({"deal": u.deal, "decision": u.index, "seat": u.seat.index(), "player": name_in(loaded, u.deal, u.seat.index()), "taken": u.taken.to_string(), "why": u.why}))
        .collect();
    // A player's first seat is `seat`; `seats` lists every seat they sat in.
    let players: Vec<Value> = player_totals(loaded, analyses)
        .into_iter()
        .map(|p| {
            json!({"seat": p.seats.first(), "seats": p.seats, "name": p.name(), "judged": p.judged, "points_lost": (p.lost * 1000.0).round() / 1000.0})
        })
        .collect();
    json!({
        "reference": reference,
        "seed": seed,
        "deals": loaded.deals.len(),
        "rebuilt_deals": loaded.rebuilt,
        "guessed_cards": loaded.deals.iter().map(|d| d.guessed.len()).sum::<u32>(),
        "players": players,
        "decisions": decisions,
        "unjudged": unjudged,
    })
}
