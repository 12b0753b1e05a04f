//! Bad input over HTTP and the WebSocket gets an error that names what is wrong (or, for a
//! flood or a huge frame, the connection closed), and the game is unchanged.

mod support;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use support::{
    claim, connect, create, get, next, play_to_deal, post, reply, send, start, start_limited, temp_db, Ws,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// The current state, asked for.
async fn synced(ws: &mut Ws) -> Value {
    send(ws, &json!({"type": "sync"})).await;
    loop {
        let m = next(ws).await.expect("a state");
        if m["type"] == "state" {
            return m;
        }
    }
}

/// The state at number `seq`, asked for: older states still queued are passed over; a newer
/// one means the table changed.
async fn state_at(ws: &mut Ws, seq: u64) -> Value {
    send(ws, &json!({"type": "sync"})).await;
    loop {
        let m = next(ws).await.expect("a state");
        if m["type"] != "state" {
            continue;
        }
        let at = m["seq"].as_u64().unwrap();
        assert!(at <= seq, "the table changed: state {at} after {seq}");
        if at == seq {
            return m;
        }
    }
}

/// What must not change: the state number and the seat's view.
fn game_of(state: &Value) -> (Value, Value, Value) {
    (
        state["seq"].clone(),
        state["view"].clone(),
        state["legal"].clone(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_errors_and_change_nothing() {
    let addr = start(&temp_db("bad-messages")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"], "seed": 11}),
    )
    .await;
    let tokens = [
        claim(&addr, &code, 0, "Ann").await,
        claim(&addr, &code, 1, "Bob").await,
    ];
    let mut ws = [
        connect(&addr, &code, Some(&tokens[0])).await,
        connect(&addr, &code, Some(&tokens[1])).await,
    ];
    // Wait for a person's turn.
    let mut state = synced(&mut ws[0]).await;
    while state["to_act"] != 0 && state["to_act"] != 1 {
        state = next(&mut ws[0]).await.unwrap();
    }
    let to_act = state["to_act"].as_u64().unwrap() as usize;
    let (mover, other) = if to_act == 0 { (0, 1) } else { (1, 0) };
    let seq = state["seq"].as_u64().unwrap();
    let mut mine = state_at(&mut ws[mover], seq).await;
    let legal = mine["legal"][0].as_str().unwrap().to_string();
    let before = [game_of(&mine), game_of(&state_at(&mut ws[other], seq).await)];

    let cases: Vec<(usize, Message, &str)> = vec![
        (mover, Message::Text("{not json".into()), "not a message"),
        (
            mover,
            Message::Text("[]".into()),
            "a message is a JSON object with a \"type\"",
        ),
        (
            mover,
            Message::Text(r#"{"seq":1}"#.into()),
            "a message is a JSON object with a \"type\"",
        ),
        (
            mover,
            Message::Text(r#"{"type":"steal"}"#.into()),
            "unknown variant",
        ),
        (
            mover,
            Message::Text(r#"{"type":"sync","x":1}"#.into()),
            "unknown field",
        ),
        // A key written twice: which was meant is not known.
        (
            mover,
            Message::Text(format!(r#"{{"type":"act","seq":{seq},"seq":{seq},"action":"{legal}"}}"#).into()),
            "duplicate field `seq`",
        ),
        (
            mover,
            Message::Text(r#"{"type":"act","seq":"x","action":"pass"}"#.into()),
            "not a message",
        ),
        (mover, Message::Binary(vec![1, 2, 3].into()), "JSON text"),
        // Another seat's decision.
        (
            other,
            Message::Text(json!({"type":"act","seq":seq,"action":legal}).to_string().into()),
            "not your turn",
        ),
        // A replayed old state number, and one from the future.
        (
            mover,
            Message::Text(
                json!({"type":"act","seq":seq - 1,"action":legal})
                    .to_string()
                    .into(),
            ),
            "answers state",
        ),
        (
            mover,
            Message::Text(
                json!({"type":"act","seq":seq + 3,"action":legal})
                    .to_string()
                    .into(),
            ),
            "answers state",
        ),
        // Not an action, and an action that is not legal now.
        (
            mover,
            Message::Text(
                json!({"type":"act","seq":seq,"action":"fly away"})
                    .to_string()
                    .into(),
            ),
            "not an action",
        ),
        (
            mover,
            Message::Text(
                json!({"type":"act","seq":seq,"action":"discard 9C"})
                    .to_string()
                    .into(),
            ),
            "discard",
        ),
        // A review of a deal not finished.
        (
            mover,
            Message::Text(json!({"type":"review","deal":1}).to_string().into()),
            "not a finished deal",
        ),
        (
            other,
            Message::Text(json!({"type":"hint"}).to_string().into()),
            "seat to act",
        ),
        // Over 16 KiB (but under the frame limit): refused, the connection kept.
        (
            mover,
            Message::Text(format!("{{\"type\":\"sync\",\"pad\":\"{}\"}}", "x".repeat(20_000)).into()),
            "the most is 16384",
        ),
    ];
    for (who, msg, words) in cases {
        ws[who].send(msg).await.unwrap();
        let r = reply(&mut ws[who]).await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(
            r["error"].as_str().unwrap().contains(words),
            "expected '{words}' in {r}"
        );
    }
    // A spectator cannot decide.
    let mut watcher = connect(&addr, &code, None).await;
    send(&mut watcher, &json!({"type":"act","seq":seq,"action":legal})).await;
    let r = reply(&mut watcher).await;
    assert!(r["error"].as_str().unwrap().contains("spectator"), "{r}");
    // Nothing changed for either seat.
    mine = state_at(&mut ws[mover], seq).await;
    assert_eq!(game_of(&mine), before[0]);
    assert_eq!(game_of(&state_at(&mut ws[other], seq).await), before[1]);

    // A frame over 64 KiB closes the connection after an error that says why; the table goes
    // on for the others.
    ws[other]
        .send(Message::Text("x".repeat(100_000).into()))
        .await
        .ok();
    let said = loop {
        match next(&mut ws[other]).await {
            None => break None,
            Some(m) if m["type"] == "state" => continue,
            Some(m) => break Some(m),
        }
    };
    let said = said.expect("an error before the close");
    assert!(
        said["error"]
            .as_str()
            .unwrap()
            .contains("a message is at most 64 KiB"),
        "{said}"
    );
    assert!(next(&mut ws[other]).await.is_none(), "closed after it");
    assert_eq!(game_of(&state_at(&mut ws[mover], seq).await), before[0]);

    // A flood closes the connection after an error that says so.
    let mut flood = connect(&addr, &code, Some(&tokens[other])).await;
    for _ in 0..200 {
        if flood
            .send(Message::Text(r#"{"type":"steal"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut told = false;
    while let Some(m) = next(&mut flood).await {
        if m["error"]
            .as_str()
            .is_some_and(|e| e.contains("too many messages"))
        {
            told = true;
        }
    }
    assert!(told, "the flood was named before the close");
    assert_eq!(game_of(&state_at(&mut ws[mover], seq).await), before[0]);

    // And the seat to act can still play.
    send(&mut ws[mover], &json!({"type":"act","seq":seq,"action":legal})).await;
    loop {
        let m = next(&mut ws[mover]).await.unwrap();
        if m["type"] == "state" && m["seq"].as_u64().unwrap() > seq {
            break;
        }
        assert_ne!(m["type"], "error", "{m}");
    }
}

/// Review s48, finding 12: binary frames and pings count against a connection's rate as text
/// does (each costs the server an answer): a flood of either is closed with 1008.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_binary_frames_or_pings_is_closed_as_a_flood_of_text_is() {
    let addr = start(&temp_db("frameflood")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    for frame in [
        Message::Binary(vec![1u8; 8].into()),
        Message::Ping(vec![2u8; 8].into()),
    ] {
        let mut ws = connect(&addr, &code, None).await;
        for _ in 0..200 {
            if ws.send(frame.clone()).await.is_err() {
                break;
            }
        }
        let mut closed = None;
        while let Some(m) = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("closed within 10 s")
        {
            match m {
                Ok(Message::Close(c)) => {
                    closed = c.map(|c| u16::from(c.code));
                    break;
                }
                Ok(_) => continue,
                Err(_) => break,
            }
        }
        assert_eq!(closed, Some(1008), "{frame:?}: closed as a flood");
    }
    // The earlier deals, a long answer, count as ten messages each: a handful at once is a
    // flood (review s48, finding 3).
    let mut ws = connect(&addr, &code, None).await;
    for _ in 0..6 {
        send(&mut ws, &json!({"type": "past_deals"})).await;
    }
    let told = tokio::time::timeout(Duration::from_secs(10), async {
        let mut told = false;
        while let Some(m) = next(&mut ws).await {
            told |= m["error"]
                .as_str()
                .is_some_and(|e| e.contains("too many messages"));
        }
        told
    })
    .await;
    assert_eq!(told, Ok(true), "six past_deals at once are a flood, closed");
}

/// Reads `watcher`'s states until seat 0 shows as not connected (within `within`): whether it
/// did.
async fn seat_0_left(watcher: &mut Ws, within: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let Ok(m) = tokio::time::timeout_at(deadline, watcher.next()).await else {
            return false;
        };
        match m {
            Some(Ok(Message::Text(t))) => {
                let m: Value = serde_json::from_str(&t).unwrap();
                if m["type"] == "state" && m["seats"][0]["connected"] == false {
                    return true;
                }
            }
            Some(Ok(_)) => continue,
            _ => panic!("the watcher's connection closed"),
        }
    }
}

/// Review s48, finding 13: a connection that answers nothing (not even a ping) is closed once
/// silent too long, and its seat is no longer "connected"; one that answers stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_connection_is_closed_and_its_seat_left() {
    let limits = euchre_server::Limits {
        ping_every: Duration::from_millis(200),
        silent_for: Duration::from_secs(1),
        ..euchre_server::Limits::default()
    };
    let addr = start_limited(&temp_db("silent"), limits).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let token = claim(&addr, &code, 0, "Ann").await;
    // Ann's connection is never read again, so it answers no ping.
    let _silent = connect(&addr, &code, Some(&token)).await;
    let mut watcher = connect(&addr, &code, None).await;
    assert!(
        seat_0_left(&mut watcher, Duration::from_secs(10)).await,
        "the silent seat's connection was closed"
    );
    // The watcher, reading, answers every ping: still open after longer than the bound.
    let _ = tokio::time::timeout(Duration::from_millis(1_500), async {
        while let Some(Ok(_)) = watcher.next().await {}
    })
    .await;
    send(&mut watcher, &json!({"type": "sync"})).await;
    assert_eq!(next(&mut watcher).await.expect("still open")["type"], "state");
}

/// Browser tester s49, 1: a page cannot see the WebSocket's pings, so it asks `ping` now and
/// then to learn that its connection still carries messages; the server answers `pong`, and
/// nothing else changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_is_answered_by_a_pong() {
    let addr = start(&temp_db("ping")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let mut watcher = connect(&addr, &code, None).await;
    let before = synced(&mut watcher).await;
    send(&mut watcher, &json!({"type": "ping"})).await;
    let answer = loop {
        let m = next(&mut watcher).await.expect("an answer");
        if m["type"] != "state" {
            break m;
        }
    };
    assert_eq!(answer, json!({"type": "pong"}));
    assert_eq!(game_of(&synced(&mut watcher).await), game_of(&before));
    // A ping with a field it does not take is refused as any other message would be.
    send(&mut watcher, &json!({"type": "ping", "x": 1})).await;
    let refused = loop {
        let m = next(&mut watcher).await.expect("an answer");
        if m["type"] != "state" {
            break m;
        }
    };
    assert_eq!(refused["type"], "error", "{refused}");
}

/// Review s48, finding 13: a client that stops reading does not hold its connection (nor its
/// seat's "connected") in a write for ever: a write not done within the bound ends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_stops_reading_is_dropped_after_the_write_bound() {
    let limits = euchre_server::Limits {
        send_within: Duration::from_millis(500),
        ..euchre_server::Limits::default()
    };
    let addr = start_limited(&temp_db("stuck"), limits).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "options": {"winning_score": "200"},
                "seats": ["open", "random", "random", "random"], "stand_in": "random"}),
    )
    .await;
    let token = claim(&addr, &code, 0, "Ann").await;
    // Deals played first, so that the deals before the current one are long to send.
    let mut ann = connect(&addr, &code, Some(&token)).await;
    play_to_deal(&mut ann, 30).await;
    drop(ann);
    let mut watcher = connect(&addr, &code, None).await;
    // A small receive buffer, never read: the server's writes soon cannot go on.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(2048).unwrap();
    let stream = socket.connect(addr.parse().unwrap()).await.unwrap();
    let url = format!("ws://{addr}/ws/{code}?token={token}");
    let (mut stuck, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
    // The deals asked for again and again, under the rate limit, until the writes stall.
    tokio::spawn(async move {
        loop {
            let ask = Message::Text(r#"{"type":"past_deals"}"#.into());
            if stuck.send(ask).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(70)).await;
        }
    });
    // Seen connected first (the first connection's leaving may be seen before).
    loop {
        let m = next(&mut watcher).await.expect("a state");
        if m["type"] == "state" && m["seats"][0]["connected"] == true {
            break;
        }
    }
    assert!(
        seat_0_left(&mut watcher, Duration::from_secs(15)).await,
        "the stuck seat's connection was dropped"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_from_another_sites_page_is_refused() {
    let addr = start(&temp_db("origin")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let url = format!("ws://{addr}/ws/{code}");
    let mut req = url.as_str().into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", "http://evil.example".parse().unwrap());
    let e = tokio_tungstenite::connect_async(req).await.unwrap_err();
    assert!(e.to_string().contains("403"), "{e}");
    let mut req = url.as_str().into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", format!("http://{addr}").parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
}

/// Security s48, 14: with its public names given (`--public-host`), the server refuses a
/// request that names another host (421), the WebSocket's included, so a page at evil.example
/// whose name points at the server (DNS rebinding) gets nothing; `/healthz` answers any; the
/// page at a public name opens its WebSocket.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_with_public_names_refuses_requests_for_another_host() {
    let addr = public_server("public-host", false).await;
    let ask = |path: &'static str, host: String| {
        let addr = addr.clone();
        async move { support::request_naming(&addr, &host, "GET", path, "").await }
    };
    let (status, out) = ask("/api/presets", format!("evil.example:{}", &addr[10..])).await;
    assert_eq!(status, 421, "{out}");
    assert!(out.contains("--public-host"), "{out}");
    let (status, _) = ask("/api/presets", addr.clone()).await;
    assert_eq!(status, 421, "the loopback address is not one of its names");
    // A browser is shown a page with the address to use (operator tester s50, 9).
    let (status, page) =
        support::request_naming_accepting(&addr, "evil.example", "text/html,*/*", "GET", "/", "").await;
    assert_eq!(status, 421, "{page}");
    assert!(page.contains("<a href=\"//cards.example.org/\">"), "{page}");
    let (status, _) = ask("/healthz", "evil.example".into()).await;
    assert_eq!(status, 200);
    let (status, out) = ask("/api/presets", "Cards.Example.Org:443".into()).await;
    assert_eq!(status, 200, "{out}");
    let code = create_as(&addr, "cards.example.org").await;
    let socket = |host: &str, origin: &str| {
        let mut req = format!("ws://{addr}/ws/{code}").into_client_request().unwrap();
        req.headers_mut().insert("Host", host.parse().unwrap());
        req.headers_mut().insert("Origin", origin.parse().unwrap());
        tokio_tungstenite::connect_async(req)
    };
    let e = socket("evil.example", "http://evil.example").await.unwrap_err();
    assert!(e.to_string().contains("421"), "{e}");
    // A proxy in front that names the server otherwise: the page's origin is a public name.
    let e = socket("cards.example.org", "http://evil.example")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("403"), "{e}");
    assert!(socket("cards.example.org", "https://cards.example.org")
        .await
        .is_ok());
    // Another server on another port of the same name gets no socket (review s50, N2).
    let e = socket("cards.example.org", "http://cards.example.org:9999")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("403"), "{e}");
}

/// A proxy in front that names the server by its own address (nginx's default `Host`), that
/// address listed as a public name too: the page's `Origin`, the public name people use, is
/// let in though it is not the `Host`; another site's is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_from_a_public_name_is_let_in_whatever_host_the_proxy_names() {
    let addr = public_server("public-origin", true).await;
    let code = create_as(&addr, &addr).await;
    let socket = |origin: &str| {
        let mut req = format!("ws://{addr}/ws/{code}").into_client_request().unwrap();
        req.headers_mut().insert("Origin", origin.parse().unwrap());
        tokio_tungstenite::connect_async(req)
    };
    assert!(socket("https://cards.example.org").await.is_ok());
    let e = socket("https://evil.example").await.unwrap_err();
    assert!(e.to_string().contains("403"), "{e}");
}

/// A server answering to the name cards.example.org (and, with `also_self`, to its own
/// loopback address): its address.
async fn public_server(db: &str, also_self: bool) -> String {
    let store = euchre_server::Store::open(&temp_db(db), euchre_server::Durability::Process).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let mut names = vec!["cards.example.org".to_string()];
    if also_self {
        names.push(addr.clone());
    }
    let hosts = euchre_server::http::host::PublicHosts::new(&names).unwrap();
    let state = euchre_server::AppState::open(store)
        .unwrap()
        .with_public_hosts(hosts);
    tokio::spawn(euchre_server::serve(
        listener,
        euchre_server::router(state),
        euchre_server::Limits::default(),
        std::future::pending(),
    ));
    addr
}

/// A table made through a request naming `host`: its code.
async fn create_as(addr: &str, host: &str) -> String {
    let body = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]});
    let (status, out) = support::request_naming(addr, host, "POST", "/api/tables", &body.to_string()).await;
    assert_eq!(status, 200, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    v["code"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_http_requests_are_named() {
    let addr = start(&temp_db("bad-http")).await;
    let cases = [
        (json!({"rules": "bogus", "seats": ["open"]}), "bogus"),
        (
            json!({"rules": "north-american", "seats": ["open", "wizard", "basic", "basic"]}),
            "wizard",
        ),
        (
            json!({"rules": "north-american", "seats": ["open", "basic"]}),
            "2 seats",
        ),
        (
            json!({"rules": "north-american", "options": {"winning_score": "many"}, "seats": ["open", "basic", "basic", "basic"]}),
            "winning_score",
        ),
        (
            json!({"rules": "north-american", "options": {"colour": "red"}, "seats": ["open", "basic", "basic", "basic"]}),
            "colour",
        ),
        (
            json!({"rules": "north-american", "options": {"std": true, "stick_the_dealer": false}, "seats": ["open", "basic", "basic", "basic"]}),
            "are one option, stick_the_dealer",
        ),
        (
            json!({"rules": "north-american", "options": {"winning_score": 11, "num_deals": 3}, "seats": ["open", "basic", "basic", "basic"]}),
            "exclude each other",
        ),
        (
            json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "grace_secs": 999_999}),
            "grace",
        ),
        (
            json!({"rules": "north-american", "seats": ["open"], "extra": 1}),
            "extra",
        ),
        (json!("a string"), "the body must be a JSON object"),
    ];
    for (body, words) in cases {
        let (status, e) = post(&addr, "/api/tables", &body).await;
        assert_eq!(status, 400, "{body}: {e}");
        assert!(
            e["error"].as_str().unwrap().contains(words),
            "expected '{words}' in {e}"
        );
    }
    // An option written twice in the body: a JSON reader would keep the last without a word.
    let twice = r#"{"rules":"north-american","options":{"robson":true,"robson":false},"seats":["open","basic","basic","basic"]}"#;
    let (status, e) = support::request_text(&addr, "POST", "/api/tables", twice).await;
    assert_eq!(status, 400, "{e}");
    assert!(e.contains("option 'robson' is given twice"), "{e}");
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"]}),
    )
    .await;
    let seat = |n: usize| format!("/api/tables/{code}/seats/{n}");
    // Any other key written twice, in any body: its fields are read as a struct's, and a
    // struct takes each field once.
    let seat1 = seat(1);
    let free = format!("{seat1}/free");
    let again = format!("/api/tables/{code}/again");
    let repeated = [
        (
            "/api/tables",
            r#"{"rules":"north-american","rules":"classic","seats":["open","basic","basic","basic"]}"#,
            "rules",
        ),
        (seat1.as_str(), r#"{"name":"Ann","name":"Bo"}"#, "name"),
        (free.as_str(), r#"{"host":"a","host":"b"}"#, "host"),
        (again.as_str(), r#"{"host":"a","host":"b"}"#, "host"),
        (
            "/api/accounts",
            r#"{"name":"Ann","password":"x","password":"y"}"#,
            "password",
        ),
        (
            "/api/login",
            r#"{"name":"Ann","name":"Bo","password":"x"}"#,
            "name",
        ),
    ];
    for (path, body, key) in repeated {
        let (status, e) = support::request_text(&addr, "POST", path, body).await;
        assert_eq!(status, 400, "{path} {body}: {e}");
        assert!(e.contains(&format!("duplicate field `{key}`")), "{path}: {e}");
    }
    assert_eq!(
        post(&addr, "/api/tables/NOPE42/seats/0", &json!({"name": "x"}))
            .await
            .0,
        404
    );
    assert_eq!(post(&addr, &seat(7), &json!({"name": "x"})).await.0, 404);
    assert_eq!(post(&addr, &seat(0), &json!({"name": "hard"})).await.0, 400);
    assert_eq!(post(&addr, &seat(0), &json!({"name": ""})).await.0, 400);
    assert_eq!(post(&addr, &seat(0), &json!({})).await.0, 400);
    claim(&addr, &code, 0, "Ann").await;
    let (status, e) = post(&addr, &seat(0), &json!({"name": "Eve"})).await;
    assert_eq!(status, 409);
    assert!(e["error"].as_str().unwrap().contains("taken"), "{e}");
    // Two people of one name could not be told apart.
    let (status, e) = post(&addr, &seat(1), &json!({"name": " ann "})).await;
    assert_eq!(status, 409, "{e}");
    assert!(e["error"].as_str().unwrap().contains("'Ann' already sits"), "{e}");
    // A seat that is not a number, an address no route takes, and the wrong method: each a
    // JSON error that says so.
    let (status, e) = post(
        &addr,
        &format!("/api/tables/{code}/seats/abc"),
        &json!({"name": "x"}),
    )
    .await;
    assert_eq!(status, 400, "{e}");
    assert!(e["error"].as_str().unwrap().contains("not a seat number"), "{e}");
    let (status, text) = get(&addr, "/api/nothing").await;
    assert_eq!(status, 404, "{text}");
    let e: Value = serde_json::from_str(&text).expect("a JSON error");
    assert!(e["error"].as_str().unwrap().contains("GET /api/nothing"), "{e}");
    let (status, text) = get(&addr, "/api/tables").await;
    assert_eq!(status, 405, "{text}");
    let e: Value = serde_json::from_str(&text).expect("a JSON error");
    assert!(e["error"].as_str().unwrap().contains("does not take GET"), "{e}");
    // Only the host frees a seat.
    let (status, _) = post(
        &addr,
        &format!("{}/free", seat(0)),
        &json!({"host": "0".repeat(32)}),
    )
    .await;
    assert_eq!(status, 403);
    // The hands stay hidden until the game is over.
    let (status, e) = get(&addr, &format!("/api/tables/{code}/game.egn")).await;
    assert_eq!(status, 409, "{e}");
    // A wrong token holds no seat: told so with the close code the page acts on, and nothing
    // else (no state of the table).
    let (close, reason) = refused_socket(&addr, &code, &"0".repeat(32)).await;
    assert_eq!(close, 4001, "{reason}");
    assert!(
        reason.contains("no seat at this table has that token"),
        "{reason}"
    );
    // Not a token at all: refused at the handshake.
    let bad = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}?token=short")).await;
    assert!(bad.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_frees_a_seat_and_its_old_token_stops_working() {
    let addr = start(&temp_db("free")).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    assert_eq!(status, 200);
    let (code, host) = (t["code"].as_str().unwrap(), t["host"].as_str().unwrap());
    let token = claim(&addr, code, 0, "Ann").await;
    let mut ws = connect(&addr, code, Some(&token)).await;
    assert_eq!(next(&mut ws).await.unwrap()["seat"], 0);
    let (status, _) = post(
        &addr,
        &format!("/api/tables/{code}/seats/0/free"),
        &json!({"host": host}),
    )
    .await;
    assert_eq!(status, 200);
    // The old connection is closed before the seat's next holder's cards could reach it, and
    // told why with the close code the page acts on (it offers the seats, not a reconnect).
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("the close")
        {
            Some(Ok(Message::Text(t))) => {
                let m: Value = serde_json::from_str(&t).unwrap();
                assert_eq!(m["type"], "state");
            }
            Some(Ok(Message::Close(frame))) => break frame.expect("a close frame with a reason"),
            other => panic!("closed without a reason: {other:?}"),
        }
    };
    assert_eq!(u16::from(closed.code), 4001);
    assert_eq!(closed.reason.as_str(), "the host freed this seat");
    let (close, reason) = refused_socket(&addr, code, &token).await;
    assert_eq!(close, 4001, "{reason}");
    let again = claim(&addr, code, 0, "Cy").await;
    let mut ws = connect(&addr, code, Some(&again)).await;
    let m = next(&mut ws).await.unwrap();
    assert_eq!(m["seats"][0]["name"], "Cy");
}

/// A friend who does not come: the host gives the open seat to the table's stand-in, the game
/// starts, and after a restart the seat is still the computer player's. Only the host may, and
/// only an open seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_gives_an_open_seat_to_a_computer_player_and_the_game_starts() {
    let db = temp_db("give");
    let addr = start(&db).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"]}),
    )
    .await;
    assert_eq!(status, 200);
    let (code, host) = (t["code"].as_str().unwrap(), t["host"].as_str().unwrap());
    let give = |seat: usize, host: String| {
        let addr = addr.clone();
        let path = format!("/api/tables/{code}/seats/{seat}/bot");
        async move { post(&addr, &path, &json!({ "host": host })).await }
    };
    // With nobody seated yet, computer players would play for nobody.
    let (status, e) = give(1, host.to_string()).await;
    assert_eq!(status, 409, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("someone must sit at the table"),
        "{e}"
    );
    let token = claim(&addr, code, 0, "Ann").await;
    let mut ws = connect(&addr, code, Some(&token)).await;
    assert_eq!(next(&mut ws).await.unwrap()["started"], false);
    assert_eq!(give(1, "0".repeat(32)).await.0, 403);
    let (status, e) = give(0, host.to_string()).await;
    assert_eq!(status, 409, "Ann's seat is not open: {e}");
    let (status, r) = give(1, host.to_string()).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["seat"], 1);
    // The game is on, with the computer player in seat 1.
    let started = loop {
        let m = next(&mut ws).await.expect("a state");
        if m["started"] == true {
            break m;
        }
    };
    assert_eq!(started["seats"][1]["kind"], "bot", "{}", started["seats"]);
    let player = r["player"].as_str().unwrap();
    assert_eq!(started["seats"][1]["name"], player);
    // Stored: a second server on the same database has it too.
    let again = start(&db).await;
    let (_, info) = get(&again, &format!("/api/tables/{code}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["seats"][1]["kind"], "bot", "{info}");
}

/// A table of computer players alone, or with one too slow for a shared server (`pimc-10000`
/// spends seconds a decision; the measuring variants of `expert` likewise), is refused by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_that_would_spend_the_servers_cores_for_nobody_are_refused() {
    let addr = start(&temp_db("costly")).await;
    let table = |seats: Value, stand_in: Option<&str>| {
        let addr = addr.clone();
        let mut body = json!({"rules": "north-american", "seats": seats});
        if let Some(s) = stand_in {
            body["stand_in"] = json!(s);
        }
        async move { post(&addr, "/api/tables", &body).await }
    };
    let (status, e) = table(json!(["easy", "easy", "easy", "easy"]), None).await;
    assert_eq!(status, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("a table needs a seat for a person"),
        "{e}"
    );
    let (status, e) = table(json!(["open", "pimc-05", "easy", "easy"]), None).await;
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("choose easy, medium, hard, expert"),
        "{e}"
    );
    for slow in ["pimc-10000", "pimc-win-201", "expert-3000-w300"] {
        let (status, e) = table(json!(["open", slow, "easy", "easy"]), None).await;
        assert_eq!(status, 400, "{slow}: {e}");
        assert!(
            e["error"]
                .as_str()
                .unwrap()
                .contains("too slow for a shared server"),
            "{e}"
        );
    }
    let (status, e) = table(json!(["open", "easy", "easy", "easy"]), Some("pimc-5000")).await;
    assert_eq!(status, 400, "{e}");
    let (status, e) = table(json!(["open", "pimc-200", "expert", "basic"]), Some("medium")).await;
    assert_eq!(status, 200, "{e}");
}

/// The limits per client address: a request's head or body that never comes is cut off; one address
/// may hold only so many connections (WebSockets included) and open only so many tables at
/// once, then one every so often; other clients are not held back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_is_held_to_its_share() {
    let limits = euchre_server::Limits {
        connections_per_address: 3,
        tables_burst: 2,
        table_every: std::time::Duration::from_secs(60),
        header_timeout: std::time::Duration::from_millis(500),
        limit_loopback: true,
        ..euchre_server::Limits::default()
    };
    let addr = start_limited(&temp_db("limits"), limits).await;
    // A head that never ends is closed after the timeout.
    let mut slow = TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(5), slow.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "closed within the timeout");
    // So is a body that never ends: 408, saying why.
    let mut slow = TcpStream::connect(&addr).await.unwrap();
    slow.write_all(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"rules\"",
    )
    .await
    .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(5), slow.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "answered within the timeout");
    let answer = String::from_utf8_lossy(&buf);
    assert!(
        answer.starts_with("HTTP/1.1 408") && answer.contains("did not arrive within 0.5 s"),
        "{answer}"
    );
    // Two tables, then 429 with a wait.
    let body = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]});
    let code = create(&addr, &body).await;
    create(&addr, &body).await;
    let (status, e) = post(&addr, "/api/tables", &body).await;
    assert_eq!(status, 429, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("too many new tables"),
        "{e}"
    );
    // Three connections held open (two WebSockets and a plain one): a fourth is refused.
    let _a = connect(&addr, &code, None).await;
    let _b = connect(&addr, &code, None).await;
    let _c = TcpStream::connect(&addr).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let mut d = TcpStream::connect(&addr).await.unwrap();
    let _ = d
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await;
    let mut out = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), d.read_to_end(&mut out)).await;
    assert!(out.is_empty(), "refused: {}", String::from_utf8_lossy(&out));
    // One closes: a place is free again.
    drop(_c);
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let (status, _) = get(&addr, "/healthz").await;
    assert_eq!(status, 200);
}

