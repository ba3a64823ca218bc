// Tests only: a fresh fake IndexedDB per test, raw access to the records (as devtools would have), and tickets
// played through the store the way the session plays them.
import { IDBFactory } from 'fake-indexeddb';
import { expect } from 'vitest';
import { BlockDealer } from '../../core/block';
import { Game } from '../../core/game';
import { DEFAULT_PRIZE_TABLE } from '../../core/prize-table';
import type { RandomSource } from '../../core/random-source';
import { sealRecord } from '../../core/record-seal';
import type { RecordKind } from '../../core/save-format';
import { step, testSource } from '../../core/test-support/saved-tickets';
import { DEVICE_KEY_ID } from './device-key';
import { openStore, type GameStore, type LoadedState } from './game-store';
import { openDatabase, readAll, writeAll, type StoreName } from './idb';

export interface Device {
  readonly factory: IDBFactory;
  /** Opens and loads the store, as a page load does. */
  open(): Promise<{ store: GameStore; loaded: LoadedState }>;
  raw(store: StoreName, key: string): Promise<unknown>;
  putRaw(store: StoreName, key: string, value: unknown): Promise<void>;
  deleteRaw(store: StoreName, key: string): Promise<void>;
  /** Rewrites a record's payload and signs it with the device key: the devtools forgery the game's own checks must catch. */
  forge(kind: RecordKind, key: string, edit: (payload: Record<string, unknown>) => unknown): Promise<void>;
}

let clock = Date.parse('2026-12-03T08:00:00.000Z');
export const now = (): string => new Date((clock += 1000)).toISOString();

export function newDevice(): Device {
  const factory = new IDBFactory();
  const db = async () => {
    const r = await openDatabase(factory);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const device: Device = {
    factory,
    async open() {
      const s = await openStore({ factory, now });
      if (!s.ok) throw new Error(s.error.message);
      const loaded = await s.value.load();
      if (!loaded.ok) throw new Error(loaded.error.message);
      return { store: s.value, loaded: loaded.value };
    },
    async raw(store, key) {
      const d = await db();
      const r = await readAll(d, [store]);
      d.close();
      if (!r.ok) throw new Error(r.error.message);
      return r.value.get(store)?.get(key);
    },
    async putRaw(store, key, value) {
      const d = await db();
      await writeAll(d, [store], (tx) => tx.objectStore(store).put(value, key), 'test put');
      d.close();
    },
    async deleteRaw(store, key) {
      const d = await db();
      await writeAll(d, [store], (tx) => tx.objectStore(store).delete(key), 'test delete');
      d.close();
    },
    async forge(kind, key, edit) {
      const record = (await device.raw(kind, key)) as { body: string };
      const deviceKey = (await device.raw('keys', DEVICE_KEY_ID)) as CryptoKey;
      const payload = edit(JSON.parse(record.body) as Record<string, unknown>);
      await device.putRaw(kind, key, await sealRecord(kind, key, payload, deviceKey));
    },
  };
  return device;
}

/** A real-ticket game played through the store command by command, with reproducible draws. */
export class StoreTicket {
  readonly game: Game;
  private readonly bot: RandomSource;

  constructor(
    /** Changed by a test to go on playing on the store of a reloaded page. */
    public store: GameStore,
    readonly dealer: BlockDealer,
    seed: number,
  ) {
    const source = testSource(seed, 'crypto');
    this.game = Game.start(dealer.deal(source), source);
    this.bot = testSource(seed + 7);
  }

  async start(): Promise<void> {
    const r = await this.store.startTicket(this.game.journal, { block: this.dealer.state() });
    expect(r.ok ? 'ok' : r.error.message).toBe('ok');
  }

  /** One command, saved before anyone would be shown it; false once the ticket has ended. */
  async step(): Promise<boolean> {
    if (!step(this.game, this.bot)) return false;
    const r = await this.store.saveCurrent(this.game.journal);
    expect(r.ok ? 'ok' : r.error.message).toBe('ok');
    return true;
  }

  /** Plays on and files the ticket; returns the balance after it. */
  async playToEnd(): Promise<number> {
    while (await this.step());
    const r = await this.store.finishTicket(this.game.journal);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.wallet.balanceCents;
  }
}

export const newDealer = (): BlockDealer => new BlockDealer(DEFAULT_PRIZE_TABLE);

/** The first seed from `from` whose StoreTicket, first of a fresh block, is won: found by playing, never by forcing a draw. */
export function firstWonSeed(from: number): number {
  for (let seed = from; ; seed++) {
    const source = testSource(seed, 'crypto');
    const game = Game.start(newDealer().deal(source), source);
    const bot = testSource(seed + 7);
    while (step(game, bot));
    if (game.snapshot().result?.outcome === 'won') return seed;
  }
}
