/** The few statistics the simulator prints: a z figure for a proportion or a mean, and a chi-square test. */

/** How many standard errors `observed` lies from `expected`, for a mean of `n` draws of standard deviation `sd`. */
export function zScore(observed: number, expected: number, sd: number, n: number): number {
  const se = sd / Math.sqrt(n);
  return se === 0 ? (observed === expected ? 0 : Number.POSITIVE_INFINITY) : (observed - expected) / se;
}

/** z of an observed proportion against its exact probability `p` over `n` trials. */
export function proportionZ(observed: number, p: number, n: number): number {
  return zScore(observed, p, Math.sqrt(p * (1 - p)), n);
}

export interface ChiSquare {
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** P(X² ≥ statistic) under the exact law; computed in closed form for 2 degrees of freedom only, else null. */
  readonly pValue: number | null;
}

/** Pearson's chi-square of observed counts against exact probabilities (which sum to 1). */
export function chiSquare(counts: readonly number[], probabilities: readonly number[]): ChiSquare {
  if (counts.length !== probabilities.length) throw new RangeError('chiSquare: one probability per count');
  const n = counts.reduce((a, b) => a + b, 0);
  let statistic = 0;
  counts.forEach((count, i) => {
    const expected = n * probabilities[i]!;
    statistic += ((count - expected) * (count - expected)) / expected;
  });
  const degreesOfFreedom = counts.length - 1;
  // With 2 degrees of freedom the chi-square law is exponential: P(X² ≥ x) = e^(−x/2).
  const pValue = degreesOfFreedom === 2 ? Math.exp(-statistic / 2) : null;
  return { statistic, degreesOfFreedom, pValue };
}

/** The 99 % critical value of chi-square with 2 degrees of freedom: −2·ln(0.01). */
export const CHI_SQUARE_2DF_99 = -2 * Math.log(0.01);
