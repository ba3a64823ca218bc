/**
 * Test support (imported by *.test.ts only): the storage backends the conformance suite runs against, each giving a
 * fresh empty database per test. PostgreSQL runs on a server of its own started for the suite (a temporary folder,
 * loopback), each test in a new database of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startTempPostgres, type TempPostgres } from '../../../tools/postgres/temp-postgres';
import { openReader, type RecordReader } from '../record-reader';
import { openStorage } from './open-storage';
import type { Storage } from './storage';

export interface Backend {
  readonly name: 'sqlite' | 'postgres';
  /** A new empty database: its `--database` value. */
  create(): Promise<string>;
  open(database: string): Promise<Storage>;
  read<T>(database: string, work: (r: RecordReader) => Promise<T>): Promise<T>;
  /** Runs one statement as the owner would (a planted edit, a schema version). */
  exec(database: string, sql: string): Promise<void>;
  dispose(): Promise<void>;
}

async function readWith<T>(database: string, work: (r: RecordReader) => Promise<T>): Promise<T> {
  const { reader, close } = await openReader(database);
  try {
    return await work(reader);
  } finally {
    await close();
  }
}

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'poule-conformance-'));
  let n = 0;
  return {
    name: 'sqlite',
    create: async () => join(dir, `db-${++n}.sqlite`),
    open: (database) => openStorage(database),
    read: readWith,
    async exec(database, sql) {
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(database);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function postgresBackend(): Promise<Backend> {
  const server: TempPostgres = await startTempPostgres();
  let n = 0;
  const urlOf = (name: string): string => server.url.replace(/\/postgres$/, `/${name}`);
  const exec = async (url: string, sql: string): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  return {
    name: 'postgres',
    async create() {
      const name = `conformance_${++n}`;
      await exec(server.url, `CREATE DATABASE ${name}`);
      return urlOf(name);
    },
    open: (database) => openStorage(database),
    read: readWith,
    exec,
    dispose: () => server.stop(),
  };
}
