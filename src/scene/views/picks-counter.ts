import gsap from 'gsap';
import { Container, Graphics, type Text } from 'pixi.js';
import type { Rect } from '../layout';
import { fitWidth, label } from '../text';
import { panel } from './panel';

/** The picks left, big enough that nobody misses it, with the round's name and a « +1 » pop for a chick. */
export class PicksCounter extends Container {
  private readonly box = new Container();
  private readonly title: Text = label('', 40, 'dark');
  private readonly value: Text = label('', 170, 'gold');
  private readonly round: Text = label('', 36, 'dark');
  private rect: Rect | null = null;
  private picks: number | null = null;
  private valueScale = 1;
  /** The farmyard's left and right edges (design units): the chick's words stay over it, clear of the card. */
  yard = { left: 0, right: 1920 };

  constructor() {
    super();
    this.addChild(this.box);
  }

  resize(r: Rect): void {
    this.rect = r;
    this.box.removeChildren().forEach((c) => {
      c !== this.title && c !== this.value && c !== this.round && c.destroy();
    });
    this.box.addChild(panel(r.width, r.height, { radius: 40 }), this.title, this.value, this.round);
    this.box.position.set(r.x, r.y);
    // The number fills what the title and the round's name leave, whatever the box's shape.
    this.title.position.set(r.width / 2, 46);
    this.round.position.set(r.width / 2, r.height - 34);
    const room = r.height - 92 - (this.round.text ? 50 : 12);
    this.valueScale = Math.min(1, room / 190);
    this.value.position.set(r.width / 2, 92 + room / 2);
    this.value.scale.set(this.valueScale);
    this.fit();
  }

  setTexts(title: string, round: string): void {
    this.title.text = title;
    this.round.text = round;
    if (this.rect) this.resize(this.rect);
  }

  /** Shows `picks` (null: no round yet), with a bounce when it changes. */
  set(picks: number | null, animate = true): gsap.core.Timeline {
    const changed = picks !== this.picks;
    this.picks = picks;
    this.value.text = picks === null ? '' : String(picks);
    const tl = gsap.timeline();
    if (animate && changed) {
      tl.fromTo(
        this.value.scale,
        { x: 1.5 * this.valueScale, y: 1.5 * this.valueScale },
        { x: this.valueScale, y: this.valueScale, duration: 0.35, ease: 'back.out(3)' },
      );
      if (picks === 1) tl.fromTo(this.value, { tint: 0xff7b5c }, { tint: 0xffffff, duration: 0.6 }, '<');
    }
    return tl;
  }

  /**
   * A chick: « Poussin : un coup de plus ! » said over the chick itself (global point `from`), then a « +1 » flies
   * into the counter's number and melts into it (never left beside it, where it read as "2+1").
   */
  plusOne(from: { x: number; y: number }, text: string, saying = ''): gsap.core.Timeline {
    const p = label(text, 110, 'gold');
    const start = this.toLocal(from);
    p.position.set(start.x, start.y);
    this.addChild(p);
    const bubble = saying ? this.bubble(saying, start) : null;
    const end = this.value.getGlobalPosition();
    const to = this.toLocal(end);
    const tl = gsap.timeline({
      onComplete: () => {
        p.destroy();
        bubble?.destroy({ children: true });
      },
    });
    tl.from(p.scale, { x: 0, y: 0, duration: 0.25, ease: 'back.out(3)' });
    if (bubble)
      tl.from(bubble.scale, { x: 0.6, y: 0.6, duration: 0.25, ease: 'back.out(2)' }, '<').from(
        bubble,
        { alpha: 0, duration: 0.2 },
        '<',
      );
    // Held a moment over the chick, so the player reads what it gave, then into the counter.
    tl.to(p, { y: start.y - 40, duration: 0.45, ease: 'sine.out' });
    tl.to({}, { duration: bubble ? 0.6 : 0 });
    tl.to(p, { x: to.x, y: to.y, duration: 0.5, ease: 'power2.in' });
    tl.to(p.scale, { x: 0.3, y: 0.3, duration: 0.5, ease: 'power2.in' }, '<');
    if (bubble) tl.to(bubble, { alpha: 0, duration: 0.3 }, '<');
    tl.to(p, { alpha: 0, duration: 0.12 }, '>-0.12');
    // The number bounces as the +1 lands in it.
    tl.fromTo(
      this.value.scale,
      { x: 1.4 * this.valueScale, y: 1.4 * this.valueScale },
      { x: this.valueScale, y: this.valueScale, duration: 0.3, ease: 'back.out(3)', immediateRender: false },
    );
    return tl;
  }

  /** The words over the chick, on a dark plate, kept inside the design board's width. */
  private bubble(text: string, at: { x: number; y: number }): Container {
    const b = new Container();
    const t = label(text, 46, 'light');
    fitWidth(t, 760);
    const w = t.width + 56;
    const h = t.height + 26;
    const plate = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: 0x2b1405, alpha: 0.92 })
      .stroke({ width: 4, color: 0xffd54a });
    b.addChild(plate, t);
    this.addChild(b);
    // Above the chick, over the farmyard (the counter sits at the screen's origin, in design units).
    const x = Math.min(Math.max(at.x, this.yard.left + w / 2 + 10), this.yard.right - w / 2 - 10);
    b.position.set(x, at.y - 150);
    return b;
  }

  private fit(): void {
    if (!this.rect) return;
    fitWidth(this.title, this.rect.width * 0.86);
    fitWidth(this.round, this.rect.width * 0.86);
  }
}
