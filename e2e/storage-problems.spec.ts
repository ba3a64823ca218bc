// Saved tickets in the real game (issue 5): one tab plays at a time; corrupt or tampered records are never played, are
// set aside and named on screen; storage refused at start or full during play is reported. Real play, each test in a
// BrowserContext of its own (its own IndexedDB).
import { expect, test, type Page } from '@playwright/test';
import { canonicalJson, crc32 } from '../src/core/save-format';
import { clickButton, clickRect, layout, openGame, settle, state } from './support/poule';

const QUERY = '?speed=8';
test.describe.configure({ timeout: 400_000 });

async function reopen(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
  await page.evaluate(() => window.__poule!.idle());
}

/** One stored record, exactly as it is in the page's IndexedDB (a sealed envelope). */
const readRaw = (page: Page, store: string, key: string): Promise<Record<string, unknown>> =>
  page.evaluate(
    async ({ store, key }) => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('poule-aux-oeufs-dor');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      const raw = await new Promise<Record<string, unknown>>((res) => {
        const q = db.transaction(store, 'readonly').objectStore(store).get(key);
        q.onsuccess = () => res(q.result as Record<string, unknown>);
      });
      db.close();
      return raw;
    },
    { store, key },
  );

/** Writes `raw` back in place of the record, as someone editing the browser's storage would. */
const writeRaw = (page: Page, store: string, key: string, raw: Record<string, unknown>): Promise<void> =>
  page.evaluate(
    async ({ store, key, raw }) => {
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open('poule-aux-oeufs-dor');
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      await new Promise<void>((res, rej) => {
        const tx = db.transaction(store, 'readwrite', { durability: 'strict' });
        tx.objectStore(store).put(raw, key);
        tx.oncomplete = () => res();
        tx.onabort = () => rej(tx.error);
      });
      db.close();
    },
    { store, key, raw },
  );

const quarantined = (page: Page): Promise<{ store: string; code: string }[]> =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('poule-aux-oeufs-dor');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = await new Promise<{ store: string; code: string }[]>((res) => {
      const q = db.transaction('quarantine', 'readonly').objectStore('quarantine').getAll();
      q.onsuccess = () => res(q.result as { store: string; code: string }[]);
    });
    db.close();
    return all.map((q) => ({ store: q.store, code: q.code }));
  });

test('one tab owns the ticket: a second tab says so on screen and does not play, then takes over when the first goes', async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await openGame(a, QUERY);
  expect((await state(a)).storage).toMatchObject({ status: 'kept', lock: 'web-locks' });
  await clickButton(a, 'buy');
  const serial = (await state(a)).game!.serial;

  const b = await context.newPage();
  await openGame(b, QUERY);
  const sb = await state(b);
  expect(sb.storage?.status).toBe('other-tab');
  expect(sb.storage?.notice).toMatch(/déjà ouvert dans un autre onglet/);
  expect(sb.messages.join('\n')).toMatch(/autre onglet/);
  expect(sb.game).toBeNull();
  // The notice cannot be closed and nothing under it can be bought.
  expect(Object.keys((await layout(b)).buttons)).not.toContain('noticeOk');
  expect(Object.keys((await layout(b)).buttons)).not.toContain('buy');
  await b.locator('#game canvas').screenshot({ path: 'test-results/screens/storage-other-tab.png' });

  // The first tab goes: the second takes the lock, reloads itself and resumes the ticket where it was.
  const reloaded = b.waitForEvent('load', { timeout: 90_000 });
  await a.close();
  await reloaded;
  await b.waitForFunction(() => window.__poule?.ready === true && window.__poule.state().storage?.status === 'kept', undefined, { timeout: 90_000 });
  await b.evaluate(() => window.__poule!.idle());
  const after = await state(b);
  expect(after.game?.serial).toEqual(serial);
  expect(after.screen).toBe('ticket');
  await context.close();
});

test('wallet and block survive a reload: the balance is kept and the next ticket continues the same block', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openGame(page, QUERY);
  await clickButton(page, 'buy');
  const first = (await state(page)).game!.serial;
  expect((await state(page)).balanceCents).toBe(1800);
  await reopen(page);
  const s = await state(page);
  expect(s.balanceCents).toBe(1800);
  expect(s.storage?.resumed).toBe(`${first.block}-${first.index}`);
  expect(s.screen).toBe('ticket');
  expect(s.shown?.scratchable).toBe(true);
  // Finish it, reload between tickets, buy again: the block's dealing went on from where it was kept.
  await clickButton(page, 'scratchAll');
  for (let i = 0; i < 80; i++) {
    const g = (await state(page)).game!;
    if (g.phase === 'ended') break;
    const l = await layout(page);
    await clickRect(page, g.phase === 'round' ? l.hens[g.round!.hens.indexOf(null)]! : l.haystacks[0]!);
    await settle(page);
  }
  const paid = (await state(page)).balanceCents;
  await reopen(page);
  expect((await state(page)).balanceCents).toBe(paid);
  await clickButton(page, 'buy');
  const second = (await state(page)).game!.serial;
  expect(second).toEqual({ block: first.block, index: first.index + 1 });
  await context.close();
});

