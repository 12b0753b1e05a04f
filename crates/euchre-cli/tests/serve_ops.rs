//! `euchre serve` as an operator runs it: one server to a database, and a stop (SIGTERM) that
//! tells every connection why before the server exits.

use futures_util::StreamExt;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::{protocol::frame::coding::CloseCode, Message};

const EUCHRE: &str = env!("CARGO_BIN_EXE_euchre");

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("euchre-serve-ops-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A server on a free port over `db`; its process and its address once it listens.
fn serve(db: &Path) -> (Child, String) {
    serve_with(db, &[])
}

/// The same with `extra` arguments.
fn serve_with(db: &Path, extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(EUCHRE)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .arg("--db")
        .arg(db)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().expect("the address").unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .expect("an address")
        .to_string();
    (child, addr)
}

/// `euchre serve --addr ADDR --db DB` (and `extra`) must refuse to start: its standard error.
/// One that starts instead is stopped after 20 s and the test fails (rather than waiting for it
/// for ever).
fn refused_serve(addr: &str, db: &Path, extra: &[&str]) -> String {
    let mut child = Command::new(EUCHRE)
        .args(["serve", "--addr", addr])
        .args(extra)
        .arg("--db")
        .arg(db)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "euchre serve on {} started: it should have been refused",
                db.display()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{}: {err}", db.display());
    err
}

/// A POST: the status line and the body.
async fn post_any(addr: &str, path: &str, body: &Value) -> (String, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (
        head.lines().next().unwrap_or_default().to_string(),
        serde_json::from_str(body).unwrap(),
    )
}

async fn post(addr: &str, path: &str, body: &Value) -> Value {
    let (status, v) = post_any(addr, path, body).await;
    assert!(status.starts_with("HTTP/1.1 200"), "{status}: {v}");
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_server_to_a_database_and_a_stop_that_says_why() {
    let dir = scratch("stop");
    let db = dir.join("club.sqlite3");
    let (mut first, addr) = serve(&db);

    // A second server on the same database is refused by name, and leaves it alone; so is one
    // through a symbolic link to it, and one on another database sharing its statistics
    // (`club.db` and `club.sqlite3` both keep them in `club.stats.sqlite3`).
    let link = dir.join("link.sqlite3");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    for other in [&db, &link, &dir.join("club.db")] {
        let err = refused_serve("127.0.0.1:0", other, &[]);
        assert!(err.contains("in use by another euchre serve"), "{err}");
    }

    assert!(
        !dir.join("club.db").exists(),
        "the refused server made no database"
    );
    // A hard link is a name the lock does not see: a database with two names is refused by
    // either, the one already served included.
    let hard = dir.join("hard.sqlite3");
    std::fs::hard_link(&db, &hard).unwrap();
    for name in [&hard, &db] {
        let err = refused_serve("127.0.0.1:0", name, &[]);
        assert!(err.contains("has 2 names (hard links)"), "{err}");
    }
    std::fs::remove_file(&hard).unwrap();
    // The statistics database too (another server's `club.db` would share it by that name).
    let stats = dir.join("club.stats.sqlite3");
    let stats_link = dir.join("other.stats.sqlite3");
    std::fs::hard_link(&stats, &stats_link).unwrap();
    let err = refused_serve("127.0.0.1:0", &db, &[]);
    assert!(
        err.contains("club.stats.sqlite3 has 2 names (hard links)"),
        "{err}"
    );
    std::fs::remove_file(&stats_link).unwrap();
    // A link to a database not made yet is the database it will be: a server through it and
    // one on the file's own name are one too many.
    let later = dir.join("later.sqlite3");
    let to_later = dir.join("to-later.sqlite3");
    std::os::unix::fs::symlink("later.sqlite3", &to_later).unwrap();
    let (mut through_link, _) = serve(&to_later);
    let err = refused_serve("127.0.0.1:0", &later, &[]);
    assert!(err.contains("in use by another euchre serve"), "{err}");
    through_link.kill().unwrap();
    through_link.wait().unwrap();
    // One that cannot listen leaves nothing behind, not even a lock file.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().to_string();
    let elsewhere = dir.join("elsewhere");
    let err = refused_serve(&port, &elsewhere.join("x.sqlite3"), &[]);
    assert!(err.contains("listening on"), "{err}");
    assert!(!elsewhere.exists(), "the folder was made");
    // Nor does one whose --db names a folder that is not there: a typo is not a tree of
    // folders to make.
    let err = refused_serve("127.0.0.1:0", &elsewhere.join("deeper").join("x.sqlite3"), &[]);
    assert!(err.contains("there is no folder"), "{err}");
    assert!(!elsewhere.exists(), "the folder was made");

    // A device is not a database; with --log-json the refusal is a JSON log line too.
    let err = refused_serve("127.0.0.1:0", Path::new("/dev/null"), &["--log-json"]);
    let logged = err
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|l| l["level"] == "ERROR")
        .unwrap_or_else(|| panic!("no JSON error line: {err}"));
    assert!(
        logged["fields"]["error"]
            .as_str()
            .unwrap()
            .contains("/dev/null is not a file"),
        "{logged}"
    );

    // A server for people deals from its own random numbers: a host's seed would tell whoever
    // knows it every hand.
    let (status, e) = post_any(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 7}),
    )
    .await;
    assert!(status.contains(" 400 "), "{status}: {e}");
    assert!(e["error"].as_str().unwrap().contains("--allow-seeds"), "{e}");

    // Someone watching a table when the server is stopped is told why, with "going away".
    let table = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"]}),
    )
    .await;
    let code = table["code"].as_str().unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{code}"))
        .await
        .unwrap();
    let first_state = ws.next().await.unwrap().unwrap();
    assert!(first_state.is_text());
    let st = Command::new("kill")
        .args(["-TERM", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let close = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Close(frame) = m {
                return frame;
            }
        }
        None
    })
    .await
    .expect("a close in time")
    .expect("a close frame with a reason");
    assert_eq!(close.code, CloseCode::Away);
    assert!(
        close.reason.contains("the server is stopping"),
        "{}",
        close.reason
    );
    let status = first.wait().unwrap();
    let mut log = String::new();
    let _ = std::io::Read::read_to_string(&mut first.stderr.take().unwrap(), &mut log);
    assert_eq!(status.code(), Some(0), "{log}");
    assert!(log.contains("stopped"), "{log}");

    // Stopped, its database is free for the next server, with the table in it.
    let (mut next, addr) = serve(&db);
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let req = format!("GET /api/tables/{code} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    next.kill().unwrap();
    next.wait().unwrap();
}

