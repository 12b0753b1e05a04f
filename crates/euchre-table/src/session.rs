//! The table session: whose turn, a person's decision, a bot's job, saving.

use crate::holder::Holder;
use crate::save::{from_text, load, record_text, save_atomically};
use euchre::table::{AnyGame, AnyRules, Table};
use euchre::{Action, Seat};
use euchre_ai::seeds::{keyed_seed, mix_seed, BOT_SEEDS};
use euchre_ai::{player, Budget, Choice, GameView, UnknownPlayer};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::{Path, PathBuf};

/// What the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A person at this seat decides.
    Person(Seat),
    /// The bot at this seat decides ([`Session::bot_job`]).
    Bot(Seat),
    /// The deal is over; [`Session::next_deal`] starts the next.
    DealOver,
    /// The game is over.
    GameOver,
}

/// Why the table refused something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// Not this seat's turn, or not a person's.
    NotYourTurn { seat: Seat, turn: String },
    /// The engine refused the decision; nothing changed.
    Illegal { action: Action, reason: String },
    /// The seats do not fit the game, or a bot's name is not a player's.
    Seats(String),
    /// The game could not be saved (the game itself goes on).
    Save(String),
    /// A saved game could not be read back.
    Load(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NotYourTurn { seat, turn } => {
                write!(f, "it is not seat {seat}'s turn: {turn}")
            }
            TableError::Illegal { action, reason } => write!(f, "'{action}' is not allowed: {reason}"),
            TableError::Seats(m) | TableError::Save(m) | TableError::Load(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for TableError {}

/// A bot's decision to make, with everything it needs and nothing more: the seat's view (never
/// the deal), the player's name, the budget and the seed. Run it on any thread.
#[derive(Clone, Debug)]
pub struct BotJob {
    pub seat: Seat,
    pub view: GameView,
    pub player: String,
    pub budget: Budget,
    pub seed: u64,
}

impl BotJob {
    /// Makes the decision.
    ///
    /// # Errors
    /// The player's name is unknown (the table checks names when it is set up).
    pub fn run(&self) -> Result<Choice, UnknownPlayer> {
        let mut p = player(&self.player)?;
        Ok(p.choose(
            &self.view,
            &self.budget,
            &mut ChaCha8Rng::seed_from_u64(self.seed),
        ))
    }
}

/// One game at a table.
pub struct Session {
    game: AnyGame,
    holders: Vec<Holder>,
    budget: Budget,
    save_to: Option<PathBuf>,
    /// The secret the computer players' random numbers come from, if the game's seed must
    /// stay one ([`Session::with_bot_key`]).
    bot_key: Option<u64>,
}

fn check_holders(game: &AnyGame, holders: &[Holder]) -> Result<(), TableError> {
    if holders.len() != game.players() {
        return Err(TableError::Seats(format!(
            "{} seats given for a game of {} players",
            holders.len(),
            game.players()
        )));
    }
    for h in holders {
        // A name the game record would refuse to read back: the saved game could be neither
        // resumed nor taken back a decision (undo reads the record).
        let chars = h.name().chars().count();
        if chars > euchre_record::MAX_PLAYER_NAME_CHARS {
            return Err(TableError::Seats(format!(
                "a seat's name has {chars} characters; a saved game keeps at most {}",
                euchre_record::MAX_PLAYER_NAME_CHARS
            )));
        }
        match h {
            Holder::Bot(name) => {
                player(name).map_err(|e| TableError::Seats(e.to_string()))?;
            }
            Holder::Person(name) if player(name).is_ok() => {
                return Err(TableError::Seats(format!(
                    "a person can't be called '{name}': it is a computer player's name"
                )));
            }
            Holder::Person(name) if name.trim().is_empty() => {
                return Err(TableError::Seats("a person needs a name".into()));
            }
            Holder::Person(_) => {}
        }
    }
    Ok(())
}

impl Session {
    /// A new game of `rules` from `seed`, with a holder per seat. Saves to `save_to` (when
    /// given) at once and after every decision.
    ///
    /// # Errors
    /// The wrong number of seats, an unknown bot, or the first save failing.
    pub fn new(
        rules: AnyRules,
        seed: u64,
        holders: Vec<Holder>,
        budget: Budget,
        save_to: Option<PathBuf>,
    ) -> Result<Session, TableError> {
        let game = rules.new_game(seed);
        check_holders(&game, &holders)?;
        let s = Session {
            game,
            holders,
            budget,
            save_to,
            bot_key: None,
        };
        s.save()?;
        Ok(s)
    }

    /// A saved game, read back to go on where it stopped; its seats as the file names them (a
    /// computer player's name is that bot; any other name a person). Saves back to the same
    /// file.
    ///
    /// # Errors
    /// The file cannot be read, does not replay, or names no seats.
    pub fn resume(path: &Path, budget: Budget) -> Result<Session, TableError> {
        let saved = load(path).map_err(TableError::Load)?;
        let holders: Vec<Holder> = saved.names.iter().map(|n| Holder::from_name(n)).collect();
        check_holders(&saved.game, &holders)
            .map_err(|e| TableError::Load(format!("{}: {e}", path.display())))?;
        Ok(Session {
            game: saved.game,
            holders,
            budget,
            save_to: Some(path.to_path_buf()),
            bot_key: None,
        })
    }

    /// The same session with its computer players' random numbers drawn from `key`, a secret
    /// kept apart from the game's seed, rather than from that seed (review s48, finding 16).
    /// Without a key they come from the seed through [`mix_seed`], which is invertible: a
    /// bot's seed would give back the game's, and so every hand. That is fine where the seed
    /// is no secret (a game played at this computer, whose file holds it), not where it is
    /// (a server's table, whose players must not know the deal).
    #[must_use]
    pub fn with_bot_key(mut self, key: u64) -> Session {
        self.bot_key = Some(key);
        self
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn holders(&self) -> &[Holder] {
        &self.holders
    }

    /// Hands `seat` to another holder (a person who left is stood in for by a computer player,
    /// and takes the seat back). The decisions already taken stay as they are.
    ///
    /// # Errors
    /// No such seat, or a holder that could not sit ([`Session::new`]'s rules); nothing changes.
    pub fn set_holder(&mut self, seat: Seat, holder: Holder) -> Result<(), TableError> {
        let mut holders = self.holders.clone();
        let slot = holders
            .get_mut(seat.index())
            .ok_or_else(|| TableError::Seats(format!("there is no seat {seat}")))?;
        *slot = holder;
        check_holders(&self.game, &holders)?;
        self.holders = holders;
        Ok(())
    }

    /// Where the game is saved.
    pub fn save_path(&self) -> Option<&Path> {
        self.save_to.as_deref()
    }

    /// What the table waits for.
    pub fn turn(&self) -> Turn {
        match self.game.to_act() {
            Some(seat) if self.holders[seat.index()].is_bot() => Turn::Bot(seat),
            Some(seat) => Turn::Person(seat),
            None if self.game.is_over() => Turn::GameOver,
            None => Turn::DealOver,
        }
    }

    /// `seat`'s view of the game: all a front end may show that seat.
    pub fn view(&self, seat: Seat) -> GameView {
        GameView::of_game(&self.game, seat)
    }

    /// Decisions taken in the game so far (every deal's).
    pub fn decisions(&self) -> u64 {
        let count = match &self.game {
            AnyGame::Partnership(g) => g.all_deals().map(|d| d.history().len()).sum::<usize>(),
            AnyGame::Solo(g) => g.all_deals().map(|d| d.history().len()).sum::<usize>(),
        };
        count as u64
    }

    fn seed(&self) -> u64 {
        match &self.game {
            AnyGame::Partnership(g) => g.seed(),
            AnyGame::Solo(g) => g.seed(),
        }
    }

    /// The decision the bot to act must make, when it is a bot's turn.
    pub fn bot_job(&self) -> Option<BotJob> {
        let Turn::Bot(seat) = self.turn() else {
            return None;
        };
        Some(BotJob {
            seat,
            view: self.view(seat),
            player: self.holders[seat.index()].name().to_string(),
            budget: self.budget,
            // From the secret, or else the game's seed, and the decisions taken so far: the
            // same decision drawn again (the game read back) draws the same numbers.
            seed: match self.bot_key {
                Some(key) => keyed_seed(key, BOT_SEEDS, self.decisions()),
                None => mix_seed(self.seed(), self.decisions()),
            },
        })
    }

    /// `seat` decides `action`: a person's decision, or a bot's from its [`BotJob`]. Saves the
    /// game.
    ///
    /// # Errors
    /// Not that seat's turn, or the engine refuses the action (nothing changes); or the save
    /// fails (the decision stands).
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), TableError> {
        if self.game.to_act() != Some(seat) {
            return Err(TableError::NotYourTurn {
                seat,
                turn: format!("{:?}", self.turn()),
            });
        }
        self.game.apply(action).map_err(|e| TableError::Illegal {
            action,
            reason: e.to_string(),
        })?;
        self.save()
    }

    /// Takes back `seat`'s last decision in the current deal and every decision after it (a
    /// practice game's undo). Returns false when the seat has taken none in this deal.
    ///
    /// # Errors
    /// The save fails (the decisions are taken back all the same).
    pub fn undo(&mut self, seat: Seat) -> Result<bool, TableError> {
        let mut record = euchre_record::write_any(&self.game);
        let Some(deal) = record.games.last_mut().and_then(|g| {
            g.final_score = None;
            g.deals.last_mut()
        }) else {
            return Ok(false);
        };
        let Some(at) = deal
            .decisions
            .iter()
            .rposition(|(s, _)| usize::from(*s) == seat.index())
        else {
            return Ok(false);
        };
        deal.decisions.truncate(at);
        deal.points = None;
        deal.deductions = None;
        let text = serde_json::to_string(&record).map_err(|e| TableError::Load(e.to_string()))?;
        self.game = from_text(&text).map_err(TableError::Load)?.game;
        self.save()?;
        Ok(true)
    }

    /// Starts the next deal once the current one is over. Returns false when there is none
    /// (the deal is not over, or the game is).
    ///
    /// # Errors
    /// The save fails (the new deal stands).
    pub fn next_deal(&mut self) -> Result<bool, TableError> {
        if !self.game.next_deal() {
            return Ok(false);
        }
        self.save()?;
        Ok(true)
    }

    /// Writes the game to its file (a no-op without one).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self) -> Result<(), TableError> {
        let Some(path) = &self.save_to else {
            return Ok(());
        };
        let names: Vec<String> = self.holders.iter().map(|h| h.name().to_string()).collect();
        save_atomically(path, &record_text(&self.game, &names))
            .map_err(|e| TableError::Save(format!("saving {}: {e}", path.display())))
    }
}
