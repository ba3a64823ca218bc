import { expect, type Page } from '@playwright/test';
import type { HookState } from '../../src/app/test-hook';
import { clickButton, clickRect, layout, settle, state } from './poule';

/** Real tickets through the canvas, as a player plays them: real clicks at the hook's rectangles. */

export const serialOf = (s: HookState): string => {
  const g = s.game;
  if (!g) throw new Error('no ticket on screen');
  return `${String(g.serial.block).padStart(6, '0')}-${String(g.serial.index).padStart(6, '0')}`;
};

/** The lowest hen still sitting in the round in play. */
export const firstHenDown = (s: HookState): number => s.game!.round!.hens.indexOf(null);

/** Clicks hen `hen` and waits until the pick is answered and shown. */
export async function clickHen(page: Page, hen: number): Promise<void> {
  const r = (await layout(page)).hens[hen];
  if (!r) throw new Error(`hen ${hen} is not on screen`);
  await clickRect(page, r);
  await settle(page);
}

/** Plays the ticket on screen to its end: the scratch if needed, the lowest hen down, the first haystack. */
export async function playOut(page: Page): Promise<HookState> {
  let s = await state(page);
  if (s.game?.phase === 'scratch') {
    await clickButton(page, 'scratchAll');
    s = await state(page);
  }
  for (let guard = 0; s.game && s.game.phase !== 'ended'; guard++) {
    if (guard > 40) throw new Error(`the ticket never ended: ${JSON.stringify(s.game)}`);
    const before = JSON.stringify(s.game);
    if (s.game.phase === 'haystack') {
      const r = (await layout(page)).haystacks[0];
      if (!r) throw new Error('no haystack on screen');
      await clickRect(page, r);
      await settle(page);
    } else {
      await clickHen(page, firstHenDown(s));
    }
    s = await state(page);
    expect(JSON.stringify(s.game), 'a click changed nothing').not.toBe(before);
  }
  return s;
}
