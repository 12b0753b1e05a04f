//! What every player may rely on and must honour: it sees one seat's view and nothing else, so
//! two deals that differ only in cards that seat cannot see get the same choice from the same
//! seed; and its choice is always legal.

use euchre::rules::Rules;
use euchre::table::{AnyDeal, Table, View};
use euchre::{CardSet, Deal, Decisions, Seat};
use euchre_ai::{player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The deal seeded `seed` and a twin in which seats 1 and 2 (never seat 0) swapped a card.
fn twins(seed: u64) -> (AnyDeal, AnyDeal) {
    let rules = Rules::preset("north-american").unwrap();
    // Seat 0 bids first: the dealer is seat 3.
    let a = Deal::from_seed(rules, Seat::new(3), seed);
    let mut hands = a.hands();
    let c1 = hands[1].first().unwrap();
    let c2 = hands[2].first().unwrap();
    hands[1] = hands[1].without(c1).with(c2);
    hands[2] = hands[2].without(c2).with(c1);
    let b = Deal::new(rules, Seat::new(3), hands, a.upcard(), CardSet::EMPTY).unwrap();
    (
        AnyDeal::Partnership(Box::new(a)),
        AnyDeal::Partnership(Box::new(b)),
    )
}

#[test]
fn hidden_cards_do_not_change_a_choice() {
    let me = Seat::new(0);
    let mut compared = 0;
    for name in ["random", "basic", "pimc-10"] {
        for seed in 0..12u64 {
            let (mut a, mut b) = twins(seed);
            let mut p = player(name).unwrap();
            let mut step = 0u64;
            while let Some(seat) = a.to_act() {
                if b.to_act() != Some(seat) {
                    break;
                }
                let action = if seat == me {
                    let (va, vb) = (GameView::of_deal(&a, me), GameView::of_deal(&b, me));
                    assert_eq!(va, vb, "seat 0 sees the same in both deals");
                    let ca = p.choose(&va, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(step));
                    let cb = p.choose(&vb, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(step));
                    assert_eq!(
                        ca, cb,
                        "{name}, deal {seed}: the same view and seed, the same choice"
                    );
                    compared += 1;
                    ca.action
                } else {
                    // The others take an action legal in both deals (they hold different cards).
                    let lb = b.legal_actions();
                    match a.legal_actions().iter().copied().find(|x| lb.contains(x)) {
                        Some(x) => x,
                        None => break,
                    }
                };
                a.apply(action).unwrap();
                b.apply(action).unwrap();
                step += 1;
            }
        }
    }
    assert!(compared >= 72, "only {compared} decisions compared");
}

#[test]
fn the_view_is_the_seats_own() {
    let (a, _) = twins(5);
    let v = GameView::of_deal(&a, Seat::new(2));
    let View::Partnership(o) = &v.view else {
        panic!("a four-handed view")
    };
    let AnyDeal::Partnership(d) = &a else {
        unreachable!()
    };
    assert_eq!(o.hand, d.hands()[2]);
    // Only its own cards, not another seat's.
    assert!(o.hand.intersect(d.hands()[0]).is_empty());
    assert_eq!(v.scores, vec![0, 0]);
    assert_eq!(v.target, 10);
}

#[test]
fn unknown_players_are_named_in_the_error() {
    for bad in [
        "pimc-0",
        "pimc-x",
        "expertt",
        "pimc-100001",
        "",
        "pimc-05",
        "pimc-+5",
        "pimc-win-07",
        "pimc- 5",
        "expert-03",
        "expert-+3",
        "expert-points-05",
    ] {
        let err = player(bad).err().expect("refused").to_string();
        assert!(err.contains("unknown player"), "{err}");
        assert!(err.contains("pimc-N"), "{err}");
        assert!(err.contains("or BIDDER/PLAYER, two of these"), "{err}");
    }
    // BIDDER/PLAYER names two players (it took three, as expert and the split pimc-50/basic),
    // and says so rather than list the players (research tester s54, 9).
    for bad in [
        "expert/pimc-50/basic",
        "basic//random",
        "basic/random/basic",
        "basic/",
        " /random",
    ] {
        let err = player(bad).err().expect("refused").to_string();
        assert!(
            err.starts_with(&format!("unknown player '{}'", bad))
                && err.contains("BIDDER/PLAYER takes exactly two players"),
            "{err}"
        );
    }
    for good in [
        "random", "basic", "pimc-1", "PIMC-50", "expert", "easy", "medium", "hard",
    ] {
        assert!(player(good).is_ok(), "{good}");
    }
    // The levels answer by the player they are.
    assert_eq!(player("hard").unwrap().name(), "expert");
    assert_eq!(player("default").unwrap().name(), euchre_ai::DEFAULT_PLAYER);
    assert_eq!(player("medium").unwrap().name(), "pimc-10");
    assert_eq!(player("easy").unwrap().name(), "basic");
}

#[test]
fn a_split_player_bids_as_the_first_and_plays_as_the_second() {
    let rules = Rules::preset("north-american").unwrap();
    let (mut bids, mut plays) = (0, 0);
    for seed in 0..20u64 {
        let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, Seat::new(3), seed)));
        let mut split = player("basic/random").unwrap();
        let (mut bidder, mut card_player) = (player("basic").unwrap(), player("random").unwrap());
        let mut step = 0u64;
        while let Some(seat) = deal.to_act() {
            let view = GameView::of_deal(&deal, seat);
            let key = seed * 100 + step;
            let rng = || ChaCha8Rng::seed_from_u64(key);
            step += 1;
            let got = split.choose(&view, &Budget::UNLIMITED, &mut rng());
            let reference = if view.in_trick_play() {
                plays += 1;
                card_player.choose(&view, &Budget::UNLIMITED, &mut rng())
            } else {
                bids += 1;
                bidder.choose(&view, &Budget::UNLIMITED, &mut rng())
            };
            assert_eq!(got, reference, "deal {seed}, step {step}");
            deal.apply(got.action).unwrap();
        }
    }
    assert!(bids > 40 && plays > 300, "{bids} bids, {plays} plays");
    assert_eq!(player("Basic/Random").unwrap().name(), "basic/random");
    let err = player("basic/nobody").err().expect("refused").to_string();
    assert!(err.contains("nobody"), "{err}");
}