/// Table codes are six letters (30 bits): one address may try only so many that name no table,
/// and with its tries used up every lookup by code waits, a real code's too, so that the
/// answers say nothing (security review s48, 6: 14,000 lookups a second, unlimited).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_may_try_only_so_many_unknown_table_codes() {
    let limits = euchre_server::Limits {
        misses_burst: 3,
        miss_every: std::time::Duration::from_secs(60),
        limit_loopback: true,
        ..euchre_server::Limits::default()
    };
    let addr = start_limited(&temp_db("misses"), limits).await;
    let body = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]});
    let code = create(&addr, &body).await;
    // A code found costs no try.
    for _ in 0..5 {
        assert_eq!(get(&addr, &format!("/api/tables/{code}")).await.0, 200);
    }
    for guess in ["AAAAAA", "BBBBBB", "CCCCCC"] {
        assert_eq!(
            get(&addr, &format!("/api/tables/{guess}")).await.0,
            404,
            "{guess}"
        );
    }
    let (status, e) = get(&addr, "/api/tables/DDDDDD").await;
    assert_eq!(status, 429, "{e}");
    assert!(e.contains("too many unknown table codes"), "{e}");
    // The real code waits too, and a seat cannot be claimed by guessing meanwhile.
    assert_eq!(get(&addr, &format!("/api/tables/{code}")).await.0, 429);
    let (status, _) = post(
        &addr,
        &format!("/api/tables/{code}/seats/0"),
        &json!({"name": "Mallory"}),
    )
    .await;
    assert_eq!(status, 429);
}

