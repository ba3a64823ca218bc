import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ART, artSource, RASTER_SCALES, rasterFile, rasterScale, sourceSize, TITLE_ART } from './art-files';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the prepared art', () => {
  it('has each variant of every picture, made from the SVG as it is now', () => {
    const sources = JSON.parse(readFileSync(join(ROOT, 'assets/raster/sources.json'), 'utf8')) as Record<
      string,
      { sha256: string }
    >;
    for (const name of ART) {
      const svg = readFileSync(join(ROOT, 'assets/art', `${name}.svg`));
      expect(sources[name]?.sha256, `${name}.svg changed since \`npm run art\``).toBe(
        createHash('sha256').update(svg).digest('hex'),
      );
      for (const scale of RASTER_SCALES) {
        const file = join(ROOT, 'assets/raster', rasterFile(name, scale));
        expect(existsSync(file), file).toBe(true);
        // A WebP file: RIFF....WEBP.
        const head = readFileSync(file).subarray(0, 12);
        expect(head.toString('latin1', 0, 4) + head.toString('latin1', 8, 12)).toBe('RIFFWEBP');
      }
    }
  });

  it('knows each picture size from its SVG', () => {
    expect(sourceSize('farmyard')).toEqual([1920, 1080]);
    expect(sourceSize('logo')).toEqual([1200, 400]);
    expect(sourceSize('hen')).toEqual([256, 256]);
  });
});

describe('rasterScale', () => {
  it('takes 1× for small pictures on a small screen and 2× from about 0.75 pixels a unit', () => {
    expect(rasterScale('hen', 1280 / 1920, 1280 / 1920)).toBe(1);
    expect(rasterScale('hen', 0.75, 0.75)).toBe(1);
    expect(rasterScale('hen', 1, 1)).toBe(2);
    expect(rasterScale('hen', 2, 2)).toBe(2);
  });

  it('takes 1× for the background up to cover size 1:1, 2× above (a 4K screen)', () => {
    expect(rasterScale('farmyard', 1, 1)).toBe(1);
    expect(rasterScale('farmyard-portrait', 1, 1)).toBe(1);
    expect(rasterScale('farmyard', 2, 2)).toBe(2);
    // A portrait kiosk shown in a landscape window crops and enlarges its background.
    expect(rasterScale('farmyard', 0.5, 1.4)).toBe(2);
  });

  it('refuses a density that is not a positive number', () => {
    expect(() => rasterScale('hen', 0, 1)).toThrow(/positive/);
    expect(() => rasterScale('hen', Number.NaN, 1)).toThrow(/positive/);
  });
});

describe('artSource', () => {
  it('names the WebP variant, or the SVG at the same resolution where WebP cannot be decoded', () => {
    expect(artSource('hen', 2, true)).toEqual({ alias: 'hen', src: 'raster/hen@2x.webp', resolution: 2 });
    expect(artSource('hen', 1, false)).toEqual({ alias: 'hen', src: 'art/hen.svg', resolution: 1 });
  });

  it('loads before the title only art that exists', () => {
    for (const name of TITLE_ART) expect(ART).toContain(name);
    expect(TITLE_ART).not.toContain('farmyard-portrait');
  });
});
