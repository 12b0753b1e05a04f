//! Parsing one request line into a typed [`Request`], with an error that names what is wrong.

use euchre::table::{settings_clash, AnyRules, SettingsClash};
use euchre::text::shown;
use euchre::{Action, Card, CardSet, Seat};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// A deal given in full by the client: a hand per player, and the upcard (none in Bid Euchre).
#[derive(Clone, Debug, PartialEq)]
pub struct GivenDeal {
    pub dealer: Seat,
    pub hands: Vec<CardSet>,
    pub upcard: Option<Card>,
    pub kitty: CardSet,
}

/// One request.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Start a game: the given deal, or a seeded one.
    New {
        rules: AnyRules,
        deal: Option<GivenDeal>,
        seed: u64,
        dealer: Option<Seat>,
        /// The score to start from: per team, or per player in the individual games.
        score: Option<Vec<i32>>,
    },
    Legal,
    Apply(Action),
    State,
    Observe(Seat),
    /// Deal the next hand of the game.
    Next,
    /// The game so far as an EGN document.
    Egn,
    /// The game so far as the project's game record (`docs/record-format.md`).
    Record,
    /// The rules in force, every option.
    Rules,
    /// A computer player's decision for the seat to act, from that seat's view alone.
    Choose {
        /// The player's name as the client wrote it (known to [`euchre_ai::player`]).
        player: String,
        /// A time limit: the choice then depends on the machine's speed.
        time_ms: Option<u64>,
        /// Seeds the player's random generator.
        seed: u64,
    },
    /// [`Request::Choose`] by the default player ([`euchre_ai::DEFAULT_PLAYER`]).
    Hint {
        time_ms: Option<u64>,
        seed: u64,
    },
    /// The exact value of every legal action of the seat to act, the whole deal known.
    Solve,
}

/// The deepest a request may nest arrays and objects, the request object itself counted: as deep
/// as serde_json, this engine's JSON reader, reads (a limit many clients' readers have too).
pub const MAX_DEPTH: usize = 127;

/// The commands, as the errors for a missing or unknown `cmd` list them.
const COMMANDS: &str = "new, legal, apply, state, observe, next, egn, record, rules, choose, hint, solve";

/// The longest `time_ms` a client may give a player: ten minutes.
pub const MAX_TIME_MS: u64 = 600_000;

/// A request that could not be understood; `id` is echoed when it could be read.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestError {
    pub id: Value,
    pub message: String,
}

/// Parses one line.
///
/// # Errors
/// Malformed JSON, an unknown command, or a field of the wrong kind, named in the message.
pub fn parse_request(line: &str) -> Result<(Value, Request), RequestError> {
    // `serve` skips one at the start of the input; anywhere else it is named, not taken for
    // text that is not JSON at all.
    if line.starts_with('\u{feff}') {
        return Err(RequestError {
            id: Value::Null,
            message: "request begins with a byte-order mark (U+FEFF): send the JSON object alone".into(),
        });
    }
    let v: Value = serde_json::from_str(line).map_err(|e| unread(line, &e))?;
    let Value::Object(obj) = v else {
        return Err(RequestError {
            id: Value::Null,
            message: "request must be a JSON object".into(),
        });
    };
    if let Some(key) = euchre_egn::repeated_key::repeated_key(line).map(|r| r.key) {
        // Which of two ids to echo is not known, so neither is.
        let id = match key.as_str() {
            "id" => Value::Null,
            _ => obj.get("id").cloned().unwrap_or(Value::Null),
        };
        return Err(RequestError {
            id,
            message: format!("'{}' is given twice in one object: each field once", shown(&key)),
        });
    }
    let id = obj.get("id").cloned().unwrap_or(Value::Null);
    let fail = |message: String| RequestError {
        id: id.clone(),
        message,
    };
    // A field given as `null` is taken as absent, here as in every field a command takes.
    let cmd = match obj.get("cmd") {
        Some(Value::String(s)) => s.as_str(),
        None | Some(Value::Null) => return Err(fail(format!("missing 'cmd' ({COMMANDS})"))),
        Some(_) => return Err(fail("'cmd' must be a string".into())),
    };
    // An unknown command is named as one (below), not for its fields.
    if COMMANDS.split(", ").any(|c| c == cmd) {
        only_fields(&obj, cmd).map_err(fail)?;
    }
    let req = match cmd {
        "new" => parse_new(&obj).map_err(fail)?,
        "legal" => Request::Legal,
        "apply" => match obj.get("action") {
            Some(Value::String(s)) => Request::Apply(
                s.parse()
                    .map_err(|e: euchre::action::ParseActionError| fail(e.0))?,
            ),
            None | Some(Value::Null) => return Err(fail("apply needs 'action'".into())),
            Some(_) => {
                return Err(fail(
                    "'action' must be a string such as \"order\" or \"JD\"".into(),
                ))
            }
        },
        "state" => Request::State,
        "observe" => Request::Observe(
            seat_field(&obj, "seat")
                .map_err(fail)?
                .ok_or_else(|| fail("observe needs 'seat' (0..3)".into()))?,
        ),
        "next" => Request::Next,
        "egn" => Request::Egn,
        "record" => Request::Record,
        "rules" => Request::Rules,
        "choose" => Request::Choose {
            player: player_field(&obj).map_err(fail)?,
            time_ms: time_field(&obj).map_err(fail)?,
            seed: seed_field(&obj).map_err(fail)?,
        },
        "hint" => Request::Hint {
            time_ms: time_field(&obj).map_err(fail)?,
            seed: seed_field(&obj).map_err(fail)?,
        },
        "solve" => Request::Solve,
        other => return Err(fail(format!("unknown cmd '{}' ({COMMANDS})", shown(other)))),
    };
    Ok((id, req))
}

