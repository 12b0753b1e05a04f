//! The server over a real socket on loopback: a table is created and a seat claimed over HTTP,
//! and a whole game is played through the seat's WebSocket against computer players.

mod support;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::{ann_at, connect, next, post, reply, send, start, temp_db};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_a_websocket() {
    let addr = start(&temp_db("whole-game")).await;
    let (status, table) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "random", "random", "random"], "seed": 9}),
    )
    .await;
    assert_eq!(status, 200, "{table}");
    let code = table["code"].as_str().unwrap().to_string();
    let (status, seat) = post(
        &addr,
        &format!("/api/tables/{code}/seats/0"),
        &json!({"name": "Ann"}),
    )
    .await;
    assert_eq!(status, 200, "{seat}");
    let token = seat["token"].as_str().unwrap().to_string();
    // The seat is now taken.
    let (status, again) = post(
        &addr,
        &format!("/api/tables/{code}/seats/0"),
        &json!({"name": "Eve"}),
    )
    .await;
    assert_eq!(status, 409, "{again}");

    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}?token={token}"))
        .await
        .unwrap();
    let mut last_seq = None;
    let mut acted = None;
    let mut decisions = 0;
    loop {
        let msg = tokio::time::timeout(std::time::Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s")
            .unwrap()
            .unwrap();
        let Message::Text(text) = msg else { continue };
        let m: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(m["type"], "state", "{m}");
        assert_eq!(m["protocol"], 2);
        assert_eq!(m["seat"], 0);
        let seq = m["seq"].as_u64().unwrap();
        if let Some(l) = last_seq {
            assert!(seq >= l, "states arrive in order: {seq} after {l}");
        }
        last_seq = Some(seq);
        if m["game_over"] == true {
            break;
        }
        // Act once on each state in which it is this seat's turn (a state repeats its number
        // when only the seats changed).
        let legal = m["legal"].as_array().unwrap();
        if m["to_act"] == 0 && !legal.is_empty() && acted != Some(seq) {
            acted = Some(seq);
            let action = legal[decisions % legal.len()].as_str().unwrap().to_string();
            ws.send(Message::Text(
                json!({"type": "act", "seq": seq, "action": action})
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
            decisions += 1;
        }
    }
    assert!(decisions > 5, "{decisions} decisions by the person");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_reason() {
    let addr = start(&temp_db("bad-requests")).await;
    let (status, e) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "bogus", "seats": ["open"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("bogus"), "{e}");
    let (status, e) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "wizard", "random", "random"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(e["error"].as_str().unwrap().contains("wizard"), "{e}");
    let (status, _) = post(&addr, "/api/tables/NOPE/seats/0", &json!({"name": "x"})).await;
    assert_eq!(status, 404);
    let (_, table) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "open", "random", "random"], "seed": 1}),
    )
    .await;
    let code = table["code"].as_str().unwrap();
    // A wrong token holds no seat: its connection is closed at once, saying so, before any
    // state of the table.
    let (mut bad, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}?token={}", "0".repeat(32)))
            .await
            .unwrap();
    match bad.next().await {
        Some(Ok(Message::Close(Some(frame)))) => assert_eq!(u16::from(frame.code), 4001),
        other => panic!("not closed at once: {other:?}"),
    }
    // A malformed message gets an error and changes nothing.
    let (_, seat) = post(
        &addr,
        &format!("/api/tables/{code}/seats/1"),
        &json!({"name": "Bo"}),
    )
    .await;
    let token = seat["token"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}?token={token}"))
        .await
        .unwrap();
    let Some(Ok(Message::Text(first))) = ws.next().await else {
        panic!("a first state")
    };
    let first: Value = serde_json::from_str(&first).unwrap();
    ws.send(Message::Text("{not json".into())).await.unwrap();
    let reply = loop {
        let m = support::next(&mut ws).await.expect("an answer");
        if m["type"] != "state" {
            break m;
        }
    };
    assert_eq!(reply["type"], "error", "{reply}");
    ws.send(Message::Text(json!({"type": "sync"}).to_string().into()))
        .await
        .unwrap();
    let Some(Ok(Message::Text(again))) = ws.next().await else {
        panic!("a state")
    };
    let again: Value = serde_json::from_str(&again).unwrap();
    assert_eq!(again["seq"], first["seq"], "nothing changed");
}

