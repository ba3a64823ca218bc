/**
 * A PostgreSQL server of its own for a test, the chaos run or the bench: initdb on a temporary folder, listening on
 * loopback only, stopped by pg_ctl (or by its PID) and its folder removed. PostgreSQL refuses to run as root: when
 * this process is root the server runs as the `postgres` user (runuser), which owns the folder.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ports this project's own PostgreSQL servers may take: 55400–55449, or POULE_PG_PORTS=from-to. */
export const PORT_RANGE = portRange(process.env['POULE_PG_PORTS']);

function portRange(asked: string | undefined): { readonly from: number; readonly to: number } {
  if (asked === undefined || asked === '') return { from: 55400, to: 55449 };
  const m = /^(\d+)-(\d+)$/.exec(asked);
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from < 1024 || to > 65535 || from > to)
    throw new Error(`POULE_PG_PORTS must be two ports from-to (1024–65535), got ${JSON.stringify(asked)}`);
  return { from, to };
}

export interface TempPostgres {
  /** postgres://poule@127.0.0.1:PORT/poule */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** The postmaster's PID (changes at a restart). */
  pid(): number;
  /** Stops it hard (as a crash would: no checkpoint) and starts it again on the same data. */
  restart(): Promise<void>;
  /** Stops it (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

/** initdb, pg_ctl and pgbench: on the PATH, or in Debian's /usr/lib/postgresql/N/bin. */
export function postgresBin(name: 'initdb' | 'pg_ctl' | 'pgbench' | 'postgres'): string {
  for (const dir of (process.env['PATH'] ?? '').split(':')) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', name))) return path.join(root, v, 'bin', name);
  throw new Error(`${name} not found on the PATH nor in ${root}/*/bin: install Debian's postgresql package`);
}

export function postgresAvailable(): boolean {
  try {
    postgresBin('initdb');
    postgresBin('pg_ctl');
    return true;
  } catch {
    return false;
  }
}

const asRoot = (): boolean => process.getuid?.() === 0;

/** A command run as the server's owner: ourselves, or `postgres` when we are root. */
async function asOwner(cmd: string, args: readonly string[]): Promise<string> {
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, [...args]];
  const { stdout } = await run(file, argv, { encoding: 'utf8', cwd: '/' });
  return stdout;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  // Start at a place that depends on our PID, so two runs at once rarely try the same port first.
  const span = PORT_RANGE.to - PORT_RANGE.from + 1;
  const first = process.pid % span;
  for (let i = 0; i < span; i++) {
    const port = PORT_RANGE.from + ((first + i) % span);
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.from}-${PORT_RANGE.to} for PostgreSQL`);
}

export interface TempPostgresOptions {
  /** Settings for postgresql.conf (-c name=value). */
  readonly settings?: Readonly<Record<string, string>>;
}

export async function startTempPostgres(o: TempPostgresOptions = {}): Promise<TempPostgres> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  const root = mkdtempSync(path.join(os.tmpdir(), 'poule-pg-'));
  const dataDir = path.join(root, 'data');
  if (asRoot()) execFileSync('chown', ['postgres:postgres', root]);
  await asOwner(initdb, ['-D', dataDir, '-U', 'poule', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: root,
    max_connections: '100',
    // Two groups waiting on each other are found (and one retried) quickly, not after the default second.
    deadlock_timeout: '100ms',
    // Durable as production: every COMMIT waits for its WAL flush.
    fsync: 'on',
    synchronous_commit: 'on',
    ...o.settings,
  };
  const options = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  const log = path.join(root, 'server.log');
  const start = async (): Promise<void> => {
    try {
      await asOwner(pgCtl, ['-D', dataDir, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
    } catch (e) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`PostgreSQL did not start on port ${port}: ${(e as Error).message}\n${tail}`);
    }
  };
  await start();
  const pid = (): number => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const url = `postgres://poule@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(pid(), 'SIGQUIT');
    } catch {
      // already gone
    }
    // An exit cannot wait: the folder goes now (SIGQUIT stops the server at once, it writes nothing more that matters).
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
  process.once('exit', stopNow);
  return {
    url,
    port,
    dataDir,
    pid,
    async restart() {
      await asOwner(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      await start();
    },
    async stop() {
      process.removeListener('exit', stopNow);
      stopped = true;
      try {
        await asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      } catch {
        try {
          process.kill(pid(), 'SIGQUIT');
        } catch {
          // already gone
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
