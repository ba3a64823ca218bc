import { expect, test } from '@playwright/test';
import { clickButton, clickRect, layout, openGame, settle, state } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

/**
 * A won prize counts up from 0 in about fifteen values a second. A text is drawn into a texture of its own and
 * uploaded again at each new value; the counting figure (src/scene/counting-text.ts) lays each value out from glyphs
 * uploaded once. Counted with WebGL's own calls: the textures uploaded from the winning pick until the game is idle.
 */
const COUNT_UPLOADS = `globalThis.__PIXI_APP_INIT__ = (app) => {
  const gl = app.renderer.gl;
  if (!gl) return;
  window.__uploads = [];
  for (const name of ['texImage2D', 'texSubImage2D']) {
    const call = gl[name].bind(gl);
    gl[name] = (...a) => {
      const source = a.find((x) => typeof x === 'object' && x !== null && 'width' in x);
      window.__uploads.push(source ? source.width + 'x' + source.height : String(a[3]) + 'x' + String(a[4]));
      return call(...a);
    };
  }
};`;

test('a won prize counting up uploads no texture for each value it shows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(COUNT_UPLOADS);
  await openGame(page, `?demo=1&seed=${SEEDS.firstPickWin.seed}&speed=1`);
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  await settle(page);
  await page.evaluate('window.__uploads = []');
  const hen = nextHen((await state(page)).game!.round!.hens);
  await clickRect(page, (await layout(page)).hens[hen]!);
  await settle(page);
  expect((await state(page)).game!.result?.outcome).toBe('won');
  const uploads = (await page.evaluate('window.__uploads')) as string[];
  // The count shows 30 values or more (2 s and longer at fifteen a second); as texts, as many uploads of one size.
  const bySize = new Map<string, number>();
  for (const u of uploads) bySize.set(u, (bySize.get(u) ?? 0) + 1);
  const most = Math.max(0, ...bySize.values());
  expect(most, `uploads by size: ${JSON.stringify([...bySize])}`).toBeLessThan(10);
});
