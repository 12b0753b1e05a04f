//! Positions where the right choice is clear to a strong player, each with why: what `expert`
//! (and the score-aware search `pimc-win-N` it grew from) gets right, some of it where the
//! point-counting `pimc-50` does not.

use euchre::rules::Rules;
use euchre::table::AnyDeal;
use euchre::{Action, Card, CardSet, Deal, Decisions, Seat};
use euchre_ai::basic::BasicPlayer;
use euchre_ai::{player, Budget, GameView};
use euchre_ai::{Choice, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn cards(text: &str) -> CardSet {
    let mut set = CardSet::EMPTY;
    for c in text.split_whitespace() {
        set.insert(c.parse::<Card>().unwrap());
    }
    set
}

/// A deal dealt by `dealer` where `seat` holds `hand` and `upcard` is turned; the other cards go
/// round the other seats in deck order.
fn deal_with(dealer: Seat, seat: Seat, hand: &str, upcard: &str) -> AnyDeal {
    let rules = Rules::preset("north-american").unwrap();
    let upcard: Card = upcard.parse().unwrap();
    let mine = cards(hand);
    let mut rest = rules.deck().minus(mine).without(upcard).iter();
    let hands = std::array::from_fn(|i| {
        if i == seat.index() {
            return mine;
        }
        let mut h = CardSet::EMPTY;
        for _ in 0..5 {
            h.insert(rest.next().unwrap());
        }
        h
    });
    AnyDeal::Partnership(Box::new(
        Deal::new(rules, dealer, hands, upcard, CardSet::EMPTY).unwrap(),
    ))
}

/// `name`'s choice for `seat`, with the values and outlooks it gave, with the teams' scores
/// `[team 0, team 1]` in a game to 10. One search, seeded 7, or
/// `JUDGEMENT_SEED` where set: each test that asserts one search's choice also held at every
/// seed from 0 to 29 (`for s in $(seq 0 29); do JUDGEMENT_SEED=$s cargo test --release -p
/// euchre-ai --test judgement; done`).
fn explained(name: &str, deal: &AnyDeal, seat: Seat, scores: [i32; 2]) -> Choice {
    let seed = std::env::var("JUDGEMENT_SEED").ok().and_then(|s| s.parse().ok());
    search(name, deal, seat, scores, seed.unwrap_or(7))
}

/// The same with the random numbers of `seed`.
fn search(name: &str, deal: &AnyDeal, seat: Seat, scores: [i32; 2], seed: u64) -> Choice {
    let mut view = GameView::of_deal(deal, seat);
    view.scores = scores.to_vec();
    let mut p = player(name).unwrap();
    p.choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(seed))
}

/// Searches asked for a close call: one search's choice between actions within its noise of
/// each other turns on the worlds it drew (a bid's values vary by about a tenth of a point
/// from search to search), so such a judgement is asserted on what most of `SEARCHES`
/// searches choose and on the mean of the values they give.
const SEARCHES: u64 = 30;

/// `name`'s searches for `seat` with the scores, seeded 0 to `SEARCHES - 1`.
struct Searches(Vec<Choice>);

impl Searches {
    fn of(name: &str, deal: &AnyDeal, seat: Seat, scores: [i32; 2]) -> Searches {
        Searches(
            (0..SEARCHES)
                .map(|seed| search(name, deal, seat, scores, seed))
                .collect(),
        )
    }

    /// How many of the searches chose `action`.
    fn chose(&self, action: &str) -> usize {
        let a: Action = action.parse().unwrap();
        self.0.iter().filter(|c| c.action == a).count()
    }

    /// True when more than half of the searches chose `action`.
    fn mostly(&self, action: &str) -> bool {
        self.chose(action) as u64 * 2 > SEARCHES
    }

    /// The mean over the searches of the chance of winning the game they gave `action` (a
    /// score-aware `pimc-win-N` gives its values as that chance).
    fn mean_win(&self, action: &str) -> f64 {
        let a: Action = action.parse().unwrap();
        let wins = self.0.iter().map(|c| {
            let i = c.values.iter().position(|(b, _)| *b == a).unwrap();
            c.outlooks.get(i).map_or(c.values[i].1, |o| o.win.unwrap())
        });
        wins.sum::<f64>() / SEARCHES as f64
    }

