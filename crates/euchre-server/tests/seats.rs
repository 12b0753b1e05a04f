//! Seats over time: a person gone past the grace period is played for and takes the seat back;
//! named accounts keep their names; a finished game feeds its players' pages.

mod support;

use serde_json::{json, Value};
use support::{claim, connect, create, get, next, post, reply, request, send, start, temp_db};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Browser tester s49, 5: the others were told only "Offline" for the grace period's minute,
/// not that a computer would play, nor when. A person gone now comes with the seconds left
/// (counted from the state), in every state until they are back or the stand-in plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_others_are_told_when_a_computer_plays_for_a_person_gone() {
    let addr = start(&temp_db("grace-count")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"],
                "grace_secs": 40, "seed": 4}),
    )
    .await;
    let ann_token = claim(&addr, &code, 0, "Ann").await;
    let bo_token = claim(&addr, &code, 1, "Bo").await;
    let mut ann = connect(&addr, &code, Some(&ann_token)).await;
    let bo = connect(&addr, &code, Some(&bo_token)).await;
    let bo_seat = |m: &Value| m["seats"][1].clone();
    // Ann's states until `pred` holds of Bo's seat; nobody counts while Bo is there.
    async fn until(ann: &mut support::Ws, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = next(ann).await.expect("a state");
            if m["type"] != "state" {
                continue;
            }
            let bo = &m["seats"][1];
            if bo["connected"] == true {
                assert!(bo.get("stand_in_in").is_none(), "{m}");
            }
            if pred(bo) {
                return m;
            }
        }
    }
    until(&mut ann, |bo| bo["connected"] == true).await;
    drop(bo);
    let m = until(&mut ann, |bo| bo["connected"] == false).await;
    let left = bo_seat(&m)["stand_in_in"].as_u64().expect("the seconds left");
    assert!((38..=40).contains(&left), "{m}");
    assert_eq!(bo_seat(&m)["kind"], "person");
    // Back, and nobody counts.
    let _bo = connect(&addr, &code, Some(&bo_token)).await;
    until(&mut ann, |bo| bo["connected"] == true).await;
}

/// Browser tester s49, 5: the host need not make everyone wait out a gone friend's grace: a
/// computer plays for them at once, and they take the seat back by coming back. Only for a
/// person who is gone, and only by the host.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_lets_a_computer_play_now_for_a_person_gone() {
    let addr = start(&temp_db("play-now")).await;
    let (_, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"],
                "grace_secs": 3600, "seed": 7}),
    )
    .await;
    let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
    let ann = claim(&addr, &code, 0, "Ann").await;
    let bo = claim(&addr, &code, 1, "Bo").await;
    let mut ann_ws = connect(&addr, &code, Some(&ann)).await;
    let bo_ws = connect(&addr, &code, Some(&bo)).await;
    let away = format!("/api/tables/{code}/seats/1/away");
    let (status, e) = post(&addr, &away, &json!({ "host": host })).await;
    assert_eq!(status, 409, "Bo is here: {e}");
    let bo_seat = |m: &Value| m["seats"][1].clone();
    // Ann's first state may come before Bo's connection is counted: seen connected first, so
    // that his leaving is what is waited for.
    loop {
        let m = next(&mut ann_ws).await.expect("a state");
        if m["type"] == "state" && bo_seat(&m)["connected"] == true {
            break;
        }
    }
    drop(bo_ws);
    loop {
        let m = next(&mut ann_ws).await.expect("a state");
        if m["type"] == "state" && bo_seat(&m)["connected"] == false && m["started"] == true {
            break;
        }
    }
    let (status, e) = post(&addr, &away, &json!({ "host": "0".repeat(32) })).await;
    assert_eq!(status, 403, "{e}");
    let seat0 = format!("/api/tables/{code}/seats/0/away");
    assert_eq!(
        post(&addr, &seat0, &json!({ "host": host })).await.0,
        409,
        "Ann is here"
    );
    let (status, e) = post(&addr, &away, &json!({ "host": host })).await;
    assert_eq!(status, 200, "{e}");
    loop {
        let m = next(&mut ann_ws).await.expect("a state");
        if m["type"] == "state" && bo_seat(&m)["kind"] == "away" {
            assert!(bo_seat(&m).get("stand_in_in").is_none(), "{m}");
            break;
        }
    }
    // Back, Bo plays his seat again.
    let _bo_again = connect(&addr, &code, Some(&bo)).await;
    loop {
        let m = next(&mut ann_ws).await.expect("a state");
        if m["type"] == "state" && bo_seat(&m)["kind"] == "person" {
            assert_eq!(bo_seat(&m)["connected"], true, "{m}");
            // Both told in the deal's seat changes, by the server (review s53, 3); Ann has
            // not decided, so the deal is still the first.
            let changes = m["seat_changes"].as_array().unwrap();
            let said: Vec<_> = changes
                .iter()
                .map(|c| (c["seat"].as_u64(), c["change"].as_str(), c["to"]["kind"].as_str()))
                .collect();
            assert_eq!(
                said,
                [
                    (Some(1), Some("away_by_host"), Some("away")),
                    (Some(1), Some("back"), Some("person"))
                ],
                "{m}"
            );
            assert_eq!(changes[0]["from"], json!({"kind": "person", "name": "Bo"}));
            break;
        }
    }
}

/// Review s49, 3: a seat freed by the host during its person's grace, and taken by someone
/// else, kept the grace: the newcomer was shown as about to be played for, and the old timer
/// marked them away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_grace_ends_with_the_seat_changing_hands() {
    let addr = start(&temp_db("grace-freed")).await;
    let (_, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"],
                "grace_secs": 1, "seed": 6}),
    )
    .await;
    let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
    let ann = claim(&addr, &code, 0, "Ann").await;
    let bo = claim(&addr, &code, 1, "Bo").await;
    let _ann_ws = connect(&addr, &code, Some(&ann)).await;
    drop(connect(&addr, &code, Some(&bo)).await);
    let free = format!("/api/tables/{code}/seats/1/free");
    assert_eq!(post(&addr, &free, &json!({ "host": host })).await.0, 200);
    let _cy = claim(&addr, &code, 1, "Cy").await;
    // Past the grace Bo's leaving began, Cy (who has not connected yet) is neither counted
    // down nor played for.
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let mut watcher = connect(&addr, &code, None).await;
    let state = next(&mut watcher).await.expect("a state");
    assert_eq!(state["seats"][1]["name"], "Cy", "{state}");
    assert_eq!(state["seats"][1]["kind"], "person", "{state}");
    assert!(state["seats"][1].get("stand_in_in").is_none(), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_away_past_the_grace_period_is_played_for_then_comes_back() {
    let addr = start(&temp_db("grace")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"],
                "grace_secs": 1, "stand_in": "basic", "seed": 4}),
    )
    .await;
    let token = claim(&addr, &code, 0, "Ann").await;
    let bo_token = claim(&addr, &code, 1, "Bo").await;
    let mut ws = connect(&addr, &code, Some(&token)).await;
    let first = next(&mut ws).await.unwrap();
    assert_eq!(first["seats"][0]["kind"], "person");
    drop(ws);
    // Bo plays on; the stand-in plays for Ann once her grace period is over.
    let mut bo = connect(&addr, &code, Some(&bo_token)).await;
    let mut away_seen = false;
    let mut seq = 0;
    let mut acted = None;
    while let Some(m) = next(&mut bo).await {
        if m["type"] != "state" {
            continue;
        }
        if m["seats"][0]["kind"] == "away" {
            away_seen = true;
        }
        seq = m["seq"].as_u64().unwrap();
        if away_seen && seq > 10 {
            break;
        }
        if let Some(a) = m["legal"].as_array().and_then(|l| l.first()) {
            if acted != Some(seq) {
                acted = Some(seq);
                send(&mut bo, &json!({"type": "act", "seq": seq, "action": a})).await;
            }
        }
    }
    assert!(away_seen && seq > 10, "the stand-in played for the seat");
    // With everyone gone the table waits for them: the computer players do not play on at the
    // server's cost for nobody (a spectator does not count).
    drop(bo);
    // (A decision already being searched when Bo left is still made.)
    tokio::time::sleep(std::time::Duration::from_millis(1_000)).await;
    let mut watcher = connect(&addr, &code, None).await;
    let before = next(&mut watcher).await.unwrap()["seq"].as_u64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
    let mut spectator = connect(&addr, &code, None).await;
    let after = next(&mut spectator).await.unwrap();
    assert_eq!(
        after["seq"].as_u64().unwrap(),
        before,
        "nobody at the table: it waits"
    );
    // Back: the seat is the person's again, and play goes on.
    let mut ws = connect(&addr, &code, Some(&token)).await;
    let back = next(&mut ws).await.unwrap();
    assert_eq!(back["seats"][0]["kind"], "person", "{}", back["seats"]);
    assert_eq!(back["seats"][0]["connected"], true);
}

/// A request with headers by hand: status, the response's headers and body.
async fn with_headers(
    addr: &str,
    method: &str,
    path: &str,
    headers: &str,
    body: &Value,
) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (status, head.to_string(), body.to_string())
}

fn cookie_line(head: &str) -> &str {
    head.lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .expect("a cookie")
}

