//! Reading EGN text: JSON, the upgrade of pre-1.4 files, and the schema's constraints.

use crate::model::{shown, DealEntry, EgnFile, Phase, PlayerEntry, Ruleset};
use crate::EgnError;
use serde::Deserialize;
use serde_json::{Map, Value};

/// Keys renamed by the 1.4 upgrade (older files used snake_case).
const RENAMES: [(&str, &str); 17] = [
    ("tricks_annotations", "playAnnotations"),
    ("file_type", "fileType"),
    ("game_id", "gameId"),
    ("initial_score", "initialScore"),
    ("final_score", "finalScore"),
    ("deal_number", "dealNumber"),
    ("initial_state", "initialState"),
    ("up_card", "upCard"),
    ("player_cards", "playerCards"),
    ("phase_number", "phaseNumber"),
    ("is_alone", "isAlone"),
    ("alone_defender", "aloneDefender"),
    ("card_exchanges", "cardExchanges"),
    ("calls_annotations", "callAnnotations"),
    ("play_annotations", "playAnnotations"),
    ("alternative_lines", "alternativeLines"),
    ("branch_index", "branchIndex"),
];

/// Fields of pre-1.4 files that 1.4 dropped: redundant (the replay derives them) or belonging to
/// the recording tools' display (timings, overlay views, a video link).
const DROPPED: [&str; 6] = [
    "initialLead",
    "kitty",
    "timings",
    "views",
    "viewSwitches",
    "videoUrl",
];

/// Parses and schema-checks an EGN document.
///
/// # Errors
/// A document over the size limits, invalid JSON, a key given twice in one object, a document
/// that is not EGN, or a schema violation, named.
pub fn parse_egn(text: &str) -> Result<EgnFile, EgnError> {
    egn_from_value(crate::document_json(text)?)
}

/// Schema-checks an EGN document already parsed as JSON.
///
/// # Errors
/// As [`parse_egn`].
pub fn egn_from_value(mut v: Value) -> Result<EgnFile, EgnError> {
    let Some(obj) = v.as_object() else {
        return Err(EgnError::new("an EGN document is a JSON object"));
    };
    match obj.get("fileType").and_then(Value::as_str) {
        Some("Euchre Game Notation") => {}
        Some(other) => {
            let shown = euchre::text::shown(other);
            return Err(EgnError::new(format!(
                "fileType is '{shown}', not 'Euchre Game Notation'"
            )));
        }
        None => return Err(EgnError::new("missing fileType 'Euchre Game Notation'")),
    }
    let version = match obj.get("version") {
        Some(Value::String(v)) => v.clone(),
        Some(other) => {
            return Err(EgnError::new(format!(
                "'version' must be text such as \"1.4\", not {}",
                shown(other)
            )))
        }
        None => return Err(EgnError::new("missing 'version' (such as \"1.4\")")),
    };
    let (major_minor, legacy) = classify_version(&version)?;
    if legacy {
        upgrade(&mut v);
        v["version"] = Value::String("1.4".into());
    }
    check_ruleset_kinds(&v)?;
    // The deals are read one by one, so that a malformed one is named by its place.
    let deals = match v.get_mut("deals") {
        Some(Value::Array(deals)) => Some(std::mem::take(deals)),
        Some(other) => {
            return Err(EgnError::new(format!(
                "'deals' must be a list of deals, not {}",
                shown(other)
            )))
        }
        None => None,
    };
    let mut file: EgnFile = serde_json::from_value(v)
        .map_err(|e| EgnError::new(format!("does not follow the EGN schema: {e}")))?;
    file.deals = read_deals(deals.unwrap_or_default())?;
    if legacy {
        file.version = version.clone();
    }
    let _ = major_minor;
    check_schema(&file)?;
    Ok(file)
}

/// Each deal of the document, named by its place (from 1) when it does not follow the schema.
fn read_deals(deals: Vec<Value>) -> Result<Vec<DealEntry>, EgnError> {
    (1..)
        .zip(deals)
        .map(|(n, d)| DealEntry::deserialize(d).map_err(|e| EgnError::in_deal(n, e)))
        .collect()
}

/// Refuses a ruleset value of the wrong kind, naming the key and what it must be (serde's
/// message names neither: "invalid type: string "maybe", expected a boolean"). Each key is
/// read alone into the model's [`Ruleset`], so the kinds come from its fields' types.
fn check_ruleset_kinds(v: &Value) -> Result<(), EgnError> {
    let Some(ruleset) = v.pointer("/metadata/ruleset").and_then(Value::as_object) else {
        return Ok(());
    };
    for (k, x) in ruleset {
        let alone = Value::Object([(k.clone(), x.clone())].into_iter().collect());
        let Err(e) = Ruleset::deserialize(alone) else {
            continue;
        };
        let e = e.to_string();
        let must_be = if e.ends_with("expected a boolean") {
            "true or false"
        } else if e.ends_with("expected i64") {
            "a whole number"
        } else if e.ends_with("expected a string") {
            "text"
        } else {
            // An unknown key: the schema's own check names it.
            continue;
        };
        return Err(EgnError::new(format!(
            "ruleset: '{k}' must be {must_be}, not {}",
            shown(x)
        )));
    }
    Ok(())
}

