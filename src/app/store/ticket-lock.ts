/**
 * One tab plays the ticket at a time. With Web Locks (every current browser, secure contexts: https, localhost,
 * 127.0.0.1), the tab that gets the lock 'poule-ticket' holds it until it releases it or the page goes (closed,
 * reloaded, crashed): the browser frees it then, so a power cut or a killed tab never leaves it stuck. A second tab
 * is told it is not the owner and must not play (it may wait for the lock with `wait: true`).
 *
 * Fallback when Web Locks is missing (old browsers, plain http on a LAN address): a lease in localStorage renewed
 * every second and valid for 4 s, released on pagehide. It is best effort: two tabs claiming in the same instant can
 * both win (localStorage has no compare-and-set), and a tab frozen in the background for over 4 s loses its lease.
 * Without localStorage either, the tab plays alone, unguarded (mode 'none'), and the app should say so.
 */
export const TICKET_LOCK_NAME = 'poule-ticket';
export const LEASE_KEY = 'poule-ticket-lease';
const LEASE_MS = 4000;
const RENEW_MS = 1000;

export interface TicketLock {
  /** This tab owns the ticket and may play it. */
  readonly owner: boolean;
  readonly mode: 'web-locks' | 'lease' | 'none';
  /** Gives the ticket up (e.g. before navigating to another screen that must not play). */
  release(): void;
}

export interface LockOptions {
  /** Web Locks; `null` to force the fallback (tests). Defaults to navigator.locks. */
  readonly locks?: LockManager | null;
  /** For the fallback; `null` for none. Defaults to localStorage. */
  readonly storage?: Storage | null;
  readonly now?: () => number;
  /** Wait for the lock rather than give up at once (Web Locks only; the lease fallback never waits). */
  readonly wait?: boolean;
}

const defaultLocks = (): LockManager | null => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null);
const defaultStorage = (): Storage | null => {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null; // SecurityError where storage is blocked
  }
};

export function claimTicket(options: LockOptions = {}): Promise<TicketLock> {
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  if (locks) return claimWithWebLocks(locks, options.wait ?? false);
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  if (storage) return Promise.resolve(claimLease(storage, options.now ?? Date.now));
  return Promise.resolve({ owner: true, mode: 'none', release: () => undefined });
}

function claimWithWebLocks(locks: LockManager, wait: boolean): Promise<TicketLock> {
  return new Promise((resolve, reject) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    locks
      .request(TICKET_LOCK_NAME, wait ? {} : { ifAvailable: true }, async (lock) => {
        if (!lock) {
          resolve({ owner: false, mode: 'web-locks', release: () => undefined });
          return;
        }
        resolve({ owner: true, mode: 'web-locks', release });
        // Held while this promise is pending: until release() or the page goes.
        await held;
      })
      .catch(reject);
  });
}

interface Lease {
  readonly tab: string;
  readonly until: number;
}

function readLease(storage: Storage): Lease | null {
  try {
    const v: unknown = JSON.parse(storage.getItem(LEASE_KEY) ?? 'null');
    const l = v as Partial<Lease> | null;
    return l && typeof l.tab === 'string' && typeof l.until === 'number' ? { tab: l.tab, until: l.until } : null;
  } catch {
    return null;
  }
}

function claimLease(storage: Storage, now: () => number): TicketLock {
  const tab = `${now()}-${globalThis.crypto.randomUUID()}`;
  const current = readLease(storage);
  if (current && current.tab !== tab && current.until > now()) return { owner: false, mode: 'lease', release: () => undefined };
  const write = (): void => storage.setItem(LEASE_KEY, JSON.stringify({ tab, until: now() + LEASE_MS }));
  write();
  // Re-read: of two tabs writing together, the later write wins and the other sees it is not the owner.
  if (readLease(storage)?.tab !== tab) return { owner: false, mode: 'lease', release: () => undefined };
  const timer = setInterval(() => {
    if (readLease(storage)?.tab === tab) write();
  }, RENEW_MS);
  const release = (): void => {
    clearInterval(timer);
    if (readLease(storage)?.tab === tab) storage.removeItem(LEASE_KEY);
    if (typeof removeEventListener === 'function') removeEventListener('pagehide', release);
  };
  if (typeof addEventListener === 'function') addEventListener('pagehide', release);
  return { owner: true, mode: 'lease', release };
}
