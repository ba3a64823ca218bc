import type { Command } from '../core';
import type {
  ApiError,
  ApiErrorCode,
  BalanceView,
  ClaimView,
  HistoryView,
  SessionView,
  TicketUpdate,
} from '../protocol/messages';
import { newIdempotencyKey } from './idempotency-key';
import { type KeyShelf, PendingKeys } from './pending-keys';
import {
  type Answer,
  answered,
  type ConnectionState,
  type ConnectionStatus,
  type PlayClient,
  type Refusal,
  refused,
} from './play-client';

export interface ServerClientOptions {
  /** The kiosk's terminal key (`?terminal=`), or null for a player (the server's cookie). */
  readonly terminal: string | null;
  /** A kiosk with no key: it asks nothing and says so. */
  readonly needsTerminal: boolean;
  readonly shelf: KeyShelf | null;
  readonly fetch?: typeof fetch;
  /** Waits between retries (tests shorten it). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** A request with no answer after this long is abandoned and sent again. */
  readonly timeoutMs?: number;
}

const RETRY_FIRST_MS = 250;
const RETRY_CAP_MS = 4000;

/** Retries back off from a quarter second to four seconds, then keep at four, for as long as the page is open. */
export const retryDelay = (attempt: number): number =>
  Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));

const CODES: readonly string[] = [
  'bad-json',
  'body-too-large',
  'bad-request',
  'unknown-command',
  'no-session',
  'bad-terminal-key',
  'balance-too-low',
  'ticket-in-play',
  'ticket-not-found',
  'ticket-ended',
  'seq-out-of-order',
  'key-reused',
  'top-up-not-needed',
  'already-revealed',
  'not-revealed',
  'hen-out-of-range',
  'hen-already-lifted',
  'no-round-in-play',
  'haystack-not-offered',
  'haystack-out-of-range',
  'storage-failed',
  'internal',
  'code-malformed',
  'code-unknown',
  'ticket-unsold',
  'ticket-taken-over',
  'ticket-already-sold',
  'ticket-already-paid',
  'ticket-not-finished',
  'ticket-not-won',
  'amount-mismatch',
  'too-many-attempts',
  'bad-retailer-key',
];

function refusalOf(status: number, body: unknown): Refusal {
  const e = (body as Partial<ApiError> | null)?.error;
  const code = typeof e?.code === 'string' && CODES.includes(e.code) ? (e.code as ApiErrorCode) : 'bad-request';
  return {
    code,
    message: typeof e?.message === 'string' ? e.message : `the server refused the request (HTTP ${status})`,
    ...(typeof e?.retryAfterS === 'number' ? { retryAfterS: e.retryAfterS } : {}),
    ...(e?.paid && typeof e.paid === 'object' ? { paid: e.paid } : {}),
  };
}

type Outcome = { kind: 'answer'; status: number; body: unknown } | { kind: 'absent' };

/**
 * Real play over the game server (same origin, JSON over HTTP). Every keyed request is kept (pending-keys.ts) before
 * it leaves; a network error, a timeout or a 5xx is retried with the same key until an answer comes, and the
 * connection reads 'lost' meanwhile (the screen says « Connexion perdue — nouvel essai… »). A 4xx is a refusal that
 * changed nothing. A page served without the API (a static file server) reads 'absent' and sells nothing.
 */
