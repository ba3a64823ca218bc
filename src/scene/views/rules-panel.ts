import gsap from 'gsap';
import { Container, Graphics } from 'pixi.js';
import { fitted } from '../art';
import { type Layout, readableUnits } from '../layout';
import { fitWidth, label } from '../text';
import { HOW_TO_PICTURES } from './attract-howto';
import { Button } from './button';
import { panel } from './panel';
import { type PrizesContent, prizesColumns, prizesPage } from './rules-prizes';

/** What the rules screen says, composed by the app from the prize table and the exact odds. */
export interface RulesContent extends PrizesContent {
  readonly title: string;
  /** The two pages' names: how to play, prizes and odds. */
  readonly pages: readonly [string, string];
  /** A ticket in three steps, in plain words, beside the how-to pictures. */
  readonly steps: readonly [string, string, string];
  readonly close: string;
}

/** « Comment jouer »/« Gains et chances » and « Fermer » side by side, with the gap between them. */
const BUTTONS_WIDTH = 440 + 60 + 300;

/**
 * The rules over whatever screen was showing, in two pages: how to play (the attract loop's pictures with plain
 * words) and the prize table with the exact odds. Type is at least 14 CSS px on a 390×844 phone.
 */
export class RulesPanel extends Container {
  readonly close: Button;
  /** Turns to the other page. */
  readonly turn: Button;
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private content: RulesContent | null = null;
  private layoutNow: Layout | null = null;
  private page: 0 | 1 = 0;

  constructor(onClose: () => void) {
    super();
    this.close = new Button({ id: 'close', width: 300, height: 140, text: '', tone: 'gold', onTap: onClose });
    this.turn = new Button({
      id: 'rulesPage',
      width: 440,
      height: 140,
      text: '',
      tone: 'green',
      onTap: () => this.turnPage(),
    });
    this.dim.eventMode = 'static';
    this.addChild(this.dim, this.card);
    this.visible = false;
  }

  show(content: RulesContent): gsap.core.Tween {
    const opening = !this.visible;
    this.content = content;
    if (opening) this.page = 0;
    this.visible = true;
    if (this.layoutNow) this.resize(this.layoutNow);
    return gsap.fromTo(this, { alpha: opening ? 0 : 1 }, { alpha: 1, duration: 0.25 });
  }

  hide(): void {
    this.visible = false;
  }

  private turnPage(): void {
    this.page = this.page === 0 ? 1 : 0;
    if (this.layoutNow) this.resize(this.layoutNow);
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.dim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x10200c, alpha: 0.6 });
    const c = this.content;
    for (const child of this.card.removeChildren())
      if (child !== this.close && child !== this.turn) child.destroy({ children: true });
    if (!c) return;
    const p = l.rules;
    const wide = l.orientation === 'landscape';
    this.card.position.set(p.x, p.y);
    this.card.addChild(panel(p.width, p.height, { radius: 48 }));
    const title = label(c.pages[this.page], 64, 'title');
    title.position.set(p.width / 2, 70);
    fitWidth(title, p.width * 0.9);
    this.card.addChild(title);
    const body = { x: 40, y: 130, width: p.width - 80, height: p.height - 130 - 200 };
    // The prize table in landscape: where the odds' column holds the two buttons, they go under the odds and the table
    // keeps the page's whole height (a phone on its side: its rows at a readable size need it).
    const odds = prizesColumns(body.width).odds;
    const beside = this.page === 1 && wide && odds >= BUTTONS_WIDTH;
    if (beside) body.height = p.height - 130 - 30;
    this.card.addChild(this.page === 0 ? this.howTo(c, body, wide, l.scale) : prizesPage(c, body, wide, l.scale));

    this.close.setText(c.close);
    this.turn.setText(c.pages[this.page === 0 ? 1 : 0]);
    const by = p.height - 180;
    const left = beside ? body.x + body.width - odds + (odds - BUTTONS_WIDTH) / 2 : p.width / 2 - 440 - 20;
    this.turn.position.set(left, by);
    this.close.position.set(left + 440 + 60, by);
    this.card.addChild(this.turn, this.close);
  }

  /** Three cards one under another, the step's pictures on the left and its words beside them. */
  private howTo(
    c: RulesContent,
    body: { x: number; y: number; width: number; height: number },
    wide: boolean,
    cssPerUnit: number,
  ): Container {
    const box = new Container();
    const gap = 20;
    const cw = body.width;
    const ch = (body.height - 2 * gap) / 3;
    const size = readableUnits(wide ? 32 : 42, cssPerUnit);
    c.steps.forEach((step, i) => {
      const card = new Container();
      const bg = new Graphics().roundRect(0, 0, cw, ch, 28).fill({ color: 0xffffff, alpha: 0.55 });
      card.addChild(bg);
      const pics = HOW_TO_PICTURES[i]!;
      const picW = wide ? 340 : 300;
      const picH = ch - 30;
      pics.forEach((name, k) => {
        const pic = fitted(name, (picW * 0.9) / pics.length, picH * 0.9);
        pic.position.set(50 + ((k + 0.5) * (picW - 50)) / pics.length, ch / 2);
        card.addChild(pic);
      });
      const num = label(String(i + 1), wide ? 48 : 60, 'gold');
      num.position.set(34, 40);
      const textW = cw - picW - 40;
      const text = label(step, size, 'dark', {
        wordWrap: true,
        wordWrapWidth: textW,
        align: 'left',
        fontWeight: '700',
        lineHeight: Math.round(size * 1.25),
      });
      text.anchor.set(0, 0.5);
      const room = ch - 24;
      if (text.height > room) text.scale.set(room / text.height);
      text.position.set(picW + 20, ch / 2);
      card.addChild(num, text);
      card.position.set(body.x, body.y + i * (ch + gap));
      box.addChild(card);
    });
    return box;
  }
}
