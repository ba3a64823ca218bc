import pg from 'pg';
import { type Faults, NO_FAULTS } from '../fault-injection';
import { runAhead } from './pg-batch';
import { PG_MIGRATIONS, PG_SCHEMA_VERSION } from './pg-schema';
import { PgTx, type PrintedSight, pipelined } from './pg-tx';
import { PlayersWait } from './players-wait';
import { type Storage, StorageOpenError, type StorageTx, type TransactOptions } from './storage';

// BIGINT columns (ids, audit seq) as numbers: they stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

/** Serialization failures and deadlocks: the whole group is tried again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export const isRetryable = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && RETRYABLE.has(String((e as { code?: unknown }).code));
/** An error that PostgreSQL itself raised (it has an SQLSTATE), as opposed to a lost connection. */
const isDatabaseError = (e: unknown): boolean => e instanceof pg.DatabaseError;

/** The URL without its password, for messages and the ready line. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(an invalid URL)';
  }
}

const guarded = new WeakSet<pg.PoolClient>();

interface Job {
  readonly work: (tx: StorageTx) => Promise<unknown>;
  readonly play: boolean;
  readonly deals: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: unknown) => void;
}

/**
 * The longest wait for a group's players before the next group (players-wait.ts). Measured with three instances and
 * 100 players on two cores: 1 ms made groups of 23 commands instead of 16, 4 ms of 32 (an instance's 33 players); 8 ms
 * no more than 4. A light load pays it at most every other group.
 */
const PLAYERS_WAIT_MS = 4;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The game server's record in PostgreSQL, shared by several server instances. Requests arriving together are
 * applied in one transaction (group commit, as on SQLite), one after the other; every reply settles after the COMMIT.
 * Row locks (FOR UPDATE) serialise what must be: a player's row for each of its keyed requests (so one ticket's
 * commands), the open block's row for each deal (so a ticket is dealt once), and the audit chain's head, taken last,
 * for the one round trip that writes the chained entries with the COMMIT. Two groups can still wait on each other
 * (a player's row here, the block's there): PostgreSQL then cancels one with a deadlock (40P01), which, like a
 * serialization failure (40001), retries the whole group. No savepoint per request (two round trips saved each): a
 * request that throws rolls the group back, is rejected alone, and the others are applied again from scratch
 * (nothing of them was committed nor replied, and the caches are dropped).
 */
