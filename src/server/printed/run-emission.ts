import type { PrizeTable } from '../../core';
import type { Storage } from '../storage/storage';
import { CRYPTO_RANDOM, createEmission, type EmissionRandom, type EmissionSummary } from './emission';
import { SqlitePrintedStore } from './printed-store';
import { printedStoreOf } from './printed-stores';

/** An emission in one durable transaction of the server's storage, SQLite or PostgreSQL (the operator's command and the tests). */
export function runEmission(
  storage: Storage,
  table: PrizeTable,
  blocks: number,
  random: EmissionRandom = CRYPTO_RANDOM,
): Promise<EmissionSummary> {
  const printed = printedStoreOf(storage);
  // 300,000 random codes per block land all over the code index: a page cache that holds it saves most of the time.
  if (printed instanceof SqlitePrintedStore) printed.bigCache();
  return storage.transact((tx) => createEmission(tx, printed.on(tx), table, blocks, new Date().toISOString(), random), {
    play: false,
  });
}
