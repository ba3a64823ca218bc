/**
 * The game server as a child process, started the way production starts it (its own Node process, its own
 * database file), for the kill test and the bench. `node --import tsx` rather than `npx tsx`: npx costs about a
 * second and a half more per start, and tsx's CLI runs the server in a grandchild, so a SIGKILL sent to the child's
 * PID would miss the server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(PROJECT_ROOT, 'src/server/main.ts');

export interface ServerOptions {
  readonly database: string;
  readonly staticDir: string;
  readonly config: string;
  /** 0: the system picks a free port (printed in the ready line). */
  readonly port?: number;
  readonly logLevel?: string;
  /** Extra environment (fault injection). */
  readonly env?: Readonly<Record<string, string>>;
  /** Longest wait for the ready line. */
  readonly startTimeoutMs?: number;
  /** The server bundled into one file (bundleServer) instead of src/server/main.ts under tsx. */
  readonly bundle?: string;
  /** Node's own flags for the server process (--cpu-prof …). */
  readonly nodeFlags?: readonly string[];
  /** Another checkout of this project whose server to run (its src/server/main.ts under tsx, from its folder). */
  readonly root?: string;
}

/** How the process ended: a signal (SIGKILL for every kill here) or an exit code. */
export interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface RunningServer {
  readonly pid: number;
  readonly url: URL;
  readonly child: ChildProcess;
  /** Resolves once the process is gone, however it went. */
  readonly ended: Promise<Ended>;
  /** The tail of what it wrote (stderr, then stdout), for messages when something goes wrong. */
  stderr(): string;
  /** SIGKILL, then wait for it to be gone. */
  kill(): Promise<Ended>;
  /** SIGTERM (a clean close: a CPU profile gets written), SIGKILL if it is not gone within `graceMs`. */
  stop(graceMs?: number): Promise<Ended>;
}

const READY = /poule server listening on (http:\/\/\S+)/;

export function startServer(o: ServerOptions): Promise<RunningServer> {
  const main = o.root === undefined ? MAIN : path.join(o.root, 'src/server/main.ts');
  const args = [o.bundle ?? main, '--port', String(o.port ?? 0), '--host', '127.0.0.1'];
  args.push('--database', o.database, '--static', o.staticDir, '--config', o.config);
  if (o.logLevel) args.push('--log-level', o.logLevel);
  return startChild(
    args,
    READY,
    o.env ?? {},
    o.startTimeoutMs ?? 30_000,
    o.bundle === undefined,
    o.nodeFlags,
    o.root ?? PROJECT_ROOT,
  );
}

/**
 * src/server/main.ts and what it imports, fastify included, as one ES module (the native SQLite binding stays a
 * package). The same code as under tsx, compiled by the same esbuild, but a start costs about a third of the CPU
 * (measured: 0.3 s against 1.0 s): the kill test starts the server over 200 times. Written under node_modules so
 * better-sqlite3 resolves from it.
 */
export async function bundleServer(): Promise<string> {
  const dir = path.join(PROJECT_ROOT, 'node_modules/.cache/poule-server-bundle');
  await mkdir(dir, { recursive: true });
  const outfile = path.join(dir, `server-${process.pid}.mjs`);
  await build({
    entryPoints: [MAIN],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // pg's optional native binding is never installed; pg itself stays a package like the SQLite binding.
    external: ['better-sqlite3', 'pg', 'pg-native'],
    // Some of fastify's dependencies are CommonJS and call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * A TypeScript program of this project as a child process (`args[0]` is its file), ready once its output matches
 * `ready`, whose first group is the URL it serves.
 */
export function startChild(
  args: readonly string[],
  ready: RegExp,
  env: Readonly<Record<string, string>>,
  startTimeoutMs: number,
  typescript = true,
  nodeFlags: readonly string[] = [],
  cwd: string = PROJECT_ROOT,
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...nodeFlags, ...(typescript ? ['--import', 'tsx'] : []), ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  alive.add(child);
  const ended = new Promise<Ended>((resolve) =>
    child.once('exit', (code, signal) => {
      alive.delete(child);
      resolve({ code, signal });
    }),
  );
  return new Promise<RunningServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args[0]} did not say it was listening within ${startTimeoutMs} ms: ${err.slice(-2000)}`));
    }, startTimeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (t: string) => {
      // Only the tail matters for a message; a long run must not keep every log line.
      err = (err + t).slice(-20_000);
    });
    let listening = false;
    child.stdout!.setEncoding('utf8').on('data', (t: string) => {
      // Read (and keep only the tail of) everything it prints, so a full pipe never blocks the server.
      out = (out + t).slice(-20_000);
      if (listening) return;
      const m = ready.exec(out);
      if (!m) return;
      listening = true;
      clearTimeout(timer);
      resolve({
        pid: child.pid!,
        url: new URL(m[1]!),
        child,
        ended,
        stderr: () => err + out,
        kill: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          return ended;
        },
        stop: (graceMs = 10_000) => {
          if (child.exitCode !== null || child.signalCode !== null) return ended;
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          return ended.finally(() => clearTimeout(timer));
        },
      });
    });
    void ended.then((e) => {
      clearTimeout(timer);
      reject(
        new Error(
          `${args[0]} ended before listening (code ${e.code}, signal ${e.signal}): ${err.slice(-2000)}${out.slice(-2000)}`,
        ),
      );
    });
  });
}

/** Children still running: killed if this process exits first, so no server is left listening with no one to stop it. */
const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of alive) c.kill('SIGKILL');
});

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc (Linux). */
export async function cpuMillisOf(pid: number): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ is 100 on every common build (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;
