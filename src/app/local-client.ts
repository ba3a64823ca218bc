import {
  BlockDealer,
  type Command,
  credit,
  DEFAULT_PRIZE_TABLE,
  formatSerial,
  Game,
  newWallet,
  payForTicket,
  type Wallet,
} from '../core';
// The seeded generator: demo tickets only (the attract loop's demo tickets reach it too, from src/app/modes/).
import { SeededSource } from '../core/seeded-source';
import {
  type BalanceView,
  type HistoryView,
  type SessionView,
  shownEvents,
  type TicketUpdate,
} from '../protocol/messages';
import { type Answer, answered, type ConnectionState, type PlayClient, refused } from './play-client';

/**
 * The demo (`?demo=1&seed=N`): the core in this page's memory, dealing and drawing from one seeded stream, so a seed
 * plays the same tickets again. Nothing is saved, filed or metered; the credit lives only in the page. It answers
 * exactly as the server would (shown events, refusals by code), so the session has one path for both.
 */
export class LocalClient implements PlayClient {
  readonly kind = 'local' as const;
  readonly connection: ConnectionState = { status: 'local', pending: 0, retries: 0 };
  private readonly dealer = new BlockDealer(DEFAULT_PRIZE_TABLE);
  private readonly source: SeededSource;
  private wallet: Wallet = newWallet();
  private game: Game | null = null;
  private seq = 1;

  constructor(seed: number) {
    this.source = SeededSource.fromSeed(seed);
  }

  onConnection(): () => void {
    return () => undefined;
  }

  async open(): Promise<Answer<SessionView>> {
    const g = this.game && this.game.phase !== 'ended' ? this.game : null;
    return answered({
      kind: 'player',
      balanceCents: this.wallet.balanceCents,
      ticket: g
        ? {
            id: formatSerial(g.ticket.serial),
            nextSeq: this.seq,
            events: shownEvents(g.journal),
            snapshot: g.snapshot(),
          }
        : null,
      recent: [],
    });
  }

  async buy(): Promise<Answer<TicketUpdate>> {
    if (this.game && this.game.phase !== 'ended') return refused('ticket-in-play', 'a ticket is already in play');
    const paid = payForTicket(this.wallet);
    if (!paid.ok) return refused('balance-too-low', paid.error.message);
    this.wallet = paid.value;
    const game = Game.start(this.dealer.deal(this.source), this.source);
    this.game = game;
    this.seq = 1;
    return answered(this.update(game, game.journal));
  }

  async command(ticket: string, seq: number, command: Command): Promise<Answer<TicketUpdate>> {
    const game = this.game;
    if (!game || formatSerial(game.ticket.serial) !== ticket)
      return refused('ticket-not-found', `no ticket ${ticket} in play`);
    if (seq !== this.seq) return refused('seq-out-of-order', `expected seq ${this.seq}, got ${seq}`);
    const r = game.command(command);
    if (!r.ok)
      return refused(
        r.error.code === 'wrong-source' || r.error.code === 'journal-inconsistent' ? 'internal' : r.error.code,
        r.error.message,
      );
    this.seq++;
    const end = r.value.find((e) => e.type === 'ticketEnded');
    if (end && end.prizeCents > 0) {
      const paid = credit(this.wallet, end.prizeCents);
      if (paid.ok) this.wallet = paid.value;
    }
    return answered(this.update(game, r.value));
  }

  async topUp(): Promise<Answer<BalanceView>> {
    const start = newWallet().balanceCents;
    if (this.wallet.balanceCents >= start)
      return refused('top-up-not-needed', 'the balance is already at the starting credit');
    this.wallet = newWallet(start);
    return answered({ balanceCents: this.wallet.balanceCents });
  }

  async history(): Promise<Answer<HistoryView>> {
    return answered({ recent: [] });
  }

  private update(game: Game, events: Parameters<typeof shownEvents>[0]): TicketUpdate {
    return {
      ticket: formatSerial(game.ticket.serial),
      nextSeq: this.seq,
      events: shownEvents(events),
      snapshot: game.snapshot(),
      balanceCents: this.wallet.balanceCents,
    };
  }
}
