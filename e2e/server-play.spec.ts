// Real play against the real game server (started by playwright.config.ts on its own temporary database, or by the
// test itself): whole tickets through the canvas, a reload mid-ticket and a server killed mid-ticket each resuming
// the same ticket, a kiosk with its terminal key, and the built game on a plain file server (demo only).
import { expect, type Page, test } from '@playwright/test';
import type { HookState } from '../src/app/test-hook';
import { fileServer, OwnServer, outDir, terminalKey } from './support/game-server';
import { clickButton, clickRect, layout, openGame, settle, shot, state, until, waitIdle } from './support/poule';
import { clickHen, firstHenDown, playOut, serialOf } from './support/real-play';

const PORT = Number(process.env['E2E_PORT'] ?? 4317);

async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 150_000, polling: 200 });
  await waitIdle(page);
}

test('real tickets on the game server: played through the canvas, a reload mid-ticket resumes the same ticket', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openGame(page, '?speed=8');
  let s = await state(page);
  expect(s).toMatchObject({ screen: 'title', mode: 'play', demo: false, server: { status: 'ok', pending: 0 } });
  expect(s.balanceCents).toBeGreaterThanOrEqual(200);

  // The server draws: a first pick may find the golden egg and end the ticket, leaving nothing to resume. Then the
  // next ticket is played the same way (five in a row ended so are a failure, not luck).
  let start = 0;
  let serial = '';
  let before: HookState;
  for (let attempt = 1; ; attempt++) {
    start = (await state(page)).balanceCents;
    await clickButton(page, attempt === 1 ? 'buy' : 'playAgain');
    s = await state(page);
    expect(s.screen).toBe('ticket');
    expect(s.game).toMatchObject({ phase: 'scratch', amounts: null, draws: 'crypto' });
    expect(s.balanceCents).toBe(start - 200);
    serial = serialOf(s);
    await clickButton(page, 'scratchAll');
    await clickHen(page, firstHenDown(await state(page)));
    before = await state(page);
    expect(before.game!.round!.picks).toHaveLength(1);
    if (before.game!.phase !== 'ended') break;
    expect(attempt, 'tickets ended by their first pick').toBeLessThan(5);
  }

  // The page is gone; the server kept everything: the same ticket comes back exactly where it was.
  await page.reload({ waitUntil: 'commit' });
  await waitReady(page);
  const after = await state(page);
  expect(after.screen).toBe('ticket');
  expect(serialOf(after)).toBe(serial);
  expect(after.game).toEqual(before.game);
  expect(after.shown!.hens).toEqual(before.shown!.hens);
  expect(after.shown!.counterTexts).toEqual(before.shown!.counterTexts);
  expect(after.balanceCents).toBe(before.balanceCents);
  console.log(
    `resumed ${serial}: picks ${after.game!.round!.picks.map((p) => `${p.hen}:${p.element}`).join(',')}, picks left ${after.game!.round!.picksLeft}`,
  );
  await shot(page, 'server-resumed');

  s = await playOut(page);
  expect(s.screen).toBe('result');
  const prize = s.game!.result!.prizeCents;
  expect(s.balanceCents).toBe(start - 200 + prize);
  await until(page, (x) => x.history?.[0]?.serial === serial);

  // A second whole ticket, then « Historique » lists both, newest first, as the server recalls them.
  await clickButton(page, 'playAgain');
  s = await state(page);
  const second = serialOf(s);
  expect(second).not.toBe(serial);
  s = await playOut(page);
  expect(s.balanceCents).toBe(start - 400 + prize + s.game!.result!.prizeCents);
  s = await until(page, (x) => x.history?.[0]?.serial === second);
  expect(s.history![1]!.serial).toBe(serial);
  expect(s.history![0]!.balanceAfterCents).toBe(s.balanceCents);
});

