//! What the terminal game shows and what the person may pick, apart from the terminal: a seat's
//! view turned into the table's parts, hands sorted, the choices in order, card shortcuts, and
//! the review of a finished deal.

use euchre::table::View;
use euchre::{Action, BidTrump, Card, CardSet, IllegalAction, Rank, Seat, Suit, Trump};
use euchre_ai::{GameView, Outlook};

/// The table as one seat sees it, in the terms the screen uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub players: usize,
    /// Two sides of partners (the four-handed game), not each player for themselves (the
    /// individual games, four-handed Bid Euchre and Set-Back among them).
    pub partnership: bool,
    pub dealer: Seat,
    pub to_act: Option<Seat>,
    /// The seat's own hand, sorted for show.
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<u8>,
    /// The upcard while it is up (or its card, turned down, in round 2).
    pub upcard: Option<Card>,
    pub upcard_turned_down: bool,
    /// Trump was ordered up and the dealer has yet to take the upcard (and discard): the card
    /// is shown beside trump until then (Keller's dealer decides on jambone before that).
    pub upcard_to_pick_up: bool,
    /// Trump in words, once made.
    pub trump: Option<String>,
    pub maker: Option<Seat>,
    /// The tricks the maker bid (Bid Euchre's contract), once bid.
    pub bid: Option<u8>,
    /// The seat playing alone for the makers (the maker, or in Keller's jambone the maker's
    /// partner in the maker's place).
    pub lone: Option<Seat>,
    /// A defender playing alone (British Euchre's defending alone).
    pub lone_defender: Option<Seat>,
    /// A hand face up for everyone (the jambone hand once the play begins), sorted.
    pub exposed: Option<(Seat, Vec<Card>)>,
    /// Seats taking part in the play (a lone player's partner sits out).
    pub active: Vec<bool>,
    /// The decisions of the bidding, in words, in order.
    pub bidding: Vec<(Seat, String)>,
    /// The seat has taken a decision in this deal (one a practice game may take back).
    pub decided: bool,
    /// The trick in progress: who led and the cards in order; who is winning it so far.
    pub trick_leader: Option<Seat>,
    pub trick: Vec<Card>,
    pub winning: Option<Seat>,
    /// The deal's last finished trick: who led, the cards in order, who took it.
    pub last_trick: Option<(Seat, Vec<Card>, Seat)>,
    /// Tricks taken this deal: per team (partnership) or per player.
    pub tricks_won: Vec<u8>,
    pub phase: String,
}

/// Sorts a hand for show: trump first once it is known (both bowers with it), highest first;
/// then the other suits, each highest first, black and red alternating where they can.
pub fn sort_hand(hand: CardSet, trump: Option<Trump>) -> Vec<Card> {
    match trump {
        // The engine's trump, not the trump suit: under no trump the Joker is trump alone.
        Some(t) => {
            let table = t.table();
            sort_by_order(
                hand,
                |c| table.is_trump(c),
                |c| (table.effective_suit(c), table.power(c)),
            )
        }
        None => sort_by_order(
            hand,
            |_| false,
            |c| {
                let suit = c.suit().map_or(euchre::trump::JOKER_SUIT, Suit::index);
                (suit, c.rank().map_or(0, |r| r as u8 + 1))
            },
        ),
    }
}

/// Sorts a hand by `order`, a card's effective suit and its power within it under the ranking
/// in force (the engine's): the cards `is_trump` names first, then the other suits in the
/// order that alternates black and red, each highest first.
fn sort_by_order(
    hand: CardSet,
    is_trump: impl Fn(Card) -> bool,
    order: impl Fn(Card) -> (usize, u8),
) -> Vec<Card> {
    let suit_order = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let key = |c: Card| -> (usize, i32) {
        let (suit, power) = order(c);
        let group = if is_trump(c) {
            0
        } else {
            1 + suit_order
                .iter()
                .position(|s| s.index() == suit)
                .unwrap_or(suit_order.len())
        };
        (group, -i32::from(power))
    };
    let mut cards: Vec<Card> = hand.iter().collect();
    cards.sort_by_key(|&c| key(c));
    cards
}

