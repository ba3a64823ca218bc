/** An exact rational number on BigInt, always in lowest terms with a positive denominator. */
export class Fraction {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static of(num: bigint | number, den: bigint | number = 1n): Fraction {
    let n = BigInt(num);
    let d = BigInt(den);
    if (d === 0n) throw new RangeError('fraction with a zero denominator');
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    const g = gcd(n < 0n ? -n : n, d);
    return new Fraction(n / g, d / g);
  }

  static readonly ZERO = Fraction.of(0);
  static readonly ONE = Fraction.of(1);

  add(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }
  sub(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den - o.num * this.den, this.den * o.den);
  }
  mul(o: Fraction): Fraction {
    return Fraction.of(this.num * o.num, this.den * o.den);
  }
  div(o: Fraction): Fraction {
    return Fraction.of(this.num * o.den, this.den * o.num);
  }
  equals(o: Fraction): boolean {
    return this.num === o.num && this.den === o.den;
  }

  /** "n/d" in lowest terms. */
  toString(): string {
    return `${this.num}/${this.den}`;
  }

  toNumber(): number {
    // Divide at 20 significant digits in BigInt first, so huge numerators and denominators lose no precision.
    return Number(this.toDecimal(20));
  }

  /** Decimal text rounded half-up to `digits` places. */
  toDecimal(digits: number): string {
    const negative = this.num < 0n;
    const n = negative ? -this.num : this.num;
    const scale = 10n ** BigInt(digits);
    const scaled = (n * scale * 2n + this.den) / (this.den * 2n);
    const whole = scaled / scale;
    const frac = (scaled % scale).toString().padStart(digits, '0');
    return `${negative && scaled !== 0n ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
