import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../../../tools/postgres/temp-postgres';
import { DEMO_CREDIT_CENTS } from '../../core';
import { SeededSource } from '../../core/seeded-source';
import { formatGameCode } from '../../protocol/game-code';
import type {
  ApiError,
  ClaimView,
  CounterTicketView,
  DayReport,
  PaymentView,
  SaleView,
  SessionView,
} from '../../protocol/messages';
import { checkDatabase } from '../check';
import { openReader } from '../record-reader';
import { type Backend, postgresBackend, sqliteBackend } from '../storage/backends';
import { TEST_TERMINALS } from '../test-kit';
import { firstCodes, type PrintedServer, playClaimed, printedServer, Speaker, TEST_RETAILERS } from './printed-kit';

const shop12 = TEST_RETAILERS[0]!;
const shop7 = TEST_RETAILERS[1]!;

/** The same tests on both storages; PostgreSQL on a server of the suite's own. */
const factories: [string, () => Promise<Backend>][] = [['sqlite', async () => sqliteBackend()]];
if (postgresAvailable()) factories.push(['postgres', postgresBackend]);
else console.warn('[printed] PostgreSQL (initdb, pg_ctl) not found: the postgres half is not run');

async function tableCounts(database: string): Promise<Record<string, number>> {
  const { reader, close } = await openReader(database);
  try {
    const out: Record<string, number> = {};
    for (const t of [
      'counter_sales',
      'counter_payments',
      'printed_claims',
      'tickets',
      'ticket_events',
      'ledger',
      'audit',
    ]) {
      out[t] = (await reader.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`, []))[0]!.n;
    }
    return out;
  } finally {
    await close();
  }
}

async function journalOf(database: string, ticket: string): Promise<{ seq: number; event: string }[]> {
  const { reader, close } = await openReader(database);
  try {
    return await reader.all('SELECT seq, event FROM ticket_events WHERE ticket_id = $1 ORDER BY idx', [ticket]);
  } finally {
    await close();
  }
}

describe.each(factories)('printed tickets through the API: %s', (name, factory) => {
  let backend: Backend;
  let server: PrintedServer;
  let codes: Awaited<ReturnType<typeof firstCodes>>;
  let next = 0;
  const ticket = () => codes[next++]!;

  beforeAll(async () => {
    backend = await factory();
    server = await printedServer({ backend });
    codes = await firstCodes(server.database, 200);
  }, 300_000);
  afterAll(async () => {
    await server?.dispose();
    await backend?.dispose();
  }, 60_000);

  const phone = async (address = '10.0.0.1'): Promise<Speaker> => {
    const s = new Speaker(server, {}, address);
    expect((await s.post<SessionView>('/api/session')).status).toBe(200);
    return s;
  };

  it('sold at the counter, played to the end on a phone, paid once; a second payment names when and where', async () => {
    const counter = new Speaker(server, { retailer: shop12.key });
    expect((await counter.post('/api/retail/sign-in')).json).toEqual({ retailer: shop12.id, shop: shop12.shop });
    const bot = SeededSource.fromSeed(3);
    // Play tickets until one wins (the draws are the server's, so which one is not known in advance).
    for (let attempt = 0; attempt < 60; attempt++) {
      const t = ticket();
      const sold = await counter.post<SaleView>('/api/retail/sell', { code: t.code.toLowerCase().replace(/-/g, ' ') });
      expect(sold.status, sold.body).toBe(200);
      expect(sold.json).toMatchObject({
        serial: t.serial,
        code: t.code,
        sold: { retailer: shop12.id, shop: shop12.shop },
      });
      const p = await phone();
      const claim = await p.post<ClaimView>('/api/ticket/claim', { code: t.code });
      expect(claim.status, claim.body).toBe(200);
      expect(claim.json).toMatchObject({ serial: t.serial, mode: 'play', prizeCents: null, paid: null, notice: null });
      expect(claim.json.ticket.nextSeq).toBe(1);
      expect(JSON.stringify(claim.json.ticket.events)).not.toContain('a1Cents');
      const last = (await playClaimed(p, claim.json, bot, `t${attempt}`))!;
      expect(last.snapshot.phase).toBe('ended');
      // Nothing taken from the phone's wallet, nothing credited to it.
      expect(last.balanceCents).toBe(DEMO_CREDIT_CENTS);
      const prize = last.snapshot.result!.prizeCents;
      const seen = await counter.post<CounterTicketView>('/api/retail/check', { code: t.code });
      expect(seen.json).toMatchObject({ serial: t.serial, status: 'finished', prizeCents: prize });
      if (prize === 0) {
        const refused = await counter.post<ApiError>('/api/retail/pay', { code: t.code, prizeCents: 0 });
        expect([refused.status, refused.json.error.code]).toEqual([409, 'ticket-not-won']);
        continue;
      }
      const wrongAmount = await counter.post<ApiError>('/api/retail/pay', { code: t.code, prizeCents: prize + 100 });
      expect([wrongAmount.status, wrongAmount.json.error.code]).toEqual([409, 'amount-mismatch']);
      const paid = await counter.post<PaymentView>('/api/retail/pay', { code: t.code, prizeCents: prize });
      expect(paid.status, paid.body).toBe(200);
      expect(paid.json.paid).toMatchObject({ retailer: shop12.id, shop: shop12.shop, prizeCents: prize });
      const other = new Speaker(server, { retailer: shop7.key });
      const again = await other.post<ApiError>('/api/retail/pay', { code: t.code, prizeCents: prize });
      expect(again.status).toBe(409);
      expect(again.json.error.code).toBe('ticket-already-paid');
      expect(again.json.error.paid).toEqual(paid.json.paid);
      expect(again.json.error.message).toContain(shop12.shop);
      expect(again.json.error.message).toContain(paid.json.paid.at);
      // The phone looks at it again: only looked at, and it says it was paid.
      const look = await p.post<ClaimView>('/api/ticket/claim', { code: t.code });
      expect(look.json).toMatchObject({
        mode: 'look',
        prizeCents: prize,
        paid: paid.json.paid,
        notice: { code: 'ticket-paid' },
      });
      expect(look.json.ticket.snapshot.phase).toBe('ended');
      const report = await counter.get<DayReport>(`/api/retail/report?day=${paid.json.paid.at.slice(0, 10)}`);
      const line = report.json.shops.find((s) => s.retailer === shop12.id)!;
      expect(line.prizesPaid).toBeGreaterThanOrEqual(1);
      expect(line.paidCents).toBeGreaterThanOrEqual(prize);
      const db = await server.check();
      expect([db.journalProblems, db.ledgerProblems, db.doublePayments, db.stakesMissing, db.auditVerified]).toEqual([
        [],
        [],
        0,
        0,
        true,
      ]);
      // The printed block reconciles against its table: its tickets are the printed ones, played or not.
      expect(db.blocks.map((b) => b.reconciles)).toEqual([true]);
      // The check can fail: a counter payment of a ticket never played (written behind the server's back: on a copy
      // of the SQLite file; on PostgreSQL in the database itself, whose later tests use other tickets) is named.
      const planted = codes[199]!.serial;
      const plant = [
        `INSERT INTO counter_sales (serial, retailer, shop, at) VALUES ('${planted}', 'x', 'x', 'x')`,
        `INSERT INTO counter_payments (serial, retailer, shop, cents, at) VALUES ('${planted}', 'x', 'x', 100, 'x')`,
      ];
      let problems: string[];
      if (name === 'sqlite') {
        const copy = `${server.database}.copy`;
        const live = new Database(server.database, { readonly: true });
        await live.backup(copy);
        live.close();
        for (const sql of plant) await backend.exec(copy, sql);
        problems = (await checkDatabase(copy)).ledgerProblems;
      } else {
        for (const sql of plant) await backend.exec(server.database, sql);
        problems = (await server.check()).ledgerProblems;
      }
      expect(problems).toEqual([`ticket ${planted}: paid 100 cents at the counter, its journal says not ended`]);
      return;
    }
    throw new Error('no ticket won in 60');
  });

  it('each refusal has its own code: malformed, unknown, unsold, sold twice, not finished, taken over, finished', async () => {
    const p = await phone('10.0.1.1');
    const counter = new Speaker(server, { retailer: shop7.key }, '10.0.1.2');
    const kiosk = new Speaker(server, { terminal: TEST_TERMINALS[0]!.key }, '10.0.1.3');
    expect((await kiosk.post('/api/session')).status).toBe(200);
    const before = await tableCounts(server.database);
    const t = ticket();
    const mistyped = t.code.slice(0, 3) + (t.code[3] === 'A' ? 'B' : 'A') + t.code.slice(4);
    const r1 = await p.post<ApiError>('/api/ticket/claim', { code: mistyped });
    expect([r1.status, r1.json.error.code]).toEqual([400, 'code-malformed']);
    const unknown = formatGameCode(new Uint8Array(15).fill(7));
    const r2 = await p.post<ApiError>('/api/ticket/claim', { code: unknown });
    expect([r2.status, r2.json.error.code]).toEqual([404, 'code-unknown']);
    // A wrong code and a code of no ticket read the same: nothing tells one from the other.
    const r2b = await p.post<ApiError>('/api/ticket/claim', { code: formatGameCode(new Uint8Array(15).fill(9)) });
    expect(r2b.body).toBe(r2.body);
    const r3 = await p.post<ApiError>('/api/ticket/claim', { code: t.code });
    expect([r3.status, r3.json.error.code]).toEqual([409, 'ticket-unsold']);
    const r3k = await kiosk.post<ApiError>('/api/ticket/claim', { code: t.code });
    expect([r3k.status, r3k.json.error.code]).toEqual([409, 'ticket-unsold']);
    const notYet = await counter.post<ApiError>('/api/retail/pay', { code: t.code, prizeCents: 100 });
    expect([notYet.status, notYet.json.error.code]).toEqual([409, 'ticket-unsold']);
    expect(await tableCounts(server.database)).toEqual(before);

    expect((await counter.post('/api/retail/sell', { code: t.code })).status).toBe(200);
    const twice = await counter.post<ApiError>('/api/retail/sell', { code: t.code });
    expect([twice.status, twice.json.error.code]).toEqual([409, 'ticket-already-sold']);
    expect(twice.json.error.sold).toMatchObject({ retailer: shop7.id, shop: shop7.shop });
    const unplayed = await counter.post<ApiError>('/api/retail/pay', { code: t.code, prizeCents: 100 });
    expect([unplayed.status, unplayed.json.error.code]).toEqual([409, 'ticket-not-finished']);

    // Moved from the phone to the kiosk mid-game: the kiosk finishes it with the same draws; the phone is told.
    const bot = SeededSource.fromSeed(11);
    const onPhone = (await p.post<ClaimView>('/api/ticket/claim', { code: t.code })).json;
    // One step, the scratch: it never ends a ticket, where a first pick finds the egg one time in 30.
    const midway = (await playClaimed(p, onPhone, bot, 'phone', 1))!;
    expect(midway.snapshot.phase).toBe('round');
    const onKiosk = await kiosk.post<ClaimView>('/api/ticket/claim', { code: t.code });
    expect(onKiosk.json.mode).toBe('play');
    expect(onKiosk.json.ticket.nextSeq).toBe(midway.nextSeq);
    expect(onKiosk.json.ticket.snapshot).toEqual(midway.snapshot);
    const takenOver = await p.post<ApiError>('/api/command', {
      key: 'phone-late',
      ticket: t.serial,
      seq: midway.nextSeq,
      command: { type: 'pick', hen: 0 },
    });
    expect([takenOver.status, takenOver.json.error.code]).toEqual([409, 'ticket-taken-over']);
    // A screen that never held it learns nothing: the same refusal as a ticket that does not exist.
    const stranger = await phone('10.0.1.4');
    const unseen = await stranger.post<ApiError>('/api/command', {
      key: 'x',
      ticket: t.serial,
      seq: midway.nextSeq,
      command: { type: 'pick', hen: 0 },
    });
    const none = await stranger.post<ApiError>('/api/command', {
      key: 'y',
      ticket: '999999-000001',
      seq: 1,
      command: { type: 'pick', hen: 0 },
    });
    expect([unseen.status, unseen.json.error.code, none.status, none.json.error.code]).toEqual([
      404,
      'ticket-not-found',
      404,
      'ticket-not-found',
    ]);
    const end = (await playClaimed(kiosk, onKiosk.json, bot, 'kiosk'))!;
    expect(end.snapshot.phase).toBe('ended');
    const journal = await journalOf(server.database, t.serial);
    // One journal: what the phone was shown is its start, the kiosk's commands follow it (seq 1-2 phone, 3.. kiosk).
    const shownOnPhone = [...onPhone.ticket.events];
    expect(journal.slice(0, shownOnPhone.length).map((r) => r.seq)).toEqual(shownOnPhone.map(() => 0));
    expect(journal.map((r) => JSON.parse(r.event).type).filter((type) => type === 'ticketEnded')).toHaveLength(1);
    expect(Math.max(...journal.map((r) => r.seq))).toBe(end.nextSeq - 1);
    const again = await p.post<ClaimView>('/api/ticket/claim', { code: t.code });
    expect(again.json).toMatchObject({ mode: 'look', notice: { code: 'ticket-finished' } });
    const ended = await kiosk.post<ApiError>('/api/command', {
      key: 'after',
      ticket: t.serial,
      seq: end.nextSeq,
      command: { type: 'pick', hen: 0 },
    });
    expect([ended.status, ended.json.error.code]).toEqual([409, 'ticket-ended']);
  });

  it('a retailer without a good key is refused', async () => {
    const nobody = new Speaker(server, { retailer: 'not-a-key-at-all' });
    const r = await nobody.post<ApiError>('/api/retail/sell', { code: codes[0]!.code });
    expect([r.status, r.json.error.code]).toEqual([401, 'bad-retailer-key']);
    const none = new Speaker(server);
    expect((await none.get<ApiError>('/api/retail/report')).json.error.code).toBe('bad-retailer-key');
    const badDay = await new Speaker(server, { retailer: shop12.key }).get<ApiError>(
      '/api/retail/report?day=2026-13-45',
    );
    expect([badDay.status, badDay.json.error.code]).toEqual([400, 'bad-request']);
  });

  it("the day's report counts each shop's sales and payments", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const before = (await new Speaker(server, { retailer: shop7.key }).get<DayReport>(`/api/retail/report?day=${day}`))
      .json;
    const counter = new Speaker(server, { retailer: shop7.key }, '10.0.3.1');
    for (let i = 0; i < 3; i++)
      expect((await counter.post('/api/retail/sell', { code: ticket().code })).status).toBe(200);
    const after = (await counter.get<DayReport>(`/api/retail/report?day=${day}`)).json;
    const sold = (r: DayReport, id: string) => r.shops.find((s) => s.retailer === id)?.ticketsSold ?? 0;
    expect(sold(after, shop7.id) - sold(before, shop7.id)).toBe(3);
    expect(sold(after, shop12.id)).toBe(sold(before, shop12.id));
    expect(after.total.ticketsSold - before.total.ticketsSold).toBe(3);
    expect((await counter.get<DayReport>('/api/retail/report?day=2001-01-01')).json).toEqual({
      day: '2001-01-01',
      shops: [],
      total: { ticketsSold: 0, prizesPaid: 0, paidCents: 0 },
    });
  });
});
