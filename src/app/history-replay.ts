import type { GameEvent, GameSnapshot } from '../core';
import { replayJournal } from '../core/replay';

/** One command of a stored ticket as the screen plays it: the events it made and the state they led to. */
export interface ReplayStep {
  readonly events: readonly GameEvent[];
  readonly snapshot: GameSnapshot;
}

/**
 * Cuts a stored journal into the commands that made it (buy, reveal, each pick, the haystack), each with the state it
 * led to, by folding every prefix with `Game.fromJournal` and a source that throws on any draw (core/replay.ts): the
 * core accepts a prefix only where a command ended. A replay is therefore the journal shown again, never a new draw.
 * Null when the journal does not fold (it is then never shown).
 */
export function replaySteps(journal: readonly GameEvent[]): ReplayStep[] | null {
  const steps: ReplayStep[] = [];
  let from = 0;
  for (let end = 1; end <= journal.length; end++) {
    const game = replayJournal(journal.slice(0, end));
    if (!game.ok) continue;
    steps.push({ events: journal.slice(from, end), snapshot: game.value.snapshot() });
    from = end;
  }
  return from === journal.length && steps.length > 0 ? steps : null;
}
