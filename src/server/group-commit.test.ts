import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** The group commit on a real file, read back through a second connection (what another process would see). */
let dir: string;
let file: string;
let db: Database.Database;
const rows = (): number[] => {
  const reader = new Database(file, { readonly: true });
  try {
    return reader
      .prepare<[], { x: number }>('SELECT x FROM t ORDER BY x')
      .all()
      .map((r) => r.x);
  } finally {
    reader.close();
  }
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'poule-group-'));
  file = join(dir, 'g.sqlite');
  db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (x INTEGER)');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('group commit', () => {
  it('requests arriving together share one transaction; a failing one rolls back only itself; each settles after the commit', async () => {
    let commits = 0;
    const group = new GroupCommit(db, 512, { beforeCommit: () => void commits++, afterCommit() {} });
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    const seenAtSettle: number[][] = [];
    const settle = <T>(p: Promise<T>): Promise<T | Error> =>
      p.then(
        (v) => {
          seenAtSettle.push(rows());
          return v;
        },
        (e: Error) => {
          seenAtSettle.push(rows());
          return e;
        },
      );
    const results = await Promise.all([
      settle(
        group.submit(async () => {
          insert.run(1);
          return 'one';
        }, true),
      ),
      settle(
        group.submit(async () => {
          insert.run(2);
          throw new Error('this request fails after writing');
        }, true),
      ),
      settle(
        group.submit(async () => {
          insert.run(3);
          return 'three';
        }, true),
      ),
    ]);
    expect(results[0]).toBe('one');
    expect((results[1] as Error).message).toBe('this request fails after writing');
    expect(results[2]).toBe('three');
    expect(rows()).toEqual([1, 3]);
    expect(commits).toBe(1);
    // Every promise settled only once the group was durable and visible to another connection.
    expect(seenAtSettle).toEqual([
      [1, 3],
      [1, 3],
      [1, 3],
    ]);
  });

  it('a group that fails as a whole rejects every request, keeps nothing, and tells its rollback listeners', async () => {
    let failNext = true;
    const group = new GroupCommit(db, 512, {
      beforeCommit() {
        if (failNext) {
          failNext = false;
          throw new Error('the commit failed');
        }
      },
      afterCommit() {},
    });
    let rollbacks = 0;
    group.onRollback(() => rollbacks++);
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    const results = await Promise.allSettled([
      group.submit(async () => insert.run(1), true),
      group.submit(async () => insert.run(2), true),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(rows()).toEqual([]);
    expect(rollbacks).toBe(1);
    await group.submit(async () => insert.run(7), true);
    expect(rows()).toEqual([7]);
  });

  it('flushes at once when maxBatch requests wait: six requests at once make a group of 4 and one of 2', async () => {
    let commits = 0;
    const group = new GroupCommit(db, 4, { beforeCommit: () => void commits++, afterCommit() {} });
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    const seen: number[][] = [];
    const pending = [1, 2, 3, 4, 5, 6].map((x) =>
      group.submit(async () => {
        insert.run(x);
        return seen.push(rows());
      }, true),
    );
    await Promise.all(pending);
    expect(rows()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(commits).toBe(2);
    // The fifth request ran after the first group's commit (another connection saw 1-4 committed).
    expect(seen[4]).toEqual([1, 2, 3, 4]);
  });
});
