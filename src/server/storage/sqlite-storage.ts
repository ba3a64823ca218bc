import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { GameEvent } from '../../core';
import { auditHash, canonicalJson, GENESIS_HASH, type AuditKind } from '../audit';
import { NO_FAULTS, type Faults } from '../fault-injection';
import { GroupCommit } from '../group-commit';
import { SCHEMA, SCHEMA_VERSION } from './schema';
import type { BlockRow, LedgerKind, PlayerRow, Storage, StorageTx, StoredReply, TicketRow, TransactOptions } from './storage';

/** A database that cannot be opened or written: the message names the file and the cause. */
export class StorageOpenError extends Error {
  constructor(
    readonly file: string,
    cause: string,
  ) {
    super(`cannot open the database ${file}: ${cause}`);
    this.name = 'StorageOpenError';
  }
}

interface RawTicket {
  id: string;
  block: number;
  idx: number;
  a1_cents: number;
  a2_cents: number;
  player_id: number;
  status: 'open' | 'ended';
  next_seq: number;
  prize_cents: number | null;
  stake_cents: number;
  balance_before: number;
  balance_after: number | null;
  created_at: string;
  ended_at: string | null;
}

const ticketOf = (r: RawTicket): TicketRow => ({
  id: r.id,
  block: r.block,
  index: r.idx,
  a1Cents: r.a1_cents,
  a2Cents: r.a2_cents,
  playerId: r.player_id,
  status: r.status,
  nextSeq: r.next_seq,
  prizeCents: r.prize_cents,
  stakeCents: r.stake_cents,
  balanceBeforeCents: r.balance_before,
  balanceAfterCents: r.balance_after,
  createdAt: r.created_at,
  endedAt: r.ended_at,
});

interface RawPlayer {
  id: number;
  kind: 'player' | 'terminal';
  terminal_id: string | null;
}
const playerOf = (r: RawPlayer): PlayerRow => ({ id: r.id, kind: r.kind, terminalId: r.terminal_id });

interface RawBlock {
  block: number;
  emission: number;
  prize_table: string;
  remaining: string;
  dealt: number;
  status: BlockRow['status'];
}
const blockOf = (r: RawBlock): BlockRow => ({
  block: r.block,
  emission: r.emission,
  prizeTable: r.prize_table,
  remaining: JSON.parse(r.remaining) as number[],
  dealt: r.dealt,
  status: r.status,
});

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
    // Pages read through a memory map and a larger page cache (64 MiB): a command touches index pages all over the
    // file (each player's replies, ledger), and every page not held costs a read system call.
    db.pragma('cache_size = -65536');
    db.pragma('mmap_size = 268435456');
    // A checkpoint every 8,000 WAL pages (32 MiB) instead of 1,000: the pages a group rewrites (index tails, open
    // tickets) are copied into the file once per checkpoint, not once per few groups, and its two fsyncs are rarer.
    db.pragma('wal_autocheckpoint = 8000');
    db.exec(SCHEMA);
    // A write at every start: a file that can be read but not written is refused now, not at the first ticket.
    db.prepare("INSERT INTO meta (key, value) VALUES ('schema', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
      String(SCHEMA_VERSION),
    );
    return db;
  } catch (e) {
    db?.close();
    if (e instanceof StorageOpenError) throw e;
    throw new StorageOpenError(file, (e as Error).message);
  }
}

