import { BlockDealer, type PrizeTable, parsePrizeTable, type RandomSource, RULES, type Ticket } from '../core';
import type { BlockRow, StorageTx } from './storage/storage';

interface Current {
  readonly block: number;
  readonly dealer: BlockDealer;
}

/**
 * The block being dealt, for every player and terminal at once: without replacement, its counts saved with each
 * deal (dealt + remaining = the table at every commit). When a block is exhausted the next one opens at once, with the
 * server's table; a table different from the last block's starts a new emission. The open block's row is read (and,
 * on PostgreSQL, locked) at every deal: the dealer held in memory is used only while the row still says what it
 * holds, so another server instance dealing from the same block, or an operator closing it, is seen at once.
 */
export class BlockBook {
  private current: Current | null = null;
  private readonly tableJson: string;

  constructor(private readonly table: PrizeTable) {
    this.tableJson = JSON.stringify(table);
  }

  async deal(tx: StorageTx, source: RandomSource, at: string): Promise<Ticket> {
    const row = await tx.openBlock();
    const held = this.current;
    const c =
      held && row && held.block === row.block && held.dealer.state().dealt === row.dealt
        ? held
        : await this.load(tx, row, at);
    this.current = c;
    const ticket = c.dealer.deal(source);
    const { dealt, remaining } = c.dealer.state();
    const exhausted = dealt === RULES.blockSize;
    await tx.saveBlock(c.block, dealt, remaining, exhausted ? 'exhausted' : 'open');
    if (exhausted) this.current = await this.openNext(tx, at);
    return ticket;
  }

  /** Drops what is held in memory (after a rollback): the next deal reads the block back from storage. */
  forget(): void {
    this.current = null;
  }

  private async load(tx: StorageTx, row: BlockRow | undefined, at: string): Promise<Current> {
    if (!row) return this.openNext(tx, at);
    const table = parsePrizeTable(JSON.parse(row.prizeTable));
    if (!table.ok) throw new Error(`block ${row.block}: its stored prize table is invalid: ${table.error.message}`);
    return {
      block: row.block,
      dealer: new BlockDealer(table.value, { block: row.block, dealt: row.dealt, remaining: row.remaining }),
    };
  }

  private async openNext(tx: StorageTx, at: string): Promise<Current> {
    const last = await tx.lastBlock();
    // Another server instance opened it meanwhile: deal from it.
    if (last?.status === 'open') {
      const row = await tx.openBlock();
      if (row) return this.load(tx, row, at);
    }
    const block = (last?.block ?? 0) + 1;
    // A printed emission's blocks ('closed') are an emission of their own: online play starts the next one.
    const emission = !last
      ? 1
      : last.status !== 'closed' && last.prizeTable === this.tableJson
        ? last.emission
        : last.emission + 1;
    const remaining = this.table.rows.map((r) => r.count);
    await tx.insertBlock({ block, emission, prizeTable: this.tableJson, remaining, dealt: 0, status: 'open' }, at);
    return { block, dealer: new BlockDealer(this.table, { block, dealt: 0, remaining }) };
  }
}