impl Table {
    /// The table as `view` shows it; the hand sorted by the ranking in force (Bid Euchre's no
    /// trump low runs nine high).
    pub fn of(view: &GameView) -> Table {
        match &view.view {
            View::Partnership(o) => {
                let trump = o.trump;
                let trick = o.tricks.last().filter(|t| t.winner.is_none());
                let history = o.history.iter().filter_map(|(_, seen)| match seen {
                    euchre::Seen::Known(a) => Some(*a),
                    // A discard face down: which card does not matter here.
                    euchre::Seen::HiddenDiscard => Some(Action::Discard(o.upcard)),
                    _ => None,
                });
                let last_trick = o
                    .tricks
                    .iter()
                    .rev()
                    .find_map(|t| t.winner.map(|w| (t.leader, t.cards.clone(), w)));
                Table {
                    players: 4,
                    partnership: true,
                    dealer: o.dealer,
                    to_act: o.to_act,
                    hand: sort_hand(o.hand, trump),
                    hand_sizes: o.hand_sizes.to_vec(),
                    upcard: Some(o.upcard),
                    // Turned down by round 2 (or a deal everyone passed), not before: British
                    // Euchre's Joker is still the upcard while the dealer names trump blind,
                    // and so is any upcard before round 1 (a farmer's hand, a blind loner).
                    upcard_turned_down: o.trump.is_some()
                        || matches!(o.phase, euchre::Phase::Bidding2 | euchre::Phase::Done),
                    upcard_to_pick_up: trump.is_some()
                        && o.phase != euchre::Phase::Discard
                        && !o.phase.in_or_after_play()
                        && to_pick_up(history),
                    trump: trump.map(|t| t.to_string()),
                    maker: o.maker,
                    bid: None,
                    lone: o.maker.filter(|_| o.maker_alone).map(|m| {
                        if o.active[m.index()] {
                            m
                        } else {
                            m.partner()
                        }
                    }),
                    lone_defender: o.lone_defender,
                    exposed: o.exposed.map(|(s, cards)| (s, sort_hand(cards, trump))),
                    active: o.active.to_vec(),
                    bidding: o
                        .history
                        .iter()
                        .filter_map(|(s, seen)| match seen {
                            euchre::Seen::Known(Action::Play(_)) => None,
                            euchre::Seen::Known(a) => Some((*s, alone_words(*a, *s, o.maker))),
                            euchre::Seen::HiddenDiscard => Some((*s, "discards".into())),
                            euchre::Seen::HiddenExchange => Some((*s, "passes a card".into())),
                            euchre::Seen::HiddenGive => Some((*s, "gives a card back".into())),
                        })
                        .collect(),
                    decided: o.history.iter().any(|(s, _)| *s == o.seat),
                    trick_leader: trick.map(|t| t.leader),
                    trick: trick.map(|t| t.cards.clone()).unwrap_or_default(),
                    winning: o.winning_so_far(),
                    last_trick,
                    tricks_won: o.tricks_won.to_vec(),
                    phase: o.phase.name().to_string(),
                }
            }
            View::Solo(o) => {
                let trump = o.trump.and_then(BidTrump::suit);
                let trick = o.tricks.last().filter(|t| t.2.is_none());
                let last_trick = o
                    .tricks
                    .iter()
                    .rev()
                    .find_map(|t| t.2.map(|w| (t.0, t.1.clone(), w)));
                Table {
                    players: usize::from(o.players),
                    partnership: false,
                    dealer: o.dealer,
                    to_act: o.to_act,
                    hand: sort_by_order(
                        o.hand,
                        |c| trump.is_some_and(|t| o.card_order(c).0 == t.index()),
                        |c| o.card_order(c),
                    ),
                    hand_sizes: o.hand_sizes.clone(),
                    upcard: o.upcard,
                    upcard_turned_down: o.trump.is_some() || o.phase != euchre::solo::SoloPhase::Bidding1,
                    // The dealer takes the upcard as it is ordered up: no decision comes between.
                    upcard_to_pick_up: false,
                    trump: o.trump.map(|t| t.to_string()),
                    maker: o.maker,
                    bid: o.bid,
                    lone: None,
                    lone_defender: None,
                    exposed: None,
                    active: o.active.clone(),
                    bidding: solo_bidding(&o.history, o.maker),
                    decided: o.history.iter().any(|(s, _)| *s == o.seat),
                    trick_leader: trick.map(|t| t.0),
                    trick: trick.map(|t| t.1.clone()).unwrap_or_default(),
                    winning: o.winning_so_far(),
                    last_trick,
                    tricks_won: o.tricks_won.clone(),
                    phase: o.phase.name().to_string(),
                }
            }
        }
    }
}

/// A decision of the partnership game in the bidding's words; going alone or not says whose
/// side decides it: "plays with partner" for the makers' side (not alone, not jambone),
/// "defends with partner" or "defends alone" for the other side (`partner` alone said
/// neither).
fn alone_words(a: Action, seat: Seat, maker: Option<Seat>) -> String {
    let makers = maker.is_some_and(|m| m.team() == seat.team());
    match a {
        Action::Partner if makers => "plays with partner".into(),
        Action::Partner if maker.is_some() => "defends with partner".into(),
        Action::Alone if maker.is_some() && !makers => "defends alone".into(),
        _ => a.to_string(),
    }
}

/// The individual games' decisions of the bidding in words: a discard face down as the
/// four-handed game says it, and the maker's pass once trump is made as not declaring: it
/// answers Set-Back's "declare a march, or pass", and "North: call ♣, North: pass" read as
/// the maker passing after making trump.
fn solo_bidding(history: &[(Seat, String)], maker: Option<Seat>) -> Vec<(Seat, String)> {
    let mut made = false;
    let mut bidding = Vec::new();
    for (s, a) in history.iter().filter(|(_, a)| !is_card_text(a)) {
        let by_maker = maker == Some(*s);
        let words = match a.as_str() {
            "discard" => "discards".into(),
            "pass" if made && by_maker => "does not declare".into(),
            _ => a.clone(),
        };
        made |= by_maker
            && a.parse::<Action>().is_ok_and(|x| {
                matches!(
                    x,
                    Action::Order { .. } | Action::Call { .. } | Action::NameTrump(_)
                )
            });
        bidding.push((*s, words));
    }
    bidding
}

fn is_card_text(a: &str) -> bool {
    a.len() == 2 && a.parse::<Card>().is_ok()
}

/// Whether the deal's decisions so far (trump made, the dealer not discarding yet) leave the
/// upcard for the dealer to pick up: it was ordered up, and no discard has followed.
fn to_pick_up(mut history: impl Iterator<Item = Action>) -> bool {
    let mut ordered = false;
    for a in history.by_ref() {
        match a {
            Action::Order { .. } | Action::OrderJambone => ordered = true,
            Action::Discard(_) => return false,
            _ => {}
        }
    }
    ordered
}

/// The card an action plays, discards, passes or names, if any.
pub fn card_of(a: &Action) -> Option<Card> {
    match a {
        Action::Play(c) | Action::Discard(c) | Action::Exchange(c) | Action::Give(c) | Action::Name(c) => {
            Some(*c)
        }
        _ => None,
    }
}

/// The legal choices in the order the screen lists them: card decisions in hand order, then the
/// others (pass, order, alone, bids) in the engine's order.
pub fn choices(legal: &[Action], hand: &[Card]) -> Vec<Action> {
    let mut cards: Vec<Action> = legal.iter().copied().filter(|a| card_of(a).is_some()).collect();
    cards.sort_by_key(|a| {
        card_of(a)
            .and_then(|c| hand.iter().position(|h| *h == c))
            .unwrap_or(usize::MAX)
    });
    let words = legal.iter().copied().filter(|a| card_of(a).is_none());
    // With a partner or alone, the partner first: an Enter out of habit keeps the partner.
    let (partner, others): (Vec<Action>, Vec<Action>) = words.partition(|a| *a == Action::Partner);
    cards.extend(partner);
    cards.extend(others);
    cards
}

/// Who deals, as the person sees it: the dealer picks the upcard up where another seat orders
/// it up, and Canadian's dealer's partner orders it up only alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dealer {
    You,
    Partner,
    Other,
}

