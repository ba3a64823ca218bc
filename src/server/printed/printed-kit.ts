import type { FastifyInstance } from 'fastify';
import { type Command, DEFAULT_PRIZE_TABLE, type GameSnapshot, type PrizeTable, RULES } from '../../core';
import { chooseHaystack, chooseHen } from '../../core/bot';
import type { SeededSource } from '../../core/seeded-source';
import type { ClaimView, TicketUpdate } from '../../protocol/messages';
import { buildApp } from '../app';
import { type CheckReport, checkRecord } from '../check';
import { openReader } from '../record-reader';
import { type Backend, sqliteBackend } from '../storage/backends';
import { type Answer, TEST_TERMINALS } from '../test-kit';
import type { AttemptLimits } from './code-attempts';
import type { EmissionSummary } from './emission';
import type { RetailerConfig } from './retailers';
import { runEmission } from './run-emission';

/**
 * Test support for printed tickets (imported by *.test.ts only): a server on a real database (an SQLite file, or a
 * database of a PostgreSQL server of the test's own, as the backend given says) holding an emission,
 * with retailers, a movable clock for the rate limit, and clients that speak as a screen or a retailer from an address.
 */
export const TEST_RETAILERS: readonly RetailerConfig[] = [
  { id: 'shop-12', shop: 'Tabac de la Gare', key: 'shop-12-secret-key' },
  { id: 'shop-7', shop: 'Bar des Sports', key: 'shop-7-secret-key' },
];

export interface PrintedServer {
  /** Its `--database`: an SQLite file, or a postgres:// URL. */
  readonly database: string;
  readonly backend: Backend;
  readonly emission: EmissionSummary;
  app: FastifyInstance;
  /** The rate limit's clock, in ms; tests move it on. */
  clock: number;
  restart(): Promise<void>;
  /** The checker's report on the database as it stands. */
  check(): Promise<CheckReport>;
  dispose(): Promise<void>;
}

/** On `backend` (a new database of it; the caller disposes of it), or on an SQLite file of its own by default. */
export async function printedServer(
  o: { backend?: Backend; blocks?: number; limits?: AttemptLimits; table?: PrizeTable } = {},
): Promise<PrintedServer> {
  const backend = o.backend ?? sqliteBackend();
  const database = await backend.create();
  const table = o.table ?? DEFAULT_PRIZE_TABLE;
  const storage = await backend.open(database);
  let emission: EmissionSummary;
  try {
    emission = await runEmission(storage, table, o.blocks ?? 1);
  } finally {
    await storage.close();
  }
  const open = async (): Promise<FastifyInstance> =>
    buildApp({
      storage: await backend.open(database),
      table,
      terminals: TEST_TERMINALS,
      retailers: TEST_RETAILERS,
      ...(o.limits ? { codeAttempts: o.limits } : {}),
      clock: () => server.clock,
      staticDir: null,
    });
  const server: PrintedServer = {
    database,
    backend,
    emission,
    clock: Date.parse('2026-12-04T12:00:00Z'),
    app: undefined as unknown as FastifyInstance, // set just below, before anyone can use it
    async restart() {
      await server.app.close();
      server.app = await open();
    },
    check: () => backend.read(database, checkRecord),
    async dispose() {
      await server.app.close();
      if (!o.backend) await backend.dispose();
    },
  };
  server.app = await open();
  return server;
}

/** Who speaks: a player's cookie (kept from the replies), a kiosk terminal's key or a retailer's key; from an address. */
export class Speaker {
  cookie: string | null = null;

  constructor(
    private readonly server: PrintedServer,
    private readonly auth: { readonly terminal?: string; readonly retailer?: string } = {},
    readonly address = '127.0.0.1',
  ) {}

  private headers(body: boolean): Record<string, string> {
    const h: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
    if (this.cookie) h['cookie'] = this.cookie;
    if (this.auth.terminal) h['authorization'] = `Terminal ${this.auth.terminal}`;
    if (this.auth.retailer) h['authorization'] = `Retailer ${this.auth.retailer}`;
    return h;
  }

  async post<T = unknown>(
    url: string,
    payload: unknown = {},
  ): Promise<Answer<T> & { headers: Record<string, unknown> }> {
    const r = await this.server.app.inject({
      method: 'POST',
      url,
      headers: this.headers(true),
      payload: JSON.stringify(payload),
      remoteAddress: this.address,
    });
    const set = r.headers['set-cookie'];
    if (typeof set === 'string') this.cookie = set.split(';')[0]!;
    return { status: r.statusCode, body: r.body, json: JSON.parse(r.body) as T, headers: r.headers };
  }

  async get<T = unknown>(url: string): Promise<Answer<T>> {
    const r = await this.server.app.inject({
      method: 'GET',
      url,
      headers: this.headers(false),
      remoteAddress: this.address,
    });
    return { status: r.statusCode, body: r.body, json: JSON.parse(r.body) as T };
  }
}

export function nextCommand(s: GameSnapshot, bot: SeededSource): Command {
  if (s.phase === 'scratch') return { type: 'reveal' };
  if (s.phase === 'haystack') return { type: 'chooseHaystack', haystack: chooseHaystack(RULES.haystacks, bot) };
  const down = s.round!.hens.flatMap((h, i) => (h === null ? [i] : []));
  return { type: 'pick', hen: chooseHen(down, bot) };
}

/** Plays a claimed ticket from where it stands, `steps` commands at most (all the way by default); the last update. */
export async function playClaimed(
  screen: Speaker,
  claim: ClaimView,
  bot: SeededSource,
  keyPrefix: string,
  steps = Infinity,
): Promise<TicketUpdate | null> {
  let snapshot = claim.ticket.snapshot;
  let seq = claim.ticket.nextSeq;
  let last: TicketUpdate | null = null;
  for (let step = 0; snapshot.phase !== 'ended' && step < steps; step++) {
    const r = await screen.post<TicketUpdate>('/api/command', {
      key: `${keyPrefix}-${seq}`,
      ticket: claim.serial,
      seq,
      command: nextCommand(snapshot, bot),
    });
    if (r.status !== 200) throw new Error(`command refused: ${r.body}`);
    last = r.json;
    snapshot = r.json.snapshot;
    seq = r.json.nextSeq;
  }
  return last;
}

/** The codes of the emission's first `n` tickets in print order (a test reads them as a printer would). */
export async function firstCodes(
  database: string,
  n: number,
  from = 0,
): Promise<{ serial: string; code: string; a1Cents: number; a2Cents: number }[]> {
  const { reader, close } = await openReader(database);
  try {
    return await reader.all(
      'SELECT serial, code, a1_cents AS "a1Cents", a2_cents AS "a2Cents" FROM printed_tickets ORDER BY block, idx LIMIT $1 OFFSET $2',
      [n, from],
    );
  } finally {
    await close();
  }
}
