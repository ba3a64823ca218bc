import gsap from 'gsap';
import { Container } from 'pixi.js';
import { artDensity, loadMusic, loadSoundsInBackground, loadTitleAssets, restOfArt } from '../scene/assets';
import { LoadingScreen } from '../scene/screens/loading-screen';
import { TicketScreen } from '../scene/screens/ticket-screen';
import { TitleScreen } from '../scene/screens/title-screen';
import { Stage } from '../scene/stage';
import { forgetReleasedTextKeys } from '../scene/text-keys';
import { DemoBadge, Hud } from '../scene/views/hud';
import { RulesPanel } from '../scene/views/rules-panel';
import { AppTexts } from './app-texts';
import { Busy } from './busy';
import { clientFor } from './client-for';
import { ConnectionUi } from './connection-ui';
import { handleContextLoss } from './context-loss';
import type { RunningGame } from './error-context';
import { installHookAtBoot } from './hook-source';
import { I18n } from './i18n';
import { wireKeyboard } from './input';
import { Intents } from './intents';
import { installAttract } from './modes/attract-mode';
import { numbersFor } from './money';
import { AppNavigation } from './navigation';
import { pw } from './persistence-words';
import { PlayerFlow } from './player-flow';
import { withPrintedResult } from './printed/printed-flow';
import { printedPlace, wirePrinted } from './printed/printed-wiring';
import { RulesLayer } from './rules-layer';
import { SoundBoard } from './sound';
import { TicketSession } from './ticket-session';
import { parseParams } from './url-params';
import { handleVisibility } from './visibility';
import { ticketWords } from './words';

/**
 * Boots the game in `host`, each part built once what it needs exists (nothing is ever half-built): renderer and
 * loading screen, the title's art, the session, the views, the flow that answers them, input, the attract loop.
 */
