//! `euchre egn check` and `euchre record check`.

use crate::json_place::{self, Step};
use serde_json::json;
use std::path::{Path, PathBuf};

/// What a file's replay found: deals, the final score (of a single game), the winner (a team,
/// or a player in the individual games) and the games of a match.
pub struct CheckSummary {
    deals: usize,
    score: Option<Vec<i32>>,
    winner: Option<usize>,
    /// The winner is a team (the partnership game), not a seat.
    team: bool,
    games: Option<usize>,
    /// A match's games won, by team or by player.
    won: GamesWon,
    /// How a match stands (`None` for a single game, whose `winner` says it).
    standing: Option<Standing>,
}

/// How a match stands at the end of its document (records tester s53, 3): a match cut short
/// and a complete one were told apart by nothing.
enum Standing {
    /// Won by a team (a record's match).
    Team(usize),
    /// Won by these players of an EMN match: their ids, and their names as the text says them.
    Players(Vec<(String, String)>),
    Drawn,
    Unfinished,
    /// Neither the replay nor the document says (an EMN match of another format).
    Unknown,
}

/// Who won a match's games.
enum GamesWon {
    /// A game, not a match.
    None,
    /// Each team's games, as the match counts them (`slams`: a game won while the losers have
    /// 0 counts two).
    Teams { wins: [u32; 2], slams: bool },
    /// Each player's, in the order the match lists them: in EMN players may change seats and
    /// partners between games.
    Players(Vec<euchre_egn::PlayerWins>),
}

/// Why a document did not check, and where in it.
pub struct CheckError {
    /// What is wrong, the place in words included, as the text output shows it.
    message: String,
    /// The place as numbered fields (`game`, `deal`, `decision`, each from 1), for `--json`.
    place: Vec<(&'static str, usize)>,
    /// The path to the place in the document's JSON.
    path: Vec<Step>,
    /// The place's line and column in the file, once found from `path`.
    line: Option<(usize, usize)>,
}

impl From<String> for CheckError {
    fn from(message: String) -> CheckError {
        CheckError {
            message,
            place: Vec::new(),
            path: Vec::new(),
            line: None,
        }
    }
}

impl CheckError {
    /// The error with its place's line in `text`, the document it was found in.
    fn located_in(mut self, text: &str) -> CheckError {
        // The place as far down as the text leads (a path the walk cannot follow to its end,
        // as through a key written with escapes, still finds the deal).
        let found = (1..=self.path.len())
            .rev()
            .find_map(|n| json_place::locate(text, &self.path[..n]));
        if let Some(at) = found {
            self.line = Some(json_place::line_and_column(text, at));
        }
        if self.line.is_none() {
            self.take_parser_position();
        }
        self
    }

    /// The position the JSON parser gives in its message ("... at line 178 column 9": text
    /// that is not JSON, a field unknown or of the wrong kind), as the line and column of
    /// the fault, so that it is said as `FILE:LINE:COLUMN:` and as `--json` fields like the
    /// replay's faults (records tester s53, 4); taken out of the message.
    fn take_parser_position(&mut self) {
        let Some(at) = self.message.rfind(" at line ") else {
            return;
        };
        let rest = &self.message[at + " at line ".len()..];
        let digits = |t: &str| -> (Option<usize>, usize) {
            let n = t.chars().take_while(char::is_ascii_digit).count();
            (t[..n].parse().ok(), n)
        };
        let (Some(line), n) = digits(rest) else { return };
        let Some(rest) = rest[n..].strip_prefix(" column ") else {
            return;
        };
        let (Some(column), n) = digits(rest) else { return };
        // serde counts a column 0 at the very start of a line (an empty file).
        self.line = Some((line, column.max(1)));
        // Out of the message where it ends it, or comes before the reader's hint in brackets.
        let tail = &rest[n..];
        if tail.is_empty() || tail.starts_with(" (") {
            self.message = format!("{}{tail}", &self.message[..at]);
        }
    }

