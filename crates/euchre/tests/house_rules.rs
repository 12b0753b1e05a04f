//! House rules and match scoring: `fast_break`, `four_trick_tokens`, `point_on_partner`, `laps`
//! and `slams` (RULES.md §6 and §7, EGN's alternate rules).

use euchre::game::games_from_points;
use euchre::scoring::{deal_points, DealResult};
use euchre::shuffle::{below, deal_rng, DealRng};
use euchre::table::View;
use euchre::{Action, Deal, Game, Match, Rules, Seat, Table};

fn rules(opts: &[(&str, &str)]) -> Rules {
    let mut r = Rules::preset("tournament").unwrap();
    for (k, v) in opts {
        r.set(k, v).unwrap();
    }
    r
}

fn play_deal(game: &mut Game, rng: &mut DealRng) {
    while !game.deal().is_done() {
        let legal = game.deal().legal_actions();
        game.apply(legal[below(rng, legal.len() as u32) as usize])
            .unwrap();
    }
}

/// The points the plain table gives a finished deal (no house rule).
fn table_points(d: &Deal) -> [u8; 2] {
    let Some(m) = d.maker() else { return [0, 0] };
    let t = m.team().index();
    let (mk, df) = deal_points(
        d.rules(),
        DealResult {
            maker_tricks: d.tricks_won()[t],
            maker_alone: d.lone_maker().is_some(),
            lone_defender: d.lone_defender().is_some(),
            jambone: d.jambone(),
            blind: d.blind_loner(),
        },
    );
    let mut p = [0; 2];
    p[t] = mk;
    p[1 - t] = df;
    p
}

#[test]
fn kellers_jamboree_at_four_love_in_five_point_laps_and_slams_is_eight_games() {
    let r = rules(&[("winning_score", "5"), ("laps", "true"), ("slams", "true")]);
    assert_eq!(games_from_points(&r, 4 + 16, 0), (8, 0));
}

#[test]
fn laps_and_slams_count_games_and_carry_points() {
    let five = |laps: &str, slams: &str| rules(&[("winning_score", "5"), ("laps", laps), ("slams", slams)]);
    // Neither: a game is a game.
    assert_eq!(games_from_points(&five("false", "false"), 7, 0), (1, 0));
    // Slams: two games when the losers have nothing.
    assert_eq!(games_from_points(&five("false", "true"), 5, 0), (2, 0));
    assert_eq!(games_from_points(&five("false", "true"), 6, 3), (1, 0));
    // Laps: the points beyond the target carry.
    assert_eq!(games_from_points(&five("true", "false"), 7, 2), (1, 2));
    assert_eq!(games_from_points(&five("true", "false"), 11, 4), (2, 1));
    // Both: 12-0 is a slam, and the 7 carried make another game against nothing, a slam too.
    assert_eq!(games_from_points(&five("true", "true"), 12, 0), (4, 2));
    assert_eq!(games_from_points(&five("true", "true"), 12, 3), (3, 2));
}

#[test]
fn a_lapped_match_starts_each_game_with_the_points_carried() {
    let r = rules(&[
        ("winning_score", "5"),
        ("laps", "true"),
        ("slams", "true"),
        ("match_games", "6"),
    ]);
    let mut rng = deal_rng(9);
    let mut carried_some = false;
    for seed in 0..20 {
        let mut m = Match::new(r, seed);
        loop {
            let g = m.game();
            while !g.is_over() {
                play_deal(g, &mut rng);
                g.next_deal();
            }
            let score = g.score();
            let winner = g.winner().unwrap().index();
            let (games, carry) = games_from_points(&r, score[winner], score[1 - winner]);
            let wins_before = m.wins();
            let more = m.next_game();
            assert_eq!(m.wins()[winner], wins_before[winner] + games, "seed {seed}");
            if !more {
                break;
            }
            let next = m.games().last().unwrap().initial_score();
            assert_eq!(next[winner], carry, "seed {seed}");
            assert_eq!(next[1 - winner], 0, "seed {seed}");
            carried_some |= carry > 0;
        }
        assert!(m.is_over());
    }
    assert!(carried_some, "no game ever carried points");
}

#[test]
fn fast_break_holds_the_hand_to_nothing() {
    let r = rules(&[("fast_break", "true")]);
    let mut rng = deal_rng(1);
    let mut broken = 0;
    for seed in 0..400 {
        let mut g = Game::new(r, seed);
        play_deal(&mut g, &mut rng);
        let d = g.deal();
        let Some(m) = d.maker() else { continue };
        let w = d.trick_winners();
        let pattern =
            w[..2].iter().all(|s| s.team() != m.team()) && w[2..].iter().all(|s| s.team() == m.team());
        if pattern {
            broken += 1;
            assert_eq!(d.points(), [0, 0], "seed {seed}");
        } else {
            assert_eq!(d.points(), table_points(d), "seed {seed}");
        }
    }
    assert!(broken > 5, "only {broken} fast breaks");
}

