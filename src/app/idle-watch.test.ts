import { describe, expect, it } from 'vitest';
import { type IdleView, IdleWatch } from './idle-watch';

const clock = (): { now: () => number; advance: (ms: number) => void } => {
  let t = 1000;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
};
const times = { idleMs: 45_000, ticketIdleMs: 60_000, warningMs: 15_000 };
const title: IdleView = { screen: 'title', ticketInPlay: false, busy: false };
const inTicket: IdleView = { screen: 'ticket', ticketInPlay: true, busy: false };

describe('IdleWatch', () => {
  it('starts the attract loop after the idle time on the title, not before', () => {
    const c = clock();
    const w = new IdleWatch(times, c.now);
    c.advance(44_999);
    expect(w.decide(title).action).toBe('none');
    c.advance(1);
    expect(w.decide(title).action).toBe('attract');
  });

  it('never starts the attract loop inside a ticket: it warns, counts down, then sets the ticket aside', () => {
    const c = clock();
    const w = new IdleWatch(times, c.now);
    c.advance(59_000);
    expect(w.decide(inTicket).action).toBe('none');
    c.advance(1_000);
    expect(w.decide(inTicket)).toEqual({ action: 'warn', secondsLeft: 15 });
    c.advance(14_500);
    expect(w.decide(inTicket)).toEqual({ action: 'warn', secondsLeft: 1 });
    c.advance(500);
    expect(w.decide(inTicket).action).toBe('setAside');
  });

  it('counts from the last touch, and from the end of an animation', () => {
    const c = clock();
    const w = new IdleWatch(times, c.now);
    c.advance(40_000);
    w.touch();
    c.advance(40_000);
    expect(w.decide(title).action).toBe('none');
    c.advance(10_000);
    expect(w.decide({ ...title, busy: true }).action).toBe('none');
    c.advance(44_000);
    expect(w.decide(title).action).toBe('none');
    c.advance(1_000);
    expect(w.decide(title).action).toBe('attract');
  });

  it('takes an ended ticket left on screen back to the title, without a warning', () => {
    const c = clock();
    const w = new IdleWatch(times, c.now);
    c.advance(60_000);
    expect(w.decide({ screen: 'ticket', ticketInPlay: false, busy: false }).action).toBe('home');
    expect(w.decide({ screen: 'other', ticketInPlay: false, busy: false }).action).toBe('none');
  });

  it('names the next moment to ask again: the idle time left, then each second of the warning; none when busy', () => {
    const c = clock();
    const w = new IdleWatch(times, c.now);
    expect(w.untilNext(title)).toBe(45_000);
    c.advance(45_500);
    expect(w.untilNext(title)).toBe(0);
    expect(w.untilNext({ ...title, busy: true })).toBeNull();
    expect(w.untilNext({ screen: 'other', ticketInPlay: false, busy: false })).toBeNull();
    w.touch();
    c.advance(59_000);
    expect(w.untilNext(inTicket)).toBe(1_000);
    c.advance(1_000);
    expect(w.untilNext(inTicket)).toBe(1_000);
    c.advance(1_250);
    expect(w.untilNext(inTicket)).toBe(750);
    c.advance(13_750);
    expect(w.untilNext(inTicket)).toBe(0);
    expect(w.decide(inTicket).action).toBe('setAside');
  });
});
