import type Database from 'better-sqlite3';
import type { PaymentRecord, SaleRecord, ShopDay } from '../../protocol/messages';
import type { StorageTx } from '../storage/storage';
import { PRINTED_SCHEMA } from './printed-schema';

/**
 * What the printed tickets keep, as their service sees it: synchronous work inside the game server's transaction
 * (the same connection, so a claim's ticket row, journal and seat commit together). Kept apart from StorageTx so
 * another backend can implement it on its own.
 */
export interface PrintedRow {
  readonly serial: string;
  readonly emission: number;
  readonly block: number;
  readonly index: number;
  readonly a1Cents: number;
  readonly a2Cents: number;
  readonly code: string;
  readonly seatPlayerId: number | null;
  readonly holderPlayerId: number | null;
}

export type NewPrinted = Omit<PrintedRow, 'seatPlayerId' | 'holderPlayerId'>;

/** Whether a player may send commands for a ticket: null when it is not a printed ticket (the ticket row decides). */
export type Holding = 'holder' | 'taken-over' | 'never' | null;

/**
 * The printed tables as one transaction (or one read) of the game server sees them. Asynchronous, as the storage's
 * own: on SQLite the statements run on the server's connection inside its transaction, on PostgreSQL they go over
 * the transaction's connection with its other statements.
 */
export interface PrintedTx {
  insertEmission(emission: number, blocks: readonly number[], prizeTable: string, at: string): Promise<void>;
  /** A block's tickets, many at a time (300,000 one by one would be as many statements). */
  insertPrinted(rows: readonly NewPrinted[]): Promise<void>;
  /** The highest emission number printed so far (0 when none). */
  lastEmission(): Promise<number>;
  emissionBlocks(emission: number): Promise<number[] | undefined>;
  byCode(code: string): Promise<PrintedRow | undefined>;
  /** Inside a write transaction on PostgreSQL, the row is locked until the commit (a ticket's claims one at a time). */
  bySerial(serial: string): Promise<PrintedRow | undefined>;
  /** The emission's tickets in print order (block, then index), `count` of them from the `from`-th (0-based). */
  printOrder(emission: number, from: number, count: number): Promise<PrintedRow[]>;
  /** Tickets of a block by pair of amounts, for reconciling a block against its table. */
  blockCounts(block: number): Promise<{ readonly a1Cents: number; readonly a2Cents: number; readonly n: number }[]>;

  sale(serial: string): Promise<SaleRecord | undefined>;
  insertSale(serial: string, s: SaleRecord): Promise<void>;
  payment(serial: string): Promise<PaymentRecord | undefined>;
  insertPayment(serial: string, p: PaymentRecord): Promise<void>;

  /** Gives the ticket its own player row (its seat in `tickets`), once. */
  seat(serial: string, seatPlayerId: number): Promise<void>;
  /** This screen holds the ticket from now on (a newer claim takes it over); the claim is logged. */
  hold(serial: string, playerId: number, at: string): Promise<void>;

  /** Each shop's sales and payments on a UTC day (YYYY-MM-DD). */
  day(day: string): Promise<ShopDay[]>;
}

/**
 * Printed tickets' store for one database: their tables inside a transaction of the storage, and who holds a ticket
 * for the command path. `holding` is synchronous: the command path asks it between reading the ticket's row (under
 * its lock) and deciding; PostgreSQL answers from what it read in that same locked statement.
 */
export interface PrintedStore {
  on(tx: StorageTx): PrintedTx;
  holding(ticketId: string, playerId: number): Holding;
}

export interface RawPrinted {
  serial: string;
  emission: number;
  block: number;
  idx: number;
  a1_cents: number;
  a2_cents: number;
  code: string;
  seat_player_id: number | null;
  holder_player_id: number | null;
}

export const printedOf = (r: RawPrinted): PrintedRow => ({
  serial: r.serial,
  emission: r.emission,
  block: r.block,
  index: r.idx,
  a1Cents: r.a1_cents,
  a2Cents: r.a2_cents,
  code: r.code,
  seatPlayerId: r.seat_player_id,
  holderPlayerId: r.holder_player_id,
});

export const PRINTED_COLUMNS =
  'serial, emission, block, idx, a1_cents, a2_cents, code, seat_player_id, holder_player_id';