fn cookie_of(head: &str) -> String {
    let line = cookie_line(head);
    for flag in ["HttpOnly", "SameSite=Strict"] {
        assert!(line.contains(flag), "{line}");
    }
    line.split_once(':')
        .unwrap()
        .1
        .trim()
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// Registers an account: the status and the body.
async fn register(addr: &str, name: &str, password: &str) -> (u16, String) {
    let (status, _, body) = with_headers(
        addr,
        "POST",
        "/api/accounts",
        "",
        &json!({ "name": name, "password": password }),
    )
    .await;
    (status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_named_account_keeps_its_name() {
    let addr = start(&temp_db("accounts")).await;
    let creds = json!({"name": "Maud", "password": "correct horse"});
    let (status, head, _) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
    assert_eq!(status, 200);
    let cookie = cookie_of(&head);
    // Over plain HTTP (a club's server on its network) the cookie must come back, so it is
    // not `Secure`; through an HTTPS proxy that says so, it is.
    assert!(!cookie_line(&head).contains("Secure"), "{head}");
    let (status, https, _) = with_headers(
        &addr,
        "POST",
        "/api/login",
        "X-Forwarded-Proto: https\r\n",
        &creds,
    )
    .await;
    assert_eq!(status, 200);
    assert!(cookie_line(&https).contains("; Secure;"), "{https}");
    // Taken in any case, refused with a short password or a bot's name.
    let (status, _) = register(&addr, "maud", "another one").await;
    assert_eq!(status, 409);
    let (status, _) = register(&addr, "Zed", "short").await;
    assert_eq!(status, 400);
    let (status, _) = register(&addr, "hard", "long enough").await;
    assert_eq!(status, 400);
    // Who am I.
    let (_, _, me) = with_headers(
        &addr,
        "GET",
        "/api/me",
        &format!("Cookie: {cookie}\r\n"),
        &json!(null),
    )
    .await;
    assert!(me.contains("\"Maud\""), "{me}");
    // A wrong password.
    let (status, _, _) = with_headers(
        &addr,
        "POST",
        "/api/login",
        "",
        &json!({"name": "Maud", "password": "wrong!!!"}),
    )
    .await;
    assert_eq!(status, 401);
    // The name is the account's: a guest may not sit as Maud; Maud, logged in, may.
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"]}),
    )
    .await;
    let (status, _, e) = with_headers(
        &addr,
        "POST",
        &format!("/api/tables/{code}/seats/0"),
        "",
        &json!({"name": "maud"}),
    )
    .await;
    assert_eq!(status, 403, "{e}");
    let (status, _, ok) = with_headers(
        &addr,
        "POST",
        &format!("/api/tables/{code}/seats/0"),
        &format!("Cookie: {cookie}\r\n"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{ok}");
    // Log in again, log out: the old login no longer counts.
    let (status, head, _) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
    assert_eq!(status, 200);
    let second = cookie_of(&head);
    with_headers(
        &addr,
        "POST",
        "/api/logout",
        &format!("Cookie: {second}\r\n"),
        &json!(null),
    )
    .await;
    let (_, _, me) = with_headers(
        &addr,
        "GET",
        "/api/me",
        &format!("Cookie: {second}\r\n"),
        &json!(null),
    )
    .await;
    assert!(me.contains("null"), "{me}");
}

/// Who a login cookie signs in as (`null` for none).
async fn me(addr: &str, cookie: &str) -> String {
    let (_, _, me) = with_headers(
        addr,
        "GET",
        "/api/me",
        &format!("Cookie: {cookie}\r\n"),
        &json!(null),
    )
    .await;
    me
}

/// A password is changed by the account signed in, given the one it has; the new one must
/// pass the same policy; every login of the account ends, the browser that changed it gets a
/// new one, and only the new password signs in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_is_changed_with_the_one_it_replaces_and_every_login_ends() {
    let addr = start(&temp_db("password")).await;
    let creds = json!({"name": "Maud", "password": "correct horse"});
    let (status, head, _) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
    assert_eq!(status, 200);
    let here = cookie_of(&head);
    let (status, head, _) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
    assert_eq!(status, 200);
    let elsewhere = cookie_of(&head);
    let change = |current: &str, new: &str| json!({"password": current, "new_password": new});
    let signed_in = format!("Cookie: {here}\r\n");
    for (headers, body, status, why) in [
        (
            "",
            change("correct horse", "battery staple"),
            401,
            "sign in first",
        ),
        (
            signed_in.as_str(),
            change("wrong horse", "battery staple"),
            403,
            "the current password is wrong",
        ),
        (
            signed_in.as_str(),
            change("correct horse", "12345678"),
            400,
            "a plain run",
        ),
        (
            signed_in.as_str(),
            change("correct horse", "correct horse"),
            400,
            "the same as the current one",
        ),
        (
            signed_in.as_str(),
            json!({"password": "correct horse"}),
            400,
            "missing field `new_password`",
        ),
    ] {
        let (got, _, text) = with_headers(&addr, "POST", "/api/password", headers, &body).await;
        assert_eq!(got, status, "{body}: {text}");
        assert!(text.contains(why), "{body}: {text}");
    }
    // Nothing refused changed anything.
    assert!(me(&addr, &elsewhere).await.contains("\"Maud\""));
    let (status, head, text) = with_headers(
        &addr,
        "POST",
        "/api/password",
        &signed_in,
        &change("correct horse", "battery staple"),
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let renewed = cookie_of(&head);
    assert_ne!(renewed, here);
    assert!(me(&addr, &renewed).await.contains("\"Maud\""));
    for old in [&here, &elsewhere] {
        assert!(me(&addr, old).await.contains("null"), "{old} still signed in");
    }
    let (status, _, _) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
    assert_eq!(status, 401);
    let (status, _, _) = with_headers(
        &addr,
        "POST",
        "/api/login",
        "",
        &json!({"name": "maud", "password": "battery staple"}),
    )
    .await;
    assert_eq!(status, 200);
    // A session left open is no faster way to guess the password than the login form.
    let renewed = format!("Cookie: {renewed}\r\n");
    let guess = change("correct horse", "a third password");
    for _ in 0..6 {
        let (status, _, _) = with_headers(&addr, "POST", "/api/password", &renewed, &guess).await;
        assert_eq!(status, 403);
    }
    let (status, _, text) = with_headers(&addr, "POST", "/api/password", &renewed, &guess).await;
    assert_eq!(status, 429, "{text}");
}

/// Review s49, 4: two accounts made before names kept one space for a run of blanks ("Ann Lee"
/// and "Ann  Lee") share a key since. Each, signed in, takes a seat under its own name (not
/// refused for the other's); a stranger may take neither; and a login by a third spelling
/// finds the same one every time (the older).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_that_came_to_share_a_name_each_sit_under_their_own() {
    let db = temp_db("legacy-names");
    let addr = start(&db).await;
    let (status, _) = register(&addr, "Ann Lee", "first of the two").await;
    assert_eq!(status, 200);
    let (status, _) = register(&addr, "Placeholder", "second of the two").await;
    assert_eq!(status, 200);
    // What migration 10 made of a legacy "Ann  Lee": its keys recomputed, alike the other's.
    let [key, key2] = euchre_server::names::name_keys("Ann Lee");
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute("DELETE FROM logins WHERE name = 'Placeholder'", [])
        .unwrap();
    c.execute(
        "UPDATE accounts SET name = 'Ann  Lee', name_key = ?1, name_key2 = ?2 WHERE name = 'Placeholder'",
        [&key, &key2],
    )
    .unwrap();
    let login = |name: &'static str, password: &'static str| {
        let addr = addr.clone();
        async move {
            let creds = json!({"name": name, "password": password});
            let (status, head, body) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
            (status, if status == 200 { cookie_of(&head) } else { body })
        }
    };
    let (status, legacy) = login("Ann  Lee", "second of the two").await;
    assert_eq!(status, 200, "{legacy}");
    let (status, older) = login("ann   lee", "first of the two").await;
    assert_eq!(status, 200, "a third spelling finds the older account: {older}");
    let (status, _) = login("ann   lee", "second of the two").await;
    assert_eq!(status, 401, "and only it");
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "open", "basic"]}),
    )
    .await;
    let sit = |seat: usize, cookie: Option<String>, name: &'static str| {
        let addr = addr.clone();
        let code = code.clone();
        async move {
            let headers = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
            let path = format!("/api/tables/{code}/seats/{seat}");
            let (status, _, body) =
                with_headers(&addr, "POST", &path, &headers, &json!({ "name": name })).await;
            (status, body)
        }
    };
    let (status, body) = sit(0, Some(legacy), "Ann  Lee").await;
    assert_eq!(status, 200, "the legacy account sits under its own name: {body}");
    let (status, body) = sit(1, None, "ANN LEE").await;
    assert_eq!(status, 403, "{body}");
    // Under its own name exactly, which its games and statistics are kept by.
    let (_, table) = get(&addr, &format!("/api/tables/{code}")).await;
    assert!(table.contains("\"Ann  Lee\""), "{table}");
}

/// Wrong passwords slow the next try: five are free, then the name is locked for a second,
/// two, four... from that address, the right password included, with a `Retry-After`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_lock_the_name_for_longer_each_time() {
    let addr = start(&temp_db("throttle")).await;
    let creds = json!({"name": "Maud", "password": "correct horse"});
    let (status, _, _) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
    assert_eq!(status, 200);
    let wrong = json!({"name": "maud", "password": "not it at all"});
    for _ in 0..6 {
        let (status, _, _) = with_headers(&addr, "POST", "/api/login", "", &wrong).await;
        assert_eq!(status, 401);
    }
    let (status, head, body) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("too many wrong passwords for this name"), "{body}");
    assert!(head.to_ascii_lowercase().contains("retry-after:"), "{head}");
    // Another account's logins go on.
    let (status, _, _) = with_headers(
        &addr,
        "POST",
        "/api/login",
        "",
        &json!({"name": "Zed", "password": "whatever1"}),
    )
    .await;
    assert_eq!(status, 401);
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    let (status, _, body) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
    assert_eq!(status, 200, "{body}");
}

/// Review s48, finding 9: a stranger's wrong passwords lock the stranger's address out of the
/// name, not the account's owner signing in from another (addresses as a proxy gives them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strangers_wrong_passwords_do_not_lock_the_owner_out() {
    let limits = euchre_server::Limits {
        trust_proxy: true,
        ..euchre_server::Limits::default()
    };
    let addr = support::start_limited(&temp_db("stranger"), limits).await;
    let owner = json!({"name": "Nell", "password": "correct horse"});
    let home = "X-Forwarded-For: 192.0.2.8\r\n";
    let (status, _, body) = with_headers(&addr, "POST", "/api/accounts", home, &owner).await;
    assert_eq!(status, 200, "{body}");
    let stranger = "X-Forwarded-For: 198.51.100.7\r\n";
    let wrong = json!({"name": "NELL", "password": "not it at all"});
    for _ in 0..6 {
        let (status, _, body) = with_headers(&addr, "POST", "/api/login", stranger, &wrong).await;
        assert_eq!(status, 401, "{body}");
    }
    // The stranger's address is locked, the right password included...
    let (status, _, body) = with_headers(&addr, "POST", "/api/login", stranger, &owner).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body.contains("too many wrong passwords for this name from your address"),
        "{body}"
    );
    // ...the owner, at home or somewhere new, is not.
    let (status, _, body) = with_headers(&addr, "POST", "/api/login", home, &owner).await;
    assert_eq!(status, 200, "{body}");
    let away = "X-Forwarded-For: 203.0.113.9\r\n";
    let (status, _, body) = with_headers(&addr, "POST", "/api/login", away, &owner).await;
    assert_eq!(status, 200, "{body}");
}

/// Review s48, finding 17: a password a guesser tries first is refused, with why; the name is
/// still free for a better one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_a_guesser_tries_first_is_refused_with_why() {
    let addr = start(&temp_db("weak")).await;
    for (password, why) in [
        ("12345678", "a plain run"),
        ("Bob Smith", "the account's name"),
        ("zzzzzzzz", "one character over and over"),
        ("Passw0rd!", "one of the first any guesser tries"),
        ("euchre2024", "one of the first any guesser tries"),
    ] {
        let (status, body) = register(&addr, "Bob Smith", password).await;
        assert_eq!(status, 400, "{password}: {body}");
        assert!(body.contains(why), "{password}: {body}");
    }
    let (status, body) = register(&addr, "Bob Smith", "rook and bower at nine").await;
    assert_eq!(status, 200, "{body}");
}

