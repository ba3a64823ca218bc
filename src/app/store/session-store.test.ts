// The IndexedDB store behind the session the game screen uses (src/app/ticket-session.ts), reloaded mid-ticket.
import { describe, expect, it } from 'vitest';
import { BlockDealer, type BlockState } from '../../core/block';
import { DEFAULT_PRIZE_TABLE } from '../../core/prize-table';
import { SeededSource } from '../../core/seeded-source';
import { testSource } from '../../core/test-support/saved-tickets';
import { Busy } from '../busy';
import { TicketSession } from '../ticket-session';
import { openStore } from './game-store';
import { IndexedDbTicketStore, StoreWriteError } from './session-store';
import { newDevice, now, type Device } from './store-test-kit';

async function openSession(device: Device, seed: number) {
  const s = await openStore({ factory: device.factory, now });
  if (!s.ok) throw new Error(s.error.message);
  const adapter = new IndexedDbTicketStore(s.value);
  const draws = (block: BlockState | null) => ({
    dealer: new BlockDealer(DEFAULT_PRIZE_TABLE, block ?? undefined),
    source: testSource(seed, 'crypto'),
    keepsBlock: true,
  });
  const { session, problem } = await TicketSession.open(adapter, draws, new Busy());
  expect(problem).toBeNull();
  return { session, adapter, store: s.value };
}

/** The screen's next gesture: reveal, the lowest hen still down, or haystack 0. False once the ticket has ended. */
async function gesture(session: TicketSession): Promise<boolean> {
  const s = session.snapshot();
  if (!s || s.phase === 'ended') return false;
  const outcome =
    s.phase === 'scratch' ? await session.reveal()
    : s.phase === 'haystack' ? await session.chooseHaystack(0)
    : await session.pick(s.round!.hens.indexOf(null));
  expect(outcome).toBe('accepted');
  return true;
}

describe('the session on the IndexedDB store', () => {
  it('plays tickets, survives a reload at every command, files each ticket once with the same balance', async () => {
    const device = newDevice();
    let { session, store } = await openSession(device, 1);
    for (let ticket = 0; ticket < 4; ticket++) {
      expect(await session.buy()).toBe('bought');
      for (;;) {
        const before = session.snapshot();
        const balance = session.balanceCents;
        store.close();
        ({ session, store } = await openSession(device, 100 + ticket)); // the page reloads: a fresh source, same ticket
        // An ended ticket was filed in the history: the reloaded page starts between tickets.
        expect(session.snapshot()).toEqual(before?.phase === 'ended' ? null : before);
        expect(session.balanceCents).toBe(balance);
        if (!(await gesture(session))) break;
      }
    }
    const { loaded } = await device.open();
    expect(loaded.problems).toEqual([]);
    expect(loaded.current).toBeNull();
    expect(loaded.history).toHaveLength(4);
    expect(loaded.meters.ticketsPlayed).toBe(4);
    expect(loaded.wallet.balanceCents).toBe(session.balanceCents);
    expect(loaded.wallet.balanceCents).toBe(2000 - 800 + loaded.meters.prizesPaidCents);
    store.close();
  });

  it('a top-up from the session is an entry of the ledger', async () => {
    const device = newDevice();
    const { session, store } = await openSession(device, 2);
    for (let i = 0; i < 2; i++) {
      await session.buy();
      while (await gesture(session));
    }
    const balance = session.balanceCents;
    await session.topUp();
    const { loaded } = await device.open();
    expect(loaded.problems).toEqual([]);
    expect(loaded.wallet.balanceCents).toBe(Math.max(balance, 2000));
    expect(loaded.wallet.topUps.length).toBe(balance < 2000 ? 1 : 0);
    store.close();
  });

  it('refuses demo journals and vanishing money, naming why', async () => {
    const device = newDevice();
    const { adapter, store } = await openSession(device, 3);
    const src = SeededSource.fromSeed(1);
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const { Game } = await import('../../core/game');
    const demo = Game.start(dealer.deal(src), src);
    await expect(adapter.saveJournal(demo.journal, { balanceCents: 2000, block: null })).rejects.toThrow(/demo games are not kept/);
    await expect(adapter.saveJournal(null, { balanceCents: 100, block: null })).rejects.toBeInstanceOf(StoreWriteError);
    store.close();
  });
});
