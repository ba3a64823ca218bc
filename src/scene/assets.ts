import { Assets, Texture, type AssetsManifest } from 'pixi.js';

/** Every picture of the game, by alias (the file is art/<alias>.svg). */
export const ART = [
  'hen', 'hen-lifted', 'egg-gold', 'egg-shine', 'chick', 'nest-empty', 'nest', 'haystack', 'haystack-open',
  'farmyard', 'farmyard-portrait', 'logo', 'ticket', 'scratch-cover', 'button', 'icon-sound-on', 'icon-sound-off',
  'icon-menu', 'icon-rules', 'feather', 'straw', 'coin', 'star',
] as const;
export type ArtName = (typeof ART)[number];

export const SOUNDS = [
  'lift', 'egg', 'chick', 'empty', 'haystack', 'extra', 'win', 'lose', 'click', 'scratch', 'coin',
] as const;
export type SoundName = (typeof SOUNDS)[number] | 'music';

/** Big pictures are rasterised at their size; small ones at twice it, so they stay sharp on a 4K screen. */
const BIG: readonly ArtName[] = ['farmyard', 'farmyard-portrait'];

/**
 * The manifest: 'art' and 'sounds' load behind the progress bar; 'music' (the largest file) loads in the
 * background once the title is up.
 */
export const MANIFEST: AssetsManifest = {
  bundles: [
    {
      name: 'art',
      assets: ART.map((a) => ({ alias: a, src: `art/${a}.svg`, data: { resolution: BIG.includes(a) ? 1.5 : 2 } })),
    },
    { name: 'sounds', assets: SOUNDS.map((s) => ({ alias: `sound:${s}`, src: `sounds/${s}.wav` })) },
    { name: 'music', assets: [{ alias: 'sound:music', src: 'sounds/music.wav' }] },
  ],
};

const missing = new Set<string>();

/**
 * Loads the art and the sounds with `onProgress` (0..1). A file that fails is logged and skipped: the scene draws a
 * stand-in shape for it, so a missing file never stops the game.
 */
export async function loadGameAssets(onProgress: (p: number) => void): Promise<void> {
  await Assets.init({
    manifest: MANIFEST,
    loadOptions: {
      strategy: 'skip',
      onError: (e: Error, asset: string | { src?: unknown }) => {
        const src = typeof asset === 'string' ? asset : String(asset.src);
        missing.add(src);
        console.warn(`asset not loaded, drawn instead: ${src} (${e.message})`);
      },
    },
  });
  await Assets.loadBundle(['art', 'sounds'], onProgress);
  onProgress(1);
}

export function loadMusicInBackground(): Promise<unknown> {
  return Assets.loadBundle('music').catch((e: unknown) => console.warn('music not loaded', e));
}

/** The loaded texture of `name`, or null when its file did not load. */
export function texture(name: ArtName): Texture | null {
  const t: unknown = Assets.get(name);
  return t instanceof Texture ? t : null;
}

export function missingAssets(): string[] {
  return [...missing];
}
