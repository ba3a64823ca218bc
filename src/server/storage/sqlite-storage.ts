import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { GameEvent } from '../../core';
import { type AuditKind, auditHash, canonicalJson, GENESIS_HASH } from '../audit';
import { type Faults, NO_FAULTS } from '../fault-injection';
import { GroupCommit } from '../group-commit';
import { blockOf, playerOf, type RawBlock, type RawPlayer, type RawTicket, ticketOf } from './rows';
import { SCHEMA_VERSION, SQLITE_MIGRATIONS } from './schema';
import {
  type BlockRow,
  type LedgerKind,
  type PlayerRow,
  type Storage,
  StorageOpenError,
  type StorageTx,
  type StoredReply,
  type TicketRow,
  type TransactOptions,
} from './storage';
import { type CheckpointPolicy, DEFAULT_CHECKPOINT_POLICY, WalCheckpointer } from './wal-checkpointer';

export { StorageOpenError };

/** Opens (creating it and its folder if needed) the SQLite file: WAL, synchronous=FULL, foreign keys, busy timeout. */
export function openDatabase(file: string): Database.Database {
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  } catch (e) {
    throw new StorageOpenError(file, `its folder cannot be created (${(e as Error).message})`);
  }
  let db: Database.Database | undefined;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file);
    // A write at every start: a file that can be read but not written is refused now, not at the first ticket.
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(String(SCHEMA_VERSION));
    return db;
  } catch (e) {
    db?.close();
    if (e instanceof StorageOpenError) throw e;
    throw new StorageOpenError(file, (e as Error).message);
  }
}

