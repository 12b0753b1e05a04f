//! A browser's messages to a server table, without the network: `ClientMessage::parse` on each
//! line, then what the server does with it in the room (`Room::decide` and `commit`,
//! `state_for`, `past_deals`, `finished_deal`), with the computer players taking their turns
//! between lines.
//!
//! Input layout: byte 0 picks the preset, byte 1 which seats people hold (at least one; the
//! others computer players), bytes 2..4 the seed. The rest is split into lines (at most 300). A
//! line `+<s>` has a person take seat `s` (if open), `-<s>` the host free it (the stand-in plays
//! it until someone takes it): seats change hands mid-game. Otherwise a line's first byte is the
//! sender: `0`-`3` a seat, anything else a spectator; the rest is the message's text, except
//! that `#<n>` is shorthand for `{"type":"act","seq":<current>,"action":<legal action n mod their
//! number>}` so the fuzzer gets deep into games without spelling out the sequence numbers and
//! actions.
//!
//! Checked: no panic; a message that parses as `act` from the seat to act is either refused
//! (changing nothing) or committed (the state's number goes up by one); every state and every
//! past deal sent serialises to JSON; a seat's past deals from before its holder took it are
//! the spectators' (its earlier holder's cards are not the new holder's to see); and in the
//! presets where every card outside a seat's hand is hidden from it, no state sent to a seat or
//! a spectator names a hidden card.
#![no_main]

use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Card, CardSet, Seat};
use euchre_server::{ClientMessage, Next, Room, SeatPlan};
use libfuzzer_sys::fuzz_target;

const PRESETS: [&str; 6] = [
    "north-american",
    "tournament",
    "canadian",
    "three-handed",
    "railroad",
    "bid-euchre",
];
/// The presets in which every card outside a seat's hand is hidden from it (no exchanges
/// between partners, no hand shown): the leak check applies to these.
const ALL_HIDDEN: [&str; 4] = ["north-american", "tournament", "canadian", "three-handed"];
const MAX_LINES: usize = 300;
/// Computer players' turns and new deals taken between two lines at most (a table where the
/// person holds one seat waits for them within a few; a limit keeps a line's work bounded).
const MAX_BOT_STEPS: usize = 200;

