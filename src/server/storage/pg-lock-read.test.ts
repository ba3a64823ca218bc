import { expect, it } from 'vitest';
import { PgStorage } from './pg-storage';
import { describeOnPostgres } from './postgres-suite';
import type { StorageTx } from './storage';

/**
 * A keyed request that waits for its player's row, held by another instance's group, must read what that group
 * committed: its balance (the ledger keeps a running balance, so a stale one would be written on) and its stored
 * reply. A read in the same statement as the lock would keep the snapshot taken before the wait and miss both (a key
 * sent twice would then be refused by the replies' primary key and applied again carefully; a balance nothing catches).
 */
describeOnPostgres('a locked read sees what the lock holder committed', (backend) => {
  it('one player on two instances at once: the second waits, then reads the balance and reply the first committed', async () => {
    const db = await backend().create();
    const [a, b] = [await PgStorage.open(db), await PgStorage.open(db)];
    try {
      const at = new Date().toISOString();
      const p = await a.transact(
        async (tx) => {
          const player = await tx.createPlayer('terminal', null, 't1', at);
          await tx.addLedger(player.id, 'opening', 500, null, at);
          return player;
        },
        { play: false },
      );
      let holding!: () => void;
      const held = new Promise<void>((r) => (holding = r));
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      // A top-up of 100 cents under `key`, unless its reply is already stored.
      const topUp = (key: string, wait: boolean) => async (tx: StorageTx) => {
        const stored = await tx.storedReply(p.id, key);
        if (stored) return { again: true, balance: await tx.balance(p.id) };
        if (wait) {
          holding();
          await released;
        }
        const balance = await tx.addLedger(p.id, 'top-up', 100, null, at);
        await tx.storeReply(p.id, key, { bodyHash: 'h', status: 200, reply: String(balance) }, at);
        return { again: false, balance };
      };
      const first = a.transact(topUp('k1', true), { play: true });
      await held;
      const second = b.transact(topUp('k2', false), { play: true });
      const resent = b.transact(topUp('k1', false), { play: true });
      // The second instance's read is on its way and waits for the player's row; then the first commits.
      await new Promise((r) => setTimeout(r, 300));
      release();
      expect(await first).toEqual({ again: false, balance: 600 });
      expect(await second).toEqual({ again: false, balance: 700 });
      expect((await resent).again).toBe(true);
      const ledger = await backend().read(db, (r) =>
        r.all<{ balance_after: number }>("SELECT balance_after FROM ledger WHERE kind = 'top-up' ORDER BY id", []),
      );
      expect(ledger.map((x) => Number(x.balance_after))).toEqual([600, 700]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