function statements(db: Database.Database) {
  return {
    insertEmission: db.prepare(
      'INSERT INTO printed_emissions (emission, blocks, prize_table, created_at) VALUES (?, ?, ?, ?)',
    ),
    insertPrinted: db.prepare(
      'INSERT INTO printed_tickets (serial, emission, block, idx, a1_cents, a2_cents, code) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    lastEmission: db.prepare<[], { e: number | null }>('SELECT MAX(emission) AS e FROM printed_emissions'),
    emissionBlocks: db.prepare<[number], { blocks: string }>('SELECT blocks FROM printed_emissions WHERE emission = ?'),
    byCode: db.prepare<[string], RawPrinted>(`SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE code = ?`),
    bySerial: db.prepare<[string], RawPrinted>(`SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE serial = ?`),
    printOrder: db.prepare<[number, number, number], RawPrinted>(
      `SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE emission = ? ORDER BY block, idx LIMIT ? OFFSET ?`,
    ),
    blockCounts: db.prepare<[number], { a1_cents: number; a2_cents: number; n: number }>(
      'SELECT a1_cents, a2_cents, COUNT(*) AS n FROM printed_tickets WHERE block = ? GROUP BY a1_cents, a2_cents',
    ),
    sale: db.prepare<[string], SaleRecord>('SELECT at, retailer, shop FROM counter_sales WHERE serial = ?'),
    insertSale: db.prepare('INSERT INTO counter_sales (serial, retailer, shop, at) VALUES (?, ?, ?, ?)'),
    payment: db.prepare<[string], PaymentRecord>(
      'SELECT at, retailer, shop, cents AS prizeCents FROM counter_payments WHERE serial = ?',
    ),
    insertPayment: db.prepare(
      'INSERT INTO counter_payments (serial, retailer, shop, cents, at) VALUES (?, ?, ?, ?, ?)',
    ),
    seat: db.prepare('UPDATE printed_tickets SET seat_player_id = ? WHERE serial = ? AND seat_player_id IS NULL'),
    hold: db.prepare('UPDATE printed_tickets SET holder_player_id = ? WHERE serial = ?'),
    logClaim: db.prepare('INSERT INTO printed_claims (serial, player_id, at) VALUES (?, ?, ?)'),
    everHeld: db.prepare<[string, number], { one: number }>(
      'SELECT 1 AS one FROM printed_claims WHERE serial = ? AND player_id = ? LIMIT 1',
    ),
    day: db.prepare<[string, string], ShopDay>(
      `SELECT retailer, shop, SUM(sold) AS ticketsSold, SUM(paid) AS prizesPaid, SUM(cents) AS paidCents FROM (
         SELECT retailer, shop, 1 AS sold, 0 AS paid, 0 AS cents FROM counter_sales WHERE substr(at, 1, 10) = ?
         UNION ALL
         SELECT retailer, shop, 0, 1, cents FROM counter_payments WHERE substr(at, 1, 10) = ?
       ) GROUP BY retailer, shop ORDER BY shop, retailer`,
    ),
  };
}

/** On the game server's own SQLite connection: the statements are synchronous, inside whatever transaction is open. */
export class SqlitePrintedStore implements PrintedStore, PrintedTx {
  private readonly s: ReturnType<typeof statements>;

  /** Creates the tables if needed, on the game server's own connection. */
  constructor(private readonly db: Database.Database) {
    db.exec(PRINTED_SCHEMA);
    this.s = statements(db);
  }

  /** The same connection whatever the transaction: the store is its own view. */
  on(_tx: StorageTx): PrintedTx {
    return this;
  }

  holding(ticketId: string, playerId: number): Holding {
    const r = this.s.bySerial.get(ticketId);
    if (!r || r.seat_player_id === null) return null;
    if (r.holder_player_id === playerId) return 'holder';
    return this.s.everHeld.get(ticketId, playerId) !== undefined ? 'taken-over' : 'never';
  }

  async insertEmission(emission: number, blocks: readonly number[], prizeTable: string, at: string): Promise<void> {
    this.s.insertEmission.run(emission, JSON.stringify(blocks), prizeTable, at);
  }

  async insertPrinted(rows: readonly NewPrinted[]): Promise<void> {
    for (const r of rows)
      this.s.insertPrinted.run(r.serial, r.emission, r.block, r.index, r.a1Cents, r.a2Cents, r.code);
  }

  /** For an emission's many rows: a page cache that holds the code index saves most of the time. */
  bigCache(): void {
    this.db.pragma('cache_size = -262144');
  }

  async lastEmission(): Promise<number> {
    return this.s.lastEmission.get()?.e ?? 0;
  }

  async emissionBlocks(emission: number): Promise<number[] | undefined> {
    const r = this.s.emissionBlocks.get(emission);
    return r && (JSON.parse(r.blocks) as number[]);
  }

  async byCode(code: string): Promise<PrintedRow | undefined> {
    const r = this.s.byCode.get(code);
    return r && printedOf(r);
  }

  async bySerial(serial: string): Promise<PrintedRow | undefined> {
    const r = this.s.bySerial.get(serial);
    return r && printedOf(r);
  }

  async printOrder(emission: number, from: number, count: number): Promise<PrintedRow[]> {
    return this.s.printOrder.all(emission, count, from).map(printedOf);
  }

  async blockCounts(block: number): Promise<{ a1Cents: number; a2Cents: number; n: number }[]> {
    return this.s.blockCounts.all(block).map((r) => ({ a1Cents: r.a1_cents, a2Cents: r.a2_cents, n: r.n }));
  }

  async sale(serial: string): Promise<SaleRecord | undefined> {
    const r = this.s.sale.get(serial);
    return r && { at: r.at, retailer: r.retailer, shop: r.shop };
  }

  async insertSale(serial: string, s: SaleRecord): Promise<void> {
    this.s.insertSale.run(serial, s.retailer, s.shop, s.at);
  }

  async payment(serial: string): Promise<PaymentRecord | undefined> {
    const r = this.s.payment.get(serial);
    return r && { at: r.at, retailer: r.retailer, shop: r.shop, prizeCents: r.prizeCents };
  }

  async insertPayment(serial: string, p: PaymentRecord): Promise<void> {
    this.s.insertPayment.run(serial, p.retailer, p.shop, p.prizeCents, p.at);
  }

  async seat(serial: string, seatPlayerId: number): Promise<void> {
    if (this.s.seat.run(seatPlayerId, serial).changes !== 1)
      throw new Error(`printed ticket ${serial} already has its seat`);
  }

  async hold(serial: string, playerId: number, at: string): Promise<void> {
    this.s.hold.run(playerId, serial);
    this.s.logClaim.run(serial, playerId, at);
  }

  async day(day: string): Promise<ShopDay[]> {
    return this.s.day.all(day, day).map((r) => ({
      retailer: r.retailer,
      shop: r.shop,
      ticketsSold: r.ticketsSold,
      prizesPaid: r.prizesPaid,
      paidCents: r.paidCents,
    }));
  }
}
