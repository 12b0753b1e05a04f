//! The one interface every computer player implements, and the players by name.

use crate::view::GameView;
use euchre::table::AnyDeal;
use euchre::{Action, Decisions};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// A player's decision, with the value it gave each legal action where it computes them.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub action: Action,
    /// Each legal action with its value for the deciding seat's side, in the ruleset's points
    /// for the deal (expected, over the worlds a search player sampled). Empty for players that
    /// do not value actions.
    pub values: Vec<(Action, f64)>,
    /// What the player expects of each action in `values` (same order), where it explains
    /// itself (`expert`); empty otherwise.
    pub outlooks: Vec<Outlook>,
    /// For each action in `values` (same order), whether the search could not tell it from
    /// the action chosen: not worse by more than two standard errors of their difference over
    /// the worlds searched ([`crate::paired`]), so that another seed could well choose it.
    /// The chosen action is close to itself. Empty for players that do not search worlds.
    pub close: Vec<bool>,
}

/// What a search player expects of one action, over the worlds it searched: how the deal ends
/// and what that does to the game. In the individual games only `points` is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Outlook {
    /// Expected points for the deciding seat's side, less the other side's.
    pub points: f64,
    /// The chance the seat's side makes trump and takes the tricks it needs.
    pub make: f64,
    /// The chance the seat's side makes trump and takes every trick.
    pub march: f64,
    /// The chance the seat's side makes trump and is euchred.
    pub euchred: f64,
    /// The same three for the other side making trump.
    pub they_make: f64,
    pub they_march: f64,
    pub they_euchred: f64,
    /// The chance of winning the game after this action, and its change from the chance at
    /// the start of the deal (four-handed game only).
    pub win: Option<f64>,
    pub win_change: Option<f64>,
}

impl Outlook {
    /// The mean of `outlooks`, field by field (a chance of winning only where each has one);
    /// `None` for none.
    pub fn mean(outlooks: &[Outlook]) -> Option<Outlook> {
        if outlooks.is_empty() {
            return None;
        }
        let n = outlooks.len() as f64;
        let mean = |f: fn(&Outlook) -> f64| outlooks.iter().map(f).sum::<f64>() / n;
        let mean_of = |f: fn(&Outlook) -> Option<f64>| {
            let all: Option<Vec<f64>> = outlooks.iter().map(f).collect();
            all.map(|v| v.iter().sum::<f64>() / n)
        };
        Some(Outlook {
            points: mean(|o| o.points),
            make: mean(|o| o.make),
            march: mean(|o| o.march),
            euchred: mean(|o| o.euchred),
            they_make: mean(|o| o.they_make),
            they_march: mean(|o| o.they_march),
            they_euchred: mean(|o| o.they_euchred),
            win: mean_of(|o| o.win),
            win_change: mean_of(|o| o.win_change),
        })
    }
}

impl Choice {
    /// A choice without values.
    pub fn plain(action: Action) -> Choice {
        Choice {
            action,
            values: Vec::new(),
            outlooks: Vec::new(),
            close: Vec::new(),
        }
    }
}

/// What a decision may spend. A time limit makes a search player stop early, so its choice
/// then depends on the machine's speed; without one, a choice depends only on the view and the
/// seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub time: Option<Duration>,
}

impl Budget {
    /// No limit but the player's own (reproducible).
    pub const UNLIMITED: Budget = Budget { time: None };

    /// Where a person waits for the decision (a computer player at a table, in `euchre play`
    /// and `euchre serve`): 40 ms. `expert`'s own bound on counted work ends nearly every
    /// decision well before this on an idle machine, so the choice is the reproducible one;
    /// the limit is a safety net for a loaded or slow machine, where the counted work can take
    /// longer than it was fitted to. A search player checks it between worlds, and one world
    /// takes a few milliseconds at most, so decisions end within 50 ms.
    pub const DEFAULT: Budget = Budget {
        time: Some(Duration::from_millis(40)),
    };

    pub fn millis(ms: u64) -> Budget {
        Budget {
            time: Some(Duration::from_millis(ms)),
        }
    }
}

/// Lets `player` take every decision of `deal` until it ends, each seat seeing only its own
/// view; `watch` is shown the deal before each decision.
pub fn play_deal_out(
    deal: &mut AnyDeal,
    player: &mut dyn Player,
    rng: &mut ChaCha8Rng,
    mut watch: impl FnMut(&AnyDeal),
) {
    // A deal has at most a few dozen decisions; the bound only guards against a stuck policy.
    for _ in 0..256 {
        watch(deal);
        let Some(seat) = deal.to_act() else { break };
        let view = GameView::of_deal(deal, seat);
        if view.legal().is_empty() {
            break;
        }
        let a = player.choose(&view, &Budget::UNLIMITED, rng).action;
        if deal.apply(a).is_err() {
            break;
        }
    }
}

/// A computer player: given a seat's view of the game, it picks one of the legal actions.
///
/// A player sees nothing but the [`GameView`] (by type: it is never handed the deal), and its
/// choice is reproducible from the random generator it is given.
pub trait Player: Send {
    /// The name it is made from by [`player`].
    fn name(&self) -> String;

    /// Picks one of `view.legal()`, which must not be empty.
    fn choose(&mut self, view: &GameView, budget: &Budget, rng: &mut ChaCha8Rng) -> Choice;
}

