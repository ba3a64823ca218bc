import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain, type AuditRow } from '../audit';
import { SqliteStorage } from './sqlite-storage';

/**
 * The storage keeps what it writes in memory (balances, ticket rows, open tickets, the audit chain's head). These
 * tests roll a request back after it wrote, and check that what the storage answers next is the file's truth, read
 * through a second connection.
 */
let dir: string;
let file: string;
let storage: SqliteStorage;
const AT = '2026-12-04T00:00:00.000Z';

const fromFile = <T>(sql: string, ...params: unknown[]): T[] => {
  const reader = new Database(file, { readonly: true });
  try {
    return reader.prepare(sql).all(...params) as T[];
  } finally {
    reader.close();
  }
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'poule-cache-'));
  file = join(dir, 'c.sqlite');
  storage = SqliteStorage.open(file);
});
afterEach(() => {
  storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const newPlayer = (): Promise<number> =>
  storage.transact((tx) => {
    const p = tx.createPlayer('player', `hash-${Math.random()}`, null, AT);
    tx.addLedger(p.id, 'opening', 1000, null, AT);
    tx.audit('payment', { player: p.id, cents: 1000 }, AT);
    return p.id;
  }, { play: false });

const openTicket = (playerId: number, id: string): Promise<void> =>
  storage.transact((tx) => {
    if (!tx.lastBlock()) tx.insertBlock({ block: 1, emission: 1, prizeTable: '[]', remaining: [1], dealt: 0, status: 'open' }, AT);
    tx.insertTicket({ id, block: 1, index: Number(id.slice(-1)), a1Cents: 0, a2Cents: 0, playerId, stakeCents: 200, balanceBeforeCents: 1000, createdAt: AT });
  }, { play: true });

describe('the storage caches', () => {
  it('a request that throws after writing leaves no trace in the balance, the ticket or the audit chain', async () => {
    const player = await newPlayer();
    await openTicket(player, 'T-1');
    const failed = storage.transact((tx) => {
      expect(tx.addLedger(player, 'stake', -200, 'T-1', AT)).toBe(800);
      tx.advanceTicket('T-1', 2);
      tx.audit('draw', { ticket: 'T-1' }, AT);
      throw new Error('fails after writing');
    }, { play: true });
    await expect(failed).rejects.toThrow('fails after writing');

    expect(storage.read((tx) => tx.balance(player))).toBe(1000);
    expect(storage.read((tx) => tx.ticket('T-1')?.nextSeq)).toBe(1);
    expect(fromFile<{ next_seq: number }>('SELECT next_seq FROM tickets WHERE id = ?', 'T-1')[0]?.next_seq).toBe(1);
    // The next entry takes the rolled-back entry's seq, chained to the entry before it.
    await storage.transact((tx) => tx.audit('draw', { ticket: 'T-1', again: true }, AT), { play: true });
    const audit = fromFile<AuditRow>('SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq');
    expect(audit.map((r) => r.seq)).toEqual([1, 2]);
    expect(verifyAuditChain(audit)).toBeNull();
  });

  it('answers what the file holds after a run of writes: balances, ticket rows, open tickets', async () => {
    const player = await newPlayer();
    await openTicket(player, 'T-1');
    await storage.transact((tx) => {
      tx.addLedger(player, 'stake', -200, 'T-1', AT);
      tx.advanceTicket('T-1', 2);
    }, { play: true });
    expect(storage.read((tx) => tx.openTicketOf(player)?.id)).toBe('T-1');
    await storage.transact((tx) => {
      tx.addLedger(player, 'prize', 500, 'T-1', AT);
      tx.endTicket('T-1', 3, 500, 1300, AT);
    }, { play: true });
    expect(storage.read((tx) => tx.openTicketOf(player))).toBeUndefined();
    expect(storage.read((tx) => tx.ticket('T-1')?.status)).toBe('ended');
    expect(storage.read((tx) => tx.balance(player))).toBe(1300);
    const file = fromFile<{ balance_after: number }>('SELECT balance_after FROM ledger WHERE player_id = ? ORDER BY id DESC LIMIT 1', player);
    expect(file[0]?.balance_after).toBe(1300);
    await openTicket(player, 'T-2');
    expect(storage.read((tx) => tx.openTicketOf(player)?.id)).toBe('T-2');
  });

  it('journal rows written in one statement keep their order and seq', async () => {
    const player = await newPlayer();
    await openTicket(player, 'T-1');
    const events = Array.from({ length: 70 }, (_, i) => ({ type: 'ticketEnded', prizeCents: i }) as never);
    await storage.transact((tx) => tx.appendEvents('T-1', 0, 0, events), { play: true });
    await storage.transact((tx) => tx.appendEvents('T-1', 70, 1, events.slice(0, 3)), { play: true });
    const rows = fromFile<{ idx: number; seq: number; event: string }>('SELECT idx, seq, event FROM ticket_events WHERE ticket_id = ? ORDER BY idx', 'T-1');
    expect(rows.map((r) => r.idx)).toEqual(Array.from({ length: 73 }, (_, i) => i));
    expect(rows.filter((r) => r.seq === 1).map((r) => JSON.parse(r.event).prizeCents)).toEqual([0, 1, 2]);
    expect(JSON.parse(rows[69]!.event).prizeCents).toBe(69);
  });
});