export class PgStorage implements Storage {
  readonly shared = true;
  readonly description: string;
  private queue: Job[] = [];
  private scheduled = false;
  /** The wait for the players of the group just committed, before the next group starts. */
  readonly playersWait = new PlayersWait(PLAYERS_WAIT_MS, () => this.flush());
  /** Groups being applied now, each on its own connection. */
  private readonly running = new Set<Promise<void>>();
  private readonly rollbackListeners: (() => void)[] = [];
  private closed = false;
  /** Groups tried again after a serialization failure or deadlock (for the chaos run's figures). */
  retries = 0;
  /** Groups committed, and the requests they held (for the bench's commands per transaction, per instance). */
  groups = 0;
  groupedRequests = 0;
  /**
   * Of the committed groups that locked the open block's row: how many, and for how long (ms) they held it — from
   * the lock's grant to the COMMIT's reply — of which until the COMMIT was sent (this instance's own work between).
   */
  blockHolds = 0;
  blockHeldMs = 0;
  blockHeldBeforeCommitMs = 0;
  /** Printed tickets' holders as commands read them under lock, for the printed store (pg-printed-store.ts). */
  readonly printedSight: PrintedSight = new Map();

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly faults: Faults,
    private readonly maxBatch: number,
    private readonly maxGroups: number,
  ) {
    this.description = describeUrl(url);
  }

  /** Connects, applies the migrations the database lacks, and refuses one newer than this code. */
  static async open(url: string, faults: Faults = NO_FAULTS, maxBatch = 256, maxGroups = 1): Promise<PgStorage> {
    // A connection per group in flight, and some for reads.
    // Pipelining: a request's statements (the writes of the one before, its reads) go out together, one round trip.
    const pool = new pg.Pool({
      connectionString: url,
      max: maxGroups + 4,
      connectionTimeoutMillis: 10_000,
      pipeline: true,
    });
    // A connection that dies while idle (the database restarted) is dropped from the pool; the next query opens another.
    pool.on('error', () => {});
    try {
      await migrate(pool, url);
    } catch (e) {
      await pool.end().catch(() => {});
      if (e instanceof StorageOpenError) throw e;
      throw new StorageOpenError(describeUrl(url), (e as Error).message);
    }
    const storage = new PgStorage(pool, url, faults, maxBatch, maxGroups);
    if (process.env['POULE_PG_GROUP_STATS'] === '1') tellGroupsOnSignal(storage);
    return storage;
  }

  transact<T>(work: (tx: StorageTx) => Promise<T>, options: TransactOptions): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work,
        play: options.play,
        deals: options.deals === true,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      if (this.queue.length >= this.maxBatch) this.flush();
      else if (this.playersWait.waiting) {
        if (this.playersWait.ready(this.queue.length)) this.flush();
      } else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** One read-only REPEATABLE READ transaction: everything `work` reads is one committed state. */
  async read<T>(work: (tx: StorageTx) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      // BEGIN goes with the first read, COMMIT alone: a read of one statement is two round trips.
      const tx = new PgTx(client, false);
      tx.queue('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await work(tx);
      tx.queue('COMMIT');
      await tx.flush();
      return value;
    } catch (e) {
      broken = !isDatabaseError(e);
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw e;
    } finally {
      client.release(broken);
    }
  }

  onRollback(listener: () => void): void {
    this.rollbackListeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.playersWait.end(this.queue.length);
    while (this.queue.length > 0 || this.running.size > 0) {
      this.flush();
      await Promise.all([...this.running]);
    }
    await this.pool.end();
  }

  /**
   * Starts a group with what waits, when fewer than `maxGroups` run. A request's round trips are waits, not work:
   * with several groups in flight the instance keeps the database and its own core busy meanwhile. The row locks keep
   * them apart (a player's requests, a deal), as they keep instances apart. One by default: measured here, more
   * groups in flight mostly wait on the open block's row (every group with a buy holds it until its COMMIT).
   */
  private flush(): void {
    this.scheduled = false;
    this.playersWait.end(this.queue.length);
    if (this.queue.length === 0 || this.running.size >= this.maxGroups) return;
    const jobs = this.queue;
    this.queue = [];
    const done = this.runGroup(jobs).finally(() => {
      this.running.delete(done);
      const alone = !this.closed && this.running.size === 0;
      if (!alone || this.playersWait.startNow(jobs.length, this.queue.length, this.maxBatch)) {
        if (this.queue.length > 0) this.flush();
      }
    });
    this.running.add(done);
  }

  /**
   * A connection from the pool, with an error listener of its own: a connection cut while in use (the database
   * restarted) must fail its query, not crash the process with an unhandled 'error' event.
   */
  private async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (!guarded.has(client)) {
      guarded.add(client);
      client.on('error', () => {});
    }
    return client;
  }

  private rolledBack(): void {
    for (const listener of this.rollbackListeners) listener();
  }

  private async runGroup(all: readonly Job[]): Promise<void> {
    try {
      await this.applyGroup(all);
    } finally {
      this.printedSight.clear();
    }
  }

  private async applyGroup(all: readonly Job[]): Promise<void> {
    // The requests arrived together, so any order is theirs: deals last (stable), so the open block's row, which the
    // first deal locks until the COMMIT, keeps other instances' deals waiting for as few round trips as can be.
    let jobs = [...all.filter((j) => !j.deals), ...all.filter((j) => j.deals)];
    // A request's writes normally travel with the next round trip (the next request's first read, or the COMMIT), so
    // the database may refuse them there, where the refusal cannot be told to be whose: then the group is rolled back
    // and applied again `careful`ly, each request's writes sent at its end, so a refusal is its own request's.
    let careful = false;
    for (let attempt = 1; jobs.length > 0; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await this.connect();
      } catch (e) {
        for (const job of jobs) job.reject(e);
        return;
      }
      let broken = false;
      try {
        const tx = new PgTx(client, true, this.printedSight);
        tx.queue('BEGIN');
        let values: unknown[] = [];
        let failed: { job: Job; error: unknown } | null = null;
        if (careful) {
          for (const job of jobs) {
            try {
              values.push(await job.work(tx));
              await tx.flush();
            } catch (error) {
              failed = { job, error };
              break;
            }
          }
        } else {
          // The requests' first (locked) reads go out together, then each request runs in turn (pg-batch.ts).
          const ran = await runAhead(
            tx,
            jobs.map((j) => j.work),
          );
          values = ran.values;
          if (ran.failure) failed = { job: jobs[ran.failure.index]!, error: ran.failure.error };
        }
        if (failed) {
          // The database's own trouble is the group's; anything else is this request's alone.
          if (isRetryable(failed.error) || isConnectionError(failed.error)) throw failed.error;
          if (!careful && isDatabaseError(failed.error)) throw new CarefulAgain(failed.error);
        }
        if (failed) {
          await client.query('ROLLBACK');
          this.rolledBack();
          failed.job.reject(failed.error);
          jobs = jobs.filter((j) => j !== failed!.job);
          continue;
        }
        // The audit entries, chained by the database with the COMMIT (the chain's head locked for no round trip).
        tx.appendAudits();
        const play = jobs.some((j) => j.play);
        if (play) this.faults.beforeCommit();
        tx.queue('COMMIT');
        const commitSentAt = performance.now();
        try {
          await pipelined(client, tx.takePending());
        } catch (error) {
          if (!careful && isDatabaseError(error) && !isRetryable(error)) throw new CarefulAgain(error);
          throw error;
        }
        if (play) this.faults.afterCommit();
        this.groups++;
        this.groupedRequests += jobs.length;
        if (tx.blockLockedAt !== null) {
          this.blockHolds++;
          this.blockHeldMs += performance.now() - tx.blockLockedAt;
          this.blockHeldBeforeCommitMs += commitSentAt - tx.blockLockedAt;
        }
        jobs.forEach((job, i) => {
          job.resolve(values[i]);
        });
        return;
      } catch (thrown) {
        const again = thrown instanceof CarefulAgain;
        const error = again ? thrown.cause : thrown;
        broken = !isDatabaseError(error);
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        this.rolledBack();
        if (again) {
          careful = true;
          attempt--;
          continue;
        }
        if (isRetryable(error) && attempt < MAX_ATTEMPTS) {
          this.retries++;
          await sleep(Math.random() * 10 * attempt);
          continue;
        }
        // Nothing of the group is durable (or, if the COMMIT itself was cut off, the keys tell on the resend).
        for (const job of jobs) job.reject(error);
        return;
      } finally {
        client.release(broken);
      }
    }
  }
}

