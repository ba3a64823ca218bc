import { Container, Graphics, type Text } from 'pixi.js';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';
import { tweenFromTo } from '../tween';
import { Button } from './button';
import { panel } from './panel';

/**
 * A message the player must read before going on (data set aside, storage full, another tab playing, play stopped),
 * over everything, with its « Compris » button; without the button it stays (this tab cannot play).
 */
export class NoticePanel extends Container {
  readonly ok: Button;
  private readonly dim = new Graphics();
  private readonly card = new Container();
  private readonly text: Text = label('', 34, 'dark', {
    wordWrap: true,
    wordWrapWidth: 1000,
    lineHeight: 46,
    fontWeight: '700',
  });
  private layoutNow: Layout | null = null;
  private lines: readonly string[] = [];

  constructor(onOk: () => void) {
    super();
    this.ok = new Button({ id: 'noticeOk', width: 320, height: 100, text: '', tone: 'gold', onTap: onOk });
    this.dim.eventMode = 'static';
    this.addChild(this.dim, this.card);
    this.visible = false;
  }

  /** Shows `lines`; `okText` null leaves no way to close it (this tab must not play). */
  show(lines: readonly string[], okText: string | null): void {
    this.lines = lines;
    this.ok.visible = okText !== null;
    if (okText !== null) this.ok.setText(okText);
    this.visible = true;
    if (this.layoutNow) this.resize(this.layoutNow);
    tweenFromTo(this, { alpha: 0 }, { alpha: 1 }, { duration: 0.2 });
  }

  hide(): void {
    this.visible = false;
  }

  get message(): string {
    return this.visible ? this.lines.join('\n') : '';
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.dim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x10200c, alpha: 0.7 });
    this.card.removeChildren().forEach((c) => {
      c !== this.text && c !== this.ok && c.destroy({ children: true });
    });
    const p = l.panel;
    const w = p.width * 0.9;
    this.text.text = this.lines.join('\n\n');
    this.text.style.wordWrapWidth = w - 100;
    this.text.scale.set(1);
    const h = Math.min(p.height, this.text.height + (this.ok.visible ? 260 : 140));
    if (this.text.height > h - (this.ok.visible ? 260 : 140))
      this.text.scale.set((h - (this.ok.visible ? 260 : 140)) / this.text.height);
    this.card.position.set(p.x + (p.width - w) / 2, p.y + (p.height - h) / 2);
    this.card.addChild(panel(w, h, { radius: 40 }), this.text, this.ok);
    this.text.position.set(w / 2, 70 + this.text.height / 2);
    fitWidth(this.text, w - 80, this.text.scale.x);
    this.ok.position.set(w / 2 - 160, h - 140);
  }
}
