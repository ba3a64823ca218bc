import { expect, type Page, test } from '@playwright/test';
import { frenchSpaces } from '../src/app/i18n/french-spaces';
import { canvasBox, canvasPng, chooseHaystack, pickHen, saveScreen, tapAt } from './support/drive';
import { layout, state } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

/**
 * The ticket's money moments at the three sizes a player meets — desktop 1280×720 (mouse), phone 390×844 (touch) and
 * kiosk 1080×1920 (touch) — kept as test-results/screens/reveal-<size>-*.png for a person to look at: the digits
 * under the foil being rubbed, the amounts held large, a chick's words, the result's « why », the finished board
 * held, a missed haystack, the Extra's banner and the Extra round's counter, the keyboard's focus ring. On the
 * page's fake clock (as visual-screens.spec.ts), so each moment is caught whatever the machine's load.
 */
test.setTimeout(600_000);

const SIZES = [
  { name: '1280x720', width: 1280, height: 720, touch: false },
  { name: '390x844', width: 390, height: 844, touch: true },
  { name: '1080x1920', width: 1080, height: 1920, touch: true },
] as const;
const SPEED = 2;

async function runUntil(page: Page, ok: () => Promise<boolean>, max: number, step = 0.1): Promise<void> {
  for (let t = 0; t <= max; t += step) {
    if (await ok()) return;
    await page.clock.runFor(Math.round(step * 1000));
  }
  throw new Error(`not reached within ${max} s of game time`);
}

const idle = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.querySelector<HTMLElement>('#game')?.dataset['idle'] === '1');

async function settle(page: Page): Promise<void> {
  await page.clock.runFor(50);
  await runUntil(page, () => idle(page), 40);
}

/** Runs the clock `seconds` of game time (at SPEED). */
const run = (page: Page, seconds: number): Promise<void> => page.clock.runFor(Math.round((seconds * 1000) / SPEED));

async function open(page: Page, seed: number): Promise<void> {
  await page.clock.install();
  await page.goto(`/?demo=1&seed=${seed}&speed=${SPEED}`);
  // From the page's own clock: on a loaded machine the page may be further on than this process thinks.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
  await runUntil(
    page,
    async () => (await page.evaluate(() => window.__poule?.ready === true)) && (await idle(page)),
    120,
    0.25,
  );
}

async function press(page: Page, id: string, touch: boolean): Promise<void> {
  const r = (await layout(page)).buttons[id];
  if (!r)
    throw new Error(`button ${id} is not on screen (visible: ${Object.keys((await layout(page)).buttons).join(', ')})`);
  await tapAt(page, r, touch ? 'touch' : 'mouse');
  await settle(page);
}

/** Rubs `rows` passes over the scratch zone with the mouse (a finger's drag), without letting go. */
async function rub(page: Page, rows: number): Promise<void> {
  const z = (await layout(page)).scratch!;
  const box = await canvasBox(page);
  await page.mouse.move(box.x + z.x + 6, box.y + z.y + z.height * 0.15);
  await page.mouse.down();
  for (let row = 0; row < rows; row++) {
    const y = box.y + z.y + z.height * (0.15 + row * 0.35);
    const to = row % 2 === 0 ? z.x + z.width - 6 : z.x + 6;
    await page.mouse.move(box.x + to, y, { steps: 10 });
    await page.clock.runFor(20);
  }
}

/** Plays picks with the driver's hen order until `stop` holds or the round leaves the 'round' phase. */
async function pickUntil(page: Page, touch: boolean, stop: (picks: number) => boolean): Promise<void> {
  for (let k = 0; k < 30; k++) {
    const g = (await state(page)).game!;
    if (g.phase !== 'round' || stop(g.round!.picks.length)) return;
    await pickHen(page, nextHen(g.round!.hens), touch ? 'touch' : 'mouse');
    await settle(page);
  }
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });
    const keep = async (page: Page, name: string): Promise<void> =>
      saveScreen(`reveal-${size.name}-${name}`, await canvasPng(page));

    test('the scratch, the held amounts, a chick, the A2 result, the focus ring', async ({ page }) => {
      await open(page, SEEDS.laterPickWin.seed);
      await press(page, 'buy', size.touch);
      await rub(page, 2);
      await page.clock.runFor(300);
      expect((await state(page)).game?.amounts, 'the amounts are known while the foil is being rubbed').not.toBeNull();
      expect((await layout(page)).scratch).not.toBeNull();
      await keep(page, '02-digits-under-foil');
      await page.mouse.up();
      await runUntil(page, async () => (await layout(page)).scratch === null, 5);
      await run(page, 0.5);
      await keep(page, '03-amounts-held');
      await settle(page);
      await keep(page, '04-card-docked');
      await pickUntil(page, size.touch, (n) => n >= 1);
      const g = (await state(page)).game!;
      await pickHen(page, nextHen(g.round!.hens), size.touch ? 'touch' : 'mouse');
      await page.clock.runFor(50);
      await run(page, 2.4);
      await keep(page, '05-chick-words');
      await run(page, 0.7);
      await keep(page, '06-chick-plus-one');
      await settle(page);
      await pickUntil(page, size.touch, () => false);
      await settle(page);
      expect((await state(page)).result?.why).toBe(frenchSpaces('Œuf trouvé au 3e coup : gain\u00a0A2'));
      await run(page, 0.5);
      await keep(page, '07-result-a2');
    });

    test('a lost round, a missed haystack, the loss, the finished board held', async ({ page }) => {
      const path = SEEDS.lostNoExtra;
      await open(page, path.seed);
      await press(page, 'buy', size.touch);
      await press(page, 'scratchAll', size.touch);
      await pickUntil(page, size.touch, () => false);
      expect((await state(page)).game?.phase).toBe('haystack');
      await chooseHaystack(page, path.haystack!, size.touch ? 'touch' : 'mouse');
      await page.clock.runFor(50);
      await run(page, 2.2);
      await keep(page, '08-haystack-missed');
      await settle(page);
      expect((await state(page)).result?.why).toBe(
        frenchSpaces("Perdu : aucun œuf d'or trouvé, ce ticket ne gagne rien."),
      );
      await keep(page, '09-result-lost');
      await press(page, 'seeTicket', size.touch);
      await run(page, 20);
      expect((await layout(page)).hens).toHaveLength(30);
      await keep(page, '10-finished-board-held');
      // Last: Tab turns on Pixi's accessibility layer, whose elements would then sit over the canvas for the taps.
      await page.keyboard.press('Tab');
      await page.clock.runFor(100);
      await page.keyboard.press('Tab');
      await page.clock.runFor(100);
      await keep(page, '13-focus-ring');
    });

    test('the Extra: an opaque banner, then the Extra round counted as its hens drop in', async ({ page }) => {
      const path = SEEDS.lostExtraWon;
      await open(page, path.seed);
      await press(page, 'buy', size.touch);
      await press(page, 'scratchAll', size.touch);
      await pickUntil(page, size.touch, () => false);
      expect((await state(page)).game?.phase).toBe('haystack');
      await chooseHaystack(page, path.haystack!, size.touch ? 'touch' : 'mouse');
      await page.clock.runFor(50);
      await run(page, 1.9);
      await keep(page, '11-extra-banner');
      await runUntil(page, async () => (await state(page)).game?.rounds.length === 2, 10);
      await run(page, 0.25);
      await keep(page, '12-extra-round-counter');
      await settle(page);
    });
  });
}
