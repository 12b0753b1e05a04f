//! What perfect inference could be worth: a side that knows every hidden card (an "oracle":
//! PIMC whose one world is the real deal, so it values each action as `expert` would if its
//! inference were perfect) against a player that does not, deal by deal in duplicate
//! (`north-american`; each board dealt twice, the oracle's side in seats 0 and 2, then 1 and 3).
//! With PHASES `bid` the oracle's side knows the deal only in the bidding (the auction, going
//! alone, the discard) and plays the cards as SIDE; with `play`, the other way round; with
//! `none`, nowhere (SIDE against OPPONENT, a check of the harness against `euchre sim`); with
//! `lead`, at the opening lead only; with `trick1`, in the first trick only; with `leads` or
//! `follows`, at every card that leads a trick or at every card that follows.
//! An upper bound for a player of `expert`'s kind: whatever it reads from the bids and the
//! cards, it cannot know more than the deal.
//! With KNOWS `partner` the side knows only its partner's hand where PHASES say (its own search
//! then draws the opponents' hands and the kitty around it): a bound on what signalling between
//! partners could bring.
//! `cargo run --release -p euchre-ai --example oracle [SIDE] [OPPONENT] [BOARDS] [SEED] [PHASES]
//! [KNOWS]` (`pimc-50 pimc-50 1000 1 both deal` by default).

mod shared;

use euchre::table::{AnyDeal, AnyRules, View};
use euchre::{Deal, Decisions, Seat};
use euchre_ai::duplicate::Estimate;
use euchre_ai::pimc::Pimc;
use euchre_ai::{mix_seed, player, Budget, GameView};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Where the oracle's side sees the deal.
#[derive(Clone, Copy, PartialEq)]
enum Phases {
    /// Nowhere: the harness's own check (SIDE against OPPONENT as `euchre sim` plays them).
    None,
    Both,
    Bid,
    Play,
    /// The opening lead only.
    Lead,
    /// The first trick's four cards only (the opening lead and the three follows).
    FirstTrick,
    /// Every card that leads a trick.
    Leads,
    /// Every card that follows to a trick.
    Follows,
}

/// What the side knows where it knows more than its own cards.
#[derive(Clone, Copy, PartialEq)]
enum Knows {
    /// Every hidden card: it decides by [`Pimc::choose_knowing`].
    Deal,
    /// Its partner's hand: it decides as SIDE, the partner's cards shown in its view.
    Partner,
}

/// `seat`'s view with its partner's hand face up, as a jambone hand is: the view's worlds are
/// then drawn with the partner holding exactly those cards.
fn with_partner_shown(deal: &AnyDeal, seat: Seat) -> GameView {
    let mut view = GameView::of_deal(deal, seat);
    if let (AnyDeal::Partnership(d), View::Partnership(o)) = (deal, &mut view.view) {
        let partner = seat.partner();
        o.exposed = Some((partner, d.hands()[partner.index()]));
    }
    view
}

