import type { Command, GameSnapshot } from '../core';
import type { ClaimView, RecalledTicket, SessionView, ShownEvent, TicketUpdate } from '../protocol/messages';
import type { Busy } from './busy';
import type { Answer, PlayClient, Refusal } from './play-client';

/** What the scene is told after a command: the new events, already on record, and the state they lead to. */
export interface SessionUpdate {
  readonly events: readonly ShownEvent[];
  readonly snapshot: GameSnapshot;
  readonly balanceCents: number;
}

/** The scene's animation of an update; the session takes no command until it settles. */
export type SessionListener = (update: SessionUpdate) => void | Promise<void>;

/** 'resynced': the server's ticket was not where this page thought (another tab played); the session reopened on it. */
export type CommandOutcome = 'accepted' | 'refused' | 'dropped' | 'resynced' | 'taken-over';
export type BuyOutcome =
  | 'bought'
  | 'balance-too-low'
  | 'ticket-in-play'
  | 'dropped'
  | 'refused'
  | 'resynced'
  | 'taken-over';

/** A printed ticket this screen claimed by its code: played here, or (finished) only looked at. */
export interface PrintedTicket {
  readonly code: string;
  readonly serial: string;
  readonly mode: 'play' | 'look';
  readonly view: ClaimView;
}

export type ClaimOutcome =
  | { readonly ok: true; readonly ticket: PrintedTicket }
  | { readonly ok: false; readonly refusal: Refusal };

/** Refusals that mean this page's picture is stale (another tab played, the session lapsed): the server is read again. */
const STALE: readonly string[] = [
  'seq-out-of-order',
  'ticket-ended',
  'ticket-not-found',
  'ticket-in-play',
  'no-session',
];

interface OpenTicket {
  readonly id: string;
  nextSeq: number;
  snapshot: GameSnapshot;
}

/**
 * One player's session over a PlayClient (the game server, or the demo in memory). Each command goes input → client
 * (awaited: the server has committed its events) → listeners (awaited) → idle. The session is the one gate for
 * input: a command, or a tap wrapped by `gated`, that arrives while a command is in flight or still being shown (or a
 * screen is changing) is dropped, so a double tap never costs two picks. The session holds only what the client
 * answered: nothing is shown that the server has not answered.
 */
export class TicketSession {
  private ticket: OpenTicket | null = null;
  private balance = 0;
  private recentTickets: readonly RecalledTicket[] = [];
  private listeners = new Set<SessionListener>();
  private resyncListeners = new Set<() => void>();
  private takenOverListeners = new Set<(t: PrintedTicket) => void>();
  private working = false;
  private printedTicket: PrintedTicket | null = null;
  /** Why the client could not open a session (no game server, no terminal key…); null when it opened. */
  unavailable: Refusal | null = null;

  private constructor(
    readonly client: PlayClient,
    private readonly busy: Busy,
  ) {}

  /** Opens the session as the client has it: the balance, the ticket left open (resumed exactly), the last tickets. */
  static async open(client: PlayClient, busy: Busy): Promise<TicketSession> {
    const s = new TicketSession(client, busy);
    s.take(await client.open());
    return s;
  }

  get balanceCents(): number {
    return this.balance;
  }

  /** A ticket bought and not yet ended. */
  get ticketInPlay(): boolean {
    return this.ticket !== null && this.ticket.snapshot.phase !== 'ended';
  }

  /** The serial of the ticket in play (as printed), or null. */
  get ticketId(): string | null {
    return this.ticketInPlay ? this.ticket!.id : null;
  }

  /** Nothing in flight, nothing moving: a tap may act. */
  get free(): boolean {
    return !this.working && this.busy.idle;
  }

  /** Closes the gate until the returned release is called (a replay that takes no input). */
  hold(): () => void {
    return this.busy.hold();
  }

  /** `action` as a tap's handler: it runs only when the session is free, else the tap does nothing. */
  gated(action: () => void): () => void {
    return () => {
      if (this.free) action();
    };
  }

  /** Whether this page can sell a ticket: a session is open with the server (or the demo). */
  get canPlay(): boolean {
    return this.unavailable === null;
  }

  /** The state of the last ticket as the server answered it. */
  snapshot(): GameSnapshot | null {
    return this.ticket?.snapshot ?? null;
  }

  /** The last ten finished tickets, newest first, as the server gave them. */
  get recent(): readonly RecalledTicket[] {
    return this.recentTickets;
  }

  /** The printed ticket this screen holds (or looks at), or null for the wallet's own tickets. */
  get printed(): PrintedTicket | null {
    return this.printedTicket;
  }

  /**
   * Claims a printed ticket by its code (already checked by the caller): on success it becomes this session's ticket,
   * played through the same commands as any other, or only looked at once finished. A refusal changes nothing here.
   */
  async claim(code: string): Promise<ClaimOutcome> {
    if (!this.client.claim)
      return { ok: false, refusal: { code: 'no-session', message: 'printed tickets need the game server' } };
    if (this.working)
      return { ok: false, refusal: { code: 'ticket-in-play', message: 'a request is already on its way' } };
    this.working = true;
    const release = this.busy.hold();
    try {
      const r = await this.client.claim(code);
      if (!r.ok) return { ok: false, refusal: r.error };
      const v = r.value;
      this.printedTicket = { code: v.code, serial: v.serial, mode: v.mode, view: v };
      this.ticket = { id: v.serial, nextSeq: v.ticket.nextSeq, snapshot: v.ticket.snapshot };
      return { ok: true, ticket: this.printedTicket };
    } finally {
      this.working = false;
      release();
    }
  }

