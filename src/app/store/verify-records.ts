import type { BlockState } from '../../core/block';
import { checkBlockState, checkCurrentTicket, stakeOf, type CurrentTicket } from '../../core/current-ticket';
import { checkFinishedTicket, type HistoryEntry } from '../../core/history';
import { checkLedger, checkWalletRecord, expectedBalance, openWallet, type WalletRecord } from '../../core/ledger';
import { ZERO_METERS, checkMeters, type Meters } from '../../core/meters';
import type { PrizeTable } from '../../core/prize-table';
import { openRecord } from '../../core/record-seal';
import type { Result } from '../../core/result';
import type { Rules } from '../../core/rules';
import { problem, type RecordKind, type RecordProblem, type RecordProblemCode } from '../../core/save-format';
import type { StoreName } from './idb';

/** One thing found wrong on load: which record, what kind of fault, in words, and whether it was set aside. */
export interface StoreProblem {
  /** 'current', 'wallet', 'block', 'meters', 'keys', or 'history <id>'. */
  readonly record: string;
  readonly code: RecordProblemCode;
  readonly message: string;
}

/** A record to move to the quarantine store, exactly as it was stored. */
export interface QuarantineMove {
  readonly store: StoreName;
  readonly key: IDBValidKey;
  readonly raw: unknown;
  readonly problem: StoreProblem;
}

/** What survives the checks, what is set aside, and what must be written fresh in its place. */
export interface Verified {
  readonly current: CurrentTicket | null;
  readonly wallet: WalletRecord;
  readonly block: BlockState | null;
  readonly meters: Meters;
  /** Newest first, every valid entry (pruning to HISTORY_LENGTH happens on write). */
  readonly history: readonly { readonly id: string; readonly entry: HistoryEntry }[];
  readonly problems: readonly StoreProblem[];
  readonly moves: readonly QuarantineMove[];
  /** Parts started clean or corrected on load, to be written back sealed in the same transaction as the moves. */
  readonly rewrite: { wallet?: WalletRecord; meters?: Meters; current?: CurrentTicket };
}

export type RawStores = ReadonlyMap<StoreName, ReadonlyMap<IDBValidKey, unknown>>;

/** The one key each single-record store keeps its record under. */
export const SINGLE_KEY: Record<Exclude<RecordKind, 'history'>, string> = {
  current: 'current',
  wallet: 'wallet',
  block: 'block',
  meters: 'meters',
};

/**
 * Checks everything read from storage, from the bytes up: envelope, version, checksum, device tag, shape, the game's
 * rules (journals folded without drawing), then the records against each other (the wallet against the ledger).
 * Pure apart from crypto.subtle: it decides, the store carries the decision out in one transaction.
 */
