import { describe, expect, it } from 'vitest';
import type { Command } from '../../core';
import type { ClaimView, TicketUpdate } from '../../protocol/messages';
import { Busy } from '../busy';
import { LocalClient } from '../local-client';
import { type Answer, refused } from '../play-client';
import { TicketSession } from '../ticket-session';

/** The demo's core standing in for the game server's printed tickets: a claim deals a ticket; a switch takes it over. */
class PrintedClient extends LocalClient {
  takenOver = false;
  claims = 0;
  private view: ClaimView | null = null;

  constructor() {
    super(11);
  }

  async claim(code: string): Promise<Answer<ClaimView>> {
    this.claims++;
    if (code !== 'GOOD') return refused('code-unknown', 'no ticket has this code');
    if (!this.view) {
      const b = await this.buy();
      if (!b.ok) return b;
      const u = b.value;
      this.view = {
        serial: u.ticket,
        code,
        mode: 'play',
        ticket: { id: u.ticket, nextSeq: u.nextSeq, events: u.events, snapshot: u.snapshot },
        prizeCents: null,
        paid: null,
        notice: null,
      };
    }
    return { ok: true, value: this.view };
  }

  override async command(ticket: string, seq: number, c: Command): Promise<Answer<TicketUpdate>> {
    if (this.takenOver) return refused('ticket-taken-over', 'another screen holds this ticket now');
    return super.command(ticket, seq, c);
  }
}

describe('a printed ticket in the session', () => {
  it('is played through the same commands once claimed, and a refusal of the claim changes nothing', async () => {
    const client = new PrintedClient();
    const session = await TicketSession.open(client, new Busy());
    const bad = await session.claim('WRONG');
    expect(bad).toEqual({ ok: false, refusal: { code: 'code-unknown', message: 'no ticket has this code' } });
    expect(session.printed).toBeNull();
    expect(session.ticketInPlay).toBe(false);

    const good = await session.claim('GOOD');
    expect(good.ok).toBe(true);
    expect(session.printed).toMatchObject({ code: 'GOOD', mode: 'play' });
    expect(session.ticketInPlay).toBe(true);
    expect(await session.reveal()).toBe('accepted');
    expect(session.snapshot()!.phase).toBe('round');
  });

  it('taken over by another screen: the command says so, the listeners are told, the ticket is let go', async () => {
    const client = new PrintedClient();
    const session = await TicketSession.open(client, new Busy());
    await session.claim('GOOD');
    const told: string[] = [];
    session.onTakenOver((t) => told.push(t.serial));
    client.takenOver = true;
    expect(await session.reveal()).toBe('taken-over');
    expect(told).toHaveLength(1);
    expect(session.printed).toBeNull();
    expect(session.ticketInPlay).toBe(false);
    // Not claimed back behind the player's back: only a new claim (a tap, a scan) takes it again.
    expect(client.claims).toBe(1);
  });
});
