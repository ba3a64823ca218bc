// Kill tests for real play (issue 5): the page is reloaded or closed at every event boundary of real tickets and at
// random moments in the middle of animations; each time the game must come back to the state recorded just before the
// kill, from the journal in IndexedDB, without drawing again anything already drawn. Real draws cannot be chosen, so
// the script goes by boundaries (after buy, after reveal, after each pick, after the haystack) and compares the
// resumed state with what was on record. Every test has its own BrowserContext (its own IndexedDB); reloads stay in it.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { GameEvent, GameSnapshot } from '../src/core';
import { replayJournal } from '../src/core/replay';
import { clickRect, layout, openGame, settle, state } from './support/poule';
import { savedBodies } from './support/saved';

const QUERY = '?speed=8';

interface Saved {
  readonly current: GameEvent[] | null;
  /** Finished tickets' journals, oldest first. */
  readonly history: GameEvent[][];
  readonly balanceCents: number | null;
}

/** Reads the game's IndexedDB records as stored (sealed envelopes: the payload is the canonical JSON `body`). */
const readSaved = async (page: Page): Promise<Saved> => {
  const b = await savedBodies(page);
  return {
    current: b.current[0] ? (JSON.parse(b.current[0]) as { journal: GameEvent[] }).journal : null,
    history: b.history.map((h) => (JSON.parse(h) as { journal: GameEvent[] }).journal),
    balanceCents: b.wallet[0] ? (JSON.parse(b.wallet[0]) as { balanceCents: number }).balanceCents : null,
  };
};

