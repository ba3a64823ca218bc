import { describe, expect, it } from 'vitest';
import { type HistoryEntry, historyEntry } from '../core/history';
import { findJournal, has } from '../core/test-support/saved-tickets';
import { historyBoard, historyDetail, historyRow } from './history-text';
import { localDate, ordinal } from './history-words';

const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

function entry(wanted: Parameters<typeof findJournal>[0]): HistoryEntry {
  const journal = findJournal(wanted);
  const r = historyEntry({
    journal,
    stakeCents: 0,
    balanceBeforeCents: 2000,
    balanceAfterCents:
      2000 + (journal.at(-1)!.type === 'ticketEnded' ? (journal.at(-1) as { prizeCents: number }).prizeCents : 0),
    finishedAt: '2026-12-04T17:42:05.123Z',
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("the history in a player's words", () => {
  it('writes the date in local time and the language, never ISO or UTC', () => {
    expect(localDate('fr', '2026-12-04T17:42:05.123Z', 'Europe/Paris')).toBe('4 déc. 2026, 18:42');
    expect(localDate('en', '2026-12-04T17:42:05.123Z', 'Europe/London')).toBe('4 Dec 2026, 17:42');
  });
  it('counts picks as ordinals', () => {
    expect([1, 2, 3].map((n) => ordinal('fr', n))).toEqual(['1er', '2e', '3e']);
    expect([1, 2, 3, 4, 11, 22].map((n) => ordinal('en', n))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '22nd']);
  });
  it('gives one line per pick in words, the haystack before the Extra round, no hen numbers or operator words', () => {
    const e = entry((j) => has(j, (ev) => ev.type === 'haystackOpened' && ev.extraWon));
    const fr = plain(historyDetail('fr', e, 'Europe/Paris')).split('\n');
    expect(fr[1]).toBe('Joué le 4 déc. 2026, 18:42');
    expect(fr).toContain(`   1er coup : ${e.rounds[0]!.picks[0]!.element === 'chick' ? 'poussin' : 'nid vide'}`);
    const haystack = fr.findIndex((l) => l.startsWith('Botte de foin'));
    const extra = fr.indexOf('Manche EXTRA');
    expect(haystack).toBeGreaterThan(0);
    expect(extra).toBeGreaterThan(haystack);
    const picks = e.rounds.reduce((n, r) => n + r.picks.length, 0);
    expect(fr.filter((l) => /^ {3}\d+(er|e) coup : /.test(l))).toHaveLength(picks);
    const all = fr.join('\n');
    expect(all).not.toMatch(/poule \d|UTC|T\d\d:|Compteurs|JSON/);
    expect(plain(historyRow('en', e, 'Europe/London'))).toMatch(/^4 Dec 2026, 17:42 · (won €[\d,.]+|lost)$/);
  });
  it('names the prize as the player saw it', () => {
    const e = entry((j) => has(j, (ev) => ev.type === 'roundWon' && ev.prize === 'A2'));
    const en = historyDetail('en', e);
    expect(en).toMatch(/Prize: €[\d,.]+ \(egg on a later pick\)/);
    expect(en).toContain('→ the golden egg is found');
  });
  it("draws each round's finished board from the journal: the picks in order and where the egg was", () => {
    const e = entry((j) => has(j, (ev) => ev.type === 'haystackOpened' && ev.extraWon));
    const boards = historyBoard('fr', e);
    expect(boards.map((b) => b.title)).toEqual(['Manche', 'Manche EXTRA']);
    boards.forEach((b, k) => {
      const r = e.rounds[k]!;
      expect(b.picks).toEqual(r.picks.map((p) => ({ hen: p.hen, element: p.element })));
      expect(b.eggHen).toBeGreaterThanOrEqual(0);
      expect(b.eggHen).toBeLessThan(30);
      // A won round's egg is under its last pick; a lost round's egg is under no pick.
      const picked = b.picks.map((p) => p.hen);
      if (r.outcome === 'won') expect(picked.at(-1)).toBe(b.eggHen);
      else expect(picked).not.toContain(b.eggHen);
    });
    expect(historyBoard('en', e).map((b) => b.title)).toEqual(['Round', 'EXTRA round']);
  });
});
