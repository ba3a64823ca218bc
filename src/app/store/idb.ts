import { err, ok, type Result } from '../../core/result';

/**
 * Thin promise wrappers over IndexedDB. One rule matters: nothing but IndexedDB requests may be awaited inside a
 * transaction (it commits as soon as no request is pending), so callers seal records BEFORE opening a write.
 */

export const DB_NAME = 'poule-aux-oeufs-dor';
export const DB_VERSION = 1;
export const STORES = ['current', 'wallet', 'block', 'history', 'meters', 'keys', 'quarantine'] as const;
export type StoreName = (typeof STORES)[number];

export type StoreErrorCode = 'storage-unavailable' | 'quota-exceeded' | 'write-failed' | 'refused';

export interface StoreError {
  readonly code: StoreErrorCode;
  readonly message: string;
}

export const storeError = (code: StoreErrorCode, message: string): StoreError => ({ code, message });

const isQuota = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'name' in e && (e as { name: unknown }).name === 'QuotaExceededError';

/** Maps whatever IndexedDB threw or aborted with to our error codes. */
export function toStoreError(e: unknown, doing: string): StoreError {
  const what = e instanceof Error || (typeof e === 'object' && e !== null && 'message' in e) ? String((e as Error).message) : String(e);
  if (isQuota(e)) return storeError('quota-exceeded', `storage is full: ${doing} failed (${what})`);
  return storeError('write-failed', `${doing} failed: ${what}`);
}

/** Opens (and on first use creates) the database; every way it can be refused becomes 'storage-unavailable'. */
export function openDatabase(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<Result<IDBDatabase, StoreError>> {
  if (!factory) return Promise.resolve(err(storeError('storage-unavailable', 'this browser offers no IndexedDB')));
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = factory.open(DB_NAME, DB_VERSION);
    } catch (e) {
      // Some private modes and sandboxed frames throw right away (SecurityError, InvalidStateError).
      resolve(err(storeError('storage-unavailable', `storage refused: ${(e as Error).message ?? String(e)}`)));
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const name of STORES) {
        if (!db.objectStoreNames.contains(name)) {
          db.createObjectStore(name, name === 'quarantine' ? { autoIncrement: true } : undefined);
        }
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      // A newer version of the game opened in another tab: let it upgrade; this tab's writes then fail as 'write-failed'.
      db.onversionchange = () => db.close();
      resolve(ok(db));
    };
    req.onerror = () => {
      const e = req.error;
      resolve(err(isQuota(e) ? toStoreError(e, 'opening storage') : storeError('storage-unavailable', `storage refused: ${e?.message ?? 'unknown error'}`)));
    };
    req.onblocked = () => resolve(err(storeError('storage-unavailable', 'storage is held by an older version of the game in another tab')));
  });
}

/**
 * Runs `fill` in one readwrite transaction with strict durability (flushed to disk before 'complete' on browsers
 * that honour it) and resolves once it has COMPLETED: the caller may then show what was saved. A put that throws
 * (QuotaExceededError, DataCloneError) aborts the whole transaction: nothing of it is kept.
 */
export function writeAll(db: IDBDatabase, stores: readonly StoreName[], fill: (tx: IDBTransaction) => void, doing: string): Promise<Result<void, StoreError>> {
  return new Promise((resolve) => {
    let tx: IDBTransaction;
    try {
      tx = db.transaction(stores, 'readwrite', { durability: 'strict' });
    } catch (e) {
      resolve(err(toStoreError(e, doing)));
      return;
    }
    let thrown: unknown = null;
    tx.oncomplete = () => resolve(ok(undefined));
    tx.onabort = () => resolve(err(toStoreError(thrown ?? tx.error ?? new Error('transaction aborted'), doing)));
    try {
      fill(tx);
    } catch (e) {
      thrown = e;
      try {
        tx.abort();
      } catch {
        // Already finished: onabort/oncomplete reports it.
      }
    }
  });
}

/** Reads every key and value of the given stores in one readonly transaction. */
export function readAll(db: IDBDatabase, stores: readonly StoreName[]): Promise<Result<Map<StoreName, Map<IDBValidKey, unknown>>, StoreError>> {
  return new Promise((resolve) => {
    const out = new Map<StoreName, Map<IDBValidKey, unknown>>();
    let tx: IDBTransaction;
    try {
      tx = db.transaction(stores, 'readonly');
    } catch (e) {
      resolve(err(storeError('storage-unavailable', `reading storage failed: ${(e as Error).message}`)));
      return;
    }
    for (const name of stores) {
      const os = tx.objectStore(name);
      const keys = os.getAllKeys();
      const values = os.getAll();
      values.onsuccess = () => {
        const m = new Map<IDBValidKey, unknown>();
        keys.result.forEach((k, i) => m.set(k, values.result[i]));
        out.set(name, m);
      };
    }
    tx.oncomplete = () => resolve(ok(out));
    tx.onabort = () => resolve(err(storeError('storage-unavailable', `reading storage failed: ${tx.error?.message ?? 'aborted'}`)));
  });
}
