import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { SeededSource } from '../../src/core/seeded-source';
import type { ClaimView, TicketUpdate } from '../../src/protocol/messages';
import { nextCommand } from '../../src/server/printed/printed-kit';

/**
 * Screenshots of the retailer's page at work, for the README: sign in (a wrong key first), sell by a scanned address,
 * sell twice, a mistyped code, pay a win (found by playing sold tickets through the API), pay twice, the day's report.
 * Needs a running game server with a fresh emission and the CSV of its printed tickets (npm run emission -- --csv):
 *   npx tsx tools/emission/retail-shots.ts http://127.0.0.1:5700 tickets.csv out-dir retailer-key
 */
const [BASE = 'http://127.0.0.1:5700', CSV = 'tickets.csv', OUT = 'test-results/retail', KEY = ''] =
  process.argv.slice(2);
const rows = readFileSync(CSV, 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split(','));
const retail = { authorization: `Retailer ${KEY}`, 'content-type': 'application/json' };

async function playToEnd(code: string): Promise<number> {
  const s = await fetch(`${BASE}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const cookie = s.headers.get('set-cookie')!.split(';')[0]!;
  const h = { cookie, 'content-type': 'application/json' };
  const claim = (await (
    await fetch(`${BASE}/api/ticket/claim`, { method: 'POST', headers: h, body: JSON.stringify({ code }) })
  ).json()) as ClaimView;
  let snap = claim.ticket.snapshot;
  let seq = claim.ticket.nextSeq;
  const bot = SeededSource.fromSeed(5);
  while (snap.phase !== 'ended') {
    const u = (await (
      await fetch(`${BASE}/api/command`, {
        method: 'POST',
        headers: h,
        body: JSON.stringify({ key: `k${code}${seq}`, ticket: claim.serial, seq, command: nextCommand(snap, bot) }),
      })
    ).json()) as TicketUpdate;
    snap = u.snapshot;
    seq = u.nextSeq;
  }
  return snap.result!.prizeCents;
}

mkdirSync(OUT, { recursive: true });
// As playwright.config.ts: Debian's Chromium where there is one.
const executablePath =
  process.env['PLAYWRIGHT_CHROMIUM'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch(executablePath ? { executablePath } : {});
const page = await browser.newPage({ viewport: { width: 900, height: 820 } });
await page.goto(`${BASE}/retail`);
await page.screenshot({ path: `${OUT}/1-sign-in.png` });
await page.fill('#key', 'wrong-key-123');
await page.keyboard.press('Enter');
await page.waitForSelector('#sign-in-message:not([hidden])');
await page.screenshot({ path: `${OUT}/2-bad-key.png` });
await page.fill('#key', KEY);
await page.keyboard.press('Enter');
await page.waitForSelector('#counter:not([hidden])');
// Sell ticket 1 by typing, as a scanner would (the whole play address, then Enter).
await page.keyboard.type(rows[2]![4]!);
await page.keyboard.press('Enter');
await page.waitForFunction(() => document.querySelector('#message')?.textContent?.startsWith('Vendu'));
await page.keyboard.type(rows[2]![1]!);
await page.keyboard.press('Enter');
await page.waitForFunction(() => document.querySelector('#message')?.textContent?.startsWith('Déjà vendu'));
await page.screenshot({ path: `${OUT}/3-sold-twice.png` });
await page.keyboard.type(rows[1]![1]!.slice(0, -1) + (rows[1]![1]!.endsWith('0') ? '1' : '0'));
await page.keyboard.press('Enter');
await page.screenshot({ path: `${OUT}/4-mistyped.png` });
// Find a winner among the next tickets: sell and play them through the API.
let winner: string | null = null;
for (const r of rows.slice(3)) {
  await fetch(`${BASE}/api/retail/sell`, { method: 'POST', headers: retail, body: JSON.stringify({ code: r[1] }) });
  if ((await playToEnd(r[1]!)) > 0) {
    winner = r[1]!;
    break;
  }
}
if (!winner) throw new Error('no winner');
await page.keyboard.press('F2');
await page.keyboard.type(winner);
await page.keyboard.press('Enter');
await page.waitForSelector('#confirm:not([hidden])');
await page.screenshot({ path: `${OUT}/5-confirm.png` });
await page.keyboard.press('Enter');
await page.waitForFunction(() => document.querySelector('#message')?.textContent?.startsWith('Payé'));
await page.screenshot({ path: `${OUT}/6-paid.png` });
await page.keyboard.type(winner);
await page.keyboard.press('Enter');
await page.waitForFunction(() => document.querySelector('#message')?.textContent?.includes('déjà payé'));
await page.screenshot({ path: `${OUT}/6b-paid-twice.png` });
await page.keyboard.press('F3');
await page.waitForSelector('#report:not([hidden])');
await page.screenshot({ path: `${OUT}/7-paid-twice-and-report.png`, fullPage: true });
const focused = await page.evaluate(() => document.activeElement?.id);
console.log('focus after report:', focused);
await browser.close();
