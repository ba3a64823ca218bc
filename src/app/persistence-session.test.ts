import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../core';
import { Busy } from './busy';
import { demoPlay } from './modes/demo-mode';
import { TicketSession } from './ticket-session';
import { MemoryTicketStore, type SavedPlay, type TicketStore, type WalletRecord } from './ticket-store';

/** A store that saves in memory until told to fail. */
class FailingStore implements TicketStore {
  failNext = false;
  readonly inner = new MemoryTicketStore();
  async saveJournal(journal: readonly GameEvent[] | null, wallet: WalletRecord): Promise<void> {
    if (this.failNext) throw new Error('QuotaExceededError: disk full');
    await this.inner.saveJournal(journal, wallet);
  }
  load(): Promise<SavedPlay | null> {
    return this.inner.load();
  }
}

describe('TicketSession over a store that fails', () => {
  it('passes a load error up instead of starting as if nothing was kept', async () => {
    const broken: TicketStore = { saveJournal: async () => undefined, load: () => Promise.reject(new Error('storage refused')) };
    await expect(TicketSession.open(broken, () => demoPlay(1), new Busy())).rejects.toThrow('storage refused');
  });

  it('stops play when a save fails: the unsaved events are never shown and no command is taken after', async () => {
    const store = new FailingStore();
    const { session } = await TicketSession.open(store, () => demoPlay(3), new Busy());
    const shown: string[] = [];
    session.subscribe((u) => void shown.push(...u.events.map((e) => e.type)));
    const stops: Error[] = [];
    session.onStop((e) => stops.push(e));
    expect(await session.buy()).toBe('bought');
    const seen = shown.length;
    const onRecord = session.snapshot();
    const balance = session.balanceCents;
    store.failNext = true;
    expect(await session.reveal()).toBe('not-saved');
    expect(shown.length).toBe(seen); // scratchRevealed was never shown
    expect(stops.map((e) => e.message)).toEqual(['QuotaExceededError: disk full']);
    expect(session.stopped?.message).toMatch(/disk full/);
    // What the session answers is what is on record, never the unsaved reveal.
    expect(session.snapshot()).toEqual(onRecord);
    expect(session.snapshot()?.amounts).toBeNull();
    expect(session.balanceCents).toBe(balance);
    store.failNext = false;
    expect(await session.pick(0)).toBe('dropped');
    expect(await session.buy()).toBe('dropped');
    // What is kept is the journal before the failed command: a reload resumes there.
    const kept = await store.load();
    expect(kept?.journal?.map((e) => e.type)).not.toContain('scratchRevealed');
  });
});
