import gsap from 'gsap';
import type { Container } from 'pixi.js';

/**
 * Burn-in care for screens left on for days: moves a view's picture by a few pixels, slowly, along a Lissajous path
 * (two periods that never line up), so no bright edge stays on the same pixels for hours. It works on the pivot, so
 * the code that places the view keeps its own positions.
 */
export class BurnInDrift {
  private readonly tweens: gsap.core.Tween[] = [];
  private readonly targets: Container[] = [];

  /** Drifts `view` within ±`amplitude` design units; `periodSeconds` is one sweep of x (y takes 1.37 times as long). */
  add(view: Container, amplitude = 10, periodSeconds = 240): void {
    this.targets.push(view);
    const base = { x: view.pivot.x, y: view.pivot.y };
    const ease = 'sine.inOut';
    this.tweens.push(
      gsap.fromTo(
        view.pivot,
        { x: base.x - amplitude },
        { x: base.x + amplitude, duration: periodSeconds / 2, yoyo: true, repeat: -1, ease },
      ),
      gsap.fromTo(
        view.pivot,
        { y: base.y - amplitude },
        { y: base.y + amplitude, duration: (periodSeconds * 1.37) / 2, yoyo: true, repeat: -1, ease },
      ),
    );
  }

  /** Where each view stands now from its rest position (for the test hook: it must move over time). */
  offsets(): { x: number; y: number }[] {
    return this.targets.map((t) => ({ x: t.pivot.x, y: t.pivot.y }));
  }

  /** Stops every drift; the views stay where they are (a few pixels off at most). */
  stop(): void {
    for (const t of this.tweens) t.kill();
    this.tweens.length = 0;
    this.targets.length = 0;
  }
}
