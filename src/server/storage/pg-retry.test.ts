import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../../../tools/postgres/temp-postgres';
import { type Backend, postgresBackend } from './backends';
import { PgStorage } from './pg-storage';

/**
 * A real deadlock between two instances (each locks one player's row, then the other's): PostgreSQL cancels one
 * group (40P01), which is applied again and then commits; both requests succeed, neither is applied twice.
 */
const runs: [string][] = postgresAvailable() ? [['postgres']] : [];
if (runs.length === 0) console.warn('[pg-retry] PostgreSQL (initdb, pg_ctl) not found: not run');

describe.each(runs)('%s: deadlocks are retried', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await postgresBackend();
  }, 60_000);
  afterAll(async () => backend?.dispose(), 60_000);

  it('two groups waiting on each other: one is cancelled, applied again, and both commit once', async () => {
    const db = await backend.create();
    const [a, b] = [await PgStorage.open(db), await PgStorage.open(db)];
    try {
      const at = new Date().toISOString();
      const [p1, p2] = [
        await a.transact((tx) => tx.createPlayer('terminal', null, 't1', at), { play: false }),
        await a.transact((tx) => tx.createPlayer('terminal', null, 't2', at), { play: false }),
      ];
      let locked = 0;
      let bothLocked!: () => void;
      const barrier = new Promise<void>((r) => (bothLocked = r));
      const crossing =
        (first: number, second: number, key: string) =>
        async (tx: Parameters<Parameters<PgStorage['transact']>[0]>[0]) => {
          await tx.storedReply(first, key);
          if (++locked === 2) bothLocked();
          await barrier;
          await tx.storedReply(second, key);
          await tx.storeReply(first, key, { bodyHash: 'h', status: 200, reply: key }, at);
          return key;
        };
      const results = await Promise.all([
        a.transact(crossing(p1.id, p2.id, 'ab'), { play: true }),
        b.transact(crossing(p2.id, p1.id, 'ba'), { play: true }),
      ]);
      expect(results).toEqual(['ab', 'ba']);
      expect(a.retries + b.retries).toBe(1);
      const stored = await backend.read(db, (r) => r.all<{ key: string }>('SELECT key FROM replies ORDER BY key', []));
      expect(stored.map((x) => x.key)).toEqual(['ab', 'ba']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
