//! `euchre play` and `euchre watch`: the terminal game (ratatui on crossterm). The person sits
//! South against computer players; the table session (`euchre-table`) runs the game, saves it
//! after every decision and hands out the bots' decisions, which run on a thread of their own.

mod render;
pub mod state;

use anyhow::{Context, Result};
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::ExecutableCommand;
use euchre::table::{AnyGame, Table as _};
use euchre::{Action, Decisions, Rank, Seat};
use euchre_ai::analysis::{analyze_seat, RecordedDeal, ANALYSIS_SEED};
use euchre_ai::solver::Solver;
use euchre_ai::{Budget, Choice, DEFAULT_PLAYER};
use euchre_table::{Session, Turn};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use render::Overlay;
use state::{
    by_shortcut, card_of, choices, decision_prompt, hint_lines, rank_of_key, review_lines, suit_of_key,
    ReviewLine, Table,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// The Joker's key: RULES.md's letter for it (`B`). `on_key` takes it; the keys line and
/// the help name it.
const JOKER_KEY: char = 'b';

/// The terminal game's state: the session and what the screen shows of it.
pub struct App {
    pub session: Session,
    /// The person's seat (all bots: the seat whose cards are shown).
    pub me: Seat,
    pub table: Table,
    pub choices: Vec<Action>,
    pub cursor: usize,
    pub overlay: Option<Overlay>,
    pub status: String,
    /// A decision taken for the person (a pass with nothing else legal), said until the
    /// person's next decision or the next deal, under any other status.
    pub note: String,
    pub rules_name: String,
    pub colour: bool,
    pending_rank: Option<Rank>,
    /// Watching only: no person at the table.
    watch: bool,
    /// A practice game: `u` takes back the person's last decision.
    pub practice: bool,
    /// Deals reviewed so far (a deal is reviewed once).
    reviewed: usize,
    /// The person's decisions judged in the reviews so far, and the expected points they cost.
    judged: usize,
    lost: f64,
    /// The game was over when this program took it up (a finished game resumed): it was
    /// counted in the statistics when it ended, and is not counted again.
    over_at_start: bool,
    /// Why the last save failed, until one succeeds: leaving then would lose decisions.
    pub save_error: Option<String>,
    /// The overlay the leave question covers, shown again when the person stays.
    behind: Option<Overlay>,
    /// Once the game is over: what became of its statistics (counted as it ends, before the
    /// last review is closed, so that leaving then loses nothing).
    counted: Option<String>,
    /// Held while the game's file or the statistics are written (a change and its save, a
    /// finished game counted): a program ended from another thread (a closed terminal) waits
    /// for the write in progress.
    writing: Arc<Mutex<()>>,
}

impl App {
    pub fn new(session: Session, rules_name: String, watch: bool) -> App {
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        let me = session
            .holders()
            .iter()
            .position(|h| !h.is_bot())
            .map_or(Seat::new(0), |i| Seat::new(i as u8));
        let mut app = App {
            table: Table::of(&session.view(me)),
            session,
            me,
            choices: Vec::new(),
            cursor: 0,
            overlay: None,
            status: String::new(),
            note: String::new(),
            rules_name,
            colour,
            pending_rank: None,
            watch,
            practice: false,
            reviewed: 0,
            judged: 0,
            lost: 0.0,
            over_at_start: false,
            save_error: None,
            behind: None,
            counted: None,
            writing: Arc::new(Mutex::new(())),
        };
        app.over_at_start = app.session.game().is_over();
        app.note = app.cut_note().unwrap_or_default();
        app.refresh();
        app
    }

    /// Who the cut for partners (`partners = cut_high_low`) made the person's partner: the
    /// players were seated by the cards they cut, not in the order named (review s55).
    fn cut_note(&self) -> Option<String> {
        let AnyGame::Partnership(g) = self.session.game() else {
            return None;
        };
        if self.watch || g.rules().partners != euchre::rules::Partners::CutHighLow {
            return None;
        }
        let partner = self.session.holders()[self.me.partner().index()].name();
        Some(format!(
            "The cut for partners made {partner} your partner, across the table."
        ))
    }

    /// Whether this is `euchre watch` (no person at the table).
    pub fn watching(&self) -> bool {
        self.watch
    }

    /// Notes the outcome of a change the session saved: a failed save is said, and kept until
    /// a save succeeds.
    fn saved(&mut self, r: Result<(), euchre_table::TableError>) {
        match r {
            Ok(()) => {
                self.status.clear();
                self.save_error = None;
            }
            Err(e @ euchre_table::TableError::Save(_)) => {
                self.status = e.to_string();
                self.save_error = Some(e.to_string());
            }
            Err(e) => self.status = e.to_string(),
        }
    }

    /// Changes the session (a decision, the next deal, an undo), which saves it, under the
    /// lock a closed terminal's end waits for.
    fn change<T>(&mut self, f: impl FnOnce(&mut Session) -> T) -> T {
        let writing = Arc::clone(&self.writing);
        let _writing = locked(&writing);
        f(&mut self.session)
    }

    /// Starts the next deal (the review closed).
    fn next_deal(&mut self) {
        self.note.clear();
        let r = self.change(Session::next_deal).map(|_| ());
        self.saved(r);
        self.refresh();
    }

    /// Rebuilds what the screen shows after a change.
    fn refresh(&mut self) {
        let view = self.session.view(self.me);
        self.table = Table::of(&view);
        let choices = match self.session.turn() {
            Turn::Person(s) if s == self.me => {
                let legal: Vec<Action> = view.legal().iter().copied().collect();
                choices(&legal, &self.table.hand)
            }
            _ => Vec::new(),
        };
        // A new decision starts at its first choice, not where the last one was taken.
        if choices != self.choices {
            self.cursor = 0;
        }
        self.choices = choices;
    }

    /// The words before the choices.
    pub fn prompt(&self) -> String {
        match self.session.turn() {
            Turn::Person(_) => {
                let prompt =
                    decision_prompt(&self.choices, render::seat_role(self, self.me), &self.table.phase);
                // A bid with no pass among the choices: where a rule leaves the pass out
                // (stick the dealer), the prompt says why, as the engine does refusing one.
                let bidding = !self.choices.is_empty()
                    && !self.choices.contains(&Action::Pass)
                    && !self.choices.iter().any(|a| card_of(a).is_some());
                // Tried on a copy of the game: only where the pass is missing from a bid,
                // not on every frame.
                match bidding.then(|| self.refused(Action::Pass)).flatten() {
                    Some(e) => match state::no_pass_words(&e) {
                        Some(why) => format!("{} ({why}).", prompt.trim_end_matches('.')),
                        None => prompt,
                    },
                    None => prompt,
                }
            }
            Turn::Bot(s) => format!(
                "{} ({}) is thinking…",
                render::short_name(self, s),
                self.session.holders()[s.index()]
            ),
            Turn::DealOver | Turn::GameOver if self.review_due() => "Reviewing the deal…".into(),
            Turn::DealOver => "The deal is over: Enter deals the next.".into(),
            Turn::GameOver => "The game is over.".into(),
        }
    }

    /// The engine's refusal of `a` at the person's turn, if it refuses it: tried on a copy
    /// of the game, which the refusal leaves as it was anyway. `None` at another's turn.
    fn refused(&self, a: Action) -> Option<euchre::IllegalAction> {
        if !matches!(self.session.turn(), Turn::Person(s) if s == self.me) {
            return None;
        }
        let mut game = self.session.game().clone();
        game.apply(a).err()
    }

    /// Why the person may not take `a` now, in words (the engine's reason), if it says one.
    fn refusal(&self, a: Action) -> Option<String> {
        let e = self.refused(a)?;
        state::refusal_words(&e, a, self.table.trump.as_deref(), self.table.partnership)
    }

    /// Why a card the person named by its keys is not one of the choices: not held, or the
    /// rule that keeps it (the suit to follow, the upcard the dealer keeps).
    fn card_refused(&self, card: euchre::Card) -> String {
        // A card not in the hand is not a rule's refusal: say which. (A jambone name is a
        // card of another's hand.)
        let kind = self.choices.iter().copied().find(|a| card_of(a).is_some());
        let naming = matches!(kind, Some(Action::Name(_)));
        if !self.table.hand.contains(&card) && !naming {
            let held = if card.is_joker() {
                "the Joker".to_string()
            } else {
                render::card_text(card)
            };
            return format!("You do not hold {held}.");
        }
        kind.and_then(|k| state::on_card(k, card))
            .and_then(|a| self.refusal(a))
            .unwrap_or_else(|| "That card is not one you may choose now.".into())
    }

    /// Whether the pack has a Joker (British Euchre, Railroad): `b` then names it.
    fn joker_in_pack(&self) -> bool {
        matches!(self.session.game(), AnyGame::Partnership(g) if g.rules().joker)
    }

    /// The Joker's key (`JOKER_KEY`, RULES.md's letter for it): takes it where it is a choice, else
    /// says why not. A rank typed before it is dropped, with its prompt.
    fn joker_key(&mut self) {
        if self.pending_rank.take().is_some() {
            self.status.clear();
        }
        match self
            .choices
            .iter()
            .copied()
            .find(|a| card_of(a) == Some(euchre::Card::JOKER))
        {
            Some(a) => self.take(a),
            None => self.status = self.card_refused(euchre::Card::JOKER),
        }
    }

    /// The person takes `a`.
    fn take(&mut self, a: Action) {
        let me = self.me;
        let r = self.change(|s| s.act(me, a));
        self.saved(r);
        self.note.clear();
        self.pending_rank = None;
        self.refresh();
    }

    /// Whether the person's decision is none: a pass is all that is legal (Railroad's jamboree
    /// question to a hand without one, Bid Euchre's auction past the top bid). The game does
    /// not stop for it.
    fn nothing_to_decide(&self) -> bool {
        !self.watch && self.choices == [Action::Pass] && matches!(self.session.turn(), Turn::Person(_))
    }

    /// Takes a decision that is none for the person, and says so.
    fn pass_for_the_person(&mut self) {
        let phase = render::phase_words(&self.table.phase);
        let what = state::nothing_to(&self.table.phase);
        self.take(Action::Pass);
        self.note = format!("{phase}: you had nothing to {what}, so you passed.");
    }

    /// A bot's decision arrives.
    fn bot_done(&mut self, seat: Seat, choice: Choice) {
        let r = self.change(|s| s.act(seat, choice.action));
        self.saved(r);
        self.refresh();
    }

    /// Takes back the person's last decision of this deal (practice games only), when it is
    /// the person's turn (no bot is thinking then).
    fn undo(&mut self) {
        if !self.practice {
            self.status = "Undo is for practice games (euchre play --practice).".into();
            return;
        }
        if self.choices.is_empty() {
            return;
        }
        // A pass taken for the person is no decision of theirs: taken back, it would be taken
        // again at once, so the one before it is taken back too, and with none before it
        // nothing is (the game would be taken back and saved, and the same pass taken again).
        if !self.own_decision_in_deal() {
            self.status = "Nothing of yours to take back in this deal.".into();
            return;
        }
        let me = self.me;
        loop {
            match self.change(|s| s.undo(me)) {
                Ok(true) => {
                    self.saved(Ok(()));
                    self.note.clear();
                    self.refresh();
                    if self.nothing_to_decide() {
                        continue;
                    }
                    self.status = "Taken back.".into();
                }
                Ok(false) => self.status = "Nothing of yours to take back in this deal.".into(),
                Err(e) => self.saved(Err(e)),
            }
            break;
        }
        self.refresh();
    }

    /// Whether the person has taken a decision of their own in this deal: one where more than
    /// a pass was legal (a pass with nothing else legal was taken for them).
    pub(super) fn own_decision_in_deal(&self) -> bool {
        if !self.table.decided {
            return false;
        }
        let Ok(deal) = self.recorded_deal() else {
            // The deal cannot be replayed here: the session's undo says what there is.
            return true;
        };
        let mut state = deal.start;
        for (seat, a) in deal.history {
            let legal = state.legal_actions();
            if seat == self.me && !(legal.len() == 1 && legal.contains(&Action::Pass)) {
                return true;
            }
            if state.apply(a).is_err() {
                return true;
            }
        }
        false
    }

    /// The deal in progress (or just over) as dealt, with its decisions so far.
    fn recorded_deal(&self) -> Result<RecordedDeal, String> {
        // The scores before this deal, though it may be over and scored already.
        // The finished deals' changes added to the start, the game's own arithmetic.
        match self.session.game() {
            AnyGame::Partnership(g) => {
                let start = euchre::game::Tally::starting_at(g.initial_score());
                let before = g.finished_deals().iter().fold(start, euchre::game::Tally::after);
                RecordedDeal::of_deal(g.deal(), self.deal_number(), before)
            }
            AnyGame::Solo(g) => {
                let mut before = g.initial_scores().to_vec();
                let finished = g.all_deals().count() - 1;
                for d in g.all_deals().take(finished) {
                    euchre::solo::game::add_change(&mut before, d);
                }
                RecordedDeal::of_solo_deal(g.deal(), self.deal_number(), before)
            }
        }
    }

    /// The number of the deal in progress (or just over), from 1.
    fn deal_number(&self) -> u32 {
        match self.session.game() {
            AnyGame::Partnership(g) => g.deals_started(),
            AnyGame::Solo(g) => g.all_deals().count() as u32,
        }
    }

    fn hint(&mut self) {
        if self.choices.is_empty() {
            self.status = "A hint is for your turn.".into();
            return;
        }
        let view = self.session.view(self.me);
        let Ok(mut p) = euchre_ai::player(DEFAULT_PLAYER) else {
            return;
        };
        let seed = self.session.decisions();
        // As long as the server's hint at most: the slow variants' decisions can take seconds.
        let choice = p.choose(
            &view,
            &Budget::millis(2_000),
            &mut rand::SeedableRng::seed_from_u64(seed),
        );
        self.overlay = Some(Overlay::Hint {
            player: p.name(),
            best: choice.action,
            lines: hint_lines(
                &choice.values,
                &choice.outlooks,
                &choice.close,
                view.in_trick_play(),
            ),
        });
    }

    /// The review of the deal just finished, to work out (on a thread of its own: the solver
    /// and the analysis can take a second): each card the person played with its exact value,
    /// and the person's decisions that cost expected points, costliest first.
    fn review_job(&self) -> ReviewJob {
        let scores = self.session.game().scores();
        let number = self.deal_number();
        let mut heading = format!(
            "Deal {number} is over. Score: {}",
            render::score_words(self, &scores)
        );
        if let Some(chips) = render::chips_words(self) {
            heading.push_str(&format!("\n{chips}"));
        }
        if let Some(why) = self.thrown_in_words() {
            heading.push_str(&format!("\n{why}"));
        }
        // The box covers the table: the last trick, which may have gone by fast, is said here.
        if let Some(last) = render::last_trick_words(self) {
            heading.push_str(&format!("\nLast trick: {last}"));
        }
        ReviewJob {
            heading,
            recorded: self.recorded_deal().ok(),
            me: self.me,
        }
    }

    /// A deal thrown in, in words: everyone passed (the deal passes on), or a farmer's hand
    /// (the same dealer deals again); `None` for a deal played.
    fn thrown_in_words(&self) -> Option<String> {
        let game = self.session.game();
        let (why, next) = match game {
            AnyGame::Partnership(g) if g.deal().thrown_in_for_farmers() => {
                ("A farmer's hand", euchre::game::next_dealer(g.deal()))
            }
            AnyGame::Partnership(g) if g.deal().passed_out() => {
                ("Everyone passed", euchre::game::next_dealer(g.deal()))
            }
            AnyGame::Solo(g) if g.deal().passed_out() => {
                let dealer = g.deal().dealer().index();
                (
                    "Everyone passed",
                    Seat::new(((dealer + 1) % self.table.players) as u8),
                )
            }
            _ => return None,
        };
        let who = if next == self.me && !self.watch {
            "you".to_string()
        } else {
            render::short_name(self, next).to_string()
        };
        Some(if game.is_over() {
            format!("{why}: the deal is thrown in.")
        } else if next == self.table.dealer {
            format!("{why}: the deal is thrown in, and the same dealer deals again.")
        } else {
            format!("{why}: the deal is thrown in and passes to {who}.")
        })
    }

    /// Whether the deal just finished is yet to be reviewed: the review is being worked out,
    /// and Enter does not deal on until it has been shown (a quick Enter skipped it).
    fn review_due(&self) -> bool {
        !self.watch
            && !self.over_at_start
            && matches!(self.session.turn(), Turn::DealOver | Turn::GameOver)
            && self.reviewed < self.deals_done()
    }

    /// Shows a deal's review once worked out, and counts what it judged.
    fn show_review(&mut self, r: Reviewed) {
        self.reviewed = self.deals_done();
        self.judged += r.judged;
        self.lost += r.lost;
        self.overlay = Some(r.overlay);
    }

    /// Works out the review of the deal just finished here and now, and shows it.
    #[cfg(test)]
    fn review(&mut self) -> Overlay {
        let r = self.review_job().run();
        self.show_review(r);
        self.overlay.clone().expect("the review shown")
    }

    /// Handles a key; returns false to leave.
    fn on_key(&mut self, key: KeyEvent) -> bool {
        if key.kind != KeyEventKind::Press {
            return true;
        }
        // Ctrl-C leaves at once, as in any terminal program (the game is saved after every
        // decision); other keys with Ctrl or Alt held are not the letters' shortcuts.
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return false;
        }
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return true;
        }
        if let Some(o) = self.overlay.clone() {
            return self.on_overlay_key(&o, key.code);
        }
        let n = self.choices.len();
        match key.code {
            KeyCode::Esc => self.ask_to_leave(),
            // `q` is also the queen's key: with a queen to choose, `q h` takes the queen of
            // hearts and `q q` asks to leave.
            KeyCode::Char('q') if self.pending_rank.is_none() && self.queen_to_choose() => {
                self.pending_rank = Some(Rank::Queen);
                self.status = "Q… now the suit (c d h s), or q again to leave".into();
            }
            KeyCode::Char('q') => self.ask_to_leave(),
            KeyCode::Char('l') if self.pending_rank.is_none() => {
                if self.table.last_trick.is_some() {
                    self.overlay = Some(Overlay::LastTrick);
                } else {
                    self.status = "No trick has been taken in this deal yet.".into();
                }
            }
            // `?` is the hint, as on the browser's page; the help has `h` and F1 (`h` after a
            // rank is the hearts of a card's name).
            KeyCode::Char('h') if self.pending_rank.is_none() => self.show_help(),
            KeyCode::F(1) => self.show_help(),
            KeyCode::Char('?') => self.hint(),
            KeyCode::Char('u') if self.pending_rank.is_none() => self.undo(),
            KeyCode::Char('m') if self.pending_rank.is_none() => self.overlay = Some(Overlay::Markers),
            KeyCode::Left | KeyCode::Up if n > 0 => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Right | KeyCode::Down | KeyCode::Tab if n > 0 => self.cursor = (self.cursor + 1) % n,
            KeyCode::Enter | KeyCode::Char(' ') => {
                if let Some(&a) = self.choices.get(self.cursor) {
                    self.take(a);
                } else if self.session.turn() == Turn::DealOver && !self.review_due() {
                    // The review closed without dealing on: Enter deals on. Not before it has
                    // been shown, though.
                    self.next_deal();
                }
            }
            KeyCode::Char('p') if self.pending_rank.is_none() => {
                if self.choices.contains(&Action::Pass) {
                    self.take(Action::Pass);
                } else {
                    self.status = self
                        .refusal(Action::Pass)
                        .unwrap_or_else(|| "Passing is not allowed now.".into());
                }
            }
            // A watcher holds no card: the Joker's key is no one's (as the other keys that act
            // say nothing of a hand in a watched game).
            KeyCode::Char(JOKER_KEY) if self.joker_in_pack() && !self.watch => self.joker_key(),
            KeyCode::Char(c) => self.on_shortcut(c),
            _ => {}
        }
        true
    }

    /// Opens the box of the keys the game takes now. A rank typed is dropped with its prompt:
    /// the box lists the keys of the table as it is without it.
    fn show_help(&mut self) {
        if self.pending_rank.take().is_some() {
            self.status.clear();
        }
        self.overlay = Some(Overlay::Help);
    }

    fn ask_to_leave(&mut self) {
        self.pending_rank = None;
        self.status.clear();
        self.overlay = Some(Overlay::ConfirmQuit);
    }

    /// Whether a queen is among the cards the person may choose now.
    fn queen_to_choose(&self) -> bool {
        self.choices
            .iter()
            .filter_map(card_of)
            .any(|c| c.rank() == Some(Rank::Queen))
    }

    /// A card shortcut: a rank key, then a suit key (`j h` for the jack of hearts).
    fn on_shortcut(&mut self, c: char) {
        if let Some(rank) = self.pending_rank.take() {
            if let Some(suit) = suit_of_key(c) {
                match by_shortcut(&self.choices, rank, suit) {
                    Some(i) => {
                        let a = self.choices[i];
                        self.take(a);
                    }
                    None => self.status = self.card_refused(euchre::Card::new(rank, suit)),
                }
                return;
            }
            // Not a suit: the rank typed is dropped, and so is the prompt asking for its suit
            // (a `q` now asks to leave again, as the prompt no longer says otherwise).
            self.status.clear();
        }
        if let Some(rank) = rank_of_key(c) {
            self.pending_rank = Some(rank);
            self.status = format!("{}… now the suit (c d h s)", rank.letter());
        }
    }

    fn on_overlay_key(&mut self, o: &Overlay, code: KeyCode) -> bool {
        match o {
            // Only a yes leaves, only a no stays: any other key (a card's shortcut typed on)
            // does nothing here.
            Overlay::ConfirmQuit => match code {
                KeyCode::Char('y' | 'Y') => return false,
                KeyCode::Char('n' | 'N') | KeyCode::Esc => self.overlay = self.behind.take(),
                _ => {}
            },
            // Only Enter deals on: a stray key would otherwise close the review unread and act
            // in a deal not yet seen. The keys line's `l` and `m` show their box over it, and
            // the review comes back when that closes, as it does when the person stays.
            Overlay::Review { .. } => {
                let over = match code {
                    KeyCode::Enter => {
                        self.overlay = None;
                        self.next_deal();
                        return true;
                    }
                    KeyCode::Char('q') | KeyCode::Esc => Overlay::ConfirmQuit,
                    KeyCode::Char('l') if self.table.last_trick.is_some() => Overlay::LastTrick,
                    KeyCode::Char('m') if self.table.partnership => Overlay::Markers,
                    KeyCode::Char('h') | KeyCode::F(1) => Overlay::Help,
                    _ => return true,
                };
                self.behind = Some(o.clone());
                self.overlay = Some(over);
            }
            Overlay::Summary(_) => return false,
            Overlay::Hint { .. } | Overlay::Markers | Overlay::LastTrick | Overlay::Help => {
                self.overlay = self.behind.take()
            }
        }
        true
    }

    /// A click on a card of the hand, or on a choice after the prompt: takes it (a click on
    /// a mark of more choices moves the cursor to them). Where each is drawn on a screen of
    /// `width` by `height` is the drawing's own layout.
    fn on_click(&mut self, column: u16, row: u16, width: u16, height: u16) {
        if self.overlay.is_some() || self.choices.is_empty() || render::too_small(width, height) {
            return;
        }
        let zones = render::areas(self, ratatui::layout::Rect::new(0, 0, width, height));
        let take = if row == zones.hand.y {
            let (_, places) = render::hand_line(self);
            let col = column.saturating_sub(zones.hand.x);
            places
                .iter()
                .find(|&&(_, x, w)| col >= x && col < x + w)
                .and_then(|&(c, _, _)| self.choices.iter().position(|a| card_of(a) == Some(c)))
        } else if row >= zones.choices.y {
            let rows = render::choice_rows(self, &zones);
            let (_, places) = render::choice_lines(self, zones.choices.width, rows);
            let (row, col) = (row - zones.choices.y, column.saturating_sub(zones.choices.x));
            match places
                .iter()
                .find(|p| p.row == row && col >= p.x && col < p.x + p.width)
                .map(|p| p.hit)
            {
                Some(render::Hit::Take(i)) => Some(i),
                Some(render::Hit::Show(i)) => {
                    self.cursor = i;
                    None
                }
                None => None,
            }
        } else {
            None
        };
        if let Some(&a) = take.and_then(|i| self.choices.get(i)) {
            self.take(a);
        }
    }
}

