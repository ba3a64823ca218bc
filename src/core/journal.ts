import type { GameEvent } from './events';
import { err, ok, type Result } from './result';

export interface JournalError {
  readonly code: 'journal-unreadable';
  readonly message: string;
}

/** The journal as text for storage and export. Plain JSON: events are plain data by design. */
export function serializeJournal(journal: readonly GameEvent[]): string {
  return JSON.stringify(journal);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isElement = (v: unknown): boolean => v === 'egg' || v === 'chick' || v === 'empty';

/** The fields each event type must carry, with their checks. Whether the events make sense together is the fold's job. */
const SHAPES: Record<GameEvent['type'], Record<string, (v: unknown) => boolean>> = {
  ticketIssued: {
    ticket: (t) =>
      isObj(t) &&
      isObj(t['serial']) &&
      isInt(t['serial']['block']) &&
      isInt(t['serial']['index']) &&
      isInt(t['a1Cents']) &&
      isInt(t['a2Cents']),
    draws: (d) => d === 'crypto' || d === 'seeded',
  },
  scratchRevealed: { a1Cents: isInt, a2Cents: isInt },
  roundStarted: { round: isInt, picksLeft: isInt },
  henLifted: { round: isInt, pick: isInt, hen: isInt, element: isElement, picksLeft: isInt },
  roundWon: { round: isInt, prize: (p) => p === 'A1' || p === 'A2', prizeCents: isInt },
  roundLost: { round: isInt, board: (b) => Array.isArray(b) && b.every(isElement) },
  haystacksOffered: { haystacks: isInt },
  haystackOpened: { chosen: isInt, extraAt: isInt, extraWon: (x) => typeof x === 'boolean' },
  ticketEnded: { outcome: (o) => o === 'won' || o === 'lost', prizeCents: isInt },
};

/** Reads a journal from untrusted text (storage, an imported file); a bad one is named, never half-read. */
export function parseJournal(text: string): Result<GameEvent[], JournalError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err({ code: 'journal-unreadable', message: `journal is not valid JSON: ${(e as Error).message}` });
  }
  return checkJournal(data);
}

/** Checks already-parsed data against the event shapes. */
export function checkJournal(data: unknown): Result<GameEvent[], JournalError> {
  if (!Array.isArray(data)) return err({ code: 'journal-unreadable', message: 'journal must be an array of events' });
  for (let i = 0; i < data.length; i++) {
    const e: unknown = data[i];
    const type = isObj(e) ? e['type'] : undefined;
    const shape = typeof type === 'string' && Object.hasOwn(SHAPES, type) ? SHAPES[type as GameEvent['type']] : null;
    if (!isObj(e) || !shape) {
      return err({ code: 'journal-unreadable', message: `event ${i + 1} has no known type (${JSON.stringify(type)})` });
    }
    for (const [field, check] of Object.entries(shape)) {
      if (!check(e[field])) {
        return err({ code: 'journal-unreadable', message: `event ${i + 1} (${String(type)}): bad field "${field}"` });
      }
    }
  }
  return ok(data as GameEvent[]);
}
