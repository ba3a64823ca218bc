import type { Database, Statement } from 'better-sqlite3';
import { type Faults, NO_FAULTS } from './fault-injection';

interface Job {
  readonly work: () => Promise<unknown>;
  readonly play: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/**
 * Group commit: the requests that arrive together are applied in ONE transaction (one fsync for all of them), one
 * after the other, each in its own savepoint so a request that throws rolls back only itself. Every promise settles
 * only after the COMMIT, so no reply can leave before its events are durable. A group is flushed on the next turn of
 * the event loop, or at once when `maxBatch` requests are waiting; a group waits for the one before it to commit.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private running: Promise<void> | null = null;
  private readonly rollbackListeners: (() => void)[] = [];
  private readonly beginListeners: (() => void)[] = [];
  private readonly commitListeners: (() => void)[] = [];
  /** What the next group waits for before it begins (see `gateWith`), while it holds. */
  private gate: Promise<void> | null = null;
  private gateSource: (() => Promise<void> | null) | null = null;
  /** A request's savepoint, prepared once: `exec` would compile its SQL again at every request. */
  private readonly savepoint: { readonly open: Statement; readonly release: Statement; readonly undo: Statement };

  constructor(
    private readonly db: Database,
    private readonly maxBatch = 512,
    private readonly faults: Faults = NO_FAULTS,
  ) {
    this.savepoint = {
      open: db.prepare('SAVEPOINT request'),
      release: db.prepare('RELEASE request'),
      undo: db.prepare('ROLLBACK TO request'),
    };
  }

  submit<T>(work: () => Promise<T>, play: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, play, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length >= this.maxBatch) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  onRollback(listener: () => void): void {
    this.rollbackListeners.push(listener);
  }

  /** Called once a group holds the write lock, before its first request: what was read before may have changed. */
  onBegin(listener: () => void): void {
    this.beginListeners.push(listener);
  }

  /** Called after every COMMIT that succeeded, before the group's replies are released. */
  onCommit(listener: () => void): void {
    this.commitListeners.push(listener);
  }

  /**
   * `source` is asked before each group begins: a promise it returns holds that group (and the requests that arrive
   * meanwhile join it) until it settles. The event loop stays free meanwhile; reads do not wait for it.
   */
  gateWith(source: () => Promise<void> | null): void {
    this.gateSource = source;
  }

  /** Resolves once no group is being applied (reads wait for it: they must not see a group before its COMMIT). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Applies and commits everything waiting (after the group being applied, if any). */
  async flush(): Promise<void> {
    // No await when no group runs: the requests waiting now are taken now, not those arriving meanwhile.
    for (;;) {
      while (this.running || this.gate) await (this.running ?? this.gate);
      const gate = this.gateSource?.() ?? null;
      if (gate === null) break;
      this.gate = gate;
      await gate;
      if (this.gate === gate) this.gate = null;
    }
    this.scheduled = false;
    const jobs = this.queue;
    if (jobs.length === 0) return;
    this.queue = [];
    const done = this.runGroup(jobs);
    this.running = done;
    try {
      await done;
    } finally {
      this.running = null;
    }
  }

  private async runGroup(jobs: readonly Job[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const listener of this.beginListeners) listener();
      for (const job of jobs) {
        this.savepoint.open.run();
        try {
          const value = await job.work();
          this.savepoint.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          this.savepoint.undo.run();
          this.savepoint.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      if (jobs.some((j) => j.play)) this.faults.beforeCommit();
      this.db.exec('COMMIT');
    } catch (error) {
      // The COMMIT (or the group itself) failed: nothing of the group is durable, so no one may be told otherwise.
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const listener of this.rollbackListeners) listener();
      for (const job of jobs) job.reject(error);
      return;
    }
    if (jobs.some((j) => j.play)) this.faults.afterCommit();
    for (const listener of this.commitListeners) listener();
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
