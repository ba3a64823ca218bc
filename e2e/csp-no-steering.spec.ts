import { expect, test } from '@playwright/test';
import { clickButton, layout, openGame, state, waitIdle } from './support/poule';

/**
 * Nothing in a real game can choose or learn a draw before it is made: a seed in the URL, in storage or on `window`
 * is not taken (the draws are Web Crypto's), and the test hook cannot be replaced, changed or made to show what is
 * not on screen yet.
 */
test.describe.configure({ timeout: 300_000 });

test('a seed in the URL, in storage or on window does not steer a real ticket: its draws are crypto', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('seed', '5');
    sessionStorage.setItem('seed', '5');
    (window as unknown as Record<string, unknown>)['seed'] = 5;
    (window as unknown as Record<string, unknown>)['__pouleSeed'] = 5;
  });
  await openGame(page, '?seed=5&speed=8');
  const s = await state(page);
  expect(s).toMatchObject({ mode: 'play', demo: false, seed: null });
  expect(s.messages.join(' ')).toMatch(/seed/i);
  await clickButton(page, 'buy');
  expect((await state(page)).game!.draws).toBe('crypto');
});

test('the hook is read-only: it cannot be replaced, deleted, redefined or changed, and hands out copies', async ({
  page,
}) => {
  await openGame(page, '?speed=8');
  const tries = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noRedundantUseStrict: this function runs in the page as a script, not as a module; strict mode makes a write to a read-only property throw.
    'use strict';
    const w = window as unknown as Record<string, unknown>;
    const hook = window.__poule as unknown as Record<string, unknown>;
    const fails = (f: () => unknown): boolean => {
      try {
        f();
        return false;
      } catch {
        return true;
      }
    };
    const d = Object.getOwnPropertyDescriptor(window, '__poule')!;
    return {
      descriptor: { writable: d.writable, configurable: d.configurable, enumerable: d.enumerable },
      frozen: Object.isFrozen(hook),
      assign: fails(() => (w['__poule'] = {})),
      remove: fails(() => delete w['__poule']),
      redefine: fails(() => Object.defineProperty(window, '__poule', { value: {} })),
      replaceMethod: fails(() => (hook['state'] = () => ({}))),
      addField: fails(() => (hook['pick'] = () => 0)),
      defineOnHook: fails(() => Object.defineProperty(hook, 'state', { value: () => ({}) })),
      stillTheHook: window.__poule === (hook as unknown) && typeof window.__poule?.state === 'function',
    };
  });
  expect(tries).toEqual({
    descriptor: { writable: false, configurable: false, enumerable: false },
    frozen: true,
    assign: true,
    remove: true,
    redefine: true,
    replaceMethod: true,
    addField: true,
    defineOnHook: true,
    stillTheHook: true,
  });
  // A copy each time: changing what state() gave changes nothing in the game.
  const changed = await page.evaluate(() => {
    const s = window.__poule!.state();
    (s as { balanceCents: number }).balanceCents = 999_999;
    return window.__poule!.state().balanceCents;
  });
  expect(changed).toBe(2000);
});

test('before the scratch the amounts are not in the hook; before a round is lost no board is', async ({ page }) => {
  await openGame(page, '?speed=8');
  await clickButton(page, 'buy');
  const before = (await state(page)).game!;
  expect(before.phase).toBe('scratch');
  expect(before.amounts).toBeNull();
  expect(before.rounds).toEqual([]);
  expect(before.round).toBeNull();
  // Nothing undrawn hides anywhere in what the hook gives: no number shaped like a prize, no element name.
  const text = JSON.stringify(await state(page)) + JSON.stringify(await layout(page));
  expect(text).not.toMatch(/"(egg|chick|empty|a1Cents|a2Cents|board|ticket)"\s*:/);

  await clickButton(page, 'scratchAll');
  for (let step = 0; step < 60; step++) {
    const g = (await state(page)).game!;
    if (g.phase !== 'round') break;
    const r = g.round!;
    // While a round is in play its board stays hidden, and only lifted hens show what they hid.
    expect(r.board).toBeNull();
    expect(r.hens.filter((h) => h !== null)).toHaveLength(r.picks.length);
    const hen = r.hens.indexOf(null);
    const box = await page.locator('#game canvas').boundingBox();
    const rect = (await layout(page)).hens[hen]!;
    await page.mouse.click(box!.x + rect.x + rect.width / 2, box!.y + rect.y + rect.height / 2);
    await page.waitForTimeout(30);
    await waitIdle(page);
  }
  const after = (await state(page)).game!;
  for (const r of after.rounds) expect(r.board === null).toBe(r.outcome !== 'lost');
});
