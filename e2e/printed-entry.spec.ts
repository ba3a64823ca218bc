// A printed ticket's code on a screen, before any request: the kiosk's keypad at a phone's size and a kiosk's, a
// mistyped code caught by its check character, an address with a malformed code on a phone. Screens kept to look at.
import { expect, type Page, test } from '@playwright/test';
import { CHECK_ALPHABET, CODE_ALPHABET, formatGameCode } from '../src/protocol/game-code';
import { terminalKey } from './support/game-server';
import { openGame, state } from './support/poule';
import { pageShot, scanButton, typeCode } from './support/printed';

/** A well-formed code with one character changed: the check must catch it. */
function mistyped(): string {
  const good = formatGameCode(new Uint8Array(15).map((_, i) => i * 17 + 3));
  const ch = good[3]!;
  const other = CODE_ALPHABET[(CODE_ALPHABET.indexOf(ch) + 1) % 32]!;
  return good.slice(0, 3) + other + good.slice(4);
}

async function openKeypad(page: Page, n: number, lang: 'fr' | 'en'): Promise<void> {
  await openGame(page, `?mode=kiosk&terminal=${terminalKey(n)}&speed=8&lang=${lang}`);
  // The kiosk's title: « Scanner mon ticket » in the main place, its own buy under it, the notices clear of both.
  const l = await page.evaluate(() => window.__poule!.layout());
  const scan = l.buttons['scan']!;
  const buy = l.buttons['buy']!;
  expect(scan.y + scan.height).toBeLessThanOrEqual(buy.y);
  const size = page.viewportSize()!;
  await pageShot(page, `printed-kiosk-title-${size.width}x${size.height}-${lang}`);
  await scanButton(page);
  await expect(page.locator('#poule-code')).toBeVisible();
}

for (const [w, h, lang] of [
  [1080, 1920, 'fr'],
  [390, 844, 'fr'],
  [390, 844, 'en'],
] as const) {
  test(`kiosk keypad at ${w}×${h} (${lang}): a mistyped code is refused by its check character, no request made`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: w, height: h });
    const claims: string[] = [];
    page.on('request', (r) => r.url().includes('/api/ticket/claim') && claims.push(r.url()));
    await openKeypad(page, w === 1080 ? 7 : 8, lang);
    const s0 = await state(page);
    expect(s0.printed?.entry.open).toBe(true);
    await pageShot(page, `printed-keypad-${w}x${h}-${lang}-empty`);

    // Every key is at least 44 CSS px either way: fingers.
    const keys = page.locator('#poule-code button');
    const n = await keys.count();
    expect(n).toBe(CHECK_ALPHABET.length + 4);
    for (let i = 0; i < n; i++) {
      const b = (await keys.nth(i).boundingBox())!;
      expect(b.width, `key ${i}`).toBeGreaterThanOrEqual(44);
      expect(b.height, `key ${i}`).toBeGreaterThanOrEqual(44);
    }

    await typeCode(page, mistyped());
    await page.locator('#poule-code [data-key="submit"]').click();
    const s = await state(page);
    expect(s.printed?.entry.message).toMatch(/clé de contrôle|check character/);
    expect(s.printed?.refusals).toEqual(['check:check']);
    await pageShot(page, `printed-keypad-${w}x${h}-${lang}-mistyped`);
    expect(claims, 'a mistyped code never leaves the page').toEqual([]);
  });
}

test('phone: an address whose code is malformed says so, and asks nothing of the server', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const claims: string[] = [];
  page.on('request', (r) => r.url().includes('/api/ticket/claim') && claims.push(r.url()));
  await openGame(page, '?code=7K3QMZ-0R2DXW&speed=8');
  const s = await state(page);
  expect(s.printed?.note).toMatch(/Code incomplet\s:\sil a 25 caractères, 12 tapés/);
  await expect(page.locator('#poule-note')).toBeVisible();
  await pageShot(page, 'printed-phone-390x844-fr-malformed');
  expect(claims).toEqual([]);
});
