//! The historical and regional variants on constructed deals (RULES.md §3, §4, §5, §6, §8):
//! Railroad's exchanges and scoring table, jambone with both kinds of calls, Robson's blind loner
//! and subtraction, and table-mode reneging with its claims. Each test plays a written deal
//! through the engine and checks the decisions offered at each step and the points.

use euchre::observation::Seen;
use euchre::{Action, Card, CardSet, Deal, Game, IllegalAction, Phase, Rules, Seat};
use rand::SeedableRng;

fn rules(preset: &str, opts: &[(&str, &str)]) -> Rules {
    let mut r = Rules::preset(preset).unwrap();
    for (k, v) in opts {
        r.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
    }
    r.validate().unwrap();
    r
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(card).collect()
}

fn seat(n: u8) -> Seat {
    Seat::new(n)
}

/// A deal from written hands (seats 0..3); the kitty is whatever is left.
fn deal_of(rules: Rules, dealer: u8, hands: [&str; 4], upcard: &str) -> Deal {
    Deal::new(
        rules,
        seat(dealer),
        hands.map(cards),
        card(upcard),
        CardSet::EMPTY,
    )
    .unwrap()
}

/// Applies each decision, checking first that the expected seat is to act.
fn run(deal: &mut Deal, script: &[(u8, &str)]) {
    for &(s, a) in script {
        assert_eq!(deal.to_act(), Some(seat(s)), "seat to act before '{a}'");
        deal.apply(a.parse().unwrap())
            .unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

/// The legal decisions as sorted text.
fn legal(deal: &Deal) -> Vec<String> {
    let mut v: Vec<String> = deal.legal_actions().iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

fn texts(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Refuses `a`, leaving the deal exactly as it was; returns the reason.
fn refused(deal: &mut Deal, a: &str) -> IllegalAction {
    let before = format!("{deal:?}");
    let err = deal.apply(a.parse().unwrap()).expect_err(a);
    assert_eq!(format!("{deal:?}"), before, "'{a}' changed the deal");
    err
}

/// Plays the rest of the tricks with the first legal decision each time (deterministic),
/// passing on a jamboree question; stops after the last trick.
fn play_first_legal(deal: &mut Deal) {
    while matches!(deal.phase(), Phase::Jamboree | Phase::Play | Phase::Name) {
        let a = deal.legal_actions()[0];
        deal.apply(a).unwrap();
    }
}

// ----- Railroad (RULES.md §4 partners_best, §6 and the Railroad scoring table) -----

/// Railroad with the dealer at seat 0, hearts turned (9H), seat 1 the eldest.
fn railroad(hands: [&str; 4]) -> Deal {
    deal_of(Rules::preset("railroad").unwrap(), 0, hands, "9H")
}

#[test]
fn railroad_loner_exchanges_face_down_with_the_partner() {
    let mut d = railroad([
        "TC QC KC QD 9S",
        "B JH JD AH 9C",
        "AC TD AD TS JS",
        "KH QH 9D KD KS",
    ]);
    assert_eq!(
        legal(&d),
        texts(&["pass", "order", "order alone", "order jambone"])
    );
    run(&mut d, &[(1, "order alone"), (0, "discard 9S")]);
    // The loner passes any card of the hand, face down.
    assert_eq!(d.phase(), Phase::Exchange);
    assert_eq!(
        legal(&d),
        texts(&[
            "exchange B",
            "exchange JH",
            "exchange JD",
            "exchange AH",
            "exchange 9C"
        ])
    );
    run(&mut d, &[(1, "exchange 9C")]);
    // The partner gives a card of their own back, not the one just received.
    assert_eq!(d.phase(), Phase::Give);
    assert_eq!(
        refused(&mut d, "give 9C"),
        IllegalAction::GiveBack { card: card("9C") }
    );
    assert_eq!(
        legal(&d),
        texts(&["give KH", "give QH", "give 9D", "give KD", "give KS"])
    );
    run(&mut d, &[(3, "give KH")]);
    assert_eq!(d.hands()[1], cards("B JH JD AH KH"));
    assert_eq!(d.hands()[3], cards("QH 9D KD KS 9C"));
    // Only the two partners see the cards; the defenders see that an exchange happened.
    for s in Seat::ALL {
        let seen: Vec<Seen> = d.observation(s).history.iter().map(|&(_, a)| a).collect();
        let partners = s == seat(1) || s == seat(3);
        assert_eq!(
            seen.contains(&Seen::Known(Action::Exchange(card("9C")))),
            partners
        );
        assert_eq!(seen.contains(&Seen::Known(Action::Give(card("KH")))), partners);
        assert_eq!(seen.contains(&Seen::HiddenExchange), !partners);
        assert_eq!(seen.contains(&Seen::HiddenGive), !partners);
    }
    // Railroad: a defender may go alone against the loner; both decline here.
    run(&mut d, &[(2, "partner"), (0, "partner")]);
    play_first_legal(&mut d);
    assert_eq!(d.tricks_won(), [0, 5]);
    assert_eq!(d.points(), [0, 4], "a lone march scores 4");
}

#[test]
fn railroad_dealer_loner_exchanges_twice_and_may_discard_the_partners_card() {
    let mut d = railroad([
        "B JH 9C TC 9S",
        "QC KC QD KD KS",
        "AH KH QH TH JS",
        "AC TD AD TS QS",
    ]);
    run(
        &mut d,
        &[(1, "pass"), (2, "pass"), (3, "pass"), (0, "order alone")],
    );
    // The exchange with the partner comes first: the upcard is not in the hand yet.
    assert_eq!(d.phase(), Phase::Exchange);
    assert!(!d.hands()[0].contains(card("9H")));
    run(&mut d, &[(0, "exchange 9S"), (2, "give JS")]);
    // Then the upcard, and the discard: here the very card the partner gave.
    assert_eq!(d.phase(), Phase::Discard);
    assert_eq!(d.hands()[0], cards("B JH 9C TC JS 9H"));
    run(&mut d, &[(0, "discard JS")]);
    assert_eq!(d.hands()[0], cards("B JH 9C TC 9H"));
    assert_eq!(d.hands()[2], cards("AH KH QH TH 9S"));
    assert_eq!(d.phase(), Phase::DefendAlone);
}

#[test]
fn railroad_lone_defender_exchanges_too_and_leads() {
    let mut d = railroad([
        "AC KC QC JS QS",
        "B JH JD AH 9C",
        "TC TD AD TS KS",
        "KH QH 9D KD AS",
    ]);
    run(
        &mut d,
        &[
            (1, "order alone"),
            (0, "discard QS"),
            (1, "exchange 9C"),
            (3, "give KH"),
        ],
    );
    // The defender on the maker's left is asked first.
    run(&mut d, &[(2, "alone")]);
    assert_eq!(d.phase(), Phase::Exchange);
    run(&mut d, &[(2, "exchange TC"), (0, "give AC")]);
    // Railroad's jamboree question to the maker: no jamboree here.
    run(&mut d, &[(1, "pass")]);
    assert_eq!(d.lone_defender(), Some(seat(2)));
    assert_eq!(d.hands()[2], cards("AC TD AD TS KS"));
    assert_eq!(d.phase(), Phase::Play);
    assert_eq!(
        d.to_act(),
        Some(seat(2)),
        "when both play alone, the defender leads"
    );
    play_first_legal(&mut d);
    assert_eq!(d.tricks_won(), [0, 5]);
    assert_eq!(d.points(), [0, 4]);
}

/// Railroad's table, row by row: seat 1 makes hearts (ordering the 9H up), the play follows.
fn railroad_row(hands: [&str; 4], alone: bool, exchange: Option<(&str, &str)>) -> Deal {
    let mut d = railroad(hands);
    run(&mut d, &[(1, if alone { "order alone" } else { "order" })]);
    let dealer_discard = d.legal_actions()[0];
    d.apply(dealer_discard).unwrap();
    if let Some((x, y)) = exchange {
        run(
            &mut d,
            &[(1, &format!("exchange {x}")), (3, &format!("give {y}"))],
        );
        run(&mut d, &[(2, "partner"), (0, "partner")]);
    }
    // The jamboree question (railroad plays jamboree): nobody holds one here.
    while d.phase() == Phase::Jamboree {
        d.apply(Action::Pass).unwrap();
    }
    play_first_legal(&mut d);
    assert!(d.is_done());
    d
}

#[test]
fn railroad_scoring_table() {
    // Makers win three or more tricks: 1 point. Seat 1's three top trumps are the makers' only
    // winners: every other card of theirs is the lowest of its suit, each defender holding a
    // higher one in every suit.
    let d = railroad_row(
        [
            "AC AD AS QH TH",
            "B JH JD 9C 9S",
            "KC KD KS AH KH",
            "TC 9D TD TS QC",
        ],
        false,
        None,
    );
    assert_eq!((d.tricks_won(), d.points()), ([2, 3], [0, 1]));
    // Makers win all five: 2 points.
    let d = railroad_row(
        [
            "AC AD AS QC TH",
            "B JH JD AH KH",
            "KC KD KS QH QS",
            "TC 9D TD TS 9S",
        ],
        false,
        None,
    );
    assert_eq!((d.tricks_won(), d.points()), ([0, 5], [0, 2]));
    // Euchre, the defenders take three or more: 2 points (no bonus for all five).
    let d = railroad_row(
        [
            "B JH JD AH AS",
            "9C TC 9D TD 9S",
            "KH QH TH KS QS",
            "QC KC AC QD KD",
        ],
        false,
        None,
    );
    assert!(d.tricks_won()[0] >= 3);
    assert_eq!(d.points(), [2, 0]);
    // The lone player takes three or four: 3 points.
    let d = railroad_row(
        [
            "AC AD AS QH TH",
            "B JH JD 9C 9S",
            "KC KD KS AH QS",
            "TC 9D TD TS KH",
        ],
        true,
        Some(("9S", "TS")),
    );
    assert_eq!((d.tricks_won(), d.points()), ([2, 3], [0, 3]));
    // The lone player takes all five: 4 points.
    let d = railroad_row(
        [
            "AC AD AS QC TH",
            "B JH JD AH 9C",
            "KC KD KS QH QS",
            "TC 9D TD TS KH",
        ],
        true,
        Some(("9C", "KH")),
    );
    assert_eq!((d.tricks_won(), d.points()), ([0, 5], [0, 4]));
    // The defenders take three or more against a lone player: 4 points.
    let d = railroad_row(
        [
            "B JH JD AH AS",
            "9C TC 9D TD 9S",
            "KH QH TH KS QS",
            "QC KC AC QD KD",
        ],
        true,
        Some(("9C", "QC")),
    );
    assert!(d.tricks_won()[0] >= 3);
    assert_eq!(d.points(), [4, 0]);
}

// ----- Jambone (RULES.md §8) -----

#[test]
fn keller_jambone_first_trick_call_by_the_left_opponent_when_the_jambone_player_leads() {
    // Keller's own example: both bowers, the ace, king and ten of trumps; the player to the left
    // holds the queen and demands the ten be led.
    let r = rules("keller-1887", &[("defend_alone", "against_loner")]);
    let mut d = deal_of(
        r,
        0,
        [
            "9C TC 9S TS JS",
            "JH JD AH KH TH",
            "QH QC KC AC 9D",
            "QS KS AS TD QD",
        ],
        "9H",
    );
    assert!(legal(&d).contains(&"order jambone".to_string()));
    run(&mut d, &[(1, "order jambone"), (0, "discard JS")]);
    // No defender may go alone against jambone; the partner sits out.
    assert_eq!(d.phase(), Phase::Name);
    assert!(d.jambone() && !d.is_active(seat(3)));
    // The hand is face up for everyone.
    for s in Seat::ALL {
        assert_eq!(d.observation(s).exposed, Some((seat(1), cards("JH JD AH KH TH"))));
    }
    // The jambone player (the eldest) leads: the opponent on the left names the card.
    assert_eq!(d.to_act(), Some(seat(2)));
    assert_eq!(
        legal(&d),
        texts(&["name JH", "name JD", "name AH", "name KH", "name TH"])
    );
    assert!(matches!(
        refused(&mut d, "name 9C"),
        IllegalAction::NotHeld { .. }
    ));
    run(&mut d, &[(2, "name TH"), (2, "QH"), (0, "9H")]);
    // Seat 2's queen won the first trick; after it, no more calls (Keller).
    assert_eq!(d.trick_winners(), &[seat(2)]);
    assert_eq!(d.history()[2], (seat(2), Action::Name(card("TH"))));
    run(&mut d, &[(2, "QC")]);
    assert_eq!(d.phase(), Phase::Play);
    assert_eq!(d.to_act(), Some(seat(0)));
    play_first_legal(&mut d);
    // Four tricks: 1 point.
    assert_eq!((d.tricks_won(), d.points()), ([1, 4], [0, 1]));
}

#[test]
fn keller_jambone_call_by_the_leader_never_forces_a_revoke() {
    let r = Rules::preset("keller-1887").unwrap();
    // Dealer 3: the eldest, seat 0, leads to the jambone player at seat 1.
    let mut d = deal_of(
        r,
        3,
        [
            "AC KC 9D TD QD",
            "JH JD AH KH QC",
            "9C TC QH AD KD",
            "TH 9S TS QS KS",
        ],
        "9H",
    );
    // The dealer is the jambone player's partner, sitting out: the upcard stays put.
    run(&mut d, &[(0, "pass"), (1, "order jambone")]);
    assert_eq!(d.to_act(), Some(seat(0)), "the eldest leads");
    run(&mut d, &[(0, "AC")]);
    // The leader names the card the jambone hand plays to it, and must name a club.
    assert_eq!(d.phase(), Phase::Name);
    assert_eq!(d.to_act(), Some(seat(0)));
    assert_eq!(legal(&d), texts(&["name QC"]));
    assert_eq!(
        refused(&mut d, "name JH"),
        IllegalAction::NameForcesRevoke {
            card: card("JH"),
            led: "clubs"
        }
    );
    run(&mut d, &[(0, "name QC"), (2, "9C")]);
    play_first_legal(&mut d);
    assert_eq!((d.tricks_won(), d.points()), ([1, 4], [0, 1]));
}

#[test]
fn railroad_jambone_every_trick_lead_named_on_the_left_follow_on_the_right() {
    let mut d = railroad([
        "QC KC 9D TD 9S",
        "B JH JD AH KH",
        "AC TC AD TS JS",
        "QH 9C KD QS KS",
    ]);
    run(&mut d, &[(1, "order jambone"), (0, "discard 9S")]);
    // Railroad's jambone player is a loner: the exchange with the partner first.
    run(&mut d, &[(1, "exchange KH"), (3, "give QH")]);
    // No lone defender against jambone, even in Railroad.
    assert_eq!(d.phase(), Phase::Name);
    let mut namers = Vec::new();
    while !d.is_done() {
        if d.phase() == Phase::Name {
            let leading = d.current_trick().is_empty();
            namers.push((leading, d.to_act().unwrap()));
        }
        let a = d.legal_actions()[0];
        d.apply(a).unwrap();
    }
    // Every trick has a call: the lead by seat 2 (left), a follow by seat 0 (right).
    assert_eq!(namers.len(), 5);
    for (leading, namer) in namers {
        assert_eq!(namer, if leading { seat(2) } else { seat(0) });
    }
    assert_eq!((d.tricks_won(), d.points()), ([0, 5], [0, 8]), "jambone march: 8");
}

#[test]
fn jambone_euchred_scores_jambone_euchred_score() {
    for (preset, want) in [("keller-1887", 8), ("railroad", 2)] {
        let r = rules(preset, &[("partners_best", "false")]);
        // Keller's 24 cards have no Joker.
        let top = if r.joker { "B" } else { "AC" };
        let rest = if r.joker { "AC" } else { "JC" };
        let hands = [
            format!("{top} JH JD AH AS"),
            "9C TC 9D TD 9S".to_string(),
            "KH QH TH KS QS".to_string(),
            format!("QC KC {rest} QD KD"),
        ];
        let mut d = deal_of(r, 0, [0, 1, 2, 3].map(|i| hands[i].as_str()), "9H");
        run(&mut d, &[(1, "order jambone"), (0, "discard AS")]);
        play_first_legal(&mut d);
        assert!(d.tricks_won()[0] >= 3, "{preset}");
        assert_eq!(d.points(), [want, 0], "{preset}");
    }
}

#[test]
fn jambone_dealer_may_decline_the_upcard_and_a_jamboree_played_as_jambone_scores_8() {
    let r = Rules::preset("keller-1887").unwrap();
    // The dealer holds a jamboree in hearts (both bowers, A, K, Q).
    let mut d = deal_of(
        r,
        0,
        [
            "JH JD AH KH QH",
            "9C TC 9D TD 9S",
            "AC KC QC AS KS",
            "JC AD KD QD JS",
        ],
        "9H",
    );
    run(
        &mut d,
        &[(1, "pass"), (2, "pass"), (3, "pass"), (0, "order jambone")],
    );
    // Declining the upcard is discarding it: allowed for the jambone dealer only.
    assert!(legal(&d).contains(&"discard 9H".to_string()));
    run(&mut d, &[(0, "discard 9H")]);
    // Played as jambone, the jamboree is not asked about.
    assert_ne!(d.phase(), Phase::Jamboree);
    play_first_legal(&mut d);
    assert_eq!(d.points(), [8, 0]);
}

#[test]
fn jambone_is_offered_only_with_the_call() {
    let r = Rules::preset("keller-1887").unwrap();
    let d = deal_of(
        r,
        0,
        [
            "JH JD AH KH QH",
            "9C TC 9D TD 9S",
            "AC KC QC AS KS",
            "JC AD KD QD JS",
        ],
        "9H",
    );
    assert_eq!(
        legal(&d),
        texts(&["pass", "order", "order alone", "order jambone"])
    );
    // Not under after_discard timing, where there is no moment to declare it.
    let mut bad = r;
    bad.set("alone_timing", "after_discard").unwrap();
    assert!(bad.validate().unwrap_err().to_string().contains("jambone"));
}

// ----- Robson (RULES.md §6) -----

#[test]
fn robson_blind_loner_is_decided_before_the_dealer_sees_the_hand() {
    let r = rules("north-american", &[("robson", "true")]);
    let mut d = deal_of(
        r,
        0,
        [
            "JD AH KH QH 9C",
            "9S TC 9D TD TS",
            "AC KC QC AS KS",
            "JC AD KD QD QS",
        ],
        "JH",
    );
    // A jack turned: the dealer is asked first, seeing nothing of the hand.
    assert_eq!(d.phase(), Phase::BlindLoner);
    assert_eq!(legal(&d), texts(&["pass", "blind alone"]));
    assert_eq!(d.observation(seat(0)).hand, CardSet::EMPTY);
    assert_eq!(d.observation(seat(1)).hand, cards("9S TC 9D TD TS"));
    run(&mut d, &[(0, "blind alone")]);
    assert_eq!((d.maker(), d.lone_maker()), (Some(seat(0)), Some(seat(0))));
    assert_eq!(d.observation(seat(0)).hand, cards("JD AH KH QH 9C JH"));
    run(&mut d, &[(0, "discard 9C")]);
    play_first_legal(&mut d);
    assert_eq!(
        (d.tricks_won(), d.points()),
        ([5, 0], [5, 0]),
        "a blind march scores 5"
    );
    // Like any march under robson, it could be taken off the opponents instead (4, alone).
    assert_eq!(d.phase(), Phase::Robson);
    run(&mut d, &[(0, "pass")]);
    assert!(d.is_done());

    // Anything less gives the defenders 1.
    let mut d = deal_of(
        r,
        0,
        [
            "9C TC 9D TD 9S",
            "JD AH KH QH TS",
            "AC KC QC AS KS",
            "JC AD KD QD QS",
        ],
        "JH",
    );
    run(&mut d, &[(0, "blind alone"), (0, "discard 9C")]);
    play_first_legal(&mut d);
    assert!(d.tricks_won()[0] < 5);
    assert_eq!(d.points(), [0, 1]);

    // No jack turned, no question.
    let d = deal_of(
        r,
        0,
        [
            "JD AH KH QH 9C",
            "9S TC 9D TD TS",
            "AC KC QC AS KS",
            "JC AD KD QD QS",
        ],
        "9H",
    );
    assert_eq!(d.phase(), Phase::Bidding1);
}

#[test]
fn robson_march_may_subtract_from_the_opponents_instead() {
    let r = rules("north-american", &[("robson", "true")]);
    let hands = [
        "9C TC 9D TD 9S",
        "B JH JD AH KH",
        "AC KC QC AS KS",
        "JC AD KD QD QS",
    ];
    let hands = hands.map(|h| h.replace("B ", "QH "));
    let hands = [0, 1, 2, 3].map(|i| hands[i].as_str());
    for (alone, off) in [(false, 2), (true, 4)] {
        let d = deal_of(r, 0, hands, "9H");
        let mut game = Game::starting_with(d, 1, [3, 7]);
        let order = if alone { "order alone" } else { "order" };
        game.apply(order.parse().unwrap()).unwrap();
        game.apply("discard 9C".parse().unwrap()).unwrap();
        while game.deal().phase() == Phase::Play {
            let a = game.deal().legal_actions()[0];
            game.apply(a).unwrap();
        }
        assert_eq!(game.deal().phase(), Phase::Robson);
        assert_eq!(game.deal().to_act(), Some(seat(1)));
        assert_eq!(legal(game.deal()), texts(&["pass", "subtract"]));
        game.apply(Action::Subtract).unwrap();
        assert_eq!(game.deal().points(), [0, 0]);
        assert_eq!(game.deal().deductions(), [off, 0]);
        assert_eq!(game.score(), [3 - i32::from(off), 7]);
    }
}

// ----- Table-mode reneging (RULES.md §5) -----

/// The renege deals' cards: dealer 0, the 9H turned.
const RENEGE_HANDS: [&str; 4] = [
    "AC KC QC 9D TD",
    "JH JD AH KH 9S",
    "9C AS KS QS JS",
    "TC AD KD QD TS",
];

/// Seat 1 makes hearts; seat 0 (the dealer, holding the 9H) throws the AC on the first trump
/// lead instead of following, and must play the 9H later: a renege the tricks prove.
fn reneged(r: Rules, order: &str) -> Deal {
    let mut d = deal_of(r, 0, RENEGE_HANDS, "9H");
    run(&mut d, &[(1, order), (0, "discard TD")]);
    let (s2, s3) = if d.is_active(seat(3)) {
        ("AS", Some("TS"))
    } else {
        ("AS", None)
    };
    run(&mut d, &[(1, "JH"), (2, s2)]);
    if let Some(c) = s3 {
        run(&mut d, &[(3, c)]);
    }
    // Any card may be played: the dealer keeps the trump back.
    assert!(d.legal_actions().contains(&Action::Play(card("AC"))));
    run(&mut d, &[(0, "AC")]);
    while d.phase() == Phase::Play {
        let a = d.legal_actions()[0];
        d.apply(a).unwrap();
    }
    assert_eq!(d.reneged_seats(), seat(0).bit());
    d
}

#[test]
fn renege_claim_voids_the_hand_and_the_innocent_side_adds_two() {
    let r = rules("north-american", &[("reneging", "penalised")]);
    let mut d = reneged(r, "order");
    // Only the side that did not renege is asked, from the eldest.
    assert_eq!(d.phase(), Phase::RenegeClaim);
    assert_eq!(d.to_act(), Some(seat(1)));
    assert_eq!(legal(&d), texts(&["pass", "claim renege"]));
    let mut passed = d.clone();
    run(&mut passed, &[(1, "pass"), (3, "pass")]);
    assert!(passed.is_done() && !passed.voided_by_renege());
    assert_ne!(passed.points(), [0, 0], "unclaimed, the hand scores as played");
    // A claim voids the hand.
    run(&mut d, &[(1, "claim renege")]);
    assert!(d.is_done() && d.voided_by_renege());
    assert_eq!((d.points(), d.deductions()), ([0, 2], [0, 0]));
}

#[test]
fn renege_against_a_lone_hand_costs_four_deducted_from_the_guilty_side() {
    let r = rules(
        "north-american",
        &[("reneging", "penalised"), ("renege_penalty_mode", "deduct")],
    );
    let d = reneged(r, "order alone");
    let mut game = Game::starting_with(d, 3, [6, 5]);
    game.apply(Action::ClaimRenege).unwrap();
    assert_eq!((game.deal().points(), game.deal().deductions()), ([0, 0], [4, 0]));
    assert_eq!(game.score(), [2, 5]);
}

#[test]
fn a_false_renege_claim_is_refused_with_the_reason() {
    // The same cards, everyone following suit.
    let r = rules("north-american", &[("reneging", "penalised")]);
    let mut d = deal_of(r, 0, RENEGE_HANDS, "9H");
    run(&mut d, &[(1, "order"), (0, "discard TD")]);
    let strict = {
        let mut s = Rules::preset("north-american").unwrap();
        s.reneging = euchre::rules::Reneging::Prevented;
        s
    };
    // Each card chosen as the first legal card under the strict rules.
    while d.phase() == Phase::Play {
        let mut mirror = deal_of(strict, 0, RENEGE_HANDS, "9H");
        for (_, a) in d.history() {
            mirror.apply(a).unwrap();
        }
        let a = mirror.legal_actions()[0];
        d.apply(a).unwrap();
    }
    assert_eq!(d.reneged_seats(), 0);
    assert!(d.is_done(), "no renege, no claims asked");
    let err = refused(&mut d, "claim renege");
    assert_eq!(err, IllegalAction::NoRenege);
    assert!(err.to_string().starts_with("false claim"));
}

// ----- Rules checked against the words of their sources -----

/// Keller's dealer holds a jambone hand in hearts; the dealer's partner (seat 1) can assist.
const KELLER_HANDS: [&str; 4] = [
    "9C TC JC QC KC",
    "AC 9D TD QD KD",
    "AD 9S TS JS QS",
    "JH JD AH KH TH",
];

#[test]
fn keller_the_dealer_whose_partner_assisted_may_play_jambone() {
    // Keller 1887: "A player may play jambone only when he orders up, takes up, or makes the
    // trump; or when his partner assists, orders up, or makes the trump."
    let r = rules("keller-1887", &[]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "order")]);
    // The assisting partner made trump; the dealer is asked before taking up the upcard.
    assert_eq!(d.phase(), Phase::PartnerAlone);
    assert_eq!(d.to_act(), Some(seat(3)));
    assert_eq!(legal(&d), texts(&["jambone", "partner"]));
    run(&mut d, &[(3, "jambone")]);
    assert_eq!(d.maker(), Some(seat(1)));
    assert_eq!(d.lone_maker(), Some(seat(3)));
    assert!(d.jambone());
    // "If the dealer should play jambone, and should find that the trump turned was weaker than
    // any card in his hand, he need not discard."
    assert!(legal(&d).contains(&"discard 9H".to_string()));
    run(&mut d, &[(3, "discard 9H")]);
    // No defender may go alone against jambone, and a jambone hand claims no jamboree.
    assert_eq!(d.phase(), Phase::Play);
    assert!(!d.is_active(seat(1)), "the assisting partner sits out");
    assert_eq!(d.exposed(), Some((seat(3), cards("JH JD AH KH TH"))));
    // The eldest leads and, as the opponent who led, names the card the jambone hand plays.
    run(&mut d, &[(0, "9C"), (2, "9S")]);
    assert_eq!(d.phase(), Phase::Name);
    assert_eq!(d.to_act(), Some(seat(0)));
    run(&mut d, &[(0, "name TH")]);
    play_first_legal(&mut d);
    assert!(d.is_done());
    assert_eq!(d.tricks_won(), [0, 5]);
    assert_eq!(
        d.points(),
        [0, 8],
        "a jambone march scores 8 for the dealer's side"
    );
}

#[test]
fn keller_the_partner_of_any_maker_is_asked_but_never_an_opponent() {
    // "A jambone hand cannot be played when the opposing side orders up or makes the trump."
    let r = rules("keller-1887", &[]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "order")]);
    // Seat 0 ordered the dealer up: seat 0's partner is asked, not the dealer.
    assert_eq!(d.phase(), Phase::PartnerAlone);
    assert_eq!(d.to_act(), Some(seat(2)));
    run(&mut d, &[(2, "partner")]);
    assert_eq!(d.phase(), Phase::Discard);
    assert!(
        !legal(&d).contains(&"discard 9H".to_string()),
        "an ordered dealer keeps the upcard"
    );
    // Keller lets only the makers' side play jambone: the railroad setting asks nobody.
    let r = rules("keller-1887", &[("jambone_jamboree_by", "maker")]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "order")]);
    assert_eq!(d.phase(), Phase::Discard);
    assert!(matches!(
        refused(&mut d, "jambone"),
        IllegalAction::NotInRules { .. }
    ));
}

