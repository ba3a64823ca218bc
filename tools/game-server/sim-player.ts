/**
 * A simulated player of the game server: its own cookie, its own socket, whole tickets played to the end by the
 * seeded bot. Every buy, command and top-up carries a key fixed before it is first sent and reused on every resend,
 * as the game's client does. As it plays it checks what the server says against what it has already been told:
 * each reply's balance against the money it has seen move, each command's seq and events, each resumed ticket
 * against the events it holds. What it finds wrong goes to `problems`; what it was told goes to `exchanges`.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Command } from '../../src/core';
import { type RandomSource, uniformInt } from '../../src/core/random-source';
import { RULES } from '../../src/core/rules';
import { DEMO_CREDIT_CENTS } from '../../src/core/wallet';
import {
  type BalanceView,
  type SessionView,
  type ShownEvent,
  shownEvents,
  type TicketId,
  type TicketUpdate,
  type TicketView,
} from '../../src/protocol/messages';
import { ConnectionError, type GameClient, type Reply } from './http-client';
import { nextCommand } from './ticket-bot';

export type RequestKind = 'buy' | 'reveal' | 'pick' | 'chooseHaystack' | 'topUp';

/** One keyed request and the reply it finally got (after any resends). */
export interface Exchange {
  readonly player: number;
  readonly kind: RequestKind;
  readonly path: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly status: number;
  readonly reply: unknown;
  /** How many times it was sent before a reply came back. */
  readonly sends: number;
}

/** A ticket as this player saw it: every event its replies brought, in order. */
export interface SeenTicket {
  readonly id: TicketId;
  readonly player: number;
  readonly events: ShownEvent[];
  nextSeq: number;
  ended: boolean;
  prizeCents: number;
}

export interface PlayerHooks {
  /**
   * A request got no reply (or a 5xx): resolves when it may be sent again, with the same key. The bench has no
   * kills, so it throws instead.
   */
  recover(why: string): Promise<void>;
  /** A keyed request got its reply after `ms` (first send to reply, resends included). */
  timed?(kind: RequestKind, ms: number): void;
  /** A ticket ended; the kill test reads its journal from the server's history here. */
  ticketEnded?(player: SimPlayer, ticket: SeenTicket): Promise<void>;
}

/** Keys made so far by this process's players. */
let runKeys = 0;

export class SimPlayer {
  readonly problems: string[] = [];
  readonly exchanges: Exchange[] = [];
  /** Every ticket this player bought, when it keeps them (`keep`). */
  readonly tickets: SeenTicket[] = [];
  /** The opening balance the server gave the new wallet. */
  openingCents: number | null = null;
  /** The balance the money seen so far adds up to: opening + top-ups − stakes + prizes. */
  expectedCents = 0;
  topUps = 0;
  /** What the top-ups credited: each brings the balance back up to the demo credit. */
  topUpCents = 0;
  /** Resends of keyed requests after a lost reply, by kind. */
  readonly resends: Record<RequestKind, number> = { buy: 0, reveal: 0, pick: 0, chooseHaystack: 0, topUp: 0 };
  private open: SeenTicket | null = null;
  private snapshot: TicketUpdate['snapshot'] | null = null;

  constructor(
    readonly index: number,
    readonly client: GameClient,
    private readonly choices: RandomSource,
    private readonly hooks: PlayerHooks,
    /** Prefix of this run's keys, so two runs on one database never share one. */
    private readonly runId: string,
    /** Whether to keep every exchange and ticket (the kill test re-asks them all); the bench keeps none. */
    private readonly keep: boolean,
    /**
     * Also top up, before a buy, one time in `topUpEvery` when the balance is below the demo credit, not only when it
     * is short of a ticket (0: only when short): the kill test wants top-ups in flight when the server dies.
     */
    private readonly topUpEvery = 0,
  ) {}

  get openTicket(): SeenTicket | null {
    return this.open;
  }

