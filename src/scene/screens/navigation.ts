import type { Container } from 'pixi.js';
import type { Layout } from '../layout';
import type { Screen, ScreenId } from './screen';

/**
 * Shows one screen at a time: hides the current one, prepares and lays out the next, shows it. `hold` marks the game
 * busy for the transition, so no input lands on a screen that is coming or going.
 */
export class Navigation {
  private current: Screen | null = null;
  private layoutNow: Layout | null = null;

  constructor(
    private readonly layer: Container,
    private readonly hold: () => () => void,
  ) {}

  get screen(): ScreenId | null {
    return this.current?.id ?? null;
  }

  get active(): Screen | null {
    return this.current;
  }

  async goto(next: Screen): Promise<void> {
    if (this.current === next) return;
    const release = this.hold();
    try {
      const old = this.current;
      this.current = next;
      if (old) {
        await old.hide();
        this.layer.removeChild(old.view);
      }
      next.prepare?.();
      this.layer.addChild(next.view);
      if (this.layoutNow) next.resize(this.layoutNow);
      await next.show();
    } finally {
      release();
    }
  }

  resize(l: Layout): void {
    this.layoutNow = l;
    this.current?.resize(l);
  }

  pause(): void {
    this.current?.pause?.();
  }

  resume(): void {
    this.current?.resume?.();
  }
}
