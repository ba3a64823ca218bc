import type { BlockState } from '../../core/block';
import { stakeOf, type CurrentTicket, type SeededStateData } from '../../core/current-ticket';
import type { GameEvent } from '../../core/events';
import { historyEntry, HISTORY_LENGTH, type HistoryEntry } from '../../core/history';
import { exportHistory, importHistory, type ImportError } from '../../core/history-file';
import type { WalletRecord } from '../../core/ledger';
import { topUp as addTopUp } from '../../core/ledger';
import { addTicket, type Meters } from '../../core/meters';
import { DEFAULT_PRIZE_TABLE, type PrizeTable } from '../../core/prize-table';
import { sealRecord } from '../../core/record-seal';
import { replayJournal } from '../../core/replay';
import { err, ok, type Result } from '../../core/result';
import { RULES, type Rules } from '../../core/rules';
import { canonicalJson, type RecordKind } from '../../core/save-format';
import { DEVICE_KEY_ID, deviceKey } from './device-key';
import { STORES, openDatabase, readAll, storeError, writeAll, type StoreError } from './idb';
import type { LoadedState, QuarantinedRecord, StoreOptions } from './store-types';
import { SINGLE_KEY, verifyRecords } from './verify-records';

export type { LoadedState, QuarantinedRecord, StoreOptions } from './store-types';

interface Loaded {
  current: CurrentTicket | null;
  wallet: WalletRecord;
  meters: Meters;
  block: BlockState | null;
  history: { id: string; entry: HistoryEntry }[];
}

const refused = (message: string): Result<never, StoreError> => err(storeError('refused', message));
const serialOf = (j: readonly GameEvent[]): string => (j[0]?.type === 'ticketIssued' ? JSON.stringify(j[0].ticket.serial) : '');
const historyId = (n: number): string => String(n).padStart(12, '0');

/** Opens the database and the device key. See index.ts for the whole API and how the app uses it. */
export async function openStore(options: StoreOptions = {}): Promise<Result<GameStore, StoreError>> {
  const db = await openDatabase('factory' in options ? options.factory : globalThis.indexedDB);
  if (!db.ok) return db;
  const keys = await readAll(db.value, ['keys']);
  if (!keys.ok) return keys;
  const key = await deviceKey(db.value, keys.value.get('keys')?.get(DEVICE_KEY_ID));
  if (!key.ok) return key;
  return ok(new GameStore(db.value, key.value.key, key.value.fresh, options));
}

export class GameStore {
  private s: Loaded | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly table: PrizeTable;
  private readonly rules: Rules;
  private readonly now: () => string;

  constructor(
    private readonly db: IDBDatabase,
    private readonly key: CryptoKey,
    private freshKey: boolean,
    options: StoreOptions,
  ) {
    this.table = options.table ?? DEFAULT_PRIZE_TABLE;
    this.rules = options.rules ?? RULES;
    this.now = options.now ?? (() => new Date().toISOString());
  }

  /** The ticket in play as last saved (null before load() or between tickets). */
  get current(): CurrentTicket | null {
    return this.s?.current ?? null;
  }

  /** The wallet as last saved (null before load()). */
  get wallet(): WalletRecord | null {
    return this.s?.wallet ?? null;
  }

  /** The block's dealing state as last saved. */
  get block(): BlockState | null {
    return this.s?.block ?? null;
  }

  /** The kept history, newest first (empty before load()). */
  get history(): readonly HistoryEntry[] {
    return (this.s?.history ?? []).slice(0, HISTORY_LENGTH).map((h) => h.entry);
  }

  /** The meters as last saved (null before load()). */
  get meters(): Meters | null {
    return this.s?.meters ?? null;
  }

  /** Reads and checks everything; bad records go to quarantine and their part starts clean. Call it before any write. */
  load(): Promise<Result<LoadedState, StoreError>> {
    return this.serial(async () => {
      const raw = await readAll(this.db, STORES.filter((n) => n !== 'quarantine'));
      if (!raw.ok) return raw;
      const v = await verifyRecords(raw.value, this.key, this.freshKey, this.table, this.rules);
      const at = this.now();
      const sealed = await Promise.all(
        (['wallet', 'meters', 'current'] as const).flatMap((kind) => {
          const payload = v.rewrite[kind];
          return payload ? [this.seal(kind, SINGLE_KEY[kind], payload)] : [];
        }),
      );
      const written = await writeAll(this.db, ['quarantine', 'current', 'wallet', 'block', 'history', 'meters'], (tx) => {
        for (const m of v.moves) {
          tx.objectStore('quarantine').add({ store: m.store, key: String(m.key), raw: m.raw, code: m.problem.code, message: m.problem.message, at });
          tx.objectStore(m.store).delete(m.key);
        }
        for (const r of sealed) tx.objectStore(r.kind).put(r, r.id);
      }, 'setting bad records aside');
      if (!written.ok) return written;
      this.freshKey = false;
      this.s = { current: v.current, wallet: v.wallet, meters: v.meters, block: v.block, history: [...v.history] };
      return ok({
        current: v.current,
        wallet: v.wallet,
        block: v.block,
        history: v.history.slice(0, HISTORY_LENGTH).map((h) => h.entry),
        meters: v.meters,
        problems: v.problems,
      });
    });
  }

