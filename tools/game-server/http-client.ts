/**
 * A player's connection to the game server, as the kill test and the bench drive it: JSON over one keep-alive
 * socket (node:http, no browser), the player's cookie carried by hand as a browser would. A reply of any status is
 * a reply; only a failed connection (refused, reset, timed out) is a ConnectionError, which the caller may retry.
 */
import http from 'node:http';

export interface Reply {
  readonly status: number;
  /** The body parsed as JSON (null when empty). */
  readonly body: unknown;
}

/** The request never got a whole reply: the server was down, died mid-request or did not answer in time. */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
}

/** Where the server listens now: it changes at each restart (port 0), so it is read at each request. */
export type BaseUrl = () => URL;

/** What a simulated player needs of its connection (node:http here, undici in the bench's fast-client.ts). */
export interface GameClient {
  /** `name=value` of the player's cookie, once the server set one. */
  cookie: string | null;
  post(path: string, body: unknown): Promise<Reply>;
  get(path: string): Promise<Reply>;
  close(): void;
}

export class PlayerClient implements GameClient {
  /** `name=value` of the player's cookie, once the server set one. */
  cookie: string | null = null;
  private readonly agent: http.Agent;

  constructor(
    private readonly base: BaseUrl,
    private readonly timeoutMs = 10_000,
    /** Sockets this player may hold at once: 1, as one screen asks one thing at a time. */
    maxSockets = 1,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  post(path: string, body: unknown): Promise<Reply> {
    return this.request('POST', path, JSON.stringify(body));
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path, null);
  }

  /** Closes the kept sockets (at the end, so the process can exit). */
  close(): void {
    this.agent.destroy();
  }

  private request(method: 'GET' | 'POST', path: string, text: string | null): Promise<Reply> {
    const url = new URL(path, this.base());
    const headers: Record<string, string> = { accept: 'application/json' };
    if (text !== null) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(text));
    }
    if (this.cookie) headers['cookie'] = this.cookie;
    return new Promise<Reply>((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => reject(new ConnectionError(`${method} ${path}: ${e.message}`)));
        res.on('aborted', () => reject(new ConnectionError(`${method} ${path}: reply cut`)));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.[0];
          if (setCookie) this.cookie = setCookie.split(';')[0]!.trim();
          const raw = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = raw === '' ? null : JSON.parse(raw);
          } catch {
            // A body that is not JSON is kept as text: the caller reports it, it is not a connection problem.
            body = raw;
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.setTimeout(this.timeoutMs, () => req.destroy(new Error(`no reply in ${this.timeoutMs} ms`)));
      req.on('error', (e) => reject(new ConnectionError(`${method} ${path}: ${e.message}`)));
      if (text !== null) req.write(text);
      req.end();
    });
  }
}
