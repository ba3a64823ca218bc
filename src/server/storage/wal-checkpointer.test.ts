import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit';
import { openDatabase, SqliteStorage } from './sqlite-storage';

/** The serving connection never checkpoints inside a COMMIT; a worker does, and the WAL stays bounded. */
let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const AT = '2026-12-05T06:00:00.000Z';
/** About one 4 KiB page per audit entry, so the WAL grows fast. */
const FILLER = 'x'.repeat(3000);
const GROUPS = 80;
const PER_GROUP = 40;
const POLICY = { everyMs: 0, resetAtFrames: 400 };

async function writeGroups(storage: SqliteStorage, groups: number, walFile: string): Promise<number> {
  let largest = 0;
  for (let g = 0; g < groups; g++) {
    await Promise.all(
      Array.from({ length: PER_GROUP }, (_, i) =>
        storage.transact((tx) => tx.audit('top-up', { g, i, filler: FILLER }, AT), { play: false }),
      ),
    );
    largest = Math.max(largest, statSync(walFile).size);
  }
  return largest;
}

describe('WAL checkpoints in a worker thread', () => {
  it('keeps the WAL bounded under steady groups, and every entry survives a restart with the chain intact', async () => {
    dir = mkdtempSync(join(tmpdir(), 'poule-wal-'));
    const file = join(dir, 'wal.sqlite');
    const wal = `${file}-wal`;
    const storage = SqliteStorage.open(file, undefined, POLICY);
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const largest = await writeGroups(storage, GROUPS, wal);
    const c = storage.checkpointer!;
    expect(c.failure).toBeNull();
    expect(c.reports.some((r) => r.checkpointed > 0)).toBe(true);
    expect(c.fences).toBeGreaterThan(0);
    // Written in all: about GROUPS × PER_GROUP pages (3,200, some 13 MB); the WAL never held more than the reset
    // threshold plus what a few groups add while a checkpoint runs.
    const pageSize = storage.db.pragma('page_size', { simple: true }) as number;
    const frames = largest / (pageSize + 24);
    expect(frames).toBeLessThan(POLICY.resetAtFrames + 20 * PER_GROUP);
    expect(frames).toBeLessThan((GROUPS * PER_GROUP) / 2);
    await storage.close();
    // The last connection to close checkpoints the whole WAL and removes it.
    expect(existsSync(wal)).toBe(false);

    const again = SqliteStorage.open(file, undefined, POLICY);
    await again.close();
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq').all();
      expect(rows).toHaveLength(GROUPS * PER_GROUP);
      expect(verifyAuditChain(rows as Parameters<typeof verifyAuditChain>[0])).toBeNull();
    } finally {
      db.close();
    }
  }, 60_000);

  it('if the worker stops, the serving connection checkpoints by itself again and still closes cleanly', async () => {
    dir = mkdtempSync(join(tmpdir(), 'poule-wal-'));
    const file = join(dir, 'wal.sqlite');
    const storage = SqliteStorage.open(file, undefined, POLICY);
    await writeGroups(storage, 2, `${file}-wal`);
    await storage.checkpointer!.worker.terminate();
    await new Promise((r) => setTimeout(r, 50));
    expect(storage.checkpointer!.failure).toMatch(/stopped/);
    expect(storage.db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await writeGroups(storage, 2, `${file}-wal`);
    await storage.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) AS n FROM audit').get()).toEqual({ n: 4 * PER_GROUP });
    } finally {
      db.close();
    }
  });

  it('an in-memory database has no WAL and no checkpointer', async () => {
    const storage = new SqliteStorage(openDatabase(':memory:'));
    expect(storage.checkpointer).toBeNull();
    await storage.close();
  });
});
