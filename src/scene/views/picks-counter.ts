import { Container, type Text } from 'pixi.js';
import gsap from 'gsap';
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

  constructor() {
    super();
    this.addChild(this.box);
  }

  resize(r: Rect): void {
    this.rect = r;
    this.box.removeChildren().forEach((c) => c !== this.title && c !== this.value && c !== this.round && c.destroy());
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
      tl.fromTo(this.value.scale, { x: 1.5 * this.valueScale, y: 1.5 * this.valueScale }, { x: this.valueScale, y: this.valueScale, duration: 0.35, ease: 'back.out(3)' });
      if (picks === 1) tl.fromTo(this.value, { tint: 0xff7b5c }, { tint: 0xffffff, duration: 0.6 }, '<');
    }
    return tl;
  }

  /** A « +1 » that flies from a chick (global point) into the counter. */
  plusOne(from: { x: number; y: number }, text: string): gsap.core.Timeline {
    const p = label(text, 110, 'gold');
    const start = this.toLocal(from);
    p.position.set(start.x, start.y);
    this.addChild(p);
    const end = this.value.getGlobalPosition();
    const to = this.toLocal(end);
    const tl = gsap.timeline({ onComplete: () => p.destroy() });
    tl.from(p.scale, { x: 0, y: 0, duration: 0.25, ease: 'back.out(3)' });
    // Held a moment over the chick, so the player sees where the pick came from, then into the counter.
    tl.to(p, { y: start.y - 40, duration: 0.45, ease: 'sine.out' });
    tl.to(p, { x: to.x + 90, y: to.y - 60, duration: 0.5, ease: 'power2.inOut' });
    tl.to(p, { alpha: 0, duration: 0.2 });
    // Not before the +1 lands (a fromTo in a timeline would show the big number at once).
    tl.fromTo(
      this.value.scale,
      { x: 1.4 * this.valueScale, y: 1.4 * this.valueScale },
      { x: this.valueScale, y: this.valueScale, duration: 0.3, ease: 'back.out(3)', immediateRender: false },
      '<',
    );
    return tl;
  }

  private fit(): void {
    if (!this.rect) return;
    fitWidth(this.title, this.rect.width * 0.86);
    fitWidth(this.round, this.rect.width * 0.86);
  }
}
