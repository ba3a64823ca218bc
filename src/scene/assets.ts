import { detectWebp, ImageSource, Rectangle, Texture } from 'pixi.js';
import {
  ART,
  type ArtName,
  artSource,
  BACKGROUNDS,
  type RasterScale,
  rasterScale,
  SHEET_ART,
  sourceSize,
  TITLE_ART,
} from './art-files';
import { moveOntoSheet } from './art-sheet';
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

/** Where each picture and sound is fetched from on this screen, once `start` has chosen. */
const sources = new Map<string, { src: string; resolution: number; needed: number }>();
const loaded = new Map<ArtName, Texture>();

/**
 * Chooses every picture's variant for this screen (WebP made at build time, or the SVG where WebP cannot be
 * decoded). A file that fails is logged and skipped: the scene draws a stand-in shape for it. Pixi's `Assets` is
 * not used: the game fetches a known list of files, and Assets would bring its resolver, its cache, and loaders for
 * bitmap fonts, videos, web fonts and sprite sheets into the JS the title waits for.
 */
function start(density: ArtDensity): Promise<void> {
  started ??= (async () => {
    const webp = await detectWebp.test();
    for (const name of ART) {
      const scale: RasterScale = rasterScale(name, density.pixelsPerUnit, density.coverPixelsPerUnit);
      const s = artSource(name, scale, webp);
      const shown = BACKGROUNDS.includes(name) ? density.coverPixelsPerUnit : density.pixelsPerUnit;
      const needed = shown * roomToGrow();
      sources.set(s.alias, { src: s.src, resolution: s.resolution, needed });
    }
    const format = soundFormat();
    for (const s of [...SOUNDS, 'music'])
      sources.set(`sound:${s}`, { src: `sounds/${s}.${format}`, resolution: 1, needed: 1 });
    registeredNow();
  })();
  return started;
}

/**
 * Below this share of a file's own density, a picture is shrunk once at load to the density the screen shows it at.
 * Drawn larger than shown, every frame samples texels that never reach the screen: on a software renderer the
 * 1920×1080 farmyard drawn on a 1280×720 window cost half as much again as the same picture at 1280×720
 * (measured: 45 against 32 ms of GPU time a frame, the floor's full-screen quad 28 ms). Shrinking once with the
 * browser's high-quality filter also looks at least as sharp as the GPU's per-frame bilinear shrink.
 */
const SHRINK_BELOW = 0.9;

/**
 * How much larger the window may still grow on this monitor (1 when it fills it, as on a kiosk): pictures are never
 * shrunk below what a window maximised later would show, so they stay sharp then.
 */
function roomToGrow(): number {
  const k = Math.max(window.screen.width / window.innerWidth, window.screen.height / window.innerHeight);
  return Number.isFinite(k) && k > 1 ? k : 1;
}

/**
 * One picture as a texture, decoded as Pixi's own loaders do: a WebP through `createImageBitmap` (off the main
 * thread's drawing), an SVG drawn once onto a CPU canvas at `resolution` from a data: URL (what the page's policy
 * allows). A WebP made at a density above `needed` (device pixels per design unit) is shrunk to it.
 */
async function fetchTexture(src: string, fileResolution: number, needed: number): Promise<Texture> {
  let resolution = fileResolution;
  const response = await fetch(src);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  let resource: ImageBitmap | HTMLCanvasElement;
  if (src.endsWith('.svg')) {
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await response.text())}`;
    await image.decode();
    resource = document.createElement('canvas');
    resource.width = Math.ceil(image.width * resolution);
    resource.height = Math.ceil(image.height * resolution);
    const context = resource.getContext('2d');
    if (!context) throw new Error('no 2D canvas to draw the SVG on');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, image.width * resolution, image.height * resolution);
  } else {
    const bitmap = await createImageBitmap(await response.blob());
    if (needed < fileResolution * SHRINK_BELOW) {
      const width = Math.max(1, Math.round((bitmap.width * needed) / fileResolution));
      resource = await createImageBitmap(bitmap, {
        resizeWidth: width,
        resizeHeight: Math.max(1, Math.round((bitmap.height * needed) / fileResolution)),
        resizeQuality: 'high',
      });
      // The picture keeps its size in design units: its resolution follows the pixels it kept.
      resolution = (fileResolution * width) / bitmap.width;
      bitmap.close();
    } else {
      resource = bitmap;
    }
  }
  const source = new ImageSource({ resource, alphaMode: 'premultiply-alpha-on-upload', resolution, label: src });
  // Dynamic, with its size in units apart from its frame: the sprites showing it follow it when it moves onto the
  // sprite sheet (moveOntoSheet).
  const orig = new Rectangle(0, 0, source.width, source.height);
  return new Texture({ source, label: src, dynamic: true, orig });
}

/** Loads one sound into the sound library under `alias` (the library is a lazy chunk: this imports it). */
async function fetchSound(alias: string): Promise<void> {
  await registered;
  const file = sources.get(alias);
  if (!file) throw new Error(`no sound named ${alias}`);
  const { Sound, sound: library } = await import('@pixi/sound');
  if (library.exists(alias)) return;
  try {
    await new Promise<void>((resolve, reject) =>
      Sound.from({
        url: file.src,
        preload: true,
        loaded: (e, s) => {
          if (e || !s) reject(e ?? new Error('no sound'));
          else {
            library.add(alias, s);
            resolve();
          }
        },
      }),
    );
  } catch (e) {
    missing.add(file.src);
    throw e;
  }
}

/** Loads `name` once (later calls share the first load); null when its file did not load. */
function loadArt(name: ArtName): Promise<Texture | null> {
  let p = loading.get(name);
  if (!p) {
    p = (FIRST.includes(name) ? registered : Promise.all([registered, titleUp]))
      .then(async () => {
        const file = sources.get(name);
        if (!file) throw new Error(`no picture named ${name}`);
        try {
          const t = await fetchTexture(file.src, file.resolution, file.needed);
          loaded.set(name, t);
          return t;
        } catch (e) {
          missing.add(file.src);
          console.warn(`asset not loaded, drawn instead: ${file.src} (${e instanceof Error ? e.message : String(e)})`);
          throw e;
        }
      })
      .catch(() => {
        failed.add(name);
        return null;
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

let sheeted: Promise<void> | null = null;

/**
 * The rest of the art (the ticket, the hens, the haystacks, the party), loaded in the background; then the small
 * pictures are moved onto one sprite sheet.
 */
export function restOfArt(): Promise<void> {
  behindTheTitle();
  sheeted ??= Promise.all(ART.filter((n) => !BACKGROUNDS.includes(n)).map(loadArt)).then(() => {
    const small = new Map<string, Texture>();
    for (const name of SHEET_ART) {
      const t = loaded.get(name);
      if (t) small.set(name, t);
    }
    moveOntoSheet(small);
  });
  return sheeted;
}

/** The sound effects, loaded behind the title (nothing on the title needs them before a tap). */
export function loadSoundsInBackground(): Promise<unknown> {
  return Promise.all(SOUNDS.map((s) => fetchSound(`sound:${s}`))).catch((e: unknown) =>
    console.warn('sounds not loaded', e),
  );
}

/** The music (the largest file), asked for at the first gesture: it can only be heard after one. */
export function loadMusic(): Promise<unknown> {
  return fetchSound('sound:music').catch((e: unknown) => console.warn('music not loaded', e));
}

/** The loaded texture of `name`, or null when its file did not load or has not loaded yet. */
export function texture(name: ArtName): Texture | null {
  return loaded.get(name) ?? null;
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
