//! Drawing the table with ratatui: four seats around the trick, the person's hand at the
//! bottom, the choices, the score; overlays for a hint, a deal's review, the end of the game
//! and leaving.

use super::state::{card_of, Dealer, HintLine, ReviewLine, Table};
use super::{App, JOKER_KEY};
use euchre::rules::JokerUpcard;
use euchre::table::Table as _;
use euchre::{Action, BidTrump, Card, Seat, Suit, Trump};
use euchre_ai::DEFAULT_PLAYER;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// A card as the screen writes it: rank and suit symbol (`J♥`), the Joker as `Jk`.
pub fn card_text(c: Card) -> String {
    match (c.rank(), c.suit()) {
        (Some(r), Some(s)) => {
            let rank = match r.letter() {
                'T' => "10".to_string(),
                l => l.to_string(),
            };
            format!("{rank}{}", suit_symbol(s))
        }
        _ => "Jk".into(),
    }
}

pub(super) fn suit_symbol(s: Suit) -> char {
    match s {
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
        Suit::Hearts => '♥',
        Suit::Spades => '♠',
    }
}

fn card_span(c: Card, colour: bool, style: Style) -> Span<'static> {
    let red = matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds));
    let style = if colour && red {
        style.fg(Color::Red)
    } else {
        style
    };
    Span::styled(card_text(c), style)
}

/// An action in words for the choices line, cards and suits written with their symbols, and
/// Bid Euchre's no trump with its order of cards.
pub fn action_text(a: &Action) -> String {
    let text = a.to_string();
    if let Some(c) = card_of(a) {
        return text.replace(&c.to_string(), &card_text(c));
    }
    match *a {
        Action::NameTrump(BidTrump::High) => "no trump (aces high)".into(),
        Action::NameTrump(BidTrump::Low) => "no trump (nines high)".into(),
        Action::NameTrump(BidTrump::Suit(s)) => format!("trump {}", suit_symbol(s)),
        Action::Call {
            trump: Trump::Suit(s),
            ..
        }
        | Action::CallJambone(Trump::Suit(s)) => {
            text.replacen(&format!("call {s}"), &format!("call {}", suit_symbol(s)), 1)
        }
        _ => text,
    }
}

/// An action in words as the seat `who` (the dealer, the dealer's partner, another) takes it,
/// in the words of RULES.md §3 for accepting the upcard: the other seats "order it up", the
/// dealer's partner "assists" (with the dealer: alone it assists no one, and orders alone)
/// and the dealer "takes it up".
pub fn action_words(a: &Action, who: Dealer) -> String {
    match (a, who) {
        (Action::Order { alone }, Dealer::You) => format!("pick up{}", if *alone { " alone" } else { "" }),
        (Action::OrderJambone, Dealer::You) => "pick up jambone".into(),
        (Action::Order { alone: false }, Dealer::Partner) => "assist".into(),
        _ => action_text(a),
    }
}

/// Who `seat` is to the dealer: the dealer, the dealer's partner (the partnership game's), or
/// another seat.
pub(super) fn seat_role(app: &App, seat: Seat) -> Dealer {
    let t = &app.table;
    if seat == t.dealer {
        Dealer::You
    } else if t.partnership && seat.partner() == t.dealer {
        Dealer::Partner
    } else {
        Dealer::Other
    }
}

/// A phase's engine name in words for the table's centre.
pub(super) fn phase_words(name: &str) -> String {
    match name {
        "bidding1" => "Bidding, round 1".into(),
        "bidding2" => "Bidding, round 2".into(),
        "discard" => "The dealer discards".into(),
        "auction" => "The auction".into(),
        "name_trump" => "Trump is named".into(),
        // Jambone: an opponent names the card the jambone hand plays (trump is made by then).
        "name" => "The jambone card is named".into(),
        "stay_fold" => "Stay in or fold".into(),
        "play" => "Play".into(),
        "done" => "The deal is over".into(),
        other => {
            let words = other.replace('_', " ");
            let mut chars = words.chars();
            chars
                .next()
                .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
        }
    }
}

/// Where each seat sits on the screen, from the person's seat: bottom, left, top, right (the
/// engine's seat numbers stay as they are: this is where a seat is drawn, and its name).
fn position(me: Seat, seat: Seat, players: usize) -> usize {
    let rel = (seat.index() + players - me.index()) % players;
    match (players, rel) {
        // Two players face each other; three leave the top empty.
        (2, 1) => 2,
        (3, 2) => 3,
        (_, r) => r,
    }
}

fn seat_label(app: &App, seat: Seat) -> String {
    let t = &app.table;
    let mut s = format!(
        "{} {}",
        short_name(app, seat),
        app.session.holders()[seat.index()]
    );
    if seat == t.dealer {
        s.push_str(" (D)");
    }
    if t.lone == Some(seat) {
        s.push_str(" alone");
    } else if t.maker == Some(seat) {
        // Bid Euchre's highest bidder is no maker until the auction ends.
        s.push_str(if t.phase == "auction" {
            " high bid"
        } else {
            " maker"
        });
    }
    if t.lone_defender == Some(seat) {
        s.push_str(" defends alone");
    }
    if t.exposed.as_ref().is_some_and(|(e, _)| *e == seat) {
        s.push_str(" jambone");
    }
    if !t.active.get(seat.index()).copied().unwrap_or(true) {
        s.push_str(" sits out");
    }
    if t.to_act == Some(seat) {
        s.push_str(" ◀");
    }
    s
}

/// The person's hand line: the seat's label, then the cards (legal ones bright, the cursor's
/// reversed and bracketed); with each card's first column and width from the line's start, so
/// that a click finds the card drawn there.
pub(super) fn hand_line(app: &App) -> (Vec<Span<'static>>, Vec<(Card, u16, u16)>) {
    let label = format!("{}: ", seat_label(app, app.me));
    let mut x = label.chars().count() as u16;
    let mut spans = vec![Span::raw(label)];
    let mut places = Vec::new();
    let selected = app.choices.get(app.cursor).and_then(card_of);
    for &c in &app.table.hand {
        let legal = app.choices.iter().any(|a| card_of(a) == Some(c));
        let mut style = Style::default();
        if !legal && !app.choices.is_empty() {
            style = style.add_modifier(Modifier::DIM);
        }
        let w = card_text(c).chars().count() as u16;
        if selected == Some(c) {
            // Brackets as well as the reversed colours, for terminals without them.
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            spans.push(Span::raw("["));
            places.push((c, x + 1, w));
            spans.push(card_span(c, app.colour, style));
            spans.push(Span::raw("] "));
            x += w + 3;
        } else {
            places.push((c, x, w));
            spans.push(card_span(c, app.colour, style));
            spans.push(Span::raw(" "));
            x += w + 1;
        }
    }
    (spans, places)
}

fn backs(n: u8) -> String {
    "▒".repeat(usize::from(n))
}

/// Another seat's hand: its cards face up where everyone may see them (a jambone hand), else
/// a back per card.
fn other_hand(app: &App, seat: Seat) -> Line<'static> {
    let t = &app.table;
    match &t.exposed {
        Some((s, cards)) if *s == seat => {
            let mut spans = Vec::new();
            for &c in cards {
                spans.push(card_span(c, app.colour, Style::default()));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        }
        _ => Line::from(backs(t.hand_sizes.get(seat.index()).copied().unwrap_or(0))),
    }
}

/// The smallest screen the table fits on.
const MIN_SIZE: (u16, u16) = (60, 20);

/// Whether a screen of `width` by `height` is too small to show the table.
pub fn too_small(width: u16, height: u16) -> bool {
    width < MIN_SIZE.0 || height < MIN_SIZE.1
}

/// The two sides of the partnership game as the scores name them: the person's side first,
/// "We" and "They"; a watched game's by their seats ("North–South", "East–West"): no one
/// watching is "we".
pub(super) fn side_names(app: &App) -> [&'static str; 2] {
    if app.watching() {
        ["North–South", "East–West"]
    } else {
        ["We", "They"]
    }
}

/// The scores in words: "We 7 : They 4" between partners ("North–South 7 : East–West 4"
/// watched); each player's by seat in the individual games ("You 5 · West 2 · North 11").
pub fn score_words(app: &App, scores: &[i32]) -> String {
    if app.table.partnership {
        let mine = app.me.team().index();
        let [us, them] = side_names(app);
        return format!(
            "{us} {} : {them} {}",
            scores.get(mine).unwrap_or(&0),
            scores.get(1 - mine).unwrap_or(&0)
        );
    }
    scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", seat_word(app, Seat::new(i as u8))))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Set-Back's stakes, where they are played (`ante`, `euchre_stake`): the chips in the pool,
/// " · pool 3"; nothing otherwise.
fn pool_words(app: &App) -> String {
    match app.session.game() {
        euchre::table::AnyGame::Solo(g) if g.rules().ante > 0 || g.rules().euchre_stake > 0 => {
            format!(" · pool {}", g.pool())
        }
        _ => String::new(),
    }
}

/// Set-Back's stakes in full, where they are played: each player's chips won or paid so far
/// (the ante included) and the pool, "Chips: You -1 · West -1 · East -1 · pool 3".
pub(super) fn chips_words(app: &App) -> Option<String> {
    let pool = pool_words(app);
    let euchre::table::AnyGame::Solo(g) = app.session.game() else {
        return None;
    };
    if pool.is_empty() {
        return None;
    }
    let chips: Vec<String> = g
        .chips()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let c = if *c > 0 { format!("+{c}") } else { c.to_string() };
            format!("{} {c}", seat_word(app, Seat::new(i as u8)))
        })
        .collect();
    Some(format!("Chips: {}{pool}", chips.join(" · ")))
}

/// A seat in the scores and tricks: "You" for the person's, else its place at the table.
fn seat_word(app: &App, seat: Seat) -> &'static str {
    if seat == app.me && !app.watching() {
        "You"
    } else {
        short_name(app, seat)
    }
}

/// The deal's last finished trick in words: "West led 9♠, North A♠, East 10♠, South K♠: North
/// took it".
pub fn last_trick_words(app: &App) -> Option<String> {
    let (leader, cards, winner) = app.table.last_trick.as_ref()?;
    let mut seat = *leader;
    let mut parts = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        if i > 0 {
            seat = next_in_play(seat, &app.table);
        }
        let verb = if i == 0 { " led" } else { "" };
        parts.push(format!("{}{verb} {}", short_name(app, seat), card_text(c)));
    }
    Some(format!(
        "{}: {} took it",
        parts.join(", "),
        short_name(app, *winner)
    ))
}

pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if too_small(area.width, area.height) {
        draw_too_small(f, app, area);
        return;
    }
    let t = &app.table;
    let scores = app.session.game().scores();
    // The title without the program's name where the scores would be cut (four players'
    // scores at 60 columns).
    // Set-Back's pool after the scores, where it fits too.
    let score = score_words(app, &scores);
    let pool = pool_words(app);
    let frame = table_frame(area);
    let fits = |title: &String| title.chars().count() + 2 <= usize::from(frame.width);
    let title = [
        format!(" euchre · {} · {score}{pool} ", app.rules_name),
        format!(" {} · {score}{pool} ", app.rules_name),
    ]
    .into_iter()
    .find(fits)
    .unwrap_or_else(|| format!(" {} · {score} ", app.rules_name));
    let block = Block::default().borders(Borders::ALL).title(title);
    f.render_widget(block, frame);
    let zones = areas(app, area);

    let seats: Vec<Seat> = (0..t.players).map(|s| Seat::new(s as u8)).collect();
    let at = |pos: usize| {
        seats
            .iter()
            .copied()
            .find(|&s| position(app.me, s, t.players) == pos)
    };

    if let Some(n) = at(2) {
        let lines = vec![Line::from(seat_label(app, n)), other_hand(app, n)];
        f.render_widget(Paragraph::new(lines).alignment(Alignment::Center), zones.north);
    }
    let middle = Layout::horizontal([
        Constraint::Percentage(28),
        Constraint::Percentage(44),
        Constraint::Percentage(28),
    ])
    .split(zones.middle);
    for (pos, rect) in [(1usize, middle[0]), (3, middle[2])] {
        if let Some(s) = at(pos) {
            let lines = vec![
                Line::from(""),
                Line::from(""),
                Line::from(seat_label(app, s)),
                other_hand(app, s),
            ];
            let align = if pos == 1 {
                Alignment::Left
            } else {
                Alignment::Right
            };
            f.render_widget(
                Paragraph::new(lines).alignment(align).wrap(Wrap { trim: true }),
                rect,
            );
        }
    }
    let trick_box = Block::default().borders(Borders::ALL).title(" trick ");
    let trick_area = trick_box.inner(middle[1]);
    f.render_widget(trick_box, middle[1]);
    f.render_widget(
        Paragraph::new(trick_lines(app, trick_area.width)).alignment(Alignment::Center),
        trick_area,
    );

    let info = info_spans(app);
    let tricks = tricks_words(app);
    let info_lines = if zones.tricks_apart {
        vec![Line::from(info), Line::from(tricks)]
    } else {
        let mut spans = info;
        spans.push(Span::raw(tricks));
        vec![Line::from(spans)]
    };
    f.render_widget(Paragraph::new(info_lines), zones.info);
    // The bidding line from the person's column to the frame's right edge: on a screen wider
    // than 80 columns it keeps more of the bidding than the column's 78 would.
    let inner = Block::default().borders(Borders::ALL).inner(frame);
    let bidding = Rect {
        x: zones.info.x,
        y: zones.info.bottom().saturating_sub(1),
        width: inner.right().saturating_sub(zones.info.x),
        height: 1,
    };
    f.render_widget(
        Paragraph::new(Line::from(bidding_words(app, bidding.width))),
        bidding,
    );

    let (hand, _) = hand_line(app);
    f.render_widget(
        Paragraph::new(Line::from(hand)).wrap(Wrap { trim: true }),
        zones.hand,
    );

    // The prompt and the choices that are not cards, laid out by `choice_lines` (never broken
    // inside a choice); then the status, or a note, on the line below.
    let said = said_line(app);
    let rows = choice_rows(app, &zones);
    let (lines, _) = choice_lines(app, zones.choices.width, rows);
    let mut choices_area = zones.choices;
    choices_area.height = rows.min(zones.choices.height);
    f.render_widget(Paragraph::new(lines), choices_area);
    if let Some(said) = said {
        let below = Rect {
            y: zones.choices.y + choices_area.height,
            height: zones.choices.height - choices_area.height,
            ..zones.choices
        };
        // The rows `said_rows` counted, so that the sizing and the drawing cannot disagree.
        let rows: Vec<Line> = box_rows(&said, usize::from(below.width))
            .into_iter()
            .map(Line::from)
            .collect();
        f.render_widget(Paragraph::new(rows), below);
    }
    f.render_widget(Paragraph::new(keys_line(app, zones.keys.width)), zones.keys);

    if let Some(o) = &app.overlay {
        draw_overlay(f, app, o, area);
    }
}

/// A screen too small for the table: how large it needs to be. The leave question works here
/// too (q opens it), so it is asked here too, first and as a question of its own: inside the
/// size's sentence it read as an aside.
fn draw_too_small(f: &mut Frame, app: &App, area: Rect) {
    let size = format!(
        "The screen is {}×{}; the table needs {}×{}. Make the window larger",
        area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
    );
    let lines = if app.overlay == Some(Overlay::ConfirmQuit) {
        // The question and its keys first: a few rows show how to answer it, whatever follows
        // is cut.
        let mut lines = vec![Line::from(format!("Leave the game? {LEAVE_KEYS}"))];
        lines.extend(leave_details(app).into_iter().map(Line::from));
        lines.push(Line::from(""));
        lines.push(Line::from(format!("{size}.")));
        lines
    } else {
        vec![Line::from(format!("{size} (q leaves)."))]
    };
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

/// Where the table's parts are drawn inside the frame of a screen of `area`.
pub(super) struct Areas {
    pub north: Rect,
    /// West, the trick and East.
    pub middle: Rect,
    /// Trump, the tricks taken and the bidding.
    pub info: Rect,
    /// The person's hand.
    pub hand: Rect,
    /// The prompt and the choices, then the status line.
    pub choices: Rect,
    pub keys: Rect,
    /// The tricks taken have a line of their own (they do not fit beside trump).
    pub tricks_apart: bool,
}

/// The rows the prompt and its choices take at `width` when none is left out.
fn choice_rows_wanted(app: &App, width: u16) -> u16 {
    let (lines, _) = choice_lines(app, width, u16::MAX);
    lines.len().max(1) as u16
}

/// The status, or else a note, said below the choices.
fn said_line(app: &App) -> Option<String> {
    [&app.status, &app.note]
        .into_iter()
        .find(|s| !s.is_empty())
        .cloned()
}

/// The rows the status (or the note) takes below the choices at `width`, broken between
/// words: a refusal's reason ("The upcard may not be discarded (dealer_may_discard_upcard is
/// off).") may not fit one.
fn said_rows(app: &App, width: u16) -> u16 {
    said_line(app).map_or(0, |s| box_rows(&s, usize::from(width)).len() as u16)
}

/// The rows the prompt and the choices have: as many as they take, in the choices' area but
/// for a row of the status at least (which has the rows left).
pub(super) fn choice_rows(app: &App, zones: &Areas) -> u16 {
    let said = said_line(app).is_some();
    let room = zones.choices.height.saturating_sub(u16::from(said)).max(1);
    choice_rows_wanted(app, zones.choices.width).min(room)
}

/// The largest the table's frame grows: on a larger screen it stays this size, in the middle,
/// so that the seats, the trick and the person's lines stay close enough to read together
/// (at 220x60 the hand and the prompt sat at the bottom-left, far from the trick).
const MAX_SIZE: (u16, u16) = (120, 30);

/// The widest the person's lines are (trump and the bidding, the hand, the choices, the keys):
/// an 80-column screen's, in the middle of a wider table, under the trick.
const TEXT_WIDTH: u16 = 78;

/// The table's frame on a screen of `area`: all of it up to `MAX_SIZE`, else that size in the
/// middle.
pub(super) fn table_frame(area: Rect) -> Rect {
    centred(area, MAX_SIZE.0, MAX_SIZE.1)
}

/// `area` narrowed to at most `width` columns in its middle.
fn middle_columns(area: Rect, width: u16) -> Rect {
    centred(area, width, area.height)
}

/// Where each part of the table goes on a screen of `area` (inside the table's frame): the
/// same for drawing and for finding what a click hits.
pub(super) fn areas(app: &App, area: Rect) -> Areas {
    let inner = Block::default().borders(Borders::ALL).inner(table_frame(area));
    let text = middle_columns(inner, TEXT_WIDTH);
    // Trump, the upcard, the contract; the tricks taken beside them, or on a line of their
    // own where both do not fit (Bid Euchre's four players at 60 columns).
    let info_width: usize = info_spans(app).iter().map(Span::width).sum();
    let tricks_apart = info_width + tricks_words(app).chars().count() > usize::from(text.width);
    let info_rows = 2 + u16::from(tricks_apart);
    // The choices have two rows (the second for the status), and more where they need them
    // and the screen has rows to spare (Keller's ten choices of round 2).
    let fixed = 2 + 8 + info_rows + 2 + 2 + 1;
    let spare = inner.height.saturating_sub(fixed);
    let wanted = choice_rows_wanted(app, text.width) + said_rows(app, text.width);
    let choice_rows = 2 + wanted.saturating_sub(2).min(spare);
    // The seats and the trick sit in the middle of a tall screen; the person's part stays at
    // the bottom.
    let rows = Layout::vertical([
        Constraint::Min(0),              // space
        Constraint::Length(2),           // north
        Constraint::Length(8),           // west, trick, east
        Constraint::Min(0),              // space
        Constraint::Length(info_rows),   // trump, tricks and bidding
        Constraint::Length(2),           // south's hand
        Constraint::Length(choice_rows), // choices
        Constraint::Length(1),           // keys
    ])
    .split(inner);
    Areas {
        north: rows[1],
        middle: rows[2],
        info: middle_columns(rows[4], text.width),
        hand: middle_columns(rows[5], text.width),
        choices: middle_columns(rows[6], text.width),
        keys: middle_columns(rows[7], text.width),
        tricks_apart,
    }
}

/// A choice or a mark drawn on the choices' lines: what a click on it does, and where it is
/// (the row from the first, the first column, the width).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Place {
    pub hit: Hit,
    pub row: u16,
    pub x: u16,
    pub width: u16,
}

/// What a click on the choices' lines may hit: a choice to take, or a mark of more choices
/// that moves the cursor to the first of them (each an index into the person's choices).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Hit {
    Take(usize),
    Show(usize),
}

/// The mark before a part of the choices that leaves some out before it, and after one that
/// leaves some out after it (←→ go there).
const MORE_BEFORE: &str = "← more";
const MORE_AFTER: &str = "more →";

