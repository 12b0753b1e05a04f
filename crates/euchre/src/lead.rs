//! Who takes part in the play and who leads it: the seats left in when players go alone, and the
//! first leader the rules name (`RULES.md` §4). Shared by the engine and the EGN replay.

use crate::rules::{LonerLead, Rules};
use crate::seat::Seat;

/// `NEXT_IN_PLAY[active][seat]`: the next seat clockwise whose bit is in `active` (a seat mask),
/// or simply the next seat when none is.
pub(crate) static NEXT_IN_PLAY: [[Seat; 4]; 16] = {
    let mut t = [[Seat::new(0); 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut s = 0;
        while s < 4 {
            let mut n = (s + 1) % 4;
            let mut k = 0;
            while k < 3 && mask & (1 << n) == 0 {
                n = (n + 1) % 4;
                k += 1;
            }
            if mask & (1 << n) == 0 {
                n = (s + 1) % 4;
            }
            t[mask][s] = Seat::new(n as u8);
            s += 1;
        }
        mask += 1;
    }
    t
};

/// The next seat clockwise after `seat` whose bit is set in the seat mask `active`.
#[inline]
pub fn next_in_play(active: u8, seat: Seat) -> Seat {
    NEXT_IN_PLAY[active as usize & 15][seat.index()]
}

/// The seats taking part (a bit each) and the first leader, once the alone decisions are made.
pub fn first_leader(
    rules: &Rules,
    dealer: Seat,
    maker: Seat,
    maker_alone: bool,
    lone_defender: Option<Seat>,
) -> (Seat, u8) {
    let mut active = 0b1111u8;
    if maker_alone {
        active &= !maker.partner().bit();
    }
    if let Some(d) = lone_defender {
        active &= !d.partner().bit();
    }
    let next_active = |s: Seat| next_in_play(active, s);
    let loner = if maker_alone { Some(maker) } else { lone_defender };
    let leader = match (maker_alone, lone_defender) {
        (true, Some(d)) if rules.defender_leads_both_alone => d,
        _ => match (rules.loner_lead, loner) {
            (LonerLead::LeftOfLoner, Some(l)) => next_active(l),
            _ => next_active(dealer),
        },
    };
    (leader, active)
}
