import type { PrizeTable } from './prize-table';
import { type RandomSource, uniformInt } from './random-source';
import { RULES, type Rules } from './rules';
import type { Ticket } from './ticket';

/** What is left of the block being dealt; small and serialisable (a count per table row, not 300,000 tickets). */
export interface BlockState {
  /** 1-based block number. */
  readonly block: number;
  /** Tickets already dealt from this block. */
  readonly dealt: number;
  /** Tickets of each table row not yet dealt, in the table's row order. */
  readonly remaining: readonly number[];
}

/**
 * Deals a block's tickets without replacement. Each deal picks uniformly one of the tickets left in the block —
 * the same law as shuffling 300,000 tickets and dealing them in order — by drawing a rank and walking the row counts.
 */
export class BlockDealer {
  // Initialised here with values of their final types: with ES2022 class fields a bare declaration first stores
  // `undefined`, which widens V8's field representation and slows every deal.
  private block = 1;
  private dealt = 0;
  private readonly remaining: number[] = [];

  constructor(
    private readonly table: PrizeTable,
    state?: BlockState,
    private readonly rules: Rules = RULES,
  ) {
    if (state) {
      const sum = state.remaining.reduce((a, b) => a + b, 0);
      const shapeOk =
        state.remaining.length === table.rows.length &&
        state.remaining.every((n, i) => Number.isInteger(n) && n >= 0 && n <= table.rows[i]!.count);
      if (!shapeOk || !Number.isInteger(state.block) || state.block < 1 || sum + state.dealt !== rules.blockSize) {
        throw new RangeError('block state does not match the prize table');
      }
      this.block = state.block;
      this.dealt = state.dealt;
      this.remaining.push(...state.remaining);
    } else {
      this.remaining.push(...table.rows.map((r) => r.count));
    }
  }

  state(): BlockState {
    return { block: this.block, dealt: this.dealt, remaining: [...this.remaining] };
  }

  deal(source: RandomSource): Ticket {
    if (this.dealt === this.rules.blockSize) this.startNextBlock();
    let rank = uniformInt(source, this.rules.blockSize - this.dealt);
    let row = 0;
    while (rank >= this.remaining[row]!) rank -= this.remaining[row++]!;
    this.remaining[row]!--;
    this.dealt++;
    const { a1Cents, a2Cents } = this.table.rows[row]!;
    return { serial: { block: this.block, index: this.dealt }, a1Cents, a2Cents };
  }

  private startNextBlock(): void {
    this.block++;
    this.dealt = 0;
    this.table.rows.forEach((r, i) => {
      this.remaining[i] = r.count;
    });
  }
}
