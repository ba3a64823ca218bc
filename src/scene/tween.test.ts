import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eases, killTweensOf, motion, tweenFrom, tweenFromTo, tweenTo } from './tween';

// The renderer's tick, by hand: each `frame(ms)` moves the clock on and steps the tweens once.
const steps: (() => void)[] = [];
function frame(ms: number): void {
  vi.advanceTimersByTime(ms);
  for (const s of steps) s();
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
  motion.driveWith({ add: (fn: () => void) => steps.push(fn) }, 25);
  frame(16);
});
afterAll(() => {
  vi.useRealTimers();
});

describe('tween: the early screens’ own tweens', () => {
  it('moves a value to its end over its duration, with the ease, and says so', async () => {
    const o = { x: 0 };
    const t = tweenTo(o, { x: 100 }, { duration: 1, ease: eases.linear });
    let ended = false;
    void t.finished.then(() => (ended = true));
    frame(16);
    frame(500);
    expect(o.x).toBeCloseTo(50, 0);
    frame(600);
    expect(o.x).toBe(100);
    await Promise.resolve();
    expect(ended).toBe(true);
    expect(motion.count).toBe(0);
  });

  it('from and fromTo jump to the start at once, then end where asked', () => {
    const a = { y: 10 };
    tweenFrom(a, { y: 70 }, { duration: 0.2 });
    expect(a.y).toBe(70);
    const b = { alpha: 1 };
    tweenFromTo(b, { alpha: 0 }, { alpha: 0.5 }, { duration: 0.2 });
    expect(b.alpha).toBe(0);
    frame(16);
    frame(300);
    expect(a.y).toBe(10);
    expect(b.alpha).toBe(0.5);
  });

  it('a yoyo repeating for ever goes back and forth and never ends', () => {
    const o = { v: 0 };
    tweenTo(o, { v: 1 }, { duration: 1, yoyo: true, repeat: -1, ease: eases.linear });
    frame(16);
    frame(1000);
    expect(o.v).toBeGreaterThan(0.95);
    frame(900);
    expect(o.v).toBeLessThan(0.2);
    expect(motion.count).toBe(1);
    killTweensOf(o);
    expect(motion.count).toBe(0);
  });

  it('kills only the target’s tweens, and tells the engine that joined', () => {
    const killed: object[] = [];
    motion.join(
      (t) => killed.push(t),
      () => undefined,
    );
    const a = { x: 0 };
    const b = { x: 0 };
    tweenTo(a, { x: 1 }, { duration: 1 });
    tweenTo(b, { x: 1 }, { duration: 1 });
    killTweensOf(a);
    frame(16);
    frame(600);
    frame(600);
    expect(a.x).toBe(0);
    expect(b.x).toBe(1);
    expect(killed).toContain(a);
  });

  it('runs at the game’s speed, stands still while paused, and counts a stall of over a second as 33 ms', () => {
    motion.setSpeed(2);
    const o = { x: 0 };
    tweenTo(o, { x: 1 }, { duration: 1, ease: eases.linear });
    frame(16);
    frame(250);
    expect(o.x).toBeCloseTo(0.5, 1);
    motion.pause();
    frame(100);
    expect(o.x).toBeCloseTo(0.5, 1);
    motion.resume();
    frame(16);
    frame(5000);
    // 5 s of stall count as 33 ms, at speed 2: 0.066 s of tween.
    expect(o.x).toBeCloseTo(0.566, 2);
    expect(o.x).toBeLessThan(1);
    motion.setSpeed(1);
    killTweensOf(o);
  });

  it('gsap’s eases: back.out overshoots, sine.inOut is symmetric', () => {
    expect(Math.max(...[0.5, 0.6, 0.7, 0.8].map(eases.backOut(2)))).toBeGreaterThan(1);
    expect(eases.sineInOut(0.5)).toBeCloseTo(0.5);
    expect(eases.power1Out(0.5)).toBeCloseTo(0.75);
  });
});
