import { expect, test } from '@playwright/test';
import { clickButton, layout, openGame, settle } from './support/poule';
import { SEEDS } from './support/seeds';

/**
 * The board's thirty hens and their nests share draw calls: their pictures are on one sprite sheet
 * (src/scene/art-sheet.ts) and the built Pixi batches consecutive sprites of one source (tools/pixi-batch-tick.ts).
 * Counted with WebGL's own calls: each draw call the stage makes while the whole canvas is drawn once.
 */
const COUNT_DRAWS = `globalThis.__PIXI_APP_INIT__ = (app) => {
  window.__drawApp = app;
  const gl = app.renderer.gl;
  if (!gl) return;
  window.__draws = 0;
  for (const name of ['drawElements', 'drawArrays']) {
    const call = gl[name].bind(gl);
    gl[name] = (...a) => { window.__draws++; return call(...a); };
  }
};`;

test('a round waiting for a pick is drawn with fewer draw calls than its board has pictures', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(COUNT_DRAWS);
  await openGame(page, `?demo=1&seed=${SEEDS.lostNoExtra.seed}&speed=8`);
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  await settle(page);
  const draws = await page.evaluate(() => {
    const w = window as unknown as {
      __drawApp: { renderer: { render(o: { container: unknown }): void }; stage: unknown };
      __draws: number;
    };
    w.__draws = 0;
    w.__drawApp.renderer.render({ container: w.__drawApp.stage });
    return w.__draws;
  });
  // A hen on its nest is two pictures: drawn one call each, the board alone took 60 (the whole stage 108).
  const pictures = 2 * (await layout(page)).hens.length;
  expect(pictures).toBe(60);
  expect(draws).toBeGreaterThan(0);
  expect(draws).toBeLessThan(pictures);
});