    /// The mean over the searches of the points they gave `action`.
    fn mean_points(&self, action: &str) -> f64 {
        let a: Action = action.parse().unwrap();
        let points = self
            .0
            .iter()
            .map(|c| c.values.iter().find(|(b, _)| *b == a).unwrap().1);
        points.sum::<f64>() / SEARCHES as f64
    }

    /// What each search chose, for a failure's message.
    fn summary(&self) -> String {
        let mut counts = std::collections::BTreeMap::new();
        for c in &self.0 {
            *counts.entry(c.action.to_string()).or_insert(0) += 1;
        }
        format!("{counts:?}")
    }
}

/// The outlook `c` gave `action`.
fn outlook(c: &Choice, action: &str) -> euchre_ai::Outlook {
    let a: Action = action.parse().unwrap();
    let i = c.values.iter().position(|(b, _)| *b == a).unwrap();
    c.outlooks[i]
}

/// The other seats decide as `basic` would (the dealer's discard, say) until `seat` is to act.
fn basic_until(deal: &mut AnyDeal, seat: Seat) {
    while let Some(s) = deal.to_act().filter(|&s| s != seat) {
        let view = GameView::of_deal(deal, s);
        let a = BasicPlayer
            .choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(1))
            .action;
        deal.apply(a).unwrap();
    }
    assert_eq!(
        deal.to_act(),
        Some(seat),
        "the deal ended before {seat:?} was to act"
    );
}

/// The right and left bowers, the ace and king of trump and an off ace: a loner that marches
/// most of the time. Seat 1 bids first (seat 0 deals).
fn loner_hand() -> AnyDeal {
    deal_with(Seat::new(0), Seat::new(1), "JH JD AH KH AS", "QH")
}

/// The left bower, the king and ten of trump and the ace and king of spades, nines turned: a
/// loner without the right bower or the ace of trump, which marches often enough to be worth
/// its risk at 0-0 (going alone gained +0.37 [+0.31, +0.44] points over ordering with the
/// partner in real play, `expert` against `pimc-50`: `docs/players.md`), and is euchred
/// more often than the same hand with its partner. Seat 1 bids first (seat 0 deals).
fn risky_loner() -> AnyDeal {
    deal_with(Seat::new(0), Seat::new(1), "JD KH 10H AS KS", "9H")
}

#[test]
fn no_loner_when_taking_the_partner_already_wins_the_game() {
    // At 9 (seat 1's team is team 1) one point wins: going alone adds nothing but the risk of a
    // euchre, so order up with the partner.
    let deal = risky_loner();
    let s = Searches::of("pimc-win-50", &deal, Seat::new(1), [6, 9]);
    assert!(s.mostly("order"), "at 9-6: {}", s.summary());
    assert_eq!(s.chose("order alone"), 0, "at 9-6: {}", s.summary());
    assert!(s.mean_win("order") > s.mean_win("order alone"));
    // The point-counting search sees only that a march alone scores 4.
    let p = Searches::of("pimc-50", &deal, Seat::new(1), [6, 9]);
    assert!(p.mostly("order alone"), "pimc-50 at 9-6: {}", p.summary());
}

#[test]
fn the_same_hand_goes_alone_when_the_points_matter() {
    // At 0-0 four points are worth far more than one: alone.
    let deal = risky_loner();
    let s = Searches::of("pimc-win-50", &deal, Seat::new(1), [0, 0]);
    assert!(s.mostly("order alone"), "at 0-0: {}", s.summary());
    assert!(s.mean_win("order alone") > s.mean_win("order"));
}

#[test]
fn expert_takes_the_partner_at_9_and_goes_alone_at_0() {
    // The same risky loner: at 9-6 one point wins, and going alone only adds risk; at 0-0 the
    // march alone's four points are worth the most. (With a hand whose loner always takes
    // three tricks, `loner_hand`, both ways win every world at 9-6 and neither is wrong.)
    let deal = risky_loner();
    let at_9 = Searches::of("expert", &deal, Seat::new(1), [6, 9]);
    assert!(at_9.mostly("order"), "at 9-6: {}", at_9.summary());
    assert_eq!(at_9.chose("order alone"), 0, "at 9-6: {}", at_9.summary());
    let (order, alone) = (at_9.mean_win("order"), at_9.mean_win("order alone"));
    assert!(order > alone, "order {order:.4}, alone {alone:.4}");
    let at_0 = Searches::of("expert", &deal, Seat::new(1), [0, 0]);
    assert!(at_0.mostly("order alone"), "at 0-0: {}", at_0.summary());
    assert!(at_0.mean_win("order alone") > at_0.mean_win("order"));
    // Blind to the score, the same search goes alone at 9-6 too.
    let points = Searches::of("expert-points", &deal, Seat::new(1), [6, 9]);
    assert!(points.mostly("order alone"), "{}", points.summary());
}

