import { Container, UPDATE_PRIORITY } from 'pixi.js';
import { artDensity, loadMusic, loadSoundsInBackground, loadTitleAssets, restOfArt } from '../scene/assets';
import { LoadingScreen } from '../scene/screens/loading-screen';
import { TitleScreen } from '../scene/screens/title-screen';
import { layoutOf, Stage, stageResolution } from '../scene/stage';
import { motion } from '../scene/tween';
import { DemoBadge, Hud } from '../scene/views/hud';
import { AppTexts } from './app-texts';
import { Busy } from './busy';
import { clientFor } from './client-for';
import type { RunningGame } from './error-context';
import { reportError } from './error-screen';
import type { PlayContext, PlayPart } from './game-play';
import { installHookAtBoot } from './hook-boot';
import { I18n } from './i18n';
import { type Intent, Intents } from './intents';
import { AppNavigation } from './navigation';
import { pw } from './persistence-words';
import { printedPlace } from './printed/printed-place';
import { SoundBoard } from './sound';
import { TicketSession } from './ticket-session';
import { parseParams } from './url-params';
import { handleVisibility } from './visibility';

/**
 * Boots the game in `host`: renderer and loading screen, the title's art, the session, the title and the header.
 * The title takes input as soon as it is drawn; everything else (the ticket screen, the flow, the keyboard, the
 * history, the rules, printed tickets, the attract loop, gsap) is a chunk fetched just after (`game-play.ts`). A tap
 * that arrives before that chunk waits for it. Each part is built once what it needs exists.
 */
export async function startGame(host: HTMLElement): Promise<RunningGame> {
  const params = parseParams(location.search);
  motion.setSpeed(params.speed);
  const i18n = new I18n(params.lang ?? 'fr');
  const busy = new Busy();
  const releaseBoot = busy.hold();
  let ready = false;
  host.dataset['idle'] = '0';
  busy.onChange((idle) => (host.dataset['idle'] = idle ? '1' : '0'));

  // The title's art is fetched and decoded while the renderer starts (its WebGL context alone takes a while here).
  const firstLayout = layoutOf(host);
  const background = firstLayout.orientation === 'landscape' ? 'farmyard' : 'farmyard-portrait';
  let progress = 0;
  let showProgress = (p: number): void => {
    progress = p;
  };
  const titleArt = loadTitleAssets(artDensity(firstLayout, stageResolution()), background, (p) => showProgress(p));
  const stage = new Stage();
  await stage.init(host, params.renderer);
  // Our tweens step in the renderer's tick, before it draws.
  motion.driveWith(stage.app.ticker, UPDATE_PRIORITY.HIGH);
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
  loading.setProgress(progress);
  showProgress = (p) => loading.setProgress(p);
  stage.onResize((l) => {
    nav.resize(l);
    badge.resize(l);
  });
  badge.resize(stage.layout);
  await nav.goto(loading);
  stage.root.addChild(badge);

  performance.mark('poule:loading-shown');
  // The page's own loading screen goes once this one has been drawn in its place.
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById('boot-screen')?.remove()));
  // Only what the title draws comes first; the rest of the art, then the sounds, load behind it.
  await titleArt;
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

  // The title and the header. Their buttons ask for intents, answered once the rest is built; every tap is gated by
  // the session.
  const intents = new Intents();
  const gated = (i: Intent): (() => void) => session.gated(intents.ask(i));
  const hud = new Hud({
    mute: intents.ask('mute'),
    lang: intents.ask('lang'),
    rules: gated('rules'),
    menu: gated('home'),
  });
  overlay.addChild(hud);
  const title = new TitleScreen({ buy: gated('buy'), topUp: gated('topUp'), scan: gated('scan') });
  const texts = new AppTexts({ params, i18n, session, sound, nav, badge, hud, title, place });
  i18n.onChange(() => texts.refresh());
  stage.onResize((l) => {
    hud.resize(l);
    texts.refreshNotices();
  });
  hud.resize(stage.layout);
  texts.refresh();

  const context: PlayContext = {
    host,
    params,
    i18n,
    busy,
    stage,
    overlay,
    sound,
    nav,
    hook,
    badge,
    hud,
    title,
    texts,
    client,
    session,
    place,
    intents,
    restOfTheArt,
    booted: () => {
      ready = true;
    },
    ready: () => ready,
  };
  let part: Promise<PlayPart> | null = null;
  const playPart = (): Promise<PlayPart> => (part ??= import('./game-play').then((m) => m.buildPlay(context)));
  // Until the rest is built, an intent waits for it (the game held busy meanwhile, so a second tap is not queued),
  // and is handed over inside that hold: the flow takes the game before it is let go, so no tap finds it idle between.
  const waiting = (i: Intent) => (): void =>
    void busy.during(async () => (await playPart()).handle(i)).catch((e: unknown) => reportBootError(e));
  intents.handle({
    buy: waiting('buy'),
    topUp: waiting('topUp'),
    home: waiting('home'),
    rules: waiting('rules'),
    closeRules: waiting('closeRules'),
    scan: waiting('scan'),
    mute: () => texts.mute(sound.toggleMute()),
    lang: () => i18n.toggle(),
  });

  // A ticket found unfinished on start, or a printed ticket's address, is shown by the rest: it comes first.
  if (session.ticketInPlay || (place.here && params.code !== null)) await playPart();
  else await nav.goto(title);
  performance.mark('poule:title');
  releaseBoot();
  // Fetched once the title is drawn and takes input, so it never delays it; built before the player's first buy.
  if (!part) afterFirstFrame(() => void playPart().catch(reportBootError));
  return { params, stage, busy, session, ready: () => ready, lang: () => i18n.lang, screen: () => nav.screen };
}

function afterFirstFrame(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** The rest failing to load or build (a chunk not served): shown with « Reprendre / Recharger ». */
function reportBootError(e: unknown): void {
  reportError(e, 'boot');
}
