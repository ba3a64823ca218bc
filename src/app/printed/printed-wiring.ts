import type { TicketScreen } from '../../scene/screens/ticket-screen';
import type { Busy } from '../busy';
import type { I18n } from '../i18n';
import type { PlayClient } from '../play-client';
import type { PrintedTicket, TicketSession } from '../ticket-session';
import type { Params } from '../url-params';
import { PrintedFlow } from './printed-flow';

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

/** What showing a claimed printed ticket works with. */
export interface PrintedWiring {
  readonly place: PrintedPlace;
  readonly session: TicketSession;
  readonly i18n: I18n;
  readonly busy: Busy;
  readonly ticket: TicketScreen;
  /** Closes the rules, the history and the result, and forgets the last ticket's texts. */
  readonly clearForTicket: () => void;
  /** The rest of the art (a ticket needs it). */
  readonly restOfArt: () => Promise<void>;
  /** Goes to the ticket screen and writes its texts. */
  readonly showTicketScreen: () => Promise<void>;
  readonly refresh: () => void;
  readonly home: () => Promise<void>;
}

/** The printed tickets' flow on this screen, wired to the ticket screen; null where they are not played. */
export function wirePrinted(w: PrintedWiring): PrintedFlow | null {
  if (!w.place.here) return null;
  const show = async (p: PrintedTicket): Promise<void> => {
    w.clearForTicket();
    await w.busy.during(w.restOfArt);
    w.refresh();
    w.ticket.restore(p.view.ticket.snapshot);
    await w.showTicketScreen();
  };
  const flow = new PrintedFlow({ session: w.session, lang: () => w.i18n.lang, showTicket: show, home: w.home });
  w.i18n.onChange(() => flow.refresh());
  return flow;
}