#[test]
fn four_trick_tokens_trade_four_for_a_point() {
    // Long games, so that a team gathers four tokens now and then.
    let r = rules(&[("four_trick_tokens", "true"), ("winning_score", "21")]);
    let mut rng = deal_rng(2);
    let mut traded = 0;
    for seed in 0..60 {
        let mut g = Game::new(r, seed);
        let mut tokens = [0u8; 2];
        loop {
            let before = g.score();
            play_deal(&mut g, &mut rng);
            let d = g.deal();
            let mut expected = [
                before[0] + i32::from(d.points()[0]),
                before[1] + i32::from(d.points()[1]),
            ];
            if let Some(m) = d.maker().filter(|_| d.lone_maker().is_none()) {
                let t = m.team().index();
                if d.tricks_won()[t] == 4 {
                    tokens[t] += 1;
                    if tokens[t] == 4 {
                        tokens[t] = 0;
                        expected[t] += 1;
                        traded += 1;
                    }
                }
            }
            assert_eq!(g.score(), expected, "seed {seed}");
            assert_eq!(g.tokens(), tokens, "seed {seed}");
            // What the deal did to the score holds the traded point (rules audit s51, 3), as
            // each seat's view of the deal says too.
            let change = [expected[0] - before[0], expected[1] - before[1]];
            assert_eq!(g.deal_points(), change, "seed {seed}");
            let View::Partnership(view) = Table::view(&g, Seat::new(0)) else {
                panic!("a four-handed game's view")
            };
            assert_eq!(view.points.map(i32::from), change, "seed {seed}");
            if !g.next_deal() {
                break;
            }
            // And so does the finished deal's view among the past deals (review s51, 5).
            let past = Table::past_deals(&g, None, 1);
            let View::Partnership(view) = &past[0].view else {
                panic!("a four-handed game's view")
            };
            assert_eq!(view.points.map(i32::from), change, "seed {seed}");
        }
    }
    assert!(traded > 0, "no tokens were ever traded");
}

#[test]
fn point_on_partner_scores_one_more_and_the_dealer_deals_again() {
    let r = rules(&[("point_on_partner", "true")]);
    let mut rng = deal_rng(3);
    let mut repeats = 0;
    for seed in 0..200 {
        let mut g = Game::new(r, seed);
        play_deal(&mut g, &mut rng);
        let d = g.deal().clone();
        let partner_made_it =
            d.maker() == Some(d.dealer().partner()) && d.tricks_won()[d.dealer().team().index()] >= 3;
        let mut expected = table_points(&d);
        if partner_made_it {
            expected[d.dealer().team().index()] += 1;
            repeats += 1;
        }
        assert_eq!(d.points(), expected, "seed {seed}");
        if g.next_deal() {
            let next = g.deal().dealer();
            assert_eq!(
                next,
                if partner_made_it {
                    d.dealer()
                } else {
                    d.dealer().left()
                },
                "seed {seed}"
            );
        }
    }
    assert!(repeats > 5, "only {repeats} repeated deals");
}

fn deal_of(r: Rules, dealer: u8, hands: [&str; 4], upcard: &str) -> Deal {
    let hands = hands.map(|h| {
        h.split_whitespace()
            .map(|c| c.parse::<euchre::Card>().unwrap())
            .collect()
    });
    Deal::new(
        r,
        euchre::Seat::new(dealer),
        hands,
        upcard.parse().unwrap(),
        euchre::CardSet::EMPTY,
    )
    .unwrap()
}

fn act(d: &mut Deal, s: &str) {
    d.apply(s.parse().unwrap()).unwrap_or_else(|e| panic!("{s}: {e}"));
}

fn legal(d: &Deal) -> Vec<String> {
    d.legal_actions().iter().map(|a| a.to_string()).collect()
}

const JAMBOREE_HANDS: [&str; 4] = [
    "JH JD AH KH QH",
    "9C TC JC QC KC",
    "AC 9D TD QD KD",
    "AD 9S TS JS QS",
];

