//! [`ExpertConfig`]: what an `expert` does, and the player names that choose it (`expert`,
//! `expert-classic`, and the measured variants of `docs/players.md`).

use crate::bid_correction::BidCorrection;
use crate::follow_model::FollowModel;
use crate::infer::{BidModel, Bidders, PlayModel};
use crate::lead_model::LeadModel;
use crate::next_card::Blind;
use crate::pimc::{Continuation, MakerBias, OpeningLead, SoloExact, Work, SOLO_EXACT_CARDS};

/// What an `expert` does; [`ExpertConfig::DEFAULT`] is the player `expert`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpertConfig {
    /// The most worlds searched per decision (fewer when the stopping rule finds the choice
    /// clear, or the time budget runs out).
    pub worlds: u32,
    /// Candidate worlds sampled per world searched, for the inference (1: none).
    pub candidates: u32,
    /// Value outcomes by the chance of winning the game.
    pub score_aware: bool,
    /// With `score_aware`, each point of the deal toward the target is worth this much
    /// game-win chance on top, so that where the chance is flat (one deal's outcome does not
    /// change it) the points still decide; points past the target are worth nothing.
    pub points_weight: f64,
    /// Among the actions the worlds searched cannot tell from the best by what the search
    /// maximises (within two standard errors, [`crate::paired::close_to`]), take the one of
    /// most points (`expert-nearpts`): where the game-win chance of two actions differs by
    /// less than its noise, the points decide (judge s55, a2).
    pub near_points: bool,
    /// With `score_aware`, every point of the deal, past the target too, is worth this much
    /// game-win chance on top: a tie-break so small that it decides only where the chance is
    /// the same, as in a game already won (or lost) in every world searched. There the
    /// points still count (a tournament's totals, the share of points a match reports).
    pub tie_points: f64,
    /// Value the bidding by `basic` playing each world out (imperfect information) rather than
    /// by solving it.
    pub playouts: bool,
    /// Who finishes the auction in each world a bid is valued in.
    pub continuation: Continuation,
    /// Value a bid's worlds by what their solved outcome really brings, not by the solved
    /// points ([`crate::real_outcomes`]).
    pub real: bool,
    /// In the bidding, the most (world, action) pairs valued per decision: each is an auction
    /// finished and a deal solved, so a bid with many ways to make trump (round 2: three suits,
    /// each with a partner or alone) searches fewer worlds. A bound on work, not on time, so
    /// the choice stays reproducible while the slowest decisions stay within the time target.
    pub bid_evaluations: u32,
    /// Weigh worlds by the cards the others played too, not only by their bids.
    pub plays: Option<PlayModel>,
    /// The most work per decision, in [`Work`] units (about nanoseconds on the machine where
    /// the weights were measured): the search stops after the world that reaches it. Counted,
    /// not timed, so the choice stays reproducible; it is what keeps the slow variants (a
    /// `railroad` bid solves jambone through the engine, `bid-euchre` deals out every card)
    /// within the time target, and seldom binds in the four-handed game.
    pub work: u64,
    /// Points taken off the makers' solved outcome when valuing a bid.
    pub maker_bias: MakerBias,
    /// In the bidding, who makes each world's opening lead.
    pub opening_lead: OpeningLead,
    /// Among actions whose mean value is within this of the best, take `basic`'s choice if
    /// it is one of them. The value is what the search maximises: game-win chance for a
    /// score-aware player (so the window spans whole points where the chance is flat), points
    /// otherwise.
    pub tie_break: Option<f64>,
    /// Correct each bid's searched difference from passing by what such bids really bring
    /// ([`crate::bid_correction`]), in the rules it was fitted to.
    pub bid_correction: Option<BidCorrection>,
    /// In the four-handed game's card play, the seat's own next card is chosen in each world
    /// from its view then, over this many fresh worlds, not by seeing the world
    /// ([`crate::next_card`]).
    pub next_card: Option<u32>,
    /// With `next_card`, whose cards up to the seat's next turn are chosen from their own
    /// view.
    pub blind: Blind,
    /// In the bidding, where the seat itself makes the opening lead, it leads the same card
    /// in every world where it knows the same things then, not the best card for each world
    /// ([`crate::own_choice`]).
    pub own_lead: bool,
    /// In the bidding of the individual games, where the seat itself names trump after
    /// winning the auction, it names the same trump in every world where it knows the same
    /// things then, the best on average over them, not `basic`'s ([`crate::own_choice`]).
    pub own_trump: bool,
    /// In the four-handed game's first round of bidding, where the seat bids again in the
    /// second round of a world, it takes the same choice there in every world where it knows
    /// the same things, the best on average over them, not `basic`'s
    /// ([`crate::own_choice`]).
    pub own_round2: bool,
    /// How the others are taken to bid, for the inference.
    pub bidders: Bidders,
    /// With `plays`, the partner's cards read by this model instead (the partner is an
    /// `expert` too, whose plays a convention may make easier to read).
    pub partner_plays: Option<PlayModel>,
    /// Following to a trick (four-handed game), among cards whose mean value is within this
    /// of the best, take `basic`'s card if it is one of them: a convention that makes the
    /// seat's follows easier for its partner to read.
    pub play_ties: Option<f64>,
    /// Weigh worlds by the dealer's hidden discard too, as `basic`'s card but for this share
    /// of strays (four-handed game).
    pub discard: Option<f64>,
    /// Each candidate world's likelihood is raised to this power before resampling: below 1
    /// a tempered reading, for models that read the others more sharply than they are.
    pub temper: f64,
    /// In the individual games, the most cards left in play at which a world is solved
    /// exactly rather than played out by `basic` (`-exactN` sets both games' numbers,
    /// `-bidexactN` Bid Euchre's).
    pub solo_exact: SoloExact,
}

