import { expect, type Page, test } from '@playwright/test';
import { focus, openGame, settle, state } from './support/poule';

/** Tab, as a keyboard user goes first: Enter and Space press what it is on, and one focus ring is ever on screen. */
test.describe.configure({ timeout: 180_000 });
const DEMO = '?demo=1&seed=42&speed=8';

/** The browser's focus: the title of Pixi's accessibility element it is on, and whether it draws its own outline. */
const domFocus = (page: Page): Promise<{ title: string | null; outline: string }> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const onScene = !!el && el !== document.body && 'container' in el;
    return { title: onScene ? el.title : null, outline: onScene ? getComputedStyle(el).outlineStyle : 'none' };
  });

/** Presses Tab until the game's focus satisfies `ok`; fails after `tries`. */
async function tabTo(page: Page, ok: (f: Awaited<ReturnType<typeof focus>>) => boolean, tries = 40): Promise<void> {
  for (let i = 0; i < tries; i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(60);
    if (ok(await focus(page))) return;
  }
  throw new Error(`Tab never reached the target: ${JSON.stringify(await focus(page))}`);
}

/** One focus on screen: the game's ring and the browser's focus are on the same thing, and no browser outline. */
async function expectOneFocus(page: Page, label: string): Promise<void> {
  const d = await domFocus(page);
  expect(d.outline, 'the browser draws no outline of its own').toBe('none');
  if (d.title !== null) expect(d.title, 'the browser focus and the ring are on the same thing').toBe(label);
}

test('Tab then Enter presses the focused button; Tab then Space lifts the focused hen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await tabTo(page, (f) => f?.id === 'buy');
  expect((await domFocus(page)).title).toMatch(/^Acheter un ticket/);
  await expectOneFocus(page, (await domFocus(page)).title!);
  await page.keyboard.press('Enter');
  await settle(page);
  expect((await state(page)).game?.phase, 'Enter on the focused « Acheter » bought a ticket').toBe('scratch');

  await page.keyboard.press('s');
  await settle(page);
  expect((await state(page)).game?.phase).toBe('round');
  await tabTo(page, (f) => f?.kind === 'hen');
  const f = (await focus(page))!;
  await expectOneFocus(page, `Poule ${f.index + 1}`);
  await page.keyboard.press(' ');
  await settle(page);
  const g = (await state(page)).game!;
  expect(g.rounds[0]!.picks[0]?.hen, 'Space lifted the hen the focus was on').toBe(f.index);
});

test('Tab, Tab, ArrowDown leave one focus, and Enter acts on it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, DEMO);
  await tabTo(page, (f) => f !== null);
  await page.keyboard.press('Tab');
  await page.waitForTimeout(60);
  const before = await focus(page);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(60);
  const after = (await focus(page))!;
  expect(after, 'the arrow moved the one focus on').not.toEqual(before);
  // The browser's focus went with the ring (or left the scene): never two places at once.
  const d = await domFocus(page);
  expect(d.outline).toBe('none');
  const labels: Record<string, RegExp> = { buy: /^Acheter/, topUp: /^Recharger/, history: /^Historique/ };
  if (d.title !== null && after.id && labels[after.id]) expect(d.title).toMatch(labels[after.id]!);
  // Enter acts on what the ring shows: walk the arrows to « Acheter » and press it.
  for (let i = 0; i < 12 && (await focus(page))?.id !== 'buy'; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(60);
  }
  expect((await focus(page))?.id).toBe('buy');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(60);
  await page.keyboard.press('Shift+Tab');
  await page.waitForTimeout(60);
  expect((await focus(page))?.id, 'Tab goes on from where the arrows left the focus').toBe('buy');
  await page.keyboard.press('Enter');
  await settle(page);
  expect((await state(page)).game?.phase).toBe('scratch');
});
