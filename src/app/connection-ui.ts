import type { Container } from 'pixi.js';
import type { TicketScreen } from '../scene/screens/ticket-screen';
import { NoticePanel } from '../scene/views/notice-panel';
import { type HistoryContext, HistoryController, type HistoryViewState } from './history-controller';
import type { HistoryLine } from './history-text';
import type { Layer } from './navigation';
import { pw } from './persistence-words';
import type { ConnectionStatus, PlayClient } from './play-client';
import { type ShownTicket, shownTicket } from './resume-shown';

/** The link to the game server as the test hook reports it (what the screen says, as data). */
export interface ServerHookState {
  readonly status: ConnectionStatus;
  /** Requests sent and not yet answered, whose idempotency keys this page keeps. */
  readonly pending: number;
  readonly retries: number;
  /** The modal notice on screen, or ''. */
  readonly notice: string;
}

export interface ConnectionHookFields {
  readonly server: ServerHookState;
  readonly history: readonly HistoryLine[];
  readonly historyView: HistoryViewState | null;
  /** What the ticket screen shows, read from its views (see resume-shown.ts); null off the ticket screen. */
  readonly shown: ShownTicket | null;
}

/** What the game server's words and screens work with. */
export interface ConnectionContext extends HistoryContext {
  readonly client: PlayClient;
  readonly ticket: TicketScreen;
}

/**
 * The game server on screen: « Connexion perdue — nouvel essai… » over everything while a request is retried (input
 * waits: nothing is shown that the server has not answered), the title's lines when real play cannot sell here (no
 * game server behind the page, a kiosk without its key), and the « Historique » screen with its button.
 */
export class ConnectionUi {
  readonly notice: NoticePanel;
  readonly history: HistoryController;
  /** The layers this puts over the screens, for the navigation's stack. */
  readonly historyLayer: Layer;
  readonly noticeLayer: Layer;
  private readonly listeners = new Set<() => void>();
  private readonly client: PlayClient;

  constructor(
    private readonly a: ConnectionContext,
    overlay: Container,
    titleView: Container,
  ) {
    this.client = a.client;
    // No button: the notice goes by itself when the server answers again.
    this.notice = new NoticePanel(() => undefined);
    this.history = new HistoryController(a);
    this.historyLayer = { id: 'history', view: this.history.screen, isOpen: () => this.history.isOpen };
    this.noticeLayer = { id: 'notice', view: this.notice, isOpen: () => this.notice.visible, message: true };
    overlay.addChildAt(this.history.screen, 0);
    overlay.addChild(this.notice);
    titleView.addChild(this.history.openButton);
    a.stage.onResize((l) => {
      this.notice.resize(l);
      this.history.screen.resize(l);
      this.history.placeOpenButton();
    });
    a.i18n.onChange(() => this.showNotice());
    this.client.onConnection(() => {
      this.showNotice();
      for (const l of this.listeners) l();
    });
    this.showNotice();
  }

  /** The connection changed (the title's lines with it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The lines the title shows under its buttons when this page cannot sell (and the hook's `messages`). */
  notices(): string[] {
    const lang = this.a.i18n.lang;
    switch (this.client.connection.status) {
      case 'absent':
        return [pw(lang, 'absent')];
      case 'no-terminal':
        return [pw(lang, 'noTerminal')];
      case 'refused':
        return [pw(lang, 'badTerminal')];
      default:
        return [];
    }
  }

  private showNotice(): void {
    const lang = this.a.i18n.lang;
    if (this.client.connection.status !== 'lost') {
      if (!this.notice.visible) return;
      this.notice.hide();
      this.a.nav.changed();
      return;
    }
    const lines = [pw(lang, 'lost'), pw(lang, 'lostDetail')];
    // Shown once per loss (each retry would restart its fade), again only if the language changed.
    if (this.notice.message !== lines.join('\n')) {
      this.notice.show(lines, null);
      this.a.nav.changed();
    }
  }

  hookFields(): ConnectionHookFields {
    const c = this.client.connection;
    return {
      server: { status: c.status, pending: c.pending, retries: c.retries, notice: this.notice.message },
      history: this.history.savedLines(),
      historyView: this.history.isOpen ? this.history.state() : null,
      shown: this.a.nav.screen === 'ticket' ? shownTicket(this.a.ticket) : null,
    };
  }
}
