import gsap from 'gsap';
import { Container, Graphics } from 'pixi.js';

/**
 * The demo bot's finger: a soft white disc that glides to the hen (or the scratch zone, or a haystack) before the bot
 * acts, and presses, so a passer-by sees a person's gesture rather than a hen lifting by itself.
 */
export class AttractFinger extends Container {
  private readonly ring = new Graphics();
  private readonly dot = new Graphics();

  constructor() {
    super();
    this.ring.circle(0, 0, 46).stroke({ width: 8, color: 0xffffff, alpha: 0.9 });
    this.dot.circle(0, 0, 30).fill({ color: 0xffffff, alpha: 0.55 });
    this.addChild(this.ring, this.dot);
    this.eventMode = 'none';
    this.visible = false;
  }

  /** Glides to (x, y) in the parent's units. */
  moveTo(x: number, y: number, duration: number): gsap.core.Tween {
    this.visible = true;
    return gsap.to(this.position, { x, y, duration, ease: 'power2.inOut' });
  }

  /** A press: the ring closes in and opens again. */
  press(): gsap.core.Timeline {
    const tl = gsap.timeline();
    tl.to(this.ring.scale, { x: 0.7, y: 0.7, duration: 0.12 });
    tl.to(this.ring.scale, { x: 1, y: 1, duration: 0.2 });
    return tl;
  }

  /** Rubs back and forth over a rectangle (the scratch zone) for `duration` seconds. */
  rub(x: number, y: number, width: number, height: number, duration: number): gsap.core.Timeline {
    this.visible = true;
    const tl = gsap.timeline();
    const strokes = 5;
    for (let i = 0; i <= strokes; i++) {
      tl.to(this.position, {
        x: i % 2 ? x + width * 0.9 : x + width * 0.1,
        y: y + (height * (i + 0.5)) / (strokes + 1),
        duration: duration / (strokes + 1),
        ease: 'sine.inOut',
      });
    }
    return tl;
  }

  hide(): void {
    // One target per call: given an array, gsap only kills tweens whose targets match it as a whole.
    gsap.killTweensOf(this.position);
    gsap.killTweensOf(this.ring.scale);
    this.visible = false;
  }
}
