import type { BlockState } from '../../core/block';
import type { CurrentTicket } from '../../core/current-ticket';
import type { HistoryEntry } from '../../core/history';
import type { WalletRecord } from '../../core/ledger';
import type { Meters } from '../../core/meters';
import type { PrizeTable } from '../../core/prize-table';
import type { Rules } from '../../core/rules';
import type { RecordProblemCode } from '../../core/save-format';
import type { StoreName } from './idb';
import type { StoreProblem } from './verify-records';

/** What the game finds on start, every part checked; anything wrong is in `problems` and was set aside. */
export interface LoadedState {
  /** The unfinished ticket to resume (its phase may be 'ended' if the power went between its last event and its filing). */
  readonly current: CurrentTicket | null;
  readonly wallet: WalletRecord;
  readonly block: BlockState | null;
  /** The last HISTORY_LENGTH finished tickets, newest first. */
  readonly history: readonly HistoryEntry[];
  readonly meters: Meters;
  readonly problems: readonly StoreProblem[];
}

/** A record kept aside, as it was stored, with why and when. */
export interface QuarantinedRecord {
  readonly id: number;
  readonly store: StoreName;
  readonly key: string;
  readonly raw: unknown;
  readonly code: RecordProblemCode;
  readonly message: string;
  readonly at: string;
}

export interface StoreOptions {
  /** IndexedDB itself; tests pass a stub to refuse it. */
  readonly factory?: IDBFactory;
  readonly table?: PrizeTable;
  readonly rules?: Rules;
  /** The clock for finishedAt, top-ups and quarantine times (ISO 8601). */
  readonly now?: () => string;
}
