//! What each bid really brings, against what the search expected of it. In self-play of
//! `PLAYER` (north-american, 0-0), at every bidding decision with a choice, every legal bid is
//! taken in the real deal and the deal finished by `PLAYOUT` in every seat (each seeing only
//! its own cards), with the same random numbers for every bid; the points it brings the
//! bidder's side are printed beside the points `PLAYER`'s search expected of it.
//!
//! A bid is chosen by its difference from passing, so that is what a correction of the
//! search's bidding must be fitted to: the calibration of the calls made
//! (`examples/calibration.rs`) cannot give it.
//!
//! `cargo run --release -p euchre-ai --example counterfactual [PLAYER] [PLAYOUT] [FIRST] [DEALS]`
//! (`expert`, `pimc-20`, seed 0, 100 deals). One CSV row per (decision, bid):
//! `seed,decision,place,round,bid,alone,chosen,estimate,expected,real`; `place` is 1 for the
//! dealer's left to 4 for the dealer, and `estimate` is `basic`'s estimate of the makers' tricks
//! in the bid's trump (the one the bidding model reads).
#[path = "shared/margin.rs"]
mod margin;

use euchre::table::{AnyDeal, AnyRules, View};
use euchre::{Action, Deal, Decisions, Phase, Seat};
use euchre_ai::bid_correction;
use euchre_ai::{player, Budget, GameView};
use margin::margin_after;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert", String::as_str);
    let playout_name = args.get(2).map_or("pimc-20", String::as_str);
    let first: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(0);
    let deals: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(100);
    let (mut p, mut playout) = match (player(name), player(playout_name)) {
        (Ok(p), Ok(q)) => (p, q),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let AnyRules::Partnership(rules) = AnyRules::preset("north-american").expect("preset") else {
        panic!("the four-handed preset");
    };
    println!("seed,decision,place,round,bid,alone,chosen,estimate,expected,real");
    for seed in first..first + deals {
        let dealer = Seat::new((seed % 4) as u8);
        let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, seed)));
        for k in 0u64.. {
            let AnyDeal::Partnership(d) = &deal else {
                break;
            };
            if d.phase().in_or_after_play() {
                break;
            }
            let Some(seat) = deal.to_act() else { break };
            let view = GameView::of_deal(&deal, seat);
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            let choice = p.choose(&view, &Budget::UNLIMITED, &mut rng);
            let is_bid = |a: &Action| matches!(a, Action::Pass | Action::Order { .. } | Action::Call { .. });
            let View::Partnership(seen) = &view.view else {
                break;
            };
            if choice.values.len() > 1 && choice.values.iter().all(|(a, _)| is_bid(a)) {
                let place = bid_correction::place(seat, dealer);
                let round = if seen.phase == Phase::Bidding1 { 1 } else { 2 };
                for (i, (a, _)) in choice.values.iter().enumerate() {
                    let Some(o) = choice.outlooks.get(i) else {
                        continue;
                    };
                    let mut prng = ChaCha8Rng::seed_from_u64(seed * 1000 + 500 + k);
                    let Some(real) = margin_after(&deal, *a, playout.as_mut(), &mut prng, seat) else {
                        continue;
                    };
                    let (bid, alone) = match a {
                        Action::Pass => ("pass".to_string(), false),
                        Action::Order { alone } => ("order".to_string(), *alone),
                        Action::Call { trump, alone } => (format!("call-{trump}"), *alone),
                        _ => continue,
                    };
                    println!(
                        "{seed},{k},{place},{round},{bid},{},{},{:.3},{:.4},{real}",
                        u8::from(alone),
                        u8::from(*a == choice.action),
                        bid_correction::estimate(seen, *a),
                        o.points
                    );
                }
            }
            if deal.apply(choice.action).is_err() {
                break;
            }
        }
    }
}
