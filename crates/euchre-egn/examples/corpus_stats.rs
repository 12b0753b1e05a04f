//! How people bid and fared in recorded games: over every complete deal of the EGN/EMN files
//! given, how often trump was made, how often the makers were euchred or marched, and how
//! often a lone hand was played and made. The same figures `euchre sim` reports for computer
//! players, so the two can be set side by side.
//!
//!     cargo run --release -p euchre-egn --example corpus_stats [FILE...]
//!
//! Without files it reads the corpus's recorded games, each once ([`CORPUS`]: the copies,
//! annotated versions, constructed scenarios and files the validation examples
//! mean to be refused left out).

use euchre_egn::{parse_egn, replay, replay_emn, GameReplay};

#[derive(Default)]
struct Counts {
    deals: u32,
    made: u32,
    euchred: u32,
    marched: u32,
    alone: u32,
    alone_made: u32,
}

fn add(c: &mut Counts, game: &GameReplay) {
    for d in game.deals.iter().filter(|d| d.complete) {
        c.deals += 1;
        let deal = &d.deal;
        let Some(maker) = deal.maker() else { continue };
        let taken = deal.tricks_won()[maker.team().index()];
        c.made += 1;
        c.euchred += u32::from(taken < 3);
        c.marched += u32::from(taken == 5);
        if deal.lone_maker().is_some() {
            c.alone += 1;
            c.alone_made += u32::from(taken >= 3);
        }
    }
}

fn pct(a: u32, b: u32) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.1}% ({a} of {b})", 100.0 * f64::from(a) / f64::from(b))
    }
}

/// The corpus's distinct recorded games, under `tests/data/egn-examples`.
const CORPUS: [&str; 15] = [
    "Epic Comeback.egn",
    "Me and Bears.egn",
    "Quite the Hustle Annotated.egn",
    "Six Points in Two Hands.egn",
    "VWEC Finals.egn",
    "combination examples/MotE W5 Match.emn",
    "validation examples/Euchre_com July 5th Pairs Finals Annotated.egn",
    "validation examples/Masters of the Euchreverse Week 1 Game 1.egn",
    "validation examples/Masters of the Euchreverse Week 1 Game 2.egn",
    "validation examples/Masters of the Euchreverse Week 1 Game 3.egn",
    "validation examples/Masters of the Euchreverse Week 1 Game 5.egn",
    "validation examples/Masters of the Euchreverse Week 1 Game 6.egn",
    "validation examples/Me and Mike Mike Mike.egn",
    "validation examples/Another fun euchre!.egn",
    "validation examples/egn_m_20260529_01.egn",
];

fn main() {
    let mut c = Counts::default();
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/egn-examples/");
        paths = CORPUS.iter().map(|f| format!("{dir}{f}")).collect();
    }
    for path in paths {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let result = if path.ends_with(".emn") {
            serde_json::from_str(&text)
                .map_err(|e| e.to_string())
                .and_then(|v| replay_emn(&v).map_err(|e| e.to_string()))
                .map(|m| m.games.iter().for_each(|(_, g)| add(&mut c, g)))
        } else {
            parse_egn(&text)
                .and_then(|f| replay(&f))
                .map_err(|e| e.to_string())
                .map(|g| add(&mut c, &g))
        };
        if let Err(e) = result {
            eprintln!("{path}: skipped: {e}");
        }
    }
    println!("complete deals        {}", c.deals);
    println!("trump made            {}", pct(c.made, c.deals));
    println!("  makers euchred      {}", pct(c.euchred, c.made));
    println!("  makers marched      {}", pct(c.marched, c.made));
    println!("lone hands            {}", pct(c.alone, c.deals));
    println!("  made (3+ tricks)    {}", pct(c.alone_made, c.alone));
}
