/**
 * Browser storage for « La poule aux œufs d'or » (issue 5: never lose a ticket; issue 6: tampering detected).
 *
 * DATABASE  IndexedDB "poule-aux-oeufs-dor", version 1, object stores:
 *   current    'current'  → the ticket in play: journal, draws kind, seeded state (demo only), balance before it
 *   wallet     'wallet'   → balance, opening credit, top-ups (ledger entries), meters at opening
 *   block      'block'    → BlockState of the real block being dealt
 *   history    '000000000123' → one finished real ticket per record (journal, stake, balances, finishedAt); last 10 kept
 *   meters     'meters'   → ticketsPlayed, ticketsWon, stakesCents, prizesPaidCents, extrasWon (never reset by the player)
 *   keys       'device'   → the device's HMAC-SHA-256 CryptoKey, non-extractable
 *   quarantine (auto keys) → records set aside: { store, key, raw (exactly as stored), code, message, at }
 * Each record is sealed (src/core/save-format.ts, record-seal.ts): { formatVersion, kind, id, body (canonical JSON),
 * checksum (CRC-32, catches corruption), tag (HMAC with the device key, catches edited bytes and swapped records) }.
 * What the tag does not stop — script run in devtools on the page can sign with the key — is written in
 * record-seal.ts; the game's own checks (journals folded without drawing, amounts against the prize table, the
 * balance against the ledger, meters that hold together) catch single edited figures made that way.
 *
 * USE (real play; demo games stay in memory or use startTicket with a seeded state and clearCurrent)
 *   await askPersistentStorage();                // persistence.ts — 'persisted' | 'best-effort' | 'unsupported'
 *   const lock = await claimTicket();            // ticket-lock.ts — owner false: another tab plays; say so, do not play
 *   const opened = await openStore();            // Result<GameStore, StoreError>
 *     // error.code 'storage-unavailable' (no IndexedDB, private mode, refused) or 'quota-exceeded':
 *     // tell the player tickets cannot be kept on this device
 *   const loaded = await store.load();           // Result<LoadedState, StoreError>, call once before any write
 *     // { current, wallet, block, history (newest first, ≤ 10), meters, problems: StoreProblem[] }
 *     // each problem: { record: 'current' | 'wallet' | 'block' | 'meters' | 'keys' | 'history <id>',
 *     //                 code: 'corrupt' | 'wrong-version' | 'tampered' | 'inconsistent', message }
 *     // bad records are already in quarantine and their part started clean; tell the player what was set aside.
 *     // Resume: Game.fromJournal(loaded.current.journal, new CryptoSource()) — the journal holds every draw made.
 *   await store.startTicket(journal, { block })  // after dealing: pays the stake, saves ticket + wallet + block (1 tx)
 *   await store.saveCurrent(journal)             // after each command, BEFORE showing its events
 *   await store.finishTicket(journal)            // when it ended: history line + meters + prize + clear current (1 tx)
 *   await store.topUp(cents)                     // demo credit, as a ledger entry
 *   await store.quarantined()                    // records set aside, readable, for support
 *   store.exportHistory() / store.importHistory(text)  // JSON for support; import only shows, never pays
 * Every write is one readwrite transaction with { durability: 'strict' }, resolved on 'complete'; each returns
 * Result<…, StoreError> with code 'quota-exceeded' | 'write-failed' | 'storage-unavailable' | 'refused' (a call the
 * store will not do: a journal of another ticket, one that rewrites saved events, a balance too low…). A failed write
 * keeps nothing of its transaction and leaves the store as it was.
 *
 * The session (src/app/ticket-session.ts) can use it unchanged through IndexedDbTicketStore (session-store.ts),
 * which implements its TicketStore interface: `new IndexedDbTicketStore(store)`; read `.problems` after load().
 */
export { openStore, GameStore, type LoadedState, type QuarantinedRecord, type StoreOptions } from './game-store';
export { DB_NAME, STORES, type StoreError, type StoreErrorCode, type StoreName } from './idb';
export type { StoreProblem } from './verify-records';
export { claimTicket, TICKET_LOCK_NAME, type TicketLock, type LockOptions } from './ticket-lock';
export { IndexedDbTicketStore, StoreWriteError } from './session-store';
export { askPersistentStorage } from './persistence';
export type { CurrentTicket, SeededStateData } from '../../core/current-ticket';
export type { HistoryEntry, HistoryRound, HistoryPick } from '../../core/history';
export type { ImportError } from '../../core/history-file';
export type { Meters } from '../../core/meters';
export type { WalletRecord } from '../../core/ledger';
