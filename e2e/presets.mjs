// Every preset through the browser client: a table set up on the start page (one person, the
// other seats computer players, a short game), then the person's decisions taken on the page.
// At each of the person's turns, every action in the server's `legal` list (read from the
// WebSocket frames the page received) must be offered by exactly one control of the page, and
// the page must offer nothing else. Variants with the rarer decisions (farmers, robson, renege
// claims, no-trump, defending alone, Set-Back's declaration, three-player Bid Euchre) are set
// through the page's "every option" inputs.
//
//   node e2e/presets.mjs URL

import { chromium } from 'playwright-core';

const base = (process.argv[2] || '').replace(/\/$/, '');
if (!base) {
  console.error('usage: node e2e/presets.mjs URL');
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const DECISIONS = Number(process.env.E2E_PRESET_DECISIONS || 80);
const STEP_TIMEOUT = 60_000;
let rng = Number(process.env.E2E_SEED || 7);
function random(n) {
  rng = (rng * 1103515245 + 12345) % 2147483648;
  return rng % n;
}

const CASES = [
  { preset: 'north-american' },
  { preset: 'tournament' },
  { preset: 'canadian' },
  { preset: 'british' },
  { preset: 'railroad' },
  { preset: 'keller-1887' },
  { preset: 'mathews-1844' },
  { preset: 'openspiel' },
  { preset: 'three-handed' },
  { preset: 'bid-euchre' },
  { preset: 'set-back' },
  {
    preset: 'north-american',
    name: 'north-american + farmers, robson, renege claims, no-trump, defend alone',
    options: { farmers: 'true', go_under: 'true', robson: 'true', reneging: 'penalised', allow_no_trump: 'true', defend_alone: 'any' },
  },
  { preset: 'set-back', name: 'set-back + declare', options: { declare: 'true' } },
  { preset: 'bid-euchre', name: 'bid-euchre, 3 players', options: { players: '3' } },
];

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let passed = 0;
let failed = 0;
const seenForms = new Set();
try {
  for (const c of CASES) {
    const label = c.name || c.preset;
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let latest = null;
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      try {
        const m = JSON.parse(f.payload);
        if (m.type === 'state') latest = m;
      } catch {
        // not a JSON text frame
      }
    }));
    try {
      await page.goto(`${base}/?fast=1`);
      await page.waitForSelector('#create-form');
      await page.fill('#my-name', 'Tess');
      await page.selectOption('#preset', c.preset);
      if (c.options) await page.locator('details.advanced').evaluate((d) => { d.open = true; });
      for (const [k, v] of Object.entries(c.options || {})) {
        const input = page.locator(`#opt-${k}`);
        if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(v);
        else await input.fill(v);
        await input.dispatchEvent('change');
      }
      // A short game: the smallest target the preset allows that still plays a few deals.
      if (await page.locator('#target').count()) await page.fill('#target', '5');
      const seats = await page.locator('[id^="seat-kind-"]').count();
      await page.check('#mine-0');
      for (let i = 1; i < seats; i++) await page.selectOption(`#seat-kind-${i}`, 'easy');
      await Promise.all([page.waitForURL(/\/t\/[A-Z0-9]+/), page.click('#create')]);
      await page.waitForSelector('#table[data-seq]');
      let decisions = 0;
      const forms = new Set();
      while (decisions < DECISIONS) {
        await page.waitForFunction(() => {
          const t = document.querySelector('#table');
          return t && (t.dataset.state === 'myturn' || t.dataset.state === 'over');
        }, null, { timeout: STEP_TIMEOUT, polling: 30 });
        const st = await page.locator('#table').evaluate((t) => ({ ...t.dataset }));
        if (st.state === 'over') break;
        if (!latest || String(latest.seq) !== st.seq) throw new Error(`the page shows state ${st.seq} but the last state received is ${latest && latest.seq}`);
        const offered = await page.locator('#table [data-legal="1"]').evaluateAll((els) => els
          .filter((e) => !e.disabled && e.getAttribute('aria-disabled') !== 'true')
          .map((e) => e.dataset.action));
        const legal = latest.legal;
        const missing = legal.filter((a) => !offered.includes(a));
        const extra = offered.filter((a) => !legal.includes(a));
        const twice = offered.filter((a, i) => offered.indexOf(a) !== i);
        if (missing.length || extra.length || twice.length) {
          throw new Error(`phase ${st.phase}: legal ${JSON.stringify(legal)}; the page offers ${JSON.stringify(offered)} (missing ${JSON.stringify(missing)}, extra ${JSON.stringify(extra)}, twice ${JSON.stringify(twice)})`);
        }
        for (const a of legal) {
          const form = a.replace(/\b([2-9TJQKA][CDHS]|B)\b/g, '<card>');
          forms.add(form);
          seenForms.add(form);
        }
        const pick = legal[random(legal.length)];
        const before = st.seq;
        await page.locator(`#table [data-legal="1"][data-action="${pick}"]`).first().click();
        await page.waitForFunction((old) => {
          const t = document.querySelector('#table');
          return t && (t.dataset.seq !== old || t.dataset.state === 'over');
        }, before, { timeout: STEP_TIMEOUT, polling: 30 });
        decisions += 1;
      }
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      const end = await page.locator('#table').getAttribute('data-state');
      console.log(`ok   ${label}: ${decisions} decisions${end === 'over' ? ' (game over)' : ''}; offered: ${[...forms].sort().join(', ')}`);
      passed += 1;
    } catch (e) {
      failed += 1;
      console.log(`FAIL ${label}: ${e.message}`);
      await page.screenshot({ path: `/tmp/e2e-preset-${c.preset}.png`, fullPage: true }).catch(() => {});
    }
    await ctx.close();
  }
} finally {
  await browser.close();
}
console.log(`decision forms seen across the presets: ${[...seenForms].sort().join(', ')}`);
console.log(`presets: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