/// A player name that is not one of [`PLAYERS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl fmt::Display for UnknownPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only a split's own fault names it whole (a half it does not know is named alone):
        // the list of players would not say what is wrong (research tester s54, 9).
        if self.0.contains('/') {
            return write!(
                f,
                "unknown player '{}': BIDDER/PLAYER takes exactly two players, one that bids \
                 and one that plays the cards, such as expert/pimc-50 (docs/players.md)",
                euchre::text::shown(&self.0)
            );
        }
        write!(
            f,
            "unknown player '{}': expected one of {}; pimc-N or pimc-win-N with N from 1 to {}; \
             a variant of expert for measuring, such as expert-N, expert-points or \
             expert-uniform; or BIDDER/PLAYER, two of these, one that bids and one that plays \
             the cards (docs/players.md)",
            euchre::text::shown(&self.0),
            PLAYERS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            crate::pimc::MAX_WORLDS
        )
    }
}

impl std::error::Error for UnknownPlayer {}

/// The players by name, with what each is.
pub const PLAYERS: [(&str, &str); 9] = [
    ("random", "a uniformly random legal action"),
    (
        "basic",
        "rules of thumb from the sources: counts likely tricks, 'next' in round 2, leads trump for a partner who made it, takes tricks it can",
    ),
    (
        "pimc-50",
        "50 worlds sampled from what the seat knows, each solved exactly; the action with the best mean (pimc-N: N worlds)",
    ),
    (
        "pimc-win-50",
        "pimc-50 valuing each world's outcome by the chance of winning the game from the score it leaves (win_prob), in the four-handed game",
    ),
    (
        "expert",
        "PIMC with worlds weighed by the others' bids, valued by the chance of winning the game; explains its hints",
    ),
    ("easy", "the level for beginners: basic"),
    ("medium", "pimc-10: search over 10 sampled worlds"),
    ("hard", "expert, the strongest player"),
    ("default", "the player behind hints and analysis: expert"),
];

/// `BIDDER/CARD_PLAYER`: bids (and discards) as one player and plays the cards as another.
struct Split {
    name: String,
    bidder: Box<dyn Player>,
    card_player: Box<dyn Player>,
}

impl Player for Split {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, view: &GameView, budget: &Budget, rng: &mut ChaCha8Rng) -> Choice {
        if view.in_trick_play() {
            self.card_player.choose(view, budget, rng)
        } else {
            self.bidder.choose(view, budget, rng)
        }
    }
}

/// The player that hints and analysis use.
pub const DEFAULT_PLAYER: &str = "expert";

/// A count written plainly: digits, no sign, no leading zero (so "pimc-05" and "pimc-+5" are
/// not other names of `pimc-5`, which a report would print differently).
fn plain_count(text: &str) -> Option<u32> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && !text.starts_with('0');
    plain.then(|| text.parse().ok()).flatten()
}

/// The player a name stands for, as a match's report names it: a level as its player (`easy`
/// is `basic`, `medium` is `pimc-10`, `hard` and `default` are `expert`), any name as the
/// player names itself (`PIMC-5` is `pimc-5`), each half of a `BIDDER/PLAYER` alike. `euchre
/// sim` names its sides so, and reads an earlier board file's, and `euchre pool` its reports',
/// so that a match typed with levels pools and compares with one typed with the players' names.
///
/// # Errors
/// No player has the name.
pub fn canonical_name(given: &str) -> Result<String, UnknownPlayer> {
    let made = player(given)?;
    Ok(match given.split_once('/') {
        // Two players, no more: `player` refused a third.
        Some((bidder, card_player)) => format!("{}/{}", player(bidder)?.name(), player(card_player)?.name()),
        None => made.name(),
    })
}

/// Makes a player from its name (see [`PLAYERS`]).
///
/// # Errors
/// An unknown name, listing the known ones.
pub fn player(name: &str) -> Result<Box<dyn Player>, UnknownPlayer> {
    let lower = name.trim().to_ascii_lowercase();
    if let Some((bidder, card_player)) = lower.split_once('/') {
        // A measuring aid: which of two players' bidding or play makes the difference. Two
        // players, no more: `a/b/c` would read as a and the split b/c, a name no report writes;
        // and no fewer (`basic/` was "unknown player ''").
        if card_player.contains('/') || bidder.trim().is_empty() || card_player.trim().is_empty() {
            return Err(UnknownPlayer(name.to_string()));
        }
        return Ok(Box::new(Split {
            name: lower.clone(),
            bidder: player(bidder)?,
            card_player: player(card_player)?,
        }));
    }
    match lower.as_str() {
        "random" => Ok(Box::new(crate::random::RandomPlayer)),
        "basic" | "easy" => Ok(Box::new(crate::basic::BasicPlayer)),
        "basic-suits" => Ok(Box::new(crate::basic::SuitsOnlyBasic)),
        "medium" => Ok(Box::new(crate::pimc::Pimc::new(10))),
        "hard" | "default" => Ok(Box::new(crate::expert::Expert::new(
            "expert",
            crate::expert::ExpertConfig::DEFAULT,
        ))),
        _ if lower.starts_with("expert") => crate::expert::ExpertConfig::parse(&lower)
            .map(|c| Box::new(crate::expert::Expert::new(&lower, c)) as Box<dyn Player>)
            .ok_or_else(|| UnknownPlayer(name.to_string())),
        _ if lower.starts_with("pimc-win-") => lower
            .strip_prefix("pimc-win-")
            .and_then(plain_count)
            .filter(|n| (1..=crate::pimc::MAX_WORLDS).contains(n))
            .map(|n| Box::new(crate::pimc::Pimc::score_aware(n)) as Box<dyn Player>)
            .ok_or_else(|| UnknownPlayer(name.to_string())),
        _ => lower
            .strip_prefix("pimc-")
            .and_then(plain_count)
            .filter(|n| (1..=crate::pimc::MAX_WORLDS).contains(n))
            .map(|n| Box::new(crate::pimc::Pimc::new(n)) as Box<dyn Player>)
            .ok_or_else(|| UnknownPlayer(name.to_string())),
    }
}
