import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, DemoTicket, demoSeeds, featuresOf, firstSeedShowing, playDemo } from './attract-demo';

describe('demo tickets of the attract loop', () => {
  it('draw from the seeded stream, never a real one', () => {
    const first = playDemo(5)[0];
    expect(first?.type === 'ticketIssued' && first.draws).toBe('seeded');
  });

  it('replay the same ticket for the same seed, and another for another seed', () => {
    expect(playDemo(42)).toEqual(playDemo(42));
    expect(JSON.stringify(playDemo(42))).not.toBe(JSON.stringify(playDemo(43)));
  });

  it('show every rule over one loop with the default seeds', () => {
    const seeds = demoSeeds(1);
    expect(seeds.length).toBe(3);
    const shown = new Set(seeds.flatMap((s) => [...featuresOf(playDemo(s))]));
    expect([...shown].sort()).toEqual([...ALL_FEATURES].sort());
  });

  it('include a big win (100 € or more) among the default tickets, found by seed and short', () => {
    const big = demoSeeds(1)
      .map((s) => playDemo(s))
      .filter((j) => featuresOf(j).has('bigWin'));
    expect(big).toHaveLength(1);
    const end = big[0]!.at(-1)!;
    expect(end.type === 'ticketEnded' && end.prizeCents).toBeGreaterThanOrEqual(10_000);
    expect(big[0]!.filter((e) => e.type === 'henLifted').length).toBeLessThanOrEqual(3);
  });

  it('finds the first seed at or after `from` showing what is wanted (and only that one)', () => {
    const s = firstSeedShowing(['extraWon', 'win'], 1)!;
    expect(featuresOf(playDemo(s)).has('extraWon')).toBe(true);
    for (let earlier = 1; earlier < s; earlier++) {
      const f = featuresOf(playDemo(earlier));
      expect(f.has('extraWon') && f.has('win')).toBe(false);
    }
    expect(firstSeedShowing(['extraWon', 'extraMissed'], 1, 500)).toBeNull();
  });

  it('plays a ticket step by step exactly as the headless search did', () => {
    const seed = demoSeeds(1)[0]!;
    const live = new DemoTicket(seed);
    for (let c = live.next(live.game.snapshot()); c; c = live.next(live.game.snapshot()))
      expect(live.game.command(c).ok).toBe(true);
    expect(live.game.journal).toEqual(playDemo(seed));
  });
});