/// Returns the version and whether it predates 1.4 (and so needs the upgrade).
fn classify_version(version: &str) -> Result<(String, bool), EgnError> {
    let mut parts = version.split('.');
    let major = parts.next().and_then(|p| p.parse::<u32>().ok());
    let minor = parts.next().and_then(|p| p.parse::<u32>().ok());
    let rest_ok = parts.all(|p| p.parse::<u32>().is_ok());
    match (major, minor, rest_ok) {
        (Some(1), Some(m @ 0..=4), true) => Ok((format!("1.{m}"), m < 4)),
        _ => Err(EgnError::new(format!(
            "version '{version}' is not an EGN version this reader knows (1.0 to 1.4)"
        ))),
    }
}

fn upgrade(v: &mut Value) {
    match v {
        Value::Object(map) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            for k in keys {
                if DROPPED.contains(&k.as_str()) {
                    map.remove(&k);
                    continue;
                }
                // Annotation maps and the ruleset keep their own keys.
                let keep_inside = matches!(
                    k.as_str(),
                    "ruleset"
                        | "calls_annotations"
                        | "callAnnotations"
                        | "play_annotations"
                        | "playAnnotations"
                        | "tricks_annotations"
                );
                if let Some((_, new)) = RENAMES.iter().find(|(old, _)| *old == k) {
                    let mut val = map.remove(&k).unwrap_or(Value::Null);
                    if !keep_inside {
                        upgrade(&mut val);
                    }
                    map.insert((*new).to_string(), val);
                } else if !keep_inside {
                    if let Some(val) = map.get_mut(&k) {
                        upgrade(val);
                    }
                }
            }
            drop_empty_hands(map);
        }
        Value::Array(items) => items.iter_mut().for_each(upgrade),
        _ => {}
    }
}

/// Old files wrote unknown hands as four empty lists; 1.4 simply omits them.
fn drop_empty_hands(map: &mut Map<String, Value>) {
    if let Some(Value::Array(hands)) = map.get("playerCards") {
        if hands.iter().all(|h| h.as_array().is_some_and(Vec::is_empty)) {
            map.remove("playerCards");
        }
    }
}

fn check_len(what: &str, s: &str, max: usize) -> Result<(), EgnError> {
    let n = s.chars().count();
    if n > max {
        return Err(EgnError::new(format!(
            "{what} has {n} characters (at most {max})"
        )));
    }
    Ok(())
}

/// Whether `date` is one the schema takes (it was not checked: EGN tester s51, 15): an RFC 3339
/// date-time (`2026-07-21T03:47:33.103Z`, `...+02:00`), or the pattern
/// `YYYY-MM-DD[T ]HH:MM[:SS[.fff]]` with no zone.
fn date_fits(date: &str) -> bool {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    let at = |i: usize, c: &[u8]| b.get(i).is_some_and(|x| c.contains(x));
    let minutes = digits(0..4)
        && at(4, b"-")
        && digits(5..7)
        && at(7, b"-")
        && digits(8..10)
        && at(10, b"Tt ")
        && digits(11..13)
        && at(13, b":")
        && digits(14..16);
    if !minutes {
        return false;
    }
    let mut i = 16;
    if at(i, b":") {
        if !digits(i + 1..i + 3) {
            return false;
        }
        i += 3;
        if at(i, b".") {
            let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return false;
            }
            i += 1 + n;
        }
    }
    // A zone: RFC 3339's date-time needs its seconds, and its fields in their ranges (review
    // s51, 10; the pattern form without a zone checks digits only, as the schema's pattern).
    let zone = &b[i..];
    let seconds = i > 16;
    let number =
        |r: std::ops::Range<usize>| -> u32 { b[r].iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')) };
    let in_range = || {
        (1..=12).contains(&number(5..7))
            && (1..=31).contains(&number(8..10))
            && number(11..13) <= 23
            && number(14..16) <= 59
            && number(17..19) <= 60
    };
    let zone_fits = |z: &[u8]| {
        z.len() == 6
            && matches!(z[0], b'+' | b'-')
            && z[1..3].iter().all(u8::is_ascii_digit)
            && z[3] == b':'
            && z[4..].iter().all(u8::is_ascii_digit)
            && (z[1] - b'0') * 10 + (z[2] - b'0') <= 23
            && (z[4] - b'0') * 10 + (z[5] - b'0') <= 59
    };
    zone.is_empty() || (seconds && (matches!(zone, b"Z" | b"z") || zone_fits(zone)) && in_range())
}