/// A hint in the bidding explains each bid (the chances to make, march and be euchred, and of
/// winning the game); a hint in the play values each legal card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_explains_each_bid_and_values_each_card() {
    let addr = start(&temp_db("hint-explained")).await;
    let (_, _, mut ws) = ann_at(&addr, &["open", "basic", "basic", "basic"], 3).await;
    let (mut bidding, mut play) = (false, false);
    let mut acted = None;
    while !(bidding && play) {
        let m = next(&mut ws).await.expect("a state");
        assert_eq!(m["type"], "state", "{m}");
        assert_ne!(m["game_over"], true, "the game ended before both hints");
        let seq = m["seq"].as_u64().unwrap();
        let legal: Vec<String> = m["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect();
        if legal.is_empty() || acted == Some(seq) {
            continue;
        }
        acted = Some(seq);
        let phase = m["view"]["phase"].as_str().unwrap_or("").to_string();
        let in_bidding = phase.starts_with("bidding");
        if legal.len() > 1 && ((in_bidding && !bidding) || (phase == "play" && !play)) {
            let hint = ask_hint(&mut ws).await;
            assert_eq!(hint["seq"], seq, "{hint}");
            // Asked again in the same position, the same advice, to the last figure.
            let again = ask_hint(&mut ws).await;
            assert_eq!(again, hint, "the same question, another answer");
            let choices = hint["choices"].as_array().unwrap();
            let actions: Vec<&str> = choices.iter().map(|c| c["action"].as_str().unwrap()).collect();
            assert_eq!(actions, legal, "a value for each legal choice: {hint}");
            assert!(
                legal.contains(&hint["best"].as_str().unwrap().to_string()),
                "{hint}"
            );
            for c in choices {
                assert!(c["value"].is_f64(), "{c}");
                // Whether the search could tell each choice from its own; its own is close
                // to itself.
                let close = c["close"].as_bool().unwrap_or_else(|| panic!("no close in {c}"));
                assert!(close || c["action"] != hint["best"], "{hint}");
                if in_bidding {
                    for field in [
                        "make",
                        "march",
                        "euchred",
                        "they_make",
                        "they_march",
                        "they_euchred",
                        "win",
                    ] {
                        let p = c[field].as_f64().unwrap_or_else(|| panic!("no {field} in {c}"));
                        assert!((0.0..=1.0).contains(&p), "{field} {p} in {c}");
                    }
                    assert!(c["win_change"].is_f64(), "{c}");
                }
            }
            if in_bidding {
                bidding = true;
            } else {
                play = true;
            }
        }
        // Pass in the bidding (the bots then make trump, or the deal is dealt again), else the
        // first legal choice.
        let action = if in_bidding && legal.iter().any(|a| a == "pass") {
            "pass".to_string()
        } else {
            legal[0].clone()
        };
        send(&mut ws, &json!({"type": "act", "seq": seq, "action": action})).await;
    }
}

/// The next state that asks the seat to choose among two or more actions.
async fn my_choice(ws: &mut support::Ws) -> Value {
    loop {
        let m = next(ws).await.expect("a state");
        assert_eq!(m["type"], "state", "{m}");
        if m["legal"].as_array().is_some_and(|l| l.len() > 1) {
            return m;
        }
    }
}

/// Asks for a hint and returns it (skipping any state sent meanwhile).
async fn ask_hint(ws: &mut support::Ws) -> Value {
    send(ws, &json!({"type": "hint"})).await;
    let h = reply(ws).await;
    assert_eq!(h["type"], "hint", "{h}");
    h
}

