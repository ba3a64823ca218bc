// What a player could do to the browser's storage can no longer change a draw: the browser holds none. Real play's
// only storage is the request sent and not yet answered (localStorage["poule.pending"]); these tests put the real
// browser client (ServerClient) in front of the real game server app on a temporary SQLite file, and roll that
// storage back, edit it, or forge a request, then check that every draw stays as the server first recorded it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type KeyShelf, PENDING_KEY } from '../app/pending-keys';
import { ServerClient } from '../app/server-client';
import type { SessionView, TicketUpdate } from '../protocol/messages';
import { dumpTables, type TestServer, testServer } from '../server/test-kit';

/** localStorage as a Map. */
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

/**
 * The browser: a cookie jar and localStorage, and `fetch` going to the server app (fastify's inject). `onSend` sees
 * the storage as it stood when each request left (a copy a player could have saved and put back later).
 */
class Browser {
  cookie: string | null = null;
  readonly shelf = new Shelf();
  onSend: (path: string, shelved: string | null) => void = () => undefined;

  constructor(private readonly server: TestServer) {}

  /** A page load: a fresh client over this browser's storage and cookie. */
  page(): ServerClient {
    return new ServerClient({
      terminal: null,
      needsTerminal: false,
      shelf: this.shelf,
      fetch: this.fetch,
      sleep: async () => undefined,
    });
  }

  private readonly fetch = (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input);
    this.onSend(path, this.shelf.getItem(PENDING_KEY));
    const headers: Record<string, string> = { ...((init?.headers ?? {}) as Record<string, string>) };
    if (this.cookie) headers['cookie'] = this.cookie;
    const body = (init?.body as string | null | undefined) ?? undefined;
    const r = await this.server.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: path,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const set = r.headers['set-cookie'];
    if (typeof set === 'string') this.cookie = set.split(';')[0]!;
    return new Response(r.body, {
      status: r.statusCode,
      headers: { 'content-type': String(r.headers['content-type'] ?? '') },
    });
  }) as typeof fetch;
}

const must = <T>(a: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T => {
  if (!a.ok) throw new Error(`refused: ${a.error.code}: ${a.error.message}`);
  return a.value;
};

/**
 * What the server holds of play: blocks, tickets, their events, the ledger and the audit log (its stored replies and
 * the players' last-seen times aside: a refused request may be remembered, and a visit is noted, changing no play).
 */
const play = (s: TestServer): Record<string, unknown[]> => dumpTables(s.file, ['replies', 'players']);

/**
 * A ticket bought and scratched; the storage as it stood while the first pick was in flight; the pick done, with the
 * ticket still in play (the draws are the server's own: a first pick that finds the egg, 1 in 30, ends the ticket,
 * and then another is bought).
 */
async function pickedTicket(server: TestServer) {
  for (let tries = 0; tries < 5; tries++) {
    const t = await pickOnce(server);
    if (t.picked.snapshot.phase !== 'ended') return t;
  }
  throw new Error('five first picks in a row found the egg');
}

async function pickOnce(server: TestServer) {
  const browser = new Browser(server);
  const page = browser.page();
  must(await page.open());
  const bought = must(await page.buy());
  const revealed = must(await page.command(bought.ticket, bought.nextSeq, { type: 'reveal' }));
  let kept: string | null = null;
  browser.onSend = (path, shelved) => {
    if (path === '/api/command') kept = shelved;
  };
  const picked = must(await page.command(bought.ticket, revealed.nextSeq, { type: 'pick', hen: 7 }));
  browser.onSend = () => undefined;
  expect(kept).not.toBeNull();
  expect(browser.shelf.getItem(PENDING_KEY)).toBeNull();
  const lifted = picked.snapshot.round!.hens[7];
  expect(lifted).not.toBeNull();
  return { browser, bought, revealed, picked, kept: kept as unknown as string, lifted };
}

describe('browser storage rolled back or edited cannot change a draw: the browser holds none', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await testServer();
  });
  afterEach(async () => server.dispose());

  it('an older copy of the storage put back (the pick request, its key kept) gets the stored answer: the same element, nothing drawn', async () => {
    const { browser, picked, kept, lifted } = await pickedTicket(server);
    const before = play(server);
    // The player restores the storage as it was mid-pick, and reloads.
    browser.shelf.setItem(PENDING_KEY, kept);
    const sent: string[] = [];
    browser.onSend = (path) => sent.push(path);
    const reopened = must(await browser.page().open());
    expect(sent).toEqual(['/api/command', '/api/session']);
    const t = reopened.ticket!;
    expect(t.id).toBe(picked.ticket);
    expect(t.snapshot).toEqual(picked.snapshot);
    expect(t.snapshot.round!.hens[7]).toBe(lifted);
    expect(t.snapshot.round!.picks).toHaveLength(1);
    expect(play(server)).toEqual(before);
    expect(browser.shelf.getItem(PENDING_KEY)).toBeNull();
  });

  it('the kept request edited (same key, another hen) is refused; the ticket resumes as recorded', async () => {
    const { browser, picked, kept } = await pickedTicket(server);
    const before = play(server);
    const edited = JSON.parse(kept) as { path: string; body: string; terminal: null };
    const body = JSON.parse(edited.body) as { command: { type: 'pick'; hen: number } };
    body.command.hen = 8;
    browser.shelf.setItem(PENDING_KEY, JSON.stringify({ ...edited, body: JSON.stringify(body) }));
    const reopened = must(await browser.page().open());
    expect(reopened.ticket!.snapshot).toEqual(picked.snapshot);
    expect(reopened.ticket!.snapshot.round!.hens[8]).toBeNull();
    expect(play(server)).toEqual(before);
  });

  it('a pick taken back (the page told the ticket stood before it) cannot be drawn again: stale seq and lifted hen refused', async () => {
    const { browser, revealed, picked } = await pickedTicket(server);
    const before = play(server);
    const page = browser.page();
    // The page believes the ticket is still at the reveal's seq: the pick again, with a new key.
    const again = await page.command(revealed.ticket, revealed.nextSeq, { type: 'pick', hen: 7 });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('seq-out-of-order');
    // At the right seq the same hen is refused too: what it showed is on record.
    const same = await page.command(picked.ticket, picked.nextSeq, { type: 'pick', hen: 7 });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.error.code).toBe('hen-already-lifted');
    expect(play(server)).toEqual(before);
    const s: SessionView = must(await page.open());
    expect(s.ticket!.snapshot).toEqual(picked.snapshot);
  });

  it('a win forged into a request is refused by name and never paid', async () => {
    const { browser, picked } = await pickedTicket(server);
    const before = play(server);
    const balance = picked.balanceCents;
    const forged = await browser.page().command(picked.ticket, picked.nextSeq, {
      type: 'roundWon',
      prizeCents: 50_000,
    } as unknown as {
      type: 'reveal';
    });
    expect(forged.ok).toBe(false);
    if (!forged.ok) expect(['unknown-command', 'bad-request']).toContain(forged.error.code);
    expect(play(server)).toEqual(before);
    const s = must(await browser.page().open());
    expect(s.balanceCents).toBe(balance);
    expect((s.ticket as { snapshot: TicketUpdate['snapshot'] }).snapshot).toEqual(picked.snapshot);
  });
});
