import { rmSync } from 'node:fs';

/** The end of a Playwright run: the game server's temporary database folder goes, unless it was given from outside. */
export default function removeE2eData(): void {
  const dir = process.env['POULE_E2E_DATA'];
  if (dir && process.env['POULE_E2E_DATA_MADE'] === '1') rmSync(dir, { recursive: true, force: true });
}
