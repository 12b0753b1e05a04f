//! One protocol session: the game in progress and the handling of each request.

use crate::request::{compact, parse_request, raw_id, GivenDeal, Request};
use euchre::game::{is_a_match, match_game_seed, match_over};
use euchre::solo::{SoloDeal, SoloGame};
use euchre::table::{AnyDeal, AnyGame, AnyRules, Table};
use euchre::{Action, Deal, Game, Seat};
use euchre_ai::solver::{slow_search, Solver};
use euchre_ai::{Budget, GameView, Outlook};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// The state of one `euchre engine` conversation.
#[derive(Default)]
pub struct Session {
    game: Option<AnyGame>,
    /// The four-handed games of the match finished before the current one.
    earlier: Earlier,
}

/// What a match has counted before the game in progress (the four-handed game, when the rules
/// make a match of several games): `next` after a game's end starts the next game from it.
#[derive(Default)]
struct Earlier {
    /// Games finished before the current one.
    games: usize,
    /// Games won per team in them (two for a slam, several for laps).
    wins: [u32; 2],
    /// The seed the later games of the match follow from.
    seed: u64,
}

impl Earlier {
    /// The games won in the match with those of `game` (none until it is over) added.
    fn wins_with(&self, game: &Game) -> [u32; 2] {
        let (won, _) = game.match_result();
        [self.wins[0] + won[0], self.wins[1] + won[1]]
    }
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Session {
        Session::default()
    }