  /** Opens the session (a new wallet the first time) and takes up a ticket left open. */
  async openSession(): Promise<SessionView> {
    const view = await this.session();
    if (this.openingCents === null) {
      this.openingCents = view.balanceCents;
      this.expectedCents = view.balanceCents;
      if (view.ticket) this.problem(`a new player's session already holds ticket ${view.ticket.id}`);
    }
    return view;
  }

  /** Buys a ticket if none is open (topping up first when the balance is short), and plays it to its end. */
  async playTicket(): Promise<SeenTicket> {
    if (!this.open) {
      const short = this.expectedCents < RULES.ticketPriceCents;
      const extra =
        this.topUpEvery > 0 &&
        this.expectedCents < DEMO_CREDIT_CENTS &&
        uniformInt(this.choices, this.topUpEvery) === 0;
      if (short || extra) await this.topUp();
      await this.buy();
    }
    const t = this.open!;
    for (;;) {
      const command = nextCommand(this.snapshot!, this.choices);
      if (!command) break;
      await this.command(t, command);
    }
    this.open = null;
    this.snapshot = null;
    await this.hooks.ticketEnded?.(this, t);
    return t;
  }

  /** POST /api/session, resent until it answers. */
  async session(): Promise<SessionView> {
    for (;;) {
      const r = await this.tryOnce('/api/session', {});
      if (r && r.status === 200) return r.body as SessionView;
      if (r) throw new Error(`player ${this.index}: session refused (${r.status}): ${JSON.stringify(r.body)}`);
    }
  }

  /** GET, resent until it answers 200. */
  async read<T>(path: string): Promise<T> {
    for (;;) {
      let r: Reply;
      try {
        r = await this.client.get(path);
      } catch (e) {
        if (!(e instanceof ConnectionError)) throw e;
        await this.hooks.recover(e.message);
        continue;
      }
      if (r.status === 200) return r.body as T;
      if (r.status >= 500) {
        await this.hooks.recover(`GET ${path}: ${r.status}`);
        continue;
      }
      throw new Error(`player ${this.index}: GET ${path} refused (${r.status}): ${JSON.stringify(r.body)}`);
    }
  }

  private async topUp(): Promise<void> {
    const r = await this.keyed('topUp', '/api/top-up', {});
    if (r.status !== 200) return this.refused('top-up', r);
    this.topUps++;
    this.topUpCents += DEMO_CREDIT_CENTS - this.expectedCents;
    this.expectedCents = DEMO_CREDIT_CENTS;
    this.checkBalance('after a top-up', (r.body as BalanceView).balanceCents);
  }

  private async buy(): Promise<void> {
    const r = await this.keyed('buy', '/api/buy', {});
    if (r.status !== 200) return this.refused('buy', r);
    const u = r.body as TicketUpdate;
    const t: SeenTicket = {
      id: u.ticket,
      player: this.index,
      events: [...u.events],
      nextSeq: u.nextSeq,
      ended: false,
      prizeCents: 0,
    };
    if (u.nextSeq !== 1) this.problem(`ticket ${u.ticket}: bought with nextSeq ${u.nextSeq}, not 1`);
    this.expectedCents -= RULES.ticketPriceCents;
    // The bench keeps none: thousands of finished tickets held to the end would only grow the generator's heap and
    // lengthen its garbage collections, which stretch the latencies it measures.
    if (this.keep) this.tickets.push(t);
    this.open = t;
    this.took(t, u, 'after its buy');
  }

  private async command(t: SeenTicket, command: Command): Promise<void> {
    const seq = t.nextSeq;
    const r = await this.keyed(command.type, '/api/command', { ticket: t.id, seq, command });
    if (r.status !== 200) return this.refused(`${command.type} on ticket ${t.id} seq ${seq}`, r);
    const u = r.body as TicketUpdate;
    if (u.ticket !== t.id) this.problem(`command on ticket ${t.id} answered for ticket ${u.ticket}`);
    if (u.nextSeq !== seq + 1) this.problem(`ticket ${t.id}: seq ${seq} answered with nextSeq ${u.nextSeq}`);
    t.events.push(...u.events);
    t.nextSeq = u.nextSeq;
    this.took(t, u, `after seq ${seq}`);
  }

