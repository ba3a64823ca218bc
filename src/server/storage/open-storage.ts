import type { Faults } from '../fault-injection';
import { NO_FAULTS } from '../fault-injection';
import { isPostgresUrl, PgStorage } from './pg-storage';
import { SqliteStorage } from './sqlite-storage';
import type { Storage } from './storage';

/**
 * The storage a `--database` names: a postgres:// (or postgresql://) URL opens PostgreSQL, anything else is an
 * SQLite file. Throws StorageOpenError naming the database and the cause.
 */
export async function openStorage(database: string, faults: Faults = NO_FAULTS): Promise<Storage> {
  if (isPostgresUrl(database)) return PgStorage.open(database, faults);
  return SqliteStorage.open(database, faults);
}
