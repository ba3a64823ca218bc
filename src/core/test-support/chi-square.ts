/**
 * Pearson's chi-square tests at 99 %, for the statistical tests of the core (tests only).
 *
 * The critical value is the Wilson–Hilferty approximation of the chi-square quantile:
 *   χ²₀.₉₉(df) ≈ df · (1 − 2/(9·df) + z₀.₉₉ · √(2/(9·df)))³,  z₀.₉₉ = 2.3263478740408408 (the normal 99 % quantile).
 * It is within 0.3 % of the exact quantile for df ≥ 3 (chi-square.test.ts checks it against exact values from
 * scipy.stats.chi2.ppf). One helper both accepts the fair draws and rejects the planted biased ones.
 */
const Z_99 = 2.3263478740408408;

export function chiSquareCritical99(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a positive integer, got ${df}`);
  const k = 2 / (9 * df);
  return df * (1 - k + Z_99 * Math.sqrt(k)) ** 3;
}

export interface ChiSquareResult {
  readonly statistic: number;
  readonly df: number;
  readonly critical: number;
  /** True when the data are consistent with the hypothesis at 99 % (statistic below the critical value). */
  readonly accepted: boolean;
}

function verdict(statistic: number, df: number): ChiSquareResult {
  const critical = chiSquareCritical99(df);
  return { statistic, df, critical, accepted: statistic < critical };
}

/** Goodness of fit of `observed` counts to `probabilities` (uniform when omitted). */
export function goodnessOfFit(observed: readonly number[], probabilities?: readonly number[]): ChiSquareResult {
  const n = observed.reduce((a, b) => a + b, 0);
  const p = probabilities ?? observed.map(() => 1 / observed.length);
  if (p.length !== observed.length) throw new RangeError('one probability per category');
  let statistic = 0;
  observed.forEach((o, i) => {
    const expected = n * p[i]!;
    if (expected < 5)
      throw new RangeError(`category ${i}: expected count ${expected} < 5, too few draws for chi-square`);
    statistic += (o - expected) ** 2 / expected;
  });
  return verdict(statistic, observed.length - 1);
}

/** Independence of the rows and columns of a contingency table (e.g. hen chosen × element drawn). */
export function independence(table: readonly (readonly number[])[]): ChiSquareResult {
  const rows = table.map((r) => r.reduce((a, b) => a + b, 0));
  const cols = table[0]!.map((_, j) => table.reduce((a, r) => a + r[j]!, 0));
  const n = rows.reduce((a, b) => a + b, 0);
  let statistic = 0;
  table.forEach((r, i) => {
    r.forEach((o, j) => {
      const expected = (rows[i]! * cols[j]!) / n;
      if (expected < 5) throw new RangeError(`cell ${i},${j}: expected count ${expected} < 5, too few draws`);
      statistic += (o - expected) ** 2 / expected;
    });
  });
  return verdict(statistic, (table.length - 1) * (cols.length - 1));
}

/** Counts `draws` values of `draw()` in [0, n). */
export function tally(n: number, draws: number, draw: () => number): number[] {
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < draws; i++) {
    const v = draw();
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new RangeError(`draw ${v} outside [0, ${n})`);
    counts[v]!++;
  }
  return counts;
}
