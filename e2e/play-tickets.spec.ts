import { expect, test } from '@playwright/test';
import type { PNG } from 'pngjs';
import type { Element } from '../src/core';
import {
  COLOUR_OF,
  canvasImage,
  cellStats,
  type Device,
  expectCells,
  LAYOUTS,
  openDemo,
  pickHen,
  playPath,
  pressButton,
  saveScreen,
} from './support/drive';
import { layout, settle, state } from './support/poule';
import { nextHen, type PathName, SEEDS } from './support/seeds';

/**
 * Whole demo tickets whose path is known (seeds pinned in support/seeds.ts), played through the canvas with real mouse
 * clicks (landscape) and real touch taps (portrait, a touch context) at the hook's rectangles. After every command the
 * core's snapshot must match the pinned path, and the canvas must show each revealed cell in its element's colour.
 */
const PATHS: readonly PathName[] = ['firstPickWin', 'laterPickWin', 'lostNoExtra', 'lostExtraWon', 'lostExtraLost'];

for (const vp of LAYOUTS) {
  const device: Device = vp.name === 'landscape' ? 'mouse' : 'touch';
  test.describe(`${vp.name}, ${device}`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, hasTouch: device === 'touch' });
    for (const name of PATHS) {
      test(`${name}: seed ${SEEDS[name].seed}`, async ({ page }) => {
        test.setTimeout(300_000); // software WebGL on a shared two-core machine
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await playPath(page, SEEDS[name], device);
        expect(errors).toEqual([]);
      });
    }

    test('a lost round lifts every hen still down, shows its element and marks the egg (art. 3.2.6)', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      // Normal speed: the reveal is held 1.2 s before the haystacks come, time enough to catch it on screen.
      const path = SEEDS.lostNoExtra;
      await openDemo(page, path.seed, 'speed=1');
      await pressButton(page, 'buy', device);
      await pressButton(page, 'scratchAll', device);
      for (;;) {
        const g = (await state(page)).game!;
        const hen = nextHen(g.round!.hens);
        await pickHen(page, hen, device);
        if (g.round!.picksLeft === 1 && path.elements[0]![g.round!.picks.length] === 'empty') break;
        await settle(page);
      }
      const hens = (await layout(page)).hens;
      let board: readonly Element[] | null = null;
      let best: { wrong: number; img: PNG | null } = { wrong: 31, img: null };
      // Screenshots until one shows the whole board as the core drew it, or the haystacks replace it.
      for (let shot = 0; shot < 60 && best.wrong > 0; shot++) {
        board ??= (await state(page)).game!.rounds[0]!.board;
        if ((await layout(page)).haystacks.length > 0) break;
        const img = await canvasImage(page);
        const wrong = board!.filter((e, i) => cellStats(img, hens[i]!).colour !== COLOUR_OF[e]).length;
        if (wrong < best.wrong) best = { wrong, img };
      }
      expect(board).not.toBeNull();
      expect(board!.filter((e) => e === 'egg')).toHaveLength(1);
      if (best.img) saveScreen(`play-${vp.name}-lost-round-reveal`, best.img);
      expect(best.wrong, 'cells not showing their element at the best moment of the reveal').toBe(0);
      expectCells(best.img!, hens, board!, "the lost round's board");
    });
  });
}
