//! Writing a game as EGN 1.4.

use crate::cards::egn_card;
use crate::exchanges::exchanges_of;
use crate::model::{
    Bidding, DealEntry, EgnDeal, EgnFile, InitialState, Metadata, Phase, PlayerEntry, Ruleset, TrickPlay,
};
use euchre::rules::{DefendAlone, LonerLead};
use euchre::{Action, CardSet, Deal, Game, Match, Rules, Trump};
use serde_json::Value;

/// The EGN ruleset for engine rules (only the keys EGN has).
pub fn ruleset_of(r: &Rules) -> Ruleset {
    Ruleset {
        std: Some(r.stick_the_dealer),
        min_rank: (r.min_rank != 9).then_some(i64::from(r.min_rank)),
        winning_score: (r.winning_score > 0).then_some(i64::from(r.winning_score)),
        num_deals: (r.num_deals > 0).then_some(i64::from(r.num_deals)),
        canadian: Some(r.canadian),
        loner_lead: Some(
            match r.loner_lead {
                LonerLead::LeftOfDealer => "LEFT_OF_DEALER",
                LonerLead::LeftOfLoner => "LEFT_OF_LONER",
            }
            .into(),
        ),
        loner_march_score: (r.loner_march_score != 4).then_some(i64::from(r.loner_march_score)),
        loner_euchred_score: (r.loner_euchred_score != 2).then_some(i64::from(r.loner_euchred_score)),
        defend_alone: (r.defend_alone != DefendAlone::Never).then_some(true),
        joker: r.joker.then_some(true),
        allow_no_trump: r.allow_no_trump.then_some(true),
        fast_break: r.fast_break.then_some(true),
        four_trick_tokens: r.four_trick_tokens.then_some(true),
        partners_best: r.partners_best.then_some(true),
        farmers: r.farmers.then_some(true),
        go_under: r.go_under.then_some(true),
        ..Ruleset::default()
    }
}

/// Options of `r` whose value EGN cannot say (it has no key for them, or its key cannot take that
/// value); a record of a game under them reads back under EGN's meaning instead.
pub fn unexpressed_options(r: &Rules) -> Vec<&'static str> {
    let back = crate::replay::rules_from_ruleset(Some(&ruleset_of(r))).unwrap_or_default();
    r.options()
        .into_iter()
        .zip(back.options())
        // Match options belong to EMN's match format, not to a game.
        .filter(|((k, a), (_, b))| a != b && !k.starts_with("match_"))
        .map(|((k, _), _)| k)
        .collect()
}

fn cards(s: CardSet) -> Vec<String> {
    s.iter().map(egn_card).collect()
}

/// One deal as EGN. The farmers' swaps and the partners' exchanges go to `cardExchanges` (see
/// `docs/egn-exchanges.md`); the farmers' and jamboree questions, which EGN has no call for, are
/// left out of `calls`.
pub fn deal_to_egn(deal: &Deal, number: usize) -> EgnDeal {
    let mut calls = Vec::new();
    let mut discard = None;
    // Under farmers / go_under each seat first answers the farmers' question (EGN cannot say it).
    let farmers = deal.rules().farmers || deal.rules().go_under;
    let mut answers = 0;
    for &(_, a) in deal.auction() {
        if farmers && answers < 4 {
            answers += usize::from(matches!(a, Action::Pass | Action::Swap(_)));
            continue;
        }
        let made = deal.maker().is_some() && calls.last().is_some_and(|c| c != "Pass");
        match a {
            // A pass after trump is made answers the jamboree question, which EGN cannot say.
            Action::Pass if made => {}
            Action::Pass => calls.push("Pass".to_string()),
            Action::Order { .. } => calls.push("Order".into()),
            Action::Call {
                trump: Trump::Suit(s),
                ..
            } => calls.push(s.letter().to_ascii_lowercase().to_string()),
            Action::Call {
                trump: Trump::NoTrump,
                ..
            } => calls.push("n".into()),
            Action::Discard(c) => discard = Some(egn_card(c)),
            _ => {}
        }
    }
    let mut phases = vec![Phase::Bidding(Bidding {
        phase_number: 0,
        calls,
        is_alone: Some(deal.lone_maker().is_some()),
        alone_defender: deal.lone_defender().map(|s| s.index() as i64),
        discard,
        card_exchanges: Some(exchanges_of(deal)).filter(|x| !x.is_empty()),
        call_annotations: None,
    })];
    let tricks: Vec<Vec<String>> = deal
        .tricks()
        .into_iter()
        .map(|(_, cs)| cs.into_iter().map(egn_card).collect())
        .collect();
    if !tricks.is_empty() {
        phases.push(Phase::TrickPlay(TrickPlay {
            phase_number: 1,
            tricks,
            is_alone: None,
            play_annotations: None,
        }));
    }
    EgnDeal {
        deal_number: number as i64,
        initial_state: InitialState {
            dealer: deal.dealer().index() as i64,
            up_card: egn_card(deal.upcard()),
            player_cards: Some(deal.dealt_hands().iter().map(|h| cards(*h)).collect()),
        },
        phases,
        alternative_lines: None,
    }
}

