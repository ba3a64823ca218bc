import type { Page } from '@playwright/test';
import { clickButton } from './poule';

/** Printed tickets on a screen, as a person uses them: the title's « Scanner mon ticket », the keypad's keys. */

/** The whole page (the canvas and the DOM layers above it) kept under test-results/screens/. */
export async function pageShot(page: Page, name: string): Promise<void> {
  const dir = process.env['POULE_SCREENS'] ?? 'test-results/screens';
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/** Taps the kiosk title's « Scanner mon ticket ». */
export async function scanButton(page: Page): Promise<void> {
  await clickButton(page, 'scan');
}

/** Types `code` on the on-screen keypad, one tap per symbol (hyphens are the display's, not keys). */
export async function typeCode(page: Page, code: string): Promise<void> {
  for (const ch of code.replace(/-/g, '')) await page.locator(`#poule-code [data-key="${ch}"]`).click();
}

/** An emission of one block (300,000 printed tickets, about 12 s here) on the database of a server not yet started. */
export async function emitBlock(database: string): Promise<number> {
  const { DEFAULT_PRIZE_TABLE } = await import('../../src/core');
  const { SqliteStorage } = await import('../../src/server/storage/sqlite-storage');
  const { runEmission } = await import('../../src/server/printed/run-emission');
  const storage = SqliteStorage.open(database);
  try {
    const e = await runEmission(storage, DEFAULT_PRIZE_TABLE, 1);
    return e.blocks[0]!;
  } finally {
    storage.close();
  }
}

/** The first `n` printed tickets of `block` as printed: serial and code (read-only, as the print file has them). */
export async function printedCodes(database: string, block: number, n: number): Promise<{ serial: string; code: string }[]> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare('SELECT serial, code FROM printed_tickets WHERE block = ? AND idx <= ? ORDER BY idx').all(block, n) as { serial: string; code: string }[];
  } finally {
    db.close();
  }
}
