//! Fits the bidding model of `infer` ([`BidModel`]) to the bids a player makes in self-play:
//! the parameters that make its observed bids most likely (maximum likelihood, by coordinate
//! search). `cargo run --release -p euchre-ai --example fit_bid_model [DEALS] [PLAYER]
//! [--by-place]` (3,000 deals of `pimc-50` by default), and prints the fitted model with its
//! log-likelihood against the one in use; `--by-place` fits the make threshold by the bidder's
//! round and place too, `--hand` the weights of the hand's features
//! ([`euchre_ai::infer::HAND_FEATURE_NAMES`]) as well. With `--hand` the fit is on the even
//! deals and both models' log-likelihood is reported on the odd ones too.

use euchre::observation::Observation;
use euchre::table::{AnyRules, Table, View};
use euchre::{Action, Phase};
use euchre_ai::infer::{BidModel, HAND_FEATURES, HAND_FEATURE_NAMES};
use euchre_ai::{player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn log_likelihood(model: &BidModel, data: &[(Observation, Action)]) -> f64 {
    data.iter()
        .filter_map(|(o, a)| model.probability(o, *a))
        .map(|p| p.max(1e-9).ln())
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(3000);
    let name = args.get(2).map_or("pimc-50", String::as_str);
    let hand = args.iter().any(|a| a == "--hand");
    let by_place = hand || args.iter().any(|a| a == "--by-place");
    let mut p = player(name).expect("a known player");
    let rules = AnyRules::preset("north-american").expect("preset");
    let mut data = Vec::new();
    for seed in 0..deals {
        let mut game = rules.new_game(seed);
        let mut k = 0u64;
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let View::Partnership(o) = &view.view else {
                panic!("the four-handed preset");
            };
            if o.phase.in_or_after_play() {
                break;
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            k += 1;
            let a = p.choose(&view, &Budget::UNLIMITED, &mut rng).action;
            if matches!(o.phase, Phase::Bidding1 | Phase::Bidding2 | Phase::MakerAlone) && o.legal.len() > 1 {
                data.push((seed, (**o).clone(), a));
            }
            game.apply(a).expect("a legal choice");
        }
    }
    let (fit, held): (Vec<_>, Vec<_>) = data.into_iter().partition(|(seed, ..)| !hand || seed % 2 == 0);
    let data: Vec<(Observation, Action)> = fit.into_iter().map(|(_, o, a)| (o, a)).collect();
    let held: Vec<(Observation, Action)> = held.into_iter().map(|(_, o, a)| (o, a)).collect();
    let start = if hand {
        BidModel::PIMC_BY_PLACE
    } else {
        BidModel::PIMC
    };
    let mut m = start;
    let steps = [0.5, 0.1, 0.02];
    // The make threshold by round and place only with `--by-place`.
    let fields = if hand {
        12 + HAND_FEATURES
    } else if by_place {
        12
    } else {
        4
    };
    for &step in &steps {
        for _ in 0..6 {
            for field in 0..fields {
                let get = |m: &BidModel| match field {
                    0 => m.make_at,
                    1 => m.make_slope,
                    2 => m.alone_at,
                    3 => m.alone_slope,
                    f if f < 12 => m.at_by_place[f - 4],
                    f => m.hand[f - 12],
                };
                let set = |m: &mut BidModel, v: f64| match field {
                    0 => m.make_at = v,
                    1 => m.make_slope = v,
                    2 => m.alone_at = v,
                    3 => m.alone_slope = v,
                    f if f < 12 => m.at_by_place[f - 4] = v,
                    f => m.hand[f - 12] = v,
                };
                let mut best = (log_likelihood(&m, &data), get(&m));
                for k in -10..=10 {
                    let mut c = m;
                    let v = get(&m) + f64::from(k) * step;
                    if (field == 1 || field == 3) && v <= 0.0 {
                        continue;
                    }
                    set(&mut c, v);
                    let ll = log_likelihood(&c, &data);
                    if ll > best.0 {
                        best = (ll, v);
                    }
                }
                set(&mut m, best.1);
            }
        }
    }
    println!("{} bidding decisions of {name} in {deals} deals", data.len());
    println!(
        "in use: {start:?}, log-likelihood {:.1}",
        log_likelihood(&start, &data)
    );
    println!("fitted: {m:?}, log-likelihood {:.1}", log_likelihood(&m, &data));
    if hand {
        for (name, w) in HAND_FEATURE_NAMES.iter().zip(m.hand) {
            println!("  {name:<16} {w:+.2}");
        }
        println!(
            "on the {} decisions of the odd deals, not fitted: in use {:.1}, fitted {:.1}",
            held.len(),
            log_likelihood(&start, &held),
            log_likelihood(&m, &held)
        );
    }
}
