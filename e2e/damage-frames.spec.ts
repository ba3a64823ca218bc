import { expect, type Page, test } from '@playwright/test';
import { DAMAGE_COUNTS, DAMAGE_PROBE, type DamageCounts, INSTALL_DAMAGE_CHECK } from '../tools/damage-probe';
import { clickButton, clickRect, layout, openGame, settle, state } from './support/poule';
import { nextHen, type PathName, SEEDS } from './support/seeds';

/**
 * The game redraws only what changed at each frame (src/scene/damage-painter.ts). Here every frame it paints is read
 * back and compared with the whole stage drawn again at that moment (tools/damage-probe.ts): a single pixel left
 * behind by something that moved, or a change not redrawn, fails. A demo ticket at normal speed through its reveal,
 * its result and party, a resize, « Voir le ticket » and back, and home.
 */
test.setTimeout(300_000); // software WebGL on a shared two-core machine, and a read-back of the canvas at each frame

async function playTicket(page: Page, name: PathName): Promise<void> {
  const seed = SEEDS[name];
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  for (let k = 0; k < seed.elements[0]!.length; k++) {
    const hen = nextHen((await state(page)).game!.round!.hens);
    await clickRect(page, (await layout(page)).hens[hen]!);
    await settle(page);
  }
  if (seed.haystack !== null) {
    await clickRect(page, (await layout(page)).haystacks[seed.haystack]!);
    await settle(page);
  }
  await page.waitForTimeout(1500); // the party goes on after the game is idle again
}

for (const [name, width, height] of [
  ['firstPickWin', 1280, 720],
  ['lostNoExtra', 720, 1280],
] as const) {
  test(`${name} at ${width}×${height}: every painted frame is the whole stage's`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(DAMAGE_PROBE);
    await openGame(page, `?demo=1&seed=${SEEDS[name].seed}&speed=1`);
    expect(await page.evaluate(() => window.__poule!.state().renderer)).toBe('webgl');
    await page.evaluate(INSTALL_DAMAGE_CHECK(1));
    await playTicket(page, name);
    await page.setViewportSize({ width: Math.round(width * 0.8), height: Math.round(height * 0.9) });
    await page.waitForTimeout(800);
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(800);
    await clickButton(page, 'seeTicket');
    await clickButton(page, 'backToResult');
    await clickButton(page, 'home');
    await page.waitForTimeout(800);
    const d = (await page.evaluate(DAMAGE_COUNTS)) as DamageCounts;
    expect(d.frames).toBeGreaterThan(40);
    expect(d, `${d.worst} pixels differ in [${d.box?.join(', ')}] `).toMatchObject({ bad: 0 });
  });
}
