import { Container, Graphics, type Ticker } from 'pixi.js';

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

/**
 * The keyboard focus: arrows move it over the targets of the current scope (a grid of hens, a row of haystacks, a
 * list of buttons) and a ring shows where it is. It appears at the first arrow key, so mouse players never see it.
 */
export class FocusRing {
  private current: FocusTarget | null = null;
  private readonly ring = new Graphics();
  /** The rectangle last drawn ('' for none): the ring is rebuilt only when it moves, not at every frame. */
  private drawn = '';

  constructor(
    private readonly layer: Container,
    private readonly scope: () => FocusScope,
    ticker: Ticker,
  ) {
    layer.addChild(this.ring);
    ticker.add(() => this.draw());
  }

  /** The focused target, if it is still in the scope. */
  get focused(): FocusTarget | null {
    const s = this.scope();
    const c = this.current;
    if (!c) return null;
    const same = s.targets.find((t) => t.kind === c.kind && t.index === c.index && t.id === c.id);
    if (!same) this.current = null;
    return same ?? null;
  }

  move(dx: number, dy: number): void {
    const s = this.scope();
    if (s.targets.length === 0) return;
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
  }

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
    const pad = 8;
    this.ring
      .clear()
      .roundRect(tl.x - pad, tl.y - pad, br.x - tl.x + pad * 2, br.y - tl.y + pad * 2, 24)
      .stroke({ width: 10, color: 0x1e90ff, alpha: 0.95 })
      .roundRect(tl.x - pad - 6, tl.y - pad - 6, br.x - tl.x + pad * 2 + 12, br.y - tl.y + pad * 2 + 12, 28)
      .stroke({ width: 4, color: 0xffffff, alpha: 0.9 });
  }
}