export class ServerClient implements PlayClient {
  readonly kind = 'server' as const;
  private state: ConnectionState;
  private listeners = new Set<(c: ConnectionState) => void>();
  private readonly keys: PendingKeys;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly opts: ServerClientOptions) {
    this.keys = new PendingKeys(opts.shelf);
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.state = {
      status: opts.needsTerminal && !opts.terminal ? 'no-terminal' : 'ok',
      pending: this.keys.pending ? 1 : 0,
      retries: 0,
    };
  }

  get connection(): ConnectionState {
    return this.state;
  }

  onConnection(listener: (c: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async open(): Promise<Answer<SessionView>> {
    if (this.state.status === 'no-terminal')
      return refused('bad-terminal-key', 'this kiosk has no terminal key (?terminal=KEY)');
    // A request sent before a reload and never answered goes first: the server answers what it stored (or does it
    // now, once), so the session then opens on the ticket as it truly stands.
    const p = this.keys.pending;
    if (p) {
      if (p.terminal === this.opts.terminal) {
        const r = await this.send('POST', p.path, p.body);
        if (r.kind === 'absent') return this.absent();
      }
      this.keys.done();
      this.set({ pending: 0 });
    }
    const r = await this.send('POST', '/api/session', '{}');
    if (r.kind === 'absent') return this.absent();
    return this.read<SessionView>(r);
  }

  buy(): Promise<Answer<TicketUpdate>> {
    return this.keyed<TicketUpdate>('/api/buy', {});
  }

  command(ticket: string, seq: number, command: Command): Promise<Answer<TicketUpdate>> {
    return this.keyed<TicketUpdate>('/api/command', { ticket, seq, command });
  }

  topUp(): Promise<Answer<BalanceView>> {
    return this.keyed<BalanceView>('/api/top-up', {});
  }

  /**
   * Not keyed: a claim draws nothing and changes no money, so sending it again is harmless (the screen that asked
   * last holds the ticket). A kiosk claims as its terminal, so it needs its key like any of its requests.
   */
  async claim(code: string): Promise<Answer<ClaimView>> {
    if (this.state.status === 'absent' || this.state.status === 'no-terminal' || this.state.status === 'refused') {
      return refused('no-session', 'printed tickets need the game server (and a kiosk its terminal key)');
    }
    const r = await this.send('POST', '/api/ticket/claim', JSON.stringify({ code }));
    return r.kind === 'absent' ? this.absent() : this.read<ClaimView>(r);
  }

  async history(): Promise<Answer<HistoryView>> {
    const r = await this.send('GET', '/api/history', null);
    return r.kind === 'absent' ? refused('internal', 'no game server behind this page') : this.read<HistoryView>(r);
  }

  private absent<T>(): Answer<T> {
    this.set({ status: 'absent', retries: 0 });
    return refused('internal', 'no game server behind this page');
  }

  private async keyed<T>(path: string, fields: Record<string, unknown>): Promise<Answer<T>> {
    if (this.state.status === 'absent' || this.state.status === 'no-terminal' || this.state.status === 'refused') {
      return refused('no-session', 'real play needs the game server');
    }
    // Kept before it leaves: a reply lost with the page is asked for again, with the same key, on the next load.
    const body = JSON.stringify({ key: newIdempotencyKey(), ...fields });
    this.keys.keep({ path, body, terminal: this.opts.terminal });
    this.set({ pending: 1 });
    const r = await this.send('POST', path, body);
    this.keys.done();
    this.set({ pending: 0 });
    return r.kind === 'absent' ? this.absent() : this.read<T>(r);
  }

  private read<T>(r: { status: number; body: unknown }): Answer<T> {
    if (r.status >= 200 && r.status < 300) return answered(r.body as T);
    const e = refusalOf(r.status, r.body);
    if (e.code === 'bad-terminal-key') this.set({ status: 'refused' });
    return { ok: false, error: e };
  }

  /** Sends until the server answers: 2xx or 4xx come back; a network error, a timeout or a 5xx is tried again. */
  private async send(method: 'GET' | 'POST', path: string, body: string | null): Promise<Outcome> {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        this.set({ status: 'lost', retries: attempt });
        await this.sleep(retryDelay(attempt));
      }
      const got = await this.once(method, path, body);
      if (got === 'retry') continue;
      if (got.kind === 'absent') return got;
      if (this.state.status === 'lost' || this.state.retries > 0) this.set({ status: 'ok', retries: 0 });
      return got;
    }
  }

  private async once(method: 'GET' | 'POST', path: string, body: string | null): Promise<Outcome | 'retry'> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== null) headers['content-type'] = 'application/json';
    if (this.opts.terminal) headers['authorization'] = `Terminal ${this.opts.terminal}`;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.opts.timeoutMs ?? 20_000);
    try {
      const res = await this.doFetch(path, {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: abort.signal,
        cache: 'no-store',
      });
      const json = (res.headers.get('content-type') ?? '').includes('application/json');
      // A file server (no API behind it) answers 404/405 or a page of HTML: there is no game server here.
      if (!json && (res.status < 500 || res.status === 501)) return { kind: 'absent' };
      if (res.status >= 500) return 'retry';
      return { kind: 'answer', status: res.status, body: await res.json() };
    } catch {
      // Refused connection, reset, timeout, a body cut short: the same request again, same key.
      return 'retry';
    } finally {
      clearTimeout(timer);
    }
  }

  private set(change: Partial<{ status: ConnectionStatus; pending: number; retries: number }>): void {
    const next = { ...this.state, ...change };
    if (next.status === this.state.status && next.pending === this.state.pending && next.retries === this.state.retries)
      return;
    this.state = next;
    for (const l of this.listeners) l(next);
  }
}
