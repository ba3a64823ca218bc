import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A worker's answer to one checkpoint: SQLite's `wal_checkpoint` row (frames in the WAL, frames copied back). */
export interface CheckpointReport {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
  readonly ms: number;
}

/**
 * The worker's program, plain JavaScript run with `eval` so that it works the same under tsx and in the bundled server
 * (a second file would not be in the bundle). Its own connection to the file, synchronous=FULL so the checkpoint
 * fsyncs the WAL before copying it and the database file after.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const t0 = performance.now();
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    parentPort.postMessage({ busy: r.busy, log: r.log, checkpointed: r.checkpointed, ms: performance.now() - t0 });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
});
`;

/** How often the worker copies the WAL back while groups are committed (SQLite's own default is every 1,000 pages). */
export const CHECKPOINT_EVERY_MS = 250;
/**
 * WAL frames (pages) after which the next group waits for a checkpoint to end before it begins, so that it finds the
 * whole WAL copied back and writes it again from its start: the bound on the WAL (16 MB of 4 KiB pages, plus what is
 * written in one checkpoint's time).
 */
export const RESET_AT_FRAMES = 4000;

/** The two thresholds (tests make them small). */
export interface CheckpointPolicy {
  readonly everyMs: number;
  readonly resetAtFrames: number;
}

export const DEFAULT_CHECKPOINT_POLICY: CheckpointPolicy = {
  everyMs: CHECKPOINT_EVERY_MS,
  resetAtFrames: RESET_AT_FRAMES,
};

/**
 * SQLite's WAL checkpoints out of the event loop. The serving connection has automatic checkpoints off (one would
 * run inside a COMMIT every 1,000 pages: page copies and an fsync of the database file, with the event loop blocked);
 * this worker thread, with its own connection, copies the WAL back into the database file (PASSIVE: it never blocks
 * the writer) at most every CHECKPOINT_EVERY_MS while groups are committed.
 *
 * Under steady writing a PASSIVE checkpoint is always a little behind the writer, and SQLite writes the WAL again from
 * its start only when a transaction begins with every frame copied back. So once a checkpoint finds RESET_AT_FRAMES in
 * the WAL, the serving side holds its next group until a checkpoint ends (`fence`): requests are still read meanwhile,
 * and that checkpoint copies only what the last one left. The WAL stays bounded.
 */
export class WalCheckpointer {
  /** Public for tests, which stop it to see the serving side take checkpoints back. */
  readonly worker: Worker;
  private inFlight: Promise<CheckpointReport> | null = null;
  /** How the checkpoint in flight ends: by the worker's answer, or by the worker stopping. */
  private settle: { readonly fenced: boolean; resolve(r: CheckpointReport): void; reject(e: Error): void } | null =
    null;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastFence = Number.NEGATIVE_INFINITY;
  /** Frames in the WAL at the last checkpoint, or 0 when a fenced one copied them all (the WAL then starts over). */
  private lastLog = 0;
  private closed = false;
  private exited = false;
  /** The last checkpoints' reports, newest last (for tests and the bench). */
  readonly reports: CheckpointReport[] = [];
  /** Fenced checkpoints so far: groups that waited for one. */
  fences = 0;
  failure: string | null = null;

  /**
   * `stopped` is called if the worker stops before `close` (it could not open the file, or died): the serving
   * connection must then checkpoint by itself again, or the WAL would grow without bound.
   */
  constructor(
    file: string,
    private readonly policy: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY,
    stopped: () => void = () => {},
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    // A storage a test forgot to close must not keep the process alive.
    this.worker.unref();
    this.worker.on('message', (m: CheckpointReport | { error: string }) => {
      const s = this.settle;
      this.settle = null;
      if (!s) return;
      if ('error' in m) {
        this.failure = m.error;
        s.reject(new Error(m.error));
        return;
      }
      // Fenced and all copied: the next group writes the WAL from its start (unless another process still reads it,
      // which the next checkpoint's report shows).
      this.lastLog = s.fenced && m.checkpointed === m.log ? 0 : m.log;
      this.reports.push(m);
      if (this.reports.length > 64) this.reports.shift();
      s.resolve(m);
    });
    this.worker.on('error', (e) => {
      this.failure = e.message;
    });
    this.worker.on('exit', () => {
      this.exited = true;
      const s = this.settle;
      this.settle = null;
      s?.reject(new Error('the checkpoint worker stopped'));
      if (!this.closed) {
        this.failure ??= 'the checkpoint worker stopped';
        this.closed = true;
        stopped();
      }
    });
  }

  /** After a COMMIT: starts a checkpoint when none ran for CHECKPOINT_EVERY_MS. */
  committed(now = performance.now()): void {
    if (this.inFlight === null && !this.closed && now - this.lastStart >= this.policy.everyMs) void this.checkpoint();
  }

  /** What the next group must wait for before it begins (a checkpoint, once the WAL held RESET_AT_FRAMES), or null. */
  fence(now = performance.now()): Promise<void> | null {
    // At most one fence per period: a reader in another process can keep SQLite from starting the WAL over, and the
    // groups must not all wait meanwhile.
    if (this.closed || this.lastLog < this.policy.resetAtFrames || now - this.lastFence < this.policy.everyMs)
      return null;
    this.fences++;
    this.lastFence = now;
    const done = this.inFlight
      ? this.inFlight.catch(() => {}).then(() => this.checkpoint(true))
      : this.checkpoint(true);
    return done.then(
      () => {},
      () => {},
    );
  }

  /** One PASSIVE checkpoint in the worker; `fenced`: no group commits before it ends. */
  checkpoint(fenced = false): Promise<CheckpointReport> {
    if (this.inFlight) return this.inFlight;
    if (this.closed) return Promise.reject(new Error('the checkpointer is closed'));
    this.lastStart = performance.now();
    const p = new Promise<CheckpointReport>((resolve, reject) => {
      this.settle = { fenced, resolve, reject };
      this.worker.ref();
      this.worker.postMessage('checkpoint');
    }).finally(() => {
      this.inFlight = null;
      if (!this.exited) this.worker.unref();
    });
    this.inFlight = p;
    // A failed checkpoint leaves the WAL to the next one (or to the close); the serving side must not stop for it.
    p.catch(() => {});
    return p;
  }

  /** Waits for a checkpoint in flight, then closes the worker's connection (before the serving one closes). */
  async close(): Promise<void> {
    if (this.exited) return;
    this.closed = true;
    await this.inFlight?.catch(() => {});
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    await gone;
  }
}
