import { expect, type Page, test } from '@playwright/test';
import { clickButton, clickRect, layout, openGame, settle, state } from './support/poule';
import { nextHen, SEEDS } from './support/seeds';

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
  window.__passes = 0;
  window.__indices = 0;
  for (const name of ['drawElements', 'drawArrays']) {
    const call = gl[name].bind(gl);
    gl[name] = (...a) => { window.__draws++; window.__indices += a[1]; return call(...a); };
  }
  // The vertices' indices of the last frame the game drew whole on the canvas (no scissored pass).
  const render = app.renderer.render.bind(app.renderer);
  app.renderer.render = (o) => {
    const whole = !o.target && !gl.isEnabled(gl.SCISSOR_TEST);
    const from = window.__indices;
    const done = render(o);
    if (whole) window.__wholeIndices = window.__indices - from;
    return done;
  };
  const scissor = gl.scissor.bind(gl);
  gl.scissor = (...a) => { window.__passes++; return scissor(...a); };
};`;

/** The draw calls of one whole drawing of the stage, as it stands. */
const WHOLE_STAGE_DRAWS = `(() => {
  window.__draws = 0;
  window.__drawApp.renderer.render({ container: window.__drawApp.stage });
  return window.__draws;
})()`;

/** A round of the demo's lost ticket at 1280×720, waiting for a pick, with WebGL's calls counted. */
async function roundWaiting(page: Page, speed: number): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(COUNT_DRAWS);
  await openGame(page, `?demo=1&seed=${SEEDS.lostNoExtra.seed}&speed=${speed}`);
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  await settle(page);
}

test('a round waiting for a pick is drawn with fewer draw calls than its board has pictures', async ({ page }) => {
  test.setTimeout(180_000);
  await roundWaiting(page, 8);
  const draws = (await page.evaluate(WHOLE_STAGE_DRAWS)) as number;
  // A hen on its nest is two pictures: drawn one call each, the board alone took 60 (the whole stage 108).
  const pictures = 2 * (await layout(page)).hens.length;
  expect(pictures).toBe(60);
  expect(draws).toBeGreaterThan(0);
  expect(draws).toBeLessThan(pictures);
});

test('a frame drawn in part makes the draw calls of what its rectangles cover, not of the whole stage', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // At normal speed: the idle moves are redrawn at their own pace over the 1.5 s counted.
  await roundWaiting(page, 1);
  const whole = (await page.evaluate(WHOLE_STAGE_DRAWS)) as number;
  // A round waiting for a pick: the prompt and the hens' idle moves are redrawn in a few small rectangles (the
  // painter's scissored passes, one gl.scissor each).
  await page.evaluate('window.__draws = 0; window.__passes = 0;');
  await page.waitForTimeout(1500);
  const { draws, passes } = (await page.evaluate('({ draws: window.__draws, passes: window.__passes })')) as {
    draws: number;
    passes: number;
  };
  expect(passes).toBeGreaterThan(10);
  // Each pass drew all of the stage's calls before (42 here, the scissor keeping only their pixels).
  expect(draws / passes).toBeLessThan(whole / 3);
});

/** The sprites on the stage faded out to nothing (alpha 0 here or above them) while shown. */
const FADED_SPRITES = `(() => {
  let n = 0;
  const walk = (c, alpha) => {
    if (!c.visible || !c.renderable) return;
    const a = alpha * c.alpha;
    if (a <= 0 && c.renderPipeId === 'sprite') n++;
    for (const k of c.children) walk(k, a);
  };
  walk(window.__drawApp.stage, 1);
  return n;
})()`;

test('what has faded out to nothing is not drawn: the haystacks over the board gone', async ({ page }) => {
  test.setTimeout(180_000);
  await roundWaiting(page, 8);
  for (let k = 0; k < SEEDS.lostNoExtra.elements[0]!.length; k++) {
    const hens = await page.evaluate(() => window.__poule!.state().game!.round!.hens);
    await clickRect(page, (await layout(page)).hens[nextHen(hens)]!);
    await settle(page);
  }
  expect((await state(page)).game?.phase).toBe('haystack');
  // The board has faded out under the haystacks, its thirty hens and nests still on the stage.
  const faded = (await page.evaluate(FADED_SPRITES)) as number;
  expect(faded).toBeGreaterThanOrEqual(60);
  // Drawn whole by Pixi as it stands, then by the game's own frame (a resize redraws the canvas whole).
  const byPixi = (await page.evaluate(
    'window.__drawApp.renderer.render({ container: window.__drawApp.stage }); window.__wholeIndices',
  )) as number;
  await page.evaluate(
    'window.__wholeIndices = -1; window.__drawApp.renderer.resize(window.innerWidth, window.innerHeight)',
  );
  await expect.poll(() => page.evaluate('window.__wholeIndices'), { timeout: 10_000 }).toBeGreaterThan(0);
  const byGame = (await page.evaluate('window.__wholeIndices')) as number;
  // A sprite is two triangles, six indices.
  expect(byGame).toBeLessThanOrEqual(byPixi - 6 * faded);
});
