import type { Container } from 'pixi.js';
import { joinGsap } from '../scene/gsap-join';
import { TicketScreen } from '../scene/screens/ticket-screen';
import type { TitleScreen } from '../scene/screens/title-screen';
import type { Stage } from '../scene/stage';
import { forgetReleasedTextKeys } from '../scene/text-keys';
import type { DemoBadge, Hud } from '../scene/views/hud';
import { RulesPanel } from '../scene/views/rules-panel';
import type { AppTexts } from './app-texts';
import type { Busy } from './busy';
import { ConnectionUi } from './connection-ui';
import { handleContextLoss } from './context-loss';
import type { installHookAtBoot } from './hook-boot';
import { hookSource } from './hook-source';
import type { I18n } from './i18n';
import { wireKeyboard } from './input';
import type { Intent, Intents } from './intents';
import { installAttract } from './modes/attract-mode';
import { numbersFor } from './money';
import type { AppNavigation } from './navigation';
import type { PlayClient } from './play-client';
import { PlayerFlow } from './player-flow';
import { withPrintedResult } from './printed/printed-flow';
import type { PrintedPlace } from './printed/printed-place';
import { wirePrinted } from './printed/printed-wiring';
import { RulesLayer } from './rules-layer';
import type { SoundBoard } from './sound';
import type { TicketSession } from './ticket-session';
import type { Params } from './url-params';
import { ticketWords } from './words';

/** What the boot built before the title took input, handed to the rest. */
export interface PlayContext {
  readonly host: HTMLElement;
  readonly params: Params;
  readonly i18n: I18n;
  readonly busy: Busy;
  readonly stage: Stage;
  readonly overlay: Container;
  readonly sound: SoundBoard;
  readonly nav: AppNavigation;
  readonly hook: ReturnType<typeof installHookAtBoot>;
  readonly badge: DemoBadge;
  readonly hud: Hud;
  readonly title: TitleScreen;
  readonly texts: AppTexts;
  readonly client: PlayClient;
  readonly session: TicketSession;
  readonly place: PrintedPlace;
  readonly intents: Intents;
  readonly restOfTheArt: () => Promise<void>;
  /** Everything is built: the game is ready (the test hook's `ready`). */
  readonly booted: () => void;
  readonly ready: () => boolean;
}

/** The rest, built: what answers each intent from now on. */
export interface PlayPart {
  handle(intent: Intent): void;
}

/**
 * Everything the title does not need, built behind it: the ticket screen, the layers over it (result, history,
 * rules, notices), the flow that answers the buttons, the keyboard, printed tickets, the attract loop.
 */
export async function buildPlay(c: PlayContext): Promise<PlayPart> {
  const { params, i18n, busy, stage, overlay, sound, nav, hud, title, texts, client, session, place, intents } = c;
  joinGsap(stage.app.ticker);
  const rulesPanel = new RulesPanel(intents.ask('closeRules'));
  overlay.addChild(rulesPanel);
  const ticket = new TicketScreen(
    stage.app.renderer,
    {
      // Asked at the first stroke, maybe while the ticket still arrives: sent as soon as the game takes input.
      scratched: () => void busy.whenIdle().then(() => session.reveal()),
      pick: (hen) => void session.pick(hen),
      chooseHaystack: (i) => void session.chooseHaystack(i),
      playAgain: session.gated(intents.ask('buy')),
      home: session.gated(intents.ask('home')),
      topUp: session.gated(intents.ask('topUp')),
      sound: (n) => sound.play(n),
    },
    // A printed ticket's end says what to do: collect a win from the retailer; nothing to buy again here.
    () => withPrintedResult(ticketWords(i18n), session.printed, i18n.lang, (x) => numbersFor(i18n.lang).money(x)),
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
  texts.attach({ ticket, rules: rulesPanel });
  texts.addNotices(() => connection.notices());
  connection.onChange(() => texts.refresh());
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
    restOfArt: c.restOfTheArt,
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
    restOfArt: c.restOfTheArt,
  });
  const handlers: Readonly<Record<Intent, () => void>> = {
    buy: () => void flow.buy(),
    topUp: () => void flow.topUp(),
    home: () => void flow.home(),
    rules: () => rules.toggle(),
    closeRules: () => rules.close(),
    scan: () => printed?.openEntry(),
    mute: () => texts.mute(sound.toggleMute()),
    lang: () => i18n.toggle(),
  };
  intents.handle(handlers);

  handleContextLoss(
    stage.app.canvas,
    () => {
      stage.refreshBackground();
      const s = session.snapshot();
      if (s && nav.screen === 'ticket') ticket.restore(s);
    },
    (lost) => c.host.setAttribute('data-context', lost ? 'lost' : 'ok'),
  );
  stage.onResize((l) => rulesPanel.resize(l));
  rulesPanel.resize(stage.layout);
  texts.refresh();
  const resumed = session.snapshot();
  if (resumed) ticket.restore(resumed);
  // A ticket found unfinished on start is shown as it was left, ready for the next gesture.
  if (session.ticketInPlay) {
    await c.restOfTheArt();
    await nav.goto(ticket);
  } else if (nav.screen !== 'title') await nav.goto(title);
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
    ready: c.ready,
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
  c.hook.running(
    hookSource({
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
      ready: c.ready,
      notices: () => texts.notices,
    }),
  );
  // The address of a printed ticket (its QR code): that ticket, or the words saying why not.
  if (printed && params.code !== null && session.canPlay) await printed.fromAddress(params.code);
  void c.restOfTheArt();
  // The test hook's `ready` also means the title's entrance is over (a test's picture of the title is the settled
  // one). Neither the title's input nor a tap waiting for this part waits for it; three seconds at most, so an
  // entrance cut short never holds it back (a loaded machine's stalls stretch the half-second entrance past one).
  const entered = nav.screen === 'title' ? title.entered : Promise.resolve();
  void Promise.race([entered, new Promise((r) => setTimeout(r, 3000))]).then(() => {
    c.booted();
    c.host.dataset['ready'] = '1';
    attract.wake();
  });
  return { handle: (i) => handlers[i]() };
}
