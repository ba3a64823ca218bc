import { SqliteStorage } from '../storage/sqlite-storage';
import type { Storage } from '../storage/storage';
import { isSightedStorage, PgPrintedStore } from './pg-printed-store';
import { type PrintedStore, SqlitePrintedStore } from './printed-store';

/** The printed tickets' store of a storage: on SQLite's own connection, or over PostgreSQL's transactions. */
export function printedStoreOf(storage: Storage): PrintedStore {
  if (storage instanceof SqliteStorage) return new SqlitePrintedStore(storage.db);
  if (isSightedStorage(storage)) return new PgPrintedStore(storage);
  throw new Error(`printed tickets are not kept in ${storage.description}`);
}
