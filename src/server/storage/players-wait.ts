/**
 * When an instance's next group starts, once one has committed. Under a steady load the players of the group just
 * committed send their next requests within a millisecond or so of their replies, while the requests that came during
 * the group are already waiting. Starting the next group with those alone would leave the returning players for the
 * group after: the players split into two halves that take turns, each group half the size it could be, and every
 * group has a cost whatever its size (its transaction, its round trips, the wake-ups of the instance and of the
 * database's backend). So the next group waits for them, up to `ms`: it starts as soon as as many requests wait as
 * the last group held on top of those already waiting, or when the time runs out. A wait that ran out (the players
 * think, or are few) is not repeated by the next group, so a light load pays it at most every other group.
 */
export class PlayersWait {
  /** Waits begun, those ended by the players all coming back, and the milliseconds waited (the bench prints them). */
  waits = 0;
  filled = 0;
  waitedMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private awaited = 0;
  private from = 0;
  private lastFilled = true;

  /** `ms`: the longest wait; `timeUp`: what starts the next group when it runs out. */
  constructor(
    private readonly ms: number,
    private readonly timeUp: () => void,
  ) {}

  get waiting(): boolean {
    return this.timer !== null;
  }

  /**
   * A group of `size` requests has committed while `queued` others came: whether the next group starts now (else a
   * wait has begun, ended by `ready` or by the time running out). `most`: the largest group.
   */
  startNow(size: number, queued: number, most: number): boolean {
    if (this.ms <= 0 || !this.lastFilled) {
      this.lastFilled = true;
      return true;
    }
    this.awaited = Math.min(most, queued + size);
    if (queued >= this.awaited) return true;
    this.waits++;
    this.from = performance.now();
    this.timer = setTimeout(this.timeUp, this.ms);
    return false;
  }

  /** Whether `queued` requests end the wait: as many as it waits for. */
  ready(queued: number): boolean {
    return queued >= this.awaited;
  }

  /** Ends the wait (its players came, its time ran out, or the storage closes) with `queued` requests waiting. */
  end(queued: number): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.lastFilled = queued >= this.awaited;
    if (this.lastFilled) this.filled++;
    this.waitedMs += performance.now() - this.from;
  }
}
