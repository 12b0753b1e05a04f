//! An alternative line (`alternativeLines`) as a deal of its own, so that it is replayed as the
//! main line is: it was only schema-checked, though `egn check` says it replays every file
//! (EGN tester s51, 11).
//!
//! `branchIndex` counts the deal's decisions as the main line makes them: its calls from 0, then
//! its plays (the dealer's discard and exchanges are not counted: the specification's own
//! examples branch at 8 after four calls and four cards). A line that branches in the bidding
//! gives its calls from the branch on (or from the first: a list that begins with the main
//! line's calls before the branch is taken whole) and its own play; one that branches in the
//! play gives the cards from the branch on, its first trick finishing the trick in progress,
//! and keeps the main line's bidding.

use crate::cards::egn_card;
use crate::model::{AlternativeLine, Bidding, EgnDeal, Phase, TrickPlay};
use euchre::CardSet;

/// The deal `line` stands for: the main line's up to the branch, the line's after it. `hands`,
/// the main line's dealt hands where the file records them, are the line's too.
pub(crate) fn alternative_deal(
    main: &EgnDeal,
    line: &AlternativeLine,
    hands: Option<[CardSet; 4]>,
) -> Result<EgnDeal, String> {
    let branch = usize::try_from(line.branch_index).map_err(|_| ": branchIndex below 0".to_string())?;
    let main_bidding = bidding_of(&main.phases);
    let main_tricks: &[Vec<String>] = play_of(&main.phases).map_or(&[], |t| t.tricks.as_slice());
    let calls = main_bidding.map_or(0, |b| b.calls.len());
    let line_bidding = bidding_of(&line.phases);
    let line_play = play_of(&line.phases);
    let mut phases = Vec::new();
    if branch < calls || (branch == calls && line_bidding.is_some()) {
        // A branch in the bidding: the line's bidding, after the main line's calls before it.
        let Some(b) = line_bidding else {
            return Err(format!(
                ": branchIndex {branch} is call {} of the bidding, but the line has no bidding phase",
                branch + 1
            ));
        };
        let before = &main_bidding.map_or(&[][..], |m| &m.calls[..branch]);
        let mut bidding = b.clone();
        if !b.calls.starts_with(before) {
            bidding.calls = before.iter().chain(&b.calls).cloned().collect();
        }
        phases.push(Phase::Bidding(bidding));
        if let Some(t) = line_play {
            phases.push(Phase::TrickPlay(t.clone()));
        }
    } else {
        if line_bidding.is_some() {
            return Err(format!(
                ": branchIndex {branch} is in the play (after {calls} calls), but the line has a bidding phase"
            ));
        }
        let Some(t) = line_play else {
            return Err(": an alternative line with no phase".into());
        };
        // The main line's tricks up to the branch, the one in progress cut there.
        let mut left = branch - calls;
        let mut tricks = Vec::new();
        for trick in main_tricks {
            if left == 0 {
                break;
            }
            let take = left.min(trick.len());
            tricks.push(trick[..take].to_vec());
            left -= take;
        }
        if left > 0 {
            return Err(format!(
                ": branchIndex {branch} is past the main line's {} calls and {} cards",
                calls,
                main_tricks.iter().map(Vec::len).sum::<usize>()
            ));
        }
        let mut line_tricks = t.tricks.iter();
        let unfinished = tricks.last().is_some_and(|last| {
            main_tricks
                .get(tricks.len() - 1)
                .is_some_and(|full| last.len() < full.len())
        });
        if unfinished {
            if let (Some(last), Some(rest)) = (tricks.last_mut(), line_tricks.next()) {
                last.extend(rest.iter().cloned());
            }
        }
        tricks.extend(line_tricks.cloned());
        let mut play = t.clone();
        play.tricks = tricks;
        if let Some(b) = main_bidding {
            phases.push(Phase::Bidding(b.clone()));
        }
        phases.push(Phase::TrickPlay(play));
    }
    let mut initial_state = main.initial_state.clone();
    if let Some(hands) = hands {
        initial_state.player_cards = Some(hands.iter().map(|h| h.iter().map(egn_card).collect()).collect());
    }
    Ok(EgnDeal {
        deal_number: main.deal_number,
        initial_state,
        phases,
        alternative_lines: None,
    })
}

/// The bidding phase among `phases`, if any.
fn bidding_of(phases: &[Phase]) -> Option<&Bidding> {
    phases.iter().find_map(|p| match p {
        Phase::Bidding(b) => Some(b),
        Phase::TrickPlay(_) => None,
    })
}

/// The trick-play phase among `phases`, if any.
fn play_of(phases: &[Phase]) -> Option<&TrickPlay> {
    phases.iter().find_map(|p| match p {
        Phase::TrickPlay(t) => Some(t),
        Phase::Bidding(_) => None,
    })
}
