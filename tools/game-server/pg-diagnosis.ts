/**
 * Where the CPU of a run on PostgreSQL goes, for the server bench: over the measuring window, the CPU time and the
 * context switches of each server instance and of PostgreSQL's processes (backends and the others), of the load
 * generator itself, the transactions committed (so commands per transaction), each instance's own groups (it prints
 * them on SIGUSR2 when started with POULE_PG_GROUP_STATS=1), and — when pg_stat_statements is loaded — the
 * statements that took the most time, lock waits included (a statement waiting for a row lock counts its wait).
 */
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import type { RunningServer } from './server-process';

/** CPU time (ms) and context switches of one process, from /proc (Linux). */
export interface ProcCounters {
  readonly cpuMs: number;
  /** Of which in the kernel (system calls: sockets, epoll, futexes). */
  readonly sysMs: number;
  readonly voluntary: number;
  readonly nonvoluntary: number;
}

const TICKS = 100;

export async function procCounters(pid: number | 'self'): Promise<ProcCounters | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return {
      cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / TICKS,
      sysMs: (Number(f[12]) * 1000) / TICKS,
      voluntary: field('voluntary_ctxt_switches'),
      nonvoluntary: field('nonvoluntary_ctxt_switches'),
    };
  } catch {
    return null;
  }
}

const ZERO: ProcCounters = { cpuMs: 0, sysMs: 0, voluntary: 0, nonvoluntary: 0 };
const minus = (a: ProcCounters, b: ProcCounters | undefined): ProcCounters => ({
  cpuMs: a.cpuMs - (b?.cpuMs ?? 0),
  sysMs: a.sysMs - (b?.sysMs ?? 0),
  voluntary: a.voluntary - (b?.voluntary ?? 0),
  nonvoluntary: a.nonvoluntary - (b?.nonvoluntary ?? 0),
});
const plus = (a: ProcCounters, b: ProcCounters): ProcCounters => ({
  cpuMs: a.cpuMs + b.cpuMs,
  sysMs: a.sysMs + b.sysMs,
  voluntary: a.voluntary + b.voluntary,
  nonvoluntary: a.nonvoluntary + b.nonvoluntary,
});

