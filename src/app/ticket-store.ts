import type { BlockState, GameEvent } from '../core';

/** What survives a reload besides the ticket: the demo credit and where the block's dealing stands. */
export interface WalletRecord {
  readonly balanceCents: number;
  /** Null in demo mode, whose blocks are seeded and not kept. */
  readonly block: BlockState | null;
}

export interface SavedPlay {
  /** The journal of the current (or last) ticket; null before the first ticket. */
  readonly journal: readonly GameEvent[] | null;
  readonly wallet: WalletRecord;
}

/**
 * Where the session keeps the current ticket's journal and the wallet. `saveJournal` stores both together (one
 * write, so a prize is never credited without the journal that won it) and is awaited before the scene is told:
 * a ticket seen on screen is a ticket on record. The IndexedDB store implements this same interface.
 */
export interface TicketStore {
  saveJournal(journal: readonly GameEvent[] | null, wallet: WalletRecord): Promise<void>;
  load(): Promise<SavedPlay | null>;
}

/** Keeps everything in memory: right for the demo and for tests; lost on reload. */
export class MemoryTicketStore implements TicketStore {
  private saved: SavedPlay | null = null;

  async saveJournal(journal: readonly GameEvent[] | null, wallet: WalletRecord): Promise<void> {
    // A copy: the game keeps appending to its own array.
    this.saved = structuredClone({ journal: journal ? [...journal] : null, wallet });
  }

  async load(): Promise<SavedPlay | null> {
    return this.saved ? structuredClone(this.saved) : null;
  }
}
