// The browser client of `euchre serve` (docs/server-protocol.md): a start page that sets up a
// table, an invite page that takes a seat or watches, and the table itself, drawn from the
// server's `state` messages. The server is authoritative; this page only shows each state and
// sends back one of the `legal` decisions it lists.
//
// Shape: `ui` holds everything the screen shows; messages from the socket and the person's
// clicks update it; `renderTable()` draws it again from scratch (cheap at this size) and puts the
// keyboard focus back where it was.

'use strict';

// ---------------------------------------------------------------------------------------------
// Small helpers

/** Builds an element: h('button', {class: 'x', onclick: f}, 'text', child, ...). */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') {
      // Through the CSSOM, which the server's content security policy allows (a style attribute
      // would not be).
      for (const [prop, val] of Object.entries(v)) el.style.setProperty(prop, String(val));
    }
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const $ = (sel, root = document) => root.querySelector(sel);
const params = new URLSearchParams(location.search);
/** `?fast=1` (tests): no pauses between states. */
const FAST = params.get('fast') === '1';
const TRICK_PAUSE_MS = FAST ? 0 : 700;
const DEAL_PAUSE_MS = FAST ? 0 : 1200;

function storageGet(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function storageSet(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private windows may refuse storage: the page still works, only a reload loses the seat.
  }
}

/** The game log and the last deal's result, kept for this tab (sessionStorage), so that a
 * reload keeps the deals already seen: the server sends only the current deal's decisions. */
function saveLog() {
  try {
    sessionStorage.setItem(`euchre:log:${ui.code}`, JSON.stringify({ logs: [...ui.logs.entries()], lastResult: ui.lastResult, resultKey: ui.resultKey, resultClosed: ui.resultClosed }));
  } catch {
    // Storage refused or full: a reload then starts the log afresh.
  }
}

function restoreLog() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(`euchre:log:${ui.code}`));
    if (saved && Array.isArray(saved.logs)) {
      ui.logs = new Map(saved.logs);
      ui.lastResult = typeof saved.lastResult === 'string' ? saved.lastResult : null;
      ui.resultKey = typeof saved.resultKey === 'string' ? saved.resultKey : null;
      ui.resultClosed = saved.resultClosed === true;
    }
  } catch {
    // Nothing kept, or not ours: the log starts afresh.
  }
}

let toastTimer = null;
/** Shows a short message over the page for a few seconds. */
function toast(text) {
  const el = $('#toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

/** Says something to screen readers (the polite live region). */
function announce(text) {
  const live = $('#live');
  const line = h('p', {}, text);
  live.append(line);
  while (live.childNodes.length > 6) live.firstChild.remove();
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${method} ${path}: HTTP ${res.status}`);
    // The status, for a form to tell a field refused (400) from a limit or a wrong password.
    err.status = res.status;
    throw err;
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Cards and decisions in words

const SUITS = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };
const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANKS = { 7: 'Seven', 8: 'Eight', 9: 'Nine', T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
const RANK_SHORT = { T: '10' };
const CARD_RE = /^(?:[789TJQKA][CDHS]|B|XX)$/;
const isCard = (s) => CARD_RE.test(s);

/** "JH" → {rank: 'J', suit: 'H'}; the Joker "B" → {joker: true}; "XX" (hidden) → {hidden: true}. */
function parseCard(text) {
  if (text === 'B') return { joker: true, text };
  if (!text || text === 'XX' || text.length !== 2) return { hidden: true, text };
  return { rank: text[0], suit: text[1], text };
}

/** "Jack of Hearts". */
function cardName(text) {
  const c = parseCard(text);
  if (c.joker) return 'the Joker';
  if (c.hidden) return 'a face-down card';
  return `${RANKS[c.rank] || c.rank} of ${SUITS[c.suit] || c.suit}`;
}

/** "J♥". */
function cardShort(text) {
  const c = parseCard(text);
  if (c.joker) return 'Joker';
  if (c.hidden) return '??';
  return `${RANK_SHORT[c.rank] || c.rank}${SUIT_SYMBOL[c.suit] || c.suit}`;
}

function trumpName(t) {
  if (!t) return null;
  if (SUITS[t]) return `${SUIT_SYMBOL[t]} ${SUITS[t]}`;
  if (t === 'NT' || t === 'N') return 'No-trump';
  if (t === 'high') return 'High (no trump, ace high)';
  if (t === 'low') return 'Low (no trump, nine high)';
  return t;
}

function suitWord(s) {
  if (SUITS[s]) return SUITS[s];
  if (s === 'NT') return 'No-trump';
  return s;
}

/** The card a one-card decision names: "JH", "play JH", "discard 9C", "exchange 9C", "give AH", "name TH". */
function actionCard(action) {
  if (isCard(action)) return { verb: 'play', card: action };
  const m = action.match(/^(play|discard|exchange|give|name) (\S+)$/);
  if (m && isCard(m[2])) return { verb: m[1], card: m[2] };
  return null;
}

/** A decision as a button says it: "Order up", "Call Hearts alone", "Discard Nine of Clubs". */
function actionLabel(action, view) {
  const oneCard = actionCard(action);
  if (oneCard) {
    const n = cardName(oneCard.card);
    switch (oneCard.verb) {
      case 'play': return `Play ${n}`;
      case 'discard': return `Discard ${n}`;
      case 'exchange': return `Pass ${n} to your partner`;
      case 'give': return `Give ${n} back`;
      case 'name': return `Name ${n}`;
      default: break;
    }
  }
  const w = action.split(' ');
  const extra = (rest) => (rest === 'alone' ? ' alone' : rest === 'jambone' ? ', jambone' : rest ? ` ${rest}` : '');
  switch (w[0]) {
    case 'pass': return 'Pass';
    case 'order': {
      const dealer = view && view.seat !== null && view.seat !== undefined && view.dealer === view.seat;
      return `${dealer ? 'Pick it up' : 'Order up'}${extra(w.slice(1).join(' '))}`;
    }
    case 'call': return `Call ${suitWord(w[1])}${extra(w.slice(2).join(' '))}`;
    case 'alone': return view && view.phase === 'defend_alone' ? 'Defend alone' : 'Go alone';
    case 'partner': return 'Play with partner';
    case 'jambone': return 'Play jambone';
    case 'blind': return 'Go blind alone';
    case 'jamboree': return 'Claim jamboree';
    case 'farmers': return "Show a farmer's hand";
    case 'swap': return `Swap ${w.slice(1).map(cardShort).join(' ')}`;
    case 'claim': return 'Claim a renege';
    case 'subtract': return 'Subtract from opponents';
    case 'bid': return `Bid ${w[1]}`;
    case 'trump':
      if (w[1] === 'high') return 'High (no trump)';
      if (w[1] === 'low') return 'Low (no trump)';
      return `Trump ${suitWord(w[1])}`;
    case 'declare': return 'Declare a march';
    case 'stay': return 'Stay in';
    case 'fold': return 'Fold';
    default: return action;
  }
}

/** A decision as the log and the screen reader tell it: "East orders up the Jack of Clubs",
 * "You play Jack of Hearts". `upcard` names the card ordered up; `dealer` says the decider
 * deals (it picks the card up). */
function actionSentence(who, action, upcard = null, dealer = false) {
  // "You" takes the plain verb: "You pass", "North passes".
  const you = who === 'You';
  const say = (third, plain, rest = '') => `${who} ${you ? plain : third}${rest}`;
  const oneCard = actionCard(action);
  if (oneCard) {
    const n = ` ${cardName(oneCard.card)}`;
    switch (oneCard.verb) {
      case 'play': return say('plays', 'play', n);
      case 'discard': return say('discards', 'discard', n);
      case 'exchange': return say('passes', 'pass', `${n} to the partner`);
      case 'give': return say('gives', 'give', `${n} back`);
      case 'name': return say('names', 'name', n);
      default: break;
    }
  }
  const w = action.split(' ');
  const tail = (rest) => (rest === 'alone' ? ', alone' : rest === 'jambone' ? ', jambone' : rest ? ` ${rest}` : '');
  switch (w[0]) {
    case 'pass': return say('passes', 'pass');
    case 'order': {
      // A turned card only: some variants deal it face down ("B").
      const card = upcard && /^[789TJQKA][CDHS]$/.test(upcard) ? ` the ${cardName(upcard)}` : '';
      return dealer
        ? say('picks up', 'pick up', `${card}${tail(w.slice(1).join(' '))}`)
        : say('orders up', 'order up', `${card}${tail(w.slice(1).join(' '))}`);
    }
    case 'call': return say('calls', 'call', ` ${suitWord(w[1])}${tail(w.slice(2).join(' '))}`);
    case 'discard': return say('discards', 'discard');
    case 'exchange': return say('passes', 'pass', ' a card to the partner');
    case 'give': return say('gives', 'give', ' a card back');
    case 'alone': return say('goes', 'go', ' alone');
    case 'partner': return say('plays', 'play', ' with the partner');
    case 'jambone': return say('plays', 'play', ' jambone');
    case 'blind': return say('goes', 'go', ' blind alone');
    case 'jamboree': return say('claims', 'claim', ' a jamboree');
    case 'farmers': return say('shows', 'show', " a farmer's hand");
    case 'swap': return say('swaps', 'swap', ' three cards with the kitty');
    case 'claim': return say('claims', 'claim', ' a renege');
    case 'subtract': return say('subtracts', 'subtract', ' the march from the opponents');
    case 'bid': return say('bids', 'bid', ` ${w[1]}`);
    case 'trump': return say('names', 'name', ` ${w[1] === 'high' || w[1] === 'low' ? w[1] : suitWord(w[1])} as trump`);
    case 'declare': return say('declares', 'declare', ' a march');
    case 'stay': return say('stays', 'stay', ' in');
    case 'fold': return say('folds', 'fold');
    default: return `${who}: ${action}`;
  }
}

const PHASE_WORDS = {
  blind_loner: 'Blind loner?', farmers: "Farmer's hands", farmers_swap: "Farmer's swap",
  bidding1: 'Bidding, round 1', bidding2: 'Bidding, round 2', blind_shout: 'Blind shout',
  discard: 'Dealer discards', maker_alone: 'Alone or with partner', partner_alone: "Partner's choice",
  defend_alone: 'Defend alone?', exchange: 'Exchange', give: 'Exchange', jamboree: 'Jamboree?',
  play: 'Play', name: 'Naming a card', renege_claim: 'Renege claims', robson: 'Score or subtract',
  done: 'Deal over', auction: 'Auction', name_trump: 'Naming trump', declare: 'Declare?',
  stay_fold: 'Stay or fold',
};

// Sorting a hand: trump first (the bowers and the Joker at its top), then the other suits with
// the colours alternating, each suit high to low.
const RANK_ORDER = 'AKQJT987';
const SAME_COLOUR = { C: 'S', S: 'C', D: 'H', H: 'D' };

function effectiveSuit(card, trump) {
  const c = parseCard(card);
  if (c.joker) return SUITS[trump] ? trump : 'Z';
  if (c.hidden) return 'Z';
  if (SUITS[trump] && c.rank === 'J' && c.suit === SAME_COLOUR[trump]) return trump;
  return c.suit;
}

function suitOrder(trump, cards) {
  const present = new Set(cards.map((c) => effectiveSuit(c, trump)));
  const all = ['S', 'H', 'C', 'D'];
  const start = SUITS[trump] ? trump : null;
  const order = [];
  if (start) order.push(start);
  // Alternate colours among the suits held, as far as they allow.
  let rest = all.filter((s) => s !== start && present.has(s));
  let wantRed = start ? !(start === 'H' || start === 'D') : false;
  while (rest.length) {
    const pick = rest.find((s) => (s === 'H' || s === 'D') === wantRed) || rest[0];
    order.push(pick);
    rest = rest.filter((s) => s !== pick);
    wantRed = !(pick === 'H' || pick === 'D');
  }
  order.push('Z');
  return order;
}

function rankKey(card, trump) {
  const c = parseCard(card);
  if (c.joker) return -3;
  if (c.hidden) return 99;
  if (SUITS[trump] && c.rank === 'J') {
    if (c.suit === trump) return -2;
    if (c.suit === SAME_COLOUR[trump]) return -1;
  }
  return RANK_ORDER.indexOf(c.rank);
}

function sortHand(cards, trump) {
  const order = suitOrder(trump, cards);
  return [...cards].sort((a, b) => {
    const sa = order.indexOf(effectiveSuit(a, trump));
    const sb = order.indexOf(effectiveSuit(b, trump));
    return sa - sb || rankKey(a, trump) - rankKey(b, trump);
  });
}

/** A card drawn face up (or face down for "XX"/null). */
function cardFace(text, extraClass = '') {
  if (!text || parseCard(text).hidden) {
    return h('span', { class: `card back ${extraClass}`, 'aria-hidden': 'true' });
  }
  const c = parseCard(text);
  const red = c.suit === 'H' || c.suit === 'D';
  const rank = c.joker ? '★' : RANK_SHORT[c.rank] || c.rank;
  const suit = c.joker ? 'JOKER' : SUIT_SYMBOL[c.suit];
  return h('span', { class: `card face ${red ? 'red' : 'black'} ${c.joker ? 'joker' : ''} ${extraClass}`, 'aria-hidden': 'true' },
    h('span', { class: 'corner' }, h('span', { class: 'rank' }, rank), h('span', { class: 'suit' }, c.joker ? '' : suit)),
    h('span', { class: 'pip' }, c.joker ? '★' : suit));
}

// ---------------------------------------------------------------------------------------------
// Routing

const app = $('#app');

function go(path) {
  const q = FAST ? `${path.includes('?') ? '&' : '?'}fast=1` : '';
  location.assign(path + q);
}

function route() {
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9]+)\/?$/);
  if (m) tablePage(m[1].toUpperCase());
  else startPage();
}

// ---------------------------------------------------------------------------------------------
// The start page: set up a table

const PRESET_WORDS = {
  'north-american': 'North American: 24 cards, game to 10',
  tournament: 'Tournament: stick the dealer',
  canadian: "Canadian: dealer's partner orders up alone",
  british: 'British: the Joker (Benny), game to 11',
  railroad: 'Railroad: Joker, jambone, jamboree',
  'keller-1887': 'Keller 1887: jambone, jamboree, laps',
  'mathews-1844': 'Mathews 1844: the 32-card pack',
  openspiel: 'OpenSpiel: one deal',
  'three-handed': 'Three-handed (cutthroat)',
  'bid-euchre': 'Bid Euchre (individual)',
  'set-back': 'Set-Back Euchre (individual)',
};
const LEVELS = ['easy', 'medium', 'hard', 'basic', 'random'];
/** The levels a person picks an opponent from; the server's other players (`random`,
 * `pimc-50`, ...) are there to measure against, and are offered apart, after them. */
const ORDINARY_LEVELS = ['easy', 'medium', 'hard'];

const SUIT_WORDS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

/** An option's value in words: `cut_high_low` is "cut high low", `agreed_suit:H` "agreed suit: hearts". */
const CHOICE_WORDS = { makers_side: 'maker’s side', two_trumps_dealer_only: 'two trumps, the dealer only' };

/** The advanced options in groups, as a player looks for them: the server's catalogue says what
 * each option is but not where it belongs. An option not named here goes under "Other". */
/** The headings the options are shown under, as the server sends them (the engine's), each
 * with its options' names; an option under none is shown under "Other". */
let optionGroups = [];

/** The heading an option is shown under. */
function optionGroup(name) {
  const g = optionGroups.find((group) => group.options.includes(name));
  return g ? g.group : 'Other';
}

function choiceWords(value) {
  if (CHOICE_WORDS[value]) return CHOICE_WORDS[value];
  const [kind, suit] = value.split(':');
  const words = kind.toLowerCase().replace(/_/g, ' ');
  return suit ? `${words}: ${SUIT_WORDS[suit.toUpperCase()] || suit}` : words;
}

async function startPage() {
  document.title = 'Euchre: new table';
  app.replaceChildren(h('p', { class: 'loading' }, 'Loading the games…'));
  let presets;
  let players;
  let optionSets;
  try {
    const data = await api('GET', '/api/presets');
    presets = data.presets;
    optionSets = data.option_sets || {};
    optionGroups = data.option_groups || [];
    // Players come as names or as {name, about}.
    players = (data.players && data.players.length ? data.players : LEVELS).map((p) => (typeof p === 'string' ? { name: p } : p));
  } catch (e) {
    app.replaceChildren(h('p', { class: 'error' }, `Cannot reach the server: ${e.message}`));
    return;
  }
  // The levels first, as the brief names them, then any other player the server offers.
  const about = new Map(players.map((p) => [p.name, p.about || '']));
  const names = players.map((p) => p.name);
  const levelList = [...LEVELS.filter((l) => names.includes(l)), ...names.filter((p) => !LEVELS.includes(p))];
  const ordinary = levelList.filter((l) => ORDINARY_LEVELS.includes(l));
  const measuring = levelList.filter((l) => !ORDINARY_LEVELS.includes(l));
  const computerOption = (l) => h('option', { value: l, title: about.get(l) || null }, `Computer: ${l}`);

  const form = h('form', { class: 'panel start', id: 'create-form', novalidate: true });
  const nameInput = h('input', { id: 'my-name', name: 'name', autocomplete: 'nickname', maxlength: 40, required: true, value: storageGet('euchre:name') || '' });
  const presetSelect = h('select', { id: 'preset', name: 'preset' },
    presets.map((p) => h('option', { value: p.name, title: p.about || null }, PRESET_WORDS[p.name] || p.name)));
  const presetAbout = h('p', { class: 'muted about', id: 'preset-about' });
  const scoreBox = h('div', { class: 'field', id: 'score-field' });
  const seatsBox = h('fieldset', { class: 'seats', id: 'seats' });
  const advancedSummary = h('summary', {}, 'Every option (advanced)');
  const advanced = h('details', { class: 'advanced' }, advancedSummary);
  const advBox = h('div', { id: 'options' });
  advanced.append(advBox);
  const status = h('p', { class: 'status', role: 'status' });

  let preset = presets[0];
  let optionInputs = new Map();

  const seatCount = () => {
    const p = optionInputs.get('players');
    const n = p ? Number(p.value) : preset.players;
    return Number.isInteger(n) && n >= 2 && n <= 4 ? n : preset.players;
  };

  function drawSeats() {
    const n = seatCount();
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const oldMine = Number((seatsBox.querySelector('input[name=mine]:checked') || {}).value || 0);
    seatsBox.replaceChildren(h('legend', {}, 'Seats (clockwise; you choose where you sit)'));
    for (let i = 0; i < n; i++) {
      const mate = n === preset.players && preset.partners ? preset.partners[i] : null;
      const partner = typeof mate === 'number' ? ` (partner of seat ${mate + 1})` : '';
      const sel = h('select', { name: `seat${i}`, id: `seat-kind-${i}`, 'aria-label': `Who plays seat ${i + 1}` },
        h('option', { value: 'open' }, 'A person (open seat)'),
        ordinary.map(computerOption),
        measuring.length ? h('optgroup', { label: 'For measuring' }, measuring.map(computerOption)) : null);
      sel.value = old[i] || (i === 0 ? 'open' : i === 2 && n === 4 ? 'open' : 'easy');
      // Four "I sit here" would not say which seat to a screen reader.
      const mine = h('input', { type: 'radio', name: 'mine', value: i, id: `mine-${i}`, 'aria-label': `I sit here: seat ${i + 1}` });
      mine.checked = i === Math.min(oldMine, n - 1);
      mine.addEventListener('change', () => { sel.value = 'open'; });
      seatsBox.append(h('div', { class: 'seat-row' },
        h('span', { class: 'seat-no' }, `Seat ${i + 1}${partner}`),
        sel,
        h('label', { class: 'mine', for: `mine-${i}` }, mine, ' I sit here')));
    }
  }

  function drawOptions() {
    optionInputs = new Map();
    advBox.replaceChildren();
    // One fieldset per group, in the groups' order; the options in the catalogue's order within.
    const groups = new Map([...optionGroups.map((g) => g.group), 'Other'].map((g) => [g, []]));
    // Each option with its label, its values to choose from and a line on what it changes
    // (from the server's option sets); an option the server does not describe is a text box.
    const described = new Map((optionSets[preset.option_set] || []).map((o) => [o.name, o]));
    for (const [name, value] of preset.options) {
      const id = `opt-${name}`;
      const info = described.get(name) || { name, label: name, about: '', kind: 'text' };
      let input;
      if (info.kind === 'switch') {
        input = h('select', { id, name }, h('option', { value: 'true' }, 'Yes'), h('option', { value: 'false' }, 'No'));
      } else if (info.kind === 'choice') {
        input = h('select', { id, name }, info.values.map((v) => h('option', { value: v }, choiceWords(v))));
      } else if (info.kind === 'number') {
        input = h('input', { id, name, type: 'number', min: info.min, max: info.max, step: 1, inputmode: 'numeric' });
      } else {
        input = h('input', { id, name, size: 10, autocomplete: 'off' });
      }
      input.value = value;
      input.dataset.preset = value;
      const about = info.about ? h('p', { class: 'muted option-about', id: `${id}-about` }, info.about) : null;
      if (about) {
        input.setAttribute('aria-describedby', about.id);
        input.dataset.about = about.id;
      }
      input.dataset.label = info.label;
      if (name === 'players') input.addEventListener('change', drawSeats);
      // The top field follows whichever way the game ends (a target, or a number of deals).
      if (name === 'winning_score' || name === 'num_deals') {
        input.addEventListener('change', () => {
          // A target and a number of deals exclude each other: the rules clear one when the
          // other is set, and so does the form.
          const other = optionInputs.get(name === 'winning_score' ? 'num_deals' : 'winning_score');
          if (other && Number(input.value) > 0) other.value = '0';
          drawScore(true);
        });
      }
      input.addEventListener('input', () => clearInvalid(input));
      optionInputs.set(name, input);
      const box = h('div', { class: 'option' },
        h('label', { for: id }, info.label, h('span', { class: 'changed-mark', hidden: true }, 'changed'), h('code', {}, name)), input, about);
      for (const ev of ['input', 'change']) input.addEventListener(ev, markChanged);
      groups.get(optionGroup(name)).push(box);
    }
    for (const [g, boxes] of groups) {
      if (boxes.length) advBox.append(h('fieldset', { class: 'option-group' }, h('legend', {}, g), h('div', { class: 'options-grid' }, boxes)));
    }
    markChanged();
  }

  /** Marks each option set otherwise than the preset has it (by the top field too), and says
   * how many in the panel's summary, so a changed rule is seen with the panel closed. */
  function markChanged() {
    let n = 0;
    for (const input of optionInputs.values()) {
      const changed = input.value.trim() !== input.dataset.preset;
      if (changed) n += 1;
      const box = input.closest('.option');
      box.classList.toggle('changed', changed);
      box.querySelector('.changed-mark').hidden = !changed;
    }
    advancedSummary.textContent = n ? `Every option (advanced): ${n} changed` : 'Every option (advanced)';
  }

  function drawScore(current = false) {
    const opts = Object.fromEntries(preset.options);
    // Once the person has changed them, the advanced fields say how the game ends.
    if (current) for (const [k, input] of optionInputs) opts[k] = input.value.trim();
    scoreBox.replaceChildren();
    presetAbout.textContent = preset.about || '';
    let key = null;
    let label = null;
    if (Number(opts.winning_score) > 0) { key = 'winning_score'; label = 'Game to (points)'; }
    else if (Number(opts.start_score) > 0) { key = 'start_score'; label = 'Start score (race down to 0)'; }
    else if (Number(opts.num_deals) > 0) { key = 'num_deals'; label = 'Number of deals'; }
    if (!key) return;
    const input = h('input', { type: 'number', id: 'target', min: 1, max: 1000, value: opts[key], inputmode: 'numeric' });
    input.dataset.option = key;
    // One value in two places: each field follows the other (the advanced one is sent).
    const adv = optionInputs.get(key);
    if (adv) {
      input.addEventListener('input', () => { adv.value = input.value; markChanged(); });
      adv.addEventListener('input', () => { input.value = adv.value.trim(); });
    }
    input.addEventListener('input', () => clearInvalid(input));
    scoreBox.append(h('label', { for: 'target' }, label), input);
  }

  presetSelect.addEventListener('change', () => {
    preset = presets.find((p) => p.name === presetSelect.value) || presets[0];
    drawOptions();
    drawScore();
    drawSeats();
  });

  /** Marks a field wrong, says why beside it and in the status, and takes the person there. */
  function invalid(input, message) {
    if (advanced.contains(input)) advanced.open = true;
    markInvalid(input, message);
    status.textContent = message;
    input.focus();
    input.scrollIntoView({ block: 'center' });
  }

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const name = nameInput.value.trim();
    if (!name) {
      invalid(nameInput, 'Please give your name.');
      return;
    }
    storageSet('euchre:name', name);
    const n = seatCount();
    const mine = Number((seatsBox.querySelector('input[name=mine]:checked') || {}).value || 0);
    const seats = [];
    for (let i = 0; i < n; i++) seats.push(i === mine ? 'open' : seatsBox.querySelector(`#seat-kind-${i}`).value);
    // A number out of its range is said at its field, by its label, before anything is sent.
    const target = $('#target');
    if (target && !target.checkValidity()) return invalid(target, `${$('label[for=target]').textContent}: give a whole number from ${target.min} to ${target.max}.`);
    for (const [, input] of optionInputs) {
      if (input.type === 'number' && (input.value.trim() === '' || !input.checkValidity())) {
        const label = input.dataset.label || input.name;
        return invalid(input, `${label}: give a whole number from ${input.min} to ${input.max}.`);
      }
    }
    const options = {};
    for (const [k, input] of optionInputs) {
      if (input.value.trim() !== input.dataset.preset) options[k] = input.value.trim();
    }
    // A target set to another value than the preset's also cancels the other way to end a game.
    if (options.winning_score && Number(options.winning_score) > 0 && !('num_deals' in options) && optionInputs.has('num_deals')) options.num_deals = '0';
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    status.textContent = 'Setting up the table…';
    try {
      const body = { rules: preset.name, seats };
      if (Object.keys(options).length) body.options = options;
      const table = await api('POST', '/api/tables', body);
      const claim = await api('POST', `/api/tables/${table.code}/seats/${mine}`, { name });
      storageSet(`euchre:${table.code}`, { seat: claim.seat ?? mine, token: claim.token, host: table.host || null });
      go(`/t/${table.code}`);
    } catch (e) {
      status.textContent = `The table could not be set up: ${e.message}`;
      button.disabled = false;
    }
  });

  const joinCode = h('input', { id: 'join-code', autocomplete: 'off', maxlength: 300, placeholder: 'K7QM2X or the invite link', 'aria-label': 'Table code or invite link', autocapitalize: 'characters' });
  joinCode.addEventListener('input', () => clearInvalid(joinCode));
  nameInput.addEventListener('input', () => clearInvalid(nameInput));
  const joinForm = h('form', {
    class: 'panel join',
    onsubmit: (ev) => {
      ev.preventDefault();
      const c = tableCodeOf(joinCode.value);
      if (c) go(`/t/${c}`);
      else {
        markInvalid(joinCode, 'Type a table code (such as K7QM2X) or paste an invite link.', joinCode.parentElement);
        joinCode.focus();
      }
    },
  },
    h('h2', {}, 'Join a table'),
    h('div', { class: 'field inline' }, joinCode, h('button', { type: 'submit' }, 'Join')));

  form.append(
    h('h1', {}, 'New table'),
    h('div', { class: 'field' }, h('label', { for: 'my-name' }, 'Your name'), nameInput),
    h('div', { class: 'field' }, h('label', { for: 'preset' }, 'Game'), presetSelect, presetAbout),
    scoreBox,
    seatsBox,
    advanced,
    h('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create table'),
    status);
  drawOptions();
  drawScore();
  drawSeats();
  const games = h('div', { id: 'player-games' });
  const showGames = () => playerGames(nameInput.value.trim(), games);
  nameInput.addEventListener('change', showGames);
  const back = h('div', { id: 'back-box' });
  app.replaceChildren(h('div', { class: 'start-page' }, back, form, joinForm, accountPanel(nameInput, showGames), games));
  showGames();
  backToGame(back);
}

