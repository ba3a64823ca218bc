import { checkFinishedTicket, finishedTicketOf, type HistoryEntry } from './history';
import { err, ok, type Result } from './result';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from './prize-table';
import { RULES, type Rules } from './rules';
import { isObj } from './saved-checks';

/**
 * The history as a JSON file for support: the finished tickets' journals and balances, newest first. Importing one
 * only shows it (the « Historique » view): it never touches the wallet, the meters or the saved history, and every
 * ticket in it is checked and folded without a draw, as if it came from storage.
 */
export const HISTORY_FILE_FORMAT = 'poule-aux-oeufs-dor/history';
export const HISTORY_FILE_VERSION = 1;

export interface ImportError {
  readonly code: 'import-refused';
  /** Names what is wrong: the file, or the ticket (1-based, as listed in the file) and its field or event. */
  readonly message: string;
}

export function exportHistory(newestFirst: readonly HistoryEntry[], exportedAt: string): string {
  const file = {
    format: HISTORY_FILE_FORMAT,
    formatVersion: HISTORY_FILE_VERSION,
    exportedAt,
    tickets: newestFirst.map(finishedTicketOf),
  };
  return JSON.stringify(file, null, 2);
}

const refuse = (message: string): Result<never, ImportError> => err({ code: 'import-refused', message });

export function importHistory(text: string, table: PrizeTable = DEFAULT_PRIZE_TABLE, rules: Rules = RULES): Result<HistoryEntry[], ImportError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return refuse(`the file is not JSON: ${(e as Error).message}`);
  }
  if (!isObj(data) || data['format'] !== HISTORY_FILE_FORMAT) {
    return refuse(`the file is not a history export (its "format" must be "${HISTORY_FILE_FORMAT}")`);
  }
  if (data['formatVersion'] !== HISTORY_FILE_VERSION) {
    return refuse(`the file has format version ${JSON.stringify(data['formatVersion'])}; this game reads version ${HISTORY_FILE_VERSION}`);
  }
  const tickets = data['tickets'];
  if (!Array.isArray(tickets)) return refuse('the file has no "tickets" list');
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < tickets.length; i++) {
    const entry = checkFinishedTicket(tickets[i], table, rules);
    if (!entry.ok) return refuse(`ticket ${i + 1}: ${entry.error.message}`);
    entries.push(entry.value);
  }
  return ok(entries);
}
