//! Positions where the right choice is clear to a strong player, each with why. They grow with
//! issue 12's `expert`; for now they pin what the score-aware search (`pimc-win-N`) gets right
//! that the point-counting one does not.

use euchre::rules::Rules;
use euchre::table::AnyDeal;
use euchre::{Action, Card, CardSet, Deal, Seat};
use euchre_ai::{player, Budget, GameView};
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

/// `name`'s choice for `seat` with the teams' scores `[team 0, team 1]` in a game to 10.
fn choice(name: &str, deal: &AnyDeal, seat: Seat, scores: [i32; 2]) -> Action {
    let mut view = GameView::of_deal(deal, seat);
    view.scores = scores.to_vec();
    let mut p = player(name).unwrap();
    p.choose(&view, &Budget::UNLIMITED, &mut ChaCha8Rng::seed_from_u64(7))
        .action
}

/// The right and left bowers, the ace and king of trump and an off ace: a loner that marches
/// most of the time. Seat 1 bids first (seat 0 deals).
fn loner_hand() -> AnyDeal {
    deal_with(Seat::new(0), Seat::new(1), "JH JD AH KH AS", "QH")
}

#[test]
fn no_loner_when_taking_the_partner_already_wins_the_game() {
    // At 9 (seat 1's team is team 1) one point wins: going alone adds nothing but the risk of a
    // euchre, so order up with the partner.
    let deal = loner_hand();
    let a = choice("pimc-win-50", &deal, Seat::new(1), [6, 9]);
    assert_eq!(
        a,
        "order".parse().unwrap(),
        "at 9-6 the score-aware search went {a}"
    );
    // The point-counting search sees only that a march alone scores 4.
    let p = choice("pimc-50", &deal, Seat::new(1), [6, 9]);
    eprintln!("pimc-50 at 9-6: {p}");
}

#[test]
fn the_same_hand_goes_alone_when_the_points_matter() {
    // At 0-0 four points are worth far more than one: alone.
    let deal = loner_hand();
    let a = choice("pimc-win-50", &deal, Seat::new(1), [0, 0]);
    assert_eq!(
        a,
        "order alone".parse().unwrap(),
        "at 0-0 the score-aware search went {a}"
    );
}
