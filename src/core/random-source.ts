/**
 * Where draws come from. The game never reaches for a global generator: a source is handed to it,
 * so a real ticket gets the crypto source and only the demo, the attract loop and tests get a seeded one.
 */
export type DrawKind = 'crypto' | 'seeded';

export interface RandomSource {
  readonly kind: DrawKind;
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
}

const TWO_POW_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n), without modulo bias: values from the incomplete last "copy" of [0, n) at the top of
 * the 32-bit range are rejected and drawn again (at most 1 chance in 2^32/n of a retry for our small n).
 *
 * Speed: `%` on numbers above 2^31 is a slow floating-point remainder in V8, and a ticket makes about 36 draws, so
 * the remainder is written with a floor division instead, and the same quotient tells whether x is in a whole copy:
 * x < floor(2^32 / n)·n exactly when (floor(x / n) + 1)·n ≤ 2^32. One division a draw instead of two. Both are exact:
 * for integers below 2^32 the rounded quotient never crosses the next integer, so `floor(x / n)` is the true
 * integer quotient, and every product stays far below 2^53.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`uniformInt: range must be 1..2^32, got ${n}`);
  for (;;) {
    const x = source.nextUint32();
    const copy = Math.floor(x / n);
    if ((copy + 1) * n <= TWO_POW_32) return x - copy * n; // x mod n
  }
}
