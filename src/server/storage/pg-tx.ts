import type pg from 'pg';
import type { GameEvent } from '../../core';
import { type AuditKind, canonicalJson } from '../audit';
import type { Holding } from '../printed/printed-store';
import { nameOf, pipelined, type Statement } from './pg-pipeline';
import { assemble, type Pending, type RowKind, type RowValue } from './pg-rows';
import { blockOf, playerOf, type RawBlock, type RawPlayer, type RawTicket, ticketOf } from './rows';
import type { BlockRow, LedgerKind, PlayerRow, StorageTx, StoredReply, TicketRow } from './storage';

const TICKET_COLUMNS =
  'id, block, idx, a1_cents, a2_cents, player_id, status, next_seq, prize_cents, stake_cents, balance_before, balance_after, created_at, ended_at';
/**
 * The ticket beside a reply's columns, as one JSON column: the pg client spends per column of every result (its
 * field descriptions are rebuilt per statement), and the command's locked read is the statement sent most.
 */
function ticketOfJson(text: unknown): TicketRow | undefined {
  return typeof text === 'string' ? ticketOf(JSON.parse(text) as RawTicket) : undefined;
}
const BLOCK_COLUMNS = 'block, emission, prize_table, remaining, dealt, status';

/** A keyed request's locked read: its player, its key, and the ticket a command names. */
export interface ReplyAsk {
  readonly playerId: number;
  readonly key: string;
  readonly ticketId?: string | undefined;
}

/** A keyed request's locked read (storedReply). */
export interface ReplyRow {
  body_hash: string | null;
  status: number;
  reply: string | null;
  ticket_id: string | null;
  seq: number | null;
  balance_cents: number | null;
  balance: number | null;
  t_json?: string | null;
  /** A request naming no ticket (a buy, a top-up): its player's open ticket, if any. */
  o_json?: string | null;
  p_seat?: number | null;
  p_holder?: number | null;
  p_ever?: boolean | null;
}

function replyOf(r: ReplyRow | undefined): StoredReply | undefined {
  if (!r || r.body_hash === null) return undefined;
  if (r.reply !== null) return { bodyHash: r.body_hash, status: r.status, reply: r.reply };
  return {
    bodyHash: r.body_hash,
    status: r.status,
    update: { ticketId: r.ticket_id!, seq: r.seq!, balanceCents: r.balance_cents! },
  };
}

/**
 * Who holds a printed ticket, as a command's locked read found it, keyed by `ticket player`: the printed store's
 * synchronous `holding` takes it from here (once) right after the command reads its ticket — in the same run of
 * microtasks, so no other group's work comes between. Only printed tickets have an entry; it is emptied after each
 * group (what a resent command's read left).
 */
export type PrintedSight = Map<string, Holding>;
export const sightKey = (ticketId: string, playerId: number): string => `${ticketId} ${playerId}`;

export { merged, pipelined, pipelinedEach, type Statement, sent } from './pg-pipeline';

const AUDIT_APPEND = 'SELECT audit_append($1::json)';

/** An audit entry waiting for its place in the chain (given at the COMMIT). */
interface PendingAudit {
  readonly kind: AuditKind;
  readonly text: string;
  readonly at: string;
}

/**
 * One PostgreSQL transaction's view, on one connection. Every statement is a named one (parsed once per connection);
 * writes are kept and go with the next read, or with the group's end, pipelined in that one round trip. Inside a
 * write transaction (`locking`):
 * - a keyed request's first read (its stored reply) locks the player's row: one player's requests — so one ticket's
 *   commands — are serialised whichever instance receives them, and the player's balance, read in the same
 *   statement, cannot move under the transaction (it is kept for the rest of it);
 * - the ticket and open block rows are read FOR UPDATE (a command's ticket in the same statement as its player's);
 * - audit entries wait until the COMMIT: they go with it in one statement that locks the chain's head, chains them
 *   after it in the database and moves it, so the one lock every write transaction takes is held for no round trip.
 */
