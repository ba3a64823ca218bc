import { expect, test } from '@playwright/test';
import { openGame, state, until } from './support/poule';

test.describe('kiosk mode', () => {
  test('blocks the context menu, zoom and selection, hides the cursor', async ({ page }) => {
    await openGame(page, '?mode=kiosk&speed=8');
    const s = await state(page);
    expect(s.mode).toBe('kiosk');
    expect(s.demo).toBe(false);
    expect(s.kiosk).not.toBeNull();
    const blocked = await page.evaluate(() => {
      const canvas = document.querySelector('#game canvas')!;
      const fire = (e: Event): boolean => {
        canvas.dispatchEvent(e);
        return e.defaultPrevented;
      };
      return {
        contextmenu: fire(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })),
        ctrlWheel: fire(new WheelEvent('wheel', { bubbles: true, cancelable: true, ctrlKey: true, deltaY: -100 })),
        plainWheel: fire(new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY: -100 })),
        gesture: fire(new Event('gesturestart', { bubbles: true, cancelable: true })),
        ctrlPlus: fire(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ctrlKey: true, key: '+' })),
        selectstart: fire(new Event('selectstart', { bubbles: true, cancelable: true })),
      };
    });
    expect(blocked).toEqual({
      contextmenu: true,
      ctrlWheel: true,
      plainWheel: false,
      gesture: true,
      ctrlPlus: true,
      selectstart: true,
    });
    const styles = await page.evaluate(() =>
      ['html', 'body', '#game'].map((sel) => {
        const c = getComputedStyle(document.querySelector(sel)!);
        return { touchAction: c.touchAction, userSelect: c.userSelect, cursor: c.cursor };
      }),
    );
    for (const st of styles) expect(st).toEqual({ touchAction: 'none', userSelect: 'none', cursor: 'none' });
    // The canvas's own cursor (Pixi sets it per hover) is hidden too.
    const box = (await page.locator('#game canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.7);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('#game canvas')!).cursor)).toBe('none');
    expect(['unavailable', 'held', 'refused']).toContain(s.kiosk?.wakeLock);
  });

  test('outside kiosk mode the context menu is left alone', async ({ page }) => {
    await openGame(page, '?demo=1&speed=8');
    const prevented = await page.evaluate(() => {
      const e = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.querySelector('#game canvas')!.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(prevented).toBe(false);
    expect((await state(page)).kiosk).toBeNull();
  });

  test('after the idle time on the title, the kiosk runs the attract loop; a tap comes back to the title', async ({
    page,
  }) => {
    await openGame(page, '?mode=kiosk&speed=8&idle=2');
    const before = await state(page);
    await until(page, (s) => s.screen === 'attract');
    const box = (await page.locator('#game canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
    await until(page, (s) => s.screen === 'title', 10_000);
    const after = await state(page);
    expect(after.balanceCents).toBe(before.balanceCents);
    expect(after.game).toEqual(before.game);
  });
});
