import { BlockDealer, type BlockState } from './block';
import type { GameEvent } from './events';
import type { Game } from './game';
import { checkJournal } from './journal';
import type { PrizeTable } from './prize-table';
import type { DrawKind } from './random-source';
import { replayJournal } from './replay';
import { err, ok, type Result } from './result';
import { RULES, type Rules } from './rules';
import { checkFields, isCents, isObj } from './saved-checks';
import { problem, type RecordProblem } from './save-format';

/**
 * The state of the demo's seeded generator (the four words of SeededSource.state()). Declared here as plain data so
 * that storage code never imports the seeded generator: only demo code turns it back into a source.
 */
export type SeededStateData = readonly [number, number, number, number];

/** The ticket in play, saved before any of its draws is shown. */
export interface CurrentTicket {
  readonly journal: readonly GameEvent[];
  /** The kind of source that draws for it; always the journal's own (its ticketIssued event). */
  readonly draws: DrawKind;
  /** For a seeded demo game only: the generator's state after the journal's last draw, to continue it. Null for real tickets. */
  readonly seededState: SeededStateData | null;
  /** The balance before this ticket's stake was paid (shown in the history once it ends). */
  readonly balanceBeforeCents: number;
}

/**
 * A ticket's amounts must be a pair of the prize table it was dealt from: an edited A1 or A2 that is no row of the
 * table is refused. (A rewrite to another row of the table, signed with the device key, is not caught here: that
 * would need the dealing record kept off the device.)
 */
export function checkTicketAmounts(journal: readonly GameEvent[], table: PrizeTable): RecordProblem | null {
  const first = journal[0];
  if (first?.type !== 'ticketIssued') return null;
  const { a1Cents, a2Cents } = first.ticket;
  if (table.rows.some((r) => r.a1Cents === a1Cents && r.a2Cents === a2Cents)) return null;
  return problem('inconsistent', `amounts A1 ${a1Cents} / A2 ${a2Cents} cents are not a pair of the prize table "${table.name}"`);
}

/** A real ticket is bought at the ticket price; a demo game costs nothing and pays nothing. */
export const stakeOf = (draws: DrawKind, rules: Rules = RULES): number => (draws === 'crypto' ? rules.ticketPriceCents : 0);

const isUint32 = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;

/**
 * Reads a saved current ticket: its shape, then its journal folded without drawing (an edited journal is refused).
 * Returns the ticket and the rebuilt game; the game may have ended (saved just before it was filed in the history).
 */
export function checkCurrentTicket(data: unknown, table: PrizeTable, rules: Rules = RULES): Result<{ ticket: CurrentTicket; game: Game }, RecordProblem> {
  const shape = checkFields('the current ticket', data, {
    journal: Array.isArray,
    draws: (d) => d === 'crypto' || d === 'seeded',
    seededState: (s) => s === null || (Array.isArray(s) && s.length === 4 && s.every(isUint32)),
    balanceBeforeCents: isCents,
  });
  if (!shape.ok) return shape;
  const journal = checkJournal(shape.value['journal']);
  if (!journal.ok) return err(problem('corrupt', journal.error.message));
  const t = { ...(shape.value as unknown as CurrentTicket), journal: journal.value };
  const first = t.journal[0];
  if (first?.type === 'ticketIssued' && first.draws !== t.draws) {
    return err(problem('inconsistent', `the current ticket says ${t.draws} draws but its journal says ${first.draws}`));
  }
  if ((t.draws === 'seeded') !== (t.seededState !== null)) {
    return err(problem('inconsistent', 'a seeded state belongs to a demo game, and only to a demo game'));
  }
  const game = replayJournal(t.journal, rules);
  if (!game.ok) return err(problem('inconsistent', game.error.message));
  const amounts = checkTicketAmounts(t.journal, table);
  if (amounts) return err(amounts);
  return ok({ ticket: t, game: game.value });
}

/** Reads a saved block state against the prize table it deals from. */
export function checkBlockState(data: unknown, table: PrizeTable, rules: Rules = RULES): Result<BlockState, RecordProblem> {
  if (!isObj(data) || !Array.isArray(data['remaining']) || !isCents(data['dealt']) || !isCents(data['block'])) {
    return err(problem('corrupt', 'the block state is not { block, dealt, remaining }'));
  }
  const state: BlockState = { block: data['block'], dealt: data['dealt'], remaining: (data['remaining'] as unknown[]).map(Number) };
  try {
    return ok(new BlockDealer(table, state, rules).state());
  } catch (e) {
    return err(problem('inconsistent', `the block state does not fit the prize table: ${(e as Error).message}`));
  }
}
