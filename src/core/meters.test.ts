import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { ZERO_METERS, addTicket, checkMeters, metersFromJournals, type Meters } from './meters';
import { finishedJournals } from './test-support/saved-tickets';

/** The meters counted straight from the events, independently of addTicket's fold. */
function countFromEvents(journals: readonly (readonly GameEvent[])[]): Meters {
  let ticketsWon = 0;
  let prizesPaidCents = 0;
  let extrasWon = 0;
  for (const j of journals) {
    for (const e of j) {
      if (e.type === 'ticketEnded' && e.outcome === 'won') ticketsWon++;
      if (e.type === 'ticketEnded') prizesPaidCents += e.prizeCents;
      if (e.type === 'haystackOpened' && e.extraWon) extrasWon++;
    }
  }
  return { ticketsPlayed: journals.length, ticketsWon, stakesCents: 200 * journals.length, prizesPaidCents, extrasWon };
}

describe('meters', () => {
  const journals = finishedJournals(200, 42);

  it('over 200 seeded tickets, the running meters equal the figures recomputed from the journals', () => {
    let running = ZERO_METERS;
    for (const j of journals) {
      const next = addTicket(running, j, 200);
      if (!next.ok) throw new Error(next.error.message);
      running = next.value;
    }
    const recomputed = metersFromJournals(journals);
    expect(recomputed).toEqual({ ok: true, value: running });
    expect(running).toEqual(countFromEvents(journals));
    // The sample is not degenerate: it has wins and Extras to count.
    expect(running.ticketsWon).toBeGreaterThan(20);
    expect(running.extrasWon).toBeGreaterThan(5);
    expect(checkMeters(running).ok).toBe(true);
  });

  it('refuses an unfinished or edited journal, naming the ticket', () => {
    const bad = [journals[0]!, journals[1]!.slice(0, -1)];
    const r = metersFromJournals(bad);
    expect(r.ok ? '' : r.error.message).toMatch(/^ticket 2: .*(has not ended|stops in the middle of a command)/);
    const edited = journals[2]!.map((e) => (e.type === 'ticketEnded' ? { ...e, prizeCents: e.prizeCents + 100 } : e));
    expect(addTicket(ZERO_METERS, edited, 200).ok).toBe(false);
  });

  it('saved meters that cannot hold together are named', () => {
    const m = { ticketsPlayed: 10, ticketsWon: 3, stakesCents: 2000, prizesPaidCents: 1400, extrasWon: 1 };
    const why = (d: unknown) => { const r = checkMeters(d); return r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`; };
    expect(why(m)).toBe('ok');
    expect(why({ ...m, ticketsPlayed: 9 })).toMatch(/^inconsistent: .*stakes 2000 cents for 9 tickets/);
    expect(why({ ...m, ticketsWon: 11, ticketsPlayed: 10 })).toMatch(/11 tickets won of 10/);
    expect(why({ ...m, extrasWon: 12 })).toMatch(/12 Extras won in 10 tickets/);
    expect(why({ ...m, ticketsWon: 0 })).toMatch(/prizes with no ticket won/);
    expect(why({ ...m, prizesPaidCents: -5 })).toMatch(/^corrupt: .*"prizesPaidCents"/);
    expect(why({ ...m, stakesCents: 20.5 })).toMatch(/^corrupt: .*"stakesCents"/);
    expect(why([1, 2])).toMatch(/^corrupt/);
  });
});
