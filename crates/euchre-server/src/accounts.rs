//! Optional named accounts: a name and a password (hashed with Argon2id), and a login cookie.
//! A guest needs none: a seat token is enough to play. An account keeps a name for its holder
//! alone, so that the players' pages can be trusted.

use crate::http::refusal::{body_refused, error, refused, try_again, Refusal};
use crate::http::sparingly::Sparingly;
use crate::http::state::AppState;
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

/// The address counted for a request that has none (a router driven without the accept loop,
/// as in some tests): one of its own, that no client has.
const UNKNOWN_ADDRESS: std::net::IpAddr = std::net::IpAddr::V6(std::net::Ipv6Addr::UNSPECIFIED);

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

/// Whether the browser reached the server over HTTPS: through a proxy in front of it that
/// says so (`X-Forwarded-Proto: https`, or `Forwarded: proto=https`). The server itself speaks
/// plain HTTP.
fn over_https(headers: &HeaderMap) -> bool {
    let says = |name: header::HeaderName, what: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.to_ascii_lowercase().contains(what))
    };
    says(header::HeaderName::from_static("x-forwarded-proto"), "https")
        || says(header::FORWARDED, "proto=https")
}

/// A cookie only this site's pages send back, never readable by a script; marked `Secure`
/// (sent only over HTTPS) when the page came over HTTPS. Over plain HTTP on a club's network a
/// `Secure` cookie would never come back, and nobody could log in.
fn cookie(id: &str, secure: bool, max_age: u32) -> String {
    let secure = if secure { " Secure;" } else { "" };
    format!("{COOKIE}={id}; Path=/; HttpOnly;{secure} SameSite=Strict; Max-Age={max_age}")
}

/// Signs the browser in as `name`, from the address `from` (logged, for the operator).
async fn start_login(
    state: &AppState,
    name: &str,
    headers: &HeaderMap,
    from: Option<std::net::IpAddr>,
) -> Response {
    let id = SeatToken::random().to_string();
    if let Err(e) = state.store().add_login(&id, name) {
        tracing::error!(error = %e, "a login could not be stored");
        return error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the login could not be saved: try again",
        );
    }
    let ip = from.map(|ip| ip.to_string()).unwrap_or_default();
    tracing::info!(account = crate::names::logged(name).as_str(), %ip, "logged in");
    (
        [(
            header::SET_COOKIE,
            cookie(&id, over_https(headers), crate::store::LOGIN_LASTS_SECONDS as u32),
        )],
        Json(json!({"name": name})),
    )
        .into_response()
}

type Body = Result<Json<Credentials>, axum::extract::rejection::JsonRejection>;

/// The name and password sent, or the refusal that says what was wrong with them.
fn credentials(body: Body) -> Result<Credentials, Refusal> {
    body.map(|Json(c)| c).map_err(|e| {
        body_refused(
            &e,
            "{\"name\":...,\"password\":...}",
            &[("name", "name is text"), ("password", "password is text")],
        )
    })
}

pub async fn register(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let c = match credentials(body) {
        Ok(c) => c,
        Err(refusal) => return refused(refusal),
    };
    let name = match crate::names::check_name(&c.name) {
        Ok(n) => n,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    if let Err(weak) = crate::passwords::check(&name, &c.password) {
        return error(StatusCode::BAD_REQUEST, weak.to_string());
    }
    // A name already taken is said before the password is hashed: hashing is the dear part.
    match state.store().account_like(&name) {
        Ok(None) => {}
        Ok(Some(_)) => return taken(&name),
        Err(e) => {
            tracing::error!(error = %e, "accounts unreadable");
            return error(StatusCode::SERVICE_UNAVAILABLE, "the accounts cannot be read now");
        }
    }
    // An account holds its name for good: a few from one address, then one a minute (review
    // s48, finding 11), counted here, where the name is free and the dear part begins.
    let from = peer.map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip());
    if let Some(ip) = from {
        if let Err(wait) = state.take_account(ip) {
            static TOLD: Sparingly = Sparingly::new();
            if let Some(skipped) = TOLD.due() {
                tracing::warn!(%ip, like_it_since = skipped, "too many new accounts from one address");
            }
            return try_again("too many new accounts from your address", wait);
        }
    }
    // Argon2 is slow on purpose, and takes 19 MiB a hash: off the event loop, and a few at a
    // time (a flood of registrations waits its turn rather than taking the server's memory).
    let Ok(_turn) = state.hashing().acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let password = c.password;
    let hashed = tokio::task::spawn_blocking(move || hash(&password)).await;
    let Ok(Ok(hash)) = hashed else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the password could not be hashed",
        );
    };
    match state.store().create_account(&name, &hash) {
        Ok(true) => {
            let ip = from.map(|ip| ip.to_string()).unwrap_or_default();
            tracing::info!(account = crate::names::logged(&name).as_str(), %ip, "account created");
            // The address that made the account knows its password as well as one that
            // logged in: it is let past the name's lock as that one would be.
            let [key, _] = crate::names::name_keys(&name);
            state
                .throttle()
                .succeeded(&key, from.unwrap_or(UNKNOWN_ADDRESS), Instant::now());
            start_login(&state, &name, &headers, from).await
        }
        Ok(false) => taken(&name),
        Err(e) => {
            tracing::error!(error = %e, "an account could not be stored");
            error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the account could not be saved: try again",
            )
        }
    }
}