#[test]
fn a_jamboree_scores_sixteen_without_play_and_makes_kellers_eight_games() {
    let r = rules(&[
        ("jamboree", "true"),
        ("winning_score", "5"),
        ("laps", "true"),
        ("slams", "true"),
    ]);
    let mut d = deal_of(r, 3, JAMBOREE_HANDS, "9H");
    act(&mut d, "order");
    act(&mut d, "discard QS");
    // The maker holds the five highest trumps and is asked before the first lead.
    assert_eq!(d.phase(), euchre::Phase::Jamboree);
    assert_eq!(d.to_act(), Some(euchre::Seat::new(0)));
    assert_eq!(legal(&d), ["pass", "jamboree"]);
    // The others see the question, not the answer they cannot give.
    assert!(d.observation(euchre::Seat::new(1)).legal.is_empty());
    let mut game = Game::starting_with(d, 1, [4, 0]);
    game.apply(Action::Jamboree).unwrap();
    assert!(game.deal().is_done());
    assert_eq!(game.deal().points(), [16, 0]);
    assert!(game.deal().plays().is_empty());
    assert_eq!(game.score(), [20, 0]);
    assert_eq!(games_from_points(&r, 20, 0), (8, 0));
}

#[test]
fn a_jamboree_declined_is_played_out_and_the_partner_is_asked_too() {
    // Keller: either player of the making side may claim.
    let r = rules(&[("jamboree", "true"), ("jambone_jamboree_by", "makers_side")]);
    let mut d = deal_of(r, 3, JAMBOREE_HANDS, "9H");
    act(&mut d, "order");
    act(&mut d, "discard QS");
    act(&mut d, "pass");
    // Then the maker's partner, who has nothing to claim.
    assert_eq!(d.to_act(), Some(euchre::Seat::new(2)));
    assert_eq!(legal(&d), ["pass"]);
    act(&mut d, "pass");
    assert_eq!(d.phase(), euchre::Phase::Play);
    assert_eq!(d.to_act(), Some(euchre::Seat::new(0)), "the eldest leads");
}

#[test]
fn no_jamboree_when_the_opponents_made_trump() {
    // Keller: either player of the making side may claim.
    let r = rules(&[("jamboree", "true"), ("jambone_jamboree_by", "makers_side")]);
    let mut d = deal_of(r, 3, JAMBOREE_HANDS, "9H");
    act(&mut d, "pass");
    act(&mut d, "order"); // seat 1 orders hearts: the holder's side did not make trump
    act(&mut d, "discard QS");
    for asked in [1, 3] {
        assert_eq!(d.to_act(), Some(euchre::Seat::new(asked)));
        assert_eq!(legal(&d), ["pass"]);
        act(&mut d, "pass");
    }
    assert_eq!(d.phase(), euchre::Phase::Play);
}

#[test]
fn only_the_dealer_who_made_trump_counts_the_upcard() {
    // Keller: either player of the making side may claim.
    let r = rules(&[("jamboree", "true"), ("jambone_jamboree_by", "makers_side")]);
    // The dealer (seat 3) holds four of the five; the upcard QH is the fifth.
    let hands = [
        "9C TC JC QC KC",
        "AC 9D TD QD KD",
        "AD 9S TS JS QS",
        "JH JD AH KH 9H",
    ];
    let mut taken = deal_of(r, 3, hands, "QH");
    for a in ["pass", "pass", "pass", "order", "discard 9H"] {
        act(&mut taken, a);
    }
    assert_eq!(
        legal(&taken),
        ["pass", "jamboree"],
        "the dealer made trump: the upcard counts"
    );
    let mut ordered = deal_of(r, 3, hands, "QH");
    for a in ["pass", "order", "discard 9H", "pass"] {
        act(&mut ordered, a);
    }
    // Seat 1 (the dealer's partner) ordered; the dealer is asked second and may not count it.
    assert_eq!(ordered.to_act(), Some(euchre::Seat::new(3)));
    assert_eq!(legal(&ordered), ["pass"]);
}

const FARMER_HANDS: [&str; 4] = [
    "JH JD AH KH QH",
    "9C TC 9D TD 9H",
    "AC KC QD KD JS",
    "AD 9S TS QS KS",
];

