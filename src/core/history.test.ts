import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import {
  checkFinishedTicket,
  type FinishedTicket,
  HISTORY_LENGTH,
  type HistoryEntry,
  historyEntry,
  pushHistory,
} from './history';
import { RULES } from './rules';
import { findJournal, finishedJournals, has } from './test-support/saved-tickets';

const AT = '2026-12-03T08:00:00.000Z';
const finished = (journal: readonly GameEvent[], before = 2000): FinishedTicket => {
  const end = journal.find((e) => e.type === 'ticketEnded');
  const prize = end?.type === 'ticketEnded' ? end.prizeCents : 0;
  return {
    journal,
    stakeCents: 200,
    balanceBeforeCents: before,
    balanceAfterCents: before - 200 + prize,
    finishedAt: AT,
  };
};
const entryOf = (journal: readonly GameEvent[]): HistoryEntry => {
  const e = historyEntry(finished(journal));
  if (!e.ok) throw new Error(e.error.message);
  return e.value;
};

describe('a history line from a finished journal', () => {
  // The journals below are labelled 'crypto': real tickets, bought at 200 cents.
  it('a ticket won at the first pick: A1, one pick, the egg under that hen', () => {
    const j = findJournal((j) => has(j, (e) => e.type === 'roundWon' && e.prize === 'A1'), 1, 'crypto');
    const e = entryOf(j);
    const issued = j[0]!.type === 'ticketIssued' ? j[0]!.ticket : null;
    expect(e.prize).toBe('A1');
    expect(e.prizeCents).toBe(issued!.a1Cents);
    expect(e.rounds).toHaveLength(1);
    expect(e.rounds[0]!.picks).toHaveLength(1);
    expect(e.rounds[0]!.eggHen).toBe(e.rounds[0]!.picks[0]!.hen);
    expect(e.haystack).toBeNull();
    expect(e.balanceAfterCents).toBe(2000 - 200 + issued!.a1Cents);
    expect(e.serialText).toMatch(/^\d{6}-\d{6}$/);
  });

  it('an Extra won then lost: two rounds, every pick in order, the haystack and where the Extra was', () => {
    const j = findJournal(
      (j) =>
        has(j, (e) => e.type === 'haystackOpened' && e.extraWon) &&
        has(j, (e) => e.type === 'ticketEnded' && e.outcome === 'lost'),
      1,
      'crypto',
    );
    const e = entryOf(j);
    const lifted = j.filter((x) => x.type === 'henLifted');
    expect(e.rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(e.rounds.flatMap((r) => r.picks.map((p) => [r.round, p.pick, p.hen, p.element]))).toEqual(
      lifted.map((x) => (x.type === 'henLifted' ? [x.round, x.pick, x.hen, x.element] : [])),
    );
    expect(e.haystack).toEqual({ chosen: e.haystack!.extraAt, extraAt: e.haystack!.extraAt, extraWon: true });
    expect(e.outcome).toBe('lost');
    expect(e.prize).toBeNull();
    const lost = j.filter((x) => x.type === 'roundLost');
    expect(e.rounds.map((r) => r.eggHen)).toEqual(
      lost.map((x) => (x.type === 'roundLost' ? x.board.indexOf('egg') : -1)),
    );
  });

  it('a haystack without the Extra: where it was is kept', () => {
    const j = findJournal((j) => has(j, (e) => e.type === 'haystackOpened' && !e.extraWon), 1, 'crypto');
    const e = entryOf(j);
    expect(e.haystack!.extraWon).toBe(false);
    expect(e.haystack!.chosen).not.toBe(e.haystack!.extraAt);
    expect(e.rounds).toHaveLength(1);
  });

  it('a demo game costs nothing: its stake must be 0', () => {
    const j = finishedJournals(1, 5, 'seeded')[0]!;
    expect(historyEntry({ ...finished(j), stakeCents: 0, balanceAfterCents: 2000 + prizeOf(j) }).ok).toBe(true);
    expect(historyEntry(finished(j)).ok).toBe(false);
  });

  it('refuses, naming it: an unfinished journal, an edited element, a wrong balance, amounts off the table', () => {
    const j = findJournal((j) => has(j, (e) => e.type === 'roundWon' && e.prize === 'A2'), 1, 'crypto');
    const message = (t: FinishedTicket): string => {
      const r = historyEntry(t);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(message(finished(j.slice(0, -1)))).toMatch(/has not ended|stops in the middle of a command/);
    const edited = j.map((e) => (e.type === 'henLifted' && e.pick === 1 ? { ...e, element: 'egg' as const } : e));
    expect(message(finished(edited))).toMatch(/journal inconsistent/);
    expect(message({ ...finished(j), balanceAfterCents: finished(j).balanceAfterCents + 1 })).toMatch(
      /balance after .* expected/,
    );
    const bigger = j.map((e) =>
      e.type === 'ticketIssued'
        ? { ...e, ticket: { ...e.ticket, a1Cents: e.ticket.a1Cents * 10, a2Cents: e.ticket.a2Cents * 10 } }
        : e.type === 'scratchRevealed'
          ? { ...e, a1Cents: e.a1Cents * 10, a2Cents: e.a2Cents * 10 }
          : e.type === 'roundWon' || e.type === 'ticketEnded'
            ? { ...e, prizeCents: e.prizeCents * 10 }
            : e,
    );
    expect(message(finished(bigger))).toMatch(/not a pair of the prize table/);
    expect(message(finished(j))).toBe('ok');
  });

  it('checkFinishedTicket names a bad field or event of untrusted data', () => {
    const j = finishedJournals(1, 9, 'crypto')[0]!;
    const check = (d: unknown) => {
      const r = checkFinishedTicket(d);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(check({ ...finished(j), finishedAt: 'yesterday' })).toMatch(/bad field "finishedAt"/);
    expect(check({ ...finished(j), stakeCents: -200 })).toMatch(/bad field "stakeCents"/);
    expect(check({ ...finished(j), journal: [{ type: 'henLifted' }] })).toMatch(/event 1 \(henLifted\): bad field/);
    expect(check(finished(j))).toBe('ok');
  });
});

function prizeOf(j: readonly GameEvent[]): number {
  const end = j.find((e) => e.type === 'ticketEnded');
  return end?.type === 'ticketEnded' ? end.prizeCents : 0;
}

describe('the list', () => {
  it('keeps the last 10, newest first', () => {
    const journals = finishedJournals(13, 3, 'crypto');
    let list: HistoryEntry[] = [];
    for (const j of journals) list = pushHistory(list, entryOf(j));
    expect(HISTORY_LENGTH).toBe(10);
    expect(list.map((e) => e.serial.index)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(RULES.ticketPriceCents).toBe(200);
  });
});
