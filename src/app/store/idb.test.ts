import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, toStoreError, writeAll } from './idb';

describe('IndexedDB errors become the store’s codes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('QuotaExceededError is quota-exceeded, anything else write-failed, each naming what was being done', () => {
    expect(toStoreError(new DOMException('full', 'QuotaExceededError'), 'saving the ticket')).toEqual({
      code: 'quota-exceeded',
      message: 'storage is full: saving the ticket failed (full)',
    });
    expect(toStoreError(new DOMException('cannot clone', 'DataCloneError'), 'saving the ticket').code).toBe('write-failed');
    expect(toStoreError('weird', 'x').message).toBe('x failed: weird');
  });

  it('a transaction aborted after its puts keeps nothing and reports it', async () => {
    const db = await openDatabase(new IDBFactory());
    if (!db.ok) throw new Error(db.error.message);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const req = put.apply(this, args);
      // The browser gives up on the transaction after accepting the request (as it does when the disk fills up).
      req.addEventListener('success', () => this.transaction.abort());
      return req;
    });
    const r = await writeAll(db.value, ['wallet'], (tx) => tx.objectStore('wallet').put('x', 'wallet'), 'saving the wallet');
    expect(r.ok ? '' : r.error).toMatchObject({ code: 'write-failed', message: expect.stringMatching(/^saving the wallet failed/) });
    vi.restoreAllMocks();
    const read = db.value.transaction('wallet').objectStore('wallet').get('wallet');
    await new Promise((resolve) => (read.onsuccess = resolve));
    expect(read.result).toBeUndefined();
    db.value.close();
  });

  it('a strict-durability write resolves once complete, and the data is there', async () => {
    const db = await openDatabase(new IDBFactory());
    if (!db.ok) throw new Error(db.error.message);
    const transaction = vi.spyOn(db.value, 'transaction');
    const r = await writeAll(db.value, ['block'], (tx) => tx.objectStore('block').put({ block: 1 }, 'block'), 'saving the block');
    expect(r.ok).toBe(true);
    expect(transaction).toHaveBeenCalledWith(['block'], 'readwrite', { durability: 'strict' });
    expect(transaction.mock.results[0]!.value.durability).toBe('strict');
    const read = db.value.transaction('block').objectStore('block').get('block');
    await new Promise((resolve) => (read.onsuccess = resolve));
    expect(read.result).toEqual({ block: 1 });
    db.value.close();
  });
});