/** Applies the migrations the file lacks, in one transaction; refuses a file newer than this code. */
function migrate(db: Database.Database, file: string): void {
  let version = db.pragma('user_version', { simple: true }) as number;
  if (version === 0) {
    // A file made before versioning: its tables are version 1 if meta says so.
    const hasMeta =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
    const said = hasMeta
      ? db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'schema'").get()
      : undefined;
    if (said) version = Number(said.value);
  }
  if (version > SCHEMA_VERSION) {
    throw new StorageOpenError(
      file,
      `its schema is version ${version}, newer than this server's ${SCHEMA_VERSION}: run a newer server`,
    );
  }
  if (version === SCHEMA_VERSION && (db.pragma('user_version', { simple: true }) as number) === version) return;
  db.transaction(() => {
    for (let v = version; v < SCHEMA_VERSION; v++) db.exec(SQLITE_MIGRATIONS[v]!);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

function statements(db: Database.Database) {
  return {
    playerByToken: db.prepare<[string], RawPlayer>('SELECT id, kind, terminal_id FROM players WHERE token_hash = ?'),
    playerByTerminal: db.prepare<[string], RawPlayer>(
      'SELECT id, kind, terminal_id FROM players WHERE terminal_id = ?',
    ),
    insertPlayer: db.prepare(
      'INSERT INTO players (token_hash, kind, terminal_id, created_at, last_seen) VALUES (?, ?, ?, ?, ?)',
    ),
    touchPlayer: db.prepare('UPDATE players SET last_seen = ? WHERE id = ?'),
    balance: db.prepare<[number], { balance_after: number }>(
      'SELECT balance_after FROM ledger WHERE player_id = ? ORDER BY id DESC LIMIT 1',
    ),
    insertLedger: db.prepare(
      'INSERT INTO ledger (player_id, kind, cents, balance_after, ticket_id, at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    reply: db.prepare<
      [number, string],
      {
        body_hash: string;
        status: number;
        reply: string | null;
        ticket_id: string | null;
        seq: number | null;
        balance_cents: number | null;
      }
    >('SELECT body_hash, status, reply, ticket_id, seq, balance_cents FROM replies WHERE player_id = ? AND key = ?'),
    insertReply: db.prepare(
      'INSERT INTO replies (player_id, key, body_hash, status, reply, ticket_id, seq, balance_cents, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    journalBySeq: db.prepare<[string], { seq: number; event: string }>(
      'SELECT seq, event FROM ticket_events WHERE ticket_id = ? ORDER BY idx',
    ),
    ticket: db.prepare<[string], RawTicket>('SELECT * FROM tickets WHERE id = ?'),
    openTicket: db.prepare<[number], RawTicket>("SELECT * FROM tickets WHERE player_id = ? AND status = 'open'"),
    finished: db.prepare<[number, number], RawTicket>(
      "SELECT * FROM tickets WHERE player_id = ? AND status = 'ended' ORDER BY rowid DESC LIMIT ?",
    ),
    journal: db.prepare<[string], { event: string }>(
      'SELECT event FROM ticket_events WHERE ticket_id = ? ORDER BY idx',
    ),
    insertTicket: db.prepare(
      `INSERT INTO tickets (id, block, idx, a1_cents, a2_cents, player_id, status, next_seq, stake_cents, balance_before, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'open', 1, ?, ?, ?)`,
    ),
    advance: db.prepare('UPDATE tickets SET next_seq = ? WHERE id = ?'),
    end: db.prepare(
      "UPDATE tickets SET status = 'ended', next_seq = ?, prize_cents = ?, balance_after = ?, ended_at = ? WHERE id = ?",
    ),
    openBlock: db.prepare<[], RawBlock>(
      "SELECT block, emission, prize_table, remaining, dealt, status FROM blocks WHERE status = 'open'",
    ),
    block: db.prepare<[number], RawBlock>(
      'SELECT block, emission, prize_table, remaining, dealt, status FROM blocks WHERE block = ?',
    ),
    lastBlock: db.prepare<[], RawBlock>(
      'SELECT block, emission, prize_table, remaining, dealt, status FROM blocks ORDER BY block DESC LIMIT 1',
    ),
    insertBlock: db.prepare(
      'INSERT INTO blocks (block, emission, prize_table, remaining, dealt, status, opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    saveBlock: db.prepare('UPDATE blocks SET dealt = ?, remaining = ?, status = ? WHERE block = ?'),
    lastAudit: db.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1'),
    insertAudit: db.prepare('INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)'),
  };
}

/** A command's events in one INSERT: the statement for n rows, prepared the first time n is seen. */
function eventInserts(db: Database.Database): (n: number) => Database.Statement {
  const byCount = new Map<number, Database.Statement>();
  return (n) => {
    let st = byCount.get(n);
    if (!st) {
      const rows = Array.from({ length: n }, () => '(?, ?, ?, ?)').join(', ');
      st = db.prepare(`INSERT INTO ticket_events (ticket_id, idx, seq, event) VALUES ${rows}`);
      byCount.set(n, st);
    }
    return st;
  };
}

/** The audit chain's last entry, as the group holding the write lock has it. */
export interface AuditHead {
  readonly seq: number;
  readonly hash: string;
}

class SqliteTx implements StorageTx {
  /**
   * The chain's head within the group being applied (null: read it from the table). Valid only while the group holds
   * the write lock: cleared when a group begins, put back when a request's savepoint is rolled back.
   */
  head: AuditHead | null = null;
  private readonly insertEvents: (n: number) => Database.Statement;

  constructor(
    private readonly s: ReturnType<typeof statements>,
    db: Database.Database,
  ) {
    this.insertEvents = eventInserts(db);
  }

  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    const r = this.s.playerByToken.get(tokenHash);
    return r && playerOf(r);
  }

  async playerByTerminal(terminalId: string): Promise<PlayerRow | undefined> {
    const r = this.s.playerByTerminal.get(terminalId);
    return r && playerOf(r);
  }

  async createPlayer(
    kind: PlayerRow['kind'],
    tokenHash: string | null,
    terminalId: string | null,
    at: string,
  ): Promise<PlayerRow> {
    const info = this.s.insertPlayer.run(tokenHash, kind, terminalId, at, at);
    return { id: Number(info.lastInsertRowid), kind, terminalId };
  }

  async touchPlayer(playerId: number, at: string): Promise<void> {
    this.s.touchPlayer.run(at, playerId);
  }

  async balance(playerId: number): Promise<number> {
    return this.s.balance.get(playerId)?.balance_after ?? 0;
  }

  async addLedger(
    playerId: number,
    kind: LedgerKind,
    cents: number,
    ticketId: string | null,
    at: string,
  ): Promise<number> {
    const after = (await this.balance(playerId)) + cents;
    this.s.insertLedger.run(playerId, kind, cents, after, ticketId, at);
    return after;
  }

  async storedReply(playerId: number, key: string): Promise<StoredReply | undefined> {
    const r = this.s.reply.get(playerId, key);
    if (!r) return undefined;
    if (r.reply !== null) return { bodyHash: r.body_hash, status: r.status, reply: r.reply };
    return {
      bodyHash: r.body_hash,
      status: r.status,
      update: { ticketId: r.ticket_id!, seq: r.seq!, balanceCents: r.balance_cents! },
    };
  }

  async storeReply(playerId: number, key: string, reply: StoredReply, at: string): Promise<void> {
    if ('reply' in reply)
      this.s.insertReply.run(playerId, key, reply.bodyHash, reply.status, reply.reply, null, null, null, at);
    else {
      const u = reply.update;
      this.s.insertReply.run(playerId, key, reply.bodyHash, reply.status, null, u.ticketId, u.seq, u.balanceCents, at);
    }
  }

  async journalBySeq(ticketId: string): Promise<{ seq: number; event: GameEvent }[]> {
    return this.s.journalBySeq.all(ticketId).map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as GameEvent }));
  }

  async ticket(id: string): Promise<TicketRow | undefined> {
    const r = this.s.ticket.get(id);
    return r && ticketOf(r);
  }

  async openTicketOf(playerId: number): Promise<TicketRow | undefined> {
    const r = this.s.openTicket.get(playerId);
    return r && ticketOf(r);
  }

  async finishedTickets(playerId: number, limit: number): Promise<TicketRow[]> {
    return this.s.finished.all(playerId, limit).map(ticketOf);
  }

  async journal(ticketId: string): Promise<GameEvent[]> {
    return this.s.journal.all(ticketId).map((r) => JSON.parse(r.event) as GameEvent);
  }

  async insertTicket(
    t: Omit<TicketRow, 'status' | 'nextSeq' | 'prizeCents' | 'balanceAfterCents' | 'endedAt'>,
  ): Promise<void> {
    this.s.insertTicket.run(
      t.id,
      t.block,
      t.index,
      t.a1Cents,
      t.a2Cents,
      t.playerId,
      t.stakeCents,
      t.balanceBeforeCents,
      t.createdAt,
    );
  }

  async appendEvents(ticketId: string, fromIndex: number, seq: number, events: readonly GameEvent[]): Promise<void> {
    if (events.length === 0) return;
    const values: (string | number)[] = [];
    for (let i = 0; i < events.length; i++) values.push(ticketId, fromIndex + i, seq, JSON.stringify(events[i]));
    this.insertEvents(events.length).run(values);
  }

  async advanceTicket(ticketId: string, nextSeq: number): Promise<void> {
    this.s.advance.run(nextSeq, ticketId);
  }

  async endTicket(
    ticketId: string,
    nextSeq: number,
    prizeCents: number,
    balanceAfterCents: number,
    at: string,
  ): Promise<void> {
    this.s.end.run(nextSeq, prizeCents, balanceAfterCents, at, ticketId);
  }

  async openBlock(): Promise<BlockRow | undefined> {
    const r = this.s.openBlock.get();
    return r && blockOf(r);
  }

  async block(block: number): Promise<BlockRow | undefined> {
    const r = this.s.block.get(block);
    return r && blockOf(r);
  }

  async lastBlock(): Promise<BlockRow | undefined> {
    const r = this.s.lastBlock.get();
    return r && blockOf(r);
  }

  async insertBlock(b: BlockRow, at: string): Promise<void> {
    this.s.insertBlock.run(b.block, b.emission, b.prizeTable, JSON.stringify(b.remaining), b.dealt, b.status, at);
  }

  async saveBlock(
    block: number,
    dealt: number,
    remaining: readonly number[],
    status: BlockRow['status'],
  ): Promise<void> {
    this.s.saveBlock.run(dealt, JSON.stringify(remaining), status, block);
  }

  async audit(kind: AuditKind, payload: unknown, at: string): Promise<void> {
    const last = this.head ?? this.s.lastAudit.get();
    const seq = (last?.seq ?? 0) + 1;
    const prev = last?.hash ?? GENESIS_HASH;
    const text = canonicalJson(payload);
    const hash = auditHash(prev, seq, at, kind, text);
    this.s.insertAudit.run(seq, at, kind, text, prev, hash);
    this.head = { seq, hash };
  }
}

export class SqliteStorage implements Storage {
  readonly shared = false;
  private readonly tx: SqliteTx;
  private readonly group: GroupCommit;
  /** Checkpoints in a worker thread (a file's database; an in-memory one has no WAL). */
  readonly checkpointer: WalCheckpointer | null;

  constructor(
    readonly db: Database.Database,
    faults: Faults = NO_FAULTS,
    checkpoints: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY,
  ) {
    this.tx = new SqliteTx(statements(db), db);
    this.group = new GroupCommit(db, 512, faults);
    // Another process (the block command) may have written the chain since this server's last group.
    this.group.onBegin(() => {
      this.tx.head = null;
    });
    const wal = !db.memory && String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
    this.checkpointer = wal
      ? new WalCheckpointer(db.name, checkpoints, () => {
          // The worker stopped: this connection checkpoints inside its COMMITs again, as SQLite does by default.
          if (db.open) db.pragma('wal_autocheckpoint = 1000');
        })
      : null;
    if (this.checkpointer) {
      const c = this.checkpointer;
      // This connection no longer checkpoints inside its COMMITs: the worker does, beside the event loop.
      db.pragma('wal_autocheckpoint = 0');
      this.group.onCommit(() => c.committed());
      this.group.gateWith(() => c.fence());
    }
  }

  static open(
    file: string,
    faults: Faults = NO_FAULTS,
    checkpoints: CheckpointPolicy = DEFAULT_CHECKPOINT_POLICY,
  ): SqliteStorage {
    return new SqliteStorage(openDatabase(file), faults, checkpoints);
  }

  get description(): string {
    return this.db.name;
  }

  transact<T>(work: (tx: StorageTx) => Promise<T>, options: TransactOptions): Promise<T> {
    if (!this.db.open) return Promise.reject(new Error('the database is closed'));
    const tx = this.tx;
    return this.group.submit(async () => {
      const head = tx.head;
      try {
        return await work(tx);
      } catch (e) {
        // The request's savepoint is rolled back, its audit entries with it.
        tx.head = head;
        throw e;
      }
    }, options.play);
  }

  /** Waits for a group being applied: a read must not see what is not yet committed. */
  async read<T>(work: (tx: StorageTx) => Promise<T>): Promise<T> {
    await this.group.idle();
    return work(this.tx);
  }

  onRollback(listener: () => void): void {
    this.group.onRollback(listener);
  }

  /**
   * Commits what is waiting, closes the checkpointer's connection, then this one: the last connection to close,
   * SQLite checkpoints the whole WAL and removes it.
   */
  async close(): Promise<void> {
    if (!this.db.open) return;
    await this.group.flush();
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}
