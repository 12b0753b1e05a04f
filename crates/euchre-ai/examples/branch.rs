//! Which bid really does better with a given hand? Deals `DEALS` random deals
//! (north-american, deal by deal) in which `SEAT` (1, the dealer's left, unless given; seat 0
//! deals) holds `HAND` and `UPCARD` is turned, makes each of `ACTIONS` there, and lets `SIDE`
//! (`SEAT` and its partner) and `OPPONENT` (the other two) finish each deal, with the same
//! random numbers for every action. Prints each action's mean points for `SEAT`'s side and each
//! one's difference from the first, with its 95% interval: a check of a test of judgement
//! against real play, not against the search's own view of it.
//!
//! With BEFORE (actions separated by commas) those are made first, in turn, and ACTIONS are
//! `SEAT`'s next decision: `pass,pass,pass,pass` for seat 1's first bid in round 2, `pass` for
//! seat 2's first. The other seats' parts of it are theirs to make: a deal counts only where
//! each of them, deciding as it would, chose what BEFORE says (so their passes say what real
//! passes say of a hand).
//!
//! `cargo run --release -p euchre-ai --example branch -- HAND UPCARD ACTIONS [SIDE] [OPPONENT]
//! [DEALS] [SEED] [BEFORE] [SEAT]`, for example `branch -- "JH JD AH 9S 10C" QH "order,pass"
//! expert pimc-50 400 1`.

mod shared;

use euchre::rules::Rules;
use euchre::table::AnyDeal;
use euchre::{Action, Card, CardSet, Deal, Decisions, Seat};
use euchre_ai::duplicate::Estimate;
use euchre_ai::{mix_seed, player, Budget, GameView, Player};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn usage(why: &str) -> ! {
    eprintln!("branch: {why}");
    eprintln!("usage: branch HAND UPCARD ACTIONS [SIDE] [OPPONENT] [DEALS] [SEED] [BEFORE] [SEAT]");
    std::process::exit(2)
}

/// What every deal of the run shares: the rules, the hand, the seat holding it, the upcard
/// and the players' names (`SEAT`'s side first).
struct Setup<'a> {
    rules: Rules,
    hand: CardSet,
    seat: Seat,
    upcard: Card,
    names: (&'a str, &'a str),
}

impl Setup<'_> {
    /// Seat `s`'s player: `names.0` on `seat`'s side, `names.1` on the other.
    fn player(&self, s: usize) -> Box<dyn Player> {
        let ours = s % 2 == self.seat.index() % 2;
        player(if ours { self.names.0 } else { self.names.1 }).expect("a known player")
    }
}

/// A deal where `setup.seat` holds the hand, the upcard is turned, and the other cards are
/// shuffled round the other seats by `seed`.
fn deal(setup: &Setup, seed: u64) -> Deal {
    let Setup {
        rules,
        hand,
        seat,
        upcard,
        ..
    } = *setup;
    let mut rest: Vec<Card> = rules.deck().minus(hand).without(upcard).iter().collect();
    rest.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let mut others = rest.chunks(5);
    let hands = std::array::from_fn(|i| {
        if i == seat.index() {
            hand
        } else {
            others
                .next()
                .expect("three other hands")
                .iter()
                .copied()
                .collect()
        }
    });
    Deal::new(rules, Seat::new(0), hands, upcard, CardSet::EMPTY).expect("a legal deal")
}

/// `start` after `before`, where every seat but `setup.seat` chose its part of it itself;
/// `None` where one chose otherwise (or `setup.seat` is not then to act).
fn after(start: &Deal, before: &[Action], setup: &Setup, seed: u64) -> Option<Deal> {
    let mut d = AnyDeal::Partnership(Box::new(start.clone()));
    for &wanted in before {
        let seat = d.to_act()?;
        if seat != setup.seat {
            let view = GameView::of_deal(&d, seat);
            let mut rng = ChaCha8Rng::seed_from_u64(mix_seed(seed, 10 + seat.index() as u64));
            let chosen = setup
                .player(seat.index())
                .choose(&view, &Budget::UNLIMITED, &mut rng)
                .action;
            if chosen != wanted {
                return None;
            }
        }
        d.apply(wanted).ok()?;
    }
    let AnyDeal::Partnership(d) = d else {
        unreachable!("a four-handed deal")
    };
    (d.to_act() == Some(setup.seat)).then_some(*d)
}

