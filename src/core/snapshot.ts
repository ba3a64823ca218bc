import type { Phase } from './events';
import type { GameState, PickRecord } from './game-state';
import type { DrawKind } from './random-source';
import type { Element } from './rules';
import type { Serial } from './ticket';

export interface RoundSnapshot {
  readonly round: number;
  readonly picksLeft: number;
  readonly picks: readonly PickRecord[];
  /** What each lifted hen showed; null for a hen still down. */
  readonly hens: readonly (Element | null)[];
  /** Every hen's element once the round is lost; null before. */
  readonly board: readonly Element[] | null;
  readonly outcome: 'won' | 'lost' | null;
}

/**
 * What the game shows now, as plain data (a copy: changing it changes nothing). It holds only what is already on
 * screen — the amounts stay null until the scratch zone is revealed — so it can be handed to the view and to tests.
 */
export interface GameSnapshot {
  readonly serial: Serial;
  readonly draws: DrawKind;
  readonly phase: Phase;
  readonly amounts: { readonly a1Cents: number; readonly a2Cents: number } | null;
  readonly rounds: readonly RoundSnapshot[];
  /** The round in play or last played; null before the scratch zone is revealed. */
  readonly round: RoundSnapshot | null;
  readonly haystack: { readonly offered: boolean; readonly chosen: number | null; readonly extraAt: number | null };
  readonly extraWon: boolean;
  readonly result: {
    readonly outcome: 'won' | 'lost';
    readonly prize: 'A1' | 'A2' | null;
    readonly prizeCents: number;
  } | null;
}

export function toSnapshot(s: GameState): GameSnapshot {
  const rounds = s.rounds.map(
    (r): RoundSnapshot => ({
      round: r.round,
      picksLeft: r.picksLeft,
      picks: r.picks.map((p) => ({ ...p })),
      hens: [...r.hens],
      board: r.board ? [...r.board] : null,
      outcome: r.outcome,
    }),
  );
  return {
    serial: { ...s.ticket.serial },
    draws: s.draws,
    phase: s.phase,
    amounts: s.revealed ? { a1Cents: s.ticket.a1Cents, a2Cents: s.ticket.a2Cents } : null,
    rounds,
    round: rounds[rounds.length - 1] ?? null,
    haystack: {
      offered: s.haystacksOffered > 0,
      chosen: s.haystack?.chosen ?? null,
      extraAt: s.haystack?.extraAt ?? null,
    },
    extraWon: s.extrasWon > 0,
    result: s.result ? { ...s.result } : null,
  };
}
