/**
 * The visual comparison catches what a player would see (a moved button, a missing hen) and passes what only the
 * software renderer changes (a level or two of noise on every pixel), on the committed reference screens themselves.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { difference, MAX_CHANGED_SHARE, matchReference, REFERENCE_DIR, shrink } from './visual-reference';

const references = readdirSync(REFERENCE_DIR)
  .filter((f) => f.endsWith('.png'))
  .sort();
const read = (file: string): PNG => PNG.sync.read(readFileSync(join(REFERENCE_DIR, file)));

function copy(src: PNG): PNG {
  const out = new PNG({ width: src.width, height: src.height });
  src.data.copy(out.data);
  return out;
}

/** The square of `side` pixels with the most detail (colour variance): where a hen or a button is drawn. */
function busiestSquare(img: PNG, side: number): { x: number; y: number } {
  let best = { x: 0, y: 0, v: -1 };
  for (let y = 0; y + side <= img.height; y += Math.max(1, side >> 2)) {
    for (let x = 0; x + side <= img.width; x += Math.max(1, side >> 2)) {
      let sum = 0;
      let sq = 0;
      for (let v = y; v < y + side; v++) {
        for (let u = x; u < x + side; u++) {
          const i = (v * img.width + u) * 4;
          const lum = (img.data[i] ?? 0) + (img.data[i + 1] ?? 0) + (img.data[i + 2] ?? 0);
          sum += lum;
          sq += lum * lum;
        }
      }
      const n = side * side;
      const variance = sq / n - (sum / n) ** 2;
      if (variance > best.v) best = { x, y, v: variance };
    }
  }
  return best;
}

/** A hen's size on the board: about a seventh of the screen's shorter side (45 px of 270 at 1280×720). */
const henSide = (img: PNG): number => Math.round(Math.min(img.width, img.height) / 7);

/** Paints the busiest hen-sized square in one flat colour: a hen gone from the board. */
function withoutAHen(img: PNG): PNG {
  const out = copy(img);
  const side = henSide(img);
  const { x, y } = busiestSquare(img, side);
  for (let v = y; v < y + side; v++) {
    for (let u = x; u < x + side; u++) {
      const i = (v * img.width + u) * 4;
      out.data.set([90, 140, 60, 255], i);
    }
  }
  return out;
}

/**
 * Moves the busiest button-sized block (a fifth of the width, a twelfth of the height) sideways by its own width:
 * it swaps places with the block beside it, as a button drawn at the wrong place would.
 */
function withAButtonMoved(img: PNG): PNG {
  const out = copy(img);
  const w = Math.round(img.width / 5);
  const h = Math.round(img.height / 12);
  const { x, y } = busiestSquare(img, h);
  const from = Math.min(x, img.width - w);
  const to = from + w <= img.width - w ? from + w : from - w;
  for (let v = y; v < y + h; v++) {
    const a = (v * img.width + from) * 4;
    const b = (v * img.width + to) * 4;
    img.data.copy(out.data, b, a, a + w * 4);
    img.data.copy(out.data, a, b, b + w * 4);
  }
  return out;
}

/** Adds ±2 levels of deterministic noise to every channel: what a software renderer may change between runs. */
function withNoise(img: PNG): PNG {
  const out = copy(img);
  let s = 12345;
  for (let i = 0; i < out.data.length; i++) {
    if (i % 4 === 3) continue;
    s = (s * 1103515245 + 12345) >>> 0;
    const d = ((s >>> 16) % 5) - 2;
    out.data[i] = Math.max(0, Math.min(255, (out.data[i] ?? 0) + d));
  }
  return out;
}

describe('visual comparison', () => {
  it('has reference screens to compare with', () => {
    expect(references.length).toBeGreaterThanOrEqual(10);
  });

  it.each(references)('%s: the same picture passes, with renderer noise too', (file) => {
    const ref = read(file);
    expect(difference(ref, ref).share).toBe(0);
    expect(difference(ref, withNoise(ref)).share).toBeLessThanOrEqual(MAX_CHANGED_SHARE);
  });

  it.each(references)('%s: a missing hen or a moved button fails', (file) => {
    const ref = read(file);
    expect(difference(ref, withoutAHen(ref)).share).toBeGreaterThan(MAX_CHANGED_SHARE);
    expect(difference(ref, withAButtonMoved(ref)).share).toBeGreaterThan(MAX_CHANGED_SHARE);
  });

  it('shrinks a screenshot by averaging, to the reference size', () => {
    const big = new PNG({ width: 960, height: 540 });
    for (let i = 0; i < big.data.length; i += 4) big.data.set([(i / 4) % 2 ? 255 : 0, 0, 0, 255], i);
    const small = shrink(big);
    expect([small.width, small.height]).toEqual([480, 270]);
    expect(small.data[0]).toBe(128); // each target pixel averages one black and one red column
  });

  describe('matchReference', () => {
    const dir = mkdtempSync(join(tmpdir(), 'poule-visual-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const file = references[0] ?? '';
    const name = file.replace(/\.png$/, '');

    it('passes a screenshot of the reference, refuses a planted change naming the share, and a missing reference', () => {
      const ref = read(file);
      const screenshot = (img: PNG): Buffer => PNG.sync.write(img);
      expect(() => matchReference(name, screenshot(ref))).not.toThrow();
      expect(() => matchReference(name, screenshot(withoutAHen(ref)))).toThrow(
        /differs from its reference in [\d.]+ %/,
      );
      expect(() => matchReference(name, screenshot(ref), dir)).toThrow(/no reference image/);
    });
  });
});
