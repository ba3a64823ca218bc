import type { Command, DrawKind, GameErrorCode, GameEvent, GameSnapshot, Serial } from '../core';
import type { FinishedTicket } from '../core/history';

/**
 * The game server's wire format: JSON over HTTP, the client always asks. Shared by the browser's client and the
 * server, so neither can drift from the other. Pure types and pure functions: no I/O here.
 *
 *   POST /api/session   {}                                → SessionView  (sets the player's cookie if it had none)
 *   POST /api/buy       BuyRequest                        → TicketUpdate
 *   POST /api/command   CommandRequest                    → TicketUpdate
 *   POST /api/top-up    TopUpRequest                      → BalanceView
 *   GET  /api/history                                     → HistoryView
 *   GET  /api/health                                      → { ok: true }
 * A player is an HttpOnly, SameSite=Strict cookie bound to a wallet; a kiosk terminal sends
 * `Authorization: Terminal <key>` with a key from the server's configuration instead. Every refusal is an
 * ApiError body with an HTTP status (4xx: the request is at fault and changed nothing; 5xx: the server is).
 */

/** An event as a screen may see it: the ticket's amounts stay off the wire until the scratch reveals them. */
export type ShownEvent =
  | Exclude<GameEvent, { readonly type: 'ticketIssued' }>
  | { readonly type: 'ticketIssued'; readonly serial: Serial; readonly draws: DrawKind };

/** A ticket's public name: its serial as printed (000001-000042). */
export type TicketId = string;

export interface TicketView {
  readonly id: TicketId;
  /** The seq the next command on this ticket must carry (1 for the first command after the buy). */
  readonly nextSeq: number;
  /** Every event of the ticket so far, as shown. */
  readonly events: readonly ShownEvent[];
  readonly snapshot: GameSnapshot;
}

export interface SessionView {
  readonly kind: 'player' | 'terminal';
  readonly balanceCents: number;
  /** The player's unfinished ticket, to resume exactly where it stands; null when none is open. */
  readonly ticket: TicketView | null;
  /** The last ten finished tickets, newest first (recall). */
  readonly recent: readonly RecalledTicket[];
}

/** A finished ticket for recall: its whole journal (every amount has been shown by then) and the money around it. */
export type RecalledTicket = FinishedTicket & { readonly id: TicketId };

/** Idempotency: a key the client stored before sending. The same key again returns the first reply, drawing nothing. */
export interface Keyed {
  readonly key: string;
}

export type BuyRequest = Keyed;
export type TopUpRequest = Keyed;

export interface CommandRequest extends Keyed {
  readonly ticket: TicketId;
  readonly seq: number;
  readonly command: Command;
}

/** A command's result: the new events (already durable on the server) and the state they lead to. */
export interface TicketUpdate {
  readonly ticket: TicketId;
  readonly nextSeq: number;
  readonly events: readonly ShownEvent[];
  readonly snapshot: GameSnapshot;
  readonly balanceCents: number;
}

export interface BalanceView {
  readonly balanceCents: number;
}

export interface HistoryView {
  readonly recent: readonly RecalledTicket[];
}

export type ApiErrorCode =
  // the request itself
  | 'bad-json'
  | 'body-too-large'
  | 'bad-request'
  | 'unknown-command'
  // who is asking
  | 'no-session'
  | 'bad-terminal-key'
  // the state of play
  | 'balance-too-low'
  | 'ticket-in-play'
  | 'ticket-not-found'
  | 'ticket-ended'
  | 'seq-out-of-order'
  | 'key-reused'
  | 'top-up-not-needed'
  // the rules: the core's own refusals (a journal read back is the server's concern, never a request's)
  | Exclude<GameErrorCode, 'wrong-source' | 'journal-inconsistent'>
  // the server
  | 'storage-failed'
  | 'internal';

export interface ApiError {
  readonly error: { readonly code: ApiErrorCode; readonly message: string };
}

/** The event a screen may see: everything but the amounts of a ticket not yet scratched. */
export function shownEvent(e: GameEvent): ShownEvent {
  return e.type === 'ticketIssued' ? { type: 'ticketIssued', serial: { ...e.ticket.serial }, draws: e.draws } : e;
}

export const shownEvents = (events: readonly GameEvent[]): ShownEvent[] => events.map(shownEvent);
