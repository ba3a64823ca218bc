import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameSnapshot, parsePrizeTable, RULES } from '../core';
import type { ApiError, SessionView, TicketUpdate } from '../protocol/messages';
import { BODY_LIMIT } from './app';
import { type Answer, dumpTables, TestClient, type TestServer, testServer } from './test-kit';

/**
 * Every bad input gets its status and code, and changes nothing: the tables are dumped before and after. A refusal
 * that carried a valid key is stored under it (so a retry gets the same refusal): only the replies table grows then.
 */
let server: TestServer;
let alice: TestClient;
let bob: TestClient;
let open: TicketUpdate; // alice's ticket, revealed, a round in play
let ended: TicketUpdate; // alice's first ticket, played to the end

async function refused(
  send: () => Promise<Answer>,
  status: number,
  code: ApiError['error']['code'],
  keyed = false,
): Promise<string> {
  const before = dumpTables(server.file);
  const r = await send();
  expect(r.status, r.body).toBe(status);
  const body = r.json as ApiError;
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  const after = dumpTables(server.file);
  if (keyed) {
    expect(after['replies']!.length).toBe(before['replies']!.length + 1);
    delete before['replies'];
    delete after['replies'];
  }
  expect(after).toEqual(before);
  return body.error.message;
}

async function playToEnd(
  c: TestClient,
  first: TicketUpdate,
  tag: string,
  until?: (s: GameSnapshot) => boolean,
): Promise<TicketUpdate> {
  let last = first;
  let hen = 0;
  while (last.snapshot.phase !== 'ended' && !until?.(last.snapshot)) {
    const command =
      last.snapshot.phase === 'scratch'
        ? { type: 'reveal' }
        : last.snapshot.phase === 'haystack'
          ? { type: 'chooseHaystack', haystack: 0 }
          : { type: 'pick', hen: last.snapshot.round!.hens.findIndex((h, i) => h === null && i >= hen) };
    hen++;
    const r = await c.post<TicketUpdate>('/api/command', {
      key: `${tag}-${last.nextSeq}`,
      ticket: last.ticket,
      seq: last.nextSeq,
      command,
    });
    expect(r.status, r.body).toBe(200);
    last = r.json;
  }
  return last;
}

beforeAll(async () => {
  server = await testServer();
  alice = new TestClient(server);
  bob = new TestClient(server);
  await alice.post<SessionView>('/api/session');
  await bob.post<SessionView>('/api/session');
  const first = await alice.post<TicketUpdate>('/api/buy', { key: 'a-buy-1' });
  ended = await playToEnd(alice, first.json, 'a1');
  const second = await alice.post<TicketUpdate>('/api/buy', { key: 'a-buy-2' });
  open = await playToEnd(alice, second.json, 'a2', (s) => s.phase === 'round');
});
afterAll(async () => server.dispose());

const cmd = (c: TestClient, body: Record<string, unknown>): Promise<Answer> =>
  c.post('/api/command', { key: `k-${Math.random()}`, ticket: open.ticket, seq: open.nextSeq, ...body });

describe('who is asking', () => {
  it('no cookie, a forged cookie, a wrong terminal key', async () => {
    const none = new TestClient(server);
    await refused(() => none.post('/api/buy', { key: 'x' }), 401, 'no-session');
    await refused(() => none.get('/api/history'), 401, 'no-session');
    const forged = new TestClient(server);
    forged.cookie = `poule_player=${'ab'.repeat(16)}`;
    await refused(() => forged.post('/api/buy', { key: 'x' }), 401, 'no-session');
    await refused(
      () =>
        forged.post('/api/command', {
          key: 'x',
          ticket: open.ticket,
          seq: open.nextSeq,
          command: { type: 'pick', hen: 1 },
        }),
      401,
      'no-session',
    );
    const kiosk = new TestClient(server, 'not-the-key-at-all');
    await refused(() => kiosk.post('/api/session', {}), 401, 'bad-terminal-key');
    await refused(() => kiosk.post('/api/buy', { key: 'x' }), 401, 'bad-terminal-key');
  });

  it("another player's ticket is not told to exist", async () => {
    const m = await refused(() => cmd(bob, { command: { type: 'pick', hen: 1 } }), 404, 'ticket-not-found', true);
    expect(m).toContain(open.ticket);
    await refused(
      () => cmd(bob, { ticket: '999999-999999', command: { type: 'pick', hen: 1 } }),
      404,
      'ticket-not-found',
      true,
    );
  });
});

