// A whole game of Euchre played in a real browser (Chromium through playwright-core) against
// `euchre serve`: person A sets up a table on the start page, person B opens the invite link on a
// phone-sized screen and takes the partner's seat, both play every decision by clicking (or
// tapping, or the keyboard) one of the legal cards or buttons the page offers, A reloads the page
// mid-game and carries on, a spectator watches, and at the end the EGN downloaded from the page's
// link must pass `euchre egn check`.
//
//   node e2e/game.mjs URL [BINARY]     (BINARY: the euchre binary, or $EUCHRE_BINARY)
//
// Screenshots of the table mid-game go to docs/img/table-desktop.png and table-phone.png (or to
// $E2E_SHOTS_DIR). With $E2E_RESTART (set by run.sh), the server is killed and restarted mid-game.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const base = (process.argv[2] || '').replace(/\/$/, '');
const binary = process.argv[3] || process.env.EUCHRE_BINARY;
if (!base || !binary) {
  console.error('usage: node e2e/game.mjs URL BINARY');
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = process.env.E2E_SHOTS_DIR || path.join(repo, 'docs', 'img');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'euchre-e2e-'));
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const STEP_TIMEOUT = 60_000;
const MAX_DECISIONS = 2000;
// E2E_FAST=0 plays at the page's human pace (tricks held on the table), to watch it work.
const FAST = process.env.E2E_FAST === '0' ? '' : '?fast=1';

const log = (...a) => console.log(`[e2e ${new Date().toISOString().slice(11, 19)}]`, ...a);
const problems = [];

// A seeded choice among the legal controls, so a failing run can be repeated.
let rng = Number(process.env.E2E_SEED || Date.now() % 100000);
// The server's restart mid-game, done once, by whichever page's play comes to it first.
const restart = { done: false };
const seedUsed = rng;
function random(n) {
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng % n;
}

