import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRIZE_TABLE, parsePrizeTable, RULES } from '../../core';
import { parseGameCode } from '../../protocol/game-code';
import { checkDatabase } from '../check';
import { type PrintedServer, printedServer } from './printed-kit';

describe('an emission', () => {
  let server: PrintedServer | null = null;
  afterEach(async () => {
    await server?.dispose();
    server = null;
  });

  it("deals each block of 300,000 in full: its counts by pair of amounts are the table's exactly, every code unique and well-formed", async () => {
    const t0 = performance.now();
    server = await printedServer({ blocks: 2 });
    const seconds = (performance.now() - t0) / 1000;
    expect(server.emission.tickets).toBe(2 * RULES.blockSize);
    const db = new Database(server.database, { readonly: true });
    try {
      const expected = new Map<string, number>();
      for (const r of DEFAULT_PRIZE_TABLE.rows)
        expected.set(`${r.a1Cents}/${r.a2Cents}`, (expected.get(`${r.a1Cents}/${r.a2Cents}`) ?? 0) + r.count);
      for (const block of server.emission.blocks) {
        const got = new Map(
          db
            .prepare<[number], { pair: string; n: number }>(
              "SELECT a1_cents || '/' || a2_cents AS pair, COUNT(*) AS n FROM printed_tickets WHERE block = ? GROUP BY 1",
            )
            .all(block)
            .map((r) => [r.pair, r.n]),
        );
        expect(got).toEqual(expected);
        const idx = db
          .prepare<[number], { lo: number; hi: number; n: number }>(
            'SELECT MIN(idx) AS lo, MAX(idx) AS hi, COUNT(DISTINCT idx) AS n FROM printed_tickets WHERE block = ?',
          )
          .get(block)!;
        expect(idx).toEqual({ lo: 1, hi: RULES.blockSize, n: RULES.blockSize });
      }
      const codes = db.prepare<[], { code: string }>('SELECT code FROM printed_tickets').all();
      expect(new Set(codes.map((c) => c.code)).size).toBe(2 * RULES.blockSize);
      for (const { code } of codes.slice(0, 2000)) expect(parseGameCode(code)).toEqual({ ok: true, code });
      const blocks = db
        .prepare<[], { status: string; dealt: number; remaining: string; prize_table: string }>(
          'SELECT status, dealt, remaining, prize_table FROM blocks',
        )
        .all();
      expect(blocks.map((b) => [b.status, b.dealt, JSON.parse(b.remaining).every((n: number) => n === 0)])).toEqual([
        ['closed', RULES.blockSize, true],
        ['closed', RULES.blockSize, true],
      ]);
      expect(parsePrizeTable(JSON.parse(blocks[0]!.prize_table))).toEqual({ ok: true, value: DEFAULT_PRIZE_TABLE });
    } finally {
      db.close();
    }
    const report = await checkDatabase(server.database);
    expect(report.blocks.map((b) => b.reconciles)).toEqual([true, true]);
    expect(report.auditVerified).toBe(true);
    expect(report.auditEntries).toBe(2);
    console.log(`emission of 2 blocks (600,000 tickets) in ${seconds.toFixed(1)} s`);
  }, 300_000);
});
