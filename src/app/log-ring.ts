/**
 * The support log: the last unexpected errors, kept in localStorage under `poule.errorLog` (a JSON array, oldest
 * first) so support can read them on the device — devtools, or `JSON.parse(localStorage['poule.errorLog'])`.
 * It holds what is needed to reproduce an error and nothing secret: a demo's seed is its own, a real ticket is named
 * by its serial only (its draws are already in the saved journal).
 */
export const ERROR_LOG_KEY = 'poule.errorLog';
export const ERROR_LOG_SIZE = 20;

export interface ErrorLogEntry {
  /** ISO time of the error. */
  readonly at: string;
  /** Where it was caught: 'error' (window), 'unhandledrejection', 'scene' (a scene update), 'boot'. */
  readonly kind: string;
  readonly message: string;
  readonly stack: string | null;
  readonly context: Readonly<Record<string, unknown>>;
}

/** The part of Storage the log uses (a plain object stands in for it in tests). */
export type LogStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readErrorLog(storage: LogStorage): ErrorLogEntry[] {
  try {
    const raw = storage.getItem(ERROR_LOG_KEY);
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as ErrorLogEntry[]) : [];
  } catch {
    // Unreadable (edited by hand, or storage refused): start the log again rather than fail while reporting a failure.
    return [];
  }
}

/** Appends `entry`, keeping the last ERROR_LOG_SIZE; a full or refused storage loses the entry, never throws. */
export function appendErrorLog(storage: LogStorage, entry: ErrorLogEntry): void {
  const kept = [...readErrorLog(storage), entry].slice(-ERROR_LOG_SIZE);
  try {
    storage.setItem(ERROR_LOG_KEY, JSON.stringify(kept));
  } catch {
    // Quota or privacy mode: the console still has it.
  }
}
