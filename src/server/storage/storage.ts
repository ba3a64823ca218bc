import type { GameEvent } from '../../core';
import type { AuditKind } from '../audit';

/**
 * What the game server keeps, as the ticket service sees it. Everything is asynchronous: a reply waits for its
 * transaction to be durable, and the PostgreSQL backend goes over a connection. A group of requests is applied one
 * request after the other, each in its own savepoint, inside one commit (SQLite and PostgreSQL alike).
 */
export interface PlayerRow {
  readonly id: number;
  readonly kind: 'player' | 'terminal';
  readonly terminalId: string | null;
}

export interface TicketRow {
  readonly id: string;
  readonly block: number;
  readonly index: number;
  readonly a1Cents: number;
  readonly a2Cents: number;
  readonly playerId: number;
  readonly status: 'open' | 'ended';
  readonly nextSeq: number;
  readonly prizeCents: number | null;
  readonly stakeCents: number;
  readonly balanceBeforeCents: number;
  readonly balanceAfterCents: number | null;
  readonly createdAt: string;
  readonly endedAt: string | null;
}

export interface BlockRow {
  readonly block: number;
  readonly emission: number;
  /** The table's JSON as stored (checked again with parsePrizeTable when read). */
  readonly prizeTable: string;
  readonly remaining: readonly number[];
  readonly dealt: number;
  readonly status: 'open' | 'exhausted' | 'closed';
}

/** Where a ticket's update can be rebuilt from: the ticket, the seq of the command (0 for the buy), the balance after. */
export interface UpdateRef {
  readonly ticketId: string;
  readonly seq: number;
  readonly balanceCents: number;
}

/** A reply kept under an idempotency key: as sent, or (a ticket's update) as a reference into the journal. */
export type StoredReply =
  | { readonly bodyHash: string; readonly status: number; readonly reply: string }
  | { readonly bodyHash: string; readonly status: number; readonly update: UpdateRef };

export type LedgerKind = 'opening' | 'stake' | 'prize' | 'top-up';

export interface StorageTx {
  playerByTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  playerByTerminal(terminalId: string): Promise<PlayerRow | undefined>;
  createPlayer(
    kind: PlayerRow['kind'],
    tokenHash: string | null,
    terminalId: string | null,
    at: string,
  ): Promise<PlayerRow>;
  touchPlayer(playerId: number, at: string): Promise<void>;

  /** The sum of the player's ledger (kept as a running balance on the newest entry). */
  balance(playerId: number): Promise<number>;
  /** Appends a ledger entry and returns the balance after it. */
  addLedger(playerId: number, kind: LedgerKind, cents: number, ticketId: string | null, at: string): Promise<number>;

  /**
   * The reply kept under the key. `ticketId`: the ticket the request names, which the backend may read (and lock)
   * in the same round trip, for the `ticket(id)` that follows.
   */
  storedReply(playerId: number, key: string, ticketId?: string): Promise<StoredReply | undefined>;
  storeReply(playerId: number, key: string, reply: StoredReply, at: string): Promise<void>;

  /** Inside `transact`, the ticket's row is locked until the commit (PostgreSQL: FOR UPDATE). */
  ticket(id: string): Promise<TicketRow | undefined>;
  openTicketOf(playerId: number): Promise<TicketRow | undefined>;
  /** The last `limit` finished tickets of the player, newest first. */
  finishedTickets(playerId: number, limit: number): Promise<TicketRow[]>;
  journal(ticketId: string): Promise<GameEvent[]>;
  /** The journal with each event's command seq (0 for the buy's events). */
  journalBySeq(ticketId: string): Promise<{ readonly seq: number; readonly event: GameEvent }[]>;
  insertTicket(
    t: Omit<TicketRow, 'status' | 'nextSeq' | 'prizeCents' | 'balanceAfterCents' | 'endedAt'>,
  ): Promise<void>;
  appendEvents(ticketId: string, fromIndex: number, seq: number, events: readonly GameEvent[]): Promise<void>;
  advanceTicket(ticketId: string, nextSeq: number): Promise<void>;
  endTicket(
    ticketId: string,
    nextSeq: number,
    prizeCents: number,
    balanceAfterCents: number,
    at: string,
  ): Promise<void>;

  /** Inside `transact`, the open block's row is locked until the commit (PostgreSQL: FOR UPDATE). */
  openBlock(): Promise<BlockRow | undefined>;
  block(block: number): Promise<BlockRow | undefined>;
  /** The block with the highest number, whatever its status (PostgreSQL: after any other transaction opening one). */
  lastBlock(): Promise<BlockRow | undefined>;
  insertBlock(b: BlockRow, at: string): Promise<void>;
  saveBlock(block: number, dealt: number, remaining: readonly number[], status: BlockRow['status']): Promise<void>;

  audit(kind: AuditKind, payload: unknown, at: string): Promise<void>;
}

/** Whether a transaction holds play (buy, command, top-up): the fault injection of the kill test counts only those. */
export interface TransactOptions {
  readonly play: boolean;
  /**
   * Whether the request may deal a ticket (a buy): PostgreSQL applies those last in their group, so the open block's
   * row, locked by the first deal, is held for the fewest round trips before the COMMIT.
   */
  readonly deals?: boolean;
}

export interface Storage {
  /**
   * Runs `work` inside a transaction (grouped with others arriving together, in its own savepoint) and resolves once
   * that transaction is durable; a throw in `work` rolls back only its own changes and rejects.
   */
  transact<T>(work: (tx: StorageTx) => Promise<T>, options: TransactOptions): Promise<T>;
  /** Reads committed data, outside any group. */
  read<T>(work: (tx: StorageTx) => Promise<T>): Promise<T>;
  /** Called when a whole group was rolled back, so caches built during it can be dropped. */
  onRollback(listener: () => void): void;
  /**
   * Whether other processes write the same database (PostgreSQL): then nothing held in memory between transactions
   * may be trusted without checking it against its row, read under a lock.
   */
  readonly shared: boolean;
  /** What it is, for the ready line and messages (a file, or a URL without its password). */
  readonly description: string;
  close(): Promise<void>;
}

/** A database that cannot be opened or written: the message names the file (or server) and the cause. */
export class StorageOpenError extends Error {
  constructor(
    readonly file: string,
    cause: string,
  ) {
    super(`cannot open the database ${file}: ${cause}`);
    this.name = 'StorageOpenError';
  }
}
