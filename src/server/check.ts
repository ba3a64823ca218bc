import Database from 'better-sqlite3';
import { type GameEvent, parsePrizeTable } from '../core';
import { replayJournal } from '../core/replay';
import { type AuditRow, chainVerifier } from './audit';
import type { RecordReader } from './record-reader';
import { sqliteReader } from './record-reader';
import type { RawTicket } from './storage/rows';

/** What `checkDatabase` finds; every list of problems is empty and every flag true for a sound database. */
export interface CheckReport {
  readonly tickets: number;
  readonly openTickets: number;
  readonly blocks: readonly {
    readonly block: number;
    readonly dealt: number;
    readonly remaining: number[];
    readonly reconciles: boolean;
  }[];
  readonly auditVerified: boolean;
  readonly auditEntries: number;
  /** The first broken link of the audit chain, or null. */
  readonly auditProblem: string | null;
  readonly ledgerProblems: string[];
  readonly journalProblems: string[];
  /** Tickets with more than one stake, or more than one prize, in the ledger. */
  readonly doublePayments: number;
  /** Tickets without their stake in the ledger. */
  readonly stakesMissing: number;
}

/** The columns of a ticket the check reads (the same row both backends read). */
type TicketLine = Pick<
  RawTicket,
  'id' | 'block' | 'idx' | 'a1_cents' | 'a2_cents' | 'player_id' | 'status' | 'next_seq' | 'prize_cents'
>;

/** checkRecord on a game server's SQLite file, opened read-only. */
export async function checkDatabase(file: string): Promise<CheckReport> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return await checkRecord(sqliteReader(db));
  } finally {
    db.close();
  }
}

/**
 * Verifies a game server's record (SQLite or PostgreSQL): every ticket's journal folds without a draw and agrees
 * with its ticket row; each ticket has one stake and, when won, one prize of the journal's amount; every running
 * balance is the sum of its entries; each block's dealt tickets by row plus its remaining counts give its table;
 * the audit chain verifies.
 */
