// Issue 6: saved data edited or corrupted is detected, set aside with its reason, reported, and never played or paid.
import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameEvent } from '../../core/events';
import { crc32 } from '../../core/save-format';
import { openStore } from './game-store';
import { StoreTicket, firstWonSeed, newDealer, newDevice, type Device } from './store-test-kit';

type Payload = Record<string, unknown>;

/** Two tickets filed, a third in play: every kind of record is on the device. */
async function playedDevice(): Promise<{ device: Device; inPlay: StoreTicket }> {
  const device = newDevice();
  const { store } = await device.open();
  const dealer = newDealer();
  // Seeds chosen so the first filed ticket is won (its prize is there to edit).
  for (const seed of [wonSeed, 31]) {
    const t = new StoreTicket(store, dealer, seed);
    await t.start();
    await t.playToEnd();
  }
  const inPlay = new StoreTicket(store, dealer, 40);
  await inPlay.start();
  await inPlay.step();
  await inPlay.step();
  store.close();
  return { device, inPlay };
}

/** Edits the stored bytes and recomputes the public checksum, without the key: a storage-panel edit. */
async function editBytes(device: Device, store: 'current' | 'wallet' | 'meters' | 'history', key: string, edit: (body: string) => string): Promise<void> {
  const r = (await device.raw(store, key)) as Payload;
  const body = edit(r['body'] as string);
  await device.putRaw(store, key, { ...r, body, checksum: crc32(body) });
}

const mapJournal = (p: Payload, f: (e: GameEvent) => GameEvent): Payload => ({ ...p, journal: (p['journal'] as GameEvent[]).map(f) });

async function reopen(device: Device) {
  const { store, loaded } = await device.open();
  const q = await store.quarantined();
  if (!q.ok) throw new Error(q.error.message);
  store.close();
  return { loaded, quarantine: q.value, problem: (record: string) => loaded.problems.find((p) => p.record.startsWith(record)) };
}

const wonSeed = firstWonSeed(20);

