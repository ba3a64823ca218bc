/**
 * The art, prepared once instead of in every player's browser: each SVG of assets/art/ (the source, kept) rasterised
 * at 1× and 2× its own size and compressed to WebP in assets/raster/, with a list of what was made from which source
 * (assets/raster/sources.json: the SVG's SHA-256 and the picture's size). The game loads the variant its screen needs
 * and falls back to the SVG where WebP cannot be decoded.
 *
 *   npm run art            rewrites assets/raster/ (byte-identical output for the same sources and sharp version)
 *   npm run art -- --check  makes everything in memory and fails if a committed file differs
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { RASTER_SCALES, type RasterSources, rasterFile } from '../../src/scene/art-files';

const ART_DIR = 'assets/art';
const OUT_DIR = 'assets/raster';

/**
 * WebP quality: the backgrounds and the logo are large soft gradients where 80 shows no loss at the sizes drawn;
 * small pictures keep 90 for their outlines. Alpha is always kept exact (clean edges over the farmyard).
 */
const quality = (name: string): number => (name.startsWith('farmyard') || name === 'logo' ? 80 : 90);

export interface Made {
  readonly file: string;
  readonly bytes: Buffer;
}

export async function makeArt(): Promise<{ files: Made[]; sources: RasterSources }> {
  const names = readdirSync(ART_DIR)
    .filter((f) => f.endsWith('.svg'))
    .map((f) => f.slice(0, -4))
    .sort();
  const files: Made[] = [];
  const sources: Record<string, { sha256: string; width: number; height: number }> = {};
  for (const name of names) {
    const svg = readFileSync(join(ART_DIR, `${name}.svg`));
    const meta = await sharp(svg).metadata();
    if (!meta.width || !meta.height) throw new Error(`${name}.svg has no width or height`);
    sources[name] = { sha256: createHash('sha256').update(svg).digest('hex'), width: meta.width, height: meta.height };
    for (const scale of RASTER_SCALES) {
      // density 72 is the SVG's own size: 72 × scale gives `scale` pixels per unit.
      const bytes = await sharp(svg, { density: 72 * scale })
        .webp({ quality: quality(name), alphaQuality: 100, effort: 6 })
        .toBuffer();
      files.push({ file: rasterFile(name, scale), bytes });
    }
  }
  return { files, sources };
}

const sourcesJson = (s: RasterSources): string => `${JSON.stringify(s, null, 2)}\n`;

async function main(check: boolean): Promise<void> {
  const { files, sources } = await makeArt();
  const all: Made[] = [...files, { file: 'sources.json', bytes: Buffer.from(sourcesJson(sources)) }];
  if (check) {
    const differ = all.filter((m) => {
      const p = join(OUT_DIR, m.file);
      return !existsSync(p) || !readFileSync(p).equals(m.bytes);
    });
    if (differ.length)
      throw new Error(`assets/raster/ is not what \`npm run art\` makes: ${differ.map((m) => m.file).join(', ')}`);
    console.log(`assets/raster/: ${all.length} files as made`);
    return;
  }
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  let total = 0;
  for (const m of all) {
    writeFileSync(join(OUT_DIR, m.file), m.bytes);
    total += m.bytes.length;
  }
  console.log(`assets/raster/: ${all.length} files, ${(total / 1024).toFixed(1)} KiB`);
}

if (process.argv[1]?.endsWith('make-art.ts')) {
  main(process.argv.includes('--check')).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
