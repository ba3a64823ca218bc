/**
 * Test-only fault injection for the kill test (off unless the environment asks): the server kills itself with SIGKILL
 * just before, or just after, the N-th committed transaction that holds play (a buy, a command or a top-up), before any
 * reply of that transaction is written.
 *   POULE_CRASH_BEFORE_COMMIT=N   the N-th such transaction is lost (killed before its COMMIT)
 *   POULE_CRASH_AFTER_COMMIT=N    the N-th such transaction is durable but none of its replies leaves
 */
export interface Faults {
  beforeCommit(): void;
  afterCommit(): void;
}

export const NO_FAULTS: Faults = { beforeCommit() {}, afterCommit() {} };

function readCount(env: NodeJS.ProcessEnv, name: string): number | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number ≥ 1, got ${JSON.stringify(raw)}`);
  return n;
}

const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL sent');
};

export function faultsFromEnv(env: NodeJS.ProcessEnv = process.env): Faults {
  const before = readCount(env, 'POULE_CRASH_BEFORE_COMMIT');
  const after = readCount(env, 'POULE_CRASH_AFTER_COMMIT');
  if (before === null && after === null) return NO_FAULTS;
  let commitsBefore = 0;
  let commitsAfter = 0;
  return {
    beforeCommit() {
      if (before !== null && ++commitsBefore === before) die();
    },
    afterCommit() {
      if (after !== null && ++commitsAfter === after) die();
    },
  };
}
