//! `random`: a uniformly random legal action.

use crate::player::{Budget, Choice, Player};
use crate::view::GameView;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, view: &GameView, _: &Budget, rng: &mut ChaCha8Rng) -> Choice {
        let legal = view.legal();
        Choice::plain(legal[rng.gen_range(0..legal.len())])
    }
}