export class PgTx implements StorageTx {
  private readonly balances = new Map<number, number>();
  /** Statements not yet sent: they go pipelined before the next read, or with the group's end. */
  private pending: Pending[] = [];
  /** The ticket row read (and locked) with the request's stored reply, until the request asks for it. */
  private prefetched: { readonly id: string; readonly row: TicketRow | undefined } | null = null;
  /**
   * The player's open ticket read with the stored reply of a request naming no ticket (a buy), until the request asks
   * for it (`openTicketOf`) or writes anything.
   */
  private openPrefetched: { readonly playerId: number; readonly row: TicketRow | undefined } | null = null;
  private readonly audits: PendingAudit[] = [];
  /** The open block's row as locked (FOR UPDATE) by this transaction and changed since by its own writes. */
  private lockedBlock: BlockRow | null = null;
  /** When the open block's row lock was granted here (performance.now()), for the bench's figures; null if never. */
  blockLockedAt: number | null = null;

  constructor(
    private readonly client: pg.ClientBase,
    readonly locking: boolean,
    private readonly sight: PrintedSight | null = null,
  ) {}

  /** A read by another table's owner (the printed tickets' store), in this transaction, with its pending writes. */
  select<R extends pg.QueryResultRow>(name: string, text: string, values: (string | number | null)[]): Promise<R[]> {
    return this.rows<R>(name, text, values, []);
  }

  /** A write by another table's owner, kept until the next round trip as this transaction's own. */
  later(table: string, text: string, values: readonly (string | number | null)[]): void {
    this.write(table, text, values);
  }

  /**
   * A read, a named statement: writes still pending (the requests before, the group's BEGIN) go in the same round
   * trip, pipelined before it.
   */
  private async rows<R extends pg.QueryResultRow>(
    name: string,
    text: string,
    values: (string | number | null)[],
    _tables: readonly string[],
  ): Promise<R[]> {
    return pipelined<R>(this.client, [...this.takePending(), { name, text, values }]);
  }

  private async one<R extends pg.QueryResultRow>(
    name: string,
    text: string,
    values: (string | number | null)[],
    tables: readonly string[],
  ): Promise<R | undefined> {
    return (await this.rows<R>(name, text, values, tables))[0];
  }

  /** A write, kept until the next round trip. */
  private write(table: string, text: string, values: readonly (string | number | null)[]): void {
    this.openPrefetched = null;
    this.pending.push({ name: nameOf(text), text, values, table });
  }

  /** A row of a kind the group's requests write alike: all of that kind in one round trip go as one statement. */
  private row(kind: RowKind, row: readonly RowValue[]): void {
    this.openPrefetched = null;
    this.pending.push({ kind, row });
  }

  /** Queues a statement to go with the next round trip (the group's BEGIN, its COMMIT). */
  queue(text: string): void {
    this.pending.push({ name: nameOf(text), text, values: [] });
  }

  /** Sends the pending writes, all in one round trip. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    await pipelined(this.client, this.takePending());
  }

  /** The pending statements, taken out (rows of a kind gathered, writes merged: `assemble`). */
  takePending(): Statement[] {
    const taken = this.pending;
    this.pending = [];
    return assemble(taken);
  }

