//! Property tests over seeded random games for every preset and a set of option combinations,
//! then focused tests of single rules on constructed deals.
//!
//! The random games check, at every decision: cards are conserved, every listed action applies,
//! random illegal actions are refused without changing anything, the legal plays follow suit as
//! `RULES.md` §1 and §5 define it (recomputed here, independently of the trump tables), deal points
//! follow the §6 table, observations hold no hidden card, and sampled worlds agree with the
//! observation they were drawn from.

use euchre::game::Decisions;
use euchre::shuffle::{below, deal_rng, shuffled_deck, DealRng};
use euchre::{
    sample_world, Action, Card, CardSet, Deal, DealOutcome, Game, IllegalAction, Match, Phase, Rank, Rules,
    Sampler, Seat, Suit, Team, Trump, PRESETS,
};
use proptest::prelude::*;

// ----- helpers -----

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

fn act(s: &str) -> Action {
    s.parse().unwrap()
}

fn seat(n: u8) -> Seat {
    Seat::new(n)
}

/// A deal from written hands; the kitty is whatever is left.
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
        deal.apply(act(a))
            .unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

/// Applies an action that must be refused, and checks that nothing changed.
fn refused(deal: &mut Deal, a: &str) -> IllegalAction {
    let before = format!("{deal:?}");
    let err = deal.apply(act(a)).expect_err(a);
    assert_eq!(format!("{deal:?}"), before, "'{a}' changed the deal");
    assert!(!err.to_string().is_empty());
    err
}

/// The legal actions as sorted text.
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

// ----- an independent model of following suit and winning tricks (RULES.md §1, §5) -----

/// The suit a card belongs to for following: the left bower and the Joker belong to trump. `None`
/// for the Joker under no-trump (it follows nothing).
fn eff_suit(c: Card, trump: Trump) -> Option<Suit> {
    let Some(s) = c.suit() else { return trump.suit() };
    match trump {
        Trump::Suit(t) if c.rank() == Some(Rank::Jack) && s == t.same_colour() => Some(t),
        _ => Some(s),
    }
}

/// Trick-taking power: Joker, right bower, left bower, other trumps high to low, then the led suit.
fn power(c: Card, trump: Trump, led: Option<Suit>) -> u32 {
    if c.is_joker() {
        return 1000;
    }
    let rank = c.rank().unwrap() as u32;
    if let Trump::Suit(t) = trump {
        if c == Card::new(Rank::Jack, t) {
            return 999;
        }
        if c == Card::new(Rank::Jack, t.same_colour()) {
            return 998;
        }
        if c.suit() == Some(t) {
            return 500 + rank;
        }
    }
    if led.is_some() && eff_suit(c, trump) == led {
        100 + rank
    } else {
        0
    }
}

fn next_active(deal: &Deal, s: Seat) -> Seat {
    let mut n = s.left();
    while !deal.is_active(n) {
        n = n.left();
    }
    n
}

/// Each trick as (seat, card) pairs in play order.
fn tricks_by_seat(deal: &Deal) -> Vec<Vec<(Seat, Card)>> {
    deal.tricks()
        .into_iter()
        .map(|(leader, cs)| {
            let mut s = leader;
            cs.iter()
                .enumerate()
                .map(|(i, &c)| {
                    if i > 0 {
                        s = next_active(deal, s);
                    }
                    (s, c)
                })
                .collect()
        })
        .collect()
}

fn played_by(deal: &Deal) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    for t in tricks_by_seat(deal) {
        for (s, c) in t {
            out[s.index()].insert(c);
        }
    }
    out
}

fn trick_winner(trick: &[(Seat, Card)], trump: Trump) -> Seat {
    let led = eff_suit(trick[0].1, trump);
    trick.iter().max_by_key(|(_, c)| power(*c, trump, led)).unwrap().0
}

/// Voids shown in play, recomputed: a seat that did not follow the led suit has none of it.
fn voids(deal: &Deal) -> [u8; 4] {
    let mut v = [0u8; 4];
    // Under table-mode reneging a card off suit proves nothing.
    if deal.rules().reneging == euchre::rules::Reneging::Penalised {
        return v;
    }
    let Some(trump) = deal.trump() else { return v };
    for t in tricks_by_seat(deal) {
        let Some(led) = eff_suit(t[0].1, trump) else {
            continue;
        };
        for &(s, c) in &t[1..] {
            if eff_suit(c, trump) != Some(led) {
                v[s.index()] |= 1 << led.index();
            }
        }
    }
    v
}

/// The points of a finished deal per the RULES.md §6 table, from the tricks as played.
fn table_points(deal: &Deal) -> [u8; 2] {
    let Some(maker) = deal.maker() else { return [0, 0] };
    let trump = deal.trump().unwrap();
    let mt = maker.team();
    let taken = tricks_by_seat(deal)
        .iter()
        .filter(|t| trick_winner(t, trump).team() == mt)
        .count();
    let r = deal.rules();
    let alone = deal.lone_maker().is_some();
    let (mut m, mut d) = match taken {
        // Robson's blind loner: a march scores 5, anything less 1 to the defenders.
        5 if deal.blind_loner() => (5, 0),
        _ if deal.blind_loner() => (0, 1),
        // Jambone (RULES.md §8).
        5 if deal.jambone() => (8, 0),
        3 | 4 if deal.jambone() => (1, 0),
        _ if deal.jambone() => (0, r.jambone_euchred_score),
        5 if alone => (r.loner_march_score, 0),
        5 => (2, 0),
        3 | 4 if alone => (r.loner_small_score, 0),
        3 | 4 => (1, 0),
        _ if deal.lone_defender().is_some() => (0, r.lone_defender_score),
        _ if alone => (0, r.loner_euchred_score),
        _ => (0, 2),
    };
    // House rules: a fast break (defenders take the first two tricks, makers the last three)
    // scores nothing; otherwise the dealer's partner making it earns one more.
    let winners: Vec<bool> = tricks_by_seat(deal)
        .iter()
        .map(|t| trick_winner(t, trump).team() == mt)
        .collect();
    if r.fast_break && !winners[0] && !winners[1] && winners[2..].iter().all(|&w| w) {
        (m, d) = (0, 0);
    } else if r.point_on_partner && maker == deal.dealer().partner() && taken >= 3 {
        m += 1;
    }
    let mut p = [0u8; 2];
    p[mt.index()] = m;
    p[mt.other().index()] = d;
    p
}

/// Seats (a bit each) that failed to follow suit and later played the suit led, from the tricks.
fn reneged(deal: &Deal) -> u8 {
    let Some(trump) = deal.trump() else { return 0 };
    let tricks = tricks_by_seat(deal);
    let mut guilty = 0;
    for (i, t) in tricks.iter().enumerate() {
        let Some(led) = eff_suit(t[0].1, trump) else {
            continue;
        };
        for &(s, c) in &t[1..] {
            let held = tricks[i + 1..]
                .iter()
                .flatten()
                .any(|&(o, later)| o == s && eff_suit(later, trump) == Some(led));
            if eff_suit(c, trump) != Some(led) && held {
                guilty |= s.bit();
            }
        }
    }
    guilty
}

/// The suit offered in round 1 (the agreed suit when the Joker is turned under `agreed_suit`).
fn offered_suit(deal: &Deal) -> Option<Suit> {
    deal.upcard().suit().or(match deal.rules().joker_upcard {
        euchre::rules::JokerUpcard::AgreedSuit(s) => Some(s),
        euchre::rules::JokerUpcard::BlindShout => None,
    })
}

// ----- invariants checked at every step of the random games -----

/// Cards are conserved: hands, kitty, played cards, the discard and the upcard (where it lies)
/// partition the deck, and each seat's cards are accounted for against its dealt hand.
fn check_cards(deal: &Deal) {
    let deck = deal.rules().deck();
    let expected_size = match (deal.rules().min_rank, deal.rules().joker) {
        (9, j) => 24 + u32::from(j),
        (8, j) => 28 + u32::from(j),
        (_, j) => 32 + u32::from(j),
    };
    assert_eq!(deck.len(), expected_size);
    let hands = deal.hands();
    let dealer = deal.dealer();
    let up = deal.upcard();
    let plays: CardSet = deal.plays().iter().copied().collect();
    assert_eq!(
        plays.len() as usize,
        deal.plays().len(),
        "a card was played twice"
    );
    let mut parts: Vec<CardSet> = hands.to_vec();
    parts.push(deal.kitty());
    parts.push(plays);
    if let Some(d) = deal.discard() {
        parts.push(CardSet::single(d));
        assert!(deal.upcard_taken(), "a discard without the upcard taken");
    }
    let mut dealer_side = hands[dealer.index()]
        .union(plays)
        .union(deal.discard().map_or(CardSet::EMPTY, CardSet::single));
    // Under `partners_best` the dealer may pass the taken upcard to the partner.
    if deal.history().iter().any(|&(s, a)| {
        s.team() == dealer.team() && matches!(a, Action::Exchange(c) | Action::Give(c) if c == up)
    }) {
        dealer_side = dealer_side.union(hands[dealer.partner().index()]);
    }
    if deal.upcard_taken() {
        // Taken up: in the dealer's hand, played, or discarded; never in the kitty.
        assert!(dealer_side.contains(up), "the taken upcard {up} is lost");
        assert!(!deal.kitty().contains(up));
    } else if deal.kitty().contains(up) {
        // The dealer sits out for the partner's lone hand and the upcard stays on the kitty.
        assert_eq!(deal.lone_maker(), Some(dealer.partner()));
        assert!(!deal.is_active(dealer) || !matches!(deal.phase(), Phase::Play | Phase::Done));
    } else {
        assert!(
            parts.iter().all(|p| !p.contains(up)),
            "the upcard {up} is in two places"
        );
        parts.push(CardSet::single(up));
    }
    let total: u32 = parts.iter().map(|p| p.len()).sum();
    let union = parts.iter().fold(CardSet::EMPTY, |a, b| a.union(*b));
    assert_eq!(union, deck, "cards lost or invented");
    assert_eq!(total, deck.len(), "a card is in two places");

    // Each seat: what it holds, played and discarded is what it was dealt (with the upcard).
    let played = played_by(deal);
    let dealt = deal.dealt_hands();
    for s in Seat::ALL {
        let mut now = hands[s.index()].union(played[s.index()]);
        let mut was = dealt[s.index()];
        if s == dealer {
            if let Some(d) = deal.discard() {
                now.insert(d);
            }
            if deal.upcard_taken() {
                was.insert(up);
            }
        }
        // Partners' exchanges (`partners_best`): each card moved from one partner to the other.
        for &(who, a) in &deal.history() {
            if let Action::Exchange(c) | Action::Give(c) = a {
                if who == s {
                    was.remove(c);
                } else if who == s.partner() {
                    was.insert(c);
                }
            }
        }
        let swapped = deal.history().iter().find_map(|&(who, a)| match a {
            Action::Swap(g) if who == s => Some(g.into_iter().collect::<CardSet>()),
            _ => None,
        });
        match swapped {
            // A farmer gave these three for three kitty cards.
            Some(given) => {
                assert_eq!(was.minus(now), given, "seat {s} gave the wrong cards");
                assert_eq!(
                    now.minus(was).len(),
                    3,
                    "seat {s} got the wrong number of kitty cards"
                );
            }
            None => assert_eq!(now, was, "seat {s}'s cards"),
        }
    }
}

