/**
 * The configuration file and static folder the kill test and the bench start the game server with: the default
 * prize table, no kiosk terminal, a placeholder page to serve (only the API is driven).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeServerConfig(configFile: string, staticDir: string): Promise<void> {
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>poule</title>\n');
  await writeFile(configFile, `${JSON.stringify({ terminals: [] }, null, 2)}\n`);
}
