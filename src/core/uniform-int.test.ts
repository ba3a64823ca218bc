// uniformInt scales 32-bit draws to [0, n) without modulo bias. The same chi-square helper accepts it on 10^6 draws
// and rejects planted biased draws, so the test is shown to be able to fail.
import { describe, expect, it } from 'vitest';
import { uniformInt } from './random-source';
import { SeededSource } from './seeded-source';
import { chiSquareCritical99, goodnessOfFit, independence, tally } from './test-support/chi-square';
import { ScriptedSource } from './test-support/sources';

const MILLION = 1_000_000;

describe('the chi-square helper (test-support/chi-square.ts)', () => {
  // Exact 99 % quantiles from scipy.stats.chi2.ppf(0.99, df).
  const exact: [number, number][] = [
    [4, 13.276704135987622],
    [5, 15.08627246938899],
    [11, 24.724970311318277],
    [16, 31.999926908815176],
    [29, 49.58788447289881],
    [58, 85.95017624510335],
    [89, 122.9422067982886],
  ];
  it.each(exact)('the Wilson–Hilferty critical value for df=%i is within 0.3 %% of the exact %f', (df, q) => {
    expect(Math.abs(chiSquareCritical99(df) / q - 1)).toBeLessThan(0.003);
  });
  it('computes Pearson’s statistic on a hand-checked case', () => {
    // Expected 25 each; (30-25)²/25 + (20-25)²/25 + 0 + 0 = 2.
    expect(goodnessOfFit([30, 20, 25, 25]).statistic).toBeCloseTo(2, 12);
    expect(
      independence([
        [10, 20],
        [20, 40],
      ]).statistic,
    ).toBeCloseTo(0, 12);
  });
  it('refuses too few draws for the approximation to hold', () => {
    expect(() => goodnessOfFit([1, 2, 3])).toThrow(RangeError);
  });
});

describe('uniformInt', () => {
  it('accepts, at 99 %, 10^6 draws among 30 from a fixed seed', () => {
    const source = SeededSource.fromSeed(20261203);
    const r = goodnessOfFit(tally(30, MILLION, () => uniformInt(source, 30)));
    expect(r.df).toBe(29);
    expect(r.accepted, `chi-square ${r.statistic} vs ${r.critical}`).toBe(true);
  });

  it('the same test rejects a planted biased draw: a random byte % 30', () => {
    const source = SeededSource.fromSeed(20261203);
    // 256 = 8·30 + 16: values 0..15 come 9 times in 256, the others 8 times.
    const r = goodnessOfFit(tally(30, MILLION, () => (source.nextUint32() & 0xff) % 30));
    expect(r.accepted).toBe(false);
    expect(r.statistic).toBeGreaterThan(10 * r.critical);
  });

  it('the same test rejects x % 30 on a 2^10 range (a bias of 1 in 34)', () => {
    const source = SeededSource.fromSeed(20261203);
    const r = goodnessOfFit(tally(30, MILLION, () => (source.nextUint32() >>> 22) % 30));
    expect(r.accepted).toBe(false);
  });

  it('rejects the top of the 32-bit range that would bias x % 30, and keeps the value just below it', () => {
    // 2^32 = 143,165,576·30 + 16: the last 16 values (4294967280 and up) must be drawn again.
    const s = new ScriptedSource([0xffffffff, 4294967280, 4294967279]);
    expect(uniformInt(s, 30)).toBe(4294967279 % 30);
    expect(s.used).toBe(3);
  });

  it('redraws about half the time for n just above 2^31, and still lands in range', () => {
    const n = 2 ** 31 + 1;
    const s = new ScriptedSource([n, 0xffffffff, 2 ** 31]);
    expect(uniformInt(s, n)).toBe(2 ** 31);
    expect(s.used).toBe(3);
  });

  it('never redraws for a power of two, and n = 2^32 returns the draw itself', () => {
    expect(uniformInt(new ScriptedSource([0xffffffff]), 8)).toBe(7);
    expect(uniformInt(new ScriptedSource([0xfffffffe]), 2 ** 32)).toBe(0xfffffffe);
    expect(uniformInt(new ScriptedSource([12345]), 1)).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 32 + 1, Number.POSITIVE_INFINITY])('refuses the range %s', (n) => {
    expect(() => uniformInt(SeededSource.fromSeed(1), n)).toThrow(RangeError);
  });

  it('stays in [0, n) for many n', () => {
    const source = SeededSource.fromSeed(5);
    for (const n of [1, 2, 3, 5, 13, 29, 30, 31, 299_999, 300_000, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) {
      for (let i = 0; i < 200; i++) {
        const v = uniformInt(source, n);
        expect(Number.isInteger(v) && v >= 0 && v < n).toBe(true);
      }
    }
  });
});
