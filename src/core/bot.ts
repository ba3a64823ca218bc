import { uniformInt, type RandomSource } from './random-source';

/**
 * The player of the simulator and the bench: any hen still down, any haystack, uniformly. It draws from its own
 * source, never the game's, so its choices cannot move the game's draws (the rules make the outcome independent of
 * the hen and the haystack chosen; the simulator's figures check that this holds).
 */

/** One of the hens still on their nests (`hensDown`, in any order), chosen uniformly. */
export function chooseHen(hensDown: readonly number[], source: RandomSource): number {
  if (hensDown.length === 0) throw new RangeError('chooseHen: every hen is already lifted');
  return hensDown[uniformInt(source, hensDown.length)]!;
}

/** One of `haystacks` haystacks, chosen uniformly. */
export function chooseHaystack(haystacks: number, source: RandomSource): number {
  return uniformInt(source, haystacks);
}
