import gsap from 'gsap';
import {
  Container,
  type FederatedPointerEvent,
  Graphics,
  Rectangle,
  type Renderer,
  RenderTexture,
  Sprite,
} from 'pixi.js';
import { art } from '../art';
import { label } from '../text';

/** The zone in ticket.svg units (its scratch zone, x 70..830, y 130..330); the ticket scales it with itself. */
export const SCRATCH_W = 760;
export const SCRATCH_H = 200;
const BRUSH = 34;
const GRID_X = 38;
const GRID_Y = 10;
/** Past this share scratched, the rest clears itself. */
const AUTO_CLEAR = 0.6;

/**
 * The silver cover over A1 and A2. Dragging a pointer erases it (a brush drawn with the 'erase' blend into a render
 * texture); a coarse grid of the zone counts what has been scratched. The first stroke calls `onStarted` (the card
 * asks the core for its amounts then, so the rest of the rubbing uncovers them). Cleared — by hand past 60 %, by
 * « tout gratter », by the key, or `finishSoon` after the finger rests — it calls `onCleared` once.
 */
export class ScratchZone extends Container {
  private rt: RenderTexture | null = null;
  private readonly cover = new Sprite();
  private readonly brushRoot = new Container();
  private readonly brush = new Graphics();
  private readonly hint = label('', 48, 'dark');
  private scratched = new Uint8Array(GRID_X * GRID_Y);
  private last: { x: number; y: number } | null = null;
  private done = true;
  private started = false;
  private finisher: gsap.core.Tween | null = null;
  private finishAfter = 0;
  private clearedWaiters: (() => void)[] = [];

  constructor(
    private readonly renderer: Renderer,
    private readonly onCleared: () => void,
    private readonly onScratch: () => void,
    private readonly onStarted: () => void = () => undefined,
  ) {
    super();
    this.brush.blendMode = 'erase';
    this.brushRoot.addChild(this.brush);
    this.addChild(this.cover, this.hint);
    this.hint.position.set(SCRATCH_W / 2, SCRATCH_H / 2);
    this.hitArea = new Rectangle(0, 0, SCRATCH_W, SCRATCH_H);
    this.on('pointerdown', (e: FederatedPointerEvent) => this.start(e));
    this.on('globalpointermove', (e: FederatedPointerEvent) => this.move(e));
    this.on('pointerup', () => (this.last = null));
    this.on('pointerupoutside', () => (this.last = null));
  }

  /** True while the cover can still be scratched. */
  get scratchable(): boolean {
    return !this.done;
  }

  /** A fresh cover. */
  reset(hint: string): void {
    gsap.killTweensOf(this);
    this.rt?.destroy(true);
    this.rt = RenderTexture.create({ width: SCRATCH_W, height: SCRATCH_H, resolution: 2 });
    const root = new Container();
    const c = art('scratch-cover');
    c.scale.set(SCRATCH_W / Math.max(c.width, 1), SCRATCH_H / Math.max(c.height, 1));
    if (Math.abs(c.scale.x - c.scale.y) > 0.02) {
      // Art of another shape is cropped rather than stretched: cover the zone, keep the aspect.
      const s = Math.max(c.scale.x, c.scale.y);
      c.scale.set(s);
      c.position.set((SCRATCH_W - c.width) / 2, (SCRATCH_H - c.height) / 2);
    }
    root.addChild(c);
    this.renderer.render({ container: root, target: this.rt, clear: true });
    root.destroy({ children: true });
    this.cover.texture = this.rt;
    this.cover.alpha = 1;
    this.alpha = 1;
    this.visible = true;
    this.hint.text = hint;
    this.hint.alpha = 1;
    this.scratched.fill(0);
    this.done = false;
    this.started = false;
    this.finisher?.kill();
    this.finisher = null;
    this.eventMode = 'static';
    this.cursor = 'crosshair';
  }

  /** The share of the zone scratched so far (0..1). */
  get share(): number {
    let n = 0;
    for (const v of this.scratched) n += v;
    return n / this.scratched.length;
  }

