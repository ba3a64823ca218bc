import { uniformInt, type RandomSource } from './random-source';
import type { Element } from './rules';

/**
 * The player of the simulator and the bench: any hen still down, any haystack, uniformly. It draws from its own
 * source, never the game's, so its choices cannot move the game's draws (the rules make the outcome independent of
 * the hen and the haystack chosen; the simulator checks that this holds).
 */

/** A hen still on its nest in `hens` (what each hen showed, null while down), chosen uniformly. */
export function chooseHen(hens: readonly (Element | null)[], source: RandomSource): number {
  let down = 0;
  for (const shown of hens) if (shown === null) down++;
  if (down === 0) throw new RangeError('chooseHen: every hen is already lifted');
  let rank = uniformInt(source, down);
  for (let hen = 0; hen < hens.length; hen++) {
    if (hens[hen] === null && rank-- === 0) return hen;
  }
  // Unreachable: rank < down, and down hens were counted above.
  throw new Error('chooseHen: hen count changed while choosing');
}

/** One of `haystacks` haystacks, chosen uniformly. */
export function chooseHaystack(haystacks: number, source: RandomSource): number {
  return uniformInt(source, haystacks);
}