describe('the state of play', () => {
  it('an ended ticket, a seq out of order, a second buy', async () => {
    await refused(
      () => cmd(alice, { ticket: ended.ticket, seq: ended.nextSeq, command: { type: 'pick', hen: 1 } }),
      409,
      'ticket-ended',
      true,
    );
    await refused(
      () => cmd(alice, { seq: open.nextSeq + 1, command: { type: 'pick', hen: 1 } }),
      409,
      'seq-out-of-order',
      true,
    );
    await refused(
      () => cmd(alice, { seq: open.nextSeq - 1, command: { type: 'pick', hen: 1 } }),
      409,
      'seq-out-of-order',
      true,
    );
    await refused(() => alice.post('/api/buy', { key: 'a-buy-3' }), 409, 'ticket-in-play', true);
    await refused(() => bob.post('/api/top-up', { key: 'b-top' }), 409, 'top-up-not-needed', true);
  });

  it('a key used again with another body is refused, and the first reply stays under it', async () => {
    const key = 'alice-once';
    const first = await alice.post('/api/command', {
      key,
      ticket: open.ticket,
      seq: open.nextSeq,
      command: { type: 'pick', hen: 29 },
    });
    expect(first.status).toBe(200);
    open = first.json as TicketUpdate;
    await refused(
      () =>
        alice.post('/api/command', { key, ticket: open.ticket, seq: open.nextSeq, command: { type: 'pick', hen: 28 } }),
      409,
      'key-reused',
    );
    await refused(() => alice.post('/api/buy', { key }), 409, 'key-reused');
    const again = await alice.post('/api/command', {
      key,
      ticket: open.ticket,
      seq: open.nextSeq - 1,
      command: { type: 'pick', hen: 29 },
    });
    expect(again.body).toBe(first.body);
  });

  it('hens 30, -1 and 1.5, a hen already lifted, a haystack not offered: the core refuses, 422', async () => {
    if (open.snapshot.phase !== 'round') {
      // The pick above found the egg at once (1 chance in 30): a new ticket, scratched, with hen 29 lifted.
      const t = await alice.post<TicketUpdate>('/api/buy', { key: 'a-buy-4' });
      open = await playToEnd(alice, t.json, 'a4', (s) => s.phase === 'round');
      const lifted = await alice.post<TicketUpdate>('/api/command', {
        key: 'a4-29',
        ticket: open.ticket,
        seq: open.nextSeq,
        command: { type: 'pick', hen: 29 },
      });
      open = lifted.json;
    }
    expect(open.snapshot.phase).toBe('round');
    for (const hen of [30, -1, 1.5]) {
      const m = await refused(() => cmd(alice, { command: { type: 'pick', hen } }), 422, 'hen-out-of-range', true);
      expect(m).toContain(String(hen));
    }
    await refused(() => cmd(alice, { command: { type: 'pick', hen: 29 } }), 422, 'hen-already-lifted', true);
    await refused(
      () => cmd(alice, { command: { type: 'chooseHaystack', haystack: 5 } }),
      422,
      'haystack-not-offered',
      true,
    );
    await refused(() => cmd(alice, { command: { type: 'reveal' } }), 422, 'already-revealed', true);
  });

  it('haystack 5 when the haystacks are offered: haystack-out-of-range', async () => {
    const c = new TestClient(server);
    await c.post('/api/session');
    // Lose first rounds until one offers the haystacks (about three tickets in four do).
    for (let n = 0; n < 40; n++) {
      const bought = await c.post<TicketUpdate>('/api/buy', { key: `h-buy-${n}` });
      if (bought.status === 402) await c.post('/api/top-up', { key: `h-top-${n}` });
      const t =
        bought.status === 200 ? bought.json : (await c.post<TicketUpdate>('/api/buy', { key: `h-buy-${n}b` })).json;
      const at = await playToEnd(c, t, `h${n}`, (s) => s.phase === 'haystack');
      if (at.snapshot.phase !== 'haystack') continue;
      const body = { key: 'h-5', ticket: at.ticket, seq: at.nextSeq, command: { type: 'chooseHaystack', haystack: 5 } };
      await refused(() => c.post('/api/command', body), 422, 'haystack-out-of-range', true);
      // The same key again: the same refusal, still changing nothing.
      const before = dumpTables(server.file);
      expect((await c.post<ApiError>('/api/command', body)).json.error.code).toBe('haystack-out-of-range');
      expect(dumpTables(server.file)).toEqual(before);
      return;
    }
    throw new Error('no ticket reached the haystacks in 40 tries');
  });
});