/// Sanity of the listed legal actions, phase by phase, and of who is asked.
fn check_legal(deal: &Deal) {
    let legal = deal.legal_actions();
    let r = deal.rules();
    let Some(me) = deal.to_act() else {
        assert!(legal.is_empty());
        assert_eq!(deal.phase(), Phase::Done);
        return;
    };
    assert!(!legal.is_empty(), "nothing legal in {:?}", deal.phase());
    for (i, a) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(a), "{a} listed twice");
    }
    let with_call = r.alone_timing == euchre::rules::AloneTiming::WithCall;
    let dealer = deal.dealer();
    let hand = deal.hands()[me.index()];
    match deal.phase() {
        Phase::BlindLoner => {
            assert!(r.robson);
            assert_eq!(me, dealer);
            assert_eq!(deal.upcard().rank(), Some(Rank::Jack));
            assert_eq!(legal.as_slice(), &[Action::Pass, Action::BlindAlone]);
        }
        Phase::Bidding1 => {
            let forced = r.dealer_shouts_first && me == dealer && deal.upcard().is_joker();
            assert_eq!(legal.contains(&Action::Pass), !forced);
            assert!(legal
                .iter()
                .all(|a| matches!(a, Action::Pass | Action::Order { .. } | Action::OrderJambone)));
            // Jambone is offered wherever going alone is.
            assert_eq!(
                legal.contains(&Action::OrderJambone),
                r.jambone && legal.contains(&Action::Order { alone: true })
            );
            if !with_call {
                assert!(!legal.contains(&Action::Order { alone: true }));
            }
            if r.canadian && with_call && me == dealer.partner() {
                assert!(!legal.contains(&Action::Order { alone: false }));
            }
        }
        Phase::Bidding2 => {
            let first = if r.dealer_shouts_first {
                dealer
            } else {
                dealer.left()
            };
            let last = first.plus(3);
            assert_eq!(legal.contains(&Action::Pass), !(r.stick_the_dealer && me == last));
            let turned = offered_suit(deal).unwrap();
            for a in legal.iter() {
                match *a {
                    Action::Pass => {}
                    Action::Call { trump, alone } => {
                        assert_ne!(trump, Trump::Suit(turned), "the turned-down suit is offered");
                        assert!(r.allow_no_trump || trump != Trump::NoTrump);
                        assert!(with_call || !alone);
                        let jambone = Action::CallJambone(trump);
                        assert_eq!(legal.contains(&jambone), r.jambone && with_call);
                    }
                    Action::CallJambone(_) => assert!(r.jambone),
                    other => panic!("{other} in round 2"),
                }
            }
        }
        Phase::BlindShout => {
            assert_eq!(me, dealer);
            assert!(deal.upcard().is_joker());
            let per_suit = if !with_call {
                1
            } else if r.jambone {
                3
            } else {
                2
            };
            assert_eq!(legal.len(), 4 * per_suit);
            assert!(legal.iter().all(|a| matches!(
                a,
                Action::Call {
                    trump: Trump::Suit(_),
                    ..
                } | Action::CallJambone(Trump::Suit(_))
            )));
        }
        Phase::Discard => {
            assert_eq!(me, dealer);
            assert_eq!(hand.len(), 6);
            let mut expected = hand;
            // A dealer playing jambone may decline the upcard.
            let jambone_dealer = deal.jambone() && deal.lone_maker() == Some(dealer);
            if !r.dealer_may_discard_upcard && !jambone_dealer {
                expected.remove(deal.upcard());
            }
            let got: CardSet = legal
                .iter()
                .map(|a| match a {
                    Action::Discard(c) => *c,
                    other => panic!("{other} in the discard"),
                })
                .collect();
            assert_eq!(got, expected);
        }
        Phase::MakerAlone | Phase::DefendAlone => {
            assert_eq!(legal.as_slice(), &[Action::Alone, Action::Partner]);
            let m = deal.maker().unwrap();
            if deal.phase() == Phase::MakerAlone {
                assert_eq!(me, m);
            } else {
                assert!(
                    me == m.left() || me == m.right(),
                    "defender {me} asked, maker {m}"
                );
            }
        }
        Phase::PartnerAlone => {
            // Asked right after a call without going alone, only where the rules let the
            // partner take the hand.
            let m = deal.maker().unwrap();
            assert_eq!(me, m.partner());
            assert!(with_call && deal.lone_maker().is_none());
            let any = r.defend_alone == euchre::rules::DefendAlone::Any;
            let jam = r.jambone && r.jambone_jamboree_by == euchre::rules::JamBy::MakersSide;
            assert!(any || jam);
            let mut want = vec![Action::Partner];
            if any {
                want.push(Action::Alone);
            }
            if jam {
                want.push(Action::Jambone);
            }
            assert_eq!(legal.as_slice(), want.as_slice());
        }
        Phase::Exchange => {
            assert!(r.partners_best);
            assert!(deal.lone_maker() == Some(me) || deal.lone_defender() == Some(me));
            let want: Vec<Action> = hand.iter().map(Action::Exchange).collect();
            assert_eq!(legal.as_slice(), want.as_slice());
        }
        Phase::Give => {
            let loner = me.partner();
            assert!(deal.lone_maker() == Some(loner) || deal.lone_defender() == Some(loner));
            let Some(&(who, Action::Exchange(passed))) = deal.auction().last() else {
                panic!("a give without an exchange just before")
            };
            assert_eq!(who, loner);
            let want: Vec<Action> = hand.without(passed).iter().map(Action::Give).collect();
            assert_eq!(legal.as_slice(), want.as_slice());
        }
        Phase::Name => {
            let j = deal.lone_maker().unwrap();
            assert!(deal.jambone());
            assert_eq!(me.team(), j.team().other(), "a jambone call by the jambone side");
            let trump = deal.trump().unwrap();
            let trick = deal.current_trick();
            let first_trick = deal.tricks_done() == 0;
            let every = r.jambone_calls == euchre::rules::JamboneCalls::EveryTrick;
            assert!(every || first_trick, "a call after the first trick (Keller)");
            let namer = match trick.first() {
                None => j.left(),
                Some(_) if every => j.right(),
                Some(_) => deal.trick_leaders()[0],
            };
            assert_eq!(me, namer);
            // Never a card that forces a revoke.
            let jhand = deal.hands()[j.index()];
            let expected = match trick.first() {
                None => jhand,
                Some(&lead) => {
                    let led = eff_suit(lead, trump);
                    let follow: CardSet = jhand
                        .iter()
                        .filter(|&c| led.is_some() && eff_suit(c, trump) == led)
                        .collect();
                    if follow.is_empty() {
                        jhand
                    } else {
                        follow
                    }
                }
            };
            let want: Vec<Action> = expected.iter().map(Action::Name).collect();
            assert_eq!(legal.as_slice(), want.as_slice());
        }
        Phase::RenegeClaim => {
            assert_eq!(deal.tricks_done(), 5);
            assert_eq!(legal.as_slice(), &[Action::Pass, Action::ClaimRenege]);
            let guilty = reneged(deal);
            assert!(
                guilty & (me.left().bit() | me.right().bit()) != 0,
                "seat {me} asked with no renege against it"
            );
        }
        Phase::Robson => {
            assert!(r.robson);
            let m = deal.maker().unwrap();
            assert_eq!(me, m);
            assert_eq!(deal.tricks_won()[m.team().index()], 5);
            assert_eq!(legal.as_slice(), &[Action::Pass, Action::Subtract]);
        }
        Phase::Play => {
            assert!(deal.is_active(me));
            let trump = deal.trump().unwrap();
            let trick = deal.current_trick();
            let penalised = r.reneging == euchre::rules::Reneging::Penalised;
            let expected = match trick.first() {
                _ if penalised => hand,
                None => hand,
                Some(&lead) => {
                    let led = eff_suit(lead, trump);
                    let follow: CardSet = hand
                        .iter()
                        .filter(|&c| led.is_some() && eff_suit(c, trump) == led)
                        .collect();
                    if follow.is_empty() {
                        hand
                    } else {
                        follow
                    }
                }
            };
            let got: CardSet = legal
                .iter()
                .map(|a| match a {
                    Action::Play(c) => *c,
                    other => panic!("{other} in play"),
                })
                .collect();
            assert_eq!(got, expected, "legal plays with {trick:?} led, trump {trump}");
        }
        Phase::Farmers => {
            let nines_tens = |c: &Card| matches!(c.rank(), Some(euchre::Rank::Nine | euchre::Rank::Ten));
            let aces = hand
                .iter()
                .filter(|c| c.rank() == Some(euchre::Rank::Ace))
                .count();
            let rest = hand
                .iter()
                .filter(|c| c.rank() != Some(euchre::Rank::Ace))
                .all(|c| nines_tens(&c));
            let may = rest && ((r.farmers && aces == 0) || (r.go_under && aces == 1));
            let mut got: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            got.sort();
            assert_eq!(
                got,
                if may {
                    texts(&["pass", "farmers"])
                } else {
                    texts(&["pass"])
                }
            );
        }
        Phase::FarmersSwap => {
            assert_eq!(legal.len(), 10, "three of five cards");
            for a in legal.iter() {
                let Action::Swap(g) = a else {
                    panic!("{a} in the farmers' swap")
                };
                assert!(g.iter().all(|&c| hand.contains(c)));
            }
        }
        Phase::Jamboree => {
            // Only the makers' side is asked (only the maker when the maker alone may claim),
            // and only five top trumps earn the claim.
            let maker = deal.maker().unwrap();
            let seat = me;
            assert_eq!(seat.team(), maker.team());
            let side_may = r.jambone_jamboree_by == euchre::rules::JamBy::MakersSide;
            assert!(deal.is_active(seat));
            assert!(seat == maker || side_may || deal.lone_maker() == Some(seat));
            let Some(Trump::Suit(t)) = deal.trump() else {
                panic!("jamboree asked without a trump suit")
            };
            let mut top = vec![
                card(&format!("J{t}")),
                card(&format!("J{}", t.same_colour())),
                card(&format!("A{t}")),
                card(&format!("K{t}")),
            ];
            top.push(if deal.rules().joker {
                Card::JOKER
            } else {
                card(&format!("Q{t}"))
            });
            let mut hand = hand;
            if seat == deal.dealer() && maker != seat && deal.upcard_taken() {
                hand.remove(deal.upcard());
            }
            let holds = top.iter().all(|&c| hand.contains(c)) && (seat == maker || side_may);
            let want = if holds {
                texts(&["pass", "jamboree"])
            } else {
                texts(&["pass"])
            };
            let mut got: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            got.sort();
            assert_eq!(got, want);
        }
        Phase::Done => unreachable!(),
    }
    // Every listed action applies.
    for &a in legal.iter() {
        let mut c = deal.clone();
        c.apply(a)
            .unwrap_or_else(|e| panic!("listed action {a} refused: {e}"));
    }
}