/// The prompt and the choices that are not cards, in at most `rows` lines of `width`: broken
/// between choices, never inside one. Where they do not all fit, the part of the list that
/// holds the cursor's choice, with a mark of more before or after it. With each choice's and
/// mark's place, for a click.
pub(super) fn choice_lines(app: &App, width: u16, rows: u16) -> (Vec<Line<'static>>, Vec<Place>) {
    let width = usize::from(width).max(1);
    let rows = usize::from(rows).max(1);
    let role = seat_role(app, app.me);
    let prompt = app.prompt();
    let words: Vec<usize> = (0..app.choices.len())
        .filter(|&i| card_of(&app.choices[i]).is_none())
        .collect();
    // A piece: its text, and what a click on it does.
    type Piece = (String, Option<Hit>);
    let pieces_of = |with_prompt: bool, from: usize, to: usize| -> Vec<Piece> {
        let mut p: Vec<Piece> = Vec::new();
        if with_prompt {
            p.extend(
                prompt
                    .split(' ')
                    .filter(|w| !w.is_empty())
                    .map(|w| (w.to_string(), None)),
            );
        }
        if from > 0 {
            p.push((MORE_BEFORE.into(), Some(Hit::Show(words[from - 1]))));
        }
        for &i in &words[from..to] {
            p.push((
                format!("[{}]", action_words(&app.choices[i], role)),
                Some(Hit::Take(i)),
            ));
        }
        if to < words.len() {
            p.push((MORE_AFTER.into(), Some(Hit::Show(words[to]))));
        }
        p
    };
    let fits = |p: &[Piece]| lay_out(p, width).len() <= rows;
    // Every choice where they fit; else parts of the list, each as long as fits, the prompt
    // before each where a single choice still fits after it.
    let mut parts = vec![(0, words.len())];
    let mut with_prompt = true;
    if !fits(&pieces_of(true, 0, words.len())) {
        let split = |with_prompt: bool| {
            let mut parts = Vec::new();
            let mut all_fit = true;
            let mut from = 0;
            while from < words.len() {
                let mut to = words.len();
                while to > from + 1 && !fits(&pieces_of(with_prompt, from, to)) {
                    to -= 1;
                }
                all_fit &= fits(&pieces_of(with_prompt, from, to));
                parts.push((from, to));
                from = to;
            }
            (parts, all_fit)
        };
        let (p, all_fit) = split(true);
        parts = p;
        if !all_fit {
            with_prompt = false;
            parts = split(false).0;
        }
    }
    let selected = words.iter().position(|&i| i == app.cursor).unwrap_or(0);
    let &(from, to) = parts
        .iter()
        .find(|(from, to)| (*from..*to).contains(&selected))
        .unwrap_or(&parts[0]);
    let pieces = pieces_of(with_prompt, from, to);
    let mut lines = Vec::new();
    let mut places = Vec::new();
    for (row, line) in lay_out(&pieces, width).into_iter().enumerate() {
        let mut spans = Vec::new();
        let mut col = 0;
        for (k, x) in line {
            let (text, hit) = &pieces[k];
            spans.push(Span::raw(" ".repeat(x - col)));
            let mut style = Style::default();
            if *hit == Some(Hit::Take(app.cursor)) {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            let w = text.chars().count();
            spans.push(Span::styled(text.clone(), style));
            if let Some(hit) = hit {
                places.push(Place {
                    hit: *hit,
                    row: row as u16,
                    x: x as u16,
                    width: w as u16,
                });
            }
            col = x + w;
        }
        lines.push(Line::from(spans));
    }
    (lines, places)
}

/// `pieces` in lines of `width`, a space between two on a line, broken between pieces only:
/// each line's pieces (their index) with their first column.
fn lay_out(pieces: &[(String, Option<Hit>)], width: usize) -> Vec<Vec<(usize, usize)>> {
    let mut lines: Vec<Vec<(usize, usize)>> = vec![Vec::new()];
    let mut col = 0;
    for (k, (text, _)) in pieces.iter().enumerate() {
        let w = text.chars().count();
        let line = lines.last_mut().expect("a line");
        let x = if line.is_empty() { 0 } else { col + 1 };
        if line.is_empty() || x + w <= width {
            line.push((k, x));
            col = x + w;
        } else {
            lines.push(vec![(k, 0)]);
            col = w;
        }
    }
    lines
}

/// Trump in words (or the upcard, or the card turned down) and Bid Euchre's contract, then room
/// before the tricks.
fn info_spans(app: &App) -> Vec<Span<'static>> {
    let t = &app.table;
    let colour = app.colour;
    let mut info = Vec::new();
    match (&t.trump, t.upcard) {
        (Some(tr), up) => {
            info.push(Span::raw(trump_words(tr)));
            // British: the Joker turned had the dealer name trump blind, then take it; the
            // table would show trump and not why the dealer named it.
            if up.is_some_and(Card::is_joker) && joker_upcard(app) == Some(JokerUpcard::BlindShout) {
                info.push(Span::raw(" (dealer's blind shout, Joker turned)"));
            }
            // The card the dealer is yet to pick up is part of what is decided now.
            if let Some(up) = up.filter(|_| t.upcard_to_pick_up) {
                info.push(Span::raw(" (upcard "));
                info.push(card_span(up, colour, Style::default()));
                info.push(Span::raw(")"));
            }
            info.push(Span::raw(contract_words(app)));
            info.push(Span::raw("  "));
        }
        (None, Some(up)) => {
            info.push(Span::raw(if t.upcard_turned_down {
                "Turned down "
            } else {
                "Upcard "
            }));
            match joker_upcard(app).filter(|_| up.is_joker()) {
                // The Joker turned stands for a suit, or has the dealer name trump blind.
                Some(JokerUpcard::AgreedSuit(suit)) if t.upcard_turned_down => {
                    info.push(Span::raw(format!("Joker ({})", suit.name())));
                }
                Some(JokerUpcard::AgreedSuit(suit)) => {
                    info.push(Span::raw(format!("Joker ({} if ordered)", suit.name())));
                }
                Some(JokerUpcard::BlindShout) => {
                    info.push(Span::raw("Joker (the dealer names trump blind)"));
                }
                None => info.push(card_span(up, colour, Style::default())),
            }
            info.push(Span::raw("  "));
        }
        // Bid Euchre between the auction and the naming of trump: the contract alone.
        (None, None) => {
            let contract = contract_words(app);
            if !contract.is_empty() {
                info.push(Span::raw(format!("{}  ", contract.trim_start_matches(" · "))));
            }
        }
    }
    info
}

/// What the Joker turned up means under these rules (the partnership game's Joker pack).
fn joker_upcard(app: &App) -> Option<JokerUpcard> {
    match app.session.game() {
        euchre::table::AnyGame::Partnership(g) if g.rules().joker => Some(g.rules().joker_upcard),
        _ => None,
    }
}

/// The tricks taken this deal: per side between partners, else per player.
fn tricks_words(app: &App) -> String {
    let t = &app.table;
    if t.partnership {
        let mine = app.me.team().index();
        let [us, them] = side_names(app).map(|side| match side {
            "We" => "we",
            "They" => "they",
            seats => seats,
        });
        format!(
            "Tricks: {us} {}, {them} {}",
            t.tricks_won.get(mine).unwrap_or(&0),
            t.tricks_won.get(1 - mine).unwrap_or(&0)
        )
    } else {
        let each: Vec<String> = t
            .tricks_won
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{} {n}", seat_word(app, Seat::new(i as u8))))
            .collect();
        format!("Tricks: {}", each.join(", "))
    }
}

/// The bidding line: as many of the latest decisions as fit `width`, "…" before them when some
/// do not.
fn bidding_words(app: &App, width: u16) -> String {
    let t = &app.table;
    let room = usize::from(width).saturating_sub("Bidding: … ".len());
    let mut bidding: Vec<String> = Vec::new();
    let mut used = 0;
    for (s, w) in t.bidding.iter().rev() {
        let words = w
            .parse::<Action>()
            .map_or_else(|_| w.clone(), |a| action_words(&a, seat_role(app, *s)));
        let item = format!("{}: {words}", short_name(app, *s));
        if used + item.chars().count() + 2 > room {
            bidding.push("…".into());
            break;
        }
        used += item.chars().count() + 2;
        bidding.push(item);
    }
    bidding.reverse();
    format!("Bidding: {}", bidding.join(", "))
}

/// The keys that do something now, as many as fit `width` whole: in shorter words where the
/// full ones do not fit, then the last ones left out (quitting and hints come first).
fn keys_line(app: &App, width: u16) -> String {
    let width = usize::from(width);
    let full = key_words(app);
    let line = full.join("  ");
    if line.chars().count() <= width {
        return line;
    }
    let short: Vec<String> = full
        .iter()
        .map(|k| match k.as_str() {
            "←→ choose" => "←→".to_string(),
            "Enter take" => "Enter".to_string(),
            "Enter next deal" => "Enter deal".to_string(),
            "Enter summary" => "Enter".to_string(),
            "l last trick" => "l last".to_string(),
            other => other.to_string(),
        })
        .collect();
    let mut line = String::new();
    for k in short {
        let sep = if line.is_empty() { "" } else { "  " };
        if line.chars().count() + sep.len() + k.chars().count() > width {
            break;
        }
        line.push_str(sep);
        line.push_str(&k);
    }
    line
}

/// The keys that do something now; quitting and hints first, so that a narrow screen still
/// shows them.
pub(super) fn key_words(app: &App) -> Vec<String> {
    let mut keys = vec!["q quit".to_string(), "h help".to_string()];
    if !app.choices.is_empty() {
        keys.extend(["? hint", "←→ choose", "Enter take"].map(String::from));
        // The shortcut of the card under the cursor, or of the first the person may choose.
        let card = app.choices.get(app.cursor).and_then(card_of);
        if let Some(c) = card.or_else(|| app.choices.iter().find_map(card_of)) {
            if let (Some(r), Some(s)) = (c.rank(), c.suit()) {
                keys.push(format!(
                    "{} {}: {}",
                    rank_key(r),
                    s.letter().to_ascii_lowercase(),
                    card_text(c)
                ));
            } else if c.is_joker() {
                keys.push(format!("{JOKER_KEY}: {}", card_text(c)));
            }
        }
        if app.choices.contains(&Action::Pass) {
            keys.push("p pass".into());
        }
        if app.practice && app.own_decision_in_deal() {
            keys.push("u undo".into());
        }
    } else if app.session.turn() == euchre_table::Turn::DealOver && !app.review_due() {
        keys.push("Enter next deal".into());
    } else if matches!(app.overlay, Some(Overlay::Review { .. })) && app.session.game().is_over() {
        // The deciding deal's review: Enter goes on to the summary, as the box says.
        keys.push("Enter summary".into());
    }
    if app.table.last_trick.is_some() {
        keys.push("l last trick".into());
    }
    if app.table.partnership {
        keys.push("m markers".into());
    }
    keys
}

/// The keys the game takes now, each with what it does, for the help box: over a deal's
/// review, the review's keys (`on_overlay_key`); at the table, those of `on_key` that do
/// something in this state, as the keys line offers them, and the ones it has no room for.
pub(super) fn help_entries(app: &App) -> Vec<(String, String)> {
    let joker_key = JOKER_KEY.to_string();
    let mut keys: Vec<(&str, String)> = Vec::new();
    let over_review = matches!(app.behind, Some(Overlay::Review { .. }));
    if over_review {
        let next = if app.session.game().is_over() {
            "the game's summary"
        } else {
            "the next deal"
        };
        keys.push(("Enter", next.into()));
    } else if !app.choices.is_empty() {
        keys.push(("← → ↑ ↓ Tab", "move between your choices".into()));
        keys.push(("Enter, space", "take the chosen one".into()));
        // The example a card with a rank and a suit (the Joker, first as the highest trump,
        // has its own key).
        let cards = || app.choices.iter().filter_map(card_of);
        if let Some(c) = cards().find(|c| !c.is_joker()).or_else(|| cards().next()) {
            keys.push(("rank, suit", card_shortcut_words(c)));
        }
        // Where the Joker is a choice, or held (its key then says why it is not one).
        if cards().any(Card::is_joker) || app.table.hand.contains(&Card::JOKER) {
            keys.push((joker_key.as_str(), "the Joker (Jk)".into()));
        }
        if app.queen_to_choose() {
            keys.push(("q q", "leave (q alone is the queen's rank now)".into()));
        }
        if app.choices.contains(&Action::Pass) {
            keys.push(("p", "pass".into()));
        }
        keys.push(("?", format!("a hint: what {DEFAULT_PLAYER} would take, and why")));
        keys.push(("mouse", "click a card or a choice to take it".into()));
        if app.practice {
            keys.push(("u", "take back your last decision of this deal".into()));
        }
    } else if app.session.turn() == euchre_table::Turn::DealOver && !app.review_due() {
        keys.push(("Enter, space", "deal the next".into()));
    }
    if app.table.last_trick.is_some() {
        keys.push(("l", "the deal's last trick".into()));
    }
    if app.table.partnership {
        keys.push(("m", "the score as the 2-and-3 markers show it".into()));
    }
    // With a queen to choose `q` starts the queen's name: `q q` is listed above.
    let leave = if !over_review && app.queen_to_choose() {
        "Esc"
    } else {
        "q, Esc"
    };
    let leaving = if app.save_error.is_some() {
        "leave (asks first; the last save failed)"
    } else {
        "leave (asks first; the game stays saved)"
    };
    keys.push((leave, leaving.into()));
    keys.push(("Ctrl-C", "leave at once".into()));
    keys.push(("h, F1", "this help".into()));
    keys.into_iter().map(|(k, w)| (k.to_string(), w)).collect()
}

/// How a card is named by its keys, with `c` as the example: "a card by rank, then suit:
/// j h is J♥" (short enough for one line of the box at 60 columns).
fn card_shortcut_words(c: Card) -> String {
    let (Some(r), Some(s)) = (c.rank(), c.suit()) else {
        return "a card by rank, then suit (c d h s)".into();
    };
    format!(
        "a card by rank, then suit: {} {} is {}",
        rank_key(r),
        s.letter().to_ascii_lowercase(),
        card_text(c)
    )
}

