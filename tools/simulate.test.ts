import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/core/rules';
import { type Figures, simulate } from './simulate';
import { readTableFile } from './table-file';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** The CLI as a user runs it: a separate node process through tsx. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'tools/simulate.ts', ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const KEYS: readonly (keyof Figures)[] = ['pFirstPick', 'pLaterPick', 'pWin', 'pExtra', 'rtp'];
const GAMES = 100_000;

describe('simulate(), in process', () => {
  const report = simulate({ games: GAMES, seed: 11 });

  it('compares with the exact odds of SPEC.md', () => {
    expect(report.exact.fractions).toEqual({
      pFirstPick: '1/26',
      pLaterPick: '77/338',
      pWin: '45/169',
      pExtra: '2/13',
    });
    expect(report.exact.rtpFraction).toBe('8649097/12675000');
    expect(report.exact.pWin).toBeCloseTo(45 / 169, 15);
    expect(report.exact.rtp).toBeCloseTo(8649097 / 12675000, 15);
  });

  it('observes every proportion within 4 standard errors of the exact one', () => {
    for (const key of ['pFirstPick', 'pLaterPick', 'pWin', 'pExtra'] as const) {
      const p = report.exact[key];
      const se = Math.sqrt((p * (1 - p)) / GAMES);
      expect(Math.abs(report.observed[key] - p), key).toBeLessThan(4 * se);
    }
    for (const key of ['pFirstPick', 'pLaterPick', 'pWin', 'pExtra'] as const) {
      expect(Math.abs(report.z[key]), key).toBeLessThan(4);
    }
    expect(report.chiSquare.statistic).toBeLessThan(report.chiSquare.critical99);
  });

  it('observes the return to player within 4 standard errors, on a table whose spread is near normal', () => {
    // The default table's 30,000 € prize is won about once in 30 runs of 100,000 tickets, and moves the RTP by
    // 15 points when it is: no normal law there. The example table's largest prize is 1,000 €.
    const table = readTableFile('tools/examples/two-row-table.json');
    if (!table.ok) throw new Error(table.error);
    const r = simulate({ games: GAMES, seed: 11, table: table.value });
    expect(r.exact.rtpFraction).toBe('12061/16900');
    expect(Math.abs(r.z.rtp)).toBeLessThan(4);
  });

  it('counts every ticket once and pays what the outcomes say', () => {
    const { a1, a2, lost } = report.observed.counts;
    expect(a1 + a2 + lost).toBe(GAMES);
    expect(report.observed.pWin).toBe((a1 + a2) / GAMES);
    expect(report.observed.stakedCents).toBe(GAMES * RULES.ticketPriceCents);
    expect(report.observed.rtp).toBe(report.observed.paidCents / report.observed.stakedCents);
  });

  it('would notice a game whose odds differ from the exact ones (the 4-SE check can fail)', () => {
    // One chick fewer and one empty more: P(win) drops; the same comparison against the default odds must fail.
    const skewed = simulate({ games: GAMES, seed: 11, rules: { ...RULES, chicks: 16, empties: 13 } });
    const p = report.exact.pWin;
    expect(Math.abs(skewed.observed.pWin - p)).toBeGreaterThan(4 * Math.sqrt((p * (1 - p)) / GAMES));
  });

  it('is reproducible with a seed, and says which draws it used', () => {
    const a = simulate({ games: 3000, seed: 5 });
    const b = simulate({ games: 3000, seed: 5 });
    expect(a.observed).toEqual(b.observed);
    expect(a.draws).toBe('seeded');
    const real = simulate({ games: 100, seed: null });
    expect(real.draws).toBe('crypto');
    expect(real.seed).toBeNull();
  });
});

describe('the simulate command line', () => {
  it('prints one JSON object with the required keys', async () => {
    const { code, stdout } = await cli('--games', '2000', '--seed', '1', '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    for (const key of ['games', 'seed', 'gamesPerSecond', 'exact', 'observed']) expect(report).toHaveProperty(key);
    expect(report['games']).toBe(2000);
    expect(report['seed']).toBe(1);
    expect(typeof report['gamesPerSecond']).toBe('number');
    const exact = report['exact'] as Record<string, unknown>;
    const observed = report['observed'] as Record<string, unknown>;
    for (const key of KEYS) {
      expect(typeof exact[key], `exact.${key}`).toBe('number');
      expect(typeof observed[key], `observed.${key}`).toBe('number');
    }
    expect(exact['rtpFraction']).toBe('8649097/12675000');
  });

  it('prints seed null without --seed, and a readable table with --table', async () => {
    const real = await cli('--games', '500', '--json');
    expect(real.code).toBe(0);
    expect((JSON.parse(real.stdout) as { seed: unknown }).seed).toBeNull();
    const text = await cli('--games', '500', '--seed', '2', '--table', 'tools/examples/two-row-table.json');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('two-row table');
    expect(text.stdout).toContain('12061/16900');
    expect(text.stdout).toMatch(/games\/s/);
  });

  it.each([
    [['--games', '-5'], /--games must be at least 1/],
    [['--games', 'abc'], /--games must be a whole number, got "abc"/],
    [['--games', '100', '--seed', 'x'], /--seed must be a whole number, got "x"/],
    [['--games', '100', '--fast'], /unknown option "--fast"/],
    [['--games', '100', '--seed', '-1'], /--seed must be between 0 and 4294967295, got -1/],
    [[], /--games N is required/],
    [['--games', '100', '--table', 'tools/examples/bad-table.json'], /bad-table\.json.*row 2: A1 \(300 cents/],
    [['--games', '100', '--table', 'tools/examples/no-such-table.json'], /no-such-table\.json.*no such file/],
    [['--games', '100', '--table', 'package.json'], /package\.json.*"rows" must be a non-empty array/],
  ])('refuses %j with exit code 2 and says why', async (args, message) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });
});
