import { describe, expect, it } from 'vitest';
import { Busy } from './busy';

/** Lets every microtask queued so far run (a few rounds: an awaited async function takes more than one). */
const microtasks = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const nextTask = (): Promise<void> => new Promise((r) => setTimeout(r, 5));

describe('Busy', () => {
  it('is idle with no hold, and whenIdle resolves at once then', async () => {
    const busy = new Busy();
    expect(busy.idle).toBe(true);
    let told = false;
    void busy.whenIdle().then(() => {
      told = true;
    });
    await microtasks();
    expect(told).toBe(true);
  });

  it('tells a waiter once the game is let go and stays idle past the task', async () => {
    const busy = new Busy();
    const release = busy.hold();
    let told = false;
    void busy.whenIdle().then(() => {
      told = true;
    });
    release();
    await microtasks();
    expect(told).toBe(false);
    await nextTask();
    expect(told).toBe(true);
  });

  it('a hand-over from one step to the next a few microtasks later is not idle: the waiter waits for the second', async () => {
    const busy = new Busy();
    const steps: string[] = [];
    const flow = async (): Promise<void> => {
      await busy.during(async () => {
        steps.push('first');
      });
      await busy.during(async () => {
        await nextTask();
        steps.push('second');
      });
    };
    const running = flow();
    let toldAfter: string[] | null = null;
    void busy.whenIdle().then(() => {
      toldAfter = [...steps];
    });
    await running;
    await nextTask();
    expect(toldAfter).toEqual(['first', 'second']);
  });

  it('the hold changes are told to listeners at once, and a release is counted once', () => {
    const busy = new Busy();
    const seen: boolean[] = [];
    busy.onChange((idle) => seen.push(idle));
    const a = busy.hold();
    const b = busy.hold();
    a();
    a();
    expect(busy.idle).toBe(false);
    b();
    expect(busy.idle).toBe(true);
    expect(seen).toEqual([false, true]);
  });
});