/// The stored form of a password: Argon2id with the crate's default cost and a fresh salt.
/// (Public for the operator's reset, `euchre accounts reset-password`.)
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
}

/// A hash no password is known for, made once, that a login for a name with no account is
/// checked against: the answer then takes as long as for a wrong password, and its time does
/// not say whether the account exists.
fn stand_in_hash() -> &'static str {
    static STAND_IN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    STAND_IN.get_or_init(|| {
        let unknowable = SeatToken::random().to_string();
        hash(&unknowable).unwrap_or_else(|e| {
            // Left empty, every unknown name is refused at once: its time tells again.
            tracing::error!(error = %e, "the stand-in password hash could not be made: a login's time may tell which names have accounts");
            String::new()
        })
    })
}

/// Makes the stand-in hash now, off the event loop, so that the first login for an unknown
/// name costs what later ones do (made then, it would cost a hash more, and tell).
pub(crate) fn prepare_stand_in() {
    tokio::task::spawn_blocking(stand_in_hash);
}

/// Whether `password` is the one `stored` was made from; for no stored hash, the same work
/// against [`stand_in_hash`], and false.
fn password_matches(stored: Option<&str>, password: &str) -> bool {
    let hash = match stored {
        Some(h) => h,
        None => stand_in_hash(),
    };
    let matches = PasswordHash::new(hash)
        .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok());
    matches && stored.is_some()
}

fn taken(name: &str) -> Response {
    error(
        StatusCode::CONFLICT,
        format!("the name '{name}' is taken (or looks like one that is)"),
    )
}

pub async fn login(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    // Where the tries come from: the throttle counts wrong passwords by name and address
    // (review s48, finding 9), and the operator reading the log sees a name tried from many
    // addresses, or many names from one. A request with no peer (a router driven without
    // the accept loop) counts as one address of its own.
    let peer = peer.map(|axum::Extension(axum::extract::ConnectInfo(p))| p.ip());
    let from = peer.unwrap_or(UNKNOWN_ADDRESS);
    let ip = peer.map_or_else(|| "unknown".to_string(), |p| p.to_string());
    let ip = ip.as_str();
    let c = match credentials(body) {
        Ok(c) => c,
        Err(refusal) => return refused(refusal),
    };
    // A name no account can hold is refused before it is counted or logged (review s48,
    // finding 2): a name of megabytes would be kept for an hour and written whole to the log.
    if let Err(e) = crate::names::could_be_account(&c.name) {
        return error(StatusCode::BAD_REQUEST, e);
    }
    let [key, _] = crate::names::name_keys(&c.name);
    // The try is counted before the password is checked, so that tries sent all at once are
    // throttled like tries one after another; a right password forgets its address's.
    if let Err(locked) = state.throttle().attempt(&key, from, Instant::now()) {
        static TOLD: Sparingly = Sparingly::new();
        if let Some(skipped) = TOLD.due() {
            tracing::warn!(name = crate::names::logged(c.name.trim()).as_str(), %ip, why = locked.reason(), like_it_since = skipped, "login refused: too many wrong passwords");
        }
        return try_again(locked.reason(), locked.wait());
    }
    let refused = || {
        state.throttle().wrong(&key, from, Instant::now());
        tracing::info!(name = crate::names::logged(c.name.trim()).as_str(), %ip, "wrong name or password");
        error(StatusCode::UNAUTHORIZED, "wrong name or password")
    };
    let stored = match state.store().account(c.name.trim()) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "accounts unreadable");
            return error(StatusCode::SERVICE_UNAVAILABLE, "the accounts cannot be read now");
        }
    };
    // A name with no account is checked too, against a stand-in hash, so that the answer's
    // time does not say which names have accounts.
    let (name, hash) = stored.unzip();
    let Ok(_turn) = state.hashing().acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let ok = tokio::task::spawn_blocking(move || password_matches(hash.as_deref(), &c.password))
        .await
        .unwrap_or(false);
    let (true, Some(name)) = (ok, name) else {
        return refused();
    };
    state.throttle().succeeded(&key, from, Instant::now());
    start_login(&state, &name, &headers, peer).await
}

/// A new password for the account signed in, with the one it has.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    password: String,
    new_password: String,
}

