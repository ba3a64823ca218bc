import { describe, expect, it } from 'vitest';
import { partySize } from './party-size';

describe('partySize', () => {
  it('grows with the prize, in waves and in particles per wave', () => {
    const sizes = [400, 1000, 10_000, 100_000, 3_000_000].map(partySize);
    for (let i = 1; i < sizes.length; i++) {
      expect(sizes[i]!.tier).toBeGreaterThan(sizes[i - 1]!.tier);
      expect(sizes[i]!.waves * sizes[i]!.perWave).toBeGreaterThan(sizes[i - 1]!.waves * sizes[i - 1]!.perWave);
    }
    expect(partySize(400)).toMatchObject({ waves: 1 });
    expect(partySize(1000)).toMatchObject({ waves: 2 });
  });

  it('stays bounded for the jackpot (frames first)', () => {
    const top = partySize(3_000_000);
    expect(top.waves).toBeLessThanOrEqual(4);
    expect(top.waves * top.perWave * 1.5).toBeLessThanOrEqual(300);
  });
});