/// Behind a proxy on the machine (`--trust-proxy`) the limits hold for the proxy's clients, by
/// the address the proxy adds last to `X-Forwarded-For` (security review s48, 5: every client
/// was loopback, and loopback is not limited); a request without it is the proxy's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_is_held_to_its_share() {
    let limits = euchre_server::Limits {
        tables_burst: 1,
        table_every: std::time::Duration::from_secs(60),
        trust_proxy: true,
        ..euchre_server::Limits::default()
    };
    let addr = start_limited(&temp_db("proxy"), limits).await;
    let body = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}).to_string();
    let new_table = |forwarded: &str| {
        format!(
            "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n{forwarded}Content-Length: {}\r\n\r\n",
            body.len()
        )
    };
    // A client's own entry comes first; the proxy's, naming the client, last.
    let ann = new_table("X-Forwarded-For: 10.9.9.9, 192.0.2.50\r\n");
    assert_eq!(raw(&addr, &ann, body.as_bytes()).await.0, 200);
    let (status, said) = raw(&addr, &ann, body.as_bytes()).await;
    assert_eq!(status, 429, "{said}");
    let bob = new_table("X-Forwarded-For: 10.9.9.9, 192.0.2.51\r\n");
    assert_eq!(raw(&addr, &bob, body.as_bytes()).await.0, 200);
    // Ann naming Bob's address first changes nothing: the proxy's entry is last.
    let ann_as_bob = new_table("X-Forwarded-For: 192.0.2.51, 192.0.2.50\r\n");
    assert_eq!(raw(&addr, &ann_as_bob, body.as_bytes()).await.0, 429);
    // The proxy's own requests (no header) are loopback's, not limited.
    for _ in 0..3 {
        assert_eq!(raw(&addr, &new_table(""), body.as_bytes()).await.0, 200);
    }
}