const frames = new Map();
function watchPage(page, who) {
  // The last WebSocket messages each way, to show with a failure.
  const recent = [];
  frames.set(who, recent);
  page.on('websocket', (ws) => {
    // A seat's token travels as a subprotocol, never in the address (proxies log addresses).
    if (/[?&]token=/.test(ws.url())) problems.push(`${who}: a seat token in the WebSocket's address ${ws.url()}`);
    const keep = (dir, f) => {
      recent.push(`${dir} ${String(f.payload).slice(0, 160)}`);
      if (recent.length > 40) recent.shift();
    };
    ws.on('framesent', (f) => keep('>', f));
    ws.on('framereceived', (f) => keep('<', f));
  });
  page.on('pageerror', (e) => problems.push(`${who}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|ERR_CONNECTION|Failed to load resource/.test(m.text())) {
      problems.push(`${who}: console error: ${m.text()}`);
    }
  });
}

async function tableState(page) {
  return page.evaluate(() => {
    const t = document.querySelector('#table');
    if (!t) return null;
    return { ...t.dataset, played: document.querySelectorAll('#felt .played').length, trickOpen: !document.querySelector('#felt .played.winner') };
  });
}

/** Waits until it is this page's turn or the game is over; returns the table's data. */
async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector('#table');
    return t && (t.dataset.state === 'myturn' || t.dataset.state === 'over');
  }, null, { timeout: STEP_TIMEOUT, polling: 50 });
  return tableState(page);
}

/** One decision through the page; `how` is click, tap or key. Returns the action's text. */
async function decide(page, how) {
  const controls = page.locator('#table[data-state="myturn"] [data-legal="1"]:not([disabled]):not([aria-disabled="true"])');
  const n = await controls.count();
  if (n === 0) throw new Error('my turn, but the page offers no legal control');
  const pick = controls.nth(random(n));
  const action = await pick.getAttribute('data-action');
  const before = await page.locator('#table').getAttribute('data-seq');
  if (how === 'key') {
    const isCard = (await pick.getAttribute('data-card')) !== null;
    if (isCard) {
      await pick.focus();
      await page.keyboard.press('Enter');
    } else {
      const index = await page.locator('#actions button').evaluateAll((bs, a) => bs.findIndex((b) => b.dataset.action === a), action);
      if (index >= 0 && index < 9) await page.keyboard.press(String(index + 1));
      else await pick.click();
    }
  } else if (how === 'tap') {
    await pick.tap();
  } else {
    await pick.click();
  }
  // The decision was sent (the page waits for the answer) or the table moved on.
  await page.waitForFunction((old) => {
    const t = document.querySelector('#table');
    return t && (t.dataset.seq !== old || t.dataset.state !== 'myturn');
  }, before, { timeout: STEP_TIMEOUT, polling: 30 });
  // And the answer came: a new state (or, after a refusal, the same state again to decide on).
  await page.waitForFunction((old) => {
    const t = document.querySelector('#table');
    return t && (t.dataset.seq !== old || t.dataset.state === 'myturn' || t.dataset.state === 'over');
  }, before, { timeout: STEP_TIMEOUT, polling: 30 });
  return action;
}

/** Plays this page's seat to the end of the game. */
async function play(page, who, opts) {
  const stats = { who, reviewErrors: [], decisions: 0, byKind: {}, keyboard: 0, reloads: 0, hint: null, screenshot: null, deals: new Set() };
  let turnsSinceReload = 0;
  for (;;) {
    const st = await waitForTurn(page);
    if (st.state === 'over') break;
    stats.deals.add(st.deal);
    // The review of the last deal, asked for by the page at each new deal, must not be refused.
    const reviewError = await page.locator('#review-panel .error').textContent({ timeout: 100 }).catch(() => null);
    if (reviewError && !stats.reviewErrors.includes(reviewError)) {
      stats.reviewErrors.push(reviewError);
      problems.push(`${who}: a review was refused at state ${st.seq}: ${reviewError}\n    ${frames.get(who).slice(-12).map((f) => f.replace(/"view":.*"scores"/, "…\"scores\"")).join('\n    ')}`);
    }
    if (stats.decisions >= MAX_DECISIONS) throw new Error(`${who}: ${MAX_DECISIONS} decisions and the game is not over`);

    // A hint, once: the panel names the best decision and values every choice.
    if (opts.hint && stats.hint === null) {
      await page.click('#hint-btn');
      await page.waitForSelector('#hint-panel :is(strong, .error)', { timeout: STEP_TIMEOUT });
      stats.hint = (await page.locator('#hint-panel :is(strong, .error)').first().innerText()).trim();
      log(`${who}: hint: ${stats.hint}`);
      // The score as markers and back.
      await page.click('#markers-btn');
      await page.waitForSelector('#score .markers');
      await page.click('#markers-btn');
      await page.waitForSelector('#score .score-num');
    }

    // The screenshot: mid-game, in the play, with cards on the table and a finished deal behind.
    if (opts.screenshot && !stats.screenshot && st.phase === 'play' && st.played >= 1 && st.trickOpen && Number(st.deal) >= 2) {
      // A refused review is already counted among the problems; the picture shows the table.
      if (await page.locator('#review-panel .error').count()) await page.click('#review-panel button');
      await page.screenshot({ path: opts.screenshot });
      stats.screenshot = opts.screenshot;
      log(`${who}: screenshot ${path.relative(repo, opts.screenshot)}`);
    }

    // Mid-game, A reloads the page: the seat must come back from localStorage and play on.
    // At the latest on its first turn of the third deal: a game to 10 lasts three deals at
    // least, and a short one (10-0 in five deals, E2E_SEED=11298) gave A only 13 turns.
    if (opts.reloadAfter && stats.reloads === 0 && (turnsSinceReload >= opts.reloadAfter || Number(st.deal) >= 2)) {
      const seat = st.seat;
      const deals = await page.locator('#log details').count();
      log(`${who}: reloading the page at state ${st.seq} (deal ${Number(st.deal) + 1}, ${st.phase})`);
      await page.reload();
      await page.waitForSelector('#table[data-seq]', { timeout: STEP_TIMEOUT });
      const again = await tableState(page);
      if (again.seat !== seat) throw new Error(`${who}: after the reload the page is seat ${again.seat}, not ${seat}`);
      // The deals already logged stay in the log.
      const kept = await page.locator('#log details').count();
      if (kept < deals) throw new Error(`${who}: the log showed ${deals} deals before the reload, ${kept} after`);
      if (deals < 2) throw new Error(`${who}: the reload came before a second deal (${deals} in the log): it checks nothing`);
      stats.reloads += 1;
      log(`${who}: back at seat ${again.seat}, state ${again.seq}`);
      continue;
    }

    // Mid-game, the server is killed and started again on the same database: both pages must
    // reconnect by themselves and the game go on where it was.
    if (opts.restartAfter && !restart.done && stats.decisions >= opts.restartAfter && process.env.E2E_RESTART) {
      restart.done = true;
      log(`${who}: killing the server at state ${st.seq} and starting it again`);
      execFileSync('bash', [process.env.E2E_RESTART]);
      await page.waitForSelector('#connection:not([hidden])', { timeout: 5000 }).then(
        () => log(`${who}: the page says the connection is lost`),
        () => log(`${who}: (the page reconnected before it could be seen)`),
      );
      await page.waitForSelector('#connection[hidden]', { state: 'attached', timeout: STEP_TIMEOUT });
      stats.restarted = true;
      log(`${who}: reconnected`);
      continue;
    }

    const how = stats.keyboard < 6 && stats.decisions % 7 === 3 ? 'key' : opts.how;
    const action = await decide(page, how);
    if (how === 'key') stats.keyboard += 1;
    const kind = /^[2-9TJQKA][CDHS]$/.test(action) ? 'card' : action.split(' ')[0];
    stats.byKind[kind] = (stats.byKind[kind] || 0) + 1;
    stats.decisions += 1;
    turnsSinceReload += 1;
  }
  return stats;
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let failed = false;
try {
  // A: desktop. Sets up the table.
  const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const pageA = await ctxA.newPage();
  watchPage(pageA, 'A');
  await pageA.goto(`${base}/${FAST}`);
  await pageA.waitForSelector('#create-form');
  await pageA.fill('#my-name', 'Ann');
  await pageA.selectOption('#preset', 'north-american');
  await pageA.check('#mine-0');
  await pageA.selectOption('#seat-kind-1', 'easy');
  await pageA.selectOption('#seat-kind-2', 'open');
  await pageA.selectOption('#seat-kind-3', 'easy');
  const target = await pageA.inputValue('#target');
  await Promise.all([pageA.waitForURL(/\/t\/[A-Z0-9]+/), pageA.click('#create')]);
  await pageA.waitForSelector('#table[data-seq]');
  const invite = await pageA.inputValue('#invite-link');
  const code = (await pageA.textContent('#table-code')).trim();
  log(`A created table ${code} (north-american, game to ${target}); invite link ${invite}`);
  await pageA.waitForSelector('#waiting');
  // Server tester s53, 2: before the start nobody is sent a card (the first deal is kept
  // whoever sits): the page waits for its players with no hand and no upcard.
  const early = await pageA.evaluate(() => ({
    cards: document.querySelectorAll('#hand .card-btn').length,
    upcard: !!document.querySelector('.upcard'),
    heading: (document.querySelector('#waiting h2') || {}).textContent,
    prompt: (document.querySelector('#prompt') || {}).textContent,
  }));
  if (early.cards || early.upcard || early.heading !== 'Waiting for players') problems.push(`A: before the start the page shows ${JSON.stringify(early)}`);

  // B: a phone. Opens the invite link and takes the partner's seat (seat 3 on the page, 2 in the protocol).
  const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const pageB = await ctxB.newPage();
  watchPage(pageB, 'B');
  await pageB.goto(`${invite}${FAST}`);
  await pageB.waitForSelector('#join-name');
  await pageB.fill('#join-name', 'Bo');
  await pageB.tap('button[data-seat="2"]');
  await pageB.waitForSelector('#table[data-seq]');
  log('B took seat 2 (A\'s partner) from the invite link');

  // C: a spectator, who must never see a hand.
  const ctxC = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const pageC = await ctxC.newPage();
  watchPage(pageC, 'C');
  await pageC.goto(`${invite}${FAST}`);
  // Every seat taken: the invite asks no name (server tester s53, 8).
  await pageC.waitForSelector('#watch');
  if (await pageC.locator('#join-name').count()) problems.push('C: the invite of a table with no seat open asks for a name');
  await pageC.click('#watch');
  await pageC.waitForSelector('#table[data-seat="spectator"][data-seq]');

  await pageA.waitForFunction(() => document.querySelector('#table') && document.querySelector('#table').dataset.state !== 'waiting', null, { timeout: STEP_TIMEOUT });
  log('the game started');

  const [a, b] = await Promise.all([
    // Whichever page comes to its count first has the server restarted under it: B sits out
    // every deal A plays alone, and may have too few turns (a game of 6 deals, 4 of them A's
    // loners, gave B 11).
    play(pageA, 'A', { how: 'click', hint: true, reloadAfter: 14, restartAfter: 20, screenshot: path.join(shots, 'table-desktop.png') }),
    play(pageB, 'B', { how: 'tap', restartAfter: 12, screenshot: path.join(shots, 'table-phone.png') }),
  ]);

  // The spectator saw the end too, without cards.
  await pageC.waitForSelector('#table[data-state="over"]', { timeout: STEP_TIMEOUT });
  if (await pageC.locator('#hand .card-btn').count()) throw new Error('the spectator was shown a hand');

  // D: a spectator who comes after the game is over, in a browser that saw none of it: the
  // log holds every deal (the earlier ones asked of the server), each ended by its result,
  // and no hand.
  const ctxD = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const pageD = await ctxD.newPage();
  watchPage(pageD, 'D');
  await pageD.goto(`${invite}${FAST}`);
  // A finished game's invite asks no name: there is no seat to take, only how it ended.
  await pageD.waitForSelector('#watch');
  const watchWords = await pageD.locator('#watch').textContent();
  if (watchWords !== 'See how it ended' || (await pageD.locator('#join-name').count())) problems.push(`D: a finished game's invite offers "${watchWords}" and ${await pageD.locator('#join-name').count()} name boxes`);
  await pageD.click('#watch');
  await pageD.waitForSelector('#table[data-state="over"]', { timeout: STEP_TIMEOUT });
  const dealsA = await pageA.locator('#log details').count();
  await pageD.waitForFunction((n) => document.querySelectorAll('#log details').length >= n, dealsA, { timeout: STEP_TIMEOUT })
    .catch(async () => { throw new Error(`a late spectator's log shows ${await pageD.locator('#log details').count()} deals, A's ${dealsA}`); });
  const lateLog = await pageD.locator('#log details').evaluateAll((ds) => ds.map((d) => ({
    title: d.querySelector('summary').textContent, result: (d.querySelector('.result-line') || {}).textContent || '',
  })));
  lateLog.forEach((d, i) => {
    // Each summary says how its deal went, as the live log's do (browser tester s47, 1).
    const outcome = new RegExp(`^Deal ${i + 1}: (thrown in|.+ called .+ — (made it|march|euchred), \\+\\d+.*)$`);
    if (!outcome.test(d.title) || !/^Deal \d+: .*Score/.test(d.result)) problems.push(`D: a late spectator's log entry ${i + 1} reads ${JSON.stringify(d)}`);
    // Each team's people are named once in a spectator's deal result, then its side (server
    // tester s53, 7).
    if ((d.result.match(/Ann & Bo/g) || []).length !== 1 || (d.result.match(/easy \(seat 2\) & easy/g) || []).length !== 1) problems.push(`D: a late spectator's deal ${i + 1} names its teams so: ${d.result}`);
  });
  if (await pageD.locator('#hand .card-btn').count()) throw new Error('the late spectator was shown a hand');
  log(`D: a spectator after the game's end sees all ${lateLog.length} deals in the log`);
  await ctxD.close();

  // The end: the result, then the EGN and the record downloaded from the page's links.
  const over = (await pageA.locator('#game-over').innerText()).split('\n').filter((l) => l.trim()).slice(0, 2).join('; ');
  log(`game over: ${over}`);
  const [egn] = await Promise.all([pageA.waitForEvent('download'), pageA.click('#download-egn')]);
  const egnFile = path.join(work, `${code}.egn`);
  await egn.saveAs(egnFile);
  const check = execFileSync(binary, ['egn', 'check', egnFile], { encoding: 'utf8' });
  log(`euchre egn check: ${check.trim().split('\n').pop()}`);
  const [rec] = await Promise.all([pageA.waitForEvent('download'), pageA.click('#download-json')]);
  const recFile = path.join(work, `${code}.json`);
  await rec.saveAs(recFile);
  const recCheck = execFileSync(binary, ['record', 'check', recFile], { encoding: 'utf8' });
  log(`euchre record check: ${recCheck.trim().split('\n').pop()}`);

  for (const s of [a, b]) {
    if (!s.screenshot) problems.push(`${s.who}: no mid-game screenshot was taken (no turn in the play of a later deal)`);
  }
  if (a.reloads !== 1) problems.push('A never reloaded the page');
  if (process.env.E2E_RESTART && !restart.done) problems.push('the server was never restarted mid-game');

  console.log('\n==== e2e summary ====');
  console.log(`table ${code}, north-american to ${target}, choice seed ${seedUsed} (E2E_SEED to repeat)`);
  for (const s of [a, b]) {
    const kinds = Object.entries(s.byKind).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`${s.who}: ${s.decisions} decisions over ${s.deals.size} deals (${kinds}); ${s.keyboard} by keyboard; reloads ${s.reloads}${s.restarted ? '; server restarted under it' : ''}${s.hint ? `; hint: ${s.hint}` : ''}`);
  }
  console.log(`result: ${over}`);
  console.log(`EGN ${egnFile}: egn check passed`);
  console.log(`record ${recFile}: record check passed`);
  console.log(`screenshots: ${[a.screenshot, b.screenshot].filter(Boolean).map((p) => path.relative(repo, p)).join(', ')}`);
} catch (e) {
  failed = true;
  console.error(`e2e FAILED: ${e.stack || e}`);
  for (const [i, ctx] of browser.contexts().entries()) {
    for (const [j, p] of ctx.pages().entries()) {
      const f = path.join(work, `failure-${i}-${j}.png`);
      await p.screenshot({ path: f, fullPage: true }).catch(() => {});
      console.error(`  screenshot of the page at the failure: ${f}`);
    }
  }
} finally {
  await browser.close();
}
if (problems.length) {
  failed = true;
  console.error('problems seen in the pages:');
  for (const p of problems) console.error(`  ${p}`);
}
console.log(failed ? 'e2e: 0 passed, 1 failed' : 'e2e: 1 passed, 0 failed');
process.exit(failed ? 1 : 0);