/// The constraints of `egn-schema-v1.json` that serde's typing does not already enforce.
fn check_schema(f: &EgnFile) -> Result<(), EgnError> {
    let m = &f.metadata;
    for (what, s, max) in [
        ("gameId", &m.game_id, 64),
        ("title", &m.title, 128),
        ("description", &m.description, 1024),
        ("date", &m.date, 64),
    ] {
        if let Some(s) = s {
            check_len(what, s, max)?;
        }
    }
    if let Some(d) = m.date.as_deref().filter(|d| !date_fits(d)) {
        return Err(EgnError::new(format!(
            "date '{}' is not a date and time such as 2026-07-21T03:47 or 2026-07-21T03:47:33.103Z",
            euchre::text::shown(d)
        )));
    }
    if m.players.len() > 10 {
        return Err(EgnError::new(format!(
            "{} players listed (at most 10)",
            m.players.len()
        )));
    }
    for p in &m.players {
        check_len(
            &format!("player name '{}'", euchre::text::shown(p.name())),
            p.name(),
            crate::MAX_PLAYER_NAME_CHARS,
        )?;
        if let PlayerEntry::Player(p) = p {
            if let Some(id) = &p.id {
                check_len("a player id", id, 64)?;
            }
            if let Some(ids) = &p.player_ids {
                if ids.len() > 10 {
                    return Err(EgnError::new("a player has more than 10 playerIds"));
                }
                for i in ids {
                    check_len("a playerIds id", &i.id, 64)?;
                    check_len("a playerIds source", &i.source, 64)?;
                }
            }
        }
    }
    if m.initial_score.len() > 2 {
        return Err(EgnError::new("initialScore has more than 2 entries"));
    }
    if m.final_score.as_ref().is_some_and(|s| s.len() > 2) {
        return Err(EgnError::new("finalScore has more than 2 entries"));
    }
    // One entry would leave the other side's score unsaid, and unchecked (EGN tester s51, 13).
    if let Some(n) = m.final_score.as_ref().map(Vec::len).filter(|&n| n < 2) {
        return Err(EgnError::new(format!(
            "finalScore has {n} {} (one for each side: 2)",
            if n == 1 { "entry" } else { "entries" }
        )));
    }
    if let Some(r) = &m.ruleset {
        if r.winning_score.is_some_and(|w| w < 0) || r.num_deals.is_some_and(|n| n < 0) {
            return Err(EgnError::new(
                "ruleset: winning_score and num_deals can't be negative",
            ));
        }
        // Either limit may be given as 0 beside the other ("omit winning_score (or set
        // winning_score to 0) and set num_deals"); both above 0 say two endings.
        if r.winning_score.is_some_and(|w| w > 0) && r.num_deals.is_some_and(|n| n > 0) {
            return Err(EgnError::new(
                "ruleset: winning_score and num_deals can't both be above 0: a game ends at a target score or after a number of deals (give the other as 0, or leave it out)",
            ));
        }
        if r.winning_score == Some(0) && r.num_deals.is_none_or(|n| n < 1) {
            return Err(EgnError::new(
                "ruleset: winning_score 0 needs num_deals of at least 1",
            ));
        }
        if let Some(l) = &r.loner_lead {
            if l != "LEFT_OF_DEALER" && l != "LEFT_OF_LONER" {
                return Err(EgnError::new(format!(
                    "ruleset: loner_lead '{l}' is not LEFT_OF_DEALER or LEFT_OF_LONER"
                )));
            }
        }
    }
    if f.deals.len() > 100 {
        return Err(EgnError::new(format!("{} deals (at most 100)", f.deals.len())));
    }
    for (i, d) in f.deals.iter().enumerate() {
        let DealEntry::Full(d) = d else { continue };
        let at = |m: String| EgnError::in_deal(i + 1, m).within(d);
        if d.deal_number < 0 {
            let n = d.deal_number;
            return Err(at(format!(
                "'dealNumber' must be a whole number 0 or more, not {n}"
            )));
        }
        // The schema takes seats up to 9, for more players: the replay says 0 to 3.
        if !(0..=9).contains(&d.initial_state.dealer) {
            return Err(at(dealer_is_no_seat(d.initial_state.dealer)));
        }
        check_card(&d.initial_state.up_card).map_err(|e| at(format!("upCard {e}")))?;
        if let Some(hands) = &d.initial_state.player_cards {
            if hands.len() > 10 || hands.iter().any(|h| h.len() > 10) {
                return Err(at("playerCards is too long".into()));
            }
            for c in hands.iter().flatten() {
                check_card(c).map_err(|e| at(format!("playerCards {e}")))?;
            }
        }
        if d.phases.len() > 2 {
            return Err(at(format!("{} phases (at most 2)", d.phases.len())));
        }
        check_phases(&d.phases).map_err(at)?;
        if let Some(lines) = &d.alternative_lines {
            if lines.len() > 50 {
                return Err(at("more than 50 alternativeLines".into()));
            }
            for (k, l) in (1..).zip(lines) {
                if l.branch_index < 0 || l.phases.is_empty() {
                    return Err(at(format!(
                        "alternative line {k}: an alternative line needs branchIndex >= 0 and a phase"
                    )));
                }
                check_phases(&l.phases).map_err(|m| at(format!("alternative line {k}: {m}")))?;
            }
        }
    }
    Ok(())
}

