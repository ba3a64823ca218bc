/**
 * PostgreSQL's own ceiling for the server bench, on this disk and these cores: durable one-row insert transactions
 * per second from one client connection (autocommit: each INSERT waits for its WAL flush), and from 8 connections at
 * once (PostgreSQL then flushes several commits together). The same row as the SQLite limit.
 */
import pg from 'pg';

export interface PostgresLimit {
  readonly oneConnectionTxPerSecond: number;
  readonly eightConnectionsTxPerSecond: number;
}

export async function measurePostgres(url: string, seconds: number): Promise<PostgresLimit> {
  const body = JSON.stringify({ type: 'henLifted', round: 1, pick: 3, hen: 17, element: 'chick', picksLeft: 4 });
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(
    'DROP TABLE IF EXISTS bench_entry; CREATE TABLE bench_entry (id BIGSERIAL PRIMARY KEY, body TEXT NOT NULL)',
  );
  const rate = async (connections: number): Promise<number> => {
    const clients = await Promise.all(
      Array.from({ length: connections }, async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        return c;
      }),
    );
    let n = 0;
    const t0 = performance.now();
    const end = t0 + seconds * 1000;
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < end) {
          await c.query({ name: 'bench-insert', text: 'INSERT INTO bench_entry (body) VALUES ($1)', values: [body] });
          n++;
        }
      }),
    );
    const per = n / ((performance.now() - t0) / 1000);
    await Promise.all(clients.map((c) => c.end()));
    return per;
  };
  try {
    return { oneConnectionTxPerSecond: await rate(1), eightConnectionsTxPerSecond: await rate(8) };
  } finally {
    await setup.query('DROP TABLE IF EXISTS bench_entry').catch(() => {});
    await setup.end();
  }
}

/** The PIDs of a PostgreSQL server: the postmaster and every process it forked (backends, WAL writer, checkpointer …). */
export async function postgresPids(postmaster: number): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids = [postmaster];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
