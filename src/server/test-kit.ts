import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from '../core';
import { buildApp } from './app';
import type { TerminalConfig } from './identity';
import { SqliteStorage } from './storage/sqlite-storage';

/**
 * Test support for the server's tests (not shipped; imported by *.test.ts only): a server on a real SQLite file in a
 * temporary folder, a small client speaking to it through fastify's inject(), and a dump of every table.
 */
export interface TestServer {
  readonly dir: string;
  readonly file: string;
  app: FastifyInstance;
  /** Closes the app and opens a new one on the same file (a restart). */
  restart(): Promise<void>;
  /** Closes the app and removes the folder. */
  dispose(): Promise<void>;
}

export const TEST_TERMINALS: readonly TerminalConfig[] = [{ id: 'kiosk-1', key: 'kiosk-1-secret-key' }];

export async function testServer(table: PrizeTable = DEFAULT_PRIZE_TABLE): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'poule-server-'));
  const file = join(dir, 'poule.sqlite');
  const open = (): Promise<FastifyInstance> =>
    buildApp({ storage: SqliteStorage.open(file), table, terminals: TEST_TERMINALS, staticDir: null });
  const server: TestServer = {
    dir,
    file,
    app: await open(),
    async restart() {
      await server.app.close();
      server.app = await open();
    },
    async dispose() {
      await server.app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: string;
  readonly json: T;
}

/** A player (cookie) or a terminal (key) talking to the app. */
export class TestClient {
  cookie: string | null = null;

  constructor(
    private readonly server: TestServer,
    private readonly terminalKey: string | null = null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { ...extra };
    if (this.cookie) h['cookie'] = this.cookie;
    if (this.terminalKey !== null) h['authorization'] = `Terminal ${this.terminalKey}`;
    return h;
  }

  async post<T = unknown>(url: string, payload?: unknown, rawBody?: string): Promise<Answer<T>> {
    const body = rawBody ?? (payload === undefined ? undefined : JSON.stringify(payload));
    const r = await this.server.app.inject({
      method: 'POST',
      url,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(body === undefined ? {} : { payload: body }),
    });
    const set = r.headers['set-cookie'];
    if (typeof set === 'string') this.cookie = set.split(';')[0]!;
    return { status: r.statusCode, body: r.body, json: JSON.parse(r.body) as T };
  }

  async get<T = unknown>(url: string): Promise<Answer<T>> {
    const r = await this.server.app.inject({ method: 'GET', url, headers: this.headers() });
    return { status: r.statusCode, body: r.body, json: JSON.parse(r.body) as T };
  }
}

/** Every table but `meta`, as rows in a stable order: equal dumps mean nothing was written. */
export function dumpTables(file: string, skip: readonly string[] = []): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const t of ['blocks', 'players', 'tickets', 'ticket_events', 'ledger', 'replies', 'audit']) {
      if (!skip.includes(t)) out[t] = db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all();
    }
    return out;
  } finally {
    db.close();
  }
}