function statements(db: Database.Database) {
  return {
    playerByToken: db.prepare<[string], RawPlayer>('SELECT id, kind, terminal_id FROM players WHERE token_hash = ?'),
    playerByTerminal: db.prepare<[string], RawPlayer>('SELECT id, kind, terminal_id FROM players WHERE terminal_id = ?'),
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
    reply: db.prepare<[number, string], { body_hash: string; status: number; reply: string | null; ticket_id: string | null; seq: number | null; balance_cents: number | null }>(
      'SELECT body_hash, status, reply, ticket_id, seq, balance_cents FROM replies WHERE player_id = ? AND key = ?',
    ),
    insertReply: db.prepare(
      'INSERT INTO replies (player_id, key, body_hash, status, reply, ticket_id, seq, balance_cents, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    journalBySeq: db.prepare<[string], { seq: number; event: string }>('SELECT seq, event FROM ticket_events WHERE ticket_id = ? ORDER BY idx'),
    ticket: db.prepare<[string], RawTicket>('SELECT * FROM tickets WHERE id = ?'),
    openTicket: db.prepare<[number], RawTicket>("SELECT * FROM tickets WHERE player_id = ? AND status = 'open'"),
    finished: db.prepare<[number, number], RawTicket>(
      "SELECT * FROM tickets WHERE player_id = ? AND status = 'ended' ORDER BY rowid DESC LIMIT ?",
    ),
    journal: db.prepare<[string], { event: string }>('SELECT event FROM ticket_events WHERE ticket_id = ? ORDER BY idx'),
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
    lastBlock: db.prepare<[], RawBlock>('SELECT block, emission, prize_table, remaining, dealt, status FROM blocks ORDER BY block DESC LIMIT 1'),
    insertBlock: db.prepare(
      'INSERT INTO blocks (block, emission, prize_table, remaining, dealt, status, opened_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    saveBlock: db.prepare('UPDATE blocks SET dealt = ?, remaining = ?, status = ? WHERE block = ?'),
    lastAudit: db.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1'),
    insertAudit: db.prepare('INSERT INTO audit (seq, at, kind, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)'),
  };
}

/** Journal rows per INSERT statement (4 parameters each, well under SQLite's limit of 32,766). */
const EVENTS_PER_INSERT = 64;

/** Caches past this many entries are dropped whole and refilled from the file as asked. */
const MAX_CACHED = 100_000;

/**
 * The storage of the one process that writes the file. What it writes it also keeps (write-through): the audit
 * chain's head, each player's balance, ticket rows and each player's open ticket, so a command reads them from memory
 * instead of the file. Every cache is dropped whole when a request's savepoint or a whole group rolls back (`forget`),
 * and refilled from the file.
 */
class SqliteTx implements StorageTx {
  private auditHead: { seq: number; hash: string } | null = null;
  private readonly balances = new Map<number, number>();
  private readonly tickets = new Map<string, TicketRow>();
  /** A player's open ticket id, or null when the player has none. */
  private readonly openOf = new Map<number, string | null>();
  /** One INSERT of n journal rows, prepared once per n. */
  private readonly insertEvents = new Map<number, Database.Statement>();

  constructor(
    private readonly s: ReturnType<typeof statements>,
    private readonly db: Database.Database,
  ) {}

  forget(): void {
    this.auditHead = null;
    this.balances.clear();
    this.tickets.clear();
    this.openOf.clear();
  }

  private keepTicket(t: TicketRow): TicketRow {
    if (this.tickets.size >= MAX_CACHED) this.tickets.clear();
    this.tickets.set(t.id, t);
    return t;
  }

  playerByTokenHash(tokenHash: string): PlayerRow | undefined {
    const r = this.s.playerByToken.get(tokenHash);
    return r && playerOf(r);
  }

  playerByTerminal(terminalId: string): PlayerRow | undefined {
    const r = this.s.playerByTerminal.get(terminalId);
    return r && playerOf(r);
  }

  createPlayer(kind: PlayerRow['kind'], tokenHash: string | null, terminalId: string | null, at: string): PlayerRow {
    const info = this.s.insertPlayer.run(tokenHash, kind, terminalId, at, at);
    return { id: Number(info.lastInsertRowid), kind, terminalId };
  }

  touchPlayer(playerId: number, at: string): void {
    this.s.touchPlayer.run(at, playerId);
  }

  balance(playerId: number): number {
    const held = this.balances.get(playerId);
    if (held !== undefined) return held;
    const b = this.s.balance.get(playerId)?.balance_after ?? 0;
    this.keepBalance(playerId, b);
    return b;
  }

  private keepBalance(playerId: number, cents: number): void {
    if (this.balances.size >= MAX_CACHED) this.balances.clear();
    this.balances.set(playerId, cents);
  }

  addLedger(playerId: number, kind: LedgerKind, cents: number, ticketId: string | null, at: string): number {
    const after = this.balance(playerId) + cents;
    this.s.insertLedger.run(playerId, kind, cents, after, ticketId, at);
    this.keepBalance(playerId, after);
    return after;
  }

  storedReply(playerId: number, key: string): StoredReply | undefined {
    const r = this.s.reply.get(playerId, key);
    if (!r) return undefined;
    if (r.reply !== null) return { bodyHash: r.body_hash, status: r.status, reply: r.reply };
    return { bodyHash: r.body_hash, status: r.status, update: { ticketId: r.ticket_id!, seq: r.seq!, balanceCents: r.balance_cents! } };
  }

  storeReply(playerId: number, key: string, reply: StoredReply, at: string): void {
    if ('reply' in reply) this.s.insertReply.run(playerId, key, reply.bodyHash, reply.status, reply.reply, null, null, null, at);
    else {
      const u = reply.update;
      this.s.insertReply.run(playerId, key, reply.bodyHash, reply.status, null, u.ticketId, u.seq, u.balanceCents, at);
    }
  }

  journalBySeq(ticketId: string): { seq: number; event: GameEvent }[] {
    return this.s.journalBySeq.all(ticketId).map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as GameEvent }));
  }

  ticket(id: string): TicketRow | undefined {
    const held = this.tickets.get(id);
    if (held) return held;
    const r = this.s.ticket.get(id);
    return r && this.keepTicket(ticketOf(r));
  }

  openTicketOf(playerId: number): TicketRow | undefined {
    const id = this.openOf.get(playerId);
    if (id === null) return undefined;
    if (id !== undefined) {
      const t = this.ticket(id);
      if (t?.status === 'open') return t;
    }
    const r = this.s.openTicket.get(playerId);
    const t = r && this.keepTicket(ticketOf(r));
    this.keepOpen(playerId, t ? t.id : null);
    return t;
  }

  private keepOpen(playerId: number, ticketId: string | null): void {
    if (this.openOf.size >= MAX_CACHED) this.openOf.clear();
    this.openOf.set(playerId, ticketId);
  }

  finishedTickets(playerId: number, limit: number): TicketRow[] {
    return this.s.finished.all(playerId, limit).map(ticketOf);
  }

  journal(ticketId: string): GameEvent[] {
    return this.s.journal.all(ticketId).map((r) => JSON.parse(r.event) as GameEvent);
  }

  insertTicket(t: Omit<TicketRow, 'status' | 'nextSeq' | 'prizeCents' | 'balanceAfterCents' | 'endedAt'>): void {
    this.s.insertTicket.run(t.id, t.block, t.index, t.a1Cents, t.a2Cents, t.playerId, t.stakeCents, t.balanceBeforeCents, t.createdAt);
    this.keepTicket({ ...t, status: 'open', nextSeq: 1, prizeCents: null, balanceAfterCents: null, endedAt: null });
    this.keepOpen(t.playerId, t.id);
  }

  appendEvents(ticketId: string, fromIndex: number, seq: number, events: readonly GameEvent[]): void {
    // One statement for the command's rows: better-sqlite3's cost is mostly per statement run, not per row.
    for (let from = 0; from < events.length; from += EVENTS_PER_INSERT) {
      const part = events.slice(from, from + EVENTS_PER_INSERT);
      const values: (string | number)[] = [];
      part.forEach((e, i) => values.push(ticketId, fromIndex + from + i, seq, JSON.stringify(e)));
      this.insertEventsOf(part.length).run(values);
    }
  }

  private insertEventsOf(n: number): Database.Statement {
    let st = this.insertEvents.get(n);
    if (!st) {
      st = this.db.prepare(`INSERT INTO ticket_events (ticket_id, idx, seq, event) VALUES ${Array(n).fill('(?, ?, ?, ?)').join(', ')}`);
      this.insertEvents.set(n, st);
    }
    return st;
  }

  advanceTicket(ticketId: string, nextSeq: number): void {
    this.s.advance.run(nextSeq, ticketId);
    const held = this.tickets.get(ticketId);
    if (held) this.tickets.set(ticketId, { ...held, nextSeq });
  }

  endTicket(ticketId: string, nextSeq: number, prizeCents: number, balanceAfterCents: number, at: string): void {
    this.s.end.run(nextSeq, prizeCents, balanceAfterCents, at, ticketId);
    const held = this.tickets.get(ticketId);
    if (held) {
      this.tickets.delete(ticketId);
      this.openOf.set(held.playerId, null);
    }
  }

  openBlock(): BlockRow | undefined {
    const r = this.s.openBlock.get();
    return r && blockOf(r);
  }

  lastBlock(): BlockRow | undefined {
    const r = this.s.lastBlock.get();
    return r && blockOf(r);
  }

  insertBlock(b: BlockRow, at: string): void {
    this.s.insertBlock.run(b.block, b.emission, b.prizeTable, JSON.stringify(b.remaining), b.dealt, b.status, at);
  }

  saveBlock(block: number, dealt: number, remaining: readonly number[], status: BlockRow['status']): void {
    this.s.saveBlock.run(dealt, JSON.stringify(remaining), status, block);
  }

  audit(kind: AuditKind, payload: unknown, at: string): void {
    const last = this.auditHead ?? this.s.lastAudit.get();
    const seq = (last?.seq ?? 0) + 1;
    const prev = last?.hash ?? GENESIS_HASH;
    const text = canonicalJson(payload);
    const hash = auditHash(prev, seq, at, kind, text);
    this.s.insertAudit.run(seq, at, kind, text, prev, hash);
    this.auditHead = { seq, hash };
  }
}

