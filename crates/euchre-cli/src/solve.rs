//! `euchre solve`: the exact value of every legal action at a point of a fully known deal.

use anyhow::{anyhow, bail, Context, Result};
use euchre::solo::{SoloDeal, SoloPhase};
use euchre::table::{AnyDeal, AnyRules};
use euchre::{Action, Card, CardSet, Deal, Decisions, Seat};
use euchre_ai::analysis::RecordedDeal;
use euchre_ai::solver::{SlowSearch, Solver};
use serde_json::{json, Value};
use std::time::Instant;

/// The values found, with the work it took.
pub struct Solved {
    pub seat: Seat,
    /// Each legal action and its value for the seat's side, best first.
    pub values: Vec<(Action, f64)>,
    pub nodes: u64,
    pub micros: u128,
}

/// The JSON of `--given`. Its faults are said of the command line's text: a document's reader
/// speaks of a file ("the file is empty"), and of an .egn file's one game after trailing
/// characters (research tester s54, 9).
///
/// # Errors
/// Empty, not JSON, or a key given twice.
fn given_json(text: &str) -> Result<Value> {
    if text.trim().is_empty() {
        bail!(
            "--given is empty: give the deal as the engine protocol's `new` takes it, e.g. '{{\"dealer\":3,\"hands\":[...],\"upcard\":\"9H\"}}'"
        );
    }
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        if e.is_eof() {
            bail!(
                "--given: not JSON: {e} (the text ends before the JSON does: a closing bracket or quote left out?)"
            );
        }
        if e.to_string().starts_with("trailing characters") {
            bail!("--given: not JSON: {e} (--given takes one deal: one JSON object)");
        }
    }
    // A key given twice is refused, as the engine protocol refuses it.
    euchre_egn::document_json(text).context("--given")
}

/// A deal given in the engine protocol's format under `rules`, with `then` (decisions in the
/// protocol's text, separated by commas) applied in order.
///
/// # Errors
/// A deal that is not one, or a decision that is not legal (named, with its place).
pub fn given(rules: AnyRules, text: &str, then: &str) -> Result<AnyDeal> {
    let v = given_json(text)?;
    let g = euchre_protocol::parse_given_deal(&v).map_err(|e| anyhow!("--given: {e}"))?;
    let mut deal = match rules {
        AnyRules::Partnership(r) => {
            let [a, b, c, d] = g.hands.as_slice() else {
                // The engine protocol's words for the same deal.
                bail!(
                    "--given: deal 'hands' must have 4 hands (one per player), not {}",
                    g.hands.len()
                );
            };
            let upcard = g
                .upcard
                .ok_or_else(|| anyhow!("--given: the deal needs 'upcard'"))?;
            AnyDeal::Partnership(Box::new(
                Deal::new(r, g.dealer, [*a, *b, *c, *d], upcard, g.kitty)
                    .map_err(|e| anyhow!("--given: {e}"))?,
            ))
        }
        AnyRules::Solo(r) => AnyDeal::Solo(Box::new(
            SoloDeal::with_kitty(r, g.dealer, &g.hands, g.upcard, g.kitty)
                .map_err(|e| anyhow!("--given: {e}"))?,
        )),
    };
    // Every item between commas is a decision: an empty one ("pass,,pass") is a slip, said so,
    // not skipped.
    let items: Vec<&str> = match then.trim() {
        "" => Vec::new(),
        then => then.split(',').map(str::trim).collect(),
    };
    for (i, text) in items.into_iter().enumerate() {
        if text.is_empty() {
            bail!(
                "--then, decision {}: empty (decisions are separated by one comma each)",
                i + 1
            );
        }
        let a: Action = text
            .parse()
            .map_err(|e| anyhow!("--then, decision {}: {e}", i + 1))?;
        deal.apply(a)
            .map_err(|e| anyhow!("--then, decision {} ('{text}'): {e}", i + 1))?;
    }
    Ok(deal)
}

