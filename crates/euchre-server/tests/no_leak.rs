//! No hidden card reaches anyone: whole games played through the real WebSocket server by a
//! client on every seat (each a computer player deciding from its own messages) and a spectator.
//! Afterwards each game's record is replayed from its seed, and every message each connection
//! received is checked against what its seat (or a spectator) could know at that state.
//!
//! The 1,000-game run is ignored by a plain `cargo test` (it takes minutes unoptimised);
//! `.ci/run` runs it in release: `cargo test --release -p euchre-server --test no_leak --
//! --include-ignored`.

mod support;

use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Card, CardSet, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use support::{claim, connect, create, get, next, send, start, temp_db};

/// Presets in which no card is shown to some seats and not others (no exchanges between
/// partners, no exposed hands), so that every card outside a seat's hand is hidden from it.
/// (The games raced down to 0, Bid Euchre and Set-Back, can go on for thousands of deals
/// between players bidding at random; the room tests cover them.)
const PRESETS: [&str; 4] = ["north-american", "tournament", "canadian", "three-handed"];

/// The cards `viewer` may not know now: the other hands, the undealt cards and a discard it
/// did not make, less the upcard everyone saw turned. A spectator may know no hand.
fn hidden_from(game: &AnyGame, viewer: Option<Seat>) -> CardSet {
    let (hands, kitty, upcard, discard, dealer) = match game {
        AnyGame::Partnership(g) => {
            let d = g.deal();
            (
                d.hands().to_vec(),
                d.kitty(),
                Some(d.upcard()),
                d.discard(),
                d.dealer(),
            )
        }
        AnyGame::Solo(g) => {
            let d = g.deal();
            (d.hands().to_vec(), d.kitty(), d.upcard(), d.discard(), d.dealer())
        }
    };
    let mut hidden = kitty;
    for (i, h) in hands.iter().enumerate() {
        if Some(i) != viewer.map(Seat::index) {
            hidden = hidden.union(*h);
        }
    }
    if let Some(d) = discard {
        if viewer != Some(dealer) {
            hidden.insert(d);
        }
    }
    match upcard {
        Some(u) => hidden.without(u),
        None => hidden,
    }
}

/// Every card named in a message: a rank and a suit letter standing alone between quotes or
/// after a space (`"JH"`, `"play JH"`).
fn cards_in(text: &str) -> CardSet {
    let b = text.as_bytes();
    let mut found = CardSet::EMPTY;
    for i in 1..b.len().saturating_sub(2) {
        if b"9TJQKA".contains(&b[i])
            && b"CDHS".contains(&b[i + 1])
            && (b[i - 1] == b'"' || b[i - 1] == b' ')
            && b[i + 2] == b'"'
        {
            if let Ok(c) = text[i..i + 2].parse::<Card>() {
                found.insert(c);
            }
        }
    }
    found
}

/// One connection's messages: its seat, each state's number and text, and each answer to
/// `past_deals` (the game's earlier deals as its seat saw them).
type Heard = (Option<Seat>, Vec<(u64, String)>, Vec<String>);

/// A client on `seat` (or a spectator): keeps every message; a seat decides at random among
/// its legal choices, once per state, and each connection asks for the earlier deals as each
/// deal after the first begins. Returns when it sees the game over.
async fn client(addr: String, code: String, token: Option<String>, seed: u64) -> Heard {
    let mut ws = connect(&addr, &code, token.as_deref()).await;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut heard = Vec::new();
    let mut past = Vec::new();
    let mut seat = None;
    let mut acted = None;
    let mut deal = 1;
    let mut asked = 0;
    // Each deal's view as this connection was sent it when the deal ended: a past deal must
    // come back exactly as it.
    let mut ended: std::collections::HashMap<u64, Value> = std::collections::HashMap::new();
    let answered = |m: &Value, past: &mut Vec<String>, ended: &std::collections::HashMap<u64, Value>| {
        for d in m["deals"].as_array().unwrap() {
            if let Some(view) = ended.get(&d["deal_number"].as_u64().unwrap()) {
                assert_eq!(&d["view"], view, "a past deal differs from its last state");
            }
        }
        past.push(m.to_string());
    };
    while let Some(m) = next(&mut ws).await {
        let text = m.to_string();
        if m["type"] == "past_deals" {
            answered(&m, &mut past, &ended);
            continue;
        }
        assert_eq!(m["type"], "state", "{text}");
        let seq = m["seq"].as_u64().unwrap();
        seat = m["seat"].as_u64().map(|s| Seat::new(s as u8));
        if m["view"]["phase"] == "done" {
            ended.insert(m["deal_number"].as_u64().unwrap(), m["view"].clone());
        }
        heard.push((seq, text));
        if m["game_over"] == true {
            // The answers still on their way, then one more asked after the game's end.
            send(&mut ws, &json!({"type": "past_deals"})).await;
            asked += 1;
            while past.len() < asked {
                let Some(m) = next(&mut ws).await else { break };
                if m["type"] == "past_deals" {
                    answered(&m, &mut past, &ended);
                }
            }
            assert_eq!(past.len(), asked, "every past_deals asked is answered");
            break;
        }
        if m["deal_number"].as_u64() > Some(deal) {
            deal = m["deal_number"].as_u64().unwrap();
            send(&mut ws, &json!({"type": "past_deals"})).await;
            asked += 1;
        }
        let legal = m["legal"].as_array().unwrap();
        if !legal.is_empty() && acted != Some(seq) && m["started"] == true {
            acted = Some(seq);
            let a = &legal[rng.gen_range(0..legal.len())];
            send(&mut ws, &json!({"type": "act", "seq": seq, "action": a})).await;
        }
    }
    (seat, heard, past)
}

