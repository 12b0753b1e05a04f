// The browser client against a scripted WebSocket (Playwright's routeWebSocket), with real views:
// e2e/fixtures/views.json holds one engine observation for every kind of decision of every
// family (bids, trump high and low, stay and fold, exchanges, farmers' swaps, jamboree, renege
// claims, ...; made by e2e/fixtures/make-views.mjs). For each, the page must
// offer every legal action through exactly one control, labelled in words, and send back exactly
// the action clicked, with the state's seq. Also checked: a refused decision (the error is shown
// and the page syncs), hints (a bid's chances in words, a card's value) and reviews drawn, a finished trick held on the table before the next
// state, a spectator shown no hand, a phone-sized screen that does not scroll sideways, a table
// that keeps one height whatever it shows (the hand never moves), the log's words for an
// order-up, an account made and signed in again through a real form, a pasted invite link,
// prompts in words for each kind of decision, a card that cannot be played saying why, the
// review of a game's last deal, a 40-letter name cut short, what the screen reader is told and
// in which order (the last cards, the trick, the deal, the game), the log's deals left open or
// closed as the person left them and their lists' scroll kept, the hinted choice named so,
// "Review last deal" kept when the "Last deal" panel is closed, the keyboard focus kept on the
// control pressed (or taken back to it from a panel's Close), the hand's contrast while bidding and playing (and red text in the
// dark scheme), the trick and the hand on one short screen (a phone sideways, 200% zoom), the
// start page's seat names (measuring players apart) and way back to a game in progress, the
// table form's options under their headings with changed ones marked, each closed deal's outcome
// in the log, any deal the person played reviewed from the log (one review asked at a time, none
// offered for deals before they took the seat), and no brackets inside brackets.
//
//   node e2e/client.mjs URL      (any server that serves the client's pages and assets)

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const base = (process.argv[2] || '').replace(/\/$/, '');
if (!base) {
  console.error('usage: node e2e/client.mjs URL');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = JSON.parse(fs.readFileSync(path.join(here, 'fixtures', 'views.json'), 'utf8'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const CODE = 'FIXTUR';
const TIMEOUT = 15_000;

/** "JS" as the page names it: "Jack of Spades". */
function cardWords(c) {
  const ranks = { 7: 'Seven', 8: 'Eight', 9: 'Nine', T: 'Ten', J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
  const suits = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };
  return `${ranks[c[0]]} of ${suits[c[1]]}`;
}

function stateMessage(f, seq, over = {}) {
  const v = f.view;
  const n = v.hand_sizes.length;
  return {
    type: 'state', protocol: 2, seq, seat: v.seat, view: v, scores: f.score, target: 10,
    deal_number: f.deal_number + 1, to_act: v.to_act, legal: v.legal,
    seats: Array.from({ length: n }, (_, i) => ({ seat: i, kind: i === v.seat ? 'person' : 'bot', name: i === v.seat ? 'Tess' : 'easy', connected: true, partner: f.family === 'four-handed' ? (i + 2) % 4 : null })),
    started: true, game_over: false, winner: null, family: f.family, rules: f.rules, ...over,
  };
}

/** The person at deal 3 of a game at the state `play`, the page told of deals 1 and 2 by the
 * server's `past_deals`: three deals in the log, two of them finished. */
async function inDealThreeAfterTwo(t, play) {
  t.send(stateMessage(play, 3, { deal_number: 3 }));
  await waitSent(t.sent, (x) => x.type === 'past_deals', 'the past deals asked for');
  const end = { ...play.view, phase: 'done', to_act: null, legal: [], points: [1, 0], tricks_won: [3, 2] };
  t.send({ type: 'past_deals', deals: [1, 2].map((n) => ({ deal_number: n, view: end, result: 'made', scores: [n, 0] })) });
  await t.page.waitForSelector('#log details:nth-of-type(3)');
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let passed = 0;
let failed = 0;
// E2E_ONLY=regex runs only the checks whose names match (while working on one).
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY) : null;
async function check(name, fn) {
  if (only && !only.test(name)) return;
  const t0 = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed += 1;
    console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
  }
}

/** A page at the table CODE whose socket is scripted: returns the page, the messages it sent,
 * and a function sending it a message. */
async function scripted(seat, viewport, search = '?fast=1', host = null) {
  // `touch`: a phone's touch screen with no mouse (hover: none, pointer: coarse); `clock`: the
  // page's clock is Playwright's, moved on by `page.clock.runFor` (timers of tens of seconds).
  const { touch, clock, ...size } = viewport;
  const ctx = await browser.newContext({ viewport: size, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  await ctx.addInitScript(([code, s, h]) => {
    if (s !== null) localStorage.setItem(`euchre:${code}`, JSON.stringify({ seat: s, token: '0123456789abcdef0123456789abcdef', host: h }));
  }, [CODE, seat, host]);
  // The subprotocols each WebSocket is opened with, in order (a seat's token goes as one).
  // Recorded by a class around whichever WebSocket the page has: routeWebSocket puts its own
  // in place after this script runs, so the wrapping is redone when it does.
  await ctx.addInitScript(() => {
    window.socketProtocols = [];
    const around = (Base) => class extends Base {
      constructor(url, protocols) {
        super(url, protocols);
        window.socketProtocols.push(protocols === undefined ? [] : [].concat(protocols));
      }
    };
    let wrapped = around(window.WebSocket);
    Object.defineProperty(window, 'WebSocket', { configurable: true, get: () => wrapped, set: (v) => { wrapped = around(v); } });
  });
  const page = await ctx.newPage();
  if (clock) await page.clock.install();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent = [];
  let socket = null;
  let connected;
  const ready = new Promise((r) => { connected = r; });
  const urls = [];
  await page.routeWebSocket(/\/ws\//, (ws) => {
    socket = ws;
    urls.push(ws.url());
    ws.onMessage((m) => sent.push(JSON.parse(m)));
    connected();
  });
  // A spectator comes through the invite page, which asks the server about the table.
  await page.route(`**/api/tables/${CODE}`, (r) => r.fulfill({
    json: { code: CODE, rules: 'north-american', family: 'four-handed', options: [['winning_score', '10']], seats: [0, 1, 2, 3].map((i) => ({ seat: i, kind: 'bot', name: 'easy', connected: true, partner: (i + 2) % 4 })), started: true, game_over: false },
  }));
  await page.goto(`${base}/t/${CODE}${search}`);
  if (seat === null) await page.click('#watch');
  await Promise.race([ready, new Promise((_, no) => setTimeout(() => no(new Error('the page never opened its WebSocket')), TIMEOUT))]);
  // `urls`: every socket the page opened, in order (a reconnection is one more).
  return { ctx, page, sent, errors, urls, send: (m) => socket.send(JSON.stringify(m)), close: (code, reason) => socket.close({ code, reason }) };
}

async function waitSent(sent, pred, what) {
  const until = Date.now() + TIMEOUT;
  for (;;) {
    const m = sent.find(pred);
    if (m) return m;
    if (Date.now() > until) throw new Error(`the page never sent ${what}; it sent ${JSON.stringify(sent)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const started = Date.now();
try {
  // Every decision form of every family: offered once, in words, and sent back as clicked.
  for (const f of fixtures) {
    await check(`${f.family} ${f.rules}${Object.keys(f.options).length ? ' +options' : ''}: ${f.view.phase}: ${f.view.legal.join(', ')}`, async () => {
      const t = await scripted(f.view.seat, { width: 1100, height: 800 });
      try {
        let seq = 10;
        t.send(stateMessage(f, seq));
        for (const action of f.view.legal.slice(0, 12)) {
          await t.page.waitForSelector(`#table[data-state="myturn"][data-seq="${seq}"]`, { timeout: TIMEOUT });
          const offered = await t.page.locator('#table [data-legal="1"]').evaluateAll((els) => els
            .filter((e) => !e.disabled && e.getAttribute('aria-disabled') !== 'true')
            .map((e) => ({ action: e.dataset.action, label: (e.getAttribute('aria-label') || e.textContent).replace(/^\d/, '').trim() })));
          const actions = offered.map((o) => o.action);
          const missing = f.view.legal.filter((a) => !actions.includes(a));
          const extra = actions.filter((a) => !f.view.legal.includes(a));
          const twice = actions.filter((a, i) => actions.indexOf(a) !== i);
          if (missing.length || extra.length || twice.length) throw new Error(`missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}, twice ${JSON.stringify(twice)}`);
          const raw = offered.filter((o) => !o.label || o.label === o.action);
          if (raw.length) throw new Error(`controls not labelled in words: ${JSON.stringify(raw)}`);
          t.sent.length = 0;
          await t.page.locator(`#table [data-legal="1"][data-action="${action}"]`).click();
          const m = await waitSent(t.sent, (x) => x.type === 'act', `an act for ${action}`);
          if (m.action !== action || m.seq !== seq) throw new Error(`clicked ${action} at seq ${seq}, the page sent ${JSON.stringify(m)}`);
          seq += 1;
          t.send(stateMessage(f, seq));
        }
        if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
      } finally {
        await t.ctx.close();
      }
    });
  }

  const play = fixtures.find((f) => f.family === 'four-handed' && f.view.phase === 'play' && f.view.legal.length > 1);
  const bidding = fixtures.find((f) => f.family === 'four-handed' && f.view.phase === 'bidding1');
  // A page at its turn in the play that has asked for a hint (answered by the check itself).
  const playHintAsked = async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(play, 3, { deal_number: 2 }));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      await t.page.click('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      return t;
    } catch (e) {
      await t.ctx.close();
      throw e;
    }
  };

  await check('a refused decision: the error is shown, the page syncs and offers the decision again', async () => {
    const t = await scripted(bidding.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(bidding, 5));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      await t.page.keyboard.press('1');
      const m = await waitSent(t.sent, (x) => x.type === 'act', 'an act from the key 1');
      if (m.action !== bidding.view.legal[0]) throw new Error(`key 1 sent ${m.action}, not the first button's ${bidding.view.legal[0]}`);
      t.send({ type: 'error', error: 'that answers state 5, but the table is at state 6: sync and decide again', seq: 6 });
      await t.page.waitForSelector('#toast:not([hidden])');
      // Told in a player's words, not the protocol's.
      const said = await t.page.locator('#toast').textContent();
      if (!said.includes('The table moved on before your choice arrived') || said.includes('state 5')) throw new Error(`the toast says: ${said}`);
      await waitSent(t.sent, (x) => x.type === 'sync', 'a sync after the error');
      t.send(stateMessage(bidding, 6));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="6"]');
    } finally {
      await t.ctx.close();
    }
  });

  await check('single-key shortcuts turn off in the Keyboard panel (WCAG 2.1.4): then 1 and ? do nothing and no digit is shown; the choice is kept through redraws and stored; on again, 1 decides', async () => {
    const t = await scripted(bidding.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(bidding, 5));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="5"]');
      if (await t.page.locator('#actions kbd').count() === 0) throw new Error('no digit on the decisions with the shortcuts on');
      await t.page.click('#keys summary');
      await t.page.uncheck('#shortcuts');
      if (await t.page.locator('#actions kbd').count() !== 0) throw new Error('digits still shown with the shortcuts off');
      if (await t.page.locator('#actions [aria-keyshortcuts]').count() !== 0) throw new Error('aria-keyshortcuts still announced');
      // The next state redraws the page: the panel stays open, the switch off.
      t.send(stateMessage(bidding, 6));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="6"]');
      if (!(await t.page.locator('#keys').evaluate((d) => d.open))) throw new Error('the Keyboard panel closed itself');
      if (await t.page.isChecked('#shortcuts')) throw new Error('the switch is on again after a redraw');
      const stored = await t.page.evaluate(() => localStorage.getItem('euchre:shortcuts'));
      if (stored !== 'false') throw new Error(`stored: ${stored}`);
      // The switch keeps the focus: keys pressed there are what a person would press next.
      if (!(await t.page.evaluate(() => document.activeElement && document.activeElement.id === 'shortcuts'))) throw new Error('the focus left the switch');
      t.sent.length = 0;
      await t.page.keyboard.press('1');
      await t.page.keyboard.press('?');
      await new Promise((r) => setTimeout(r, 400));
      const acted = t.sent.filter((m) => m.type === 'act' || m.type === 'hint');
      if (acted.length) throw new Error(`with the shortcuts off the keys sent ${JSON.stringify(acted)}`);
      await t.page.check('#shortcuts');
      await t.page.keyboard.press('1');
      const m = await waitSent(t.sent, (x) => x.type === 'act', 'an act from the key 1, the shortcuts on again');
      if (m.action !== bidding.view.legal[0]) throw new Error(`key 1 sent ${m.action}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('hint and review panels', async () => {
    const t = await playHintAsked();
    try {
      const best = play.view.legal[1];
      t.send({ type: 'hint', seq: 3, best, choices: play.view.legal.map((a, i) => ({ action: a, value: a === best ? 1.5 : -0.25 * i })) });
      await t.page.waitForSelector('#hint-panel strong');
      const shown = await t.page.locator('#hint-panel strong').innerText();
      if (!/^Play /.test(shown)) throw new Error(`the hint says ${shown}`);
      if (!(await t.page.locator(`#hand .hinted[data-action="${best}"]`).count())) throw new Error('the hinted card is not marked in the hand');
      // The badge is drawn: the card's name says it too, and no other control's.
      const hinted = await t.page.locator('#table button').evaluateAll((bs) => bs.filter((b) => /\(hint\)/.test(b.getAttribute('aria-label') || '')).map((b) => [b.dataset.action, b.getAttribute('aria-label')]));
      if (hinted.length !== 1 || hinted[0][0] !== best || hinted[0][1] !== `Play ${cardWords(best)} (hint)`) throw new Error(`the controls named as the hint: ${JSON.stringify(hinted)}`);
      // In the play each card has its value, and no bidding chances.
      const values = await t.page.locator('#hint-panel tbody tr').count();
      if (values !== play.view.legal.length) throw new Error(`${values} cards valued, not ${play.view.legal.length}`);
      // A value below 0 with a minus sign, as the review writes them, not a hyphen.
      const negative = await t.page.locator('#hint-panel tbody td.num').allTextContents();
      if (!negative.includes('−0.50') || negative.some((v) => v.startsWith('-'))) throw new Error(`the values read ${negative}`);
      if (await t.page.locator('#hint-panel .why').count()) throw new Error('the play hint is explained as a bid');
      // A review arrives (the page asks for one when it sees a deal end). Its bids are worded
      // by the reviewed deal's dealer, not today's: the seat dealt that deal exactly when it
      // does not deal this one.
      const dealtThen = play.view.dealer !== play.view.seat;
      const dealer = dealtThen ? play.view.seat : (play.view.seat + 1) % 4;
      // The first mistake within the noise of the search (close), the second not.
      t.send({ type: 'review', deal: 1, dealer, decisions: [{ index: 1, action: 'pass', best: 'order', loss: 0.85, close: true, win_difference: -0.0231, choices: [] }, { index: 2, action: play.view.legal[0], best: play.view.legal[0], loss: 0, close: true, choices: [] }, { index: 3, action: play.view.legal[0], best: play.view.legal[1], loss: 0.3, close: false, choices: [] }], unjudged: 0 });
      await t.page.waitForSelector('#review-panel .mistake');
      const text = await t.page.locator('#review-panel').innerText();
      const word = dealtThen ? 'Pick it up' : 'Order up';
      if (!text.includes(`better was ${word}`)) throw new Error(`the review says ${text}, not "better was ${word}"`);
      const mistakes = await t.page.locator('#review-panel .mistake').allInnerTexts();
      if (mistakes.length !== 2 || !mistakes[0].includes('(−0.85; game −2.3%; close, within the noise of the search)') || !mistakes[1].endsWith('(−0.30)')) throw new Error(`the mistakes read ${JSON.stringify(mistakes)} (judge s55, c3 and d2: one within the search's noise says so, the other not; the first says what it did to the game)`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a bidding hint explains each bid in words', async () => {
    const t = await scripted(bidding.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(bidding, 4));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      await t.page.click('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      const odds = (make, march, euchred, theyMake, win, change) => ({ make, march, euchred, they_make: theyMake, they_march: 0, they_euchred: 0, win, win_change: change });
      t.send({
        type: 'hint', seq: 4, best: 'order',
        choices: [
          // Pass is about as good as ordering up by the search (close), the loner not.
          { action: 'pass', value: -0.4, close: true, ...odds(0.05, 0, 0.02, 0.64, 0.47, -0.012) },
          { action: 'order', value: 0.9, close: true, ...odds(0.72, 0.18, 0.11, 0, 0.531, 0.031) },
          // 37.5% and 62.5%, each rounded, would add up to 101%.
          { action: 'order alone', value: 0.2, close: false, ...odds(0.375, 0.1, 0.625, 0, 0.49, 0) },
        ].filter((c) => bidding.view.legal.includes(c.action)),
      });
      await t.page.waitForSelector('#hint-panel .why');
      const rows = (await t.page.locator('#hint-panel tbody tr').allInnerTexts()).map((r) => r.replace(/\u00a0/g, ' '));
      const order = rows.find((r) => /^Order up\b/.test(r) && !/alone/i.test(r));
      if (!order || !order.includes('make 72% · march 18% · euchred 11% · game +3.1%')) throw new Error(`order up is explained as ${JSON.stringify(order)}; rows ${JSON.stringify(rows)}`);
      const alone = rows.find((r) => /^Order up alone/.test(r));
      if (!alone || !alone.includes('make 38% · march 10% · euchred 62%')) throw new Error(`order up alone is explained as ${JSON.stringify(alone)} (its chances should add up to 100%, browser tester s47, 6)`);
      const pass = rows.find((r) => /^Pass/.test(r));
      if (!pass || !pass.includes('they make 64%') || !pass.includes('game −1.2%')) throw new Error(`pass is explained as ${JSON.stringify(pass)}`);
      if (!/^Order up/.test(rows[0])) throw new Error(`the best choice is not listed first: ${JSON.stringify(rows)}`);
      // The choices the search could not tell from its own are named with it (judge s55, c3).
      const about = await t.page.locator('#hint-panel .about-as-good').innerText();
      if (about.trim() !== '· about as good: Pass') throw new Error(`the hint's heading names as about as good: ${JSON.stringify(about)}`);
      if (!(await t.page.locator('#hint-key').count())) throw new Error('no key to the chances');
      // The hinted button's name says it is the hint's choice (its badge is only drawn), until
      // the hint is closed.
      if ((await t.page.getByRole('button', { name: 'Order up (hint)', exact: true }).count()) !== 1) throw new Error(`no button named "Order up (hint)": ${JSON.stringify(await t.page.locator('#actions button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent)))}`);
      if ((await t.page.getByRole('button', { name: /\(hint\)/ }).count()) !== 1) throw new Error('more than one control named as the hint');
      await t.page.click('#hint-close');
      await t.page.waitForSelector('#hint-panel', { state: 'detached' });
      if (await t.page.getByRole('button', { name: /\(hint\)/ }).count()) throw new Error('a control is still named as the hint after its Close');
      if ((await t.page.getByRole('button', { name: 'Order up', exact: true }).count()) !== 1) throw new Error('no button named "Order up" after the hint');
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a play hint that puts a card of fewer points first for the game says what each card does to the game (judge s55, c2)', async () => {
    const t = await playHintAsked();
    try {
      const [first, second] = play.view.legal;
      const game = (win, change) => ({ make: 0, march: 0, euchred: 0, they_make: 0, they_march: 0, they_euchred: 0, win, win_change: change });
      // The second card is worth more points, the first more of the game.
      t.send({ type: 'hint', seq: 3, best: first, choices: [
        { action: first, value: 1.12, ...game(0.997, 0.011) },
        { action: second, value: 1.29, ...game(0.996, 0.010) },
      ] });
      await t.page.waitForSelector('#hint-panel .why');
      const rows = (await t.page.locator('#hint-panel tbody tr').allInnerTexts()).map((r) => r.replace(/\u00a0/g, ' '));
      if (rows.length !== 2 || !rows[0].includes('game +1.1%') || !rows[0].includes('1.12') || !rows[1].includes('game +1.0%')) throw new Error(`the rows read ${JSON.stringify(rows)}`);
      if (/make|march|euchred/.test(rows.join(' '))) throw new Error(`a card is explained as a bid: ${JSON.stringify(rows)}`);
      const key = await t.page.locator('#hint-key').innerText();
      if (!/fewer points/.test(key)) throw new Error(`the key reads ${key}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a finished trick stays on the table before the next state (no ?fast)', async () => {
    // A play view whose trick is complete, then the next one at once.
    const f = play;
    const v = JSON.parse(JSON.stringify(f.view));
    const t = await scripted(v.seat, { width: 1100, height: 800 }, '');
    try {
      const done = { ...v, tricks: [{ leader: 0, cards: ['9C', 'TC', 'JC', 'QC'], winner: 3 }], to_act: 3, legal: [] };
      const next = { ...v, tricks: [{ leader: 0, cards: ['9C', 'TC', 'JC', 'QC'], winner: 3 }, { leader: 3, cards: ['AS'], winner: null }], to_act: 0, legal: [] };
      t.send(stateMessage({ ...f, view: { ...v, tricks: [{ leader: 0, cards: ['9C', 'TC', 'JC'], winner: null }], legal: [] } }, 20, { legal: [] }));
      await t.page.waitForSelector('#table[data-seq="20"]');
      const sentAt = Date.now();
      t.send(stateMessage({ ...f, view: done }, 21, { legal: [] }));
      t.send(stateMessage({ ...f, view: next }, 22, { legal: [] }));
      await t.page.waitForSelector('#table[data-seq="21"] #felt .played.winner');
      await t.page.waitForSelector('#table[data-seq="22"]', { timeout: 5000 });
      const held = Date.now() - sentAt;
      if (held < 500) throw new Error(`the finished trick was shown for only ${held} ms`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a spectator is shown no hand and no decisions', async () => {
    const t = await scripted(null, { width: 1100, height: 800 });
    try {
      const v = { ...play.view, seat: null, hand: [], legal: [], discard: null };
      t.send(stateMessage({ ...play, view: v }, 4, { seat: null, legal: [] }));
      await t.page.waitForSelector('#table[data-seat="spectator"]');
      if (await t.page.locator('#hand, #actions').count()) throw new Error('a hand or decisions are shown');
    } finally {
      await t.ctx.close();
    }
  });

  await check('an account: created, signed out, signed in again with Enter (a real form), its password changed; no favicon request', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await ctx.newPage();
    const missing = [];
    page.on('response', (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
    try {
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-form');
      const name = `Acct${Date.now() % 1000000}`;
      await page.locator('summary', { hasText: 'Sign in' }).click();
      await page.fill('#account-name', name);
      await page.fill('#account-password', 'a long enough password');
      await page.click('button:has-text("Create account")');
      await page.waitForSelector(`text=Signed in as`);
      await page.click('button:has-text("Sign out")');
      await page.locator('summary', { hasText: 'Sign in' }).click();
      await page.fill('#account-name', name);
      await page.fill('#account-password', 'a long enough password');
      if (!(await page.locator('form #account-password').count())) throw new Error('the password field is not in a form');
      await page.press('#account-password', 'Enter');
      await page.waitForSelector(`text=Signed in as`);
      if (missing.length) throw new Error(`failed requests: ${missing.join(', ')}`);
      // The password changed: a wrong current one is said, then the right one; only the new
      // one signs in after.
      await page.locator('summary', { hasText: 'Change password' }).click();
      await page.fill('#current-password', 'not the password');
      await page.fill('#new-password', 'bower over the ace');
      await page.press('#new-password', 'Enter');
      await page.waitForSelector('#account .status:has-text("The current password is wrong")');
      missing.length = 0;
      await page.fill('#current-password', 'a long enough password');
      await page.click('#account form button:has-text("Change password")');
      await page.waitForSelector('#account .status:has-text("Password changed")');
      if (await page.inputValue('#new-password')) throw new Error('the new password is left in its field');
      await page.click('button:has-text("Sign out")');
      await page.locator('summary', { hasText: 'Sign in' }).click();
      await page.fill('#account-name', name);
      await page.fill('#account-password', 'bower over the ace');
      await page.press('#account-password', 'Enter');
      await page.waitForSelector(`text=Signed in as`);
      if (missing.length) throw new Error(`failed requests: ${missing.join(', ')}`);
    } finally {
      await ctx.close();
    }
  });

  await check('the log names the card ordered up, and the dealer picks it up', async () => {
    // The play fixture: seat 0 ordered the upcard up alone, the dealer (seat 3) discarded.
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const up = cardWords(play.view.upcard);
      t.send(stateMessage(play, 3));
      await t.page.waitForSelector('#log li');
      let text = await t.page.locator('#log').innerText();
      if (!text.includes(`You order up the ${up}, alone`)) throw new Error(`the log says ${text}`);
      // The same deal had the dealer taken the card up itself.
      const dealt = { ...play, view: { ...play.view, dealer: play.view.seat } };
      t.send(stateMessage(dealt, 4, { deal_number: 5 }));
      await t.page.waitForSelector('#table[data-seq="4"]');
      text = await t.page.locator('#log').innerText();
      if (!text.includes(`You pick up the ${up}, alone`)) throw new Error(`the log says ${text}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the table keeps one height whatever its middle shows (the hand never moves under a finger)', async () => {
    // The same seat's table with the upcard, an empty middle, a trick of one to four cards (the
    // last one taken, as it is held on the table) and no cards left in any hand, on a phone and
    // a desktop.
    const seat = bidding.view.seat;
    const trickOf = (n) => ({ ...play, view: { ...play.view, seat, to_act: seat, active: [true, true, true, true], maker_alone: false,
      tricks: n ? [{ leader: (seat + 1) % 4, cards: ['9C', 'KC', 'AC', 'QH'].slice(0, n), winner: n === 4 ? (seat + 3) % 4 : null }] : [] } });
    const last = trickOf(4);
    const emptyHands = { ...last, view: { ...last.view, hand_sizes: [0, 0, 0, 0] } };
    const states = [['upcard', bidding], ...[0, 1, 2, 3, 4].map((n) => [`a trick of ${n}`, trickOf(n)]), ['no cards left', emptyHands]];
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const t = await scripted(seat, viewport);
      try {
        const heights = {};
        for (const [i, [what, f]] of states.entries()) {
          t.send(stateMessage(f, 10 + i));
          await t.page.waitForSelector(`#table[data-seq="${10 + i}"]`);
          heights[what] = Math.round((await t.page.locator('#felt').boundingBox()).height);
        }
        if (new Set(Object.values(heights)).size !== 1) throw new Error(`at ${viewport.width} px the table's height changes: ${JSON.stringify(heights)}`);
      } finally {
        await t.ctx.close();
      }
    }
  });

  await check('the host starts without a friend who did not come: computer players take the open seats', async () => {
    const f = fixtures.find((x) => x.family === 'four-handed' && x.view.phase === 'bidding1');
    const host = 'fedcba9876543210fedcba9876543210';
    const t = await scripted(f.view.seat, { width: 1100, height: 800 }, '?fast=1', host);
    try {
      const asked = [];
      await t.page.route(`**/api/tables/${CODE}/seats/*/bot`, (r) => {
        asked.push([r.request().url().split('/').slice(-2)[0], JSON.parse(r.request().postData()).host]);
        r.fulfill({ json: { seat: 0, player: 'expert' } });
      });
      const open = [(f.view.seat + 1) % 4, (f.view.seat + 3) % 4];
      const msg = stateMessage(f, 0, { started: false, legal: [] });
      msg.seats = msg.seats.map((x) => (open.includes(x.seat) ? { seat: x.seat, kind: 'open', name: null, connected: false } : x));
      t.send(msg);
      await t.page.waitForSelector('#fill-open');
      await t.page.click('#fill-open');
      const until = Date.now() + TIMEOUT;
      while (asked.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const seats = asked.map(([seat]) => Number(seat)).sort();
      if (JSON.stringify(seats) !== JSON.stringify([...open].sort()) || asked.some(([, h]) => h !== host)) throw new Error(`asked ${JSON.stringify(asked)}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('play again: the host opens the next game and is seated at the same seat there; the others are offered it; a person seated may open it when the host does not, and hosts it', async () => {
    const host = 'fedcba9876543210fedcba9876543210';
    const over = { ...play.view, phase: 'done', to_act: null, legal: [] };
    const t = await scripted(play.view.seat, { width: 1100, height: 800 }, '?fast=1', host);
    try {
      const asked = [];
      await t.page.route(`**/api/tables/${CODE}/again`, (r) => { asked.push(JSON.parse(r.request().postData())); r.fulfill({ json: { code: 'NXTGAM' } }); });
      await t.page.route('**/api/tables/NXTGAM/seats/*', (r) => {
        asked.push({ seatUrl: r.request().url() });
        r.fulfill({ json: { seat: play.view.seat, token: 'aaaabbbbccccddddaaaabbbbccccdddd' } });
      });
      t.send(stateMessage({ ...play, view: over }, 9, { legal: [], to_act: null, game_over: true, winner: 0 }));
      await t.page.waitForSelector('#play-again');
      await t.page.click('#play-again');
      await t.page.waitForURL(/\/t\/NXTGAM/, { timeout: TIMEOUT });
      if (asked[0].host !== host || !asked[1] || !asked[1].seatUrl.endsWith(`/seats/${play.view.seat}`)) throw new Error(`asked ${JSON.stringify(asked)}`);
      const saved = await t.page.evaluate(() => JSON.parse(localStorage.getItem('euchre:NXTGAM')));
      if (!saved || saved.token !== 'aaaabbbbccccddddaaaabbbbccccdddd' || saved.host !== host || saved.seat !== play.view.seat) throw new Error(`saved ${JSON.stringify(saved)}`);
    } finally {
      await t.ctx.close();
    }
    // Someone else at the old table is offered the next game once it is open.
    const u = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      u.send(stateMessage({ ...play, view: over }, 9, { legal: [], to_act: null, game_over: true, winner: 0, next_table: 'NXTGAM' }));
      await u.page.waitForSelector('#next-game');
    } finally {
      await u.ctx.close();
    }
    // Before it is, a person seated may open it themselves (the host may have gone for good:
    // browser tester s49, 4), and hosts it with the token the server gives.
    const w = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const asked = [];
      const newHost = '11112222333344441111222233334444';
      await w.page.route(`**/api/tables/${CODE}/again`, (r) => { asked.push(JSON.parse(r.request().postData())); r.fulfill({ json: { code: 'NXTGAM', host: newHost } }); });
      await w.page.route('**/api/tables/NXTGAM/seats/*', (r) => r.fulfill({ json: { seat: play.view.seat, token: 'aaaabbbbccccddddaaaabbbbccccdddd' } }));
      w.send(stateMessage({ ...play, view: over }, 9, { legal: [], to_act: null, game_over: true, winner: 0 }));
      await w.page.waitForSelector('#play-again');
      await w.page.click('#play-again');
      await w.page.waitForURL(/\/t\/NXTGAM/, { timeout: TIMEOUT });
      if (!asked[0] || asked[0].host || asked[0].seat_token !== '0123456789abcdef0123456789abcdef') throw new Error(`asked ${JSON.stringify(asked)}`);
      const saved = await w.page.evaluate(() => JSON.parse(localStorage.getItem('euchre:NXTGAM')));
      if (!saved || saved.host !== newHost || saved.token !== 'aaaabbbbccccddddaaaabbbbccccdddd') throw new Error(`saved ${JSON.stringify(saved)}`);
    } finally {
      await w.ctx.close();
    }
  });

  await check('a pasted invite link in "Join a table" goes to its table', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${base}/`);
      await page.fill('#join-code', `  ${base}/t/ab12cd?from=chat `);
      await page.press('#join-code', 'Enter');
      await page.waitForURL(/\/t\/AB12CD$/, { timeout: TIMEOUT });
    } finally {
      await ctx.close();
    }
  });

  await check('prompts say what to decide; an auction\'s high bidder is not called the maker; a card that cannot be played says why', async () => {
    const order = fixtures.find((f) => f.family === 'four-handed' && f.view.phase === 'bidding1' && f.view.seat !== f.view.dealer);
    const auction = fixtures.find((f) => f.view.phase === 'auction');
    const play = fixtures.find((f) => f.rules === 'north-american' && f.view.phase === 'play' && f.view.hand.includes('TC') && f.view.hand.includes('TD'));
    const t = await scripted(order.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(order, 2));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      let prompt = await t.page.locator('#prompt').textContent();
      if (prompt !== 'Your turn: order it up, or pass') throw new Error(`round 1's prompt: ${prompt}`);
      // Every kind of decision is named in the prompt, none left as "choose below".
      let seq = 100;
      const vague = [];
      for (const f of fixtures.filter((x) => x.view.seat === order.view.seat)) {
        seq += 1;
        t.send(stateMessage(f, seq));
        await t.page.waitForSelector(`#table[data-seq="${seq}"]`);
        const p = await t.page.locator('#prompt').textContent().catch(() => '');
        if (!p.startsWith('Your turn:') || p.includes('choose below')) vague.push(`${f.view.phase} ${f.view.legal.slice(0, 3).join(',')}: ${p}`);
      }
      if (vague.length) throw new Error(`prompts that do not say what to decide: ${vague.join('; ')}`);
      const high = { ...auction, view: { ...auction.view, maker: 2, bid: 3, history: [[1, 'pass'], [2, 'bid 3']] } };
      t.send(stateMessage(high, 300));
      await t.page.waitForSelector('#table[data-seq="300"]');
      prompt = await t.page.locator('#prompt').textContent();
      if (prompt !== 'Your turn: bid, or pass') throw new Error(`the auction's prompt: ${prompt}`);
      const badges = await t.page.locator('.badge.maker').allTextContents();
      if (badges.join() !== 'High bid 3') throw new Error(`the high bidder's badge: ${JSON.stringify(badges)}`);
      // Diamonds led: the Ten of Clubs is not to be played, and a click on it says so.
      const v = { ...play.view, to_act: play.view.seat, tricks: [{ leader: (play.view.seat + 3) % 4, cards: ['9D'], winner: null }], legal: ['TD', 'QD'] };
      t.send(stateMessage({ ...play, view: v }, 301));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="301"]');
      t.sent.length = 0;
      // aria-disabled: Playwright would wait for it to be enabled; a person's click lands anyway.
      await t.page.locator('#hand [data-card="TC"]').click({ force: true });
      await t.page.waitForSelector('#toast:not([hidden])');
      const said = await t.page.locator('#toast').textContent();
      if (said !== "Ten of Clubs can't be played now: follow Diamonds") throw new Error(`the toast says: ${said}`);
      if (t.sent.some((m) => m.type === 'act')) throw new Error('a card that cannot be played was sent');
    } finally {
      await t.ctx.close();
    }
  });

  await check('the end of the game asks for the review of its last deal', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(play, 7, { deal_number: 5 }));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      const done = { ...play.view, phase: 'done', to_act: null, legal: [] };
      t.sent.length = 0;
      t.send(stateMessage({ ...play, view: done }, 8, { deal_number: 5, legal: [], to_act: null, game_over: true, winner: 0 }));
      const m = await waitSent(t.sent, (x) => x.type === 'review', 'a review request at the game\'s end');
      if (m.deal !== 5) throw new Error(`it asked for deal ${m.deal}, not the last, 5`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a 40-letter name is cut short on the table, not stretched over its seat, and the phone page does not scroll sideways', async () => {
    const f = fixtures.find((x) => x.family === 'four-handed' && x.view.phase === 'play');
    const t = await scripted(f.view.seat, { width: 390, height: 844 });
    try {
      const long = 'W'.repeat(40);
      const msg = stateMessage(f, 2);
      msg.seats = msg.seats.map((x) => (x.seat === (f.view.seat + 2) % 4 ? { ...x, kind: 'person', name: long } : x));
      t.send(msg);
      await t.page.waitForSelector('#table[data-state="myturn"]');
      const cut = await t.page.evaluate((n) => [...document.querySelectorAll('.seat-name')].filter((e) => e.textContent === n).map((e) => [e.scrollWidth > e.clientWidth, e.getAttribute('title') === n, e.getBoundingClientRect().height]), long);
      if (!cut.length || !cut.every(([clipped, titled, height]) => clipped && titled && height < 40)) throw new Error(`the long name: ${JSON.stringify(cut)}`);
      const width = await t.page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) throw new Error(`the page is ${width} px wide`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the screen reader hears the last cards, who takes the trick ("You take"), the deal\'s result, then the game\'s result and final score', async () => {
    // Seat 0 plays alone (seat 2 sits out): seats 1, 3 and 0 play each trick.
    const v = play.view;
    const t = await scripted(v.seat, { width: 1100, height: 800 });
    try {
      const open1 = { ...v, tricks: [{ leader: 1, cards: ['9C', 'KC'], winner: null }], history: [...v.history, [1, '9C'], [3, 'KC']] };
      const won1 = { ...open1, to_act: 0, legal: ['TC'], tricks: [{ leader: 1, cards: ['9C', 'KC', 'AS'], winner: 0 }], history: [...open1.history, [0, 'AS']] };
      const done = {
        ...won1, phase: 'done', to_act: null, legal: [], tricks_won: [1, 1], points: [0, 2],
        tricks: [...won1.tricks, { leader: 0, cards: ['TC', 'QC', 'AC'], winner: 3 }], history: [...won1.history, [0, 'TC'], [1, 'QC'], [3, 'AC']],
      };
      t.send(stateMessage({ ...play, view: open1 }, 3, { legal: [] }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      t.send(stateMessage({ ...play, view: won1 }, 4));
      await t.page.waitForSelector('#table[data-seq="4"]');
      let said = await t.page.locator('#live p').allTextContents();
      if (!said.includes('You take the trick')) throw new Error(`after the person's trick the screen reader heard ${JSON.stringify(said)}`);
      t.send(stateMessage({ ...play, view: done }, 5, { scores: [7, 10], legal: [], to_act: null, game_over: true, winner: 1 }));
      await t.page.waitForSelector('#table[data-seq="5"]');
      said = await t.page.locator('#live p').allTextContents();
      const at = (re) => said.findIndex((x) => re.test(x));
      const order = [/^easy \(seat 4\) plays Ace of Clubs$/, /^easy \(seat 4\) takes the trick$/, /^Deal 1:/, /^They won the game 10 to 7\. Final score: We 7, They 10$/].map(at);
      if (order.includes(-1) || order.some((x, i) => i && x < order[i - 1])) throw new Error(`the screen reader heard, in order: ${JSON.stringify(said)}`);
      const title = await t.page.title();
      if (!title.startsWith('Game over · They won the game 10 to 7')) throw new Error(`the page's title at the end: ${title}`);
      if ((await t.page.locator('h1').allTextContents()).join() !== `Euchre table ${CODE}`) throw new Error('the table page has no h1 naming it');
    } finally {
      await t.ctx.close();
    }
  });

  await check('a deal of the log opened by the person stays open, and keeps the keyboard focus, through the next states', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(play, 3, { deal_number: 1 }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      t.send(stateMessage(play, 4, { deal_number: 2 }));
      await t.page.waitForSelector('#table[data-seq="4"]');
      const open = () => t.page.locator('#log details').evaluateAll((ds) => ds.map((d) => d.open));
      if (JSON.stringify(await open()) !== '[false,true]') throw new Error(`the log's deals open: ${JSON.stringify(await open())}`);
      // Deal 1 opened and deal 2 closed, by keyboard.
      await t.page.locator('#log summary').first().focus();
      await t.page.keyboard.press('Enter');
      await t.page.locator('#log summary').nth(1).focus();
      await t.page.keyboard.press('Enter');
      for (const seq of [5, 6]) {
        t.send(stateMessage(play, seq, { deal_number: 2 }));
        await t.page.waitForSelector(`#table[data-seq="${seq}"]`);
      }
      if (JSON.stringify(await open()) !== '[true,false]') throw new Error(`after two states the log's deals open: ${JSON.stringify(await open())}`);
      const focus = await t.page.evaluate(() => document.activeElement.textContent);
      if (focus !== 'Deal 2') throw new Error(`the focus went to ${JSON.stringify(focus)}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the "Last deal" panel closed: "Review last deal" stays; the panel stays closed into the next deal and comes back for its result', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(play, 3, { deal_number: 1 }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      const done = { ...play.view, phase: 'done', to_act: null, legal: [] };
      t.send(stateMessage({ ...play, view: done }, 4, { deal_number: 1, legal: [] }));
      await t.page.waitForSelector('#table[data-seq="4"] #last-result');
      await t.page.click('#result-close');
      await t.page.waitForSelector('#last-result', { state: 'detached' });
      if (!(await t.page.locator('#review-btn').count())) throw new Error('closing "Last deal" took "Review last deal" away');
      // The next deal's first state tells of deal 1 again: the panel stays closed.
      t.send(stateMessage(play, 5, { deal_number: 2 }));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="5"]');
      if (await t.page.locator('#last-result').count()) throw new Error('the closed "Last deal" came back with the next deal');
      // The new deal asked for deal 1's review by itself; answered, a click asks again (one
      // still on its way is not asked twice).
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review of deal 1 at the next deal');
      t.send({ type: 'review', deal: 1, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel h2:has-text("Review of deal 1")');
      t.sent.length = 0;
      await t.page.click('#review-btn');
      const m = await waitSent(t.sent, (x) => x.type === 'review', 'a review request');
      if (m.deal !== 1) throw new Error(`"Review last deal" asked for deal ${m.deal}`);
      // Deal 2's result opens it again.
      t.send(stateMessage({ ...play, view: done }, 6, { deal_number: 2, legal: [] }));
      await t.page.waitForSelector('#table[data-seq="6"] #last-result');
      const text = await t.page.locator('#last-result p').textContent();
      if (!text.startsWith('Deal 2:')) throw new Error(`the "Last deal" panel says ${text}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a long deal of the log keeps its scroll position through the next states', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      // Thirty passes before the play: more lines than the list shows at once.
      const long = { ...play.view, history: [...Array.from({ length: 30 }, (_, i) => [(i + 1) % 4, 'pass']), ...play.view.history] };
      t.send(stateMessage({ ...play, view: long }, 3, { deal_number: 1 }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      const list = '#log details[open] .log-list';
      const [height, client] = await t.page.locator(list).evaluate((el) => [el.scrollHeight, el.clientHeight]);
      if (height <= client + 100) throw new Error(`the log's list does not scroll: ${height} px in ${client}`);
      await t.page.locator(list).evaluate((el) => { el.scrollTop = 100; });
      for (const seq of [4, 5]) {
        t.send(stateMessage({ ...play, view: long }, seq, { deal_number: 1 }));
        await t.page.waitForSelector(`#table[data-seq="${seq}"]`);
      }
      const top = await t.page.locator(list).evaluate((el) => el.scrollTop);
      if (Math.abs(top - 100) > 1) throw new Error(`after two states the log's list is scrolled to ${top} px, not 100`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('keyboard focus: kept on "Show markers", "Hint" and "Review last deal", back to the opener on a panel\'s Close; markers and card counts in words for screen readers', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    const focused = () => t.page.evaluate(() => document.activeElement.id || document.activeElement.tagName);
    const press = async (sel) => { await t.page.focus(sel); await t.page.keyboard.press('Enter'); };
    try {
      t.send(stateMessage(play, 3, { deal_number: 1, scores: [3, 8] }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      const done = { ...play.view, phase: 'done', to_act: null, legal: [] };
      t.send(stateMessage({ ...play, view: done }, 4, { deal_number: 1, legal: [], scores: [3, 8] }));
      t.send(stateMessage(play, 5, { deal_number: 2, scores: [3, 8] }));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="5"]');
      await press('#markers-btn');
      await t.page.waitForSelector('#score .markers');
      if ((await focused()) !== 'markers-btn') throw new Error(`after "Show markers" the focus is on ${await focused()}`);
      if (await t.page.locator('#markers-btn[aria-pressed]').count()) throw new Error('the markers button changes its label and is a toggle besides');
      const rows = await t.page.locator('#score .score-row').allTextContents();
      if (JSON.stringify(rows) !== '["We3","They8"]') throw new Error(`the score rows as markers read ${JSON.stringify(rows)}`);
      const counts = await t.page.locator('#felt .mini-hand').allTextContents();
      if (!counts.length || !counts.every((c) => c === '5 cards')) throw new Error(`the opponents' hands read ${JSON.stringify(counts)}`);
      await press('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      t.send({ type: 'hint', seq: 5, best: play.view.legal[0], choices: play.view.legal.map((a) => ({ action: a, value: 0 })) });
      await t.page.waitForSelector('#hint-panel strong');
      if ((await focused()) !== 'hint-btn') throw new Error(`after "Hint" the focus is on ${await focused()}`);
      await press('#hint-close');
      await t.page.waitForSelector('#hint-panel', { state: 'detached' });
      if ((await focused()) !== 'hint-btn') throw new Error(`after the hint's Close the focus is on ${await focused()}`);
      await press('#review-btn');
      t.send({ type: 'review', deal: 1, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel p');
      if ((await focused()) !== 'review-btn') throw new Error(`after "Review last deal" the focus is on ${await focused()}`);
      await press('#review-close');
      await t.page.waitForSelector('#review-panel', { state: 'detached' });
      if ((await focused()) !== 'review-btn') throw new Error(`after the review's Close the focus is on ${await focused()}`);
      await press('#result-close');
      await t.page.waitForSelector('#last-result', { state: 'detached' });
      if ((await focused()) !== 'markers-btn') throw new Error(`after the last deal's Close the focus is on ${await focused()}`);
      // The focus ring: gold outside, dark inside, one of them 3:1 or more on any background.
      const ring = await t.page.evaluate(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineColor, s.boxShadow]; });
      if (ring[0] !== 'solid' || !/rgb\(29, 29, 27\)/.test(ring[2])) throw new Error(`the focus ring: ${JSON.stringify(ring)}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the hand keeps full contrast: not faded while bidding on it; in the play the cards not to play are flat and grey, their ranks 4.5:1; red text 4.5:1 in the dark scheme', async () => {
    // The contrast of an element's text on the nearest background drawn behind it, its opacity
    // and its ancestors' counted.
    const contrast = (sel) => t.page.locator(sel).first().evaluate((el) => {
      const rgb = (c) => c.match(/[\d.]+/g).map(Number);
      const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
      let bg = null;
      let op = 1;
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        op *= Number(s.opacity);
        const c = rgb(s.backgroundColor);
        if (!bg && (c.length < 4 || c[3] === 1)) bg = c.slice(0, 3);
      }
      const fg = rgb(getComputedStyle(el).color).slice(0, 3).map((x, i) => x * op + bg[i] * (1 - op));
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
    const red = (f) => f.view.hand.find((c) => c[1] === 'H' || c[1] === 'D');
    let t = await scripted(bidding.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(bidding, 3));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      const r = await contrast(`#hand [data-card="${red(bidding)}"] .rank`);
      if (r < 4.5) throw new Error(`while bidding, a red rank of the hand is ${r.toFixed(2)}:1`);
      const v = { ...play.view, tricks: [{ leader: 1, cards: ['9D'], winner: null }], legal: ['TD', 'QD'] };
      t.send(stateMessage({ ...play, view: v }, 4));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="4"]');
      for (const c of ['TC', 'TD']) {
        const x = await contrast(`#hand [data-card="${c}"] .rank`);
        if (x < 4.5) throw new Error(`in the play, the rank of ${c} is ${x.toFixed(2)}:1`);
      }
      const faces = await t.page.locator('#hand .card').evaluateAll((cs) => cs.map((c) => getComputedStyle(c).backgroundColor));
      if (new Set(faces).size !== 2) throw new Error(`the cards to play and the others look alike: ${JSON.stringify(faces)}`);
    } finally {
      await t.ctx.close();
    }
    t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      await t.page.emulateMedia({ colorScheme: 'dark' });
      t.send(stateMessage({ ...play, view: { ...play.view, trump: 'H' } }, 3, { deal_number: 2 }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      t.send({ type: 'review', deal: 1, dealer: 3, decisions: [{ index: 1, action: 'pass', best: 'order', loss: 0.85, choices: [] }], unjudged: 0 });
      await t.page.waitForSelector('#review-panel .mistake');
      for (const sel of ['#trump strong', '#review-panel .mistake']) {
        const x = await contrast(sel);
        if (x < 4.5) throw new Error(`in the dark scheme ${sel} is ${x.toFixed(2)}:1`);
      }
    } finally {
      await t.ctx.close();
    }
  });

  await check('short screens (740x360, a phone sideways; 640x400, 200% zoom): the trick, the hand and the decisions on one screen', async () => {
    for (const viewport of [{ width: 740, height: 360 }, { width: 640, height: 400 }]) {
      for (const f of [bidding, play]) {
        const t = await scripted(f.view.seat, viewport);
        try {
          t.send(stateMessage(f, 3));
          await t.page.waitForSelector('#table[data-state="myturn"]');
          const box = async (sel) => ((await t.page.locator(sel).count()) ? t.page.locator(sel).boundingBox() : null);
          const [middle, hand, actions] = [await box('#felt .middle'), await box('#hand'), await box('#actions')];
          const bottom = Math.max(hand.y + hand.height, actions ? actions.y + actions.height : 0);
          if (middle.y < 0 || bottom > viewport.height) throw new Error(`at ${viewport.width}x${viewport.height}, ${f.view.phase}: the middle starts at ${Math.round(middle.y)} px, the hand and decisions end at ${Math.round(bottom)}`);
          const width = await t.page.evaluate(() => document.documentElement.scrollWidth);
          if (width > viewport.width) throw new Error(`the page is ${width} px wide`);
        } finally {
          await t.ctx.close();
        }
      }
    }
  });

  await check('the start page: each "I sit here" names its seat, the logo link is 24 px tall, and a game in progress is offered back', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      await ctx.addInitScript((code) => {
        localStorage.setItem('euchre:last', JSON.stringify(code));
        localStorage.setItem(`euchre:${code}`, JSON.stringify({ seat: 0, token: '0123456789abcdef0123456789abcdef', host: null }));
      }, CODE);
      const page = await ctx.newPage();
      await page.route(`**/api/tables/${CODE}`, (r) => r.fulfill({ json: { code: CODE, rules: 'north-american', options: [], seats: [], started: true, game_over: false } }));
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-form');
      for (const n of [1, 2, 3, 4]) {
        if ((await page.getByRole('radio', { name: `I sit here: seat ${n}` }).count()) !== 1) throw new Error(`no "I sit here" for seat ${n}`);
      }
      // The ordinary levels first; the players meant for measuring apart, after them (browser
      // tester s47, 5).
      const kinds = await page.locator('#seat-kind-1').evaluate((sel) => ({
        plain: [...sel.children].filter((c) => c.tagName === 'OPTION').map((o) => o.value),
        groups: [...sel.querySelectorAll('optgroup')].map((g) => [g.label, [...g.children].map((o) => o.value)]),
      }));
      if (JSON.stringify(kinds.plain) !== JSON.stringify(['open', 'easy', 'medium', 'hard'])) throw new Error(`the seat's first choices: ${JSON.stringify(kinds.plain)}`);
      if (kinds.groups.length !== 1 || kinds.groups[0][0] !== 'For measuring' || !kinds.groups[0][1].includes('pimc-50')) throw new Error(`the seat's groups: ${JSON.stringify(kinds.groups)}`);
      // "Game to" and the advanced winning_score are one value (browser findings 3).
      await page.fill('#target', '7');
      if ((await page.inputValue('#opt-winning_score')) !== '7') throw new Error('"Game to" 7 left winning_score at ' + await page.inputValue('#opt-winning_score'));
      await page.locator('details.advanced summary').click();
      await page.fill('#opt-winning_score', '12');
      if ((await page.inputValue('#target')) !== '12') throw new Error('winning_score 12 left "Game to" at ' + await page.inputValue('#target'));
      // A name's finished games: "1 game", and a negative score that cannot read as a range.
      await page.route('**/api/players/*', (r) => r.fulfill({ json: { name: 'Ann', games: [{ code: 'OLDGAM', rules: 'set-back', seat: 0, finished: 0, won: false, scores: [4, -1, 2, 8] }], stats: { games: 1, won: 0 }, deals: {} } }));
      await page.fill('#my-name', 'Ann');
      await page.locator('#my-name').dispatchEvent('change');
      const games = await (await page.waitForSelector('#player-games .games')).innerText();
      if (!games.includes('1 game, 0 won') || !games.includes('4 · −1 · 2 · 8')) throw new Error(`the finished games read ${JSON.stringify(games)}`);
      // The join box shows its whole placeholder.
      const [seen, needed] = await page.locator('#join-code').evaluate((el) => {
        const c = document.createElement('canvas').getContext('2d');
        c.font = getComputedStyle(el).font;
        return [el.clientWidth, c.measureText(el.placeholder).width];
      });
      if (seen < needed + 8) throw new Error(`the join box is ${seen} px for a placeholder of ${Math.round(needed)} px`);
      const logo = await page.locator('.brand').boundingBox();
      if (logo.height < 24) throw new Error(`the logo link is ${logo.height} px tall`);
      await page.waitForSelector('#back-to-game');
      if ((await page.getAttribute('#back-to-game', 'href')) !== `/t/${CODE}`) throw new Error('"Back to your game" goes elsewhere');
    } finally {
      await ctx.close();
    }
  });

  await check('the advanced options are labelled choices with a line of help each, not engine names in text boxes; a changed choice reaches the table', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await ctx.newPage();
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-form');
      await page.fill('#my-name', 'Olga');
      await page.selectOption('#preset', 'railroad');
      await page.locator('details.advanced summary').click();
      const calls = await page.locator('#opt-jambone_calls').evaluate((e) => ({
        tag: e.tagName, value: e.value, values: [...e.options].map((o) => o.value), words: [...e.options].map((o) => o.textContent),
        label: document.querySelector('label[for=opt-jambone_calls]').textContent,
        about: document.getElementById(e.getAttribute('aria-describedby') || '-')?.textContent || '',
      }));
      if (calls.tag !== 'SELECT' || calls.value !== 'every_trick' || calls.values.join() !== 'first_trick,every_trick' || calls.words.join() !== 'first trick,every trick') throw new Error(`jambone_calls offers ${JSON.stringify(calls)}`);
      if (!calls.label.startsWith('Jambone calls') || !/opponents call/.test(calls.about)) throw new Error(`jambone_calls is labelled ${JSON.stringify(calls)}`);
      const joker = await page.locator('#opt-joker_upcard option:checked').textContent();
      if (joker !== 'agreed suit: hearts') throw new Error(`the Joker upcard reads "${joker}"`);
      const robson = await page.locator('#opt-robson option').allTextContents();
      if (robson.join() !== 'Yes,No') throw new Error(`robson offers ${robson}`);
      const target = await page.locator('#opt-winning_score').evaluate((e) => [e.type, e.min, e.max, e.value].join());
      if (target !== 'number,0,1000,5') throw new Error(`winning_score is ${target}`);
      // In groups, every option in one, none left over; an option changed from the preset's
      // value is marked so, and counted on the closed panel (browser tester s47, 7).
      const groupOf = (id) => page.locator(id).evaluate((e) => e.closest('fieldset.option-group')?.querySelector('legend')?.textContent || null);
      for (const [id, g] of [['#opt-stick_the_dealer', 'Bidding'], ['#opt-loner_march_score', 'Going alone'], ['#opt-jambone_calls', 'Jambone and jamboree'], ['#opt-winning_score', 'The game'], ['#opt-fast_break', 'Scoring']]) {
        if ((await groupOf(id)) !== g) throw new Error(`${id} is in the group ${await groupOf(id)}, not ${g}`);
      }
      if (await page.locator('#options legend:text-is("Other")').count()) throw new Error(`options left ungrouped: ${await page.locator('fieldset.option-group:has(legend:text-is("Other"))').innerText()}`);
      if (await page.locator('#options .option.changed').count()) throw new Error('an option is marked changed before any change');
      await page.selectOption('#opt-jambone_calls', 'first_trick');
      const marked = await page.locator('#options .option.changed').evaluateAll((els) => els.map((e) => e.querySelector('label').textContent));
      if (marked.length !== 1 || !/^Jambone calls\s*changed/i.test(marked[0])) throw new Error(`options marked changed: ${JSON.stringify(marked)}`);
      const summary = await page.locator('details.advanced summary').textContent();
      if (!summary.includes('1 changed')) throw new Error(`the advanced panel's summary says "${summary}"`);
      for (let i = 1; i < 4; i++) await page.selectOption(`#seat-kind-${i}`, 'easy');
      await Promise.all([page.waitForURL(/\/t\/[A-Z0-9]+/), page.click('#create')]);
      const code = page.url().split('/t/')[1];
      const info = await (await ctx.request.get(`${base}/api/tables/${code}`)).json();
      const chosen = Object.fromEntries(info.options);
      if (chosen.jambone_calls !== 'first_trick' || chosen.jambone !== 'true') throw new Error(`the table's rules: ${JSON.stringify(info.options)}`);
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-form');
      await page.selectOption('#preset', 'bid-euchre');
      const players = await page.locator('#opt-players').evaluate((e) => [e.type, e.min, e.max, e.value].join());
      if (players !== 'number,2,4,4') throw new Error(`Bid Euchre's players is ${players}`);
      // The individual games' family is the preset chosen, not an option (browser findings s46, 2).
      if (await page.locator('#opt-family').count()) throw new Error('Bid Euchre offers its family as an option');
      if (await page.locator('#options legend:text-is("Other")').count()) throw new Error('Bid Euchre\'s options left ungrouped');
      // A number out of range is said at its field, by its label, before anything is sent, and
      // the panel opened to it (browser findings s46, 1).
      await page.selectOption('#preset', 'north-american');
      await page.fill('#my-name', 'Olga');
      await page.locator('details.advanced').evaluate((d) => { d.open = true; });
      await page.fill('#opt-loner_march_score', '99');
      await page.locator('details.advanced').evaluate((d) => { d.open = false; });
      const before = page.url();
      await page.click('#create');
      await page.waitForSelector('#opt-loner_march_score[aria-invalid="true"]');
      const said = await page.locator('#opt-loner_march_score-error').textContent();
      const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
      const open = await page.locator('details.advanced').evaluate((d) => d.open);
      if (said !== "Loner's march: give a whole number from 0 to 16." || focused !== 'opt-loner_march_score' || !open || page.url() !== before) throw new Error(`a bad number: "${said}", focus on ${focused}, panel open ${open}, at ${page.url()}`);
      await page.fill('#opt-loner_march_score', '4');
      if (await page.locator('#opt-loner_march_score-error').count()) throw new Error('the error stays once the number is right');
      // Partners are who sit opposite: the cut for partners is not offered, and the seats name
      // each one's partner (rules tester s55, 1).
      if (await page.locator('#opt-partners').count()) throw new Error('the cut for partners is offered');
      if (!(await page.locator('#seats', { hasText: 'partner of seat 3' }).count())) throw new Error('the seats do not name their partners');
      // A number of deals set in the panel is what the top field says (browser findings s46, 9).
      await page.fill('#opt-num_deals', '3');
      await page.locator('#opt-num_deals').dispatchEvent('change');
      const top = [await page.locator('label[for=target]').textContent(), await page.inputValue('#target'), await page.inputValue('#opt-winning_score')].join();
      if (top !== 'Number of deals,3,0') throw new Error(`the top field reads ${top}`);
    } finally {
      await ctx.close();
    }
  });

  await check('an invite link to a table there is not (mistyped, or closed after waiting too long): says so, and offers a new table', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    try {
      const page = await ctx.newPage();
      // No table has this code: the server's own answer, not a scripted one.
      await page.goto(`${base}/t/ZZZZZ2`);
      const said = await page.waitForSelector('.panel .error', { timeout: TIMEOUT });
      const text = await said.textContent();
      if (!/^No table ZZZZZ2/.test(text) || !/waited too long for its players/.test(text)) throw new Error(`the page says "${text}"`);
      if ((await page.getByRole('link', { name: 'Set up a new table' }).count()) !== 1) throw new Error('no way to set up a new table');
    } finally {
      await ctx.close();
    }
  });

  await check('a seat the host frees: the page, told so by the close code, offers the seats at once instead of reconnecting; watching then, it asks nothing the seat had asked (review 2 finding 4)', async () => {
    const f = fixtures[0];
    const t = await scripted(f.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(f, 2));
      // The next deal: the last one's review is asked for, and left unanswered.
      t.send(stateMessage(f, 3, { deal_number: f.deal_number + 2 }));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="3"]');
      await waitSent(t.sent, (x) => x.type === 'review', 'a review request');
      // A hint asked for and still on its way when the seat is freed.
      await t.page.click('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      const before = t.sent.length;
      t.close(4001, 'the host freed this seat');
      const status = await t.page.waitForSelector('.status', { timeout: TIMEOUT });
      await t.page.waitForFunction(() => /Your seat was given up/.test(document.querySelector('.status')?.textContent || ''), null, { timeout: TIMEOUT });
      if (!(await status.isVisible())) throw new Error('the note is not shown');
      if (await t.page.evaluate((c) => localStorage.getItem(`euchre:${c}`), CODE) !== null) throw new Error('the old token is kept');
      // Watching instead: the spectator's connection asks for neither, and no panel waits for them.
      await t.page.click('#watch');
      const until = Date.now() + TIMEOUT;
      while (t.urls.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const protocols = await t.page.evaluate(() => window.socketProtocols);
      const token = '0123456789abcdef0123456789abcdef';
      if (JSON.stringify(protocols) !== JSON.stringify([['euchre', `euchre-token.${token}`], ['euchre']]) || t.urls.some((u) => u.includes('token'))) {
        throw new Error(`the page connected with ${JSON.stringify(t.urls)}, subprotocols ${JSON.stringify(protocols)}`);
      }
      const v = { ...f.view, seat: null, hand: [], legal: [], discard: null };
      t.send(stateMessage({ ...f, view: v }, 4, { seat: null, legal: [], deal_number: f.deal_number + 2 }));
      await t.page.waitForSelector('#table[data-seat="spectator"][data-seq="4"]');
      await new Promise((r) => setTimeout(r, 300));
      // (It may ask for the past deals: the deal whose end neither connection saw has no
      // outcome in the log yet. Not the seat's hint or review.)
      const asked = t.sent.slice(before).filter((x) => x.type !== 'past_deals');
      if (asked.length) throw new Error(`the spectator's connection sent ${JSON.stringify(asked)}`);
      if (await t.page.locator('#hint-panel, #review-panel').count()) throw new Error(`a panel waits: ${await t.page.locator('#hint-panel, #review-panel').first().innerText()}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a seat taken back after the host freed it: the page reconnects after the next connection loss, as any page does (browser findings 1)', async () => {
    const f = fixtures[0];
    const t = await scripted(f.view.seat, { width: 390, height: 844 });
    try {
      t.send(stateMessage(f, 2));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      // The table as the invite page now finds it: the freed seat open again.
      await t.page.route(`**/api/tables/${CODE}`, (r) => r.fulfill({
        json: { code: CODE, rules: 'north-american', family: 'four-handed', options: [['winning_score', '10']], seats: [0, 1, 2, 3].map((i) => ({ ...(i === f.view.seat ? { seat: i, kind: 'open', name: null, connected: false } : { seat: i, kind: 'bot', name: 'easy', connected: true }), partner: (i + 2) % 4 })), started: true, game_over: false },
      }));
      const token = 'ffffeeeeddddccccffffeeeeddddcccc';
      await t.page.route(`**/api/tables/${CODE}/seats/${f.view.seat}`, (r) => r.fulfill({ json: { seat: f.view.seat, token } }));
      t.close(4001, 'the host freed this seat');
      await t.page.fill('#join-name', 'Tess');
      // Each seat says whose partner it is (browser findings 17).
      const mine = await t.page.locator('.seat-list li', { has: t.page.locator(`button[data-seat="${f.view.seat}"]`) }).innerText();
      if (!mine.includes(`partner of easy (seat ${((f.view.seat + 2) % 4) + 1})`)) throw new Error(`the open seat reads ${JSON.stringify(mine)}`);
      await t.page.click(`button[data-seat="${f.view.seat}"]`);
      const until = Date.now() + TIMEOUT;
      while (t.urls.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const protocols = await t.page.evaluate(() => window.socketProtocols);
      if (!t.urls[1] || !protocols[1] || !protocols[1].includes(`euchre-token.${token}`)) throw new Error(`the page connected with ${JSON.stringify(t.urls)}, subprotocols ${JSON.stringify(protocols)}`);
      t.send(stateMessage(f, 3));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="3"]');
      // The server stops: the page says so and connects again by itself.
      t.close(1001, 'the server is stopping: reconnect in a moment');
      await t.page.waitForSelector('#connection:not([hidden])', { timeout: TIMEOUT });
      const said = await t.page.locator('#connection').textContent();
      if (!/Connection lost/.test(said)) throw new Error(`the banner says "${said}"`);
      while (t.urls.length < 3 && Date.now() < until + TIMEOUT) await new Promise((r) => setTimeout(r, 20));
      const again = await t.page.evaluate(() => window.socketProtocols[2]);
      if (t.urls.length < 3 || !again || !again.includes(`euchre-token.${token}`)) throw new Error(`the page did not reconnect as its seat: sockets ${JSON.stringify(t.urls)}, subprotocols ${JSON.stringify(again)}`);
      t.send(stateMessage(f, 4));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="4"]');
      if (!(await t.page.locator('#connection').isHidden())) throw new Error('the banner stays after the reconnection');
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the keyboard focus: after a bid it stays on the decision, unavailable while sent, then in the hand; another seat playing leaves it the very same element, not read out again (a11y s50, 1 and 3)', async () => {
    const t = await scripted(bidding.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(bidding, 5));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="5"]');
      await t.page.locator('#actions button').first().focus();
      await t.page.keyboard.press('Enter');
      await waitSent(t.sent, (x) => x.type === 'act', 'the bid');
      const where = () => t.page.evaluate(() => {
        const el = document.activeElement;
        return { tag: el.tagName, within: el.closest('#hand') ? 'hand' : el.closest('#actions') ? 'actions' : 'page', unavailable: el.getAttribute('aria-disabled'), kept: el.kept === true };
      });
      let at = await where();
      if (at.within !== 'actions' || at.unavailable !== 'true') throw new Error(`after the bid the focus is ${JSON.stringify(at)}`);
      const next = (bidding.view.seat + 1) % 4;
      const others = { ...bidding.view, to_act: next, legal: [] };
      t.send(stateMessage({ ...bidding, view: others }, 6, { legal: [], to_act: next }));
      await t.page.waitForSelector('#table[data-seq="6"]');
      at = await where();
      if (at.within !== 'hand') throw new Error(`with the decisions gone the focus is ${JSON.stringify(at)}`);
      await t.page.evaluate(() => {
        document.activeElement.kept = true;
        window.focusMoves = 0;
        document.addEventListener('focusin', () => { window.focusMoves += 1; });
      });
      const later = { ...others, history: [...(others.history || []), [next, 'pass']], to_act: (next + 1) % 4 };
      t.send(stateMessage({ ...bidding, view: later }, 7, { legal: [], to_act: (next + 1) % 4 }));
      await t.page.waitForSelector('#table[data-seq="7"]');
      at = await where();
      const moves = await t.page.evaluate(() => window.focusMoves);
      if (!at.kept || moves !== 0) throw new Error(`another seat's pass moved the focus: ${JSON.stringify(at)}, ${moves} focus events`);
      // Told what the turn asks, and at a new deal who deals and the upcard (a11y s50, 6).
      const said = await t.page.locator('#live p').allTextContents();
      if (!said.some((x) => /^Your turn: (order it up|pick it up), or pass/.test(x))) throw new Error(`the turn was told as ${JSON.stringify(said)}`);
      t.send(stateMessage(bidding, 8, { deal_number: bidding.deal_number + 2 }));
      await t.page.waitForSelector('#table[data-seq="8"]');
      const opening = (await t.page.locator('#live p').allTextContents()).find((x) => x.startsWith(`Deal ${bidding.deal_number + 2}:`));
      const up = cardWords(bidding.view.upcard);
      if (!opening || !opening.endsWith(`deal${bidding.view.dealer === bidding.view.seat ? '' : 's'}; the upcard is the ${up}.`)) throw new Error(`the new deal was told as ${JSON.stringify(opening)}`);
      if (t.errors.length) throw new Error(t.errors.join('; '));
    } finally {
      await t.ctx.close();
    }
  });

  await check('every decision is told to the screen reader even when the server’s end of the deal fills the log first (a11y s50, 2)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const all = play.view.history;
      const [who] = all[all.length - 1];
      const before = { ...play.view, history: all.slice(0, -1) };
      t.send(stateMessage({ ...play, view: before }, 3));
      await t.page.waitForSelector('#table[data-seq="3"]');
      const done = { ...play.view, phase: 'done', legal: [], to_act: null };
      t.send({ type: 'past_deals', deals: [{ deal_number: play.deal_number + 1, view: done, result: null, scores: play.score }] });
      await new Promise((r) => setTimeout(r, 200));
      const heard = (await t.page.locator('#live p').allTextContents()).length;
      t.send(stateMessage(play, 4));
      await t.page.waitForSelector('#table[data-seq="4"]');
      const said = await t.page.locator('#live p').allTextContents();
      const name = who === play.view.seat ? 'You' : 'easy';
      if (said.length <= heard || !said.slice(heard).some((x) => x.startsWith(name))) throw new Error(`the last decision went untold: ${JSON.stringify(said)}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a form refused for a field marks that field and says why beside it, read with the field: the name, the table code, a new account’s password (a11y s50, 10)', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await ctx.newPage();
    try {
      await page.goto(`${base}/`);
      await page.waitForSelector('#create-form');
      const tied = (id) => page.evaluate((x) => {
        const el = document.getElementById(x);
        const notes = (el.getAttribute('aria-describedby') || '').split(' ').map((n) => document.getElementById(n)).filter(Boolean);
        return { invalid: el.getAttribute('aria-invalid'), said: notes.map((n) => n.textContent).join(' '), focused: document.activeElement === el };
      }, id);
      await page.fill('#my-name', '');
      await page.click('#create');
      let at = await tied('my-name');
      if (at.invalid !== 'true' || !/give your name/.test(at.said) || !at.focused) throw new Error(`an empty name: ${JSON.stringify(at)}`);
      await page.fill('#my-name', 'Tess');
      at = await tied('my-name');
      if (at.invalid === 'true') throw new Error('the mark stays once a name is typed');
      await page.fill('#join-code', '');
      await page.press('#join-code', 'Enter');
      at = await tied('join-code');
      if (at.invalid !== 'true' || !/table code/.test(at.said) || !at.focused) throw new Error(`an empty code: ${JSON.stringify(at)}`);
      await page.locator('summary', { hasText: 'Sign in' }).click();
      await page.fill('#account-name', `Short${Date.now() % 100000}`);
      await page.fill('#account-password', 'abc');
      await page.click('button:has-text("Create account")');
      await page.waitForSelector('#account-password[aria-invalid="true"]');
      at = await tied('account-password');
      if (!/password/i.test(at.said) || !/8 characters or more/.test(at.said) || !at.focused) throw new Error(`a short password: ${JSON.stringify(at)}`);
    } finally {
      await ctx.close();
    }
  });

  await check('a spectator told of the company’s next game (once it has begun) follows it to watch, with no seat to take (browser tester s49, left)', async () => {
    const f = fixtures[0];
    const t = await scripted(null, { width: 1100, height: 800 });
    try {
      const v = { ...f.view, seat: null, hand: [], legal: [], discard: null, phase: 'done', to_act: null };
      t.send(stateMessage({ ...f, view: v }, 9, { seat: null, legal: [], game_over: true, winner: 0 }));
      await t.page.waitForSelector('#table[data-state="over"]');
      if (await t.page.locator('#next-game').count()) throw new Error('a way to the next game before the spectator is told of it');
      t.send(stateMessage({ ...f, view: v }, 10, { seat: null, legal: [], game_over: true, winner: 0, next_table: 'NEXTUP' }));
      const button = t.page.locator('#next-game');
      await button.waitFor();
      if ((await button.textContent()) !== 'Watch the next game') throw new Error(`the button says "${await button.textContent()}"`);
      await button.click();
      const until = Date.now() + TIMEOUT;
      while (!t.urls.some((u) => u.includes('/ws/NEXTUP')) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (!t.urls.some((u) => u.includes('/ws/NEXTUP'))) throw new Error(`the page did not go to watch the next table: ${JSON.stringify(t.urls)}, at ${t.page.url()}`);
      if (!/\/t\/NEXTUP\?watch=1&fast=1$/.test(t.page.url())) throw new Error(`the page is at ${t.page.url()}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a spectator refused because the table has as many watchers as it takes is told so, and the page tries again a minute later, not at once (security s48, 3)', async () => {
    const t = await scripted(null, { width: 1100, height: 800, clock: true });
    try {
      t.close(4002, '100 people watch this table already, as many as it takes: try again later');
      await t.page.waitForSelector('#connection:has-text("This page tries again in a minute")');
      const said = await t.page.locator('#connection').textContent();
      if (said !== '100 people watch this table already, as many as it takes. This page tries again in a minute.') throw new Error(`the page says "${said}"`);
      await t.page.clock.runFor(30_000);
      if (t.urls.length !== 1) throw new Error(`tried again within 30 s: ${t.urls.length} sockets`);
      await t.page.clock.runFor(31_000);
      const until = Date.now() + TIMEOUT;
      while (t.urls.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (t.urls.length !== 2) throw new Error(`not tried again after a minute: ${t.urls.length} sockets`);
      if (t.errors.length) throw new Error(t.errors.join('; '));
    } finally {
      await t.ctx.close();
    }
  });

  await check('a connection gone silent without closing: pinged every 10 s, taken for dead after 8 s without an answer to a decision or 6 s without one to a ping; the hand dimmed meanwhile, and a decision lost so is asked for again (browser tester s49, 1 and 6; review s49, 1)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800, clock: true });
    try {
      t.send(stateMessage(play, 3));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="3"]');
      // Quiet but there: a ping every 10 s, answered.
      await t.page.clock.runFor(10_500);
      await waitSent(t.sent, (x) => x.type === 'ping', 'a ping after 10 s');
      t.send({ type: 'pong' });
      await t.page.clock.runFor(12_000);
      t.send({ type: 'pong' });
      if (t.urls.length !== 1) throw new Error(`a connection answering its pings was dropped: ${t.urls.length} sockets`);
      // A card played into silence: no answer within 8 s, and the connection is taken for dead.
      t.sent.length = 0;
      await t.page.click('#hand button[data-legal="1"]');
      const card = await waitSent(t.sent, (x) => x.type === 'act', 'the card');
      await t.page.clock.runFor(9_000);
      await t.page.waitForSelector('#connection:not([hidden])');
      await t.page.waitForSelector('#table[data-connected="no"]');
      const prompt = await t.page.locator('#prompt').textContent();
      if (!/once the connection is back/.test(prompt)) throw new Error(`while reconnecting the prompt says "${prompt}"`);
      const faded = await t.page.locator('#hand').evaluate((el) => Number(getComputedStyle(el).opacity));
      if (!(faded < 1)) throw new Error(`the hand keeps opacity ${faded} while nothing can be played`);
      await t.page.clock.runFor(2_000);
      const until = Date.now() + TIMEOUT;
      while (t.urls.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (t.urls.length !== 2) throw new Error(`the page did not reconnect: ${t.urls.length} sockets`);
      // The same state again: the card never arrived, and the person is told so.
      t.send(stateMessage(play, 3));
      await t.page.waitForSelector('#toast:not([hidden])');
      const said = await t.page.locator('#toast').textContent();
      if (!/did not reach the table/.test(said)) throw new Error(`after the reconnection the toast says "${said}" (the card was ${card.action})`);
      await t.page.waitForSelector('#table[data-state="myturn"][data-connected="yes"]');
      // A ping unanswered for 6 s: dead too.
      await t.page.clock.runFor(17_000);
      await t.page.clock.runFor(2_000);
      while (t.urls.length < 3 && Date.now() < until + TIMEOUT) await new Promise((r) => setTimeout(r, 20));
      if (t.urls.length !== 3) throw new Error(`a connection whose ping went unanswered was kept: ${t.urls.length} sockets`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a friend who drops: the others are told, on the felt, in the prompt and to the screen reader, that a computer plays for them and in how many seconds, counting down; then that it does; the host\'s list says the same words, and the host may let a computer play at once (browser tester s49, 5)', async () => {
    const v = play.view;
    const other = (v.seat + 1) % 4;
    const t = await scripted(v.seat, { width: 1100, height: 800, clock: true }, '?fast=1', 'hosttoken0123456789abcdef01234567');
    try {
      const waiting = { ...v, to_act: other, legal: [] };
      const seats = (over) => [0, 1, 2, 3].map((i) => ({ seat: i, kind: i === v.seat ? 'person' : 'bot', name: i === v.seat ? 'Tess' : 'easy', connected: true, partner: (i + 2) % 4, ...(i === other ? { kind: 'person', name: 'Zoë', ...over } : {}) }));
      t.send(stateMessage({ ...play, view: waiting }, 3, { legal: [], seats: seats({}) }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      t.send(stateMessage({ ...play, view: waiting }, 4, { legal: [], seats: seats({ connected: false, stand_in_in: 45 }) }));
      await t.page.waitForSelector('#table[data-seq="4"]');
      const prompt = () => t.page.locator('#prompt').textContent();
      const first = await prompt();
      if (!/Waiting for Zoë, who lost the connection: a computer plays for them in 45 s unless they come back/.test(first)) throw new Error(`the prompt says "${first}"`);
      const said = await t.page.locator('#live p').allTextContents();
      if (!said.some((x) => /^Zoë lost the connection: a computer plays for them in 45 seconds unless they come back\.$/.test(x))) throw new Error(`the screen reader heard ${JSON.stringify(said)}`);
      await t.page.clock.runFor(10_000);
      const later = await prompt();
      // The count is redrawn each second of the page's clock, so it may lag by one.
      if (!/in 3[56] s unless/.test(later)) throw new Error(`ten seconds on the prompt says "${later}"`);
      const badge = await t.page.locator(`.seat .badge.away`).first().textContent();
      if (!/^Offline · 3[56] s$/.test(badge)) throw new Error(`the seat's badge says "${badge}"`);
      const host = await t.page.locator('.seat-list').textContent();
      if (!/Zoë \(offline\)/.test(host)) throw new Error(`the host's list says "${host}"`);
      // The host may let a computer play at once, from the seat itself.
      const asked = [];
      await t.page.route(`**/api/tables/${CODE}/seats/${other}/away`, (r) => { asked.push(JSON.parse(r.request().postData())); r.fulfill({ json: { ok: true } }); });
      await t.page.click(`.seat .badges .play-now[data-seat="${other}"]`);
      const until = Date.now() + TIMEOUT;
      while (!asked.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      if (!asked.length || asked[0].host !== 'hosttoken0123456789abcdef01234567') throw new Error(`"Let a computer play now" asked ${JSON.stringify(asked)}`);
      // The grace over: the computer plays, and the count goes.
      t.send(stateMessage({ ...play, view: waiting }, 5, { legal: [], seats: seats({ kind: 'away', connected: false }) }));
      await t.page.waitForSelector('#table[data-seq="5"]');
      const after = await t.page.locator('#live p').allTextContents();
      if (!after.includes('A computer plays for Zoë until they come back.')) throw new Error(`the screen reader heard ${JSON.stringify(after)}`);
      if (await t.page.locator('[data-countdown]').count()) throw new Error('a count goes on once the computer plays');
      if (!/Waiting for Zoë…/.test(await prompt())) throw new Error(`the prompt says "${await prompt()}"`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a review on its way when the connection drops, or asked for while it is down, is asked again on reconnecting (browser findings 2)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const done = { ...play.view, phase: 'done', to_act: null, legal: [] };
      t.send(stateMessage({ ...play, view: done }, 3, { deal_number: 1, legal: [] }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      // The next deal: the page asks for deal 1's review, which the server never answers.
      t.send(stateMessage(play, 4, { deal_number: 2 }));
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review of deal 1');
      t.sent.length = 0;
      t.close(1001, 'the server is stopping: reconnect in a moment');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review of deal 1 again, on the new connection');
      if (t.urls.length !== 2) throw new Error(`${t.urls.length} sockets`);
      t.send(stateMessage(play, 4, { deal_number: 2 }));
      t.send({ type: 'review', deal: 1, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel p:has-text("You made no decision")');
      // Asked for while the connection is down: said so, and sent once it is back.
      t.sent.length = 0;
      t.close(1001, 'the server is stopping: reconnect in a moment');
      await t.page.waitForSelector('#connection:not([hidden])');
      await t.page.click('#review-btn');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review asked for while the connection was down');
      t.send(stateMessage(play, 4, { deal_number: 2 }));
      // A review refused offers another try.
      t.send({ type: 'error', error: 'the analysis failed', seq: 4 });
      await t.page.waitForSelector('#review-retry');
      t.sent.length = 0;
      await t.page.click('#review-retry');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review asked for again by "Try again"');
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the log keeps the name of whoever decided when a seat changes hands, and the last deal of the game has its result line (browser findings 8, 18)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      // Someone else who decided in the fixture's deal (the dealer, who discarded).
      const decided = play.view.history.find(([seat]) => seat !== play.view.seat);
      if (!decided) throw new Error('nobody else decided in the fixture');
      const bo = decided[0];
      const withBo = (seq, over = {}, kind = 'person') => {
        const m = stateMessage(play, seq, { deal_number: 1, ...over });
        m.seats[bo] = kind === 'person' ? { seat: bo, kind, name: 'Bo', connected: true } : { seat: bo, kind: 'open', name: null, connected: false };
        return m;
      };
      t.send(withBo(3));
      await t.page.waitForSelector('#table[data-seq="3"] #log li');
      // The host frees Bo's seat: the same state, the seat open.
      t.send(withBo(3, {}, 'open'));
      await t.page.waitForSelector('#felt .badge.away:has-text("Open")');
      const text = await t.page.locator('#log').innerText();
      if (!/\bBo\b/.test(text) || /Open seat/.test(text)) throw new Error(`the log says ${text}`);
      // The game's last deal ends: its result is in its part of the log.
      const done = { ...play.view, phase: 'done', to_act: null, legal: [], points: [0, 2], tricks_won: [2, 3], maker: bo };
      t.send(withBo(4, { view: done, legal: [], to_act: null, game_over: true, winner: 1, scores: [7, 10] }, 'open'));
      await t.page.waitForSelector('#table[data-state="over"]');
      const last = await t.page.locator('#log details').last().locator('.result-line').allTextContents();
      if (last.length !== 1 || !last[0].startsWith('Deal 1:')) throw new Error(`the last deal's result lines: ${JSON.stringify(last)}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a decision with nothing to choose (a jamboree question with only a pass) is passed for the person and said; a choice the rules leave out is explained (browser findings 16)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const jam = { ...play.view, phase: 'jamboree', tricks: [], legal: ['pass'] };
      t.send(stateMessage({ ...play, view: jam }, 7, { legal: ['pass'] }));
      const m = await waitSent(t.sent, (x) => x.type === 'act', 'the pass taken for the person');
      if (m.action !== 'pass' || m.seq !== 7) throw new Error(`the page sent ${JSON.stringify(m)}`);
      if (await t.page.locator('#actions button').count()) throw new Error('a button to press for a decision taken for the person');
      const next = { ...play.view, phase: 'play', to_act: (play.view.seat + 1) % 4, legal: [] };
      t.send(stateMessage({ ...play, view: next }, 8, { legal: [], to_act: next.to_act }));
      await t.page.waitForSelector('#table[data-seq="8"]');
      const said = await t.page.locator('#prompt').textContent();
      if (said !== 'Jamboree: you had nothing to claim, so you passed.') throw new Error(`the prompt says "${said}"`);
      // Canadian: the dealer's partner may order up only alone.
      const partner = { ...bidding.view, dealer: (bidding.view.seat + 2) % 4, legal: ['pass', 'order alone'] };
      t.send(stateMessage({ ...bidding, view: partner, rules: 'canadian' }, 9, { legal: partner.legal, rules: 'canadian', deal_number: 9 }));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="9"]');
      const prompt = await t.page.locator('#prompt').textContent();
      if (!/dealer's partner orders up only alone/.test(prompt)) throw new Error(`the prompt says "${prompt}"`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('an individual game\'s deal result says the tricks and whether the maker made it, was euchred or was set (browser findings 7)', async () => {
    const three = fixtures.find((x) => x.family === 'three-handed' && x.view.phase === 'play');
    const t = await scripted(three.view.seat, { width: 1100, height: 800 });
    try {
      const me = three.view.seat;
      const tw = [0, 0, 0];
      tw[me] = 3;
      tw[(me + 1) % 3] = 4;
      const delta = [0, 0, 0];
      delta[(me + 1) % 3] = 2;
      const done = { ...three.view, phase: 'done', to_act: null, legal: [], maker: me, tricks_won: tw, delta };
      t.send(stateMessage({ ...three, view: done }, 5, { legal: [], to_act: null, scores: delta, result: 'euchred' }));
      await t.page.waitForSelector('#last-result');
      const text = await t.page.locator('#last-result p').textContent();
      if (!/; tricks (\w.*, )?You 3\b/.test(text) || !/tricks [^.]*easy \(seat \d\) 4/.test(text) || !text.includes('You were euchred.')) throw new Error(`the result says "${text}"`);
      // The log's summary line says it in short (browser tester s47, 1).
      const line = await t.page.locator('#log summary').last().textContent();
      if (line !== `Deal ${three.deal_number + 1}: You called ${{ C: '♣', D: '♦', H: '♥', S: '♠' }[three.view.trump]} — euchred, +2 to easy (seat ${(me + 1) % 3 + 1})`) throw new Error(`the log's summary says "${line}"`);
      // Bid Euchre: a bid made counts the maker's tricks off.
      const bid = fixtures.find((x) => x.family === 'bid-euchre');
      const n = bid.view.hand_sizes.length;
      const bw = Array(n).fill(0);
      bw[bid.view.seat] = 3;
      const bd = Array(n).fill(0);
      bd[bid.view.seat] = -3;
      const made = { ...bid.view, phase: 'done', to_act: null, legal: [], maker: bid.view.seat, bid: 2, trump: 'H', tricks_won: bw, delta: bd, active: Array(n).fill(true) };
      t.send(stateMessage(bid, 6, { deal_number: 4, seat: bid.view.seat, legal: [] }));
      t.send(stateMessage({ ...bid, view: made }, 6, { legal: [], to_act: null, deal_number: 4, family: 'bid-euchre', seat: bid.view.seat, scores: Array(n).fill(20), result: 'made' }));
      await t.page.waitForSelector('#table[data-seq="6"] #last-result');
      const said = await t.page.locator('#last-result p').textContent();
      if (!/, bidding 2; tricks [^.]*You 3\b/.test(said) || !said.includes('You made the bid.')) throw new Error(`the result says "${said}"`);
      const bidLine = await t.page.locator('#log summary').last().textContent();
      if (bidLine !== 'Deal 4: You bid 2 in ♥ — made it, −3') throw new Error(`the log's summary says "${bidLine}"`);
      // The game's end: where the person finished, and the standings in order, the winner
      // first, below 0 with a minus sign (browser findings s46, 11, 13).
      const w = (bid.view.seat + 1) % n;
      const scores = Array(n).fill(0);
      [[w, -2], [(w + 1) % n, 5], [bid.view.seat, 12], [(w + 2) % n, 20]].forEach(([seat, x]) => { scores[seat] = x; });
      t.send(stateMessage({ ...bid, view: made }, 7, { legal: [], to_act: null, deal_number: 4, family: 'bid-euchre', seat: bid.view.seat, scores, result: 'made', game_over: true, winner: w }));
      await t.page.waitForSelector('#game-over');
      const over = await t.page.locator('#game-over').innerText();
      const standing = `Final standings: easy (seat ${w + 1}) −2, easy (seat ${(w + 1) % n + 1}) 5, You 12, easy (seat ${(w + 2) % n + 1}) 20`;
      if (!over.includes(`easy (seat ${w + 1}) won the game; you finished 3rd of 4`) || !over.includes(standing)) throw new Error(`the end says "${over}"`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a seat sitting out keeps its text 4.5:1; the hint looks unlike the keyboard focus; on a touch phone the hint comes into view and the decisions have no number keys (browser findings 11, 12, 13, 18)', async () => {
    const t = await scripted(bidding.view.seat, { width: 390, height: 844, touch: true });
    try {
      // The fixture's partner of the loner sits out.
      t.send(stateMessage(play, 3));
      await t.page.waitForSelector('#table[data-seq="3"] .seat.inactive');
      const worst = await t.page.locator('.seat.inactive').first().evaluate((seat) => {
        const rgb = (c) => c.match(/[\d.]+/g).map(Number);
        const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
        // The ground behind the text: the felt's darkest green under the seat's shade, as the
        // tester measured it; each text's own opacity and its badge's ground counted.
        const ratio = (el) => {
          let op = 1;
          let bg = null;
          for (let e = el; e; e = e.parentElement) {
            const st = getComputedStyle(e);
            op *= Number(st.opacity);
            const c = rgb(st.backgroundColor);
            if (!bg && c.length === 3) bg = c;
            if (!bg && e.classList.contains('seat')) {
              const felt = rgb(getComputedStyle(document.documentElement).getPropertyValue('--felt').trim().replace(/^#(..)(..)(..)$/, (m, r, g, b) => `rgb(${parseInt(r, 16)}, ${parseInt(g, 16)}, ${parseInt(b, 16)})`));
              bg = felt.map((x) => x * (1 - c[3]));
            }
          }
          const fg = rgb(getComputedStyle(el).color).slice(0, 3).map((x, i) => x * op + bg[i] * (1 - op));
          const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
          return (a + 0.05) / (b + 0.05);
        };
        const texts = [...seat.querySelectorAll('.seat-name, .seat-no-tag, .badge, .tricks-won')];
        return Math.min(...texts.map(ratio));
      });
      if (worst < 4.5) throw new Error(`a text of a seat sitting out is ${worst.toFixed(2)}:1`);
      t.send(stateMessage(bidding, 4));
      await t.page.waitForSelector('#table[data-state="myturn"][data-seq="4"]');
      if (await t.page.locator('#actions kbd').evaluateAll((ks) => ks.some((k) => getComputedStyle(k).display !== 'none'))) throw new Error('number keys shown on a touch screen');
      await t.page.click('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      const best = bidding.view.legal[0];
      t.send({ type: 'hint', seq: 4, best, choices: bidding.view.legal.map((a) => ({ action: a, value: a === best ? 1 : 0 })) });
      await t.page.waitForSelector('#hint-panel strong');
      await t.page.waitForFunction(() => { const r = document.querySelector('#hint-panel').getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight - 40; }, null, { timeout: 5000 });
      // The hinted button's ring and the focus ring are told apart by colour.
      const button = t.page.locator(`#actions button[data-action="${best}"]`);
      const ring = await button.evaluate((b) => getComputedStyle(b).boxShadow);
      // Focus by keyboard, as :focus-visible wants it: to the next decision and back.
      await button.focus();
      await t.page.keyboard.press('ArrowRight');
      await t.page.keyboard.press('ArrowLeft');
      const focus = await button.evaluate((b) => getComputedStyle(b).outlineColor);
      const gold = /rgb\(242, 193, 46\)/;
      if (!gold.test(focus) || gold.test(ring)) throw new Error(`the focus ring is ${focus}, the hint's ${ring}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('each closed deal of the log says its outcome in its summary line, live and from the server\'s past deals (browser tester s47, 1)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const me = play.view.seat;
      const ours = (a, b) => (me % 2 === 0 ? [a, b] : [b, a]);
      // Deal 3 opened late: the page asks for deals 1 and 2.
      t.send(stateMessage(play, 3, { deal_number: 3 }));
      await waitSent(t.sent, (x) => x.type === 'past_deals', 'the past deals asked for');
      const end = (over) => ({ ...play.view, phase: 'done', to_act: null, legal: [], ...over });
      t.send({ type: 'past_deals', deals: [
        { deal_number: 1, view: end({ maker: (me + 1) % 4, maker_alone: false, trump: 'H', points: ours(2, 0), tricks_won: ours(3, 2) }), result: 'euchred', scores: ours(2, 0) },
        { deal_number: 2, view: end({ maker: me, maker_alone: true, trump: 'S', points: ours(4, 0), tricks_won: ours(5, 0) }), result: 'marched', scores: ours(6, 0) },
      ] });
      await t.page.waitForSelector('#log details:nth-of-type(3)');
      // Deal 3 ends as the person watches.
      t.send(stateMessage({ ...play, view: end({ maker_alone: false, points: ours(1, 0), tricks_won: ours(3, 2) }) }, 4, { deal_number: 3, legal: [], to_act: null, result: 'made', scores: ours(7, 0) }));
      await t.page.waitForSelector('#table[data-seq="4"] #last-result');
      const said = await t.page.locator('#log summary').allTextContents();
      const want = ['Deal 1: They called ♥ — euchred, +2 to us', 'Deal 2: We called ♠ alone — march, +4', 'Deal 3: We called ♠ — made it, +1'];
      if (JSON.stringify(said) !== JSON.stringify(want)) throw new Error(`the log's summaries: ${JSON.stringify(said)}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a deal whose end the page did not see gets its outcome from the server (review s47, 12)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      const me = play.view.seat;
      const ours = (a, b) => (me % 2 === 0 ? [a, b] : [b, a]);
      t.send(stateMessage(play, 3, { deal_number: 1 }));
      await t.page.waitForSelector('#table[data-seq="3"]');
      // Deal 2's first state comes before any of deal 1's end.
      t.send(stateMessage(play, 9, { deal_number: 2 }));
      await waitSent(t.sent, (x) => x.type === 'past_deals', 'the past deals asked for');
      const end = { ...play.view, phase: 'done', to_act: null, legal: [], maker: me, maker_alone: false, trump: 'S', points: ours(1, 0), tricks_won: ours(3, 2) };
      t.send({ type: 'past_deals', deals: [{ deal_number: 1, view: end, result: 'made', scores: ours(1, 0) }] });
      await t.page.waitForFunction(() => document.querySelector('#log summary')?.textContent.includes('made it'));
      const said = await t.page.locator('#log summary').first().textContent();
      if (said !== 'Deal 1: We called ♠ — made it, +1') throw new Error(`deal 1's summary: "${said}"`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('any finished deal is reviewed from its part of the log; the server\'s refusal is shown (browser tester s47, 2)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      await inDealThreeAfterTwo(t, play);
      if (await t.page.locator('#review-deal-3').count()) throw new Error('the deal in play offers a review');
      // Deal 1, before the person took the seat: the server refuses, in its words.
      await t.page.locator('#log summary').first().click();
      await t.page.click('#review-deal-1');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review of deal 1');
      t.send({ type: 'error', error: 'deal 1 was played before you took this seat', seq: 3 });
      await t.page.waitForSelector('#review-panel .error:has-text("deal 1 was played before you took this seat")');
      // Deal 2 is reviewed.
      await t.page.locator('#log summary').nth(1).click();
      await t.page.click('#review-deal-2');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 2, 'the review of deal 2');
      t.send({ type: 'review', deal: 2, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel h2:has-text("Review of deal 2")');
      await t.page.waitForSelector('#review-panel p:has-text("You made no decision")');
      // Closing it puts the keyboard focus back on the log's button it was asked from, not on
      // "Review last deal" (browser tester s47).
      await t.page.focus('#review-close');
      await t.page.keyboard.press('Enter');
      await t.page.waitForSelector('#review-panel', { state: 'detached' });
      const back = await t.page.evaluate(() => document.activeElement.id);
      if (back !== 'review-deal-2') throw new Error(`after the review's Close the focus is on ${back}`);
      // Told that the seat was taken in deal 2 (deal 1 another's), the page offers no review
      // of deal 1 (review s47, 13).
      const taken = stateMessage(play, 4, { deal_number: 3 });
      taken.seats[play.view.seat].held_from = 1;
      t.send(taken);
      await t.page.waitForSelector('#table[data-seq="4"]');
      if (await t.page.locator('#review-deal-1').count()) throw new Error('deal 1, played before the seat was taken, offers a review');
      if (!(await t.page.locator('#review-deal-2').count())) throw new Error('deal 2 offers no review');
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a second deal\'s review asked while one is on its way is asked once that one is answered, and only it is shown (review s47, 2)', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      await inDealThreeAfterTwo(t, play);
      await t.page.locator('#log summary').first().click();
      await t.page.click('#review-deal-1');
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 1, 'the review of deal 1');
      await t.page.locator('#log summary').nth(1).click();
      await t.page.click('#review-deal-2');
      await t.page.waitForTimeout(200);
      const asked = () => t.sent.filter((x) => x.type === 'review').map((x) => x.deal);
      if (JSON.stringify(asked()) !== '[1]') throw new Error(`asked before deal 1's answer: ${JSON.stringify(asked())}`);
      // Deal 1's answer comes: not shown, deal 2's asked.
      t.send({ type: 'review', deal: 1, dealer: 3, decisions: [], unjudged: 0 });
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 2, 'the review of deal 2, once deal 1 is answered');
      if (await t.page.locator('#review-panel h2:has-text("Review of deal 1")').count()) throw new Error('deal 1\'s review was shown');
      t.send({ type: 'review', deal: 2, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel h2:has-text("Review of deal 2")');
      const closeReview = async () => {
        await t.page.focus('#review-close');
        await t.page.keyboard.press('Enter');
        await t.page.waitForSelector('#review-panel', { state: 'detached' });
        return t.page.evaluate(() => document.activeElement.id);
      };
      const back = await closeReview();
      if (back !== 'review-deal-2') throw new Error(`after deal 2's review the focus is on ${back}`);
      // The next deal brings deal 3's review by itself: closing it does not send the focus to
      // the log's button of the review asked before (review s48, 6).
      t.send(stateMessage(play, 9, { deal_number: 4 }));
      await waitSent(t.sent, (x) => x.type === 'review' && x.deal === 3, 'the review of deal 3, at the next deal');
      t.send({ type: 'review', deal: 3, dealer: 3, decisions: [], unjudged: 0 });
      await t.page.waitForSelector('#review-panel h2:has-text("Review of deal 3")');
      const after = await closeReview();
      if (!['review-btn', 'markers-btn'].includes(after)) throw new Error(`after deal 3's review the focus is on ${after}`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('a spectator\'s result of a euchre has no brackets inside brackets (browser tester s47, 3)', async () => {
    const t = await scripted(null, { width: 1100, height: 800 });
    try {
      const v = { ...play.view, seat: null, hand: [], legal: [], discard: null };
      t.send(stateMessage({ ...play, view: v }, 4, { seat: null, legal: [] }));
      await t.page.waitForSelector('#table[data-seat="spectator"]');
      const done = { ...v, phase: 'done', to_act: null, maker: 1, maker_alone: false, points: [2, 0], tricks_won: [3, 2] };
      t.send(stateMessage({ ...play, view: done }, 5, { seat: null, legal: [], to_act: null, result: 'euchred', scores: [2, 0] }));
      await t.page.waitForSelector('#table[data-seq="5"] #last-result');
      const text = await t.page.locator('#last-result p').textContent();
      if (/\([^)]*\(/.test(text) || !text.includes('were euchred')) throw new Error(`the result says "${text}"`);
      const line = await t.page.locator('#log summary').last().textContent();
      if (/\([^)]*\(/.test(line) || !line.includes('euchred, +2 to easy (seat 1) & easy (seat 3)')) throw new Error(`the log's summary says "${line}"`);
      if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
    } finally {
      await t.ctx.close();
    }
  });

  await check('the game over with every card played: no empty band where the hand was, on a desktop or a phone (browser tester s47, 4)', async () => {
    for (const size of [{ width: 1100, height: 800 }, { width: 390, height: 844, touch: true }]) {
      const t = await scripted(play.view.seat, size);
      try {
        const over = { ...play.view, phase: 'done', hand: [], hand_sizes: [0, 0, 0, 0], legal: [], to_act: null, points: [1, 0], tricks_won: [3, 2] };
        t.send(stateMessage({ ...play, view: over }, 5, { legal: [], to_act: null, result: 'made', scores: [10, 4], game_over: true, winner: 0 }));
        await t.page.waitForSelector('#table[data-state="over"]');
        // What follows the table in the play area starts right below it.
        const gap = await t.page.evaluate(() => {
          const felt = document.querySelector('#felt');
          const next = [...felt.parentElement.children].filter((el) => el.getBoundingClientRect().top >= felt.getBoundingClientRect().bottom && el.getBoundingClientRect().height > 0);
          return next.length ? Math.min(...next.map((el) => el.getBoundingClientRect().top)) - felt.getBoundingClientRect().bottom : 0;
        });
        if (gap > 24) throw new Error(`${size.width} px wide: ${Math.round(gap)} px of empty band below the table`);
        const empty = await t.page.evaluate(() => [...document.querySelectorAll('.play-area > *')].filter((el) => el.getBoundingClientRect().height > 24 && !el.textContent.trim()).map((el) => el.className));
        if (empty.length) throw new Error(`${size.width} px wide: empty parts below the table: ${empty.join(', ')}`);
        if (t.errors.length) throw new Error(`page errors: ${t.errors.join('; ')}`);
      } finally {
        await t.ctx.close();
      }
    }
  });

  await check('a phone (390x844): the largest hand and the most buttons fit without sideways scrolling', async () => {
    const big = [...fixtures].sort((a, b) => b.view.hand.length - a.view.hand.length)[0];
    const many = [...fixtures].sort((a, b) => b.view.legal.length - a.view.legal.length)[0];
    for (const f of [big, many]) {
      const t = await scripted(f.view.seat, { width: 390, height: 844 });
      try {
        t.send(stateMessage(f, 2));
        await t.page.waitForSelector('#table[data-state="myturn"]');
        const width = await t.page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) throw new Error(`${f.view.hand.length} cards, ${f.view.legal.length} decisions: the page is ${width} px wide`);
        const hand = await t.page.locator('#hand').boundingBox();
        if (hand && hand.x + hand.width > 391) throw new Error('the hand runs off the screen');
      } finally {
        await t.ctx.close();
      }
    }
  });
} finally {
  await browser.close();
}
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`client: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