#[test]
fn at_9_expert_makes_the_sure_point_the_points_player_passes_up() {
    // Both bowers, the nine of trump and the ace of clubs: ordering makes the point (and the
    // game) nearly always. Passing hopes for more points in round 2, which at 9-6 are worth
    // nothing more; the point-counting search passes. Passing wins the game nearly as often
    // (the opponents seldom make anything against this hand), so the searches differ by a
    // few thousandths of a game: most order.
    let deal = deal_with(Seat::new(0), Seat::new(1), "JH JD 9H 9S AC", "QH");
    let s = Searches::of("expert", &deal, Seat::new(1), [6, 9]);
    assert!(s.mostly("order"), "{}", s.summary());
    assert!(s.mean_win("order") > s.mean_win("pass"));
    let c = explained("expert", &deal, Seat::new(1), [6, 9]);
    assert!(outlook(&c, "order").make > 0.95, "{c:?}");
    let points = Searches::of("expert-points", &deal, Seat::new(1), [6, 9]);
    assert!(points.mostly("pass"), "the points player: {}", points.summary());
}

#[test]
fn at_9_the_lock_hand_plays_rather_than_passes() {
    // The bowers, the ace and king of trump and an off ace at 9-6: ordering, going alone and
    // passing (the opponents euchred) all win the game in nearly every world drawn, so the
    // game-win chance alone seldom separates them, and a search that took the first action
    // listed passed, giving the other side the deal and a chance. Where the chance is the
    // same, the points decide: the loner's march scores the most.
    let deal = loner_hand();
    let s = Searches::of("expert", &deal, Seat::new(1), [6, 9]);
    assert_eq!(s.chose("pass"), 0, "{}", s.summary());
    // Without the points as a tie-break, a third of the searches passed.
    let plain = Searches::of("expert-nolex", &deal, Seat::new(1), [6, 9]);
    assert!(plain.chose("pass") > 0, "{}", plain.summary());
}

#[test]
fn expert_leads_trump_to_the_partner_who_made_it() {
    // "You should certainly lead a high trump if your partner called the trump suit" (the
    // strategy chapter in the seeds). Seat 3 deals, seat 2 orders hearts up, seat 0 (its
    // partner) leads holding the left bower and nothing else of note.
    let mut deal = deal_with(Seat::new(3), Seat::new(0), "JD 9S KC QC 10D", "QH");
    for a in ["pass", "pass", "order"] {
        deal.apply(a.parse().unwrap()).unwrap();
    }
    // The dealer discards as `basic` would.
    basic_until(&mut deal, Seat::new(0));
    let c = explained("expert", &deal, Seat::new(0), [0, 0]);
    assert_eq!(c.action, "JD".parse::<Card>().map(Action::Play).unwrap(), "{c:?}");
    // Play hints value every card.
    assert_eq!(c.values.len(), 5, "{c:?}");
}

#[test]
fn expert_outlooks_are_chances() {
    let deal = loner_hand();
    let c = explained("expert", &deal, Seat::new(1), [3, 4]);
    assert_eq!(c.outlooks.len(), c.values.len());
    for o in &c.outlooks {
        for p in [
            o.make,
            o.march,
            o.euchred,
            o.they_make,
            o.they_march,
            o.they_euchred,
        ] {
            assert!((0.0..=1.0).contains(&p), "{o:?}");
        }
        assert!(
            o.march <= o.make + 1e-9 && o.they_march <= o.they_make + 1e-9,
            "{o:?}"
        );
        assert!(
            o.make + o.euchred + o.they_make + o.they_euchred <= 1.0 + 1e-9,
            "{o:?}"
        );
        let w = o.win.unwrap();
        assert!((0.0..=1.0).contains(&w), "{o:?}");
    }
}

