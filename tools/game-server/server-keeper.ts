/**
 * The one game server the simulated players talk to, across its deaths and restarts: where it listens now, and a
 * wait for it to be back after a lost connection.
 */
import type { RunningServer } from './server-process';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class ServerKeeper {
  private current: RunningServer | null = null;
  private last: URL | null = null;
  private waiters: (() => void)[] = [];
  /** Connections lost (or 5xx replies) the players waited out. */
  lostReplies = 0;

  /** Where to send: the running server, or the last one (a request then fails and waits for the next). */
  readonly url = (): URL => {
    if (!this.last) throw new Error('no game server has started yet');
    return this.last;
  };

  set(s: RunningServer): void {
    this.current = s;
    this.last = s.url;
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  clear(): void {
    this.current = null;
  }

  get running(): RunningServer | null {
    return this.current;
  }

  /**
   * After a lost reply: a short pause (the death may not be noticed yet), then wait for a running server. A request
   * lost to something else than a death is simply sent again after the pause.
   */
  readonly recover = async (): Promise<void> => {
    this.lostReplies++;
    await sleep(15);
    if (this.current) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  };
}
