import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type AuditRow, auditHash, verifyAuditChain } from '../audit';
import { SqliteStorage } from './sqlite-storage';

/** The SQLite storage keeps the audit chain's head in memory while a group holds the write lock: never longer. */
let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const AT = '2026-12-05T03:00:00.000Z';
const rowsOf = (file: string): AuditRow[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], AuditRow>('SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq').all();
  } finally {
    db.close();
  }
};

describe('the audit chain head within a group', () => {
  it('a request rolled back takes its entries back out of the head; another process writing between groups is seen', async () => {
    dir = mkdtempSync(join(tmpdir(), 'poule-audit-head-'));
    const file = join(dir, 'head.sqlite');
    const storage = SqliteStorage.open(file);
    // Three requests in one group: the second writes an entry and fails, so only the first and third stay.
    const results = await Promise.allSettled([
      storage.transact((tx) => tx.audit('top-up', { n: 1 }, AT), { play: false }),
      storage.transact(
        async (tx) => {
          await tx.audit('top-up', { n: 2 }, AT);
          throw new Error('refused half-way');
        },
        { play: false },
      ),
      storage.transact((tx) => tx.audit('top-up', { n: 3 }, AT), { play: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    // Another process (the block command) appends an entry while the server waits between groups.
    const other = new Database(file);
    const last = other
      .prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1')
      .get()!;
    const payload = '{"block":1}';
    other
      .prepare('INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)')
      .run(
        last.seq + 1,
        AT,
        'block-closed',
        payload,
        last.hash,
        auditHash(last.hash, last.seq + 1, AT, 'block-closed', payload),
      );
    other.close();

    await storage.transact((tx) => tx.audit('top-up', { n: 4 }, AT), { play: false });
    await storage.close();
    const rows = rowsOf(file);
    expect(rows.map((r) => [r.seq, r.payload])).toEqual([
      [1, '{"n":1}'],
      [2, '{"n":3}'],
      [3, '{"block":1}'],
      [4, '{"n":4}'],
    ]);
    expect(verifyAuditChain(rows)).toBeNull();
  });
});
