import type { PaymentRecord, SaleRecord, ShopDay } from '../../protocol/messages';
import { PgTx, type PrintedSight, sightKey } from '../storage/pg-tx';
import type { Storage, StorageTx } from '../storage/storage';
import {
  type Holding,
  type NewPrinted,
  PRINTED_COLUMNS,
  type PrintedRow,
  type PrintedStore,
  type PrintedTx,
  printedOf,
  type RawPrinted,
} from './printed-store';

/** Printed tickets per statement when an emission writes a block (a JSON array of them, one round trip each). */
const ROWS_PER_INSERT = 5000;

/** A PostgreSQL storage as the printed store needs it: where commands leave who holds a printed ticket. */
export interface SightedStorage extends Storage {
  readonly printedSight: PrintedSight;
}

export const isSightedStorage = (s: Storage): s is SightedStorage =>
  (s as Partial<SightedStorage>).printedSight instanceof Map;

/**
 * Printed tickets on PostgreSQL (tables of migration 2, pg-schema.ts), shared by every server instance. The same
 * guarantees as on SQLite, kept by the database across instances: one sale and one payment per ticket (unique
 * columns: a second writer's COMMIT is refused and its request applied again, to find the first), a claim locks the
 * ticket's printed row (claims of one ticket one at a time), and a command reads the holder in its locked read.
 */
export class PgPrintedStore implements PrintedStore {
  constructor(private readonly storage: SightedStorage) {}

  on(tx: StorageTx): PrintedTx {
    if (!(tx instanceof PgTx)) throw new Error('the PostgreSQL printed store needs a PostgreSQL transaction');
    return new PgPrintedTx(tx);
  }

  /**
   * Taken (once) from the command's locked read of the ticket: what it says is what the command decides on. No entry:
   * not a printed ticket (or, were it one, the ticket row's own player decides: its seat, which no screen is).
   */
  holding(ticketId: string, playerId: number): Holding {
    const key = sightKey(ticketId, playerId);
    const seen = this.storage.printedSight.get(key);
    this.storage.printedSight.delete(key);
    return seen ?? null;
  }
}

class PgPrintedTx implements PrintedTx {
  constructor(private readonly tx: PgTx) {}

  async insertEmission(emission: number, blocks: readonly number[], prizeTable: string, at: string): Promise<void> {
    this.tx.later(
      'printed_emissions',
      'INSERT INTO printed_emissions (emission, blocks, prize_table, created_at) VALUES ($1, $2, $3, $4)',
      [emission, JSON.stringify(blocks), prizeTable, at],
    );
  }

