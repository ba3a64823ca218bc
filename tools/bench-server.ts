/**
 * The game server's throughput and latency on loopback, beside the limits measured in the same run. N simulated
 * players (each its own cookie and keep-alive socket) play whole tickets against the server in its own process for
 * a fixed time and stop; then the same load generator drives an empty JSON handler of the same HTTP stack, and
 * SQLite's durable-insert rate is measured on the same disk. A benchmark, not a test: it prints figures.
 *
 *   npm run bench:server [-- --players 100 --seconds 20 --database FILE --profile]
 *   npm run bench:server -- --database postgres://…   (or --postgres: a temporary PostgreSQL of its own)
 *
 * --profile runs the server under node --cpu-prof and prints where its CPU time went. With PostgreSQL, the same load
 * is also played against --instances (3) server instances on it, after the SQLite run, and the figures are printed
 * side by side, with PostgreSQL's one-row durable insert rate and the CPU time per command of the instances and of
 * every PostgreSQL process together (the load generator shares the cores: CPU per command is what shows scaling).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { SeededSource } from '../src/core/seeded-source';
import { integerFlag, type Output, parseFlags, secondsFlag, stringFlag, UsageError } from './cli-args';
import { formatProfile, summarizeProfile } from './game-server/cpu-profile';
import { FastClient } from './game-server/fast-client';
import type { BaseUrl } from './game-server/http-client';
import { DiagnosisWindow, formatDiagnosis, type PgDiagnosis } from './game-server/pg-diagnosis';
import { measurePostgres, type PostgresLimit, postgresPids } from './game-server/postgres-limit';
import { RawClient } from './game-server/raw-client';
import { writeServerConfig } from './game-server/server-config';
import { cpuMillisOf, type RunningServer, startChild, startServer } from './game-server/server-process';
import { SimPlayer } from './game-server/sim-player';
import { measureSqlite, ROWS_PER_GROUP, type SqliteLimit } from './game-server/sqlite-limit';
import { startTempPostgres } from './postgres/temp-postgres';

/** The issue's aims, printed beside the figures. */
export const AIM = { commandsPerSecond: 15_000, p99Ms: 25, shareOfEmptyHandler: 0.25, players: 100 } as const;

/** Unmeasured play first: sockets opened, JIT warm, the database's first pages cached (`--warmup S`). */
let WARMUP_SECONDS = 2;
/** The empty handler needs no long run to show its rate. */
const EMPTY_HANDLER_SECONDS = 5;
const SQLITE_SECONDS = 2;

export interface LoadFigures {
  readonly seconds: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The serving process's CPU time per request (user + system), from /proc; null where /proc is missing. */
  readonly cpuMsPerRequest: number | null;
  /** This process's (the load generator's) CPU time per request: it shares the cores with the server. */
  readonly generatorCpuMsPerRequest: number;
}

export interface GameFigures extends LoadFigures {
  /** The measuring window on the monotonic clock, µs. */
  readonly window: { readonly from: number; readonly to: number };
  readonly tickets: number;
  readonly ticketsPerSecond: number;
  readonly problems: readonly string[];
  /** Sockets opened by the players: one each when the server keeps them alive. */
  readonly connects: number;
}

/** The empty handler driven by autocannon (a C-speed-ish parser, not our client), the same number of connections. */
export interface AutocannonFigures {
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface PostgresBench {
  readonly instances: number;
  readonly game: GameFigures;
  readonly limit: PostgresLimit;
  /** Whether PostgreSQL's own processes were counted in the CPU per command (they run here). */
  readonly cpuIncludesPostgres: boolean;
  /** Where the CPU went (instances, PostgreSQL, the generator), groups, switches: when PostgreSQL runs here. */
  readonly diagnosis: PgDiagnosis | null;
}

export interface ServerBench {
  readonly players: number;
  readonly client: ClientKind;
  readonly postgres: PostgresBench | null;
  readonly game: GameFigures;
  readonly empty: LoadFigures;
  readonly emptyAutocannon: AutocannonFigures;
  readonly sqlite: SqliteLimit;
  readonly loadBefore: readonly number[];
  readonly loadAfter: readonly number[];
  /** The server's CPU profile, summarized, when asked for. */
  readonly profile: string | null;
}

/** The q-quantile (0 < q ≤ 1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Counters opened just before a window's and closed just after. */
export interface WindowHooks {
  open(): Promise<void>;
  /** `commands`: how many the window counted. */
  close(commands: () => number): Promise<void>;
}

/** A measuring window: latencies of what completes inside it, and the server's CPU time across it. */
class Window {
  readonly latencies: number[] = [];
  private from = Number.POSITIVE_INFINITY;
  private to = Number.POSITIVE_INFINITY;
  private cpuFrom = new Map<number, number>();
  private cpuUsed: number | null = null;
  private ownFrom: NodeJS.CpuUsage | null = null;
  private ownUsed = 0;
  /** The window on the monotonic clock, in µs (for the CPU profile). */
  monoFrom = 0;
  monoTo = 0;

