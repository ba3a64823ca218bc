/**
 * Test support (imported by *.test.ts only): a suite that runs on a PostgreSQL of its own (one temporary server for
 * the suite, started before its tests and stopped after), or is left out with a warning on a machine without
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { postgresAvailable } from '../../../tools/postgres/temp-postgres';
import { type Backend, postgresBackend } from './backends';

/** `describe('postgres: <title>')`; `body` reaches the suite's backend through `backend()`, once it is started. */
export function describeOnPostgres(title: string, body: (backend: () => Backend) => void): void {
  if (!postgresAvailable()) {
    console.warn(`[${title}] PostgreSQL (initdb, pg_ctl) not found: not run`);
    return;
  }
  describe(`postgres: ${title}`, () => {
    let started: Backend | undefined;
    beforeAll(async () => {
      started = await postgresBackend();
    }, 60_000);
    afterAll(async () => started?.dispose(), 60_000);
    body(() => {
      if (!started) throw new Error('the suite’s PostgreSQL is not started');
      return started;
    });
  });
}
