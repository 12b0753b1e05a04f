//! How well `basic`'s card predicts another player's: self-plays deals of a player (`pimc-50`
//! by default) and, at every play with a choice, asks whether it played the card `basic` would
//! have. Prints that share, leading and following, whose complement is the maximum-likelihood
//! stray of `PlayModel::Basic` (the share of the other cards), and the log-likelihood of the
//! plays under a range of strays. `cargo run --release -p euchre-ai --example fit_play_model
//! [DEALS] [PLAYER]` (1,000 deals by default).

use euchre::table::{AnyRules, Table, View};
use euchre::Phase;
use euchre_ai::{basic, player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One play with a choice: how many legal cards, whether it led, and whether it was `basic`'s.
struct Play {
    legal: usize,
    lead: bool,
    basic: bool,
}

fn log_likelihood<'a>(stray: f64, plays: impl IntoIterator<Item = &'a Play>) -> f64 {
    plays
        .into_iter()
        .map(|p| {
            if p.basic {
                (1.0 - stray).ln()
            } else {
                (stray / (p.legal - 1) as f64).ln()
            }
        })
        .sum()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let name = args.get(2).map_or("pimc-50", String::as_str);
    let mut p = player(name).expect("a known player");
    let rules = AnyRules::preset("north-american").expect("preset");
    let mut plays = Vec::new();
    for seed in 0..deals {
        let mut game = rules.new_game(seed);
        let mut k = 0u64;
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let View::Partnership(o) = &view.view else {
                panic!("the four-handed preset");
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
            k += 1;
            let a = p.choose(&view, &Budget::UNLIMITED, &mut rng).action;
            if o.phase == Phase::Play && o.legal.len() > 1 {
                plays.push(Play {
                    legal: o.legal.len(),
                    lead: o.tricks.last().is_none_or(|t| t.winner.is_some()),
                    basic: basic::partnership_action(o) == Some(a),
                });
            }
            game.apply(a).expect("a legal choice");
        }
    }
    let share = |f: &dyn Fn(&Play) -> bool| {
        let of: Vec<&Play> = plays.iter().filter(|p| f(p)).collect();
        let same = of.iter().filter(|p| p.basic).count();
        (same, of.len())
    };
    let (same, all) = share(&|_| true);
    let (lead_same, leads) = share(&|p| p.lead);
    let (follow_same, follows) = share(&|p| !p.lead);
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!("{all} plays with a choice by {name} in {deals} deals");
    println!(
        "basic's card: {:.1}% of all, {:.1}% of {leads} leads, {:.1}% of {follows} follows",
        pct(same, all),
        pct(lead_same, leads),
        pct(follow_same, follows)
    );
    let fitted = |same: usize, of: usize| 1.0 - same as f64 / of.max(1) as f64;
    let (lead, follow) = (fitted(lead_same, leads), fitted(follow_same, follows));
    println!("fitted strays: leading {lead:.2}, following {follow:.2}");
    let split = |l: f64, f: f64| {
        let (led, followed): (Vec<&Play>, Vec<&Play>) = plays.iter().partition(|p| p.lead);
        log_likelihood(l, led) + log_likelihood(f, followed)
    };
    println!(
        "log-likelihood with the fitted strays: {:.1}",
        split(lead, follow)
    );
    for stray in [0.02, 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.40, 0.50] {
        println!("one stray {stray:.2}: log-likelihood {:.1}", split(stray, stray));
    }
}
