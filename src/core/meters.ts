import type { GameError, GameEvent } from './events';
import { replayFinished } from './replay';
import { err, ok, type Result } from './result';
import { RULES, type Rules } from './rules';
import { checkFields, isCents } from './saved-checks';
import { problem, type RecordProblem } from './save-format';

/**
 * The operator's running totals over every finished real ticket. Nothing in the player's reach resets them: they
 * only grow, one finished ticket at a time, and a test recomputes them from the journals.
 */
export interface Meters {
  readonly ticketsPlayed: number;
  readonly ticketsWon: number;
  readonly stakesCents: number;
  readonly prizesPaidCents: number;
  /** Tickets whose chosen haystack held the Extra. */
  readonly extrasWon: number;
}

export const ZERO_METERS: Meters = Object.freeze({ ticketsPlayed: 0, ticketsWon: 0, stakesCents: 0, prizesPaidCents: 0, extrasWon: 0 });

/** What one finished journal adds to the meters; the figures come from folding it, never from a field beside it. */
export function addTicket(m: Meters, journal: readonly GameEvent[], stakeCents: number, rules: Rules = RULES): Result<Meters, GameError> {
  const game = replayFinished(journal, rules);
  if (!game.ok) return game;
  const s = game.value.snapshot();
  const prizeCents = s.result?.prizeCents ?? 0;
  return ok({
    ticketsPlayed: m.ticketsPlayed + 1,
    ticketsWon: m.ticketsWon + (s.result?.outcome === 'won' ? 1 : 0),
    stakesCents: m.stakesCents + stakeCents,
    prizesPaidCents: m.prizesPaidCents + prizeCents,
    extrasWon: m.extrasWon + (s.extraWon ? 1 : 0),
  });
}

/** The meters of a list of finished journals, each a ticket bought at `stakeCents` (the ticket price by default). */
export function metersFromJournals(
  journals: readonly (readonly GameEvent[])[],
  stakeCents: number = RULES.ticketPriceCents,
  rules: Rules = RULES,
): Result<Meters, GameError> {
  let m = ZERO_METERS;
  for (let i = 0; i < journals.length; i++) {
    const next = addTicket(m, journals[i]!, stakeCents, rules);
    if (!next.ok) return err({ ...next.error, message: `ticket ${i + 1}: ${next.error.message}` });
    m = next.value;
  }
  return ok(m);
}

/** Reads saved meters: whole non-negative figures that can hold together (an edited figure often cannot). */
export function checkMeters(data: unknown, rules: Rules = RULES): Result<Meters, RecordProblem> {
  const shape = checkFields('the meters', data, {
    ticketsPlayed: isCents,
    ticketsWon: isCents,
    stakesCents: isCents,
    prizesPaidCents: isCents,
    extrasWon: isCents,
  });
  if (!shape.ok) return shape;
  const m = shape.value as unknown as Meters;
  const bad = (why: string): Result<Meters, RecordProblem> => err(problem('inconsistent', `the meters do not hold together: ${why}`));
  if (m.ticketsWon > m.ticketsPlayed) return bad(`${m.ticketsWon} tickets won of ${m.ticketsPlayed} played`);
  if (m.extrasWon > m.ticketsPlayed) return bad(`${m.extrasWon} Extras won in ${m.ticketsPlayed} tickets`);
  // Every kept ticket is a real one, bought at the ticket price (demo games are never metered).
  if (m.stakesCents !== m.ticketsPlayed * rules.ticketPriceCents) {
    return bad(`stakes ${m.stakesCents} cents for ${m.ticketsPlayed} tickets at ${rules.ticketPriceCents} cents`);
  }
  if (m.ticketsWon === 0 && m.prizesPaidCents !== 0) return bad(`${m.prizesPaidCents} cents of prizes with no ticket won`);
  return ok({
    ticketsPlayed: m.ticketsPlayed,
    ticketsWon: m.ticketsWon,
    stakesCents: m.stakesCents,
    prizesPaidCents: m.prizesPaidCents,
    extrasWon: m.extrasWon,
  });
}
