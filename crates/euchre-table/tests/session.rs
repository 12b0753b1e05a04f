//! The table session: a person and bots play whole games; the game is saved after every
//! decision and always reads back; a game resumed from its file ends exactly as the same game
//! played without a break; refused decisions change nothing.

use euchre::table::{AnyGame, AnyRules, Table};
use euchre::Seat;
use euchre_ai::Budget;
use euchre_table::{load, Holder, Session, TableError, Turn};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("euchre-table-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("game.json")
}

fn holders(players: usize) -> Vec<Holder> {
    let mut h = vec![Holder::Person("Pat".into())];
    h.extend((1..players).map(|i| Holder::Bot(if i % 2 == 1 { "basic" } else { "pimc-3" }.into())));
    h
}

/// Plays on until the game is over, or until `stop` decisions have been taken in all; the
/// person takes the first legal decision. Returns the decisions taken.
fn play(s: &mut Session, stop: Option<u64>) -> u64 {
    let mut taken = 0;
    loop {
        if stop.is_some_and(|n| taken >= n) {
            return taken;
        }
        match s.turn() {
            Turn::GameOver => return taken,
            Turn::DealOver => {
                assert!(s.next_deal().unwrap());
            }
            Turn::Person(seat) => {
                let a = s.view(seat).legal()[0];
                s.act(seat, a).unwrap();
                taken += 1;
            }
            Turn::Bot(seat) => {
                let job = s.bot_job().unwrap();
                assert_eq!(job.seat, seat);
                let choice = job.run().unwrap();
                s.act(seat, choice.action).unwrap();
                taken += 1;
            }
        }
    }
}

fn final_record(path: &PathBuf) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn a_resumed_game_ends_as_the_same_game_played_without_a_break() {
    for preset in ["north-american", "three-handed"] {
        let rules = AnyRules::preset(preset).unwrap();
        let players = rules.new_game(0).players();
        let whole = scratch(&format!("whole-{preset}"));
        let mut a = Session::new(
            rules,
            17,
            holders(players),
            Budget::UNLIMITED,
            Some(whole.clone()),
        )
        .unwrap();
        let total = play(&mut a, None);
        assert!(a.game().is_over());

        let broken = scratch(&format!("broken-{preset}"));
        let mut b = Session::new(
            rules,
            17,
            holders(players),
            Budget::UNLIMITED,
            Some(broken.clone()),
        )
        .unwrap();
        let first = play(&mut b, Some(total / 2));
        drop(b);
        let mut c = Session::resume(&broken, Budget::UNLIMITED).unwrap();
        assert_eq!(
            c.holders(),
            holders(players).as_slice(),
            "{preset}: seats read back"
        );
        let rest = play(&mut c, None);
        assert_eq!(first + rest, total, "{preset}");
        assert_eq!(
            final_record(&whole),
            final_record(&broken),
            "{preset}: the same game"
        );
        assert_eq!(a.game().scores(), c.game().scores());
    }
}

#[test]
fn the_file_reads_back_after_every_decision_and_no_temporary_file_is_left() {
    let path = scratch("every");
    let rules = AnyRules::preset("railroad").unwrap();
    let mut s = Session::new(rules, 5, holders(4), Budget::UNLIMITED, Some(path.clone())).unwrap();
    for _ in 0..60 {
        if play(&mut s, Some(1)) == 0 {
            break;
        }
        let saved = load(&path).unwrap();
        assert_eq!(saved.game.scores(), s.game().scores());
        assert_eq!(saved.game.to_act(), s.game().to_act());
        let tmp = path.with_file_name("game.json.tmp");
        assert!(!tmp.exists());
    }
}

