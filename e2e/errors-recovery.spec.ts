import { expect, type Page, test } from '@playwright/test';
import { clickButton, clickRect, layout, openGame, settle, state, waitIdle } from './support/poule';

/**
 * Unexpected errors leave no frozen screen (src/app/error-screen.ts): a thrown error or a rejected promise shows
 * « Une erreur est survenue — Reprendre / Recharger », the ticket is kept, and the support log in localStorage
 * ("poule.errorLog") says enough to reproduce it: the mode, the seed of a demo, the serial of a ticket, the phase,
 * the last events. `?crash=tick|update` throws inside Pixi's ticker or a session update after the first pick, in
 * demo games only.
 */
interface LogEntry {
  kind: string;
  message: string;
  stack: string | null;
  context: Record<string, unknown> & { lastEvents?: Record<string, unknown>[] };
}

// Booting takes up to a minute on a loaded 2-core machine with software WebGL: generous waits, no timed assertion.
test.describe.configure({ timeout: 360_000 });

test.afterEach(async ({ page }, info) => {
  // A failure says which error the page logged, if any.
  if (info.status !== info.expectedStatus)
    console.log('support log:', JSON.stringify(await errorLog(page).catch(() => 'unreadable')));
});

const errorLog = (page: Page): Promise<LogEntry[]> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('poule.errorLog') ?? '[]') as LogEntry[]);

const message = (page: Page) => page.locator('#poule-error');

async function buyAndReveal(page: Page, button: 'buy' | 'playAgain' = 'buy'): Promise<void> {
  await clickButton(page, button);
  await clickButton(page, 'scratchAll');
  expect((await state(page)).game?.phase).toBe('round');
}

/** Lifts the first hen still down (no wait: the caller decides). */
async function pickFirstHen(page: Page): Promise<void> {
  const g = (await state(page)).game!;
  await clickRect(page, (await layout(page)).hens[g.round!.hens.indexOf(null)]!);
}

async function playToTheEnd(page: Page): Promise<void> {
  for (let step = 0; step < 100; step++) {
    const g = (await state(page)).game!;
    if (g.phase === 'ended') return;
    if (g.phase === 'haystack') await clickRect(page, (await layout(page)).haystacks[0]!);
    else await pickFirstHen(page);
    await settle(page);
  }
  throw new Error('the ticket did not end in 100 steps');
}

const canvasShot = (page: Page): Promise<Buffer> => page.locator('#game canvas').screenshot();

test('an error thrown inside a scene tick: the message shows, the log has the demo’s seed, « Reprendre » restarts the frames', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openGame(page, '?demo=1&seed=42&speed=8&crash=tick');
  await buyAndReveal(page);
  const serial = (await state(page)).game!.serial;
  await pickFirstHen(page);

  await expect(message(page)).toBeVisible();
  await expect(message(page)).toContainText('Une erreur est survenue');
  await expect(page.locator('#poule-error-resume')).toHaveText('Reprendre');
  await expect(page.locator('#poule-error-reload')).toHaveText('Recharger');
  await expect(page.locator('#poule-error-resume')).toBeFocused();

  const [entry] = await errorLog(page);
  expect(entry).toMatchObject({ kind: 'error', message: 'Error: test crash (?crash=tick) after the first pick' });
  expect(entry!.stack).toContain('test crash');
  expect(entry!.context).toMatchObject({ mode: 'demo', seed: 42, draws: 'seeded', phase: 'round' });
  const types = entry!.context.lastEvents!.map((e) => e['type']);
  expect(types).toEqual(['ticketIssued', 'scratchRevealed', 'roundStarted', 'henLifted']);
  // The issue of the ticket is logged by its serial, never with the amounts that were under the scratch zone.
  expect(entry!.context.lastEvents![0]).toEqual({ type: 'ticketIssued', serial: expect.any(String), draws: 'seeded' });
  expect(entry!.context['serial']).toBe(
    `${String(serial.block).padStart(6, '0')}-${String(serial.index).padStart(6, '0')}`,
  );

  // The ticker stopped with the error: the canvas no longer changes, even though the hen's lift goes on.
  const frozen = await canvasShot(page);
  await page.waitForTimeout(400);
  expect((await canvasShot(page)).equals(frozen)).toBe(true);

  await page.locator('#poule-error-resume').click();
  await expect(message(page)).toBeHidden();
  await waitIdle(page);
  const before = await canvasShot(page);
  await pickFirstHen(page);
  await settle(page);
  expect((await canvasShot(page)).equals(before)).toBe(false);
  expect((await state(page)).game!.serial).toEqual(serial);
  await playToTheEnd(page);
  expect((await state(page)).screen).toBe('result');
  expect(await errorLog(page)).toHaveLength(1);
});

