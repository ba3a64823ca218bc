import { describe, expect, it } from 'vitest';
import { damageCover, type PixelRect } from './damage-region';

const O = { width: 1280, height: 720, tile: 32, maxRects: 4, fullShare: 0.6 };

/** Whether every pixel of `r` lies in one of `cover`. */
function covered(r: PixelRect, cover: readonly PixelRect[]): boolean {
  for (let y = Math.max(0, r.y0); y < Math.min(O.height, r.y1); y++)
    for (let x = Math.max(0, r.x0); x < Math.min(O.width, r.x1); x++)
      if (!cover.some((c) => x >= c.x0 && x < c.x1 && y >= c.y0 && y < c.y1)) return false;
  return true;
}

describe('damageCover', () => {
  it('covers nothing when nothing is damaged', () => {
    expect(damageCover([], O)).toEqual([]);
    expect(damageCover([{ x0: -50, y0: -50, x1: -10, y1: -10 }], O)).toEqual([]);
  });

  it('rounds one rectangle out to the grid', () => {
    expect(damageCover([{ x0: 40, y0: 10, x1: 70, y1: 33 }], O)).toEqual([{ x0: 32, y0: 0, x1: 96, y1: 64 }]);
  });

  it('clips to the canvas', () => {
    expect(damageCover([{ x0: 1270, y0: 700, x1: 1400, y1: 800 }], O)).toEqual([
      { x0: 1248, y0: 672, x1: 1280, y1: 720 },
    ]);
  });

  it('keeps two far apart rectangles apart, and covers both', () => {
    const a = { x0: 10, y0: 10, x1: 60, y1: 60 };
    const b = { x0: 1000, y0: 600, x1: 1100, y1: 700 };
    const c = damageCover([a, b], O);
    expect(c).not.toBe('all');
    expect(c).toHaveLength(2);
    expect(covered(a, c as PixelRect[]) && covered(b, c as PixelRect[])).toBe(true);
  });

  it('merges down to maxRects, still covering every damaged pixel', () => {
    const spots = Array.from({ length: 12 }, (_, i) => ({
      x0: 50 + i * 97,
      y0: 40 + ((i * 211) % 600),
      x1: 90 + i * 97,
      y1: 70 + ((i * 211) % 600),
    }));
    const c = damageCover(spots, O);
    expect(c).not.toBe('all');
    expect((c as PixelRect[]).length).toBeLessThanOrEqual(O.maxRects);
    for (const s of spots) expect(covered(s, c as PixelRect[])).toBe(true);
  });

  it('gives up on scissoring above fullShare of the canvas', () => {
    expect(damageCover([{ x0: 0, y0: 0, x1: 1280, y1: 500 }], O)).toBe('all');
    expect(damageCover([{ x0: 0, y0: 0, x1: 1280, y1: 400 }], O)).not.toBe('all');
  });

  it('refuses options that make no grid', () => {
    expect(() => damageCover([], { ...O, tile: 0 })).toThrow(/bad options/);
    expect(() => damageCover([], { ...O, maxRects: 0 })).toThrow(/bad options/);
  });
});