  /**
   * A ticket was just dealt (journal = [ticketIssued], or more): pays its stake (real tickets only) and saves it with
   * the wallet and the block's new state, in one transaction, before anything of it is shown.
   */
  startTicket(journal: readonly GameEvent[], extra: { seededState?: SeededStateData | null; block?: BlockState | null } = {}): Promise<Result<WalletRecord, StoreError>> {
    return this.serial(async () => {
      const s = this.s;
      if (!s) return refused('load the store before writing');
      if (s.current) return refused('a ticket is already in play: finish it first');
      const game = replayJournal(journal, this.rules);
      if (!game.ok) return refused(game.error.message);
      const draws = game.value.snapshot().draws;
      const seededState = extra.seededState ?? null;
      if ((draws === 'seeded') !== (seededState !== null)) return refused('a seeded state is required for a demo game, and only for one');
      const stake = stakeOf(draws, this.rules);
      if (s.wallet.balanceCents < stake) return refused(`balance ${s.wallet.balanceCents} cents is below the stake ${stake} cents`);
      const current: CurrentTicket = { journal: [...journal], draws, seededState, balanceBeforeCents: s.wallet.balanceCents };
      const wallet: WalletRecord = { ...s.wallet, balanceCents: s.wallet.balanceCents - stake };
      const records = [await this.seal('current', 'current', current), await this.seal('wallet', 'wallet', wallet)];
      if (extra.block) records.push(await this.seal('block', 'block', extra.block));
      const w = await this.put(records, 'saving the new ticket');
      if (!w.ok) return w;
      s.current = current;
      s.wallet = wallet;
      if (extra.block) s.block = extra.block;
      return ok(wallet);
    });
  }

  /** Saves the ticket in play after a command, before its events are shown. The journal must extend the saved one. */
  saveCurrent(journal: readonly GameEvent[], seededState: SeededStateData | null = null): Promise<Result<void, StoreError>> {
    return this.serial(async () => {
      const checked = this.checkContinues(journal);
      if (!checked.ok) return checked;
      const s = this.s!;
      const current: CurrentTicket = { ...s.current!, journal: [...journal], seededState: s.current!.draws === 'seeded' ? seededState : null };
      if (current.draws === 'seeded' && !seededState) return refused('a demo game needs its seeded state to continue');
      const w = await this.put([await this.seal('current', 'current', current)], 'saving the ticket');
      if (w.ok) s.current = current;
      return w;
    });
  }

  /**
   * Files the ended real ticket in play: its history line, the meters, the prize into the wallet, and the current
   * ticket cleared — one transaction, so a prize is never paid twice nor a ticket filed without its prize.
   */
  finishTicket(journal: readonly GameEvent[]): Promise<Result<{ entry: HistoryEntry; wallet: WalletRecord; meters: Meters }, StoreError>> {
    return this.serial(async () => {
      const checked = this.checkContinues(journal);
      if (!checked.ok) return checked;
      const s = this.s!;
      const current = s.current!;
      if (current.draws !== 'crypto') return refused('a demo game is not filed in the history: clear it with clearCurrent()');
      const game = replayJournal(journal, this.rules);
      const result = game.ok ? game.value.snapshot().result : null;
      if (!result) return refused('the ticket has not ended');
      const stakeCents = stakeOf(current.draws, this.rules);
      const wallet: WalletRecord = { ...s.wallet, balanceCents: s.wallet.balanceCents + result.prizeCents };
      const entry = historyEntry(
        { journal: [...journal], stakeCents, balanceBeforeCents: current.balanceBeforeCents, balanceAfterCents: wallet.balanceCents, finishedAt: this.now() },
        this.table,
        this.rules,
      );
      if (!entry.ok) return refused(entry.error.message);
      const meters = addTicket(s.meters, journal, stakeCents, this.rules);
      if (!meters.ok) return refused(meters.error.message);
      const last = s.history[0];
      const id = historyId(last ? Number(last.id) + 1 : 1);
      const { journal: j, stakeCents: st, balanceBeforeCents: b, balanceAfterCents: a, finishedAt: f } = entry.value;
      const records = [
        await this.seal('history', id, { journal: j, stakeCents: st, balanceBeforeCents: b, balanceAfterCents: a, finishedAt: f }),
        await this.seal('meters', 'meters', meters.value),
        await this.seal('wallet', 'wallet', wallet),
      ];
      const history = [{ id, entry: entry.value }, ...s.history];
      const dropped = history.slice(HISTORY_LENGTH);
      const w = await writeAll(this.db, ['history', 'meters', 'wallet', 'current'], (tx) => {
        for (const r of records) tx.objectStore(r.kind).put(r, r.id);
        for (const d of dropped) tx.objectStore('history').delete(d.id);
        tx.objectStore('current').delete('current');
      }, 'filing the finished ticket');
      if (!w.ok) return w;
      s.history = history.slice(0, HISTORY_LENGTH);
      s.meters = meters.value;
      s.wallet = wallet;
      s.current = null;
      return ok({ entry: entry.value, wallet, meters: meters.value });
    });
  }