/// Review s48, finding 11: one address registers a few accounts, then waits (429 with
/// `Retry-After`); another address is not held back by it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_registers_a_few_accounts_then_waits() {
    let limits = euchre_server::Limits {
        accounts_burst: 2,
        account_every: std::time::Duration::from_secs(60),
        limit_loopback: true,
        ..euchre_server::Limits::default()
    };
    let addr = support::start_limited(&temp_db("registrations"), limits).await;
    for name in ["Ann", "Bea"] {
        let creds = json!({"name": name, "password": "correct horse"});
        let (status, _, body) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
        assert_eq!(status, 200, "{body}");
    }
    let creds = json!({"name": "Cat", "password": "correct horse"});
    let (status, head, body) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("too many new accounts from your address"), "{body}");
    assert!(head.to_ascii_lowercase().contains("retry-after:"), "{head}");
    // A name taken is still said as such, before the address's count.
    let taken = json!({"name": "ann", "password": "correct horse"});
    let (status, _, body) = with_headers(&addr, "POST", "/api/accounts", "", &taken).await;
    assert_eq!(status, 409, "{body}");
}

/// Review s48, finding 2: a login name no account can hold (over the longest a name may be)
/// is refused as such, before the throttle counts it: it never locks, however often it is
/// sent, and the body's megabytes are not kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_login_name_longer_than_any_account_is_refused_before_the_throttle() {
    let addr = start(&temp_db("longlogin")).await;
    for name in ["x".repeat(41), "y".repeat(300_000)] {
        let creds = json!({"name": name, "password": "not it at all"});
        for _ in 0..8 {
            let (status, _, body) = with_headers(&addr, "POST", "/api/login", "", &creds).await;
            assert_eq!(status, 400, "{body}");
            assert!(body.contains("1 to 40 characters"), "{body}");
        }
    }
}

/// A name that looks like an account's is the account's: a Cyrillic "і" for the Latin "i", an
/// invisible character, another letter case. Names that hide (only a zero-width space, a
/// direction override) are refused; emoji are names like any other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn look_alike_and_hiding_names_are_refused() {
    let addr = start(&temp_db("lookalike")).await;
    let creds = json!({"name": "Chris", "password": "correct horse"});
    let (status, _, _) = with_headers(&addr, "POST", "/api/accounts", "", &creds).await;
    assert_eq!(status, 200);
    // Registering a look-alike of the account is refused.
    let (status, e) = register(&addr, "Chr\u{0456}s", "another one").await;
    assert_eq!(status, 409, "{e}");
    // A capital I for a small l: "PauI" is "Paul".
    let (status, _) = register(&addr, "Paul", "correct horse").await;
    assert_eq!(status, 200);
    let (status, e) = register(&addr, "PauI", "correct horse").await;
    assert_eq!(status, 409, "{e}");
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "open", "basic"]}),
    )
    .await;
    let claim = |seat: u8, name: &'static str| {
        let addr = addr.clone();
        let code = code.clone();
        async move {
            with_headers(
                &addr,
                "POST",
                &format!("/api/tables/{code}/seats/{seat}"),
                "",
                &json!({ "name": name }),
            )
            .await
        }
    };
    for look_alike in ["Chr\u{0456}s", "CHRIS", "\u{0421}hris"] {
        let (status, _, e) = claim(0, look_alike).await;
        assert!(status == 403 || status == 400, "{look_alike}: {status} {e}");
    }
    let (status, _, e) = claim(0, "Chr\u{0456}s").await;
    assert!(
        status == 403 && e.contains("looks like, the named account 'Chris'"),
        "{e}"
    );
    for hiding in [
        "Chris\u{200B}",
        "\u{200B}",
        "Zo\u{202E}reversed",
        "\u{0301}",
        "Ann\u{FE0F}",
    ] {
        let (status, _, e) = claim(0, hiding).await;
        assert_eq!(status, 400, "{hiding:?}: {e}");
    }
    // Emoji, with their selectors and joiners, are fine; so is a name of another script.
    let (status, _, e) = claim(0, "\u{2764}\u{FE0F}\u{200D}\u{1F525} Ann").await;
    assert_eq!(status, 200, "{e}");
    let (status, _, e) = claim(1, "\u{0410}\u{043D}\u{044F}").await;
    assert_eq!(status, 200, "{e}");
    // At one table a look-alike of a seated name is that name (a Cyrillic "А" for the Latin).
    let (status, _, e) = claim(2, "\u{2764}\u{FE0F}\u{200D}\u{1F525} \u{0410}nn").await;
    assert_eq!(status, 409, "{e}");
}

/// Plays the seat of `ws` by its first legal decision each time, until a state is `done`:
/// that state.
async fn first_legal_until(ws: &mut support::Ws, done: impl Fn(&Value) -> bool) -> Value {
    let mut acted = None;
    while let Some(m) = next(ws).await {
        if m["type"] != "state" {
            continue;
        }
        if done(&m) {
            return m;
        }
        let seq = m["seq"].as_u64().unwrap();
        if let Some(a) = m["legal"].as_array().and_then(|l| l.first()) {
            if acted != Some(seq) {
                acted = Some(seq);
                send(ws, &json!({"type": "act", "seq": seq, "action": a})).await;
            }
        }
    }
    panic!("the connection closed before the state looked for");
}

