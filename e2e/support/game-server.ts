import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

/**
 * The game server as the e2e tests use it: the terminal keys of the test configuration (one per kiosk test, so no
 * two tests share a wallet), a server a test starts and kills itself, and a plain file server for the built game.
 */

/** Kiosk terminals of the test configuration: `terminalKey(n)` is the key of kiosk n (1…TERMINALS). */
export const TERMINALS = 8;
export const terminalKey = (n: number): string => `e2e-kiosk-${n}-key`;

/** The test configuration's retailer: its shop sells and pays printed tickets at `/retail`. */
export const RETAILER = { id: 'shop-e2e', shop: 'Tabac de la Gare (e2e)', key: 'e2e-retailer-key' } as const;

/** Wrong game codes allowed per screen and per address (every e2e page speaks from 127.0.0.1). */
export interface CodeAttempts {
  readonly limit: number;
  readonly windowS: number;
}

/** Writes the server's configuration (the test terminals and the retailer) into `dir` and returns its path. */
export function writeServerConfig(dir: string, codeAttempts?: CodeAttempts): string {
  const file = join(dir, 'server-config.json');
  const terminals = Array.from({ length: TERMINALS }, (_, i) => ({ id: `kiosk-${i + 1}`, key: terminalKey(i + 1) }));
  writeFileSync(
    file,
    JSON.stringify({ terminals, retailers: [RETAILER], ...(codeAttempts ? { codeAttempts } : {}) }, null, 2),
  );
  return file;
}

/** The command line that starts the game server on `port` over `database`, serving the built game from `staticDir`. */
export function serverArgs(port: number, database: string, staticDir: string, config: string): string[] {
  return [
    '--import',
    'tsx',
    'src/server/main.ts',
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--database',
    database,
    '--static',
    staticDir,
    '--config',
    config,
    '--log-level',
    'warn',
  ];
}

/** The build the tests serve (E2E_OUT_DIR lets two people on one machine keep their own). */
export const outDir = (): string => process.env['E2E_OUT_DIR'] ?? 'dist';

/** A game server a test owns: started on its own port and temporary database, stopped by its own PID. */
export class OwnServer {
  private child: ChildProcess | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'poule-e2e-own-'));
  readonly database = join(this.dir, 'poule.sqlite');
  private readonly config: string;
  log = '';

  constructor(
    readonly port: number,
    codeAttempts?: CodeAttempts,
  ) {
    this.config = writeServerConfig(this.dir, codeAttempts);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** Starts the server and resolves once it says it listens. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, serverArgs(this.port, this.database, outDir(), this.config), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`the game server did not start within 60 s:\n${this.log}`)), 60_000);
      const read = (b: Buffer): void => {
        this.log += b.toString();
        if (this.log.includes('poule server listening on')) {
          clearTimeout(timer);
          res();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        rej(new Error(`the game server exited (${code}) before listening:\n${this.log}`));
      });
    });
  }

  /** SIGKILL, as a crash or a power cut would: no shutdown code runs. Resolves once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Any file server: the built game, no API (every other path is a 404 page, as a CDN would answer). */
export async function fileServer(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const base = resolve(root);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(base, path === '/' ? 'index.html' : path));
    if (!file.startsWith(base)) file = join(base, '__none__');
    try {
      if (statSync(file).isFile()) {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
        return;
      }
    } catch {
      // Not there: the 404 below.
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Not found</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}