/// Operator tester s50, 14: `--log-json` writes plain values a log pipeline can use as they
/// are (no Rust `Debug` quotes or `Some(...)`), and a client's text with a line break in it
/// stays on its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_json_log_holds_plain_values() {
    let dir = scratch("log-json");
    let (mut server, addr) = serve_with(&dir.join("club.sqlite3"), &["--log-json"]);
    let table = post(
        &addr,
        "/api/tables",
        &json!({"rules": "north-american", "seats": ["open", "basic", "hard", "basic"]}),
    )
    .await;
    let code = table["code"].as_str().unwrap();
    post(
        &addr,
        &format!("/api/tables/{code}/seats/0"),
        &json!({"name": "Ann Smith"}),
    )
    .await;
    // A WebSocket's address asked without the upgrade, its code holding an encoded line break.
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let req = format!("GET /ws/AB%0AINFO%20forged HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    assert!(!out.starts_with("HTTP/1.1 2"), "{out}");

    let st = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    server.wait().unwrap();
    let mut log = String::new();
    std::io::Read::read_to_string(&mut server.stderr.take().unwrap(), &mut log).unwrap();
    let lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: not JSON: {l}")))
        .collect();
    let fields = |message: &str| {
        lines
            .iter()
            .find(|l| l["fields"]["message"] == message)
            .map(|l| l["fields"].clone())
            .unwrap_or_else(|| panic!("no '{message}' in {log}"))
    };
    let open = fields("database open");
    assert_eq!(open["close_empty_after_secs"], 3600, "{open}");
    assert_eq!(open["public_hosts"], "", "{open}");
    let created = fields("table created");
    assert_eq!(created["rules"], "north-american", "{created}");
    assert_eq!(created["seats"], "open basic hard basic", "{created}");
    assert_eq!(created["ip"], "127.0.0.1", "{created}");
    let taken = fields("seat taken");
    assert_eq!(taken["player"], "Ann Smith", "{taken}");
    assert_eq!(taken["seat"], 0, "{taken}");
    let refused = lines
        .iter()
        .find(|l| {
            l["fields"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("a WebSocket request refused"))
        })
        .unwrap_or_else(|| panic!("no refusal in {log}"));
    assert_eq!(refused["fields"]["table"], "AB\\u{a}INFO forged", "{refused}");
}

/// The server's resident memory, from /proc.
#[cfg(target_os = "linux")]
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS")
}

