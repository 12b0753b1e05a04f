//! `euchre egn show` and `euchre record show`: a readable replay.
//!
//! Both print the partnership game's deals with the same code ([`show_deal`]): an EGN file's in
//! EGN's spelling of cards ("Jd"), with "??" for a card the file never shows; a game record's in
//! the record's ("JD"). A record of an individual game is printed with a score per player.
//!
//! Names and titles come from files other people wrote: they are printed through
//! [`euchre::text::printable`], so that none can drive the terminal (EGN tester s51, 8).

use anyhow::Result;
use euchre::game::Tally;
use euchre::solo::SoloGame;
use euchre::table::AnyRules;
use euchre::{Action, Card, CardSet, Deal, Game, Seat, Team};
use euchre_egn::{egn_card, egn_from_value, replay, replay_emn, score_pair, DealEntry, EgnFile};
use std::fmt::Write;

/// The replay of an EGN game, or of every game of an EMN match, as text.
pub fn show(text: &str) -> Result<String> {
    // Read once, as EGN's reader reads it: bounded before it is parsed, a byte-order mark
    // skipped, a key given twice refused.
    let v = euchre_egn::document_json(text)?;
    if v.get("fileType").and_then(|t| t.as_str()) != Some("Euchre Match Notation") {
        let mut out = String::new();
        show_egn_game(&mut out, &egn_from_value(v)?, 1, None)?;
        return Ok(out);
    }
    // The whole match is checked first, so a match that does not replay shows nothing.
    let m = replay_emn(&v)?;
    let mut out = format!("Euchre Match Notation: {} games\n", m.games.len());
    let mut first = 1;
    for (i, file) in m.files.iter().enumerate() {
        writeln!(out, "\n=== Game {} ===", i + 1)?;
        first += show_egn_game(&mut out, file, first, Some(i + 1))?;
    }
    // By name, as `egn check` says them, with the id where two share a name.
    let wins: Vec<String> = m
        .players
        .iter()
        .map(|p| {
            let name = &m.names[p];
            let shared = m.names.values().filter(|n| *n == name).count() > 1;
            let name = euchre::text::printable(name);
            let who = if shared {
                format!("{name} ({})", euchre::text::printable(p))
            } else {
                name
            };
            format!("{who} {}", m.wins.get(p).copied().unwrap_or(0))
        })
        .collect();
    let name_of = |id: &String| euchre::text::printable(m.names.get(id).unwrap_or(id));
    let standing = match &m.outcome {
        euchre_egn::MatchOutcome::Won(ids) => {
            let names: Vec<String> = ids.iter().map(name_of).collect();
            match names.split_last() {
                Some((last, [])) => format!("; won by {last}"),
                Some((last, rest)) => format!("; won by {} and {last}", rest.join(", ")),
                None => String::new(),
            }
        }
        euchre_egn::MatchOutcome::Drawn => "; drawn".into(),
        euchre_egn::MatchOutcome::Unfinished => "; unfinished".into(),
        euchre_egn::MatchOutcome::Unknown => String::new(),
    };
    writeln!(out, "\nMatch: games won by player: {}{standing}", wins.join(", "))?;
    Ok(out)
}