/// Under `reneging = penalised` any card may be played, and a renege is claimed and costs the
/// deal: the computer players follow suit (the engine tester's `basic` reneged in 112 of 115
/// deals, a game of them never ended, and `expert`'s hint, valuing its worlds by `basic`'s
/// play-outs, told a person to renege; `pimc-10` reneged where every card tied).
#[test]
fn no_player_reneges_where_reneging_is_penalised() {
    let mut rules = Rules::preset("north-american").unwrap();
    rules.set("reneging", "penalised").unwrap();
    // The bidding by `basic` in every deal: searching it is slow where any card may be
    // played (a bid is valued by solving the play, round 1 up to seconds).
    let mut bidder = player("basic").unwrap();
    // Deals in which, before the change, `pimc-10` reneged (0, 1) and `expert` (1).
    for (name, deals) in [("basic", 0..200u64), ("pimc-10", 0..2), ("expert", 1..2)] {
        let mut p = player(name).unwrap();
        let mut plays = 0;
        let count = deals.end - deals.start;
        for seed in deals {
            let mut d = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, Seat::new(3), seed)));
            let mut step = 0u64;
            while let Some(seat) = d.to_act() {
                let view = GameView::of_deal(&d, seat);
                let chooser = if view.in_trick_play() { &mut p } else { &mut bidder };
                let c = chooser.choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(step));
                plays += u32::from(matches!(c.action, euchre::Action::Play(_)));
                d.apply(c.action).unwrap();
                step += 1;
            }
            let AnyDeal::Partnership(done) = &d else {
                unreachable!()
            };
            assert_eq!(done.reneged_seats(), 0, "{name}, deal {seed}: {:?}", done.plays());
        }
        assert!(
            plays >= 10 * count as u32,
            "{name}: only {plays} cards played in {count} deals"
        );
    }
}

/// Railroad's partner "gives back their best card" (RULES.md): `basic` gave the first card it
/// was offered, 9♣ while holding the ace of trump (terminal tester s52, 8). It now gives its
/// highest trump, or its highest card without one, and the loner passes its least useful card,
/// never a trump where it holds another card.
#[test]
fn basic_gives_a_railroad_loner_its_best_card() {
    use euchre::table::AnyRules;
    use euchre::{Action, Phase};
    let rules = AnyRules::preset("railroad").unwrap();
    let mut gives = 0;
    for seed in 0..100u64 {
        let mut game = rules.new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The first deal's auction, the first seat able to go alone doing so.
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            if view.in_trick_play() {
                break;
            }
            let alone = view.legal().iter().copied().find(|a| {
                matches!(
                    a,
                    Action::Order { alone: true } | Action::Call { alone: true, .. }
                )
            });
            let basic = player("basic")
                .unwrap()
                .choose(&view, &Budget::UNLIMITED, &mut rng)
                .action;
            let a = alone.unwrap_or(basic);
            if let View::Partnership(o) = &view.view {
                let table = o.trump.map(|t| t.table());
                match (o.phase, a, table) {
                    (Phase::Give, Action::Give(c), Some(t)) => {
                        gives += 1;
                        // Of the cards it may give (not the one the loner just passed).
                        let better = o.legal.iter().find(|&&x| {
                            matches!(x, Action::Give(x) if (t.is_trump(x), t.power(x)) > (t.is_trump(c), t.power(c)))
                        });
                        assert_eq!(better, None, "seed {seed}: gave {c} from {:?}", o.hand);
                    }
                    (Phase::Exchange, Action::Exchange(c), Some(t)) => {
                        let plain = o.hand.iter().any(|x| !t.is_trump(x));
                        assert!(
                            !(plain && t.is_trump(c)),
                            "seed {seed}: passed {c} from {:?}",
                            o.hand
                        );
                    }
                    _ => {}
                }
            }
            game.apply(a).unwrap();
        }
    }
    assert!(gives >= 50, "only {gives} gives in 100 deals");
}

