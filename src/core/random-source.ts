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
 * Speed: `%` on numbers above 2^31 is a slow floating-point remainder in V8, and a ticket makes about 30 draws, so
 * both remainders are written with a floor division instead. Both are exact: for integers below 2^32 the rounded
 * quotient never crosses the next integer, so `floor(x / n)` is the true integer quotient.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`uniformInt: range must be 1..2^32, got ${n}`);
  // The largest multiple of n up to 2^32, i.e. 2^32 - (2^32 mod n).
  const limit = Math.floor(TWO_POW_32 / n) * n;
  for (;;) {
    const x = source.nextUint32();
    if (x < limit) return x - Math.floor(x / n) * n; // x mod n
  }
}
