import { expect, type Page, test } from '@playwright/test';
import type { HookStats } from '../src/app/test-hook';
import { openGame } from './support/poule';

/**
 * A cheap guard against leaks over the attract loop: a few loops at a high speed on
 * the fake clock, then what is alive at the start of a later loop must be what was alive at the start of an earlier
 * one. The full 200-loop figures come from `npm run bench:soak` (tools/soak.ts); this only has to catch a leak of a
 * texture or a few display objects per loop, which the soak found once (a gradient texture per panel).
 */

const FRAME_MS = 1000 / 60;

async function loops(page: Page): Promise<number> {
  return page.evaluate(() => window.__poule!.state().attract?.loops ?? 0);
}

/**
 * Runs fake frames until `n` loops are done, then a few more so the new loop's first scene is settled. Two frames at
 * a time: the two samples compared must be taken at nearly the same moment of their loops (at speed 50, twenty frames
 * are a whole scene, and the tweens alive differ from one scene to the next).
 */
async function runToLoop(page: Page, n: number): Promise<HookStats> {
  for (let i = 0; i < 20_000 && (await loops(page)) < n; i++) await page.clock.runFor(2 * FRAME_MS);
  expect(await loops(page)).toBeGreaterThanOrEqual(n);
  await page.clock.runFor(30 * FRAME_MS);
  return page.evaluate(() => window.__poule!.stats()!);
}

/** The gradient textures (a 256×1 canvas each): made once per tone, they never grow in number. */
function gradients(s: HookStats): number {
  return Object.entries(s.textureKinds)
    .filter(([k]) => k.endsWith(' 256x1'))
    .reduce((n, [, c]) => n + c, 0);
}

test('the attract loop releases what each loop makes (textures, display objects, tweens, buttons)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 480, height: 270 });
  await page.clock.install();
  await openGame(page, '?mode=attract&speed=50');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500); // the page's time: opening it may take longer than that
  // Loop 1 warms the caches (art, text textures of every size, the pool); from there on nothing may pile up.
  const start = await loops(page);
  const a = await runToLoop(page, start + 2);
  const b = await runToLoop(page, start + 5);
  const msg = `loop ${start + 2} → ${start + 5}: ${JSON.stringify({ a: { ...a, textureKinds: undefined }, b: { ...b, textureKinds: undefined } })}`;
  console.log(msg);
  expect(a.gpuTextures, 'the hook counts GPU textures (WebGL)').toBeGreaterThan(0);
  expect(gradients(b), msg).toBe(gradients(a));
  // Text textures come from Pixi's pool, whose size buckets vary a little with what is on screen: a small slack,
  // well under the 3 loops' worth of a leak of one texture per loop.
  expect(b.gpuTextures, msg).toBeLessThanOrEqual(a.gpuTextures + 2);
  // Sampled at the same moment of the loop (its start), the stage holds the same views, give or take a banner.
  expect(b.displayObjects, msg).toBeLessThanOrEqual(a.displayObjects + 40);
  expect(b.buttons, msg).toBe(a.buttons);
  expect(b.tweens, msg).toBeLessThanOrEqual(a.tweens + 10);
});