/// The replay of a game record (`docs/record-format.md`) of any family, as text: every game of
/// a match in turn, its deals numbered on through the match as `egn show` numbers an EMN
/// match's.
///
/// # Errors
/// A record that does not read, named as `record check` names it.
pub fn show_record(text: &str) -> Result<String> {
    let r = euchre_record::parse(text)?;
    let names = |n: usize| -> Vec<String> {
        (0..n)
            .map(|i| {
                r.players
                    .as_ref()
                    .and_then(|p| p.get(i))
                    .map_or_else(|| format!("Seat {i}"), |n| euchre::text::printable(n))
            })
            .collect()
    };
    if r.family != euchre_record::FOUR_HANDED {
        let g = euchre_record::replay_solo(&r)?;
        let rules = AnyRules::Solo(*g.rules());
        let mut out = String::new();
        show_solo_game(&mut out, &g, &names(g.scores().len()), &title(rules, &r.family))?;
        return Ok(out);
    }
    let replay = euchre_record::replay(&r)?;
    let names = names(4);
    let name = title(AnyRules::Partnership(replay.rules), &r.family);
    let mut out = String::new();
    if let [game] = replay.games.as_slice() {
        show_record_game(&mut out, game, &name, &names, 1, None)?;
        return Ok(out);
    }
    writeln!(out, "{name}: a match of {} games", replay.games.len())?;
    let mut first = 1;
    for (i, g) in replay.games.iter().enumerate() {
        writeln!(out, "\n=== Game {} ===", i + 1)?;
        first += show_record_game(&mut out, g, &name, &names, first, Some(i + 1))?;
    }
    // Whether the match is over, and who won it (records tester s53, 3).
    let standing = match (replay.is_over(), replay.winner()) {
        (false, _) => "unfinished".to_string(),
        (true, Some(t)) => format!("won by team {}", t.index()),
        (true, None) => "drawn".into(),
    };
    writeln!(
        out,
        "\nMatch: games won by team: 0 {}, 1 {}; {standing}",
        replay.wins[0], replay.wins[1]
    )?;
    Ok(out)
}

/// A deal's annotations, each by the call or the card (from 1, as everywhere here) it is on,
/// and how many alternative lines it holds: they were left out without a word (EGN tester
/// s51, 11). The lines are replayed by the reader (`egn check` refuses one that breaks a rule)
/// but not printed: counted only.
fn show_notes(out: &mut String, deal: &euchre_egn::EgnDeal) -> Result<()> {
    for phase in &deal.phases {
        let (what, notes) = match phase {
            euchre_egn::Phase::Bidding(b) => ("call", &b.call_annotations),
            euchre_egn::Phase::TrickPlay(t) => ("card", &t.play_annotations),
        };
        let mut notes: Vec<(u64, &Vec<String>)> = notes
            .iter()
            .flatten()
            .filter_map(|(k, v)| Some((k.parse().ok()?, v)))
            .collect();
        notes.sort_by_key(|(k, _)| *k);
        for (k, texts) in notes {
            for t in texts {
                // Keys are any digits: one past the last decision is shown as it is numbered.
                writeln!(
                    out,
                    "  note, {what} {}: {}",
                    k.saturating_add(1),
                    euchre::text::printable(t)
                )?;
            }
        }
    }
    let lines = deal.alternative_lines.as_ref().map_or(0, Vec::len);
    if lines > 0 {
        let s = if lines == 1 { "" } else { "s" };
        writeln!(
            out,
            "  ({lines} alternative line{s}, replayed by check, not shown)"
        )?;
    }
    Ok(())
}

/// A record's title: its preset where its rules are one, else its family.
fn title(rules: AnyRules, family: &str) -> String {
    let rules =
        crate::preset_of_rules(rules).map_or_else(|| format!("{family}, custom rules"), str::to_string);
    format!("Game record ({rules})")
}

/// Scores one per player, as a list: "[5, 5, -2, 2]" (joined by '-' they would not read).
pub fn score_list(scores: &[i32]) -> String {
    let each: Vec<String> = scores.iter().map(i32::to_string).collect();
    format!("[{}]", each.join(", "))
}

/// How one deal of the partnership game is printed.
struct DealText<'a> {
    /// "Deal 3 (game 1, deal 3; dealNumber 2)".
    heading: String,
    names: &'a [String],
    /// "hands", or "hands (rebuilt from the play)".
    hands: &'a str,
    /// A card in the document's spelling.
    spell: fn(Card) -> String,
    /// Cards the document never shows (printed "??"): the reader placed them to replay the play.
    guessed: CardSet,
}

/// A partnership game's heading: its title, the seats and the starting score.
fn show_seats(out: &mut String, title: &str, names: &[String], start: [i32; 2]) -> Result<()> {
    writeln!(out, "{title}")?;
    for (i, n) in names.iter().enumerate() {
        writeln!(out, "  seat {i} (team {}): {n}", i % 2)?;
    }
    writeln!(out, "  starting score {}", score_pair(start[0], start[1]))?;
    Ok(())
}

