import type { Command } from '../core';
import type {
  ApiErrorCode,
  BalanceView,
  ClaimView,
  HistoryView,
  PaymentRecord,
  SessionView,
  TicketUpdate,
} from '../protocol/messages';

/**
 * What the ticket session asks of whoever holds the game: the game server for real play and kiosks
 * (server-client.ts), the core in memory for the demo (local-client.ts). Intents only: the answer says what happened,
 * and the session shows nothing the answer does not carry.
 */
export interface PlayClient {
  /** 'server': real play, nothing kept here; 'local': the demo's seeded tickets in this page only. */
  readonly kind: 'server' | 'local';
  /** The balance, the open ticket (to resume exactly), the last ten tickets. Waits as long as the server is away. */
  open(): Promise<Answer<SessionView>>;
  buy(): Promise<Answer<TicketUpdate>>;
  command(ticket: string, seq: number, command: Command): Promise<Answer<TicketUpdate>>;
  topUp(): Promise<Answer<BalanceView>>;
  history(): Promise<Answer<HistoryView>>;
  /**
   * A printed ticket on this screen, by its code (checked here first): to play (this screen takes it over from any
   * other) or, once finished, to look at. Only the game server has printed tickets; the demo has no `claim`.
   */
  claim?(code: string): Promise<Answer<ClaimView>>;
  /** How the link to the game server stands (a local client is always 'local'). */
  readonly connection: ConnectionState;
  onConnection(listener: (c: ConnectionState) => void): () => void;
}

/**
 * 'ok': the last request was answered; 'lost': a request is being retried; 'absent': no game server behind this page
 * (a static file server); 'no-terminal': a kiosk without its terminal key; 'refused': the server refused the key;
 * 'local': the demo, no server involved.
 */
export type ConnectionStatus = 'ok' | 'lost' | 'absent' | 'no-terminal' | 'refused' | 'local';

export interface ConnectionState {
  readonly status: ConnectionStatus;
  /** Commands sent and not yet answered (their keys are kept until the answer comes). */
  readonly pending: number;
  /** Retries of the request now in flight (0 when none). */
  readonly retries: number;
}

export interface Refusal {
  readonly code: ApiErrorCode;
  readonly message: string;
  /** `too-many-attempts`: seconds until a code is heard again. */
  readonly retryAfterS?: number;
  /** `ticket-already-paid`: when, where and how much. */
  readonly paid?: PaymentRecord;
}

/** A request's outcome: the server's answer, or its refusal (a 4xx: the request changed nothing). */
export type Answer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Refusal };

export const answered = <T>(value: T): Answer<T> => ({ ok: true, value });
export const refused = <T>(code: ApiErrorCode, message: string): Answer<T> => ({ ok: false, error: { code, message } });