    /// An EGN document's fault: its place as fields, and as a path to the deal (in a match,
    /// within its game's `gameData`).
    fn of_egn(message: String, place: euchre_egn::Place) -> CheckError {
        let mut error = CheckError::from(message);
        if let Some(game) = place.game {
            error.place.push(("game", game));
            error.path.extend([
                Step::Key("games"),
                Step::Index(game.saturating_sub(1)),
                Step::Key("gameData"),
            ]);
        }
        if let Some(deal) = place.deal {
            error.place.push(("deal", deal));
            error
                .path
                .extend([Step::Key("deals"), Step::Index(deal.saturating_sub(1))]);
            if let Some(within) = place.within {
                error.within_deal(within);
            }
        } else {
            // A fault of a match's game as a whole is named by the game's line, or by its
            // metadata field that the message begins with (records tester s53, 4).
            error.path.truncate(2);
            let fault = match place.game {
                Some(g) => error.message.strip_prefix(&format!("game {g}: ")),
                None => Some(error.message.as_str()),
            };
            let fault = fault.unwrap_or("").trim_start_matches('\'');
            if fault.starts_with("finalScore") || fault.starts_with("initialScore") {
                let key = if fault.starts_with("final") {
                    "finalScore"
                } else {
                    "initialScore"
                };
                error.path.extend([Step::Key("metadata"), Step::Key(key)]);
            }
        }
        error
    }

    /// The place within an EGN deal, as fields (the call, the trick, the alternative line) and
    /// as the path on from the deal.
    fn within_deal(&mut self, within: euchre_egn::Within) {
        use euchre_egn::Within as W;
        let phase = |p: usize| [Step::Key("phases"), Step::Index(p)];
        let state = |key| [Step::Key("initialState"), Step::Key(key)];
        match within {
            W::Dealer => self.path.extend(state("dealer")),
            W::UpCard => self.path.extend(state("upCard")),
            W::PlayerCards => self.path.extend(state("playerCards")),
            W::Call { phase: p, call } => {
                self.place.push(("call", call));
                self.path.extend(phase(p));
                self.path
                    .extend([Step::Key("calls"), Step::Index(call.saturating_sub(1))]);
            }
            W::Discard { phase: p } => {
                self.path.extend(phase(p));
                self.path.push(Step::Key("discard"));
            }
            W::CardExchanges { phase: p, entry } => {
                self.path.extend(phase(p));
                self.path.push(Step::Key("cardExchanges"));
                self.path.extend(entry.map(|n| Step::Index(n.saturating_sub(1))));
            }
            W::Trick { phase: p, trick } => {
                self.place.push(("trick", trick));
                self.path.extend(phase(p));
                self.path
                    .extend([Step::Key("tricks"), Step::Index(trick.saturating_sub(1))]);
            }
            W::AlternativeLine(k) => {
                self.place.push(("alternative_line", k));
                self.path
                    .extend([Step::Key("alternativeLines"), Step::Index(k.saturating_sub(1))]);
            }
        }
    }