/// A rank's key: its letter, the ten's `t`.
fn rank_key(r: euchre::Rank) -> char {
    match r.letter() {
        'T' => 't',
        l => l.to_ascii_lowercase(),
    }
}

/// Trump in words: a suit's symbol and name, or Bid Euchre's no trump with its order of cards.
fn trump_words(t: &str) -> String {
    match t {
        "C" => "Trump ♣ clubs".into(),
        "D" => "Trump ♦ diamonds".into(),
        "H" => "Trump ♥ hearts".into(),
        "S" => "Trump ♠ spades".into(),
        "N" | "NT" => "Trump no-trump".into(),
        "high" => "No trump, aces high".into(),
        "low" => "No trump, nines high".into(),
        other => format!("Trump {other}"),
    }
}

/// Bid Euchre's contract once the auction is over (" · West bid 3"), else nothing: the bidding
/// line that also says it may be cut short.
fn contract_words(app: &App) -> String {
    let t = &app.table;
    match (t.maker, t.bid) {
        (Some(m), Some(n)) if t.phase != "auction" => format!(" · {} bid {n}", seat_word(app, m)),
        _ => String::new(),
    }
}

pub(super) fn short_name(app: &App, seat: Seat) -> &'static str {
    let names = ["South", "West", "North", "East"];
    names[position(app.me, seat, app.table.players)]
}

/// The trick in progress laid out as the table: each seat's card on its side of the box, and
/// who led and who is winning below.
fn trick_lines(app: &App, width: u16) -> Vec<Line<'static>> {
    let t: &Table = &app.table;
    let mut at_pos: [Option<Card>; 4] = [None; 4];
    let mut words = phase_words(&t.phase);
    // Whose card is named, and by whom: "West names your card".
    let jambone = t.exposed.as_ref().map(|(s, _)| *s).or(t.lone);
    if let (Some(namer), Some(j), "name") = (t.to_act, jambone, t.phase.as_str()) {
        let whose = if j == app.me && !app.watching() {
            "your".to_string()
        } else {
            format!("{}'s", short_name(app, j))
        };
        words = format!("{} names {whose} card", short_name(app, namer));
    }
    if let Some(leader) = t.trick_leader {
        let mut seat = leader;
        for (i, &c) in t.trick.iter().enumerate() {
            if i > 0 {
                seat = next_in_play(seat, t);
            }
            at_pos[position(app.me, seat, t.players)] = Some(c);
        }
        let (led, wins) = (short_name(app, leader), t.winning.map(|w| short_name(app, w)));
        // Shorter where the box is narrow (60 columns), never cut inside a word.
        words = match wins {
            Some(w) => [
                format!("{led} led, {w} wins so far"),
                format!("{led} led, {w} winning"),
                format!("{led} led, {w} wins"),
                format!("{w} wins so far"),
            ]
            .into_iter()
            .find(|x| x.chars().count() <= usize::from(width))
            .unwrap_or_else(|| format!("{w} wins")),
            None => format!("{led} led"),
        };
    } else if let Some((leader, cards, winner)) = &t.last_trick {
        // Between tricks the last one stays on the table, with who took it, until the next
        // card is led.
        let mut seat = *leader;
        for (i, &c) in cards.iter().enumerate() {
            if i > 0 {
                seat = next_in_play(seat, t);
            }
            at_pos[position(app.me, seat, t.players)] = Some(c);
        }
        words = format!("{} took the trick", short_name(app, *winner));
    }
    let card = |pos: usize| -> Vec<Span<'static>> {
        match at_pos[pos] {
            Some(c) => vec![card_span(
                c,
                app.colour,
                Style::default().add_modifier(Modifier::BOLD),
            )],
            None => vec![Span::raw(" ")],
        }
    };
    // West's card at the left edge, East's at the right.
    let mut row = card(1);
    let used: usize = at_pos[1].map_or(1, |c| card_text(c).chars().count())
        + at_pos[3].map_or(1, |c| card_text(c).chars().count());
    row.push(Span::raw(" ".repeat(usize::from(width).saturating_sub(used + 2))));
    row.extend(card(3));
    vec![
        Line::from(card(2)),
        Line::from(""),
        Line::from(row),
        Line::from(""),
        Line::from(card(0)),
        Line::from(words),
    ]
}

fn next_in_play(seat: Seat, t: &Table) -> Seat {
    let mut s = seat;
    for _ in 0..t.players {
        s = Seat::new(((s.index() + 1) % t.players) as u8);
        if t.active.get(s.index()).copied().unwrap_or(true) {
            break;
        }
    }
    s
}

/// What an overlay shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// The default player's choice (`player` is its name) and the value of each legal
    /// choice, explained in words where it explains itself.
    Hint {
        player: String,
        best: Action,
        lines: Vec<HintLine>,
    },
    /// A finished deal: what it scored and the person's costliest decisions.
    Review { heading: String, lines: Vec<ReviewLine> },
    /// The game is over.
    Summary(String),
    /// Leave the game? (It stays saved and resumable.)
    ConfirmQuit,
    /// The score as the traditional 2-and-3 markers show it.
    Markers,
    /// The deal's last finished trick.
    LastTrick,
    /// The keys the game takes now, each with what it does.
    Help,
}

/// The command that goes on with the game: `euchre watch --resume FILE` for a watched one.
pub fn resume_command(app: &App) -> String {
    let path = app
        .session
        .save_path()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let command = if app.watching() { "watch" } else { "play" };
    format!("euchre {command} --resume {path}")
}

/// A review's rows: the person's choice, the hint player's, the expected points lost; for a
/// card, also its value and the best card's with every hand known ("solved"). The columns are
/// as wide as their widest entry among the cards, and among the other decisions; a row wider
/// than `width` says what was solved on a line of its own.
fn review_rows(lines: &[ReviewLine], role: Dealer, width: usize) -> Vec<String> {
    let words = |a: &Action| action_words(a, role);
    let widest = |cards: bool, f: &dyn Fn(&ReviewLine) -> String| {
        lines
            .iter()
            .filter(|r| r.exact.is_some() == cards)
            .map(|r| f(r).chars().count())
            .max()
            .unwrap_or(0)
    };
    let mut rows = Vec::new();
    for r in lines {
        let cards = r.exact.is_some();
        let taken_w = widest(cards, &|r| words(&r.taken));
        let best_w = widest(cards, &|r| words(&r.best));
        // A loss says what it did to the game where the player weighs it, and whether it is
        // within the search's own noise.
        let lost = r.shows_a_loss();
        let game = match r.win_difference {
            Some(d) if lost => format!(", game {}", crate::percent_change(d)),
            _ => String::new(),
        };
        let close = if r.close && lost { " (close)" } else { "" };
        let row = format!(
            "  {:<taken_w$}  {DEFAULT_PLAYER}: {:<best_w$}  lost {:.2}{game}{close}",
            words(&r.taken),
            words(&r.best),
            r.loss
        );
        match r.exact {
            Some((v, b)) => {
                let solved = format!("solved {}, best {}", points(v), points(b));
                if row.chars().count() + 2 + solved.chars().count() <= width {
                    rows.push(format!("{row}  {solved}"));
                } else {
                    rows.push(row);
                    rows.push(format!("      {solved}"));
                }
            }
            None => rows.push(row.trim_end().to_string()),
        }
    }
    rows
}

/// `text` in lines of at most `width` columns, broken where `sep` parts it (a space, or the
/// " · " between a hint's chances, whose dot then ends the line): the first line starts with
/// `first`, the others with `rest`. A piece wider than a line keeps a line of its own.
fn wrap(text: &str, sep: &str, width: usize, first: &str, rest: &str) -> Vec<String> {
    let cols = |s: &str| s.chars().count();
    let mark = sep.trim_end();
    let mut lines = Vec::new();
    let mut line = first.to_string();
    let mut empty = true;
    let mut pieces = text.split(sep).peekable();
    while let Some(piece) = pieces.next() {
        // A line that another piece follows may yet end with the separator's mark: room for
        // it too (without it the mark overflowed the line, and was wrapped alone).
        let after = if pieces.peek().is_some() { cols(mark) } else { 0 };
        if !empty && cols(&line) + cols(sep) + cols(piece) + after > width {
            line.push_str(mark);
            lines.push(line);
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push_str(sep);
        }
        line.push_str(piece);
        empty = false;
    }
    lines.push(line);
    lines
}

/// Points as whole numbers with their sign, and 0 without one (never "-0").
fn points(v: f64) -> String {
    let whole = v.round();
    if whole == 0.0 {
        "0".into()
    } else {
        format!("{whole:+.0}")
    }
}

/// The partnership game's target score, if it has one (not a game of a fixed number of deals).
fn target_score(app: &App) -> Option<i32> {
    match app.session.game() {
        euchre::table::AnyGame::Partnership(g) if g.rules().winning_score > 0 => {
            Some(i32::from(g.rules().winning_score))
        }
        _ => None,
    }
}

fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn draw_overlay(f: &mut Frame, app: &App, o: &Overlay, area: Rect) {
    // Hints and reviews word the bids as the person takes them (the dealer picks up, the
    // dealer's partner assists).
    let role = seat_role(app, app.me);
    // The box's width inside its borders, which long lines are wrapped to.
    let inner = usize::from(BOX_WIDTH.min(area.width).saturating_sub(2)).max(1);
    let (title, lines): (&str, Vec<Line>) = match o {
        Overlay::Hint { player, best, lines } => {
            // The choices its search could not tell from its own are named with it, so that a
            // close call does not read as a clear one (judge s55, c3).
            let mut heading = format!("{player} would take: {}", action_words(best, role));
            let about: Vec<String> = lines
                .iter()
                .filter(|h| h.close && h.action != *best)
                .map(|h| action_words(&h.action, role))
                .collect();
            if !about.is_empty() {
                heading += &format!("; about as good: {}", about.join(", "));
            }
            let mut l: Vec<Line> = wrap(&heading, " ", inner, "", "  ")
                .into_iter()
                .map(Line::from)
                .collect();
            let head = l.len();
            if lines.is_empty() && app.choices.len() == 1 {
                // Nothing to weigh: no values to explain either.
                let only = match card_of(best) {
                    Some(c) => format!("{} is the only card you may choose now.", card_text(c)),
                    None => format!("{} is your only choice now.", action_words(best, role)),
                };
                l.push(Line::from(only));
                l.push(Line::from("(any key closes)"));
                return draw_box(f, area, "Hint", l);
            }
            // One column of values, after the widest choice ("no trump (nines high)").
            let label = |h: &HintLine| action_words(&h.action, role);
            let widest = lines.iter().map(|h| label(h).chars().count()).max().unwrap_or(0);
            let values: Vec<String> = lines
                .iter()
                .map(|h| format!("  {:<widest$}  {:+.2}", label(h), h.value))
                .collect();
            let explains = lines.iter().any(|h| !h.why.is_empty());
            // In the play a card's words are its change in the game's chance alone, given where
            // the game's order and the points' differ.
            let game_only = lines
                .iter()
                .all(|h| h.why.is_empty() || h.why.starts_with("game "));
            let note = if game_only {
                "(expected points for your side; game: your chance to win the game after this card, less your chance as the deal began, which orders the cards here; any key closes)"
            } else {
                "(expected points for your side; make: your side makes trump and takes the tricks it needs; march: it takes all 5; euchred: it makes trump and falls short; they make, they march, we euchre: the same for the other side; game: your chance to win the game after this choice, less your chance as the deal began; any key closes)"
            };
            let explained_note = |inner: usize| wrap(note, " ", inner, "", " ");
            // The box stays inside the table's frame, whose title (the score) stays in view.
            let fits = |rows: usize| explains && rows + 2 + 2 <= usize::from(area.height);
            // Each choice's words on lines of their own, where they fit on the screen.
            let mut below = Vec::new();
            for (value, h) in values.iter().zip(lines) {
                below.push(value.clone());
                if !h.why.is_empty() {
                    below.extend(wrap(&h.why, " · ", inner, "    ", "    "));
                }
            }
            below.extend(explained_note(inner));
            if fits(below.len() + head) {
                l.extend(below.into_iter().map(Line::from));
                return draw_box(f, area, "Hint", l);
            }
            // Else each choice's words beside its value, in a box as wide as the person's
            // lines (eight choices of British Euchre's blind shout, each on two lines, ran
            // past an 80x24 screen): under it only where they do not fit beside it.
            let width = TEXT_WIDTH
                .min(area.width.saturating_sub(2))
                .max(BOX_WIDTH.min(area.width));
            let wide = usize::from(width.saturating_sub(2)).max(1);
            let value_width = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
            let mut beside = Vec::new();
            for (value, h) in values.iter().zip(lines) {
                let row = format!("{value:<value_width$}  {}", h.why);
                if h.why.is_empty() {
                    beside.push(value.clone());
                } else if row.chars().count() <= wide {
                    beside.push(row);
                } else {
                    beside.push(value.clone());
                    beside.extend(wrap(&h.why, " · ", wide, "    ", "    "));
                }
            }
            beside.extend(explained_note(wide));
            if fits(beside.len() + head) {
                l.extend(beside.into_iter().map(Line::from));
                return draw_box_of_width(f, area, "Hint", l, width);
            }
            // Else the values alone.
            l.extend(values.into_iter().map(Line::from));
            let plain_note = if app.table.partnership {
                "(expected points for your side; any key closes)"
            } else {
                // The individual games' players value a choice by points only (no chances
                // of making or being euchred, no game to win).
                "(expected points: your gain against the others' mean; any key closes)"
            };
            l.extend(wrap(plain_note, " ", inner, "", " ").into_iter().map(Line::from));
            ("Hint", l)
        }
        Overlay::Review { heading, lines } => {
            // Broken between a score's players and between a trick's cards, not inside one.
            let mut l: Vec<Line> = heading
                .lines()
                .flat_map(|x| {
                    let sep = [" · ", ", "]
                        .into_iter()
                        .find(|sep| x.contains(sep))
                        .unwrap_or(" ");
                    wrap(x, sep, inner, "", "  ")
                })
                .map(Line::from)
                .collect();
            if lines.is_empty() {
                l.push(Line::from("Your decisions: nothing to review."));
            }
            let shown = lines.len().min(8);
            l.extend(
                review_rows(&lines[..shown], role, inner)
                    .into_iter()
                    .map(Line::from),
            );
            if !lines.is_empty() {
                let losses = || lines[..shown].iter().filter(|r| r.shows_a_loss());
                let game = if losses().any(|r| r.win_difference.is_some()) {
                    "; game: your chance to win the game after yours, less after its"
                } else {
                    ""
                };
                let close = if losses().any(|r| r.close) {
                    "; close: within the noise of its search, no clear mistake"
                } else {
                    ""
                };
                l.extend(
                    wrap(
                        &format!("(yours; what {DEFAULT_PLAYER} would take; the expected points yours lost{game}{close}; solved: a card's points with every hand known, and the best card's)"),
                        " ",
                        inner,
                        "",
                        " ",
                    )
                    .into_iter()
                    .map(Line::from),
                );
            }
            l.push(Line::from(if app.session.game().is_over() {
                "Enter: the game's summary"
            } else {
                "Enter: next deal"
            }));
            ("Review of the deal", l)
        }
        Overlay::Summary(text) => {
            // Broken between words, so that the box is as tall as its lines.
            let mut l: Vec<Line> = text
                .lines()
                .flat_map(|x| wrap(x, " ", inner, "", "  "))
                .map(Line::from)
                .collect();
            l.push(Line::from("q or Enter: leave"));
            ("Game over", l)
        }
        Overlay::Markers => {
            let scores = app.session.game().scores();
            let mut l = Vec::new();
            match target_score(app) {
                Some(target) => {
                    let mine = app.me.team().index();
                    let [us, them] = side_names(app);
                    for (who, i) in [(us, mine), (them, 1 - mine)] {
                        let s = scores.get(i).copied().unwrap_or(0);
                        l.push(Line::from(format!(
                            "{who} ({s}): {}",
                            super::state::markers(s, target)
                        )));
                    }
                    l.push(Line::from(format!("(game is {target})")));
                }
                None => l.push(Line::from(format!(
                    "This game has no target score to mark: {}",
                    score_words(app, &scores)
                ))),
            }
            l.push(Line::from("any key closes"));
            ("Score markers", l)
        }
        Overlay::LastTrick => {
            let words = last_trick_words(app).unwrap_or_else(|| "No trick yet.".into());
            (
                "Last trick",
                vec![Line::from(words), Line::from("any key closes")],
            )
        }
        Overlay::Help => {
            let entries = help_entries(app);
            let widest = entries.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
            let mut l: Vec<Line> = entries
                .iter()
                .flat_map(|(k, what)| {
                    let lead = format!("  {k:<widest$}  ");
                    let rest = " ".repeat(lead.chars().count());
                    wrap(what, " ", inner, &lead, &rest)
                })
                .map(Line::from)
                .collect();
            l.push(Line::from("(any key closes)"));
            ("Keys", l)
        }
        Overlay::ConfirmQuit => ("Leave?", leave_question(app)),
    };
    draw_box(f, area, title, lines);
}

/// The keys that answer the question before leaving.
const LEAVE_KEYS: &str = "y: leave   n: stay";

/// The question before leaving, in its box: "Leave the game?", what leaving does, the keys.
fn leave_question(app: &App) -> Vec<Line<'static>> {
    let mut details = leave_details(app).into_iter();
    let first = details.next().unwrap_or_default();
    let mut l = vec![Line::from(format!("Leave the game? {first}"))];
    l.extend(details.map(Line::from));
    l.push(Line::from(LEAVE_KEYS));
    l
}

/// What leaving does, the same in the box and on a screen too small for the table: how to go
/// on with the game, or that the last save failed and what that loses.
fn leave_details(app: &App) -> Vec<String> {
    match (&app.save_error, app.session.save_path()) {
        (None, Some(_)) => vec!["It is saved and can be resumed:".into(), resume_command(app)],
        // A table kept in no file (none of `euchre`'s commands starts one; a program driving
        // the session may): nothing to resume with.
        (None, None) => vec!["It is not kept in a file.".into()],
        (Some(e), _) => vec![
            "The last save FAILED, so what was played since".into(),
            "the last good save would be lost:".into(),
            e.clone(),
        ],
    }
}

/// The widest an overlay's box is, borders included.
const BOX_WIDTH: u16 = 70;

/// An overlay's box in the middle of `area`, as tall as its lines once wrapped to its width.
/// The lines are wrapped here, and the box sized by the rows that come of it: sized by each
/// line's width over the box's, it was a row short where a line broke at a word (the leave
/// question's `euchre play --resume FILE`, FILE too long to follow `--resume`), and the last
/// line, the keys that answer, was cut off.
fn draw_box(f: &mut Frame, area: Rect, title: &str, lines: Vec<Line>) {
    draw_box_of_width(f, area, title, lines, BOX_WIDTH.min(area.width));
}

/// An overlay's box as `draw_box` draws it, `width` columns wide, borders included.
fn draw_box_of_width(f: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, width: u16) {
    let width = width.min(area.width);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    // The boxes' lines are plain text: their words are all there is to wrap.
    let rows: Vec<Line> = lines
        .iter()
        .flat_map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            box_rows(&text, inner)
        })
        .map(Line::from)
        .collect();
    let h = (rows.len() as u16 + 2).min(area.height);
    let rect = centred(area, width, h);
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(rows).block(Block::default().borders(Borders::ALL).title(title.to_string())),
        rect,
    );
}

/// The columns `text` takes on the screen (its display width, as ratatui measures it: a CJK
/// character or an emoji takes two).
fn columns(text: &str) -> usize {
    Span::raw(text).width()
}

