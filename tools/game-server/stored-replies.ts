/**
 * The chaos run's check of every keyed request against the database, read in one query instead of one request each:
 * each key the players were answered is stored exactly once (the replies table's key), under one wallet per player
 * and a different wallet for each player, with the status the player got and the reply it got — its JSON as stored,
 * or, for a ticket's update, the ticket, seq and balance the reply was rebuilt from. And which keyed requests are
 * also asked again over HTTP: every one sent more than once (in flight at a kill or at the database's restart), each
 * player's last, and a seeded sample of the rest (the replay path is the same code for every key).
 */
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { uniformInt } from '../../src/core/random-source';
import { SeededSource } from '../../src/core/seeded-source';
import type { TicketUpdate } from '../../src/protocol/messages';
import type { Exchange, SimPlayer } from './sim-player';

export interface StoredRow {
  player_id: string;
  key: string;
  status: number;
  reply: string | null;
  ticket_id: string | null;
  seq: number | null;
  balance_cents: number | null;
}

export interface StoredCheck {
  /** Keys compared with their stored row. */
  readonly keys: number;
  readonly problems: readonly string[];
}

/** What is wrong between one exchange and its stored row. */
export function compareStored(x: Exchange, row: StoredRow | undefined): string | null {
  const key = String(x.body['key']);
  if (!row) return `key ${key} (${x.kind}) was answered ${x.status} but is not stored`;
  if (row.status !== x.status) return `key ${key} (${x.kind}): stored status ${row.status}, answered ${x.status}`;
  if (row.reply !== null) {
    const stored: unknown = JSON.parse(row.reply);
    return isDeepStrictEqual(stored, x.reply)
      ? null
      : `key ${key} (${x.kind}): stored reply ${row.reply.slice(0, 200)}, answered ${JSON.stringify(x.reply).slice(0, 200)}`;
  }
  const u = x.reply as Partial<TicketUpdate>;
  if (u.ticket !== row.ticket_id || u.nextSeq !== (row.seq ?? Number.NaN) + 1 || u.balanceCents !== row.balance_cents)
    return `key ${key} (${x.kind}): stored ticket ${row.ticket_id} seq ${row.seq} balance ${row.balance_cents}, answered ticket ${u.ticket} next seq ${u.nextSeq} balance ${u.balanceCents}`;
  return null;
}

/** Every exchange of `players` against the replies stored under keys starting with `runId`. */
export async function checkStoredReplies(
  url: string,
  runId: string,
  players: readonly SimPlayer[],
): Promise<StoredCheck> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: StoredRow[];
  try {
    rows = (
      await client.query<StoredRow>(
        'SELECT player_id::text, key, status, reply, ticket_id, seq, balance_cents FROM replies WHERE starts_with(key, $1)',
        [`${runId}-`],
      )
    ).rows;
  } finally {
    await client.end();
  }
  const byKey = new Map<string, StoredRow>();
  const problems: string[] = [];
  for (const r of rows) byKey.set(r.key, r);
  const walletOf = new Map<string, number>();
  let keys = 0;
  for (const p of players) {
    const wallets = new Set<string>();
    for (const x of p.exchanges) {
      keys++;
      const row = byKey.get(String(x.body['key']));
      byKey.delete(String(x.body['key']));
      const wrong = compareStored(x, row);
      if (wrong) problems.push(`player ${p.index}: ${wrong}`);
      if (row) wallets.add(row.player_id);
    }
    if (wallets.size > 1) problems.push(`player ${p.index}: its keys are stored under ${wallets.size} wallets`);
    for (const w of wallets) {
      const other = walletOf.get(w);
      if (other !== undefined) problems.push(`players ${other} and ${p.index} share wallet ${w}`);
      walletOf.set(w, p.index);
    }
  }
  // A key stored that no player was answered: a request applied whose reply never arrived and was never resent.
  for (const key of byKey.keys()) problems.push(`key ${key} is stored but no player was answered under it`);
  return { keys, problems };
}

/** The exchanges to ask again over HTTP: every one sent more than once, the player's last, and `share` of the rest. */
export function reaskSample(p: SimPlayer, share: number, seed: number): Exchange[] {
  const pick = SeededSource.fromSeed(seed);
  const last = p.exchanges.length - 1;
  return p.exchanges.filter((x, i) => x.sends > 1 || i === last || uniformInt(pick, 1_000_000) < share * 1_000_000);
}
