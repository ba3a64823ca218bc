import { expect, test, type Page } from '@playwright/test';
import { clickButton, openGame, state, waitIdle } from './support/poule';

/** Waits until the hook says `pred` of the state (polling: the loop moves on its own). */
async function until(page: Page, pred: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(`(() => { const s = window.__poule.state(); return ${pred}; })()`, undefined, { timeout, polling: 100 });
}

/** A tap in the middle of the canvas, where no button of the title is. */
async function tapMiddle(page: Page): Promise<void> {
  const box = (await page.locator('#game canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.25);
}

test.describe('attract loop', () => {
  test('starts after the idle time on the title, and a tap leaves it for the title, balance untouched', async ({ page }) => {
    await openGame(page, '?demo=1&speed=8&idle=2');
    const before = await state(page);
    expect(before.screen).toBe('title');
    await until(page, "s.screen === 'attract' && s.attract.running");
    const s = await state(page);
    expect(s.attract?.banner).toBe(true);
    expect(s.attract?.badge).toBe(true);
    expect(s.balanceCents).toBe(before.balanceCents);
    await tapMiddle(page);
    await until(page, "s.screen === 'title' && !s.attract.running", 5_000);
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
    await until(page, "s.screen === 'attract'", 10_000);
    await page.keyboard.press('Enter');
    await until(page, "s.screen === 'title'", 5_000);
    expect((await state(page)).game).toBeNull();
  });

  test('demo tickets are marked « DÉMO », drawn from their own seeded stream, chosen by seed', async ({ page }) => {
    await openGame(page, '?mode=attract&speed=8&scenes=demo');
    await until(page, "s.screen === 'attract' && s.game !== null", 20_000);
    const s = await state(page);
    expect(s.demo).toBe(true);
    expect(s.game?.draws).toBe('seeded');
    expect(s.attract?.seeds).toEqual([17, 1]);
    expect(s.attract?.seeds).toContain(s.seed);
    expect(s.attract?.badge).toBe(true);
    // The player's own session has no ticket: the demo never touched it.
    await tapMiddle(page);
    await until(page, "s.screen === 'title'", 5_000);
    expect((await state(page)).game).toBeNull();
  });

  test('one loop plays through every scene and comes round again', async ({ page }) => {
    await openGame(page, '?mode=attract&speed=40');
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const s = await state(page);
      if (s.attract?.scene) seen.add(s.attract.scene);
      if ((s.attract?.loops ?? 0) >= 1) break;
      await page.waitForTimeout(100);
    }
    const s = await state(page);
    expect(s.attract?.loops).toBeGreaterThanOrEqual(1);
    expect([...seen].sort()).toEqual(['demo', 'howto', 'prizes', 'title']);
    expect(s.attract?.lastLoopSeconds).toBeGreaterThan(55);
    expect(s.attract?.lastLoopSeconds).toBeLessThan(95);
    console.log(`loop length: ${s.attract?.lastLoopSeconds?.toFixed(1)} s of game time`);
  });
});