#[test]
fn a_defensive_order_up_when_the_dealers_side_needs_one_point() {
    // Seat 0 deals and turns the right bower; seat 1, on the other side, bids first holding the
    // ace and king of hearts and two off aces. At 0-0 it passes: the dealer takes the right
    // bower up over its trumps, and it defends. When the dealer's side is at 9 and it at 8, a
    // point for the dealer's side ends the game, and a euchre of its own order costs no more
    // than that: ordering up is its better chance to stay alive. A close call (the searches
    // put the game at 31.6% after the order and 31.0% after a pass on average, and one
    // search in three passes), but one the points cannot see: the point-counting
    // `expert-points` passes.
    let deal = deal_with(Seat::new(0), Seat::new(1), "AH KH 9S AC AD", "JH");
    let at_9 = Searches::of("expert", &deal, Seat::new(1), [9, 8]);
    assert!(at_9.mostly("order"), "at 8-9: {}", at_9.summary());
    assert!(at_9.mean_win("order") > at_9.mean_win("pass"));
    let at_0 = Searches::of("expert", &deal, Seat::new(1), [0, 0]);
    assert!(at_0.mostly("pass"), "at 0-0: {}", at_0.summary());
    let points = Searches::of("expert-points", &deal, Seat::new(1), [9, 8]);
    assert!(points.mostly("pass"), "the points player: {}", points.summary());
}

// The sources' tips on bidding. Each position was also played out in real play, `expert` on
// seat 1's side against `pimc-50`, every choice from the same deals (`cargo run --release -p
// euchre-ai --example branch -- HAND UPCARD ACTIONS expert pimc-50 DEALS 1 [BEFORE]`): the
// figures in the comments are the points a deal that the tip's choice gained there.

#[test]
fn without_three_probable_tricks_the_eldest_hand_passes() {
    // "You shouldn't accept the trump suit without at least three probable tricks" (the
    // strategy chapter). Seat 1 bids first. One low trump and no ace: passing gained +0.38
    // [+0.31, +0.46] over ordering in real play (1,000 deals). The king and ten of trump and one
    // off ace, two tricks at best: +0.21 [+0.11, +0.31].
    for hand in ["9H 10S JC 9D KD", "KH 10H AS 9C 10D"] {
        let deal = deal_with(Seat::new(0), Seat::new(1), hand, "QH");
        let c = explained("expert", &deal, Seat::new(1), [0, 0]);
        assert_eq!(c.action, Action::Pass, "{hand}: {c:?}");
    }
}

#[test]
fn a_two_suited_hand_goes_alone_and_a_one_suited_hand_does_not() {
    // "Your chances of going alone and getting all five tricks are rather better on a
    // two-suited hand than a one-suiter. With three high trumps and the A-10 in a side suit you
    // may well find yourself taking the last two tricks, whereas the bare 10 in a side-suit is
    // far less likely to win the last trick" (the strategy chapter). Both bowers and the ace of
    // trump with the ace and ten of spades: alone gained +1.81 [+1.75, +1.87] over ordering
    // with the partner in real play (1,000 deals). With two bare tens the three trump tricks
    // are all a loner takes: alone lost 0.31 [0.28, 0.34].
    let two_suited = deal_with(Seat::new(0), Seat::new(1), "JH JD AH AS 10S", "9H");
    let c = explained("expert", &two_suited, Seat::new(1), [0, 0]);
    assert_eq!(c.action, "order alone".parse().unwrap(), "{c:?}");
    let one_suited = deal_with(Seat::new(0), Seat::new(1), "JH JD AH 10S 10C", "9H");
    let c = explained("expert", &one_suited, Seat::new(1), [0, 0]);
    assert_ne!(c.action, "order alone".parse().unwrap(), "{c:?}");
    assert!(
        outlook(&c, "order alone").points < outlook(&c, "order").points,
        "{c:?}"
    );
}

/// `expert`'s searches of `seat`'s first bid in round 2 (seat 0 deals), holding the jack and
/// king of diamonds and of spades and the ace of clubs, after the queen of hearts was turned
/// down and every seat before it passed.
fn round_two_call(seat: Seat) -> Searches {
    let mut deal = deal_with(Seat::new(0), seat, "JD KD JS KS AC", "QH");
    // Four passes in round 1, then those of the seats from the dealer's left up to `seat`.
    for _ in 0..3 + seat.index() {
        deal.apply(Action::Pass).unwrap();
    }
    assert_eq!(deal.to_act(), Some(seat));
    Searches::of("expert", &deal, seat, [0, 0])
}