/// The same until the game is over.
async fn first_legal_to_the_end(ws: &mut support::Ws) {
    first_legal_until(ws, |m| m["game_over"] == true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_downloaded_and_counted_for_its_players() {
    let addr = start(&temp_db("finished")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "options": {"winning_score": "3"},
                "seats": ["open", "random", "random", "random"], "seed": 8}),
    )
    .await;
    let token = claim(&addr, &code, 0, "Ann").await;
    let mut ws = connect(&addr, &code, Some(&token)).await;
    first_legal_to_the_end(&mut ws).await;
    // Every finished deal can be reviewed: the seat's own decisions, judged.
    send(&mut ws, &json!({"type": "review", "deal": 1})).await;
    let review = reply(&mut ws).await;
    assert_eq!(review["type"], "review", "{review}");
    assert_eq!(review["deal"], 1);
    // Each decision says whether the search could tell it from its own; its own choice is
    // close to itself.
    let decisions = review["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "{review}");
    for d in decisions {
        let close = d["close"].as_bool().unwrap_or_else(|| panic!("no close in {d}"));
        assert!(close || d["action"] != d["best"], "{d}");
        // What the action did to the game, by the chances its choices' outlooks give.
        let win = |a: &Value| {
            let choices = d["choices"].as_array().unwrap();
            let c = choices.iter().find(|c| c["action"] == *a).unwrap();
            c["win"].as_f64().unwrap()
        };
        let difference = d["win_difference"].as_f64().unwrap_or_else(|| panic!("{d}"));
        assert!(
            (difference - (win(&d["action"]) - win(&d["best"]))).abs() < 1e-9,
            "{d}"
        );
    }
    let (status, egn) = get(&addr, &format!("/api/tables/{code}/game.egn")).await;
    assert_eq!(status, 200);
    euchre_egn::check_text(&egn).expect("the EGN replays");
    let (status, record) = get(&addr, &format!("/api/tables/{code}/game.json")).await;
    assert_eq!(status, 200);
    euchre_record::read_any(&record).expect("the record replays");
    let (_, page) = request(&addr, "GET", "/api/players/Ann", None).await;
    let page: Value = serde_json::from_str(&page).unwrap();
    assert_eq!(page["stats"]["games"], 1, "{page}");
    assert_eq!(page["games"][0]["code"], code.as_str());
    // The statistics database `euchre stats` reads has the game too.
    assert_eq!(page["deals"]["games"], 1, "{page}");
    assert!(page["deals"]["deals"].as_u64().unwrap() >= 1, "{page}");
}

/// Play again: once the game is over the host opens the next one, a table of the same rules
/// with the computer players where they were and the people's seats open, held by the same host
/// token; everyone at the old table is pointed to it. Not before the end, and not by strangers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_opens_the_next_game_for_the_same_company() {
    let db = temp_db("again");
    let addr = start(&db).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "options": {"winning_score": "2"},
                "seats": ["open", "random", "open", "basic"], "seed": 3, "stand_in": "basic"}),
    )
    .await;
    assert_eq!(status, 200);
    let (code, host) = (
        t["code"].as_str().unwrap().to_string(),
        t["host"].as_str().unwrap().to_string(),
    );
    let again = |host: String| {
        let addr = addr.clone();
        let path = format!("/api/tables/{code}/again");
        async move { post(&addr, &path, &json!({ "host": host })).await }
    };
    let ann = claim(&addr, &code, 0, "Ann").await;
    let bo = claim(&addr, &code, 2, "Bo").await;
    let (status, e) = again(host.clone()).await;
    assert_eq!(status, 409, "{e}");
    assert!(e["error"].as_str().unwrap().contains("not over"), "{e}");
    // Ann and Bo play their first legal decisions to the end.
    let mut ws = [
        connect(&addr, &code, Some(&ann)).await,
        connect(&addr, &code, Some(&bo)).await,
    ];
    play_both_to_the_end(&mut ws).await;
    assert_eq!(again("0".repeat(32)).await.0, 403);
    // Asked sixteen times at once (tabs, clicks) and once more after: one table between them.
    // (Without the server's lock this fails about one run in five.)
    let asked = futures_util::future::join_all((0..16).map(|_| again(host.clone()))).await;
    let (status, r) = &asked[0];
    assert_eq!(*status, 200, "{r}");
    let next_code = r["code"].as_str().unwrap().to_string();
    assert_ne!(next_code, code);
    for (status, r) in asked.iter().chain([&again(host.clone()).await]) {
        assert_eq!(
            (*status, r["code"].as_str()),
            (200, Some(next_code.as_str())),
            "{r}"
        );
    }
    // Both are told where it is.
    for w in &mut ws {
        let told = loop {
            let m = next(w).await.expect("a state");
            if m["next_table"].is_string() {
                break m;
            }
        };
        assert_eq!(told["next_table"], next_code.as_str());
    }
    // The same rules and computer players; the people's seats open; the same host token.
    let (_, info) = get(&addr, &format!("/api/tables/{next_code}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["rules"], "north-american");
    let kinds: Vec<&str> = info["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["open", "bot", "open", "bot"], "{info}");
    assert_eq!(info["seats"][3]["name"], "basic");
    let target = info["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o[0] == "winning_score")
        .cloned();
    assert_eq!(target, Some(json!(["winning_score", "2"])), "{info}");
    let (status, _) = post(
        &addr,
        &format!("/api/tables/{next_code}/seats/1/free"),
        &json!({ "host": host }),
    )
    .await;
    assert_eq!(status, 200, "the old host token holds the new table");
    // Stored: after a restart (a second server on the database) the old table still points
    // there, and the game's statistics keep the time it finished (a second later).
    let stats_finished = || {
        let c = rusqlite::Connection::open(db.with_extension("stats.sqlite3")).unwrap();
        c.query_row("SELECT finished FROM games WHERE id = ?1", [&code], |r| {
            r.get::<_, String>(0)
        })
        .unwrap()
    };
    let finished = stats_finished();
    // It began when its last open seat was taken, before it finished.
    let started: Option<String> = rusqlite::Connection::open(db.with_extension("stats.sqlite3"))
        .unwrap()
        .query_row("SELECT started FROM games WHERE id = ?1", [&code], |r| r.get(0))
        .unwrap();
    let started = started.expect("the game's start time is recorded");
    assert!(
        started.len() == finished.len() && started <= finished,
        "{started} {finished}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let restarted = start(&db).await;
    assert_eq!(stats_finished(), finished);
    // A stop between the game's row and its statistics: the next start keeps them (a start
    // keeps again only the games not fully kept: operator tester s50, 12).
    let stats = rusqlite::Connection::open(db.with_extension("stats.sqlite3")).unwrap();
    for table in ["deal_points", "deals", "seats", "games"] {
        let column = if table == "games" { "id" } else { "game_id" };
        stats
            .execute(&format!("DELETE FROM {table} WHERE {column} = ?1"), [&code])
            .unwrap();
    }
    start(&db).await;
    assert_eq!(stats_finished(), finished);
    let (_, info) = get(&restarted, &format!("/api/tables/{code}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    // The next game is for the company alone (review s48, finding 8): not in the public
    // table info, nor in a spectator's state; in a seat's.
    assert!(info.get("next_table").is_none(), "{info}");
    let mut watcher = connect(&restarted, &code, None).await;
    let state = next(&mut watcher).await.expect("a state");
    assert!(state["next_table"].is_null(), "{state}");
    let mut seat = connect(&restarted, &code, Some(&bo)).await;
    let state = next(&mut seat).await.expect("a state");
    assert_eq!(state["next_table"], next_code.as_str());
    // The next evening (the game finished two hours ago, long after it left memory): the old
    // table is read back from the database when asked for, its pointer with it, and its host
    // may still open the next game (the one already open).
    let c = rusqlite::Connection::open(&db).unwrap();
    let moved = c
        .execute(
            "UPDATE games SET finished = finished - 7200 WHERE code = ?1",
            [&code],
        )
        .unwrap();
    assert_eq!(moved, 1);
    let next_evening = start(&db).await;
    let (status, info) = get(&next_evening, &format!("/api/tables/{code}")).await;
    assert_eq!(status, 200, "{info}");
    let info: Value = serde_json::from_str(&info).unwrap();
    assert!(info.get("next_table").is_none(), "{info}");
    let mut watcher = connect(&next_evening, &code, None).await;
    let state = next(&mut watcher).await.expect("a state");
    assert_eq!(
        (state["game_over"].clone(), state["next_table"].clone()),
        (json!(true), json!(null))
    );
    let mut seat = connect(&next_evening, &code, Some(&ann)).await;
    let state = next(&mut seat).await.expect("a state");
    assert_eq!(
        (state["game_over"].clone(), state["next_table"].clone()),
        (json!(true), json!(next_code))
    );
    let (status, r) = post(
        &next_evening,
        &format!("/api/tables/{code}/again"),
        &json!({ "host": host }),
    )
    .await;
    assert_eq!(
        (status, r["code"].as_str()),
        (200, Some(next_code.as_str())),
        "{r}"
    );
    // Once the next game has begun (its open seats taken), nobody can take a seat there before
    // the company, and the spectators are told where it went, to watch on.
    for (seat, name) in [(0, "Ann"), (1, "Cy")] {
        claim(&next_evening, &next_code, seat, name).await;
    }
    let (_, info) = get(&next_evening, &format!("/api/tables/{next_code}")).await;
    assert!(info.contains("\"kind\":\"open\""), "a seat left open: {info}");
    claim(&next_evening, &next_code, 2, "Bo").await;
    let told = loop {
        let m = next(&mut watcher).await.expect("a state");
        if m["next_table"].is_string() {
            break m;
        }
    };
    assert_eq!(told["next_table"], next_code.as_str());
    // A table that never was is still unknown.
    assert_eq!(get(&next_evening, "/api/tables/ZZZZZZ").await.0, 404);
}

/// Two people's connections answering their first legal decision, whatever comes first on
/// either (they need not be in step: one saw the computer players start before the other
/// opened), until both are told the game is over.
async fn play_both_to_the_end(ws: &mut [support::Ws; 2]) {
    let mut acted = [None, None];
    let mut over = [false, false];
    while !over.iter().all(|&o| o) {
        let [a, b] = &mut *ws;
        let (i, m) = tokio::select! {
            m = next(a), if !over[0] => (0, m),
            m = next(b), if !over[1] => (1, m),
        };
        let m = m.expect("a state");
        if m["game_over"] == true {
            over[i] = true;
            continue;
        }
        let Some(seq) = m["seq"].as_u64() else { continue };
        if let Some(a) = m["legal"].as_array().and_then(|l| l.first()) {
            if acted[i] != Some(seq) {
                acted[i] = Some(seq);
                send(&mut ws[i], &json!({"type": "act", "seq": seq, "action": a})).await;
            }
        }
    }
}

/// Browser tester s49, 4: a host gone for good left the friends no way to play on together.
/// A person seated at the finished table may open the next game too, and hosts it with a
/// token of their own; nobody else may.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_seated_opens_the_next_game_when_the_host_does_not() {
    let addr = start(&temp_db("again-seated")).await;
    let (_, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "options": {"winning_score": "2"},
                "seats": ["open", "random", "open", "basic"], "seed": 5}),
    )
    .await;
    let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
    let path = format!("/api/tables/{code}/again");
    let ann = claim(&addr, &code, 0, "Ann").await;
    let bo = claim(&addr, &code, 2, "Bo").await;
    let mut ws = [
        connect(&addr, &code, Some(&ann)).await,
        connect(&addr, &code, Some(&bo)).await,
    ];
    play_both_to_the_end(&mut ws).await;
    // No seat's token, and no token at all, opens nothing.
    for body in [json!({"seat_token": "0".repeat(32)}), json!({})] {
        let (status, e) = post(&addr, &path, &body).await;
        assert_eq!(status, 403, "{e}");
    }
    let (status, r) = post(&addr, &path, &json!({ "seat_token": bo })).await;
    assert_eq!(status, 200, "{r}");
    let next_code = r["code"].as_str().unwrap().to_string();
    let new_host = r["host"].as_str().expect("Bo hosts the next game").to_string();
    let free = format!("/api/tables/{next_code}/seats/0/free");
    assert_eq!(post(&addr, &free, &json!({ "host": new_host })).await.0, 200);
    assert_eq!(post(&addr, &free, &json!({ "host": host })).await.0, 403);
    // The host, asking after, is pointed to the same table, as a host who asked twice is.
    let (status, r) = post(&addr, &path, &json!({ "host": host })).await;
    assert_eq!(
        (status, r["code"].as_str()),
        (200, Some(next_code.as_str())),
        "{r}"
    );
    assert!(r.get("host").is_none(), "{r}");
}

/// Limits that close a table left waiting for its players after `unseated` with no person
/// seated, an hour with one.
fn waiting_limits(unseated: std::time::Duration) -> euchre_server::Limits {
    euchre_server::Limits {
        waiting_unseated: Some(unseated),
        waiting_seated: Some(std::time::Duration::from_secs(3600)),
        ..euchre_server::Limits::default()
    }
}

/// Whether the database still has table `code`.
fn stored(db: &std::path::Path, code: &str) -> bool {
    let c = rusqlite::Connection::open(db).unwrap();
    c.query_row("SELECT count(*) FROM tables WHERE code = ?1", [code], |r| {
        r.get::<_, i64>(0)
    })
    .unwrap()
        > 0
}

/// A table whose game has not begun, that nobody watches, is closed once it has waited long
/// enough since a seat last changed hands or its last watcher left: soon where no person sits,
/// later where one does; never while watched. It is gone from the database too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_left_waiting_for_players_are_closed() {
    let db = temp_db("waiting");
    let addr = support::start_limited(&db, waiting_limits(std::time::Duration::from_millis(1000))).await;
    let seats = json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"]});
    let empty = create(&addr, &seats).await;
    let seated = create(&addr, &seats).await;
    claim(&addr, &seated, 0, "Ann").await;
    let watched = create(&addr, &seats).await;
    let mut watcher = connect(&addr, &watched, None).await;
    assert!(next(&mut watcher).await.is_some(), "a state for the watcher");
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let (status, body) = get(&addr, &format!("/api/tables/{empty}")).await;
    assert_eq!(status, 404, "nobody sat at it: closed ({body})");
    assert!(
        body.contains("waited too long for its players"),
        "says why it may be: {body}"
    );
    assert!(!stored(&db, &empty), "forgotten by the database");
    for code in [&seated, &watched] {
        let (status, info) = get(&addr, &format!("/api/tables/{code}")).await;
        assert_eq!(status, 200, "{code}: {info}");
        assert!(stored(&db, code));
    }
    // A closed table is unknown: its seat cannot be taken, nor the table watched.
    let (status, e) = post(
        &addr,
        &format!("/api/tables/{empty}/seats/1"),
        &json!({"name": "Bo"}),
    )
    .await;
    assert_eq!(status, 404, "{e}");
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{empty}")).await;
    assert!(refused.is_err(), "no socket to a closed table");
    // The watcher leaves: the clock starts then, not when the table was made.
    drop(watcher);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (status, info) = get(&addr, &format!("/api/tables/{watched}")).await;
    assert_eq!(status, 200, "the time watched does not count: {info}");
    tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
    let (status, _) = get(&addr, &format!("/api/tables/{watched}")).await;
    assert_eq!(status, 404, "then it waits its turn and goes");
    assert!(!stored(&db, &watched));
    // A new table is made as before.
    let fresh = create(&addr, &seats).await;
    assert_eq!(get(&addr, &format!("/api/tables/{fresh}")).await.0, 200);
}

/// A restart does not start the clocks again: a table read back that waited long enough before
/// is closed, one made since is not; none is closed until the pages open before the stop have
/// had time to come back. A person seated gives the table longer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_waiting_clock() {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    let db = temp_db("waiting-restart");
    let seats = json!({"rules": "north-american", "seats": ["open", "open", "basic", "basic"]});
    let (old, fresh) = {
        let addr = start(&db).await;
        (create(&addr, &seats).await, create(&addr, &seats).await)
    };
    let c = rusqlite::Connection::open(&db).unwrap();
    let hour_ago = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_millis() as i64 - 3_600_000;
    c.execute(
        "UPDATE tables SET waiting_since = ?2 WHERE code = ?1",
        rusqlite::params![old, hour_ago],
    )
    .unwrap();
    // A second server on the same file, as after a restart (the first's tables sit idle), its
    // own closing left to the calls below.
    let limits = euchre_server::Limits {
        waiting_unseated: Some(Duration::from_secs(3600)),
        waiting_seated: Some(Duration::from_secs(6 * 3600)),
        ..euchre_server::Limits::default()
    };
    let (addr, state) = support::start_state(&db, limits).await;
    let now = SystemTime::now();
    let alive = |code: String| {
        let addr = addr.clone();
        async move { get(&addr, &format!("/api/tables/{code}")).await.0 == 200 }
    };
    state.close_waiting(now + Duration::from_secs(60)).await;
    assert!(
        alive(old.clone()).await,
        "just started: the pages come back first"
    );
    state.close_waiting(now + Duration::from_secs(600)).await;
    assert!(!alive(old.clone()).await, "its hour was up before the restart");
    assert!(!stored(&db, &old));
    assert!(alive(fresh.clone()).await);
    // Ann sits at the fresh table, looks, and goes.
    let token = claim(&addr, &fresh, 0, "Ann").await;
    let mut ws = connect(&addr, &fresh, Some(&token)).await;
    assert!(next(&mut ws).await.is_some());
    drop(ws);
    let seated_at = SystemTime::now();
    state
        .close_waiting(seated_at + Duration::from_secs(2 * 3600))
        .await;
    assert!(alive(fresh.clone()).await, "someone sits there: six hours");
    state
        .close_waiting(seated_at + Duration::from_secs(6 * 3600 + 60))
        .await;
    assert!(
        !alive(fresh.clone()).await,
        "past six hours since Ann sat and left"
    );
    assert!(!stored(&db, &fresh));
}

/// A next game's table closed unplayed is forgotten by the finished table that pointed to it,
/// whose pages are told: its host may open another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_next_game_closed_unplayed_is_forgotten_by_the_last() {
    let db = temp_db("waiting-next");
    let addr = support::start_limited(&db, waiting_limits(std::time::Duration::from_millis(800))).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "options": {"winning_score": "2"},
                "seats": ["open", "random", "random", "random"], "seed": 3}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let code = t["code"].as_str().unwrap().to_string();
    let host = json!({"host": t["host"]});
    let ann = claim(&addr, &code, 0, "Ann").await;
    let mut ws = connect(&addr, &code, Some(&ann)).await;
    first_legal_to_the_end(&mut ws).await;
    let (status, r) = post(&addr, &format!("/api/tables/{code}/again"), &host).await;
    assert_eq!(status, 200, "{r}");
    let first = r["code"].as_str().unwrap().to_string();
    // Nobody sits at it or watches it: it closes, and Ann's page is told.
    let mut pointed = false;
    let cleared = loop {
        let m = next(&mut ws).await.expect("a state");
        if m["type"] != "state" {
            continue;
        }
        if m["next_table"] == first.as_str() {
            pointed = true;
        } else if pointed && m["next_table"].is_null() {
            break m;
        }
    };
    assert_eq!(cleared["game_over"], true);
    assert_eq!(get(&addr, &format!("/api/tables/{first}")).await.0, 404);
    let (_, info) = get(&addr, &format!("/api/tables/{code}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert!(info["next_table"].is_null(), "{info}");
    let c = rusqlite::Connection::open(&db).unwrap();
    let pointer: Option<String> = c
        .query_row("SELECT next_table FROM tables WHERE code = ?1", [&code], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(pointer, None);
    // The host opens another.
    let (status, r) = post(&addr, &format!("/api/tables/{code}/again"), &host).await;
    assert_eq!(status, 200, "{r}");
    assert_ne!(r["code"].as_str().unwrap(), first);
}

/// A table in play that nobody has watched for an hour leaves memory; asked for again, it is
/// read back from the database where it was, and its players go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_is_at_is_put_away_and_read_back() {
    use std::time::{Duration, SystemTime};
    let db = temp_db("put-away");
    let (addr, state) = support::start_state(&db, euchre_server::Limits::default()).await;
    let (code, token, mut ws) = support::ann_at(&addr, &["open", "basic", "basic", "basic"], 6).await;
    // Ann plays until the game is some way in, and leaves at her turn.
    let there = first_legal_until(&mut ws, |m| m["seq"].as_u64() >= Some(12) && m["to_act"] == 0).await;
    let seq = there["seq"].as_u64().unwrap();
    drop(ws);
    // Until the server has seen her go.
    let info = |addr: String, code: String| async move {
        let (status, body) = get(&addr, &format!("/api/tables/{code}")).await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()
    };
    while info(addr.clone(), code.clone()).await["seats"][0]["connected"] == true {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let left = SystemTime::now();
    assert_eq!(state.tables_in_memory(), 1);
    state.put_away_idle(left + Duration::from_secs(1800));
    assert_eq!(state.tables_in_memory(), 1, "half an hour: kept");
    state.put_away_idle(left + Duration::from_secs(3700));
    assert_eq!(state.tables_in_memory(), 0, "an hour with nobody at it: put away");
    // Asked for, it is read back, as after a restart: Ann's grace period starts.
    let read_back = info(addr.clone(), code.clone()).await;
    assert_eq!(read_back["seats"][0]["kind"], "person", "{read_back}");
    assert_eq!(read_back["seats"][0]["connected"], false);
    assert_eq!(state.tables_in_memory(), 1);
    // Ann comes back: the table is where it was, her turn.
    let mut ws = connect(&addr, &code, Some(&token)).await;
    let back = next(&mut ws).await.expect("a state");
    assert_eq!(state.tables_in_memory(), 1);
    assert_eq!(back["seq"].as_u64(), Some(seq), "{back}");
    assert_eq!(back["to_act"], 0);
    assert_eq!(back["seats"][0]["kind"], "person");
    let legal = back["legal"][0].as_str().unwrap().to_string();
    send(&mut ws, &json!({"type": "act", "seq": seq, "action": legal})).await;
    // Her decision is taken: play goes on (`next` fails the test after 30 s without it).
    while next(&mut ws).await.expect("a state")["seq"].as_u64().unwrap() <= seq {}
    // Watched, it stays.
    state.put_away_idle(SystemTime::now() + Duration::from_secs(7200));
    assert_eq!(state.tables_in_memory(), 1, "watched: kept");
}

/// A start reads back only the tables waiting for their players (and those finished within
/// the hour): a game in play is read back when someone asks for it, where it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_leaves_games_in_play_until_asked_for() {
    let db = temp_db("lazy-start");
    let (code, token, seq) = {
        let addr = start(&db).await;
        let (code, token, mut ws) = support::ann_at(&addr, &["open", "basic", "basic", "basic"], 9).await;
        let there = first_legal_until(&mut ws, |m| m["seq"].as_u64() >= Some(6) && m["to_act"] == 0).await;
        (code, token, there["seq"].as_u64().unwrap())
    };
    let waiting = create(
        &start(&db).await,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    // A second server on the same file, as after a restart.
    let (addr, state) = support::start_state(&db, euchre_server::Limits::default()).await;
    assert_eq!(state.tables_in_memory(), 1, "the waiting table {waiting} only");
    let mut ws = connect(&addr, &code, Some(&token)).await;
    let back = next(&mut ws).await.expect("a state");
    assert_eq!(state.tables_in_memory(), 2);
    assert_eq!(back["seq"].as_u64(), Some(seq), "{back}");
    assert_eq!(back["to_act"], 0);
}

/// The start page and the invite page are told whose partner each seat is (in the partnership
/// game only) and the table's family, rather than working them out (review 2 finding 17).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_are_told_whose_partner_each_seat_is() {
    let addr = start(&temp_db("partners")).await;
    let (status, presets) = get(&addr, "/api/presets").await;
    assert_eq!(status, 200);
    let presets: Value = serde_json::from_str(&presets).unwrap();
    let partners = |name: &str| {
        let all = presets["presets"].as_array().unwrap();
        all.iter().find(|p| p["name"] == name).unwrap()["partners"].clone()
    };
    assert_eq!(partners("north-american"), json!([2, 3, 0, 1]));
    assert_eq!(partners("three-handed"), json!([null, null, null]));
    assert_eq!(partners("bid-euchre"), json!([null, null, null, null]));
    for (rules, family, partner) in [
        ("north-american", "four-handed", json!(2)),
        ("bid-euchre", "bid-euchre", Value::Null),
    ] {
        let code = create(
            &addr,
            &json!({"rules": rules, "seats": ["open", "basic", "basic", "basic"]}),
        )
        .await;
        let (_, info) = get(&addr, &format!("/api/tables/{code}")).await;
        let info: Value = serde_json::from_str(&info).unwrap();
        assert_eq!(info["family"], family, "{info}");
        assert_eq!(info["seats"][0]["partner"], partner, "{info}");
    }
}

/// The start page is told what each option means and which values it takes, once per family
/// of presets, so that it offers choices rather than free-text boxes for engine names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_page_is_told_each_options_values() {
    let addr = start(&temp_db("option-sets")).await;
    let (status, presets) = get(&addr, "/api/presets").await;
    assert_eq!(status, 200);
    let presets: Value = serde_json::from_str(&presets).unwrap();
    for preset in presets["presets"].as_array().unwrap() {
        let set = &presets["option_sets"][preset["option_set"].as_str().unwrap()];
        for pair in preset["options"].as_array().unwrap() {
            let name = &pair[0];
            assert!(
                set.as_array().unwrap().iter().any(|o| &o["name"] == name),
                "{}: {name} is not described",
                preset["name"]
            );
        }
    }
    let described = |set: &str, name: &str| {
        presets["option_sets"][set]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap()
            .clone()
    };
    let calls = described("partnership", "jambone_calls");
    assert_eq!(calls["kind"], "choice");
    assert_eq!(calls["values"], json!(["first_trick", "every_trick"]));
    assert_eq!(calls["label"], "Jambone calls");
    let players = described("solo", "players");
    assert_eq!(
        (
            players["kind"].clone(),
            players["min"].clone(),
            players["max"].clone()
        ),
        (json!("number"), json!(2), json!(4))
    );
    assert_eq!(described("partnership", "robson")["kind"], "switch");
    // A table plays one game: the options of a match are not offered, and a match is refused.
    // Nor is the cut for partners: people choose their seats.
    for preset in presets["presets"].as_array().unwrap() {
        for pair in preset["options"].as_array().unwrap() {
            assert!(
                !["match_games", "match_wins", "laps", "slams", "partners"]
                    .contains(&pair[0].as_str().unwrap()),
                "{} offers {}",
                preset["name"],
                pair[0]
            );
        }
    }
    assert!(presets["option_sets"]["partnership"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["name"] != "match_games" && o["name"] != "partners"));
    let (status, body) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "options": {"partners": "cut_high_low"}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("partners are who sit opposite each other"),
        "{body}"
    );
    for options in [json!({"match_games": "3"}), json!({"match_wins": 2})] {
        let (status, body) = post(
            &addr,
            "/api/tables",
            &json!({"rules": "keller-1887", "seats": ["open", "basic", "basic", "basic"], "options": options}),
        )
        .await;
        assert_eq!(status, 400, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("a table plays one game"),
            "{body}"
        );
    }
}