/// The exact value of the card played at decision `index` (from 1) of a recorded deal and of the
/// best card there, every hand known; `None` for other decisions. Every card of every game:
/// the individual games' solver values a first lead in milliseconds (docs/players.md).
fn exact_values(deal: &RecordedDeal, index: usize, taken: Action) -> Option<(f64, f64)> {
    if !matches!(taken, Action::Play(_)) {
        return None;
    }
    let mut state = deal.start.clone();
    for &(_, a) in deal.history.iter().take(index - 1) {
        state.apply(a).ok()?;
    }
    let values = Solver::new().action_values(&state);
    let mine = values.iter().find(|(a, _)| *a == taken)?.1;
    let best = values.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max);
    Some((mine, best))
}

/// A finished deal's review to work out: its heading, the deal as recorded, and whose
/// decisions it judges.
struct ReviewJob {
    heading: String,
    recorded: Option<RecordedDeal>,
    me: Seat,
}

/// A deal's review, worked out: the box to show, and how many of the person's decisions it
/// judged with the expected points they cost.
struct Reviewed {
    overlay: Overlay,
    judged: usize,
    lost: f64,
}

impl ReviewJob {
    fn run(self) -> Reviewed {
        let ReviewJob {
            heading,
            recorded,
            me,
        } = self;
        let Some(recorded) = recorded else {
            return Reviewed {
                overlay: Overlay::Review {
                    heading,
                    lines: Vec::new(),
                },
                judged: 0,
                lost: 0.0,
            };
        };
        let lines: Vec<ReviewLine> = match analyze_seat(&recorded, DEFAULT_PLAYER, ANALYSIS_SEED, me) {
            Ok(a) => a
                .judged
                .iter()
                .map(|j| ReviewLine {
                    decision: j.index,
                    taken: j.taken,
                    best: j.best,
                    loss: j.loss,
                    exact: exact_values(&recorded, j.index, j.taken),
                    close: j.close(),
                    win_difference: j.win_difference,
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        Reviewed {
            judged: lines.len(),
            lost: lines.iter().map(|l| l.loss).sum::<f64>(),
            overlay: Overlay::Review {
                heading,
                lines: review_lines(lines),
            },
        }
    }
}

impl App {
    /// On a screen too small to show the table only leaving works (the keys that ask, and the
    /// question's answers): nothing is chosen, and no review or box closed, unseen (Enter
    /// under a review no one could see dealt the next deal).
    fn takes_on_a_small_screen(&self, k: &KeyEvent) -> bool {
        is_leave_key(k) || self.overlay == Some(Overlay::ConfirmQuit)
    }
}

/// The keys that leave or ask to (they work on any screen).
fn is_leave_key(k: &KeyEvent) -> bool {
    matches!(k.code, KeyCode::Esc | KeyCode::Char('q'))
        || (k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c'))
}

/// A bot's seat and its decision (`None` when its player could not be made).
type BotAnswer = (Seat, Option<Choice>);

/// Puts the terminal back as it was: on leaving, on an error, and on a panic.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = disable_raw_mode();
        let mut out = std::io::stdout();
        let _ = out.execute(DisableMouseCapture);
        let _ = out.execute(LeaveAlternateScreen);
        let _ = out.execute(crossterm::cursor::Show);
    }
}

/// How the terminal game ended.
pub struct Ended {
    /// The signal that stopped it, if one did (so that the program's exit status can say so,
    /// as a shell expects of a killed program).
    pub signal: Option<i32>,
    /// What to print once the terminal is back as it was: where the game is saved, and the
    /// command that goes on with it (the leave question's words are gone with the screen).
    pub farewell: String,
}

/// Runs the game on the terminal until the person leaves or the game ends.
///
/// # Errors
/// The terminal cannot be used.
pub fn run(
    session: Session,
    rules_name: String,
    watch: bool,
    practice: bool,
    pace: Duration,
    lock: crate::file_lock::Held,
) -> Result<Ended> {
    // Killed (`kill`, `timeout`) or the terminal closed (SIGHUP): leave the loop, so that the
    // terminal is put back as it was and the game's lock file is removed. The game is saved
    // after every decision already. A second SIGTERM or SIGINT ends the program at once (a
    // person insisting); a second SIGHUP does not, as a closing terminal's shell passes its
    // own SIGHUP on to the game that the system has just sent one.
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let signals = [SIGTERM, SIGINT, SIGHUP];
    let stops = signals.map(|_| Arc::new(AtomicBool::new(false)));
    for (signal, stop) in signals.iter().zip(&stops) {
        // Conditional on any of the flags: a SIGINT after a SIGTERM ends it at once too.
        if *signal != SIGHUP {
            for flag in &stops {
                signal_hook::flag::register_conditional_shutdown(*signal, 1, Arc::clone(flag))
                    .context("setting up signal handling")?;
            }
        }
        signal_hook::flag::register(*signal, Arc::clone(stop)).context("setting up signal handling")?;
    }
    let stopped_by = || {
        signals
            .iter()
            .zip(&stops)
            .find(|(_, stop)| stop.load(Ordering::Relaxed))
            .map(|(signal, _)| *signal)
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        drop(Restore);
        hook(info);
    }));
    // Which of input and output are the terminal, to see it hang up.
    let line = TerminalLine::now();
    enable_raw_mode().context("the terminal cannot be put in raw mode (is this a terminal?)")?;
    let _restore = Restore;
    let mut out = std::io::stdout();
    out.execute(EnterAlternateScreen)?;
    out.execute(EnableMouseCapture)?;
    // `Restore` puts the terminal back, each step's failure ignored. ratatui's own drop shows
    // the cursor too, and on a terminal that has hung up writes that failure with `eprintln!`
    // to the closed terminal, which panics there: a closed terminal's game then ended with a
    // panic's 101, not 129 (CI once; here about one hangup in 30). So it is never dropped,
    // on a panic's way out either.
    let mut terminal = std::mem::ManuallyDrop::new(Terminal::new(CrosstermBackend::new(out))?);
    let mut app = App::new(session, rules_name, watch);
    app.practice = practice;
    let lock = Arc::new(Mutex::new(Some(lock)));
    end_on_hangup(Arc::clone(&lock), Arc::clone(&app.writing))?;
    // A terminal closed under the game fails to draw or read: after a signal, or once the
    // terminal is seen hung up without one (the watcher may not have ended the program yet),
    // that is the hangup's end, not an error (whose message would go to the closed terminal).
    let played = play_loop(&mut terminal, &mut app, pace, &stopped_by);
    let ended = match played {
        Err(e) if stopped_by().is_none() && !line.gone() => Err(e),
        _ => Ok(Ended {
            signal: stopped_by().or_else(|| line.gone().then_some(signal_hook::consts::SIGHUP)),
            farewell: app.farewell(),
        }),
    };
    // Every save is done: the game's file is free for another program.
    drop(locked(&lock).take());
    ended
}

