import { expect, type Page, test } from '@playwright/test';
import type { HookText } from '../src/app/test-hook';
import { chooseHaystack, keepScreen, openDemo, pickHen, pressButton } from './support/drive';
import { layout, settle, state, until } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

/**
 * Every screen at the six sizes the game is made for, in both languages: no text box runs out of its panel (or its
 * button, or the window), measured from the scene's own bounds through the read-only hook; on touch layouts every
 * button is at least 44 CSS px each way. A screenshot of each screen is kept as screens-<size>-<lang>-<screen>.png.
 */
test.setTimeout(900_000); // a 4K canvas in software WebGL on a shared, loaded machine

const SIZES = [
  { name: '360x640', width: 360, height: 640, touch: true },
  { name: '390x844', width: 390, height: 844, touch: true },
  { name: '1080x1920', width: 1080, height: 1920, touch: true },
  { name: '1280x720', width: 1280, height: 720, touch: false },
  { name: '1920x1080', width: 1920, height: 1080, touch: true },
  { name: '3840x2160', width: 3840, height: 2160, touch: false },
] as const;

/** Half a CSS pixel for rounding, plus the few pixels of a text's outline. */
const SLACK = 3;

/** Texts that run out of their box, named with their words and where. */
async function overflowing(page: Page): Promise<string[]> {
  const texts: HookText[] = await page.evaluate(() => window.__poule!.texts());
  expect(texts.length, 'the hook lists the texts on screen').toBeGreaterThan(0);
  const out: string[] = [];
  for (const t of texts) {
    const r = t.rect;
    const b = t.box;
    const over = Math.max(b.x - r.x, r.x + r.width - (b.x + b.width), b.y - r.y, r.y + r.height - (b.y + b.height));
    if (over > SLACK)
      out.push(`« ${t.text.replace(/\s+/g, ' ').slice(0, 60)} » runs ${over.toFixed(0)} px out of its ${t.boxKind}`);
  }
  return out;
}

/** Buttons on screen smaller than 44 CSS px either way. */
async function smallButtons(page: Page): Promise<string[]> {
  const l = await layout(page);
  return Object.entries(l.buttons)
    .filter(([, r]) => r.width < 44 || r.height < 44)
    .map(([id, r]) => `${id} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
}

for (const size of SIZES) {
  for (const lang of ['fr', 'en'] as const) {
    test(`${size.name} ${lang}: every text fits its box${size.touch ? ', every button ≥ 44 px' : ''}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const problems: string[] = [];
      const check = async (screen: string): Promise<void> => {
        await keepScreen(page, `screens-${size.name}-${lang}-${screen}`);
        const found = [
          ...(await overflowing(page)).map((p) => `${screen}: ${p}`),
          ...(size.touch ? (await smallButtons(page)).map((p) => `${screen}: button ${p} under 44 px`) : []),
        ];
        // Said as found, so a run cut short by its time limit still tells what it saw.
        for (const p of found) console.log(`${size.name} ${lang} ${p}`);
        problems.push(...found);
      };
      const path = SEEDS.lostExtraLost;
      // No attract loop on a slow machine's long waits (idle=3600): the test walks the screens itself.
      await openDemo(page, path.seed, `speed=20&lang=${lang}&idle=3600`);
      await check('title');
      await pressButton(page, 'rules', 'mouse');
      await until(page, (s) => s.screen === 'rules');
      await page.waitForTimeout(400); // its fade-in
      await check('rules');
      await pressButton(page, 'rulesPage', 'mouse');
      await check('rules-prizes');
      await pressButton(page, 'close', 'mouse');
      await pressButton(page, 'buy', 'mouse');
      await check('scratch');
      await pressButton(page, 'scratchAll', 'mouse');
      await check('round');
      for (let step = 0; step < 40 && (await state(page)).game!.phase !== 'ended'; step++) {
        const g = (await state(page)).game!;
        if (g.phase === 'haystack') {
          await check('haystacks');
          await chooseHaystack(page, path.haystack!, 'mouse');
        } else await pickHen(page, nextHen(g.round!.hens), 'mouse');
        await settle(page);
      }
      await until(page, (s) => s.screen === 'result');
      await check('result');
      // The attract loop's still scenes, in a short loop of their own.
      await page.goto(`/?mode=attract&scenes=title,howto,prizes&loop=30&lang=${lang}&speed=1`);
      await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
      for (const scene of ['title', 'howto', 'prizes'] as const) {
        await until(page, (s) => s.attract?.scene === scene, 90_000);
        // Past the cross-fade (and the how-to's cards coming in one by one).
        await page.waitForTimeout(scene === 'howto' ? 2500 : 900);
        await check(`attract-${scene}`);
      }
      expect(problems, `texts out of their box or buttons too small at ${size.name} (${lang})`).toEqual([]);
    });
  }
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
      await keepScreen(page, `screens-${w}x${h}-long-value-${n}`);
    }
  }
});
