//! `euchre solve`: the exact value of every legal action at a point of a fully known deal.

use anyhow::{anyhow, bail, Context, Result};
use euchre::solo::SoloDeal;
use euchre::table::{AnyDeal, AnyRules};
use euchre::{Action, Card, CardSet, Deal, Decisions, Seat};
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

/// A deal given in the engine protocol's format under `rules`, with `then` (decisions in the
/// protocol's text, separated by commas) applied in order.
///
/// # Errors
/// A deal that is not one, or a decision that is not legal (named, with its place).
pub fn given(rules: AnyRules, text: &str, then: &str) -> Result<AnyDeal> {
    // A key given twice is refused, as the engine protocol refuses it.
    let v: Value = euchre_egn::document_json(text).context("--given")?;
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

/// Where `euchre solve` took its deal from, which says how to move on to a later point.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DealSource {
    /// A recorded game (a point in it chosen with `--trick`).
    File,
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
            (_, DealSource::File) => "give --trick 1 or later",
            (SlowSearch::BidEuchreAuction, DealSource::Given) => "give the auction's bids with --then",
            (_, DealSource::Given) => "give the decisions up to the first lead with --then",
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
        "hands": hands_of(deal).iter().map(|h| h.iter().map(|c| c.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
        "tricks_won": tricks_won(deal),
        "trick": trick_so_far(deal).iter().map(|(seat, c)| json!({"seat": seat.index(), "card": c.to_string()})).collect::<Vec<_>>(),
        "values": s.values.iter().map(|(a, v)| json!({"action": a.to_string(), "value": v})).collect::<Vec<_>>(),
        "nodes": s.nodes,
        "micros": s.micros,
    })
}