/// The cards `viewer` may not know now: the other hands, the undealt cards and a discard it did
/// not make, less the upcard everyone saw turned.
fn hidden_from(game: &AnyGame, viewer: Option<Seat>) -> CardSet {
    let (hands, kitty, upcard, discard, dealer) = match game {
        AnyGame::Partnership(g) => {
            let d = g.deal();
            (d.hands().to_vec(), d.kitty(), Some(d.upcard()), d.discard(), d.dealer())
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

/// Every card a message names: a rank and a suit letter standing alone between quotes or after
/// a space (`"JH"`, `"play JH"`).
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

/// The state `viewer` is sent, as JSON text, checked for hidden cards where that applies.
fn sent_state(room: &Room, viewer: Option<Seat>, check_leaks: bool) {
    let text = serde_json::to_string(&room.state_for(viewer)).expect("a state serialises");
    if check_leaks {
        let leaked = cards_in(&text).intersect(hidden_from(room.game(), viewer));
        assert!(leaked.is_empty(), "{viewer:?} was sent hidden cards {leaked:?}: {text}");
    }
}

/// A seat's past deals: those before its holder took it are the spectators'.
fn check_past_deals(room: &Room, seat: usize) {
    let public = serde_json::to_value(room.past_deals(None)).expect("past deals serialise");
    let mine = serde_json::to_value(room.past_deals(Some(Seat::new(seat as u8)))).expect("past deals serialise");
    let (public, mine) = (public["deals"].as_array().unwrap(), mine["deals"].as_array().unwrap());
    assert_eq!(public.len(), mine.len(), "the same deals");
    let held_from = u64::from(room.held_from(seat));
    for (p, m) in public.iter().zip(mine) {
        if m["deal_number"].as_u64() <= Some(held_from) {
            assert_eq!(p, m, "seat {seat} (held from deal {held_from}) was sent its earlier holder's view");
        }
    }
}

/// The computer players' turns and the next deals, until a person is to act (or the bound).
fn run_bots(room: &mut Room) {
    for _ in 0..MAX_BOT_STEPS {
        match room.next() {
            None => return,
            Some(Next::Bot(job)) => {
                let choice = job.run().expect("the stand-in is a known player");
                let change = room
                    .bot_change(&job, choice.action, room.seq())
                    .expect("the table has not moved");
                room.commit(&change).expect("a computer player's legal decision applies");
            }
            Some(Next::Deal(change)) => room.commit(&change).expect("the next deal is dealt"),
        }
    }
}

/// The message a line stands for, from `sender`.
fn message_text(room: &Room, sender: Option<Seat>, text: &str) -> String {
    let Some(n) = text.strip_prefix('#').and_then(|n| n.trim().parse::<usize>().ok()) else {
        return text.to_string();
    };
    let legal = match sender {
        Some(seat) if room.game().to_act() == Some(seat) => room.game().legal_actions(),
        _ => return format!(r#"{{"type":"act","seq":{},"action":"pass"}}"#, room.seq()),
    };
    let action = legal.get(n % legal.len().max(1)).map_or("pass".to_string(), |a| a.to_string());
    serde_json::json!({"type": "act", "seq": room.seq(), "action": action}).to_string()
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let preset = PRESETS[usize::from(data[0]) % PRESETS.len()];
    let rules = AnyRules::preset(preset).expect("a preset");
    let players = match rules {
        AnyRules::Partnership(_) => 4,
        AnyRules::Solo(r) => usize::from(r.players),
    };
    let people = match usize::from(data[1]) % (1 << players) {
        0 => 1,
        mask => mask,
    };
    let seed = u64::from(u16::from_le_bytes([data[2], data[3]]));
    let plan = (0..players)
        .map(|seat| match people & (1 << seat) {
            0 => SeatPlan::Bot("random".into()),
            _ => SeatPlan::Open,
        })
        .collect();
    // The table's secret from the input too, so that a crash replays from it alone.
    let Ok(mut room) = Room::new(rules, preset, seed, seed, plan, "random") else {
        panic!("a table of {preset} is made");
    };
    let check_leaks = ALL_HIDDEN.contains(&preset);
    for seat in 0..players {
        if people & (1 << seat) != 0 {
            room.claim(seat, &format!("Player {seat}"), None).expect("an open seat is taken");
        }
    }
    run_bots(&mut room);
    let text = String::from_utf8_lossy(&data[4..]);
    for (i, line) in text.split('\n').take(MAX_LINES).enumerate() {
        // A seat changing hands: taken by a person, or freed by the host.
        let change = line.strip_prefix('+').map(|s| (true, s)).or_else(|| line.strip_prefix('-').map(|s| (false, s)));
        if let Some((take, seat)) = change.and_then(|(t, s)| s.trim().parse::<usize>().ok().map(|n| (t, n))) {
            let _ = if take {
                room.claim(seat, &format!("Taker {i}"), None).map(|_| ())
            } else {
                room.free(seat)
            };
            run_bots(&mut room);
            for seat in 0..players {
                check_past_deals(&room, seat);
            }
            continue;
        }
        let (sender, body) = match line.as_bytes().first() {
            Some(&b) if (b'0'..b'0' + players as u8).contains(&b) => {
                (Some(Seat::new(b - b'0')), &line[1..])
            }
            Some(_) => (None, &line[line.chars().next().map_or(0, char::len_utf8)..]),
            None => (None, ""),
        };
        let message = message_text(&room, sender, body);
        let Ok(parsed) = ClientMessage::parse(&message) else {
            continue;
        };
        match (parsed, sender) {
            (ClientMessage::Act { seq, action }, Some(seat)) => {
                let before = room.seq();
                if let Ok(change) = room.decide(seat, seq, &action) {
                    room.commit(&change).expect("a decision the room allowed applies");
                    assert_eq!(room.seq(), before + 1);
                }
                assert!(room.seq() == before || room.seq() == before + 1);
            }
            (ClientMessage::PastDeals {}, viewer) => {
                let answer = room.past_deals(viewer);
                serde_json::to_string(&answer).expect("past deals serialise");
            }
            (ClientMessage::Review { deal }, Some(seat)) => {
                // A deal before the current one can be reviewed, and once the game is over the
                // last one too; by its seat's holder only if they played it.
                let dealt = match room.game() {
                    AnyGame::Partnership(g) => g.all_deals().count(),
                    AnyGame::Solo(g) => g.all_deals().count(),
                };
                let n = deal as usize;
                let finished = n >= 1 && (n < dealt || (room.game().is_over() && n == dealt));
                let theirs = deal > room.held_from(seat.index());
                match room.deal_to_review(seat, deal) {
                    Ok(d) => {
                        assert!(finished && theirs, "deal {deal} reviewed");
                        assert_eq!(d.number, deal);
                    }
                    Err(e) => assert!(!(finished && theirs), "deal {deal} refused: {e}"),
                }
            }
            _ => {}
        }
        run_bots(&mut room);
        for seat in 0..players {
            sent_state(&room, Some(Seat::new(seat as u8)), check_leaks);
        }
        sent_state(&room, None, check_leaks);
    }
    for seat in 0..players {
        check_past_deals(&room, seat);
    }
});
