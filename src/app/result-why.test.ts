import { describe, expect, it } from 'vitest';
import { BlockDealer, DEFAULT_PRIZE_TABLE, Game, type GameSnapshot } from '../core';
import { SeededSource } from '../core/seeded-source';
import { ordinal, resultWhy } from './result-why';

/** Plays a demo seed's first ticket as the e2e driver does (hens in (7·k) mod 30 order, haystack `stack`). */
function play(seed: number, stack = 0): GameSnapshot {
  const source = SeededSource.fromSeed(seed);
  const game = Game.start(new BlockDealer(DEFAULT_PRIZE_TABLE).deal(source), source);
  if (!game.reveal().ok) throw new Error('reveal refused');
  for (let k = 0; k < 200; k++) {
    const s = game.snapshot();
    if (s.phase === 'ended') return s;
    if (s.phase === 'haystack') game.chooseHaystack(stack);
    else {
      const hen = Array.from({ length: 30 }, (_, i) => (7 * i) % 30).find((h) => s.round!.hens[h] === null)!;
      game.pick(hen);
    }
  }
  throw new Error('the ticket never ended');
}

describe('resultWhy', () => {
  it('names A1 for the egg at the first pick', () => {
    expect(resultWhy(play(39))).toEqual({ kind: 'won', prize: 'A1', pick: 1, extraRound: false, chicks: 0 });
  });
  it('names A2 and the pick for the egg after a chick', () => {
    expect(resultWhy(play(19))).toEqual({ kind: 'won', prize: 'A2', pick: 3, extraRound: false, chicks: 1 });
  });
  it('says a lost ticket won nothing', () => {
    expect(resultWhy(play(6, 4))).toEqual({ kind: 'lost' });
  });
  it('tells a win of the Extra round', () => {
    expect(resultWhy(play(69, 2))).toMatchObject({ kind: 'won', prize: 'A1', pick: 1, extraRound: true });
  });
  it('is null before the ticket ends', () => {
    const source = SeededSource.fromSeed(1);
    const game = Game.start(new BlockDealer(DEFAULT_PRIZE_TABLE).deal(source), source);
    expect(resultWhy(game.snapshot())).toBeNull();
  });
});

describe('ordinal', () => {
  it('writes French and English ordinals', () => {
    expect([1, 2, 3, 10].map((n) => ordinal(n, 'fr'))).toEqual(['1er', '2e', '3e', '10e']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map((n) => ordinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});
