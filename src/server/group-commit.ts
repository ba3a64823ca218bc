import type { Database } from 'better-sqlite3';
import { NO_FAULTS, type Faults } from './fault-injection';

interface Job {
  readonly work: () => unknown;
  readonly play: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/**
 * Group commit: the requests that arrive together are applied in ONE transaction (one fsync for all of them), each in
 * its own savepoint so a request that throws rolls back only itself. Every promise settles only after the COMMIT,
 * so no reply can leave before its events are durable. A group is flushed on the next turn of the event loop, or at
 * once when `maxBatch` requests are waiting.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private readonly rollbackListeners: (() => void)[] = [];
  private readonly runGroup: (jobs: readonly Job[], outcomes: Outcome[]) => void;

  constructor(
    private readonly db: Database,
    private readonly maxBatch = 512,
    private readonly faults: Faults = NO_FAULTS,
  ) {
    // better-sqlite3: a transaction function called inside another one runs as a SAVEPOINT.
    const one = db.transaction((work: () => unknown) => work());
    this.runGroup = db.transaction((jobs: readonly Job[], outcomes: Outcome[]) => {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: one(job.work) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
      if (jobs.some((j) => j.play)) this.faults.beforeCommit();
    });
  }

  submit<T>(work: () => T, play: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, play, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  onRollback(listener: () => void): void {
    this.rollbackListeners.push(listener);
  }

  /** Applies and commits everything waiting. */
  flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    if (jobs.length === 0) return;
    this.queue = [];
    const outcomes: Outcome[] = [];
    try {
      this.runGroup(jobs, outcomes);
    } catch (error) {
      // The COMMIT (or the group itself) failed: nothing of the group is durable, so no one may be told otherwise.
      for (const listener of this.rollbackListeners) listener();
      for (const job of jobs) job.reject(error);
      return;
    }
    if (jobs.some((j) => j.play)) this.faults.afterCommit();
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }

  /** Whether the database is still open for new groups. */
  get open(): boolean {
    return this.db.open;
  }
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };
