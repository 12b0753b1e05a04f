//! Replaying an EGN game through the engine: every call and card is checked against the rules,
//! and the score is derived, not read.
//!
//! Most recorded games (live-stream transcriptions) do not list the dealt hands. Each seat's hand is
//! then rebuilt from the cards it played (the trick order and winners fix who played what), and the
//! cards never seen are placed so as to agree with every void the play showed (the `rebuild`
//! module). A player who failed to follow suit is caught because the card they held is played by
//! them later.
//!
//! Moves EGN has no call for are replayed from the rest of the record: the farmers' question
//! (`farmers`, `go_under`) is answered "pass" by every seat except those `cardExchanges` shows
//! swapping with the kitty; the partners' exchanges (`partners_best`) and the swaps are read from
//! `cardExchanges` by the convention of the `exchanges` module (`docs/egn-exchanges.md`). When the
//! Joker is turned (`joker`), the dealer names trump blind: the record's one call is the dealer's.
//! A move the record leaves out (an exchange, a discard) is settled on the one the play points to,
//! or failing that one the play allows, and its cards are reported as guessed.

use crate::cards::{egn_card, egn_spelling, parse_egn_card};
use crate::exchanges::{read_exchanges, Moves};
use crate::model::{Bidding, DealEntry, EgnDeal, EgnFile, Phase as EgnPhase, Ruleset, TrickPlay};
use crate::read::dealer_is_no_seat;
use crate::rebuild::{cards_text, exchanging_loners, rebuild, Facts};
use crate::EgnError;
use euchre::game::{check_starting_score, game_over, next_dealer, winner_of, Tally};
use euchre::lead::{first_leader, next_in_play};
use euchre::rules::{DefendAlone, FarmersPolicy, JokerUpcard, LonerLead};
use euchre::{Action, Card, CardSet, Deal, IllegalAction, Phase, Rules, Seat, Suit, Team, Trump};

/// One replayed deal.
#[derive(Clone, Debug)]
pub struct ReplayedDeal {
    /// The engine's deal, as far as the record goes.
    pub deal: Deal,
    /// The record reaches the end of the deal (scored or thrown in).
    pub complete: bool,
    /// The dealt hands were in the record (not rebuilt from the play).
    pub hands_recorded: bool,
    /// Cards the replay had to place itself because the record never shows them (unplayed cards
    /// of a rebuilt hand, an unrecorded discard): one consistent choice, not a fact.
    pub guessed: CardSet,
}

/// A replayed game.
#[derive(Clone, Debug)]
pub struct GameReplay {
    pub rules: Rules,
    pub initial_score: [i32; 2],
    pub deals: Vec<ReplayedDeal>,
    pub score: [i32; 2],
    /// The game reached its end (target score or number of deals).
    pub over: bool,
    /// The winning team, when the game is over and not drawn.
    pub winner: Option<Team>,
}

impl GameReplay {
    /// Every deal, each with the game's tally before it (as `Game::deals_with_tally`).
    pub fn deals_with_tally(&self) -> impl Iterator<Item = (&ReplayedDeal, Tally)> {
        let deals = self.deals.iter().map(|rd| &rd.deal);
        self.deals
            .iter()
            .zip(Tally::before_each(self.initial_score, deals))
    }
}

/// The engine rules an EGN ruleset stands for (EGN's defaults where a key is absent).
///
/// # Errors
/// A rule the engine does not play yet, or a value out of range.
pub fn rules_from_ruleset(r: Option<&Ruleset>) -> Result<Rules, EgnError> {
    // EGN has no key for it, and recorded tournament play has dealers discarding the upcard they
    // took (Masters of the Euchreverse week 1, game 6, deal 4), so records are read allowing it.
    let mut rules = Rules {
        dealer_may_discard_upcard: true,
        ..Rules::NORTH_AMERICAN
    };
    let Some(r) = r else {
        rules.stick_the_dealer = true;
        return Ok(rules);
    };
    rules.stick_the_dealer = r.std.unwrap_or(true);
    let num = |v: i64, lo: i64, hi: i64, what: &str| {
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(EgnError::new(format!(
                "ruleset: '{what}' must be a whole number {lo} to {hi}, not {v}"
            )))
        }
    };
    if let Some(m) = r.min_rank {
        rules.min_rank = num(m, 7, 9, "min_rank")? as u8;
    }
    if let Some(n) = r.num_deals.filter(|&n| n > 0) {
        rules.num_deals = num(n, 0, 1000, "num_deals")? as u16;
        rules.winning_score = 0;
    }
    if let Some(w) = r.winning_score.filter(|&w| w > 0) {
        rules.winning_score = num(w, 0, 1000, "winning_score")? as u16;
        rules.num_deals = 0;
    }
    rules.canadian = r.canadian.unwrap_or(false);
    rules.loner_lead = match r.loner_lead.as_deref() {
        Some("LEFT_OF_LONER") => LonerLead::LeftOfLoner,
        _ => LonerLead::LeftOfDealer,
    };
    if let Some(s) = r.loner_march_score {
        rules.loner_march_score = num(s, 0, 16, "loner_march_score")? as u8;
    }
    if let Some(s) = r.loner_euchred_score {
        rules.loner_euchred_score = num(s, 0, 16, "loner_euchred_score")? as u8;
    }
    if r.defend_alone == Some(true) {
        rules.defend_alone = DefendAlone::AgainstLoner;
    }
    rules.joker = r.joker.unwrap_or(false);
    rules.allow_no_trump = r.allow_no_trump.unwrap_or(false);
    if let Some(n) = r.num_players.filter(|&n| n != 4) {
        return Err(EgnError::new(format!(
            "ruleset: num_players {n}: only four-handed games are replayed"
        )));
    }
    rules.fast_break = r.fast_break.unwrap_or(false);
    rules.four_trick_tokens = r.four_trick_tokens.unwrap_or(false);
    rules.partners_best = r.partners_best.unwrap_or(false);
    rules.farmers = r.farmers.unwrap_or(false);
    rules.go_under = r.go_under.unwrap_or(false);
    // EGN records the swap (`cardExchanges`), so a farmer's hand is exchanged, not thrown in.
    rules.farmers_policy = FarmersPolicy::Exchange;
    rules
        .validate()
        .map_err(|e| EgnError::new(format!("ruleset: {e}")))?;
    Ok(rules)
}

/// Replays a whole game.
///
/// # Errors
/// The first thing in the record that breaks a rule, with the deal, trick and seat.
pub fn replay(file: &EgnFile) -> Result<GameReplay, EgnError> {
    let rules = rules_from_ruleset(file.metadata.ruleset.as_ref())?;
    let initial_score = initial_score(&rules, &file.metadata.initial_score)?;
    let mut tally = Tally::starting_at(initial_score);
    let mut deals: Vec<ReplayedDeal> = Vec::new();
    let mut numbers: Vec<i64> = Vec::new();
    for (i, entry) in file.deals.iter().enumerate() {
        let DealEntry::Full(d) = entry else {
            return Err(EgnError::in_deal(
                i + 1,
                "condensed (bitpacked) deals are not read yet",
            ));
        };
        if let Some(j) = numbers.iter().position(|&n| n == d.deal_number) {
            return Err(EgnError::in_deal(
                i + 1,
                format!("dealNumber {} repeats that of deal {}", d.deal_number, j + 1),
            ));
        }
        numbers.push(d.deal_number);
        if let Some(prev) = deals.last() {
            if !prev.complete {
                return Err(EgnError::in_deal(
                    i + 1,
                    format!("deal {i} is unfinished but the record goes on"),
                ));
            }
            if game_over(&rules, tally.score, deals.len() as u32) {
                let score = tally.score;
                return Err(EgnError::in_deal(
                    i + 1,
                    format!(
                        "play goes on after the game was won ({} after deal {i})",
                        crate::score_pair(score[0], score[1])
                    ),
                ));
            }
            let expected = next_dealer(&prev.deal);
            if d.initial_state.dealer != expected.index() as i64 {
                return Err(EgnError::in_deal(
                    i + 1,
                    format!(
                        "dealer is seat {} but the deal passes left to seat {expected}",
                        d.initial_state.dealer
                    ),
                )
                .within(d));
            }
        }
        let rd = replay_deal(&rules, d).map_err(|m| EgnError::deal_then(i + 1, m).within(d))?;
        // Each alternative line replayed as a deal of its own, from the same cards.
        let hands = rd.hands_recorded.then(|| rd.deal.dealt_hands());
        for (k, line) in d.alternative_lines.iter().flatten().enumerate() {
            let at =
                |m: String| EgnError::deal_then(i + 1, format!(", alternative line {}{m}", k + 1)).within(d);
            let alt = crate::alternative::alternative_deal(d, line, hands).map_err(at)?;
            replay_deal(&rules, &alt).map_err(at)?;
        }
        tally.add(&rd.deal);
        deals.push(rd);
    }
    let score = tally.score;
    let over = deals.last().is_some_and(|d| d.complete) && game_over(&rules, score, deals.len() as u32);
    if let Some(fs) = &file.metadata.final_score {
        let claimed: Vec<i64> = fs.clone();
        if claimed.len() == 2 && (claimed[0] != i64::from(score[0]) || claimed[1] != i64::from(score[1])) {
            return Err(EgnError::new(format!(
                "finalScore says {} but the play scores {}",
                crate::score_pair(claimed[0], claimed[1]),
                crate::score_pair(score[0], score[1])
            )));
        }
    }
    Ok(GameReplay {
        rules,
        initial_score,
        deals,
        score,
        over,
        winner: if over { winner_of(score) } else { None },
    })
}

