import { Assets, detectWebp, Texture } from 'pixi.js';
import {
  ART,
  type ArtName,
  artSource,
  BACKGROUNDS,
  type RasterScale,
  rasterScale,
  sourceSize,
  TITLE_ART,
} from './art-files';
import type { Layout } from './layout';
import { soundFormat } from './sound-format';

export { ART, type ArtName } from './art-files';

export const SOUNDS = [
  'lift',
  'egg',
  'chick',
  'empty',
  'haystack',
  'extra',
  'win',
  'lose',
  'click',
  'scratch',
  'coin',
] as const;
export type SoundName = (typeof SOUNDS)[number] | 'music';

const missing = new Set<string>();
const loading = new Map<ArtName, Promise<Texture | null>>();
const failed = new Set<ArtName>();
let started: Promise<void> | null = null;
let registeredNow: () => void = () => undefined;
/** Settles once every file is registered: a picture asked for earlier (the backdrop at boot) waits for it. */
const registered = new Promise<void>((resolve) => (registeredNow = resolve));
let behindTheTitle: () => void = () => undefined;
/**
 * Settles when the rest of the art may load (`restOfArt`): a view built at boot for a later screen (the ticket
 * card) asks for its picture then, not before the title is up.
 */
const titleUp = new Promise<void>((resolve) => (behindTheTitle = resolve));
const FIRST: readonly ArtName[] = [...BACKGROUNDS, ...TITLE_ART];

/** How sharp the art must be on this screen: design units → device pixels, for the board and for the background. */
export interface ArtDensity {
  readonly pixelsPerUnit: number;
  readonly coverPixelsPerUnit: number;
}

/** The density of `l` on a renderer of `resolution` device pixels per CSS pixel. */
export function artDensity(l: Layout, resolution: number): ArtDensity {
  const [bw, bh] = sourceSize(l.orientation === 'landscape' ? 'farmyard' : 'farmyard-portrait');
  return {
    pixelsPerUnit: l.scale * resolution,
    coverPixelsPerUnit: Math.max(l.width / bw, l.height / bh) * resolution,
  };
}

/**
 * Registers every picture at the variant this screen needs (WebP made at build time, or the SVG where WebP cannot
 * be decoded). A file that fails is logged and skipped: the scene draws a stand-in shape for it.
 */
function start(density: ArtDensity): Promise<void> {
  started ??= (async () => {
    await Assets.init({
      loadOptions: {
        strategy: 'skip',
        onError: (e: Error, asset: string | { src?: unknown }) => {
          const src = typeof asset === 'string' ? asset : String(asset.src);
          missing.add(src);
          console.warn(`asset not loaded, drawn instead: ${src} (${e.message})`);
        },
      },
    });
    const webp = await detectWebp.test();
    for (const name of ART) {
      const scale: RasterScale = rasterScale(name, density.pixelsPerUnit, density.coverPixelsPerUnit);
      const s = artSource(name, scale, webp);
      Assets.add({ alias: s.alias, src: s.src, data: { resolution: s.resolution } });
    }
    const format = soundFormat();
    for (const s of [...SOUNDS, 'music']) Assets.add({ alias: `sound:${s}`, src: `sounds/${s}.${format}` });
    registeredNow();
  })();
  return started;
}

/** Loads `name` once (later calls share the first load); null when its file did not load. */
function loadArt(name: ArtName): Promise<Texture | null> {
  let p = loading.get(name);
  if (!p) {
    p = (FIRST.includes(name) ? registered : Promise.all([registered, titleUp]))
      .then(() => Assets.load<Texture>(name))
      .then((t) => (t instanceof Texture ? t : null))
      .catch(() => null)
      .then((t) => {
        if (!t) failed.add(name);
        return t;
      });
    loading.set(name, p);
  }
  return p;
}

/**
 * Loads what the title draws (its art and this orientation's background) with `onProgress` (0..1); the rest of the
 * art then loads behind the title (`restOfArt`).
 */
export async function loadTitleAssets(
  density: ArtDensity,
  background: ArtName,
  onProgress: (p: number) => void,
): Promise<void> {
  await start(density);
  const first = [background, ...TITLE_ART];
  let done = 0;
  await Promise.all(first.map((n) => loadArt(n).then(() => onProgress(++done / first.length))));
  onProgress(1);
}

/** The rest of the art (the ticket, the hens, the haystacks, the party), loaded in the background. */
export function restOfArt(): Promise<void> {
  behindTheTitle();
  return Promise.all(ART.filter((n) => !BACKGROUNDS.includes(n)).map(loadArt)).then(() => undefined);
}

/** The sound effects, loaded behind the title (nothing on the title needs them before a tap). */
export function loadSoundsInBackground(): Promise<unknown> {
  return registered
    .then(() => Assets.load(SOUNDS.map((s) => `sound:${s}`)))
    .catch((e: unknown) => console.warn('sounds not loaded', e));
}

/** The music (the largest file), asked for at the first gesture: it can only be heard after one. */
export function loadMusic(): Promise<unknown> {
  return registered.then(() => Assets.load('sound:music')).catch((e: unknown) => console.warn('music not loaded', e));
}

/** The loaded texture of `name`, or null when its file did not load or has not loaded yet. */
export function texture(name: ArtName): Texture | null {
  if (!Assets.cache.has(name)) return null;
  const t: unknown = Assets.get(name);
  return t instanceof Texture ? t : null;
}

/** The texture of `name` once loaded (null if its file failed); starts its load if nothing asked for it yet. */
export function whenTexture(name: ArtName): Promise<Texture | null> {
  return loadArt(name);
}

/** True once `name` was tried and did not load. */
export function artFailed(name: ArtName): boolean {
  return failed.has(name);
}

export function missingAssets(): string[] {
  return [...missing];
}
