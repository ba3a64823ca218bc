import { Container, Graphics } from 'pixi.js';
import type { Element } from '../../core';
import { art, artSize } from '../art';
import { fitWidth, label } from '../text';

/** One finished round as the history draws it: which hens the player picked, in order, and where the egg was. */
export interface MiniRound {
  /** « Manche » / « Manche EXTRA ». */
  readonly title: string;
  readonly picks: readonly { readonly hen: number; readonly element: Element }[];
  readonly eggHen: number;
}

const ELEMENT_ART = { egg: 'egg-gold', chick: 'chick', empty: 'nest-empty' } as const;

/**
 * The finished board of a ticket, drawn small: each round's grid of hens as the player saw it (same columns as the
 * farmyard on this screen), the picked hens showing what they hid with their pick's number on a gold token, the egg of
 * a lost round shown faded where it was, the other hens pale. Rounds side by side.
 */
export class HistoryBoard extends Container {
  /** Draws `rounds` inside `width` × `height` (design units), grids of `cols` × `rows`. Returns the height used. */
  show(rounds: readonly MiniRound[], cols: number, rows: number, width: number, height: number): number {
    for (const c of this.removeChildren()) c.destroy({ children: true });
    if (rounds.length === 0) return 0;
    const gap = 30;
    const titleH = Math.min(48, height * 0.12);
    const boardW = (width - gap * (rounds.length - 1)) / rounds.length;
    const cell = Math.floor(Math.min(boardW / cols, (height - titleH) / rows));
    const gridW = cell * cols;
    const total = rounds.length * gridW + gap * (rounds.length - 1);
    let x = (width - total) / 2;
    for (const r of rounds) {
      const one = this.round(r, cols, rows, cell, titleH);
      one.position.set(x, 0);
      this.addChild(one);
      x += gridW + gap;
    }
    return titleH + cell * rows;
  }

  private round(r: MiniRound, cols: number, rows: number, cell: number, titleH: number): Container {
    const c = new Container();
    const title = label(r.title, Math.round(titleH * 0.72), 'dark', { fontWeight: '800' });
    title.position.set((cell * cols) / 2, titleH / 2);
    fitWidth(title, cell * cols);
    const bg = new Graphics()
      .roundRect(-6, titleH - 6, cell * cols + 12, cell * rows + 12, 14)
      .fill({ color: 0x7cb342 })
      .stroke({ width: 4, color: 0x5a2d0c });
    c.addChild(title, bg);
    const picked = new Map(r.picks.map((p, i) => [p.hen, { element: p.element, n: i + 1 }]));
    for (let hen = 0; hen < cols * rows; hen++) {
      const x = (hen % cols) * cell;
      const y = titleH + Math.floor(hen / cols) * cell;
      const pick = picked.get(hen);
      const square = new Graphics()
        .roundRect(x + 2, y + 2, cell - 4, cell - 4, cell * 0.18)
        .fill({ color: pick ? 0xfff3c4 : 0xe8f5d0, alpha: pick ? 1 : 0.55 });
      c.addChild(square);
      const element: Element | null = pick ? pick.element : hen === r.eggHen ? 'egg' : null;
      const picture = this.picture(element ?? 'hen', cell * (element === 'egg' ? 0.7 : 0.82));
      picture.position.set(x + cell / 2, y + cell / 2);
      // The hens not picked stay pale; the egg the player did not find is shown, faded, where it was.
      if (!pick) picture.alpha = element === 'egg' ? 0.6 : 0.3;
      c.addChild(picture);
      if (!pick && element === 'egg')
        c.addChild(
          new Graphics()
            .roundRect(x + 3, y + 3, cell - 6, cell - 6, cell * 0.18)
            .stroke({ width: Math.max(3, cell * 0.06), color: 0xffc400 }),
        );
      if (pick) c.addChild(this.token(pick.n, x + cell * 0.24, y + cell * 0.24, cell * 0.22));
    }
    return c;
  }

  private picture(what: Element | 'hen', size: number): Container {
    const name = what === 'hen' ? 'hen' : ELEMENT_ART[what];
    const p = art(name);
    const [w, h] = artSize(name);
    p.pivot.set(w / 2, h / 2);
    p.scale.set(size / Math.max(w, h));
    return p;
  }

  /** The pick's number on a gold token, as on the farmyard's finished board. */
  private token(n: number, x: number, y: number, radius: number): Container {
    const t = new Container();
    const disc = new Graphics()
      .circle(0, 0, radius)
      .fill(0xffd54a)
      .stroke({ width: Math.max(2, radius * 0.18), color: 0x5a2d0c });
    const digit = label(String(n), Math.round(radius * 1.3), 'dark', { fontWeight: '800' });
    t.addChild(disc, digit);
    t.position.set(x, y);
    return t;
  }
}