/// What the person's decision is for, in words: the words before the choices. `dealer`: who
/// deals; `phase`: the engine's name of the phase.
pub fn decision_prompt(choices: &[Action], dealer: Dealer, phase: &str) -> String {
    let dealing = dealer == Dealer::You;
    let has = |f: fn(&Action) -> bool| choices.iter().any(f);
    let or_pass = |what: &str| {
        let pass = if choices.contains(&Action::Pass) {
            ", or pass"
        } else {
            ""
        };
        format!("Your turn: {what}{pass}.")
    };
    if has(|a| matches!(a, Action::Play(_))) {
        "Your turn: play a card.".to_string()
    } else if has(|a| matches!(a, Action::Discard(_))) {
        "Your turn: the card to discard.".to_string()
    } else if has(|a| matches!(a, Action::Exchange(_))) {
        "Your turn: the card to pass to your partner.".to_string()
    } else if has(|a| matches!(a, Action::Give(_))) {
        "Your turn: the card to give your partner back.".to_string()
    } else if has(|a| matches!(a, Action::Name(_))) {
        "Your turn: name a card of the jambone hand.".to_string()
    } else if has(|a| matches!(a, Action::Bid(_))) {
        or_pass("bid the tricks you will take")
    } else if has(|a| matches!(a, Action::Order { .. } | Action::OrderJambone)) {
        // RULES.md §3: the dealer "takes it up", the dealer's partner "assists" (with the
        // dealer; alone it orders up).
        let assist = dealer == Dealer::Partner && has(|a| *a == Action::Order { alone: false });
        let prompt = or_pass(if dealing {
            "pick it up"
        } else if assist {
            "assist your partner (order it up)"
        } else {
            "order it up"
        });
        // Alone only (Canadian's dealer's partner): said, as the missing choice is.
        if has(|a| *a == Action::Order { alone: true }) && !has(|a| *a == Action::Order { alone: false }) {
            let why = match dealer {
                Dealer::Partner => "the Canadian rule: the dealer's partner orders up only alone",
                _ => "only alone, by these rules",
            };
            format!("{} ({why}).", prompt.trim_end_matches('.'))
        } else {
            prompt
        }
    } else if has(|a| {
        matches!(
            a,
            Action::Call { .. } | Action::CallJambone(_) | Action::NameTrump(_)
        )
    }) {
        or_pass("name trump")
    } else if has(|a| matches!(a, Action::Stay | Action::Fold)) {
        "Your turn: stay in, or fold.".to_string()
    } else if has(|a| matches!(a, Action::BlindAlone)) {
        or_pass("go alone blind")
    } else if has(|a| matches!(a, Action::Farmers)) {
        or_pass("call a farmer's hand")
    } else if has(|a| matches!(a, Action::Swap(_))) {
        "Your turn: the three cards to swap.".to_string()
    } else if has(|a| matches!(a, Action::Jamboree)) {
        or_pass("show a jamboree")
    } else if has(|a| matches!(a, Action::ClaimRenege)) {
        or_pass("claim a renege")
    } else if has(|a| matches!(a, Action::Subtract)) {
        "Your turn: score your points, or take them off the other side's.".to_string()
    } else if has(|a| matches!(a, Action::Declare)) {
        or_pass("declare a march")
    } else if phase == "defend_alone" {
        "Your turn: defend alone, or with your partner.".to_string()
    } else if has(|a| matches!(a, Action::Jambone)) {
        "Your turn: play jambone, or with your partner.".to_string()
    } else if has(|a| matches!(a, Action::Alone | Action::Partner)) {
        "Your turn: go alone, or play with your partner.".to_string()
    } else if choices == [Action::Pass] {
        // A pass alone is legal (a jamboree or a renege not there to claim, Bid Euchre's
        // auction past the top bid): the game passes by itself, so no order to pass.
        "Your turn: nothing to choose here: passing for you…".to_string()
    } else {
        "Your turn:".to_string()
    }
}

/// `kind`, a decision on a card (a play, a discard, an exchange, a give, a name), made on
/// `card` instead; `None` for a decision on no card.
pub fn on_card(kind: Action, card: Card) -> Option<Action> {
    Some(match kind {
        Action::Play(_) => Action::Play(card),
        Action::Discard(_) => Action::Discard(card),
        Action::Exchange(_) => Action::Exchange(card),
        Action::Give(_) => Action::Give(card),
        Action::Name(_) => Action::Name(card),
        _ => return None,
    })
}

/// A card in a sentence: `10♣`, the Joker as "the Joker".
fn card_words(c: Card) -> String {
    if c.is_joker() {
        "the Joker".into()
    } else {
        super::render::card_text(c)
    }
}

/// A suit the engine names in words ("clubs") as its symbol, "trump ♠" where it is trump
/// (`trump`: the table's trump, as `Table::trump` holds it).
fn led_words(led: &str, trump: Option<&str>) -> String {
    let suit = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]
        .into_iter()
        .find(|s| s.name() == led);
    match suit {
        Some(s) => {
            let symbol = super::render::suit_symbol(s);
            if trump.is_some_and(|t| t == s.letter().to_string()) {
                format!("trump {symbol}")
            } else {
                symbol.to_string()
            }
        }
        None => led.to_string(),
    }
}

/// Why the person may not take `tried`, in words, from the engine's refusal `e`: the suit to
/// follow and a card that follows it, the upcard the dealer keeps, stick the dealer. `None`
/// where the engine's reason is not one a person asks for here. `trump`: the table's trump;
/// `partnership`: the rules are the four-handed game's (whose option keeps the upcard).
pub fn refusal_words(
    e: &IllegalAction,
    tried: Action,
    trump: Option<&str>,
    partnership: bool,
) -> Option<String> {
    Some(match e {
        IllegalAction::MustFollow { led, holding, .. } => format!(
            "You must follow {} (you hold {}).",
            led_words(led, trump),
            card_words(*holding)
        ),
        // The card is the one the person typed: the rule is what is new to them.
        IllegalAction::UpcardDiscard { .. } if partnership => {
            "The upcard may not be discarded (dealer_may_discard_upcard is off).".into()
        }
        IllegalAction::UpcardDiscard { .. } => "The upcard may not be discarded.".into(),
        IllegalAction::DealerStuck { last: false, .. } => {
            "You may not pass: stick the dealer makes the dealer name trump.".into()
        }
        IllegalAction::DealerStuck { last: true, .. } => {
            "You may not pass: stick the dealer makes the last to bid name trump.".into()
        }
        IllegalAction::DealerMustBid { .. } => {
            "You may not pass: stick the dealer makes the dealer bid when nobody has.".into()
        }
        IllegalAction::NameForcesRevoke { card, led } => format!(
            "Naming {} would force a revoke: {} was led and the jambone hand can follow.",
            card_words(*card),
            led_words(led, trump)
        ),
        IllegalAction::NotHeld { card, .. } if matches!(tried, Action::Name(_)) => {
            format!("The jambone hand does not hold {}.", card_words(*card))
        }
        IllegalAction::GiveBack { card } => format!(
            "{} is the card your partner just passed you: give one of your own.",
            card_words(*card)
        ),
        _ => return None,
    })
}

