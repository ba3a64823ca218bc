import type { Page } from '@playwright/test';
import type { HookFocus, HookLayout, HookRect, HookState } from '../../src/app/test-hook';

/** Helpers over `window.__poule`, the game's read-only test hook: wait for idle, read state, click rectangles. */
export async function openGame(page: Page, query: string): Promise<void> {
  await page.goto(`/${query}`);
  // Generous: on a loaded two-core machine, software WebGL boots slowly.
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
  await waitIdle(page);
}

export async function waitIdle(page: Page): Promise<void> {
  await page.evaluate(() => window.__poule!.idle());
}

export const state = (page: Page): Promise<HookState> => page.evaluate(() => window.__poule!.state());
export const layout = (page: Page): Promise<HookLayout> => page.evaluate(() => window.__poule!.layout());
export const focus = (page: Page): Promise<HookFocus | null> => page.evaluate(() => window.__poule!.focus());

/** Resizes the window and waits until the game has laid itself out for it (one resize, throttled to a frame). */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  const want = width >= height ? 'landscape' : 'portrait';
  await page.waitForFunction((w) => window.__poule!.state().layout === w, want, { timeout: 30_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await waitIdle(page);
}

/** A real mouse click at the centre of `r` (CSS pixels from the canvas's corner). */
export async function clickRect(page: Page, r: HookRect): Promise<void> {
  const box = await page.locator('#game canvas').boundingBox();
  if (!box) throw new Error('no canvas on the page');
  await page.mouse.click(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
}

/** Clicks the visible button `id`, then waits until the game is idle again. */
export async function clickButton(page: Page, id: string): Promise<void> {
  const l = await layout(page);
  const r = l.buttons[id];
  if (!r) throw new Error(`button ${id} is not on screen (visible: ${Object.keys(l.buttons).join(', ')})`);
  await clickRect(page, r);
  await settle(page);
}

/** Lets the click's work start, then waits for the next idle moment. */
export async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(30);
  await waitIdle(page);
}

/** Key screens are kept as artefacts under test-results/screens/ (POULE_SCREENS moves them elsewhere). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env['POULE_SCREENS'] ?? 'test-results/screens';
  await page.locator('#game canvas').screenshot({ path: `${dir}/${name}.png` });
}
