/**
 * The chaos run: three game-server instances on one PostgreSQL (a server of its own on a temporary folder), a
 * bounded load of simulated players over loopback, one instance killed with SIGKILL every 15 s and restarted,
 * PostgreSQL itself restarted once (an immediate stop: as a crash). The players resend what got no reply with the
 * same key, to whichever instance is up. Afterwards: every keyed request's stored reply must be the one its player
 * got (read from the database in one query), those in flight at a kill plus a sample asked again must get it again,
 * every player's money must add up, and the database is checked (every ticket in the one state its journal
 * explains, each block reconciling with its table, the audit chain verifying, no prize paid twice, no stake missing).
 *
 *   npm run chaos:server [-- --players 300 --seconds 120 --think-ms 250]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { uniformInt } from '../src/core/random-source';
import { SeededSource } from '../src/core/seeded-source';
import { blockReport, type RecordReport } from '../src/server/block-ops';
import { checkRecord } from '../src/server/check';
import { openReader } from '../src/server/record-reader';
import { integerFlag, type Output, parseFlags, UsageError } from './cli-args';
import { type DatabaseVerdict, verdictOf } from './game-server/database-check';
import { type BaseUrl, PlayerClient, type Reply } from './game-server/http-client';
import { InstancePool } from './game-server/instance-pool';
import { checkAfterRun, checkEndedTicket } from './game-server/kill-checks';
import { writeServerConfig } from './game-server/server-config';
import { bundleServer, type RunningServer, startServer } from './game-server/server-process';
import { SimPlayer } from './game-server/sim-player';
import { checkStoredReplies, reaskSample } from './game-server/stored-replies';
import { startTempPostgres } from './postgres/temp-postgres';

export interface ChaosOptions {
  readonly players: number;
  readonly seconds: number;
  /** A player's pause before each request (uniform from half to one and a half times this). */
  readonly thinkMs: number;
  readonly instances: number;
  readonly killEveryMs: number;
  readonly progress?: Output | null;
}

