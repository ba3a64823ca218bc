import { BlockDealer, DEFAULT_PRIZE_TABLE } from '../../core';
// The only module of the app that reaches the seeded generator: demo tickets, never real ones.
import { SeededSource } from '../../core/seeded-source';
import type { DrawSetup } from './play-mode';

/** Demo play: tickets dealt and drawn from one seeded stream, so `?demo=1&seed=42` plays the same tickets again. */
export function demoPlay(seed: number): DrawSetup {
  return { dealer: new BlockDealer(DEFAULT_PRIZE_TABLE), source: SeededSource.fromSeed(seed), keepsBlock: false };
}