/// A raw request: the status and the body.
async fn raw(addr: &str, head: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(head.as_bytes()).await.unwrap();
    let _ = s.write_all(body).await;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out).await;
    let out = String::from_utf8_lossy(&out).into_owned();
    let status = out.get(9..12).and_then(|c| c.parse().ok()).unwrap_or(0);
    (
        status,
        out.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string(),
    )
}

/// Every refusal says what is wrong, as JSON, with the status that names it: a body too large
/// (413), not JSON by its content type (415), a WebSocket address asked without the upgrade.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_have_their_own_status_and_say_why_in_json() {
    let addr = start(&temp_db("statuses")).await;
    let big = vec![b' '; 3 << 20];
    let head = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        big.len()
    );
    let (status, body) = raw(&addr, &head, &big).await;
    assert_eq!(status, 413, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].is_string(), "{body}");
    let text = b"rules=north-american";
    let head = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        text.len()
    );
    let (status, body) = raw(&addr, &head, text).await;
    assert_eq!(status, 415, "{body}");
    assert!(body.contains("Content-Type"), "{body}");
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let head = format!("GET /ws/{code} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let (status, body) = raw(&addr, &head, b"").await;
    assert_eq!(status, 400, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("WebSocket"), "{body}");
}

/// A stored table whose changes no longer replay (a damaged row) is left out at the start, its
/// data kept, and the other tables are served as before. (What the log then says, with the
/// change that failed, is not checked here.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_table_that_does_not_replay_is_left_out_and_kept() {
    let db = temp_db("no-replay");
    let addr = start(&db).await;
    let seats = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 3});
    let bad = create(&addr, &seats).await;
    let good = create(&addr, &seats).await;
    for code in [&bad, &good] {
        let token = claim(&addr, code, 0, "Ann").await;
        // Ann comes, so the computer players play up to her turn.
        let mut ws = connect(&addr, code, Some(&token)).await;
        while next(&mut ws).await.expect("a state")["seq"].as_u64().unwrap_or(0) == 0 {}
    }
    let c = rusqlite::Connection::open(&db).unwrap();
    let changed = c
        .execute(
            "UPDATE events SET action = 'fly' WHERE code = ?1 AND seq = 1",
            [&bad],
        )
        .unwrap();
    assert_eq!(changed, 1, "the table's first change is stored");
    let again = start(&db).await;
    // The code is right and the table is stored: the fault is the server's, and it says so.
    for _ in 0..2 {
        let (status, body) = get(&again, &format!("/api/tables/{bad}")).await;
        assert_eq!(status, 500, "{body}");
        assert!(
            body.contains(&format!(
                "table {bad} is stored but its game could not be read back"
            )),
            "{body}"
        );
    }
    let (status, info) = get(&again, &format!("/api/tables/{good}")).await;
    assert_eq!(status, 200, "{info}");
    let kept: String = c
        .query_row(
            "SELECT action FROM events WHERE code = ?1 AND seq = 1",
            [&bad],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kept, "fly", "left as it was");
}

