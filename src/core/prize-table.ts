import defaultTableJson from './data/default-prize-table.json';
import { err, ok, type Result } from './result';
import { RULES, type Rules } from './rules';

/** One line of a block's table: this many tickets carry this pair of amounts (integer cents). */
export interface PrizeRow {
  readonly a1Cents: number;
  readonly a2Cents: number;
  readonly count: number;
}

export interface PrizeTable {
  readonly name: string;
  /** False for our own table: the official one is not in our copy of the rules, and the rules screen says so. */
  readonly official: boolean;
  readonly rows: readonly PrizeRow[];
}

export interface PrizeTableError {
  readonly code: 'invalid-prize-table';
  /** Every problem found, each naming the row and field at fault. */
  readonly problems: readonly string[];
  readonly message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkAmount(problems: string[], where: string, field: string, v: unknown): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    problems.push(`${where}: ${field} must be a number of cents, got ${JSON.stringify(v)}`);
    return false;
  }
  if (!Number.isInteger(v)) {
    problems.push(`${where}: ${field} must be whole cents, got ${v}`);
    return false;
  }
  if (v < 0) {
    problems.push(`${where}: ${field} must not be negative, got ${v}`);
    return false;
  }
  if (!Number.isSafeInteger(v)) {
    problems.push(`${where}: ${field} is too large, got ${v}`);
    return false;
  }
  return true;
}

/** Checks untrusted data (a JSON file, a saved table) against the table format; nothing is dealt from a bad table. */
export function parsePrizeTable(data: unknown, rules: Rules = RULES): Result<PrizeTable, PrizeTableError> {
  const problems: string[] = [];
  const fail = (): Result<PrizeTable, PrizeTableError> =>
    err({ code: 'invalid-prize-table', problems, message: `invalid prize table: ${problems.join('; ')}` });
  if (!isRecord(data)) {
    problems.push('the table must be a JSON object with "name", "official" and "rows"');
    return fail();
  }
  const name = data['name'] ?? 'unnamed table';
  if (typeof name !== 'string') problems.push('"name" must be a string');
  const official = data['official'] ?? false;
  if (typeof official !== 'boolean') problems.push('"official" must be true or false');
  const rawRows = data['rows'];
  if (!Array.isArray(rawRows) || rawRows.length === 0) {
    problems.push('"rows" must be a non-empty array of { "a1Cents", "a2Cents", "count" }');
    return fail();
  }
  const rows: PrizeRow[] = [];
  let total = 0;
  rawRows.forEach((raw: unknown, i) => {
    const where = `row ${i + 1}`;
    if (!isRecord(raw)) {
      problems.push(`${where}: must be an object { "a1Cents", "a2Cents", "count" }`);
      return;
    }
    const { a1Cents, a2Cents, count } = raw;
    const a1ok = checkAmount(problems, where, 'a1Cents', a1Cents);
    const a2ok = checkAmount(problems, where, 'a2Cents', a2Cents);
    const countOk = typeof count === 'number' && Number.isSafeInteger(count) && count >= 0;
    if (!countOk) problems.push(`${where}: count must be a whole number of tickets ≥ 0, got ${JSON.stringify(count)}`);
    if (a1ok && a2ok && a1Cents < a2Cents) {
      problems.push(`${where}: A1 (${a1Cents} cents, first pick) must not be less than A2 (${a2Cents} cents)`);
    }
    if (a1ok && a2ok && countOk) {
      rows.push({ a1Cents, a2Cents, count });
      total += count;
    }
  });
  if (problems.length === 0 && total !== rules.blockSize) {
    problems.push(`the counts sum to ${total} tickets, but a block holds ${rules.blockSize}`);
  }
  if (problems.length > 0) return fail();
  return ok(
    Object.freeze({
      name: name as string,
      official: official as boolean,
      rows: Object.freeze(rows.map((r) => Object.freeze(r))),
    }),
  );
}

function loadDefault(): PrizeTable {
  const parsed = parsePrizeTable(defaultTableJson);
  if (!parsed.ok) throw new Error(`the shipped default table is broken: ${parsed.error.message}`);
  return parsed.value;
}

/** The table from SPEC.md, read from data like any other table. */
export const DEFAULT_PRIZE_TABLE: PrizeTable = loadDefault();
