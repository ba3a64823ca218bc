import { Game, type RandomSource } from '../core';
import type { StorageTx } from './storage/storage';

/** Open tickets kept in memory between commands; at most this many (the oldest are dropped, and rebuilt when asked). */
const MAX_OPEN_GAMES = 20_000;

/**
 * The games of open tickets, so a command does not re-read and re-fold its whole journal. A game missing here (after
 * a restart, an eviction or a rollback) is rebuilt from its stored journal, drawing nothing; a journal that does not
 * fold stops that ticket (fail closed).
 */
export class OpenGames {
  private readonly games = new Map<string, Game>();

  constructor(private readonly source: RandomSource) {}

  get(tx: StorageTx, ticketId: string): Game {
    const held = this.games.get(ticketId);
    if (held) return held;
    const rebuilt = Game.fromJournal(tx.journal(ticketId), this.source);
    if (!rebuilt.ok) throw new Error(`ticket ${ticketId}: its journal does not fold: ${rebuilt.error.message}`);
    this.set(ticketId, rebuilt.value);
    return rebuilt.value;
  }

  set(ticketId: string, game: Game): void {
    if (this.games.size >= MAX_OPEN_GAMES) {
      const oldest = this.games.keys().next();
      if (!oldest.done) this.games.delete(oldest.value);
    }
    this.games.set(ticketId, game);
  }

  drop(ticketId: string): void {
    this.games.delete(ticketId);
  }

  clear(): void {
    this.games.clear();
  }
}