export async function startGame(host: HTMLElement): Promise<RunningGame> {
  const params = parseParams(location.search);
  gsap.globalTimeline.timeScale(params.speed);
  // Animations keep to the wall clock on a slow machine (software rendering here runs at a few frames a second);
  // only a stall of over a second is smoothed over.
  gsap.ticker.lagSmoothing(1000, 33);
  const i18n = new I18n(params.lang ?? 'fr');
  const busy = new Busy();
  const releaseBoot = busy.hold();
  let ready = false;
  host.dataset['idle'] = '0';
  busy.onChange((idle) => (host.dataset['idle'] = idle ? '1' : '0'));

  const stage = new Stage();
  await stage.init(host, params.renderer);
  const screens = new Container();
  const overlay = new Container();
  stage.root.addChild(screens, overlay);
  const sound = new SoundBoard(loadMusic);
  const nav = new AppNavigation(screens, () => busy.hold());
  // The test hook answers from the start; it reads the whole game once the game has booted.
  const hook = installHookAtBoot({ params, busy, sound, i18n, stage });
  handleVisibility(stage.app.ticker, sound);

  const badge = new DemoBadge();
  badge.visible = params.demo;
  const loading = new LoadingScreen(i18n.t('title'), i18n.t('loading'));
  stage.onResize((l) => {
    nav.resize(l);
    badge.resize(l);
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
  const place = printedPlace(params, client);

  // The views. Their buttons ask for intents, answered by the flow built below; every tap is gated by the session.
  const intents = new Intents();
  const gated = (i: Parameters<Intents['ask']>[0]): (() => void) => session.gated(intents.ask(i));
  const hud = new Hud({
    mute: intents.ask('mute'),
    lang: intents.ask('lang'),
    rules: gated('rules'),
    menu: gated('home'),
  });
  const rulesPanel = new RulesPanel(intents.ask('closeRules'));
  overlay.addChild(hud, rulesPanel);
  const title = new TitleScreen({ buy: gated('buy'), topUp: gated('topUp'), scan: gated('scan') });
  const ticket = new TicketScreen(
    stage.app.renderer,
    {
      // Asked at the first stroke, maybe while the ticket still arrives: sent as soon as the game takes input.
      scratched: () => void busy.whenIdle().then(() => session.reveal()),
      pick: (hen) => void session.pick(hen),
      chooseHaystack: (i) => void session.chooseHaystack(i),
      playAgain: gated('buy'),
      home: gated('home'),
      topUp: gated('topUp'),
      sound: (n) => sound.play(n),
    },
    // A printed ticket's end says what to do: collect a win from the retailer; nothing to buy again here.
    () => withPrintedResult(ticketWords(i18n), session.printed, i18n.lang, (c) => numbersFor(i18n.lang).money(c)),
  );
  const connection = new ConnectionUi({ i18n, stage, sound, session, nav, client, ticket }, overlay, title.view);
  // The layers over the screens, bottom to top.
  nav.addLayer({ id: 'result', view: ticket.result, isOpen: () => ticket.resultShown });
  nav.addLayer(connection.historyLayer);
  nav.addLayer({ id: 'rules', view: rulesPanel, isOpen: () => rulesPanel.visible });
  nav.addLayer(connection.noticeLayer);

  const focus = wireKeyboard({
    stage,
    nav,
    busy,
    i18n,
    session,
    hud,
    rules: rulesPanel,
    title,
    ticket,
    overlay,
    escape: intents.ask('rules'),
  });
  const rules = new RulesLayer(rulesPanel, i18n, nav, focus);
  const texts = new AppTexts({
    params,
    i18n,
    session,
    sound,
    nav,
    badge,
    hud,
    rules: rulesPanel,
    title,
    ticket,
    place,
  });
  texts.addNotices(() => connection.notices());
  connection.onChange(() => texts.refresh());
  i18n.onChange(() => texts.refresh());
  const printed = wirePrinted({
    place,
    session,
    i18n,
    busy,
    ticket,
    clearForTicket: () => {
      rules.close();
      connection.history.close();
      ticket.result.hide();
      forgetReleasedTextKeys(stage.app.renderer);
    },
    restOfArt: restOfTheArt,
    showTicketScreen: async () => {
      await nav.goto(ticket);
      texts.refresh();
    },
    refresh: () => texts.refresh(),
    home: async () => intents.ask('home')(),
  });
  const flow = new PlayerFlow({
    code: params.code,
    kiosk: params.mode === 'kiosk',
    renderer: stage.app.renderer,
    busy,
    session,
    sound,
    nav,
    rules,
    title,
    ticket,
    connection,
    texts,
    place,
    printed,
    restOfArt: restOfTheArt,
  });
  intents.handle({
    buy: () => void flow.buy(),
    topUp: () => void flow.topUp(),
    home: () => void flow.home(),
    rules: () => rules.toggle(),
    closeRules: () => rules.close(),
    scan: () => printed?.openEntry(),
    mute: () => texts.mute(sound.toggleMute()),
    lang: () => i18n.toggle(),
  });

  handleContextLoss(
    stage.app.canvas,
    () => {
      stage.refreshBackground();
      const s = session.snapshot();
      if (s && nav.screen === 'ticket') ticket.restore(s);
    },
    (lost) => host.setAttribute('data-context', lost ? 'lost' : 'ok'),
  );

  stage.onResize((l) => {
    hud.resize(l);
    rulesPanel.resize(l);
    texts.refreshNotices();
  });
  hud.resize(stage.layout);
  rulesPanel.resize(stage.layout);
  texts.refresh();
  const resumed = session.snapshot();
  if (resumed) ticket.restore(resumed);
  // A ticket found unfinished on start is shown as it was left, ready for the next gesture.
  if (session.ticketInPlay) await restOfTheArt();
  await nav.goto(session.ticketInPlay ? ticket : title);
  performance.mark('poule:title');
  texts.refresh();
  // Attract loop, idle care of a ticket, kiosk mode: its own layer, input watch and settings.
  const attract = installAttract({
    params,
    stage,
    nav,
    busy,
    session,
    i18n,
    sound,
    ready: () => ready,
    tidy: () => {
      rules.close();
      // A code entry or a ticket's message left open by someone who walked away goes with them.
      printed?.entry.close();
      printed?.note.hide();
    },
    home: () => flow.home(),
    refresh: () => texts.refresh(),
  });
  nav.addLayer({ id: 'attract', view: attract.screen.view, isOpen: () => attract.running });
  texts.addNotices(() => attract.notices());
  texts.refreshNotices();
  hook.running({
    params,
    i18n,
    busy,
    stage,
    sound,
    nav,
    hud,
    focus,
    session,
    ticket,
    connection,
    attract,
    printed,
    ready: () => ready,
    notices: () => texts.notices,
  });
  // The address of a printed ticket (its QR code): that ticket, or the words saying why not.
  if (printed && params.code !== null && session.canPlay) await printed.fromAddress(params.code);
  ready = true;
  host.dataset['ready'] = '1';
  releaseBoot();
  void restOfTheArt();
  return { params, stage, busy, session, ready: () => ready, lang: () => i18n.lang, screen: () => nav.screen };
}
