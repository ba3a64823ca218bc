import type { Container } from 'pixi.js';
import { NoticePanel } from '../scene/views/notice-panel';
import type { GameApp } from './game-app';
import { HistoryController, type HistoryViewState } from './history-controller';
import type { HistoryLine } from './history-text';
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

/**
 * The game server on screen: « Connexion perdue — nouvel essai… » over everything while a request is retried (input
 * waits: nothing is shown that the server has not answered), the title's lines when real play cannot sell here (no
 * game server behind the page, a kiosk without its key), and the « Historique » screen with its button.
 */
export class ConnectionUi {
  readonly notice: NoticePanel;
  readonly history: HistoryController;

  constructor(
    private readonly a: GameApp,
    private readonly client: PlayClient,
    overlay: Container,
    titleView: Container,
    refresh: () => void,
  ) {
    // No button: the notice goes by itself when the server answers again.
    this.notice = new NoticePanel(() => undefined);
    this.history = new HistoryController(a);
    overlay.addChildAt(this.history.screen, 0);
    overlay.addChild(this.notice);
    titleView.addChild(this.history.openButton);
    a.stage.onResize((l) => {
      this.notice.resize(l);
      this.history.screen.resize(l);
      this.history.placeOpenButton();
    });
    a.i18n.onChange(() => this.showNotice());
    client.onConnection(() => {
      this.showNotice();
      refresh();
    });
    this.showNotice();
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
      this.notice.hide();
      return;
    }
    const lines = [pw(lang, 'lost'), pw(lang, 'lostDetail')];
    // Shown once per loss (each retry would restart its fade), again only if the language changed.
    if (this.notice.message !== lines.join('\n')) this.notice.show(lines, null);
  }

  /** The layer in front for the hook's buttons: the notice, else the history screen; null for the game's own. */
  front(): Container | null {
    if (this.notice.visible) return this.notice;
    if (this.history.isOpen) return this.history.screen;
    return null;
  }

  hookFields(): ConnectionHookFields {
    const c = this.client.connection;
    const tk = this.a.ticket;
    return {
      server: { status: c.status, pending: c.pending, retries: c.retries, notice: this.notice.message },
      history: this.history.savedLines(),
      historyView: this.history.isOpen ? this.history.state() : null,
      shown: tk && this.a.nav.screen === 'ticket' ? shownTicket(tk) : null,
    };
  }
}
