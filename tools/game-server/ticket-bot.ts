/**
 * What a simulated player sends next on its ticket, read from the snapshot the server sent: scratch, then hens
 * still down, then a haystack. The choices come from the player's own seeded source; the server draws what is under
 * them, so the choices cannot move an outcome.
 */
import type { Command, GameSnapshot } from '../../src/core';
import { chooseHaystack, chooseHen } from '../../src/core/bot';
import type { RandomSource } from '../../src/core/random-source';
import { RULES } from '../../src/core/rules';

/** The next command, or null once the ticket has ended. */
export function nextCommand(s: GameSnapshot, choices: RandomSource): Command | null {
  switch (s.phase) {
    case 'scratch':
      return { type: 'reveal' };
    case 'round': {
      const hens = s.round?.hens ?? [];
      const down: number[] = [];
      hens.forEach((shown, hen) => {
        if (shown === null) down.push(hen);
      });
      if (down.length === 0) throw new Error(`round ${s.round?.round} is in play with every hen lifted`);
      return { type: 'pick', hen: chooseHen(down, choices) };
    }
    case 'haystack':
      return { type: 'chooseHaystack', haystack: chooseHaystack(RULES.haystacks, choices) };
    case 'ended':
      return null;
  }
}
