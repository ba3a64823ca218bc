import gsap from 'gsap';
import { Container } from 'pixi.js';
import { RULES } from '../core';
import { artDensity, loadMusic, loadSoundsInBackground, loadTitleAssets, restOfArt } from '../scene/assets';
import { FocusRing } from '../scene/focus';
import { LoadingScreen } from '../scene/screens/loading-screen';
import { Navigation } from '../scene/screens/navigation';
import { TicketScreen } from '../scene/screens/ticket-screen';
import { TitleScreen } from '../scene/screens/title-screen';
import { Stage } from '../scene/stage';
import { forgetReleasedTextKeys } from '../scene/text-keys';
import { HenView } from '../scene/views/hen-view';
import { DemoBadge, Hud } from '../scene/views/hud';
import { RulesPanel } from '../scene/views/rules-panel';
import { Busy } from './busy';
import { ConnectionUi } from './connection-ui';
import { handleContextLoss } from './context-loss';
import { isSceneElement, shareFocus } from './dom-focus';
import { reportError } from './error-screen';
import { focusScope } from './focus-scope';
import { hookSource } from './hook-source';
import { I18n } from './i18n';
import { listenToKeys } from './keyboard';
import { LocalClient } from './local-client';
import { attractOf, installAttract } from './modes/attract-mode';
import { numbersFor } from './money';
import { pw } from './persistence-words';
import type { PlayClient } from './play-client';
import { PrintedFlow, withPrintedResult } from './printed/printed-flow';
import { printedWords } from './printed/printed-words';
import { ServerClient } from './server-client';
import { shortValue } from './shorten';
import { SoundBoard } from './sound';
import { installTestHook } from './test-hook';
import type { PrintedTicket } from './ticket-session';
import { type SessionUpdate, TicketSession } from './ticket-session';
import { type Params, parseParams } from './url-params';
import { handleVisibility } from './visibility';
import { rulesContent, ticketPrice, ticketWords, topPrize } from './words';

/** Everything the running game holds; the hook and the input read it. */
export interface GameApp {
  readonly params: Params;
  readonly i18n: I18n;
  readonly busy: Busy;
  readonly stage: Stage;
  readonly sound: SoundBoard;
  readonly nav: Navigation;
  hud: Hud;
  readonly rules: RulesPanel;
  readonly focus: FocusRing;
  session: TicketSession | null;
  /** The game server on screen: the lost connection, a page without the server, and « Historique ». */
  connection: ConnectionUi | null;
  title: TitleScreen | null;
  ticket: TicketScreen | null;
  /** Printed tickets on this screen (a phone's `?code=`, a kiosk's « Scanner mon ticket »); null in the demo. */
  printed: PrintedFlow | null;
  ready: boolean;
  notices: string[];
}

/** Where tickets come from: the demo's core in memory, else the game server (a kiosk as its terminal). */
function clientFor(params: ReturnType<typeof parseParams>): PlayClient {
  if (params.demo) return new LocalClient(params.seed ?? 1);
  let shelf: Storage | null = null;
  try {
    shelf = window.localStorage;
  } catch {
    // Storage refused: pending keys are kept in memory while the page is open.
  }
  return new ServerClient({ terminal: params.terminal, needsTerminal: params.mode === 'kiosk', shelf });
}

