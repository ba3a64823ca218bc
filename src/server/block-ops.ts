import { parsePrizeTable } from '../core';
import { type AuditRow, chainVerifier } from './audit';
import type { RecordReader } from './record-reader';
import type { Storage } from './storage/storage';

/** One prize row of a block: the table's count, the tickets dealt of it (counted in the tickets table), what is left. */
export interface RowReconciliation {
  readonly a1Cents: number;
  readonly a2Cents: number;
  readonly table: number;
  readonly dealt: number;
  readonly remaining: number;
  /** dealt + remaining = the table's count. */
  readonly ok: boolean;
}

export interface BlockReport {
  readonly block: number;
  readonly emission: number;
  readonly status: string;
  readonly dealt: number;
  readonly left: number;
  readonly rows: readonly RowReconciliation[];
  readonly reconciles: boolean;
  readonly openTickets: number;
  readonly stakesCents: number;
  readonly prizesPaidCents: number;
  /** The prizes owed by the tickets ended so far (their journals' amounts). */
  readonly prizesOwedCents: number;
}

export interface RecordReport {
  readonly blocks: readonly BlockReport[];
  readonly auditEntries: number;
  readonly auditProblem: string | null;
}

/**
 * A block's reconciliation by prize row against its table (the tickets dealt, counted in the tickets table, plus the
 * block's remaining counts), its stakes and prizes paid from the ledger, and the whole audit chain verified.
 */
export async function blockReport(db: RecordReader, only: number | null): Promise<RecordReport> {
  const filter = only === null ? '' : ' WHERE block = $1';
  const params = only === null ? [] : [only];
  const blockRows = await db.all<{
    block: number;
    emission: number;
    prize_table: string;
    remaining: string;
    dealt: number;
    status: string;
  }>(`SELECT block, emission, prize_table, remaining, dealt, status FROM blocks${filter} ORDER BY block`, params);
  const dealt = await db.all<{
    block: number;
    a1_cents: number;
    a2_cents: number;
    n: number;
    open: number;
    owed: number | null;
  }>(
    `SELECT block, a1_cents, a2_cents, COUNT(*) AS n, SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END) AS open, SUM(prize_cents) AS owed
     FROM tickets${filter} GROUP BY block, a1_cents, a2_cents`,
    params,
  );
  const money = await db.all<{ block: number; kind: string; cents: number }>(
    `SELECT t.block AS block, l.kind AS kind, SUM(l.cents) AS cents FROM ledger l JOIN tickets t ON t.id = l.ticket_id
     ${only === null ? '' : 'WHERE t.block = $1'} GROUP BY t.block, l.kind`,
    params,
  );
  const blocks = blockRows.map((b): BlockReport => {
    const remaining = JSON.parse(b.remaining) as number[];
    const table = parsePrizeTable(JSON.parse(b.prize_table));
    const mine = dealt.filter((d) => d.block === b.block);
    const pairs = new Map<string, number>();
    for (const d of mine) pairs.set(`${d.a1_cents}/${d.a2_cents}`, Number(d.n));
    const tableRows = table.ok ? table.value.rows : [];
    // Rows with the same pair of amounts are told apart by nothing in a ticket: their dealt count is shared, in order.
    const rows = tableRows.map((r, i): RowReconciliation => {
      const key = `${r.a1Cents}/${r.a2Cents}`;
      const left = remaining[i] ?? Number.NaN;
      const have = pairs.get(key) ?? 0;
      const take = Math.min(have, r.count);
      pairs.set(key, have - take);
      return {
        a1Cents: r.a1Cents,
        a2Cents: r.a2Cents,
        table: r.count,
        dealt: take,
        remaining: left,
        ok: take + left === r.count,
      };
    });
    const strays = [...pairs.values()].some((n) => n !== 0);
    const dealtTotal = mine.reduce((a, d) => a + Number(d.n), 0);
    const sum = (kind: string): number => Number(money.find((m) => m.block === b.block && m.kind === kind)?.cents ?? 0);
    return {
      block: b.block,
      emission: b.emission,
      status: b.status,
      dealt: dealtTotal,
      left: remaining.reduce((a, n) => a + n, 0),
      rows,
      reconciles: table.ok && !strays && rows.every((r) => r.ok) && dealtTotal === b.dealt,
      openTickets: mine.reduce((a, d) => a + Number(d.open), 0),
      stakesCents: -sum('stake'),
      prizesPaidCents: sum('prize'),
      prizesOwedCents: mine.reduce((a, d) => a + Number(d.owed ?? 0), 0),
    };
  });
  const chain = chainVerifier();
  await db.each<AuditRow>('SELECT seq, at, kind, payload, prev_hash, hash FROM audit ORDER BY seq', [], chain.add);
  return { blocks, auditEntries: chain.entries(), auditProblem: chain.problem() };
}

export function formatBlockReport(r: RecordReport): string {
  const eur = (c: number): string => `${(c / 100).toFixed(2)} €`;
  const lines: string[] = [];
  for (const b of r.blocks) {
    lines.push(
      `block ${b.block} (emission ${b.emission}, ${b.status}): dealt ${b.dealt}, left ${b.left}, ${b.openTickets} tickets in play — ${b.reconciles ? 'reconciles with its table' : 'DOES NOT RECONCILE with its table'}`,
    );
    lines.push('   A1 cents  A2 cents      table      dealt  remaining');
    for (const x of b.rows) {
      lines.push(
        `  ${String(x.a1Cents).padStart(9)} ${String(x.a2Cents).padStart(9)} ${String(x.table).padStart(10)} ${String(x.dealt).padStart(10)} ${String(x.remaining).padStart(10)}${x.ok ? '' : '  MISMATCH'}`,
      );
    }
    lines.push(
      `  stakes ${eur(b.stakesCents)}, prizes paid ${eur(b.prizesPaidCents)} (owed by ended tickets ${eur(b.prizesOwedCents)}${b.prizesPaidCents === b.prizesOwedCents ? '' : ', MISMATCH'})`,
    );
  }
  lines.push(
    `audit ${r.auditEntries} entries, ${r.auditProblem === null ? 'chain verified' : `chain BROKEN: ${r.auditProblem}`}`,
  );
  return `${lines.join('\n')}\n`;
}

export const reportSound = (r: RecordReport): boolean =>
  r.auditProblem === null && r.blocks.every((b) => b.reconciles && b.prizesPaidCents === b.prizesOwedCents);

/** Why a block cannot be closed. */
export class BlockCloseRefused extends Error {}

/**
 * Puts a block out of play: its status becomes 'closed' and the audit log says so, in one transaction. No ticket of
 * it is dealt again (the next buy opens the next block); tickets of it already in play finish as they are.
 */
export async function closeBlock(
  storage: Storage,
  block: number,
  by: string,
): Promise<{ dealt: number; left: number }> {
  return storage.transact(
    async (tx) => {
      const b = await tx.block(block);
      if (!b) throw new BlockCloseRefused(`there is no block ${block}`);
      if (b.status !== 'open') throw new BlockCloseRefused(`block ${block} is already ${b.status}`);
      await tx.saveBlock(block, b.dealt, b.remaining, 'closed');
      const left = b.remaining.reduce((a, n) => a + n, 0);
      await tx.audit('block-closed', { block, dealt: b.dealt, remaining: b.remaining, by }, new Date().toISOString());
      return { dealt: b.dealt, left };
    },
    { play: false },
  );
}
