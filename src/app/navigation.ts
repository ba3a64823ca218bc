import type { Container } from 'pixi.js';
import type { Layout } from '../scene/layout';
import { Navigation as ScreenSwitch } from '../scene/screens/navigation';
import type { Screen, ScreenId } from '../scene/screens/screen';

/** What can be in front: a screen, or a layer over it. */
export type FrontId = ScreenId | 'result' | 'history' | 'rules' | 'notice' | 'attract';

/** A layer over the screens: shown and hidden by its owner, stacked in the order the layers were added. */
export interface Layer {
  readonly id: Exclude<FrontId, ScreenId>;
  readonly view: Container;
  readonly isOpen: () => boolean;
  /** A message over the place (the lost connection): in front for input, but the player is still where they were. */
  readonly message?: boolean;
}

/** What is in front now: its id and view, and the screen under every layer. */
export interface Front {
  readonly id: FrontId;
  readonly view: Container | null;
  /** The screen under the layers (null before the first). */
  readonly screen: ScreenId | null;
}

/**
 * The one answer to « what is in front? »: one screen at a time (the loading screen, the title, the ticket) and a
 * stack of layers over it (the result, the history, the rules, the lost connection's notice, the attract loop). The
 * focus ring, the test hook, the idle watch and the attract loop all read `front()`; nobody works it out again.
 */
export class AppNavigation {
  private readonly screens: ScreenSwitch;
  /** Bottom to top. */
  private readonly layers: Layer[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(layer: Container, hold: () => () => void) {
    this.screens = new ScreenSwitch(layer, hold);
  }

  /** The screen under the layers. */
  get screen(): ScreenId | null {
    return this.screens.screen;
  }

  get active(): Screen | null {
    return this.screens.active;
  }

  async goto(next: Screen): Promise<void> {
    await this.screens.goto(next);
    this.changed();
  }

  /** Adds a layer on top of those already there. */
  addLayer(layer: Layer): void {
    this.layers.push(layer);
  }

  /** The top open layer (`places` only: leaving out messages), else the screen. */
  front(places = false): Front {
    const screen = this.screens.screen;
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const l = this.layers[i]!;
      if ((places && l.message) || !l.isOpen()) continue;
      // The result belongs to the ticket screen: it is in front only there.
      if (l.id === 'result' && screen !== 'ticket') continue;
      return { id: l.id, view: l.view, screen };
    }
    return { id: screen ?? 'loading', view: this.screens.active?.view ?? null, screen };
  }

  /** Where the player is (a message over it left out): what the test hook calls the screen. */
  place(): Exclude<FrontId, 'notice'> {
    const id = this.front(true).id;
    return id === 'notice' ? (this.screen ?? 'loading') : id;
  }

  /**
   * `top` (a layer already open) covers the whole screen: everything else on the stage but `keep` is hidden, so
   * nothing under it is drawn or reached. Returns what shows them again.
   */
  cover(top: Container, keep: readonly Container[] = []): () => void {
    const hidden = (top.parent?.children ?? []).filter((c) => c.visible && c !== top && !keep.includes(c));
    for (const c of hidden) c.visible = false;
    this.changed();
    return () => {
      for (const c of hidden) c.visible = true;
      this.changed();
    };
  }

  /** A layer opened or closed, or the screen changed: what reads `front()` looks again. */
  changed(): void {
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  resize(l: Layout): void {
    this.screens.resize(l);
  }

  pause(): void {
    this.screens.pause();
  }

  resume(): void {
    this.screens.resume();
  }
}
