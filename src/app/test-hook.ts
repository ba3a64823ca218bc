import type { GameSnapshot } from '../core';
import type { ConnectionHookFields } from './connection-ui';
import type { KioskState } from './modes/kiosk-mode';
import type { PrintedHookState } from './printed/printed-flow';
import type { Mode } from './url-params';

/** What the test hook says of the attract loop: only what is on screen, and the loop's own settings. */
export interface AttractHookState {
  readonly running: boolean;
  readonly scene: string | null;
  /** Loops completed since the page opened, and the last one's length in seconds at speed 1 (performance.now × speed). */
  readonly loops: number;
  readonly lastLoopSeconds: number | null;
  /** The demo tickets' seeds (chosen by the search, or the settings'). */
  readonly seeds: readonly number[];
  /** « DÉMO » is on screen. */
  readonly badge: boolean;
  /** « Touchez pour jouer » is on screen. */
  readonly banner: boolean;
  readonly sound: boolean;
  readonly loopSeconds: number;
  readonly idleSeconds: number;
  readonly ticketIdleSeconds: number;
  /** Burn-in drift: each drifting view's offset from its rest place, in design units. */
  readonly drift: readonly { readonly x: number; readonly y: number }[];
}

/** Counts for the soak benchmark: what is alive now. */
export interface HookStats {
  readonly displayObjects: number;
  /** Texture sources uploaded to the GPU (WebGL); -1 on the canvas renderer. */
  readonly gpuTextures: number;
  readonly tweens: number;
  readonly buttons: number;
  /** performance.memory's used JS heap (Chromium), or -1. */
  readonly heapBytes: number;
  readonly fps: number;
  /** The GPU textures by kind (label, resource and size), to tell which kind grows when the count does. */
  readonly textureKinds: Readonly<Record<string, number>>;
}

export interface HookRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type HookScreen = 'loading' | 'title' | 'ticket' | 'result' | 'rules' | 'history' | 'attract';

export interface HookState {
  screen: HookScreen;
  mode: Mode;
  demo: boolean;
  seed: number | null;
  balanceCents: number;
  muted: boolean;
  lang: 'fr' | 'en';
  layout: 'landscape' | 'portrait';
  /** Pixi's renderer in use: 'webgl', or 'canvas' where WebGL is missing. */
  renderer: string;
  game: GameSnapshot | null;
  messages: string[];
  /** The result panel's words (null when no result is shown); `aside` while « Voir le ticket » shows the board. */
  result?: { title: string; why: string; line: string; aside: boolean } | null;
  /** The game server (read-only; src/app/connection-ui.ts): the connection and pending keys, the recalled history, the « Historique » view, what the ticket screen shows. */
  server?: ConnectionHookFields['server'];
  history?: ConnectionHookFields['history'];
  historyView?: ConnectionHookFields['historyView'];
  shown?: ConnectionHookFields['shown'];
  /** The attract loop: its scene, loops, seeds; the idle warning's seconds left; the kiosk's state. */
  attract?: AttractHookState;
  idleWarning?: number | null;
  kiosk?: KioskState | null;
  /** A printed ticket on this screen (src/app/printed/): the ticket held, the code entry, the message, refusals. */
  printed?: PrintedHookState | null;
}

export interface HookLayout {
  hens: HookRect[];
  haystacks: HookRect[];
  buttons: Record<string, HookRect>;
  /** The ids of `buttons` that are greyed out (a tap does nothing). */
  disabled: string[];
  scratch: HookRect | null;
}

/** A text on screen and the box it is written in (its button, the panel behind it, or the window). */
export interface HookText {
  text: string;
  rect: HookRect;
  box: HookRect;
  boxKind: 'button' | 'panel' | 'window';
  /** Its font size on screen, in CSS pixels. */
  px: number;
}

export interface HookFocus {
  kind: 'hen' | 'haystack' | 'button';
  index: number;
  id?: string;
}

/** Where the hook reads from; every answer is a fresh copy of what is on screen. */
export interface HookSource {
  ready(): boolean;
  isIdle(): boolean;
  idle(): Promise<void>;
  state(): HookState;
  layout(): HookLayout;
  focus(): HookFocus | null;
  stats?(): HookStats | null;
  texts?(): HookText[];
}

export interface PouleHook {
  readonly ready: boolean;
  isIdle(): boolean;
  idle(): Promise<void>;
  state(): HookState;
  layout(): HookLayout;
  focus(): HookFocus | null;
  /** Counts of what is alive (display objects, GPU textures, tweens, heap), for the soak benchmark. */
  stats(): HookStats | null;
  /** Every text on screen with the box it must fit in (read-only), for the test of texts that do not fit. */
  texts(): HookText[];
}

declare global {
  interface Window {
    __poule?: PouleHook;
  }
}

/**
 * `window.__poule`: read-only eyes for the Playwright tests. It shows what is already on screen — the core's
 * snapshot, rectangles in CSS pixels from the canvas's top-left corner, whether the game waits for input — and
 * offers no way to choose or change an outcome.
 */
export function installTestHook(src: HookSource): void {
  const hook: PouleHook = Object.freeze({
    get ready(): boolean {
      return src.ready();
    },
    isIdle: (): boolean => src.isIdle(),
    idle: (): Promise<void> => src.idle(),
    state: (): HookState => structuredClone(src.state()),
    layout: (): HookLayout => structuredClone(src.layout()),
    focus: (): HookFocus | null => {
      const f = src.focus();
      return f ? { ...f } : null;
    },
    stats: (): HookStats | null => structuredClone(src.stats?.() ?? null),
    texts: (): HookText[] => structuredClone(src.texts?.() ?? []),
  });
  Object.defineProperty(window, '__poule', { value: hook, writable: false, configurable: false, enumerable: false });
}
