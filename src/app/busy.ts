/**
 * Whether the game is waiting for input. Anything that must not be interrupted (a command being saved and shown, a
 * screen changing) holds it busy; input is ignored while it is, and the test hook's idle() waits on it.
 */
export class Busy {
  private holds = 0;
  private waiters: (() => void)[] = [];
  private listeners = new Set<(idle: boolean) => void>();

  get idle(): boolean {
    return this.holds === 0;
  }

  /** Marks the game busy until the returned release is called (once; later calls do nothing). */
  hold(): () => void {
    this.holds++;
    if (this.holds === 1) this.emit(false);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0) {
        this.emit(true);
        this.wakeIfStillIdle();
      }
    };
  }

  /** Runs `work` with the game held busy. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    const release = this.hold();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Resolves now if idle, else once the game becomes idle and stays so past the current task. */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * A step of a flow often lets the game go and the next takes it a few microtasks later (`await busy.during(…)`
   * followed by another): that hand-over is not a moment of waiting for input, so the waiters are told only if the
   * game is still idle once the current task's microtasks have run. A later release tells them otherwise.
   */
  private wakeIfStillIdle(): void {
    setTimeout(() => {
      if (!this.idle) return;
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) w();
    }, 0);
  }

  onChange(listener: (idle: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(idle: boolean): void {
    for (const l of this.listeners) l(idle);
  }
}