  /** Lets a printed ticket go from this screen (a kiosk's next customer must scan their own). */
  forgetPrinted(): void {
    if (!this.printedTicket) return;
    this.printedTicket = null;
    this.ticket = null;
  }

  /** Called when another screen took the printed ticket over: this one no longer holds it. */
  onTakenOver(listener: (t: PrintedTicket) => void): () => void {
    this.takenOverListeners.add(listener);
    return () => this.takenOverListeners.delete(listener);
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after the session was read again from the server (the screen restores the ticket as it stands). */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  async buy(): Promise<BuyOutcome> {
    if (!this.free || !this.canPlay) return 'dropped';
    if (this.ticketInPlay) return 'ticket-in-play';
    return this.step(
      () => this.client.buy(),
      (e) =>
        e.code === 'balance-too-low' ? 'balance-too-low' : e.code === 'ticket-in-play' ? 'ticket-in-play' : 'refused',
      'bought',
    );
  }

  /** Demo credit only: puts the balance back to the starting credit (the server decides whether it may). */
  async topUp(): Promise<void> {
    if (!this.free || !this.canPlay) return;
    this.working = true;
    const release = this.busy.hold();
    try {
      const r = await this.client.topUp();
      if (r.ok) this.balance = r.value.balanceCents;
    } finally {
      this.working = false;
      release();
    }
  }

  /** The last ten tickets read again from the server (after a ticket ends, for « Historique »). */
  async refreshHistory(): Promise<void> {
    const r = await this.client.history();
    if (r.ok) this.recentTickets = r.value.recent;
  }

  reveal(): Promise<CommandOutcome> {
    return this.command({ type: 'reveal' });
  }

  pick(hen: number): Promise<CommandOutcome> {
    return this.command({ type: 'pick', hen });
  }

  chooseHaystack(haystack: number): Promise<CommandOutcome> {
    return this.command({ type: 'chooseHaystack', haystack });
  }

  private command(c: Command): Promise<CommandOutcome> {
    if (!this.free || !this.canPlay) return Promise.resolve('dropped');
    const t = this.ticket;
    if (!t || !this.ticketInPlay) return Promise.resolve('refused');
    return this.step(
      () => this.client.command(t.id, t.nextSeq, c),
      () => 'refused',
      'accepted',
    );
  }

  /** The one path of every change: ask (awaited), tell the listeners (awaited), then accept input again. */
  private async step<O extends string>(
    ask: () => Promise<Answer<TicketUpdate>>,
    onRefusal: (e: Refusal) => O,
    done: O,
  ): Promise<O | 'resynced' | 'taken-over'> {
    this.working = true;
    const release = this.busy.hold();
    try {
      const r = await ask();
      if (!r.ok) {
        console.warn(`command refused: ${r.error.code}: ${r.error.message}`);
        const printed = this.printedTicket;
        if (r.error.code === 'ticket-taken-over' && printed) {
          this.forgetPrinted();
          for (const l of this.takenOverListeners) l(printed);
          return 'taken-over';
        }
        if (STALE.includes(r.error.code)) {
          await this.resync();
          return 'resynced';
        }
        return onRefusal(r.error);
      }
      const u = r.value;
      this.ticket = { id: u.ticket, nextSeq: u.nextSeq, snapshot: u.snapshot };
      this.balance = u.balanceCents;
      const update: SessionUpdate = { events: u.events, snapshot: u.snapshot, balanceCents: u.balanceCents };
      await Promise.all([...this.listeners].map((l) => l(update)));
      if (u.snapshot.phase === 'ended') void this.refreshHistory();
      return done;
    } finally {
      this.working = false;
      release();
    }
  }

  /** Reads the session again (another tab or terminal played this wallet): the ticket as the server has it. */
  private async resync(): Promise<void> {
    const printed = this.printedTicket;
    if (printed && this.client.claim) {
      // A printed ticket is read again by its code: as it stands on the server (maybe finished: then look only).
      const r = await this.client.claim(printed.code);
      if (r.ok) {
        const v = r.value;
        this.printedTicket = { code: v.code, serial: v.serial, mode: v.mode, view: v };
        this.ticket = { id: v.serial, nextSeq: v.ticket.nextSeq, snapshot: v.ticket.snapshot };
      }
      for (const l of this.resyncListeners) l();
      return;
    }
    this.take(await this.client.open());
    for (const l of this.resyncListeners) l();
  }

  private take(r: Answer<SessionView>): void {
    if (!r.ok) {
      this.unavailable = r.error;
      return;
    }
    const v = r.value;
    this.unavailable = null;
    this.balance = v.balanceCents;
    this.recentTickets = v.recent;
    this.ticket = v.ticket ? { id: v.ticket.id, nextSeq: v.ticket.nextSeq, snapshot: v.ticket.snapshot } : null;
  }
}
