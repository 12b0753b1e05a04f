//! What each lead really brings, against what the search expected of it. `PLAYER` sits at
//! seats 0 and 2 against `OPPONENT` (north-american, deal by deal); at every lead `PLAYER`
//! makes with a choice of cards, every legal card is led in the real deal and the deal finished
//! by `PLAYOUT` in every seat (each seeing only its own cards), with the same random numbers for
//! every card; the points it brings the leader's side are printed beside the points `PLAYER`'s
//! search expected of it.
//!
//! The knowing-the-cards bounds (`examples/oracle.rs`) put most of what perfect inference is
//! worth in the play at the leads; this asks whether the search misjudges some kind of lead
//! (a trump, an ace, a low card) against real play rather than against play that sees every
//! card.
//!
//! `cargo run --release -p euchre-ai --example counterfactual_leads [PLAYER] [OPPONENT]
//! [PLAYOUT] [FIRST] [DEALS]` (`expert`, `pimc-50`, `pimc-50`, seed 0, 100 deals). One CSV row
//! per (lead, card): `seed,decision,trick,makers,card,chosen,expected,real` and the lead
//! model's features of the card (`lead_model::FEATURE_NAMES`, their commas as semicolons);
//! `makers` is 1 when the leader's side made trump.

#[path = "shared/margin.rs"]
mod margin;
mod shared;

use euchre::table::{AnyDeal, AnyRules, View};
use euchre::{Action, Deal, Decisions, Seat};
use euchre_ai::lead_model::{LeadModel, FEATURE_NAMES};
use euchre_ai::{player, Budget, GameView};
use margin::margin_after;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The CSV rows of one deal.
fn leads_of(names: (&str, &str, &str), seed: u64) -> Vec<String> {
    let (name, opponent, playout_name) = names;
    let mut ours = player(name).expect("a known player");
    let mut theirs = player(opponent).expect("a known player");
    let mut playout = player(playout_name).expect("a known player");
    let AnyRules::Partnership(rules) = AnyRules::preset("north-american").expect("preset") else {
        panic!("the four-handed preset");
    };
    let dealer = Seat::new((seed % 4) as u8);
    let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, seed)));
    let mut rows = Vec::new();
    for k in 0u64.. {
        let Some(seat) = deal.to_act() else { break };
        let view = GameView::of_deal(&deal, seat);
        let mut rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k);
        let mine = seat.index() % 2 == 0;
        let p = if mine { ours.as_mut() } else { theirs.as_mut() };
        let choice = p.choose(&view, &Budget::UNLIMITED, &mut rng);
        let (AnyDeal::Partnership(d), View::Partnership(seen)) = (&deal, &view.view) else {
            break;
        };
        let leads = d.phase().in_or_after_play() && d.current_trick().is_empty();
        if mine && leads && choice.values.len() > 1 {
            let makers = d.maker().is_some_and(|m| m.team() == seat.team());
            for (a, expected) in &choice.values {
                let Action::Play(card) = *a else { continue };
                let Some(features) = LeadModel::features(seen, card) else {
                    continue;
                };
                let mut prng = ChaCha8Rng::seed_from_u64(seed * 1000 + 500 + k);
                let Some(real) = margin_after(&deal, *a, playout.as_mut(), &mut prng, seat) else {
                    continue;
                };
                let features: Vec<String> = features.iter().map(|x| format!("{x:.3}")).collect();
                rows.push(format!(
                    "{seed},{k},{},{},{card},{},{expected:.4},{real},{}",
                    d.tricks_done() + 1,
                    u8::from(makers),
                    u8::from(*a == choice.action),
                    features.join(",")
                ));
            }
        }
        if deal.apply(choice.action).is_err() {
            break;
        }
    }
    rows
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert", String::as_str).to_string();
    let opponent = args.get(2).map_or("pimc-50", String::as_str).to_string();
    let playout = args.get(3).map_or("pimc-50", String::as_str).to_string();
    let first: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(0);
    let deals: u64 = args.get(5).and_then(|n| n.parse().ok()).unwrap_or(100);
    for n in [&name, &opponent, &playout] {
        if let Err(e) = player(n) {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
    // The names' commas as semicolons, so the header splits as the rows do.
    let names: Vec<String> = FEATURE_NAMES.iter().map(|f| f.replace(',', ";")).collect();
    println!(
        "seed,decision,trick,makers,card,chosen,expected,real,{}",
        names.join(",")
    );
    let rows = shared::on_every_core(deals, |i| leads_of((&name, &opponent, &playout), first + i));
    for row in rows.into_iter().flatten() {
        println!("{row}");
    }
}
