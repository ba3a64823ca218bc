import gsap from 'gsap';

/**
 * The attract loop's time: waits in game time (gsap's, so `?speed=` fast-forwards them) that all end at once when
 * the loop is stopped. An animation awaited through `until` goes on to its end on its own; the loop just stops
 * waiting for it.
 */
export class Pace {
  private stopNow: () => void = () => undefined;
  private stopped: Promise<void> = Promise.resolve();

  /** A new run: waits last until the next `stop`. */
  begin(): void {
    this.stopped = new Promise((resolve) => (this.stopNow = resolve));
  }

  stop(): void {
    this.stopNow();
  }

  /** Resolves when `p` does, or as soon as the run is stopped. */
  until(p: Promise<unknown> | gsap.core.Animation): Promise<unknown> {
    const settled = p instanceof Promise ? p : p.then(() => undefined);
    return Promise.race([settled, this.stopped]);
  }

  /** `seconds` of game time, or less if the run is stopped. */
  wait(seconds: number): Promise<unknown> {
    let call: gsap.core.Tween | null = null;
    const done = new Promise<void>((resolve) => (call = gsap.delayedCall(seconds, resolve)));
    return this.until(done).finally(() => call?.kill());
  }
}