test('an error inside a session update rejects the pick: the message shows, « Reprendre » plays on to the result', async ({
  page,
}) => {
  await openGame(page, '?demo=1&seed=7&speed=8&crash=update');
  await buyAndReveal(page);
  await pickFirstHen(page);
  await expect(message(page)).toBeVisible();
  const [entry] = await errorLog(page);
  expect(entry).toMatchObject({ kind: 'unhandledrejection', context: { mode: 'demo', seed: 7, phase: 'round' } });
  // The pick was saved before the update failed: it is in the game.
  expect((await state(page)).game!.rounds[0]!.picks).toHaveLength(1);
  await page.locator('#poule-error-resume').click();
  await expect(message(page)).toBeHidden();
  await waitIdle(page);
  await playToTheEnd(page);
  expect((await state(page)).screen).toBe('result');
});

test('a real ticket: a thrown error and a rejected promise are logged with its serial; « Recharger » brings the ticket back', async ({
  page,
}) => {
  await openGame(page, '?speed=8');
  await buyAndReveal(page);
  await pickFirstHen(page);
  await settle(page);
  // The server's draw is real: one time in 30 the first pick finds the egg and ends the ticket; then another is bought.
  for (let tickets = 1; (await state(page)).game?.phase !== 'round'; tickets++) {
    expect(tickets, 'tickets whose first pick found the egg').toBeLessThan(6);
    await buyAndReveal(page, 'playAgain');
    await pickFirstHen(page);
    await settle(page);
  }
  const before = (await state(page)).game!;
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('thrown by a handler');
    });
    void Promise.reject(new Error('a promise nobody awaited'));
  });
  await expect(message(page)).toBeVisible();
  await expect.poll(async () => (await errorLog(page)).length).toBe(2);
  const log = await errorLog(page);
  expect(log.map((e) => e.kind).sort()).toEqual(['error', 'unhandledrejection']);
  for (const e of log) {
    expect(e.context).toMatchObject({ mode: 'play', seed: null, draws: 'crypto', phase: 'round' });
    expect(e.context['serial']).toMatch(/^\d{6}-\d{6}$/);
  }
  expect(await page.locator('body').getAttribute('data-errors')).toBe('2');

  await page.locator('#poule-error-reload').click();
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 150_000 });
  await waitIdle(page);
  await expect(message(page)).toBeHidden();
  const resumed = (await state(page)).game;
  expect(resumed?.serial).toEqual(before.serial);
  expect(resumed?.rounds[0]?.picks).toEqual(before.rounds[0]!.picks);
  // The support log outlives the reload.
  expect(await errorLog(page)).toHaveLength(2);
});

test('?crash is refused in real play: the pick goes through, no message', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await openGame(page, '?speed=8&crash=tick');
  await buyAndReveal(page);
  await pickFirstHen(page);
  await settle(page);
  await page.waitForTimeout(300);
  await expect(message(page)).toHaveCount(0);
  expect((await state(page)).game!.rounds[0]!.picks).toHaveLength(1);
  expect(warnings.some((w) => w.includes('?crash=tick refused'))).toBe(true);
  expect(await errorLog(page)).toEqual([]);
});