/// The request's `id` exactly as written, when the line is a JSON object with one `id`: the
/// response echoes these characters (a number such as 12345678901234567890123 does not survive a
/// round trip through `f64`).
pub(crate) fn raw_id(line: &str) -> Option<&RawValue> {
    #[derive(Deserialize)]
    struct IdOnly<'a> {
        #[serde(borrow, default)]
        id: Option<&'a RawValue>,
    }
    // serde would also read an array's first item as the `id`: an array is no request.
    if !line.trim_start_matches([' ', '\t', '\n', '\r']).starts_with('{') {
        return None;
    }
    serde_json::from_str::<IdOnly>(line).ok()?.id
}

/// Why a line serde_json did not read is refused, with the id to echo where one can be read:
/// an `id` no response could carry, a request nested too deep (the `id` beside the deep part
/// echoed), or text that is not JSON.
fn unread(line: &str, e: &serde_json::Error) -> RequestError {
    let raw = raw_id(line);
    if let Some(message) = raw.and_then(unechoable_id) {
        return RequestError {
            id: Value::Null,
            message,
        };
    }
    if depth(line) > MAX_DEPTH && e.to_string().starts_with("recursion limit exceeded") {
        return RequestError {
            id: raw
                .and_then(|raw| serde_json::from_str(raw.get()).ok())
                .unwrap_or(Value::Null),
            message: format!(
                "request is nested over {MAX_DEPTH} levels deep (arrays and objects, the request itself counted): JSON readers read no deeper"
            ),
        };
    }
    let message = match lone_surrogate(e) {
        Some(at) => format!("request is not JSON this engine can read:{at} {LONE_SURROGATE}"),
        None => format!("request is not JSON: {e}"),
    };
    RequestError {
        id: Value::Null,
        message,
    }
}

/// What a lone surrogate escape is, and what to send instead.
const LONE_SURROGATE: &str = "a \\u escape of half a UTF-16 surrogate pair (\\uD800 to \\uDFFF) without its other half, a character no string can hold; send the character as UTF-8, or as both escapes of its pair";

/// Where serde_json found a lone surrogate escape (" at line 1 column 39,"), if that is what it
/// refused: its own words for it differ by which half came alone ("unexpected end of hex
/// escape", "lone leading surrogate in hex escape") and say neither what nor why.
fn lone_surrogate(e: &serde_json::Error) -> Option<String> {
    let text = e.to_string();
    let (why, at) = text
        .split_once(" at line ")
        .map_or((text.as_str(), None), |(w, a)| (w, Some(a)));
    let lone = [
        "unexpected end of hex escape",
        "lone leading surrogate in hex escape",
    ];
    lone.contains(&why)
        .then(|| at.map_or(String::new(), |a| format!(" at line {a},")))
}

/// Each character of JSON text, with whether it lies outside every string: structure, numbers,
/// literals and the white space between them (a string's quotes count as inside it).
fn outside_strings(json: &str) -> impl Iterator<Item = (char, bool)> + '_ {
    let (mut in_string, mut escaped) = (false, false);
    json.chars().map(move |c| {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            (c, false)
        } else {
            in_string = c == '"';
            (c, !in_string)
        }
    })
}

/// JSON text without the white space between its tokens, each token as written.
///
/// The echoed `id` goes through this: JSON allows a raw carriage return, line feed or tab
/// between the tokens of `[1,\r2]`, and a response holding one would be split in two by a client
/// reading lines. Inside a string JSON allows none of them raw, so the result is one line.
pub(crate) fn compact(json: &str) -> String {
    outside_strings(json)
        .filter(|&(c, outside)| !(outside && matches!(c, ' ' | '\t' | '\n' | '\r')))
        .map(|(c, _)| c)
        .collect()
}

