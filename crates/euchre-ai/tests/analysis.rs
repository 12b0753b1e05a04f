//! The mistake analysis finds a deliberately bad decision: one is put into a recorded tournament
//! game (from the EGN corpus) and into a game played by computer players, the rest of that deal
//! is played on from it, and the analysis must rank it first. The bad decision is the costliest
//! first bid of any deal of the game (a lone call on a weak hand, say), so that it stands out
//! against the players' own mistakes.

use euchre::game::Tally;
use euchre::table::{AnyDeal, AnyGame, Table};
use euchre::{Action, Deal, Decisions, Game, Rules};
use euchre_ai::analysis::{analyze_deal, analyze_seat, ranked, RecordedDeal};
use euchre_ai::{player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The reference player of these tests: enough worlds to value the bids, few enough for a
/// debug build.
const JUDGE: &str = "pimc-20";

/// The deals of a finished game, numbered from 1, with the score before each.
fn recorded(deals: &[Deal]) -> Vec<RecordedDeal> {
    let mut before = Tally::default();
    deals
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let r = RecordedDeal::of_deal(d, i as u32 + 1, before).unwrap();
            before.add(d);
            r
        })
        .collect()
}

/// The judge's values of the deal's first decision (the eldest's bid).
fn first_bid_values(deal: &RecordedDeal) -> Vec<(Action, f64)> {
    let seat = deal.start.to_act().unwrap();
    let view = GameView::of_deal(&deal.start, seat);
    player(JUDGE)
        .unwrap()
        .choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(9))
        .values
}

/// How much the worst first bid loses against the best, as the judge sees it.
fn spread(deal: &RecordedDeal) -> f64 {
    let v = first_bid_values(deal);
    let best = v.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
    let worst = v.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
    best - worst
}

/// Picks, among the deals `candidates` allows, the one whose worst first bid is the costliest,
/// puts that bid in, and lets `basic` play the rest of the deal. Returns the deal's index and
/// the action put in.
fn spoil_a_first_bid(
    deals: &mut [RecordedDeal],
    candidates: impl Fn(&RecordedDeal) -> bool,
) -> (usize, Action) {
    let i = (0..deals.len())
        .filter(|&i| candidates(&deals[i]))
        .max_by(|&a, &b| spread(&deals[a]).total_cmp(&spread(&deals[b])))
        .unwrap();
    let deal = &mut deals[i];
    let (worst, _) = first_bid_values(deal)
        .into_iter()
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    let mut state = deal.start.clone();
    let seat = state.to_act().unwrap();
    state.apply(worst).unwrap();
    let mut history = vec![(seat, worst)];
    let mut basic = player("basic").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    while let Some(s) = state.to_act() {
        let a = basic
            .choose(&GameView::of_deal(&state, s), &Budget::UNLIMITED, &mut rng)
            .action;
        state.apply(a).unwrap();
        history.push((s, a));
    }
    deal.history = history;
    (i, worst)
}

/// Analyses every deal and checks that the spoiled decision comes first.
fn assert_found_first(deals: &[RecordedDeal], spoiled: u32, worst: Action) {
    let analyses: Vec<_> = deals.iter().map(|d| analyze_deal(d, JUDGE, 5).unwrap()).collect();
    let all = ranked(&analyses);
    assert!(all.len() > 20, "only {} decisions judged", all.len());
    let top = all[0];
    assert_eq!(
        (top.deal, top.index, top.taken),
        (spoiled, 1, worst),
        "the biggest mistake found is deal {} decision {} ({}, loss {:.2}); the next is {:.2}",
        top.deal,
        top.index,
        top.taken,
        top.loss,
        all[1].loss
    );
    eprintln!(
        "spoiled deal {spoiled}: {worst} loses {:.2}; the players' own worst loses {:.2}",
        top.loss, all[1].loss
    );
    assert!(top.loss >= 1.0, "the spoiled bid costs only {:.2}", top.loss);
    assert!(top.loss > all[1].loss, "ranked first, not tied");
}