/// One deal of the partnership game: the hands, the bidding, the tricks, the decisions after
/// the play and, for a deal played out, its tricks, points and the game's score after it (`tally`:
/// the engine's own arithmetic, [`Tally`], so the running score ends where the replay's does).
fn show_deal(out: &mut String, d: &Deal, text: &DealText, tally: Option<Tally>) -> Result<()> {
    let shown = |c: Card| {
        if text.guessed.contains(c) {
            "??".to_string()
        } else {
            (text.spell)(c)
        }
    };
    writeln!(
        out,
        "\n{}: dealer seat {} ({}), upcard {}",
        text.heading,
        d.dealer(),
        text.names[d.dealer().index()],
        (text.spell)(d.upcard())
    )?;
    writeln!(out, "  {}:", text.hands)?;
    for s in Seat::ALL {
        let h: Vec<String> = d.dealt_hands()[s.index()].iter().map(shown).collect();
        writeln!(out, "    seat {s}: {}", h.join(" "))?;
    }
    // Cards the document leaves out (a discard, an exchange, a farmer's swap) stay "??".
    let decision = |&(s, a): &(Seat, Action)| match a {
        Action::Discard(c) => format!("{s}:discard {}", shown(c)),
        Action::Exchange(c) => format!("{s}:exchange {}", shown(c)),
        Action::Give(c) => format!("{s}:give {}", shown(c)),
        Action::Swap(cs) => {
            let cs: Vec<String> = cs.iter().map(|&c| shown(c)).collect();
            // What the farmer takes from the kitty: the cards nobody was dealt (records
            // tester s53, 9: a card played later was in no printed hand).
            let dealt = d
                .dealt_hands()
                .iter()
                .fold(CardSet::single(d.upcard()), |all, &h| all.union(h));
            let kitty: Vec<String> = d.rules().deck().minus(dealt).iter().map(shown).collect();
            format!("{s}:swap {} for {}", cs.join(" "), kitty.join(" "))
        }
        _ => format!("{s}:{a}"),
    };
    let bids: Vec<String> = d.auction().iter().map(decision).collect();
    writeln!(out, "  bidding:{}", listed(&bids))?;
    if let (Some(t), Some(m)) = (d.trump(), d.maker()) {
        let alone = if d.lone_maker().is_some() { " alone" } else { "" };
        writeln!(out, "  trump {t}, made by seat {m}{alone}")?;
    }
    let winners = d.trick_winners();
    // A card an opponent named from a jambone hand, and who named it.
    let named: Vec<(Seat, Card)> = d
        .history()
        .iter()
        .filter_map(|&(s, a)| match a {
            Action::Name(c) => Some((s, c)),
            _ => None,
        })
        .collect();
    for (t, (leader, cards)) in d.tricks().into_iter().enumerate() {
        let mut cs: Vec<String> = cards.iter().map(|&c| (text.spell)(c)).collect();
        if cards.len() < 4 {
            // Someone sits out: say who played each card after the lead.
            let mut seat = leader;
            for c in cs.iter_mut().skip(1) {
                seat = seat.left();
                while !d.is_active(seat) {
                    seat = seat.left();
                }
                *c = format!("{seat}:{c}");
            }
        }
        for (i, c) in cards.iter().enumerate() {
            if let Some((namer, _)) = named.iter().find(|(_, n)| n == c) {
                cs[i] = format!("{} (named by seat {namer})", cs[i]);
            }
        }
        trick_line(out, t, leader, &cs, winners.get(t))?;
    }
    // Renege claims and robson's choice come after the play (a card named from a jambone hand
    // is its trick's card, above).
    let history = d.history();
    let after: Vec<String> = history
        .get(d.auction().len() + d.plays().len()..)
        .unwrap_or_default()
        .iter()
        .map(decision)
        .collect();
    if !after.is_empty() {
        writeln!(out, "  after the play: {}", after.join(", "))?;
    }
    let Some(tally) = tally else {
        writeln!(out, "  (the record ends here)")?;
        return Ok(());
    };
    if d.passed_out() {
        writeln!(out, "  all passed: thrown in")?;
        return Ok(());
    }
    // Points taken off (robson, a renege under `deduct`) count against, as the protocol's
    // `points` counts them.
    let (p, off, tw) = (d.points(), d.deductions(), d.tricks_won());
    let net = |t: usize| i32::from(p[t]) - i32::from(off[t]);
    let score = tally.score;
    writeln!(
        out,
        "  tricks {}, points {}, score {}",
        score_pair(tw[0], tw[1]),
        score_pair(net(0), net(1)),
        score_pair(score[0], score[1])
    )?;
    Ok(())
}

