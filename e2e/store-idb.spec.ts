// Real IndexedDB and Web Locks in Chromium: the store's sealed records, its device CryptoKey and the ticket lock
// survive a page reload; edited bytes are caught. The harness page is bundled here and served on the preview's
// origin by page.route, so it is never part of the game's build.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'vite';

const HTML = '/e2e-store-harness/store-harness.html';
let harnessJs = '';

test.beforeAll(async () => {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: 'e2e/pages/store-harness.ts', formats: ['es'], fileName: 'store-harness' } },
  });
  const chunk = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the harness did not bundle');
  harnessJs = chunk.code;
});

async function openHarness(page: Page): Promise<void> {
  await page.route('**/e2e-store-harness/store-harness.html', (r) =>
    r.fulfill({ contentType: 'text/html', body: readFileSync('e2e/pages/store-harness.html', 'utf8') }),
  );
  await page.route('**/e2e-store-harness/store-harness.js', (r) => r.fulfill({ contentType: 'text/javascript', body: harnessJs }));
  await page.goto(HTML);
  await expect(page.locator('#ready')).toHaveText('ready');
}

test('a ticket saved in real IndexedDB resumes identically after a reload; edited bytes are set aside', async ({ page }) => {
  await openHarness(page);
  const first = await page.evaluate(() => window.storeHarness.open());
  expect(first).toMatchObject({ problems: [], journal: 0, balanceCents: 2000 });

  const shown = await page.evaluate(() => window.storeHarness.play(3));
  await page.reload();
  await expect(page.locator('#ready')).toHaveText('ready');
  const resumed = await page.evaluate(() => window.storeHarness.open());
  // The device key (a non-extractable CryptoKey in IndexedDB) came back: every record still authenticates.
  expect(resumed.problems).toEqual([]);
  expect(resumed.snapshot).toEqual(shown);
  expect(await page.evaluate(() => window.storeHarness.foldSaved())).toEqual(shown);
  expect(resumed.balanceCents).toBe(1800);

  const balance = await page.evaluate(() => window.storeHarness.finish());
  await page.evaluate(() => window.storeHarness.close());
  await page.evaluate(() => window.storeHarness.editWalletBytes());
  await page.reload();
  await expect(page.locator('#ready')).toHaveText('ready');
  const after = await page.evaluate(() => window.storeHarness.open());
  expect(after.history).toBe(1);
  expect(after.problems.join('\n')).toMatch(/^wallet tampered: .*not signed by this device's key/m);
  expect(after.balanceCents).toBe(2000); // the edited 9,999.99 € is never paid; the wallet starts clean
  expect(balance).toBeGreaterThanOrEqual(1800);
});

test('one tab owns the ticket: a second tab is refused until the first goes', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openHarness(a);
  await openHarness(b);
  expect(await a.evaluate(() => window.storeHarness.claim(false))).toEqual({ owner: true, mode: 'web-locks' });
  expect(await b.evaluate(() => window.storeHarness.claim(false))).toEqual({ owner: false, mode: 'web-locks' });
  const waiting = b.evaluate(() => window.storeHarness.claim(true));
  await a.close(); // the page goes: the browser frees its lock
  expect(await waiting).toEqual({ owner: true, mode: 'web-locks' });
});
