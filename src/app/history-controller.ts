import type { Container } from 'pixi.js';
import { DEFAULT_PRIZE_TABLE } from '../core';
import { importHistory } from '../core/history-file';
import { HistoryScreen, type HistoryContent } from '../scene/screens/history-screen';
import { TicketScreen } from '../scene/screens/ticket-screen';
import { dispose } from '../scene/dispose';
import { Button } from '../scene/views/button';
import type { GameApp } from './game-app';
import { replaySteps } from './history-replay';
import { historyDetail, historyLine, historyRow, metersText, type HistoryLine } from './history-text';
import type { Persistence } from './persistence';
import { pw, type PersistenceKey } from './persistence-words';
import { shownTicket, type ShownTicket } from './resume-shown';
import type { HistoryEntry } from './store';
import { ticketWords } from './words';

/** The « Historique » view as the test hook reports it. */
export interface HistoryViewState {
  readonly open: boolean;
  readonly source: 'saved' | 'imported';
  readonly fileName: string | null;
  readonly lines: readonly HistoryLine[];
  readonly selected: number;
  readonly status: string;
  readonly replay: { readonly serial: string; readonly step: number; readonly steps: number; readonly shown: ShownTicket } | null;
}

type Status = { key: PersistenceKey; vars: Record<string, string | number> } | null;

/**
 * The « Historique » screen's controller: the saved tickets (or an imported file's, shown only), the meters, export
 * to a JSON download, import from a file input, and the replay of a ticket from its journal through a ticket screen
 * of its own whose actions do nothing (a replay takes no input and never draws).
 */
export class HistoryController {
  readonly screen: HistoryScreen;
  readonly openButton: Button;
  private imported: { name: string; entries: HistoryEntry[] } | null = null;
  private selected = 0;
  private status: Status = null;
  private input: HTMLInputElement | null = null;
  private replaying: { screen: TicketScreen; serial: string; step: number; steps: number; release: (() => void) | null; hidden: Container | null } | null = null;

  constructor(
    private readonly a: GameApp,
    private readonly p: Persistence,
  ) {
    this.screen = new HistoryScreen({
      select: (i) => this.select(i),
      replay: () => void this.replay(),
      exportFile: () => this.exportFile(),
      importFile: () => this.pickFile(),
      back: () => this.back(),
      close: () => this.close(),
      closeReplay: () => this.closeReplay(),
    });
    this.openButton = new Button({ id: 'history', width: 300, height: 90, text: '', tone: 'plain', onTap: () => a.busy.idle && this.open() });
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
    this.openButton.position.set(40, l.header.y + l.header.height + 20);
  }

  open(): void {
    this.imported = null;
    this.selected = 0;
    this.status = null;
    this.a.sound.play('click');
    this.screen.show(this.content());
  }

  close(): void {
    this.closeReplay();
    this.screen.hide();
  }

  refresh(): void {
    this.placeOpenButton();
    if (this.screen.visible) this.screen.show(this.content());
  }

  private entries(): readonly HistoryEntry[] {
    return this.imported ? this.imported.entries : (this.p.kept?.store.history ?? []);
  }

  state(): HistoryViewState {
    const r = this.replaying;
    return {
      open: this.screen.visible,
      source: this.imported ? 'imported' : 'saved',
      fileName: this.imported?.name ?? null,
      lines: this.entries().map(historyLine),
      selected: this.selected,
      status: this.statusText(),
      replay: r ? { serial: r.serial, step: r.step, steps: r.steps, shown: shownTicket(r.screen) } : null,
    };
  }

  /** The saved history and meters, for the hook (whatever the screen shows). */
  savedLines(): HistoryLine[] {
    return (this.p.kept?.store.history ?? []).map(historyLine);
  }

  private statusText(): string {
    const lang = this.a.i18n.lang;
    if (this.status) return pw(lang, this.status.key, this.status.vars);
    if (this.p.status === 'demo') return pw(lang, 'historyDemo');
    if (!this.p.kept && !this.imported) return pw(lang, 'historyNotKept');
    return this.entries().length === 0 ? pw(lang, 'historyEmpty') : '';
  }

