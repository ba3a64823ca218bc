import { expect, it } from 'vitest';
import { DEFAULT_PRIZE_TABLE } from '../../core';
import { TicketService } from '../ticket-service';
import { PgStorage } from './pg-storage';
import { sent } from './pg-tx';
import { describeOnPostgres } from './postgres-suite';

/**
 * A group's locked reads sent ahead together (pg-batch.ts): fewer round trips, and a read is never taken ahead of a
 * write it must see (the same player twice in a group reads at its turn).
 */
describeOnPostgres('reads ahead in a group', (backend) => {
  it("ten players' buys in one group: one round trip for their reads; the same player twice still sees its first buy", async () => {
    const storage = await PgStorage.open(await backend().create());
    try {
      const service = new TicketService(storage, DEFAULT_PRIZE_TABLE);
      const players = [];
      for (let i = 0; i < 10; i++) players.push(await service.createPlayer(`token-${i}`));
      // A first buy opens the block, so the group below deals from it.
      const warm = await service.createPlayer('token-warm');
      expect((await service.buy(warm, 'warm')).status).toBe(200);

      const before = { ...sent };
      const replies = await Promise.all(players.map((p, i) => service.buy(p, `buy-${i}`)));
      expect(replies.map((r) => r.status)).toEqual(players.map(() => 200));
      // Ten buys: their ten locked reads in one round trip, then each buy's own reads, and the COMMIT.
      const trips = sent.roundTrips - before.roundTrips;
      expect(trips).toBeLessThan(10 * 2);

      // The same player twice in one group (and another between): the second buy must see the first's ticket.
      const [twice, other] = [await service.createPlayer('token-twice'), await service.createPlayer('token-other')];
      const [first, between, second] = await Promise.all([
        service.buy(twice, 'a'),
        service.buy(other, 'b'),
        service.buy(twice, 'c'),
      ]);
      expect([first.status, between.status, second.status]).toEqual([200, 200, 409]);
      expect(JSON.parse(second.body).error.code).toBe('ticket-in-play');
      // And a key sent again in the same group gets the first one's reply, not a second ticket.
      const again = await service.createPlayer('token-again');
      const [x, y] = await Promise.all([service.buy(again, 'same'), service.buy(again, 'same')]);
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(y.body).toBe(x.body);
    } finally {
      await storage.close();
    }
  });
});
