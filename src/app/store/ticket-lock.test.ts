import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEASE_KEY, TICKET_LOCK_NAME, claimTicket } from './ticket-lock';

/** Web Locks' exclusive mode as the spec has it, for one origin: ifAvailable gives null at once when held; otherwise queue. */
class FakeLocks {
  private held = new Set<string>();
  private queue = new Map<string, (() => void)[]>();
  request(name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>): Promise<unknown> {
    if (this.held.has(name) && options.ifAvailable) return Promise.resolve(callback(null));
    return new Promise((resolve) => {
      const run = (): void => {
        this.held.add(name);
        void Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then((v) => {
          this.held.delete(name);
          this.queue.get(name)?.shift()?.();
          resolve(v);
        });
      };
      if (this.held.has(name)) this.queue.set(name, [...(this.queue.get(name) ?? []), run]);
      else run();
    });
  }
}
const asLocks = (l: FakeLocks): LockManager => l as unknown as LockManager; // only request() is used

class MemoryStorage {
  private m = new Map<string, string>();
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.m.set(k, v);
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
}
const asStorage = (s: MemoryStorage): Storage => s as unknown as Storage; // only get/set/removeItem are used

describe('one tab owns the ticket (Web Locks)', () => {
  it('the first tab gets it, a second is told it does not, and gets it once the first lets go', async () => {
    const locks = new FakeLocks();
    const first = await claimTicket({ locks: asLocks(locks) });
    const second = await claimTicket({ locks: asLocks(locks) });
    expect(first).toMatchObject({ owner: true, mode: 'web-locks' });
    expect(second).toMatchObject({ owner: false, mode: 'web-locks' });
    const waiting = claimTicket({ locks: asLocks(locks), wait: true });
    first.release();
    expect(await waiting).toMatchObject({ owner: true });
    expect(TICKET_LOCK_NAME).toBe('poule-ticket');
  });
});

describe('the fallback without Web Locks', () => {
  afterEach(() => vi.useRealTimers());

  it('a lease: the second tab is refused while the first renews it; free once released or expired', async () => {
    vi.useFakeTimers();
    let t = 1_000_000;
    const now = () => t;
    const storage = new MemoryStorage();
    const first = await claimTicket({ locks: null, storage: asStorage(storage), now });
    expect(first).toMatchObject({ owner: true, mode: 'lease' });
    t += 10_000;
    vi.advanceTimersByTime(10_000); // the first tab keeps renewing
    expect((await claimTicket({ locks: null, storage: asStorage(storage), now })).owner).toBe(false);
    first.release();
    expect(storage.getItem(LEASE_KEY)).toBeNull();
    const second = await claimTicket({ locks: null, storage: asStorage(storage), now });
    expect(second.owner).toBe(true);
    second.release();
    // A tab that died without releasing: its lease runs out after 4 s.
    storage.setItem(LEASE_KEY, JSON.stringify({ tab: 'gone', until: t + 4000 }));
    expect((await claimTicket({ locks: null, storage: asStorage(storage), now })).owner).toBe(false);
    t += 4001;
    const third = await claimTicket({ locks: null, storage: asStorage(storage), now });
    expect(third.owner).toBe(true);
    third.release();
  });

  it('with no storage at all, the tab plays alone and says so (mode none)', async () => {
    expect(await claimTicket({ locks: null, storage: null })).toMatchObject({ owner: true, mode: 'none' });
  });
});
