import { formatSerial } from '../core';
import type { ShownEvent } from '../protocol/messages';
import type { Stage } from '../scene/stage';
import type { Busy } from './busy';
import type { Lang } from './i18n';
import type { TicketSession } from './ticket-session';
import type { Params } from './url-params';

/** What an error report and « Reprendre » read of the game once it has booted. */
export interface RunningGame {
  readonly params: Params;
  readonly stage: Stage;
  readonly busy: Busy;
  readonly session: TicketSession;
  readonly ready: () => boolean;
  /** The language on screen. */
  readonly lang: () => Lang;
  /** The screen under the layers, or null before the first. */
  readonly screen: () => string | null;
}

/** How many of the last game events an error report carries. */
const KEPT_EVENTS = 12;

/**
 * What an error report says about the game: enough to reproduce it (the mode; the seed for a demo, whose tickets
 * replay from it; the serial for a real ticket, whose journal the game server keeps), the screen and phase, the last events.
 * An event is written as it was shown: a ticket's issue keeps its serial, never the amounts under the scratch zone.
 */
export class ErrorContext {
  private app: RunningGame | null = null;
  private readonly events: Record<string, unknown>[] = [];

  /** Starts reading the running game (called once it has booted) and keeps its last events. */
  attach(app: RunningGame): void {
    this.app = app;
    app.session.subscribe((u) => {
      for (const e of u.events) this.events.push(shownEvent(e));
      this.events.splice(0, Math.max(0, this.events.length - KEPT_EVENTS));
    });
  }

  describe(): Record<string, unknown> {
    const a = this.app;
    const base = { url: location.pathname + location.search, userAgent: navigator.userAgent };
    if (!a) return { ...base, booted: false };
    let snapshot = null;
    try {
      snapshot = a.session.snapshot();
    } catch {
      // The session itself may be what failed; the report goes on without it.
    }
    return {
      ...base,
      booted: a.ready(),
      mode: a.params.mode,
      seed: a.params.demo ? a.params.seed : null,
      serial: snapshot ? formatSerial(snapshot.serial) : null,
      draws: snapshot?.draws ?? null,
      phase: snapshot?.phase ?? null,
      screen: a.screen(),
      idle: a.busy.idle,
      balanceCents: a.session.balanceCents,
      renderer: a.stage.rendererType,
      lastEvents: [...this.events],
    };
  }
}

function shownEvent(e: ShownEvent): Record<string, unknown> {
  if (e.type === 'ticketIssued') return { type: e.type, serial: formatSerial(e.serial), draws: e.draws };
  return { ...e };
}
