import { Game, type RandomSource } from '../core';
import type { StorageTx } from './storage/storage';

/** Open tickets kept in memory between commands; at most this many (the oldest are dropped, and rebuilt when asked). */
const MAX_OPEN_GAMES = 20_000;

interface Held {
  readonly game: Game;
  /** The seq the game expects next: a ticket row at another seq was moved on elsewhere (another instance). */
  nextSeq: number;
}

/**
 * The games of open tickets, so a command does not re-read and re-fold its whole journal. A game missing here (after
 * a restart, an eviction or a rollback), or held at another seq than its ticket's row (another server instance
 * played the ticket meanwhile), is rebuilt from its stored journal, drawing nothing; a journal that does not fold
 * stops that ticket (fail closed).
 */
export class OpenGames {
  private readonly games = new Map<string, Held>();

  constructor(private readonly source: RandomSource) {}

  async get(tx: StorageTx, ticketId: string, nextSeq: number): Promise<Game> {
    const held = this.games.get(ticketId);
    if (held && held.nextSeq === nextSeq) return held.game;
    const rebuilt = Game.fromJournal(await tx.journal(ticketId), this.source);
    if (!rebuilt.ok) throw new Error(`ticket ${ticketId}: its journal does not fold: ${rebuilt.error.message}`);
    this.set(ticketId, rebuilt.value, nextSeq);
    return rebuilt.value;
  }

  set(ticketId: string, game: Game, nextSeq: number): void {
    if (this.games.size >= MAX_OPEN_GAMES) {
      const oldest = this.games.keys().next();
      if (!oldest.done) this.games.delete(oldest.value);
    }
    this.games.set(ticketId, { game, nextSeq });
  }

  /** The held game took the command before `nextSeq`. */
  advanced(ticketId: string, nextSeq: number): void {
    const held = this.games.get(ticketId);
    if (held) held.nextSeq = nextSeq;
  }

  drop(ticketId: string): void {
    this.games.delete(ticketId);
  }

  clear(): void {
    this.games.clear();
  }
}
