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
 *
 * Printed tickets (sold at a retailer's counter, played on any screen; the code format is in ./game-code.ts):
 *   POST /api/ticket/claim  ClaimRequest                  → ClaimView    (a player's cookie or a terminal's key)
 *        then POST /api/command with `ticket: view.serial`, as for any ticket: the screen that claimed it last
 *        holds it; an older screen's next request is refused `ticket-taken-over`.
 * The retailer's terminal (`Authorization: Retailer <key>`, a key from the server's configuration):
 *   POST /api/retail/sign-in  {}                          → RetailerView
 *   POST /api/retail/sell     CodeRequest                 → SaleView
 *   POST /api/retail/check    CodeRequest                 → CounterTicketView  (what paying would pay, changes nothing)
 *   POST /api/retail/pay      PayRequest                  → PaymentView
 *   GET  /api/retail/report?day=YYYY-MM-DD (UTC; default today) → DayReport
 * Code requests are rate-limited per screen (player, terminal or retailer) and per address: after
 * CODE_ATTEMPT_LIMIT wrong codes in CODE_ATTEMPT_WINDOW_S seconds every code request is refused `too-many-attempts`
 * (429, `Retry-After` and `retryAfterS`) until the oldest of them leaves the window.
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
  // printed tickets (a screen that does not hold a ticket's code learns nothing of it: unknown and wrong look the same)
  | 'code-malformed'
  | 'code-unknown'
  | 'ticket-unsold'
  | 'ticket-taken-over'
  | 'ticket-already-sold'
  | 'ticket-already-paid'
  | 'ticket-not-finished'
  | 'ticket-not-won'
  | 'amount-mismatch'
  | 'too-many-attempts'
  | 'bad-retailer-key'
  // the rules: the core's own refusals (a journal read back is the server's concern, never a request's)
  | Exclude<GameErrorCode, 'wrong-source' | 'journal-inconsistent'>
  // the server
  | 'storage-failed'
  | 'internal';

export interface ApiError {
  readonly error: {
    readonly code: ApiErrorCode;
    readonly message: string;
    /** `ticket-already-sold`: when and where. */
    readonly sold?: SaleRecord;
    /** `ticket-already-paid`: when, where and how much. */
    readonly paid?: PaymentRecord;
    /** `too-many-attempts`: seconds until a code is heard again (also the `Retry-After` header). */
    readonly retryAfterS?: number;
  };
}

// ---- Printed tickets ------------------------------------------------------------------------------------------

/**
 * Wrong codes allowed per screen and per address within the window, before `too-many-attempts`: the defaults. The
 * server's configuration may set others (`"codeAttempts": { "limit": N, "windowS": S }`); a test server whose screens
 * all come from 127.0.0.1 and try many wrong codes on purpose needs a higher limit there.
 */
export const CODE_ATTEMPT_LIMIT = 10;
export const CODE_ATTEMPT_WINDOW_S = 300;

/** A code as typed or scanned; the server reads it with parseGameCode (./game-code.ts), as the browser does first. */
export interface CodeRequest {
  readonly code: string;
}

export type ClaimRequest = CodeRequest;

/** Why a claimed ticket can only be looked at. */
export type LookNoticeCode = 'ticket-finished' | 'ticket-paid';

/**
 * A printed ticket on this screen. `play`: the screen now holds it (it takes it over from any other screen) and sends
 * its commands with `ticket: serial` and `ticket.nextSeq`; no stake is taken from the screen's wallet (it was paid at
 * the counter) and no prize is credited to it (a win is paid by the retailer). `look`: it has finished; it is shown,
 * never played again, and `notice` says why.
 */
export interface ClaimView {
  readonly serial: TicketId;
  /** The code in its written form. */
  readonly code: string;
  readonly mode: 'play' | 'look';
  readonly ticket: TicketView;
  /** The prize once finished (0 for a lost ticket); null while in play. */
  readonly prizeCents: number | null;
  readonly paid: PaymentRecord | null;
  readonly notice: { readonly code: LookNoticeCode; readonly message: string } | null;
}

export interface SaleRecord {
  /** ISO 8601 time. */
  readonly at: string;
  readonly retailer: string;
  readonly shop: string;
}

export interface PaymentRecord {
  readonly at: string;
  readonly retailer: string;
  readonly shop: string;
  readonly prizeCents: number;
}

export interface RetailerView {
  readonly retailer: string;
  readonly shop: string;
}

export interface SaleView {
  readonly serial: TicketId;
  readonly code: string;
  readonly sold: SaleRecord;
}

/** Where a printed ticket stands, as its retailer sees it. */
export type CounterStatus = 'unsold' | 'sold' | 'in-play' | 'finished' | 'paid';

export interface CounterTicketView {
  readonly serial: TicketId;
  readonly code: string;
  readonly status: CounterStatus;
  /** Once finished: the prize (0 when lost). */
  readonly prizeCents: number | null;
  readonly sold: SaleRecord | null;
  readonly paid: PaymentRecord | null;
}

/** The retailer confirms the amount it was shown; another amount is refused `amount-mismatch`. */
export interface PayRequest extends CodeRequest {
  readonly prizeCents: number;
}

export interface PaymentView {
  readonly serial: TicketId;
  readonly paid: PaymentRecord;
}

export interface ShopDay {
  readonly retailer: string;
  readonly shop: string;
  readonly ticketsSold: number;
  readonly prizesPaid: number;
  readonly paidCents: number;
}

/** One UTC day at the counters: each shop with a sale or a payment that day, and the totals. */
export interface DayReport {
  readonly day: string;
  readonly shops: readonly ShopDay[];
  readonly total: { readonly ticketsSold: number; readonly prizesPaid: number; readonly paidCents: number };
}

/** The event a screen may see: everything but the amounts of a ticket not yet scratched. */
export function shownEvent(e: GameEvent): ShownEvent {
  return e.type === 'ticketIssued' ? { type: 'ticketIssued', serial: { ...e.ticket.serial }, draws: e.draws } : e;
}

export const shownEvents = (events: readonly GameEvent[]): ShownEvent[] => events.map(shownEvent);