/// The points each team took in one play of a board, the oracle's side at the even seats or
/// the odd ones.
fn play(
    (side, opponent): (&str, &str),
    (phases, knowing): (Phases, Knows),
    oracle_even: bool,
    board: u64,
    seed: u64,
) -> [i64; 2] {
    let AnyRules::Partnership(r) = AnyRules::preset("north-american").expect("preset") else {
        panic!("four-handed rules")
    };
    let dealer = Seat::new((board % 4) as u8);
    let deal_seed = mix_seed(seed, board);
    let mut deal = AnyDeal::Partnership(Box::new(Deal::from_seed(r, dealer, deal_seed)));
    let ours = |s: usize| s.is_multiple_of(2) == oracle_even;
    let mut players: Vec<_> = (0..4)
        .map(|s| player(if ours(s) { side } else { opponent }).expect("a known player"))
        .collect();
    let mut oracle = Pimc::new(1);
    let mut rngs: Vec<ChaCha8Rng> = (0..4)
        .map(|s| ChaCha8Rng::seed_from_u64(mix_seed(deal_seed, 1 + s)))
        .collect();
    while let Some(seat) = deal.to_act() {
        let s = seat.index();
        let AnyDeal::Partnership(d) = &deal else {
            unreachable!()
        };
        let playing = d.phase().in_or_after_play();
        // The first trick's cards: a loner's first trick has three.
        let first_trick = playing && d.tricks_done() == 0;
        let knows = ours(s)
            && match phases {
                Phases::None => false,
                Phases::Both => true,
                Phases::Bid => !playing,
                Phases::Play => playing,
                Phases::Lead => first_trick && d.current_trick().is_empty(),
                Phases::FirstTrick => first_trick,
                Phases::Leads => playing && d.current_trick().is_empty(),
                Phases::Follows => playing && !d.current_trick().is_empty(),
            };
        let a = if knows && knowing == Knows::Deal {
            oracle.choose_knowing(&deal, &mut rngs[s]).expect("a seat to act")
        } else if knows {
            let view = with_partner_shown(&deal, seat);
            players[s].choose(&view, &Budget::UNLIMITED, &mut rngs[s]).action
        } else {
            let view = GameView::of_deal(&deal, seat);
            players[s].choose(&view, &Budget::UNLIMITED, &mut rngs[s]).action
        };
        deal.apply(a).expect("a legal choice");
    }
    let AnyDeal::Partnership(d) = &deal else {
        unreachable!()
    };
    let p = d.points();
    [i64::from(p[0]), i64::from(p[1])]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let side = args.get(1).map_or("pimc-50", String::as_str).to_string();
    let opponent = args.get(2).map_or("pimc-50", String::as_str).to_string();
    let boards: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(1);
    let phases = match args.get(5).map_or("both", String::as_str) {
        "none" => Phases::None,
        "both" => Phases::Both,
        "bid" => Phases::Bid,
        "play" => Phases::Play,
        "lead" => Phases::Lead,
        "trick1" => Phases::FirstTrick,
        "leads" => Phases::Leads,
        "follows" => Phases::Follows,
        other => panic!("PHASES is none, both, bid, play, lead, trick1, leads or follows, not {other}"),
    };
    let knowing = match args.get(6).map_or("deal", String::as_str) {
        "deal" => Knows::Deal,
        "partner" => Knows::Partner,
        other => panic!("KNOWS is deal or partner, not {other}"),
    };
    // Per board: the oracle's side's points and the other side's, both plays together.
    let results = shared::on_every_core(boards, |b| {
        let a = play((&side, &opponent), (phases, knowing), true, b, seed);
        let c = play((&side, &opponent), (phases, knowing), false, b, seed);
        (a[0] + c[1], a[1] + c[0])
    });
    let per_deal: Vec<(f64, f64)> = results.iter().map(|&(o, t)| (2.0, (o - t) as f64)).collect();
    let share: Vec<(f64, f64)> = results.iter().map(|&(o, t)| ((o + t) as f64, o as f64)).collect();
    let (d, s) = (Estimate::ratio(&per_deal), Estimate::ratio(&share));
    let what = match phases {
        Phases::None => "nowhere",
        Phases::Both => "in the bidding and the play",
        Phases::Bid => "in the bidding",
        Phases::Play => "in the play",
        Phases::Lead => "at the opening lead",
        Phases::FirstTrick => "in the first trick",
        Phases::Leads => "at every lead",
        Phases::Follows => "at every follow",
    };
    let known = match knowing {
        Knows::Deal => "the deal",
        Knows::Partner => "its partner's hand",
    };
    println!(
        "a side knowing {known} {what} (otherwise {side}) against {opponent}, {boards} boards, seed {seed}"
    );
    println!(
        "difference per deal {:+.3} [{:+.3}, {:+.3}]; share of the points {:.1}% [{:.1}, {:.1}]",
        d.mean,
        d.low(),
        d.high(),
        100.0 * s.mean,
        100.0 * s.low(),
        100.0 * s.high()
    );
}
