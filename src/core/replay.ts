import type { GameError, GameEvent } from './events';
import { Game } from './game';
import type { DrawKind, RandomSource } from './random-source';
import { err, type Result } from './result';
import { RULES, type Rules } from './rules';

/**
 * A source that refuses to draw. A journal read back from storage or from a file is folded with it: everything the
 * journal shows was drawn when it was played, so any draw asked for here would be a new draw — a bug, never a replay.
 */
export function noDrawSource(kind: DrawKind): RandomSource {
  return {
    kind,
    nextUint32(): number {
      throw new Error('a replayed journal asked for a draw');
    },
  };
}

const kindOf = (journal: readonly GameEvent[]): DrawKind => {
  const first = journal[0];
  return first?.type === 'ticketIssued' ? first.draws : 'crypto';
};

/** Rebuilds the game a journal describes, without drawing; an edited journal is refused as 'journal-inconsistent'. */
export function replayJournal(journal: readonly GameEvent[], rules: Rules = RULES): Result<Game, GameError> {
  return Game.fromJournal(journal, noDrawSource(kindOf(journal)), rules);
}

/** As replayJournal, and the ticket must have ended (history, meters, export). */
export function replayFinished(journal: readonly GameEvent[], rules: Rules = RULES): Result<Game, GameError> {
  const game = replayJournal(journal, rules);
  if (game.ok && game.value.phase !== 'ended') {
    return err({ code: 'journal-inconsistent', message: 'journal inconsistent: the ticket has not ended' });
  }
  return game;
}