/// `text` in rows of at most `width` columns (display columns, not characters), broken at spaces (a word that does not fit
/// where a row has begun starts the next), a word wider than a row broken where the row ends
/// (a file's path); the spaces that start the text stay (a hint's or a review's indent).
fn box_rows(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let mut row = String::new();
    let mut used = 0;
    for piece in text.split_inclusive(' ') {
        let word = piece.trim_end_matches(' ');
        let spaces = piece.len() - word.len();
        let w = columns(word);
        if !row.trim().is_empty() && used + w > width {
            rows.push(row.trim_end().to_string());
            row.clear();
            used = 0;
        }
        for c in word.chars() {
            let cw = columns(c.encode_utf8(&mut [0; 4]));
            // A character two columns wide (CJK, an emoji) that does not fit where the row
            // ends starts the next; alone in a row of one column, it has the row.
            if used > 0 && used + cw > width {
                rows.push(std::mem::take(&mut row));
                used = 0;
            }
            row.push(c);
            used += cw;
        }
        // Spaces past the row's end are where it breaks.
        let room = width.saturating_sub(used);
        row.push_str(&" ".repeat(spaces.min(room)));
        used += spaces.min(room);
    }
    if !row.trim().is_empty() || rows.is_empty() {
        rows.push(row.trim_end().to_string());
    }
    rows
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    use super::super::state::ReviewLine;

    #[test]
    fn the_dealer_picks_up_where_the_others_order_up() {
        let alone = Action::Order { alone: true };
        let order = Action::Order { alone: false };
        assert_eq!(action_words(&alone, Dealer::You), "pick up alone");
        assert_eq!(action_words(&alone, Dealer::Other), "order alone");
        assert_eq!(action_words(&order, Dealer::You), "pick up");
        assert_eq!(action_words(&Action::Pass, Dealer::You), "pass");
        // RULES.md §3: the dealer's partner "assists"; alone, it orders up alone.
        assert_eq!(action_words(&order, Dealer::Partner), "assist");
        assert_eq!(action_words(&order, Dealer::Other), "order");
        assert_eq!(action_words(&alone, Dealer::Partner), "order alone");
        let discard: Action = "discard 9C".parse().unwrap();
        assert_eq!(action_words(&discard, Dealer::You), "discard 9♣");
    }

    use super::super::tests::{app, app_of, play_until};
    use euchre::Seat;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// The screen `app` draws at `width` by `height`, a line per row.
    pub(in crate::play) fn screen(app: &App, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app)).unwrap();
        let buffer = terminal.backend().buffer();
        let mut text = String::new();
        for y in 0..height {
            for x in 0..width {
                text.push_str(buffer[(x, y)].symbol());
            }
            text.push('\n');
        }
        text
    }

    /// The row of the screen holding `text`.
    fn row_with<'a>(screen: &'a str, text: &str) -> &'a str {
        screen
            .lines()
            .find(|l| l.contains(text))
            .unwrap_or_else(|| panic!("no {text:?} on the screen:\n{screen}"))
    }

    /// The text drawn reversed (the cursor's choice) on the screen `app` draws at `width` by
    /// `height`, each row's apart.
    fn reversed(app: &App, width: u16, height: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| &buffer[(x, y)])
                    .filter(|c| c.modifier.contains(Modifier::REVERSED))
                    .map(|c| c.symbol())
                    .collect::<String>()
            })
            .filter(|r| !r.is_empty())
            .collect()
    }

    /// Keller's round 2 for the person: ten choices (pass, and call, alone or jambone in
    /// each of three suits).
    pub(in crate::play) fn keller_round_two() -> App {
        (0..200)
            .find_map(|seed| {
                let mut a = app_of("keller-1887", 4, seed);
                play_until(&mut a, |a| {
                    (a.table.phase == "bidding2" && !a.choices.is_empty())
                        || a.session.turn() == euchre_table::Turn::DealOver
                });
                (a.choices.len() == 10).then_some(a)
            })
            .expect("a seed where Keller's round 2 comes to the person")
    }

    /// The choices are broken between choices, never inside one; where they do not all fit,
    /// the part around the cursor's choice is shown with a mark of more, so that the chosen
    /// one is always on the screen (Keller's ten choices of round 2 hid the last ones, and
    /// ←→ moved onto them unseen).
    #[test]
    fn every_choice_is_shown_whole_when_it_is_chosen() {
        let mut a = keller_round_two();
        for (width, height, status) in [
            (80, 24, ""),
            (60, 20, ""),
            (60, 20, "A status line."),
            (80, 24, "A status line."),
        ] {
            a.status = status.into();
            let mut shown = Vec::new();
            for cursor in 0..a.choices.len() {
                a.cursor = cursor;
                let s = screen(&a, width, height);
                let chosen = format!("[{}]", action_words(&a.choices[cursor], Dealer::Other));
                assert_eq!(
                    reversed(&a, width, height).join("|"),
                    chosen,
                    "{width}x{height} {status:?}, cursor {cursor}:\n{s}"
                );
                // Every choice drawn is whole on its row.
                for row in s.lines() {
                    assert_eq!(row.matches('[').count(), row.matches(']').count(), "{s}");
                }
                assert!(s.contains(&chosen), "{s}");
                shown.push(chosen);
                if !status.is_empty() {
                    assert!(s.contains(status), "the status is still said: {s}");
                }
            }
            shown.dedup();
            assert_eq!(shown.len(), a.choices.len());
        }
        // Where they do not fit, a mark says that more are there, and which way.
        a.status = "A status line.".into();
        a.cursor = 0;
        let s = screen(&a, 60, 20);
        assert!(s.contains(MORE_AFTER) && !s.contains(MORE_BEFORE), "{s}");
        a.cursor = a.choices.len() - 1;
        let s = screen(&a, 60, 20);
        assert!(s.contains(MORE_BEFORE) && !s.contains(MORE_AFTER), "{s}");
    }

    #[test]
    fn the_leave_question_is_asked_on_a_screen_too_small_for_the_table() {
        let mut a = app();
        let small = screen(&a, 59, 20);
        assert!(small.contains("q leaves"), "{small}");
        a.overlay = Some(Overlay::ConfirmQuit);
        // A question of its own, on the first line, not an aside in parentheses (the tester's
        // "Make the window larger (Leave the game? y: leave  n: stay)." at 59x20).
        for (w, h) in [(59, 20), (40, 10), (80, 19)] {
            let small = screen(&a, w, h);
            assert!(small.starts_with("Leave the game? "), "{w}x{h}: {small}");
            assert!(!small.contains('('), "{w}x{h}: {small}");
            let flat = small.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains("y: leave n: stay"), "{w}x{h}: {small}");
            assert!(flat.contains("the table needs 60×20"), "{w}x{h}: {small}");
        }
        // The same question as the full screen's, a failed save's warning whole (the small
        // screen's own copy once dropped what a failed save loses).
        a.save_error = Some("disk full".into());
        // However few the rows, the keys that answer are on them.
        let tiny = screen(&a, 40, 6).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(tiny.contains("y: leave n: stay"), "40x6: {tiny}");
        for (w, h) in [(59, 20), (80, 24)] {
            let flat = screen(&a, w, h).split_whitespace().collect::<Vec<_>>().join(" ");
            for part in [
                "The last save FAILED, so what was played since",
                "would be lost:",
                "disk full",
            ] {
                assert!(flat.contains(part), "{w}x{h}: `{part}` not in {flat}");
            }
        }
    }

    /// A watched game resumes with `watch` (`play` refuses a game without a person).
    #[test]
    fn the_leave_question_of_a_watched_game_resumes_it_with_watch() {
        use euchre::table::AnyRules;
        use euchre_table::{Holder, Session};
        let holders = vec![Holder::Bot("basic".into()); 4];
        let rules = AnyRules::preset("north-american").unwrap();
        let dir = std::env::temp_dir().join(format!("euchre-watch-leave-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("watched.json");
        let session = Session::new(
            rules,
            4,
            holders,
            euchre_ai::Budget::UNLIMITED,
            Some(file.clone()),
        )
        .unwrap();
        let mut a = App::new(session, "north-american".into(), true);
        a.overlay = Some(Overlay::ConfirmQuit);
        let s = screen(&a, 80, 24);
        assert!(s.contains("euchre watch --resume"), "{s}");
        assert!(s.contains("watched.json"), "{s}");
        assert!(!s.contains("euchre play"), "{s}");
        assert!(screen(&app(), 80, 24).contains("q quit"));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A table kept in no file is not offered a command that resumes nothing (it read
    /// "euchre play --resume " with no file).
    #[test]
    fn the_leave_question_of_a_table_in_no_file_offers_no_resume() {
        let mut a = app();
        assert!(a.session.save_path().is_none());
        a.overlay = Some(Overlay::ConfirmQuit);
        let s = screen(&a, 80, 24);
        assert!(s.contains("Leave the game? It is not kept in a file."), "{s}");
        assert!(!s.contains("--resume"), "{s}");
    }

    /// A north-american game saved under a folder `folder` (in a scratch folder named `tag`)
    /// as `file`, the person asked whether to leave it: the app, and the folder to remove.
    fn leaving_a_game_saved_as(tag: &str, folder: &str, file: &str) -> (App, std::path::PathBuf) {
        use euchre::table::AnyRules;
        use euchre_table::{Holder, Session};
        let dir = std::env::temp_dir()
            .join(format!("{tag}-{}", std::process::id()))
            .join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        let mut holders = vec![Holder::Person("You".into())];
        holders.resize(4, Holder::Bot("basic".into()));
        let rules = AnyRules::preset("north-american").unwrap();
        let session = Session::new(
            rules,
            2,
            holders,
            euchre_ai::Budget::UNLIMITED,
            Some(dir.join(file)),
        )
        .unwrap();
        let mut a = App::new(session, "north-american".into(), false);
        a.overlay = Some(Overlay::ConfirmQuit);
        (a, dir)
    }

    /// The leave question's box is as tall as its lines once wrapped at word breaks: a resume
    /// command whose file does not fit after `--resume` takes a row more than its width says,
    /// and the keys that answer were cut off (terminal tester s52, 1). So are the other boxes,
    /// the summary's saved file among them.
    #[test]
    fn a_box_keeps_its_last_line_when_its_text_wraps_at_word_breaks() {
        let (mut a, dir) = leaving_a_game_saved_as(
            "euchre-leave-wrap",
            "a-folder-for-the-saved-games-of-euchre",
            "1796083476-north-american-seed2.json",
        );
        for (w, h) in [(80, 24), (120, 40), (60, 20)] {
            let s = screen(&a, w, h);
            assert!(s.contains(LEAVE_KEYS), "{w}x{h}: {s}");
            let flat: String = s.split(['│', ' ', '\n']).collect();
            assert!(flat.contains("seed2.json"), "{w}x{h}: {s}");
        }
        a.overlay = Some(Overlay::Summary(format!(
            "Final score We 10 : They 4. You and your partner win.\n8 deals played.\nSaved as {}",
            dir.join("1796083476-north-american-seed2.json").display()
        )));
        for (w, h) in [(80, 24), (60, 20)] {
            let s = screen(&a, w, h);
            assert!(s.contains("q or Enter: leave"), "{w}x{h}: {s}");
        }
        std::fs::remove_dir_all(dir.parent().unwrap()).ok();
    }

    /// A box's rows break between words, a word too long for a row where the row ends, and
    /// keep the indent a line starts with (terminal tester s52, 1).
    #[test]
    fn a_boxs_rows_break_between_words_and_inside_a_word_too_long() {
        assert_eq!(
            box_rows("euchre play --resume /a/very/long/path", 12),
            ["euchre play", "--resume", "/a/very/long", "/path"]
        );
        assert_eq!(box_rows("  call ♦  +0.82", 40), ["  call ♦  +0.82"]);
        assert_eq!(box_rows("", 10), [""]);
    }

    /// A box's rows are measured in the columns the screen gives them, not in characters: a
    /// saved game's path of CJK characters or emoji (two columns each) is broken inside the
    /// border, none of it cut off (review s52, 9: counted in characters, its rows ran past
    /// the border and their ends were lost).
    #[test]
    fn a_boxs_rows_of_wide_characters_fit_the_border() {
        let text = "euchre play --resume /home/利用者/保存したゲーム/🂡🃏-seed2.json";
        let rows = box_rows(text, 12);
        for row in &rows {
            assert!(
                columns(row) <= 12,
                "{row:?} is {} columns: {rows:?}",
                columns(row)
            );
        }
        let joined: String = rows.concat();
        assert_eq!(
            joined.replace(' ', ""),
            text.replace(' ', ""),
            "every character is kept: {rows:?}"
        );
        assert_eq!(
            box_rows("保存", 1),
            ["保", "存"],
            "a wide character alone has a row"
        );

        // Drawn in the leave question's box, the path's end and the answering keys show.
        let (a, dir) = leaving_a_game_saved_as(
            "euchre-wide-path",
            "保存したゲームのフォルダ保存したゲームのフォルダ保存したゲーム",
            "ユーカー北アメリカ-seed2.json",
        );
        for (w, h) in [(80, 24), (60, 20)] {
            let s = screen(&a, w, h);
            assert!(s.contains(LEAVE_KEYS), "{w}x{h}: {s}");
            let flat: String = s.split(['│', ' ', '\n']).collect();
            assert!(flat.contains("北アメリカ-seed2.json"), "{w}x{h}: {s}");
        }
        std::fs::remove_dir_all(dir.parent().unwrap()).ok();
    }

    /// A game whose hint shows British Euchre's eight blind-shout calls, each explained, the
    /// first `close` of them close to the best (the first).
    fn eight_calls_hinted(close: usize) -> (App, Vec<Action>) {
        let mut a = app();
        let calls: Vec<Action> = ["D", "H", "C", "S"]
            .iter()
            .flat_map(|s| [format!("call {s}"), format!("call {s} alone")])
            .map(|c| c.parse().unwrap())
            .collect();
        a.overlay = Some(Overlay::Hint {
            player: "expert".into(),
            best: calls[0],
            lines: calls
                .iter()
                .enumerate()
                .map(|(i, &action)| HintLine {
                    action,
                    value: 0.82 - i as f64 / 10.0,
                    why: "make 85% · march 26% · euchred 15% · game +2.3%".into(),
                    close: i < close,
                })
                .collect(),
        });
        (a, calls)
    }

    /// A hint of eight choices, each explained (British Euchre's blind shout: four suits,
    /// alone or not), fits an 80x24 screen whole inside the table's frame: every choice with
    /// its chances and the footnote's end, the title left in view (terminal tester s52, 10).
    #[test]
    fn a_hint_of_eight_explained_choices_fits_80_by_24() {
        let (a, calls) = eight_calls_hinted(0);
        let s = screen(&a, 80, 24);
        assert!(s.lines().next().unwrap().contains("We 0 : They 0"), "{s}");
        for c in &calls {
            row_with(&s, &format!("  {}  ", action_text(c)));
        }
        assert_eq!(s.matches("make 85%").count(), calls.len(), "{s}");
        assert!(s.contains("any key closes)"), "{s}");
    }

    /// The Joker turned up in British Euchre is the upcard, not a card turned down, while the
    /// dealer names trump blind (terminal tester s52, 9).
    #[test]
    fn the_british_joker_upcard_is_not_turned_down() {
        let a = (0..400)
            .map(|seed| app_of("british", 4, seed))
            .find(|a| a.table.upcard == Some(Card::JOKER) && a.table.trump.is_none())
            .expect("a British seed with the Joker turned, the person dealing");
        assert_eq!(a.table.phase, "blind_shout");
        let s = screen(&a, 80, 24);
        assert!(
            row_with(&s, "Tricks:").contains("Upcard Joker (the dealer names trump blind)"),
            "{s}"
        );
        assert!(!s.contains("Turned down"), "{s}");
    }

    /// While a jambone hand's card is named the trick box says so, and who names it: the
    /// engine's `name` phase read "Trump is named", trump made long before (terminal tester
    /// s52, 6).
    #[test]
    fn the_jambone_naming_says_who_names_the_card() {
        let mut a = app();
        let west = Seat::new(((a.me.index() + 1) % 4) as u8);
        a.table.phase = "name".into();
        a.table.to_act = Some(west);
        a.table.lone = Some(a.me);
        a.table.trick_leader = None;
        a.table.last_trick = None;
        for (w, h) in [(80, 24), (60, 20)] {
            let s = screen(&a, w, h);
            assert!(s.contains("West names your card"), "{w}x{h}: {s}");
            assert!(!s.contains("Trump is named"), "{s}");
        }
        a.table.lone = Some(a.me.partner());
        assert!(screen(&a, 80, 24).contains("West names North's card"));
        assert!(!phase_words("name").contains("Trump"));
    }

    /// A watched game names the sides by their seats, not "We" and "They" (no one watching is
    /// "we"; session 46, finding 10): the title, the tricks taken, the markers.
    #[test]
    fn a_watched_game_names_the_sides_by_their_seats() {
        use euchre::table::AnyRules;
        use euchre_table::{Holder, Session};
        let holders = vec![Holder::Bot("basic".into()); 4];
        let rules = AnyRules::preset("north-american").unwrap();
        let session = Session::new(rules, 4, holders, euchre_ai::Budget::UNLIMITED, None).unwrap();
        let mut a = App::new(session, "north-american".into(), true);
        for (w, h) in [(80, 24), (60, 20)] {
            let s = screen(&a, w, h);
            assert!(s.contains("North–South 0 : East–West 0"), "{s}");
            assert!(s.contains("Tricks: North–South 0, East–West 0"), "{s}");
            assert!(!s.contains("We ") && !s.contains("we "), "{s}");
        }
        a.overlay = Some(Overlay::Markers);
        let s = screen(&a, 80, 24);
        assert!(
            s.contains("North–South (0)") && s.contains("East–West (0)"),
            "{s}"
        );
        // Played, the person's side is "We".
        assert!(screen(&app(), 80, 24).contains("We 0 : They 0"));
    }

    /// The Joker turned up is explained: Railroad's stands for hearts ("Upcard Joker (hearts if
    /// ordered)", where it read "Upcard Jk"), and British trump named after it is said to be
    /// the dealer's blind shout (session 46, finding 12).
    #[test]
    fn the_joker_turned_up_is_explained() {
        let mut a = (0..400)
            .map(|seed| app_of("railroad", 4, seed))
            .find(|a| a.table.upcard == Some(Card::JOKER) && a.table.phase == "bidding1")
            .expect("a Railroad seed with the Joker turned, the person to bid");
        let s = screen(&a, 80, 24);
        assert!(
            row_with(&s, "Tricks:").contains("Upcard Joker (hearts if ordered)"),
            "{s}"
        );
        a.table.upcard_turned_down = true;
        assert!(screen(&a, 80, 24).contains("Turned down Joker (hearts)"));
        let mut a = (0..400)
            .map(|seed| app_of("british", 4, seed))
            .find(|a| a.table.upcard == Some(Card::JOKER) && a.table.dealer != a.me)
            .expect("a British seed with the Joker turned, another seat dealing");
        play_until(&mut a, |a| a.table.trump.is_some());
        for (w, h) in [(80, 24), (60, 20)] {
            let s = screen(&a, w, h);
            let trump = row_with(&s, "Trump ");
            assert!(trump.contains("(dealer's blind shout, Joker turned)"), "{s}");
            assert!(s.contains("Tricks: we 0, they 0"), "{s}");
        }
    }

    /// Bid Euchre's contract (the maker's bid) stays on the trump line through the play, where
    /// the bidding line is cut short from the left.
    #[test]
    fn the_contract_stays_on_screen_through_the_play() {
        let mut a = app_of("bid-euchre", 4, 5);
        play_until(&mut a, |a| {
            a.table.phase == "play" && a.table.trick_leader.is_some()
        });
        let (maker, bid) = (a.table.maker.unwrap(), a.table.bid.unwrap());
        let s = screen(&a, 60, 20);
        let line = row_with(&s, "Trump");
        let who = if maker == a.me {
            "You"
        } else {
            short_name(&a, maker)
        };
        assert!(line.contains(&format!(" · {who} bid {bid} ")), "{s}");
        assert!(
            row_with(&s, "Bidding:").contains('…'),
            "the bidding line is cut: {s}"
        );
    }

    /// On a screen wider than 80 columns the bidding line runs on to the frame's edge rather
    /// than stop at the person's 78-column column: more of the bidding is kept.
    #[test]
    fn a_wide_screen_keeps_more_of_the_bidding() {
        let mut a = app_of("bid-euchre", 4, 5);
        play_until(&mut a, |a| {
            a.table.phase == "play" && a.table.trick_leader.is_some()
        });
        let kept = |w: u16, h: u16| {
            let s = screen(&a, w, h);
            let line = row_with(&s, "Bidding:").trim_end_matches(['│', ' ']).to_string();
            (
                line.trim_start_matches(['│', ' ']).chars().count(),
                line.contains('…'),
            )
        };
        let (narrow, cut) = kept(80, 24);
        assert!(cut, "the bidding fits 78 columns: no test");
        let (wide, _) = kept(120, 30);
        assert!(
            wide > 78 && wide > narrow,
            "{narrow} columns at 80, {wide} at 120"
        );
    }

    /// In the auction the high bid is no contract yet: the trump line starts with the tricks.
    #[test]
    fn the_auction_shows_no_contract() {
        let mut a = app_of("bid-euchre", 4, 5);
        play_until(&mut a, |a| a.table.phase == "auction" && a.table.maker.is_some());
        let s = screen(&a, 80, 24);
        assert!(row_with(&s, "Tricks:").starts_with("│Tricks:"), "{s}");
    }

    #[test]
    fn no_trump_is_said_in_words() {
        assert_eq!(trump_words("low"), "No trump, nines high");
        assert_eq!(trump_words("high"), "No trump, aces high");
        assert_eq!(trump_words("H"), "Trump ♥ hearts");
    }

    /// Keller's dealer decides on jambone (after the partner orders up) before picking the
    /// upcard up: the card is shown beside trump until then.
    #[test]
    fn the_upcard_is_shown_while_the_dealer_is_yet_to_pick_it_up() {
        let seed = (0..300)
            .find(|&seed| {
                let a = app_of("keller-1887", 4, seed);
                a.choices.contains(&Action::Jambone) && a.me == a.table.dealer
            })
            .expect("a seed where the person deals and decides on jambone");
        let mut a = app_of("keller-1887", 4, seed);
        let up = a.table.upcard.unwrap();
        let s = screen(&a, 80, 24);
        let line = row_with(&s, "Tricks:");
        assert!(line.contains(&format!("(upcard {})", card_text(up))), "{s}");
        // Once the dealer has it (the discard), the card is no longer shown there.
        play_until(&mut a, |a| {
            a.table.phase == "discard" || a.table.trick_leader.is_some()
        });
        assert!(!screen(&a, 80, 24).contains("(upcard"));
    }

    /// The review names whose choice each is (the hint player's, the solver's best with every
    /// hand known), says what a loss did to the game (judge s55, d2) and marks one within the
    /// search's noise (judge s55, c3), and prints no "-0".
    #[test]
    fn a_review_row_names_the_expert_and_the_solver_and_prints_no_minus_zero() {
        let nine: Action = "9C".parse().unwrap();
        let rows = review_rows(
            &[ReviewLine {
                decision: 1,
                taken: nine,
                best: nine,
                loss: 0.0,
                exact: Some((-2.0, -1.0)),
                close: true,
                win_difference: Some(0.0),
            }],
            Dealer::Other,
            68,
        );
        let row = &rows[0];
        assert!(row.contains("expert: 9♣"), "{row}");
        assert!(row.contains("solved -2, best -1"), "{row}");
        // The choice itself is close to itself and costs nothing of the game: nothing to mark.
        assert!(!row.contains("(close)") && !row.contains("game"), "{row}");
        // A loss within the search's noise is marked; a clear one is not.
        let ten: Action = "TC".parse().unwrap();
        let lost = |close, win_difference| ReviewLine {
            decision: 2,
            taken: ten,
            best: nine,
            loss: 0.15,
            exact: None,
            close,
            win_difference,
        };
        let rows = review_rows(&[lost(true, None), lost(false, None)], Dealer::Other, 68);
        assert!(rows[0].ends_with("lost 0.15 (close)"), "{rows:?}");
        assert!(rows[1].ends_with("lost 0.15"), "{rows:?}");
        // What a loss did to the game, where the player weighs it (judge s55, d2).
        let rows = review_rows(
            &[lost(false, Some(-0.0231)), lost(true, Some(0.0))],
            Dealer::Other,
            68,
        );
        assert!(rows[0].ends_with("lost 0.15, game -2.3%"), "{rows:?}");
        assert!(rows[1].ends_with("lost 0.15, game ±0.0% (close)"), "{rows:?}");
        assert_eq!(points(-0.0), "0");
        assert_eq!(points(-0.3), "0");
        assert_eq!(points(1.0), "+1");
    }

    /// A review of eight rows, each with what it did to the game and marked close, with the
    /// longer footnote that explains both, still fits 80x24 down to its last line.
    #[test]
    fn a_review_with_the_game_and_close_marks_fits_80_by_24() {
        let mut a = app();
        let cards: Vec<Action> = ["9C", "TC", "QC", "KC", "AC", "9D", "TD", "QD"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let lines = cards
            .iter()
            .enumerate()
            .map(|(i, &taken)| ReviewLine {
                decision: i + 1,
                taken,
                best: cards[0],
                loss: 0.15,
                exact: Some((-1.0, 1.0)),
                close: true,
                win_difference: Some(-0.023),
            })
            .collect();
        a.overlay = Some(Overlay::Review {
            heading: "Deal 3 is over. Score: We 6 : They 8 (they made it: 3 tricks)\nLast trick: West led 9♠, North A♠, East J♥, you 10♠; East takes it".into(),
            lines,
        });
        let s = screen(&a, 80, 24);
        assert!(s.contains("Enter: next deal"), "{s}");
        assert!(s.contains("game -2.3% (close)"), "{s}");
        let flat: String = s.split(['│', ' ', '\n']).collect();
        assert!(flat.contains("noclearmistake"), "{s}");
    }

    /// The bottom line's card shortcut is the card under the cursor; `u undo` is offered only
    /// where there is a decision to take back.
    #[test]
    fn the_bottom_line_follows_the_cursor_and_offers_undo_only_with_something_to_undo() {
        let mut a = app();
        a.practice = true;
        let keys = key_words(&a).join("  ");
        assert!(!keys.contains("u undo"), "nothing taken yet: {keys}");
        a.cursor = 2;
        let c = card_of(&a.choices[2]).unwrap();
        let keys = key_words(&a).join("  ");
        assert!(keys.contains(&format!(": {}", card_text(c))), "{keys}");
        play_until(&mut a, |a| a.table.decided && !a.choices.is_empty());
        assert!(key_words(&a).join("  ").contains("u undo"));
    }

    /// At the smallest size (60x20) nothing is cut inside a word: the trick box's words, the
    /// keys, the title and the tricks taken (on a line of their own where they do not fit
    /// beside trump); a hint's and a review's rows break between their parts, and every row of
    /// either fits the box.
    #[test]
    fn at_60_by_20_nothing_is_cut_inside_a_word() {
        for (preset, players) in [("bid-euchre", 4), ("north-american", 4), ("three-handed", 3)] {
            let mut a = app_of(preset, players, 5);
            play_until(&mut a, |a| {
                a.table.phase == "play" && a.table.trick.len() >= 2 && !a.choices.is_empty()
            });
            let s = screen(&a, 60, 20);
            let trick = row_with(&s, " led, ").split('│').nth(2).unwrap().trim();
            assert!(
                ["wins so far", "winning", "wins"]
                    .iter()
                    .any(|end| trick.ends_with(end)),
                "{trick:?}: {s}"
            );
            // The keys: whole ones, in full or short words.
            let keys = row_with(&s, "q quit");
            let known = key_words(&a);
            for k in keys
                .trim_matches('│')
                .split("  ")
                .map(str::trim)
                .filter(|k| !k.is_empty())
            {
                let short = ["←→", "Enter", "l last"].contains(&k);
                assert!(short || known.iter().any(|x| x == k), "{k:?} cut: {s}");
            }
            let tricks = row_with(&s, "Tricks:");
            assert!(
                tricks
                    .trim_end_matches('│')
                    .trim_end()
                    .ends_with(char::is_numeric),
                "{s}"
            );
            let title = s.lines().next().unwrap();
            assert!(
                title.contains(&score_words(&a, &a.session.game().scores())),
                "{s}"
            );
            assert!(
                row_with(&s, "q quit").contains("l last") == a.table.last_trick.is_some(),
                "{s}"
            );
        }
        // A hint of the bidding explained in words, and a review with cards and bids.
        let mut a = app_of("north-american", 4, 7);
        a.hint();
        let s = screen(&a, 60, 20);
        for line in s.lines().filter(|l| l.starts_with('│') && l.len() > 2) {
            let inside = line.trim_matches('│').trim();
            assert!(
                !["makes", "the", "(best", "+1)", "game", "-1"].contains(&inside),
                "{s}"
            );
        }
        let flat = s
            .lines()
            .map(|l| l.trim_matches(|c| c == '│' || c == ' '))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(flat.contains("any key closes"), "{s}");
        assert!(flat.contains("takes the tricks it needs"), "{s}");
        // Chances whose first line, broken after its fourth part, is 57 columns with its "·"
        // to come: the dot stays on the line, and no line is wider than the box.
        let why = "make 100% · march 100% · euchred 100% · they make 64% · game +3.1%";
        let inner = usize::from(BOX_WIDTH.min(60) - 2);
        for line in wrap(why, " · ", inner, "    ", "    ") {
            assert!(line.chars().count() <= inner, "{line:?} is wider than {inner}");
        }
        let Some(Overlay::Hint { lines, .. }) = &mut a.overlay else {
            panic!("a hint is shown")
        };
        for l in lines.iter_mut() {
            l.why = why.into();
        }
        let s = screen(&a, 60, 20);
        assert!(s.contains("they make 64% ·"), "{s}");
        for line in s.lines() {
            let inside = line.trim_matches(|c| c == '│' || c == ' ');
            assert_ne!(inside, "·", "a dot wrapped alone: {s}");
        }
        a.overlay = None;
        super::super::tests::to_the_deals_end(&mut a);
        a.overlay = Some(a.review());
        let s = screen(&a, 60, 20);
        assert!(s.contains("Enter: next deal"), "the review fits: {s}");
        let rows: Vec<&str> = s.lines().filter(|l| l.contains("expert: ")).collect();
        assert!(!rows.is_empty(), "{s}");
        for line in s.lines().filter(|l| l.contains("solved ")) {
            assert!(line.contains(", best "), "solved and best on one line: {s}");
        }
    }

    /// A Bid Euchre game whose hint names four trumps (no trump low first, the best) with
    /// these values, and which of them are close to the best.
    fn trumps_hinted(values: [f64; 4], close: [bool; 4]) -> (App, Vec<Action>) {
        let mut a = app_of("bid-euchre", 4, 5);
        let named: Vec<Action> = ["trump low", "trump C", "trump D", "trump high"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        a.overlay = Some(Overlay::Hint {
            player: "expert".into(),
            best: named[0],
            lines: named
                .iter()
                .zip(values)
                .zip(close)
                .map(|((&action, value), close)| HintLine {
                    action,
                    value,
                    why: String::new(),
                    close,
                })
                .collect(),
        });
        (a, named)
    }

    /// A hint's values are one column, after the widest choice (session 46, finding 13: Bid
    /// Euchre's "no trump (nines high)" pushed its value out of line).
    #[test]
    fn a_hints_values_are_one_column() {
        let (a, named) = trumps_hinted([-3.83, -6.08, -6.25, -6.58], [false; 4]);
        let s = screen(&a, 80, 24);
        let columns: Vec<usize> = named
            .iter()
            .map(|n| {
                let row = row_with(&s, &format!("  {} ", action_text(n)));
                row.chars().position(|c| c == '-').unwrap()
            })
            .collect();
        assert!(columns.windows(2).all(|w| w[0] == w[1]), "{columns:?}\n{s}");
    }

    /// A hint names with its choice the others its search could not tell from it, so that a
    /// close call does not read as a clear one (judge s55, c3); the eight explained choices of
    /// the blind shout, two of them close, still fit 80x24 with the longer heading.
    #[test]
    fn a_hint_names_the_choices_about_as_good_as_its_own() {
        let (a, named) = trumps_hinted([-3.83, -3.9, -6.25, -6.58], [true, true, false, false]);
        let s = screen(&a, 80, 24);
        let role = seat_role(&a, a.me);
        let heading = format!(
            "expert would take: {}; about as good: {}",
            action_words(&named[0], role),
            action_words(&named[1], role)
        );
        assert!(s.contains(&heading), "{heading}\n{s}");

        let (a, calls) = eight_calls_hinted(3);
        let s = screen(&a, 80, 24);
        assert!(s.contains("about as good:"), "{s}");
        for c in &calls {
            row_with(&s, &format!("  {}  ", action_text(c)));
        }
    }

    /// A hint with one legal card explains no numbers that are not there; with several, its
    /// footnote says what `make` means (ordering up always makes trump: `make` is making it
    /// and taking the tricks needed); the individual games' hints, values only, say what the
    /// values are.
    #[test]
    fn a_hint_explains_what_it_shows() {
        let mut a = app();
        play_until(&mut a, |a| {
            a.choices.len() == 1 && card_of(&a.choices[0]).is_some()
        });
        a.hint();
        let s = screen(&a, 80, 24);
        let only = card_text(card_of(&a.choices[0]).unwrap());
        assert!(
            s.contains(&format!("{only} is the only card you may choose now.")),
            "{s}"
        );
        assert!(!s.contains("expected points"), "{s}");
        let mut a = app_of("north-american", 4, 7);
        a.hint();
        let s = screen(&a, 80, 24);
        assert!(s.contains("make: your side makes trump and"), "{s}");
        assert!(!s.contains("takes all 5 or is euchred"), "{s}");
        let mut a = app_of("three-handed", 3, 5);
        play_until(&mut a, |a| a.choices.len() > 1);
        a.hint();
        let s = screen(&a, 80, 24);
        assert!(s.contains("your gain against the others' mean"), "{s}");
        assert!(!s.contains("make "), "no chances in the individual games: {s}");
    }

    /// Two-handed Set-Back seats the opponent across the table (North), not at West with North
    /// empty; the engine's seat numbers stay as they are.
    #[test]
    fn two_players_sit_across_the_table() {
        use euchre::table::AnyRules;
        use euchre_table::{Holder, Session};
        let mut rules = AnyRules::preset("set-back").unwrap();
        rules.set("players", "2").unwrap();
        let holders = vec![Holder::Person("You".into()), Holder::Bot("basic".into())];
        let session = Session::new(rules, 3, holders, euchre_ai::Budget::UNLIMITED, None).unwrap();
        let a = App::new(session, "set-back".into(), false);
        assert_eq!(short_name(&a, Seat::new(1)), "North");
        let s = screen(&a, 80, 24);
        assert!(s.contains("North basic"), "{s}");
        assert!(!s.contains("West"), "{s}");
    }

    #[test]
    fn suits_are_symbols_and_no_trump_is_words() {
        let text = |s: &str| action_text(&s.parse::<Action>().unwrap());
        assert_eq!(text("trump C"), "trump ♣");
        assert_eq!(text("trump low"), "no trump (nines high)");
        assert_eq!(text("trump high"), "no trump (aces high)");
        assert_eq!(text("call S alone"), "call ♠ alone");
        assert_eq!(text("call H"), "call ♥");
    }

    /// On a large screen the table keeps `MAX_SIZE` in the middle, and the person's lines
    /// (trump, the hand, the prompt, the keys) sit in the middle under the trick: the tester's
    /// 220x60 had them at the bottom-left, far from the trick. A click finds a card where it
    /// is drawn there.
    #[test]
    fn a_large_screen_keeps_the_table_in_its_middle() {
        let mut a = app();
        let s = screen(&a, 220, 60);
        let rows: Vec<Vec<char>> = s.lines().map(|r| r.chars().collect()).collect();
        let (top, bottom, left, right) = (15, 44, 50, 169);
        assert_eq!((rows[top][left], rows[top][right]), ('┌', '┐'), "{s}");
        assert_eq!((rows[bottom][left], rows[bottom][right]), ('└', '┘'), "{s}");
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                let inside = (top..=bottom).contains(&y) && (left..=right).contains(&x);
                assert!(inside || *c == ' ', "{c:?} at {x},{y} is off the table: {s}");
            }
        }
        // The person's lines start 20 columns in: 78 columns in the middle of the 118 inside.
        let column = |text: &str| {
            let row = rows
                .iter()
                .map(|r| r.iter().collect::<String>())
                .find(|r| r.contains(text))
                .unwrap_or_else(|| panic!("no {text:?}: {s}"));
            row.chars()
                .position(|c| c == text.chars().next().unwrap())
                .unwrap()
        };
        for text in ["Trump ♦", "South You", "Your turn", "q quit"] {
            assert_eq!(column(text), left + 1 + 20, "{text}: {s}");
        }
        // A click on the third card of the hand, found on the screen, takes it.
        let (_, places) = hand_line(&a);
        let third = places[2].0;
        let hand_row = rows
            .iter()
            .position(|r| r.iter().collect::<String>().contains("South You"))
            .unwrap();
        let row: String = rows[hand_row].iter().collect();
        let at = row.find(&card_text(third)).unwrap();
        let x = row[..at].chars().count() as u16;
        let before = a.session.decisions();
        a.on_click(x, hand_row as u16, 220, 60);
        assert_eq!(a.session.decisions(), before + 1);
        let mine = format!("discard {third}");
        assert!(
            a.table.bidding.iter().any(|(s, t)| *s == a.me && *t == mine),
            "{:?}",
            a.table.bidding
        );
    }

    #[test]
    fn phases_read_as_words() {
        assert_eq!(phase_words("bidding2"), "Bidding, round 2");
        assert_eq!(phase_words("renege_claim"), "Renege claim");
        assert_eq!(phase_words(""), "");
    }
}