/// Why the person has no pass, for the prompt, from the engine's refusal of one: stick the
/// dealer (RULES.md §3), as the prompt says of a choice a rule leaves out.
pub fn no_pass_words(e: &IllegalAction) -> Option<&'static str> {
    Some(match e {
        IllegalAction::DealerStuck { last: false, .. } => "stick the dealer: the dealer may not pass",
        IllegalAction::DealerStuck { last: true, .. } => "stick the dealer: the last to bid may not pass",
        IllegalAction::DealerMustBid { .. } => "stick the dealer: nobody has bid, so the dealer must",
        _ => return None,
    })
}

/// What a decision with a pass alone legal had nothing of, in the browser page's words too: a
/// claim in the phases that claim something (a jamboree, a farmer's hand, a renege), else a
/// choice (Bid Euchre's auction past the top bid, round 1 under the trump requirement).
pub fn nothing_to(phase: &str) -> &'static str {
    if matches!(phase, "jamboree" | "farmers" | "renege_claim") {
        "claim"
    } else {
        "choose"
    }
}

/// A rank's key (`9 t j q k a`, `7 8` in the Piquet pack).
pub fn rank_of_key(k: char) -> Option<Rank> {
    Some(match k.to_ascii_lowercase() {
        '7' => Rank::Seven,
        '8' => Rank::Eight,
        '9' => Rank::Nine,
        't' | '0' => Rank::Ten,
        'j' => Rank::Jack,
        'q' => Rank::Queen,
        'k' => Rank::King,
        'a' => Rank::Ace,
        _ => return None,
    })
}

/// A suit's key (`c d h s`).
pub fn suit_of_key(k: char) -> Option<Suit> {
    Suit::from_letter(k.to_ascii_uppercase())
}

/// The choice a card shortcut (rank key, then suit key) names, among `choices`.
pub fn by_shortcut(choices: &[Action], rank: Rank, suit: Suit) -> Option<usize> {
    choices
        .iter()
        .position(|a| card_of(a).is_some_and(|c| c.rank() == Some(rank) && c.suit() == Some(suit)))
}

/// One line of a deal's review: a decision of the person's with what it cost.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewLine {
    pub decision: usize,
    pub taken: Action,
    pub best: Action,
    /// Expected points lost, from what the seat knew (0 for the best choice).
    pub loss: f64,
    /// For a card played: its exact value and the best card's, every hand known.
    pub exact: Option<(f64, f64)>,
    /// The search could not tell the choice taken from its own (within its noise): a loss
    /// then is no clear mistake (judge s55, c3).
    pub close: bool,
    /// The chance of winning the game the choice taken left, less the best's, where the
    /// player behind hints weighs the game: near its end a choice that costs points can cost
    /// none of the game (judge s55, d2).
    pub win_difference: Option<f64>,
}

impl ReviewLine {
    /// A loss the review shows as one (0.005 of a point rounds to 0.01): only then does it say
    /// what the choice did to the game and whether it is within the search's noise.
    pub fn shows_a_loss(&self) -> bool {
        self.loss >= 0.005
    }
}

/// The lines worth showing, costliest first: every card played (with its exact value), and the
/// other decisions that cost anything.
pub fn review_lines(mut lines: Vec<ReviewLine>) -> Vec<ReviewLine> {
    lines.retain(|l| l.exact.is_some() || l.loss > 0.005);
    lines.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.decision.cmp(&b.decision)));
    lines
}

/// One line of a hint: a choice, its value, and in words what the player behind hints expects
/// of it (empty when it does not explain itself, and in the play).
#[derive(Clone, Debug, PartialEq)]
pub struct HintLine {
    pub action: Action,
    pub value: f64,
    pub why: String,
    /// The search could not tell this choice from the one it would take (within the noise of
    /// the worlds it searched): about as good (judge s55, c3).
    pub close: bool,
}

/// A hint's lines, the player's own order first: by the chance of winning the game where it
/// gives one, else by value. Explained in words before the play (the bidding, the dealer's
/// discard, going alone). In the play each card shows its value, and its change in the chance
/// of winning the game too where that order puts a card of fewer points above one of more
/// (near the end of a game a card can be worth fewer points and more of the game: judge s55,
/// c2), so that the order is explained.
pub fn hint_lines(
    values: &[(Action, f64)],
    outlooks: &[Outlook],
    close: &[bool],
    in_play: bool,
) -> Vec<HintLine> {
    let key = |i: usize| outlooks.get(i).and_then(|o| o.win).unwrap_or(values[i].1);
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| {
        key(b)
            .total_cmp(&key(a))
            .then(values[b].1.total_cmp(&values[a].1))
    });
    // Whether some card is listed above one worth more points (by more than the two
    // decimals shown).
    let points_out_of_order = order
        .iter()
        .enumerate()
        .any(|(k, &i)| order[k + 1..].iter().any(|&j| values[j].1 > values[i].1 + 0.005));
    order
        .into_iter()
        .map(|i| HintLine {
            action: values[i].0,
            value: values[i].1,
            why: match outlooks.get(i) {
                Some(o) if !in_play => outlook_words(o),
                Some(Outlook {
                    win_change: Some(change),
                    ..
                }) if points_out_of_order => game_words(*change),
                _ => String::new(),
            },
            close: close.get(i).copied().unwrap_or(false),
        })
        .collect()
}