/// The table's advice secret is stored with it: a server started again on the same database
/// gives the same hint to the same question. The seat's token is not stored, only its hash,
/// and still holds the seat after the restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_the_same_after_a_restart() {
    let db = temp_db("hint-restart");
    let addr = start(&db).await;
    let (code, token, mut ws) = ann_at(&addr, &["open", "basic", "basic", "basic"], 5).await;
    let state = my_choice(&mut ws).await;
    let before = ask_hint(&mut ws).await;
    assert_eq!(before["seq"], state["seq"], "{before}");
    let mut wal = db.clone().into_os_string();
    wal.push("-wal");
    let kept: Vec<u8> = [
        std::fs::read(&db).unwrap(),
        std::fs::read(&wal).unwrap_or_default(),
    ]
    .concat();
    assert!(
        kept.len() > 4096 && !String::from_utf8_lossy(&kept).contains(&token),
        "a copy of the database would hold the seat's token"
    );
    // Another server over the same database rebuilds the table from it, waiting for Ann.
    let again = start(&db).await;
    let mut ws = connect(&again, &code, Some(&token)).await;
    let restored = my_choice(&mut ws).await;
    assert_eq!(restored["seq"], state["seq"], "the same position");
    let after = ask_hint(&mut ws).await;
    assert_eq!(
        after, before,
        "the same question, another answer after the restart"
    );
}

/// A review of a deal values each decision as the hint asked at it did: the page never says
/// one choice is best in the hint and another in the review.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_values_each_decision_as_its_hint_did() {
    let addr = start(&temp_db("review-hints")).await;
    let (_, _, mut ws) = ann_at(&addr, &["open", "basic", "basic", "basic"], 11).await;
    let mut hints = Vec::new();
    let mut acted = None;
    loop {
        let m = next(&mut ws).await.expect("a state");
        assert_eq!(m["type"], "state", "{m}");
        if m["deal_number"] != 1 || m["game_over"] == true {
            break;
        }
        let seq = m["seq"].as_u64().unwrap();
        let legal = m["legal"].as_array().unwrap();
        if legal.is_empty() || acted == Some(seq) {
            continue;
        }
        acted = Some(seq);
        let action = if legal.len() > 1 {
            let h = ask_hint(&mut ws).await;
            let best = h["best"].as_str().unwrap().to_string();
            hints.push(h);
            best
        } else {
            legal[0].as_str().unwrap().to_string()
        };
        send(&mut ws, &json!({"type": "act", "seq": seq, "action": action})).await;
    }
    assert!(!hints.is_empty(), "no decision with a choice in deal 1");
    send(&mut ws, &json!({"type": "review", "deal": 1})).await;
    let review = reply(&mut ws).await;
    assert_eq!(review["type"], "review", "{review}");
    let judged = review["decisions"].as_array().unwrap();
    assert_eq!(judged.len(), hints.len(), "{review}");
    for (j, h) in judged.iter().zip(&hints) {
        assert_eq!(
            j["choices"], h["choices"],
            "the review's values differ from the hint's"
        );
        assert_eq!(j["best"], h["best"]);
        assert_eq!(j["action"], h["best"], "the hint's choice was taken");
        assert_eq!(j["loss"], 0.0, "{j}");
    }
}

/// A seat opens in a few places (tabs, a phone), not a hundred; and the same hint asked from
/// two of them is one answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_opens_in_a_few_places_and_they_share_their_hints() {
    let addr = start(&temp_db("hint-places")).await;
    let (code, token, mut first) = ann_at(&addr, &["open", "basic", "basic", "basic"], 3).await;
    let mut places = Vec::new();
    for _ in 0..7 {
        let mut place = connect(&addr, &code, Some(&token)).await;
        // Counted once its first state has come (a connection is counted as it starts).
        next(&mut place).await.unwrap();
        places.push(place);
    }
    // A ninth is let in only to be told (4004), sent no state.
    let mut ninth = connect(&addr, &code, Some(&token)).await;
    assert!(next(&mut ninth).await.is_none(), "a ninth place was let in");
    // Both ask at Ann's turn: the same answer.
    let seq = loop {
        let m = next(&mut first).await.unwrap();
        if m["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            break m["seq"].clone();
        }
    };
    let mut second = places.pop().unwrap();
    let a = ask_hint(&mut first).await;
    let b = ask_hint(&mut second).await;
    assert_eq!(a["seq"], seq);
    assert_eq!(a, b);
}