/// A name's number of cards left in play (1 to 32).
fn exact_cards(n: &str) -> Option<u32> {
    n.parse::<u32>().ok().filter(|n| (1..=32).contains(n))
}

/// A name's `N` (0 to 65,535) divided by `per`: `N` tenths, hundredths or ten-thousandths.
fn fraction(n: &str, per: f64) -> Option<f64> {
    n.parse::<u16>().ok().map(|n| f64::from(n) / per)
}

/// The worlds a blind choice of the next-card search is made over, from a name's `N` (1 to
/// 1,000).
fn blind_worlds(n: &str) -> Option<u32> {
    n.parse::<u32>().ok().filter(|n| (1..=1000).contains(n))
}

/// A stray share from a name's `N` (N%, 0 to 99).
fn stray_share(n: &str) -> Option<f64> {
    let p = n.parse::<u8>().ok().filter(|p| *p < 100)?;
    Some(f64::from(p) / 100.0)
}

/// `basic`'s play model from a name's `N` (N% stray, leading or following) or `NfM` (N% when
/// leading, M% when following), each 0 to 99.
fn play_strays(n: &str) -> Option<PlayModel> {
    match n.split_once('f') {
        Some((lead, follow)) => Some(PlayModel::Basic {
            lead: stray_share(lead)?,
            follow: stray_share(follow)?,
        }),
        None => {
            let both = stray_share(n)?;
            Some(PlayModel::Basic {
                lead: both,
                follow: both,
            })
        }
    }
}