export class SqliteStorage implements Storage {
  private readonly tx: SqliteTx;
  private readonly group: GroupCommit;

  constructor(
    readonly db: Database.Database,
    faults: Faults = NO_FAULTS,
  ) {
    this.tx = new SqliteTx(statements(db), db);
    this.group = new GroupCommit(db, 512, faults);
    // A whole group rolled back (its COMMIT failed): what the caches took from it never happened.
    this.group.onRollback(() => this.tx.forget());
  }

  static open(file: string, faults: Faults = NO_FAULTS): SqliteStorage {
    return new SqliteStorage(openDatabase(file), faults);
  }

  transact<T>(work: (tx: StorageTx) => T, options: TransactOptions): Promise<T> {
    if (!this.db.open) return Promise.reject(new Error('the database is closed'));
    return this.group.submit(() => {
      try {
        return work(this.tx);
      } catch (e) {
        // Its savepoint rolls back: drop whatever the caches took from it.
        this.tx.forget();
        throw e;
      }
    }, options.play);
  }

  read<T>(work: (tx: StorageTx) => T): T {
    return work(this.tx);
  }

  onRollback(listener: () => void): void {
    this.group.onRollback(listener);
  }

  /** Commits what is waiting, then closes the file (WAL checkpointed by SQLite on the last close). */
  close(): void {
    if (!this.db.open) return;
    this.group.flush();
    this.db.close();
  }
}
