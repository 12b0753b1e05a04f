//! How well an explaining player's expectations match what happens: in self-play, every time
//! a seat makes trump, its expected chances (to make, to march, to be euchred) and points are
//! set against the deal's real outcome, and the means printed side by side.
//! `cargo run --release -p euchre-ai --example calibration [PLAYER] [DEALS]`
//! (`expert-100` and 400 deals by default).

use euchre::table::{AnyDeal, AnyRules};
use euchre::{Action, Deal, Decisions, Seat};
use euchre_ai::{player, Budget, GameView, Outlook};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert-100", String::as_str);
    let deals: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(400);
    let mut p = player(name).expect("a known player");
    let AnyRules::Partnership(rules) = AnyRules::preset("north-american").expect("preset") else {
        panic!("the four-handed preset");
    };
    // (expected, real) sums: make, march, euchred, points; and the count.
    let mut sums = [[0.0f64; 2]; 4];
    let mut bids = 0u32;
    for seed in 0..deals {
        let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(
            rules,
            Seat::new((seed % 4) as u8),
            seed,
        )));
        let mut k = 0u64;
        let mut expected: Option<(Seat, Outlook)> = None;
        while let Some(seat) = deal.to_act() {
            let view = GameView::of_deal(&deal, seat);
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            k += 1;
            let choice = p.choose(&view, &Budget::UNLIMITED, &mut rng);
            let made = matches!(choice.action, Action::Order { .. } | Action::Call { .. });
            if made {
                let i = choice.values.iter().position(|(a, _)| *a == choice.action);
                if let Some(o) = i.and_then(|i| choice.outlooks.get(i)) {
                    expected = Some((seat, *o));
                }
            }
            deal.apply(choice.action).expect("a legal choice");
        }
        let (Some((seat, o)), AnyDeal::Partnership(d)) = (expected, &deal) else {
            continue;
        };
        let team = seat.team().index();
        let pts = d.points();
        let real = f64::from(pts[team]) - f64::from(pts[1 - team]);
        let real_make = f64::from(u8::from(real > 0.0));
        let real_march = f64::from(u8::from(real >= 2.0));
        let real_euchred = f64::from(u8::from(real < 0.0));
        for (s, (e, r)) in sums.iter_mut().zip([
            (o.make, real_make),
            (o.march, real_march),
            (o.euchred, real_euchred),
            (o.points, real),
        ]) {
            s[0] += e;
            s[1] += r;
        }
        bids += 1;
    }
    let n = f64::from(bids.max(1));
    println!("{name}: {bids} deals where a seat made trump (of {deals})");
    for (what, s) in ["make", "march", "euchred", "points"].iter().zip(sums) {
        println!("{what:>8}: expected {:.3}, real {:.3}", s[0] / n, s[1] / n);
    }
}