export interface ChaosReport {
  readonly options: ChaosOptions;
  readonly seconds: number;
  readonly kills: number;
  readonly postgresRestarts: number;
  readonly tickets: number;
  readonly requests: number;
  readonly lostReplies: number;
  readonly reasked: number;
  /** Keyed requests whose stored reply was compared with the one their player got. */
  readonly storedChecked: number;
  readonly divergences: readonly string[];
  readonly database: DatabaseVerdict;
  readonly openTickets: number;
  readonly blocks: RecordReport;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly loadAfter: readonly number[];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The share of keyed requests, beside those in flight at a kill and each player's last, asked again over HTTP. */
const REASK_SHARE = 0.1;

/** A player's connection with a thinking pause before each request (bounded load: a player is not a flood). */
class PacedClient extends PlayerClient {
  /** Off once the load is over: the final checks ask at once. */
  paced = true;
  constructor(
    base: BaseUrl,
    private readonly thinkMs: number,
    private readonly random: () => number,
    private readonly timed: (ms: number) => void,
  ) {
    super(base, 15_000);
  }
  /** Each send is timed on its own (the thinking pause excluded; a resend is a send of its own). */
  override async post(path: string, body: unknown): Promise<Reply> {
    if (this.paced && this.thinkMs > 0) await sleep(this.thinkMs * (0.5 + this.random()));
    const t0 = performance.now();
    const r = await super.post(path, body);
    this.timed(performance.now() - t0);
    return r;
  }
}

export async function runChaos(o: ChaosOptions): Promise<ChaosReport> {
  const started = performance.now();
  const say = (t: string): void => void o.progress?.write(t);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-chaos-'));
  const staticDir = path.join(dir, 'static');
  const config = path.join(dir, 'server.json');
  await writeServerConfig(config, staticDir);
  const postgres = await startTempPostgres();
  const bundle = await bundleServer();
  const pool = new InstancePool(o.instances);
  const start = (): Promise<RunningServer> =>
    startServer({ database: postgres.url, staticDir, config, logLevel: 'error', bundle, startTimeoutMs: 60_000 });
  const runId = randomUUID().slice(0, 8);
  const latencies: number[] = [];
  let measuring = true;
  const clients: PacedClient[] = [];
  const players = Array.from({ length: o.players }, (_, i) => {
    const pace = SeededSource.fromSeed(50_000 + i);
    const client = new PacedClient(
      pool.urlFor(i),
      o.thinkMs,
      () => uniformInt(pace, 1_000_000) / 1_000_000,
      (ms) => void (measuring && latencies.push(ms)),
    );
    clients.push(client);
    const hooks = { recover: pool.recover, ticketEnded: checkEndedTicket };
    return new SimPlayer(i, client, SeededSource.fromSeed(7_000 + i), hooks, runId, true, 3);
  });
  let stopping = false;
  let failure: unknown = null;
  let kills = 0;
  let postgresRestarts = 0;
  try {
    // One instance first (it applies the migrations), then the others.
    for (let i = 0; i < o.instances; i++) pool.set(i, await start());
    say(`  ${o.instances} instances up on ${postgres.url}, ${o.players} players starting\n`);
    const playing = players.map(async (p) => {
      try {
        await p.openSession();
        while (!stopping) await p.playTicket();
      } catch (e) {
        failure ??= e;
        stopping = true;
      }
    });
    const until = started + o.seconds * 1000;
    let victim = 0;
    let nextKill = performance.now() + o.killEveryMs;
    const restartPostgresAt = started + (o.seconds * 1000) / 2;
    while (performance.now() < until && !failure) {
      await sleep(200);
      if (postgresRestarts === 0 && performance.now() >= restartPostgresAt) {
        say(
          `  ${((performance.now() - started) / 1000).toFixed(0)} s: PostgreSQL stopped (immediate) and started again\n`,
        );
        await postgres.restart();
        postgresRestarts++;
      }
      if (performance.now() >= nextKill) {
        const s = pool.at(victim)!;
        pool.clear(victim);
        const end = await s.kill();
        if (end.signal !== 'SIGKILL')
          throw new Error(`instance ${victim} ended by itself (code ${end.code}): ${s.stderr().slice(-3000)}`);
        kills++;
        say(
          `  ${((performance.now() - started) / 1000).toFixed(0)} s: instance ${victim} killed (SIGKILL), restarting; ${players.reduce((n, p) => n + p.tickets.length, 0)} tickets so far\n`,
        );
        pool.set(victim, await start());
        victim = (victim + 1) % o.instances;
        nextKill += o.killEveryMs;
      }
    }
    stopping = true;
    // The load is over: each player finishes the ticket it holds (none may be left open) without thinking first.
    for (const c of clients) c.paced = false;
    await Promise.all(playing);
    measuring = false;
    if (failure) throw failure;
    say(
      `  load over after ${((performance.now() - started) / 1000).toFixed(0)} s; every stored reply against its player's, then some asked again\n`,
    );
    const stored = await checkStoredReplies(postgres.url, runId, players);
    for (const w of stored.problems) players[0]!.problem(w);
    let reasked = 0;
    for (const f of await Promise.all(players.map((p, i) => checkAfterRun(p, reaskSample(p, REASK_SHARE, 90_000 + i)))))
      reasked += f.reasked;
    for (let i = 0; i < o.instances; i++) {
      await pool.at(i)?.stop(5_000);
      pool.clear(i);
    }
    const { reader, close } = await openReader(postgres.url);
    let database: DatabaseVerdict;
    let openTickets: number;
    let blocks: RecordReport;
    try {
      const c = await checkRecord(reader);
      database = verdictOf(c);
      openTickets = c.openTickets;
      blocks = await blockReport(reader, null);
    } finally {
      await close();
    }
    const tickets = players.reduce((n, p) => n + p.tickets.length, 0);
    if (database.tickets !== tickets)
      players[0]!.problem(`the database holds ${database.tickets} tickets, the players bought ${tickets}`);
    const sorted = Float64Array.from(latencies).sort();
    const q = (x: number): number =>
      sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(x * sorted.length) - 1))] ?? Number.NaN;
    return {
      options: o,
      seconds: (performance.now() - started) / 1000,
      kills,
      postgresRestarts,
      tickets,
      requests: players.reduce((n, p) => n + p.exchanges.length, 0),
      lostReplies: pool.lostReplies,
      reasked,
      storedChecked: stored.keys,
      divergences: players.flatMap((p) => p.problems),
      database,
      openTickets,
      blocks,
      p50Ms: q(0.5),
      p99Ms: q(0.99),
      loadAfter: os.loadavg(),
    };
  } finally {
    stopping = true;
    for (let i = 0; i < o.instances; i++) await pool.at(i)?.kill();
    for (const p of players) p.client.close();
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(bundle, { force: true });
  }
}