#[test]
fn after_the_dealer_turns_the_upcard_down_the_eldest_hand_calls_next() {
    // "If the dealer doesn't accept the original trump card, it normally implies that he
    // doesn't hold a bower in the trump suit or in the same color. If you don't know whether to
    // bid and what suit to select as the trump suit, the nondealers should go for the suit of
    // the same color as the initial trump suit" (the strategy chapter). Seat 1 holds the jack
    // and king of diamonds and of spades: calling diamonds (same colour as the hearts turned
    // down) gained +0.39 [+0.18, +0.60] over spades in real play, in the 217 of 1,500 deals
    // where the others, deciding for themselves, all passed in round 1 (`BEFORE`
    // `pass,pass,pass,pass`).
    let s = round_two_call(Seat::new(1));
    assert!(s.mostly("call D"), "{}", s.summary());
    assert!(s.mean_points("call D") > s.mean_points("call S"));
}

#[test]
fn a_defender_on_lead_leads_from_its_ace_king_sequence() {
    // "Otherwise, lead from a sequence if you have one. Start with high cards to help out your
    // partner so he doesn't waste his high cards unnecessarily. For example, if hearts are
    // trump, you could lead the ♠A or ♣A to try to win a trick" (the strategy chapter). The
    // dealer (seat 0) was ordered up in hearts by its partner; seat 1 leads holding the ace
    // and king of spades, one low trump and two low cards. The ace and the king are the same
    // card here (the search values them alike); either is the tip's lead.
    let mut deal = deal_with(Seat::new(0), Seat::new(1), "AS KS 9C 10D 9H", "QH");
    for a in ["pass", "order"] {
        deal.apply(a.parse().unwrap()).unwrap();
    }
    basic_until(&mut deal, Seat::new(1));
    let c = explained("expert", &deal, Seat::new(1), [0, 0]);
    let spades = ["AS", "KS"].map(|c| Action::Play(c.parse().unwrap()));
    assert!(spades.contains(&c.action), "{c:?}");
    assert!(
        (outlook(&c, "AS").points - outlook(&c, "KS").points).abs() < 1e-9,
        "{c:?}"
    );
}

#[test]
fn after_the_dealer_turns_the_upcard_down_its_partner_calls_the_other_colour() {
    // "... and the dealer's partner should go for a trump suit of the other color" (the strategy
    // chapter, the tip's second half). The dealer's partner (seat 2) holds the eldest's hand
    // of the test above, and everyone has passed, the eldest in round 2 too: calling spades
    // gained +0.10 [+0.01, +0.19] over diamonds in real play, in the 1,332 of 12,000 deals
    // where the others all passed by their own choice (`branch` with BEFORE
    // `pass,pass,pass,pass,pass` and SEAT 2, seed 2). Seven choices share the bid's bound, so
    // one search values them over at most 171 worlds and the two calls' difference varies by
    // 0.13 from search to search: `expert` values spades higher on average and calls them in
    // most searches (21 of 30).
    let s = round_two_call(Seat::new(2));
    assert!(s.mostly("call S"), "{}", s.summary());
    assert!(s.mean_points("call S") > s.mean_points("call D"));
}

/// The British blind shout: the dealer names trump before seeing a card, the Joker turned, so
/// the four suits cannot be told apart. The hint ranked them by the worlds it happened to draw
/// (♦ +0.82 down to ♠ +0.52) and the review charged for the suit taken (terminal tester s52, 3):
/// every suit is now valued alike, alone and with the partner each.
#[test]
fn a_blind_shout_values_every_suit_alike() {
    let rules = Rules::preset("british").unwrap();
    let joker: Card = "B".parse().unwrap();
    let mut rest = rules.deck().without(joker).iter();
    let hands = std::array::from_fn(|_| {
        let mut h = CardSet::EMPTY;
        for _ in 0..5 {
            h.insert(rest.next().unwrap());
        }
        h
    });
    let deal = AnyDeal::Partnership(Box::new(
        Deal::new(rules, Seat::new(0), hands, joker, CardSet::EMPTY).unwrap(),
    ));
    let view = GameView::of_deal(&deal, Seat::new(0));
    assert!(
        matches!(&view.view, euchre::table::View::Partnership(o) if o.phase == euchre::Phase::BlindShout)
    );
    let c = explained("expert", &deal, Seat::new(0), [0, 0]);
    for alone in [false, true] {
        let values: Vec<f64> = c
            .values
            .iter()
            .filter(|(a, _)| matches!(a, Action::Call { alone: x, .. } if *x == alone))
            .map(|&(_, v)| v)
            .collect();
        assert_eq!(values.len(), 4, "{:?}", c.values);
        assert!(
            values.iter().all(|&v| v == values[0]),
            "alone {alone}: {:?}",
            c.values
        );
    }
}

