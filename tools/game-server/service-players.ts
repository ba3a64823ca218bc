import { randomBytes } from 'node:crypto';
import { SeededSource } from '../../src/core/seeded-source';
import type { TicketUpdate } from '../../src/protocol/messages';
import type { TicketService } from '../../src/server/ticket-service';
import { nextCommand } from './ticket-bot';

/**
 * Players playing whole tickets straight through the ticket services (no HTTP), spread over them as over server
 * instances: the load of the benches that measure the service alone. A refused buy or command stops the run.
 */
export class ServicePlayers {
  /** Durable buys and commands so far (top-ups left out). */
  commands = 0;
  /** Each command's time from call to durable reply while `measuring` (buys and top-ups left out). */
  readonly latencies: number[] = [];
  measuring = false;
  private keys = 0;

  constructor(private readonly services: readonly TicketService[]) {}

  /** Player `index` plays whole tickets (topping up when the balance runs out) until `until()` holds. */
  async play(index: number, until: () => boolean): Promise<void> {
    const service = this.services[index % this.services.length]!;
    const player = await service.createPlayer(randomBytes(32).toString('hex'));
    const choices = SeededSource.fromSeed(index + 1);
    while (!until()) {
      let r = await service.buy(player, this.key());
      if (r.status === 402) {
        await service.topUp(player, this.key());
        r = await service.buy(player, this.key());
      }
      this.commands++;
      if (r.status !== 200) throw new Error(`buy refused: ${r.body}`);
      let u = JSON.parse(r.body) as TicketUpdate;
      for (let c = nextCommand(u.snapshot, choices); c; c = nextCommand(u.snapshot, choices)) {
        const t0 = performance.now();
        const reply = await service.command(player, { key: this.key(), ticket: u.ticket, seq: u.nextSeq, command: c });
        if (this.measuring) this.latencies.push(performance.now() - t0);
        this.commands++;
        if (reply.status !== 200) throw new Error(`command refused: ${reply.body}`);
        u = JSON.parse(reply.body) as TicketUpdate;
      }
    }
  }

  /** Keys in time order, as the browser and the simulated players send them. */
  private key(): string {
    return `k${String(++this.keys).padStart(10, '0')}`;
  }
}
