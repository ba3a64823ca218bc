import { describe, expect, it } from 'vitest';
import { computeLayout } from './layout';
import { textResolution } from './text-density';

describe('textResolution', () => {
  it('draws texts at half as many pixels again as the screen shows, in quarters, from 1 up to 2', () => {
    const at = (w: number, h: number, dpr = 1): number => textResolution(computeLayout(w, h).scale * dpr);
    expect(at(1280, 720)).toBe(1); // 0.67 device pixels a unit
    expect(at(1920, 1080)).toBe(1.5);
    expect(at(1080, 1920)).toBe(1.5);
    expect(at(3840, 2160)).toBe(2); // capped: what every text was drawn at before
    expect(at(390, 844, 2)).toBe(1.25); // a phone held upright, 2 device pixels a CSS pixel
    // A small phone (0.33 device pixels a unit): never under 1, where Pixi's shadow pass shows its black letters.
    expect(at(360, 640)).toBe(1);
    expect(at(640, 360)).toBe(1);
    expect(textResolution(0.1)).toBe(1);
  });

  it('falls back to 2 for a density it cannot use', () => {
    expect(textResolution(0)).toBe(2);
    expect(textResolution(Number.NaN)).toBe(2);
  });
});
