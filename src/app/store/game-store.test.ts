import { describe, expect, it } from 'vitest';
import { metersFromJournals } from '../../core/meters';
import { replayJournal } from '../../core/replay';
import { SeededSource } from '../../core/seeded-source';
import { step } from '../../core/test-support/saved-tickets';
import { Game } from '../../core/game';
import type { GameEvent } from '../../core/events';
import { StoreTicket, firstWonSeed, newDealer, newDevice } from './store-test-kit';

describe('the game store: round trips', () => {
  it('a first start: clean wallet of 20 €, zero meters, nothing in play, no problem', async () => {
    const { loaded } = await newDevice().open();
    expect(loaded.current).toBeNull();
    expect(loaded.wallet.balanceCents).toBe(2000);
    expect(loaded.meters.ticketsPlayed).toBe(0);
    expect(loaded.history).toEqual([]);
    expect(loaded.problems).toEqual([]);
  });

  it('every record comes back as saved: current ticket, wallet, block, history, meters, top-ups', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const dealer = newDealer();
    const first = new StoreTicket(store, dealer, 1);
    await first.start();
    await first.playToEnd();
    const topped = await store.topUp(500);
    expect(topped.ok).toBe(true);
    const second = new StoreTicket(store, dealer, 2);
    await second.start();
    await second.step();
    await second.step();
    store.close();

    const { store: again, loaded } = await device.open();
    expect(loaded.problems).toEqual([]);
    expect(loaded.current?.journal).toEqual(second.game.journal);
    expect(loaded.current?.draws).toBe('crypto');
    expect(loaded.block).toEqual(dealer.state());
    expect(loaded.history).toHaveLength(1);
    expect(loaded.history[0]!.journal).toEqual(first.game.journal);
    const prize = first.game.snapshot().result!.prizeCents;
    expect(loaded.history[0]!.balanceBeforeCents).toBe(2000);
    expect(loaded.history[0]!.balanceAfterCents).toBe(1800 + prize);
    expect(loaded.meters).toEqual({ ticketsPlayed: 1, ticketsWon: prize > 0 ? 1 : 0, stakesCents: 200, prizesPaidCents: prize, extrasWon: first.game.snapshot().extraWon ? 1 : 0 });
    expect(loaded.wallet.balanceCents).toBe(1800 + prize + 500 - 200);
    expect(loaded.wallet.topUps.map((t) => t.cents)).toEqual([500]);
    again.close();
  });

  it('a resumed ticket is the saved one: same fold, same state, and it ends as its journal dictates', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const t = new StoreTicket(store, newDealer(), 3);
    await t.start();
    await t.step();
    await t.step();
    store.close();
    const { store: again, loaded } = await device.open();
    const resumed = replayJournal(loaded.current!.journal);
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.value.snapshot()).toEqual(t.game.snapshot());
    expect(resumed.value.journal).toEqual(t.game.journal);
    again.close();
  });

  it('a demo game resumed at every command boundary ends exactly as the uninterrupted one (0 divergences, 0 re-draws)', async () => {
    const play = (g: Game, bot = lowestHen()) => { while (step(g, bot)); };
    const source = SeededSource.fromSeed(2024);
    const whole = Game.start(newDealer().deal(source), source);
    play(whole);
    const commands = whole.journal.length; // more than enough boundaries
    for (let stop = 0; stop < commands; stop++) {
      const device = newDevice();
      const { store } = await device.open();
      const src = SeededSource.fromSeed(2024);
      const game = Game.start(newDealer().deal(src), src);
      expect((await store.startTicket(game.journal, { seededState: src.state() })).ok).toBe(true);
      const bot = lowestHen();
      for (let i = 0; i < stop && step(game, bot); i++) expect((await store.saveCurrent(game.journal, src.state())).ok).toBe(true);
      store.close();
      const { store: again, loaded } = await device.open();
      const restoredSource = SeededSource.fromState(loaded.current!.seededState!);
      const before = restoredSource.state();
      const resumed = Game.fromJournal(loaded.current!.journal, restoredSource);
      if (!resumed.ok) throw new Error(resumed.error.message);
      expect(restoredSource.state()).toEqual(before); // folding drew nothing
      // The reloaded page goes on saving each command, as the first one did.
      const botAfter = lowestHen();
      while (step(resumed.value, botAfter)) {
        const saved = await again.saveCurrent(resumed.value.journal, restoredSource.state());
        expect(saved.ok ? 'ok' : saved.error.message).toBe('ok');
      }
      expect(resumed.value.journal).toEqual(whole.journal);
      again.close();
    }
  });

  it('demo games cost nothing and are not filed; real tickets cannot be dropped', async () => {
    const { store } = await newDevice().open();
    const src = SeededSource.fromSeed(5);
    const demo = Game.start(newDealer().deal(src), src);
    expect((await store.startTicket(demo.journal)).ok).toBe(false); // no seeded state
    const started = await store.startTicket(demo.journal, { seededState: src.state() });
    expect(started.ok && started.value.balanceCents).toBe(2000);
    while (step(demo, lowestHen()));
    const filed = await store.finishTicket(demo.journal);
    expect(filed.ok ? '' : filed.error.message).toMatch(/demo game is not filed/);
    expect((await store.clearCurrent()).ok).toBe(true);
    const real = new StoreTicket(store, newDealer(), 6);
    await real.start();
    expect((await store.clearCurrent()).ok).toBe(false);
    store.close();
  });

  it('a top-up during a ticket counts as made just before it: the ticket’s history line still adds up', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const t = new StoreTicket(store, newDealer(), 12);
    await t.start();
    await t.step();
    expect((await store.topUp(500)).ok).toBe(true);
    store.close();
    const again = await device.open();
    expect(again.loaded.problems).toEqual([]);
    expect(again.loaded.current?.balanceBeforeCents).toBe(2500);
    t.store = again.store;
    const filed = await t.playToEnd();
    const line = (await device.open()).loaded.history[0]!;
    expect(line.balanceBeforeCents).toBe(2500);
    expect(line.balanceAfterCents).toBe(filed);
    expect(filed).toBe(2300 + line.prizeCents);
    again.store.close();
  });

  it('the power goes between the last event and the filing: the ended ticket is found, filed once, its prize paid once', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const seedWon = firstWonSeed(20);
    const t = new StoreTicket(store, newDealer(), seedWon);
    await t.start();
    while (await t.step()); // the ended journal is saved as the current ticket, not yet filed
    store.close();
    const again = await device.open();
    expect(replayJournal(again.loaded.current!.journal).ok && again.loaded.current!.journal).toEqual(t.game.journal);
    const filed = await again.store.finishTicket(again.loaded.current!.journal);
    if (!filed.ok) throw new Error(filed.error.message);
    const prize = t.game.snapshot().result!.prizeCents;
    expect(prize).toBeGreaterThan(0);
    expect(filed.value.wallet.balanceCents).toBe(1800 + prize);
    const twice = await again.store.finishTicket(t.game.journal);
    expect(twice.ok ? '' : twice.error.message).toMatch(/no ticket is in play/);
    const last = await device.open();
    expect(last.loaded.wallet.balanceCents).toBe(1800 + prize);
    expect(last.loaded.meters.prizesPaidCents).toBe(prize);
    expect(last.loaded.history).toHaveLength(1);
    again.store.close();
    last.store.close();
  });

  it('refuses a journal of another ticket, or one that rewrites saved events', async () => {
    const { store } = await newDevice().open();
    const dealer = newDealer();
    const t = new StoreTicket(store, dealer, 8);
    await t.start();
    await t.step();
    const other = new StoreTicket(store, dealer, 9);
    const why = async (j: readonly GameEvent[]) => { const r = await store.saveCurrent(j); return r.ok ? 'ok' : r.error.message; };
    expect(await why(other.game.journal)).toMatch(/another ticket/);
    expect(await why(t.game.journal.slice(0, 1))).toMatch(/rewrites events/);
    expect(await store.startTicket(other.game.journal)).toMatchObject({ ok: false });
    store.close();
  });
});

