import type { Container } from 'pixi.js';
import { type HistoryEntry, historyEntry } from '../core/history';
import { type RecalledTicket, shownEvents } from '../protocol/messages';
import { dispose } from '../scene/dispose';
import { TOUCH_MIN_CSS } from '../scene/layout';
import { type HistoryContent, HistoryScreen } from '../scene/screens/history-screen';
import { TicketScreen } from '../scene/screens/ticket-screen';
import type { Stage } from '../scene/stage';
import { Button } from '../scene/views/button';
import { replaySteps } from './history-replay';
import { type HistoryLine, historyBoard, historyDetail, historyLine, historyRow } from './history-text';
import type { I18n } from './i18n';
import type { AppNavigation } from './navigation';
import { pw } from './persistence-words';
import { type ShownTicket, shownTicket } from './resume-shown';
import type { SoundBoard } from './sound';
import type { TicketSession } from './ticket-session';
import { ticketWords } from './words';

/** What « Historique » works with: the session's recalled tickets, the stage, the screen it covers while replaying. */
export interface HistoryContext {
  readonly i18n: I18n;
  readonly stage: Stage;
  readonly sound: SoundBoard;
  readonly session: TicketSession;
  readonly nav: AppNavigation;
}

/** The « Historique » view as the test hook reports it. */
export interface HistoryViewState {
  readonly open: boolean;
  readonly lines: readonly HistoryLine[];
  readonly selected: number;
  readonly status: string;
  readonly replay: {
    readonly serial: string;
    readonly step: number;
    readonly steps: number;
    readonly shown: ShownTicket;
  } | null;
}

/**
 * The « Historique » screen's controller: the last ten tickets as the game server recalls them (each journal folded
 * by the core, never drawn again), and the replay of a ticket from its journal through a ticket screen of its own
 * whose actions do nothing (a replay takes no input and never draws).
 */
export class HistoryController {
  readonly screen: HistoryScreen;
  readonly openButton: Button;
  private selected = 0;
  private folded: { from: readonly RecalledTicket[]; entries: HistoryEntry[] } | null = null;
  private replaying: {
    screen: TicketScreen;
    serial: string;
    step: number;
    steps: number;
    release: (() => void) | null;
    hidden: Container | null;
  } | null = null;

  constructor(private readonly a: HistoryContext) {
    this.screen = new HistoryScreen({
      select: (i) => this.select(i),
      replay: a.session.gated(() => void this.replay()),
      close: () => this.close(),
      closeReplay: () => this.closeReplay(),
    });
    this.openButton = new Button({
      id: 'history',
      width: 300,
      height: 90,
      text: '',
      tone: 'plain',
      onTap: a.session.gated(() => this.open()),
    });
    a.i18n.onChange(() => this.refresh());
  }

  get isOpen(): boolean {
    return this.screen.visible;
  }

  /** The title's « Historique » button: top left, clear of the logo, in both orientations. */
  placeOpenButton(): void {
    this.openButton.setText(pw(this.a.i18n.lang, 'historyButton'));
    const l = this.a.stage.layout;
    // Under the header, whose height grows on a phone (larger icons).
    // On a phone the button's face grows about its centre to a fingertip's size: moved in by what it gains, so its
    // left edge stays on screen.
    const grow = Math.max(1, TOUCH_MIN_CSS / (90 * l.scale));
    this.openButton.position.set(30 + (grow - 1) * 150, l.header.y + l.header.height + 20 + (grow - 1) * 45);
  }

  open(): void {
    this.selected = 0;
    this.a.sound.play('click');
    this.screen.show(this.content());
    this.a.nav.changed();
    // The server's list, read again: a ticket finished on another screen of this wallet shows too.
    void this.a.session.refreshHistory().then(() => this.refresh());
  }

  close(): void {
    this.closeReplay();
    this.screen.hide();
    this.a.nav.changed();
  }

  refresh(): void {
    this.placeOpenButton();
    if (this.screen.visible) this.screen.show(this.content());
  }

