//! One protocol session: the game in progress and the handling of each request.

use crate::request::{parse_request, GivenDeal, Request};
use euchre::solo::{SoloDeal, SoloGame};
use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Deal, Game, Seat};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

/// The request's `id` exactly as written, when the line is a JSON object with one `id`.
fn raw_id(line: &str) -> Option<&RawValue> {
    #[derive(Deserialize)]
    struct IdOnly<'a> {
        #[serde(borrow, default)]
        id: Option<&'a RawValue>,
    }
    serde_json::from_str::<IdOnly>(line).ok()?.id
}

/// The state of one `euchre engine` conversation.
#[derive(Default)]
pub struct Session {
    game: Option<AnyGame>,
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
        let raw = if id.is_null() { None } else { raw_id(line) };
        let id_text = raw.map_or_else(|| id.to_string(), |raw| raw.get().to_string());
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
                    if score != [0, 0] {
                        return Err("'score' is for the four-handed game (two teams)".into());
                    }
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
                    AnyGame::Solo(Box::new(g))
                }
            };
            self.game = Some(game);
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
                if !game.next_deal() {
                    return Err("the game is over".into());
                }
                Ok(json!({"state": self.state()}))
            }
            Request::Egn => match game {
                AnyGame::Partnership(g) => Ok(json!({"egn": euchre_egn::game_to_egn(g, None)})),
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
            Request::New { .. } => unreachable!("handled above"),
        }
    }

    fn state(&self) -> Value {
        match &self.game {
            None => Value::Null,
            Some(AnyGame::Partnership(game)) => partnership_state(game),
            Some(AnyGame::Solo(game)) => solo_state(game),
        }
    }
}

fn new_partnership_game(
    rules: euchre::Rules,
    deal: Option<GivenDeal>,
    seed: u64,
    dealer: Option<Seat>,
    score: [i32; 2],
) -> Result<Game, String> {
    Ok(match deal {
        Some(GivenDeal {
            dealer,
            hands,
            upcard,
            kitty,
        }) => {
            let [a, b, c, d] = hands.as_slice() else {
                return Err(format!("deal 'hands' must have 4 hands, not {}", hands.len()));
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
    json!({
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
        "points": d.points(),
        "score": game.score(),
        "deal_number": game.deals_started() - 1,
        "game_over": game.is_over(),
        "winner": game.winner(),
    })
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