/// `basic` leads its top trump from its own call when no higher trump is out. It never did:
/// the trump tables hold every deck's trumps, the Joker always among them, and `basic` took
/// that absent Joker for a trump still out (judge tester s55, a1). With the Joker in the deck
/// and in its hand it leads the Joker (a control: it did before too).
#[test]
fn basic_leads_the_boss_trump_from_its_own_call() {
    let lead = |joker: bool| {
        let mut rules = Rules::default();
        rules.set("joker", if joker { "true" } else { "false" }).unwrap();
        let card = |t: &str| t.parse::<euchre::Card>().unwrap();
        let hand = |t: &str| t.split_whitespace().map(card).collect::<CardSet>();
        let seat1 = if joker { "JC JS B KD QD" } else { "JC JS AC KD QD" };
        let hands = [
            hand("9C TC 9D TD 9S"),
            hand(seat1),
            hand("QC KC AD TS QS"),
            hand("KS AS TH JH QH"),
        ];
        let mut deal = Deal::new(rules, Seat::new(0), hands, card("9H"), CardSet::EMPTY).unwrap();
        for a in ["pass", "pass", "pass", "pass", "call C"] {
            deal.apply(a.parse::<euchre::Action>().unwrap()).unwrap();
        }
        let view = GameView::of_deal(&AnyDeal::Partnership(Box::new(deal)), Seat::new(1));
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let chosen = player("basic")
            .unwrap()
            .choose(&view, &Budget::UNLIMITED, &mut rng);
        chosen.action.to_string()
    };
    assert_eq!(lead(false), "JC");
    assert_eq!(lead(true), "B");
}

/// A trump turned down with the upcard is out of play: holding the ace of diamonds after the
/// right bower fell, with the left (the jack of hearts) turned down in round 1, `basic` holds
/// the boss trump and leads it from its own call. It took the turned-down jack for a trump
/// still out (review s55, 4).
#[test]
fn basic_counts_the_turned_down_upcard_out_of_play() {
    let card = |t: &str| t.parse::<euchre::Card>().unwrap();
    let hand = |t: &str| t.split_whitespace().map(card).collect::<CardSet>();
    let hands = [
        hand("KD QD TC JC QC"),
        hand("JD AD 9C 9S TS"),
        hand("TD 9D KC AC 9H"),
        hand("TH QH KH AH JS"),
    ];
    let mut deal = Deal::new(Rules::default(), Seat::new(0), hands, card("JH"), CardSet::EMPTY).unwrap();
    for a in ["pass", "pass", "pass", "pass", "call D", "JD", "9D", "JS", "QD"] {
        deal.apply(a.parse::<euchre::Action>().unwrap()).unwrap();
    }
    assert_eq!(
        deal.to_act(),
        Some(Seat::new(1)),
        "the right bower took the trick"
    );
    let view = GameView::of_deal(&AnyDeal::Partnership(Box::new(deal)), Seat::new(1));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let chosen = player("basic")
        .unwrap()
        .choose(&view, &Budget::UNLIMITED, &mut rng);
    assert_eq!(chosen.action.to_string(), "AD");
}

/// Over many deals of `basic` in every seat, whenever it leads holding the highest trump the
/// deck has left: from its own side's call it leads a trump, and defending it leads one with
/// two cards or fewer left (`basic.rs`'s `DEFENDER_CASHES_TRUMP_AT`; judge tester s55, a1 and
/// a6), and the test sees both happen.
#[test]
fn basic_leads_its_boss_trump() {
    use euchre::table::AnyRules;
    let rules = AnyRules::preset("north-american").unwrap();
    let (mut ours, mut theirs) = (0, 0);
    for seed in 0..300u64 {
        let mut game = rules.new_game(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_act() {
            let view = GameView::of_game(&game, seat);
            let action = player("basic")
                .unwrap()
                .choose(&view, &Budget::UNLIMITED, &mut rng)
                .action;
            if let View::Partnership(o) = &view.view {
                let leading = view.in_trick_play() && o.tricks.last().is_none_or(|t| t.winner.is_some());
                if let (true, Some(trump), euchre::Action::Play(card)) = (leading, o.trump, action) {
                    let t = trump.table();
                    let played: CardSet = o.tricks.iter().flat_map(|t| t.cards.iter().copied()).collect();
                    let left = t.trumps.intersect(o.rules.deck()).minus(played);
                    let boss = left.iter().max_by_key(|&c| t.power(c));
                    if boss.is_some_and(|b| o.hand.contains(b)) {
                        let our_call = o.maker.map(Seat::team) == Some(seat.team());
                        let late = o.hand.len() <= 2;
                        ours += u32::from(our_call);
                        theirs += u32::from(!our_call && late);
                        if our_call || late {
                            assert_eq!(Some(card), boss, "seed {seed}: {seat} from {:?}", o.hand);
                        }
                    }
                }
            }
            game.apply(action).unwrap();
            if game.deal_over() {
                break;
            }
        }
    }
    assert!(
        ours > 20 && theirs > 20,
        "boss trumps led: {ours} from a call, {theirs} defending"
    );
}