/// The score the game starts from: any whole numbers the engine protocol's `new` takes (below 0
/// too, where `robson` and a `deduct` renege penalty take a score), short of the game's target.
fn initial_score(rules: &Rules, given: &[i64]) -> Result<[i32; 2], EgnError> {
    let mut score = [0i32; 2];
    for (s, &g) in score.iter_mut().zip(given) {
        *s = crate::starting_score(g).ok_or_else(|| {
            EgnError::new(format!(
                "'initialScore' must hold scores within ±2,147,483,647, not {g}"
            ))
        })?;
    }
    check_starting_score(rules, score).map_err(|e| EgnError::new(format!("initialScore {e}")))?;
    Ok(score)
}

/// What the bidding says, before any card is placed.
pub(crate) struct Auction {
    /// The calls as engine decisions.
    pub actions: Vec<Action>,
    pub maker: Option<Seat>,
    pub trump: Option<Trump>,
    /// The upcard was accepted (ordered up, or the Joker shouted blind): the dealer takes it
    /// unless sitting out.
    pub ordered: bool,
    pub alone: bool,
    pub lone_defender: Option<Seat>,
    pub discard: Option<Card>,
}

/// `alone_in_play` is the trick-play phase's `isAlone`, which the schema allows there too: taken
/// where the bidding phase gives none, refused where the two differ (it was ignored: EGN tester
/// s51, 14).
fn read_auction(
    rules: &Rules,
    dealer: Seat,
    upcard: Card,
    b: Option<&Bidding>,
    alone_in_play: Option<bool>,
) -> Result<Auction, String> {
    let mut a = Auction {
        actions: Vec::new(),
        maker: None,
        trump: None,
        ordered: false,
        alone: false,
        lone_defender: None,
        discard: None,
    };
    let Some(b) = b else { return Ok(a) };
    let said_alone = match (b.is_alone, alone_in_play) {
        (Some(bid), Some(play)) if bid != play => {
            return Err(format!(
                ": the bidding phase says isAlone {bid} but the trick-play phase says {play}"
            ))
        }
        (Some(said), _) | (None, Some(said)) => Some(said),
        (None, None) => None,
    };
    let alone = said_alone.unwrap_or(false);
    let first = if rules.dealer_shouts_first {
        dealer
    } else {
        dealer.left()
    };
    let upcard_suit = upcard.suit();
    let blind = rules.joker && upcard.is_joker() && rules.joker_upcard == JokerUpcard::BlindShout;
    if blind {
        // The Joker turned: the dealer names trump blind and takes it up; that is the one call.
        if let Some(call) = b.calls.first() {
            let suit = (call.len() == 1)
                .then(|| Suit::from_letter(call.chars().next().unwrap_or('?')))
                .flatten()
                .ok_or_else(|| {
                    format!(
                        ", call 1: the Joker is turned, so the dealer names trump blind (s, h, d or c), not '{}'",
                        euchre::text::shown(call)
                    )
                })?;
            a.actions.push(Action::Call {
                trump: Trump::Suit(suit),
                alone,
            });
            a.maker = Some(dealer);
            a.trump = Some(Trump::Suit(suit));
            a.ordered = true;
        }
        if let Some(extra) = b.calls.get(1) {
            return Err(format!(", call 2: '{extra}' comes after trump was made"));
        }
    }
    let bids = if blind { 0 } else { b.calls.len() };
    for (k, call) in b.calls.iter().enumerate().take(bids) {
        let seat = first.plus((k % 4) as u8);
        // Calls are named from 1, as deals and tricks are.
        let n = k + 1;
        if a.maker.is_some() {
            return Err(format!(", call {n}: '{call}' comes after trump was made"));
        }
        let action = match (k, call.as_str()) {
            (_, "Pass") => Action::Pass,
            (0..=3, "Order") => Action::Order { alone },
            (0..=3, other) => return Err(format!(", call {n}: '{other}' in round 1 (only Pass or Order)")),
            (4..=7, "Order") => {
                return Err(format!(
                    ", call {n}: 'Order' in round 2 (only Pass, a suit s, h, d or c, or n for no trump)"
                ))
            }
            (4..=7, "x") => return Err(format!(", call {n}: the call is unknown ('x'); replay needs it")),
            (4..=7, "n") => Action::Call {
                trump: Trump::NoTrump,
                alone,
            },
            (4..=7, s) => {
                let suit = Suit::from_letter(s.chars().next().unwrap_or('?'))
                    .ok_or_else(|| format!(", call {n}: '{s}' is not a call"))?;
                Action::Call {
                    trump: Trump::Suit(suit),
                    alone,
                }
            }
            _ => return Err(format!(", call {n}: more than eight calls")),
        };
        if let Some(refusal) = call_refusal(rules, upcard, action) {
            return Err(format!(", call {n}: {refusal}"));
        }
        match action {
            Action::Order { .. } => {
                a.maker = Some(seat);
                a.ordered = true;
                a.trump = upcard_suit.map(Trump::Suit);
            }
            Action::Call { trump, .. } => {
                a.maker = Some(seat);
                a.trump = Some(trump);
            }
            _ => {}
        }
        a.actions.push(action);
    }
    if a.maker.is_some() {
        let forced = rules.canadian && a.ordered && a.maker == Some(dealer.partner());
        // Said as the rule it breaks, not as the tricks' count of cards it would upset later
        // (EGN tester s51, 9).
        // Only where the file says false: a file that leaves isAlone out is read as the rule
        // has it, as before (review s51, 3).
        if forced && said_alone == Some(false) {
            return Err(format!(
                ", call {}: under canadian the dealer's partner (seat {}) who orders up plays alone, but isAlone is false",
                a.actions.len(),
                dealer.partner()
            ));
        }
        a.alone = alone || forced;
    } else if alone {
        return Err(": isAlone is set but nobody made trump".into());
    }
    if let Some(d) = b.alone_defender.filter(|&d| d >= 0) {
        let seat = Seat::try_new(d as u64)
            .ok_or_else(|| format!(": 'aloneDefender' must be a seat number 0 to 3, not {d}"))?;
        a.lone_defender = Some(seat);
    }
    // `Xx` is EGN's wholly unknown card, for hidden cards (the EGN README's card notation): a
    // discard, face down, written so is a discard left out, settled from the play as one left
    // out is (records tester s53, 5).
    if let Some(c) = b.discard.as_deref().filter(|&c| c != UNKNOWN_CARD) {
        a.discard = Some(parse_egn_card(c, None).map_err(|e| format!(": discard {e}"))?);
    }
    Ok(a)
}

