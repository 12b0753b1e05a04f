//! Regressions found by fuzzing (`fuzz/`).

use euchre::{Deal, Game, Rules, Seat};

/// A game may start from any `i32` score (the protocol's `new` and EGN's `initialScore` allow it);
/// scoring a deal on top must not overflow (it panicked in debug builds, wrapped in release).
#[test]
fn game_score_does_not_overflow_at_extreme_initial_scores() {
    for initial in [[i32::MAX, i32::MAX], [i32::MAX, i32::MIN], [i32::MIN, i32::MAX]] {
        for seed in 0..20 {
            // Stick-the-dealer, so always passing (legal action 0) still plays the deal out.
            let rules = Rules::preset("tournament").unwrap();
            let deal = Deal::from_seed(rules, Seat::new((seed % 4) as u8), seed);
            let mut game = Game::starting_with(deal, seed, initial);
            while !game.deal().is_done() {
                let a = game.deal().legal_actions()[0];
                game.apply(a).unwrap();
            }
            let p = game.deal().points();
            assert!(p[0] + p[1] > 0, "seed {seed}: the deal scored nothing");
            for t in 0..2 {
                assert_eq!(
                    game.score()[t],
                    initial[t].saturating_add(i32::from(p[t])),
                    "seed {seed}"
                );
            }
        }
    }
}

/// `partners = cut_high_low` must actually seat the players it cut for, and fixed partners must not
/// move anyone.
#[test]
fn cut_for_partners_seats_every_player_once() {
    let fixed = euchre::Game::new(euchre::Rules::default(), 5);
    assert_eq!(fixed.seating(), [0, 1, 2, 3]);
    let mut rules = euchre::Rules::default();
    rules.set("partners", "cut_high_low").unwrap();
    let mut moved = false;
    for seed in 0..40 {
        let game = euchre::Game::new(rules, seed);
        let mut seats = game.seating();
        // A game begun from a given first deal cuts the same from the same seed (the engine
        // protocol's `new` with a dealer or a score; rules tester s55, 1).
        let given = euchre::Game::starting_with(game.deal().clone(), seed, [1, 2]);
        assert_eq!(given.seating(), seats, "seed {seed}");
        moved |= seats != [0, 1, 2, 3];
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2, 3], "seed {seed}");
    }
    assert!(moved, "the cut never changed the seating");
}

/// A match's later games keep the partners its first game cut: its wins and laps are counted
/// by side, and a recut would give them to other pairs of players (review s55, 1).
#[test]
fn a_match_keeps_its_first_cut() {
    use euchre::Decisions;
    let mut rules = euchre::Rules::default();
    rules.set("partners", "cut_high_low").unwrap();
    rules.set("match_games", "3").unwrap();
    rules.set("winning_score", "2").unwrap();
    let mut recut_would_differ = false;
    for seed in 0..10 {
        let mut m = euchre::Match::new(rules, seed);
        loop {
            let g = m.game();
            while !g.is_over() {
                if g.deal().is_done() {
                    g.next_deal();
                    continue;
                }
                // The last legal action: an order or a call, never a deal passed out for ever.
                let legal = g.legal_actions();
                g.apply(legal[legal.len() - 1]).unwrap();
            }
            if !m.next_game() {
                break;
            }
        }
        let games = m.games();
        assert_eq!(games.len(), 3, "seed {seed}");
        for (i, g) in games.iter().enumerate().skip(1) {
            assert_eq!(g.seating(), games[0].seating(), "seed {seed}, game {i}");
            let own = euchre::game::setup(&rules, euchre::game::match_game_seed(seed, i as u64));
            recut_would_differ |= own.seating != games[0].seating();
        }
    }
    assert!(
        recut_would_differ,
        "no game's own cut differed from its match's first"
    );
}
