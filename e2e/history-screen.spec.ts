// « Historique » in real play: the last tickets newest first with every pick, as the game server recalls them
// (checked here against the server's own answer, folded by the core), and a replay through the ticket screen's views
// from the journal (no draw: nothing the server holds changes).
import { expect, type Page, test } from '@playwright/test';
import { replayJournal } from '../src/core/replay';
import { formatSerial } from '../src/core/ticket';
import type { HistoryView, RecalledTicket } from '../src/protocol/messages';
import { clickButton, clickRect, layout, openGame, settle, state, until, waitIdle } from './support/poule';

const QUERY = '?speed=8&idle=3600'; // no attract loop during a slow machine's long waits for the replay

/** Plays the ticket in play to its end: scratch, the first hen still down, haystack 1. */
async function playToTheEnd(page: Page): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const g = (await state(page)).game!;
    const l = await layout(page);
    if (g.phase === 'ended') return;
    if (g.phase === 'scratch') await clickButton(page, 'scratchAll');
    else if (g.phase === 'round') {
      await clickRect(page, l.hens[g.round!.hens.indexOf(null)]!);
      await settle(page);
    } else {
      await clickRect(page, l.haystacks[1]!);
      await settle(page);
    }
  }
  throw new Error('the ticket did not end');
}

/** The finished tickets as the server recalls them for this player (oldest first), asked with the page's cookie. */
const stored = async (page: Page): Promise<{ history: RecalledTicket[] }> => {
  const r = await page.request.get('/api/history');
  expect(r.ok()).toBe(true);
  const v = (await r.json()) as HistoryView;
  return { history: [...v.recent].reverse() };
};

test('« Historique »: tickets newest first with every pick, as the server recalls them; replay without a draw', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await openGame(page, QUERY);
  for (let t = 0; t < 3; t++) {
    await clickButton(page, t === 0 ? 'buy' : 'playAgain');
    await playToTheEnd(page);
    // The game has ended; its result panel comes after the last reveal.
    await until(page, (st) => st.screen === 'result', 60_000);
    await waitIdle(page);
  }
  await clickButton(page, 'home');
  await clickButton(page, 'history');
  let s = await state(page);
  expect(s.screen).toBe('history');
  const view = s.historyView!;
  const saved = await stored(page);
  expect(saved.history).toHaveLength(3);

  // Every line is what the server's journal says, newest first.
  // (Recomputed here by folding each journal without a draw: the node side cannot load the prize table's JSON.)
  const expected = [...saved.history].reverse().map((t) => {
    const g = replayJournal(t.journal);
    if (!g.ok) throw new Error(g.error.message);
    const snap = g.value.snapshot();
    const ticket = g.value.ticket;
    return {
      serialText: formatSerial(ticket.serial),
      a1Cents: ticket.a1Cents,
      a2Cents: ticket.a2Cents,
      prizeCents: snap.result!.prizeCents,
      outcome: snap.result!.outcome,
      haystack:
        snap.haystack.chosen !== null
          ? { chosen: snap.haystack.chosen, extraAt: snap.haystack.extraAt!, extraWon: snap.extraWon }
          : null,
      rounds: snap.rounds.map((r) => ({
        round: r.round,
        picks: r.picks.map((p) => ({ hen: p.hen, element: p.element })),
        outcome: r.outcome,
      })),
      balanceBeforeCents: t.balanceBeforeCents,
      balanceAfterCents: t.balanceAfterCents,
    };
  });
  expect(view.lines.map((l) => l.serial)).toEqual(expected.map((e) => e.serialText));
  view.lines.forEach((line, i) => {
    const e = expected[i]!;
    expect(line).toMatchObject({
      a1Cents: e.a1Cents,
      a2Cents: e.a2Cents,
      prizeCents: e.prizeCents,
      outcome: e.outcome,
      haystack: e.haystack,
    });
    expect(line).toMatchObject({ balanceBeforeCents: e.balanceBeforeCents, balanceAfterCents: e.balanceAfterCents });
    expect(line.rounds).toEqual(e.rounds);
    expect(line.balanceAfterCents).toBe(line.balanceBeforeCents - 200 + line.prizeCents);
  });
  // Balances chain from one ticket to the next: after of the older is before of the newer.
  for (let i = 0; i + 1 < view.lines.length; i++)
    expect(view.lines[i]!.balanceBeforeCents).toBe(view.lines[i + 1]!.balanceAfterCents);
  expect(s.history).toEqual(view.lines);

  expect(Object.keys((await layout(page)).buttons).filter((id) => /reset|zero/i.test(id))).toEqual([]);
  await page.locator('#game canvas').screenshot({ path: 'test-results/screens/history-list.png' });

  // Replay of the oldest ticket: the ticket screen's views fed its stored events; nothing stored changes.
  await clickButton(page, 'historyRow2');
  const before = await stored(page);
  await clickButton(page, 'historyReplay');
  // On a loaded machine the row choice and the replay may land a few frames after the clicks: wait for the replay to end.
  await expect
    .poll(
      async () => {
        const r = (await state(page)).historyView?.replay;
        return r ? `${r.serial} ${r.step}/${r.steps}` : null;
      },
      { timeout: 60_000 },
    )
    .toMatch(new RegExp(`^${expected[2]!.serialText} (\\d+)/\\1$`));
  s = await state(page);
  const replay = s.historyView!.replay!;
  expect(replay.serial).toBe(expected[2]!.serialText);
  expect(replay.step).toBe(replay.steps);
  expect(replay.shown.resultShown).toBe(true);
  const last = expected[2]!.rounds.at(-1)!;
  if (replay.shown.hens.length > 0) {
    // Ended in a round: the hens show what the journal put under them.
    for (const p of last.picks) expect(replay.shown.hens[p.hen]).toBe(p.element);
  } else {
    // Ended at the haystacks: the farmyard has made way for the five haystacks.
    expect(expected[2]!.haystack).not.toBeNull();
    expect(replay.shown.haystacks).toBe(5);
  }
  expect(replay.shown.serial).toContain(expected[2]!.serialText);
  await page.locator('#game canvas').screenshot({ path: 'test-results/screens/history-replay.png' });
  expect(await stored(page)).toEqual(before);
  await clickButton(page, 'replayClose');
  expect((await state(page)).historyView?.replay).toBeNull();

  // Operator tools stay off the player's screen: no export, import or meters.
  expect(Object.keys((await layout(page)).buttons).filter((id) => /export|import|meter/i.test(id))).toEqual([]);
  await clickButton(page, 'historyClose');
  expect((await state(page)).screen).toBe('title');
});
