import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError } from './http-client';
import { RawClient } from './raw-client';

/** The bench's hand-written HTTP/1.1 client against a real node:http server on loopback. */
let server: http.Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

async function serve(handler: http.RequestListener): Promise<URL> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

describe('RawClient', () => {
  it('sends JSON, keeps the cookie it is given, reads replies of any size on one kept-alive socket', async () => {
    const seen: { method: string; url: string; cookie: string | undefined; body: string }[] = [];
    const url = await serve((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, cookie: req.headers.cookie, body });
        if (req.url === '/session') res.setHeader('set-cookie', 'poule_player=abc123; HttpOnly; SameSite=Strict');
        // A large reply arrives in several chunks; a 409 is a reply like any other.
        const big = req.url === '/big' ? 'é'.repeat(100_000) : '';
        const text = JSON.stringify({ echo: body === '' ? null : JSON.parse(body), big });
        res.writeHead(req.url === '/refused' ? 409 : 200, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        res.end(text);
      });
    });
    const c = new RawClient(() => url);
    try {
      expect(await c.post('/session', {})).toEqual({ status: 200, body: { echo: {}, big: '' } });
      expect(c.cookie).toBe('poule_player=abc123');
      const r = await c.post('/big', { key: 'k-1', seq: 2 });
      expect(r.status).toBe(200);
      expect((r.body as { big: string }).big).toHaveLength(100_000);
      expect(await c.post('/refused', { key: 'k-2' })).toEqual({
        status: 409,
        body: { echo: { key: 'k-2' }, big: '' },
      });
      expect((await c.get('/history')).status).toBe(200);
      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
        'POST /session',
        'POST /big',
        'POST /refused',
        'GET /history',
      ]);
      expect(seen.slice(1).every((s) => s.cookie === 'poule_player=abc123')).toBe(true);
      expect(c.connects).toBe(1);
    } finally {
      c.close();
    }
  });

  it('a socket closed before the reply, or a reply without Content-Length, is a ConnectionError', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/die') req.socket.destroy();
      else {
        // Written in two pieces: node:http sends it chunked, with no Content-Length.
        res.write('chunked, ');
        res.end('no length');
      }
    });
    const c = new RawClient(() => url);
    try {
      await expect(c.post('/die', {})).rejects.toBeInstanceOf(ConnectionError);
      await expect(c.post('/chunked', {})).rejects.toBeInstanceOf(ConnectionError);
      expect(c.connects).toBe(2);
    } finally {
      c.close();
    }
  });
});
