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
// review of a game's last deal, and a 40-letter name cut short.
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
    seats: Array.from({ length: n }, (_, i) => ({ seat: i, kind: i === v.seat ? 'person' : 'bot', name: i === v.seat ? 'Tess' : 'easy', connected: true })),
    started: true, game_over: false, winner: null, family: f.family, rules: f.rules, ...over,
  };
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let passed = 0;
let failed = 0;
async function check(name, fn) {
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
  const ctx = await browser.newContext({ viewport });
  await ctx.addInitScript(([code, s, h]) => {
    if (s !== null) localStorage.setItem(`euchre:${code}`, JSON.stringify({ seat: s, token: '0123456789abcdef0123456789abcdef', host: h }));
  }, [CODE, seat, host]);
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent = [];
  let socket = null;
  let connected;
  const ready = new Promise((r) => { connected = r; });
  await page.routeWebSocket(/\/ws\//, (ws) => {
    socket = ws;
    ws.onMessage((m) => sent.push(JSON.parse(m)));
    connected();
  });
  // A spectator comes through the invite page, which asks the server about the table.
  await page.route(`**/api/tables/${CODE}`, (r) => r.fulfill({
    json: { code: CODE, rules: 'north-american', options: [['winning_score', '10']], seats: [0, 1, 2, 3].map((i) => ({ seat: i, kind: 'bot', name: 'easy', connected: true })), started: true, game_over: false },
  }));
  await page.goto(`${base}/t/${CODE}${search}`);
  if (seat === null) await page.click('#watch');
  await Promise.race([ready, new Promise((_, no) => setTimeout(() => no(new Error('the page never opened its WebSocket')), TIMEOUT))]);
  return { ctx, page, sent, errors, send: (m) => socket.send(JSON.stringify(m)) };
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

  await check('hint and review panels', async () => {
    const t = await scripted(play.view.seat, { width: 1100, height: 800 });
    try {
      t.send(stateMessage(play, 3, { deal_number: 2 }));
      await t.page.waitForSelector('#table[data-state="myturn"]');
      await t.page.click('#hint-btn');
      await waitSent(t.sent, (x) => x.type === 'hint', 'a hint request');
      const best = play.view.legal[1];
      t.send({ type: 'hint', seq: 3, best, choices: play.view.legal.map((a, i) => ({ action: a, value: a === best ? 1.5 : -0.25 * i })) });
      await t.page.waitForSelector('#hint-panel strong');
      const shown = await t.page.locator('#hint-panel strong').innerText();
      if (!/^Play /.test(shown)) throw new Error(`the hint says ${shown}`);
      if (!(await t.page.locator(`#hand .hinted[data-action="${best}"]`).count())) throw new Error('the hinted card is not marked in the hand');
      // In the play each card has its value, and no bidding chances.
      const values = await t.page.locator('#hint-panel tbody tr').count();
      if (values !== play.view.legal.length) throw new Error(`${values} cards valued, not ${play.view.legal.length}`);
      if (await t.page.locator('#hint-panel .why').count()) throw new Error('the play hint is explained as a bid');
      // A review arrives (the page asks for one when it sees a deal end). Its bids are worded
      // by the reviewed deal's dealer, not today's: the seat dealt that deal exactly when it
      // does not deal this one.
      const dealtThen = play.view.dealer !== play.view.seat;
      const dealer = dealtThen ? play.view.seat : (play.view.seat + 1) % 4;
      t.send({ type: 'review', deal: 1, dealer, decisions: [{ index: 1, action: 'pass', best: 'order', loss: 0.85, choices: [] }, { index: 2, action: play.view.legal[0], best: play.view.legal[0], loss: 0, choices: [] }], unjudged: 0 });
      await t.page.waitForSelector('#review-panel .mistake');
      const text = await t.page.locator('#review-panel').innerText();
      const word = dealtThen ? 'Pick it up' : 'Order up';
      if (!text.includes(`better was ${word}`)) throw new Error(`the review says ${text}, not "better was ${word}"`);
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
          { action: 'pass', value: -0.4, ...odds(0.05, 0, 0.02, 0.64, 0.47, -0.012) },
          { action: 'order', value: 0.9, ...odds(0.72, 0.18, 0.11, 0, 0.531, 0.031) },
          { action: 'order alone', value: 0.2, ...odds(0.4, 0.1, 0.6, 0, 0.49, 0) },
        ].filter((c) => bidding.view.legal.includes(c.action)),
      });
      await t.page.waitForSelector('#hint-panel .why');
      const rows = (await t.page.locator('#hint-panel tbody tr').allInnerTexts()).map((r) => r.replace(/\u00a0/g, ' '));
      const order = rows.find((r) => /^Order up\b/.test(r) && !/alone/i.test(r));
      if (!order || !order.includes('make 72% · march 18% · euchred 11% · game +3.1%')) throw new Error(`order up is explained as ${JSON.stringify(order)}; rows ${JSON.stringify(rows)}`);
      const pass = rows.find((r) => /^Pass/.test(r));
      if (!pass || !pass.includes('they make 64%') || !pass.includes('game −1.2%')) throw new Error(`pass is explained as ${JSON.stringify(pass)}`);
      if (!/^Order up/.test(rows[0])) throw new Error(`the best choice is not listed first: ${JSON.stringify(rows)}`);
      if (!(await t.page.locator('#hint-key').count())) throw new Error('no key to the chances');
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

  await check('an account: created, signed out, and signed in again with Enter (a real form); no favicon request', async () => {
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

  await check('play again: the host opens the next game and is seated at the same seat there; the others are offered it', async () => {
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
      u.send(stateMessage({ ...play, view: over }, 9, { legal: [], to_act: null, game_over: true, winner: 0 }));
      await u.page.waitForSelector('#game-over');
      if (await u.page.locator('#play-again').count()) throw new Error('a guest was offered to open the next game');
      u.send(stateMessage({ ...play, view: over }, 9, { legal: [], to_act: null, game_over: true, winner: 0, next_table: 'NXTGAM' }));
      await u.page.waitForSelector('#next-game');
    } finally {
      await u.ctx.close();
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
