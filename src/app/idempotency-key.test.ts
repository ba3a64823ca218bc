import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('sort in the order they are made, across a change in the number of base-36 digits', () => {
    const times = [0, 35, 36, 1_700_000_000_000, 1_800_000_000_000, 36 ** 9 - 1];
    const keys = times.map((t) => newIdempotencyKey(t));
    expect([...keys].sort()).toEqual(keys);
  });

  it('are unique when made in the same millisecond, and short enough for the server (≤ 128 characters)', () => {
    const keys = Array.from({ length: 1000 }, () => newIdempotencyKey(1_765_000_000_000));
    expect(new Set(keys).size).toBe(1000);
    for (const k of keys) expect(k).toMatch(/^[0-9a-z]{9}-[0-9a-f-]{36}$/);
  });
});
