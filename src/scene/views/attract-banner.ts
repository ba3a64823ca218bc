import gsap from 'gsap';
import { Container, Graphics, type Text } from 'pixi.js';
import type { Rect } from '../layout';
import { fitWidth, label } from '../text';

/**
 * « Touchez pour jouer / Touch to play », on screen for the whole attract loop: the loop's language large, the other
 * one smaller, and marketing's caption line. It breathes slowly so the eye finds it.
 */
export class AttractBanner extends Container {
  private readonly bg = new Graphics();
  private readonly main: Text = label('', 50, 'title');
  private readonly other: Text = label('', 30, 'light');
  private readonly caption: Text = label('', 30, 'gold');
  private readonly pulse: gsap.core.Tween;

  constructor() {
    super();
    this.addChild(this.bg, this.main, this.other, this.caption);
    this.eventMode = 'none';
    this.pulse = gsap.to(this.main.scale, {
      x: '*=1.06',
      y: '*=1.06',
      duration: 1.2,
      yoyo: true,
      repeat: -1,
      ease: 'sine.inOut',
    });
  }

  setTexts(main: string, other: string, caption: string): void {
    this.main.text = main;
    this.other.text = other;
    this.caption.text = caption;
    this.caption.visible = caption !== '';
  }

  /** Fills `r` (design units): two lines, or three with a caption. */
  place(r: Rect): void {
    this.position.set(r.x, r.y);
    this.bg
      .clear()
      .roundRect(0, 0, r.width, r.height, Math.min(40, r.height / 2))
      .fill({ color: 0x3b2410, alpha: 0.82 })
      .stroke({ width: 5, color: 0xffe27a });
    const lines = this.caption.visible ? 3 : 2;
    const step = r.height / (lines + 0.4);
    this.pulse.pause();
    // The words grow with a taller card (the portrait title's), never past its width.
    const grow = Math.max(1, r.height / 118);
    this.main.position.set(r.width / 2, step * 0.8);
    fitWidth(this.main, r.width * 0.9, grow);
    this.other.position.set(r.width / 2, step * 1.75);
    fitWidth(this.other, r.width * 0.9, grow);
    this.caption.position.set(r.width / 2, step * 2.6);
    fitWidth(this.caption, r.width * 0.9, grow);
    // The breathing starts again from the fitted scale.
    this.pulse.invalidate().restart();
  }

  override destroy(options?: Parameters<Container['destroy']>[0]): void {
    this.pulse.kill();
    super.destroy(options);
  }
}
