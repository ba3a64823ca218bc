import { describe, expect, it } from 'vitest';
import {
  appendErrorLog,
  ERROR_LOG_KEY,
  ERROR_LOG_SIZE,
  type ErrorLogEntry,
  type LogStorage,
  readErrorLog,
} from '../app/log-ring';

/** The support log (src/app/log-ring.ts): a ring of the last errors that never throws while reporting one. */
const memory = (): LogStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};
const entry = (n: number): ErrorLogEntry => ({
  at: `t${n}`,
  kind: 'error',
  message: `boom ${n}`,
  stack: null,
  context: { serial: '000001-000002' },
});

describe('the support log', () => {
  it('keeps the last entries, oldest first, as JSON under its key', () => {
    const s = memory();
    for (let n = 0; n < ERROR_LOG_SIZE + 5; n++) appendErrorLog(s, entry(n));
    const log = readErrorLog(s);
    expect(log).toHaveLength(ERROR_LOG_SIZE);
    expect(log[0]!.message).toBe('boom 5');
    expect(log.at(-1)!.message).toBe(`boom ${ERROR_LOG_SIZE + 4}`);
    expect(JSON.parse(s.data.get(ERROR_LOG_KEY)!)).toEqual(log);
  });

  it('starts again from a log edited into nonsense, and loses an entry rather than throw when storage refuses', () => {
    const s = memory();
    s.data.set(ERROR_LOG_KEY, '{not json');
    expect(readErrorLog(s)).toEqual([]);
    appendErrorLog(s, entry(1));
    expect(readErrorLog(s)).toEqual([entry(1)]);
    const full: LogStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => appendErrorLog(full, entry(2))).not.toThrow();
  });
});
