//! Where one player's edge over another comes from, deal by deal: each board is dealt twice
//! (`north-american`), first player in seats 0 and 2, then in seats 1 and 3, with common random
//! numbers per seat, so both plays run alike up to the first decision where the two players,
//! holding the same cards in the same seat, choose differently. The board's whole difference
//! (the first player's points less the second's, both plays) is put down to that decision, and
//! the boards are summed by its kind: the phase, the decider's place (1 the dealer's left, 4 the
//! dealer) and the two choices. Boards that never diverge add exactly 0.
//! `cargo run --release -p euchre-ai --example divergence [FIRST] [SECOND] [BOARDS] [SEED]`
//! (`expert pimc-50 1000 1` by default).

mod shared;

use std::collections::BTreeMap;

use euchre::table::{AnyDeal, AnyRules};
use euchre::{Action, Deal, Decisions, Seat};
use euchre_ai::{bid_correction, mix_seed, player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One play of a board: each decision's seat, the legal actions' kind and the action taken,
/// and the points each seat's team took.
struct Played {
    moves: Vec<(Seat, &'static str, Action)>,
    points: [i64; 2],
}

fn play(names: [&str; 2], first_on_even: bool, rules: AnyRules, board: u64, seed: u64) -> Played {
    let AnyRules::Partnership(r) = rules else {
        panic!("four-handed rules")
    };
    let dealer = Seat::new((board % 4) as u8);
    let deal_seed = mix_seed(seed, board);
    let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(r, dealer, deal_seed)));
    let mut players: Vec<_> = (0..4)
        .map(|s| {
            let first = (s % 2 == 0) == first_on_even;
            player(names[usize::from(!first)]).expect("a known player")
        })
        .collect();
    let mut rngs: Vec<ChaCha8Rng> = (0..4)
        .map(|s| ChaCha8Rng::seed_from_u64(mix_seed(deal_seed, 1 + s)))
        .collect();
    let mut moves = Vec::new();
    while let Some(seat) = deal.to_act() {
        let view = GameView::of_deal(&deal, seat);
        let s = seat.index();
        let kind = phase(&deal, view.legal());
        let a = players[s].choose(&view, &Budget::UNLIMITED, &mut rngs[s]).action;
        moves.push((seat, kind, a));
        deal.apply(a).expect("a legal choice");
    }
    let AnyDeal::Partnership(d) = &deal else {
        unreachable!()
    };
    let p = d.points();
    Played {
        moves,
        points: [i64::from(p[0]), i64::from(p[1])],
    }
}

/// The kind of decision, from the legal actions (and in the play, the trick).
fn phase(deal: &AnyDeal, legal: &[Action]) -> &'static str {
    if legal.iter().any(|a| matches!(a, Action::Order { .. })) {
        "round 1"
    } else if legal.iter().any(|a| matches!(a, Action::Call { .. })) {
        "round 2"
    } else if legal.iter().any(|a| matches!(a, Action::Discard(_))) {
        "discard"
    } else if legal.iter().any(|a| matches!(a, Action::Alone)) {
        "alone?"
    } else {
        let AnyDeal::Partnership(d) = deal else {
            return "play";
        };
        let lead = d.current_trick().is_empty();
        match (d.tricks_done(), lead) {
            (0, true) => "opening lead",
            (0, false) => "trick 1 follow",
            (1, true) => "trick 2 lead",
            (1, false) => "trick 2 follow",
            (_, true) => "later lead",
            (_, false) => "later follow",
        }
    }
}

/// An action in a few words: in the bidding, its kind; in the play, nothing (the kind of the
/// decision says enough, and naming cards would split the boards too finely).
fn word(a: Action) -> &'static str {
    match a {
        Action::Pass => "pass",
        Action::Order { alone: false } => "order",
        Action::Order { alone: true } => "order alone",
        Action::Call { alone: false, .. } => "call",
        Action::Call { alone: true, .. } => "call alone",
        Action::Alone => "alone",
        Action::Partner => "partner",
        _ => "card",
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let first = args.get(1).map_or("expert", String::as_str).to_string();
    let second = args.get(2).map_or("pimc-50", String::as_str).to_string();
    let boards: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(1);
    let rules = AnyRules::preset("north-american").expect("preset");
    // Per kind: the boards' differences.
    let mut kinds: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let results = shared::on_every_core(boards, |b| divergence(&first, &second, rules, b, seed));
    for (kind, d) in results {
        kinds.entry(kind).or_default().push(d);
    }
    let n = boards as f64;
    println!("{first} against {second}, {boards} boards, seed {seed}: each board's difference put down to the first decision where the two plays part");
    println!(
        "{:<46} {:>6} {:>9} {:>18}",
        "first decision that differs (first / second)", "boards", "per board", "share of the total"
    );
    let mut rows: Vec<_> = kinds.into_iter().collect();
    rows.sort_by(|a, b| b.1.iter().sum::<f64>().total_cmp(&a.1.iter().sum::<f64>()));
    let total: f64 = rows.iter().flat_map(|r| &r.1).sum();
    for (kind, ds) in &rows {
        let sum: f64 = ds.iter().sum();
        // The row's contribution to the mean difference per board, with its 95% interval over
        // all the boards (each board outside the row adds 0).
        let mean = sum / n;
        let var = ds.iter().map(|d| d * d).sum::<f64>() / n - mean * mean;
        let half = 1.96 * (var / (n - 1.0)).sqrt();
        println!(
            "{kind:<46} {:>6} {:>+9.3} {:>+8.3} ± {half:.3}",
            ds.len(),
            sum / ds.len() as f64,
            mean
        );
    }
    println!("total per board (two deals): {:+.3}", total / n);
}

/// The board's difference and the kind of its first divergence.
fn divergence(first: &str, second: &str, rules: AnyRules, board: u64, seed: u64) -> (String, f64) {
    let a = play([first, second], true, rules, board, seed);
    let b = play([first, second], false, rules, board, seed);
    // The first player's side: seats 0 and 2 in `a`, 1 and 3 in `b`.
    let diff = (a.points[0] - a.points[1]) + (b.points[1] - b.points[0]);
    let dealer = Seat::new((board % 4) as u8);
    let at = a
        .moves
        .iter()
        .zip(&b.moves)
        .find(|(x, y)| x.2 != y.2 || x.0 != y.0);
    let kind = match at {
        None => "no difference".to_string(),
        Some((x, y)) => {
            let place = bid_correction::place(x.0, dealer);
            // In `a` the first player sits at the even seats.
            let (mine, theirs) = if x.0.index() % 2 == 0 { (x, y) } else { (y, x) };
            format!("{} place {place}: {} / {}", x.1, word(mine.2), word(theirs.2))
        }
    };
    (kind, diff as f64)
}
