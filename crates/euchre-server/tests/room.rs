//! A room sends each seat only what it may see, refuses what it must and changes nothing then.

use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{CardSet, Seat};
use euchre_server::{ClientMessage, Room, RoomError, SeatPlan, SeatToken, ServerMessage};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The cards no seat but `seat` may know now: the others' hands and the undealt cards, less the
/// upcard, which everyone saw turned.
fn hidden_from(game: &AnyGame, seat: Seat) -> CardSet {
    let (hands, kitty, upcard): (Vec<CardSet>, CardSet, Option<euchre::Card>) = match game {
        AnyGame::Partnership(g) => {
            let d = g.deal();
            (d.hands().to_vec(), d.kitty(), Some(d.upcard()))
        }
        AnyGame::Solo(g) => {
            let d = g.deal();
            (d.hands().to_vec(), d.kitty(), d.upcard())
        }
    };
    let mut hidden = kitty;
    for (i, h) in hands.iter().enumerate() {
        if i != seat.index() {
            hidden = hidden.union(*h);
        }
    }
    match upcard {
        Some(u) => hidden.without(u),
        None => hidden,
    }
}

/// Every message checked: no card hidden from its seat appears in it.
fn check(game: &AnyGame, sent: &[(Seat, ServerMessage)], checked: &mut u64) {
    for (seat, msg) in sent {
        let text = serde_json::to_string(msg).unwrap();
        for c in hidden_from(game, *seat).iter() {
            assert!(
                !text.contains(&format!("\"{c}\"")) && !text.contains(&format!(" {c}\"")),
                "seat {seat} was sent {c}, which it may not see:\n{text}"
            );
        }
        *checked += 1;
    }
}

#[test]
fn no_seat_is_ever_sent_a_card_it_may_not_see() {
    let mut messages = 0u64;
    let mut deals = 0u64;
    // Presets whose rules show no hidden card to anyone (no exchanges between partners, no
    // exposed hands): there every card outside a seat's hand is hidden from it, but the upcard.
    for (preset, games) in [
        ("north-american", 300u64),
        ("tournament", 250),
        ("three-handed", 200),
        ("bid-euchre", 150),
        ("set-back", 100),
    ] {
        let rules = AnyRules::preset(preset).unwrap();
        let players = rules.new_game(0).players();
        for g in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(g);
            // Two people and the rest computer players, the people's seats varying.
            let mut plan = vec![SeatPlan::Bot("random".into()); players];
            let people = [g as usize % players, (g as usize + 1) % players];
            for &p in &people {
                plan[p] = SeatPlan::Open;
            }
            let mut room = Room::new(rules, g, plan).unwrap();
            let tokens: Vec<(usize, SeatToken)> = people
                .iter()
                .map(|&p| (p, room.claim(p, "guest").unwrap()))
                .collect();
            // Each change's messages are checked against the game as it stands right then.
            // Up to three deals of each table (random bids can make a game of Bid Euchre long).
            let finished = |room: &Room| match room.game() {
                AnyGame::Partnership(g) => g.finished_deals().len(),
                AnyGame::Solo(g) => g.all_deals().count() - 1,
            };
            while !room.game().is_over() && finished(&room) < 3 {
                let sent = if let Some(sent) = room.deal_on() {
                    sent
                } else if let Some(sent) = room.step_bot() {
                    sent
                } else {
                    let to_act = room.game().to_act().unwrap();
                    let (_, token) = tokens.iter().find(|(p, _)| *p == to_act.index()).unwrap();
                    let legal = room.game().legal_actions();
                    let a = legal[rng.gen_range(0..legal.len())];
                    room.handle(
                        token,
                        ClientMessage::Act {
                            seq: room.seq(),
                            action: a.to_string(),
                        },
                    )
                    .unwrap()
                };
                check(room.game(), &sent, &mut messages);
            }
            deals += match room.game() {
                AnyGame::Partnership(g) => g.all_deals().count() as u64,
                AnyGame::Solo(g) => g.all_deals().count() as u64,
            };
        }
    }
    eprintln!("{messages} messages in {deals} deals at 1,000 tables checked: no hidden card seen");
    assert!(
        messages > 50_000 && deals >= 2_000,
        "{messages} messages, {deals} deals"
    );
}

