import gsap from 'gsap';
import type { GameSnapshot } from '../../core';
import { AttractScreen, type AttractTexts } from '../../scene/screens/attract-screen';
import { TicketScreen } from '../../scene/screens/ticket-screen';
import type { Stage } from '../../scene/stage';
import { forgetReleasedTextKeys } from '../../scene/text-keys';
import { AttractIdleWarning } from '../../scene/views/attract-idle-warning';
import { type AttractConfig, type AttractProblem, DEFAULT_ATTRACT } from '../attract-config';
import type { Busy } from '../busy';
import type { I18n } from '../i18n';
import { frenchSpaces } from '../i18n/french-spaces';
import { type IdleView, IdleWatch } from '../idle-watch';
import type { AppNavigation } from '../navigation';
import { shortValue } from '../shorten';
import type { SoundBoard } from '../sound';
import type { TicketSession } from '../ticket-session';
import type { Params } from '../url-params';
import { rulesContent, ticketWords, topPrize } from '../words';
import { demoSeeds } from './attract-demo';
import { DemoPlayer } from './attract-demo-player';
import { loadAttractConfig } from './attract-load';
import { Pace } from './attract-pace';
import { aw } from './attract-words';
import { Kiosk } from './kiosk-mode';

/** What the attract loop works with: the stage it draws on, what is in front, whether the game is busy, the words. */
export interface AttractContext {
  readonly params: Params;
  readonly stage: Stage;
  readonly nav: AppNavigation;
  readonly busy: Busy;
  readonly session: TicketSession;
  readonly i18n: I18n;
  readonly sound: SoundBoard;
  /** The game has booted. */
  readonly ready: () => boolean;
  /** Closes what someone left open over the screen (the rules, a code entry, a message) and the focus ring. */
  readonly tidy: () => void;
  /** Back to the title (a ticket in play stays as it is). */
  readonly home: () => Promise<void>;
  /** The title's texts again (its notices name the loop's bad settings). */
  readonly refresh: () => void;
}

/** A demo ticket's seconds before the first loop has measured them (the still scenes share what is left). */
const DEMO_SECONDS_GUESS = 28;
/**
 * The loop plays its animations this much faster than a player's screen (the whole game is hidden under it, so the
 * global time scale is the loop's while it runs): a demo ticket is a glimpse, not a lesson.
 */
const DEMO_PACE = 1.35;
const INPUTS = ['pointerdown', 'pointerup', 'pointermove', 'keydown', 'wheel'] as const;

/**
 * The attract loop and the idle care of a ticket. On the title, idle: the loop (title → how to play → demo tickets →
 * prize table → again) over every screen; a touch, click or key leaves it at once for the title. Inside a ticket,
 * idle: a countdown, then the ticket is set aside as it is (its journal untouched) and the title comes back — or the
 * loop, on a kiosk. The demo tickets are the real core's, from their own seeded streams, shown on a ticket screen of
 * their own: the player's ticket screen and session are never touched by the loop.
 */
export class Attract {
  config: AttractConfig = DEFAULT_ATTRACT;
  problems: AttractProblem[] = [];
  /** The demo seeds: the configured ones, else found when first needed (a search of ~100 ms, kept off the boot). */
  private seedsFound: number[] | null = null;
  readonly screen: AttractScreen;
  readonly demoScreen: TicketScreen;
  readonly warning = new AttractIdleWarning();
  readonly kiosk: Kiosk | null;
  loops = 0;
  lastLoopSeconds: number | null = null;
  private demoSeconds: number | null = null;
  private readonly watch: IdleWatch;
  private active = false;
  /** A pointer went down on the loop: it leaves on the release. */
  private leaving = false;
  /** Bumped at each start and stop: a loop whose token is stale stops at its next step. */
  private token = 0;
  private readonly pace = new Pace();
  private readonly player: DemoPlayer;
  private startAtOnce = false;
  private baseTimeScale = 1;
  /** Shows again what the loop covers. */
  private uncover: () => void = () => undefined;
  /** The next moment the idle watch is asked again (set at each change, never a steady beat). */
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly unlisten: (() => void)[] = [];

