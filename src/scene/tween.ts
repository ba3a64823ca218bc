/**
 * A few tweens of our own for what is on screen before the title takes input (the loading screen, the title, its
 * buttons, the header): gsap (about 27 KiB gzip) then loads behind the title with the screens that need more. Same
 * clock rules as gsap's: the game's speed as a time scale, a stall of over a second counted as one 33 ms step, paused
 * while the page is hidden. They step in the renderer's own tick, before it draws (`driveWith`): a tween's last
 * values are drawn, and taken by hit tests, in the frame where it ends.
 */

export type Ease = (t: number) => number;

/** The eases the early screens use, as gsap names them. */
export const eases = {
  linear: (t: number): number => t,
  /** gsap's default ease. */
  power1Out: (t: number): number => 1 - (1 - t) * (1 - t),
  sineInOut: (t: number): number => -(Math.cos(Math.PI * t) - 1) / 2,
  backOut:
    (s: number): Ease =>
    (t: number): number => {
      const u = t - 1;
      return 1 + (s + 1) * u * u * u + s * u * u;
    },
} as const;

export interface TweenOptions {
  /** Seconds (of game time: divided by the speed). */
  readonly duration: number;
  readonly ease?: Ease;
  /** Seconds before it starts. */
  readonly delay?: number;
  /** Repeats after the first run; -1 for ever. */
  readonly repeat?: number;
  /** Each repeat runs backwards from the last. */
  readonly yoyo?: boolean;
  /** After each step, with the eased progress 0…1 of this run. */
  readonly onUpdate?: (progress: number) => void;
}

type Numbers = Record<string, number>;

/** One running tween. */
export class Tween {
  private elapsed = 0;
  private done = false;
  /** Resolves at the end; a killed tween never ends (as gsap's). */
  readonly finished: Promise<void>;
  private finish: () => void = () => undefined;
  private linearProgress = 0;

  constructor(
    readonly target: object,
    private readonly from: Numbers,
    private readonly to: Numbers,
    private readonly o: TweenOptions,
  ) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** Linear progress of the run now playing, 0…1. */
  progress(): number {
    return this.linearProgress;
  }

  kill(): void {
    this.done = true;
    running.delete(this);
  }

  get killed(): boolean {
    return this.done;
  }

  /** Moves `dt` seconds on; false once ended. */
  step(dt: number, notify = true): boolean {
    if (this.done) return false;
    this.elapsed += dt;
    const t = this.elapsed - (this.o.delay ?? 0);
    if (t < 0) return true;
    const d = Math.max(this.o.duration, 1e-6);
    const repeat = this.o.repeat ?? 0;
    const runs = repeat < 0 ? Number.POSITIVE_INFINITY : repeat + 1;
    const run = Math.min(Math.floor(t / d), runs - 1);
    const last = run === runs - 1 && t >= d * runs;
    let p = last ? 1 : (t - run * d) / d;
    if (p > 1) p = 1;
    this.linearProgress = p;
    const backwards = this.o.yoyo === true && run % 2 === 1;
    const eased = (this.o.ease ?? eases.power1Out)(backwards ? 1 - p : p);
    const target = this.target as Numbers;
    for (const key of Object.keys(this.to)) {
      const a = this.from[key] ?? 0;
      target[key] = a + ((this.to[key] ?? 0) - a) * eased;
    }
    if (notify) this.o.onUpdate?.(eased);
    if (!last) return true;
    this.done = true;
    this.finish();
    return false;
  }
}

const running = new Set<Tween>();
let speed = 1;
let paused = false;
let lastTime: number | null = null;
let frame: number | null = null;
/** The renderer's tick, once the stage has one: tweens step there instead of in a loop of their own. */
let driven = false;
const killers: ((target: object) => void)[] = [];
const pauseListeners: ((paused: boolean) => void)[] = [];

function tick(now: number): void {
  frame = null;
  if (paused) {
    lastTime = null;
    return;
  }
  let dt = lastTime === null ? 0 : (now - lastTime) / 1000;
  lastTime = now;
  // A stall of over a second (a hidden tab, a slow machine) counts as one frame, as gsap's lag smoothing does.
  if (dt > 1) dt = 0.033;
  for (const t of [...running]) if (!t.step(dt * speed)) running.delete(t);
  schedule();
}

function schedule(): void {
  if (driven || frame !== null || paused || running.size === 0) {
    if (running.size === 0) lastTime = null;
    return;
  }
  frame = requestAnimationFrame(tick);
}

function start(t: Tween): Tween {
  running.add(t);
  // The first values now, as gsap renders them at once.
  t.step(0, false);
  if (t.killed) running.delete(t);
  schedule();
  return t;
}

function pick(target: object, keys: readonly string[]): Numbers {
  const out: Numbers = {};
  for (const k of keys) out[k] = (target as Numbers)[k] ?? 0;
  return out;
}

/** From the target's values now to `to`. */
export function tweenTo(target: object, to: Numbers, o: TweenOptions): Tween {
  return start(new Tween(target, pick(target, Object.keys(to)), to, o));
}

/** From `from` to the target's values now (the target jumps to `from` at once). */
export function tweenFrom(target: object, from: Numbers, o: TweenOptions): Tween {
  const to = pick(target, Object.keys(from));
  Object.assign(target, from);
  return start(new Tween(target, from, to, o));
}

export function tweenFromTo(target: object, from: Numbers, to: Numbers, o: TweenOptions): Tween {
  Object.assign(target, from);
  return start(new Tween(target, from, to, o));
}

/** Stops every tween on `target`, ours and those of any other engine registered with `onKill`. */
export function killTweensOf(target: object): void {
  for (const t of running) if (t.target === target) t.kill();
  for (const k of killers) k(target);
}

/** The whole game's motion: its speed, its pause while hidden, and the other engine told of both. */
export const motion = {
  get speed(): number {
    return speed;
  },
  setSpeed(s: number): void {
    speed = s;
  },
  get paused(): boolean {
    return paused;
  },
  pause(): void {
    paused = true;
    for (const l of pauseListeners) l(true);
  },
  resume(): void {
    paused = false;
    for (const l of pauseListeners) l(false);
    schedule();
  },
  /**
   * Steps the tweens in `ticker`'s tick before it draws (called once, by the stage): Pixi updates transforms only
   * as it renders, so a value written after a render is hit-tested with the old one until the next.
   */
  driveWith(ticker: { add(fn: () => void, context?: unknown, priority?: number): unknown }, priority: number): void {
    if (driven) return;
    driven = true;
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    ticker.add(() => tick(performance.now()), undefined, priority);
  },
  /** Another tween engine (gsap, loaded later): killed with ours, paused with ours. */
  join(kill: (target: object) => void, pausedNow: (paused: boolean) => void): void {
    killers.push(kill);
    pauseListeners.push(pausedNow);
    pausedNow(paused);
  },
  /** How many of our tweens run (a test's check that views leave none behind). */
  get count(): number {
    return running.size;
  },
};
