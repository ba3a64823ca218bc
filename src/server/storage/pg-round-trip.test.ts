import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startTempPostgres, type TempPostgres } from '../../../tools/postgres/temp-postgres';
import { roundTrip } from './pg-round-trip';

/**
 * A round trip is one batch with one Sync (pg-round-trip.ts): each statement's rows come back in order, typed; a
 * refused statement rejects it and skips the rest; the statements it parsed are usable afterwards on the same
 * connection, whether their Parse was applied (closed and parsed again) or skipped.
 */
const runs: [string][] = postgresAvailable() ? [['postgres']] : [];
if (runs.length === 0) console.warn('[pg-round-trip] PostgreSQL (initdb, pg_ctl) not found: not run');

describe.each(runs)('%s: one Sync per round trip', () => {
  let server: TempPostgres;
  let client: pg.Client;
  beforeAll(async () => {
    server = await startTempPostgres();
    client = new pg.Client({ connectionString: server.url, pipeline: true } as pg.ClientConfig);
    await client.connect();
    await client.query('CREATE TABLE rt (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
  }, 60_000);
  afterAll(async () => {
    await client?.end();
    await server?.stop();
  }, 60_000);

  const insert = { name: 'rt-insert', text: 'INSERT INTO rt (id, label) VALUES ($1, $2) RETURNING id, label' };
  const count = { name: 'rt-count', text: 'SELECT count(*)::int AS n, max(label) AS last FROM rt' };

  it("several statements in one batch: each one's rows, in order, parsed by type", async () => {
    const rows = await roundTrip(client, [
      { name: 'rt-begin', text: 'BEGIN', values: [] },
      { ...insert, values: [1, 'one'] },
      { ...insert, values: [2, 'two'] },
      { ...count, values: [] },
      { name: 'rt-commit', text: 'COMMIT', values: [] },
    ]);
    expect(rows).toEqual([[], [{ id: 1, label: 'one' }], [{ id: 2, label: 'two' }], [{ n: 2, last: 'two' }], []]);
  });

  it('a refused statement rejects the round trip and skips the rest; its statements work afterwards', async () => {
    const divide = { name: 'rt-divide', text: 'SELECT 10 / $1::int AS q' };
    const later = { name: 'rt-later', text: 'SELECT label FROM rt WHERE id = $1' };
    // rt-divide is parsed and then refused at its execution; rt-later's Parse, after it, is skipped.
    const failed = roundTrip(client, [
      { name: 'rt-begin', text: 'BEGIN', values: [] },
      { ...insert, values: [3, 'three'] },
      { ...divide, values: [0] },
      { ...later, values: [1] },
    ]);
    await expect(failed).rejects.toMatchObject({ code: '22012' });
    await client.query('ROLLBACK');
    // The insert before the refusal was rolled back with its transaction.
    expect(await roundTrip(client, [{ ...count, values: [] }])).toEqual([[{ n: 2, last: 'two' }]]);
    // Both statements usable on this connection: neither "already exists" nor "does not exist".
    expect(
      await roundTrip(client, [
        { ...divide, values: [5] },
        { ...later, values: [2] },
      ]),
    ).toEqual([[{ q: 2 }], [{ label: 'two' }]]);
    // And a failure outside a transaction still leaves the connection usable.
    await expect(roundTrip(client, [{ ...insert, values: [1, 'again'] }])).rejects.toMatchObject({ code: '23505' });
    expect(await roundTrip(client, [{ ...insert, values: [4, 'four'] }])).toEqual([[{ id: 4, label: 'four' }]]);
  });
});