#[test]
fn keller_no_jambone_with_a_trump_the_partner_passed() {
    // Keller 1887: "He cannot play jambone with a trump he has passed, or with a trump whose
    // making he has passed" (rules audit s51, 1).
    let r = rules("keller-1887", &[]);
    // The dealer takes up after its partner (seat 1) passed hearts: nobody is asked.
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "order")]);
    assert_eq!(d.phase(), Phase::Discard);
    // The third hand orders up after its partner, the eldest, passed: nobody is asked.
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "order")]);
    assert_eq!(d.phase(), Phase::Discard);
    // Round 2: the partner who passed there is not asked; one who has not bid there yet is
    // (its pass in round 1 was of another suit).
    let round1 = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")];
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &round1);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "call S")]);
    assert_eq!(
        d.phase(),
        Phase::Jamboree,
        "on to the jamboree question, nobody asked"
    );
    assert!(d.is_active(seat(2)) && d.is_active(seat(0)));
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &round1);
    run(&mut d, &[(0, "call S")]);
    assert_eq!(d.phase(), Phase::PartnerAlone);
    assert_eq!(d.to_act(), Some(seat(2)));
    assert_eq!(legal(&d), texts(&["jambone", "partner"]));
    // Refused, it says why; where alone is not a choice the refusal does not offer it.
    let err = refused(&mut d, "alone").to_string();
    assert!(err.contains("seat 2's choices are partner or jambone"), "{err}");
    assert!(!err.contains("(alone)"), "{err}");
    // Where the partner may take the hand alone (`defend_alone = any`) but passed the trump,
    // jambone is refused for that.
    let r = rules("keller-1887", &[("defend_alone", "any")]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "order")]);
    assert_eq!(d.phase(), Phase::PartnerAlone);
    assert_eq!(legal(&d), texts(&["alone", "partner"]));
    let err = refused(&mut d, "jambone");
    assert_eq!(err, IllegalAction::JambonePassed { seat: seat(0) });
    assert!(err.to_string().contains("passed this trump"), "{err}");
}