/// Security s48, 3: a table takes spectators up to its limit; the next is closed with 4002 and
/// how many watch (a page then waits, rather than retrying at once); the seats' own
/// connections are not counted, and a spectator leaving makes a place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_takes_spectators_up_to_its_limit() {
    let limits = euchre_server::Limits {
        watchers_per_table: 2,
        ..euchre_server::Limits::default()
    };
    let addr = support::start_limited(&temp_db("watchers"), limits).await;
    let (code, token, _ann) = ann_at(&addr, &["open", "basic", "basic", "basic"], 3).await;
    let mut first = connect(&addr, &code, None).await;
    next(&mut first).await.unwrap();
    let mut second = connect(&addr, &code, None).await;
    next(&mut second).await.unwrap();
    let mut third = connect(&addr, &code, None).await;
    match third.next().await {
        Some(Ok(Message::Close(Some(frame)))) => {
            assert_eq!(u16::from(frame.code), 4002);
            assert!(
                frame.reason.contains("2 people watch this table already"),
                "{frame:?}"
            );
        }
        other => panic!("a third spectator was let in: {other:?}"),
    }
    let mut seat = connect(&addr, &code, Some(&token)).await;
    assert_eq!(next(&mut seat).await.unwrap()["type"], "state");
    first.close(None).await.unwrap();
    drop(first);
    // The place is made once the server has seen the close: tried until then.
    for tries in 0.. {
        let mut again = connect(&addr, &code, None).await;
        match again.next().await {
            Some(Ok(Message::Text(t))) if t.contains("\"state\"") => break,
            Some(Ok(Message::Close(Some(frame)))) if u16::from(frame.code) == 4002 && tries < 50 => {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            other => panic!("a spectator after one left: {other:?}"),
        }
    }
}

/// Security s48, 15: a page sends its seat's token as a subprotocol (`euchre-token.` and the
/// token, beside `euchre`), not in the address that proxies log; the server answers `euchre`
/// and the connection is the seat's. Two tokens that differ are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_token_may_come_as_a_subprotocol_rather_than_in_the_address() {
    let addr = start(&temp_db("token-protocol")).await;
    let (code, token, _ann) = ann_at(&addr, &["open", "basic", "basic", "basic"], 3).await;
    let request = |path: String, protocols: String| {
        let mut req = format!("ws://{addr}{path}").into_client_request().unwrap();
        req.headers_mut()
            .insert("Sec-WebSocket-Protocol", protocols.parse().unwrap());
        tokio_tungstenite::connect_async(req)
    };
    let (mut ws, answer) = request(format!("/ws/{code}"), format!("euchre, euchre-token.{token}"))
        .await
        .unwrap();
    assert_eq!(answer.headers()["sec-websocket-protocol"], "euchre");
    let state = next(&mut ws).await.unwrap();
    assert_eq!(state["seat"], 0, "{state}");
    assert_eq!(state["view"]["hand"].as_array().map(Vec::len), Some(5), "{state}");
    let other = "0".repeat(32);
    for (path, protocols) in [
        (
            format!("/ws/{code}"),
            format!("euchre, euchre-token.{token}, euchre-token.{other}"),
        ),
        (
            format!("/ws/{code}?token={other}"),
            format!("euchre, euchre-token.{token}"),
        ),
    ] {
        let e = request(path, protocols).await.unwrap_err();
        assert!(e.to_string().contains("400"), "{e}");
    }
    // The same token both ways is the seat's too.
    let (mut ws, _) = request(
        format!("/ws/{code}?token={token}"),
        format!("euchre, euchre-token.{token}"),
    )
    .await
    .unwrap();
    assert_eq!(next(&mut ws).await.unwrap()["seat"], 0);
}
