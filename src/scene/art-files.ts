/**
 * Which picture file the game asks for: pure data and choices, no Pixi (unit-tested in Node). The SVG files of
 * assets/art/ are the source; `npm run art` (tools/art/make-art.ts) rasterises each at 1× and 2× its own size into
 * assets/raster/ as WebP. A screen loads the smallest variant that stays sharp at its size, and the SVG where the
 * browser cannot decode WebP.
 */
import sources from '../../assets/raster/sources.json';

/** Every picture of the game, by alias (the source is art/<alias>.svg). */
export const ART = [
  'hen',
  'hen-lifted',
  'egg-gold',
  'egg-shine',
  'chick',
  'nest-empty',
  'nest',
  'haystack',
  'haystack-open',
  'farmyard',
  'farmyard-portrait',
  'logo',
  'ticket',
  'scratch-cover',
  'button',
  'icon-sound-on',
  'icon-sound-off',
  'icon-menu',
  'icon-rules',
  'feather',
  'straw',
  'coin',
  'star',
] as const;
export type ArtName = (typeof ART)[number];

/** What assets/raster/sources.json records for each picture: the SVG it was made from and its size in units. */
export type RasterSources = Readonly<
  Record<string, { readonly sha256: string; readonly width: number; readonly height: number }>
>;

export const RASTER_SCALES = [1, 2] as const;
export type RasterScale = (typeof RASTER_SCALES)[number];

export const rasterFile = (name: string, scale: RasterScale): string => `${name}@${scale}x.webp`;

export const BACKGROUNDS: readonly ArtName[] = ['farmyard', 'farmyard-portrait'];

/**
 * What the title screen draws (with the header's icons and balance coin): loaded before it; the rest of the art
 * follows behind the title.
 */
export const TITLE_ART: readonly ArtName[] = [
  'logo',
  'hen',
  'egg-gold',
  'button',
  'icon-sound-on',
  'icon-sound-off',
  'icon-menu',
  'icon-rules',
  'coin',
];

/**
 * The small pictures drawn many times a frame, moved onto one sprite sheet once loaded (art-sheet.ts) so that Pixi
 * draws them in few batches. Not the backgrounds, the logo, the ticket and the scratch foil (each drawn alone, and
 * large), nor the button's plate (a nine-slice sprite samples its whole texture).
 */
export const SHEET_ART: readonly ArtName[] = ART.filter(
  (n) => !BACKGROUNDS.includes(n) && !['logo', 'ticket', 'scratch-cover', 'button'].includes(n),
);

/** The picture's size in its own units (the SVG's width and height), whichever variant is loaded. */
export function sourceSize(name: ArtName): readonly [number, number] {
  const s = (sources as RasterSources)[name];
  if (!s) throw new Error(`assets/raster/sources.json has no entry for ${name}: run \`npm run art\``);
  return [s.width, s.height];
}

/**
 * The variant that stays sharp: `pixelsPerUnit` is how many screen pixels a design unit takes (layout scale × device
 * pixels). Backgrounds are drawn at cover size (`coverPixelsPerUnit`), up to 1:1 with their 1× file; small pictures
 * are drawn up to about 1.4 times their own size (the result panel's egg), so 2× is taken above 0.75 pixels a unit.
 */
export function rasterScale(name: ArtName, pixelsPerUnit: number, coverPixelsPerUnit: number): RasterScale {
  if (!(pixelsPerUnit > 0) || !(coverPixelsPerUnit > 0))
    throw new Error(`pixels per unit must be positive: ${pixelsPerUnit}, ${coverPixelsPerUnit}`);
  if (BACKGROUNDS.includes(name)) return coverPixelsPerUnit > 1.05 ? 2 : 1;
  return pixelsPerUnit > 0.75 ? 2 : 1;
}

export interface ArtSource {
  readonly alias: ArtName;
  readonly src: string;
  /** Pixels per unit of the file: Pixi divides by it, so every variant has the SVG's size in units. */
  readonly resolution: number;
}

/** Where `name` is loaded from: its WebP variant, or the SVG rasterised by the browser at the same resolution. */
export function artSource(name: ArtName, scale: RasterScale, webp: boolean): ArtSource {
  return webp
    ? { alias: name, src: `raster/${rasterFile(name, scale)}`, resolution: scale }
    : { alias: name, src: `art/${name}.svg`, resolution: scale };
}
