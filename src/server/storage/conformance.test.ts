import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../../../tools/postgres/temp-postgres';
import { type Command, DEFAULT_PRIZE_TABLE, type GameSnapshot, RULES } from '../../core';
import { chooseHaystack, chooseHen } from '../../core/bot';
import { SeededSource } from '../../core/seeded-source';
import type { TicketUpdate } from '../../protocol/messages';
import { buildApp } from '../app';
import { blockReport, closeBlock } from '../block-ops';
import { checkRecord } from '../check';
import { type Backend, postgresBackend, sqliteBackend } from './backends';
import type { Storage } from './storage';

/**
 * One suite, two storages: everything here runs on SQLite and on PostgreSQL (a server of its own, started for the
 * suite). "Two instances" are two apps, each with its own storage, on one database.
 */
const factories: [string, () => Promise<Backend>][] = [['sqlite', async () => sqliteBackend()]];
// CI installs PostgreSQL (.ci/run); a machine without it runs the SQLite half and says why the other is missing.
if (postgresAvailable()) factories.push(['postgres', postgresBackend]);
else console.warn('[conformance] PostgreSQL (initdb, pg_ctl) not found: the postgres half is not run');

class Player {
  cookie: string | null = null;
  private keys = 0;
  constructor(readonly name: string) {}

  async post<T>(
    app: FastifyInstance,
    url: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: string; json: T }> {
    const r = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      payload: JSON.stringify(body),
    });
    const set = r.headers['set-cookie'];
    if (typeof set === 'string') this.cookie = set.split(';')[0]!;
    return { status: r.statusCode, body: r.body, json: JSON.parse(r.body) as T };
  }

  key(): string {
    return `${this.name}-${++this.keys}`;
  }
}

function nextCommand(s: GameSnapshot, bot: SeededSource): Command {
  if (s.phase === 'scratch') return { type: 'reveal' };
  if (s.phase === 'haystack') return { type: 'chooseHaystack', haystack: chooseHaystack(RULES.haystacks, bot) };
  const down = s.round!.hens.flatMap((h, i) => (h === null ? [i] : []));
  return { type: 'pick', hen: chooseHen(down, bot) };
}

/** A whole ticket; each request goes to `apps[i % apps.length]` (one app, or two instances taking turns). */
async function playTicket(
  apps: readonly FastifyInstance[],
  p: Player,
  bot: SeededSource,
  turn = 0,
): Promise<TicketUpdate[]> {
  const bought = await p.post<TicketUpdate>(apps[turn % apps.length]!, '/api/buy', { key: p.key() });
  expect(bought.status, bought.body).toBe(200);
  const updates = [bought.json];
  let last = bought.json;
  for (let i = turn + 1; last.snapshot.phase !== 'ended'; i++) {
    const r = await p.post<TicketUpdate>(apps[i % apps.length]!, '/api/command', {
      key: p.key(),
      ticket: last.ticket,
      seq: last.nextSeq,
      command: nextCommand(last.snapshot, bot),
    });
    expect(r.status, r.body).toBe(200);
    updates.push(r.json);
    last = r.json;
  }
  return updates;
}