/// What a player expects of a choice, in the words the browser client uses too: "make 72% ·
/// march 18% · euchred 11% · game +3.1%" for the seat's side making trump; "they make 64%"
/// where the other side may make it, with how often they march and are euchred ("we euchre")
/// when only they make it (defending).
pub fn outlook_words(o: &Outlook) -> String {
    let percent = |p: f64| format!("{}%", (p * 100.0).round());
    let ours = o.make + o.euchred >= 0.005;
    let theirs = o.they_make + o.they_euchred >= 0.005;
    let mut parts = Vec::new();
    if ours || !theirs {
        let (make, euchred) = percents_of_a_sum(o.make, o.euchred);
        // A march is a make: never said more often than one.
        let march = ((o.march * 100.0).round() as i64).min(make);
        parts.push(format!("make {make}%"));
        parts.push(format!("march {march}%"));
        parts.push(format!("euchred {euchred}%"));
    }
    if theirs && ours {
        parts.push(format!("they make {}", percent(o.they_make)));
    } else if theirs {
        let (make, euchred) = percents_of_a_sum(o.they_make, o.they_euchred);
        let march = ((o.they_march * 100.0).round() as i64).min(make);
        parts.push(format!("they make {make}%"));
        parts.push(format!("they march {march}%"));
        parts.push(format!("we euchre {euchred}%"));
    }
    if let Some(change) = o.win_change {
        parts.push(game_words(change));
    }
    parts.join(" · ")
}

/// A change in the chance of winning the game, in words: "game +3.1%", "game ±0.0%".
fn game_words(change: f64) -> String {
    format!("game {}", crate::percent_change(change))
}

/// Two chances that are parts of one (making trump: taking the tricks needed, or being
/// euchred) in whole percentages that add up to their sum's: each rounded down, and the points
/// the sum's rounding asks for given to the larger remainders (37% and 64% of an order up, which
/// always makes trump, added up to 101%).
fn percents_of_a_sum(a: f64, b: f64) -> (i64, i64) {
    let (a, b) = (a * 100.0, b * 100.0);
    let total = (a + b).round() as i64;
    let (pa, pb) = (a.floor() as i64, b.floor() as i64);
    match total - pa - pb {
        2 => (pa + 1, pb + 1),
        1 if a - a.floor() >= b - b.floor() => (pa + 1, pb),
        1 => (pa, pb + 1),
        _ => (pa, pb),
    }
}