  /** Drops the demo game in play (demo games cost nothing, pay nothing and are not filed). Real tickets are finished instead. */
  clearCurrent(): Promise<Result<void, StoreError>> {
    return this.serial(async () => {
      const s = this.s;
      if (!s) return refused('load the store before writing');
      if (s.current?.draws === 'crypto') return refused('a real ticket is never dropped: finish it');
      const w = await writeAll(this.db, ['current'], (tx) => tx.objectStore('current').delete('current'), 'clearing the demo game');
      if (w.ok) s.current = null;
      return w;
    });
  }

  /**
   * Adds demo credit, as an entry of the ledger. During a ticket it counts as added just before the ticket (its
   * "balance before" grows with it), so the ticket's history line still adds up: after = before − stake + prize.
   */
  topUp(cents: number): Promise<Result<WalletRecord, StoreError>> {
    return this.serial(async () => {
      const s = this.s;
      if (!s) return refused('load the store before writing');
      const next = addTopUp(s.wallet, cents, this.now());
      if (!next.ok) return refused(next.error.message);
      const current = s.current ? { ...s.current, balanceBeforeCents: s.current.balanceBeforeCents + cents } : null;
      const records = [await this.seal('wallet', 'wallet', next.value)];
      if (current) records.push(await this.seal('current', 'current', current));
      const w = await this.put(records, 'saving the top-up');
      if (!w.ok) return w;
      s.wallet = next.value;
      s.current = current;
      return ok(next.value);
    });
  }

  /** Saves the block's dealing state on its own (startTicket already saves it with each new ticket). */
  saveBlock(block: BlockState): Promise<Result<void, StoreError>> {
    return this.serial(async () => {
      if (!this.s) return refused('load the store before writing');
      const w = await this.put([await this.seal('block', 'block', block)], 'saving the block');
      if (w.ok) this.s.block = block;
      return w;
    });
  }

  /** Every record set aside so far, oldest first, exactly as it was stored. */
  async quarantined(): Promise<Result<QuarantinedRecord[], StoreError>> {
    const r = await readAll(this.db, ['quarantine']);
    if (!r.ok) return r;
    // Written by load() only, in the shape of QuarantinedRecord minus its key.
    return ok([...(r.value.get('quarantine') ?? new Map<IDBValidKey, unknown>())].map(([id, q]) => ({ ...(q as Omit<QuarantinedRecord, 'id'>), id: Number(id) })));
  }

  /** The saved history (newest first) as a JSON file for support. */
  exportHistory(): string {
    return exportHistory((this.s?.history ?? []).map((h) => h.entry), this.now());
  }

  /** Reads a history file for the « Historique » view only: nothing is saved, paid or metered from it. */
  importHistory(text: string): Result<HistoryEntry[], ImportError> {
    return importHistory(text, this.table, this.rules);
  }

  close(): void {
    this.db.close();
  }

  /** One operation at a time, in call order: a write never interleaves with another or with a load. */
  private serial<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private seal(kind: RecordKind, id: string, payload: unknown) {
    return sealRecord(kind, id, payload, this.key);
  }

  private put(records: readonly { kind: RecordKind; id: string }[], doing: string): Promise<Result<void, StoreError>> {
    const stores = [...new Set(records.map((r) => r.kind))];
    return writeAll(this.db, stores, (tx) => records.forEach((r) => tx.objectStore(r.kind).put(r, r.id)), doing);
  }

  /** The journal is the ticket in play, grown: same ticket, every saved event kept in place, and it folds. */
  private checkContinues(journal: readonly GameEvent[]): Result<void, StoreError> {
    const s = this.s;
    if (!s) return refused('load the store before writing');
    if (!s.current) return refused('no ticket is in play');
    const saved = s.current.journal;
    if (serialOf(journal) !== serialOf(saved)) return refused('this journal is another ticket than the one in play');
    if (journal.length < saved.length || saved.some((e, i) => canonicalJson(e) !== canonicalJson(journal[i]))) {
      return refused('this journal rewrites events already saved');
    }
    const game = replayJournal(journal, this.rules);
    return game.ok ? ok(undefined) : refused(game.error.message);
  }
}
