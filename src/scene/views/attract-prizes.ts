import { Container } from 'pixi.js';
import { dispose } from '../dispose';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { panel } from './panel';

/** The prize table and the exact odds, as the rules screen gives them, for the attract loop (no button). */
export interface AttractPrizesContent {
  readonly title: string;
  readonly columns: readonly [string, string, string];
  readonly rows: readonly (readonly [string, string, string])[];
  readonly odds: readonly string[];
  readonly note: string;
}

export class AttractPrizes extends Container {
  private card: Container | null = null;
  private content: AttractPrizesContent | null = null;

  setContent(c: AttractPrizesContent): void {
    this.content = c;
  }

  resize(l: Layout): void {
    if (this.card) dispose(this.card);
    this.card = null;
    const c = this.content;
    if (!c) return;
    const wide = l.orientation === 'landscape';
    const p = wide ? { x: 260, y: 140, width: 1400, height: 920 } : { x: 40, y: 300, width: 1000, height: 1400 };
    const card = new Container();
    card.position.set(p.x, p.y);
    card.addChild(panel(p.width, p.height, { radius: 48 }));
    const title = label(c.title, 60, 'title');
    title.position.set(p.width / 2, 70);
    fitWidth(title, p.width * 0.9);
    card.addChild(title);
    const rowH = wide ? 56 : 70;
    const top = 150;
    const col = (i: number): number => p.width * [0.25, 0.5, 0.75][i]!;
    c.columns.forEach((text, i) => {
      const t = label(text, 34, 'dark');
      t.position.set(col(i), top);
      fitWidth(t, p.width * 0.24);
      card.addChild(t);
    });
    c.rows.forEach((row, r) => {
      row.forEach((text, i) => {
        const t = label(text, 36, i === 0 ? 'gold' : 'dark');
        t.position.set(col(i), top + (r + 1) * rowH);
        card.addChild(t);
      });
    });
    const oddsTop = top + (c.rows.length + 1.6) * rowH;
    const lines = [...c.odds, c.note].filter((s) => s !== '');
    lines.forEach((text, i) => {
      const t = label(text, 30, 'dark');
      t.position.set(p.width / 2, oddsTop + i * (wide ? 44 : 56));
      fitWidth(t, p.width * 0.9);
      card.addChild(t);
    });
    this.addChild(card);
    this.card = card;
  }
}