/// True while the deal is before its first lead: the bids, the dealer's discard, the alone and
/// exchange decisions, Bid Euchre's naming of trump.
fn in_bidding(deal: &AnyDeal) -> bool {
    match deal {
        AnyDeal::Partnership(d) => !d.phase().in_or_after_play(),
        AnyDeal::Solo(d) => !matches!(d.phase(), SoloPhase::Play | SoloPhase::Done),
    }
}

/// The positions of a recorded deal's decisions before the first lead, in order: the `k`th is
/// the deal after its first `k` decisions, each with a seat to act.
///
/// # Errors
/// A recorded decision does not replay.
fn bidding_positions(recorded: &RecordedDeal) -> Result<Vec<AnyDeal>> {
    let mut state = recorded.start.clone();
    let mut out = Vec::new();
    let mut history = recorded.history.iter();
    while in_bidding(&state) && state.to_act().is_some() {
        out.push(state.clone());
        let Some(&(_, a)) = history.next() else { break };
        state
            .apply(a)
            .map_err(|e| anyhow!("decision {} ('{a}') is refused: {e}", out.len()))?;
    }
    Ok(out)
}

/// The recorded deal after its first `k` decisions, all of them before the first lead: at
/// `--trick 0`, `--card K` steps K decisions into the bidding (trick play has `--trick 1` on).
///
/// # Errors
/// The deal has `k` decisions or fewer before its first lead (the range is named), or one does
/// not replay.
pub fn bidding_position(recorded: &RecordedDeal, k: u8) -> Result<AnyDeal> {
    let mut positions = bidding_positions(recorded)?;
    let n = positions.len();
    if usize::from(k) >= n {
        bail!(
            "deal {} has {} before its first lead, so --card at --trick 0 is 0 to {}; --trick 1 is the first lead",
            recorded.number,
            crate::counted(n as u64, "decision"),
            n.saturating_sub(1)
        );
    }
    Ok(positions.swap_remove(usize::from(k)))
}

/// The `--card` at `--trick 0` from which the solver answers again, if a decision before the
/// first lead is one (in Bid Euchre, the naming of trump after the auction).
pub fn first_answered(recorded: &RecordedDeal) -> Option<usize> {
    bidding_positions(recorded)
        .ok()?
        .iter()
        .position(|p| euchre_ai::solver::slow_search(p).is_none())
}

/// Where `euchre solve` took its deal from, which says how to move on to a later point.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DealSource {
    /// A recorded game (a point in it chosen with `--trick`), with the `--card` at `--trick 0`
    /// where the solver answers again after a slow search's refusal, if any does.
    File { answered_at: Option<usize> },
    /// `--given` (the decisions to a point given with `--then`).
    Given,
}

/// Solves the deal for the seat to act.
///
/// # Errors
/// Nobody is to act, or a point the search is too slow from: Bid Euchre's auction, the bidding
/// under `reneging = penalised`.
pub fn solve(deal: &AnyDeal, source: DealSource) -> Result<Solved> {
    let Some(seat) = deal.to_act() else {
        bail!("the deal is over: nobody is to act");
    };
    // Refused where the engine protocol's `solve` refuses, for the same reason, with what this
    // command takes to get past it (`--trick` is not for `--given`, nor `--then` for a file).
    if let Some(slow) = euchre_ai::solver::slow_search(deal) {
        let remedy = match (slow, source) {
            (_, DealSource::File { answered_at: Some(k) }) => {
                format!(
                    "give --card {k} with --trick 0 (the decision after the auction), or --trick 1 or later"
                )
            }
            (_, DealSource::File { answered_at: None }) => "give --trick 1 or later".into(),
            (SlowSearch::BidEuchreAuction, DealSource::Given) => "give the auction's bids with --then".into(),
            (_, DealSource::Given) => "give the decisions up to the first lead with --then".into(),
        };
        bail!("{slow}; {remedy}");
    }
    let mut solver = Solver::new();
    let started = Instant::now();
    let mut values = solver.action_values(deal);
    let micros = started.elapsed().as_micros();
    values.sort_by(|a, b| b.1.total_cmp(&a.1));
    Ok(Solved {
        seat,
        values,
        nodes: solver.total_nodes(),
        micros,
    })
}

