import type { TicketScreen } from '../../scene/screens/ticket-screen';
import type { Busy } from '../busy';
import type { I18n } from '../i18n';
import type { PrintedTicket, TicketSession } from '../ticket-session';
import { PrintedFlow } from './printed-flow';
import type { PrintedPlace } from './printed-place';

export { type PrintedPlace, printedPlace } from './printed-place';

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
