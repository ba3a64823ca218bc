/**
 * Where PostgreSQL's CPU goes per durable command: N services (as N server instances, in this process) play whole
 * tickets on a temporary PostgreSQL with pg_stat_statements loaded, then this prints the CPU of each kind of
 * PostgreSQL process (backends, WAL writer, checkpointer, autovacuum — those that exited counted through the
 * postmaster's reaped children), the transactions and statements per command, and the statements that cost most.
 * A measuring tool, not a test.
 *
 * With --socket the services reach PostgreSQL through its Unix socket instead of loopback TCP (instances on the
 * database's own machine).
 *
 *   npx tsx tools/postgres/pg-profile.ts [--players 100 --commands 8000 --instances 3 --socket]
 */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_PRIZE_TABLE } from '../../src/core';
import { PgStorage } from '../../src/server/storage/pg-storage';
import { TicketService } from '../../src/server/ticket-service';
import { integerFlag, parseFlags } from '../cli-args';
import { ServicePlayers } from '../game-server/service-players';
import { startTempPostgres } from './temp-postgres';

const flags = parseFlags(process.argv.slice(2), {
  players: { takesValue: true },
  commands: { takesValue: true },
  instances: { takesValue: true },
  socket: { takesValue: false },
});
const players = integerFlag(flags, 'players', 1, 10_000) ?? 100;
const target = integerFlag(flags, 'commands', 1, 10_000_000) ?? 8_000;
const instances = integerFlag(flags, 'instances', 1, 16) ?? 3;

const TICKS = 100;
/** CPU ms of each PostgreSQL process by its kind (from its title), and of its exited children (the postmaster's). */
async function cpuByKind(postmaster: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const add = (k: string, ms: number): void => {
    out.set(k, (out.get(k) ?? 0) + ms);
  };
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      if (pid !== postmaster && Number(f[1]) !== postmaster) continue;
      const ms = ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
      if (pid === postmaster) {
        add('postmaster', ms);
        add('exited children', ((Number(f[13]) + Number(f[14])) * 1000) / TICKS);
        continue;
      }
      const title = (await readFile(`/proc/${name}/cmdline`, 'utf8')).replace(/\0/g, ' ').trim();
      const kind = /postgres: \S+ \S+ (\S+\(|\[local\])/.test(title) ? 'backends' : title.replace(/^postgres: /, '');
      add(kind, ms);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const temp = await startTempPostgres({
  settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
});
const admin = new pg.Client({ connectionString: temp.url });
await admin.connect();
const storages = [];
// The socket's folder is the data folder's parent (temp-postgres.ts), its name taken from the port.
const url = flags.has('socket')
  ? `postgres://poule@${encodeURIComponent(path.dirname(temp.dataDir))}:${temp.port}/postgres`
  : temp.url;
for (let i = 0; i < instances; i++) storages.push(await PgStorage.open(url));
await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const services = storages.map((s) => new TicketService(s, DEFAULT_PRIZE_TABLE));
const bots = new ServicePlayers(services);

const xacts = async (): Promise<number> =>
  Number(
    (
      await admin.query<{ n: string }>(
        'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0]!.n,
  );
try {
  await Promise.all(Array.from({ length: players }, (_, i) => bots.play(i, () => bots.commands >= 2_000)));
  await admin.query('SELECT pg_stat_statements_reset()');
  const from = bots.commands;
  const x0 = await xacts();
  const cpu0 = await cpuByKind(temp.pid());
  const me0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: players }, (_, i) => bots.play(players + i, () => bots.commands - from >= target)),
  );
  const wall = (performance.now() - t0) / 1000;
  const me = process.cpuUsage(me0);
  const cpu1 = await cpuByKind(temp.pid());
  const n = bots.commands - from;
  const tx = (await xacts()) - x0;
  const per = (ms: number): string => `${((ms * 1000) / n).toFixed(1)} µs`;
  let pgTotal = 0;
  const kinds: string[] = [];
  for (const [k, ms] of cpu1) {
    const d = ms - (cpu0.get(k) ?? 0);
    pgTotal += d;
    if (d > 0) kinds.push(`${k} ${per(d)}`);
  }
  process.stdout.write(
    `${n} commands, ${instances} instances (${flags.has('socket') ? 'Unix socket' : 'loopback TCP'}), ${players} players, ${Math.round(n / wall)}/s, load ${os.loadavg()[0]!.toFixed(2)}\n` +
      `instances ${((me.user + me.system) / n) | 0} µs per command (system ${(me.system / n) | 0}); PostgreSQL ${per(pgTotal)}: ${kinds.join(', ')}\n` +
      `transactions per command ${(tx / n).toFixed(3)} (commands per transaction ${(n / tx).toFixed(1)})\n`,
  );
  const top = await admin.query<{ calls: string; total: number; mean: number; rows: string; query: string }>(
    `SELECT calls, total_exec_time + total_plan_time AS total, mean_exec_time AS mean, rows, query
       FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
  );
  for (const r of top.rows) {
    process.stdout.write(
      `  ${((Number(r.total) * 1000) / n).toFixed(1).padStart(6)} µs/cmd  ${(Number(r.calls) / n).toFixed(3)} calls/cmd  ${r.query.replace(/\s+/g, ' ').slice(0, 110)}\n`,
    );
  }
} finally {
  await admin.end();
  for (const s of storages) await s.close();
  await temp.stop();
}
