/**
 * Visual regression for the key screens: a screenshot is shrunk (its longer side to REFERENCE_SIDE pixels, by area
 * averaging) and compared with a committed reference image of the same screen. Shrinking keeps the references small
 * and averages away SwiftShader's sub-pixel noise, while a moved button or a missing hen still changes far more
 * pixels than MAX_CHANGED_SHARE allows.
 *
 *   POULE_UPDATE_REFERENCES=1 npx playwright test e2e/visual-screens.spec.ts   rewrites the references
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const REFERENCE_SIDE = 480;
/** Per-pixel colour distance (pixelmatch's YIQ threshold, 0..1) under which two pixels count as the same. */
export const PIXEL_THRESHOLD = 0.12;
/** Share of the shrunk image's pixels that may differ: one hen at the smallest layout is about 0.9 %. */
export const MAX_CHANGED_SHARE = 0.003;

export const REFERENCE_DIR = join(import.meta.dirname, '..', '..', 'e2e', 'visual-references');
const DIFF_DIR = join(import.meta.dirname, '..', '..', 'test-results', 'visual-diff');

/** Averages the source pixels each target pixel covers (the longer side made `side` pixels, the ratio kept). */
export function shrink(src: PNG, side = REFERENCE_SIDE): PNG {
  const scale = Math.min(1, side / Math.max(src.width, src.height));
  const width = Math.max(1, Math.round(src.width * scale));
  const height = Math.max(1, Math.round(src.height * scale));
  const out = new PNG({ width, height });
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      const sum = [0, 0, 0, 0];
      for (let v = y0; v < y1; v++) {
        for (let u = x0; u < x1; u++) {
          const i = (v * src.width + u) * 4;
          for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + (src.data[i + c] ?? 0);
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out.data[o + c] = Math.round((sum[c] ?? 0) / n);
    }
  }
  return out;
}

export interface Difference {
  /** Share of pixels that differ (1 when the sizes differ). */
  readonly share: number;
  /** The differing pixels marked in red over a faded copy of `expected`; null when the sizes differ. */
  readonly picture: PNG | null;
}

export function difference(expected: PNG, actual: PNG): Difference {
  if (expected.width !== actual.width || expected.height !== actual.height) return { share: 1, picture: null };
  const picture = new PNG({ width: expected.width, height: expected.height });
  const changed = pixelmatch(expected.data, actual.data, picture.data, expected.width, expected.height, {
    threshold: PIXEL_THRESHOLD,
  });
  return { share: changed / (expected.width * expected.height), picture };
}

/**
 * Checks `screenshot` (a PNG file's bytes) against the reference called `name`; with POULE_UPDATE_REFERENCES=1 it
 * writes the reference instead. On a difference it keeps the shrunk screenshot and the marked difference under
 * test-results/visual-diff/ and throws, naming the share that changed.
 */
export function matchReference(name: string, screenshot: Buffer, dir = REFERENCE_DIR): void {
  const actual = shrink(PNG.sync.read(screenshot));
  const path = join(dir, `${name}.png`);
  if (process.env['POULE_UPDATE_REFERENCES'] === '1') {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path, PNG.sync.write(actual, { colorType: 2 })); // the canvas is opaque: RGB keeps the file small
    return;
  }
  if (!existsSync(path)) {
    throw new Error(`no reference image ${path}: make the references with POULE_UPDATE_REFERENCES=1 (see the README)`);
  }
  const { share, picture } = difference(PNG.sync.read(readFileSync(path)), actual);
  if (share <= MAX_CHANGED_SHARE) return;
  mkdirSync(DIFF_DIR, { recursive: true });
  writeFileSync(join(DIFF_DIR, `${name}-actual.png`), PNG.sync.write(actual));
  if (picture) writeFileSync(join(DIFF_DIR, `${name}-diff.png`), PNG.sync.write(picture));
  const pct = (share * 100).toFixed(2);
  throw new Error(
    `screen ${name} differs from its reference in ${pct} % of its pixels (at most ${MAX_CHANGED_SHARE * 100} %): see ${DIFF_DIR}`,
  );
}