/// A mutex's value, also after a panic while it was held (what it guards stays usable).
fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// How long a closed terminal's game has to end by itself before it is ended.
const HANGUP_GRACE: Duration = Duration::from_millis(500);

/// Ends the program on a closed terminal if the game has not ended by itself a moment later:
/// reading a terminal that has gone, crossterm reads its end of file for ever (at over half a
/// core) and the game's loop never runs again. A closed terminal is known by its SIGHUP or, as
/// a parent may catch that signal and not pass it on, by its line no longer answering as a
/// terminal (checked a few times a second). The save or the statistics' write in progress, if
/// any, is finished first, the game's lock file removed and the terminal put back as it was (a
/// `kill -HUP` with the terminal still open, while a review or a hint is worked out, left it in
/// raw mode on the alternate screen); the exit status is the shell's for SIGHUP (129).
///
/// # Errors
/// The signal cannot be watched.
fn end_on_hangup(lock: Arc<Mutex<Option<crate::file_lock::Held>>>, writing: Arc<Mutex<()>>) -> Result<()> {
    use signal_hook::consts::SIGHUP;
    let end = move || {
        std::thread::sleep(HANGUP_GRACE);
        let _writing = locked(&writing);
        drop(locked(&lock).take());
        // As the panic hook does: no destructor runs past `exit`.
        drop(Restore);
        std::process::exit(128 + SIGHUP);
    };
    let mut hangups = signal_hook::iterator::Signals::new([SIGHUP]).context("setting up signal handling")?;
    let on_signal = end.clone();
    std::thread::spawn(move || {
        if hangups.forever().next().is_some() {
            on_signal();
        }
    });
    let line = TerminalLine::now();
    std::thread::spawn(move || loop {
        std::thread::sleep(LINE_CHECK);
        if line.gone() {
            end();
        }
    });
    Ok(())
}

/// How often the terminal's line is checked for a hangup that sent no signal.
const LINE_CHECK: Duration = Duration::from_millis(250);

/// Which of standard input and output were a terminal when the game started.
#[derive(Clone, Copy)]
struct TerminalLine {
    input: bool,
    output: bool,
}

impl TerminalLine {
    fn now() -> Self {
        use std::io::IsTerminal;
        TerminalLine {
            input: std::io::stdin().is_terminal(),
            output: std::io::stdout().is_terminal(),
        }
    }

