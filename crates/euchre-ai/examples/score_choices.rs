//! Where a score-aware `expert` and the same player blind to the score choose apart: whole
//! games of `north-american` with the player in every seat; at each decision with a choice the
//! same configuration with `score_aware` off is asked too, with the same random numbers, and
//! each decision where the two part is printed: the score (the decider's side first; `D` when
//! its side dealt), the phase, both actions, and the score-aware search's game-win chance and
//! points for each. The game goes on with the score-aware choice.
//!
//! The summary counts the parted decisions, those where the score-aware choice is one its own
//! search valued lower (a near-tie window hands it to `basic`), and those with either side at 8
//! or more.
//!
//! `cargo run --release -p euchre-ai --example score_choices -- [PLAYER] [GAMES] [SEED]`
//! (`expert 12 5` by default).

use euchre::game::deal_seed;
use euchre::table::{AnyGame, AnyRules, Table, View};
use euchre::{Deal, Game, Seat};
use euchre_ai::expert::{Expert, ExpertConfig};
use euchre_ai::{mix_seed, Budget, Choice, GameView, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The chosen action's search values: game-win chance and points.
fn values(c: &Choice, view: &GameView, action: euchre::Action) -> (f64, f64) {
    let i = view
        .legal()
        .iter()
        .position(|a| *a == action)
        .expect("a legal action");
    let o = &c.outlooks[i];
    (o.win.unwrap_or(f64::NAN), o.points)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("expert", String::as_str);
    let games: u64 = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(12);
    let seed: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(5);
    let config = ExpertConfig::parse(name).expect("an expert configuration");
    assert!(config.score_aware, "{name} is blind to the score already");
    let AnyRules::Partnership(rules) = AnyRules::preset("north-american").expect("preset") else {
        unreachable!()
    };
    let mut aware = Expert::new(name, config);
    let mut blind = Expert::new(
        "blind",
        ExpertConfig {
            score_aware: false,
            ..config
        },
    );
    let (mut decisions, mut parted, mut lower, mut late) = (0u64, 0u64, 0u64, 0u64);
    for g in 0..games {
        let game_seed = mix_seed(seed, g);
        let first = Deal::from_seed(rules, Seat::new((g % 4) as u8), deal_seed(game_seed, 0));
        let mut game = AnyGame::Partnership(Box::new(Game::starting_with(first, game_seed, [0, 0])));
        let mut step = 0u64;
        loop {
            while let Some(seat) = game.to_act().filter(|_| !game.deal_over()) {
                let view = GameView::of_game(&game, seat);
                step += 1;
                let rng = || ChaCha8Rng::seed_from_u64(mix_seed(game_seed, step));
                let a = aware.choose(&view, &Budget::UNLIMITED, &mut rng());
                if view.legal().len() > 1 {
                    decisions += 1;
                    let b = blind.choose(&view, &Budget::UNLIMITED, &mut rng());
                    if a.action != b.action {
                        parted += 1;
                        let team = seat.index() % 2;
                        let (ours, theirs) = (view.scores[team], view.scores[1 - team]);
                        let dealt = match &view.view {
                            View::Partnership(o) if o.dealer.index() % 2 == team => "D",
                            _ => "-",
                        };
                        let (wa, pa) = values(&a, &view, a.action);
                        let (wb, pb) = values(&a, &view, b.action);
                        lower += u64::from(wa < wb);
                        late += u64::from(ours >= 8 || theirs >= 8);
                        let phase = if view.in_trick_play() { "play" } else { "bid" };
                        println!(
                            "{ours}-{theirs} {dealt} {phase:<4} aware {:<16} blind {:<16} win {wa:.3} against {wb:.3} ({:+.4}), points {pa:+.3} against {pb:+.3}",
                            a.action.to_string(),
                            b.action.to_string(),
                            wa - wb
                        );
                    }
                }
                game.apply(a.action).expect("a legal choice");
            }
            if game.is_over() || !game.next_deal() {
                break;
            }
        }
    }
    println!(
        "{games} games: {parted} of {decisions} decisions parted; in {lower} the score-aware choice is one its own search valued lower; {late} with a side at 8 or more"
    );
}