/// The seats taking part, and the scoring of a finished deal.
/// The deal's outcome agrees with its score: made or marched, the defenders score nothing;
/// euchred, the makers score nothing and the defenders something; marched, the makers took all
/// five tricks. A deal not played out to its tricks (thrown in, a jamboree shown, a renege
/// proven) has none.
fn check_outcome(deal: &Deal) {
    let Some(outcome) = deal.outcome() else {
        assert!(deal.maker().is_none() || deal.voided_by_renege() || deal.tricks_done() < 5);
        return;
    };
    let m = deal.maker_team().unwrap().index();
    let (points, history) = (deal.points(), deal.history());
    assert_eq!(
        outcome == DealOutcome::Marched,
        deal.tricks_won()[m] == 5,
        "{history:?}"
    );
    match outcome {
        DealOutcome::Made | DealOutcome::Marched => assert_eq!(points[1 - m], 0, "{history:?}"),
        DealOutcome::Euchred => {
            assert_eq!(points[m], 0, "{history:?}");
            assert!(points[1 - m] > 0, "{history:?}");
        }
        other => panic!("a partnership deal {other}: {history:?}"),
    }
}

fn check_finished(deal: &Deal) {
    assert!(deal.is_done());
    check_outcome(deal);
    if deal.thrown_in_for_farmers() {
        assert_eq!(deal.points(), [0, 0]);
        assert!(deal.history().iter().any(|(_, a)| *a == Action::Farmers));
        return;
    }
    if let Some(&(s, _)) = deal.history().iter().find(|(_, a)| *a == Action::Jamboree) {
        // Shown and scored without play.
        assert!(deal.plays().is_empty());
        let mut want = [0u8; 2];
        want[s.team().index()] = 16;
        assert_eq!(deal.points(), want);
        return;
    }
    assert!(deal.history().len() <= 58);
    if deal.passed_out() {
        assert_eq!(deal.points(), [0, 0]);
        // Eight bids, after the farmers' and the blind loner's questions when asked.
        let asked = usize::from(deal.rules().robson && deal.upcard().rank() == Some(Rank::Jack))
            + if deal.rules().farmers || deal.rules().go_under {
                4
            } else {
                0
            };
        assert_eq!(deal.history().len(), 8 + asked);
        assert!(deal.history().iter().all(|(_, a)| *a == Action::Pass));
        return;
    }
    let trump = deal.trump().unwrap();
    let tricks = tricks_by_seat(deal);
    assert_eq!(tricks.len(), 5);
    let mut won = [0u8; 2];
    for (i, t) in tricks.iter().enumerate() {
        assert_eq!(t.len() as u8, deal.active_count());
        let w = trick_winner(t, trump);
        assert_eq!(deal.trick_winners()[i], w, "trick {i} {t:?} trump {trump}");
        if i + 1 < 5 {
            assert_eq!(tricks[i + 1][0].0, w, "the winner leads next");
        }
        won[w.team().index()] += 1;
    }
    assert_eq!(deal.tricks_won(), won);
    let mut sitting_out = 0;
    for m in deal.lone_maker().into_iter().chain(deal.lone_defender()) {
        assert!(!deal.is_active(m.partner()));
        assert!(deal.is_active(m));
        sitting_out += 1;
    }
    assert_eq!(deal.active_count(), 4 - sitting_out);
    for s in Seat::ALL {
        let left = deal.hands()[s.index()].len();
        assert_eq!(
            left,
            if deal.is_active(s) { 0 } else { 5 },
            "seat {s} left with {left} cards"
        );
    }
    let points = table_points(deal);
    let history = deal.history();
    if let Some(&(claimer, _)) = history.iter().find(|(_, a)| *a == Action::ClaimRenege) {
        // A proven renege voids the hand: 2 to the innocent side (or off the guilty side), 4
        // when the innocent side was playing alone.
        let innocent = claimer.team();
        assert_ne!(reneged(deal) & (claimer.left().bit() | claimer.right().bit()), 0);
        assert!(deal.voided_by_renege());
        let lone = deal
            .lone_maker()
            .into_iter()
            .chain(deal.lone_defender())
            .any(|s| s.team() == innocent);
        let penalty = if lone { 4 } else { 2 };
        let mut to_innocent = [0u8; 2];
        to_innocent[innocent.index()] = penalty;
        let mut off_guilty = [0u8; 2];
        off_guilty[innocent.other().index()] = penalty;
        match deal.rules().renege_penalty_mode {
            euchre::rules::RenegePenaltyMode::Add => {
                assert_eq!((deal.points(), deal.deductions()), (to_innocent, [0, 0]))
            }
            euchre::rules::RenegePenaltyMode::Deduct => {
                assert_eq!((deal.points(), deal.deductions()), ([0, 0], off_guilty))
            }
        }
        return;
    }
    assert!(!deal.voided_by_renege());
    if history.iter().any(|(_, a)| *a == Action::Subtract) {
        // Robson: the march is taken off the opponents instead (2, or 4 alone).
        let m = deal.maker().unwrap().team();
        assert!(deal.rules().robson);
        assert_eq!(deal.tricks_won()[m.index()], 5);
        let mut off = [0u8; 2];
        off[m.other().index()] = if deal.lone_maker().is_some() { 4 } else { 2 };
        assert_eq!((deal.points(), deal.deductions()), ([0, 0], off));
        return;
    }
    assert_eq!(deal.points(), points, "{:?}", deal.history());
    assert_eq!(deal.deductions(), [0, 0]);
    assert!(points.iter().filter(|&&p| p > 0).count() == usize::from(points != [0, 0]));
}