/** Boots the game in `host`: renderer, loading, session, screens, input, test hook. */
export async function startGame(host: HTMLElement): Promise<GameApp> {
  const params = parseParams(location.search);
  gsap.globalTimeline.timeScale(params.speed);
  // Animations keep to the wall clock on a slow machine (software rendering here runs at a few frames a second);
  // only a stall of over a second is smoothed over.
  gsap.ticker.lagSmoothing(1000, 33);
  const i18n = new I18n(params.lang ?? 'fr');
  const busy = new Busy();
  const releaseBoot = busy.hold();
  host.dataset['idle'] = '0';
  busy.onChange((idle) => (host.dataset['idle'] = idle ? '1' : '0'));

  const stage = new Stage();
  await stage.init(host, params.renderer);
  const screens = new Container();
  const overlay = new Container();
  stage.root.addChild(screens, overlay);
  const sound = new SoundBoard(loadMusic);
  const nav = new Navigation(screens, () => busy.hold());
  const t = i18n.t.bind(i18n);

  const a: GameApp = {
    params,
    i18n,
    busy,
    stage,
    sound,
    nav,
    hud: null as unknown as Hud, // set below, once the art has loaded (its icons are art)
    rules: new RulesPanel(() => closeRules()),
    focus: new FocusRing(overlay, () => focusScope(a), stage.app.ticker),
    session: null,
    connection: null,
    title: null,
    ticket: null,
    printed: null,
    ready: false,
    notices: [],
  };
  installTestHook(hookSource(a));
  handleVisibility(stage.app.ticker, sound);

  const badge = new DemoBadge();
  badge.visible = params.demo;
  const loading = new LoadingScreen(t('title'), t('loading'));
  stage.onResize((l) => {
    nav.resize(l);
    badge.resize(l);
    a.hud?.resize(l);
    a.rules.resize(l);
  });
  badge.resize(stage.layout);
  await nav.goto(loading);
  stage.root.addChild(badge);

  performance.mark('poule:loading-shown');
  // Only what the title draws comes first; the rest of the art, then the sounds, load behind it.
  const background = stage.layout.orientation === 'landscape' ? 'farmyard' : 'farmyard-portrait';
  await loadTitleAssets(artDensity(stage.layout, stage.app.renderer.resolution), background, (p) =>
    loading.setProgress(p),
  );
  // The rest of the art, then the sounds: asked for once the title takes input (or a resumed ticket needs them).
  let artLoading: Promise<void> | null = null;
  const restOfTheArt = (): Promise<void> =>
    (artLoading ??= restOfArt().then(() => void sound.attach(loadSoundsInBackground)));
  performance.mark('poule:assets');
  stage.refreshBackground();

  // Real play (and kiosk) asks the game server, which holds every ticket and draw; the demo plays in memory.
  const client = clientFor(params);
  // A server that does not answer at start: the loading screen says so while the client keeps asking.
  const unwatch = client.onConnection((c) => loading.setCaption(c.status === 'lost' ? pw(i18n.lang, 'lost') : null));
  const session = await TicketSession.open(client, busy);
  unwatch();
  if (session.unavailable)
    console.warn(`real play unavailable: ${session.unavailable.code}: ${session.unavailable.message}`);
  a.session = session;

  const closeRules = (): void => {
    a.rules.hide();
    a.focus.clear();
  };
  const openRules = (): void => {
    if (a.rules.visible) {
      closeRules();
      return;
    }
    void a.rules.show(rulesContent(i18n));
    a.focus.clear();
  };
  const gated = (fn: () => void) => (): void => {
    // Input is ignored while the game is busy: nothing lands on a screen that is still moving.
    if (busy.idle) fn();
  };

  a.hud = new Hud({
    mute: () => refreshMute(sound.toggleMute()),
    lang: () => i18n.toggle(),
    rules: gated(openRules),
    menu: gated(() => void goHome()),
  });
  overlay.addChild(a.hud, a.rules);
  stage.root.addChild(badge);

  const title = new TitleScreen({
    buy: gated(() => void buy()),
    topUp: gated(() => void topUp()),
    scan: gated(() => a.printed?.openEntry()),
  });
  a.title = title;
  a.connection = new ConnectionUi(a, client, overlay, title.view, () => refreshTexts());
  const ticket = new TicketScreen(
    stage.app.renderer,
    {
      // Asked at the first stroke, maybe while the ticket still arrives: sent as soon as the game takes input.
      scratched: () => void busy.whenIdle().then(() => session.reveal()),
      pick: (hen) => busy.idle && void session.pick(hen),
      chooseHaystack: (i) => busy.idle && void session.chooseHaystack(i),
      playAgain: gated(() => void buy()),
      home: gated(() => void goHome()),
      topUp: gated(() => void topUp()),
      sound: (n) => sound.play(n),
    },
    // A printed ticket's end says what to do: collect a win from the retailer; nothing to buy again here.
    () => withPrintedResult(ticketWords(i18n), session.printed, i18n.lang, (c) => numbersFor(i18n.lang).money(c)),
  );
  a.ticket = ticket;
  // A phone opened a ticket's address: it plays that ticket. A kiosk offers « Scanner mon ticket ».
  const kiosk = params.mode === 'kiosk';
  const printedHere = client.kind === 'server' && (kiosk || params.code !== null);

  const refreshMute = (muted: boolean): void => a.hud.setMuted(muted, muted ? t('unmute') : t('mute'));
  const refreshTexts = (): void => {
    const tt = i18n.t.bind(i18n);
    HenView.elementNames = { egg: tt('elementEgg'), chick: tt('elementChick'), empty: tt('elementEmpty') };
    badge.setText(tt('demoBadge'));
    const buyWords = session.ticketInPlay
      ? tt('resume')
      : params.code !== null && !kiosk
        ? printedWords(i18n.lang, 'playMine')
        : tt('buy', { price: ticketPrice(i18n) });
    title.setTexts(tt('title'), buyWords, tt('topUp'), tt('topPrize', { amount: topPrize(i18n) }));
    title.setScan(kiosk && printedHere ? printedWords(i18n.lang, 'scan') : null);
    title.scan.setEnabled(session.canPlay);
    ticket.result.offerPlayAgain(!session.printed);
    a.printed?.refresh();
    a.hud.lang.setText(i18n.lang === 'fr' ? 'EN' : 'FR');
    a.hud.lang.setLabel(tt('language'));
    a.hud.rules.setLabel(tt('rules'));
    a.hud.menu.setLabel(tt('menu'));
    a.hud.setBalance(tt('balance'), session.balanceCents, (c) => numbersFor(i18n.lang).money(c));
    // A phone that opened a printed ticket's address plays that ticket only: the demo wallet behind it is not in play.
    a.hud.showBalance(!(params.code !== null && !kiosk));
    refreshMute(sound.muted);
    ticket.refreshTexts();
    if (a.rules.visible) void a.rules.show(rulesContent(i18n));
    refreshNotices();
  };
  // A phone playing a printed ticket buys nothing here: no balance to be short of.
  const lowBalance = (): boolean =>
    session.canPlay &&
    !session.ticketInPlay &&
    session.balanceCents < RULES.ticketPriceCents &&
    !(params.code !== null && !kiosk);
  const refreshNotices = (): void => {
    // Notices: the URL's problems and a balance too low. The title also says which credit is in play.
    const notices = params.problems.map((p) =>
      p.kind === 'seed-refused'
        ? t('seedRefused')
        : t('badParam', { name: shortValue(p.name), value: shortValue(p.value) }),
    );
    if (lowBalance()) notices.unshift(t('balanceTooLow', { price: ticketPrice(i18n) }));
    notices.push(...(attractOf(a)?.notices() ?? []));
    notices.push(...(a.connection?.notices() ?? []));
    // A balance that cannot pay greys out every buy button and says why once; the top-up is offered beside it.
    title.buy.setEnabled(session.canPlay && !lowBalance());
    ticket.result.setBroke(lowBalance() ? t('balanceTooLow', { price: ticketPrice(i18n) }) : null, t('topUp'));
    a.notices = notices;
    const note = params.demo ? t('demoNotice', { seed: params.seed ?? 1 }) : t('creditNote');
    title.setNotices([...notices, note], lowBalance());
    a.hud.menu.visible = nav.screen === 'ticket';
  };
  i18n.onChange(refreshTexts);

  const buy = async (): Promise<void> => {
    sound.play('click');
    // No game server behind the page, or a kiosk without its key: nothing is sold (the title says why).
    if (!session.canPlay) return refreshTexts();
    await busy.during(restOfTheArt); // the ticket's art, if a tap came before it arrived
    if (session.ticketInPlay) return void (await nav.goto(ticket));
    // The phone's printed ticket: claimed again (it comes back here if another screen had taken it; finished, it is shown).
    if (params.code !== null && !kiosk && a.printed) return a.printed.fromAddress(params.code);
    const outcome = await session.buy();
    if (outcome === 'balance-too-low') {
      if (nav.screen !== 'title') await nav.goto(title);
      refreshTexts();
    }
  };
  const topUp = async (): Promise<void> => {
    sound.play('coin');
    await session.topUp();
    refreshTexts();
  };
  const goHome = async (): Promise<void> => {
    closeRules();
    ticket.result.hide();
    // A kiosk lets a printed ticket go at the title: the next person scans their own (the server keeps it as it is).
    if (kiosk) session.forgetPrinted();
    await nav.goto(title);
    refreshTexts();
  };

  session.subscribe(async (u: SessionUpdate) => {
    try {
      if (u.events[0]?.type === 'ticketIssued') {
        // The last ticket's texts are gone: forget the keys Pixi kept for them (a kiosk plays for days).
        forgetReleasedTextKeys(stage.app.renderer);
        a.hud.setBalance(t('balance'), u.balanceCents, (c) => numbersFor(i18n.lang).money(c));
        ticket.restore(u.snapshot);
        await nav.goto(ticket);
        refreshTexts();
      }
      await ticket.play(u.events, u.snapshot);
      if (u.events.some((e) => e.type === 'ticketEnded')) {
        a.hud.setBalance(t('balance'), u.balanceCents, (c) => numbersFor(i18n.lang).money(c), true);
        refreshTexts();
      }
    } catch (e) {
      console.error('the scene failed to show an update', e);
      reportError(e, 'scene');
    }
  });

  const showPrinted = async (p: PrintedTicket): Promise<void> => {
    closeRules();
    a.connection?.history.close();
    ticket.result.hide();
    forgetReleasedTextKeys(stage.app.renderer);
    await busy.during(restOfTheArt);
    refreshTexts();
    ticket.restore(p.view.ticket.snapshot);
    await nav.goto(ticket);
    refreshTexts();
  };
  if (printedHere) {
    a.printed = new PrintedFlow({ session, lang: () => i18n.lang, showTicket: showPrinted, home: goHome });
  }

  // Another tab or screen of this wallet played: the ticket is shown again as the server has it.
  session.onResync(() => {
    const s = session.snapshot();
    closeRules();
    ticket.result.hide();
    if (s && session.ticketInPlay) {
      ticket.restore(s);
      void nav.goto(ticket).then(refreshTexts);
    } else {
      void nav.goto(title).then(refreshTexts);
    }
  });

  listenToKeys(
    {
      move: (dx, dy) => a.focus.move(dx, dy),
      activate: () => {
        if (!busy.idle) return;
        if (a.focus.activate()) return;
        if (nav.screen === 'ticket' && ticket.card.scratch.scratchable) ticket.card.scratch.clearAll();
      },
      // Not gated: the foil can be cleared while the amounts are on their way (the reveal is asked for once).
      scratchAll: () => nav.screen === 'ticket' && !a.rules.visible && ticket.card.scratch.clearAll(),
      escape: gated(openRules),
    },
    isSceneElement,
  );
  shareFocus(a.focus);
  handleContextLoss(
    stage.app.canvas,
    () => {
      stage.refreshBackground();
      const s = session.snapshot();
      if (s && nav.screen === 'ticket') ticket.restore(s);
    },
    (lost) => host.setAttribute('data-context', lost ? 'lost' : 'ok'),
  );

  stage.onResize(() => refreshNotices());
  a.hud.resize(stage.layout);
  a.rules.resize(stage.layout);
  refreshTexts();
  if (session.snapshot()) ticket.restore(session.snapshot()!);
  // A ticket found unfinished on start is shown as it was left, ready for the next gesture.
  if (session.ticketInPlay) await restOfTheArt();
  await nav.goto(session.ticketInPlay ? ticket : title);
  performance.mark('poule:title');
  refreshTexts();
  // Attract loop, idle care of a ticket, kiosk mode: its own layer, input watch and settings.
  installAttract(a, { home: goHome, refresh: refreshTexts });
  // The address of a printed ticket (its QR code): that ticket, or the words saying why not.
  if (a.printed && params.code !== null && session.canPlay) await a.printed.fromAddress(params.code);
  a.ready = true;
  host.dataset['ready'] = '1';
  releaseBoot();
  void restOfTheArt();
  return a;
}
