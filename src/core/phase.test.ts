import { describe, expect, it } from 'vitest';
import { Game } from './game';
import { SeededSource } from './seeded-source';
import { accepted, lowestHenBot, TEST_TICKET } from './test-support/play';

describe('Game.phase', () => {
  it("is the snapshot's phase at every step of a ticket, read without a copy", () => {
    const game = Game.start(TEST_TICKET, SeededSource.fromSeed(5));
    const seen = [game.phase];
    expect(game.phase).toBe(game.snapshot().phase);
    accepted(game.reveal());
    for (let steps = 0; game.phase !== 'ended' && steps < 100; steps++) {
      expect(game.phase).toBe(game.snapshot().phase);
      seen.push(game.phase);
      if (game.phase === 'haystack') accepted(game.chooseHaystack(0));
      else accepted(game.pick(lowestHenBot.hen(game.snapshot())));
    }
    expect(game.phase).toBe('ended');
    expect(game.snapshot().phase).toBe('ended');
    expect(seen).toContain('round');
  });
});