  /** Whether the first stroke has been made (the amounts are asked for then). */
  get begun(): boolean {
    return this.started;
  }

  /** Resolves once the cover is cleared (at once if it is). */
  whenCleared(): Promise<void> {
    if (this.done) return Promise.resolve();
    return new Promise((resolve) => this.clearedWaiters.push(resolve));
  }

  /** Clears the rest by itself once the finger has rested `seconds` (the amounts are known: no need to rub it all). */
  finishSoon(seconds: number): void {
    if (this.done) return;
    this.finishAfter = seconds;
    this.restartFinisher();
  }

  private restartFinisher(): void {
    if (this.finishAfter <= 0 || this.done) return;
    this.finisher?.kill();
    this.finisher = gsap.delayedCall(this.finishAfter, () => void this.clearAll());
  }

  /** Clears the whole cover at once (« tout gratter », the key, or past 60 %). */
  clearAll(): gsap.core.Tween | null {
    if (this.done) return null;
    this.done = true;
    this.eventMode = 'none';
    this.last = null;
    this.stopWaiting();
    const t = gsap.to(this, {
      alpha: 0,
      duration: 0.35,
      ease: 'power1.in',
      onComplete: () => {
        this.visible = false;
      },
    });
    this.onCleared();
    return t;
  }

  /** Hides the cover for good (a ticket already revealed). */
  hide(): void {
    this.stopWaiting();
    this.done = true;
    this.eventMode = 'none';
    this.visible = false;
  }

  /** The cover is going: no self-clearing is pending any more, and whoever waited for it is told. */
  private stopWaiting(): void {
    this.finisher?.kill();
    this.finisher = null;
    this.finishAfter = 0;
    const waiting = this.clearedWaiters;
    this.clearedWaiters = [];
    for (const w of waiting) w();
  }

  private start(e: FederatedPointerEvent): void {
    if (this.done) return;
    this.last = null;
    this.scratchAt(this.toLocal(e.global));
  }

  private move(e: FederatedPointerEvent): void {
    // Only a drag that started on the zone scratches (`last` is set by pointerdown, cleared by pointerup).
    if (this.done || this.last === null) return;
    this.scratchAt(this.toLocal(e.global));
  }

  private scratchAt(p: { x: number; y: number }): void {
    if (!this.rt) return;
    const from = this.last ?? p;
    this.last = { x: p.x, y: p.y };
    this.brush.clear();
    this.brush
      .moveTo(from.x, from.y)
      .lineTo(p.x + 0.01, p.y)
      .stroke({ width: BRUSH * 2, color: 0xffffff, cap: 'round' });
    this.brush.circle(p.x, p.y, BRUSH).fill(0xffffff);
    this.renderer.render({ container: this.brushRoot, target: this.rt, clear: false });
    this.mark(from, p);
    if (this.hint.alpha > 0) gsap.to(this.hint, { alpha: 0, duration: 0.2 });
    this.onScratch();
    if (!this.started) {
      this.started = true;
      this.onStarted();
    }
    this.restartFinisher();
    if (this.share >= AUTO_CLEAR) this.clearAll();
  }

  /** Marks the grid cells the stroke from `a` to `b` went over. */
  private mark(a: { x: number; y: number }, b: { x: number; y: number }): void {
    const cw = SCRATCH_W / GRID_X;
    const ch = SCRATCH_H / GRID_Y;
    const steps = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (BRUSH / 2)));
    for (let s = 0; s <= steps; s++) {
      const x = a.x + ((b.x - a.x) * s) / steps;
      const y = a.y + ((b.y - a.y) * s) / steps;
      for (let gy = 0; gy < GRID_Y; gy++) {
        for (let gx = 0; gx < GRID_X; gx++) {
          if (Math.hypot((gx + 0.5) * cw - x, (gy + 0.5) * ch - y) <= BRUSH) this.scratched[gy * GRID_X + gx] = 1;
        }
      }
    }
  }
}
