import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView, TicketUpdate } from '../protocol/messages';
import { checkDatabase } from './check';

/**
 * The kill test's switches, on a real process: killed just before the N-th play commit (the command is lost and a
 * retry with its key applies it once), or just after it (the command is durable, its reply never left, and the retry
 * gets that reply without a new draw).
 */
const TSX = join('node_modules', '.bin', 'tsx');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'poule-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Running {
  readonly child: ChildProcess;
  readonly base: string;
  readonly exit: Promise<NodeJS.Signals | number | null>;
}

async function start(db: string, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(TSX, ['src/server/main.ts', '--port', '0', '--database', db, '--static', 'none'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const exit = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  let out = '';
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line: ${out}`)), 20_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  });
  return { child, base: `http://127.0.0.1:${port}`, exit };
}

const post = (base: string, path: string, cookie: string, body: unknown): Promise<Response> =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('fault injection for the kill test', () => {
  it('killed after the 2nd play commit: the command is durable, the retry returns its reply, nothing drawn again', async () => {
    const db = join(dir, 'after.sqlite');
    const s1 = await start(db, { POULE_CRASH_AFTER_COMMIT: '2' });
    const session = await fetch(`${s1.base}/api/session`, { method: 'POST' });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const bought = (await (await post(s1.base, '/api/buy', cookie, { key: 'b' })).json()) as TicketUpdate;
    const reveal = { key: 'r', ticket: bought.ticket, seq: 1, command: { type: 'reveal' } };
    await expect(post(s1.base, '/api/command', cookie, reveal)).rejects.toThrow();
    expect(['SIGKILL', 137]).toContain(await s1.exit); // tsx reports its child's SIGKILL as 137

    const s2 = await start(db);
    const resumed = (await (
      await fetch(`${s2.base}/api/session`, { method: 'POST', headers: { cookie } })
    ).json()) as SessionView;
    expect(resumed.ticket?.nextSeq).toBe(2);
    const retry = await post(s2.base, '/api/command', cookie, reveal);
    expect(retry.status).toBe(200);
    const update = (await retry.json()) as TicketUpdate;
    expect(update.nextSeq).toBe(2);
    expect(update.events.map((e) => e.type)).toEqual(['scratchRevealed', 'roundStarted']);
    s2.child.kill('SIGTERM');
    await s2.exit;
    expect(await checkDatabase(db)).toMatchObject({
      tickets: 1,
      openTickets: 1,
      journalProblems: [],
      ledgerProblems: [],
      doublePayments: 0,
      auditVerified: true,
    });
  });

  it('killed before the 2nd play commit: the command is lost, the retry with its key applies it once', async () => {
    const db = join(dir, 'before.sqlite');
    const s1 = await start(db, { POULE_CRASH_BEFORE_COMMIT: '2' });
    const session = await fetch(`${s1.base}/api/session`, { method: 'POST' });
    const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
    const bought = (await (await post(s1.base, '/api/buy', cookie, { key: 'b' })).json()) as TicketUpdate;
    const reveal = { key: 'r', ticket: bought.ticket, seq: 1, command: { type: 'reveal' } };
    await expect(post(s1.base, '/api/command', cookie, reveal)).rejects.toThrow();
    expect(['SIGKILL', 137]).toContain(await s1.exit); // tsx reports its child's SIGKILL as 137

    const s2 = await start(db);
    const resumed = (await (
      await fetch(`${s2.base}/api/session`, { method: 'POST', headers: { cookie } })
    ).json()) as SessionView;
    expect(resumed.ticket?.nextSeq).toBe(1);
    const retry = await post(s2.base, '/api/command', cookie, reveal);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as TicketUpdate).nextSeq).toBe(2);
    s2.child.kill('SIGTERM');
    await s2.exit;
    expect(await checkDatabase(db)).toMatchObject({
      tickets: 1,
      openTickets: 1,
      journalProblems: [],
      ledgerProblems: [],
      doublePayments: 0,
      auditVerified: true,
    });
  });
});