/// `setup.seat`'s side's points less the other side's, after `first` and the rest played out.
fn play(start: &Deal, first: Action, setup: &Setup, seed: u64) -> f64 {
    let mut players: Vec<_> = (0..4).map(|s| setup.player(s)).collect();
    let mut rngs: Vec<ChaCha8Rng> = (0..4)
        .map(|s| ChaCha8Rng::seed_from_u64(mix_seed(seed, s)))
        .collect();
    let mut d = AnyDeal::Partnership(Box::new(start.clone()));
    d.apply(first).expect("a legal action");
    while let Some(seat) = d.to_act() {
        let view = GameView::of_deal(&d, seat);
        let a = players[seat.index()]
            .choose(&view, &Budget::UNLIMITED, &mut rngs[seat.index()])
            .action;
        d.apply(a).expect("a legal choice");
    }
    let AnyDeal::Partnership(end) = &d else {
        unreachable!("a four-handed deal")
    };
    let p = end.points();
    let ours = setup.seat.index() % 2;
    f64::from(p[ours]) - f64::from(p[1 - ours])
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = Rules::preset("north-american").expect("preset");
    let Some(hand) = args.get(1) else { usage("no HAND") };
    let hand: CardSet = hand
        .split_whitespace()
        .map(|c| c.parse::<Card>().map_err(|e| format!("{c}: {e}")))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| usage(&e));
    let upcard: Card = args
        .get(2)
        .map(|c| c.parse().unwrap_or_else(|e| usage(&format!("{c}: {e}"))))
        .unwrap_or_else(|| usage("no UPCARD"));
    let actions: Vec<Action> = args
        .get(3)
        .unwrap_or_else(|| usage("no ACTIONS"))
        .split(',')
        .map(|a| a.parse().unwrap_or_else(|e| usage(&format!("{a}: {e}"))))
        .collect();
    let side = args.get(4).map_or("expert", String::as_str).to_string();
    let opponent = args.get(5).map_or("pimc-50", String::as_str).to_string();
    let deals: u64 = args.get(6).and_then(|n| n.parse().ok()).unwrap_or(400);
    let seed: u64 = args.get(7).and_then(|n| n.parse().ok()).unwrap_or(1);
    if hand.len() != 5 || hand.contains(upcard) {
        usage("HAND is five cards, UPCARD not among them");
    }
    for n in [&side, &opponent] {
        if let Err(e) = player(n) {
            usage(&e.to_string());
        }
    }
    let before: Vec<Action> = match args.get(8) {
        Some(b) => b
            .split(',')
            .map(|a| a.parse().unwrap_or_else(|e| usage(&format!("{a}: {e}"))))
            .collect(),
        None => Vec::new(),
    };
    let seat = match args.get(9).map(|s| s.parse::<u8>()) {
        None => Seat::new(1),
        Some(Ok(s @ 1..=3)) => Seat::new(s),
        Some(_) => usage("SEAT is 1, 2 or 3 (seat 0 deals)"),
    };
    let setup = Setup {
        rules,
        hand,
        seat,
        upcard,
        names: (side.as_str(), opponent.as_str()),
    };
    let mut probe = AnyDeal::Partnership(Box::new(deal(&setup, 0)));
    for &a in &before {
        if probe.apply(a).is_err() {
            usage(&format!("BEFORE: {a} cannot be made there"));
        }
    }
    if probe.to_act() != Some(seat) {
        usage(&format!("BEFORE does not leave seat {seat} to act"));
    }
    for a in &actions {
        if !probe.legal_actions().contains(a) {
            usage(&format!("{a} is not seat {seat}'s choice there"));
        }
    }
    let tried = shared::on_every_core(deals, |i| {
        let s = mix_seed(seed, i);
        let d = after(&deal(&setup, s), &before, &setup, s)?;
        Some(
            actions
                .iter()
                .map(|&a| play(&d, a, &setup, s))
                .collect::<Vec<f64>>(),
        )
    });
    let results: Vec<Vec<f64>> = tried.into_iter().flatten().collect();
    if results.is_empty() {
        usage("in no deal did the other seats bid as BEFORE says");
    }
    println!(
        "seat {seat} ({}) holding {} with {upcard} turned, {} of {deals} deals{}, {side} against {opponent}",
        [
            "the dealer",
            "the dealer's left",
            "the dealer's partner",
            "the dealer's right"
        ][seat.index()],
        args[1],
        results.len(),
        if before.is_empty() {
            String::new()
        } else {
            format!(" after {}", args[8])
        }
    );
    let deals = results.len();
    for (k, a) in actions.iter().enumerate() {
        let mean = results.iter().map(|r| r[k]).sum::<f64>() / deals as f64;
        let diff: Vec<(f64, f64)> = results.iter().map(|r| (1.0, r[k] - r[0])).collect();
        let e = Estimate::ratio(&diff);
        println!(
            "{a:>12}: {mean:+.3} points a deal; less {}: {:+.3} [{:+.3}, {:+.3}]",
            actions[0],
            e.mean,
            e.low(),
            e.high()
        );
    }
}