fn check_phases(phases: &[Phase]) -> Result<(), String> {
    for p in phases {
        match p {
            Phase::Bidding(b) => {
                if b.calls.len() > 16 {
                    return Err(format!("{} calls (at most 16)", b.calls.len()));
                }
                for (n, c) in (1..).zip(&b.calls) {
                    if !["Pass", "Order", "s", "h", "d", "c", "n", "x"].contains(&c.as_str()) {
                        let shown = euchre::text::shown(c);
                        return Err(format!(
                            "call {n}: '{shown}' is not Pass, Order, s, h, d, c, n or x"
                        ));
                    }
                }
                if let Some(c) = &b.discard {
                    check_card(c).map_err(|e| format!("discard {e}"))?;
                }
                if b.card_exchanges.as_ref().is_some_and(|x| x.len() > 4) {
                    return Err("more than 4 cardExchanges".into());
                }
                // Entries are named from 1, as calls, deals and tricks are.
                for (n, x) in (1..).zip(b.card_exchanges.iter().flatten()) {
                    let seat_ok = |s: i64| (0..=9).contains(&s);
                    // The schema takes seats up to 9, for more players: the replay says 0 to 3.
                    if let Some(s) = x.sender.into_iter().chain([x.receiver]).find(|&s| !seat_ok(s)) {
                        return Err(format!(
                            "cardExchanges entry {n}: 'sender' and 'receiver' must be seat numbers 0 to 3, not {s}"
                        ));
                    }
                    if x.cards.len() > 10 {
                        return Err(format!("cardExchanges entry {n}: more than 10 cards"));
                    }
                    for c in &x.cards {
                        check_card(c).map_err(|e| format!("cardExchanges entry {n}: {e}"))?;
                    }
                }
                check_annotations(&b.call_annotations)?;
            }
            Phase::TrickPlay(t) => {
                if t.tricks.len() > 10 || t.tricks.iter().any(|x| x.len() > 10) {
                    return Err("too many tricks or cards in a trick".into());
                }
                for (n, trick) in (1..).zip(&t.tricks) {
                    for c in trick {
                        check_card(c).map_err(|e| format!("trick {n}: {e}"))?;
                    }
                }
                check_annotations(&t.play_annotations)?;
            }
        }
    }
    Ok(())
}

fn check_annotations(a: &Option<std::collections::BTreeMap<String, Vec<String>>>) -> Result<(), String> {
    for (k, v) in a.iter().flatten() {
        if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "annotation key '{}' is not a number",
                euchre::text::shown(k)
            ));
        }
        if v.len() > 50 {
            return Err(format!("annotation {k} has {} entries (at most 50)", v.len()));
        }
        if let Some(n) = v.iter().map(|s| s.chars().count()).find(|&n| n > 1024) {
            return Err(format!("an annotation of {k} has {n} characters (at most 1024)"));
        }
    }
    Ok(())
}

/// What is wrong with a dealer who is not one of the four seats: the same words whether the
/// schema check (seats up to 9) or the replay (four-handed only) finds it.
pub(crate) fn dealer_is_no_seat(dealer: i64) -> String {
    format!("'dealer' must be a seat number 0 to 3, not {dealer}")
}

/// The schema's card pattern: `^([78N9TJQKAX][SsHhCcDdxtngh]|[LRB])$`.
pub fn check_card(c: &str) -> Result<(), String> {
    let b = c.as_bytes();
    let ok = match b {
        [r, s] => b"78N9TJQKAX".contains(r) && b"SsHhCcDdxtngh".contains(s),
        [x] => b"LRB".contains(x),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("'{}' is not an EGN card", euchre::text::shown(c)))
    }
}