describe('the current ticket, corrupt or edited, is never resumed', () => {
  it('bad JSON (checksum recomputed): corrupt, set aside, its stake given back, the game starts clean', async () => {
    const { device } = await playedDevice();
    const before = (await device.open()).loaded.wallet.balanceCents;
    await editBytes(device, 'current', 'current', (b) => b.slice(0, -5));
    const { loaded, quarantine, problem } = await reopen(device);
    expect(problem('current')).toMatchObject({ code: 'corrupt', message: expect.stringMatching(/not valid JSON/) });
    expect(loaded.current).toBeNull();
    expect(loaded.wallet.balanceCents).toBe(before + 200);
    expect(problem('wallet')?.message).toMatch(/stake of the ticket set aside \(200 cents\) was given back/);
    expect(quarantine).toHaveLength(1);
    expect(quarantine[0]).toMatchObject({ store: 'current', key: 'current', code: 'corrupt' });
    expect(Date.parse(quarantine[0]!.at)).not.toBeNaN();
    expect((quarantine[0]!.raw as Payload)['body']).toMatch(/ticketIssued/); // kept as it was, readable
    // The next load is clean: the refund balanced the ledger.
    expect((await reopen(device)).loaded.problems).toEqual([]);
  });

  it('a wrong checksum: corrupt', async () => {
    const { device } = await playedDevice();
    const r = (await device.raw('current', 'current')) as Payload;
    await device.putRaw('current', 'current', { ...r, body: (r['body'] as string).replace('"pick":1', '"pick":2') });
    const { loaded, problem } = await reopen(device);
    expect(problem('current')).toMatchObject({ code: 'corrupt', message: expect.stringMatching(/checksum does not match/) });
    expect(loaded.current).toBeNull();
  });

  it('another format version: wrong-version, kept aside', async () => {
    const { device } = await playedDevice();
    const r = (await device.raw('current', 'current')) as Payload;
    await device.putRaw('current', 'current', { ...r, formatVersion: 2 });
    const { loaded, quarantine, problem } = await reopen(device);
    expect(problem('current')).toMatchObject({ code: 'wrong-version', message: expect.stringMatching(/format version 2; this game reads version 1/) });
    expect(loaded.current).toBeNull();
    expect(quarantine.map((q) => q.code)).toEqual(['wrong-version']);
  });

  it('an edited element, bytes edited: tampered (the device key did not sign it)', async () => {
    const { device } = await playedDevice();
    await editBytes(device, 'current', 'current', (b) => b.replace(/"element":"(chick|empty)"/, '"element":"egg"'));
    const { loaded, problem } = await reopen(device);
    expect(problem('current')).toMatchObject({ code: 'tampered', message: expect.stringMatching(/not signed by this device's key/) });
    expect(loaded.current).toBeNull();
  });

  it('an edited element, re-signed with the key: the fold refuses it (journal inconsistent)', async () => {
    const { device } = await playedDevice();
    await device.forge('current', 'current', (p) =>
      mapJournal(p, (e) => (e.type === 'henLifted' && e.pick === 1 ? { ...e, element: 'egg' } : e)),
    );
    const { loaded, problem } = await reopen(device);
    expect(problem('current')).toMatchObject({ code: 'inconsistent', message: expect.stringMatching(/journal inconsistent/) });
    expect(loaded.current).toBeNull();
  });

  it('an edited "balance before", re-signed: the wallet disagrees; the ticket is set aside and its stake given back', async () => {
    const { device } = await playedDevice();
    const before = (await device.open()).loaded.wallet.balanceCents;
    await device.forge('current', 'current', (p) => ({ ...p, balanceBeforeCents: 100_000 }));
    const { loaded, problem } = await reopen(device);
    expect(problem('current')?.message).toMatch(/says the balance was 100000 cents before it, the wallet disagrees/);
    expect(loaded.current).toBeNull();
    expect(loaded.wallet.balanceCents).toBe(before + 200);
    expect((await reopen(device)).loaded.problems).toEqual([]);
  });

  it('edited amounts, re-signed: refused against the ticket and the prize table', async () => {
    const { device } = await playedDevice();
    await device.forge('current', 'current', (p) =>
      mapJournal(p, (e) => (e.type === 'scratchRevealed' ? { ...e, a1Cents: 3_000_000 } : e)),
    );
    expect((await reopen(device)).problem('current')?.message).toMatch(/revealed amounts differ from the ticket/);
    const { device: d2 } = await playedDevice();
    await d2.forge('current', 'current', (p) =>
      mapJournal(p, (e) =>
        e.type === 'ticketIssued' ? { ...e, ticket: { ...e.ticket, a1Cents: 2_999_900 } }
        : e.type === 'scratchRevealed' ? { ...e, a1Cents: 2_999_900 } : e),
    );
    const { loaded, problem } = await reopen(d2);
    expect(problem('current')?.message).toMatch(/not a pair of the prize table/);
    expect(loaded.current).toBeNull();
  });
});

describe('history, wallet and meters, edited, are never paid', () => {
  it('an edited prize in a filed ticket, re-signed: inconsistent, the line is dropped from the history and kept aside', async () => {
    const { device } = await playedDevice();
    const wonId = '000000000001';
    await device.forge('history', wonId, (p) =>
      mapJournal(p, (e) => (e.type === 'roundWon' || e.type === 'ticketEnded' ? { ...e, prizeCents: e.prizeCents + 10_000 } : e)),
    );
    const { loaded, quarantine, problem } = await reopen(device);
    expect(problem(`history ${wonId}`)).toMatchObject({ code: 'inconsistent', message: expect.stringMatching(/journal inconsistent/) });
    expect(loaded.history.map((e) => e.serial.index)).toEqual([2]);
    expect(quarantine.map((q) => [q.store, q.key])).toEqual([['history', wonId]]);
  });

  it('an edited balance in a filed ticket: tampered by bytes, inconsistent when re-signed', async () => {
    const { device } = await playedDevice();
    await editBytes(device, 'history', '000000000002', (b) => b.replace(/"balanceAfterCents":\d+/, '"balanceAfterCents":99999'));
    expect((await reopen(device)).problem('history 000000000002')?.code).toBe('tampered');
    const { device: d2 } = await playedDevice();
    await d2.forge('history', '000000000002', (p) => ({ ...p, balanceAfterCents: 99_999 }));
    expect((await reopen(d2)).problem('history 000000000002')).toMatchObject({
      code: 'inconsistent',
      message: expect.stringMatching(/balance after 99999 cents, expected/),
    });
  });

  it('a filed ticket copied onto another one’s place: tampered', async () => {
    const { device } = await playedDevice();
    await device.putRaw('history', '000000000003', await device.raw('history', '000000000001'));
    const { loaded, problem } = await reopen(device);
    expect(problem('history 000000000003')?.message).toMatch(/claims to be history "000000000001"/);
    expect(loaded.history).toHaveLength(2);
  });

  it('an edited balance, re-signed: the ledger refuses it; wallet and meters are set aside and start clean', async () => {
    const { device } = await playedDevice();
    await device.forge('wallet', 'wallet', (p) => ({ ...p, balanceCents: (p['balanceCents'] as number) + 10_000 }));
    const { loaded, quarantine, problem } = await reopen(device);
    expect(problem('wallet')).toMatchObject({ code: 'inconsistent', message: expect.stringMatching(/does not match the ledger/) });
    expect(loaded.wallet.balanceCents).toBe(2000 - 200); // clean credit, the ticket in play already paid for
    expect(loaded.meters.ticketsPlayed).toBe(0);
    expect(quarantine.map((q) => q.store).sort()).toEqual(['meters', 'wallet']);
    expect(loaded.current).not.toBeNull(); // the ticket in play itself is sound and still plays
    expect((await reopen(device)).loaded.problems).toEqual([]);
  });

  it('an edited balance, bytes edited: tampered', async () => {
    const { device } = await playedDevice();
    await editBytes(device, 'wallet', 'wallet', (b) => b.replace(/"balanceCents":\d+/, '"balanceCents":500000'));
    const { loaded, problem } = await reopen(device);
    expect(problem('wallet')?.code).toBe('tampered');
    expect(loaded.wallet.balanceCents).toBe(1800);
  });

  it('edited meters, re-signed: a prize meter breaks the ledger, a ticket count breaks the meters themselves', async () => {
    const { device } = await playedDevice();
    await device.forge('meters', 'meters', (p) => ({ ...p, prizesPaidCents: (p['prizesPaidCents'] as number) + 5000 }));
    const first = await reopen(device);
    expect(first.problem('wallet')?.message).toMatch(/the balance or the meters were edited/);
    expect(first.quarantine.map((q) => q.store).sort()).toEqual(['meters', 'wallet']);
    expect(first.loaded.meters.prizesPaidCents).toBe(0);

    const { device: d2 } = await playedDevice();
    await d2.forge('meters', 'meters', (p) => ({ ...p, ticketsPlayed: (p['ticketsPlayed'] as number) + 1 }));
    const second = await reopen(d2);
    expect(second.problem('meters')).toMatchObject({ code: 'inconsistent', message: expect.stringMatching(/stakes 400 cents for 3 tickets/) });
    expect(second.loaded.meters.ticketsPlayed).toBe(0);
  });

  it('edited meters, bytes edited: tampered', async () => {
    const { device } = await playedDevice();
    await editBytes(device, 'meters', 'meters', (b) => b.replace(/"ticketsPlayed":\d+/, '"ticketsPlayed":99'));
    expect((await reopen(device)).problem('meters')?.code).toBe('tampered');
  });

  it('after the wallet starts clean, the sound ticket in play still finishes and its history line adds up', async () => {
    const { device, inPlay } = await playedDevice();
    await editBytes(device, 'meters', 'meters', (b) => b.replace(/"ticketsPlayed":\d+/, '"ticketsPlayed":99'));
    const { store, loaded } = await device.open();
    expect(loaded.problems.map((p) => `${p.record} ${p.code}`)).toEqual(['meters tampered', 'wallet inconsistent']);
    expect(loaded.problems[1]!.message).toMatch(/cannot be checked against the ledger: the meters were set aside/);
    expect(loaded.wallet.balanceCents).toBe(1800);
    expect(loaded.current?.balanceBeforeCents).toBe(2000);
    inPlay.store = store;
    const after = await inPlay.playToEnd();
    const reloaded = await reopen(device);
    expect(reloaded.loaded.problems).toEqual([]);
    expect(reloaded.loaded.history[0]).toMatchObject({ balanceBeforeCents: 2000, balanceAfterCents: after });
    expect(reloaded.loaded.meters.ticketsPlayed).toBe(1);
    store.close();
  });

  it('deleted meters: reported missing, and the wallet no longer balances', async () => {
    const { device } = await playedDevice();
    await device.deleteRaw('meters', 'meters');
    const { problem } = await reopen(device);
    expect(problem('meters')?.message).toMatch(/meters record is missing/);
    expect(problem('wallet')?.code).toBe('inconsistent');
  });

  it('a lost device key: nothing can be authenticated, everything is set aside and the game starts clean', async () => {
    const { device } = await playedDevice();
    await device.deleteRaw('keys', 'device');
    const { loaded, quarantine, problem } = await reopen(device);
    expect(problem('keys')?.message).toMatch(/key was missing/);
    expect(loaded.current).toBeNull();
    expect(loaded.history).toEqual([]);
    expect(loaded.wallet.balanceCents).toBe(2000);
    expect(quarantine.length).toBe(6); // current, wallet, block, meters, two history lines
    expect(quarantine.every((q) => q.code === 'tampered')).toBe(true);
  });
});

describe('storage refused or full', () => {
  afterEach(() => vi.restoreAllMocks());

  it('no IndexedDB at all: storage-unavailable', async () => {
    const r = await openStore({ factory: undefined });
    expect(r.ok ? '' : r.error).toMatchObject({ code: 'storage-unavailable', message: expect.stringMatching(/no IndexedDB/) });
  });

  it('IndexedDB refuses to open (private mode, sandbox): storage-unavailable', async () => {
    const device = newDevice();
    vi.spyOn(device.factory, 'open').mockImplementation(() => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    });
    const r = await openStore({ factory: device.factory });
    expect(r.ok ? '' : r.error).toMatchObject({ code: 'storage-unavailable', message: expect.stringMatching(/denied permission/) });
  });

  it('the open request fails: storage-unavailable', async () => {
    const failing = {
      open(): IDBOpenDBRequest {
        const req = { error: new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError') } as unknown as IDBOpenDBRequest & { onerror: (() => void) | null };
        setTimeout(() => req.onerror?.());
        return req;
      },
    } as unknown as IDBFactory; // only open() is reached before the failure
    const r = await openStore({ factory: failing });
    expect(r.ok ? '' : r.error.code).toBe('storage-unavailable');
  });

  it('storage full: the write is refused as quota-exceeded, nothing of it is kept, nothing changes', async () => {
    const device = newDevice();
    const { store, loaded } = await device.open();
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (this.name === 'current') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const t = new StoreTicket(store, newDealer(), 70);
    const r = await store.startTicket(t.game.journal);
    expect(r.ok ? '' : r.error).toMatchObject({ code: 'quota-exceeded', message: expect.stringMatching(/storage is full/) });
    vi.restoreAllMocks();
    // The wallet written in the same transaction was not kept either: the stake was not taken.
    const again = await device.open();
    expect(again.loaded.current).toBeNull();
    expect(again.loaded.wallet).toEqual(loaded.wallet);
    // And the store in memory did not move: the same ticket can be saved once there is room.
    expect((await store.startTicket(t.game.journal)).ok).toBe(true);
    store.close();
    again.store.close();
  });
});
