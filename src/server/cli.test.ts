import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from './check';
import { parseServerOptions } from './options';

/** The command line, run as a real process with tsx: refusals at start, the ready line, a clean stop. */
const TSX = join('node_modules', '.bin', 'tsx');
const MAIN = join('src', 'server', 'main.ts');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'poule-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(TSX, [MAIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 30_000 });

describe('the server command line', () => {
  it('--help lists the options and the test-only fault injection', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    for (const o of [
      '--port',
      '--host',
      '--database',
      '--prize-table',
      '--config',
      '--static',
      '--log-level',
      'POULE_CRASH_AFTER_COMMIT',
      'Test only',
    ]) {
      expect(r.stdout).toContain(o);
    }
  });

  it('an invalid prize table is refused at start, naming the row and the field (exit 2)', () => {
    const table = join(dir, 'bad-table.json');
    writeFileSync(
      table,
      JSON.stringify({
        name: 't',
        rows: [
          { a1Cents: 400, a2Cents: 200, count: 299_999 },
          { a1Cents: 100, a2Cents: -5, count: 1 },
        ],
      }),
    );
    const r = run(['--prize-table', table, '--database', join(dir, 'never.sqlite')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('row 2: a2Cents must not be negative');
    expect(r.stdout).toBe('');
  });

  it('bad options and a bad configuration file are refused, naming what is wrong', () => {
    expect(() => parseServerOptions(['--port', 'eighty'])).toThrow(/--port/);
    expect(() => parseServerOptions(['--frobnicate'])).toThrow(/unknown option "--frobnicate"/);
    expect(() => parseServerOptions(['--log-level', 'loud'])).toThrow(/--log-level/);
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ terminals: [{ id: 'kiosk-1', key: 'short' }] }));
    expect(() => parseServerOptions(['--config', config])).toThrow(/terminal 1: "key"/);
    writeFileSync(
      config,
      JSON.stringify({
        terminals: [
          { id: 'a', key: 'long-enough-1' },
          { id: 'a', key: 'long-enough-2' },
        ],
      }),
    );
    expect(() => parseServerOptions(['--config', config])).toThrow(/id "a" is given twice/);
    writeFileSync(config, JSON.stringify({ terminals: [{ id: 'kiosk-1', key: 'long-enough-1' }] }));
    expect(parseServerOptions(['--config', config])?.terminals).toEqual([{ id: 'kiosk-1', key: 'long-enough-1' }]);
    expect(parseServerOptions([])).toMatchObject({
      port: 5173,
      host: '127.0.0.1',
      database: 'data/poule.sqlite',
      staticDir: 'dist',
      logLevel: 'warn',
    });
  });

  it('a database in a place that cannot be written, or a file that is not a database: a message naming the file (exit 1)', () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const inside = join(notAFolder, 'poule.sqlite');
    const r = run(['--database', inside]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`cannot open the database ${inside}`);
    const garbage = join(dir, 'garbage.sqlite');
    writeFileSync(garbage, 'this is not an SQLite file, not at all, not even close to one'.repeat(20));
    const g = run(['--database', garbage]);
    expect(g.status).toBe(1);
    expect(g.stderr).toContain(`cannot open the database ${garbage}`);
    expect(g.stderr).toMatch(/not a database/);
  });

  it('prints one ready line with the real port, answers, and stops cleanly on SIGTERM', async () => {
    const db = join(dir, 'data', 'poule.sqlite');
    const child = spawn(TSX, [MAIN, '--port', '0', '--database', db, '--static', join(dir, 'no-client')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${out}`)), 20_000);
      child.stdout.on('data', () => {
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out.split('\n')[0]!);
        }
      });
    });
    const m = /^poule server listening on http:\/\/127\.0\.0\.1:(\d+)\/ \(database (.+)\)$/.exec(line);
    expect(m, line).not.toBeNull();
    expect(m![2]).toBe(db);
    const base = `http://127.0.0.1:${m![1]}`;
    const session = await fetch(`${base}/api/session`, { method: 'POST' });
    expect(session.status).toBe(200);
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const buy = await fetch(`${base}/api/buy`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{"key":"k"}',
    });
    expect(buy.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(await checkDatabase(db)).toMatchObject({ tickets: 1, openTickets: 1, auditVerified: true });
  });
});