    /// The game in progress, if any.
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    /// Handles one request line and returns one response line (without the newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        let (id, body) = match parse_request(line) {
            Err(e) => (e.id, json!({"ok": false, "error": e.message})),
            Ok((id, req)) => match self.handle(req) {
                Ok(Value::Object(fields)) => {
                    let mut v = json!({"ok": true});
                    if let Value::Object(m) = &mut v {
                        m.extend(fields);
                    }
                    (id, v)
                }
                Ok(other) => (id, json!({"ok": true, "result": other})),
                Err(message) => (id, json!({"ok": false, "error": message})),
            },
        };
        // `id` first, so a person reading the stream sees it at once, and as the client wrote it:
        // a JSON number such as 12345678901234567890123 does not survive a round trip through f64.
        // Its white space is left out, so that the response stays on one line.
        let raw = if id.is_null() { None } else { raw_id(line) };
        let id_text = raw.map_or_else(|| id.to_string(), |raw| compact(raw.get()));
        let body = body.to_string();
        format!("{{\"id\":{id_text},{}", &body[1..])
    }

    fn handle(&mut self, req: Request) -> Result<Value, String> {
        if let Request::New {
            rules,
            deal,
            seed,
            dealer,
            score,
        } = req
        {
            let game = match rules {
                AnyRules::Partnership(rules) => {
                    AnyGame::Partnership(Box::new(new_partnership_game(rules, deal, seed, dealer, score)?))
                }
                AnyRules::Solo(rules) => {
                    let g = match deal {
                        Some(GivenDeal {
                            dealer,
                            hands,
                            upcard,
                            kitty,
                        }) => SoloGame::starting_with(
                            SoloDeal::with_kitty(rules, dealer, &hands, upcard, kitty)?,
                            seed,
                        ),
                        None => match dealer {
                            Some(dl) if dl.index() >= usize::from(rules.players) => {
                                return Err(format!(
                                    "dealer {dl} is not one of the {} players",
                                    rules.players
                                ))
                            }
                            Some(dl) => SoloGame::starting_with(
                                SoloDeal::from_seed(rules, dl, euchre::game::deal_seed(seed, 0)),
                                seed,
                            ),
                            None => SoloGame::new(rules, seed),
                        },
                    };
                    let g = match score {
                        Some(scores) => {
                            let first = g.deal().clone();
                            SoloGame::starting_from(first, seed, &scores)
                                .map_err(|e| format!("'score': {e}"))?
                        }
                        None => g,
                    };
                    AnyGame::Solo(Box::new(g))
                }
            };
            self.game = Some(game);
            self.earlier = Earlier {
                seed,
                ..Earlier::default()
            };
            return Ok(json!({"state": self.state()}));
        }
        let game = self
            .game
            .as_mut()
            .ok_or("no game: send {\"cmd\":\"new\"} first")?;
        // Every family through the one interface: legality is never decided here.
        match req {
            Request::Legal => {
                let actions: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
                Ok(json!({"seat": game.to_act(), "actions": actions}))
            }
            Request::Apply(a) => {
                game.apply(a).map_err(|e| e.to_string())?;
                Ok(json!({"state": self.state()}))
            }
            Request::State => Ok(json!({"state": self.state()})),
            Request::Observe(seat) => {
                if seat.index() >= game.players() {
                    return Err(format!(
                        "'seat' must be a seat 0..{}, not {seat}",
                        game.players() - 1
                    ));
                }
                let view = serde_json::to_value(game.view(seat)).unwrap_or(Value::Null);
                Ok(json!({"observation": view}))
            }
            Request::Next => {
                if !game.deal_over() {
                    return Err("the deal is not over yet".into());
                }
                if game.next_deal() {
                    return Ok(json!({"state": self.state()}));
                }
                let AnyGame::Partnership(g) = game else {
                    return Err("the game is over".into());
                };
                let rules = *g.rules();
                let (_, carried) = g.match_result();
                let wins = self.earlier.wins_with(g);
                let played = self.earlier.games + 1;
                if !is_a_match(&rules) {
                    return Err("the game is over".into());
                }
                if match_over(&rules, wins, played) {
                    return Err("the match is over".into());
                }
                self.earlier.games = played;
                self.earlier.wins = wins;
                let seed = match_game_seed(self.earlier.seed, played as u64);
                **g = Game::with_score(rules, seed, carried).seated_as(g);
                Ok(json!({"state": self.state()}))
            }
            Request::Egn => match game {
                // Refused where EGN's words would read back as another game (jambone, ...).
                AnyGame::Partnership(g) => euchre_egn::game_to_faithful_egn(g, None)
                    .map(|egn| json!({"egn": egn}))
                    .map_err(|e| format!("{e}; ask for the game record ({{\"cmd\":\"record\"}})")),
                AnyGame::Solo(g) => Err(format!(
                    "EGN can't record {}: ask for the game record ({{\"cmd\":\"record\"}})",
                    g.rules().family.name()
                )),
            },
            Request::Record => Ok(json!({"record": euchre_record::write_any(game)})),
            Request::Rules => {
                let options = match game {
                    AnyGame::Partnership(g) => g.rules().options(),
                    AnyGame::Solo(g) => g.rules().options(),
                };
                let opts: serde_json::Map<String, Value> = options
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), Value::String(v)))
                    .collect();
                Ok(json!({"rules": opts}))
            }
            Request::Choose { .. } | Request::Hint { .. } | Request::Solve if game.to_act().is_none() => {
                Err(nobody_to_act(game, &self.earlier))
            }
            Request::Choose {
                player,
                time_ms,
                seed,
            } => choose(game, &player, time_ms, seed),
            Request::Hint { time_ms, seed } => choose(game, euchre_ai::DEFAULT_PLAYER, time_ms, seed),
            Request::Solve => solve(game),
            Request::New { .. } => unreachable!("handled above"),
        }
    }

    fn state(&self) -> Value {
        match &self.game {
            None => Value::Null,
            Some(AnyGame::Partnership(game)) => {
                let mut v = partnership_state(game);
                self.add_match_count(game, &mut v);
                v
            }
            Some(AnyGame::Solo(game)) => solo_state(game),
        }
    }
}

impl Session {
    /// Under `laps`, `slams` or a match: the games won so far (the current game counted once it
    /// is over), the points the game carries into the next under `laps` (once it is over), and
    /// in a match the game's number and whether the match is decided.
    fn add_match_count(&self, game: &Game, v: &mut Value) {
        let rules = game.rules();
        let a_match = is_a_match(rules);
        if !(rules.laps || rules.slams || a_match) {
            return;
        }
        let wins = self.earlier.wins_with(game);
        v["games_won"] = json!(wins);
        if rules.laps {
            v["laps_carried"] = json!(game.match_result().1);
        }
        if a_match {
            let played = self.earlier.games + usize::from(game.is_over());
            v["game_number"] = json!(self.earlier.games);
            v["match_over"] = json!(game.is_over() && match_over(rules, wins, played));
        }
    }
}