/// A person who takes over a seat mid-game is not shown the seat's earlier deals as it saw them
/// (its earlier holder's discards, a hand that sat out): the deals before they took it come as
/// a spectator's, the later ones as the seat's, and they cannot ask a review of the earlier
/// ones (review 5). Kept across a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_taken_over_is_not_shown_its_earlier_holders_deals() {
    let db = temp_db("taken-over");
    let addr = start(&db).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 5}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
    let ann = claim(&addr, &code, 0, "Ann").await;
    let mut ws = connect(&addr, &code, Some(&ann)).await;
    first_legal_until(&mut ws, |m| m["deal_number"].as_u64() >= Some(3)).await;
    // Ann's own view of her deals differs from a spectator's (she saw her hands).
    let mut watcher = connect(&addr, &code, None).await;
    let public = past_deals_of(&mut watcher).await;
    assert_eq!(public.len(), 2);
    assert_ne!(past_deals_of(&mut ws).await, public, "Ann is shown her own deals");
    drop(ws);
    let (status, freed) = post(
        &addr,
        &format!("/api/tables/{code}/seats/0/free"),
        &json!({"host": host}),
    )
    .await;
    assert_eq!(status, 200, "{freed}");
    let bo = claim(&addr, &code, 0, "Bo").await;
    let mut ws = connect(&addr, &code, Some(&bo)).await;
    assert_eq!(
        past_deals_of(&mut ws).await,
        public,
        "Bo is shown Ann's deals as a spectator is"
    );
    send(&mut ws, &json!({"type": "review", "deal": 1})).await;
    let refused = reply(&mut ws).await;
    assert!(
        refused["error"]
            .as_str()
            .unwrap_or_default()
            .contains("played before you took this seat"),
        "{refused}"
    );
    // Bo's own deal is his to see, and after a restart still only his. (The replies above
    // passed over the state that asks Bo to act: it is asked for again.)
    send(&mut ws, &json!({"type": "sync"})).await;
    first_legal_until(&mut ws, |m| m["deal_number"].as_u64() >= Some(4)).await;
    let mine = past_deals_of(&mut ws).await;
    assert_eq!(mine[..2], public[..], "{mine:?}");
    assert_eq!(
        mine[2]["view"]["seat"], 0,
        "deal 3 as Bo's seat saw it: {}",
        mine[2]
    );
    drop(ws);
    let again = start(&db).await;
    let mut ws = connect(&again, &code, Some(&bo)).await;
    assert_eq!(
        past_deals_of(&mut ws).await[..3],
        mine[..],
        "kept across a restart"
    );
}