const fold = (journal: readonly GameEvent[]): GameSnapshot => {
  const g = replayJournal(journal);
  if (!g.ok) throw new Error(`the saved journal does not fold: ${g.error.message}`);
  return g.value.snapshot();
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const startsWith = (longer: readonly GameEvent[], prefix: readonly GameEvent[]): boolean =>
  longer.length >= prefix.length && prefix.every((e, i) => same(e, longer[i]));

/** The next gesture of the script: buy, scratch, the first hen still down, haystack 0. Returns false if none. */
async function gesture(page: Page, settleAfter: boolean): Promise<string> {
  const s = await state(page);
  const g = s.game;
  const l = await layout(page);
  const click = async (r: Parameters<typeof clickRect>[1] | undefined, what: string): Promise<string> => {
    if (!r) throw new Error(`${what} is not on screen (screen ${s.screen}, phase ${g?.phase})`);
    await clickRect(page, r);
    if (settleAfter) await settle(page);
    return what;
  };
  if (!g || g.phase === 'ended') return click(l.buttons['buy'] ?? l.buttons['playAgain'], 'buy');
  if (g.phase === 'scratch') return click(l.buttons['scratchAll'], 'reveal');
  if (g.phase === 'round') {
    const hen = g.round!.hens.indexOf(null);
    return click(l.hens[hen], `pick hen ${hen}`);
  }
  return click(l.haystacks[0], 'haystack 0');
}

class Killer {
  kills = 0;
  divergences: string[] = [];
  redraws: string[] = [];
  page: Page;

  constructor(
    private readonly context: BrowserContext,
    page: Page,
  ) {
    this.page = page;
  }

  /** Reload (same page) or close and open a new page, in the same context: the same IndexedDB. */
  async kill(how: 'reload' | 'close'): Promise<void> {
    this.kills++;
    if (how === 'reload') {
      await this.page.reload({ waitUntil: 'commit' });
      await this.page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
      await this.page.evaluate(() => window.__poule!.idle());
    } else {
      await this.page.close();
      this.page = await this.context.newPage();
      await openGame(this.page, QUERY);
    }
    const st = await state(this.page);
    expect(st.storage?.status, 'the reopened page owns the ticket and keeps it').toBe('kept');
  }

  diverged(what: string): void {
    console.log(`DIVERGENCE ${what}`);
    this.divergences.push(what);
  }

  report(label: string): string {
    const line = `${label}: kills=${this.kills} divergences=${this.divergences.length} re-draws=${this.redraws.length}`;
    console.log(line);
    return line;
  }
}

test.describe.configure({ timeout: 900_000 });

test('kill at every event boundary of real tickets (reload and close): same state, same journal, result as the journal says', async ({ browser }) => {
  const context = await browser.newContext();
  const k = new Killer(context, await context.newPage());
  await openGame(k.page, QUERY);
  expect((await state(k.page)).storage?.status).toBe('kept');
  let how: 'reload' | 'close' = 'reload';
  let tickets = 0;
  let lastGesture = '';
  for (let step = 0; step < 40 && (tickets < 1 || k.kills < 8); step++) {
    const before = await state(k.page);
    const saved = await readSaved(k.page);
    const ended = before.game?.phase === 'ended';
    if (before.game && !ended) {
      // On record before the kill: what is shown is exactly the saved journal folded.
      if (!same(fold(saved.current ?? []), before.game)) k.diverged(`step ${step}: screen ahead of the saved journal`);
    }
    await k.kill(how);
    how = how === 'reload' ? 'close' : 'reload';
    const after = await state(k.page);
    const resaved = await readSaved(k.page);
    if (ended) {
      // The ticket was filed on its last command: it comes back as a history line, paid once, nothing in play.
      const filed = resaved.history.at(-1)!;
      const result = fold(filed).result;
      if (!same(result, before.game!.result)) k.diverged(`step ${step}: result ${JSON.stringify(before.game!.result)} vs journal ${JSON.stringify(result)}`);
      if (!same(saved.history, resaved.history)) k.redraws.push(`step ${step}: the history changed across the kill`);
      if (after.game !== null || after.screen !== 'title') k.diverged(`step ${step}: a filed ticket came back in play`);
      if (after.balanceCents !== before.balanceCents) k.diverged(`step ${step}: balance ${before.balanceCents} → ${after.balanceCents}`);
      expect(after.history?.[0]?.prizeCents).toBe(before.game!.result!.prizeCents);
      tickets++;
    } else {
      if (!startsWith(resaved.current ?? [], saved.current ?? []) || resaved.current?.length !== saved.current?.length) {
        k.redraws.push(`step ${step} (${lastGesture}): journal ${saved.current?.length} events → ${resaved.current?.length}`);
      }
      if (!same(after.game, before.game)) k.diverged(`step ${step} (${lastGesture}): snapshot differs after the kill`);
      if (!same(after.shown, before.shown)) k.diverged(`step ${step} (${lastGesture}): shown ${JSON.stringify(before.shown)} → ${JSON.stringify(after.shown)}`);
      if (after.balanceCents !== before.balanceCents) k.diverged(`step ${step}: balance ${before.balanceCents} → ${after.balanceCents}`);
      if (before.game && after.screen !== 'ticket') k.diverged(`step ${step}: resumed on ${after.screen}, not the ticket`);
      if (before.game?.amounts) expect(after.shown?.cardTexts.join(' ')).toContain(String(Math.floor(before.game.amounts.a1Cents / 100)));
    }
    const journalBefore = (await readSaved(k.page)).current ?? [];
    lastGesture = await gesture(k.page, true);
    console.log(`${new Date().toISOString().slice(11, 19)} step ${step}: killed by ${how === 'reload' ? 'close' : 'reload'} at ${before.game?.phase ?? 'no ticket'} (${journalBefore.length} events), then ${lastGesture}`);
    const grown = (await readSaved(k.page)).current;
    if (grown && !startsWith(grown, journalBefore)) k.redraws.push(`step ${step}: ${lastGesture} rewrote saved events`);
  }
  const line = k.report('boundary kills');
  expect(tickets, line).toBeGreaterThanOrEqual(1);
  expect(k.divergences, line).toEqual([]);
  expect(k.redraws, line).toEqual([]);
  expect(k.kills).toBeGreaterThanOrEqual(8);
  await context.close();
});

test('kill at random moments in the middle of animations: the journal before the kill is kept, the state is the one on record', async ({ browser }) => {
  const context = await browser.newContext();
  const k = new Killer(context, await context.newPage());
  await openGame(k.page, QUERY);
  // Delays from a fixed little generator (printed): reproducible, spread over 30–400 ms.
  let seed = 20261203;
  const nextDelay = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 30 + (seed % 371);
  };
  let how: 'reload' | 'close' = 'reload';
  const delays: number[] = [];
  for (let round = 0; round < 10; round++) {
    const before = await state(k.page);
    const saved = await readSaved(k.page);
    const historyBefore = saved.history.length;
    const what = await gesture(k.page, false);
    const delay = nextDelay();
    delays.push(delay);
    await k.page.waitForTimeout(delay);
    // On record just before the kill: the journal in IndexedDB and the game in memory.
    const atKill = await readSaved(k.page);
    const gameAtKill = (await state(k.page)).game;
    await k.kill(how);
    how = how === 'reload' ? 'close' : 'reload';
    const after = await state(k.page);
    const resaved = await readSaved(k.page);
    const filedNow = resaved.history.length > historyBefore;
    const label = `kill ${round} (${what} +${delay} ms)`;
    if (filedNow) {
      // The ticket ended with this command and was filed: its journal is the one before, grown, with the result it says.
      const filed = resaved.history.at(-1)!;
      if (saved.current && !startsWith(filed, saved.current)) k.redraws.push(`${label}: the filed journal does not start with the saved one`);
      if (after.game !== null) k.diverged(`${label}: a filed ticket came back in play`);
      const r = fold(filed).result!;
      if (after.balanceCents !== (resaved.balanceCents ?? -1) || after.history?.[0]?.prizeCents !== r.prizeCents) k.diverged(`${label}: prize or balance not the journal's`);
    } else if (resaved.current) {
      const prefix = saved.current ?? [];
      if (!startsWith(resaved.current, prefix)) k.redraws.push(`${label}: the journal after resume does not start with the journal before`);
      // Either the save had not completed (state before the click) or it had (state in memory at the kill).
      const expected = resaved.current.length === (atKill.current?.length ?? 0) ? fold(atKill.current ?? resaved.current) : gameAtKill;
      if (!same(after.game, expected)) k.diverged(`${label}: resumed ${after.game?.phase} differs from the state on record`);
      if (!same(after.game, fold(resaved.current))) k.diverged(`${label}: the screen is not the saved journal`);
      if (resaved.current.length > prefix.length + 12) k.redraws.push(`${label}: more than one command's events appeared`);
    } else if (before.game && before.game.phase !== 'ended') {
      k.diverged(`${label}: the ticket in play was lost`);
    }
    if (after.storage?.status !== 'kept') k.diverged(`${label}: storage ${after.storage?.status}`);
  }
  const line = k.report(`random mid-animation kills (delays ${delays.join(',')} ms)`);
  expect(k.divergences, line).toEqual([]);
  expect(k.redraws, line).toEqual([]);
  await context.close();
});
