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
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`uniformInt: range must be 1..2^32, got ${n}`);
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const x = source.nextUint32();
    if (x < limit) return x % n;
  }
}