/// Why nobody is to act: the deal is over, the game, or the match (in a match whose game is
/// over, `next` starts the next game; `next` says the same).
fn nobody_to_act(game: &AnyGame, earlier: &Earlier) -> String {
    if !game.is_over() {
        return "nobody is to act: the deal is over (send {\"cmd\":\"next\"} for the next one)".into();
    }
    match game {
        AnyGame::Partnership(g) if is_a_match(g.rules()) => {
            if match_over(g.rules(), earlier.wins_with(g), earlier.games + 1) {
                "nobody is to act: the match is over".into()
            } else {
                "nobody is to act: the game is over (send {\"cmd\":\"next\"} for the match's next game)"
                    .into()
            }
        }
        _ => "nobody is to act: the game is over".into(),
    }
}

/// The seat to act (the caller has answered a request made when nobody is with
/// [`nobody_to_act`]).
fn seat_to_act(game: &AnyGame) -> Result<Seat, String> {
    game.to_act().ok_or_else(|| "nobody is to act".into())
}

/// A value for the protocol: three decimals, and no `-0.0`.
fn rounded(v: f64) -> f64 {
    let r = (v * 1000.0).round() / 1000.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// Actions with their values as a JSON object keyed by the action's canonical text, in the
/// order given (the legal order).
fn values_object(values: &[(Action, f64)]) -> Value {
    Value::Object(
        values
            .iter()
            .map(|(a, v)| (a.to_string(), json!(rounded(*v))))
            .collect(),
    )
}

/// Each valued action (canonical text) to what the player expects of it, rounded as the
/// values are; the game-win fields only where the player knows them.
fn outlooks_object(values: &[(Action, f64)], outlooks: &[Outlook]) -> Value {
    Value::Object(
        values
            .iter()
            .zip(outlooks)
            .map(|((a, _), o)| {
                let mut fields = serde_json::Map::new();
                for (name, v) in [
                    ("points", o.points),
                    ("make", o.make),
                    ("march", o.march),
                    ("euchred", o.euchred),
                    ("they_make", o.they_make),
                    ("they_march", o.they_march),
                    ("they_euchred", o.they_euchred),
                ] {
                    fields.insert(name.into(), json!(rounded(v)));
                }
                for (name, v) in [("win", o.win), ("win_change", o.win_change)] {
                    if let Some(v) = v {
                        fields.insert(name.into(), json!(rounded(v)));
                    }
                }
                (a.to_string(), Value::Object(fields))
            })
            .collect(),
    )
}

/// `choose` and `hint`: the named player decides for the seat to act, given that seat's view
/// of the game and nothing else.
fn choose(game: &AnyGame, name: &str, time_ms: Option<u64>, seed: u64) -> Result<Value, String> {
    let mut player = euchre_ai::player(name).map_err(|e| e.to_string())?;
    let seat = seat_to_act(game)?;
    let view = GameView::of_game(game, seat);
    if view.legal().is_empty() {
        return Err(format!("seat {seat} has no legal decision"));
    }
    let budget = time_ms.map_or(Budget::UNLIMITED, Budget::millis);
    let choice = player.choose(&view, &budget, &mut ChaCha8Rng::seed_from_u64(seed));
    let mut answer = json!({
        "seat": seat,
        "player": player.name(),
        "action": choice.action.to_string(),
        "values": values_object(&choice.values),
    });
    if !choice.outlooks.is_empty() {
        answer["outlooks"] = outlooks_object(&choice.values, &choice.outlooks);
    }
    if !choice.close.is_empty() {
        let close = choice.values.iter().zip(&choice.close);
        let others = close.filter(|&(&(a, _), &c)| c && a != choice.action);
        answer["close"] = others.map(|((a, _), _)| json!(a.to_string())).collect();
    }
    Ok(answer)
}

/// `solve`: the exact value of every legal action of the seat to act, every card known.
///
/// Refused where the search of the decisions before the play is slow (see `docs/protocol.md`),
/// as `euchre solve` refuses it: [`slow_search`] says where and why.
fn solve(game: &AnyGame) -> Result<Value, String> {
    let seat = seat_to_act(game)?;
    let deal = match game {
        AnyGame::Partnership(g) => AnyDeal::Partnership(Box::new(g.deal().clone())),
        AnyGame::Solo(g) => AnyDeal::Solo(Box::new(g.deal().clone())),
    };
    if let Some(slow) = slow_search(&deal) {
        return Err(format!("{slow}; ask again {}", slow.answered()));
    }
    let values = Solver::new().action_values(&deal);
    let mut best: Option<(Action, f64)> = None;
    for &(a, v) in &values {
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((a, v));
        }
    }
    let best = best.ok_or_else(|| format!("seat {seat} has no legal decision"))?;
    Ok(json!({
        "seat": seat,
        "values": values_object(&values),
        "best": best.0.to_string(),
    }))
}