fn hands_of(deal: &AnyDeal) -> Vec<CardSet> {
    match deal {
        AnyDeal::Partnership(d) => d.hands().to_vec(),
        AnyDeal::Solo(d) => d.hands().to_vec(),
    }
}

/// Trump, once made.
fn trump_of(deal: &AnyDeal) -> Option<String> {
    match deal {
        AnyDeal::Partnership(d) => d.trump().map(|t| t.to_string()),
        AnyDeal::Solo(d) => d.trump().map(|t| t.to_string()),
    }
}

/// The upcard, where the deal has one (Bid Euchre's has none).
fn upcard_of(deal: &AnyDeal) -> Option<Card> {
    match deal {
        AnyDeal::Partnership(d) => Some(d.upcard()),
        AnyDeal::Solo(d) => d.upcard(),
    }
}

/// Whether the upcard was turned down: round 2 reached, or trump named in it, without the
/// dealer taking it up. A round-2 call's value is read knowing its suit cannot be named.
fn upcard_turned_down(deal: &AnyDeal) -> bool {
    let (round_two, taken) = match deal {
        AnyDeal::Partnership(d) => (d.phase() == euchre::Phase::Bidding2, d.upcard_taken()),
        AnyDeal::Solo(d) => (d.phase() == SoloPhase::Bidding2, d.upcard_taken()),
    };
    let called = bidding_of(deal)
        .iter()
        .any(|(_, a)| matches!(a, Action::Call { .. }));
    upcard_of(deal).is_some() && !taken && (round_two || called)
}

fn dealer_of(deal: &AnyDeal) -> Seat {
    match deal {
        AnyDeal::Partnership(d) => d.dealer(),
        AnyDeal::Solo(d) => d.dealer(),
    }
}

/// The decisions before the first lead taken so far (bids, the discard, alone and exchange
/// decisions), with their seats: what a bid's value depends on besides the cards.
fn bidding_of(deal: &AnyDeal) -> Vec<(Seat, Action)> {
    match deal {
        AnyDeal::Partnership(d) => d.auction().to_vec(),
        AnyDeal::Solo(d) => d
            .history()
            .iter()
            .take_while(|(_, a)| !matches!(a, Action::Play(_)))
            .copied()
            .collect(),
    }
}

/// The trick in progress: each card played to it so far, with its seat, in play order.
fn trick_so_far(deal: &AnyDeal) -> Vec<(Seat, Card)> {
    match deal {
        AnyDeal::Partnership(d) => {
            // The engine's own seat for each card played (a loner's partner sits out).
            let n = d.current_trick().len();
            let plays = d.plays();
            d.play_seats()
                .zip(plays)
                .skip(plays.len() - n)
                .map(|(s, &c)| (s, c))
                .collect()
        }
        AnyDeal::Solo(d) => d.current_trick().to_vec(),
    }
}

/// Tricks taken so far: by side (seats 0 and 2, then 1 and 3) in the partnership game, by
/// player in the individual games.
fn tricks_won(deal: &AnyDeal) -> Vec<u8> {
    match deal {
        AnyDeal::Partnership(d) => d.tricks_won().to_vec(),
        AnyDeal::Solo(d) => d.tricks_won().to_vec(),
    }
}

fn trick_text(trick: &[(Seat, Card)]) -> String {
    let cards: Vec<String> = trick.iter().map(|(s, c)| format!("seat {s} {c}")).collect();
    cards.join(", ")
}

/// Cards in the position's hands that the record never shows, by seat: a deal rebuilt from the
/// play (EGN often records only the cards played) has them placed by the reader, one
/// placement of several consistent with the record.
pub fn placed_by_reader(deal: &AnyDeal, guessed: CardSet) -> Vec<(usize, Card)> {
    hands_of(deal)
        .iter()
        .enumerate()
        .flat_map(|(seat, h)| h.intersect(guessed).iter().map(move |c| (seat, c)))
        .collect()
}

