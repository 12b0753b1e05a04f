//! How a request is refused: a status and a JSON body that says what is wrong.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// A refusal: its status and what is wrong.
pub(crate) type Refusal = (StatusCode, String);

pub(crate) fn refused((status, message): Refusal) -> Response {
    error(status, message)
}

/// The refusal of a request for a code no table has: mistyped, or a table closed after
/// waiting too long for its players (the database forgets those).
pub(crate) fn no_table(code: &str) -> Refusal {
    (
        StatusCode::NOT_FOUND,
        format!("no table {code}: the code may be mistyped, or the table waited too long for its players and was closed"),
    )
}

/// The refusal of a request to a table that went while it was asked: closed for want of
/// players (unknown from then on, as any other code), or put away (read back when asked
/// again).
pub(crate) fn gone_table(code: &str, why: &crate::RoomError) -> Refusal {
    match why {
        crate::RoomError::PutAway => (StatusCode::SERVICE_UNAVAILABLE, why.to_string()),
        _ => (StatusCode::NOT_FOUND, format!("no table {code}: {why}")),
    }
}

/// Logs the database's refusal `e` for the operator; the client's words for it.
pub(crate) fn database_refused(e: &crate::store::StoreError) -> String {
    tracing::error!(error = %e, "the database refused");
    crate::store::DATABASE_UNAVAILABLE.to_string()
}

/// A request over one of the limits: `429` with `Retry-After` (whole seconds, rounded up past
/// `wait`) and "`what`: try again in N s".
pub(crate) fn try_again(what: &str, wait: std::time::Duration) -> Response {
    let secs = wait.as_secs() + 1;
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(axum::http::header::RETRY_AFTER, secs.to_string())],
        Json(json!({"error": format!("{what}: try again in {secs} s")})),
    )
        .into_response()
}

pub(crate) fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({"error": message.into()}))).into_response()
}

/// A body refused: too large (413) or not JSON by its content type (415) as such; anything
/// else wrong in it is a bad request.
pub(crate) fn rejection_status(e: &axum::extract::rejection::JsonRejection) -> StatusCode {
    match e.status() {
        s @ (StatusCode::PAYLOAD_TOO_LARGE | StatusCode::UNSUPPORTED_MEDIA_TYPE) => s,
        _ => StatusCode::BAD_REQUEST,
    }
}