/// The deals a connection is sent when it asks for the earlier ones.
async fn past_deals_of(ws: &mut support::Ws) -> Vec<Value> {
    send(ws, &json!({"type": "past_deals"})).await;
    let answer = reply(ws).await;
    assert_eq!(answer["type"], "past_deals", "{answer}");
    answer["deals"].as_array().unwrap().clone()
}

/// Server tester s53, 1: the host freed a computer player's seat mid-game, sat there under
/// another name, read its hand and gave it back. A computer seat is freed only before the
/// start (409 after, with why, and nothing changed); freed then, "Start now" gives it back to
/// its own player (`easy`), not the stand-in, after a restart too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_players_seat_is_freed_only_before_the_start() {
    let db = temp_db("free-bot");
    let addr = start(&db).await;
    let (status, t) = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "easy", "open", "easy"], "stand_in": "basic"}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let (code, host) = (t["code"].as_str().unwrap().to_string(), t["host"].clone());
    let free = |seat: usize| format!("/api/tables/{code}/seats/{seat}/free");
    let bot = |seat: usize| format!("/api/tables/{code}/seats/{seat}/bot");
    // Before the start: freed, and given back its own level, kept by the database.
    let (status, r) = post(&addr, &free(1), &json!({"host": host})).await;
    assert_eq!(status, 200, "{r}");
    let again = start(&db).await;
    let (status, r) = post(&again, &bot(1), &json!({"host": host})).await;
    assert_eq!(status, 409, "nobody seated yet: {r}");
    let _ann = claim(&again, &code, 0, "Ann").await;
    let (status, r) = post(&again, &bot(1), &json!({"host": host})).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["player"], "easy", "its own player, not the stand-in: {r}");
    // Begun: refused, with why.
    let _bo = claim(&again, &code, 2, "Bo").await;
    let (status, r) = post(&again, &free(3), &json!({"host": host})).await;
    assert_eq!(status, 409, "{r}");
    let why = r["error"].as_str().unwrap();
    assert!(why.contains("only before the game starts"), "{why}");
    let (_, info) = get(&again, &format!("/api/tables/{code}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["seats"][3]["kind"], "bot", "nothing changed: {info}");
    assert_eq!(info["seats"][3]["name"], "easy");
    // A person's seat may still be freed (they left): its stand-in is the table's.
    let (status, r) = post(&again, &free(2), &json!({"host": host})).await;
    assert_eq!(status, 200, "{r}");
    let (status, r) = post(&again, &bot(2), &json!({"host": host})).await;
    assert_eq!((status, r["player"].as_str()), (200, Some("basic")), "{r}");
}

/// Logs in as `name` (its account made first when `make`): the session cookie.
async fn signed_in(addr: &str, name: &str, password: &str, make: bool) -> String {
    let path = if make { "/api/accounts" } else { "/api/login" };
    let creds = json!({"name": name, "password": password});
    let (status, head, body) = with_headers(addr, "POST", path, "", &creds).await;
    assert_eq!(status, 200, "{body}");
    cookie_of(&head)
}

/// Server tester s53, 3: a signed-in person could not take their own seat back from another
/// browser or device ("that seat is taken"). The account that holds the seat takes it back:
/// a new token, the old one's connections closed with 4003 and why, the old token refused
/// from then on, and the deals played before still theirs to review. Another account, or a
/// guest, is refused as before.
#[tokio::test]
async fn a_deleted_accounts_seat_is_not_taken_back_under_its_name_again() {
    let db = temp_db("take-back-deleted");
    let addr = start(&db).await;
    let kim = signed_in(&addr, "Kim Lee", "a long walk home", true).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 3}),
    )
    .await;
    let seat0 = format!("/api/tables/{code}/seats/0");
    let (status, _, body) =
        with_headers(&addr, "POST", &seat0, &format!("Cookie: {kim}\r\n"), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    // The operator deletes the account while the server runs; someone registers the name.
    let store = euchre_server::Store::open(&db, euchre_server::Durability::Process).unwrap();
    assert!(store.delete_account("Kim Lee").unwrap());
    let other = signed_in(&addr, "Kim Lee", "another long walk", true).await;
    let (status, _, body) =
        with_headers(&addr, "POST", &seat0, &format!("Cookie: {other}\r\n"), &json!({})).await;
    assert_eq!(status, 409, "the new Kim Lee took the old one's seat: {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_takes_its_seat_back_from_another_device() {
    use futures_util::StreamExt;
    let db = temp_db("take-back");
    let addr = start(&db).await;
    let laptop = signed_in(&addr, "Kim Lee", "a long walk home", true).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 3}),
    )
    .await;
    let seat0 = format!("/api/tables/{code}/seats/0");
    let (status, _, body) = with_headers(
        &addr,
        "POST",
        &seat0,
        &format!("Cookie: {laptop}\r\n"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let old: Value = serde_json::from_str(&body).unwrap();
    let old = old["token"].as_str().unwrap().to_string();
    let mut ws = connect(&addr, &code, Some(&old)).await;
    first_legal_until(&mut ws, |m| m["deal_number"].as_u64() >= Some(2)).await;
    // Someone else, a guest or another account, is refused.
    let (status, _) = post(&addr, &seat0, &json!({"name": "Zed"})).await;
    assert_eq!(status, 409);
    let other = signed_in(&addr, "Ola Berg", "a long walk home", true).await;
    let (status, _, body) =
        with_headers(&addr, "POST", &seat0, &format!("Cookie: {other}\r\n"), &json!({})).await;
    assert_eq!(status, 409, "{body}");
    // Kim on the phone: the table says which seat is hers (to her only).
    let phone = signed_in(&addr, "Kim Lee", "a long walk home", false).await;
    let info_path = format!("/api/tables/{code}");
    let (_, _, info) = with_headers(
        &addr,
        "GET",
        &info_path,
        &format!("Cookie: {phone}\r\n"),
        &json!(null),
    )
    .await;
    assert_eq!(
        serde_json::from_str::<Value>(&info).unwrap()["yours"],
        json!([0]),
        "{info}"
    );
    let (_, info) = get(&addr, &info_path).await;
    assert_eq!(
        serde_json::from_str::<Value>(&info).unwrap()["yours"],
        json!([]),
        "{info}"
    );
    let (status, _, body) =
        with_headers(&addr, "POST", &seat0, &format!("Cookie: {phone}\r\n"), &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let new: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(new["seat"], 0);
    let new = new["token"].as_str().unwrap().to_string();
    assert_ne!(new, old);
    // The laptop's connection is closed with the code and the reason.
    let close = loop {
        match tokio::time::timeout(std::time::Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close: {other:?}"),
        }
    };
    let close = close.expect("a close frame");
    assert_eq!(u16::from(close.code), 4003);
    assert!(close.reason.contains("took this seat back"), "{}", close.reason);
    // The old token is given up; the new one plays on, and reviews deal 1.
    let mut stale = connect(&addr, &code, Some(&old)).await;
    assert!(next(&mut stale).await.is_none(), "the old token holds nothing");
    let mut ws = connect(&addr, &code, Some(&new)).await;
    let state = next(&mut ws).await.unwrap();
    assert_eq!(state["seat"], 0);
    assert_eq!(state["seats"][0]["name"], "Kim Lee");
    assert_eq!(state["seats"][0]["held_from"], 0, "{}", state["seats"][0]);
    send(&mut ws, &json!({"type": "review", "deal": 1})).await;
    let review = reply(&mut ws).await;
    assert_eq!(review["type"], "review", "{review}");
}

/// Server tester s53, 4: a ninth connection on one seat was refused with HTTP 429, which a
/// browser cannot read: its page said "reconnecting…" for ever. It is let in and closed with
/// 4004 and the reason, which the page shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_open_in_too_many_places_is_told_why() {
    use futures_util::StreamExt;
    let addr = start(&temp_db("nine-tabs")).await;
    let code = create(
        &addr,
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let ann = claim(&addr, &code, 0, "Ann").await;
    let mut tabs = Vec::new();
    for _ in 0..8 {
        let mut ws = connect(&addr, &code, Some(&ann)).await;
        assert!(next(&mut ws).await.is_some());
        tabs.push(ws);
    }
    let mut ninth = connect(&addr, &code, Some(&ann)).await;
    let close = match tokio::time::timeout(std::time::Duration::from_secs(10), ninth.next()).await {
        Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(frame)))) => frame,
        other => panic!("no close first: {other:?}"),
    };
    let close = close.expect("a close frame");
    assert_eq!(u16::from(close.code), 4004);
    assert!(close.reason.contains("close one"), "{}", close.reason);
    // One closed makes a place.
    drop(tabs.pop());
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut ws = connect(&addr, &code, Some(&ann)).await;
    assert_eq!(next(&mut ws).await.unwrap()["type"], "state");
}