  /**
   * `pids`: the processes whose CPU time counts (the server instances, and the database server's when it runs here);
   * `around`: more counters opened and closed with the window (the PostgreSQL diagnosis).
   */
  constructor(
    private readonly pids: () => Promise<readonly number[]>,
    private readonly around: WindowHooks | null = null,
  ) {}

  private async cpuNow(): Promise<Map<number, number> | null> {
    const m = new Map<number, number>();
    for (const pid of await this.pids()) {
      const ms = await cpuMillisOf(pid);
      if (ms !== null) m.set(pid, ms);
    }
    return m.size > 0 ? m : null;
  }

  async open(seconds: number): Promise<void> {
    await this.around?.open();
    this.cpuFrom = (await this.cpuNow()) ?? new Map();
    this.ownFrom = process.cpuUsage();
    this.monoFrom = Number(process.hrtime.bigint() / 1000n);
    this.from = performance.now();
    this.to = this.from + seconds * 1000;
  }

  async close(): Promise<void> {
    this.monoTo = Number(process.hrtime.bigint() / 1000n);
    const own = process.cpuUsage(this.ownFrom ?? undefined);
    this.ownUsed = (own.user + own.system) / 1000;
    const now = await this.cpuNow();
    // A process started during the window counts whole; one gone during it is lost (connections are kept, so rare).
    this.cpuUsed = now && [...now].reduce((sum, [pid, ms]) => sum + ms - (this.cpuFrom.get(pid) ?? 0), 0);
    await this.around?.close(() => this.latencies.length);
  }

  get closesAt(): number {
    return this.to;
  }

  inside(at = performance.now()): boolean {
    return at >= this.from && at < this.to;
  }

  record(ms: number): void {
    if (this.inside()) this.latencies.push(ms);
  }