/// Connects with `token` and returns the close the server answers with at once (code and
/// reason), failing if a message comes first.
async fn refused_socket(addr: &str, code: &str, token: &str) -> (u16, String) {
    let mut ws = connect(addr, code, Some(token)).await;
    match tokio::time::timeout(Duration::from_secs(30), ws.next())
        .await
        .expect("a close")
    {
        Some(Ok(Message::Close(Some(frame)))) => (u16::from(frame.code), frame.reason.to_string()),
        other => panic!("not closed with a reason: {other:?}"),
    }
}

/// A client that closes its connection gets the closing handshake's answer, not a dropped
/// connection (which a browser reports as 1006, "abnormal closure").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_from_the_client_is_answered() {
    let addr = start(&temp_db("close")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let mut ws = connect(&addr, &code, None).await;
    assert_eq!(next(&mut ws).await.unwrap()["type"], "state");
    ws.close(None).await.unwrap();
    let answer = loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer")
        {
            Some(Ok(Message::Text(_))) => continue,
            other => break other,
        }
    };
    assert!(matches!(answer, Some(Ok(Message::Close(_)))), "{answer:?}");
}

/// A preset named in another letter case, with `_`, or by a second name is the preset: the
/// table is stored and shown under its listed name (the page finds its words and downloads by
/// it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preset_typed_another_way_is_stored_as_listed() {
    let addr = start(&temp_db("preset-name")).await;
    for (typed, listed) in [
        ("North_American", "north-american"),
        ("Cutthroat", "three-handed"),
    ] {
        let seats = if listed == "three-handed" {
            json!(["open", "basic", "basic"])
        } else {
            json!(["open", "basic", "basic", "basic"])
        };
        let code = create(&addr, &json!({"rules": typed, "seats": seats})).await;
        let (status, info) = get(&addr, &format!("/api/tables/{code}")).await;
        assert_eq!(status, 200, "{info}");
        let info: Value = serde_json::from_str(&info).unwrap();
        assert_eq!(info["rules"], listed, "{info}");
    }
}

