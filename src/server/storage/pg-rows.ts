import { merged, nameOf, type Statement } from './pg-pipeline';

/**
 * The rows a group's requests write, gathered by kind: every row of a kind that waits for the same round trip goes
 * as ONE statement (the rows as one JSON parameter, `json_to_recordset`), so a group of 30 commands writes its
 * journals, tickets and replies in a few statements instead of one per command. PostgreSQL then starts an executor,
 * binds and answers once per kind, not once per request; the foreign keys and triggers still run per row.
 */
export type RowKind =
  | 'block-save'
  | 'player-touch'
  | 'ticket-insert'
  | 'ticket-advance'
  | 'ticket-end'
  | 'events'
  | 'ledger'
  | 'reply';

export type RowValue = string | number | null;

/** A row to write: its kind's columns, in the kind's order. */
export interface RowWrite {
  readonly kind: RowKind;
  readonly row: readonly RowValue[];
}

/**
 * An update's rows found one by one through the primary key's index, whatever the table's size: with a plain
 * `t.id = x.id` the planner may read a small table whole and hash it (it guesses the JSON rows at 100), and a prepared
 * statement keeps that plan while the table grows. `= ANY (ARRAY[…])` cannot be hashed: a nested loop of index scans.
 */
function byKey(column: string, key: string): string {
  return `${column} = ANY (ARRAY[x.${key}])`;
}

interface Kind {
  readonly table: string;
  /** The columns of a row, as json_to_recordset reads them. */
  readonly columns: string;
  /** The statement, `x` being the rows. */
  readonly sql: (rows: string) => string;
  /** An update's key (its first column): a row written twice in one round trip keeps only its last write. */
  readonly keyed: boolean;
}

/**
 * In the order they are sent: a parent's rows before the rows that reference them (block, player, ticket before the
 * journal, ledger and replies), a ticket inserted before it is advanced, advanced before it is ended.
 */
const KINDS: Readonly<Record<RowKind, Kind>> = {
  'block-save': {
    table: 'blocks',
    columns: 'block int, dealt int, remaining text, status text',
    sql: (x) =>
      `UPDATE blocks b SET dealt = x.dealt, remaining = x.remaining, status = x.status FROM ${x} WHERE ${byKey('b.block', 'block')}`,
    keyed: true,
  },
  'player-touch': {
    table: 'players',
    columns: 'id bigint, at text',
    sql: (x) => `UPDATE players p SET last_seen = x.at FROM ${x} WHERE ${byKey('p.id', 'id')}`,
    keyed: true,
  },
  'ticket-insert': {
    table: 'tickets',
    columns:
      'id text, block int, idx int, a1_cents int, a2_cents int, player_id bigint, stake_cents int, balance_before int, created_at text',
    sql: (
      x,
    ) => `INSERT INTO tickets (id, block, idx, a1_cents, a2_cents, player_id, status, next_seq, stake_cents, balance_before, created_at)
       SELECT x.id, x.block, x.idx, x.a1_cents, x.a2_cents, x.player_id, 'open', 1, x.stake_cents, x.balance_before, x.created_at FROM ${x}`,
    keyed: false,
  },
  'ticket-advance': {
    table: 'tickets',
    columns: 'id text, next_seq int',
    sql: (x) => `UPDATE tickets t SET next_seq = x.next_seq FROM ${x} WHERE ${byKey('t.id', 'id')}`,
    keyed: true,
  },
  'ticket-end': {
    table: 'tickets',
    columns: 'id text, next_seq int, prize_cents int, balance_after int, ended_at text',
    sql: (x) => `UPDATE tickets t SET status = 'ended', next_seq = x.next_seq, prize_cents = x.prize_cents,
       balance_after = x.balance_after, ended_at = x.ended_at FROM ${x} WHERE ${byKey('t.id', 'id')}`,
    keyed: true,
  },
  events: {
    table: 'ticket_events',
    columns: 'ticket_id text, idx int, seq int, event text',
    sql: (x) =>
      `INSERT INTO ticket_events (ticket_id, idx, seq, event) SELECT x.ticket_id, x.idx, x.seq, x.event FROM ${x}`,
    keyed: false,
  },
  // In the rows' order (a function scan yields them in order): a player's running balance follows its ledger's ids.
  ledger: {
    table: 'ledger',
    columns: 'player_id bigint, kind text, cents int, balance_after int, ticket_id text, at text',
    sql: (x) => `INSERT INTO ledger (player_id, kind, cents, balance_after, ticket_id, at)
       SELECT x.player_id, x.kind, x.cents, x.balance_after, x.ticket_id, x.at FROM ${x}`,
    keyed: false,
  },
  reply: {
    table: 'replies',
    columns:
      'player_id bigint, key text, body_hash text, status int, reply text, ticket_id text, seq int, balance_cents int, at text',
    sql: (x) => `INSERT INTO replies (player_id, key, body_hash, status, reply, ticket_id, seq, balance_cents, at)
       SELECT x.player_id, x.key, x.body_hash, x.status, x.reply, x.ticket_id, x.seq, x.balance_cents, x.at FROM ${x}`,
    keyed: false,
  },
};
const ORDER = Object.keys(KINDS) as RowKind[];