/// Every card named anywhere in a JSON value (cards are strings or words of strings).
fn cards_in_json(v: &serde_json::Value, out: &mut CardSet) {
    match v {
        serde_json::Value::String(s) => {
            for w in s.split_whitespace() {
                if let Ok(c) = w.parse::<Card>() {
                    out.insert(c);
                }
            }
        }
        serde_json::Value::Array(xs) => xs.iter().for_each(|x| cards_in_json(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| cards_in_json(x, out)),
        _ => {}
    }
}

/// No observation names a card it should not: only the seat's own hand, played cards, the upcard,
/// and (for the dealer alone) the dealer's discard.
fn check_privacy(deal: &Deal) {
    let plays: CardSet = deal.plays().iter().copied().collect();
    let true_voids = voids(deal);
    for s in Seat::ALL {
        let obs = deal.observation(s);
        let json = serde_json::to_value(&obs).unwrap();
        let mut named = CardSet::EMPTY;
        cards_in_json(&json, &mut named);
        // A dealer deciding on a blind loner, or shouting trump blind (British: "before picking
        // up their own hand cards"), has not looked at the hand.
        let blind = matches!(deal.phase(), Phase::BlindLoner | Phase::BlindShout) && s == deal.dealer();
        let own = if blind {
            CardSet::EMPTY
        } else {
            deal.hands()[s.index()]
        };
        // The extraction works: the seat's own hand and the table are there.
        assert_eq!(named.intersect(own), own, "own hand missing from the observation");
        assert_eq!(named.intersect(plays), plays);
        let mut public = own.union(plays).with(deal.upcard());
        // A farmer's shown hand is public: what they kept, and what they gave to the kitty.
        for h in deal.shown_hands() {
            public = public.union(h);
        }
        // The jambone hand is face up during the play.
        if let Some((_, h)) = deal.exposed() {
            public = public.union(h);
            assert!(matches!(
                deal.phase(),
                Phase::Play | Phase::Name | Phase::RenegeClaim | Phase::Robson | Phase::Done
            ));
        }
        // Partners see the cards they exchange; nobody else does.
        for (who, a) in deal.history() {
            if let Action::Exchange(c) | Action::Give(c) = a {
                if who == s || who.partner() == s {
                    public.insert(c);
                }
            }
        }
        if s == deal.dealer() {
            if let Some(d) = deal.discard() {
                public.insert(d);
            }
        }
        let leaked = named.minus(public);
        assert!(leaked.is_empty(), "seat {s} sees {leaked:?} in {json}");
        if let (Some(d), false) = (deal.discard(), s == deal.dealer()) {
            // (A card this seat passed to the dealer in an exchange is known to it anyway.)
            let exchanged = deal.history().iter().any(|&(who, a)| {
                (who == s || who.partner() == s)
                    && matches!(a, Action::Exchange(c) | Action::Give(c) if c == d)
            });
            // Nor is a card of a farmer's hand that everyone was shown: the view names it
            // among the hand shown, not as the discard.
            let shown = deal.shown_hands().iter().any(|h| h.contains(d));
            assert!(
                d == deal.upcard() || exchanged || shown || !named.contains(d),
                "seat {s} sees the discard {d} in {json}"
            );
        }
        // Other fields agree with the deal.
        assert_eq!(obs.hand, own);
        assert_eq!(obs.phase, deal.phase());
        assert_eq!(obs.to_act, deal.to_act());
        assert_eq!(obs.voids, true_voids);
        for o in Seat::ALL {
            assert_eq!(obs.hand_sizes[o.index()] as u32, deal.hands()[o.index()].len());
        }
        // What this seat can't see includes every other hand and the kitty (the upcard aside).
        let unseen = obs.unseen();
        for o in Seat::ALL.into_iter().filter(|&o| o != s || blind) {
            let hidden = deal.hands()[o.index()].without(deal.upcard());
            assert_eq!(unseen.intersect(hidden), hidden);
        }
        assert_eq!(unseen.intersect(own), CardSet::EMPTY);
        let k = deal.kitty().without(deal.upcard());
        assert_eq!(unseen.intersect(k), k);
        let mine = deal.to_act() == Some(s);
        assert_eq!(
            obs.legal,
            if mine {
                deal.legal_actions()
            } else {
                Default::default()
            }
        );
    }
}

/// A world sampled from `seat`'s observation shows that seat the same observation, respects the
/// voids shown, and can be played on to the end.
fn check_sample(deal: &Deal, s: Seat, rng: &mut DealRng) {
    let obs = deal.observation(s);
    let sampled = sample_world(&obs, rng).unwrap_or_else(|e| {
        panic!(
            "seat {s} in {:?}: {e}\nhistory {:?}",
            deal.phase(),
            deal.history()
        )
    });
    assert_eq!(sampled.observation(s), obs);
    check_cards(&sampled);
    // A sampler drawing again and again draws as fresh draws do: nothing of one draw (the
    // order its shuffle left) carries over into the next.
    let mut sampler = Sampler::new(&obs).unwrap();
    for _ in 0..3 {
        let fresh = sample_world(&obs, &mut rng.clone()).unwrap();
        let drawn = sampler.draw(rng).unwrap();
        assert_eq!(drawn.dealt_hands(), fresh.dealt_hands());
        assert_eq!(drawn.history(), fresh.history());
    }
    // (A dealer deciding on a blind loner has not seen the hand: it is drawn too.)
    if obs.phase != Phase::BlindLoner {
        assert_eq!(sampled.hands()[s.index()], deal.hands()[s.index()]);
    }
    assert_eq!(sampled.plays(), deal.plays());
    if let Some(trump) = obs.trump {
        for o in Seat::ALL.into_iter().filter(|&o| o != s) {
            for c in sampled.hands()[o.index()] {
                if let Some(e) = eff_suit(c, trump) {
                    assert_eq!(
                        obs.voids[o.index()] & (1 << e.index()),
                        0,
                        "seat {o} shown void but holds {c}"
                    );
                }
            }
        }
    }
    if obs.upcard_with_dealer {
        assert!(sampled.hands()[deal.dealer().index()].contains(deal.upcard()));
    }
    if let Some((j, h)) = obs.exposed {
        assert_eq!(sampled.hands()[j.index()], h, "the exposed jambone hand moved");
    }
    let mut world = sampled;
    let mut steps = 0;
    while world.to_act().is_some() {
        let l = world.legal_actions();
        assert!(!l.is_empty());
        world.apply(l[below(rng, l.len() as u32) as usize]).unwrap();
        steps += 1;
        assert!(steps <= 64);
    }
}

/// A random decision: mostly illegal, sometimes one of the seat's own cards (near misses).
fn random_action(deal: &Deal, rng: &mut DealRng) -> Action {
    let any_card = |rng: &mut DealRng| Card::from_index(below(rng, Card::COUNT as u32) as u8).unwrap();
    let own = deal.to_act().map_or(CardSet::EMPTY, |s| deal.hands()[s.index()]);
    let own_card = |rng: &mut DealRng| euchre::shuffle::pick(own, rng).unwrap_or(Card::JOKER);
    let flag = |rng: &mut DealRng| below(rng, 2) == 1;
    match below(rng, 14) {
        10 => match below(rng, 6) {
            0 => Action::BlindAlone,
            1 => Action::ClaimRenege,
            2 => Action::Subtract,
            3 => Action::OrderJambone,
            4 => Action::CallJambone(Trump::Suit(Suit::from_index(below(rng, 4) as usize))),
            _ => Action::Farmers,
        },
        11 => Action::Exchange(own_card(rng)),
        12 => Action::Give(any_card(rng)),
        13 => Action::Name(any_card(rng)),
        0 => Action::Pass,
        1 => Action::Order { alone: flag(rng) },
        2 => {
            let t = below(rng, 5) as usize;
            let trump = if t == 4 {
                Trump::NoTrump
            } else {
                Trump::Suit(Suit::from_index(t))
            };
            Action::Call {
                trump,
                alone: flag(rng),
            }
        }
        3 => Action::Discard(any_card(rng)),
        4 => Action::Discard(own_card(rng)),
        5 => {
            if flag(rng) {
                Action::Alone
            } else {
                Action::Partner
            }
        }
        6 | 7 => Action::Play(own_card(rng)),
        _ => Action::Play(any_card(rng)),
    }
}

/// A random legal decision; while bidding, a pass half the time so that round 2 and thrown-in
/// hands are common too.
fn choose(deal: &Deal, rng: &mut DealRng) -> Action {
    let l = deal.legal_actions();
    let bidding = matches!(deal.phase(), Phase::Bidding1 | Phase::Bidding2);
    if bidding && l.contains(&Action::Pass) && below(rng, 2) == 0 {
        return Action::Pass;
    }
    l[below(rng, l.len() as u32) as usize]
}

/// Everything a deal shows through its accessors, to compare states cheaply.
#[derive(PartialEq, Debug)]
struct Snapshot {
    phase: Phase,
    to_act: Option<Seat>,
    hands: [CardSet; 4],
    kitty: CardSet,
    history: Vec<(Seat, Action)>,
    plays: Vec<Card>,
    trump: Option<Trump>,
    maker: Option<Seat>,
    lone_maker: Option<Seat>,
    lone_defender: Option<Seat>,
    discard: Option<Card>,
    upcard_taken: bool,
    active: [bool; 4],
    tricks_won: [u8; 2],
    trick_winners: Vec<Seat>,
    points: [u8; 2],
    legal: euchre::ActionList,
}

fn snapshot(d: &Deal) -> Snapshot {
    Snapshot {
        phase: d.phase(),
        to_act: d.to_act(),
        hands: d.hands(),
        kitty: d.kitty(),
        history: d.history().to_vec(),
        plays: d.plays().to_vec(),
        trump: d.trump(),
        maker: d.maker(),
        lone_maker: d.lone_maker(),
        lone_defender: d.lone_defender(),
        discard: d.discard(),
        upcard_taken: d.upcard_taken(),
        active: Seat::ALL.map(|s| d.is_active(s)),
        tricks_won: d.tricks_won(),
        trick_winners: d.trick_winners().to_vec(),
        points: d.points(),
        legal: d.legal_actions(),
    }
}

/// Offers random actions to the game; the illegal ones must be refused and change nothing (every
/// accessor, and with `full` the whole `Debug` form of the deal).
fn check_illegal(game: &mut Game, rng: &mut DealRng, tries: usize, full: bool) -> u32 {
    let legal = game.deal().legal_actions();
    let before = snapshot(game.deal());
    let before_text = if full {
        format!("{:?}", game.deal())
    } else {
        String::new()
    };
    let score = game.score();
    let mut refused = 0;
    for _ in 0..tries {
        let a = random_action(game.deal(), rng);
        let ok = legal.contains(&a);
        assert_eq!(game.deal().is_legal(a), ok, "{a}");
        if !ok {
            let e = Decisions::apply(game, a).expect_err("an illegal action was accepted");
            if game.deal().is_done() {
                // A claim after the deal with no renege in it is a false claim; a decision of a
                // rule not played says so, even after the deal.
                let false_claim = a == Action::ClaimRenege && e == IllegalAction::NoRenege;
                let not_played = matches!(e, IllegalAction::NotInRules { .. });
                assert!(
                    e == IllegalAction::DealOver || false_claim || not_played,
                    "{a}: {e}"
                );
            }
            assert!(!e.to_string().is_empty());
            refused += 1;
        }
    }
    assert_eq!(snapshot(game.deal()), before, "a refused action changed the deal");
    if full {
        assert_eq!(
            format!("{:?}", game.deal()),
            before_text,
            "a refused action changed the deal"
        );
    }
    assert_eq!(game.score(), score);
    refused
}

#[derive(Default, Debug)]
struct Stats {
    games: u32,
    deals: u32,
    decisions: u64,
    refused: u64,
    passed_out: u32,
    lone_makers: u32,
    lone_defenders: u32,
    no_trump: u32,
    blind_shouts: u32,
    joker_upcards: u32,
    upcard_discarded: u32,
    samples: u32,
}

/// Plays `games` random games under `rules` and checks every invariant along the way.
/// Every `deep_every`th game also checks observations and samples worlds.
fn random_games(rules: Rules, seed0: u64, games: u64, deep_every: u64) -> Stats {
    const MAX_DEALS: u32 = 400;
    let mut st = Stats::default();
    for g in 0..games {
        let seed = seed0.wrapping_add(g);
        let mut game = Game::new(rules, seed);
        let mut rng = deal_rng(seed ^ 0x0005_eed0_fac7_10e5);
        let deep = g % deep_every == 0;
        let mut score = [0i32; 2];
        let mut tokens = [0u8; 2];
        let mut deals = 0;
        loop {
            deals += 1;
            assert!(deals <= MAX_DEALS, "game {seed} does not end");
            st.deals += 1;
            if game.deal().upcard().is_joker() {
                st.joker_upcards += 1;
            }
            let sample_at = below(&mut rng, 24);
            let mut steps = 0;
            while game.deal().to_act().is_some() {
                steps += 1;
                assert!(steps <= 64, "deal does not end");
                let deal = game.deal();
                check_cards(deal);
                check_legal(deal);
                if deep {
                    check_privacy(deal);
                    let hidden_moment = matches!(
                        deal.phase(),
                        Phase::Discard | Phase::Give | Phase::Name | Phase::BlindLoner
                    );
                    if steps == sample_at + 1 || hidden_moment {
                        for s in Seat::ALL {
                            check_sample(deal, s, &mut rng);
                            st.samples += 1;
                        }
                    }
                }
                st.refused += u64::from(check_illegal(&mut game, &mut rng, 2, deep));
                let a = choose(game.deal(), &mut rng);
                if game.deal().phase() == Phase::BlindShout {
                    st.blind_shouts += 1;
                }
                game.apply(a).unwrap();
                st.decisions += 1;
            }
            let deal = game.deal();
            check_cards(deal);
            check_finished(deal);
            if deep {
                check_privacy(deal);
                check_sample(deal, Seat::new(below(&mut rng, 4) as u8), &mut rng);
            }
            check_illegal(&mut game, &mut rng, 2, true);
            let deal = game.deal();
            st.passed_out += u32::from(deal.passed_out());
            st.lone_makers += u32::from(deal.lone_maker().is_some());
            st.lone_defenders += u32::from(deal.lone_defender().is_some());
            st.no_trump += u32::from(deal.trump() == Some(Trump::NoTrump));
            st.upcard_discarded +=
                u32::from(deal.discard().is_some() && deal.discard() == Some(deal.upcard()));
            // What the deal did to the score, as every seat's observation says it: checked
            // against the game's own score below.
            for seat in Seat::ALL {
                assert_eq!(deal.observation(seat).points, deal.score_change());
            }
            for (s, change) in score.iter_mut().zip(deal.score_change()) {
                *s += i32::from(change);
            }
            if let Some(m) = deal.maker().filter(|_| {
                rules.four_trick_tokens && deal.lone_maker().is_none() && !deal.voided_by_renege()
            }) {
                let t = m.team().index();
                if deal.tricks_won()[t] == 4 {
                    tokens[t] += 1;
                    if tokens[t] == 4 {
                        tokens[t] = 0;
                        score[t] += 1;
                    }
                }
            }
            assert_eq!(game.score(), score);
            let target = i32::from(rules.winning_score);
            let over = if rules.winning_score > 0 {
                score.iter().any(|&s| s >= target)
            } else {
                deals == u32::from(rules.num_deals)
            };
            assert_eq!(game.is_over(), over, "score {score:?} after {deals} deals");
            let dealer = deal.dealer();
            let again = (rules.point_on_partner
                && !deal.voided_by_renege()
                && deal.maker() == Some(dealer.partner())
                && deal.tricks_won()[dealer.team().index()] >= 3)
                || deal.thrown_in_for_farmers();
            if !game.next_deal() {
                assert!(over);
                break;
            }
            assert!(!over);
            let next = if again { dealer } else { dealer.left() };
            assert_eq!(
                game.deal().dealer(),
                next,
                "the deal passes left (or stays, point_on_partner)"
            );
        }
        if rules.winning_score > 0 {
            let w = game.winner().expect("a game to a score has a winner");
            assert!(score[w.index()] >= i32::from(rules.winning_score));
            assert!(score[w.other().index()] < i32::from(rules.winning_score));
        }
        st.games += 1;
    }
    st
}

// ----- the random-game properties, one test per ruleset group (they run in parallel) -----

#[test]
fn random_games_house_rules() {
    let groups: [&[(&str, &str)]; 6] = [
        &[("farmers", "true"), ("go_under", "true")],
        &[
            ("farmers", "true"),
            ("go_under", "true"),
            ("farmers_policy", "redeal"),
        ],
        &[("fast_break", "true")],
        &[("four_trick_tokens", "true"), ("winning_score", "21")],
        &[("point_on_partner", "true")],
        &[
            ("jamboree", "true"),
            ("fast_break", "true"),
            ("point_on_partner", "true"),
            ("four_trick_tokens", "true"),
            ("laps", "true"),
            ("slams", "true"),
        ],
    ];
    for (i, opts) in groups.iter().enumerate() {
        let st = random_games(rules("tournament", opts), 50_000 + 1_000 * i as u64, 60, 12);
        assert!(st.games == 60 && st.deals > 300, "{opts:?}: {} deals", st.deals);
    }
}

#[test]
fn random_games_variants() {
    let groups: [(&str, &[(&str, &str)]); 10] = [
        (
            "north-american",
            &[("partners_best", "true"), ("defend_alone", "against_loner")],
        ),
        (
            "canadian",
            &[
                ("partners_best", "true"),
                ("alone_timing", "after_discard"),
                ("defend_alone", "any"),
                ("dealer_may_discard_upcard", "true"),
            ],
        ),
        ("north-american", &[("jambone", "true")]),
        (
            "north-american",
            &[
                ("jambone", "true"),
                ("jambone_calls", "every_trick"),
                ("jamboree", "true"),
                ("defend_alone", "against_loner"),
            ],
        ),
        ("north-american", &[("robson", "true")]),
        (
            "tournament",
            &[
                ("robson", "true"),
                ("partners_best", "true"),
                ("jamboree", "true"),
                ("alone_timing", "after_discard"),
            ],
        ),
        ("north-american", &[("reneging", "penalised")]),
        (
            "north-american",
            &[
                ("reneging", "penalised"),
                ("renege_penalty_mode", "deduct"),
                // Random players renege all the time and lose points for it: a game to a score
                // could go on for ever.
                ("num_deals", "12"),
                ("defend_alone", "against_loner"),
                ("point_on_partner", "true"),
                ("four_trick_tokens", "true"),
            ],
        ),
        (
            "north-american",
            &[
                ("reneging", "penalised"),
                ("jambone", "true"),
                ("jambone_calls", "every_trick"),
                ("robson", "true"),
            ],
        ),
        (
            "north-american",
            &[
                ("farmers", "true"),
                ("go_under", "true"),
                ("partners_best", "true"),
                ("robson", "true"),
                ("jambone", "true"),
            ],
        ),
    ];
    for (i, (base, opts)) in groups.iter().enumerate() {
        let st = random_games(rules(base, opts), 60_000 + 1_000 * i as u64, 50, 10);
        assert!(st.games == 50 && st.deals > 100, "{opts:?}: {} deals", st.deals);
    }
}

#[test]
fn random_games_railroad_and_keller() {
    let st = random_games(preset("railroad"), 70_000, 150, 9);
    assert!(
        st.lone_makers > 0 && st.lone_defenders > 0 && st.joker_upcards > 0,
        "{st:?}"
    );
    let st = random_games(preset("keller-1887"), 71_000, 150, 9);
    assert!(st.lone_makers > 0 && st.lone_defenders == 0, "{st:?}");
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).unwrap()
}