  async playerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    const r = await this.one<RawPlayer>(
      'player-token',
      'SELECT id, kind, terminal_id FROM players WHERE token_hash = $1',
      [tokenHash],
      ['players'],
    );
    return r && playerOf(r);
  }

  async playerByTerminal(terminalId: string): Promise<PlayerRow | undefined> {
    const r = await this.one<RawPlayer>(
      'player-terminal',
      'SELECT id, kind, terminal_id FROM players WHERE terminal_id = $1',
      [terminalId],
      ['players'],
    );
    return r && playerOf(r);
  }

  async createPlayer(
    kind: PlayerRow['kind'],
    tokenHash: string | null,
    terminalId: string | null,
    at: string,
  ): Promise<PlayerRow> {
    await this.flush();
    const r = await this.one<{ id: number }>(
      'player-insert',
      'INSERT INTO players (token_hash, kind, terminal_id, created_at, last_seen) VALUES ($1, $2, $3, $4, $4) RETURNING id',
      [tokenHash, kind, terminalId, at],
      [],
    );
    return { id: r!.id, kind, terminalId };
  }

  async touchPlayer(playerId: number, at: string): Promise<void> {
    this.row('player-touch', [playerId, at]);
  }

  async balance(playerId: number): Promise<number> {
    const held = this.balances.get(playerId);
    if (held !== undefined) return held;
    const r = await this.one<{ balance_after: number }>(
      'balance',
      'SELECT balance_after FROM ledger WHERE player_id = $1 ORDER BY id DESC LIMIT 1',
      [playerId],
      ['ledger'],
    );
    const b = r?.balance_after ?? 0;
    if (this.locking) this.balances.set(playerId, b);
    return b;
  }

  async addLedger(
    playerId: number,
    kind: LedgerKind,
    cents: number,
    ticketId: string | null,
    at: string,
  ): Promise<number> {
    const after = (await this.balance(playerId)) + cents;
    this.row('ledger', [playerId, kind, cents, after, ticketId, at]);
    this.balances.set(playerId, after);
    return after;
  }

  async storedReply(playerId: number, key: string, ticketId?: string): Promise<StoredReply | undefined> {
    this.prefetched = null;
    this.openPrefetched = null;
    if (!this.locking) {
      const r = await this.one<ReplyRow>(
        'reply',
        'SELECT body_hash, status, reply, ticket_id, seq, balance_cents, NULL AS balance FROM replies WHERE player_id = $1 AND key = $2',
        [playerId, key],
        ['replies'],
      );
      return replyOf(r);
    }
    const [r] = await this.readReplies([{ playerId, key, ticketId }]);
    return this.adoptReply(r, playerId, ticketId);
  }

  /**
   * Keyed requests' locked reads, as two statements whatever their number: first their players' rows are locked, in
   * the order of their ids (one lock order on every instance); then one statement reads, with a snapshot taken after
   * those locks, each one's stored reply and balance and — for a command, which names its ticket — the ticket's row
   * and its printed row if it is one, both locked too (after the players'), so the holder read is the latest
   * committed (a claim on another instance). Every join is LATERAL (and kept apart by OFFSET 0), so each request's rows
   * are found by their keys through an index, whatever the planner guesses of the JSON's rows or the tables' sizes. A read in the same statement as its lock would keep the snapshot taken
   * before waiting for it: a reply or ledger row committed meanwhile by another instance would be missed.
   */
  replyReads(asks: readonly ReplyAsk[]): Statement[] {
    const players = [...new Set(asks.map((a) => a.playerId))].sort((a, b) => a - b);
    const lock: Statement = {
      name: 'players-lock',
      text: 'SELECT id FROM players WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE',
      values: [`{${players.join(',')}}`],
    };
    const rows = asks
      .map((a, o) => ({ o, player: a.playerId, key: a.key, ticket: a.ticketId ?? null }))
      .sort((a, b) => a.player - b.player);
    const text = `SELECT x.o, r.body_hash, r.status, r.reply, r.ticket_id, r.seq, r.balance_cents,
           (SELECT balance_after FROM ledger WHERE player_id = p.id ORDER BY id DESC LIMIT 1) AS balance,
           CASE WHEN t.id IS NOT NULL THEN to_json(t)::text END AS t_json,
           CASE WHEN x.ticket IS NULL THEN (SELECT to_json(o)::text FROM (SELECT ${TICKET_COLUMNS} FROM tickets
             WHERE player_id = p.id AND status = 'open') o) END AS o_json,
           pt.seat_player_id AS p_seat, pt.holder_player_id AS p_holder,
           CASE WHEN pt.seat_player_id IS NOT NULL AND pt.holder_player_id IS DISTINCT FROM p.id
             THEN EXISTS (SELECT 1 FROM printed_claims c WHERE c.serial = x.ticket AND c.player_id = p.id) END AS p_ever
           FROM json_to_recordset($1::json) AS x(o int, player bigint, key text, ticket text)
           JOIN LATERAL (SELECT id FROM players WHERE id = x.player OFFSET 0) p ON true
           LEFT JOIN LATERAL (SELECT body_hash, status, reply, ticket_id, seq, balance_cents FROM replies
             WHERE player_id = x.player AND key = x.key OFFSET 0) r ON true
           LEFT JOIN LATERAL (SELECT ${TICKET_COLUMNS} FROM tickets WHERE id = x.ticket FOR UPDATE) t ON true
           LEFT JOIN LATERAL (SELECT seat_player_id, holder_player_id FROM printed_tickets WHERE serial = x.ticket FOR UPDATE) pt
             ON true
           ORDER BY x.o`;
    return [lock, { name: 'replies-read', text, values: [JSON.stringify(rows)] }];
  }

  /** Sends the pending writes and these locked reads in one round trip; each read's row (or undefined), in order. */
  async readReplies(asks: readonly ReplyAsk[]): Promise<(ReplyRow | undefined)[]> {
    const all = await pipelined<ReplyRow & { o: number }>(this.client, [
      ...this.takePending(),
      ...this.replyReads(asks),
    ]);
    const found: (ReplyRow | undefined)[] = asks.map(() => undefined);
    for (const r of all) found[r.o] = r;
    return found;
  }

  /** What a locked read found, taken in as the request's own: its ticket held for `ticket()`, its balance kept. */
  adoptReply(r: ReplyRow | undefined, playerId: number, ticketId?: string): StoredReply | undefined {
    this.prefetched = null;
    this.openPrefetched = null;
    if (r && ticketId === undefined) this.openPrefetched = { playerId, row: ticketOfJson(r.o_json) };
    if (r && ticketId !== undefined) {
      const row = ticketOfJson(r.t_json);
      this.prefetched = { id: ticketId, row };
      // Only a printed ticket's: any other's holding is null, the default (nothing kept for a resent command).
      if (row && this.sight && r.p_seat !== null && r.p_seat !== undefined)
        this.sight.set(sightKey(ticketId, playerId), holdingOf(r, playerId));
    }
    if (r && !this.balances.has(playerId)) this.balances.set(playerId, r.balance ?? 0);
    return replyOf(r);
  }

  async storeReply(playerId: number, key: string, reply: StoredReply, at: string): Promise<void> {
    const u = 'update' in reply ? reply.update : null;
    this.row('reply', [
      playerId,
      key,
      reply.bodyHash,
      reply.status,
      'reply' in reply ? reply.reply : null,
      u?.ticketId ?? null,
      u?.seq ?? null,
      u?.balanceCents ?? null,
      at,
    ]);
  }

  async ticket(id: string): Promise<TicketRow | undefined> {
    const held = this.prefetched;
    this.prefetched = null;
    if (held?.id === id) return held.row;
    const r = this.locking
      ? await this.one<RawTicket>(
          'ticket-lock',
          `SELECT ${TICKET_COLUMNS} FROM tickets WHERE id = $1 FOR UPDATE`,
          [id],
          ['tickets'],
        )
      : await this.one<RawTicket>('ticket', `SELECT ${TICKET_COLUMNS} FROM tickets WHERE id = $1`, [id], ['tickets']);
    return r && ticketOf(r);
  }

  async openTicketOf(playerId: number): Promise<TicketRow | undefined> {
    const held = this.openPrefetched;
    this.openPrefetched = null;
    if (held?.playerId === playerId) return held.row;
    const r = await this.one<RawTicket>(
      'ticket-open',
      `SELECT ${TICKET_COLUMNS} FROM tickets WHERE player_id = $1 AND status = 'open'`,
      [playerId],
      ['tickets'],
    );
    return r && ticketOf(r);
  }

  async finishedTickets(playerId: number, limit: number): Promise<TicketRow[]> {
    const rows = await this.rows<RawTicket>(
      'tickets-ended',
      `SELECT ${TICKET_COLUMNS} FROM tickets WHERE player_id = $1 AND status = 'ended' ORDER BY n DESC LIMIT $2`,
      [playerId, limit],
      ['tickets'],
    );
    return rows.map(ticketOf);
  }

  async journal(ticketId: string): Promise<GameEvent[]> {
    const rows = await this.rows<{ event: string }>(
      'journal',
      'SELECT event FROM ticket_events WHERE ticket_id = $1 ORDER BY idx',
      [ticketId],
      ['ticket_events'],
    );
    return rows.map((r) => JSON.parse(r.event) as GameEvent);
  }

  async journalBySeq(ticketId: string): Promise<{ seq: number; event: GameEvent }[]> {
    const rows = await this.rows<{ seq: number; event: string }>(
      'journal-seq',
      'SELECT seq, event FROM ticket_events WHERE ticket_id = $1 ORDER BY idx',
      [ticketId],
      ['ticket_events'],
    );
    return rows.map((r) => ({ seq: r.seq, event: JSON.parse(r.event) as GameEvent }));
  }

  async insertTicket(
    t: Omit<TicketRow, 'status' | 'nextSeq' | 'prizeCents' | 'balanceAfterCents' | 'endedAt'>,
  ): Promise<void> {
    this.row('ticket-insert', [
      t.id,
      t.block,
      t.index,
      t.a1Cents,
      t.a2Cents,
      t.playerId,
      t.stakeCents,
      t.balanceBeforeCents,
      t.createdAt,
    ]);
  }

  async appendEvents(ticketId: string, fromIndex: number, seq: number, events: readonly GameEvent[]): Promise<void> {
    if (events.length === 0) return;
    events.forEach((e, i) => {
      this.row('events', [ticketId, fromIndex + i, seq, JSON.stringify(e)]);
    });
  }

  async advanceTicket(ticketId: string, nextSeq: number): Promise<void> {
    this.row('ticket-advance', [ticketId, nextSeq]);
  }

  async endTicket(
    ticketId: string,
    nextSeq: number,
    prizeCents: number,
    balanceAfterCents: number,
    at: string,
  ): Promise<void> {
    this.row('ticket-end', [ticketId, nextSeq, prizeCents, balanceAfterCents, at]);
  }

  async openBlock(): Promise<BlockRow | undefined> {
    // The open block's row, once locked here, changes only by this transaction's own writes: kept, not read again.
    if (this.lockedBlock?.status === 'open') return this.lockedBlock;
    const r = this.locking
      ? await this.one<RawBlock>(
          'block-open-lock',
          `SELECT ${BLOCK_COLUMNS} FROM blocks WHERE status = 'open' FOR UPDATE`,
          [],
          ['blocks'],
        )
      : await this.one<RawBlock>(
          'block-open',
          `SELECT ${BLOCK_COLUMNS} FROM blocks WHERE status = 'open'`,
          [],
          ['blocks'],
        );
    const row = r && blockOf(r);
    if (this.locking && row) {
      this.lockedBlock = row;
      this.blockLockedAt ??= performance.now();
    }
    return row;
  }

  async block(block: number): Promise<BlockRow | undefined> {
    const r = await this.one<RawBlock>(
      'block',
      `SELECT ${BLOCK_COLUMNS} FROM blocks WHERE block = $1`,
      [block],
      ['blocks'],
    );
    return r && blockOf(r);
  }

  /** Inside a write transaction, waits first for any other transaction opening a block (one opens it, the others find it). */
  async lastBlock(): Promise<BlockRow | undefined> {
    if (this.locking) await this.rows('block-opening-lock', 'SELECT pg_advisory_xact_lock(7515002)', [], ['blocks']);
    const r = await this.one<RawBlock>(
      'block-last',
      `SELECT ${BLOCK_COLUMNS} FROM blocks ORDER BY block DESC LIMIT 1`,
      [],
      ['blocks'],
    );
    return r && blockOf(r);
  }

  async insertBlock(b: BlockRow, at: string): Promise<void> {
    // Not visible to others before the COMMIT (and others opening one wait on the same lock as lastBlock).
    if (this.locking) this.lockedBlock = b;
    this.write(
      'blocks',
      'INSERT INTO blocks (block, emission, prize_table, remaining, dealt, status, opened_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [b.block, b.emission, b.prizeTable, JSON.stringify(b.remaining), b.dealt, b.status, at],
    );
  }

  async saveBlock(
    block: number,
    dealt: number,
    remaining: readonly number[],
    status: BlockRow['status'],
  ): Promise<void> {
    if (this.lockedBlock?.block === block)
      this.lockedBlock = { ...this.lockedBlock, dealt, remaining: [...remaining], status };
    // A block saved without having been read under lock here (an operator's close): forget what is held.
    else this.lockedBlock = null;
    this.row('block-save', [block, dealt, JSON.stringify(remaining), status]);
  }

  async audit(kind: AuditKind, payload: unknown, at: string): Promise<void> {
    if (!this.locking) throw new Error('the audit log is written only inside a write transaction');
    this.audits.push({ kind, text: canonicalJson(payload), at });
  }

  /** Whether audit entries wait for the group's end. */
  get auditing(): boolean {
    return this.audits.length > 0;
  }

  /**
   * Queues the waiting audit entries as one statement, to go with the COMMIT: the database locks the chain's head,
   * chains them after it and moves it (`audit_append`, migration 3), so the head's lock is held for no round trip.
   */
  appendAudits(): void {
    if (this.audits.length === 0) return;
    const entries = this.audits.map((a) => ({ at: a.at, kind: a.kind, payload: a.text }));
    this.pending.push({ name: nameOf(AUDIT_APPEND), text: AUDIT_APPEND, values: [JSON.stringify(entries)] });
  }
}

/** Who holds a printed ticket for this player, from the command's locked read (null: not a printed ticket). */
function holdingOf(
  r: { p_seat?: number | null; p_holder?: number | null; p_ever?: boolean | null },
  playerId: number,
): Holding {
  if (r.p_seat === null || r.p_seat === undefined) return null;
  if (r.p_holder === playerId) return 'holder';
  return r.p_ever === true ? 'taken-over' : 'never';
}
