import type Database from 'better-sqlite3';
import type pg from 'pg';

/**
 * Read-only access to a game server's record for the checker and the operator's tools, the same queries on SQLite and
 * PostgreSQL (written with $1, $2 … placeholders). `each` streams rows (a cursor on PostgreSQL), `all` collects them.
 */
export interface RecordReader {
  each<R>(sql: string, params: readonly unknown[], row: (r: R) => void): Promise<void>;
  all<R>(sql: string, params: readonly unknown[]): Promise<R[]>;
  /** Whether the record has this table (the printed tickets' tables exist only where an emission was made). */
  hasTable(name: string): Promise<boolean>;
}

const toSqlite = (sql: string): string => sql.replace(/\$\d+/g, '?');

export function sqliteReader(db: Database.Database): RecordReader {
  return {
    async each<R>(sql: string, params: readonly unknown[], row: (r: R) => void) {
      for (const r of db.prepare(toSqlite(sql)).iterate(...params)) row(r as R);
    },
    async all<R>(sql: string, params: readonly unknown[]) {
      return db.prepare(toSqlite(sql)).all(...params) as R[];
    },
    async hasTable(name: string) {
      return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    },
  };
}

/** Over one connection inside one REPEATABLE READ transaction (the caller opens and ends it), so every read is one state. */
export function postgresReader(client: pg.ClientBase): RecordReader {
  let cursors = 0;
  return {
    async each<R>(sql: string, params: readonly unknown[], row: (r: R) => void) {
      const name = `record_${++cursors}`;
      await client.query(`DECLARE ${name} NO SCROLL CURSOR FOR ${sql}`, [...params]);
      for (;;) {
        const page = await client.query(`FETCH 5000 FROM ${name}`);
        for (const r of page.rows) row(r as R);
        if (page.rows.length < 5000) break;
      }
      await client.query(`CLOSE ${name}`);
    },
    async all<R>(sql: string, params: readonly unknown[]) {
      return (await client.query(sql, [...params])).rows as R[];
    },
    async hasTable(name: string) {
      return (
        (await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name])).rows[0]
          ?.found === true
      );
    },
  };
}

/** A reader on the database a `--database` names (an SQLite file read-only, or a PostgreSQL URL), and its close. */
export async function openReader(database: string): Promise<{ reader: RecordReader; close: () => Promise<void> }> {
  if (/^postgres(ql)?:\/\//.test(database)) {
    const { default: pgModule } = await import('pg');
    await import('./storage/pg-storage');
    const client = new pgModule.Client({ connectionString: database });
    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return {
      reader: postgresReader(client),
      close: async () => {
        await client.query('COMMIT').catch(() => {});
        await client.end();
      },
    };
  }
  const { default: SqliteDatabase } = await import('better-sqlite3');
  const db = new SqliteDatabase(database, { readonly: true, fileMustExist: true });
  return { reader: sqliteReader(db), close: async () => void db.close() };
}
