import { expect, type Page, test } from '@playwright/test';
import { matchReference } from '../tools/visual/visual-reference';
import { canvasPng, chooseHaystack, LAYOUTS, pickHen, saveScreen, tapAt } from './support/drive';
import { layout, state } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

/**
 * The key screens of a ticket in both layouts, and at the smallest and largest windows the game supports, kept as
 * artefacts under test-results/screens/visual-<layout>-*.png for a person to look at. Normal speed. The moments in
 * the middle of an animation (the chick's +1, the Extra, the win's particles) are caught on the page's fake clock:
 * it is paused before the input, then run to each moment and the frame kept — on a loaded machine a real-time burst
 * of screenshots misses them. The core's state is checked at every step so a screen is never saved under the wrong
 * name. The screens where the game waits for input are also compared with committed reference images
 * (tools/visual/visual-reference.ts): a moved button or a missing hen fails the test.
 */
test.setTimeout(900_000); // software WebGL on a shared two-core machine, at normal animation speed

/**
 * The game's animation speed (?speed=): software WebGL renders a frame slowly, and a big window slower still, so the
 * tests play faster; the moments are given in seconds at speed 1 and caught at the same point of each animation.
 */
let speed = 1;

/** Runs the paused clock in short steps until `ok` holds (at most `max` seconds of game time). */
async function runUntil(page: Page, ok: () => Promise<boolean>, max: number, step = 0.1): Promise<void> {
  for (let t = 0; t <= max; t += step) {
    if (await ok()) return;
    await page.clock.runFor(Math.round(step * 1000));
  }
  throw new Error(`not reached within ${max} s of game time`);
}

const idle = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.querySelector<HTMLElement>('#game')?.dataset['idle'] === '1');

/** Lets the game take in an input and play it out: the clock runs until the game waits for input again. */
async function settle(page: Page): Promise<void> {
  await page.clock.runFor(50);
  await runUntil(page, () => idle(page), 30);
}

/**
 * The whole test runs on the page's fake clock, paused from before the page loads: time moves only when the test runs
 * it. A loaded machine then never skips a moment (a real-time burst of screenshots misses the short ones), no time goes
 * by in the game while a screenshot is taken (no attract loop, no idle care of the ticket), and the title's hen and egg,
 * which rock from the moment the title is laid out, are caught at the same point of their loops on any machine: the
 * clock runs in steps of one frame until the title takes input.
 */
async function open(page: Page, seed: number, speedUp: number): Promise<void> {
  speed = speedUp;
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 1000);
  await page.goto(`/?demo=1&seed=${seed}&speed=${speed}`);
  await runUntil(
    page,
    async () => (await page.evaluate(() => window.__poule?.ready === true)) && (await idle(page)),
    120,
    0.02,
  );
}

/** The page's fake clock at install (ms since 1970): any fixed time will do. */
const CLOCK_START = Date.UTC(2026, 0, 1);

/**
 * Keeps the canvas as a screen artefact and compares it with its reference image. The clock first runs a few frames:
 * the game may have changed the scene just as it became idle (the prompt cleared), and a paused clock draws no frame.
 */
async function keepScreen(page: Page, name: string): Promise<void> {
  await page.clock.runFor(50);
  const png = await canvasPng(page);
  saveScreen(name, png);
  matchReference(name, png);
}

/** A real mouse click on button `id`, then the game plays it out. */
async function press(page: Page, id: string): Promise<void> {
  const r = (await layout(page)).buttons[id];
  if (!r)
    throw new Error(`button ${id} is not on screen (visible: ${Object.keys((await layout(page)).buttons).join(', ')})`);
  await tapAt(page, r, 'mouse');
  await settle(page);
}

/** Does `act`, then runs the clock to each of `at` (seconds after the input, in order) and keeps the frame as <name>-1…n. */
async function moment(page: Page, name: string, act: () => Promise<void>, at: readonly number[]): Promise<void> {
  await act();
  let now = 0;
  for (const [i, t] of at.entries()) {
    await page.clock.runFor(Math.round(((t - now) * 1000) / speed));
    now = t;
    saveScreen(`${name}-${i + 1}`, await canvasPng(page));
  }
}

