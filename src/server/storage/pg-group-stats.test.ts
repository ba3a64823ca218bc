import { expect, it } from 'vitest';
import { DEFAULT_PRIZE_TABLE } from '../../core';
import { TicketService } from '../ticket-service';
import { PgStorage } from './pg-storage';
import { describeOnPostgres } from './postgres-suite';
import type { PlayerRow } from './storage';

/**
 * The counters the server bench reads from each instance: groups committed, the requests they held, and how long the
 * groups that dealt held the open block's row (only those).
 */
describeOnPostgres('group counters', (backend) => {
  it('counts groups and their requests, and the block row held only by groups that dealt', async () => {
    const storage = await PgStorage.open(await backend().create());
    try {
      const service = new TicketService(storage, DEFAULT_PRIZE_TABLE);
      const players: PlayerRow[] = [];
      for (let i = 0; i < 6; i++) players.push(await service.createPlayer(`token-${i}`));
      // A first buy opens the block (inserted, not locked: no hold counted), so the group below deals from its row.
      const warm = await service.createPlayer('token-warm');
      expect((await service.buy(warm, 'warm')).status).toBe(200);
      expect(storage.blockHolds).toBe(0);

      const g0 = storage.groups;
      const r0 = storage.groupedRequests;
      const buys = await Promise.all(players.map((p, i) => service.buy(p, `buy-${i}`)));
      expect(buys.map((r) => r.status)).toEqual(players.map(() => 200));
      // Six requests arriving together: one group (two at most if the first flushed early), all six counted.
      expect(storage.groups - g0).toBeGreaterThanOrEqual(1);
      expect(storage.groups - g0).toBeLessThanOrEqual(2);
      expect(storage.groupedRequests - r0).toBe(6);
      expect(storage.blockHolds).toBe(storage.groups - g0);
      expect(storage.blockHeldMs).toBeGreaterThan(0);
      expect(storage.blockHeldBeforeCommitMs).toBeGreaterThanOrEqual(0);
      expect(storage.blockHeldBeforeCommitMs).toBeLessThanOrEqual(storage.blockHeldMs);

      // Commands deal nothing: a group of them is counted, the block's holds are not.
      const holds = storage.blockHolds;
      const g1 = storage.groups;
      const commands = await Promise.all(
        buys.map((b, i) => {
          const ticket = (JSON.parse(b.body) as { ticket: string }).ticket;
          return service.command(players[i]!, {
            key: `reveal-${i}`,
            ticket,
            seq: 1,
            command: { type: 'reveal' },
          } as Parameters<TicketService['command']>[1]);
        }),
      );
      expect(commands.map((c) => c.status)).toEqual(players.map(() => 200));
      expect(storage.groups).toBeGreaterThan(g1);
      expect(storage.blockHolds).toBe(holds);
    } finally {
      await storage.close();
    }
  });
});