/// The note that says the values hold for the reader's placement only (empty when no card was
/// placed).
pub fn placement_note(placed: &[(usize, Card)]) -> String {
    if placed.is_empty() {
        return String::new();
    }
    let cards: Vec<String> = placed
        .iter()
        .map(|(seat, c)| format!("seat {seat}'s {c}"))
        .collect();
    format!(
        "\n\nnote: the record never shows {}: the reader placed {} to replay the play, so the values are exact for that placement, not necessarily for the real deal",
        cards.join(", "),
        if placed.len() == 1 { "it" } else { "them" }
    )
}

/// The position and the values, as a table for people.
pub fn human(deal: &AnyDeal, s: &Solved) -> String {
    let trump = trump_of(deal).unwrap_or_else(|| "not made".into());
    let mut out = format!("trump: {trump}\n");
    // A bid's value depends on the card it would order up and on who deals: both are shown.
    out += &format!("dealer: seat {}", dealer_of(deal));
    if let Some(up) = upcard_of(deal) {
        out += &format!(", upcard: {up}");
        if upcard_turned_down(deal) {
            out += " (turned down)";
        }
    }
    let bids: Vec<String> = bidding_of(deal)
        .iter()
        .map(|(seat, a)| format!("seat {seat} {a}"))
        .collect();
    out += &format!(
        "\nbidding: {}\n",
        if bids.is_empty() {
            "none yet".to_string()
        } else {
            bids.join(", ")
        }
    );
    for (i, h) in hands_of(deal).iter().enumerate() {
        let mark = if i == s.seat.index() { "  <- to act" } else { "" };
        out += &format!("seat {i}: {h}{mark}\n");
    }
    let won: Vec<String> = tricks_won(deal).iter().map(u8::to_string).collect();
    let by = match deal {
        AnyDeal::Partnership(_) => "seats 0 and 2, seats 1 and 3",
        AnyDeal::Solo(_) => "by seat",
    };
    out += &format!("tricks taken: {} ({by})\n", won.join("-"));
    let trick = trick_so_far(deal);
    if !trick.is_empty() {
        out += &format!("this trick so far: {}\n", trick_text(&trick));
    }
    out += &format!(
        "\nexact values for seat {}'s side (points for the deal, best play by all):\n",
        s.seat
    );
    let best = s.values.first().map_or(0.0, |v| v.1);
    for (a, v) in &s.values {
        let mark = if (best - v).abs() < 1e-9 { "  best" } else { "" };
        out += &format!("  {:<16} {:>+7.3}{mark}\n", a.to_string(), v);
    }
    out += &format!(
        "\n{} searched in {} µs",
        crate::counted(s.nodes, "position"),
        s.micros
    );
    out
}

/// The same for programs.
pub fn to_json(deal: &AnyDeal, s: &Solved) -> Value {
    json!({
        "seat": s.seat.index(),
        "trump": trump_of(deal),
        "dealer": dealer_of(deal).index(),
        "upcard": upcard_of(deal).map(|c| c.to_string()),
        "upcard_turned_down": upcard_turned_down(deal),
        "bidding": bidding_of(deal).iter().map(|(seat, a)| json!({"seat": seat.index(), "action": a.to_string()})).collect::<Vec<_>>(),
        "hands": hands_of(deal).iter().map(|h| h.iter().map(|c| c.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "tricks_won": tricks_won(deal),
        "trick": trick_so_far(deal).iter().map(|(seat, c)| json!({"seat": seat.index(), "card": c.to_string()})).collect::<Vec<_>>(),
        "values": s.values.iter().map(|(a, v)| json!({"action": a.to_string(), "value": v})).collect::<Vec<_>>(),
        "nodes": s.nodes,
        "micros": s.micros,
    })
}