/// Server tester s53, 5: an unknown code was echoed whole (5,000 letters), and text that
/// cannot be a code answered "no table ZZ' OR 1=1". A text that cannot be a code is "not a
/// table code", cut short; a code's shape that names no table is "no table", as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_that_cannot_be_a_code_is_said_so_and_cut() {
    let addr = start(&temp_db("not-a-code")).await;
    let long = "A".repeat(5000);
    for (path, words) in [
        (format!("/api/tables/{long}"), "is not a table code"),
        (
            "/api/tables/zz'%20or%201=1".to_string(),
            "'zz' or 1=1' is not a table code",
        ),
        (format!("/api/tables/{long}/game.json"), "is not a table code"),
        ("/api/tables/ZZZZZZ".to_string(), "no table ZZZZZZ"),
    ] {
        let (status, body) = get(&addr, &path).await;
        assert_eq!(status, 404, "{path}: {body}");
        let e: Value = serde_json::from_str(&body).unwrap();
        let e = e["error"].as_str().unwrap();
        assert!(e.contains(words), "{e}");
        assert!(e.len() < 200, "{e}");
    }
    let (status, body) = post(
        &addr,
        &format!("/api/tables/{long}/seats/0"),
        &json!({"name": "Ann"}),
    )
    .await;
    assert_eq!(status, 404, "{body}");
    assert!(body["error"].as_str().unwrap().len() < 200, "{body}");
}