  /**
   * The recalled tickets, each folded by the core; one that does not fold is left out (and logged), never shown.
   * Folded once per answer from the server (the hook asks often).
   */
  private entries(): readonly HistoryEntry[] {
    const recent = this.a.session.recent;
    if (this.folded?.from === recent) return this.folded.entries;
    const out: HistoryEntry[] = [];
    for (const t of recent) {
      const e = historyEntry(t);
      if (e.ok) out.push(e.value);
      else console.error(`recalled ticket ${t.id} not shown: ${e.error.message}`);
    }
    this.folded = { from: recent, entries: out };
    return out;
  }

  state(): HistoryViewState {
    const r = this.replaying;
    return {
      open: this.screen.visible,
      lines: this.entries().map(historyLine),
      selected: this.selected,
      status: this.statusText(),
      replay: r ? { serial: r.serial, step: r.step, steps: r.steps, shown: shownTicket(r.screen) } : null,
    };
  }

  /** The recalled history, for the hook (whatever the screen shows). */
  savedLines(): HistoryLine[] {
    return this.entries().map(historyLine);
  }

  private statusText(): string {
    const lang = this.a.i18n.lang;
    const session = this.a.session;
    if (session.client.kind === 'local') return pw(lang, 'historyDemo');
    if (!session.canPlay) return pw(lang, 'historyNotKept');
    return this.entries().length === 0 ? pw(lang, 'historyEmpty') : '';
  }

  private content(): HistoryContent {
    const lang = this.a.i18n.lang;
    const list = this.entries();
    const chosen = list[this.selected];
    return {
      title: pw(lang, 'historyTitle'),
      sub: pw(lang, 'historySub'),
      status: this.statusText(),
      rows: list.map((e) => historyRow(lang, e)),
      selected: this.selected,
      detail: chosen ? historyDetail(lang, chosen) : '',
      board: chosen ? historyBoard(lang, chosen) : [],
      labels: {
        replay: pw(lang, 'replay'),
        close: pw(lang, 'close'),
        replayClose: pw(lang, 'replayClose'),
      },
      canReplay: chosen !== undefined,
    };
  }

  private select(i: number): void {
    if (i >= this.entries().length) return;
    this.selected = i;
    this.screen.show(this.content());
  }

  /** Replays the selected ticket from its journal, command by command, through a ticket screen's own views. */
  private async replay(): Promise<void> {
    const entry = this.entries()[this.selected];
    if (!entry || this.replaying) return;
    const steps = replaySteps(entry.journal);
    if (!steps) return;
    const a = this.a;
    const lang = a.i18n.lang;
    const close = (): void => this.closeReplay();
    const screen = new TicketScreen(
      a.stage.app.renderer,
      {
        scratched: () => undefined,
        pick: () => undefined,
        chooseHaystack: () => undefined,
        playAgain: close,
        home: close,
        sound: (n) => a.sound.play(n),
      },
      () => ticketWords(a.i18n),
    );
    const hidden = a.nav.active?.view ?? null;
    const r = {
      screen,
      serial: entry.serialText,
      step: 0,
      steps: steps.length,
      release: a.session.hold() as (() => void) | null,
      hidden,
    };
    this.replaying = r;
    if (hidden) hidden.visible = false;
    this.screen.replayLayer.addChild(screen.view);
    this.screen.showReplay(pw(lang, 'replayBanner', { serial: entry.serialText }));
    screen.resize(a.stage.layout);
    const unlisten = a.stage.onResize((l) => !screen.view.destroyed && screen.resize(l));
    try {
      for (const step of steps) {
        if (this.replaying !== r) return;
        await screen.play(shownEvents(step.events), step.snapshot);
        r.step++;
      }
      if (this.replaying === r) screen.result.playAgain.visible = false;
    } finally {
      unlisten();
      r.release?.();
      r.release = null;
    }
  }

  private closeReplay(): void {
    const r = this.replaying;
    if (!r) return;
    this.replaying = null;
    r.release?.();
    r.release = null;
    if (r.hidden) r.hidden.visible = true;
    dispose(r.screen.view);
    this.screen.showReplay(null);
  }
}