describe('the game store: meters and history over many tickets', () => {
  it('after 200 real tickets the stored meters equal those recomputed from the journals; history keeps the last 10, newest first', async () => {
    const device = newDevice();
    const { store } = await device.open();
    const dealer = newDealer();
    const journals: (readonly GameEvent[])[] = [];
    for (let i = 0; i < 200; i++) {
      const t = new StoreTicket(store, dealer, 1000 + i);
      await t.start();
      const balance = await t.playToEnd();
      journals.push([...t.game.journal]);
      if (balance < 200) expect((await store.topUp(2000)).ok).toBe(true);
    }
    store.close();
    const { store: again, loaded } = await device.open();
    expect(loaded.problems).toEqual([]);
    expect(metersFromJournals(journals)).toEqual({ ok: true, value: loaded.meters });
    expect(loaded.history.map((e) => e.journal)).toEqual(journals.slice(-10).reverse());
    expect(await device.raw('history', '000000000200')).toBeDefined();
    expect(await device.raw('history', '000000000191')).toBeDefined();
    expect(await device.raw('history', '000000000190')).toBeUndefined();
    expect(loaded.meters.ticketsPlayed).toBe(200);
    expect(loaded.wallet.topUps.length).toBeGreaterThan(0);
    // Each line's balances chain with the next (no top-up here is mid-ticket).
    for (const e of loaded.history) expect(e.balanceAfterCents - e.balanceBeforeCents).toBe(e.prizeCents - 200);
    again.close();
  });

  it('export → import gives the history back; a bad file is refused by name', async () => {
    const { store } = await newDevice().open();
    const dealer = newDealer();
    for (let i = 0; i < 3; i++) {
      const t = new StoreTicket(store, dealer, 50 + i);
      await t.start();
      await t.playToEnd();
    }
    const loaded = await store.load();
    if (!loaded.ok) throw new Error(loaded.error.message);
    const imported = store.importHistory(store.exportHistory());
    expect(imported).toEqual({ ok: true, value: loaded.value.history });
    const bad = store.importHistory('{"format":"poule-aux-oeufs-dor/history","formatVersion":1}');
    expect(bad.ok ? '' : bad.error.message).toMatch(/no "tickets" list/);
    store.close();
  });
});

/** A bot with no state: the lowest hen still down, haystack 0. Resumed games then choose as uninterrupted ones do. */
function lowestHen() {
  return { kind: 'seeded' as const, nextUint32: () => 0 };
}