#[test]
fn a_farmers_hand_is_shown_and_exchanged_for_the_kitty() {
    let r = rules(&[("farmers", "true")]);
    // Dealer 0; the kitty is what nobody holds: JC, QC, AS (the upcard is TH).
    let mut d = deal_of(r, 0, FARMER_HANDS, "TH");
    assert_eq!(d.phase(), euchre::Phase::Farmers);
    assert_eq!(d.to_act(), Some(euchre::Seat::new(1)), "asked from the eldest");
    assert_eq!(legal(&d), ["pass", "farmers"]);
    act(&mut d, "farmers");
    assert_eq!(d.phase(), euchre::Phase::FarmersSwap);
    assert_eq!(legal(&d).len(), 10);
    act(&mut d, "swap 9C 9D TD");
    assert_eq!(
        d.hands()[1],
        "TC 9H JC QC AS".split(' ').map(|c| c.parse().unwrap()).collect()
    );
    assert_eq!(
        d.kitty(),
        "9C 9D TD".split(' ').map(|c| c.parse().unwrap()).collect()
    );
    // Everyone saw the hand; the cards taken from the kitty stay private.
    let seen_by_2 = d.observation(euchre::Seat::new(2));
    assert_eq!(seen_by_2.shown[1], d.dealt_hands()[1]);
    let json = serde_json::to_string(&seen_by_2).unwrap();
    assert!(!json.contains("\"AS\"") && !json.contains("\"JC\""), "{json}");
    // The other seats have nothing to show; then the bidding starts from the eldest.
    for _ in 0..3 {
        assert_eq!(legal(&d), ["pass"]);
        act(&mut d, "pass");
    }
    assert_eq!(d.phase(), euchre::Phase::Bidding1);
    assert_eq!(d.to_act(), Some(euchre::Seat::new(1)));
    // A world sampled by another seat keeps the shown cards where they are known to be.
    let mut rng = deal_rng(4);
    let world = euchre::sample_world(&seen_by_2, &mut rng).unwrap();
    assert_eq!(world.observation(euchre::Seat::new(2)), seen_by_2);
}

#[test]
fn a_world_drawn_after_a_farmer_dealer_discards_a_card_it_showed_agrees() {
    // The dealer shows an ace-no-face hand, swaps three cards with the kitty (JC TH AS), is
    // ordered up and discards 9D, a card everyone saw. The others' worlds must allow a shown
    // card to be the discard (they drew none at all before).
    let hands = [
        "9C AC 9D 9S TS",
        "JH JD KH QS KS",
        "TC QC KC TD AD",
        "QD KD 9H QH JS",
    ];
    let mut d = deal_of(
        rules(&[("farmers", "true"), ("go_under", "true")]),
        0,
        hands,
        "AH",
    );
    for a in [
        "pass",
        "pass",
        "pass",
        "farmers",
        "swap 9C AC TS",
        "order alone",
        "discard 9D",
    ] {
        act(&mut d, a);
    }
    // From the discard to the end of the play (where the dealer holds no card, so 9D can only
    // be the discard).
    let mut rng = deal_rng(4);
    loop {
        for s in 1..4 {
            let view = d.observation(euchre::Seat::new(s));
            assert!(view.shown[0].contains("9D".parse().unwrap()));
            for _ in 0..5 {
                let world = euchre::sample_world(&view, &mut rng)
                    .unwrap_or_else(|e| panic!("seat {s} in {:?}: {e}", d.phase()));
                assert_eq!(world.observation(euchre::Seat::new(s)), view);
            }
        }
        let Some(&first) = d.legal_actions().first() else {
            break;
        };
        d.apply(first).unwrap();
    }
}

#[test]
fn ace_no_face_needs_go_under_and_redeal_throws_the_deal_in() {
    let hands = [
        "JH JD AH KH QH",
        "AC TC 9D TD 9H",
        "9C KC QD KD JS",
        "AD 9S TS QS KS",
    ];
    let d = deal_of(rules(&[("farmers", "true")]), 0, hands, "TH");
    assert_eq!(legal(&d), ["pass"], "an ace is not a farmer's hand");
    let r = rules(&[("go_under", "true"), ("farmers_policy", "redeal")]);
    let mut game = Game::starting_with(deal_of(r, 0, hands, "TH"), 5, [0, 0]);
    assert_eq!(legal(game.deal()), ["pass", "farmers"]);
    game.apply(Action::Farmers).unwrap();
    assert!(game.deal().is_done() && game.deal().thrown_in_for_farmers());
    assert_eq!(game.deal().points(), [0, 0]);
    assert!(game.next_deal());
    assert_eq!(
        game.deal().dealer(),
        euchre::Seat::new(0),
        "the same dealer deals again"
    );
}

#[test]
fn the_farmers_exchange_needs_the_24_card_deck() {
    let mut r = rules(&[("farmers", "true"), ("joker", "true")]);
    assert!(r.validate().is_err());
    r.set("farmers_policy", "redeal").unwrap();
    assert!(r.validate().is_ok());
}

// ----- the house rules on constructed deals -----

/// Applies each decision, checking first that the expected seat is to act.
fn script(d: &mut Deal, steps: &[(u8, &str)]) {
    for &(s, a) in steps {
        assert_eq!(d.to_act(), Some(euchre::Seat::new(s)), "seat to act before '{a}'");
        act(d, a);
    }
}

