import { expect, it } from 'vitest';
import { PgStorage } from './pg-storage';
import { describeOnPostgres } from './postgres-suite';

/**
 * A real deadlock between two instances (each locks one player's row, then the other's): PostgreSQL cancels one
 * group (40P01), which is applied again and then commits; both requests succeed, neither is applied twice.
 */
describeOnPostgres('deadlocks are retried', (backend) => {
  it('two groups waiting on each other: one is cancelled, applied again, and both commit once', async () => {
    const db = await backend().create();
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
      // One group is cancelled; on a loaded machine both deadlock checks can fire before the first victim's locks are
      // released, and then both are (each is applied again once).
      expect(a.retries + b.retries).toBeGreaterThanOrEqual(1);
      expect(a.retries + b.retries).toBeLessThanOrEqual(2);
      const stored = await backend().read(db, (r) =>
        r.all<{ key: string }>('SELECT key FROM replies ORDER BY key', []),
      );
      expect(stored.map((x) => x.key)).toEqual(['ab', 'ba']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a write refused in a round trip shared with the next request's read: only its own request fails", async () => {
    const db = await backend().create();
    const storage = await PgStorage.open(db);
    try {
      const at = new Date().toISOString();
      const p = await storage.transact((tx) => tx.createPlayer('terminal', null, 't1', at), { play: false });
      const store = (key: string, ticketId: string | null) =>
        storage.transact(
          async (tx) => {
            await tx.storedReply(p.id, key);
            const reply = ticketId
              ? { bodyHash: 'h', status: 200, update: { ticketId, seq: 0, balanceCents: 0 } }
              : { bodyHash: 'h', status: 200, reply: key };
            await tx.storeReply(p.id, key, reply, at);
            return key;
          },
          { play: true },
        );
      // Submitted together: one group. The second names a ticket that does not exist (a foreign key refuses it),
      // and its write travels with the third request's first read.
      const results = await Promise.allSettled([store('k1', null), store('k2', 'no-such-ticket'), store('k3', null)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/);
      const stored = await backend().read(db, (r) =>
        r.all<{ key: string }>('SELECT key FROM replies ORDER BY key', []),
      );
      expect(stored.map((x) => x.key)).toEqual(['k1', 'k3']);
    } finally {
      await storage.close();
    }
  });
});
