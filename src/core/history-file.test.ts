import { describe, expect, it } from 'vitest';
import type { GameEvent } from './events';
import { historyEntry, type HistoryEntry } from './history';
import { HISTORY_FILE_FORMAT, exportHistory, importHistory } from './history-file';
import { finishedJournals } from './test-support/saved-tickets';

const AT = '2026-12-03T08:00:00.000Z';

function entries(journals: readonly (readonly GameEvent[])[]): HistoryEntry[] {
  let balance = 2000;
  const out = journals.map((journal) => {
    const end = journal.find((e) => e.type === 'ticketEnded');
    const prize = end?.type === 'ticketEnded' ? end.prizeCents : 0;
    const e = historyEntry({ journal, stakeCents: 200, balanceBeforeCents: balance, balanceAfterCents: balance - 200 + prize, finishedAt: AT });
    balance = balance - 200 + prize;
    if (!e.ok) throw new Error(e.error.message);
    return e.value;
  });
  return out.reverse();
}

describe('history file', () => {
  const list = entries(finishedJournals(10, 77, 'crypto'));
  const text = exportHistory(list, AT);

  it('export → import gives the same entries back', () => {
    expect(JSON.parse(text).format).toBe(HISTORY_FILE_FORMAT);
    expect(importHistory(text)).toEqual({ ok: true, value: list });
  });

  it('refuses bad files, naming what is wrong', () => {
    const file = JSON.parse(text) as { tickets: Record<string, unknown>[] } & Record<string, unknown>;
    const refusal = (data: unknown): string => {
      const r = importHistory(typeof data === 'string' ? data : JSON.stringify(data));
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(refusal('{"format": ')).toMatch(/^the file is not JSON/);
    expect(refusal({ ...file, format: 'something-else' })).toMatch(/not a history export/);
    expect(refusal([1, 2])).toMatch(/not a history export/);
    expect(refusal({ ...file, formatVersion: 7 })).toMatch(/format version 7; this game reads version 1/);
    expect(refusal({ ...file, tickets: 'none' })).toMatch(/no "tickets" list/);
    const withTicket = (i: number, t: Record<string, unknown>) => ({ ...file, tickets: file.tickets.map((x, k) => (k === i ? t : x)) });
    const t3 = file.tickets[2]!;
    expect(refusal(withTicket(2, { ...t3, balanceAfterCents: 999_999 }))).toMatch(/^ticket 3: balance after 999999 cents, expected/);
    const journal = t3['journal'] as GameEvent[];
    const editedElement = journal.map((e) => (e.type === 'henLifted' ? { ...e, element: e.element === 'empty' ? 'chick' : 'empty' } : e));
    expect(refusal(withTicket(2, { ...t3, journal: editedElement }))).toMatch(/^ticket 3: journal inconsistent/);
    expect(refusal(withTicket(4, { ...t3, journal: journal.slice(0, -1) }))).toMatch(/^ticket 5: .*(has not ended|stops in the middle of a command)/);
    expect(refusal(withTicket(0, { ...t3, journal: [{ type: 'eggLaid' }] }))).toMatch(/^ticket 1: event 1 has no known type/);
    expect(refusal(withTicket(1, { ...t3, finishedAt: 42 }))).toMatch(/^ticket 2: .*bad field "finishedAt"/);
    expect(refusal(file)).toBe('accepted');
  });
});