/// Seat 2 holds the five highest hearts with the Joker; seat 0, its partner, nothing much.
const PARTNER_HOLDS_THE_TOP: [&str; 4] = [
    "9C TC JC QC KC",
    "AC 9D TD QD KD",
    "B JH JD AH KH",
    "AD 9S TS JS QS",
];

#[test]
fn railroad_only_the_maker_may_play_jambone_or_claim_a_jamboree() {
    // Railroad: "Bear in mind, that only the Maker of the trump can go alone, call Jambone or
    // Jamboree."
    let r = rules("railroad", &[]);
    let mut d = deal_of(r, 3, PARTNER_HOLDS_THE_TOP, "9H");
    run(&mut d, &[(0, "order")]);
    // The partner is offered neither jambone nor (below) the jamboree.
    assert_eq!(d.phase(), Phase::Discard);
    run(&mut d, &[(3, "discard 9S")]);
    assert_eq!(d.phase(), Phase::Jamboree);
    assert_eq!(d.to_act(), Some(seat(0)));
    assert_eq!(legal(&d), texts(&["pass"]));
    run(&mut d, &[(0, "pass")]);
    assert_eq!(d.phase(), Phase::Play, "the partner is never asked");
    assert_eq!(d.to_act(), Some(seat(0)));
    assert!(!d.holds_jamboree(seat(2)));

    // The same deal where the maker's side may claim (Keller): the partner takes 16.
    let r = rules("railroad", &[("jambone_jamboree_by", "makers_side")]);
    let mut d = deal_of(r, 3, PARTNER_HOLDS_THE_TOP, "9H");
    run(
        &mut d,
        &[(0, "order"), (2, "partner"), (3, "discard 9S"), (0, "pass")],
    );
    assert_eq!(d.to_act(), Some(seat(2)));
    assert_eq!(legal(&d), texts(&["jamboree", "pass"]));
    run(&mut d, &[(2, "jamboree")]);
    assert_eq!(d.points(), [16, 0]);
}

