import { existsSync } from 'node:fs';
import { type CheckReport, checkRecord } from './check';
import { openReader } from './record-reader';

/**
 * `npm run check:db -- FILE`: verifies a game server's database (read-only; safe while the server runs) and prints
 * what it found. Exit 0 when sound, 1 when anything is wrong, 2 for bad usage.
 */
export function isSound(r: CheckReport): boolean {
  return (
    r.auditVerified &&
    r.ledgerProblems.length === 0 &&
    r.journalProblems.length === 0 &&
    r.doublePayments === 0 &&
    r.stakesMissing === 0 &&
    r.blocks.every((b) => b.reconciles)
  );
}

const file = process.argv[2] ?? (process.env['DATABASE_URL'] || 'data/poule.sqlite');
const postgres = /^postgres(ql)?:\/\//.test(file);
if (process.argv.length > 3 || file.startsWith('--') || (!postgres && !existsSync(file))) {
  process.stderr.write(
    `usage: npm run check:db -- [FILE | postgres://…]   (default DATABASE_URL, else data/poule.sqlite)${postgres || existsSync(file) ? '' : `\nno such file: ${file}`}\n`,
  );
  process.exit(2);
}
// One read-only snapshot (a REPEATABLE READ transaction on PostgreSQL), safe while servers run.
const { reader, close } = await openReader(file);
let r: CheckReport;
try {
  r = await checkRecord(reader);
} finally {
  await close();
}
const lines = [
  `database ${postgres ? file.replace(/:[^:@/]*@/, ':***@') : file}`,
  `tickets ${r.tickets} (${r.openTickets} open)`,
  ...r.blocks.map(
    (b) =>
      `block ${b.block}: dealt ${b.dealt}, ${b.reconciles ? 'reconciles with its table' : 'DOES NOT RECONCILE with its table'}`,
  ),
  `audit ${r.auditEntries} entries, ${r.auditVerified ? 'chain verified' : `chain BROKEN: ${r.auditProblem ?? ''}`}`,
  `double payments ${r.doublePayments}, stakes missing ${r.stakesMissing}`,
  ...r.ledgerProblems.map((p) => `ledger: ${p}`),
  ...r.journalProblems.map((p) => `journal: ${p}`),
  isSound(r) ? 'sound' : 'PROBLEMS FOUND',
];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(isSound(r) ? 0 : 1);
