import { Container, Graphics, type Text } from 'pixi.js';
import gsap from 'gsap';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { Button } from './button';
import { panel } from './panel';

/** What the rules screen says, composed by the app from the prize table and the exact odds. */
export interface RulesContent {
  readonly title: string;
  readonly text: string;
  readonly ours: string;
  readonly columns: readonly [string, string, string];
  readonly rows: readonly (readonly [string, string, string])[];
  readonly oddsTitle: string;
  readonly odds: readonly string[];
  readonly close: string;
}

/** The rules and the prize table, over whatever screen was showing. */
export class RulesPanel extends Container {
  readonly close: Button;
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private content: RulesContent | null = null;
  private layoutNow: Layout | null = null;

  constructor(onClose: () => void) {
    super();
    this.close = new Button({ id: 'close', width: 300, height: 96, text: '', tone: 'gold', onTap: onClose });
    this.dim.eventMode = 'static';
    this.addChild(this.dim, this.card);
    this.visible = false;
  }

  show(content: RulesContent): gsap.core.Tween {
    this.content = content;
    this.visible = true;
    if (this.layoutNow) this.resize(this.layoutNow);
    return gsap.fromTo(this, { alpha: 0 }, { alpha: 1, duration: 0.25 });
  }

  hide(): void {
    this.visible = false;
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.dim.clear().rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale).fill({ color: 0x10200c, alpha: 0.6 });
    const c = this.content;
    for (const child of this.card.removeChildren()) if (child !== this.close) child.destroy({ children: true });
    if (!c) return;
    const p = l.panel;
    const wide = l.orientation === 'landscape';
    this.card.position.set(p.x, p.y);
    this.card.addChild(panel(p.width, p.height, { radius: 48 }));
    const title = label(c.title, 60, 'title');
    title.position.set(p.width / 2, 64);
    fitWidth(title, p.width * 0.9);
    this.card.addChild(title);

    // Landscape: the text and the odds on the left, the table on the right. Portrait: one column.
    const colW = wide ? p.width * 0.46 : p.width * 0.9;
    const leftX = wide ? 40 : p.width * 0.05;
    let y = 120;
    // Portrait has height to spare: larger type, readable down to a 360×640 window.
    const k = wide ? 1 : 1.15;
    const text = label(c.text, Math.round(27 * k), 'dark', { wordWrap: true, wordWrapWidth: colW, align: 'left', fontWeight: '600', lineHeight: Math.round(38 * k) });
    text.anchor.set(0, 0);
    text.position.set(leftX, y);
    this.card.addChild(text);
    y += text.height + 24;

    const oddsBlock = (x: number, top: number): number => {
      const head = label(c.oddsTitle, 32, 'dark');
      head.anchor.set(0, 0);
      head.position.set(x, top);
      this.card.addChild(head);
      let yy = top + Math.round(48 * k);
      for (const line of c.odds) {
        const t = label(line, Math.round(27 * k), 'dark', { fontWeight: '600', align: 'left' });
        t.anchor.set(0, 0);
        t.position.set(x, yy);
        if (t.width > colW) t.scale.set(colW / t.width);
        this.card.addChild(t);
        yy += Math.round(38 * k);
      }
      return yy;
    };

    let tableX = leftX;
    let tableY = y;
    if (wide) {
      oddsBlock(leftX, y);
      tableX = p.width * 0.52;
      tableY = 120;
    }
    const tableW = wide ? p.width * 0.44 : colW;
    const cols = [0.3, 0.33, 0.37].map((f) => f * tableW);
    const rowH = Math.round(44 * k);
    const table = new Graphics();
    table.roundRect(tableX - 10, tableY - 6, tableW + 20, rowH * (c.rows.length + 1) + 12, 16).fill({ color: 0xffffff, alpha: 0.55 });
    table.rect(tableX - 10, tableY - 6, tableW + 20, rowH + 4).fill({ color: 0xf2b632, alpha: 0.9 });
    this.card.addChild(table);
    const cell = (s: string, i: number, row: number, head: boolean): void => {
      const t = label(s, Math.round((head ? 24 : 26) * k), 'dark', { fontWeight: head ? '800' : '700' });
      t.anchor.set(1, 0.5);
      const right = tableX + cols.slice(0, i + 1).reduce((a, b) => a + b, 0) - 12;
      t.position.set(right, tableY + row * rowH + rowH / 2);
      if (t.width > cols[i]! - 14) t.scale.set((cols[i]! - 14) / t.width);
      this.card.addChild(t);
    };
    c.columns.forEach((s, i) => cell(s, i, 0, true));
    c.rows.forEach((r, ri) => r.forEach((s, i) => cell(s, i, ri + 1, false)));
    let after = tableY + rowH * (c.rows.length + 1) + 20;
    const ours = label(c.ours, Math.round(22 * k), 'dark', { wordWrap: true, wordWrapWidth: tableW, fontWeight: '600', fontStyle: 'italic' });
    ours.anchor.set(0, 0);
    ours.position.set(tableX, after);
    this.card.addChild(ours);
    after += ours.height + 24;
    const contentEnd = wide ? after : oddsBlock(leftX, after) + 24;

    this.close.setText(c.close);
    // Landscape: under the table, in the right column, so the odds' last lines (the RTP) stay uncovered on the left.
    // Portrait: centred under everything, never above the end of the content.
    const closeX = wide ? tableX + tableW / 2 - 150 : p.width / 2 - 150;
    this.close.position.set(closeX, Math.max(contentEnd, p.height - 130));
    this.card.addChild(this.close);
  }
}
