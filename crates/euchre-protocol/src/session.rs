//! One protocol session: the game in progress and the handling of each request.

use crate::request::{parse_request, GivenDeal, Request};
use euchre::observation::Observation;
use euchre::{Deal, Game};
use serde_json::{json, Value};

/// The state of one `euchre engine` conversation.
#[derive(Default)]
pub struct Session {
    game: Option<Game>,
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Session {
        Session::default()
    }

    /// The game in progress, if any.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Handles one request line and returns one response line (without the newline).
    pub fn handle_line(&mut self, line: &str) -> String {
        let response = match parse_request(line) {
            Err(e) => json!({"id": e.id, "ok": false, "error": e.message}),
            Ok((id, req)) => match self.handle(req) {
                Ok(Value::Object(fields)) => {
                    // `id` and `ok` first, so a person reading the stream sees them at once.
                    let mut v = json!({"id": id, "ok": true});
                    if let Value::Object(m) = &mut v {
                        m.extend(fields);
                    }
                    v
                }
                Ok(other) => json!({"id": id, "ok": true, "result": other}),
                Err(message) => json!({"id": id, "ok": false, "error": message}),
            },
        };
        response.to_string()
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
            let game = match deal {
                Some(GivenDeal {
                    dealer,
                    hands,
                    upcard,
                    kitty,
                }) => {
                    let d = Deal::new(rules, dealer, hands, upcard, kitty).map_err(|e| e.to_string())?;
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
            };
            self.game = Some(game);
            return Ok(json!({"state": self.state()}));
        }
        let game = self
            .game
            .as_mut()
            .ok_or("no game: send {\"cmd\":\"new\"} first")?;
        match req {
            Request::Legal => {
                let deal = game.deal();
                let actions: Vec<String> = deal.legal_actions().iter().map(|a| a.to_string()).collect();
                Ok(json!({"seat": deal.to_act(), "actions": actions}))
            }
            Request::Apply(a) => {
                game.apply(a).map_err(|e| e.to_string())?;
                Ok(json!({"state": self.state()}))
            }
            Request::State => Ok(json!({"state": self.state()})),
            Request::Observe(seat) => {
                Ok(json!({"observation": observation_json(&game.deal().observation(seat))}))
            }
            Request::Next => {
                if !game.deal().is_done() {
                    return Err("the deal is not over yet".into());
                }
                if !game.next_deal() {
                    return Err("the game is over".into());
                }
                Ok(json!({"state": self.state()}))
            }
            Request::Egn => Ok(json!({"egn": euchre_egn::game_to_egn(game, None)})),
            Request::Rules => {
                let opts: serde_json::Map<String, Value> = game
                    .rules()
                    .options()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), Value::String(v)))
                    .collect();
                Ok(json!({"rules": opts}))
            }
            Request::New { .. } => unreachable!("handled above"),
        }
    }

    fn state(&self) -> Value {
        let Some(game) = &self.game else {
            return Value::Null;
        };
        let d = game.deal();
        json!({
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
}

/// An observation as JSON: only what that seat may know.
pub fn observation_json(o: &Observation) -> Value {
    serde_json::to_value(o).unwrap_or(Value::Null)
}
