//! Optional named accounts: a name and a password (hashed with Argon2id), and a login cookie.
//! A guest needs none: a seat token is enough to play. An account keeps a name for its holder
//! alone, so that the players' pages can be trusted.

use crate::http::{error, AppState};
use crate::token::SeatToken;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::time::Instant;

const COOKIE: &str = "euchre_session";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

/// The login id the request's cookie carries.
fn login_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| SeatToken::parse(v).is_some())
}

/// The account the request is logged in as.
pub fn logged_in(state: &AppState, headers: &HeaderMap) -> Option<String> {
    state.store().login(&login_id(headers)?).ok().flatten()
}

/// A cookie only this site's pages send back, never readable by a script, only over HTTPS
/// (browsers treat `localhost` as secure).
fn cookie(id: &str) -> String {
    format!("{COOKIE}={id}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=31536000")
}

async fn start_login(state: &AppState, name: &str) -> Response {
    let id = SeatToken::random().to_string();
    if let Err(e) = state.store().add_login(&id, name) {
        return error(StatusCode::SERVICE_UNAVAILABLE, e.to_string());
    }
    ([(header::SET_COOKIE, cookie(&id))], Json(json!({"name": name}))).into_response()
}

type Body = Result<Json<Credentials>, axum::extract::rejection::JsonRejection>;

pub async fn register(State(state): State<AppState>, body: Body) -> Response {
    let Ok(Json(c)) = body else {
        return error(
            StatusCode::BAD_REQUEST,
            "expected {\"name\":...,\"password\":...}",
        );
    };
    let name = match crate::names::check_name(&c.name) {
        Ok(n) => n,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    if c.password.chars().count() < 8 || c.password.len() > 1024 {
        return error(StatusCode::BAD_REQUEST, "a password is 8 to 1024 characters");
    }
    // Argon2 is slow on purpose: off the event loop.
    let password = c.password;
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
    })
    .await;
    let Ok(Ok(hash)) = hashed else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the password could not be hashed",
        );
    };
    match state.store().create_account(&name, &hash) {
        Ok(true) => {
            tracing::info!(account = %name, "account created");
            start_login(&state, &name).await
        }
        Ok(false) => error(
            StatusCode::CONFLICT,
            format!("the name '{name}' is taken (or looks like one that is)"),
        ),
        Err(e) => error(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

pub async fn login(State(state): State<AppState>, body: Body) -> Response {
    let Ok(Json(c)) = body else {
        return error(
            StatusCode::BAD_REQUEST,
            "expected {\"name\":...,\"password\":...}",
        );
    };
    let [key, _] = crate::names::name_keys(&c.name);
    if let Some(wait) = state.throttle().wait(&key, Instant::now()) {
        let secs = wait.as_secs() + 1;
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, secs.to_string())],
            Json(json!({"error": format!("too many wrong passwords for this name: try again in {secs} s")})),
        )
            .into_response();
    }
    let refused = || {
        state.throttle().failed(&key, Instant::now());
        error(StatusCode::UNAUTHORIZED, "wrong name or password")
    };
    let stored = match state.store().account(c.name.trim()) {
        Ok(s) => s,
        Err(e) => return error(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    };
    let Some((name, hash)) = stored else {
        return refused();
    };
    let ok = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).is_ok_and(|h| {
            Argon2::default()
                .verify_password(c.password.as_bytes(), &h)
                .is_ok()
        })
    })
    .await
    .unwrap_or(false);
    if !ok {
        return refused();
    }
    state.throttle().succeeded(&key);
    start_login(&state, &name).await
}

pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if let Some(id) = login_id(&headers) {
        let _ = state.store().remove_login(&id);
    }
    (
        [(
            header::SET_COOKIE,
            format!("{COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0"),
        )],
        Json(json!({"name": null})),
    )
        .into_response()
}

pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> Response {
    Json(json!({"name": logged_in(&state, &headers)})).into_response()
}
