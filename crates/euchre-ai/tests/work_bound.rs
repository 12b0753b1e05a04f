//! The bound on a decision's work, which keeps `expert` within its time target in the slow
//! variants while its choices stay reproducible: the solver gives up exactly past its node
//! limit, and an `expert` decision in a `railroad` auction (where jambone is solved through the
//! engine, seconds a bid without the bound) does no more than its bound and a world's share.

use euchre::solo::{SoloDeal, SoloRules};
use euchre::table::{AnyDeal, AnyRules, Table};
use euchre::{Decisions, Seat};
use euchre_ai::expert::{Expert, ExpertConfig};
use euchre_ai::pimc::Work;
use euchre_ai::solver::Solver;
use euchre_ai::{Budget, GameView, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A `bid-euchre` deal at its first lead (24 cards in play), reached by random decisions. (With
/// 12 cards left the solver's table makes the search too small to test a limit on: 73
/// positions.)
fn bid_euchre_play(seed: u64) -> AnyDeal {
    let rules = SoloRules::preset("bid-euchre").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let dealer = Seat::new(rng.gen_range(0..rules.players));
        let mut deal = AnyDeal::Solo(Box::new(SoloDeal::random(rules, dealer, &mut rng)));
        while let Some(seat) = deal.to_act() {
            let view = GameView::of_deal(&deal, seat);
            if view.in_trick_play() {
                return deal;
            }
            let legal = deal.legal_actions();
            deal.apply(legal[rng.gen_range(0..legal.len())]).unwrap();
        }
    }
}

#[test]
fn the_solver_gives_up_just_past_its_node_limit() {
    for seed in 0..3 {
        let deal = bid_euchre_play(seed);
        let me = deal.to_act().unwrap();
        let mut free = Solver::new();
        let value = free.value(&deal, me);
        let needed = free.nodes;
        assert!(needed > 100, "a real search: {needed} positions");
        assert!(!free.gave_up());

        let mut enough = Solver::new();
        enough.limit_nodes(Some(needed));
        assert_eq!(enough.value(&deal, me), value, "deal {seed}");
        assert!(!enough.gave_up(), "deal {seed}: {needed} positions were enough");

        let mut short = Solver::new();
        short.limit_nodes(Some(needed - 1));
        short.value(&deal, me);
        assert!(short.gave_up(), "deal {seed}: one position short");
        // Lifting the limit searches in full again.
        short.limit_nodes(None);
        assert_eq!(short.value(&deal, me), value);
        assert!(!short.gave_up());
    }
}

#[test]
fn an_expert_railroad_bid_stays_within_its_work_bound() {
    let rules = AnyRules::preset("railroad").unwrap();
    let config = ExpertConfig::DEFAULT;
    let mut expert = Expert::new("expert", config);
    let (mut decisions, mut bound_reached) = (0, 0);
    for seed in 0..3u64 {
        let mut game = rules.new_game(seed);
        // The auction of the first deal.
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            if view.in_trick_play() {
                break;
            }
            let before = expert.work();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let choice = expert.choose(&view, &Budget::UNLIMITED, &mut rng);
            let used = expert.work() - before;
            if view.legal().len() > 1 {
                decisions += 1;
                // The bound, and the last world searched: a tenth of the bound for its
                // solving, and the play-outs that stand in for what it gave up.
                assert!(
                    used <= config.work + config.work / 5,
                    "game {seed}: {} ms of work against a bound of {} ms",
                    used / Work::MS,
                    config.work / Work::MS
                );
                bound_reached += usize::from(used >= config.work / 2);
            }
            game.apply(choice.action).unwrap();
        }
    }
    assert!(decisions >= 4, "only {decisions} bids");
    assert!(bound_reached >= 1, "the bound never mattered in {decisions} bids");
}