  constructor(private readonly a: AttractContext) {
    const renderer = a.stage.app.renderer;
    this.demoScreen = new TicketScreen(
      renderer,
      {
        // The bot sends the commands itself; the demo screen's own taps are never wired to anything.
        scratched: () => undefined,
        pick: () => undefined,
        chooseHaystack: () => undefined,
        playAgain: () => undefined,
        home: () => undefined,
        sound: (n) => this.active && this.config.sound && a.sound.play(n),
      },
      () => ticketWords(a.i18n),
    );
    this.demoScreen.view.eventMode = 'none';
    this.screen = new AttractScreen(this.demoScreen.view);
    this.player = new DemoPlayer(this.screen, this.demoScreen, this.pace);
    a.stage.root.addChild(this.screen.view, this.warning);
    a.stage.onResize((l) => {
      this.screen.resize(l);
      this.demoScreen.resize(l);
      this.warning.resize(l);
    });
    const host = a.stage.app.canvas.parentElement ?? document.body;
    this.kiosk =
      a.params.mode === 'kiosk'
        ? new Kiosk(host, a.stage.app.renderer.events.cursorStyles as Record<string, unknown>)
        : null;
    this.watch = new IdleWatch(this.times(), () => performance.now());
    const onInput = (e: Event): void => this.input(e);
    for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: false });
    a.i18n.onChange(() => this.refreshTexts());
    this.refreshTexts();
    // Asked again when something changes: the game settles or starts moving (the idle time counts from its end), the
    // screen or a layer changes; input is seen above.
    this.unlisten.push(
      a.busy.onChange(() => {
        this.watch.touch();
        this.check();
      }),
      a.nav.onChange(() => this.check()),
    );
    this.check();
  }

  get running(): boolean {
    return this.active;
  }

  get demoSnapshot(): GameSnapshot | null {
    return this.active ? (this.player.ticket?.game.snapshot() ?? null) : null;
  }

  get seeds(): readonly number[] {
    this.seedsFound ??= demoSeeds(this.config.seedFrom);
    return this.seedsFound;
  }

  get demoSeed(): number | null {
    return this.active ? (this.player.ticket?.seed ?? null) : null;
  }

  /** Reads attract.json (or `?attract=`) and the URL; `?mode=attract` then starts the loop at once. */
  async configure(): Promise<void> {
    const { config, problems } = await loadAttractConfig(location.search);
    this.config = config;
    this.problems = problems;
    if (config.lang && !this.a.params.lang) this.a.i18n.set(config.lang);
    this.seedsFound = config.seeds.length > 0 ? [...config.seeds] : null;
    this.watch.setTimes(this.times());
    this.refreshTexts();
    if (this.a.ready()) this.a.refresh();
    // `?mode=attract`: the loop starts as soon as the game is ready and idle on the title.
    this.startAtOnce = this.a.params.mode === 'attract';
    this.check();
  }

  /**
   * Asks again once the game has become ready: nothing is decided before (the idle watch, `?mode=attract`), and the
   * game turns ready after this loop is installed, when nothing else may happen to ask.
   */
  wake(): void {
    this.check();
  }

  /** The notices the title shows for bad settings. */
  notices(): string[] {
    const lang = this.a.i18n.lang;
    return this.problems.map((p) => aw(lang, 'badSetting', { name: shortValue(p.name), value: shortValue(p.value) }));
  }

  /** Starts the loop over the title (never over a ticket: the idle watch only asks for it on the title). */
  start(): void {
    if (this.active || !this.a.ready()) return;
    this.active = true;
    this.leaving = false;
    this.a.tidy();
    this.warning.hide();
    this.screen.open();
    this.uncover = this.a.nav.cover(this.screen.view, [this.warning]);
    this.baseTimeScale = gsap.globalTimeline.timeScale();
    gsap.globalTimeline.timeScale(this.baseTimeScale * DEMO_PACE);
    const token = ++this.token;
    this.pace.begin();
    void this.loop(token).catch((e: unknown) => console.error('the attract loop failed', e));
  }

  /** Leaves the loop at once: the title, ready to buy; the demo's state is dropped, the player's is as it was. */
  stop(): void {
    if (!this.active) return;
    this.active = false;
    this.token++;
    this.pace.stop();
    gsap.globalTimeline.timeScale(this.baseTimeScale);
    this.player.drop();
    this.screen.close();
    this.uncover();
    this.uncover = () => undefined;
    this.watch.touch();
    this.a.refresh();
  }

  private times(): { idleMs: number; ticketIdleMs: number; warningMs: number } {
    const c = this.config;
    return {
      idleMs: c.idleSeconds * 1000,
      ticketIdleMs: c.ticketIdleSeconds * 1000,
      warningMs: c.warningSeconds * 1000,
    };
  }

  private input(e: Event): void {
    this.watch.touch();
    if (this.warning.visible) this.warning.hide();
    if (!this.active && !this.leaving) {
      // Someone is there: the next question to the idle watch is moved on (a pointer's moves only count once a beat).
      if (e.type !== 'pointermove' || this.timer === null) this.check();
      return;
    }
    if (e.type === 'pointermove' || e.type === 'wheel') return;
    // Nothing under the loop sees this input: the tap that leaves it must not also buy a ticket.
    e.stopImmediatePropagation();
    e.preventDefault();
    if (e.type === 'pointerdown') {
      this.leaving = true;
      return;
    }
    this.leaving = false;
    this.stop();
  }

  /** What the idle watch sees: the screen under the layers in front, a ticket in play, the game moving. */
  private idleView(): IdleView {
    const front = this.a.nav.front();
    return {
      screen:
        front.id === 'attract'
          ? 'other'
          : front.screen === 'title'
            ? 'title'
            : front.screen === 'ticket'
              ? 'ticket'
              : 'other',
      ticketInPlay: this.a.session.ticketInPlay,
      busy: this.active || !this.a.busy.idle,
    };
  }

  /** Asks the idle watch now, and sets the next moment to ask it (if nothing changes before). */
  private check(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.a.ready()) return;
    this.act();
    const wait = this.active ? null : this.watch.untilNext(this.idleView());
    if (wait !== null) this.timer = setTimeout(() => this.check(), Math.max(wait, 20));
  }

  private act(): void {
    if (this.startAtOnce && this.a.busy.idle && this.a.nav.screen === 'title') {
      this.startAtOnce = false;
      this.start();
      return;
    }
    const d = this.watch.decide(this.idleView());
    const lang = this.a.i18n.lang;
    switch (d.action) {
      case 'attract':
        // A code entry or a ticket's message left open by someone who walked away goes with them (tidy, at start).
        this.start();
        return;
      case 'warn':
        this.a.tidy();
        this.warning.show(
          aw(lang, 'stillThere'),
          lang === 'fr' ? frenchSpaces(aw(lang, 'setAsideIn')) : aw(lang, 'setAsideIn'),
          d.secondsLeft,
        );
        return;
      case 'setAside':
        // The ticket stays as its journal has it: only the screen changes; the title offers to resume it.
        this.warning.hide();
        void this.a.home().then(() => {
          this.watch.touch();
          if (this.a.params.mode === 'kiosk' || this.a.params.mode === 'attract') this.start();
        });
        return;
      case 'home':
        void this.a.home().then(() => this.watch.touch());
        return;
      case 'none':
        if (this.warning.visible) this.warning.hide();
        return;
    }
  }

  private refreshTexts(): void {
    const i = this.a.i18n;
    const say = (key: 'touch' | 'howToHeading' | 'howTo1' | 'howTo2' | 'howTo3'): string => aw(i.lang, key);
    const spaced = (key: 'howTo1' | 'howTo2' | 'howTo3'): string =>
      i.lang === 'fr' ? frenchSpaces(say(key)) : say(key);
    const rules = rulesContent(i);
    const texts: AttractTexts = {
      title: i.t('title'),
      topPrize: i.t('topPrize', { amount: topPrize(i) }),
      touch: say('touch'),
      touchOther: aw(i.lang === 'fr' ? 'en' : 'fr', 'touch'),
      caption: this.config.caption,
      badge: i.t('demoBadge'),
      howToHeading: say('howToHeading'),
      howTo: [spaced('howTo1'), spaced('howTo2'), spaced('howTo3')],
      prizes: {
        title: rules.title,
        columns: rules.columns,
        rows: rules.rows,
        oddsTitle: rules.oddsTitle,
        odds: rules.odds,
        note: rules.ours,
      },
      problems: this.notices(),
    };
    this.screen.setTexts(texts);
    this.demoScreen.refreshTexts();
  }

  private async loop(token: number): Promise<void> {
    // A demo animation left over from the last run finishes first, so it cannot touch the next ticket.
    await this.player.settle();
    const live = (): boolean => token === this.token;
    while (live()) {
      const started = this.seconds();
      let demoSeconds = 0;
      for (const scene of this.config.scenes) {
        if (!live()) return;
        if (scene === 'demo') {
          const t0 = this.seconds();
          for (const seed of this.seeds) {
            await this.player.play(seed, live);
            if (!live()) return;
          }
          demoSeconds += this.seconds() - t0;
        } else {
          // Waits run in the loop's quickened time: a hold of `hold` seconds on the clock is hold × DEMO_PACE of it.
          const hold = this.stillSeconds() * DEMO_PACE;
          await this.pace.until(this.screen.showScene(scene, hold / 4));
          await this.pace.wait(scene === 'howto' ? hold * 0.25 : hold);
        }
      }
      if (!live()) return;
      this.loops++;
      forgetReleasedTextKeys(this.a.stage.app.renderer);
      this.lastLoopSeconds = this.seconds() - started;
      this.demoSeconds = demoSeconds;
    }
  }

  /** The loop's clock: seconds as they pass at speed 1 (performance.now, which a test's fake clock drives). */
  private seconds(): number {
    return (performance.now() / 1000) * this.a.params.speed;
  }

  /** Each still scene's share of the loop's length, once the demo tickets have had theirs (4 s at least). */
  private stillSeconds(): number {
    const scenes = this.config.scenes;
    const stills = scenes.filter((s) => s !== 'demo').length;
    const demos = scenes.length - stills;
    const demoSeconds = this.demoSeconds ?? DEMO_SECONDS_GUESS * this.seeds.length * demos;
    return Math.min(60, Math.max(4, (this.config.loopSeconds - demoSeconds) / Math.max(1, stills)));
  }

  /** For the soak and the tests: the loop stops for good (the page is closing). */
  dispose(): void {
    this.stop();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const u of this.unlisten) u();
  }
}

/** Starts the attract loop's watch (and kiosk mode when asked for); reads its settings in the background. */
export function installAttract(context: AttractContext): Attract {
  const attract = new Attract(context);
  void attract.configure();
  return attract;
}