/// A game as an EGN document (as JSON), with the given player names or "Seat 0".. "Seat 3".
pub fn game_to_egn(game: &Game, players: Option<[String; 4]>) -> Value {
    let players = players.unwrap_or_else(|| ["Seat 0", "Seat 1", "Seat 2", "Seat 3"].map(String::from));
    let score = game.score();
    let file = EgnFile {
        file_type: "Euchre Game Notation".into(),
        version: "1.4".into(),
        metadata: Metadata {
            players: players.into_iter().map(PlayerEntry::Name).collect(),
            initial_score: game.initial_score().iter().map(|&s| i64::from(s)).collect(),
            final_score: game
                .is_over()
                .then(|| score.iter().map(|&s| i64::from(s)).collect()),
            ruleset: Some(ruleset_of(game.rules())),
            ..Metadata::default()
        },
        deals: game
            .all_deals()
            .enumerate()
            .map(|(i, d)| DealEntry::Full(Box::new(deal_to_egn(d, i))))
            .collect(),
    };
    serde_json::to_value(&file).unwrap_or(Value::Null)
}

/// A match as an EMN 1.0 document (as JSON): the four players (named, or "Seat 0".. "Seat 3") keep
/// their seats, each game is embedded as EGN, and the result counts games won per player.
pub fn match_to_emn(m: &Match, players: Option<[String; 4]>) -> Value {
    let names = players.unwrap_or_else(|| ["Seat 0", "Seat 1", "Seat 2", "Seat 3"].map(String::from));
    let ids: Vec<String> = (1..=4).map(|i| format!("p-{i:02}")).collect();
    let rules = m.rules();
    let format = if rules.match_wins > 0 {
        serde_json::json!({"type": "BEST_OF_N", "target": 2 * rules.match_wins - 1})
    } else {
        serde_json::json!({"type": "FIXED_GAMES", "target": rules.match_games})
    };
    let wins = m.wins();
    let mut scores = serde_json::Map::new();
    for (seat, id) in ids.iter().enumerate() {
        scores.insert(id.clone(), wins[seat % 2].into());
    }
    let winner: Vec<&String> = match (m.is_over(), wins[0].cmp(&wins[1])) {
        (true, std::cmp::Ordering::Greater) => vec![&ids[0], &ids[2]],
        (true, std::cmp::Ordering::Less) => vec![&ids[1], &ids[3]],
        _ => vec![],
    };
    let games: Vec<Value> = m
        .games()
        .iter()
        .enumerate()
        .map(|(i, g)| serde_json::json!({"gameIndex": i, "players": ids, "gameData": game_to_egn(g, Some(names.clone()))}))
        .collect();
    serde_json::json!({
        "fileType": "Euchre Match Notation",
        "version": "1.0",
        "metadata": {
            "players": ids.iter().zip(&names).map(|(id, n)| serde_json::json!({"id": id, "name": n})).collect::<Vec<_>>(),
            "matchFormat": format,
            "result": {
                "status": if m.is_over() { "COMPLETED" } else { "IN_PROGRESS" },
                "winner": winner,
                "scores": scores,
            },
        },
        "games": games,
    })
}
