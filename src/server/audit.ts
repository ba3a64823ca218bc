import { hash } from 'node:crypto';

/** What the audit log records: every ticket issued, every draw, every payment (stakes, prizes, opening credit), every top-up, every block put out of play. */
export type AuditKind = 'ticket-issued' | 'draw' | 'payment' | 'top-up' | 'block-closed';

/** The first entry's "previous hash". */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level, so one payload always hashes the same. */
export function canonicalJson(value: unknown): string {
  // Loops and string appends rather than map/filter/join: this runs on every request's body and audit entry.
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + (canonicalJson(value[i]) ?? '');
    return `${out}]`;
  }
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  let out = '{';
  for (const k of keys) {
    const v = o[k];
    if (v === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}

/** One-shot hashing: `createHash` builds a Hash object (a stream) per call, which costs more than the hash itself. */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');

/**
 * What a `draw` entry keeps of the command's events: the sha-256 of their JSON array as the journal stores them (each
 * event's own key order, the core's), so the journal rows of that seq, parsed and written again, give the same hash.
 */
export const eventsHash = (events: readonly unknown[]): string => sha256(JSON.stringify(events));

/**
 * An entry's hash chains it to the one before: sha256 of the previous hash and the entry's own fields (seq, time, kind
 * and canonical payload), so editing, removing or reordering any entry breaks every hash after it.
 */
export const auditHash = (prevHash: string, seq: number, at: string, kind: string, payload: string): string =>
  sha256(`${prevHash}\n${seq}\n${at}\n${kind}\n${payload}`);

export interface AuditRow {
  readonly seq: number;
  readonly at: string;
  readonly kind: string;
  readonly payload: string;
  readonly prev_hash: string;
  readonly hash: string;
}

/** Walks the chain in seq order; returns the first problem found, or null when every link holds. */
export function verifyAuditChain(rows: Iterable<AuditRow>): string | null {
  const v = chainVerifier();
  for (const r of rows) v.add(r);
  return v.problem();
}

/** The same walk, fed one entry at a time (entries streamed from a database). */
export function chainVerifier(): { add: (r: AuditRow) => void; problem: () => string | null; entries: () => number } {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let found: string | null = null;
  let n = 0;
  return {
    add: (r) => {
      n++;
      if (found !== null) return;
      if (r.seq !== expectedSeq) found = `audit entry ${expectedSeq} is missing (found ${r.seq})`;
      else if (r.prev_hash !== prev) found = `audit entry ${r.seq}: previous hash does not match entry ${r.seq - 1}`;
      else if (auditHash(r.prev_hash, r.seq, r.at, r.kind, r.payload) !== r.hash)
        found = `audit entry ${r.seq}: hash does not match its content`;
      prev = r.hash;
      expectedSeq++;
    },
    problem: () => found,
    entries: () => n,
  };
}
