import type { Renderer } from 'pixi.js';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { TitleScreen } from '../scene/screens/title-screen';
import { forgetReleasedTextKeys } from '../scene/text-keys';
import type { AppTexts } from './app-texts';
import type { Busy } from './busy';
import type { ConnectionUi } from './connection-ui';
import { reportError } from './error-screen';
import type { AppNavigation } from './navigation';
import type { PrintedFlow } from './printed/printed-flow';
import type { PrintedPlace } from './printed/printed-wiring';
import type { RulesLayer } from './rules-layer';
import type { SoundBoard } from './sound';
import type { SessionUpdate, TicketSession } from './ticket-session';

/** What the player's way through the game works with. */
export interface FlowContext {
  readonly code: string | null;
  readonly kiosk: boolean;
  readonly renderer: Renderer;
  readonly busy: Busy;
  readonly session: TicketSession;
  readonly sound: SoundBoard;
  readonly nav: AppNavigation;
  readonly rules: RulesLayer;
  readonly title: TitleScreen;
  readonly ticket: TicketScreen;
  readonly connection: ConnectionUi;
  readonly texts: AppTexts;
  readonly place: PrintedPlace;
  /** Printed tickets on this screen, or null (the demo, a browser without a code). */
  readonly printed: PrintedFlow | null;
  /** The rest of the art (a ticket needs it). */
  readonly restOfArt: () => Promise<void>;
}

/**
 * The player's way through the game: buying, the ticket, going home, the rules over any screen, and the session's
 * updates shown on the ticket screen. Taps reach it already gated by the session.
 */
export class PlayerFlow {
  constructor(private readonly c: FlowContext) {
    c.session.subscribe((u) => this.show(u));
    // Another tab or screen of this wallet played: the ticket is shown again as the server has it.
    c.session.onResync(() => this.resynced());
  }

  async showTicket(): Promise<void> {
    await this.c.nav.goto(this.c.ticket);
    this.c.texts.refresh();
  }

  async buy(): Promise<void> {
    const { session, sound, busy, nav, ticket, title, texts } = this.c;
    sound.play('click');
    // No game server behind the page, or a kiosk without its key: nothing is sold (the title says why).
    if (!session.canPlay) return texts.refresh();
    await busy.during(this.c.restOfArt); // the ticket's art, if a tap came before it arrived
    if (session.ticketInPlay) return void (await nav.goto(ticket));
    // The phone's printed ticket: claimed again (it comes back here if another screen had taken it; finished, it is shown).
    if (this.c.code !== null && this.c.place.phone && this.c.printed) return this.c.printed.fromAddress(this.c.code);
    const outcome = await session.buy();
    if (outcome === 'balance-too-low') {
      if (nav.screen !== 'title') await nav.goto(title);
      texts.refresh();
    }
  }

  async topUp(): Promise<void> {
    this.c.sound.play('coin');
    await this.c.session.topUp();
    this.c.texts.refresh();
  }

  async home(): Promise<void> {
    this.c.rules.close();
    this.c.ticket.result.hide();
    // A kiosk lets a printed ticket go at the title: the next person scans their own (the server keeps it as it is).
    if (this.c.kiosk) this.c.session.forgetPrinted();
    await this.c.nav.goto(this.c.title);
    this.c.texts.refresh();
  }

  private async show(u: SessionUpdate): Promise<void> {
    const { ticket, texts } = this.c;
    try {
      if (u.events[0]?.type === 'ticketIssued') {
        // The last ticket's texts are gone: forget the keys Pixi kept for them (a kiosk plays for days).
        forgetReleasedTextKeys(this.c.renderer);
        texts.balance(u.balanceCents);
        ticket.restore(u.snapshot);
        await this.showTicket();
      }
      await ticket.play(u.events, u.snapshot);
      if (u.events.some((e) => e.type === 'ticketEnded')) {
        texts.balance(u.balanceCents, true);
        texts.refresh();
      }
      this.c.nav.changed();
    } catch (e) {
      console.error('the scene failed to show an update', e);
      reportError(e, 'scene');
    }
  }

  private resynced(): void {
    const { session, ticket, nav, title, texts } = this.c;
    const s = session.snapshot();
    this.c.rules.close();
    ticket.result.hide();
    if (s && session.ticketInPlay) {
      ticket.restore(s);
      void nav.goto(ticket).then(() => texts.refresh());
    } else {
      void nav.goto(title).then(() => texts.refresh());
    }
  }
}