#[test]
fn random_games_north_american() {
    let st = random_games(preset("north-american"), 1_000, 220, 11);
    assert!(
        st.passed_out > 0 && st.lone_makers > 0 && st.samples > 0 && st.refused > 1000,
        "{st:?}"
    );
    assert_eq!(st.lone_defenders, 0);
}

#[test]
fn random_games_tournament_and_openspiel() {
    let st = random_games(preset("tournament"), 2_000, 120, 11);
    assert_eq!(st.passed_out, 0, "stick the dealer: no deal is thrown in");
    assert!(st.lone_makers > 0);
    // OpenSpiel: a single deal, alone decided after the discard.
    let st = random_games(preset("openspiel"), 3_000, 1_500, 15);
    assert_eq!(st.deals, st.games);
    assert_eq!(st.passed_out, 0);
    assert!(st.lone_makers > 0, "{st:?}");
}

#[test]
fn random_games_canadian_and_british() {
    let st = random_games(preset("canadian"), 4_000, 120, 11);
    assert!(st.lone_makers > 0);
    let st = random_games(preset("british"), 5_000, 120, 11);
    assert!(
        st.blind_shouts > 0 && st.lone_defenders > 0 && st.joker_upcards > 0,
        "{st:?}"
    );
}

#[test]
fn random_games_mathews_and_small_decks() {
    let st = random_games(preset("mathews-1844"), 6_000, 150, 11);
    assert!(st.deals > 300, "{st:?}");
    for (k, v) in [("min_rank", "8"), ("min_rank", "7")] {
        random_games(rules("north-american", &[(k, v)]), 7_000, 50, 7);
    }
}

#[test]
fn random_games_joker_variants() {
    let agreed = rules(
        "north-american",
        &[("joker", "true"), ("joker_upcard", "agreed_suit:S")],
    );
    let st = random_games(agreed, 8_000, 80, 7);
    assert!(st.joker_upcards > 0 && st.blind_shouts == 0, "{st:?}");
    let blind = rules(
        "north-american",
        &[
            ("joker", "true"),
            ("joker_upcard", "blind_shout"),
            ("min_rank", "7"),
        ],
    );
    let st = random_games(blind, 9_000, 40, 7);
    assert!(st.blind_shouts > 0, "{st:?}");
    let shouts = rules(
        "north-american",
        &[
            ("joker", "true"),
            ("joker_upcard", "agreed_suit:H"),
            ("dealer_shouts_first", "true"),
        ],
    );
    let st = random_games(shouts, 10_000, 50, 7);
    assert!(st.joker_upcards > 0, "{st:?}");
}

#[test]
fn random_games_bidding_options() {
    let nt = rules(
        "north-american",
        &[("allow_no_trump", "true"), ("packets", "3-2")],
    );
    let st = random_games(nt, 11_000, 60, 7);
    assert!(st.no_trump > 0, "{st:?}");
    let discard_up = rules("north-american", &[("dealer_may_discard_upcard", "true")]);
    let st = random_games(discard_up, 12_000, 60, 7);
    assert!(st.upcard_discarded > 0, "{st:?}");
    let more: [(&str, &[(&str, &str)]); 4] = [
        ("north-american", &[("trump_requirement", "two_trumps")]),
        ("tournament", &[("trump_requirement", "two_trumps")]),
        (
            "north-american",
            &[("trump_requirement", "two_trumps_dealer_only")],
        ),
        (
            "north-american",
            &[("canadian", "true"), ("dealer_shouts_first", "true")],
        ),
    ];
    for (i, (base, opts)) in more.into_iter().enumerate() {
        random_games(rules(base, opts), 13_000 + 1_000 * i as u64, 40, 7);
    }
}

#[test]
fn random_games_alone_options() {
    let against = rules("north-american", &[("defend_alone", "against_loner")]);
    let st = random_games(against, 17_000, 60, 7);
    assert!(st.lone_defenders > 0, "{st:?}");
    let any = rules(
        "north-american",
        &[("defend_alone", "any"), ("defender_leads_both_alone", "false")],
    );
    let st = random_games(any, 18_000, 60, 7);
    assert!(st.lone_defenders > 0, "{st:?}");
    let after = rules(
        "canadian",
        &[
            ("alone_timing", "after_discard"),
            ("defend_alone", "against_loner"),
            ("dealer_may_discard_upcard", "true"),
        ],
    );
    let st = random_games(after, 19_000, 60, 7);
    assert!(st.lone_makers > 0 && st.lone_defenders > 0, "{st:?}");
    // OpenSpiel's `allow_lone_defender`.
    let st = random_games(rules("openspiel", &[("defend_alone", "any")]), 20_000, 300, 9);
    assert!(st.lone_defenders > 0, "{st:?}");
}

