import type { PlayClient } from '../play-client';
import type { Params } from '../url-params';

/** Where printed tickets are played here: a phone opened a ticket's address, or a kiosk offers to scan one. */
export interface PrintedPlace {
  /** Printed tickets are played on this screen (never in the demo). */
  readonly here: boolean;
  /** A phone that opened a ticket's address (`?code=`): it plays that ticket only, with no wallet of its own. */
  readonly phone: boolean;
  /** A kiosk with « Scanner mon ticket ». */
  readonly kioskScan: boolean;
}

export function printedPlace(params: Params, client: PlayClient): PrintedPlace {
  const kiosk = params.mode === 'kiosk';
  const here = client.kind === 'server' && (kiosk || params.code !== null);
  return { here, phone: params.code !== null && !kiosk, kioskScan: kiosk && here };
}
