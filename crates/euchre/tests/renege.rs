//! `Observation::would_renege` (which legal cards are reneges under `reneging = penalised`,
//! for the computer players, which never play one): in random deals, the cards it leaves are
//! exactly the legal plays of the same deal under the usual rules, where nothing legal reneges.

use euchre::shuffle::{below, deal_rng};
use euchre::{Action, Deal, Phase, Rules, Seat};

#[test]
fn the_cards_that_do_not_renege_are_the_usual_rules_legal_plays() {
    let usual = Rules::preset("north-american").unwrap();
    let mut penalised = usual;
    penalised.set("reneging", "penalised").unwrap();
    let (mut compared, mut reneges) = (0, 0);
    for seed in 0..300u64 {
        let mut rng = deal_rng(seed);
        let dealer = Seat::new((seed % 4) as u8);
        let mut loose = Deal::random(penalised, dealer, &mut rng);
        let mut strict = Deal::new(usual, dealer, loose.hands(), loose.upcard(), loose.kitty()).unwrap();
        while let Some(seat) = strict.to_act() {
            assert_eq!(loose.to_act(), Some(seat), "seed {seed}");
            let legal = loose.legal_actions();
            let o = loose.observation(seat);
            let honest: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Play(c) if o.would_renege(*c)))
                .collect();
            if o.phase == Phase::Play {
                let mut usual_plays: Vec<Action> = strict.legal_actions().to_vec();
                let mut mine = honest.clone();
                usual_plays.sort_by_key(|a| a.to_string());
                mine.sort_by_key(|a| a.to_string());
                assert_eq!(
                    mine,
                    usual_plays,
                    "seed {seed}, seat {seat}: {:?}",
                    o.tricks.last()
                );
                reneges += legal.len() - honest.len();
                compared += 1;
            }
            let a = honest[below(&mut rng, honest.len() as u32) as usize];
            loose.apply(a).unwrap();
            strict.apply(a).unwrap();
        }
    }
    assert!(compared > 3000, "{compared} plays compared");
    assert!(
        reneges > 500,
        "only {reneges} reneges offered: the check would pass with none"
    );
}

/// The cards `would_renege` flags are the reneges the engine finds at the end of the deal
/// (`reneged_seats`, which the claims go by): in random deals with any legal card played, the
/// seats that played a flagged card are exactly the seats found to have reneged.
#[test]
fn the_flagged_cards_are_the_reneges_the_deal_finds() {
    let mut penalised = Rules::preset("north-american").unwrap();
    penalised.set("reneging", "penalised").unwrap();
    let mut with_reneges = 0;
    for seed in 0..300u64 {
        let mut rng = deal_rng(seed);
        let mut d = Deal::random(penalised, Seat::new((seed % 4) as u8), &mut rng);
        let mut flagged = 0u8;
        while let Some(seat) = d.to_act() {
            if d.phase() == Phase::RenegeClaim {
                break;
            }
            let legal = d.legal_actions();
            let a = legal[below(&mut rng, legal.len() as u32) as usize];
            if let Action::Play(c) = a {
                if d.observation(seat).would_renege(c) {
                    flagged |= seat.bit();
                }
            }
            d.apply(a).unwrap();
        }
        assert_eq!(d.reneged_seats(), flagged, "seed {seed}: {:?}", d.plays());
        with_reneges += usize::from(flagged != 0);
    }
    assert!(with_reneges > 100, "only {with_reneges} deals with a renege");
}
