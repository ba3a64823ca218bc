import { err, ok, type Result } from './result';

/**
 * How a saved record is laid out, independent of where it is kept (IndexedDB in the browser, a Map in tests).
 *
 * A record is an envelope around a payload:
 *   { formatVersion, kind, id, body, checksum, tag }
 * - `body` is the payload's canonical JSON (keys sorted, no spaces), kept as text so corrupt bytes stay visible as such;
 * - `checksum` is CRC-32 of `body`: it catches accidental corruption (a torn write, a flipped bit), nothing more —
 *   anyone can recompute it;
 * - `tag` is HMAC-SHA-256 over kind, id, version and body with the device key (see record-seal.ts): it catches a
 *   body edited with the checksum recomputed, and a record copied onto another one's place.
 * This file does the synchronous part (shape, version, checksum); the tag is checked by record-seal.ts.
 */
export const FORMAT_VERSION = 1;

/** The things the game keeps between sessions. */
export type RecordKind = 'current' | 'wallet' | 'block' | 'history' | 'meters';
export const RECORD_KINDS: readonly RecordKind[] = ['current', 'wallet', 'block', 'history', 'meters'];

export interface SealedRecord {
  readonly formatVersion: number;
  readonly kind: RecordKind;
  /** The record's key in its store, bound into the tag so records cannot be swapped. */
  readonly id: string;
  readonly body: string;
  /** CRC-32 of body, 8 lowercase hex digits. */
  readonly checksum: string;
  /** HMAC-SHA-256 of sealInput(...), 64 lowercase hex digits. */
  readonly tag: string;
}

/**
 * What can be wrong with a saved record, from the bytes up to the game's rules:
 * - corrupt: unreadable (not an envelope, bad JSON, checksum mismatch, payload of the wrong shape);
 * - wrong-version: written by another format version, which this build does not read;
 * - tampered: the bytes are readable but the device key did not sign them (edited, copied, or the key was lost);
 * - inconsistent: signed and readable, but the game's rules refuse it (a journal that does not fold, amounts that do
 *   not match the ticket, a balance that does not match the ledger) — an edit made with the key itself.
 */
export type RecordProblemCode = 'corrupt' | 'wrong-version' | 'tampered' | 'inconsistent';

export interface RecordProblem {
  readonly code: RecordProblemCode;
  readonly message: string;
}

export const problem = (code: RecordProblemCode, message: string): RecordProblem => ({ code, message });

/**
 * JSON with object keys sorted at every level and no whitespace: the same data always gives the same text, so a
 * checksum or tag over it does not depend on property order. Only plain JSON data is accepted.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${value} is not JSON`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: a ${typeof value} is not JSON`);
}

const CRC_TABLE: Uint32Array = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE 802.3, as in zip and PNG) of the text's UTF-8 bytes, as 8 hex digits. */
export function crc32(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return ((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

/** The exact bytes the tag signs: kind, id and version are bound to the body. */
export const sealInput = (r: Pick<SealedRecord, 'formatVersion' | 'kind' | 'id' | 'body'>): string =>
  `poule-aux-oeufs-dor|${r.formatVersion}|${r.kind}|${r.id}|${r.body}`;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads what storage gave back as an envelope of the expected kind and id, checks its version and checksum, and
 * parses its body. The tag is NOT checked here (it needs the key: see record-seal.ts); the payload's shape is the
 * caller's to check.
 */
export function readEnvelope(raw: unknown, kind: RecordKind, id: string): Result<{ record: SealedRecord; payload: unknown }, RecordProblem> {
  if (!isObj(raw)) return err(problem('corrupt', `the ${kind} record is not a saved record (${describe(raw)})`));
  const v = raw['formatVersion'];
  if (typeof v !== 'number') return err(problem('corrupt', `the ${kind} record has no format version`));
  if (v !== FORMAT_VERSION) {
    return err(problem('wrong-version', `the ${kind} record has format version ${v}; this game reads version ${FORMAT_VERSION}`));
  }
  const { body, checksum, tag } = raw;
  if (raw['kind'] !== kind || raw['id'] !== id) {
    return err(problem('tampered', `the ${kind} record "${id}" claims to be ${String(raw['kind'])} "${String(raw['id'])}"`));
  }
  if (typeof body !== 'string' || typeof checksum !== 'string' || typeof tag !== 'string') {
    return err(problem('corrupt', `the ${kind} record lacks its body, checksum or tag`));
  }
  const actual = crc32(body);
  if (actual !== checksum) {
    return err(problem('corrupt', `the ${kind} record's checksum does not match its bytes (stored ${checksum}, computed ${actual})`));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch (e) {
    return err(problem('corrupt', `the ${kind} record is not valid JSON: ${(e as Error).message}`));
  }
  return ok({ record: { formatVersion: v, kind, id, body, checksum, tag }, payload });
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'string' ? `text of ${v.length} characters` : `a ${typeof v}`;
}
