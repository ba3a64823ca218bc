// Tests only: whole tickets played through the real game, for the save, history, meters and store tests.
import { BlockDealer } from '../block';
import type { GameError, GameEvent } from '../events';
import { Game } from '../game';
import { DEFAULT_PRIZE_TABLE } from '../prize-table';
import { type DrawKind, type RandomSource, uniformInt } from '../random-source';
import type { Result } from '../result';
import { SeededSource } from '../seeded-source';

/**
 * A reproducible source of either kind: seeded draws wearing the 'crypto' label let the store tests play real-ticket
 * journals deterministically. Never outside tests.
 */
export function testSource(seed: number, kind: DrawKind = 'seeded'): RandomSource & { inner: SeededSource } {
  const inner = SeededSource.fromSeed(seed);
  return { kind, inner, nextUint32: () => inner.nextUint32() };
}

function accepted(r: Result<readonly GameEvent[], GameError>): readonly GameEvent[] {
  if (!r.ok) throw new Error(`command refused: ${r.error.message}`);
  return r.value;
}

/**
 * Plays one command of a game in the way the screen would: reveal first, then a hen still down (chosen by `bot`),
 * or a haystack when offered. Returns false when the ticket has ended.
 */
export function step(game: Game, bot: RandomSource): boolean {
  const s = game.snapshot();
  if (s.phase === 'ended') return false;
  if (s.phase === 'scratch') accepted(game.reveal());
  else if (s.phase === 'haystack') accepted(game.chooseHaystack(uniformInt(bot, 5)));
  else {
    const down = s.round!.hens.flatMap((h, i) => (h === null ? [i] : []));
    accepted(game.pick(down[uniformInt(bot, down.length)]!));
  }
  return true;
}

/** Deals and plays a whole ticket. */
export function playWhole(dealer: BlockDealer, source: RandomSource, bot: RandomSource): Game {
  const game = Game.start(dealer.deal(source), source);
  while (step(game, bot));
  return game;
}

/** `n` finished journals from one dealer, reproducible from `seed`. */
export function finishedJournals(n: number, seed: number, kind: DrawKind = 'seeded'): GameEvent[][] {
  const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  const source = testSource(seed, kind);
  const bot = testSource(seed + 1_000_003);
  return Array.from({ length: n }, () => [...playWhole(dealer, source, bot).journal]);
}

/** The first finished journal (from seeds counting up from `seed`) that `wanted` accepts. */
export function findJournal(
  wanted: (journal: readonly GameEvent[]) => boolean,
  seed = 1,
  kind: DrawKind = 'seeded',
): GameEvent[] {
  for (let s = seed; s < seed + 100_000; s++) {
    const j = finishedJournals(1, s, kind)[0]!;
    if (wanted(j)) return j;
  }
  throw new Error('no seed gives the wanted journal');
}

export const has = (journal: readonly GameEvent[], test: (e: GameEvent) => boolean): boolean => journal.some(test);