test('a tampered ticket and a corrupt wallet are never played: named on screen, set aside, the game starts clean and plays', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openGame(page, QUERY);
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  expect((await state(page)).game?.phase).toBe('round');
  // Tampered: A1 raised to 100,000 € in the body, checksum recomputed so that only the device's tag can tell.
  const current = await readRaw(page, 'current', 'current');
  const payload = JSON.parse(current['body'] as string) as { journal: { ticket?: { a1Cents: number } }[] };
  payload.journal[0]!.ticket!.a1Cents = 10_000_000;
  const edited = canonicalJson(payload);
  await writeRaw(page, 'current', 'current', { ...current, body: edited, checksum: crc32(edited) });
  // Corrupt: the wallet's bytes damaged (its checksum no longer matches).
  const wallet = await readRaw(page, 'wallet', 'wallet');
  await writeRaw(page, 'wallet', 'wallet', { ...wallet, body: (wallet['body'] as string).replace(/\d/, 'x') });
  await reopen(page);

  const s = await state(page);
  const problems = s.storage!.problems;
  expect(problems).toEqual(
    expect.arrayContaining([expect.objectContaining({ record: 'current', code: 'tampered' }), expect.objectContaining({ record: 'wallet', code: 'corrupt' })]),
  );
  expect(s.storage!.notice).toMatch(/Données modifiées hors du jeu \(ticket en cours\)/);
  expect(s.storage!.notice).toMatch(/Données illisibles \(solde\)/);
  expect(s.game).toBeNull(); // never played
  expect(s.balanceCents).toBe(2000); // the wallet started clean
  expect(await quarantined(page)).toEqual(expect.arrayContaining([{ store: 'current', code: 'tampered' }, { store: 'wallet', code: 'corrupt' }]));
  await page.locator('#game canvas').screenshot({ path: 'test-results/screens/storage-tampered.png' });
  // The notice is modal: « Compris » closes it; the title keeps the lines, in English too, from the same codes.
  await clickButton(page, 'noticeOk');
  expect((await state(page)).storage!.notice).toBe('');
  await clickButton(page, 'lang');
  expect((await state(page)).messages.join('\n')).toMatch(/Data changed outside the game \(ticket in play\)/);
  expect((await state(page)).messages.join('\n')).toMatch(/Unreadable data \(balance\)/);
  await clickButton(page, 'buy');
  expect((await state(page)).game?.phase).toBe('scratch');
  await context.close();
});

test('storage refused at start: the player is told tickets cannot be kept, and the game still plays', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    // As some private modes do: IndexedDB throws when opened.
    Object.defineProperty(IDBFactory.prototype, 'open', {
      value: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    });
  });
  const page = await context.newPage();
  await openGame(page, QUERY);
  const s = await state(page);
  expect(s.storage?.status).toBe('unavailable');
  expect(s.storage?.failure?.code).toBe('storage-unavailable');
  expect(s.messages.join('\n')).toMatch(/ne peuvent pas être conservés sur cet appareil/);
  expect(s.storage?.notice).toMatch(/ne peuvent pas être conservés/);
  await clickButton(page, 'noticeOk');
  await clickButton(page, 'buy');
  await clickButton(page, 'scratchAll');
  expect((await state(page)).game?.phase).toBe('round');
  await context.close();
});

test('storage full during play: the game stops before showing the unsaved draw, says so, and resumes from the record after a reload', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    // The disk fills up when the test says so: every put throws QuotaExceededError, as a full origin does.
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if ((window as unknown as { diskFull?: boolean }).diskFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  const page = await context.newPage();
  await openGame(page, QUERY);
  await clickButton(page, 'buy');
  const before = await state(page);
  await page.evaluate(() => ((window as unknown as { diskFull?: boolean }).diskFull = true));
  await clickButton(page, 'scratchAll');
  const s = await state(page);
  expect(s.storage?.status).toBe('stopped');
  expect(s.storage?.failure?.code).toBe('quota-exceeded');
  expect(s.storage?.notice).toMatch(/La sauvegarde du ticket a échoué \(stockage plein\)/);
  // Nothing unsaved is shown: the amounts stay hidden, the state is the one on record.
  expect(s.game).toEqual(before.game);
  expect(s.game?.amounts).toBeNull();
  expect(s.shown?.cardTexts.join(' ')).not.toMatch(/\d,\d\d/);
  await page.locator('#game canvas').screenshot({ path: 'test-results/screens/storage-full.png' });

  // « Recharger la page » reloads; the flag goes with the page: the disk has room again.
  const reloaded = page.waitForEvent('load', { timeout: 90_000 });
  await clickRect(page, (await layout(page)).buttons['noticeOk']!);
  await reloaded;
  await page.waitForFunction(() => window.__poule?.ready === true, undefined, { timeout: 90_000 });
  await page.evaluate(() => window.__poule!.idle());
  const r = await state(page);
  expect(r.storage?.status).toBe('kept');
  expect(r.game).toEqual(before.game);
  await clickButton(page, 'scratchAll');
  expect((await state(page)).game?.phase).toBe('round');
  await context.close();
});
