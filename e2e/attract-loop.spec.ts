import { expect, type Page, test } from '@playwright/test';
import { clickButton, openGame, state, until, waitIdle } from './support/poule';

/** A tap in the middle of the canvas, where no button of the title is. */
async function tapMiddle(page: Page): Promise<void> {
  const box = (await page.locator('#game canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.25);
}

test.describe('attract loop', () => {
  test('starts after the idle time on the title, and a tap leaves it for the title, balance untouched', async ({
    page,
  }) => {
    await openGame(page, '?demo=1&speed=8&idle=2');
    const before = await state(page);
    expect(before.screen).toBe('title');
    await until(page, (s) => s.screen === 'attract' && s.attract?.running === true);
    const s = await state(page);
    expect(s.attract?.banner).toBe(true);
    expect(s.attract?.badge).toBe(true);
    expect(s.balanceCents).toBe(before.balanceCents);
    await tapMiddle(page);
    await until(page, (s) => s.screen === 'title' && !s.attract?.running, 10_000);
    await waitIdle(page);
    const after = await state(page);
    expect(after.balanceCents).toBe(before.balanceCents);
    expect(after.game).toEqual(before.game);
    // Ready to buy: the tap that left the loop bought nothing, the next one buys.
    await clickButton(page, 'buy');
    expect((await state(page)).screen).toBe('ticket');
  });

  test('a key leaves it too, and ?mode=attract starts it at once', async ({ page }) => {
    await openGame(page, '?mode=attract&speed=8');
    await until(page, (s) => s.screen === 'attract', 10_000);
    await page.keyboard.press('Enter');
    await until(page, (s) => s.screen === 'title', 10_000);
    expect((await state(page)).game).toBeNull();
  });

  test('demo tickets are marked « DÉMO », drawn from their own seeded stream, chosen by seed', async ({ page }) => {
    await openGame(page, '?mode=attract&speed=8&scenes=demo');
    await until(page, (s) => s.screen === 'attract' && s.game !== null, 20_000);
    const s = await state(page);
    expect(s.demo).toBe(true);
    expect(s.game?.draws).toBe('seeded');
    expect(s.attract?.seeds).toEqual([958, 1228, 6]);
    expect(s.attract?.seeds).toContain(s.seed);
    expect(s.attract?.badge).toBe(true);
    // The player's own session has no ticket: the demo never touched it.
    await tapMiddle(page);
    await until(page, (s) => s.screen === 'title', 10_000);
    expect((await state(page)).game).toBeNull();
  });

  test('one loop plays through every scene and lasts about 60–90 s', async ({ page }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 480, height: 270 });
    // A fake clock with fixed 16 ms frames: the loop's length is measured in the game's own time, whatever the
    // machine's frame rate (at a high ?speed= a slow frame would swallow seconds of the loop's time). At speed 2 a
    // frame is 32 ms of game time: each step of the loop may end up to one frame late, a few seconds in all.
    await page.clock.install();
    await openGame(page, '?mode=attract&speed=2');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500); // the page's time: opening it may take longer than that
    const seen = new Set<string>();
    let s = await state(page);
    for (let i = 0; i < 400 && (s.attract?.loops ?? 0) < 1; i++) {
      await page.clock.runFor(500);
      s = await state(page);
      if (s.attract?.scene) seen.add(s.attract.scene);
    }
    expect(s.attract?.loops).toBeGreaterThanOrEqual(1);
    expect([...seen].sort()).toEqual(['demo', 'howto', 'prizes', 'title']);
    console.log(`loop length: ${s.attract?.lastLoopSeconds?.toFixed(1)} s of game time`);
    expect(s.attract?.lastLoopSeconds).toBeGreaterThan(55);
    expect(s.attract?.lastLoopSeconds).toBeLessThan(95);
  });
});
