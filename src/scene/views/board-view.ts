import gsap from 'gsap';
import { Container } from 'pixi.js';
import { type Element, RULES } from '../../core';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { HenView } from './hen-view';

/** The farmyard's 30 hens, laid out in the layout's grid (6×5 landscape, 5×6 portrait). */
export class BoardView extends Container {
  hens: HenView[] = [];
  private layoutNow: Layout | null = null;

  constructor(
    private readonly onPick: (hen: number) => void,
    private readonly henLabel: (hen: number) => string,
    private readonly elementName: (e: Element) => string,
  ) {
    super();
    this.sortableChildren = false;
  }

  /** A fresh round: 30 hens sitting on their nests. */
  reset(): void {
    for (const h of this.hens) dispose(h);
    this.hens = [];
    for (let i = 0; i < RULES.hens; i++) {
      const h = new HenView(i, this.onPick, this.elementName);
      h.accessibleTitle = this.henLabel(i);
      this.hens.push(h);
      this.addChild(h);
    }
    if (this.layoutNow) this.resize(this.layoutNow);
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.hens.forEach((h, i) => {
      const c = l.cells[i]!;
      const s = Math.min(c.width, c.height) / 256;
      h.pivot.set(128, 128);
      h.scale.set(s);
      h.position.set(c.x + c.width / 2, c.y + c.height / 2);
      h.setCell(c.width / s, c.height / s, s * l.scale);
    });
  }

  setActive(active: boolean): void {
    for (const h of this.hens) h.setActive(active);
  }

  /** The hens drop onto the farmyard one after another. */
  enter(): gsap.core.Timeline {
    const tl = gsap.timeline();
    this.hens.forEach((h, i) => {
      const y = h.y;
      tl.fromTo(h, { y: y - 80, alpha: 0 }, { y, alpha: 1, duration: 0.35, ease: 'bounce.out' }, i * 0.02);
    });
    return tl;
  }

  leave(): gsap.core.Timeline {
    return gsap.timeline().to(this.hens, { alpha: 0, duration: 0.35, stagger: 0.01 });
  }

  /** The player's `pick`-th pick of the round (from 1): the hen lifts and her cell keeps the pick's number. */
  lift(hen: number, element: Element, pick: number): gsap.core.Timeline {
    const h = this.hens[hen]!;
    // The lifted hen is drawn over her neighbours.
    this.setChildIndex(h, this.children.length - 1);
    const tl = h.lift(element);
    tl.call(() => h.markPicked(pick), [], 0.5);
    return tl;
  }

  /** art. 3.2.6: every hen still down lifts, in a wave from the last pick, and the egg is marked. */
  revealLost(board: readonly Element[], lastHen: number, cols: number, eggText: string): gsap.core.Timeline {
    const tl = gsap.timeline();
    const lc = lastHen % cols;
    const lr = Math.floor(lastHen / cols);
    this.hens.forEach((h, i) => {
      if (h.lifted) return;
      const d = Math.hypot((i % cols) - lc, Math.floor(i / cols) - lr);
      tl.add(h.lift(board[i]!, { revealed: true }), 0.05 + d * 0.07);
    });
    const egg = board.indexOf('egg');
    if (egg >= 0) tl.add(this.hens[egg]!.markEgg(eggText, this.onLastRow(egg)));
    return tl;
  }

  /** Shows a saved round as it stands, without animation; `picked` are the player's hens in pick order. */
  restore(
    hens: readonly (Element | null)[],
    board: readonly Element[] | null,
    eggText: string,
    picked: readonly number[] = [],
  ): void {
    this.reset();
    hens.forEach((e, i) => {
      this.hens[i]!.setState(e);
    });
    picked.forEach((hen, k) => {
      this.hens[hen]?.markPicked(k + 1);
    });
    if (board) {
      board.forEach((e, i) => {
        if (hens[i] === null) this.hens[i]!.setState(e, true);
      });
      const egg = board.indexOf('egg');
      if (egg >= 0 && hens[egg] === null) this.hens[egg]!.markEgg(eggText, this.onLastRow(egg)).progress(1);
    }
  }

  /** Whether the hen stands on the board's last row (nothing under her cell but the board's edge). */
  private onLastRow(hen: number): boolean {
    const cols = this.layoutNow?.cols ?? 1;
    return hen >= this.hens.length - cols;
  }
}
