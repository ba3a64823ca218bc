import type { Page } from '@playwright/test';

/** The game's IndexedDB records as stored: each store's sealed envelopes, their canonical JSON `body` strings. */
export interface SavedBodies {
  readonly current: string[];
  readonly history: string[];
  readonly wallet: string[];
}

/** Reads every record of the stores a ticket touches, straight from IndexedDB (not through the game). */
export const savedBodies = (page: Page): Promise<SavedBodies> =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('poule-aux-oeufs-dor');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = (name: string): Promise<string[]> =>
      new Promise((res, rej) => {
        const q = db.transaction(name, 'readonly').objectStore(name).getAll();
        q.onsuccess = () => res((q.result as { body: string }[]).map((r) => r.body));
        q.onerror = () => rej(q.error);
      });
    const [current, history, wallet] = [await all('current'), await all('history'), await all('wallet')];
    db.close();
    return { current, history, wallet };
  });
