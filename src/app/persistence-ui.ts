import type { Container } from 'pixi.js';
import type { Meters } from './store';
import { NoticePanel } from '../scene/views/notice-panel';
import type { GameApp } from './game-app';
import { HistoryController, type HistoryViewState } from './history-controller';
import type { HistoryLine } from './history-text';
import { waitForTicket, type Persistence, type StorageStatus } from './persistence';
import { problemText, pw } from './persistence-words';
import { shownTicket, type ShownTicket } from './resume-shown';

/** The storage as the test hook reports it (read-only; nothing here tells an outcome before it is shown). */
export interface StorageHookState {
  readonly status: StorageStatus;
  readonly lock: 'web-locks' | 'lease' | 'none' | null;
  readonly persisted: 'persisted' | 'best-effort' | 'unsupported' | null;
  readonly failure: { readonly code: string; readonly message: string } | null;
  readonly problems: readonly { readonly record: string; readonly code: string; readonly message: string }[];
  readonly resumed: string | null;
  /** The modal notice on screen, or ''. */
  readonly notice: string;
}

/** The hook's additions for issue 5. */
export interface PersistenceHookFields {
  readonly storage: StorageHookState;
  readonly history: readonly HistoryLine[];
  readonly meters: Meters | null;
  readonly historyView: HistoryViewState | null;
  /** What the ticket screen shows, read from its views (see resume-shown.ts); null off the ticket screen. */
  readonly shown: ShownTicket | null;
}

/**
 * Saved tickets on screen: the notices (data set aside, storage refused or full, another tab, play stopped), the
 * « Historique » screen and its button on the title. Built by game-app once the session is open.
 */
export class StorageUi {
  readonly notice: NoticePanel;
  readonly history: HistoryController;
  private dismissed = false;

  constructor(
    private readonly a: GameApp,
    readonly persistence: Persistence,
    overlay: Container,
    titleView: Container,
    private readonly refresh: () => void,
  ) {
    this.notice = new NoticePanel(() => {
      // Play stopped on a failed save: the way on is a reload, which resumes from the record.
      if (this.persistence.status === 'stopped') return location.reload();
      this.dismissed = true;
      this.notice.hide();
    });
    this.history = new HistoryController(a, persistence);
    overlay.addChildAt(this.history.screen, 0);
    overlay.addChild(this.notice);
    titleView.addChild(this.history.openButton);
    a.stage.onResize((l) => {
      this.notice.resize(l);
      this.history.screen.resize(l);
      this.history.placeOpenButton();
    });
    a.i18n.onChange(() => this.showNotice());
    persistence.onChange(() => {
      this.dismissed = false;
      this.showNotice();
      this.refresh();
    });
    if (persistence.status === 'other-tab') waitForTicket(() => location.reload());
    this.showNotice();
  }

  /** The lines the title shows under its buttons (and the hook's `messages`). */
  notices(): string[] {
    const lang = this.a.i18n.lang;
    const p = this.persistence;
    const out: string[] = [];
    if (p.status === 'other-tab') out.push(pw(lang, 'otherTab'));
    if (p.status === 'stopped') out.push(this.stoppedText());
    if (p.status === 'unavailable') out.push(pw(lang, p.failure?.code === 'quota-exceeded' ? 'quota' : 'unavailable'));
    if (p.lock?.mode === 'none' && p.status === 'kept') out.push(pw(lang, 'unguarded'));
    for (const problem of p.problems) out.push(problemText(lang, problem));
    return out;
  }

  private stoppedText(): string {
    const lang = this.a.i18n.lang;
    return pw(lang, 'stopped', { reason: pw(lang, this.persistence.failure?.code === 'quota-exceeded' ? 'stoppedQuota' : 'stoppedFailed') });
  }

  /** The modal notice: what the player must read before playing on; another tab's notice cannot be closed. */
  private showNotice(): void {
    const lines = this.notices();
    const lang = this.a.i18n.lang;
    if (this.persistence.resumedSerial && lines.length === 0) return this.notice.hide();
    if (lines.length === 0 || this.dismissed) return this.notice.hide();
    const status = this.persistence.status;
    this.notice.show(lines, status === 'other-tab' ? null : pw(lang, status === 'stopped' ? 'reload' : 'ok'));
  }

  /** The layer in front for the hook's buttons: the notice, else the history screen; null for the game's own. */
  front(): Container | null {
    if (this.notice.visible) return this.notice;
    if (this.history.isOpen) return this.history.screen;
    return null;
  }

  hookFields(): PersistenceHookFields {
    const p = this.persistence;
    const tk = this.a.ticket;
    return {
      storage: {
        status: p.status,
        lock: p.lock?.mode ?? null,
        persisted: p.persisted,
        failure: p.failure ? { ...p.failure } : null,
        problems: p.problems.map((x) => ({ record: x.record, code: x.code, message: x.message })),
        resumed: p.resumedSerial,
        notice: this.notice.message,
      },
      history: this.history.savedLines(),
      meters: p.kept?.store.meters ? { ...p.kept.store.meters } : null,
      historyView: this.history.isOpen ? this.history.state() : null,
      shown: tk && this.a.nav.screen === 'ticket' ? shownTicket(tk) : null,
    };
  }
}
