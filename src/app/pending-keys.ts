/**
 * The one request this page has sent and not yet seen answered, kept in localStorage BEFORE it is sent: after a
 * lost reply, a crash or a reload it is sent again with the same idempotency key, and the server answers what it
 * stored the first time (nothing drawn twice). It holds no game state: only the question, never an answer.
 */
export interface PendingRequest {
  readonly path: string;
  /** The JSON body as sent, key included (the same key with another body is refused by the server). */
  readonly body: string;
  /** Whose request it was: a kiosk's terminal key, or null for the player's cookie. */
  readonly terminal: string | null;
}

export const PENDING_KEY = 'poule.pending';

/** Where pending requests live; a Storage (localStorage) or nothing where the browser refuses it. */
export interface KeyShelf {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isPending(v: unknown): v is PendingRequest {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o['path'] === 'string' &&
    typeof o['body'] === 'string' &&
    (o['terminal'] === null || typeof o['terminal'] === 'string')
  );
}

export class PendingKeys {
  /** Kept in memory too: a browser that refuses storage still retries while the page is open. */
  private held: PendingRequest | null = null;

  constructor(private readonly shelf: KeyShelf | null) {
    try {
      const raw = shelf?.getItem(PENDING_KEY) ?? null;
      const v: unknown = raw ? JSON.parse(raw) : null;
      this.held = isPending(v) ? v : null;
    } catch {
      // Unreadable: there is nothing to resend (the server still holds the ticket as it stands).
      this.held = null;
    }
  }

  get pending(): PendingRequest | null {
    return this.held;
  }

  keep(r: PendingRequest): void {
    this.held = r;
    try {
      this.shelf?.setItem(PENDING_KEY, JSON.stringify(r));
    } catch {
      // Storage full or refused: the request is still retried from memory while the page is open.
    }
  }

  done(): void {
    this.held = null;
    try {
      this.shelf?.removeItem(PENDING_KEY);
    } catch {
      // Nothing to do: an old key resent later gets its stored answer, which changes nothing.
    }
  }
}