/// How deep arrays and objects nest in JSON text (0 for a number, a string or a literal).
fn depth(json: &str) -> usize {
    let (mut now, mut deepest) = (0usize, 0);
    for (c, outside) in outside_strings(json) {
        match c {
            '[' | '{' if outside => {
                now += 1;
                deepest = deepest.max(now);
            }
            ']' | '}' if outside => now = now.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Why a request that is JSON cannot be answered with its `id` echoed, when the `id` is the
/// trouble: a number out of a 64-bit float's range (`1e400`), or nested so deep that the response
/// holding it, one level in, would be over [`MAX_DEPTH`]. JSON allows both, but JSON readers
/// (this one, and many clients') refuse them, so a response carrying the id would not be read
/// back: the request is refused naming `id`, not echoed.
fn unechoable_id(raw: &RawValue) -> Option<String> {
    let levels = depth(raw.get());
    if levels >= MAX_DEPTH {
        return Some(format!(
            "'id' cannot be echoed: it is nested {levels} levels deep, and the response holding it would be over the {MAX_DEPTH} that JSON readers read; give a number or a string"
        ));
    }
    let e = serde_json::from_str::<Value>(raw.get()).err()?;
    if lone_surrogate(&e).is_some() {
        return Some(format!("'id' cannot be echoed: it holds {LONE_SURROGATE}"));
    }
    let why = e.to_string();
    let why = why.split(" at line ").next().unwrap_or(&why);
    Some(if why == "number out of range" {
        "'id' cannot be echoed: it holds a number out of range (JSON readers hold numbers within about ±1.8e308); give a smaller number or a string".to_string()
    } else {
        format!("'id' cannot be echoed: {why}; give a number or a string")
    })
}

/// The fields each command takes besides `id` and `cmd`. Any other is refused rather than
/// ignored: a misspelt `seed` would otherwise play seed 0 without a word.
fn fields_of(cmd: &str) -> &'static [&'static str] {
    match cmd {
        "new" => &["rules", "options", "deal", "seed", "dealer", "score"],
        "apply" => &["action"],
        "observe" => &["seat"],
        "choose" => &["player", "time_ms", "seed"],
        "hint" => &["time_ms", "seed"],
        _ => &[],
    }
}

fn only_fields(obj: &Map<String, Value>, cmd: &str) -> Result<(), String> {
    let known = fields_of(cmd);
    let Some(other) = obj
        .keys()
        .find(|k| !["id", "cmd"].contains(&k.as_str()) && !known.contains(&k.as_str()))
    else {
        return Ok(());
    };
    if cmd == "hint" && other == "player" {
        return Err(format!(
            "hint asks {}: to ask another player, send choose with 'player'",
            euchre_ai::DEFAULT_PLAYER
        ));
    }
    // `cmd` is one of the commands here.
    let other = shown(other);
    Err(if known.is_empty() {
        format!("unknown field '{other}': {cmd} takes only 'id' and 'cmd'")
    } else {
        format!(
            "unknown field '{other}': {cmd} takes {} besides 'id' and 'cmd'",
            known.join(", ")
        )
    })
}

fn seat_field(obj: &Map<String, Value>, key: &str) -> Result<Option<Seat>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        // `1.0` and `-0` name a seat's number but are not whole numbers in JSON's terms (nor
        // in those of the other numeric fields): said so, not that they are no seat. A number
        // too large for 64 bits is a float to serde_json too, but is out of range as written.
        Some(Value::Number(n)) if n.is_f64() => {
            let written = euchre_egn::number_shown(n);
            Err(match n.as_f64() {
                Some(f) if f.abs() > 3.0 => format!("'{key}' must be a seat 0..3, not {written}"),
                _ if written == "-0" => format!("'{key}' must be a seat 0..3, not -0 (write 0)"),
                _ => format!(
                    "'{key}' must be a whole number, a seat 0..3 written without a decimal point or exponent, not {written}"
                ),
            })
        }
        Some(Value::Number(n)) => n
            .as_u64()
            .and_then(Seat::try_new)
            .map(Some)
            .ok_or_else(|| format!("'{key}' must be a seat 0..3, not {n}")),
        Some(_) => Err(format!("'{key}' must be a seat number 0..3")),
    }
}

/// `seed`: a non-negative integer, 0 when absent.
fn seed_field(obj: &Map<String, Value>) -> Result<u64, String> {
    const SEED: &str = "'seed' must be a non-negative integer";
    match obj.get("seed") {
        None | Some(Value::Null) => Ok(0),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(|| SEED.into()),
        Some(_) => Err(SEED.into()),
    }
}

/// `player`: a known player's name, [`euchre_ai::DEFAULT_PLAYER`] when absent.
fn player_field(obj: &Map<String, Value>) -> Result<String, String> {
    match obj.get("player") {
        None | Some(Value::Null) => Ok(euchre_ai::DEFAULT_PLAYER.to_string()),
        Some(Value::String(name)) => match euchre_ai::player(name) {
            Ok(_) => Ok(name.clone()),
            // The message cuts a long name as every echo of a person's text is cut.
            Err(e) => Err(e.to_string()),
        },
        Some(_) => Err("'player' must be a player's name such as \"pimc-50\" or \"basic\"".into()),
    }
}

/// `time_ms`: a whole number of milliseconds from 1 to [`MAX_TIME_MS`], or absent.
fn time_field(obj: &Map<String, Value>) -> Result<Option<u64>, String> {
    let what = format!("'time_ms' must be a whole number of milliseconds from 1 to {MAX_TIME_MS}");
    match obj.get("time_ms") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_u64()
            .filter(|ms| (1..=MAX_TIME_MS).contains(ms))
            .map(Some)
            .ok_or_else(|| format!("{what}, not {}", euchre_egn::number_shown(n))),
        Some(_) => Err(what),
    }
}

/// The family an `options` object names (`"family": "bid-euchre"`, as a game record's `rules`
/// do for the individual games), normalised as the rules read it, if it names one.
fn family_option(obj: &Map<String, Value>) -> Option<String> {
    let name = obj.get("options")?.as_object()?.get("family")?.as_str()?;
    Some(euchre::typed_name(name))
}