#[test]
fn british_blind_shout_the_dealer_names_trump_without_seeing_the_hand() {
    // British: "If the upcard is the Benny, the dealer must announce trumps before picking up
    // their own hand cards and the dealer's team are the makers (a 'blind shout')."
    let r = rules("british", &[]);
    let hands = [
        "9C TC JC QC KC",
        "AC 9D TD QD KD",
        "9H JH JD AH KH",
        "AD 9S TS JS QS",
    ];
    let d = deal_of(r, 3, hands, "B");
    assert_eq!(d.phase(), Phase::BlindShout);
    assert_eq!(d.to_act(), Some(seat(3)));
    let obs = d.observation(seat(3));
    assert!(
        obs.hand.is_empty(),
        "the dealer sees {} before shouting",
        obs.hand
    );
    let json = serde_json::to_string(&obs).unwrap();
    for c in cards(hands[3]) {
        assert!(!json.contains(&format!("\"{c}\"")), "{c} leaks: {json}");
    }
    // Worlds sampled from the dealer's view draw the dealer's hand like any other.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let drawn: Vec<CardSet> = (0..20)
        .map(|_| euchre::sample_world(&obs, &mut rng).unwrap().hands()[3])
        .collect();
    assert!(drawn.iter().any(|h| *h != cards(hands[3])));
    // The others hold their hands as usual, and once trump is shouted the dealer picks up.
    assert_eq!(d.observation(seat(0)).hand, cards(hands[0]));
    let mut d = d;
    run(&mut d, &[(3, "call S"), (1, "partner")]);
    assert_eq!(d.phase(), Phase::Discard);
    assert_eq!(d.observation(seat(3)).hand, cards(hands[3]).with(Card::JOKER));
}