/** Each kind's column names, in its rows' order. */
const NAMES = new Map(
  (Object.keys(KINDS) as RowKind[]).map((k) => [k, KINDS[k].columns.split(',').map((c) => c.trim().split(' ')[0]!)]),
);
const TEXTS = new Map(
  (Object.keys(KINDS) as RowKind[]).map((k) => [
    k,
    KINDS[k].sql(`json_to_recordset($1::json) AS x(${KINDS[k].columns})`),
  ]),
);

/** The statement writing these rows of one kind (one JSON parameter: an array of objects, the kind's columns). */
function statementOf(kind: RowKind, rows: readonly (readonly RowValue[])[]): Statement {
  const names = NAMES.get(kind)!;
  const objects: Record<string, RowValue>[] = [];
  for (const r of rows) {
    // Built key by key in one order: objects of one shape, which JSON.stringify walks fastest.
    const o: Record<string, RowValue> = {};
    for (let i = 0; i < names.length; i++) o[names[i]!] = r[i] ?? null;
    objects.push(o);
  }
  const text = TEXTS.get(kind)!;
  return { name: nameOf(text), text, values: [JSON.stringify(objects)], table: KINDS[kind].table };
}

export type Pending = Statement | RowWrite;
const isRow = (p: Pending): p is RowWrite => 'kind' in p;

/**
 * What waits, as the statements of one round trip. A statement that is not a write (BEGIN, a read, the audit's,
 * COMMIT) stays where it is, and the writes between two of them go as: the other writes (an inserted block, the
 * printed tickets' rows) in their order, then the gathered rows kind by kind in the order above; consecutive writes
 * to different tables then go as one statement (`merged`).
 */
export function assemble(pending: readonly Pending[]): Statement[] {
  const out: Statement[] = [];
  let writes: Statement[] = [];
  let rows = new Map<RowKind, (readonly RowValue[])[]>();
  const close = (): void => {
    const run = [...writes];
    for (const kind of ORDER) {
      const list = rows.get(kind);
      if (!list) continue;
      run.push(statementOf(kind, KINDS[kind].keyed ? lastByKey(list) : list));
    }
    out.push(...merged(run));
    writes = [];
    rows = new Map();
  };
  for (const p of pending) {
    if (isRow(p)) {
      const list = rows.get(p.kind) ?? [];
      rows.set(p.kind, list);
      list.push(p.row);
    } else if (p.table !== undefined) writes.push(p);
    else {
      close();
      out.push(p);
    }
  }
  close();
  return out;
}

/** An update's rows with one per key, its last (each is the row's whole new state in those columns). */
function lastByKey(list: readonly (readonly RowValue[])[]): (readonly RowValue[])[] {
  const byKey = new Map<RowValue, readonly RowValue[]>();
  for (const r of list) {
    byKey.delete(r[0]!);
    byKey.set(r[0]!, r);
  }
  return [...byKey.values()];
}