export async function checkRecord(db: RecordReader): Promise<CheckReport> {
  const journalProblems: string[] = [];
  const ledgerProblems: string[] = [];
  const tickets = new Map<string, TicketLine>();
  await db.each<TicketLine>(
    'SELECT id, block, idx, a1_cents, a2_cents, player_id, status, next_seq, prize_cents FROM tickets',
    [],
    (t) => {
      tickets.set(t.id, t);
    },
  );

  // Journals, streamed ticket by ticket.
  const seen = new Set<string>();
  let current: string | null = null;
  let events: { idx: number; seq: number; event: string }[] = [];
  const flush = (): void => {
    if (current !== null) checkJournalOf(current, events, tickets.get(current), journalProblems);
    if (current !== null) seen.add(current);
  };
  await db.each<{ ticket_id: string; idx: number; seq: number; event: string }>(
    'SELECT ticket_id, idx, seq, event FROM ticket_events ORDER BY ticket_id, idx',
    [],
    (e) => {
      if (e.ticket_id !== current) {
        flush();
        current = e.ticket_id;
        events = [];
      }
      events.push(e);
    },
  );
  flush();
  for (const id of tickets.keys()) if (!seen.has(id)) journalProblems.push(`ticket ${id}: no journal`);

  // Ledger: running balances, stakes and prizes.
  const stakes = new Map<string, number>();
  const prizes = new Map<string, number[]>();
  const balances = new Map<number, number>();
  await db.each<{
    id: number;
    player_id: number;
    kind: string;
    cents: number;
    balance_after: number;
    ticket_id: string | null;
  }>('SELECT id, player_id, kind, cents, balance_after, ticket_id FROM ledger ORDER BY id', [], (l) => {
    const before = balances.get(l.player_id);
    if (before === undefined && l.kind !== 'opening')
      ledgerProblems.push(`ledger ${l.id}: player ${l.player_id}'s first entry is a ${l.kind}, not the opening credit`);
    const after = (before ?? 0) + l.cents;
    if (after !== l.balance_after)
      ledgerProblems.push(`ledger ${l.id}: balance after ${l.balance_after}, but the entries sum to ${after}`);
    if (after < 0) ledgerProblems.push(`ledger ${l.id}: player ${l.player_id}'s balance goes below zero (${after})`);
    balances.set(l.player_id, after);
    if (l.kind === 'stake' && l.ticket_id) stakes.set(l.ticket_id, (stakes.get(l.ticket_id) ?? 0) + 1);
    if (l.kind === 'prize' && l.ticket_id) prizes.set(l.ticket_id, [...(prizes.get(l.ticket_id) ?? []), l.cents]);
    if ((l.kind === 'stake' || l.kind === 'prize') && (!l.ticket_id || !tickets.has(l.ticket_id))) {
      ledgerProblems.push(`ledger ${l.id}: a ${l.kind} for no known ticket`);
    }
  });
  // Printed tickets are paid for and paid out at a counter: no stake or prize of theirs is in the ledger.
  const hasPrinted = await db.hasTable('printed_tickets');
  const printedSeated = new Set(
    hasPrinted
      ? (
          await db.all<{ serial: string }>('SELECT serial FROM printed_tickets WHERE seat_player_id IS NOT NULL', [])
        ).map((r) => r.serial)
      : [],
  );
  // A counter payment pays exactly what the ticket's journal won, once it has ended.
  if (hasPrinted) {
    await db.each<{ serial: string; cents: number }>('SELECT serial, cents FROM counter_payments', [], (p) => {
      const t = tickets.get(p.serial);
      if (t?.status !== 'ended' || t.prize_cents !== p.cents) {
        ledgerProblems.push(
          `ticket ${p.serial}: paid ${p.cents} cents at the counter, its journal says ${t?.status === 'ended' ? String(t.prize_cents) : 'not ended'}`,
        );
      }
    });
  }
  let doublePayments = 0;
  let stakesMissing = 0;
  for (const t of tickets.values()) {
    if (printedSeated.has(t.id)) {
      if (stakes.has(t.id) || prizes.has(t.id))
        ledgerProblems.push(`ticket ${t.id}: a printed ticket with a stake or prize in a wallet`);
      continue;
    }
    const n = stakes.get(t.id) ?? 0;
    if (n === 0) stakesMissing++;
    const paid = prizes.get(t.id) ?? [];
    if (n > 1 || paid.length > 1) doublePayments++;
    const owed = t.status === 'ended' ? (t.prize_cents ?? 0) : 0;
    const total = paid.reduce((a, b) => a + b, 0);
    if (paid.length <= 1 && total !== owed)
      ledgerProblems.push(`ticket ${t.id}: prize paid ${total} cents, its journal says ${owed}`);
  }

  // Blocks: dealt tickets by row + remaining = the table.
  const blockRows = await db.all<{ block: number; prize_table: string; remaining: string; dealt: number }>(
    'SELECT block, prize_table, remaining, dealt FROM blocks ORDER BY block',
    [],
  );
  const countsOf = async (
    from: 'tickets' | 'printed_tickets',
  ): Promise<Map<number, { a1_cents: number; a2_cents: number; n: number }[]>> => {
    const byBlock = new Map<number, { a1_cents: number; a2_cents: number; n: number }[]>();
    await db.each<{ block: number; a1_cents: number; a2_cents: number; n: number }>(
      `SELECT block, a1_cents, a2_cents, COUNT(*) AS n FROM ${from} GROUP BY block, a1_cents, a2_cents`,
      [],
      (r) => void byBlock.set(r.block, [...(byBlock.get(r.block) ?? []), { ...r, n: Number(r.n) }]),
    );
    return byBlock;
  };
  const dealtByBlock = await countsOf('tickets');
  const printedByBlock = hasPrinted
    ? await countsOf('printed_tickets')
    : new Map<number, { a1_cents: number; a2_cents: number; n: number }[]>();
  const blocks = blockRows.map((b) => {
    const remaining = JSON.parse(b.remaining) as number[];
    const table = parsePrizeTable(JSON.parse(b.prize_table));
    if (!table.ok) return { block: b.block, dealt: b.dealt, remaining, reconciles: false };
    const rows = table.value.rows;
    // Rows are matched by their pair of amounts (rows with the same pair are counted together).
    const pairOf = (a1: number, a2: number): string => `${a1}/${a2}`;
    const expected = new Map<string, number>();
    rows.forEach((x, i) => {
      const k = pairOf(x.a1Cents, x.a2Cents);
      expected.set(k, (expected.get(k) ?? 0) + x.count - (remaining[i] ?? Number.NaN));
    });
    let dealt = 0;
    let reconciles =
      remaining.length === rows.length &&
      remaining.every((n, i) => Number.isInteger(n) && n >= 0 && n <= rows[i]!.count);
    // A printed block was dealt in full when printed: its tickets are the printed ones, played or not.
    const counted = printedByBlock.has(b.block) ? printedByBlock : dealtByBlock;
    for (const r of counted.get(b.block) ?? []) {
      dealt += r.n;
      const k = pairOf(r.a1_cents, r.a2_cents);
      if (expected.get(k) !== r.n) reconciles = false;
      expected.delete(k);
    }
    // A pair never dealt must have nothing dealt by the counts either.
    for (const n of expected.values()) if (n !== 0) reconciles = false;
    if (dealt !== b.dealt) reconciles = false;
    return { block: b.block, dealt: b.dealt, remaining, reconciles };
  });

  const chain = chainVerifier();
  await db.each<AuditRow>('SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq', [], chain.add);
  const auditProblem = chain.problem();
  const auditEntries = chain.entries();

  return {
    tickets: tickets.size,
    openTickets: [...tickets.values()].filter((t) => t.status === 'open').length,
    blocks,
    auditVerified: auditProblem === null,
    auditEntries,
    auditProblem,
    ledgerProblems,
    journalProblems,
    doublePayments,
    stakesMissing,
  };
}

