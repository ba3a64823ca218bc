import type { BlockState } from '../core';
import type { Busy } from './busy';
import type { DrawSetup } from './modes/play-mode';
import { askPersistentStorage, claimTicket, IndexedDbTicketStore, openStore, StoreWriteError, type StoreProblem, type TicketLock } from './store';
import { TicketSession } from './ticket-session';
import { MemoryTicketStore, type TicketStore } from './ticket-store';

/**
 * Where this tab keeps its tickets, decided once at start:
 *   'kept'        real play (and kiosk) over IndexedDB: every draw is on disk before it is shown
 *   'demo'        demo games stay in memory: seeded, never charged, filed nor metered
 *   'unavailable' storage refused or full at start: the game plays, nothing survives a reload
 *   'other-tab'   another tab owns the ticket (Web Locks): this one does not play
 *   'stopped'     a save failed during play: the session stopped, nothing unsaved was shown
 */
export type StorageStatus = 'kept' | 'demo' | 'unavailable' | 'other-tab' | 'stopped';

export interface StorageFailure {
  readonly code: string;
  readonly message: string;
}

export class Persistence {
  status: StorageStatus;
  failure: StorageFailure | null = null;
  /** What load() found wrong and set aside (in quarantine). */
  problems: readonly StoreProblem[] = [];
  /** The serial of a ticket found unfinished on start and resumed. */
  resumedSerial: string | null = null;
  private listeners = new Set<() => void>();

  constructor(
    status: StorageStatus,
    readonly idb: IndexedDbTicketStore | null,
    readonly lock: TicketLock | null,
    readonly persisted: 'persisted' | 'best-effort' | 'unsupported' | null,
  ) {
    this.status = status;
  }

  /** The store the session writes to: IndexedDB when kept, memory otherwise. */
  ticketStore: TicketStore = new MemoryTicketStore();

  /** Whether this tab may buy and play tickets. */
  get canPlay(): boolean {
    return this.status !== 'other-tab' && this.status !== 'stopped';
  }

  /** The IndexedDB store while tickets are kept (the history and the meters come from it). */
  get kept(): IndexedDbTicketStore | null {
    return this.status === 'kept' || this.status === 'stopped' ? this.idb : null;
  }

  onChange(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Storage failed: at start the game falls back to memory; during play the session has stopped. */
  fail(e: unknown, status: 'unavailable' | 'stopped'): void {
    this.failure = e instanceof StoreWriteError ? { code: e.code, message: e.message } : { code: 'other', message: e instanceof Error ? e.message : String(e) };
    this.status = status;
    if (status === 'unavailable') this.ticketStore = new MemoryTicketStore();
    for (const l of this.listeners) l();
  }
}

/** Claims the ticket for this tab and opens the store (real play); demo games get memory. Never throws. */
export async function openPersistence(demo: boolean, demoStore: TicketStore = new MemoryTicketStore()): Promise<Persistence> {
  if (demo) {
    const p = new Persistence('demo', null, null, null);
    p.ticketStore = demoStore;
    return p;
  }
  const lock = await claimTicket().catch((): TicketLock => ({ owner: true, mode: 'none', release: () => undefined }));
  if (!lock.owner) return new Persistence('other-tab', null, lock, null);
  // Only reported; a browser that would prompt for it must not hold the game's start.
  const persisted = await Promise.race([askPersistentStorage(), new Promise<'best-effort'>((r) => setTimeout(() => r('best-effort'), 1500))]);
  const opened = await openStore().catch((e: unknown) => ({ ok: false as const, error: { code: 'storage-unavailable' as const, message: String(e) } }));
  if (!opened.ok) {
    const p = new Persistence('kept', null, lock, persisted);
    p.fail(new StoreWriteError(opened.error), 'unavailable');
    return p;
  }
  const idb = new IndexedDbTicketStore(opened.value);
  const p = new Persistence('kept', idb, lock, persisted);
  p.ticketStore = idb;
  return p;
}

/**
 * Opens the session over the persistence's store. A store that cannot be read (storage refused after opening) is
 * reported and the game starts over memory; a save that fails later stops the session and is reported too.
 */
export async function openSession(
  p: Persistence,
  makeDraws: (saved: BlockState | null) => DrawSetup,
  busy: Busy,
): Promise<{ session: TicketSession; problem: string | null }> {
  let opened: { session: TicketSession; problem: string | null };
  try {
    opened = await TicketSession.open(p.ticketStore, makeDraws, busy);
    if (p.idb && p.ticketStore === p.idb) p.problems = p.idb.problems;
  } catch (e) {
    console.error('saved tickets could not be read', e);
    p.fail(e, 'unavailable');
    opened = await TicketSession.open(p.ticketStore, makeDraws, busy);
  }
  const s = opened.session.snapshot();
  if (s && opened.session.ticketInPlay && p.status === 'kept') p.resumedSerial = `${s.serial.block}-${s.serial.index}`;
  opened.session.onStop((e) => p.fail(e, 'stopped'));
  return opened;
}

/** The other tab went: wait for the ticket's lock in the background, then call `then` (the page reloads to play). */
export function waitForTicket(then: () => void): void {
  void claimTicket({ wait: true })
    .then((lock) => {
      lock.release();
      then();
    })
    .catch(() => undefined);
}