/// The last line of a partnership game.
fn show_result(out: &mut String, over: bool, winner: Option<Team>, score: [i32; 2]) -> Result<()> {
    let score = score_pair(score[0], score[1]);
    let result = match (over, winner) {
        (true, Some(t)) => format!("team {t} wins {score}"),
        (true, None) => format!("drawn {score}"),
        _ => format!("unfinished at {score}"),
    };
    writeln!(out, "\nResult: {result}")?;
    Ok(())
}

/// One EGN game's replay, its deals numbered from `first` (on through a match, as `analyze` and
/// `solve --deal` count them; in a match, `game`, each deal's number in its game beside it, as
/// `egn check`'s messages name it); the number of deals shown.
fn show_egn_game(out: &mut String, file: &EgnFile, first: usize, game: Option<usize>) -> Result<usize> {
    let r = replay(file)?;
    let names: Vec<String> = (0..4)
        .map(|i| {
            file.metadata
                .players
                .get(i)
                .map(|p| euchre::text::printable(p.name()))
                .unwrap_or_else(|| format!("Seat {i}"))
        })
        .collect();
    let title = file
        .metadata
        .title
        .as_deref()
        .map_or_else(|| "EGN game".into(), euchre::text::printable);
    show_seats(out, &title, &names, r.initial_score)?;
    // Deals and tricks count from 1, as `analyze` and `solve --deal` count them; the file's own
    // `dealNumber` (from 0 in EGN, and what `egn check`'s messages name) is shown beside it.
    for (i, (rd, before)) in r.deals_with_tally().enumerate() {
        let in_game = game.map(|g| format!("game {g}, deal {}", i + 1));
        let number = match (in_game, file.deals.get(i)) {
            (Some(g), Some(DealEntry::Full(e))) => format!(" ({g}; dealNumber {})", e.deal_number),
            (Some(g), _) => format!(" ({g})"),
            (None, Some(DealEntry::Full(e))) => format!(" (dealNumber {})", e.deal_number),
            (None, _) => String::new(),
        };
        let text = DealText {
            heading: format!("Deal {}{number}", first + i),
            names: &names,
            hands: if rd.hands_recorded {
                "hands"
            } else {
                "hands (rebuilt from the play)"
            },
            spell: egn_card,
            guessed: rd.guessed,
        };
        show_deal(out, &rd.deal, &text, rd.complete.then(|| before.after(&rd.deal)))?;
        if let Some(DealEntry::Full(e)) = file.deals.get(i) {
            show_notes(out, e)?;
        }
    }
    show_result(out, r.over, r.winner, r.score)?;
    Ok(r.deals.len())
}

/// One game of a record of the partnership game, numbered as [`show_egn_game`] numbers an EGN
/// game's deals; the number of deals shown.
fn show_record_game(
    out: &mut String,
    g: &Game,
    title: &str,
    names: &[String],
    first: usize,
    game: Option<usize>,
) -> Result<usize> {
    show_seats(out, title, names, g.initial_score())?;
    let mut shown = 0;
    for (i, (d, before)) in g.deals_with_tally().enumerate() {
        let number = game.map_or_else(String::new, |g| format!(" (game {g}, deal {})", i + 1));
        let text = DealText {
            heading: format!("Deal {}{number}", first + i),
            names,
            hands: "hands",
            spell: |c| c.to_string(),
            guessed: CardSet::EMPTY,
        };
        show_deal(out, d, &text, d.is_done().then(|| before.after(d)))?;
        shown += 1;
    }
    show_result(out, g.is_over(), g.winner(), g.score())?;
    Ok(shown)
}

