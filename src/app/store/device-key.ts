import { makeDeviceKey } from '../../core/record-seal';
import { ok, type Result } from '../../core/result';
import { writeAll, type StoreError } from './idb';

export const DEVICE_KEY_ID = 'device';

const isHmacKey = (k: unknown): k is CryptoKey =>
  typeof CryptoKey !== 'undefined' && k instanceof CryptoKey && k.algorithm.name === 'HMAC' && k.usages.includes('sign');

/**
 * The device's signing key: made once, non-extractable, kept in IndexedDB as a CryptoKey object (IndexedDB stores
 * it by structured clone without ever exposing its bytes). `fresh` says it was just made: if records already existed,
 * none of them can be authenticated any more.
 */
export async function deviceKey(db: IDBDatabase, stored: unknown): Promise<Result<{ key: CryptoKey; fresh: boolean }, StoreError>> {
  if (isHmacKey(stored)) return ok({ key: stored, fresh: false });
  const key = await makeDeviceKey();
  const saved = await writeAll(db, ['keys'], (tx) => tx.objectStore('keys').put(key, DEVICE_KEY_ID), 'saving the device key');
  return saved.ok ? ok({ key, fresh: true }) : saved;
}
