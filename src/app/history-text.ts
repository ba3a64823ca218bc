import type { HistoryEntry, Meters } from './store';
import { numbersFor } from './money';
import { elementWord, pw, type Lang } from './persistence-words';

const money = (lang: Lang, cents: number): string => numbersFor(lang).money(cents);

/** Hens and haystacks as the player sees them: numbered from 1. */
const n1 = (i: number): number => i + 1;

/** The list's short line: serial and what it paid. */
export function historyRow(lang: Lang, e: HistoryEntry): string {
  return e.outcome === 'won' ? pw(lang, 'rowWon', { serial: e.serialText, amount: money(lang, e.prizeCents) }) : pw(lang, 'rowLost', { serial: e.serialText });
}

/** A ticket in full: serial, A1/A2, every pick in order per round, the haystack and the Extra, the prize, the balances. */
export function historyDetail(lang: Lang, e: HistoryEntry): string {
  const date = e.finishedAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  const lines = [
    pw(lang, 'detailTicket', { serial: e.serialText, date }),
    pw(lang, 'detailAmounts', { a1: money(lang, e.a1Cents), a2: money(lang, e.a2Cents) }),
  ];
  for (const r of e.rounds) {
    const picks = r.picks.map((p) => pw(lang, 'detailPick', { hen: n1(p.hen), element: elementWord(lang, p.element) })).join(', ');
    const outcome = r.outcome === 'won' ? pw(lang, 'detailWonRound') : pw(lang, 'detailLostRound', { hen: n1(r.eggHen) });
    lines.push(pw(lang, r.round > 1 ? 'detailRoundExtra' : 'detailRound', { round: r.round, picks, outcome }));
  }
  lines.push(
    e.haystack
      ? pw(lang, 'detailHaystack', {
          chosen: n1(e.haystack.chosen),
          extraAt: n1(e.haystack.extraAt),
          extra: pw(lang, e.haystack.extraWon ? 'detailExtraWon' : 'detailExtraLost'),
        })
      : pw(lang, 'detailNoHaystack'),
  );
  lines.push(e.prizeCents > 0 ? pw(lang, 'detailPrize', { prize: `${e.prize} ${money(lang, e.prizeCents)}` }) : pw(lang, 'detailNoPrize'));
  lines.push(
    pw(lang, 'detailBalance', { before: money(lang, e.balanceBeforeCents), stake: money(lang, e.stakeCents), after: money(lang, e.balanceAfterCents) }),
  );
  return lines.join('\n');
}

export function metersText(lang: Lang, m: Meters): string {
  return pw(lang, 'meters', {
    played: m.ticketsPlayed,
    stakes: money(lang, m.stakesCents),
    prizes: money(lang, m.prizesPaidCents),
    extras: m.extrasWon,
  });
}

/** A history line as the test hook gives it: the same facts as the screen, as data (the core's entry, flattened). */
export type HistoryLine = Pick<
  HistoryEntry,
  'a1Cents' | 'a2Cents' | 'haystack' | 'outcome' | 'prize' | 'prizeCents' | 'stakeCents' | 'balanceBeforeCents' | 'balanceAfterCents' | 'finishedAt'
> & {
  readonly serial: string;
  readonly rounds: readonly { readonly round: number; readonly picks: readonly { readonly hen: number; readonly element: string }[]; readonly outcome: string }[];
  readonly events: number;
};

export function historyLine(e: HistoryEntry): HistoryLine {
  return {
    serial: e.serialText,
    a1Cents: e.a1Cents,
    a2Cents: e.a2Cents,
    rounds: e.rounds.map((r) => ({ round: r.round, picks: r.picks.map((p) => ({ hen: p.hen, element: p.element })), outcome: r.outcome })),
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