/// Replays the game's record from its seed, numbering the changes as the server does, and
/// checks each message against the cards hidden from its reader at its state. Returns the
/// messages checked.
fn verify(preset: &str, seed: u64, record: &Value, heard: &[Heard]) -> u64 {
    let rules = AnyRules::preset(preset).unwrap();
    let mut game = rules.new_game(seed);
    let players = game.players();
    let viewers: Vec<Option<Seat>> = (0..players)
        .map(|i| Some(Seat::new(i as u8)))
        .chain([None])
        .collect();
    let snapshot = |g: &AnyGame| {
        viewers
            .iter()
            .map(|&v| (v, hidden_from(g, v)))
            .collect::<Vec<_>>()
    };
    let mut hidden = vec![snapshot(&game)];
    // The cards still hidden from each viewer as each deal ended.
    let mut deal_ends = Vec::new();
    let deals = record["games"][0]["deals"].as_array().unwrap();
    for (i, deal) in deals.iter().enumerate() {
        if i > 0 {
            deal_ends.push(snapshot(&game));
            assert!(game.next_deal());
            hidden.push(snapshot(&game));
        }
        for d in deal["decisions"].as_array().unwrap() {
            let seat = Seat::new(d[0].as_u64().unwrap() as u8);
            assert_eq!(game.to_act(), Some(seat));
            game.apply(d[1].as_str().unwrap().parse().unwrap()).unwrap();
            hidden.push(snapshot(&game));
        }
    }
    assert!(game.is_over(), "the record holds the whole game");
    let mut checked = 0;
    for (viewer, _, answers) in heard {
        for text in answers {
            let answer: Value = serde_json::from_str(text).unwrap();
            let past = answer["deals"].as_array().unwrap();
            assert!(!past.is_empty(), "asked after a deal ended: {text}");
            for (i, deal) in past.iter().enumerate() {
                assert_eq!(deal["deal_number"], i + 1, "{text}");
                let at = &deal_ends[i];
                let secret = at.iter().find(|(v, _)| v == viewer).unwrap().1;
                let leaked = cards_in(&deal.to_string()).intersect(secret);
                assert!(
                    leaked.is_empty(),
                    "{viewer:?} was sent {leaked:?} in deal {}'s past form, hidden from it:\n{deal}",
                    i + 1
                );
            }
            checked += 1;
        }
    }
    for (viewer, messages, _) in heard {
        for (seq, text) in messages {
            let at = &hidden[*seq as usize];
            let secret = at.iter().find(|(v, _)| v == viewer).unwrap().1;
            let leaked = cards_in(text).intersect(secret);
            assert!(
                leaked.is_empty(),
                "{viewer:?} was sent {leaked:?} at state {seq}, hidden from it:\n{text}"
            );
            checked += 1;
        }
    }
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forty_games_without_a_leak() {
    play_and_check(40, "no-leak-40").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes unoptimised: .ci/run runs it in release"]
async fn a_thousand_games_without_a_leak() {
    play_and_check(1000, "no-leak-1000").await;
}

/// Plays `games` games, forty at a time, and checks every message of each.
async fn play_and_check(games: u64, db: &str) {
    let addr = start(&temp_db(db)).await;
    let messages = Arc::new(AtomicU64::new(0));
    let spectator_messages = Arc::new(AtomicU64::new(0));
    let deals = Arc::new(AtomicU64::new(0));
    // Forty tables at a time.
    let mut next_game = 0u64;
    let mut running = tokio::task::JoinSet::new();
    while next_game < games || !running.is_empty() {
        while next_game < games && running.len() < 40 {
            let g = next_game;
            next_game += 1;
            let (addr, messages, spectator_messages, deals) = (
                addr.clone(),
                messages.clone(),
                spectator_messages.clone(),
                deals.clone(),
            );
            running.spawn(async move {
                let preset = PRESETS[g as usize % PRESETS.len()];
                let players = AnyRules::preset(preset).unwrap().new_game(0).players();
                let code = create(
                    &addr,
                    &json!({"rules": preset, "seats": vec!["open"; players], "seed": g}),
                )
                .await;
                let mut tokens = Vec::new();
                for s in 0..players {
                    tokens.push(Some(claim(&addr, &code, s, &format!("Player {s}")).await));
                }
                tokens.push(None);
                let clients: Vec<_> = tokens
                    .into_iter()
                    .enumerate()
                    .map(|(i, t)| tokio::spawn(client(addr.clone(), code.clone(), t, g * 10 + i as u64)))
                    .collect();
                let mut heard = Vec::new();
                for c in clients {
                    heard.push(c.await.unwrap());
                }
                let (status, record) = get(&addr, &format!("/api/tables/{code}/game.json")).await;
                assert_eq!(status, 200, "{record}");
                let record: Value = serde_json::from_str(&record).unwrap();
                let checked = tokio::task::spawn_blocking(move || {
                    let n = verify(preset, g, &record, &heard);
                    let spectator = heard
                        .iter()
                        .filter(|(s, ..)| s.is_none())
                        .map(|(_, m, p)| (m.len() + p.len()) as u64)
                        .sum::<u64>();
                    let d = record["games"][0]["deals"].as_array().unwrap().len() as u64;
                    (n, spectator, d)
                })
                .await
                .unwrap();
                messages.fetch_add(checked.0, Ordering::Relaxed);
                spectator_messages.fetch_add(checked.1, Ordering::Relaxed);
                deals.fetch_add(checked.2, Ordering::Relaxed);
            });
        }
        if let Some(done) = running.join_next().await {
            done.unwrap();
        }
    }
    let (m, s, d) = (
        messages.load(Ordering::Relaxed),
        spectator_messages.load(Ordering::Relaxed),
        deals.load(Ordering::Relaxed),
    );
    eprintln!(
        "{games} games ({d} deals) over WebSockets: {m} messages checked ({s} to spectators), 0 hidden cards seen"
    );
    assert!(
        m > games * 100 && s > games * 20,
        "{m} messages, {s} to spectators"
    );
}

/// The check can fail: a card from another seat's hand in a message is caught.
#[test]
fn a_hidden_card_in_a_message_is_caught() {
    let game = AnyRules::preset("north-american").unwrap().new_game(5);
    let AnyGame::Partnership(g) = &game else { panic!() };
    let theirs = g.deal().hands()[1].iter().next().unwrap();
    let text = format!("{{\"legal\":[\"play {theirs}\"]}}");
    assert!(cards_in(&text)
        .intersect(hidden_from(&game, Some(Seat::new(0))))
        .contains(theirs));
    assert!(cards_in(&text)
        .intersect(hidden_from(&game, None))
        .contains(theirs));
    // A seat's own card is not hidden from it.
    assert!(cards_in(&text)
        .intersect(hidden_from(&game, Some(Seat::new(1))))
        .is_empty());
}

/// Server tester s53, 2: a person who sat before the table started was sent their first hand
/// at once, and the deal was kept whoever sat later, so a host could sit under another name,
/// read a hand, leave, and a friend would play it. Before the start nobody is sent a card of
/// the first deal (a seat, a spectator, its past deals); once it starts each seat gets its
/// own hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_card_is_sent_before_the_table_starts() {
    let addr = start(&temp_db("no-card-before")).await;
    for preset in ["north-american", "three-handed", "bid-euchre", "set-back"] {
        let (status, info) = get(&addr, "/api/presets").await;
        assert_eq!(status, 200);
        let presets: Value = serde_json::from_str(&info).unwrap();
        let players = presets["presets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == preset)
            .unwrap()["players"]
            .as_u64()
            .unwrap() as usize;
        let mut seats = vec!["open"; 2];
        seats.resize(players, "basic");
        let (status, t) =
            support::post(&addr, "/api/tables", &json!({"rules": preset, "seats": seats})).await;
        assert_eq!(status, 200, "{t}");
        let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
        let spy = claim(&addr, &code, 1, "Spy").await;
        let mut as_spy = connect(&addr, &code, Some(&spy)).await;
        let mut watcher = connect(&addr, &code, None).await;
        for ws in [&mut as_spy, &mut watcher] {
            let state = next(ws).await.unwrap();
            assert_eq!(state["started"], false, "{state}");
            assert_eq!(cards_in(&state.to_string()), CardSet::EMPTY, "{preset}: {state}");
            send(ws, &json!({"type": "past_deals"})).await;
            let past = support::reply(ws).await;
            assert_eq!(cards_in(&past.to_string()), CardSet::EMPTY, "{preset}: {past}");
        }
        // The host frees the spy's seat; Bob and Cy sit, and the game starts: each is sent
        // a hand now.
        let (status, r) = support::post(
            &addr,
            &format!("/api/tables/{code}/seats/1/free"),
            &json!({"host": host}),
        )
        .await;
        assert_eq!(status, 200, "{r}");
        let bob = claim(&addr, &code, 1, "Bob").await;
        let mut as_bob = connect(&addr, &code, Some(&bob)).await;
        let before = next(&mut as_bob).await.unwrap();
        assert_eq!(
            cards_in(&before.to_string()),
            CardSet::EMPTY,
            "{preset}: {before}"
        );
        let _cy = claim(&addr, &code, 0, "Cy").await;
        let started = loop {
            let m = next(&mut as_bob).await.unwrap();
            if m["type"] == "state" && m["started"] == true {
                break m;
            }
        };
        assert!(
            !started["view"]["hand"].as_array().unwrap().is_empty(),
            "{preset}: {started}"
        );
    }
}