export async function verifyRecords(raw: RawStores, key: CryptoKey, freshKey: boolean, table: PrizeTable, rules: Rules): Promise<Verified> {
  const problems: StoreProblem[] = [];
  const moves: QuarantineMove[] = [];
  const rewrite: { wallet?: WalletRecord; meters?: Meters; current?: CurrentTicket } = {};
  const setAside = (store: StoreName, k: IDBValidKey, value: unknown, record: string, p: RecordProblem): void => {
    const sp: StoreProblem = { record, code: p.code, message: p.message };
    problems.push(sp);
    moves.push({ store, key: k, raw: value, problem: sp });
  };

  const anyRecord = [...raw].some(([name, m]) => name !== 'keys' && name !== 'quarantine' && m.size > 0);
  if (freshKey && anyRecord) {
    problems.push({
      record: 'keys',
      code: 'tampered',
      message: "this device's key was missing: the saved records cannot be authenticated and are set aside",
    });
  }

  /** Opens a single record and checks its payload; null when absent or set aside. */
  async function single<T>(kind: Exclude<RecordKind, 'history'>, check: (payload: unknown) => Result<T, RecordProblem>): Promise<T | null> {
    const store = raw.get(kind) ?? new Map<IDBValidKey, unknown>();
    for (const [k, value] of store) {
      if (k !== SINGLE_KEY[kind]) setAside(kind, k, value, kind, problem('corrupt', `unexpected record "${String(k)}" in ${kind}`));
    }
    if (!store.has(SINGLE_KEY[kind])) return null;
    const value = store.get(SINGLE_KEY[kind]);
    const opened = await openRecord(value, kind, SINGLE_KEY[kind], key);
    const checked = opened.ok ? check(opened.value) : opened;
    if (checked.ok) return checked.value;
    setAside(kind, SINGLE_KEY[kind], value, kind, checked.error);
    return null;
  }

  let current = (await single('current', (p) => checkCurrentTicket(p, table, rules)))?.ticket ?? null;
  const walletRead = await single('wallet', checkWalletRecord);
  const block = await single('block', (p) => checkBlockState(p, table, rules));
  let meters = await single('meters', (p) => checkMeters(p, rules));

  const history: { id: string; entry: HistoryEntry }[] = [];
  for (const [k, value] of raw.get('history') ?? new Map<IDBValidKey, unknown>()) {
    const id = String(k);
    const opened = typeof k === 'string' ? await openRecord(value, 'history', id, key) : null;
    const checked = opened === null ? null : opened.ok ? checkFinishedTicket(opened.value, table, rules) : opened;
    if (checked?.ok) history.push({ id, entry: checked.value });
    else setAside('history', k, value, `history ${id}`, checked ? checked.error : problem('corrupt', `history key ${id} is not a text key`));
  }
  history.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

  const metersStored = raw.get('meters')?.has(SINGLE_KEY.meters) ?? false;
  if (!metersStored && walletRead && !freshKey && (walletRead.metersAtOpening.stakesCents > 0 || history.length > 0)) {
    problems.push({ record: 'meters', code: 'tampered', message: 'the meters record is missing while tickets were played' });
  }
  const metersLost = metersStored && !meters;
  if (!meters) {
    meters = ZERO_METERS;
    rewrite.meters = meters;
  }

  // The wallet against the ledger, counting the stake of the ticket in play.
  const currentLost = !current && moves.some((m) => m.store === 'current');
  let stakeInPlay = current ? stakeOf(current.draws, rules) : 0;
  let wallet = walletRead;
  const giveBack = (w: WalletRecord, why: string): WalletRecord => {
    const refunded = { ...w, balanceCents: w.balanceCents + rules.ticketPriceCents };
    rewrite.wallet = refunded;
    problems.push({ record: 'wallet', code: 'inconsistent', message: `the stake of the ticket set aside (${rules.ticketPriceCents} cents) was given back: ${why}` });
    return refunded;
  };
  if (wallet) {
    let ledger = checkLedger(wallet, meters, stakeInPlay);
    // A real ticket set aside on its own faults was paid for: its stake goes back (the ledger then balances without it).
    if (ledger && currentLost && checkLedger(wallet, meters, rules.ticketPriceCents) === null) {
      wallet = giveBack(wallet, 'it could not be played');
      ledger = null;
    }
    if (ledger) {
      const why = metersLost ? problem('inconsistent', 'the wallet cannot be checked against the ledger: the meters were set aside') : ledger;
      setAside('wallet', SINGLE_KEY.wallet, raw.get('wallet')?.get(SINGLE_KEY.wallet), 'wallet', why);
      // Either figure may be the edited one: neither is trusted, both are kept aside for inspection.
      if (!rewrite.meters) {
        setAside('meters', SINGLE_KEY.meters, raw.get('meters')?.get(SINGLE_KEY.meters), 'meters', ledger);
        meters = ZERO_METERS;
        rewrite.meters = meters;
      }
      wallet = null;
    }
  }
  // The wallet balances, and nothing moves it while a ticket is in play: the ticket's "balance before" must be the
  // wallet's plus its stake, or the ticket was edited.
  if (current && wallet && wallet.balanceCents !== current.balanceBeforeCents - stakeInPlay) {
    setAside('current', SINGLE_KEY.current, raw.get('current')?.get(SINGLE_KEY.current), 'current',
      problem('inconsistent', `the current ticket says the balance was ${current.balanceBeforeCents} cents before it, the wallet disagrees`));
    if (stakeInPlay > 0) wallet = giveBack(wallet, 'it could not be played');
    current = null;
    stakeInPlay = 0;
  }
  if (!wallet) {
    const w = openWallet(meters);
    // A ticket still in play was paid for: the clean wallet starts with its stake already taken, and the ticket's
    // "balance before" is the clean wallet's, so its history line adds up.
    wallet = { ...w, balanceCents: w.openingCents - stakeInPlay };
    if (expectedBalance(wallet, meters, stakeInPlay) !== wallet.balanceCents) throw new Error('store bug: a fresh wallet does not balance');
    rewrite.wallet = wallet;
    if (current && current.balanceBeforeCents !== w.openingCents) {
      current = { ...current, balanceBeforeCents: w.openingCents };
      rewrite.current = current;
    }
  }
  return { current, wallet, block, meters, history, problems, moves, rewrite };
}