/// Server tester s53, 6: a body of the wrong shape was refused in the deserializer's words,
/// naming the server's own types ("expected struct NewTable with 6 elements", "expected u64").
/// It is told what the body must be, or what the field takes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_of_the_wrong_shape_is_told_what_it_must_be() {
    let addr = start(&temp_db("body-words")).await;
    let seats = json!(["open", "basic", "basic", "basic"]);
    for (body, words) in [
        (json!([]), "the body must be a JSON object"),
        (json!(7), "the body must be a JSON object"),
        (
            json!({"rules": "north-american", "seats": seats, "grace_secs": -1}),
            "grace_secs is a whole number of seconds, 0 to 86400",
        ),
        (
            json!({"rules": "north-american", "seats": seats, "grace_secs": "60"}),
            "grace_secs is a whole number of seconds, 0 to 86400",
        ),
        (
            json!({"rules": 5, "seats": seats}),
            "rules is the name of a preset",
        ),
        (
            json!({"rules": "north-american", "seats": "open"}),
            "seats is a list",
        ),
        (json!({"rules": "north-american"}), "missing field `seats`"),
    ] {
        let (status, e) = post(&addr, "/api/tables", &body).await;
        assert_eq!(status, 400, "{body}: {e}");
        let e = e["error"].as_str().unwrap();
        assert!(e.contains(words), "{body}: {e}");
        for rust in ["NewTable", "struct", "u64", "deserialize"] {
            assert!(!e.contains(rust), "{body}: {e}");
        }
    }
    let (status, e) = support::request_text(&addr, "POST", "/api/tables", "{not json").await;
    assert_eq!(status, 400);
    assert!(e.contains("the body is not JSON"), "{e}");
    let (status, e) = post(&addr, "/api/login", &json!([])).await;
    assert_eq!(status, 400);
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .contains("the body must be a JSON object"),
        "{e}"
    );
}