/// A table of `seed` full of its players with nobody having decided: Ann at the first seat to
/// act (she has not), a spy at the next (who has seen the hand there), computer players
/// (`basic`) at the others, and `basic` its stand-in.
struct FullUndecided {
    code: String,
    host: Value,
    ann: String,
    spy: String,
    /// Ann's seat, the first to act.
    first: usize,
    /// The spy's seat, the next to act.
    spied: usize,
    /// A computer player's seat.
    bot: usize,
}

/// [`FullUndecided`] on the server at `addr`: the first seat to act (the dealer is drawn from
/// the seed) read off a table of the same seed made to find it, then the table, with the spy
/// shown the hand of the seat before the host frees it.
async fn full_undecided(addr: &str, seed: u64) -> FullUndecided {
    let probe = create(
        addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "open", "open"], "seed": seed}),
    )
    .await;
    let mut watcher = connect(addr, &probe, None).await;
    let first = next(&mut watcher).await.unwrap()["to_act"].as_u64().unwrap() as usize;
    let spied = (first + 1) % 4;
    let mut seats = vec!["basic"; 4];
    seats[first] = "open";
    seats[spied] = "open";
    let (status, t) = post(
        addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": seats, "seed": seed, "stand_in": "basic"}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let code = t["code"].as_str().unwrap().to_string();
    let ann = claim(addr, &code, first, "Ann").await;
    let spy = claim(addr, &code, spied, "Spy").await;
    // Full: begun, and each seat sent its hand, though nobody has decided.
    let mut as_spy = connect(addr, &code, Some(&spy)).await;
    let seen = next(&mut as_spy).await.unwrap();
    assert_eq!(seen["started"], true, "{seen}");
    assert_eq!(seen["seq"], 0, "{seen}");
    assert_eq!(seen["to_act"], first, "{seen}");
    assert_eq!(seen["view"]["hand"].as_array().unwrap().len(), 5, "{seen}");
    FullUndecided {
        code,
        host: t["host"].clone(),
        ann,
        spy,
        first,
        spied,
        bot: (first + 2) % 4,
    }
}

/// The next state `ws` is sent for which `pred` holds.
async fn state_where(ws: &mut support::Ws, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next(ws).await.expect("a state");
        if m["type"] == "state" && pred(&m) {
            return m;
        }
    }
}

/// Server tester s53, 1 and 2, the hole left after the fix: a table full of its players had
/// begun (its hands sent) though nobody had decided yet, a person being first to act; a
/// seat the host freed then put it back to waiting, unseen by anyone's log, and whoever had
/// sat there under another name and seen its hand was gone while a friend who sat next
/// played it. Once begun, a table stays begun: the seat is freed mid-game (a state that has
/// begun shows it open, then its newcomer: the pages' log lines "Spy left seat N", "Bo took
/// seat N"), and a computer player's seat cannot be freed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_freed_before_anyone_decided_is_freed_mid_game() {
    let addr = start(&temp_db("freed-undecided")).await;
    let t = full_undecided(&addr, 21).await;
    let mut ann = connect(&addr, &t.code, Some(&t.ann)).await;
    let before = state_where(&mut ann, |_| true).await;
    assert_eq!(before["started"], true, "{before}");
    assert_eq!(before["seats"][t.spied]["name"], "Spy", "{before}");
    let free = |seat: usize| format!("/api/tables/{}/seats/{seat}/free", t.code);
    let (status, r) = post(&addr, &free(t.spied), &json!({"host": t.host})).await;
    assert_eq!(status, 200, "{r}");
    // Freed mid-game: everyone's states show the seat change in a game begun, not a table
    // waiting again; Ann is still asked to decide, her hand still shown.
    let freed = state_where(&mut ann, |m| m["seats"][t.spied]["kind"] != "person").await;
    assert_eq!(freed["started"], true, "no waiting state: {freed}");
    assert_eq!(freed["seats"][t.spied]["kind"], "open", "{freed}");
    assert_eq!(freed["view"]["hand"].as_array().unwrap().len(), 5, "{freed}");
    assert!(!freed["legal"].as_array().unwrap().is_empty(), "{freed}");
    let (_, info) = get(&addr, &format!("/api/tables/{}", t.code)).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["started"], true, "{info}");
    // A computer player's seat is not freed: the game is on.
    let (status, r) = post(&addr, &free(t.bot), &json!({"host": t.host})).await;
    assert_eq!(status, 409, "{r}");
    assert!(
        r["error"]
            .as_str()
            .unwrap()
            .contains("only before the game starts"),
        "{r}"
    );
    // The newcomer takes the seat in the game, as everyone sees.
    let bo = claim(&addr, &t.code, t.spied, "Bo").await;
    let taken = state_where(&mut ann, |m| m["seats"][t.spied]["name"] == "Bo").await;
    assert_eq!(taken["started"], true, "{taken}");
    assert_eq!(taken["seats"][t.spied]["kind"], "person", "{taken}");
    let mut as_bo = connect(&addr, &t.code, Some(&bo)).await;
    let his = state_where(&mut as_bo, |_| true).await;
    assert_eq!(his["started"], true, "{his}");
    assert_eq!(his["seq"], 0, "{his}");
    // The spy's token holds nothing any more.
    let mut stale = connect(&addr, &t.code, Some(&t.spy)).await;
    assert!(next(&mut stale).await.is_none(), "the spy's token holds nothing");
}

/// The same across a restart: the database keeps that the table began, so a server reading
/// it back with the seat still open (freed before anyone decided) has it begun: the stand-in
/// plays the open seat, a computer player's seat is not freed, and the newcomer sits in the
/// game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_freed_before_anyone_decided_stays_freed_mid_game_after_a_restart() {
    let db = temp_db("freed-undecided-restart");
    let addr = start(&db).await;
    let t = full_undecided(&addr, 22).await;
    let free = |seat: usize| format!("/api/tables/{}/seats/{seat}/free", t.code);
    let (status, r) = post(&addr, &free(t.spied), &json!({"host": t.host})).await;
    assert_eq!(status, 200, "{r}");
    // A second server on the same file, as after a restart.
    let again = start(&db).await;
    let (_, info) = get(&again, &format!("/api/tables/{}", t.code)).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["started"], true, "{info}");
    assert_eq!(info["seats"][t.spied]["kind"], "open", "{info}");
    let (status, r) = post(&again, &free(t.bot), &json!({"host": t.host})).await;
    assert_eq!(status, 409, "{r}");
    // Ann decides; the stand-in plays the open seat, next to act.
    let mut ann = connect(&again, &t.code, Some(&t.ann)).await;
    let mine = state_where(&mut ann, |_| true).await;
    assert_eq!(mine["started"], true, "{mine}");
    assert_eq!(mine["to_act"], t.first, "{mine}");
    let act = json!({"type": "act", "seq": 0, "action": "pass"});
    send(&mut ann, &act).await;
    let played = state_where(&mut ann, |m| m["seq"].as_u64() >= Some(2)).await;
    assert_ne!(played["to_act"], t.spied, "the stand-in decided: {played}");
    assert_eq!(played["seats"][t.spied]["kind"], "open", "{played}");
    let bo = claim(&again, &t.code, t.spied, "Bo").await;
    let taken = state_where(&mut ann, |m| m["seats"][t.spied]["name"] == "Bo").await;
    assert_eq!(taken["started"], true, "{taken}");
    let mut as_bo = connect(&again, &t.code, Some(&bo)).await;
    assert_eq!(state_where(&mut as_bo, |_| true).await["started"], true);
}

/// The seat changes of a state or a past deal, each as (seat, change, from, to), the holders
/// written `kind:name`.
fn changes_said(changes: &Value) -> Vec<(u64, String, String, String)> {
    let holder = |h: &Value| {
        format!(
            "{}:{}",
            h["kind"].as_str().unwrap(),
            h["name"].as_str().unwrap_or("")
        )
    };
    changes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["seat"].as_u64().unwrap(),
                c["change"].as_str().unwrap().to_string(),
                holder(&c["from"]),
                holder(&c["to"]),
            )
        })
        .collect()
}

