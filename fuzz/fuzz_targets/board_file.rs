//! Arbitrary text into the board-file reader of `euchre sim --compare`: `read` answers Ok or
//! Err, never panics; a file it reads writes back to a file that reads as the same boards; and
//! the boards paired with themselves differ by nothing, in points and (whole games) games won
//! where any game finished.
#![no_main]

use euchre_ai::board_file::{read, write, BoardsKey};
use euchre_ai::duplicate::{paired_difference, paired_games};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for games in [false, true] {
        let key = BoardsKey {
            rules: "north-american".into(),
            set: Vec::new(),
            seed: 1,
            games,
        };
        // The headers the fuzzer would otherwise have to guess, so most inputs reach the rows.
        let columns: &[&str] = if games {
            &[
                "board,deals,difference,won",
                "board,deals,difference,won,finished",
            ]
        } else {
            &["board,deals,difference"]
        };
        let framed: Vec<String> = columns
            .iter()
            .map(|columns| format!(
                "# euchre sim boards\n# rules=north-american; set=; seed=1; games={games}; first=a; second=b\n{columns}\n{text}"
            ))
            .collect();
        for input in std::iter::once(text).chain(framed.iter().map(String::as_str)) {
            let Ok(saved) = read(input, &key) else {
                continue;
            };
            let players = [saved.players[0].as_str(), saved.players[1].as_str()];
            let again = read(&write(&key, players, &saved.results), &key).expect("a written file reads");
            assert_eq!(again, saved);
            if let Ok(d) = paired_difference(&saved.results, &saved.results) {
                assert!(d.mean == 0.0 || d.mean.is_nan(), "{d:?}");
            }
            // A match of no finished game has no share to compare: an error, not a panic.
            if let Some(Ok(g)) = paired_games(&saved.results, &saved.results) {
                assert_eq!(g.mean, 0.0, "{g:?}");
            }
        }
    }
});
