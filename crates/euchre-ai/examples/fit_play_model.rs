//! Fits the models of how the others play their cards, for weighing worlds by their plays
//! (`infer::PlayModel`), to a player's plays in self-play (`pimc-50` by default).
//!
//! At every play with a choice it asks whether the player played the card `basic` would have.
//! That share, leading and following, is one less the maximum-likelihood stray of
//! `PlayModel::Basic`. Then it fits the lead model ([`LeadModel`]) and the follow model
//! ([`FollowModel`]) by maximum likelihood on the even deals, and checks each on the odd ones
//! against the models in use and `basic`'s card with the stray fitted on the even ones. It
//! prints the weights to put in the models' constants.
//! `cargo run --release -p euchre-ai --example fit_play_model [DEALS] [PLAYER]` (1,000 deals
//! by default).

use euchre::observation::Observation;
use euchre::table::{AnyRules, Table, View};
use euchre::{Action, Card, CardSet, Phase};
use euchre_ai::follow_model::FollowModel;
use euchre_ai::lead_model::LeadModel;
use euchre_ai::{basic, follow_model, lead_model, player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One play with a choice: each legal card's features, the one played, the deal's seed, and
/// whether it was `basic`'s card.
struct Choice<const N: usize> {
    options: Vec<[f64; N]>,
    chosen: usize,
    seed: u64,
    basic: bool,
}

impl<const N: usize> Choice<N> {
    fn new(
        o: &Observation,
        played: Action,
        seed: u64,
        features: impl Fn(CardSet, Card) -> Option<[f64; N]>,
    ) -> Option<Choice<N>> {
        let cards: Vec<Card> = o
            .legal
            .iter()
            .filter_map(|x| match x {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let set: CardSet = cards.iter().copied().collect();
        Some(Choice {
            options: cards.iter().map(|&c| features(set, c)).collect::<Option<_>>()?,
            chosen: cards.iter().position(|&c| Action::Play(c) == played)?,
            seed,
            basic: basic::partnership_action(o) == Some(played),
        })
    }

    /// Each option's chance under the logit with weights `w`.
    fn chances(&self, w: &[f64; N]) -> Vec<f64> {
        let u: Vec<f64> = self
            .options
            .iter()
            .map(|f| w.iter().zip(f).map(|(a, b)| a * b).sum())
            .collect();
        let top = u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let e: Vec<f64> = u.iter().map(|x| (x - top).exp()).collect();
        let total: f64 = e.iter().sum();
        e.iter().map(|x| x / total).collect()
    }
}

fn log_likelihood<const N: usize>(w: &[f64; N], data: &[&Choice<N>]) -> f64 {
    data.iter().map(|c| c.chances(w)[c.chosen].max(1e-12).ln()).sum()
}

/// The log-likelihood of `data` under `basic`'s card with a `stray` share spread evenly over
/// the other cards.
fn basic_log_likelihood<const N: usize>(stray: f64, data: &[&Choice<N>]) -> f64 {
    data.iter()
        .map(|c| {
            if c.basic {
                (1.0 - stray).ln()
            } else {
                (stray / (c.options.len() - 1) as f64).ln()
            }
        })
        .sum()
}

/// Maximum-likelihood weights by full-batch gradient ascent (the log-likelihood of a logit is
/// concave, so plain ascent with a small enough step finds the maximum).
fn fit<const N: usize>(data: &[&Choice<N>]) -> [f64; N] {
    let mut w = [0.0; N];
    let n = data.len().max(1) as f64;
    for _ in 0..20_000 {
        let mut grad = [0.0; N];
        for c in data {
            let p = c.chances(&w);
            for (i, f) in c.options.iter().enumerate() {
                let target = if i == c.chosen { 1.0 } else { 0.0 };
                for k in 0..N {
                    grad[k] += (target - p[i]) * f[k];
                }
            }
        }
        for k in 0..N {
            w[k] += 0.5 * grad[k] / n;
        }
    }
    w
}

/// Fits a model to `data`'s even deals and reports it on the odd ones.
fn report<const N: usize>(what: &str, data: &[Choice<N>], names: &[&str; N], in_use: &[f64; N]) {
    let (train, test): (Vec<&Choice<N>>, Vec<&Choice<N>>) = data.iter().partition(|c| c.seed % 2 == 0);
    let same = |d: &[&Choice<N>]| d.iter().filter(|c| c.basic).count() as f64 / d.len().max(1) as f64;
    let stray = 1.0 - same(&train);
    let w = fit(&train);
    println!(
        "{what}: {} with a choice, basic's card in {:.1}% (stray {stray:.2}); fitted on {}, on the other {}: log-likelihood {:.1}, against {:.1} for the model in use, {:.1} for basic's card with the stray and {:.1} for a card drawn evenly",
        data.len(),
        100.0 * same(&data.iter().collect::<Vec<_>>()),
        train.len(),
        test.len(),
        log_likelihood(&w, &test),
        log_likelihood(in_use, &test),
        basic_log_likelihood(stray, &test),
        log_likelihood(&[0.0; N], &test),
    );
    for (name, x) in names.iter().zip(&w) {
        println!("  {name}: {x:.2}");
    }
    let rounded: Vec<String> = w.iter().map(|x| format!("{x:.2}")).collect();
    println!("  weights: [{}]", rounded.join(", "));
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let name = args.get(2).map_or("pimc-50", String::as_str);
    let mut p = player(name).expect("a known player");
    let rules = AnyRules::preset("north-american").expect("preset");
    let mut leads = Vec::new();
    let mut follows = Vec::new();
    // The dealer's discards with a choice, and how many were `basic`'s card.
    let mut discards = [0u32; 2];
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
            if o.phase == Phase::Discard && o.legal.len() > 1 {
                discards[0] += 1;
                discards[1] += u32::from(basic::partnership_action(o) == Some(a));
            }
            if o.phase == Phase::Play && o.legal.len() > 1 {
                if o.tricks.last().is_none_or(|t| t.winner.is_some()) {
                    leads.extend(Choice::new(o, a, seed, |_, c| LeadModel::features(o, c)));
                } else {
                    let basics = match basic::partnership_action(o) {
                        Some(Action::Play(c)) => Some(c),
                        _ => None,
                    };
                    let features = |set, c| FollowModel::features(o, set, basics, c);
                    follows.extend(Choice::new(o, a, seed, features));
                }
            }
            game.apply(a).expect("a legal choice");
        }
    }
    println!("{name} in {deals} deals");
    println!(
        "discards: {}, basic's card in {:.1}% (stray {:.2})",
        discards[0],
        100.0 * f64::from(discards[1]) / f64::from(discards[0].max(1)),
        1.0 - f64::from(discards[1]) / f64::from(discards[0].max(1))
    );
    report(
        "leads",
        &leads,
        &lead_model::FEATURE_NAMES,
        &LeadModel::PIMC.weights,
    );
    let in_use = &FollowModel::PIMC.weights;
    report("follows", &follows, &follow_model::FEATURE_NAMES, in_use);
}
