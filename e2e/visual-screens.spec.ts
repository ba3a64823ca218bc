import { expect, test, type Page } from '@playwright/test';
import { canvasPng, chooseHaystack, keepScreen, LAYOUTS, openDemo, pickHen, pressButton, saveScreen } from './support/drive';
import { layout, settle, state } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

/**
 * The key screens of a ticket in both layouts, kept as artefacts under test-results/screens/visual-<layout>-*.png for
 * a person to look at. Normal speed, so the moments in the middle of an animation (the chick's +1, the Extra, the
 * win's particles) can be caught: those are taken as a short burst of frames, each kept. The core's state is checked
 * at every step so a screen is never saved under the wrong name.
 */
test.setTimeout(600_000); // software WebGL on a shared two-core machine, at normal animation speed

/** A burst of `count` frames, `gap` ms apart, kept as <name>-1…n. */
async function burst(page: Page, name: string, count: number, gap: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    saveScreen(`${name}-${i}`, await canvasPng(page));
    await page.waitForTimeout(gap);
  }
}

for (const vp of LAYOUTS) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const tag = (s: string): string => `visual-${vp.name}-${s}`;

    test('title, rules, scratch, round, chick +1, lost round, haystacks, Extra, loss', async ({ page }) => {
      const path = SEEDS.lostExtraLost; // round 1: empty, chick, empty, empty; the Extra; round 2: three empties
      await openDemo(page, path.seed, 'speed=1');
      expect((await state(page)).screen).toBe('title');
      await keepScreen(page, tag('01-title'));
      await pressButton(page, 'rules', 'mouse');
      expect((await state(page)).screen).toBe('rules');
      await keepScreen(page, tag('02-rules'));
      await pressButton(page, 'close', 'mouse');
      await pressButton(page, 'buy', 'mouse');
      expect((await state(page)).game?.phase).toBe('scratch');
      await keepScreen(page, tag('03-scratch'));
      await pressButton(page, 'scratchAll', 'mouse');
      expect((await state(page)).game?.phase).toBe('round');
      await keepScreen(page, tag('04-round'));
      for (const element of path.elements[0]!) {
        const g = (await state(page)).game!;
        await pickHen(page, nextHen(g.round!.hens), 'mouse');
        if (element === 'chick') await burst(page, tag('05-chick-plus-one'), 3, 250);
        if (g.round!.picksLeft === 1 && element !== 'chick') await burst(page, tag('06-lost-round'), 4, 300);
        await settle(page);
      }
      expect((await state(page)).game?.phase).toBe('haystack');
      await keepScreen(page, tag('07-haystacks'));
      await chooseHaystack(page, path.haystack!, 'mouse');
      await burst(page, tag('08-extra'), 4, 300);
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
      await openDemo(page, path.seed, 'speed=1');
      await pressButton(page, 'buy', 'mouse');
      await pressButton(page, 'scratchAll', 'mouse');
      await pickHen(page, nextHen((await state(page)).game!.round!.hens), 'mouse');
      await burst(page, tag('11-egg-found'), 3, 300);
      await settle(page);
      expect((await state(page)).game?.result).toMatchObject({ outcome: 'won', prize: 'A1' });
      expect(Object.keys((await layout(page)).buttons)).toContain('playAgain');
      await burst(page, tag('12-win'), 2, 400);
    });
  });
}
