import { BlockDealer, parsePrizeTable, RULES, type PrizeTable, type RandomSource, type Ticket } from '../core';
import type { StorageTx } from './storage/storage';

interface Current {
  readonly block: number;
  readonly dealer: BlockDealer;
}

/**
 * The block being dealt, for every player and terminal at once: without replacement, its counts saved with each
 * deal (dealt + remaining = the table at every commit). When a block is exhausted the next one opens at once, with the
 * server's table; a table different from the last block's starts a new emission.
 */
export class BlockBook {
  private current: Current | null = null;
  private readonly tableJson: string;

  constructor(private readonly table: PrizeTable) {
    this.tableJson = JSON.stringify(table);
  }

  deal(tx: StorageTx, source: RandomSource, at: string): Ticket {
    const c = (this.current ??= this.load(tx, at));
    const ticket = c.dealer.deal(source);
    const { dealt, remaining } = c.dealer.state();
    const exhausted = dealt === RULES.blockSize;
    tx.saveBlock(c.block, dealt, remaining, exhausted ? 'exhausted' : 'open');
    if (exhausted) this.current = this.openNext(tx, at);
    return ticket;
  }

  /** Drops what is held in memory (after a rollback): the next deal reads the block back from storage. */
  forget(): void {
    this.current = null;
  }

  private load(tx: StorageTx, at: string): Current {
    const row = tx.openBlock();
    if (!row) return this.openNext(tx, at);
    const table = parsePrizeTable(JSON.parse(row.prizeTable));
    if (!table.ok) throw new Error(`block ${row.block}: its stored prize table is invalid: ${table.error.message}`);
    return { block: row.block, dealer: new BlockDealer(table.value, { block: row.block, dealt: row.dealt, remaining: row.remaining }) };
  }

  private openNext(tx: StorageTx, at: string): Current {
    const last = tx.lastBlock();
    const block = (last?.block ?? 0) + 1;
    // A printed emission's blocks ('closed') are an emission of their own: online play starts the next one.
    const emission = !last ? 1 : last.status !== 'closed' && last.prizeTable === this.tableJson ? last.emission : last.emission + 1;
    const remaining = this.table.rows.map((r) => r.count);
    tx.insertBlock({ block, emission, prizeTable: this.tableJson, remaining, dealt: 0, status: 'open' }, at);
    return { block, dealer: new BlockDealer(this.table, { block, dealt: 0, remaining }) };
  }
}
