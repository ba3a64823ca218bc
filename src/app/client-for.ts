import { LocalClient } from './local-client';
import type { PlayClient } from './play-client';
import { ServerClient } from './server-client';
import type { Params } from './url-params';

/** Where tickets come from: the demo's core in memory, else the game server (a kiosk as its terminal). */
export function clientFor(params: Params): PlayClient {
  if (params.demo) return new LocalClient(params.seed ?? 1);
  let shelf: Storage | null = null;
  try {
    shelf = window.localStorage;
  } catch {
    // Storage refused: pending keys are kept in memory while the page is open.
  }
  return new ServerClient({ terminal: params.terminal, needsTerminal: params.mode === 'kiosk', shelf });
}