// ----- reproducibility -----

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// The same rules, dealer and seed give the same deal; the deal is dealt in packets from the
    /// seeded shuffle exactly as RULES.md §2 says.
    #[test]
    fn seeded_deal_is_reproducible(seed in any::<u64>(), dealer in 0u8..4, p in 0usize..PRESETS.len(), three_two in any::<bool>()) {
        let mut r = preset(PRESETS[p].0);
        r.set("packets", if three_two { "3-2" } else { "2-3" }).unwrap();
        let a = Deal::from_seed(r, seat(dealer), seed);
        let b = Deal::from_seed(r, seat(dealer), seed);
        prop_assert_eq!(a.dealt_hands(), b.dealt_hands());
        prop_assert_eq!(a.upcard(), b.upcard());
        prop_assert_eq!(a.kitty(), b.kitty());
        let (deck, n) = shuffled_deck(r.deck(), &mut deal_rng(seed));
        prop_assert_eq!(n as u32, r.deck().len());
        let (first, second) = if three_two { (3, 2) } else { (2, 3) };
        let mut next = 0;
        let mut hands = [CardSet::EMPTY; 4];
        for packet in [first, second] {
            for k in 1..=4 {
                for _ in 0..packet {
                    hands[seat(dealer).plus(k).index()].insert(deck[next]);
                    next += 1;
                }
            }
        }
        prop_assert_eq!(a.dealt_hands(), hands);
        prop_assert_eq!(a.upcard(), deck[20]);
        prop_assert_eq!(a.kitty(), deck[21..n].iter().copied().collect::<CardSet>());
    }

    /// A game is a function of its seed and the decisions taken.
    #[test]
    fn seeded_game_is_reproducible(seed in any::<u64>(), p in 0usize..PRESETS.len()) {
        let r = preset(PRESETS[p].0);
        let play = || {
            let mut g = Game::new(r, seed);
            let mut rng = deal_rng(seed.rotate_left(17));
            loop {
                while g.deal().to_act().is_some() {
                    let l = g.legal_actions();
                    g.apply(l[below(&mut rng, l.len() as u32) as usize]).unwrap();
                }
                if !g.next_deal() {
                    break;
                }
            }
            g
        };
        let (a, b) = (play(), play());
        prop_assert!(a.is_over());
        prop_assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    /// Random actions at random points of random deals: legal iff listed; refused ones change nothing.
    #[test]
    fn illegal_actions_leave_the_deal_unchanged(
        seed in any::<u64>(),
        p in 0usize..PRESETS.len(),
        steps in 0usize..32,
        offered in proptest::collection::vec(any_action(), 1..12),
    ) {
        let mut deal = Deal::from_seed(preset(PRESETS[p].0), seat((seed % 4) as u8), seed);
        let mut rng = deal_rng(seed);
        for _ in 0..steps {
            if deal.is_done() {
                break;
            }
            let l = deal.legal_actions();
            deal.apply(l[below(&mut rng, l.len() as u32) as usize]).unwrap();
        }
        let before = format!("{deal:?}");
        for a in offered {
            let listed = deal.legal_actions().contains(&a);
            prop_assert_eq!(deal.is_legal(a), listed);
            if !listed {
                prop_assert!(deal.apply(a).is_err());
                prop_assert_eq!(&format!("{deal:?}"), &before);
            }
        }
    }
}

fn any_action() -> impl Strategy<Value = Action> {
    let any_card = (0u8..Card::COUNT as u8).prop_map(|i| Card::from_index(i).unwrap());
    let any_trump = prop_oneof![
        (0usize..4).prop_map(|i| Trump::Suit(Suit::from_index(i))),
        Just(Trump::NoTrump)
    ];
    prop_oneof![
        Just(Action::Pass),
        any::<bool>().prop_map(|alone| Action::Order { alone }),
        (any_trump, any::<bool>()).prop_map(|(trump, alone)| Action::Call { trump, alone }),
        any_card.clone().prop_map(Action::Discard),
        Just(Action::Alone),
        Just(Action::Partner),
        Just(Action::Jamboree),
        any_card.prop_map(Action::Play),
    ]
}

#[test]
fn different_seeds_give_different_deals() {
    let r = preset("north-american");
    let deals: std::collections::HashSet<String> = (0..200u64)
        .map(|s| format!("{:?}", Deal::from_seed(r, seat(0), s).dealt_hands()))
        .collect();
    assert_eq!(deals.len(), 200);
}

// ----- focused rules on constructed deals -----

// A 24-card deal used by several tests, dealt by seat 3 with TH turned; the kitty is AD JS QS.
// Seat 0 holds the left bower JD as its only heart-trump, seat 1 only 9H, the dealer JH.
const HANDS_A: [&str; 4] = [
    "JD AC KC 9S TS",
    "9H QD KD 9C TC",
    "AH KH QH 9D TD",
    "JH QC JC AS KS",
];
const UP_A: &str = "TH";

#[test]
fn canadian_dealers_partner_may_only_order_alone() {
    let mut d = deal_of(preset("canadian"), 3, HANDS_A, UP_A);
    assert_eq!(
        legal(&d),
        texts(&["pass", "order", "order alone"]),
        "eldest may order plainly"
    );
    run(&mut d, &[(0, "pass")]);
    // Seat 1 is the dealer's partner.
    assert_eq!(legal(&d), texts(&["pass", "order alone"]));
    assert_eq!(
        refused(&mut d, "order"),
        IllegalAction::CanadianAlone { seat: seat(1) }
    );
    let mut passed = d.clone();
    run(&mut passed, &[(1, "pass")]);
    assert_eq!(
        legal(&passed),
        texts(&["pass", "order", "order alone"]),
        "only the dealer's partner is held"
    );
    run(&mut d, &[(1, "order alone")]);
    assert_eq!(d.lone_maker(), Some(seat(1)));
    assert_eq!(d.trump(), Some(Trump::Suit(Suit::Hearts)));
    // The dealer sits out and does not take up the upcard; the eldest leads.
    assert!(!d.is_active(seat(3)));
    assert!(!d.upcard_taken());
    assert_eq!(d.phase(), Phase::Play);
    assert_eq!(d.to_act(), Some(seat(0)));
    check_cards(&d);

    // North American: the same partner may order up with the dealer's help.
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "pass"), (1, "order"), (3, "discard QC")]);
    assert!(d.is_active(seat(3)) && d.upcard_taken());
}

#[test]
fn stick_the_dealer_refuses_the_dealers_pass() {
    let mut d = deal_of(preset("tournament"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    assert_eq!(d.phase(), Phase::Bidding2);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass")]);
    let l = legal(&d);
    assert!(!l.contains(&"pass".to_string()));
    assert_eq!(
        l,
        texts(&[
            "call C",
            "call C alone",
            "call D",
            "call D alone",
            "call S",
            "call S alone"
        ])
    );
    let e = refused(&mut d, "pass");
    assert_eq!(
        e,
        IllegalAction::DealerStuck {
            seat: seat(3),
            last: false
        }
    );
    assert!(e.to_string().contains("stuck"), "{e}");
    run(&mut d, &[(3, "call S")]);
    assert_eq!(d.maker(), Some(seat(3)));

    // Without stick the dealer, eight passes throw the hand in and nobody scores.
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    assert!(d.passed_out());
    assert_eq!(d.points(), [0, 0]);
    assert_eq!(refused(&mut d, "pass"), IllegalAction::DealOver);
}

#[test]
fn turned_down_suit_cannot_be_called() {
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    assert!(!legal(&d).iter().any(|a| a.starts_with("call H")));
    assert_eq!(
        refused(&mut d, "call H"),
        IllegalAction::TurnedDownSuit { suit: Suit::Hearts }
    );
    assert_eq!(
        refused(&mut d, "call H alone"),
        IllegalAction::TurnedDownSuit { suit: Suit::Hearts }
    );
    assert_eq!(refused(&mut d, "call NT"), IllegalAction::NoTrumpNotAllowed);
    refused(&mut d, "order");
    run(&mut d, &[(0, "call D")]);
    assert_eq!(d.trump(), Some(Trump::Suit(Suit::Diamonds)));
    assert!(!d.upcard_taken());
}

#[test]
fn left_bower_follows_trump_not_its_printed_suit() {
    // Trump hearts: JD is a trump. Seat 0 leads it; seat 1 holds diamonds and one heart.
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(
        &mut d,
        &[(0, "pass"), (1, "pass"), (2, "order"), (3, "discard QC")],
    );
    run(&mut d, &[(0, "JD")]);
    assert_eq!(legal(&d), texts(&["9H"]), "a led left bower asks for trump");
    assert!(matches!(refused(&mut d, "QD"), IllegalAction::MustFollow { .. }));
    run(&mut d, &[(1, "9H"), (2, "AH"), (3, "JH")]);
    assert_eq!(d.trick_winners(), &[seat(3)], "the right bower beats the left");

    // A diamond lead does not call for the left bower: it is not a diamond.
    let hands = [
        "AD KD 9H 9S TS",
        "JD AC KC QC JC",
        "AH KH QH 9D TD",
        "JH 9C TC AS KS",
    ];
    let mut d = deal_of(preset("north-american"), 3, hands, "TH");
    run(
        &mut d,
        &[(0, "pass"), (1, "pass"), (2, "order"), (3, "discard 9C")],
    );
    run(&mut d, &[(0, "AD")]);
    assert_eq!(
        legal(&d),
        texts(&["JD", "AC", "KC", "QC", "JC"]),
        "void in diamonds: anything goes"
    );
    run(&mut d, &[(1, "JD")]);
    assert_eq!(legal(&d), texts(&["9D", "TD"]));
    run(&mut d, &[(2, "9D"), (3, "AS")]);
    assert_eq!(d.trick_winners(), &[seat(1)], "the left bower trumps the led ace");
    // JC is only a club when hearts are trump.
    run(&mut d, &[(1, "JC")]);
    assert_eq!(legal(&d), texts(&["AH", "KH", "QH", "TD"]));
    run(&mut d, &[(2, "TD")]);
    assert_eq!(legal(&d), texts(&["TC"]));
}

#[test]
fn loner_lead_left_of_loner_or_left_of_dealer() {
    // Seat 1 orders alone; its partner seat 3 (the dealer) sits out.
    for (lead, first) in [("LEFT_OF_DEALER", 0), ("LEFT_OF_LONER", 2)] {
        let r = rules("north-american", &[("loner_lead", lead)]);
        let mut d = deal_of(r, 3, HANDS_A, UP_A);
        run(&mut d, &[(0, "pass"), (1, "order alone")]);
        assert!(!d.is_active(seat(3)));
        assert_eq!(d.to_act(), Some(seat(first)), "{lead}");
    }
    // Seat 2 goes alone in round 2; the eldest, seat 0, sits out: the lead skips it.
    for (lead, first) in [("LEFT_OF_DEALER", 1), ("LEFT_OF_LONER", 3)] {
        let r = rules("north-american", &[("loner_lead", lead)]);
        let mut d = deal_of(r, 3, HANDS_A, UP_A);
        run(
            &mut d,
            &[
                (0, "pass"),
                (1, "pass"),
                (2, "pass"),
                (3, "pass"),
                (0, "pass"),
                (1, "pass"),
            ],
        );
        run(&mut d, &[(2, "call S alone")]);
        assert_eq!(d.phase(), Phase::Play);
        assert_eq!(d.to_act(), Some(seat(first)), "{lead}");
        assert_eq!(d.trick_leaders(), &[] as &[Seat]);
        let c = d.legal_actions()[0];
        d.apply(c).unwrap();
        assert_eq!(d.trick_leaders(), &[seat(first)]);
    }
}

#[test]
fn defend_alone_asks_the_makers_left_then_right() {
    let r = rules("north-american", &[("defend_alone", "against_loner")]);
    // A maker with a partner: nobody is asked.
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "order"), (3, "discard QC")]);
    assert_eq!(d.phase(), Phase::Play);
    // Seat 0 orders alone: seat 1 (its left) is asked, then seat 3 (its right).
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "order alone"), (3, "discard QC")]);
    assert_eq!(d.phase(), Phase::DefendAlone);
    assert_eq!(legal(&d), texts(&["alone", "partner"]));
    refused(&mut d, "JD");
    let mut declined = d.clone();
    run(&mut declined, &[(1, "partner"), (3, "partner")]);
    assert_eq!(declined.phase(), Phase::Play);
    assert_eq!(declined.lone_defender(), None);
    assert_eq!(declined.active_count(), 3);
    let mut right = d.clone();
    run(&mut right, &[(1, "partner"), (3, "alone")]);
    assert_eq!(right.lone_defender(), Some(seat(3)));
    assert!(!right.is_active(seat(1)) && !right.is_active(seat(2)));
    assert_eq!(right.to_act(), Some(seat(3)), "both alone: the defender leads");
    run(&mut d, &[(1, "alone")]);
    assert_eq!(d.lone_defender(), Some(seat(1)));
    assert!(!d.is_active(seat(3)) && !d.is_active(seat(2)));

    // `any`: a defender may go alone against a maker with a partner.
    // The maker's partner (the dealer, seat 3) is asked first and plays with the maker.
    let r = rules("north-american", &[("defend_alone", "any")]);
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    run(
        &mut d,
        &[(0, "pass"), (1, "order"), (3, "partner"), (3, "discard QC")],
    );
    assert_eq!(d.phase(), Phase::DefendAlone);
    run(&mut d, &[(2, "partner"), (0, "alone")]);
    assert_eq!(d.lone_defender(), Some(seat(0)));
    assert_eq!(d.lone_maker(), None);
    assert_eq!(d.active_count(), 3);
    assert!(!d.is_active(seat(2)));
    // Left of dealer, seat 0, is the lone defender and leads.
    assert_eq!(d.to_act(), Some(seat(0)));
}

