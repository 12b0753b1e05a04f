//! How well an explaining player's expectations match what happens: in self-play, every time
//! a seat makes trump, its expected chances (to make, to march, to be euchred) and points are
//! set against the deal's real outcome, and the means printed side by side.
//! `cargo run --release -p euchre-ai --example calibration [PLAYER] [DEALS]`
//! (`expert-100` and 400 deals by default).

use euchre::table::{AnyDeal, AnyRules};
use euchre::{Action, Deal, Decisions, Seat};
use euchre_ai::{bid_correction, player, Budget, GameView, Outlook};
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
    // Per kind of call (round, alone, the maker's place), then all together: (expected, real)
    // sums of make, march, euchred and points, and the count.
    let mut kinds: std::collections::BTreeMap<String, ([[f64; 2]; 4], u32)> = Default::default();
    for seed in 0..deals {
        let dealer = Seat::new((seed % 4) as u8);
        let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, seed)));
        let mut k = 0u64;
        let mut expected: Option<(Seat, Outlook, String)> = None;
        while let Some(seat) = deal.to_act() {
            let view = GameView::of_deal(&deal, seat);
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            k += 1;
            let choice = p.choose(&view, &Budget::UNLIMITED, &mut rng);
            let made = matches!(choice.action, Action::Order { .. } | Action::Call { .. });
            if made {
                let i = choice.values.iter().position(|(a, _)| *a == choice.action);
                if let Some(o) = i.and_then(|i| choice.outlooks.get(i)) {
                    let round = if matches!(choice.action, Action::Order { .. }) {
                        1
                    } else {
                        2
                    };
                    let alone = matches!(
                        choice.action,
                        Action::Order { alone: true } | Action::Call { alone: true, .. }
                    );
                    let place = bid_correction::place(seat, dealer);
                    let kind = format!(
                        "round {round}, {}, seat {place}",
                        if alone { "alone" } else { "partner" }
                    );
                    expected = Some((seat, *o, kind));
                }
            }
            deal.apply(choice.action).expect("a legal choice");
        }
        let (Some((seat, o, kind)), AnyDeal::Partnership(d)) = (expected, &deal) else {
            continue;
        };
        let team = seat.team().index();
        let pts = d.points();
        let real = f64::from(pts[team]) - f64::from(pts[1 - team]);
        let real_make = f64::from(u8::from(real > 0.0));
        let real_march = f64::from(u8::from(real >= 2.0));
        let real_euchred = f64::from(u8::from(real < 0.0));
        for key in [kind, "all".to_string()] {
            let (sums, count) = kinds.entry(key).or_default();
            for (s, (e, r)) in sums.iter_mut().zip([
                (o.make, real_make),
                (o.march, real_march),
                (o.euchred, real_euchred),
                (o.points, real),
            ]) {
                s[0] += e;
                s[1] += r;
            }
            *count += 1;
        }
    }
    let all = kinds.get("all").map_or(0, |k| k.1);
    println!("{name}: {all} deals where a seat made trump (of {deals}); expected / real");
    println!(
        "{:<28} {:>6} {:>15} {:>15} {:>15} {:>15}",
        "call", "deals", "make", "march", "euchred", "points"
    );
    for (kind, (sums, count)) in &kinds {
        let n = f64::from((*count).max(1));
        let cells: Vec<String> = sums
            .iter()
            .map(|s| format!("{:.3} / {:.3}", s[0] / n, s[1] / n))
            .collect();
        println!(
            "{kind:<28} {count:>6} {:>15} {:>15} {:>15} {:>15}",
            cells[0], cells[1], cells[2], cells[3]
        );
    }
}
