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
    if !could_be_code(code) {
        // Not echoed whole: it is anyone's text, of any length (server tester s53, 5).
        return (
            StatusCode::NOT_FOUND,
            format!(
                "'{}' is not a table code: a code is six letters and digits, such as K7QM2X",
                euchre::text::printable(&euchre::text::cut(code, CODE_SHOWN))
            ),
        );
    }
    (
        StatusCode::NOT_FOUND,
        format!("no table {code}: the code may be mistyped, or the table waited too long for its players and was closed"),
    )
}

/// How much of a text that is not a table code a refusal repeats.
const CODE_SHOWN: usize = 12;

/// Whether `text` has a table code's shape: six ASCII letters and digits (in any case; codes
/// are drawn from the capitals and digits that are easy to read out).
pub(crate) fn could_be_code(text: &str) -> bool {
    text.len() == 6 && text.bytes().all(|b| b.is_ascii_alphanumeric())
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

/// A JSON body refused, in words for whoever wrote it: what the body must be (`expected`: the
/// object's fields, as `{"name":...}`), or what a field takes (`fields`: a field's name and its
/// words, "grace_secs is a whole number of seconds, 0 to 86400"), never the server's own type
/// names ("expected struct NewTable", "expected u64": server tester s53, 6).
pub(crate) fn body_refused(
    e: &axum::extract::rejection::JsonRejection,
    expected: &str,
    fields: &[(&str, &str)],
) -> Refusal {
    use axum::extract::rejection::JsonRejection as R;
    let status = rejection_status(e);
    let why = match e {
        R::JsonDataError(d) => {
            let text = d.body_text();
            let inner = text
                .split_once("target type: ")
                .map_or(text.as_str(), |(_, rest)| rest);
            let (path, message) = match inner.split_once(": ") {
                Some((path, rest)) if is_path(path) => (path, rest),
                _ => ("", inner),
            };
            let message = without_place(message);
            let field = path.split(['.', '[']).next().unwrap_or("");
            let wrong_value = ["invalid type", "invalid value", "invalid length"]
                .iter()
                .any(|w| message.starts_with(w));
            match fields.iter().find(|(name, _)| *name == field) {
                Some((_, words)) if wrong_value => (*words).to_string(),
                _ if field.is_empty() && wrong_value => {
                    format!("the body must be a JSON object like {expected}")
                }
                _ if field.is_empty() => format!("{}; expected {expected}", plain_types(message)),
                _ => format!("{path}: {}", plain_types(message)),
            }
        }
        R::JsonSyntaxError(s) => {
            let text = s.body_text();
            let inner = text.split_once("as JSON: ").map_or(text.as_str(), |(_, r)| r);
            format!("the body is not JSON ({inner}); expected {expected}")
        }
        R::MissingJsonContentType(_) => {
            format!("the body must be sent as JSON (Content-Type: application/json): {expected}")
        }
        other => format!("{other}; expected {expected}"),
    };
    (status, why)
}

/// Whether `text` is a path into a JSON body as serde names one (`grace_secs`, `seats[2]`,
/// `options.robson`), not words.
fn is_path(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | '?'))
}

/// A serde message without its " at line 1 column 30" (the body is one line, and the field is
/// named).
fn without_place(message: &str) -> &str {
    message.rfind(" at line ").map_or(message, |at| &message[..at])
}

/// A serde message with the server's type names in words.
fn plain_types(message: &str) -> String {
    let mut out = message.to_string();
    for (rust, words) in [
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected u8", "expected a whole number, 0 or more"),
        ("expected i64", "expected a whole number"),
        ("expected a sequence", "expected a list"),
        ("expected a map", "expected an object"),
    ] {
        out = out.replace(rust, words);
    }
    if let Some(at) = out.find("expected struct ") {
        out.truncate(at);
        out.push_str("expected a JSON object");
    }
    out
}
