/**
 * Kiosk mode (`?mode=kiosk`): a terminal in a shop, touched by strangers for days. The page goes fullscreen on the
 * first touch, keeps the screen awake, hides the cursor, and refuses everything that is not the game: the context
 * menu, text selection, dragging, pinch and ctrl-wheel zoom. Taps act on pointer-up (Pixi's `pointertap`), so a
 * finger that slides off a button cancels it. Tickets are real (Web Crypto), as in play mode.
 */
export interface KioskState {
  fullscreen: 'no' | 'yes' | 'refused';
  wakeLock: 'unavailable' | 'held' | 'released' | 'refused';
}

/** Pixi's cursor table (renderer.events.cursorStyles): every cursor it may set becomes 'none'. */
type CursorStyles = Record<string, unknown>;

export class Kiosk {
  readonly state: KioskState = { fullscreen: 'no', wakeLock: 'unavailable' };
  private sentinel: WakeLockSentinel | null = null;

  constructor(host: HTMLElement, cursors: CursorStyles) {
    for (const el of [document.documentElement, document.body, host]) {
      el.style.touchAction = 'none';
      el.style.userSelect = 'none';
      el.style.setProperty('-webkit-user-select', 'none');
      el.style.setProperty('-webkit-touch-callout', 'none');
      el.style.overscrollBehavior = 'none';
      el.style.cursor = 'none';
    }
    for (const k of ['default', 'pointer', 'crosshair', 'inherit', 'grab', 'grabbing', 'text']) cursors[k] = 'none';
    host.dataset['kiosk'] = '1';

    const refuse = (e: Event): void => e.preventDefault();
    const opts: AddEventListenerOptions = { capture: true, passive: false };
    for (const type of [
      'contextmenu',
      'selectstart',
      'dragstart',
      'dblclick',
      'gesturestart',
      'gesturechange',
      'gestureend',
    ]) {
      window.addEventListener(type, refuse, opts);
    }
    window.addEventListener('wheel', (e) => e.ctrlKey && e.preventDefault(), opts);
    window.addEventListener('touchmove', (e) => e.touches.length > 1 && e.preventDefault(), opts);
    window.addEventListener(
      'keydown',
      (e) =>
        (e.ctrlKey || e.metaKey) &&
        ['+', '-', '=', '0', 'p', 's', 'o'].includes(e.key.toLowerCase()) &&
        e.preventDefault(),
      opts,
    );
    // Fullscreen needs a user gesture: the first release of a touch (and again if the terminal ever left it).
    window.addEventListener('pointerup', () => this.enterFullscreen(), { capture: true });
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden) void this.keepAwake();
    });
    void this.keepAwake();
  }

  private enterFullscreen(): void {
    const root = document.documentElement;
    if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return;
    root.requestFullscreen({ navigationUI: 'hide' }).then(
      () => (this.state.fullscreen = 'yes'),
      () => (this.state.fullscreen = 'refused'),
    );
  }

  /** The screen wake lock, where the browser has one; the browser drops it when the page is hidden, so it is asked again. */
  private async keepAwake(): Promise<void> {
    if (!('wakeLock' in navigator)) return;
    if (this.sentinel && !this.sentinel.released) return;
    try {
      this.sentinel = await navigator.wakeLock.request('screen');
      this.state.wakeLock = 'held';
      this.sentinel.addEventListener('release', () => (this.state.wakeLock = 'released'));
    } catch {
      this.state.wakeLock = 'refused';
    }
  }
}