impl ExpertConfig {
    /// Reads a player name: `expert`, then optionally `-N` (worlds), `-points` (outcomes valued
    /// in points, not game-win chance), `-uniform` (no inference), `-cN` (N candidate worlds
    /// per world searched) and the measured variants in `docs/players.md`, in any order; or
    /// first `-classic`, for the same parts on [`ExpertConfig::CLASSIC`].
    pub fn parse(name: &str) -> Option<ExpertConfig> {
        let rest = name.strip_prefix("expert")?;
        // Numbers are written plainly: "expert-03" or "expert-+3" would be other names of
        // "expert-3", which a report would print differently.
        let leading_zero = rest
            .split(|c: char| !c.is_ascii_digit())
            .any(|d| d.len() > 1 && d.starts_with('0'));
        if rest.contains('+') || leading_zero {
            return None;
        }
        let mut config = ExpertConfig::DEFAULT;
        for (i, part) in rest.split('-').skip(1).enumerate() {
            match part {
                "classic" if i == 0 => config = ExpertConfig::CLASSIC,
                "points" => config.score_aware = false,
                "uniform" => config.candidates = 1,
                "playouts" => config.playouts = true,
                "auction" => config.continuation = Continuation::Drawn,
                "auctionmax" => config.continuation = Continuation::Likeliest,
                "oppauction" => config.continuation = Continuation::OpponentsDrawn,
                "oppauctionmax" => config.continuation = Continuation::OpponentsLikeliest,
                "real" => config.real = true,
                "plays" => {
                    config.plays = Some(PlayModel::Basic {
                        lead: 0.25,
                        follow: 0.25,
                    })
                }
                l if l.starts_with("leads") => {
                    config.plays = Some(PlayModel::Fitted {
                        lead: LeadModel::PIMC,
                        follow: stray_share(&l[5..])?,
                    })
                }
                "logits" => {
                    config.plays = Some(PlayModel::Logits {
                        lead: LeadModel::PIMC,
                        follow: FollowModel::PIMC,
                    })
                }
                p if p.starts_with("plays") => config.plays = Some(play_strays(&p[5..])?),
                d if d.starts_with("solvedplays") => {
                    let sharpness = fraction(&d[11..], 10.0)?;
                    config.plays = Some(PlayModel::Solved { sharpness })
                }
                "ties" => config.tie_break = Some(1e-9),
                "cf" => config.bid_correction = Some(BidCorrection::FITTED),
                n if n.starts_with("next") => config.next_card = Some(blind_worlds(&n[4..])?),
                n if n.starts_with("both") => {
                    config.next_card = Some(blind_worlds(&n[4..])?);
                    config.blind = Blind::OurSide;
                }
                n if n.starts_with("all") => {
                    config.next_card = Some(blind_worlds(&n[3..])?);
                    config.blind = Blind::Everyone;
                }
                c if c.starts_with("cf") => {
                    let weight = fraction(&c[2..], 100.0)?;
                    config.bid_correction = Some(BidCorrection::FITTED.scaled(weight))
                }
                p if p.starts_with("pts") && p.len() > 3 => {
                    config.points_weight = fraction(&p[3..], 10_000.0)?
                }
                "lex" => config.tie_points = 1e-6,
                "nolex" => config.tie_points = 0.0,
                "nearpts" => config.near_points = true,
                "olead" => config.opening_lead = OpeningLead::Basic,
                "oleadfit" => config.opening_lead = OpeningLead::Likeliest(LeadModel::PIMC),
                "ownlead" => config.own_lead = true,
                "owntrump" => config.own_trump = true,
                "basictrump" => config.own_trump = false,
                // The worlds' auctions finished by `basic` weighing Bid Euchre's no trump
                // (since 2026-12-01), or as before, never naming it.
                "basicnt" => config.continuation = Continuation::Basic,
                "basicsuits" => config.continuation = Continuation::BasicSuits,
                "ownround2" => config.own_round2 = true,
                "place" => config.bidders = Bidders::all(BidModel::PIMC_BY_PLACE),
                "bidhand" => config.bidders = Bidders::all(BidModel::PIMC_HAND),
                "place2" => {
                    config.bidders = Bidders {
                        partner: BidModel::EXPERT_BY_PLACE,
                        opponents: BidModel::PIMC_BY_PLACE,
                    }
                }
                "place3" => config.bidders.partner = BidModel::EXPERT_LEADS20_BY_PLACE,
                l if l.starts_with("lead") && l.len() > 4 => {
                    config.maker_bias.leading = fraction(&l[4..], 100.0)?
                }
                m if m.starts_with("march") && m.len() > 5 => {
                    config.maker_bias.march = fraction(&m[5..], 100.0)?
                }
                l if l.starts_with("lone") && l.len() > 4 => {
                    config.maker_bias.alone = -fraction(&l[4..], 100.0)?
                }
                t if t.starts_with("temp") => {
                    let percent = t[4..].parse::<u16>().ok().filter(|p| (1..=300).contains(p))?;
                    config.temper = f64::from(percent) / 100.0
                }
                x if x.starts_with("exact") => {
                    let most = exact_cards(&x[5..])?;
                    config.solo_exact = SoloExact {
                        bid_euchre: most,
                        others: most,
                    }
                }
                x if x.starts_with("bidexact") => config.solo_exact.bid_euchre = exact_cards(&x[8..])?,
                d if d.starts_with("disc") => config.discard = Some(stray_share(&d[4..])?),
                t if t.starts_with("pties") => config.play_ties = Some(fraction(&t[5..], 10_000.0)?),
                f if f.starts_with("pf") => {
                    config.partner_plays = Some(PlayModel::Fitted {
                        lead: LeadModel::PIMC,
                        follow: stray_share(&f[2..])?,
                    })
                }
                t if t.starts_with("ties") => config.tie_break = Some(fraction(&t[4..], 10_000.0)?),
                b if b.starts_with("bias") && b.len() > 4 => {
                    config.maker_bias.all = fraction(&b[4..], 100.0)?
                }
                w if w.starts_with('w') && w.len() > 1 => {
                    config.work = w[1..]
                        .parse::<u64>()
                        .ok()
                        .filter(|n| *n >= 1)?
                        .saturating_mul(Work::MS)
                }
                e if e.starts_with('e') && e.len() > 1 => {
                    config.bid_evaluations = e[1..].parse::<u32>().ok().filter(|n| *n >= 1)?
                }
                c if c.starts_with('c') => {
                    config.candidates = c[1..].parse::<u32>().ok().filter(|n| (1..=64).contains(n))?
                }
                n => {
                    config.worlds = n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=crate::pimc::MAX_WORLDS).contains(n))?
                }
            }
        }
        (rest.is_empty() || rest.starts_with('-')).then_some(config)
    }

    /// The player `expert`: [`ExpertConfig::CLASSIC`] with three ideas that each measured a
    /// little (not significantly) above nothing alone, and together with a fourth beat it
    /// against `pimc-50` board by board (`docs/players.md`): up to 800 worlds, the bidding
    /// model by round and place, and the cards the others played read by a model. Since
    /// 2026-11-27 that model reads their leads by a logit fitted to `pimc-50`'s
    /// ([`LeadModel::PIMC`]) and their follows as `basic`'s card but for 20% strays
    /// (`expert-leads20`: +0.010 [+0.005, +0.015] points a deal against `pimc-50`, board by
    /// board over 15,000 boards); before, both as `basic`'s card but for 10% strays (the
    /// default of 2026-11-27 is `expert-plays10`).
    ///
    /// The fourth, `basic`'s choice among near ties (`expert-ties20`, the default from
    /// 2026-11-26 to 11-27), was dropped: its window is in what the search maximises, so in
    /// whole games it handed decisions to `basic`, blind to the score, wherever the game-win
    /// chance hardly moves, and took actions the search itself valued lower. Of the choices
    /// where the score-aware player and the same player blind to the score part, most were
    /// that window's, not the score's (192 of 234 in 40 games: `examples/score_choices.rs`).
    ///
    /// Since 2026-11-28 every point of the deal breaks exact ties of the game-win chance
    /// ([`ExpertConfig::tie_points`], `expert-lex`; without, `expert-nolex`): where the game is
    /// decided in every world searched, the points still count. In whole games against
    /// `pimc-50` it took +0.006 [+0.005, +0.008] points a deal more, board by board, and won
    /// the same games (1,300 boards, seed 21); deal by deal (0-0, where every point moves the
    /// chance) it changes nothing.
    ///
    /// In Bid Euchre its worlds are solved from the first card (`expert-bidexact24`, since
    /// 2026-11-29), and since 2026-12-01 a bid is valued with the seat naming its own trump
    /// (`expert-owntrump`; `expert-basictrump` lets `basic` name it): head to head +0.781
    /// [+0.523, +1.039] points a deal, 600 boards.
    pub const DEFAULT: ExpertConfig = ExpertConfig {
        worlds: 800,
        tie_points: 1e-6,
        bidders: Bidders::all(BidModel::PIMC_BY_PLACE),
        plays: Some(PlayModel::Fitted {
            lead: LeadModel::PIMC,
            follow: 0.20,
        }),
        solo_exact: SoloExact {
            bid_euchre: 24,
            others: SOLO_EXACT_CARDS,
        },
        own_trump: true,
        continuation: Continuation::Basic,
        ..ExpertConfig::CLASSIC
    };

    /// The player `expert` was until 2026-11-26 (`expert-classic`), on which the ideas in
    /// `docs/players.md` measured before then were measured: a name's parts after `classic`
    /// change it as they changed `expert` then.
    pub const CLASSIC: ExpertConfig = ExpertConfig {
        worlds: 400,
        candidates: 4,
        score_aware: true,
        points_weight: 0.0,
        tie_points: 0.0,
        near_points: false,
        playouts: false,
        // `basic` as it was then, never naming no trump in Bid Euchre.
        continuation: Continuation::BasicSuits,
        real: false,
        bid_evaluations: 1200,
        plays: None,
        work: 30 * Work::MS,
        maker_bias: MakerBias::NONE,
        opening_lead: OpeningLead::Solved,
        tie_break: None,
        bid_correction: None,
        next_card: None,
        blind: Blind::Own,
        own_lead: false,
        own_trump: false,
        own_round2: false,
        bidders: Bidders::all(BidModel::PIMC),
        partner_plays: None,
        play_ties: None,
        discard: None,
        temper: 1.0,
        solo_exact: SoloExact::PIMC,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_as_configurations() {
        assert_eq!(ExpertConfig::parse("expert"), Some(ExpertConfig::DEFAULT));
        let named = "expert-800-place-leads20-lex-bidexact24-owntrump-basicnt";
        let classic = ExpertConfig::parse(&named.replace("expert", "expert-classic"));
        assert_eq!(
            classic,
            Some(ExpertConfig::DEFAULT),
            "the default named on the classic"
        );
        let c = ExpertConfig::parse("expert-classic-800-points").unwrap();
        assert_eq!((c.worlds, c.score_aware, c.plays), (800, false, None));
        let c = ExpertConfig::parse("expert-100-points-uniform").unwrap();
        assert_eq!((c.worlds, c.score_aware, c.candidates), (100, false, 1));
        assert_eq!(ExpertConfig::parse("expert-c8").unwrap().candidates, 8);
        assert!(ExpertConfig::parse("expert-playouts").unwrap().playouts);
        assert_eq!(
            ExpertConfig::parse("expert-plays10-nolex-bidexact12-basictrump-basicsuits"),
            ExpertConfig::parse("expert-classic-800-place-plays10"),
            "the default until 2026-11-27, as the docs name it, still nameable (Bid Euchre as then)"
        );
        let c = ExpertConfig::parse("expert-auction-real-e600-plays10").unwrap();
        assert!(c.continuation == Continuation::Drawn && c.real);
        assert_eq!(c.bid_evaluations, 600);
        assert_eq!(
            c.plays,
            Some(PlayModel::Basic {
                lead: 0.10,
                follow: 0.10
            })
        );
        let c = ExpertConfig::parse("expert-plays58f20").unwrap();
        let fitted = PlayModel::Basic {
            lead: 0.58,
            follow: 0.20,
        };
        assert_eq!(c.plays, Some(fitted));
        let c = ExpertConfig::parse("expert-leads20").unwrap();
        let lead = LeadModel::PIMC;
        assert_eq!(c.plays, Some(PlayModel::Fitted { lead, follow: 0.20 }));
        assert_eq!(ExpertConfig::parse("expert-leads20f10"), None);
        let c = ExpertConfig::parse("expert-logits").unwrap();
        let follow = FollowModel::PIMC;
        assert_eq!(c.plays, Some(PlayModel::Logits { lead, follow }));
        for bad in [
            "expert-plays100",
            "expert-plays5f",
            "expert-playsf5",
            "expert-plays5f5f5",
        ] {
            assert_eq!(ExpertConfig::parse(bad), None, "{bad}");
        }
        let c = ExpertConfig::parse("expert-solvedplays15-oppauction").unwrap();
        assert_eq!(c.plays, Some(PlayModel::Solved { sharpness: 1.5 }));
        assert_eq!(c.continuation, Continuation::OpponentsDrawn);
        assert_eq!(
            ExpertConfig::parse("expert-oppauctionmax").map(|c| c.continuation),
            Some(Continuation::OpponentsLikeliest)
        );
        assert_eq!(ExpertConfig::parse("expert-solvedplaysx"), None);
        let c = ExpertConfig::parse("expert-pts20-ties15-lead50-lone25-olead-auctionmax").unwrap();
        assert_eq!(c.points_weight, 0.002);
        assert_eq!(c.tie_break, Some(0.0015));
        assert_eq!((c.maker_bias.leading, c.maker_bias.alone), (0.5, -0.25));
        assert!(c.opening_lead == OpeningLead::Basic && c.continuation == Continuation::Likeliest);
        assert_eq!(ExpertConfig::parse("expert-lex"), Some(ExpertConfig::DEFAULT));
        assert_eq!(ExpertConfig::parse("expert-nolex").unwrap().tie_points, 0.0);
        assert_eq!(ExpertConfig::CLASSIC.tie_points, 0.0);
        let c = ExpertConfig::parse("expert-march20").unwrap();
        assert_eq!((c.maker_bias.march, c.maker_bias.all), (0.2, 0.0));
        let c = ExpertConfig::parse("expert-oleadfit").unwrap();
        assert_eq!(c.opening_lead, OpeningLead::Likeliest(LeadModel::PIMC));
        assert_eq!(ExpertConfig::parse("expert-ties").unwrap().tie_break, Some(1e-9));
        let c = ExpertConfig::parse("expert-pties20-pf7").unwrap();
        assert_eq!((c.tie_break, c.play_ties), (None, Some(0.002)));
        let partner = PlayModel::Fitted {
            lead: LeadModel::PIMC,
            follow: 0.07,
        };
        assert_eq!(c.partner_plays, Some(partner));
        assert_eq!(ExpertConfig::parse("expert-disc23").unwrap().discard, Some(0.23));
        assert_eq!(ExpertConfig::DEFAULT.discard, None);
        assert_eq!(ExpertConfig::parse("expert-temp50").unwrap().temper, 0.5);
        assert_eq!(ExpertConfig::DEFAULT.temper, 1.0);
        let both = SoloExact {
            bid_euchre: 24,
            others: 24,
        };
        assert_eq!(ExpertConfig::parse("expert-exact24").unwrap().solo_exact, both);
        assert_eq!(ExpertConfig::DEFAULT.solo_exact.bid_euchre, 24);
        assert_eq!(ExpertConfig::DEFAULT.solo_exact.others, SOLO_EXACT_CARDS);
        assert_eq!(
            ExpertConfig::parse("expert-bidexact12").unwrap().solo_exact,
            SoloExact::PIMC
        );
        for bad in [
            "expert-exact",
            "expert-exact0",
            "expert-exact33",
            "expert-bidexact",
        ] {
            assert_eq!(ExpertConfig::parse(bad), None, "{bad}");
        }
        for bad in ["expert-temp", "expert-temp0", "expert-temp301"] {
            assert_eq!(ExpertConfig::parse(bad), None, "{bad}");
        }
        for bad in ["expert-disc", "expert-disc100", "expert-discx"] {
            assert_eq!(ExpertConfig::parse(bad), None, "{bad}");
        }
        let c = ExpertConfig::parse("expert-cf").unwrap().bid_correction;
        assert_eq!(c, Some(BidCorrection::FITTED));
        assert_eq!(ExpertConfig::parse("expert-next8").unwrap().next_card, Some(8));
        assert!(ExpertConfig::parse("expert-ownlead").unwrap().own_lead);
        let c = ExpertConfig::parse("expert-place").unwrap();
        assert_eq!(c.bidders, Bidders::all(BidModel::PIMC_BY_PLACE));
        let c = ExpertConfig::parse("expert-bidhand").unwrap();
        assert_eq!(c.bidders, Bidders::all(BidModel::PIMC_HAND));
        let c = ExpertConfig::parse("expert-place2").unwrap();
        assert_eq!(c.bidders.partner, BidModel::EXPERT_BY_PLACE);
        let c = ExpertConfig::parse("expert-place3").unwrap();
        assert_eq!(c.bidders.partner, BidModel::EXPERT_LEADS20_BY_PLACE);
        assert_eq!(c.bidders.opponents, BidModel::PIMC_BY_PLACE);
        let c = ExpertConfig::parse("expert-both6").unwrap();
        assert!(c.next_card == Some(6) && c.blind == Blind::OurSide);
        let c = ExpertConfig::parse("expert-all4").unwrap();
        assert!(c.next_card == Some(4) && c.blind == Blind::Everyone);
        let c = ExpertConfig::parse("expert-cf50").unwrap().bid_correction;
        assert_eq!(c, Some(BidCorrection::FITTED.scaled(0.5)));
        for bad in [
            "expert-ptsx",
            "expert-cfx",
            "expert-next",
            "expert-next0",
            "expert-lead",
            "expert-0",
            "expertx",
            "expert-",
            "expert-c0",
            "expert-e0",
            "expert-fast",
            "expert-800-classic",
            "expert-classic-classic",
            "pimc-50",
        ] {
            assert_eq!(ExpertConfig::parse(bad), None, "{bad}");
        }
    }
}
