import { CODE_ATTEMPT_LIMIT, CODE_ATTEMPT_WINDOW_S } from '../../protocol/messages';
import { ApiFail } from '../api-error';

export interface AttemptLimits {
  /** Wrong codes allowed within the window, per screen and per address. */
  readonly limit: number;
  readonly windowS: number;
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = { limit: CODE_ATTEMPT_LIMIT, windowS: CODE_ATTEMPT_WINDOW_S };

/** Forgotten keys are swept when the map grows past this many (a guesser rotating addresses cannot grow it forever). */
const SWEEP_AT = 50_000;

/**
 * Wrong game codes counted per key (a screen: player, terminal or retailer; an address), in a sliding window. When a
 * key holds `limit` wrong codes of the last `windowS` seconds, every code request under it is refused until the
 * oldest leaves the window; the right code is heard again after that. Kept in memory: a restart forgives, which
 * costs a guesser far more than it gains (120-bit codes).
 */
export class CodeAttempts {
  private readonly wrong = new Map<string, number[]>();

  constructor(
    private readonly limits: AttemptLimits = DEFAULT_ATTEMPT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Refuses with 429 `too-many-attempts` when any of the keys is at its limit. */
  check(keys: readonly string[]): void {
    const t = this.now();
    let waitMs = 0;
    for (const key of keys) {
      const times = this.recent(key, t);
      if (times.length >= this.limits.limit)
        waitMs = Math.max(waitMs, times[times.length - this.limits.limit]! + this.limits.windowS * 1000 - t);
    }
    if (waitMs > 0) {
      const retryAfterS = Math.ceil(waitMs / 1000);
      throw new ApiFail(429, 'too-many-attempts', `too many wrong codes: try again in ${retryAfterS} s`, {
        retryAfterS,
      });
    }
  }

  /** Counts a wrong code against every key. */
  fail(keys: readonly string[]): void {
    const t = this.now();
    if (this.wrong.size > SWEEP_AT) this.sweep(t);
    for (const key of keys) {
      const times = this.recent(key, t);
      times.push(t);
      this.wrong.set(key, times);
    }
  }

  private recent(key: string, t: number): number[] {
    const since = t - this.limits.windowS * 1000;
    return (this.wrong.get(key) ?? []).filter((x) => x > since);
  }

  private sweep(t: number): void {
    for (const key of [...this.wrong.keys()]) {
      const times = this.recent(key, t);
      if (times.length === 0) this.wrong.delete(key);
      else this.wrong.set(key, times);
    }
  }
}