describe('the request itself', () => {
  it('malformed JSON, a body too large, a wrong shape, an unknown command', async () => {
    await refused(() => alice.post('/api/command', undefined, '{"key": "x", '), 400, 'bad-json');
    await refused(() => alice.post('/api/buy', undefined, '[1, 2'), 400, 'bad-json');
    const huge = JSON.stringify({ key: 'big', pad: 'x'.repeat(BODY_LIMIT) });
    await refused(() => alice.post('/api/buy', undefined, huge), 413, 'body-too-large');
    expect(await refused(() => alice.post('/api/buy', {}), 400, 'bad-request')).toContain('"key"');
    expect(await refused(() => alice.post('/api/buy', [1]), 400, 'bad-request')).toContain('object');
    expect(
      await refused(
        () => alice.post('/api/command', { key: 'q', ticket: 5, seq: 1, command: { type: 'reveal' } }),
        400,
        'bad-request',
      ),
    ).toContain('"ticket"');
    expect(await refused(() => cmd(alice, { seq: 0 }), 400, 'bad-request')).toContain('"seq"');
    expect(await refused(() => cmd(alice, { seq: 1.5 }), 400, 'bad-request')).toContain('"seq"');
    expect(await refused(() => cmd(alice, { command: { type: 'pick' } }), 400, 'bad-request')).toContain('command.hen');
    expect(await refused(() => cmd(alice, { command: { type: 'pick', hen: '3' } }), 400, 'bad-request')).toContain(
      'command.hen',
    );
    expect(await refused(() => cmd(alice, { command: 'pick' }), 400, 'bad-request')).toContain('"command"');
    await refused(() => cmd(alice, { command: { type: 'steal' } }), 400, 'unknown-command');
    await refused(() => cmd(alice, { command: { type: 'draw' } }), 400, 'unknown-command');
  });

  it('every refusal carries the security headers, and an unknown route is a JSON 404', async () => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/api/buy',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['cache-control']).toBe('no-store');
    const missing = await server.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: { code: 'bad-request' } });
  });
});

describe('money', () => {
  it('a balance below the price: 402 balance-too-low, nothing dealt', async () => {
    const losing = parsePrizeTable({
      name: 'nothing to win',
      official: false,
      rows: [{ a1Cents: 0, a2Cents: 0, count: RULES.blockSize }],
    });
    if (!losing.ok) throw new Error(losing.error.message);
    const poor = await testServer(losing.value);
    try {
      const saved = server;
      server = poor;
      const c = new TestClient(poor);
      await c.post('/api/session');
      for (let n = 0; n < 10; n++) {
        const t = await c.post<TicketUpdate>('/api/buy', { key: `p-${n}` });
        expect(t.status, t.body).toBe(200);
        await playToEnd(c, t.json, `p${n}`);
      }
      await refused(() => c.post('/api/buy', { key: 'p-10' }), 402, 'balance-too-low', true);
      server = saved;
    } finally {
      await poor.dispose();
    }
  });
});
