import type { GameEvent } from './events';
import { checkJournal } from './journal';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from './prize-table';
import type { DrawKind } from './random-source';
import { problem, type RecordProblem } from './record-problem';
import { replayFinished } from './replay';
import { err, ok, type Result } from './result';
import { type Element, RULES, type Rules } from './rules';
import { checkFields, isCents, isIsoTime } from './saved-checks';
import { formatSerial, type Serial } from './ticket';

/** The « Historique » screen shows this many tickets, newest first. */
export const HISTORY_LENGTH = 10;

/** A finished ticket as kept: its journal (the truth) and the money around it. */
export interface FinishedTicket {
  readonly journal: readonly GameEvent[];
  readonly stakeCents: number;
  /** The balance before the stake was paid, and after the prize was credited. */
  readonly balanceBeforeCents: number;
  readonly balanceAfterCents: number;
  /** ISO 8601 UTC. */
  readonly finishedAt: string;
}

export interface HistoryPick {
  readonly pick: number;
  readonly hen: number;
  readonly element: Element;
}

export interface HistoryRound {
  /** 1 for the first round, 2 for the Extra round. */
  readonly round: number;
  readonly picks: readonly HistoryPick[];
  readonly outcome: 'won' | 'lost';
  /** Where the egg was: the last pick's hen in a won round, the board's egg in a lost one (art. 3.2.6). */
  readonly eggHen: number;
}

/** One line of the « Historique » screen, read from a finished journal by folding it. */
export interface HistoryEntry {
  readonly serial: Serial;
  /** As printed: 000001-000042. */
  readonly serialText: string;
  readonly draws: DrawKind;
  readonly a1Cents: number;
  readonly a2Cents: number;
  readonly rounds: readonly HistoryRound[];
  /** The haystack the player chose and where the Extra was; null when no haystack was offered. */
  readonly haystack: { readonly chosen: number; readonly extraAt: number; readonly extraWon: boolean } | null;
  readonly outcome: 'won' | 'lost';
  readonly prize: 'A1' | 'A2' | null;
  readonly prizeCents: number;
  readonly stakeCents: number;
  readonly balanceBeforeCents: number;
  readonly balanceAfterCents: number;
  readonly finishedAt: string;
  /** For the on-screen replay (Game.fromJournal with a source that never draws). */
  readonly journal: readonly GameEvent[];
}

/**
 * The history line of a finished ticket. The journal must fold to an ended game without a single draw, and the money
 * must add up: after = before − stake + the prize the journal pays. Anything else is refused, naming what is wrong.
 */
export function historyEntry(
  t: FinishedTicket,
  table: PrizeTable = DEFAULT_PRIZE_TABLE,
  rules: Rules = RULES,
): Result<HistoryEntry, RecordProblem> {
  const game = replayFinished(t.journal, rules);
  if (!game.ok) return err(problem('inconsistent', game.error.message));
  const amounts = checkTicketAmounts(t.journal, table);
  if (amounts) return err(amounts);
  const s = game.value.snapshot();
  const result = s.result!;
  const first = t.journal[0];
  const draws: DrawKind = first?.type === 'ticketIssued' ? first.draws : 'crypto';
  const stake = draws === 'crypto' ? rules.ticketPriceCents : 0;
  if (t.stakeCents !== stake)
    return err(problem('inconsistent', `stake ${t.stakeCents} cents, a ${draws} ticket costs ${stake}`));
  const expectedAfter = t.balanceBeforeCents - t.stakeCents + result.prizeCents;
  if (t.balanceBeforeCents < t.stakeCents || t.balanceAfterCents !== expectedAfter) {
    return err(
      problem(
        'inconsistent',
        `balance after ${t.balanceAfterCents} cents, expected ${expectedAfter} (${t.balanceBeforeCents} − ${t.stakeCents} + prize ${result.prizeCents})`,
      ),
    );
  }
  const rounds = s.rounds.map((r): HistoryRound => {
    const picks = r.picks.map((p, i) => ({ pick: i + 1, hen: p.hen, element: p.element }));
    const eggHen = r.outcome === 'won' ? picks[picks.length - 1]!.hen : (r.board ?? []).indexOf('egg');
    return { round: r.round, picks, outcome: r.outcome === 'won' ? 'won' : 'lost', eggHen };
  });
  const { chosen, extraAt } = s.haystack;
  const ticket = game.value.ticket;
  return ok({
    serial: { ...ticket.serial },
    serialText: formatSerial(ticket.serial),
    draws,
    a1Cents: ticket.a1Cents,
    a2Cents: ticket.a2Cents,
    rounds,
    haystack: chosen !== null && extraAt !== null ? { chosen, extraAt, extraWon: chosen === extraAt } : null,
    outcome: result.outcome,
    prize: result.prize,
    prizeCents: result.prizeCents,
    stakeCents: t.stakeCents,
    balanceBeforeCents: t.balanceBeforeCents,
    balanceAfterCents: t.balanceAfterCents,
    finishedAt: t.finishedAt,
    journal: t.journal,
  });
}

/** Reads a finished ticket from untrusted data (storage, an imported file): its shape, then historyEntry's checks. */
export function checkFinishedTicket(
  data: unknown,
  table: PrizeTable = DEFAULT_PRIZE_TABLE,
  rules: Rules = RULES,
): Result<HistoryEntry, RecordProblem> {
  const shape = checkFields('the finished ticket', data, {
    journal: Array.isArray,
    stakeCents: isCents,
    balanceBeforeCents: isCents,
    balanceAfterCents: isCents,
    finishedAt: isIsoTime,
  });
  if (!shape.ok) return shape;
  const journal = checkJournal(shape.value['journal']);
  if (!journal.ok) return err(problem('corrupt', journal.error.message));
  const t = shape.value as unknown as FinishedTicket;
  return historyEntry({ ...t, journal: journal.value }, table, rules);
}

/** The finished ticket an entry was read from: what is stored and exported. */
export const finishedTicketOf = (e: HistoryEntry): FinishedTicket => ({
  journal: e.journal,
  stakeCents: e.stakeCents,
  balanceBeforeCents: e.balanceBeforeCents,
  balanceAfterCents: e.balanceAfterCents,
  finishedAt: e.finishedAt,
});

/** Adds the newest entry in front and keeps the last HISTORY_LENGTH. */
export const pushHistory = (newestFirst: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] =>
  [entry, ...newestFirst].slice(0, HISTORY_LENGTH);

/** A ticket's amounts must be a pair of the prize table it was dealt from: an A1 or A2 that is no row of it is refused. */
function checkTicketAmounts(journal: readonly GameEvent[], table: PrizeTable): RecordProblem | null {
  const first = journal[0];
  if (first?.type !== 'ticketIssued') return null;
  const { a1Cents, a2Cents } = first.ticket;
  if (table.rows.some((r) => r.a1Cents === a1Cents && r.a2Cents === a2Cents)) return null;
  return problem(
    'inconsistent',
    `amounts A1 ${a1Cents} / A2 ${a2Cents} cents are not a pair of the prize table "${table.name}"`,
  );
}