/** PostgreSQL's processes by pid, each with its kind: 'backend' (a client's connection) or its title. */
async function postgresProcesses(postmaster: number): Promise<Map<number, string>> {
  const out = new Map<number, string>([[postmaster, 'postmaster']]);
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== postmaster) continue;
      const title = (await readFile(`/proc/${name}/cmdline`, 'utf8')).replace(/\0/g, ' ').trim();
      out.set(
        Number(name),
        /postgres: \S+ \S+ (\S+\(|\[local\])/.test(title) ? 'backend' : title.replace(/^postgres: /, ''),
      );
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** One instance's groups over the window, as it printed them. */
export interface GroupStats {
  readonly groups: number;
  readonly commands: number;
  readonly retries: number;
  /** Groups that held the open block's row, the ms they held it, and of those the ms before their COMMIT was sent. */
  readonly blockHolds: number;
  readonly blockHeldMs: number;
  readonly blockHeldBeforeCommitMs: number;
  /** Waits for a group's players before the next group: begun, ended by the players all back, and ms waited. */
  readonly playersWaits: number;
  readonly playersWaitsFilled: number;
  readonly playersWaitedMs: number;
}

export interface PgDiagnosis {
  readonly instances: readonly (ProcCounters & { readonly groups: GroupStats | null })[];
  readonly postgres: ProcCounters;
  readonly backends: ProcCounters;
  readonly generator: ProcCounters;
  readonly transactions: number;
  /** The statements that took most time (µs per command), when pg_stat_statements is loaded. */
  readonly statements: readonly { readonly us: number; readonly calls: number; readonly query: string }[];
}

const GROUP_LINE = /pg-groups (\{[^\n]*\})/g;

function lastGroupStats(text: string): GroupStats | null {
  let last: GroupStats | null = null;
  for (const m of text.matchAll(GROUP_LINE)) last = JSON.parse(m[1]!) as GroupStats;
  return last;
}

/**
 * Asks each instance for its group counters and waits (briefly) for the answers. Only an instance that printed them
 * at its start is asked: SIGUSR2 would end one that does not listen for it (a server of older code).
 */
async function groupStatsOf(servers: readonly RunningServer[]): Promise<(GroupStats | null)[]> {
  const before = servers.map((s) => [...s.stderr().matchAll(GROUP_LINE)].length);
  const asked = servers.filter((_, k) => before[k]! > 0);
  for (const s of asked) s.child.kill('SIGUSR2');
  for (let i = 0; i < 50 && asked.length > 0; i++) {
    if (servers.every((s, k) => before[k] === 0 || [...s.stderr().matchAll(GROUP_LINE)].length > before[k]!)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return servers.map((s) => lastGroupStats(s.stderr()));
}

function minusGroups(a: GroupStats, b: GroupStats): GroupStats {
  return {
    groups: a.groups - b.groups,
    commands: a.commands - b.commands,
    retries: a.retries - b.retries,
    blockHolds: (a.blockHolds ?? 0) - (b.blockHolds ?? 0),
    blockHeldMs: (a.blockHeldMs ?? 0) - (b.blockHeldMs ?? 0),
    blockHeldBeforeCommitMs: (a.blockHeldBeforeCommitMs ?? 0) - (b.blockHeldBeforeCommitMs ?? 0),
    playersWaits: (a.playersWaits ?? 0) - (b.playersWaits ?? 0),
    playersWaitsFilled: (a.playersWaitsFilled ?? 0) - (b.playersWaitsFilled ?? 0),
    playersWaitedMs: (a.playersWaitedMs ?? 0) - (b.playersWaitedMs ?? 0),
  };
}

export class DiagnosisWindow {
  private admin: pg.Client | null = null;
  private statementsLoaded = false;
  private from = new Map<number, ProcCounters>();
  private kinds = new Map<number, string>();
  private groupsFrom: (GroupStats | null)[] = [];
  private xactsFrom = 0;
  private result: PgDiagnosis | null = null;

  constructor(
    private readonly servers: readonly RunningServer[],
    private readonly postmaster: number,
    private readonly url: string,
  ) {}

  private async xacts(): Promise<number> {
    const r = await this.admin!.query<{ n: string }>(
      'SELECT sum(xact_commit + xact_rollback) AS n FROM pg_stat_database',
    );
    return Number(r.rows[0]!.n);
  }

  private async counters(): Promise<Map<number, ProcCounters>> {
    const m = new Map<number, ProcCounters>();
    for (const pid of [...this.servers.map((s) => s.pid), ...this.kinds.keys()]) {
      const c = await procCounters(pid);
      if (c) m.set(pid, c);
    }
    const self = await procCounters('self');
    if (self) m.set(-1, self);
    return m;
  }

  async open(): Promise<void> {
    this.admin = new pg.Client({ connectionString: this.url });
    // A run that fails stops the database with this connection still open: its end must not crash the bench.
    this.admin.on('error', () => {});
    await this.admin.connect();
    const loaded = await this.admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_extension WHERE extname = 'pg_stat_statements'",
    );
    this.statementsLoaded = Number(loaded.rows[0]!.n) > 0;
    if (this.statementsLoaded) await this.admin.query('SELECT pg_stat_statements_reset()');
    this.groupsFrom = await groupStatsOf(this.servers);
    this.kinds = await postgresProcesses(this.postmaster);
    this.xactsFrom = await this.xacts();
    this.from = await this.counters();
  }

  async close(commands: () => number): Promise<void> {
    const to = await this.counters();
    const transactions = (await this.xacts()) - this.xactsFrom;
    const groups = await groupStatsOf(this.servers);
    const delta = (pid: number): ProcCounters => (to.has(pid) ? minus(to.get(pid)!, this.from.get(pid)) : ZERO);
    let postgres = ZERO;
    let backends = ZERO;
    for (const [pid, kind] of this.kinds) {
      postgres = plus(postgres, delta(pid));
      if (kind === 'backend') backends = plus(backends, delta(pid));
    }
    const statements: { us: number; calls: number; query: string }[] = [];
    if (this.statementsLoaded) {
      const n = Math.max(1, commands());
      const top = await this.admin!.query<{ calls: string; total: number; query: string }>(
        `SELECT calls, total_exec_time + total_plan_time AS total, query FROM pg_stat_statements
           ORDER BY total_exec_time + total_plan_time DESC LIMIT 8`,
      );
      for (const r of top.rows)
        statements.push({ us: (Number(r.total) * 1000) / n, calls: Number(r.calls) / n, query: r.query });
    }
    await this.admin!.end();
    this.result = {
      instances: this.servers.map((s, i) => {
        const g = groups[i];
        const g0 = this.groupsFrom[i];
        return {
          ...delta(s.pid),
          groups: g && g0 ? minusGroups(g, g0) : null,
        };
      }),
      postgres,
      backends,
      generator: delta(-1),
      transactions,
      statements,
    };
  }

  figures(): PgDiagnosis | null {
    return this.result;
  }
}

/** The diagnosis as lines, per durable command. */
export function formatDiagnosis(d: PgDiagnosis, commands: number): string[] {
  const per = (x: number): string => (commands > 0 ? ((x * 1000) / commands).toFixed(0) : 'n/a');
  const cs = (c: ProcCounters): string =>
    `(system ${per(c.sysMs)}), ${(c.voluntary / commands).toFixed(2)} + ${(c.nonvoluntary / commands).toFixed(2)} switches/cmd (voluntary + not)`;
  const instances = d.instances.reduce((a, b) => plus(a, b), ZERO);
  const lines = [
    `  where the CPU went, per command (${commands} commands in the window):`,
    `    instances    ${per(instances.cpuMs).padStart(5)} µs   ${cs(instances)}`,
    ...d.instances.map((c, i) => {
      const g = c.groups;
      const holds =
        g && g.blockHolds > 0
          ? `; block row held by ${g.blockHolds} groups, ${(g.blockHeldMs / g.blockHolds).toFixed(2)} ms each (${(g.blockHeldBeforeCommitMs / g.blockHolds).toFixed(2)} before the COMMIT was sent)`
          : '';
      const waits =
        g && g.playersWaits > 0
          ? `; waited for their players ${g.playersWaits} times, ${((100 * g.playersWaitsFilled) / g.playersWaits).toFixed(0)} % until all came, ${(g.playersWaitedMs / g.playersWaits).toFixed(2)} ms each`
          : '';
      const groups = g
        ? `; ${g.groups} groups, ${(g.commands / Math.max(1, g.groups)).toFixed(1)} commands each${g.retries ? `, ${g.retries} retried` : ''}${waits}${holds}`
        : '';
      return `      #${i + 1}        ${per(c.cpuMs).padStart(5)} µs   ${cs(c)}${groups}`;
    }),
    `    PostgreSQL   ${per(d.postgres.cpuMs).padStart(5)} µs   ${cs(d.postgres)}`,
    `      backends   ${per(d.backends.cpuMs).padStart(5)} µs   ${cs(d.backends)}`,
    `    generator    ${per(d.generator.cpuMs).padStart(5)} µs   ${cs(d.generator)}`,
    `    transactions ${d.transactions} (${(commands / Math.max(1, d.transactions)).toFixed(1)} commands each)`,
  ];
  for (const s of d.statements)
    lines.push(
      `    ${s.us.toFixed(1).padStart(7)} µs/cmd ${s.calls.toFixed(3)} calls/cmd  ${s.query.replace(/\s+/g, ' ').slice(0, 100)}`,
    );
  return lines;
}
