//! Just enough HTTP/1.1 for the server's JSON API: one request per connection, closed after.

use serde_json::Value;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// How long one request may take before it counts as failed.
pub const TIMEOUT: Duration = Duration::from_secs(15);

/// `POST path` with a JSON body to the server at `addr` (`host:port`): the answer's JSON body
/// when the status is 200.
///
/// # Errors
/// The connection fails, the request takes longer than [`TIMEOUT`], or the server answers with
/// another status (its error text is in the message).
pub async fn post(addr: &str, path: &str, body: &Value) -> Result<Value, String> {
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (status, text) = tokio::time::timeout(TIMEOUT, exchange(addr, request))
        .await
        .map_err(|_| format!("POST {path}: no answer within {} s", TIMEOUT.as_secs()))?
        .map_err(|e| format!("POST {path}: {e}"))?;
    if status != 200 {
        return Err(format!("POST {path}: HTTP {status}: {}", text.trim()));
    }
    serde_json::from_str(&text).map_err(|e| format!("POST {path}: not JSON ({e}): {text}"))
}

/// `GET path`: the status and the body.
///
/// # Errors
/// The connection fails or the request takes longer than [`TIMEOUT`].
pub async fn get(addr: &str, path: &str) -> Result<(u16, String), String> {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    tokio::time::timeout(TIMEOUT, exchange(addr, request))
        .await
        .map_err(|_| format!("GET {path}: no answer within {} s", TIMEOUT.as_secs()))?
        .map_err(|e| format!("GET {path}: {e}"))
}

async fn exchange(addr: &str, request: String) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(addr).await?;
    s.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw);
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP answer");
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    Ok((status, body))
}
