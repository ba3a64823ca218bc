// Issue 6, cases the store's own tamper tests (src/app/store/game-store-tamper.test.ts) leave out: a win forged onto
// the ticket in play (re-signed with the device key, as devtools on the page could), and a pick taken back.
//
// KNOWN HOLE, marked `it.fails` so the suite stays green while it says so (it turns red the day it is fixed — then
// make it a plain `it`): a pick's element is drawn when the pick is made, and nothing detects the ticket record being
// rolled back to before a pick — re-signed, or simply an older authentic copy of its bytes put back through the
// browser's storage panel, no key needed. The game then resumes before the pick and draws it again: a player could
// re-roll a losing pick. See the report to the lead (issue 6) for ways to close it.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../core/events';
import { StoreTicket, newDealer, newDevice } from '../app/store/store-test-kit';

async function ticketInPlay(seed: number) {
  const device = newDevice();
  const { store } = await device.open();
  const t = new StoreTicket(store, newDealer(), seed);
  await t.start();
  await t.step(); // the scratch
  await t.step(); // a first pick
  store.close();
  const before = (await device.open()).loaded;
  return { device, t, before };
}

const journalOf = (p: Record<string, unknown>): GameEvent[] => p['journal'] as GameEvent[];

describe('forged journals of the ticket in play, re-signed', () => {
  it('a win appended to the journal is refused, named, and never paid', async () => {
    const { device, before } = await ticketInPlay(40);
    expect(before.current).not.toBeNull();
    await device.forge('current', 'current', (p) => ({
      ...p,
      journal: [
        ...journalOf(p),
        { type: 'roundWon', round: 1, prize: 'A1', prizeCents: 50_000 },
        { type: 'ticketEnded', outcome: 'won', prizeCents: 50_000 },
      ],
    }));
    const { store, loaded } = await device.open();
    const problem = loaded.problems.find((q) => q.record === 'current');
    expect(problem?.code).toMatch(/inconsistent|tampered/);
    expect(problem?.message.length).toBeGreaterThan(10);
    expect(loaded.current).toBeNull();
    // Not paid: at most the stake of the set-aside ticket comes back; nothing filed, no prize metered.
    expect(loaded.wallet.balanceCents).toBeLessThanOrEqual(before.wallet.balanceCents + 200);
    expect(loaded.history).toEqual(before.history);
    expect(loaded.meters.prizesPaidCents).toBe(before.meters.prizesPaidCents);
    store.close();
  });

  it.fails('KNOWN HOLE: a pick taken back (its event cut from the journal) is refused: the hen it showed cannot be picked again', async () => {
    const { device, before } = await ticketInPlay(40);
    const picks = journalOf(before.current as unknown as Record<string, unknown>).filter((e) => e.type === 'henLifted');
    expect(picks).toHaveLength(1);
    await device.forge('current', 'current', (p) => ({ ...p, journal: journalOf(p).filter((e) => e.type !== 'henLifted') }));
    const { store, loaded } = await device.open();
    const resumed = loaded.current ? journalOf(loaded.current as unknown as Record<string, unknown>) : null;
    console.log(`[tamper] pick cut: problems ${JSON.stringify(loaded.problems)}; resumed picks: ${resumed?.filter((e) => e.type === 'henLifted').length ?? 'none'}`);
    expect(resumed?.filter((e) => e.type === 'henLifted').length ?? 1).not.toBe(0);
    store.close();
  });

  it.fails('KNOWN HOLE: an older, authentic copy of the ticket put back (a replayed record, no key needed) is refused', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const t = new StoreTicket(store, newDealer(), 40);
    await t.start();
    await t.step(); // the scratch
    const old = await device.raw('current', 'current');
    await t.step(); // a pick, saved
    store.close();
    await device.putRaw('current', 'current', old);
    const { store: s2, loaded } = await device.open();
    const resumed = loaded.current ? journalOf(loaded.current as unknown as Record<string, unknown>) : null;
    console.log(`[tamper] replayed record: problems ${JSON.stringify(loaded.problems)}; resumed picks: ${resumed?.filter((e) => e.type === 'henLifted').length ?? 'none'}`);
    expect(resumed?.filter((e) => e.type === 'henLifted').length ?? 1).not.toBe(0);
    s2.close();
  });
});

