import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { auditHash, GENESIS_HASH } from '../audit';
import { checkDatabase } from '../check';
import { SCHEMA_VERSION, SQLITE_MIGRATIONS } from './schema';
import { SqliteStorage } from './sqlite-storage';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A file as the server made it before versioning: version 1's tables, `meta` saying 1, user_version 0, one audit entry. */
function oldFile(): string {
  dir = mkdtempSync(join(tmpdir(), 'poule-migrate-'));
  const file = join(dir, 'old.sqlite');
  const db = new Database(file);
  db.exec(SQLITE_MIGRATIONS[0]!);
  db.prepare("INSERT INTO meta (key, value) VALUES ('schema', '1')").run();
  const at = '2026-12-01T10:00:00.000Z';
  const payload = '{"cents":2000,"kind":"opening","player":1}';
  db.prepare(
    'INSERT INTO players (id, token_hash, kind, terminal_id, created_at, last_seen) VALUES (1, ?, ?, NULL, ?, ?)',
  ).run('h', 'player', at, at);
  db.prepare(
    'INSERT INTO ledger (player_id, kind, cents, balance_after, ticket_id, at) VALUES (1, ?, 2000, 2000, NULL, ?)',
  ).run('opening', at);
  db.prepare('INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (1, ?, ?, ?, ?, ?)').run(
    at,
    'payment',
    payload,
    GENESIS_HASH,
    auditHash(GENESIS_HASH, 1, at, 'payment', payload),
  );
  db.close();
  return file;
}

describe('SQLite migrations', () => {
  it('a file from before versioning is migrated in place: its audit entries kept, the chain still verifying, the new kind accepted', async () => {
    const file = oldFile();
    const storage = SqliteStorage.open(file);
    expect(storage.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    await storage.transact((tx) => tx.audit('block-closed', { block: 1 }, '2026-12-01T11:00:00.000Z'), { play: false });
    await storage.close();
    const r = await checkDatabase(file);
    expect(r).toMatchObject({ auditVerified: true, auditEntries: 2, ledgerProblems: [] });
    // The append-only triggers came back with the rebuilt table.
    const db = new Database(file);
    expect(() => db.prepare("UPDATE audit SET kind = 'draw' WHERE seq = 1").run()).toThrow(
      'the audit log is append-only',
    );
    db.close();
  });

  it('a file newer than the server is refused, naming the file and the versions, and left as it was', () => {
    const file = oldFile();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => SqliteStorage.open(file)).toThrow(
      `cannot open the database ${file}: its schema is version ${SCHEMA_VERSION + 1}, newer than this server's ${SCHEMA_VERSION}: run a newer server`,
    );
    const after = new Database(file, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    after.close();
  });

  it('a version 2 file keeps its stored replies and journals through version 3 (WITHOUT ROWID), still append-only', async () => {
    dir = mkdtempSync(join(tmpdir(), 'poule-migrate-'));
    const file = join(dir, 'v2.sqlite');
    const db = new Database(file);
    db.exec(SQLITE_MIGRATIONS[0]!);
    db.exec(SQLITE_MIGRATIONS[1]!);
    db.pragma('user_version = 2');
    const at = '2026-12-01T10:00:00.000Z';
    db.prepare(
      "INSERT INTO players (id, token_hash, kind, terminal_id, created_at, last_seen) VALUES (1, 'h', 'player', NULL, ?, ?)",
    ).run(at, at);
    db.prepare(
      "INSERT INTO blocks (block, emission, prize_table, remaining, dealt, status, opened_at) VALUES (1, 1, '[]', '[]', 1, 'open', ?)",
    ).run(at);
    db.prepare(
      "INSERT INTO tickets (id, block, idx, a1_cents, a2_cents, player_id, status, next_seq, stake_cents, balance_before, created_at) VALUES ('000001-000001', 1, 1, 0, 0, 1, 'open', 2, 200, 2000, ?)",
    ).run(at);
    const event = db.prepare('INSERT INTO ticket_events (ticket_id, idx, seq, event) VALUES (?, ?, ?, ?)');
    event.run('000001-000001', 0, 0, '{"type":"a"}');
    event.run('000001-000001', 1, 1, '{"type":"b"}');
    const reply = db.prepare(
      'INSERT INTO replies (player_id, key, body_hash, status, reply, ticket_id, seq, balance_cents, at) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    reply.run('k-buy', 'h1', 200, null, '000001-000001', 0, 1800, at);
    reply.run('k-refused', 'h2', 409, '{"error":{}}', null, null, null, at);
    const before = {
      events: db.prepare('SELECT * FROM ticket_events ORDER BY ticket_id, idx').all(),
      replies: db.prepare('SELECT * FROM replies ORDER BY key').all(),
    };
    db.close();

    const storage = SqliteStorage.open(file);
    expect(storage.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(await storage.read((tx) => tx.storedReply(1, 'k-buy'))).toEqual({
      bodyHash: 'h1',
      status: 200,
      update: { ticketId: '000001-000001', seq: 0, balanceCents: 1800 },
    });
    expect(await storage.read((tx) => tx.journalBySeq('000001-000001'))).toEqual([
      { seq: 0, event: { type: 'a' } },
      { seq: 1, event: { type: 'b' } },
    ]);
    await storage.close();
    const after = new Database(file);
    expect(after.prepare('SELECT * FROM ticket_events ORDER BY ticket_id, idx').all()).toEqual(before.events);
    expect(after.prepare('SELECT * FROM replies ORDER BY key').all()).toEqual(before.replies);
    const withoutRowid = after
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%WITHOUT ROWID%' ORDER BY name",
      )
      .all();
    expect(withoutRowid.map((t) => t.name)).toEqual(['replies', 'ticket_events']);
    expect(() => after.prepare("UPDATE ticket_events SET event = '{}'").run()).toThrow('a journal is append-only');
    expect(() => after.prepare('DELETE FROM ticket_events').run()).toThrow('a journal is append-only');
    after.close();
  });
});
