import {
  credit,
  Game,
  newWallet,
  payForTicket,
  type GameError,
  type GameEvent,
  type GameSnapshot,
  type Result,
  type Wallet,
  type BlockState,
} from '../core';
import type { Busy } from './busy';
import type { DrawSetup } from './modes/play-mode';
import type { TicketStore, WalletRecord } from './ticket-store';

/** What the scene is told after a command: the new events, already on record, and the state they lead to. */
export interface SessionUpdate {
  readonly events: readonly GameEvent[];
  readonly snapshot: GameSnapshot;
  readonly balanceCents: number;
}

/** The scene's animation of an update; the session takes no command until it settles. */
export type SessionListener = (update: SessionUpdate) => void | Promise<void>;

/** 'not-saved': the store refused or failed the save; nothing of it was shown and the session has stopped. */
export type CommandOutcome = 'accepted' | 'refused' | 'dropped' | 'not-saved';
export type BuyOutcome = 'bought' | 'balance-too-low' | 'ticket-in-play' | 'dropped' | 'not-saved';

/**
 * One player's session: owns the Game and the wallet. Each command goes input → core → store (awaited) → listeners
 * (awaited) → idle. A command that arrives while the previous one is still being saved or shown is dropped, so a
 * double tap never costs two picks whatever the screen does.
 */
export class TicketSession {
  private game: Game | null = null;
  private listeners = new Set<SessionListener>();
  private working = false;
  /** Set when a save failed: the game in memory is ahead of the store, so it must not be shown nor played on. */
  private stoppedBy: Error | null = null;
  private stopListeners = new Set<(e: Error) => void>();
  private lastSaved: { snapshot: GameSnapshot | null; balanceCents: number } | null = null;

  private constructor(
    private readonly store: TicketStore,
    private readonly draws: DrawSetup,
    private readonly busy: Busy,
    private wallet: Wallet,
  ) {}

  /** Opens the session from what the store kept: the wallet, and the last ticket if it was left unfinished. */
  static async open(
    store: TicketStore,
    makeDraws: (savedBlock: BlockState | null) => DrawSetup,
    busy: Busy,
  ): Promise<{ session: TicketSession; problem: string | null }> {
    // A store that cannot be read is the caller's to report (storage refused, …): the error goes up as it is.
    const saved = await store.load();
    const draws = makeDraws(saved?.wallet.block ?? null);
    const session = new TicketSession(store, draws, busy, newWallet(saved?.wallet.balanceCents));
    let problem: string | null = null;
    if (saved?.journal) {
      const restored = Game.fromJournal(saved.journal, draws.source);
      if (restored.ok) session.game = restored.value;
      else problem = `saved ticket not restored: ${restored.error.message}`;
    }
    session.keepSaved();
    return { session, problem };
  }

  get balanceCents(): number {
    return this.stoppedBy && this.lastSaved ? this.lastSaved.balanceCents : this.wallet.balanceCents;
  }

  /** A ticket bought and not yet ended. */
  get ticketInPlay(): boolean {
    return this.game !== null && this.game.snapshot().phase !== 'ended';
  }

  /** What is on record; once stopped, the last saved state (the game in memory went further than the store). */
  snapshot(): GameSnapshot | null {
    if (this.stoppedBy) return this.lastSaved?.snapshot ?? null;
    return this.game?.snapshot() ?? null;
  }

  /** Why the session stopped (a save that failed), or null while it plays. */
  get stopped(): Error | null {
    return this.stoppedBy;
  }

  /** Called once if a save fails and the session stops. */
  onStop(listener: (e: Error) => void): () => void {
    this.stopListeners.add(listener);
    return () => this.stopListeners.delete(listener);
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async buy(): Promise<BuyOutcome> {
    if (this.working || this.stoppedBy) return 'dropped';
    if (this.ticketInPlay) return 'ticket-in-play';
    const paid = payForTicket(this.wallet);
    if (!paid.ok) return 'balance-too-low';
    const outcome = await this.step(() => {
      this.wallet = paid.value;
      const ticket = this.draws.dealer.deal(this.draws.source);
      this.game = Game.start(ticket, this.draws.source);
      return { ok: true, value: this.game.journal.slice() };
    });
    return outcome === 'not-saved' ? 'not-saved' : 'bought';
  }

  /** Demo credit only: puts the balance back to the starting credit. */
  async topUp(): Promise<void> {
    if (this.working || this.stoppedBy) return;
    const start = newWallet().balanceCents;
    if (this.wallet.balanceCents >= start) return;
    this.wallet = newWallet(start);
    await this.save();
  }

  reveal(): Promise<CommandOutcome> {
    return this.command((g) => g.reveal());
  }

  pick(hen: number): Promise<CommandOutcome> {
    return this.command((g) => g.pick(hen));
  }

  chooseHaystack(haystack: number): Promise<CommandOutcome> {
    return this.command((g) => g.chooseHaystack(haystack));
  }

  private command(run: (g: Game) => Result<readonly GameEvent[], GameError>): Promise<CommandOutcome> {
    const game = this.game;
    if (this.working || this.stoppedBy) return Promise.resolve('dropped');
    if (!game) return Promise.resolve('refused');
    return this.step(() => {
      const r = run(game);
      if (r.ok) {
        const end = r.value.find((e) => e.type === 'ticketEnded');
        if (end && end.prizeCents > 0) {
          const paid = credit(this.wallet, end.prizeCents);
          if (paid.ok) this.wallet = paid.value;
        }
      }
      return r;
    });
  }

  /** The one path of every change: apply, save (awaited), tell the listeners (awaited), then accept input again. */
  private async step(apply: () => Result<readonly GameEvent[], GameError>): Promise<CommandOutcome> {
    this.working = true;
    const release = this.busy.hold();
    try {
      const r = apply();
      if (!r.ok) {
        console.warn(`command refused: ${r.error.message}`);
        return 'refused';
      }
      if (!(await this.save())) return 'not-saved';
      const update: SessionUpdate = { events: r.value, snapshot: this.game!.snapshot(), balanceCents: this.balanceCents };
      await Promise.all([...this.listeners].map((l) => l(update)));
      return 'accepted';
    } finally {
      this.working = false;
      release();
    }
  }

  /** Saves the journal and the wallet; a failure stops the session (its game is ahead of what is kept). */
  private async save(): Promise<boolean> {
    try {
      await this.store.saveJournal(this.game?.journal ?? null, this.walletRecord());
      this.keepSaved();
      return true;
    } catch (e) {
      this.stoppedBy = e instanceof Error ? e : new Error(String(e));
      console.error('the ticket could not be saved: play stops', e);
      for (const l of this.stopListeners) l(this.stoppedBy);
      return false;
    }
  }

  private keepSaved(): void {
    this.lastSaved = { snapshot: this.game?.snapshot() ?? null, balanceCents: this.wallet.balanceCents };
  }

  private walletRecord(): WalletRecord {
    return { balanceCents: this.wallet.balanceCents, block: this.draws.keepsBlock ? this.draws.dealer.state() : null };
  }
}
