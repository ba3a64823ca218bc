import { type Container, Graphics, type Ticker } from 'pixi.js';
import { isShown } from './visible';

export interface FocusTarget {
  readonly kind: 'hen' | 'haystack' | 'button';
  readonly index: number;
  readonly id?: string;
  readonly view: Container;
  press(): void;
}

/** What the keyboard can reach now: the targets in order, and the grid's width for up/down (1 for a list). */
export interface FocusScope {
  readonly targets: readonly FocusTarget[];
  readonly cols: number;
}

/** Anything the browser's Tab can land on that can be pressed (buttons, hens, haystacks). */
type Pressable = Container & { press?: () => void; id?: unknown };

/**
 * The keyboard focus, one for Tab and the arrows: arrows move it over the targets of the current scope (a grid of
 * hens, a row of haystacks, a list of buttons), Tab moves the browser's focus and the ring `follow`s it, and the ring
 * (the only one drawn: the browser's own outline is hidden) shows where it is. It appears at the first key, so mouse
 * players never see it.
 */
export class FocusRing {
  private current: FocusTarget | null = null;
  /** What Tab put the browser's focus on when it is outside the arrows' scope (a header button on a ticket). */
  private tabbed: FocusTarget | null = null;
  private readonly ring = new Graphics();
  /** The rectangle last drawn ('' for none): the ring is rebuilt only when it moves, not at every frame. */
  private drawn = '';
  /** Told each time the arrows move the focus, so the browser's focus can follow (src/app/dom-focus.ts). */
  onMove: (target: FocusTarget) => void = () => undefined;

  constructor(
    private readonly layer: Container,
    private readonly scope: () => FocusScope,
    ticker: Ticker,
  ) {
    layer.addChild(this.ring);
    ticker.add(() => this.draw());
  }

  /** The focused target, if it is still in the scope (or still on screen, for one reached by Tab only). */
  get focused(): FocusTarget | null {
    const t = this.tabbed;
    if (t) {
      if (!t.view.destroyed && t.view.parent && isShown(t.view, rootOf(this.layer))) return t;
      this.tabbed = null;
    }
    const s = this.scope();
    const c = this.current;
    if (!c) return null;
    const same = s.targets.find((t) => t.kind === c.kind && t.index === c.index && t.id === c.id);
    if (!same) this.current = null;
    return same ?? null;
  }

  /**
   * The browser's focus (Tab) landed on `view`, or left the game's targets (null): the ring goes there too, so
   * Tab and the arrows share one focus and Enter presses what the ring shows.
   */
  follow(view: Pressable | null): void {
    if (!view) {
      this.tabbed = null;
      return;
    }
    const inScope = this.scope().targets.find((t) => t.view === view);
    if (inScope) {
      this.current = inScope;
      this.tabbed = null;
      return;
    }
    const id = typeof view.id === 'string' ? view.id : undefined;
    this.tabbed = { kind: 'button', index: -1, ...(id === undefined ? {} : { id }), view, press: () => view.press?.() };
  }

  move(dx: number, dy: number): void {
    const s = this.scope();
    if (s.targets.length === 0) return;
    // Tab had left the scope (a header button): the arrows come back to the screen's own targets.
    if (this.tabbed) this.current = null;
    this.tabbed = null;
    this.step(s, dx, dy);
    if (this.current) this.onMove(this.current);
  }

  private step(s: FocusScope, dx: number, dy: number): void {
    const now = this.focused;
    if (!now) {
      this.current = s.targets[0]!;
      return;
    }
    // Targets are rebuilt on each call: find the focused one by what it is, not by identity.
    const i = s.targets.findIndex((t) => t.kind === now.kind && t.index === now.index && t.id === now.id);
    const n = s.targets.length;
    let next = i;
    if (s.cols > 1) {
      const col = i % s.cols;
      if (dx !== 0) next = Math.floor(i / s.cols) * s.cols + ((col + dx + s.cols) % s.cols);
      if (dy !== 0) next = (i + dy * s.cols + n) % n;
    } else {
      next = (i + (dx !== 0 ? dx : dy) + n) % n;
    }
    this.current = s.targets[Math.min(n - 1, Math.max(0, next))]!;
  }

  /** Enter or Space: presses the focused target; false when nothing is focused. */
  activate(): boolean {
    const f = this.focused;
    if (!f) return false;
    f.press();
    return true;
  }

  clear(): void {
    this.current = null;
    this.tabbed = null;
  }

  /** The ring in the game's colours: a dark wood edge around a gold band. */
  private draw(): void {
    const f = this.focused;
    if (!f || f.view.destroyed) {
      if (this.drawn !== '') this.ring.clear();
      this.drawn = '';
      return;
    }
    const b = f.view.getBounds();
    const tl = this.layer.toLocal({ x: b.x, y: b.y });
    const br = this.layer.toLocal({ x: b.x + b.width, y: b.y + b.height });
    const key = `${tl.x.toFixed(1)},${tl.y.toFixed(1)},${br.x.toFixed(1)},${br.y.toFixed(1)}`;
    if (key === this.drawn) return;
    this.drawn = key;
    this.ring.clear();
    const pad = 8;
    const w = br.x - tl.x + pad * 2;
    const h = br.y - tl.y + pad * 2;
    const r = Math.min(32, h / 2);
    this.ring
      .roundRect(tl.x - pad - 5, tl.y - pad - 5, w + 10, h + 10, r + 5)
      .stroke({ width: 6, color: 0x5a2d0c, alpha: 0.9 })
      .roundRect(tl.x - pad, tl.y - pad, w, h, r)
      .stroke({ width: 8, color: 0xffd54a, alpha: 1 })
      .roundRect(tl.x - pad + 5, tl.y - pad + 5, w - 10, h - 10, Math.max(4, r - 5))
      .stroke({ width: 2, color: 0xfff6c8, alpha: 0.9 });
  }
}

function rootOf(c: Container): Container {
  let n = c;
  while (n.parent) n = n.parent;
  return n;
}
