import { describe, expect, it } from 'vitest';
import { BlockDealer } from '../../src/core/block';
import type { GameEvent } from '../../src/core/events';
import { playTicket } from '../../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../../src/core/prize-table';
import { RULES } from '../../src/core/rules';
import { SeededSource } from '../../src/core/seeded-source';
import { formatSerial } from '../../src/core/ticket';
import { type RecalledTicket, shownEvents } from '../../src/protocol/messages';
import { checkRecalled } from './kill-checks';
import type { SeenTicket } from './sim-player';

/** A ticket played to its end by the core, as the server would recall it and as a player's replies showed it. */
function played(seed: number): { recalled: RecalledTicket; seen: SeenTicket } {
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const t = playTicket(dealer, SeededSource.fromSeed(seed), SeededSource.fromSeed(seed + 1));
  const journal: GameEvent[] = [...t.game.journal];
  const id = formatSerial(t.ticket.serial);
  const before = 2000;
  const recalled: RecalledTicket = {
    id,
    journal,
    stakeCents: RULES.ticketPriceCents,
    balanceBeforeCents: before,
    balanceAfterCents: before - RULES.ticketPriceCents + t.prizeCents,
    finishedAt: '2026-12-04T17:00:00.000Z',
  };
  const seen: SeenTicket = {
    id,
    player: 0,
    events: shownEvents(journal),
    nextSeq: 9,
    ended: true,
    prizeCents: t.prizeCents,
  };
  return { recalled, seen };
}

describe("the kill test's check of a finished ticket against the server's recall", () => {
  it('finds nothing wrong when the recall is exactly what the replies showed', () => {
    const { recalled, seen } = played(7);
    expect(checkRecalled(seen, recalled)).toEqual([]);
  });

  it('names a ticket the server does not recall', () => {
    const { seen } = played(7);
    expect(checkRecalled(seen, undefined)).toEqual([`ticket ${seen.id} ended here but is not in the server's recall`]);
  });

  it('names a redrawn pick: one hen shows another element than the reply said', () => {
    const { recalled, seen } = played(7);
    const at = recalled.journal.findIndex((e) => e.type === 'henLifted');
    const redrawn = recalled.journal.map(
      (e, i): GameEvent => (i === at && e.type === 'henLifted' ? { ...e, hen: (e.hen + 1) % RULES.hens } : e),
    );
    const wrong = checkRecalled(seen, { ...recalled, journal: redrawn });
    expect(wrong.some((w) => w.includes('is not the') && w.includes('events its replies brought'))).toBe(true);
  });

  it('names a command applied twice: the journal holds more events than the replies brought', () => {
    const { recalled, seen } = played(7);
    const twice = [...recalled.journal];
    twice.splice(2, 0, recalled.journal[2]!);
    expect(checkRecalled(seen, { ...recalled, journal: twice }).length).toBeGreaterThan(0);
  });

  it('names a prize credited twice and a stake taken twice in the balance around the ticket', () => {
    const { recalled, seen } = played(7);
    const paidTwice = { ...recalled, balanceAfterCents: recalled.balanceAfterCents + 500 };
    expect(checkRecalled(seen, paidTwice)).toEqual([
      `ticket ${seen.id}: balance after ${paidTwice.balanceAfterCents} cents, before 2000 − stake + prize is ${recalled.balanceAfterCents}`,
    ]);
    expect(checkRecalled(seen, { ...recalled, stakeCents: 2 * RULES.ticketPriceCents }).length).toBeGreaterThan(0);
  });

  it('names a prize the journal pays but the replies did not say', () => {
    const { recalled, seen } = played(7);
    const told = { ...seen, prizeCents: seen.prizeCents + 100 };
    expect(checkRecalled(told, recalled)).toContain(
      `ticket ${seen.id}: its journal pays ${seen.prizeCents} cents, its replies said ${told.prizeCents}`,
    );
  });
});
