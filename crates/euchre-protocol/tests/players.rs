//! `choose`, `hint` and `solve` through a [`Session`]: a player decides from the seat's view
//! alone and reproducibly from the seed, and `solve` gives the solver's exact values.

use euchre::table::{AnyDeal, AnyGame, AnyRules, Table};
use euchre::Action;
use euchre_ai::solver::Solver;
use euchre_protocol::Session;
use serde_json::{json, Value};

fn send(session: &mut Session, request: &Value) -> Value {
    let line = session.handle_line(&request.to_string());
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("response is not JSON ({e}): {line}"))
}

fn ok(session: &mut Session, request: &Value) -> Value {
    let r = send(session, request);
    assert_eq!(r["ok"], true, "{request} failed: {r}");
    r
}

fn legal(session: &mut Session) -> Vec<String> {
    let r = ok(session, &json!({"cmd": "legal"}));
    r["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a.as_str().expect("action text").to_string())
        .collect()
}

fn apply(session: &mut Session, action: &str) {
    ok(session, &json!({"cmd": "apply", "action": action}));
}

/// The keys of a `values` object, in order.
fn keys(values: &Value) -> Vec<String> {
    values
        .as_object()
        .unwrap_or_else(|| panic!("values is not an object: {values}"))
        .keys()
        .cloned()
        .collect()
}

/// The deal of the docs' examples: dealer 3, 9H turned up.
const HANDS: [[&str; 5]; 4] = [
    ["9C", "TC", "JC", "QC", "KC"],
    ["AC", "9D", "TD", "JD", "QD"],
    ["KD", "AD", "9S", "TS", "JS"],
    ["QS", "KS", "AS", "TH", "JH"],
];

fn new_with_hands(hands: &[[&str; 5]; 4]) -> Session {
    let mut s = Session::new();
    ok(
        &mut s,
        &json!({"cmd": "new", "rules": "north-american", "seed": 5,
            "deal": {"dealer": 3, "hands": hands, "upcard": "9H"}}),
    );
    s
}

/// Checks the session's `solve` against the solver run here on the same position of `game`.
fn assert_solve_matches(session: &mut Session, game: &AnyGame, at: &str) {
    let deal = match game {
        AnyGame::Partnership(g) => AnyDeal::Partnership(Box::new(g.deal().clone())),
        AnyGame::Solo(g) => AnyDeal::Solo(Box::new(g.deal().clone())),
    };
    let want = Solver::new().action_values(&deal);
    let r = ok(session, &json!({"cmd": "solve"}));
    assert_eq!(r["seat"], json!(game.to_act()), "{at}: {r}");
    let got = r["values"].as_object().expect("values");
    let names: Vec<String> = want.iter().map(|(a, _)| a.to_string()).collect();
    assert_eq!(
        keys(&r["values"]),
        names,
        "{at}: every legal action, in legal order"
    );
    for (a, v) in &want {
        let shown = got[&a.to_string()].as_f64().expect("a number");
        assert!(
            (shown - v).abs() <= 0.0005,
            "{at}: {a} is {shown}, the solver says {v}"
        );
    }
    let top = want.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
    let best = want.iter().find(|(_, v)| *v == top).map(|(a, _)| a.to_string());
    assert_eq!(r["best"].as_str().map(str::to_string), best, "{at}: {r}");
}

/// In the four-handed game `solve` answers at every decision, bidding included, with the
/// values the solver gives the same deal.
#[test]
fn solve_gives_the_solvers_values_at_every_decision() {
    for preset in ["north-american", "tournament", "british", "keller-1887"] {
        for seed in 0..3u64 {
            let mut s = Session::new();
            ok(&mut s, &json!({"cmd": "new", "rules": preset, "seed": seed}));
            let mut game = AnyRules::preset(preset).expect("preset").new_game(seed);
            let mut step = 0usize;
            while game.to_act().is_some() {
                let at = format!("{preset}, seed {seed}, decision {step}");
                assert_solve_matches(&mut s, &game, &at);
                // Make trump when offered, so the deal reaches the play; else vary the choice.
                let actions = legal(&mut s);
                let pick = actions
                    .iter()
                    .find(|a| *a == "order" || a.starts_with("call "))
                    .unwrap_or(&actions[(seed as usize + step) % actions.len()])
                    .clone();
                let action: Action = pick.parse().expect("canonical text parses");
                game.apply(action).expect("legal in the test's game too");
                apply(&mut s, &pick);
                step += 1;
            }
        }
    }
}

/// In the individual games `solve` answers from the first decision, but for Bid Euchre's
/// auction (which takes up to a minute to search): refused there, unchanged, and answered once
/// trump is to be named.
#[test]
fn solve_in_an_individual_game_waits_only_for_bid_euchres_auction() {
    for preset in ["three-handed", "set-back", "bid-euchre"] {
        let mut s = Session::new();
        ok(&mut s, &json!({"cmd": "new", "rules": preset, "seed": 3}));
        let mut game = AnyRules::preset(preset).expect("preset").new_game(3);
        let (mut solved, mut refused) = (0, 0);
        for step in 0..40 {
            if game.to_act().is_none() {
                break;
            }
            let before = ok(&mut s, &json!({"cmd": "state"}));
            let phase = before["state"]["phase"].as_str().expect("phase").to_string();
            if phase == "auction" {
                let r = send(&mut s, &json!({"cmd": "solve"}));
                assert_eq!(r["ok"], false, "{r}");
                let error = r["error"].as_str().expect("error");
                assert!(error.contains("once the auction is over"), "{error}");
                assert_eq!(ok(&mut s, &json!({"cmd": "state"})), before);
                refused += 1;
            } else if solved == 0 || phase == "play" && solved == 1 {
                // The first decision it answers, and the first lead.
                assert_solve_matches(&mut s, &game, &format!("{preset}, decision {step}"));
                solved += 1;
            }
            let actions = legal(&mut s);
            let pick = actions
                .iter()
                .find(|a| *a == "order" || *a == "stay" || a.starts_with("bid"))
                .unwrap_or(&actions[0])
                .clone();
            game.apply(pick.parse().expect("canonical text"))
                .expect("legal in the test's game too");
            apply(&mut s, &pick);
        }
        assert_eq!(solved, 2, "{preset}: solved before and at the play");
        assert_eq!(
            refused > 0,
            preset == "bid-euchre",
            "{preset}: refused {refused} times"
        );
    }
}

/// Under table-mode reneging the bidding takes seconds to solve: refused until the play.
#[test]
fn solve_under_table_mode_reneging_waits_for_the_play() {
    let mut s = Session::new();
    ok(
        &mut s,
        &json!({"cmd": "new", "options": {"reneging": "penalised"},
            "deal": {"dealer": 3, "hands": HANDS, "upcard": "9H"}}),
    );
    let r = send(&mut s, &json!({"cmd": "solve"}));
    assert_eq!(r["ok"], false, "{r}");
    assert!(r["error"].as_str().unwrap_or("").contains("reneging"), "{r}");
    apply(&mut s, "order");
    apply(&mut s, "discard QS");
    let r = ok(&mut s, &json!({"cmd": "solve"}));
    // Any card may be played under table mode: seat 0 leads with five to choose from.
    assert_eq!(keys(&r["values"]).len(), 5, "{r}");
}

/// The same request twice gets the same answer, an action that is legal, and (for a search
/// player) a value for every legal action.
#[test]
fn choose_with_a_seed_is_reproducible_and_legal() {
    let mut s = new_with_hands(&HANDS);
    apply(&mut s, "order");
    apply(&mut s, "discard QS");
    for _ in 0..3 {
        let actions = legal(&mut s);
        for player in ["pimc-5", "basic", "random", "MEDIUM"] {
            let request = json!({"cmd": "choose", "player": player, "seed": 7});
            let a = ok(&mut s, &request);
            assert_eq!(
                send(&mut s, &request),
                a,
                "{player}: the same line, the same answer"
            );
            let action = a["action"].as_str().expect("action").to_string();
            assert!(
                actions.contains(&action),
                "{player} chose {action}, not in {actions:?}"
            );
            assert_eq!(a["seat"], ok(&mut s, &json!({"cmd": "state"}))["state"]["to_act"]);
            if actions.len() == 1 {
                // A forced decision: nothing to weigh.
                assert_eq!(a["values"], json!({}), "{a}");
            } else if player.starts_with("pimc") || player == "MEDIUM" {
                assert_eq!(keys(&a["values"]), actions, "{a}");
            } else {
                assert_eq!(a["values"], json!({}), "{a}");
            }
        }
        let played = ok(&mut s, &json!({"cmd": "choose", "player": "pimc-5", "seed": 1}));
        apply(&mut s, played["action"].as_str().expect("action"));
    }
    // The canonical names come back: `medium` is pimc-10, `easy` is basic.
    let r = ok(&mut s, &json!({"cmd": "choose", "player": "medium"}));
    assert_eq!(r["player"], "pimc-10");
    let r = ok(&mut s, &json!({"cmd": "choose", "player": "easy"}));
    assert_eq!(r["player"], "basic");
}

/// A player that explains itself (`expert`, the default player behind `hint`) gives an outlook
/// for every valued action: chances within 0..=1, and in the four-handed game the chance of
/// winning the game; players that do not explain themselves give none.
#[test]
fn the_hint_explains_each_bid_with_its_outlook() {
    let mut s = new_with_hands(&HANDS);
    let actions = legal(&mut s);
    let r = ok(&mut s, &json!({"cmd": "hint", "seed": 3}));
    assert_eq!(r["player"], euchre_ai::DEFAULT_PLAYER, "{r}");
    assert_eq!(keys(&r["outlooks"]), actions, "{r}");
    assert_eq!(keys(&r["outlooks"]), keys(&r["values"]), "{r}");
    for (action, o) in r["outlooks"].as_object().expect("outlooks") {
        assert_eq!(o["points"], r["values"][action], "{r}");
        for field in [
            "make",
            "march",
            "euchred",
            "they_make",
            "they_march",
            "they_euchred",
            "win",
        ] {
            let p = o[field]
                .as_f64()
                .unwrap_or_else(|| panic!("{action}: no {field} in {o}"));
            assert!((0.0..=1.0).contains(&p), "{action}: {field} {p}");
        }
        assert!(o["win_change"].is_f64(), "{action}: {o}");
        // Marching is making with every trick.
        assert!(o["march"].as_f64() <= o["make"].as_f64(), "{action}: {o}");
    }
    // Ordering up makes trump for the seat's side: it is made or euchred, never the others'.
    let order = &r["outlooks"]["order"];
    let sum = order["make"].as_f64().unwrap() + order["euchred"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 0.01, "made or euchred: {order}");
    assert_eq!(order["they_make"], 0.0, "{order}");
    for player in ["pimc-5", "basic"] {
        let r = ok(&mut s, &json!({"cmd": "choose", "player": player, "seed": 3}));
        assert!(r.get("outlooks").is_none(), "{player}: {r}");
    }
}

/// A search player lists the other actions its worlds could not tell from its choice
/// (`close`): legal actions, never the choice itself; a player that searches no worlds lists
/// none. Seat 0 makes clubs holding every club but the ace; the right bower draws the ace and
/// the left. Its 9, 10, queen and king are then worth the same in every world (each wins
/// every trick), so whichever a search leads, the other three are close to it. Before that
/// lead, the right bower is worth more than the others in every world searched, and nothing
/// is close to it.
#[test]
fn a_search_lists_the_actions_it_cannot_tell_from_its_choice() {
    let mut s = new_with_hands(&HANDS);
    for a in ["pass", "pass", "pass", "pass", "call C"] {
        apply(&mut s, a);
    }
    let close_of = |r: &Value| -> Vec<String> {
        r["close"]
            .as_array()
            .unwrap_or_else(|| panic!("no close in {r}"))
            .iter()
            .map(|a| a.as_str().unwrap().to_string())
            .collect()
    };
    for player in ["expert", "pimc-20"] {
        let r = ok(&mut s, &json!({"cmd": "choose", "player": player, "seed": 3}));
        assert_eq!(r["action"], "JC", "{r}");
        assert!(close_of(&r).is_empty(), "{r}");
    }
    for a in ["JC", "AC", "JS", "QS"] {
        apply(&mut s, a);
    }
    let low = ["9C", "TC", "QC", "KC"];
    for (player, seed) in [("expert", 3), ("pimc-20", 3), ("expert", 4), ("pimc-20", 5)] {
        let r = ok(&mut s, &json!({"cmd": "choose", "player": player, "seed": seed}));
        let chosen = r["action"].as_str().unwrap();
        let mut expected: Vec<&str> = low.iter().copied().filter(|&c| c != chosen).collect();
        expected.sort_unstable();
        let mut close = close_of(&r);
        close.sort_unstable();
        assert_eq!(close, expected, "{player}: {r}");
    }
    let r = ok(&mut s, &json!({"cmd": "choose", "player": "basic", "seed": 3}));
    assert!(r.get("close").is_none(), "{r}");
}

/// Two sessions whose deals differ only in cards seat 0 cannot see (its two opponents swapped
/// a card) give seat 0 the same answer for the same seed, all through the deal.
#[test]
fn a_choice_does_not_depend_on_the_opponents_hidden_cards() {
    // Both opponents hold two spades, so each keeps one it may play in both deals.
    let hands = [
        ["9C", "TC", "JC", "QC", "KC"],
        ["AC", "9D", "TD", "9S", "TS"],
        ["KD", "AD", "JD", "QD", "JS"],
        ["QS", "KS", "AS", "TH", "JH"],
    ];
    let mut swapped = hands;
    // Seat 1's TS for seat 3's QS.
    swapped[1][4] = "QS";
    swapped[3][0] = "TS";
    let (mut a, mut b) = (new_with_hands(&hands), new_with_hands(&swapped));
    assert_ne!(
        ok(&mut a, &json!({"cmd": "observe", "seat": 1})),
        ok(&mut b, &json!({"cmd": "observe", "seat": 1})),
        "the deals differ"
    );
    let mut compared = 0;
    for _ in 0..40 {
        let state = ok(&mut a, &json!({"cmd": "state"}))["state"].clone();
        assert_eq!(ok(&mut b, &json!({"cmd": "state"}))["state"], state);
        if state["to_act"].is_null() {
            break;
        }
        let action = if state["to_act"] == 0 {
            assert_eq!(
                ok(&mut a, &json!({"cmd": "observe", "seat": 0})),
                ok(&mut b, &json!({"cmd": "observe", "seat": 0}))
            );
            for player in ["pimc-5", "basic"] {
                for seed in [0, 9] {
                    let request = json!({"cmd": "choose", "player": player, "seed": seed});
                    assert_eq!(ok(&mut a, &request), ok(&mut b, &request), "{player} at {state}");
                    compared += 1;
                }
            }
            let request = json!({"cmd": "choose", "player": "pimc-5"});
            ok(&mut a, &request)["action"]
                .as_str()
                .expect("action")
                .to_string()
        } else {
            // The others take an action legal in both deals, making trump when they can.
            let lb = legal(&mut b);
            let common: Vec<String> = legal(&mut a).into_iter().filter(|x| lb.contains(x)).collect();
            match common.iter().find(|x| *x == "order").or(common.first()) {
                Some(x) => x.clone(),
                // The swapped card must be played: the deals part here.
                None => break,
            }
        };
        apply(&mut a, &action);
        apply(&mut b, &action);
    }
    // The opening bid and seat 0's cards in the play.
    assert!(compared >= 5 * 4, "only {compared} choices compared");
}

/// Errors name what is wrong and change nothing; with no game, or nobody to act, there is
/// nothing to choose or solve.
#[test]
fn bad_choose_hint_and_solve_requests_are_refused() {
    let mut s = Session::new();
    for cmd in ["choose", "hint", "solve"] {
        let r = send(&mut s, &json!({"id": 1, "cmd": cmd}));
        assert_eq!(r["ok"], false, "{r}");
        assert!(r["error"].as_str().unwrap_or("").contains("no game"), "{r}");
    }
    let mut s = new_with_hands(&HANDS);
    let state = ok(&mut s, &json!({"cmd": "state"}));
    for (request, fragment) in [
        (
            json!({"cmd": "choose", "player": "grandmaster"}),
            "unknown player 'grandmaster'",
        ),
        (json!({"cmd": "choose", "player": "pimc-0"}), "pimc-N"),
        (json!({"cmd": "choose", "player": 5}), "'player' must be"),
        (json!({"cmd": "choose", "time_ms": 0}), "not 0"),
        (json!({"cmd": "choose", "time_ms": -5}), "not -5"),
        (json!({"cmd": "choose", "time_ms": 2.5}), "not 2.5"),
        (json!({"cmd": "hint", "time_ms": "100"}), "'time_ms' must be"),
        (json!({"cmd": "hint", "time_ms": 600_001}), "not 600001"),
        (
            json!({"cmd": "choose", "seed": -1}),
            "'seed' must be a non-negative integer",
        ),
        (
            json!({"cmd": "hint", "seed": 1.5}),
            "'seed' must be a non-negative integer",
        ),
        (
            json!({"cmd": "hint", "seed": "1"}),
            "'seed' must be a non-negative integer",
        ),
    ] {
        let r = send(&mut s, &request);
        assert_eq!(r["ok"], false, "{request} accepted: {r}");
        let error = r["error"].as_str().expect("error");
        assert!(
            error.contains(fragment),
            "{request}: {error:?} lacks {fragment:?}"
        );
        assert_eq!(
            ok(&mut s, &json!({"cmd": "state"})),
            state,
            "{request} changed the game"
        );
    }
    // A name is echoed cut short, as an unknown cmd is.
    let long = "x".repeat(10_000);
    let r = send(&mut s, &json!({"cmd": "choose", "player": long}));
    let error = r["error"].as_str().expect("error");
    assert!(error.contains(&format!("'{}…'", "x".repeat(40))), "{r}");
    assert!(error.len() < 400, "{r}");
    // The most time accepted is ten minutes; `null` is no limit.
    let r = ok(
        &mut s,
        &json!({"cmd": "choose", "player": "basic", "time_ms": 600_000}),
    );
    assert_eq!(r["action"], "pass");
    ok(
        &mut s,
        &json!({"cmd": "choose", "player": "basic", "time_ms": null, "seed": null}),
    );

    // Everyone passes twice: the deal is over, the game is not.
    for _ in 0..8 {
        apply(&mut s, "pass");
    }
    let done = ok(&mut s, &json!({"cmd": "state"}));
    assert_eq!(done["state"]["phase"], "done");
    for cmd in ["choose", "hint", "solve"] {
        let r = send(&mut s, &json!({"cmd": cmd}));
        assert_eq!(r["ok"], false, "{r}");
        assert!(
            r["error"].as_str().unwrap_or("").contains("the deal is over"),
            "{r}"
        );
        assert_eq!(ok(&mut s, &json!({"cmd": "state"})), done);
    }
}
