import { describe, expect, it } from 'vitest';
import { BlockDealer, DEFAULT_PRIZE_TABLE, Game } from '../core';
import { SeededSource } from '../core/seeded-source';
import { replaySteps } from './history-replay';

function playedJournal(seed: number) {
  const source = SeededSource.fromSeed(seed);
  const game = Game.start(new BlockDealer(DEFAULT_PRIZE_TABLE).deal(source), source);
  const commands: string[] = ['buy'];
  game.reveal();
  commands.push('reveal');
  for (let guard = 0; guard < 100; guard++) {
    const s = game.snapshot();
    if (s.phase === 'round') {
      game.pick(s.round!.hens.indexOf(null));
      commands.push('pick');
    } else if (s.phase === 'haystack') {
      game.chooseHaystack(2);
      commands.push('haystack');
    } else break;
  }
  return { journal: game.journal.slice(), final: game.snapshot(), commands };
}

describe('replaySteps', () => {
  it('cuts a finished journal into its commands, each ending on the state the game had then', () => {
    for (const seed of [1, 2, 3, 7, 42]) {
      const { journal, final, commands } = playedJournal(seed);
      const steps = replaySteps(journal)!;
      expect(steps.map((s) => s.events.length).reduce((a, b) => a + b, 0)).toBe(journal.length);
      expect(steps.length).toBe(commands.length);
      expect(steps.at(-1)!.snapshot).toEqual(final);
      expect(steps[0]!.events[0]!.type).toBe('ticketIssued');
      expect(steps[1]!.events[0]!.type).toBe('scratchRevealed');
    }
  });

  it('refuses an edited journal rather than show it', () => {
    const { journal } = playedJournal(5);
    const edited = journal.map((e) =>
      e.type === 'henLifted' && e.pick === 1 ? { ...e, element: e.element === 'egg' ? 'empty' : 'egg' } : e,
    );
    expect(replaySteps(edited as typeof journal)).toBeNull();
  });
});
