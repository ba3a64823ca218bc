import { describe, expect, it } from 'vitest';
import { BlockDealer } from '../src/core/block';
import { CryptoSource } from '../src/core/crypto-source';
import { Game } from '../src/core/game';
import { playTicket } from '../src/core/play-ticket';
import { DEFAULT_PRIZE_TABLE } from '../src/core/prize-table';
import { SeededSource } from '../src/core/seeded-source';
import { ThrowingSource } from '../src/core/test-support/sources';
import { bench, formatBench, main } from './bench';

/** Collects what a command writes. */
function sink(): { write: (text: string) => void; text: () => string } {
  let text = '';
  return { write: (t) => void (text += t), text: () => text };
}
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

describe('the bench', () => {
  it('measures both kinds of draws and says where the time goes', async () => {
    const report = await bench(1, 0.05);
    expect(report.results.map((r) => r.draws)).toEqual(['crypto', 'seeded']);
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
    for (const words of ['tickets/s', 'load average', 'node v', 'where the time of one ticket goes', 'crypto refill']) {
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