/// EGN's card whose rank and suit are both unknown.
const UNKNOWN_CARD: &str = "Xx";

/// The engine's refusal of a round-2 call whatever the hands (the suit turned down, or no-trump
/// where the rules have none), found before the tricks are read with that trump, so that the
/// message names the call, not a card that fails to follow the wrong trump.
fn call_refusal(rules: &Rules, upcard: Card, action: Action) -> Option<IllegalAction> {
    match action {
        Action::Call { trump, .. } => rules.round_two_refusal(upcard, trump),
        _ => None,
    }
}

/// Seats and winners of the recorded tricks, computed from the cards alone.
pub(crate) struct PlayMap {
    /// `(trick, seat, card)` in play order.
    pub plays: Vec<(usize, Seat, Card)>,
    pub played_by: [CardSet; 4],
    /// The cards of the suits each seat showed out of.
    pub voids: [CardSet; 4],
}

fn map_play(
    rules: &Rules,
    dealer: Seat,
    auction: &Auction,
    upcard: Card,
    tp: Option<&TrickPlay>,
) -> Result<PlayMap, String> {
    let mut map = PlayMap {
        plays: Vec::new(),
        played_by: [CardSet::EMPTY; 4],
        voids: [CardSet::EMPTY; 4],
    };
    let Some(tp) = tp else { return Ok(map) };
    let (Some(maker), Some(trump)) = (auction.maker, auction.trump) else {
        if tp.tricks.iter().any(|t| !t.is_empty()) {
            return Err(": tricks are recorded but nobody made trump".into());
        }
        return Ok(map);
    };
    if tp.tricks.len() > 5 {
        return Err(format!(": {} tricks recorded (a deal has 5)", tp.tricks.len()));
    }
    let table = trump.table();
    let (mut leader, active) = first_leader(rules, dealer, maker, auction.alone, auction.lone_defender);
    let per = active.count_ones() as usize;
    let mut seen = CardSet::EMPTY;
    let deck = rules.deck();
    for (t, trick) in tp.tricks.iter().enumerate() {
        let last = t + 1 == tp.tricks.len();
        if trick.len() > per || (trick.len() < per && !last) {
            return Err(format!(
                ", trick {}: {} cards played but {per} seats are in play",
                t + 1,
                trick.len()
            ));
        }
        let mut seat = leader;
        let mut led = 0;
        let mut best = (0u8, leader);
        for (k, text) in trick.iter().enumerate() {
            let c = parse_egn_card(text, Some(trump)).map_err(|e| format!(", trick {}: {e}", t + 1))?;
            if !deck.contains(c) {
                return Err(format!(
                    ", trick {}: {} is not in the deck under these rules",
                    t + 1,
                    egn_card(c)
                ));
            }
            if seen.contains(c) {
                return Err(format!(
                    ", trick {}: {} is played a second time",
                    t + 1,
                    egn_card(c)
                ));
            }
            if c == upcard && !auction.ordered {
                return Err(format!(
                    ", trick {}: seat {seat} played the turned-down upcard {}",
                    t + 1,
                    egn_card(c)
                ));
            }
            seen.insert(c);
            if k == 0 {
                led = table.effective_suit(c);
            } else if table.effective_suit(c) != led && led < 4 {
                map.voids[seat.index()] = map.voids[seat.index()].union(table.follow(led));
            }
            let p = table.strength(c, led);
            if k == 0 || p > best.0 {
                best = (p, seat);
            }
            map.plays.push((t, seat, c));
            map.played_by[seat.index()].insert(c);
            seat = next_in_play(active, seat);
        }
        leader = best.1;
    }
    Ok(map)
}

