import { afterEach, describe, expect, it, vi } from 'vitest';
import { PgStorage } from './pg-storage';
import { PlayersWait } from './players-wait';
import { describeOnPostgres } from './postgres-suite';

describe('PlayersWait: when the next group starts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for as many requests as the last group held on top of those waiting, and ends when they are there', () => {
    vi.useFakeTimers();
    const timeUp = vi.fn();
    const wait = new PlayersWait(4, timeUp);
    // A group of 5 committed while 2 others came: it waits for 7.
    expect(wait.startNow(5, 2, 256)).toBe(false);
    expect(wait.waiting).toBe(true);
    expect(wait.ready(6)).toBe(false);
    expect(wait.ready(7)).toBe(true);
    wait.end(7);
    expect(wait.waiting).toBe(false);
    expect([wait.waits, wait.filled]).toEqual([1, 1]);
    vi.advanceTimersByTime(10);
    expect(timeUp).not.toHaveBeenCalled();
  });

  it('starts at once when a group of the largest size already waits', () => {
    const wait = new PlayersWait(4, () => {});
    expect(wait.startNow(3, 256, 256)).toBe(true);
    expect(wait.startNow(256, 256, 256)).toBe(true);
    expect(wait.waits).toBe(0);
  });

  it('a wait that ran out is not repeated by the next group: a light load pays it at most every other group', () => {
    vi.useFakeTimers();
    const wait = new PlayersWait(4, () => wait.end(0));
    expect(wait.startNow(2, 0, 256)).toBe(false);
    vi.advanceTimersByTime(4);
    expect(wait.waiting).toBe(false);
    expect([wait.waits, wait.filled]).toEqual([1, 0]);
    expect(wait.startNow(1, 0, 256)).toBe(true);
    expect(wait.startNow(1, 0, 256)).toBe(false);
    expect(wait.waits).toBe(2);
  });

  it('never waits when its longest wait is 0', () => {
    const wait = new PlayersWait(0, () => {});
    expect(wait.startNow(10, 0, 256)).toBe(true);
    expect(wait.waiting).toBe(false);
  });
});

describeOnPostgres('groups of players who answer at once', (backend) => {
  it('players sending their next request 1-3 ms after their reply are grouped whole, not in turns', async () => {
    const storage = await PgStorage.open(await backend().create());
    try {
      const players = 9;
      const rounds = 8;
      const g0 = storage.groups;
      const r0 = storage.groupedRequests;
      await Promise.all(
        Array.from({ length: players }, async (_, i) => {
          for (let r = 0; r < rounds; r++) {
            await storage.transact(async () => r, { play: false });
            // Three moments a millisecond apart: without the wait, each would start a group of its own.
            await new Promise((done) => setTimeout(done, 1 + (i % 3)));
          }
        }),
      );
      const groups = storage.groups - g0;
      expect(storage.groupedRequests - r0).toBe(players * rounds);
      // Every round one group of all nine, give or take a group split at the start.
      expect(groups).toBeLessThanOrEqual(rounds + 2);
      expect(storage.playersWait.filled).toBeGreaterThanOrEqual(rounds - 2);
    } finally {
      await storage.close();
    }
  });
});
