//! The database refusing changes for a while (here another program holds its write lock past
//! the server's busy timeout) stops a table only until it takes changes again.

mod support;

use serde_json::json;
use std::time::Duration;
use support::{claim, connect, create, next, start, temp_db};

/// Nobody wakes the table: it tries again every few seconds by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_goes_on_by_itself_once_the_database_takes_changes_again() {
    let db = temp_db("outage");
    let addr = start(&db).await;
    let body = json!({"rules": "north-american", "seats": ["open", "basic", "basic", "basic"], "seed": 5});
    let code = create(&addr, &body).await;
    let ann = claim(&addr, &code, 0, "Ann").await;
    let blocker = rusqlite::Connection::open(&db).unwrap();
    blocker.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mut ws = connect(&addr, &code, Some(&ann)).await;
    let first = next(&mut ws).await.expect("a state");
    assert_ne!(first["to_act"], 0, "a computer player decides first: {first}");
    let at = first["seq"].as_u64().unwrap();
    // Held past the 5 s busy timeout: the computer player's decision is refused, unapplied.
    tokio::time::sleep(Duration::from_secs(7)).await;
    blocker.execute_batch("COMMIT").unwrap();
    drop(blocker);
    let went_on = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let m = next(&mut ws).await.expect("a state");
            if m["seq"].as_u64() > Some(at) {
                break m;
            }
        }
    })
    .await
    .expect("the table went on within 20 s of the database's return");
    assert_eq!(went_on["seq"].as_u64(), Some(at + 1), "{went_on}");
}
