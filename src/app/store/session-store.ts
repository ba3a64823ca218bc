import type { GameEvent } from '../../core/events';
import { canonicalJson } from '../../core/save-format';
import type { SavedPlay, TicketStore, WalletRecord as SessionWallet } from '../ticket-store';
import type { GameStore } from './game-store';
import type { StoreError, StoreErrorCode } from './idb';
import type { StoreProblem } from './verify-records';

/** A save that did not happen; the session must not show the events it was saving. */
export class StoreWriteError extends Error {
  readonly code: StoreErrorCode;
  constructor(error: StoreError) {
    super(error.message);
    this.name = 'StoreWriteError';
    this.code = error.code;
  }
}

const serialOf = (j: readonly GameEvent[] | null): string | null => (j?.[0]?.type === 'ticketIssued' ? `${j[0].ticket.serial.block}-${j[0].ticket.serial.index}` : null);
const ended = (j: readonly GameEvent[]): boolean => j.some((e) => e.type === 'ticketEnded');

/**
 * The IndexedDB store behind the session's TicketStore interface (src/app/ticket-store.ts), for real play.
 * The session says "here is the journal and the wallet as they are now"; this works out which store operation that
 * is — a new ticket (startTicket: stake, block), the next command (saveCurrent), the end (finishTicket: history,
 * meters, prize), or a top-up — and then checks that the store's balance, computed on its own, is the session's.
 * Demo games stay in MemoryTicketStore: a seeded journal is refused here.
 */
export class IndexedDbTicketStore implements TicketStore {
  /** What load() found wrong and set aside, for the screen to tell the player. */
  problems: readonly StoreProblem[] = [];
  private filed: string | null = null;

  constructor(readonly store: GameStore) {}

  async load(): Promise<SavedPlay | null> {
    const r = await this.store.load();
    if (!r.ok) throw new StoreWriteError(r.error);
    this.problems = r.value.problems;
    this.filed = serialOf(r.value.history[0]?.journal ?? null);
    const { current, block } = r.value;
    let wallet = r.value.wallet;
    if (current && current.draws === 'crypto' && ended(current.journal)) {
      // The power went after the ticket's last event was saved and before it was filed: file it now (prize paid once).
      wallet = must(await this.store.finishTicket(current.journal)).wallet;
      this.filed = serialOf(current.journal);
    }
    return { journal: current?.journal ?? null, wallet: { balanceCents: wallet.balanceCents, block } };
  }

  async saveJournal(journal: readonly GameEvent[] | null, wallet: SessionWallet): Promise<void> {
    const first = journal?.[0];
    if (first?.type === 'ticketIssued' && first.draws !== 'crypto') {
      throw new StoreWriteError({ code: 'refused', message: 'demo games are not kept in IndexedDB: use MemoryTicketStore' });
    }
    const serial = serialOf(journal);
    if (journal && serial !== this.filed) {
      if (serialOf(this.store.current?.journal ?? null) !== serial) {
        must(await this.store.startTicket(journal, { block: wallet.block }));
      } else if (wallet.block && canonicalJson(wallet.block) !== canonicalJson(this.store.block)) {
        must(await this.store.saveBlock(wallet.block));
      }
      if (ended(journal)) {
        must(await this.store.finishTicket(journal));
        this.filed = serial;
      } else if (journal.length > this.store.current!.journal.length) {
        must(await this.store.saveCurrent(journal));
      }
    }
    // What is left is money the session added on its own: a top-up.
    const diff = wallet.balanceCents - this.store.wallet!.balanceCents;
    if (diff > 0) must(await this.store.topUp(diff));
    if (diff < 0) {
      throw new StoreWriteError({
        code: 'refused',
        message: `the session's balance ${wallet.balanceCents} cents is below the store's ${this.store.wallet!.balanceCents}: money cannot vanish`,
      });
    }
  }
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: StoreError }): T {
  if (!r.ok) throw new StoreWriteError(r.error);
  return r.value;
}