/// Operator tester s50, 2: a burst of logins (for names with no account: none is needed) is
/// hashed 19 MiB at a time, and the memory goes back once each is done; it stayed at 650 MB
/// after 64 such logins. Sixteen at once leave the server far below one hash a login.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_logins_leaves_no_memory_behind() {
    let dir = scratch("login-memory");
    let (mut child, addr) = serve(&dir.join("club.sqlite3"));
    let logins = (0..16).map(|i| {
        let addr = addr.clone();
        tokio::spawn(async move {
            let body = json!({"name": format!("nobody {i}"), "password": "a guess at it"});
            post_any(&addr, "/api/login", &body).await.0
        })
    });
    for login in logins {
        let status = login.await.unwrap();
        assert!(status.starts_with("HTTP/1.1 401"), "{status}");
    }
    let kib = resident_kib(child.id());
    child.kill().unwrap();
    child.wait().unwrap();
    // Sixteen hashes kept would be 300 MiB and more; the server itself takes about 10.
    assert!(kib < 100 * 1024, "{kib} KiB resident after 16 logins");
}

/// `euchre accounts --db DB ARGS`: its exit code and standard output (standard error after).
fn accounts(db: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(EUCHRE)
        .arg("accounts")
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// Operator tester s50, 6: the operator lists the accounts, resets a forgotten password (a new
/// one printed, every login ended) and deletes an account (its name free again), while the
/// server runs; a database that is not there is said, not made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_resets_a_forgotten_password_and_deletes_an_account() {
    let dir = scratch("accounts");
    let db = dir.join("club.sqlite3");
    let (mut child, addr) = serve(&db);
    let creds = json!({"name": "Maud Ames", "password": "forgotten long ago"});
    post(&addr, "/api/accounts", &creds).await;
    let (code, listed) = accounts(&db, &["list"]);
    assert_eq!(code, 0, "{listed}");
    assert!(listed.contains("  Maud Ames"), "{listed}");
    let (code, said) = accounts(&db, &["reset-password", "maud ames"]);
    assert_eq!(code, 0, "{said}");
    let password = said
        .split("new password ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("the new password")
        .to_string();
    let (status, _) = post_any(&addr, "/api/login", &creds).await;
    assert!(status.starts_with("HTTP/1.1 401"), "the old password: {status}");
    let fresh = json!({"name": "Maud Ames", "password": password});
    let (status, body) = post_any(&addr, "/api/login", &fresh).await;
    assert!(
        status.starts_with("HTTP/1.1 200"),
        "the new password: {status} {body}"
    );
    let (code, said) = accounts(&db, &["delete", "Maud Ames"]);
    assert_eq!(code, 0, "{said}");
    let (status, _) = post_any(&addr, "/api/login", &fresh).await;
    assert!(status.starts_with("HTTP/1.1 401"), "{status}");
    post(
        &addr,
        "/api/accounts",
        &json!({"name": "maud ames", "password": "a name free again"}),
    )
    .await;
    let (code, said) = accounts(&db, &["reset-password", "Nobody Here"]);
    assert_ne!(code, 0);
    assert!(said.contains("no account 'Nobody Here'"), "{said}");
    child.kill().unwrap();
    child.wait().unwrap();
    let (code, said) = accounts(&dir.join("typo.sqlite3"), &["list"]);
    assert_ne!(code, 0);
    assert!(said.contains("there is no database at"), "{said}");
    assert!(!dir.join("typo.sqlite3").exists(), "a typo made a database");
}

/// `GET /healthz`: the status line and the body.
async fn health(addr: &str) -> (String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    (
        head.lines().next().unwrap_or_default().to_string(),
        body.to_string(),
    )
}

/// Operator tester s50, 3 and 4: `/healthz` says `ok` while the database takes changes, and
/// 503 with why once its file is deleted under the running server (what is played since would
/// be lost at the next start), so that a monitor notices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_fails_when_the_database_is_deleted_under_the_server() {
    let dir = scratch("health");
    let db = dir.join("club.sqlite3");
    let (mut child, addr) = serve(&db);
    let (status, body) = health(&addr).await;
    assert!(
        status.starts_with("HTTP/1.1 200") && body == "ok",
        "{status} {body}"
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let (status, body) = health(&addr).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(status.starts_with("HTTP/1.1 503"), "{status} {body}");
    assert!(
        body.contains("is gone (deleted or moved while the server runs)"),
        "{body}"
    );
}

/// With `--public-host` the start line still begins with the address it listens on as a URL
/// (scripts read it), and names the public host to open (review s51, 9; operator tester s50, 9).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_line_keeps_its_url_beside_the_public_name() {
    let dir = scratch("public-line");
    let mut child = Command::new(EUCHRE)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--public-host",
            "cards.example.org",
            "--db",
        ])
        .arg(dir.join("club.sqlite3"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().expect("the start line").unwrap();
    assert!(
        line.starts_with("euchre serve: listening on http://127.0.0.1:"),
        "{line}"
    );
    assert!(line.contains("open cards.example.org in a browser"), "{line}");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap();
    let (status, body) = health(addr).await;
    assert!(status.contains(" 200 "), "{status}: {body}");
    child.kill().unwrap();
    child.wait().unwrap();
}
