import gsap from 'gsap';
import { Container, Graphics, type Text } from 'pixi.js';
import type { Layout } from '../layout';
import { fitWidth, label } from '../text';

/**
 * The warning over a ticket left untouched: « Toujours là ? » and a countdown before the ticket is set aside. It
 * lets every touch through (the touch that answers it may as well pick a hen).
 */
export class AttractIdleWarning extends Container {
  private readonly dim = new Graphics();
  private readonly box = new Graphics();
  private readonly heading: Text = label('', 70, 'title');
  private readonly line: Text = label('', 40, 'light', { wordWrap: true, wordWrapWidth: 1000 });
  private readonly count: Text = label('', 140, 'gold');
  private shownSeconds: number | null = null;

  constructor() {
    super();
    this.eventMode = 'none';
    this.visible = false;
    this.addChild(this.dim, this.box, this.heading, this.count, this.line);
  }

  get secondsLeft(): number | null {
    return this.visible ? this.shownSeconds : null;
  }

  /** Shows (or updates) the countdown. */
  show(heading: string, line: string, secondsLeft: number): void {
    if (!this.visible) {
      this.visible = true;
      gsap.fromTo(this, { alpha: 0 }, { alpha: 1, duration: 0.25 });
    }
    this.heading.text = heading;
    this.line.text = line;
    if (this.shownSeconds !== secondsLeft) {
      this.count.text = String(secondsLeft);
      gsap.fromTo(this.count.scale, { x: 1.3, y: 1.3 }, { x: 1, y: 1, duration: 0.3 });
    }
    this.shownSeconds = secondsLeft;
  }

  hide(): void {
    // One target per call: given an array, gsap only kills tweens whose targets match it as a whole.
    gsap.killTweensOf(this);
    gsap.killTweensOf(this.count.scale);
    this.visible = false;
    this.shownSeconds = null;
  }

  resize(l: Layout): void {
    const { width: w, height: h } = l.design;
    this.dim
      .clear()
      .rect(-l.offsetX / l.scale, -l.offsetY / l.scale, l.width / l.scale, l.height / l.scale)
      .fill({ color: 0x10200c, alpha: 0.55 });
    const bw = Math.min(1200, w * 0.9);
    const bh = 560;
    this.box
      .clear()
      .roundRect((w - bw) / 2, (h - bh) / 2, bw, bh, 48)
      .fill({ color: 0x3b2410, alpha: 0.95 })
      .stroke({ width: 8, color: 0xffe27a });
    this.heading.position.set(w / 2, h / 2 - 190);
    fitWidth(this.heading, bw * 0.9);
    this.count.position.set(w / 2, h / 2 - 30);
    this.line.style.wordWrapWidth = bw * 0.85;
    this.line.position.set(w / 2, h / 2 + 150);
  }
}