function checkJournalOf(
  id: string,
  rows: { idx: number; seq: number; event: string }[],
  t: TicketLine | undefined,
  problems: string[],
): void {
  if (!t) return void problems.push(`ticket ${id}: a journal without a ticket`);
  if (rows.some((r, i) => r.idx !== i)) return void problems.push(`ticket ${id}: its journal has a gap`);
  let journal: GameEvent[];
  try {
    journal = rows.map((r) => JSON.parse(r.event) as GameEvent);
  } catch {
    return void problems.push(`ticket ${id}: an event is not JSON`);
  }
  const game = replayJournal(journal);
  if (!game.ok) return void problems.push(`ticket ${id}: ${game.error.message}`);
  const g = game.value;
  const s = g.snapshot();
  const serialOk = g.ticket.serial.block === t.block && g.ticket.serial.index === t.idx;
  if (!serialOk || g.ticket.a1Cents !== t.a1_cents || g.ticket.a2Cents !== t.a2_cents) {
    problems.push(`ticket ${id}: its journal names another ticket or other amounts`);
  }
  if (s.draws !== 'crypto') problems.push(`ticket ${id}: drawn from a ${s.draws} source`);
  if ((s.phase === 'ended') !== (t.status === 'ended'))
    problems.push(`ticket ${id}: status ${t.status} but the journal is ${s.phase}`);
  if (s.result && t.status === 'ended' && s.result.prizeCents !== t.prize_cents) {
    problems.push(`ticket ${id}: prize ${String(t.prize_cents)} cents, the journal says ${s.result.prizeCents}`);
  }
  const lastSeq = rows[rows.length - 1]!.seq;
  if (t.next_seq !== lastSeq + 1)
    problems.push(`ticket ${id}: next seq ${t.next_seq}, the journal's last command is ${lastSeq}`);
}
