import type { PrizeTable } from '../../core';
import type { SqliteStorage } from '../storage/sqlite-storage';
import { CRYPTO_RANDOM, createEmission, type EmissionRandom, type EmissionSummary } from './emission';
import { SqlitePrintedStore } from './printed-store';

/** An emission in one durable transaction of the server's SQLite storage (the operator's command and the tests). */
export function runEmission(
  storage: SqliteStorage,
  table: PrizeTable,
  blocks: number,
  random: EmissionRandom = CRYPTO_RANDOM,
): Promise<EmissionSummary> {
  const printed = new SqlitePrintedStore(storage.db);
  // 300,000 random codes per block land all over the code index: a page cache that holds it saves most of the time.
  storage.db.pragma('cache_size = -262144');
  return storage.transact((tx) => createEmission(tx, printed, table, blocks, new Date().toISOString(), random), {
    play: false,
  });
}
