import type { RandomSource } from './random-source';

/**
 * The seeded generator for the demo, the attract loop and tests only — never for a real ticket.
 * sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator): 128 bits of state, passes PractRand to 2^40+ bytes.
 * Its state round-trips through `state()` / `SeededSource.fromState()`.
 */
export type SeededState = readonly [number, number, number, number];

export class SeededSource implements RandomSource {
  readonly kind = 'seeded' as const;
  // Kept as signed 32-bit integers (`| 0`): V8 then keeps them as small integers in the object, where unsigned values
  // above 2^31 would be boxed as doubles. Same bits, same stream; `state()` hands them out unsigned.
  // Declared with a value: a field declared bare starts as `undefined` (class fields are defined, ES2022), and V8 then
  // stores it as a generic value forever — a draw took twice as long (measured, Node 20).
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  private constructor(s: SeededState) {
    this.a = s[0] | 0;
    this.b = s[1] | 0;
    this.c = s[2] | 0;
    this.d = s[3] | 0;
  }

  /** Any integer seed, 0 included, gives its own stream. */
  static fromSeed(seed: number): SeededSource {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer, got ${String(seed)}`);
    // Spread the seed over 128 bits (splitmix32 on the low and high halves), then discard the first outputs.
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
    let z = (lo ^ 0x9e3779b9) >>> 0;
    const mix = (): number => {
      z = (z + 0x9e3779b9) >>> 0;
      let t = z ^ (z >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      return (t ^ (t >>> 15)) >>> 0;
    };
    const source = new SeededSource([mix(), (mix() ^ hi) >>> 0, mix(), 1]);
    for (let i = 0; i < 12; i++) source.nextUint32();
    return source;
  }

  static fromState(state: SeededState): SeededSource {
    if (state.length !== 4 || !state.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff)) {
      throw new RangeError('seeded state must be four unsigned 32-bit integers');
    }
    return new SeededSource(state);
  }

  state(): SeededState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  nextUint32(): number {
    // Every sum is reduced mod 2^32 by `| 0` (exact: the operands are below 2^33 in size); `>>>` reads as unsigned.
    const t = (this.a + this.b + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    const c = this.c;
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return t >>> 0;
  }
}