/// Changes the password of the account the request is signed in as, given the one it has:
/// the way to replace a weak or a known password. The current one is checked and counted as
/// a login's is (a stolen session cannot guess it faster than a stranger); every login of
/// the account ends, and this browser gets a new one.
pub async fn change_password(
    State(state): State<AppState>,
    peer: Option<axum::Extension<axum::extract::ConnectInfo<std::net::SocketAddr>>>,
    headers: HeaderMap,
    body: Result<Json<PasswordChange>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Some(name) = logged_in(&state, &headers) else {
        return error(
            StatusCode::UNAUTHORIZED,
            "sign in first: a password is changed by the account signed in",
        );
    };
    let c = match body {
        Ok(Json(c)) => c,
        Err(e) => {
            return refused(body_refused(
                &e,
                "{\"password\":...,\"new_password\":...}",
                &[
                    ("password", "password is text"),
                    ("new_password", "new_password is text"),
                ],
            ))
        }
    };
    if c.new_password == c.password {
        return error(
            StatusCode::BAD_REQUEST,
            "the new password is the same as the current one",
        );
    }
    if let Err(weak) = crate::passwords::check(&name, &c.new_password) {
        return error(StatusCode::BAD_REQUEST, weak.to_string());
    }
    let from = peer.map_or(
        UNKNOWN_ADDRESS,
        |axum::Extension(axum::extract::ConnectInfo(p))| p.ip(),
    );
    let [key, _] = crate::names::name_keys(&name);
    if let Err(locked) = state.throttle().attempt(&key, from, Instant::now()) {
        tracing::warn!(account = crate::names::logged(&name).as_str(), ip = %from, why = locked.reason(), "password change refused: too many wrong passwords");
        return try_again(locked.reason(), locked.wait());
    }
    let stored = match state.store().account(&name) {
        Ok(s) => s.map(|(_, hash)| hash),
        Err(e) => {
            tracing::error!(error = %e, "accounts unreadable");
            return error(StatusCode::SERVICE_UNAVAILABLE, "the accounts cannot be read now");
        }
    };
    let Ok(_turn) = state.hashing().acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
    };
    let (current, new) = (c.password, c.new_password);
    let checked = stored.clone();
    let hashed = tokio::task::spawn_blocking(move || {
        password_matches(checked.as_deref(), &current).then(|| hash(&new))
    })
    .await;
    let hash = match hashed {
        Ok(Some(Ok(hash))) => hash,
        Ok(None) => {
            state.throttle().wrong(&key, from, Instant::now());
            tracing::info!(account = crate::names::logged(&name).as_str(), ip = %from, "password change refused: wrong password");
            return error(StatusCode::FORBIDDEN, "the current password is wrong");
        }
        Ok(Some(Err(_))) | Err(_) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the password could not be hashed",
            )
        }
    };
    state.throttle().succeeded(&key, from, Instant::now());
    // `stored` is there: the password matched it.
    let old = stored.unwrap_or_default();
    match state.store().set_password(&name, Some(&old), &hash) {
        Ok(true) => {
            tracing::info!(
                account = crate::names::logged(&name).as_str(),
                "password changed; every login of the account ended"
            );
            let signed_in = start_login(&state, &name, &headers, Some(from)).await;
            if signed_in.status().is_success() {
                signed_in
            } else {
                error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "the password was changed, but this browser could not be signed in again: sign in with the new password",
                )
            }
        }
        Ok(false) => error(
            StatusCode::CONFLICT,
            "the password was changed elsewhere meanwhile: sign in again with it",
        ),
        Err(e) => {
            tracing::error!(error = %e, "a password could not be stored");
            error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the new password could not be saved: the old one still holds; try again",
            )
        }
    }
}

pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if let Some(id) = login_id(&headers) {
        let _ = state.store().remove_login(&id);
    }
    (
        [(header::SET_COOKIE, cookie("", over_https(&headers), 0))],
        Json(json!({"name": null})),
    )
        .into_response()
}

pub async fn me(State(state): State<AppState>, headers: HeaderMap) -> Response {
    Json(json!({"name": logged_in(&state, &headers)})).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_matches_only_its_own_stored_hash() {
        let stored = hash("correct horse").unwrap();
        assert!(password_matches(Some(&stored), "correct horse"));
        assert!(!password_matches(Some(&stored), "wrong horse"));
        assert!(!password_matches(Some("not a hash"), "correct horse"));
    }

    #[test]
    fn a_name_without_an_account_is_checked_against_a_hash_as_dear_as_a_real_one() {
        // The stand-in must be a real Argon2 hash at the same cost as the accounts' own:
        // a cheaper one (or none) would let a login's time tell which names exist.
        let real = hash("correct horse").unwrap();
        let stand_in = PasswordHash::new(stand_in_hash()).expect("a real hash");
        let real = PasswordHash::new(&real).unwrap();
        assert_eq!(stand_in.algorithm, real.algorithm);
        assert_eq!(stand_in.params, real.params);
        assert!(!password_matches(None, ""));
        assert!(!password_matches(None, "correct horse"));
    }
}