/// Review s53, 3: the host freed a person's seat mid-game, sat there under an alias (and was
/// shown its hand), freed it again and gave it to the stand-in. Only the pages open then could
/// tell, each from its own diff of two states. The server records each change: a page opened
/// after the cycle is sent all four in its state (the deal, the decisions taken, the seat, who
/// before and after, no card), after a restart too, and in the deal's `past_deals` entry once
/// the deal is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_opened_after_a_seat_was_handed_round_is_told_each_change() {
    let db = temp_db("seat-changes");
    let addr = start(&db).await;
    let t = full_undecided(&addr, 23).await;
    // Ann decides, then leaves: nobody connected, nothing moves while the host does the rest.
    let mut ann = connect(&addr, &t.code, Some(&t.ann)).await;
    state_where(&mut ann, |_| true).await;
    send(&mut ann, &json!({"type": "act", "seq": 0, "action": "pass"})).await;
    let after = state_where(&mut ann, |m| m["seq"].as_u64() >= Some(1)).await;
    assert_eq!(after["to_act"], t.spied, "the spy's seat is next: {after}");
    drop(ann);
    let free = format!("/api/tables/{}/seats/{}/free", t.code, t.spied);
    let to_bot = format!("/api/tables/{}/seats/{}/bot", t.code, t.spied);
    let (status, r) = post(&addr, &free, &json!({"host": t.host})).await;
    assert_eq!(status, 200, "{r}");
    let alias = claim(&addr, &t.code, t.spied, "Alias").await;
    let mut as_alias = connect(&addr, &t.code, Some(&alias)).await;
    let seen = state_where(&mut as_alias, |_| true).await;
    assert_eq!(
        seen["view"]["hand"].as_array().unwrap().len(),
        5,
        "the alias saw the hand"
    );
    drop(as_alias);
    let (status, r) = post(&addr, &free, &json!({"host": t.host})).await;
    assert_eq!(status, 200, "{r}");
    let (status, r) = post(&addr, &to_bot, &json!({"host": t.host})).await;
    assert_eq!(status, 200, "{r}");
    let seat = t.spied as u64;
    let expected = vec![
        (
            seat,
            "freed".to_string(),
            "person:Spy".to_string(),
            "open:".to_string(),
        ),
        (seat, "sat".into(), "open:".into(), "person:Alias".into()),
        (seat, "freed".into(), "person:Alias".into(), "open:".into()),
        (seat, "computer".into(), "open:".into(), "bot:basic".into()),
    ];
    // A spectator coming now, and Ann coming back, are each told every change.
    let mut late = connect(&addr, &t.code, None).await;
    let state = state_where(&mut late, |_| true).await;
    assert_eq!(changes_said(&state["seat_changes"]), expected, "{state}");
    for c in state["seat_changes"].as_array().unwrap() {
        assert_eq!(
            (c["deal"].as_u64(), c["decisions"].as_u64(), c["seq"].as_u64()),
            (Some(1), Some(1), Some(1)),
            "{c}"
        );
        let keys: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys.len(),
            7,
            "deal, decisions, seq, seat, change, from, to only: {c}"
        );
    }
    drop(late);
    // A second server on the same file, as after a restart.
    let again = start(&db).await;
    let mut late = connect(&again, &t.code, None).await;
    let state = state_where(&mut late, |_| true).await;
    assert_eq!(changes_said(&state["seat_changes"]), expected, "kept: {state}");
    // Played on into deal 2: the changes are the first deal's, in its past deals' entry.
    let mut ann = connect(&again, &t.code, Some(&t.ann)).await;
    let next_deal = support::play_to_deal(&mut ann, 2).await;
    assert!(
        next_deal["seat_changes"].as_array().unwrap().is_empty() || next_deal["game_over"] == true,
        "{next_deal}"
    );
    let past = past_deals_of(&mut ann).await;
    assert_eq!(changes_said(&past[0]["seat_changes"]), expected, "{past:?}");
}

/// A table begun where nobody has decided: Kim (a named account) in the seat first to act,
/// Bo (a guest) in another, computer players in the rest, nobody connected, so nothing moves
/// until Kim decides.
struct KimAndBo {
    code: String,
    host: Value,
    /// Kim's seat, first to act, and her token.
    kim_seat: usize,
    kim: String,
    bo_seat: usize,
}

async fn kim_and_bo(addr: &str, seed: u64) -> KimAndBo {
    let probe = create(
        addr,
        &json!({"rules": "north-american", "seats": ["open", "open", "open", "open"], "seed": seed}),
    )
    .await;
    let mut watcher = connect(addr, &probe, None).await;
    let kim_seat = next(&mut watcher).await.unwrap()["to_act"].as_u64().unwrap() as usize;
    let bo_seat = (kim_seat + 1) % 4;
    let mut seats = vec!["basic"; 4];
    seats[kim_seat] = "open";
    seats[bo_seat] = "open";
    let (status, t) = post(
        addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": seats, "seed": seed, "grace_secs": 3600}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let code = t["code"].as_str().unwrap().to_string();
    let laptop = signed_in(addr, "Kim Lee", "a long walk home", true).await;
    let (status, _, body) = with_headers(
        addr,
        "POST",
        &format!("/api/tables/{code}/seats/{kim_seat}"),
        &format!("Cookie: {laptop}\r\n"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let kim: Value = serde_json::from_str(&body).unwrap();
    let kim = kim["token"].as_str().unwrap().to_string();
    claim(addr, &code, bo_seat, "Bo").await;
    KimAndBo {
        code,
        host: t["host"].clone(),
        kim_seat,
        kim,
        bo_seat,
    }
}

/// Kim, signed in on her phone, takes her seat back: the status and the body.
async fn kim_takes_her_seat_back(addr: &str, t: &KimAndBo) -> (u16, String) {
    let phone = signed_in(addr, "Kim Lee", "a long walk home", false).await;
    let (status, _, body) = with_headers(
        addr,
        "POST",
        &format!("/api/tables/{}/seats/{}", t.code, t.kim_seat),
        &format!("Cookie: {phone}\r\n"),
        &json!({}),
    )
    .await;
    (status, body)
}

/// The host lets the stand-in play for `seat` once its connections are gone (their closing
/// is counted a moment after the socket closes).
async fn host_plays_for(addr: &str, t: &KimAndBo, seat: usize) {
    let away = format!("/api/tables/{}/seats/{seat}/away", t.code);
    for _ in 0..500 {
        let (status, r) = post(addr, &away, &json!({"host": t.host})).await;
        if status == 200 {
            return;
        }
        assert!(r["error"].as_str().unwrap().contains("who is here"), "{r}");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("seat {seat}'s connection never closed");
}

/// The seat changes of deal 1 a spectator is sent, each as (seat, change, from, to).
async fn changes_now(addr: &str, code: &str) -> Vec<(u64, String, String, String)> {
    let mut late = connect(addr, code, None).await;
    let state = state_where(&mut late, |_| true).await;
    assert_eq!(state["deal_number"], 1, "{state}");
    changes_said(&state["seat_changes"])
}

/// Review s54, 1: the bound on a deal's seat changes counted going away and coming back, which
/// hand nobody the seat: a connection dropping again and again (or a griefer closing theirs on
/// purpose) used it up, and then the host could not free a seat, nobody could sit in a freed
/// one, and a person could not take their own seat back, until the next deal. Only hand-overs
/// count toward it; going away and coming back have their own bound, past which they are
/// made without a line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn going_away_and_coming_back_leave_the_seats_free_to_change_hands() {
    let addr = start(&temp_db("away-back-bound")).await;
    let t = kim_and_bo(&addr, 31).await;
    let cycles = euchre_server::room::SEAT_CHANGES_PER_DEAL;
    for _ in 0..cycles {
        host_plays_for(&addr, &t, t.kim_seat).await;
        let mut kim = connect(&addr, &t.code, Some(&t.kim)).await;
        let back = state_where(&mut kim, |_| true).await;
        assert_eq!(back["seats"][t.kim_seat]["kind"], "person", "{back}");
        assert_eq!(back["deal_number"], 1, "{back}");
        drop(kim);
    }
    // Twice as many lines as hand-overs are kept, none of them a hand-over: each still works.
    let (status, body) = kim_takes_her_seat_back(&addr, &t).await;
    assert_eq!(status, 200, "Kim kept out of her own seat: {body}");
    let free = format!("/api/tables/{}/seats/{}/free", t.code, t.bo_seat);
    let (status, r) = post(&addr, &free, &json!({"host": t.host})).await;
    assert_eq!(status, 200, "the host could not free a seat: {r}");
    let (status, r) = post(
        &addr,
        &format!("/api/tables/{}/seats/{}", t.code, t.bo_seat),
        &json!({"name": "Zed"}),
    )
    .await;
    assert_eq!(status, 200, "nobody could sit in the freed seat: {r}");
    // The going and coming lines stop at their bound; the hand-overs are each recorded.
    let changes = changes_now(&addr, &t.code).await;
    let coming_and_going = changes
        .iter()
        .filter(|c| c.1 == "away_by_host" || c.1 == "back")
        .count();
    assert_eq!(
        coming_and_going,
        euchre_server::room::OTHER_SEAT_LINES_PER_DEAL,
        "{changes:?}"
    );
    let (kim, bo) = (t.kim_seat as u64, t.bo_seat as u64);
    let last: Vec<_> = changes[changes.len() - 3..].to_vec();
    assert_eq!(
        last,
        vec![
            (
                kim,
                "taken_back".to_string(),
                "person:Kim Lee".to_string(),
                "person:Kim Lee".to_string()
            ),
            (bo, "freed".into(), "person:Bo".into(), "open:".into()),
            (bo, "sat".into(), "open:".into(), "person:Zed".into()),
        ],
        "{changes:?}"
    );
}

/// Review s54, 1, the other side: a hand-over (a seat freed, taken, given to a computer
/// player) is never made unrecorded. Past the deal's bound it is refused with 409, saying
/// what was counted; an account taking its own seat back (nobody new sees the hand) is not
/// refused, nor is the host letting the stand-in play for a person gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hand_overs_past_the_deals_bound_are_refused_and_a_seat_taken_back_is_not() {
    let addr = start(&temp_db("hand-over-bound")).await;
    let t = kim_and_bo(&addr, 32).await;
    let bound = euchre_server::room::SEAT_CHANGES_PER_DEAL;
    let free = format!("/api/tables/{}/seats/{}/free", t.code, t.bo_seat);
    let sit = format!("/api/tables/{}/seats/{}", t.code, t.bo_seat);
    for _ in 0..bound / 2 {
        let (status, r) = post(&addr, &free, &json!({"host": t.host})).await;
        assert_eq!(status, 200, "{r}");
        let (status, r) = post(&addr, &sit, &json!({"name": "Bo"})).await;
        assert_eq!(status, 200, "{r}");
    }
    let (status, r) = post(&addr, &free, &json!({"host": t.host})).await;
    assert_eq!(status, 409, "{r}");
    let said = r["error"].as_str().unwrap();
    assert!(
        said.contains(&format!(
            "handed over (taken, freed or given to a computer player) {bound} times in this deal"
        )),
        "{said}"
    );
    let (_, info) = get(&addr, &format!("/api/tables/{}", t.code)).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["seats"][t.bo_seat]["name"], "Bo", "not freed: {info}");
    // Kim's own seat, on her phone: not a hand-over, taken back.
    let (status, body) = kim_takes_her_seat_back(&addr, &t).await;
    assert_eq!(status, 200, "Kim kept out of her own seat: {body}");
    host_plays_for(&addr, &t, t.kim_seat).await;
    let changes = changes_now(&addr, &t.code).await;
    assert_eq!(changes.len(), bound + 2, "{changes:?}");
    assert!(
        changes[..bound]
            .iter()
            .all(|c| c.0 == t.bo_seat as u64 && (c.1 == "freed" || c.1 == "sat")),
        "{changes:?}"
    );
    let kinds: Vec<&str> = changes[bound..].iter().map(|c| c.1.as_str()).collect();
    assert_eq!(kinds, ["taken_back", "away_by_host"], "{changes:?}");
}