fn new_partnership_game(
    rules: euchre::Rules,
    deal: Option<GivenDeal>,
    seed: u64,
    dealer: Option<Seat>,
    score: Option<Vec<i32>>,
) -> Result<Game, String> {
    let score = match score.as_deref() {
        None => [0, 0],
        Some(&[a, b]) => {
            euchre::game::check_starting_score(&rules, [a, b]).map_err(|e| format!("'score' {e}"))?;
            [a, b]
        }
        Some(other) => {
            return Err(format!(
                "'score' has {}: the four-handed game has two, [team 0, team 1]",
                euchre::text::count(other.len(), "entry", "entries")
            ))
        }
    };
    Ok(match deal {
        Some(GivenDeal {
            dealer,
            hands,
            upcard,
            kitty,
        }) => {
            let [a, b, c, d] = hands.as_slice() else {
                return Err(format!(
                    "deal 'hands' must have 4 hands (one per player), not {}",
                    hands.len()
                ));
            };
            let upcard = upcard.ok_or("deal needs 'upcard'")?;
            let d = Deal::new(rules, dealer, [*a, *b, *c, *d], upcard, kitty).map_err(|e| e.to_string())?;
            Game::starting_with(d, seed, score)
        }
        None => {
            let mut g = Game::new(rules, seed);
            if let Some(dl) = dealer {
                let d = Deal::from_seed(rules, dl, euchre::game::deal_seed(seed, 0));
                g = Game::starting_with(d, seed, score);
            } else if score != [0, 0] {
                g = Game::starting_with(g.deal().clone(), seed, score);
            }
            g
        }
    })
}

fn partnership_state(game: &Game) -> Value {
    let d = game.deal();
    let mut v = json!({
        "family": "four-handed",
        "phase": d.phase().name(),
        "to_act": d.to_act(),
        "dealer": d.dealer(),
        "upcard": d.upcard(),
        "trump": d.trump(),
        "maker": d.maker(),
        "alone": d.lone_maker(),
        "lone_defender": d.lone_defender(),
        "tricks": d.tricks_won(),
        "points": game.deal_points(),
        "score": game.score(),
        "deal_number": game.deals_started() - 1,
        "game_over": game.is_over(),
        "winner": game.winner(),
    });
    if game.rules().four_trick_tokens {
        v["tokens"] = json!(game.tokens());
    }
    // The cut seats the players named in order: the client, which knows who they are, sits
    // them so (the engine knows only seats).
    if game.rules().partners == euchre::rules::Partners::CutHighLow {
        v["seating"] = json!(game.seating());
    }
    v
}

fn solo_state(game: &SoloGame) -> Value {
    let d = game.deal();
    let mut v = json!({
        "family": game.rules().family.name(),
        "players": game.rules().players,
        "phase": d.phase().name(),
        "to_act": game.to_act(),
        "dealer": d.dealer(),
        "upcard": d.upcard(),
        "trump": d.trump().map(|t| t.to_string()),
        "maker": d.maker(),
        "bid": d.bid(),
        "declared": d.declared(),
        "active": (0..d.players()).map(|i| d.is_active(Seat::new(i))).collect::<Vec<_>>(),
        "tricks": d.tricks_won(),
        "points": d.delta(),
        "score": game.scores(),
        "deal_number": game.all_deals().count() - 1,
        "game_over": game.is_over(),
        "winner": game.winner(),
    });
    if game.rules().ante > 0 || game.rules().euchre_stake > 0 {
        v["chips"] = json!(game.chips());
        v["pool"] = json!(game.pool());
    }
    v
}
