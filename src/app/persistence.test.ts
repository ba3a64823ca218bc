import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CryptoSource, Game } from '../core';
import { Busy } from './busy';
import { demoPlay } from './modes/demo-mode';
import { realPlay } from './modes/play-mode';
import { openPersistence, openSession } from './persistence';

const makeDraws = (saved: Parameters<typeof realPlay>[0]) => realPlay(saved);

describe('persistence of real play (IndexedDB in memory, as after a reload)', () => {
  const g = globalThis as { indexedDB?: IDBFactory };
  beforeEach(() => {
    g.indexedDB = new IDBFactory();
  });
  afterEach(() => {
    delete g.indexedDB;
  });

  it('keeps a real ticket: a new page finds it unfinished and resumes it identically, wallet and block included', async () => {
    const p1 = await openPersistence(false);
    expect(p1.status).toBe('kept');
    const { session } = await openSession(p1, makeDraws, new Busy());
    expect(await session.buy()).toBe('bought');
    expect(await session.reveal()).toBe('accepted');
    expect(await session.pick(4)).toBe('accepted');
    const before = session.snapshot();
    p1.idb!.store.close();
    p1.lock?.release();

    const p2 = await openPersistence(false);
    const reopened = await openSession(p2, makeDraws, new Busy());
    expect(reopened.session.snapshot()).toEqual(before);
    expect(reopened.session.balanceCents).toBe(1800);
    expect(p2.resumedSerial).toBe(`${before!.serial.block}-${before!.serial.index}`);
    expect(p2.problems).toEqual([]);
  });

  it('a ticket whose last event was saved but not filed is filed once on start, its prize paid once', async () => {
    const p1 = await openPersistence(false);
    const { session } = await openSession(p1, makeDraws, new Busy());
    await session.buy();
    const store = p1.idb!.store;
    // The power goes between the ticket's last event and its filing: the ended journal is the current one.
    const game = Game.fromJournal(store.current!.journal, new CryptoSource());
    if (!game.ok) throw new Error(game.error.message);
    const g = game.value;
    g.reveal();
    for (let i = 0; i < 80 && g.snapshot().phase !== 'ended'; i++) {
      const s = g.snapshot();
      if (s.phase === 'round') g.pick(s.round!.hens.indexOf(null));
      else g.chooseHaystack(0);
    }
    const saved = await store.saveCurrent(g.journal);
    expect(saved.ok).toBe(true);
    store.close();
    p1.lock?.release();

    const p2 = await openPersistence(false);
    const reopened = await openSession(p2, makeDraws, new Busy());
    const prize = g.snapshot().result!.prizeCents;
    expect(reopened.session.ticketInPlay).toBe(false);
    expect(reopened.session.balanceCents).toBe(1800 + prize);
    expect(p2.idb!.store.history).toHaveLength(1);
    expect(p2.idb!.store.meters).toMatchObject({ ticketsPlayed: 1, prizesPaidCents: prize });
    p2.idb!.store.close();
    const p3 = await openPersistence(false);
    const again = await openSession(p3, makeDraws, new Busy());
    expect(again.session.balanceCents).toBe(1800 + prize);
    expect(p3.idb!.store.history).toHaveLength(1);
  });

  it('demo games stay in memory: nothing is written to IndexedDB', async () => {
    const p = await openPersistence(true);
    expect(p.status).toBe('demo');
    const { session } = await openSession(p, () => demoPlay(7), new Busy());
    await session.buy();
    const p2 = await openPersistence(false);
    const { session: real } = await openSession(p2, makeDraws, new Busy());
    expect(real.snapshot()).toBeNull();
    expect(real.balanceCents).toBe(2000);
  });

  it('storage refused: reported as unavailable, and the game plays in memory', async () => {
    delete g.indexedDB;
    const p = await openPersistence(false);
    expect(p.status).toBe('unavailable');
    expect(p.failure?.code).toBe('storage-unavailable');
    expect(p.canPlay).toBe(true);
    const { session } = await openSession(p, makeDraws, new Busy());
    expect(await session.buy()).toBe('bought');
  });
});