    /// Whether a terminal the game started on has hung up: the system then refuses every
    /// terminal request on it, so it is no longer taken for one.
    fn gone(self) -> bool {
        let now = TerminalLine::now();
        (self.input && !now.input) || (self.output && !now.output)
    }
}

/// Draws, hands out the bots' decisions and reads keys until the person leaves or
/// `stopped_by` names a signal.
fn play_loop(
    terminal: &mut Terminal<CrosstermBackend<std::io::Stdout>>,
    app: &mut App,
    pace: Duration,
    stopped_by: &dyn Fn() -> Option<i32>,
) -> Result<()> {
    // The bot decision being made on its thread, if any.
    let mut pending: Option<mpsc::Receiver<BotAnswer>> = None;
    // The deal's review being worked out on its thread, if any.
    let mut reviewing: Option<mpsc::Receiver<Reviewed>> = None;
    let mut last_move = Instant::now();
    while stopped_by().is_none() {
        terminal.draw(|f| render::draw(f, app))?;
        if app.overlay.is_none() {
            match app.session.turn() {
                Turn::Bot(_) if pending.is_none() => {
                    if let Some(job) = app.session.bot_job() {
                        let (tx, rx) = mpsc::channel();
                        std::thread::spawn(move || {
                            let _ = tx.send((job.seat, job.run().ok()));
                        });
                        pending = Some(rx);
                    }
                }
                // At the pace of the computer players' moves, as if it were one of theirs.
                Turn::Person(_) if app.nothing_to_decide() && last_move.elapsed() >= pace => {
                    app.pass_for_the_person();
                    last_move = Instant::now();
                }
                Turn::DealOver if app.watch && app.reviewed < app.deals_done() => {
                    app.reviewed = app.deals_done();
                    std::thread::sleep(pace * 3);
                    let _ = app.change(Session::next_deal);
                    app.refresh();
                }
                // The deal's review is worked out on a thread while the table stays (the prompt
                // says so); the deciding deal is reviewed too, before the summary.
                Turn::DealOver | Turn::GameOver if app.review_due() => match &reviewing {
                    None => {
                        let job = app.review_job();
                        let (tx, rx) = mpsc::channel();
                        std::thread::spawn(move || {
                            let _ = tx.send(job.run());
                        });
                        reviewing = Some(rx);
                    }
                    Some(rx) => {
                        let r = match rx.try_recv() {
                            Ok(r) => Some(r),
                            // The thread failed: the review without the judged decisions.
                            Err(mpsc::TryRecvError::Disconnected) => Some(
                                ReviewJob {
                                    recorded: None,
                                    ..app.review_job()
                                }
                                .run(),
                            ),
                            Err(mpsc::TryRecvError::Empty) => None,
                        };
                        if let Some(r) = r {
                            reviewing = None;
                            app.show_review(r);
                            // The game is counted as it ends, with its last review's cost: a
                            // person who leaves at that review loses nothing.
                            if app.session.turn() == Turn::GameOver {
                                count_the_game(app);
                            }
                            // Drawn before any key is read: a key is taken over the review
                            // only once it is on the screen.
                            continue;
                        }
                    }
                },
                Turn::GameOver if app.counted.is_none() => count_the_game(app),
                Turn::GameOver => {
                    let recorded = app.counted.clone().unwrap_or_default();
                    app.overlay = Some(Overlay::Summary(format!("{}\n{recorded}", summary(app))));
                }
                _ => {}
            }
        }
        if let Some(rx) = &pending {
            if last_move.elapsed() >= pace {
                if let Ok((seat, choice)) = rx.try_recv() {
                    pending = None;
                    match choice {
                        Some(c) => app.bot_done(seat, c),
                        None => app.status = "a computer player failed to decide".into(),
                    }
                    last_move = Instant::now();
                }
            }
        }
        if event::poll(Duration::from_millis(25))? {
            match event::read()? {
                Event::Key(k) => {
                    let size = terminal.size()?;
                    if render::too_small(size.width, size.height) && !app.takes_on_a_small_screen(&k) {
                        continue;
                    }
                    let before = app.session.decisions();
                    if !app.on_key(k) {
                        break;
                    }
                    // The computer players' pace counts from the person's last decision, not
                    // from any key (keys pressed while they think would hold them up).
                    if app.session.decisions() != before {
                        last_move = Instant::now();
                    }
                }
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    let size = terminal.size()?;
                    app.on_click(m.column, m.row, size.width, size.height);
                }
                // A resize redraws on the next pass.
                _ => {}
            }
        }
    }
    Ok(())
}

impl App {
    /// Where the game is saved and how to go on with it, for the terminal once the game's
    /// screen is gone; empty when it is not saved anywhere.
    fn farewell(&self) -> String {
        let Some(path) = self.session.save_path() else {
            return String::new();
        };
        match &self.save_error {
            Some(e) => format!("The last save failed: {e}"),
            None if self.session.game().is_over() => format!("Saved as {}", path.display()),
            None => format!("Saved: resume with {}", render::resume_command(self)),
        }
    }

    /// Deals finished in the game (the current one when it is over).
    fn deals_done(&self) -> usize {
        let (count, current_done) = match self.session.game() {
            AnyGame::Partnership(g) => (g.all_deals().count(), g.deal().is_done()),
            AnyGame::Solo(g) => (g.all_deals().count(), g.deal().is_done()),
        };
        count - usize::from(!current_done)
    }
}

/// Counts the finished game in the statistics, and keeps what became of it for the summary;
/// under the lock of the game's file: a closed terminal's end waits, so that a game saved as
/// over is counted. A finished game resumed is counted only if it was not as it ended (a hangup
/// during its last review).
fn count_the_game(app: &mut App) {
    let writing = Arc::clone(&app.writing);
    let _writing = locked(&writing);
    app.counted = Some(if !has_a_person(app) {
        // The statistics are the games people played here: a game of computer players alone
        // (`euchre watch`) is no one's, and would fill the bots' rows with games no one asked
        // them to keep.
        "A watched game is not counted in the statistics: no seat was yours.".to_string()
    } else if app.over_at_start && counted_already(app) {
        "It was counted in the statistics when it ended.".to_string()
    } else {
        match record_stats(app) {
            Ok(path) => format!("Counted in the statistics ({}): euchre stats", path.display()),
            Err(e) => format!("Not counted in the statistics: {e}"),
        }
    });
}

/// Whether a person holds a seat of the game (not a game watched, computer players alone).
fn has_a_person(app: &App) -> bool {
    !app.watch && app.session.holders().iter().any(|h| !h.is_bot())
}

/// Adds the finished game to the statistics database (`euchre stats`), with the cost of the
/// person's decisions as the reviews judged them. Returns the database's path.
fn record_stats(app: &App) -> Result<std::path::PathBuf, String> {
    use euchre_stats::{timestamp, GameSummary, SeatKind, Store};
    let path = Store::default_path().map_err(|e| e.to_string())?;
    let mut store = Store::open(&path).map_err(|e| e.to_string())?;
    let holders = app.session.holders();
    let names: Vec<String> = holders.iter().map(|h| h.name().to_string()).collect();
    let kinds: Vec<SeatKind> = holders
        .iter()
        .map(|h| {
            if h.is_bot() {
                SeatKind::Bot
            } else {
                SeatKind::Person
            }
        })
        .collect();
    // Only the person's decisions were judged; the others' cost is not known.
    let mistakes: Vec<f64> = holders
        .iter()
        .map(|h| {
            if !h.is_bot() && app.judged > 0 {
                app.lost
            } else {
                f64::NAN
            }
        })
        .collect();
    let id = game_id(app);
    let mut summary = GameSummary::of_game(app.session.game(), &id, &names, &kinds, Some(&mistakes));
    summary.finished = Some(timestamp(std::time::SystemTime::now()));
    store.record_game(&summary).map_err(|e| e.to_string())?;
    Ok(path)
}

/// The game's name in the statistics: its file, in full (two games saved as `game.json` in two
/// folders are two games); a game saved nowhere is named by the time.
fn game_id(app: &App) -> String {
    app.session.save_path().map_or_else(
        || format!("game-{}", euchre_stats::timestamp(std::time::SystemTime::now())),
        |p| {
            std::fs::canonicalize(p)
                .unwrap_or_else(|_| p.to_path_buf())
                .display()
                .to_string()
        },
    )
}

/// Whether the game is in the statistics database already.
fn counted_already(app: &App) -> bool {
    use euchre_stats::Store;
    Store::default_path()
        .and_then(|path| Store::open(&path))
        .and_then(|store| store.has_game(&game_id(app)))
        .unwrap_or(false)
}

/// Under laps or slams (Keller, Railroad), how many games the winners' points count for, by
/// the engine's rule (`games_from_points`, RULES.md §7): "16 to 0 counts as 6 games (laps and
/// slams)"; `None` under other rules, where a game won is one game.
fn games_words(game: &euchre::Game, winners: usize) -> Option<String> {
    let rules = game.rules();
    let which = match (rules.laps, rules.slams) {
        (true, true) => "laps and slams",
        (true, false) => "laps",
        (false, true) => "slams",
        (false, false) => return None,
    };
    let (won, _) = game.match_result();
    let games = won[winners];
    let scores = game.score();
    Some(format!(
        "{} to {} counts as {games} game{} ({which})",
        scores[winners],
        scores[1 - winners],
        if games == 1 { "" } else { "s" }
    ))
}

