//! Replaying an EGN game through the engine: every call and card is checked against the rules,
//! and the score is derived, not read.
//!
//! Most recorded games (live-stream transcriptions) do not list the dealt hands. Each seat's hand is
//! then rebuilt from the cards it played (the trick order and winners fix who played what), and the
//! cards never seen are placed so as to agree with every void the play showed. A player who failed
//! to follow suit is caught because the card they held is played by them later.

use crate::cards::{egn_card, parse_egn_card};
use crate::model::{Bidding, DealEntry, EgnDeal, EgnFile, Phase as EgnPhase, Ruleset, TrickPlay};
use crate::EgnError;
use euchre::deal::{first_leader, next_in_play};
use euchre::game::{add_deal, game_over, next_dealer, winner_of};
use euchre::rules::{DefendAlone, LonerLead};
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
                "ruleset: {what} {v} is out of range {lo}..{hi}"
            )))
        }
    };
    if let Some(m) = r.min_rank {
        rules.min_rank = num(m, 7, 9, "min_rank")? as u8;
    }
    if let Some(n) = r.num_deals.filter(|&n| n > 0) {
        rules.num_deals = num(n, 1, 1000, "num_deals")? as u16;
        rules.winning_score = 0;
    }
    if let Some(w) = r.winning_score.filter(|&w| w > 0) {
        rules.winning_score = num(w, 1, 1000, "winning_score")? as u16;
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
    for (on, name) in [
        (r.farmers, "farmers"),
        (r.partners_best, "partners_best"),
        (r.go_under, "go_under"),
    ] {
        if on == Some(true) {
            return Err(EgnError::new(format!(
                "ruleset: {name} records are not replayed yet"
            )));
        }
    }
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
    let mut initial_score = [0i32; 2];
    for (i, s) in file.metadata.initial_score.iter().enumerate().take(2) {
        initial_score[i] = i32::try_from(*s).map_err(|_| EgnError::new("initialScore is out of range"))?;
    }
    let mut score = initial_score;
    let mut tokens = [0u8; 2];
    let mut deals: Vec<ReplayedDeal> = Vec::new();
    let mut numbers: Vec<i64> = Vec::new();
    for (i, entry) in file.deals.iter().enumerate() {
        let DealEntry::Full(d) = entry else {
            return Err(EgnError::new(format!(
                "deal {i}: condensed (bitpacked) deals are not read yet"
            )));
        };
        if let Some(j) = numbers.iter().position(|&n| n == d.deal_number) {
            return Err(EgnError::new(format!(
                "deal {i}: dealNumber {} repeats deal {j}",
                d.deal_number
            )));
        }
        numbers.push(d.deal_number);
        if let Some(prev) = deals.last() {
            if !prev.complete {
                return Err(EgnError::new(format!(
                    "deal {i}: deal {} is unfinished but the record goes on",
                    i - 1
                )));
            }
            if game_over(&rules, score, deals.len() as u32) {
                return Err(EgnError::new(format!(
                    "deal {i}: play goes on after the game was won ({}-{} after deal {})",
                    score[0],
                    score[1],
                    i - 1
                )));
            }
            let expected = next_dealer(&prev.deal);
            if d.initial_state.dealer != expected.index() as i64 {
                return Err(EgnError::new(format!(
                    "deal {i}: dealer is seat {} but the deal passes left to seat {expected}",
                    d.initial_state.dealer
                )));
            }
        }
        let rd = replay_deal(&rules, d).map_err(|m| EgnError::new(format!("deal {i}{m}")))?;
        if rd.complete {
            add_deal(&rd.deal, &mut score, &mut tokens);
        }
        deals.push(rd);
    }
    let over = deals.last().is_some_and(|d| d.complete) && game_over(&rules, score, deals.len() as u32);
    if let Some(fs) = &file.metadata.final_score {
        let claimed: Vec<i64> = fs.clone();
        if claimed.len() == 2 && (claimed[0] != i64::from(score[0]) || claimed[1] != i64::from(score[1])) {
            return Err(EgnError::new(format!(
                "finalScore says {}-{} but the play scores {}-{}",
                claimed[0], claimed[1], score[0], score[1]
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

/// What the bidding says, before any card is placed.
struct Auction {
    actions: Vec<Action>,
    maker: Option<Seat>,
    trump: Option<Trump>,
    ordered: bool,
    alone: bool,
    lone_defender: Option<Seat>,
    discard: Option<Card>,
}

fn read_auction(rules: &Rules, dealer: Seat, upcard: Card, b: Option<&Bidding>) -> Result<Auction, String> {
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
    let alone = b.is_alone.unwrap_or(false);
    let first = if rules.dealer_shouts_first {
        dealer
    } else {
        dealer.left()
    };
    let upcard_suit = upcard.suit();
    for (k, call) in b.calls.iter().enumerate() {
        let seat = first.plus((k % 4) as u8);
        if a.maker.is_some() {
            return Err(format!(", call {k}: '{call}' comes after trump was made"));
        }
        let action = match (k, call.as_str()) {
            (_, "Pass") => Action::Pass,
            (0..=3, "Order") => Action::Order { alone },
            (0..=3, other) => return Err(format!(", call {k}: '{other}' in round 1 (only Pass or Order)")),
            (4..=7, "x") => return Err(format!(", call {k}: the call is unknown ('x'); replay needs it")),
            (4..=7, "n") => Action::Call {
                trump: Trump::NoTrump,
                alone,
            },
            (4..=7, s) => {
                let suit = Suit::from_letter(s.chars().next().unwrap_or('?'))
                    .ok_or_else(|| format!(", call {k}: '{s}' is not a call"))?;
                Action::Call {
                    trump: Trump::Suit(suit),
                    alone,
                }
            }
            _ => return Err(format!(", call {k}: more than eight calls")),
        };
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
        a.alone = alone || forced;
    } else if alone {
        return Err(": isAlone is set but nobody made trump".into());
    }
    if let Some(d) = b.alone_defender.filter(|&d| d >= 0) {
        let seat = Seat::try_new(d as u64).ok_or_else(|| format!(": aloneDefender {d} is not a seat"))?;
        a.lone_defender = Some(seat);
    }
    if let Some(c) = &b.discard {
        a.discard = Some(parse_egn_card(c, None).map_err(|e| format!(": discard {e}"))?);
    }
    Ok(a)
}

/// Seats and winners of the recorded tricks, computed from the cards alone.
struct PlayMap {
    /// `(trick, seat, card)` in play order.
    plays: Vec<(usize, Seat, Card)>,
    played_by: [CardSet; 4],
    voids: [CardSet; 4],
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
                ", trick {t}: {} cards played but {per} seats are in play",
                trick.len()
            ));
        }
        let mut seat = leader;
        let mut led = 0;
        let mut best = (0u8, leader);
        for (k, text) in trick.iter().enumerate() {
            let c = parse_egn_card(text, Some(trump)).map_err(|e| format!(", trick {t}: {e}"))?;
            if !deck.contains(c) {
                return Err(format!(
                    ", trick {t}: {} is not in the deck under these rules",
                    egn_card(c)
                ));
            }
            if seen.contains(c) {
                return Err(format!(", trick {t}: {} is played a second time", egn_card(c)));
            }
            if c == upcard && !auction.ordered {
                return Err(format!(
                    ", trick {t}: seat {seat} played the turned-down upcard {}",
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
    proven_revoke(&map, table)?;
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
            return Err(format!(
                ", trick {t}: seat {seat} played {} but holds {} and {} were led",
                egn_card(c),
                egn_card(held),
                Suit::from_index(led).name()
            ));
        }
    }
    Ok(())
}

fn replay_deal(rules: &Rules, d: &EgnDeal) -> Result<ReplayedDeal, String> {
    let dealer = Seat::try_new(d.initial_state.dealer as u64)
        .filter(|_| d.initial_state.dealer >= 0)
        .ok_or_else(|| {
            format!(
                ": dealer {} is not a seat 0..3 (only four-handed games are replayed)",
                d.initial_state.dealer
            )
        })?;
    let upcard = parse_egn_card(&d.initial_state.up_card, None).map_err(|e| format!(": upCard {e}"))?;
    let mut bidding = None;
    let mut tricks = None;
    for p in &d.phases {
        match p {
            EgnPhase::Bidding(b) if bidding.is_none() && tricks.is_none() => bidding = Some(b),
            EgnPhase::TrickPlay(t) if tricks.is_none() => tricks = Some(t),
            _ => return Err(": phases must be one bidding phase then one trick-play phase".into()),
        }
    }
    let auction = read_auction(rules, dealer, upcard, bidding)?;
    let map = map_play(rules, dealer, &auction, upcard, tricks)?;

    // The dealt hands: recorded, or rebuilt from the play.
    let recorded = recorded_hands(d, rules)?;
    let upcard_taken = auction.ordered
        && !(auction.alone
            && auction.maker == Some(dealer.partner())
            && rules.alone_timing == euchre::rules::AloneTiming::WithCall);
    if upcard_taken {
        if let Some(&(t, seat, _)) = map.plays.iter().find(|&&(_, s, c)| c == upcard && s != dealer) {
            return Err(format!(
                ", trick {t}: seat {seat} played {}, the upcard the dealer (seat {dealer}) took up",
                egn_card(upcard)
            ));
        }
    }
    let mut dealt = [CardSet::EMPTY; 4];
    for s in Seat::ALL {
        dealt[s.index()] = recorded[s.index()].unwrap_or(map.played_by[s.index()]);
    }
    let mut discard = auction.discard;
    let dealer_rebuilt = recorded[dealer.index()].is_none();
    if dealer_rebuilt && upcard_taken {
        let dh = &mut dealt[dealer.index()];
        dh.remove(upcard);
        if let Some(x) = discard {
            if dh.contains(x) {
                return Err(format!(": the dealer discarded {} but played it", egn_card(x)));
            }
            dh.insert(x);
        }
    }
    let all_recorded = recorded.iter().all(Option::is_some);
    // Cards placed by the replay where the record is silent (never played, never listed).
    let mut guessed = CardSet::EMPTY;
    if !all_recorded {
        let mut known = CardSet::single(upcard);
        for h in &dealt {
            known = known.union(*h);
        }
        if let Some(x) = discard {
            known.insert(x);
        }
        // An unrecorded discard left the dealer's hand before play, so no void binds it: hold a
        // place for it and fill it last.
        let discard_unknown = upcard_taken && discard.is_none() && dealer_rebuilt;
        let mut need = [0u32; 4];
        for s in 0..4 {
            need[s] = 5u32.saturating_sub(dealt[s].len());
        }
        if discard_unknown {
            need[dealer.index()] = need[dealer.index()].saturating_sub(1);
        }
        let mut pool = rules.deck().minus(known);
        let before = dealt;
        fill_hands(&mut dealt, &need, &map.voids, pool)
            .ok_or_else(|| ": no way to place the unrecorded cards agrees with the play".to_string())?;
        for (h, b) in dealt.iter().zip(before) {
            pool = pool.minus(*h);
            guessed = guessed.union(h.minus(b));
        }
        if discard_unknown && dealt[dealer.index()].len() == 5 {
            // The dealer played five cards of their own: the upcard itself was discarded.
            if !rules.dealer_may_discard_upcard {
                return Err(format!(
                    ": the dealer played five cards without the upcard {}, so discarded it, which these rules forbid",
                    egn_card(upcard)
                ));
            }
            discard = Some(upcard);
        } else if discard_unknown {
            let x = pool
                .first()
                .ok_or_else(|| ": no card is left for the dealer's discard".to_string())?;
            dealt[dealer.index()].insert(x);
            guessed.insert(x);
            discard = Some(x);
        }
    }
    if upcard_taken && discard.is_none() {
        // The dealer's hand is recorded but not the discard: a card they held and never played.
        let unplayed = dealt[dealer.index()].minus(map.played_by[dealer.index()]);
        discard = unplayed
            .first()
            .or_else(|| rules.dealer_may_discard_upcard.then_some(upcard));
        match discard {
            Some(x) if unplayed.len() == 1 || x == upcard => {}
            Some(x) => {
                guessed.insert(x);
            }
            None => {
                return Err(format!(
                    ": the dealer played five cards without the upcard {}, so discarded it, which these rules forbid",
                    egn_card(upcard)
                ))
            }
        }
    }
    let mut deal = Deal::new(*rules, dealer, dealt, upcard, CardSet::EMPTY).map_err(|e| format!(": {e}"))?;
    for (k, &a) in auction.actions.iter().enumerate() {
        let seat = deal.to_act().unwrap_or(dealer);
        deal.apply(a)
            .map_err(|e| format!(", call {k}: seat {seat} may not {a}: {}", e))?;
    }
    let complete_bidding = auction.maker.is_some() || auction.actions.len() == 8;
    if deal.phase() == Phase::Discard {
        if let Some(x) = discard {
            deal.apply(Action::Discard(x))
                .map_err(|e| format!(", discard: {}", e))?;
        }
    }
    while deal.phase() == Phase::DefendAlone {
        let seat = deal.to_act().unwrap_or(dealer);
        let a = if auction.lone_defender == Some(seat) {
            Action::Alone
        } else {
            Action::Partner
        };
        deal.apply(a).map_err(|e| format!(": {e}"))?;
    }
    if auction.lone_defender.is_some() && deal.lone_defender() != auction.lone_defender && complete_bidding {
        return Err(format!(
            ": aloneDefender {} can't defend alone under these rules",
            auction.lone_defender.map_or(-1, |s| s.index() as i64)
        ));
    }
    for &(t, seat, c) in &map.plays {
        let to_act = deal.to_act();
        if to_act != Some(seat) {
            return Err(format!(
                ", trick {t}: card {} expected from seat {seat}, but it is not that seat's turn",
                egn_card(c)
            ));
        }
        deal.apply(Action::Play(c))
            .map_err(|e| play_error(t, seat, c, &e))?;
    }
    Ok(ReplayedDeal {
        complete: deal.is_done(),
        hands_recorded: all_recorded,
        guessed,
        deal,
    })
}

fn play_error(t: usize, seat: Seat, c: Card, e: &IllegalAction) -> String {
    match e {
        IllegalAction::MustFollow { led, holding, .. } => format!(
            ", trick {t}: seat {seat} played {} but holds {} and {led} were led",
            egn_card(c),
            egn_card(*holding)
        ),
        IllegalAction::NotHeld { .. } => {
            format!(
                ", trick {t}: seat {seat} played {} but was not dealt it",
                egn_card(c)
            )
        }
        other => format!(", trick {t}: seat {seat} played {}: {}", egn_card(c), other),
    }
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

/// Deals `pool` cards so each hand gets `need` more, keeping each seat out of the suits it showed void in.
fn fill_hands(hands: &mut [CardSet; 4], need: &[u32; 4], voids: &[CardSet; 4], pool: CardSet) -> Option<()> {
    let mut need = *need;
    let cards: Vec<Card> = pool.iter().collect();
    fn go(
        i: usize,
        cards: &[Card],
        need: &mut [u32; 4],
        hands: &mut [CardSet; 4],
        voids: &[CardSet; 4],
        budget: &mut u32,
    ) -> bool {
        if need.iter().all(|&n| n == 0) {
            return true;
        }
        if i == cards.len() || *budget == 0 {
            return false;
        }
        *budget -= 1;
        let c = cards[i];
        for s in 0..4 {
            if need[s] > 0 && !voids[s].contains(c) {
                need[s] -= 1;
                hands[s].insert(c);
                if go(i + 1, cards, need, hands, voids, budget) {
                    return true;
                }
                hands[s].remove(c);
                need[s] += 1;
            }
        }
        // Or the card stays in the kitty.
        go(i + 1, cards, need, hands, voids, budget)
    }
    let mut budget = 200_000;
    go(0, &cards, &mut need, hands, voids, &mut budget).then_some(())
}