#[test]
fn british_any_player_may_go_alone_before_the_first_trick() {
    // British: "Before the first trick any player may announce they are going 'alone', whereupon
    // the partner of the lone player puts their cards face down on the table and drops out."
    let r = rules("british", &[]);
    let mut d = deal_of(r, 3, PARTNER_HOLDS_THE_TOP, "9H");
    run(&mut d, &[(0, "order")]);
    // The maker's partner is asked first, then (as before) the defenders.
    assert_eq!(d.phase(), Phase::PartnerAlone);
    assert_eq!(d.to_act(), Some(seat(2)));
    assert_eq!(legal(&d), texts(&["alone", "partner"]));
    run(&mut d, &[(2, "alone"), (3, "discard 9S")]);
    assert_eq!(d.maker(), Some(seat(0)));
    assert_eq!(d.lone_maker(), Some(seat(2)));
    assert_eq!(d.phase(), Phase::DefendAlone);
    run(&mut d, &[(1, "partner"), (3, "partner")]);
    assert!(
        !d.is_active(seat(0)),
        "the maker drops out for the partner's lone hand"
    );
    // Left of the loner leads.
    assert_eq!(d.to_act(), Some(seat(3)));
    play_first_legal(&mut d);
    assert_eq!(d.tricks_won(), [5, 0]);
    assert_eq!(d.points(), [4, 0], "a lone march");

    // The dealer takes up and the dealer's partner goes alone: the dealer's hand drops out and
    // the upcard stays with the kitty.
    let mut d = deal_of(r, 3, PARTNER_HOLDS_THE_TOP, "9H");
    run(
        &mut d,
        &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "order"), (1, "alone")],
    );
    assert_eq!(d.lone_maker(), Some(seat(1)));
    assert!(!d.upcard_taken());
    assert!(d.kitty().contains(card("9H")));
    assert_eq!(d.phase(), Phase::DefendAlone);
}

