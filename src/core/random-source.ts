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
 * Speed (a ticket makes about 36 draws): `%` on numbers above 2^31 is a slow floating-point remainder in V8, and a
 * division per draw cost more than the generator, so the quotient q = floor(x / n) comes from a multiplication by
 * 1/n, corrected by its remainder; q also tells whether x is in a whole copy: x < floor(2^32 / n)·n exactly when
 * (q + 1)·n ≤ 2^32. Exact: 1/n and the product are each rounded once, so x·(1/n) is within 2^-20/n of x / n, while
 * the fraction of x / n is a whole number of n-ths. The floor can thus only fall one short, when n divides x, and then
 * the remainder comes out as n. Every product stays far below 2^53.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32)
    throw new RangeError(`uniformInt: range must be 1..2^32, got ${n}`);
  const inverse = 1 / n;
  for (;;) {
    const x = source.nextUint32();
    let copy = Math.floor(x * inverse);
    let rest = x - copy * n;
    if (rest >= n) {
      copy++;
      rest -= n;
    }
    if ((copy + 1) * n <= TWO_POW_32) return rest; // x mod n
  }
}
