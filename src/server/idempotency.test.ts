import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TicketUpdate } from '../protocol/messages';
import { checkDatabase } from './check';
import { dumpTables, TestClient, type TestServer, testServer } from './test-kit';

let server: TestServer;
beforeEach(async () => {
  server = await testServer();
});
afterEach(async () => server.dispose());

describe('idempotency keys', () => {
  it('the same key and body: the byte-identical reply, nothing drawn or written, also after a restart', async () => {
    const c = new TestClient(server);
    await c.post('/api/session');
    const buy = await c.post<TicketUpdate>('/api/buy', { key: 'buy-1' });
    const reveal = { key: 'reveal-1', ticket: buy.json.ticket, seq: 1, command: { type: 'reveal' } };
    const revealed = await c.post('/api/command', reveal);
    const pick = { key: 'pick-1', ticket: buy.json.ticket, seq: 2, command: { type: 'pick', hen: 12 } };
    const picked = await c.post('/api/command', pick);
    expect(picked.status).toBe(200);
    const before = dumpTables(server.file);
    for (let round = 0; round < 2; round++) {
      expect((await c.post('/api/buy', { key: 'buy-1' })).body).toBe(buy.body);
      expect((await c.post('/api/command', reveal)).body).toBe(revealed.body);
      const again = await c.post('/api/command', pick);
      expect(again.status).toBe(200);
      expect(again.body).toBe(picked.body);
      expect(dumpTables(server.file)).toEqual(before);
      await server.restart();
    }
    // Later commands do not change an earlier reply: play the ticket to its end, then ask again.
    let last = picked.json as TicketUpdate;
    while (last.snapshot.phase !== 'ended') {
      const command =
        last.snapshot.phase === 'haystack'
          ? { type: 'chooseHaystack', haystack: 1 }
          : { type: 'pick', hen: last.snapshot.round!.hens.indexOf(null) };
      last = (
        await c.post<TicketUpdate>('/api/command', {
          key: `more-${last.nextSeq}`,
          ticket: last.ticket,
          seq: last.nextSeq,
          command,
        })
      ).json;
    }
    expect((await c.post('/api/command', pick)).body).toBe(picked.body);
    expect((await c.post('/api/buy', { key: 'buy-1' })).body).toBe(buy.body);
    expect(await checkDatabase(server.file)).toMatchObject({
      tickets: 1,
      journalProblems: [],
      ledgerProblems: [],
      auditVerified: true,
    });
  });

  it('a top-up replayed credits once', async () => {
    const c = new TestClient(server);
    await c.post('/api/session');
    const t = await c.post<TicketUpdate>('/api/buy', { key: 'b' });
    expect(t.json.balanceCents).toBe(1800);
    const first = await c.post('/api/top-up', { key: 'top' });
    expect(first.json).toEqual({ balanceCents: 2000 });
    const before = dumpTables(server.file);
    expect((await c.post('/api/top-up', { key: 'top' })).body).toBe(first.body);
    expect(dumpTables(server.file)).toEqual(before);
  });

  it('keys are per player: the same key from two players is two requests', async () => {
    const a = new TestClient(server);
    const b = new TestClient(server);
    await a.post('/api/session');
    await b.post('/api/session');
    const ta = await a.post<TicketUpdate>('/api/buy', { key: 'same' });
    const tb = await b.post<TicketUpdate>('/api/buy', { key: 'same' });
    expect(ta.status).toBe(200);
    expect(tb.status).toBe(200);
    expect(ta.json.ticket).not.toBe(tb.json.ticket);
  });
});

describe('requests at the same moment', () => {
  it('two players buying at once on one block: one ticket each, consecutive in the block', async () => {
    const a = new TestClient(server);
    const b = new TestClient(server);
    await a.post('/api/session');
    await b.post('/api/session');
    const [ra, rb] = await Promise.all([
      a.post<TicketUpdate>('/api/buy', { key: 'x' }),
      b.post<TicketUpdate>('/api/buy', { key: 'y' }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect([ra.json.snapshot.serial.index, rb.json.snapshot.serial.index].sort()).toEqual([1, 2]);
    expect(await checkDatabase(server.file)).toMatchObject({
      tickets: 2,
      openTickets: 2,
      blocks: [{ block: 1, dealt: 2, reconciles: true }],
    });
  });

  it('one player buying twice at once (two tabs): one ticket, the other told a ticket is in play', async () => {
    const a = new TestClient(server);
    await a.post('/api/session');
    const tabs = await Promise.all([a.post('/api/buy', { key: 'tab-1' }), a.post('/api/buy', { key: 'tab-2' })]);
    expect(tabs.map((t) => t.status).sort()).toEqual([200, 409]);
    expect(tabs.find((t) => t.status === 409)!.json).toMatchObject({ error: { code: 'ticket-in-play' } });
    // The same key twice at once: one buy, the same bytes twice.
    const b = new TestClient(server);
    await b.post('/api/session');
    const same = await Promise.all([b.post('/api/buy', { key: 'k' }), b.post('/api/buy', { key: 'k' })]);
    expect(same[0]!.status).toBe(200);
    expect(same[1]!.body).toBe(same[0]!.body);
    const report = await checkDatabase(server.file);
    expect(report).toMatchObject({
      tickets: 2,
      openTickets: 2,
      doublePayments: 0,
      stakesMissing: 0,
      ledgerProblems: [],
    });
  });

  it('fifty players buying in one group commit: fifty tickets, the block reconciles', async () => {
    const players = Array.from({ length: 50 }, () => new TestClient(server));
    for (const p of players) await p.post('/api/session');
    const bought = await Promise.all(players.map((p, i) => p.post<TicketUpdate>('/api/buy', { key: `k${i}` })));
    expect(bought.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bought.map((r) => r.json.ticket)).size).toBe(50);
    expect((await checkDatabase(server.file)).blocks).toEqual([
      expect.objectContaining({ dealt: 50, reconciles: true }),
    ]);
  });
});
