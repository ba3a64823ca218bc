import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGameCode } from '../../protocol/game-code';
import { type ApiError, type ClaimView, CODE_ATTEMPT_LIMIT, CODE_ATTEMPT_WINDOW_S } from '../../protocol/messages';
import { dumpTables } from '../test-kit';
import { firstCodes, type PrintedServer, printedServer, Speaker, TEST_RETAILERS } from './printed-kit';

const guess = (n: number): string => {
  const bytes = new Uint8Array(15);
  new DataView(bytes.buffer).setUint32(0, 0x9e3779b9 * (n + 1));
  return formatGameCode(bytes);
};

describe('guessing codes', () => {
  let server: PrintedServer;
  let codes: Awaited<ReturnType<typeof firstCodes>>;
  beforeAll(async () => {
    server = await printedServer();
    codes = await firstCodes(server.database, 10);
    const counter = new Speaker(server, { retailer: TEST_RETAILERS[0]!.key }, '10.9.9.9');
    for (const t of codes) expect((await counter.post('/api/retail/sell', { code: t.code })).status).toBe(200);
  }, 300_000);
  afterAll(async () => server.dispose());

  it(`one screen: ${CODE_ATTEMPT_LIMIT} wrong codes, then every code is refused 429 until the window has passed; then the right one plays`, async () => {
    const p = new Speaker(server, {}, '10.1.0.1');
    await p.post('/api/session');
    for (let i = 0; i < CODE_ATTEMPT_LIMIT; i++) {
      const r = await p.post<ApiError>('/api/ticket/claim', { code: i % 2 ? guess(i) : 'NOT-A-CODE' });
      expect(r.json.error.code).toBe(i % 2 ? 'code-unknown' : 'code-malformed');
    }
    const before = dumpTables(server.database);
    const blocked = await p.post<ApiError>('/api/ticket/claim', { code: guess(99) });
    expect([blocked.status, blocked.json.error.code]).toEqual([429, 'too-many-attempts']);
    expect(blocked.json.error.retryAfterS).toBe(CODE_ATTEMPT_WINDOW_S);
    expect(blocked.headers['retry-after']).toBe(String(CODE_ATTEMPT_WINDOW_S));
    const right = await p.post<ApiError>('/api/ticket/claim', { code: codes[0]!.code });
    expect([right.status, right.json.error.code]).toEqual([429, 'too-many-attempts']);
    expect(dumpTables(server.database)).toEqual(before);
    server.clock += 200_000;
    const still = await p.post<ApiError>('/api/ticket/claim', { code: codes[0]!.code });
    expect([still.status, still.json.error.retryAfterS]).toEqual([429, CODE_ATTEMPT_WINDOW_S - 200]);
    server.clock += (CODE_ATTEMPT_WINDOW_S - 200) * 1000 + 1;
    const after = await p.post<ClaimView>('/api/ticket/claim', { code: codes[0]!.code });
    expect([after.status, after.json.mode]).toEqual([200, 'play']);
  });

  it('one address: new cookies do not get around the limit; another address is not held back', async () => {
    for (let i = 0; i < CODE_ATTEMPT_LIMIT; i++) {
      const fresh = new Speaker(server, {}, '10.2.0.1');
      await fresh.post('/api/session');
      expect((await fresh.post<ApiError>('/api/ticket/claim', { code: guess(100 + i) })).status).toBe(404);
    }
    const fresh = new Speaker(server, {}, '10.2.0.1');
    await fresh.post('/api/session');
    const r = await fresh.post<ApiError>('/api/ticket/claim', { code: codes[1]!.code });
    expect([r.status, r.json.error.code]).toEqual([429, 'too-many-attempts']);
    const elsewhere = new Speaker(server, {}, '10.2.0.2');
    await elsewhere.post('/api/session');
    expect((await elsewhere.post<ClaimView>('/api/ticket/claim', { code: codes[1]!.code })).status).toBe(200);
  });

  it("a retailer's terminal is limited the same way", async () => {
    const counter = new Speaker(server, { retailer: TEST_RETAILERS[1]!.key }, '10.3.0.1');
    for (let i = 0; i < CODE_ATTEMPT_LIMIT; i++)
      expect((await counter.post('/api/retail/check', { code: guess(200 + i) })).status).toBe(404);
    const r = await counter.post<ApiError>('/api/retail/check', { code: codes[2]!.code });
    expect([r.status, r.json.error.code]).toEqual([429, 'too-many-attempts']);
    server.clock += CODE_ATTEMPT_WINDOW_S * 1000 + 1;
    expect((await counter.post('/api/retail/check', { code: codes[2]!.code })).status).toBe(200);
  });
});