  /** Takes a ticket update's events and state in: a prize is credited with the event that ends the ticket. */
  private took(t: SeenTicket, u: TicketUpdate, when: string): void {
    for (const e of u.events) {
      if (e.type === 'ticketEnded') {
        t.ended = true;
        t.prizeCents = e.prizeCents;
        this.expectedCents += e.prizeCents;
      }
    }
    this.snapshot = u.snapshot;
    if (t.ended !== (u.snapshot.phase === 'ended'))
      this.problem(`ticket ${t.id} ${when}: phase ${u.snapshot.phase}, ended event ${t.ended}`);
    this.checkBalance(`ticket ${t.id} ${when}`, u.balanceCents);
  }

  private checkBalance(when: string, balanceCents: number): void {
    if (balanceCents !== this.expectedCents) {
      this.problem(`balance ${balanceCents} cents ${when}, the money seen adds up to ${this.expectedCents}`);
      // Follow the server from here, so one wrong credit is counted once, not at every later reply.
      this.expectedCents = balanceCents;
    }
  }

  /** Sends a keyed request until it gets a reply other than a 5xx, the key fixed before the first send. */
  private async keyed(kind: RequestKind, path: string, fields: Readonly<Record<string, unknown>>): Promise<Reply> {
    // Keys in the order they are made (a counter shared by the run's players): the server's index of stored replies
    // then grows at its end, as it does for the browser's time-ordered keys, instead of at one place per player.
    const body = { key: `${this.runId}-${(++runKeys).toString(36).padStart(8, '0')}-p${this.index}`, ...fields };
    const started = performance.now();
    let sends = 0;
    for (;;) {
      sends++;
      const r = await this.tryOnce(path, body);
      if (r && r.status < 500) {
        this.hooks.timed?.(kind, performance.now() - started);
        if (sends > 1) this.resends[kind]++;
        if (this.keep)
          this.exchanges.push({ player: this.index, kind, path, body, status: r.status, reply: r.body, sends });
        return r;
      }
      if (this.open && kind !== 'buy' && kind !== 'topUp') await this.checkResume();
    }
  }

  /** One send: the reply (a 5xx too), or null after a lost connection once the server may be asked again. */
  private async tryOnce(path: string, body: unknown): Promise<Reply | null> {
    let r: Reply;
    try {
      r = await this.client.post(path, body);
    } catch (e) {
      if (!(e instanceof ConnectionError)) throw e;
      await this.hooks.recover(e.message);
      return null;
    }
    if (r.status >= 500) {
      await this.hooks.recover(`POST ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return null;
    }
    return r;
  }

  /**
   * After a lost reply, the open ticket as the server holds it must carry every event this player was told, in
   * order; it may hold more: the lost command's events, committed before the server died.
   */
  private async checkResume(): Promise<void> {
    const t = this.open!;
    const view = await this.session();
    // The lost command may have been the last: then the ticket has ended and is the newest in the recall.
    const held: Pick<TicketView, 'id' | 'events'> | null =
      view.ticket ?? (view.recent[0]?.id === t.id ? { id: t.id, events: shownEvents(view.recent[0].journal) } : null);
    if (!held || held.id !== t.id) {
      this.problem(
        `ticket ${t.id} is open here, the server's session resumes ${view.ticket ? view.ticket.id : 'none'} and its newest ended ticket is ${view.recent[0]?.id ?? 'none'}`,
      );
      return;
    }
    if (!isDeepStrictEqual(held.events.slice(0, t.events.length), t.events)) {
      this.problem(
        `ticket ${t.id}: the resumed journal does not start with the ${t.events.length} events already shown`,
      );
    }
    if (!view.ticket) return;
    const open = view.ticket;
    if (open.nextSeq < t.nextSeq)
      this.problem(`ticket ${t.id}: resumed at nextSeq ${open.nextSeq}, already at ${t.nextSeq}`);
  }

  private refused(what: string, r: Reply): void {
    throw new Error(`player ${this.index}: ${what} refused (${r.status}): ${JSON.stringify(r.body)}`);
  }

  problem(text: string): void {
    this.problems.push(`player ${this.index}: ${text}`);
  }
}