  private content(): HistoryContent {
    const lang = this.a.i18n.lang;
    const list = this.entries();
    const meters = this.p.kept?.store.meters ?? null;
    const chosen = list[this.selected];
    return {
      title: pw(lang, 'historyTitle'),
      sub: pw(lang, 'historySub'),
      meters: meters ? metersText(lang, meters) : '',
      status: this.statusText(),
      rows: list.map((e) => historyRow(lang, e)),
      selected: this.selected,
      detail: chosen ? historyDetail(lang, chosen) : '',
      labels: {
        replay: pw(lang, 'replay'),
        exportFile: pw(lang, 'exportFile'),
        importFile: pw(lang, 'importFile'),
        back: pw(lang, 'backToSaved'),
        close: pw(lang, 'close'),
        replayClose: pw(lang, 'replayClose'),
      },
      canReplay: chosen !== undefined,
      canExport: !this.imported && (this.p.kept?.store.history.length ?? 0) > 0,
      showBack: this.imported !== null,
    };
  }

  private select(i: number): void {
    if (i >= this.entries().length) return;
    this.selected = i;
    this.screen.show(this.content());
  }

  private back(): void {
    this.imported = null;
    this.selected = 0;
    this.status = null;
    this.screen.show(this.content());
  }

  /** The saved history as a JSON file, downloaded (for support). */
  private exportFile(): void {
    const store = this.p.kept?.store;
    if (!store || this.imported) return;
    const text = store.exportHistory();
    const name = `poule-historique-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.status = { key: 'exported', vars: { name } };
    this.screen.show(this.content());
  }

  /**
   * Opens the file chooser: a fresh hidden file input each time (the previous one removed), so a chooser that was
   * never closed on the old input (seen with an intercepted chooser in Chromium) cannot block the next import.
   */
  private pickFile(): void {
    this.input?.remove();
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.id = 'history-import';
    input.style.display = 'none';
    input.addEventListener('change', () => void this.readFile(input));
    document.body.appendChild(input);
    this.input = input;
    input.click();
  }

  private async readFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    if (!file) return;
    const text = await file.text().catch(() => '');
    // Shown only: nothing of a file is saved, paid or metered; every ticket in it is folded without a draw.
    const r = importHistory(text, DEFAULT_PRIZE_TABLE);
    if (!r.ok) {
      this.status = { key: 'importRefused', vars: { name: file.name, reason: r.error.message } };
    } else {
      this.imported = { name: file.name, entries: r.value };
      this.selected = 0;
      this.status = { key: 'imported', vars: { name: file.name, count: r.value.length } };
    }
    if (this.screen.visible) this.screen.show(this.content());
  }

  /** Replays the selected ticket from its journal, command by command, through a ticket screen's own views. */
  private async replay(): Promise<void> {
    const entry = this.entries()[this.selected];
    if (!entry || this.replaying || !this.a.busy.idle) return;
    const steps = replaySteps(entry.journal);
    if (!steps) return;
    const a = this.a;
    const lang = a.i18n.lang;
    const close = (): void => this.closeReplay();
    const screen = new TicketScreen(
      a.stage.app.renderer,
      { scratched: () => undefined, pick: () => undefined, chooseHaystack: () => undefined, playAgain: close, home: close, sound: (n) => a.sound.play(n) },
      () => ticketWords(a.i18n),
    );
    const hidden = a.nav.active?.view ?? null;
    const r = { screen, serial: entry.serialText, step: 0, steps: steps.length, release: a.busy.hold() as (() => void) | null, hidden };
    this.replaying = r;
    if (hidden) hidden.visible = false;
    this.screen.replayLayer.addChild(screen.view);
    this.screen.showReplay(pw(lang, 'replayBanner', { serial: entry.serialText }));
    screen.resize(a.stage.layout);
    const unlisten = a.stage.onResize((l) => !screen.view.destroyed && screen.resize(l));
    try {
      for (const step of steps) {
        if (this.replaying !== r) return;
        await screen.play(step.events, step.snapshot);
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