fn table() -> (Room, SeatToken, SeatToken) {
    let plan = vec![
        SeatPlan::Open,
        SeatPlan::Open,
        SeatPlan::Bot("basic".into()),
        SeatPlan::Bot("basic".into()),
    ];
    let mut room = Room::new(AnyRules::preset("north-american").unwrap(), 3, plan).unwrap();
    let a = room.claim(0, "Ann").unwrap();
    let b = room.claim(1, "Bob").unwrap();
    room.run_bots();
    (room, a, b)
}

#[test]
fn refused_requests_name_the_problem_and_change_nothing() {
    let (mut room, a, b) = table();
    let who = room.game().to_act().unwrap();
    let (mine, theirs) = if who.index() == 0 { (a, b) } else { (b, a) };
    let before = (room.seq(), room.game().to_act(), room.game().legal_actions());
    let legal = room.game().legal_actions()[0].to_string();
    let cases: Vec<(SeatToken, ClientMessage, &str)> = vec![
        (SeatToken::random(), ClientMessage::Sync {}, "no seat"),
        (
            theirs.clone(),
            ClientMessage::Act {
                seq: room.seq(),
                action: legal.clone(),
            },
            "not seat",
        ),
        (
            mine.clone(),
            ClientMessage::Act {
                seq: room.seq() + 5,
                action: legal.clone(),
            },
            "state",
        ),
        (
            mine.clone(),
            ClientMessage::Act {
                seq: room.seq(),
                action: "fly away".into(),
            },
            "not an action",
        ),
        (
            mine.clone(),
            ClientMessage::Act {
                seq: room.seq(),
                action: "discard JS".into(),
            },
            "not allowed",
        ),
    ];
    for (token, msg, words) in cases {
        let e = room.handle(&token, msg).unwrap_err();
        assert!(e.to_string().contains(words), "{e}");
        assert_eq!(
            (room.seq(), room.game().to_act(), room.game().legal_actions()),
            before
        );
    }
    assert!(matches!(room.claim(0, "Eve"), Err(RoomError::Taken(_))));
    assert!(matches!(room.claim(9, "Eve"), Err(RoomError::NoSuchSeat(9))));
    // Sync answers with the seat's own state only.
    let sync = room.handle(&mine, ClientMessage::Sync {}).unwrap();
    assert_eq!(sync.len(), 1);
    assert_eq!(sync[0].0, who);
}

#[test]
fn a_client_message_is_json_with_a_type() {
    let m: ClientMessage = serde_json::from_str(r#"{"type":"act","seq":4,"action":"pass"}"#).unwrap();
    assert_eq!(
        m,
        ClientMessage::Act {
            seq: 4,
            action: "pass".into()
        }
    );
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"act","seq":4}"#).is_err());
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"steal"}"#).is_err());
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"sync","x":1}"#).is_err());
    assert_eq!(
        serde_json::from_str::<ClientMessage>(r#"{"type":"sync"}"#).unwrap(),
        ClientMessage::Sync {}
    );
}

#[test]
fn every_seat_hears_of_each_change_with_the_next_number() {
    let (mut room, a, b) = table();
    let who = room.game().to_act().unwrap();
    let token = if who.index() == 0 { a } else { b };
    let seq = room.seq();
    let legal = room.game().legal_actions()[0].to_string();
    let sent = room
        .handle(&token, ClientMessage::Act { seq, action: legal })
        .unwrap();
    assert_eq!(sent.len(), 4, "one state per seat");
    for (seat, m) in &sent {
        let ServerMessage::State {
            seq: s,
            seat: shown,
            holders,
            ..
        } = m
        else {
            panic!("{m:?}")
        };
        assert_eq!(*s, seq + 1);
        assert_eq!(usize::from(*shown), seat.index());
        assert_eq!(holders[0].as_deref(), Some("Ann"));
    }
}

/// The leak check itself can fail: a seat sent another seat's state is caught.
#[test]
#[should_panic(expected = "which it may not see")]
fn the_check_catches_a_card_sent_to_the_wrong_seat() {
    let (room, _, _) = table();
    let leaked = room.state_for(Seat::new(1));
    check(room.game(), &[(Seat::new(0), leaked)], &mut 0);
}