fn summary(app: &App) -> String {
    let g = app.session.game();
    let winner = match (g.winner(), g) {
        (Some(w), AnyGame::Partnership(_)) if app.watch => {
            if w == app.me.team().index() {
                "North and South win.".to_string()
            } else {
                "West and East win.".to_string()
            }
        }
        (Some(w), AnyGame::Partnership(_)) => {
            if w == app.me.team().index() {
                "You and your partner win.".to_string()
            } else {
                "West and East win.".to_string()
            }
        }
        (Some(w), AnyGame::Solo(_)) if w == app.me.index() && !app.watch => "You win.".to_string(),
        (Some(w), AnyGame::Solo(_)) => {
            let seat = Seat::new(w as u8);
            format!(
                "{} ({}) wins.",
                render::short_name(app, seat),
                app.session.holders()[w]
            )
        }
        (None, _) => "No winner.".into(),
    };
    // Under laps or slams, what the winners' points count for (the engine's rule).
    let winner = match (g.winner(), g) {
        (Some(w), AnyGame::Partnership(game)) => match games_words(game, w) {
            Some(games) => format!("{}: {games}.", winner.trim_end_matches('.')),
            None => winner,
        },
        _ => winner,
    };
    let saved = app
        .session
        .save_path()
        .map(|p| format!("Saved as {}", p.display()))
        .unwrap_or_default();
    let review = if app.watch || app.judged == 0 {
        String::new()
    } else {
        format!(
            "Your {} decisions with a choice cost {:.2} expected points ({:.3} each).\n",
            app.judged,
            app.lost,
            app.lost / app.judged as f64
        )
    };
    let deals = app.deals_done();
    let chips = render::chips_words(app)
        .map(|c| format!("{c}\n"))
        .unwrap_or_default();
    format!(
        "Final score {}. {winner}\n{chips}{deals} deal{} played.\n{review}{saved}",
        render::score_words(app, &g.scores()),
        if deals == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;
    use euchre::table::AnyRules;
    use euchre::Suit;
    use euchre_table::Holder;

    pub(super) fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    /// A table where it is the person's turn (seed 5: South discards first).
    pub(super) fn app() -> App {
        app_of("north-american", 4, 5)
    }

    /// A game of `preset` for `players`, the person in seat 0 and `basic` in the others, up to
    /// the person's first turn.
    pub(super) fn app_of(preset: &str, players: usize, seed: u64) -> App {
        app_with(AnyRules::preset(preset).unwrap(), preset, players, seed)
    }

    /// North American rules where a hand whose one trump is a jack may not make it trump: a
    /// pass alone is legal then.
    fn two_trumps() -> AnyRules {
        let mut rules = AnyRules::preset("north-american").unwrap();
        rules.set("trump_requirement", "two_trumps").unwrap();
        rules
    }

    /// A game under `rules` (`preset`'s, changed) as `app_of` makes one.
    fn app_with(rules: AnyRules, preset: &str, players: usize, seed: u64) -> App {
        let mut holders = vec![Holder::Person("You".into())];
        holders.resize(players, Holder::Bot("basic".into()));
        let mut s = Session::new(rules, seed, holders, Budget::UNLIMITED, None).unwrap();
        while let Some(job) = s.bot_job() {
            let c = job.run().unwrap();
            s.act(job.seat, c.action).unwrap();
        }
        App::new(s, preset.into(), false)
    }

    /// Under the cut for partners the person is told who the cut made their partner; with
    /// fixed partners nothing is said.
    #[test]
    fn the_person_is_told_who_the_cut_made_their_partner() {
        let note = |cut: bool| {
            let mut rules = AnyRules::preset("north-american").unwrap();
            if cut {
                rules.set("partners", "cut_high_low").unwrap();
            }
            let holders = vec![
                Holder::Bot("basic".into()),
                Holder::Person("You".into()),
                Holder::Bot("pimc-2".into()),
                Holder::Bot("random".into()),
            ];
            let s = Session::new(rules, 3, holders, Budget::UNLIMITED, None).unwrap();
            App::new(s, "north-american".into(), false).note
        };
        assert_eq!(
            note(true),
            "The cut for partners made random your partner, across the table."
        );
        assert_eq!(note(false), "");
    }

    /// Plays on to the end of the deal: the computer players' turns, and Enter (the first
    /// choice) at the person's.
    pub(super) fn to_the_deals_end(a: &mut App) {
        play_until(a, |a| a.session.turn() == Turn::DealOver);
    }

    /// Plays on until `done` holds: the computer players' turns, and Enter (the first choice)
    /// at the person's; a finished deal's review is taken as shown and closed, unread.
    pub(super) fn play_until(a: &mut App, done: impl Fn(&App) -> bool) {
        while !done(a) {
            match a.session.bot_job() {
                Some(job) => {
                    let c = job.run().unwrap();
                    a.bot_done(job.seat, c);
                }
                None => {
                    if a.review_due() {
                        a.reviewed = a.deals_done();
                    }
                    assert!(a.on_key(key(KeyCode::Enter)));
                }
            }
        }
    }

    /// A deal's review (and its hint) values the deal at the score before it, though the deal
    /// is over and scored: the score-aware players would read a score that is not the deal's.
    #[test]
    fn a_finished_deal_is_valued_at_the_score_before_it() {
        for (preset, players, seed) in [
            ("north-american", 4, 5),
            ("three-handed", 3, 3),
            ("bid-euchre", 4, 5),
        ] {
            let mut a = app_of(preset, players, seed);
            let start = a.session.game().scores().to_vec();
            to_the_deals_end(&mut a);
            assert_ne!(
                a.session.game().scores(),
                start.as_slice(),
                "{preset}: the deal scores"
            );
            assert_eq!(a.recorded_deal().unwrap().scores, start, "{preset}");
            // The second deal's, before it ends: the first deal's score.
            let after_first = a.session.game().scores().to_vec();
            a.reviewed = a.deals_done();
            assert!(a.on_key(key(KeyCode::Enter)));
            assert_eq!(a.recorded_deal().unwrap().scores, after_first, "{preset}");
        }
    }

    /// The review values every card of an individual game exactly, the first lead too (more
    /// than 12 cards in play), and no card above the best.
    #[test]
    fn the_review_values_every_card_of_an_individual_game_exactly() {
        for (preset, players) in [("three-handed", 3), ("bid-euchre", 4)] {
            let mut a = app_of(preset, players, 3);
            to_the_deals_end(&mut a);
            let AnyGame::Solo(g) = a.session.game() else {
                unreachable!("{preset} is an individual game")
            };
            let recorded = RecordedDeal::of_solo_deal(g.deal(), 1, g.scores().to_vec()).unwrap();
            let mut state = recorded.start.clone();
            let mut valued = 0;
            for (i, &(_, action)) in recorded.history.iter().enumerate() {
                if matches!(action, Action::Play(_)) {
                    let in_play = euchre_ai::pimc::solo_cards_left(&state).unwrap();
                    if valued == 0 {
                        assert!(in_play > euchre_ai::pimc::SOLO_EXACT_CARDS, "{preset}: {in_play}");
                    }
                    let (mine, best) = exact_values(&recorded, i + 1, action)
                        .unwrap_or_else(|| panic!("{preset}: card {i} not valued"));
                    assert!(mine <= best + 1e-9, "{preset}: {mine} above the best {best}");
                    valued += 1;
                }
                state.apply(action).unwrap();
            }
            assert!(valued >= 15, "{preset}: {valued} cards");
        }
    }

    /// Railroad's jamboree question to a hand without one (a pass, nothing else legal) does not
    /// stop the game: it is taken for the person and said until the person's next decision;
    /// a practice game's undo goes back past it (taken back alone, it would be taken again).
    #[test]
    fn a_pass_with_nothing_else_legal_is_taken_for_the_person() {
        let (mut a, prompt, before) = (0..200)
            .find_map(|seed| {
                let mut a = app_of("railroad", 4, seed);
                // The person makes trump where it may (not alone), so as to be asked.
                while !a.nothing_to_decide() && a.session.turn() != Turn::DealOver {
                    match a.session.bot_job() {
                        Some(job) => {
                            let c = job.run().unwrap();
                            a.bot_done(job.seat, c);
                        }
                        None => {
                            let make = a.choices.iter().copied().find(|c| {
                                matches!(
                                    c,
                                    Action::Order { alone: false } | Action::Call { alone: false, .. }
                                ) || *c == Action::Partner
                            });
                            a.take(make.unwrap_or(a.choices[0]));
                        }
                    }
                }
                if !a.nothing_to_decide() {
                    return None;
                }
                let (prompt, before) = (a.prompt(), a.session.decisions());
                a.pass_for_the_person();
                // A computer player decides next: its decision is to leave the note.
                a.session.bot_job().is_some().then_some((a, prompt, before))
            })
            .expect("a seed where the person has nothing to claim, a computer player next");
        assert_eq!(prompt, "Your turn: nothing to choose here: passing for you…");
        assert_eq!(a.session.decisions(), before + 1);
        assert_eq!(a.note, "Jamboree: you had nothing to claim, so you passed.");
        assert!(!a.nothing_to_decide());
        // The computer players' decisions after it leave the note.
        let job = a.session.bot_job().unwrap();
        let c = job.run().unwrap();
        a.bot_done(job.seat, c);
        assert!(!a.note.is_empty());
        assert!(render::tests::screen(&a, 80, 24).contains("you had nothing to claim"));
        a.practice = true;
        play_until(&mut a, |a| !a.choices.is_empty());
        // At the person's first card: the pass is passed over to the decision that made trump.
        a.undo();
        assert_eq!(a.status, "Taken back.");
        assert!(a.session.decisions() < before, "back past the pass");
        assert!(!a.nothing_to_decide());
        assert!(a.note.is_empty());
    }

    /// A pass alone legal where there is no claim to make (round 1 under the trump
    /// requirement, a lone jack of the upcard's suit) is said as nothing to choose, not
    /// nothing to claim.
    #[test]
    fn a_pass_alone_legal_outside_a_claim_says_nothing_to_choose() {
        let mut a = (0..400)
            .map(|seed| app_with(two_trumps(), "north-american", 4, seed))
            .find(|a| a.nothing_to_decide() && a.table.phase == "bidding1")
            .expect("a seed where the person may only pass in round 1");
        assert_eq!(a.prompt(), "Your turn: nothing to choose here: passing for you…");
        a.pass_for_the_person();
        assert_eq!(
            a.note,
            "Bidding, round 1: you had nothing to choose, so you passed."
        );
    }

    /// A pass taken for the person as their only decision in the deal (round 1 under the
    /// trump requirement, trump then made in round 1) leaves nothing to take back: the game is
    /// not taken back (and saved) to take the same pass again.
    #[test]
    fn a_pass_taken_for_the_person_alone_is_nothing_to_take_back() {
        let mut a = (0..400)
            .map(|seed| app_with(two_trumps(), "north-american", 4, seed))
            .find(|a| a.nothing_to_decide() && !a.table.decided)
            .expect("a seed where the person's first decision is a pass alone legal");
        a.pass_for_the_person();
        play_until(&mut a, |a| !a.choices.is_empty() && !a.nothing_to_decide());
        a.practice = true;
        assert!(!a.own_decision_in_deal());
        let (before, status) = (a.session.decisions(), a.note.clone());
        a.undo();
        assert_eq!(a.status, "Nothing of yours to take back in this deal.");
        assert_eq!(a.session.decisions(), before, "nothing taken back");
        assert_eq!(a.note, status, "the pass is still said");
        assert!(!render::key_words(&a).join("  ").contains("u undo"));
    }

    /// A Keller (1887) game from `initial` points, its first deal as given (dealer, the four
    /// hands, the upcard, the decisions so far), up to the person's turn: a game record written
    /// into `dir` and resumed, as the tester's edited files were (it is saved there as it goes).
    fn keller_from(dir: &std::path::Path, initial: [i32; 2], deal: serde_json::Value) -> App {
        let rules = AnyRules::preset("keller-1887").unwrap();
        let s = Session::new(
            rules,
            52,
            vec![Holder::Person("You".into())]
                .into_iter()
                .chain(vec![Holder::Bot("basic".into()); 3])
                .collect(),
            Budget::UNLIMITED,
            None,
        )
        .unwrap();
        let names: Vec<String> = s.holders().iter().map(|h| h.name().to_string()).collect();
        let mut record: serde_json::Value =
            serde_json::from_str(&euchre_table::record_text(s.game(), &names)).unwrap();
        record["games"][0]["initial_score"] = serde_json::json!(initial);
        record["games"][0]["deals"] = serde_json::json!([deal]);
        let path = dir.join("game.json");
        std::fs::write(&path, record.to_string()).unwrap();
        let s = Session::resume(&path, Budget::UNLIMITED).unwrap();
        App::new(s, "keller-1887".into(), false)
    }

    /// Under laps and slams the summary says what the winners' points count for, as the
    /// engine reckons it (session 46, finding 3: only the points were said). RULES.md §7's
    /// worked example: a side at 4 against 0 that scores a jamboree (16) has 20 points, four
    /// games in 5-point laps, each a slam: eight games. From 0, the same jamboree is 16 points:
    /// three laps, each a slam, six games (1 point over).
    #[test]
    fn the_summary_counts_the_games_under_laps_and_slams() {
        // South holds a jamboree in spades; North and East have passed.
        let deal = serde_json::json!({
            "dealer": 1,
            "hands": [["JS", "JC", "AS", "KS", "QS"], ["9S", "9C", "TC", "QC", "KC"],
                      ["AC", "9D", "TD", "JD", "QD"], ["KD", "AD", "9H", "TH", "JH"]],
            "upcard": "TS",
            "decisions": [[2, "pass"], [3, "pass"]]
        });
        for (initial, said) in [
            (
                [4, 0],
                "You and your partner win: 20 to 0 counts as 8 games (laps and slams).",
            ),
            (
                [0, 0],
                "You and your partner win: 16 to 0 counts as 6 games (laps and slams).",
            ),
        ] {
            let dir = std::env::temp_dir().join(format!("euchre-play-laps-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let mut a = keller_from(&dir, initial, deal.clone());
            while !a.session.game().is_over() {
                match a.session.bot_job() {
                    Some(job) => {
                        let c = job.run().unwrap();
                        a.bot_done(job.seat, c);
                    }
                    None => {
                        let want = [Action::Order { alone: false }, Action::Jamboree];
                        let take = want
                            .into_iter()
                            .find(|w| a.choices.contains(w))
                            .unwrap_or(a.choices[0]);
                        a.take(take);
                    }
                }
            }
            let text = summary(&a);
            assert!(text.contains(said), "{text}");
            // The box shows it whole, broken between words, above its last line.
            a.overlay = Some(Overlay::Summary(text));
            let s = render::tests::screen(&a, 80, 24);
            // The box's rows, inside its borders.
            let flat = s
                .lines()
                .filter_map(|l| l.split('│').nth(2).filter(|_| l.matches('│').count() >= 4))
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(flat.contains(said), "{s}");
            assert!(flat.contains("q or Enter: leave"), "{s}");
            std::fs::remove_dir_all(&dir).unwrap();
        }
        // Without laps or slams a game is a game: nothing more is said.
        let AnyGame::Partnership(g) = app().session.game().clone() else {
            unreachable!("the partnership game")
        };
        assert_eq!(games_words(&g, 0), None);
    }

    /// Canadian's dealer's partner may order up only alone: the prompt says why plain `order`
    /// is missing (session 46, finding 7), on the screen too.
    #[test]
    fn canadian_says_why_the_dealers_partner_orders_up_only_alone() {
        let a = (0..100)
            .map(|seed| app_of("canadian", 4, seed))
            .find(|a| a.choices.contains(&Action::Order { alone: true }) && a.me.partner() == a.table.dealer)
            .expect("a seed where the dealer's partner is asked to order up");
        assert!(!a.choices.contains(&Action::Order { alone: false }));
        let why = "(the Canadian rule: the dealer's partner orders up only alone)";
        assert!(a.prompt().ends_with(&format!("pass {why}.")), "{}", a.prompt());
        let s = render::tests::screen(&a, 80, 24);
        assert!(s.contains("[order alone]") && s.contains("only alone)."), "{s}");
    }

    /// A deal everyone passed is said as thrown in, and who deals the next (session 46,
    /// finding 15: only "Deal 1 is over" was said).
    #[test]
    fn a_deal_everyone_passed_is_said_thrown_in() {
        for (preset, players) in [("three-handed", 3), ("north-american", 4)] {
            let mut a = (0..200)
                .find_map(|seed| {
                    let mut a = app_of(preset, players, seed);
                    // The person passes whenever passing is legal.
                    while a.session.turn() != Turn::DealOver {
                        match a.session.bot_job() {
                            Some(job) => {
                                let c = job.run().unwrap();
                                a.bot_done(job.seat, c);
                            }
                            None => {
                                let pass = a.choices.iter().copied().find(|c| *c == Action::Pass);
                                a.take(pass.unwrap_or(a.choices[0]));
                            }
                        }
                    }
                    a.table.maker.is_none().then_some(a)
                })
                .unwrap_or_else(|| panic!("{preset}: a seed where everyone passes"));
            let Overlay::Review { heading, .. } = a.review() else {
                unreachable!("a review")
            };
            let next = match a.session.game() {
                AnyGame::Partnership(g) => euchre::game::next_dealer(g.deal()),
                AnyGame::Solo(g) => Seat::new(((g.deal().dealer().index() + 1) % players) as u8),
            };
            let who = if next == a.me {
                "you"
            } else {
                render::short_name(&a, next)
            };
            let said = format!("Everyone passed: the deal is thrown in and passes to {who}.");
            assert!(heading.contains(&said), "{preset}: {heading}");
        }
    }

    /// Set-Back's stakes are shown where the score is: the pool in the title, each player's
    /// chips and the pool in the review and the summary (session 46, finding 6: an ante was
    /// never seen).
    #[test]
    fn set_backs_stakes_are_shown_with_the_score() {
        let mut rules = AnyRules::preset("set-back").unwrap();
        for (option, value) in [
            ("players", "3"),
            ("declare", "true"),
            ("ante", "1"),
            ("euchre_stake", "1"),
        ] {
            rules.set(option, value).unwrap();
        }
        let mut a = app_with(rules, "set-back", 3, 82);
        let s = render::tests::screen(&a, 80, 24);
        assert!(s.lines().next().unwrap().contains(" · East 5 · pool 3 "), "{s}");
        play_until(&mut a, |a| a.session.game().is_over());
        let AnyGame::Solo(g) = a.session.game() else {
            unreachable!("Set-Back is an individual game")
        };
        let (chips, pool) = (g.chips().to_vec(), g.pool());
        assert_eq!(chips.iter().sum::<i64>() + pool as i64, 0, "chips are conserved");
        let said = render::chips_words(&a).unwrap();
        assert!(
            said.starts_with("Chips: You ") && said.ends_with(&format!(" · pool {pool}")),
            "{said}"
        );
        assert!(summary(&a).contains(&said), "{}", summary(&a));
        let Overlay::Review { heading, .. } = a.review() else {
            unreachable!("a review")
        };
        assert!(heading.contains(&said), "{heading}");
        // Without stakes nothing is said of chips.
        assert_eq!(render::chips_words(&app_of("set-back", 4, 82)), None);
    }

    #[test]
    fn q_asks_before_leaving_and_only_y_or_n_answers() {
        let mut a = app();
        assert!(!a.choices.is_empty(), "the person's turn");
        a.pending_rank = None;
        assert!(a.on_key(key(KeyCode::Esc)));
        assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
        // A card's shortcut typed into the question does nothing: no card is taken.
        let before = a.session.decisions();
        for c in ['c', 'd', 'h', 's', 'q', 'j'] {
            assert!(a.on_key(key(KeyCode::Char(c))));
            assert_eq!(a.overlay, Some(Overlay::ConfirmQuit), "{c}");
        }
        assert_eq!(a.session.decisions(), before);
        assert!(a.on_key(key(KeyCode::Char('n'))));
        assert_eq!(a.overlay, None);
        assert!(a.on_key(key(KeyCode::Esc)));
        assert!(!a.on_key(key(KeyCode::Char('y'))), "y leaves");
    }

    #[test]
    fn with_a_queen_to_choose_q_and_a_suit_take_it_and_q_q_asks_to_leave() {
        let mut a = app();
        let queen = a
            .choices
            .iter()
            .filter_map(card_of)
            .find(|c| c.rank() == Some(Rank::Queen));
        let Some(q) = queen else {
            // Without a queen `q` asks at once.
            a.on_key(key(KeyCode::Char('q')));
            assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
            return;
        };
        a.on_key(key(KeyCode::Char('q')));
        assert_eq!(a.overlay, None, "{}", a.status);
        a.on_key(key(KeyCode::Char('q')));
        assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
        a.on_key(key(KeyCode::Char('n')));
        let before = a.session.decisions();
        a.on_key(key(KeyCode::Char('q')));
        let suit = q.suit().unwrap().letter().to_ascii_lowercase();
        a.on_key(key(KeyCode::Char(suit)));
        assert_eq!(a.session.decisions(), before + 1, "{}", a.status);
    }

    /// A rank typed, then a key that is not a suit: the shortcut is dropped, and its prompt
    /// with it (after `q`, the prompt's "q again to leave" would no longer hold).
    #[test]
    fn a_dropped_card_shortcut_takes_its_prompt_away() {
        let mut a = app();
        a.on_key(key(KeyCode::Char('k')));
        assert!(a.status.contains("now the suit"), "{}", a.status);
        a.on_key(key(KeyCode::Char('x')));
        assert_eq!(a.pending_rank, None);
        assert!(a.status.is_empty(), "{}", a.status);
        // Another rank replaces the prompt rather than leaving the first.
        a.on_key(key(KeyCode::Char('k')));
        a.on_key(key(KeyCode::Char('a')));
        assert!(a.status.starts_with("A…"), "{}", a.status);
    }

    /// A card's shortcut for a card not in the hand says so (session 46, finding 17: "That
    /// card is not one you may choose now." for a K♠ not held); a card held that may not be
    /// chosen is refused with the rule's reason.
    #[test]
    fn a_shortcut_for_a_card_not_held_says_so() {
        let mut a = app();
        let all = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]
            .into_iter()
            // The 24-card pack: nine to ace.
            .flat_map(|s| Rank::ALL[2..].iter().map(move |&r| euchre::Card::new(r, s)));
        let missing = all.clone().find(|c| !a.table.hand.contains(c)).unwrap();
        let before = a.session.decisions();
        for k in card_keys(missing) {
            a.on_key(key(KeyCode::Char(k)));
        }
        assert_eq!(
            a.status,
            format!("You do not hold {}.", render::card_text(missing))
        );
        assert_eq!(a.session.decisions(), before);
        // Held, but not to be chosen now: the play, following suit.
        // (A queen's `q` is the queen's key only with a queen to choose.)
        type_a_card_that_does_not_follow(&mut a);
        assert!(a.status.starts_with("You must follow "), "{}", a.status);
    }

    /// Plays on until the person, to play, holds a card it may not choose (one not following
    /// suit), and types that card's keys.
    fn type_a_card_that_does_not_follow(a: &mut App) {
        let refused = |a: &App| {
            a.table.hand.iter().copied().find(|c| {
                !a.choices.iter().any(|x| card_of(x) == Some(*c))
                    && (c.rank() != Some(Rank::Queen) || a.queen_to_choose())
            })
        };
        play_until(a, |a| {
            a.table.phase == "play" && !a.choices.is_empty() && refused(a).is_some()
        });
        for k in card_keys(refused(a).unwrap()) {
            a.on_key(key(KeyCode::Char(k)));
        }
    }

    /// The keys that name a card, as a person types them (`t` for the ten).
    fn card_keys(c: euchre::Card) -> [char; 2] {
        let rank = match c.rank().unwrap().letter() {
            'T' => 't',
            l => l.to_ascii_lowercase(),
        };
        [rank, c.suit().unwrap().letter().to_ascii_lowercase()]
    }

    /// A card held that may not be chosen is refused with the rule's reason, the engine's:
    /// the suit to follow and a card that follows it, or the upcard this preset keeps the
    /// dealer from discarding (terminal tester s52, 4: "That card is not one you may choose
    /// now.", with no reason).
    #[test]
    fn a_card_held_but_refused_says_why() {
        // The dealer's discard: the upcard is in the hand, and not a choice.
        let mut a = (0..200)
            .map(|seed| app_of("north-american", 4, seed))
            .find(|a| {
                a.table.phase == "discard"
                    && a.table.upcard.is_some_and(|u| {
                        !a.choices.contains(&Action::Discard(u))
                            && (u.rank() != Some(Rank::Queen) || a.queen_to_choose())
                    })
            })
            .expect("a seed where the person discards, the upcard in hand");
        let up = a.table.upcard.unwrap();
        let before = a.session.decisions();
        for k in card_keys(up) {
            a.on_key(key(KeyCode::Char(k)));
        }
        assert_eq!(a.session.decisions(), before);
        assert_eq!(
            a.status,
            "The upcard may not be discarded (dealer_may_discard_upcard is off)."
        );
        // Whole on the screen, on the status line.
        let s = render::tests::screen(&a, 80, 24);
        assert!(s.contains(&a.status), "{s}");
        // The play: a card that does not follow suit.
        type_a_card_that_does_not_follow(&mut a);
        assert!(a.status.starts_with("You must follow "), "{}", a.status);
        let follows = a.choices.iter().filter_map(card_of).any(|c| {
            a.status
                .ends_with(&format!(" (you hold {}).", render::card_text(c)))
        });
        assert!(follows, "{}: {:?}", a.status, a.choices);
    }

    /// Stick the dealer: the prompt says why there is no pass, and so does `p` refused
    /// (terminal tester s52, 5: "Passing is not allowed now.", with no reason).
    #[test]
    fn stick_the_dealer_says_why_the_dealer_may_not_pass() {
        let stuck = |a: &App| {
            a.table.phase == "bidding2" && !a.choices.is_empty() && !a.choices.contains(&Action::Pass)
        };
        let mut a = (0..300)
            .find_map(|seed| {
                let mut a = app_of("tournament", 4, seed);
                loop {
                    if stuck(&a) {
                        return Some(a);
                    }
                    if let Some(job) = a.session.bot_job() {
                        let c = job.run().unwrap();
                        a.bot_done(job.seat, c);
                    } else if a.table.phase.starts_with("bidding") && a.choices.contains(&Action::Pass) {
                        a.take(Action::Pass);
                    } else {
                        return None;
                    }
                }
            })
            .expect("a seed where everyone passes to the person, dealing");
        assert_eq!(a.table.dealer, a.me);
        assert_eq!(
            a.prompt(),
            "Your turn: name trump (stick the dealer: the dealer may not pass)."
        );
        let before = a.session.decisions();
        assert!(a.on_key(key(KeyCode::Char('p'))));
        assert_eq!(a.session.decisions(), before);
        assert_eq!(
            a.status,
            "You may not pass: stick the dealer makes the dealer name trump."
        );
        // The prompt and the reason whole on the screen, the reason on as many rows as it
        // takes where there are rows to spare.
        for (w, h) in [(80, 24), (60, 24)] {
            let s = render::tests::screen(&a, w, h);
            let flat = s
                .lines()
                .map(|l| l.trim_matches(|c| c == '│' || c == ' '))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                flat.contains("(stick the dealer: the dealer may not pass)"),
                "{s}"
            );
            assert!(flat.contains(&a.status), "{w}x{h}: {s}");
        }
    }

    /// The Joker has a key of its own, RULES.md's letter `b`, offered on the keys line and in
    /// the help (terminal tester s52, 11: it could be played with the arrows only).
    #[test]
    fn the_joker_is_taken_with_b() {
        let has_joker = |a: &App| a.choices.iter().any(|c| card_of(c) == Some(euchre::Card::JOKER));
        let mut a = (0..200)
            .find_map(|seed| {
                let mut a = app_of("british", 4, seed);
                play_until(&mut a, |a| has_joker(a) || a.session.turn() == Turn::DealOver);
                has_joker(&a).then_some(a)
            })
            .expect("a British seed where the person may take the Joker");
        a.cursor = a
            .choices
            .iter()
            .position(|c| card_of(c) == Some(euchre::Card::JOKER))
            .unwrap();
        assert!(
            render::key_words(&a).iter().any(|k| k == "b: Jk"),
            "{:?}",
            render::key_words(&a)
        );
        let help = render::help_entries(&a);
        assert!(
            help.iter()
                .any(|(k, what)| k == "b" && what.contains("the Joker")),
            "{help:?}"
        );
        a.cursor = 0;
        let taken = a.choices[a.cursor..]
            .iter()
            .copied()
            .find(|c| card_of(c) == Some(euchre::Card::JOKER))
            .unwrap();
        let before = a.session.decisions();
        assert!(a.on_key(key(KeyCode::Char(JOKER_KEY))));
        assert_eq!(a.session.decisions(), before + 1, "{}", a.status);
        let AnyGame::Partnership(g) = a.session.game() else {
            unreachable!("British Euchre is a partnership game")
        };
        let (seat, last) = *g.deal().history().last().unwrap();
        assert_eq!((seat, last), (a.me, taken));
    }

    /// Over the deciding deal's review the keys line offers Enter, as it does over every other
    /// review (terminal tester s52, 12: it left Enter out).
    #[test]
    fn the_deciding_deals_review_offers_enter() {
        let mut rules = AnyRules::preset("north-american").unwrap();
        rules.set("winning_score", "1").unwrap();
        let mut a = app_with(rules, "north-american", 4, 5);
        play_until(&mut a, |a| a.session.turn() == Turn::GameOver);
        a.review();
        assert_eq!(a.session.turn(), Turn::GameOver);
        let keys = render::key_words(&a);
        assert!(keys.iter().any(|k| k == "Enter summary"), "{keys:?}");
        let s = render::tests::screen(&a, 80, 24);
        assert!(row_of(&s, "q quit").contains("Enter summary"), "{s}");
        assert!(s.contains("Enter: the game's summary"), "{s}");
    }

    /// The row of a screen holding `text`.
    fn row_of<'a>(s: &'a str, text: &str) -> &'a str {
        s.lines()
            .find(|l| l.contains(text))
            .unwrap_or_else(|| panic!("no {text:?}: {s}"))
    }

    #[test]
    fn ctrl_c_leaves_and_other_ctrl_letters_are_not_shortcuts() {
        let mut a = app();
        let before = a.session.decisions();
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        for c in ['p', 's', 'q', 'j', 'h'] {
            assert!(a.on_key(ctrl(c)));
        }
        assert_eq!(a.session.decisions(), before);
        assert_eq!(a.overlay, None);
        assert!(!a.on_key(ctrl('c')), "Ctrl-C leaves");
    }

    #[test]
    fn a_computer_player_thinking_is_named_by_its_seat() {
        let mut a = app();
        let chosen = a.choices[0];
        a.take(chosen);
        let Turn::Bot(seat) = a.session.turn() else {
            panic!("a computer player's turn after the discard")
        };
        let name = render::short_name(&a, seat);
        assert_eq!(a.prompt(), format!("{name} (basic) is thinking…"));
    }

    #[test]
    fn a_new_decision_starts_at_its_first_choice() {
        let mut a = app();
        a.cursor = a.choices.len() - 1;
        let chosen = a.choices[a.cursor];
        a.take(chosen);
        while let Some(job) = a.session.bot_job() {
            let c = job.run().unwrap();
            a.bot_done(job.seat, c);
        }
        assert!(!a.choices.is_empty());
        assert_eq!(a.cursor, 0);
    }

    #[test]
    fn the_last_trick_stays_until_the_next_is_led_and_l_shows_it() {
        let mut a = app();
        assert!(a.on_key(key(KeyCode::Char('l'))));
        assert_eq!(a.overlay, None, "no trick yet");
        // Play on (the person takes the first choice) until the first trick is taken.
        while a.table.last_trick.is_none() {
            match a.session.bot_job() {
                Some(job) => {
                    let c = job.run().unwrap();
                    a.bot_done(job.seat, c);
                }
                None => assert!(a.on_key(key(KeyCode::Enter))),
            }
        }
        // The trick box shows the four cards and who took it.
        let (_, cards, winner) = a.table.last_trick.clone().unwrap();
        assert_eq!(cards.len(), 4);
        assert!(a.table.trick.is_empty(), "no new trick led yet");
        let words = render::last_trick_words(&a).unwrap();
        assert!(words.contains(" led "), "{words}");
        assert!(
            words.ends_with(&format!("{} took it", render::short_name(&a, winner))),
            "{words}"
        );
        assert!(a.on_key(key(KeyCode::Char('l'))));
        assert_eq!(a.overlay, Some(Overlay::LastTrick));
        assert!(a.on_key(key(KeyCode::Enter)));
        assert_eq!(a.overlay, None);
    }

    #[test]
    fn arrows_move_over_the_choices_and_enter_takes_one() {
        let mut a = app();
        let n = a.choices.len();
        assert!(n > 1);
        a.on_key(key(KeyCode::Left));
        assert_eq!(a.cursor, n - 1, "wraps round");
        a.on_key(key(KeyCode::Right));
        assert_eq!(a.cursor, 0);
        let chosen = a.choices[0];
        let before = a.session.decisions();
        a.on_key(key(KeyCode::Enter));
        assert_eq!(a.session.decisions(), before + 1);
        // The first choice was the discard of the first legal card of the sorted hand.
        assert!(a
            .table
            .bidding
            .iter()
            .any(|(s, w)| *s == a.me && *w == chosen.to_string()));
    }

    /// Over a deal's review only Enter deals on: `l` and `m` show the last trick and the
    /// markers over it (the keys line offers them), closing back to the review; `q` asks to
    /// leave; any other key does nothing, and above all takes no decision in the next deal
    /// (session 46, finding 2: `u p` closed the review and passed in the next deal).
    #[test]
    fn over_the_review_only_enter_deals_on() {
        let mut a = app();
        to_the_deals_end(&mut a);
        let review = a.review();
        a.overlay = Some(review.clone());
        let (decisions, done) = (a.session.decisions(), a.deals_done());
        for c in [
            KeyCode::Char('u'),
            KeyCode::Char('p'),
            KeyCode::Char('x'),
            KeyCode::Char(' '),
            KeyCode::Left,
            KeyCode::Right,
            KeyCode::Tab,
            KeyCode::Char('?'),
        ] {
            assert!(a.on_key(key(c)));
            assert_eq!(a.overlay.as_ref(), Some(&review), "{c:?}");
        }
        for (c, over) in [
            ('l', Overlay::LastTrick),
            ('m', Overlay::Markers),
            ('q', Overlay::ConfirmQuit),
            ('h', Overlay::Help),
        ] {
            assert!(a.on_key(key(KeyCode::Char(c))));
            assert_eq!(a.overlay, Some(over), "{c}");
            let close = if c == 'q' { 'n' } else { 'x' };
            assert!(a.on_key(key(KeyCode::Char(close))));
            assert_eq!(a.overlay.as_ref(), Some(&review), "back from {c}");
        }
        assert_eq!(a.session.turn(), Turn::DealOver);
        assert_eq!((a.session.decisions(), a.deals_done()), (decisions, done));
        assert!(a.on_key(key(KeyCode::Enter)));
        assert_eq!(a.overlay, None);
        assert_ne!(a.session.turn(), Turn::DealOver, "the next deal is dealt");
        // Opened from the table, the markers close back to the table.
        assert!(a.on_key(key(KeyCode::Char('m'))));
        assert!(a.on_key(key(KeyCode::Char('x'))));
        assert_eq!(a.overlay, None);
    }

    /// The dealer's partner "assists" (RULES.md §3, and Mathews' preset: "'assist' by dealer's
    /// partner"): its order up is offered and said as `assist`, in the prompt, the choices and
    /// the bidding line; alone it still orders up alone.
    #[test]
    fn the_dealers_partner_assists() {
        let mut a = (0..200)
            .map(|seed| app_of("mathews-1844", 4, seed))
            .find(|a| a.table.dealer == a.me.partner() && a.choices.contains(&Action::Order { alone: false }))
            .expect("a seed where the person's partner deals and the person may order up");
        assert_eq!(
            a.prompt(),
            "Your turn: assist your partner (order it up), or pass."
        );
        let s = render::tests::screen(&a, 80, 24);
        assert!(s.contains("[assist]") && s.contains("[order alone]"), "{s}");
        assert!(!s.contains("[order]"), "{s}");
        a.take(Action::Order { alone: false });
        let s = render::tests::screen(&a, 80, 24);
        assert!(s.contains("South: assist"), "{s}");
    }

    /// The help's keys, as `help_entries` lists them.
    fn help_keys(a: &App) -> Vec<String> {
        render::help_entries(a).into_iter().map(|(k, _)| k).collect()
    }

    /// `h` (or F1) shows the keys the game takes now, and any key closes it, taking nothing
    /// (the tester found no help); `?` stays the hint, as on the browser's page. The list
    /// follows the state: a decision's keys at the person's turn, the review's over a review,
    /// none of the person's in a watched game.
    #[test]
    fn h_shows_the_keys_the_game_takes_now() {
        let mut a = app();
        let before = a.session.decisions();
        assert!(a.on_key(key(KeyCode::Char('h'))));
        assert_eq!(a.overlay, Some(Overlay::Help));
        // The dealer's discard: cards to choose, no pass; a queen among them, so `q` alone
        // names the queen and `q q` leaves.
        assert!(a.queen_to_choose());
        let keys = help_keys(&a);
        for k in [
            "Enter, space",
            "rank, suit",
            "q q",
            "?",
            "mouse",
            "m",
            "Esc",
            "Ctrl-C",
            "h, F1",
        ] {
            assert!(keys.iter().any(|x| x == k), "{k} missing: {keys:?}");
        }
        assert!(
            !keys
                .iter()
                .any(|x| ["p", "u", "l", "q, Esc"].contains(&x.as_str())),
            "{keys:?}"
        );
        for (w, h) in [(80, 24), (60, 20)] {
            let s = render::tests::screen(&a, w, h);
            assert!(s.contains("Keys") && s.contains("(any key closes)"), "{s}");
            assert!(
                s.contains("?  ") && s.contains("a hint: what expert would take"),
                "{s}"
            );
        }
        // Esc closes the help, and does not ask to leave.
        assert!(a.on_key(key(KeyCode::Esc)));
        assert_eq!(a.overlay, None);
        assert!(a.on_key(key(KeyCode::F(1))));
        assert_eq!(a.overlay, Some(Overlay::Help));
        assert!(a.on_key(key(KeyCode::Char('h'))));
        assert_eq!(a.overlay, None);
        assert_eq!(a.session.decisions(), before, "nothing taken");
        assert!(render::key_words(&a).contains(&"h help".to_string()));
        // `?` is the hint.
        assert!(a.on_key(key(KeyCode::Char('?'))));
        assert!(matches!(a.overlay, Some(Overlay::Hint { .. })), "{:?}", a.overlay);
        // Over a review: the review's keys, and back to it.
        let mut a = app();
        to_the_deals_end(&mut a);
        let review = a.review();
        assert!(a.on_key(key(KeyCode::Char('h'))));
        let keys = help_keys(&a);
        assert_eq!(keys[0], "Enter", "{keys:?}");
        assert!(!keys.iter().any(|x| x == "?" || x == "Enter, space"), "{keys:?}");
        assert!(a.on_key(key(KeyCode::Esc)));
        assert_eq!(a.overlay, Some(review));
    }

    /// On a screen too small for the table only the keys that leave, and the question's
    /// answers, are taken: Enter under a review no one can see does not deal on, nor does a
    /// card's key play, nor `x` close a box unseen.
    #[test]
    fn a_small_screen_takes_only_the_keys_that_leave() {
        let mut a = app();
        for c in [
            KeyCode::Enter,
            KeyCode::Char('x'),
            KeyCode::Char('?'),
            KeyCode::Left,
        ] {
            assert!(!a.takes_on_a_small_screen(&key(c)), "{c:?} at the table");
        }
        to_the_deals_end(&mut a);
        let review = a.review();
        a.overlay = Some(review);
        assert!(
            !a.takes_on_a_small_screen(&key(KeyCode::Enter)),
            "Enter under the review"
        );
        for c in [KeyCode::Char('q'), KeyCode::Esc] {
            assert!(a.takes_on_a_small_screen(&key(c)), "{c:?}");
        }
        assert!(a.on_key(key(KeyCode::Char('q'))));
        assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
        for c in [KeyCode::Char('y'), KeyCode::Char('n')] {
            assert!(a.takes_on_a_small_screen(&key(c)), "{c:?} answers the question");
        }
    }

    /// A watched game's help lists no decision's keys: no one at the table decides.
    #[test]
    fn a_watched_games_help_lists_no_decisions_keys() {
        use euchre::table::AnyRules;
        let holders = vec![Holder::Bot("basic".into()); 4];
        let rules = AnyRules::preset("north-american").unwrap();
        let session = Session::new(rules, 4, holders, Budget::UNLIMITED, None).unwrap();
        let mut a = App::new(session, "north-american".into(), true);
        assert!(a.on_key(key(KeyCode::Char('h'))));
        assert_eq!(help_keys(&a), ["m", "q, Esc", "Ctrl-C", "h, F1"]);
    }

    /// In a watched game with a Joker, its key says nothing: the watcher holds no card, and
    /// was told "You do not hold the Joker." (review s52, 19).
    #[test]
    fn the_jokers_key_says_nothing_to_a_watcher() {
        use euchre::table::AnyRules;
        let holders = vec![Holder::Bot("basic".into()); 4];
        let rules = AnyRules::preset("british").unwrap();
        let session = Session::new(rules, 4, holders, Budget::UNLIMITED, None).unwrap();
        let mut a = App::new(session, "british".into(), true);
        assert!(a.joker_in_pack());
        let before = a.session.decisions();
        assert!(a.on_key(key(KeyCode::Char(JOKER_KEY))));
        assert_eq!(a.status, "");
        assert_eq!(a.session.decisions(), before);
    }

    /// Until the deal's review is shown the prompt says it is being worked out, and Enter
    /// does not deal on (session 46, finding 9: the prompt said "Enter deals the next" at
    /// once, and a quick Enter skipped the review).
    #[test]
    fn enter_does_not_deal_on_before_the_review_is_shown() {
        let mut a = app();
        to_the_deals_end(&mut a);
        assert_eq!(a.prompt(), "Reviewing the deal…");
        assert!(!render::key_words(&a).iter().any(|k| k.starts_with("Enter")));
        let done = a.deals_done();
        for c in [KeyCode::Enter, KeyCode::Char(' ')] {
            assert!(a.on_key(key(c)));
            assert_eq!(a.session.turn(), Turn::DealOver, "{c:?}");
            assert_eq!(a.deals_done(), done);
        }
        let r = a.review_job().run();
        a.show_review(r);
        assert!(matches!(a.overlay, Some(Overlay::Review { .. })));
        assert_eq!(a.prompt(), "The deal is over: Enter deals the next.");
        a.on_key(key(KeyCode::Enter));
        assert_ne!(
            a.session.turn(),
            Turn::DealOver,
            "dealt on once the review was shown"
        );
    }

    #[test]
    fn enter_deals_on_when_the_review_was_closed_another_way() {
        let mut a = app();
        to_the_deals_end(&mut a);
        a.review();
        // Were the review closed without dealing on, Enter at the table deals on.
        a.overlay = None;
        let done = a.deals_done();
        a.on_key(key(KeyCode::Enter));
        assert_ne!(a.session.turn(), Turn::DealOver);
        assert_eq!(a.deals_done(), done, "a new deal has begun, not finished");
        let started = match a.session.game() {
            AnyGame::Partnership(g) => g.deals_started(),
            AnyGame::Solo(_) => unreachable!(),
        };
        assert_eq!(started, 2);
    }

    /// A click on a choice after the prompt takes it, as a click on a card does (session 46,
    /// finding 16: the mouse could play but not bid); a click on a mark of more choices shows
    /// them; a click beside the choices takes nothing.
    #[test]
    fn a_click_on_a_choice_takes_it() {
        let mut a = render::tests::keller_round_two();
        // At 60x20 with a status line the ten choices do not all fit.
        a.status = "A status line.".into();
        let (w, h) = (60, 20);
        let places = |a: &App| {
            let zones = render::areas(a, ratatui::layout::Rect::new(0, 0, w, h));
            let rows = render::choice_rows(a, &zones);
            let (_, places) = render::choice_lines(a, zones.choices.width, rows);
            // Each choice's or mark's middle on the screen, and what it does.
            places
                .into_iter()
                .map(|p| {
                    (
                        p.hit,
                        zones.choices.x + p.x + p.width / 2,
                        zones.choices.y + p.row,
                    )
                })
                .collect::<Vec<_>>()
        };
        let before = a.session.decisions();
        let &(more, x, y) = places(&a)
            .iter()
            .find(|p| matches!(p.0, render::Hit::Show(_)))
            .expect("a mark of more choices");
        a.on_click(x, y, w, h);
        assert_eq!(more, render::Hit::Show(a.cursor), "the cursor moved to them");
        assert_ne!(a.cursor, 0);
        assert_eq!(a.session.decisions(), before, "a mark takes nothing");
        // Beside the choices (the end of the prompt's first row).
        let (_, _, first_row) = places(&a)[0];
        a.on_click(w - 2, first_row, w, h);
        assert_eq!(a.session.decisions(), before);
        let &(last, x, y) = places(&a)
            .iter()
            .rfind(|p| matches!(p.0, render::Hit::Take(_)))
            .unwrap();
        let render::Hit::Take(i) = last else {
            unreachable!()
        };
        let chosen = a.choices[i];
        a.on_click(x, y, w, h);
        assert_eq!(a.session.decisions(), before + 1);
        assert!(
            a.table
                .bidding
                .iter()
                .any(|(s, t)| *s == a.me && *t == chosen.to_string()),
            "{chosen}: {:?}",
            a.table.bidding
        );
    }

    #[test]
    fn a_click_takes_the_card_drawn_there_past_the_bracketed_one() {
        let mut a = app();
        let (_, places) = render::hand_line(&a);
        // The cursor's card is first and bracketed; click the middle of the third card.
        let (third, x, w) = places[2];
        let before = a.session.decisions();
        a.on_click(1 + x + w / 2, 18, 80, 24);
        assert_eq!(a.session.decisions(), before + 1);
        let mine = format!("discard {third}");
        assert!(
            a.table.bidding.iter().any(|(s, t)| *s == a.me && *t == mine),
            "{:?}",
            a.table.bidding
        );
    }
}