/// A score as the traditional markers show it: a side's 2 and 3 of one suit (the Western New
/// York and Ontario way the sources describe): points 1 to 4 are the suit symbols uncovered,
/// 5 is the two cards crossed, and 6 to 9 are the crossed cards with 1 to 4 symbols showing.
pub fn markers(score: i32, target: i32) -> String {
    if score >= target {
        return "game".into();
    }
    match score {
        i32::MIN..=0 => "the 3 face down over the 2: nothing showing".into(),
        1..=4 => format!(
            "the top card moved to uncover {score} pip{}",
            if score == 1 { "" } else { "s" }
        ),
        5 => "the 2 and 3 crossed".into(),
        6..=9 => format!(
            "crossed, with {} pip{} showing",
            score - 5,
            if score == 6 { "" } else { "s" }
        ),
        // Past what the two cards can show (British Euchre's 10 of 11).
        _ => format!("both cards face up: {} to go", target - score),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outlook(make: f64, march: f64, euchred: f64, they_make: f64, win: f64, change: f64) -> Outlook {
        Outlook {
            make,
            march,
            euchred,
            they_make,
            win: Some(win),
            win_change: Some(change),
            ..Outlook::default()
        }
    }

    #[test]
    fn a_bid_is_explained_in_words_and_a_pass_names_the_other_side() {
        let order = outlook(0.72, 0.18, 0.11, 0.0, 0.53, 0.031);
        assert_eq!(
            outlook_words(&order),
            "make 72% · march 18% · euchred 11% · game +3.1%"
        );
        // A pass: the seat's side may still make trump, the other side more often.
        let pass = outlook(0.05, 0.0, 0.02, 0.64, 0.47, -0.012);
        assert_eq!(
            outlook_words(&pass),
            "make 5% · march 0% · euchred 2% · they make 64% · game -1.2%"
        );
        // Defending (the other side made trump): how they fare.
        let defend = Outlook {
            they_make: 0.7,
            they_march: 0.05,
            they_euchred: 0.3,
            win_change: Some(-0.0001),
            ..Outlook::default()
        };
        assert_eq!(
            outlook_words(&defend),
            "they make 70% · they march 5% · we euchre 30% · game ±0.0%"
        );
        // Without a game to win (the individual games) the chances only.
        let solo = Outlook {
            win: None,
            win_change: None,
            ..order
        };
        assert_eq!(outlook_words(&solo), "make 72% · march 18% · euchred 11%");
    }

    /// Where making trump is certain (ordering up), `make` and `euchred` add up to 100%, as
    /// their chances do (session 46, finding 14: 37% and 64%); defending, `they make` is the
    /// sum of `we euchre` and what they make.
    #[test]
    fn percentages_that_are_parts_of_one_add_up() {
        let order = outlook(0.365, 0.04, 0.635, 0.0, 0.4, -0.093);
        assert_eq!(
            outlook_words(&order),
            "make 37% · march 4% · euchred 63% · game -9.3%"
        );
        for k in 0..=1000 {
            let make = f64::from(k) / 1000.0;
            let euchred = 1.0 - make;
            let (m, e) = percents_of_a_sum(make, euchred);
            assert_eq!(m + e, 100, "{make} and {euchred}: {m} and {e}");
            assert!((m as f64 - make * 100.0).abs() < 1.0 && (e as f64 - euchred * 100.0).abs() < 1.0);
            // Not certain: the parts add up to their sum, rounded.
            let (m, e) = percents_of_a_sum(make * 0.7, euchred * 0.7);
            assert_eq!(m + e, 70, "{make}");
        }
        let defend = Outlook {
            they_make: 0.365,
            they_march: 0.05,
            they_euchred: 0.635,
            ..Outlook::default()
        };
        assert!(outlook_words(&defend).starts_with("they make 37% · they march 5% · we euchre 63%"));
    }

    #[test]
    fn a_hint_lists_the_players_order_and_explains_only_before_the_play() {
        let values = [(Action::Pass, -0.4), (Action::Order { alone: false }, 0.9)];
        let outlooks = [
            outlook(0.0, 0.0, 0.0, 0.64, 0.47, -0.012),
            outlook(0.72, 0.18, 0.11, 0.0, 0.53, 0.031),
        ];
        let lines = hint_lines(&values, &outlooks, &[], false);
        assert_eq!(lines[0].action, Action::Order { alone: false });
        assert!(lines[0].why.starts_with("make 72%"), "{lines:?}");
        assert!(hint_lines(&values, &outlooks, &[], true)
            .iter()
            .all(|l| l.why.is_empty()));
        // In the play, where the card best for the game is worth fewer points (judge s55, c2:
        // A♦ for 1.12 listed above K♠ for 1.29), each card says what it does to the game.
        let (ad, ks) = (Action::Play(card("AD")), Action::Play(card("KS")));
        let cards = [(ks, 1.29), (ad, 1.12)];
        let games = [
            outlook(0.0, 0.0, 0.0, 0.0, 0.996, 0.010),
            outlook(0.0, 0.0, 0.0, 0.0, 0.997, 0.011),
        ];
        let lines = hint_lines(&cards, &games, &[], true);
        assert_eq!((lines[0].action, lines[1].action), (ad, ks));
        assert_eq!(
            (lines[0].why.as_str(), lines[1].why.as_str()),
            ("game +1.1%", "game +1.0%")
        );
        // The same cards with the points in the same order as the game: values only.
        let agreeing = [(ks, 1.10), (ad, 1.12)];
        assert!(hint_lines(&agreeing, &games, &[], true)
            .iter()
            .all(|l| l.why.is_empty()));
        // A player that does not explain itself: by value, no words.
        let plain = hint_lines(&values, &[], &[], false);
        assert_eq!(plain[0].value, 0.9);
        assert!(plain.iter().all(|l| l.why.is_empty()));
    }
    use euchre::table::{AnyRules, Table as _};
    use euchre_ai::GameView;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Who wins a trick so far is the engine's word in every family, no trump too (Bid
    /// Euchre's `trump high` and `trump low`): the seat that takes the trick is the one shown
    /// winning once its card is down, and some seat is shown winning at every card.
    #[test]
    fn the_winner_so_far_is_shown_in_every_family_no_trump_too() {
        let mut no_trump = 0;
        for preset in ["north-american", "keller-1887", "three-handed", "bid-euchre"] {
            let rules = AnyRules::preset(preset).unwrap();
            for seed in 0..40 {
                let mut game = rules.new_game(seed);
                // Who was shown winning after each card of the trick in progress.
                let mut shown: Vec<Seat> = Vec::new();
                let mut k = 0usize;
                while let Some(seat) = game.to_act() {
                    let legal: Vec<Action> = game.legal_actions().iter().copied().collect();
                    // Bid Euchre: trump low or high where it may be named, to reach no trump.
                    let a = legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a.to_string().as_str(), "trump low" | "trump high"))
                        .unwrap_or(legal[k % legal.len()]);
                    k += 1;
                    let played = matches!(a, Action::Play(_) | Action::Name(_));
                    game.apply(a).unwrap();
                    if !played {
                        continue;
                    }
                    let t = Table::of(&GameView::of_game(&game, seat));
                    match &t.last_trick {
                        Some((_, cards, winner)) if t.trick.is_empty() && cards.len() == shown.len() + 1 => {
                            // The trick is taken: its winner was shown winning from its card on.
                            let from = shown.iter().position(|s| s == winner).unwrap_or(shown.len());
                            assert!(
                                shown[from..].iter().all(|s| s == winner),
                                "{preset} seed {seed}: shown {shown:?}, taken by {winner:?}"
                            );
                            if t.trump.as_deref().is_some_and(|x| x == "low" || x == "high") {
                                no_trump += 1;
                            }
                            shown.clear();
                        }
                        // The deal's last card: the game has dealt the next.
                        None if t.trick.is_empty() => shown.clear(),
                        _ => {
                            let w = t.winning.unwrap_or_else(|| {
                                panic!("{preset} seed {seed}: nobody shown winning: {t:?}")
                            });
                            shown.push(w);
                        }
                    }
                }
            }
        }
        assert!(no_trump > 0, "no trick was played without trump");
    }

    /// Under Bid Euchre's no trump low every suit runs nine high, and the hand is sorted by the
    /// ranking in force: highest first is the nine (it was the ace, as under no trump high).
    #[test]
    fn the_hand_is_sorted_by_the_ranking_in_force_nines_high_under_low() {
        let rules = AnyRules::preset("bid-euchre").unwrap();
        let (mut low, mut high) = (0, 0);
        for seed in 0..20 {
            let mut game = rules.new_game(seed);
            let mut k = 0usize;
            while let Some(seat) = game.to_act() {
                let t = Table::of(&GameView::of_game(&game, seat));
                let sorted_by = |ace_high: bool| {
                    t.hand.windows(2).all(|w| {
                        let (a, b) = (w[0].rank().unwrap(), w[1].rank().unwrap());
                        w[0].suit() != w[1].suit() || (a > b) == ace_high
                    })
                };
                match t.trump.as_deref() {
                    Some("low") if t.phase == "play" => {
                        assert!(sorted_by(false), "nine high: {:?}", t.hand);
                        low += 1;
                    }
                    Some("high") if t.phase == "play" => {
                        assert!(sorted_by(true), "ace high: {:?}", t.hand);
                        high += 1;
                    }
                    _ => {}
                }
                let legal: Vec<Action> = game.legal_actions().iter().copied().collect();
                // No trump where it may be named, low and high in turn.
                let wanted = if seed % 2 == 0 { "trump low" } else { "trump high" };
                let a = legal
                    .iter()
                    .copied()
                    .find(|a| a.to_string() == wanted)
                    .unwrap_or(legal[k % legal.len()]);
                k += 1;
                game.apply(a).unwrap();
            }
        }
        assert!(low > 0 && high > 0, "low {low}, high {high}");
    }

    /// A discard face down reads alike in every family (`East: discards`, not the command
    /// form `discard`); going alone or not says whose side decides (Railroad's defenders,
    /// Keller's jambone: `partner` alone said neither).
    #[test]
    fn hidden_discards_and_with_partner_decisions_read_as_words() {
        let mut words = std::collections::BTreeSet::new();
        for preset in ["three-handed", "north-american", "railroad", "keller-1887"] {
            let rules = AnyRules::preset(preset).unwrap();
            for seed in 0..40 {
                let mut game = rules.new_game(seed);
                let mut k = 0usize;
                while let Some(seat) = game.to_act() {
                    let t = Table::of(&GameView::of_game(
                        &game,
                        Seat::new(((seat.index() + 1) % game.players()) as u8),
                    ));
                    for (_, w) in &t.bidding {
                        assert!(w != "discard" && w != "partner", "{preset}: {:?}", t.bidding);
                        if w.contains("partner") || w.contains("discards") || w.contains("alone") {
                            words.insert(w.clone());
                        }
                    }
                    let legal: Vec<Action> = game.legal_actions().iter().copied().collect();
                    k += 1;
                    // In every other game alone where the makers may go alone, so that the
                    // defenders are asked; they then defend alone or not in turn.
                    let alone = legal
                        .iter()
                        .copied()
                        .find(|a| seed % 2 == 0 && a.to_string().contains("alone"));
                    let a = match alone {
                        Some(_) if t.phase == "defend_alone" => legal[k % legal.len()],
                        Some(a) => a,
                        None => legal[k % legal.len()],
                    };
                    game.apply(a).unwrap();
                }
            }
        }
        for w in [
            "discards",
            "plays with partner",
            "defends with partner",
            "defends alone",
        ] {
            assert!(words.contains(w), "{w} never shown: {words:?}");
        }
    }

    /// Set-Back's maker answering "declare a march, or pass" with a pass reads as not
    /// declaring: "North: call ♣, North: pass" read as a maker passing after making trump
    /// (terminal tester s52, 7).
    #[test]
    fn set_backs_declare_pass_reads_as_no_declaration() {
        let mut rules = AnyRules::preset("set-back").unwrap();
        rules.set("declare", "true").unwrap();
        let mut said = 0;
        for seed in 0..30 {
            let mut game = rules.new_game(seed);
            let mut k = 0usize;
            while let Some(seat) = game.to_act() {
                let view = GameView::of_game(&game, seat);
                let declaring = Table::of(&view).phase == "declare";
                let legal: Vec<Action> = view.legal().iter().copied().collect();
                let a = if declaring {
                    Action::Pass
                } else {
                    legal[k % legal.len()]
                };
                k += 1;
                game.apply(a).unwrap();
                let t = Table::of(&GameView::of_game(&game, seat));
                if declaring {
                    assert_eq!(t.bidding.last(), Some(&(seat, "does not declare".to_string())));
                    said += 1;
                }
                // A pass in the bidding is still a pass: only the maker's answer reads so.
                let declined = t.bidding.iter().filter(|(_, w)| w == "does not declare").count();
                assert!(declined <= 1, "{:?}", t.bidding);
            }
        }
        assert!(said > 0, "no maker was asked to declare");
    }

    #[test]
    fn markers_count_pips_then_cross_at_five() {
        assert!(markers(0, 10).contains("nothing showing"));
        assert!(markers(3, 10).contains("3 pips"));
        assert_eq!(markers(5, 10), "the 2 and 3 crossed");
        assert!(markers(6, 10).contains("1 pip showing"));
        assert!(markers(9, 10).contains("4 pips showing"));
        assert_eq!(markers(10, 10), "game");
        // The game's own target: 5 is game to 5, 10 is not game to 11.
        assert_eq!(markers(5, 5), "game");
        assert_eq!(markers(10, 11), "both cards face up: 1 to go");
    }

    #[test]
    fn trump_comes_first_with_both_bowers() {
        let hand: CardSet = ["9H", "JD", "AS", "JH", "KC"].iter().map(|c| card(c)).collect();
        let sorted = sort_hand(hand, Some(Trump::Suit(Suit::Hearts)));
        let text: Vec<String> = sorted.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, ["JH", "JD", "9H", "AS", "KC"]);
        // Before trump: by suit, highest first; the jack of diamonds with the diamonds.
        let sorted = sort_hand(hand, None);
        let text: Vec<String> = sorted.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, ["AS", "JH", "9H", "KC", "JD"]);
    }

    /// Under no trump (British Euchre's `allow_no_trump`) the Joker is the only trump: it
    /// comes first, as trump does (it sorted last, after the diamonds).
    #[test]
    fn under_no_trump_the_joker_comes_first() {
        let hand: CardSet = ["9H", "AS", "KD"].iter().map(|c| card(c)).collect();
        let hand = hand.with(Card::JOKER);
        let sorted = sort_hand(hand, Some(Trump::NoTrump));
        assert_eq!(sorted[0], Card::JOKER, "{sorted:?}");
        assert_eq!(sort_hand(hand, Some(Trump::Suit(Suit::Spades)))[0], Card::JOKER);
    }

    #[test]
    fn cards_come_first_in_hand_order_then_the_words() {
        let hand = vec![card("JH"), card("AS"), card("9C")];
        let legal = [Action::Pass, Action::Play(card("9C")), Action::Play(card("JH"))];
        assert_eq!(
            choices(&legal, &hand),
            [Action::Play(card("JH")), Action::Play(card("9C")), Action::Pass]
        );
    }

    #[test]
    fn a_shortcut_picks_only_a_legal_card() {
        let c = [Action::Discard(card("9C")), Action::Discard(card("JH"))];
        assert_eq!(by_shortcut(&c, Rank::Jack, Suit::Hearts), Some(1));
        assert_eq!(by_shortcut(&c, Rank::Ace, Suit::Spades), None);
        assert_eq!(rank_of_key('t'), Some(Rank::Ten));
        assert_eq!(suit_of_key('h'), Some(Suit::Hearts));
    }

    /// What is selectable in every phase of every family: exactly the legal decisions, each
    /// once, whatever the phase (bids, discards, exchanges, names, claims, stay or fold).
    #[test]
    fn every_legal_decision_is_selectable_in_every_family() {
        for preset in [
            "north-american",
            "railroad",
            "keller-1887",
            "british",
            "three-handed",
            "bid-euchre",
            "set-back",
        ] {
            let rules = AnyRules::preset(preset).unwrap();
            let mut phases = std::collections::BTreeSet::new();
            for seed in 0..30 {
                let mut game = rules.new_game(seed);
                let mut k = 0usize;
                while let Some(seat) = game.to_act() {
                    let view = GameView::of_game(&game, seat);
                    let t = Table::of(&view);
                    let legal: Vec<Action> = view.legal().iter().copied().collect();
                    let ch = choices(&legal, &t.hand);
                    assert_eq!(ch.len(), legal.len(), "{preset}: {legal:?}");
                    for a in &legal {
                        assert!(ch.contains(a));
                        if let Some(c) = card_of(a) {
                            // A card decision names a card the seat holds, or a card it names
                            // from another's hand (jambone).
                            assert!(
                                t.hand.contains(&c) || matches!(a, Action::Name(_)),
                                "{preset}: {a}"
                            );
                        }
                    }
                    phases.insert(t.phase.clone());
                    k += 1;
                    game.apply(legal[k % legal.len()]).unwrap();
                }
            }
            assert!(phases.len() >= 2, "{preset}: {phases:?}");
        }
    }

    /// Four players each for themselves (Bid Euchre) are not two sides; the three-handed
    /// game's second round shows the upcard as turned down.
    #[test]
    fn the_individual_games_are_not_partnerships_and_round_two_turns_the_card_down() {
        let view = |preset: &str, passes: usize| {
            let mut game = AnyRules::preset(preset).unwrap().new_game(3);
            for _ in 0..passes {
                game.apply(Action::Pass).unwrap();
            }
            let seat = game.to_act().unwrap();
            Table::of(&GameView::of_game(&game, seat))
        };
        assert!(view("north-american", 0).partnership);
        let bid = view("bid-euchre", 0);
        assert_eq!((bid.players, bid.partnership), (4, false));
        assert!(!view("three-handed", 0).upcard_turned_down);
        let round2 = view("three-handed", 3);
        assert_eq!(round2.phase, "bidding2");
        assert!(round2.upcard_turned_down);
    }

    /// A jambone hand is face up for everyone once the play begins, and the seat playing
    /// alone is the one marked alone (Keller: the maker's partner may play in its place).
    #[test]
    fn a_jambone_hand_is_shown_and_the_lone_player_is_the_one_in_play() {
        let rules = AnyRules::preset("keller-1887").unwrap();
        let mut seen = 0;
        for seed in 0..200 {
            let mut game = rules.new_game(seed);
            while let Some(seat) = game.to_act() {
                let legal: Vec<Action> = game.legal_actions().iter().copied().collect();
                // Jambone whenever it is offered, else the first choice.
                let a = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::OrderJambone | Action::Jambone))
                    .unwrap_or(legal[0]);
                let t = Table::of(&GameView::of_game(
                    &game,
                    Seat::new(((seat.index() + 1) % 4) as u8),
                ));
                if let Some((j, cards)) = &t.exposed {
                    assert_eq!(t.lone, Some(*j), "the jambone player plays alone");
                    assert!(t.active[j.index()]);
                    assert_eq!(cards.len(), usize::from(t.hand_sizes[j.index()]));
                    seen += 1;
                }
                game.apply(a).unwrap();
            }
        }
        assert!(seen > 0, "no jambone hand was played");
    }

    #[test]
    fn each_kind_of_decision_is_named() {
        let c = card("9H");
        let p = |choices: &[Action], dealing: bool| {
            let dealer = if dealing { Dealer::You } else { Dealer::Other };
            decision_prompt(choices, dealer, "")
        };
        assert_eq!(
            p(&[Action::Exchange(c)], false),
            "Your turn: the card to pass to your partner."
        );
        assert_eq!(
            p(&[Action::Give(c)], false),
            "Your turn: the card to give your partner back."
        );
        let order = [Action::Pass, Action::Order { alone: false }];
        assert_eq!(p(&order, true), "Your turn: pick it up, or pass.");
        assert_eq!(p(&order, false), "Your turn: order it up, or pass.");
        assert_eq!(
            decision_prompt(&order, Dealer::Partner, "bidding1"),
            "Your turn: assist your partner (order it up), or pass."
        );
        // Canadian's dealer's partner orders up only alone: the prompt says why.
        let alone = [Action::Pass, Action::Order { alone: true }];
        assert_eq!(
            decision_prompt(&alone, Dealer::Partner, "bidding1"),
            "Your turn: order it up, or pass (the Canadian rule: the dealer's partner orders up only alone)."
        );
        assert_eq!(
            decision_prompt(&[Action::Alone, Action::Partner], Dealer::Other, "defend_alone"),
            "Your turn: defend alone, or with your partner."
        );
        assert_eq!(
            p(&[Action::Alone, Action::Partner], false),
            "Your turn: go alone, or play with your partner."
        );
        assert_eq!(
            p(&[Action::Pass, Action::Bid(3)], false),
            "Your turn: bid the tricks you will take, or pass."
        );
        assert_eq!(
            p(&[Action::Pass], false),
            "Your turn: nothing to choose here: passing for you…"
        );
        assert_eq!(nothing_to("jamboree"), "claim");
        assert_eq!(nothing_to("renege_claim"), "claim");
        assert_eq!(nothing_to("auction"), "choose");
        assert_eq!(nothing_to("bidding1"), "choose");
    }

    #[test]
    fn the_review_keeps_cards_and_costly_decisions_costliest_first() {
        let l = |d, loss, exact| ReviewLine {
            decision: d,
            taken: Action::Pass,
            best: Action::Pass,
            loss,
            exact,
            close: false,
            win_difference: None,
        };
        let out = review_lines(vec![
            l(1, 0.0, None),
            l(2, 0.5, None),
            l(3, 0.0, Some((1.0, 1.0))),
            l(4, 1.2, Some((-1.0, 1.0))),
        ]);
        let order: Vec<usize> = out.iter().map(|x| x.decision).collect();
        assert_eq!(order, [4, 2, 3]);
    }
}
