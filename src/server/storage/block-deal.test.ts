import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoSource, DEFAULT_PRIZE_TABLE, RULES } from '../../core';
import { BlockBook } from '../blocks';
import { SqliteStorage } from './sqlite-storage';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('a whole block dealt through the storage layer', () => {
  it('300,000 tickets in committed batches: the prize counts equal the table exactly, and the next block opens', async () => {
    dir = mkdtempSync(join(tmpdir(), 'poule-block-'));
    const file = join(dir, 'block.sqlite');
    const storage = SqliteStorage.open(file);
    const table = DEFAULT_PRIZE_TABLE;
    const counts = new Map<string, number>();
    const source = new CryptoSource();
    // A fresh BlockBook per batch: each batch reads the block back from the file, as after a restart.
    const BATCH = 25_000;
    let dealtTotal = 0;
    const t0 = performance.now();
    while (dealtTotal < RULES.blockSize + 1) {
      const book = new BlockBook(table);
      const n = Math.min(BATCH, RULES.blockSize + 1 - dealtTotal);
      const tickets = await storage.transact(
        async (tx) => {
          const dealt = [];
          for (let i = 0; i < n; i++) dealt.push(await book.deal(tx, source, 'now'));
          return dealt;
        },
        { play: true },
      );
      for (const t of tickets) {
        if (t.serial.block !== 1) continue;
        const k = `${t.a1Cents}/${t.a2Cents}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      dealtTotal += n;
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`[block] ${dealtTotal} deals in ${seconds.toFixed(1)} s`);
    for (const row of table.rows)
      expect(counts.get(`${row.a1Cents}/${row.a2Cents}`), `${row.a1Cents}/${row.a2Cents}`).toBe(row.count);
    const blocks = storage.db
      .prepare<[], { block: number; dealt: number; remaining: string; status: string }>(
        'SELECT block, dealt, remaining, status FROM blocks ORDER BY block',
      )
      .all();
    expect(blocks).toEqual([
      { block: 1, dealt: RULES.blockSize, remaining: JSON.stringify(table.rows.map(() => 0)), status: 'exhausted' },
      expect.objectContaining({ block: 2, dealt: 1, status: 'open' }),
    ]);
    const second = JSON.parse(blocks[1]!.remaining) as number[];
    expect(second.reduce((a, b) => a + b, 0)).toBe(RULES.blockSize - 1);
    await storage.close();
  });
});