fn parse_new(obj: &Map<String, Value>) -> Result<Request, String> {
    let family = family_option(obj);
    let mut rules = match (obj.get("rules"), family.as_deref()) {
        // A record's rules given as the options name their family, which then needs no
        // preset (judge s55, d5): every other option follows in the same object.
        (None | Some(Value::Null), None | Some("four-handed")) => {
            AnyRules::Partnership(euchre::Rules::default())
        }
        (None | Some(Value::Null), Some(f)) => AnyRules::preset(f).map_err(|_| {
            format!("option family: '{f}' is not a family: four-handed, three-handed, bid-euchre or set-back")
        })?,
        (Some(Value::String(s)), _) => AnyRules::preset(s).map_err(|e| e.to_string())?,
        (Some(_), _) => return Err("'rules' must be a preset name such as \"openspiel\"".into()),
    };
    // The four-handed game's rules have no family option (it is the family); an individual
    // game's family may be changed by its option, as any other.
    let four_handed = matches!(rules, AnyRules::Partnership(_));
    if family
        .as_deref()
        .is_some_and(|f| (f == "four-handed") != four_handed)
    {
        return Err(format!(
            "option family '{}' is not the family of rules '{}': give one of them",
            family.as_deref().unwrap_or_default(),
            obj.get("rules")
                .and_then(Value::as_str)
                .unwrap_or("north-american")
        ));
    }
    match obj.get("options") {
        None | Some(Value::Null) => {}
        Some(Value::Object(opts)) => {
            let mut settings = Vec::new();
            for (k, v) in opts {
                if k == "family" && four_handed {
                    continue;
                }
                let text = match v {
                    Value::String(s) => s.clone(),
                    Value::Bool(b) => b.to_string(),
                    Value::Number(n) => euchre_egn::option_number_text(n),
                    _ => return Err(format!("option {k}: value must be a string, number or boolean")),
                };
                settings.push((k.as_str(), text));
            }
            // JSON objects are unordered: settings that would keep one of themselves silently
            // (two names of one option; winning_score and num_deals, which clear each other)
            // are refused.
            let pairs: Vec<(&str, &str)> = settings.iter().map(|(k, v)| (*k, v.as_str())).collect();
            match settings_clash(&pairs) {
                Some(SettingsClash::Twice { first, second, .. }) => {
                    return Err(format!(
                        "options {} and {} are one option: give it once",
                        pairs[first].0, pairs[second].0
                    ))
                }
                Some(SettingsClash::TargetAndDeals) => {
                    return Err("options winning_score and num_deals exclude each other: give one".into())
                }
                None => {}
            }
            for (k, v) in pairs {
                rules.set(k, v).map_err(|e| e.to_string())?;
            }
        }
        Some(_) => return Err("'options' must be an object of option names to values".into()),
    }
    rules.validate().map_err(|e| e.to_string())?;
    let seed = seed_field(obj)?;
    let dealer = seat_field(obj, "dealer")?;
    const SCORE: &str =
        "'score' must be a list of whole numbers within ±2,147,483,647: [team 0, team 1], or one per player in the individual games";
    let score = match obj.get("score") {
        None | Some(Value::Null) => None,
        Some(Value::Array(a)) if (1..=4).contains(&a.len()) => Some(
            a.iter()
                .map(|v| v.as_i64().and_then(euchre_egn::starting_score).ok_or(SCORE))
                .collect::<Result<Vec<i32>, _>>()?,
        ),
        Some(_) => return Err(SCORE.into()),
    };
    let deal = match obj.get("deal") {
        None | Some(Value::Null) => None,
        Some(Value::Object(d)) => Some(parse_deal(d)?),
        Some(_) => return Err("'deal' must be an object with dealer, hands, upcard".into()),
    };
    Ok(Request::New {
        rules,
        deal,
        seed,
        dealer,
        score,
    })
}

fn card(v: &Value, what: &str) -> Result<Card, String> {
    match v {
        Value::String(s) => s
            .parse()
            .map_err(|e: euchre::card::ParseCardError| format!("{what}: {e}")),
        _ => Err(format!("{what}: a card must be a string such as \"JD\"")),
    }
}

/// Cards, each at most once: `twice` says what a card given twice is.
fn cards(v: &Value, what: &str, twice: impl Fn(Card) -> String) -> Result<CardSet, String> {
    let Value::Array(a) = v else {
        return Err(format!("{what} must be an array of cards"));
    };
    if a.len() > 33 {
        return Err(format!("{what} has {} cards", a.len()));
    }
    let mut set = CardSet::EMPTY;
    for c in a {
        let c = card(c, what)?;
        if set.contains(c) {
            return Err(twice(c));
        }
        set.insert(c);
    }
    Ok(set)
}

/// A deal in the protocol's format (`{"dealer":3,"hands":[[...],...],"upcard":"9H"}`), as
/// `new` takes it; for other programs that read deals the same way (`euchre solve --given`).
///
/// # Errors
/// What is wrong with it, by field.
pub fn parse_given_deal(v: &Value) -> Result<GivenDeal, String> {
    match v {
        Value::Object(d) => parse_deal(d),
        _ => Err("a deal must be an object with dealer, hands, upcard".into()),
    }
}