/// Dealer 0; seat 1 orders the 9H up and the dealer throws the JC. The defenders take the first
/// two tricks, the makers the last three.
fn fast_break_deal(r: Rules) -> Deal {
    let mut d = deal_of(
        r,
        0,
        [
            "AC AS KD QD JC",
            "JH JD AH 9C 9S",
            "KC QC KS QS AD",
            "KH QH TH TC TS",
        ],
        "9H",
    );
    assert_eq!(legal(&d), ["pass", "order", "order alone"]);
    #[rustfmt::skip]
    script(&mut d, &[
        (1, "order"), (0, "discard JC"),
        (1, "9C"), (2, "QC"), (3, "TC"), (0, "AC"),
        (0, "AS"), (1, "9S"), (2, "QS"), (3, "TS"),
        (0, "KD"), (1, "AH"), (2, "AD"), (3, "QH"),
        (1, "JH"), (2, "KS"), (3, "TH"), (0, "9H"),
        (1, "JD"), (2, "KC"), (3, "KH"), (0, "QD"),
    ]);
    assert_eq!(d.tricks_won(), [2, 3]);
    d
}

#[test]
fn fast_break_on_a_constructed_deal() {
    assert_eq!(
        fast_break_deal(rules(&[])).points(),
        [0, 1],
        "without the rule: 1 point"
    );
    assert_eq!(fast_break_deal(rules(&[("fast_break", "true")])).points(), [0, 0]);
}

/// Seat 1 makes hearts with the four top trumps and loses only the 9S at the end: four tricks.
fn four_trick_deal(r: Rules) -> Deal {
    let mut d = deal_of(
        r,
        0,
        [
            "AC KC QC AS KS",
            "JH JD AH KH 9S",
            "JC AD KD QD QS",
            "9C TC 9D TD TS",
        ],
        "9H",
    );
    #[rustfmt::skip]
    script(&mut d, &[
        (1, "order"), (0, "discard KC"),
        (1, "JH"), (2, "QS"), (3, "9C"), (0, "9H"),
        (1, "JD"), (2, "QD"), (3, "9D"), (0, "QC"),
        (1, "AH"), (2, "KD"), (3, "TD"), (0, "AC"),
        (1, "KH"), (2, "AD"), (3, "TC"), (0, "KS"),
        (1, "9S"), (2, "JC"), (3, "TS"), (0, "AS"),
    ]);
    assert_eq!(d.tricks_won(), [1, 4]);
    d
}

#[test]
fn four_trick_tokens_on_a_constructed_deal() {
    let d = four_trick_deal(rules(&[("four_trick_tokens", "true")]));
    assert_eq!(d.points(), [0, 1]);
    assert_eq!(d.four_trick_token(), Some(euchre::Team::new(1)));
    // Four such deals: the fourth token is traded in for a point.
    let mut tally = euchre::game::Tally::default();
    for (i, want) in [
        ([0, 1], [0, 1]),
        ([0, 2], [0, 2]),
        ([0, 3], [0, 3]),
        ([0, 5], [0, 0]),
    ]
    .into_iter()
    .enumerate()
    {
        tally.add(&d);
        assert_eq!((tally.score, tally.tokens), want, "deal {i}");
    }
    // Without the rule, no token.
    assert_eq!(four_trick_deal(rules(&[])).four_trick_token(), None);
}

#[test]
fn point_on_partner_on_a_constructed_deal() {
    let r = rules(&[("point_on_partner", "true")]);
    // The dealer's partner (seat 2) orders the 9H up and the dealer's side takes all five.
    let mut d = deal_of(
        r,
        0,
        [
            "AC KC QC AS KS",
            "9C TC 9D TD TS",
            "JH JD AH KH 9S",
            "JC AD KD QD QS",
        ],
        "9H",
    );
    #[rustfmt::skip]
    script(&mut d, &[
        (1, "pass"), (2, "order"), (0, "discard KC"),
        (1, "9C"), (2, "JH"), (3, "JC"), (0, "AC"),
        (2, "JD"), (3, "QS"), (0, "9H"), (1, "9D"),
        (2, "AH"), (3, "QD"), (0, "QC"), (1, "TD"),
        (2, "KH"), (3, "KD"), (0, "KS"), (1, "TC"),
        (2, "9S"), (3, "AD"), (0, "AS"), (1, "TS"),
    ]);
    assert_eq!(d.tricks_won(), [5, 0]);
    assert_eq!(d.points(), [3, 0], "a march (2) and the point on the partner");
    assert!(d.dealer_deals_again());
    assert_eq!(euchre::game::next_dealer(&d), euchre::Seat::new(0));
}
