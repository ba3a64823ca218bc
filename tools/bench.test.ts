import { describe, expect, it } from 'vitest';
import { BlockDealer } from '../src/core/block';
import { LowestHenPlayer } from '../src/core/bot';
import { CryptoSource } from '../src/core/crypto-source';
import { Game } from '../src/core/game';
import { playTicket, playTicketWith } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import { uniformInt } from '../src/core/random-source';
import { SeededSource } from '../src/core/seeded-source';
import { ScriptedSource, ThrowingSource } from '../src/core/test-support/sources';
import { bench, formatBench, main } from './bench';

/** Collects what a command writes. */
function sink(): { write: (text: string) => void; text: () => string } {
  let text = '';
  return {
    write: (t) => {
      text += t;
    },
    text: () => text,
  };
}
describe("uniformInt's fast quotient (a multiplication by 1/n, corrected)", () => {
  // The reference: x mod n for the values in whole copies of [0, n), a redraw above them.
  const TWO_POW_32 = 2 ** 32;
  const expected = (x: number, n: number): { value: number; used: number } =>
    x < Math.floor(TWO_POW_32 / n) * n ? { value: x % n, used: 1 } : { value: 0, used: 2 };
  const ranges = [
    ...Array.from({ length: 64 }, (_, i) => i + 1),
    299_999,
    300_000,
    65_536,
    1_000_003,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 31 + 1,
    3 * 2 ** 30,
    2 ** 32 - 1,
    2 ** 32,
  ];
  it.each(ranges)(
    'gives x mod n, and redraws exactly where the plain remainder would, around every edge (n = %i)',
    (n) => {
      const top = Math.floor(TWO_POW_32 / n);
      const random = SeededSource.fromSeed(n);
      const copies = [
        0,
        1,
        2,
        3,
        top - 2,
        top - 1,
        top,
        ...Array.from({ length: 200 }, () => uniformInt(random, Math.min(top + 1, TWO_POW_32))),
      ];
      for (const k of copies) {
        // The edges of copy k (x = k·n - 1, k·n, k·n + 1), where a quotient one off would show, and a value inside.
        for (const x of [k * n - 1, k * n, k * n + 1, k * n + Math.floor(n / 2)]) {
          if (x < 0 || x >= TWO_POW_32) continue;
          const s = new ScriptedSource([x, 0]);
          const got = uniformInt(s, n);
          expect({ x, value: got, used: s.used }).toEqual({ x, ...expected(x, n) });
        }
      }
    },
  );
});

describe('the tickets the bench plays', () => {
  // The live game folds its own events without the rules' checks; these are the checks a journal read back goes
  // through, so a command that broke a rule would show here.
  it.each(['crypto', 'seeded'] as const)('pass every check of a journal read back (%s draws)', (draws) => {
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const source = draws === 'crypto' ? new CryptoSource() : SeededSource.fromSeed(7);
    const bot = SeededSource.fromSeed(8);
    for (let i = 0; i < 3000; i++) {
      const played = playTicket(dealer, source, bot).game;
      const again = Game.fromJournal(played.journal, new ThrowingSource(draws));
      if (!again.ok) throw new Error(`ticket ${i + 1}: ${again.error.message}`);
      expect(again.value.snapshot()).toEqual(played.snapshot());
    }
  });
});

describe('the lowest-hen player (the core alone, in the bench)', () => {
  it('lifts the lowest hen still down, opens haystack 0, and its tickets pass every check', () => {
    const dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
    const source = SeededSource.fromSeed(9);
    const player = new LowestHenPlayer();
    let extraRounds = 0;
    for (let i = 0; i < 2000; i++) {
      const game = playTicketWith(dealer, source, player).game;
      const rounds = new Map<number, number[]>();
      for (const e of game.journal) {
        if (e.type === 'henLifted') rounds.set(e.round, [...(rounds.get(e.round) ?? []), e.hen]);
        if (e.type === 'haystackOpened') expect(e.chosen).toBe(0);
      }
      for (const hens of rounds.values()) expect(hens).toEqual(hens.map((_, k) => k));
      if (rounds.has(2)) extraRounds++;
      const again = Game.fromJournal(game.journal, new ThrowingSource('seeded'));
      if (!again.ok) throw new Error(`ticket ${i + 1}: ${again.error.message}`);
    }
    // The Extra is won about once in seven lost first rounds: the second round's hens were checked too.
    expect(extraRounds).toBeGreaterThan(50);
  });

  it('finds the lowest hen down whatever was lifted before', () => {
    const player = new LowestHenPlayer();
    player.roundStarted(30);
    for (const hen of [0, 1, 3]) player.henLifted(hen);
    expect(player.chooseHen()).toBe(2);
    player.henLifted(2);
    expect(player.chooseHen()).toBe(4);
    for (let hen = 4; hen < 29; hen++) player.henLifted(hen);
    expect(player.chooseHen()).toBe(29);
    player.roundStarted(30);
    expect(player.chooseHen()).toBe(0);
  });
});

describe('the bench', () => {
  it('measures both kinds of draws and says where the time goes', async () => {
    const report = await bench(1, 0.05);
    expect(report.results.map((r) => `${r.draws}, ${r.player}`)).toEqual([
      'crypto, random bot',
      'seeded, random bot',
      'crypto, lowest hen',
      'seeded, lowest hen',
    ]);
    for (const r of report.results) {
      expect(r.runs).toHaveLength(1);
      expect(r.median).toBeGreaterThan(1000);
      expect(r.cpuMedian).toBeGreaterThan(1000);
    }
    expect(report.loadBefore).toHaveLength(3);
    expect(report.node).toBe(process.version);
    const shares = report.phases.phases.reduce((a, p) => a + p.share, 0);
    expect(shares).toBeCloseTo(1, 6);
    // The game's own phases must be seen by the profiler, or the breakdown says nothing.
    const seen = new Set(report.phases.phases.filter((p) => p.share > 0).map((p) => p.phase));
    expect(seen.has('board reveal of a lost round (art. 3.2.6)')).toBe(true);
    expect(seen.has('round play: reveal, picks, haystack')).toBe(true);
    expect(report.phases.coreDrawsPerTicket).toBeGreaterThan(20);
    const text = formatBench(report);
    for (const words of [
      'tickets/s',
      'load average',
      'node v',
      'where the time of one ticket goes',
      'crypto refill',
      'lowest hen (core alone)',
      'random bot',
      'per CPU-second',
    ]) {
      expect(text).toContain(words);
    }
  });

  it.each([
    [['--runs', 'many'], /--runs must be a whole number/],
    [['--seconds', '-1'], /needs a value|positive number of seconds/],
    [['--fast'], /unknown option "--fast"/],
  ])('refuses %j with exit code 2', async (argv, message) => {
    const out = sink();
    const err = sink();
    expect(await main(argv, out, err)).toBe(2);
    expect(err.text()).toMatch(message);
    expect(out.text()).toBe('');
  });
});
