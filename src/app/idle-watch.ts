/**
 * What the game does when nobody touches it, as a pure decision over an injected clock (tests and the soak drive
 * it; the attract loop asks it again at each change and at the moment `untilNext` names, never on a timer's beat). On the title: the attract loop. Inside a ticket: a warning with a
 * countdown, then the ticket is set aside as it is — kept, never replayed — and the title comes back. On a result
 * left on screen: back to the title.
 */
export interface IdleTimes {
  readonly idleMs: number;
  readonly ticketIdleMs: number;
  readonly warningMs: number;
}

export interface IdleView {
  readonly screen: 'title' | 'ticket' | 'other';
  /** A ticket bought and not ended. */
  readonly ticketInPlay: boolean;
  /** The game is moving (a command shown, a screen changing) or the attract loop runs: nobody is idle. */
  readonly busy: boolean;
}

export type IdleDecision =
  | { readonly action: 'none' }
  | { readonly action: 'attract' }
  | { readonly action: 'warn'; readonly secondsLeft: number }
  | { readonly action: 'setAside' }
  | { readonly action: 'home' };

export class IdleWatch {
  private last: number;

  constructor(
    private times: IdleTimes,
    private readonly now: () => number,
  ) {
    this.last = now();
  }

  /** Someone is there: a touch, a click, a key. */
  touch(): void {
    this.last = this.now();
  }

  setTimes(times: IdleTimes): void {
    this.times = times;
  }

  get idleMs(): number {
    return this.now() - this.last;
  }

  decide(v: IdleView): IdleDecision {
    if (v.busy) {
      // An animation is the answer to someone's input; the idle time counts from when it settles.
      this.touch();
      return { action: 'none' };
    }
    const idle = this.idleMs;
    const { idleMs, ticketIdleMs, warningMs } = this.times;
    if (v.screen === 'title') return idle >= idleMs ? { action: 'attract' } : { action: 'none' };
    if (v.screen !== 'ticket') return { action: 'none' };
    if (!v.ticketInPlay) return idle >= ticketIdleMs ? { action: 'home' } : { action: 'none' };
    if (idle >= ticketIdleMs + warningMs) return { action: 'setAside' };
    if (idle >= ticketIdleMs)
      return { action: 'warn', secondsLeft: Math.ceil((ticketIdleMs + warningMs - idle) / 1000) };
    return { action: 'none' };
  }

  /**
   * How long, nobody touching anything, until `decide` may answer otherwise: the next moment to ask it (the warning's
   * next second while it counts down); null while nothing can change without an input or a change of screen.
   */
  untilNext(v: IdleView): number | null {
    if (v.busy) return null;
    const idle = this.idleMs;
    const { idleMs, ticketIdleMs, warningMs } = this.times;
    if (v.screen === 'title') return Math.max(0, idleMs - idle);
    if (v.screen !== 'ticket') return null;
    if (!v.ticketInPlay || idle < ticketIdleMs) return Math.max(0, ticketIdleMs - idle);
    const left = ticketIdleMs + warningMs - idle;
    return left <= 0 ? 0 : left % 1000 || 1000;
  }
}