  figures(): LoadFigures {
    const seconds = (this.to - this.from) / 1000;
    const sorted = Float64Array.from(this.latencies).sort();
    const n = sorted.length;
    const cpu = this.cpuUsed !== null && n > 0 ? this.cpuUsed / n : null;
    return {
      seconds,
      requests: n,
      perSecond: n / seconds,
      p50Ms: quantile([...sorted], 0.5),
      p99Ms: quantile([...sorted], 0.99),
      cpuMsPerRequest: cpu,
      generatorCpuMsPerRequest: n > 0 ? this.ownUsed / n : Number.NaN,
    };
  }
}

/** The load generator's connection: hand-written HTTP/1.1 (the default, the leanest) or undici's client. */
export type ClientKind = 'raw' | 'undici';
type BenchClient = RawClient | FastClient;
const newClient = (kind: ClientKind, base: BaseUrl): BenchClient =>
  kind === 'raw' ? new RawClient(base) : new FastClient(base);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function timeWindow(w: Window, seconds: number): Promise<void> {
  await sleep(WARMUP_SECONDS * 1000);
  await w.open(seconds);
  await sleep(seconds * 1000);
  await w.close();
}

/** N players play whole tickets for the warm-up and `seconds`; every buy, command and top-up is timed. */
export async function loadGame(
  server: RunningServer | readonly RunningServer[],
  players: number,
  seconds: number,
  cpuPids: () => Promise<readonly number[]> = async () => [server].flat().map((s) => s.pid),
  client: ClientKind = 'raw',
  around: WindowHooks | null = null,
): Promise<GameFigures> {
  const servers = [server].flat();
  const w = new Window(cpuPids, around);
  const runId = randomUUID().slice(0, 8);
  let tickets = 0;
  const sims = Array.from({ length: players }, (_, i) => {
    const hooks = {
      recover: (why: string): Promise<void> =>
        Promise.reject(new Error(`a request got no reply during the bench: ${why}`)),
      timed: (_kind: string, ms: number): void => w.record(ms),
      ticketEnded: async (): Promise<void> => {
        if (w.inside()) tickets++;
      },
    };
    const mine = servers[i % servers.length]!;
    return new SimPlayer(
      i,
      newClient(client, () => mine.url),
      SeededSource.fromSeed(i + 1),
      hooks,
      runId,
      false,
    );
  });
  try {
    await Promise.all(sims.map((p) => p.openSession()));
    const clock = timeWindow(w, seconds);
    await Promise.all([
      clock,
      ...sims.map(async (p) => {
        while (performance.now() < w.closesAt) await p.playTicket();
      }),
    ]);
    const f = w.figures();
    const connects = sims.reduce((n, p) => n + (p.client as BenchClient).connects, 0);
    return {
      ...f,
      window: { from: w.monoFrom, to: w.monoTo },
      tickets,
      ticketsPerSecond: tickets / f.seconds,
      problems: sims.flatMap((p) => p.problems),
      connects,
    };
  } finally {
    for (const p of sims) p.client.close();
  }
}

/** The same load generator against the empty handler: N clients, each one request at a time. */
export async function loadEmpty(
  server: RunningServer,
  clients: number,
  seconds: number,
  client: ClientKind = 'raw',
): Promise<LoadFigures> {
  const w = new Window(async () => [server.pid]);
  const cs = Array.from({ length: clients }, () => newClient(client, () => server.url));
  try {
    const clock = timeWindow(w, seconds);
    await Promise.all([
      clock,
      ...cs.map(async (c) => {
        while (performance.now() < w.closesAt) {
          const t0 = performance.now();
          const r = await c.post('/empty', {});
          if (r.status !== 200) throw new Error(`the empty handler answered ${r.status}`);
          w.record(performance.now() - t0);
        }
      }),
    ]);
    return w.figures();
  } finally {
    for (const c of cs) c.close();
  }
}

export interface PostgresTarget {
  /** A URL, or null to start a temporary PostgreSQL here. */
  readonly url: string | null;
  readonly instances: number;
  /** Load pg_stat_statements into the temporary PostgreSQL and print the statements that took most time. */
  readonly statements?: boolean;
  /** Another checkout whose server to run (an old version, for a comparison by the same load generator). */
  readonly root?: string | undefined;
  /** Node's flags for each instance (`--server-node-flags "--single-threaded-gc"`). */
  readonly nodeFlags?: readonly string[];
}

/** The same load against `instances` server instances on one PostgreSQL, and PostgreSQL's own insert rate. */
async function benchPostgres(
  target: PostgresTarget,
  players: number,
  seconds: number,
  dir: string,
  config: string,
  staticDir: string,
  client: ClientKind,
): Promise<PostgresBench> {
  const temp =
    target.url === null
      ? await startTempPostgres(
          target.statements
            ? { settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } }
            : {},
        )
      : null;
  const url = target.url ?? temp!.url;
  try {
    const postmaster = temp ? temp.pid() : await postmasterOf(url);
    const servers: RunningServer[] = [];
    try {
      // The first instance applies the migrations; the others find them done.
      for (let i = 0; i < target.instances; i++)
        servers.push(
          await startServer({
            database: url,
            staticDir,
            config,
            logLevel: 'warn',
            env: { POULE_PG_GROUP_STATS: '1' },
            nodeFlags: target.nodeFlags ?? [],
            ...(target.root === undefined ? {} : { root: target.root }),
          }),
        );
      if (target.statements) await createStatementsExtension(url);
      const diagnosis = postmaster === null ? null : new DiagnosisWindow(servers, postmaster, url);
      const pids = async (): Promise<number[]> => [
        ...servers.map((s) => s.pid),
        ...(postmaster === null ? [] : await postgresPids(postmaster)),
      ];
      const game = await loadGame(servers, players, seconds, pids, client, diagnosis);
      const limit = await measurePostgres(url, SQLITE_SECONDS);
      return {
        instances: target.instances,
        game,
        limit,
        cpuIncludesPostgres: postmaster !== null,
        diagnosis: diagnosis?.figures() ?? null,
      };
    } finally {
      for (const s of servers) await s.stop();
    }
  } finally {
    await temp?.stop();
    void dir;
  }
}

async function createStatementsExtension(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  } finally {
    await c.end();
  }
}

