import type Database from 'better-sqlite3';
import type { PaymentRecord, SaleRecord, ShopDay } from '../../protocol/messages';
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

export interface PrintedTx {
  insertEmission(emission: number, blocks: readonly number[], prizeTable: string, at: string): void;
  insertPrinted(row: NewPrinted): void;
  /** The highest emission number printed so far (0 when none). */
  lastEmission(): number;
  emissionBlocks(emission: number): number[] | undefined;
  byCode(code: string): PrintedRow | undefined;
  bySerial(serial: string): PrintedRow | undefined;
  /** The emission's tickets in print order (block, then index), `count` of them from the `from`-th (0-based). */
  printOrder(emission: number, from: number, count: number): PrintedRow[];
  /** Tickets of a block by pair of amounts, for reconciling a block against its table. */
  blockCounts(block: number): { readonly a1Cents: number; readonly a2Cents: number; readonly n: number }[];

  sale(serial: string): SaleRecord | undefined;
  insertSale(serial: string, s: SaleRecord): void;
  payment(serial: string): PaymentRecord | undefined;
  insertPayment(serial: string, p: PaymentRecord): void;

  /** Gives the ticket its own player row (its seat in `tickets`), once. */
  seat(serial: string, seatPlayerId: number): void;
  /** This screen holds the ticket from now on (a newer claim takes it over); the claim is logged. */
  hold(serial: string, playerId: number, at: string): void;
  /** Whether this player (screen) ever claimed the ticket. */
  everHeld(serial: string, playerId: number): boolean;
  /** The printed ticket seated on this `tickets` row, if it is one. */
  bySeat(serial: string): PrintedRow | undefined;

  /** Each shop's sales and payments on a UTC day (YYYY-MM-DD). */
  day(day: string): ShopDay[];
}

interface RawPrinted {
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

const printedOf = (r: RawPrinted): PrintedRow => ({
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

const COLUMNS = 'serial, emission, block, idx, a1_cents, a2_cents, code, seat_player_id, holder_player_id';

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
    byCode: db.prepare<[string], RawPrinted>(`SELECT ${COLUMNS} FROM printed_tickets WHERE code = ?`),
    bySerial: db.prepare<[string], RawPrinted>(`SELECT ${COLUMNS} FROM printed_tickets WHERE serial = ?`),
    printOrder: db.prepare<[number, number, number], RawPrinted>(
      `SELECT ${COLUMNS} FROM printed_tickets WHERE emission = ? ORDER BY block, idx LIMIT ? OFFSET ?`,
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

export class SqlitePrintedStore implements PrintedTx {
  private readonly s: ReturnType<typeof statements>;

  /** Creates the tables if needed, on the game server's own connection. */
  constructor(db: Database.Database) {
    db.exec(PRINTED_SCHEMA);
    this.s = statements(db);
  }

  insertEmission(emission: number, blocks: readonly number[], prizeTable: string, at: string): void {
    this.s.insertEmission.run(emission, JSON.stringify(blocks), prizeTable, at);
  }

  insertPrinted(r: NewPrinted): void {
    this.s.insertPrinted.run(r.serial, r.emission, r.block, r.index, r.a1Cents, r.a2Cents, r.code);
  }

  lastEmission(): number {
    return this.s.lastEmission.get()?.e ?? 0;
  }

  emissionBlocks(emission: number): number[] | undefined {
    const r = this.s.emissionBlocks.get(emission);
    return r && (JSON.parse(r.blocks) as number[]);
  }

  byCode(code: string): PrintedRow | undefined {
    const r = this.s.byCode.get(code);
    return r && printedOf(r);
  }

  bySerial(serial: string): PrintedRow | undefined {
    const r = this.s.bySerial.get(serial);
    return r && printedOf(r);
  }

  bySeat(serial: string): PrintedRow | undefined {
    const r = this.bySerial(serial);
    return r && r.seatPlayerId !== null ? r : undefined;
  }

  printOrder(emission: number, from: number, count: number): PrintedRow[] {
    return this.s.printOrder.all(emission, count, from).map(printedOf);
  }

  blockCounts(block: number): { a1Cents: number; a2Cents: number; n: number }[] {
    return this.s.blockCounts.all(block).map((r) => ({ a1Cents: r.a1_cents, a2Cents: r.a2_cents, n: r.n }));
  }

  sale(serial: string): SaleRecord | undefined {
    const r = this.s.sale.get(serial);
    return r && { at: r.at, retailer: r.retailer, shop: r.shop };
  }

  insertSale(serial: string, s: SaleRecord): void {
    this.s.insertSale.run(serial, s.retailer, s.shop, s.at);
  }

  payment(serial: string): PaymentRecord | undefined {
    const r = this.s.payment.get(serial);
    return r && { at: r.at, retailer: r.retailer, shop: r.shop, prizeCents: r.prizeCents };
  }

  insertPayment(serial: string, p: PaymentRecord): void {
    this.s.insertPayment.run(serial, p.retailer, p.shop, p.prizeCents, p.at);
  }

  seat(serial: string, seatPlayerId: number): void {
    if (this.s.seat.run(seatPlayerId, serial).changes !== 1)
      throw new Error(`printed ticket ${serial} already has its seat`);
  }

  hold(serial: string, playerId: number, at: string): void {
    this.s.hold.run(playerId, serial);
    this.s.logClaim.run(serial, playerId, at);
  }

  everHeld(serial: string, playerId: number): boolean {
    return this.s.everHeld.get(serial, playerId) !== undefined;
  }

  day(day: string): ShopDay[] {
    return this.s.day.all(day, day).map((r) => ({
      retailer: r.retailer,
      shop: r.shop,
      ticketsSold: r.ticketsSold,
      prizesPaid: r.prizesPaid,
      paidCents: r.paidCents,
    }));
  }
}
