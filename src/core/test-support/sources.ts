import type { DrawKind, RandomSource } from '../random-source';

/** Wraps a source and counts its draws, to show that a refused command or a replay draws nothing. */
export class CountingSource implements RandomSource {
  calls = 0;
  constructor(private readonly inner: RandomSource) {}
  get kind(): DrawKind {
    return this.inner.kind;
  }
  nextUint32(): number {
    this.calls++;
    return this.inner.nextUint32();
  }
}

/** A source that must never be asked: resuming a game from its journal draws nothing. */
export class ThrowingSource implements RandomSource {
  constructor(readonly kind: DrawKind) {}
  nextUint32(): number {
    throw new Error('a draw was made from a source that must not be used');
  }
}

/** Hands out the given 32-bit values in order, to test the rejection step of uniformInt on known inputs. */
export class ScriptedSource implements RandomSource {
  readonly kind = 'seeded' as const;
  private next = 0;
  constructor(private readonly values: readonly number[]) {}
  get used(): number {
    return this.next;
  }
  nextUint32(): number {
    const v = this.values[this.next++];
    if (v === undefined) throw new Error('scripted source exhausted');
    return v;
  }
}