#[test]
fn a_bad_bid_put_into_a_tournament_game_is_ranked_first() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../euchre-egn/tests/data/egn-examples/VWEC Finals.egn"
    );
    let file = euchre_egn::parse_egn(&std::fs::read_to_string(path).unwrap()).unwrap();
    let game = euchre_egn::replay(&file).unwrap();
    let finished: Vec<Deal> = game.deals.iter().map(|d| d.deal.clone()).collect();
    let mut deals = recorded(&finished);
    for (d, rd) in deals.iter_mut().zip(&game.deals) {
        d.guessed = rd.guessed;
    }
    // Only a deal whose eldest's hand is in the record (no card placed by the reader).
    let (i, worst) = spoil_a_first_bid(&mut deals, |d| {
        let AnyDeal::Partnership(start) = &d.start else {
            return false;
        };
        let eldest = start.to_act().unwrap();
        start.hands()[eldest.index()].intersect(d.guessed).is_empty()
    });
    assert_found_first(&deals, i as u32 + 1, worst);
}

#[test]
fn a_bad_bid_put_into_a_computer_game_is_ranked_first() {
    let rules = Rules::preset("north-american").unwrap();
    let game = Game::new(rules, 2024);
    let mut players: Vec<_> = (0..4).map(|_| player("basic").unwrap()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game = AnyGame::Partnership(Box::new(game));
    while !game.is_over() {
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let a = players[seat.index()]
                .choose(&view, &Budget::UNLIMITED, &mut rng)
                .action;
            game.apply(a).unwrap();
        }
        if !game.next_deal() {
            break;
        }
    }
    let AnyGame::Partnership(game) = game else {
        unreachable!()
    };
    let finished: Vec<Deal> = game.all_deals().cloned().collect();
    assert!(finished.len() >= 4, "a game of {} deals", finished.len());
    let mut deals = recorded(&finished);
    let (i, worst) = spoil_a_first_bid(&mut deals, |_| true);
    assert_found_first(&deals, i as u32 + 1, worst);
}

/// A review of one seat's play judges exactly that seat's decisions, as the whole deal's
/// analysis does; and a player that explains itself explains each judged decision, taking its
/// own choice costing nothing.
#[test]
fn one_seats_review_is_the_deals_analysis_of_that_seat() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../euchre-egn/tests/data/egn-examples/VWEC Finals.egn"
    );
    let file = euchre_egn::parse_egn(&std::fs::read_to_string(path).unwrap()).unwrap();
    let game = euchre_egn::replay(&file).unwrap();
    let finished: Vec<Deal> = game.deals.iter().take(2).map(|d| d.deal.clone()).collect();
    for deal in recorded(&finished) {
        let all = analyze_deal(&deal, "pimc-5", 4).unwrap();
        for seat in 0..4 {
            let seat = euchre::Seat::new(seat);
            let one = analyze_seat(&deal, "pimc-5", 4, seat).unwrap();
            let theirs: Vec<_> = all.judged.iter().filter(|j| j.seat == seat).cloned().collect();
            assert_eq!(one.judged, theirs, "deal {} seat {seat}", deal.number);
            assert!(one.unjudged.iter().all(|u| u.seat == seat));
        }
    }
    let deal = &recorded(&finished)[0];
    let seat = deal.history[0].0;
    let a = analyze_seat(deal, "expert-20", 4, seat).unwrap();
    assert!(!a.judged.is_empty());
    for j in &a.judged {
        assert_eq!(j.outlooks.len(), j.values.len(), "{j:?}");
        if j.taken == j.best {
            assert_eq!(j.loss, 0.0, "{j:?}");
        }
        assert!(j.loss >= 0.0, "{j:?}");
        // The game's cost too, by the reference's own chances (judge s55, d2).
        let win = |action: Action| {
            let i = j.values.iter().position(|(a, _)| *a == action).unwrap();
            j.outlooks[i].win.unwrap()
        };
        assert_eq!(j.win_difference, Some(win(j.taken) - win(j.best)), "{j:?}");
    }
    // A reference that gives no chance of winning the game gives no difference in it.
    let plain = analyze_seat(deal, "pimc-5", 4, seat).unwrap();
    assert!(plain.judged.iter().all(|j| j.win_difference.is_none()));
}
