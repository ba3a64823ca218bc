import { describe, expect, it } from 'vitest';
import { computeLayout, READ_MIN_CSS, type Rect, readableUnits, reads } from './layout';

const inside = (a: Rect, b: Rect): boolean =>
  a.x >= b.x - 1e-9 &&
  a.y >= b.y - 1e-9 &&
  a.x + a.width <= b.x + b.width + 1e-9 &&
  a.y + a.height <= b.y + b.height + 1e-9;
const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const SIZES: [number, number][] = [
  [360, 640],
  [390, 844],
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
    pieces.forEach((a, i) => {
      for (const b of pieces.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    });
    for (const p of pieces) expect(inside(p, all)).toBe(true);
    expect(inside(l.ticketBig, all)).toBe(true);
    expect(inside(l.scratchAll, all)).toBe(true);
    expect(overlap(l.ticketBig, l.scratchAll)).toBe(false);
    // The large ticket is centred on the farmyard, and « tout gratter » covers no hen.
    expect(l.ticketBig.x + l.ticketBig.width / 2).toBeCloseTo(l.board.x + l.board.width / 2, 6);
    expect(l.ticketBig.y + l.ticketBig.height / 2).toBeCloseTo(l.board.y + l.board.height / 2, 6);
    for (const c of l.cells) expect(overlap(c, l.scratchAll)).toBe(false);
    const icons = Object.values(l.icons);
    for (const i of icons) expect(overlap(i, l.balance) || overlap(i, l.badge)).toBe(false);
    l.haystacks.forEach((a, i) => {
      for (const b of l.haystacks.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    });
  });

  it.each(['landscape', 'portrait'] as const)(
    "puts the %s haystacks around the board's middle, under their prompt",
    (o) => {
      const l = o === 'landscape' ? computeLayout(1920, 1080) : computeLayout(1080, 1920);
      const top = Math.min(...l.haystacks.map((h) => h.y));
      const bottom = Math.max(...l.haystacks.map((h) => h.y + h.height));
      const boardMiddle = l.board.y + l.board.height / 2;
      // The row (or rows) sits in the board's middle, not high with the lower half of the screen empty.
      expect(Math.abs((top + bottom) / 2 - boardMiddle)).toBeLessThan(l.board.height * 0.1);
      expect(bottom - top).toBeGreaterThanOrEqual(l.board.height * 0.5);
      for (const h of l.haystacks) expect(overlap(h, l.haystackPrompt)).toBe(false);
      expect(l.haystackPrompt.y + l.haystackPrompt.height).toBeLessThanOrEqual(top);
      expect(inside(l.haystackPrompt, l.board)).toBe(true);
    },
  );

  it.each(SIZES)("keeps the DÉMO badge off the board's columns and the header's other pieces at %i×%i", (w, h) => {
    const l = computeLayout(w, h);
    // A top-row hen flies up out of her cell, above the board: the badge must not share the board's columns there.
    const column: Rect = { x: l.board.x, y: 0, width: l.board.width, height: l.board.y + l.board.height };
    if (l.orientation === 'landscape') expect(overlap(l.badge, column)).toBe(false);
    expect(overlap(l.badge, l.board)).toBe(false);
    expect(overlap(l.badge, l.balance)).toBe(false);
    expect(inside(l.badge, l.header)).toBe(true);
    for (const i of Object.values(l.icons)) expect(overlap(i, l.badge)).toBe(false);
  });

  it.each([
    [360, 640],
    [390, 844],
    [844, 390],
    [640, 360],
    [1080, 1920],
    [1920, 1080],
  ])(
    "gives the header icons a fingertip's size (44 CSS px or more) at %i×%i, apart from the balance and badge",
    (w, h) => {
      const l = computeLayout(w, h);
      const icons = Object.values(l.icons);
      for (const i of icons) {
        expect(i.width * l.scale).toBeGreaterThanOrEqual(44);
        expect(i.height * l.scale).toBeGreaterThanOrEqual(44);
        expect(inside(i, l.header)).toBe(true);
        expect(overlap(i, l.balance) || overlap(i, l.badge)).toBe(false);
      }
      icons.forEach((a, k) => {
        for (const b of icons.slice(k + 1)) expect(overlap(a, b)).toBe(false);
      });
      const pieces = [l.ticket, l.counter, l.action, l.board, l.header];
      pieces.forEach((a, k) => {
        for (const b of pieces.slice(k + 1)) expect(overlap(a, b)).toBe(false);
      });
      for (const c of l.cells) expect(inside(c, l.board)).toBe(true);
      for (const s of l.haystacks) expect(inside(s, l.board)).toBe(true);
    },
  );

  it('fills a tall phone (390×844) edge to edge: a taller board, no band of grass above or below', () => {
    const l = computeLayout(390, 844);
    expect(l.offsetX).toBeCloseTo(0, 6);
    expect(l.offsetY).toBeCloseTo(0, 6);
    expect(l.design.height).toBeGreaterThan(1920);
    const bottom = l.design.height;
    // The title's notices and the board reach into the lower part of the taller board.
    expect(l.title.message.y + l.title.message.height).toBeGreaterThan(bottom * 0.8);
    expect(l.board.y + l.board.height).toBeGreaterThan(bottom - 60);
    expect(l.title.buy.y).toBeGreaterThan(bottom * 0.5);
  });

  it.each([
    [360, 640],
    [390, 844],
    [1080, 1920],
  ])('uses the whole portrait title at %i×%i: logo, top prize, a large hen and egg, the buy button low', (w, h) => {
    const l = computeLayout(w, h);
    const t = l.title;
    const H = l.design.height;
    const order = [l.header, t.logo, t.prize, t.hero, t.buy, t.topUp];
    order.forEach((a, k) => {
      for (const b of order.slice(k + 1)) expect(overlap(a, b)).toBe(false);
      if (k > 0) expect(a.y).toBeGreaterThanOrEqual(order[k - 1]!.y);
    });
    // The hen and her egg are the middle fifth of the screen, not a small strip.
    expect(t.hero.height).toBeGreaterThan(H * 0.19);
    // The buy button sits in the lower third, where a thumb rests; the top-up and notices under it reach the foot.
    expect(t.buy.y + t.buy.height / 2).toBeGreaterThan(H * 0.66);
    expect(t.message.y + t.message.height).toBeGreaterThan(H * 0.95);
    expect(t.buy.width * l.scale).toBeGreaterThan(w * 0.75);
  });

  it("keeps the landscape title's hen clear of the top prize's line", () => {
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
      [3840, 2160],
    ] as const) {
      const t = computeLayout(w, h).title;
      const hen: Rect = { x: t.hero.x, y: t.hero.y, width: t.hero.height, height: t.hero.height };
      const egg: Rect = {
        x: t.hero.x + t.hero.width - t.hero.height * 0.8,
        y: t.hero.y,
        width: t.hero.height * 0.8,
        height: t.hero.height,
      };
      for (const art of [hen, egg]) {
        expect(overlap(art, t.prize)).toBe(false);
        expect(overlap(art, t.buy)).toBe(false);
      }
    }
  });

  it.each([
    [360, 640],
    [390, 844],
    [1080, 1920],
  ])('leaves room under the docked ticket for its serial at a size that reads at %i×%i', (w, h) => {
    const l = computeLayout(w, h);
    // The serial tag is written in the gap between the docked ticket and the prompt: at least 14 CSS px tall.
    expect((l.action.y - (l.ticket.y + l.ticket.height)) * l.scale).toBeGreaterThanOrEqual(14);
  });
});

describe('readableUnits', () => {
  it('keeps a text as built where it reads, and grows it to the smallest readable print on a phone', () => {
    expect(readableUnits(26, computeLayout(1280, 720).scale)).toBe(26);
    for (const [w, h] of [
      [360, 640],
      [640, 360],
      [844, 390],
    ] as const) {
      const scale = computeLayout(w, h).scale;
      const units = readableUnits(26, scale);
      expect(units).toBeGreaterThan(26);
      expect(units * scale).toBeGreaterThanOrEqual(READ_MIN_CSS);
      expect((units - 1) * scale).toBeLessThan(READ_MIN_CSS);
      expect(reads(units, scale)).toBe(true);
      expect(reads(units - 1, scale)).toBe(false);
    }
  });
});
