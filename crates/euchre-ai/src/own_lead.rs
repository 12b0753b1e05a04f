//! The seat's own opening lead chosen blind when a bid is valued (`expert-ownlead`).
//!
//! A bid is valued in each sampled world by finishing the auction and solving the deal, so
//! when the seat itself makes the opening lead it leads in every world the card that is best
//! there, as if it could see the others' hands. The opening lead is where seeing the cards is
//! worth most, and self-play shows it: the dealer's left, who leads, expects +0.68 points from
//! its calls in the second round and really gets +0.23 (`docs/players.md`, the calibration by
//! kind of call). Here the seat leads the same card in every world where it knows the same
//! things at that lead: its hand and the public auction. Each world keeps the solved value of
//! every card it could lead; the card led at a spot is the one with the best weighed mean over
//! that spot's worlds, chosen once the worlds are in (`choose_leads`). Everything after the
//! lead is still solved seeing the world.
//!
//! Measured against `expert` (`docs/players.md`), it brings the dealer's left's expectations
//! nearer what its calls bring, but plays no better: the bids it changes were close either
//! way. A variant, not the default.

use crate::pimc::best_index;
use crate::solver::Solver;
use euchre::table::AnyDeal;
use euchre::{Action, Card, CardSet, Phase, Seat};
use std::collections::HashMap;

/// What the seat knows when it makes the opening lead in a world: the action being valued,
/// its hand, and the auction as it saw it (the others' discards, which it did not see, left
/// out). Worlds at the same spot get the same lead.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct LeadSpot {
    action: usize,
    hand: CardSet,
    auction: Vec<(Seat, Action)>,
}

/// The seat's opening lead in one world: the solved value, for its side, of each card it
/// could lead.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct OwnLead {
    pub spot: LeadSpot,
    pub cards: Vec<(Card, f64)>,
}

impl OwnLead {
    /// The best card's value: the world's value seeing the cards.
    pub fn best(&self) -> f64 {
        self.cards
            .iter()
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// In a four-handed world whose auction is over after the action at index `action` was
/// taken, the solved value of each card `me` could lead, when `me` makes the opening lead;
/// `None` otherwise.
pub(crate) fn own_lead(world: &AnyDeal, me: Seat, action: usize, solver: &mut Solver) -> Option<OwnLead> {
    let AnyDeal::Partnership(d) = world else {
        return None;
    };
    let opening = d.phase() == Phase::Play && d.tricks_done() == 0 && d.current_trick().is_empty();
    if !opening || d.to_act() != Some(me) {
        return None;
    }
    let auction = d
        .auction()
        .iter()
        .filter(|(s, a)| *s == me || !matches!(a, Action::Discard(_)))
        .copied()
        .collect();
    let cards = solver
        .action_values(world)
        .into_iter()
        .filter_map(|(a, v)| match a {
            Action::Play(c) => Some((c, v)),
            _ => None,
        })
        .collect::<Vec<_>>();
    (!cards.is_empty()).then(|| OwnLead {
        spot: LeadSpot {
            action,
            hand: d.hands()[me.index()],
            auction,
        },
        cards,
    })
}

/// The card led at each spot: the best mean of `worth` over the spot's worlds, each weighed
/// by the times it was drawn (of equal cards, the first in the hand's order).
pub(crate) fn choose_leads<'a>(
    leads: impl IntoIterator<Item = (f64, &'a OwnLead)>,
    worth: impl Fn(f64) -> f64,
) -> HashMap<&'a LeadSpot, Card> {
    let mut sums: HashMap<&LeadSpot, Vec<(Card, f64)>> = HashMap::new();
    for (times, lead) in leads {
        let sum = sums
            .entry(&lead.spot)
            .or_insert_with(|| lead.cards.iter().map(|&(c, _)| (c, 0.0)).collect());
        for (c, v) in &lead.cards {
            if let Some((_, s)) = sum.iter_mut().find(|(d, _)| d == c) {
                *s += times * worth(*v);
            }
        }
    }
    sums.into_iter()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(spot, cards)| (spot, cards[best_index(cards.iter().map(|(_, s)| *s))].0))
        .collect()
}