#[test]
fn a_decision_of_a_rule_not_played_says_which_rule() {
    // A claim after a deal played without table-mode reneging is no false claim: it is never a
    // decision under these rules.
    let r = rules("north-american", &[]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "order"), (3, "discard TH")]);
    play_first_legal(&mut d);
    assert!(d.is_done());
    let e = refused(&mut d, "claim renege");
    assert_eq!(
        e.to_string(),
        "'claim renege' is never a decision under these rules: it needs reneging = penalised"
    );
}

#[test]
fn with_the_dealer_shouting_first_the_last_to_bid_is_stuck_and_told_so() {
    // Stick the dealer sticks the last to bid in round 2 ("the fourth player is forced to choose
    // a trump suit"): with the dealer shouting first, the seat on the dealer's right, and the
    // refusal says so rather than calling it the dealer (rules audit s51, 2).
    let r = rules(
        "north-american",
        &[("dealer_shouts_first", "true"), ("stick_the_dealer", "true")],
    );
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(3, "pass"), (0, "pass"), (1, "pass"), (2, "pass")]);
    run(&mut d, &[(3, "pass"), (0, "pass"), (1, "pass")]);
    let err = refused(&mut d, "pass");
    assert_eq!(
        err,
        IllegalAction::DealerStuck {
            seat: seat(2),
            last: true
        }
    );
    assert!(err.to_string().contains("bids last in round 2"), "{err}");
    let r = rules("north-american", &[("stick_the_dealer", "true")]);
    let mut d = deal_of(r, 3, KELLER_HANDS, "9H");
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass")]);
    let err = refused(&mut d, "pass").to_string();
    assert!(err.contains("seat 3 is the dealer and is stuck"), "{err}");
}
