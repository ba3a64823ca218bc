import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * The operator's emission command (tools/emission) on the database of a server not yet started: one block of
 * 300,000 printed tickets (about 12 s here), its first `n` faces printed, and their serials and codes read back from
 * the command's CSV, as a print shop would get them.
 */
export function emitBlock(
  database: string,
  baseUrl: string,
  n: number,
): { serial: string; code: string; address: string }[] {
  const dir = dirname(database);
  const csv = join(dir, 'printed.csv');
  const args = [
    '--import',
    'tsx',
    'tools/emission/emission.ts',
    '--database',
    database,
    '--blocks',
    '1',
    '--out',
    join(dir, 'printed.pdf'),
    '--base-url',
    baseUrl.replace(/\/$/, ''),
    '--print-first',
    String(n),
    '--csv',
    csv,
  ];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 170_000 });
  if (r.status !== 0) throw new Error(`the emission command failed (${r.status}): ${r.stderr}${r.stdout}`);
  return readFileSync(csv, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [serial, code, , , address] = line.split(',');
      return { serial: serial!, code: code!, address: address! };
    });
}
