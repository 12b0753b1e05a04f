//! How well `basic`'s card predicts another player's: self-plays deals of a player (`pimc-50`
//! by default) and, at every play with a choice, asks whether it played the card `basic` would
//! have. Prints that share, leading and following, whose complement is the maximum-likelihood
//! stray of `PlayModel::Basic` (the share of the other cards), and the log-likelihood of the
//! plays under a range of strays. Then it fits the lead model ([`LeadModel`]) to the same
//! leads by maximum likelihood (gradient ascent on the even deals, its log-likelihood checked
//! on the odd ones against `basic`'s card with the fitted stray), and prints its weights.
//! `cargo run --release -p euchre-ai --example fit_play_model [DEALS] [PLAYER]` (1,000 deals
//! by default).

use euchre::table::{AnyRules, Table, View};
use euchre::{Action, Phase};
use euchre_ai::lead_model::{LeadModel, FEATURES, FEATURE_NAMES};
use euchre_ai::{basic, player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One play with a choice: how many legal cards, whether it led, and whether it was `basic`'s.
struct Play {
    legal: usize,
    lead: bool,
    basic: bool,
}

/// One lead with a choice: each legal card's features, the one led, and the deal's seed.
struct Lead {
    options: Vec<[f64; FEATURES]>,
    chosen: usize,
    seed: u64,
    basic: bool,
}

fn utility(w: &[f64; FEATURES], f: &[f64; FEATURES]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// Each option's chance under the logit with weights `w`.
fn chances(w: &[f64; FEATURES], lead: &Lead) -> Vec<f64> {
    let u: Vec<f64> = lead.options.iter().map(|f| utility(w, f)).collect();
    let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = u.iter().map(|x| (x - top).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|x| x / total).collect()
}

fn lead_log_likelihood<'a>(w: &[f64; FEATURES], leads: impl IntoIterator<Item = &'a Lead>) -> f64 {
    leads
        .into_iter()
        .map(|l| chances(w, l)[l.chosen].max(1e-12).ln())
        .sum()
}

/// Maximum-likelihood weights by full-batch gradient ascent (the log-likelihood of a logit is
/// concave, so plain ascent with a small enough step finds the maximum).
fn fit_leads(leads: &[&Lead]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    let n = leads.len().max(1) as f64;
    for _ in 0..20_000 {
        let mut grad = [0.0; FEATURES];
        for l in leads {
            let p = chances(&w, l);
            for (i, f) in l.options.iter().enumerate() {
                let target = if i == l.chosen { 1.0 } else { 0.0 };
                for k in 0..FEATURES {
                    grad[k] += (target - p[i]) * f[k];
                }
            }
        }
        for k in 0..FEATURES {
            w[k] += 0.5 * grad[k] / n;
        }
    }
    w
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
    let mut lead_data = Vec::new();
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
            let leading = o.tricks.last().is_none_or(|t| t.winner.is_some());
            if o.phase == Phase::Play && o.legal.len() > 1 && leading {
                let cards: Vec<_> = o
                    .legal
                    .iter()
                    .filter_map(|x| match x {
                        Action::Play(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                let options: Option<Vec<_>> = cards.iter().map(|&c| LeadModel::features(o, c)).collect();
                if let (Some(options), Some(chosen)) =
                    (options, cards.iter().position(|&c| Action::Play(c) == a))
                {
                    lead_data.push(Lead {
                        options,
                        chosen,
                        seed,
                        basic: basic::partnership_action(o) == Some(a),
                    });
                }
            }
            if o.phase == Phase::Play && o.legal.len() > 1 {
                plays.push(Play {
                    legal: o.legal.len(),
                    lead: leading,
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
    let (train, test): (Vec<&Lead>, Vec<&Lead>) = lead_data.iter().partition(|l| l.seed % 2 == 0);
    let w = fit_leads(&train);
    // `basic`'s card with the stray fitted on the training leads.
    let stray = 1.0 - train.iter().filter(|l| l.basic).count() as f64 / train.len().max(1) as f64;
    let basic_ll: f64 = test
        .iter()
        .map(|l| {
            if l.basic {
                1.0 - stray
            } else {
                stray / (l.options.len() - 1) as f64
            }
        })
        .map(f64::ln)
        .sum();
    println!(
        "lead model fitted on {} leads; on the other {}: log-likelihood {:.1}, against {:.1} for basic's card with a stray of {stray:.2} and {:.1} for a uniform lead",
        train.len(),
        test.len(),
        lead_log_likelihood(&w, test.iter().copied()),
        basic_ll,
        lead_log_likelihood(&[0.0; FEATURES], test.iter().copied()),
    );
    for (name, x) in FEATURE_NAMES.iter().zip(&w) {
        println!("  {name}: {x:.2}");
    }
    let rounded: Vec<String> = w.iter().map(|x| format!("{:.2}", x)).collect();
    println!("weights: [{}]", rounded.join(", "));
}
