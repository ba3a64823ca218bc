/**
 * The bench's player connection: the same contract as PlayerClient (http-client.ts), on undici, whose HTTP/1.1 client
 * costs the load generator a fraction of node:http's CPU. The load generator shares the two cores with the server,
 * so every microsecond it spends is one the server does not get. One undici Client per player: one keep-alive
 * socket, one request at a time (no pipelining), as one screen asks one thing at a time.
 */
import { Client } from 'undici';
import { type BaseUrl, ConnectionError, type GameClient, type Reply } from './http-client';

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' } as const;

export class FastClient implements GameClient {
  cookie: string | null = null;
  private readonly client: Client;
  /** Sockets the server closed or never opened, counted to show the server keeps them alive. */
  connects = 0;

  constructor(base: BaseUrl, timeoutMs = 10_000) {
    this.client = new Client(base().origin, {
      pipelining: 1,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      keepAliveTimeout: 60_000,
    });
    this.client.on('connect', () => {
      this.connects++;
    });
  }

  post(path: string, body: unknown): Promise<Reply> {
    return this.request('POST', path, JSON.stringify(body));
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path, null);
  }

  close(): void {
    void this.client.destroy();
  }

  private async request(method: 'GET' | 'POST', path: string, text: string | null): Promise<Reply> {
    const headers: Record<string, string> = text === null ? { accept: 'application/json' } : { ...JSON_HEADERS };
    if (this.cookie) headers['cookie'] = this.cookie;
    try {
      const res = await this.client.request({ method, path, headers, body: text });
      const setCookie = res.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (first) this.cookie = first.split(';')[0]!.trim();
      const raw = await res.body.text();
      let parsed: unknown = null;
      try {
        parsed = raw === '' ? null : JSON.parse(raw);
      } catch {
        // Not JSON: kept as text for the caller to report.
        parsed = raw;
      }
      return { status: res.statusCode, body: parsed };
    } catch (e) {
      throw new ConnectionError(`${method} ${path}: ${(e as Error).message}`);
    }
  }
}