fn parse_deal(d: &Map<String, Value>) -> Result<GivenDeal, String> {
    if let Some(other) = d
        .keys()
        .find(|k| !["dealer", "hands", "upcard", "kitty"].contains(&k.as_str()))
    {
        return Err(format!(
            "unknown field '{}' in the deal (it has dealer, hands, upcard, kitty)",
            shown(other)
        ));
    }
    let dealer = seat_field(d, "dealer")?.ok_or("deal needs 'dealer' (0..3)")?;
    let Some(Value::Array(hs)) = d.get("hands") else {
        return Err("deal needs 'hands': an array of cards per player".into());
    };
    // No game has more than four hands; the rules say how many theirs has (and say it of too
    // few, none included), where the deal is made.
    if hs.len() > 4 {
        return Err(format!(
            "deal 'hands' must have one hand per player, at most 4, not {}",
            hs.len()
        ));
    }
    let mut hands = Vec::new();
    for (i, h) in hs.iter().enumerate() {
        // In the words of a card dealt to two seats (the deal's own check): "9C is dealt twice".
        let twice = |c| format!("{c} is dealt twice, both to seat {i}");
        hands.push(cards(h, &format!("hand of seat {i}"), twice)?);
    }
    let upcard = match d.get("upcard") {
        None | Some(Value::Null) => None,
        Some(v) => Some(card(v, "upcard")?),
    };
    let kitty = match d.get("kitty") {
        None | Some(Value::Null) => CardSet::EMPTY,
        Some(v) => cards(v, "kitty", |c| format!("kitty lists {c} twice"))?,
    };
    Ok(GivenDeal {
        dealer,
        hands,
        upcard,
        kitty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_problem_and_echo_the_id() {
        let e = parse_request(r#"{"id":7,"cmd":"apply","action":"order sideways"}"#).unwrap_err();
        assert_eq!(e.id, Value::from(7));
        assert!(e.message.contains("order sideways"), "{}", e.message);
        let e = parse_request("{not json").unwrap_err();
        assert_eq!(e.id, Value::Null);
        let e = parse_request(r#"{"id":"x","cmd":"observe","seat":9}"#).unwrap_err();
        assert!(e.message.contains("seat"), "{}", e.message);
        let e = parse_request(r#"{"id":1,"cmd":"new","options":{"bogus":1}}"#).unwrap_err();
        assert!(e.message.contains("bogus"), "{}", e.message);
    }

    /// A field given twice is refused, not taken as its last value (a bot author's client
    /// found `{"seed":1,"seed":2}` dealing seed 2); so are two names of one option.
    #[test]
    fn a_field_given_twice_is_refused() {
        let e = parse_request(r#"{"id":10,"cmd":"new","seed":1,"seed":2}"#).unwrap_err();
        assert_eq!(
            (e.id, e.message.as_str()),
            (
                Value::from(10),
                "'seed' is given twice in one object: each field once"
            )
        );
        let e = parse_request(r#"{"id":93,"cmd":"legal","id":94}"#).unwrap_err();
        assert_eq!(e.id, Value::Null, "neither id is echoed");
        // A key holding a NUL is named whole (the NUL written as an escape), and is not taken
        // for the id it begins with.
        let e = parse_request(r#"{"id":7,"cmd":"legal","id\u0000z":1,"id\u0000z":2}"#).unwrap_err();
        assert_eq!(
            (e.id, e.message.as_str()),
            (
                Value::from(7),
                "'id\\u{0}z' is given twice in one object: each field once"
            )
        );
        let e = parse_request(r#"{"id":95,"cmd":"legal","cmd":"state"}"#).unwrap_err();
        assert!(e.message.starts_with("'cmd' is given twice"), "{}", e.message);
        let e = parse_request(r#"{"id":49,"cmd":"new","options":{"stick_the_dealer":"yes","std":"off"}}"#)
            .unwrap_err();
        assert_eq!(
            e.message,
            "options stick_the_dealer and std are one option: give it once"
        );
        assert!(parse_request(r#"{"id":1,"cmd":"new","options":{"std":"yes"}}"#).is_ok());
        // A name with a space about it is the same option.
        let e = parse_request(r#"{"id":50,"cmd":"new","options":{" std":"yes","stick_the_dealer":"off"}}"#)
            .unwrap_err();
        assert_eq!(
            e.message,
            "options  std and stick_the_dealer are one option: give it once"
        );
        let e = parse_request(r#"{"id":51,"cmd":"new","options":{"winning_score ":"11","num_deals":3}}"#)
            .unwrap_err();
        assert!(e.message.contains("exclude each other"), "{}", e.message);
    }

    #[test]
    fn choose_hint_and_solve_take_their_defaults() {
        let parse = |line: &str| parse_request(line).map(|(_, r)| r);
        assert_eq!(
            parse(r#"{"cmd":"choose"}"#),
            Ok(Request::Choose {
                player: euchre_ai::DEFAULT_PLAYER.into(),
                time_ms: None,
                seed: 0
            })
        );
        assert_eq!(
            parse(r#"{"cmd":"choose","player":"Basic","time_ms":200,"seed":9}"#),
            Ok(Request::Choose {
                player: "Basic".into(),
                time_ms: Some(200),
                seed: 9
            })
        );
        // `hint` has no player to name: a `player` field is refused with the command that
        // takes one, and a field a command does not take is refused rather than ignored.
        let e = parse(r#"{"id":"h","cmd":"hint","player":"pimc-50","seed":3}"#).unwrap_err();
        assert_eq!(e.id, Value::from("h"));
        assert!(e.message.contains("send choose with 'player'"), "{}", e.message);
        let e = parse(r#"{"cmd":"solve","seed":"x"}"#).unwrap_err();
        assert_eq!(e.message, "unknown field 'seed': solve takes only 'id' and 'cmd'");
        let e = parse(r#"{"cmd":"new","sed":4}"#).unwrap_err();
        assert!(
            e.message
                .starts_with("unknown field 'sed': new takes rules, options, deal, seed"),
            "{}",
            e.message
        );
        let e = parse(r#"{"cmd":"new","deal":{"dealer":0,"hand":[],"upcard":"9H"}}"#).unwrap_err();
        assert!(
            e.message.starts_with("unknown field 'hand' in the deal"),
            "{}",
            e.message
        );
        let e = parse(r#"{"id":4,"cmd":"choose","time_ms":1e3}"#).unwrap_err();
        assert_eq!(e.id, Value::from(4));
        assert!(e.message.contains("not 1000.0"), "{}", e.message);
        let e = parse(r#"{"cmd":"choose","time_ms":18446744073709551616}"#).unwrap_err();
        assert!(e.message.contains("'time_ms'"), "{}", e.message);
        let e = parse(r#"{"cmd":"flyy"}"#).unwrap_err();
        assert!(e.message.contains("choose, hint, solve"), "{}", e.message);
    }

    /// A field a command takes, given as `null`, is taken as absent, in every command; a field it
    /// does not take is refused, `null` or not (`hint` has no `player`). `"action": null` was
    /// "'action' must be a string" and `"cmd": null` "'cmd' must be a string", while a `null`
    /// player, rules, seed or seat was taken as none.
    #[test]
    fn null_is_absent_in_every_field_a_command_takes() {
        let parse = |line: &str| parse_request(line).map(|(_, r)| r);
        let same = [
            (
                r#"{"cmd":"choose","player":null,"time_ms":null,"seed":null}"#,
                r#"{"cmd":"choose"}"#,
            ),
            (
                r#"{"cmd":"hint","time_ms":null,"seed":null}"#,
                r#"{"cmd":"hint"}"#,
            ),
            (
                r#"{"cmd":"new","rules":null,"options":null,"deal":null,"seed":null,"dealer":null,"score":null}"#,
                r#"{"cmd":"new"}"#,
            ),
            (r#"{"cmd":"apply","action":null}"#, r#"{"cmd":"apply"}"#),
            (r#"{"cmd":"observe","seat":null}"#, r#"{"cmd":"observe"}"#),
            (r#"{"cmd":null}"#, r#"{}"#),
            (
                r#"{"cmd":"new","deal":{"dealer":null,"hands":[],"upcard":"9H"}}"#,
                r#"{"cmd":"new","deal":{"hands":[],"upcard":"9H"}}"#,
            ),
        ];
        for (with_null, without) in same {
            assert_eq!(parse(with_null), parse(without), "{with_null}");
        }
        assert_eq!(
            parse(r#"{"cmd":"apply","action":null}"#).unwrap_err().message,
            "apply needs 'action'"
        );
        let e = parse(r#"{"cmd":"hint","player":null}"#).unwrap_err();
        assert!(e.message.starts_with("hint asks expert:"), "{}", e.message);
        let e = parse(r#"{"cmd":"state","seed":null}"#).unwrap_err();
        assert_eq!(e.message, "unknown field 'seed': state takes only 'id' and 'cmd'");
    }

    /// `1.0` and `1e0` look like seats but are not whole numbers in JSON: said so (it said
    /// "must be a seat 0..3, not 1.0").
    #[test]
    fn a_seat_with_a_decimal_point_is_named_as_not_whole() {
        for (seat, shown) in [("1.0", "1.0"), ("1e0", "1.0")] {
            let e = parse_request(&format!(r#"{{"id":3,"cmd":"observe","seat":{seat}}}"#)).unwrap_err();
            assert_eq!(
                e.message,
                format!("'seat' must be a whole number, a seat 0..3 written without a decimal point or exponent, not {shown}")
            );
        }
        let e = parse_request(r#"{"cmd":"observe","seat":4}"#).unwrap_err();
        assert_eq!(e.message, "'seat' must be a seat 0..3, not 4");
    }

    /// A number is shown as written where serde_json keeps it as a float it was not written as:
    /// `-0` was "-0.0", a whole number past 64 bits "1e+23" and blamed on a decimal point or
    /// exponent it did not have, and a whole option value written `1e9` was "'1000000000.0' is
    /// not a score" (its range was not the complaint).
    /// A lone surrogate escape is named as such, in the `id` or elsewhere (serde_json's two
    /// words for it, "unexpected end of hex escape" and "lone leading surrogate in hex escape",
    /// said neither what nor why); a pair of escapes is a character like any other.
    #[test]
    fn a_lone_surrogate_escape_is_named() {
        let e = parse_request(r#"{"id":"\ud800","cmd":"xx"}"#).unwrap_err();
        assert!(
            e.message
                .starts_with("'id' cannot be echoed: it holds a \\u escape of half a UTF-16 surrogate pair"),
            "{}",
            e.message
        );
        for (line, at) in [
            (r#"{"id":2,"cmd":"apply","action":"\ud800"}"#, "line 1 column 39"),
            (r#"{"id":1,"cmd":"new","\udc00":1}"#, "line 1 column 27"),
        ] {
            let e = parse_request(line).unwrap_err();
            assert!(
                e.message.starts_with(&format!(
                    "request is not JSON this engine can read: at {at}, a \\u escape of half"
                )),
                "{line}: {}",
                e.message
            );
        }
        let e = parse_request(r#"{"id":1,"cmd":"apply","action":"\ud83d\ude00"}"#).unwrap_err();
        assert!(!e.message.contains("surrogate"), "{}", e.message);
    }

    #[test]
    fn numbers_are_shown_as_written_and_judged_by_their_value() {
        let message = |line: &str| parse_request(line).unwrap_err().message;
        assert_eq!(
            message(r#"{"cmd":"observe","seat":-0}"#),
            "'seat' must be a seat 0..3, not -0 (write 0)"
        );
        assert_eq!(
            message(r#"{"cmd":"observe","seat":99999999999999999999999}"#),
            "'seat' must be a seat 0..3, not a number of about 1e23"
        );
        assert_eq!(
            message(r#"{"cmd":"new","dealer":-1e30}"#),
            "'dealer' must be a seat 0..3, not a number of about -1e30"
        );
        assert_eq!(
            message(r#"{"cmd":"choose","time_ms":18446744073709551616}"#),
            "'time_ms' must be a whole number of milliseconds from 1 to 600000, not a number of about 1.8446744073709552e19"
        );
        assert_eq!(
            message(r#"{"cmd":"choose","time_ms":-0}"#),
            "'time_ms' must be a whole number of milliseconds from 1 to 600000, not -0"
        );
        assert_eq!(
            message(r#"{"cmd":"new","options":{"winning_score":1e9}}"#),
            "option winning_score: '1000000000' is not a score 0..1000"
        );
        assert_eq!(
            message(r#"{"cmd":"new","options":{"winning_score":7.5}}"#),
            "option winning_score: '7.5' is not a score 0..1000"
        );
        // A whole number is one however it is written.
        let (_, r) =
            parse_request(r#"{"cmd":"new","options":{"winning_score":7.0,"loner_march_score":-0}}"#).unwrap();
        let Request::New {
            rules: AnyRules::Partnership(rules),
            ..
        } = r
        else {
            panic!("{r:?}")
        };
        assert_eq!((rules.winning_score, rules.loner_march_score), (7, 0));
    }

    /// A game record's `rules` object, given as the options, is enough on its own: its
    /// `family` names the individual game, with no preset (judge s55, d5); a family that is
    /// not the preset's side of the table is refused, saying so.
    #[test]
    fn a_records_rules_are_options_enough_for_new() {
        let record_rules = r#"{"family":"bid-euchre","players":"4","winning_score":"0","start_score":"21","stick_the_dealer":"true","min_bid":"1","set_penalty":"5","stayer_penalty":"5","defenders_gain":"false","declare":"false","ante":"0","euchre_stake":"0"}"#;
        let (_, r) = parse_request(&format!(r#"{{"cmd":"new","options":{record_rules}}}"#)).unwrap();
        let Request::New {
            rules: AnyRules::Solo(solo),
            ..
        } = r
        else {
            panic!("{r:?}")
        };
        let mut expected = euchre::solo::SoloRules::preset("bid-euchre").unwrap();
        expected.start_score = 21;
        expected.winning_score = 0;
        assert_eq!(solo, expected);
        // Written as a person might: Set_Back.
        let (_, r) = parse_request(r#"{"cmd":"new","options":{"family":"Set_Back"}}"#).unwrap();
        assert!(matches!(r, Request::New { rules: AnyRules::Solo(s), .. } if s.family.name() == "set-back"));
        // The four-handed family names the four-handed game.
        let (_, r) =
            parse_request(r#"{"cmd":"new","options":{"family":"four-handed","winning_score":7}}"#).unwrap();
        assert!(matches!(r, Request::New { rules: AnyRules::Partnership(p), .. } if p.winning_score == 7));
        let message = |line: &str| parse_request(line).unwrap_err().message;
        assert_eq!(
            message(r#"{"cmd":"new","rules":"north-american","options":{"family":"bid-euchre"}}"#),
            "option family 'bid-euchre' is not the family of rules 'north-american': give one of them"
        );
        assert_eq!(
            message(r#"{"cmd":"new","rules":"three-handed","options":{"family":"four-handed"}}"#),
            "option family 'four-handed' is not the family of rules 'three-handed': give one of them"
        );
        assert_eq!(
            message(r#"{"cmd":"new","options":{"family":"whist"}}"#),
            "option family: 'whist' is not a family: four-handed, three-handed, bid-euchre or set-back"
        );
    }

    /// An `id` that JSON allows but JSON readers refuse (`1e400`, out of an `f64`'s range) is
    /// refused naming `id` ("request is not JSON: number out of range" named nothing): echoed,
    /// the response would not read back. The same number in another field is the request's JSON.
    #[test]
    fn an_id_no_json_reader_holds_is_refused_naming_it() {
        for line in [
            r#"{"id":1e400,"cmd":"legal"}"#,
            r#"{"cmd":"legal","id":-1e400}"#,
            r#"{"id":{"n":[1e400]},"cmd":"legal"}"#,
        ] {
            let e = parse_request(line).unwrap_err();
            assert_eq!(e.id, Value::Null, "{line}");
            assert!(
                e.message
                    .starts_with("'id' cannot be echoed: it holds a number out of range"),
                "{line}: {}",
                e.message
            );
        }
        let deep = format!(
            r#"{{"id":{}0{},"cmd":"legal"}}"#,
            "[".repeat(200),
            "]".repeat(200)
        );
        let e = parse_request(&deep).unwrap_err();
        assert!(
            e.message
                .starts_with("'id' cannot be echoed: it is nested 200 levels deep"),
            "{}",
            e.message
        );
        let e = parse_request(r#"{"id":1,"cmd":"new","seed":1e400}"#).unwrap_err();
        assert!(
            e.message.starts_with("request is not JSON: number out of range"),
            "{}",
            e.message
        );
        assert!(parse_request(r#"{"id":1e300,"cmd":"legal"}"#).is_ok());
    }

    /// The echoed id loses only the white space between its tokens: strings (escapes, spaces,
    /// quotes and backslashes in them) and numbers stay as written.
    #[test]
    fn compact_drops_only_the_white_space_between_tokens() {
        assert_eq!(compact("[1,\r2 ,\t{ \"a\" :\n1.50 }]"), r#"[1,2,{"a":1.50}]"#);
        let kept = r#""a b\" \\ \r\n\"""#;
        assert_eq!(compact(kept), kept);
        assert_eq!(compact(r#"[ "\\" , "x y" ]"#), r#"["\\","x y"]"#);
        assert_eq!(compact(" 12345678901234567890123 "), "12345678901234567890123");
    }

    /// Nesting is refused at one depth, [`MAX_DEPTH`], the request object counted, and by
    /// what is deep: an `id` whose response would be too deep to read back is refused naming it,
    /// and a request deep elsewhere is refused with its `id` echoed. (An `id` 127 deep was "not
    /// JSON" with no id, one 128 deep "cannot be echoed", and a deep option lost the id.)
    #[test]
    fn nesting_is_refused_past_max_depth_naming_what_is_deep() {
        let nested = |levels: usize| format!("{}0{}", "[".repeat(levels), "]".repeat(levels));
        let line = format!(r#"{{"id":{},"cmd":"legal"}}"#, nested(MAX_DEPTH - 1));
        assert_eq!(
            parse_request(&line).map(|(_, r)| r),
            Ok(Request::Legal),
            "126 deep"
        );
        for levels in [MAX_DEPTH, MAX_DEPTH + 1, 5000] {
            let line = format!(r#"{{"id":{},"cmd":"legal"}}"#, nested(levels));
            let e = parse_request(&line).unwrap_err();
            assert_eq!(e.id, Value::Null);
            assert_eq!(
                e.message,
                format!("'id' cannot be echoed: it is nested {levels} levels deep, and the response holding it would be over the 127 that JSON readers read; give a number or a string")
            );
        }
        // Deep elsewhere: at 127 levels in all the request is read (and its options judged).
        let option =
            |levels: usize| format!(r#"{{"id":5,"cmd":"new","options":{{"x":{}}}}}"#, nested(levels));
        let e = parse_request(&option(MAX_DEPTH - 2)).unwrap_err();
        assert_eq!(
            (e.id, e.message.as_str()),
            (
                Value::from(5),
                "option x: value must be a string, number or boolean"
            )
        );
        for levels in [MAX_DEPTH - 1, 5000] {
            let e = parse_request(&option(levels)).unwrap_err();
            assert_eq!(
                (e.id, e.message.as_str()),
                (Value::from(5), "request is nested over 127 levels deep (arrays and objects, the request itself counted): JSON readers read no deeper")
            );
        }
        // An array is no request, and its first item no id.
        let e = parse_request(&format!("[7,{}]", nested(200))).unwrap_err();
        assert_eq!(e.id, Value::Null);
        let e = parse_request("[1e400]").unwrap_err();
        assert!(e.message.starts_with("request is not JSON"), "{}", e.message);
    }

    /// Every echo of a person's text is cut the same way, to 40 characters and "…" (a player's
    /// name was cut to 30 and an action to 40 with nothing to show it, so a cut text read as all
    /// that was sent; a preset was cut to 40 with "…").
    #[test]
    fn long_text_is_echoed_cut_to_40_characters_and_an_ellipsis() {
        let long = "x".repeat(100);
        let cut = format!("'{}…'", "x".repeat(40));
        for line in [
            format!(r#"{{"cmd":"{long}"}}"#),
            format!(r#"{{"cmd":"state","{long}":1}}"#),
            format!(r#"{{"cmd":"new","seed":1,"{long}":1}}"#),
            format!(r#"{{"cmd":"new","deal":{{"{long}":1}}}}"#),
            format!(r#"{{"cmd":"choose","player":"{long}"}}"#),
            format!(r#"{{"cmd":"apply","action":"{long}"}}"#),
            format!(r#"{{"cmd":"apply","action":"  {long} "}}"#),
            format!(r#"{{"cmd":"new","deal":{{"dealer":0,"hands":[["{long}"]]}}}}"#),
            format!(r#"{{"cmd":"new","rules":"{long}"}}"#),
            format!(r#"{{"cmd":"new","options":{{"{long}":1}}}}"#),
            format!(r#"{{"cmd":"new","options":{{"joker":"{long}"}}}}"#),
            format!(r#"{{"cmd":"legal","{long}":1,"{long}":2}}"#),
        ] {
            let e = parse_request(&line).unwrap_err();
            assert!(e.message.contains(&cut), "{line}: {}", e.message);
        }
        let short = parse_request(&format!(r#"{{"cmd":"{}"}}"#, "y".repeat(40))).unwrap_err();
        assert!(
            short
                .message
                .starts_with(&format!("unknown cmd '{}' (", "y".repeat(40))),
            "{}",
            short.message
        );
    }

    /// The starting score's bound is ±2,147,483,647 both ways, as documented (and as EGN's and
    /// the game record's): −2,147,483,648 was taken.
    #[test]
    fn new_refuses_a_score_past_the_documented_bound() {
        for score in ["[-2147483648,0]", "[0,2147483648]", "[0,0,-2147483648]"] {
            let e = parse_request(&format!(r#"{{"cmd":"new","score":{score}}}"#)).unwrap_err();
            assert!(
                e.message.contains("within ±2,147,483,647"),
                "{score}: {}",
                e.message
            );
        }
        assert!(parse_request(r#"{"cmd":"new","score":[-2147483647,2147483647]}"#).is_ok());
    }

    #[test]
    fn new_with_a_given_deal() {
        let line = r#"{"id":1,"cmd":"new","rules":"openspiel","options":{"stick_the_dealer":false,"defend_alone":"any"},"deal":{"dealer":3,"hands":[["9C","TC","JC","QC","KC"],["AC","9D","TD","JD","QD"],["KD","AD","9S","TS","JS"],["QS","KS","AS","TH","JH"]],"upcard":"9H","kitty":["QH","KH","AH"]}}"#;
        let (_, r) = parse_request(line).unwrap();
        let Request::New {
            rules: AnyRules::Partnership(rules),
            deal,
            ..
        } = r
        else {
            panic!()
        };
        assert!(!rules.stick_the_dealer);
        assert_eq!(deal.unwrap().dealer, Seat::new(3));
    }
}