/// A record of an individual game: each player's hand, the bidding, the tricks and a score per
/// player.
fn show_solo_game(out: &mut String, g: &SoloGame, names: &[String], title: &str) -> Result<()> {
    writeln!(out, "{title}")?;
    for (i, n) in names.iter().enumerate() {
        writeln!(out, "  seat {i}: {n}")?;
    }
    writeln!(out, "  starting scores {}", score_list(g.initial_scores()))?;
    for (i, (d, mut scores)) in g.deals_with_scores().enumerate() {
        let upcard = d.upcard().map(|c| format!(", upcard {c}")).unwrap_or_default();
        writeln!(
            out,
            "\nDeal {}: dealer seat {} ({}){upcard}",
            i + 1,
            d.dealer(),
            names[d.dealer().index()]
        )?;
        writeln!(out, "  hands:")?;
        for (s, h) in d.dealt_hands().iter().enumerate() {
            writeln!(out, "    seat {s}: {h}")?;
        }
        let bids: Vec<String> = d
            .history()
            .iter()
            .filter(|(_, a)| !matches!(a, Action::Play(_)))
            .map(|(s, a)| format!("{s}:{a}"))
            .collect();
        writeln!(out, "  bidding:{}", listed(&bids))?;
        if let (Some(t), Some(m)) = (d.trump(), d.maker()) {
            let bid = d.bid().map(|b| format!(", bid {b}")).unwrap_or_default();
            writeln!(out, "  trump {t}, made by seat {m}{bid}")?;
        }
        // Every player in the play (those who folded sit it out) plays once to each trick.
        let per = (0..d.players())
            .filter(|&s| d.is_active(Seat::new(s)))
            .count()
            .max(1);
        let winners = d.trick_winners();
        for (t, trick) in d.plays().chunks(per).enumerate() {
            let cs: Vec<String> = trick.iter().map(|(_, c)| c.to_string()).collect();
            let Some(&(leader, _)) = trick.first() else {
                continue;
            };
            trick_line(out, t, leader, &cs, winners.get(t))?;
        }
        if !d.is_done() {
            writeln!(out, "  (the record ends here)")?;
            continue;
        }
        euchre::solo::game::add_change(&mut scores, d);
        if d.passed_out() {
            writeln!(out, "  all passed: thrown in")?;
        } else {
            writeln!(
                out,
                "  tricks {}, points {}, scores {}",
                score_list(&d.tricks_won().iter().map(|&t| i32::from(t)).collect::<Vec<_>>()),
                score_list(d.delta()),
                score_list(&scores)
            )?;
        }
    }
    let result = match g.winner() {
        Some(w) => format!("seat {w} wins, scores {}", score_list(g.scores())),
        None => format!("unfinished at {}", score_list(g.scores())),
    };
    writeln!(out, "\nResult: {result}")?;
    Ok(())
}

/// Decisions after a label: " 1:pass, 2:order", or nothing (no space left at the line's end).
fn listed(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!(" {}", items.join(", "))
    }
}

/// One trick of a replay, in both families' words: "trick 2: seat 1 leads 9C JC AC -> seat 3"
/// (the winner once the trick is complete).
fn trick_line(
    out: &mut impl std::fmt::Write,
    index: usize,
    leader: impl std::fmt::Display,
    cards: &[String],
    winner: Option<impl std::fmt::Display>,
) -> std::fmt::Result {
    let won = winner.map(|w| format!(" -> seat {w}")).unwrap_or_default();
    writeln!(
        out,
        "  trick {}: seat {leader} leads {}{won}",
        index + 1,
        cards.join(" ")
    )
}
