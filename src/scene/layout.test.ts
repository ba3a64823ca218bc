import { describe, expect, it } from 'vitest';
import { computeLayout, type Rect } from './layout';

const inside = (a: Rect, b: Rect): boolean =>
  a.x >= b.x - 1e-9 && a.y >= b.y - 1e-9 && a.x + a.width <= b.x + b.width + 1e-9 && a.y + a.height <= b.y + b.height + 1e-9;
const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const SIZES: [number, number][] = [
  [360, 640],
  [720, 1280],
  [1080, 1920],
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
  [1000, 1000],
  [2560, 1080],
];

describe('computeLayout', () => {
  it.each(SIZES)('fits the design in %i×%i without stretching', (w, h) => {
    const l = computeLayout(w, h);
    expect(l.orientation).toBe(w >= h ? 'landscape' : 'portrait');
    expect(l.design.width * l.scale).toBeLessThanOrEqual(w + 1e-6);
    expect(l.design.height * l.scale).toBeLessThanOrEqual(h + 1e-6);
    // One of the two sides is filled: the scale is as large as it can be.
    expect(Math.max((l.design.width * l.scale) / w, (l.design.height * l.scale) / h)).toBeCloseTo(1, 9);
    expect(l.offsetX).toBeGreaterThanOrEqual(0);
    expect(l.offsetY).toBeGreaterThanOrEqual(0);
  });

  it.each(['landscape', 'portrait'] as const)('keeps every %s piece on the board and apart', (o) => {
    const l = o === 'landscape' ? computeLayout(1920, 1080) : computeLayout(1080, 1920);
    const all: Rect = { x: 0, y: 0, ...l.design };
    expect(l.cells).toHaveLength(30);
    expect(l.cols * l.rows).toBe(30);
    expect(l.haystacks).toHaveLength(5);
    for (const c of l.cells) expect(inside(c, l.board)).toBe(true);
    for (const h of l.haystacks) expect(inside(h, l.board)).toBe(true);
    const pieces = [l.ticket, l.counter, l.action, l.board, l.header];
    pieces.forEach((a, i) => pieces.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)));
    for (const p of pieces) expect(inside(p, all)).toBe(true);
    expect(inside(l.ticketBig, all)).toBe(true);
    expect(inside(l.scratchAll, all)).toBe(true);
    expect(overlap(l.ticketBig, l.scratchAll)).toBe(false);
    const icons = Object.values(l.icons);
    for (const i of icons) expect(overlap(i, l.balance) || overlap(i, l.badge)).toBe(false);
    l.haystacks.forEach((a, i) => l.haystacks.slice(i + 1).forEach((b) => expect(overlap(a, b)).toBe(false)));
  });
});