/// A revoke the record proves by itself: a seat shows out of a suit, then plays a card of it.
fn proven_revoke(map: &PlayMap, table: &euchre::trump::TrumpTable) -> Result<(), String> {
    let mut led = 0;
    let mut trick = usize::MAX;
    for (i, &(t, seat, c)) in map.plays.iter().enumerate() {
        if t != trick {
            trick = t;
            led = table.effective_suit(c);
            continue;
        }
        if led >= 4 || table.effective_suit(c) == led {
            continue;
        }
        let later = map.plays[i + 1..]
            .iter()
            .find(|&&(_, s, x)| s == seat && table.effective_suit(x) == led);
        if let Some(&(_, _, held)) = later {
            return Err(revoke(t, seat, c, Suit::from_index(led).name(), held));
        }
    }
    Ok(())
}

fn replay_deal(rules: &Rules, d: &EgnDeal) -> Result<ReplayedDeal, String> {
    let dealer = Seat::try_new(d.initial_state.dealer as u64)
        .filter(|_| d.initial_state.dealer >= 0)
        .ok_or_else(|| format!(": {}", dealer_is_no_seat(d.initial_state.dealer)))?;
    let upcard = parse_egn_card(&d.initial_state.up_card, None).map_err(|e| format!(": upCard {e}"))?;
    if !rules.deck().contains(upcard) {
        return Err(format!(
            ": upCard {} is not in the deck under these rules{}",
            egn_card(upcard),
            if upcard.is_joker() { " (no joker)" } else { "" }
        ));
    }
    let mut bidding = None;
    let mut tricks = None;
    for p in &d.phases {
        match p {
            EgnPhase::Bidding(b) if bidding.is_none() && tricks.is_none() => bidding = Some(b),
            EgnPhase::TrickPlay(t) if tricks.is_none() => tricks = Some(t),
            _ => return Err(": phases must be one bidding phase then one trick-play phase".into()),
        }
    }
    let auction = read_auction(rules, dealer, upcard, bidding, tricks.and_then(|t| t.is_alone))?;
    let map = map_play(rules, dealer, &auction, upcard, tricks)?;
    let loners = exchanging_loners(rules, &auction);
    let mut moves = match bidding.and_then(|b| b.card_exchanges.as_deref()) {
        Some(entries) => read_exchanges(rules, loners, auction.trump, entries)?,
        None => Moves::default(),
    };
    moves.discard = auction.discard;

    // The dealt hands: recorded, or rebuilt from the play.
    let recorded = recorded_hands(d, rules)?;
    let upcard_taken = auction.ordered
        && !(auction.alone
            && auction.maker == Some(dealer.partner())
            && rules.alone_timing == euchre::rules::AloneTiming::WithCall);
    let all_recorded = recorded.iter().all(Option::is_some);
    // A revoke the cards prove by themselves, where hands must be rebuilt from the play. With
    // every hand recorded the replay against them says more: the seats of a trick's cards
    // follow from the winners before it, so after a revoke the cards' own proof blamed a seat
    // for a card the recorded hands show it never held (analysis tester s52, 8).
    if let (false, Some(trump)) = (all_recorded, auction.trump) {
        proven_revoke(&map, trump.table())?;
    }
    // With every hand recorded the replay finds the first card played by a seat that did not
    // hold it, the upcard included; checked here, a later trick's upcard was blamed before an
    // earlier trick's card.
    if upcard_taken && !all_recorded {
        // Only the dealer plays it, or under `partners_best` the dealer's partner defending alone
        // who was given it.
        let given_on = loners[dealer.partner().index()] && auction.maker != Some(dealer.partner());
        let other = map
            .plays
            .iter()
            .find(|&&(_, s, c)| c == upcard && s != dealer && !(given_on && s == dealer.partner()));
        if let Some(&(t, seat, _)) = other {
            return Err(format!(
                ", trick {}: seat {seat} played {}, the upcard the dealer (seat {dealer}) took up",
                t + 1,
                egn_card(upcard)
            ));
        }
    }
    let (dealt, hints, guessed) = if all_recorded {
        let dealt = recorded.map(|h| h.unwrap_or(CardSet::EMPTY));
        (dealt, Moves::default(), CardSet::EMPTY)
    } else {
        let r = rebuild(&Facts {
            rules,
            dealer,
            upcard,
            upcard_taken,
            auction: &auction,
            moves: &moves,
            recorded: &recorded,
            map: &map,
        })?;
        (r.dealt, r.hints, r.guessed)
    };
    let deal = Deal::new(*rules, dealer, dealt, upcard, CardSet::EMPTY)
        .map_err(|e| egn_spelling(&format!(": {e}")))?;
    let mut walk = Walk {
        auction: &auction,
        map: &map,
        mentioned: moves.cards().union(hints.cards()),
        rec: &moves,
        hint: &hints,
        budget: 5_000,
    };
    let (deal, guessed) = walk.run(deal, 0, guessed)?;
    // A discard recorded where the dealer never took the upcard up (trump named in round 2, the
    // dealer sitting out a partner's loner, the deal thrown in): the record says two things,
    // and one of them is wrong (EGN tester s51, 4). Known once the play has begun.
    if let Some(c) = auction.discard {
        let past_the_discard = !deal.plays().is_empty() || deal.is_done();
        if past_the_discard && deal.discard().is_none() {
            return Err(format!(
                ": discard {} is recorded, but the dealer (seat {dealer}) did not take up the upcard",
                egn_card(c)
            ));
        }
    }
    Ok(ReplayedDeal {
        complete: deal.is_done(),
        hands_recorded: all_recorded,
        guessed,
        deal,
    })
}

