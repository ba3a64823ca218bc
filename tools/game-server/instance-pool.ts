/**
 * Several game-server instances behind one address book, as a load balancer would hold them: each player sticks to
 * one instance and goes to the next one up while its own is down. A lost reply waits until some instance is up.
 */
import type { RunningServer } from './server-process';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class InstancePool {
  private readonly running: (RunningServer | null)[];
  private readonly last: (URL | null)[];
  private waiters: (() => void)[] = [];
  /** Connections lost (or 5xx replies) the players waited out. */
  lostReplies = 0;

  constructor(readonly size: number) {
    this.running = new Array<RunningServer | null>(size).fill(null);
    this.last = new Array<URL | null>(size).fill(null);
  }

  /** The address for a player: its own instance if up, else the next one up, else its own last address. */
  urlFor(player: number): () => URL {
    return () => {
      const home = player % this.size;
      for (let i = 0; i < this.size; i++) {
        const s = this.running[(home + i) % this.size];
        if (s) return s.url;
      }
      const known = this.last[home] ?? this.last.find((u) => u !== null);
      if (!known) throw new Error('no game server instance has started yet');
      return known;
    };
  }

  set(i: number, s: RunningServer): void {
    this.running[i] = s;
    this.last[i] = s.url;
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  clear(i: number): void {
    this.running[i] = null;
  }

  at(i: number): RunningServer | null {
    return this.running[i] ?? null;
  }

  readonly recover = async (): Promise<void> => {
    this.lostReplies++;
    await sleep(25);
    if (this.running.some((s) => s !== null)) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  };
}