/// The value of the card led at the lead's spot in this world (the best card's where the
/// spot has no choice yet).
pub(crate) fn value_led(lead: &OwnLead, chosen: &HashMap<&LeadSpot, Card>) -> f64 {
    chosen
        .get(&lead.spot)
        .and_then(|c| lead.cards.iter().find(|(d, _)| d == c))
        .map_or_else(|| lead.best(), |(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pimc::Pimc;
    use crate::view::GameView;
    use euchre::rules::Rules;
    use euchre::{Deal, Decisions};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn lead(action: usize, cards: &[(&str, f64)]) -> OwnLead {
        OwnLead {
            spot: LeadSpot {
                action,
                hand: cards.iter().map(|(c, _)| card(c)).collect(),
                auction: Vec::new(),
            },
            cards: cards.iter().map(|&(c, v)| (card(c), v)).collect(),
        }
    }

    #[test]
    fn a_spot_leads_the_card_best_on_average_over_its_worlds() {
        // Seeing the cards, the ace is best in the first world and the jack in the second;
        // drawn three times, the second world decides.
        let first = lead(0, &[("AS", 2.0), ("JH", 0.0)]);
        let second = lead(0, &[("AS", -1.0), ("JH", 1.0)]);
        // Another action's spot chooses apart.
        let other = lead(1, &[("AS", 1.0), ("JH", -2.0)]);
        let leads = [(1.0, &first), (3.0, &second), (1.0, &other)];
        let chosen = choose_leads(leads, |v| v);
        assert_eq!(chosen[&first.spot], card("JH"));
        assert_eq!(chosen[&other.spot], card("AS"));
        assert_eq!(value_led(&first, &chosen), 0.0);
        assert_eq!(value_led(&second, &chosen), 1.0);
        assert_eq!(value_led(&other, &chosen), 1.0);
        // Valued by another measure (here its sign), the choice follows it.
        let chosen = choose_leads(leads, f64::signum);
        assert_eq!(chosen[&first.spot], card("JH"));
        // With only the first world, the ace.
        let chosen = choose_leads([(1.0, &first)], |v| v);
        assert_eq!(value_led(&first, &chosen), 2.0);
    }

    /// The dealer's left, to bid first in a north-american deal, values each bid over
    /// `worlds` worlds: per action, the mean with the lead chosen blind and the mean seeing
    /// the cards (`None` where it never leads after that action).
    fn bid_means(seed: u64, worlds: usize) -> Vec<Option<(f64, f64)>> {
        let rules = Rules::preset("north-american").unwrap();
        let dealer = Seat::new(seed as u8 % 4);
        let deal = AnyDeal::Partnership(Box::new(Deal::from_seed(rules, dealer, seed)));
        let me = deal.to_act().unwrap();
        let view = GameView::of_deal(&deal, me);
        let legal = *view.legal();
        let mut pimc = Pimc::new(worlds as u32);
        pimc.own_lead = true;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut searched = Vec::new();
        while searched.len() < worlds {
            let world = view.view.sample_world(&mut rng).unwrap();
            searched.push(pimc.world_values_and_leads(&world, &legal, me, &mut rng));
        }
        let chosen = choose_leads(
            searched
                .iter()
                .flat_map(|(_, l)| l.iter().flatten().map(|l| (1.0, l))),
            |v| v,
        );
        (0..legal.len())
            .map(|a| {
                let mut sums = (0.0, 0.0);
                for (outcomes, leads) in &searched {
                    let seen = outcomes[a].unwrap().points;
                    let blind = leads[a].as_ref().map_or(seen, |l| value_led(l, &chosen));
                    sums = (sums.0 + blind, sums.1 + seen);
                }
                let leads = searched.iter().any(|(_, l)| l[a].is_some());
                let n = worlds as f64;
                leads.then_some((sums.0 / n, sums.1 / n))
            })
            .collect()
    }

    #[test]
    fn a_blind_lead_never_beats_seeing_the_cards_and_often_falls_short() {
        let (mut bids, mut short) = (0, 0);
        for seed in 0..40 {
            for (blind, seen) in bid_means(seed, 30).into_iter().flatten() {
                assert!(blind <= seen + 1e-9, "seed {seed}: {blind} > {seen}");
                bids += 1;
                short += usize::from(blind < seen - 1e-9);
            }
        }
        // Ordering up is always one; the blind lead costs something in most of them.
        assert!(bids >= 40, "{bids}");
        assert!(short * 2 > bids, "{short} of {bids}");
    }
}
