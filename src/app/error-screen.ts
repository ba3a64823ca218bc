import { ErrorContext, type RunningGame } from './error-context';
import { armTestCrash } from './error-test-crash';
import { ERROR_WORDS } from './error-words';
import { appendErrorLog, type ErrorLogEntry, type LogStorage } from './log-ring';
import { parseParams } from './url-params';

/** A resumed game that is still busy after this long is reloaded: the saved journal brings the ticket back. */
const RESUME_WAIT_MS = 5000;
/** An error this soon after « Reprendre » means resuming does not help: only « Recharger » is offered then. */
const RELAPSE_MS = 3000;

/**
 * Unexpected errors never leave a frozen screen. Errors thrown anywhere (window 'error': scene ticks, Pixi's event
 * handlers, gsap callbacks; 'unhandledrejection': a command's promise; reportError: a scene update the app caught)
 * are logged with the game's context — to the console and to the support log (log-ring.ts) — and a message above
 * the canvas offers « Reprendre » (restart the renderer's ticker, which stops for good when one of its listeners
 * throws, and carry on) or « Recharger » (the ticket is already saved after each command and resumes on load).
 */
export class ErrorScreen {
  private readonly context = new ErrorContext();
  private app: RunningGame | null = null;
  private view: {
    root: HTMLElement;
    title: HTMLElement;
    body: HTMLElement;
    resume: HTMLButtonElement;
    reload: HTMLButtonElement;
  } | null = null;
  /** How many errors were shown (a data attribute too, for tests and support). */
  shown = 0;
  private resumedAt = -Infinity;
  /** Each distinct error (kind, message, first stack line) and how many times it came. */
  private readonly seen = new Map<string, number>();

  constructor(private readonly storage: LogStorage | null) {}

  install(): void {
    window.addEventListener('error', (e) => {
      if (/ResizeObserver loop/.test(e.message)) return; // a layout notice, not a failure
      this.report(e.error ?? e.message, 'error');
    });
    window.addEventListener('unhandledrejection', (e) => {
      // A sound the browser will not play before a gesture is no failure of the game.
      if (e.reason instanceof DOMException && (e.reason.name === 'NotAllowedError' || e.reason.name === 'AbortError')) {
        console.warn('[poule] media refused by the browser', e.reason);
        return;
      }
      this.report(e.reason, 'unhandledrejection');
    });
  }

  /** The game has booted: errors now say where it was, and « Reprendre » can restart it. */
  attach(app: RunningGame): void {
    this.app = app;
    this.context.attach(app);
    armTestCrash(app);
  }

  report(error: unknown, kind: string): void {
    // The same error again (a tween or a listener that throws every frame): counted, logged once, shown once.
    const key = `${kind}|${error instanceof Error ? `${error.message}|${error.stack?.split('\n')[1] ?? ''}` : String(error)}`;
    const seen = this.seen.get(key) ?? 0;
    this.seen.set(key, seen + 1);
    if (seen > 0) {
      if (seen === 1 || seen % 100 === 0) console.error(`[poule] the same error again (${seen + 1} times): ${key}`);
      // If it was Pixi's ticker that threw, it stopped: keep the frames coming while the message is closed.
      if (this.view?.root.hidden !== false) this.restartFramesIfStalled();
      return;
    }
    const entry: ErrorLogEntry = {
      at: new Date().toISOString(),
      kind,
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? (error.stack ?? null) : null,
      context: this.safeContext(),
    };
    console.error(`[poule] unexpected error (${kind}) — kept in localStorage "poule.errorLog"`, entry);
    if (this.storage) appendErrorLog(this.storage, entry);
    this.show();
  }

  private safeContext(): Record<string, unknown> {
    try {
      return this.context.describe();
    } catch (e) {
      return { contextFailed: String(e) };
    }
  }

  private show(): void {
    this.view ??= this.build();
    const v = this.view;
    // The game's language once it has booted; before, the one the address asks for.
    const w = ERROR_WORDS[this.app?.lang() ?? parseParams(location.search).lang ?? 'fr'];
    v.title.textContent = w.title;
    v.body.textContent = w.body;
    v.resume.textContent = w.resume;
    v.reload.textContent = w.reload;
    // Before the game has booted there is nothing to resume; an error right after resuming would only come back.
    v.resume.hidden = this.app === null || performance.now() - this.resumedAt < RELAPSE_MS;
    v.root.hidden = false;
    this.shown++;
    document.body.dataset['errors'] = String(this.shown);
    (v.resume.hidden ? v.reload : v.resume).focus();
  }

  private build(): NonNullable<ErrorScreen['view']> {
    const root = document.createElement('div');
    root.className = 'poule-error';
    root.id = 'poule-error';
    root.setAttribute('role', 'alertdialog');
    root.setAttribute('aria-modal', 'true');
    root.setAttribute('aria-labelledby', 'poule-error-title');
    root.setAttribute('aria-describedby', 'poule-error-body');
    root.hidden = true;
    const box = document.createElement('div');
    box.className = 'poule-error__box';
    const title = document.createElement('p');
    title.id = 'poule-error-title';
    const body = document.createElement('p');
    body.id = 'poule-error-body';
    const resume = document.createElement('button');
    resume.type = 'button';
    resume.id = 'poule-error-resume';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.id = 'poule-error-reload';
    resume.addEventListener('click', () => void this.resume());
    reload.addEventListener('click', () => location.reload());
    // Keys pressed on the message stay there: the game's own keys (Enter, arrows) must not act behind it.
    root.addEventListener('keydown', (e) => e.stopPropagation());
    box.append(title, body, resume, reload);
    root.append(box);
    document.body.append(root);
    return { root, title, body, resume, reload };
  }

  private async resume(): Promise<void> {
    const a = this.app;
    if (!a) return location.reload();
    if (this.view) this.view.root.hidden = true;
    this.resumedAt = performance.now();
    this.restartFrames();
    const idle = await Promise.race([
      a.busy.whenIdle().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), RESUME_WAIT_MS)),
    ]);
    // Still busy: an animation the error cut short will never finish. Reloading resumes the saved ticket.
    if (!idle) location.reload();
  }

  private stallCheck = 0;

  /** After a repeated error: a ticker with no frame for a while has stopped on it; one check per 300 ms at most. */
  private restartFramesIfStalled(): void {
    if (this.stallCheck) return;
    this.stallCheck = window.setTimeout(() => {
      this.stallCheck = 0;
      const ticker = this.app?.stage.app.ticker;
      if (ticker && performance.now() - ticker.lastTime > 250) this.restartFrames();
    }, 300);
  }

  /** A listener that throws leaves Pixi's ticker started but with no frame requested: stop and start it again. */
  private restartFrames(): void {
    const ticker = this.app?.stage.app.ticker;
    if (!ticker || document.hidden) return;
    ticker.stop();
    ticker.start();
  }
}

let current: ErrorScreen | null = null;

/** Installs the error screen once (src/main.ts does, before the game boots) and returns it. */
export function installErrorScreen(): ErrorScreen {
  if (current) return current;
  let storage: LogStorage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage refused (sandboxed page): errors go to the console only.
  }
  current = new ErrorScreen(storage);
  current.install();
  return current;
}

/** For errors the app catches itself (a scene update that failed): shown and logged like any other. */
export function reportError(error: unknown, kind: string): void {
  if (current) current.report(error, kind);
  else console.error(`[poule] unexpected error (${kind})`, error);
}
