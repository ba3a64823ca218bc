import gsap from 'gsap';

/**
 * The attract loop's time: waits in game time (gsap's, so `?speed=` fast-forwards them) that all end at once when
 * the loop is stopped. An animation awaited through `until` goes on to its end on its own; the loop just stops
 * waiting for it.
 *
 * Each wait keeps its own way out, dropped as soon as it settles: racing every wait against one promise that stays
 * pending for the whole run (`Promise.race([p, stopped])`) left a reaction on that promise per wait, dozens a loop,
 * kept until the loop stopped — the heap's growth in the soak.
 */
export class Pace {
  private running = false;
  private readonly waiting = new Set<() => void>();

  /** A new run: waits last until the next `stop`. */
  begin(): void {
    this.running = true;
  }

  /** Ends every wait of the run now, and any wait asked for before the next `begin` at once. */
  stop(): void {
    this.running = false;
    const ends = [...this.waiting];
    this.waiting.clear();
    for (const end of ends) end();
  }

  /** Waits not yet settled (for the tests: it must come back to 0). */
  get pending(): number {
    return this.waiting.size;
  }

  /** Resolves when `p` does, or as soon as the run is stopped. */
  until(p: Promise<unknown> | gsap.core.Animation): Promise<unknown> {
    const settled = p instanceof Promise ? p : p.then(() => undefined);
    if (!this.running) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const end = (): void => {
        this.waiting.delete(end);
        resolve(undefined);
      };
      this.waiting.add(end);
      settled.then(
        (v) => {
          this.waiting.delete(end);
          resolve(v);
        },
        (e: unknown) => {
          this.waiting.delete(end);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** `seconds` of game time, or less if the run is stopped. */
  wait(seconds: number): Promise<unknown> {
    let call: gsap.core.Tween | null = null;
    const done = new Promise<void>((resolve) => (call = gsap.delayedCall(seconds, resolve)));
    return this.until(done).finally(() => call?.kill());
  }
}