#[test]
fn both_alone_defender_leads_unless_turned_off() {
    // Seat 0 (eldest) orders alone, seat 1 defends alone. Left of dealer would be seat 0.
    for (flag, first) in [("true", 1), ("false", 0)] {
        let r = rules(
            "north-american",
            &[
                ("defend_alone", "against_loner"),
                ("defender_leads_both_alone", flag),
            ],
        );
        let mut d = deal_of(r, 3, HANDS_A, UP_A);
        run(&mut d, &[(0, "order alone"), (3, "discard QC"), (1, "alone")]);
        assert_eq!(d.active_count(), 2);
        assert_eq!(d.to_act(), Some(seat(first)), "defender_leads_both_alone={flag}");
    }
}

/// A card outside the deck these rules play with is refused as that, not blamed on the seat
/// ("seat 0 does not hold 7C", while `new` said "7H is not in the deck under these rules").
#[test]
fn a_card_outside_the_deck_is_named_as_not_in_it() {
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "order")]);
    assert_eq!(
        refused(&mut d, "discard 7C"),
        IllegalAction::NotInDeck { card: card("7C") }
    );
    run(&mut d, &[(3, "discard QC")]);
    assert_eq!(d.phase(), Phase::Play);
    for text in ["7C", "8D", "B"] {
        let e = refused(&mut d, text);
        assert_eq!(e, IllegalAction::NotInDeck { card: card(text) });
        assert_eq!(
            e.to_string(),
            format!("{text} is not in the deck under these rules")
        );
    }
    assert_eq!(
        refused(&mut d, "QH"),
        IllegalAction::NotHeld {
            seat: seat(0),
            card: card("QH")
        }
    );
}

#[test]
fn dealer_may_discard_upcard_option() {
    let mut d = deal_of(preset("north-american"), 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "order")]);
    assert_eq!(
        legal(&d),
        texts(&[
            "discard JH",
            "discard QC",
            "discard JC",
            "discard AS",
            "discard KS"
        ])
    );
    assert_eq!(
        refused(&mut d, "discard TH"),
        IllegalAction::UpcardDiscard { card: card("TH") }
    );
    assert_eq!(
        refused(&mut d, "discard 9D"),
        IllegalAction::NotHeld {
            seat: seat(3),
            card: card("9D")
        }
    );

    let r = rules("north-american", &[("dealer_may_discard_upcard", "true")]);
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "order")]);
    assert!(legal(&d).contains(&"discard TH".to_string()));
    // The others can't tell whether the upcard is still held.
    run(&mut d, &[(3, "discard TH")]);
    assert_eq!(d.discard(), Some(card("TH")));
    assert!(!d.hands()[3].contains(card("TH")));
    check_cards(&d);
    assert!(!d.observation(seat(0)).upcard_with_dealer);
    assert_eq!(d.observation(seat(0)).discard, None);
    assert_eq!(d.observation(seat(3)).discard, Some(card("TH")));
    let mut rng = deal_rng(1);
    let mut upcard_held = 0;
    for _ in 0..40 {
        let w = sample_world(&d.observation(seat(0)), &mut rng).unwrap();
        upcard_held += u32::from(w.hands()[3].contains(card("TH")));
    }
    assert!(
        upcard_held > 0 && upcard_held < 40,
        "both worlds are sampled: {upcard_held}/40"
    );
}

#[test]
fn two_trumps_requirement_bars_a_lone_jack() {
    // Trump hearts offered. Seat 0 holds only the left bower JD as trump; seat 1 only 9H.
    let r = rules("north-american", &[("trump_requirement", "two_trumps")]);
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    assert_eq!(legal(&d), texts(&["pass"]));
    assert_eq!(
        refused(&mut d, "order"),
        IllegalAction::TrumpRequirement { seat: seat(0) }
    );
    run(&mut d, &[(0, "pass")]);
    assert_eq!(
        legal(&d),
        texts(&["pass", "order", "order alone"]),
        "a lone nine is not a lone jack"
    );
    run(&mut d, &[(1, "pass"), (2, "pass")]);
    // The dealer holds JH and counts the upcard TH: two trumps.
    assert_eq!(legal(&d), texts(&["pass", "order", "order alone"]));

    // two_trumps_dealer_only: the same lone jack is fine for a non-dealer...
    let r = rules(
        "north-american",
        &[("trump_requirement", "two_trumps_dealer_only")],
    );
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    assert_eq!(legal(&d), texts(&["pass", "order", "order alone"]));
    // ...but the dealer, holding JH QC JC AS KS, may not call diamonds in round 2: the left bower
    // JH would be the only trump. Clubs (JC QC) and spades (JC AS KS) are fine.
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass")]);
    let l = legal(&d);
    assert!(!l.iter().any(|a| a.starts_with("call D")), "{l:?}");
    assert!(l.contains(&"call C".to_string()) && l.contains(&"call S".to_string()));
    assert_eq!(
        refused(&mut d, "call D"),
        IllegalAction::TrumpRequirement { seat: seat(3) }
    );
}

#[test]
fn stuck_dealer_barred_from_every_suit_may_call_any() {
    // Spades turned down; the dealer's only trump in clubs would be JC, in diamonds and hearts JD.
    let hands = [
        "9C TC QC KC AC",
        "9D TD QD KD AD",
        "9H TH QH KH AH",
        "JD JC AS KS QS",
    ];
    let all_pass = [
        (0, "pass"),
        (1, "pass"),
        (2, "pass"),
        (3, "pass"),
        (0, "pass"),
        (1, "pass"),
        (2, "pass"),
    ];
    let r = rules("north-american", &[("trump_requirement", "two_trumps")]);
    let mut d = deal_of(r, 3, hands, "9S");
    run(&mut d, &all_pass);
    assert_eq!(
        legal(&d),
        texts(&["pass"]),
        "barred from every suit, the dealer may only pass"
    );
    // Stuck, the dealer may call any of them: the deal must be played.
    let r = rules("tournament", &[("trump_requirement", "two_trumps")]);
    let mut d = deal_of(r, 3, hands, "9S");
    run(&mut d, &all_pass);
    let calls = [
        "call C",
        "call C alone",
        "call D",
        "call D alone",
        "call H",
        "call H alone",
    ];
    assert_eq!(legal(&d), texts(&calls));
}

#[test]
fn no_trump_call_and_play() {
    let r = rules("north-american", &[("allow_no_trump", "true")]);
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    let l = legal(&d);
    assert!(l.contains(&"call NT".to_string()) && l.contains(&"call NT alone".to_string()));
    run(&mut d, &[(0, "call NT")]);
    assert_eq!(d.trump(), Some(Trump::NoTrump));
    // Seat 0 leads JD: a plain diamond now. Seat 1 must follow with diamonds, not hearts.
    run(&mut d, &[(0, "JD")]);
    assert_eq!(legal(&d), texts(&["QD", "KD"]));
    run(&mut d, &[(1, "QD")]);
    assert_eq!(legal(&d), texts(&["9D", "TD"]));
    run(&mut d, &[(2, "9D")]);
    // The dealer has no diamonds and plays the right bower of hearts: it can't win without trump.
    assert_eq!(legal(&d), texts(&["JH", "QC", "JC", "AS", "KS"]));
    run(&mut d, &[(3, "JH")]);
    assert_eq!(d.trick_winners(), &[seat(1)], "the queen of the led suit wins");
}

#[test]
fn joker_blind_shout_dealer_must_call_then_discards() {
    let r = preset("british");
    let hands = [
        "JC TC QC KC AC",
        "9D TD QD KD AD",
        "9H TH QH KH AH",
        "9C JH JD JS TS",
    ];
    let mut d = deal_of(r, 3, hands, "B");
    assert_eq!(d.phase(), Phase::BlindShout);
    assert_eq!(d.to_act(), Some(seat(3)), "the dealer names trump first");
    assert_eq!(legal(&d).len(), 8);
    assert!(matches!(refused(&mut d, "pass"), IllegalAction::NotNow { .. }));
    refused(&mut d, "order");
    run(&mut d, &[(3, "call C")]);
    assert_eq!(d.maker(), Some(seat(3)));
    assert_eq!(d.trump(), Some(Trump::Suit(Suit::Clubs)));
    // British: any player may go alone, the maker's partner first.
    run(&mut d, &[(1, "partner")]);
    assert_eq!(d.phase(), Phase::Discard);
    assert!(d.hands()[3].contains(Card::JOKER));
    assert_eq!(
        refused(&mut d, "discard B"),
        IllegalAction::UpcardDiscard { card: Card::JOKER }
    );
    run(&mut d, &[(3, "discard TS")]);
    // British: any player may go alone, so the defenders are asked.
    assert_eq!(d.phase(), Phase::DefendAlone);
    run(&mut d, &[(0, "partner"), (2, "partner")]);
    // The Joker is the highest trump: it follows a trump lead and beats the right bower JC.
    run(&mut d, &[(0, "JC"), (1, "9D"), (2, "9H")]);
    assert_eq!(legal(&d), texts(&["9C", "JS", "B"]));
    run(&mut d, &[(3, "B")]);
    assert_eq!(d.trick_winners(), &[seat(3)]);
}

