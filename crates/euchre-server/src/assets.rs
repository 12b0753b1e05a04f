//! The browser client, built into the binary: nothing to install or build beside it.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");

/// Pages may load only this server's own scripts and styles, and talk only to it.
const POLICY: &str = "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'";

fn page(body: &'static str, mime: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    page(INDEX, "text/html; charset=utf-8")
}

pub async fn script() -> Response {
    page(SCRIPT, "text/javascript; charset=utf-8")
}

pub async fn style() -> Response {
    page(STYLE, "text/css; charset=utf-8")
}