/// The engine's walk through one deal: the record's decisions where it has them, the rebuild's
/// where it settled them, and otherwise a search over the legal ones (the play decides: a choice
/// the recorded cards can't follow is undone and the next tried).
struct Walk<'a> {
    auction: &'a Auction,
    map: &'a PlayMap,
    /// Cards named by a recorded or settled move: not the first choice for another.
    mentioned: CardSet,
    rec: &'a Moves,
    hint: &'a Moves,
    /// Choices left to try before giving up with the first error.
    budget: u32,
}

type Walked = Result<(Deal, CardSet), String>;

/// The cards a decision moves.
fn moved(a: Action) -> CardSet {
    match a {
        Action::Discard(c) | Action::Exchange(c) | Action::Give(c) => CardSet::single(c),
        Action::Swap(cs) => cs.into_iter().collect(),
        _ => CardSet::EMPTY,
    }
}

/// A farmer's swap of these three cards.
fn swap_of(cards: CardSet) -> Option<Action> {
    let v: Vec<Card> = cards.iter().collect();
    let [a, b, c] = v[..] else { return None };
    Some(Action::Swap([a, b, c]))
}

impl Walk<'_> {
    /// Walks `deal` on from call `k`, `guessed` the cards placed by choice so far.
    fn run(&mut self, mut deal: Deal, mut k: usize, guessed: CardSet) -> Walked {
        loop {
            let Some(seat) = deal.to_act() else {
                return Ok((deal, guessed));
            };
            let s = seat.index();
            let hand = deal.hands()[s];
            let a = match deal.phase() {
                Phase::Farmers if self.rec.farmers[s] => {
                    if !deal.holds_farmers(seat) {
                        return Err(format!(
                            ": cardExchanges: seat {seat} swaps with the kitty, but {} is not a farmer's hand under these rules",
                            cards_text(hand)
                        ));
                    }
                    Action::Farmers
                }
                Phase::Farmers => Action::Pass,
                Phase::FarmersSwap => {
                    let kitty = deal.kitty();
                    if let Some(t) = self.rec.taken[s].filter(|&t| t != kitty) {
                        return Err(format!(
                            ": cardExchanges: seat {seat} takes {} from the kitty, but the kitty holds {}",
                            cards_text(t),
                            cards_text(kitty)
                        ));
                    }
                    match self.rec.given[s] {
                        Some(g) => {
                            if let Some(c) = g.minus(hand).first() {
                                return Err(format!(
                                    ": cardExchanges: seat {seat} gives {} to the kitty but does not hold {}",
                                    cards_text(g),
                                    egn_card(c)
                                ));
                            }
                            swap_of(g).unwrap_or(Action::Farmers)
                        }
                        None => {
                            let played = self.map.played_by[s].union(self.mentioned);
                            let hint = self.hint.given[s].and_then(swap_of);
                            let cands = self.ranked(&deal, |a| moved(a).intersect(played).len());
                            return self.choose(&deal, k, guessed, hint, cands);
                        }
                    }
                }
                Phase::Bidding1 | Phase::Bidding2 | Phase::BlindShout => {
                    let Some(&a) = self.auction.actions.get(k) else {
                        // The record ends in the bidding.
                        return Ok((deal, guessed));
                    };
                    deal.apply(a)
                        .map_err(|e| format!(", call {}: {}", k + 1, refused(seat, a, &e)))?;
                    k += 1;
                    continue;
                }
                Phase::Discard => match self.rec.discard {
                    Some(x) => {
                        deal.apply(Action::Discard(x))
                            .map_err(|e| egn_spelling(&format!(", discard: {e}")))?;
                        continue;
                    }
                    None => {
                        // A card the dealer does not play; the upcard last.
                        let played = self.map.played_by[s].union(self.mentioned);
                        let up = deal.upcard();
                        let hint = self.hint.discard.map(Action::Discard);
                        let cands = self.ranked(&deal, |a| {
                            let c = moved(a);
                            2 * c.intersect(played).len() + u32::from(c.contains(up))
                        });
                        return self.choose(&deal, k, guessed, hint, cands);
                    }
                },
                Phase::Exchange => match self.rec.passed[s] {
                    Some(x) if !hand.contains(x) => {
                        return Err(format!(
                            ": cardExchanges: seat {seat} passes {} to seat {} but does not hold it",
                            egn_card(x),
                            seat.partner()
                        ))
                    }
                    Some(x) => Action::Exchange(x),
                    None => {
                        // A card the loner does not play.
                        let played = self.map.played_by[s].union(self.mentioned);
                        let hint = self.hint.passed[s].map(Action::Exchange);
                        let cands = self.ranked(&deal, |a| moved(a).intersect(played).len());
                        return self.choose(&deal, k, guessed, hint, cands);
                    }
                },
                Phase::Give => {
                    let loner = seat.partner();
                    match self.rec.returned[loner.index()] {
                        Some(y) if !deal.give_options().contains(y) => {
                            let why = if hand.contains(y) {
                                "that is the card it was just passed"
                            } else {
                                "it does not hold it"
                            };
                            return Err(format!(
                                ": cardExchanges: seat {seat} gives {} back to seat {loner}, but {why}",
                                egn_card(y)
                            ));
                        }
                        Some(y) => Action::Give(y),
                        None => {
                            // A card the loner plays (or, for a dealer, discards).
                            let wanted = self.map.played_by[loner.index()]
                                .union(self.rec.discard.map_or(CardSet::EMPTY, CardSet::single));
                            let hint = self.hint.returned[loner.index()].map(Action::Give);
                            let cands =
                                self.ranked(&deal, |a| u32::from(moved(a).intersect(wanted).is_empty()));
                            return self.choose(&deal, k, guessed, hint, cands);
                        }
                    }
                }
                Phase::DefendAlone if self.auction.lone_defender == Some(seat) => Action::Alone,
                Phase::DefendAlone => Action::Partner,
                Phase::Play => return self.play(deal, guessed),
                other => {
                    return Err(format!(
                        ": the engine asks seat {seat} for a decision in {}, which an EGN record can't hold",
                        other.words()
                    ))
                }
            };
            deal.apply(a).map_err(|e| format!(": {}", refused(seat, a, &e)))?;
        }
    }

    /// The legal decisions, best first by `cost`, each marked whether it is the one best.
    fn ranked(&self, deal: &Deal, cost: impl Fn(Action) -> u32) -> Vec<(Action, bool)> {
        let mut all: Vec<(u32, Action)> = deal
            .legal_actions()
            .as_slice()
            .iter()
            .map(|&a| (cost(a), a))
            .collect();
        all.sort_by_key(|&(c, _)| c);
        let best = all.first().map_or(0, |x| x.0);
        let unique = all.iter().filter(|x| x.0 == best).count() == 1;
        all.into_iter()
            .enumerate()
            .map(|(i, (_, a))| (a, i == 0 && unique))
            .collect()
    }

    /// Tries the settled decision `hint`, then `cands` in order, until the rest of the record
    /// follows; the first failure is the one reported.
    fn choose(
        &mut self,
        deal: &Deal,
        k: usize,
        guessed: CardSet,
        hint: Option<Action>,
        cands: Vec<(Action, bool)>,
    ) -> Walked {
        let tries = hint
            .map(|h| (h, true))
            .into_iter()
            .chain(cands.into_iter().filter(|&(a, _)| Some(a) != hint));
        let mut first: Option<String> = None;
        for (a, certain) in tries {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let mut next = deal.clone();
            if next.apply(a).is_err() {
                continue;
            }
            let g = if certain { guessed } else { guessed.union(moved(a)) };
            match self.run(next, k, g) {
                Ok(done) => return Ok(done),
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.unwrap_or_else(|| ": no way to place the unrecorded cards agrees with the play".into()))
    }

    /// The recorded tricks.
    fn play(&self, mut deal: Deal, guessed: CardSet) -> Walked {
        if let Some(d) = self.auction.lone_defender {
            if deal.lone_defender() != Some(d) {
                return Err(format!(
                    ": aloneDefender {} can't defend alone under these rules",
                    d.index()
                ));
            }
        }
        for &(t, seat, c) in &self.map.plays {
            if deal.to_act() != Some(seat) {
                return Err(format!(
                    ", trick {}: card {} expected from seat {seat}, but it is not that seat's turn",
                    t + 1,
                    egn_card(c)
                ));
            }
            deal.apply(Action::Play(c)).map_err(|e| {
                let (upcard, dealer) = (deal.upcard(), deal.dealer());
                let not_held = matches!(e, IllegalAction::NotHeld { .. });
                if not_held && c == upcard && deal.upcard_taken() && seat != dealer {
                    format!(
                        ", trick {}: seat {seat} played {}, the upcard the dealer (seat {dealer}) took up",
                        t + 1,
                        egn_card(upcard)
                    )
                } else if not_held && seat == dealer && deal.discard() == Some(c) {
                    format!(
                        ", trick {}: the dealer discarded {} but played it",
                        t + 1,
                        egn_card(c)
                    )
                } else {
                    play_error(t, seat, c, &e)
                }
            })?;
        }
        Ok((deal, guessed))
    }
}