/** A link back to the last table this browser took a seat at, while its game goes on. */
async function backToGame(box) {
  const code = storageGet('euchre:last');
  const saved = typeof code === 'string' && /^[A-Z0-9]+$/.test(code) ? storageGet(`euchre:${code}`) : null;
  if (!saved || !saved.token) return;
  try {
    const info = await api('GET', `/api/tables/${code}`);
    if (info.game_over) return;
  } catch {
    return; // the table is gone
  }
  box.replaceChildren(h('p', { class: 'panel back' }, h('a', { href: `/t/${code}${FAST ? '?fast=1' : ''}`, id: 'back-to-game' }, `Back to your game (table ${code})`)));
}

/** The table code in what was typed or pasted: a code, or an invite link (".../t/K7QM2X"),
 * whose code follows "/t/". Letters and digits only, upper case. */
function tableCodeOf(text) {
  const t = text.trim();
  const m = t.match(/\/t\/([^/?#\s]+)/);
  return (m ? m[1] : t).replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/** Marks a field wrong and says why in a note after `after` (the field itself, unless given),
 * the field described by the note: a screen reader reads why with the field. */
function markInvalid(input, message, after = input) {
  input.setAttribute('aria-invalid', 'true');
  let note = document.getElementById(`${input.id}-error`);
  if (!note) {
    note = h('p', { class: 'error field-error', id: `${input.id}-error` });
    after.after(note);
  }
  note.textContent = message;
  input.setAttribute('aria-describedby', [note.id, input.dataset.about].filter(Boolean).join(' '));
}

function clearInvalid(input) {
  if (input.getAttribute('aria-invalid') !== 'true') return;
  input.removeAttribute('aria-invalid');
  const note = document.getElementById(`${input.id}-error`);
  if (note) note.remove();
  if (input.dataset.about) input.setAttribute('aria-describedby', input.dataset.about);
  else input.removeAttribute('aria-describedby');
}

/** Signing in keeps a name for its owner: a seat can take that name only when signed in as it. */
function accountPanel(nameInput, onChange) {
  const box = h('section', { class: 'panel account', id: 'account', 'aria-label': 'Account' });
  const draw = (me) => {
    if (me) {
      box.replaceChildren(h('h2', {}, 'Account'), h('p', {}, 'Signed in as ', h('strong', {}, me), '. ',
        h('button', { type: 'button', class: 'link', onclick: async () => { await api('POST', '/api/logout').catch(() => {}); draw(null); } }, 'Sign out')),
        passwordChange(me));
      if (!nameInput.value.trim()) {
        nameInput.value = me;
        onChange();
      }
      return;
    }
    const user = h('input', { id: 'account-name', autocomplete: 'username', maxlength: 40, value: nameInput.value.trim() });
    const pass = h('input', { id: 'account-password', type: 'password', autocomplete: 'current-password', maxlength: 1024, 'aria-describedby': 'password-help', dataset: { about: 'password-help' } });
    const status = h('p', { class: 'status', role: 'status' });
    const go2 = (path) => async () => {
      clearInvalid(user);
      clearInvalid(pass);
      try {
        const r = await api('POST', path, { name: user.value.trim(), password: pass.value });
        nameInput.value = r.name || user.value.trim();
        storageSet('euchre:name', nameInput.value);
        draw(nameInput.value);
        onChange();
      } catch (e) {
        status.textContent = sentence(e.message);
        // The field a refusal of what was typed (400) is about, marked and described by it; a
        // wrong name or password, a name taken or a limit reached is said in the status only.
        const field = e.status !== 400 ? null : /password/i.test(e.message) ? pass : /name/i.test(e.message) ? user : null;
        if (field) {
          markInvalid(field, sentence(e.message));
          field.focus();
        }
      }
    };
    box.replaceChildren(
      h('details', {}, h('summary', {}, 'Sign in (optional: keeps your name yours)'),
        // A form, so that Enter signs in and password managers know the fields.
        h('form', { onsubmit: (e) => { e.preventDefault(); go2('/api/login')(); } },
          h('div', { class: 'field' }, h('label', { for: 'account-name' }, 'Name'), user),
          h('div', { class: 'field' }, h('label', { for: 'account-password' }, 'Password'), pass,
            h('p', { class: 'muted help', id: 'password-help' }, 'A new account’s: 8 characters or more, not your name, a run like 12345678 or a common password.')),
          h('div', { class: 'field inline' },
            h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
            // A password manager offers to keep a new password by this word.
            h('button', { type: 'button', onclick: () => { pass.setAttribute('autocomplete', 'new-password'); go2('/api/accounts')(); } }, 'Create account'))),
        status));
  };
  draw(null);
  api('GET', '/api/me').then((r) => draw(r && r.name ? r.name : null), () => {});
  return box;
}

/** Changing the password of the account signed in (`me`): the one it has, then the new one.
 * The server ends every other login of the account. */
function passwordChange(me) {
  const current = h('input', { id: 'current-password', type: 'password', autocomplete: 'current-password', maxlength: 1024, required: true });
  const fresh = h('input', { id: 'new-password', type: 'password', autocomplete: 'new-password', maxlength: 1024, required: true, 'aria-describedby': 'new-password-help', dataset: { about: 'new-password-help' } });
  const status = h('p', { class: 'status', role: 'status' });
  const submit = async (e) => {
    e.preventDefault();
    status.textContent = 'Changing…';
    clearInvalid(current);
    clearInvalid(fresh);
    try {
      await api('POST', '/api/password', { password: current.value, new_password: fresh.value });
      current.value = '';
      fresh.value = '';
      status.textContent = 'Password changed. Every other browser signed in as you is signed out.';
    } catch (err) {
      status.textContent = sentence(err.message);
      // A wrong current password (403) is the current field's; a new one refused (400) the
      // new field's; a limit reached (429) or a change elsewhere (409) neither's.
      const field = err.status === 403 ? current : err.status === 400 ? fresh : null;
      if (field) {
        markInvalid(field, sentence(err.message));
        field.focus();
      }
    }
  };
  return h('details', {}, h('summary', {}, 'Change password'),
    h('form', { onsubmit: submit },
      // The account's name, for a password manager to file the new password under.
      h('input', { type: 'text', autocomplete: 'username', value: me, hidden: true, readonly: true, tabindex: -1, 'aria-hidden': 'true' }),
      h('div', { class: 'field' }, h('label', { for: 'current-password' }, 'Current password'), current),
      h('div', { class: 'field' }, h('label', { for: 'new-password' }, 'New password'), fresh,
        h('p', { class: 'muted help', id: 'new-password-help' }, '8 characters or more, not your name, a run like 12345678 or a common password. Every other browser signed in as you is signed out.')),
      h('div', { class: 'field inline' }, h('button', { type: 'submit', class: 'primary' }, 'Change password'))),
    status);
}

/** The finished games of a name, with their downloads. */
async function playerGames(name, box) {
  if (!name) {
    box.replaceChildren();
    return;
  }
  let data;
  try {
    data = await api('GET', `/api/players/${encodeURIComponent(name)}`);
  } catch {
    box.replaceChildren();
    return;
  }
  if (!data || !data.games || !data.games.length) {
    box.replaceChildren();
    return;
  }
  const st = data.stats || {};
  const d = data.deals || {};
  const when = (t) => (typeof t === 'number' ? new Date(t * 1000).toLocaleDateString() : '');
  box.replaceChildren(h('section', { class: 'panel games', 'aria-label': `Games of ${name}` },
    h('h2', {}, `Finished games of ${data.name || name}`),
    h('p', {}, `${plural(st.games ?? data.games.length, 'game')}, ${st.won ?? 0} won`,
      // Counted for the side (docs/stats.md): a partner's call is the player's side's too, and
      // "euchred" is the side euchred, not euchring (browser tester s49, 8).
      d.deals ? `; ${plural(d.deals, 'deal')}: their side named trump in ${d.made}, of which it was euchred in ${d.euchred} and marched in ${d.marched}; alone ${plural(d.loners, 'time')}` : ''),
    h('p', { class: 'muted' }, 'A name without an account is anyone’s: these are the games of everyone who sat under it.'),
    h('ul', { class: 'game-list' }, data.games.slice(0, 20).map((g) => h('li', {},
      `${when(g.finished)} ${(PRESET_WORDS[g.rules] || g.rules).split(':')[0]}: ${scoreList(g.scores || [])} ${g.won ? '(won)' : '(lost)'} `,
      h('a', { href: `/api/tables/${g.code}/game.json`, download: `euchre-${g.code}.json` }, 'record'),
      ['north-american', 'tournament', 'canadian', 'british', 'railroad', 'keller-1887', 'mathews-1844', 'openspiel'].includes(g.rules)
        ? [' · ', h('a', { href: `/api/tables/${g.code}/game.egn`, download: `euchre-${g.code}.egn` }, 'EGN')] : null)))));
}

/** A server's message shown on its own, as a sentence: "No table ZZZZZZ: ..." (the server
 * writes them to follow a colon: "Could not take the seat: that seat is taken"). */
function sentence(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "1 game", "3 games". */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A number as people write it: a minus sign, not a hyphen, before a negative one. */
function signed(x, plus = false) {
  const t = String(x);
  // "-0.00" (a value rounded to nothing) is 0.00.
  if (t.startsWith('-')) return /^-0(\.0*)?$/.test(t) ? t.slice(1) : `−${t.slice(1)}`;
  return `${plus && Number(x) > 0 ? '+' : ''}${t}`;
}

/** A game's scores as a list: "4 · −1 · 2 · 8" (a dash between them read "4–-1" as a range
 * or a sign), negatives with a true minus sign. */
function scoreList(scores) {
  return scores.map((x) => signed(x)).join(' · ');
}

// ---------------------------------------------------------------------------------------------
// The invite page: take a seat or watch

async function tablePage(code) {
  document.title = `Euchre: table ${code}`;
  const saved = storageGet(`euchre:${code}`);
  if (saved && saved.token) {
    connectTable(code, saved);
    return;
  }
  // Come to watch (a spectator following the company to its next game).
  if (params.get('watch') === '1') {
    connectTable(code, null);
    return;
  }
  await joinPage(code);
}

/** Copies `text` through a field made for it, selected and copied the old way: true if the
 * browser says it did. */
function copyByHand(text) {
  const field = h('textarea', { readonly: true, 'aria-hidden': 'true', tabindex: -1, style: { position: 'fixed', top: '0', left: '0', opacity: '0' } }, text);
  document.body.append(field);
  field.select();
  let done = false;
  try {
    done = document.execCommand && document.execCommand('copy');
  } catch {
    done = false;
  }
  field.remove();
  return !!done;
}

function inviteBox(code) {
  const link = `${location.origin}/t/${code}`;
  const input = h('input', { id: 'invite-link', readonly: true, value: link, 'aria-label': 'Invite link', onfocus: (e) => e.target.select() });
  const copy = h('button', {
    type: 'button',
    id: 'copy-link',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        toast('Invite link copied');
      } catch {
        // No clipboard for a page over plain HTTP (a club's server on its network): copied
        // from a field of its own, since the invite box may be hidden (a small screen).
        toast(copyByHand(link) ? 'Invite link copied' : `Copy the invite link: ${link}`);
      }
    },
  }, 'Copy link');
  return h('div', { class: 'invite' }, h('span', {}, 'Table ', h('strong', { class: 'code', id: 'table-code' }, code)), input, copy);
}

async function joinPage(code, note) {
  app.replaceChildren(h('p', { class: 'loading' }, 'Looking for the table…'));
  let info;
  try {
    info = await api('GET', `/api/tables/${code}`);
  } catch (e) {
    app.replaceChildren(h('div', { class: 'panel' }, h('h1', {}, `Table ${code}`), h('p', { class: 'error' }, sentence(e.message)), h('p', {}, h('a', { href: '/' }, 'Set up a new table'))));
    return;
  }
  const nameInput = h('input', { id: 'join-name', autocomplete: 'nickname', maxlength: 40, value: storageGet('euchre:name') || '' });
  nameInput.addEventListener('input', () => clearInvalid(nameInput));
  const status = h('p', { class: 'status', role: 'status' }, note || '');
  const list = h('ul', { class: 'seat-list' });
  info.seats.forEach((s) => {
    const who = s.kind === 'open' ? 'open' : `${s.name || s.kind}${s.kind === 'bot' ? ' (computer)' : s.kind === 'away' ? ' (away: a computer plays)' : s.kind === 'person' && !s.connected ? ' (offline)' : ''}`;
    // A seat the account signed in holds, taken back from here (another browser or device).
    const mine = Array.isArray(info.yours) && info.yours.includes(s.seat) && s.kind !== 'open';
    const takeBack = mine ? h('button', {
      type: 'button',
      class: 'primary take-back',
      dataset: { seat: s.seat },
      onclick: async (ev) => {
        ev.target.disabled = true;
        try {
          const claim = await api('POST', `/api/tables/${code}/seats/${s.seat}`, {});
          const prior = storageGet(`euchre:${code}`) || {};
          const saved = { seat: claim.seat ?? s.seat, token: claim.token, host: prior.host || null };
          storageSet(`euchre:${code}`, saved);
          connectTable(code, saved);
          ui.focusNext = '#waiting h2, #hand button[tabindex="0"], #actions button';
          announce(`You took back seat ${saved.seat + 1}.`);
        } catch (e) {
          ev.target.disabled = false;
          joinPage(code, `Could not take the seat back: ${e.message}`);
        }
      },
    }, `Take back seat ${s.seat + 1}`) : null;
    const take = takeBack || (s.kind === 'open'
      ? h('button', {
        type: 'button',
        class: 'primary',
        dataset: { seat: s.seat },
        onclick: async (ev) => {
          const name = nameInput.value.trim();
          if (!name) {
            markInvalid(nameInput, 'Please give your name first.');
            status.textContent = 'Please give your name first.';
            nameInput.focus();
            return;
          }
          ev.target.disabled = true;
          try {
            storageSet('euchre:name', name);
            const claim = await api('POST', `/api/tables/${code}/seats/${s.seat}`, { name });
            // A host who opened this table from the last one keeps its host token.
            const prior = storageGet(`euchre:${code}`) || {};
            const saved = { seat: claim.seat ?? s.seat, token: claim.token, host: prior.host || null };
            storageSet(`euchre:${code}`, saved);
            connectTable(code, saved);
            // The button pressed is gone with the page: the focus goes to the table, and a
            // screen reader is told where the person sits (a11y s50, 11).
            ui.focusNext = '#waiting h2, #hand button[tabindex="0"], #actions button';
            announce(`You sit at seat ${saved.seat + 1}.`);
          } catch (e) {
            status.textContent = `Could not take the seat: ${e.message}`;
            ev.target.disabled = false;
            joinPage(code, status.textContent);
          }
        },
      }, `Take seat ${s.seat + 1}`)
      : null);
    list.append(h('li', {}, h('span', { class: 'seat-no' }, `Seat ${s.seat + 1}`), h('span', { class: 'who' }, who, partnerWords(info, s.seat)), take));
  });
  const opts = Object.fromEntries(info.options || []);
  app.replaceChildren(h('div', { class: 'panel join-page' },
    h('h1', {}, `Table ${code}`),
    h('p', {}, `${(PRESET_WORDS[info.rules] || info.rules).split(':')[0]}${lengthWords(opts)}. `,
      info.game_over ? 'The game is over.' : info.started ? 'The game is under way.' : 'Waiting for players.'),
    // A finished game has no seat to take: no name is asked, and the way in is to see how it
    // ended.
    info.game_over ? null : inviteBox(code),
    // Nor with no seat open: there is nothing to sit at under it (server tester s53, 8).
    info.game_over || !info.seats.some((x) => x.kind === 'open') ? null : h('div', { class: 'field' }, h('label', { for: 'join-name' }, 'Your name'), nameInput),
    list,
    h('p', {}, h('button', { type: 'button', id: 'watch', onclick: () => connectTable(code, null) }, info.game_over ? 'See how it ended' : 'Watch the game')),
    status));
}

/** " · partner of Ann" for a seat of a partnership game, "" in the individual games (the
 * server names each seat's partner, or none): whose side a seat is on is the first thing to
 * know when choosing one. */
function partnerWords(info, seat) {
  const mine = info.seats[seat];
  const p = mine && typeof mine.partner === 'number' ? info.seats[mine.partner] : null;
  if (!p) return '';
  const name = p.kind === 'open' ? `seat ${p.seat + 1}, not taken yet` : `${p.name || p.kind}${p.kind === 'bot' ? ` (seat ${p.seat + 1})` : ''}`;
  return ` · partner of ${name}`;
}

/** ", game to 10", ", one deal", ", 3 deals" from a table's options ('' when they say neither). */
function lengthWords(opts) {
  const n = (k) => (opts[k] !== undefined ? Number(opts[k]) : 0);
  if (n('winning_score') > 0) return `, game to ${n('winning_score')}`;
  if (n('num_deals') > 0) return n('num_deals') === 1 ? ', one deal' : `, ${n('num_deals')} deals`;
  return '';
}

// ---------------------------------------------------------------------------------------------
// The table

/** Everything the table screen shows. */
const ui = {
  code: null,
  seat: null,
  token: null,
  host: null,
  ws: null,
  failures: 0,
  lastSeq: -1,
  queue: [],
  shown: null, // the state on screen
  holdUntil: 0,
  holdTimer: null,
  pending: null, // 'act' while a decision is on its way
  markers: storageGet('euchre:markers') === true,
  // Single-key shortcuts (1 to 9, ?, C, A, M), on unless the person turned them off: speech
  // input and a stray key would otherwise decide for them (WCAG 2.1.4).
  shortcuts: storageGet('euchre:shortcuts') !== false,
  keysOpen: false, // the Keyboard panel opened
  hint: null,
  review: null, // {deal, decisions, unjudged} or {deal, error}
  reviewWanted: null, // the deal whose review the person waits for
  reviewAsked: null, // the deal whose review is on its way (the server reviews one at a time)
  hintWanted: false,
  keyboard: false, // the last input was a key (focus then follows the decisions)
  zeroBased: false, // the server counts deals from 0
  lastResult: null, // words about the last finished deal
  resultKey: null, // the deal key lastResult tells of
  resultClosed: false, // its panel closed by the person (the result, and its review, still there)
  logs: new Map(), // deal key → {history, result}
  note: null, // a pass taken for the person ("Jamboree: you had nothing to claim, so you passed.")
  autoTimer: null, // the pause before it
  logOpen: new Map(), // deal key → open, for the deals of the log the person opened or closed
  focusNext: null, // selectors, the first found first: where the next redraw puts the keyboard focus (a panel closed)
  reviewFrom: null, // the button the review shown was asked from: closing it goes back there
  closed: false, // the table left for good (the seat given up, the table gone): no reconnecting
  listening: false, // the page's key and pointer listeners added
  heardAt: 0, // when the connection last brought anything (Date.now())
  pingAt: 0, // when the last ping was sent
  sentAt: 0, // when the last decision was sent
  sentSeq: -1, // the state it answered
  heartbeat: null, // the timer that pings and watches the connection
  unsent: false, // a decision was on its way when the connection was found dead
  standIn: new Map(), // seat → when (Date.now()) a computer plays for its person, gone
};

/** Whole seconds until a computer plays for seat `seat`'s person, gone; null when nobody is
 * counting (the person is there, away already, or the game is over). */
function standInLeft(seat) {
  const at = ui.standIn.get(seat);
  return at === undefined ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

// Each second the counts on the page go down, without drawing the table again.
setInterval(() => {
  for (const el of document.querySelectorAll('[data-countdown]')) {
    const left = standInLeft(Number(el.dataset.countdown));
    if (left !== null) el.textContent = `${left} s`;
  }
}, 1000);

/** The seat's count as a span the timer above keeps going. */
function countdown(seat) {
  return h('span', { 'data-countdown': seat }, `${standInLeft(seat)} s`);
}

function connectTable(code, saved) {
  ui.code = code;
  ui.seat = saved ? saved.seat : null;
  ui.token = saved ? saved.token : null;
  ui.host = saved ? saved.host : null;
  // A seat taken again after the last one was given up (4001): that connection's end set
  // `closed`, which would keep this one from ever reconnecting, and its counts are not ours.
  ui.closed = false;
  ui.failures = 0;
  ui.pending = null;
  // Nor is what the last seat asked for or was about to send ours: a hint or review still on
  // its way would be asked again on this connection (a spectator told "a hint is for the seat
  // to act", or left with "Thinking…" for the deal), and a pass still waiting would be sent for
  // this seat.
  ui.hint = null;
  ui.hintWanted = false;
  ui.review = null;
  ui.reviewFrom = null;
  ui.reviewWanted = null;
  ui.reviewAsked = null;
  ui.note = null;
  clearTimeout(ui.autoTimer);
  ui.autoTimer = null;
  // The start page offers the way back to a seat's game.
  if (ui.token) storageSet('euchre:last', code);
  restoreLog();
  renderShell();
  openSocket();
}

// The seat's token no longer holds it: forgotten, but a host stays the host (the host's own
// token frees seats and opens the next game).
function forgetSeat() {
  storageSet(`euchre:${ui.code}`, ui.host ? { seat: null, token: null, host: ui.host } : null);
}

// The close code of a connection whose seat its token no longer holds (the server's
// `live::SEAT_GIVEN_UP`).
const SEAT_GIVEN_UP = 4001;
// The close code of a spectator refused because as many watch the table as it takes
// (`live::TOO_MANY_WATCHERS`): said, and tried again a minute later, not at once.
const TOO_MANY_WATCHERS = 4002;
const WATCHERS_RETRY_MS = 60000;
// The close code of a connection whose seat its account took back in another browser or
// device (`live::SEAT_TAKEN_BACK`): said, with the way to take it back here.
const SEAT_TAKEN_BACK = 4003;
// The close code of a seat's connection refused because the seat is open in as many tabs and
// devices as it may be (`live::SEAT_OPEN_ELSEWHERE`): said, and tried again a minute later.
const SEAT_OPEN_ELSEWHERE = 4004;

function openSocket() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  // The seat's token goes as a subprotocol, not in the address, which proxies log (the server
  // answers "euchre").
  const protocols = ui.token ? ['euchre', `euchre-token.${ui.token}`] : ['euchre'];
  const ws = new WebSocket(`${proto}://${location.host}/ws/${ui.code}`, protocols);
  ui.ws = ws;
  let opened = false;
  ws.addEventListener('open', () => {
    opened = true;
    ui.failures = 0;
    ui.heardAt = Date.now();
    // The first ping is due a period from now (the connection has just answered).
    ui.pingAt = ui.heardAt;
    clearInterval(ui.heartbeat);
    ui.heartbeat = setInterval(() => heartbeat(ws), HEARTBEAT_CHECK_MS);
    // The new connection's first state is the whole truth: states still waiting from the old
    // one are dropped, and its numbering is taken as it comes (a restarted server counts again).
    ui.queue = [];
    ui.lastSeq = -1;
    ui.pastAsked = false;
    setConnection('connected');
    // A review or a hint asked for while the connection was down, or on its way when it
    // dropped, would never be answered: asked again on this one.
    ui.reviewAsked = null;
    askWantedReview();
    if (ui.hintWanted) send({ type: 'hint' });
  });
  ws.addEventListener('message', (ev) => {
    ui.heardAt = Date.now();
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener('close', (ev) => lost(ws, ev.code, opened, ev.reason));
}

// How often the page checks its connection, pings it, and how long it waits for an answer.
// The server pings every 10 s too, but a page cannot see those pings (the browser answers
// them), so it learns that a connection is dead only from its own pings going unanswered: a
// network lost without the connection closing (a phone's Wi-Fi gone) is otherwise noticed by
// the system after minutes, the page showing "Sending…" all that time (browser tester s49, 1).
// Only an unanswered ping or decision counts, never silence alone: a tab in the background
// runs its timers as seldom as once a minute, and would find every connection silent (review
// s49, 1).
const HEARTBEAT_CHECK_MS = 2000;
const PING_EVERY_MS = 10000;
const PING_ANSWER_MS = 6000;
const DECISION_ANSWER_MS = 8000;

function heartbeat(ws) {
  if (ui.ws !== ws) {
    clearInterval(ui.heartbeat);
    return;
  }
  const now = Date.now();
  const unanswered = (sent, within) => sent > ui.heardAt && now - sent > within;
  if (unanswered(ui.pingAt, PING_ANSWER_MS) || (ui.pending === 'act' && unanswered(ui.sentAt, DECISION_ANSWER_MS))) {
    // Taken for dead now: its close event, whenever the system sends it, finds another
    // connection in its place and is ignored.
    lost(ws, 1006, true);
    try { ws.close(); } catch { /* closing a dead connection may throw; it is gone either way */ }
    return;
  }
  if (now - ui.pingAt >= PING_EVERY_MS) ping();
}

function ping() {
  ui.pingAt = Date.now();
  send({ type: 'ping' });
}

// A tab brought back to the front asks at once whether its connection still carries
// messages: its timers may have slept meanwhile, and the person is about to play.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && ui.ws && ui.ws.readyState === WebSocket.OPEN && ui.pingAt <= ui.heardAt) ping();
});

/** The connection `ws` is gone (closed with `code`, or found dead): reconnect, unless the seat
 * was given up or the table is gone. */
async function lost(ws, code, opened, reason) {
  if (ui.ws !== ws || ui.closed) return;
  ui.ws = null;
  clearInterval(ui.heartbeat);
  // A decision on its way may never have arrived: the next state says whether it did.
  if (ui.pending === 'act') ui.unsent = true;
  ui.pending = null;
  if (code === SEAT_GIVEN_UP) {
    // The seat's token no longer holds it (the host freed it): reconnecting cannot help.
    forgetSeat();
    ui.closed = true;
    joinPage(ui.code, 'Your seat was given up; take a seat again or watch.');
    return;
  }
  if (code === SEAT_TAKEN_BACK) {
    forgetSeat();
    ui.closed = true;
    joinPage(ui.code, 'You took your seat in another browser or device. To play here again, sign in and take it back, or watch.');
    return;
  }
  if (code === TOO_MANY_WATCHERS || code === SEAT_OPEN_ELSEWHERE) {
    const why = code === SEAT_OPEN_ELSEWHERE
      ? (reason || 'this seat is open in as many places as a seat may be: close one').replace(/, then try again$/, '')
      : (reason || 'as many people watch this table as it takes').replace(/: try again later$/, '');
    setConnection(`${sentence(why)}. This page tries again in a minute.`);
    renderTable();
    setTimeout(() => { if (!ui.closed) openSocket(); }, WATCHERS_RETRY_MS);
    return;
  }
  setConnection('reconnecting');
  renderTable();
  ui.failures += 1;
  if (!opened && ui.failures >= 3) {
    // Refused again and again: the table may be gone, or the seat's token no longer works
    // (the host freed the seat).
    try {
      const info = await api('GET', `/api/tables/${ui.code}`);
      const mine = ui.seat !== null && info.seats[ui.seat];
      if (ui.token && mine && (mine.kind === 'open' || mine.kind === 'bot')) {
        forgetSeat();
        ui.closed = true;
        joinPage(ui.code, 'Your seat was given up; take a seat again or watch.');
        return;
      }
    } catch (e) {
      if (/no table/i.test(e.message) || /404/.test(e.message)) {
        ui.closed = true;
        app.replaceChildren(h('div', { class: 'panel' }, h('h1', {}, `Table ${ui.code}`), h('p', { class: 'error' }, sentence(e.message)), h('a', { href: '/' }, 'Set up a new table')));
        return;
      }
    }
  }
  const delay = Math.min(10000, 400 * 2 ** Math.min(ui.failures, 5));
  setTimeout(() => { if (!ui.closed) openSocket(); }, delay);
}

function send(msg) {
  if (ui.ws && ui.ws.readyState === WebSocket.OPEN) {
    ui.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function setConnection(word) {
  const el = $('#connection');
  if (!el) return;
  el.textContent = word === 'connected' ? '' : word === 'reconnecting' ? 'Connection lost: reconnecting…' : word;
  el.hidden = word === 'connected';
}

function onMessage(msg) {
  switch (msg.type) {
    case 'state':
      if (typeof msg.seq !== 'number') return;
      if (msg.seq < ui.lastSeq) return; // an old state, overtaken
      if (msg.seq === ui.lastSeq) {
        // The answer to a sync (or a repeat): it replaces whatever is waiting.
        ui.queue = ui.queue.filter((s) => s.seq < msg.seq);
      }
      ui.lastSeq = msg.seq;
      if (ui.unsent) {
        // A decision was on its way when the connection died: if it is still this seat's
        // turn it never arrived, and the person is told so rather than left to wonder.
        ui.unsent = false;
        if (msg.seq === ui.sentSeq && msg.legal && msg.legal.length && !onlyPass(msg)) toast('Your last choice did not reach the table: the connection dropped. Choose again.');
      }
      if (msg.seat !== undefined) ui.seat = msg.seat;
      msg.arrived = Date.now();
      if (msg.deal_number === 0) ui.zeroBased = true;
      ui.queue.push(msg);
      pump();
      break;
    case 'past_deals':
      addPastDeals(msg.deals);
      break;
    case 'error': {
      // Errors carry no request id: a refused decision is the one waiting, else the text tells
      // a refused hint from a refused review.
      const wasAct = ui.pending === 'act';
      ui.pending = null;
      const text = msg.error || '';
      const review = ui.reviewWanted !== null && ui.reviewWanted !== undefined;
      const forHint = ui.hintWanted && (/hint/i.test(text) || !review);
      if (!wasAct && forHint) {
        ui.hintWanted = false;
        ui.hint = { error: text };
        renderTable();
        break;
      }
      if (!wasAct && review) {
        // The refusal of the review on its way: if another was asked for meanwhile, it is
        // asked now; else the refusal is that review's.
        if (ui.reviewAsked !== null && ui.reviewAsked !== ui.reviewWanted) {
          askWantedReview();
          break;
        }
        ui.review = { deal: ui.reviewWanted, error: text };
        ui.reviewWanted = null;
        ui.reviewAsked = null;
        renderTable();
        break;
      }
      // A decision that crossed another (a second tab, a double click) is refused by state
      // number; a player is told what happened, not the protocol's words.
      const shown = /answers state \d+, but the table is at state/.test(text)
        ? 'The table moved on before your choice arrived (another tab or a second click): here it is as it is now.'
        : text;
      toast(shown);
      announce(`Refused: ${shown}`);
      send({ type: 'sync' });
      renderTable();
      break;
    }
    case 'hint':
      ui.hintWanted = false;
      ui.hint = msg;
      renderTable();
      showHintPanel();
      {
        const v = ui.shown && ui.shown.view;
        const best = (msg.choices || []).find((c) => c.action === msg.best);
        const why = best && explainsBids(v) ? outlookWords(best) : '';
        announce(`Hint: ${actionLabel(msg.best, v)}${why ? ` (${why})` : ''}`);
      }
      break;
    case 'review':
      // Another deal's review than the one now waited for (asked for before a click on another
      // deal's "Review"): not shown; the one waited for is asked now.
      if (ui.reviewWanted !== null && ui.reviewWanted !== undefined && msg.deal !== ui.reviewWanted) {
        askWantedReview();
        break;
      }
      ui.reviewWanted = null;
      ui.reviewAsked = null;
      ui.review = msg;
      renderTable();
      break;
    default:
      break;
  }
}

/** The most earlier deals a `past_deals` answer holds (the server's `PAST_DEALS_SENT`). */
const PAST_DEALS_SENT = 100;

/** The game's number in a deal key (0 outside a match). */
const gameNumber = (s) => (s.view && s.view.game_number !== undefined ? s.view.game_number : s.game_number || 0);

/** A page opened after earlier deals were played (a new tab, a spectator coming late, another
 * browser) has them in no log, and one that did not see a deal end (it reconnected, or the
 * next deal's state came first) has no outcome for it: it asks the server for them, once a
 * connection. */
function askPastDeals(state) {
  if (ui.pastAsked || !state.started || ui.zeroBased || !(state.deal_number > 1)) return;
  const game = gameNumber(state);
  // The server sends the last PAST_DEALS_SENT: older deals missing from the log are not asked
  // for again and again.
  for (let n = Math.max(1, state.deal_number - PAST_DEALS_SENT); n < state.deal_number; n++) {
    const entry = ui.logs.get(`${game}:${n}`);
    if (!entry || !entry.outcome) {
      ui.pastAsked = true;
      send({ type: 'past_deals' });
      return;
    }
  }
}

/** The earlier deals the server sent (as this seat, or a spectator, saw each end) into the log,
 * in their order, each with its result; the last of them is the one "Review last deal" asks
 * for. Names are today's: who sat where then is not known here. */
function addPastDeals(deals) {
  const s = ui.shown || ui.queue[ui.queue.length - 1];
  if (!s || !Array.isArray(deals) || !deals.length) return;
  let added = false;
  let last = null;
  for (const d of deals) {
    const done = { ...s, view: d.view || {}, deal_number: d.deal_number, result: d.result || null, scores: d.scores || s.scores };
    last = done;
    const key = dealKey(done);
    const known = ui.logs.get(key);
    // The seats that changed hands in it, as the server recorded them: told to a page opened
    // after, or reloaded, as to one open then (review s53, 3).
    if (known && Array.isArray(d.seat_changes)) known.changes = d.seat_changes;
    // A deal the page saw but whose end it did not (it reconnected, or opened with the next
    // deal) has no outcome in its summary yet: the server's end of it gives one.
    if (known && !known.outcome) {
      recordDeal(known, done);
      if (!known.result) known.result = dealResult(done, null);
      added = true;
    }
    if (known) continue;
    const entry = recordDeal({ deal: d.deal_number, history: [], result: null, changes: Array.isArray(d.seat_changes) ? d.seat_changes : [] }, done);
    entry.result = dealResult(done, null);
    ui.logs.set(key, entry);
    added = true;
  }
  if (!added) return;
  const order = (key) => key.split(':').map(Number);
  ui.logs = new Map([...ui.logs.entries()].sort(([a], [b]) => {
    const [ga, na] = order(a);
    const [gb, nb] = order(b);
    return ga - gb || na - nb;
  }));
  // The last deal's result stands for a page that saw none end, or an older one (a tab kept
  // from before): its panel stays closed (the person did not just see it), its review a button
  // away.
  const later = (a, b) => {
    const [ga, na] = order(a);
    const [gb, nb] = order(b || '0:0');
    return ga > gb || (ga === gb && na > nb);
  };
  if (last && !(s.view && s.view.phase === 'done') && (!ui.lastResult || later(dealKey(last), ui.resultKey))) {
    ui.lastResult = dealResult(last, null);
    ui.resultKey = dealKey(last);
    ui.resultClosed = true;
  }
  saveLog();
  if (ui.shown) renderTable();
}

/** Brings the hint's panel into view where it lies below the screen (a phone, the panels under
 * the table): the least scroll that shows it, or its top when it is taller than the screen. */
function showHintPanel() {
  const panel = $('#hint-panel');
  if (!panel) return;
  const r = panel.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  panel.scrollIntoView({ block: r.height > window.innerHeight ? 'start' : 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

const completeTricks = (view) => (view && view.tricks ? view.tricks.map(normTrick).filter((t) => t.winner !== null && t.winner !== undefined).length : 0);

/** Takes the states that arrived in order, pausing on each finished trick and deal. */
function pump() {
  if (ui.holdTimer) return;
  while (ui.queue.length) {
    const wait = ui.holdUntil - Date.now();
    if (wait > 0) {
      ui.holdTimer = setTimeout(() => { ui.holdTimer = null; pump(); }, wait);
      return;
    }
    const next = ui.queue.shift();
    const prev = ui.shown;
    showState(prev, next);
    const v = next.view || {};
    const trickDone = completeTricks(v) > completeTricks(prev && prev.view) && (!prev || dealKey(prev) === dealKey(next));
    if (v.phase === 'done' || next.game_over) ui.holdUntil = Date.now() + Math.max(DEAL_PAUSE_MS, TRICK_PAUSE_MS);
    else if (trickDone) ui.holdUntil = Date.now() + TRICK_PAUSE_MS;
  }
}

/** Deals are numbered from 1 (the server's `deal_number`); a server counting from 0 is seen by
 * its deal 0 and shown one higher. */
const dealLabel = (n) => (ui.zeroBased ? n + 1 : n);

const dealKey = (s) => `${gameNumber(s)}:${s.deal_number}`;

function normTrick(t) {
  if (Array.isArray(t)) return { leader: t[0], cards: t[1] || [], winner: t[2] };
  return { leader: t.leader, cards: t.cards || [], winner: t.winner };
}

/** A deal's part of the log brought up to `state` (a live state of the deal, or the end of a past
 * deal the server sent): its decisions, tricks, and once it is done, its outcome for the
 * summary line. The live log and the past deals both come through here, so they read alike. */
function recordDeal(entry, state) {
  const v = state.view || {};
  const history = Array.isArray(v.history) ? v.history : [];
  entry.history = history;
  // Each decision and trick is told under the name of whoever sat there when it was seen: a
  // seat that changes hands later does not rename the past.
  entry.who = Array.isArray(entry.who) ? entry.who.slice(0, history.length) : [];
  for (let i = entry.who.length; i < history.length; i++) entry.who.push(seatName(state, history[i][0]));
  entry.won = Array.isArray(entry.won) ? entry.won : [];
  (v.tricks || []).map(normTrick).forEach((t, i) => {
    if (t.winner !== null && t.winner !== undefined && typeof entry.won[i] !== 'string') entry.won[i] = seatName(state, t.winner);
  });
  entry.tricks = v.tricks || [];
  entry.upcard = v.upcard || null;
  entry.dealer = v.dealer;
  if (v.phase === 'done') entry.outcome = dealOutcome(state);
  return entry;
}

function showState(prev, state) {
  const v = state.view || {};
  ui.pending = null;
  tellSeatChanges(prev, state);
  // A new deal: keep the last deal's result in view and ask for its review.
  if (prev && dealKey(prev) !== dealKey(state)) {
    setResult(dealKey(prev), dealResult(prev, state));
    const entry = ui.logs.get(dealKey(prev));
    if (entry) entry.result = ui.lastResult;
    if (ui.seat !== null && prev.started) requestReview(prev.deal_number);
    ui.hint = null;
  }
  // Told after the deal's last cards and trick, below.
  const dealDone = v.phase === 'done' && (!prev || prev.view.phase !== 'done');
  if (dealDone) setResult(dealKey(state), dealResult(state, null));
  // The game's last deal has no next deal to bring its review: it is asked for when the game
  // ends (else the panel would go on showing the deal before it).
  if (state.game_over && (!prev || !prev.game_over) && ui.seat !== null && state.started) {
    requestReview(state.deal_number);
  }
  if (prev && prev.seq !== state.seq && state.legal && state.legal.length) ui.hint = null;
  // A pass taken for the person is said until their next decision, or the next deal.
  if ((state.legal && state.legal.length && !onlyPass(state)) || (prev && dealKey(prev) !== dealKey(state))) ui.note = null;
  // The log and the screen reader: every decision not yet told.
  const key = dealKey(state);
  const entry = ui.logs.get(key) || { deal: state.deal_number, history: [], result: null };
  // A seat changing hands in the game is written in everyone's log, where it happened, from
  // the server's record of the deal's changes (review s53, 3): a page opened or reloaded after
  // is told them as one open then. Those new since the last state are said to the screen
  // reader; going away and coming back are said from the seats themselves
  // (tellSeatChanges), at once.
  const changes = Array.isArray(state.seat_changes) ? state.seat_changes : [];
  const had = Array.isArray(entry.changes) ? entry.changes.length : 0;
  if (prev && dealKey(prev) === key) {
    for (const c of changes.slice(had)) {
      if (!['away', 'away_by_host', 'back'].includes(c.change)) announce(`${seatChangeWords(c)}.`);
    }
  }
  entry.changes = changes;
  delete entry.notes;
  // Counted apart from the log's decisions: the server's end of a deal (past deals) may fill
  // the log ahead of the states still to be shown, whose decisions are told all the same
  // (a11y s50, 2).
  const old = typeof entry.told === 'number' ? entry.told : entry.history.length;
  const history = v.history || [];
  if (prev && state.started) {
    // What a sighted player sees at a glance (a11y s50, 6): a new deal, who deals and the
    // upcard; the upcard turned down.
    if (dealKey(prev) !== key || !prev.started) announce(dealOpening(state));
    for (let i = old; i < history.length; i++) {
      const [seat, action] = history[i];
      announce(actionSentence(seatName(state, seat), action, v.upcard, v.dealer === seat));
    }
    // After the dealer's pass that turns it down.
    if (dealKey(prev) === key && v.upcard && prev.view && prev.view.phase === 'bidding1' && v.phase === 'bidding2') announce(`The ${cardName(v.upcard)} is turned down.`);
    const before = completeTricks(prev.view);
    const now = completeTricks(v);
    if (now > before && dealKey(prev) === key) {
      const t = normTrick(v.tricks[now - 1]);
      announce(`${seatName(state, t.winner)} take${t.winner === state.seat ? '' : 's'} the trick`);
    }
  }
  if (dealDone) announce(ui.lastResult);
  if (state.game_over && prev && !prev.game_over) announce(`${gameOverWords(state)}. ${finalScoreWords(state)}`);
  // The deal's result in its own part of the log at once: the game's last deal has no next
  // deal to bring it.
  if (dealDone) entry.result = ui.lastResult;
  entry.told = history.length;
  ui.logs.set(key, recordDeal(entry, state));
  saveLog();
  // Asked as a state is shown, not as it arrives: a deal still being shown would otherwise
  // be found without its end and filled from the server's, ahead of its last cards.
  askPastDeals(state);
  const wasMyTurn = prev && prev.legal && prev.legal.length;
  ui.shown = state;
  renderTable();
  if (onlyPass(state)) {
    clearTimeout(ui.autoTimer);
    ui.autoTimer = setTimeout(() => passForThePerson(state), AUTO_PASS_MS);
  } else if (state.legal && state.legal.length && !wasMyTurn) {
    announce(turnWords(state));
    revealDecisions();
  }
}

/** A turn begun with the decisions below the screen (a phone: round 2's seven calls lay
 * below the fold, nothing saying so: a11y s50, 4): scrolled just into view. Not when the
 * person has scrolled past them (reading the log). */
function revealDecisions() {
  const bar = $('#actions') || $('#hand');
  if (!bar) return;
  const r = bar.getBoundingClientRect();
  if (r.bottom <= window.innerHeight || r.top < 0) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  bar.scrollIntoView({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

/** A new deal in words: its number, who deals and the upcard, if any. */
function dealOpening(state) {
  const v = state.view || {};
  const dealer = v.dealer === null || v.dealer === undefined ? '' : `: ${seatName(state, v.dealer)} deal${v.dealer === state.seat ? '' : 's'}`;
  const up = v.upcard ? `; the upcard is the ${cardName(v.upcard)}` : '';
  return `Deal ${dealLabel(state.deal_number)}${dealer}${up}.`;
}

/** "Your turn", with what is asked (the prompt's words), and in the play the suit led. */
function turnWords(state) {
  const prompt = $('#prompt');
  const asked = prompt && /^Your turn/.test(prompt.textContent) ? prompt.textContent : 'Your turn';
  const v = state.view || {};
  const cur = v.phase === 'play' && v.tricks && v.tricks.length ? normTrick(v.tricks[v.tricks.length - 1]) : null;
  const open = cur && cur.cards.length && (cur.winner === null || cur.winner === undefined);
  return open ? `${asked}; ${suitWord(effectiveSuit(cur.cards[0], v.trump))} led` : asked;
}

/** Who left, who came back, and when a computer plays for someone gone: counted from this
 * state (its `stand_in_in`), and told to the screen reader as it changes. */
function tellSeatChanges(prev, state) {
  const seats = state.seats || [];
  // Counted from when the state arrived, not from when it is shown (it may wait for a trick
  // to be seen).
  const at = state.arrived || Date.now();
  for (const x of seats) {
    if (typeof x.stand_in_in === 'number') ui.standIn.set(x.seat, at + 1000 * x.stand_in_in);
    else ui.standIn.delete(x.seat);
  }
  if (!prev || !prev.started || state.game_over) return;
  for (const x of seats) {
    const was = prev.seats && prev.seats[x.seat];
    if (!was || x.seat === state.seat || !x.name || was.name !== x.name) continue;
    const gone = x.kind === 'person' && !x.connected;
    const wasGone = was.kind === 'person' && !was.connected;
    if (gone && !wasGone && was.kind === 'person') {
      const left = standInLeft(x.seat);
      announce(`${x.name} lost the connection${left === null ? '' : `: a computer plays for them in ${left} seconds unless they come back`}.`);
    } else if (x.kind === 'away' && was.kind !== 'away') {
      announce(`A computer plays for ${x.name} until they come back.`);
    } else if (x.kind === 'person' && x.connected && (was.kind === 'away' || wasGone)) {
      announce(`${x.name} is back.`);
    }
  }
}

/** A seat change the server recorded (`seat_changes` of a state or a past deal), in words
 * for the log: "Bo took seat 3", "Ann left seat 2 (the host freed it): a computer plays it
 * until someone takes it". Everyone at the table reads who sat where, so nobody sits at
 * another's seat, sees its hand and goes, unseen (server tester s53, 1; review s53, 3). Named
 * as they were then, whoever holds the seat now: a seat the page's person holds today may
 * have been another's. */
function seatChangeWords(c) {
  const n = (c.seat ?? 0) + 1;
  const who = (h) => (h && h.name ? (h.kind === 'bot' ? `${h.name} (a computer player)` : h.name) : 'nobody');
  switch (c.change) {
    case 'sat': return `${who(c.to)} took seat ${n}`;
    case 'freed': return `${who(c.from)} left seat ${n} (the host freed it): a computer plays it until someone takes it`;
    case 'computer': return `${who(c.to)} took seat ${n} for good (the host gave it)`;
    case 'taken_back': return `${who(c.to)} took seat ${n} back in another browser or device`;
    case 'away': return `A computer plays for ${who(c.from)} in seat ${n} until they come back (gone past the grace period)`;
    case 'away_by_host': return `A computer plays for ${who(c.from)} in seat ${n} until they come back (the host let it)`;
    case 'back': return `${who(c.to)} is back in seat ${n}`;
    default: return `Seat ${n} changed hands`;
  }
}

/** The last finished deal's words. Its panel, closed by the person, opens again only for
 * another deal: the next deal's first state tells again of a deal already shown done. */
function setResult(key, text) {
  if (key !== ui.resultKey) ui.resultClosed = false;
  ui.resultKey = key;
  ui.lastResult = text;
}

/** Asks for a deal's review. The server reviews one at a time (a second is refused while one
 * is on its way): with one on its way, this one is asked when it is answered. `from` is the
 * button it was asked from, where closing it puts the focus back (none for the reviews asked
 * by themselves at a new deal or the game's end). */
function requestReview(deal, from = null) {
  ui.reviewFrom = from;
  ui.reviewWanted = deal;
  ui.review = { deal, loading: true };
  if (ui.reviewAsked === null || ui.reviewAsked === undefined) askWantedReview();
}

/** Sends the request for the review waited for, if any (none on its way). */
function askWantedReview() {
  ui.reviewAsked = ui.reviewWanted ?? null;
  if (ui.reviewAsked !== null) send({ type: 'review', deal: ui.reviewAsked });
}

/** Words for a finished deal, from its last state (and the next deal's scores when the deal's
 * own end was never shown). */
function dealResult(done, next) {
  const v = done.view || {};
  const n = done.seats ? done.seats.length : 4;
  const four = done.family === 'four-handed';
  const scores = next ? next.scores : done.scores;
  const parts = [`Deal ${dealLabel(done.deal_number)}:`];
  // A spectator's teams are named by their people once, first, then by their sides: "North–South
  // are Ann & Zoë, East–West easy (seat 2) & easy (seat 4). Zoë called ♠ Spades alone; tricks
  // North–South 2, East–West 3. ..." (server tester s53, 7), with no brackets inside brackets
  // (browser tester s47, 3); a seat's are "We" and "They".
  const spectator = done.seat === null || done.seat === undefined;
  const team = (t) => {
    if (!spectator) return teamName(done, t);
    return t === 0 ? 'North–South' : 'East–West';
  };
  if (four && spectator) parts.push(`North–South are ${teamName(done, 0)}, East–West ${teamName(done, 1)}.`);
  if (four) {
    const pts = v.points || [0, 0];
    const tw = v.tricks_won || [0, 0];
    if (v.maker === null || v.maker === undefined) parts.push('thrown in, no trump made.');
    else {
      parts.push(`${seatName(done, v.maker)} called ${trumpName(v.trump) || 'trump'}${v.maker_alone ? ' alone' : ''}; tricks ${team(0)} ${tw[0]}, ${team(1)} ${tw[1]}.`);
      const side = team(v.maker % 2);
      const scorer = pts[0] > 0 ? 0 : pts[1] > 0 ? 1 : null;
      // Two sentences, not an aside in brackets: a spectator's team names have brackets of
      // their own ("easy (seat 1) & easy (seat 3)").
      if (done.result === 'euchred') parts.push(`${side} were euchred.`);
      if (scorer !== null) parts.push(`${team(scorer)} score ${pts[scorer]}.`);
    }
    parts.push(`Score ${team(0)} ${scores[0]}, ${team(1)} ${scores[1]}.`);
  } else {
    const delta = v.delta || [];
    const tw = v.tricks_won;
    if (v.maker === null || v.maker === undefined) parts.push('thrown in, no trump made.');
    else if (v.phase === 'done' && Array.isArray(tw) && tw.length === n) {
      // The tricks of those who played, and what they made of the contract: the server's
      // word for it (made, marched, euchred or set).
      const maker = seatName(done, v.maker);
      const active = v.active || [];
      const tricks = tw.map((t, i) => (active[i] === false ? null : `${seatName(done, i)} ${t}`)).filter((x) => x);
      parts.push(`${maker} called ${trumpName(v.trump) || 'trump'}${v.bid ? `, bidding ${v.bid}` : ''}${v.declared ? ', declaring a march' : ''}; tricks ${tricks.join(', ')}.`);
      const was = v.maker === done.seat ? 'were' : 'was';
      if (done.result === 'made' || done.result === 'marched') parts.push(`${maker} made ${v.declared ? 'the march' : v.bid ? 'the bid' : 'it'}.`);
      else if (done.result) parts.push(`${maker} ${was} ${done.result}.`);
    } else parts.push(`${seatName(done, v.maker)} called ${trumpName(v.trump) || 'trump'}${v.bid ? `, bidding ${v.bid}` : ''}.`);
    const per = [];
    for (let s = 0; s < n; s++) per.push(`${seatName(done, s)} ${signed(scores[s])}${delta[s] ? ` (${signed(delta[s], true)})` : ''}`);
    parts.push(`Score: ${per.join(', ')}.`);
  }
  return parts.join(' ');
}

/** A trump as the log's summary line says it: "♥", "No-trump", "High". */
function trumpShort(t) {
  if (SUIT_SYMBOL[t]) return SUIT_SYMBOL[t];
  if (t === 'high' || t === 'low') return t === 'high' ? 'High' : 'Low';
  return trumpName(t) || 'trump';
}

const OUTCOME_WORDS = { made: 'made it', marched: 'march', euchred: 'euchred', set: 'set' };

/** A finished deal in a few words for its summary line in the log: "We called ♥ alone — march,
 * +4", "They called ♠ — euchred, +2 to us", "You bid 3 in ♣ — made it, −3" (the games raced
 * down to 0 add the maker's points to its score), "thrown in". From the deal's last state. */
function dealOutcome(done) {
  const v = done.view || {};
  if (v.maker === null || v.maker === undefined) return 'thrown in';
  const word = OUTCOME_WORDS[done.result];
  if (done.family === 'four-handed') {
    const makers = v.maker % 2;
    const pts = v.points || [0, 0];
    const called = `${teamName(done, makers)} called ${trumpShort(v.trump)}${v.maker_alone ? ' alone' : ''}`;
    // The defenders' points go to "us" or "them", or to the pair a spectator sees by name.
    const seated = done.seat !== null && done.seat !== undefined;
    const defenders = seated ? (1 - makers === done.seat % 2 ? 'us' : 'them') : teamName(done, 1 - makers);
    const score = pts[makers] > 0 ? `+${pts[makers]}` : pts[1 - makers] > 0 ? `+${pts[1 - makers]} to ${defenders}` : '';
    return withOutcome(called, word, score);
  }
  const maker = seatName(done, v.maker);
  const what = v.bid ? `bid ${v.bid} in ${trumpShort(v.trump)}` : `called ${trumpShort(v.trump)}`;
  const delta = v.delta || [];
  // The maker's points, else whoever scored instead (a euchre in the three-handed game).
  const others = delta.map((d, i) => (d && i !== v.maker ? `${signed(d, true)} to ${seatName(done, i)}` : null)).filter((x) => x);
  const score = delta[v.maker] ? signed(delta[v.maker], true) : others.join(', ');
  return withOutcome(`${maker} ${what}${v.declared ? ' and declared a march' : ''}`, word, score);
}

/** "We called ♥" with what came of it, as far as it is known: " — made it, +1". */
function withOutcome(called, word, score) {
  const parts = [word, score].filter((x) => x);
  return parts.length ? `${called} — ${parts.join(', ')}` : called;
}

// Positions around the table, from the viewer's seat (at the bottom), clockwise.
function position(state, seat) {
  const n = state.seats.length;
  const me = state.seat === null || state.seat === undefined ? 0 : state.seat;
  const rel = (seat - me + n) % n;
  if (n === 4) return ['bottom', 'left', 'top', 'right'][rel];
  if (n === 3) return ['bottom', 'left', 'right'][rel];
  return ['bottom', 'top'][rel];
}

const COMPASS = { bottom: 'South', left: 'West', top: 'North', right: 'East' };

function seatName(state, seat) {
  if (seat === null || seat === undefined) return '?';
  if (state.seat === seat) return 'You';
  const s = state.seats && state.seats[seat];
  // A computer player is told apart by its seat's number, which every person at the table
  // sees alike (a compass point turns with the viewer: one friend's East is another's West).
  if (s && s.name) return s.kind === 'bot' ? `${s.name} (seat ${seat + 1})` : s.name;
  if (s && s.kind === 'open') return `Open seat ${seat + 1}`;
  return COMPASS[position(state, seat)] || `Seat ${seat + 1}`;
}

function teamName(state, team) {
  if (state.seat !== null && state.seat !== undefined) return team === state.seat % 2 ? 'We' : 'They';
  const a = seatName(state, team);
  const b = seatName(state, team + 2);
  return `${a} & ${b}`;
}

function connected() {
  return !!(ui.ws && ui.ws.readyState === WebSocket.OPEN);
}

function myTurn() {
  const s = ui.shown;
  return !!(s && s.legal && s.legal.length && !onlyPass(s) && !ui.queue.length && !ui.pending && connected());
}

/** A decision with nothing to choose: a pass is all that is legal (Railroad's jamboree question
 * to a hand without one). It is taken for the person, as the terminal game takes it. */
function onlyPass(s) {
  return !!(s && s.seat !== null && s.seat !== undefined && s.legal && s.legal.length === 1 && s.legal[0] === 'pass');
}

// The pause before a pass with nothing else legal is taken: about a computer player's pace.
const AUTO_PASS_MS = FAST ? 0 : 700;

/** Passes for the person on `state`, if it is still the one shown and nothing is on its way;
 * said until their next decision. A connection down just then brings the state again, and
 * with it another try. */
function passForThePerson(state) {
  ui.autoTimer = null;
  if (ui.shown !== state || !onlyPass(state) || ui.pending || ui.queue.length) return;
  if (!send({ type: 'act', seq: state.seq, action: 'pass' })) return;
  ui.sentAt = Date.now();
  ui.sentSeq = state.seq;
  ui.pending = 'act';
  const phase = (PHASE_WORDS[state.view && state.view.phase] || 'This decision').replace(/\?$/, '');
  const what = ['jamboree', 'renege_claim', 'farmers'].includes(state.view && state.view.phase) ? 'claim' : 'choose';
  ui.note = `${phase}: you had nothing to ${what}, so you passed.`;
  announce(ui.note);
  renderTable();
}

function act(action) {
  const s = ui.shown;
  if (!s || !s.legal.includes(action) || ui.pending) return;
  if (!send({ type: 'act', seq: s.seq, action })) {
    toast('Not connected: reconnecting…');
    return;
  }
  ui.sentAt = Date.now();
  ui.sentSeq = s.seq;
  ui.pending = 'act';
  ui.hint = null;
  renderTable();
}

// ---------------------------------------------------------------------------------------------
// Drawing the table

function renderShell() {
  app.replaceChildren(h('div', { id: 'table', class: 'table-page', dataset: { state: 'connecting' } },
    h('h1', { class: 'sr-only' }, `Euchre table ${ui.code}`),
    h('p', { id: 'connection', class: 'connection', role: 'status' }, 'Connecting…'),
    h('div', { id: 'table-body' })));
  $('#top-extra').replaceChildren(inviteBox(ui.code));
  // Once per page: the shell is drawn again when a seat is taken back.
  if (!ui.listening) {
    ui.listening = true;
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', () => { ui.keyboard = false; });
  }
}

function renderTable() {
  const root = $('#table');
  const body = $('#table-body');
  if (!root || !body) return;
  const s = ui.shown;
  // Keep the keyboard focus on the same control across the redraw: found again by its key, or
  // else its id.
  const focused = document.activeElement;
  const focusSel = !focused || focused === document.body ? null
    : focused.dataset && focused.dataset.key ? `[data-key="${CSS.escape(focused.dataset.key)}"]`
      : focused.id ? `#${CSS.escape(focused.id)}` : null;
  const inHand = !!(focused && focused.closest && focused.closest('#hand, #actions'));
  if (!s) {
    body.replaceChildren(h('p', { class: 'loading' }, 'Waiting for the table…'));
    return;
  }
  root.dataset.seq = s.seq;
  root.dataset.phase = (s.view && s.view.phase) || '';
  root.dataset.deal = s.deal_number;
  root.dataset.state = s.game_over ? 'over' : !s.started ? 'waiting' : myTurn() ? 'myturn' : ui.pending ? 'pending' : 'watching';
  root.dataset.connected = connected() ? 'yes' : 'no';
  root.dataset.seat = s.seat === null || s.seat === undefined ? 'spectator' : s.seat;
  document.title = s.game_over ? `Game over · ${gameOverWords(s)} · Euchre: table ${ui.code}` : `${myTurn() ? '● ' : ''}Euchre: table ${ui.code}`;

  const content = [];
  if (!s.started) content.push(waitingPanel(s));
  const over = s.game_over ? downloadsPanel(s) : null;
  content.push(h('div', { class: 'layout' },
    h('div', { class: 'play-area' }, over, infoBar(s), felt(s), handArea(s), actionBar(s)),
    h('aside', { class: 'side' }, scorePanel(s), resultPanel(s), hintPanel(s), reviewPanel(s), logPanel(s), s.started ? hostPanel(s) : null, keysPanel())));
  // Lists scrolled inside (a deal of the log) stay where the person scrolled them.
  const scrolled = [...body.querySelectorAll('[data-scroll]')].filter((el) => el.scrollTop > 0).map((el) => [el.dataset.scroll, el.scrollTop]);
  replaceKeepingFocus(body, content, focused);
  for (const [key, top] of scrolled) {
    const el = body.querySelector(`[data-scroll="${CSS.escape(key)}"]`);
    if (el) el.scrollTop = top;
  }
  let again = focusSel ? body.querySelector(focusSel) : null;
  if (ui.focusNext) {
    // The selectors in the order given (one list's querySelector takes the first in the page).
    const to = ui.focusNext.split(',').map((sel) => body.querySelector(sel.trim())).find((el) => el);
    again = to || again;
    ui.focusNext = null;
  }
  // Someone playing by keyboard whose focused control went away (the card just played) is taken
  // to the next decision when it comes.
  if (!again && ui.keyboard && myTurn() && (!document.activeElement || document.activeElement === document.body)) {
    again = body.querySelector('#hand button[data-legal="1"], #actions button');
  }
  // A card or a decision just played from the keyboard went away with the redraw: the focus
  // stays in the hand (its first card, not playable until the next turn) rather than falling
  // to the page, where Tab would start again from the top (browser tester s49, 7).
  // The game over with the hand empty: to what comes next (a11y s50, 1).
  if (!again && inHand) {
    again = ['#hand button[tabindex="0"]', '#hand button', '#actions button', '#next-game', '#play-again', '#game-over h2']
      .map((sel) => body.querySelector(sel)).find((el) => el) || null;
  }
  if (again && again.tagName === 'H2') again.tabIndex = -1;
  if (again) again.focus();
}

/** Puts `content` in `body` in place of what is there; but the focused card or decision, when
 * the new content has it (by its key), stays the very element it was, brought up to date, its
 * ancestors kept and their other children swapped for the new ones. Focusing a new element,
 * however alike, has a screen reader read it out again after every card anyone plays (a11y
 * s50, 3). Only those controls are kept: their presses read the button and the state at the
 * time (cardPressed, actClick), never what was drawn. */
function replaceKeepingFocus(body, content, focused) {
  const key = focused && focused !== document.body && body.contains(focused) && focused.closest('#hand, #actions') && focused.dataset.key;
  const holder = h('div', {}, content);
  const twin = key ? holder.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  // The path from the body down to the control, old and new: alike, or nothing is kept.
  const path = (el, root) => {
    const p = [];
    for (let e = el; e && e !== root; e = e.parentElement) p.unshift(e);
    return p;
  };
  const olds = twin ? path(focused, body) : [];
  const news = twin ? path(twin, holder) : [];
  if (!twin || olds.length !== news.length || olds.some((o, i) => o.tagName !== news[i].tagName || o.id !== news[i].id)) {
    body.replaceChildren(...holder.childNodes);
    return;
  }
  let parentOld = body;
  let parentNew = holder;
  olds.forEach((kept, i) => {
    const fresh = news[i];
    for (const c of [...parentOld.childNodes]) if (c !== kept) c.remove();
    const kids = [...parentNew.childNodes];
    const at = kids.indexOf(fresh);
    for (const c of kids.slice(0, at)) parentOld.insertBefore(c, kept);
    for (const c of kids.slice(at + 1)) parentOld.append(c);
    copyAttributes(kept, fresh);
    parentOld = kept;
    parentNew = fresh;
  });
  if (focused.innerHTML !== twin.innerHTML) focused.replaceChildren(...twin.childNodes);
}

/** `el`'s attributes made `like`'s (the style through the CSSOM: the content security policy
 * refuses a style attribute set as such). */
function copyAttributes(el, like) {
  for (const a of [...el.attributes]) if (a.name !== 'style' && !like.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of [...like.attributes]) if (a.name !== 'style' && el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  if (el.style.cssText !== like.style.cssText) el.style.cssText = like.style.cssText;
}

function waitingPanel(s) {
  const open = s.seats.filter((x) => x.kind === 'open').map((x) => x.seat + 1);
  // A friend who does not come need not hold the table up: the host can start without them.
  const fill = ui.host && open.length ? h('button', {
    type: 'button',
    id: 'fill-open',
    onclick: async (ev) => {
      ev.target.disabled = true;
      try {
        for (const x of s.seats.filter((y) => y.kind === 'open')) {
          await api('POST', `/api/tables/${ui.code}/seats/${x.seat}/bot`, { host: ui.host });
        }
      } catch (e) {
        toast(sentence(e.message));
        ev.target.disabled = false;
      }
    },
  }, open.length > 1 ? 'Start now: computer players take the open seats' : 'Start now: a computer player takes the open seat') : null;
  return h('div', { class: 'panel waiting', id: 'waiting' },
    h('h2', {}, 'Waiting for players'),
    h('p', {}, open.length ? `Open seat${open.length > 1 ? 's' : ''}: ${open.join(', ')}. Send the invite link above; the game starts when every seat is taken.` : 'Every seat is taken: starting…'),
    fill,
    seatListForHost(s));
}

/** The host's seats: a person who left can be replaced (the seat opens again). */
function hostPanel(s) {
  const list = seatListForHost(s);
  if (!list || s.game_over) return null;
  return h('section', { class: 'panel host', 'aria-label': 'Seats (host)' }, h('h2', {}, 'Seats'), list);
}

function seatListForHost(s) {
  if (!ui.host) return null;
  const rows = s.seats.filter((x) => (x.kind === 'person' || x.kind === 'away') && x.seat !== s.seat);
  if (!rows.length) return null;
  return h('ul', { class: 'seat-list' }, rows.map((x) => h('li', {},
    // The felt's words for the same states: "Offline" (a computer plays after the grace),
    // "Away" (a computer plays now).
    `Seat ${x.seat + 1}: ${x.name || ''}${x.kind === 'away' ? ' (away: a computer plays)' : x.connected ? '' : ' (offline)'}`,
    h('button', {
      type: 'button',
      onclick: async () => {
        // One tap would put a friend out mid-game: asked first.
        const after = s.started ? 'A computer player takes it until someone sits there.' : 'It is open again for someone else to take.';
        if (!window.confirm(`Free seat ${x.seat + 1}${x.name ? ` (${x.name})` : ''}? ${after}`)) return;
        try {
          await api('POST', `/api/tables/${ui.code}/seats/${x.seat}/free`, { host: ui.host });
          toast(`Seat ${x.seat + 1} is open again`);
        } catch (e) {
          toast(sentence(e.message));
        }
      },
    }, 'Free this seat'),
    playNowButton(s, x))));
}

/** For the host, at a seat whose person is gone during the game: a computer plays for them now
 * rather than when their grace ends (they take the seat back by coming back). */
function playNowButton(s, x) {
  if (!ui.host || x.kind !== 'person' || x.connected || !s.started || s.game_over) return null;
  return h('button', {
    type: 'button',
    class: 'play-now',
    'data-seat': x.seat,
    onclick: async () => {
      try {
        await api('POST', `/api/tables/${ui.code}/seats/${x.seat}/away`, { host: ui.host });
        toast(`A computer plays for ${x.name || `seat ${x.seat + 1}`} until they come back`);
      } catch (e) {
        toast(sentence(e.message));
      }
    },
  }, 'Let a computer play now');
}

function infoBar(s) {
  const v = s.view || {};
  const bits = [];
  bits.push(h('span', { class: 'phase' }, s.game_over ? 'Game over' : PHASE_WORDS[v.phase] || v.phase || ''));
  bits.push(h('span', {}, `Deal ${dealLabel(s.deal_number)}`));
  if (v.trump) {
    const red = v.trump === 'H' || v.trump === 'D';
    bits.push(h('span', { class: `trump ${red ? 'red' : ''}`, id: 'trump' }, 'Trump: ', h('strong', {}, trumpName(v.trump))));
  }
  if (v.bid) bits.push(h('span', {}, `Bid: ${v.bid}`));
  if (v.declared) bits.push(h('span', {}, 'March declared'));
  if (s.seat === null || s.seat === undefined) bits.push(h('span', { class: 'badge' }, 'Watching'));
  return h('div', { class: 'info-bar' }, bits);
}

function felt(s) {
  const v = s.view || {};
  const n = s.seats.length;
  const tricks = (v.tricks || []).map(normTrick);
  const current = tricks.length ? tricks[tricks.length - 1] : null;
  const won = new Array(n).fill(0);
  for (const t of tricks) if (t.winner !== null && t.winner !== undefined) won[t.winner] += 1;
  const active = v.active || new Array(n).fill(true);

  // Who played which card of the trick on the table.
  const played = new Map();
  if (current) {
    let seat = current.leader;
    current.cards.forEach((c, i) => {
      if (i > 0) {
        let k = 0;
        do { seat = (seat + 1) % n; k += 1; } while (!active[seat] && k < n);
      }
      played.set(seat, c);
    });
  }

  const seatsEls = [];
  for (let seat = 0; seat < n; seat++) {
    const pos = position(s, seat);
    const info = s.seats[seat] || {};
    const badges = [];
    if (v.dealer === seat) badges.push(h('span', { class: 'badge dealer', title: 'Dealer' }, 'Dealer'));
    if (v.maker === seat) {
      // In an auction the highest bidder so far is not the maker yet.
      const label = v.phase === 'auction' ? `High bid ${v.bid}` : v.bid ? `Maker, bid ${v.bid}` : 'Maker';
      badges.push(h('span', { class: 'badge maker' }, label));
    }
    if (v.maker === seat && v.maker_alone) badges.push(h('span', { class: 'badge alone' }, 'Alone'));
    if (v.lone_defender === seat) badges.push(h('span', { class: 'badge alone' }, 'Defends alone'));
    if (!active[seat]) badges.push(h('span', { class: 'badge out' }, v.phase === 'stay_fold' || n !== 4 || s.family !== 'four-handed' ? 'Out' : 'Sits out'));
    if (info.kind === 'away') badges.push(h('span', { class: 'badge away', title: 'A computer plays for them until they come back' }, 'Away'));
    else if (info.kind === 'person' && !info.connected) {
      badges.push(h('span', { class: 'badge away', title: 'Lost the connection: a computer plays for them if they do not come back in time' }, 'Offline', standInLeft(seat) === null ? null : [' · ', countdown(seat)]));
      badges.push(playNowButton(s, info));
    }
    if (info.kind === 'open') badges.push(h('span', { class: 'badge away' }, 'Open'));
    const toAct = v.to_act === seat && !s.game_over && s.started;
    const size = v.hand_sizes ? v.hand_sizes[seat] : 0;
    const exposed = v.exposed && v.exposed[0] === seat ? v.exposed[1] : null;
    const shown = v.shown && v.shown[seat] && v.shown[seat].length ? v.shown[seat] : null;
    let cardsRow = null;
    if (seat !== s.seat || s.seat === null) {
      if (exposed || shown) {
        cardsRow = h('div', { class: 'mini-hand faceup' }, (exposed || shown).map((c) => {
          const act = nameActionFor(s, c);
          if (act) {
            // A second way to the `name` buttons of the action bar: click the card itself.
            return h('button', { type: 'button', class: `card-btn small legal${isHinted(act) ? ' hinted' : ''}`, 'aria-label': hintedLabel(actionLabel(act, v), isHinted(act)), dataset: { key: `named:${act}`, alt: act }, onclick: () => actClick(act) }, cardFace(c, 'small'));
          }
          return h('span', { role: 'img', 'aria-label': cardName(c) }, cardFace(c, 'small'));
        }));
      } else if (s.seat !== seat) {
        // The backs are pictures (aria-hidden): the count in words for screen readers.
        cardsRow = h('div', { class: 'mini-hand' }, h('span', { class: 'sr-only' }, `${size} card${size === 1 ? '' : 's'}`), Array.from({ length: Math.min(size, 8) }, () => cardFace(null, 'tiny')));
      }
    }
    seatsEls.push(h('section', {
      class: `seat pos-${pos}${toAct ? ' to-act' : ''}${seat === s.seat ? ' me' : ''}${active[seat] ? '' : ' inactive'}`,
      'aria-label': `${seatName(s, seat)}${toAct ? ', to act' : ''}`,
      dataset: { seat },
    },
    h('div', { class: 'seat-head' },
      // A computer player's seat number is kept whole: only its name is cut on a narrow seat.
      info.kind === 'bot' && s.seat !== seat
        ? [h('span', { class: 'seat-name', title: seatName(s, seat) }, info.name), h('span', { class: 'seat-no-tag' }, `seat ${seat + 1}`)]
        : h('span', { class: 'seat-name', title: seatName(s, seat) }, seatName(s, seat)),
      toAct ? h('span', { class: 'turn-dot', 'aria-hidden': 'true' }, '●') : null),
    h('div', { class: 'badges' }, badges, h('span', { class: 'tricks-won', title: 'Tricks won' }, `Tricks ${won[seat]}`)),
    cardsRow));
  }

  // The middle: the trick, or the upcard during the bidding.
  const middle = [];
  if (current && current.cards.length) {
    for (const [seat, c] of played) {
      const win = current.winner === seat;
      middle.push(h('div', { class: `played at-${position(s, seat)}${win ? ' winner' : ''}`, role: 'img', 'aria-label': `${seatName(s, seat)}: ${cardName(c)}${win ? ', takes the trick' : ''}` }, cardFace(c)));
    }
    const note = current.winner !== null && current.winner !== undefined
      ? `${seatName(s, current.winner)} take${current.winner === s.seat ? '' : 's'} the trick`
      : `${seatName(s, current.leader)} led`;
    middle.push(h('p', { class: 'trick-note' }, note));
  } else if (v.upcard && ['bidding1', 'bidding2', 'blind_loner', 'blind_shout', 'farmers', 'farmers_swap', 'stay_fold'].includes(v.phase)) {
    const down = v.phase === 'bidding2';
    middle.push(h('div', { class: `upcard${down ? ' turned-down' : ''}`, role: 'img', 'aria-label': `${down ? 'Turned down' : 'Upcard'}: ${cardName(v.upcard)}` },
      cardFace(v.upcard), h('span', { class: 'upcard-label' }, down ? 'turned down' : 'upcard')));
  } else if (v.phase === 'done' || s.game_over) {
    middle.push(h('p', { class: 'trick-note big' }, s.game_over ? gameOverWords(s) : 'Deal over'));
  }
  return h('div', { class: `felt seats-${n}`, id: 'felt' }, seatsEls, h('div', { class: 'middle', 'aria-live': 'off' }, middle));
}

/** "You won the game 10 to 7": the winner's score first. */
function gameOverWords(s) {
  if (s.winner === null || s.winner === undefined) return 'Game over';
  if (s.family === 'four-handed') {
    const by = s.scores && s.scores.length === 2 ? ` ${s.scores[s.winner]} to ${s.scores[1 - s.winner]}` : '';
    if (s.seat !== null && s.seat !== undefined) return s.winner === s.seat % 2 ? `You won the game${by}` : `They won the game${by}`;
    return `${teamName(s, s.winner)} won the game${by}`;
  }
  if (s.winner === s.seat) return 'You won the game';
  const won = `${seatName(s, s.winner)} won the game`;
  if (s.seat === null || s.seat === undefined) return won;
  // Places shared by equal scores; the winner is first whatever the tie.
  const place = 1 + standings(s).filter((i) => i !== s.seat && (i === s.winner || better(s, i, s.seat))).length;
  return `${won}; you finished ${ordinal(place)} of ${s.scores.length}`;
}

/** Whether player `a`'s score is better than `b`'s: nearer 0 in the games raced down to it. */
function better(s, a, b) {
  const down = s.family === 'bid-euchre' || s.family === 'set-back';
  return down ? s.scores[a] < s.scores[b] : s.scores[a] > s.scores[b];
}

/** The individual games' players in order of standing, the winner first. */
function standings(s) {
  return s.scores.map((_, i) => i).sort((a, b) => {
    if (a === s.winner || b === s.winner) return a === s.winner ? -1 : 1;
    return better(s, a, b) ? -1 : better(s, b, a) ? 1 : a - b;
  });
}

const ordinal = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

function finalScoreWords(s) {
  if (s.family === 'four-handed') return `Final score: ${teamName(s, 0)} ${signed(s.scores[0])}, ${teamName(s, 1)} ${signed(s.scores[1])}`;
  // In order of standing, as a player reads a table of results.
  const order = s.winner === null || s.winner === undefined ? s.scores.map((_, i) => i) : standings(s);
  return `Final standings: ${order.map((i) => `${seatName(s, i)} ${signed(s.scores[i])}`).join(', ')}`;
}

/** The `name X` decision for a card of the jambone hand, if it is one of mine now. */
function nameActionFor(s, card) {
  if (!s.legal) return null;
  const a = `name ${card}`;
  return s.legal.includes(a) ? a : null;
}

/** The decision the hint shown names as best (drawn with a "hint" badge). */
function isHinted(action) {
  return !!(ui.hint && !ui.hint.loading && !ui.hint.error && ui.hint.best === action);
}

/** A control's accessible name, saying it is the hint's choice: the badge is only drawn. */
function hintedLabel(label, hinted) {
  return hinted ? `${label} (hint)` : label;
}

function actClick(action) {
  if (!myTurn()) return;
  act(action);
}

/** My cards, sorted, the legal ones clickable. */
function handArea(s) {
  const v = s.view || {};
  if (s.seat === null || s.seat === undefined) return h('div', { class: 'hand-area spectator' }, h('p', {}, 'You are watching: the hands are hidden.'));
  // The hand keeps its height through the game so that it never moves under a finger; once the
  // game is over with every card played, that height would only be an empty band.
  if (s.game_over && !(v.hand && v.hand.length)) return null;
  const hand = sortHand(v.hand || [], v.trump);
  const legal = s.legal || [];
  // Each card of the hand to the one decision naming it (a card named twice is left to buttons).
  const byCard = new Map();
  const twice = new Set();
  for (const a of legal) {
    const oc = actionCard(a);
    if (!oc || oc.verb === 'name') continue;
    if (byCard.has(oc.card)) twice.add(oc.card);
    byCard.set(oc.card, a);
  }
  for (const c of twice) byCard.delete(c);
  const mine = myTurn();
  // The hand is one tab stop: the first card to play, else the first card.
  const first = Math.max(0, hand.findIndex((c) => byCard.has(c)));
  const cards = hand.map((c, i) => {
    const a = byCard.get(c);
    const ok = !!a && mine;
    const hinted = !!a && isHinted(a);
    return h('button', {
      type: 'button',
      class: `card-btn${a ? ' legal' : ''}${hinted ? ' hinted' : ''}`,
      'aria-label': a ? hintedLabel(actionLabel(a, v), hinted) : cardName(c),
      'aria-disabled': ok ? 'false' : 'true',
      tabindex: i === first ? 0 : -1,
      dataset: { key: `card:${c}`, card: c, action: a || '', legal: a ? '1' : '' },
      onclick: cardPressed,
    }, cardFace(c));
  });
  const prompt = handPrompt(s, byCard);
  return h('div', { class: 'hand-area' },
    prompt ? h('p', { class: 'prompt', id: 'prompt' }, prompt) : null,
    h('div', { class: `hand${byCard.size ? ' choosing' : ''}`, id: 'hand', role: 'toolbar', 'aria-label': 'Your hand', style: { '--n': Math.max(hand.length, 5) }, onkeydown: rovingKeys }, cards));
}

/** A card of the hand pressed: played when it is a decision now, else why not. Read from the
 * button and the state shown when it is pressed: a button may outlive the state it was drawn
 * for (replaceKeepingFocus). */
function cardPressed(ev) {
  const b = ev.currentTarget;
  const a = b.dataset.action;
  const c = b.dataset.card;
  const v = (ui.shown && ui.shown.view) || {};
  if (!myTurn()) return;
  if (a) {
    act(a);
  } else if (v.phase === 'play') {
    const cur = v.tricks && v.tricks.length ? normTrick(v.tricks[v.tricks.length - 1]) : null;
    const open = cur && cur.cards.length && (cur.winner === null || cur.winner === undefined);
    const leadCard = open ? cur.cards[0] : null;
    const why = leadCard ? `: follow ${suitWord(effectiveSuit(leadCard, v.trump))}` : '';
    toast(`${cardName(c)} can't be played now${why}`);
  }
}

function handPrompt(s, byCard) {
  if (s.game_over) return null;
  if (!s.started) return 'Waiting for players…';
  if (ui.note && !(s.legal && s.legal.length && !onlyPass(s))) return ui.note;
  if (!(s.legal && s.legal.length)) {
    const waiting = s.view ? s.view.to_act : null;
    if (waiting === null || waiting === undefined) return null;
    if (standInLeft(waiting) !== null) {
      return [`Waiting for ${seatName(s, waiting)}, who lost the connection: a computer plays for them in `, countdown(waiting), ' unless they come back.'];
    }
    return `Waiting for ${seatName(s, waiting)}…`;
  }
  if (onlyPass(s)) return 'Your turn: nothing to choose here, so you pass.';
  if (ui.pending) return 'Sending…';
  if (!connected()) return 'Your turn, once the connection is back: reconnecting…';
  if (ui.queue.length) return null;
  const verbs = new Set([...byCard.values()].map((a) => actionCard(a).verb));
  if (verbs.has('play')) return 'Your turn: play a card';
  if (verbs.has('discard')) return 'Your turn: choose a card to discard';
  if (verbs.has('exchange')) return 'Your turn: choose a card to pass to your partner';
  if (verbs.has('give')) return 'Your turn: choose a card to give back';
  if (s.legal.some((a) => a.startsWith('name '))) return 'Your turn: name a card of the jambone hand';
  const has = (w) => s.legal.some((a) => a === w || a.startsWith(`${w} `));
  const v = s.view || {};
  const orPass = (what) => `Your turn: ${what}${has('pass') ? ', or pass' : ''}`;
  if (has('bid')) return orPass('bid');
  if (has('order')) {
    // Canadian: the dealer's partner orders up only alone. Said, as the missing choice is.
    const aloneOnly = !s.legal.includes('order') && s.legal.includes('order alone');
    const dealersPartner = s.seats && s.seats[v.dealer] && s.seats[v.dealer].partner === s.seat;
    const why = aloneOnly && dealersPartner ? " (by these rules the dealer's partner orders up only alone)" : aloneOnly ? ' (only alone, by these rules)' : '';
    return `${orPass(v.dealer === s.seat ? 'pick it up' : 'order it up')}${why}`;
  }
  if (has('call') || has('trump')) return orPass('name trump');
  if (has('stay') || has('fold')) return 'Your turn: stay in, or fold';
  if (has('blind')) return orPass('go alone blind');
  if (has('farmers')) return orPass("call a farmer's hand");
  if (has('swap')) return "Your turn: choose the three cards to swap";
  if (has('jamboree')) return orPass('show a jamboree');
  if (has('claim')) return orPass('claim a renege');
  if (has('subtract')) return "Your turn: score your points, or take them off the other side's";
  if (has('declare')) return orPass('declare');
  if (v.phase === 'defend_alone') return 'Your turn: defend alone, or with your partner';
  if (has('jambone')) return 'Your turn: play jambone, or with your partner';
  if (has('alone') || has('partner')) return 'Your turn: go alone, or play with your partner';
  return 'Your turn: choose below';
}

/** Arrow keys move along a row of buttons (cards or decisions); Home/End to its ends. */
function rovingKeys(ev) {
  const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
  if (!keys.includes(ev.key)) return;
  const items = [...ev.currentTarget.querySelectorAll('button')];
  const i = items.indexOf(document.activeElement);
  if (i < 0) return;
  let j = i;
  if (ev.key === 'ArrowLeft' || ev.key === 'ArrowUp') j = (i - 1 + items.length) % items.length;
  else if (ev.key === 'ArrowRight' || ev.key === 'ArrowDown') j = (i + 1) % items.length;
  else if (ev.key === 'Home') j = 0;
  else j = items.length - 1;
  ev.preventDefault();
  items.forEach((b, k) => b.setAttribute('tabindex', k === j ? '0' : '-1'));
  items[j].focus();
}

/** Every legal decision that is not a card of the hand, as a button in words. */
function actionBar(s) {
  const v = s.view || {};
  if (s.seat === null || s.seat === undefined) return null;
  const hand = new Set(v.hand || []);
  const legal = s.legal || [];
  const inHand = new Map();
  for (const a of legal) {
    const oc = actionCard(a);
    if (oc && oc.verb !== 'name' && hand.has(oc.card)) inHand.set(oc.card, (inHand.get(oc.card) || 0) + 1);
  }
  // A pass taken for the person is no button to press.
  const buttons = onlyPass(s) ? [] : legal.filter((a) => {
    const oc = actionCard(a);
    return !(oc && oc.verb !== 'name' && hand.has(oc.card) && inHand.get(oc.card) === 1);
  });
  const mine = myTurn();
  const row = buttons.map((a, i) => h('button', {
    type: 'button',
    class: `action${a === 'pass' ? '' : ' primary'}${isHinted(a) ? ' hinted' : ''}`,
    // The hint's badge is drawn: its name says it too.
    'aria-label': isHinted(a) ? hintedLabel(actionLabel(a, v), true) : null,
    // Unavailable while the choice is on its way, not `disabled`: a disabled button cannot
    // keep the focus, which would fall to the page after every bid (a11y s50, 1).
    'aria-disabled': mine ? null : 'true',
    tabindex: i === 0 ? 0 : -1,
    dataset: { key: `act:${a}`, action: a, legal: '1' },
    'aria-keyshortcuts': ui.shortcuts && i < 9 ? String(i + 1) : null,
    onclick: (ev) => actClick(ev.currentTarget.dataset.action),
  }, ui.shortcuts && i < 9 ? h('kbd', { 'aria-hidden': 'true' }, String(i + 1)) : null, actionLabel(a, v)));
  const tools = h('div', { class: 'tools' },
    s.game_over ? null : h('button', { type: 'button', id: 'hint-btn', disabled: !mine, onclick: askHint, 'aria-keyshortcuts': ui.shortcuts ? '?' : null }, 'Hint'),
    ui.lastResult && ui.seat !== null ? h('button', { type: 'button', id: 'review-btn', onclick: () => { const d = lastFinishedDeal(); if (d !== null) requestReview(d, '#review-btn'); renderTable(); } }, 'Review last deal') : null);
  return h('div', { class: 'action-bar' },
    row.length ? h('div', { class: 'actions', id: 'actions', role: 'toolbar', 'aria-label': 'Your decisions', onkeydown: rovingKeys }, row) : null,
    tools);
}

function lastFinishedDeal() {
  const s = ui.shown;
  if (!s) return null;
  if (s.view && s.view.phase === 'done') return s.deal_number;
  return s.deal_number > (ui.zeroBased ? 0 : 1) ? s.deal_number - 1 : null;
}

function askHint() {
  if (!myTurn()) return;
  ui.hintWanted = true;
  ui.hint = { loading: true };
  send({ type: 'hint' });
  renderTable();
}

function scorePanel(s) {
  const n = s.seats.length;
  // The label says what a press does, so no aria-pressed besides ("Show numbers, pressed").
  const toggle = h('button', {
    type: 'button',
    id: 'markers-btn',
    class: 'link',
    onclick: () => { ui.markers = !ui.markers; storageSet('euchre:markers', ui.markers); renderTable(); },
  }, ui.markers ? 'Show numbers' : 'Show markers');
  const target = s.target;
  const rows = [];
  if (s.family === 'four-handed') {
    for (const team of [s.seat !== null && s.seat !== undefined ? s.seat % 2 : 0]) {
      for (const t of [team, 1 - team]) rows.push(scoreRow(teamName(s, t), s.scores[t], target, t));
    }
  } else {
    for (let seat = 0; seat < n; seat++) rows.push(scoreRow(seatName(s, seat), s.scores[seat], target, seat));
  }
  return h('section', { class: 'panel score', 'aria-label': 'Score', id: 'score' },
    h('div', { class: 'panel-head' }, h('h2', {}, 'Score'), toggle),
    h('p', { class: 'target' }, targetWords(s)),
    rows);
}

/** How the game ends: "Game to 10", "One deal" (a game of a fixed number of deals, the
 * server's `deals`), "Race down to 0 from 32". */
function targetWords(s) {
  const deals = typeof s.deals === 'number' ? s.deals : 0;
  if (deals > 0 && !(s.target > 0)) return deals === 1 ? 'One deal' : `${deals} deals`;
  if (s.family === 'four-handed' || s.family === 'three-handed') return `Game to ${s.target}`;
  return `Race down to 0${s.target ? ` from ${s.target}` : ''}`;
}

function scoreRow(name, score, target, index) {
  // The markers are pictures: their number is in words for screen readers.
  const value = ui.markers ? [h('span', { class: 'sr-only' }, String(score)), markers(score, target, index)] : h('span', { class: 'score-num' }, signed(score));
  return h('div', { class: 'score-row' }, h('span', { class: 'score-name' }, name), value);
}

/** The score as markers: one pip per point, in fives, as the traditional counting cards show it. */
function markers(score, target, index) {
  const total = Math.max(target || 10, Math.abs(score), 1);
  const pips = [];
  for (let i = 0; i < Math.min(total, 40); i++) {
    pips.push(h('span', { class: `marker${i < Math.abs(score) ? ' on' : ''}${score < 0 ? ' neg' : ''}${i % 5 === 4 ? ' gap' : ''} team${index % 2}` }));
  }
  return h('span', { class: 'markers', 'aria-hidden': 'true' }, pips);
}

/** A panel's Close: the keyboard focus goes back to `back` (a selector list: the first of them
 * on the page, in its order), the control that opened the panel, rather than to the page's top. */
function closeButton(id, back, close) {
  return h('button', { type: 'button', class: 'link', id, onclick: () => { close(); ui.focusNext = back; renderTable(); } }, 'Close');
}

function resultPanel() {
  if (!ui.lastResult || ui.resultClosed) return null;
  return h('section', { class: 'panel result', id: 'last-result', 'aria-label': 'Last deal' },
    h('div', { class: 'panel-head' }, h('h2', {}, 'Last deal'), closeButton('result-close', '#markers-btn', () => { ui.resultClosed = true; saveLog(); })),
    h('p', {}, ui.lastResult));
}

/** A share (0 to 1) in whole percent. */
function percent(p) {
  return `${Math.round(p * 100)}%`;
}

/** Making trump and being euchred, in whole percent adding up to their sum's (the terminal
 * game's `percents_of_a_sum`): each rounded down, and the points the sum's rounding asks for
 * given to the larger remainder, so an order up, which always makes trump, says 37% and 63%,
 * not 37% and 64%. A march is a make: never said more often than one. */
function makeMarchEuchred(make, march, euchred) {
  const a = make * 100;
  const b = euchred * 100;
  let pa = Math.floor(a);
  let pb = Math.floor(b);
  const short = Math.round(a + b) - pa - pb;
  if (short >= 2) { pa += 1; pb += 1; }
  else if (short === 1 && a - Math.floor(a) >= b - Math.floor(b)) pa += 1;
  else if (short === 1) pb += 1;
  return [pa, Math.min(Math.round(march * 100), pa), pb];
}

/** True where a hint's choices are explained in words: every decision before the play (the
 * bidding, the dealer's discard, going alone); in the play each card shows its value only. */
function explainsBids(v) {
  return !!v && v.phase !== 'play';
}

/** What the player behind hints expects of a choice, in words: "make 72% · march 18% ·
 * euchred 11% · game +3.1%" for your side making trump; "they make 64%" where the other side
 * may make it, with how often they march and are euchred ("we euchre") when only they make it
 * (defending). '' for a player that does not explain itself. */
function outlookWords(c) {
  if (typeof c.make !== 'number') return '';
  const ours = c.make + c.euchred >= 0.005;
  const theirs = c.they_make + c.they_euchred >= 0.005;
  const parts = [];
  if (ours || !theirs) {
    const [make, march, euchred] = makeMarchEuchred(c.make, c.march, c.euchred);
    parts.push(`make ${make}%`, `march ${march}%`, `euchred ${euchred}%`);
  }
  if (theirs && ours) parts.push(`they make ${percent(c.they_make)}`);
  else if (theirs) {
    const [make, march, euchred] = makeMarchEuchred(c.they_make, c.they_march, c.they_euchred);
    parts.push(`they make ${make}%`, `they march ${march}%`, `we euchre ${euchred}%`);
  }
  if (typeof c.win_change === 'number') parts.push(gameWords(c.win_change));
  // Each part kept on one line when the panel wraps.
  return parts.map((p) => p.replace(/ /g, '\u00a0')).join(' · ');
}

/** A change in the chance of winning the game, in words: "game +3.1%", "game ±0.0%". */
function gameWords(change) {
  const pts = change * 100;
  return `game ${pts >= 0.05 ? '+' : pts <= -0.05 ? '−' : '±'}${Math.abs(pts).toFixed(1)}%`;
}

function hintPanel(s) {
  if (!ui.hint) return null;
  const v = s.view || {};
  let inner;
  if (ui.hint.loading) inner = h('p', {}, 'Thinking…');
  else if (ui.hint.error) inner = h('p', { class: 'error' }, ui.hint.error);
  else {
    // The player's own order: by the chance of winning the game where it gives one.
    const key = (c) => (typeof c.win === 'number' ? c.win : c.value);
    const choices = [...(ui.hint.choices || [])].sort((a, b) => key(b) - key(a) || b.value - a.value);
    const explain = explainsBids(v);
    // In the play a card shows its change in the game's chance where that order puts a card
    // of fewer points above one of more (near the end of a game a card can be worth fewer
    // points and more of the game), so that the order is explained.
    const pointsOutOfOrder = choices.some((c, k) => choices.slice(k + 1).some((d) => d.value > c.value + 0.005));
    const playWords = (c) => (pointsOutOfOrder && typeof c.win_change === 'number' ? gameWords(c.win_change) : '');
    const cell = (c) => {
      const why = explain ? outlookWords(c) : playWords(c);
      return h('td', {}, actionLabel(c.action, v), why ? h('span', { class: 'why' }, why) : null);
    };
    // In the games raced down to 0 a deal adds points to a score, and fewer are better: the
    // hint's values are points gained toward 0 against the others (higher is better), which
    // the log's "(+5)" added to a score would otherwise seem to contradict.
    const down = s.family === 'bid-euchre' || s.family === 'set-back';
    // The choices the search could not tell from its own are named with it, so that a close
    // call does not read as a clear one.
    const about = choices.filter((c) => c.close && c.action !== ui.hint.best).map((c) => actionLabel(c.action, v));
    inner = [
      h('p', {}, 'Best: ', h('strong', {}, actionLabel(ui.hint.best, v)),
        about.length ? h('span', { class: 'about-as-good' }, ` · about as good: ${about.join(', ')}`) : null),
      choices.length ? h('table', { class: 'values' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Choice'), h('th', {}, down ? 'Expected gain toward 0' : 'Expected points'))),
        h('tbody', {}, choices.map((c) => h('tr', { class: c.action === ui.hint.best ? 'best' : '' }, cell(c), h('td', { class: 'num' }, signed(c.value.toFixed(2))))))) : null,
      explain && choices.some((c) => outlookWords(c)) ? h('p', { class: 'muted about', id: 'hint-key' }, 'Chances after each choice: make, your side makes trump and takes the tricks it needs; march, takes every trick; euchred, falls short; they make, the other side makes trump (we euchre: it falls short). Game: your chance of winning the game after this choice, less your chance as the deal began (so the best choice of a weak hand may show a loss).') : null,
      !explain && choices.some((c) => playWords(c)) ? h('p', { class: 'muted about', id: 'hint-key' }, 'Game: your chance of winning the game after this card, less your chance as the deal began. The cards are listed by it: here a card worth fewer points does more for the game.') : null,
    ];
  }
  return h('section', { class: 'panel hint', id: 'hint-panel', 'aria-label': 'Hint' },
    h('div', { class: 'panel-head' }, h('h2', {}, 'Hint'), closeButton('hint-close', '#hint-btn:not(:disabled), #markers-btn', () => { ui.hint = null; })), inner);
}

function reviewPanel(s) {
  const r = ui.review;
  if (!r) return null;
  let inner;
  if (r.loading) inner = h('p', {}, ui.ws && ui.ws.readyState === WebSocket.OPEN ? 'Analysing your decisions…' : 'Analysing your decisions… (asked again once the connection is back)');
  else if (r.error) {
    inner = [h('p', { class: 'error' }, r.error),
      h('p', {}, h('button', { type: 'button', id: 'review-retry', onclick: () => { const from = ui.reviewFrom; requestReview(r.deal, from); ui.focusNext = `${from || '#review-btn'}, #review-btn, #markers-btn`; renderTable(); } }, 'Try again'))];
  } else if (!r.decisions || !r.decisions.length) inner = h('p', {}, 'You made no decision in that deal.');
  else {
    const lost = r.decisions.reduce((a, d) => a + (d.loss || 0), 0);
    // Bids are worded as in the reviewed deal, whose dealer the review names.
    const view = { ...s.view, dealer: r.dealer };
    inner = [
      h('p', {}, lost > 0.005 ? `Your decisions cost ${lost.toFixed(2)} expected points.` : 'Every decision was the best one found.'),
      h('ol', { class: 'review-list' }, r.decisions.map((d) => h('li', { class: d.loss > 0.005 ? 'mistake' : 'good' },
        d.loss > 0.005
          ? `${actionLabel(d.action, view)}: better was ${actionLabel(d.best, view)} (−${d.loss.toFixed(2)}${typeof d.win_difference === 'number' ? `; ${gameWords(d.win_difference)}` : ''}${d.close ? '; close, within the noise of the search' : ''})`
          : `${actionLabel(d.action, view)}: best`))),
      r.unjudged ? h('p', { class: 'muted' }, `${r.unjudged} decision${r.unjudged > 1 ? 's' : ''} not judged.`) : null,
    ];
  }
  return h('section', { class: 'panel review', id: 'review-panel', 'aria-label': 'Review' },
    h('div', { class: 'panel-head' }, h('h2', {}, `Review of deal ${dealLabel(r.deal)}`), closeButton('review-close', `${ui.reviewFrom || '#review-btn'}, #review-btn, #markers-btn`, () => { ui.review = null; ui.reviewFrom = null; })), inner);
}

/** The last deal played before the person took their seat (0: held from the start). */
function heldFrom(s) {
  const mine = s && s.seats && ui.seat !== null && ui.seat !== undefined ? s.seats[ui.seat] : null;
  return (mine && mine.held_from) || 0;
}

function logPanel(s) {
  const entries = [...ui.logs.values()];
  const keys = [...ui.logs.keys()];
  const blocks = entries.map((e, i) => {
    const body = logLines(s, e);
    if (e.result) body.push(h('li', { class: 'result-line' }, e.result));
    // Any finished deal the person played can be reviewed from its part of the log, not only
    // the last; those played before they took the seat are another's (the server refuses them).
    if (e.result && ui.seat !== null && ui.seat !== undefined && e.deal > heldFrom(s)) body.push(h('li', { class: 'review-line' }, reviewDealButton(e.deal)));
    // The deal in play is open, the others closed, unless the person opened or closed one.
    const key = keys[i];
    const open = ui.logOpen.has(key) ? ui.logOpen.get(key) : i === entries.length - 1;
    const details = h('details', { open }, h('summary', { dataset: { key: `log:${key}` } }, `Deal ${dealLabel(e.deal)}${e.outcome ? `: ${e.outcome}` : ''}`), h('ol', { class: 'log-list', dataset: { scroll: `log:${key}` } }, body));
    // Drawn open also fires a toggle: only a change from what was drawn is the person's. The
    // event comes a moment later, perhaps after a redraw: the new drawing is then told too.
    details.addEventListener('toggle', () => {
      if (details.open === open && !ui.logOpen.has(key)) return;
      ui.logOpen.set(key, details.open);
      const now = document.querySelector(`#log [data-key="log:${CSS.escape(key)}"]`);
      if (now && now.parentElement !== details) now.parentElement.open = details.open;
    });
    return details;
  });
  return h('section', { class: 'panel log', id: 'log', 'aria-label': 'Game log' }, h('h2', {}, 'Game log'), blocks.length ? blocks : h('p', { class: 'muted' }, 'Nothing yet.'));
}

/** "Review deal 3" in the log: asks for that deal's review (the keyboard focus stays on it, as
 * on "Review last deal"). */
function reviewDealButton(deal) {
  return h('button', { type: 'button', class: 'link review-deal', id: `review-deal-${deal}`, onclick: () => { requestReview(deal, `#review-deal-${deal}`); renderTable(); } }, `Review deal ${dealLabel(deal)}`);
}

/** The keyboard's shortcuts, and the switch that turns the single-key ones off. */
function keysPanel() {
  const box = h('input', {
    type: 'checkbox',
    id: 'shortcuts',
    checked: ui.shortcuts,
    onchange: (ev) => {
      ui.shortcuts = ev.target.checked;
      storageSet('euchre:shortcuts', ui.shortcuts ? null : false);
      renderTable();
    },
  });
  const keys = [
    ['1 to 9', 'the decision of that number'],
    ['?', 'a hint'],
    ['C', 'to your hand'],
    ['A', 'to the decisions'],
    ['M', 'markers or numbers in the score'],
  ];
  // Open or closed as the person left it, through every redraw.
  const details = h('details', { class: 'panel keys', id: 'keys', open: ui.keysOpen },
    h('summary', { dataset: { key: 'keys' } }, 'Keyboard'),
    h('p', {}, 'Tab moves between the parts of the page, the arrow keys within your hand and the decisions, Enter or Space takes one.'),
    h('label', { class: 'switch' }, box, ' Single-key shortcuts'),
    h('ul', { class: ui.shortcuts ? 'key-list' : 'key-list muted' }, keys.map(([k, what]) => h('li', {}, h('kbd', {}, k), ` ${what}`))));
  details.addEventListener('toggle', () => { ui.keysOpen = details.open; });
  return details;
}

/** A deal's decisions in words, the cards gathered into their tricks. */
function logLines(s, entry) {
  const tricks = (entry.tricks || []).map(normTrick);
  const lines = [];
  let ti = 0;
  let trick = [];
  // The names kept with the log (whoever sat there then), else today's.
  const who = (i, seat) => (entry.who && typeof entry.who[i] === 'string' ? entry.who[i] : seatName(s, seat));
  const flush = (closed) => {
    const t = tricks[ti];
    let end = '';
    if (closed && t && t.winner !== null && t.winner !== undefined) {
      const winner = entry.won && typeof entry.won[ti] === 'string' ? entry.won[ti] : seatName(s, t.winner);
      end = `; ${winner} take${winner === 'You' ? '' : 's'} it`;
    }
    lines.push(h('li', { class: 'trick-line' }, `Trick ${ti + 1}: ${trick.join(', ')}${end}`));
  };
  // Seats changing hands, told where they did (before the decision of their place), from the
  // server's record.
  const changes = Array.isArray(entry.changes) ? entry.changes : [];
  const noteLines = (from, to) => changes.filter((c) => c.decisions >= from && c.decisions < to).map((c) => h('li', { class: 'seat-line' }, `${seatChangeWords(c)}.`));
  for (const [i, [seat, action]] of entry.history.entries()) {
    lines.push(...noteLines(i, i + 1));
    const oc = actionCard(action);
    const name = who(i, seat);
    // A card of a jambone hand is told as its naming: it counts as that trick's card.
    if (oc && (oc.verb === 'play' || oc.verb === 'name')) {
      trick.push(oc.verb === 'play' ? `${name} ${cardShort(oc.card)}` : `${cardShort(oc.card)} named by ${name}`);
      const t = tricks[ti];
      if (t && trick.length >= t.cards.length && t.winner !== null && t.winner !== undefined) {
        flush(true);
        trick = [];
        ti += 1;
      }
      continue;
    }
    lines.push(h('li', {}, actionSentence(name, action, entry.upcard, entry.dealer === seat)));
  }
  if (trick.length) flush(false);
  lines.push(...noteLines(entry.history.length, Infinity));
  return lines;
}

function downloadsPanel(s) {
  if (!s.game_over) return null;
  const links = [];
  if (s.family === 'four-handed') links.push(h('a', { href: `/api/tables/${ui.code}/game.egn`, download: `euchre-${ui.code}.egn`, id: 'download-egn' }, 'Game as EGN'));
  links.push(h('a', { href: `/api/tables/${ui.code}/game.json`, download: `euchre-${ui.code}.json`, id: 'download-json' }, 'Game record (JSON)'));
  return h('section', { class: 'panel downloads', id: 'game-over', 'aria-label': 'Game over' },
    h('h2', {}, gameOverWords(s)),
    h('p', {}, finalScoreWords(s)),
    h('ul', { class: 'links' }, links.map((a) => h('li', {}, a))),
    nextGameControl(s),
    h('p', {}, h('a', { href: '/' }, 'Set up a new table')));
}

/** The company's next game: the host, or any person seated, opens it (same rules, computer
 * players, seats); then everyone is offered it and taken back to the seat they had. */
function nextGameControl(s) {
  if (s.next_table && (s.seat === null || s.seat === undefined)) {
    // A spectator is told of the next game once it has begun: to watch on.
    return h('p', {}, h('button', { type: 'button', class: 'primary', id: 'next-game', onclick: (ev) => { ev.target.disabled = true; go(`/t/${s.next_table}?watch=1`); } },
      'Watch the next game'));
  }
  if (s.next_table) {
    return h('p', {}, h('button', { type: 'button', class: 'primary', id: 'next-game', onclick: (ev) => { ev.target.disabled = true; goNextGame(s.next_table); } },
      'Next game: take your seat'));
  }
  if (!ui.host && !ui.token) return null;
  return h('p', {}, h('button', {
    type: 'button',
    class: 'primary',
    id: 'play-again',
    onclick: async (ev) => {
      ev.target.disabled = true;
      try {
        const r = await api('POST', `/api/tables/${ui.code}/again`, ui.host ? { host: ui.host } : { seat_token: ui.token });
        // Opened by the host, the new table is held by the same host token; by a person
        // seated, by a new one of theirs.
        storageSet(`euchre:${r.code}`, { seat: null, token: null, host: r.host || ui.host });
        await goNextGame(r.code);
      } catch (e) {
        toast(sentence(e.message));
        ev.target.disabled = false;
      }
    },
  }, 'Play again: same rules and seats'));
}

/** Takes the seat of the same number at the next game's table under the same name, and opens
 * it; if that fails (taken, a name to give), its invite page instead. */
async function goNextGame(next) {
  const prior = storageGet(`euchre:${next}`) || {};
  if (prior.token) return go(`/t/${next}`);
  const name = storageGet('euchre:name');
  if (ui.seat !== null && ui.seat !== undefined) {
    try {
      const claim = await api('POST', `/api/tables/${next}/seats/${ui.seat}`, name ? { name } : {});
      storageSet(`euchre:${next}`, { seat: claim.seat ?? ui.seat, token: claim.token, host: prior.host || null });
    } catch {
      // The invite page says what is open.
    }
  }
  go(`/t/${next}`);
}

/** Keys anywhere on the table: 1-9 take the decision buttons, ? asks for a hint, m toggles the
 * markers. Typing in a field is left alone. */
function onKey(ev) {
  if (!$('#table')) return;
  if (['Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Enter', ' '].includes(ev.key)) ui.keyboard = true;
  const t = ev.target;
  // Keys typed into a field are the field's; a checkbox (the Keyboard panel's switch) types
  // nothing, so the shortcuts work right after it is switched.
  const typing = t && ((t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(t.type)) || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
  if (typing) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || !ui.shortcuts) return;
  if (/^[1-9]$/.test(ev.key)) {
    const buttons = [...document.querySelectorAll('#actions button')];
    const b = buttons[Number(ev.key) - 1];
    if (b && b.getAttribute('aria-disabled') !== 'true') {
      ev.preventDefault();
      b.click();
    }
  } else if (ev.key === '?') {
    ev.preventDefault();
    askHint();
  } else if (ev.key === 'm' || ev.key === 'M') {
    $('#markers-btn') && $('#markers-btn').click();
  } else if (ev.key === 'c' || ev.key === 'C') {
    // Jump to the hand (the first legal card).
    const c = document.querySelector('#hand button[data-legal="1"]') || document.querySelector('#hand button');
    if (c) { ev.preventDefault(); c.focus(); }
  } else if (ev.key === 'a' || ev.key === 'A') {
    const b = document.querySelector('#actions button');
    if (b) { ev.preventDefault(); b.focus(); }
  }
}

route();