describe.each(factories)('storage conformance: %s', (_name, factory) => {
  let backend: Backend;
  const opened: { app: FastifyInstance | null; storage: Storage }[] = [];
  beforeAll(async () => {
    backend = await factory();
  }, 60_000);
  afterAll(async () => {
    for (const o of opened) await (o.app ? o.app.close() : o.storage.close());
    await backend?.dispose();
  }, 60_000);

  const instance = async (database: string): Promise<FastifyInstance> => {
    const storage = await backend.open(database);
    const app = await buildApp({ storage, table: DEFAULT_PRIZE_TABLE, staticDir: null });
    opened.push({ app, storage });
    return app;
  };
  const sound = async (database: string) => backend.read(database, (r) => checkRecord(r));

  it('migrations: a new database gets every version; opened again it is unchanged; a newer database is refused, naming why', async () => {
    const db = await backend.create();
    const first = await backend.open(db);
    await first.close();
    const again = await backend.open(db);
    await again.close();
    if (backend.name === 'sqlite') await backend.exec(db, 'PRAGMA user_version = 99');
    else await backend.exec(db, 'INSERT INTO schema_version (version) VALUES (99)');
    await expect(backend.open(db)).rejects.toThrow(
      /schema is version 99, newer than this server's \d+: run a newer server/,
    );
  });

  it('whole tickets: balances move by stakes and prizes, a key sent again gets the same bytes, the record checks clean', async () => {
    const db = await backend.create();
    const app = await instance(db);
    const p = new Player('solo');
    expect((await p.post(app, '/api/session', {})).status).toBe(200);
    const bot = SeededSource.fromSeed(11);
    let balance = (await p.post<{ balanceCents: number }>(app, '/api/session', {})).json.balanceCents;
    for (let t = 0; t < 3; t++) {
      const updates = await playTicket([app], p, bot);
      const ended = updates.at(-1)!.events.find((e) => e.type === 'ticketEnded') as { prizeCents: number } | undefined;
      balance += -RULES.ticketPriceCents + (ended?.prizeCents ?? 0);
      expect(updates.at(-1)!.balanceCents).toBe(balance);
    }
    const key = 'replayed-buy';
    const a = await p.post(app, '/api/buy', { key });
    const b = await p.post(app, '/api/buy', { key });
    expect(b.body).toBe(a.body);
    const r = await sound(db);
    expect(r).toMatchObject({
      tickets: 4,
      openTickets: 1,
      auditVerified: true,
      ledgerProblems: [],
      journalProblems: [],
      doublePayments: 0,
      stakesMissing: 0,
    });
    expect(r.blocks).toEqual([expect.objectContaining({ block: 1, dealt: 4, reconciles: true })]);
  });

  it('two instances on one database: players taking turns between them and buying at once; one ticket each, every block reconciles', async () => {
    const db = await backend.create();
    const apps = [await instance(db), await instance(db)];
    const players = Array.from({ length: 12 }, (_, i) => new Player(`p${i}`));
    for (const [i, p] of players.entries()) expect((await p.post(apps[i % 2]!, '/api/session', {})).status).toBe(200);
    // Every player plays two tickets, its requests alternating between the instances, all players at once.
    await Promise.all(
      players.map(async (p, i) => {
        const bot = SeededSource.fromSeed(100 + i);
        await playTicket(apps, p, bot, i);
        await playTicket(apps, p, bot, i + 1);
      }),
    );
    // Double buy from two instances at once: one ticket, the other refused.
    const racer = players[0]!;
    const [x, y] = await Promise.all([
      racer.post(apps[0]!, '/api/buy', { key: racer.key() }),
      racer.post(apps[1]!, '/api/buy', { key: racer.key() }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const r = await sound(db);
    expect(r).toMatchObject({
      tickets: 25,
      openTickets: 1,
      auditVerified: true,
      ledgerProblems: [],
      journalProblems: [],
      doublePayments: 0,
      stakesMissing: 0,
    });
    expect(r.blocks).toEqual([expect.objectContaining({ block: 1, dealt: 25, reconciles: true })]);
  });

  it('a request that throws inside a group rolls back alone; the others commit', async () => {
    const db = await backend.create();
    const storage = await backend.open(db);
    opened.push({ app: null, storage });
    const at = new Date().toISOString();
    const results = await Promise.allSettled([
      storage.transact((tx) => tx.createPlayer('terminal', null, 'kept-1', at), { play: false }),
      storage.transact(
        async (tx) => {
          await tx.createPlayer('terminal', null, 'lost', at);
          throw new Error('this request fails after writing');
        },
        { play: false },
      ),
      storage.transact((tx) => tx.createPlayer('terminal', null, 'kept-2', at), { play: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const found = await storage.read(async (tx) => [
      await tx.playerByTerminal('kept-1'),
      await tx.playerByTerminal('lost'),
      await tx.playerByTerminal('kept-2'),
    ]);
    expect(found.map((p) => p?.terminalId ?? null)).toEqual(['kept-1', null, 'kept-2']);
  });

  it('a block put out of play: logged, never dealt again, its ticket in play finishes; the report reconciles it', async () => {
    const db = await backend.create();
    const app = await instance(db);
    const [a, b] = [new Player('a'), new Player('b')];
    for (const p of [a, b]) await p.post(app, '/api/session', {});
    const bot = SeededSource.fromSeed(5);
    await playTicket([app], a, bot);
    const open = await b.post<TicketUpdate>(app, '/api/buy', { key: b.key() });
    expect(open.json.ticket).toMatch(/^0*1-/);
    const closer = await backend.open(db);
    opened.push({ app: null, storage: closer });
    await expect(closeBlock(closer, 1, 'test')).resolves.toEqual({ dealt: 2, left: RULES.blockSize - 2 });
    await expect(closeBlock(closer, 1, 'test')).rejects.toThrow('block 1 is already closed');
    await expect(closeBlock(closer, 9, 'test')).rejects.toThrow('there is no block 9');
    // The ticket of block 1 in play finishes; the next buy is dealt from block 2.
    let last = open.json;
    while (last.snapshot.phase !== 'ended') {
      const r = await b.post<TicketUpdate>(app, '/api/command', {
        key: b.key(),
        ticket: last.ticket,
        seq: last.nextSeq,
        command: nextCommand(last.snapshot, bot),
      });
      expect(r.status, r.body).toBe(200);
      last = r.json;
    }
    const next = await a.post<TicketUpdate>(app, '/api/buy', { key: a.key() });
    expect(next.status).toBe(200);
    const report = await backend.read(db, (r) => blockReport(r, null));
    expect(report.auditProblem).toBeNull();
    expect(report.blocks.map((x) => [x.block, x.status, x.dealt, x.reconciles])).toEqual([
      [1, 'closed', 2, true],
      [2, 'open', 1, true],
    ]);
    expect(report.blocks[0]!.stakesCents).toBe(2 * RULES.ticketPriceCents);
    expect(report.blocks[0]!.prizesPaidCents).toBe(report.blocks[0]!.prizesOwedCents);
    const audit = await backend.read(db, (r) =>
      r.all<{ kind: string }>("SELECT kind FROM audit WHERE kind = 'block-closed'", []),
    );
    expect(audit).toHaveLength(1);
  });
});