for (const vp of LAYOUTS) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const tag = (s: string): string => `visual-${vp.name}-${s}`;

    test('title, rules, scratch, round, chick +1, lost round, haystacks, Extra, loss', async ({ page }) => {
      const path = SEEDS.lostExtraLost; // round 1: empty, chick, empty, empty; the Extra; round 2: three empties
      await open(page, path.seed, 2);
      expect((await state(page)).screen).toBe('title');
      await keepScreen(page, tag('01-title'));
      await press(page, 'rules');
      expect((await state(page)).screen).toBe('rules');
      await page.clock.runFor(400); // its fade-in is not an input wait: let it end
      await keepScreen(page, tag('02-rules'));
      await press(page, 'close');
      await press(page, 'buy');
      expect((await state(page)).game?.phase).toBe('scratch');
      await keepScreen(page, tag('03-scratch'));
      await press(page, 'scratchAll');
      expect((await state(page)).game?.phase).toBe('round');
      await keepScreen(page, tag('04-round'));
      for (const element of path.elements[0]!) {
        const g = (await state(page)).game!;
        const hen = nextHen(g.round!.hens);
        const pick = (): Promise<void> => pickHen(page, hen, 'mouse');
        // The chick shows, then its « +1 » held over it, then flying into the counter.
        if (element === 'chick') await moment(page, tag('05-chick-plus-one'), pick, [1.3, 2.0, 2.45]);
        else if (g.round!.picksLeft === 1) await moment(page, tag('06-lost-round'), pick, [1.0, 1.8, 3.0, 4.2]);
        // The first pick is hen 0, top left: caught flying off, up by the header (and the « DÉMO » badge).
        else if (hen < (vp.name === 'landscape' ? 6 : 5))
          await moment(page, tag('04-top-row-lift'), pick, [0.5, 0.85, 1.1]);
        else await pick();
        await settle(page);
        expect((await state(page)).game?.rounds[0]?.picks.at(-1)).toMatchObject({ hen, element });
      }
      expect((await state(page)).game?.phase).toBe('haystack');
      await keepScreen(page, tag('07-haystacks'));
      await moment(page, tag('08-extra'), () => chooseHaystack(page, path.haystack!, 'mouse'), [0.5, 1.2, 1.7, 2.3]);
      await settle(page);
      expect((await state(page)).game).toMatchObject({ phase: 'round', extraWon: true });
      await keepScreen(page, tag('09-extra-round'));
      for (let k = 0; k < 3; k++) {
        await pickHen(page, nextHen((await state(page)).game!.round!.hens), 'mouse');
        await settle(page);
      }
      expect((await state(page)).game?.result?.outcome).toBe('lost');
      await keepScreen(page, tag('10-loss'));
    });

    test('win celebration', async ({ page }) => {
      const path = SEEDS.firstPickWin;
      await open(page, path.seed, 2);
      await press(page, 'buy');
      await press(page, 'scratchAll');
      const hen = nextHen((await state(page)).game!.round!.hens);
      await moment(page, tag('11-egg-found'), () => pickHen(page, hen, 'mouse'), [1.2, 2.2]);
      // The result comes up: its particles and the amount counting up, caught at set moments of game time.
      await runUntil(page, async () => 'playAgain' in (await layout(page)).buttons, 20);
      let now = 0;
      for (const [i, t] of [0.4, 0.9, 1.6, 2.6].entries()) {
        await page.clock.runFor(Math.round(((t - now) * 1000) / speed));
        now = t;
        saveScreen(tag(`12-win-${i + 1}`), await canvasPng(page));
      }
      await settle(page);
      expect((await state(page)).game?.result).toMatchObject({ outcome: 'won', prize: 'A1' });
      // The result takes input before the party is over: its last particles fall and the balance counts up for a
      // few seconds more. The compared screen is the one after them.
      await page.clock.runFor(Math.round(6000 / speed));
      await keepScreen(page, tag('13-win-end'));
    });
  });
}

/** The smallest and the largest windows of the issue: the title, the rules and a round with a chick's +1. */
for (const vp of [
  { name: 'small', width: 360, height: 640, speed: 2 },
  { name: '4k', width: 3840, height: 2160, speed: 4 },
] as const) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const tag = (s: string): string => `visual-${vp.name}-${s}`;

    test('title, rules, round, chick +1', async ({ page }) => {
      const path = SEEDS.lostNoExtra; // the first pick is a chick
      expect(path.elements[0]![0]).toBe('chick');
      await open(page, path.seed, vp.speed);
      const box = await page.locator('#game canvas').boundingBox();
      expect(box).toMatchObject({ width: vp.width, height: vp.height });
      await keepScreen(page, tag('01-title'));
      await press(page, 'rules');
      expect((await state(page)).screen).toBe('rules');
      await page.clock.runFor(400); // its fade-in is not an input wait: let it end
      await keepScreen(page, tag('02-rules'));
      await press(page, 'close');
      await press(page, 'buy');
      await keepScreen(page, tag('03-scratch'));
      await press(page, 'scratchAll');
      expect((await state(page)).game?.phase).toBe('round');
      await keepScreen(page, tag('04-round'));
      const hen = nextHen((await state(page)).game!.round!.hens);
      await moment(page, tag('05-chick-plus-one'), () => pickHen(page, hen, 'mouse'), [1.3, 2.0, 2.45]);
      await settle(page);
      expect((await state(page)).game?.rounds[0]?.picks[0]).toMatchObject({ hen, element: 'chick' });
      expect((await state(page)).game?.round?.picksLeft).toBe(3);
    });
  });
}