  async insertPrinted(rows: readonly NewPrinted[]): Promise<void> {
    for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
      const chunk = rows
        .slice(from, from + ROWS_PER_INSERT)
        .map((r) => [r.serial, r.emission, r.block, r.index, r.a1Cents, r.a2Cents, r.code]);
      this.tx.later(
        'printed_tickets',
        `INSERT INTO printed_tickets (serial, emission, block, idx, a1_cents, a2_cents, code)
         SELECT x->>0, (x->>1)::int, (x->>2)::int, (x->>3)::int, (x->>4)::int, (x->>5)::int, x->>6
         FROM json_array_elements($1::json) AS x`,
        [JSON.stringify(chunk)],
      );
      // Sent now: a block's 300,000 rows would otherwise all wait for the COMMIT's round trip.
      await this.tx.flush();
    }
  }

  async lastEmission(): Promise<number> {
    const r = await this.tx.select<{ e: number }>(
      'printed-last-emission',
      'SELECT COALESCE(MAX(emission), 0) AS e FROM printed_emissions',
      [],
    );
    return r[0]?.e ?? 0;
  }

  async emissionBlocks(emission: number): Promise<number[] | undefined> {
    const r = await this.tx.select<{ blocks: string }>(
      'printed-emission-blocks',
      'SELECT blocks FROM printed_emissions WHERE emission = $1',
      [emission],
    );
    return r[0] && (JSON.parse(r[0].blocks) as number[]);
  }

  async byCode(code: string): Promise<PrintedRow | undefined> {
    const r = await this.tx.select<RawPrinted>(
      'printed-by-code',
      `SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE code = $1`,
      [code],
    );
    return r[0] && printedOf(r[0]);
  }

  async bySerial(serial: string): Promise<PrintedRow | undefined> {
    const r = this.tx.locking
      ? await this.tx.select<RawPrinted>(
          'printed-by-serial-lock',
          `SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE serial = $1 FOR UPDATE`,
          [serial],
        )
      : await this.tx.select<RawPrinted>(
          'printed-by-serial',
          `SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE serial = $1`,
          [serial],
        );
    return r[0] && printedOf(r[0]);
  }

  async printOrder(emission: number, from: number, count: number): Promise<PrintedRow[]> {
    const rows = await this.tx.select<RawPrinted>(
      'printed-print-order',
      `SELECT ${PRINTED_COLUMNS} FROM printed_tickets WHERE emission = $1 ORDER BY block, idx LIMIT $2 OFFSET $3`,
      [emission, count, from],
    );
    return rows.map(printedOf);
  }

  async blockCounts(block: number): Promise<{ a1Cents: number; a2Cents: number; n: number }[]> {
    const rows = await this.tx.select<{ a1_cents: number; a2_cents: number; n: number }>(
      'printed-block-counts',
      'SELECT a1_cents, a2_cents, COUNT(*)::int AS n FROM printed_tickets WHERE block = $1 GROUP BY a1_cents, a2_cents',
      [block],
    );
    return rows.map((r) => ({ a1Cents: r.a1_cents, a2Cents: r.a2_cents, n: r.n }));
  }

  async sale(serial: string): Promise<SaleRecord | undefined> {
    const r = await this.tx.select<SaleRecord>(
      'printed-sale',
      'SELECT at, retailer, shop FROM counter_sales WHERE serial = $1',
      [serial],
    );
    return r[0] && { at: r[0].at, retailer: r[0].retailer, shop: r[0].shop };
  }

  async insertSale(serial: string, s: SaleRecord): Promise<void> {
    this.tx.later('counter_sales', 'INSERT INTO counter_sales (serial, retailer, shop, at) VALUES ($1, $2, $3, $4)', [
      serial,
      s.retailer,
      s.shop,
      s.at,
    ]);
  }

  async payment(serial: string): Promise<PaymentRecord | undefined> {
    const r = await this.tx.select<PaymentRecord>(
      'printed-payment',
      'SELECT at, retailer, shop, cents AS "prizeCents" FROM counter_payments WHERE serial = $1',
      [serial],
    );
    return r[0] && { at: r[0].at, retailer: r[0].retailer, shop: r[0].shop, prizeCents: r[0].prizeCents };
  }

  async insertPayment(serial: string, p: PaymentRecord): Promise<void> {
    this.tx.later(
      'counter_payments',
      'INSERT INTO counter_payments (serial, retailer, shop, cents, at) VALUES ($1, $2, $3, $4, $5)',
      [serial, p.retailer, p.shop, p.prizeCents, p.at],
    );
  }

  async seat(serial: string, seatPlayerId: number): Promise<void> {
    const r = await this.tx.select<{ serial: string }>(
      'printed-seat',
      'UPDATE printed_tickets SET seat_player_id = $1 WHERE serial = $2 AND seat_player_id IS NULL RETURNING serial',
      [seatPlayerId, serial],
    );
    if (r.length !== 1) throw new Error(`printed ticket ${serial} already has its seat`);
  }

  async hold(serial: string, playerId: number, at: string): Promise<void> {
    this.tx.later('printed_tickets', 'UPDATE printed_tickets SET holder_player_id = $1 WHERE serial = $2', [
      playerId,
      serial,
    ]);
    this.tx.later('printed_claims', 'INSERT INTO printed_claims (serial, player_id, at) VALUES ($1, $2, $3)', [
      serial,
      playerId,
      at,
    ]);
  }

  async day(day: string): Promise<ShopDay[]> {
    return this.tx.select<ShopDay>(
      'printed-day',
      `SELECT retailer, shop, SUM(sold)::int AS "ticketsSold", SUM(paid)::int AS "prizesPaid",
              SUM(cents)::int AS "paidCents" FROM (
         SELECT retailer, shop, 1 AS sold, 0 AS paid, 0 AS cents FROM counter_sales WHERE substr(at, 1, 10) = $1
         UNION ALL
         SELECT retailer, shop, 0, 1, cents FROM counter_payments WHERE substr(at, 1, 10) = $1
       ) AS d GROUP BY retailer, shop ORDER BY shop COLLATE "C", retailer COLLATE "C"`,
      [day],
    );
  }
}
