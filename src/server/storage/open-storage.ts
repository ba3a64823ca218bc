import type { Faults } from '../fault-injection';
import { NO_FAULTS } from '../fault-injection';
import { SqliteStorage } from './sqlite-storage';
import type { Storage } from './storage';

export const isPostgresUrl = (database: string): boolean => /^postgres(ql)?:\/\//.test(database);

/**
 * The storage a `--database` names: a postgres:// (or postgresql://) URL opens PostgreSQL, anything else is an
 * SQLite file. Throws StorageOpenError naming the database and the cause. The PostgreSQL client is loaded only when
 * asked for: a shop's server starts as fast as before.
 */
export async function openStorage(database: string, faults: Faults = NO_FAULTS): Promise<Storage> {
  if (isPostgresUrl(database)) {
    const { PgStorage } = await import('./pg-storage');
    return PgStorage.open(database, faults);
  }
  return SqliteStorage.open(database, faults);
}
