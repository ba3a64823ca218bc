import { expect, type Page, test } from '@playwright/test';
import { clickButton, clickRect, layout, openGame, settle, shot, state } from './support/poule';

/**
 * Smoke: whole demo tickets played through the canvas with real clicks at the hook's rectangles, in both layouts,
 * checking that the core's snapshot agrees with every click; screenshots of each key screen are kept under
 * test-results/screens/ (look at them).
 */
const LAYOUTS = [
  { name: 'landscape', width: 1280, height: 720 },
  { name: 'portrait', width: 720, height: 1280 },
] as const;

for (const vp of LAYOUTS) {
  test(`plays demo tickets end to end (${vp.name})`, async ({ page }) => {
    // Up to nine whole tickets on software WebGL.
    test.setTimeout(480_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await openGame(page, '?demo=1&seed=42&speed=8&idle=3600'); // no attract loop during a slow machine's long waits
    const tag = (s: string): string => `${vp.name}-${s}`;

    let s = await state(page);
    expect(s).toMatchObject({
      screen: 'title',
      mode: 'demo',
      demo: true,
      seed: 42,
      layout: vp.name,
      balanceCents: 2000,
    });
    await expect(page.locator('#game')).toHaveAttribute('data-ready', '1');
    await shot(page, tag('1-title'));

    await clickButton(page, 'rules');
    expect((await state(page)).screen).toBe('rules');
    await shot(page, tag('2-rules'));
    await clickButton(page, 'close');
    expect((await state(page)).screen).toBe('title');

    const seen = { haystacks: false, won: false, lost: false, lostBoard: false };
    for (let ticket = 0; ticket < 9 && !(seen.haystacks && seen.won && seen.lost); ticket++) {
      const before = (await state(page)).balanceCents;
      await clickButton(page, ticket === 0 ? 'buy' : 'playAgain');
      s = await state(page);
      expect(s.screen).toBe('ticket');
      expect(s.game?.phase).toBe('scratch');
      expect(s.game?.amounts).toBeNull();
      expect(s.balanceCents).toBe(before - 200);
      expect((await layout(page)).scratch).not.toBeNull();
      if (ticket === 0) await shot(page, tag('3-scratch'));

      await clickButton(page, 'scratchAll');
      s = await state(page);
      expect(s.game?.amounts).not.toBeNull();
      expect(s.game?.phase).toBe('round');
      if (ticket === 0) await shot(page, tag('4-round'));

      await playToTheEnd(page, tag, seen);
      s = await state(page);
      const result = s.game!.result!;
      expect(s.screen).toBe('result');
      expect(s.balanceCents).toBe(before - 200 + result.prizeCents);
      if (result.outcome === 'won' && !seen.won) await shot(page, tag('8-result-won'));
      if (result.outcome === 'lost' && !seen.lost) await shot(page, tag('8-result-lost'));
      seen[result.outcome] = true;
      if (s.balanceCents < 200) break;
    }
    expect(errors).toEqual([]);
  });
}

/** Picks hens (the first still down) and a haystack until the ticket ends, checking each click in the snapshot. */
async function playToTheEnd(
  page: Page,
  tag: (s: string) => string,
  seen: { haystacks: boolean; lostBoard: boolean },
): Promise<void> {
  for (let step = 0; step < 80; step++) {
    const s = await state(page);
    const g = s.game!;
    if (g.phase === 'ended') return;
    const l = await layout(page);
    if (g.phase === 'haystack') {
      expect(l.haystacks).toHaveLength(5);
      if (!seen.haystacks) await shot(page, tag('6-haystacks'));
      await clickRect(page, l.haystacks[2]!);
      if (!seen.haystacks) {
        // Caught while the haystacks open (before the next round or the result covers them).
        await page.waitForTimeout(350);
        await shot(page, tag('7-haystack-opened'));
      }
      await settle(page);
      const after = (await state(page)).game!;
      expect(after.haystack.chosen).toBe(2);
      seen.haystacks = true;
      continue;
    }
    expect(g.phase).toBe('round');
    expect(l.hens).toHaveLength(30);
    const round = g.round!;
    const hen = round.hens.indexOf(null);
    await clickRect(page, l.hens[hen]!);
    if (!seen.lostBoard && round.picksLeft === 1) {
      // A last pick: if it loses, catch the end-of-round reveal while it plays.
      await page.waitForTimeout(450);
      const mid = (await state(page)).game!;
      if (mid.rounds[round.round - 1]!.board) {
        await shot(page, tag('5-lost-round'));
        seen.lostBoard = true;
      }
    }
    await settle(page);
    const after = (await state(page)).game!;
    expect(after.rounds[round.round - 1]!.picks.at(-1)!.hen).toBe(hen);
    expect(after.rounds[round.round - 1]!.picks.length).toBe(round.picks.length + 1);
  }
  throw new Error('the ticket did not end in 80 steps');
}
