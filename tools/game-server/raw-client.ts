/**
 * The bench's leanest player connection: HTTP/1.1 written by hand on one keep-alive TCP socket, one request at a
 * time. Each request is one string and one socket write; a reply is read by its Content-Length (the game server and
 * the empty handler always send one). The load generator shares the two cores with the server and its time stretches
 * every latency it measures (a burst of replies is read one after the other), so it should spend as little as it can.
 * Same contract as PlayerClient and FastClient; a reply without Content-Length, or a socket that closes or stays
 * silent past the timeout, is a ConnectionError.
 */
import net from 'node:net';
import { type BaseUrl, ConnectionError, type GameClient, type Reply } from './http-client';

interface Pending {
  readonly what: string;
  readonly resolve: (r: Reply) => void;
  readonly reject: (e: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export class RawClient implements GameClient {
  cookie: string | null = null;
  /** Sockets opened (the server closed one, or none was open yet): one per player when kept alive. */
  connects = 0;
  private socket: net.Socket | null = null;
  private pending: Pending | null = null;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(
    base: BaseUrl,
    private readonly timeoutMs = 10_000,
  ) {
    const url = base();
    this.host = url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port);
  }

  post(path: string, body: unknown): Promise<Reply> {
    return this.request('POST', path, JSON.stringify(body));
  }

  get(path: string): Promise<Reply> {
    return this.request('GET', path, null);
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private request(method: 'GET' | 'POST', path: string, text: string | null): Promise<Reply> {
    if (this.pending) return Promise.reject(new Error('one request at a time on a player connection'));
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\naccept: application/json\r\n`;
    if (this.cookie) head += `cookie: ${this.cookie}\r\n`;
    if (text !== null)
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
    else head += '\r\n';
    const socket = this.socket ?? this.connect();
    return new Promise<Reply>((resolve, reject) => {
      this.pending = { what: `${method} ${path}`, resolve, reject };
      socket.write(head);
    });
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.connects++;
    this.socket = socket;
    this.chunks = [];
    this.buffered = 0;
    socket.setTimeout(this.timeoutMs);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('timeout', () => this.fail(socket, 'no reply in time'));
    socket.on('error', (e) => this.fail(socket, e.message));
    socket.on('close', () => this.fail(socket, 'the connection closed'));
    return socket;
  }

  private fail(socket: net.Socket, why: string): void {
    socket.destroy();
    if (this.socket === socket) this.socket = null;
    const p = this.pending;
    this.pending = null;
    p?.reject(new ConnectionError(`${p.what}: ${why}`));
  }

  private read(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const p = this.pending;
    if (!p) return;
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.buffered);
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd);
    const lines = head.split('\r\n');
    const status = Number(lines[0]!.slice(9, 12));
    let length = -1;
    let close = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (name === 'content-length') length = Number(line.slice(colon + 1));
      else if (name === 'set-cookie')
        this.cookie = line
          .slice(colon + 1)
          .split(';')[0]!
          .trim();
      else if (name === 'connection' && /close/i.test(line.slice(colon + 1))) close = true;
    }
    if (length < 0) {
      this.fail(this.socket!, `a reply without Content-Length (${lines[0]})`);
      return;
    }
    const end = headEnd + 4 + length;
    if (data.length < end) {
      if (this.chunks.length > 1) this.chunks = [data];
      return;
    }
    const raw = data.toString('utf8', headEnd + 4, end);
    this.chunks = data.length > end ? [data.subarray(end)] : [];
    this.buffered = data.length - end;
    this.pending = null;
    if (close) {
      const s = this.socket!;
      this.socket = null;
      s.removeAllListeners('close');
      s.destroy();
    }
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      // Not JSON: kept as text for the caller to report.
      body = raw;
    }
    p.resolve({ status, body });
  }
}
