import type pg from 'pg';
import { type RoundTripStatement, roundTrip } from './pg-round-trip';

/** A statement of a group: what a round trip sends, and for a write, its table. */
export interface Statement extends RoundTripStatement {
  /** A write's table: consecutive writes to different tables may go as one statement (see `merged`). */
  readonly table?: string;
}

const names = new Map<string, string>();
/** A name for a write's SQL (the texts are constants, so a handful of names). */
export function nameOf(text: string): string {
  let n = names.get(text);
  if (n === undefined) {
    n = `w${names.size + 1}`;
    names.set(text, n);
  }
  return n;
}

/**
 * Consecutive writes as few statements as can be: each run of writes to different tables becomes one statement of
 * data-modifying CTEs (`WITH w0 AS (INSERT …), w1 AS (UPDATE …) SELECT 1`), its parameters renumbered: a command's
 * journal rows, ticket row and reply go as one (measured: half the statements, the CPU per command the same within
 * noise; kept for the fewer messages and results). The sub-statements of one statement do not see each other's changes, so a table written twice starts a new
 * statement (a block inserted then saved); foreign keys are checked at the statement's end, when all are written.
 * Anything else (BEGIN, a read, COMMIT) is sent as it is.
 */
export function merged(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  let run: Statement[] = [];
  const close = (): void => {
    if (run.length === 1) out.push(run[0]!);
    else if (run.length > 1) out.push(cteOf(run));
    run = [];
  };
  for (const st of statements) {
    if (st.table === undefined) {
      close();
      out.push(st);
      continue;
    }
    if (run.some((w) => w.table === st.table)) close();
    run.push(st);
  }
  close();
  return out;
}

function cteOf(writes: readonly Statement[]): Statement {
  let offset = 0;
  const parts: string[] = [];
  const values: (string | number | null)[] = [];
  writes.forEach((w, i) => {
    const shift = offset;
    parts.push(`w${i} AS (${w.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`)})`);
    values.push(...w.values);
    offset += w.values.length;
  });
  const text = `WITH ${parts.join(', ')} SELECT 1`;
  return { name: nameOf(text), text, values };
}

/** Round trips and statements sent by this process (for the service bench's figures). */
export const sent = { roundTrips: 0, statements: 0 };

/**
 * Sends statements in one round trip (one socket write, one Sync: `roundTrip`) and resolves with the last one's
 * rows. The first refused rejects, and PostgreSQL skips the ones after it.
 */
export async function pipelined<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  statements: readonly Statement[],
): Promise<R[]> {
  const all = await pipelinedEach<R>(client, statements);
  return all[all.length - 1] ?? [];
}

/** As `pipelined`, with every statement's rows. */
export async function pipelinedEach<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  statements: readonly Statement[],
): Promise<R[][]> {
  sent.roundTrips++;
  sent.statements += statements.length;
  return (await roundTrip(client, statements)) as R[][];
}