/** The postmaster's PID when the database server runs on this machine and its data folder is readable; else null. */
async function postmasterOf(url: string): Promise<number | null> {
  const { default: pg } = await import('pg');
  const { readFile } = await import('node:fs/promises');
  const c = new pg.Client({ connectionString: url });
  try {
    await c.connect();
    const dirRow = (await c.query<{ data_directory: string }>('SHOW data_directory')).rows[0];
    if (!dirRow) return null;
    return Number((await readFile(path.join(dirRow.data_directory, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

/** autocannon against the empty handler: `connections` keep-alive sockets, one request in flight on each. */
export function autocannonEmpty(
  server: RunningServer,
  connections: number,
  seconds: number,
): Promise<AutocannonFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: new URL('/empty', server.url).href,
        connections,
        duration: seconds,
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      },
      (error, r) => {
        if (error) reject(error);
        else
          resolve({
            perSecond: r.requests.total / r.duration,
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            errors: r.errors + r.timeouts + r.non2xx,
          });
      },
    );
  });
}

export async function benchServer(
  players: number,
  seconds: number,
  database: string | null,
  profile = false,
  postgres: PostgresTarget | null = null,
  client: ClientKind = 'raw',
): Promise<ServerBench> {
  const loadBefore = os.loadavg();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-bench-server-'));
  try {
    const config = path.join(dir, 'server.json');
    const staticDir = path.join(dir, 'static');
    await writeServerConfig(config, staticDir);
    const profileDir = path.join(dir, 'profile');
    const nodeFlags = profile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
    const server = await startServer({
      database: database ?? path.join(dir, 'game.sqlite'),
      staticDir,
      config,
      logLevel: 'warn',
      nodeFlags,
      ...(postgres?.root === undefined ? {} : { root: postgres.root }),
    });
    let game: GameFigures;
    try {
      game = await loadGame(server, players, seconds, undefined, client);
    } finally {
      // A clean close, so a profile gets written.
      await server.stop();
    }
    let profileText: string | null = null;
    if (profile) {
      const files = (await readdir(profileDir).catch(() => [] as string[])).filter((f) => f.endsWith('.cpuprofile'));
      profileText = files[0]
        ? formatProfile(await summarizeProfile(path.join(profileDir, files[0]), game.window, 25), game.requests)
        : 'no CPU profile was written\n';
    }
    const handler = await startChild(
      ['tools/game-server/empty-handler.ts'],
      /empty handler listening on (http:\/\/\S+)/,
      {},
      30_000,
    );
    let empty: LoadFigures;
    let emptyAutocannon: AutocannonFigures;
    try {
      empty = await loadEmpty(handler, players, Math.min(seconds, EMPTY_HANDLER_SECONDS), client);
      emptyAutocannon = await autocannonEmpty(handler, players, Math.min(seconds, EMPTY_HANDLER_SECONDS));
    } finally {
      await handler.kill();
    }
    const sqlite = await measureSqlite(SQLITE_SECONDS);
    const pgBench = postgres ? await benchPostgres(postgres, players, seconds, dir, config, staticDir, client) : null;
    return {
      players,
      client,
      postgres: pgBench,
      game,
      empty,
      emptyAutocannon,
      sqlite,
      loadBefore,
      loadAfter: os.loadavg(),
      profile: profileText,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Only the PostgreSQL half (no SQLite run, no empty handler): quicker, for comparing versions or instance counts. */
export async function benchPostgresAlone(
  players: number,
  seconds: number,
  postgres: PostgresTarget,
  client: ClientKind = 'raw',
): Promise<{ readonly bench: PostgresBench; readonly loadBefore: number[]; readonly loadAfter: number[] }> {
  const loadBefore = os.loadavg();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-bench-server-'));
  try {
    const config = path.join(dir, 'server.json');
    const staticDir = path.join(dir, 'static');
    await writeServerConfig(config, staticDir);
    const bench = await benchPostgres(postgres, players, seconds, dir, config, staticDir, client);
    return { bench, loadBefore, loadAfter: os.loadavg() };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatPostgresAlone(
  players: number,
  r: { readonly bench: PostgresBench; readonly loadBefore: number[]; readonly loadAfter: number[] },
): string {
  const g = r.bench.game;
  const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  return `${[
    `PostgreSQL only: ${players} players, ${r.bench.instances} instance(s), ${ms(g.seconds)} s measured after ${WARMUP_SECONDS} s of warm-up`,
    `  commands/s ${n0(g.perSecond)} (${n0(g.requests)}), tickets/s ${n0(g.ticketsPerSecond)}`,
    `  p50 ${ms(g.p50Ms)} ms, p99 ${ms(g.p99Ms)} ms   aim p99 < 50 ms: ${mark(g.p99Ms < 50)}`,
    `  CPU/command ${g.cpuMsPerRequest === null ? 'n/a' : `${(g.cpuMsPerRequest * 1000).toFixed(0)} µs`} (${r.bench.cpuIncludesPostgres ? 'instances + every PostgreSQL process' : 'instances only'}); load generator ${(g.generatorCpuMsPerRequest * 1000).toFixed(0)} µs`,
    ...(r.bench.diagnosis ? formatDiagnosis(r.bench.diagnosis, g.requests) : []),
    `load average (1 5 15 min): ${load(r.loadBefore)} before, ${load(r.loadAfter)} after`,
    ...g.problems.slice(0, 10).map((x) => `PROBLEM ${x}`),
  ].join('\n')}\n`;
}

const n0 = (x: number): string => Math.round(x).toLocaleString('en-US');
const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
const mark = (ok: boolean): string => (ok ? 'meets' : 'BELOW');

export function formatServerBench(b: ServerBench): string {
  const { game: g, empty: e, emptyAutocannon: a, sqlite: s } = b;
  const share = g.perSecond / e.perSecond;
  const shareAc = g.perSecond / a.perSecond;
  const cpu = (c: number | null): string => (c === null ? 'n/a' : `${(c * 1000).toFixed(0)} µs`);
  const load = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' ');
  return `${[
    `game server bench: ${b.players} players, ${ms(g.seconds)} s measured after ${WARMUP_SECONDS} s of warm-up, load generator ${b.client === 'raw' ? 'hand-written HTTP/1.1' : 'undici'} (node ${process.version}, ${os.cpus().length} cpus)`,
    `  tickets/s        ${n0(g.ticketsPerSecond)}  (${n0(g.tickets)} whole tickets)`,
    `  commands/s       ${n0(g.perSecond)}  (durable buys, commands and top-ups: ${n0(g.requests)})   aim ≥ ${n0(AIM.commandsPerSecond)}: ${mark(g.perSecond >= AIM.commandsPerSecond)}`,
    `  latency          p50 ${ms(g.p50Ms)} ms, p99 ${ms(g.p99Ms)} ms   aim p99 < ${AIM.p99Ms} ms at ${AIM.players} players: ${mark(g.p99Ms < AIM.p99Ms)}`,
    `  server CPU       ${cpu(g.cpuMsPerRequest)} per command; ${g.connects} sockets opened by ${b.players} players (keep-alive); load generator ${cpu(g.generatorCpuMsPerRequest)} per command`,
    `limits, same run:`,
    `  empty handler    ${n0(e.perSecond)} req/s (fastify 5, this load generator, ${b.players} clients, ${ms(e.seconds)} s), p50 ${ms(e.p50Ms)} ms, p99 ${ms(e.p99Ms)} ms, CPU ${cpu(e.cpuMsPerRequest)} per request (load generator ${cpu(e.generatorCpuMsPerRequest)})`,
    `                   ${n0(a.perSecond)} req/s (autocannon, ${b.players} connections), p50 ${ms(a.p50Ms)} ms, p99 ${ms(a.p99Ms)} ms${a.errors ? `, ${a.errors} errors` : ''}`,
    `  SQLite WAL FULL  ${n0(s.oneInsertTxPerSecond)} durable one-insert transactions/s; ${n0(s.rowsPerSecondAt50)} rows/s at ${ROWS_PER_GROUP} a transaction (${n0(s.txPerSecondAt50)} tx/s)`,
    `  commands/s ÷ empty handler req/s = ${share.toFixed(3)} (this load generator), ${shareAc.toFixed(3)} (autocannon)   aim ≥ ${AIM.shareOfEmptyHandler}: ${mark(Math.min(share, shareAc) >= AIM.shareOfEmptyHandler)}`,
    ...(b.postgres ? formatPostgres(b, b.postgres) : []),
    `load average (1 5 15 min): ${load(b.loadBefore)} before, ${load(b.loadAfter)} after`,
    ...g.problems.slice(0, 10).map((p) => `PROBLEM ${p}`),
  ].join('\n')}\n${b.profile ?? ''}`;
}

/** PostgreSQL's figures beside SQLite's (same players, same seconds, same load generator). */
function formatPostgres(b: ServerBench, p: PostgresBench): string[] {
  const s = b.game;
  const g = p.game;
  const cpu = (c: number | null): string => (c === null ? 'n/a' : `${(c * 1000).toFixed(0)} µs`);
  const col = (a: string, x: string): string => `${a.padStart(14)} ${x.padStart(22)}`;
  const ratio = g.cpuMsPerRequest !== null && s.cpuMsPerRequest !== null ? g.cpuMsPerRequest / s.cpuMsPerRequest : null;
  return [
    `side by side (${b.players} players, same load generator):`,
    `                 ${col('SQLite, 1 inst.', `PostgreSQL, ${p.instances} instances`)}`,
    `  tickets/s      ${col(n0(s.ticketsPerSecond), n0(g.ticketsPerSecond))}`,
    `  commands/s     ${col(n0(s.perSecond), n0(g.perSecond))}`,
    `  p50 ms         ${col(ms(s.p50Ms), ms(g.p50Ms))}`,
    `  p99 ms         ${col(ms(s.p99Ms), ms(g.p99Ms))}   aim with PostgreSQL p99 < 50 ms: ${mark(g.p99Ms < 50)}`,
    `  CPU/command    ${col(cpu(s.cpuMsPerRequest), cpu(g.cpuMsPerRequest))}   (${p.cpuIncludesPostgres ? 'instances + every PostgreSQL process' : 'instances only: PostgreSQL is not on this machine'})`,
    `  CPU ratio PostgreSQL ÷ SQLite = ${ratio === null ? 'n/a' : ratio.toFixed(2)}   aim ≤ 1.5: ${ratio === null ? 'n/a' : mark(ratio <= 1.5)}`,
    `  PostgreSQL limit: ${n0(p.limit.oneConnectionTxPerSecond)} durable one-row insert transactions/s from 1 connection, ${n0(p.limit.eightConnectionsTxPerSecond)}/s from 8`,
    ...(p.diagnosis ? formatDiagnosis(p.diagnosis, g.requests) : []),
    ...g.problems.slice(0, 10).map((x) => `PROBLEM (PostgreSQL) ${x}`),
  ];
}

const FLAGS = {
  postgres: { takesValue: false },
  instances: { takesValue: true },
  players: { takesValue: true },
  seconds: { takesValue: true },
  database: { takesValue: true },
  profile: { takesValue: false },
  client: { takesValue: true },
  'postgres-only': { takesValue: false },
  'pg-stats': { takesValue: false },
  'server-root': { takesValue: true },
  warmup: { takesValue: true },
  'server-node-flags': { takesValue: true },
} as const;

export async function main(argv: readonly string[], out: Output, errOut: Output): Promise<number> {
  let players: number;
  let seconds: number;
  let database: string | null;
  let profile: boolean;
  let postgres: PostgresTarget | null;
  let client: ClientKind;
  try {
    const f = parseFlags(argv, FLAGS);
    players = integerFlag(f, 'players', 1, 10_000) ?? AIM.players;
    seconds = secondsFlag(f, 'seconds') ?? 20;
    database = stringFlag(f, 'database') ?? null;
    profile = f.has('profile');
    const c = stringFlag(f, 'client') ?? 'raw';
    if (c !== 'raw' && c !== 'undici') throw new UsageError(`--client must be raw or undici, not ${c}`);
    client = c;
    const instances = integerFlag(f, 'instances', 1, 16) ?? 3;
    const pgUrl = database !== null && /^postgres(ql)?:\/\//.test(database) ? database : null;
    if (pgUrl !== null) database = null;
    WARMUP_SECONDS = integerFlag(f, 'warmup', 0, 600) ?? WARMUP_SECONDS;
    const root = stringFlag(f, 'server-root');
    const only = f.has('postgres-only');
    postgres =
      pgUrl !== null || f.has('postgres') || only
        ? {
            url: pgUrl,
            instances,
            statements: f.has('pg-stats'),
            root: root && path.resolve(root),
            nodeFlags: (stringFlag(f, 'server-node-flags') ?? '').split(/\s+/).filter((x) => x !== ''),
          }
        : null;
    if (only) {
      out.write(formatPostgresAlone(players, await benchPostgresAlone(players, seconds, postgres!, client)));
      return 0;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      errOut.write(
        `bench-server: ${e.message}\nusage: npm run bench:server [-- --players N --seconds S --database FILE|postgres://… --postgres --instances N --profile --client raw|undici --postgres-only --pg-stats --server-root DIR --warmup S --server-node-flags "…"]\n`,
      );
      return 2;
    }
    throw e;
  }
  out.write(formatServerBench(await benchServer(players, seconds, database, profile, postgres, client)));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2), process.stdout, process.stderr).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`bench-server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
}
