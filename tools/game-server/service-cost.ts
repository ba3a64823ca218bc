/**
 * The CPU a durable command costs the ticket service and its storage, without HTTP: N players play whole tickets
 * against TicketService on a SQLite file, all of them at once (so requests group as under load), in this process.
 * Process CPU time (user + system) is far less moved by other work on the machine than requests per second, so this
 * is the figure to compare two versions of the storage by. A benchmark, not a test.
 * With --postgres, the same on a temporary PostgreSQL: this process's CPU and every PostgreSQL process's together,
 * and the round trips to it per command; --instances N plays them against N services, each its own connection pool
 * (as N server instances would be, in one process: their CPU is counted together).
 *
 *   npm run bench:service [-- --players 100 --commands 20000 --postgres --instances 3 --groups 1]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_PRIZE_TABLE } from '../../src/core';
import { PgStorage } from '../../src/server/storage/pg-storage';
import * as pgTx from '../../src/server/storage/pg-tx';
import { SqliteStorage } from '../../src/server/storage/sqlite-storage';
import type { Storage } from '../../src/server/storage/storage';
import { TicketService } from '../../src/server/ticket-service';
import { integerFlag, parseFlags, UsageError } from '../cli-args';
import { startTempPostgres, type TempPostgres } from '../postgres/temp-postgres';
import { postgresPids } from './postgres-limit';
import { cpuMillisOf } from './server-process';
import { ServicePlayers } from './service-players';

let players: number;
let target: number;
/** The storage's own count of round trips and statements (absent from a storage that does not keep one). */
const sent = (pgTx as { sent?: { roundTrips: number; statements: number } }).sent ?? { roundTrips: 0, statements: 0 };
let onPostgres: boolean;
let instances: number;
/** PostgreSQL: groups in flight at once per service (each on its own connection). */
let groups: number;
try {
  const flags = parseFlags(process.argv.slice(2), {
    players: { takesValue: true },
    commands: { takesValue: true },
    postgres: { takesValue: false },
    instances: { takesValue: true },
    groups: { takesValue: true },
  });
  players = integerFlag(flags, 'players', 1, 10_000) ?? 100;
  target = integerFlag(flags, 'commands', 1, 10_000_000) ?? 20_000;
  onPostgres = flags.has('postgres');
  instances = integerFlag(flags, 'instances', 1, 16) ?? 1;
  groups = integerFlag(flags, 'groups', 1, 16) ?? 1;
  if (instances > 1 && !onPostgres)
    throw new UsageError('--instances needs --postgres (one SQLite file has one server)');
} catch (e) {
  if (!(e instanceof UsageError)) throw e;
  process.stderr.write(
    `service-cost: ${e.message}\nusage: npm run bench:service [-- --players N --commands N --postgres --instances N --groups N]\n`,
  );
  process.exit(2);
}
const dir = await mkdtemp(path.join(os.tmpdir(), 'poule-service-cost-'));
const temp: TempPostgres | null = onPostgres ? await startTempPostgres() : null;
const storages: Storage[] = [];
for (let i = 0; i < instances; i++)
  storages.push(
    temp ? await PgStorage.open(temp.url, undefined, 256, groups) : SqliteStorage.open(path.join(dir, 'cost.sqlite')),
  );
const storage = storages[0]!;
/** CPU time of PostgreSQL's processes, ms (0 on SQLite). */
async function databaseCpu(): Promise<number> {
  if (!temp) return 0;
  let ms = 0;
  for (const pid of await postgresPids(temp.pid())) ms += (await cpuMillisOf(pid)) ?? 0;
  return ms;
}
const services = storages.map((s) => new TicketService(s, DEFAULT_PRIZE_TABLE));
const bots = new ServicePlayers(services);

try {
  // Warm-up: JIT and the file's first pages.
  await Promise.all(Array.from({ length: players }, (_, i) => bots.play(i, () => bots.commands >= 2_000)));
  const from = bots.commands;
  const trips0 = sent.roundTrips;
  const statements0 = sent.statements;
  const db0 = await databaseCpu();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  bots.measuring = true;
  await Promise.all(
    Array.from({ length: players }, (_, i) => bots.play(players + i, () => bots.commands - from >= target)),
  );
  bots.measuring = false;
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - t0;
  const dbUs = ((await databaseCpu()) - db0) * 1000;
  const n = bots.commands - from;
  const us = (cpu.user + cpu.system) / n;
  const onPg = temp
    ? `; PostgreSQL ${(dbUs / n).toFixed(1)} µs, together ${(us + dbUs / n).toFixed(1)} µs; ${((sent.roundTrips - trips0) / n).toFixed(2)} round trips and ${((sent.statements - statements0) / n).toFixed(2)} statements per command (group commits of the service's writes)`
    : '';
  process.stdout.write(
    `service cost (${temp ? `PostgreSQL, ${instances} instance${instances > 1 ? 's' : ''}` : 'SQLite'}): ${n} durable commands by ${players} players: ${us.toFixed(1)} µs CPU per command in this process ` +
      `(user ${(cpu.user / n).toFixed(1)}, system ${(cpu.system / n).toFixed(1)})${onPg}, ${Math.round(n / (wall / 1000))} commands/s in ${(wall / 1000).toFixed(1)} s, ` +
      `load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}\n`,
  );
  const sorted = Float64Array.from(bots.latencies).sort();
  const q = (x: number): string =>
    (sorted[Math.min(sorted.length - 1, Math.ceil(x * sorted.length) - 1)] ?? 0).toFixed(1);
  process.stdout.write(`  command latency (call to durable reply): p50 ${q(0.5)} ms, p99 ${q(0.99)} ms\n`);
  const tables = ['ticket_events', 'audit', 'replies', 'ledger', 'tickets'];
  const counts: number[] = [];
  for (const t of tables) counts.push(await rowCount(t));
  process.stdout.write(
    `  rows per command (whole run): ${tables.map((t, i) => `${t} ${(counts[i]! / bots.commands).toFixed(2)}`).join(', ')}\n`,
  );
} finally {
  for (const s of storages) await s.close();
  await temp?.stop();
  await rm(dir, { recursive: true, force: true });
}

async function rowCount(table: string): Promise<number> {
  if (storage instanceof SqliteStorage)
    return (storage.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const c = new pg.Client({ connectionString: temp!.url });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  } finally {
    await c.end();
  }
}
