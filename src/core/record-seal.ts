import { err, ok, type Result } from './result';
import {
  FORMAT_VERSION,
  canonicalJson,
  crc32,
  problem,
  readEnvelope,
  sealInput,
  type RecordKind,
  type RecordProblem,
  type SealedRecord,
} from './save-format';

/**
 * The device key's tag on each saved record: HMAC-SHA-256 with a per-device key made non-extractable by Web Crypto
 * (crypto.subtle, present in browsers and in Node 20).
 *
 * What it stops: editing the stored bytes — in devtools' storage panel, with a browser extension reading IndexedDB,
 * by copying a profile folder from another device, or by moving a record to another record's place. Such a record
 * fails its tag and is never played or paid.
 * What it does NOT stop: someone with devtools open on this very page. The key cannot be exported, but script on the
 * page can still ask crypto.subtle to sign with it, so a determined player can forge a signed record. Those forgeries
 * must then also pass the game's own checks (the journal folds under the rules, amounts match the ticket, the balance
 * matches the ledger), which catch a single edited figure but not a whole consistent rewrite. A real-money build would
 * keep the wallet and the meters on a server; this edition's credit is demo credit.
 */

/** Makes a new device key: HMAC-SHA-256, non-extractable, usable only to sign and verify. */
export function makeDeviceKey(): Promise<CryptoKey> {
  return globalThis.crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const toHex = (buf: ArrayBuffer): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const utf8 = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);

/** Wraps a payload into a sealed record for storage. */
export async function sealRecord(kind: RecordKind, id: string, payload: unknown, key: CryptoKey): Promise<SealedRecord> {
  const body = canonicalJson(payload);
  const unsigned = { formatVersion: FORMAT_VERSION, kind, id, body };
  const tag = toHex(await globalThis.crypto.subtle.sign('HMAC', key, utf8(sealInput(unsigned))));
  return { ...unsigned, checksum: crc32(body), tag };
}

/**
 * Opens a record read back from storage: envelope, version, checksum, then the tag. Returns the parsed payload,
 * whose shape the caller still checks. Verification is constant-time (crypto.subtle.verify).
 */
export async function openRecord(raw: unknown, kind: RecordKind, id: string, key: CryptoKey): Promise<Result<unknown, RecordProblem>> {
  const read = readEnvelope(raw, kind, id);
  if (!read.ok) return read;
  const { record, payload } = read.value;
  const tag = fromHex(record.tag);
  const valid = tag !== null && tag.length === 32 && (await globalThis.crypto.subtle.verify('HMAC', key, tag, utf8(sealInput(record))));
  if (!valid) {
    return err(problem('tampered', `the ${kind} record was not signed by this device's key: it was edited or copied from elsewhere`));
  }
  return ok(payload);
}
