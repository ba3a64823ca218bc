/**
 * The server's own database checker, read as the kill test's verdict on the file: blocks reconcile, the audit chain
 * verifies, no prize paid twice, no ticket without its stake, every journal and ledger sound.
 */
import { type CheckReport, checkDatabase } from '../../src/server/check';

export interface DatabaseVerdict {
  /** Tickets on record (null if the checker does not count them). */
  readonly tickets: number | null;
  readonly doublePayments: number;
  /** Everything wrong, named. */
  readonly problems: readonly string[];
  /** One line for the report. */
  readonly summary: string;
}

export async function checkDatabaseFile(file: string): Promise<DatabaseVerdict> {
  return verdictOf(await checkDatabase(file));
}

export function verdictOf(c: CheckReport): DatabaseVerdict {
  const problems: string[] = [];
  for (const b of c.blocks)
    if (!b.reconciles)
      problems.push(`block ${b.block} does not reconcile (dealt ${b.dealt}, remaining ${b.remaining.join(' ')})`);
  if (!c.auditVerified) problems.push(`the audit chain does not verify: ${c.auditProblem ?? 'no detail'}`);
  if (c.stakesMissing > 0) problems.push(`${c.stakesMissing} tickets without their stake`);
  if (c.doublePayments > 0) problems.push(`${c.doublePayments} double payments`);
  for (const p of c.ledgerProblems) problems.push(`ledger: ${p}`);
  for (const p of c.journalProblems) problems.push(`journal: ${p}`);
  const summary =
    `${c.tickets} tickets (${c.openTickets} open), ${c.blocks.length} blocks (${c.blocks.filter((b) => b.reconciles).length} reconcile), ` +
    `audit ${c.auditVerified ? 'verifies' : 'BROKEN'} over ${c.auditEntries} entries, double payments ${c.doublePayments}, ` +
    `stakes missing ${c.stakesMissing}, ledger problems ${c.ledgerProblems.length}, journal problems ${c.journalProblems.length}`;
  return { tickets: c.tickets, doublePayments: c.doublePayments, problems, summary };
}
