/**
 * SQLite's own ceiling for the server bench, on this disk: durable transactions per second with one small insert
 * each, and rows per second at 50 inserts a transaction (WAL, synchronous=FULL, as the game server runs it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface SqliteLimit {
  /** One insert per transaction: transactions (= rows) per second. */
  readonly oneInsertTxPerSecond: number;
  /** 50 inserts per transaction. */
  readonly rowsPerSecondAt50: number;
  readonly txPerSecondAt50: number;
}

export const ROWS_PER_GROUP = 50;

export async function measureSqlite(seconds: number): Promise<SqliteLimit> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-sqlite-limit-'));
  const db = new Database(path.join(dir, 'limit.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE entry (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO entry (body) VALUES (?)');
    // A body about the size of a command's events.
    const body = JSON.stringify({ type: 'henLifted', round: 1, pick: 3, hen: 17, element: 'chick', picksLeft: 4 });
    const group = (rows: number) =>
      db.transaction(() => {
        for (let i = 0; i < rows; i++) insert.run(body);
      });
    const one = group(1);
    const fifty = group(ROWS_PER_GROUP);
    const rate = (tx: () => void): number => {
      const end = performance.now() + seconds * 1000;
      const t0 = performance.now();
      let n = 0;
      while (performance.now() < end) {
        tx();
        n++;
      }
      return n / ((performance.now() - t0) / 1000);
    };
    const oneInsertTxPerSecond = rate(one);
    const txPerSecondAt50 = rate(fifty);
    return { oneInsertTxPerSecond, txPerSecondAt50, rowsPerSecondAt50: txPerSecondAt50 * ROWS_PER_GROUP };
  } finally {
    db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