fn play_error(t: usize, seat: Seat, c: Card, e: &IllegalAction) -> String {
    match e {
        IllegalAction::MustFollow { led, holding, .. } => revoke(t, seat, c, led, *holding),
        IllegalAction::NotHeld { .. } => {
            format!(
                ", trick {}: seat {seat} played {} but was not dealt it",
                t + 1,
                egn_card(c)
            )
        }
        other => format!(
            ", trick {}: seat {seat} played {}: {}",
            t + 1,
            egn_card(c),
            egn_spelling(&other.to_string())
        ),
    }
}

/// A decision the engine refused, in a record's words (`docs/record-format.md`) with EGN's cards.
fn refused(seat: Seat, a: Action, e: &IllegalAction) -> String {
    egn_spelling(&match e {
        IllegalAction::NotNow { .. } => format!("seat {seat}: {e}"),
        _ => format!("seat {seat} may not {}: {e}", a.as_verb()),
    })
}

/// A card that does not follow suit, in the engine's (and a record's) words with EGN's cards.
fn revoke(t: usize, seat: Seat, c: Card, led: &str, holding: Card) -> String {
    let (c, holding) = (egn_card(c), egn_card(holding));
    format!(
        ", trick {}: seat {seat} may not play {c}: {c} does not follow suit: {led} were led and seat {seat} holds {holding}",
        t + 1
    )
}

/// The hands the record lists (five cards), seat by seat; an empty list means not recorded.
fn recorded_hands(d: &EgnDeal, rules: &Rules) -> Result<[Option<CardSet>; 4], String> {
    let mut hands = [None; 4];
    let Some(pc) = &d.initial_state.player_cards else {
        return Ok(hands);
    };
    if pc.len() > 4 {
        return Err(format!(": playerCards lists {} hands for four seats", pc.len()));
    }
    for (s, h) in pc.iter().enumerate() {
        if h.is_empty() {
            continue;
        }
        if h.len() != 5 {
            return Err(format!(
                ": playerCards of seat {s} lists {} cards, not 5",
                h.len()
            ));
        }
        let mut set = CardSet::EMPTY;
        for c in h {
            let card = parse_egn_card(c, None).map_err(|e| format!(": playerCards of seat {s}: {e}"))?;
            if !rules.deck().contains(card) {
                return Err(format!(
                    ": playerCards of seat {s}: {} is not in the deck",
                    egn_card(card)
                ));
            }
            set.insert(card);
        }
        hands[s] = Some(set);
    }
    Ok(hands)
}