#[test]
fn joker_agreed_suit_stands_for_that_suit() {
    let r = rules(
        "north-american",
        &[("joker", "true"), ("joker_upcard", "agreed_suit:S")],
    );
    let hands = [
        "JS TC QC KC AC",
        "9D TD QD KD AD",
        "9H TH QH KH AH",
        "JH JD JC 9C TS",
    ];
    let mut d = deal_of(r, 3, hands, "B");
    assert_eq!(d.phase(), Phase::Bidding1);
    run(&mut d, &[(0, "order")]);
    assert_eq!(d.trump(), Some(Trump::Suit(Suit::Spades)));
    run(&mut d, &[(3, "discard JD")]);
    // The right bower led; the dealer follows with a trump (JC is the left bower) and the Joker wins.
    run(&mut d, &[(0, "JS"), (1, "9D"), (2, "9H")]);
    assert_eq!(legal(&d), texts(&["JC", "TS", "B"]));
    run(&mut d, &[(3, "B")]);
    assert_eq!(d.trick_winners(), &[seat(3)]);

    // Round 2: the agreed suit was turned down and can't be named.
    let mut d = deal_of(r, 3, hands, "B");
    run(&mut d, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]);
    assert_eq!(
        refused(&mut d, "call S"),
        IllegalAction::TurnedDownSuit { suit: Suit::Spades }
    );

    // The dealer who shouts first must take up a turned Joker.
    let r = rules(
        "north-american",
        &[
            ("joker", "true"),
            ("joker_upcard", "agreed_suit:S"),
            ("dealer_shouts_first", "true"),
        ],
    );
    let mut d = deal_of(r, 3, hands, "B");
    assert_eq!(d.to_act(), Some(seat(3)));
    assert_eq!(legal(&d), texts(&["order", "order alone"]));
    refused(&mut d, "pass");
    run(&mut d, &[(3, "order"), (3, "discard TS")]);
    // The eldest still leads.
    assert_eq!(d.to_act(), Some(seat(0)));
}

#[test]
fn alone_after_discard_is_a_separate_decision() {
    let r = rules(
        "north-american",
        &[
            ("alone_timing", "after_discard"),
            ("defend_alone", "against_loner"),
        ],
    );
    let mut d = deal_of(r, 3, HANDS_A, UP_A);
    assert_eq!(legal(&d), texts(&["pass", "order"]));
    assert!(matches!(
        refused(&mut d, "order alone"),
        IllegalAction::NotNow { .. }
    ));
    run(&mut d, &[(0, "pass"), (1, "order"), (3, "discard QC")]);
    assert_eq!(d.phase(), Phase::MakerAlone);
    assert_eq!(d.to_act(), Some(seat(1)));
    run(&mut d, &[(1, "alone")]);
    assert_eq!(d.phase(), Phase::DefendAlone);
    assert_eq!(d.to_act(), Some(seat(2)));
    run(&mut d, &[(2, "partner"), (0, "partner")]);
    assert_eq!(d.lone_maker(), Some(seat(1)));
    // The dealer sits out but took up and discarded the upcard first.
    assert!(!d.is_active(seat(3)));
    check_cards(&d);
    assert_eq!(d.to_act(), Some(seat(0)));
}

// ----- games and matches -----

/// Plays the current deal of `game` to its end with random legal decisions.
fn finish_deal(game: &mut Game, rng: &mut DealRng) {
    while game.deal().to_act().is_some() {
        let l = game.legal_actions();
        game.apply(l[below(rng, l.len() as u32) as usize]).unwrap();
    }
}

#[test]
fn game_ends_when_a_team_reaches_the_winning_score() {
    // Team 0 at 9 of 10: seat 0 orders up with a strong hand and takes three tricks.
    let r = preset("north-american");
    let hands = [
        "JH JD AH KH QH",
        "9C TC QC KC AC",
        "9S TS QS KS AS",
        "9D TD QD KD AD",
    ];
    let deal = deal_of(r, 3, hands, "TH");
    let mut game = Game::starting_with(deal, 7, [9, 3]);
    game.apply(act("order")).unwrap();
    game.apply(act("discard 9D")).unwrap();
    let mut rng = deal_rng(0);
    assert!(!game.is_over());
    finish_deal(&mut game, &mut rng);
    assert!(game.deal().points()[0] >= 1);
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(Team::new(0)));
    assert!(!game.next_deal());
    assert_eq!(game.apply(act("pass")), Err(IllegalAction::DealOver));

    // To 5 points: the game goes on exactly until a side has 5.
    let r = rules("north-american", &[("winning_score", "5")]);
    for seed in 0..30 {
        let mut game = Game::new(r, seed);
        loop {
            finish_deal(&mut game, &mut rng);
            let s = game.score();
            assert_eq!(game.is_over(), s[0] >= 5 || s[1] >= 5);
            if !game.next_deal() {
                break;
            }
        }
        assert_eq!(game.all_deals().count() as u32, game.deals_started());
    }
}

#[test]
fn game_of_num_deals_plays_exactly_that_many() {
    let r = rules("north-american", &[("num_deals", "3")]);
    assert_eq!(r.winning_score, 0);
    let mut rng = deal_rng(3);
    for seed in 0..20 {
        let mut game = Game::new(r, seed);
        let mut deals = 1;
        loop {
            finish_deal(&mut game, &mut rng);
            assert_eq!(game.is_over(), deals == 3);
            if !game.next_deal() {
                break;
            }
            deals += 1;
        }
        assert_eq!(deals, 3);
        assert_eq!(game.finished_deals().len(), 2);
        let total: [i32; 2] = game.all_deals().fold([0, 0], |t, d| {
            [t[0] + i32::from(d.points()[0]), t[1] + i32::from(d.points()[1])]
        });
        assert_eq!(game.score(), total);
        let s = game.score();
        assert_eq!(
            game.winner().map(|t| t.index()),
            (s[0] != s[1]).then(|| usize::from(s[1] > s[0]))
        );
    }
}

/// `match_wins` alone is a match of first to N: it lifts the one-game cap of the presets (which
/// would end the match after its first game), keeps a cap large enough to be reached, and a cap
/// set afterwards that no side could win within is refused.
#[test]
fn match_wins_alone_makes_a_first_to_n_match() {
    let r = rules("north-american", &[("match_wins", "2")]);
    assert_eq!((r.match_games, r.match_wins), (0, 2));
    let r = rules("north-american", &[("match_games", "5"), ("match_wins", "3")]);
    assert_eq!((r.match_games, r.match_wins), (5, 3));
    let mut r = rules("north-american", &[("match_wins", "3")]);
    r.set("match_games", "2").unwrap();
    let e = r.validate().unwrap_err().to_string();
    assert!(e.contains("at most 2 games can't be won by winning 3"), "{e}");
    // Played out: a match of first to 2 goes on past its first game.
    let r = rules("north-american", &[("winning_score", "3"), ("match_wins", "2")]);
    let mut m = Match::new(r, 4);
    let mut rng = deal_rng(4);
    loop {
        finish_deal(m.game(), &mut rng);
        if !m.game().next_deal() {
            break;
        }
    }
    assert!(
        !m.is_over(),
        "one game won ({:?}) ends a first-to-2 match",
        m.wins()
    );
    assert!(m.next_game());
}

#[test]
fn match_ends_at_match_wins() {
    let r = rules(
        "north-american",
        &[("winning_score", "5"), ("match_games", "0"), ("match_wins", "2")],
    );
    let mut rng = deal_rng(9);
    for seed in 0..6 {
        let mut m = Match::new(r, seed);
        let mut games = 1;
        loop {
            loop {
                finish_deal(m.game(), &mut rng);
                if !m.game().next_deal() {
                    break;
                }
            }
            if !m.next_game() {
                break;
            }
            games += 1;
            assert!(games <= 3);
        }
        assert!(m.is_over());
        let w = m.wins();
        assert_eq!(w.iter().filter(|&&x| x == 2).count(), 1, "{w:?}");
        assert_eq!(w[0] + w[1], games);
        assert_eq!(m.games().len() as u32, games);
        assert!(!m.next_game());
        // Each game's winner is counted once.
        let mut counted = [0u32; 2];
        for g in m.games() {
            counted[g.winner().unwrap().index()] += 1;
        }
        assert_eq!(counted, w);
    }
}

/// A lone dealer's exchange under `partners_best` comes before the pick-up, so it cannot carry
/// the upcard: every seat knows the dealer holds it (the engine tester's defenders were told
/// they did not). A lone defending dealer's exchange after the pick-up still hides it from the
/// others.
#[test]
fn a_lone_dealers_exchange_before_the_pick_up_leaves_the_upcard_known() {
    let r = rules("north-american", &[("partners_best", "true")]);
    let hands = [
        "9C TC QC KC AC",
        "9D TD QD KD AD",
        "9S TS QS KS AS",
        "JC JS JH QH KH",
    ];
    let mut d = deal_of(r, 3, hands, "AH");
    run(
        &mut d,
        &[
            (0, "pass"),
            (1, "pass"),
            (2, "pass"),
            (3, "order alone"),
            (3, "exchange KH"),
            (1, "give AD"),
            (3, "discard AD"),
        ],
    );
    assert!(d.hands()[3].contains(card("AH")));
    for s in 0..4 {
        assert!(d.observation(seat(s)).upcard_with_dealer, "seat {s}");
    }
    // The dealer defends alone after taking the upcard up: its exchange may pass it on, so
    // only the two who made the exchange know it did not.
    let r = rules(
        "north-american",
        &[("partners_best", "true"), ("defend_alone", "any")],
    );
    let mut d = deal_of(r, 3, hands, "AH");
    run(
        &mut d,
        &[
            (0, "order alone"),
            (3, "discard JC"),
            (0, "exchange 9C"),
            (2, "give AS"),
            (1, "partner"),
            (3, "alone"),
            (3, "exchange KH"),
            (1, "give 9D"),
        ],
    );
    assert!(d.hands()[3].contains(card("AH")));
    let known: Vec<bool> = (0..4)
        .map(|s| d.observation(seat(s)).upcard_with_dealer)
        .collect();
    assert_eq!(known, [false, true, false, true]);
}