test('the game server killed mid-ticket: « Connexion perdue », nothing shown until it answers, then the same ticket resumes', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const own = new OwnServer(PORT + 1);
  try {
    await own.start();
    await page.goto(`${own.url}?speed=8`, { waitUntil: 'commit' });
    await waitReady(page);
    await clickButton(page, 'buy');
    await clickButton(page, 'scratchAll');
    const before = await state(page);
    const serial = serialOf(before);
    expect(before.game!.round!.picks).toHaveLength(0);

    await own.kill();
    const hen = firstHenDown(before);
    await clickRect(page, (await layout(page)).hens[hen]!);
    const lost = await until(page, (x) => x.server?.status === 'lost', 30_000);
    expect(lost.server!.pending).toBe(1);
    expect(lost.server!.notice).toContain('Connexion perdue — nouvel essai…');
    // The pick was not answered: nothing of it is on screen.
    expect(lost.game).toEqual(before.game);
    expect(lost.shown!.hens[hen]).toBeNull();
    expect(await page.evaluate(() => window.__poule!.isIdle())).toBe(false);
    await shot(page, 'server-lost');

    await own.start(); // same database, same port
    await waitIdle(page);
    const back = await state(page);
    expect(back.server).toMatchObject({ status: 'ok', pending: 0, notice: '' });
    expect(serialOf(back)).toBe(serial);
    // The pick sent before the kill was retried with its key and applied once.
    expect(back.game!.round!.picks.map((p) => p.hen)).toEqual([hen]);
    expect(back.shown!.hens[hen]).toBe(back.game!.round!.picks[0]!.element);
    const end = await playOut(page);
    expect(end.screen).toBe('result');
    expect(serialOf(end)).toBe(serial);
    console.log(`server killed and restarted mid-ticket: ${serial} resumed and ended ${end.game!.result!.outcome}`);
  } finally {
    await own.stop();
  }
});

test('kiosk mode sells as its terminal (?terminal=KEY); a kiosk without a key says so and sells nothing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openGame(page, `?mode=kiosk&terminal=${terminalKey(1)}&speed=8&idle=600&ticketIdle=600`);
  let s = await state(page);
  expect(s).toMatchObject({ mode: 'kiosk', screen: 'title', server: { status: 'ok' } });
  const start = s.balanceCents;
  await clickButton(page, 'buy');
  s = await playOut(page);
  expect(s.screen).toBe('result');
  expect(s.balanceCents).toBe(start - 200 + s.game!.result!.prizeCents);

  await openGame(page, '?mode=kiosk&speed=8&idle=600');
  s = await state(page);
  expect(s.server!.status).toBe('no-terminal');
  expect(s.messages.join(' ')).toContain('?terminal=');
  await clickButton(page, 'buy');
  s = await state(page);
  expect(s.screen).toBe('title');
  expect(s.game).toBeNull();
  await shot(page, 'kiosk-no-terminal');
});

test('the built game on a plain file server: the demo plays; real play says it needs the game server', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const files = await fileServer(outDir());
  try {
    await page.goto(`${files.url}?speed=8`, { waitUntil: 'commit' });
    await waitReady(page);
    let s = await state(page);
    expect(s.server!.status).toBe('absent');
    expect(s.messages.join(' ')).toContain('serveur de jeu');
    await clickButton(page, 'buy');
    s = await state(page);
    expect(s.screen).toBe('title');
    expect(s.game).toBeNull();
    await shot(page, 'static-no-server');

    await page.goto(`${files.url}?demo=1&seed=42&speed=8`, { waitUntil: 'commit' });
    await waitReady(page);
    await clickButton(page, 'buy');
    s = await state(page);
    expect(s).toMatchObject({ screen: 'ticket', demo: true, server: { status: 'local' } });
    expect(s.game!.draws).toBe('seeded');
    await clickButton(page, 'scratchAll');
    await settle(page);
    expect((await state(page)).game!.phase).toBe('round');
  } finally {
    await files.close();
  }
});