export function chaosPasses(r: ChaosReport): boolean {
  return (
    r.divergences.length === 0 &&
    r.database.problems.length === 0 &&
    r.database.doublePayments === 0 &&
    r.openTickets === 0 &&
    r.blocks.auditProblem === null &&
    r.blocks.blocks.every((b) => b.reconciles && b.prizesPaidCents === b.prizesOwedCents) &&
    r.postgresRestarts >= 1 &&
    r.kills >= 1 &&
    r.storedChecked === r.requests
  );
}

export function formatChaos(r: ChaosReport): string {
  const o = r.options;
  const eur = (c: number): string => `${(c / 100).toFixed(2)} €`;
  return `${[
    `chaos run: ${o.instances} instances on one PostgreSQL, ${o.players} players (think ${o.thinkMs} ms), ${r.seconds.toFixed(0)} s in all`,
    `  SIGKILLs ${r.kills} (one instance every ${o.killEveryMs / 1000} s, restarted), PostgreSQL restarts ${r.postgresRestarts}`,
    `  tickets ${r.tickets}, keyed requests ${r.requests}, latency of answered POSTs p50 ${r.p50Ms.toFixed(1)} ms p99 ${r.p99Ms.toFixed(1)} ms`,
    `  replies lost and waited out ${r.lostReplies}; stored replies compared with the players' ${r.storedChecked}; asked again at the end ${r.reasked} (every one resent, each player's last, ${REASK_SHARE * 100} % of the rest)`,
    `checks:`,
    `  every ticket in one state its journal explains: ${r.database.problems.filter((p) => p.startsWith('journal')).length === 0 && r.openTickets === 0 ? 'yes' : 'NO'} (${r.openTickets} left open)`,
    ...r.blocks.blocks.map(
      (b) =>
        `  block ${b.block}: dealt ${b.dealt}, left ${b.left}, ${b.reconciles ? 'reconciles exactly with its table' : 'DOES NOT RECONCILE'}; stakes ${eur(b.stakesCents)}, prizes paid ${eur(b.prizesPaidCents)} (owed ${eur(b.prizesOwedCents)})`,
    ),
    `  audit chain: ${r.blocks.auditProblem === null ? `verified over ${r.blocks.auditEntries} entries` : `BROKEN: ${r.blocks.auditProblem}`}`,
    `  prizes paid twice: ${r.database.doublePayments}; stakes lost or missing: ${r.database.problems.filter((p) => /stake/.test(p)).length}`,
    `  divergences (replies changed, balances off, resumes wrong): ${r.divergences.length}`,
    `  database: ${r.database.summary}`,
    ...r.divergences.slice(0, 20).map((d) => `DIVERGENCE ${d}`),
    ...r.database.problems.slice(0, 20).map((d) => `DATABASE ${d}`),
    `load average after (1 5 15 min): ${r.loadAfter.map((x) => x.toFixed(2)).join(' ')}`,
    chaosPasses(r) ? 'chaos run: PASS' : 'chaos run: FAIL',
  ].join('\n')}\n`;
}

const FLAGS = {
  players: { takesValue: true },
  seconds: { takesValue: true },
  'think-ms': { takesValue: true },
  instances: { takesValue: true },
} as const;

export async function main(argv: readonly string[], out: Output, errOut: Output): Promise<number> {
  let o: ChaosOptions;
  try {
    const f = parseFlags(argv, FLAGS);
    o = {
      players: integerFlag(f, 'players', 1, 5_000) ?? 300,
      seconds: integerFlag(f, 'seconds', 10, 3_600) ?? 120,
      thinkMs: integerFlag(f, 'think-ms', 0, 60_000) ?? 250,
      instances: integerFlag(f, 'instances', 1, 10) ?? 3,
      killEveryMs: 15_000,
      progress: out,
    };
  } catch (e) {
    if (e instanceof UsageError) {
      errOut.write(
        `chaos-server: ${e.message}\nusage: npm run chaos:server [-- --players N --seconds S --think-ms MS --instances N]\n`,
      );
      return 2;
    }
    throw e;
  }
  const r = await runChaos(o);
  out.write(formatChaos(r));
  return chaosPasses(r) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2), process.stdout, process.stderr).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`chaos-server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    },
  );
}
