import { expect, type Page, test } from '@playwright/test';
import { openDemo } from './support/drive';
import { FIT_SIZES, overflowing, overlappingButtons, smallButtons, unreadable, walkScreens } from './support/fit';
import { state, waitIdle } from './support/poule';

/**
 * Every screen at the eight sizes the game is made for, in both languages: no text runs out of its box (its button, the
 * panel behind it, or the window), measured from the scene's own bounds through the read-only hook, and on touch
 * layouts every button is at least 44 CSS px each way; every text reads (no smaller than READ_MIN_CSS, but the card's
 * printed serial while it is large, and the attract loop). Cheap enough for `npm test`: one walk through the screens per
 * language, and at each screen the window is resized through the sizes (no reload, no screenshot). The walk
 * with a screenshot of each screen at each size is e2e/screens-walk.spec.ts (`npm run test:screens`).
 */

/**
 * The window sizes changed in place. 3840×2160 is the 1920×1080 board at twice the scale (same layout, every
 * distance doubled, no button ever under 44 px there): it is measured at 1920×1080 with the overflow doubled, as a
 * 4K frame in software WebGL costs seconds on a loaded machine. The walk in screens-walk.spec.ts draws it for real.
 */
const SIZES = FIT_SIZES.filter((s) => s.name !== '3840x2160');

/**
 * Whether every word of `screen` must read (the 4K window draws them larger): everywhere but the attract loop, a
 * kiosk's (its other language's line is 10 px on a phone).
 */
const readsOn = (screen: string): boolean => !screen.startsWith('attract-');

/** Resizes the window and waits until the canvas has that size and the game has laid itself out again. */
async function sizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction(
    ([w, h]) => {
      const c = document.querySelector('#game canvas');
      const o = window.__poule?.state().layout;
      return c?.clientWidth === w && c.clientHeight === h && o === (w >= h ? 'landscape' : 'portrait');
    },
    [width, height] as const,
    { timeout: 60_000, polling: 100 },
  );
  // The game lays itself out on the frame after a resize: two more frames, then idle.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
  await waitIdle(page);
}

/** Checks the screen as it is at every size; returns what is wrong, each named with the size and the screen. */
async function atEverySize(page: Page, lang: string, screen: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of SIZES) {
    await sizeTo(page, size.width, size.height);
    const found = [
      ...(await overflowing(page)),
      ...(await overlappingButtons(page)),
      ...(size.touch ? (await smallButtons(page)).map((p) => `button ${p} under 44 px`) : []),
      ...(readsOn(screen) ? await unreadable(page, screen === 'scratch') : []),
    ].map((p) => `${size.name} ${lang} ${screen}: ${p}`);
    if (size.name === '1920x1080')
      found.push(...(await overflowing(page, 2)).map((p) => `3840x2160 ${lang} ${screen}: ${p}`));
    for (const p of found) console.log(p);
    problems.push(...found);
  }
  return problems;
}

for (const lang of ['fr', 'en'] as const) {
  test(`${lang}: every text fits its box and reads, every touch button is ≥ 44 px, at every size`, async ({ page }) => {
    test.setTimeout(420_000); // eight sizes, one of them 4K, in software WebGL on a loaded machine
    const problems: string[] = [];
    const check = async (screen: string): Promise<void> => {
      problems.push(...(await atEverySize(page, lang, screen)));
    };
    await page.setViewportSize({ width: 1280, height: 720 });
    await walkScreens(page, lang, check);
    expect(problems, `texts out of their box or too small, or buttons too small (${lang})`).toEqual([]);
  });
}

test('a bad URL value of 160 or 320 characters is shortened on the title, never off-screen', async ({ page }) => {
  for (const [w, h] of [
    [1920, 1080],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const n of [160, 320]) {
      await openDemo(page, 1, `idle=3600&speed=${'9'.repeat(n)}`);
      const s = await state(page);
      const line = s.messages.find((m) => m.includes('speed'));
      expect(line, 'the bad value is named').toBeDefined();
      expect(line!.length).toBeLessThan(120);
      expect(line).toContain('…');
      expect(await overflowing(page)).toEqual([]);
    }
  }
});
