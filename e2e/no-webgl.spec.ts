// The canvas renderer is used where WebGL is missing. Chromium started without its 3D APIs has no WebGL
// at all; the game must still come up, on Pixi's canvas renderer, and play a whole ticket through the canvas.
import { expect, test } from '@playwright/test';
import { pickHen } from './support/drive';
import { clickButton, openGame, settle, shot, state } from './support/poule';
import { SEEDS } from './support/seeds';

test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--disable-3d-apis'] });
    },
    { scope: 'worker' },
  ],
});
test.describe.configure({ timeout: 240_000 });

test('without WebGL the game runs on the canvas renderer and plays a ticket to its end', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const path = SEEDS.laterPickWin;
  await openGame(page, `?demo=1&seed=${path.seed}&speed=8`);
  expect(await page.evaluate(() => !!document.createElement('canvas').getContext('webgl'))).toBe(false);
  expect((await state(page)).renderer).toBe('canvas');
  await clickButton(page, 'buy');
  await page.keyboard.press('s');
  await settle(page);
  for (let i = 0; i < 40; i++) {
    const g = (await state(page)).game!;
    if (g.phase !== 'round') break;
    await pickHen(page, g.round!.hens.indexOf(null), 'mouse');
    await settle(page);
  }
  const end = await state(page);
  expect(end.game?.phase).toBe('ended');
  expect(end.game?.result?.prizeCents).toBe(path.prizeCents);
  await shot(page, 'canvas-renderer-result');
});
