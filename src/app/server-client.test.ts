import { describe, expect, it } from 'vitest';
import { type KeyShelf, PENDING_KEY } from './pending-keys';
import { retryDelay, ServerClient } from './server-client';

/** localStorage as a Map (the client's shelf). */
class Shelf implements KeyShelf {
  readonly items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

interface Sent {
  readonly path: string;
  readonly body: string | null;
  readonly auth: string | null;
  /** What the shelf held when the request left. */
  readonly shelved: string | null;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A scripted server: each answer in turn ('down' throws as a refused connection would). */
function scripted(shelf: Shelf, answers: (Response | 'down')[]): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const f = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    sent.push({
      path: String(input),
      body: (init?.body as string | null) ?? null,
      auth: headers['authorization'] ?? null,
      shelved: shelf.getItem(PENDING_KEY),
    });
    const a = answers.shift();
    if (!a) throw new Error(`no scripted answer for ${String(input)}`);
    if (a === 'down') throw new TypeError('fetch failed');
    return a;
  };
  return { fetch: f as typeof fetch, sent };
}

const update = { ticket: '000001-000001', nextSeq: 2, events: [], snapshot: {}, balanceCents: 1800 };
const noSleep = async (): Promise<void> => undefined;

describe('ServerClient', () => {
  it('keeps the request before it leaves, retries it with the same key while the server is away, then forgets it', async () => {
    const shelf = new Shelf();
    const { fetch, sent } = scripted(shelf, [
      'down',
      json(503, { error: { code: 'storage-failed', message: 'disk' } }),
      'down',
      json(200, update),
    ]);
    const c = new ServerClient({ terminal: null, needsTerminal: false, shelf, fetch, sleep: noSleep });
    const states: string[] = [];
    c.onConnection((s) => states.push(`${s.status}/${s.pending}`));
    const r = await c.command('000001-000001', 1, { type: 'pick', hen: 4 });
    expect(r).toEqual({ ok: true, value: update });
    expect(sent).toHaveLength(4);
    const keys = sent.map((s) => JSON.parse(s.body!).key as string);
    expect(new Set(keys).size).toBe(1);
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      key: keys[0],
      ticket: '000001-000001',
      seq: 1,
      command: { type: 'pick', hen: 4 },
    });
    // Shelved before the first send, with the exact body.
    for (const s of sent)
      expect(JSON.parse(s.shelved!)).toEqual({ path: '/api/command', body: s.body, terminal: null });
    expect(shelf.getItem(PENDING_KEY)).toBeNull();
    expect(states).toContain('lost/1');
    expect(c.connection).toEqual({ status: 'ok', pending: 0, retries: 0 });
  });

  it('on the next load, sends the kept request again first (same key, same body), then opens the session', async () => {
    const shelf = new Shelf();
    const kept = {
      path: '/api/command',
      body: JSON.stringify({ key: 'k-1', ticket: 'T', seq: 3, command: { type: 'reveal' } }),
      terminal: null,
    };
    shelf.setItem(PENDING_KEY, JSON.stringify(kept));
    const session = { kind: 'player', balanceCents: 1800, ticket: null, recent: [] };
    const { fetch, sent } = scripted(shelf, [json(200, update), json(200, session)]);
    const c = new ServerClient({ terminal: null, needsTerminal: false, shelf, fetch, sleep: noSleep });
    expect(c.connection.pending).toBe(1);
    expect(await c.open()).toEqual({ ok: true, value: session });
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      ['/api/command', kept.body],
      ['/api/session', '{}'],
    ]);
    expect(shelf.getItem(PENDING_KEY)).toBeNull();
  });

  it('a refusal (4xx) is answered at once, named by its code, and not retried', async () => {
    const shelf = new Shelf();
    const { fetch, sent } = scripted(shelf, [
      json(409, { error: { code: 'seq-out-of-order', message: 'expected seq 4' } }),
    ]);
    const c = new ServerClient({ terminal: null, needsTerminal: false, shelf, fetch, sleep: noSleep });
    expect(await c.command('T', 3, { type: 'reveal' })).toEqual({
      ok: false,
      error: { code: 'seq-out-of-order', message: 'expected seq 4' },
    });
    expect(sent).toHaveLength(1);
    expect(shelf.getItem(PENDING_KEY)).toBeNull();
  });

  it('a page served without the API (a file server) reads absent and sells nothing', async () => {
    const shelf = new Shelf();
    const html = new Response('<!doctype html><title>404</title>', {
      status: 404,
      headers: { 'content-type': 'text/html' },
    });
    const { fetch, sent } = scripted(shelf, [html]);
    const c = new ServerClient({ terminal: null, needsTerminal: false, shelf, fetch, sleep: noSleep });
    const r = await c.open();
    expect(r.ok).toBe(false);
    expect(c.connection.status).toBe('absent');
    expect((await c.buy()).ok).toBe(false);
    expect(sent).toHaveLength(1);
    expect(shelf.items.size).toBe(0);
  });

  it('a kiosk sends its terminal key; a kiosk without one asks nothing', async () => {
    const shelf = new Shelf();
    const session = { kind: 'terminal', balanceCents: 2000, ticket: null, recent: [] };
    const { fetch, sent } = scripted(shelf, [json(200, session)]);
    const kiosk = new ServerClient({ terminal: 'key-1', needsTerminal: true, shelf, fetch, sleep: noSleep });
    await kiosk.open();
    expect(sent[0]!.auth).toBe('Terminal key-1');
    const bare = new ServerClient({ terminal: null, needsTerminal: true, shelf, fetch, sleep: noSleep });
    expect(bare.connection.status).toBe('no-terminal');
    expect((await bare.open()).ok).toBe(false);
    expect((await bare.buy()).ok).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('backs off from a quarter second to a cap of four seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});
