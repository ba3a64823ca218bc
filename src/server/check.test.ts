import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TicketUpdate } from '../protocol/messages';
import { canonicalJson, sha256, verifyAuditChain } from './audit';
import { checkDatabase } from './check';
import { TestClient, type TestServer, testServer } from './test-kit';

/** checkDatabase on a sound database, then on copies with one planted edit each (as someone with the file could). */
let server: TestServer;

async function playSome(): Promise<void> {
  for (let p = 0; p < 3; p++) {
    const c = new TestClient(server);
    await c.post('/api/session');
    for (let n = 0; n < 2; n++) {
      let t = (await c.post<TicketUpdate>('/api/buy', { key: `b${n}` })).json;
      for (let hen = 0; t.snapshot.phase !== 'ended'; hen++) {
        const command =
          t.snapshot.phase === 'scratch'
            ? { type: 'reveal' }
            : t.snapshot.phase === 'haystack'
              ? { type: 'chooseHaystack', haystack: 2 }
              : { type: 'pick', hen: t.snapshot.round!.hens.indexOf(null) };
        t = (
          await c.post<TicketUpdate>('/api/command', { key: `c${n}-${hen}`, ticket: t.ticket, seq: t.nextSeq, command })
        ).json;
      }
    }
  }
}

/** Runs SQL on the file with the append-only triggers dropped: a planted edit. */
function plant(sql: string): void {
  const db = new Database(server.file);
  try {
    for (const t of ['ledger', 'events', 'audit'])
      for (const op of ['u', 'd']) db.exec(`DROP TRIGGER IF EXISTS ${t}_append_only_${op}`);
    db.exec(sql);
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  server = await testServer();
  await playSome();
  await server.app.close();
});
afterEach(async () => server.dispose());

describe('checkDatabase', () => {
  it('a database played through the API checks clean', async () => {
    const r = await checkDatabase(server.file);
    expect(r).toMatchObject({
      tickets: 6,
      openTickets: 0,
      auditVerified: true,
      auditProblem: null,
      ledgerProblems: [],
      journalProblems: [],
      doublePayments: 0,
      stakesMissing: 0,
    });
    // 3 opening credits + per ticket: issued, stake, at least 2 draws.
    expect(r.auditEntries).toBeGreaterThanOrEqual(3 + 6 * 4);
    expect(r.blocks).toEqual([{ block: 1, dealt: 6, remaining: expect.any(Array), reconciles: true }]);
  });

  it("each draw entry holds the sha-256 of its command's events as the journal keeps them, not a copy", () => {
    const db = new Database(server.file, { readonly: true });
    try {
      const draws = db
        .prepare<[], { payload: string }>("SELECT payload FROM audit WHERE kind = 'draw' ORDER BY seq")
        .all()
        .map((r) => JSON.parse(r.payload) as { ticket: string; seq: number; eventsSha256: string; events?: unknown });
      const journal = db.prepare<[string, number], { event: string }>(
        'SELECT event FROM ticket_events WHERE ticket_id = ? AND seq = ? ORDER BY idx',
      );
      expect(draws.length).toBeGreaterThanOrEqual(6 * 2);
      for (const d of draws) {
        const rows = journal.all(d.ticket, d.seq).map((r) => r.event);
        expect(rows.length).toBeGreaterThan(0);
        expect(d.events).toBeUndefined();
        expect(d.eventsSha256).toBe(sha256(`[${rows.join(',')}]`));
      }
    } finally {
      db.close();
    }
  });

  it('the append-only tables refuse an edit', async () => {
    const db = new Database(server.file);
    try {
      expect(() => db.exec("UPDATE audit SET payload = '{}' WHERE seq = 1")).toThrow(/append-only/);
      expect(() => db.exec('DELETE FROM ledger')).toThrow(/append-only/);
      expect(() => db.exec("UPDATE ticket_events SET event = '{}'")).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('one audit payload edited: the chain breaks at that entry', async () => {
    const db = new Database(server.file, { readonly: true });
    const seq = db
      .prepare<[], { seq: number }>(
        `SELECT seq FROM audit WHERE payload LIKE '%"kind":"stake"%' ORDER BY seq LIMIT 1 OFFSET 2`,
      )
      .get()!.seq;
    db.close();
    plant(`UPDATE audit SET payload = replace(payload, '"cents":-200', '"cents":-2') WHERE seq = ${seq}`);
    const r = await checkDatabase(server.file);
    expect(r.auditVerified).toBe(false);
    expect(r.auditProblem).toBe(`audit entry ${seq}: hash does not match its content`);
  });

  it('an audit entry removed, or its hashes recomputed alone, is caught', async () => {
    plant('DELETE FROM audit WHERE seq = 5');
    expect((await checkDatabase(server.file)).auditProblem).toBe('audit entry 5 is missing (found 6)');
  });

  it('a prize paid twice, a stake missing, a journal edited, a block count changed', async () => {
    plant(`INSERT INTO ledger (player_id, kind, cents, balance_after, ticket_id, at)
           SELECT player_id, 'top-up', 0, balance_after, NULL, at FROM ledger ORDER BY id DESC LIMIT 1`);
    expect((await checkDatabase(server.file)).ledgerProblems).toEqual([]);
    plant(`DROP INDEX one_stake; INSERT INTO ledger (player_id, kind, cents, balance_after, ticket_id, at)
           SELECT t.player_id, 'stake', -200, (SELECT balance_after FROM ledger WHERE player_id = t.player_id ORDER BY id DESC LIMIT 1) - 200, t.id, 'x' FROM tickets t LIMIT 1`);
    expect((await checkDatabase(server.file)).doublePayments).toBe(1);
    plant(`DELETE FROM ledger WHERE kind = 'stake' AND id = (SELECT MIN(id) FROM ledger WHERE kind = 'stake')`);
    const r = await checkDatabase(server.file);
    expect(r.stakesMissing + r.ledgerProblems.length).toBeGreaterThan(0);
    plant(`UPDATE ticket_events SET event = replace(event, '"a1Cents":', '"a1Cents":1') WHERE idx = 1`);
    expect((await checkDatabase(server.file)).journalProblems.length).toBeGreaterThan(0);
    plant(`UPDATE blocks SET remaining = '[2,6,100,1200,5000,16000,50000,90000,137692]'`);
    expect((await checkDatabase(server.file)).blocks[0]!.reconciles).toBe(false);
  });
});

describe('the audit chain on its own', () => {
  it('canonical JSON sorts keys at every level', async () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":1,"z":0}]},"b":1}',
    );
    expect(canonicalJson({ z: undefined, b: 'x', a: [true, 'é', -1.5] })).toBe('{"a":[true,"é",-1.5],"b":"x"}');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
  });

  it('an empty chain verifies; a wrong first previous hash does not', async () => {
    expect(verifyAuditChain([])).toBeNull();
    expect(
      verifyAuditChain([{ seq: 1, at: 'x', kind: 'draw', payload: '{}', prev_hash: 'f'.repeat(64), hash: '' }]),
    ).toMatch(/previous hash/);
  });
});
