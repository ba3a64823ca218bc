import { describe, expect, it } from 'vitest';
import type { Command } from '../core';
import type { TicketUpdate } from '../protocol/messages';
import { Busy } from './busy';
import { LocalClient } from './local-client';
import type { Answer } from './play-client';
import { TicketSession } from './ticket-session';

/** The demo's client with a log and a slow answer, so the test sees the scene is told only after the answer. */
class LoggingClient extends LocalClient {
  constructor(private readonly log: string[]) {
    super(7);
  }
  override async command(ticket: string, seq: number, c: Command): Promise<Answer<TicketUpdate>> {
    await new Promise((r) => setTimeout(r, 5));
    const r = await super.command(ticket, seq, c);
    this.log.push(`answer ${seq} ${r.ok ? r.value.events.length : r.error.code}`);
    return r;
  }
}

/** Plays the ticket in play to its end: the scratch, the lowest hen still down, the first haystack. */
async function playOut(session: TicketSession): Promise<void> {
  await session.reveal();
  while (session.ticketInPlay) {
    const s = session.snapshot()!;
    if (s.phase === 'haystack') expect(await session.chooseHaystack(0)).toBe('accepted');
    else expect(await session.pick(s.round!.hens.indexOf(null))).toBe('accepted');
  }
}

describe('TicketSession', () => {
  it('tells the listeners only once the client has answered, with the events it answered', async () => {
    const log: string[] = [];
    const session = await TicketSession.open(new LoggingClient(log), new Busy());
    session.subscribe((u) => void log.push(`told ${u.events.map((e) => e.type).join(',')}`));
    expect(await session.buy()).toBe('bought');
    expect(await session.reveal()).toBe('accepted');
    expect(log).toEqual(['told ticketIssued', 'answer 1 2', 'told scratchRevealed,roundStarted']);
    expect(session.balanceCents).toBe(1800);
  });

  it('never puts the amounts of a ticket not yet scratched in what the scene is told', async () => {
    const session = await TicketSession.open(new LocalClient(3), new Busy());
    const told: unknown[] = [];
    session.subscribe((u) => void told.push(...u.events));
    await session.buy();
    expect(told).toHaveLength(1);
    expect(Object.keys(told[0] as object).sort()).toEqual(['draws', 'serial', 'type']);
  });

  it('drops a command sent while the previous one is still being shown', async () => {
    const busy = new Busy();
    const session = await TicketSession.open(new LocalClient(7), busy);
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
    const session = await TicketSession.open(new LocalClient(7), new Busy());
    let bought = 0;
    // Ten tickets at 2 € spend the 20 € start; prizes won on the way are spent too.
    while (session.balanceCents >= 200 && bought < 200) {
      expect(await session.buy()).toBe('bought');
      bought++;
      await playOut(session);
    }
    expect(session.balanceCents).toBeLessThan(200);
    expect(await session.buy()).toBe('balance-too-low');
    await session.topUp();
    expect(session.balanceCents).toBe(2000);
  });

  it('a stale seq (another tab played) reopens the session on the ticket as the client has it', async () => {
    const client = new LocalClient(11);
    const session = await TicketSession.open(client, new Busy());
    await session.buy();
    // Another tab scratches the same ticket first.
    const other = await TicketSession.open(client, new Busy());
    expect(await other.reveal()).toBe('accepted');
    let resynced = 0;
    session.onResync(() => resynced++);
    expect(await session.reveal()).toBe('resynced');
    expect(resynced).toBe(1);
    expect(session.snapshot()).toEqual(other.snapshot());
    expect(await session.pick(0)).toBe('accepted');
  });

  describe('the one gate for input', () => {
    it('a double tap on a hen picks once: the second tap, sent before the answer, does nothing', async () => {
      const busy = new Busy();
      const session = await TicketSession.open(new LoggingClient([]), busy);
      await session.buy();
      await session.reveal();
      const told: string[] = [];
      session.subscribe((u) => void told.push(...u.events.map((e) => e.type)));
      const tap = (): Promise<string> => session.pick(0);
      const [first, second] = await Promise.all([tap(), tap()]);
      expect([first, second]).toEqual(['accepted', 'dropped']);
      expect(told.filter((t) => t === 'henLifted')).toHaveLength(1);
      expect(session.snapshot()!.round!.picks).toHaveLength(1);
    });

    it('a gated tap during a pending command does nothing, then acts once the game is free', async () => {
      const busy = new Busy();
      const session = await TicketSession.open(new LoggingClient([]), busy);
      await session.buy();
      let buys = 0;
      const buyAgain = session.gated(() => buys++);
      const reveal = session.reveal();
      buyAgain();
      buyAgain();
      expect(buys).toBe(0);
      // A screen changing holds the game too: still nothing.
      const release = busy.hold();
      await reveal;
      buyAgain();
      expect(buys).toBe(0);
      release();
      buyAgain();
      expect(buys).toBe(1);
    });

    it('a double tap while the scene shows an update does nothing, even on another hen', async () => {
      const busy = new Busy();
      const session = await TicketSession.open(new LocalClient(7), busy);
      await session.buy();
      await session.reveal();
      let finish!: () => void;
      session.subscribe(() => new Promise<void>((r) => (finish = r)));
      const first = session.pick(0);
      await new Promise((r) => setTimeout(r, 0));
      const tapped: number[] = [];
      const tapHen = (hen: number) => session.gated(() => tapped.push(hen));
      tapHen(1)();
      tapHen(1)();
      expect(await session.pick(2)).toBe('dropped');
      finish();
      await first;
      expect(tapped).toEqual([]);
      expect(session.snapshot()!.round!.picks).toHaveLength(1);
    });
  });
});
