import { expect, type Page, test } from '@playwright/test';
import type { HookState } from '../src/app/test-hook';
import { chooseHaystack, pickHen } from './support/drive';
import { clickButton, openGame, settle, state, until, waitIdle } from './support/poule';
import { SEEDS } from './support/seeds';

/** Plays the ticket on screen to its end: the first hen still down, the first haystack. */
async function finishTicket(page: Page): Promise<HookState> {
  for (let i = 0; i < 80; i++) {
    const s = await state(page);
    const g = s.game!;
    if (g.phase === 'ended') return s;
    if (g.phase === 'haystack') await chooseHaystack(page, 0, 'mouse');
    else await pickHen(page, g.round!.hens.indexOf(null), 'mouse');
    await settle(page);
  }
  throw new Error('the ticket did not end');
}

test.describe('idle inside a ticket', () => {
  test('a ticket in progress is never interrupted by the attract loop', async ({ page }) => {
    // Idle time 5 s: long enough to reach « buy » on a loaded machine, then waited out well inside the ticket.
    await openGame(page, '?demo=1&speed=8&idle=5&ticketIdle=600');
    await clickButton(page, 'buy');
    expect((await state(page)).screen).toBe('ticket');
    await page.waitForTimeout(8_000);
    const s = await state(page);
    expect(s.screen).toBe('ticket');
    expect(s.attract?.running).toBe(false);
    expect(s.idleWarning).toBeNull();
  });

  test('the warning counts down, the ticket is set aside as it is, then resumed and finished as its journal goes', async ({
    page,
  }) => {
    // A seed whose first pick is not the egg, so the ticket is still in its round when the warning comes.
    await openGame(page, `?demo=1&seed=${SEEDS.lostNoExtra.seed}&speed=8&idle=600&ticketIdle=3&warning=4`);
    const start = await state(page);
    await clickButton(page, 'buy');
    await page.keyboard.press('s');
    await settle(page);
    await pickHen(page, 0, 'mouse');
    await settle(page);
    const kept = await state(page);
    expect(kept.game?.phase).toBe('round');
    await until(page, (s) => (s.idleWarning ?? 0) > 0, 15_000);
    const warned = await state(page);
    expect(warned.screen).toBe('ticket');
    await until(page, (s) => s.screen === 'title', 15_000);
    // The title is coming in: wait until it is there, ready for a touch.
    await waitIdle(page);
    const aside = await state(page);
    // The same ticket, as it was: same serial, same picks, nothing drawn again, nothing paid.
    expect(aside.game).toEqual(kept.game);
    expect(aside.balanceCents).toBe(kept.balanceCents);
    expect(aside.idleWarning).toBeNull();
    // Someone comes back: « Reprendre le ticket » leads to the same ticket, and it plays to its end.
    await clickButton(page, 'buy');
    const resumed = await state(page);
    expect(resumed.screen).toBe('ticket');
    expect(resumed.game?.serial).toEqual(kept.game?.serial);
    expect(resumed.balanceCents).toBe(kept.balanceCents);
    const end = await finishTicket(page);
    expect(end.game?.rounds[0]?.picks.slice(0, kept.game!.rounds[0]!.picks.length)).toEqual(
      kept.game?.rounds[0]?.picks,
    );
    expect(end.game?.serial).toEqual(kept.game?.serial);
    expect(end.balanceCents).toBe(start.balanceCents - 200 + end.game!.result!.prizeCents);
  });

  test('a touch answers the warning: the ticket stays on screen', async ({ page }) => {
    await openGame(page, '?demo=1&speed=8&idle=600&ticketIdle=2&warning=20');
    await clickButton(page, 'buy');
    await until(page, (s) => (s.idleWarning ?? null) !== null, 15_000);
    await page.mouse.move(10, 10);
    await page.mouse.down();
    await page.mouse.up();
    await until(page, (s) => (s.idleWarning ?? null) === null, 10_000);
    await waitIdle(page);
    expect((await state(page)).screen).toBe('ticket');
  });
});

test.describe('attract settings', () => {
  test('bad values are named on screen and the defaults are used', async ({ page }) => {
    await page.route('**/promo.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ loopSeconds: 'long', sound: 'maybe', colour: 'red', caption: 'Été' }),
      }),
    );
    await openGame(page, '?demo=1&speed=8&attract=promo.json&idle=soon&scenes=title,credits');
    await until(page, (s) => s.messages.length >= 5, 10_000);
    const s = await state(page);
    const text = s.messages.join('\n');
    for (const name of [
      'attract.json: loopSeconds',
      'attract.json: sound',
      'attract.json: colour',
      '« idle »',
      '« scenes »',
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toContain('soon');
    expect(s.attract).toMatchObject({ loopSeconds: 75, sound: false, idleSeconds: 45 });
  });

  test('a file that cannot be read is named, and the loop still runs on the defaults', async ({ page }) => {
    await openGame(page, '?mode=attract&speed=8&attract=missing.json');
    await until(page, (s) => s.screen === 'attract', 10_000);
    const s = await state(page);
    expect(s.messages.join('\n')).toContain('missing.json');
    expect(s.attract).toMatchObject({ loopSeconds: 75, idleSeconds: 45, banner: true });
  });
});
