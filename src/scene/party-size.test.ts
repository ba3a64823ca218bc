import { describe, expect, it } from 'vitest';
import { partyFlight, partySize } from './party-size';

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

describe('partyFlight', () => {
  // The result card in the layout's two orientations (src/scene/layout.ts: panel, then result-panel.ts's card).
  const cases = [
    { name: 'landscape', screen: { width: 1920, height: 1080 }, card: { x: 410, y: 150, width: 1100, height: 880 } },
    { name: 'portrait', screen: { width: 1080, height: 1920 }, card: { x: 40, y: 340, width: 1000, height: 1240 } },
  ];
  for (const c of cases)
    it(`keeps the coins beside the card and over a small part of the screen (${c.name})`, () => {
      let seed = 1;
      const rand = (): number => {
        seed = (seed * 16807) % 2147483647;
        return (seed - 1) / 2147483646;
      };
      const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
      let out = 0;
      for (let i = 0; i < 400; i++) {
        const f = partyFlight(c.screen, c.card, (i % 2) as 0 | 1, rand);
        for (const p of [f.from, f.apex, f.to]) {
          // A coin reaches 50 units past its centre.
          box.x0 = Math.min(box.x0, p.x - 50);
          box.y0 = Math.min(box.y0, p.y - 50);
          box.x1 = Math.max(box.x1, p.x + 50);
          box.y1 = Math.max(box.y1, p.y + 50);
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(c.screen.width);
          expect(p.y).toBeGreaterThanOrEqual(0);
        }
        // It starts under the card (it pops out from behind it) and its apex is out in the open.
        const inside = (p: { x: number; y: number }): boolean =>
          p.x > c.card.x && p.x < c.card.x + c.card.width && p.y > c.card.y && p.y < c.card.y + c.card.height;
        expect(inside(f.from)).toBe(true);
        if (!inside(f.apex)) out++;
      }
      expect(out).toBe(400);
      // Landscape: two fountains, one each side; the area they reach stays under a quarter of the screen.
      const share =
        c.name === 'landscape'
          ? (2 * (c.card.x + 60) * (box.y1 - box.y0)) / (c.screen.width * c.screen.height)
          : ((box.x1 - box.x0) * (box.y1 - box.y0)) / (c.screen.width * c.screen.height);
      expect(share).toBeLessThan(0.25);
      expect(share).toBeGreaterThan(0.05);
    });
});
