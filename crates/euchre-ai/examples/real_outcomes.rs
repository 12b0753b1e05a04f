//! Measures how deals really end given how they end solved (`euchre_ai::real_outcomes`) and
//! prints the table as JSON, on two threads.
//! `cargo run --release -p euchre-ai --example real_outcomes -- [PLAYER] [DEALS] [SEED]`
//! (`expert-100`, 2000 deals, seed 1 by default); the repository's table is
//! `... -- expert-100 6000 1 > crates/euchre-ai/data/real_outcomes.json`.

use euchre::Rules;
use euchre_ai::player;
use euchre_ai::real_outcomes::RealOutcomes;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert-100", String::as_str).to_string();
    let deals: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1);
    let rules = Rules::preset("north-american").expect("the preset");
    let halves: Vec<RealOutcomes> = std::thread::scope(|s| {
        let jobs: Vec<_> = (0..2u64)
            .map(|k| {
                let name = name.clone();
                s.spawn(move || {
                    let mut p = player(&name).expect("a known player");
                    RealOutcomes::measure(rules, p.as_mut(), deals / 2, seed * 2 + k)
                })
            })
            .collect();
        jobs.into_iter()
            .map(|j| j.join().expect("a measuring thread"))
            .collect()
    });
    let mut all = RealOutcomes {
        player: name,
        ..RealOutcomes::default()
    };
    for h in &halves {
        all.merge(h);
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&all.sorted()).expect("a table serialises")
    );
}