/// Bid Euchre: four aces, a king and a queen take most tricks at no trump, which
/// `basic` never named until 2026-12-01 (`basic-suits`). A bid is valued by the deal played
/// out after it, so the trump named after winning the auction decides its worth: valued with
/// that `basic` naming a suit (`expert-basictrump-basicsuits`), this hand bid 2 and no more; `expert` names the trump best on
/// average over the worlds where it would name it, and bids 3 or more, as its hand deserves
/// (terminal tester s52, 2: a bid of 2 valued at −4.3 where naming trump right after was
/// worth +2.4).
#[test]
fn a_bid_euchre_bid_is_valued_by_the_trump_the_bidder_would_name() {
    use euchre::solo::{SoloDeal, SoloRules};
    let rules = SoloRules::preset("bid-euchre").unwrap();
    let mine = cards("AS AH AD AC KD QC");
    let mut rest = CardSet::deck(euchre::Rank::Nine, false).minus(mine).iter();
    let hands: Vec<CardSet> = (0..4)
        .map(|i| {
            if i == 0 {
                return mine;
            }
            (0..6).map(|_| rest.next().unwrap()).collect()
        })
        .collect();
    let deal = AnyDeal::Solo(Box::new(
        SoloDeal::new(rules, Seat::new(3), &hands, None).unwrap(),
    ));
    let view = GameView::of_deal(&deal, Seat::new(0));
    // A close call in some searches (a bid of 2 or 3): what most of `SEARCHES` choose, and
    // the mean value they give a bid of 3.
    let searched = |name: &str| -> (u64, f64) {
        let mut p = player(name).unwrap();
        let (mut bids, mut value) = (0, 0.0);
        for seed in 0..SEARCHES {
            let c = p.choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(seed));
            bids += u64::from(matches!(c.action, Action::Bid(n) if n >= 3));
            value += c.values.iter().find(|(a, _)| *a == Action::Bid(3)).unwrap().1;
        }
        (bids, value / SEARCHES as f64)
    };
    // Both with the others' trump named by `basic` as it was then, never no trump (this hand
    // is one `basic` itself now names no trump with).
    let (expert, expert_value) = searched("expert-basicsuits");
    let (basic_trump, basic_trump_value) = searched("expert-basictrump-basicsuits");
    assert!(
        expert * 2 > SEARCHES,
        "expert bid 3 or more in {expert} of {SEARCHES} searches"
    );
    assert!(
        basic_trump * 2 < SEARCHES,
        "valued by basic's trump, 3 or more in {basic_trump} searches: the test no longer shows the difference"
    );
    assert!(
        expert_value > basic_trump_value + 2.0,
        "bid 3: {expert_value} against {basic_trump_value}"
    );
}

/// A choice marks the actions its worlds could not tell from it as close, so that a hint or a
/// review can say "about as good" rather than rank noise. The judge's assist (judge s55, a3):
/// seat 0 holds the left bower, K and 9 of spades with the partner dealing A♠; ordering and
/// passing are near (the dealer-partner often picks up anyway), and searches part between
/// them, while ordering alone (euchred whenever the partner's ace is not enough) is clearly
/// worse. Most searches mark the other of pass and order close; none marks the loner close.
#[test]
fn a_bid_the_worlds_cannot_tell_from_the_choice_is_marked_close() {
    let mut deal = deal_with(Seat::new(2), Seat::new(0), "9C JC QC 9S KS", "AS");
    deal.apply("pass".parse().unwrap()).unwrap();
    let s = Searches::of("expert", &deal, Seat::new(0), [1, 1]);
    let close = |c: &Choice, action: &str| {
        let a: Action = action.parse().unwrap();
        let i = c.values.iter().position(|(b, _)| *b == a).unwrap();
        c.close[i]
    };
    let mut both = 0;
    for c in &s.0 {
        assert_eq!(c.close.len(), c.values.len(), "{c:?}");
        // The choice is close to itself.
        assert!(close(c, &c.action.to_string()), "{c:?}");
        assert!(!close(c, "order alone"), "{c:?}");
        both += usize::from(close(c, "pass") && close(c, "order"));
    }
    assert!(
        both as u64 * 2 > SEARCHES,
        "pass and order both close in {both} of {SEARCHES} searches ({})",
        s.summary()
    );
}
