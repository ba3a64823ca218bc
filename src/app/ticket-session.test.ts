import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../core';
import { SeededSource } from '../core/seeded-source';
import { BlockDealer, DEFAULT_PRIZE_TABLE } from '../core';
import { Busy } from './busy';
import { TicketSession } from './ticket-session';
import { MemoryTicketStore, type WalletRecord } from './ticket-store';

const seeded = () => ({ dealer: new BlockDealer(DEFAULT_PRIZE_TABLE), source: SeededSource.fromSeed(7), keepsBlock: false });

/** A store that records the order of saves, so the test can check the scene is told only after the save. */
class LoggingStore extends MemoryTicketStore {
  constructor(private readonly log: string[]) {
    super();
  }
  override async saveJournal(journal: readonly GameEvent[] | null, wallet: WalletRecord): Promise<void> {
    await new Promise((r) => setTimeout(r, 5));
    this.log.push(`save ${journal?.length ?? 0}`);
    return super.saveJournal(journal, wallet);
  }
}

describe('TicketSession', () => {
  it('saves the journal before telling the listeners', async () => {
    const log: string[] = [];
    const { session } = await TicketSession.open(new LoggingStore(log), seeded, new Busy());
    session.subscribe((u) => void log.push(`told ${u.events.map((e) => e.type).join(',')}`));
    expect(await session.buy()).toBe('bought');
    expect(await session.reveal()).toBe('accepted');
    expect(log).toEqual(['save 1', 'told ticketIssued', 'save 3', 'told scratchRevealed,roundStarted']);
    expect(session.balanceCents).toBe(1800);
  });

  it('drops a command sent while the previous one is still being shown', async () => {
    const busy = new Busy();
    const { session } = await TicketSession.open(new MemoryTicketStore(), seeded, busy);
    await session.buy();
    await session.reveal();
    let finish!: () => void;
    session.subscribe(() => new Promise<void>((r) => (finish = r)));
    const first = session.pick(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(busy.idle).toBe(false);
    expect(await session.pick(1)).toBe('dropped');
    finish();
    expect(await first).toBe('accepted');
    expect(busy.idle).toBe(true);
    expect(session.snapshot()!.round!.picks.length).toBe(1);
  });

  it('refuses to buy when the balance is too low, and tops up the demo credit', async () => {
    const store = new MemoryTicketStore();
    await store.saveJournal(null, { balanceCents: 100, block: null });
    const { session } = await TicketSession.open(store, seeded, new Busy());
    expect(await session.buy()).toBe('balance-too-low');
    await session.topUp();
    expect(session.balanceCents).toBe(2000);
  });

  it('resumes an unfinished ticket from the store without drawing again', async () => {
    const store = new MemoryTicketStore();
    const { session } = await TicketSession.open(store, seeded, new Busy());
    await session.buy();
    await session.reveal();
    await session.pick(3);
    const before = session.snapshot();
    const { session: again, problem } = await TicketSession.open(store, seeded, new Busy());
    expect(problem).toBeNull();
    expect(again.snapshot()).toEqual(before);
    expect(again.ticketInPlay).toBe(true);
  });
});
