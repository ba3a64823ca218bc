import type { Command } from '../../core';
import { shownEvents } from '../../protocol/messages';
import type { AttractScreen } from '../../scene/screens/attract-screen';
import type { TicketScreen } from '../../scene/screens/ticket-screen';
import { DemoTicket } from './attract-demo';
import type { Pace } from './attract-pace';

type Box = { x: number; y: number; width: number; height: number };

/**
 * Plays one demo ticket of the attract loop on its own ticket screen: the real core's commands, chosen by the demo
 * bot, each after a human's gesture — a pause to think, the finger gliding to the hen (or rubbing the scratch zone,
 * or reaching for a haystack), a press — then the screen shows the core's events as it does for a player.
 */
export class DemoPlayer {
  /** The ticket on screen, if any. */
  ticket: DemoTicket | null = null;
  /** The screen's last animation, which may outlive a stop; the next ticket waits for it. */
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly attract: AttractScreen,
    private readonly screen: TicketScreen,
    private readonly pace: Pace,
  ) {}

  /** Waits for what is left of the last animation (after a stop), so it cannot touch the next ticket. */
  settle(): Promise<unknown> {
    return this.pace.until(this.inFlight);
  }

  drop(): void {
    this.ticket = null;
  }

  async play(seed: number, live: () => boolean): Promise<void> {
    const t = new DemoTicket(seed);
    this.ticket = t;
    const ds = this.screen;
    // The ticket is laid out at once (play starts with a restore), then comes in while the hens drop: one layout per
    // ticket, as for a player's.
    this.inFlight = ds.play(shownEvents(t.game.journal), t.game.snapshot());
    await this.pace.until(this.attract.showScene('demo'));
    await this.pace.until(this.inFlight);
    if (!live()) return;
    for (let c = t.next(); c && live(); c = t.next()) {
      await this.gesture(t, c);
      if (!live()) return;
      const r = t.game.command(c);
      if (!r.ok) throw new Error(`the demo bot's command was refused: ${r.error.message}`);
      this.inFlight = ds.play(shownEvents(r.value), t.game.snapshot());
      await this.pace.until(this.inFlight);
    }
    this.attract.finger.hide();
    // The result stays a moment, then the next scene.
    await this.pace.wait(2.5);
  }

  /** Canvas pixels → the attract layer's units (where the finger lives). */
  private local(r: Box): Box {
    const v = this.attract.view;
    const p = v.toLocal({ x: r.x, y: r.y });
    const q = v.toLocal({ x: r.x + r.width, y: r.y + r.height });
    return { x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y };
  }

  private async gesture(t: DemoTicket, c: Command): Promise<void> {
    const f = this.attract.finger;
    const { until, wait } = { until: this.pace.until.bind(this.pace), wait: this.pace.wait.bind(this.pace) };
    if (c.type === 'reveal') {
      await wait(t.thinkSeconds(0.4, 0.4));
      const b = this.screen.card.scratchBounds();
      if (b) {
        const r = this.local(b);
        await until(f.moveTo(r.x + r.width * 0.1, r.y + r.height / 6, 0.4));
        await until(f.rub(r.x, r.y, r.width, r.height, 1.4));
      }
      return;
    }
    await wait(c.type === 'pick' ? t.thinkSeconds(0.3, 0.6) : t.thinkSeconds(0.7, 0.6));
    const b =
      c.type === 'pick'
        ? this.screen.board.hens[c.hen]?.cellBounds()
        : this.screen.haystacks.stacks[c.haystack]?.getBounds();
    if (!b) return;
    const r = this.local(b);
    await until(f.moveTo(r.x + r.width / 2, r.y + r.height / 2, 0.45));
    await wait(t.thinkSeconds(0.1, 0.25));
    await until(f.press());
  }
}
