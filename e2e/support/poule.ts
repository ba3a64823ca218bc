import type { FileChooser, Page } from '@playwright/test';
import type { HookFocus, HookLayout, HookRect, HookState } from '../../src/app/test-hook';

/** Helpers over `window.__poule`, the game's read-only test hook: wait for idle, read state, click rectangles. */

/** Opens the game and waits for it to be ready and idle; software WebGL on a loaded two-core machine boots slowly. */
export async function openGame(page: Page, query: string): Promise<void> {
  await page.goto(`/${query}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 150_000, polling: 200 });
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

/** Polls the hook's state until `pred` holds (the attract loop and the idle watch move on their own). */
export async function until(page: Page, pred: (s: HookState) => boolean, timeout = 30_000): Promise<HookState> {
  const end = Date.now() + timeout;
  let s = await state(page);
  while (!pred(s)) {
    if (Date.now() > end)
      throw new Error(
        `state never matched: ${pred.toString()} (screen ${s.screen}, attract ${JSON.stringify(s.attract)})`,
      );
    await page.waitForTimeout(150);
    s = await state(page);
  }
  return s;
}

/**
 * The file choosers the page opens, in order. Listening from the start keeps Playwright's interception on: a
 * `waitForEvent('filechooser')` set just before a click races the interception being switched on, and a chooser
 * opened before it is lost (seen under load on the second import of a test).
 */
export function fileChoosers(page: Page): { next(timeout?: number): Promise<FileChooser> } {
  const ready: FileChooser[] = [];
  const waiting: ((c: FileChooser) => void)[] = [];
  page.on('filechooser', (c) => {
    const w = waiting.shift();
    if (w) w(c);
    else ready.push(c);
  });
  return {
    next: (timeout = 30_000) => {
      const c = ready.shift();
      if (c) return Promise.resolve(c);
      return new Promise((res, rej) => {
        const timer = setTimeout(() => rej(new Error(`no file chooser opened within ${timeout} ms`)), timeout);
        waiting.push((chosen) => {
          clearTimeout(timer);
          res(chosen);
        });
      });
    },
  };
}