#[test]
fn refused_decisions_change_nothing() {
    let path = scratch("refused");
    let rules = AnyRules::preset("north-american").unwrap();
    let mut s = Session::new(rules, 3, holders(4), Budget::UNLIMITED, Some(path.clone())).unwrap();
    // Play until it is the person's turn.
    while !matches!(s.turn(), Turn::Person(_)) {
        play(&mut s, Some(1));
    }
    let before = std::fs::read_to_string(&path).unwrap();
    let Turn::Person(me) = s.turn() else {
        unreachable!()
    };
    let other = Seat::new((me.index() as u8 + 1) % 4);
    let legal = s.view(me).legal()[0];
    assert!(matches!(s.act(other, legal), Err(TableError::NotYourTurn { .. })));
    let e = s
        .act(me, euchre::Action::Discard(euchre::Card::JOKER))
        .unwrap_err();
    assert!(matches!(e, TableError::Illegal { .. }), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn seats_must_fit_the_game() {
    let rules = AnyRules::preset("north-american").unwrap();
    let e = Session::new(rules, 1, holders(3), Budget::UNLIMITED, None)
        .err()
        .unwrap();
    assert!(e.to_string().contains("3 seats"), "{e}");
    let mut bad = holders(4);
    bad[2] = Holder::Bot("grandmaster".into());
    let e = Session::new(rules, 1, bad, Budget::UNLIMITED, None)
        .err()
        .unwrap();
    assert!(e.to_string().contains("grandmaster"), "{e}");
    let mut bad = holders(4);
    bad[0] = Holder::Person("hard".into());
    let e = Session::new(rules, 1, bad, Budget::UNLIMITED, None)
        .err()
        .unwrap();
    assert!(e.to_string().contains("computer player's name"), "{e}");
}

/// A seat's name the game record would not read back (over its 64 characters: an expert
/// variant's parts repeated, or a person's long name) is refused before the first save, and
/// no file is written; 64 characters play, save, resume and take back.
#[test]
fn a_seat_name_the_record_would_refuse_is_refused_before_the_first_save() {
    let rules = AnyRules::preset("north-american").unwrap();
    let path = scratch("long-name");
    let _ = std::fs::remove_file(&path);
    let long = format!("expert{}", "-points".repeat(9));
    assert_eq!(long.chars().count(), 69);
    let mut seats = holders(4);
    seats[1] = Holder::Bot(long);
    let e = Session::new(rules, 1, seats, Budget::UNLIMITED, Some(path.clone()))
        .err()
        .unwrap();
    assert!(e.to_string().contains("at most 64"), "{e}");
    assert!(!path.exists(), "no file written");
    let mut seats = holders(4);
    seats[0] = Holder::Person("P".repeat(euchre_record::MAX_PLAYER_NAME_CHARS));
    let mut s = Session::new(rules, 1, seats, Budget::UNLIMITED, Some(path.clone())).unwrap();
    play(&mut s, Some(12));
    assert!(s.undo(Seat::new(0)).unwrap());
    Session::resume(&path, Budget::UNLIMITED).unwrap();
}

#[test]
fn a_damaged_file_is_named_and_left_alone() {
    let path = scratch("damaged");
    std::fs::write(&path, "{\"format\":\"euchre-record\"").unwrap();
    let e = Session::resume(&path, Budget::UNLIMITED).err().unwrap();
    assert!(e.to_string().contains("game.json"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"format\":\"euchre-record\""
    );
}

/// A game record without its seats' names (as `euchre random --format record` writes) is
/// refused as such, not as "0 seats given for a game of 4 players".
#[test]
fn a_record_without_players_is_refused_by_what_it_lacks() {
    let path = scratch("no-players");
    let rules = AnyRules::preset("north-american").unwrap();
    let AnyGame::Partnership(game) = rules.new_game(4) else {
        unreachable!()
    };
    let record = euchre_record::write_game(&game, None);
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let e = Session::resume(&path, Budget::UNLIMITED)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("this record names no players"), "{e}");
}

#[test]
fn undo_takes_back_the_persons_last_decision_and_what_followed() {
    let rules = AnyRules::preset("north-american").unwrap();
    let mut s = Session::new(rules, 8, holders(4), Budget::UNLIMITED, None).unwrap();
    // Nothing to take back before the person has decided.
    while !matches!(s.turn(), Turn::Person(_)) {
        play(&mut s, Some(1));
    }
    let Turn::Person(me) = s.turn() else {
        unreachable!()
    };
    assert!(!s.undo(me).unwrap());
    let before = s.decisions();
    let legal = *s.view(me).legal();
    s.act(me, legal[legal.len() - 1]).unwrap();
    // The bots answer until the person's turn comes again or the deal ends.
    while matches!(s.turn(), Turn::Bot(_)) {
        play(&mut s, Some(1));
    }
    assert!(s.decisions() > before);
    assert!(s.undo(me).unwrap());
    assert_eq!(s.decisions(), before);
    assert_eq!(s.turn(), Turn::Person(me));
    assert_eq!(s.view(me).legal(), &legal);
}

/// Review s48, finding 16: with a key, the bots' seeds come from it and the decisions taken,
/// not from the game's seed: games dealt from different seeds draw the same bot seeds under
/// one key (they tell nothing of the deal), and another key draws others. Without one they
/// come from the game's seed (a game at this computer, whose file holds the seed anyway).
#[test]
fn with_a_key_the_bots_seeds_say_nothing_of_the_games_seed() {
    let first_bot_seed = |seed: u64, key: Option<u64>| {
        let rules = AnyRules::preset("north-american").unwrap();
        let bots = vec![Holder::Bot("basic".into()); 4];
        let s = Session::new(rules, seed, bots, Budget::UNLIMITED, None).unwrap();
        let s = match key {
            Some(k) => s.with_bot_key(k),
            None => s,
        };
        s.bot_job().unwrap().seed
    };
    assert_eq!(first_bot_seed(1, None), euchre_ai::mix_seed(1, 0));
    assert_ne!(first_bot_seed(1, None), first_bot_seed(2, None));
    assert_eq!(first_bot_seed(1, Some(9)), first_bot_seed(2, Some(9)));
    assert_ne!(first_bot_seed(1, Some(9)), first_bot_seed(1, Some(10)));
    assert_ne!(first_bot_seed(1, Some(9)), first_bot_seed(1, None));
}