    /// A record's fault: its place as fields, and as a path to the decision, deal or game.
    fn of_record(message: String, place: euchre_record::Place) -> CheckError {
        let levels = [
            ("game", place.game, "games"),
            ("deal", place.deal, "deals"),
            ("decision", place.decision, "decisions"),
        ];
        let mut error = CheckError::from(message);
        for (what, n, key) in levels {
            // The levels hold each other: a deal is known only within its game.
            let Some(n) = n else { break };
            error.place.push((what, n));
            error
                .path
                .extend([Step::Key(key), Step::Index(n.saturating_sub(1))]);
        }
        error
    }
}

/// Names as a sentence lists them: "A", "A and B", "A, B and C".
fn and_list(names: &[&str]) -> String {
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The two kinds of document the commands read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// EGN, or EMN for a match (`euchre egn ...`).
    Egn,
    /// Our own game record (`euchre record ...`).
    Record,
}

/// Where a document refused as one kind (`read_as`) is plainly the other, which command reads
/// it (`verb`: `check` or `show`, as the command refusing it); and where it is an engine
/// protocol response, which of its fields holds the document.
///
/// Judged by the keys at the top of the document, not by words anywhere in it: a saved
/// response (`{"id":..,"ok":true,"egn":{"fileType":..}}`) was sent to `egn check`, which
/// refuses it.
pub fn other_kind(text: &str, read_as: DocKind, verb: &str, e: impl std::fmt::Display) -> String {
    let keys = top_level_keys(text);
    let has = |k: &str| keys.iter().any(|key| key == k);
    // A document says what it is near its start.
    let head: String = text.chars().take(4096).collect();
    match read_as {
        _ if has("ok") && has("egn") => format!(
            "{e} (this is an engine protocol response: its 'egn' field is the EGN document, which `euchre egn {verb}` reads)"
        ),
        _ if has("ok") && has("record") => format!(
            "{e} (this is an engine protocol response: its 'record' field is the game record, which `euchre record {verb}` reads)"
        ),
        DocKind::Egn if has("format") && head.contains("\"euchre-record\"") => {
            format!("{e} (this is a game record: `euchre record {verb}` reads it)")
        }
        DocKind::Record if has("fileType") => {
            let what = if head.contains("Euchre Match Notation") {
                "an EMN match"
            } else {
                "an EGN document"
            };
            format!("{e} (this is {what}: `euchre egn {verb}` reads it)")
        }
        _ => e.to_string(),
    }
}

/// The keys of the object `text` holds, read without keeping their values (so memory stays
/// small whatever the text holds); none when it is not a JSON object.
fn top_level_keys(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str::<std::collections::BTreeMap<String, serde::de::IgnoredAny>>(text)
        .map(|keys| keys.into_keys().collect())
        .unwrap_or_default()
}

/// An EGN/EMN document, replayed.
pub fn check_egn(text: &str) -> Result<CheckSummary, CheckError> {
    check_egn_for(text, "check")
}

/// The fault of a document that `verb` (`show`) could not read, in the words and at the
/// line and column `check` gives it (records tester s53, 4); `None` when check finds none.
pub fn fault_as_checked(text: &str, kind: DocKind, verb: &str) -> Option<(String, Option<(usize, usize)>)> {
    let checked = match kind {
        DocKind::Egn => check_egn_for(text, verb).err(),
        DocKind::Record => check_record_for(text, verb).err(),
    };
    checked.map(|e| {
        let e = e.located_in(text);
        (e.message, e.line)
    })
}

fn check_egn_for(text: &str, verb: &str) -> Result<CheckSummary, CheckError> {
    let s = euchre_egn::check_text(text).map_err(|e| {
        let place = e.place();
        let line = schema_fault_line(text, &e.to_string());
        let mut error = CheckError::of_egn(other_kind(text, DocKind::Egn, verb, e), place);
        error.line = line;
        error
    })?;
    let standing = s.outcome.as_ref().map(|o| match o {
        euchre_egn::MatchOutcome::Won(ids) => Standing::Players(
            ids.iter()
                .map(|id| {
                    let name = s
                        .wins
                        .iter()
                        .find(|p| p.id == *id)
                        .and_then(|p| p.name.as_deref());
                    (id.clone(), euchre::text::shown(name.unwrap_or(id)))
                })
                .collect(),
        ),
        euchre_egn::MatchOutcome::Drawn => Standing::Drawn,
        euchre_egn::MatchOutcome::Unfinished => Standing::Unfinished,
        euchre_egn::MatchOutcome::Unknown => Standing::Unknown,
    });
    Ok(CheckSummary {
        standing,
        deals: s.deals,
        score: s.score.map(|x| x.to_vec()),
        winner: s.winner.map(|t| t.index()),
        team: true,
        games: s.games,
        won: if s.games.is_some() {
            GamesWon::Players(s.wins)
        } else {
            GamesWon::None
        },
    })
}

/// The line and column of an EGN game's schema fault (a field unknown or of the wrong kind),
/// which the reader finds in the parsed document, where nothing says a line: the parser,
/// reading the text into the same schema, says where it stops, and where its fault is the
/// same, that is the place (records tester s53, 4).
fn schema_fault_line(text: &str, message: &str) -> Option<(usize, usize)> {
    let fault = message.strip_prefix("does not follow the EGN schema: ")?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let e = serde_json::from_str::<euchre_egn::EgnFile>(text).err()?;
    let said = e.to_string();
    let same = said
        .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
        .is_some_and(|s| s == fault);
    same.then_some((e.line(), e.column().max(1)))
}

/// A game record (`docs/record-format.md`) of any family, replayed.
pub fn check_record(text: &str) -> Result<CheckSummary, CheckError> {
    check_record_for(text, "check")
}

fn check_record_for(text: &str, verb: &str) -> Result<CheckSummary, CheckError> {
    let replay = euchre_record::read_any(text).map_err(|e| {
        let place = e.place;
        CheckError::of_record(other_kind(text, DocKind::Record, verb, e), place)
    })?;
    match replay {
        euchre_record::AnyReplay::Partnership(r) => {
            let last = r.games.last().expect("a replayed record has a game");
            let single = !r.is_match();
            let standing = (!single).then(|| match (r.is_over(), r.winner()) {
                (false, _) => Standing::Unfinished,
                (true, Some(t)) => Standing::Team(t.index()),
                (true, None) => Standing::Drawn,
            });
            Ok(CheckSummary {
                standing,
                deals: r.games.iter().map(|g| g.all_deals().count()).sum(),
                score: single.then(|| last.score().to_vec()),
                winner: if single {
                    last.winner().map(|t| t.index())
                } else {
                    None
                },
                team: true,
                games: (!single).then_some(r.games.len()),
                won: if single {
                    GamesWon::None
                } else {
                    GamesWon::Teams {
                        wins: r.wins,
                        slams: r.rules.slams,
                    }
                },
            })
        }
        euchre_record::AnyReplay::Solo(g) => Ok(CheckSummary {
            deals: g.all_deals().count(),
            score: Some(g.scores().to_vec()),
            winner: g.winner().map(|s| s.index()),
            team: false,
            games: None,
            won: GamesWon::None,
            standing: None,
        }),
    }
}

/// The largest file read: the larger of the two formats' own document limits.
pub const MAX_FILE_BYTES: u64 = {
    let (egn, record) = (
        euchre_egn::MAX_DOCUMENT_BYTES as u64,
        euchre_record::MAX_RECORD_BYTES as u64,
    );
    if egn > record {
        egn
    } else {
        record
    }
};

/// Reads a document file as text, refusing one over [`MAX_FILE_BYTES`] without reading it (or,
/// for a file whose size is not known in advance, such as a pipe, without reading past the limit).
pub fn read_document(path: &Path) -> Result<String, String> {
    crate::bounded_read::read_text(path, MAX_FILE_BYTES)
}

/// Checks each file with `checker`; prints a line per file; returns the exit status: 0 when
/// every file is valid, 1 when one is not, 2 when one could not be read at all (missing, a
/// folder, unreadable), so that a tournament's script tells a missing file from a broken game
/// (EGN tester s51, 19). Every file is reported either way.
pub fn check(
    files: &[PathBuf],
    as_json: bool,
    checker: impl Fn(&str) -> Result<CheckSummary, CheckError>,
) -> i32 {
    let mut failed = 0;
    let mut unread = 0;
    for f in files {
        let name = f.display().to_string();
        let text = read_document(f);
        unread += usize::from(
            text.as_ref()
                .is_err_and(|e| e.starts_with(crate::bounded_read::CANT_READ)),
        );
        let result = text
            .map_err(CheckError::from)
            .and_then(|t| checker(&t).map_err(|e| e.located_in(&t)));
        match result {
            Ok(s) => {
                if as_json {
                    let mut v = json!({"file": name, "ok": true, "deals": s.deals, "score": s.score,
                        "winner": s.winner});
                    if let Some(g) = s.games {
                        v["games"] = g.into();
                    }
                    // A match's winner: the team (a record's), or the players (EMN's, by
                    // id); null while unfinished or drawn, and `finished` says which.
                    match &s.standing {
                        None => {}
                        Some(Standing::Team(t)) => {
                            v["winner"] = (*t).into();
                            v["finished"] = true.into();
                        }
                        Some(Standing::Players(p)) => {
                            v["winner"] = p.iter().map(|(id, _)| id.as_str()).collect();
                            v["finished"] = true.into();
                        }
                        Some(Standing::Drawn) => v["finished"] = true.into(),
                        Some(Standing::Unfinished) => v["finished"] = false.into(),
                        Some(Standing::Unknown) => v["finished"] = serde_json::Value::Null,
                    }
                    match &s.won {
                        GamesWon::None => {}
                        GamesWon::Teams { wins, .. } => v["games_won"] = json!(wins),
                        GamesWon::Players(w) => {
                            v["games_won_by_player"] = w
                                .iter()
                                .map(|p| json!({"player": p.id, "name": p.name, "games_won": p.games_won}))
                                .collect();
                        }
                    }
                    crate::emit(&v.to_string());
                } else {
                    // The two team scores as `egn show` and the readers' messages write them
                    // ("6 : 10", "0 : -4": joined by '-', "0--4" did not read); the individual
                    // games' scores, one per player, as a list ("[5, 5, -2, 2]").
                    let score = s
                        .score
                        .map(|sc| match sc.as_slice() {
                            [a, b] if s.team => format!(", score {}", euchre_egn::score_pair(a, b)),
                            _ => format!(", score {}", crate::show::score_list(&sc)),
                        })
                        .unwrap_or_default();
                    let plural =
                        |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
                    let games = s
                        .games
                        .map(|g| format!("{}, ", plural(g, "game")))
                        .unwrap_or_default();
                    let who = if s.team { "team" } else { "seat" };
                    let winner = s
                        .winner
                        .map(|t| format!(", won by {who} {t}"))
                        .unwrap_or_default();
                    let won = match &s.won {
                        GamesWon::None => String::new(),
                        GamesWon::Teams { wins: [a, b], slams } => {
                            let how = if *slams { " (a slam counts two)" } else { "" };
                            format!(", games won {a} : {b}{how}")
                        }
                        GamesWon::Players(w) => {
                            let each: Vec<String> = w
                                .iter()
                                .map(|p| {
                                    let who = p.name.as_deref().unwrap_or(&p.id);
                                    let who = euchre::text::shown(who);
                                    format!("{who} {}", p.games_won)
                                })
                                .collect();
                            format!(", games won: {}", each.join(", "))
                        }
                    };
                    let standing = match &s.standing {
                        None | Some(Standing::Unknown) => String::new(),
                        Some(Standing::Team(t)) => format!(", won by team {t}"),
                        Some(Standing::Players(p)) => {
                            let names: Vec<&str> = p.iter().map(|(_, n)| n.as_str()).collect();
                            format!(", won by {}", and_list(&names))
                        }
                        Some(Standing::Drawn) => ", drawn".into(),
                        Some(Standing::Unfinished) => ", unfinished".into(),
                    };
                    crate::emit(&format!(
                        "ok   {name}: {games}{}{score}{winner}{won}{standing}",
                        plural(s.deals, "deal")
                    ));
                }
            }
            Err(e) => {
                failed += 1;
                if as_json {
                    let mut v = json!({"file": name, "ok": false, "error": e.message});
                    for (what, n) in &e.place {
                        v[*what] = (*n).into();
                    }
                    if let Some((line, column)) = e.line {
                        v["line"] = line.into();
                        v["column"] = column.into();
                    }
                    crate::emit(&v.to_string());
                } else {
                    // `file:line:column:` as compilers write it, which editors follow.
                    let at = e.line.map(|(l, c)| format!(":{l}:{c}")).unwrap_or_default();
                    crate::emit(&format!("FAIL {name}{at}: {}", e.message));
                }
            }
        }
    }
    if unread > 0 {
        2
    } else {
        i32::from(failed > 0)
    }
}
