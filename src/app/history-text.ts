import type { HistoryEntry } from '../core/history';
import { hw, localDate, ordinal } from './history-words';
import { numbersFor } from './money';
import { elementWord, type Lang } from './persistence-words';

const money = (lang: Lang, cents: number): string => numbersFor(lang).money(cents);

/** The list's short line: when, and what it paid (the serial is in the detail). */
export function historyRow(lang: Lang, e: HistoryEntry, timeZone?: string): string {
  const date = localDate(lang, e.finishedAt, timeZone);
  return e.outcome === 'won'
    ? hw(lang, 'rowWon', { date, amount: money(lang, e.prizeCents) })
    : hw(lang, 'rowLost', { date });
}

/**
 * A ticket in full, one fact a line, in the order it was played: the serial, when (local time), its two prizes, each
 * pick in words (« 1er coup : poussin »: the board has no numbers), the haystack, then the Extra round, the prize and
 * the balance.
 */
export function historyDetail(lang: Lang, e: HistoryEntry, timeZone?: string): string {
  const lines = [
    hw(lang, 'ticket', { serial: e.serialText }),
    hw(lang, 'playedOn', { date: localDate(lang, e.finishedAt, timeZone) }),
    hw(lang, 'amounts', { a1: money(lang, e.a1Cents), a2: money(lang, e.a2Cents) }),
  ];
  for (const r of e.rounds) {
    if (r.round > 1 && e.haystack) lines.push(hw(lang, e.haystack.extraWon ? 'haystackWon' : 'haystackLost'));
    lines.push(hw(lang, r.round > 1 ? 'roundExtra' : 'round1'));
    r.picks.forEach((p, k) => {
      lines.push(`   ${hw(lang, 'pick', { nth: ordinal(lang, k + 1), element: elementWord(lang, p.element) })}`);
    });
    lines.push(`   ${hw(lang, r.outcome === 'won' ? 'roundWon' : 'roundLost')}`);
  }
  // A haystack that gave no Extra comes after the only round.
  if (e.haystack && !e.rounds.some((r) => r.round > 1))
    lines.push(hw(lang, e.haystack.extraWon ? 'haystackWon' : 'haystackLost'));
  lines.push(
    e.prizeCents > 0
      ? hw(lang, 'prize', {
          amount: money(lang, e.prizeCents),
          which: hw(lang, e.prize === 'A1' ? 'prizeA1' : 'prizeA2'),
        })
      : hw(lang, 'noPrize'),
  );
  lines.push(
    hw(lang, 'balance', {
      before: money(lang, e.balanceBeforeCents),
      after: money(lang, e.balanceAfterCents),
      stake: money(lang, e.stakeCents),
    }),
  );
  return lines.join('\n');
}

/** The finished board of each round, for the small picture beside the lines: the picks in order and the egg. */
export function historyBoard(
  lang: Lang,
  e: HistoryEntry,
): {
  title: string;
  picks: { hen: number; element: HistoryEntry['rounds'][number]['picks'][number]['element'] }[];
  eggHen: number;
}[] {
  return e.rounds.map((r) => ({
    title: hw(lang, r.round > 1 ? 'roundExtra' : 'round1'),
    picks: r.picks.map((p) => ({ hen: p.hen, element: p.element })),
    eggHen: r.eggHen,
  }));
}

/** A history line as the test hook gives it: the same facts as the screen, as data (the core's entry, flattened). */
export type HistoryLine = Pick<
  HistoryEntry,
  | 'a1Cents'
  | 'a2Cents'
  | 'haystack'
  | 'outcome'
  | 'prize'
  | 'prizeCents'
  | 'stakeCents'
  | 'balanceBeforeCents'
  | 'balanceAfterCents'
  | 'finishedAt'
> & {
  readonly serial: string;
  readonly rounds: readonly {
    readonly round: number;
    readonly picks: readonly { readonly hen: number; readonly element: string }[];
    readonly outcome: string;
  }[];
  readonly events: number;
};

export function historyLine(e: HistoryEntry): HistoryLine {
  return {
    serial: e.serialText,
    a1Cents: e.a1Cents,
    a2Cents: e.a2Cents,
    rounds: e.rounds.map((r) => ({
      round: r.round,
      picks: r.picks.map((p) => ({ hen: p.hen, element: p.element })),
      outcome: r.outcome,
    })),
    haystack: e.haystack ? { ...e.haystack } : null,
    outcome: e.outcome,
    prize: e.prize,
    prizeCents: e.prizeCents,
    stakeCents: e.stakeCents,
    balanceBeforeCents: e.balanceBeforeCents,
    balanceAfterCents: e.balanceAfterCents,
    finishedAt: e.finishedAt,
    events: e.journal.length,
  };
}
