import type { TicketScreen } from '../scene/screens/ticket-screen';
import type { TitleScreen } from '../scene/screens/title-screen';
import type { DemoBadge, Hud } from '../scene/views/hud';
import type { RulesPanel } from '../scene/views/rules-panel';
import type { I18n } from './i18n';
import { numbersFor } from './money';
import type { AppNavigation } from './navigation';
import type { PrintedPlace } from './printed/printed-place';
import { printedWords } from './printed/printed-words';
import { shortValue } from './shorten';
import type { SoundBoard } from './sound';
import { paysStake } from './stake';
import type { TicketSession } from './ticket-session';
import type { Params } from './url-params';
import { rulesContent, ticketPrice, topPrize } from './words';

/** What the title, the header and the notices are written from. */
export interface TextsContext {
  readonly params: Params;
  readonly i18n: I18n;
  readonly session: TicketSession;
  readonly sound: SoundBoard;
  readonly nav: AppNavigation;
  readonly badge: DemoBadge;
  readonly hud: Hud;
  readonly title: TitleScreen;
  readonly place: PrintedPlace;
}

/** The views built behind the title (their words are set once they exist). */
export interface LaterViews {
  readonly rules: RulesPanel;
  readonly ticket: TicketScreen;
}

/**
 * The words on the title, the header and the ticket in the language now chosen, and the title's notices (the URL's
 * problems, a balance too low, and each source added: the attract loop's bad settings, the game server's state).
 */
export class AppTexts {
  private readonly sources: (() => readonly string[])[] = [];
  private shown: readonly string[] = [];
  private later: LaterViews | null = null;

  constructor(private readonly c: TextsContext) {}

  /** The ticket screen and the rules, once built behind the title: written from now on. */
  attach(later: LaterViews): void {
    this.later = later;
  }

  /** The notices now on the title (the test hook's `messages`). */
  get notices(): readonly string[] {
    return this.shown;
  }

  /** More lines for the title's notices, read at each refresh. */
  addNotices(source: () => readonly string[]): void {
    this.sources.push(source);
  }

  /** A phone playing a printed ticket buys nothing here: no balance to be short of. */
  lowBalance(): boolean {
    const s = this.c.session;
    return s.canPlay && !s.ticketInPlay && !paysStake(s.balanceCents) && !this.c.place.phone;
  }

  /** The header's balance, counted up to its new value when `animate`. */
  balance(cents: number, animate = false): void {
    const { hud, i18n } = this.c;
    hud.setBalance(i18n.t('balance'), cents, (x) => numbersFor(i18n.lang).money(x), animate);
  }

  refresh(): void {
    const { i18n, session, badge, title, hud, place } = this.c;
    const ticket = this.later?.ticket;
    const rules = this.later?.rules;
    const t = i18n.t.bind(i18n);
    badge.setText(t('demoBadge'));
    const buyWords = session.ticketInPlay
      ? t('resume')
      : place.phone
        ? printedWords(i18n.lang, 'playMine')
        : t('buy', { price: ticketPrice(i18n) });
    title.setTexts(t('title'), buyWords, t('topUp'), t('topPrize', { amount: topPrize(i18n) }));
    title.setScan(place.kioskScan ? printedWords(i18n.lang, 'scan') : null);
    title.scan.setEnabled(session.canPlay);
    ticket?.result.offerPlayAgain(!session.printed);
    hud.lang.setText(i18n.lang === 'fr' ? 'EN' : 'FR');
    hud.lang.setLabel(t('language'));
    hud.rules.setLabel(t('rules'));
    hud.menu.setLabel(t('menu'));
    this.balance(session.balanceCents);
    // A phone that opened a printed ticket's address plays that ticket only: the demo wallet behind it is not in play.
    hud.showBalance(!place.phone);
    this.mute(this.c.sound.muted);
    ticket?.refreshTexts();
    if (rules?.visible) void rules.show(rulesContent(i18n));
    this.refreshNotices();
  }

  mute(muted: boolean): void {
    const t = this.c.i18n.t.bind(this.c.i18n);
    this.c.hud.setMuted(muted, muted ? t('unmute') : t('mute'));
  }

  refreshNotices(): void {
    const { params, i18n, session, title, hud, nav } = this.c;
    const ticket = this.later?.ticket;
    const t = i18n.t.bind(i18n);
    // Notices: the URL's problems and a balance too low. The title also says which credit is in play.
    const notices = params.problems.map((p) =>
      p.kind === 'seed-refused'
        ? t('seedRefused')
        : t('badParam', { name: shortValue(p.name), value: shortValue(p.value) }),
    );
    const low = this.lowBalance();
    if (low) notices.unshift(t('balanceTooLow', { price: ticketPrice(i18n) }));
    for (const source of this.sources) notices.push(...source());
    // A balance that cannot pay greys out every buy button and says why once; the top-up is offered beside it.
    title.buy.setEnabled(session.canPlay && !low);
    ticket?.result.setBroke(low ? t('balanceTooLow', { price: ticketPrice(i18n) }) : null, t('topUp'));
    this.shown = notices;
    const note = params.demo ? t('demoNotice', { seed: params.seed ?? 1 }) : t('creditNote');
    title.setNotices([...notices, note], low);
    hud.menu.visible = nav.screen === 'ticket';
  }
}
