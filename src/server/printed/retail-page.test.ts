import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRIZE_TABLE } from '../../core';
import { buildApp } from '../app';
import { SqliteStorage } from '../storage/sqlite-storage';

describe("the retailer's page on the game server", () => {
  const dir = mkdtempSync(join(tmpdir(), 'poule-retail-page-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is served at /retail from the build, with the security headers', async () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>game</title>');
    writeFileSync(join(dist, 'retail.html'), '<!doctype html><title>counter</title>');
    const app = await buildApp({
      storage: SqliteStorage.open(join(dir, 'db.sqlite')),
      table: DEFAULT_PRIZE_TABLE,
      staticDir: dist,
    });
    try {
      const r = await app.inject({ method: 'GET', url: '/retail' });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('<title>counter</title>');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>game</title>');
    } finally {
      await app.close();
    }
  });
});