/**
 * For the server bench: the group counters on stderr now (so the bench knows it may ask) and at each SIGUSR2, so
 * that it can count each instance's requests per transaction over its measuring window.
 */
function tellGroupsOnSignal(storage: PgStorage): void {
  const tell = (): void => {
    process.stderr.write(
      `pg-groups ${JSON.stringify({
        groups: storage.groups,
        commands: storage.groupedRequests,
        retries: storage.retries,
        blockHolds: storage.blockHolds,
        blockHeldMs: Math.round(storage.blockHeldMs),
        blockHeldBeforeCommitMs: Math.round(storage.blockHeldBeforeCommitMs),
        playersWaits: storage.playersWait.waits,
        playersWaitsFilled: storage.playersWait.filled,
        playersWaitedMs: Math.round(storage.playersWait.waitedMs),
      })}\n`,
    );
  };
  tell();
  process.on('SIGUSR2', tell);
}

/** A refusal by the database that may belong to another request than the one running: the group is applied again, carefully. */
class CarefulAgain extends Error {
  constructor(override readonly cause: unknown) {
    super('a write was refused in a shared round trip');
  }
}

/** A connection lost or refused (the database restarted, or went away). */
function isConnectionError(e: unknown): boolean {
  const code = String((e as { code?: unknown }).code ?? '');
  const message = e instanceof Error ? e.message : '';
  return (
    ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) ||
    /Connection terminated|not queryable|connection/i.test(message)
  );
}

async function migrate(pool: pg.Pool, url: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Several instances may start at once: one applies the migrations, the others wait and find them done.
    await client.query('SELECT pg_advisory_xact_lock(7515001)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const version =
      (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_version')).rows[0]?.v ?? 0;
    if (version > PG_SCHEMA_VERSION) {
      throw new StorageOpenError(
        describeUrl(url),
        `its schema is version ${version}, newer than this server's ${PG_SCHEMA_VERSION}: run a newer server`,
      );
    }
    for (let v = version; v < PG_SCHEMA_VERSION; v++) {
      await client.query(PG_MIGRATIONS[v]!);
      await client.query('INSERT INTO schema_version (version) VALUES ($1)', [v + 1]);
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
